#include "attn/multi_head_attention_backward.hpp"

#include "attn/error.hpp"
#include "attn/rope.hpp"
#include "attn/sequence_sums.hpp"

namespace attn
{
    namespace detail
    {
        linear_gradients linear_backward(const matrix& x, const matrix& w, bool has_bias,
                                         const matrix& grad_y, std::size_t sequences)
        {
            // Shape contract: x (n × in), w (in × out), grad_y (n × out) → grad_input (n × in),
            // grad_weight (in × out), grad_bias (out) or empty.
            linear_gradients g;
            g.grad_input = matmul_transposed(grad_y, w);
            g.grad_weight = transposed_product(x, grad_y, sequences);
            if (has_bias)
            {
                // The bias is added to every row, so its gradient sums the rows.
                g.grad_bias = column_sums(grad_y, sequences);
            }
            return g;
        }

        namespace
        {
            /// Checks every gradient of a linear layer's backward is finite; finite inputs can
            /// still overflow, and it is the gradient arriving from above that was too large.
            void check_linear_gradients(const linear_gradients& g, const std::string& input,
                                        const std::string& weight)
            {
                check_finite_result("gradOutput", input, g.grad_input);
                check_finite_result("gradOutput", weight, g.grad_weight);
            }

            /// Adds `part` into `whole` from (first_row, first_col): a key/value head shared by
            /// several query heads collects their gradients. A plain loop, as put_block copies
            /// (the trainer runs this every step; a range view's effect was within the noise of
            /// trainer.test, so this is for symmetry with put_block, not a measured gain).
            void add_block(matrix& whole, const matrix& part, std::size_t first_row,
                           std::size_t first_col)
            {
                const std::size_t c = cols(whole), part_cols = cols(part);
                for (std::size_t i = 0; i < rows(part); ++i)
                {
                    const double* from = part.data() + i * part_cols;
                    double* to = whole.data() + (first_row + i) * c + first_col;
                    for (std::size_t j = 0; j < part_cols; ++j)
                    {
                        to[j] += from[j];
                    }
                }
            }

            /// RoPE's backward for the gradient of a head's rotated query or key: the rotation
            /// at rows 0 … r − 1 with the forward's pairing, transposed, i.e. the turn by the
            /// opposite angles, whose cos is the same and whose sin is `minus_sin`.
            matrix turned_back(const matrix& grad_rotated, const rope_trace& angles,
                               const matrix& minus_sin, const multi_head_trace& forward)
            {
                matrix out =
                    rotate_pairs(grad_rotated, angles.cos, minus_sin, forward.rope_pairing);
                // A turn keeps each pair's length, but one cell can grow by √2: near the double
                // limit that overflows.
                check_finite_result("gradOutput", "output", out);
                return out;
            }
        } // namespace

        multi_head_backward_trace
        multi_head_attention_backward_from(const matrix& query, const matrix& key,
                                           const matrix& value, const multi_head_trace& forward,
                                           const matrix& grad_output)
        {
            // Shape contract: query (S·n × d_model), key and value (S·m × d_model) for S stacked
            // sequences, forward of those, G (S·n × d_model) → grad_concat (n × d_model), per head
            // (n × d_k, m × d_k) backward, grad_projected_* (n/m × d_model), input gradients (n/m ×
            // d_model), weight gradients (d_model × d_model), bias gradients (d_model) or empty.
            multi_head_backward_trace t;
            t.grad_output = grad_output;
            const std::size_t sequences = forward.sequences, d_model = forward.d_model;
            // n and m: the rows of one sequence.
            const std::size_t n = rows(query) / sequences, m = rows(key) / sequences;
            const resolved_multi_head_params& p = forward.params;

            // pass 1: output = concat·W_O + b_O, so ∂L/∂W_O = concatᵀ·G, ∂L/∂b_O = Σ rows G
            // and ∂L/∂concat = G·W_Oᵀ.
            linear_gradients out =
                linear_backward(forward.concat, p.w_o, p.b_o.size() != 0, grad_output, sequences);
            check_linear_gradients(out, "gradConcat", "gradWO");
            t.grad_concat = std::move(out.grad_input);
            t.grad_w_o = std::move(out.grad_weight);
            t.grad_b_o = std::move(out.grad_bias);

            // pass 2: head i's output filled columns i·d_k … (i+1)·d_k − 1 of concat, so those
            // columns of ∂L/∂concat are its ∂L/∂output; each head runs attention backward.
            // Stacked sequences: the same, for each sequence's rows.
            // With grouped heads the keys and values are kv_heads·d_k wide, and each key/value
            // head collects the gradients of every query head that read it.
            const std::size_t kv_width = cols(forward.projected_key);
            t.grad_projected_query = xt::zeros<double>({sequences * n, d_model});
            t.grad_projected_key = xt::zeros<double>({sequences * m, kv_width});
            t.grad_projected_value = xt::zeros<double>({sequences * m, kv_width});
            t.per_head.reserve(sequences * forward.heads);
            // RoPE's angles once for every head, as the forward turned them.
            const bool rotary = !forward.per_head.empty() && forward.per_head.front().rotated;
            const rope_trace angles =
                rotary ? rope_angles_from_zero(std::max(n, m), forward.d_k, forward.rope_base,
                                               "ropeBase")
                       : rope_trace{};
            const matrix minus_sin = rotary ? matrix(-angles.sin) : matrix{};
            for (std::size_t s = 0; s < sequences; ++s)
            {
                for (std::size_t i = 0; i < forward.heads; ++i)
                {
                    const head_trace& head = forward.per_head[s * forward.heads + i];
                    const std::size_t first = i * forward.d_k;
                    // With RoPE the head attended with its rotated query and key.
                    t.per_head.push_back(attention_backward_from(
                        head.rotated ? head.rotated_query : head.query,
                        head.rotated ? head.rotated_key : head.key, head.value, head.attention,
                        block(t.grad_concat, s * n, n, first, forward.d_k)));

                    // pass 3: the head read its columns of the projected query and its key/value
                    // head's columns of the projected key and value, so its input gradients go
                    // back into them (through RoPE's transpose when rotated); query heads that
                    // share a key/value head add up there.
                    const attention_backward_trace& g = t.per_head.back();
                    put_block(t.grad_projected_query,
                              head.rotated ? turned_back(g.grad_query, angles, minus_sin, forward)
                                           : g.grad_query,
                              s * n, first);
                    const std::size_t kv_first = head.kv_head * forward.d_k;
                    add_block(t.grad_projected_key,
                              head.rotated ? turned_back(g.grad_key, angles, minus_sin, forward)
                                           : g.grad_key,
                              s * m, kv_first);
                    add_block(t.grad_projected_value, g.grad_value, s * m, kv_first);
                }
            }

            // pass 4: each projection x·W + b backward: ∂L/∂W = xᵀ·∂L/∂projected, ∂L/∂b its
            // row sums, ∂L/∂x = ∂L/∂projected·Wᵀ.
            linear_gradients q =
                linear_backward(query, p.w_q, p.b_q.size() != 0, t.grad_projected_query, sequences);
            linear_gradients k =
                linear_backward(key, p.w_k, p.b_k.size() != 0, t.grad_projected_key, sequences);
            linear_gradients v =
                linear_backward(value, p.w_v, p.b_v.size() != 0, t.grad_projected_value, sequences);
            check_linear_gradients(q, "gradQuery", "gradWQ");
            check_linear_gradients(k, "gradKey", "gradWK");
            check_linear_gradients(v, "gradValue", "gradWV");
            t.grad_query = std::move(q.grad_input);
            t.grad_w_q = std::move(q.grad_weight);
            t.grad_b_q = std::move(q.grad_bias);
            t.grad_key = std::move(k.grad_input);
            t.grad_w_k = std::move(k.grad_weight);
            t.grad_b_k = std::move(k.grad_bias);
            t.grad_value = std::move(v.grad_input);
            t.grad_w_v = std::move(v.grad_weight);
            t.grad_b_v = std::move(v.grad_bias);
            return t;
        }
    } // namespace detail

    namespace
    {
        /// The backward differentiates the layer with a key/value head per query head, no
        /// positions inside the heads and a given mask: it refuses the rest rather than return
        /// the gradients of another layer.
        void check_backward_options(const multi_head_options& options)
        {
            if (options.kv_heads && *options.kv_heads != options.heads)
            {
                detail::fail("kvHeads",
                             "heads = " + std::to_string(options.heads) +
                                 " or none (the backward gives each query head its own keys "
                                 "and values)",
                             std::to_string(*options.kv_heads));
            }
            if (options.positional != head_positions::none)
            {
                detail::fail("positional", "'none' (the backward has no RoPE or ALiBi)",
                             options.positional == head_positions::rope ? "'rope'" : "'alibi'");
            }
            if (options.window)
            {
                detail::fail("window", "none (the backward takes a mask instead)",
                             std::to_string(*options.window));
            }
            if (options.sinks)
            {
                detail::fail("sinks", "none (the backward has no sliding window)",
                             std::to_string(*options.sinks));
            }
        }
    } // namespace

    multi_head_backward_trace multi_head_attention_backward(const matrix& query, const matrix& key,
                                                            const matrix& value,
                                                            const multi_head_params& params,
                                                            const multi_head_options& options,
                                                            const matrix& grad_output)
    {
        check_backward_options(options);
        const multi_head_trace forward = multi_head_attention(query, key, value, params, options);
        detail::check_matrix_shape("gradOutput", grad_output, rows(query), forward.d_model,
                                   "n × d_model, the shape of the output");
        return detail::multi_head_attention_backward_from(query, key, value, forward, grad_output);
    }
} // namespace attn
