#ifndef ATTN_DIAGNOSE_ALIBI_HPP
#define ATTN_DIAGNOSE_ALIBI_HPP

/**
 * @file diagnose_alibi.hpp
 * @brief Grades a learner's answer for one cell of an ALiBi head (Press et al. 2022,
 * arXiv:2108.12409) and names the mistake it matches: the engine runs the head again with each
 * common mistake (the slope of head k counted from the wrong end or off by one, the plain
 * formula for a head count that is not a power of two, a bias that rewards distance, the
 * distance without its absolute value, the bias scaled by 1/√d_k with the scores) and compares
 * the answer with what each gives at that cell.
 */

#include <optional>
#include <string>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    /// Which number the cell is: the head's slope, its bias −slope·|i − j|, the scaled scores
    /// plus the bias, the attention weights or the output.
    enum class alibi_stage
    {
        slope,
        bias,
        biased,
        weight,
        output
    };

    /// "slope", "bias", "biased", "weight" or "output"; anything else is an attention_error
    /// naming `argument`.
    alibi_stage parse_alibi_stage(const std::string& argument, const std::string& name);

    struct alibi_diagnose_options
    {
        std::size_t heads = 8;    ///< H, the layer's head count (1 … max_dimension)
        double head = 0;          ///< k, checked as a whole number 0 … H − 1
        bool causal = true;       ///< query i sees keys j ≤ i, as the paper's decoder
        alibi_stage stage = alibi_stage::weight;
        double row = 0, column = 0; ///< checked as whole numbers within the stage's matrix
        double answer = 0;          ///< finite
        double tolerance = 0.005;   ///< > 0: an answer written to two decimals counts as written
    };

    /// What one mistake gives at the cell.
    struct alibi_misconception_candidate
    {
        std::string misconception; ///< its name, as alibi_diagnosis.misconception
        double value = 0;          ///< the cell when the head is run with it
    };

    struct alibi_diagnosis
    {
        bool correct = false; ///< |answer − expected| ≤ tolerance
        double expected = 0;  ///< the cell as the head computes it
        double slope = 0;     ///< head k's slope, the paper's
        /// The first mistake (in candidates' order) whose value is within tolerance of the answer
        /// and not within tolerance of expected; none when correct or when none matches.
        std::optional<std::string> misconception;
        /// Every mistake that can change this stage, in order of precedence: offByOneHead,
        /// reversedHeads, plainSlopes (H not a power of two), then past the slope positiveBias,
        /// signedDistance, and past the bias scaledBias.
        std::vector<alibi_misconception_candidate> candidates;
    };

    /**
     * @brief Grades `answer` for cell (row, column) of the stage's matrix for head k of H:
     * slope (1 × 1) = the paper's slope_k; bias (n × m) = −slope_k·|i − j|; biased = Q·Kᵀ/√d_k
     * + bias; weight = softmax of biased (causal: keys j ≤ i); output = weight·V.
     * @param query (n × d_k) @param key (m × d_k) @param value (m × d_v): the head's slices
     * @param options heads, head, causal, stage, row, column, answer, tolerance
     * @throws attention_error naming the argument on any bad shape, index or number
     */
    alibi_diagnosis diagnose_alibi(const matrix& query, const matrix& key, const matrix& value,
                                   const alibi_diagnose_options& options);
} // namespace attn

#endif
