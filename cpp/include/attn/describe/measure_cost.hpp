#ifndef ATTN_DESCRIBE_MEASURE_COST_HPP
#define ATTN_DESCRIBE_MEASURE_COST_HPP

#include "attn/describe/common_arguments.hpp"
#include "attn/describe/fields.hpp"
#include "attn/measure_cost.hpp"

namespace attn::describe
{
    constexpr choice_set cost_variants{"costVariant", "full|flash|chunked|linear|sparse|rnn",
                                       "the variants measureCost and costGrowth time"};

    template <> struct fields_of<cost_measurement>
    {
        static constexpr const char* type_name = "CostMeasurement";
        template <class V> static void visit(const cost_measurement& m, V& v)
        {
            v.field("variant", m.variant, "the variant timed", cost_variants);
            v.field("n", m.n, "sequence length");
            v.field("d", m.d, "width of query, key and value (the RNN's input and state)");
            v.field("seconds", m.seconds, "each repeat's wall time of the lean kernel alone");
            v.field("peakCells", m.peak_cells, "cells of the largest single intermediate of a run");
            v.field("multiplyAdds", m.multiply_adds, "multiply-adds of one run");
        }
    };

    struct measure_cost_operation
    {
        static constexpr const char* name = "measureCost";
        static constexpr const char* title = "Measuring what a variant costs";
        static constexpr argument variant = choice_argument(
            "variant", cost_variants, false,
            "full: attention keeping one n × n matrix; flash: tiles of block × block (online "
            "softmax); chunked: chunks of block (Rabe & Staats); linear: φ = elu + 1; sparse: "
            "a sliding window of ±window keys; rnn: a tanh recurrent network of width d");
        static constexpr argument n = integer_argument(
            "n", size_low, static_cast<double>(max_sequence), "sequence length");
        static constexpr argument d =
            optional_integer("d", size_low, size_high, "width of query, key and value", 64, "64");
        static constexpr argument repeats =
            optional_integer("repeats", 1, 50, "timed runs on the same inputs", 3, "3");
        static constexpr argument block = optional_integer(
            "block", size_low, static_cast<double>(max_sequence),
            "flash tile and chunk size, used as min(block, n)", 64, "64");
        static constexpr argument window = optional_integer(
            "window", 0, static_cast<double>(max_sequence), "sparse: keys within ±window", 32,
            "32");
        static constexpr argument arguments[] = {variant, n, d, repeats, block, window, seed};

        /// What a measurement is made on besides n and the repeats (costGrowth reads the same).
        template <class In> static cost_options read_settings(In& in)
        {
            cost_options o;
            o.variant = in.choice(variant);
            o.d = in.integer(d);
            o.block = in.integer(block);
            o.window = in.integer(window);
            o.seed = read_seed(in);
            return o;
        }

        /// Named in a refusal of one run's work: `block` when its tiles' fixed cost is most
        /// of it, else `n`.
        static const char* blamed_for_one_run(const cost_options& o)
        {
            cost_options whole_blocks = o;
            whole_blocks.block = o.n;
            return cost_run_work(o) > 2 * cost_run_work(whole_blocks) ? block.name : n.name;
        }

        static constexpr work_budget budget{
            2e10,
            "repeats × one run's work: 2·n²·d (full), and as flashAttention, chunkedAttention, "
            "linearAttention ((n + m)·d_k·(d_v + 1)), sparseAttention and rnnForward "
            "(n·(d·hidden + hidden²)) count theirs",
            "Measured: one run of each variant at n = 2048, d = 256 (linear, sparse and rnn at "
            "n = 4096) through the wasm build in Node: 1.7e9 (sparse, window 512) to 6.3e9 "
            "(flash) multiply-adds per second of CPU, so 2e10 is 3 s (flash) to 12 s (sparse) "
            "(node scripts/bench/work-budgets.mjs)."};

        /// Named in a refusal: `repeats` when one run fits the budget, else what one run's
        /// size comes from.
        template <class In> static work_estimate work(In& in)
        {
            cost_options o = read_settings(in);
            o.n = in.integer(n);
            o.repeats = in.integer(repeats);
            const double one_run = cost_run_work(o);
            return {one_run * double(o.repeats),
                    one_run <= budget.multiply_adds ? repeats.name : blamed_for_one_run(o)};
        }

        template <class In> static cost_measurement run(In& in)
        {
            cost_options o = read_settings(in);
            o.n = in.integer(n);
            o.repeats = in.integer(repeats);
            return measure_cost(o);
        }
    };

    template <> struct fields_of<cost_growth>
    {
        static constexpr const char* type_name = "CostGrowth";
        template <class V> static void visit(const cost_growth& g, V& v)
        {
            v.field("atN", g.at_n, "pass 1: one run at n");
            v.field("atDoubleN", g.at_double_n, "pass 2: one run at 2n");
            v.field("multiplyAddsFactor", g.multiply_adds_factor,
                    "pass 3: atDoubleN.multiplyAdds / atN.multiplyAdds");
            v.field("peakCellsFactor", g.peak_cells_factor,
                    "pass 3: atDoubleN.peakCells / atN.peakCells");
        }
    };

    struct measure_cost_growth_operation
    {
        static constexpr const char* name = "costGrowth";
        static constexpr const char* title = "How a variant's cost grows when n doubles";
        static constexpr argument n = integer_argument(
            "n", size_low, static_cast<double>(max_sequence / 2),
            "sequence length; the variant is measured at n and at 2n");
        static constexpr argument arguments[] = {
            measure_cost_operation::variant, n, measure_cost_operation::d,
            measure_cost_operation::block, measure_cost_operation::window, seed};

        static constexpr work_budget budget{
            measure_cost_operation::budget.multiply_adds,
            "one run's work, as measureCost counts it, at n and one at 2n",
            "The budget of measureCost."};

        template <class In> static work_estimate work(In& in)
        {
            cost_options o = measure_cost_operation::read_settings(in);
            o.n = in.integer(n);
            cost_options twice = o;
            twice.n = 2 * o.n;
            return {cost_run_work(o) + cost_run_work(twice),
                    measure_cost_operation::blamed_for_one_run(twice)};
        }

        template <class In> static cost_growth run(In& in)
        {
            cost_options o = measure_cost_operation::read_settings(in);
            o.n = in.integer(n);
            return measure_cost_growth(o);
        }
    };
} // namespace attn::describe

#endif
