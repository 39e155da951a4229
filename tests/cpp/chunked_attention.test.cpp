// Attention by chunks (Rabe & Staats 2021): the same output as attention for every chunk size,
// mask and fully masked row; each chunk's summary and each combination as the paper defines
// them; the lean path's memory at n = 4096; and each refusal's wording.

#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/attention.hpp"
#include "attn/chunked_attention.hpp"
#include "attn/error.hpp"
#include "attn/flash_attention.hpp"
#include "scale_inputs.hpp"
#include "tensor_matchers.hpp"

namespace chunked_attention_tests
{
    using attn_test::masked;
    using attn_test::MatrixWithinAbs;
    using attn_test::random;
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinRel;

    namespace
    {
        const double inf = std::numeric_limits<double>::infinity();

        attn::chunked_options chunks(std::size_t size, attn::attention_mask mask = {},
                                     double fill = -inf)
        {
            attn::chunked_options options;
            options.chunk_size = size;
            options.mask = std::move(mask);
            options.mask_fill = fill;
            return options;
        }
    } // namespace

    TEST_CASE("chunked attention equals attention within 1e-12 for every chunk size from 1 to n",
              "[chunked]")
    {
        const std::size_t n = 7, m = 5;
        const attn::matrix q = random(n, 3, 21), k = random(m, 3, 22), v = random(m, 2, 23);
        attn::matrix allowed = xt::ones<double>({n, m});
        xt::row(allowed, 3) = 0.0;
        allowed(0, 4) = 0;
        const auto [name, mask, fill] =
            GENERATE_COPY(table<const char*, attn::attention_mask, double>(
                {{"no mask", attn::attention_mask::none(), -inf},
                 {"causal", attn::attention_mask::causal(), -inf},
                 {"key padding", attn::attention_mask::padding(2), -inf},
                 {"a 0/1 matrix with a fully masked row",
                  attn::attention_mask::from_matrix(allowed), -inf},
                 {"the same under a fill of -1e9", attn::attention_mask::from_matrix(allowed),
                  -1e9}}));
        INFO(name);
        const attn::matrix expected =
            attn::scaled_dot_product_attention(q, k, v, masked(mask, fill)).output;
        for (std::size_t size = 1; size <= n; ++size)
        {
            INFO("chunks of " << size);
            CHECK_THAT(attn::chunked_attention(q, k, v, chunks(size, mask, fill)).output,
                       MatrixWithinAbs(expected, 1e-12));
        }
    }

    TEST_CASE("each chunk is summarised against its own max and combined against the row's max",
              "[chunked]")
    {
        const attn::matrix q = random(5, 4, 24), k = random(5, 4, 25), v = random(5, 3, 26);
        const attn::attention_trace full =
            attn::scaled_dot_product_attention(q, k, v, masked(attn::attention_mask::causal()));
        const attn::chunked_attention_trace t =
            attn::chunked_attention(q, k, v, chunks(2, attn::attention_mask::causal()));
        // Query chunks of 2, 2, 1 against key chunks of 2, 2, 1.
        REQUIRE(t.chunks.size() == 9);
        REQUIRE(t.combinations.size() == 3);
        for (const attn::attention_chunk& chunk : t.chunks)
        {
            INFO("chunk at query " << chunk.query_start << ", key " << chunk.key_start);
            for (std::size_t r = 0; r < chunk.rows; ++r)
            {
                const std::size_t i = chunk.query_start + r;
                double max = -inf, sum = 0, out0 = 0;
                for (std::size_t j = chunk.key_start; j < chunk.key_start + chunk.cols; ++j)
                {
                    max = std::max(max, full.masked(i, j));
                }
                for (std::size_t j = chunk.key_start; j < chunk.key_start + chunk.cols; ++j)
                {
                    const double e = max == -inf ? 0 : std::exp(full.masked(i, j) - max);
                    sum += e;
                    out0 += e * v(j, 0);
                }
                CHECK(chunk.chunk_max(r) == max);
                CHECK_THAT(chunk.chunk_sum(r), WithinRel(sum, 1e-15));
                CHECK_THAT(chunk.chunk_output(r, 0), WithinRel(out0, 1e-14));
            }
        }
        for (const attn::chunk_combination& c : t.combinations)
        {
            for (std::size_t r = 0; r < c.rows; ++r)
            {
                const std::size_t i = c.query_start + r;
                CHECK(c.global_max(r) == full.softmax.row_max(i));
                CHECK_THAT(c.sum(r), WithinRel(full.softmax.row_sum(i), 1e-14));
            }
        }
        // Query 0 sees only key 0: key chunks 1 and 2 are blocked and weigh 0.
        CHECK(t.combinations[0].factors(1, 0) == 0);
        CHECK(t.combinations[0].factors(2, 0) == 0);
        CHECK(t.combinations[0].factors(0, 0) == 1);
    }

    TEST_CASE("the lean path at n = 4096 keeps one chunk of scores and one query chunk's summaries",
              "[chunked][long]")
    {
        const std::size_t n = 4096;
        const attn::matrix q = attn_test::sample(n, 8, 0.4), k = attn_test::sample(n, 8, 0.5),
                           v = attn_test::sample(n, 4, 0.6);
        attn::chunked_options options = chunks(256, attn::attention_mask::causal());
        options.trace = false;
        const attn::chunked_attention_trace t = attn::chunked_attention(q, k, v, options);
        CHECK(t.chunks.empty());
        // 256 × 256 scores; the summaries of 16 key chunks × 256 queries × 4 are as many.
        CHECK(t.peak_cells == 256 * 256);
        attn::flash_options flash;
        flash.mask = attn::attention_mask::causal();
        flash.block_rows = 128;
        flash.block_cols = 128;
        flash.trace = false;
        CHECK_THAT(t.output, MatrixWithinAbs(attn::flash_attention(q, k, v, flash).output, 1e-12));
    }

    TEST_CASE("chunked attention refuses a chunk size of 0 or above n and a trace too large",
              "[chunked][errors]")
    {
        const attn::matrix q = random(3, 2, 27), k = random(4, 2, 28), v = random(4, 2, 29);
        CHECK_THROWS_MATCHES(attn::chunked_attention(q, k, v, chunks(0)), attn::attention_error,
                             Message("chunkSize: expected a whole number from 1 to 3 (n, the "
                                     "queries), got 0"));
        CHECK_THROWS_MATCHES(attn::chunked_attention(q, k, v, chunks(4)), attn::attention_error,
                             Message("chunkSize: expected a whole number from 1 to 3 (n, the "
                                     "queries), got 4"));
        const attn::matrix long_input = attn_test::sample(4096, 64);
        CHECK_THROWS_WITH(
            attn::chunked_attention(long_input, long_input, long_input, chunks(1)),
            Catch::Matchers::StartsWith("trace: expected at most 2097152 numbers in "
                                        "the trace (every chunk's summaries and their "
                                        "combinations; pass trace: false for the lean "
                                        "result), got "));
    }

    TEST_CASE("chunked attention scales values near the largest double by a power of two, exactly",
              "[chunked][overflow]")
    {
        const attn::matrix q = {{1, 0}, {0.5, 2}}, k = xt::zeros<double>({3, 2});
        const attn::matrix v = {{1.7e308, -1.7e308}, {1.7e308, 1e308}, {-1.7e308, 1.7e308}};
        const attn::chunked_attention_trace t = attn::chunked_attention(q, k, v, chunks(1));
        CHECK(t.value_scale == 0.25);
        const attn::matrix expected = attn::scaled_dot_product_attention(q, k, v).output;
        for (std::size_t cell = 0; cell < expected.size(); ++cell)
        {
            // Relative: the outputs are near 1e308, and attention's weights round differently.
            CHECK_THAT(t.output.data()[cell], WithinRel(expected.data()[cell], 1e-12));
        }
    }
} // namespace chunked_attention_tests
