#ifndef ATTN_PERMUTATION_TEST_HPP
#define ATTN_PERMUTATION_TEST_HPP

/**
 * @file permutation_test.hpp
 * @brief Self-attention does not see order: shuffle the tokens, and each token's output only
 * moves with it, unless positions are encoded.
 */

#include <cstddef>
#include <cstdint>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    struct permutation_test_options
    {
        std::size_t heads = 1;
        std::uint32_t seed = 0; ///< for the seeded Xavier weights, shared by both runs
        bool positional_encoding = false;
    };

    struct permutation_test_trace
    {
        std::vector<std::size_t> permutation; ///< (n) row i of the shuffle is token permutation[i]
        matrix input;                         ///< (n × d) pass 1: what attention sees, X or X + PE
        matrix permuted_input;     ///< (n × d) pass 1: tokens moved first, X[p[i]] (+ PE(i))
        matrix output;             ///< (n × d) pass 2: MHA(input)
        matrix permuted_output;    ///< (n × d) pass 2: MHA(permuted_input), same weights
        matrix realigned;          ///< (n × d) pass 3: row p[i] = permuted_output row i
        double max_difference = 0; ///< pass 4: max |realigned − output|
    };

    /**
     * @brief Runs seeded multi-head self-attention on the tokens in order and shuffled.
     * @param input (n × d_model) one row per token
     * @param permutation (n) each of 0 … n−1 once, as numbers (checked to be whole)
     * @param options heads (dividing d_model), seed, and whether to add PE after shuffling
     */
    permutation_test_trace permutation_test(const matrix& input, const vector& permutation,
                                            const permutation_test_options& options);
} // namespace attn

#endif
