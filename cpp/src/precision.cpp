#include "attn/precision.hpp"

#include <cmath>
#include <limits>
#include <utility>

#include "attn/error.hpp"

namespace attn
{
    precision parse_precision(const std::string& argument, const std::string& name)
    {
        const std::pair<const char*, precision> choices[] = {{"float64", precision::float64},
                                                             {"float32", precision::float32}};
        return detail::parse_choice(argument, name, choices);
    }

    namespace
    {
        const double largest_float = std::numeric_limits<float>::max();
        const std::string float_range =
            "within float32 range (±" + detail::format_number(largest_float) + ")";
    } // namespace

    void detail::check_fill_fits_float(double mask_fill)
    {
        if (std::isfinite(mask_fill) && std::abs(mask_fill) > largest_float)
        {
            fail("maskFill", "-Infinity or a number " + float_range + " for precision 'float32'",
                 format_number(mask_fill));
        }
    }

    void detail::check_fits_float(const std::string& argument, const matrix& m)
    {
        for (std::size_t i = 0; i < rows(m); ++i)
        {
            for (std::size_t j = 0; j < cols(m); ++j)
            {
                if (std::abs(m(i, j)) > largest_float)
                {
                    fail(argument + "[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                         "a number " + float_range + " for precision 'float32'",
                         format_number(m(i, j)));
                }
            }
        }
    }
} // namespace attn
