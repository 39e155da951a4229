#include "attn/language_model_generate.hpp"

#include <string>

#include "attn/decoder_layer_decode.hpp"
#include "attn/error.hpp"
#include "attn/random.hpp"

namespace attn
{
    namespace
    {
        /// Checks the prompt leaves room for a token, and count fits what is left of the context.
        std::vector<std::size_t> checked_prompt(const language_model_params& params,
                                                const vector& prompt, std::size_t count)
        {
            const std::size_t context = params.config.context;
            if (prompt.size() == 0 || prompt.size() >= context)
            {
                detail::fail("prompt",
                             "1 … " + std::to_string(context - 1) +
                                 " token ids (the model's context of " + std::to_string(context) +
                                 " less room for a new token)",
                             std::to_string(prompt.size()));
            }
            std::vector<std::size_t> ids =
                detail::check_token_ids("prompt", prompt, params.config.vocab, "embedding");
            const std::size_t room = context - prompt.size();
            if (count == 0 || count > room)
            {
                detail::fail("count",
                             "a whole number from 1 to " + std::to_string(room) +
                                 " (the model's context of " + std::to_string(context) +
                                 " less the prompt's " + std::to_string(prompt.size()) + " tokens)",
                             std::to_string(count));
            }
            return ids;
        }

        /// Every layer's weights and an empty cache for each, with room for `capacity`
        /// positions.
        struct decoder
        {
            const language_model_params& params;
            std::vector<decoder_layer_weights> weights;
            std::vector<decoder_layer_cache> caches;

            decoder(const language_model_params& p, std::size_t capacity) : params(p)
            {
                const decoder_layer_options options =
                    detail::language_model_layer_options(p.config);
                for (const decoder_layer_params& layer : p.layers)
                {
                    weights.push_back(
                        resolve_decoder_layer_weights(layer, options, p.config.d_model));
                    caches.push_back(make_decoder_layer_cache(weights.back(), capacity));
                }
            }

            /// Reads `token` at `position` through every layer, each appending to its cache,
            /// and returns the last layer's output row.
            vector read(std::size_t token, std::size_t position)
            {
                vector x = xt::row(params.embedding, token);
                for (std::size_t l = 0; l < weights.size(); ++l)
                {
                    x = decoder_layer_decode_step(weights[l], caches[l], x, position).output;
                }
                return x;
            }
        };

        /// The logits of one row of the last layer's output: the final norm and unembedding.
        vector logits_of(const language_model_params& params, const vector& hidden)
        {
            matrix row = xt::empty<double>({std::size_t{1}, hidden.size()});
            xt::row(row, 0) = hidden;
            return xt::row(detail::language_model_head(params, row).logits, 0);
        }
    } // namespace

    generation_trace language_model_generate(const language_model_params& params,
                                             const vector& prompt,
                                             const generation_options& options)
    {
        // Shape contract: prompt (p), count c ≤ context − p → c steps, each with logits (vocab);
        // tokens (p + c). Each layer's cache holds p + c − 1 positions: the last token drawn is
        // never read.
        check_language_model_params(params);
        generation_trace t;
        t.prompt = checked_prompt(params, prompt, options.count);
        t.tokens = t.prompt;
        const std::size_t p = t.prompt.size();
        decoder model(params, p + options.count - 1);

        // pass 1: the prompt, one position at a time; only the last position's logits are used.
        vector hidden;
        for (std::size_t i = 0; i < p; ++i)
        {
            hidden = model.read(t.prompt[i], i);
        }
        vector logits = logits_of(params, hidden);

        // pass 2: each step draws from the last position's logits, then reads its token.
        sample_options draw = options.sampling;
        for (std::size_t k = 0; k < options.count; ++k)
        {
            generation_step s;
            s.position = p + k - 1;
            s.seed = draw.seed = generation_step_seed(options.sampling.seed, k);
            s.sample = sample(logits, draw);
            s.token = s.sample.chosen;
            s.logits = std::move(logits);
            t.tokens.push_back(s.token);
            t.steps.push_back(std::move(s));
            if (k + 1 < options.count)
            {
                logits = logits_of(params, model.read(t.tokens.back(), p + k));
            }
        }
        return t;
    }
} // namespace attn
