#ifndef ATTN_TOKEN_EMBEDDING_HPP
#define ATTN_TOKEN_EMBEDDING_HPP

/**
 * @file token_embedding.hpp
 * @brief Tokens → rows of a seeded embedding table, the same row for the same token.
 */

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    /// Longest token, in bytes of UTF-8.
    constexpr std::size_t max_token_bytes = 64;

    struct token_embedding_trace
    {
        std::vector<std::string> tokens;     ///< (n) as given
        std::vector<std::string> vocabulary; ///< (v) distinct tokens in first-seen order
        std::vector<std::size_t> ids;        ///< (n) index of each token in the vocabulary
        matrix table;                        ///< (v × d_model) pass 2: one row per distinct token
        matrix embeddings; ///< (n × d_model) pass 3: table row ids[i] for token i
    };

    /**
     * @brief Looks each token up in a seeded embedding table.
     *
     * A token's row is the first d_model N(0, 1) draws of its own stream
     * (token_stream_state(seed, token)), so it depends on the seed and the token only, never on
     * the other tokens.
     * @param tokens 1 … max_dimension tokens of 1 … max_token_bytes bytes each
     * @param d_model 1 … max_dimension
     * @param seed 0 … 2³²−1
     */
    token_embedding_trace embed_tokens(const std::vector<std::string>& tokens, std::size_t d_model,
                                       std::uint32_t seed);
} // namespace attn

#endif
