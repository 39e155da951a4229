#include "attn/multi_head_attention.hpp"

#include <algorithm>

#include "attn/error.hpp"
#include "attn/random.hpp"

namespace attn
{
    namespace
    {
        matrix weight_or_xavier(const std::optional<matrix>& given, const char* name,
                                std::size_t d_model, std::uint32_t seed, parameter_stream stream)
        {
            if (!given)
            {
                return xavier_uniform(d_model, d_model, seed, stream);
            }
            detail::check_matrix_shape(name, *given, d_model, d_model, "d_model × d_model");
            return *given;
        }

        vector bias_or_none(const std::optional<vector>& given, const char* name,
                            const char* weight, std::size_t d_model)
        {
            if (!given)
            {
                return vector{};
            }
            detail::check_vector(name, *given, d_model,
                                 std::string("d_model, one per column of ") + weight);
            return *given;
        }
    } // namespace

    void detail::check_heads(std::size_t heads, std::size_t d_model)
    {
        if (heads == 0 || heads > d_model || d_model % heads != 0)
        {
            fail("heads", "a divisor of d_model = " + std::to_string(d_model),
                 std::to_string(heads));
        }
    }

    std::size_t multi_head_parameter_count(std::size_t d_model, std::size_t biases)
    {
        return 4 * d_model * d_model + biases * d_model;
    }

    std::size_t multi_head_parameter_count(std::size_t d_model, const multi_head_params& given)
    {
        const std::size_t biases = static_cast<std::size_t>(given.b_q.has_value()) +
                                   given.b_k.has_value() + given.b_v.has_value() +
                                   given.b_o.has_value();
        return multi_head_parameter_count(d_model, biases);
    }

    resolved_multi_head_params resolve_multi_head_params(const multi_head_params& given,
                                                         std::size_t d_model, std::uint32_t seed)
    {
        resolved_multi_head_params p;
        p.w_q = weight_or_xavier(given.w_q, "wQ", d_model, seed, parameter_stream::w_q);
        p.w_k = weight_or_xavier(given.w_k, "wK", d_model, seed, parameter_stream::w_k);
        p.w_v = weight_or_xavier(given.w_v, "wV", d_model, seed, parameter_stream::w_v);
        p.w_o = weight_or_xavier(given.w_o, "wO", d_model, seed, parameter_stream::w_o);
        p.b_q = bias_or_none(given.b_q, "bQ", "wQ", d_model);
        p.b_k = bias_or_none(given.b_k, "bK", "wK", d_model);
        p.b_v = bias_or_none(given.b_v, "bV", "wV", d_model);
        p.b_o = bias_or_none(given.b_o, "bO", "wO", d_model);
        return p;
    }

    multi_head_trace multi_head_attention(const matrix& query, const matrix& key,
                                          const matrix& value, const multi_head_params& params,
                                          const multi_head_options& options)
    {
        // Shape contract: query (S·n × d_model), key and value (S·m × d_model) for S stacked
        // sequences (1 unless the trainer stacks a batch), heads h | d_model → per sequence and
        // head (n × d_k) attention, concat (S·n × d_model), output (S·n × d_model), weights
        // (h × S·n × m).
        const std::size_t sequences = options.sequences;
        detail::check_matrix("query", query, max_dimension * sequences);
        detail::check_matrix("key", key, max_dimension * sequences);
        detail::check_matrix("value", value, max_dimension * sequences);
        if (sequences == 0 || rows(query) % sequences != 0 || rows(key) % sequences != 0)
        {
            detail::fail("sequences", "a divisor of the rows of query and of key",
                         std::to_string(sequences));
        }
        if (!options.dropout_seeds.empty() && options.dropout_seeds.size() != sequences)
        {
            detail::fail("dropoutSeeds", std::to_string(sequences) + " seeds, one per sequence",
                         std::to_string(options.dropout_seeds.size()));
        }
        // n and m: the rows of one sequence.
        const std::size_t n = rows(query) / sequences, m = rows(key) / sequences;
        const std::size_t d_model = cols(query);
        if (cols(key) != d_model)
        {
            detail::fail("key", std::to_string(d_model) + " columns (d_model, the width of query)",
                         std::to_string(cols(key)));
        }
        if (rows(value) != rows(key))
        {
            detail::fail("value", std::to_string(rows(key)) + " rows (one per key)",
                         std::to_string(rows(value)));
        }
        if (cols(value) != d_model)
        {
            detail::fail("value", std::to_string(d_model) + " columns (d_model)",
                         std::to_string(cols(value)));
        }
        const std::size_t h = options.heads;
        detail::check_heads(h, d_model);
        if (h * n * m > max_attention_cells)
        {
            detail::fail("heads",
                         "heads × queries × keys of at most " +
                             std::to_string(max_attention_cells) + " attention weights",
                         std::to_string(h) + " × " + std::to_string(n) + " × " + std::to_string(m));
        }
        detail::check_mask_fill(options.attention.mask_fill);
        detail::check_dropout(options.attention.dropout);

        multi_head_trace t;
        t.heads = h;
        t.d_model = d_model;
        t.d_k = d_model / h;
        t.sequences = sequences;
        t.params = resolve_multi_head_params(params, d_model, options.seed);
        t.parameter_count = multi_head_parameter_count(d_model, params);

        const bool masked = options.attention.mask.type != attention_mask::kind::none;
        const matrix allowed = masked ? resolve_mask(options.attention.mask, n, m) : matrix{};
        const bool dropout = options.attention.dropout > 0;

        // pass 1: project the inputs, x·W + b.
        // Row by row, so one product serves every stacked sequence.
        t.projected_query = linear(query, t.params.w_q, t.params.b_q); // (S·n × d_model)
        t.projected_key = linear(key, t.params.w_k, t.params.b_k);     // (S·m × d_model)
        t.projected_value = linear(value, t.params.w_v, t.params.b_v); // (S·m × d_model)
        detail::check_linear_result("query", "bQ", "projectedQuery", query, t.params.w_q,
                                    t.params.b_q, t.projected_query);
        detail::check_linear_result("key", "bK", "projectedKey", key, t.params.w_k, t.params.b_k,
                                    t.projected_key);
        detail::check_linear_result("value", "bV", "projectedValue", value, t.params.w_v,
                                    t.params.b_v, t.projected_value);

        t.weights = xt::empty<double>({h, sequences * n, m});
        t.concat = xt::empty<double>({sequences * n, d_model});
        t.per_head.reserve(sequences * h);
        for (std::size_t s = 0; s < sequences; ++s)
        {
            // Under dropout a sequence's heads draw their masks one after another from one
            // stream, so head i's mask is the (i+1)-th n × m block of it.
            splitmix64 dropout_stream(stream_state(
                options.dropout_seeds.empty() ? options.attention.dropout_seed
                                              : options.dropout_seeds[s],
                static_cast<std::uint64_t>(input_stream::attention_dropout)));
            for (std::size_t i = 0; i < h; ++i)
            {
                // pass 2: head i owns columns i·d_k … (i+1)·d_k − 1 of each projection, in the
                // rows of sequence s.
                head_trace head;
                head.query = block(t.projected_query, s * n, n, i * t.d_k, t.d_k); // (n × d_k)
                head.key = block(t.projected_key, s * m, m, i * t.d_k, t.d_k);     // (m × d_k)
                head.value = block(t.projected_value, s * m, m, i * t.d_k, t.d_k); // (m × d_k)

                // pass 3: ordinary scaled dot-product attention inside the head, scaled by √d_k
                // of the head, not of d_model.
                const matrix dropout_mask =
                    dropout ? detail::draw_dropout_mask(n, m, options.attention.dropout,
                                                        dropout_stream)
                            : matrix{};
                head.attention = detail::attention_unchecked(
                    head.query, head.key, head.value, masked ? &allowed : nullptr,
                    options.attention.mask_fill, dropout ? &dropout_mask : nullptr);
                head.entropy = detail::entropy_unchecked(head.attention.weights);
                std::copy_n(head.attention.weights.data(), n * m,
                            t.weights.data() + (i * sequences + s) * n * m);

                // pass 4: the head's output fills its own columns of the concatenation.
                put_block(t.concat, head.attention.output, s * n, i * t.d_k);
                t.per_head.push_back(std::move(head));
            }
        }

        // pass 5: mix the heads, concat·W_O + b_O (n × d_model).
        t.output = linear(t.concat, t.params.w_o, t.params.b_o);
        detail::check_linear_result("wO", "bO", "output", t.concat, t.params.w_o, t.params.b_o,
                                    t.output);
        return t;
    }
} // namespace attn
