#include "attn/rope.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    rope_convention parse_rope_convention(const std::string& argument, const std::string& name)
    {
        const std::pair<const char*, rope_convention> choices[] = {
            {"half", rope_convention::half}, {"interleaved", rope_convention::interleaved}};
        return detail::parse_choice(argument, name, choices);
    }

    namespace detail
    {
        void check_rope_base(const std::string& argument, double base)
        {
            // Written so that NaN fails too.
            if (!(std::isfinite(base) && base > 0))
            {
                fail(argument, "a finite number > 0", format_number(base));
            }
        }

        matrix rotate_pairs(const matrix& input, const matrix& cos, const matrix& sin,
                            rope_convention convention)
        {
            // Shape contract: input (n × d), cos and sin (n × d/2) → (n × d). The two
            // conventions differ only in which columns a and b are.
            const std::size_t n = rows(input), d = cols(input), half = d / 2;
            matrix out = xt::empty<double>({n, d});
            for (std::size_t r = 0; r < n; ++r)
            {
                for (std::size_t i = 0; i < half; ++i)
                {
                    const std::size_t ja = convention == rope_convention::half ? i : 2 * i;
                    const std::size_t jb =
                        convention == rope_convention::half ? i + half : 2 * i + 1;
                    const double a = input(r, ja), b = input(r, jb);
                    const double c = cos(r, i), s = sin(r, i);
                    out(r, ja) = a * c - b * s;
                    out(r, jb) = a * s + b * c;
                }
            }
            return out;
        }

        vector positions_from_zero(std::size_t n)
        {
            return xt::arange<double>(static_cast<double>(n));
        }

        namespace
        {
            /// Passes 1 to 3 of rope: theta, the angles of each row at its position, their cos
            /// and sin.
            rope_trace rope_angles(const vector& positions, std::size_t d, double base,
                                   const rope_blame& blame)
            {
                const std::size_t n = positions.size(), half = d / 2;
                rope_trace t;

                // pass 1: one frequency per pair, from 1 (pair 0 turns a radian per position)
                // down geometrically towards 1/base: fast and slow clocks across the width.
                t.theta = xt::empty<double>({half});
                for (std::size_t i = 0; i < half; ++i)
                {
                    t.theta(i) =
                        std::pow(base, -2.0 * static_cast<double>(i) / static_cast<double>(d));
                }
                check_finite_result(blame.base, "theta", t.theta);

                // pass 2: the angle each pair of each row turns by.
                t.angles = xt::empty<double>({n, half});
                for (std::size_t r = 0; r < n; ++r)
                {
                    for (std::size_t i = 0; i < half; ++i)
                    {
                        t.angles(r, i) = positions(r) * t.theta(i);
                    }
                }
                check_finite_result(blame.positions, "angles", t.angles);

                // pass 3: the rotation of each angle.
                t.cos = xt::cos(t.angles);
                t.sin = xt::sin(t.angles);
                return t;
            }
        } // namespace

        rope_trace rope_angles_from_zero(std::size_t rows, std::size_t d, double base,
                                         const char* blamed_base)
        {
            return rope_angles(positions_from_zero(rows), d, base,
                               {blamed_base, blamed_base, blamed_base});
        }

        rope_trace rope_unchecked(const matrix& input, const vector& positions, double base,
                                  rope_convention convention, const rope_blame& blame)
        {
            // Shape contract: input (n × d), d even, positions (n) → theta (d/2), angles, cos,
            // sin (n × d/2), output (n × d).
            rope_trace t = rope_angles(positions, cols(input), base, blame);
            // pass 4: rotate pair (a, b) by its angle.
            t.output = rotate_pairs(input, t.cos, t.sin, convention);
            check_finite_result(blame.input, "output", t.output);
            return t;
        }
    } // namespace detail

    rope_trace rope(const matrix& input, const vector& positions, double base,
                    rope_convention convention)
    {
        detail::check_matrix("input", input);
        if (cols(input) % 2 != 0)
        {
            detail::fail("input", "an even number of columns (RoPE rotates pairs)",
                         std::to_string(cols(input)));
        }
        detail::check_vector("positions", positions, rows(input), "one per row of input");
        detail::check_rope_base("base", base);
        return detail::rope_unchecked(input, positions, base, convention,
                                      {"base", "positions", "input"});
    }
} // namespace attn
