#include "attn/linear_attention.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "attn/attention.hpp"
#include "attn/error.hpp"

namespace attn
{
    double linear_attention_feature(double x)
    {
        return x > 0 ? x + 1.0 : std::exp(x);
    }

    namespace
    {
        void features_of_row(const double* x, std::size_t d, double* out)
        {
            for (std::size_t c = 0; c < d; ++c)
            {
                out[c] = linear_attention_feature(x[c]);
            }
        }

        /// S += φ(k)ᵀ·v and z += φ(k): one key's share of the state.
        void add_key(const double* phi_k, const double* v, std::size_t d_k, std::size_t d_v,
                     double* state, double* normalizer)
        {
            for (std::size_t a = 0; a < d_k; ++a)
            {
                normalizer[a] += phi_k[a];
                double* state_row = state + a * d_v;
                for (std::size_t b = 0; b < d_v; ++b)
                {
                    state_row[b] += phi_k[a] * v[b];
                }
            }
        }

        /// out = φ(q)·S / (φ(q)·z), one query's output row.
        void read_state(const double* phi_q, const double* state, const double* normalizer,
                        std::size_t d_k, std::size_t d_v, std::size_t row, double* out)
        {
            double denominator = 0;
            std::fill(out, out + d_v, 0.0);
            for (std::size_t a = 0; a < d_k; ++a)
            {
                denominator += phi_q[a] * normalizer[a];
                const double* state_row = state + a * d_v;
                for (std::size_t b = 0; b < d_v; ++b)
                {
                    out[b] += phi_q[a] * state_row[b];
                }
            }
            if (!std::isfinite(denominator))
            {
                detail::fail("key", "values small enough for φ(q)·z to stay within double range",
                             "φ(query[" + std::to_string(row) +
                                 "])·normalizer = " + detail::format_number(denominator));
            }
            // φ > 0, so only underflow (eˣ for x below about −745, in every column of the
            // query or of the keys) can make the denominator 0; dividing would give NaN.
            if (!(denominator > 0))
            {
                detail::fail("query", "values whose features φ(q)·z stay within double range "
                                      "(φ(x) = eˣ underflows to 0 below about −745)",
                             "φ(query[" + std::to_string(row) +
                                 "])·normalizer = " + detail::format_number(denominator));
            }
            for (std::size_t b = 0; b < d_v; ++b)
            {
                out[b] /= denominator;
            }
        }

        /// In doubles: n·d_k·d_v reaches 2³² at 4096 × 1024 × 1024, past a wasm32 size_t.
        double trace_numbers(std::size_t n, std::size_t m, std::size_t d_k, std::size_t d_v,
                             bool causal)
        {
            const double n_ = double(n), m_ = double(m), d_k_ = double(d_k), d_v_ = double(d_v);
            const double always = (n_ + m_) * d_k_ + d_k_ * d_v_ + d_k_ + n_ * d_v_;
            return always + (causal ? n_ * d_k_ * d_v_ + n_ * d_k_ : 0.0);
        }
    } // namespace

    linear_attention_trace linear_attention(const matrix& query, const matrix& key,
                                            const matrix& value,
                                            const linear_attention_options& options)
    {
        // Shape contract: query (n × d_k), key (m × d_k), value (m × d_v), m = n if causal
        // → feature_query (n × d_k), feature_key (m × d_k), state (d_k × d_v), normalizer
        // (d_k), prefix_states (n × d_k × d_v), prefix_normalizers (n × d_k), output (n × d_v).
        detail::check_query_key_value(query, key, value);
        const std::size_t n = rows(query), m = rows(key), d_k = cols(query), d_v = cols(value);
        if (options.causal && m != n)
        {
            detail::fail("key",
                         std::to_string(n) + " rows (causal: key i is the i-th query's own token)",
                         std::to_string(m));
        }
        const bool traced = options.trace;
        const double numbers = trace_numbers(n, m, d_k, d_v, options.causal);
        if (traced && numbers > double(max_linear_trace_numbers))
        {
            detail::fail("trace",
                         "at most " + std::to_string(max_linear_trace_numbers) +
                             " numbers in the trace (pass trace: false for the lean result)",
                         detail::format_number(numbers));
        }

        linear_attention_trace t;
        t.traced = traced;
        t.causal = options.causal;
        t.peak_cells = d_k * d_v + n * d_v;
        t.state = xt::zeros<double>({d_k, d_v});
        t.normalizer = xt::zeros<double>({d_k});
        t.output = xt::empty<double>({n, d_v});
        if (traced)
        {
            t.feature_query = xt::empty<double>({n, d_k});
            t.feature_key = xt::empty<double>({m, d_k});
        }
        if (traced && options.causal)
        {
            t.prefix_states = xt::empty<double>({n, d_k, d_v});
            t.prefix_normalizers = xt::empty<double>({n, d_k});
        }
        // The lean path's only scratch: φ of one row of query or key at a time.
        vector phi_k = xt::empty<double>({d_k}), phi_q = xt::empty<double>({d_k});
        double* state = t.state.data();
        double* normalizer = t.normalizer.data();

        // pass 1 and pass 2 (all keys, non-causal): S = φ(K)ᵀ·V, z = φ(K)ᵀ·1, each key added
        // once, so the sum over keys is shared by every query instead of redone per query.
        if (!options.causal)
        {
            for (std::size_t j = 0; j < m; ++j)
            {
                features_of_row(key.data() + j * d_k, d_k, phi_k.data());
                add_key(phi_k.data(), value.data() + j * d_v, d_k, d_v, state, normalizer);
                if (traced)
                {
                    std::copy(phi_k.begin(), phi_k.end(), t.feature_key.data() + j * d_k);
                }
            }
        }
        // pass 3: out_i = φ(q_i)·S / (φ(q_i)·z). Causal: key i joins S and z just before
        // query i reads them, so S and z are the prefix sums over keys 0 … i.
        for (std::size_t i = 0; i < n; ++i)
        {
            if (options.causal)
            {
                features_of_row(key.data() + i * d_k, d_k, phi_k.data());
                add_key(phi_k.data(), value.data() + i * d_v, d_k, d_v, state, normalizer);
                if (traced)
                {
                    std::copy(phi_k.begin(), phi_k.end(), t.feature_key.data() + i * d_k);
                    std::copy(state, state + d_k * d_v, t.prefix_states.data() + i * d_k * d_v);
                    std::copy(normalizer, normalizer + d_k,
                              t.prefix_normalizers.data() + i * d_k);
                }
            }
            features_of_row(query.data() + i * d_k, d_k, phi_q.data());
            if (traced)
            {
                std::copy(phi_q.begin(), phi_q.end(), t.feature_query.data() + i * d_k);
            }
            read_state(phi_q.data(), state, normalizer, d_k, d_v, i, t.output.data() + i * d_v);
        }
        // Finite inputs near the top of double range can still overflow the sums.
        detail::check_finite_result("value", "state", t.state);
        detail::check_finite_result("key", "normalizer", t.normalizer);
        detail::check_finite_result("value", "output", t.output);
        return t;
    }
} // namespace attn
