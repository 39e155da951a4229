// How strongly each head of a trained model follows its task's ideal pattern on the probe
// (trainer::head_scores), apart from the trainer's state: it needs only the task, the probe and
// the weights.
#include "attn/train/head_scores.hpp"

#include <cmath>

#include "attn/entropy.hpp"

namespace attn
{
    namespace
    {
        /// [layer][head]: `score(w)` of every head's weights.
        template <typename Score>
        std::vector<std::vector<double>> per_head(const std::vector<std::vector<matrix>>& weights,
                                                  Score score)
        {
            std::vector<std::vector<double>> out;
            for (const std::vector<matrix>& layer : weights)
            {
                std::vector<double> scores;
                for (const matrix& w : layer)
                {
                    scores.push_back(score(w));
                }
                out.push_back(std::move(scores));
            }
            return out;
        }

        /// The head's mean attention mass on the keys `ideal` marks, over the scored queries.
        double mass_on(const matrix& w, const matrix& ideal, const task_example& probe)
        {
            double total = 0;
            std::size_t queries = 0;
            for (std::size_t i = 0; i < rows(w); ++i)
            {
                if (!probe.scored[i])
                {
                    continue;
                }
                for (std::size_t j = 0; j < cols(w); ++j)
                {
                    total += ideal(i, j) > 0 ? w(i, j) : 0.0;
                }
                ++queries;
            }
            return total / static_cast<double>(queries);
        }

        /// 1 − mean row entropy / ln n: how concentrated the head is.
        double concentration(const matrix& w)
        {
            double total = 0;
            for (std::size_t i = 0; i < rows(w); ++i)
            {
                // The engine's row entropy (attention_entropy's pass 1), not a second copy.
                const double entropy = detail::row_entropy(&w(i, 0), cols(w));
                total += 1.0 - entropy / std::log(static_cast<double>(cols(w)));
            }
            return total / static_cast<double>(rows(w));
        }
    } // namespace

    trainer_head_scores score_heads(task_kind task, const task_example& probe,
                                    const std::vector<std::vector<matrix>>& weights)
    {
        trainer_head_scores out;
        const bool iris = task == task_kind::iris;
        out.has_ideal = !iris;
        out.measure =
            iris ? "how concentrated the head is: 1 − (mean row entropy) / ln 4 (1: each feature "
                   "attends to one feature; 0: evenly to all four). Iris has no known ideal "
                   "pattern, so this says nothing about which features matter."
            : task == task_kind::reverse
                ? "mean attention on the mirrored position n − 1 − i over the probe's positions"
            : task == task_kind::sort
                ? "mean attention on the keys holding the i-th smallest symbol, over the probe's "
                  "positions"
            : task == task_kind::compare
                ? "mean attention on the first and the previous position together, over the "
                  "probe's scored positions"
                : "mean attention on the symbol after an earlier occurrence of the current one, "
                  "over the probe's scored positions";
        if (iris)
        {
            out.scores = per_head(weights, concentration);
            return out;
        }
        out.ideal = ideal_attention(task, probe);
        out.scores =
            per_head(weights, [&](const matrix& w) { return mass_on(w, out.ideal, probe); });
        const std::vector<attention_role> roles = task_roles(task);
        for (std::size_t r = 0; r < roles.size(); ++r)
        {
            trainer_head_pattern pattern;
            pattern.name = roles[r].name;
            pattern.measure = roles[r].measure;
            pattern.ideal = role_attention(task, r, probe);
            pattern.scores = per_head(weights, [&](const matrix& w)
                                      { return mass_on(w, pattern.ideal, probe); });
            out.patterns.push_back(std::move(pattern));
        }
        return out;
    }
} // namespace attn
