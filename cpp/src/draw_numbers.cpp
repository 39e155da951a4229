#include "attn/draw_numbers.hpp"

#include <cmath>
#include <cstdio>

#include "attn/error.hpp"
#include "attn/random.hpp"
#include "attn/utf8.hpp"

namespace attn
{
    namespace
    {
        /// FNV-1a, 64 bits (Fowler, Noll, Vo): a byte at a time, xor then multiply.
        std::uint64_t fnv1a(std::uint64_t hash, const std::string& bytes)
        {
            for (const unsigned char byte : bytes)
            {
                hash ^= byte;
                hash *= 0x100000001B3ULL;
            }
            return hash;
        }

        /// The fewest decimals d ≤ 6 with x·10^d a whole number (within rounding), or -1.
        int decimals_of(double x)
        {
            double scale = 1;
            for (int d = 0; d <= max_draw_decimals; ++d, scale *= 10)
            {
                const double scaled = x * scale;
                if (std::fabs(scaled - std::round(scaled)) <= 1e-9 * std::fmax(1.0, std::fabs(scaled)))
                    return d;
            }
            return -1;
        }

        void check_key(const char* argument, const std::string& text)
        {
            decode_utf8(argument, text, max_draw_key_bytes);
        }
    } // namespace

    draw_numbers_trace draw_numbers(const std::string& learner, const std::string& draw,
                                    std::size_t rows, std::size_t columns, double from, double to,
                                    double step)
    {
        // Shape contract: learner, draw (texts) → picks (rows·columns) → numbers (rows × columns).
        check_key("learner", learner);
        check_key("draw", draw);
        if (rows < 1 || rows > max_draw_side) detail::fail_count("rows", "1 to 64", rows);
        if (columns < 1 || columns > max_draw_side) detail::fail_count("columns", "1 to 64", columns);
        const double bound = 1e6;
        if (!std::isfinite(from) || std::fabs(from) > bound)
            detail::fail("from", "a number from -1000000 to 1000000", detail::format_number(from));
        if (!std::isfinite(to) || std::fabs(to) > bound)
            detail::fail("to", "a number from -1000000 to 1000000", detail::format_number(to));
        if (!(to > from))
            detail::fail("to", "a number above from = " + detail::format_number(from),
                         detail::format_number(to));
        if (!std::isfinite(step) || !(step > 0) || step > to - from)
            detail::fail("step", "a number above 0 and at most to - from = " +
                                     detail::format_number(to - from),
                         detail::format_number(step));

        draw_numbers_trace t;
        // pass 1: the seed, from what is drawn and who draws it (the 0 byte keeps "ab"+"c"
        // apart from "a"+"bc").
        std::uint64_t hash = fnv1a(0xCBF29CE484222325ULL, draw);
        hash = fnv1a(hash, std::string(1, '\0'));
        hash = fnv1a(hash, learner);
        char hex[17];
        std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
        t.seed = hex;

        // pass 2: the grid, from and step as whole numbers of 10^-d.
        const int from_decimals = decimals_of(from);
        if (from_decimals < 0)
            detail::fail("from", "a number of at most 6 decimals", detail::format_number(from));
        const int step_decimals = decimals_of(step);
        if (step_decimals < 0)
            detail::fail("step", "a number of at most 6 decimals", detail::format_number(step));
        const int d = from_decimals > step_decimals ? from_decimals : step_decimals;
        double scale = 1;
        for (int k = 0; k < d; ++k) scale *= 10;
        const long long whole_from = std::llround(from * scale);
        const long long whole_step = std::llround(step * scale);
        const double choices = std::floor((to - from) / step + 1e-9) + 1;
        if (choices > static_cast<double>(max_draw_choices))
            detail::fail("step", "a grid of at most 1000000 numbers from from to to",
                         detail::format_number(choices) + " numbers");
        t.decimals = static_cast<std::size_t>(d);
        t.choices = static_cast<std::size_t>(choices);

        // pass 3: one pick per number, row by row.
        splitmix64 stream(hash);
        t.picks.resize(rows * columns);
        for (std::size_t& pick : t.picks) pick = stream.below(t.choices);

        // pass 4: each number as the decimal it is: a whole number below 2^53 over 10^d.
        t.numbers = xt::zeros<double>({rows, columns});
        for (std::size_t i = 0; i < rows * columns; ++i)
        {
            const long long whole = whole_from + static_cast<long long>(t.picks[i]) * whole_step;
            t.numbers(i / columns, i % columns) = static_cast<double>(whole) / scale;
        }
        return t;
    }
} // namespace attn
