#ifndef ATTN_ERROR_HPP
#define ATTN_ERROR_HPP

/**
 * @file error.hpp
 * @brief The engine's one error type and the argument checks every operation shares.
 *
 * Every message starts with the argument's name and says what was expected and what came,
 * e.g. "key: expected 2 columns (d_k, the width of query), got 3". The bindings pass the message to
 * JavaScript unchanged, so it is written for a learner or a course author, not for us.
 */

#include <cstddef>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    /// Thrown for every invalid argument; the message names the argument.
    class attention_error : public std::invalid_argument
    {
    public:
        using std::invalid_argument::invalid_argument;
    };

    /// Largest allowed size of any single dimension (rows, columns, heads, d_ff, positions).
    /// Keeps every matrix at or under 2^20 cells.
    constexpr std::size_t max_dimension = 1024;

    /// Largest allowed heads × queries × keys in multi-head attention: each head keeps
    /// several n × m intermediates, and this bounds the whole trace to a few hundred MB at most.
    constexpr std::size_t max_attention_cells = std::size_t{1} << 21;

    /// Largest sequence length (rows of query, key, value or input) the scale operations
    /// accept (flash, chunked, linear and sparse attention, the RNN, the KV cache, the cost
    /// measurements); their other dimensions stay within max_dimension, and every other
    /// operation keeps max_dimension for all of them.
    constexpr std::size_t max_sequence = 4096;

    /// Largest single intermediate (in doubles, 128 MB) a scale operation may allocate; one
    /// that would need more is refused before allocating.
    constexpr std::size_t max_peak_cells = std::size_t{1} << 24;

    /// Largest number of numbers a traced scale operation may return; beyond it the caller
    /// is told to pass `trace: false`, since a trace that size is too big to read anyway and
    /// would cost far more than the computation it describes.
    constexpr std::size_t max_trace_numbers = std::size_t{1} << 21;

    namespace detail
    {
        /// Throws attention_error("<argument>: expected <expected>, got <got>").
        [[noreturn]] void fail(const std::string& argument, const std::string& expected,
                               const std::string& got);

        /// fail() for a count: "<argument>: expected <expected>, got <got>" with got a whole number.
        [[noreturn]] void fail_count(const std::string& argument, const std::string& expected,
                                     std::size_t got);

        /// A number as a learner would write it: 3, 0.5, 1e-09, NaN, Infinity, -Infinity.
        std::string format_number(double x);

        /// A caller's string as a message echoes it: in single quotes, control characters
        /// escaped as \u0000 (a NUL would otherwise end the message where what() is read as a C
        /// string), at most 24 characters then "…".
        std::string quote(const std::string& text);

        /// "3×4".
        std::string format_shape(std::size_t rows, std::size_t cols);

        /// Checks 1 ≤ value ≤ max_dimension.
        void check_dimension(const std::string& argument, std::size_t value);

        /// Checks rows ≤ max_rows and cols ≤ max_cols: "<argument>: expected at most 1024 rows
        /// and columns, got 2000×3" (or "at most 4096 rows and 1024 columns").
        void check_shape_caps(const std::string& argument, std::size_t rows, std::size_t cols,
                              std::size_t max_rows, std::size_t max_cols);

        /// Checks a matrix is non-empty, within the caps, and has only finite numbers.
        void check_matrix(const std::string& argument, const matrix& m,
                          std::size_t max_rows = max_dimension,
                          std::size_t max_cols = max_dimension);

        /// check_matrix for a sequence of the scale operations: up to max_sequence rows.
        void check_sequence_matrix(const std::string& argument, const matrix& m);

        /// Checks 1 ≤ length ≤ max_sequence.
        void check_sequence_length(const std::string& argument, std::size_t length);

        /// Refuses, before anything is allocated, an intermediate of rows × cols cells past
        /// max_peak_cells: "<argument>: expected sizes giving at most 16777216 cells for
        /// <what>, got 5000 × 4096 = 20480000".
        void check_peak_cells(const std::string& argument, std::size_t rows, std::size_t cols,
                              const std::string& what);

        /// Refuses a trace of more than max_trace_numbers numbers, telling the caller to pass
        /// `trace: false`: "trace: expected at most 2097152 numbers in the trace (<what>; pass
        /// trace: false for the lean result), got 4194304".
        void check_trace_numbers(std::size_t numbers, const std::string& what);

        /// check_matrix plus an exact shape.
        void check_matrix_shape(const std::string& argument, const matrix& m, std::size_t rows,
                                std::size_t cols, const std::string& why);

        /// Checks a vector has the given length and only finite numbers.
        void check_vector(const std::string& argument, const vector& v, std::size_t length,
                          const std::string& why);

        /// For results of finite inputs that overflowed (e.g. scores of values near 1e200):
        /// throws "<argument>: expected values small enough for <what> to stay within double
        /// range, got <what>[i][j] = Infinity".
        void check_finite_result(const std::string& argument, const std::string& what,
                                 const matrix& m);

        /// The message of check_finite_result for one cell, for passes that check as they go:
        /// "<argument>: expected values small enough for <what> to stay within <type> range,
        /// got <what>[i][j] = Infinity".
        [[noreturn]] void fail_overflow(const std::string& argument, const std::string& what,
                                        std::size_t i, std::size_t j, double x,
                                        const char* type = "double");

        /// check_finite_result for a vector result (e.g. a bias gradient): "…, got what[i] = …".
        void check_finite_result(const std::string& argument, const std::string& what,
                                 const vector& v);

        /// check_finite_result for a linear layer's result x·w + b: a cell whose x·w is finite
        /// overflowed when b was added, and is blamed on `bias_argument`; otherwise on
        /// `product_argument`.
        void check_linear_result(const std::string& product_argument,
                                 const std::string& bias_argument, const std::string& what,
                                 const matrix& x, const matrix& w, const vector& b,
                                 const matrix& result);

        /// An argument name as another operation knows it, e.g. {"query", "input"} when
        /// self-attention runs over an encoder layer's input.
        using argument_rename = std::pair<const char*, const char*>;

        /// Rethrows `error` with its argument renamed by the first of `renames` it matches
        /// ("query", "query[0][1]" and "query.x" all match "query"), or unchanged.
        [[noreturn]] void rethrow_renamed(const attention_error& error,
                                          std::initializer_list<argument_rename> renames);

        /// Runs `compute`; an attention_error from it is rethrown with its argument renamed.
        template <class Compute>
        auto with_arguments_renamed(std::initializer_list<argument_rename> renames,
                                    Compute&& compute) -> decltype(compute())
        {
            try
            {
                return compute();
            }
            catch (const attention_error& error)
            {
                rethrow_renamed(error, renames);
            }
        }

        /// Checks x is a whole number in [low, high] and returns it.
        std::size_t check_integer(const std::string& argument, double x, double low, double high);

        /// Checks every entry of `ids` is a token id of a vocabulary of `vocab` tokens, the rows
        /// of the matrix named `table`, and returns them: "tokens[3]: expected a token id, a
        /// whole number from 0 to 10 (embedding has 11 rows, one per token), got 11".
        std::vector<std::size_t> check_token_ids(const std::string& argument, const vector& ids,
                                                 std::size_t vocab, const std::string& table);

        /// Checks a learner's `answer` is finite and the `tolerance` it is graded with is finite
        /// and above 0 (the diagnose operations' last two arguments).
        void check_answer(double answer, double tolerance);

        /// The value spelt `name` in a table of {spelling, value}; any other name throws
        /// "<argument>: expected 'a', 'b' or 'c', got '<name>'".
        template <class Value, std::size_t N>
        Value parse_choice(const std::string& argument, const std::string& name,
                           const std::pair<const char*, Value> (&choices)[N])
        {
            std::string expected;
            for (std::size_t i = 0; i < N; ++i)
            {
                if (name == choices[i].first)
                {
                    return choices[i].second;
                }
                expected += std::string(i == 0       ? ""
                                        : i + 1 == N ? " or "
                                                     : ", ") +
                            "'" + choices[i].first + "'";
            }
            fail(argument, expected, quote(name));
        }
    } // namespace detail
} // namespace attn

#endif
