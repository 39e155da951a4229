#ifndef ATTN_TESTS_GOLDEN_OPERATIONS_HPP
#define ATTN_TESTS_GOLDEN_OPERATIONS_HPP

// How a fixture case reaches the engine and comes back:
//   input_reader  the case's JS argument object (camelCase) → the C++ arguments; an input field
//                 that no C++ argument reads is an error, so no input is silently dropped;
//   run_case()    calls the fixture file's operation and writes its trace as JSON with the JS
//                 trace's field names (the mapping of cpp/bindings/convert.cpp), ready for
//                 golden::compare().

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "golden.hpp"

namespace golden
{
    // ---- C++ values → JSON, with the JS trace's field names ----

    inline json to_json(const attn::vector& v)
    {
        json out = json::array();
        for (double x : v)
        {
            out.push_back(x);
        }
        return out;
    }

    inline json to_json(const attn::matrix& m)
    {
        json out = json::array();
        for (std::size_t i = 0; i < attn::rows(m); ++i)
        {
            json row = json::array();
            for (std::size_t j = 0; j < attn::cols(m); ++j)
            {
                row.push_back(m(i, j));
            }
            out.push_back(std::move(row));
        }
        return out;
    }

    inline json to_json(const attn::tensor3& t)
    {
        json out = json::array();
        for (std::size_t h = 0; h < t.shape()[0]; ++h)
        {
            out.push_back(to_json(attn::matrix(xt::view(t, h, xt::all(), xt::all()))));
        }
        return out;
    }

    inline json to_json(const std::vector<std::size_t>& indices)
    {
        json out = json::array();
        for (std::size_t i : indices)
        {
            out.push_back(i);
        }
        return out;
    }

    /// softmax({ logits }) returns the weights too; inside an attention trace they are given
    /// once, at the top (as convert.cpp writes them).
    inline json to_json(const attn::softmax_trace& t, bool with_weights)
    {
        json out = {{"rowMax", to_json(t.row_max)},
                    {"exps", to_json(t.exps)},
                    {"rowSum", to_json(t.row_sum)}};
        if (with_weights)
        {
            out["weights"] = to_json(t.weights);
        }
        return out;
    }

    inline json to_json(const attn::attention_trace& t)
    {
        json out = {{"scores", to_json(t.scores)},
                    {"sqrtDk", t.sqrt_d_k},
                    {"scaled", to_json(t.scaled)},
                    {"softmax", to_json(t.softmax, false)},
                    {"weights", to_json(t.weights)},
                    {"output", to_json(t.output)},
                    {"fullyMaskedRows", to_json(t.fully_masked_rows)}};
        if (t.has_mask)
        {
            out["mask"] = to_json(t.mask);
            out["masked"] = to_json(t.masked);
        }
        return out;
    }

    inline json to_json(const attn::multi_head_trace& t)
    {
        json params = {{"wQ", to_json(t.params.w_q)},
                       {"wK", to_json(t.params.w_k)},
                       {"wV", to_json(t.params.w_v)},
                       {"wO", to_json(t.params.w_o)}};
        const std::pair<const char*, const attn::vector*> biases[] = {{"bQ", &t.params.b_q},
                                                                      {"bK", &t.params.b_k},
                                                                      {"bV", &t.params.b_v},
                                                                      {"bO", &t.params.b_o}};
        for (const auto& [name, bias] : biases)
        {
            if (bias->size() != 0) // an omitted bias is absent from the trace, not zeros
            {
                params[name] = to_json(*bias);
            }
        }
        json heads = json::array();
        for (const attn::head_trace& head : t.per_head)
        {
            json h = to_json(head.attention);
            h["query"] = to_json(head.query);
            h["key"] = to_json(head.key);
            h["value"] = to_json(head.value);
            heads.push_back(std::move(h));
        }
        return {{"dModel", t.d_model},
                {"dK", t.d_k},
                {"params", std::move(params)},
                {"projectedQuery", to_json(t.projected_query)},
                {"projectedKey", to_json(t.projected_key)},
                {"projectedValue", to_json(t.projected_value)},
                {"heads", std::move(heads)},
                {"concat", to_json(t.concat)},
                {"output", to_json(t.output)},
                // from the h × n × m tensor, so it is checked apart from heads[i].weights
                {"weights", to_json(t.weights)},
                {"parameterCount", t.parameter_count}};
    }

    inline json to_json(const attn::layer_norm_trace& t)
    {
        return {{"mean", to_json(t.mean)},
                {"variance", to_json(t.variance)},
                {"normalized", to_json(t.normalized)},
                {"output", to_json(t.output)},
                {"gamma", to_json(t.gamma)},
                {"beta", to_json(t.beta)}};
    }

    inline json to_json(const attn::feed_forward_trace& t)
    {
        return {{"hidden", to_json(t.hidden)},
                {"activated", to_json(t.activated)},
                {"output", to_json(t.output)}};
    }

    inline json to_json(const attn::encoder_layer_trace& t)
    {
        return {{"input", to_json(t.input)},
                {"attention", to_json(t.attention)},
                {"residual1", to_json(t.residual1)},
                {"norm1", to_json(t.norm1)},
                {"feedForward", to_json(t.feed_forward)},
                {"residual2", to_json(t.residual2)},
                {"norm2", to_json(t.norm2)},
                {"output", to_json(t.output)},
                {"dFF", t.d_ff},
                {"params",
                 {{"w1", to_json(t.w1)},
                  {"b1", to_json(t.b1)},
                  {"w2", to_json(t.w2)},
                  {"b2", to_json(t.b2)}}},
                {"parameterCount",
                 {{"attention", t.parameter_count.attention},
                  {"feedForward", t.parameter_count.feed_forward},
                  {"norms", t.parameter_count.norms},
                  {"total", t.parameter_count.total}}}};
    }

    inline json to_json(const attn::entropy_trace& t)
    {
        return {{"entropy", to_json(t.entropy)},
                {"maxEntropy", t.max_entropy},
                {"meanEntropy", t.mean_entropy},
                {"minEntropy", t.min_entropy},
                {"maxRowEntropy", t.max_row_entropy}};
    }

    /// Strings are left out: a fixture's expected holds numbers only (vocabulary via ids).
    inline json to_json(const attn::token_embedding_trace& t)
    {
        return {{"ids", to_json(t.ids)},
                {"table", to_json(t.table)},
                {"embeddings", to_json(t.embeddings)}};
    }

    inline json to_json(const attn::softmax_jacobian_trace& t)
    {
        return {{"weights", to_json(t.weights)},
                {"jacobian", to_json(t.jacobian)},
                {"frobeniusNorm", t.frobenius_norm}};
    }

    inline json to_json(const attn::softmax_statistics& s)
    {
        return {{"meanPeakWeight", s.mean_peak_weight},
                {"meanEntropy", s.mean_entropy},
                {"meanGradientNorm", s.mean_gradient_norm}};
    }

    inline json to_json(const attn::scaling_experiment_trace& t)
    {
        const attn::scaling_example& e = t.example;
        return {{"dK", t.d_k},
                {"keys", t.keys},
                {"samples", t.samples},
                {"scoreMean", t.score_mean},
                {"scoreVariance", t.score_variance},
                {"scaledMean", t.scaled_mean},
                {"scaledVariance", t.scaled_variance},
                {"unscaled", to_json(t.unscaled)},
                {"scaled", to_json(t.scaled)},
                {"maxEntropy", t.max_entropy},
                {"example",
                 {{"query", to_json(e.query)},
                  {"key", to_json(e.key)},
                  {"scores", to_json(e.scores)},
                  {"sqrtDk", e.sqrt_d_k},
                  {"scaled", to_json(e.scaled)},
                  {"weightsUnscaled", to_json(e.weights_unscaled)},
                  {"weightsScaled", to_json(e.weights_scaled)}}}};
    }

    // ---- reading a case's input object ----

    /// Hands out the fields of a JS argument object as C++ values and remembers which were
    /// read; finish() refuses any field that no C++ argument took.
    class input_reader
    {
    public:
        explicit input_reader(const json& input) : input_(input)
        {
            if (!input_.is_object())
            {
                throw fixture_error("input is not an object: " + input_.dump());
            }
        }

        bool has(const std::string& key) const { return input_.contains(key); }

        attn::matrix matrix(const std::string& key) { return to_matrix(take(key)); }

        std::optional<attn::matrix> optional_matrix(const std::string& key)
        {
            return has(key) ? std::optional<attn::matrix>(matrix(key)) : std::nullopt;
        }

        std::optional<attn::vector> optional_vector(const std::string& key)
        {
            return has(key) ? std::optional<attn::vector>(to_vector(take(key))) : std::nullopt;
        }

        double number(const std::string& key) { return to_number(take(key)); }

        std::optional<double> optional_number(const std::string& key)
        {
            return has(key) ? std::optional<double>(number(key)) : std::nullopt;
        }

        /// A whole number ≥ 0 (sizes, heads, seed).
        std::size_t count(const std::string& key)
        {
            const double x = number(key);
            if (!(x >= 0) || std::floor(x) != x)
            {
                throw fixture_error("input." + key + " is not a whole number ≥ 0");
            }
            return static_cast<std::size_t>(x);
        }

        std::string string(const std::string& key)
        {
            const json& j = take(key);
            if (!j.is_string())
            {
                throw fixture_error("input." + key + " is not a string: " + j.dump());
            }
            return j.get<std::string>();
        }

        std::vector<std::string> strings(const std::string& key)
        {
            const json& j = take(key);
            if (!j.is_array())
            {
                throw fixture_error("input." + key + " is not an array of strings: " + j.dump());
            }
            std::vector<std::string> out;
            for (const json& item : j)
            {
                if (!item.is_string())
                {
                    throw fixture_error("input." + key + " holds a non-string: " + item.dump());
                }
                out.push_back(item.get<std::string>());
            }
            return out;
        }

        bool boolean(const std::string& key)
        {
            const json& j = take(key);
            if (!j.is_boolean())
            {
                throw fixture_error("input." + key + " is not true or false: " + j.dump());
            }
            return j.get<bool>();
        }

        /// `mask` and `maskFill`.
        attn::attention_options attention_options()
        {
            attn::attention_options options;
            if (has("mask"))
            {
                options.mask = to_mask(take("mask"));
            }
            if (has("maskFill"))
            {
                options.mask_fill = number("maskFill");
            }
            return options;
        }

        /// `wQ … wO`, `bQ … bO`.
        attn::multi_head_params multi_head_params()
        {
            attn::multi_head_params p;
            p.w_q = optional_matrix("wQ");
            p.w_k = optional_matrix("wK");
            p.w_v = optional_matrix("wV");
            p.w_o = optional_matrix("wO");
            p.b_q = optional_vector("bQ");
            p.b_k = optional_vector("bK");
            p.b_v = optional_vector("bV");
            p.b_o = optional_vector("bO");
            return p;
        }

        std::uint32_t seed()
        {
            const std::size_t s = has("seed") ? count("seed") : 0;
            if (s > 0xFFFFFFFFu)
            {
                throw fixture_error("input.seed does not fit 32 bits");
            }
            return static_cast<std::uint32_t>(s);
        }

        /// Throws if some input field was never read.
        void finish() const
        {
            for (const auto& item : input_.items())
            {
                if (read_.count(item.key()) == 0)
                {
                    throw fixture_error("input." + item.key() +
                                        " is not taken by any C++ argument of this operation");
                }
            }
        }

    private:
        const json& take(const std::string& key)
        {
            if (!has(key))
            {
                throw fixture_error("input." + key + " is missing");
            }
            read_.insert(key);
            return input_.at(key);
        }

        const json& input_;
        std::set<std::string> read_;
    };

    // ---- one operation per fixture file ----

    inline json run_softmax(input_reader& in)
    {
        return to_json(attn::softmax_rows(in.matrix("logits")), true);
    }

    inline json run_attention(input_reader& in)
    {
        const attn::matrix query = in.matrix("query"), key = in.matrix("key"),
                           value = in.matrix("value");
        return to_json(
            attn::scaled_dot_product_attention(query, key, value, in.attention_options()));
    }

    inline json run_multi_head_attention(input_reader& in)
    {
        const attn::matrix query = in.matrix("query"), key = in.matrix("key"),
                           value = in.matrix("value");
        attn::multi_head_options options;
        options.heads = in.count("heads");
        options.attention = in.attention_options();
        options.seed = in.seed();
        return to_json(
            attn::multi_head_attention(query, key, value, in.multi_head_params(), options));
    }

    inline json run_positional_encoding(input_reader& in)
    {
        const std::size_t length = in.count("length");
        const std::size_t d_model = in.count("dModel");
        return {{"encoding", to_json(attn::positional_encoding(length, d_model))}};
    }

    inline json run_layer_norm(input_reader& in)
    {
        const attn::matrix input = in.matrix("input");
        const auto gamma = in.optional_vector("gamma");
        const auto beta = in.optional_vector("beta");
        const double eps = in.optional_number("eps").value_or(attn::default_layer_norm_eps);
        return to_json(attn::layer_norm(input, gamma, beta, eps));
    }

    inline json run_feed_forward(input_reader& in)
    {
        const attn::matrix input = in.matrix("input"), w1 = in.matrix("w1"), w2 = in.matrix("w2");
        const auto b1 = in.optional_vector("b1");
        const auto b2 = in.optional_vector("b2");
        const attn::activation act = attn::parse_activation("activation", in.string("activation"));
        return to_json(attn::feed_forward(input, w1, b1, w2, b2, act));
    }

    inline attn::encoder_layer_options encoder_options(input_reader& in)
    {
        attn::encoder_layer_options options;
        options.heads = in.count("heads");
        options.act = attn::parse_activation("activation", in.string("activation"));
        if (in.has("dFF"))
        {
            options.d_ff = in.count("dFF");
        }
        options.attention = in.attention_options();
        options.seed = in.seed();
        if (in.has("attentionBias"))
        {
            options.attention_bias = in.boolean("attentionBias");
        }
        return options;
    }

    inline json run_encoder_layer(input_reader& in)
    {
        const attn::matrix input = in.matrix("input");
        attn::encoder_layer_params params;
        params.attention = in.multi_head_params();
        params.w1 = in.optional_matrix("w1");
        params.w2 = in.optional_matrix("w2");
        params.b1 = in.optional_vector("b1");
        params.b2 = in.optional_vector("b2");
        params.gamma1 = in.optional_vector("gamma1");
        params.beta1 = in.optional_vector("beta1");
        params.gamma2 = in.optional_vector("gamma2");
        params.beta2 = in.optional_vector("beta2");
        return to_json(attn::encoder_layer(input, params, encoder_options(in)));
    }

    inline json run_entropy(input_reader& in)
    {
        return to_json(attn::attention_entropy(in.matrix("weights")));
    }

    /// xavier.json's input is { seed, dModel, heads [, dFF] } and its expected.params the
    /// generated matrices: every weight is omitted, so all of them are drawn. With dFF the
    /// weights come from an encoder layer (wQ … wO from its attention, w1, w2 from the layer),
    /// without it from multi-head attention. The input values do not matter: zeros.
    inline json run_xavier(input_reader& in)
    {
        const std::uint32_t seed = in.seed();
        const std::size_t d_model = in.count("dModel");
        const std::size_t heads = in.count("heads");
        const attn::matrix zeros = xt::zeros<double>({std::size_t{2}, d_model});
        if (in.has("dFF"))
        {
            attn::encoder_layer_options options;
            options.heads = heads;
            options.d_ff = in.count("dFF");
            options.seed = seed;
            const auto t = attn::encoder_layer(zeros, {}, options);
            return {{"params",
                     {{"wQ", to_json(t.attention.params.w_q)},
                      {"wK", to_json(t.attention.params.w_k)},
                      {"wV", to_json(t.attention.params.w_v)},
                      {"wO", to_json(t.attention.params.w_o)},
                      {"w1", to_json(t.w1)},
                      {"w2", to_json(t.w2)}}}};
        }
        attn::multi_head_options options;
        options.heads = heads;
        options.seed = seed;
        return {
            {"params",
             to_json(attn::multi_head_attention(zeros, zeros, zeros, {}, options)).at("params")}};
    }

    inline json run_random_matrix(input_reader& in)
    {
        const std::size_t rows = in.count("rows"), cols = in.count("cols");
        attn::random_matrix_options options;
        options.seed = in.seed();
        if (in.has("distribution"))
        {
            options.dist = attn::parse_distribution("distribution", in.string("distribution"));
        }
        options.scale = in.optional_number("scale").value_or(options.scale);
        return {{"matrix", to_json(attn::random_matrix(rows, cols, options))}};
    }

    inline json run_token_embedding(input_reader& in)
    {
        const auto tokens = in.strings("tokens");
        const std::size_t d_model = in.count("dModel");
        return to_json(attn::embed_tokens(tokens, d_model, in.seed()));
    }

    inline json run_softmax_jacobian(input_reader& in)
    {
        return to_json(attn::softmax_jacobian(in.matrix("logits")));
    }

    inline json run_scaling_experiment(input_reader& in)
    {
        const std::size_t d_k = in.count("dK"), keys = in.count("keys"),
                          samples = in.count("samples");
        return to_json(attn::scaling_experiment(d_k, keys, samples, in.seed()));
    }

    using runner = std::function<json(input_reader&)>;

    /// Every fixture file this suite knows, and the operation its cases call.
    inline const std::map<std::string, runner>& runners()
    {
        static const std::map<std::string, runner> table = {
            {"softmax.json", run_softmax},
            {"attention.json", run_attention},
            {"multi_head_attention.json", run_multi_head_attention},
            {"positional_encoding.json", run_positional_encoding},
            {"layer_norm.json", run_layer_norm},
            {"feed_forward.json", run_feed_forward},
            {"encoder_layer.json", run_encoder_layer},
            {"entropy.json", run_entropy},
            {"xavier.json", run_xavier},
            {"random_matrix.json", run_random_matrix},
            {"token_embedding.json", run_token_embedding},
            {"softmax_jacobian.json", run_softmax_jacobian},
            {"scaling_experiment.json", run_scaling_experiment},
        };
        return table;
    }

    /// Runs a case's input through the engine; the result has the JS trace's shape.
    inline json run_case(const fixture_case& c)
    {
        const auto found = runners().find(c.file);
        if (found == runners().end())
        {
            throw fixture_error("no operation is known for fixture file " + c.file);
        }
        input_reader in(c.input);
        json actual = found->second(in);
        in.finish();
        return actual;
    }
} // namespace golden

#endif
