#ifndef ATTN_TESTS_TENSOR_MATCHERS_HPP
#define ATTN_TESTS_TENSOR_MATCHERS_HPP

// Catch2 helpers for the engine's tensors: failures print a tensor with its shape, and two
// matchers compare whole matrices (to an absolute tolerance, −∞ equal only to −∞) or check that
// every cell is finite.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/matrix.hpp"

namespace attn_test
{
    inline std::string shape(const attn::matrix& m)
    {
        return std::to_string(attn::rows(m)) + "×" + std::to_string(attn::cols(m));
    }

    /// "2×3 {{1, 2, 3}, {4, 5, 6}}".
    inline std::string describe(const attn::matrix& m)
    {
        std::ostringstream out;
        out.precision(17);
        out << shape(m) << " {";
        for (std::size_t i = 0; i < attn::rows(m); ++i)
        {
            out << (i ? ", {" : "{");
            for (std::size_t j = 0; j < attn::cols(m); ++j)
            {
                out << (j ? ", " : "") << m(i, j);
            }
            out << "}";
        }
        out << "}";
        return out.str();
    }

    inline std::string describe(const attn::vector& v)
    {
        std::ostringstream out;
        out.precision(17);
        out << v.size() << " {";
        for (std::size_t i = 0; i < v.size(); ++i)
        {
            out << (i ? ", " : "") << v(i);
        }
        out << "}";
        return out.str();
    }

} // namespace attn_test

namespace Catch
{
    template <> struct StringMaker<attn::matrix>
    {
        static std::string convert(const attn::matrix& m) { return attn_test::describe(m); }
    };

    template <> struct StringMaker<attn::vector>
    {
        static std::string convert(const attn::vector& v) { return attn_test::describe(v); }
    };
} // namespace Catch

namespace attn_test
{
    /// The rows of m in the order given: out.row(i) = m.row(order[i]).
    inline attn::matrix permute_rows(const attn::matrix& m, const std::vector<std::size_t>& order)
    {
        attn::matrix out = xt::empty<double>({order.size(), attn::cols(m)});
        for (std::size_t i = 0; i < order.size(); ++i)
        {
            for (std::size_t j = 0; j < attn::cols(m); ++j)
            {
                out(i, j) = m(order[i], j);
            }
        }
        return out;
    }

    /// A matrix whose cells are a smooth, non-symmetric function of (i, j, salt), for inputs
    /// that need no particular values but should not be degenerate.
    inline attn::matrix sample(std::size_t n, std::size_t m, double salt = 0)
    {
        attn::matrix out = xt::empty<double>({n, m});
        for (std::size_t i = 0; i < n; ++i)
        {
            for (std::size_t j = 0; j < m; ++j)
            {
                out(i, j) = std::sin(1.3 * static_cast<double>(i) + 0.7 * static_cast<double>(j) +
                                     0.37 * static_cast<double>(i * j) + salt);
            }
        }
        return out;
    }

    /// Same shape and every |actual − expected| ≤ margin (0: bit for bit); −∞ matches only −∞.
    template <class Tensor> class within_abs : public Catch::MatcherBase<Tensor>
    {
    public:
        within_abs(Tensor expected, double margin) : expected_(std::move(expected)), margin_(margin)
        {
        }

        bool match(const Tensor& actual) const override
        {
            if (actual.shape() != expected_.shape())
            {
                problem_ = "a different shape";
                return false;
            }
            double max_diff = 0;
            bool ok = true;
            for (std::size_t k = 0; k < actual.size(); ++k)
            {
                const double a = actual.data()[k], e = expected_.data()[k];
                if (std::isinf(e) || std::isinf(a))
                {
                    ok = ok && a == e;
                    continue;
                }
                const double diff = std::abs(a - e);
                ok = ok && diff <= margin_; // false for NaN
                max_diff = std::max(
                    max_diff, std::isnan(diff) ? std::numeric_limits<double>::infinity() : diff);
            }
            std::ostringstream out;
            out << "max diff " << max_diff;
            problem_ = out.str();
            return ok;
        }

        std::string describe() const override
        {
            std::ostringstream out;
            if (margin_ == 0)
            {
                out << "equals ";
            }
            else
            {
                out << "is within " << margin_ << " of ";
            }
            out << Catch::StringMaker<Tensor>::convert(expected_) << " (" << problem_ << ")";
            return out.str();
        }

    private:
        Tensor expected_;
        double margin_;
        mutable std::string problem_;
    };

    inline within_abs<attn::matrix> MatrixWithinAbs(attn::matrix expected, double margin)
    {
        return {std::move(expected), margin};
    }

    /// Every cell equal, bit for bit.
    inline within_abs<attn::matrix> MatrixEquals(attn::matrix expected)
    {
        return {std::move(expected), 0};
    }

    inline within_abs<attn::vector> VectorEquals(attn::vector expected)
    {
        return {std::move(expected), 0};
    }

    /// No NaN and no ±∞ anywhere.
    class all_finite : public Catch::MatcherBase<attn::matrix>
    {
    public:
        bool match(const attn::matrix& actual) const override
        {
            return std::all_of(actual.begin(), actual.end(),
                               [](double x) { return std::isfinite(x); });
        }
        std::string describe() const override { return "has only finite numbers"; }
    };

    inline all_finite AllFinite()
    {
        return {};
    }
} // namespace attn_test

#endif
