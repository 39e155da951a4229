#include "attn/matrix.hpp"

#include <algorithm>

namespace attn
{
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
