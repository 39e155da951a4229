#ifndef ATTN_LANGUAGE_MODEL_HPP
#define ATTN_LANGUAGE_MODEL_HPP

/**
 * @file language_model.hpp
 * @brief A decoder-only language model as Hugging Face's LlamaForCausalLM computes it: token ids
 * → embedding rows → `layers` pre-norm decoder layers (causal, RoPE 'half', grouped key/value
 * heads, SwiGLU) → a final RMS norm → logits through the unembedding (tied to the embedding or
 * its own), and the mean loss of every position predicting the token after it. Composed from
 * the engine's traced kernels, forward and backward; nothing here re-implements a pass.
 */

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attn/decoder_layer.hpp"
#include "attn/matrix.hpp"
#include "attn/next_token_loss.hpp"
#include "attn/rms_norm.hpp"
#include "attn/train/optimizer.hpp"

namespace attn
{
    struct language_model_config
    {
        std::size_t vocab = 1;    ///< tokens of the vocabulary: the embedding's rows
        std::size_t d_model = 8;  ///< width of the residual stream
        std::size_t heads = 1;    ///< query heads, dividing d_model with an even d_k
        std::size_t kv_heads = 1; ///< key/value heads, dividing heads
        std::size_t layers = 1;   ///< decoder layers
        std::size_t d_ff = 8;     ///< SwiGLU's hidden width
        std::size_t context = 8;  ///< most tokens the model reads at once
        double rope_base = 10000;
        double eps = default_rms_norm_eps; ///< every RMS norm's
        bool tied = true; ///< the unembedding is the embedding (lm_head.weight = embed_tokens.weight)
    };

    /// Every learned tensor of a model, with its config. The same struct holds the gradients.
    struct language_model_params
    {
        language_model_config config;
        matrix embedding; ///< (vocab × d_model)
        /// Each layer's weights as decoder_layer takes them, every member engaged (no biases).
        std::vector<decoder_layer_params> layers;
        vector final_gamma; ///< (d_model) the final RMS norm's γ
        matrix unembedding; ///< (vocab × d_model) when not tied; empty when tied
    };

    /// A tensor of language_model_params by name, for initialising, checking and the optimizer.
    struct language_model_tensor
    {
        std::string name; ///< "embedding", "layers[0].wQ", …, "finalGamma", "unembedding"
        double* data;
        std::size_t rows, cols; ///< a vector is 1 × length
    };

    /// Every tensor of `p` in parameter order: the embedding, then each layer's wQ, wK, wV, wO,
    /// wGate, wUp, wDown, gamma1, gamma2, then finalGamma and, untied, the unembedding.
    std::vector<language_model_tensor> language_model_tensors(language_model_params& p);

    /**
     * @brief The optimizer's view of a model: each tensor of `values` with the tensor of
     * `gradients` of the same name (both in parameter order, of the same config), as
     * attn::optimizer (Adam, AdamW, SGD) and clip_grad_norm take them.
     * @throws attention_error when the two have different configs' shapes
     */
    std::vector<parameter_ref> language_model_parameter_refs(language_model_params& values,
                                                             language_model_params& gradients);

    /**
     * @brief A model's parameters at initialisation, as Hugging Face's Llama initialises them:
     * every matrix N(0, 0.02²) (initializer_range), every γ ones. The draws are normal draws of
     * the one stream seed·256 + 15, tensor after tensor in parameter order, each row by row.
     * @throws attention_error naming the config field at fault (check_language_model_config)
     */
    language_model_params language_model_initial(const language_model_config& config,
                                                 std::uint32_t seed);

    /// How many numbers a model of `config` holds: every tensor's, tied or not (64 bits: a
    /// config of the largest sizes holds more than 2³² even where size_t has 32).
    std::uint64_t language_model_parameter_count(const language_model_config& config);

    /// Checks every size of `config` is 1 … max_dimension, heads divides d_model leaving an even
    /// d_k, kv_heads divides heads, and rope_base and eps are as the layers take them.
    void check_language_model_config(const language_model_config& config);

    /// Checks a model of `config` holds at most max_peak_cells numbers: beyond that it would
    /// hold more than 128 MiB and take seconds a token, where a tab's model stays well inside.
    /// The message names `argument` and the config's sizes.
    void check_language_model_size(const std::string& argument, const language_model_config& config);

    /// Checks `p` has the shapes its config says, naming the tensor ("layers[1].wUp: …").
    void check_language_model_params(const language_model_params& p);

    struct language_model_trace
    {
        std::vector<std::size_t> tokens;         ///< (n) as checked
        matrix embeddings;                       ///< (n × d_model) pass 1: embedding rows
        std::vector<decoder_layer_trace> layers; ///< pass 2: each layer, the last's output last
        rms_norm_trace final_norm;               ///< pass 3: RMSNorm of the last layer's output
        matrix logits; ///< (n × vocab) pass 4: finalNorm·unembeddingᵀ, row i predicting token i+1
    };

    /**
     * @brief The model on one sequence of token ids.
     * @param tokens (n) 1 … context ids, each from 0 to vocab − 1
     * @throws attention_error naming the argument (tokens[i], a tensor) at fault
     */
    language_model_trace language_model_forward(const language_model_params& params,
                                                const vector& tokens);

    /// The loss of predicting each token of a sequence from the tokens before it.
    struct language_model_token_losses_trace
    {
        language_model_trace forward; ///< the forward pass
        /// pass 5: positions 0 … n−2 predicting tokens 1 … n−1; `losses[i]` is the loss of
        /// token i + 1, `loss` their mean
        next_token_loss_trace loss;
    };

    /**
     * @brief Each position's next-token loss: −ln p(token i + 1 | tokens 0 … i) for i = 0 … n−2,
     * as LlamaForCausalLM's cross-entropy computes it before the mean.
     * @param tokens (n) 2 … context ids
     * @throws attention_error naming the argument (tokens[i], a tensor) at fault
     */
    language_model_token_losses_trace language_model_token_losses(const language_model_params& params,
                                                                     const vector& tokens);

    struct language_model_loss
    {
        language_model_trace forward;    ///< the forward pass
        next_token_loss_trace loss;      ///< positions 0 … n−2 against tokens 1 … n−1
        language_model_params gradients; ///< ∂loss/∂ every tensor, shaped as the params
    };

    /**
     * @brief The mean next-token loss of a sequence (positions 0 … n−2 predicting tokens
     * 1 … n−1, as LlamaForCausalLM with labels = input_ids) and its gradient with respect to
     * every parameter. A tied model's embedding gets the sum of its two gradients, as a lookup
     * table and as the unembedding.
     * @param tokens (n) 2 … context ids
     */
    language_model_loss language_model_loss_and_gradients(const language_model_params& params,
                                                           const vector& tokens);
    /// Whether a tensor is an RMS norm's γ (gamma1, gamma2, finalGamma): initialised to ones and
    /// never decayed, where every matrix is drawn and decayed.
    bool is_norm_gain(const language_model_tensor& t);

    namespace detail
    {
        /// Parameters of the config's shapes, all zero: a model's gradients start from these.
        language_model_params language_model_zero_params(const language_model_config& config);

        /// The options every decoder layer of a model of `config` runs with.
        decoder_layer_options language_model_layer_options(const language_model_config& config);

        /// The matrix the logits come from: the embedding when tied, else the unembedding.
        const matrix& language_model_unembedding(const language_model_params& params);

        /// The model's head on rows of the residual stream: passes 3 and 4 of the forward.
        struct language_model_head_trace
        {
            rms_norm_trace final_norm; ///< (n × d_model) RMSNorm of the rows with finalGamma
            matrix logits;             ///< (n × vocab) finalNorm·unembeddingᵀ
        };

        /// The final norm and the unembedding of `hidden` (n × d_model), already checked.
        language_model_head_trace language_model_head(const language_model_params& params,
                                                      const matrix& hidden);
    } // namespace detail
} // namespace attn

#endif
