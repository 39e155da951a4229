#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstddef>
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "attn/draw_numbers.hpp"
#include "attn/error.hpp"

namespace draw_numbers_tests
{
    using Catch::Matchers::Contains;

    TEST_CASE("the same learner and draw give the same numbers, another learner other ones",
              "[draw-numbers]")
    {
        const auto a = attn::draw_numbers("student-42", "exam:key", 3, 2, -3, 3, 1);
        const auto again = attn::draw_numbers("student-42", "exam:key", 3, 2, -3, 3, 1);
        CHECK(a.seed == again.seed);
        CHECK(a.picks == again.picks);
        CHECK(a.numbers == again.numbers);
        const auto b = attn::draw_numbers("student-43", "exam:key", 3, 2, -3, 3, 1);
        const auto other_input = attn::draw_numbers("student-42", "exam:value", 3, 2, -3, 3, 1);
        CHECK(a.seed != b.seed);
        CHECK(a.picks != b.picks);
        CHECK(a.picks != other_input.picks);
        // The 0 byte between the two keys: "ab" + "c" is not "a" + "bc".
        CHECK(attn::draw_numbers("c", "ab", 1, 1, 0, 1, 1).seed !=
              attn::draw_numbers("bc", "a", 1, 1, 0, 1, 1).seed);
    }

    TEST_CASE("FNV-1a of the empty draw, a 0 byte and a learner matches the hash by hand",
              "[draw-numbers]")
    {
        // FNV-1a 64 of the bytes 'x', 0, 'y', stepped by hand from the offset basis.
        std::uint64_t h = 0xCBF29CE484222325ULL;
        for (const unsigned char byte : std::string("x\0y", 3))
        {
            h = (h ^ byte) * 0x100000001B3ULL;
        }
        char hex[17];
        std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
        CHECK(attn::draw_numbers("y", "x", 1, 1, 0, 1, 1).seed == hex);
    }

    TEST_CASE("every number is on the grid from from to to, written as the decimal it is",
              "[draw-numbers]")
    {
        const auto t = attn::draw_numbers("a learner", "tenths", 8, 8, -1, 1, 0.1);
        CHECK(t.decimals == 1);
        CHECK(t.choices == 21);
        std::set<std::size_t> seen(t.picks.begin(), t.picks.end());
        CHECK(seen.size() > 10); // 64 draws over 21 points: most of the grid appears
        for (std::size_t i = 0; i < 64; ++i)
        {
            const double x = t.numbers(i / 8, i % 8);
            CHECK(t.picks[i] < 21);
            // -1 + pick/10 as JSON would write it: the double nearest that decimal.
            const double decimal = static_cast<double>(static_cast<long long>(t.picks[i]) - 10) / 10;
            CHECK(x == decimal);
            CHECK(x >= -1);
            CHECK(x <= 1);
        }
    }

    TEST_CASE("a grid whose end is off the step stops before it", "[draw-numbers]")
    {
        const auto t = attn::draw_numbers("a", "b", 4, 4, 0.5, 2.5, 0.7);
        CHECK(t.choices == 3);
        for (const double x : t.numbers) CHECK((x == 0.5 || x == 1.2 || x == 1.9));
    }

    TEST_CASE("a bad draw is refused naming the argument and what was expected", "[draw-numbers]")
    {
        CHECK_THROWS_WITH(attn::draw_numbers("", "d", 1, 1, 0, 1, 1), Contains("learner:"));
        CHECK_THROWS_WITH(attn::draw_numbers("a", std::string(257, 'x'), 1, 1, 0, 1, 1),
                          Contains("draw:"));
        CHECK_THROWS_WITH(attn::draw_numbers("a", "d", 0, 1, 0, 1, 1),
                          "rows: expected 1 to 64, got 0");
        CHECK_THROWS_WITH(attn::draw_numbers("a", "d", 1, 65, 0, 1, 1),
                          "columns: expected 1 to 64, got 65");
        CHECK_THROWS_WITH(attn::draw_numbers("a", "d", 1, 1, NAN, 1, 1),
                          "from: expected a number from -1000000 to 1000000, got NaN");
        CHECK_THROWS_WITH(attn::draw_numbers("a", "d", 1, 1, 2, 1, 1),
                          "to: expected a number above from = 2, got 1");
        CHECK_THROWS_WITH(attn::draw_numbers("a", "d", 1, 1, 0, 1, 0),
                          "step: expected a number above 0 and at most to - from = 1, got 0");
        CHECK_THROWS_WITH(attn::draw_numbers("a", "d", 1, 1, 0, 1, 2),
                          "step: expected a number above 0 and at most to - from = 1, got 2");
        CHECK_THROWS_WITH(attn::draw_numbers("a", "d", 1, 1, 0.1234567, 1, 0.5),
                          "from: expected a number of at most 6 decimals, got 0.1234567");
        CHECK_THROWS_WITH(attn::draw_numbers("a", "d", 1, 1, 0, 1, 1e-7),
                          "step: expected a number of at most 6 decimals, got 1e-07");
        CHECK_THROWS_WITH(attn::draw_numbers("a", "d", 1, 1, 0, 100, 0.00001),
                          Contains("step: expected a grid of at most 1000000 numbers"));
    }
} // namespace draw_numbers_tests
