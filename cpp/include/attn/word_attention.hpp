#ifndef ATTN_WORD_ATTENTION_HPP
#define ATTN_WORD_ATTENTION_HPP

/**
 * @file word_attention.hpp
 * @brief A head's attention between tokens read as attention between words, as Clark et al.
 * 2019 ("What Does BERT Look At?", §2) read BERT's word pieces: the weight a word gives another
 * is the sum over the other's tokens, averaged over its own. Each row stays a distribution, so
 * a model that reads characters can be shown with words as its labels.
 */

#include <cstddef>
#include <string>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    /// Every step of word_attention().
    struct word_attention_trace
    {
        std::vector<std::string> words; ///< pass 1: each word's text, whitespace trimmed
        std::vector<std::size_t> word_of; ///< (n) pass 1: the word each token belongs to
        matrix to_words; ///< (n × m) pass 2: each token's weights summed over each word's tokens
        matrix weights; ///< (m × m) pass 3: to_words averaged over each word's own tokens
    };

    /**
     * @brief One head's weights between tokens, pooled into weights between words.
     *
     * A word is a run of characters that are not whitespace (space, tab, newline, carriage
     * return, form feed, vertical tab), with the whitespace before it: a token belongs to the
     * word of its first other character, a token of whitespace alone to the next word (the
     * last, at the end). So every token is in exactly one word, and rows still sum to 1.
     *
     * @param tokens (n) the tokens the weights were computed over, in order; at least one not
     *        all whitespace
     * @param weights (n × n) attention weights: rows non-negative, summing to 1 within 1e-6
     * @return the words, each token's word, the pooled rows and the word-by-word weights
     */
    word_attention_trace word_attention(const std::vector<std::string>& tokens,
                                        const matrix& weights);
} // namespace attn

#endif
