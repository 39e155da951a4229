#include "attn/byte_pair_encoding.hpp"

#include <unordered_map>

#include "attn/error.hpp"
#include "attn/utf8.hpp"

namespace attn
{
    namespace
    {
        /// The text's UTF-8 bytes as tokens 0 … 255, after checking it is well-formed.
        std::vector<std::size_t> bytes_of(const std::string& text, std::size_t max_bytes)
        {
            decode_utf8("text", text, max_bytes);
            std::vector<std::size_t> out;
            out.reserve(text.size());
            for (const char c : text)
            {
                out.push_back(static_cast<unsigned char>(c));
            }
            return out;
        }

        /// The sequence with every occurrence of `pair` replaced by `token`, left to right
        /// without overlap ("aaa" with (a, a) gives [token, a]); `replaced` counts them.
        std::vector<std::size_t> replace(const std::vector<std::size_t>& sequence,
                                         const token_pair& pair, std::size_t token,
                                         std::size_t& replaced)
        {
            std::vector<std::size_t> out;
            out.reserve(sequence.size());
            replaced = 0;
            for (std::size_t i = 0; i < sequence.size(); ++i)
            {
                if (i + 1 < sequence.size() && sequence[i] == pair[0] && sequence[i + 1] == pair[1])
                {
                    out.push_back(token);
                    ++replaced;
                    ++i;
                }
                else
                {
                    out.push_back(sequence[i]);
                }
            }
            return out;
        }

        /// A pair as one key: tokens stay below 256 + max_merges.
        std::size_t key_of(std::size_t left, std::size_t right)
        {
            return left * (byte_tokens + max_merges) + right;
        }

        /// The bytes each token stands for: a byte itself, a merge its pair's bytes joined.
        void add_bytes(std::vector<std::vector<std::size_t>>& table, const token_pair& pair)
        {
            std::vector<std::size_t> joined = table[pair[0]];
            joined.insert(joined.end(), table[pair[1]].begin(), table[pair[1]].end());
            table.push_back(std::move(joined));
        }

        void check_merge_count(const std::string& argument, std::size_t count)
        {
            if (count > max_merges)
            {
                detail::fail(argument, "at most " + std::to_string(max_merges) + " merges",
                             std::to_string(count));
            }
        }

        /// Side j of merge k: a whole number naming a token that exists before the merge, a
        /// byte or one of the k merges above it.
        std::size_t merge_token(const std::string& argument, std::size_t k, std::size_t j,
                                double token)
        {
            return detail::check_integer(argument + "[" + std::to_string(k) + "][" +
                                             std::to_string(j) + "]",
                                         token, 0, static_cast<double>(byte_tokens + k - 1));
        }

        std::vector<std::vector<std::size_t>> byte_table()
        {
            std::vector<std::vector<std::size_t>> table;
            for (std::size_t b = 0; b < byte_tokens; ++b)
            {
                table.push_back({b});
            }
            return table;
        }
    } // namespace

    bpe_training_trace train_byte_pair_encoding(const std::string& text, std::size_t merges)
    {
        // Shape contract: text (n bytes, n ≤ 16384), merges ≤ 1024 → bytes (n), merges
        // (≤ merges records), tokens (≤ n).
        detail::check_integer("merges", static_cast<double>(merges), 0,
                              static_cast<double>(max_merges));
        bpe_training_trace t;
        // pass 1: the bytes are the first tokens.
        t.bytes = bytes_of(text, max_training_text_bytes);
        std::vector<std::size_t> sequence = t.bytes;
        auto table = byte_table();
        // pass 2: one merge at a time.
        for (std::size_t k = 0; k < merges; ++k)
        {
            // Each pair's count and first position, in one scan; overlapping pairs count.
            struct tally
            {
                std::size_t count = 0, first = 0;
            };
            std::unordered_map<std::size_t, tally> tallies;
            tally best;
            for (std::size_t i = 0; i + 1 < sequence.size(); ++i)
            {
                const std::size_t key = key_of(sequence[i], sequence[i + 1]);
                auto it = tallies.try_emplace(key, tally{0, i}).first;
                ++it->second.count;
                // The tie rule: of equal counts, the earliest first occurrence wins, so a count
                // only takes over when strictly larger, or equal with an earlier first place.
                const tally& now = it->second;
                if (now.count > best.count || (now.count == best.count && now.first < best.first))
                {
                    best = now;
                }
            }
            if (best.count < 2)
            {
                t.stopped_early = true;
                break;
            }
            bpe_merge m;
            const token_pair pair{sequence[best.first], sequence[best.first + 1]};
            m.pair = {pair[0], pair[1]};
            m.count = best.count;
            m.token = byte_tokens + k;
            sequence = replace(sequence, pair, m.token, m.replaced);
            m.length = sequence.size();
            add_bytes(table, pair);
            m.bytes = table.back();
            m.text = whole_characters(m.bytes);
            t.merges.push_back(std::move(m));
        }
        // pass 3: the sequence after the last merge.
        t.tokens = std::move(sequence);
        t.vocabulary_size = byte_tokens + t.merges.size();
        return t;
    }

    std::vector<token_pair> read_merges(const std::string& argument, const matrix& merges)
    {
        if (cols(merges) != 2)
        {
            detail::fail(argument, "a matrix of k × 2 (one pair [a, b] per row)",
                         detail::format_shape(rows(merges), cols(merges)));
        }
        check_merge_count(argument, rows(merges));
        std::vector<token_pair> out(rows(merges));
        for (std::size_t k = 0; k < out.size(); ++k)
        {
            for (std::size_t j = 0; j < 2; ++j)
            {
                out[k][j] = merge_token(argument, k, j, merges(k, j));
            }
        }
        return out;
    }

    bpe_tokenize_trace tokenize_byte_pairs(const std::string& text,
                                           const std::vector<token_pair>& merges)
    {
        // Shape contract: text (n bytes, n ≤ 2048), merges (k pairs, k ≤ 1024) → bytes (n),
        // steps (≤ min(k, n − 1), each a sequence of ≤ n tokens), tokens and pieces (≤ n).
        check_merge_count("merges", merges.size());
        std::unordered_map<std::size_t, std::size_t> rank;
        for (std::size_t k = 0; k < merges.size(); ++k)
        {
            for (std::size_t j = 0; j < 2; ++j)
            {
                merge_token("merges", k, j, static_cast<double>(merges[k][j]));
            }
            // A pair merged twice would make a token no sequence can hold.
            const auto [at, fresh] = rank.emplace(key_of(merges[k][0], merges[k][1]), k);
            if (!fresh)
            {
                detail::fail("merges[" + std::to_string(k) + "]", "a pair not merged before",
                             "[" + std::to_string(merges[k][0]) + ", " +
                                 std::to_string(merges[k][1]) + "], already merges[" +
                                 std::to_string(at->second) + "]");
            }
        }
        bpe_tokenize_trace t;
        // pass 1: the bytes are the first tokens.
        t.bytes = bytes_of(text, max_tokenized_text_bytes);
        std::vector<std::size_t> sequence = t.bytes;
        // pass 2: the merge of lowest index the sequence holds, until it holds none. Each step
        // shortens the sequence, so there are fewer steps than bytes.
        for (;;)
        {
            std::size_t lowest = merges.size();
            for (std::size_t i = 0; i + 1 < sequence.size(); ++i)
            {
                const auto found = rank.find(key_of(sequence[i], sequence[i + 1]));
                if (found != rank.end() && found->second < lowest)
                {
                    lowest = found->second;
                }
            }
            if (lowest == merges.size())
            {
                break;
            }
            bpe_step s;
            s.merge = lowest;
            s.pair = {merges[lowest][0], merges[lowest][1]};
            s.token = byte_tokens + lowest;
            sequence = replace(sequence, merges[lowest], s.token, s.replaced);
            s.tokens = sequence;
            t.steps.push_back(std::move(s));
        }
        t.tokens = std::move(sequence);
        // pass 3: what each token stands for.
        auto table = byte_table();
        for (const token_pair& pair : merges)
        {
            add_bytes(table, pair);
        }
        for (const std::size_t token : t.tokens)
        {
            t.pieces.push_back({token, table[token], whole_characters(table[token])});
        }
        return t;
    }

    std::vector<std::size_t> byte_pair_bytes(const std::string& argument,
                                             const std::vector<std::size_t>& tokens,
                                             const std::vector<token_pair>& merges)
    {
        auto table = byte_table();
        for (const token_pair& pair : merges)
        {
            add_bytes(table, pair);
        }
        std::vector<std::size_t> bytes;
        for (std::size_t i = 0; i < tokens.size(); ++i)
        {
            if (tokens[i] >= table.size())
            {
                detail::fail(argument + "[" + std::to_string(i) + "]",
                             "a token id below " + std::to_string(table.size()) +
                                 " (256 bytes and " + std::to_string(merges.size()) + " merges)",
                             std::to_string(tokens[i]));
            }
            bytes.insert(bytes.end(), table[tokens[i]].begin(), table[tokens[i]].end());
        }
        return bytes;
    }
} // namespace attn
