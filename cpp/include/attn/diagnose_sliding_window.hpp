#ifndef ATTN_DIAGNOSE_SLIDING_WINDOW_HPP
#define ATTN_DIAGNOSE_SLIDING_WINDOW_HPP

/**
 * @file diagnose_sliding_window.hpp
 * @brief Grades a learner's answer about a sliding window with attention sinks and names the
 * mistake it matches: the engine runs the layer again with each common mistake (a window of
 * window + 1 keys, a band that also looks ahead, the sinks forgotten or counted inside the
 * window) or composes the window over the layers as each mistaken reach has it, and compares
 * the answer with what each gives.
 */

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    /// What the answer is: a weight of the windowed layer, a cell of its output, or how many
    /// positions back a token draws on after some layers (its receptive field).
    enum class window_stage
    {
        weight,
        output,
        reach
    };

    /// "weight", "output" or "reach"; anything else is an attention_error naming `argument`.
    window_stage parse_window_stage(const std::string& argument, const std::string& name);

    struct window_diagnose_options
    {
        double window = 1; ///< whole number ≥ 1: query i sees keys i − window < j ≤ i
        double sinks = 0;  ///< whole number ≥ 0: keys 0 … sinks − 1 stay visible
        double layers = 1; ///< whole number ≥ 1: the layers the reach stage composes
        window_stage stage = window_stage::weight;
        double row = 0, column = 0; ///< checked as whole numbers within the stage's matrix
        double answer = 0;          ///< finite
        double tolerance = 0.005;   ///< > 0
    };

    /// What one mistake gives.
    struct window_misconception_candidate
    {
        std::string misconception; ///< its name, as window_diagnosis.misconception
        double value = 0;          ///< the cell (or the reach) when worked out with it
    };

    struct window_diagnosis
    {
        bool correct = false; ///< |answer − expected| ≤ tolerance
        double expected = 0;  ///< the cell, or the reach, as the window defines it
        /// The first mistake (in candidates' order) whose value is within tolerance of the answer
        /// and not within tolerance of expected; none when correct or when none matches.
        std::optional<std::string> misconception;
        /// Every mistake that can change this stage, in order of precedence. weight and output:
        /// offByOneWindow, notCausal, forgotSinks (with sinks), sinksInsideWindow (with
        /// 0 < sinks < window). reach: layersTimesWindow, windowOnly, singleLayer.
        std::vector<window_misconception_candidate> candidates;
    };

    /**
     * @brief Grades `answer`. weight: cell (row, column) of softmax(Q·Kᵀ/√d) under the window
     * (query i at position i, key j at position j, keys j < sinks kept); output: that times V;
     * reach: how many positions back token `row` draws on after `layers` layers of the band
     * alone (sinks aside), i − the smallest position left in row `row` of the band composed
     * `layers` times with itself; column must then be 0.
     * @param query (n × d) @param key (m × d) @param value (m × d_v)
     * @throws attention_error naming the argument on any bad shape, index or number
     */
    window_diagnosis diagnose_sliding_window(const matrix& query, const matrix& key,
                                             const matrix& value,
                                             const window_diagnose_options& options);
} // namespace attn

#endif
