// The exponential of the tiled passes (cpp/src/exp_kernel.hpp): within an ulp or two of libm's
// exp over everything a shifted score can be, exact at the ends, and the same numbers whether
// the two-lane (wasm SIMD) path or the scalar path computes them. In the wasm suite the last
// case compares SIMD against scalar; natively both are the scalar path.

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

#include <catch2/catch.hpp>

#include "../../cpp/src/exp_kernel.hpp"

namespace exp_kernel_tests
{
    namespace
    {
        std::int64_t ulps_apart(double a, double b)
        {
            std::int64_t ia = 0, ib = 0;
            std::memcpy(&ia, &a, sizeof ia);
            std::memcpy(&ib, &b, sizeof ib);
            return ia > ib ? ia - ib : ib - ia;
        }

        /// x ≤ 0: a quarter from the whole range down to −750, the rest where softmax weights live.
        std::vector<double> nonpositive_samples(std::size_t count)
        {
            std::mt19937_64 random(7);
            std::uniform_real_distribution<double> wide(-750, 0), near(-40, 0);
            std::vector<double> out(count);
            for (std::size_t i = 0; i < count; ++i)
            {
                out[i] = i % 4 == 0 ? wide(random) : near(random);
            }
            return out;
        }
    } // namespace

    TEST_CASE("the tiled passes' exp is within 2 ulps of std::exp from 0 down to the subnormals",
              "[exp]")
    {
        std::int64_t worst = 0;
        for (const double x : nonpositive_samples(200000))
        {
            const double expected = std::exp(x);
            const double got = attn::detail::exp_nonpositive(x);
            if (expected >= std::numeric_limits<double>::min())
            {
                worst = std::max(worst, ulps_apart(got, expected));
            }
            else
            {
                // Subnormal or 0: the absolute error is what a sum of weights ≥ 1 can notice.
                REQUIRE(std::abs(got - expected) <= 2 * std::numeric_limits<double>::denorm_min());
            }
        }
        INFO("worst distance " << worst << " ulps");
        CHECK(worst <= 2);
    }

    TEST_CASE(
        "the tiled passes' exp gives exactly 1 at 0 and exactly 0 at minus infinity and below -746",
        "[exp]")
    {
        CHECK(attn::detail::exp_nonpositive(0.0) == 1.0);
        CHECK(attn::detail::exp_nonpositive(-0.0) == 1.0);
        CHECK(attn::detail::exp_nonpositive(-std::numeric_limits<double>::infinity()) == 0.0);
        CHECK(attn::detail::exp_nonpositive(-746.0) == 0.0);
        CHECK(attn::detail::exp_nonpositive(-1e300) == 0.0);
        CHECK(attn::detail::exp_nonpositive(-745.0) > 0.0); // the smallest subnormal, as exp gives
    }

    TEST_CASE("exp of a shifted row and its sum are the scalar path's numbers bit for bit", "[exp]")
    {
        const std::vector<double> samples = nonpositive_samples(1001);
        for (const std::size_t count : {std::size_t(0), std::size_t(1), std::size_t(2),
                                        std::size_t(7), std::size_t(64), std::size_t(1001)})
        {
            std::vector<double> row(samples.begin(), samples.begin() + static_cast<long>(count));
            row.push_back(3.5); // the shift: every row[i] − 3.5 ≤ 0
            std::vector<double> out(count);
            const double sum = attn::detail::exp_shifted_sum(row.data(), count, 3.5, out.data());
            double even = 0, odd = 0, tail = 0;
            for (std::size_t i = 0; i < count; ++i)
            {
                const double expected = attn::detail::exp_nonpositive(row[i] - 3.5);
                INFO("count " << count << ", cell " << i);
                REQUIRE(out[i] == expected);
                (i + 1 == count && count % 2 == 1 ? tail : i % 2 == 0 ? even : odd) += expected;
            }
            CHECK(sum == even + odd + tail);
        }
    }
} // namespace exp_kernel_tests
