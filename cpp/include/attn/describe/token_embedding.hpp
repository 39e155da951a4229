#ifndef ATTN_DESCRIBE_TOKEN_EMBEDDING_HPP
#define ATTN_DESCRIBE_TOKEN_EMBEDDING_HPP

#include "attn/describe/common_arguments.hpp"
#include "attn/describe/positional_encoding.hpp"
#include "attn/token_embedding.hpp"

namespace attn::describe
{
    template <> struct fields_of<token_embedding_trace>
    {
        static constexpr const char* type_name = "TokenEmbeddingTrace";
        template <class V> static void visit(const token_embedding_trace& t, V& v)
        {
            v.field("tokens", t.tokens, "as given");
            v.field("vocabulary", t.vocabulary, "pass 1: distinct tokens in first-seen order");
            v.field("ids", t.ids, "pass 1: each token's index in the vocabulary");
            v.field("embeddings", t.embeddings, "pass 3: row i = table[ids[i]]");
            v.field("table", t.table, "pass 2: one row per distinct token");
        }
    };

    struct embed_tokens_operation
    {
        static constexpr const char* name = "embedTokens";
        static constexpr const char* title = "Token embeddings";
        static constexpr bool lite = true;
        static constexpr argument tokens = strings_argument(
            "tokens", "n", "1 … 1024 tokens of 1 … 64 bytes of UTF-8, compared as they are");
        static constexpr argument arguments[] = {tokens, d_model_size, seed};

        template <class In> static token_embedding_trace run(In& in)
        {
            const auto list = in.strings(tokens);
            const std::size_t width = in.integer(d_model_size);
            return embed_tokens(list, width, read_seed(in));
        }
    };
} // namespace attn::describe

#endif
