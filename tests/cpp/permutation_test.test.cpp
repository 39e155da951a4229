#include <catch2/catch.hpp>

#include "attn/multi_head_attention.hpp"
#include "attn/permutation_test.hpp"
#include "attn/positional_encoding.hpp"
#include "tensor_matchers.hpp"

namespace permutation_test_tests
{
    namespace
    {
        const attn::matrix x = attn_test::sample(5, 8);
        const attn::vector shuffle = {4, 2, 0, 1, 3};

        attn::permutation_test_options options(bool pe)
        {
            attn::permutation_test_options o;
            o.heads = 2;
            o.seed = 9;
            o.positional_encoding = pe;
            return o;
        }
    } // namespace

    TEST_CASE("without positional encoding, shuffling the tokens only shuffles the outputs",
              "[permutation][mha]")
    {
        const auto t = attn::permutation_test(x, shuffle, options(false));
        CHECK(t.permutation == std::vector<std::size_t>{4, 2, 0, 1, 3});
        CHECK_THAT(t.input, attn_test::MatrixEquals(x));
        CHECK_THAT(t.permuted_input,
                   attn_test::MatrixEquals(attn_test::permute_rows(x, t.permutation)));
        CHECK_THAT(t.realigned, attn_test::MatrixWithinAbs(t.output, 1e-14));
        CHECK(t.max_difference < 1e-14);
        SECTION("and realigned puts row i of the shuffled output back at row permutation[i]")
        {
            for (std::size_t i = 0; i < 5; ++i)
            {
                CHECK_THAT(attn::vector(xt::row(t.realigned, t.permutation[i])),
                           attn_test::VectorEquals(xt::row(t.permuted_output, i)));
            }
        }
        SECTION("both runs use the seeded weights of multi-head attention")
        {
            attn::multi_head_options mha;
            mha.heads = 2;
            mha.seed = 9;
            CHECK_THAT(t.output, attn_test::MatrixEquals(
                                     attn::multi_head_attention(x, x, x, {}, mha).output));
        }
    }

    TEST_CASE("with positional encoding the tokens move but the positions stay, so outputs change",
              "[permutation][pe]")
    {
        const auto t = attn::permutation_test(x, shuffle, options(true));
        const attn::matrix pe = attn::positional_encoding(5, 8);
        CHECK_THAT(t.input, attn_test::MatrixEquals(x + pe));
        CHECK_THAT(t.permuted_input,
                   attn_test::MatrixEquals(attn_test::permute_rows(x, t.permutation) + pe));
        CHECK(t.max_difference > 1e-3);
        CHECK(t.max_difference == xt::amax(xt::abs(t.realigned - t.output))());
    }

    TEST_CASE("the identity permutation changes nothing, with or without positions",
              "[permutation]")
    {
        const bool pe = GENERATE(false, true);
        CAPTURE(pe);
        const auto t = attn::permutation_test(x, attn::vector{0, 1, 2, 3, 4}, options(pe));
        CHECK(t.max_difference == 0);
    }
} // namespace permutation_test_tests
