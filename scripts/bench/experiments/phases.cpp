// Where the time of one attention call goes, natively and in wasm: the same passes as
// attn::detail::attention_unchecked, timed one by one. Built and run by phases.sh; not part of
// `npm run bench`.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <algorithm>

#include "attn/attention.hpp"
#include "attn/random.hpp"

namespace
{
    attn::matrix seeded(std::size_t r, std::size_t c, std::uint64_t stream)
    {
        attn::splitmix64 rng(256 + stream);
        attn::matrix out = xt::empty<double>({r, c});
        for (auto& x : out) x = 2 * rng.uniform() - 1;
        return out;
    }
    volatile double sink = 0;

    template <class F>
    double median_ms(F&& f, int reps)
    {
        std::vector<double> t;
        for (int i = 0; i < reps; ++i)
        {
            auto a = std::chrono::steady_clock::now();
            f();
            auto b = std::chrono::steady_clock::now();
            t.push_back(std::chrono::duration<double, std::milli>(b - a).count());
        }
        std::sort(t.begin(), t.end());
        return t[t.size() / 2];
    }
}

int main(int argc, char** argv)
{
    const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 256, d = 64;
    const int reps = argc > 2 ? std::atoi(argv[2]) : 40;
    const attn::matrix q = seeded(n, d, 0), k = seeded(n, d, 1), v = seeded(n, d, 2);
    const attn::matrix scores = attn::matmul_transposed(q, k);
    const attn::matrix scaled = scores / 8.0;
    const attn::softmax_trace sm = attn::softmax_rows(scaled);
    // Warm-up long enough for V8 to move the hot wasm functions from Liftoff to TurboFan.
    for (int i = 0; i < 3 * reps; ++i) sink = sink + attn::scaled_dot_product_attention(q, k, v).output(0, 0);

    const double full = median_ms([&] { sink = sink + attn::scaled_dot_product_attention(q, k, v).output(0, 0); }, reps);
    const double p1 = median_ms([&] { sink = sink + attn::matmul_transposed(q, k)(0, 0); }, reps);
    const double p2 = median_ms([&] { attn::matrix s = scores / 8.0; sink = sink + s(0, 0); }, reps);
    const double p4 = median_ms([&] { sink = sink + attn::softmax_rows(scaled).weights(0, 0); }, reps);
    const double p5 = median_ms([&] { sink = sink + attn::matmul(sm.weights, v)(0, 0); }, reps);
    const double ex = median_ms([&] {
        double s = 0;
        for (double x : scaled) s += std::exp(x - 1.0);
        sink = sink + s;
    }, reps);
    const double al = median_ms([&] {
        attn::matrix a = xt::zeros<double>({n, n});
        sink = sink + a(0, 0);
    }, reps);
    const double full2 = median_ms([&] { sink = sink + attn::scaled_dot_product_attention(q, k, v).output(0, 0); }, reps);
    std::printf("{\"n\":%zu,\"full\":%.4f,\"full_again\":%.4f,\"scores_QKt\":%.4f,\"scale\":%.4f,\"softmax\":%.4f,"
                "\"output_WV\":%.4f,\"exp_only\":%.4f,\"alloc_zero_nxn\":%.4f}\n",
                n, full, full2, p1, p2, p4, p5, ex, al);
    return 0;
}
