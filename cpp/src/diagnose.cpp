#include "attn/diagnose.hpp"

#include <cmath>

#include "attn/error.hpp"
#include "attn/mask.hpp"
#include "attn/softmax.hpp"
#include "name_misconception.hpp"

namespace attn
{
    namespace
    {
        /// How a run of attention goes wrong (all false: attention itself).
        struct mistake
        {
            enum class divisor
            {
                sqrt_d_k,
                one,
                d_k
            } by = divisor::sqrt_d_k;
            bool ignore_mask = false;
            bool no_softmax = false;
            bool column_softmax = false;
            bool round_early = false;
        };

        /// The stage matrices of one run: scores, scaled (before the mask), weights, output.
        struct run
        {
            matrix scores, scaled, weights, output;
        };

        /// Rounds every cell to 2 decimals, as a learner writing intermediates down would.
        matrix rounded(matrix m)
        {
            for (double& x : m)
            {
                x = std::isfinite(x) ? std::round(x * 100) / 100 : x;
            }
            return m;
        }

        run attend(const matrix& query, const matrix& key, const matrix& value,
                   const matrix* allowed, double fill, const mistake& how)
        {
            // Shape contract: query (n × d_k), key (m × d_k), value (m × d_v) → scores, scaled,
            // weights (n × m), output (n × d_v), as attention's passes with one thing changed.
            run r;
            const auto keep = [&](const matrix& m) { return how.round_early ? rounded(m) : m; };
            const double d_k = static_cast<double>(cols(query));
            // pass 1: scores = Q·Kᵀ.
            r.scores = keep(matmul_transposed(query, key));
            // pass 2: divide (by √d_k; the mistakes divide by 1 or by d_k).
            const double divisor = how.by == mistake::divisor::sqrt_d_k ? std::sqrt(d_k)
                                   : how.by == mistake::divisor::d_k    ? d_k
                                                                        : 1.0;
            r.scaled = keep(matrix(r.scores / divisor));
            // pass 3: the mask (unless ignored). Without a softmax, a blocked cell weighs 0.
            matrix logits = r.scaled;
            if (allowed != nullptr && !how.ignore_mask)
            {
                for (std::size_t k = 0; k < logits.size(); ++k)
                {
                    if (allowed->data()[k] == 0)
                    {
                        logits.data()[k] = how.no_softmax ? 0.0 : fill;
                    }
                }
            }
            // pass 4: the weights: softmax over each row of keys (the mistakes: over each
            // column of queries, or none).
            if (how.no_softmax)
            {
                r.weights = logits;
            }
            else if (how.column_softmax)
            {
                r.weights = xt::transpose(softmax_rows(xt::transpose(logits)).weights);
            }
            else
            {
                r.weights = softmax_rows(logits).weights;
            }
            r.weights = keep(r.weights);
            // pass 5: output = weights·V.
            r.output = matmul(r.weights, value);
            return r;
        }

        double cell(const run& r, explain_stage stage, std::size_t i, std::size_t j)
        {
            switch (stage)
            {
            case explain_stage::score:
                return r.scores(i, j);
            case explain_stage::scaled:
                return r.scaled(i, j);
            case explain_stage::weight:
                return r.weights(i, j);
            case explain_stage::output:
                break;
            }
            return r.output(i, j);
        }
    } // namespace

    diagnosis diagnose(const matrix& query, const matrix& key, const matrix& value,
                       const attention_options& attention, const diagnose_options& options)
    {
        detail::check_attention_inputs(query, key, value, max_dimension);
        detail::check_mask_fill(attention.mask_fill);
        const std::size_t n = rows(query), m = rows(key), d_v = cols(value);
        const std::size_t i = detail::check_integer("row", options.row, 0, static_cast<double>(n - 1));
        const std::size_t last = options.stage == explain_stage::output ? d_v : m;
        const std::size_t j =
            detail::check_integer("column", options.column, 0, static_cast<double>(last - 1));
        detail::check_answer(options.answer, options.tolerance);
        const bool masked = attention.mask.type != attention_mask::kind::none;
        const matrix allowed = masked ? resolve_mask(attention.mask, n, m) : matrix{};
        const matrix* mask = masked ? &allowed : nullptr;

        diagnosis d;
        // The expected value is the engine's own attention, not this file's re-run of it.
        const attention_trace t = detail::attention_unchecked(query, key, value, mask,
                                                              attention.mask_fill, nullptr);
        d.expected = options.stage == explain_stage::score    ? t.scores(i, j)
                     : options.stage == explain_stage::scaled ? t.scaled(i, j)
                     : options.stage == explain_stage::weight ? t.weights(i, j)
                                                              : t.output(i, j);

        // The mistakes in order of precedence, each with the first stage it can change.
        struct named
        {
            const char* name;
            mistake how;
            explain_stage from;
            bool applies;
        };
        mistake unscaled, by_d_k, ignore_mask, no_softmax, column_softmax, round_early;
        unscaled.by = mistake::divisor::one;
        by_d_k.by = mistake::divisor::d_k;
        ignore_mask.ignore_mask = true;
        no_softmax.no_softmax = true;
        column_softmax.column_softmax = true;
        round_early.round_early = true;
        const named mistakes[] = {
            {"unscaled", unscaled, explain_stage::scaled, true},
            {"dividedByDk", by_d_k, explain_stage::scaled, true},
            {"maskIgnored", ignore_mask, explain_stage::weight, masked},
            {"noSoftmax", no_softmax, explain_stage::weight, true},
            {"columnSoftmax", column_softmax, explain_stage::weight, true},
            {"roundedEarly", round_early, explain_stage::scaled, true},
        };
        std::vector<detail::mistake_value> there;
        for (const named& mk : mistakes)
        {
            if (mk.applies && static_cast<int>(options.stage) >= static_cast<int>(mk.from))
            {
                there.push_back({mk.name, cell(attend(query, key, value, mask, attention.mask_fill,
                                                      mk.how),
                                               options.stage, i, j)});
            }
        }
        return detail::name_misconception(d, options.answer, options.tolerance, there);
    }
} // namespace attn
