#include <cmath>
#include <limits>
#include <string>

#include <catch2/catch.hpp>

#include "attn/diagnose.hpp"
#include "attn/error.hpp"
#include "diagnosis_candidates.hpp"
#include "tensor_matchers.hpp"

namespace diagnose_tests
{
    using Catch::Matchers::Contains;
    using attn_test::candidate;

    namespace
    {
        // The worked example: Q = [1, 2], three keys, weights (0.140, 0.284, 0.576).
        const attn::matrix q = {{1, 2}};
        const attn::matrix k = {{1, 0}, {0, 1}, {1, 1}};
        const attn::matrix v = {{0.5, 0.3}, {0.8, 0.2}, {0.1, 0.9}};

        attn::diagnosis grade(attn::explain_stage stage, double row, double column, double answer,
                              double tolerance = 0.005, const attn::attention_options& a = {},
                              const attn::matrix& query = q, const attn::matrix& key = k,
                              const attn::matrix& value = v)
        {
            attn::diagnose_options o;
            o.stage = stage;
            o.row = row;
            o.column = column;
            o.answer = answer;
            o.tolerance = tolerance;
            return attn::diagnose(query, key, value, a, o);
        }


        attn::attention_options causal()
        {
            attn::attention_options a;
            a.mask = attn::attention_mask::causal();
            return a;
        }
    } // namespace

    TEST_CASE("the worked example's largest weight is correct at 0.5760 and at the printed 0.576",
              "[diagnose]")
    {
        for (const double answer : {0.5759753452153619, 0.576, 0.58})
        {
            CAPTURE(answer);
            const auto d = grade(attn::explain_stage::weight, 0, 2, answer);
            CHECK(d.correct);
            CHECK(d.expected == Approx(0.5759753452153619).margin(1e-15));
            CHECK_FALSE(d.misconception);
        }
    }

    TEST_CASE("each mistake on the worked example is named from the number it gives", "[diagnose]")
    {
        const auto w = grade(attn::explain_stage::weight, 0, 2, 0);
        // softmax([1, 2, 3]), softmax([0.5, 1, 1.5]), the scaled score itself, and a column of one.
        CHECK(candidate(w, "unscaled") == Approx(0.6652409557748219).margin(1e-12));
        CHECK(candidate(w, "dividedByDk") == Approx(0.5064803251).margin(1e-9));
        CHECK(candidate(w, "noSoftmax") == Approx(3 / std::sqrt(2.0)).margin(1e-12));
        CHECK(candidate(w, "columnSoftmax") == 1.0);
        const struct
        {
            const char* name;
            double answer;
        } mistakes[] = {{"unscaled", 0.665},
                        {"dividedByDk", 0.506},
                        {"noSoftmax", 2.121},
                        {"columnSoftmax", 1.0}};
        for (const auto& m : mistakes)
        {
            CAPTURE(m.name);
            const auto d = grade(attn::explain_stage::weight, 0, 2, m.answer);
            CHECK_FALSE(d.correct);
            REQUIRE(d.misconception);
            CHECK(*d.misconception == m.name);
        }
        SECTION("at the scaled scores, forgetting √d_k gives the score and ÷d_k half of it")
        {
            CHECK(*grade(attn::explain_stage::scaled, 0, 2, 3).misconception == "unscaled");
            CHECK(*grade(attn::explain_stage::scaled, 0, 2, 1.5).misconception == "dividedByDk");
        }
        SECTION("at the output, every mistake carries through the weighted sum")
        {
            const auto o = grade(attn::explain_stage::output, 0, 0, 0);
            for (const char* name : {"unscaled", "dividedByDk", "noSoftmax", "columnSoftmax"})
            {
                CAPTURE(name);
                const auto d = grade(attn::explain_stage::output, 0, 0, candidate(o, name));
                REQUIRE(d.misconception);
                CHECK(*d.misconception == name);
            }
        }
    }

    TEST_CASE("a forgotten causal mask is named, and only where there is a mask", "[diagnose]")
    {
        const attn::matrix x = attn_test::sample(3, 2, 0.4);
        const auto d = grade(attn::explain_stage::weight, 0, 1, 0, 0.005, causal(), x, x, x);
        CHECK(d.expected == 0);
        const double forgot = candidate(d, "maskIgnored");
        REQUIRE(forgot > 0.01);
        const auto named =
            grade(attn::explain_stage::weight, 0, 1, forgot, 0.005, causal(), x, x, x);
        REQUIRE(named.misconception);
        CHECK(*named.misconception == "maskIgnored");
        for (const auto& c : grade(attn::explain_stage::weight, 0, 1, 0).candidates)
        {
            CHECK(c.misconception != "maskIgnored");
        }
    }

    TEST_CASE("rounding intermediates to two decimals is named when the tolerance is finer than "
              "what it changed",
              "[diagnose]")
    {
        // Weights rounded to (0.14, 0.28, 0.58) give
        // 0.14·0.5 + 0.28·0.8 + 0.58·0.1 = 0.352, not 0.355.
        const auto d = grade(attn::explain_stage::output, 0, 0, 0.352, 0.001);
        CHECK(candidate(d, "roundedEarly") == Approx(0.352).margin(1e-12));
        REQUIRE(d.misconception);
        CHECK(*d.misconception == "roundedEarly");
        // At the default tolerance the same answer counts as correct.
        CHECK(grade(attn::explain_stage::output, 0, 0, 0.355).correct);
    }

    TEST_CASE("a score has no mistake to name, and a wrong number that matches none names none",
              "[diagnose]")
    {
        const auto s = grade(attn::explain_stage::score, 0, 2, 4);
        CHECK(s.candidates.empty());
        CHECK_FALSE(s.correct);
        CHECK_FALSE(s.misconception);
        const auto w = grade(attn::explain_stage::weight, 0, 2, 0.3);
        CHECK_FALSE(w.correct);
        CHECK_FALSE(w.misconception);
        CHECK(w.candidates.size() == 5);
    }

    TEST_CASE("a row whose every key is blocked is graded 0 and no mistake breaks on it",
              "[diagnose]")
    {
        attn::attention_options a;
        a.mask = attn::attention_mask::from_matrix({{0, 0, 0}});
        const auto d = grade(attn::explain_stage::weight, 0, 0, 0, 0.005, a);
        CHECK(d.correct);
        for (const auto& c : d.candidates)
        {
            CAPTURE(c.misconception);
            CHECK(std::isfinite(c.value));
        }
    }

    TEST_CASE("bad grading arguments are refused naming the argument", "[diagnose][errors]")
    {
        REQUIRE_THROWS_WITH(grade(attn::explain_stage::weight, 1, 0, 0), Contains("row: expected"));
        REQUIRE_THROWS_WITH(grade(attn::explain_stage::weight, 0, 3, 0),
                            Contains("column: expected a whole number from 0 to 2"));
        REQUIRE_THROWS_WITH(grade(attn::explain_stage::output, 0, 2, 0),
                            Contains("column: expected a whole number from 0 to 1"));
        REQUIRE_THROWS_WITH(grade(attn::explain_stage::weight, 0, 0.5, 0),
                            Contains("column: expected"));
        REQUIRE_THROWS_WITH(grade(attn::explain_stage::weight, 0, 0, std::nan("")),
                            Contains("answer: expected a finite number"));
        for (const double tolerance : {0.0, -0.1, std::numeric_limits<double>::infinity()})
        {
            CAPTURE(tolerance);
            REQUIRE_THROWS_WITH(grade(attn::explain_stage::weight, 0, 0, 0, tolerance),
                                Contains("tolerance: expected a finite number above 0"));
        }
    }
} // namespace diagnose_tests
