#include "convert.hpp"

#include <emscripten/em_js.h>
#include <emscripten/emscripten.h>

// A result's numbers become the plain arrays the API returns here, in one call to JS per matrix
// or vector, read straight from the wasm heap. Built with emscripten::val instead (an object,
// three properties and a typed-array copy per matrix, then a walk in the façade turning each into
// nested arrays), an 8-head multiHeadAttention trace cost about 1.5 ms more in Chromium: the calls
// through Embind's generic invoker (no generated code under DYNAMIC_EXECUTION=0) and the second
// copy.

// Pointers arrive as signed 32-bit numbers: >>> 3 is the unsigned index of a double.
// NOLINTBEGIN
EM_JS(emscripten::EM_VAL, attn_rows, (const double* data, std::size_t rows, std::size_t cols), {
    const out = new Array(rows);
    let at = data >>> 3;
    for (let i = 0; i < rows; i += 1) {
        const row = new Array(cols);
        for (let j = 0; j < cols; j += 1) row[j] = HEAPF64[at + j];
        out[i] = row;
        at += cols;
    }
    return Emval.toHandle(out);
});

EM_JS(emscripten::EM_VAL, attn_numbers, (const double* data, std::size_t size), {
    const out = new Array(size);
    const at = data >>> 3;
    for (let j = 0; j < size; j += 1) out[j] = HEAPF64[at + j];
    return Emval.toHandle(out);
});
// NOLINTEND

namespace attn::bindings
{
    using emscripten::typed_memory_view;

    namespace
    {
        /// number[][] of rows × cols numbers from `data`.
        val rows_of(const double* data, std::size_t rows, std::size_t cols)
        {
            return val::take_ownership(attn_rows(data, rows, cols));
        }

        /// number[] of `size` numbers from `data`.
        val numbers_of(const double* data, std::size_t size)
        {
            return val::take_ownership(attn_numbers(data, size));
        }

        /// Checks a JS array's length against the cap before anything is allocated for it.
        std::size_t capped_length(const val& list, const std::string& name, const char* what,
                                  std::size_t cap = max_dimension)
        {
            const auto length = list["length"].as<std::size_t>();
            if (length > cap)
            {
                detail::fail(name, "at most " + std::to_string(cap) + " " + what,
                             std::to_string(length));
            }
            return length;
        }

        matrix read_matrix(const val& m, const std::string& name, std::size_t max_rows,
                           std::size_t max_cols)
        {
            const auto r = m["rows"].as<std::size_t>();
            const auto c = m["cols"].as<std::size_t>();
            // The caps are checked before allocating, so no shape can exhaust the heap.
            detail::check_shape_caps(name, r, c, max_rows, max_cols);
            matrix out = xt::empty<double>({r, c});
            val(typed_memory_view(out.size(), out.data())).call<void>("set", m["data"]);
            return out;
        }

        template <class Items> val write_array(const Items& items)
        {
            val out = val::array();
            for (const auto& item : items)
            {
                out.call<void>("push", item);
            }
            return out;
        }
    } // namespace

    bool request_source::present(const char* name) const
    {
        const val v = request_[name];
        return !v.isUndefined() && !v.isNull();
    }

    double request_source::number(const char* name) const
    {
        return request_[name].as<double>();
    }

    bool request_source::boolean(const char* name) const
    {
        return request_[name].as<bool>();
    }

    std::string request_source::text(const char* name) const
    {
        return request_[name].as<std::string>();
    }

    matrix request_source::matrix(const char* name, std::size_t max_rows,
                                  std::size_t max_cols) const
    {
        return read_matrix(request_[name], name, max_rows, max_cols);
    }

    vector request_source::vector(const char* name, std::size_t max_length) const
    {
        const val v = request_[name];
        attn::vector out = xt::empty<double>({capped_length(v, name, "numbers", max_length)});
        val(typed_memory_view(out.size(), out.data())).call<void>("set", v);
        return out;
    }

    describe::extent request_source::extent(const char* name) const
    {
        // The façade has checked the structure: a matrix is { rows, cols, data }, a vector an
        // array of numbers.
        const val v = request_[name];
        if (v["rows"].isNumber())
        {
            return {v["rows"].as<std::size_t>(), v["cols"].as<std::size_t>()};
        }
        return {v["length"].isNumber() ? v["length"].as<std::size_t>() : 0, 1};
    }

    std::vector<std::string> request_source::strings(const char* name) const
    {
        const val list = request_[name];
        std::vector<std::string> out(capped_length(list, name, "strings"));
        for (std::size_t i = 0; i < out.size(); ++i)
        {
            // Embind converts a JS string to std::string as UTF-8.
            out[i] = list[i].as<std::string>();
        }
        return out;
    }

    std::vector<std::vector<attn::matrix>>
    request_source::matrix_lists(const char* name, std::size_t max_rows, std::size_t max_cols) const
    {
        // The façade has checked the structure: an array of arrays of { rows, cols, data }.
        const val lists = request_[name];
        std::vector<std::vector<attn::matrix>> out(capped_length(lists, name, "lists"));
        for (std::size_t l = 0; l < out.size(); ++l)
        {
            const val list = lists[l];
            const std::string list_name = std::string(name) + "[" + std::to_string(l) + "]";
            out[l].resize(capped_length(list, list_name, "matrices"));
            for (std::size_t h = 0; h < out[l].size(); ++h)
            {
                out[l][h] = read_matrix(list[h], list_name + "[" + std::to_string(h) + "]",
                                        max_rows, max_cols);
            }
        }
        return out;
    }

    attention_mask request_source::mask(const char* name, std::size_t max_rows,
                                        std::size_t max_cols) const
    {
        const val mask = request_[name];
        const std::string kind = mask["kind"].as<std::string>();
        if (kind == "causal")
        {
            return attention_mask::causal();
        }
        if (kind == "keyLength")
        {
            return attention_mask::padding(mask["keyLength"].as<double>());
        }
        if (kind == "matrix")
        {
            return attention_mask::from_matrix(
                read_matrix(mask["matrix"], name, max_rows, max_cols));
        }
        return attention_mask::none();
    }

    val write(const matrix& m)
    {
        return rows_of(m.data(), rows(m), cols(m));
    }

    val write(const vector& v)
    {
        return numbers_of(v.data(), v.size());
    }

    val write(const tensor3& t)
    {
        // h × n × m, row-major: slice h is a contiguous n × m matrix.
        val out = val::array();
        const std::size_t n = t.shape()[1], m = t.shape()[2];
        for (std::size_t h = 0; h < t.shape()[0]; ++h)
        {
            out.call<void>("push", rows_of(t.data() + h * n * m, n, m));
        }
        return out;
    }

    val write(const std::vector<std::size_t>& indices)
    {
        return write_array(indices);
    }

    val write(const std::vector<std::string>& strings)
    {
        return write_array(strings);
    }
} // namespace attn::bindings
