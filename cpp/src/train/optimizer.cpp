#include "attn/train/optimizer.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

#include "attn/error.hpp"

namespace attn
{
    namespace
    {
        /// Throws "<option>: expected <expected>, got <value>" unless ok (false for NaN too).
        void check_option(bool ok, const char* option, const char* expected, double value)
        {
            if (!ok)
            {
                detail::fail(option, expected, detail::format_number(value));
            }
        }

        void check_learning_rate(double learning_rate)
        {
            check_option(std::isfinite(learning_rate) && learning_rate > 0, "learningRate",
                         "a positive finite number such as 1e-3", learning_rate);
        }

        bool in_unit_interval(double x)
        {
            return x >= 0 && x < 1;
        }

        void check_parameters(const std::vector<parameter_ref>& parameters)
        {
            for (std::size_t i = 0; i < parameters.size(); ++i)
            {
                const parameter_ref& p = parameters[i];
                if (p.value == nullptr || p.grad == nullptr || p.size == 0)
                {
                    detail::fail("parameters[" + std::to_string(i) + "] (" + p.name + ")",
                                 "a value and a gradient of at least one number",
                                 p.size == 0 ? "an empty parameter" : "a missing pointer");
                }
            }
        }
    } // namespace

    optimizer::optimizer(optimizer_options options, const std::vector<parameter_ref>& parameters)
        : options_(options), parameters_(parameters)
    {
        check_learning_rate(options.learning_rate);
        check_option(in_unit_interval(options.beta1), "beta1",
                     "a number from 0 up to but not including 1, such as 0.9", options.beta1);
        check_option(in_unit_interval(options.beta2), "beta2",
                     "a number from 0 up to but not including 1, such as 0.999", options.beta2);
        check_option(std::isfinite(options.eps) && options.eps > 0, "eps",
                     "a small positive number such as 1e-8", options.eps);
        check_option(std::isfinite(options.weight_decay) && options.weight_decay >= 0,
                     "weightDecay", "a finite number of at least 0, such as 0.01",
                     options.weight_decay);
        check_option(in_unit_interval(options.momentum), "momentum",
                     "a number from 0 up to but not including 1, such as 0.9", options.momentum);
        check_parameters(parameters_);

        states_.resize(parameters_.size());
        if (options_.kind != optimizer_kind::sgd)
        {
            for (std::size_t i = 0; i < parameters_.size(); ++i)
            {
                states_[i].first.assign(parameters_[i].size, 0.0);
                states_[i].second.assign(parameters_[i].size, 0.0);
            }
        }
    }

    void optimizer::step()
    {
        ++steps_;
        for (std::size_t i = 0; i < parameters_.size(); ++i)
        {
            if (options_.kind == optimizer_kind::sgd)
            {
                sgd_step(parameters_[i], states_[i]);
            }
            else
            {
                adam_step(parameters_[i], states_[i]);
            }
        }
    }

    std::size_t optimizer::steps() const
    {
        return steps_;
    }

    void optimizer::set_learning_rate(double learning_rate)
    {
        check_learning_rate(learning_rate);
        options_.learning_rate = learning_rate;
    }

    void optimizer::sgd_step(const parameter_ref& p, state& s) const
    {
        // torch.optim.SGD (dampening 0, no Nesterov): d = g + λθ; with momentum the buffer
        // starts as d itself on the first step, then b ← μ·b + d, and d = b; θ ← θ − lr·d.
        const double lr = options_.learning_rate, decay = options_.weight_decay,
                     momentum = options_.momentum;
        const bool first_step = s.first.empty();
        if (momentum != 0 && first_step)
        {
            s.first.resize(p.size);
        }
        for (std::size_t k = 0; k < p.size; ++k)
        {
            double d = p.grad[k];
            if (decay != 0)
            {
                d += decay * p.value[k];
            }
            if (momentum != 0)
            {
                s.first[k] = first_step ? d : s.first[k] * momentum + d;
                d = s.first[k];
            }
            p.value[k] += -lr * d;
        }
    }

    void optimizer::adam_step(const parameter_ref& p, state& s) const
    {
        // torch.optim.Adam / AdamW of PyTorch 1.13, term for term in its order of operations.
        const double lr = options_.learning_rate, decay = options_.weight_decay;
        const double beta1 = options_.beta1, beta2 = options_.beta2;
        const double step = static_cast<double>(steps_);
        // The moments start at 0, so early on they are biased towards 0; dividing by
        // 1 − βᵗ undoes that.
        const double step_size = lr / (1 - std::pow(beta1, step));
        const double bias_correction2_sqrt = std::sqrt(1 - std::pow(beta2, step));
        const bool decoupled = options_.kind == optimizer_kind::adamw;
        for (std::size_t k = 0; k < p.size; ++k)
        {
            double g = p.grad[k];
            if (decoupled)
            {
                // AdamW shrinks the weight itself, outside the adaptive scaling.
                p.value[k] *= 1 - lr * decay;
            }
            else if (decay != 0)
            {
                // Adam's weight decay is L2: part of the gradient, so it is scaled too.
                g += decay * p.value[k];
            }
            s.first[k] = s.first[k] * beta1 + (1 - beta1) * g;
            s.second[k] = s.second[k] * beta2 + (1 - beta2) * g * g;
            const double denominator = std::sqrt(s.second[k]) / bias_correction2_sqrt + options_.eps;
            p.value[k] += -step_size * s.first[k] / denominator;
        }
    }

    double clip_grad_norm(const std::vector<parameter_ref>& parameters, double max_norm)
    {
        check_option(std::isfinite(max_norm) && max_norm > 0, "maxNorm",
                     "a positive finite number such as 1", max_norm);
        check_parameters(parameters);
        // As torch: each parameter's 2-norm, then the 2-norm of those norms.
        double sum_of_squared_norms = 0;
        for (const parameter_ref& p : parameters)
        {
            double squares = 0;
            for (std::size_t k = 0; k < p.size; ++k)
            {
                squares += p.grad[k] * p.grad[k];
            }
            const double norm = std::sqrt(squares);
            sum_of_squared_norms += norm * norm;
        }
        const double total = std::sqrt(sum_of_squared_norms);
        // The 1e-6 keeps the scale finite for a zero norm (where it is never applied anyway).
        const double scale = max_norm / (total + 1e-6);
        if (std::isfinite(total) && scale < 1)
        {
            for (const parameter_ref& p : parameters)
            {
                for (std::size_t k = 0; k < p.size; ++k)
                {
                    p.grad[k] *= scale;
                }
            }
        }
        return total;
    }

    std::string first_out_of_range(const std::vector<parameter_ref>& parameters, double limit)
    {
        for (const parameter_ref& p : parameters)
        {
            for (std::size_t i = 0; i < p.size; ++i)
            {
                if (!(std::abs(p.value[i]) <= limit))
                {
                    return "the update made " + p.name + "[" + std::to_string(i) + "] " +
                           detail::format_number(p.value[i]) + ", beyond ±" +
                           detail::format_number(limit);
                }
            }
        }
        return "";
    }

    std::string update_within(optimizer& update, const std::vector<parameter_ref>& parameters,
                              double limit, std::vector<double>& saved)
    {
        saved.clear();
        for (const parameter_ref& p : parameters)
        {
            saved.insert(saved.end(), p.value, p.value + p.size);
        }
        update.step();
        std::string wrong = first_out_of_range(parameters, limit);
        if (!wrong.empty())
        {
            auto from = saved.begin();
            for (const parameter_ref& p : parameters)
            {
                std::copy(from, from + static_cast<std::ptrdiff_t>(p.size), p.value);
                from += static_cast<std::ptrdiff_t>(p.size);
            }
        }
        return wrong;
    }
} // namespace attn
