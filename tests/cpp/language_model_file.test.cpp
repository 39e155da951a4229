// The language model's file (attn/language_model_file.hpp): what language_model_file_bytes
// writes reads back as the same model bit for bit, and every way a file can be wrong is refused
// with a message naming the part at fault.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/language_model.hpp"
#include "attn/language_model_file.hpp"
#include "language_model_small_config.hpp"

namespace language_model_file_tests
{
    using Catch::Matchers::Message;

    using language_model_fixture::small_config;

    /// The header a file of `params` states, as the tool writes it and the binding reads it.
    attn::language_model_file_header header_of(attn::language_model_params& params)
    {
        attn::language_model_file_header h;
        h.format = attn::language_model_file_format;
        h.version = attn::language_model_file_version;
        h.tokenizer_kind = "character";
        for (std::size_t i = 0; i < params.config.vocab; ++i)
        {
            h.vocabulary.push_back(std::string(1, static_cast<char>('a' + i)));
        }
        h.config = params.config;
        for (const attn::language_model_tensor& t : attn::language_model_tensors(params))
        {
            h.tensors.push_back({t.name, {static_cast<double>(t.rows), static_cast<double>(t.cols)}});
        }
        return h;
    }

    TEST_CASE("a model file reads back as the model it was written from, bit for bit",
              "[language-model][file]")
    {
        const bool tied = GENERATE(true, false);
        attn::language_model_params params =
            attn::language_model_initial(small_config(tied), 5);
        const std::string bytes = attn::language_model_file_bytes("{\"x\":1}", params);
        // 7 bytes of header and its newline make 8: no padding; then 8 bytes a number.
        REQUIRE(bytes.substr(0, 8) == "{\"x\":1}\n");
        REQUIRE(bytes.size() == 8 + 8 * attn::language_model_parameter_count(params.config));
        attn::language_model_file read =
            attn::read_language_model_file("source", header_of(params), bytes);
        const auto written = attn::language_model_tensors(params);
        const auto back = attn::language_model_tensors(read.params);
        REQUIRE(back.size() == written.size());
        for (std::size_t k = 0; k < back.size(); ++k)
        {
            INFO(written[k].name);
            CHECK(std::memcmp(back[k].data, written[k].data,
                              8 * written[k].rows * written[k].cols) == 0);
        }
        CHECK(read.vocabulary == header_of(params).vocabulary);
    }

    TEST_CASE("a header is padded with spaces so that the numbers start at a multiple of 8",
              "[language-model][file]")
    {
        attn::language_model_params params =
            attn::language_model_initial(small_config(true), 5);
        const std::string bytes = attn::language_model_file_bytes("{}", params);
        CHECK(bytes.substr(0, 8) == "{}     \n");
        // The first number, least significant byte first.
        std::uint64_t bits = 0;
        std::memcpy(&bits, &params.embedding(0, 0), 8);
        CHECK(static_cast<unsigned char>(bytes[8]) == (bits & 0xFF));
        CHECK(static_cast<unsigned char>(bytes[15]) == (bits >> 56));
    }

    TEST_CASE("a model file that is wrong anywhere is refused naming the part at fault",
              "[language-model][file][errors]")
    {
        attn::language_model_params params =
            attn::language_model_initial(small_config(true), 5);
        const std::string good = attn::language_model_file_bytes("{}", params);
        const std::size_t count = attn::language_model_parameter_count(params.config);
        attn::language_model_file_header h = header_of(params);
        std::string bytes = good;
        std::string expected;
        SECTION("another format")
        {
            h.format = "GGUF";
            expected = "source.format: expected 'attention-lab language model' (an Attention "
                       "Lab language model file), got 'GGUF'";
        }
        SECTION("another version")
        {
            h.version = 2;
            expected = "source.version: expected 1 (the version this engine reads), got 2";
        }
        SECTION("a config no model has")
        {
            h.config.kv_heads = 3;
            expected = "source.config.kvHeads: expected a divisor of heads = 2, got 3";
        }
        SECTION("a vocabulary of another size than the config's")
        {
            h.vocabulary.pop_back();
            expected = "source.tokenizer.vocabulary: expected 7 characters (one per token), got 6";
        }
        SECTION("a vocabulary entry of two characters")
        {
            h.vocabulary[2] = "ab";
            expected = "source.tokenizer.vocabulary[2]: expected a single character, got 'ab'";
        }
        SECTION("a character twice")
        {
            h.vocabulary[3] = "a";
            expected = "source.tokenizer.vocabulary[3]: expected a character not already in the "
                       "vocabulary, got 'a', entry 0 too";
        }
        SECTION("another tokenizer")
        {
            h.tokenizer_kind = "bpe";
            expected = "source.tokenizer.kind: expected 'character', got 'bpe'";
        }
        SECTION("tensors in another order")
        {
            std::swap(h.tensors[1], h.tensors[2]);
            expected = "source.tensors[1]: expected the tensor named 'layers[0].wQ', got "
                       "'layers[0].wK'";
        }
        SECTION("a tensor of another shape")
        {
            h.tensors[0].shape = {7, 5};
            expected = "source.tensors[0]: expected embedding of shape [7, 4], got shape [7, 5]";
        }
        SECTION("a tensor missing")
        {
            h.tensors.pop_back();
            expected = "source.tensors: expected " + std::to_string(h.tensors.size() + 1) +
                       " tensors (those of a model of the file's config), got " +
                       std::to_string(h.tensors.size());
        }
        SECTION("a file cut short")
        {
            bytes.resize(bytes.size() - 12);
            expected = "source: expected " + std::to_string(count) + " numbers (" +
                       std::to_string(8 * count) + " bytes) after the header, got " +
                       std::to_string(8 * count - 12) + " bytes (a file cut short?)";
        }
        SECTION("a header without its padding")
        {
            bytes = "{}\n" + good.substr(8);
            expected = "source: expected a header padded with spaces to end, with its newline, "
                       "at a multiple of 8 bytes, got one ending at byte 3";
        }
        SECTION("no header")
        {
            bytes = "{}";
            expected = "source: expected a JSON header ended by a newline, then the numbers, got "
                       "2 bytes without a newline";
        }
        SECTION("a number that is not finite")
        {
            const double nan = std::numeric_limits<double>::quiet_NaN();
            std::memcpy(&bytes[8 + 8 * 3], &nan, 8);
            expected = "source.embedding: expected finite numbers, got NaN at cell 3";
        }
        CHECK_THROWS_MATCHES(attn::read_language_model_file("source", h, bytes),
                             attn::attention_error, Message(expected));
    }
} // namespace language_model_file_tests
