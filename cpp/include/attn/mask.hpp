#ifndef ATTN_MASK_HPP
#define ATTN_MASK_HPP

/**
 * @file mask.hpp
 * @brief The kinds of attention mask and their resolution to a 0/1 matrix.
 */

#include <cstddef>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    /// Which keys each query may attend to. 1 = attend, 0 = blocked.
    struct attention_mask
    {
        enum class kind
        {
            none,           ///< every query sees every key
            causal,         ///< query i sees keys j ≤ i
            key_length,     ///< padding: keys with index ≥ key_length are blocked
            explicit_matrix ///< an n × m matrix of 0/1
        };

        kind type = kind::none;
        double key_length = 0; ///< for key_length; a double so a bad value can be reported as given
        matrix allowed;        ///< for explicit_matrix

        static attention_mask none() { return {}; }
        static attention_mask causal() { return {kind::causal, 0, {}}; }
        static attention_mask padding(double length) { return {kind::key_length, length, {}}; }
        static attention_mask from_matrix(matrix m)
        {
            return {kind::explicit_matrix, 0, std::move(m)};
        }
    };

    /**
     * @brief The mask as an n × m matrix of 0/1, after checking it fits.
     * @param mask the mask; its argument name in messages is "mask"
     * @param n number of queries
     * @param m number of keys
     * @return (n × m) 1 where query i may attend to key j
     */
    matrix resolve_mask(const attention_mask& mask, std::size_t n, std::size_t m);

    /// Indices of the rows of a resolved mask that block every key.
    std::vector<std::size_t> fully_masked_rows(const matrix& allowed);
} // namespace attn

#endif
