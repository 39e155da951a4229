#include <catch2/catch.hpp>

#include "attn/encoder_layer.hpp"
#include "tensor_matchers.hpp"

namespace encoder_layer_tests
{
    using Catch::Matchers::WithinAbs;

    namespace
    {
        attn::encoder_layer_options options_with(std::size_t heads, std::size_t d_ff,
                                                 attn::activation act)
        {
            attn::encoder_layer_options options;
            options.heads = heads;
            options.d_ff = d_ff;
            options.act = act;
            options.seed = 17;
            return options;
        }
    } // namespace

    TEST_CASE("an encoder layer with d = 8 and d_ff = 16 has 600 parameters", "[encoder]")
    {
        const auto t = attn::encoder_layer(attn_test::sample(5, 8), {},
                                           options_with(2, 16, attn::activation::relu));
        CHECK(t.parameter_count.attention == 288);    // 4·8² + 4·8
        CHECK(t.parameter_count.feed_forward == 280); // 8·16 + 16 + 16·8 + 8
        CHECK(t.parameter_count.norms == 32);         // 4·8
        CHECK(t.parameter_count.total == 600);
        CHECK(t.d_ff == 16);
    }

    TEST_CASE("the encoder layer is post-norm: LN(x + MHA(x)), then LN(x + FFN(x))", "[encoder]")
    {
        const attn::matrix x = attn_test::sample(5, 8);
        const auto act = GENERATE(attn::activation::relu, attn::activation::gelu);
        const auto t = attn::encoder_layer(x, {}, options_with(2, 16, act));
        CHECK_THAT(t.input, attn_test::MatrixEquals(x));
        CHECK_THAT(t.residual1, attn_test::MatrixWithinAbs(x + t.attention.output, 0));
        CHECK_THAT(t.norm1.output,
                   attn_test::MatrixWithinAbs(attn::layer_norm(t.residual1).output, 0));
        CHECK_THAT(t.feed_forward.output,
                   attn_test::MatrixWithinAbs(
                       attn::feed_forward(t.norm1.output, t.w1, t.b1, t.w2, t.b2, act).output, 0));
        CHECK_THAT(t.residual2,
                   attn_test::MatrixWithinAbs(t.norm1.output + t.feed_forward.output, 0));
        CHECK(t.output == t.norm2.output);
        SECTION("with default γ and β each output row has mean 0")
        {
            for (std::size_t i = 0; i < 5; ++i)
            {
                CHECK_THAT(xt::mean(xt::row(t.output, i))(), WithinAbs(0.0, 1e-15));
            }
        }
        SECTION("the attention is self-attention with zero biases")
        {
            CHECK_THAT(t.attention.params.b_q,
                       attn_test::VectorEquals(attn::vector(xt::zeros<double>({8}))));
            CHECK(t.attention.parameter_count == 288);
            CHECK_THAT(t.attention.projected_query,
                       attn_test::MatrixWithinAbs(attn::matmul(x, t.attention.params.w_q), 0));
        }
    }

    TEST_CASE("d_ff can come from w1 instead of the option", "[encoder]")
    {
        attn::encoder_layer_params params;
        params.w1 = attn_test::sample(4, 6, 1);
        attn::encoder_layer_options options;
        options.heads = 2;
        const auto t = attn::encoder_layer(attn_test::sample(3, 4), params, options);
        CHECK(t.d_ff == 6);
        CHECK(attn::rows(t.w2) == 6);
        CHECK(t.parameter_count.feed_forward == 4 * 6 + 6 + 6 * 4 + 4);
    }

    TEST_CASE("the encoder layer's causal mask reaches every head", "[encoder][mask]")
    {
        auto options = options_with(2, 16, attn::activation::relu);
        options.attention.mask = attn::attention_mask::causal();
        const auto t = attn::encoder_layer(attn_test::sample(4, 8), {}, options);
        for (std::size_t h = 0; h < 2; ++h)
        {
            for (std::size_t i = 0; i < 4; ++i)
            {
                for (std::size_t j = i + 1; j < 4; ++j)
                {
                    CHECK(t.attention.weights(h, i, j) == 0);
                }
            }
        }
    }

    TEST_CASE(
        "without attention biases the attention has 4·d² parameters and the layer computes as "
        "with zero biases",
        "[encoder]")
    {
        const attn::matrix x = attn_test::sample(5, 8);
        auto options = options_with(2, 16, attn::activation::gelu);
        const auto with_zero_biases = attn::encoder_layer(x, {}, options);
        options.attention_bias = false;
        const auto t = attn::encoder_layer(x, {}, options);
        CHECK(t.parameter_count.attention == 256); // 4·8²: S1.9's bias-free attention
        CHECK(t.parameter_count.total == 568);
        CHECK(t.attention.params.b_q.size() == 0);
        CHECK(t.attention.params.b_o.size() == 0);
        CHECK_THAT(t.output, attn_test::MatrixEquals(with_zero_biases.output));
        SECTION("S1.9's layer: d_model 64, 4 heads, d_ff 256 has 49,728 parameters")
        {
            const auto s19 =
                attn::encoder_layer(attn_test::sample(3, 64), {},
                                    []
                                    {
                                        auto o = options_with(4, 256, attn::activation::gelu);
                                        o.attention_bias = false;
                                        return o;
                                    }());
            CHECK(s19.parameter_count.total == 49728);
        }
    }
} // namespace encoder_layer_tests
