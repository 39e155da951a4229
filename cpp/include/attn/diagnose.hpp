#ifndef ATTN_DIAGNOSE_HPP
#define ATTN_DIAGNOSE_HPP

/**
 * @file diagnose.hpp
 * @brief Grades a learner's answer for one cell of attention and names the mistake it matches:
 * the engine runs the operation again with each common mistake (no ÷√d_k, ÷d_k, softmax over
 * the queries, the mask forgotten, no softmax at all, intermediates rounded to 2 decimals) and
 * compares the answer with what each would give at that cell.
 */

#include <optional>
#include <string>
#include <vector>

#include "attn/attention.hpp"
#include "attn/explain.hpp"

namespace attn
{
    struct diagnose_options
    {
        explain_stage stage = explain_stage::weight;
        double row = 0, column = 0; ///< checked as whole numbers within the stage's matrix
        double answer = 0;          ///< what the learner gave; finite
        /// How close an answer must be to count, > 0; default 0.005, half a unit in the second
        /// decimal, so an answer written to two decimals is graded as written.
        double tolerance = 0.005;
    };

    /// What one mistake gives at the cell.
    struct misconception_candidate
    {
        std::string misconception; ///< its name, as diagnosis.misconception
        double value = 0;          ///< the cell's value when the operation is run with it
    };

    struct diagnosis
    {
        bool correct = false; ///< |answer − expected| ≤ tolerance
        double expected = 0;  ///< the cell of attention's own trace
        /// The first mistake (in candidates' order) whose value is within tolerance of the answer
        /// and not within tolerance of expected; none when correct or when none matches.
        std::optional<std::string> misconception;
        /// Every mistake that can change this stage, in order of precedence: unscaled,
        /// dividedByDk, maskIgnored (with a mask), noSoftmax, columnSoftmax, roundedEarly.
        std::vector<misconception_candidate> candidates;
    };

    /**
     * @brief Grades `answer` for cell (row, column) of the stage's matrix.
     * @param query (n × d_k) @param key (m × d_k) @param value (m × d_v)
     * @param attention mask and mask fill, as attention takes them
     * @param options stage, row, column (an output column for 'output'), answer, tolerance
     * @throws attention_error naming the argument on any bad shape, index or number
     */
    diagnosis diagnose(const matrix& query, const matrix& key, const matrix& value,
                       const attention_options& attention, const diagnose_options& options);
} // namespace attn

#endif
