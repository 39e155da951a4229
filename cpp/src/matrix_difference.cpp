#include "attn/matrix_difference.hpp"

#include <cmath>

#include "attn/error.hpp"

namespace attn
{
    matrix_difference_trace matrix_difference(const matrix& left, const matrix& right)
    {
        // Shape contract: left (n × m), right (n × m) → difference (n × m), scalars. n up to
        // max_sequence: it compares the scale operations' outputs.
        detail::check_sequence_matrix("left", left);
        const std::size_t n = rows(left), m = cols(left);
        detail::check_matrix_shape("right", right, n, m, "the shape of left");

        matrix_difference_trace t;
        t.cells = n * m;
        // pass 1: the signed difference, so a lesson can say which side is larger.
        t.difference = left - right;
        // Two finite doubles can differ by more than the largest double (1e308 − (−1e308)).
        detail::check_finite_result("left", "difference", t.difference);
        for (std::size_t i = 0; i < n; ++i)
        {
            for (std::size_t j = 0; j < m; ++j)
            {
                // pass 2: the largest size; strictly greater keeps the first cell on a tie, so
                // an all-zero difference points at (0, 0).
                const double size = std::fabs(t.difference(i, j));
                if (size > t.max_abs_difference)
                {
                    t.max_abs_difference = size;
                    t.max_row = i;
                    t.max_column = j;
                }
                // pass 3: "the same double" is ==, not a tolerance: the lessons contrast an
                // exact rearrangement with rounding, and 1e-17 apart is not the same number.
                if (left(i, j) == right(i, j)) ++t.identical_cells;
            }
        }
        return t;
    }
} // namespace attn
