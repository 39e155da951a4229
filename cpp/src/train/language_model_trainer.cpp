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
        /// The stream of docs/engine.md's table where the batches' windows start.
        constexpr std::uint64_t language_model_batch_stream = 21;

        constexpr double pi = 3.141592653589793;

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

        /// The window's ids, its passage (if any) written from `from` to the end, over and over.
        vector window_of(const std::vector<std::size_t>& tokens, const language_model_window& w,
                         std::size_t context)
        {
            vector out = window_of(tokens, w.start, context);
            for (std::size_t i = w.from; !w.passage.empty() && i < context; ++i)
            {
                out(i) = static_cast<double>(w.passage[(i - w.from) % w.passage.size()]);
            }
            return out;
        }


    } // namespace

    void check_language_model_training_options(const language_model_training_options& o)
    {
        detail::check_dimension("batch", o.batch);
        if (o.steps == 0)
        {
            detail::fail_count("steps", "a whole number of at least 1", o.steps);
        }
        if (o.warmup_steps > o.steps)
        {
            detail::fail_count("warmupSteps", "0 … " + std::to_string(o.steps) + " (steps)",
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
            detail::fail_count("heldOutWindows", "a whole number of at least 1", o.held_out_windows);
        }
        if (o.repeat_windows > o.batch)
        {
            detail::fail_count("repeatWindows", "0 … " + std::to_string(o.batch) + " (batch)",
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
            detail::fail_count("tokens",
                       "at least 10·context = " + std::to_string(10 * context) +
                           " token ids (a window of the model's context in the held-out tenth)",
                       n);
        }
        const std::size_t windows = n / 10 - context + 1;
        if (options.held_out_windows > windows)
        {
            detail::fail_count("heldOutWindows",
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
            (is_norm_gain(tensors[k]) ? gains : matrices).push_back(s.every[k]);
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

    std::vector<language_model_window> language_model_trainer::draw_batch()
    {
        state& s = *state_;
        const std::size_t context = s.params.config.context;
        std::vector<language_model_window> windows(s.options.batch);
        for (language_model_window& w : windows)
        {
            w.start = s.batches.below(s.train.size() - context + 1);
        }
        // The strings read over and over: any length from a few tokens to half the window, from
        // anywhere, so a later copy lies any distance after the one before (an induction head
        // must find the earlier copy by its content; a fixed distance would teach a head to look
        // that far back instead, as the model trained on passages repeated ⌊context/2⌋ later did).
        const std::size_t half = context / 2, shortest = std::min<std::size_t>(4, half);
        const std::size_t vocab = s.params.config.vocab;
        // (A context below 2 has no room for a string read twice: its windows stay as they are.)
        const std::size_t first =
            half == 0 ? windows.size() : windows.size() - s.options.repeat_windows;
        for (std::size_t k = first; k < windows.size(); ++k)
        {
            language_model_window& w = windows[k];
            const std::size_t length = shortest + s.batches.below(half - shortest + 1);
            w.passage.resize(length);
            for (std::size_t& token : w.passage)
            {
                token = s.batches.below(vocab);
            }
            w.from = s.batches.below(context - 2 * length + 1);
        }
        return windows;
    }

    double language_model_trainer::step()
    {
        return step_on(draw_batch());
    }

    double language_model_trainer::step_on(const std::vector<language_model_window>& windows)
    {
        // Shape contract: windows (batch) of context tokens → one update of every parameter;
        // the batch's mean loss.
        state& s = *state_;
        const std::size_t context = s.params.config.context;
        if (windows.empty())
        {
            detail::fail_count("windows", "at least one window", 0);
        }
        for (std::size_t i = 0; i < windows.size(); ++i)
        {
            const language_model_window& w = windows[i];
            const std::string name = "windows[" + std::to_string(i) + "]";
            if (w.start + context > s.train.size())
            {
                detail::fail_count(name + ".start",
                                   "0 … " + std::to_string(s.train.size() - context) +
                                       " (a window inside the training split)",
                                   w.start);
            }
            const std::size_t length = w.passage.size();
            if (length > 0 && w.from + 2 * length > context)
            {
                detail::fail(name,
                             "a passage read at least twice whole from `from` within the "
                             "window's " + std::to_string(context) + " tokens",
                             "length " + std::to_string(length) + ", from " +
                                 std::to_string(w.from));
            }
            for (std::size_t j = 0; j < length; ++j)
            {
                if (w.passage[j] >= s.params.config.vocab)
                {
                    detail::fail_count(name + ".passage[" + std::to_string(j) + "]",
                                       "a token id below " +
                                           std::to_string(s.params.config.vocab) + " (the vocabulary)",
                                       w.passage[j]);
                }
            }
        }
        // pass 1: each window's loss and gradient, the gradients added up in window order.
        const std::vector<language_model_tensor> sum = language_model_tensors(s.gradients);
        for (const language_model_tensor& t : sum)
        {
            std::fill(t.data, t.data + t.rows * t.cols, 0.0);
        }
        double loss = 0;
        for (const language_model_window& w : windows)
        {
            language_model_loss window =
                language_model_loss_and_gradients(s.params, window_of(s.train, w, context));
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
        const double count = static_cast<double>(windows.size());
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
        return language_model_held_out_loss(state_->params, state_->held_out,
                                            state_->options.held_out_windows);
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
} // namespace attn
