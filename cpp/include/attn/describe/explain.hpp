#ifndef ATTN_DESCRIBE_EXPLAIN_HPP
#define ATTN_DESCRIBE_EXPLAIN_HPP

#include "attn/describe/attention.hpp"
#include "attn/explain.hpp"

namespace attn::describe
{
    constexpr choice_set explain_stages{
        "explainStage", "score|scaled|weight|output",
        "which matrix of the attention trace an explained cell is in"};

    template <> struct fields_of<product_term>
    {
        static constexpr const char* type_name = "ProductTerm";
        template <class V> static void visit(const product_term& t, V& v)
        {
            v.field("left", t.left, "first factor");
            v.field("right", t.right, "second factor");
            v.field("product", t.product, "left·right");
        }
    };

    template <> struct fields_of<dot_product_explanation>
    {
        template <class V> static void visit(const dot_product_explanation& e, V& v)
        {
            v.field("terms", e.terms, "the products, in index order");
            v.field("sum", e.sum, "the cell, adding the products in order");
        }
    };

    template <> struct fields_of<scaled_explanation>
    {
        template <class V> static void visit(const scaled_explanation& e, V& v)
        {
            v.field("score", e.score, "scores[i][j]");
            v.field("sqrtDk", e.sqrt_d_k, "the divisor");
            v.field("dK", e.d_k, "query/key width");
            v.field("scaled", e.scaled, "scaled[i][j]");
        }
    };

    template <> struct fields_of<weight_explanation>
    {
        template <class V> static void visit(const weight_explanation& e, V& v)
        {
            v.field("logits", e.logits, "row i after scaling and masking");
            v.field("blocked", e.blocked, "1 where key j is blocked");
            v.field("rowMax", e.row_max, "max of logits");
            v.field("exps", e.exps, "exp(logits − rowMax)");
            v.field("rowSum", e.row_sum, "Σ exps");
            v.field("numerator", e.numerator, "exps[j]");
            v.field("weight", e.weight, "weights[i][j]");
            v.field("fullyMasked", e.fully_masked, "every key of the row blocked");
        }
    };

    template <> struct fields_of<attention_explanation>
    {
        static constexpr const char* type_name = "AttentionExplanation";
        /// The alternative of `detail` each stage gives (explain_attention).
        static constexpr variant_case cases[] = {{"score", 0, "ScoreExplanation"},
                                                 {"scaled", 1, "ScaledExplanation"},
                                                 {"weight", 2, "WeightExplanation"},
                                                 {"output", 0, "OutputExplanation"}};
        static constexpr selection selected_by{"stage", "ExplainedCell", "ExplanationByStage",
                                               cases};
        template <class V> static void visit(const attention_explanation& e, V& v)
        {
            v.field("stage", std::string(explain_stage_name(e.stage)), "as asked", explain_stages);
            v.field("row", e.row, "the query i");
            v.field("column", e.column, "key j, or for output the value column c");
            v.one_of(e.detail);
        }
    };

    struct explain_attention_operation
    {
        static constexpr const char* name = "explainAttention";
        static constexpr const char* title = "Explain this number";
        static constexpr bool lite = true;
        static constexpr argument row = number_argument("row", "the query i, 0 … n−1");
        static constexpr argument column =
            number_argument("column", "key j (0 … m−1), or for output the value column c");
        static constexpr argument stage =
            choice_argument("stage", explain_stages, false, "which matrix the cell is in");
        static constexpr argument arguments[] = {attention_operation::query,
                                                 attention_operation::key,
                                                 attention_operation::value,
                                                 mask,
                                                 mask_fill,
                                                 row,
                                                 column,
                                                 stage};

        template <class In> static attention_explanation run(In& in)
        {
            const matrix q = in.matrix(attention_operation::query),
                         k = in.matrix(attention_operation::key),
                         v = in.matrix(attention_operation::value);
            const attention_options options = read_attention_options(in);
            const double i = in.number(row), j = in.number(column);
            return explain_attention(q, k, v, options, i, j,
                                     parse_explain_stage(stage.name, in.choice(stage)));
        }
    };
} // namespace attn::describe

#endif
