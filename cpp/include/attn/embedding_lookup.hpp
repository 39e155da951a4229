#ifndef ATTN_EMBEDDING_LOOKUP_HPP
#define ATTN_EMBEDDING_LOOKUP_HPP

/**
 * @file embedding_lookup.hpp
 * @brief A language model's first step and its backward pass: token ids → rows of a learned
 * embedding table (torch.nn.functional.embedding), and the table's gradient, which adds up the
 * rows of ∂L/∂output of every position holding the same token.
 */

#include <cstddef>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    struct embedding_lookup_trace
    {
        std::vector<std::size_t> tokens; ///< (n) the token ids, checked
        matrix output;                   ///< (n × d_model) pass 1: row i = embedding[tokens[i]]
    };

    struct embedding_lookup_backward_trace
    {
        matrix grad_output;    ///< (n × d_model) ∂L/∂output, as given
        vector counts;         ///< (vocab) pass 1: how many positions hold each token
        matrix grad_embedding; ///< (vocab × d_model) pass 2: Σ of gradOutput's rows per token
    };

    /**
     * @brief The embedding row of each token.
     * @param tokens (n) 1 … max_dimension ids, each a whole number from 0 to vocab − 1
     * @param embedding (vocab × d_model) one row per token of the vocabulary, finite
     * @throws attention_error naming tokens[i] (with the vocabulary size) or the embedding's cell
     */
    embedding_lookup_trace embedding_lookup(const vector& tokens, const matrix& embedding);

    /**
     * @brief The gradient of the embedding table from ∂L/∂output of embedding_lookup.
     * @param tokens, embedding as embedding_lookup (same checks, same argument names)
     * @param grad_output (n × d_model) ∂L/∂output, finite
     */
    embedding_lookup_backward_trace embedding_lookup_backward(const vector& tokens,
                                                              const matrix& embedding,
                                                              const matrix& grad_output);

    namespace detail
    {
        /// The backward pass without checks: `vocab` rows, gradOutput's rows added in order of
        /// position into the rows of their tokens.
        embedding_lookup_backward_trace
        embedding_lookup_backward_from(const std::vector<std::size_t>& tokens, std::size_t vocab,
                                       const matrix& grad_output);
    } // namespace detail
} // namespace attn

#endif
