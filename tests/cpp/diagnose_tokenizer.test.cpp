#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "diagnosis_candidates.hpp"

#include "attn/byte_pair_encoding.hpp"
#include "attn/diagnose_tokenizer.hpp"
#include "attn/error.hpp"
#include "attn/pair_counts.hpp"

namespace diagnose_tokenizer_tests
{
    using attn::tokenizer_question;
    using attn_test::candidate;
    using tokens = std::vector<std::size_t>;

    namespace
    {
        attn::tokenizer_diagnosis ask(const std::string& text, std::size_t merges,
                                      tokenizer_question question, std::size_t answer,
                                      std::optional<std::size_t> merge = std::nullopt,
                                      std::optional<std::string> new_text = std::nullopt)
        {
            attn::tokenizer_diagnose_options o;
            o.merges = merges;
            o.question = question;
            o.answer = answer;
            o.merge = merge;
            o.new_text = std::move(new_text);
            return attn::diagnose_tokenizer(text, o);
        }

        tokens bytes_of(const std::string& text)
        {
            tokens out;
            for (const char c : text)
            {
                out.push_back(static_cast<unsigned char>(c));
            }
            return out;
        }
    } // namespace

    TEST_CASE("countPairs counts overlapping pairs, and says how many a merge would replace",
              "[tokenizer][pairs]")
    {
        const auto t = attn::count_pairs(bytes_of("aaaa"));
        REQUIRE(t.pairs.size() == 1);
        CHECK(t.pairs[0].pair == tokens{'a', 'a'});
        CHECK(t.pairs[0].count == 3);
        CHECK(t.pairs[0].without_overlap == 2);
        CHECK(t.pairs[0].first == 0);
    }

    TEST_CASE("countPairs ranks by count, then by first occurrence: its first pair is the "
              "training's next merge",
              "[tokenizer][pairs]")
    {
        for (const std::string text : {"abcd abcd", "xy ab ab xy", "the cat sat on the mat"})
        {
            const auto ranked = attn::count_pairs(bytes_of(text));
            const auto trained = attn::train_byte_pair_encoding(text, 1);
            CHECK(ranked.pairs[0].pair == trained.merges[0].pair);
            CHECK(ranked.pairs[0].count == trained.merges[0].count);
            CHECK(ranked.pairs[0].without_overlap == trained.merges[0].replaced);
            std::size_t occurrences = 0;
            for (std::size_t i = 0; i < ranked.pairs.size(); ++i)
            {
                occurrences += ranked.pairs[i].count;
                if (i > 0)
                {
                    const auto& a = ranked.pairs[i - 1];
                    const auto& b = ranked.pairs[i];
                    CHECK((a.count > b.count || (a.count == b.count && a.first < b.first)));
                }
            }
            CHECK(occurrences == text.size() - 1);
        }
        CHECK(attn::count_pairs(tokens{7}).pairs.empty());
    }

    TEST_CASE("countPairs refuses an empty, long or out-of-range sequence, naming tokens",
              "[tokenizer][pairs]")
    {
        REQUIRE_THROWS_WITH(attn::count_pairs("tokens", attn::vector(attn::vector::shape_type{0})),
                            "tokens: expected 1 to 16384 tokens, got 0");
        REQUIRE_THROWS_WITH(attn::count_pairs("tokens", attn::vector{97, 1280}),
                            "tokens[1]: expected a whole number from 0 to 1279, got 1280");
        REQUIRE_THROWS_WITH(attn::count_pairs("tokens", attn::vector{0.5}),
                            "tokens[0]: expected a whole number from 0 to 1279, got 0.5");
    }

    TEST_CASE("counting characters instead of UTF-8 bytes is named characters",
              "[diagnose][tokenizer]")
    {
        CHECK(ask("añora", 0, tokenizer_question::bytes, 6).correct);
        const auto d = ask("añora", 0, tokenizer_question::bytes, 5);
        CHECK_FALSE(d.correct);
        CHECK(d.expected == 6);
        CHECK(d.misconception == std::optional<std::string>("characters"));
        // An emoji is four bytes and one character.
        CHECK(candidate(ask("hi 🙂", 0, tokenizer_question::bytes, 0), "characters") == 4);
        // Where a pair first occurs, counted in characters: é is two bytes before " a".
        const auto first = ask("é ab ab", 1, tokenizer_question::first, 1, 0);
        CHECK(first.expected == 2);
        CHECK(first.misconception == std::optional<std::string>("characters"));
    }

    TEST_CASE("counting a pair without its overlaps is named noOverlap", "[diagnose][tokenizer]")
    {
        const auto d = ask("aaaaa", 1, tokenizer_question::count, 2, 0);
        CHECK(d.expected == 4);
        CHECK(d.misconception == std::optional<std::string>("noOverlap"));
        // Ranked without overlaps, (b, c) at 0 ties (a, a) at 5 and comes first.
        const auto first = ask("bcbc aaaa", 1, tokenizer_question::first, 0, 0);
        CHECK(first.expected == 5);
        CHECK(first.misconception == std::optional<std::string>("noOverlap"));
    }

    TEST_CASE("merging another of the pairs tied at the top count is named wrongTie",
              "[diagnose][tokenizer]")
    {
        // xy, ' a', ab and 'b ' occur twice each; xy's first occurrence is earliest.
        const auto d = ask("xy ab ab xy", 1, tokenizer_question::first, 3, 0);
        CHECK(d.expected == 0);
        CHECK(d.misconception == std::optional<std::string>("wrongTie"));
        std::size_t ties = 0;
        for (const auto& c : d.candidates)
        {
            ties += c.misconception == "wrongTie" ? 1 : 0;
        }
        CHECK(ties == 3);
    }

    TEST_CASE("joining only a pair's first occurrence is named firstOccurrenceOnly",
              "[diagnose][tokenizer]")
    {
        const std::string text = "the cat sat on the mat";
        const auto trained = attn::train_byte_pair_encoding(text, 3);
        const auto d = ask(text, 3, tokenizer_question::length, trained.merges[0].length - 1, 1);
        CHECK(d.expected == trained.merges[1].length);
        CHECK(d.misconception == std::optional<std::string>("firstOccurrenceOnly"));
        const auto t = ask(text, 8, tokenizer_question::tokens, 6, std::nullopt, "the rat ate");
        CHECK(t.expected == 5);
        CHECK(t.misconception == std::optional<std::string>("firstOccurrenceOnly"));
    }

    TEST_CASE("tokenizing by the longest match instead of merge order is named longestMatch",
              "[diagnose][tokenizer]")
    {
        // Merges aa then ba: "baaac" in merge order is b, aa, a, c; the longest match reads
        // ba, aa, c.
        const auto d = ask("aaba aa ba", 2, tokenizer_question::tokens, 3, std::nullopt, "baaac");
        CHECK(d.expected == 4);
        CHECK(d.misconception == std::optional<std::string>("longestMatch"));
        // Where both ways agree, the mistake is listed but never named.
        const auto same = ask("the cat sat on the mat", 8, tokenizer_question::tokens, 5,
                              std::nullopt, "the rat ate");
        CHECK(same.correct);
        CHECK(candidate(same, "longestMatch") == 5);
        CHECK_FALSE(same.misconception);
    }

    TEST_CASE("an answer no mistake gives is wrong with no mistake named", "[diagnose][tokenizer]")
    {
        const auto d = ask("ñaña ña", 2, tokenizer_question::first, 2, 1);
        CHECK_FALSE(d.correct);
        CHECK(d.expected == 0);
        CHECK_FALSE(d.misconception);
    }

    TEST_CASE("diagnoseTokenizer refuses bad arguments, naming each", "[diagnose][tokenizer]")
    {
        REQUIRE_THROWS_WITH(ask("abab", 1, tokenizer_question::count, 2),
                            "merge: expected the index of a merge for question 'count', got none");
        REQUIRE_THROWS_WITH(ask("abab", 1, tokenizer_question::first, 0, 1),
                            "merge: expected a whole number from 0 to 0, got 1");
        REQUIRE_THROWS_WITH(ask("abc", 3, tokenizer_question::length, 2, 0),
                            "merge: expected a merge the training made, but it made none, got 0");
        REQUIRE_THROWS_WITH(ask("abab", 1, tokenizer_question::tokens, 2),
                            "newText: expected a text to tokenize for question 'tokens', got none");
        REQUIRE_THROWS_WITH(
            ask("abab", 1, tokenizer_question::tokens, 2, std::nullopt, std::string("a\xC3")),
            Catch::Matchers::StartsWith("newText: "));
        REQUIRE_THROWS_WITH(ask("", 1, tokenizer_question::bytes, 0),
                            Catch::Matchers::StartsWith("text: "));
        REQUIRE_THROWS_WITH(ask("abab", 2000, tokenizer_question::bytes, 0),
                            "merges: expected a whole number from 0 to 1024, got 2000");
        REQUIRE_THROWS_WITH(attn::parse_tokenizer_question("question", "pairs"),
                            "question: expected 'bytes', 'count', 'first', 'length' or 'tokens', "
                            "got 'pairs'");
    }
} // namespace diagnose_tokenizer_tests
