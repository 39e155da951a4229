#include <cmath>
#include <cstdint>

#include <catch2/catch.hpp>

#include "attn/encoder_layer.hpp"
#include "attn/multi_head_attention.hpp"
#include "attn/random.hpp"
#include "tensor_matchers.hpp"

namespace xavier_tests
{
    using Catch::Matchers::WithinAbs;

    TEST_CASE("splitmix64 from state 0 gives the published first draws", "[xavier]")
    {
        // The draws quoted in xavier.json (and by every splitmix64 reference implementation).
        attn::splitmix64 generator(0);
        CHECK(generator.next() == 0xe220a8397b1dcdafULL);
        CHECK(generator.next() == 0x6e789e6aa1b965f4ULL);
        CHECK(generator.next() == 0x06c45d188009454fULL);

        attn::splitmix64 again(0);
        CHECK(again.uniform() == 0.8833108082136426);
        CHECK(again.uniform() == 0.43152799704850997);
        CHECK(again.uniform() == 0.026433771592597743);
    }

    TEST_CASE("xavier weights are (2u − 1)·a from stream seed·256 + k, row by row", "[xavier]")
    {
        const std::uint32_t seed = GENERATE(0u, 42u, 4294967295u);
        const auto stream = GENERATE(attn::parameter_stream::w_q, attn::parameter_stream::w_o,
                                     attn::parameter_stream::w_2);
        CAPTURE(seed, static_cast<int>(stream));
        const attn::matrix w = attn::xavier_uniform(3, 5, seed, stream);
        // seed·256 + k needs 40 bits for the largest seed.
        attn::splitmix64 generator(static_cast<std::uint64_t>(seed) * 256 +
                                   static_cast<std::uint64_t>(stream));
        const double a = std::sqrt(6.0 / 8.0);
        for (std::size_t i = 0; i < 3; ++i)
        {
            for (std::size_t j = 0; j < 5; ++j)
            {
                CHECK(w(i, j) == (2 * generator.uniform() - 1) * a);
            }
        }
    }

    TEST_CASE("the same seed gives the same weights and another seed other weights", "[xavier]")
    {
        const auto first = attn::xavier_uniform(8, 8, 7, attn::parameter_stream::w_k);
        CHECK_THAT(attn::xavier_uniform(8, 8, 7, attn::parameter_stream::w_k),
                   attn_test::MatrixEquals(first));
        CHECK_THAT(attn::xavier_uniform(8, 8, 8, attn::parameter_stream::w_k),
                   !attn_test::MatrixEquals(first));
        SECTION("and each parameter has its own stream")
        {
            CHECK_THAT(attn::xavier_uniform(8, 8, 7, attn::parameter_stream::w_q),
                       !attn_test::MatrixEquals(first));
        }
    }

    TEST_CASE("every xavier weight lies within ±√(6 / (fan_in + fan_out))", "[xavier]")
    {
        using row = std::tuple<std::size_t, std::size_t>;
        const auto [fan_in, fan_out] = GENERATE(table<std::size_t, std::size_t>(
            {row{4, 4}, row{8, 16}, row{16, 8}, row{1, 1}, row{64, 3}}));
        CAPTURE(fan_in, fan_out);
        const double a = std::sqrt(6.0 / static_cast<double>(fan_in + fan_out));
        const attn::matrix w =
            attn::xavier_uniform(fan_in, fan_out, 1234, attn::parameter_stream::w_1);
        REQUIRE(attn::rows(w) == fan_in);
        REQUIRE(attn::cols(w) == fan_out);
        CHECK(xt::amax(xt::abs(w))() <= a);
    }

    TEST_CASE("supplying one weight matrix never changes the numbers drawn for another",
              "[xavier][mha]")
    {
        const attn::matrix x = attn_test::sample(3, 4);
        attn::multi_head_options options;
        options.heads = 2;
        options.seed = 99;
        const auto drawn = attn::multi_head_attention(x, x, x, {}, options);

        attn::multi_head_params given;
        given.w_q = attn::matrix(xt::eye<double>(4));
        const auto partly = attn::multi_head_attention(x, x, x, given, options);
        CHECK_THAT(partly.params.w_q, attn_test::MatrixEquals(*given.w_q));
        CHECK_THAT(partly.params.w_k, attn_test::MatrixEquals(drawn.params.w_k));
        CHECK_THAT(partly.params.w_v, attn_test::MatrixEquals(drawn.params.w_v));
        CHECK_THAT(partly.params.w_o, attn_test::MatrixEquals(drawn.params.w_o));
        CHECK_THAT(drawn.params.w_k, attn_test::MatrixEquals(attn::xavier_uniform(
                                         4, 4, 99, attn::parameter_stream::w_k)));

        SECTION("nor in the encoder layer's feed-forward weights")
        {
            attn::encoder_layer_options encoder_options;
            encoder_options.heads = 2;
            encoder_options.d_ff = 6;
            encoder_options.seed = 99;
            const auto all_drawn = attn::encoder_layer(x, {}, encoder_options);
            attn::encoder_layer_params with_w1;
            with_w1.w1 = attn_test::sample(4, 6, 1);
            const auto w1_given = attn::encoder_layer(x, with_w1, encoder_options);
            CHECK_THAT(w1_given.w2, attn_test::MatrixEquals(all_drawn.w2));
            CHECK_THAT(all_drawn.w1, attn_test::MatrixEquals(attn::xavier_uniform(
                                         4, 6, 99, attn::parameter_stream::w_1)));
            CHECK_THAT(all_drawn.w2, attn_test::MatrixEquals(attn::xavier_uniform(
                                         6, 4, 99, attn::parameter_stream::w_2)));
            CHECK_THAT(all_drawn.attention.params.w_q, attn_test::MatrixEquals(drawn.params.w_q));
        }
    }
} // namespace xavier_tests
