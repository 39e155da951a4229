#ifndef ATTN_TESTS_DIAGNOSIS_CANDIDATES_HPP
#define ATTN_TESTS_DIAGNOSIS_CANDIDATES_HPP

// What a diagnosis (diagnose, diagnoseRope, diagnoseGroupedQuery) says one mistake gives: the
// value of its candidate, or a failed test naming the mistake it does not list.

#include <string>

#include <catch2/catch.hpp>

namespace attn_test
{
    template <class Diagnosis> double candidate(const Diagnosis& d, const std::string& name)
    {
        for (const auto& c : d.candidates)
        {
            if (c.misconception == name)
            {
                return c.value;
            }
        }
        FAIL("no candidate " << name);
        return 0;
    }
} // namespace attn_test

#endif
