#ifndef ATTN_TRAIN_OPTIMIZER_HPP
#define ATTN_TRAIN_OPTIMIZER_HPP

/**
 * @file optimizer.hpp
 * @brief The parameter updates of training, as PyTorch 1.13's torch.optim.SGD, Adam and AdamW
 * (their single-tensor reference loops), and gradient clipping by global norm as
 * torch.nn.utils.clip_grad_norm_. Not bound to JavaScript as operations: the trainer uses them.
 *
 * Error messages name the options as the trainer's JavaScript options spell them
 * (learningRate, weightDecay, …), since that is where a learner sets them.
 */

#include <cstddef>
#include <string>
#include <vector>

namespace attn
{
    /// A flat view of one parameter and its gradient: a matrix or vector of `size` doubles
    /// (xtensor storage is contiguous). The pointers must outlive the optimizer that holds them.
    struct parameter_ref
    {
        std::string name;
        double* value;
        double* grad;
        std::size_t size;
    };

    enum class optimizer_kind
    {
        sgd,  ///< θ ← θ − lr·(g + λθ), with momentum buffer b ← μb + g when μ > 0
        adam, ///< Adam with weight decay added to the gradient (L2)
        adamw ///< Adam with decoupled weight decay: θ ← θ·(1 − lr·λ) before the update
    };

    struct optimizer_options
    {
        optimizer_kind kind = optimizer_kind::adam;
        double learning_rate = 1e-3; ///< > 0 and finite
        double beta1 = 0.9;          ///< in [0, 1): decay of the first moment (Adam/AdamW)
        double beta2 = 0.999;        ///< in [0, 1): decay of the second moment (Adam/AdamW)
        double eps = 1e-8;           ///< > 0: keeps the Adam denominator away from 0
        double weight_decay = 0;     ///< ≥ 0
        double momentum = 0;         ///< in [0, 1) (SGD)
    };

    /**
     * @brief Updates parameters from their gradients, keeping the per-parameter state
     * (momentum buffer, first and second moments) across steps, in the order given.
     */
    class optimizer
    {
    public:
        /// Checks the options and the parameters; throws attention_error naming the option.
        optimizer(optimizer_options options, const std::vector<parameter_ref>& parameters);

        /// One update of every parameter from its current grad.
        void step();

        /// How many times step() has run.
        std::size_t steps() const;

        /// The learning rate of the steps from now on, as a scheduler sets a param group's
        /// "lr" between steps; the moments and the step count carry on.
        void set_learning_rate(double learning_rate);

    private:
        struct state
        {
            std::vector<double> first;  ///< SGD momentum buffer, or Adam's first moment m
            std::vector<double> second; ///< Adam's second moment v (empty for SGD)
        };

        void sgd_step(const parameter_ref& p, state& s) const;
        void adam_step(const parameter_ref& p, state& s) const;

        optimizer_options options_;
        std::vector<parameter_ref> parameters_;
        std::vector<state> states_;
        std::size_t steps_ = 0;
    };

    /**
     * @brief Scales every gradient so that their total 2-norm is at most max_norm, as
     * torch.nn.utils.clip_grad_norm_: by max_norm / (norm + 1e-6) when that is below 1.
     * A non-finite norm (a diverged step) leaves the gradients as they are, so the caller sees
     * the divergence instead of gradients zeroed by ∞.
     * @param max_norm > 0 and finite (named maxNorm in messages)
     * @return the total norm before clipping
     */
    double clip_grad_norm(const std::vector<parameter_ref>& parameters, double max_norm);

    /**
     * @brief The first parameter value that is not finite or lies beyond ±limit, described
     * ("the update made head.w[3] Infinity, beyond ±1000000"), or "" when there is none.
     */
    std::string first_out_of_range(const std::vector<parameter_ref>& parameters, double limit);

    /**
     * @brief One update of `update`, kept only if every parameter stays finite and within
     * ±limit; otherwise the parameters are put back as they were (the optimizer's moments are
     * not: a caller stops stepping) and first_out_of_range's words are returned, else "".
     * @param saved scratch space for the parameters' values, reused from call to call
     */
    std::string update_within(optimizer& update, const std::vector<parameter_ref>& parameters,
                              double limit, std::vector<double>& saved);
} // namespace attn

#endif
