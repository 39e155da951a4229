#include "attn/next_token_loss.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "attn/error.hpp"
#include "attn/sequence_sums.hpp"

namespace attn
{
    namespace detail
    {
        next_token_loss_trace next_token_loss_unchecked(const matrix& hidden,
                                                        const matrix& unembedding,
                                                        std::vector<std::size_t> targets)
        {
            // Shape contract: hidden (n × d_model), unembedding (vocab × d_model), targets (n)
            // → logits, log_probabilities, probabilities (n × vocab), log_sum_exp, losses (n),
            // loss (scalar).
            // pass 1: each token's logit is the dot product of the hidden state with its row.
            matrix logits = matmul_transposed(hidden, unembedding);
            check_finite_result("hidden", "logits", logits);
            return next_token_loss_from_logits(std::move(logits), std::move(targets));
        }

        next_token_loss_trace next_token_loss_from_logits(matrix logits,
                                                          std::vector<std::size_t> targets)
        {
            // Shape contract: logits (n × vocab), targets (n) → passes 2 to 5 of the above.
            const std::size_t n = rows(logits), vocab = cols(logits);
            next_token_loss_trace t;
            t.logits = std::move(logits);
            t.log_sum_exp = xt::empty<double>({n});
            t.log_probabilities = xt::empty<double>({n, vocab});
            t.probabilities = xt::empty<double>({n, vocab});
            t.losses = xt::empty<double>({n});
            double total = 0;
            for (std::size_t i = 0; i < n; ++i)
            {
                // pass 2: ln Σ exp(x) with the row's max taken out first, so exp never
                // overflows and the largest term is exactly 1.
                double row_max = t.logits(i, 0);
                for (std::size_t j = 1; j < vocab; ++j)
                {
                    row_max = std::max(row_max, t.logits(i, j));
                }
                double sum = 0;
                for (std::size_t j = 0; j < vocab; ++j)
                {
                    sum += std::exp(t.logits(i, j) - row_max);
                }
                t.log_sum_exp(i) = row_max + std::log(sum);

                // pass 3: log-probabilities by subtraction, never as ln of a probability, which
                // would be ln 0 = −∞ for a token far below the row's max.
                for (std::size_t j = 0; j < vocab; ++j)
                {
                    t.log_probabilities(i, j) = t.logits(i, j) - t.log_sum_exp(i);
                    t.probabilities(i, j) = std::exp(t.log_probabilities(i, j));
                }

                // pass 4: the loss of row i is how surprised it is by its target.
                t.losses(i) = -t.log_probabilities(i, targets[i]);
                total += t.losses(i);
            }
            check_finite_result("hidden", "logProbabilities", t.log_probabilities);

            // pass 5: the mean over the rows, as torch's default reduction.
            t.loss = total / static_cast<double>(n);
            t.targets = std::move(targets);
            return t;
        }

        next_token_loss_backward_trace
        next_token_loss_backward_from(const matrix& hidden, const matrix& unembedding,
                                      const next_token_loss_trace& forward)
        {
            // Shape contract: hidden (n × d_model), unembedding (vocab × d_model) → grad_logits
            // (n × vocab), grad_hidden (n × d_model), grad_unembedding (vocab × d_model).
            const std::size_t n = rows(hidden);
            next_token_loss_backward_trace t;
            // pass 1: ∂loss/∂logits[i][j] = (p[i][j] − [j = target_i]) / n: each row pushes its
            // target's logit up and every other down, by the probability it wrongly gave.
            t.grad_logits = forward.probabilities;
            for (std::size_t i = 0; i < n; ++i)
            {
                t.grad_logits(i, forward.targets[i]) -= 1.0;
            }
            t.grad_logits /= static_cast<double>(n);
            // pass 2: logits = hidden·Uᵀ, so ∂L/∂hidden = gradLogits·U: the rows of U mixed by
            // how much each token's logit should move.
            t.grad_hidden = matmul(t.grad_logits, unembedding);
            // pass 3: and ∂L/∂U = gradLogitsᵀ·hidden: token j's row collects every hidden
            // state, weighted by that row's gradient on j.
            t.grad_unembedding = transposed_product(t.grad_logits, hidden);
            return t;
        }
    } // namespace detail

    namespace
    {
        std::vector<std::size_t> checked_targets(const matrix& hidden, const matrix& unembedding,
                                                 const vector& targets)
        {
            detail::check_matrix("hidden", hidden);
            detail::check_matrix("unembedding", unembedding);
            detail::check_matrix_shape("unembedding", unembedding, rows(unembedding),
                                       cols(hidden), "vocab × d_model, d_model the width of hidden");
            detail::check_vector("targets", targets, rows(hidden), "one target per row of hidden");
            return detail::check_token_ids("targets", targets, rows(unembedding), "unembedding");
        }
    } // namespace

    next_token_loss_trace next_token_loss(const matrix& hidden, const matrix& unembedding,
                                          const vector& targets)
    {
        return detail::next_token_loss_unchecked(
            hidden, unembedding, checked_targets(hidden, unembedding, targets));
    }

    next_token_loss_backward_trace next_token_loss_backward(const matrix& hidden,
                                                            const matrix& unembedding,
                                                            const vector& targets)
    {
        const next_token_loss_trace forward = next_token_loss(hidden, unembedding, targets);
        next_token_loss_backward_trace t =
            detail::next_token_loss_backward_from(hidden, unembedding, forward);
        // |gradLogits| ≤ 1/n, so only values near the double limit overflow here.
        detail::check_finite_result("unembedding", "gradHidden", t.grad_hidden);
        detail::check_finite_result("hidden", "gradUnembedding", t.grad_unembedding);
        return t;
    }
} // namespace attn
