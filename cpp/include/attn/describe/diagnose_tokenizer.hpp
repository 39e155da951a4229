#ifndef ATTN_DESCRIBE_DIAGNOSE_TOKENIZER_HPP
#define ATTN_DESCRIBE_DIAGNOSE_TOKENIZER_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/byte_pair_encoding.hpp"
#include "attn/describe/fields.hpp"
#include "attn/diagnose_tokenizer.hpp"
#include "attn/pair_counts.hpp"

namespace attn::describe
{
    constexpr choice_set tokenizer_misconceptions{
        "tokenizerMisconception",
        "characters|wrongTie|noOverlap|firstOccurrenceOnly|longestMatch",
        "the mistakes diagnoseTokenizer recognises, in its order of precedence"};

    constexpr choice_set tokenizer_questions{
        "tokenizerQuestion", "bytes|count|first|length|tokens",
        "the text's bytes; merge k's pair count, its first position, the length after it; the "
        "new text's tokens"};

    template <> struct fields_of<tokenizer_misconception_candidate>
    {
        static constexpr const char* type_name = "TokenizerMisconceptionCandidate";
        template <class V> static void visit(const tokenizer_misconception_candidate& c, V& v)
        {
            v.field("misconception", c.misconception, "the mistake", tokenizer_misconceptions);
            v.field("value", c.value, "the answer worked out with that mistake");
        }
    };

    template <> struct fields_of<tokenizer_diagnosis>
    {
        static constexpr const char* type_name = "TokenizerDiagnosis";
        template <class V> static void visit(const tokenizer_diagnosis& d, V& v)
        {
            v.field("correct", d.correct, "answer = expected");
            v.field("expected", d.expected, "the answer as trainTokenizer and tokenize give it");
            v.field("misconception", d.misconception,
                    "the mistake the answer matches (first in candidates' order), or null",
                    tokenizer_misconceptions);
            v.field("candidates", d.candidates,
                    "each mistake that can change this answer, with the answer it gives");
        }
    };

    struct diagnose_tokenizer_operation
    {
        static constexpr const char* name = "diagnoseTokenizer";
        static constexpr const char* title = "Grading an answer about byte-pair encoding";
        static constexpr argument text = train_tokenizer_operation::text;
        static constexpr argument merges = train_tokenizer_operation::merges;
        static constexpr argument question = choice_argument(
            "question", tokenizer_questions, false,
            "'bytes' (the text's bytes), 'count', 'first' or 'length' (about merge `merge`), "
            "'tokens' (newText's tokens with the merges)");
        static constexpr argument merge =
            optional_integer("merge", 0, static_cast<double>(max_merges - 1),
                             "k, a merge the training made: for count, first and length", 0, "");
        static constexpr argument new_text = {
            "newText", kind::text, true, words("n bytes"),
            words("a text to tokenize, 1 … 2048 bytes of UTF-8: for tokens"), 0, 0, 0,
            words("none")};
        static constexpr argument answer =
            integer_argument("answer", 0, static_cast<double>(max_counted_tokens),
                             "the learner's whole number");
        static constexpr argument arguments[] = {text,     merges,   question,
                                                 merge,    new_text, answer};

        template <class In> static tokenizer_diagnosis run(In& in)
        {
            const std::string t = in.text(text);
            tokenizer_diagnose_options o;
            o.merges = in.integer(merges);
            o.question = parse_tokenizer_question(question.name, in.choice(question));
            o.merge = in.optional_integer(merge);
            if (in.has(new_text))
            {
                o.new_text = in.text(new_text);
            }
            o.answer = in.integer(answer);
            return diagnose_tokenizer(t, o);
        }
    };
} // namespace attn::describe

#endif
