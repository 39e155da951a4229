// EXPERIMENT ONLY (scripts/bench/experiments/phases.sh): a stand-in for cpp/src/matmul.cpp,
// computing four output rows per pass over b, so each row of b is loaded once for four rows
// of a. Every output cell still sums its k terms in index order, so results stay bit-identical
// to the engine's loop. Not used by the engine.
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
        std::size_t i = 0;
        for (; i + 4 <= n; i += 4)
        {
            double* o0 = po + i * p;
            double* o1 = o0 + p;
            double* o2 = o1 + p;
            double* o3 = o2 + p;
            for (std::size_t c = 0; c < k; ++c)
            {
                const double a0 = pa[i * k + c], a1 = pa[(i + 1) * k + c];
                const double a2 = pa[(i + 2) * k + c], a3 = pa[(i + 3) * k + c];
                const double* __restrict b_row = pb + c * p;
                for (std::size_t j = 0; j < p; ++j)
                {
                    const double bj = b_row[j];
                    o0[j] += a0 * bj;
                    o1[j] += a1 * bj;
                    o2[j] += a2 * bj;
                    o3[j] += a3 * bj;
                }
            }
        }
        for (; i < n; ++i)
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
} // namespace attn
