#include "attn/sample.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "attn/error.hpp"
#include "attn/random.hpp"
#include "attn/softmax.hpp"

namespace attn
{
    namespace
    {
        void check_arguments(const vector& logits, const sample_options& options)
        {
            if (logits.size() == 0)
            {
                detail::fail("logits", "a non-empty list of numbers, one per token", "0 numbers");
            }
            for (std::size_t i = 0; i < logits.size(); ++i)
            {
                if (!std::isfinite(logits(i)))
                {
                    detail::fail("logits[" + std::to_string(i) + "]", "a finite number",
                                 detail::format_number(logits(i)));
                }
            }
            if (!std::isfinite(options.temperature) || options.temperature < 0)
            {
                detail::fail("temperature", "a finite number ≥ 0 (0 is greedy)",
                             detail::format_number(options.temperature));
            }
            if (!(options.top_p > 0 && options.top_p <= 1))
            {
                detail::fail("topP", "a number in (0, 1] (1 keeps every token)",
                             detail::format_number(options.top_p));
            }
        }

        /// Pass 1: logits / temperature. Temperature 0 leaves the logits as they are: greedy
        /// decoding needs only their largest.
        vector scale_logits(const vector& logits, double temperature)
        {
            if (temperature == 0)
            {
                return logits;
            }
            vector scaled = logits / temperature;
            for (std::size_t i = 0; i < scaled.size(); ++i)
            {
                if (!std::isfinite(scaled(i)))
                {
                    detail::fail("temperature",
                                 "a temperature large enough for logits / temperature to stay "
                                 "within double range",
                                 detail::format_number(temperature) + " (logits[" +
                                     std::to_string(i) +
                                     "] / temperature = " + detail::format_number(scaled(i)) + ")");
                }
            }
            return scaled;
        }

        /// Pass 2 at temperature 0: the limit of the softmax as the temperature falls to 0, all
        /// of the probability on the largest logit (the lowest index among equal largest).
        vector greedy(const vector& logits)
        {
            vector one_hot = xt::zeros<double>({logits.size()});
            const auto first_largest = std::max_element(logits.begin(), logits.end());
            one_hot(static_cast<std::size_t>(first_largest - logits.begin())) = 1;
            return one_hot;
        }
    } // namespace

    sample_trace sample(const vector& logits, const sample_options& options)
    {
        // Shape contract: logits (v) → scaled_logits, softmax, top_k_probabilities,
        // cumulative, probabilities (v); order (v); kept (≤ v); chosen < v.
        check_arguments(logits, options);
        const std::size_t v = logits.size();
        sample_trace t;

        // pass 1: temperature.
        t.scaled_logits = scale_logits(logits, options.temperature);

        // pass 2: softmax, as softmax_rows computes a row (max-subtracted).
        if (options.temperature == 0)
        {
            t.softmax = greedy(logits);
        }
        else
        {
            t.softmax = xt::empty<double>({v});
            vector exps = xt::empty<double>({v});
            double max = 0, sum = 0;
            detail::softmax_row(t.scaled_logits.data(), v, exps.data(), t.softmax.data(), max, sum);
        }

        // pass 3: rank the tokens, most likely first; equal probabilities keep index order
        // (a stable sort), which is the tie rule at both boundaries below.
        t.order.resize(v);
        std::iota(t.order.begin(), t.order.end(), std::size_t{0});
        std::stable_sort(t.order.begin(), t.order.end(),
                         [&](std::size_t a, std::size_t b) { return t.softmax(a) > t.softmax(b); });

        // pass 4: top-k keeps the first k of the order (all when k is 0 or at least v), and
        // renormalises. At temperature 0 only the greedy token is kept whatever k is.
        std::size_t k = options.top_k == 0 ? v : std::min(options.top_k, v);
        if (options.temperature == 0)
        {
            k = 1;
        }
        t.top_k_probabilities = xt::zeros<double>({v});
        double top_k_mass = 0;
        for (std::size_t r = 0; r < k; ++r)
        {
            top_k_mass += t.softmax(t.order[r]);
        }
        for (std::size_t r = 0; r < k; ++r)
        {
            t.top_k_probabilities(t.order[r]) = t.softmax(t.order[r]) / top_k_mass;
        }

        // pass 5: top-p keeps, along the order, each token while the tokens before it sum to
        // less than p: the shortest prefix whose probability reaches p. p = 1 keeps all k (a
        // rounded sum can fall just short of 1, so it is not compared).
        t.cumulative = xt::empty<double>({v});
        double running = 0;
        std::size_t nucleus = 0;
        for (std::size_t r = 0; r < v; ++r)
        {
            const bool keep = r < k && (options.top_p == 1 || running < options.top_p);
            nucleus += keep ? 1 : 0;
            running += t.top_k_probabilities(t.order[r]);
            t.cumulative(r) = running;
        }
        t.kept.assign(t.order.begin(), t.order.begin() + static_cast<std::ptrdiff_t>(nucleus));
        std::sort(t.kept.begin(), t.kept.end());

        // pass 6: renormalise over the kept tokens; every other token gets 0.
        double kept_mass = 0;
        for (const std::size_t i : t.kept)
        {
            kept_mass += t.top_k_probabilities(i);
        }
        t.probabilities = xt::zeros<double>({v});
        for (const std::size_t i : t.kept)
        {
            t.probabilities(i) = t.top_k_probabilities(i) / kept_mass;
        }

        // pass 7: one uniform u in [0, 1) from the seed's stream, and the inverse CDF in
        // vocabulary order: the first kept token whose running Σ probabilities exceeds u. A
        // sum that rounds to just under 1 with u above it gives the last kept token.
        splitmix64 stream(
            stream_state(options.seed, static_cast<std::uint64_t>(input_stream::sample_draw)));
        t.uniform = stream.uniform();
        t.chosen = t.kept.back();
        double below = 0;
        for (const std::size_t i : t.kept)
        {
            below += t.probabilities(i);
            if (t.uniform < below)
            {
                t.chosen = i;
                break;
            }
        }
        return t;
    }
} // namespace attn
