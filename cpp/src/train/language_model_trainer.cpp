#include "attn/train/language_model_trainer.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <utility>

#include "attn/error.hpp"
#include "attn/random.hpp"
#include "attn/train/optimizer.hpp"

namespace attn
{
    namespace
    {
        /// The streams of docs/engine.md's table: where the batches' windows start, and the
        /// induction figure's random strings.
        constexpr std::uint64_t language_model_batch_stream = 21;
        constexpr std::uint64_t language_model_induction_stream = 22;

        constexpr double pi = 3.141592653589793;

        /// An RMS norm's γ: a 1 × d_model tensor named …gamma1, …gamma2 or finalGamma.
        bool is_gain(const language_model_tensor& t)
        {
            return t.rows == 1 && t.name.find("amma") != std::string::npos;
        }

        /// tokens[first … first + count) as the model takes ids.
        vector window_of(const std::vector<std::size_t>& tokens, std::size_t first,
                         std::size_t count)
        {
            vector out = xt::zeros<double>({count});
            for (std::size_t i = 0; i < count; ++i)
            {
                out(i) = static_cast<double>(tokens[first + i]);
            }
            return out;
        }

        /// tokens[first … first + half), then the same tokens again.
        vector passage_twice(const std::vector<std::size_t>& tokens, std::size_t first,
                             std::size_t half)
        {
            vector out = xt::zeros<double>({2 * half});
            for (std::size_t i = 0; i < half; ++i)
            {
                out(i) = out(half + i) = static_cast<double>(tokens[first + i]);
            }
            return out;
        }

        double mean_of(const vector& v, std::size_t first, std::size_t count)
        {
            double sum = 0;
            for (std::size_t i = first; i < first + count; ++i)
            {
                sum += v(i);
            }
            return sum / static_cast<double>(count);
        }

        [[noreturn]] void fail_count(const std::string& option, const std::string& expected,
                                     std::size_t got)
        {
            detail::fail(option, expected, std::to_string(got));
        }
    } // namespace

    void check_language_model_training_options(const language_model_training_options& o)
    {
        detail::check_dimension("batch", o.batch);
        if (o.steps == 0)
        {
            fail_count("steps", "a whole number of at least 1", o.steps);
        }
        if (o.warmup_steps > o.steps)
        {
            fail_count("warmupSteps", "0 … " + std::to_string(o.steps) + " (steps)",
                       o.warmup_steps);
        }
        if (!(std::isfinite(o.learning_rate) && o.learning_rate > 0))
        {
            detail::fail("learningRate", "a positive finite number such as 3e-3",
                         detail::format_number(o.learning_rate));
        }
        if (!(o.min_learning_rate >= 0 && o.min_learning_rate <= o.learning_rate))
        {
            detail::fail("minLearningRate",
                         "a number from 0 to learningRate = " +
                             detail::format_number(o.learning_rate),
                         detail::format_number(o.min_learning_rate));
        }
        if (!(std::isfinite(o.clip_norm) && o.clip_norm > 0))
        {
            detail::fail("clipNorm", "a positive finite number such as 1",
                         detail::format_number(o.clip_norm));
        }
        if (o.held_out_windows == 0)
        {
            fail_count("heldOutWindows", "a whole number of at least 1", o.held_out_windows);
        }
        if (o.repeat_windows > o.batch)
        {
            fail_count("repeatWindows", "0 … " + std::to_string(o.batch) + " (batch)",
                       o.repeat_windows);
        }
    }

    double language_model_learning_rate(const language_model_training_options& o,
                                        std::size_t step)
    {
        const double peak = o.learning_rate, low = o.min_learning_rate;
        if (step < o.warmup_steps)
        {
            // Linear from peak/warmup up to the peak: Adam's first steps, with moments of one or
            // two gradients, would otherwise move every weight by about the full rate.
            return peak * static_cast<double>(step + 1) / static_cast<double>(o.warmup_steps);
        }
        if (o.steps == o.warmup_steps)
        {
            return peak;
        }
        const double progress = static_cast<double>(step - o.warmup_steps) /
                                static_cast<double>(o.steps - o.warmup_steps);
        return low + 0.5 * (peak - low) * (1 + std::cos(pi * progress));
    }

    std::size_t held_out_start(std::size_t tokens)
    {
        return tokens - tokens / 10;
    }

    struct language_model_trainer::state
    {
        language_model_training_options options;
        language_model_params params;
        language_model_params gradients; ///< the batch's mean gradient, which the optimizers read
        std::vector<std::size_t> train, held_out;
        splitmix64 batches{0};
        std::vector<parameter_ref> every;
        std::optional<optimizer> decayed;   ///< the matrices, with weight decay
        std::optional<optimizer> undecayed; ///< the γs, without
        std::size_t steps = 0;
        double last_norm = 0;
    };

    language_model_trainer::language_model_trainer(language_model_params initial,
                                                   std::vector<std::size_t> tokens,
                                                   const language_model_training_options& options)
        : state_(std::make_unique<state>())
    {
        check_language_model_params(initial);
        check_language_model_training_options(options);
        const std::size_t context = initial.config.context, n = tokens.size();
        detail::check_token_ids("tokens", window_of(tokens, 0, n), initial.config.vocab,
                                "embedding");
        // Both splits must hold a window: the held-out tenth at least context tokens.
        if (n / 10 < context)
        {
            fail_count("tokens",
                       "at least 10·context = " + std::to_string(10 * context) +
                           " token ids (a window of the model's context in the held-out tenth)",
                       n);
        }
        const std::size_t windows = n / 10 - context + 1;
        if (options.held_out_windows > windows)
        {
            fail_count("heldOutWindows",
                       "1 … " + std::to_string(windows) + " (the held-out tenth's windows)",
                       options.held_out_windows);
        }

        state& s = *state_;
        s.options = options;
        s.params = std::move(initial);
        const auto split = tokens.begin() + static_cast<std::ptrdiff_t>(held_out_start(n));
        s.train.assign(tokens.begin(), split);
        s.held_out.assign(split, tokens.end());
        s.batches = splitmix64(stream_state(options.seed, language_model_batch_stream));
        // A gradient of the model's shapes that the optimizers keep pointing into; each step
        // overwrites it.
        s.gradients = s.params;
        s.every = language_model_parameter_refs(s.params, s.gradients);

        // torch.optim.AdamW with two param groups, as nanoGPT configures it: decay on the
        // matrices (embedding and weights), none on the norms' γ, which scale rather than mix.
        std::vector<parameter_ref> matrices, gains;
        const std::vector<language_model_tensor> tensors = language_model_tensors(s.params);
        for (std::size_t k = 0; k < tensors.size(); ++k)
        {
            (is_gain(tensors[k]) ? gains : matrices).push_back(s.every[k]);
        }
        optimizer_options adamw;
        adamw.kind = optimizer_kind::adamw;
        adamw.learning_rate = language_model_learning_rate(options, 0);
        adamw.beta1 = options.beta1;
        adamw.beta2 = options.beta2;
        adamw.eps = options.eps;
        adamw.weight_decay = options.weight_decay;
        s.decayed.emplace(adamw, matrices);
        adamw.weight_decay = 0;
        s.undecayed.emplace(adamw, gains);
    }

    language_model_trainer::~language_model_trainer() = default;

    std::vector<std::size_t> language_model_trainer::draw_batch()
    {
        state& s = *state_;
        const double places = static_cast<double>(s.train.size() - s.params.config.context + 1);
        std::vector<std::size_t> starts(s.options.batch);
        for (std::size_t& start : starts)
        {
            start = static_cast<std::size_t>(s.batches.uniform() * places);
        }
        return starts;
    }

    double language_model_trainer::step()
    {
        return step_on(draw_batch());
    }

    double language_model_trainer::step_on(const std::vector<std::size_t>& starts)
    {
        // Shape contract: starts (batch) of windows of context tokens → one update of every
        // parameter; the batch's mean loss.
        state& s = *state_;
        const std::size_t context = s.params.config.context;
        if (starts.empty())
        {
            fail_count("starts", "at least one window", 0);
        }
        for (std::size_t i = 0; i < starts.size(); ++i)
        {
            if (starts[i] + context > s.train.size())
            {
                fail_count("starts[" + std::to_string(i) + "]",
                           "0 … " + std::to_string(s.train.size() - context) +
                               " (a window inside the training split)",
                           starts[i]);
            }
        }
        // pass 1: each window's loss and gradient, the gradients added up in window order.
        const std::vector<language_model_tensor> sum = language_model_tensors(s.gradients);
        for (const language_model_tensor& t : sum)
        {
            std::fill(t.data, t.data + t.rows * t.cols, 0.0);
        }
        double loss = 0;
        const std::size_t plain = starts.size() - std::min(starts.size(), s.options.repeat_windows);
        for (std::size_t w = 0; w < starts.size(); ++w)
        {
            language_model_loss window = language_model_loss_and_gradients(
                s.params, w < plain ? window_of(s.train, starts[w], context)
                                    : passage_twice(s.train, starts[w], context / 2));
            loss += window.loss.loss;
            const std::vector<language_model_tensor> g = language_model_tensors(window.gradients);
            for (std::size_t k = 0; k < sum.size(); ++k)
            {
                for (std::size_t i = 0; i < sum[k].rows * sum[k].cols; ++i)
                {
                    sum[k].data[i] += g[k].data[i];
                }
            }
        }
        // pass 2: the batch's mean, of the loss and so of its gradient.
        const double count = static_cast<double>(starts.size());
        for (const language_model_tensor& t : sum)
        {
            for (std::size_t i = 0; i < t.rows * t.cols; ++i)
            {
                t.data[i] /= count;
            }
        }
        // pass 3: clipping by the global norm of every gradient at once.
        s.last_norm = clip_grad_norm(s.every, s.options.clip_norm);
        // pass 4: this step's learning rate in both groups, then AdamW.
        const double rate = language_model_learning_rate(s.options, s.steps);
        s.decayed->set_learning_rate(rate);
        s.undecayed->set_learning_rate(rate);
        s.decayed->step();
        s.undecayed->step();
        ++s.steps;
        return loss / count;
    }

    double language_model_trainer::held_out_loss() const
    {
        const state& s = *state_;
        const std::size_t context = s.params.config.context, windows = s.options.held_out_windows;
        const std::size_t room = s.held_out.size() - context;
        double sum = 0;
        for (std::size_t i = 0; i < windows; ++i)
        {
            const std::size_t start = windows == 1 ? 0 : i * room / (windows - 1);
            const vector losses =
                language_model_token_losses(s.params, window_of(s.held_out, start, context)).loss.losses;
            sum += mean_of(losses, 0, losses.size());
        }
        return sum / static_cast<double>(windows);
    }

    double language_model_trainer::last_gradient_norm() const
    {
        return state_->last_norm;
    }

    std::size_t language_model_trainer::steps_taken() const
    {
        return state_->steps;
    }

    const language_model_params& language_model_trainer::params() const
    {
        return state_->params;
    }

    const std::vector<std::size_t>& language_model_trainer::train_tokens() const
    {
        return state_->train;
    }

    const std::vector<std::size_t>& language_model_trainer::held_out_tokens() const
    {
        return state_->held_out;
    }

    bigram_baseline language_model_bigram_baseline(const std::vector<std::size_t>& tokens,
                                                   std::size_t vocab)
    {
        detail::check_dimension("vocab", vocab);
        const std::size_t n = tokens.size(), split = held_out_start(n);
        for (std::size_t i = 0; i < n; ++i)
        {
            if (tokens[i] >= vocab)
            {
                fail_count("tokens[" + std::to_string(i) + "]",
                           "a token id, a whole number from 0 to " + std::to_string(vocab - 1) +
                               " (a vocabulary of " + std::to_string(vocab) + ")",
                           tokens[i]);
            }
        }
        if (split < 2 || n - split < 2)
        {
            fail_count("tokens", "at least 20 token ids (a bigram in each split)", n);
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
        const std::size_t length = params.config.context / 2, vocab = params.config.vocab;
        if (length < 2)
        {
            fail_count("context", "at least 4 (two copies of a string of two tokens)",
                       params.config.context);
        }
        detail::check_dimension("strings", strings);
        induction_figure out;
        out.strings = strings;
        out.length = length;
        splitmix64 draws(stream_state(seed, language_model_induction_stream));
        double first = 0, second = 0;
        for (std::size_t s = 0; s < strings; ++s)
        {
            std::vector<std::size_t> twice(2 * length);
            for (std::size_t i = 0; i < length; ++i)
            {
                twice[i] = twice[length + i] =
                    static_cast<std::size_t>(draws.uniform() * static_cast<double>(vocab));
            }
            const vector losses =
                language_model_token_losses(params, window_of(twice, 0, 2 * length)).loss.losses;
            // losses[i] predicts token i + 1: tokens 1 … L−1 of the first copy, L+1 … 2L−1 of
            // the second.
            first += mean_of(losses, 0, length - 1);
            second += mean_of(losses, length, length - 1);
        }
        out.first_copy_loss = first / static_cast<double>(strings);
        out.second_copy_loss = second / static_cast<double>(strings);
        out.ratio = out.second_copy_loss / out.first_copy_loss;
        return out;
    }
} // namespace attn
