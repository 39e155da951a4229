#ifndef ATTN_DESCRIBE_WRITER_HPP
#define ATTN_DESCRIBE_WRITER_HPP

/// @file writer.hpp
/// @brief Writes any described result into some object format (JS values in the bindings,
/// JSON in the golden tests), field by field through fields_of. A Format supplies
///   using value = …;                      its value type;
///   static value object(), array();       an empty object / array;
///   static void set(value&, const char*, value), push(value&, value);
///   static value leaf(const T&);          a number, matrix, vector, … (see is_leaf).

#include <utility>
#include <variant>

#include "attn/describe/fields.hpp"

namespace attn::describe
{
    template <class Format, class T> typename Format::value write(const T& value);

    /// A field visitor that fills one object of Format.
    template <class Format> class writer
    {
    public:
        typename Format::value out = Format::object();

        template <class T> void field(const char* name, const T& value, words)
        {
            Format::set(out, name, write<Format>(value));
        }

        template <class T>
        void field(const char* name, const T& value, words doc, const choice_set&)
        {
            field(name, value, doc);
        }

        template <class T> void optional(const char* name, const T& value, bool present, words doc)
        {
            if (present)
            {
                field(name, value, doc);
            }
        }

        template <class Fill> void object(const char* name, words, Fill&& fill)
        {
            writer inner;
            fill(inner);
            Format::set(out, name, std::move(inner.out));
        }

        template <class... Ts> void one_of(const std::variant<Ts...>& detail)
        {
            std::visit([this](const auto& d) { visit(d, *this); }, detail);
        }
    };

    /// A leaf as itself, a described trace as an object, a list of traces as an array.
    template <class Format, class T> typename Format::value write(const T& value)
    {
        if constexpr (is_leaf<T>)
        {
            return Format::leaf(value);
        }
        else if constexpr (is_list_of_traces<T>::value)
        {
            typename Format::value out = Format::array();
            for (const auto& item : value)
            {
                Format::push(out, write<Format>(item));
            }
            return out;
        }
        else
        {
            writer<Format> w;
            visit(value, w);
            return std::move(w.out);
        }
    }
} // namespace attn::describe

#endif
