// The trainer's options: the defaults of each task and the checks, each naming the option as
// JavaScript spells it.
#include <cmath>

#include "attn/error.hpp"
#include "attn/train/iris.hpp"
#include "attn/train/tasks.hpp"
#include "attn/train/trainer.hpp"

namespace attn
{
    namespace
    {
        // Caps: big enough for every lesson, small enough that a step stays interactive in a
        // browser and no option can ask for gigabytes.
        constexpr double max_d_model = 256, max_heads = 16, max_layers = 4, max_d_ff = 1024;
        constexpr double max_batch = 256, max_length = 32, max_vocabulary = 64;
        // Adam's step is about learningRate per parameter, so above 10 a single step moves
        // every weight further than any trained value.
        constexpr double max_learning_rate = 10;

        std::size_t whole(const char* option, const std::optional<double>& given,
                          std::size_t fallback, double low, double high)
        {
            return given ? detail::check_integer(option, *given, low, high) : fallback;
        }

        double number(const char* option, const std::optional<double>& given, double fallback,
                      bool (*valid)(double), const char* expected)
        {
            if (!given)
            {
                return fallback;
            }
            if (!std::isfinite(*given) || !valid(*given))
            {
                detail::fail(option, expected, detail::format_number(*given));
            }
            return *given;
        }
    } // namespace

    trainer_config trainer_defaults(const std::string& task)
    {
        const task_kind kind = parse_task(task);
        trainer_config c;
        c.task = task_name(kind);
        c.seed = 0;
        c.optimizer = "adam";
        c.weight_decay = 0;
        c.dropout = 0;
        c.clip_norm = 1;
        if (kind == task_kind::iris)
        {
            // Chosen over d_model 16 at 0.01 (seeds 0–5): as accurate at step 300, and it stays
            // there from step ~100 instead of swinging by a flower or two between checks.
            c.d_model = 32;
            c.heads = 2;
            c.layers = 1;
            c.d_ff = 32;
            c.learning_rate = 3e-3;
            c.batch_size = 32;
            c.length = iris_features;
            c.vocabulary = iris_classes;
            return c;
        }
        // Small on purpose: reverse reaches 99 % in ~200–250 steps of ~1 ms natively, so the
        // lesson's run takes seconds in a browser. Sort and induction need a second layer
        // (induction: one head to copy the previous symbol, one to find its match).
        c.d_model = 16;
        c.heads = 2;
        c.layers = kind == task_kind::reverse || kind == task_kind::compare ? 1 : 2;
        c.d_ff = 32;
        c.learning_rate = 1e-2;
        c.batch_size = 16;
        c.length = 6;
        c.vocabulary = 10;
        return c;
    }

    trainer_config resolve_trainer_options(const trainer_options& o)
    {
        trainer_config c = trainer_defaults(o.task);
        const task_kind kind = parse_task(o.task);
        const bool iris = kind == task_kind::iris;

        c.d_model = whole("model.dModel", o.model.d_model, c.d_model, iris ? 2 : 1, max_d_model);
        c.heads = whole("model.heads", o.model.heads, c.heads, 1, max_heads);
        if (c.d_model % c.heads != 0)
        {
            detail::fail("model.heads", "a divisor of model.dModel = " + std::to_string(c.d_model),
                         std::to_string(c.heads));
        }
        c.layers = whole("model.layers", o.model.layers, c.layers, 1, max_layers);
        c.d_ff = whole("model.dFF", o.model.d_ff, c.d_ff, 1, max_d_ff);
        c.seed = static_cast<std::uint32_t>(whole("seed", o.seed, 0, 0, 4294967295.0));
        c.learning_rate = number(
            "learningRate", o.learning_rate, c.learning_rate,
            [](double x) { return x > 0 && x <= max_learning_rate; },
            "a positive number at most 10, such as 0.003");
        // Iris has 120 training rows; a larger batch would repeat rows within a step.
        c.batch_size = whole(
            "batchSize", o.batch_size, c.batch_size, 1,
            iris ? static_cast<double>(iris_rows - iris_classes * iris_test_per_class) : max_batch);
        if (o.optimizer)
        {
            const std::pair<const char*, const char*> choices[] = {
                {"adam", "adam"}, {"adamw", "adamw"}, {"sgd", "sgd"}};
            c.optimizer = detail::parse_choice("optimizer", *o.optimizer, choices);
        }
        c.weight_decay = number(
            "weightDecay", o.weight_decay, c.weight_decay,
            [](double x) { return x >= 0 && x <= 1; }, "a number from 0 to 1");
        c.dropout = number(
            "dropout", o.dropout, c.dropout, [](double x) { return x >= 0 && x < 1; },
            "a probability from 0 up to (not including) 1");
        c.clip_norm = number(
            "clipNorm", o.clip_norm, c.clip_norm, [](double x) { return x >= 0; },
            "a non-negative finite number (0 turns clipping off)");

        if (iris)
        {
            // The four features are the tokens and the three species the classes.
            if (o.length)
            {
                detail::fail("length", "no length for iris (its 4 features are its tokens)",
                             detail::format_number(*o.length));
            }
            if (o.vocabulary)
            {
                detail::fail("vocabulary", "no vocabulary for iris (it has 3 classes)",
                             detail::format_number(*o.vocabulary));
            }
            return c;
        }
        // Induction needs a period of at least 2 and one scored position after it.
        const bool induction = kind == task_kind::induction;
        c.length = whole("length", o.length, c.length, induction ? 4 : 2, max_length);
        c.vocabulary = whole("vocabulary", o.vocabulary, c.vocabulary, 2, max_vocabulary);
        if (induction && c.vocabulary < c.length / 2)
        {
            detail::fail("vocabulary",
                         "at least length / 2 = " + std::to_string(c.length / 2) +
                             " symbols for induction (a period of distinct symbols)",
                         std::to_string(c.vocabulary));
        }
        return c;
    }
} // namespace attn
