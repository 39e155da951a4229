#include "attn/multi_head_attention.hpp"

#include <algorithm>

#include "attn/alibi.hpp"
#include "attn/error.hpp"
#include "attn/random.hpp"
#include "attn/sliding_window.hpp"

namespace attn
{
    head_positions parse_head_positions(const std::string& argument, const std::string& name)
    {
        const std::pair<const char*, head_positions> choices[] = {{"none", head_positions::none},
                                                                  {"rope", head_positions::rope},
                                                                  {"alibi", head_positions::alibi}};
        return detail::parse_choice(argument, name, choices);
    }

    void detail::check_head_positions(head_positions positional, double rope_base,
                                      std::size_t d_k, const std::optional<std::size_t>& window,
                                      const std::optional<std::size_t>& sinks)
    {
        check_rope_base("ropeBase", rope_base);
        if (positional == head_positions::rope && d_k % 2 != 0)
        {
            fail("positional",
                 "'none' or 'alibi' with an odd d_k = d_model / heads = " + std::to_string(d_k) +
                     " (RoPE rotates pairs of columns)",
                 "'rope'");
        }
        if (window)
        {
            check_window(*window);
        }
        else if (sinks)
        {
            fail("sinks",
                 "a window beside it (sinks are the first keys kept visible past a sliding window)",
                 "sinks = " + std::to_string(*sinks) + " without window");
        }
    }

    void detail::check_attention_cells(std::size_t heads, std::size_t n, std::size_t m)
    {
        if (heads * n * m > max_attention_cells)
        {
            fail("heads",
                 "heads × queries × keys of at most " + std::to_string(max_attention_cells) +
                     " attention weights",
                 std::to_string(heads) + " × " + std::to_string(n) + " × " + std::to_string(m));
        }
    }

    namespace
    {
        /// The checks of the options that shape each head, and the window beside a mask.
        void check_head_options(const multi_head_options& options, std::size_t d_k)
        {
            detail::check_head_positions(options.positional, options.rope_base, d_k,
                                         options.window, options.sinks);
            if (options.window && options.attention.mask.type != attention_mask::kind::none)
            {
                detail::fail("window", "no mask beside it (the window is a causal mask of its own)",
                             "a mask as well");
            }
        }

        /// Which keys each query sees: the window's band, the given mask, or none (empty).
        matrix allowed_keys(const multi_head_options& options, std::size_t n, std::size_t m)
        {
            if (options.window)
            {
                return sliding_window_mask(n, m, *options.window, options.sinks.value_or(0));
            }
            if (options.attention.mask.type != attention_mask::kind::none)
            {
                return resolve_mask(options.attention.mask, n, m);
            }
            return matrix{};
        }

        /// RoPE on one head's projected queries or keys, at positions 0 … rows − 1, by angles
        /// computed once for every head (rope_angles_from_zero with at least as many rows).
        matrix rotate(const matrix& x, const rope_trace& angles, const multi_head_options& options,
                      const char* blamed)
        {
            matrix out = detail::rotate_pairs(x, angles.cos, angles.sin, options.rope_pairing);
            detail::check_finite_result(blamed, "output", out);
            return out;
        }
    } // namespace

    multi_head_trace multi_head_attention(const matrix& query, const matrix& key,
                                          const matrix& value, const multi_head_params& params,
                                          const multi_head_options& options)
    {
        // Shape contract: query (S·n × d_model), key and value (S·m × d_model) for S stacked
        // sequences (1 unless the trainer stacks a batch), heads h | d_model, key/value heads
        // g | h → projected key and value (S·m × g·d_k), per sequence and head (n × d_k)
        // attention, concat (S·n × d_model), output (S·n × d_model), weights (h × S·n × m).
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
        detail::check_attention_cells(h, n, m);
        const std::size_t kv_heads = detail::check_kv_heads(options.kv_heads, h);
        const std::size_t d_k = d_model / h, kv_width = kv_heads * d_k;
        check_head_options(options, d_k);
        detail::check_mask_fill(options.attention.mask_fill);
        detail::check_dropout(options.attention.dropout);

        multi_head_trace t;
        t.heads = h;
        t.d_model = d_model;
        t.d_k = d_k;
        t.kv_heads = kv_heads;
        t.sequences = sequences;
        t.params = resolve_multi_head_params(params, d_model, options.seed, kv_width);
        t.parameter_count = multi_head_parameter_count(d_model, kv_width, params);

        const matrix allowed = allowed_keys(options, n, m);
        const bool masked = allowed.size() != 0;
        const bool dropout = options.attention.dropout > 0;
        const bool rotary = options.positional == head_positions::rope;
        t.rope_base = options.rope_base;
        t.rope_pairing = options.rope_pairing;
        // ALiBi: head i's bias, −slope_i·|i − j|, the same in every sequence.
        std::vector<matrix> biases;
        if (options.positional == head_positions::alibi)
        {
            t.alibi_slopes = alibi_slopes(h);
            for (std::size_t i = 0; i < h; ++i)
            {
                biases.push_back(alibi_bias(t.alibi_slopes(i), n, m));
            }
        }

        // pass 1: project the inputs, x·W + b; keys and values only as wide as their heads.
        // Row by row, so one product serves every stacked sequence.
        t.projected_query = linear(query, t.params.w_q, t.params.b_q); // (S·n × d_model)
        t.projected_key = linear(key, t.params.w_k, t.params.b_k);     // (S·m × g·d_k)
        t.projected_value = linear(value, t.params.w_v, t.params.b_v); // (S·m × g·d_k)
        detail::check_linear_result("query", "bQ", "projectedQuery", query, t.params.w_q,
                                    t.params.b_q, t.projected_query);
        detail::check_linear_result("key", "bK", "projectedKey", key, t.params.w_k, t.params.b_k,
                                    t.projected_key);
        detail::check_linear_result("value", "bV", "projectedValue", value, t.params.w_v,
                                    t.params.b_v, t.projected_value);

        // RoPE's angles at positions 0 … max(n, m) − 1, the same for every sequence and head.
        const rope_trace angles =
            rotary ? detail::rope_angles_from_zero(std::max(n, m), d_k, options.rope_base, "ropeBase")
                   : rope_trace{};
        t.weights = xt::empty<double>({h, sequences * n, m});
        t.concat = xt::empty<double>({sequences * n, d_model});
        t.per_head.reserve(sequences * h);
        for (std::size_t s = 0; s < sequences; ++s)
        {
            // Under dropout a sequence's heads draw their masks one after another from one
            // stream, so head i's mask is the (i+1)-th n × m block of it.
            splitmix64 dropout_stream(
                stream_state(options.dropout_seeds.empty() ? options.attention.dropout_seed
                                                           : options.dropout_seeds[s],
                             static_cast<std::uint64_t>(input_stream::attention_dropout)));
            // With RoPE each key/value head's keys are rotated once, for every query head that
            // reads them.
            std::vector<matrix> rotated_keys;
            for (std::size_t g = 0; rotary && g < kv_heads; ++g)
            {
                rotated_keys.push_back(
                    rotate(block(t.projected_key, s * m, m, g * d_k, d_k), angles, options, "key"));
            }
            for (std::size_t i = 0; i < h; ++i)
            {
                // pass 2: head i owns columns i·d_k … (i+1)·d_k − 1 of the projected query, and
                // reads those of its key/value head g = ⌊i·kv_heads / h⌋ (g = i unless
                // grouped), in the rows of sequence s.
                head_trace head;
                head.kv_head = detail::kv_head_of(i, h, kv_heads);
                const std::size_t kv_column = head.kv_head * d_k;
                head.query = block(t.projected_query, s * n, n, i * d_k, d_k);   // (n × d_k)
                head.key = block(t.projected_key, s * m, m, kv_column, d_k);     // (m × d_k)
                head.value = block(t.projected_value, s * m, m, kv_column, d_k); // (m × d_k)
                // With RoPE, query row r and key row j turn by r·θ and j·θ, so their score
                // depends on r − j, not on where they are.
                if (rotary)
                {
                    head.rotated = true;
                    head.rotated_query = rotate(head.query, angles, options, "query");
                    head.rotated_key = rotated_keys[head.kv_head];
                }
                const bool alibi = !biases.empty();
                if (alibi)
                {
                    head.alibi_slope = t.alibi_slopes(i);
                }

                // pass 3: ordinary scaled dot-product attention inside the head, scaled by √d_k
                // of the head, not of d_model; with ALiBi, the head's bias is added to the
                // scaled scores before the mask and the softmax.
                const matrix dropout_mask =
                    dropout
                        ? detail::draw_dropout_mask(n, m, options.attention.dropout, dropout_stream)
                        : matrix{};
                head.attention = detail::attention_unchecked(
                    rotary ? head.rotated_query : head.query, rotary ? head.rotated_key : head.key,
                    head.value, masked ? &allowed : nullptr, options.attention.mask_fill,
                    dropout ? &dropout_mask : nullptr, alibi ? &biases[i] : nullptr);
                head.entropy = detail::entropy_unchecked(head.attention.weights);
                std::copy_n(head.attention.weights.data(), n * m,
                            t.weights.data() + (i * sequences + s) * n * m);

                // pass 4: the head's output fills its own columns of the concatenation.
                put_block(t.concat, head.attention.output, s * n, i * d_k);
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
