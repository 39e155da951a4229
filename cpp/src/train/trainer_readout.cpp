// What a trainer shows of its model, read without changing it: the probe's attention weights
// and predictions, the heads' scores, and the parameters by name.
#include <algorithm>

#include "attn/train/head_scores.hpp"
#include "attn/train/trainer.hpp"
#include "trainer_state.hpp"

namespace attn
{
    trainer_attention trainer::attention() const
    {
        const state& s = *state_;
        const model_forward f = forward(s.params, s.run, s.probe);
        trainer_attention out;
        for (std::size_t i = 0; i < s.probe.targets.size(); ++i)
        {
            const bool scored = s.probe.scored[i];
            out.probe.targets.push_back(scored ? trainer_parts::label(s.task, s.probe.targets[i]) : "");
            out.predictions.push_back(scored ? trainer_parts::label(s.task, trainer_parts::argmax_row(f.logits, i)) : "");
        }
        if (s.task == task_kind::iris)
        {
            for (std::size_t f = 0; f < iris_features; ++f)
            {
                out.probe.tokens.emplace_back(iris_feature_names[f]);
                out.probe.features_cm.push_back(iris_table[iris_probe_row].features[f]);
                out.probe.features_standardised.push_back(s.probe.features[f]);
            }
        }
        for (const std::size_t token : s.probe.tokens)
        {
            out.probe.tokens.push_back(std::to_string(token));
        }
        out.causal = task_is_causal(s.task);
        for (const encoder_layer_trace& layer : f.layers)
        {
            out.inputs.push_back(layer.input);
            std::vector<matrix> heads;
            for (const head_trace& head : layer.attention.per_head)
            {
                heads.push_back(head.attention.weights);
            }
            out.weights.push_back(std::move(heads));
        }
        return out;
    }

    trainer_head_scores trainer::head_scores() const
    {
        return score_heads(state_->task, state_->probe, attention().weights);
    }

    std::vector<trainer_parameter> trainer::parameters() const
    {
        std::vector<trainer_parameter> out;
        for (const parameter_view& v : view_parameters(state_->task, state_->params))
        {
            trainer_parameter p;
            p.name = v.name;
            p.value = xt::empty<double>({v.rows, v.cols});
            std::copy(v.data, v.data + v.rows * v.cols, p.value.data());
            p.is_vector = v.is_vector;
            out.push_back(std::move(p));
        }
        return out;
    }

} // namespace attn
