#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/byte_pair_encoding.hpp"
#include "attn/error.hpp"
#include "attn/utf8.hpp"

namespace byte_pair_encoding_tests
{
    using Catch::Matchers::Message;
    using tokens = std::vector<std::size_t>;

    TEST_CASE("the first tokens are the text's UTF-8 bytes, and zero merges leave them",
              "[tokenizer]")
    {
        const auto t = attn::train_byte_pair_encoding("añ", 0);
        CHECK(t.bytes == tokens{97, 0xC3, 0xB1});
        CHECK(t.tokens == t.bytes);
        CHECK(t.merges.empty());
        CHECK_FALSE(t.stopped_early);
        CHECK(t.vocabulary_size == 256);
    }

    TEST_CASE("overlapping pairs are counted, and replaced left to right without overlap",
              "[tokenizer]")
    {
        const auto t = attn::train_byte_pair_encoding("aaaaa", 1);
        REQUIRE(t.merges.size() == 1);
        const auto& m = t.merges[0];
        CHECK(m.pair == tokens{97, 97});
        CHECK(m.count == 4);
        CHECK(m.replaced == 2);
        CHECK(m.token == 256);
        CHECK(t.tokens == tokens{256, 256, 97});
        CHECK(m.length == 3);
        CHECK(m.text == std::optional<std::string>("aa"));
    }

    TEST_CASE("of pairs with the same count, the one whose first occurrence is earliest wins",
              "[tokenizer]")
    {
        // "xy ab ab xy": ab, xy, "b " and " a" all occur twice; xy starts at 0.
        const auto t = attn::train_byte_pair_encoding("xy ab ab xy", 1);
        CHECK(t.merges[0].pair == tokens{'x', 'y'});
        // Earliest by the current sequence, not by the text: after merging "ab" (256), the
        // pair (256, ' ') at 1 comes before (' ', 256) at 2 and both occur twice.
        const auto u = attn::train_byte_pair_encoding("ab ab ab", 2);
        CHECK(u.merges[0].pair == tokens{'a', 'b'});
        CHECK(u.merges[1].pair == tokens{256, ' '});
    }

    TEST_CASE("training stops early, and says so, when no pair occurs twice", "[tokenizer]")
    {
        const auto t = attn::train_byte_pair_encoding("abab", 5);
        CHECK(t.merges.size() == 1);
        CHECK(t.stopped_early);
        CHECK(t.tokens == tokens{256, 256});
        CHECK(t.vocabulary_size == 257);
        CHECK(attn::train_byte_pair_encoding("abc", 1).stopped_early);
        CHECK(attn::train_byte_pair_encoding("a", 1).stopped_early);
    }

    TEST_CASE("a merge knows its bytes, and spells them only when they are whole characters",
              "[tokenizer]")
    {
        // ñ is 0xC3 0xB1: merged, it spells ñ; its first byte joined to "a" spells nothing.
        const auto t = attn::train_byte_pair_encoding("ñañaña", 2);
        CHECK(t.merges[0].bytes == tokens{0xC3, 0xB1});
        CHECK(t.merges[0].text == std::optional<std::string>("ñ"));
        const auto cut = attn::train_byte_pair_encoding("aÃaÃ", 1);
        CHECK(cut.merges[0].bytes == tokens{'a', 0xC3});
        CHECK_FALSE(cut.merges[0].text.has_value());
    }

    TEST_CASE("tokenizing the training text with its merges gives the training's tokens",
              "[tokenizer]")
    {
        for (const std::string text :
             {"the cat sat on the mat, the cat ate", "niño, niña, añorar", "🙂🙂 hola 🙂"})
        {
            const auto trained = attn::train_byte_pair_encoding(text, 30);
            std::vector<attn::token_pair> merges;
            for (const auto& m : trained.merges)
                merges.push_back({m.pair[0], m.pair[1]});
            const auto applied = attn::tokenize_byte_pairs(text, merges);
            INFO(text);
            CHECK(applied.tokens == trained.tokens);
            REQUIRE(applied.steps.size() == trained.merges.size());
            for (std::size_t k = 0; k < merges.size(); ++k)
                CHECK(applied.steps[k].merge == k);
        }
    }

    TEST_CASE("tokenizing applies the lowest-index merge the sequence holds, then the next",
              "[tokenizer]")
    {
        // (b, c) is merge 0: it goes first though (a, b) comes first in the text.
        const auto t = attn::tokenize_byte_pairs("abcab", {{'b', 'c'}, {'a', 'b'}});
        REQUIRE(t.steps.size() == 2);
        CHECK(t.steps[0].merge == 0);
        CHECK(t.steps[0].tokens == tokens{'a', 256, 'a', 'b'});
        CHECK(t.steps[1].merge == 1);
        CHECK(t.steps[1].replaced == 1);
        CHECK(t.tokens == tokens{'a', 256, 257});
        REQUIRE(t.pieces.size() == 3);
        CHECK(t.pieces[1].bytes == tokens{'b', 'c'});
        CHECK(t.pieces[2].text == std::optional<std::string>("ab"));
    }

    TEST_CASE("a token holding part of a character shows its bytes and spells nothing",
              "[tokenizer]")
    {
        // 🙂 is F0 9F 99 82; merge 0 joins its first two bytes.
        const auto t = attn::tokenize_byte_pairs("🙂", {{0xF0, 0x9F}});
        CHECK(t.tokens == tokens{256, 0x99, 0x82});
        CHECK(t.pieces[0].bytes == tokens{0xF0, 0x9F});
        CHECK_FALSE(t.pieces[0].text.has_value());
        CHECK_FALSE(t.pieces[2].text.has_value());
        CHECK(attn::tokenize_byte_pairs("🙂", {}).steps.empty());
    }

    TEST_CASE("a text that is empty, too long or not well-formed UTF-8 is refused by name",
              "[tokenizer]")
    {
        CHECK_THROWS_MATCHES(
            attn::train_byte_pair_encoding("", 1), attn::attention_error,
            Message("text: expected a text of 1 to 16384 bytes of UTF-8, got an empty string"));
        CHECK_THROWS_MATCHES(
            attn::train_byte_pair_encoding(std::string(16385, 'a'), 1), attn::attention_error,
            Message("text: expected a text of 1 to 16384 bytes of UTF-8, got 16385 bytes"));
        CHECK_THROWS_MATCHES(
            attn::tokenize_byte_pairs(std::string(2049, 'a'), {}), attn::attention_error,
            Message("text: expected a text of 1 to 2048 bytes of UTF-8, got 2049 bytes"));
        // A byte no character starts with, an overlong '/', a UTF-16 surrogate (what a lone
        // surrogate would become) and a character cut short.
        for (const auto& [text, at, byte] :
             std::vector<std::tuple<std::string, int, const char*>>{{"a\xFF", 1, "0xFF"},
                                                                    {"\xC0\xAF", 0, "0xC0"},
                                                                    {"ab\xED\xA0\x80", 2, "0xED"},
                                                                    {"\xE2\x82", 0, "0xE2"}})
        {
            CHECK_THROWS_MATCHES(attn::train_byte_pair_encoding(text, 1), attn::attention_error,
                                 Message("text: expected well-formed UTF-8, got a byte " +
                                         std::string(byte) + " at byte " + std::to_string(at) +
                                         " that starts no well-formed character"));
        }
        CHECK_THROWS_MATCHES(attn::train_byte_pair_encoding("ab", 1025), attn::attention_error,
                             Message("merges: expected a whole number from 0 to 1024, got 1025"));
    }

    TEST_CASE("merges that are not k distinct pairs of tokens made before them are refused by name",
              "[tokenizer]")
    {
        CHECK_THROWS_MATCHES(
            attn::read_merges("merges", attn::matrix{{97, 98, 99}}), attn::attention_error,
            Message("merges: expected a matrix of k × 2 (one pair [a, b] per row), got 1×3"));
        CHECK_THROWS_MATCHES(
            attn::read_merges("merges", attn::matrix{{97, 98}, {256, 257}}), attn::attention_error,
            Message("merges[1][1]: expected a whole number from 0 to 256, got 257"));
        CHECK_THROWS_MATCHES(attn::read_merges("merges", attn::matrix{{97.5, 98}}),
                             attn::attention_error,
                             Message("merges[0][0]: expected a whole number from 0 to 255, "
                                     "got 97.5"));
        CHECK_THROWS_MATCHES(attn::read_merges("merges", attn::matrix{{-1, 98}}),
                             attn::attention_error,
                             Message("merges[0][0]: expected a whole number from 0 to 255, "
                                     "got -1"));
        CHECK_THROWS_MATCHES(
            attn::tokenize_byte_pairs("abc", {{97, 98}, {99, 100}, {97, 98}}),
            attn::attention_error,
            Message("merges[2]: expected a pair not merged before, got [97, 98], already "
                    "merges[0]"));
        const attn::matrix too_many = xt::zeros<double>({attn::max_merges + 1, std::size_t{2}});
        CHECK_THROWS_MATCHES(attn::read_merges("merges", too_many), attn::attention_error,
                             Message("merges: expected at most 1024 merges, got 1025"));
        // Given as pairs, natively, the tokens are checked the same way.
        CHECK_THROWS_MATCHES(attn::tokenize_byte_pairs("abc", {{97, 98}, {300, 99}}),
                             attn::attention_error,
                             Message("merges[1][0]: expected a whole number from 0 to 256, "
                                     "got 300"));
        const auto read = attn::read_merges("merges", attn::matrix{{97, 98}, {256, 99}});
        CHECK(read == std::vector<attn::token_pair>{{97, 98}, {256, 99}});
    }

    TEST_CASE("tokens give back the bytes they stand for, and any text's tokens give back its "
              "bytes",
              "[tokenizer]")
    {
        const std::string text = "añ añ añ!";
        const auto trained = attn::train_byte_pair_encoding(text, 3);
        REQUIRE(trained.merges.size() == 3);
        std::vector<attn::token_pair> merges;
        for (const attn::bpe_merge& m : trained.merges)
        {
            merges.push_back({m.pair[0], m.pair[1]});
        }
        const tokens bytes = attn::byte_pair_bytes("tokens", trained.tokens, merges);
        CHECK(bytes == trained.bytes);
        CHECK(attn::byte_pair_bytes("tokens", {256}, merges) == trained.merges[0].bytes);
        CHECK(attn::byte_pair_bytes("tokens", {}, merges).empty());
        REQUIRE_THROWS_MATCHES(attn::byte_pair_bytes("tokens", {97, 259}, merges),
                               attn::attention_error,
                               Message("tokens[1]: expected a token id below 259 (256 bytes and "
                                       "3 merges), got 259"));
    }

    TEST_CASE("bytes are spelt as text, a byte that starts no whole character as U+FFFD",
              "[tokenizer]")
    {
        // "añ" is 61 C3 B1; a lone C3, a lone B1 and an FF start no whole character.
        CHECK(attn::spell_bytes({97, 0xC3, 0xB1}) == "añ");
        const std::string replacement = "\xEF\xBF\xBD"; // U+FFFD in UTF-8
        CHECK(attn::spell_bytes({97, 0xC3}) == "a" + replacement);
        CHECK(attn::spell_bytes({0xB1, 97}) == replacement + "a");
        CHECK(attn::spell_bytes({0xFF, 0xC3, 0xB1}) == replacement + "ñ");
        CHECK(attn::spell_bytes({}).empty());
    }
} // namespace byte_pair_encoding_tests
