// Every invalid argument is an attn::attention_error whose message starts with the argument's
// name and says what was expected and what came. The messages asserted here are the engine's
// real wording: the JS page shows them to learners unchanged.

#include <limits>

#include <catch2/catch.hpp>

#include "attn/attention.hpp"
#include "attn/encoder_layer.hpp"
#include "attn/entropy.hpp"
#include "attn/error.hpp"
#include "attn/explain.hpp"
#include "attn/feed_forward.hpp"
#include "attn/layer_norm.hpp"
#include "attn/multi_head_attention.hpp"
#include "attn/permutation_test.hpp"
#include "attn/positional_encoding.hpp"
#include "attn/random_matrix.hpp"
#include "attn/scaling_experiment.hpp"
#include "attn/softmax.hpp"
#include "attn/softmax_jacobian.hpp"
#include "attn/token_embedding.hpp"
#include "tensor_matchers.hpp"

namespace errors_tests
{
    using Catch::Matchers::Contains;
    using Catch::Matchers::StartsWith;

    namespace
    {
        const double inf = std::numeric_limits<double>::infinity();
        const double not_a_number = std::numeric_limits<double>::quiet_NaN();

        attn::attention_options with_mask(attn::attention_mask mask)
        {
            attn::attention_options options;
            options.mask = std::move(mask);
            return options;
        }

        attn::attention_options with_fill(double fill)
        {
            attn::attention_options options;
            options.mask = attn::attention_mask::causal();
            options.mask_fill = fill;
            return options;
        }

        attn::multi_head_options heads(std::size_t h)
        {
            attn::multi_head_options options;
            options.heads = h;
            return options;
        }

        // A 2 × 2 query against 3 keys and values: the shapes every attention error test varies.
        const attn::matrix q = {{1, 2}, {3, 4}};
        const attn::matrix k = {{1, 0}, {0, 1}, {1, 1}};
        const attn::matrix v = {{0.5, 0.3}, {0.8, 0.2}, {0.1, 0.9}};
    } // namespace

    TEST_CASE("attention refuses an empty matrix", "[errors][attention]")
    {
        REQUIRE_THROWS_AS(attn::scaled_dot_product_attention(attn::matrix{}, k, v),
                          attn::attention_error);
        REQUIRE_THROWS_WITH(attn::scaled_dot_product_attention(attn::matrix{}, k, v),
                            StartsWith("query: expected a non-empty matrix, got a 0×0 matrix"));
        SECTION("also with rows but no columns")
        {
            const attn::matrix no_columns = xt::zeros<double>({3, 0});
            REQUIRE_THROWS_WITH(attn::scaled_dot_product_attention(q, no_columns, v),
                                StartsWith("key: expected a non-empty matrix, got a 3×0 matrix"));
        }
    }

    TEST_CASE("attention refuses NaN and ±Infinity, naming the cell", "[errors][attention]")
    {
        using row = std::tuple<double, std::string>;
        const auto [bad, shown] = GENERATE(table<double, std::string>(
            {row{not_a_number, "NaN"}, row{inf, "Infinity"}, row{-inf, "-Infinity"}}));
        CAPTURE(shown);
        attn::matrix query = q;
        query(1, 0) = bad;
        REQUIRE_THROWS_AS(attn::scaled_dot_product_attention(query, k, v), attn::attention_error);
        REQUIRE_THROWS_WITH(attn::scaled_dot_product_attention(query, k, v),
                            StartsWith("query[1][0]: expected a finite number, got " + shown));
        SECTION("in the value too")
        {
            attn::matrix value = v;
            value(2, 1) = bad;
            REQUIRE_THROWS_WITH(attn::scaled_dot_product_attention(q, k, value),
                                StartsWith("value[2][1]: expected a finite number, got " + shown));
        }
    }

    TEST_CASE("attention refuses keys of another width than the queries", "[errors][attention]")
    {
        const attn::matrix wide_key = {{1, 0, 0}, {0, 1, 0}, {1, 1, 0}};
        REQUIRE_THROWS_AS(attn::scaled_dot_product_attention(q, wide_key, v),
                          attn::attention_error);
        REQUIRE_THROWS_WITH(attn::scaled_dot_product_attention(q, wide_key, v), StartsWith("key:"));
        REQUIRE_THROWS_WITH(attn::scaled_dot_product_attention(q, wide_key, v),
                            StartsWith("key: expected 2 columns (d_k, the width of query), got 3"));
    }

    TEST_CASE("attention refuses a value with another number of rows than the keys",
              "[errors][attention]")
    {
        const attn::matrix short_value = {{0.5, 0.3}, {0.8, 0.2}};
        REQUIRE_THROWS_AS(attn::scaled_dot_product_attention(q, k, short_value),
                          attn::attention_error);
        REQUIRE_THROWS_WITH(attn::scaled_dot_product_attention(q, k, short_value),
                            StartsWith("value: expected 3 rows (one per key), got 2"));
    }

    TEST_CASE("attention refuses a bad mask", "[errors][attention][mask]")
    {
        SECTION("an explicit mask of the wrong shape")
        {
            const auto options =
                with_mask(attn::attention_mask::from_matrix(attn::matrix{{1, 0}, {1, 1}, {0, 1}}));
            REQUIRE_THROWS_AS(attn::scaled_dot_product_attention(q, k, v, options),
                              attn::attention_error);
            REQUIRE_THROWS_WITH(
                attn::scaled_dot_product_attention(q, k, v, options),
                StartsWith("mask: expected a matrix of shape 2×3 (queries × keys), got 3×2"));
        }
        SECTION("a mask value other than 0 or 1")
        {
            const auto options =
                with_mask(attn::attention_mask::from_matrix(attn::matrix{{1, 0.5, 0}, {1, 1, 1}}));
            REQUIRE_THROWS_AS(attn::scaled_dot_product_attention(q, k, v, options),
                              attn::attention_error);
            REQUIRE_THROWS_WITH(
                attn::scaled_dot_product_attention(q, k, v, options),
                StartsWith("mask[0][1]: expected 0 (blocked) or 1 (attend), got 0.5"));
        }
        SECTION("a key length that is negative, fractional or longer than the keys")
        {
            using row = std::tuple<double, std::string>;
            const auto [length, shown] =
                GENERATE(table<double, std::string>({row{-1, "-1"}, row{2.5, "2.5"}, row{4, "4"}}));
            CAPTURE(length);
            const auto options = with_mask(attn::attention_mask::padding(length));
            REQUIRE_THROWS_AS(attn::scaled_dot_product_attention(q, k, v, options),
                              attn::attention_error);
            REQUIRE_THROWS_WITH(
                attn::scaled_dot_product_attention(q, k, v, options),
                StartsWith("mask.keyLength: expected a whole number from 0 to 3, got " + shown));
        }
    }

    TEST_CASE("attention refuses a mask fill of NaN or +Infinity", "[errors][attention][mask]")
    {
        using row = std::tuple<double, std::string>;
        const auto [fill, shown] =
            GENERATE(table<double, std::string>({row{not_a_number, "NaN"}, row{inf, "Infinity"}}));
        CAPTURE(shown);
        REQUIRE_THROWS_AS(attn::scaled_dot_product_attention(q, k, v, with_fill(fill)),
                          attn::attention_error);
        REQUIRE_THROWS_WITH(
            attn::scaled_dot_product_attention(q, k, v, with_fill(fill)),
            StartsWith("maskFill: expected a finite number or -Infinity, got " + shown));
        SECTION("while −∞ and any finite number are fine")
        {
            REQUIRE_NOTHROW(attn::scaled_dot_product_attention(q, k, v, with_fill(-inf)));
            REQUIRE_NOTHROW(attn::scaled_dot_product_attention(q, k, v, with_fill(-1e9)));
            REQUIRE_NOTHROW(attn::scaled_dot_product_attention(q, k, v, with_fill(0)));
        }
    }

    TEST_CASE("every dimension is capped at 1024", "[errors][attention]")
    {
        const attn::matrix wide = xt::zeros<double>({1, 1025});
        REQUIRE_THROWS_AS(attn::scaled_dot_product_attention(wide, wide, wide),
                          attn::attention_error);
        REQUIRE_THROWS_WITH(
            attn::scaled_dot_product_attention(wide, wide, wide),
            StartsWith("query: expected at most 1024 rows and columns, got 1×1025"));
        SECTION("1024 itself is allowed")
        {
            const attn::matrix widest = xt::zeros<double>({1, 1024});
            REQUIRE_NOTHROW(attn::scaled_dot_product_attention(widest, widest, widest));
        }
    }

    TEST_CASE("multi-head attention refuses a head count that does not divide d_model",
              "[errors][mha]")
    {
        const attn::matrix x = attn_test::sample(2, 8);
        REQUIRE_THROWS_AS(attn::multi_head_attention(x, x, x, {}, heads(3)), attn::attention_error);
        REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, {}, heads(3)),
                            StartsWith("heads: expected a divisor of d_model = 8, got 3"));
        SECTION("0 heads")
        {
            REQUIRE_THROWS_AS(attn::multi_head_attention(x, x, x, {}, heads(0)),
                              attn::attention_error);
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, {}, heads(0)),
                                StartsWith("heads: expected a divisor of d_model = 8, got 0"));
        }
        SECTION("more heads than columns")
        {
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, {}, heads(16)),
                                StartsWith("heads: expected a divisor of d_model = 8, got 16"));
        }
    }

    TEST_CASE("multi-head attention refuses weights and biases of the wrong size", "[errors][mha]")
    {
        const attn::matrix x = attn_test::sample(2, 8);
        SECTION("a bias of the wrong length")
        {
            attn::multi_head_params p;
            p.b_q = attn::vector(xt::zeros<double>({7}));
            REQUIRE_THROWS_AS(attn::multi_head_attention(x, x, x, p, heads(2)),
                              attn::attention_error);
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, p, heads(2)),
                                StartsWith("bQ: expected 8 numbers") && Contains("got 7"));
        }
        SECTION("a weight of the wrong shape")
        {
            attn::multi_head_params p;
            p.w_k = attn::matrix(xt::zeros<double>({8, 7}));
            REQUIRE_THROWS_AS(attn::multi_head_attention(x, x, x, p, heads(2)),
                              attn::attention_error);
            REQUIRE_THROWS_WITH(
                attn::multi_head_attention(x, x, x, p, heads(2)),
                StartsWith("wK: expected a matrix of shape 8×8 (d_model × d_model), got 8×7"));
        }
        SECTION("a weight with a NaN")
        {
            attn::multi_head_params p;
            p.w_o = attn::matrix(xt::zeros<double>({8, 8}));
            (*p.w_o)(3, 4) = not_a_number;
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, p, heads(2)),
                                StartsWith("wO[3][4]: expected a finite number, got NaN"));
        }
        SECTION("a key of another width than the query")
        {
            const attn::matrix narrow = attn_test::sample(2, 4);
            REQUIRE_THROWS_WITH(
                attn::multi_head_attention(x, narrow, narrow, {}, heads(2)),
                StartsWith("key: expected 8 columns (d_model, the width of query), got 4"));
        }
    }

    TEST_CASE("positional encoding refuses a length of 0 or above 1024", "[errors][pe]")
    {
        REQUIRE_THROWS_AS(attn::positional_encoding(0, 8), attn::attention_error);
        REQUIRE_THROWS_WITH(attn::positional_encoding(0, 8),
                            StartsWith("length: expected a size from 1 to 1024, got 0"));
        REQUIRE_THROWS_AS(attn::positional_encoding(1025, 8), attn::attention_error);
        REQUIRE_THROWS_WITH(attn::positional_encoding(1025, 8),
                            StartsWith("length: expected a size from 1 to 1024, got 1025"));
        REQUIRE_THROWS_WITH(attn::positional_encoding(4, 0),
                            StartsWith("dModel: expected a size from 1 to 1024, got 0"));
    }

    TEST_CASE("layer norm refuses an eps that is not positive", "[errors][layer-norm]")
    {
        using row = std::tuple<double, std::string>;
        const auto [eps, shown] = GENERATE(table<double, std::string>(
            {row{0, "0"}, row{-1e-5, "-1e-05"}, row{not_a_number, "NaN"}, row{inf, "Infinity"}}));
        CAPTURE(shown);
        const attn::matrix input = attn_test::sample(2, 3);
        REQUIRE_THROWS_AS(attn::layer_norm(input, std::nullopt, std::nullopt, eps),
                          attn::attention_error);
        REQUIRE_THROWS_WITH(
            attn::layer_norm(input, std::nullopt, std::nullopt, eps),
            StartsWith("eps: expected a small positive number (at most 1) such as 1e-5, got " +
                       shown));
    }

    TEST_CASE("layer norm refuses a γ of the wrong length", "[errors][layer-norm]")
    {
        REQUIRE_THROWS_AS(attn::layer_norm(attn_test::sample(2, 3), attn::vector{1, 1}),
                          attn::attention_error);
        REQUIRE_THROWS_WITH(
            attn::layer_norm(attn_test::sample(2, 3), attn::vector{1, 1}),
            StartsWith("gamma: expected 3 numbers (one per column of input), got 2"));
    }

    TEST_CASE("an unknown activation is refused by name", "[errors][ffn]")
    {
        REQUIRE_THROWS_AS(attn::parse_activation("activation", "tanh"), attn::attention_error);
        REQUIRE_THROWS_WITH(attn::parse_activation("activation", "tanh"),
                            StartsWith("activation: expected 'relu' or 'gelu', got 'tanh'"));
        REQUIRE_THROWS_WITH(attn::parse_activation("activation", "ReLU"), Contains("got 'ReLU'"));
    }

    TEST_CASE("the feed-forward network refuses mismatched weights", "[errors][ffn]")
    {
        const attn::matrix input = attn_test::sample(3, 4);
        const attn::matrix w1 = attn_test::sample(4, 8), w2 = attn_test::sample(8, 4);
        SECTION("w1 with rows other than d_model")
        {
            REQUIRE_THROWS_AS(attn::feed_forward(input, attn_test::sample(5, 8), std::nullopt, w2,
                                                 std::nullopt, attn::activation::relu),
                              attn::attention_error);
            REQUIRE_THROWS_WITH(attn::feed_forward(input, attn_test::sample(5, 8), std::nullopt, w2,
                                                   std::nullopt, attn::activation::relu),
                                StartsWith("w1: expected a matrix of shape 4×8") &&
                                    Contains("got 5×8"));
        }
        SECTION("w2 that does not take d_ff rows")
        {
            REQUIRE_THROWS_WITH(
                attn::feed_forward(input, w1, std::nullopt, attn_test::sample(6, 4), std::nullopt,
                                   attn::activation::relu),
                StartsWith("w2: expected a matrix of shape 8×4 (d_ff × d_model), got 6×4"));
        }
        SECTION("b1 of the wrong length")
        {
            REQUIRE_THROWS_WITH(
                attn::feed_forward(input, w1, attn::vector{1, 2}, w2, std::nullopt,
                                   attn::activation::relu),
                StartsWith("b1: expected 8 numbers (d_ff, one per column of w1), got 2"));
        }
    }

    TEST_CASE("an encoder layer needs w1 or dFF", "[errors][encoder]")
    {
        attn::encoder_layer_options options;
        options.heads = 2;
        const attn::matrix x = attn_test::sample(3, 4);
        REQUIRE_THROWS_AS(attn::encoder_layer(x, {}, options), attn::attention_error);
        REQUIRE_THROWS_WITH(
            attn::encoder_layer(x, {}, options),
            StartsWith("dFF: expected the feed-forward width (1 to 1024) when w1 and "
                       "w2 are omitted, got nothing"));
        SECTION("and a dFF that agrees with w1")
        {
            attn::encoder_layer_params params;
            params.w1 = attn_test::sample(4, 6);
            options.d_ff = 5;
            REQUIRE_THROWS_WITH(attn::encoder_layer(x, params, options),
                                StartsWith("dFF: expected 6 (the width of w1 / w2), got 5"));
        }
        SECTION("and a dFF within the cap")
        {
            options.d_ff = 1025;
            REQUIRE_THROWS_WITH(attn::encoder_layer(x, {}, options),
                                StartsWith("dFF: expected a size from 1 to 1024, got 1025"));
        }
    }

    TEST_CASE("a bad w1 in an encoder layer is reported as w1, not as dFF", "[errors][encoder]")
    {
        attn::encoder_layer_options options;
        options.heads = 2;
        attn::encoder_layer_params params;
        params.w1 = attn_test::sample(4, 1025);
        REQUIRE_THROWS_WITH(attn::encoder_layer(attn_test::sample(3, 4), params, options),
                            StartsWith("w1: expected at most 1024 rows and columns, got 4×1025"));
    }

    TEST_CASE("finite inputs whose results overflow are refused, naming an argument",
              "[errors][attention][layer-norm][ffn]")
    {
        SECTION("scores Q·Kᵀ beyond double range")
        {
            const attn::matrix q = {{1e200, 1e200}};
            const attn::matrix k = {{1e200, 0}, {0, 1}};
            const attn::matrix v = {{1}, {2}};
            REQUIRE_THROWS_WITH(attn::scaled_dot_product_attention(q, k, v),
                                StartsWith("query: expected values small enough for scores to stay "
                                           "within double range, got scores[0][0] = Infinity"));
        }
        SECTION("scores that meet as +∞ and −∞ (NaN)")
        {
            const attn::matrix q = {{1e200, -1e200}};
            const attn::matrix k = {{1e200, 1e200}, {1, 1}};
            const attn::matrix v = {{1}, {2}};
            REQUIRE_THROWS_WITH(attn::scaled_dot_product_attention(q, k, v),
                                StartsWith("query: ") && Contains("scores[0][0] = NaN"));
        }
        SECTION("a variance beyond double range in layer norm")
        {
            REQUIRE_THROWS_WITH(
                attn::layer_norm(attn::matrix{{1e200, -1e200}}),
                StartsWith("input: expected values small enough for the variance to "
                           "stay within double range, got variance[0] = Infinity"));
        }
        SECTION("a hidden layer beyond double range in the feed-forward network")
        {
            REQUIRE_THROWS_WITH(attn::feed_forward(attn::matrix{{1e200}}, attn::matrix{{1e200}},
                                                   std::nullopt, attn::matrix{{1}}, std::nullopt,
                                                   attn::activation::relu),
                                StartsWith("input: ") && Contains("hidden[0][0] = Infinity"));
        }
    }

    TEST_CASE("multi-head attention caps heads × queries × keys", "[errors][mha]")
    {
        const attn::matrix x = xt::ones<double>({std::size_t{1024}, std::size_t{8}});
        REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, {}, heads(4)),
                            StartsWith("heads: expected heads × queries × keys of at most 2097152 "
                                       "attention weights, got 4 × 1024 × 1024"));
    }

    TEST_CASE("entropy refuses rows that are not weights", "[errors][entropy]")
    {
        SECTION("a negative weight")
        {
            const attn::matrix w = {{0.5, 0.5, 0}, {0.6, -0.1, 0.5}};
            REQUIRE_THROWS_AS(attn::attention_entropy(w), attn::attention_error);
            REQUIRE_THROWS_WITH(attn::attention_entropy(w),
                                StartsWith("weights[1][1]: expected a weight ≥ 0, got -0.1"));
        }
        SECTION("a row summing to 0.8")
        {
            const attn::matrix w = {{0.2, 0.2, 0.4}};
            REQUIRE_THROWS_AS(attn::attention_entropy(w), attn::attention_error);
            REQUIRE_THROWS_WITH(
                attn::attention_entropy(w),
                StartsWith(
                    "weights[0]: expected a row summing to 1 (or all zero), got a sum of 0.8"));
        }
    }

    TEST_CASE("softmax refuses NaN and +Infinity logits but takes −∞", "[errors][softmax]")
    {
        using row = std::tuple<double, std::string>;
        const auto [bad, shown] =
            GENERATE(table<double, std::string>({row{not_a_number, "NaN"}, row{inf, "Infinity"}}));
        CAPTURE(shown);
        const attn::matrix logits = {{0, 1}, {2, bad}};
        REQUIRE_THROWS_AS(attn::softmax_rows(logits), attn::attention_error);
        REQUIRE_THROWS_WITH(
            attn::softmax_rows(logits),
            StartsWith("logits[1][1]: expected a finite number or -Infinity, got " + shown));
        REQUIRE_NOTHROW(attn::softmax_rows(attn::matrix{{0, -inf}}));
    }

    TEST_CASE("every engine error is a std::invalid_argument", "[errors]")
    {
        REQUIRE_THROWS_AS(attn::positional_encoding(0, 1), std::invalid_argument);
    }

    TEST_CASE("a random matrix refuses bad sizes, scales and distributions", "[errors][random]")
    {
        REQUIRE_THROWS_AS(attn::random_matrix(0, 3, {}), attn::attention_error);
        REQUIRE_THROWS_WITH(attn::random_matrix(0, 3, {}),
                            StartsWith("rows: expected a size from 1 to 1024, got 0"));
        REQUIRE_THROWS_WITH(attn::random_matrix(2, 1025, {}),
                            StartsWith("cols: expected a size from 1 to 1024, got 1025"));
        SECTION("a scale that is not positive and finite")
        {
            using row = std::tuple<double, std::string>;
            const auto [scale, shown] = GENERATE(table<double, std::string>(
                {row{0, "0"}, row{-1, "-1"}, row{not_a_number, "NaN"}, row{inf, "Infinity"}}));
            CAPTURE(shown);
            attn::random_matrix_options options;
            options.scale = scale;
            REQUIRE_THROWS_WITH(
                attn::random_matrix(2, 2, options),
                StartsWith("scale: expected a positive finite number, got " + shown));
        }
        SECTION("a scale so large that normal draws overflow")
        {
            attn::random_matrix_options options;
            options.scale = std::numeric_limits<double>::max(); // the first draw is −1.55
            REQUIRE_THROWS_WITH(attn::random_matrix(4, 4, options),
                                StartsWith("scale: expected values small enough for draws to stay "
                                           "within double range, got draws[0][0] = -Infinity"));
        }
        SECTION("an unknown distribution")
        {
            REQUIRE_THROWS_WITH(attn::parse_distribution("distribution", "gaussian"),
                                StartsWith("distribution: expected 'normal' or 'uniform', got "
                                           "'gaussian'"));
        }
    }

    TEST_CASE("token embedding refuses no tokens, too many, and tokens of 0 or over 64 bytes",
              "[errors][embedding]")
    {
        REQUIRE_THROWS_AS(attn::embed_tokens({}, 4, 0), attn::attention_error);
        REQUIRE_THROWS_WITH(attn::embed_tokens({}, 4, 0),
                            StartsWith("tokens: expected 1 to 1024 tokens, got 0"));
        REQUIRE_THROWS_WITH(attn::embed_tokens(std::vector<std::string>(1025, "a"), 4, 0),
                            StartsWith("tokens: expected 1 to 1024 tokens, got 1025"));
        REQUIRE_THROWS_WITH(attn::embed_tokens({"the", ""}, 4, 0),
                            StartsWith("tokens[1]: expected a token of 1 to 64 bytes of UTF-8, got "
                                       "0 bytes"));
        SECTION("bytes, not characters: 33 × é is 66 bytes")
        {
            std::string long_token;
            for (int i = 0; i < 33; ++i)
            {
                long_token += "é";
            }
            REQUIRE_THROWS_WITH(attn::embed_tokens({long_token}, 4, 0),
                                StartsWith("tokens[0]: expected a token of 1 to 64 bytes of UTF-8, "
                                           "got 66 bytes"));
            REQUIRE_NOTHROW(attn::embed_tokens({long_token.substr(0, 64)}, 4, 0));
        }
        REQUIRE_THROWS_WITH(attn::embed_tokens({"the"}, 0, 0),
                            StartsWith("dModel: expected a size from 1 to 1024, got 0"));
    }

    TEST_CASE("the positional operations check their input and sizes", "[errors][pe]")
    {
        attn::matrix x = attn_test::sample(2, 3);
        x(1, 2) = not_a_number;
        REQUIRE_THROWS_WITH(attn::add_positional_encoding(x),
                            StartsWith("input[1][2]: expected a finite number, got NaN"));
        REQUIRE_THROWS_WITH(attn::position_similarity(0, 4),
                            StartsWith("length: expected a size from 1 to 1024, got 0"));
        REQUIRE_THROWS_WITH(attn::position_similarity(4, 1025),
                            StartsWith("dModel: expected a size from 1 to 1024, got 1025"));
    }

    TEST_CASE("the scaling experiment caps its sizes, naming samples for the total",
              "[errors][scaling]")
    {
        REQUIRE_THROWS_WITH(attn::scaling_experiment(0, 8, 10, 0),
                            StartsWith("dK: expected a size from 1 to 1024, got 0"));
        REQUIRE_THROWS_WITH(attn::scaling_experiment(8, 1025, 10, 0),
                            StartsWith("keys: expected a size from 1 to 1024, got 1025"));
        REQUIRE_THROWS_WITH(attn::scaling_experiment(8, 8, 0, 0),
                            StartsWith("samples: expected a whole number from 1 to 10000, got 0"));
        REQUIRE_THROWS_WITH(
            attn::scaling_experiment(8, 8, 10001, 0),
            StartsWith("samples: expected a whole number from 1 to 10000, got 10001"));
        REQUIRE_THROWS_WITH(attn::scaling_experiment(1024, 1024, 10000, 0),
                            StartsWith("samples: expected samples × keys × dK of at most 16777216 "
                                       "draws, got 10000 × 1024 × 1024"));
        REQUIRE_NOTHROW(attn::scaling_experiment(1024, 16, 1024, 0)); // exactly 2²⁴
    }

    TEST_CASE("the softmax Jacobian takes one row of logits", "[errors][jacobian]")
    {
        REQUIRE_THROWS_WITH(attn::softmax_jacobian(attn_test::sample(2, 3)),
                            StartsWith("logits: expected one row (a 1 × m matrix), got 2 rows"));
        REQUIRE_THROWS_WITH(
            attn::softmax_jacobian(xt::zeros<double>({std::size_t{1}, std::size_t{1025}})),
            StartsWith("logits: expected at most 1024 columns, got 1025"));
        REQUIRE_THROWS_WITH(
            attn::softmax_jacobian(attn::matrix{{0, not_a_number}}),
            StartsWith("logits[0][1]: expected a finite number or -Infinity, got NaN"));
    }

    TEST_CASE("explaining a cell checks the row, the column against the stage, and the stage",
              "[errors][explain]")
    {
        const auto explain = [](double row, double column, attn::explain_stage stage)
        { return attn::explain_attention(q, k, v, {}, row, column, stage); };
        REQUIRE_THROWS_AS(explain(2, 0, attn::explain_stage::score), attn::attention_error);
        REQUIRE_THROWS_WITH(explain(2, 0, attn::explain_stage::score),
                            StartsWith("row: expected a whole number from 0 to 1, got 2"));
        REQUIRE_THROWS_WITH(explain(-1, 0, attn::explain_stage::weight),
                            StartsWith("row: expected a whole number from 0 to 1, got -1"));
        REQUIRE_THROWS_WITH(explain(0, 0.5, attn::explain_stage::scaled),
                            StartsWith("column: expected a whole number from 0 to 2, got 0.5"));
        SECTION("a key column for scores and weights, a value column for the output")
        {
            REQUIRE_NOTHROW(explain(0, 2, attn::explain_stage::weight));
            REQUIRE_THROWS_WITH(explain(0, 2, attn::explain_stage::output),
                                StartsWith("column: expected a whole number from 0 to 1, got 2"));
        }
        SECTION("an unknown stage")
        {
            REQUIRE_THROWS_WITH(
                attn::parse_explain_stage("stage", "softmax"),
                StartsWith("stage: expected 'score', 'scaled', 'weight' or 'output', "
                           "got 'softmax'"));
        }
        SECTION("and the attention's own arguments first")
        {
            REQUIRE_THROWS_WITH(
                attn::explain_attention(q, attn_test::sample(3, 4), v, {}, 0, 0,
                                        attn::explain_stage::score),
                StartsWith("key: expected 2 columns (d_k, the width of query), got 4"));
        }
    }

    TEST_CASE("the permutation test needs a permutation of 0 … n−1", "[errors][permutation]")
    {
        const attn::matrix x = attn_test::sample(4, 4);
        attn::permutation_test_options options;
        options.heads = 2;
        REQUIRE_THROWS_AS(attn::permutation_test(x, attn::vector{0, 1, 2}, options),
                          attn::attention_error);
        REQUIRE_THROWS_WITH(
            attn::permutation_test(x, attn::vector{0, 1, 2}, options),
            StartsWith("permutation: expected 4 indices (one per row of input), got 3"));
        REQUIRE_THROWS_WITH(
            attn::permutation_test(x, attn::vector{0, 4, 2, 1}, options),
            StartsWith("permutation[1]: expected a whole number from 0 to 3, got 4"));
        REQUIRE_THROWS_WITH(
            attn::permutation_test(x, attn::vector{0, 1.5, 2, 3}, options),
            StartsWith("permutation[1]: expected a whole number from 0 to 3, got 1.5"));
        REQUIRE_THROWS_WITH(
            attn::permutation_test(x, attn::vector{2, 1, 2, 3}, options),
            StartsWith("permutation[2]: expected an index not used before (each of 0 "
                       "to 3 once), got 2 again"));
        SECTION("and heads that divide d_model, as multi-head attention")
        {
            options.heads = 3;
            REQUIRE_THROWS_WITH(attn::permutation_test(x, attn::vector{0, 1, 2, 3}, options),
                                StartsWith("heads: expected a divisor of d_model = 4, got 3"));
        }
    }

    TEST_CASE("an encoder layer without attention biases refuses a given bias, naming it",
              "[errors][encoder]")
    {
        attn::encoder_layer_options options;
        options.heads = 2;
        options.d_ff = 8;
        options.attention_bias = false;
        attn::encoder_layer_params params;
        params.attention.b_k = attn::vector(xt::zeros<double>({4}));
        REQUIRE_THROWS_AS(attn::encoder_layer(attn_test::sample(3, 4), params, options),
                          attn::attention_error);
        REQUIRE_THROWS_WITH(attn::encoder_layer(attn_test::sample(3, 4), params, options),
                            StartsWith("bK: expected no bias, since attentionBias is false, got 4 "
                                       "numbers"));
    }
} // namespace errors_tests
