#include <cmath>
#include <limits>
#include <string>
#include <variant>

#include <catch2/catch.hpp>

#include "attn/attention_backward.hpp"
#include "attn/error.hpp"
#include "attn/explain_backward.hpp"
#include "explained_example.hpp"
#include "tensor_matchers.hpp"

namespace explain_backward_tests
{
    using Catch::Matchers::WithinAbs;

    using namespace attn_test::explained;

    namespace
    {
        const attn::matrix g = attn_test::sample(3, 2, 0.4);

        attn::attention_backward_explanation explain(std::size_t row, std::size_t column,
                                                     attn::backward_stage stage,
                                                     const attn::attention_options& options)
        {
            return attn::explain_attention_backward(q, k, v, options, g, static_cast<double>(row),
                                                    static_cast<double>(column), stage);
        }

        const attn::dot_product_explanation& dot(const attn::attention_backward_explanation& e)
        {
            return std::get<attn::dot_product_explanation>(e.detail);
        }

        /// The terms are the operands the page shows, and they add up to the engine's cell.
        template <class Left, class Right>
        void check_terms(const attn::dot_product_explanation& e, std::size_t length, Left left,
                         Right right, double cell)
        {
            REQUIRE(e.terms.size() == length);
            for (std::size_t t = 0; t < length; ++t)
            {
                CAPTURE(t);
                CHECK(e.terms[t].left == left(t));
                CHECK(e.terms[t].right == right(t));
                CHECK(e.terms[t].product == left(t) * right(t));
            }
            CHECK(e.sum == cell);
            CHECK_THAT(sum_in_order(e), WithinAbs(cell, 1e-14));
        }
    } // namespace

    TEST_CASE("every gradient cell is explained with the traces' own numbers, and its terms add up "
              "to it",
              "[explain][backward]")
    {
        const double fill = GENERATE(-inf, -1e9);
        CAPTURE(fill);
        const auto options = masked(fill);
        const auto f = attn::scaled_dot_product_attention(q, k, v, options);
        const auto b = attn::attention_backward(q, k, v, options, g);
        using stage = attn::backward_stage;
        for (std::size_t j = 0; j < 4; ++j)
        {
            for (std::size_t c = 0; c < 2; ++c)
            {
                CAPTURE(j, c);
                check_terms(
                    dot(explain(j, c, stage::grad_value, options)), 3,
                    [&](std::size_t i) { return f.weights(i, j); },
                    [&](std::size_t i) { return g(i, c); }, b.grad_value(j, c));
            }
            for (std::size_t c = 0; c < 5; ++c)
            {
                CAPTURE(j, c);
                check_terms(
                    dot(explain(j, c, stage::grad_key, options)), 3,
                    [&](std::size_t i) { return b.grad_scores(i, j); },
                    [&](std::size_t i) { return q(i, c); }, b.grad_key(j, c));
            }
        }
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 4; ++j)
            {
                CAPTURE(i, j);
                check_terms(
                    dot(explain(i, j, stage::grad_weight, options)), 2,
                    [&](std::size_t c) { return g(i, c); }, [&](std::size_t c) { return v(j, c); },
                    b.grad_weights(i, j));

                const auto score = std::get<attn::grad_score_explanation>(
                    explain(i, j, stage::grad_score, options).detail);
                CHECK(score.grad_scaled == b.grad_scaled(i, j));
                CHECK(score.sqrt_d_k == f.sqrt_d_k);
                CHECK(score.d_k == 5);
                CHECK(score.grad_score == b.grad_scores(i, j));
            }
            for (std::size_t c = 0; c < 5; ++c)
            {
                CAPTURE(i, c);
                check_terms(
                    dot(explain(i, c, stage::grad_query, options)), 4,
                    [&](std::size_t j) { return b.grad_scores(i, j); },
                    [&](std::size_t j) { return k(j, c); }, b.grad_query(i, c));
            }
        }
    }

    TEST_CASE("the softmax backward of a cell shows w_j, g_j, the row's sum of w·g and their "
              "difference",
              "[explain][backward][softmax]")
    {
        const double fill = GENERATE(-inf, -1e9);
        CAPTURE(fill);
        const auto options = masked(fill);
        const auto f = attn::scaled_dot_product_attention(q, k, v, options);
        const auto b = attn::attention_backward(q, k, v, options, g);
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 4; ++j)
            {
                CAPTURE(i, j);
                const auto e = std::get<attn::softmax_backward_explanation>(
                    explain(i, j, attn::backward_stage::grad_scaled, options).detail);
                CHECK(e.weight == f.weights(i, j));
                CHECK(e.grad_weight == b.grad_weights(i, j));
                REQUIRE(e.terms.size() == 4);
                double row_dot = 0;
                for (std::size_t t = 0; t < 4; ++t)
                {
                    CHECK(e.terms[t].left == f.weights(i, t));
                    CHECK(e.terms[t].right == b.grad_weights(i, t));
                    row_dot += e.terms[t].product;
                }
                CHECK(e.row_dot == row_dot);
                CHECK(e.difference == e.grad_weight - e.row_dot);
                CHECK(e.grad_scaled == b.grad_scaled(i, j));
                CHECK(e.blocked == (allowed(i, j) == 0));
                if (e.blocked)
                {
                    // The mask replaced the score by the fill, a constant: no gradient reaches it,
                    // even under −1e9, where a fully masked row's weights are uniform, not 0.
                    CHECK(e.grad_scaled == 0);
                }
                else
                {
                    CHECK_THAT(e.weight * e.difference, WithinAbs(e.grad_scaled, 1e-15));
                }
            }
        }
    }

    TEST_CASE("the worked example's loss L = output₀₀ − output₀₁ explains as the lesson says",
              "[explain][backward]")
    {
        const attn::matrix query = {{1, 2}}, key = {{1, 0}, {0, 1}, {1, 1}},
                           value = {{0.5, 0.3}, {0.8, 0.2}, {0.1, 0.9}}, grad = {{1, -1}};
        const auto at = [&](std::size_t row, std::size_t column, attn::backward_stage stage)
        {
            return attn::explain_attention_backward(query, key, value, {}, grad,
                                                    static_cast<double>(row),
                                                    static_cast<double>(column), stage);
        };
        // ∂L/∂weights = g·Vᵀ: each key's value, first number minus second.
        CHECK_THAT(dot(at(0, 2, attn::backward_stage::grad_weight)).sum, WithinAbs(-0.8, 1e-15));
        const auto s = std::get<attn::softmax_backward_explanation>(
            at(0, 2, attn::backward_stage::grad_scaled).detail);
        // Σ_k w_k·g_k with w ≈ [0.140, 0.284, 0.576] and g = [0.2, 0.6, −0.8].
        CHECK_THAT(s.row_dot, WithinAbs(-0.2620, 5e-4));
        CHECK(s.grad_scaled < 0); // a step of descent raises the score of k₂
        const auto score = std::get<attn::grad_score_explanation>(
            at(0, 2, attn::backward_stage::grad_score).detail);
        CHECK(score.grad_score == s.grad_scaled / std::sqrt(2.0));
    }

    TEST_CASE("explaining a gradient checks the row and column against the stage's shape, and the "
              "stage",
              "[errors][explain][backward]")
    {
        using stage = attn::backward_stage;
        const auto call = [](double row, double column, stage s)
        { return attn::explain_attention_backward(q, k, v, {}, g, row, column, s); };
        REQUIRE_NOTHROW(call(3, 1, stage::grad_value)); // key 3 of 4, value column 1 of 2
        REQUIRE_THROWS_WITH(call(3, 0, stage::grad_weight),
                            "row: expected a whole number from 0 to 2, got 3");
        REQUIRE_THROWS_WITH(call(0, 2, stage::grad_value),
                            "column: expected a whole number from 0 to 1, got 2");
        REQUIRE_THROWS_WITH(call(0, 5, stage::grad_query),
                            "column: expected a whole number from 0 to 4, got 5");
        REQUIRE_THROWS_WITH(call(0.5, 0, stage::grad_key),
                            "row: expected a whole number from 0 to 3, got 0.5");
        REQUIRE_THROWS_WITH(attn::parse_backward_stage("stage", "score"),
                            "stage: expected 'gradValue', 'gradWeight', 'gradScaled', 'gradScore', "
                            "'gradQuery' or 'gradKey', got 'score'");
        SECTION("a gradient of the wrong shape is refused as the backward refuses it")
        {
            const attn::matrix wrong = attn_test::sample(2, 2);
            REQUIRE_THROWS_AS(
                attn::explain_attention_backward(q, k, v, {}, wrong, 0, 0, stage::grad_value),
                attn::attention_error);
            REQUIRE_THROWS_WITH(
                attn::explain_attention_backward(q, k, v, {}, wrong, 0, 0, stage::grad_value),
                Catch::Matchers::StartsWith("gradOutput"));
        }
    }

    TEST_CASE("the gradient stage names read back as they are written", "[explain][backward]")
    {
        for (const char* name :
             {"gradValue", "gradWeight", "gradScaled", "gradScore", "gradQuery", "gradKey"})
        {
            CHECK(std::string(attn::backward_stage_name(
                      attn::parse_backward_stage("stage", name))) == name);
        }
    }
} // namespace explain_backward_tests
