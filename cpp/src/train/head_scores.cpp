// How strongly each head of a trained model follows its task's ideal pattern on the probe
// (trainer::head_scores), apart from the trainer's state: it needs only the task, the probe and
// the weights.
#include "attn/train/head_scores.hpp"

#include <cmath>

#include "attn/entropy.hpp"

namespace attn
{
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
                : "mean attention on the symbol after an earlier occurrence of the current one, "
                  "over the probe's scored positions";
        if (!iris)
        {
            out.ideal = ideal_attention(task, probe);
        }
        for (const std::vector<matrix>& layer : weights)
        {
            std::vector<double> scores;
            for (const matrix& w : layer)
            {
                double total = 0;
                std::size_t queries = 0;
                for (std::size_t i = 0; i < rows(w); ++i)
                {
                    if (iris)
                    {
                        // The engine's row entropy (attention_entropy's pass 1), not a second copy.
                        const double entropy = detail::row_entropy(&w(i, 0), cols(w));
                        total += 1.0 - entropy / std::log(static_cast<double>(cols(w)));
                        ++queries;
                        continue;
                    }
                    if (!probe.scored[i])
                    {
                        continue;
                    }
                    for (std::size_t j = 0; j < cols(w); ++j)
                    {
                        total += out.ideal(i, j) > 0 ? w(i, j) : 0.0;
                    }
                    ++queries;
                }
                scores.push_back(total / static_cast<double>(queries));
            }
            out.scores.push_back(std::move(scores));
        }
        return out;
    }
} // namespace attn
