#ifndef ATTN_TESTS_FINITE_DIFFERENCE_HPP
#define ATTN_TESTS_FINITE_DIFFERENCE_HPP

// Central finite differences for the backward tests: a matcher that compares an analytic
// gradient with the slope of a scalar loss in every cell, so each backward kernel is checked
// against its own forward and not only against PyTorch.

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

#include "attn/matrix.hpp"
#include "numeric_gradient.hpp"

namespace attn_test
{
    /// Σ a ∘ b: the loss whose gradient with respect to a is exactly b.
    inline double dot(const attn::matrix& a, const attn::matrix& b) { return weighted_sum(a, b); }

    /// (f(x + h·e_ij) − f(x − h·e_ij)) / 2h for every cell (i, j) of x: numeric_gradient's
    /// central difference, at h = 1e-6.
    inline attn::matrix slopes(const attn::matrix& x,
                               const std::function<double(const attn::matrix&)>& f, double h = 1e-6)
    {
        return numeric_gradient(x, f, h);
    }

    /// The gradient equals the central-difference slope of f at `at` in every cell, to a
    /// relative 1e-6 (absolute 1e-6 below magnitude 1): the truncation error of h = 1e-6 is
    /// ~1e-12, the rounding error ~1e-10.
    class matches_slopes : public Catch::MatcherBase<attn::matrix>
    {
    public:
        matches_slopes(attn::matrix at, std::function<double(const attn::matrix&)> f)
            : slopes_(slopes(at, f))
        {
        }

        bool match(const attn::matrix& gradient) const override
        {
            if (gradient.shape() != slopes_.shape())
            {
                problem_ = "a different shape from its input";
                return false;
            }
            for (std::size_t k = 0; k < gradient.size(); ++k)
            {
                const double g = gradient.data()[k], s = slopes_.data()[k];
                if (!(std::abs(g - s) <= 1e-6 * std::max(1.0, std::abs(s))))
                {
                    std::ostringstream out;
                    out.precision(17);
                    out << "cell " << k << ": gradient " << g << ", slope " << s;
                    problem_ = out.str();
                    return false;
                }
            }
            return true;
        }

        std::string describe() const override
        {
            return "matches the finite-difference slopes (" + problem_ + ")";
        }

    private:
        attn::matrix slopes_;
        mutable std::string problem_ = "none";
    };

    inline matches_slopes MatchesSlopes(attn::matrix at,
                                        std::function<double(const attn::matrix&)> f)
    {
        return matches_slopes(std::move(at), std::move(f));
    }
} // namespace attn_test

#endif
