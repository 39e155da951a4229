#ifndef ATTN_LANGUAGE_MODEL_GENERATE_HPP
#define ATTN_LANGUAGE_MODEL_GENERATE_HPP

/**
 * @file language_model_generate.hpp
 * @brief A language model writing: the prompt read one position at a time through every
 * layer's KV cache, then one token drawn per step as sample() draws it, each drawn token read
 * the same way to give the next step's logits. No step runs the prefix again: each position
 * passes through each layer once (decoder_layer_decode_step), and equals the full forward's
 * row for it, since under the causal mask no row sees a later one.
 */

#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/language_model.hpp"
#include "attn/sample.hpp"

namespace attn
{
    /// How many tokens a generation draws, and how each step samples.
    struct generation_options
    {
        std::size_t count = 1; ///< tokens to draw, 1 … context − prompt length
        /// temperature (0 greedy), topK and topP as sample() takes them; `seed` is the
        /// generation's: step k samples with generation_step_seed(seed, k)
        sample_options sampling;
    };

    /// One drawn token.
    struct generation_step
    {
        /// The position whose logits this step draws from: the last one read, prompt length + k
        /// − 1.
        std::size_t position = 0;
        vector logits;          ///< (vocab) that position's logits, the full forward's row for it
        std::uint32_t seed = 0; ///< generation_step_seed(seed, k)
        sample_trace sample;    ///< sample(logits, { temperature, topK, topP, this seed })
        std::size_t token = 0;  ///< sample.chosen: the token this step adds
    };

    struct generation_trace
    {
        std::vector<std::size_t> prompt;    ///< as checked
        std::vector<generation_step> steps; ///< count steps, in order
        std::vector<std::size_t> tokens;    ///< the prompt, then each step's token
    };

    /**
     * @brief Draws `options.count` tokens after `prompt`, decoding with a KV cache per layer.
     * At temperature 0 every step takes the most likely token (the lower id on a tie), the same
     * seed draws the same tokens, and step k's probabilities and token are those
     * sample(logits, …, generation_step_seed(seed, k)) gives.
     * @param prompt (p) 1 … context − 1 token ids, each below vocab
     * @throws attention_error naming prompt, count, temperature, topK, topP or a tensor
     */
    generation_trace language_model_generate(const language_model_params& params,
                                             const vector& prompt,
                                             const generation_options& options);
} // namespace attn

#endif
