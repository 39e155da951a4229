#ifndef ATTN_SRC_NAME_MISCONCEPTION_HPP
#define ATTN_SRC_NAME_MISCONCEPTION_HPP

// The last pass of every diagnose kernel, written once: grade the answer against the expected
// value, keep each mistake's number as a candidate, and name the first mistake whose number is
// the answer. The kernels differ only in how they compute the expected value and the mistakes.

#include <cmath>
#include <vector>

namespace attn::detail
{
    /// One mistake and the number it gives where the learner answered.
    struct mistake_value
    {
        const char* name;
        double value;
    };

    /// Fills `d.correct`, `d.candidates` (in the order given) and `d.misconception`, given
    /// `d.expected`. A mistake whose number is within tolerance of the expected one is kept as a
    /// candidate but never named: a slip that gives the right number here tells nothing.
    template <class Diagnosis>
    Diagnosis& name_misconception(Diagnosis& d, double answer, double tolerance,
                                  const std::vector<mistake_value>& mistakes)
    {
        const auto near = [&](double a, double b) { return std::abs(a - b) <= tolerance; };
        d.correct = near(answer, d.expected);
        for (const mistake_value& mk : mistakes)
        {
            d.candidates.push_back({mk.name, mk.value});
            if (!d.correct && !d.misconception && near(answer, mk.value) &&
                !near(mk.value, d.expected))
            {
                d.misconception = mk.name;
            }
        }
        return d;
    }
} // namespace attn::detail

#endif
