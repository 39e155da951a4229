#include <catch2/catch.hpp>

#include <cmath>
#include <functional>
#include <string>

#include "attn/encoder_layer_backward.hpp"
#include "attn/error.hpp"
#include "tensor_matchers.hpp"

namespace encoder_layer_backward_tests
{
    using Catch::Matchers::Message;

    namespace
    {
        /// A layer with every parameter given (non-trivial γ, β and biases), d_model 4, d_ff 6.
        attn::encoder_layer_params full_params()
        {
            attn::encoder_layer_params p;
            p.attention.w_q = attn_test::sample(4, 4, 1) * 0.5;
            p.attention.w_k = attn_test::sample(4, 4, 2) * 0.5;
            p.attention.w_v = attn_test::sample(4, 4, 3) * 0.5;
            p.attention.w_o = attn_test::sample(4, 4, 4) * 0.5;
            p.attention.b_q = attn::vector{0.1, -0.2, 0.3, 0.05};
            p.attention.b_k = attn::vector{-0.1, 0.2, 0.0, 0.15};
            p.attention.b_v = attn::vector{0.2, 0.1, -0.3, 0.0};
            p.attention.b_o = attn::vector{0.0, -0.1, 0.1, 0.2};
            p.w1 = attn_test::sample(4, 6, 5) * 0.5;
            p.b1 = attn::vector{0.1, -0.1, 0.2, -0.2, 0.05, 0.0};
            p.w2 = attn_test::sample(6, 4, 6) * 0.5;
            p.b2 = attn::vector{0.05, 0.1, -0.05, 0.0};
            p.gamma1 = attn::vector{1.2, 0.8, 1.0, 0.9};
            p.beta1 = attn::vector{0.1, -0.1, 0.0, 0.2};
            p.gamma2 = attn::vector{0.7, 1.1, 1.3, 1.0};
            p.beta2 = attn::vector{0.0, 0.3, -0.2, 0.1};
            return p;
        }

        /// Central differences of f in every cell of x (h = 1e-6), against `gradient`, to 1e-7
        /// absolute + relative: truncation ~1e-12, rounding ~1e-10.
        template <class Tensor>
        void check_slopes(const std::string& what, Tensor& x, const Tensor& gradient,
                          const std::function<double()>& f)
        {
            REQUIRE(gradient.size() == x.size());
            const double h = 1e-6;
            for (std::size_t k = 0; k < x.size(); ++k)
            {
                const double kept = x.data()[k];
                x.data()[k] = kept + h;
                const double up = f();
                x.data()[k] = kept - h;
                const double down = f();
                x.data()[k] = kept;
                const double slope = (up - down) / (2 * h);
                INFO(what << "[" << k << "]: analytic " << gradient.data()[k] << ", slope "
                          << slope);
                CHECK(std::abs(gradient.data()[k] - slope) <=
                      1e-7 * std::max(1.0, std::abs(slope)));
            }
        }
    } // namespace

    TEST_CASE("the encoder layer's backward matches central finite differences for the input and "
              "every parameter",
              "[encoder][backward]")
    {
        const bool causal = GENERATE(false, true);
        const auto act = GENERATE(attn::activation::relu, attn::activation::gelu);
        attn::matrix x = attn_test::sample(5, 4, 7);
        attn::encoder_layer_params p = full_params();
        attn::encoder_layer_options options;
        options.heads = 2;
        options.act = act;
        if (causal)
        {
            options.attention.mask = attn::attention_mask::causal();
        }
        const attn::matrix g = attn_test::sample(5, 4, 8);
        // L = Σ g ∘ output, so ∂L/∂output = g.
        const auto loss = [&]
        {
            const attn::matrix out = attn::encoder_layer(x, p, options).output;
            return xt::sum(out * g)();
        };
        const attn::encoder_layer_backward_trace b = attn::encoder_layer_backward(x, p, options, g);
        const attn::multi_head_backward_trace& a = b.attention;
        check_slopes("gradInput", x, b.grad_input, loss);
        check_slopes("gradWQ", *p.attention.w_q, a.grad_w_q, loss);
        check_slopes("gradWK", *p.attention.w_k, a.grad_w_k, loss);
        check_slopes("gradWV", *p.attention.w_v, a.grad_w_v, loss);
        check_slopes("gradWO", *p.attention.w_o, a.grad_w_o, loss);
        check_slopes("gradBQ", *p.attention.b_q, a.grad_b_q, loss);
        check_slopes("gradBK", *p.attention.b_k, a.grad_b_k, loss);
        check_slopes("gradBV", *p.attention.b_v, a.grad_b_v, loss);
        check_slopes("gradBO", *p.attention.b_o, a.grad_b_o, loss);
        check_slopes("gradW1", *p.w1, b.feed_forward.grad_w1, loss);
        check_slopes("gradB1", *p.b1, b.feed_forward.grad_b1, loss);
        check_slopes("gradW2", *p.w2, b.feed_forward.grad_w2, loss);
        check_slopes("gradB2", *p.b2, b.feed_forward.grad_b2, loss);
        check_slopes("gradGamma1", *p.gamma1, b.norm1.grad_gamma, loss);
        check_slopes("gradBeta1", *p.beta1, b.norm1.grad_beta, loss);
        check_slopes("gradGamma2", *p.gamma2, b.norm2.grad_gamma, loss);
        check_slopes("gradBeta2", *p.beta2, b.norm2.grad_beta, loss);
    }

    TEST_CASE("the encoder layer's input gradient is the residual's plus self-attention's three",
              "[encoder][backward]")
    {
        const attn::matrix x = attn_test::sample(3, 4, 9);
        attn::encoder_layer_options options;
        options.heads = 2;
        const attn::encoder_layer_backward_trace b =
            attn::encoder_layer_backward(x, full_params(), options, attn_test::sample(3, 4, 10));
        CHECK_THAT(b.grad_input,
                   attn_test::MatrixWithinAbs(b.grad_residual1 + b.attention.grad_query +
                                                  b.attention.grad_key + b.attention.grad_value,
                                              0));
        CHECK_THAT(b.grad_norm1_output,
                   attn_test::MatrixWithinAbs(b.grad_residual2 + b.feed_forward.grad_input, 0));
    }

    TEST_CASE(
        "without attention biases the encoder layer's backward has no bias gradients for them",
        "[encoder][backward]")
    {
        attn::encoder_layer_options options;
        options.heads = 2;
        options.d_ff = 6;
        options.attention_bias = false;
        const attn::encoder_layer_backward_trace b = attn::encoder_layer_backward(
            attn_test::sample(3, 4, 11), {}, options, attn_test::sample(3, 4, 12));
        CHECK(b.attention.grad_b_q.size() == 0);
        CHECK(b.attention.grad_b_o.size() == 0);
        CHECK(b.feed_forward.grad_b1.size() == 6); // the feed-forward biases are always there
    }

    TEST_CASE("the encoder layer's backward refuses a gradient of another shape than the output",
              "[encoder][backward][errors]")
    {
        attn::encoder_layer_options options;
        options.heads = 2;
        options.d_ff = 6;
        CHECK_THROWS_MATCHES(
            attn::encoder_layer_backward(attn_test::sample(3, 4), {}, options,
                                         attn_test::sample(3, 5)),
            attn::attention_error,
            Message(
                "gradOutput: expected a matrix of shape 3×4 (the shape of input, one gradient per "
                "output cell), got 3×5"));
    }
} // namespace encoder_layer_backward_tests
