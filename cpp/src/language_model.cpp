#include "attn/language_model.hpp"

#include <string>
#include <utility>

#include "attn/decoder_layer_backward.hpp"
#include "attn/embedding_lookup.hpp"
#include "attn/error.hpp"
#include "attn/random.hpp"
#include "attn/rms_norm_backward.hpp"

namespace attn
{
    namespace
    {
        /// Hugging Face's LlamaConfig.initializer_range: the standard deviation of every matrix.
        constexpr double llama_initializer_range = 0.02;

        /// The one stream the initial parameters draw from (docs/engine.md, random numbers).
        constexpr std::uint64_t language_model_stream = 15;

        std::size_t kv_columns(const language_model_config& c)
        {
            return c.kv_heads * (c.d_model / c.heads);
        }

        /// Checks tokens against the model: 1 … context ids (at least `fewest`), each in the
        /// vocabulary.
        std::vector<std::size_t> checked_tokens(const language_model_params& p,
                                                const vector& tokens, std::size_t fewest)
        {
            const std::size_t context = p.config.context;
            if (tokens.size() < fewest || tokens.size() > context)
            {
                detail::fail("tokens",
                             std::to_string(fewest) + " … " + std::to_string(context) +
                                 " token ids (the model's context)",
                             std::to_string(tokens.size()));
            }
            return detail::check_token_ids("tokens", tokens, p.config.vocab, "embedding");
        }
    } // namespace

    namespace
    {
        /// Calls visit(name, tensor) for every tensor of `p` in parameter order; `p` const or not.
        template <class Params, class Visit> void visit_tensors(Params& p, Visit&& visit)
        {
            visit("embedding", p.embedding);
            for (std::size_t l = 0; l < p.layers.size(); ++l)
            {
                auto& layer = p.layers[l];
                const std::string prefix = "layers[" + std::to_string(l) + "].";
                visit(prefix + "wQ", *layer.attention.w_q);
                visit(prefix + "wK", *layer.attention.w_k);
                visit(prefix + "wV", *layer.attention.w_v);
                visit(prefix + "wO", *layer.attention.w_o);
                visit(prefix + "wGate", layer.w_gate);
                visit(prefix + "wUp", layer.w_up);
                visit(prefix + "wDown", layer.w_down);
                visit(prefix + "gamma1", *layer.gamma1);
                visit(prefix + "gamma2", *layer.gamma2);
            }
            visit("finalGamma", p.final_gamma);
            if (!p.config.tied)
            {
                visit("unembedding", p.unembedding);
            }
        }

        using extent = std::pair<std::size_t, std::size_t>;

        /// rows × cols of a matrix, 1 × length of a vector.
        extent extent_of(const matrix& m)
        {
            return {rows(m), cols(m)};
        }
        extent extent_of(const vector& v)
        {
            return {1, v.size()};
        }

        /// Every tensor's extent in parameter order, as the config gives them.
        std::vector<extent> config_extents(const language_model_config& c)
        {
            const std::size_t d = c.d_model;
            std::vector<extent> out = {{c.vocab, d}};
            for (std::size_t l = 0; l < c.layers; ++l)
            {
                out.insert(out.end(), {{d, d}, {d, kv_columns(c)}, {d, kv_columns(c)}, {d, d},
                                       {d, c.d_ff}, {d, c.d_ff}, {c.d_ff, d}, {1, d}, {1, d}});
            }
            out.push_back({1, d});
            if (!c.tied)
            {
                out.push_back({c.vocab, d});
            }
            return out;
        }

        void set_zero(matrix& m, extent e)
        {
            m = xt::zeros<double>({e.first, e.second});
        }
        void set_zero(vector& v, extent e)
        {
            v = xt::zeros<double>({e.second});
        }

        /// Parameters of the config's shapes, all zero.
        language_model_params zero_params(const language_model_config& c)
        {
            language_model_params p;
            p.config = c;
            p.layers.resize(c.layers);
            for (decoder_layer_params& layer : p.layers)
            {
                layer.attention.w_q = layer.attention.w_k = layer.attention.w_v =
                    layer.attention.w_o = matrix();
                layer.gamma1 = layer.gamma2 = vector();
            }
            const std::vector<extent> shapes = config_extents(c);
            std::size_t k = 0;
            visit_tensors(p, [&](const std::string&, auto& t) { set_zero(t, shapes[k++]); });
            return p;
        }

        void check_finite(const std::string& name, const matrix& m)
        {
            detail::check_matrix(name, m);
        }
        void check_finite(const std::string& name, const vector& v)
        {
            detail::check_vector(name, v, v.size(), "d_model");
        }
    } // namespace

    std::vector<language_model_tensor> language_model_tensors(language_model_params& p)
    {
        std::vector<language_model_tensor> out;
        visit_tensors(p,
                      [&](const std::string& name, auto& t)
                      {
                          const extent e = extent_of(t);
                          out.push_back({name, t.data(), e.first, e.second});
                      });
        return out;
    }

    std::vector<parameter_ref> language_model_parameter_refs(language_model_params& values,
                                                             language_model_params& gradients)
    {
        const std::vector<language_model_tensor> v = language_model_tensors(values);
        const std::vector<language_model_tensor> g = language_model_tensors(gradients);
        std::vector<parameter_ref> refs;
        for (std::size_t k = 0; k < v.size(); ++k)
        {
            if (k >= g.size() || g[k].rows != v[k].rows || g[k].cols != v[k].cols)
            {
                detail::fail("gradients", "the shapes of the model's parameters",
                             k < g.size() ? g[k].name + " of shape " +
                                                detail::format_shape(g[k].rows, g[k].cols)
                                          : "no " + v[k].name);
            }
            refs.push_back({v[k].name, v[k].data, g[k].data, v[k].rows * v[k].cols});
        }
        return refs;
    }

    std::uint64_t language_model_parameter_count(const language_model_config& config)
    {
        std::uint64_t count = 0;
        for (const extent& e : config_extents(config))
        {
            count += e.first * e.second;
        }
        return count;
    }

    void check_language_model_config(const language_model_config& c)
    {
        const std::pair<const char*, std::size_t> sizes[] = {
            {"vocab", c.vocab},   {"dModel", c.d_model}, {"heads", c.heads},
            {"kvHeads", c.kv_heads}, {"layers", c.layers}, {"dFF", c.d_ff},
            {"context", c.context}};
        for (const auto& [name, value] : sizes)
        {
            detail::check_dimension(name, value);
        }
        if (c.d_model % c.heads != 0 || (c.d_model / c.heads) % 2 != 0)
        {
            detail::fail("heads",
                         "a divisor of dModel = " + std::to_string(c.d_model) +
                             " leaving an even d_k = dModel / heads (RoPE rotates pairs of "
                             "columns)",
                         std::to_string(c.heads));
        }
        if (c.heads % c.kv_heads != 0)
        {
            detail::fail("kvHeads", "a divisor of heads = " + std::to_string(c.heads),
                         std::to_string(c.kv_heads));
        }
        // The layers check ropeBase and eps again, on every call; here they fail before any
        // parameter is drawn.
        if (!(c.rope_base > 1) || !std::isfinite(c.rope_base))
        {
            detail::fail("ropeBase", "a finite number above 1", detail::format_number(c.rope_base));
        }
        if (!(c.eps > 0 && c.eps <= 1))
        {
            detail::fail("eps", "a small positive number (at most 1) such as 1e-6",
                         detail::format_number(c.eps));
        }
    }

    void check_language_model_params(const language_model_params& p)
    {
        check_language_model_config(p.config);
        if (p.layers.size() != p.config.layers)
        {
            detail::fail("layers", std::to_string(p.config.layers) + " layers (the config's)",
                         std::to_string(p.layers.size()));
        }
        for (std::size_t l = 0; l < p.layers.size(); ++l)
        {
            const decoder_layer_params& layer = p.layers[l];
            const std::string name = "layers[" + std::to_string(l) + "]";
            if (!layer.attention.w_q || !layer.attention.w_k || !layer.attention.w_v ||
                !layer.attention.w_o || !layer.gamma1 || !layer.gamma2)
            {
                detail::fail(name, "every weight and γ given (a model seeds none)",
                             "a layer with one omitted");
            }
        }
        // Every tensor's shape against the config's, then its numbers, named with its layer
        // ("layers[1].wUp[0][2]: expected a finite number, got NaN").
        const std::vector<extent> want = config_extents(p.config);
        std::size_t k = 0;
        visit_tensors(p,
                      [&](const std::string& name, const auto& t)
                      {
                          const extent have = extent_of(t);
                          if (have != want[k])
                          {
                              detail::fail(name,
                                           "a tensor of shape " +
                                               detail::format_shape(want[k].first, want[k].second) +
                                               " (from the config)",
                                           detail::format_shape(have.first, have.second));
                          }
                          check_finite(name, t);
                          ++k;
                      });
        if (p.config.tied && p.unembedding.size() != 0)
        {
            detail::fail("unembedding", "none (the model is tied: its embedding unembeds)",
                         detail::format_shape(rows(p.unembedding), cols(p.unembedding)));
        }
    }

    language_model_params language_model_initial(const language_model_config& config,
                                                 std::uint32_t seed)
    {
        check_language_model_config(config);
        language_model_params p = zero_params(config);
        normal_stream draws(stream_state(seed, language_model_stream));
        for (const language_model_tensor& t : language_model_tensors(p))
        {
            const bool gain = t.rows == 1 && t.name.find("amma") != std::string::npos;
            for (std::size_t k = 0; k < t.rows * t.cols; ++k)
            {
                t.data[k] = gain ? 1.0 : llama_initializer_range * draws.next();
            }
        }
        return p;
    }

    namespace detail
    {
        decoder_layer_options language_model_layer_options(const language_model_config& c)
        {
            decoder_layer_options options;
            options.heads = c.heads;
            options.kv_heads = c.kv_heads;
            options.rope_base = c.rope_base;
            options.rope_pairing = rope_convention::half;
            options.eps = c.eps;
            return options;
        }

        const matrix& language_model_unembedding(const language_model_params& p)
        {
            return p.config.tied ? p.embedding : p.unembedding;
        }

        language_model_head_trace language_model_head(const language_model_params& params,
                                                      const matrix& hidden)
        {
            language_model_head_trace t;
            // pass 3: the final norm; the layers' outputs are never normalised at their end.
            t.final_norm = rms_norm_unchecked(hidden, params.final_gamma, params.config.eps);
            // pass 4: a logit per token of the vocabulary: the dot product with its
            // unembedding row.
            t.logits = matmul_transposed(t.final_norm.output, language_model_unembedding(params));
            // Only an unembedding near the double limit gets here: |finalNorm| ≤ |γ|·√d_model.
            check_finite_result(params.config.tied ? "embedding" : "unembedding", "logits",
                                t.logits);
            return t;
        }
    } // namespace detail

    language_model_trace language_model_forward(const language_model_params& params,
                                                const vector& tokens)
    {
        // Shape contract: tokens (n) → embeddings and every layer's output (n × d_model),
        // logits (n × vocab).
        check_language_model_params(params);
        language_model_trace t;
        t.tokens = checked_tokens(params, tokens, 1);
        // pass 1: each token's row of the embedding.
        t.embeddings = gather_rows(params.embedding, t.tokens);
        // pass 2: the decoder layers, each reading the one before's output.
        const decoder_layer_options options = detail::language_model_layer_options(params.config);
        const matrix* x = &t.embeddings;
        for (const decoder_layer_params& layer : params.layers)
        {
            t.layers.push_back(decoder_layer(*x, layer, options));
            x = &t.layers.back().residual2;
        }
        // passes 3 and 4: the final norm and the logits.
        detail::language_model_head_trace head = detail::language_model_head(params, *x);
        t.final_norm = std::move(head.final_norm);
        t.logits = std::move(head.logits);
        return t;
    }

    language_model_token_losses_trace language_model_token_losses(const language_model_params& params,
                                                                     const vector& tokens)
    {
        // Shape contract: tokens (n ≥ 2) → n − 1 losses, position i's of token i + 1.
        check_language_model_params(params);
        checked_tokens(params, tokens, 2);
        language_model_token_losses_trace out;
        out.forward = language_model_forward(params, tokens);
        const language_model_trace& f = out.forward;
        const std::size_t n = f.tokens.size();
        // pass 5: position i predicts token i + 1; the last position predicts nothing yet.
        out.loss = detail::next_token_loss_unchecked(
            block(f.final_norm.output, 0, n - 1, 0, params.config.d_model),
            detail::language_model_unembedding(params),
            std::vector<std::size_t>(f.tokens.begin() + 1, f.tokens.end()));
        return out;
    }

    language_model_loss language_model_loss_and_gradients(const language_model_params& params,
                                                          const vector& tokens)
    {
        // Shape contract: tokens (n ≥ 2) → the loss of n − 1 predictions and a gradient of the
        // shape of each parameter.
        language_model_token_losses_trace losses = language_model_token_losses(params, tokens);
        language_model_loss out;
        out.forward = std::move(losses.forward);
        out.loss = std::move(losses.loss);
        const language_model_trace& f = out.forward;
        const std::size_t n = f.tokens.size(), d = params.config.d_model;
        const matrix& unembedding = detail::language_model_unembedding(params);
        const matrix predicting = block(f.final_norm.output, 0, n - 1, 0, d);

        // Backward, the forward's passes in reverse. pass 6: the loss's own backward.
        const next_token_loss_backward_trace head =
            detail::next_token_loss_backward_from(predicting, unembedding, out.loss);
        language_model_params& g = out.gradients;
        g = zero_params(params.config);

        // pass 7: the final norm; the last position's row had no loss, so its gradient is 0.
        matrix grad = xt::zeros<double>({n, d});
        put_block(grad, head.grad_hidden, 0, 0);
        const matrix& last = params.layers.empty() ? f.embeddings : f.layers.back().residual2;
        const rms_norm_backward_trace final_norm =
            detail::rms_norm_backward_from(last, f.final_norm, grad);
        g.final_gamma = final_norm.grad_gamma;
        grad = final_norm.grad_input;

        // pass 8: each layer from the last, by the decoder layer's own backward.
        for (std::size_t l = params.layers.size(); l-- > 0;)
        {
            const decoder_layer_backward_trace b =
                detail::decoder_layer_backward_from(f.layers[l], params.layers[l], grad);
            decoder_layer_params& layer = g.layers[l];
            layer.attention.w_q = b.attention.grad_w_q;
            layer.attention.w_k = b.attention.grad_w_k;
            layer.attention.w_v = b.attention.grad_w_v;
            layer.attention.w_o = b.attention.grad_w_o;
            layer.w_gate = b.feed_forward.grad_w_gate;
            layer.w_up = b.feed_forward.grad_w_up;
            layer.w_down = b.feed_forward.grad_w_down;
            layer.gamma1 = b.norm1.grad_gamma;
            layer.gamma2 = b.norm2.grad_gamma;
            grad = b.grad_input;
        }

        // pass 9: the embedding rows, each token's collecting every position holding it; a tied
        // model's one matrix adds its gradient as the unembedding.
        g.embedding =
            detail::embedding_lookup_backward_from(f.tokens, params.config.vocab, grad).grad_embedding;
        if (params.config.tied)
        {
            g.embedding += head.grad_unembedding;
        }
        else
        {
            g.unembedding = head.grad_unembedding;
        }
        return out;
    }
} // namespace attn
