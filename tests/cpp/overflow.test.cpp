// Finite arguments whose results overflow, and strings echoed in messages: each refusal names
// the argument that really caused it and shows what really came (defects of an adversarial run).

#include <string>

#include <catch2/catch.hpp>

#include "attn/encoder_layer.hpp"
#include "attn/feed_forward.hpp"
#include "attn/layer_norm.hpp"
#include "attn/multi_head_attention.hpp"
#include "attn/permutation_test.hpp"

namespace overflow_tests
{
    using Catch::Matchers::Contains;
    using Catch::Matchers::Equals;
    using Catch::Matchers::StartsWith;

    namespace
    {
        const attn::matrix identity = {{1, 0}, {0, 1}};

        /// Projections that leave query, key and value as they are, so the test picks every value.
        attn::multi_head_params identity_projections()
        {
            attn::multi_head_params p;
            p.w_q = identity;
            p.w_k = identity;
            p.w_v = identity;
            p.w_o = identity;
            return p;
        }

        attn::multi_head_options one_head()
        {
            attn::multi_head_options options;
            options.heads = 1;
            return options;
        }
    } // namespace

    TEST_CASE("layer norm refuses a γ or β whose output overflows, naming it",
              "[errors][layer-norm]")
    {
        SECTION("γ: normalized × γ is beyond double range")
        {
            REQUIRE_THROWS_WITH(
                attn::layer_norm(attn::matrix{{0, 0, 1}}, attn::vector{1.7e308, 1.7e308, 1.7e308}),
                Equals(
                    "gamma: expected values small enough for output to stay within double range, "
                    "got output[0][2] = Infinity"));
        }
        SECTION("β: normalized × γ is finite, adding β is not")
        {
            REQUIRE_THROWS_WITH(
                attn::layer_norm(attn::matrix{{1, 2}}, attn::vector{1e308, 1e308},
                                 attn::vector{1e308, 1e308}),
                Equals("beta: expected values small enough for output to stay within "
                       "double range, got output[0][1] = Infinity"));
        }
    }

    TEST_CASE("layer norm takes only an eps above 0 and at most 1", "[errors][layer-norm]")
    {
        const double eps = GENERATE(1.0000001, 2.0, 1e308);
        CAPTURE(eps);
        REQUIRE_THROWS_WITH(attn::layer_norm(attn::matrix{{1, 2}}, std::nullopt, std::nullopt, eps),
                            StartsWith("eps: expected a small positive number (at most 1) such as "
                                       "1e-5, got "));
        REQUIRE_NOTHROW(attn::layer_norm(attn::matrix{{1, 2}}, std::nullopt, std::nullopt, 1.0));
    }

    TEST_CASE("an output bias that overflows is blamed on itself, not on its weight",
              "[errors][mha][ffn]")
    {
        SECTION("bO in multi-head attention")
        {
            attn::multi_head_params p = identity_projections();
            p.w_o = attn::matrix{{1e308, 1e308}, {0, 0}};
            p.b_o = attn::vector{1e308, 1e308};
            const attn::matrix x = {{1, 2}};
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, p, one_head()),
                                StartsWith("bO: expected values small enough for output to stay "
                                           "within double range, got output[0][0] = Infinity"));
            p.b_o.reset();
            p.w_o = attn::matrix{{1e308, 1e308}, {1e308, 1e308}};
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, p, one_head()),
                                StartsWith("wO: "));
        }
        SECTION("b2 in the feed-forward network, b1 for the hidden layer")
        {
            const attn::matrix one = {{1}};
            REQUIRE_THROWS_WITH(attn::feed_forward(one, one, std::nullopt, attn::matrix{{1e308}},
                                                   attn::vector{1e308}, attn::activation::relu),
                                StartsWith("b2: ") && Contains("output[0][0] = Infinity"));
            REQUIRE_THROWS_WITH(attn::feed_forward(one, attn::matrix{{1e308}}, attn::vector{1e308},
                                                   one, std::nullopt, attn::activation::relu),
                                StartsWith("b1: ") && Contains("hidden[0][0] = Infinity"));
        }
        SECTION("bQ in multi-head attention")
        {
            attn::multi_head_params p = identity_projections();
            p.b_q = attn::vector{1e308, 1e308};
            const attn::matrix x = {{1e308, 1}};
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, p, one_head()),
                                StartsWith("bQ: ") && Contains("projectedQuery[0][0] = Infinity"));
        }
    }

    TEST_CASE("operations built on attention name their own argument when scores overflow",
              "[errors][encoder][permutation]")
    {
        const attn::matrix input = {{1e200, -1e200}, {1, 2}};
        SECTION("the encoder layer names input, not query")
        {
            attn::encoder_layer_options options;
            options.heads = 1;
            options.d_ff = 2;
            REQUIRE_THROWS_WITH(attn::encoder_layer(input, {}, options),
                                StartsWith("input: expected values small enough for "));
        }
        SECTION("the permutation test names input, and an overflow that cancelled says so")
        {
            attn::permutation_test_options options;
            options.heads = 1;
            const attn::matrix same_sign = {{1e200, 1e200}, {1, 2}};
            REQUIRE_THROWS_WITH(attn::permutation_test(same_sign, attn::vector{1, 0}, options),
                                StartsWith("input: expected values small enough for ") &&
                                    Contains("(Infinity − Infinity)"));
        }
        SECTION("the encoder layer names gamma1 and b2")
        {
            attn::encoder_layer_options options;
            options.heads = 1;
            options.d_ff = 2;
            attn::encoder_layer_params params;
            params.gamma1 = attn::vector{1.7e308, 1.7e308};
            params.beta1 = attn::vector{1.7e308, 1.7e308};
            REQUIRE_THROWS_WITH(attn::encoder_layer(attn::matrix{{1, -1}, {1, 2}}, params, options),
                                StartsWith("beta1: ") || StartsWith("gamma1: "));
            params = {};
            params.b2 = attn::vector{1e308, 1e308};
            REQUIRE_THROWS_WITH(attn::encoder_layer(attn::matrix{{1, -1}, {1, 2}}, params, options),
                                StartsWith("b2: "));
        }
    }

    TEST_CASE("a string echoed in a message keeps its NUL, escaped, and is shortened when long",
              "[errors]")
    {
        REQUIRE_THROWS_WITH(attn::parse_activation("activation", std::string("relu\0gelu", 9)),
                            Equals("activation: expected 'relu' or 'gelu', got 'relu\\u0000gelu'"));
        REQUIRE_THROWS_WITH(attn::parse_activation("activation", "tab\there"),
                            Contains("got 'tab\\u0009here'"));
        REQUIRE_THROWS_WITH(attn::parse_activation("activation", std::string(5000, 'n')),
                            Contains("got '" + std::string(24, 'n') + "…'"));
        // Characters, not bytes, are counted: 30 é (2 bytes each) show as 24.
        std::string accents;
        for (int i = 0; i < 30; ++i)
        {
            accents += "é";
        }
        std::string shown;
        for (int i = 0; i < 24; ++i)
        {
            shown += "é";
        }
        REQUIRE_THROWS_WITH(attn::parse_activation("activation", accents),
                            Contains("got '" + shown + "…'"));
    }
} // namespace overflow_tests
