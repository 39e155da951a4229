#include "attn/train/language_model_figures.hpp"

#include <cmath>
#include <string>

#include "attn/error.hpp"
#include "attn/random.hpp"

namespace attn
{
    namespace
    {
        /// The stream of docs/engine.md's table for the induction figure's random strings.
        constexpr std::uint64_t language_model_induction_stream = 22;
    } // namespace

    bigram_baseline language_model_bigram_baseline(const std::vector<std::size_t>& tokens,
                                                   std::size_t vocab)
    {
        detail::check_dimension("vocab", vocab);
        const std::size_t n = tokens.size(), split = held_out_start(n);
        for (std::size_t i = 0; i < n; ++i)
        {
            if (tokens[i] >= vocab)
            {
                detail::fail_count("tokens[" + std::to_string(i) + "]",
                           "a token id, a whole number from 0 to " + std::to_string(vocab - 1) +
                               " (a vocabulary of " + std::to_string(vocab) + ")",
                           tokens[i]);
            }
        }
        if (split < 2 || n - split < 2)
        {
            detail::fail_count("tokens", "at least 20 token ids (a bigram in each split)", n);
        }
        // pass 1: the training split's bigram counts, and each row's total.
        std::vector<double> pair(vocab * vocab, 0.0), row(vocab, 0.0);
        for (std::size_t i = 0; i + 1 < split; ++i)
        {
            pair[tokens[i] * vocab + tokens[i + 1]] += 1;
            row[tokens[i]] += 1;
        }
        const double v = static_cast<double>(vocab), bigrams = static_cast<double>(split - 1);
        // pass 2: k by leave-one-out on the training bigrams: each scored by the counts of the
        // others, so the choice never sees the held-out tenth.
        bigram_baseline out;
        double best = INFINITY;
        for (int j = -16; j <= 4; ++j)
        {
            const double k = std::pow(10.0, j / 4.0);
            double loss = 0;
            for (std::size_t a = 0; a < vocab; ++a)
            {
                for (std::size_t b = 0; b < vocab; ++b)
                {
                    const double c = pair[a * vocab + b];
                    if (c > 0)
                    {
                        loss -= c * std::log((c - 1 + k) / (row[a] - 1 + k * v));
                    }
                }
            }
            loss /= bigrams;
            if (loss < best)
            {
                best = loss;
                out.k = k;
            }
        }
        // pass 3: the held-out bigrams under the training counts with that k.
        double loss = 0;
        for (std::size_t i = split; i + 1 < n; ++i)
        {
            const std::size_t a = tokens[i], b = tokens[i + 1];
            loss -= std::log((pair[a * vocab + b] + out.k) / (row[a] + out.k * v));
        }
        out.held_out_loss = loss / static_cast<double>(n - split - 1);
        return out;
    }

    induction_figure language_model_induction(const language_model_params& params,
                                              std::size_t strings, std::uint32_t seed)
    {
        check_language_model_params(params);
        const std::size_t longest = params.config.context / 2, vocab = params.config.vocab;
        if (longest < 2)
        {
            detail::fail_count("context", "at least 4 (two copies of a string of two tokens)",
                       params.config.context);
        }
        detail::check_dimension("strings", strings);
        induction_figure out;
        out.strings = strings;
        splitmix64 draws(stream_state(seed, language_model_induction_stream));
        for (std::size_t length = longest; out.lengths.empty() || length >= 8; length /= 2)
        {
            induction_at_length at;
            at.length = length;
            double first = 0, second = 0;
            for (std::size_t s = 0; s < strings; ++s)
            {
                vector twice = xt::zeros<double>({2 * length});
                for (std::size_t i = 0; i < length; ++i)
                {
                    twice(i) = twice(length + i) =
                        std::floor(draws.uniform() * static_cast<double>(vocab));
                }
                const vector losses = language_model_token_losses(params, twice).loss.losses;
                // losses[i] predicts token i + 1: tokens 1 … L−1 of the first copy, L+1 … 2L−1
                // of the second.
                first += detail::mean_of(losses, 0, length - 1);
                second += detail::mean_of(losses, length, length - 1);
            }
            at.first_copy_loss = first / static_cast<double>(strings);
            at.second_copy_loss = second / static_cast<double>(strings);
            at.ratio = at.second_copy_loss / at.first_copy_loss;
            out.first_copy_loss += at.first_copy_loss;
            out.second_copy_loss += at.second_copy_loss;
            out.lengths.push_back(at);
        }
        out.first_copy_loss /= static_cast<double>(out.lengths.size());
        out.second_copy_loss /= static_cast<double>(out.lengths.size());
        out.ratio = out.second_copy_loss / out.first_copy_loss;
        return out;
    }

    double language_model_held_out_loss(const language_model_params& params,
                                        const std::vector<std::size_t>& held_out,
                                        std::size_t windows)
    {
        const std::size_t context = params.config.context, room = held_out.size() - context;
        double sum = 0;
        for (std::size_t i = 0; i < windows; ++i)
        {
            const std::size_t start = windows == 1 ? 0 : i * room / (windows - 1);
            vector window = xt::zeros<double>({context});
            for (std::size_t j = 0; j < context; ++j)
            {
                window(j) = static_cast<double>(held_out[start + j]);
            }
            const vector losses = language_model_token_losses(params, window).loss.losses;
            sum += detail::mean_of(losses, 0, losses.size());
        }
        return sum / static_cast<double>(windows);
    }

    namespace detail
    {
        double mean_of(const vector& v, std::size_t first, std::size_t count)
        {
            double sum = 0;
            for (std::size_t i = first; i < first + count; ++i)
            {
                sum += v(i);
            }
            return sum / static_cast<double>(count);
        }
    } // namespace detail
} // namespace attn
