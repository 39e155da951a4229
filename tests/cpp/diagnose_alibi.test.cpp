#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "attn/alibi.hpp"
#include "attn/diagnose_alibi.hpp"
#include "attn/error.hpp"

namespace diagnose_alibi_tests
{
    using Catch::Matchers::WithinAbs;

    namespace
    {
        // One head's slices, four tokens, d_k = 4 (√d_k = 2), values 2 wide.
        const attn::matrix q = {{0.5, -1.0, 0.25, 2.0},
                                {1.0, 0.5, -0.5, 0.75},
                                {-0.25, 0.75, 1.0, -1.0},
                                {0.3, 0.2, -0.4, 0.6}};
        const attn::matrix k = {{1.0, 0.0, 0.5, -0.5},
                                {0.25, 1.0, -1.0, 0.5},
                                {-0.75, 0.5, 0.0, 1.0},
                                {0.5, -0.5, 1.0, 0.25}};
        const attn::matrix v = {{1, 0}, {0, 1}, {1, 1}, {-1, 2}};

        attn::alibi_diagnose_options options(std::size_t heads, double head,
                                             attn::alibi_stage stage, double row, double column,
                                             double answer)
        {
            attn::alibi_diagnose_options o;
            o.heads = heads;
            o.head = head;
            o.stage = stage;
            o.row = row;
            o.column = column;
            o.answer = answer;
            return o;
        }

        double candidate(const attn::alibi_diagnosis& d, const std::string& name)
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

        /// The misconception the diagnosis names when answered with that candidate's value.
        std::optional<std::string> named_by(attn::alibi_diagnose_options o,
                                            const std::string& name)
        {
            o.answer = candidate(attn::diagnose_alibi(q, k, v, o), name);
            return attn::diagnose_alibi(q, k, v, o).misconception;
        }
    } // namespace

    TEST_CASE("diagnoseAlibi's expected cells are the paper's slope and −slope·|i − j|",
              "[diagnose][alibi]")
    {
        const auto slope = attn::diagnose_alibi(q, k, v, options(8, 2, attn::alibi_stage::slope,
                                                                   0, 0, 0));
        CHECK(slope.expected == 0.125);
        CHECK(slope.slope == attn::alibi_slopes(8)(2));
        const auto bias =
            attn::diagnose_alibi(q, k, v, options(8, 0, attn::alibi_stage::bias, 3, 1, 0));
        CHECK(bias.expected == -1.0);
        // Above the diagonal the bias is defined too (the mask removes it later).
        CHECK(attn::diagnose_alibi(q, k, v, options(8, 0, attn::alibi_stage::bias, 0, 3, 0))
                  .expected == -1.5);
        // A causal row's weights over keys j ≤ i sum to 1; keys after i weigh 0.
        double sum = 0;
        for (int j = 0; j < 4; ++j)
        {
            sum += attn::diagnose_alibi(q, k, v,
                                        options(8, 0, attn::alibi_stage::weight, 1, j, 0))
                       .expected;
        }
        CHECK_THAT(sum, WithinAbs(1.0, 1e-15));
        CHECK(attn::diagnose_alibi(q, k, v, options(8, 0, attn::alibi_stage::weight, 1, 2, 0))
                  .expected == 0.0);
    }

    TEST_CASE("each slope mistake is named by the slope it gives", "[diagnose][alibi]")
    {
        // Head 2 of 8: 2^(−3); off by one 2^(−2); reversed, head 5's 2^(−6).
        auto d = attn::diagnose_alibi(q, k, v, options(8, 2, attn::alibi_stage::slope, 0, 0, 0.25));
        CHECK(d.misconception == std::optional<std::string>("offByOneHead"));
        d = attn::diagnose_alibi(q, k, v, options(8, 2, attn::alibi_stage::slope, 0, 0, 1.0 / 64));
        CHECK(d.misconception == std::optional<std::string>("reversedHeads"));
        // A power of two has no plainSlopes candidate: the plain formula is the paper's.
        CHECK(d.candidates.size() == 2);
        // Head 4 of 6: the paper's interleaved 2^(−1); the plain formula gives 2^(−40/6).
        const double plain = std::exp2(-40.0 / 6.0);
        d = attn::diagnose_alibi(q, k, v, options(6, 4, attn::alibi_stage::slope, 0, 0, plain));
        CHECK(d.expected == 0.5);
        CHECK_THAT(candidate(d, "plainSlopes"), WithinAbs(plain, 1e-15));
        CHECK(d.misconception == std::optional<std::string>("plainSlopes"));
        // Off by one in the interleaved part: 2^(−8·0/8) = 1 for head 4 of 6.
        CHECK(candidate(d, "offByOneHead") == 1.0);
    }

    TEST_CASE("a positive bias, a signed distance and a scaled bias are each named",
              "[diagnose][alibi]")
    {
        CHECK(named_by(options(8, 0, attn::alibi_stage::bias, 3, 1, 0), "positiveBias") ==
              std::optional<std::string>("positiveBias"));
        CHECK(named_by(options(8, 0, attn::alibi_stage::weight, 3, 0, 0), "positiveBias") ==
              std::optional<std::string>("positiveBias"));
        CHECK(named_by(options(8, 0, attn::alibi_stage::biased, 3, 0, 0), "scaledBias") ==
              std::optional<std::string>("scaledBias"));
        CHECK(named_by(options(8, 0, attn::alibi_stage::output, 3, 1, 0), "scaledBias") ==
              std::optional<std::string>("scaledBias"));
        // With no mask, a row sees keys on both sides: dropping |·| rewards the later ones.
        auto o = options(4, 0, attn::alibi_stage::weight, 1, 3, 0);
        o.causal = false;
        CHECK(named_by(o, "signedDistance") == std::optional<std::string>("signedDistance"));
        // On a causal decoder's keys (j ≤ i) i − j is already |i − j|: no diagnosis.
        const auto causal =
            attn::diagnose_alibi(q, k, v, options(8, 0, attn::alibi_stage::weight, 3, 1, 0));
        CHECK(candidate(causal, "signedDistance") == causal.expected);
        // The slope stage has no bias candidates; the bias stage has no scaledBias.
        CHECK(attn::diagnose_alibi(q, k, v, options(8, 0, attn::alibi_stage::bias, 0, 0, 0))
                  .candidates.size() == 4);
    }

    TEST_CASE("a right ALiBi answer is correct, and one that matches no mistake names none",
              "[diagnose][alibi]")
    {
        const auto probe =
            attn::diagnose_alibi(q, k, v, options(8, 1, attn::alibi_stage::weight, 2, 1, 0));
        auto d = attn::diagnose_alibi(
            q, k, v, options(8, 1, attn::alibi_stage::weight, 2, 1, probe.expected + 0.004));
        CHECK(d.correct);
        CHECK_FALSE(d.misconception);
        d = attn::diagnose_alibi(q, k, v, options(8, 1, attn::alibi_stage::weight, 2, 1, 99));
        CHECK_FALSE(d.correct);
        CHECK_FALSE(d.misconception);
    }

    TEST_CASE("diagnoseAlibi refuses bad arguments, naming each", "[diagnose][alibi]")
    {
        auto o = options(8, 8, attn::alibi_stage::slope, 0, 0, 0);
        REQUIRE_THROWS_WITH(attn::diagnose_alibi(q, k, v, o),
                            "head: expected a whole number from 0 to 7, got 8");
        o = options(0, 0, attn::alibi_stage::slope, 0, 0, 0);
        REQUIRE_THROWS_WITH(attn::diagnose_alibi(q, k, v, o),
                            "heads: expected a size from 1 to 1024, got 0");
        o = options(8, 0, attn::alibi_stage::slope, 1, 0, 0);
        REQUIRE_THROWS_WITH(attn::diagnose_alibi(q, k, v, o),
                            "row: expected a whole number from 0 to 0, got 1");
        o = options(8, 0, attn::alibi_stage::output, 0, 2, 0);
        REQUIRE_THROWS_WITH(attn::diagnose_alibi(q, k, v, o),
                            "column: expected a whole number from 0 to 1, got 2");
        o = options(8, 0, attn::alibi_stage::bias, 4, 0, 0);
        REQUIRE_THROWS_WITH(attn::diagnose_alibi(q, k, v, o),
                            "row: expected a whole number from 0 to 3, got 4");
        o = options(8, 0, attn::alibi_stage::bias, 0, 0, INFINITY);
        REQUIRE_THROWS_WITH(attn::diagnose_alibi(q, k, v, o),
                            "answer: expected a finite number, got Infinity");
        o = options(8, 0, attn::alibi_stage::bias, 0, 0, 0);
        o.tolerance = -1;
        REQUIRE_THROWS_WITH(attn::diagnose_alibi(q, k, v, o),
                            "tolerance: expected a finite number above 0, got -1");
        REQUIRE_THROWS_WITH(
            attn::parse_alibi_stage("stage", "score"),
            "stage: expected 'slope', 'bias', 'biased', 'weight' or 'output', got 'score'");
    }
} // namespace diagnose_alibi_tests
