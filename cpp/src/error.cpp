#include "attn/error.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace attn::detail
{
    void fail(const std::string& argument, const std::string& expected, const std::string& got)
    {
        throw attention_error(argument + ": expected " + expected + ", got " + got);
    }

    void fail_count(const std::string& argument, const std::string& expected, std::size_t got)
    {
        fail(argument, expected, std::to_string(got));
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

    void check_shape_caps(const std::string& argument, std::size_t rows, std::size_t cols,
                          std::size_t max_rows, std::size_t max_cols)
    {
        if (rows > max_rows || cols > max_cols)
        {
            const std::string caps = max_rows == max_cols
                                         ? std::to_string(max_rows) + " rows and columns"
                                         : std::to_string(max_rows) + " rows and " +
                                               std::to_string(max_cols) + " columns";
            fail(argument, "at most " + caps, format_shape(rows, cols));
        }
    }

    namespace
    {
        /// The index of the first of `size` numbers that is not finite, or `size`. Every check
        /// over all the numbers of a matrix or vector goes through here: a flat loop with the
        /// builtin, since the lite engine is compiled -Os, which left std::isfinite and
        /// xtensor's (i, j) as a call per cell (a tenth of a multi-head call's time).
        /// Blocks of 64 are first tested as bits, with no branch per number (a double is not
        /// finite when its 11 exponent bits are all ones), which the compilers vectorise;
        /// only a block that fails is searched number by number.
        std::size_t first_not_finite(const double* data, std::size_t size)
        {
            constexpr std::size_t block = 64;
            constexpr std::uint64_t exponent = 0x7ff0000000000000;
            std::size_t k = 0;
            for (; k + block <= size; k += block)
            {
                std::uint64_t all_ones = 0;
                for (std::size_t i = 0; i < block; ++i)
                {
                    std::uint64_t bits;
                    std::memcpy(&bits, data + k + i, sizeof bits);
                    all_ones |= (bits & exponent) == exponent;
                }
                if (all_ones != 0)
                {
                    break;
                }
            }
            for (; k < size; ++k)
            {
                if (!__builtin_isfinite(data[k]))
                {
                    return k;
                }
            }
            return size;
        }
    } // namespace

    void check_matrix(const std::string& argument, const matrix& m, std::size_t max_rows,
                      std::size_t max_cols)
    {
        if (rows(m) == 0 || cols(m) == 0)
        {
            fail(argument, "a non-empty matrix", "a " + format_shape(rows(m), cols(m)) + " matrix");
        }
        check_shape_caps(argument, rows(m), cols(m), max_rows, max_cols);
        const std::size_t k = first_not_finite(m.data(), m.size());
        if (k < m.size())
        {
            const std::size_t i = k / cols(m), j = k % cols(m);
            fail(argument + "[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                 "a finite number", format_number(m(i, j)));
        }
    }

    void check_sequence_matrix(const std::string& argument, const matrix& m)
    {
        check_matrix(argument, m, max_sequence, max_dimension);
    }

    void check_sequence_length(const std::string& argument, std::size_t length)
    {
        if (length == 0 || length > max_sequence)
        {
            fail(argument, "a sequence length from 1 to " + std::to_string(max_sequence),
                 std::to_string(length));
        }
    }

    void check_peak_cells(const std::string& argument, std::size_t rows, std::size_t cols,
                          const std::string& what)
    {
        // Both factors are at most max_sequence or max_dimension, so the product fits.
        if (rows * cols > max_peak_cells)
        {
            fail(argument,
                 "sizes giving at most " + std::to_string(max_peak_cells) + " cells for " + what,
                 std::to_string(rows) + " × " + std::to_string(cols) + " = " +
                     std::to_string(rows * cols));
        }
    }

    void check_trace_numbers(std::size_t numbers, const std::string& what)
    {
        if (numbers > max_trace_numbers)
        {
            fail("trace",
                 "at most " + std::to_string(max_trace_numbers) + " numbers in the trace (" + what +
                     "; pass trace: false for the lean result)",
                 std::to_string(numbers));
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
        // The shape was derived from arguments already checked against their own caps (a
        // sequence mask may be 4096 × 4096), so only the values are left to check here.
        check_matrix(argument, m, std::max(r, max_dimension), std::max(c, max_dimension));
    }

    void check_vector(const std::string& argument, const vector& v, std::size_t length,
                      const std::string& why)
    {
        if (v.size() != length)
        {
            fail(argument, std::to_string(length) + " numbers (" + why + ")",
                 std::to_string(v.size()));
        }
        const std::size_t i = first_not_finite(v.data(), v.size());
        if (i < v.size())
        {
            fail(argument + "[" + std::to_string(i) + "]", "a finite number", format_number(v(i)));
        }
    }

    namespace
    {
        /// Throws the overflow message for cell (i, j) of `what`. A NaN there comes from +∞ and
        /// −∞ meeting in a sum, which the message says, since no input was NaN.
        [[noreturn]] void fail_overflow(const std::string& argument, const std::string& what,
                                        const std::string& cell, double x,
                                        const char* type = "double")
        {
            fail(argument, "values small enough for " + what + " to stay within " + type + " range",
                 what + cell + " = " + format_number(x) +
                     (std::isnan(x) ? " (Infinity − Infinity)" : ""));
        }
    } // namespace

    void fail_overflow(const std::string& argument, const std::string& what, std::size_t i,
                       std::size_t j, double x, const char* type)
    {
        fail_overflow(argument, what, "[" + std::to_string(i) + "][" + std::to_string(j) + "]", x,
                      type);
    }

    void check_finite_result(const std::string& argument, const std::string& what, const vector& v)
    {
        const std::size_t i = first_not_finite(v.data(), v.size());
        if (i < v.size())
        {
            fail_overflow(argument, what, "[" + std::to_string(i) + "]", v(i));
        }
    }

    void check_finite_result(const std::string& argument, const std::string& what, const matrix& m)
    {
        const std::size_t k = first_not_finite(m.data(), m.size());
        if (k < m.size())
        {
            const std::size_t i = k / cols(m), j = k % cols(m);
            fail_overflow(argument, what, i, j, m(i, j));
        }
    }

    void check_linear_result(const std::string& product_argument, const std::string& bias_argument,
                             const std::string& what, const matrix& x, const matrix& w,
                             const vector& b, const matrix& result)
    {
        const std::size_t first = first_not_finite(result.data(), result.size());
        if (first == result.size())
        {
            return;
        }
        const std::size_t i = first / cols(result), j = first % cols(result);
        // Only on the way to an error: this one cell of x·w, without the bias.
        double product = 0;
        for (std::size_t k = 0; k < cols(x); ++k)
        {
            product += x(i, k) * w(k, j);
        }
        const bool bias_overflowed = b.size() != 0 && std::isfinite(product);
        fail_overflow(bias_overflowed ? bias_argument : product_argument, what, i, j, result(i, j));
    }

    void rethrow_renamed(const attention_error& error,
                         std::initializer_list<argument_rename> renames)
    {
        const std::string message = error.what();
        for (const auto& [from, to] : renames)
        {
            const std::string name = from;
            const bool matches = message.compare(0, name.size(), name) == 0 &&
                                 message.size() > name.size() &&
                                 std::string(":[.").find(message[name.size()]) != std::string::npos;
            if (matches)
            {
                throw attention_error(to + message.substr(name.size()));
            }
        }
        throw error;
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

    std::vector<std::size_t> check_token_ids(const std::string& argument, const vector& ids,
                                             std::size_t vocab, const std::string& table)
    {
        std::vector<std::size_t> checked(ids.size());
        for (std::size_t i = 0; i < ids.size(); ++i)
        {
            const double id = ids(i);
            if (!(id >= 0 && id < static_cast<double>(vocab)) || std::floor(id) != id)
            {
                fail(argument + "[" + std::to_string(i) + "]",
                     "a token id, a whole number from 0 to " + std::to_string(vocab - 1) + " (" +
                         table + " has " + std::to_string(vocab) + " rows, one per token)",
                     format_number(id));
            }
            checked[i] = static_cast<std::size_t>(id);
        }
        return checked;
    }

    void check_answer(double answer, double tolerance)
    {
        if (!std::isfinite(answer))
        {
            fail("answer", "a finite number", format_number(answer));
        }
        if (!(tolerance > 0) || !std::isfinite(tolerance))
        {
            fail("tolerance", "a finite number above 0", format_number(tolerance));
        }
    }
} // namespace attn::detail
