#include <cmath>

#include <catch2/catch.hpp>

#include "attn/entropy.hpp"
#include "attn/softmax.hpp"
#include "tensor_matchers.hpp"

namespace entropy_tests
{
    using Catch::Matchers::WithinAbs;

    TEST_CASE("uniform weights have entropy ln m, the maximum", "[entropy]")
    {
        const std::size_t m = GENERATE(1, 2, 4, 10);
        CAPTURE(m);
        const attn::matrix uniform = xt::ones<double>({std::size_t{2}, m}) / static_cast<double>(m);
        const auto t = attn::attention_entropy(uniform);
        CHECK_THAT(t.max_entropy, WithinAbs(std::log(static_cast<double>(m)), 1e-15));
        CHECK_THAT(t.entropy(0), WithinAbs(std::log(static_cast<double>(m)), 1e-14));
        CHECK_THAT(t.entropy(1), WithinAbs(t.max_entropy, 1e-14));
    }

    TEST_CASE("a one-hot row has entropy 0", "[entropy]")
    {
        const auto t = attn::attention_entropy(attn::matrix{{0, 1, 0, 0}, {1, 0, 0, 0}});
        CHECK(t.entropy(0) == 0);
        CHECK(t.entropy(1) == 0);
    }

    TEST_CASE("a fully masked, all-zero row has entropy 0", "[entropy][mask]")
    {
        const auto t = attn::attention_entropy(attn::matrix{{0, 0, 0}, {0.5, 0.5, 0}});
        CHECK(t.entropy(0) == 0);
        CHECK_THAT(t.entropy(1), WithinAbs(std::log(2.0), 1e-15));
    }

    TEST_CASE("softmax rows have entropy between 0 and ln m", "[entropy][softmax]")
    {
        const auto weights = attn::softmax_rows(2.0 * attn_test::sample(5, 6)).weights;
        const auto t = attn::attention_entropy(weights);
        for (std::size_t i = 0; i < 5; ++i)
        {
            CAPTURE(i);
            CHECK(t.entropy(i) > 0);
            CHECK(t.entropy(i) < t.max_entropy);
            CHECK_THAT(
                t.entropy(i),
                WithinAbs(-xt::sum(xt::row(weights, i) * xt::log(xt::row(weights, i)))(), 1e-14));
        }
    }

    TEST_CASE("the mean, smallest and largest row entropy are reported, so nothing is averaged "
              "outside the engine",
              "[entropy]")
    {
        const auto t =
            attn::attention_entropy(attn::matrix{{0.5, 0.5}, {1, 0}, {0, 0}, {0.9, 0.1}});
        CHECK(t.mean_entropy == xt::mean(t.entropy)());
        CHECK(t.min_entropy == 0);
        CHECK(t.max_row_entropy == t.entropy(0));
        CHECK_THAT(t.max_row_entropy, WithinAbs(std::log(2.0), 1e-15));
        CHECK_THAT(t.mean_entropy, WithinAbs((std::log(2.0) + t.entropy(3)) / 4, 1e-15));
    }
} // namespace entropy_tests
