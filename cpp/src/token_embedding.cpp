#include "attn/token_embedding.hpp"

#include <map>

#include "attn/error.hpp"
#include "attn/random.hpp"

namespace attn
{
    token_embedding_trace embed_tokens(const std::vector<std::string>& tokens, std::size_t d_model,
                                       std::uint32_t seed)
    {
        // Shape contract: tokens (n), d_model → ids (n), table (v × d_model),
        // embeddings (n × d_model), v ≤ n distinct tokens.
        if (tokens.empty() || tokens.size() > max_dimension)
        {
            detail::fail("tokens", "1 to " + std::to_string(max_dimension) + " tokens",
                         std::to_string(tokens.size()));
        }
        for (std::size_t i = 0; i < tokens.size(); ++i)
        {
            if (tokens[i].empty() || tokens[i].size() > max_token_bytes)
            {
                detail::fail("tokens[" + std::to_string(i) + "]",
                             "a token of 1 to " + std::to_string(max_token_bytes) +
                                 " bytes of UTF-8",
                             std::to_string(tokens[i].size()) + " bytes");
            }
        }
        detail::check_dimension("dModel", d_model);

        token_embedding_trace t;
        t.tokens = tokens;
        // pass 1: the vocabulary, in first-seen order, and each token's id in it.
        std::map<std::string, std::size_t> index;
        for (const std::string& token : tokens)
        {
            const auto [found, added] = index.emplace(token, t.vocabulary.size());
            if (added)
            {
                t.vocabulary.push_back(token);
            }
            t.ids.push_back(found->second);
        }

        // pass 2: one row per distinct token, drawn from that token's own stream.
        t.table = xt::empty<double>({t.vocabulary.size(), d_model});
        for (std::size_t v = 0; v < t.vocabulary.size(); ++v)
        {
            normal_stream stream(token_stream_state(seed, t.vocabulary[v]));
            for (std::size_t c = 0; c < d_model; ++c)
            {
                t.table(v, c) = stream.next();
            }
        }

        // pass 3: look up each token; a repeated token gets an identical row.
        t.embeddings = gather_rows(t.table, t.ids);
        return t;
    }
} // namespace attn
