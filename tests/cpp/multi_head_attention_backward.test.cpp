#include <cmath>
#include <optional>
#include <tuple>
#include <utility>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/multi_head_attention_backward.hpp"
#include "finite_difference.hpp"
#include "tensor_matchers.hpp"

namespace multi_head_attention_backward_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::StartsWith;

    namespace
    {
        /// Query, key and value of a 3-query, 4-key cross-attention with d_model = 4, and weights
        /// and biases with no special structure.
        struct problem
        {
            attn::matrix query = attn_test::sample(3, 4), key = attn_test::sample(4, 4, 1),
                         value = attn_test::sample(4, 4, 2);
            attn::multi_head_params params;
            attn::multi_head_options options;
            attn::matrix grad_output = attn_test::sample(3, 4, 7);

            problem()
            {
                params.w_q = 0.5 * attn_test::sample(4, 4, 3);
                params.w_k = 0.5 * attn_test::sample(4, 4, 4);
                params.w_v = 0.5 * attn_test::sample(4, 4, 5);
                params.w_o = 0.5 * attn_test::sample(4, 4, 6);
                params.b_q = attn::vector{0.1, -0.2, 0.3, 0.05};
                params.b_k = attn::vector{-0.1, 0.2, 0.0, 0.4};
                params.b_v = attn::vector{0.3, 0.1, -0.3, 0.2};
                params.b_o = attn::vector{0.0, 0.5, -0.5, 0.25};
                options.heads = 2;
            }

            /// L = Σ G ∘ output, as a function of one changed copy of the problem.
            double loss() const
            {
                return attn_test::dot(
                    attn::multi_head_attention(query, key, value, params, options).output,
                    grad_output);
            }

            attn::multi_head_backward_trace backward() const
            {
                return attn::multi_head_attention_backward(query, key, value, params, options,
                                                           grad_output);
            }
        };

        /// Picks one matrix of a problem (an input or a weight).
        using matrix_in = attn::matrix& (*)(problem&);

        /// The loss as a function of the matrix `pick` chooses.
        auto loss_in(const problem& base, matrix_in pick)
        {
            return [base, pick](const attn::matrix& x)
            {
                problem p = base;
                pick(p) = x;
                return p.loss();
            };
        }

        /// The loss as a function of one bias, as a 1 × d matrix.
        auto loss_in_bias(const problem& base,
                          std::optional<attn::vector> attn::multi_head_params::*b)
        {
            return [base, b](const attn::matrix& x)
            {
                problem p = base;
                p.params.*b = attn::vector(xt::row(x, 0));
                return p.loss();
            };
        }

        attn::matrix as_row(const attn::vector& v)
        {
            attn::matrix out = xt::empty<double>({std::size_t{1}, v.size()});
            xt::row(out, 0) = v;
            return out;
        }

        void check_every_gradient(const problem& p)
        {
            const auto t = p.backward();
            const std::tuple<const char*, const attn::matrix&, matrix_in> matrices[] = {
                {"query", t.grad_query, [](problem& q) -> attn::matrix& { return q.query; }},
                {"key", t.grad_key, [](problem& q) -> attn::matrix& { return q.key; }},
                {"value", t.grad_value, [](problem& q) -> attn::matrix& { return q.value; }},
                {"wQ", t.grad_w_q, [](problem& q) -> attn::matrix& { return *q.params.w_q; }},
                {"wK", t.grad_w_k, [](problem& q) -> attn::matrix& { return *q.params.w_k; }},
                {"wV", t.grad_w_v, [](problem& q) -> attn::matrix& { return *q.params.w_v; }},
                {"wO", t.grad_w_o, [](problem& q) -> attn::matrix& { return *q.params.w_o; }}};
            for (const auto& [name, gradient, pick] : matrices)
            {
                INFO("the gradient of " << name);
                problem copy = p;
                CHECK_THAT(gradient, attn_test::MatchesSlopes(pick(copy), loss_in(p, pick)));
            }
            using params = attn::multi_head_params;
            const std::pair<const attn::vector*, std::optional<attn::vector> params::*> biases[] = {
                {&t.grad_b_q, &params::b_q},
                {&t.grad_b_k, &params::b_k},
                {&t.grad_b_v, &params::b_v},
                {&t.grad_b_o, &params::b_o}};
            for (const auto& [gradient, bias] : biases)
            {
                if ((p.params.*bias).has_value())
                {
                    CHECK_THAT(
                        as_row(*gradient),
                        attn_test::MatchesSlopes(as_row(*(p.params.*bias)), loss_in_bias(p, bias)));
                }
                else
                {
                    CHECK(gradient->size() == 0);
                }
            }
        }
    } // namespace

    TEST_CASE(
        "every gradient of multi-head attention matches a central finite difference of the loss",
        "[backward][mha-backward]")
    {
        problem p;
        SECTION("cross-attention, 2 heads, every bias")
        {
            check_every_gradient(p);
        }
        SECTION("causal self-attention, 4 heads, no biases")
        {
            p.key = p.value = p.query;
            p.params.b_q = p.params.b_k = p.params.b_v = p.params.b_o = std::nullopt;
            p.options.heads = 4;
            p.options.attention.mask = attn::attention_mask::causal();
            check_every_gradient(p);
        }
    }

    TEST_CASE("an omitted bias has no gradient, and an omitted weight is the forward's seeded one",
              "[backward][mha-backward]")
    {
        problem p;
        p.params.w_k = std::nullopt;
        p.params.b_v = std::nullopt;
        p.options.seed = 9;
        const auto t = p.backward();
        CHECK(t.grad_b_v.size() == 0);
        CHECK(t.grad_b_q.size() == 4);
        // The gradient of wK is that of the seeded matrix the forward used, given explicitly.
        problem given = p;
        given.params.w_k =
            attn::multi_head_attention(p.query, p.key, p.value, p.params, p.options).params.w_k;
        CHECK_THAT(t.grad_w_k, attn_test::MatrixEquals(given.backward().grad_w_k));
    }

    TEST_CASE("each head's backward is attention's backward on that head's columns",
              "[backward][mha-backward]")
    {
        const problem p;
        const auto forward =
            attn::multi_head_attention(p.query, p.key, p.value, p.params, p.options);
        const auto t = p.backward();
        REQUIRE(t.per_head.size() == 2);
        for (std::size_t i = 0; i < 2; ++i)
        {
            INFO("head " << i);
            const auto& head = forward.per_head[i];
            const auto alone = attn::attention_backward(
                head.query, head.key, head.value, {}, attn::column_slice(t.grad_concat, 2 * i, 2));
            CHECK_THAT(t.per_head[i].grad_query, attn_test::MatrixEquals(alone.grad_query));
            CHECK_THAT(attn::column_slice(t.grad_projected_key, 2 * i, 2),
                       attn_test::MatrixEquals(alone.grad_key));
        }
    }

    TEST_CASE("for self-attention the gradient of x is gradQuery + gradKey + gradValue",
              "[backward][mha-backward]")
    {
        problem p;
        p.key = p.value = p.query;
        const auto t = p.backward();
        const auto loss_of_x = [p](const attn::matrix& x)
        {
            problem q = p;
            q.query = q.key = q.value = x;
            return q.loss();
        };
        CHECK_THAT(attn::matrix(t.grad_query + t.grad_key + t.grad_value),
                   attn_test::MatchesSlopes(p.query, loss_of_x));
    }

    TEST_CASE(
        "multiHeadAttentionBackward refuses a bad gradOutput, or a bad forward argument, naming it",
        "[backward][mha-backward][errors]")
    {
        problem p;
        SECTION("gradOutput of the wrong shape")
        {
            p.grad_output = attn_test::sample(4, 4);
            CHECK_THROWS_MATCHES(
                p.backward(), attn::attention_error,
                Message("gradOutput: expected a matrix of shape 3×4 (n × d_model, the "
                        "shape of the output), got 4×4"));
        }
        SECTION("a gradOutput cell that is not finite")
        {
            p.grad_output(1, 3) = INFINITY;
            CHECK_THROWS_WITH(p.backward(),
                              StartsWith("gradOutput[1][3]: expected a finite number"));
        }
        SECTION("heads that do not divide d_model")
        {
            p.options.heads = 3;
            CHECK_THROWS_MATCHES(p.backward(), attn::attention_error,
                                 Message("heads: expected a divisor of d_model = 4, got 3"));
        }
        SECTION("a gradient that overflows blames gradOutput")
        {
            p.grad_output(0, 0) = 1e308;
            p.params.w_o = 1e10 * *p.params.w_o;
            CHECK_THROWS_WITH(
                p.backward(),
                StartsWith("gradOutput: expected values small enough for gradConcat"));
        }
    }
} // namespace multi_head_attention_backward_tests
