#include "attn/matrix.hpp"

namespace attn
{
    matrix matmul(const matrix& a, const matrix& b)
    {
        const std::size_t n = rows(a), k = cols(a), p = cols(b);
        matrix out = xt::zeros<double>({n, p});
        const double* pa = a.data();
        const double* pb = b.data();
        double* po = out.data();
        // i-k-j order: the inner loop walks a row of b and a row of out contiguously, and each
        // out cell still sums its k terms in index order, so the result does not depend on
        // how the compiler vectorises.
        for (std::size_t i = 0; i < n; ++i)
        {
            double* out_row = po + i * p;
            for (std::size_t c = 0; c < k; ++c)
            {
                const double a_ic = pa[i * k + c];
                const double* b_row = pb + c * p;
                for (std::size_t j = 0; j < p; ++j)
                {
                    out_row[j] += a_ic * b_row[j];
                }
            }
        }
        return out;
    }

    matrix matmul_transposed(const matrix& a, const matrix& b)
    {
        // Transposing b first turns every row-by-row dot product into the vectorisable
        // i-k-j loop of matmul, at the cost of one copy of b.
        const matrix b_t = xt::transpose(b);
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
        matrix out = xt::view(m, xt::all(), xt::range(first, first + count));
        return out;
    }
} // namespace attn
