#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "attn/error.hpp"
#include "attn/train/tasks.hpp"

namespace tasks_tests
{
    using Catch::Matchers::Equals;
    using Catch::Matchers::WithinAbs;

    namespace
    {
        attn::task_example draw(attn::task_kind task, std::size_t length, std::uint64_t state = 99)
        {
            attn::splitmix64 generator(state);
            return attn::draw_sequence(task, length, 10, generator);
        }
    } // namespace

    TEST_CASE("reverse asks for the input backwards at every position", "[tasks]")
    {
        const attn::task_example e = draw(attn::task_kind::reverse, 6);
        for (std::size_t i = 0; i < 6; ++i)
        {
            CHECK(e.targets[i] == e.tokens[5 - i]);
            CHECK(e.scored[i]);
        }
        SECTION("and its ideal head looks at the mirrored position only")
        {
            const attn::matrix ideal = attn::ideal_attention(attn::task_kind::reverse, e);
            for (std::size_t i = 0; i < 6; ++i)
            {
                for (std::size_t j = 0; j < 6; ++j)
                {
                    CHECK(ideal(i, j) == (j == 5 - i ? 1.0 : 0.0));
                }
            }
        }
    }

    TEST_CASE("sort asks for the input in ascending order, repeats kept", "[tasks]")
    {
        const attn::task_example e = draw(attn::task_kind::sort, 8);
        std::vector<std::size_t> sorted = e.tokens;
        std::sort(sorted.begin(), sorted.end());
        CHECK(e.targets == sorted);
        SECTION("and its ideal head spreads each row over the keys holding that row's symbol")
        {
            const attn::matrix ideal = attn::ideal_attention(attn::task_kind::sort, e);
            for (std::size_t i = 0; i < 8; ++i)
            {
                double sum = 0;
                for (std::size_t j = 0; j < 8; ++j)
                {
                    CHECK((ideal(i, j) > 0) == (e.tokens[j] == e.targets[i]));
                    sum += ideal(i, j);
                }
                CHECK_THAT(sum, WithinAbs(1, 1e-15));
            }
        }
    }

    TEST_CASE("induction repeats a period of distinct symbols and scores only the determined "
              "positions",
              "[tasks]")
    {
        for (std::uint64_t state = 0; state < 50; ++state)
        {
            const attn::task_example e = draw(attn::task_kind::induction, 10, state);
            const std::size_t h = e.period;
            REQUIRE(h >= 2);
            REQUIRE(h <= 5);
            const std::set<std::size_t> first(e.tokens.begin(), e.tokens.begin() + h);
            CHECK(first.size() == h);
            const attn::matrix ideal = attn::ideal_attention(attn::task_kind::induction, e);
            for (std::size_t p = 0; p < 10; ++p)
            {
                CHECK(e.tokens[p] == e.tokens[p % h]);
                CHECK(e.scored[p] == (p >= h && p + 1 < 10));
                if (!e.scored[p])
                {
                    CHECK(xt::sum(xt::row(ideal, p))() == 0);
                    continue;
                }
                CHECK(e.targets[p] == e.tokens[p + 1]);
                // The ideal keys follow an earlier occurrence of x[p], none lies in the future, and
                // the symbol after the first occurrence is among them.
                CHECK(ideal(p, p % h + 1) > 0);
                for (std::size_t j = 0; j < 10; ++j)
                {
                    CHECK((ideal(p, j) > 0) ==
                          (j >= 1 && j <= p && e.tokens[j - 1] == e.tokens[p]));
                }
            }
        }
    }

    TEST_CASE("compare asks whether the previous symbol is larger than the first, from the "
              "second position on, and has two roles: the previous position and the first",
              "[tasks]")
    {
        for (std::uint64_t state = 0; state < 20; ++state)
        {
            const attn::task_example e = draw(attn::task_kind::compare, 6, state);
            CHECK_FALSE(e.scored[0]);
            const attn::matrix ideal = attn::ideal_attention(attn::task_kind::compare, e);
            const attn::matrix previous = attn::role_attention(attn::task_kind::compare, 0, e);
            const attn::matrix first = attn::role_attention(attn::task_kind::compare, 1, e);
            CHECK(xt::sum(xt::row(ideal, 0))() == 0);
            for (std::size_t i = 1; i < 6; ++i)
            {
                CHECK(e.scored[i]);
                CHECK(e.targets[i] == (e.tokens[i - 1] > e.tokens[0] ? 1u : 0u));
                CHECK(previous(i, i - 1) == 1);
                CHECK(first(i, 0) == 1);
                CHECK(xt::sum(xt::row(previous, i))() == 1);
                CHECK(xt::sum(xt::row(first, i))() == 1);
                // Both roles' keys together, evenly (one key at position 1, where they coincide).
                CHECK_THAT(ideal(i, 0), WithinAbs(i == 1 ? 1.0 : 0.5, 1e-15));
                CHECK_THAT(ideal(i, i - 1), WithinAbs(i == 1 ? 1.0 : 0.5, 1e-15));
            }
        }
        const std::vector<attn::attention_role> roles = attn::task_roles(attn::task_kind::compare);
        REQUIRE(roles.size() == 2);
        CHECK(std::string(roles[0].name) == "previous");
        CHECK(std::string(roles[1].name) == "first");
        CHECK(attn::task_roles(attn::task_kind::reverse).empty());
    }

    TEST_CASE("a task's examples are a pure function of the generator's state", "[tasks]")
    {
        const auto task =
            GENERATE(attn::task_kind::reverse, attn::task_kind::sort, attn::task_kind::induction,
                     attn::task_kind::compare);
        CHECK(draw(task, 12, 5).tokens == draw(task, 12, 5).tokens);
        CHECK(draw(task, 12, 5).tokens != draw(task, 12, 6).tokens);
    }

    TEST_CASE("an unknown task is refused, naming the option and the known tasks",
              "[tasks][errors]")
    {
        CHECK_THROWS_MATCHES(attn::parse_task("copy"), attn::attention_error,
                             Catch::Matchers::Message("task: expected 'reverse', 'sort', "
                                                      "'induction', 'iris' or 'compare', got "
                                                      "'copy'"));
    }
} // namespace tasks_tests
