#include "attn/attention_backward.hpp"

#include <string>


#include "attn/error.hpp"
#include "attn/sequence_sums.hpp"

namespace attn
{
    namespace detail
    {
        attention_backward_trace attention_backward_from(const matrix& query, const matrix& key,
                                                         const matrix& value,
                                                         const attention_trace& forward,
                                                         const matrix& grad_output)
        {
            // Shape contract: query (n × d_k), key (m × d_k), value (m × d_v), forward of those,
            // grad_output G (n × d_v) → grad_value (m × d_v), grad_weights, grad_scaled,
            // grad_scores (n × m), grad_query (n × d_k), grad_key (m × d_k).
            attention_backward_trace t;
            t.grad_output = grad_output;
            const std::size_t n = rows(query), m = rows(key);
            // Under dropout the output was computed from the dropped weights, so they are what
            // V's gradient sees.
            const matrix& used_weights =
                forward.has_dropout ? forward.dropped_weights : forward.weights;

            // pass 1: ∂L/∂V = Wᵀ·G: value row j collects every query's gradient, weighted by
            // how much that query attended to key j (m × d_v).
            t.grad_value = transposed_product(used_weights, grad_output);
            check_finite_result("gradOutput", "gradValue", t.grad_value);

            // pass 2: ∂L/∂W = G·Vᵀ: weight (i, j) moved output row i along value row j (n × m).
            // A dropped cell did not reach the output, so its gradient is 0; a kept one was
            // scaled by 1/(1 − p), and so is its gradient: both are a product with the mask.
            t.grad_weights = matmul_transposed(grad_output, value);
            check_finite_result("gradOutput", "gradWeights", t.grad_weights);
            if (forward.has_dropout)
            {
                t.grad_weights *= forward.dropout_mask;
            }

            // pass 3: softmax backward per row, ∂L/∂s_j = w_j·(g_j − Σ_k w_k·g_k). The sum is
            // the row's weighted average gradient: raising one logit raises its weight and
            // lowers every other, so only the difference from that average matters. A fully
            // masked row under −∞ has w = 0 and so gets 0, never NaN. A blocked cell was
            // overwritten by the fill, so the score it came from gets no gradient.
            // Row pointers rather than (i, j): the trainer runs this for every head and window.
            t.grad_scaled = xt::empty<double>({n, m});
            for (std::size_t i = 0; i < n; ++i)
            {
                const double* w = forward.weights.data() + i * m;
                const double* g = t.grad_weights.data() + i * m;
                const double* allowed = forward.has_mask ? forward.mask.data() + i * m : nullptr;
                double* out = t.grad_scaled.data() + i * m;
                double weighted = 0;
                for (std::size_t j = 0; j < m; ++j)
                {
                    weighted += w[j] * g[j];
                }
                for (std::size_t j = 0; j < m; ++j)
                {
                    const bool blocked = allowed != nullptr && allowed[j] == 0;
                    out[j] = blocked ? 0.0 : w[j] * (g[j] - weighted);
                }
            }
            check_finite_result("gradOutput", "gradScaled", t.grad_scaled);

            // pass 4: scaled = scores / √d_k, so ∂L/∂scores = ∂L/∂scaled / √d_k (n × m).
            t.grad_scores = t.grad_scaled / forward.sqrt_d_k;

            // pass 5: scores = Q·Kᵀ, so ∂L/∂Q = ∂L/∂scores·K (n × d_k).
            t.grad_query = matmul(t.grad_scores, key);
            check_finite_result("gradOutput", "gradQuery", t.grad_query);

            // pass 6: and ∂L/∂K = (∂L/∂scores)ᵀ·Q (m × d_k).
            t.grad_key = transposed_product(t.grad_scores, query);
            check_finite_result("gradOutput", "gradKey", t.grad_key);
            return t;
        }
    } // namespace detail

    attention_backward_trace attention_backward(const matrix& query, const matrix& key,
                                                const matrix& value,
                                                const attention_options& options,
                                                const matrix& grad_output)
    {
        const attention_trace forward = scaled_dot_product_attention(query, key, value, options);
        detail::check_matrix_shape("gradOutput", grad_output, rows(query), cols(value),
                                   "n × d_v, the shape of the output");
        return detail::attention_backward_from(query, key, value, forward, grad_output);
    }
} // namespace attn
