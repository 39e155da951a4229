// The example the explain tests (forward and backward) take apart cell by cell: 3 queries over
// 4 keys, d_k = 5, d_v = 2, row 1 fully masked; and the sum a learner adds up from the terms shown.
#pragma once

#include <limits>

#include "attn/attention.hpp"
#include "attn/explain.hpp"
#include "tensor_matchers.hpp"

namespace attn_test::explained
{
    inline const double inf = std::numeric_limits<double>::infinity();

    inline const attn::matrix q = attn_test::sample(3, 5, 0.1);
    inline const attn::matrix k = attn_test::sample(4, 5, 0.2);
    inline const attn::matrix v = attn_test::sample(4, 2, 0.3);
    inline const attn::matrix allowed = {{1, 0, 1, 1}, {0, 0, 0, 0}, {1, 1, 0, 1}};

    /// The mask above, its blocked cells filled with `fill`.
    inline attn::attention_options masked(double fill)
    {
        attn::attention_options options;
        options.mask = attn::attention_mask::from_matrix(allowed);
        options.mask_fill = fill;
        return options;
    }

    /// Adds the products in index order, as the engine's matrix product does and as a learner
    /// adds up the terms shown.
    inline double sum_in_order(const attn::dot_product_explanation& e)
    {
        double sum = 0;
        for (const attn::product_term& term : e.terms)
        {
            sum += term.left * term.right;
        }
        return sum;
    }
} // namespace attn_test::explained
