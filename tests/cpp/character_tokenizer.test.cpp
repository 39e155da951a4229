#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/character_tokenizer.hpp"
#include "attn/error.hpp"

namespace character_tokenizer_tests
{
    using Catch::Matchers::Message;
    using strings = std::vector<std::string>;
    using ids = std::vector<std::size_t>;

    TEST_CASE("the vocabulary is the distinct characters by code point, each character its id",
              "[tokenizer]")
    {
        const auto t = attn::character_tokenizer("hello");
        CHECK(t.characters == strings{"h", "e", "l", "l", "o"});
        CHECK(t.vocabulary == strings{"e", "h", "l", "o"});
        CHECK(t.code_points == ids{'e', 'h', 'l', 'o'});
        CHECK(t.ids == ids{1, 0, 2, 2, 3});
    }

    TEST_CASE("a character of several bytes is one token, ordered by its code point", "[tokenizer]")
    {
        // ñ U+00F1, 🙂 U+1F642 (four bytes), a U+0061.
        const auto t = attn::character_tokenizer("🙂ñaña");
        CHECK(t.characters == strings{"🙂", "ñ", "a", "ñ", "a"});
        CHECK(t.vocabulary == strings{"a", "ñ", "🙂"});
        CHECK(t.code_points == ids{0x61, 0xF1, 0x1F642});
        CHECK(t.ids == ids{2, 1, 0, 1, 0});
    }

    TEST_CASE("an empty, too long or ill-formed text is refused by name", "[tokenizer]")
    {
        CHECK_THROWS_MATCHES(
            attn::character_tokenizer(""), attn::attention_error,
            Message("text: expected a text of 1 to 16384 bytes of UTF-8, got an empty string"));
        CHECK_THROWS_MATCHES(
            attn::character_tokenizer(std::string(16385, 'a')), attn::attention_error,
            Message("text: expected a text of 1 to 16384 bytes of UTF-8, got 16385 bytes"));
        CHECK_THROWS_MATCHES(attn::character_tokenizer("\xF4\x90\x80\x80"), attn::attention_error,
                             Message("text: expected well-formed UTF-8, got a byte 0xF4 at byte "
                                     "0 that starts no well-formed character"));
    }
} // namespace character_tokenizer_tests
