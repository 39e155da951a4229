#ifndef ATTN_DIAGNOSE_ROPE_HPP
#define ATTN_DIAGNOSE_ROPE_HPP

/**
 * @file diagnose_rope.hpp
 * @brief Grades a learner's answer for one cell of attention with rotary positions (RoPE) and
 * names the mistake it matches: the engine runs the layer again with each common mistake
 * (turning pair i by θ_i^position instead of position·θ_i, pairing the columns by the other
 * convention, turning the values too) and compares the answer with what each gives at that cell.
 */

#include <optional>
#include <string>
#include <vector>

#include "attn/matrix.hpp"
#include "attn/rope.hpp"

namespace attn
{
    /// Which matrix the cell is in: the turned query, the scores q′·k′, or the output.
    enum class rope_stage
    {
        rotated,
        score,
        output
    };

    /// "rotated", "score" or "output"; anything else is an attention_error naming `argument`.
    rope_stage parse_rope_stage(const std::string& argument, const std::string& name);

    struct rope_diagnose_options
    {
        vector query_positions, key_positions; ///< one per row of query, of key
        double base = 10000;
        rope_convention convention = rope_convention::half;
        rope_stage stage = rope_stage::score;
        double row = 0, column = 0; ///< checked as whole numbers within the stage's matrix
        double answer = 0;          ///< finite
        double tolerance = 0.005;   ///< > 0: an answer written to two decimals counts as written
    };

    /// What one mistake gives at the cell.
    struct rope_misconception_candidate
    {
        std::string misconception; ///< its name, as rope_diagnosis.misconception
        double value = 0;          ///< the cell when the layer is run with it
    };

    struct rope_diagnosis
    {
        bool correct = false; ///< |answer − expected| ≤ tolerance
        double expected = 0;  ///< the cell as rope and attention compute it
        /// The first mistake (in candidates' order) whose value is within tolerance of the answer
        /// and not within tolerance of expected; none when correct or when none matches.
        std::optional<std::string> misconception;
        /// Every mistake that can change this stage, in order of precedence: thetaToThePosition,
        /// wrongConvention, rotatedValues (the output alone, with values of even width).
        std::vector<rope_misconception_candidate> candidates;
    };

    /**
     * @brief Grades `answer` for cell (row, column) of the stage's matrix: rotated = RoPE(query)
     * at query_positions; score = rotated·RoPE(key)ᵀ at key_positions; output =
     * softmax(score/√d)·value.
     * @param query (n × d), d even @param key (m × d) @param value (m × d_v)
     * @param options positions, base, convention, stage, row, column, answer, tolerance
     * @throws attention_error naming the argument on any bad shape, index or number
     */
    rope_diagnosis diagnose_rope(const matrix& query, const matrix& key, const matrix& value,
                                 const rope_diagnose_options& options);
} // namespace attn

#endif
