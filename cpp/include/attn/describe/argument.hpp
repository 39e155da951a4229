#ifndef ATTN_DESCRIBE_ARGUMENT_HPP
#define ATTN_DESCRIBE_ARGUMENT_HPP

/// @file argument.hpp
/// @brief What an operation's argument is (name, kind, shape, default, range, doc), and the
/// one generic reader that applies those facts to any source of raw values (the Embind request
/// in the bindings, a fixture's JSON in the tests), so every check names the argument as it is
/// declared.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "attn/error.hpp"
#include "attn/mask.hpp"
#include "attn/matrix.hpp"

namespace attn::describe
{
    enum class kind
    {
        matrix,       ///< number[][]
        vector,       ///< number[]
        indices,      ///< number[] of whole numbers (checked by the kernel)
        strings,      ///< string[]
        text,         ///< one string, a learner's text (checked by the kernel)
        number,       ///< any number the kernel accepts
        integer,      ///< a whole number within [low, high]
        boolean,      ///< true or false
        choice,       ///< one string among `choices`
        mask,         ///< 'causal', { keyLength } or a 0/1 matrix
        matrix_lists, ///< number[][][][]: a list of lists of matrices (layer × head)
    };

    /// The kind's name in the JavaScript façade's argument table.
    constexpr const char* kind_name(kind k)
    {
        switch (k)
        {
        case kind::matrix:
            return "matrix";
        case kind::vector:
            return "vector";
        case kind::indices:
            return "indices";
        case kind::strings:
            return "strings";
        case kind::text:
            return "text";
        case kind::number:
            return "number";
        case kind::integer:
            return "integer";
        case kind::boolean:
            return "boolean";
        case kind::choice:
            return "choice";
        case kind::mask:
            return "mask";
        case kind::matrix_lists:
            return "matrixLists";
        }
        return "";
    }

    struct argument
    {
        const char* name;
        kind type;
        bool optional = false;
        const char* shape = "";         ///< in words, e.g. "n × d_k"; empty for scalars
        const char* doc = "";           ///< one line
        double low = 0, high = 0;       ///< the range of an integer
        double fallback = 0;            ///< an omitted number/integer/boolean's value
        const char* fallback_text = ""; ///< the default as the docs show it; "" = none
        const char* choices = "";     ///< a choice's values, "relu|gelu"; the first is the default
        const char* choice_kind = ""; ///< the façade's name for this set of choices
        const char* choice_doc = "";  ///< what the set is, for the types
        /// A matrix's or mask's caps (a vector's length: max_rows), which the façade and the
        /// bindings check before copying anything: max_sequence rows for the sequences of the
        /// scale operations.
        std::size_t max_rows = max_dimension, max_cols = max_dimension;
    };

    /// The words of a description (docs, shapes, defaults) are for the native describe tool;
    /// a build that defines ATTN_DESCRIPTIONS_WITHOUT_WORDS (the wasm module) leaves them out.
    struct words
    {
        constexpr words(const char* text)
#ifdef ATTN_DESCRIPTIONS_WITHOUT_WORDS
            : text("")
        {
            (void)text;
        }
#else
            : text(text)
        {
        }
#endif
        constexpr operator const char*() const
        {
            return text;
        }
        const char* text;
    };

    /// A named set of strings: the values of a choice argument ("relu|gelu", the first its
    /// default when the argument is optional) or of a string field. `kind` names the set in the
    /// façade (its argument table, and its types as a union of the values).
    struct choice_set
    {
        const char* kind;
        const char* values;
        words doc = ""; ///< what the set is, for the types
    };

    // ---- declaring arguments: one constructor per kind ----

    constexpr argument matrix_argument(const char* name, const char* shape, const char* doc)
    {
        return {name, kind::matrix, false, words(shape), words(doc)};
    }
    constexpr argument optional_matrix(const char* name, const char* shape, const char* doc,
                                       const char* when_omitted)
    {
        return {name, kind::matrix, true, words(shape), words(doc), 0, 0, 0, words(when_omitted)};
    }
    /// A sequence of the scale operations (query, key, value, input): up to max_sequence rows,
    /// each of up to max_dimension numbers.
    constexpr argument sequence_matrix_argument(const char* name, const char* shape,
                                                const char* doc)
    {
        argument a = matrix_argument(name, shape, doc);
        a.max_rows = max_sequence;
        return a;
    }
    constexpr argument optional_sequence_matrix(const char* name, const char* shape,
                                                const char* doc, const char* when_omitted)
    {
        argument a = optional_matrix(name, shape, doc, when_omitted);
        a.max_rows = max_sequence;
        return a;
    }
    constexpr argument vector_argument(const char* name, const char* shape, const char* doc)
    {
        return {name, kind::vector, false, words(shape), words(doc)};
    }
    constexpr argument optional_vector(const char* name, const char* shape, const char* doc,
                                       const char* when_omitted)
    {
        return {name, kind::vector, true, words(shape), words(doc), 0, 0, 0, words(when_omitted)};
    }
    /// A vector of up to max_sequence numbers, one per token of a scale operation's sequence.
    constexpr argument optional_sequence_vector(const char* name, const char* shape,
                                                const char* doc, const char* when_omitted)
    {
        argument a = optional_vector(name, shape, doc, when_omitted);
        a.max_rows = max_sequence;
        return a;
    }
    constexpr argument indices_argument(const char* name, const char* shape, const char* doc)
    {
        return {name, kind::indices, false, words(shape), words(doc)};
    }
    constexpr argument strings_argument(const char* name, const char* shape, const char* doc)
    {
        return {name, kind::strings, false, words(shape), words(doc)};
    }
    constexpr argument text_argument(const char* name, const char* shape, const char* doc)
    {
        return {name, kind::text, false, words(shape), words(doc)};
    }
    /// A list of lists of matrices, such as every head's weights of every layer: up to
    /// max_dimension lists of max_dimension matrices, each within the matrix caps.
    constexpr argument matrix_lists_argument(const char* name, const char* shape, const char* doc)
    {
        return {name, kind::matrix_lists, false, words(shape), words(doc)};
    }
    constexpr argument number_argument(const char* name, const char* doc)
    {
        return {name, kind::number, false, "", words(doc)};
    }
    constexpr argument optional_number(const char* name, const char* doc, double fallback,
                                       const char* fallback_text)
    {
        return {name, kind::number, true, "", words(doc), 0, 0, fallback, words(fallback_text)};
    }
    constexpr argument integer_argument(const char* name, double low, double high, const char* doc)
    {
        return {name, kind::integer, false, "", words(doc), low, high};
    }
    /// An omitted optional integer with fallback_text "" has no value (the kernel decides).
    constexpr argument optional_integer(const char* name, double low, double high, const char* doc,
                                        double fallback, const char* fallback_text)
    {
        return {name,     kind::integer,       true, "", words(doc), low, high,
                fallback, words(fallback_text)};
    }
    constexpr argument boolean_argument(const char* name, const char* doc)
    {
        return {name, kind::boolean, false, "", words(doc)};
    }
    constexpr argument optional_boolean(const char* name, const char* doc, bool fallback)
    {
        return {name, kind::boolean,        true,
                "",   words(doc),           0,
                0,    fallback ? 1.0 : 0.0, fallback ? "true" : "false"};
    }
    constexpr argument choice_argument(const char* name, const choice_set& choices, bool optional,
                                       const char* doc)
    {
        return {name, kind::choice, optional,       "",           words(doc), 0, 0,
                0,    "",           choices.values, choices.kind, choices.doc};
    }
    constexpr argument mask_argument(const char* name, const char* doc)
    {
        return {name, kind::mask, true, words("n × m"), words(doc), 0, 0, 0, words("none")};
    }
    /// A mask over sequences of the scale operations: a matrix of up to max_sequence queries
    /// × max_sequence keys.
    constexpr argument sequence_mask_argument(const char* name, const char* doc)
    {
        argument a = mask_argument(name, doc);
        a.max_rows = max_sequence;
        a.max_cols = max_sequence;
        return a;
    }

    /// Arguments several operations take together, under one name in the façade's types
    /// (`MaskingArgs`, …), so a caller can build a request from parts. Only the describe tool
    /// reads these.
    struct argument_group
    {
        template <std::size_t N>
        constexpr argument_group(const char* name, const char* doc, const argument (&members)[N])
            : name(name), doc(words(doc)), arguments(members), count(N)
        {
        }
        const char* name;
        words doc;
        const argument* arguments;
        std::size_t count;
    };

    /// The rows and columns of a matrix argument, or the length (rows) of a vector one.
    struct extent
    {
        std::size_t rows = 0, cols = 0;
    };

    /// The range every size argument shares.
    constexpr double size_low = 1;
    constexpr double size_high = static_cast<double>(max_dimension);

    /**
     * @brief Typed, checked reads of one request. `Source` supplies raw values by name:
     * present(name), number(name), boolean(name), text(name), matrix(name, max_rows,
     * max_cols), vector(name, max_length), strings(name), matrix_lists(name, max_rows,
     * max_cols), mask(name, max_rows, max_cols), extent(name); the caps let a source refuse an
     * oversized matrix before allocating it. Whatever the source is, defaults, whole-number and
     * range checks happen here, and each message names the argument as declared.
     */
    template <class Source> class request_reader
    {
    public:
        explicit request_reader(Source& source) : source_(source) {}

        bool has(const argument& a) const { return source_.present(a.name); }

        attn::matrix matrix(const argument& a)
        {
            return source_.matrix(a.name, a.max_rows, a.max_cols);
        }

        std::optional<attn::matrix> optional_matrix(const argument& a)
        {
            return has(a) ? std::optional<attn::matrix>(matrix(a)) : std::nullopt;
        }

        attn::vector vector(const argument& a) { return source_.vector(a.name, a.max_rows); }

        std::optional<attn::vector> optional_vector(const argument& a)
        {
            return has(a) ? std::optional<attn::vector>(vector(a)) : std::nullopt;
        }

        /// A matrix's or vector's size, read without copying it (a work estimate comes before
        /// any reading): 0 × 0 when omitted. What it holds is checked when it is read.
        describe::extent extent(const argument& a)
        {
            return has(a) ? source_.extent(a.name) : describe::extent{};
        }

        std::vector<std::string> strings(const argument& a) { return source_.strings(a.name); }

        std::string text(const argument& a) { return source_.text(a.name); }

        std::vector<std::vector<attn::matrix>> matrix_lists(const argument& a)
        {
            return source_.matrix_lists(a.name, a.max_rows, a.max_cols);
        }

        double number(const argument& a)
        {
            return has(a) || !a.optional ? source_.number(a.name) : a.fallback;
        }

        std::size_t integer(const argument& a)
        {
            return detail::check_integer(a.name, number(a), a.low, a.high);
        }

        std::optional<std::size_t> optional_integer(const argument& a)
        {
            return has(a) ? std::optional<std::size_t>(integer(a)) : std::nullopt;
        }

        bool boolean(const argument& a)
        {
            return has(a) || !a.optional ? source_.boolean(a.name) : a.fallback != 0;
        }

        /// One of the described choices (omitted: the first); the kernel's parser then maps
        /// it to its enum.
        std::string choice(const argument& a)
        {
            const std::string all = a.choices;
            if (!has(a) && a.optional)
            {
                return all.substr(0, all.find('|'));
            }
            const std::string given = source_.text(a.name);
            std::string expected;
            for (std::size_t start = 0; start <= all.size();)
            {
                const std::size_t end = std::min(all.find('|', start), all.size());
                const std::string option = all.substr(start, end - start);
                if (given == option)
                {
                    return given;
                }
                const bool last = end == all.size();
                expected += (start == 0 ? "" : last ? " or " : ", ") + ("'" + option + "'");
                start = end + 1;
            }
            detail::fail(a.name, expected, detail::quote(given));
        }

        attention_mask mask(const argument& a)
        {
            return has(a) ? source_.mask(a.name, a.max_rows, a.max_cols) : attention_mask::none();
        }

    private:
        Source& source_;
    };
} // namespace attn::describe

#endif
