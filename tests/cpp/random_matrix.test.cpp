#include <cmath>
#include <cstdint>

#include <catch2/catch.hpp>

#include "attn/random.hpp"
#include "attn/random_matrix.hpp"
#include "tensor_matchers.hpp"

namespace random_matrix_tests
{
    using Catch::Matchers::WithinAbs;
    using Catch::Matchers::WithinULP;

    namespace
    {
        attn::random_matrix_options with(attn::distribution dist, double scale, std::uint32_t seed)
        {
            attn::random_matrix_options options;
            options.dist = dist;
            options.scale = scale;
            options.seed = seed;
            return options;
        }
    } // namespace

    TEST_CASE("seed 0 gives the known first normal draws", "[random]")
    {
        // The same numbers are asserted, bit for bit, against the WebAssembly build in
        // tests/api/inputs.test.mjs. log, sin and cos come from the C library, so a native build
        // may differ from the wasm one in the last bit: allow one unit in the last place here.
        const attn::matrix m = attn::random_matrix(2, 4, {});
        const double known[] = {-1.5484805470327818, 0.5430913409360393, 0.2683912630614055,
                                0.20964487088632447, 0.5650034493360651, -1.1318515226908998,
                                0.19172219229289986, 0.6254317966854571};
        for (std::size_t k = 0; k < 8; ++k)
        {
            CAPTURE(k);
            CHECK_THAT(m.data()[k], WithinULP(known[k], 1));
        }
    }

    TEST_CASE("normal draws are Box–Muller pairs r·cos θ, r·sin θ from stream seed·256 + 6",
              "[random]")
    {
        const std::uint32_t seed = GENERATE(0u, 42u, 4294967295u);
        CAPTURE(seed);
        const attn::matrix m = attn::random_matrix(3, 3, with(attn::distribution::normal, 1, seed));
        attn::splitmix64 uniforms(static_cast<std::uint64_t>(seed) * 256 + 6);
        for (std::size_t k = 0; k < m.size(); k += 2)
        {
            const double u1 = uniforms.uniform(), u2 = uniforms.uniform();
            const double r = std::sqrt(-2.0 * std::log(1.0 - u1)), theta = 6.283185307179586 * u2;
            CHECK(m.data()[k] == r * std::cos(theta));
            if (k + 1 < m.size())
            {
                CHECK(m.data()[k + 1] == r * std::sin(theta));
            }
        }
        SECTION(
            "an odd number of cells leaves the last sine unused, so a shorter matrix is a prefix")
        {
            const attn::matrix longer =
                attn::random_matrix(1, 10, with(attn::distribution::normal, 1, seed));
            for (std::size_t k = 0; k < 9; ++k)
            {
                CHECK(m.data()[k] == longer(0, k));
            }
        }
    }

    TEST_CASE("the scale of a normal matrix is its standard deviation", "[random]")
    {
        const attn::matrix unit = attn::random_matrix(4, 5, with(attn::distribution::normal, 1, 3));
        const attn::matrix wide =
            attn::random_matrix(4, 5, with(attn::distribution::normal, 2.5, 3));
        CHECK_THAT(wide, attn_test::MatrixEquals(unit * 2.5));
        SECTION("and a million draws have mean 0 and variance 1 within sampling error")
        {
            const attn::matrix big =
                attn::random_matrix(1024, 1024, with(attn::distribution::normal, 1, 11));
            const double mean = xt::mean(big)();
            CHECK_THAT(mean, WithinAbs(0.0, 0.005));
            CHECK_THAT(xt::mean(xt::square(big - mean))(), WithinAbs(1.0, 0.005));
            CHECK(xt::amax(xt::abs(big))() < 8.6); // |z| ≤ √(−2·ln 2⁻⁵³) ≈ 8.57
        }
    }

    TEST_CASE("uniform draws are (2u − 1)·scale, from −scale up to but not including scale",
              "[random]")
    {
        const attn::matrix m = attn::random_matrix(30, 40, with(attn::distribution::uniform, 2, 7));
        attn::splitmix64 uniforms(7 * 256 + 6);
        for (double x : m)
        {
            REQUIRE(x == (2 * uniforms.uniform() - 1) * 2);
            REQUIRE(x >= -2);
            REQUIRE(x < 2);
        }
    }

    TEST_CASE("another seed gives another matrix, the same seed the same one", "[random]")
    {
        const auto first = attn::random_matrix(3, 3, with(attn::distribution::normal, 1, 1));
        CHECK_THAT(attn::random_matrix(3, 3, with(attn::distribution::normal, 1, 1)),
                   attn_test::MatrixEquals(first));
        CHECK_THAT(attn::random_matrix(3, 3, with(attn::distribution::normal, 1, 2)),
                   !attn_test::MatrixEquals(first));
        SECTION("and the input stream is not a parameter stream")
        {
            const double a = std::sqrt(6.0 / 6.0);
            CHECK_THAT(attn::random_matrix(3, 3, with(attn::distribution::uniform, a, 1)),
                       !attn_test::MatrixEquals(
                           attn::xavier_uniform(3, 3, 1, attn::parameter_stream::w_q)));
        }
    }
} // namespace random_matrix_tests
