// Multi-head attention as today's LLMs run it: key/value heads shared by groups of query heads
// (GQA, Ainslie et al. 2023; MQA, Shazeer 2019), rotary positions (Su et al. 2021) or ALiBi
// (Press et al. 2022) inside the heads, and a sliding window with attention sinks (Mistral;
// Xiao et al. 2023). The golden fixture checks the numbers against PyTorch; these tests check
// the properties that make each one what it is, and every refusal.

#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/alibi.hpp"
#include "attn/multi_head_attention.hpp"
#include "attn/multi_head_attention_backward.hpp"
#include "attn/random.hpp"
#include "attn/rope.hpp"
#include "attn/sliding_window.hpp"
#include "attn/softmax.hpp"
#include "tensor_matchers.hpp"

namespace multi_head_variants_tests
{
    using attn_test::MatrixEquals;
    using attn_test::MatrixWithinAbs;
    using Catch::Matchers::StartsWith;

    namespace
    {
        attn::multi_head_options heads_of(std::size_t heads, std::size_t kv_heads)
        {
            attn::multi_head_options options;
            options.heads = heads;
            options.kv_heads = kv_heads;
            options.seed = 7;
            return options;
        }

        attn::vector row_of(std::size_t length, double salt)
        {
            return attn::vector(xt::row(attn_test::sample(1, length, salt), 0));
        }

        /// Biases for d_model = 8 with key/value heads kv_width wide.
        attn::multi_head_params biases(std::size_t kv_width)
        {
            attn::multi_head_params p;
            p.b_q = row_of(8, 3);
            p.b_k = row_of(kv_width, 4);
            p.b_v = row_of(kv_width, 5);
            p.b_o = row_of(8, 6);
            return p;
        }

        /// 0, 1, …, n − 1.
        attn::vector first_positions(std::size_t n)
        {
            return attn::detail::positions_from_zero(n);
        }
    } // namespace

    TEST_CASE("kvHeads = heads gives the numbers of plain multi-head attention bit for bit",
              "[mha][gqa]")
    {
        const std::size_t heads = GENERATE(1, 2, 4);
        CAPTURE(heads);
        const attn::matrix x = attn_test::sample(5, 8), y = attn_test::sample(3, 8, 1);
        attn::multi_head_options plain = heads_of(heads, heads);
        plain.kv_heads.reset();
        plain.attention.mask = attn::attention_mask::causal();
        attn::multi_head_options grouped = heads_of(heads, heads);
        grouped.attention.mask = attn::attention_mask::causal();
        for (const auto& params : {attn::multi_head_params{}, biases(8)})
        {
            const auto a = attn::multi_head_attention(y, x, x, params, plain);
            const auto b = attn::multi_head_attention(y, x, x, params, grouped);
            CHECK_THAT(b.output, MatrixEquals(a.output));
            CHECK_THAT(b.params.w_k, MatrixEquals(a.params.w_k));
            CHECK_THAT(b.projected_value, MatrixEquals(a.projected_value));
            CHECK(b.parameter_count == a.parameter_count);
            CHECK(b.kv_heads == heads);
            REQUIRE(b.per_head.size() == heads);
            for (std::size_t i = 0; i < heads; ++i)
            {
                CHECK(b.per_head[i].kv_head == i);
                CHECK_THAT(b.per_head[i].attention.weights,
                           MatrixEquals(a.per_head[i].attention.weights));
            }
        }
    }

    TEST_CASE("query heads share key/value heads in blocks, as repeat_kv", "[mha][gqa]")
    {
        const attn::matrix x = attn_test::sample(4, 8);
        const auto t = attn::multi_head_attention(x, x, x, biases(4), heads_of(4, 2));
        REQUIRE(attn::cols(t.projected_key) == 4);
        REQUIRE(attn::cols(t.params.w_v) == 4);
        const std::size_t expected_kv_head[] = {0, 0, 1, 1};
        for (std::size_t i = 0; i < 4; ++i)
        {
            CAPTURE(i);
            const auto& head = t.per_head[i];
            CHECK(head.kv_head == expected_kv_head[i]);
            CHECK_THAT(head.key,
                       MatrixEquals(attn::block(t.projected_key, 0, 4, 2 * head.kv_head, 2)));
            CHECK_THAT(head.value,
                       MatrixEquals(attn::block(t.projected_value, 0, 4, 2 * head.kv_head, 2)));
            CHECK_THAT(head.query, MatrixEquals(attn::block(t.projected_query, 0, 4, 2 * i, 2)));
        }
        SECTION("the parameters count W_K and W_V kvHeads·d_k wide")
        {
            // 2·8·8 + 2·8·4 weights, 8 + 8 + 4 + 4 biases.
            CHECK(t.parameter_count == 216);
            CHECK(attn::multi_head_attention(x, x, x, {}, heads_of(4, 2)).parameter_count == 192);
        }
    }

    TEST_CASE("multi-query attention is every query head attending over one key/value head",
              "[mha][gqa]")
    {
        const attn::matrix q = attn_test::sample(3, 8), kv = attn_test::sample(5, 8, 2);
        const auto t = attn::multi_head_attention(q, kv, kv, {}, heads_of(4, 1));
        REQUIRE(attn::cols(t.projected_key) == 2);
        for (std::size_t i = 0; i < 4; ++i)
        {
            CAPTURE(i);
            const auto& head = t.per_head[i];
            CHECK(head.kv_head == 0);
            const auto alone =
                attn::scaled_dot_product_attention(head.query, t.projected_key, t.projected_value);
            CHECK_THAT(head.attention.output, MatrixEquals(alone.output));
        }
    }

    TEST_CASE("omitted W_K and W_V are seeded Xavier with fan-in d_model and fan-out kvHeads·d_k",
              "[mha][gqa][xavier]")
    {
        const attn::matrix x = attn_test::sample(2, 8);
        const auto t = attn::multi_head_attention(x, x, x, {}, heads_of(4, 1));
        CHECK_THAT(t.params.w_k,
                   MatrixEquals(attn::xavier_uniform(8, 2, 7, attn::parameter_stream::w_k)));
        CHECK_THAT(t.params.w_v,
                   MatrixEquals(attn::xavier_uniform(8, 2, 7, attn::parameter_stream::w_v)));
        CHECK_THAT(t.params.w_q,
                   MatrixEquals(attn::xavier_uniform(8, 8, 7, attn::parameter_stream::w_q)));
    }

    TEST_CASE("RoPE turns each head's queries and keys by their positions before the scores",
              "[mha][rope]")
    {
        const attn::rope_convention pairing =
            GENERATE(attn::rope_convention::half, attn::rope_convention::interleaved);
        const attn::matrix x = attn_test::sample(5, 8);
        attn::multi_head_options options = heads_of(2, 1);
        options.positional = attn::head_positions::rope;
        options.rope_base = 50;
        options.rope_pairing = pairing;
        const auto t = attn::multi_head_attention(x, x, x, {}, options);
        for (const auto& head : t.per_head)
        {
            REQUIRE(head.rotated);
            CHECK_THAT(
                head.rotated_query,
                MatrixEquals(attn::rope(head.query, first_positions(5), 50, pairing).output));
            CHECK_THAT(head.rotated_key,
                       MatrixEquals(attn::rope(head.key, first_positions(5), 50, pairing).output));
            CHECK_THAT(head.attention.scores,
                       MatrixWithinAbs(
                           attn::matmul_transposed(head.rotated_query, head.rotated_key), 1e-14));
            CHECK_FALSE(head.alibi_slope.has_value());
        }
    }

    TEST_CASE("with RoPE, identical tokens score by their distance only", "[mha][rope]")
    {
        // Every row the same: without positions every score is equal; with RoPE score(i, j)
        // depends on i − j alone, so each diagonal of the scores is constant.
        attn::matrix x = xt::empty<double>({6, 8});
        for (std::size_t i = 0; i < 6; ++i)
        {
            xt::row(x, i) = xt::row(attn_test::sample(1, 8), 0);
        }
        attn::multi_head_options options = heads_of(2, 2);
        options.positional = attn::head_positions::rope;
        const auto t = attn::multi_head_attention(x, x, x, {}, options);
        for (const auto& head : t.per_head)
        {
            const attn::matrix& s = head.attention.scores;
            for (std::size_t i = 1; i < 6; ++i)
            {
                for (std::size_t j = 1; j < 6; ++j)
                {
                    CAPTURE(i, j);
                    CHECK_THAT(s(i, j), Catch::Matchers::WithinAbs(s(i - 1, j - 1), 1e-12));
                }
            }
            CHECK(std::abs(s(0, 1) - s(0, 3)) > 1e-6);
        }
    }

    TEST_CASE("ALiBi adds −slope·|i − j| to each head's scaled scores before the softmax",
              "[mha][alibi]")
    {
        const std::size_t heads = GENERATE(2, 4);
        CAPTURE(heads);
        const attn::matrix x = attn_test::sample(4, 8);
        attn::multi_head_options options = heads_of(heads, heads);
        options.positional = attn::head_positions::alibi;
        options.attention.mask = attn::attention_mask::causal();
        const auto t = attn::multi_head_attention(x, x, x, {}, options);
        CHECK_THAT(t.alibi_slopes, attn_test::VectorEquals(attn::alibi_slopes(heads)));
        for (std::size_t i = 0; i < heads; ++i)
        {
            CAPTURE(i);
            const auto& a = t.per_head[i].attention;
            REQUIRE(t.per_head[i].alibi_slope == t.alibi_slopes(i));
            REQUIRE(a.has_bias);
            CHECK_THAT(a.bias, MatrixEquals(attn::alibi_bias(t.alibi_slopes(i), 4, 4)));
            CHECK_THAT(a.biased, MatrixEquals(a.scaled + a.bias));
            // The mask comes after the bias: a blocked cell stays blocked.
            CHECK(std::isinf(a.masked(0, 3)));
            CHECK(a.weights(0, 3) == 0);
            CHECK_THAT(attn::softmax_rows(a.masked).weights, MatrixWithinAbs(a.weights, 1e-15));
        }
    }

    TEST_CASE("a sliding window lets query i see keys i − window < j ≤ i, and sinks the first keys",
              "[mha][window]")
    {
        const attn::matrix x = attn_test::sample(6, 8);
        attn::multi_head_options options = heads_of(2, 2);
        options.window = 2;
        SECTION("the band")
        {
            const auto t = attn::multi_head_attention(x, x, x, {}, options);
            CHECK_THAT(t.per_head[1].attention.mask,
                       MatrixEquals(attn::matrix{{1, 0, 0, 0, 0, 0},
                                                 {1, 1, 0, 0, 0, 0},
                                                 {0, 1, 1, 0, 0, 0},
                                                 {0, 0, 1, 1, 0, 0},
                                                 {0, 0, 0, 1, 1, 0},
                                                 {0, 0, 0, 0, 1, 1}}));
        }
        SECTION("with one sink, key 0 stays in view")
        {
            options.sinks = 1;
            const auto t = attn::multi_head_attention(x, x, x, {}, options);
            CHECK_THAT(t.per_head[0].attention.mask,
                       MatrixEquals(attn::matrix{{1, 0, 0, 0, 0, 0},
                                                 {1, 1, 0, 0, 0, 0},
                                                 {1, 1, 1, 0, 0, 0},
                                                 {1, 0, 1, 1, 0, 0},
                                                 {1, 0, 0, 1, 1, 0},
                                                 {1, 0, 0, 0, 1, 1}}));
        }
        SECTION("a window as long as the sequence is the causal mask, bit for bit")
        {
            options.window = 6;
            attn::multi_head_options causal = heads_of(2, 2);
            causal.attention.mask = attn::attention_mask::causal();
            CHECK_THAT(attn::multi_head_attention(x, x, x, {}, options).output,
                       MatrixEquals(attn::multi_head_attention(x, x, x, {}, causal).output));
        }
        SECTION("in_sliding_window says the same cell by cell")
        {
            CHECK(attn::in_sliding_window(5, 4, 2, 0));
            CHECK_FALSE(attn::in_sliding_window(5, 3, 2, 0));
            CHECK(attn::in_sliding_window(5, 0, 2, 1));
            CHECK_FALSE(attn::in_sliding_window(0, 1, 2, 3));
        }
    }

    TEST_CASE("multi-head attention names each new option it refuses", "[mha][errors]")
    {
        const attn::matrix x = attn_test::sample(3, 8);
        attn::multi_head_options options = heads_of(4, 4);
        SECTION("kvHeads that do not divide heads, or 0")
        {
            for (const std::size_t kv : {0, 3, 8})
            {
                CAPTURE(kv);
                options.kv_heads = kv;
                REQUIRE_THROWS_AS(attn::multi_head_attention(x, x, x, {}, options),
                                  attn::attention_error);
                REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, {}, options),
                                    "kvHeads: expected a divisor of heads = 4, got " +
                                        std::to_string(kv));
            }
        }
        SECTION("W_K, W_V and their biases of the width of all heads when they are grouped")
        {
            options.kv_heads = 2;
            attn::multi_head_params p;
            p.w_k = attn::matrix(xt::zeros<double>({8, 8}));
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, p, options),
                                "wK: expected a matrix of shape 8×4 (d_model × kvHeads·d_k), got "
                                "8×8");
            attn::multi_head_params q;
            q.w_v = attn::matrix(xt::zeros<double>({8, 2}));
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, q, options),
                                "wV: expected a matrix of shape 8×4 (d_model × kvHeads·d_k), got "
                                "8×2");
            attn::multi_head_params b;
            b.b_k = row_of(8, 1);
            REQUIRE_THROWS_WITH(
                attn::multi_head_attention(x, x, x, b, options),
                "bK: expected 4 numbers (kvHeads·d_k, one per column of wK), got 8");
        }
        SECTION("a RoPE base that is not a finite number above 0")
        {
            for (const double base : {0.0, -1.0, std::nan(""), HUGE_VAL})
            {
                CAPTURE(base);
                options.rope_base = base;
                REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, {}, options),
                                    "ropeBase: expected a finite number > 0, got " +
                                        attn::detail::format_number(base));
            }
        }
        SECTION("RoPE with an odd d_k")
        {
            const attn::matrix odd = attn_test::sample(3, 6);
            attn::multi_head_options two = heads_of(2, 2);
            two.positional = attn::head_positions::rope;
            REQUIRE_THROWS_WITH(attn::multi_head_attention(odd, odd, odd, {}, two),
                                "positional: expected 'none' or 'alibi' with an odd d_k = d_model "
                                "/ heads = 3 (RoPE rotates pairs of columns), got 'rope'");
        }
        SECTION("a window of 0, sinks without a window, a window beside a mask")
        {
            options.window = 0;
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, {}, options),
                                StartsWith("window: expected a whole number ≥ 1"));
            options.window.reset();
            options.sinks = 2;
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, {}, options),
                                "sinks: expected a window beside it (sinks are the first keys "
                                "kept visible past a sliding window), got sinks = 2 without "
                                "window");
            options.sinks.reset();
            options.window = 2;
            options.attention.mask = attn::attention_mask::causal();
            REQUIRE_THROWS_WITH(attn::multi_head_attention(x, x, x, {}, options),
                                "window: expected no mask beside it (the window is a causal mask "
                                "of its own), got a mask as well");
        }
        SECTION("an unknown positional or convention")
        {
            REQUIRE_THROWS_WITH(attn::parse_head_positions("positional", "sinusoidal"),
                                "positional: expected 'none', 'rope' or 'alibi', got "
                                "'sinusoidal'");
            CHECK(attn::parse_head_positions("positional", "alibi") == attn::head_positions::alibi);
        }
    }

    TEST_CASE("the backward of multi-head attention refuses grouped heads, positions and windows "
              "rather than return another layer's gradients",
              "[mha][backward][errors]")
    {
        const attn::matrix x = attn_test::sample(3, 8), g = attn_test::sample(3, 8, 1);
        attn::multi_head_options options = heads_of(4, 4);
        SECTION("kvHeads = heads is the plain layer, and goes through")
        {
            attn::multi_head_options plain = options;
            plain.kv_heads.reset();
            CHECK_THAT(
                attn::multi_head_attention_backward(x, x, x, {}, options, g).grad_w_k,
                MatrixEquals(attn::multi_head_attention_backward(x, x, x, {}, plain, g).grad_w_k));
        }
        SECTION("each other option is named")
        {
            attn::multi_head_options grouped = options;
            grouped.kv_heads = 2;
            REQUIRE_THROWS_WITH(attn::multi_head_attention_backward(x, x, x, {}, grouped, g),
                                "kvHeads: expected heads = 4 or none (the backward gives each "
                                "query head its own keys and values), got 2");
            attn::multi_head_options rope = options;
            rope.positional = attn::head_positions::rope;
            REQUIRE_THROWS_WITH(attn::multi_head_attention_backward(x, x, x, {}, rope, g),
                                "positional: expected 'none' (the backward has no RoPE or ALiBi), "
                                "got 'rope'");
            attn::multi_head_options alibi = options;
            alibi.positional = attn::head_positions::alibi;
            REQUIRE_THROWS_WITH(attn::multi_head_attention_backward(x, x, x, {}, alibi, g),
                                StartsWith("positional: ") && Catch::Matchers::EndsWith("'alibi'"));
            attn::multi_head_options window = options;
            window.window = 2;
            REQUIRE_THROWS_WITH(attn::multi_head_attention_backward(x, x, x, {}, window, g),
                                "window: expected none (the backward takes a mask instead), got 2");
            attn::multi_head_options sinks = options;
            sinks.sinks = 1;
            REQUIRE_THROWS_WITH(attn::multi_head_attention_backward(x, x, x, {}, sinks, g),
                                "sinks: expected none (the backward has no sliding window), got 1");
        }
    }
} // namespace multi_head_variants_tests
