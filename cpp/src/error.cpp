#include "attn/error.hpp"

#include <cmath>
#include <cstdio>

namespace attn::detail
{
    void fail(const std::string& argument, const std::string& expected, const std::string& got)
    {
        throw attention_error(argument + ": expected " + expected + ", got " + got);
    }

    std::string format_number(double x)
    {
        if (std::isnan(x))
        {
            return "NaN";
        }
        if (std::isinf(x))
        {
            return x > 0 ? "Infinity" : "-Infinity";
        }
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.10g", x);
        return buffer;
    }

    std::string quote(const std::string& text)
    {
        constexpr std::size_t shown_characters = 24;
        std::string out = "'";
        std::size_t characters = 0;
        for (const char c : text)
        {
            const auto byte = static_cast<unsigned char>(c);
            // A UTF-8 continuation byte (10xxxxxx) belongs to the character before it.
            const bool starts_character = (byte & 0xC0) != 0x80;
            if (starts_character && characters++ == shown_characters)
            {
                return out + "…'";
            }
            if (byte < 0x20 || byte == 0x7F)
            {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\u%04x", byte);
                out += escaped;
            }
            else
            {
                out += c;
            }
        }
        return out + "'";
    }

    std::string format_shape(std::size_t rows, std::size_t cols)
    {
        return std::to_string(rows) + "×" + std::to_string(cols);
    }

    void check_dimension(const std::string& argument, std::size_t value)
    {
        if (value == 0 || value > max_dimension)
        {
            fail(argument, "a size from 1 to " + std::to_string(max_dimension),
                 std::to_string(value));
        }
    }

    void check_matrix(const std::string& argument, const matrix& m)
    {
        if (rows(m) == 0 || cols(m) == 0)
        {
            fail(argument, "a non-empty matrix", "a " + format_shape(rows(m), cols(m)) + " matrix");
        }
        if (rows(m) > max_dimension || cols(m) > max_dimension)
        {
            fail(argument, "at most " + std::to_string(max_dimension) + " rows and columns",
                 format_shape(rows(m), cols(m)));
        }
        for (std::size_t i = 0; i < rows(m); ++i)
        {
            for (std::size_t j = 0; j < cols(m); ++j)
            {
                if (!std::isfinite(m(i, j)))
                {
                    fail(argument + "[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                         "a finite number", format_number(m(i, j)));
                }
            }
        }
    }

    void check_matrix_shape(const std::string& argument, const matrix& m, std::size_t r,
                            std::size_t c, const std::string& why)
    {
        if (rows(m) != r || cols(m) != c)
        {
            fail(argument, "a matrix of shape " + format_shape(r, c) + " (" + why + ")",
                 format_shape(rows(m), cols(m)));
        }
        check_matrix(argument, m);
    }

    void check_vector(const std::string& argument, const vector& v, std::size_t length,
                      const std::string& why)
    {
        if (v.size() != length)
        {
            fail(argument, std::to_string(length) + " numbers (" + why + ")",
                 std::to_string(v.size()));
        }
        for (std::size_t i = 0; i < v.size(); ++i)
        {
            if (!std::isfinite(v(i)))
            {
                fail(argument + "[" + std::to_string(i) + "]", "a finite number",
                     format_number(v(i)));
            }
        }
    }

    void check_finite_result(const std::string& argument, const std::string& what, const matrix& m)
    {
        for (std::size_t i = 0; i < rows(m); ++i)
        {
            for (std::size_t j = 0; j < cols(m); ++j)
            {
                if (!std::isfinite(m(i, j)))
                {
                    fail(argument,
                         "values small enough for " + what + " to stay within double range",
                         what + "[" + std::to_string(i) + "][" + std::to_string(j) +
                             "] = " + format_number(m(i, j)));
                }
            }
        }
    }

    std::size_t check_integer(const std::string& argument, double x, double low, double high)
    {
        if (!(x >= low && x <= high) || std::floor(x) != x)
        {
            fail(argument,
                 "a whole number from " + format_number(low) + " to " + format_number(high),
                 format_number(x));
        }
        return static_cast<std::size_t>(x);
    }
} // namespace attn::detail
