// Embind registrations: one entry point per engine operation, each taking the request object
// built by web/lib/ and returning { ok: true, value } or { ok: false, name, message }.
// Errors are returned, not thrown: a JS exception unwinding through wasm frames would skip
// C++ destructors and leak shadow stack, and a C++ exception reaching JS arrives as an opaque
// WebAssembly.Exception without its message.

#include <malloc.h>

#include <new>
#include <string>

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "convert.hpp"

namespace attn::bindings
{
    namespace
    {
        template <class Compute> val guarded(Compute&& compute)
        {
            std::string name;
            std::string message;
            try
            {
                val out = val::object();
                out.set("value", compute());
                out.set("ok", true);
                return out;
            }
            catch (const attention_error& e)
            {
                name = "AttentionError";
                message = e.what();
            }
            catch (const std::bad_alloc&)
            {
                name = "AttentionError";
                message = "input: too large for the memory available";
            }
            catch (const std::exception& e)
            {
                name = "Error";
                message = std::string("internal error in the attention engine: ") + e.what();
            }
            val out = val::object();
            out.set("ok", false);
            out.set("name", name);
            out.set("message", message);
            return out;
        }

        std::uint32_t read_seed(const val& request)
        {
            return static_cast<std::uint32_t>(
                detail::check_integer("seed", read_number(request, "seed", 0), 0, 4294967295.0));
        }

        /// A whole number from 1 to `high`; the façade has checked it is a number.
        std::size_t read_count(const val& request, const char* name, std::size_t high)
        {
            return detail::check_integer(name, read_number(request, name, 0), 1,
                                         static_cast<double>(high));
        }

        std::size_t read_size(const val& request, const char* name)
        {
            return read_count(request, name, max_dimension);
        }

        val softmax(val request)
        {
            return guarded([&]
                           { return write(softmax_rows(read_matrix(request, "logits")), true); });
        }

        val attention(val request)
        {
            return guarded(
                [&]
                {
                    return write(scaled_dot_product_attention(
                        read_matrix(request, "query"), read_matrix(request, "key"),
                        read_matrix(request, "value"), read_attention_options(request)));
                });
        }

        val multi_head(val request)
        {
            return guarded(
                [&]
                {
                    multi_head_options options;
                    options.heads = read_size(request, "heads");
                    options.attention = read_attention_options(request);
                    options.seed = read_seed(request);
                    return write(multi_head_attention(
                        read_matrix(request, "query"), read_matrix(request, "key"),
                        read_matrix(request, "value"), read_multi_head_params(request), options));
                });
        }

        val positional(val request)
        {
            return guarded(
                [&] {
                    return write(positional_encoding(read_size(request, "length"),
                                                     read_size(request, "dModel")));
                });
        }

        val layer_norm_entry(val request)
        {
            return guarded(
                [&]
                {
                    return write(layer_norm(read_matrix(request, "input"),
                                            read_optional_vector(request, "gamma"),
                                            read_optional_vector(request, "beta"),
                                            read_number(request, "eps", default_layer_norm_eps)));
                });
        }

        val feed_forward_entry(val request)
        {
            return guarded(
                [&]
                {
                    return write(feed_forward(
                        read_matrix(request, "input"), read_matrix(request, "w1"),
                        read_optional_vector(request, "b1"), read_matrix(request, "w2"),
                        read_optional_vector(request, "b2"),
                        parse_activation("activation", request["activation"].as<std::string>())));
                });
        }

        val encoder(val request)
        {
            return guarded(
                [&]
                {
                    encoder_layer_options options;
                    options.heads = read_size(request, "heads");
                    options.act =
                        parse_activation("activation", request["activation"].as<std::string>());
                    if (!request["dFF"].isUndefined())
                    {
                        options.d_ff = read_size(request, "dFF");
                    }
                    options.attention = read_attention_options(request);
                    options.seed = read_seed(request);
                    options.attention_bias = read_bool(request, "attentionBias", true);
                    return write(encoder_layer(read_matrix(request, "input"),
                                               read_encoder_layer_params(request), options));
                });
        }

        val entropy(val request)
        {
            return guarded([&]
                           { return write(attention_entropy(read_matrix(request, "weights"))); });
        }

        val random_matrix_entry(val request)
        {
            return guarded(
                [&]
                {
                    random_matrix_options options;
                    options.dist = parse_distribution("distribution",
                                                      request["distribution"].as<std::string>());
                    options.scale = read_number(request, "scale", options.scale);
                    options.seed = read_seed(request);
                    return write(random_matrix(read_size(request, "rows"),
                                               read_size(request, "cols"), options));
                });
        }

        val embed(val request)
        {
            return guarded(
                [&]
                {
                    return write(embed_tokens(read_strings(request, "tokens"),
                                              read_size(request, "dModel"), read_seed(request)));
                });
        }

        val add_positional(val request)
        {
            return guarded(
                [&] { return write(add_positional_encoding(read_matrix(request, "input"))); });
        }

        val similarity(val request)
        {
            return guarded(
                [&] {
                    return write(position_similarity(read_size(request, "length"),
                                                     read_size(request, "dModel")));
                });
        }

        val scaling(val request)
        {
            return guarded(
                [&]
                {
                    return write(scaling_experiment(
                        read_size(request, "dK"), read_size(request, "keys"),
                        read_count(request, "samples", max_samples), read_seed(request)));
                });
        }

        val jacobian(val request)
        {
            return guarded([&] { return write(softmax_jacobian(read_matrix(request, "logits"))); });
        }

        val explain(val request)
        {
            return guarded(
                [&]
                {
                    return write(explain_attention(
                        read_matrix(request, "query"), read_matrix(request, "key"),
                        read_matrix(request, "value"), read_attention_options(request),
                        read_number(request, "row", 0), read_number(request, "column", 0),
                        parse_explain_stage("stage", request["stage"].as<std::string>())));
                });
        }

        val permutation(val request)
        {
            return guarded(
                [&]
                {
                    permutation_test_options options;
                    options.heads = read_size(request, "heads");
                    options.seed = read_seed(request);
                    options.positional_encoding = read_bool(request, "positionalEncoding", false);
                    return write(permutation_test(read_matrix(request, "input"),
                                                  read_vector(request, "permutation"), options));
                });
        }

        /// Bytes malloc has handed out and not taken back: the leak tests watch this.
        double heap_bytes_in_use()
        {
            return static_cast<double>(mallinfo().uordblks);
        }
    } // namespace
} // namespace attn::bindings

EMSCRIPTEN_BINDINGS(attention_lab)
{
    using namespace attn::bindings;
    emscripten::function("softmax", &softmax);
    emscripten::function("attention", &attention);
    emscripten::function("multiHeadAttention", &multi_head);
    emscripten::function("positionalEncoding", &positional);
    emscripten::function("layerNorm", &layer_norm_entry);
    emscripten::function("feedForward", &feed_forward_entry);
    emscripten::function("encoderLayer", &encoder);
    emscripten::function("attentionEntropy", &entropy);
    emscripten::function("randomMatrix", &random_matrix_entry);
    emscripten::function("embedTokens", &embed);
    emscripten::function("addPositionalEncoding", &add_positional);
    emscripten::function("positionSimilarity", &similarity);
    emscripten::function("scalingExperiment", &scaling);
    emscripten::function("softmaxJacobian", &jacobian);
    emscripten::function("explainAttention", &explain);
    emscripten::function("permutationTest", &permutation);
    emscripten::function("heapBytesInUse", &heap_bytes_in_use);
    emscripten::constant("maxDimension", static_cast<double>(attn::max_dimension));
}
