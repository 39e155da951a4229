#include "attn/alibi.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    namespace
    {
        /// 2^(−8(k+1)/count) for k = 0 … count − 1, count a power of two.
        double power_of_two_slope(std::size_t k, std::size_t count)
        {
            return std::exp2(-8.0 * static_cast<double>(k + 1) / static_cast<double>(count));
        }
    } // namespace

    vector alibi_slopes(std::size_t heads)
    {
        detail::check_dimension("heads", heads);
        std::size_t power = 1;
        while (power * 2 <= heads)
        {
            power *= 2;
        }
        vector slopes = xt::empty<double>({heads});
        for (std::size_t k = 0; k < power; ++k)
        {
            slopes(k) = power_of_two_slope(k, power);
        }
        // The paper trains only powers of two; for other counts its code keeps those slopes
        // and takes every other one of twice as many heads, which fall between them.
        for (std::size_t k = power; k < heads; ++k)
        {
            slopes(k) = power_of_two_slope(2 * (k - power), 2 * power);
        }
        return slopes;
    }

    matrix alibi_bias(double slope, std::size_t n, std::size_t m)
    {
        if (!std::isfinite(slope))
        {
            detail::fail("slope", "a finite number", detail::format_number(slope));
        }
        detail::check_dimension("n", n);
        detail::check_dimension("m", m);
        matrix bias = xt::empty<double>({n, m});
        for (std::size_t i = 0; i < n; ++i)
        {
            for (std::size_t j = 0; j < m; ++j)
            {
                const double distance = static_cast<double>(i > j ? i - j : j - i);
                bias(i, j) = -slope * distance;
            }
        }
        return bias;
    }
} // namespace attn
