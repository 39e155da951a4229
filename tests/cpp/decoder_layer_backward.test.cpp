#include <catch2/catch.hpp>

#include "attn/decoder_layer_backward.hpp"
#include "attn/error.hpp"
#include "finite_difference.hpp"
#include "tensor_matchers.hpp"

namespace decoder_layer_backward_tests
{
    using attn_test::MatchesSlopes;
    using Catch::Matchers::Message;

    namespace
    {
        /// Every weight given, d_model 8, d_ff 6; wK and wV `kv_heads`·2 wide (d_k = 2).
        attn::decoder_layer_params full_params(std::size_t kv_heads)
        {
            attn::decoder_layer_params p;
            p.attention.w_q = 0.5 * attn_test::sample(8, 8, 1);
            p.attention.w_k = 0.5 * attn_test::sample(8, 2 * kv_heads, 2);
            p.attention.w_v = 0.5 * attn_test::sample(8, 2 * kv_heads, 3);
            p.attention.w_o = 0.5 * attn_test::sample(8, 8, 4);
            p.w_gate = 0.5 * attn_test::sample(8, 6, 5);
            p.w_up = 0.5 * attn_test::sample(8, 6, 6);
            p.w_down = 0.5 * attn_test::sample(6, 8, 7);
            p.gamma1 = attn::vector(0.8 + 0.05 * xt::arange<double>(8));
            p.gamma2 = attn::vector(1.2 - 0.1 * xt::arange<double>(8));
            return p;
        }

        attn::matrix as_row(const attn::vector& v)
        {
            return xt::reshape_view(v, {1, int(v.size())});
        }
    } // namespace

    TEST_CASE("the decoder layer's backward matches central finite differences for the input and "
              "every weight, with RoPE and grouped key/value heads",
              "[decoder][backward]")
    {
        const std::size_t kv_heads = GENERATE(4, 2, 1);
        const auto pairing =
            GENERATE(attn::rope_convention::half, attn::rope_convention::interleaved);
        const attn::matrix x = attn_test::sample(5, 8, 8);
        const attn::matrix g = attn_test::sample(5, 8, 9);
        const attn::decoder_layer_params p = full_params(kv_heads);
        attn::decoder_layer_options options;
        options.heads = 4;
        options.kv_heads = kv_heads;
        options.rope_base = 100;
        options.rope_pairing = pairing;
        const auto b = attn::decoder_layer_backward(x, p, options, g);
        // L = Σ g ∘ output, so ∂L/∂output = g; each lambda moves one argument.
        const auto loss = [&](const attn::matrix& input, const attn::decoder_layer_params& q)
        { return attn_test::dot(attn::decoder_layer(input, q, options).residual2, g); };
        const auto with = [&](auto set)
        {
            return [&, set](const attn::matrix& m)
            {
                attn::decoder_layer_params q = p;
                set(q, m);
                return loss(x, q);
            };
        };

        CHECK_THAT(b.grad_input,
                   MatchesSlopes(x, [&](const attn::matrix& m) { return loss(m, p); }));
        CHECK_THAT(b.attention.grad_w_q,
                   MatchesSlopes(*p.attention.w_q, with([](auto& q, const attn::matrix& m)
                                                        { q.attention.w_q = m; })));
        CHECK_THAT(b.attention.grad_w_k,
                   MatchesSlopes(*p.attention.w_k, with([](auto& q, const attn::matrix& m)
                                                        { q.attention.w_k = m; })));
        CHECK_THAT(b.attention.grad_w_v,
                   MatchesSlopes(*p.attention.w_v, with([](auto& q, const attn::matrix& m)
                                                        { q.attention.w_v = m; })));
        CHECK_THAT(b.attention.grad_w_o,
                   MatchesSlopes(*p.attention.w_o, with([](auto& q, const attn::matrix& m)
                                                        { q.attention.w_o = m; })));
        CHECK_THAT(
            b.feed_forward.grad_w_gate,
            MatchesSlopes(p.w_gate, with([](auto& q, const attn::matrix& m) { q.w_gate = m; })));
        CHECK_THAT(b.feed_forward.grad_w_up,
                   MatchesSlopes(p.w_up, with([](auto& q, const attn::matrix& m) { q.w_up = m; })));
        CHECK_THAT(
            b.feed_forward.grad_w_down,
            MatchesSlopes(p.w_down, with([](auto& q, const attn::matrix& m) { q.w_down = m; })));
        CHECK_THAT(
            as_row(b.norm1.grad_gamma),
            MatchesSlopes(as_row(*p.gamma1), with([](auto& q, const attn::matrix& m)
                                                  { q.gamma1 = attn::vector(xt::row(m, 0)); })));
        CHECK_THAT(
            as_row(b.norm2.grad_gamma),
            MatchesSlopes(as_row(*p.gamma2), with([](auto& q, const attn::matrix& m)
                                                  { q.gamma2 = attn::vector(xt::row(m, 0)); })));
    }

    TEST_CASE("the decoder layer's gradients add where the residual stream forks",
              "[decoder][backward]")
    {
        attn::decoder_layer_options options;
        options.heads = 4;
        options.kv_heads = 2;
        const attn::matrix g = attn_test::sample(3, 8, 10);
        const auto b =
            attn::decoder_layer_backward(attn_test::sample(3, 8, 11), full_params(2), options, g);
        CHECK_THAT(b.grad_residual1, attn_test::MatrixWithinAbs(g + b.norm2.grad_input, 0));
        CHECK_THAT(b.grad_norm1_output,
                   attn_test::MatrixWithinAbs(
                       b.attention.grad_query + b.attention.grad_key + b.attention.grad_value, 0));
        CHECK_THAT(b.grad_input,
                   attn_test::MatrixWithinAbs(b.grad_residual1 + b.norm1.grad_input, 0));
        CHECK(attn::cols(b.attention.grad_projected_key) == 4); // kvHeads·d_k
    }

    TEST_CASE("the decoder layer's backward names gradOutput when its shape is wrong or it "
              "overflows",
              "[decoder][backward][errors]")
    {
        attn::decoder_layer_options options;
        options.heads = 4;
        options.kv_heads = 2;
        const attn::matrix x = attn_test::sample(3, 8, 12);
        CHECK_THROWS_MATCHES(
            attn::decoder_layer_backward(x, full_params(2), options, attn_test::sample(2, 8)),
            attn::attention_error,
            Message("gradOutput: expected a matrix of shape 3×8 (the shape of input, n × "
                    "d_model), got 2×8"));
        const attn::matrix huge = xt::ones<double>({3, 8}) * 1e308;
        CHECK_THROWS_WITH(attn::decoder_layer_backward(x, full_params(2), options, huge),
                          Catch::Matchers::StartsWith("gradOutput: expected values small enough "
                                                      "for grad"));
    }
} // namespace decoder_layer_backward_tests
