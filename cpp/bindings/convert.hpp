#ifndef ATTN_BINDINGS_CONVERT_HPP
#define ATTN_BINDINGS_CONVERT_HPP

// JS ↔ C++ conversion for the bindings. The JavaScript façade (web/lib/) has already checked
// the structure of every argument (arrays, numbers, rectangular rows) and flattened each matrix
// to { rows, cols, data: Float64Array }; here each crosses the boundary in one bulk copy, and
// the core checks the values and shapes. Results go back as the plain arrays the API returns
// (number[][] per matrix, built in JS straight from the heap: convert.cpp). Which arguments and
// trace fields there are is not written here: the operations' descriptions (attn/describe/) say
// it once.

#include <optional>
#include <string>
#include <vector>

#include <emscripten/val.h>

#include "attn/describe/argument.hpp"
#include "attn/describe/writer.hpp"
#include "attn/mask.hpp"
#include "attn/matrix.hpp"

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
        attn::matrix matrix(const char* name, std::size_t max_rows, std::size_t max_cols) const;
        attn::vector vector(const char* name, std::size_t max_length) const;
        describe::extent extent(const char* name) const;
        std::vector<std::string> strings(const char* name) const;
        std::vector<std::vector<attn::matrix>> matrix_lists(const char* name, std::size_t max_rows,
                                                            std::size_t max_cols) const;
        attention_mask mask(const char* name, std::size_t max_rows, std::size_t max_cols) const;

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
    inline val write(const std::optional<std::string>& s)
    {
        return s ? val(*s) : val::null();
    }

    /// The JS values the façade decodes, for describe::write.
    struct js_format
    {
        using value = val;
        static val object() { return val::object(); }
        static val array() { return val::array(); }
        static void set(val& out, const char* name, const val& v) { out.set(name, v); }
        static void push(val& out, const val& v) { out.call<void>("push", v); }
        template <class T> static val leaf(const T& v) { return write(v); }
    };
} // namespace attn::bindings

#endif
