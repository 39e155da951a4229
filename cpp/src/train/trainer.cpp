#include "attn/train/trainer.hpp"

#include <algorithm>
#include <cmath>

#include "attn/error.hpp"
#include "attn/positional_encoding.hpp"
#include "attn/train/head_scores.hpp"
#include "attn/train/model.hpp"
#include "attn/train/optimizer.hpp"
#include "attn/train/trainer_budget.hpp"
#include "trainer_state.hpp"

namespace attn
{
    namespace
    {
        const std::size_t max_steps_per_call = 10000;

        bool all_finite(const std::vector<parameter_ref>& refs)
        {
            for (const parameter_ref& r : refs)
            {
                for (std::size_t i = 0; i < r.size; ++i)
                {
                    if (!std::isfinite(r.grad[i]))
                    {
                        return false;
                    }
                }
            }
            return true;
        }

        /// Draws of the probe stream tried for a compare probe that shows both answers.
        const std::size_t max_probe_draws = 100;

        /// Whether a compare probe shows both answers often enough: each at least twice where it
        /// has four scored positions or more, else at least once.
        bool shows_both_answers(const task_example& e)
        {
            std::size_t ones = 0, zeros = 0;
            for (std::size_t i = 0; i < e.targets.size(); ++i)
            {
                ones += e.scored[i] && e.targets[i] == 1;
                zeros += e.scored[i] && e.targets[i] == 0;
            }
            const std::size_t least = ones + zeros >= 4 ? 2 : 1;
            return ones >= least && zeros >= least;
        }

        optimizer_kind optimizer_of(const std::string& name)
        {
            return name == "sgd"     ? optimizer_kind::sgd
                   : name == "adamw" ? optimizer_kind::adamw
                                     : optimizer_kind::adam;
        }
    } // namespace

    std::vector<task_example> trainer::state::next_batch()
    {
        std::vector<task_example> batch;
        batch.reserve(config.batch_size);
        for (std::size_t b = 0; b < config.batch_size; ++b)
        {
            if (task != task_kind::iris)
            {
                batch.push_back(draw_sequence(task, config.length, config.vocabulary, batches));
                continue;
            }
            // Iris goes through the training rows in epochs, each in a fresh order drawn from
            // the batch stream, so every row is seen equally often.
            if (iris_cursor == split.train.size())
            {
                for (std::size_t i = split.train.size(); i-- > 1;)
                {
                    const auto j =
                        static_cast<std::size_t>(batches.uniform() * static_cast<double>(i + 1));
                    std::swap(split.train[i], split.train[j]);
                }
                iris_cursor = 0;
            }
            batch.push_back(iris_example(split, split.train[iris_cursor++]));
        }
        return batch;
    }

    trainer_evaluation trainer::state::evaluate(const model_parameters& p) const
    {
        const model_forward f = forward(p, run, held_out, {});
        const scored_logits scored = collect_scored(f.logits, held_out);
        const mean_loss loss = mean_cross_entropy(scored.logits, scored.targets);
        trainer_evaluation e;
        const std::size_t classes = cols(scored.logits);
        e.confusion = xt::zeros<double>({classes, classes});
        std::size_t right = 0;
        for (std::size_t r = 0; r < rows(scored.logits); ++r)
        {
            const auto truth = static_cast<std::size_t>(scored.targets(r));
            const std::size_t predicted = trainer_parts::argmax_row(scored.logits, r);
            e.confusion(truth, predicted) += 1;
            right += predicted == truth;
        }
        for (std::size_t c = 0; c < classes; ++c)
        {
            e.classes.push_back(trainer_parts::label(task, c));
        }
        e.loss = loss.loss;
        e.scored = rows(scored.logits);
        e.accuracy = static_cast<double>(right) / static_cast<double>(e.scored);
        return e;
    }

    void trainer::state::diverge(const std::string& why)
    {
        status = trainer_status::diverged;
        message = "training diverged at step " + std::to_string(steps + 1) + ": " + why +
                  "; the parameters are those before that step. Try a smaller learningRate.";
    }

    trainer::trainer(const trainer_options& options) : state_(std::make_unique<state>())
    {
        state& s = *state_;
        s.config = resolve_trainer_options(options);
        check_trainer_budget(s.config, options);
        s.cost = estimate_trainer_cost(s.config);
        s.task = parse_task(s.config.task);
        s.run.task = s.task;
        s.run.heads = s.config.heads;
        const std::uint32_t seed = s.config.seed;
        const auto stream = [seed](training_stream k)
        { return stream_state(seed, static_cast<std::uint64_t>(k)); };

        if (s.task == task_kind::iris)
        {
            s.split = split_iris(stream(training_stream::iris_split));
            for (const std::size_t row : s.split.test)
            {
                s.held_out.push_back(iris_example(s.split, row));
            }
            s.probe = iris_example(s.split, iris_probe_row);
            s.iris_cursor = 0;
        }
        else
        {
            s.run.positions = positional_encoding(s.config.length, s.config.d_model);
            splitmix64 held_out(stream(training_stream::held_out));
            for (std::size_t i = 0; i < held_out_sequences; ++i)
            {
                s.held_out.push_back(
                    draw_sequence(s.task, s.config.length, s.config.vocabulary, held_out));
            }
            // The probe ignores the seed: every run of a task shows the same sequence.
            splitmix64 probe(stream_state(0, static_cast<std::uint64_t>(training_stream::probe)));
            s.probe = draw_sequence(s.task, s.config.length, s.config.vocabulary, probe);
            // Compare's answers are 0 or 1: its probe is the first draw that shows each at least
            // twice (or once, for sequences too short for that), so that both are on screen.
            for (std::size_t draw = 1; s.task == task_kind::compare && draw < max_probe_draws &&
                                       !shows_both_answers(s.probe);
                 ++draw)
            {
                s.probe = draw_sequence(s.task, s.config.length, s.config.vocabulary, probe);
            }
        }
        s.batches = splitmix64(stream(training_stream::batches));
        s.dropout = splitmix64(stream(training_stream::dropout));
        s.train_run = s.run;
        s.train_run.dropout = s.config.dropout;
        const std::size_t classes = s.task == task_kind::iris ? iris_classes : s.config.vocabulary;
        s.divergent_loss = 10 * std::log(static_cast<double>(classes));

        s.params = initial_parameters(s.config, s.task);
        s.grads = zero_like(s.params);
        const std::vector<parameter_view> values = view_parameters(s.task, s.params);
        const std::vector<parameter_view> grads = view_parameters(s.task, s.grads);
        for (std::size_t k = 0; k < values.size(); ++k)
        {
            s.refs.push_back(
                {values[k].name, values[k].data, grads[k].data, values[k].rows * values[k].cols});
        }
        optimizer_options o;
        o.kind = optimizer_of(s.config.optimizer);
        o.learning_rate = s.config.learning_rate;
        o.weight_decay = s.config.weight_decay;
        s.update = std::make_unique<optimizer>(o, s.refs);
    }

    trainer::~trainer() = default;
    trainer::trainer(trainer&&) noexcept = default;
    trainer& trainer::operator=(trainer&&) noexcept = default;

    const trainer_config& trainer::config() const
    {
        return state_->config;
    }

    trainer_step_result trainer::step(double k)
    {
        state& s = *state_;
        const std::size_t count =
            detail::check_integer("steps", k, 1, static_cast<double>(max_steps_per_call));
        if (count > max_steps())
        {
            detail::fail("steps",
                         "at most " + std::to_string(max_steps()) +
                             " steps in one call for this model (its work budget, about ten "
                             "seconds)",
                         detail::format_number(k));
        }
        if (s.status == trainer_status::diverged)
        {
            detail::fail("step", "a trainer that has not diverged", "one that has: " + s.message);
        }
        trainer_step_result result;
        for (std::size_t i = 0; i < count; ++i)
        {
            const std::vector<task_example> batch = s.next_batch();
            double loss = 0;
            try
            {
                loss = loss_and_gradients(s.params, s.train_run, batch, s.grads, s.dropout.next());
            }
            catch (const attention_error& error)
            {
                // A net: parameters within max_parameter_magnitude keep every forward value
                // finite (tests/cpp/trainer_divergence.test.cpp runs the caps at that bound).
                s.diverge(std::string("the forward pass overflowed (") + error.what() + ")");
            }
            if (s.status == trainer_status::ready && !(loss <= s.divergent_loss))
            {
                s.diverge("the loss became " + detail::format_number(loss) +
                          ", more than ten "
                          "times that of guessing uniformly (" +
                          detail::format_number(s.divergent_loss / 10) + ")");
            }
            if (s.status == trainer_status::ready && !all_finite(s.refs))
            {
                s.diverge("a gradient became non-finite");
            }
            if (s.status == trainer_status::diverged)
            {
                result.diverged = true;
                break;
            }
            if (s.config.clip_norm > 0)
            {
                clip_grad_norm(s.refs, s.config.clip_norm);
            }
            // Undone if it takes a parameter out of range: a diverged trainer never steps again.
            const std::string wrong =
                update_within(*s.update, s.refs, max_parameter_magnitude, s.before_update);
            if (!wrong.empty())
            {
                s.diverge(wrong);
                result.diverged = true;
                break;
            }
            ++s.steps;
            result.losses.push_back(loss);
        }
        result.step = s.steps;
        result.loss = result.losses.empty() ? 0 : result.losses.back();
        return result;
    }

    std::size_t trainer::max_steps() const
    {
        return std::min(max_steps_per_call, steps_within_budget(state_->cost));
    }

    trainer_evaluation trainer::evaluate() const
    {
        return state_->evaluate(state_->params);
    }

    trainer_evaluation trainer::ablate(double layer, double head) const
    {
        const state& s = *state_;
        const std::size_t l =
            detail::check_integer("layer", layer, 0, static_cast<double>(s.config.layers - 1));
        const std::size_t h =
            detail::check_integer("head", head, 0, static_cast<double>(s.config.heads - 1));
        return s.evaluate(without_head(s.params, l, h, s.config.heads));
    }

    trainer_status trainer::status() const
    {
        return state_->status;
    }

    const std::string& trainer::status_message() const
    {
        return state_->message;
    }

    std::size_t trainer::steps() const
    {
        return state_->steps;
    }
} // namespace attn
