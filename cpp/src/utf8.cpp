#include "attn/utf8.hpp"

#include <cstdio>

#include "attn/error.hpp"

namespace attn
{
    namespace
    {
        /// The code point of the well-formed sequence starting at bytes[at] and its length, or a
        /// length of 0 when none starts there.
        template <class Byte>
        std::pair<char32_t, std::size_t> read_one(const Byte* bytes, std::size_t size,
                                                  std::size_t at)
        {
            const auto byte = [&](std::size_t i)
            { return static_cast<unsigned>(bytes[i]) & 0xFFu; };
            const unsigned lead = byte(at);
            if (lead < 0x80)
            {
                return {lead, 1};
            }
            // The lead byte gives the length; the shortest form and the range of each length
            // rule out overlong forms, surrogates (U+D800 … U+DFFF) and values past U+10FFFF.
            const std::size_t length = lead >= 0xC2 && lead <= 0xDF   ? 2
                                       : lead >= 0xE0 && lead <= 0xEF ? 3
                                       : lead >= 0xF0 && lead <= 0xF4 ? 4
                                                                      : 0;
            if (length == 0 || at + length > size)
            {
                return {0, 0};
            }
            char32_t code = lead & (0xFFu >> (length + 1));
            for (std::size_t i = 1; i < length; ++i)
            {
                if ((byte(at + i) & 0xC0u) != 0x80u)
                {
                    return {0, 0};
                }
                code = (code << 6) | (byte(at + i) & 0x3Fu);
            }
            const char32_t smallest = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000;
            const bool surrogate = code >= 0xD800 && code <= 0xDFFF;
            if (code < smallest || surrogate || code > 0x10FFFF)
            {
                return {0, 0};
            }
            return {code, length};
        }

        std::string hex_byte(unsigned byte)
        {
            char out[8];
            std::snprintf(out, sizeof out, "0x%02X", byte & 0xFFu);
            return out;
        }
    } // namespace

    std::vector<char32_t> decode_utf8(const std::string& argument, const std::string& text,
                                      std::size_t max_bytes)
    {
        const std::string expected =
            "a text of 1 to " + std::to_string(max_bytes) + " bytes of UTF-8";
        if (text.empty())
        {
            detail::fail(argument, expected, "an empty string");
        }
        if (text.size() > max_bytes)
        {
            detail::fail(argument, expected, std::to_string(text.size()) + " bytes");
        }
        std::vector<char32_t> out;
        for (std::size_t at = 0; at < text.size();)
        {
            const auto [code, length] = read_one(text.data(), text.size(), at);
            if (length == 0)
            {
                // A lone UTF-16 surrogate reaches here encoded (0xED 0xA0 …) from a native
                // caller; the façade refuses one before it crosses.
                detail::fail(argument, "well-formed UTF-8",
                             "a byte " + hex_byte(static_cast<unsigned char>(text[at])) +
                                 " at byte " + std::to_string(at) +
                                 " that starts no well-formed character");
            }
            out.push_back(code);
            at += length;
        }
        return out;
    }

    std::optional<std::string> whole_characters(const std::vector<std::size_t>& bytes)
    {
        for (std::size_t at = 0; at < bytes.size();)
        {
            const std::size_t length = read_one(bytes.data(), bytes.size(), at).second;
            if (length == 0)
            {
                return std::nullopt;
            }
            at += length;
        }
        std::string out;
        for (const std::size_t b : bytes)
        {
            out += static_cast<char>(static_cast<unsigned char>(b));
        }
        return out;
    }

    std::string spell_bytes(const std::vector<std::size_t>& bytes)
    {
        std::string out;
        for (std::size_t at = 0; at < bytes.size();)
        {
            const std::size_t length = read_one(bytes.data(), bytes.size(), at).second;
            if (length == 0)
            {
                out += encode_utf8(0xFFFD);
                at += 1;
                continue;
            }
            for (std::size_t k = at; k < at + length; ++k)
            {
                out += static_cast<char>(static_cast<unsigned char>(bytes[k]));
            }
            at += length;
        }
        return out;
    }

    std::string encode_utf8(char32_t c)
    {
        std::string out;
        if (c < 0x80)
        {
            out += static_cast<char>(c);
        }
        else if (c < 0x800)
        {
            out += static_cast<char>(0xC0 | (c >> 6));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
        else if (c < 0x10000)
        {
            out += static_cast<char>(0xE0 | (c >> 12));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
        else
        {
            out += static_cast<char>(0xF0 | (c >> 18));
            out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (c & 0x3F));
        }
        return out;
    }
} // namespace attn
