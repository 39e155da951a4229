#ifndef ATTN_DESCRIBE_DIAGNOSE_HPP
#define ATTN_DESCRIBE_DIAGNOSE_HPP

#include "attn/describe/explain.hpp"
#include "attn/diagnose.hpp"

namespace attn::describe
{
    constexpr choice_set misconceptions{
        "misconception", "unscaled|dividedByDk|maskIgnored|noSoftmax|columnSoftmax|roundedEarly",
        "the mistakes diagnose recognises, in its order of precedence"};

    template <> struct fields_of<misconception_candidate>
    {
        static constexpr const char* type_name = "MisconceptionCandidate";
        template <class V> static void visit(const misconception_candidate& c, V& v)
        {
            v.field("misconception", c.misconception, "the mistake", misconceptions);
            v.field("value", c.value, "the cell when attention is run with that mistake");
        }
    };

    template <> struct fields_of<diagnosis>
    {
        static constexpr const char* type_name = "Diagnosis";
        template <class V> static void visit(const diagnosis& d, V& v)
        {
            v.field("correct", d.correct, "|answer − expected| ≤ tolerance");
            v.field("expected", d.expected, "the cell of attention's own trace");
            v.field("misconception", d.misconception,
                    "the mistake the answer matches (first in candidates' order), or null",
                    misconceptions);
            v.field("candidates", d.candidates,
                    "each mistake that can change this stage, with its value at the cell");
        }
    };

    struct diagnose_operation
    {
        static constexpr const char* name = "diagnose";
        static constexpr const char* title = "Grading an answer and naming its mistake";
        static constexpr bool lite = true;
        // The cell is named as explainAttention names it.
        static constexpr argument stage = explain_attention_operation::stage;
        static constexpr argument row = explain_attention_operation::row;
        static constexpr argument column = explain_attention_operation::column;
        static constexpr argument answer = number_argument("answer", "the learner's number");
        static constexpr argument tolerance = optional_number(
            "tolerance", "how close counts, > 0", 0.005, "0.005");
        static constexpr argument arguments[] = {attention_operation::query,
                                                 attention_operation::key,
                                                 attention_operation::value,
                                                 mask,
                                                 mask_fill,
                                                 stage,
                                                 row,
                                                 column,
                                                 answer,
                                                 tolerance};

        template <class In> static diagnosis run(In& in)
        {
            const matrix q = in.matrix(attention_operation::query),
                         k = in.matrix(attention_operation::key),
                         v = in.matrix(attention_operation::value);
            const attention_options attention = read_attention_options(in);
            diagnose_options o;
            o.stage = parse_explain_stage(stage.name, in.choice(stage));
            o.row = in.number(row);
            o.column = in.number(column);
            o.answer = in.number(answer);
            o.tolerance = in.number(tolerance);
            return diagnose(q, k, v, attention, o);
        }
    };
} // namespace attn::describe

#endif
