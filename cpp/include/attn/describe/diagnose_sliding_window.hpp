#ifndef ATTN_DESCRIBE_DIAGNOSE_SLIDING_WINDOW_HPP
#define ATTN_DESCRIBE_DIAGNOSE_SLIDING_WINDOW_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/diagnose_sliding_window.hpp"

namespace attn::describe
{
    constexpr choice_set window_misconceptions{
        "windowMisconception",
        "offByOneWindow|notCausal|forgotSinks|sinksInsideWindow|layersTimesWindow|windowOnly|"
        "singleLayer",
        "the mistakes diagnoseSlidingWindow recognises, in its order of precedence"};

    constexpr choice_set window_stages{
        "windowStage", "weight|output|reach",
        "a weight of the windowed layer, a cell of its output, or a token's reach back"};

    template <> struct fields_of<window_misconception_candidate>
    {
        static constexpr const char* type_name = "WindowMisconceptionCandidate";
        template <class V> static void visit(const window_misconception_candidate& c, V& v)
        {
            v.field("misconception", c.misconception, "the mistake", window_misconceptions);
            v.field("value", c.value, "the cell, or the reach, when worked out with that mistake");
        }
    };

    template <> struct fields_of<window_diagnosis>
    {
        static constexpr const char* type_name = "WindowDiagnosis";
        template <class V> static void visit(const window_diagnosis& d, V& v)
        {
            v.field("correct", d.correct, "|answer − expected| ≤ tolerance");
            v.field("expected", d.expected, "the cell, or the reach, as the window defines it");
            v.field("misconception", d.misconception,
                    "the mistake the answer matches (first in candidates' order), or null",
                    window_misconceptions);
            v.field("candidates", d.candidates,
                    "each mistake that can change this stage, with its value");
        }
    };

    struct diagnose_sliding_window_operation
    {
        static constexpr const char* name = "diagnoseSlidingWindow";
        static constexpr const char* title = "Grading an answer about a sliding window";
        static constexpr argument query =
            matrix_argument("query", "n × d", "queries; query i sits at position i");
        static constexpr argument key =
            matrix_argument("key", "m × d", "keys; key j sits at position j");
        static constexpr argument value = matrix_argument("value", "m × d_v", "values");
        static constexpr argument window =
            integer_argument("window", size_low, size_high, "query i sees keys i − window < j ≤ i");
        static constexpr argument sinks = optional_integer(
            "sinks", 0, size_high, "keys 0 … sinks−1 stay visible to every later query", 0, "0");
        static constexpr argument layers = optional_integer(
            "layers", size_low, size_high, "the layers the reach stage composes", 1, "1");
        static constexpr argument stage = choice_argument(
            "stage", window_stages, false,
            "'weight' (softmax under the window), 'output' (weights·V) or 'reach' (positions "
            "back token row draws on after layers layers of the band, sinks aside)");
        static constexpr argument row = number_argument("row", "the query i, 0 … n−1");
        static constexpr argument column = number_argument(
            "column", "a key (0 … m−1), a value column (0 … d_v−1), or 0 for reach");
        static constexpr argument answer = number_argument("answer", "the learner's number");
        static constexpr argument tolerance =
            optional_number("tolerance", "how close counts, > 0", 0.005, "0.005");
        static constexpr argument arguments[] = {query, key, value,  window, sinks,    layers,
                                                 stage, row, column, answer, tolerance};

        template <class In> static window_diagnosis run(In& in)
        {
            const matrix q = in.matrix(query), k = in.matrix(key), v = in.matrix(value);
            window_diagnose_options o;
            o.window = static_cast<double>(in.integer(window));
            o.sinks = static_cast<double>(in.integer(sinks));
            o.layers = static_cast<double>(in.integer(layers));
            o.stage = parse_window_stage(stage.name, in.choice(stage));
            o.row = in.number(row);
            o.column = in.number(column);
            o.answer = in.number(answer);
            o.tolerance = in.number(tolerance);
            return diagnose_sliding_window(q, k, v, o);
        }
    };
} // namespace attn::describe

#endif
