#include "attn/language_model_reading.hpp"

#include <cmath>
#include <string>

#include "attn/error.hpp"
#include "attn/random.hpp"
#include "attn/softmax.hpp"

namespace attn
{
    namespace
    {
        /// The one stream head_score_sequence draws from (docs/engine.md, random numbers).
        constexpr std::uint64_t head_score_stream = 18;

        std::vector<tensor3> attention_weights(const language_model_trace& forward)
        {
            std::vector<tensor3> weights;
            for (const decoder_layer_trace& layer : forward.layers)
            {
                weights.push_back(layer.attention.weights);
            }
            return weights;
        }

        logit_lens_layer read_through_head(const language_model_params& params,
                                           const matrix& residual)
        {
            logit_lens_layer out;
            detail::language_model_head_trace head = detail::language_model_head(params, residual);
            out.final_norm = std::move(head.final_norm);
            out.logits = std::move(head.logits);
            out.probabilities = softmax_rows(out.logits).weights;
            const std::size_t n = rows(out.logits), vocab = cols(out.logits);
            out.top_probabilities = xt::zeros<double>({n});
            for (std::size_t i = 0; i < n; ++i)
            {
                std::size_t best = 0;
                for (std::size_t v = 1; v < vocab; ++v)
                {
                    // Strictly greater: a tie keeps the lower id.
                    if (out.probabilities(i, v) > out.probabilities(i, best))
                    {
                        best = v;
                    }
                }
                out.top_tokens.push_back(best);
                out.top_probabilities(i) = out.probabilities(i, best);
            }
            return out;
        }

        /// The longest sequence that fits the context twice.
        std::size_t longest_repeated(const language_model_config& config)
        {
            return config.context / 2;
        }

        void check_repeated_length(const language_model_config& config, const std::string& argument,
                                   std::size_t length)
        {
            if (length < 2 || length > longest_repeated(config))
            {
                detail::fail(argument,
                             "2 … " + std::to_string(longest_repeated(config)) +
                                 " tokens (read twice within the model's context of " +
                                 std::to_string(config.context) + ")",
                             std::to_string(length));
            }
        }

        std::vector<std::pair<std::size_t, std::size_t>> pattern_cells(head_pattern pattern,
                                                                       std::size_t length)
        {
            std::vector<std::pair<std::size_t, std::size_t>> cells;
            const std::size_t n = 2 * length;
            for (std::size_t i = 1; i < n; ++i)
            {
                switch (pattern)
                {
                case head_pattern::previous_token:
                    cells.push_back({i, i - 1});
                    break;
                case head_pattern::first_token:
                    cells.push_back({i, 0});
                    break;
                case head_pattern::induction:
                    // Query L + j on key j + 1, j = 0 … L − 1.
                    if (i >= length)
                    {
                        cells.push_back({i, i - length + 1});
                    }
                    break;
                }
            }
            return cells;
        }

        double mean_of(const vector& losses, std::size_t first, std::size_t count)
        {
            double sum = 0;
            for (std::size_t i = first; i < first + count; ++i)
            {
                sum += losses(i);
            }
            return sum / static_cast<double>(count);
        }
    } // namespace

    language_model_attention_trace language_model_attention(const language_model_params& params,
                                                            const vector& tokens)
    {
        // Shape contract: tokens (n) → layers × (heads × n × n).
        language_model_trace forward = language_model_forward(params, tokens);
        language_model_attention_trace t;
        t.weights = attention_weights(forward);
        t.tokens = std::move(forward.tokens);
        return t;
    }

    logit_lens_trace language_model_logit_lens(const language_model_params& params,
                                               const vector& tokens)
    {
        // Shape contract: tokens (n) → layers + 1 readings, each logits and probabilities
        // (n × vocab) and a top token per position.
        const language_model_trace forward = language_model_forward(params, tokens);
        logit_lens_trace t;
        t.tokens = forward.tokens;
        t.layers.push_back(read_through_head(params, forward.embeddings));
        for (const decoder_layer_trace& layer : forward.layers)
        {
            t.layers.push_back(read_through_head(params, layer.residual2));
        }
        return t;
    }

    head_pattern head_pattern_named(const std::string& argument, const std::string& name)
    {
        static const std::pair<const char*, head_pattern> choices[] = {
            {"previous-token", head_pattern::previous_token},
            {"induction", head_pattern::induction},
            {"first-token", head_pattern::first_token}};
        return detail::parse_choice(argument, name, choices);
    }

    head_scores_trace language_model_head_scores(const language_model_params& params,
                                                 head_pattern pattern, const vector& sequence)
    {
        // Shape contract: sequence (L) → tokens (2L), scores (layers × heads).
        check_language_model_params(params);
        check_repeated_length(params.config, "sequence", sequence.size());
        const std::vector<std::size_t> once =
            detail::check_token_ids("sequence", sequence, params.config.vocab, "embedding");
        const std::size_t length = once.size();
        head_scores_trace t;
        t.pattern = pattern;

        // pass 1: the sequence, then the same again.
        t.tokens = once;
        t.tokens.insert(t.tokens.end(), once.begin(), once.end());
        vector twice = xt::zeros<double>({t.tokens.size()});
        for (std::size_t i = 0; i < t.tokens.size(); ++i)
        {
            twice(i) = static_cast<double>(t.tokens[i]);
        }
        const language_model_token_losses_trace read = language_model_token_losses(params, twice);
        t.weights = attention_weights(read.forward);

        // pass 2: the cells the pattern puts its weight on.
        t.cells = pattern_cells(pattern, length);

        // pass 3: each head's mean weight over those cells.
        const std::size_t heads = params.config.heads;
        t.scores = xt::zeros<double>({params.config.layers, heads});
        for (std::size_t l = 0; l < t.weights.size(); ++l)
        {
            for (std::size_t h = 0; h < heads; ++h)
            {
                double sum = 0;
                for (const auto& [query, key] : t.cells)
                {
                    sum += t.weights[l](h, query, key);
                }
                t.scores(l, h) = sum / static_cast<double>(t.cells.size());
            }
        }

        // pass 4: losses[i] predicts token i + 1: tokens 1 … L − 1 are losses 0 … L − 2,
        // tokens L + 1 … 2L − 1 are losses L … 2L − 2.
        t.first_copy_loss = mean_of(read.loss.losses, 0, length - 1);
        t.second_copy_loss = mean_of(read.loss.losses, length, length - 1);
        return t;
    }

    vector head_score_sequence(const language_model_config& config, std::size_t length,
                               std::uint32_t seed)
    {
        check_language_model_config(config);
        check_repeated_length(config, "length", length);
        splitmix64 draws(stream_state(seed, head_score_stream));
        vector tokens = xt::zeros<double>({length});
        for (std::size_t j = 0; j < length; ++j)
        {
            // u < 1 and vocab ≤ max_dimension, so u·vocab < vocab exactly.
            tokens(j) = std::floor(draws.uniform() * static_cast<double>(config.vocab));
        }
        return tokens;
    }

    language_model_params language_model_ablate(const language_model_params& params,
                                                std::size_t layer, std::size_t head)
    {
        check_language_model_params(params);
        const language_model_config& c = params.config;
        if (layer >= c.layers)
        {
            detail::fail("layer", "a layer from 0 to " + std::to_string(c.layers - 1),
                         std::to_string(layer));
        }
        if (head >= c.heads)
        {
            detail::fail("head", "a head from 0 to " + std::to_string(c.heads - 1),
                         std::to_string(head));
        }
        language_model_params ablated = params;
        const std::size_t d_k = c.d_model / c.heads;
        matrix& w_o = *ablated.layers[layer].attention.w_o;
        // Head h's output is columns h·d_k … (h + 1)·d_k − 1 of concat: the rows of W_O they meet.
        xt::view(w_o, xt::range(head * d_k, (head + 1) * d_k), xt::all()) = 0.0;
        return ablated;
    }
} // namespace attn
