#include "attn/sequence_sums.hpp"

#include <algorithm>
#include <vector>

namespace attn::detail
{
    matrix transposed_product(const matrix& a, const matrix& b, std::size_t sequences)
    {
        // Shape contract: a (S·k × n), b (S·k × p) → (n × p).
        // No transposed copy of a: matmul's register tiles read A = aᵀ in place (its cell
        // (i, r) is a(r, i)). Each sequence's k rows are summed in registers from 0, in r order
        // as matmul sums, then stored (the first sequence) or added (the later ones). So with
        // S = 1 the result is bit-identical to matmul(aᵀ, b), natively and in wasm, and with
        // more it adds whole sequences in order.
        const std::size_t total = rows(a), n = cols(a), p = cols(b);
        const std::size_t k = total / sequences;
        matrix out = xt::empty<double>({n, p});
        for (std::size_t s = 0; s < sequences; ++s)
        {
            product_into(a.data() + s * k * n, 1, n, b.data() + s * k * p, out.data(), n, k, p,
                         s > 0);
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
