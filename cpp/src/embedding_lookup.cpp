#include "attn/embedding_lookup.hpp"

#include <string>

#include "attn/error.hpp"

namespace attn
{
    namespace detail
    {
        embedding_lookup_backward_trace
        embedding_lookup_backward_from(const std::vector<std::size_t>& tokens, std::size_t vocab,
                                       const matrix& grad_output)
        {
            // Shape contract: tokens (n), grad_output (n × d_model) → counts (vocab),
            // grad_embedding (vocab × d_model).
            const std::size_t n = tokens.size(), d = cols(grad_output);
            embedding_lookup_backward_trace t;
            t.grad_output = grad_output;
            t.counts = xt::zeros<double>({vocab});
            t.grad_embedding = xt::zeros<double>({vocab, d});
            for (std::size_t i = 0; i < n; ++i)
            {
                // pass 1: position i used row tokens[i] once more.
                t.counts(tokens[i]) += 1;
                // pass 2: output row i was a copy of that row, so its gradient adds to the
                // row's; a token never seen keeps a zero row.
                for (std::size_t j = 0; j < d; ++j)
                {
                    t.grad_embedding(tokens[i], j) += grad_output(i, j);
                }
            }
            return t;
        }
    } // namespace detail

    embedding_lookup_trace embedding_lookup(const vector& tokens, const matrix& embedding)
    {
        // Shape contract: tokens (n), embedding (vocab × d_model) → output (n × d_model).
        detail::check_matrix("embedding", embedding);
        embedding_lookup_trace t;
        if (tokens.size() < 1 || tokens.size() > max_dimension)
        {
            detail::fail("tokens", "1 … " + std::to_string(max_dimension) + " token ids",
                         std::to_string(tokens.size()));
        }
        t.tokens = detail::check_token_ids("tokens", tokens, rows(embedding), "embedding");
        // pass 1: a lookup, not a product: row i is a copy of the token's row (the one-hot row
        // of token i times the table would give the same numbers at vocab times the work).
        t.output = gather_rows(embedding, t.tokens);
        return t;
    }

    embedding_lookup_backward_trace embedding_lookup_backward(const vector& tokens,
                                                              const matrix& embedding,
                                                              const matrix& grad_output)
    {
        const embedding_lookup_trace forward = embedding_lookup(tokens, embedding);
        detail::check_matrix_shape("gradOutput", grad_output, forward.tokens.size(),
                                   cols(embedding), "n × d_model, one row per token");
        embedding_lookup_backward_trace t =
            detail::embedding_lookup_backward_from(forward.tokens, rows(embedding), grad_output);
        // A token repeated at many positions adds that many rows: finite ones can overflow.
        detail::check_finite_result("gradOutput", "gradEmbedding", t.grad_embedding);
        return t;
    }
} // namespace attn
