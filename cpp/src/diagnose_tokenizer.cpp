#include "attn/diagnose_tokenizer.hpp"

#include <algorithm>

#include "attn/byte_pair_encoding.hpp"
#include "attn/error.hpp"
#include "attn/pair_counts.hpp"
#include "attn/utf8.hpp"
#include "name_misconception.hpp"

namespace attn
{
    tokenizer_question parse_tokenizer_question(const std::string& argument,
                                                const std::string& name)
    {
        const std::pair<const char*, tokenizer_question> choices[] = {
            {"bytes", tokenizer_question::bytes},
            {"count", tokenizer_question::count},
            {"first", tokenizer_question::first},
            {"length", tokenizer_question::length},
            {"tokens", tokenizer_question::tokens}};
        return detail::parse_choice(argument, name, choices);
    }

    namespace
    {
        const char* question_name(tokenizer_question q)
        {
            switch (q)
            {
            case tokenizer_question::bytes:
                return "bytes";
            case tokenizer_question::count:
                return "count";
            case tokenizer_question::first:
                return "first";
            case tokenizer_question::length:
                return "length";
            case tokenizer_question::tokens:
                return "tokens";
            }
            return "";
        }

        /// Characters that start among the first `bytes` bytes of `text`: UTF-8 continuation
        /// bytes (10xxxxxx) start none.
        std::size_t characters_in(const std::string& text, std::size_t bytes)
        {
            return static_cast<std::size_t>(
                std::count_if(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(bytes),
                              [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
        }

        /// The mistake of merging in order, each merge at its first occurrence only.
        std::size_t first_occurrences_only(std::vector<std::size_t> sequence,
                                           const std::vector<bpe_merge>& merges)
        {
            for (const bpe_merge& m : merges)
            {
                for (std::size_t i = 0; i + 1 < sequence.size(); ++i)
                {
                    if (sequence[i] == m.pair[0] && sequence[i + 1] == m.pair[1])
                    {
                        sequence[i] = m.token;
                        sequence.erase(sequence.begin() + static_cast<std::ptrdiff_t>(i) + 1);
                        break;
                    }
                }
            }
            return sequence.size();
        }

        /// The mistake of reading the text left to right, taking each time the longest token of
        /// the vocabulary (the bytes and every merge's bytes) that starts there.
        std::size_t longest_matches(const std::vector<std::size_t>& bytes,
                                    const std::vector<bpe_merge>& merges)
        {
            std::size_t count = 0;
            for (std::size_t i = 0; i < bytes.size(); ++count)
            {
                std::size_t longest = 1;
                for (const bpe_merge& m : merges)
                {
                    const std::size_t n = m.bytes.size();
                    if (n > longest && i + n <= bytes.size() &&
                        std::equal(m.bytes.begin(), m.bytes.end(),
                                   bytes.begin() + static_cast<std::ptrdiff_t>(i)))
                    {
                        longest = n;
                    }
                }
                i += longest;
            }
            return count;
        }

        /// Bytes spelt by the first `position` tokens of a sequence.
        std::size_t bytes_before(const std::vector<std::size_t>& sequence, std::size_t position,
                                 const std::vector<bpe_merge>& merges)
        {
            std::size_t bytes = 0;
            for (std::size_t i = 0; i < position; ++i)
            {
                const std::size_t t = sequence[i];
                bytes += t < byte_tokens ? 1 : merges[t - byte_tokens].bytes.size();
            }
            return bytes;
        }
    } // namespace

    tokenizer_diagnosis diagnose_tokenizer(const std::string& text,
                                           const tokenizer_diagnose_options& o)
    {
        // pass 1: the training the question is about (it checks the text and `merges`).
        const bpe_training_trace trained = train_byte_pair_encoding(text, o.merges);
        const std::size_t made = trained.merges.size();
        const tokenizer_question q = o.question;
        const std::string asked = std::string("question '") + question_name(q) + "'";
        std::size_t k = 0;
        if (q == tokenizer_question::count || q == tokenizer_question::first ||
            q == tokenizer_question::length)
        {
            if (!o.merge)
            {
                detail::fail("merge", "the index of a merge for " + asked, "none");
            }
            if (made == 0)
            {
                detail::fail("merge", "a merge the training made, but it made none",
                             std::to_string(*o.merge));
            }
            k = detail::check_integer("merge", static_cast<double>(*o.merge), 0,
                                      static_cast<double>(made - 1));
        }
        if (q == tokenizer_question::tokens && !o.new_text)
        {
            detail::fail("newText", "a text to tokenize for " + asked, "none");
        }

        // pass 2: the expected answer and, beside it, each mistake's, worked out the same way.
        tokenizer_diagnosis d;
        std::vector<detail::mistake_value> found;
        const auto add = [&](const char* name, std::size_t value) {
            found.push_back({name, static_cast<double>(value)});
        };
        switch (q)
        {
        case tokenizer_question::bytes:
            d.expected = static_cast<double>(trained.bytes.size());
            add("characters", characters_in(text, text.size()));
            break;
        case tokenizer_question::count:
            d.expected = static_cast<double>(trained.merges[k].count);
            add("noOverlap", trained.merges[k].replaced);
            break;
        case tokenizer_question::first:
        {
            // The sequence merge k was picked from: the tokens after the first k merges.
            const std::vector<std::size_t> before = train_byte_pair_encoding(text, k).tokens;
            const pair_counts_trace ranked = count_pairs(before);
            const pair_count& chosen = ranked.pairs.front();
            d.expected = static_cast<double>(chosen.first);
            add("characters", characters_in(text, bytes_before(before, chosen.first,
                                                               trained.merges)));
            for (const pair_count& p : ranked.pairs)
            {
                if (p.count == chosen.count && &p != &chosen)
                {
                    add("wrongTie", p.first);
                }
            }
            // Ranked by counts without overlap, the winner may be another pair.
            const pair_count* plain = &chosen;
            for (const pair_count& p : ranked.pairs)
            {
                if (p.without_overlap > plain->without_overlap ||
                    (p.without_overlap == plain->without_overlap && p.first < plain->first))
                {
                    plain = &p;
                }
            }
            add("noOverlap", plain->first);
            break;
        }
        case tokenizer_question::length:
        {
            d.expected = static_cast<double>(trained.merges[k].length);
            const std::size_t before =
                k == 0 ? trained.bytes.size() : trained.merges[k - 1].length;
            add("firstOccurrenceOnly", before - 1);
            break;
        }
        case tokenizer_question::tokens:
        {
            const std::string& other = *o.new_text;
            // Checked here so that a refusal names newText, not tokenize's text.
            const std::size_t characters =
                decode_utf8("newText", other, max_tokenized_text_bytes).size();
            std::vector<token_pair> pairs;
            for (const bpe_merge& m : trained.merges)
            {
                pairs.push_back({m.pair[0], m.pair[1]});
            }
            const bpe_tokenize_trace t = tokenize_byte_pairs(other, pairs);
            d.expected = static_cast<double>(t.tokens.size());
            add("characters", characters);
            add("firstOccurrenceOnly", first_occurrences_only(t.bytes, trained.merges));
            add("longestMatch", longest_matches(t.bytes, trained.merges));
            break;
        }
        }
        // pass 3: grade and name the mistake; answers are whole numbers, so only equal counts.
        const double tolerance = 0;
        return detail::name_misconception(d, static_cast<double>(o.answer), tolerance, found);
    }
} // namespace attn
