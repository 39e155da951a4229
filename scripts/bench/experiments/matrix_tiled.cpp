// EXPERIMENT ONLY (scripts/bench/experiments/phases.sh): cpp/src/matrix.cpp with a register-tiled
// matmul: each strip of 8 output cells is accumulated in registers over all k and stored once,
// instead of loading and storing the output row for every k. Every output cell still sums its k
// terms in index order from 0, so results stay bit-identical to the engine's loop. Not used by
// the engine.
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
        constexpr std::size_t w = 8;  // a strip of 8 output cells stays in registers over all k
        for (std::size_t i = 0; i < n; ++i)
        {
            const double* a_row = pa + i * k;
            double* out_row = po + i * p;
            std::size_t j0 = 0;
            for (; j0 + w <= p; j0 += w)
            {
                double acc[w] = {0, 0, 0, 0, 0, 0, 0, 0};
                for (std::size_t c = 0; c < k; ++c)
                {
                    const double a_ic = a_row[c];
                    const double* b_strip = pb + c * p + j0;
                    for (std::size_t jj = 0; jj < w; ++jj)
                    {
                        acc[jj] += a_ic * b_strip[jj];
                    }
                }
                for (std::size_t jj = 0; jj < w; ++jj)
                {
                    out_row[j0 + jj] = acc[jj];
                }
            }
            for (; j0 < p; ++j0)
            {
                double acc = 0;
                for (std::size_t c = 0; c < k; ++c)
                {
                    acc += a_row[c] * pb[c * p + j0];
                }
                out_row[j0] = acc;
            }
        }
        return out;
    }

    matrix matmul_transposed(const matrix& a, const matrix& b)
    {
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
}
