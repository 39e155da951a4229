#include "convert.hpp"

#include <variant>
#include <vector>

namespace attn::bindings
{
    using emscripten::typed_memory_view;

    namespace
    {
        bool present(const val& v)
        {
            return !v.isUndefined() && !v.isNull();
        }

        val copy_out(const double* data, std::size_t size)
        {
            // slice() copies, so JS never keeps a view that memory growth could detach.
            return val(typed_memory_view(size, data)).call<val>("slice");
        }

        /// Checks a JS array's length against the cap before anything is allocated for it.
        std::size_t capped_length(const val& list, const std::string& name, const char* what)
        {
            const auto length = list["length"].as<std::size_t>();
            if (length > max_dimension)
            {
                detail::fail(name, "at most " + std::to_string(max_dimension) + " " + what,
                             std::to_string(length));
            }
            return length;
        }

        template <class Items> val write_array(const Items& items)
        {
            val out = val::array();
            for (const auto& item : items)
            {
                out.call<void>("push", item);
            }
            return out;
        }

        val write_statistics(const softmax_statistics& s)
        {
            val out = val::object();
            out.set("meanPeakWeight", s.mean_peak_weight);
            out.set("meanEntropy", s.mean_entropy);
            out.set("meanGradientNorm", s.mean_gradient_norm);
            return out;
        }

        val write_term(const product_term& term)
        {
            val out = val::object();
            out.set("left", term.left);
            out.set("right", term.right);
            out.set("product", term.product);
            return out;
        }

        void write_into(val& out, const dot_product_explanation& e)
        {
            val terms = val::array();
            for (const product_term& term : e.terms)
            {
                terms.call<void>("push", write_term(term));
            }
            out.set("terms", terms);
            out.set("sum", e.sum);
        }

        void write_into(val& out, const scaled_explanation& e)
        {
            out.set("score", e.score);
            out.set("sqrtDk", e.sqrt_d_k);
            out.set("dK", e.d_k);
            out.set("scaled", e.scaled);
        }

        void write_into(val& out, const weight_explanation& e)
        {
            out.set("logits", write(e.logits));
            out.set("blocked", write(e.blocked));
            out.set("rowMax", e.row_max);
            out.set("exps", write(e.exps));
            out.set("rowSum", e.row_sum);
            out.set("numerator", e.numerator);
            out.set("weight", e.weight);
            out.set("fullyMasked", e.fully_masked);
        }
    } // namespace

    matrix read_matrix(const val& request, const std::string& name)
    {
        const val m = request[name];
        const auto r = m["rows"].as<std::size_t>();
        const auto c = m["cols"].as<std::size_t>();
        // The cap is checked before allocating, so no shape can exhaust the heap.
        if (r > max_dimension || c > max_dimension)
        {
            detail::fail(name, "at most " + std::to_string(max_dimension) + " rows and columns",
                         detail::format_shape(r, c));
        }
        matrix out = xt::empty<double>({r, c});
        val(typed_memory_view(out.size(), out.data())).call<void>("set", m["data"]);
        return out;
    }

    std::optional<matrix> read_optional_matrix(const val& request, const std::string& name)
    {
        if (!present(request[name]))
        {
            return std::nullopt;
        }
        return read_matrix(request, name);
    }

    vector read_vector(const val& request, const std::string& name)
    {
        const val v = request[name];
        vector out = xt::empty<double>({capped_length(v, name, "numbers")});
        val(typed_memory_view(out.size(), out.data())).call<void>("set", v);
        return out;
    }

    std::optional<vector> read_optional_vector(const val& request, const std::string& name)
    {
        if (!present(request[name]))
        {
            return std::nullopt;
        }
        return read_vector(request, name);
    }

    std::vector<std::string> read_strings(const val& request, const std::string& name)
    {
        const val list = request[name];
        std::vector<std::string> out(capped_length(list, name, "strings"));
        for (std::size_t i = 0; i < out.size(); ++i)
        {
            // Embind converts a JS string to std::string as UTF-8.
            out[i] = list[i].as<std::string>();
        }
        return out;
    }

    double read_number(const val& request, const std::string& name, double fallback)
    {
        const val v = request[name];
        return present(v) ? v.as<double>() : fallback;
    }

    bool read_bool(const val& request, const std::string& name, bool fallback)
    {
        const val v = request[name];
        return present(v) ? v.as<bool>() : fallback;
    }

    attention_options read_attention_options(const val& request)
    {
        attention_options options;
        options.mask_fill = read_number(request, "maskFill", options.mask_fill);
        const val mask = request["mask"];
        const std::string kind = mask["kind"].as<std::string>();
        if (kind == "causal")
        {
            options.mask = attention_mask::causal();
        }
        else if (kind == "keyLength")
        {
            options.mask = attention_mask::padding(mask["keyLength"].as<double>());
        }
        else if (kind == "matrix")
        {
            options.mask = attention_mask::from_matrix(read_matrix(mask, "matrix"));
        }
        return options;
    }

    multi_head_params read_multi_head_params(const val& request)
    {
        multi_head_params p;
        p.w_q = read_optional_matrix(request, "wQ");
        p.w_k = read_optional_matrix(request, "wK");
        p.w_v = read_optional_matrix(request, "wV");
        p.w_o = read_optional_matrix(request, "wO");
        p.b_q = read_optional_vector(request, "bQ");
        p.b_k = read_optional_vector(request, "bK");
        p.b_v = read_optional_vector(request, "bV");
        p.b_o = read_optional_vector(request, "bO");
        return p;
    }

    encoder_layer_params read_encoder_layer_params(const val& request)
    {
        encoder_layer_params p;
        p.attention = read_multi_head_params(request);
        p.w1 = read_optional_matrix(request, "w1");
        p.w2 = read_optional_matrix(request, "w2");
        p.b1 = read_optional_vector(request, "b1");
        p.b2 = read_optional_vector(request, "b2");
        p.gamma1 = read_optional_vector(request, "gamma1");
        p.beta1 = read_optional_vector(request, "beta1");
        p.gamma2 = read_optional_vector(request, "gamma2");
        p.beta2 = read_optional_vector(request, "beta2");
        return p;
    }

    val write(const matrix& m)
    {
        val out = val::object();
        out.set("rows", rows(m));
        out.set("cols", cols(m));
        out.set("data", copy_out(m.data(), m.size()));
        return out;
    }

    val write(const vector& v)
    {
        return copy_out(v.data(), v.size());
    }

    val write(const std::vector<std::size_t>& indices)
    {
        return write_array(indices);
    }

    val write(const std::vector<std::string>& strings)
    {
        return write_array(strings);
    }

    val write(const softmax_trace& t, bool with_weights)
    {
        val out = val::object();
        out.set("rowMax", write(t.row_max));
        out.set("exps", write(t.exps));
        out.set("rowSum", write(t.row_sum));
        if (with_weights)
        {
            out.set("weights", write(t.weights));
        }
        return out;
    }

    val write(const attention_trace& t)
    {
        val out = val::object();
        out.set("scores", write(t.scores));
        out.set("sqrtDk", t.sqrt_d_k);
        out.set("scaled", write(t.scaled));
        if (t.has_mask)
        {
            out.set("mask", write(t.mask));
            out.set("masked", write(t.masked));
        }
        // The attention weights are the softmax's weights; they are given once, at the top.
        out.set("softmax", write(t.softmax, false));
        out.set("weights", write(t.weights));
        out.set("weightSums", write(t.weight_sums));
        out.set("output", write(t.output));
        out.set("fullyMaskedRows", write(t.fully_masked_rows));
        return out;
    }

    val write(const multi_head_trace& t)
    {
        val params = val::object();
        params.set("wQ", write(t.params.w_q));
        params.set("wK", write(t.params.w_k));
        params.set("wV", write(t.params.w_v));
        params.set("wO", write(t.params.w_o));
        const std::pair<const char*, const vector*> biases[] = {{"bQ", &t.params.b_q},
                                                                {"bK", &t.params.b_k},
                                                                {"bV", &t.params.b_v},
                                                                {"bO", &t.params.b_o}};
        for (const auto& [name, bias] : biases)
        {
            if (bias->size() != 0)
            {
                params.set(name, write(*bias));
            }
        }

        val heads = val::array();
        val weights = val::array();
        for (const head_trace& head : t.per_head)
        {
            val h = write(head.attention);
            h.set("query", write(head.query));
            h.set("key", write(head.key));
            h.set("value", write(head.value));
            heads.call<void>("push", h);
            weights.call<void>("push", write(head.attention.weights));
        }

        val out = val::object();
        out.set("dModel", t.d_model);
        out.set("dK", t.d_k);
        out.set("params", params);
        out.set("projectedQuery", write(t.projected_query));
        out.set("projectedKey", write(t.projected_key));
        out.set("projectedValue", write(t.projected_value));
        out.set("heads", heads);
        out.set("concat", write(t.concat));
        out.set("output", write(t.output));
        out.set("weights", weights);
        out.set("parameterCount", t.parameter_count);
        return out;
    }

    val write(const layer_norm_trace& t)
    {
        val out = val::object();
        out.set("mean", write(t.mean));
        out.set("variance", write(t.variance));
        out.set("normalized", write(t.normalized));
        out.set("output", write(t.output));
        out.set("gamma", write(t.gamma));
        out.set("beta", write(t.beta));
        return out;
    }

    val write(const feed_forward_trace& t)
    {
        val out = val::object();
        out.set("hidden", write(t.hidden));
        out.set("activated", write(t.activated));
        out.set("output", write(t.output));
        return out;
    }

    val write(const encoder_layer_trace& t)
    {
        val params = val::object();
        params.set("w1", write(t.w1));
        params.set("b1", write(t.b1));
        params.set("w2", write(t.w2));
        params.set("b2", write(t.b2));

        val count = val::object();
        count.set("attention", t.parameter_count.attention);
        count.set("feedForward", t.parameter_count.feed_forward);
        count.set("norms", t.parameter_count.norms);
        count.set("total", t.parameter_count.total);

        val out = val::object();
        out.set("input", write(t.input));
        out.set("attention", write(t.attention));
        out.set("residual1", write(t.residual1));
        out.set("norm1", write(t.norm1));
        out.set("feedForward", write(t.feed_forward));
        out.set("residual2", write(t.residual2));
        out.set("norm2", write(t.norm2));
        out.set("output", write(t.output));
        out.set("dFF", t.d_ff);
        out.set("params", params);
        out.set("parameterCount", count);
        return out;
    }

    val write(const entropy_trace& t)
    {
        val out = val::object();
        out.set("entropy", write(t.entropy));
        out.set("maxEntropy", t.max_entropy);
        out.set("meanEntropy", t.mean_entropy);
        out.set("minEntropy", t.min_entropy);
        out.set("maxRowEntropy", t.max_row_entropy);
        return out;
    }

    val write(const token_embedding_trace& t)
    {
        val out = val::object();
        out.set("tokens", write(t.tokens));
        out.set("vocabulary", write(t.vocabulary));
        out.set("ids", write(t.ids));
        out.set("embeddings", write(t.embeddings));
        out.set("table", write(t.table));
        return out;
    }

    val write(const positional_addition_trace& t)
    {
        val out = val::object();
        out.set("encoding", write(t.encoding));
        out.set("output", write(t.output));
        return out;
    }

    val write(const position_similarity_trace& t)
    {
        val out = val::object();
        out.set("encoding", write(t.encoding));
        out.set("similarity", write(t.similarity));
        out.set("norms", write(t.norms));
        out.set("cosine", write(t.cosine));
        return out;
    }

    val write(const scaling_experiment_trace& t)
    {
        val example = val::object();
        example.set("query", write(t.example.query));
        example.set("key", write(t.example.key));
        example.set("scores", write(t.example.scores));
        example.set("sqrtDk", t.example.sqrt_d_k);
        example.set("scaled", write(t.example.scaled));
        example.set("weightsUnscaled", write(t.example.weights_unscaled));
        example.set("weightsScaled", write(t.example.weights_scaled));

        val out = val::object();
        out.set("dK", t.d_k);
        out.set("keys", t.keys);
        out.set("samples", t.samples);
        out.set("scoreMean", t.score_mean);
        out.set("scoreVariance", t.score_variance);
        out.set("scaledMean", t.scaled_mean);
        out.set("scaledVariance", t.scaled_variance);
        out.set("unscaled", write_statistics(t.unscaled));
        out.set("scaled", write_statistics(t.scaled));
        out.set("maxEntropy", t.max_entropy);
        out.set("example", example);
        return out;
    }

    val write(const softmax_jacobian_trace& t)
    {
        val out = val::object();
        out.set("weights", write(t.weights));
        out.set("jacobian", write(t.jacobian));
        out.set("frobeniusNorm", t.frobenius_norm);
        return out;
    }

    val write(const attention_explanation& e)
    {
        val out = val::object();
        out.set("stage", std::string(explain_stage_name(e.stage)));
        out.set("row", e.row);
        out.set("column", e.column);
        std::visit([&out](const auto& detail) { write_into(out, detail); }, e.detail);
        return out;
    }

    val write(const permutation_test_trace& t)
    {
        val out = val::object();
        out.set("permutation", write(t.permutation));
        out.set("input", write(t.input));
        out.set("permutedInput", write(t.permuted_input));
        out.set("output", write(t.output));
        out.set("permutedOutput", write(t.permuted_output));
        out.set("realigned", write(t.realigned));
        out.set("maxDifference", t.max_difference);
        return out;
    }
} // namespace attn::bindings
