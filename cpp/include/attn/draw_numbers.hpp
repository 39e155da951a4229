#ifndef ATTN_DRAW_NUMBERS_HPP
#define ATTN_DRAW_NUMBERS_HPP

/**
 * @file draw_numbers.hpp
 * @brief A learner's own numbers for a practice or an exam: a matrix drawn from a grid of
 * decimals (from, from + step, …, to), seeded by the learner's id and what is drawn, so the
 * same learner gets the same numbers on every visit and in every browser, and two learners
 * almost always different ones. Integer arithmetic only up to the last pass (FNV-1a, splitmix64,
 * a count), and each number is a decimal divided once by a power of ten, so every platform
 * gives the same doubles as the same numbers written in JSON.
 */

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attn/matrix.hpp"

namespace attn
{
    /// The longest learner id and draw name, in bytes of UTF-8 (an LMS id is far shorter).
    constexpr std::size_t max_draw_key_bytes = 256;
    /// The most decimals `from` and `step` may have: a hand-worked exercise needs few.
    constexpr int max_draw_decimals = 6;
    /// The most rows and columns a drawn matrix has: a walkthrough's inputs are small.
    constexpr std::size_t max_draw_side = 64;
    /// The most grid points one draw chooses among.
    constexpr std::size_t max_draw_choices = 1000000;

    /// Every step of draw_numbers().
    struct draw_numbers_trace
    {
        std::string seed; ///< pass 1: FNV-1a 64 of draw, a 0 byte, learner; 16 hex digits
        std::size_t decimals = 0; ///< pass 2: decimals of from and step (0 … 6)
        std::size_t choices = 0; ///< pass 2: grid points from … to: ⌊(to − from)/step⌋ + 1
        std::vector<std::size_t> picks; ///< (rows·columns) pass 3: each number's grid point, row by row
        matrix numbers; ///< (rows × columns) pass 4: from + pick·step, as the decimal it is
    };

    /**
     * @brief Draws a rows × columns matrix of numbers from the grid from, from + step, …, up to
     * `to`, the same for the same learner and draw everywhere.
     *
     * Pass 1 hashes the draw's name, a 0 byte and the learner's id (FNV-1a, 64 bits) into
     * splitmix64's state; pass 2 counts the grid (from and step as whole numbers of 10^-d);
     * pass 3 takes one pick per number, ⌊u·choices⌋ of the stream's next uniform u, row by row;
     * pass 4 writes each as (F + pick·S) / 10^d with F and S those whole numbers.
     *
     * @param learner the learner's id (an LMS's, a link's seed): 1 … 256 bytes of UTF-8
     * @param draw what is drawn, e.g. a walkthrough's id and input name: 1 … 256 bytes
     * @param rows, columns the matrix's shape, 1 … 64 each
     * @param from, to the grid's ends, −10⁶ … 10⁶, from < to
     * @param step the grid's spacing, above 0 and at most to − from; from and step have at most
     *        6 decimals; at most 10⁶ grid points
     */
    draw_numbers_trace draw_numbers(const std::string& learner, const std::string& draw,
                                    std::size_t rows, std::size_t columns, double from, double to,
                                    double step);
} // namespace attn

#endif
