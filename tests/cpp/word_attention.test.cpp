#include <cstddef>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/word_attention.hpp"

namespace word_attention_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;

    // "a b" read by characters: the space joins "b".
    const std::vector<std::string> a_space_b = {"a", " ", "b"};
    const attn::matrix causal3 = {{1, 0, 0}, {0.5, 0.5, 0}, {0.2, 0.3, 0.5}};

    TEST_CASE("a word's weight to another is its tokens' sums over the other's, averaged",
              "[word-attention]")
    {
        const auto t = attn::word_attention(a_space_b, causal3);
        CHECK(t.words == std::vector<std::string>{"a", "b"});
        CHECK(t.word_of == std::vector<std::size_t>{0, 1, 1});
        CHECK_THAT(t.to_words(2, 1), WithinAbs(0.3 + 0.5, 1e-15));
        // "b" is the space and the b: rows (0.5, 0.5) and (0.2, 0.8) averaged.
        CHECK_THAT(t.weights(1, 0), WithinAbs((0.5 + 0.2) / 2, 1e-15));
        CHECK_THAT(t.weights(1, 1), WithinAbs((0.5 + 0.8) / 2, 1e-15));
        CHECK(t.weights(0, 0) == 1);
        CHECK(t.weights(0, 1) == 0);
    }

    TEST_CASE("every row between words sums to 1, and a causal head stays causal between words",
              "[word-attention]")
    {
        const std::vector<std::string> tokens = {"t", "o", " ", "b", "e", ",", " ", "o", "r"};
        const std::size_t n = tokens.size();
        attn::matrix weights = xt::zeros<double>({n, n});
        for (std::size_t i = 0; i < n; ++i)
        {
            for (std::size_t j = 0; j <= i; ++j)
            {
                weights(i, j) = 1.0 / static_cast<double>(i + 1);
            }
        }
        const auto t = attn::word_attention(tokens, weights);
        REQUIRE(t.words == std::vector<std::string>{"to", "be,", "or"});
        for (std::size_t a = 0; a < 3; ++a)
        {
            double sum = 0;
            for (std::size_t b = 0; b < 3; ++b)
            {
                sum += t.weights(a, b);
                if (b > a) CHECK(t.weights(a, b) == 0);
            }
            CHECK_THAT(sum, WithinAbs(1, 1e-15));
        }
    }

    TEST_CASE("whitespace before the first word joins it, after the last joins the last",
              "[word-attention]")
    {
        const attn::matrix uniform4 = xt::ones<double>({4, 4}) / 4.0;
        const auto t = attn::word_attention({"\n", "hi", " ", "\t"}, uniform4);
        CHECK(t.words == std::vector<std::string>{"hi"});
        CHECK(t.word_of == std::vector<std::size_t>{0, 0, 0, 0});
        CHECK_THAT(t.weights(0, 0), WithinAbs(1, 1e-15));
    }

    TEST_CASE("a token that starts with a space starts a word, and one that does not continues it",
              "[word-attention]")
    {
        const attn::matrix uniform4 = xt::ones<double>({4, 4}) / 4.0;
        const auto t = attn::word_attention({"The", " king", "!", " lives"}, uniform4);
        CHECK(t.words == std::vector<std::string>{"The", "king!", "lives"});
        CHECK(t.word_of == std::vector<std::size_t>{0, 1, 1, 2});
    }

    TEST_CASE("tokens and weights that do not fit are refused, naming the argument",
              "[word-attention]")
    {
        CHECK_THROWS_WITH(attn::word_attention({"a", "b"}, causal3),
                          "tokens: expected one token per row of weights (3), got 2 tokens");
        CHECK_THROWS_WITH(attn::word_attention({" ", "\n", " "}, causal3),
                          "tokens: expected at least one token with a character that is not "
                          "whitespace, got 3 tokens of whitespace only");
        CHECK_THROWS_WITH(attn::word_attention(a_space_b, attn::matrix{{1, 0}, {0, 1}, {1, 0}}),
                          Catch::Matchers::StartsWith("weights: expected a square matrix"));
        CHECK_THROWS_WITH(attn::word_attention(a_space_b, attn::matrix{{1, 0, 0}, {0.5, 0.4, 0}, {0, 0, 1}}),
                          "weights[1]: expected a row of attention weights summing to 1 (within "
                          "1e-6), got a sum of 0.9");
        CHECK_THROWS_WITH(attn::word_attention(a_space_b, attn::matrix{{1, 0, 0}, {1.5, -0.5, 0}, {0, 0, 1}}),
                          "weights[1][1]: expected a non-negative attention weight, got -0.5");
    }
} // namespace word_attention_tests
