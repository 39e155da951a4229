#ifndef ATTN_MATRIX_HPP
#define ATTN_MATRIX_HPP

/**
 * @file matrix.hpp
 * @brief The tensor types of the engine and the few linear-algebra kernels it needs.
 *
 * Everything is double precision and row-major. The matrix products are loops over raw rows
 * (rather than xtensor expressions) because they are the hot path of every operation: register
 * tiles (cpp/src/matmul.cpp) that sum every cell's terms in index order without reassociating or
 * fusing, so native and WebAssembly give bit-identical results.
 */

#include <cstddef>
#include <vector>
#include <xtensor/xtensor.hpp>
#include <xtensor/xview.hpp>

namespace attn
{
    /// A row-major matrix of doubles (rows × columns).
    using matrix = xt::xtensor<double, 2>;
    /// A vector of doubles.
    using vector = xt::xtensor<double, 1>;
    /// A stack of matrices (e.g. heads × queries × keys).
    using tensor3 = xt::xtensor<double, 3>;

    /// Number of rows of a matrix.
    inline std::size_t rows(const matrix& m)
    {
        return m.shape()[0];
    }
    /// Number of columns of a matrix.
    inline std::size_t cols(const matrix& m)
    {
        return m.shape()[1];
    }

    /**
     * @brief a·b.
     * @param a (n × k)
     * @param b (k × p)
     * @return (n × p)
     */
    matrix matmul(const matrix& a, const matrix& b);

    /**
     * @brief a·bᵀ, i.e. the dot product of every row of a with every row of b.
     * @param a (n × k)
     * @param b (m × k)
     * @return (n × m)
     */
    matrix matmul_transposed(const matrix& a, const matrix& b);

    /**
     * @brief x·w + bias, the linear layer in the row-vector convention.
     * @param x (n × in)
     * @param w (in × out)
     * @param bias (out) or empty for no bias
     * @return (n × out)
     */
    matrix linear(const matrix& x, const matrix& w, const vector& bias);

    /// Columns [first, first + count) of m, copied.
    matrix column_slice(const matrix& m, std::size_t first, std::size_t count);

    /// Rows [first_row, first_row + row_count) of columns [first_col, first_col + col_count)
    /// of m, copied.
    matrix block(const matrix& m, std::size_t first_row, std::size_t row_count,
                 std::size_t first_col, std::size_t col_count);

    /// Copies part into whole, its top left cell at (first_row, first_col).
    void put_block(matrix& whole, const matrix& part, std::size_t first_row,
                   std::size_t first_col);

    namespace detail
    {
        /**
         * @brief out = a·b over raw row-major arrays, each cell summed in index order from 0 (so
         * double results are bit-identical natively and in WebAssembly). The kernel of matmul,
         * for the tiled passes that multiply blocks in buffers they reuse, in double or float.
         * @param a (n × k) @param b (k × p) @param out (n × p), overwritten; must not alias
         */
        template <class T>
        void matmul_into(const T* a, const T* b, T* out, std::size_t n, std::size_t k,
                         std::size_t p);

        /**
         * @brief out = A·b, or out += A·b, by matmul's kernel, where A is read in place with
         * strides: its cell (i, c) is a[i·a_row + c·a_col] (a_row = 1, a_col = n reads the
         * transpose of a row-major k × n matrix without copying it). Each cell sums its k terms
         * in index order from 0, then is stored or added to out.
         * @param b (k × p) row-major @param out (n × p), must not alias a or b
         * @param accumulate add to out instead of overwriting it
         */
        void product_into(const double* a, std::size_t a_row, std::size_t a_col,
                          const double* b, double* out, std::size_t n, std::size_t k,
                          std::size_t p, bool accumulate);
    } // namespace detail

    /// Rows of m in the order given: out row i = m row order[i] (a lookup or a shuffle).
    matrix gather_rows(const matrix& m, const std::vector<std::size_t>& order);
} // namespace attn

#endif
