#include <catch2/catch.hpp>

#include <cmath>

#include "attn/positional_encoding.hpp"
#include "attn/train/model.hpp"

namespace model_gradient_tests
{
    namespace
    {
        /// A model small enough to perturb every parameter: d_model 4, 2 heads, 2 layers, d_ff 6.
        attn::trainer_config tiny(const char* task)
        {
            attn::trainer_options o;
            o.task = task;
            o.model.d_model = 4;
            o.model.heads = 2;
            o.model.layers = 2;
            o.model.d_ff = 6;
            o.seed = 5;
            if (std::string(task) != "iris")
            {
                o.length = 5;
                o.vocabulary = 4;
            }
            return attn::resolve_trainer_options(o);
        }
    } // namespace

    TEST_CASE("the whole model's loss gradient matches central finite differences in every "
              "parameter",
              "[trainer][gradient]")
    {
        // Dropout is part of the checked function: a fixed dropout state gives the same masks in
        // every evaluation of the loss.
        const auto [name, dropout] = GENERATE(table<const char*, double>(
            {{"reverse", 0.0}, {"induction", 0.0}, {"iris", 0.0}, {"induction", 0.3}}));
        const std::uint64_t dropout_state = 77;
        const attn::trainer_config config = tiny(name);
        const attn::task_kind task = attn::parse_task(name);
        attn::model_run run;
        run.task = task;
        run.heads = config.heads;
        run.dropout = dropout;
        std::vector<attn::task_example> batch;
        if (task == attn::task_kind::iris)
        {
            const attn::iris_split split = attn::split_iris(1);
            for (const std::size_t row : {0, 60, 120})
            {
                batch.push_back(attn::iris_example(split, row));
            }
        }
        else
        {
            run.positions = attn::positional_encoding(config.length, config.d_model);
            attn::splitmix64 generator(3);
            for (int i = 0; i < 3; ++i)
            {
                batch.push_back(
                    attn::draw_sequence(task, config.length, config.vocabulary, generator));
            }
        }

        attn::model_parameters params = attn::initial_parameters(config, task);
        attn::model_parameters grads = attn::zero_like(params);
        attn::model_parameters scratch = attn::zero_like(params);
        attn::loss_and_gradients(params, run, batch, grads, dropout_state);

        const std::vector<attn::parameter_view> values = attn::view_parameters(task, params);
        const std::vector<attn::parameter_view> gradients = attn::view_parameters(task, grads);
        const double h = 1e-5;
        for (std::size_t k = 0; k < values.size(); ++k)
        {
            for (std::size_t i = 0; i < values[k].rows * values[k].cols; ++i)
            {
                double& x = values[k].data[i];
                const double kept = x;
                x = kept + h;
                const double up =
                    attn::loss_and_gradients(params, run, batch, scratch, dropout_state);
                x = kept - h;
                const double down =
                    attn::loss_and_gradients(params, run, batch, scratch, dropout_state);
                x = kept;
                const double slope = (up - down) / (2 * h);
                const double analytic = gradients[k].data[i];
                INFO(name << " (dropout " << dropout << "): " << values[k].name << "[" << i
                          << "] analytic " << analytic << ", finite difference " << slope);
                // h = 1e-5: truncation ~1e-10, rounding ~1e-11; a ReLU kink within h of a hidden
                // value would show as a far larger gap.
                CHECK(std::abs(analytic - slope) <= 1e-6 * std::max(1.0, std::abs(slope)));
            }
        }
    }
} // namespace model_gradient_tests
