// The matrix products, alone in their file: the kernels that the WebAssembly and native builds
// compile differently (see below).
#include <algorithm>
#include <type_traits>

#include "attn/matrix.hpp"

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
        // Four doubles as one value: an AVX register in the native AVX build below, two SSE2 or
        // SIMD128 registers elsewhere. `loose` is the same type at a double's alignment, for
        // loads and stores anywhere in a row.
        typedef double quad __attribute__((vector_size(32)));
        typedef double loose_quad __attribute__((vector_size(32), aligned(8)));

        /// What a product reads and writes: out (n × p) = A·b, A's cell (i, c) at
        /// a[i·a_row + c·a_col] (a_col = 1: a row-major A; a_row = 1: the transpose of a
        /// row-major matrix, read in place), b (k × p) row-major.
        struct product_args
        {
            const double* a;
            std::size_t a_row, a_col;
            const double* b;
            double* out;
            std::size_t n, k, p;
            bool accumulate; ///< add the product to out instead of overwriting it
        };

        /**
         * Rows [first, first + R) of the product by tiles of R rows × 8 columns, then their last
         * p % 8 columns one cell at a time. A tile's 2R accumulators of four doubles stay in
         * registers across all k, and each row of b loaded serves R rows of A. Every cell sums
         * its k terms in index order from 0, a multiply then an add (never fused), so the
         * result is the plain loop's bit for bit, whatever the registers' width.
         */
        template <std::size_t R>
        [[gnu::always_inline]] inline void product_rows(const product_args& g, std::size_t first)
        {
            const std::size_t k = g.k, p = g.p;
            const double* a = g.a + first * g.a_row;
            double* out = g.out + first * p;
            std::size_t j0 = 0;
            for (; j0 + 8 <= p; j0 += 8)
            {
                quad acc[R][2] = {};
                const double* b = g.b + j0;
                for (std::size_t c = 0; c < k; ++c, b += p)
                {
                    const quad low = *reinterpret_cast<const loose_quad*>(b);
                    const quad high = *reinterpret_cast<const loose_quad*>(b + 4);
                    for (std::size_t r = 0; r < R; ++r)
                    {
                        const double x = a[r * g.a_row + c * g.a_col];
                        acc[r][0] += x * low;
                        acc[r][1] += x * high;
                    }
                }
                for (std::size_t r = 0; r < R; ++r)
                {
                    loose_quad* to = reinterpret_cast<loose_quad*>(out + r * p + j0);
                    to[0] = g.accumulate ? quad(to[0] + acc[r][0]) : acc[r][0];
                    to[1] = g.accumulate ? quad(to[1] + acc[r][1]) : acc[r][1];
                }
            }
            for (; j0 < p; ++j0)
            {
                for (std::size_t r = 0; r < R; ++r)
                {
                    double sum = 0;
                    for (std::size_t c = 0; c < k; ++c)
                    {
                        sum += a[r * g.a_row + c * g.a_col] * g.b[c * p + j0];
                    }
                    out[r * p + j0] = g.accumulate ? out[r * p + j0] + sum : sum;
                }
            }
        }

        /// The whole product: R rows at a time, then the n % R rows left one at a time.
        template <std::size_t R>
        [[gnu::always_inline]] inline void product_tiles(const product_args& g)
        {
            std::size_t i = 0;
            for (; i + R <= g.n; i += R)
            {
                product_rows<R>(g, i);
            }
            for (; i < g.n; ++i)
            {
                product_rows<1>(g, i);
            }
        }

#if defined(__x86_64__) || defined(__i386__)
        // Natively the same loops are compiled twice: with AVX (four doubles a register, 16
        // registers: tiles of 4 rows) and for the baseline SSE2 (two doubles a register: tiles
        // of 2 rows, so that the accumulators still fit). AVX without FMA adds and multiplies
        // exactly as SSE2 does, so both give the same bits; the first call picks the one this
        // CPU runs. 2–3× the plain i-k-j loop's speed on the language model's products.
        [[gnu::target("avx")]] void product_avx(const product_args& g)
        {
            product_tiles<4>(g);
        }

        void product_sse2(const product_args& g)
        {
            product_tiles<2>(g);
        }

        void product(const product_args& g)
        {
            static const bool avx = []
            {
                __builtin_cpu_init();
                return __builtin_cpu_supports("avx") != 0;
            }();
            avx ? product_avx(g) : product_sse2(g);
        }
#else
        // WebAssembly: two rows at a time, each quad two SIMD128 registers; each load of b
        // serves both rows. 1.5× the one-row strip's multiply-adds a second in V8.
        void product(const product_args& g)
        {
            product_tiles<2>(g);
        }
#endif
    } // namespace

    void detail::product_into(const double* a, std::size_t a_row, std::size_t a_col,
                              const double* b, double* out, std::size_t n, std::size_t k,
                              std::size_t p, bool accumulate)
    {
        product({a, a_row, a_col, b, out, n, k, p, accumulate});
    }

    template <class T>
    void detail::matmul_into(const T* pa, const T* pb, T* po, std::size_t n, std::size_t k,
                             std::size_t p)
    {
        // Every out cell sums its k terms in index order, starting from 0, in every kernel
        // below, so native and WebAssembly results are bit-identical however each is
        // vectorised. Doubles go through the register tiles above; floats (precision
        // 'float32') through the strip kernel in WebAssembly and the plain loop natively.
        // ATTN_MATMUL_TILED / ATTN_MATMUL_PLAIN force either of those for doubles too, to
        // compare them (docs/benchmarks.md).
#if !defined(ATTN_MATMUL_TILED) && !defined(ATTN_MATMUL_PLAIN)
        if constexpr (std::is_same_v<T, double>)
        {
            product({pa, k, 1, pb, po, n, k, p, false});
            return;
        }
#endif
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
