#include "attn/word_attention.hpp"

#include "attn/attention_weights_check.hpp"
#include "attn/error.hpp"

namespace attn
{
    namespace
    {
        bool is_space(char c)
        {
            return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
        }

        std::string trimmed(const std::string& text)
        {
            std::size_t begin = 0, end = text.size();
            while (begin < end && is_space(text[begin])) ++begin;
            while (end > begin && is_space(text[end - 1])) --end;
            return text.substr(begin, end - begin);
        }

        /// Pass 1: the words, and each token's. Whitespace tokens wait for the next word.
        void split_words(const std::vector<std::string>& tokens, word_attention_trace& t)
        {
            t.word_of.assign(tokens.size(), 0);
            std::vector<std::string> texts;
            std::vector<std::size_t> waiting;
            bool space_before = false; // whitespace since the last character that is not
            for (std::size_t i = 0; i < tokens.size(); ++i)
            {
                const std::string& token = tokens[i];
                std::size_t first = 0;
                while (first < token.size() && is_space(token[first])) ++first;
                if (first == token.size())
                {
                    waiting.push_back(i);
                    space_before = true;
                    continue;
                }
                if (texts.empty() || space_before || first > 0)
                {
                    texts.emplace_back();
                }
                const std::size_t word = texts.size() - 1;
                for (std::size_t w : waiting) t.word_of[w] = word;
                waiting.clear();
                t.word_of[i] = word;
                texts[word] += token;
                space_before = is_space(token.back());
            }
            if (texts.empty())
            {
                detail::fail("tokens", "at least one token with a character that is not whitespace",
                             std::to_string(tokens.size()) + " tokens of whitespace only");
            }
            for (std::size_t w : waiting) t.word_of[w] = texts.size() - 1;
            t.words.reserve(texts.size());
            for (const std::string& text : texts) t.words.push_back(trimmed(text));
        }
    } // namespace

    word_attention_trace word_attention(const std::vector<std::string>& tokens,
                                        const matrix& weights)
    {
        // Shape contract: tokens (n), weights (n × n) → to_words (n × m), weights (m × m).
        detail::check_attention_weights("weights", weights);
        const std::size_t n = rows(weights);
        if (tokens.size() != n)
        {
            detail::fail("tokens", "one token per row of weights (" + std::to_string(n) + ")",
                         std::to_string(tokens.size()) + " tokens");
        }
        word_attention_trace t;
        split_words(tokens, t);
        const std::size_t m = t.words.size();

        // pass 2: each token's weights to every token of a word, summed: the word as one key.
        t.to_words = xt::zeros<double>({n, m});
        for (std::size_t i = 0; i < n; ++i)
        {
            for (std::size_t j = 0; j < n; ++j)
            {
                t.to_words(i, t.word_of[j]) += weights(i, j);
            }
        }

        // pass 3: the rows of a word's own tokens averaged: the word as one query. A mean of
        // distributions is one, so each row of the result still sums to 1.
        t.weights = xt::zeros<double>({m, m});
        std::vector<double> count(m, 0.0);
        for (std::size_t i = 0; i < n; ++i)
        {
            count[t.word_of[i]] += 1;
            for (std::size_t b = 0; b < m; ++b)
            {
                t.weights(t.word_of[i], b) += t.to_words(i, b);
            }
        }
        for (std::size_t a = 0; a < m; ++a)
        {
            for (std::size_t b = 0; b < m; ++b)
            {
                t.weights(a, b) /= count[a];
            }
        }
        return t;
    }
} // namespace attn
