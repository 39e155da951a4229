#include <limits>
#include <variant>

#include <catch2/catch.hpp>

#include "attn/explain.hpp"
#include "explained_example.hpp"
#include "tensor_matchers.hpp"

namespace explain_tests
{
    using namespace attn_test::explained;

    namespace
    {
        attn::attention_explanation explain(std::size_t i, std::size_t j, attn::explain_stage stage,
                                            const attn::attention_options& options)
        {
            return attn::explain_attention(q, k, v, options, static_cast<double>(i),
                                           static_cast<double>(j), stage);
        }

    } // namespace

    TEST_CASE("every score, scaled score, weight and output cell is explained with the trace's own "
              "numbers, bit for bit",
              "[explain][attention]")
    {
        const double fill = GENERATE(-inf, -1e9);
        CAPTURE(fill);
        const auto options = masked(fill);
        const auto t = attn::scaled_dot_product_attention(q, k, v, options);
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 4; ++j)
            {
                CAPTURE(i, j);
                const auto score = explain(i, j, attn::explain_stage::score, options);
                const auto& dot = std::get<attn::dot_product_explanation>(score.detail);
                REQUIRE(dot.terms.size() == 5);
                for (std::size_t c = 0; c < 5; ++c)
                {
                    CHECK(dot.terms[c].left == q(i, c));
                    CHECK(dot.terms[c].right == k(j, c));
                    CHECK(dot.terms[c].product == q(i, c) * k(j, c));
                }
                CHECK(dot.sum == t.scores(i, j));
                CHECK(sum_in_order(dot) == t.scores(i, j));

                const auto scaled = std::get<attn::scaled_explanation>(
                    explain(i, j, attn::explain_stage::scaled, options).detail);
                CHECK(scaled.score == t.scores(i, j));
                CHECK(scaled.sqrt_d_k == t.sqrt_d_k);
                CHECK(scaled.d_k == 5);
                CHECK(scaled.scaled == t.scaled(i, j));
                CHECK(scaled.scaled == scaled.score / scaled.sqrt_d_k);

                const auto weight = std::get<attn::weight_explanation>(
                    explain(i, j, attn::explain_stage::weight, options).detail);
                CHECK_THAT(weight.logits, attn_test::VectorEquals(xt::row(t.masked, i)));
                CHECK_THAT(weight.blocked, attn_test::VectorEquals(1.0 - xt::row(allowed, i)));
                CHECK(weight.row_max == t.softmax.row_max(i));
                CHECK_THAT(weight.exps, attn_test::VectorEquals(xt::row(t.softmax.exps, i)));
                CHECK(weight.row_sum == t.softmax.row_sum(i));
                CHECK(weight.numerator == t.softmax.exps(i, j));
                CHECK(weight.weight == t.weights(i, j));
                CHECK(weight.fully_masked == (i == 1));
            }
            for (std::size_t c = 0; c < 2; ++c)
            {
                CAPTURE(i, c);
                const auto output = explain(i, c, attn::explain_stage::output, options);
                CHECK(output.stage == attn::explain_stage::output);
                CHECK(output.row == i);
                CHECK(output.column == c);
                const auto& dot = std::get<attn::dot_product_explanation>(output.detail);
                REQUIRE(dot.terms.size() == 4);
                for (std::size_t j = 0; j < 4; ++j)
                {
                    CHECK(dot.terms[j].left == t.weights(i, j));
                    CHECK(dot.terms[j].right == v(j, c));
                }
                CHECK(dot.sum == t.output(i, c));
                CHECK(sum_in_order(dot) == t.output(i, c));
            }
        }
    }

    TEST_CASE("a fully masked row under −∞ explains as weight 0 with rowSum 0", "[explain][mask]")
    {
        const auto e = std::get<attn::weight_explanation>(
            explain(1, 2, attn::explain_stage::weight, masked(-inf)).detail);
        CHECK(e.fully_masked);
        CHECK(e.weight == 0);
        CHECK(e.row_sum == 0);
        CHECK(e.row_max == -inf);
        CHECK_THAT(e.blocked, attn_test::VectorEquals(xt::ones<double>({4})));
        SECTION("while under −1e9 the same row's weights are uniform")
        {
            const auto finite = std::get<attn::weight_explanation>(
                explain(1, 2, attn::explain_stage::weight, masked(-1e9)).detail);
            CHECK(finite.fully_masked);
            CHECK(finite.weight == 0.25);
        }
    }

    TEST_CASE("without a mask nothing is blocked and the logits are the scaled scores",
              "[explain][attention]")
    {
        const auto t = attn::scaled_dot_product_attention(q, k, v);
        const auto e = std::get<attn::weight_explanation>(
            explain(2, 3, attn::explain_stage::weight, {}).detail);
        CHECK_THAT(e.logits, attn_test::VectorEquals(xt::row(t.scaled, 2)));
        CHECK_THAT(e.blocked, attn_test::VectorEquals(xt::zeros<double>({4})));
        CHECK_FALSE(e.fully_masked);
    }

    TEST_CASE("the stage names read back as they are written", "[explain]")
    {
        for (const char* name : {"score", "scaled", "weight", "output"})
        {
            CHECK(std::string(attn::explain_stage_name(attn::parse_explain_stage("stage", name))) ==
                  name);
        }
    }
} // namespace explain_tests
