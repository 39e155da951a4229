// The matrix product kernel (cpp/src/matmul.cpp) is compiled three ways: the plain loop
// natively, the strip kernel and, for doubles in WebAssembly, the two-row SIMD kernel. Every
// one must sum each cell's terms in index order from 0, so all give the textbook loop's
// numbers bit for bit, whatever the shape's remainders (odd rows, columns not a multiple of 8).

#include <cstddef>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/matrix.hpp"

namespace matmul_tests
{
    namespace
    {
        template <class T> std::vector<T> filled(std::size_t size, T step)
        {
            std::vector<T> out(size);
            for (std::size_t i = 0; i < size; ++i)
            {
                // Values whose products round, so a different order of summation would show.
                out[i] = static_cast<T>((static_cast<T>(i % 13) - T(6)) * step + T(0.1) / T(i + 1));
            }
            return out;
        }

        template <class T> void check_against_textbook(std::size_t n, std::size_t k, std::size_t p)
        {
            const std::vector<T> a = filled<T>(n * k, T(0.37)), b = filled<T>(k * p, T(-0.21));
            std::vector<T> out(n * p, T(-99));
            attn::detail::matmul_into(a.data(), b.data(), out.data(), n, k, p);
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j < p; ++j)
                {
                    T expected = 0;
                    for (std::size_t c = 0; c < k; ++c)
                    {
                        expected += a[i * k + c] * b[c * p + j];
                    }
                    INFO(n << " x " << k << " x " << p << ", cell " << i << ", " << j);
                    REQUIRE(out[i * p + j] == expected);
                }
            }
        }
    } // namespace

    TEST_CASE("the matrix product sums each cell in index order, bit for bit, for every remainder",
              "[matmul]")
    {
        for (const std::size_t n : {1, 2, 3, 8, 17})
        {
            for (const std::size_t p : {1, 7, 8, 9, 16, 23})
            {
                check_against_textbook<double>(n, 5, p);
                check_against_textbook<float>(n, 5, p);
            }
        }
        check_against_textbook<double>(64, 64, 64);
        check_against_textbook<double>(0, 3, 4);
    }
} // namespace matmul_tests
