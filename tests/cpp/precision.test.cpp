// precision 'float32' on attention and flash attention: computed in float (each result a float
// widened to double), a plausible distance from float64, equal to PyTorch's float32 attention
// (tests/fixtures/precision/float32.json) within float tolerance, and the values a float cannot
// hold refused by name.

#include <algorithm>
#include <cmath>

#include <catch2/catch.hpp>

#include "attn/attention.hpp"
#include "attn/error.hpp"
#include "attn/flash_attention.hpp"
#include "attn/precision.hpp"
#include "golden.hpp"
#include "tensor_matchers.hpp"

namespace precision_tests
{
    using attn_test::MatrixWithinAbs;
    using Catch::Matchers::Message;

    namespace
    {
        const attn::matrix q = {{1, 2}}, k = {{1, 0}, {0, 1}, {1, 1}},
                           v = {{0.5, 0.3}, {0.8, 0.2}, {0.1, 0.9}};

        attn::attention_options float32(attn::attention_mask mask = {})
        {
            attn::attention_options options;
            options.mask = std::move(mask);
            options.scalar = attn::precision::float32;
            return options;
        }

        /// Every cell is a float exactly (a double that a float round trip leaves unchanged).
        bool all_floats(const attn::matrix& m)
        {
            return std::all_of(m.begin(), m.end(),
                               [](double x)
                               { return static_cast<double>(static_cast<float>(x)) == x; });
        }
    } // namespace

    TEST_CASE("float32 attention rounds like float, within 1e-6 relative of float64 but not equal",
              "[precision]")
    {
        const attn::attention_trace single = attn::scaled_dot_product_attention(q, k, v, float32());
        const attn::attention_trace exact = attn::scaled_dot_product_attention(q, k, v);
        CHECK(all_floats(single.scaled));
        CHECK(all_floats(single.weights));
        CHECK(all_floats(single.output));
        double largest = 0;
        for (std::size_t c = 0; c < 2; ++c)
        {
            largest = std::max(largest, std::abs(single.output(0, c) - exact.output(0, c)) /
                                            std::abs(exact.output(0, c)));
        }
        CHECK(largest > 0);
        CHECK(largest <= 1e-6);
        // √2 in float is not √2 in double: the divisor itself is rounded.
        CHECK(single.sqrt_d_k == static_cast<double>(std::sqrt(2.0f)));
    }

    TEST_CASE("float32 attention equals PyTorch's float32 attention within float tolerance",
              "[precision][golden]")
    {
        for (const golden::fixture_case& c : golden::load("precision/float32.json"))
        {
            INFO(c.name);
            attn::attention_options options = float32();
            if (c.input.contains("mask"))
            {
                options.mask = attn::attention_mask::causal();
            }
            const attn::attention_trace t = attn::scaled_dot_product_attention(
                golden::to_matrix(c.input.at("query")), golden::to_matrix(c.input.at("key")),
                golden::to_matrix(c.input.at("value")), options);
            // A float carries ~7 digits; sums of a few terms in another order differ in the last.
            CHECK_THAT(t.weights,
                       MatrixWithinAbs(golden::to_matrix(c.expected.at("weights")), 2e-7));
            CHECK_THAT(t.output, MatrixWithinAbs(golden::to_matrix(c.expected.at("output")), 2e-7));
        }
    }

    TEST_CASE("float32 flash attention equals float32 attention within float tolerance",
              "[precision][flash]")
    {
        const attn::matrix x = attn_test::sample(9, 5);
        attn::flash_options options;
        options.block_rows = 2;
        options.block_cols = 4;
        options.mask = attn::attention_mask::causal();
        options.scalar = attn::precision::float32;
        const attn::matrix tiled = attn::flash_attention(x, x, x, options).output;
        CHECK(all_floats(tiled));
        CHECK_THAT(tiled, MatrixWithinAbs(attn::scaled_dot_product_attention(
                                              x, x, x, float32(attn::attention_mask::causal()))
                                              .output,
                                          1e-6));
    }

    TEST_CASE("float32 refuses values and fills a float cannot hold, naming them",
              "[precision][errors]")
    {
        const attn::matrix huge = {{1e39, 0}};
        CHECK_THROWS_MATCHES(attn::scaled_dot_product_attention(huge, k, v, float32()),
                             attn::attention_error,
                             Message("query[0][0]: expected a number within float32 range "
                                     "(±3.402823466e+38) for precision 'float32', got 1e+39"));
        attn::attention_options fill = float32(attn::attention_mask::causal());
        fill.mask_fill = -1e300;
        CHECK_THROWS_MATCHES(
            attn::scaled_dot_product_attention(q, k, v, fill), attn::attention_error,
            Message("maskFill: expected -Infinity or a number within float32 range "
                    "(±3.402823466e+38) for precision 'float32', got -1e+300"));
        SECTION("scores that overflow a float, though not a double, are refused as such")
        {
            const attn::matrix big = {{1e20, 1e20}};
            attn::flash_options options;
            options.scalar = attn::precision::float32;
            const attn::matrix one_value = {{1, 2}};
            CHECK_THROWS_MATCHES(attn::flash_attention(big, big, one_value, options),
                                 attn::attention_error,
                                 Message("query: expected values small enough for scores to stay "
                                         "within float32 range, got scores[0][0] = Infinity"));
        }
        CHECK_THROWS_MATCHES(attn::parse_precision("precision", "float16"), attn::attention_error,
                             Message("precision: expected 'float64' or 'float32', got 'float16'"));
    }
} // namespace precision_tests
