#ifndef ATTN_DESCRIBE_DIAGNOSE_ALIBI_HPP
#define ATTN_DESCRIBE_DIAGNOSE_ALIBI_HPP

#include "attn/describe/common_arguments.hpp"
#include "attn/describe/fields.hpp"
#include "attn/diagnose_alibi.hpp"

namespace attn::describe
{
    constexpr choice_set alibi_misconceptions{
        "alibiMisconception",
        "offByOneHead|reversedHeads|plainSlopes|positiveBias|signedDistance|scaledBias",
        "the mistakes diagnoseAlibi recognises, in its order of precedence"};

    constexpr choice_set alibi_stages{
        "alibiStage", "slope|bias|biased|weight|output",
        "the head's slope, its bias, scaled scores plus bias, the weights or the output"};

    template <> struct fields_of<alibi_misconception_candidate>
    {
        static constexpr const char* type_name = "AlibiMisconceptionCandidate";
        template <class V> static void visit(const alibi_misconception_candidate& c, V& v)
        {
            v.field("misconception", c.misconception, "the mistake", alibi_misconceptions);
            v.field("value", c.value, "the cell when the head is run with that mistake");
        }
    };

    template <> struct fields_of<alibi_diagnosis>
    {
        static constexpr const char* type_name = "AlibiDiagnosis";
        template <class V> static void visit(const alibi_diagnosis& d, V& v)
        {
            v.field("correct", d.correct, "|answer − expected| ≤ tolerance");
            v.field("expected", d.expected, "the cell as the ALiBi head computes it");
            v.field("slope", d.slope, "head k's slope, the paper's");
            v.field("misconception", d.misconception,
                    "the mistake the answer matches (first in candidates' order), or null",
                    alibi_misconceptions);
            v.field("candidates", d.candidates,
                    "each mistake that can change this stage, with its value at the cell");
        }
    };

    struct diagnose_alibi_operation
    {
        static constexpr const char* name = "diagnoseAlibi";
        static constexpr const char* title = "Grading an answer about ALiBi";
        static constexpr argument query =
            matrix_argument("query", "n × d_k", "the head's queries (projected)");
        static constexpr argument key = matrix_argument("key", "m × d_k", "the head's keys");
        static constexpr argument value = matrix_argument("value", "m × d_v", "the head's values");
        static constexpr argument heads_count =
            integer_argument("heads", size_low, size_high, "H, the layer's number of heads");
        static constexpr argument head =
            number_argument("head", "k, the head graded, 0 … H−1 (its slope is the paper's)");
        static constexpr argument causal = optional_boolean(
            "causal", "query i sees keys j ≤ i, as the paper's decoder", true);
        static constexpr argument stage = choice_argument(
            "stage", alibi_stages, false,
            "'slope' (1 × 1), 'bias' (−slope·|i − j|), 'biased' (Q·Kᵀ/√d_k + bias), 'weight' "
            "or 'output'");
        static constexpr argument row = number_argument("row", "the query i, 0 … n−1 (0 for slope)");
        static constexpr argument column = number_argument(
            "column", "a key (0 … m−1), a value column (0 … d_v−1), or 0 for slope");
        static constexpr argument answer = number_argument("answer", "the learner's number");
        static constexpr argument tolerance =
            optional_number("tolerance", "how close counts, > 0", 0.005, "0.005");
        static constexpr argument arguments[] = {query, key,    value,  heads_count,
                                                 head,  causal, stage,  row,
                                                 column, answer, tolerance};

        template <class In> static alibi_diagnosis run(In& in)
        {
            const matrix q = in.matrix(query), k = in.matrix(key), v = in.matrix(value);
            alibi_diagnose_options o;
            o.heads = in.integer(heads_count);
            o.head = in.number(head);
            o.causal = in.boolean(causal);
            o.stage = parse_alibi_stage(stage.name, in.choice(stage));
            o.row = in.number(row);
            o.column = in.number(column);
            o.answer = in.number(answer);
            o.tolerance = in.number(tolerance);
            return diagnose_alibi(q, k, v, o);
        }
    };
} // namespace attn::describe

#endif
