#include "attn/matrix.hpp"

#include <algorithm>

namespace attn
{
    matrix matmul_transposed(const matrix& a, const matrix& b)
    {
        // Transposing b first turns every row-by-row dot product into the vectorisable
        // i-k-j loop of matmul, at the cost of one copy of b. The copy is a plain loop: an
        // xtensor transpose assignment walks a generic stepper, which cost the trainer more
        // than the product itself on its small matrices.
        const std::size_t m = rows(b), k = cols(b);
        matrix b_t = xt::empty<double>({k, m});
        const double* pb = b.data();
        double* pt = b_t.data();
        for (std::size_t i = 0; i < m; ++i)
        {
            for (std::size_t c = 0; c < k; ++c)
            {
                pt[c * m + i] = pb[i * k + c];
            }
        }
        return matmul(a, b_t);
    }

    matrix linear(const matrix& x, const matrix& w, const vector& bias)
    {
        matrix out = matmul(x, w);
        if (bias.size() != 0)
        {
            const std::size_t n = rows(out), p = cols(out);
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j < p; ++j)
                {
                    out(i, j) += bias(j);
                }
            }
        }
        return out;
    }

    matrix column_slice(const matrix& m, std::size_t first, std::size_t count)
    {
        return block(m, 0, rows(m), first, count);
    }

    matrix block(const matrix& m, std::size_t first_row, std::size_t row_count,
                 std::size_t first_col, std::size_t col_count)
    {
        // Row by row with copy_n rather than an xtensor view assignment (a generic stepper).
        const std::size_t c = cols(m);
        matrix out = xt::empty<double>({row_count, col_count});
        for (std::size_t i = 0; i < row_count; ++i)
        {
            std::copy_n(m.data() + (first_row + i) * c + first_col, col_count,
                        out.data() + i * col_count);
        }
        return out;
    }

    void put_block(matrix& whole, const matrix& part, std::size_t first_row,
                   std::size_t first_col)
    {
        const std::size_t c = cols(whole), part_cols = cols(part);
        for (std::size_t i = 0; i < rows(part); ++i)
        {
            std::copy_n(part.data() + i * part_cols, part_cols,
                        whole.data() + (first_row + i) * c + first_col);
        }
    }

    matrix gather_rows(const matrix& m, const std::vector<std::size_t>& order)
    {
        const std::size_t c = cols(m);
        matrix out = xt::empty<double>({order.size(), c});
        for (std::size_t i = 0; i < order.size(); ++i)
        {
            std::copy_n(m.data() + order[i] * c, c, out.data() + i * c);
        }
        return out;
    }
} // namespace attn
