// The matrix product, alone in its file: the one kernel that the WebAssembly and native builds
// compile differently (see below).
#include <algorithm>
#include <type_traits>

#include "attn/matrix.hpp"

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace attn
{
    matrix matmul(const matrix& a, const matrix& b)
    {
        matrix out = xt::empty<double>({rows(a), cols(b)});
        detail::matmul_into(a.data(), b.data(), out.data(), rows(a), cols(a), cols(b));
        return out;
    }

    namespace
    {
#if defined(__wasm_simd128__)
        /**
         * Rows [0, n − n % 2) of out = a·b in doubles, two rows by eight columns at a time: the
         * 8 accumulators (v128, two doubles each) stay in registers across all k, and each load
         * of b serves both rows. 1.5× the strip kernel's multiply-adds per second in V8 (9.4
         * against 6.1 GFMA/s on 64 × 64 tiles, docs/benchmarks-scale.md), which the compiler
         * does not find by itself. Every cell still sums its k terms in index order from 0 (a
         * multiply, then an add: wasm has no fused multiply-add), so results do not change.
         * @return the rows done; the caller finishes the odd row and the last p % 8 columns
         */
        std::size_t matmul_pairs(const double* pa, const double* pb, double* po, std::size_t n,
                                 std::size_t k, std::size_t p)
        {
            constexpr std::size_t width = 8, vectors = width / 2;
            std::size_t i = 0;
            for (; i + 2 <= n; i += 2)
            {
                const double* a0 = pa + i * k;
                const double* a1 = a0 + k;
                for (std::size_t j0 = 0; j0 + width <= p; j0 += width)
                {
                    v128_t acc0[vectors], acc1[vectors];
                    for (std::size_t v = 0; v < vectors; ++v)
                    {
                        acc0[v] = acc1[v] = wasm_f64x2_splat(0);
                    }
                    const double* b = pb + j0;
                    for (std::size_t c = 0; c < k; ++c, b += p)
                    {
                        const v128_t x0 = wasm_v128_load64_splat(a0 + c);
                        const v128_t x1 = wasm_v128_load64_splat(a1 + c);
                        for (std::size_t v = 0; v < vectors; ++v)
                        {
                            const v128_t bv = wasm_v128_load(b + 2 * v);
                            acc0[v] = wasm_f64x2_add(acc0[v], wasm_f64x2_mul(x0, bv));
                            acc1[v] = wasm_f64x2_add(acc1[v], wasm_f64x2_mul(x1, bv));
                        }
                    }
                    for (std::size_t v = 0; v < vectors; ++v)
                    {
                        wasm_v128_store(po + i * p + j0 + 2 * v, acc0[v]);
                        wasm_v128_store(po + (i + 1) * p + j0 + 2 * v, acc1[v]);
                    }
                }
            }
            return i;
        }
#endif
    } // namespace

    template <class T>
    void detail::matmul_into(const T* pa, const T* pb, T* po, std::size_t n, std::size_t k,
                             std::size_t p)
    {
        // Every out cell sums its k terms in index order, starting from 0, in both loops below,
        // so native and WebAssembly results are bit-identical however each is vectorised.
        // The kernel is chosen at compile time: the pair and strip kernels for WebAssembly, the
        // plain loop natively. ATTN_MATMUL_TILED / ATTN_MATMUL_PLAIN force either, to compare them
        // (docs/benchmarks.md).
#if defined(ATTN_MATMUL_TILED) || (defined(__wasm_simd128__) && !defined(ATTN_MATMUL_PLAIN))
        // Strip kernel: 8 out cells stay in SIMD registers across all k and are stored once
        // (1.3× faster in wasm; the same loop is ~20% slower under g++ x86-64).
        constexpr std::size_t strip = 8;
        // In wasm, doubles go two rows at a time first; the rows it did have only their last
        // p % 8 columns left.
        std::size_t paired = 0;
#if defined(__wasm_simd128__)
        if constexpr (std::is_same_v<T, double>)
        {
            paired = matmul_pairs(pa, pb, po, n, k, p);
        }
#endif
        for (std::size_t i = 0; i < n; ++i)
        {
            const T* a_row = pa + i * k;
            T* out_row = po + i * p;
            std::size_t j0 = i < paired ? p - p % strip : 0;
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
