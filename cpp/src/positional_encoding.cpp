#include "attn/positional_encoding.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    matrix positional_encoding(std::size_t length, std::size_t d_model)
    {
        detail::check_dimension("length", length);
        detail::check_dimension("dModel", d_model);
        matrix pe = xt::empty<double>({length, d_model});
        const double d = static_cast<double>(d_model);
        for (std::size_t column = 0; column < d_model; column += 2)
        {
            // Column pair (2i, 2i+1) shares one wavelength factor, 10000^(2i/d): wavelengths grow
            // geometrically from 2π to 10000·2π across the columns.
            const double divisor = std::pow(10000.0, static_cast<double>(column) / d);
            for (std::size_t pos = 0; pos < length; ++pos)
            {
                const double angle = static_cast<double>(pos) / divisor;
                pe(pos, column) = std::sin(angle);
                if (column + 1 < d_model)
                {
                    pe(pos, column + 1) = std::cos(angle);
                }
            }
        }
        return pe;
    }
} // namespace attn
