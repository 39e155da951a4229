#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/softmax.hpp"
#include "attn/softmax_jacobian.hpp"
#include "tensor_matchers.hpp"

namespace softmax_jacobian_tests
{
    using Catch::Matchers::WithinAbs;
    using Catch::Matchers::WithinRel;

    TEST_CASE("the softmax Jacobian is diag(p) − p·pᵀ, symmetric, with rows summing to 0",
              "[jacobian][softmax]")
    {
        const attn::matrix logits = {{1, 2, 3, -1}};
        const auto t = attn::softmax_jacobian(logits);
        CHECK_THAT(t.weights, attn_test::MatrixEquals(attn::softmax_rows(logits).weights));
        attn::matrix expected = xt::empty<double>({4, 4});
        for (std::size_t i = 0; i < 4; ++i)
        {
            for (std::size_t j = 0; j < 4; ++j)
            {
                const double p_i = t.weights(0, i), p_j = t.weights(0, j);
                expected(i, j) = i == j ? p_i * (1 - p_i) : -p_i * p_j;
            }
        }
        CHECK_THAT(t.jacobian, attn_test::MatrixWithinAbs(expected, 1e-16));
        CHECK_THAT(t.jacobian, attn_test::MatrixEquals(xt::transpose(t.jacobian)));
        for (std::size_t i = 0; i < 4; ++i)
        {
            CHECK_THAT(xt::sum(xt::row(t.jacobian, i))(), WithinAbs(0.0, 1e-15));
        }
        CHECK_THAT(t.frobenius_norm,
                   WithinRel(std::sqrt(xt::sum(xt::square(t.jacobian))()), 1e-15));
    }

    TEST_CASE("each Jacobian column is the change of the weights when one logit moves",
              "[jacobian][softmax]")
    {
        const attn::matrix logits = attn_test::sample(1, 5);
        const auto t = attn::softmax_jacobian(logits);
        const double h = 1e-6;
        for (std::size_t j = 0; j < 5; ++j)
        {
            attn::matrix up = logits, down = logits;
            up(0, j) += h;
            down(0, j) -= h;
            const attn::matrix slope =
                (attn::softmax_rows(up).weights - attn::softmax_rows(down).weights) / (2 * h);
            for (std::size_t i = 0; i < 5; ++i)
            {
                CHECK_THAT(slope(0, i), WithinAbs(t.jacobian(i, j), 1e-9));
            }
        }
    }

    TEST_CASE("uniform weights over m keys give ‖J‖ = √(m − 1) / m, and a saturated softmax almost "
              "none",
              "[jacobian][softmax]")
    {
        const std::size_t m = GENERATE(2, 5, 64);
        CAPTURE(m);
        const auto uniform = attn::softmax_jacobian(xt::zeros<double>({std::size_t{1}, m}));
        CHECK_THAT(
            uniform.frobenius_norm,
            WithinRel(std::sqrt(static_cast<double>(m - 1)) / static_cast<double>(m), 1e-14));
        attn::matrix peaked = xt::zeros<double>({std::size_t{1}, m});
        peaked(0, 0) = 40; // the others get e⁻⁴⁰ ≈ 4e-18
        CHECK(attn::softmax_jacobian(peaked).frobenius_norm < 1e-12);
    }

    TEST_CASE("the O(m) norm used by the scaling experiment equals the norm of the built matrix",
              "[jacobian][scaling]")
    {
        const double scale = GENERATE(0.1, 1.0, 10.0);
        CAPTURE(scale);
        const auto t = attn::softmax_jacobian(scale * attn_test::sample(1, 9, 0.3));
        CHECK_THAT(attn::detail::softmax_jacobian_norm(t.weights.data(), 9),
                   WithinRel(t.frobenius_norm, 1e-14));
    }

    TEST_CASE("a blocked (−∞) logit has weight 0 and a zero row and column in the Jacobian",
              "[jacobian][softmax][mask]")
    {
        const double inf = std::numeric_limits<double>::infinity();
        const auto t = attn::softmax_jacobian(attn::matrix{{0.5, -inf, 1.5}});
        CHECK(t.weights(0, 1) == 0);
        for (std::size_t k = 0; k < 3; ++k)
        {
            CHECK(t.jacobian(1, k) == 0);
            CHECK(t.jacobian(k, 1) == 0);
        }
        SECTION("and an all −∞ row has p = 0 and J = 0")
        {
            const auto dead = attn::softmax_jacobian(attn::matrix{{-inf, -inf}});
            CHECK(dead.frobenius_norm == 0);
            CHECK_THAT(dead.jacobian, attn_test::MatrixEquals(xt::zeros<double>({2, 2})));
        }
    }
} // namespace softmax_jacobian_tests
