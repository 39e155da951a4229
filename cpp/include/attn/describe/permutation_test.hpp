#ifndef ATTN_DESCRIBE_PERMUTATION_TEST_HPP
#define ATTN_DESCRIBE_PERMUTATION_TEST_HPP

#include "attn/describe/common_arguments.hpp"
#include "attn/describe/fields.hpp"
#include "attn/permutation_test.hpp"

namespace attn::describe
{
    template <> struct fields_of<permutation_test_trace>
    {
        static constexpr const char* type_name = "PermutationTestTrace";
        template <class V> static void visit(const permutation_test_trace& t, V& v)
        {
            v.field("permutation", t.permutation, "row i of the shuffle is token permutation[i]");
            v.field("input", t.input, "pass 1: what attention sees, X or X + PE");
            v.field("permutedInput", t.permuted_input, "pass 1: X[p[i]] (+ PE(i))");
            v.field("output", t.output, "pass 2: MHA(input)");
            v.field("permutedOutput", t.permuted_output,
                    "pass 2: MHA(permutedInput), same weights");
            v.field("realigned", t.realigned, "pass 3: row p[i] = permutedOutput row i");
            v.field("maxDifference", t.max_difference, "pass 4: max |realigned − output|");
        }
    };

    struct permutation_test_operation
    {
        static constexpr const char* name = "permutationTest";
        static constexpr const char* title = "Order blindness";
        static constexpr bool lite = true;
        static constexpr argument input =
            matrix_argument("input", "n × d_model", "one row per token");
        static constexpr argument permutation =
            indices_argument("permutation", "n", "each of 0 … n−1 once");
        static constexpr argument positional =
            boolean_argument("positionalEncoding", "add PE after shuffling the tokens (required)");
        static constexpr argument arguments[] = {input, permutation, heads, seed, positional};

        template <class In> static permutation_test_trace run(In& in)
        {
            const matrix x = in.matrix(input);
            const vector p = in.vector(permutation);
            permutation_test_options options;
            options.heads = in.integer(heads);
            options.seed = read_seed(in);
            options.positional_encoding = in.boolean(positional);
            return permutation_test(x, p, options);
        }
    };
} // namespace attn::describe

#endif
