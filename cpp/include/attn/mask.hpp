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
     * @brief Which keys a query may attend to, cell by cell, without building the n × m
     * matrix: the tiled passes over long sequences ask it per tile, so a causal or padding mask
     * costs no memory and a given matrix is read in place.
     */
    class mask_lookup
    {
    public:
        /// Checks the mask fits n queries × m keys (messages name "mask", as resolve_mask's).
        mask_lookup(const attention_mask& mask, std::size_t n, std::size_t m);

        /// Whether any key is ever blocked (false for no mask).
        bool masks() const { return type_ != attention_mask::kind::none; }

        /// Whether query i may attend to key j.
        bool allows(std::size_t i, std::size_t j) const
        {
            switch (type_)
            {
            case attention_mask::kind::causal:
                return j <= i;
            case attention_mask::kind::key_length:
                return j < key_length_;
            case attention_mask::kind::explicit_matrix:
                return allowed_[i * m_ + j] != 0;
            case attention_mask::kind::none:
                break;
            }
            return true;
        }

    private:
        attention_mask::kind type_;
        std::size_t key_length_ = 0, m_;
        const double* allowed_ = nullptr; ///< the caller's matrix, which must outlive this
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
