#ifndef ATTN_TRAIN_HEAD_SCORES_HPP
#define ATTN_TRAIN_HEAD_SCORES_HPP

/**
 * @file head_scores.hpp
 * @brief Per layer and head, how strongly a head follows its task's ideal pattern on the probe.
 */

#include <vector>

#include "attn/matrix.hpp"
#include "attn/train/tasks.hpp"
#include "attn/train/trainer.hpp"

namespace attn
{
    /**
     * @brief The toy tasks: the head's mean attention mass on the ideal key(s) over the probe's
     * scored queries. Iris has no ideal pattern: 1 − mean row entropy / ln 4, how concentrated
     * the head is (`has_ideal` false).
     * @param weights [layer][head], each (n × n), on the probe
     */
    trainer_head_scores score_heads(task_kind task, const task_example& probe,
                                    const std::vector<std::vector<matrix>>& weights);
} // namespace attn

#endif
