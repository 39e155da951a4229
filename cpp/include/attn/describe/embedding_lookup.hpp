#ifndef ATTN_DESCRIBE_EMBEDDING_LOOKUP_HPP
#define ATTN_DESCRIBE_EMBEDDING_LOOKUP_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/embedding_lookup.hpp"

namespace attn::describe
{
    template <> struct fields_of<embedding_lookup_trace>
    {
        static constexpr const char* type_name = "EmbeddingLookupTrace";
        template <class V> static void visit(const embedding_lookup_trace& t, V& v)
        {
            v.field("output", t.output, "pass 1: row i = embedding[tokens[i]]");
        }
    };

    template <> struct fields_of<embedding_lookup_backward_trace>
    {
        static constexpr const char* type_name = "EmbeddingLookupBackwardTrace";
        template <class V> static void visit(const embedding_lookup_backward_trace& t, V& v)
        {
            v.field("gradOutput", t.grad_output, "∂L/∂output, as given");
            v.field("counts", t.counts, "pass 1: how many positions hold each token");
            v.field("gradEmbedding", t.grad_embedding,
                    "pass 2: row v = Σ of gradOutput's rows i with tokens[i] = v (0 for a token "
                    "not used)");
        }
    };

    struct embedding_lookup_operation
    {
        static constexpr const char* name = "embeddingLookup";
        static constexpr const char* title = "Embedding lookup (token ids → rows of a table)";
        static constexpr argument tokens = indices_argument(
            "tokens", "n", "1 … 1024 token ids, each a whole number from 0 to vocab − 1");
        static constexpr argument embedding = matrix_argument(
            "embedding", "vocab × dModel", "the table, one row per token of the vocabulary");
        static constexpr argument arguments[] = {tokens, embedding};

        template <class In> static embedding_lookup_trace run(In& in)
        {
            const vector ids = in.vector(tokens);
            return embedding_lookup(ids, in.matrix(embedding));
        }
    };

    /// The forward's arguments, then gradOutput.
    struct embedding_lookup_backward_operation
    {
        static constexpr const char* name = "embeddingLookupBackward";
        static constexpr const char* title = "Embedding lookup, backward";
        static constexpr argument grad_output =
            matrix_argument("gradOutput", "n × dModel", "∂L/∂output, one row per token");
        static constexpr argument arguments[] = {embedding_lookup_operation::tokens,
                                                 embedding_lookup_operation::embedding,
                                                 grad_output};

        template <class In> static embedding_lookup_backward_trace run(In& in)
        {
            const vector ids = in.vector(embedding_lookup_operation::tokens);
            const matrix table = in.matrix(embedding_lookup_operation::embedding);
            return embedding_lookup_backward(ids, table, in.matrix(grad_output));
        }
    };
} // namespace attn::describe

#endif
