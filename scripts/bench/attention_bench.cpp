// Native side of `npm run bench` (scripts/bench/run.mjs): times attn::scaled_dot_product_attention
// (no mask, full trace) on seeded random inputs, the same inputs the wasm and JS contenders get,
// and attn::kv_cache_decode (decoding with a key/value cache, scripts/bench/engine/decode.mjs).
//
//   attn_bench N D ITERATIONS [WARMUP]   one batch, then exit
//   attn_bench --serve                   one batch per stdin line "N D ITERATIONS [WARMUP]", or
//       "decode N D_MODEL HEADS KV_HEADS WINDOW SINKS ITERATIONS [WARMUP]" (WINDOW 0: none),
//       answered {"n":N,"times_ms":[…],"checksum":{"output":Σ,"cacheCells":C}}
//
// Each batch prints one JSON line on stdout:
//   {"n":N,"d":D,"iterations":I,"times_ms":[…one per timed call…],
//    "checksum":{"scores":Σ,"weights":Σ,"output":Σ}}
// Only the calls are timed (std::chrono::steady_clock around each one, the trace's construction
// and destruction included); input generation, the untimed warm-up calls and process start-up
// are not. The checksums let the orchestrator check
// that the native binary saw the same inputs and computed the same numbers as the wasm module.
//
// Inputs (n = m, d_k = d_v = D): Q, K, V filled row by row with 2u − 1, u from attn::splitmix64
// with state seed·256 + k (seed 1; k = 0, 1, 2 for Q, K, V) — the engine's documented generator,
// re-implemented with BigInt in scripts/bench/engine/inputs.mjs.

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "attn/attention.hpp"
#include "attn/error.hpp"
#include "attn/kv_cache.hpp"
#include "attn/random.hpp"

namespace
{
    constexpr std::uint64_t input_seed = 1;

    attn::matrix seeded_matrix(std::size_t rows, std::size_t cols, std::uint64_t stream,
                               double scale = 1)
    {
        attn::splitmix64 rng(input_seed * 256 + stream);
        attn::matrix out = xt::empty<double>({rows, cols});
        for (std::size_t i = 0; i < rows; ++i)
        {
            for (std::size_t j = 0; j < cols; ++j)
            {
                out(i, j) = (2 * rng.uniform() - 1) * scale;
            }
        }
        return out;
    }

    struct inputs
    {
        attn::matrix query, key, value;
    };

    const inputs& inputs_for(std::size_t n, std::size_t d)
    {
        static std::map<std::pair<std::size_t, std::size_t>, inputs> cache;
        auto found = cache.find({n, d});
        if (found == cache.end())
        {
            inputs in{seeded_matrix(n, d, 0), seeded_matrix(n, d, 1), seeded_matrix(n, d, 2)};
            found = cache.emplace(std::make_pair(n, d), std::move(in)).first;
        }
        return found->second;
    }

    double sum(const attn::matrix& m)
    {
        double s = 0;
        for (double x : m)
        {
            s += x;
        }
        return s;
    }

    // Keeps the optimiser from discarding a call whose result is otherwise unused.
    volatile double sink = 0;

    std::string run_batch(std::size_t n, std::size_t d, std::size_t iterations, std::size_t warmup)
    {
        using clock = std::chrono::steady_clock;
        const inputs& in = inputs_for(n, d);
        for (std::size_t i = 0; i < warmup; ++i)
        {
            sink = sink + attn::scaled_dot_product_attention(in.query, in.key, in.value).output(0, 0);
        }
        std::vector<double> times;
        times.reserve(iterations);
        for (std::size_t i = 0; i < iterations; ++i)
        {
            // The trace is built and destroyed inside the timed region: a caller pays for both,
            // and so does every call of the wasm module.
            const auto start = clock::now();
            {
                const attn::attention_trace t =
                    attn::scaled_dot_product_attention(in.query, in.key, in.value);
                sink = sink + t.output(0, 0);
            }
            const auto stop = clock::now();
            times.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
        }
        // One more, untimed call for the checksums.
        const attn::attention_trace last =
            attn::scaled_dot_product_attention(in.query, in.key, in.value);
        std::ostringstream out;
        out << "{\"n\":" << n << ",\"d\":" << d << ",\"iterations\":" << iterations
            << ",\"times_ms\":[";
        out << std::fixed;
        out.precision(6);  // nanoseconds
        for (std::size_t i = 0; i < times.size(); ++i)
        {
            out << (i ? "," : "") << times[i];
        }
        out << std::defaultfloat;
        out.precision(17);  // checksums in full
        out << "],\"checksum\":{\"scores\":" << sum(last.scores)
            << ",\"weights\":" << sum(last.weights) << ",\"output\":" << sum(last.output)
            << "}}";
        return out.str();
    }

    // Decoding: streams 3 … 7 are the input rows and W_Q, W_K, W_V, W_O, the weights scaled by
    // 1/√d_model (scripts/bench/engine/decode.mjs and torch_decode.py draw the same numbers).
    struct decode_request
    {
        std::size_t n = 0, d_model = 0, heads = 0, kv_heads = 0, window = 0, sinks = 0;
        std::size_t iterations = 0, warmup = 0;
    };

    std::string run_decode(const decode_request& r)
    {
        using clock = std::chrono::steady_clock;
        const std::size_t kv_width = r.kv_heads * (r.d_model / r.heads);
        const double scale = 1 / std::sqrt(static_cast<double>(r.d_model));
        const attn::matrix input = seeded_matrix(r.n, r.d_model, 3);
        attn::multi_head_params params;
        params.w_q = seeded_matrix(r.d_model, r.d_model, 4, scale);
        params.w_k = seeded_matrix(r.d_model, kv_width, 5, scale);
        params.w_v = seeded_matrix(r.d_model, kv_width, 6, scale);
        params.w_o = seeded_matrix(r.d_model, r.d_model, 7, scale);
        attn::kv_cache_options options;
        options.heads = r.heads;
        options.kv_heads = r.kv_heads;
        if (r.window)
        {
            options.window = r.window;
            options.sinks = r.sinks;
        }
        for (std::size_t i = 0; i < r.warmup; ++i)
        {
            sink = sink + attn::kv_cache_decode(input, params, options).output(0, 0);
        }
        std::vector<double> times;
        times.reserve(r.iterations);
        for (std::size_t i = 0; i < r.iterations; ++i)
        {
            const auto start = clock::now();
            {
                const attn::kv_cache_trace t = attn::kv_cache_decode(input, params, options);
                sink = sink + t.output(0, 0);
            }
            const auto stop = clock::now();
            times.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
        }
        const attn::kv_cache_trace last = attn::kv_cache_decode(input, params, options);
        std::ostringstream out;
        out << "{\"n\":" << r.n << ",\"iterations\":" << r.iterations << ",\"times_ms\":[";
        out << std::fixed;
        out.precision(6);
        for (std::size_t i = 0; i < times.size(); ++i)
        {
            out << (i ? "," : "") << times[i];
        }
        out << std::defaultfloat;
        out.precision(17);
        out << "],\"checksum\":{\"output\":" << sum(last.output)
            << ",\"cacheCells\":" << last.cache_cells << "}}";
        return out.str();
    }

    /// "decode N D_MODEL HEADS KV_HEADS WINDOW SINKS ITERATIONS [WARMUP]"; the engine checks
    /// the shapes and answers a bad one with its own message.
    bool parse_decode(const std::vector<std::string>& words, decode_request& r)
    {
        if (words.size() < 8 || words.size() > 9 || words[0] != "decode")
        {
            return false;
        }
        try
        {
            std::size_t* fields[] = {&r.n,      &r.d_model, &r.heads,      &r.kv_heads,
                                     &r.window, &r.sinks,   &r.iterations, &r.warmup};
            r.warmup = 1;
            for (std::size_t i = 1; i < words.size(); ++i)
            {
                *fields[i - 1] = std::stoul(words[i]);
            }
        }
        catch (const std::exception&)
        {
            return false;
        }
        return r.n >= 1 && r.d_model >= 1 && r.heads >= 1 && r.kv_heads >= 1;
    }

    bool parse(const std::vector<std::string>& words, std::size_t& n, std::size_t& d,
               std::size_t& iterations, std::size_t& warmup)
    {
        if (words.size() < 3 || words.size() > 4)
        {
            return false;
        }
        try
        {
            n = std::stoul(words[0]);
            d = std::stoul(words[1]);
            iterations = std::stoul(words[2]);
            warmup = words.size() == 4 ? std::stoul(words[3]) : 1;
        }
        catch (const std::exception&)
        {
            return false;
        }
        return n >= 1 && n <= attn::max_dimension && d >= 1 && d <= attn::max_dimension;
    }

    constexpr const char* usage =
        "usage: attn_bench N D ITERATIONS [WARMUP]  |  attn_bench --serve "
        "(stdin lines \"N D ITERATIONS [WARMUP]\", one JSON line back each)\n";
}

int main(int argc, char** argv)
{
    std::vector<std::string> args(argv + 1, argv + argc);
    std::size_t n = 0, d = 0, iterations = 0, warmup = 0;
    if (args.size() == 1 && args[0] == "--serve")
    {
        std::string line;
        while (std::getline(std::cin, line))
        {
            std::istringstream words_in(line);
            std::vector<std::string> words;
            for (std::string w; words_in >> w;)
            {
                words.push_back(w);
            }
            if (words.empty())
            {
                continue;
            }
            if (words[0] == "quit")
            {
                break;
            }
            if (words[0] == "decode")
            {
                decode_request r;
                if (!parse_decode(words, r))
                {
                    std::cout << "{\"error\":\"expected decode N D_MODEL HEADS KV_HEADS WINDOW "
                                 "SINKS ITERATIONS [WARMUP]\"}"
                              << std::endl;
                    continue;
                }
                try
                {
                    std::cout << run_decode(r) << std::endl;
                }
                catch (const attn::attention_error& error)
                {
                    // The engine's messages quote with ' ; a " would end the JSON string.
                    std::string message = error.what();
                    std::replace(message.begin(), message.end(), '"', '\'');
                    std::cout << "{\"error\":\"" << message << "\"}" << std::endl;
                }
                continue;
            }
            if (!parse(words, n, d, iterations, warmup))
            {
                std::cout << "{\"error\":\"expected N D ITERATIONS [WARMUP] (N, D in 1..1024)\"}"
                          << std::endl;
                continue;
            }
            std::cout << run_batch(n, d, iterations, warmup) << std::endl;
        }
        return 0;
    }
    if (!parse(args, n, d, iterations, warmup))
    {
        std::cerr << usage;
        return 2;
    }
    std::cout << run_batch(n, d, iterations, warmup) << std::endl;
    return 0;
}
