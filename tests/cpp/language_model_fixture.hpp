#ifndef ATTN_TESTS_LANGUAGE_MODEL_FIXTURE_HPP
#define ATTN_TESTS_LANGUAGE_MODEL_FIXTURE_HPP

// A language model as the fixtures of tests/fixtures/language_model_cases.py and
// language_model_training_cases.py write it (config, parameters, tokens), both ways, and a small
// config for the cases that need no fixture.

#include "attn/language_model.hpp"
#include "golden_operations.hpp"
#include "language_model_small_config.hpp"

namespace language_model_fixture
{
    using golden::json;

    /// A fixture's config as the model's.
    inline attn::language_model_config config_of(const json& c)
    {
        attn::language_model_config config;
        config.vocab = c.at("vocab");
        config.d_model = c.at("dModel");
        config.heads = c.at("heads");
        config.kv_heads = c.at("kvHeads");
        config.layers = c.at("layers");
        config.d_ff = c.at("dFF");
        config.context = c.at("context");
        config.rope_base = c.at("ropeBase");
        config.eps = c.at("eps");
        config.tied = c.at("tied");
        return config;
    }

    /// A fixture's parameters `p` (a model of `config`) as the model's.
    inline attn::language_model_params params_of(const attn::language_model_config& config,
                                                 const json& p)
    {
        attn::language_model_params params;
        params.config = config;
        params.embedding = golden::to_matrix(p.at("embedding"));
        for (const json& l : p.at("layers"))
        {
            attn::decoder_layer_params layer;
            layer.attention.w_q = golden::to_matrix(l.at("wQ"));
            layer.attention.w_k = golden::to_matrix(l.at("wK"));
            layer.attention.w_v = golden::to_matrix(l.at("wV"));
            layer.attention.w_o = golden::to_matrix(l.at("wO"));
            layer.w_gate = golden::to_matrix(l.at("wGate"));
            layer.w_up = golden::to_matrix(l.at("wUp"));
            layer.w_down = golden::to_matrix(l.at("wDown"));
            layer.gamma1 = golden::to_vector(l.at("gamma1"));
            layer.gamma2 = golden::to_vector(l.at("gamma2"));
            params.layers.push_back(layer);
        }
        params.final_gamma = golden::to_vector(p.at("finalGamma"));
        if (!config.tied)
        {
            params.unembedding = golden::to_matrix(p.at("unembedding"));
        }
        return params;
    }

    /// The config and parameters of a fixture case's input.
    inline attn::language_model_params params_of(const json& input)
    {
        return params_of(config_of(input.at("config")), input.at("parameters"));
    }

    /// Parameters (or gradients) as the fixture writes them.
    inline json params_json(const attn::language_model_params& p)
    {
        json out = {{"embedding", golden::to_json(p.embedding)},
                    {"finalGamma", golden::to_json(p.final_gamma)},
                    {"layers", json::array()}};
        for (const attn::decoder_layer_params& l : p.layers)
        {
            out["layers"].push_back({{"wQ", golden::to_json(*l.attention.w_q)},
                                     {"wK", golden::to_json(*l.attention.w_k)},
                                     {"wV", golden::to_json(*l.attention.w_v)},
                                     {"wO", golden::to_json(*l.attention.w_o)},
                                     {"wGate", golden::to_json(l.w_gate)},
                                     {"wUp", golden::to_json(l.w_up)},
                                     {"wDown", golden::to_json(l.w_down)},
                                     {"gamma1", golden::to_json(*l.gamma1)},
                                     {"gamma2", golden::to_json(*l.gamma2)}});
        }
        if (!p.config.tied)
        {
            out["unembedding"] = golden::to_json(p.unembedding);
        }
        return out;
    }

    /// A fixture case's token ids.
    inline attn::vector tokens_of(const json& input)
    {
        return golden::to_vector(input.at("tokens"));
    }

} // namespace language_model_fixture

#endif
