#ifndef ATTN_LANGUAGE_MODEL_READING_HPP
#define ATTN_LANGUAGE_MODEL_READING_HPP

/**
 * @file language_model_reading.hpp
 * @brief Reading what a language model does on a sequence: every layer's and head's attention
 * weights, the logit lens (nostalgebraist 2020: each layer's residual stream read through the
 * final norm and the unembedding, as if the layers after it were skipped), how strongly each
 * head shows a known pattern (previous token, induction as Olsson et al. 2022 measure it,
 * first token), and the model with one head switched off. All of them read the forward pass's
 * trace (language_model_forward); none re-computes a pass.
 */

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "attn/language_model.hpp"

namespace attn
{
    /// Every layer's attention weights on one sequence.
    struct language_model_attention_trace
    {
        std::vector<std::size_t> tokens; ///< (n) as checked
        /// layers entries, each (heads × n × n): weights[l](h, i, j) is how much query i of
        /// head h of layer l takes from position j (0 for j > i, the causal mask)
        std::vector<tensor3> weights;
    };

    /// @throws attention_error naming tokens or a tensor, as language_model_forward
    language_model_attention_trace language_model_attention(const language_model_params& params,
                                                            const vector& tokens);

    /// What one point of the residual stream predicts, read as the model reads its last layer.
    struct logit_lens_layer
    {
        rms_norm_trace final_norm; ///< (n × d_model) pass 1: RMSNorm of the rows with finalGamma
        matrix logits;             ///< (n × vocab) pass 2: finalNorm·unembeddingᵀ
        matrix probabilities;      ///< (n × vocab) pass 3: softmax of each row
        std::vector<std::size_t> top_tokens; ///< (n) pass 4: each row's most likely token
        vector top_probabilities;            ///< (n) its probability
    };

    struct logit_lens_trace
    {
        std::vector<std::size_t> tokens; ///< (n) as checked
        /// layers + 1 entries: [0] reads the embeddings (before any layer), [l + 1] the output
        /// of layer l; the last equals the model's own logits
        std::vector<logit_lens_layer> layers;
    };

    /**
     * @brief The logit lens: each layer's prediction of the next token at every position.
     * A tie for the top token goes to the lower id.
     * @throws attention_error naming tokens or a tensor, as language_model_forward
     */
    logit_lens_trace language_model_logit_lens(const language_model_params& params,
                                               const vector& tokens);

    /// The attention patterns head_scores measures.
    enum class head_pattern
    {
        previous_token, ///< 'previous-token': query i on key i − 1, for i = 1 … 2L − 1
        induction,      ///< 'induction': query L + j on key j + 1, for j = 0 … L − 1
        first_token     ///< 'first-token': query i on key 0, for i = 1 … 2L − 1
    };

    /// The pattern spelt 'previous-token', 'induction' or 'first-token'.
    /// @throws attention_error naming `argument`
    head_pattern head_pattern_named(const std::string& argument, const std::string& name);

    struct head_scores_trace
    {
        head_pattern pattern = head_pattern::previous_token;
        /// (2L) pass 1: the sequence read, the given L tokens then the same L again
        std::vector<std::size_t> tokens;
        /// pass 2: the (query, key) cells of each head's weights the score averages
        std::vector<std::pair<std::size_t, std::size_t>> cells;
        matrix scores; ///< (layers × heads) pass 3: each head's mean weight over `cells`
        /// pass 4: the mean loss of predicting tokens 1 … L − 1 (in the first copy, from the
        /// tokens before them) and of tokens L + 1 … 2L − 1 (in the second, where each has
        /// been seen before): a model with an induction head predicts the second far better
        double first_copy_loss = 0;
        double second_copy_loss = 0;
        std::vector<tensor3> weights; ///< every layer's weights on `tokens` (as attention)
    };

    /**
     * @brief How strongly each head attends in `pattern` on `sequence` repeated twice.
     *
     * With L = sequence length and the model reading the 2L tokens s₀ … s_{L−1} s₀ … s_{L−1}:
     * previous-token is the mean over queries i = 1 … 2L − 1 of weights(i, i − 1); first-token
     * the mean over the same queries of weights(i, 0); induction (Olsson et al. 2022) the mean
     * over queries L + j in the second copy, j = 0 … L − 1, of weights(L + j, j + 1): the
     * weight on the token that followed the query's token when it was first seen.
     * @param sequence (L) 2 … context / 2 token ids, each below vocab
     * @throws attention_error naming sequence or a tensor
     */
    head_scores_trace language_model_head_scores(const language_model_params& params,
                                                 head_pattern pattern, const vector& sequence);

    /**
     * @brief The random sequence head scores are measured on: `length` tokens, token j being
     * ⌊u_j·vocab⌋ with u_j number j of splitmix64 stream seed·256 + 18 (docs/engine.md).
     * @param length 2 … context / 2, so that it fits the context twice
     * @throws attention_error naming length
     */
    vector head_score_sequence(const language_model_config& config, std::size_t length,
                               std::uint32_t seed);

    /**
     * @brief The model with head `head` of layer `layer` switched off: its output is zeroed
     * before W_O mixes the heads, by zeroing rows head·d_k … (head + 1)·d_k − 1 of the layer's
     * W_O, the rows that read that head's columns of the concatenation (concat·W_O). Every
     * operation on the returned model (forward, losses, generation with the KV cache) honours
     * it with no mask to pass along; the head's weights are still computed and shown, they
     * only add nothing to the residual stream. Ablating twice switches off both heads.
     * @throws attention_error naming layer or head
     */
    language_model_params language_model_ablate(const language_model_params& params,
                                                std::size_t layer, std::size_t head);
} // namespace attn

#endif
