#ifndef ATTN_DESCRIBE_MATRIX_DIFFERENCE_HPP
#define ATTN_DESCRIBE_MATRIX_DIFFERENCE_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/matrix_difference.hpp"

namespace attn::describe
{
    template <> struct fields_of<matrix_difference_trace>
    {
        static constexpr const char* type_name = "MatrixDifferenceTrace";
        template <class V> static void visit(const matrix_difference_trace& t, V& v)
        {
            v.field("difference", t.difference, "pass 1: left − right, cell by cell");
            v.field("maxAbsDifference", t.max_abs_difference, "pass 2: max |left − right|");
            v.field("maxRow", t.max_row, "pass 2: the row of that cell (the first, row-major)");
            v.field("maxColumn", t.max_column, "pass 2: its column");
            v.field("identicalCells", t.identical_cells,
                    "pass 3: cells where left and right are the same double");
            v.field("cells", t.cells, "n·m");
        }
    };

    struct matrix_difference_operation
    {
        static constexpr const char* name = "matrixDifference";
        static constexpr const char* title = "How far apart two results are";
        static constexpr argument left = sequence_matrix_argument(
            "left", "n × m", "finite numbers, e.g. flashAttention's output, n ≤ 4096");
        static constexpr argument right = sequence_matrix_argument(
            "right", "n × m", "finite numbers of the same shape, e.g. attention's");
        static constexpr argument arguments[] = {left, right};

        template <class In> static matrix_difference_trace run(In& in)
        {
            const matrix a = in.matrix(left);
            return matrix_difference(a, in.matrix(right));
        }
    };
} // namespace attn::describe

#endif
