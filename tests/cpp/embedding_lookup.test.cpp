#include <string>

#include <catch2/catch.hpp>

#include "attn/embedding_lookup.hpp"
#include "attn/error.hpp"
#include "finite_difference.hpp"
#include "tensor_matchers.hpp"

namespace embedding_lookup_tests
{
    using Catch::Matchers::Message;

    const attn::matrix table = {{0.5, -1}, {2, 0.25}, {-3, 4}, {1, 1}};

    TEST_CASE("the output's row i is a copy of the embedding row of token i", "[embedding-lookup]")
    {
        const auto t = attn::embedding_lookup(attn::vector{2, 0, 2}, table);
        CHECK_THAT(t.output, attn_test::MatrixEquals(attn::matrix{{-3, 4}, {0.5, -1}, {-3, 4}}));
        CHECK(t.tokens == std::vector<std::size_t>{2, 0, 2});
    }

    TEST_CASE("gradEmbedding adds gradOutput's rows of every position holding a token, and an "
              "unused token's row is zero",
              "[embedding-lookup]")
    {
        const attn::matrix grad = {{1, 2}, {10, 20}, {100, 200}};
        const auto t = attn::embedding_lookup_backward(attn::vector{2, 0, 2}, table, grad);
        CHECK_THAT(t.counts, attn_test::VectorEquals(attn::vector{1, 0, 2, 0}));
        CHECK_THAT(t.grad_embedding,
                   attn_test::MatrixEquals(attn::matrix{{10, 20}, {0, 0}, {101, 202}, {0, 0}}));
        CHECK_THAT(t.grad_output, attn_test::MatrixEquals(grad));
    }

    TEST_CASE("gradEmbedding matches a central finite difference of Σ output ∘ gradOutput",
              "[embedding-lookup]")
    {
        const attn::vector tokens = {1, 3, 1, 1, 0};
        const attn::matrix grad = attn_test::sample(5, 2, 0.3);
        const auto t = attn::embedding_lookup_backward(tokens, table, grad);
        CHECK_THAT(t.grad_embedding,
                   attn_test::MatchesSlopes(table, [&](const attn::matrix& e) {
                       return attn_test::dot(attn::embedding_lookup(tokens, e).output, grad);
                   }));
    }

    TEST_CASE("a token id outside the vocabulary is refused naming its position and the "
              "vocabulary's size",
              "[embedding-lookup][errors]")
    {
        SECTION("one past the last token")
        {
            CHECK_THROWS_MATCHES(attn::embedding_lookup(attn::vector{0, 4}, table),
                                 attn::attention_error,
                                 Message("tokens[1]: expected a token id, a whole number from 0 "
                                         "to 3 (embedding has 4 rows, one per token), got 4"));
        }
        SECTION("negative, fractional or not a number")
        {
            CHECK_THROWS_WITH(attn::embedding_lookup(attn::vector{-1}, table),
                              Catch::Matchers::StartsWith("tokens[0]: expected a token id"));
            CHECK_THROWS_WITH(attn::embedding_lookup(attn::vector{1, 1.5}, table),
                              Catch::Matchers::EndsWith("got 1.5"));
            CHECK_THROWS_WITH(attn::embedding_lookup(attn::vector{NAN}, table),
                              Catch::Matchers::EndsWith("got NaN"));
        }
        SECTION("no tokens at all")
        {
            CHECK_THROWS_MATCHES(attn::embedding_lookup(attn::vector(xt::zeros<double>({0})), table),
                                 attn::attention_error,
                                 Message("tokens: expected 1 … 1024 token ids, got 0"));
        }
    }

    TEST_CASE("a bad table or gradOutput is refused naming it", "[embedding-lookup][errors]")
    {
        SECTION("a table cell that is not finite")
        {
            attn::matrix bad = table;
            bad(3, 1) = INFINITY;
            CHECK_THROWS_WITH(attn::embedding_lookup(attn::vector{0}, bad),
                              "embedding[3][1]: expected a finite number, got Infinity");
        }
        SECTION("a gradOutput with a row per token but the wrong width")
        {
            CHECK_THROWS_MATCHES(
                attn::embedding_lookup_backward(attn::vector{0, 1}, table, attn::matrix{{1}, {2}}),
                attn::attention_error,
                Message("gradOutput: expected a matrix of shape 2×2 (n × d_model, one row per "
                        "token), got 2×1"));
        }
        SECTION("rows that overflow when a repeated token adds them")
        {
            CHECK_THROWS_WITH(attn::embedding_lookup_backward(attn::vector{1, 1}, table,
                                                              attn::matrix{{1e308, 0}, {1e308, 0}}),
                              Catch::Matchers::StartsWith("gradOutput: expected values small "
                                                          "enough for gradEmbedding"));
        }
    }
} // namespace embedding_lookup_tests
