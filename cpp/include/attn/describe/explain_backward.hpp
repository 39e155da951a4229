#ifndef ATTN_DESCRIBE_EXPLAIN_BACKWARD_HPP
#define ATTN_DESCRIBE_EXPLAIN_BACKWARD_HPP

#include "attn/describe/attention_backward.hpp"
#include "attn/describe/explain.hpp"
#include "attn/explain_backward.hpp"

namespace attn::describe
{
    constexpr choice_set gradient_stages{
        "gradientStage", "gradValue|gradWeight|gradScaled|gradScore|gradQuery|gradKey",
        "which gradient of the attention backward trace an explained cell is in"};

    template <> struct fields_of<softmax_backward_explanation>
    {
        template <class V> static void visit(const softmax_backward_explanation& e, V& v)
        {
            v.field("weight", e.weight, "w_j = weights[i][j]");
            v.field("gradWeight", e.grad_weight, "g_j = gradWeights[i][j]");
            v.field("terms", e.terms, "w_k·g_k for every key k of row i, in order");
            v.field("rowDot", e.row_dot, "Σ_k w_k·g_k, adding the terms in order");
            v.field("difference", e.difference, "g_j − rowDot");
            v.field("gradScaled", e.grad_scaled, "the cell, ≈ weight·difference unless blocked");
            v.field("blocked", e.blocked, "key j is masked for query i: the cell is 0");
        }
    };

    template <> struct fields_of<grad_score_explanation>
    {
        template <class V> static void visit(const grad_score_explanation& e, V& v)
        {
            v.field("gradScaled", e.grad_scaled, "gradScaled[i][j]");
            v.field("sqrtDk", e.sqrt_d_k, "the divisor of the forward's scale");
            v.field("dK", e.d_k, "query/key width");
            v.field("gradScore", e.grad_score, "gradScores[i][j]");
        }
    };

    template <> struct fields_of<attention_backward_explanation>
    {
        static constexpr const char* type_name = "AttentionBackwardExplanation";
        /// The alternative of `detail` each stage gives (explain_attention_backward).
        static constexpr variant_case cases[] = {
            {"gradValue", 0, "GradientSumExplanation"}, {"gradWeight", 0, "GradientSumExplanation"},
            {"gradScaled", 1, "GradScaledExplanation"}, {"gradScore", 2, "GradScoreExplanation"},
            {"gradQuery", 0, "GradientSumExplanation"}, {"gradKey", 0, "GradientSumExplanation"}};
        static constexpr selection selected_by{"stage", "ExplainedGradientCell",
                                               "GradientExplanationByStage", cases};
        template <class V> static void visit(const attention_backward_explanation& e, V& v)
        {
            v.field("stage", std::string(backward_stage_name(e.stage)), "as asked",
                    gradient_stages);
            v.field("row", e.row, "the cell's row: key j for gradValue and gradKey, else query i");
            v.field("column", e.column, "the cell's column");
            v.one_of(e.detail);
        }
    };

    struct explain_attention_backward_operation
    {
        static constexpr const char* name = "explainAttentionBackward";
        static constexpr const char* title = "Explain this gradient";
        static constexpr argument row = number_argument(
            "row", "key j for gradValue and gradKey (0 … m−1), else query i (0 … n−1)");
        static constexpr argument column = number_argument(
            "column", "value column (gradValue), key j (gradWeight, gradScaled, gradScore) or "
                      "dimension (gradQuery, gradKey)");
        static constexpr argument stage =
            choice_argument("stage", gradient_stages, false, "which gradient the cell is in");
        static constexpr argument arguments[] = {attention_operation::query,
                                                 attention_operation::key,
                                                 attention_operation::value,
                                                 mask,
                                                 mask_fill,
                                                 attention_backward_operation::grad_output,
                                                 row,
                                                 column,
                                                 stage};

        template <class In> static attention_backward_explanation run(In& in)
        {
            const matrix q = in.matrix(attention_operation::query),
                         k = in.matrix(attention_operation::key),
                         v = in.matrix(attention_operation::value);
            const attention_options options = read_attention_options(in);
            const matrix g = in.matrix(attention_backward_operation::grad_output);
            const double i = in.number(row), j = in.number(column);
            return explain_attention_backward(q, k, v, options, g, i, j,
                                              parse_backward_stage(stage.name, in.choice(stage)));
        }
    };
} // namespace attn::describe

#endif
