// Tiled attention with the online softmax: the same output as attention for every block size,
// mask and fully masked row; the invariants of the running max and sum tile by tile; the lean
// path's memory at n = 4096; and each refusal's wording (float32: precision.test.cpp).

#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/attention.hpp"
#include "attn/error.hpp"
#include "attn/flash_attention.hpp"
#include "scale_inputs.hpp"
#include "tensor_matchers.hpp"

namespace flash_attention_tests
{
    using attn_test::masked;
    using attn_test::MatrixWithinAbs;
    using attn_test::random;
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;
    using Catch::Matchers::WithinRel;
    using Catch::Matchers::WithinULP;

    namespace
    {
        const double inf = std::numeric_limits<double>::infinity();

        attn::flash_options blocks(std::size_t rows, std::size_t cols,
                                   attn::attention_mask mask = {})
        {
            attn::flash_options options;
            options.block_rows = rows;
            options.block_cols = cols;
            options.mask = std::move(mask);
            return options;
        }

        /// 0/1 mask with row 2 fully blocked and a scatter of blocked cells elsewhere.
        attn::matrix scattered_mask(std::size_t n, std::size_t m)
        {
            attn::matrix allowed = xt::ones<double>({n, m});
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j < m; ++j)
                {
                    allowed(i, j) = i == 2 || (i * 7 + j * 3) % 5 == 0 ? 0 : 1;
                }
            }
            return allowed;
        }
    } // namespace

    TEST_CASE("flash attention equals attention within 1e-12 for every block size from 1 to n",
              "[flash]")
    {
        const std::size_t n = 7, m = 6;
        const attn::matrix q = random(n, 3, 1), k = random(m, 3, 2), v = random(m, 4, 3);
        const auto [name, mask, fill] = GENERATE(table<const char*, attn::attention_mask, double>(
            {{"no mask", attn::attention_mask::none(), -inf},
             {"causal", attn::attention_mask::causal(), -inf},
             {"key padding", attn::attention_mask::padding(4), -inf},
             {"a 0/1 matrix with a fully masked row",
              attn::attention_mask::from_matrix(scattered_mask(n, m)), -inf},
             {"the same under a fill of -1e9",
              attn::attention_mask::from_matrix(scattered_mask(n, m)), -1e9}}));
        INFO(name);
        const attn::matrix expected =
            attn::scaled_dot_product_attention(q, k, v, masked(mask, fill)).output;
        for (std::size_t br = 1; br <= n; ++br)
        {
            for (std::size_t bc = 1; bc <= m; ++bc)
            {
                INFO("blocks " << br << " × " << bc);
                attn::flash_options options = blocks(br, bc, mask);
                options.mask_fill = fill;
                CHECK_THAT(attn::flash_attention(q, k, v, options).output,
                           MatrixWithinAbs(expected, 1e-12));
            }
        }
    }

    TEST_CASE("flash attention's rowMax and rowSum are the softmax's row max and Σ exp(s − rowMax)",
              "[flash]")
    {
        const attn::matrix q = random(5, 4, 4), k = random(9, 4, 5), v = random(9, 2, 6);
        const attn::attention_trace full =
            attn::scaled_dot_product_attention(q, k, v, masked(attn::attention_mask::causal()));
        const attn::flash_attention_trace t =
            attn::flash_attention(q, k, v, blocks(2, 4, attn::attention_mask::causal()));
        for (std::size_t i = 0; i < 5; ++i)
        {
            CHECK(t.row_max(i) == full.softmax.row_max(i));
            double sum = 0;
            for (std::size_t j = 0; j < 9; ++j)
            {
                sum += std::exp(full.masked(i, j) - t.row_max(i));
            }
            CHECK_THAT(t.row_sum(i), WithinRel(sum, 1e-14));
        }
    }

    TEST_CASE("each tile follows from the one before: max, rescale, sum and partial output",
              "[flash]")
    {
        const attn::matrix q = random(4, 3, 7), k = random(5, 3, 8), v = random(5, 2, 9);
        const attn::flash_attention_trace t = attn::flash_attention(q, k, v, blocks(3, 2));
        REQUIRE(t.tiles.size() == 2 * 3);
        // Row block outer, column block inner, the last blocks shorter.
        CHECK(t.tiles[1].row_block == 0);
        CHECK(t.tiles[1].col_block == 1);
        CHECK(t.tiles[3].row_start == 3);
        CHECK(t.tiles[5].col_start == 4);
        CHECK(attn::rows(t.tiles[5].scores) == 1);
        CHECK(attn::cols(t.tiles[5].scores) == 1);
        for (std::size_t index = 0; index < t.tiles.size(); ++index)
        {
            const attn::flash_tile& tile = t.tiles[index];
            const bool first = tile.col_block == 0;
            INFO("tile " << index);
            for (std::size_t r = 0; r < tile.tile_max.size(); ++r)
            {
                const double before_sum = first ? 0 : t.tiles[index - 1].sum_after(r);
                CHECK(tile.max_before(r) == (first ? -inf : t.tiles[index - 1].max_after(r)));
                CHECK(tile.max_after(r) == std::max(tile.max_before(r), tile.tile_max(r)));
                CHECK(tile.rescale(r) ==
                      (first ? 0 : std::exp(tile.max_before(r) - tile.max_after(r))));
                double sum = tile.rescale(r) * before_sum;
                for (std::size_t c = 0; c < attn::cols(tile.scores); ++c)
                {
                    // The tiled passes' own exp (cpp/src/exp_kernel.hpp): within 2 ulps of libm's.
                    CHECK_THAT(tile.exps(r, c),
                               WithinULP(std::exp(tile.scores(r, c) - tile.max_after(r)), 2));
                    sum += tile.exps(r, c);
                }
                CHECK_THAT(tile.sum_after(r), WithinRel(sum, 1e-15));
                for (std::size_t c = 0; c < 2; ++c)
                {
                    double expected =
                        first ? 0 : tile.rescale(r) * t.tiles[index - 1].partial_output(r, c);
                    for (std::size_t j = 0; j < attn::cols(tile.scores); ++j)
                    {
                        expected += tile.exps(r, j) * v(tile.col_start + j, c);
                    }
                    CHECK_THAT(tile.partial_output(r, c), WithinAbs(expected, 1e-14));
                }
            }
        }
        // The last tile of each row block holds the final m and ℓ; the output is Õ / ℓ.
        CHECK(t.row_max(0) == t.tiles[2].max_after(0));
        CHECK(t.row_sum(4 - 1) == t.tiles[5].sum_after(0));
        CHECK(t.output(3, 1) == t.tiles[5].partial_output(0, 1) / t.tiles[5].sum_after(0));
    }

    TEST_CASE("a fully masked row keeps rowMax −∞, rowSum 0 and a zero output, never NaN",
              "[flash]")
    {
        const attn::matrix q = random(3, 2, 10), k = random(4, 2, 11), v = random(4, 3, 12);
        attn::matrix allowed = xt::ones<double>({3, 4});
        xt::row(allowed, 1) = 0.0;
        const attn::flash_attention_trace t = attn::flash_attention(
            q, k, v, blocks(2, 3, attn::attention_mask::from_matrix(allowed)));
        CHECK(t.row_max(1) == -inf);
        CHECK(t.row_sum(1) == 0);
        CHECK_THAT(attn::matrix(xt::view(t.output, xt::range(1, 2), xt::all())),
                   attn_test::MatrixEquals(xt::zeros<double>({1, 3})));
        CHECK(t.tiles[0].rescale(1) == 0);
        CHECK(t.tiles[1].rescale(1) == 0);
        CHECK(t.tiles[1].exps(1, 0) == 0);
        SECTION("a padding mask of 0 keys blocks every row the same way")
        {
            const attn::flash_attention_trace none =
                attn::flash_attention(q, k, v, blocks(1, 1, attn::attention_mask::padding(0)));
            CHECK_THAT(none.output, attn_test::MatrixEquals(xt::zeros<double>({3, 3})));
        }
    }

    TEST_CASE("the lean path at n = 4096 keeps only tile buffers and agrees across block sizes",
              "[flash][long]")
    {
        const std::size_t n = 4096;
        const attn::matrix q = attn_test::sample(n, 8, 0.1), k = attn_test::sample(n, 8, 0.2),
                           v = attn_test::sample(n, 8, 0.3);
        attn::flash_options options = blocks(64, 128, attn::attention_mask::causal());
        options.trace = false;
        const attn::flash_attention_trace t = attn::flash_attention(q, k, v, options);
        CHECK(t.tiles.empty());
        // The largest buffer is the 64 × 128 tile of scores, not the 4096 × 4096 of attention.
        CHECK(t.peak_cells == 64 * 128);
        attn::flash_options other = blocks(4096, 16, attn::attention_mask::causal());
        other.trace = false;
        CHECK_THAT(attn::flash_attention(q, k, v, other).output, MatrixWithinAbs(t.output, 1e-12));
        // Row 4095 against a direct softmax over its 4096 keys.
        double max = -inf, sum = 0, out0 = 0;
        std::vector<double> s(n);
        for (std::size_t j = 0; j < n; ++j)
        {
            double dot = 0;
            for (std::size_t c = 0; c < 8; ++c)
            {
                dot += q(n - 1, c) * k(j, c);
            }
            s[j] = dot / std::sqrt(8.0);
            max = std::max(max, s[j]);
        }
        for (std::size_t j = 0; j < n; ++j)
        {
            sum += std::exp(s[j] - max);
            out0 += std::exp(s[j] - max) * v(j, 0);
        }
        CHECK_THAT(t.output(n - 1, 0), WithinAbs(out0 / sum, 1e-12));
        CHECK_THAT(t.row_sum(n - 1), WithinRel(sum, 1e-12));
    }

    TEST_CASE("flash attention refuses bad block sizes and a trace too large to return",
              "[flash][errors]")
    {
        const attn::matrix q = random(3, 2, 13), k = random(4, 2, 14), v = random(4, 2, 15);
        CHECK_THROWS_MATCHES(attn::flash_attention(q, k, v, blocks(0, 2)), attn::attention_error,
                             Message("blockRows: expected a whole number from 1 to 3 (n, the "
                                     "queries), got 0"));
        CHECK_THROWS_MATCHES(
            attn::flash_attention(q, k, v, blocks(2, 5)), attn::attention_error,
            Message("blockCols: expected a whole number from 1 to 4 (m, the keys), "
                    "got 5"));
        CHECK_THROWS_MATCHES(attn::flash_attention(q, k, attn::matrix(xt::ones<double>({3, 2}))),
                             attn::attention_error,
                             Message("value: expected 4 rows (one per key), got 3"));
        const attn::matrix long_input = attn_test::sample(2048, 4);
        CHECK_THROWS_MATCHES(
            attn::flash_attention(long_input, long_input, long_input), attn::attention_error,
            Message(
                "trace: expected at most 2097152 numbers in the trace (every tile's scores, "
                "exps and partial outputs; pass trace: false for the lean result), got 10825728"));
        const attn::matrix too_long = xt::zeros<double>({4097, 2});
        CHECK_THROWS_MATCHES(
            attn::flash_attention(too_long, k, v), attn::attention_error,
            Message("query: expected at most 4096 rows and 1024 columns, got 4097×2"));
    }

    TEST_CASE("values near the largest double are scaled by a power of two, so the running output "
              "never overflows and the output is still attention's",
              "[flash][overflow]")
    {
        // Equal scores: each output is the mean of the values, near 1.7e308, while the running
        // sum Õ of three of them would be 5.1e308 = Infinity.
        const attn::matrix q = {{1, 0}, {0.5, 2}}, k = xt::zeros<double>({3, 2});
        const attn::matrix v = {{1.7e308, -1.7e308}, {1.7e308, 1e308}, {-1.7e308, 1.7e308}};
        const attn::flash_attention_trace t = attn::flash_attention(q, k, v, blocks(2, 2));
        CHECK(t.value_scale == 0.25); // 2^-2: 3 keys < 2^2
        const attn::matrix expected = attn::scaled_dot_product_attention(q, k, v).output;
        for (std::size_t cell = 0; cell < expected.size(); ++cell)
        {
            // Relative: the outputs are near 1e308, and attention's weights round differently.
            CHECK_THAT(t.output.data()[cell], WithinRel(expected.data()[cell], 1e-12));
        }
        // Õ after both tiles, in units of the scale: ¼·(1.7e308 + 1.7e308 − 1.7e308), finite.
        CHECK_THAT(t.tiles[1].partial_output(0, 0), WithinRel(1.7e308 * 0.25, 1e-15));
        SECTION("ordinary values are not scaled")
        {
            CHECK(attn::flash_attention(q, k, attn::matrix(v / 1e300), blocks(2, 2)).value_scale ==
                  1);
        }
    }
} // namespace flash_attention_tests
