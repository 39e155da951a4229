#include <cmath>
#include <cstddef>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/attention_rollout.hpp"
#include "attn/error.hpp"

namespace attention_rollout_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;

    const attn::matrix uniform3 = {
        {1.0 / 3, 1.0 / 3, 1.0 / 3}, {1.0 / 3, 1.0 / 3, 1.0 / 3}, {1.0 / 3, 1.0 / 3, 1.0 / 3}};
    const attn::matrix previous3 = {{1, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    const attn::matrix causal3 = {{1, 0, 0}, {0.5, 0.5, 0}, {0.2, 0.3, 0.5}};

    TEST_CASE("one layer mixes the head mean with the identity: residual·I + (1 − residual)·mean",
              "[attention-rollout]")
    {
        const auto t = attn::attention_rollout({{previous3, causal3}}, 0.5);
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 3; ++j)
            {
                const double mean = (previous3(i, j) + causal3(i, j)) / 2;
                CHECK_THAT(t.mean(0, i, j), WithinAbs(mean, 1e-15));
                CHECK_THAT(t.mixed(0, i, j), WithinAbs((i == j ? 0.5 : 0.0) + 0.5 * mean, 1e-15));
                CHECK(t.rollout(0, i, j) == t.mixed(0, i, j));
            }
        }
    }

    TEST_CASE("the rollout multiplies the later layer on the left: mixed_1 · mixed_0",
              "[attention-rollout]")
    {
        const auto t = attn::attention_rollout({{causal3}, {previous3}}, 0.25);
        for (std::size_t i = 0; i < 3; ++i)
        {
            double row = 0;
            for (std::size_t j = 0; j < 3; ++j)
            {
                double product = 0;
                for (std::size_t k = 0; k < 3; ++k)
                {
                    product += t.mixed(1, i, k) * t.mixed(0, k, j);
                }
                CHECK_THAT(t.rollout(1, i, j), WithinAbs(product, 1e-15));
                row += t.rollout(1, i, j);
            }
            CHECK_THAT(row, WithinAbs(1.0, 1e-15));
        }
        // Token 2 reads token 1 in layer 1, which read tokens 0 and 1 in layer 0: nothing flows
        // backwards from a later token under causal weights.
        CHECK(t.rollout(1, 0, 1) == 0.0);
        CHECK(t.rollout(1, 1, 2) == 0.0);
    }

    TEST_CASE("residual 1 gives the identity, residual 0 the product of the head means",
              "[attention-rollout]")
    {
        const auto identity = attn::attention_rollout({{uniform3}, {causal3}}, 1);
        const auto raw = attn::attention_rollout({{uniform3}, {causal3}}, 0);
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 3; ++j)
            {
                CHECK(identity.rollout(1, i, j) == (i == j ? 1.0 : 0.0));
                // uniform rows absorb anything on their left: causal · uniform = uniform.
                CHECK_THAT(raw.rollout(1, i, j), WithinAbs(1.0 / 3, 1e-15));
            }
        }
    }

    TEST_CASE("rows off 1 by rounding are renormalised, so every mixed row sums to 1",
              "[attention-rollout]")
    {
        const attn::matrix rounded = {{0.5000004, 0.4999999}, {0.25, 0.75}};
        const auto t = attn::attention_rollout({{rounded}}, 0.5);
        CHECK_THAT(t.mixed(0, 0, 0) + t.mixed(0, 0, 1), WithinAbs(1.0, 1e-15));
    }

    TEST_CASE("no layers, or a layer with no heads, is refused naming it",
              "[attention-rollout][errors]")
    {
        CHECK_THROWS_MATCHES(attn::attention_rollout({}, 0.5), attn::attention_error,
                             Message("layers: expected at least one layer, got an empty list"));
        CHECK_THROWS_MATCHES(attn::attention_rollout({{causal3}, {}}, 0.5), attn::attention_error,
                             Message("layers[1]: expected at least one head, got an empty list"));
    }

    TEST_CASE("a head whose shape differs from the first, or is not square, names layer and head",
              "[attention-rollout][errors]")
    {
        const attn::matrix two = {{1, 0}, {0, 1}};
        CHECK_THROWS_MATCHES(attn::attention_rollout({{causal3}, {causal3, two}}, 0.5),
                             attn::attention_error,
                             Message("layers[1][1]: expected a matrix of shape 3×3 (the shape of "
                                     "layers[0][0], square), got 2×2"));
        CHECK_THROWS_MATCHES(attn::attention_rollout({{attn::matrix{{0.5, 0.5}}}}, 0.5),
                             attn::attention_error,
                             Message("layers[0][0]: expected a matrix of shape 1×1 (the shape of "
                                     "layers[0][0], square), got 1×2"));
    }

    TEST_CASE("a negative weight, a row not summing to 1, or NaN names the layer, head and row",
              "[attention-rollout][errors]")
    {
        const attn::matrix negative = {{1, 0, 0}, {1.5, -0.5, 0}, {0, 1, 0}};
        CHECK_THROWS_MATCHES(attn::attention_rollout({{causal3, negative}}, 0.5),
                             attn::attention_error,
                             Message("layers[0][1][1][1]: expected a non-negative attention "
                                     "weight, got -0.5"));
        const attn::matrix short_row = {{1, 0, 0}, {0.5, 0.4, 0}, {0, 1, 0}};
        CHECK_THROWS_MATCHES(attn::attention_rollout({{causal3}, {short_row}}, 0.5),
                             attn::attention_error,
                             Message("layers[1][0][1]: expected a row of attention weights "
                                     "summing to 1 (within 1e-6), got a sum of 0.9"));
        attn::matrix nan = causal3;
        nan(2, 2) = std::nan("");
        CHECK_THROWS_MATCHES(attn::attention_rollout({{nan}}, 0.5), attn::attention_error,
                             Message("layers[0][0][2][2]: expected a finite number, got NaN"));
    }

    TEST_CASE("a residual outside [0, 1] is refused naming residual", "[attention-rollout][errors]")
    {
        CHECK_THROWS_MATCHES(attn::attention_rollout({{causal3}}, 1.5), attn::attention_error,
                             Message("residual: expected a number from 0 to 1, got 1.5"));
        CHECK_THROWS_MATCHES(attn::attention_rollout({{causal3}}, std::nan("")),
                             attn::attention_error,
                             Message("residual: expected a number from 0 to 1, got NaN"));
    }
} // namespace attention_rollout_tests
