// A trainer's state, shared by the files that make up the trainer: trainer.cpp (creating,
// stepping, evaluating) and trainer_readout.cpp (what it shows of its model: the probe's
// attention, the heads' scores, the parameters). Private to cpp/src/train.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "attn/train/model.hpp"
#include "attn/train/optimizer.hpp"
#include "attn/train/trainer.hpp"
#include "attn/train/trainer_budget.hpp"

namespace attn
{
    struct trainer::state
    {
        trainer_config config;
        trainer_cost cost; ///< the estimate the budgets were checked against
        task_kind task = task_kind::reverse;
        model_run run;       ///< evaluation: no dropout
        model_run train_run; ///< training: the dropout option
        splitmix64 dropout{0};
        model_parameters params;
        model_parameters grads; ///< shaped as params; the optimizer points into both
        std::vector<parameter_ref> refs;
        std::unique_ptr<optimizer> update;
        splitmix64 batches{0};
        std::vector<task_example> held_out;
        task_example probe;
        iris_split split;
        std::size_t iris_cursor = 0; ///< next position in split.train
        std::size_t steps = 0;
        /// 10·ln(classes): ten times the loss of a uniform guess. Layer norm and clipping keep
        /// a too-fast run finite (at learning rate 10 Adam's loss wanders in the thousands), so
        /// a loss this bad, not only NaN, counts as divergence.
        double divergent_loss = 0;
        trainer_status status = trainer_status::ready;
        std::string message;
        /// update_within's copy of the parameters, kept between steps so that a step allocates
        /// nothing for it.
        std::vector<double> before_update;

        std::vector<task_example> next_batch();
        trainer_evaluation evaluate(const model_parameters& p) const;
        void diverge(const std::string& why);
    };

    namespace trainer_parts
    {
        /// The column of row `row`'s largest value: the predicted symbol.
        inline std::size_t argmax_row(const matrix& m, std::size_t row)
        {
            std::size_t best = 0;
            for (std::size_t j = 1; j < cols(m); ++j)
            {
                best = m(row, j) > m(row, best) ? j : best;
            }
            return best;
        }

        inline std::string label(task_kind task, std::size_t symbol)
        {
            return task == task_kind::iris ? iris_species_names[symbol] : std::to_string(symbol);
        }

    } // namespace trainer_parts
} // namespace attn
