#include <cmath>
#include <cstring>

#include <catch2/catch.hpp>

#include "attn/explain_layers.hpp"
#include "attn/positional_encoding.hpp"
#include "tensor_matchers.hpp"

namespace explain_layers_tests
{
    using Catch::Matchers::Contains;

    namespace
    {
        // A layer of width 5 → 3 on 4 rows, with and without a bias.
        const attn::matrix x = attn_test::sample(4, 5, 0.1);
        const attn::matrix w = attn_test::sample(5, 3, 0.2);
        const attn::vector b = {0.25, -1.5, 0.125};

        /// Bit for bit, so that −0 and 0 differ and NaN is never equal.
        bool same_bits(double a, double c)
        {
            return std::memcmp(&a, &c, sizeof a) == 0;
        }
    } // namespace

    TEST_CASE(
        "every cell of a linear layer is explained by its products and bias, and its value is "
        "the layer's own cell bit for bit",
        "[explain][linear]")
    {
        const bool with_bias = GENERATE(false, true);
        CAPTURE(with_bias);
        const std::optional<attn::vector> bias = with_bias ? std::optional(b) : std::nullopt;
        const attn::matrix y = attn::linear(x, w, with_bias ? b : attn::vector{});
        for (std::size_t i = 0; i < 4; ++i)
        {
            for (std::size_t j = 0; j < 3; ++j)
            {
                CAPTURE(i, j);
                const auto e = attn::explain_linear(x, w, bias, static_cast<double>(i),
                                                    static_cast<double>(j));
                CHECK(e.row == i);
                CHECK(e.column == j);
                REQUIRE(e.terms.size() == 5);
                double sum = 0;
                for (std::size_t k = 0; k < 5; ++k)
                {
                    CHECK(e.terms[k].left == x(i, k));
                    CHECK(e.terms[k].right == w(k, j));
                    CHECK(e.terms[k].product == x(i, k) * w(k, j));
                    sum += e.terms[k].product;
                }
                CHECK(same_bits(e.product_sum, sum));
                CHECK(e.has_bias == with_bias);
                CHECK(e.bias == (with_bias ? b(j) : 0.0));
                CHECK(same_bits(e.value, y(i, j)));
            }
        }
    }

    TEST_CASE("a linear layer's explanation names the argument that does not fit",
              "[explain][linear]")
    {
        REQUIRE_THROWS_WITH(attn::explain_linear(x, attn_test::sample(4, 3), std::nullopt, 0, 0),
                            Contains("weight: expected 5 rows (the columns of input), got 4"));
        REQUIRE_THROWS_WITH(attn::explain_linear(x, w, attn::vector{1, 2}, 0, 0),
                            Contains("bias: expected"));
        REQUIRE_THROWS_WITH(attn::explain_linear(x, w, std::nullopt, 4, 0),
                            Contains("row: expected"));
        REQUIRE_THROWS_WITH(attn::explain_linear(x, w, std::nullopt, 0, 3),
                            Contains("column: expected"));
        REQUIRE_THROWS_WITH(attn::explain_linear(x, w, std::nullopt, 0.5, 0),
                            Contains("row: expected"));
    }

    TEST_CASE(
        "every cell of the positional encoding is explained by its angle, and its value is the "
        "encoding's own cell bit for bit",
        "[explain][pe]")
    {
        const std::size_t d = GENERATE(1, 7, 8);
        CAPTURE(d);
        const attn::matrix pe = attn::positional_encoding(12, d);
        for (std::size_t pos = 0; pos < 12; ++pos)
        {
            for (std::size_t c = 0; c < d; ++c)
            {
                CAPTURE(pos, c);
                const auto e = attn::explain_positional_encoding(static_cast<double>(pos),
                                                                 static_cast<double>(c), d);
                CHECK(e.position == pos);
                CHECK(e.column == c);
                CHECK(e.d_model == d);
                CHECK(e.pair == c / 2);
                CHECK(e.cosine == (c % 2 == 1));
                CHECK(e.exponent == static_cast<double>(2 * (c / 2)) / static_cast<double>(d));
                CHECK_THAT(e.divisor,
                           Catch::Matchers::WithinRel(std::pow(10000.0, e.exponent), 1e-15));
                CHECK(e.angle == static_cast<double>(pos) / e.divisor);
                CHECK(same_bits(e.value, pe(pos, c)));
            }
        }
    }

    TEST_CASE("the first pair of columns is sin and cos of the position itself", "[explain][pe]")
    {
        const auto sine = attn::explain_positional_encoding(3, 0, 16);
        CHECK(sine.divisor == 1);
        CHECK(sine.angle == 3);
        CHECK(sine.value == std::sin(3.0));
        const auto cosine = attn::explain_positional_encoding(3, 1, 16);
        CHECK(cosine.cosine);
        CHECK(cosine.value == std::cos(3.0));
    }

    TEST_CASE("a positional encoding's explanation refuses a cell outside the encoding",
              "[explain][pe]")
    {
        REQUIRE_THROWS_WITH(attn::explain_positional_encoding(0, 8, 8),
                            Contains("column: expected"));
        REQUIRE_THROWS_WITH(attn::explain_positional_encoding(1024, 0, 8),
                            Contains("position: expected"));
        REQUIRE_THROWS_WITH(attn::explain_positional_encoding(-1, 0, 8),
                            Contains("position: expected"));
        REQUIRE_THROWS_WITH(attn::explain_positional_encoding(0, 0, 0),
                            Contains("dModel: expected"));
    }
} // namespace explain_layers_tests
