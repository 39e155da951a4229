#ifndef ATTN_DESCRIBE_BYTE_PAIR_ENCODING_HPP
#define ATTN_DESCRIBE_BYTE_PAIR_ENCODING_HPP

#include "attn/byte_pair_encoding.hpp"
#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"

namespace attn::describe
{
    template <> struct fields_of<bpe_merge>
    {
        static constexpr const char* type_name = "ByteMerge";
        template <class V> static void visit(const bpe_merge& m, V& v)
        {
            v.field("pair", m.pair, "[left, right]: the most frequent adjacent pair");
            v.field("count", m.count, "its adjacent occurrences, overlapping ones counted");
            v.field("token", m.token, "the new token, 256 + the merge's index");
            v.field("replaced", m.replaced,
                    "occurrences replaced, left to right without overlap (≤ count)");
            v.field("length", m.length, "the sequence's length after the merge");
            v.field("bytes", m.bytes, "the bytes the new token stands for");
            v.field("text", m.text,
                    "what those bytes spell; null when they hold part of a character");
        }
    };

    template <> struct fields_of<bpe_training_trace>
    {
        static constexpr const char* type_name = "TrainTokenizerTrace";
        template <class V> static void visit(const bpe_training_trace& t, V& v)
        {
            v.field("bytes", t.bytes, "pass 1: the text's UTF-8 bytes, tokens 0 … 255");
            v.field("merges", t.merges, "pass 2: each merge in order; merge k makes 256 + k");
            v.field("tokens", t.tokens, "pass 3: the text's tokens after the last merge");
            v.field("stoppedEarly", t.stopped_early,
                    "pass 2 stopped before `merges` merges: no pair occurred twice");
            v.field("vocabularySize", t.vocabulary_size, "256 + the merges made");
        }
    };

    template <> struct fields_of<bpe_step>
    {
        static constexpr const char* type_name = "TokenizeStep";
        template <class V> static void visit(const bpe_step& s, V& v)
        {
            v.field("merge", s.merge, "the index of the merge applied (the lowest that applies)");
            v.field("pair", s.pair, "its pair, [left, right]");
            v.field("token", s.token, "its token, 256 + merge");
            v.field("replaced", s.replaced, "occurrences replaced, left to right without overlap");
            v.field("tokens", s.tokens, "the sequence after this step");
        }
    };

    template <> struct fields_of<bpe_piece>
    {
        static constexpr const char* type_name = "TokenPiece";
        template <class V> static void visit(const bpe_piece& p, V& v)
        {
            v.field("token", p.token, "the token");
            v.field("bytes", p.bytes, "the bytes it stands for");
            v.field("text", p.text, "what they spell; null when they hold part of a character");
        }
    };

    template <> struct fields_of<bpe_tokenize_trace>
    {
        static constexpr const char* type_name = "TokenizeTrace";
        template <class V> static void visit(const bpe_tokenize_trace& t, V& v)
        {
            v.field("bytes", t.bytes, "pass 1: the text's UTF-8 bytes, tokens 0 … 255");
            v.field("steps", t.steps, "pass 2: each merge as applied, in the order applied");
            v.field("tokens", t.tokens, "the tokens after the last step");
            v.field("pieces", t.pieces, "pass 3: each token with the bytes it stands for");
        }
    };

    struct train_tokenizer_operation
    {
        static constexpr const char* name = "trainTokenizer";
        static constexpr const char* title = "Byte-level BPE, trained";
        static constexpr argument text =
            text_argument("text", "n bytes", "1 … 16384 bytes of UTF-8, read as its bytes");
        static constexpr argument merges =
            integer_argument("merges", 0, static_cast<double>(max_merges),
                             "merges to make (fewer when no pair occurs twice)");
        static constexpr argument arguments[] = {text, merges};

        template <class In> static bpe_training_trace run(In& in)
        {
            const std::string t = in.text(text);
            return train_byte_pair_encoding(t, in.integer(merges));
        }
    };

    struct tokenize_operation
    {
        static constexpr const char* name = "tokenize";
        static constexpr const char* title = "Byte-level BPE, applied";
        static constexpr argument text =
            text_argument("text", "n bytes", "1 … 2048 bytes of UTF-8, read as its bytes");
        static constexpr argument merges = optional_matrix(
            "merges", "k × 2",
            "a training's merges in order, row k = [a, b] making token 256 + k, k ≤ 1024",
            "no merges: the bytes (omit it: an empty list is refused like any empty matrix)");
        static constexpr argument arguments[] = {text, merges};

        template <class In> static bpe_tokenize_trace run(In& in)
        {
            const std::string t = in.text(text);
            const auto given = in.optional_matrix(merges);
            return tokenize_byte_pairs(t, given ? read_merges(merges.name, *given)
                                                : std::vector<token_pair>{});
        }
    };
} // namespace attn::describe

#endif
