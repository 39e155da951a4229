#include "attn/sequence_sums.hpp"

#include <algorithm>
#include <vector>

namespace attn::detail
{
    matrix transposed_product(const matrix& a, const matrix& b, std::size_t sequences)
    {
        // Shape contract: a (S·k × n), b (S·k × p) → (n × p).
        // No transposed copy of a: row r of b, scaled by a(r, i), is added to out row i. The
        // inner loop is contiguous and vectorises, and each cell sums its terms in r order from
        // 0 as matmul does, so with S = 1 the result is bit-identical to matmul(aᵀ, b), natively
        // and in wasm. Out row i stays in cache while every sequence adds into it.
        const std::size_t total = rows(a), n = cols(a), p = cols(b);
        const std::size_t k = total / sequences;
        matrix out = xt::zeros<double>({n, p});
        std::vector<double> partial(sequences > 1 ? p : 0);
        const double* pa = a.data();
        const double* pb = b.data();
        for (std::size_t i = 0; i < n; ++i)
        {
            double* out_row = out.data() + i * p;
            for (std::size_t s = 0; s < sequences; ++s)
            {
                // The first sequence sums straight into out; each later one into its own
                // partial sum, added once it is complete.
                double* sum = s == 0 ? out_row : partial.data();
                std::fill_n(sum, p, 0.0);
                for (std::size_t r = s * k; r < (s + 1) * k; ++r)
                {
                    const double a_ri = pa[r * n + i];
                    const double* b_row = pb + r * p;
                    for (std::size_t j = 0; j < p; ++j)
                    {
                        sum[j] += a_ri * b_row[j];
                    }
                }
                if (s > 0)
                {
                    for (std::size_t j = 0; j < p; ++j)
                    {
                        out_row[j] += partial[j];
                    }
                }
            }
        }
        return out;
    }

    vector column_sums(const matrix& m, std::size_t sequences)
    {
        // Shape contract: m (S·k × p) → (p).
        const std::size_t p = cols(m), k = rows(m) / sequences;
        vector sums = xt::zeros<double>({p});
        std::vector<double> partial(p);
        for (std::size_t s = 0; s < sequences; ++s)
        {
            double* sum = s == 0 ? sums.data() : partial.data();
            std::fill_n(sum, p, 0.0);
            for (std::size_t r = s * k; r < (s + 1) * k; ++r)
            {
                const double* row = m.data() + r * p;
                for (std::size_t j = 0; j < p; ++j)
                {
                    sum[j] += row[j];
                }
            }
            if (s > 0)
            {
                for (std::size_t j = 0; j < p; ++j)
                {
                    sums(j) += partial[j];
                }
            }
        }
        return sums;
    }
} // namespace attn::detail
