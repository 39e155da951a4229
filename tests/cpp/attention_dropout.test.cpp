#include <cmath>
#include <limits>

#include <catch2/catch.hpp>

#include "attn/attention_backward.hpp"
#include "attn/error.hpp"
#include "attn/multi_head_attention_backward.hpp"
#include "attn/random.hpp"
#include "finite_difference.hpp"
#include "tensor_matchers.hpp"

namespace attention_dropout_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;

    namespace
    {
        attn::attention_options with_dropout(double p, std::uint32_t seed)
        {
            attn::attention_options options;
            options.dropout = p;
            options.dropout_seed = seed;
            return options;
        }

        /// The documented draws, written out: stream seed·256 + 8, row by row, u < p → 0, else
        /// 1/(1 − p).
        attn::matrix documented_mask(std::size_t n, std::size_t m, double p,
                                     attn::splitmix64& stream)
        {
            attn::matrix mask = xt::empty<double>({n, m});
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j < m; ++j)
                {
                    mask(i, j) = stream.uniform() < p ? 0.0 : 1.0 / (1.0 - p);
                }
            }
            return mask;
        }

        attn::splitmix64 dropout_stream(std::uint32_t seed)
        {
            return attn::splitmix64(attn::stream_state(seed, 8));
        }

        const attn::matrix query = attn_test::sample(5, 3), key = attn_test::sample(6, 3, 1),
                           value = attn_test::sample(6, 2, 2);
    } // namespace

    TEST_CASE("with dropout 0 the trace has no mask and the same bits as before",
              "[dropout][attention]")
    {
        const auto plain = attn::scaled_dot_product_attention(query, key, value);
        const auto zero = attn::scaled_dot_product_attention(query, key, value, with_dropout(0, 7));
        CHECK_FALSE(zero.has_dropout);
        CHECK_THAT(zero.output, attn_test::MatrixWithinAbs(plain.output, 0));
        CHECK_THAT(zero.output, attn_test::MatrixWithinAbs(attn::matmul(plain.weights, value), 0));
    }

    TEST_CASE("the dropout mask is the documented splitmix64 draws of stream seed·256 + 8",
              "[dropout][attention]")
    {
        const auto t = attn::scaled_dot_product_attention(query, key, value, with_dropout(0.4, 12));
        REQUIRE(t.has_dropout);
        attn::splitmix64 stream = dropout_stream(12);
        CHECK_THAT(t.dropout_mask,
                   attn_test::MatrixWithinAbs(documented_mask(5, 6, 0.4, stream), 0));
        CHECK_THAT(t.dropped_weights, attn_test::MatrixWithinAbs(t.weights * t.dropout_mask, 0));
        CHECK_THAT(t.output, attn_test::MatrixWithinAbs(attn::matmul(t.dropped_weights, value), 0));
        // The weights themselves are the softmax's, before dropout.
        CHECK_THAT(t.weights,
                   attn_test::MatrixWithinAbs(
                       attn::scaled_dot_product_attention(query, key, value).weights, 0));
    }

    TEST_CASE("the same seed gives the same mask, another seed another", "[dropout][attention]")
    {
        const auto a = attn::scaled_dot_product_attention(query, key, value, with_dropout(0.5, 1));
        const auto b = attn::scaled_dot_product_attention(query, key, value, with_dropout(0.5, 1));
        const auto c = attn::scaled_dot_product_attention(query, key, value, with_dropout(0.5, 2));
        CHECK_THAT(a.dropout_mask, attn_test::MatrixWithinAbs(b.dropout_mask, 0));
        CHECK(a.dropout_mask != c.dropout_mask);
    }

    TEST_CASE("about a fraction p of the weights is dropped, and the rest are scaled by 1/(1 − p)",
              "[dropout][attention]")
    {
        const attn::matrix x = attn_test::sample(64, 2);
        const auto t = attn::scaled_dot_product_attention(x, x, x, with_dropout(0.3, 5));
        std::size_t dropped = 0;
        for (double cell : t.dropout_mask)
        {
            CHECK((cell == 0.0 || cell == 1.0 / 0.7));
            dropped += cell == 0.0;
        }
        // 4,096 Bernoulli(0.3) cells: a standard deviation of 0.0072, so ±0.03 is over 4σ.
        CHECK_THAT(static_cast<double>(dropped) / 4096, WithinAbs(0.3, 0.03));
    }

    TEST_CASE("each head draws the next mask from the one dropout stream", "[dropout][mha]")
    {
        attn::multi_head_options options;
        options.heads = 2;
        options.attention = with_dropout(0.5, 21);
        const attn::matrix x = attn_test::sample(3, 4);
        const auto t = attn::multi_head_attention(x, x, x, {}, options);
        attn::splitmix64 stream = dropout_stream(21);
        const attn::matrix first = documented_mask(3, 3, 0.5, stream);
        const attn::matrix second = documented_mask(3, 3, 0.5, stream);
        CHECK_THAT(t.per_head[0].attention.dropout_mask, attn_test::MatrixWithinAbs(first, 0));
        CHECK_THAT(t.per_head[1].attention.dropout_mask, attn_test::MatrixWithinAbs(second, 0));
    }

    TEST_CASE("under dropout the backward goes through the mask, matching finite differences",
              "[dropout][backward]")
    {
        // The mask depends on the seed and the shape only, so it stays fixed while an input moves.
        const attn::attention_options options = with_dropout(0.4, 3);
        const attn::matrix g = attn_test::sample(5, 2, 7);
        const auto loss = [&](const attn::matrix& q, const attn::matrix& k, const attn::matrix& v)
        { return attn_test::dot(attn::scaled_dot_product_attention(q, k, v, options).output, g); };
        const auto t = attn::attention_backward(query, key, value, options, g);
        CHECK_THAT(t.grad_query, attn_test::MatchesSlopes(query, [&](const attn::matrix& x)
                                                          { return loss(x, key, value); }));
        CHECK_THAT(t.grad_key, attn_test::MatchesSlopes(key, [&](const attn::matrix& x)
                                                        { return loss(query, x, value); }));
        CHECK_THAT(t.grad_value, attn_test::MatchesSlopes(value, [&](const attn::matrix& x)
                                                          { return loss(query, key, x); }));
        const auto forward = attn::scaled_dot_product_attention(query, key, value, options);
        for (std::size_t k = 0; k < forward.dropout_mask.size(); ++k)
        {
            if (forward.dropout_mask.data()[k] == 0)
            {
                CHECK(t.grad_weights.data()[k] == 0.0);
            }
        }
    }

    TEST_CASE("under dropout multi-head gradients match finite differences", "[dropout][backward]")
    {
        attn::multi_head_options options;
        options.heads = 2;
        options.attention = with_dropout(0.3, 8);
        const attn::matrix x = attn_test::sample(3, 4);
        const attn::matrix g = attn_test::sample(3, 4, 7);
        const auto t = attn::multi_head_attention_backward(x, x, x, {}, options, g);
        CHECK_THAT(t.grad_query,
                   attn_test::MatchesSlopes(
                       x,
                       [&](const attn::matrix& q) {
                           return attn_test::dot(
                               attn::multi_head_attention(q, x, x, {}, options).output, g);
                       }));
    }

    TEST_CASE("a dropout below 0, or of 1 or more, is refused naming dropout", "[dropout][errors]")
    {
        const double nan = std::numeric_limits<double>::quiet_NaN();
        const auto p = GENERATE_COPY(1.0, -0.1, 2.0, nan);
        const std::string expected =
            "dropout: expected a probability from 0 up to (not including) 1, got " +
            attn::detail::format_number(p);
        CHECK_THROWS_MATCHES(
            attn::scaled_dot_product_attention(query, key, value, with_dropout(p, 0)),
            attn::attention_error, Message(expected));
        attn::multi_head_options options;
        options.heads = 1;
        options.attention = with_dropout(p, 0);
        CHECK_THROWS_MATCHES(attn::multi_head_attention(query, key, key, {}, options),
                             attn::attention_error, Message(expected));
    }
} // namespace attention_dropout_tests
