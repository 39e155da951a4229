#ifndef ATTN_DESCRIBE_DIAGNOSE_ROPE_HPP
#define ATTN_DESCRIBE_DIAGNOSE_ROPE_HPP

#include "attn/describe/rope.hpp"
#include "attn/diagnose_rope.hpp"

namespace attn::describe
{
    constexpr choice_set rope_misconceptions{
        "ropeMisconception", "thetaToThePosition|wrongConvention|rotatedValues",
        "the mistakes diagnoseRope recognises, in its order of precedence"};

    constexpr choice_set rope_stages{
        "ropeStage", "rotated|score|output",
        "a cell of the turned query, of the scores q′·k′, or of the output"};

    template <> struct fields_of<rope_misconception_candidate>
    {
        static constexpr const char* type_name = "RopeMisconceptionCandidate";
        template <class V> static void visit(const rope_misconception_candidate& c, V& v)
        {
            v.field("misconception", c.misconception, "the mistake", rope_misconceptions);
            v.field("value", c.value, "the cell when the layer is run with that mistake");
        }
    };

    template <> struct fields_of<rope_diagnosis>
    {
        static constexpr const char* type_name = "RopeDiagnosis";
        template <class V> static void visit(const rope_diagnosis& d, V& v)
        {
            v.field("correct", d.correct, "|answer − expected| ≤ tolerance");
            v.field("expected", d.expected, "the cell as rope and attention compute it");
            v.field("misconception", d.misconception,
                    "the mistake the answer matches (first in candidates' order), or null",
                    rope_misconceptions);
            v.field("candidates", d.candidates,
                    "each mistake that can change this stage, with its value at the cell");
        }
    };

    struct diagnose_rope_operation
    {
        static constexpr const char* name = "diagnoseRope";
        static constexpr const char* title = "Grading an answer about rotary positions";
        static constexpr argument query =
            matrix_argument("query", "n × d", "queries before turning, d even");
        static constexpr argument key = matrix_argument("key", "m × d", "keys before turning");
        static constexpr argument value =
            matrix_argument("value", "m × d_v", "values, never turned");
        static constexpr argument query_positions = optional_vector(
            "queryPositions", "n", "each query's position, any finite numbers", "0 … n−1");
        static constexpr argument key_positions = optional_vector(
            "keyPositions", "m", "each key's position, any finite numbers", "0 … m−1");
        static constexpr argument base = rope_operation::base;
        static constexpr argument convention = rope_operation::convention;
        static constexpr argument stage = choice_argument(
            "stage", rope_stages, false,
            "the matrix of the cell: 'rotated' (query turned), 'score' (q′·k′) or 'output'");
        static constexpr argument row = number_argument("row", "the query i, 0 … n−1");
        static constexpr argument column = number_argument(
            "column", "a column of q′ (0 … d−1), a key (0 … m−1) or a value column (0 … d_v−1)");
        static constexpr argument answer = number_argument("answer", "the learner's number");
        static constexpr argument tolerance =
            optional_number("tolerance", "how close counts, > 0", 0.005, "0.005");
        static constexpr argument arguments[] = {query,         key,    value,      query_positions,
                                                 key_positions, base,   convention, stage,
                                                 row,           column, answer,     tolerance};

        template <class In> static rope_diagnosis run(In& in)
        {
            const matrix q = in.matrix(query), k = in.matrix(key), v = in.matrix(value);
            rope_diagnose_options o;
            o.query_positions = in.has(query_positions) ? in.vector(query_positions)
                                                        : detail::positions_from_zero(rows(q));
            o.key_positions = in.has(key_positions) ? in.vector(key_positions)
                                                    : detail::positions_from_zero(rows(k));
            o.base = in.number(base);
            o.convention = parse_rope_convention(convention.name, in.choice(convention));
            o.stage = parse_rope_stage(stage.name, in.choice(stage));
            o.row = in.number(row);
            o.column = in.number(column);
            o.answer = in.number(answer);
            o.tolerance = in.number(tolerance);
            return diagnose_rope(q, k, v, o);
        }
    };
} // namespace attn::describe

#endif
