#ifndef ATTN_BINDINGS_CONVERT_HPP
#define ATTN_BINDINGS_CONVERT_HPP

// JS ↔ C++ conversion for the bindings. The JavaScript façade (web/lib/) has already checked
// the structure of every argument (arrays, numbers, rectangular rows) and flattened each matrix
// to { rows, cols, data: Float64Array }; here each crosses the boundary in one bulk copy, and
// the core checks the values and shapes. Which arguments and trace fields there are is not
// written here: the operations' descriptions (attn/describe/) say it once.

#include <string>
#include <variant>
#include <vector>

#include <emscripten/val.h>

#include "attn/attn.hpp"
#include "attn/describe/fields.hpp"

namespace attn::bindings
{
    using emscripten::val;

    /// The raw values of one request object, by name, for describe::request_reader.
    class request_source
    {
    public:
        explicit request_source(val request) : request_(std::move(request)) {}

        bool present(const char* name) const;
        double number(const char* name) const;
        bool boolean(const char* name) const;
        std::string text(const char* name) const;
        attn::matrix matrix(const char* name) const;
        attn::vector vector(const char* name) const;
        std::vector<std::string> strings(const char* name) const;
        attention_mask mask(const char* name) const;

    private:
        val request_;
    };

    // ---- writing the leaves of a result ----
    val write(const matrix& m);
    val write(const vector& v);
    val write(const tensor3& t);
    val write(const std::vector<std::size_t>& indices);
    val write(const std::vector<std::string>& strings);
    inline val write(double x)
    {
        return val(x);
    }
    inline val write(std::size_t x)
    {
        return val(static_cast<double>(x));
    }
    inline val write(bool x)
    {
        return val(x);
    }
    inline val write(const std::string& s)
    {
        return val(s);
    }

    template <class T> val write_value(const T& value);

    /// A field visitor (see attn/describe/fields.hpp) that fills one JS object.
    class object_writer
    {
    public:
        val out = val::object();

        template <class T> void field(const char* name, const T& value, describe::words)
        {
            out.set(name, write_value(value));
        }

        template <class T>
        void optional(const char* name, const T& value, bool present, describe::words doc)
        {
            if (present)
            {
                field(name, value, doc);
            }
        }

        template <class Fill> void object(const char* name, describe::words, Fill&& fill)
        {
            object_writer inner;
            fill(inner);
            out.set(name, inner.out);
        }

        template <class... Ts> void one_of(const std::variant<Ts...>& detail)
        {
            std::visit([this](const auto& d) { describe::visit(d, *this); }, detail);
        }
    };

    /// A leaf as itself, a described trace as an object, a list of traces as an array.
    template <class T> val write_value(const T& value)
    {
        if constexpr (describe::is_leaf<T>)
        {
            return write(value);
        }
        else if constexpr (describe::is_list_of_traces<T>::value)
        {
            val out = val::array();
            for (const auto& item : value)
            {
                out.call<void>("push", write_value(item));
            }
            return out;
        }
        else
        {
            object_writer writer;
            describe::visit(value, writer);
            return writer.out;
        }
    }
} // namespace attn::bindings

#endif
