#include "attn/permutation_test.hpp"

#include <algorithm>
#include <cmath>

#include "attn/error.hpp"
#include "attn/multi_head_attention.hpp"
#include "attn/positional_encoding.hpp"

namespace attn
{
    namespace
    {
        /// The permutation as indices, after checking it is one.
        std::vector<std::size_t> check_permutation(const vector& permutation, std::size_t n)
        {
            if (permutation.size() != n)
            {
                detail::fail("permutation", std::to_string(n) + " indices (one per row of input)",
                             std::to_string(permutation.size()));
            }
            std::vector<std::size_t> out(n);
            std::vector<bool> used(n, false);
            for (std::size_t i = 0; i < n; ++i)
            {
                const std::string name = "permutation[" + std::to_string(i) + "]";
                out[i] = detail::check_integer(name, permutation(i), 0, static_cast<double>(n - 1));
                if (used[out[i]])
                {
                    detail::fail(name,
                                 "an index not used before (each of 0 to " + std::to_string(n - 1) +
                                     " once)",
                                 std::to_string(out[i]) + " again");
                }
                used[out[i]] = true;
            }
            return out;
        }
    } // namespace

    permutation_test_trace permutation_test(const matrix& input, const vector& permutation,
                                            const permutation_test_options& options)
    {
        // Shape contract: input (n × d_model), permutation (n) → every matrix (n × d_model).
        detail::check_matrix("input", input);
        const std::size_t n = rows(input);
        permutation_test_trace t;
        t.permutation = check_permutation(permutation, n);

        // pass 1: shuffle the tokens, then (optionally) add the encoding of each row's position.
        // The tokens move; the positions stay where they are.
        t.input = input;
        t.permuted_input = gather_rows(input, t.permutation);
        if (options.positional_encoding)
        {
            const matrix pe = positional_encoding(n, cols(input));
            t.input += pe;
            t.permuted_input += pe;
        }

        // pass 2: the same seeded multi-head self-attention on both.
        multi_head_options mha;
        mha.heads = options.heads;
        mha.seed = options.seed;
        // Self-attention over input: an overflow is input's, not "query"'s.
        const auto self_attention = [&mha](const matrix& x)
        {
            return detail::with_arguments_renamed(
                {{"query", "input"}, {"key", "input"}, {"value", "input"}},
                [&] { return multi_head_attention(x, x, x, {}, mha).output; });
        };
        t.output = self_attention(t.input);
        t.permuted_output = self_attention(t.permuted_input);

        // pass 3: put each shuffled token's output back in its original row: token p[i] sits at
        // row i of the shuffle, so row k of the realigned output is row inverse[k] of it.
        std::vector<std::size_t> inverse(n);
        for (std::size_t i = 0; i < n; ++i)
        {
            inverse[t.permutation[i]] = i;
        }
        t.realigned = gather_rows(t.permuted_output, inverse);

        // pass 4: without PE only rounding separates them; with PE the outputs really differ.
        for (std::size_t k = 0; k < t.output.size(); ++k)
        {
            t.max_difference =
                std::max(t.max_difference, std::abs(t.realigned.data()[k] - t.output.data()[k]));
        }
        return t;
    }
} // namespace attn
