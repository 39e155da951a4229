#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "attn/attention.hpp"
#include "attn/chunked_attention.hpp"
#include "attn/describe/measure_cost.hpp"
#include "attn/error.hpp"
#include "attn/flash_attention.hpp"
#include "attn/linear_attention.hpp"
#include "attn/measure_cost.hpp"
#include "attn/rnn.hpp"
#include "attn/sparse_attention.hpp"
#include "tensor_matchers.hpp"

namespace measure_cost_tests
{
    using Catch::Matchers::Contains;

    namespace
    {
        attn::cost_options options_for(const std::string& variant, std::size_t n, std::size_t d = 8)
        {
            attn::cost_options o;
            o.variant = variant;
            o.n = n;
            o.d = d;
            o.repeats = 2;
            o.block = 4;
            o.window = 2;
            return o;
        }
    } // namespace

    TEST_CASE("the kernel measureCost times for 'full' is attention's output", "[cost]")
    {
        const attn::matrix q = attn_test::sample(7, 3, 1), k = attn_test::sample(9, 3, 2),
                           v = attn_test::sample(9, 5, 3);
        std::size_t peak = 0;
        const attn::matrix lean = attn::detail::full_attention_lean(q, k, v, peak);
        CHECK_THAT(lean, attn_test::MatrixWithinAbs(
                             attn::scaled_dot_product_attention(q, k, v).output, 1e-12));
        CHECK(peak == 7 * 9);
    }

    TEST_CASE("every variant the description offers is measured with its fields and formulas",
              "[cost]")
    {
        const std::string choices = attn::describe::measure_cost_operation::variant.choices;
        CHECK(choices == attn::cost_variant_names());
        const std::size_t n = 12, d = 8;
        for (std::size_t start = 0; start <= choices.size();)
        {
            const std::size_t end = std::min(choices.find('|', start), choices.size());
            const std::string variant = choices.substr(start, end - start);
            start = end + 1;
            CAPTURE(variant);
            const auto m = attn::measure_cost(options_for(variant, n, d));
            CHECK(m.variant == variant);
            CHECK(m.n == n);
            CHECK(m.d == d);
            REQUIRE(m.seconds.size() == 2);
            for (const double s : m.seconds)
            {
                CHECK(s >= 0);
                CHECK(std::isfinite(s));
            }
            CHECK(m.peak_cells > 0);
            CHECK(m.multiply_adds > 0);
        }
    }

    TEST_CASE("full attention's cost is n squared cells and 2 n squared d multiply-adds", "[cost]")
    {
        const std::size_t n = GENERATE(1, 5, 33);
        CAPTURE(n);
        const auto m = attn::measure_cost(options_for("full", n, 4));
        CHECK(m.peak_cells == n * n);
        CHECK(m.multiply_adds == 2.0 * n * n * 4);
    }

    TEST_CASE("the tiled variants keep far fewer than n squared cells and add one rescale of the "
              "output per key block",
              "[cost]")
    {
        // Flash holds a tile and its running rows; chunked also holds one query chunk's summaries,
        // one d_v row per key chunk: at most n·(block + d) either way, against n² for full.
        const std::size_t n = GENERATE(40, 256);
        const std::size_t d = 2, block = 4;
        CAPTURE(n);
        for (const char* variant : {"flash", "chunked"})
        {
            CAPTURE(variant);
            auto o = options_for(variant, n, d);
            o.block = block;
            const auto m = attn::measure_cost(o);
            CHECK(m.peak_cells < n * n);
            CHECK(m.peak_cells <= n * (block + d));
            const double key_blocks = static_cast<double>((n + block - 1) / block);
            CHECK(m.multiply_adds == 2.0 * n * n * d + n * key_blocks * d);
        }
    }

    TEST_CASE("each variant reports the peak cells of the operation it times, run lean", "[cost]")
    {
        // The inputs measure_cost draws are its own; the peak depends only on the sizes, so any
        // inputs of those sizes give the operation's own figure.
        const std::size_t n = 24, d = 6;
        const attn::matrix q = attn_test::sample(n, d, 1), k = attn_test::sample(n, d, 2),
                           v = attn_test::sample(n, d, 3);
        auto o = options_for("flash", n, d);
        o.block = 5;
        o.window = 3;

        attn::flash_options f;
        f.block_rows = f.block_cols = 5;
        f.trace = false;
        o.variant = "flash";
        CHECK(attn::measure_cost(o).peak_cells == attn::flash_attention(q, k, v, f).peak_cells);

        attn::chunked_options c;
        c.chunk_size = 5;
        c.trace = false;
        o.variant = "chunked";
        CHECK(attn::measure_cost(o).peak_cells == attn::chunked_attention(q, k, v, c).peak_cells);

        attn::linear_attention_options l;
        l.trace = false;
        o.variant = "linear";
        CHECK(attn::measure_cost(o).peak_cells == attn::linear_attention(q, k, v, l).peak_cells);

        attn::sparse_attention_options s;
        s.window = 3;
        s.trace = false;
        o.variant = "sparse";
        CHECK(attn::measure_cost(o).peak_cells == attn::sparse_attention(q, k, v, s).peak_cells);

        o.variant = "rnn";
        CHECK(attn::measure_cost(o).peak_cells == attn::rnn_forward(q, {}).peak_cells);
        CHECK(attn::measure_cost(o).peak_cells == n * d);
    }

    TEST_CASE("the linear variants grow with n times d squared and the window with its width",
              "[cost]")
    {
        const std::size_t n = 50, d = 8;
        CHECK(attn::measure_cost(options_for("linear", n, d)).multiply_adds ==
              2.0 * n * d * d + 2.0 * n * d);
        CHECK(attn::measure_cost(options_for("rnn", n, d)).multiply_adds == 2.0 * n * d * d);
        auto o = options_for("sparse", n, d);
        o.window = 2;
        // Rows 0 and 49 see 3 keys, rows 1 and 48 see 4, the other 46 rows see 5.
        CHECK(attn::measure_cost(o).multiply_adds == 2.0 * (2 * 3 + 2 * 4 + 46 * 5) * d);
        o.window = 0;
        CHECK(attn::measure_cost(o).multiply_adds == 2.0 * n * d);
    }

    TEST_CASE("bad cost arguments are refused naming the argument", "[cost][errors]")
    {
        SECTION("an unknown variant")
        {
            REQUIRE_THROWS_WITH(attn::measure_cost(options_for("fastest", 4)),
                                Contains("variant: expected 'full', 'flash', 'chunked', 'linear', "
                                         "'sparse' or 'rnn'") &&
                                    Contains("got 'fastest'"));
        }
        SECTION("n past max_sequence")
        {
            REQUIRE_THROWS_WITH(attn::measure_cost(options_for("full", attn::max_sequence + 1)),
                                Contains("n: expected"));
        }
        SECTION("n of 0")
        {
            REQUIRE_THROWS_WITH(attn::measure_cost(options_for("full", 0)),
                                Contains("n: expected"));
        }
        SECTION("d past max_dimension")
        {
            REQUIRE_THROWS_WITH(attn::measure_cost(options_for("full", 4, attn::max_dimension + 1)),
                                Contains("d: expected"));
        }
        SECTION("no repeats")
        {
            auto o = options_for("full", 4);
            o.repeats = 0;
            REQUIRE_THROWS_WITH(attn::measure_cost(o), Contains("repeats: expected"));
        }
    }

    TEST_CASE("costGrowth measures at n and 2n and divides the exact counts", "[cost]")
    {
        auto o = options_for("full", 16, 4);
        const attn::cost_growth g = attn::measure_cost_growth(o);
        CHECK(g.at_n.n == 16);
        CHECK(g.at_double_n.n == 32);
        CHECK(g.at_n.seconds.size() == 1);
        // Full attention: 2·n²·d multiply-adds and n² cells, so both grow by exactly 4.
        CHECK(g.multiply_adds_factor == 4.0);
        CHECK(g.peak_cells_factor == 4.0);
        CHECK(g.multiply_adds_factor == g.at_double_n.multiply_adds / g.at_n.multiply_adds);

        // Linear attention's multiply-adds grow with n (its d × d state does not depend on n).
        o.variant = "linear";
        CHECK(attn::measure_cost_growth(o).multiply_adds_factor == Approx(2.0).epsilon(0.01));
    }

    TEST_CASE("costGrowth refuses an n whose double is past max_sequence, naming n",
              "[cost][errors]")
    {
        REQUIRE_THROWS_WITH(
            attn::measure_cost_growth(options_for("full", attn::max_sequence / 2 + 1)),
            Contains("n: expected a whole number from 1 to 2048 (it is measured at 2n too)"));
    }
} // namespace measure_cost_tests
