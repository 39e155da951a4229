#ifndef ATTN_DESCRIBE_DRAW_NUMBERS_HPP
#define ATTN_DESCRIBE_DRAW_NUMBERS_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/draw_numbers.hpp"

namespace attn::describe
{
    template <> struct fields_of<draw_numbers_trace>
    {
        static constexpr const char* type_name = "DrawNumbersTrace";
        template <class V> static void visit(const draw_numbers_trace& t, V& v)
        {
            v.field("seed", t.seed,
                    "pass 1: FNV-1a 64 of draw, a 0 byte and learner, in 16 hex digits: "
                    "splitmix64's first state");
            v.field("decimals", t.decimals, "pass 2: the decimals of from and step (0 … 6)");
            v.field("choices", t.choices, "pass 2: the grid's numbers from from to to");
            v.field("picks", t.picks,
                    "pass 3: each number's place on the grid, 0 … choices − 1, row by row");
            v.field("numbers", t.numbers,
                    "pass 4: from + pick · step, each the decimal it is (rows × columns)");
        }
    };

    struct draw_numbers_operation
    {
        static constexpr const char* name = "drawNumbers";
        static constexpr const char* title = "A learner's own numbers, drawn from a grid";
        /// The practices and exams that draw their numbers are lessons of the lite engine.
        static constexpr bool lite = true;
        static constexpr argument learner = text_argument(
            "learner", "1 … 256 bytes",
            "who the numbers are for: an LMS's learner id, a link's seed (UTF-8)");
        static constexpr argument draw = text_argument(
            "draw", "1 … 256 bytes",
            "what is drawn, e.g. a walkthrough's id and input name: another draw, other numbers");
        static constexpr argument rows = integer_argument("rows", 1, 64, "rows of the matrix");
        static constexpr argument columns =
            integer_argument("columns", 1, 64, "columns of the matrix");
        static constexpr argument from =
            number_argument("from", "the grid's first number, at most 6 decimals");
        static constexpr argument to =
            number_argument("to", "the grid's last end, above from (a number past it is not drawn)");
        static constexpr argument step =
            number_argument("step", "the grid's spacing, above 0, at most 6 decimals");
        static constexpr argument arguments[] = {learner, draw, rows, columns, from, to, step};

        template <class In> static draw_numbers_trace run(In& in)
        {
            const std::string who = in.text(learner);
            const std::string what = in.text(draw);
            return draw_numbers(who, what, in.integer(rows), in.integer(columns), in.number(from),
                                in.number(to), in.number(step));
        }
    };
} // namespace attn::describe

#endif
