#ifndef ATTN_DESCRIBE_WORD_ATTENTION_HPP
#define ATTN_DESCRIBE_WORD_ATTENTION_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/word_attention.hpp"

namespace attn::describe
{
    template <> struct fields_of<word_attention_trace>
    {
        static constexpr const char* type_name = "WordAttentionTrace";
        template <class V> static void visit(const word_attention_trace& t, V& v)
        {
            v.field("words", t.words, "pass 1: each word's text, whitespace trimmed");
            v.field("wordOf", t.word_of,
                    "pass 1: the word each token belongs to (whitespace joins the next word)");
            v.field("toWords", t.to_words,
                    "pass 2: each token's weights summed over each word's tokens (n × m)");
            v.field("weights", t.weights,
                    "pass 3: toWords averaged over each word's own tokens (m × m); rows sum to 1");
        }
    };

    struct word_attention_operation
    {
        static constexpr const char* name = "wordAttention";
        static constexpr const char* title = "Attention between words (Clark et al. 2019)";
        static constexpr argument tokens = strings_argument(
            "tokens", "n", "the tokens the weights were computed over, in order (1 … 64 bytes each)");
        static constexpr argument weights = matrix_argument(
            "weights", "n × n", "one head's attention weights; rows non-negative, summing to 1");
        static constexpr argument arguments[] = {tokens, weights};

        template <class In> static word_attention_trace run(In& in)
        {
            const auto list = in.strings(tokens);
            return word_attention(list, in.matrix(weights));
        }
    };
} // namespace attn::describe

#endif
