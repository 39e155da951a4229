#include <algorithm>
#include <string>

#include <catch2/catch.hpp>

#include "attn/attention.hpp"
#include "attn/error.hpp"
#include "attn/sparse_attention.hpp"
#include "tensor_matchers.hpp"

namespace sparse_attention_tests
{
    using Catch::Matchers::Contains;

    namespace
    {
        attn::sparse_attention_options pattern(std::size_t window, attn::vector globals = {},
                                               std::size_t random = 0, std::uint32_t seed = 0)
        {
            attn::sparse_attention_options o;
            o.window = window;
            o.global_tokens = std::move(globals);
            o.random_per_row = random;
            o.seed = seed;
            return o;
        }

        const attn::attention_trace& full(const attn::sparse_attention_trace& t)
        {
            return std::get<attn::sparse_attention_full>(t.detail).attention;
        }
    } // namespace

    TEST_CASE("the sliding window allows key j for query i exactly when |i − j| ≤ window",
              "[sparse]")
    {
        const attn::matrix x = attn_test::sample(7, 3);
        const auto t = attn::sparse_attention(x, x, x, pattern(2));
        const attn::matrix& mask = full(t).mask;
        for (std::size_t i = 0; i < 7; ++i)
        {
            for (std::size_t j = 0; j < 7; ++j)
            {
                const bool near = (i > j ? i - j : j - i) <= 2;
                CHECK(mask(i, j) == (near ? 1.0 : 0.0));
            }
        }
        CHECK(t.keys_per_row == std::vector<std::size_t>{3, 4, 5, 5, 5, 4, 3});
        CHECK(t.peak_cells == 29);
    }

    TEST_CASE("a global token attends to every key and every query attends to it", "[sparse]")
    {
        const attn::matrix x = attn_test::sample(6, 2);
        const auto t = attn::sparse_attention(x, x, x, pattern(0, attn::vector{4}));
        const attn::matrix& mask = full(t).mask;
        for (std::size_t i = 0; i < 6; ++i)
        {
            CHECK(mask(4, i) == 1);
            CHECK(mask(i, 4) == 1);
            CHECK(mask(i, i) == 1);
        }
        CHECK(t.keys_per_row == std::vector<std::size_t>{2, 2, 2, 2, 6, 2});
    }

    TEST_CASE("random keys are seeded (same seed, same pattern) and each row gets its extra keys",
              "[sparse]")
    {
        const attn::matrix x = attn_test::sample(12, 2);
        const auto a = attn::sparse_attention(x, x, x, pattern(1, {}, 3, 7));
        const auto b = attn::sparse_attention(x, x, x, pattern(1, {}, 3, 7));
        const auto c = attn::sparse_attention(x, x, x, pattern(1, {}, 3, 8));
        CHECK_THAT(full(a).mask, attn_test::MatrixEquals(full(b).mask));
        CHECK(xt::any(xt::not_equal(full(a).mask, full(c).mask)));
        for (std::size_t i = 0; i < 12; ++i)
        {
            const std::size_t window_keys = (i == 0 || i == 11) ? 2 : 3;
            CHECK(a.keys_per_row[i] == window_keys + 3);
        }
        SECTION("asking for more random keys than are left takes them all")
        {
            const auto dense = attn::sparse_attention(x, x, x, pattern(1, {}, 12));
            CHECK(std::all_of(dense.keys_per_row.begin(), dense.keys_per_row.end(),
                              [](std::size_t k) { return k == 12; }));
        }
    }

    TEST_CASE("traced, sparse attention is exactly attention with its pattern as the mask",
              "[sparse]")
    {
        const attn::matrix q = attn_test::sample(9, 4), k = attn_test::sample(9, 4, 0.3),
                           v = attn_test::sample(9, 3, 0.6);
        for (const double fill : {-std::numeric_limits<double>::infinity(), -3.0})
        {
            auto options = pattern(1, attn::vector{0, 5}, 2, 3);
            options.mask_fill = fill;
            const auto t = attn::sparse_attention(q, k, v, options);
            attn::attention_options dense;
            dense.mask = attn::attention_mask::from_matrix(full(t).mask);
            dense.mask_fill = fill;
            const auto reference = attn::scaled_dot_product_attention(q, k, v, dense);
            CHECK_THAT(full(t).weights, attn_test::MatrixEquals(reference.weights));
            CHECK_THAT(t.output, attn_test::MatrixEquals(reference.output));
            CHECK_THAT(full(t).output, attn_test::MatrixEquals(reference.output));
        }
    }

    TEST_CASE("the lean path computes only the allowed cells and gives the traced output",
              "[sparse]")
    {
        const attn::matrix q = attn_test::sample(10, 4), k = attn_test::sample(10, 4, 0.2),
                           v = attn_test::sample(10, 5, 0.8);
        for (const double fill : {-std::numeric_limits<double>::infinity(), 0.0, -2.5})
        {
            auto options = pattern(2, attn::vector{3}, 1, 11);
            options.mask_fill = fill;
            const auto traced = attn::sparse_attention(q, k, v, options);
            options.trace = false;
            const auto lean = attn::sparse_attention(q, k, v, options);
            REQUIRE(std::holds_alternative<attn::sparse_attention_lean>(lean.detail));
            // Under −∞ the lean sums run over the same cells in the same order: bit for bit.
            const double margin = std::isinf(fill) ? 0.0 : 1e-14;
            CHECK_THAT(lean.output, attn_test::MatrixWithinAbs(traced.output, margin));
            CHECK(lean.keys_per_row == traced.keys_per_row);
            CHECK(lean.peak_cells == traced.peak_cells);
        }
    }

    TEST_CASE("a finite maskFill far above the scores of a row that blocks no key leaves the lean "
              "output equal to the traced one",
              "[sparse]")
    {
        // Rows 0 … 2 of a window of 3 over 6 tokens block no key, where e^(fill − max) would
        // overflow (fill ≳ 710 above the scores); rows 3 … 5 block some.
        const attn::matrix x = attn_test::sample(6, 3);
        for (const double fill : {715.0, 800.0, 1e308})
        {
            auto options = pattern(3, attn::vector{0});
            options.mask_fill = fill;
            const auto traced = attn::sparse_attention(x, x, x, options);
            options.trace = false;
            const auto lean = attn::sparse_attention(x, x, x, options);
            CHECK_THAT(lean.output, attn_test::AllFinite());
            CHECK_THAT(lean.output, attn_test::MatrixWithinAbs(traced.output, 1e-12));
        }
    }

    TEST_CASE("values near the largest double under a finite maskFill keep the lean output "
              "finite and equal to the traced one",
              "[sparse]")
    {
        // Σ of all values would overflow; the blocked cells' share of it must not.
        const attn::matrix q = attn_test::sample(8, 3);
        const attn::matrix v = attn_test::sample(8, 2, 0.5) * 1.7e308;
        for (const double fill : {-1e4, -2.0, 0.0})
        {
            auto options = pattern(1);
            options.mask_fill = fill;
            const auto traced = attn::sparse_attention(q, q, v, options);
            options.trace = false;
            const auto lean = attn::sparse_attention(q, q, v, options);
            CHECK_THAT(lean.output, attn_test::AllFinite());
            CHECK_THAT(lean.output, attn_test::MatrixWithinAbs(traced.output, 1e-12 * 1.7e308));
        }
    }

    TEST_CASE("sparse attention names the argument of every bad input", "[sparse][errors]")
    {
        const attn::matrix x = attn_test::sample(5, 2);
        REQUIRE_THROWS_WITH(attn::sparse_attention(x, x, x, pattern(1, attn::vector{5})),
                            "globalTokens[0]: expected a whole number from 0 to 4, got 5");
        REQUIRE_THROWS_WITH(attn::sparse_attention(x, x, x, pattern(1, attn::vector{1.5})),
                            "globalTokens[0]: expected a whole number from 0 to 4, got 1.5");
        REQUIRE_THROWS_WITH(attn::sparse_attention(x, x, x, pattern(1, attn::vector{2, 0, 2})),
                            "globalTokens[2]: expected a token not listed before, got 2 (also "
                            "globalTokens[0])");
        REQUIRE_THROWS_WITH(
            attn::sparse_attention(x, x, x, pattern(1, {}, 6)),
            "randomPerRow: expected a whole number from 0 to 5 (the keys there are), "
            "got 6");
        REQUIRE_THROWS_WITH(
            attn::sparse_attention(x, attn_test::sample(4, 2), attn_test::sample(4, 2), pattern(1)),
            "key: expected 5 rows (one per query: the pattern is over one sequence), "
            "got 4");
        auto options = pattern(1);
        options.mask_fill = std::numeric_limits<double>::infinity();
        REQUIRE_THROWS_WITH(attn::sparse_attention(x, x, x, options),
                            "maskFill: expected a finite number or -Infinity, got Infinity");
        SECTION("a traced call with an n × n trace past 2²¹ numbers asks for trace: false")
        {
            const attn::matrix long_x = xt::zeros<double>({1024, 2});
            REQUIRE_THROWS_WITH(attn::sparse_attention(long_x, long_x, long_x, pattern(4)),
                                Contains("pass trace: false"));
            auto lean = pattern(4);
            lean.trace = false;
            CHECK(attn::sparse_attention(long_x, long_x, long_x, lean).peak_cells ==
                  1024 * 9 - 2 * (4 + 3 + 2 + 1));
        }
    }

    TEST_CASE("lean sparse attention over 4096 tokens keeps n·(2·window + 1) weights, not n²",
              "[sparse][limits]")
    {
        const attn::matrix x = attn_test::sample(4096, 4);
        auto options = pattern(2);
        options.trace = false;
        const auto t = attn::sparse_attention(x, x, x, options);
        // Every row has 5 keys but the first two and last two, which lose 2 + 1 each.
        CHECK(t.peak_cells == 4096 * 5 - 2 * (2 + 1));
        CHECK_THAT(t.output, attn_test::AllFinite());
        REQUIRE_THROWS_WITH(attn::sparse_attention(x, x, attn_test::sample(4097, 4), options),
                            "value: expected at most 4096 rows and 1024 columns, got 4097×4");
    }
} // namespace sparse_attention_tests
