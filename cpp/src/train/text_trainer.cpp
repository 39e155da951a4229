// The text task of createTrainer: options and their checks, the text into tokens, the budget,
// and the steps of language_model_trainer with a stop at divergence.
#include "attn/train/text_trainer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "attn/character_tokenizer.hpp"
#include "attn/error.hpp"
#include "attn/train/language_model_figures.hpp"
#include "attn/train/language_model_trainer.hpp"
#include "attn/train/trainer.hpp"
#include "attn/train/trainer_budget.hpp"

namespace attn
{
    // Named rather than anonymous: the unity build compiles this file in one batch with
    // trainer_budget.cpp, whose anonymous namespace has constants of the same names.
    namespace text_task
    {
        // Caps: a step of the largest model stays within the work budget at a small batch, and
        // no option can ask for gigabytes.
        constexpr double max_d_model = 256, max_heads = 16, max_layers = 4, max_d_ff = 1024;
        constexpr double max_context = 256, max_batch = 64, max_warmup = 10000;
        /// At most this many held-out windows are scored: enough for a steady curve, few enough
        /// that an evaluation costs about one step.
        constexpr std::size_t most_held_out_windows = 16;
        /// Steps one call of step() may take at most, whatever the budget allows.
        constexpr std::size_t most_steps_per_call = 10000;

        // The cost model (estimate_text_trainer_cost): besides the matrix products, each cell
        // of a head's attention costs about as much as this many multiply-adds (scaling,
        // masking, the softmax's exp), and so does each logit (the cross-entropy's exp and log);
        // the backward pass costs about twice the forward.
        constexpr double work_per_attention_cell = 40, work_per_logit = 50;
        constexpr double backward_factor = 2;
        // Memory: doubles a decoder layer's trace keeps per row of width dModel and dFF, and per
        // cell of one head's attention; each parameter lives as its value, its gradient, the
        // window's gradient, AdamW's two moments and the copy kept in case a step diverges.
        constexpr double trace_per_model_cell = 24, trace_per_hidden_cell = 4,
                         trace_per_attention_cell = 12, copies_per_parameter = 6;

        std::size_t whole(const char* option, const std::optional<double>& given,
                          std::size_t fallback, double low, double high)
        {
            return given ? detail::check_integer(option, *given, low, high) : fallback;
        }

        double number(const char* option, const std::optional<double>& given, double fallback,
                      double low, double high, bool above_low, const char* expected)
        {
            if (!given)
            {
                return fallback;
            }
            const double x = *given;
            if (!std::isfinite(x) || x < low || x > high || (above_low && x == low))
            {
                detail::fail(option, expected, detail::format_number(x));
            }
            return x;
        }

        /// The configuration of `o` for a vocabulary of `vocab` tokens, checked.
        text_trainer_config resolve(const text_trainer_options& o, std::size_t vocab)
        {
            text_trainer_config c;
            c.tokenizer = o.merges ? "bpe" : "character";
            language_model_config& m = c.model;
            m.vocab = vocab;
            // Chosen so the default passage trains in a minute or two in a browser: two layers
            // (a previous-token head and one that reads it), characters in a context of 32.
            m.d_model = whole("model.dModel", o.d_model, 32, 2, max_d_model);
            m.heads = whole("model.heads", o.heads, 4, 1, max_heads);
            m.kv_heads = whole("model.kvHeads", o.kv_heads, m.heads, 1, max_heads);
            m.layers = whole("model.layers", o.layers, 2, 1, max_layers);
            // ≈ 8/3·dModel, as Llama sizes SwiGLU.
            m.d_ff = whole("model.dFF", o.d_ff, 86, 1, max_d_ff);
            m.context = whole("model.context", o.context, 32, 2, max_context);
            detail::with_arguments_renamed({{"heads", "model.heads"}, {"kvHeads", "model.kvHeads"}},
                                           [&] { check_language_model_config(m); });
            c.seed = static_cast<std::uint32_t>(whole("seed", o.seed, 0, 0, 4294967295.0));
            c.batch_size = whole("batchSize", o.batch_size, 8, 1, max_batch);
            c.learning_rate = number("learningRate", o.learning_rate, 1e-2, 0, 1, true,
                                     "a number above 0 and at most 1, such as 1e-2");
            c.warmup_steps = whole("warmupSteps", o.warmup_steps, 20, 0, max_warmup);
            c.weight_decay = number("weightDecay", o.weight_decay, 0.01, 0, 1, false,
                                    "a number from 0 to 1, such as 0.01");
            c.clip_norm =
                number("clipNorm", o.clip_norm, 1, 0, 1e6, true, "a positive number such as 1");
            return c;
        }

        /// Multiply-adds of the model's forward pass over one window.
        double window_work(const language_model_config& m)
        {
            const double n = static_cast<double>(m.context), d = static_cast<double>(m.d_model);
            const double f = static_cast<double>(m.d_ff), v = static_cast<double>(m.vocab);
            const double kv = d / static_cast<double>(m.heads) * static_cast<double>(m.kv_heads);
            const double layer = n * d * (2 * d + 2 * kv) + 2 * n * n * d + 3 * n * d * f +
                                 work_per_attention_cell * static_cast<double>(m.heads) * n * n;
            return static_cast<double>(m.layers) * layer + n * d * v + work_per_logit * n * v;
        }

        /// Refuses a configuration past the work or memory budget, naming the size among the
        /// options given whose default would cut the estimate most ("model" if none).
        void check_budget(const text_trainer_config& c, const text_trainer_options& given)
        {
            const text_trainer_cost cost = estimate_text_trainer_cost(c);
            const bool memory = cost.peak_bytes > trainer_memory_budget;
            const double work = std::max(cost.step_multiply_adds, cost.evaluate_multiply_adds);
            if (!memory && work <= trainer_work_budget)
            {
                return;
            }
            const auto measure = [memory](const text_trainer_cost& k) {
                return memory ? k.peak_bytes
                              : std::max(k.step_multiply_adds, k.evaluate_multiply_adds);
            };
            const text_trainer_config defaults = resolve({}, c.model.vocab);
            std::string name = "model";
            double lowest = measure(cost);
            const auto consider = [&](bool present, const char* option, auto set)
            {
                if (!present)
                {
                    return;
                }
                text_trainer_config reset = c;
                set(reset);
                const double k = measure(estimate_text_trainer_cost(reset));
                if (k < lowest)
                {
                    lowest = k;
                    name = option;
                }
            };
            consider(given.d_model.has_value(), "model.dModel",
                     [&](text_trainer_config& r) { r.model.d_model = defaults.model.d_model; });
            consider(given.layers.has_value(), "model.layers",
                     [&](text_trainer_config& r) { r.model.layers = defaults.model.layers; });
            consider(given.d_ff.has_value(), "model.dFF",
                     [&](text_trainer_config& r) { r.model.d_ff = defaults.model.d_ff; });
            consider(given.context.has_value(), "model.context",
                     [&](text_trainer_config& r) { r.model.context = defaults.model.context; });
            consider(given.batch_size.has_value(), "batchSize",
                     [&](text_trainer_config& r) { r.batch_size = defaults.batch_size; });
            if (memory)
            {
                detail::fail(name,
                             "options whose trainer needs at most " +
                                 detail::format_bytes(trainer_memory_budget) + " of memory",
                             "ones needing an estimated " + detail::format_bytes(cost.peak_bytes));
            }
            char got[64];
            std::snprintf(got, sizeof got, "ones needing an estimated %.2g", work);
            detail::fail(name,
                         "options whose step takes at most 4e+10 multiply-adds (about ten "
                         "seconds in a browser)",
                         std::string(got) + " a step");
        }

        bool finite_and_within(const language_model_params& p)
        {
            // A const model's tensors: language_model_tensors takes a mutable one only to hand
            // out pointers the optimizer writes through; nothing is written here.
            for (const language_model_tensor& t :
                 language_model_tensors(const_cast<language_model_params&>(p)))
            {
                for (std::size_t i = 0; i < t.rows * t.cols; ++i)
                {
                    if (!(std::abs(t.data[i]) <= max_parameter_magnitude))
                    {
                        return false;
                    }
                }
            }
            return true;
        }
    } // namespace text_task

    text_trainer_cost estimate_text_trainer_cost(const text_trainer_config& c)
    {
        const language_model_config& m = c.model;
        const double window = text_task::window_work(m);
        const double parameters = static_cast<double>(language_model_parameter_count(m));
        const double n = static_cast<double>(m.context);
        const double trace =
            static_cast<double>(m.layers) *
                (text_task::trace_per_model_cell * n * static_cast<double>(m.d_model) +
                 text_task::trace_per_hidden_cell * n * static_cast<double>(m.d_ff) +
                 text_task::trace_per_attention_cell * static_cast<double>(m.heads) * n * n) +
            3 * n * static_cast<double>(m.vocab);
        text_trainer_cost cost;
        cost.step_multiply_adds =
            static_cast<double>(c.batch_size) * (1 + text_task::backward_factor) * window +
            12 * parameters;
        cost.evaluate_multiply_adds =
            static_cast<double>(text_task::most_held_out_windows) * window;
        // The backward pass holds the forward's trace and about as much again in gradients.
        cost.peak_bytes = 8 * (text_task::copies_per_parameter * parameters + 2 * trace);
        return cost;
    }

    struct text_trainer::state
    {
        text_trainer_config config;
        std::vector<std::string> vocabulary;
        std::vector<token_pair> merges;
        std::unique_ptr<language_model_trainer> trainer;
        /// The parameters before the last step: what a diverged trainer is read from.
        language_model_params before;
        bool diverged = false;
        std::string message;
        bigram_baseline bigram;
        std::size_t steps = 0;
    };

    text_trainer::text_trainer(const text_trainer_options& options)
        : state_(std::make_unique<state>())
    {
        state& s = *state_;
        const std::string& text = options.text ? *options.text : default_training_passage();
        // pass 1: the text into tokens.
        std::vector<std::size_t> tokens;
        std::size_t vocab = 0;
        if (options.merges)
        {
            s.merges = *options.merges;
            if (text.size() > max_tokenized_text_bytes)
            {
                detail::fail_count("text",
                                   "at most " + std::to_string(max_tokenized_text_bytes) +
                                       " bytes when merges are given (or no merges, one token "
                                       "per character, for up to " +
                                       std::to_string(max_training_text_bytes_in_page) + ")",
                                   text.size());
            }
            tokens = tokenize_byte_pairs(text, s.merges).tokens;
            vocab = byte_tokens + s.merges.size();
        }
        else
        {
            character_tokenizer_trace t =
                detail::character_tokenizer_up_to(text, max_training_text_bytes_in_page);
            tokens = std::move(t.ids);
            s.vocabulary = std::move(t.vocabulary);
            vocab = s.vocabulary.size();
        }
        // pass 2: the options, then the text's size against the context and the budget.
        s.config = text_task::resolve(options, vocab);
        const std::size_t context = s.config.model.context;
        if (tokens.size() / 10 < context)
        {
            detail::fail_count("text",
                               "at least " + std::to_string(10 * context) +
                                   " tokens (ten times model.context, so that the held-out "
                                   "tenth holds a window)",
                               tokens.size());
        }
        s.config.held_out_windows =
            std::min(text_task::most_held_out_windows, tokens.size() / 10 - context + 1);
        text_task::check_budget(s.config, options);

        // pass 3: the initial model and the trainer: the learning rate warms up, then stays
        // (min = peak), so a run can go on for as many steps as the learner asks.
        language_model_training_options t;
        t.batch = s.config.batch_size;
        t.warmup_steps = s.config.warmup_steps;
        t.steps = std::max<std::size_t>(t.warmup_steps, 1);
        t.learning_rate = t.min_learning_rate = s.config.learning_rate;
        t.weight_decay = s.config.weight_decay;
        t.clip_norm = s.config.clip_norm;
        t.held_out_windows = s.config.held_out_windows;
        t.seed = s.config.seed;
        s.bigram = language_model_bigram_baseline(tokens, vocab);
        s.trainer = std::make_unique<language_model_trainer>(
            language_model_initial(s.config.model, s.config.seed), std::move(tokens), t);
    }

    text_trainer::~text_trainer() = default;

    const text_trainer_config& text_trainer::config() const
    {
        return state_->config;
    }

    std::size_t text_trainer::max_steps() const
    {
        const double step = cost().step_multiply_adds;
        return std::max<std::size_t>(
            1, std::min(text_task::most_steps_per_call,
                        static_cast<std::size_t>(trainer_work_budget / std::max(step, 1.0))));
    }

    std::vector<double> text_trainer::step(double k)
    {
        state& s = *state_;
        if (s.diverged)
        {
            detail::fail("step", "a trainer that has not diverged",
                         s.message + "; create a new one, e.g. with a smaller learningRate");
        }
        const std::size_t count =
            detail::check_integer("steps", k, 1, static_cast<double>(max_steps()));
        const double most_loss = 10 * std::log(static_cast<double>(s.config.model.vocab));
        std::vector<double> losses;
        for (std::size_t i = 0; i < count; ++i)
        {
            s.before = s.trainer->params();
            const double loss = s.trainer->step();
            const double norm = s.trainer->last_gradient_norm();
            const bool bad_loss = !(std::isfinite(loss) && loss <= most_loss);
            if (bad_loss || !std::isfinite(norm) ||
                !text_task::finite_and_within(s.trainer->params()))
            {
                s.diverged = true;
                s.message = "training diverged at step " + std::to_string(s.steps + 1) + ": " +
                            (bad_loss ? "the loss became " + detail::format_number(loss)
                             : !std::isfinite(norm) ? std::string("a gradient became non-finite")
                                                    : std::string("a parameter grew past 1e+06"));
                break;
            }
            ++s.steps;
            losses.push_back(loss);
        }
        return losses;
    }

    text_trainer_evaluation text_trainer::evaluate() const
    {
        const state& s = *state_;
        text_trainer_evaluation e;
        e.scored = s.config.held_out_windows * (s.config.model.context - 1);
        e.bigram_loss = s.bigram.held_out_loss;
        e.uniform_loss = std::log(static_cast<double>(s.config.model.vocab));
        // A diverged trainer is scored with the parameters kept from before the step.
        e.loss = language_model_held_out_loss(params(), s.trainer->held_out_tokens(),
                                              s.config.held_out_windows);
        return e;
    }

    const language_model_params& text_trainer::params() const
    {
        return state_->diverged ? state_->before : state_->trainer->params();
    }

    const std::vector<std::string>& text_trainer::vocabulary() const
    {
        return state_->vocabulary;
    }

    const std::vector<token_pair>& text_trainer::merges() const
    {
        return state_->merges;
    }

    std::size_t text_trainer::train_tokens() const
    {
        return state_->trainer->train_tokens().size();
    }

    std::size_t text_trainer::held_out_tokens() const
    {
        return state_->trainer->held_out_tokens().size();
    }

    std::size_t text_trainer::steps() const
    {
        return state_->steps;
    }

    bool text_trainer::diverged() const
    {
        return state_->diverged;
    }

    const std::string& text_trainer::status_message() const
    {
        return state_->message;
    }

    text_trainer_cost text_trainer::cost() const
    {
        return estimate_text_trainer_cost(state_->config);
    }
} // namespace attn
