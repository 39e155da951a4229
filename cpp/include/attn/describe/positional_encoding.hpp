#ifndef ATTN_DESCRIBE_POSITIONAL_ENCODING_HPP
#define ATTN_DESCRIBE_POSITIONAL_ENCODING_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/positional_encoding.hpp"

namespace attn::describe
{
    constexpr argument length =
        integer_argument("length", size_low, size_high, "number of positions");
    constexpr argument d_model_size = integer_argument(
        "dModel", size_low, size_high, "width d_model (odd allowed: the last column is a sine)");

    template <> struct fields_of<positional_addition_trace>
    {
        static constexpr const char* type_name = "PositionalAdditionTrace";
        template <class V> static void visit(const positional_addition_trace& t, V& v)
        {
            v.field("encoding", t.encoding, "pass 1: PE for n positions");
            v.field("output", t.output, "pass 2: input + encoding");
        }
    };

    template <> struct fields_of<position_similarity_trace>
    {
        static constexpr const char* type_name = "PositionSimilarityTrace";
        template <class V> static void visit(const position_similarity_trace& t, V& v)
        {
            v.field("encoding", t.encoding, "pass 1: PE");
            v.field("similarity", t.similarity, "pass 2: PE·PEᵀ");
            v.field("norms", t.norms, "pass 3: √similarity[i][i]");
            v.field("cosine", t.cosine, "pass 4: s_ij / √(s_ii·s_jj), diagonal exactly 1");
        }
    };

    struct positional_encoding_operation
    {
        static constexpr const char* name = "positionalEncoding";
        static constexpr const char* title = "Sinusoidal positional encoding";
        static constexpr bool lite = true;
        static constexpr argument arguments[] = {length, d_model_size};

        template <class In> static matrix run(In& in)
        {
            const std::size_t n = in.integer(length);
            return positional_encoding(n, in.integer(d_model_size));
        }
    };

    struct add_positional_encoding_operation
    {
        static constexpr const char* name = "addPositionalEncoding";
        static constexpr const char* title = "Adding positions";
        static constexpr bool lite = true;
        static constexpr argument input =
            matrix_argument("input", "n × d", "one row per token, say token embeddings");
        static constexpr argument arguments[] = {input};

        template <class In> static positional_addition_trace run(In& in)
        {
            return add_positional_encoding(in.matrix(input));
        }
    };

    struct position_similarity_operation
    {
        static constexpr const char* name = "positionSimilarity";
        static constexpr const char* title = "How alike positions are";
        static constexpr bool lite = true;
        static constexpr argument arguments[] = {length, d_model_size};

        template <class In> static position_similarity_trace run(In& in)
        {
            const std::size_t n = in.integer(length);
            return position_similarity(n, in.integer(d_model_size));
        }
    };
} // namespace attn::describe

#endif
