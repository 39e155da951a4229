#ifndef ATTN_MEASURE_COST_HPP
#define ATTN_MEASURE_COST_HPP

/**
 * @file measure_cost.hpp
 * @brief Times one attention variant (or the RNN) on seeded random inputs made in C++, so a cost
 * lab can measure n up to max_sequence without marshalling n × d numbers, and reports the
 * largest intermediate it allocated and the multiply-adds it did.
 */

#include <cstddef>
#include <cstdint>
#include <string>

#include "attn/matrix.hpp"

namespace attn
{
    struct cost_options
    {
        std::string variant = "full"; ///< one of cost_variant_names()
        std::size_t n = 1;            ///< sequence length (queries = keys = values = rows)
        std::size_t d = 64;           ///< width of query, key and value (the RNN's input and state)
        std::size_t repeats = 3;      ///< timed runs, each on the same inputs
        std::size_t block = 64;       ///< flash tile / chunk size, used as min(block, n)
        std::size_t window = 32;      ///< sparse: keys within ±window of the query
        std::uint32_t seed = 0;       ///< of the inputs, stream seed·256 + input_stream::cost
    };

    struct cost_measurement
    {
        std::string variant;
        std::size_t n = 0, d = 0;
        vector seconds;             ///< (repeats) wall time of each run of the lean kernel
        std::size_t peak_cells = 0; ///< cells of the largest single intermediate of one run
        double multiply_adds = 0;   ///< of one run (a double: 2·n²·d passes 2³² in wasm32)
    };

    /**
     * @brief Runs the variant's lean kernel `repeats` times on the same seeded inputs (Q, K, V
     * of n × d drawn (2u − 1) row by row, in that order; the RNN takes Q as its input), timing
     * each run alone with std::chrono::steady_clock.
     * @throws attention_error naming `variant`, `n`, `d`, `repeats`, `block` or `window`
     */
    cost_measurement measure_cost(const cost_options& options);

    /// How a variant's counts grow when n doubles: what the cost lab's exercises ask about.
    struct cost_growth
    {
        cost_measurement at_n;           ///< one run at n
        cost_measurement at_double_n;    ///< one run at 2n, the other settings the same
        double multiply_adds_factor = 0; ///< at_double_n.multiply_adds / at_n.multiply_adds
        double peak_cells_factor = 0;    ///< at_double_n.peak_cells / at_n.peak_cells
    };

    /**
     * @brief measure_cost at options.n and at 2·options.n, one run each (`repeats` is not
     * used), and the factors by which its exact counts grew. The times are reported but say
     * little from one run; the counts do not depend on the machine.
     * @throws attention_error naming `n` when 2n is past max_sequence, or as measure_cost does
     */
    cost_growth measure_cost_growth(cost_options options);

    /**
     * @brief The work of one run of the variant at these settings (block as min(block, n)), in
     * multiply-adds as work_estimates.hpp counts them: what measureCost's and costGrowth's work
     * budgets compare, before anything is drawn or timed.
     * @throws attention_error naming `variant` when it is none of cost_variant_names()
     */
    double cost_run_work(const cost_options& options);

    /// The variants measure_cost knows, "full|…", as the description's choices list them.
    std::string cost_variant_names();

    namespace detail
    {
        /**
         * @brief Full attention's passes keeping one n × m matrix (scores, scaled in place,
         * softmaxed in place), no mask: measure_cost's 'full'.
         * @param peak_cells set to n·m, its largest intermediate
         * @return (n × d_v) softmax(Q·Kᵀ / √d_k)·V
         */
        matrix full_attention_lean(const matrix& query, const matrix& key, const matrix& value,
                                   std::size_t& peak_cells);
    } // namespace detail
} // namespace attn

#endif
