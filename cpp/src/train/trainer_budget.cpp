// The trainer's cost estimate and its budgets: the sizes of the model's passes (model.cpp,
// encoder_layer's trace) counted from the options alone.
#include "attn/train/trainer_budget.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "attn/error.hpp"
#include "attn/train/iris.hpp"
#include "attn/train/tasks.hpp"

namespace attn
{
    namespace
    {
        // Memory: doubles an encoder layer's trace keeps per row of width d_model (the input,
        // the projections and each head's slices of them, the concatenation, the attention's
        // output, both residuals, both layer norms' rows, the feed-forward output, the output,
        // and the temporaries of computing them), per row of width d_ff (the hidden layer before
        // and after the activation, and a temporary), and per cell of one head's (n × n)
        // attention on one example (scores, scaled, mask and masked under a causal mask, the
        // softmax's intermediates, the weights, dropout's mask and dropped weights, the stacked
        // copy of every head's weights). Fitted above the wasm memory's growth
        // (tests/api/trainer-errors.test.mjs checks it).
        constexpr double trace_per_model_cell = 20;
        constexpr double trace_per_hidden_cell = 3;
        constexpr double trace_per_attention_cell = 12;
        /// Bytes of bookkeeping per head and example (the head's trace objects and their
        /// allocations, whatever their size).
        constexpr double bytes_per_head_trace = 1024;
        /// The backward pass holds one more layer's worth of gradients beside the forward trace.
        constexpr double backward_layers = 1;
        /// Each parameter is held as its value, its gradient, the optimizer's two moments and
        /// the copy kept while an update is checked.
        constexpr double copies_per_parameter = 5;
        // Work: what the passes besides the matrix products cost, in multiply-adds of the same
        // time, fitted to the wasm build's step and evaluate() times over models from the
        // lesson's to ones of ~1 s a step (docs/benchmarks-train.md): per cell of a head's
        // attention (scaling, masking, the softmax's exp and the entropy's log), per head and
        // example (that head's trace: a dozen small matrices allocated), per logit (the
        // cross-entropy's exp and log) and per parameter (the update). The backward pass costs
        // about twice the forward (a product's gradient needs two products).
        constexpr double work_per_attention_cell = 40, work_per_head_trace = 6400,
                         work_per_logit = 500, work_per_parameter = 12;
        constexpr double backward_factor = 2;
        constexpr double bytes_per_double = 8;

        /// Sizes of one pass over `examples` sequences.
        struct pass_shape
        {
            double examples, length;
        };

        struct sizes
        {
            double d, heads, layers, d_ff, classes, parameters;
            bool iris;
        };

        sizes sizes_of(const trainer_config& c)
        {
            const bool iris = parse_task(c.task) == task_kind::iris;
            const double d = static_cast<double>(c.d_model), f = static_cast<double>(c.d_ff);
            const double classes =
                iris ? static_cast<double>(iris_classes) : static_cast<double>(c.vocabulary);
            const double per_layer = 4 * d * d + 4 * d + 2 * d * f + f + d + 4 * d;
            const double embedding = iris ? 2 * static_cast<double>(iris_features) * d
                                          : static_cast<double>(c.vocabulary) * d;
            const double head =
                iris ? d * (d / 2) + d / 2 + (d / 2) * classes + classes : d * classes + classes;
            return {d,
                    static_cast<double>(c.heads),
                    static_cast<double>(c.layers),
                    f,
                    classes,
                    embedding + static_cast<double>(c.layers) * per_layer + head,
                    iris};
        }

        /// Multiply-adds of one forward pass.
        double forward_work(const sizes& s, const pass_shape& p)
        {
            const double rows = p.examples * p.length;
            const double attention_cells = p.examples * s.heads * p.length * p.length;
            const double layer = rows * (4 * s.d * s.d + 2 * s.d * s.d_ff) +
                                 2 * p.examples * p.length * p.length * s.d +
                                 work_per_attention_cell * attention_cells +
                                 work_per_head_trace * p.examples * s.heads;
            const double head = s.iris ? p.examples * (s.d * s.d / 2 + s.d / 2 * s.classes)
                                       : rows * s.d * s.classes;
            return s.layers * layer + head + work_per_logit * rows * s.classes;
        }

        /// Bytes of one layer's trace over a pass.
        double layer_trace_bytes(const sizes& s, const pass_shape& p)
        {
            const double rows = p.examples * p.length;
            const double cells =
                rows * (trace_per_model_cell * s.d + trace_per_hidden_cell * s.d_ff) +
                trace_per_attention_cell * p.examples * s.heads * p.length * p.length;
            return cells * bytes_per_double + bytes_per_head_trace * p.examples * s.heads;
        }

        double pass_bytes(const sizes& s, const pass_shape& p, double extra_layers)
        {
            const double logits = p.examples * p.length * s.classes * 3; // logits, scored, grad
            return (s.layers + extra_layers) * layer_trace_bytes(s, p) +
                   (logits + p.examples * p.length * s.d) * bytes_per_double;
        }

        pass_shape batch_of(const trainer_config& c, bool iris)
        {
            return {static_cast<double>(c.batch_size),
                    iris ? static_cast<double>(iris_features) : static_cast<double>(c.length)};
        }

        pass_shape held_out_of(const trainer_config& c, bool iris)
        {
            return iris ? pass_shape{static_cast<double>(iris_classes * iris_test_per_class),
                                     static_cast<double>(iris_features)}
                        : pass_shape{static_cast<double>(held_out_sequences),
                                     static_cast<double>(c.length)};
        }

        /// "4e+09".
        std::string format_count(double count)
        {
            char buffer[32];
            std::snprintf(buffer, sizeof buffer, "%.2g", count);
            return buffer;
        }

        /// The options the caller gave that size the model or its passes, each with the
        /// configuration it would give at its default.
        std::vector<std::pair<const char*, trainer_config>>
        given_sizes(const trainer_config& c, const trainer_options& given)
        {
            const trainer_config d = trainer_defaults(c.task);
            std::vector<std::pair<const char*, trainer_config>> out;
            const auto add = [&](bool present, const char* name, auto member)
            {
                if (present)
                {
                    trainer_config reset = c;
                    reset.*member = d.*member;
                    out.emplace_back(name, reset);
                }
            };
            add(given.model.d_model.has_value(), "model.dModel", &trainer_config::d_model);
            add(given.model.heads.has_value(), "model.heads", &trainer_config::heads);
            add(given.model.layers.has_value(), "model.layers", &trainer_config::layers);
            add(given.model.d_ff.has_value(), "model.dFF", &trainer_config::d_ff);
            add(given.batch_size.has_value(), "batchSize", &trainer_config::batch_size);
            add(given.length.has_value(), "length", &trainer_config::length);
            add(given.vocabulary.has_value(), "vocabulary", &trainer_config::vocabulary);
            return out;
        }

        /// The given option whose default would lower `measure` most ("model" if none was
        /// given, which the defaults' own estimates rule out).
        template <class Measure>
        std::string costliest_option(const trainer_config& c, const trainer_options& given,
                                     Measure measure)
        {
            std::string name = "model";
            double lowest = measure(estimate_trainer_cost(c));
            for (const auto& [option, reset] : given_sizes(c, given))
            {
                const double cost = measure(estimate_trainer_cost(reset));
                if (cost < lowest)
                {
                    lowest = cost;
                    name = option;
                }
            }
            return name;
        }

        double work_of(const trainer_cost& cost)
        {
            return std::max(cost.step_multiply_adds, cost.evaluate_multiply_adds);
        }
    } // namespace

    trainer_cost estimate_trainer_cost(const trainer_config& config)
    {
        const sizes s = sizes_of(config);
        const pass_shape batch = batch_of(config, s.iris);
        const pass_shape held_out = held_out_of(config, s.iris);
        trainer_cost cost;
        cost.step_multiply_adds =
            (1 + backward_factor) * forward_work(s, batch) + work_per_parameter * s.parameters;
        cost.evaluate_multiply_adds = forward_work(s, held_out);
        cost.peak_bytes =
            copies_per_parameter * s.parameters * bytes_per_double +
            std::max(pass_bytes(s, batch, backward_layers), pass_bytes(s, held_out, 0));
        return cost;
    }

    void check_trainer_budget(const trainer_config& config, const trainer_options& given,
                              const trainer_budget& budget)
    {
        const trainer_cost cost = estimate_trainer_cost(config);
        if (cost.peak_bytes > budget.bytes)
        {
            detail::fail(
                costliest_option(config, given, [](const trainer_cost& c) { return c.peak_bytes; }),
                "options whose trainer needs at most " + detail::format_bytes(budget.bytes) + " of memory",
                "ones needing an estimated " + detail::format_bytes(cost.peak_bytes));
        }
        if (work_of(cost) > budget.multiply_adds)
        {
            const bool step = cost.step_multiply_adds >= cost.evaluate_multiply_adds;
            detail::fail(costliest_option(config, given, work_of),
                         std::string("options whose training step and evaluate() each take at "
                                     "most ") +
                             format_count(budget.multiply_adds) + " multiply-adds",
                         "ones whose " + (step ? std::string("step") : "evaluate()") +
                             " takes an estimated " + format_count(work_of(cost)));
        }
    }

    std::size_t steps_within_budget(const trainer_cost& cost)
    {
        return static_cast<std::size_t>(
            std::max(1.0, std::floor(trainer_work_budget / cost.step_multiply_adds)));
    }
    namespace detail
    {
        std::string format_bytes(double bytes)
        {
            const double mib = bytes / (1024 * 1024);
            char buffer[32];
            if (mib >= 1024)
            {
                std::snprintf(buffer, sizeof buffer, "%.1f GiB", mib / 1024);
            }
            else
            {
                std::snprintf(buffer, sizeof buffer, "%.0f MiB", mib);
            }
            return buffer;
        }
    } // namespace detail
} // namespace attn
