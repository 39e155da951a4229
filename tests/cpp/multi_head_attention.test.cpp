#include <array>
#include <cmath>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/entropy.hpp"
#include "attn/multi_head_attention.hpp"
#include "tensor_matchers.hpp"

namespace multi_head_attention_tests
{
    using Catch::Matchers::WithinAbs;

    namespace
    {
        attn::multi_head_options options_with(std::size_t heads, std::uint32_t seed = 0)
        {
            attn::multi_head_options options;
            options.heads = heads;
            options.seed = seed;
            return options;
        }

        /// Seeded weights plus non-zero biases, so the test exercises every term of x·W + b.
        attn::multi_head_params with_biases(std::size_t d_model)
        {
            attn::multi_head_params p;
            p.b_q = attn::vector(xt::row(attn_test::sample(1, d_model, 3), 0));
            p.b_k = attn::vector(xt::row(attn_test::sample(1, d_model, 4), 0));
            p.b_v = attn::vector(xt::row(attn_test::sample(1, d_model, 5), 0));
            p.b_o = attn::vector(xt::row(attn_test::sample(1, d_model, 6), 0));
            return p;
        }
    } // namespace

    TEST_CASE("permuting the rows of the multi-head self-attention input permutes the output rows",
              "[mha]")
    {
        const std::size_t heads = GENERATE(1, 2, 4);
        CAPTURE(heads);
        const attn::matrix x = attn_test::sample(5, 8);
        const std::vector<std::size_t> order = {2, 4, 0, 1, 3};
        const attn::matrix px = attn_test::permute_rows(x, order);
        const auto params = with_biases(8);
        const auto t = attn::multi_head_attention(x, x, x, params, options_with(heads, 11));
        const auto pt = attn::multi_head_attention(px, px, px, params, options_with(heads, 11));
        CHECK_THAT(pt.output,
                   attn_test::MatrixWithinAbs(attn_test::permute_rows(t.output, order), 1e-12));
    }

    TEST_CASE("each head takes its own d_k columns and the concatenation puts them back", "[mha]")
    {
        const std::size_t n = 3, m = 5, d_model = 8, heads = 4;
        const auto t = attn::multi_head_attention(
            attn_test::sample(n, d_model), attn_test::sample(m, d_model, 1),
            attn_test::sample(m, d_model, 2), with_biases(d_model), options_with(heads, 3));
        REQUIRE(t.d_k == 2);
        REQUIRE(t.per_head.size() == heads);
        REQUIRE(t.weights.shape() == std::array<std::size_t, 3>{heads, n, m});
        for (std::size_t h = 0; h < heads; ++h)
        {
            CAPTURE(h);
            const auto& head = t.per_head[h];
            CHECK_THAT(head.query,
                       attn_test::MatrixEquals(attn::matrix(
                           xt::view(t.projected_query, xt::all(), xt::range(2 * h, 2 * h + 2)))));
            CHECK_THAT(head.key, attn_test::MatrixEquals(attn::matrix(xt::view(
                                     t.projected_key, xt::all(), xt::range(2 * h, 2 * h + 2)))));
            CHECK_THAT(head.value,
                       attn_test::MatrixEquals(attn::matrix(
                           xt::view(t.projected_value, xt::all(), xt::range(2 * h, 2 * h + 2)))));
            CHECK_THAT(attn::matrix(xt::view(t.concat, xt::all(), xt::range(2 * h, 2 * h + 2))),
                       attn_test::MatrixEquals(head.attention.output));
            CHECK_THAT(attn::matrix(xt::view(t.weights, h, xt::all(), xt::all())),
                       attn_test::MatrixEquals(head.attention.weights));
            // Each head scales by the √d_k of the head, not of d_model.
            CHECK_THAT(head.attention.sqrt_d_k, WithinAbs(std::sqrt(2.0), 1e-15));
        }
        CHECK_THAT(t.output, attn_test::MatrixWithinAbs(
                                 attn::linear(t.concat, t.params.w_o, t.params.b_o), 0));
    }

    TEST_CASE("one head is scaled dot-product attention on the projections", "[mha][attention]")
    {
        const attn::matrix x = attn_test::sample(4, 6);
        const auto t = attn::multi_head_attention(x, x, x, {}, options_with(1, 5));
        const auto single = attn::scaled_dot_product_attention(t.projected_query, t.projected_key,
                                                               t.projected_value);
        CHECK_THAT(t.per_head[0].attention.weights, attn_test::MatrixEquals(single.weights));
        CHECK_THAT(t.concat, attn_test::MatrixEquals(single.output));
    }

    TEST_CASE("multi-head cross-attention gives n × d_model outputs and h × n × m weights", "[mha]")
    {
        const auto t =
            attn::multi_head_attention(attn_test::sample(3, 8), attn_test::sample(7, 8, 1),
                                       attn_test::sample(7, 8, 2), {}, options_with(2));
        CHECK(attn::rows(t.output) == 3);
        CHECK(attn::cols(t.output) == 8);
        CHECK(t.weights.shape() == std::array<std::size_t, 3>{2, 3, 7});
        for (std::size_t h = 0; h < 2; ++h)
        {
            for (std::size_t i = 0; i < 3; ++i)
            {
                CHECK_THAT(xt::sum(xt::view(t.weights, h, i, xt::all()))(), WithinAbs(1.0, 1e-14));
            }
        }
    }

    TEST_CASE("the mask applies to every head", "[mha][mask]")
    {
        attn::multi_head_options options = options_with(4);
        options.attention.mask = attn::attention_mask::causal();
        const attn::matrix x = attn_test::sample(4, 8);
        const auto t = attn::multi_head_attention(x, x, x, {}, options);
        for (std::size_t h = 0; h < 4; ++h)
        {
            CHECK(t.per_head[h].attention.has_mask);
            for (std::size_t i = 0; i < 4; ++i)
            {
                for (std::size_t j = i + 1; j < 4; ++j)
                {
                    CHECK(t.weights(h, i, j) == 0);
                }
            }
        }
    }

    TEST_CASE("each head carries the entropy of its own weights, a causal head's included",
              "[mha][entropy]")
    {
        attn::multi_head_options options = options_with(4, 7);
        options.attention.mask = attn::attention_mask::causal();
        const attn::matrix x = attn_test::sample(5, 8);
        const auto t = attn::multi_head_attention(x, x, x, {}, options);
        REQUIRE(t.per_head.size() == 4);
        for (const auto& head : t.per_head)
        {
            const attn::entropy_trace alone = attn::attention_entropy(head.attention.weights);
            CHECK(head.entropy.entropy == alone.entropy);
            CHECK(head.entropy.mean_entropy == alone.mean_entropy);
            CHECK(head.entropy.max_entropy == std::log(5.0));
            // The first query sees only itself under the causal mask: one weight of 1, entropy 0.
            CHECK(head.entropy.entropy(0) == 0);
            CHECK(head.entropy.min_entropy == 0);
        }
    }

    TEST_CASE("the parameter count is 4·d² plus d per bias given", "[mha]")
    {
        const attn::matrix x = attn_test::sample(2, 8);
        SECTION("with all four biases: 4·64 + 4·8 = 288")
        {
            CHECK(attn::multi_head_attention(x, x, x, with_biases(8), options_with(2))
                      .parameter_count == 288);
        }
        SECTION("without biases: 256, and the trace has no bias vectors")
        {
            const auto t = attn::multi_head_attention(x, x, x, {}, options_with(2));
            CHECK(t.parameter_count == 256);
            CHECK(t.params.b_q.size() == 0);
            CHECK(t.params.b_o.size() == 0);
        }
        SECTION("with one bias: 264")
        {
            attn::multi_head_params p;
            p.b_v = attn::vector(xt::zeros<double>({8}));
            CHECK(attn::multi_head_attention(x, x, x, p, options_with(2)).parameter_count == 264);
        }
        CHECK(attn::multi_head_parameter_count(8, 4) == 288);
    }

    TEST_CASE("supplied weights are used as given", "[mha]")
    {
        attn::multi_head_params p;
        p.w_q = attn::matrix(xt::eye<double>(4));
        p.w_o = attn_test::sample(4, 4, 9);
        const attn::matrix x = attn_test::sample(3, 4);
        const auto t = attn::multi_head_attention(x, x, x, p, options_with(2));
        CHECK_THAT(t.params.w_q, attn_test::MatrixEquals(*p.w_q));
        CHECK_THAT(t.params.w_o, attn_test::MatrixEquals(*p.w_o));
        CHECK_THAT(t.projected_query, attn_test::MatrixEquals(x));
    }
} // namespace multi_head_attention_tests
