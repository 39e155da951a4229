#ifndef ATTN_DESCRIBE_RANDOM_MATRIX_HPP
#define ATTN_DESCRIBE_RANDOM_MATRIX_HPP

#include "attn/describe/common_arguments.hpp"
#include "attn/random_matrix.hpp"

namespace attn::describe
{
    constexpr choice_set distributions{"distribution", "normal|uniform",
                                       "how randomMatrix draws its numbers"};

    struct random_matrix_operation
    {
        static constexpr const char* name = "randomMatrix";
        static constexpr const char* title = "Seeded matrices";
        static constexpr bool lite = true;
        static constexpr argument rows_count =
            integer_argument("rows", size_low, size_high, "rows");
        static constexpr argument cols_count =
            integer_argument("cols", size_low, size_high, "columns");
        static constexpr argument distribution_choice = choice_argument(
            "distribution", distributions, true, "normal: z·scale; uniform: (2u − 1)·scale");
        static constexpr argument scale = optional_number(
            "scale", "positive and finite: standard deviation or half-width", 1, "1");
        static constexpr argument arguments[] = {rows_count, cols_count, seed, distribution_choice,
                                                 scale};

        template <class In> static matrix run(In& in)
        {
            const std::size_t r = in.integer(rows_count), c = in.integer(cols_count);
            random_matrix_options options;
            options.seed = read_seed(in);
            options.dist =
                parse_distribution(distribution_choice.name, in.choice(distribution_choice));
            options.scale = in.number(scale);
            return random_matrix(r, c, options);
        }
    };
} // namespace attn::describe

#endif
