// The trainer's guards: the range an update must keep every parameter in (so that a trainer
// never hands out a non-finite number) and the budgets of work and memory its options must fit.

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/positional_encoding.hpp"
#include "attn/random.hpp"
#include "attn/train/iris.hpp"
#include "attn/train/model.hpp"
#include "attn/train/optimizer.hpp"
#include "attn/train/tasks.hpp"
#include "attn/train/trainer.hpp"
#include "attn/train/trainer_budget.hpp"

namespace trainer_divergence_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::StartsWith;

    namespace
    {
        bool all_finite(const attn::matrix& m)
        {
            return std::all_of(m.begin(), m.end(), [](double x) { return std::isfinite(x); });
        }

        /// Options of the given sizes for the reverse task (an absent one takes the default).
        attn::trainer_options sized(std::optional<double> d_model, std::optional<double> heads,
                                    std::optional<double> layers, std::optional<double> d_ff,
                                    double batch, double length)
        {
            attn::trainer_options o;
            o.model = {d_model, heads, layers, d_ff};
            o.batch_size = batch;
            o.length = length;
            return o;
        }

        /// The largest model the caps allow for `task` (batch small: the bound is per example).
        attn::trainer_config largest(const char* task)
        {
            attn::trainer_config c = attn::trainer_defaults(task);
            c.d_model = 256;
            c.heads = 16;
            c.layers = 4;
            c.d_ff = 1024;
            if (attn::parse_task(task) != attn::task_kind::iris)
            {
                c.length = 32;
                c.vocabulary = 64;
            }
            c.batch_size = 2;
            return c;
        }
    } // namespace

    TEST_CASE("parameters at ±max_parameter_magnitude keep every forward and backward value of "
              "the largest model finite",
              "[trainer][divergence][slow]")
    {
        const char* task = GENERATE("reverse", "induction", "iris");
        const attn::trainer_config c = largest(task);
        const attn::task_kind kind = attn::parse_task(task);
        attn::model_parameters p = attn::initial_parameters(c, kind);
        // Signs drawn at random, so that no cancellation keeps the products small.
        attn::splitmix64 signs(27);
        for (const attn::parameter_view& v : attn::view_parameters(kind, p))
        {
            for (std::size_t i = 0; i < v.rows * v.cols; ++i)
            {
                v.data[i] = (signs.uniform() < 0.5 ? -1 : 1) * attn::max_parameter_magnitude;
            }
        }
        attn::model_run run;
        run.task = kind;
        run.heads = c.heads;
        // Dropout scales the kept weights by 1 / (1 − p): a large p is the worst case.
        run.dropout = 0.99;
        std::vector<attn::task_example> batch;
        attn::splitmix64 draws(5);
        if (kind == attn::task_kind::iris)
        {
            const attn::iris_split split = attn::split_iris(3);
            batch = {attn::iris_example(split, split.train[0]),
                     attn::iris_example(split, split.train[1])};
        }
        else
        {
            run.positions = attn::positional_encoding(c.length, c.d_model);
            batch = {attn::draw_sequence(kind, c.length, c.vocabulary, draws),
                     attn::draw_sequence(kind, c.length, c.vocabulary, draws)};
        }
        attn::model_parameters grads = attn::zero_like(p);
        double loss = 0;
        REQUIRE_NOTHROW(loss = attn::loss_and_gradients(p, run, batch, grads, 11));
        INFO(task << ": loss " << loss);
        CHECK(std::isfinite(loss));
        std::string non_finite; // the first gradient that is not finite, named
        for (const attn::parameter_view& g : attn::view_parameters(kind, grads))
        {
            for (std::size_t i = 0; i < g.rows * g.cols && non_finite.empty(); ++i)
            {
                if (!std::isfinite(g.data[i]))
                {
                    non_finite = g.name + "[" + std::to_string(i) + "]";
                }
            }
        }
        CHECK(non_finite.empty());
        run.dropout = 0;
        const attn::model_forward f = attn::forward(p, run, batch, {});
        CHECK(all_finite(f.logits));
    }

    TEST_CASE("first_out_of_range names the first value that is not finite or past the limit",
              "[trainer][divergence]")
    {
        std::vector<double> a{1, -2}, b{0.5, std::numeric_limits<double>::infinity(), 3e6};
        std::vector<double> ga(2), gb(3);
        const std::vector<attn::parameter_ref> refs{{"a", a.data(), ga.data(), 2},
                                                    {"b", b.data(), gb.data(), 3}};
        CHECK(attn::first_out_of_range(refs, 1e6) ==
              "the update made b[1] Infinity, beyond ±1000000");
        b[1] = std::nan("");
        CHECK(attn::first_out_of_range(refs, 1e6) == "the update made b[1] NaN, beyond ±1000000");
        b[1] = -1e6;
        CHECK(attn::first_out_of_range(refs, 1e6) ==
              "the update made b[2] 3000000, beyond ±1000000");
        b[2] = 1e6;
        CHECK(attn::first_out_of_range(refs, 1e6).empty());
    }

    TEST_CASE("update_within keeps an update in range and undoes one that leaves it",
              "[trainer][divergence]")
    {
        std::vector<double> value{1, 2}, grad{0.5, 0};
        const std::vector<attn::parameter_ref> refs{{"w", value.data(), grad.data(), 2}};
        attn::optimizer_options o;
        o.kind = attn::optimizer_kind::sgd;
        o.learning_rate = 10;
        attn::optimizer sgd(o, refs);
        std::vector<double> saved;
        CHECK(attn::update_within(sgd, refs, 1e6, saved).empty());
        CHECK(value == std::vector<double>{-4, 2});
        grad = {0, 2e5};
        CHECK(attn::update_within(sgd, refs, 1e6, saved) ==
              "the update made w[1] -1999998, beyond ±1000000");
        CHECK(value == std::vector<double>{-4, 2});
        grad = {std::numeric_limits<double>::infinity(), 0};
        CHECK(attn::update_within(sgd, refs, 1e6, saved) ==
              "the update made w[0] -Infinity, beyond ±1000000");
        CHECK(value == std::vector<double>{-4, 2});
    }

    TEST_CASE("every task's defaults fit the work and memory budgets with room to spare",
              "[trainer][budget]")
    {
        const char* task = GENERATE("reverse", "sort", "induction", "iris");
        const attn::trainer_cost cost = attn::estimate_trainer_cost(attn::trainer_defaults(task));
        INFO(task << ": step " << cost.step_multiply_adds << ", evaluate "
                  << cost.evaluate_multiply_adds << ", " << cost.peak_bytes << " bytes");
        CHECK(cost.step_multiply_adds * 1000 < attn::trainer_work_budget);
        CHECK(cost.evaluate_multiply_adds * 100 < attn::trainer_work_budget);
        CHECK(cost.peak_bytes * 20 < attn::trainer_memory_budget);
        CHECK(attn::steps_within_budget(cost) >= 1000);
    }

    TEST_CASE("options past a budget are refused when the trainer is created, naming the given "
              "option whose default would lower the estimate most",
              "[trainer][budget]")
    {
        attn::trainer_options o = sized(256, 16, 4, 1024, 256, 32);
        o.vocabulary = 64;
        CHECK_THROWS_WITH(attn::trainer(o),
                          StartsWith("length: expected options whose trainer needs at most "
                                     "1.0 GiB of memory, got ones needing an estimated "));
        // The work budget, which the memory one keeps out of reach at the engine's budgets,
        // checked with a smaller one.
        const attn::trainer_options slow = sized(256, {}, {}, 1024, 64, 8);
        const attn::trainer_config config = attn::resolve_trainer_options(slow);
        const attn::trainer_cost cost = attn::estimate_trainer_cost(config);
        attn::trainer_budget small;
        small.multiply_adds = cost.evaluate_multiply_adds / 2;
        CHECK_THROWS_WITH(attn::check_trainer_budget(config, slow, small),
                          StartsWith("model.dModel: expected options whose training step and "
                                     "evaluate() each take at most "));
        small.multiply_adds = std::max(cost.evaluate_multiply_adds, cost.step_multiply_adds);
        CHECK_NOTHROW(attn::check_trainer_budget(config, slow, small));
    }

    TEST_CASE("step(k) refuses more steps in one call than the work budget allows, before any",
              "[trainer][budget]")
    {
        attn::trainer t(sized(64, 4, 2, 256, 64, 16));
        const std::size_t most = attn::steps_within_budget(attn::estimate_trainer_cost(t.config()));
        REQUIRE(most < 10000);
        CHECK_THROWS_MATCHES(t.step(static_cast<double>(most + 1)), attn::attention_error,
                             Message("steps: expected at most " + std::to_string(most) +
                                     " steps in one call for this model (its work budget, about "
                                     "ten seconds), got " +
                                     std::to_string(most + 1)));
        CHECK(t.steps() == 0);
    }
} // namespace trainer_divergence_tests
