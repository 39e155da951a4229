#ifndef ATTN_TESTS_SCALE_INPUTS_HPP
#define ATTN_TESTS_SCALE_INPUTS_HPP

// Inputs the tests of the scale operations (flash and chunked attention) share: seeded random
// matrices and the options of the full attention they are compared with.

#include <cstdint>
#include <limits>

#include "attn/attention.hpp"
#include "attn/random_matrix.hpp"

namespace attn_test
{
    /// A seeded N(0, 1) matrix.
    inline attn::matrix random(std::size_t rows, std::size_t cols, std::uint32_t seed)
    {
        attn::random_matrix_options options;
        options.seed = seed;
        return attn::random_matrix(rows, cols, options);
    }

    /// attention's options for `mask` under `fill`.
    inline attn::attention_options masked(attn::attention_mask mask,
                                          double fill = -std::numeric_limits<double>::infinity())
    {
        attn::attention_options options;
        options.mask = std::move(mask);
        options.mask_fill = fill;
        return options;
    }
} // namespace attn_test

#endif
