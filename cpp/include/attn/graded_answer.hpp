#ifndef ATTN_GRADED_ANSWER_HPP
#define ATTN_GRADED_ANSWER_HPP

/**
 * @file graded_answer.hpp
 * @brief What the diagnose operations (diagnose, diagnoseRope, diagnoseSlidingWindow) check
 * alike in the answer they grade.
 */

#include <cmath>

#include "attn/error.hpp"

namespace attn::detail
{
    /// Checks the learner's answer is finite and the tolerance a finite number above 0
    /// ("answer: expected a finite number, got NaN").
    inline void check_graded_answer(double answer, double tolerance)
    {
        if (!std::isfinite(answer))
        {
            fail("answer", "a finite number", format_number(answer));
        }
        if (!(tolerance > 0) || !std::isfinite(tolerance))
        {
            fail("tolerance", "a finite number above 0", format_number(tolerance));
        }
    }
} // namespace attn::detail

#endif
