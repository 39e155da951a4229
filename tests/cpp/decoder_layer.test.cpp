#include <limits>

#include <catch2/catch.hpp>

#include "attn/decoder_layer.hpp"
#include "attn/error.hpp"
#include "tensor_matchers.hpp"

namespace decoder_layer_tests
{
    using Catch::Matchers::Message;

    namespace
    {
        /// d_model 8, d_ff 12, SwiGLU weights small enough to keep SiLU off its flat ends.
        attn::decoder_layer_params params_of(std::size_t d_model = 8, std::size_t d_ff = 12)
        {
            attn::decoder_layer_params p;
            p.w_gate = 0.5 * attn_test::sample(d_model, d_ff, 0.3);
            p.w_up = 0.5 * attn_test::sample(d_model, d_ff, 1.7);
            p.w_down = 0.5 * attn_test::sample(d_ff, d_model, 2.9);
            return p;
        }

        attn::decoder_layer_options options_of(std::size_t heads,
                                               std::optional<std::size_t> kv_heads = {})
        {
            attn::decoder_layer_options options;
            options.heads = heads;
            options.kv_heads = kv_heads;
            options.seed = 23;
            return options;
        }
    } // namespace

    TEST_CASE("the decoder layer is pre-norm: h = x + MHA(RMSNorm(x)), out = h + "
              "SwiGLU(RMSNorm(h)), with no norm after",
              "[decoder]")
    {
        const attn::matrix x = attn_test::sample(5, 8);
        attn::decoder_layer_params p = params_of();
        p.gamma1 = attn::vector(1.0 + 0.1 * xt::arange<double>(8));
        p.gamma2 = attn::vector(1.5 - 0.2 * xt::arange<double>(8));
        const auto t = attn::decoder_layer(x, p, options_of(4, 2));

        CHECK_THAT(t.input, attn_test::MatrixEquals(x));
        CHECK_THAT(t.norm1.output,
                   attn_test::MatrixWithinAbs(attn::rms_norm(x, p.gamma1, 1e-6).output, 0));
        attn::multi_head_options mha;
        mha.heads = 4;
        mha.kv_heads = 2;
        mha.seed = 23;
        mha.positional = attn::head_positions::rope;
        mha.attention.mask = attn::attention_mask::causal();
        const auto attention =
            attn::multi_head_attention(t.norm1.output, t.norm1.output, t.norm1.output, {}, mha);
        CHECK_THAT(t.attention.output, attn_test::MatrixWithinAbs(attention.output, 0));
        CHECK_THAT(t.residual1, attn_test::MatrixWithinAbs(x + t.attention.output, 0));
        CHECK_THAT(t.norm2.output, attn_test::MatrixWithinAbs(
                                       attn::rms_norm(t.residual1, p.gamma2, 1e-6).output, 0));
        CHECK_THAT(t.feed_forward.output,
                   attn_test::MatrixWithinAbs(
                       attn::swi_glu(t.norm2.output, p.w_gate, p.w_up, p.w_down).output, 0));
        CHECK_THAT(t.residual2, attn_test::MatrixWithinAbs(t.residual1 + t.feed_forward.output, 0));
        CHECK(t.d_ff == 12);
        CHECK(t.norm1.eps == 1e-6);
        CHECK(t.norm2.eps == 1e-6);
    }

    TEST_CASE("the decoder layer's attention is causal, with RoPE on every head and grouped "
              "key/value heads",
              "[decoder]")
    {
        const auto t = attn::decoder_layer(attn_test::sample(5, 8), params_of(), options_of(4, 2));
        CHECK(t.attention.kv_heads == 2);
        REQUIRE(t.attention.per_head.size() == 4);
        for (std::size_t h = 0; h < 4; ++h)
        {
            const auto& head = t.attention.per_head[h];
            CHECK(head.rotated);
            CHECK(head.kv_head == h / 2);
            for (std::size_t i = 0; i < 5; ++i)
            {
                for (std::size_t j = i + 1; j < 5; ++j)
                {
                    CHECK(head.attention.weights(i, j) == 0.0);
                }
            }
        }
        SECTION("so a later position changes no earlier output row")
        {
            attn::matrix changed = attn_test::sample(5, 8);
            xt::row(changed, 4) += 3.0;
            const auto u = attn::decoder_layer(changed, params_of(), options_of(4, 2));
            CHECK_THAT(attn::matrix(xt::view(u.residual2, xt::range(0, 4), xt::all())),
                       attn_test::MatrixWithinAbs(
                           attn::matrix(xt::view(t.residual2, xt::range(0, 4), xt::all())), 0));
            CHECK_FALSE(xt::allclose(xt::row(u.residual2, 4), xt::row(t.residual2, 4)));
        }
    }

    TEST_CASE("a decoder layer with d = 8, 4 heads over 2 key/value heads and d_ff = 12 has 496 "
              "parameters",
              "[decoder]")
    {
        const auto t = attn::decoder_layer(attn_test::sample(3, 8), params_of(), options_of(4, 2));
        CHECK(t.parameter_count.attention == 192);    // 2·8² + 2·8·(2·2), no biases
        CHECK(t.parameter_count.feed_forward == 288); // 3·8·12
        CHECK(t.parameter_count.norms == 16);         // 2·8
        CHECK(t.parameter_count.total == 496);
    }

    TEST_CASE("the decoder layer names each argument at fault", "[decoder][errors]")
    {
        const attn::matrix x = attn_test::sample(3, 8);
        const auto p = params_of();
        const auto refused = [&](const attn::decoder_layer_params& params,
                                 const attn::decoder_layer_options& options,
                                 const attn::matrix& input)
        { return attn::decoder_layer(input, params, options); };

        SECTION("heads must divide d_model and leave an even d_k for RoPE")
        {
            CHECK_THROWS_MATCHES(refused(p, options_of(3), x), attn::attention_error,
                                 Message("heads: expected a divisor of d_model = 8, got 3"));
            const attn::matrix six = attn_test::sample(3, 6);
            CHECK_THROWS_MATCHES(
                refused(params_of(6), options_of(2), six), attn::attention_error,
                Message("heads: expected a divisor of d_model = 6 leaving an even d_k = d_model / "
                        "heads (RoPE rotates pairs of columns), got 2 (d_k = 3)"));
            CHECK_THROWS_MATCHES(refused(p, options_of(4, 3), x), attn::attention_error,
                                 Message("kvHeads: expected a divisor of heads = 4, got 3"));
        }
        SECTION("the SwiGLU weights must chain from d_model through d_ff back")
        {
            auto bad = p;
            bad.w_gate = attn_test::sample(6, 12);
            CHECK_THROWS_MATCHES(refused(bad, options_of(2), x), attn::attention_error,
                                 Message("wGate: expected a matrix of shape 8×12 (d_model rows, "
                                         "one per input column), got 6×12"));
            bad = p;
            bad.w_up = attn_test::sample(8, 10);
            CHECK_THROWS_MATCHES(refused(bad, options_of(2), x), attn::attention_error,
                                 Message("wUp: expected a matrix of shape 8×12 (the shape of "
                                         "wGate, d_model × d_ff), got 8×10"));
            bad = p;
            bad.w_down = attn_test::sample(12, 6);
            CHECK_THROWS_MATCHES(refused(bad, options_of(2), x), attn::attention_error,
                                 Message("wDown: expected a matrix of shape 12×8 (d_ff × "
                                         "d_model), got 12×6"));
        }
        SECTION("each γ is one number per column of input")
        {
            auto bad = p;
            bad.gamma1 = attn::vector(xt::ones<double>({6}));
            CHECK_THROWS_MATCHES(
                refused(bad, options_of(2), x), attn::attention_error,
                Message("gamma1: expected 8 numbers (d_model, one per column of input), got 6"));
            bad = p;
            bad.gamma2 = attn::vector(xt::ones<double>({9}));
            CHECK_THROWS_MATCHES(
                refused(bad, options_of(2), x), attn::attention_error,
                Message("gamma2: expected 8 numbers (d_model, one per column of input), got 9"));
        }
        SECTION("eps, ropeBase and the attention weights are checked as rmsNorm and "
                "multiHeadAttention check them")
        {
            auto options = options_of(2);
            options.eps = 0;
            CHECK_THROWS_MATCHES(
                refused(p, options, x), attn::attention_error,
                Message("eps: expected a small positive number (at most 1) such as 1e-6, got 0"));
            options = options_of(2);
            options.rope_base = -1;
            CHECK_THROWS_WITH(refused(p, options, x), Catch::Matchers::StartsWith("ropeBase: "));
            auto bad = p;
            bad.attention.w_k = attn_test::sample(8, 8);
            CHECK_THROWS_WITH(refused(bad, options_of(2, 1), x),
                              Catch::Matchers::StartsWith("wK: expected a matrix of shape 8×4"));
        }
        SECTION("LLaMA's attention has no biases")
        {
            auto bad = p;
            bad.attention.b_v = attn::vector(xt::zeros<double>({8}));
            CHECK_THROWS_MATCHES(
                refused(bad, options_of(2), x), attn::attention_error,
                Message("bV: expected no bias (LLaMA's projections have none), got 8 numbers"));
        }
        SECTION("the input must be finite, and small enough for its mean square")
        {
            attn::matrix bad = x;
            bad(1, 2) = std::numeric_limits<double>::infinity();
            CHECK_THROWS_MATCHES(refused(p, options_of(2), bad), attn::attention_error,
                                 Message("input[1][2]: expected a finite number, got Infinity"));
            bad = x;
            bad(0, 0) = 1e200;
            CHECK_THROWS_WITH(refused(p, options_of(2), bad),
                              Catch::Matchers::StartsWith("input: expected values small enough "
                                                          "for the mean square"));
        }
    }
} // namespace decoder_layer_tests
