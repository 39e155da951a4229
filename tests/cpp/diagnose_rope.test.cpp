#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "diagnosis_candidates.hpp"

#include "attn/attention.hpp"
#include "attn/diagnose_rope.hpp"
#include "attn/error.hpp"
#include "attn/rope.hpp"

namespace diagnose_rope_tests
{
    using Catch::Matchers::WithinAbs;
    using attn_test::candidate;

    namespace
    {
        // One query and one key, each at two positions: (7, 4) and (103, 100), the lesson's.
        const attn::matrix q = {{0.5, -1.0, 0.25, 2.0}, {0.5, -1.0, 0.25, 2.0}};
        const attn::matrix k = {{1.0, 0.5, -0.5, 0.75}, {1.0, 0.5, -0.5, 0.75}};

        attn::rope_diagnose_options options(attn::rope_stage stage, double row, double column,
                                            double answer)
        {
            attn::rope_diagnose_options o;
            o.query_positions = attn::vector{7, 103};
            o.key_positions = attn::vector{4, 100};
            o.stage = stage;
            o.row = row;
            o.column = column;
            o.answer = answer;
            return o;
        }

    } // namespace

    TEST_CASE("diagnoseRope's expected cell is rope's turned query, and the score depends on "
              "the distance only",
              "[diagnose][rope]")
    {
        const attn::rope_trace turned =
            attn::rope(q, attn::vector{7, 103}, 10000, attn::rope_convention::half);
        const auto rotated =
            attn::diagnose_rope(q, k, k, options(attn::rope_stage::rotated, 1, 3, 0));
        CHECK(rotated.expected == turned.output(1, 3));
        const auto near = attn::diagnose_rope(q, k, k, options(attn::rope_stage::score, 0, 0, 0));
        const auto far = attn::diagnose_rope(q, k, k, options(attn::rope_stage::score, 1, 1, 0));
        CHECK_THAT(far.expected, WithinAbs(near.expected, 1e-12));
    }

    TEST_CASE("θ^position, the other pairing and turned values are each named by the answer "
              "they give",
              "[diagnose][rope]")
    {
        // θ = (1, 0.01) for d = 4: at position 7 the mistake turns pair 1 by 0.01^7, not 0.07.
        const double power = std::pow(0.01, 7.0);
        const double a = q(0, 1), b = q(0, 3);
        const double by_power = a * std::sin(power) + b * std::cos(power);
        auto d = attn::diagnose_rope(q, k, k, options(attn::rope_stage::rotated, 0, 3, by_power));
        CHECK_FALSE(d.correct);
        CHECK_THAT(candidate(d, "thetaToThePosition"), WithinAbs(by_power, 1e-15));
        CHECK(d.misconception == std::optional<std::string>("thetaToThePosition"));

        const attn::rope_trace interleaved =
            attn::rope(q, attn::vector{7, 103}, 10000, attn::rope_convention::interleaved);
        d = attn::diagnose_rope(q, k, k,
                                options(attn::rope_stage::rotated, 0, 1, interleaved.output(0, 1)));
        CHECK(d.misconception == std::optional<std::string>("wrongConvention"));

        // Values of their own, so that turning them changes the output.
        const attn::matrix v = {{1, 0}, {0, 1}};
        auto o = options(attn::rope_stage::output, 0, 0, 0);
        const auto probe = attn::diagnose_rope(q, k, v, o);
        REQUIRE(probe.candidates.size() == 3);
        o.answer = candidate(probe, "rotatedValues");
        d = attn::diagnose_rope(q, k, v, o);
        CHECK(d.misconception == std::optional<std::string>("rotatedValues"));
        // The rotated and score stages have no rotatedValues candidate.
        CHECK(attn::diagnose_rope(q, k, v, options(attn::rope_stage::score, 0, 0, 0))
                  .candidates.size() == 2);
    }

    TEST_CASE("a right answer is correct, and one that matches no mistake names none",
              "[diagnose][rope]")
    {
        const auto probe = attn::diagnose_rope(q, k, k, options(attn::rope_stage::score, 0, 1, 0));
        auto d = attn::diagnose_rope(
            q, k, k, options(attn::rope_stage::score, 0, 1, probe.expected + 0.004));
        CHECK(d.correct);
        CHECK_FALSE(d.misconception);
        d = attn::diagnose_rope(q, k, k, options(attn::rope_stage::score, 0, 1, 99));
        CHECK_FALSE(d.correct);
        CHECK_FALSE(d.misconception);
    }

    TEST_CASE("diagnoseRope refuses bad arguments, naming each", "[diagnose][rope]")
    {
        auto o = options(attn::rope_stage::rotated, 0, 0, 0);
        const attn::matrix odd = {{1, 2, 3}, {4, 5, 6}};
        REQUIRE_THROWS_WITH(
            attn::diagnose_rope(odd, odd, odd, o),
            "query: expected an even number of columns (RoPE rotates pairs), got 3");
        o.query_positions = attn::vector{1};
        REQUIRE_THROWS_WITH(attn::diagnose_rope(q, k, k, o),
                            "queryPositions: expected 2 numbers (one per row of query), got 1");
        o = options(attn::rope_stage::rotated, 0, 0, 0);
        o.key_positions = attn::vector{1, 2, 3};
        REQUIRE_THROWS_WITH(attn::diagnose_rope(q, k, k, o),
                            "keyPositions: expected 2 numbers (one per row of key), got 3");
        o = options(attn::rope_stage::rotated, 0, 4, 0);
        REQUIRE_THROWS_WITH(attn::diagnose_rope(q, k, k, o),
                            "column: expected a whole number from 0 to 3, got 4");
        o = options(attn::rope_stage::score, 2, 0, 0);
        REQUIRE_THROWS_WITH(attn::diagnose_rope(q, k, k, o),
                            "row: expected a whole number from 0 to 1, got 2");
        o = options(attn::rope_stage::score, 0, 0, NAN);
        REQUIRE_THROWS_WITH(attn::diagnose_rope(q, k, k, o),
                            "answer: expected a finite number, got NaN");
        o = options(attn::rope_stage::score, 0, 0, 0);
        o.tolerance = 0;
        REQUIRE_THROWS_WITH(attn::diagnose_rope(q, k, k, o),
                            "tolerance: expected a finite number above 0, got 0");
        o = options(attn::rope_stage::score, 0, 0, 0);
        o.base = -1;
        REQUIRE_THROWS_WITH(attn::diagnose_rope(q, k, k, o),
                            "base: expected a finite number > 0, got -1");
        REQUIRE_THROWS_WITH(attn::parse_rope_stage("stage", "weight"),
                            "stage: expected 'rotated', 'score' or 'output', got 'weight'");
    }
} // namespace diagnose_rope_tests
