#ifndef ATTN_SRC_SCORE_TILES_HPP
#define ATTN_SRC_SCORE_TILES_HPP

// The pieces the tiled passes share (flash and chunked attention): the inputs in the scalar type
// of the computation, one tile of scaled, masked scores, and the exponentials of a tile's row.
// Everything works on raw row-major arrays and buffers the caller allocates once, so no tile
// allocates; the products go through matmul's kernel (SIMD in the wasm build).

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "attn/error.hpp"
#include "attn/flash_attention.hpp"
#include "attn/mask.hpp"
#include "attn/matrix.hpp"
#include "attn/precision.hpp"
#include "exp_kernel.hpp"

namespace attn::detail
{
    /// Query, key and value as arrays of T: the caller's own for double, float copies for
    /// float32 (after checking every value fits a float).
    template <class T> class scalar_inputs
    {
        // Declared first, so the copies exist before the pointers below are set to them.
        std::vector<T> query_copy_, key_copy_, value_copy_;

    public:
        scalar_inputs(const matrix& query, const matrix& key, const matrix& value)
            : query(as_scalar("query", query, query_copy_)), key(as_scalar("key", key, key_copy_)),
              value(as_scalar("value", value, value_copy_))
        {
        }

        const T* query;
        const T* key;
        const T* value;

        /**
         * Multiplies the values by a power of two 2^-k ≥ 1/terms when some |v| > max/terms, so
         * that sums of up to `terms` values times weights ≤ 1 (the running outputs of the tiled
         * passes, which are divided by their weight sum only at the end) cannot overflow where
         * attention's normalised weights·V does not. A power of two changes only exponents, so
         * output / scale is the unscaled result exactly (short of subnormal values).
         * @return the factor: 1 (nothing done) for any value not within a factor `terms` of
         * the largest T
         */
        T scale_values(std::size_t count, std::size_t terms)
        {
            T largest = 0;
            for (std::size_t k = 0; k < count; ++k)
            {
                largest = std::max(largest, std::abs(value[k]));
            }
            if (largest <= std::numeric_limits<T>::max() / static_cast<T>(terms))
            {
                return 1;
            }
            int exponent = 0;
            std::frexp(static_cast<T>(terms), &exponent); // terms < 2^exponent
            const T scale = std::ldexp(T(1), -exponent);
            if (value_copy_.empty())
            {
                value_copy_.assign(value, value + count);
            }
            for (T& x : value_copy_)
            {
                x *= scale;
            }
            value = value_copy_.data();
            return scale;
        }

        /// Cells of the largest copy made (0 in double unless the values were scaled).
        std::size_t largest_copy() const
        {
            return std::max({query_copy_.size(), key_copy_.size(), value_copy_.size()});
        }

    private:
        static const T* as_scalar(const char* name, const matrix& m, std::vector<T>& copy)
        {
            if constexpr (std::is_same_v<T, double>)
            {
                return m.data();
            }
            else
            {
                check_fits_float(name, m);
                copy.assign(m.begin(), m.end());
                return copy.data();
            }
        }
    };

    /// A block or chunk size: given, 1 … count; omitted, min(count, default_flash_block).
    inline std::size_t block_size(const char* argument, const std::optional<std::size_t>& given,
                                  std::size_t count, const char* what)
    {
        if (!given)
        {
            return std::min(count, default_flash_block);
        }
        if (*given == 0 || *given > count)
        {
            fail(argument, "a whole number from 1 to " + std::to_string(count) + " (" + what + ")",
                 std::to_string(*given));
        }
        return *given;
    }

    /// How many blocks of `block` cover `count`, the last one possibly shorter.
    inline std::size_t blocks(std::size_t count, std::size_t block)
    {
        return (count + block - 1) / block;
    }

    /// "double" or "float32", as an overflow message names the range.
    template <class T> constexpr const char* range_name()
    {
        return std::is_same_v<T, double> ? "double" : "float32";
    }

    /**
     * One tile of scores: rows [i0, i0 + rows) of the queries against keys [j0, j0 + cols),
     * as attention computes them: Q·Kᵀ (each cell summed in index order), then ÷ √d_k, then
     * blocked cells = fill. `key_t` (d_k × cols) and `scores` (rows × cols) are the caller's
     * buffers.
     */
    template <class T>
    void score_tile(const T* query, const T* key, std::size_t d_k, std::size_t i0, std::size_t rows,
                    std::size_t j0, std::size_t cols, T sqrt_d_k, const mask_lookup& mask, T fill,
                    T* key_t, T* scores)
    {
        // The key block transposed, so the product walks contiguous rows (matmul's i-k-j).
        for (std::size_t c = 0; c < cols; ++c)
        {
            const T* key_row = key + (j0 + c) * d_k;
            for (std::size_t kk = 0; kk < d_k; ++kk)
            {
                key_t[kk * cols + c] = key_row[kk];
            }
        }
        matmul_into(query + i0 * d_k, key_t, scores, rows, d_k, cols);
        for (std::size_t r = 0; r < rows; ++r)
        {
            T* row = scores + r * cols;
            // Finite inputs can still overflow (values near 1e200, or 1e20 in float32).
#if defined(__wasm_simd128__)
            // In wasm the check is a sum after the loop, not a test per cell, so the division
            // vectorises: the sum of x·0 is 0 for finite cells and NaN once one is ±∞ or NaN.
            // (g++ does not vectorise that sum natively, where the test per cell is faster.)
            T overflowed = 0;
            for (std::size_t c = 0; c < cols; ++c)
            {
                overflowed += row[c] * T(0);
                row[c] /= sqrt_d_k;
            }
            for (std::size_t c = 0; std::isnan(overflowed) && c < cols; ++c)
            {
                if (!std::isfinite(row[c]))
                {
                    fail_overflow("query", "scores", i0 + r, j0 + c, row[c], range_name<T>());
                }
            }
#else
            for (std::size_t c = 0; c < cols; ++c)
            {
                if (!std::isfinite(row[c]))
                {
                    fail_overflow("query", "scores", i0 + r, j0 + c, row[c], range_name<T>());
                }
                row[c] /= sqrt_d_k;
            }
#endif
            if (mask.masks())
            {
                for (std::size_t c = 0; c < cols; ++c)
                {
                    row[c] = mask.allows(i0 + r, j0 + c) ? row[c] : fill;
                }
            }
        }
    }

    /// The max of a row of scores (−∞ when every cell is blocked with −∞).
    template <class T> T row_max(const T* row, std::size_t cols)
    {
        T out = -std::numeric_limits<T>::infinity();
        for (std::size_t c = 0; c < cols; ++c)
        {
            out = std::max(out, row[c]);
        }
        return out;
    }

    /// exps[c] = exp(row[c] − max) and their sum; all 0 when max is −∞ (every key blocked),
    /// where −∞ − (−∞) would be NaN. `exps` may be `row` itself. Doubles in wasm go through the
    /// vectorised exp (exp_kernel.hpp), within 2 ulps of std::exp; float32, and native builds,
    /// keep std::exp.
    template <class T> T exponentials(const T* row, std::size_t cols, T max, T* exps)
    {
        if (max == -std::numeric_limits<T>::infinity())
        {
            std::fill(exps, exps + cols, T(0));
            return 0;
        }
#if defined(__wasm_simd128__)
        if constexpr (std::is_same_v<T, double>)
        {
            return exp_shifted_sum(row, cols, max, exps);
        }
        else
#endif
        {
            T sum = 0;
            for (std::size_t c = 0; c < cols; ++c)
            {
                exps[c] = std::exp(row[c] - max);
                sum += exps[c];
            }
            return sum;
        }
    }

    /// A buffer of T copied out as a rows × cols matrix of doubles, for a trace.
    template <class T> matrix widen(const T* data, std::size_t rows, std::size_t cols)
    {
        matrix out = xt::empty<double>({rows, cols});
        std::copy(data, data + rows * cols, out.data());
        return out;
    }

    /// A buffer of T copied out as a vector of doubles, for a trace.
    template <class T> vector widen(const T* data, std::size_t size)
    {
        vector out = xt::empty<double>({size});
        std::copy(data, data + size, out.data());
        return out;
    }
} // namespace attn::detail

#endif
