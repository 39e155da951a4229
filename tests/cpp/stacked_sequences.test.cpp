// The trainer runs a batch as independent sequences stacked in the rows of one matrix
// (encoder_layer_options::sequences). These tests hold that to "the same bits as one sequence at
// a time": outputs row for row, and parameter gradients as a loop that adds each sequence's
// gradient into a zeroed accumulator would sum them.
#include <catch2/catch.hpp>

#include <cstdint>
#include <vector>

#include "attn/encoder_layer_backward.hpp"
#include "attn/error.hpp"
#include "attn/sequence_sums.hpp"
#include "tensor_matchers.hpp"

namespace stacked_sequences_tests
{
    using attn_test::MatrixEquals;
    using attn_test::VectorEquals;
    using Catch::Matchers::Message;

    namespace
    {
        constexpr std::size_t sequences = 3, length = 5, d_model = 4;

        attn::encoder_layer_params layer_params()
        {
            attn::encoder_layer_params p;
            p.attention.w_q = attn_test::sample(d_model, d_model, 1) * 0.5;
            p.attention.w_k = attn_test::sample(d_model, d_model, 2) * 0.5;
            p.attention.w_v = attn_test::sample(d_model, d_model, 3) * 0.5;
            p.attention.w_o = attn_test::sample(d_model, d_model, 4) * 0.5;
            p.w1 = attn_test::sample(d_model, 6, 5) * 0.5;
            p.w2 = attn_test::sample(6, d_model, 6) * 0.5;
            p.gamma1 = attn::vector{1.2, 0.8, 1.0, 0.9};
            p.beta2 = attn::vector{0.0, 0.3, -0.2, 0.1};
            return p;
        }

        /// Causal attention with dropout, so both the mask and each sequence's own dropout stream
        /// are exercised.
        attn::encoder_layer_options layer_options()
        {
            attn::encoder_layer_options o;
            o.heads = 2;
            o.attention.mask = attn::attention_mask::causal();
            o.attention.dropout = 0.2;
            return o;
        }

        const std::vector<std::uint32_t> seeds = {7, 11, 13};

        attn::matrix rows_of(const attn::matrix& m, std::size_t s)
        {
            return attn::block(m, s * length, length, 0, attn::cols(m));
        }

        /// acc + g, or g itself for the first sequence's (acc then still empty).
        template <class Tensor> void add_into(Tensor& acc, const Tensor& g)
        {
            acc = acc.size() == 0 ? Tensor(xt::zeros<double>(g.shape()) + g) : Tensor(acc + g);
        }
    } // namespace

    TEST_CASE("an encoder layer over three stacked sequences gives each sequence's output and "
              "gradients bit for bit as three separate calls",
              "[encoder][stacked]")
    {
        const attn::matrix input = attn_test::sample(sequences * length, d_model, 0.3);
        const attn::matrix grad_output = attn_test::sample(sequences * length, d_model, 0.9);
        attn::encoder_layer_options stacked_options = layer_options();
        stacked_options.sequences = sequences;
        stacked_options.dropout_seeds = seeds;
        const attn::encoder_layer_trace stacked =
            attn::encoder_layer(input, layer_params(), stacked_options);
        const attn::encoder_layer_backward_trace stacked_grads =
            attn::detail::encoder_layer_backward_from(stacked, grad_output);

        attn::matrix grad_w_q, grad_w_o, grad_w1;
        attn::vector grad_b_k, grad_b2, grad_gamma1, grad_beta2;
        for (std::size_t s = 0; s < sequences; ++s)
        {
            attn::encoder_layer_options alone = layer_options();
            alone.attention.dropout_seed = seeds[s];
            const attn::encoder_layer_trace one =
                attn::encoder_layer(rows_of(input, s), layer_params(), alone);
            const attn::encoder_layer_backward_trace g =
                attn::detail::encoder_layer_backward_from(one, rows_of(grad_output, s));
            CHECK_THAT(rows_of(stacked.output, s), MatrixEquals(one.output));
            CHECK_THAT(rows_of(stacked_grads.grad_input, s), MatrixEquals(g.grad_input));
            add_into(grad_w_q, g.attention.grad_w_q);
            add_into(grad_w_o, g.attention.grad_w_o);
            add_into(grad_w1, g.feed_forward.grad_w1);
            add_into(grad_b_k, g.attention.grad_b_k);
            add_into(grad_b2, g.feed_forward.grad_b2);
            add_into(grad_gamma1, g.norm1.grad_gamma);
            add_into(grad_beta2, g.norm2.grad_beta);
        }
        CHECK_THAT(stacked_grads.attention.grad_w_q, MatrixEquals(grad_w_q));
        CHECK_THAT(stacked_grads.attention.grad_w_o, MatrixEquals(grad_w_o));
        CHECK_THAT(stacked_grads.feed_forward.grad_w1, MatrixEquals(grad_w1));
        CHECK_THAT(stacked_grads.attention.grad_b_k, VectorEquals(grad_b_k));
        CHECK_THAT(stacked_grads.feed_forward.grad_b2, VectorEquals(grad_b2));
        CHECK_THAT(stacked_grads.norm1.grad_gamma, VectorEquals(grad_gamma1));
        CHECK_THAT(stacked_grads.norm2.grad_beta, VectorEquals(grad_beta2));
    }

    TEST_CASE("sums over stacked sequences add each sequence's own sum in order, not every row in "
              "one run",
              "[stacked]")
    {
        // Rows 1e16, 1, 1, 1 as two sequences of two: (1e16 + 1) + (1 + 1) rounds to 1e16 + 2,
        // while one run over the rows, ((1e16 + 1) + 1) + 1, stays at 1e16.
        const attn::matrix m = {{1e16}, {1}, {1}, {1}};
        CHECK(attn::detail::column_sums(m, 2)(0) == 1e16 + 2);
        CHECK(attn::detail::column_sums(m, 1)(0) == 1e16);
        const attn::matrix ones = xt::ones<double>({std::size_t{4}, std::size_t{1}});
        CHECK(attn::detail::transposed_product(ones, m, 2)(0, 0) == 1e16 + 2);
        CHECK(attn::detail::transposed_product(ones, m, 1)(0, 0) == 1e16);
    }

    TEST_CASE("stacked sequences must divide the rows and bring one dropout seed each",
              "[mha][stacked][errors]")
    {
        const attn::matrix x = attn_test::sample(4, d_model);
        attn::multi_head_params params;
        attn::multi_head_options options;
        options.sequences = 3;
        REQUIRE_THROWS_MATCHES(attn::multi_head_attention(x, x, x, params, options),
                               attn::attention_error,
                               Message("sequences: expected a divisor of the rows of query and of "
                                       "key, got 3"));
        options.sequences = 2;
        options.dropout_seeds = {1, 2, 3};
        REQUIRE_THROWS_MATCHES(attn::multi_head_attention(x, x, x, params, options),
                               attn::attention_error,
                               Message("dropoutSeeds: expected 2 seeds, one per sequence, got 3"));
    }
} // namespace stacked_sequences_tests
