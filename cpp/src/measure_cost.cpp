#include "attn/measure_cost.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include "attn/chunked_attention.hpp"
#include "attn/error.hpp"
#include "attn/flash_attention.hpp"
#include "attn/linear_attention.hpp"
#include "attn/random.hpp"
#include "attn/rnn.hpp"
#include "attn/sparse_attention.hpp"
#include "attn/work_estimates.hpp"

namespace attn
{
    namespace
    {
        struct cost_inputs
        {
            matrix query, key, value; // (n × d) each
        };

        cost_inputs draw_inputs(std::size_t n, std::size_t d, std::uint32_t seed)
        {
            splitmix64 stream(
                stream_state(seed, static_cast<std::uint64_t>(input_stream::cost_inputs)));
            cost_inputs in;
            in.query = draw_uniform(n, d, stream, 1);
            in.key = draw_uniform(n, d, stream, 1);
            in.value = draw_uniform(n, d, stream, 1);
            return in;
        }

        /// What one timed run leaves behind: its largest intermediate and a sum of its output,
        /// which is kept so the optimiser cannot drop the work.
        struct run_result
        {
            std::size_t peak_cells = 0;
            double checksum = 0;
        };

        double sum_of(const matrix& m)
        {
            double s = 0;
            for (const double x : m)
            {
                s += x;
            }
            return s;
        }

        // The kernels. Each but 'full' is the public operation with trace: false, the path a
        // learner's call for n in the thousands takes; its argument checks (O(n·d)) are timed
        // with it, which is noise beside the O(n²·d) or O(n·d²) work.
        run_result run_full(const cost_inputs& in, const cost_options&)
        {
            std::size_t peak = 0;
            const matrix out = detail::full_attention_lean(in.query, in.key, in.value, peak);
            return {peak, sum_of(out)};
        }

        run_result run_flash(const cost_inputs& in, const cost_options& o)
        {
            flash_options f;
            f.block_rows = o.block;
            f.block_cols = o.block;
            f.trace = false;
            const flash_attention_trace t = flash_attention(in.query, in.key, in.value, f);
            return {t.peak_cells, sum_of(t.output)};
        }

        run_result run_chunked(const cost_inputs& in, const cost_options& o)
        {
            chunked_options c;
            c.chunk_size = o.block;
            c.trace = false;
            const chunked_attention_trace t = chunked_attention(in.query, in.key, in.value, c);
            return {t.peak_cells, sum_of(t.output)};
        }

        run_result run_linear(const cost_inputs& in, const cost_options&)
        {
            linear_attention_options l;
            l.trace = false;
            const linear_attention_trace t = linear_attention(in.query, in.key, in.value, l);
            return {t.peak_cells, sum_of(t.output)};
        }

        run_result run_sparse(const cost_inputs& in, const cost_options& o)
        {
            sparse_attention_options s;
            s.window = o.window;
            s.trace = false;
            const sparse_attention_trace t = sparse_attention(in.query, in.key, in.value, s);
            return {t.peak_cells, sum_of(t.output)};
        }

        run_result run_rnn(const cost_inputs& in, const cost_options& o)
        {
            // Hidden width d, weights drawn from the seed (O(d²), once per run).
            rnn_options r;
            r.seed = o.seed;
            const rnn_trace t = rnn_forward(in.query, {}, r);
            return {t.peak_cells, sum_of(t.states)};
        }

        /// Keys the sliding window allows over n tokens: Σᵢ (min(n−1, i+w) − max(0, i−w) + 1).
        double window_cells(std::size_t n, std::size_t w)
        {
            double cells = 0;
            for (std::size_t i = 0; i < n; ++i)
            {
                const std::size_t first = i > w ? i - w : 0;
                const std::size_t last = std::min(n - 1, i + w);
                cells += static_cast<double>(last - first + 1);
            }
            return cells;
        }

        /// Blocks of `block` that cover n: ⌈n / block⌉.
        double blocks(std::size_t n, std::size_t block)
        {
            return static_cast<double>((n + block - 1) / block);
        }

        void no_check(const cost_options&) {}

        /// Flash's and chunked's work: tiles of block × block.
        double tiled_work(const cost_options& o)
        {
            const double n = double(o.n), d = double(o.d), b = double(o.block);
            return tiled_attention_work(n, n, d, d, b, b);
        }

        /// One variant: its name, the refusal of sizes past max_peak_cells before anything is
        /// allocated, its lean kernel, its multiply-adds per run as reported, and its work per
        /// run as the work budgets count it (work_estimates.hpp).
        struct variant_entry
        {
            const char* name;
            void (*check)(const cost_options&);
            run_result (*run)(const cost_inputs&, const cost_options&);
            double (*multiply_adds)(const cost_options&);
            double (*work)(const cost_options&);
        };

        const variant_entry variants[] = {
            {"full",
             [](const cost_options& o)
             { detail::check_peak_cells("n", o.n, o.n, "the n × n scores of full attention"); },
             run_full,
             // Q·Kᵀ and weights·V: n·n·d each.
             [](const cost_options& o) { return 2.0 * o.n * o.n * o.d; },
             [](const cost_options& o) { return 2.0 * o.n * o.n * o.d; }},
            {"flash", no_check, run_flash,
             // The same two products tile by tile, plus rescaling the running output
             // (n × d) by α once per key block.
             [](const cost_options& o)
             { return 2.0 * o.n * o.n * o.d + o.n * blocks(o.n, o.block) * o.d; },
             tiled_work},
            {"chunked", no_check, run_chunked,
             // The same two products chunk by chunk, plus weighting each key chunk's summary
             // (n × d) by its factor when a query chunk's summaries are combined.
             [](const cost_options& o)
             { return 2.0 * o.n * o.n * o.d + o.n * blocks(o.n, o.block) * o.d; },
             tiled_work},
            {"linear", no_check, run_linear,
             // φ(K)ᵀ·V and φ(K)ᵀ·1 (n·d·d + n·d), then φ(Q)·S and φ(Q)·z (n·d·d + n·d).
             [](const cost_options& o) { return 2.0 * o.n * o.d * o.d + 2.0 * o.n * o.d; },
             [](const cost_options& o)
             { return linear_attention_work(double(o.n), double(o.n), double(o.d), double(o.d)); }},
            {"sparse", no_check, run_sparse,
             // Q·kⱼ and wⱼ·vⱼ for each allowed cell only: 2·d per cell of the window.
             [](const cost_options& o) { return 2.0 * window_cells(o.n, o.window) * o.d; },
             [](const cost_options& o)
             {
                 const double d = double(o.d);
                 return sparse_attention_work(double(o.n), d, d, double(o.window), 0, 0);
             }},
            {"rnn", no_check, run_rnn,
             // h_t = tanh(x_t·W_x + h_{t−1}·W_h): d·d + d·d per step, n steps in sequence.
             [](const cost_options& o) { return 2.0 * o.n * o.d * o.d; },
             [](const cost_options& o) { return rnn_work(double(o.n), double(o.d), double(o.d)); }},
        };

        const variant_entry& variant_named(const std::string& name)
        {
            for (const variant_entry& v : variants)
            {
                if (name == v.name)
                {
                    return v;
                }
            }
            std::string expected;
            for (std::size_t i = 0; i < std::size(variants); ++i)
            {
                expected += std::string(i == 0                         ? ""
                                        : i + 1 == std::size(variants) ? " or "
                                                                       : ", ") +
                            "'" + variants[i].name + "'";
            }
            detail::fail("variant", expected, detail::quote(name));
        }

        // Keeps every run's result observable, so none is optimised away.
        volatile double sink = 0;
    } // namespace

    std::string cost_variant_names()
    {
        std::string names;
        for (const variant_entry& v : variants)
        {
            names += (names.empty() ? "" : "|") + std::string(v.name);
        }
        return names;
    }

    double cost_run_work(const cost_options& options)
    {
        cost_options used = options;
        used.block = std::max<std::size_t>(1, std::min(options.block, options.n));
        return variant_named(options.variant).work(used);
    }

    matrix detail::full_attention_lean(const matrix& query, const matrix& key,
                                       const matrix& value, std::size_t& peak_cells)
    {
        // Shape contract: query (n × d_k), key (m × d_k), value (m × d_v) → output (n × d_v).
        // The one n × m matrix holds the scores, then the scaled scores, then the weights.
        const std::size_t n = rows(query), m = rows(key);
        matrix weights = matmul_transposed(query, key); // pass 1: Q·Kᵀ (n × m)
        peak_cells = n * m;
        const double inverse_sqrt_d_k = 1 / std::sqrt(static_cast<double>(cols(query)));
        double* row = weights.data();
        for (std::size_t i = 0; i < n; ++i, row += m)
        {
            // passes 2 and 4 in place: scale, then the row softmax (max subtracted first).
            double row_max = -std::numeric_limits<double>::infinity();
            for (std::size_t j = 0; j < m; ++j)
            {
                row[j] *= inverse_sqrt_d_k;
                row_max = std::max(row_max, row[j]);
            }
            double sum = 0;
            for (std::size_t j = 0; j < m; ++j)
            {
                row[j] = std::exp(row[j] - row_max);
                sum += row[j];
            }
            for (std::size_t j = 0; j < m; ++j)
            {
                row[j] /= sum;
            }
        }
        return matmul(weights, value); // pass 5: weights·V (n × d_v)
    }

    cost_measurement measure_cost(const cost_options& options)
    {
        const variant_entry& variant = variant_named(options.variant);
        detail::check_sequence_length("n", options.n);
        detail::check_dimension("d", options.d);
        if (options.repeats < 1 || options.repeats > 50)
        {
            detail::fail("repeats", "a whole number from 1 to 50",
                         std::to_string(options.repeats));
        }
        cost_options used = options;
        used.block = std::min(options.block, options.n);
        detail::check_sequence_length("block", options.block);
        if (options.window > max_sequence)
        {
            detail::fail("window", "a whole number from 0 to " + std::to_string(max_sequence),
                         std::to_string(options.window));
        }
        variant.check(used);

        cost_measurement m;
        m.variant = variant.name;
        m.n = used.n;
        m.d = used.d;
        m.multiply_adds = variant.multiply_adds(used);
        m.seconds = xt::empty<double>({used.repeats});
        const cost_inputs in = draw_inputs(used.n, used.d, used.seed);
        for (std::size_t r = 0; r < used.repeats; ++r)
        {
            const auto start = std::chrono::steady_clock::now();
            const run_result result = variant.run(in, used);
            const auto stop = std::chrono::steady_clock::now();
            m.seconds(r) = std::chrono::duration<double>(stop - start).count();
            m.peak_cells = result.peak_cells;
            sink = sink + result.checksum;
        }
        return m;
    }

    cost_growth measure_cost_growth(cost_options options)
    {
        if (options.n > max_sequence / 2)
        {
            detail::fail("n",
                         "a whole number from 1 to " + std::to_string(max_sequence / 2) +
                             " (it is measured at 2n too)",
                         std::to_string(options.n));
        }
        options.repeats = 1;
        cost_growth g;
        g.at_n = measure_cost(options); // pass 1: at n
        options.n *= 2;
        g.at_double_n = measure_cost(options); // pass 2: at 2n
        // pass 3: the factors; every variant does at least one multiply-add and keeps at least
        // one cell for n ≥ 1, so neither divisor is 0.
        g.multiply_adds_factor = g.at_double_n.multiply_adds / g.at_n.multiply_adds;
        g.peak_cells_factor = static_cast<double>(g.at_double_n.peak_cells) /
                              static_cast<double>(g.at_n.peak_cells);
        return g;
    }
} // namespace attn
