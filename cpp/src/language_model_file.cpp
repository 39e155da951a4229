#include "attn/language_model_file.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>

#include "attn/character_tokenizer.hpp"
#include "attn/error.hpp"

// The model file, written by the training tool and read by the page: one place for its layout.
namespace attn
{
    namespace
    {
        /// The header's newline ends at a multiple of this many bytes, so that the numbers
        /// after it can be read in place as a Float64Array.
        constexpr std::size_t value_alignment = 8;

        /// Runs `check`; its attention_error comes back with `prefix` before the argument it
        /// names ("dModel: …" → "source.config.dModel: …").
        template <class Check> void with_prefix(const std::string& prefix, Check&& check)
        {
            try
            {
                check();
            }
            catch (const attention_error& e)
            {
                throw attention_error(prefix + e.what());
            }
        }

        std::string shape_text(const std::vector<double>& shape)
        {
            std::string out = "[";
            for (std::size_t i = 0; i < shape.size(); ++i)
            {
                out += (i == 0 ? "" : ", ") + detail::format_number(shape[i]);
            }
            return out + "]";
        }

        /// Checks the header's tensors list the tensors of `params`, by name and shape, in order.
        void check_tensor_list(const std::string& argument,
                               const std::vector<language_model_file_tensor>& listed,
                               const std::vector<language_model_tensor>& expected)
        {
            if (listed.size() != expected.size())
            {
                detail::fail_count(argument,
                                   std::to_string(expected.size()) +
                                       " tensors (those of a model of the file's config)",
                                   listed.size());
            }
            for (std::size_t k = 0; k < listed.size(); ++k)
            {
                const language_model_tensor& t = expected[k];
                const std::string name = argument + "[" + std::to_string(k) + "]";
                if (listed[k].name != t.name)
                {
                    detail::fail(name, "the tensor named " + detail::quote(t.name),
                                 detail::quote(listed[k].name));
                }
                const std::vector<double> shape = {static_cast<double>(t.rows),
                                                   static_cast<double>(t.cols)};
                if (listed[k].shape != shape)
                {
                    detail::fail(name, t.name + " of shape " + shape_text(shape),
                                 "shape " + shape_text(listed[k].shape));
                }
            }
        }

        /// Where the numbers start: the byte after the header's newline, at a multiple of 8.
        std::size_t values_offset(const std::string& argument, const std::string& bytes)
        {
            const std::size_t newline = bytes.find('\n');
            if (newline == std::string::npos)
            {
                detail::fail(argument, "a JSON header ended by a newline, then the numbers",
                             std::to_string(bytes.size()) + " bytes without a newline");
            }
            if ((newline + 1) % value_alignment != 0)
            {
                detail::fail(argument,
                             "a header padded with spaces to end, with its newline, at a "
                             "multiple of 8 bytes",
                             "one ending at byte " + std::to_string(newline + 1));
            }
            return newline + 1;
        }
    } // namespace

    std::string language_model_file_bytes(const std::string& header_json,
                                          language_model_params params)
    {
        // pass 1: the header, spaces, its newline at the end of a multiple of 8 bytes.
        std::string bytes = header_json;
        bytes.append(value_alignment - 1 - bytes.size() % value_alignment, ' ');
        bytes.push_back('\n');
        // pass 2: each number's 8 bytes, least significant first, whatever the machine's order.
        for (const language_model_tensor& t : language_model_tensors(params))
        {
            for (std::size_t i = 0; i < t.rows * t.cols; ++i)
            {
                std::uint64_t bits = 0;
                std::memcpy(&bits, &t.data[i], sizeof bits);
                for (std::size_t b = 0; b < sizeof bits; ++b)
                {
                    bytes.push_back(static_cast<char>((bits >> (8 * b)) & 0xFF));
                }
            }
        }
        return bytes;
    }

    language_model_file read_language_model_file(const std::string& argument,
                                                 const language_model_file_header& header,
                                                 const std::string& bytes)
    {
        // pass 1: a file of this format, in the one version there is.
        if (header.format != language_model_file_format)
        {
            detail::fail(argument + ".format",
                         std::string("'") + language_model_file_format +
                             "' (an Attention Lab language model file)",
                         detail::quote(header.format));
        }
        if (header.version != language_model_file_version)
        {
            detail::fail(argument + ".version",
                         detail::format_number(language_model_file_version) +
                             " (the version this engine reads)",
                         detail::format_number(header.version));
        }
        // pass 2: the config as a model is built from it, and not beyond what a tab holds.
        with_prefix(argument + ".config.",
                    [&]
                    {
                        check_language_model_config(header.config);
                        check_language_model_size("model", header.config);
                    });
        // pass 3: the tokenizer, one character per token.
        if (header.tokenizer_kind != "character")
        {
            detail::fail(argument + ".tokenizer.kind", "'character'",
                         detail::quote(header.tokenizer_kind));
        }
        check_character_vocabulary(argument + ".tokenizer.vocabulary", header.vocabulary,
                                   header.config.vocab);
        // pass 4: the tensors a model of that config has, by name and shape.
        language_model_file out{detail::language_model_zero_params(header.config),
                                header.vocabulary};
        const std::vector<language_model_tensor> tensors = language_model_tensors(out.params);
        check_tensor_list(argument + ".tensors", header.tensors, tensors);
        // pass 5: exactly their numbers after the header, each finite.
        const std::size_t offset = values_offset(argument, bytes);
        const std::uint64_t count = language_model_parameter_count(header.config);
        const std::size_t got = bytes.size() - offset;
        if (got != count * 8)
        {
            detail::fail(argument,
                         std::to_string(count) + " numbers (" + std::to_string(count * 8) +
                             " bytes) after the header",
                         std::to_string(got) + " bytes" +
                             (got < count * 8 ? " (a file cut short?)" : ""));
        }
        const unsigned char* at = reinterpret_cast<const unsigned char*>(bytes.data()) + offset;
        for (const language_model_tensor& t : tensors)
        {
            for (std::size_t i = 0; i < t.rows * t.cols; ++i, at += 8)
            {
                std::uint64_t bits = 0;
                for (std::size_t b = 0; b < 8; ++b)
                {
                    bits |= std::uint64_t{at[b]} << (8 * b);
                }
                std::memcpy(&t.data[i], &bits, sizeof bits);
                if (!std::isfinite(t.data[i]))
                {
                    detail::fail(argument + "." + t.name,
                                 "finite numbers",
                                 detail::format_number(t.data[i]) + " at cell " +
                                     std::to_string(i));
                }
            }
        }
        return out;
    }
} // namespace attn
