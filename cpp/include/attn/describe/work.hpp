#ifndef ATTN_DESCRIBE_WORK_HPP
#define ATTN_DESCRIBE_WORK_HPP

/// @file work.hpp
/// @brief Work budgets. An operation whose allowed sizes could keep a learner waiting for
/// minutes declares in its description a budget (the most multiply-adds one call may take,
/// about ten seconds of the wasm engine here) and how a call's multiply-adds are estimated from
/// its arguments before anything is computed. `run<Operation>` checks every budget the same
/// way, so a call past it is refused at once, naming the argument that sets its size.

#include <cmath>
#include <cstdio>
#include <string>
#include <type_traits>

#include "attn/describe/argument.hpp"
#include "attn/error.hpp"

namespace attn::describe
{
    /// The most multiply-adds one call may take, and how they are counted, in words for the
    /// docs. Tiles, chunks and timed repeats count as multiply-adds too where their fixed cost
    /// is what grows (a 1 × 1 tile costs far more than its one multiply-add).
    struct work_budget
    {
        double multiply_adds;
        words estimate;
        words measured; ///< the measurement the budget was chosen from, for the docs
    };

    /// One call's estimated multiply-adds, and the argument a refusal names.
    struct work_estimate
    {
        double multiply_adds;
        const char* argument;
    };

    /// Whether Operation's description declares a work budget (`budget` and `work(in)`).
    template <class Operation, class = void> struct has_work_budget : std::false_type
    {
    };
    template <class Operation>
    struct has_work_budget<Operation, std::void_t<decltype(Operation::budget)>> : std::true_type
    {
    };

    /// 3.4e10, as the budgets and the refusals write large counts.
    inline std::string format_count(double x)
    {
        if (x < 1e6)
        {
            return attn::detail::format_number(std::round(x));
        }
        int exponent = static_cast<int>(std::floor(std::log10(x)));
        double mantissa = std::round(x / std::pow(10.0, exponent) * 100) / 100;
        if (mantissa >= 10)
        {
            mantissa /= 10;
            ++exponent;
        }
        char text[32];
        std::snprintf(text, sizeof text, "%.3ge%d", mantissa, exponent);
        return text;
    }

    /// "<argument>: expected sizes within <operation>'s work budget of <N> multiply-adds
    /// (about ten seconds), got <M>".
    inline void check_work(const char* operation, const work_budget& budget,
                           const work_estimate& work)
    {
        if (work.multiply_adds > budget.multiply_adds)
        {
            attn::detail::fail(work.argument,
                               std::string("sizes within ") + operation + "'s work budget of " +
                                   format_count(budget.multiply_adds) +
                                   " multiply-adds (about ten seconds)",
                               format_count(work.multiply_adds) + " multiply-adds");
        }
    }

    /**
     * @brief Runs Operation on a request: its work budget checked first when it declares one,
     * then its description's `run`. Every caller (the bindings, the golden tests, the trace
     * tool) goes through here.
     */
    template <class Operation, class In> auto run(In& in)
    {
        if constexpr (has_work_budget<Operation>::value)
        {
            check_work(Operation::name, Operation::budget, Operation::work(in));
        }
        return Operation::run(in);
    }
} // namespace attn::describe

#endif
