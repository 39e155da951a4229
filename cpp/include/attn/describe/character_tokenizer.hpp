#ifndef ATTN_DESCRIBE_CHARACTER_TOKENIZER_HPP
#define ATTN_DESCRIBE_CHARACTER_TOKENIZER_HPP

#include "attn/character_tokenizer.hpp"
#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"

namespace attn::describe
{
    template <> struct fields_of<character_tokenizer_trace>
    {
        static constexpr const char* type_name = "CharacterTokenizerTrace";
        template <class V> static void visit(const character_tokenizer_trace& t, V& v)
        {
            v.field("characters", t.characters, "pass 1: the text's characters (code points)");
            v.field("vocabulary", t.vocabulary, "pass 2: the distinct characters by code point");
            v.field("codePoints", t.code_points, "pass 2: each vocabulary entry's code point");
            v.field("ids", t.ids, "pass 3: each character's index in the vocabulary");
        }
    };

    struct character_tokenizer_operation
    {
        static constexpr const char* name = "characterTokenizer";
        static constexpr const char* title = "One token per character";
        static constexpr argument text =
            text_argument("text", "n bytes", "1 … 16384 bytes of UTF-8, read as its code points");
        static constexpr argument arguments[] = {text};

        template <class In> static character_tokenizer_trace run(In& in)
        {
            return character_tokenizer(in.text(text));
        }
    };
} // namespace attn::describe

#endif
