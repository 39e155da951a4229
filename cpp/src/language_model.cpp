#include "attn/language_model.hpp"

#include <string>
#include <utility>

#include "attn/decoder_layer_backward.hpp"
#include "attn/embedding_lookup.hpp"
#include "attn/error.hpp"
#include "attn/random.hpp"
#include "attn/rms_norm_backward.hpp"

namespace attn
{
    namespace
    {
        /// Checks tokens against the model: 1 … context ids (at least `fewest`), each in the
        /// vocabulary.
        std::vector<std::size_t> checked_tokens(const language_model_params& p,
                                                const vector& tokens, std::size_t fewest)
        {
            const std::size_t context = p.config.context;
            if (tokens.size() < fewest || tokens.size() > context)
            {
                detail::fail("tokens",
                             std::to_string(fewest) + " … " + std::to_string(context) +
                                 " token ids (the model's context)",
                             std::to_string(tokens.size()));
            }
            return detail::check_token_ids("tokens", tokens, p.config.vocab, "embedding");
        }
    } // namespace

    namespace detail
    {
        decoder_layer_options language_model_layer_options(const language_model_config& c)
        {
            decoder_layer_options options;
            options.heads = c.heads;
            options.kv_heads = c.kv_heads;
            options.rope_base = c.rope_base;
            options.rope_pairing = rope_convention::half;
            options.eps = c.eps;
            return options;
        }

        const matrix& language_model_unembedding(const language_model_params& p)
        {
            return p.config.tied ? p.embedding : p.unembedding;
        }

        language_model_head_trace language_model_head(const language_model_params& params,
                                                      const matrix& hidden)
        {
            language_model_head_trace t;
            // pass 3: the final norm; the layers' outputs are never normalised at their end.
            t.final_norm = rms_norm_unchecked(hidden, params.final_gamma, params.config.eps);
            // pass 4: a logit per token of the vocabulary: the dot product with its
            // unembedding row.
            t.logits = matmul_transposed(t.final_norm.output, language_model_unembedding(params));
            // Only an unembedding near the double limit gets here: |finalNorm| ≤ |γ|·√d_model.
            check_finite_result(params.config.tied ? "embedding" : "unembedding", "logits",
                                t.logits);
            return t;
        }
    } // namespace detail

    language_model_trace language_model_forward(const language_model_params& params,
                                                const vector& tokens)
    {
        // Shape contract: tokens (n) → embeddings and every layer's output (n × d_model),
        // logits (n × vocab).
        check_language_model_params(params);
        language_model_trace t;
        t.tokens = checked_tokens(params, tokens, 1);
        // pass 1: each token's row of the embedding.
        t.embeddings = gather_rows(params.embedding, t.tokens);
        // pass 2: the decoder layers, each reading the one before's output.
        const decoder_layer_options options = detail::language_model_layer_options(params.config);
        const matrix* x = &t.embeddings;
        for (const decoder_layer_params& layer : params.layers)
        {
            t.layers.push_back(decoder_layer(*x, layer, options));
            x = &t.layers.back().residual2;
        }
        // passes 3 and 4: the final norm and the logits.
        detail::language_model_head_trace head = detail::language_model_head(params, *x);
        t.final_norm = std::move(head.final_norm);
        t.logits = std::move(head.logits);
        return t;
    }

    language_model_token_losses_trace language_model_token_losses(const language_model_params& params,
                                                                     const vector& tokens)
    {
        // Shape contract: tokens (n ≥ 2) → n − 1 losses, position i's of token i + 1.
        check_language_model_params(params);
        checked_tokens(params, tokens, 2);
        language_model_token_losses_trace out;
        out.forward = language_model_forward(params, tokens);
        const language_model_trace& f = out.forward;
        const std::size_t n = f.tokens.size();
        // pass 5: position i predicts token i + 1; the last position predicts nothing yet. Its
        // logits are the forward's first n − 1 rows, the same numbers computed once.
        out.loss = detail::next_token_loss_from_logits(
            block(f.logits, 0, n - 1, 0, params.config.vocab),
            std::vector<std::size_t>(f.tokens.begin() + 1, f.tokens.end()));
        return out;
    }

    language_model_loss language_model_loss_and_gradients(const language_model_params& params,
                                                          const vector& tokens)
    {
        // Shape contract: tokens (n ≥ 2) → the loss of n − 1 predictions and a gradient of the
        // shape of each parameter.
        language_model_token_losses_trace losses = language_model_token_losses(params, tokens);
        language_model_loss out;
        out.forward = std::move(losses.forward);
        out.loss = std::move(losses.loss);
        const language_model_trace& f = out.forward;
        const std::size_t n = f.tokens.size(), d = params.config.d_model;
        const matrix& unembedding = detail::language_model_unembedding(params);
        const matrix predicting = block(f.final_norm.output, 0, n - 1, 0, d);

        // Backward, the forward's passes in reverse. pass 6: the loss's own backward.
        const next_token_loss_backward_trace head =
            detail::next_token_loss_backward_from(predicting, unembedding, out.loss);
        language_model_params& g = out.gradients;
        g = detail::language_model_zero_params(params.config);

        // pass 7: the final norm; the last position's row had no loss, so its gradient is 0.
        matrix grad = xt::zeros<double>({n, d});
        put_block(grad, head.grad_hidden, 0, 0);
        const matrix& last = params.layers.empty() ? f.embeddings : f.layers.back().residual2;
        const rms_norm_backward_trace final_norm =
            detail::rms_norm_backward_from(last, f.final_norm, grad);
        g.final_gamma = final_norm.grad_gamma;
        grad = final_norm.grad_input;

        // pass 8: each layer from the last, by the decoder layer's own backward.
        for (std::size_t l = params.layers.size(); l-- > 0;)
        {
            const decoder_layer_backward_trace b =
                detail::decoder_layer_backward_from(f.layers[l], params.layers[l], grad);
            decoder_layer_params& layer = g.layers[l];
            layer.attention.w_q = b.attention.grad_w_q;
            layer.attention.w_k = b.attention.grad_w_k;
            layer.attention.w_v = b.attention.grad_w_v;
            layer.attention.w_o = b.attention.grad_w_o;
            layer.w_gate = b.feed_forward.grad_w_gate;
            layer.w_up = b.feed_forward.grad_w_up;
            layer.w_down = b.feed_forward.grad_w_down;
            layer.gamma1 = b.norm1.grad_gamma;
            layer.gamma2 = b.norm2.grad_gamma;
            grad = b.grad_input;
        }

        // pass 9: the embedding rows, each token's collecting every position holding it; a tied
        // model's one matrix adds its gradient as the unembedding.
        g.embedding =
            detail::embedding_lookup_backward_from(f.tokens, params.config.vocab, grad).grad_embedding;
        if (params.config.tied)
        {
            g.embedding += head.grad_unembedding;
        }
        else
        {
            g.unembedding = head.grad_unembedding;
        }
        return out;
    }
} // namespace attn
