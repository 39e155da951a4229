#ifndef ATTN_PRECISION_HPP
#define ATTN_PRECISION_HPP

/**
 * @file precision.hpp
 * @brief The floating-point type an operation computes in: float64 (double, the default and the
 * type of every result) or float32 (float, as GPUs run attention), whose results are widened to
 * double only when they are returned, so the rounding of float arithmetic is what a learner sees.
 */

#include <string>

#include "attn/matrix.hpp"

namespace attn
{
    enum class precision
    {
        float64,
        float32,
    };

    /// 'float64' or 'float32'; any other name throws "<argument>: expected 'float64' or
    /// 'float32', got '<name>'".
    precision parse_precision(const std::string& argument, const std::string& name);

    namespace detail
    {
        /// For float32: checks every value of m is within float range (±3.4028235e+38), which
        /// a finite double need not be: "<argument>[i][j]: expected a number within float32
        /// range (±3.4028235e+38) for precision 'float32', got 1e+39".
        void check_fits_float(const std::string& argument, const matrix& m);

        /// For float32: checks a finite mask fill fits a float (−∞ stays −∞): "maskFill:
        /// expected -Infinity or a number within float32 range …, got -1e+300".
        void check_fill_fits_float(double mask_fill);
    } // namespace detail

    /// Calls compute(T{}) with T = double or float as `p` says: the one place where a precision
    /// chosen at run time becomes a scalar type for the templated passes.
    template <class Compute> auto with_scalar_type(precision p, Compute&& compute)
    {
        return p == precision::float32 ? compute(float{}) : compute(double{});
    }
} // namespace attn

#endif
