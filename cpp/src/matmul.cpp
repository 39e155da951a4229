// The matrix product, alone in its file: the one kernel that the WebAssembly and native builds
// compile differently (see below).
#include <algorithm>

#include "attn/matrix.hpp"

namespace attn
{
    matrix matmul(const matrix& a, const matrix& b)
    {
        matrix out = xt::empty<double>({rows(a), cols(b)});
        detail::matmul_into(a.data(), b.data(), out.data(), rows(a), cols(a), cols(b));
        return out;
    }

    template <class T>
    void detail::matmul_into(const T* pa, const T* pb, T* po, std::size_t n, std::size_t k,
                             std::size_t p)
    {
        // Every out cell sums its k terms in index order, starting from 0, in both loops below,
        // so native and WebAssembly results are bit-identical however each is vectorised.
        // The kernel is chosen at compile time: the strip kernel for WebAssembly, the plain loop
        // natively. ATTN_MATMUL_TILED / ATTN_MATMUL_PLAIN force either, to compare them
        // (docs/benchmarks.md).
#if defined(ATTN_MATMUL_TILED) || (defined(__wasm_simd128__) && !defined(ATTN_MATMUL_PLAIN))
        // Strip kernel: 8 out cells stay in SIMD registers across all k and are stored once
        // (1.3× faster in wasm; the same loop is ~20% slower under g++ x86-64).
        constexpr std::size_t strip = 8;
        for (std::size_t i = 0; i < n; ++i)
        {
            const T* a_row = pa + i * k;
            T* out_row = po + i * p;
            std::size_t j0 = 0;
            for (; j0 + strip <= p; j0 += strip)
            {
                T acc[strip] = {0, 0, 0, 0, 0, 0, 0, 0};
                for (std::size_t c = 0; c < k; ++c)
                {
                    const T a_ic = a_row[c];
                    const T* b_strip = pb + c * p + j0;
                    for (std::size_t jj = 0; jj < strip; ++jj)
                    {
                        acc[jj] += a_ic * b_strip[jj];
                    }
                }
                for (std::size_t jj = 0; jj < strip; ++jj)
                {
                    out_row[j0 + jj] = acc[jj];
                }
            }
            for (; j0 < p; ++j0)
            {
                T acc = 0;
                for (std::size_t c = 0; c < k; ++c)
                {
                    acc += a_row[c] * pb[c * p + j0];
                }
                out_row[j0] = acc;
            }
        }
#else
        // Native: i-k-j order; the inner loop walks a row of b and a row of out contiguously.
        std::fill(po, po + n * p, T(0));
        for (std::size_t i = 0; i < n; ++i)
        {
            T* out_row = po + i * p;
            for (std::size_t c = 0; c < k; ++c)
            {
                const T a_ic = pa[i * k + c];
                const T* b_row = pb + c * p;
                for (std::size_t j = 0; j < p; ++j)
                {
                    out_row[j] += a_ic * b_row[j];
                }
            }
        }
#endif
    }

    template void detail::matmul_into<double>(const double*, const double*, double*, std::size_t,
                                              std::size_t, std::size_t);
    template void detail::matmul_into<float>(const float*, const float*, float*, std::size_t,
                                             std::size_t, std::size_t);
} // namespace attn
