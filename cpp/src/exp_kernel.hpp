#ifndef ATTN_SRC_EXP_KERNEL_HPP
#define ATTN_SRC_EXP_KERNEL_HPP

// exp(x) for x ≤ 0 (and −∞), two at a time in the WebAssembly build, with the sum of the
// results: the tiled passes take one exponential per score and add them up, and libm's scalar
// exp plus the serial sum were a fifth of flash attention's time in wasm.
//
// The method is the table-driven one (Tang, ACM TOMS 15(2), 1989):
//   x = (32·k + j)·ln2/32 + r, k·32 + j = round(x·32/ln2), |r| ≤ ln2/64, ln2/32 split in two
//   so that (32k + j)·ln2/32 is exact;
//   exp(x) = 2^k · 2^(j/32) · (1 + expm1(r)), 2^(j/32) from a table of 32 correctly rounded
//   doubles, expm1(r) by its Taylor polynomial to degree 6 (remainder < 4e-18 on |r| ≤ ln2/64),
//   2^k built in the exponent bits as 2^⌊k/2⌋ · 2^(k−⌊k/2⌋) so both factors stay normal down
//   to x = −746 (below which exp rounds to 0).
// Within 1 ulp of a correctly rounded exp (tests/cpp/exp_kernel.test.cpp). The scalar version
// does the SIMD one's operations in the same order (it computes the odd element at the end and
// is the reference the tests compare the lanes with, bit for bit). Native builds keep libm's exp
// in the tiled passes (score_tiles.hpp): glibc's is faster there than this one unvectorised.

#include <cstddef>
#include <cstdint>
#include <cstring>

#if defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace attn::detail
{
    namespace exp_constants
    {
        constexpr double to_steps = 46.16624130844683; // 32 / ln 2
        constexpr double step_hi = 0.02166084938653512; // ln 2 / 32 to 32 bits: steps·step_hi is exact
        constexpr double step_lo = 5.9631716539705866e-12; // the rest of ln 2 / 32
        constexpr double lowest = -746.0; // exp(−746) < half the smallest subnormal
        constexpr double shifter = 6755399441055744.0; // 1.5·2^52: x + shifter rounds x to an integer
        constexpr std::int64_t bias = 1023;
        /// 2^(j/32), j = 0 … 31, each correctly rounded.
        constexpr double powers[32] = {
            1.0, 1.0218971486541166, 1.0442737824274138, 1.0671404006768237,
            1.0905077326652577, 1.1143867425958924, 1.1387886347566916, 1.1637248587775775,
            1.189207115002721, 1.215247359980469, 1.241857812073484, 1.2690509571917332,
            1.2968395546510096, 1.3252366431597413, 1.3542555469368927, 1.383909881963832,
            1.4142135623730951, 1.4451808069770467, 1.4768261459394993, 1.5091644275934228,
            1.5422108254079407, 1.5759808451078865, 1.6104903319492543, 1.645755478153965,
            1.681792830507429, 1.718619298122478, 1.7562521603732995, 1.7947090750031072,
            1.8340080864093424, 1.8741676341103, 1.9152065613971474, 1.9571441241754002};

        inline std::int64_t bits_of(double x)
        {
            std::int64_t out = 0;
            std::memcpy(&out, &x, sizeof out);
            return out;
        }

        inline double from_bits(std::int64_t bits)
        {
            double out = 0;
            std::memcpy(&out, &bits, sizeof out);
            return out;
        }
    } // namespace exp_constants

    /// exp(x) for x ≤ 0 or −∞ (positive x are outside its contract): the scalar path.
    inline double exp_nonpositive(double x)
    {
        using namespace exp_constants;
        x = x < lowest ? lowest : x;
        const double shifted = x * to_steps + shifter;
        const double steps = shifted - shifter;
        const double r = (x - steps * step_hi) - steps * step_lo;
        double p = 1.0 / 720;
        p = p * r + 1.0 / 120;
        p = p * r + 1.0 / 24;
        p = p * r + 1.0 / 6;
        p = p * r + 0.5;
        p = p * r * r + r; // expm1(r)
        const std::int64_t n = bits_of(shifted) - bits_of(shifter);
        const double power = powers[n & 31];
        const std::int64_t k = n >> 5, half = k >> 1;
        const double y = power + power * p;
        return y * from_bits((half + bias) << 52) * from_bits((k - half + bias) << 52);
    }

    /**
     * out[i] = exp(in[i] − shift) for i < count (each in[i] − shift ≤ 0, or −∞), and their sum,
     * added in two lanes (even and odd i) then the odd tail. `out` may be `in`.
     */
    inline double exp_shifted_sum(const double* in, std::size_t count, double shift, double* out)
    {
        std::size_t i = 0;
        double even = 0, odd = 0;
#if defined(__wasm_simd128__)
        using namespace exp_constants;
        const v128_t shift2 = wasm_f64x2_splat(shift), shifter2 = wasm_f64x2_splat(shifter);
        const v128_t bias2 = wasm_i64x2_splat(bias);
        v128_t sums = wasm_f64x2_splat(0);
        for (; i + 2 <= count; i += 2)
        {
            v128_t x = wasm_f64x2_sub(wasm_v128_load(in + i), shift2);
            x = wasm_f64x2_pmax(x, wasm_f64x2_splat(lowest)); // x < lowest ? lowest : x
            const v128_t shifted = wasm_f64x2_add(wasm_f64x2_mul(x, wasm_f64x2_splat(to_steps)), shifter2);
            const v128_t steps = wasm_f64x2_sub(shifted, shifter2);
            const v128_t r = wasm_f64x2_sub(wasm_f64x2_sub(x, wasm_f64x2_mul(steps, wasm_f64x2_splat(step_hi))),
                                            wasm_f64x2_mul(steps, wasm_f64x2_splat(step_lo)));
            v128_t p = wasm_f64x2_splat(1.0 / 720);
            p = wasm_f64x2_add(wasm_f64x2_mul(p, r), wasm_f64x2_splat(1.0 / 120));
            p = wasm_f64x2_add(wasm_f64x2_mul(p, r), wasm_f64x2_splat(1.0 / 24));
            p = wasm_f64x2_add(wasm_f64x2_mul(p, r), wasm_f64x2_splat(1.0 / 6));
            p = wasm_f64x2_add(wasm_f64x2_mul(p, r), wasm_f64x2_splat(0.5));
            p = wasm_f64x2_add(wasm_f64x2_mul(wasm_f64x2_mul(p, r), r), r);
            const v128_t n = wasm_i64x2_sub(shifted, shifter2);
            const v128_t j = wasm_v128_and(n, wasm_i64x2_splat(31));
            v128_t power = wasm_v128_load64_zero(&powers[wasm_i64x2_extract_lane(j, 0)]);
            power = wasm_v128_load64_lane(&powers[wasm_i64x2_extract_lane(j, 1)], power, 1);
            const v128_t k = wasm_i64x2_shr(n, 5), half = wasm_i64x2_shr(k, 1);
            v128_t y = wasm_f64x2_add(power, wasm_f64x2_mul(power, p));
            y = wasm_f64x2_mul(y, wasm_i64x2_shl(wasm_i64x2_add(half, bias2), 52));
            y = wasm_f64x2_mul(y, wasm_i64x2_shl(wasm_i64x2_add(wasm_i64x2_sub(k, half), bias2), 52));
            wasm_v128_store(out + i, y);
            sums = wasm_f64x2_add(sums, y);
        }
        even = wasm_f64x2_extract_lane(sums, 0);
        odd = wasm_f64x2_extract_lane(sums, 1);
#endif
        for (; i + 2 <= count; i += 2)
        {
            out[i] = exp_nonpositive(in[i] - shift);
            out[i + 1] = exp_nonpositive(in[i + 1] - shift);
            even += out[i];
            odd += out[i + 1];
        }
        double sum = even + odd;
        if (i < count)
        {
            out[i] = exp_nonpositive(in[i] - shift);
            sum += out[i];
        }
        return sum;
    }
} // namespace attn::detail

#endif
