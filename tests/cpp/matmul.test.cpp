// The matrix product kernels (cpp/src/matmul.cpp): for doubles, register tiles of 4 rows (AVX)
// or 2 rows (SSE2, WebAssembly) by 8 columns, which also read a transposed A in place and add
// into out for transposed_product; for floats the plain loop natively and the strip kernel in
// WebAssembly. Every one must sum each cell's terms in index order from 0, so all give the
// textbook loop's numbers bit for bit, whatever the shape's remainders (rows not a multiple of
// the tile, columns not a multiple of 8).

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

    TEST_CASE("a transposed A read in place and added into out sums in index order, bit for bit",
              "[matmul]")
    {
        for (const std::size_t n : {1, 3, 4, 6, 9})
        {
            for (const std::size_t p : {1, 8, 13, 20})
            {
                const std::size_t k = 7;
                // a is k × n row-major; A = aᵀ, its cell (i, c) at a[c·n + i].
                const std::vector<double> a = filled<double>(k * n, 0.37), b = filled<double>(k * p, -0.21);
                std::vector<double> out = filled<double>(n * p, 1.3), start = out;
                attn::detail::product_into(a.data(), 1, n, b.data(), out.data(), n, k, p, true);
                for (std::size_t i = 0; i < n; ++i)
                {
                    for (std::size_t j = 0; j < p; ++j)
                    {
                        double sum = 0;
                        for (std::size_t c = 0; c < k; ++c)
                        {
                            sum += a[c * n + i] * b[c * p + j];
                        }
                        INFO(n << " x " << k << " x " << p << ", cell " << i << ", " << j);
                        REQUIRE(out[i * p + j] == start[i * p + j] + sum);
                    }
                }
            }
        }
    }

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
