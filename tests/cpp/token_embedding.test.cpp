#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/random.hpp"
#include "attn/token_embedding.hpp"
#include "tensor_matchers.hpp"

namespace token_embedding_tests
{
    using Catch::Matchers::WithinULP;

    namespace
    {
        const std::vector<std::string> sentence = {"the", "cat", "sat", "on", "the", "mat"};
    }

    TEST_CASE("FNV-1a 64 gives the published hashes", "[embedding]")
    {
        CHECK(attn::fnv1a64("") == 0xCBF29CE484222325ULL);
        CHECK(attn::fnv1a64("a") == 0xAF63DC4C8601EC8CULL);
        CHECK(attn::fnv1a64("foobar") == 0x85944171F73967E8ULL);
        CHECK(attn::fnv1a64("bar", attn::fnv1a64("foo")) == attn::fnv1a64("foobar"));
    }

    TEST_CASE("the same token gets the same row: 'the' appears twice in the cat sentence",
              "[embedding]")
    {
        const auto t = attn::embed_tokens(sentence, 8, 0);
        CHECK(t.tokens == sentence);
        CHECK(t.vocabulary == std::vector<std::string>{"the", "cat", "sat", "on", "mat"});
        CHECK(t.ids == std::vector<std::size_t>{0, 1, 2, 3, 0, 4});
        REQUIRE(attn_test::shape(t.table) == "5×8");
        REQUIRE(attn_test::shape(t.embeddings) == "6×8");
        CHECK_THAT(attn::matrix(xt::view(t.embeddings, xt::range(0, 1), xt::all())),
                   attn_test::MatrixEquals(xt::view(t.embeddings, xt::range(4, 5), xt::all())));
        for (std::size_t i = 0; i < sentence.size(); ++i)
        {
            CAPTURE(i);
            CHECK_THAT(attn::vector(xt::row(t.embeddings, i)),
                       attn_test::VectorEquals(xt::row(t.table, t.ids[i])));
        }
    }

    TEST_CASE("a token's row is the first d_model normal draws of its own stream", "[embedding]")
    {
        const std::uint32_t seed = GENERATE(0u, 5u);
        CAPTURE(seed);
        const auto t = attn::embed_tokens({"café", "🐱"}, 5, seed);
        for (std::size_t v = 0; v < 2; ++v)
        {
            attn::normal_stream stream(attn::token_stream_state(seed, t.vocabulary[v]));
            for (std::size_t c = 0; c < 5; ++c)
            {
                CHECK(t.table(v, c) == stream.next());
            }
        }
        SECTION("the stream state hashes the seed's 4 bytes, then the UTF-8 bytes, top bit set")
        {
            const std::string bytes =
                std::string(1, static_cast<char>(seed)) + std::string(3, '\0') + "caf\xC3\xA9";
            CHECK(attn::token_stream_state(seed, "café") ==
                  (attn::fnv1a64(bytes) | (std::uint64_t{1} << 63)));
        }
    }

    TEST_CASE("a token's row does not depend on the other tokens, but does on the seed",
              "[embedding]")
    {
        const auto alone = attn::embed_tokens({"cat"}, 6, 0);
        const auto in_sentence = attn::embed_tokens(sentence, 6, 0);
        CHECK_THAT(attn::vector(xt::row(alone.table, 0)),
                   attn_test::VectorEquals(xt::row(in_sentence.table, 1)));
        const auto reseeded = attn::embed_tokens({"cat"}, 6, 1);
        CHECK_THAT(reseeded.table, !attn_test::MatrixEquals(alone.table));
        SECTION("and a narrower table is a prefix of a wider one")
        {
            const auto narrow = attn::embed_tokens({"cat"}, 3, 0);
            for (std::size_t c = 0; c < 3; ++c)
            {
                CHECK(narrow.table(0, c) == alone.table(0, c));
            }
        }
    }

    TEST_CASE("seed 0 gives the known row for 'the'", "[embedding]")
    {
        // Asserted bit for bit against the WebAssembly build in tests/api/inputs.test.mjs.
        const auto t = attn::embed_tokens({"the"}, 4, 0);
        const double known[] = {-0.49537565812744716, 1.31992320044661, -0.5706962113045015,
                                0.8203355887350199};
        for (std::size_t c = 0; c < 4; ++c)
        {
            CHECK_THAT(t.table(0, c), WithinULP(known[c], 1));
        }
    }
} // namespace token_embedding_tests
