#ifndef ATTN_TRAIN_TRAINER_BUDGET_HPP
#define ATTN_TRAIN_TRAINER_BUDGET_HPP

/**
 * @file trainer_budget.hpp
 * @brief What a trainer costs, estimated from its options before anything is allocated, and
 * the budgets past which createTrainer and step refuse instead of running for minutes or
 * running out of memory.
 *
 * Work is counted in multiply-adds: those of the matrix products (projections, attention,
 * feed-forward, head), plus what the other passes cost in multiply-adds of the same time (the
 * softmax's exp, the traces' small allocations, the loss's log), since on the lesson's small
 * models those take longer than the products. The constants and the rate that turns the count
 * into seconds (about 4·10⁹ a second) were measured on the wasm build
 * (docs/benchmarks-train.md); the estimate is within about a factor of two of the time taken.
 */

#include <cstddef>
#include <string>

#include "attn/train/trainer.hpp"

namespace attn
{
    /// Multiply-adds one call of a trainer may take: about ten seconds of the wasm build on
    /// the reference machine (docs/benchmarks-train.md).
    constexpr double trainer_work_budget = 4e10;

    /// Bytes one trainer may hold at its peak (its parameters, the optimizer's state and the
    /// larger of a step's and an evaluation's intermediates): half of the 2 GiB the wasm
    /// memory can grow to, so a page can keep a second run beside it.
    constexpr double trainer_memory_budget = 1024.0 * 1024 * 1024;

    /// The estimate of a configuration's cost.
    struct trainer_cost
    {
        double step_multiply_adds = 0;     ///< one training step (forward, backward, update)
        double evaluate_multiply_adds = 0; ///< evaluate() or ablate(): the held-out set
        double peak_bytes = 0;             ///< the most heap the trainer holds at once
    };

    /// The estimate for `config` (its sizes only: the optimizer and rates cost the same).
    trainer_cost estimate_trainer_cost(const trainer_config& config);

    /// The limits check_trainer_budget applies (the engine's own by default).
    struct trainer_budget
    {
        double multiply_adds = trainer_work_budget;
        double bytes = trainer_memory_budget;
    };

    /**
     * @brief Refuses a configuration past the memory or the work budget, naming the option
     * among those `given` whose default would lower the estimate most. With the engine's
     * budgets the memory one binds first at every size the caps allow (a step within 1 GiB
     * takes at most ~3·10¹⁰ multiply-adds); the work one stays, so that neither budget can be
     * raised without the other.
     * @throws attention_error e.g. "length: expected options whose trainer needs at most 1.0
     * GiB of memory, got ones needing an estimated 7.0 GiB"
     */
    void check_trainer_budget(const trainer_config& config, const trainer_options& given,
                              const trainer_budget& budget = {});

    /// The most steps one call of step() may take within the work budget (at least 1 for a
    /// configuration that passed check_trainer_budget).
    std::size_t steps_within_budget(const trainer_cost& cost);

    namespace detail
    {
        /// A budget's bytes in a message: "1.5 GiB", "300 MiB".
        std::string format_bytes(double bytes);
    } // namespace detail
} // namespace attn

#endif
