#ifndef ATTN_DESCRIBE_EXPLAIN_HPP
#define ATTN_DESCRIBE_EXPLAIN_HPP

#include "attn/describe/attention.hpp"
#include "attn/explain.hpp"

namespace attn::describe
{
    template <> struct fields_of<product_term>
    {
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
            v.field("terms", e.terms, "score, output: the products, in index order");
            v.field("sum", e.sum, "score, output: the cell, adding the products in order");
        }
    };

    template <> struct fields_of<scaled_explanation>
    {
        template <class V> static void visit(const scaled_explanation& e, V& v)
        {
            v.field("score", e.score, "scaled: scores[i][j]");
            v.field("sqrtDk", e.sqrt_d_k, "scaled: the divisor");
            v.field("dK", e.d_k, "scaled: query/key width");
            v.field("scaled", e.scaled, "scaled: scaled[i][j]");
        }
    };

    template <> struct fields_of<weight_explanation>
    {
        template <class V> static void visit(const weight_explanation& e, V& v)
        {
            v.field("logits", e.logits, "weight: row i after scaling and masking");
            v.field("blocked", e.blocked, "weight: 1 where key j is blocked");
            v.field("rowMax", e.row_max, "weight: max of logits");
            v.field("exps", e.exps, "weight: exp(logits − rowMax)");
            v.field("rowSum", e.row_sum, "weight: Σ exps");
            v.field("numerator", e.numerator, "weight: exps[j]");
            v.field("weight", e.weight, "weight: weights[i][j]");
            v.field("fullyMasked", e.fully_masked, "weight: every key of the row blocked");
        }
    };

    template <> struct fields_of<attention_explanation>
    {
        template <class V> static void visit(const attention_explanation& e, V& v)
        {
            v.field("stage", std::string(explain_stage_name(e.stage)), "as asked");
            v.field("row", e.row, "the query i");
            v.field("column", e.column, "key j, or for output the value column c");
            v.one_of(e.detail);
        }
    };

    struct explain_attention_operation
    {
        static constexpr const char* name = "explainAttention";
        static constexpr const char* title = "Explain this number";
        static constexpr argument row = number_argument("row", "the query i, 0 … n−1");
        static constexpr argument column =
            number_argument("column", "key j (0 … m−1), or for output the value column c");
        static constexpr argument stage = choice_argument(
            "stage", "stage", "score|scaled|weight|output", false, "which matrix the cell is in");
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
