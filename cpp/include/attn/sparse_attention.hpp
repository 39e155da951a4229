#ifndef ATTN_SPARSE_ATTENTION_HPP
#define ATTN_SPARSE_ATTENTION_HPP

/**
 * @file sparse_attention.hpp
 * @brief Sparse attention: scaled dot-product attention restricted to a pattern of keys per
 * query, made of a sliding window (Longformer, Beltagy et al. 2020), global tokens (Longformer)
 * and random keys (BigBird, Zaheer et al. 2020). Traced, it is exactly `attention` with the
 * pattern as its mask; lean, it computes only the allowed cells.
 */

#include <cstddef>
#include <cstdint>
#include <limits>
#include <variant>
#include <vector>

#include "attn/attention.hpp"
#include "attn/matrix.hpp"

namespace attn
{
    struct sparse_attention_options
    {
        /// Key j is allowed for query i when |i − j| ≤ window (0: each token sees itself).
        std::size_t window = 0;
        /// Tokens that attend to every key and that every query attends to, as given (each is
        /// checked to be a whole number from 0 to n − 1, listed once).
        vector global_tokens;
        /// Extra keys per query drawn at random among those not yet allowed (fewer when fewer
        /// are left): from stream seed·256 + 12, rows in order, each row drawing
        /// j = ⌊u·n⌋ and keeping j when not already allowed in that row, until it has its keys.
        std::size_t random_per_row = 0;
        std::uint32_t seed = 0;
        double mask_fill = -std::numeric_limits<double>::infinity();
        /// false: only output, keysPerRow and peakCells, computed without any n × n matrix.
        bool trace = true;
    };

    /// The traced alternative: attention's whole trace, its mask being the pattern.
    struct sparse_attention_full
    {
        attention_trace attention;
    };

    /// The lean alternative: nothing beyond the fields every result has.
    struct sparse_attention_lean
    {
    };

    struct sparse_attention_trace
    {
        std::variant<sparse_attention_full, sparse_attention_lean> detail;
        matrix output;                         ///< (n × d_v) as attention's pass 5
        std::vector<std::size_t> keys_per_row; ///< (n) allowed keys of each query
        /// Σ keysPerRow: the weights the lean path keeps, one per allowed cell, never n × n.
        std::size_t peak_cells = 0;
    };

    /// Numbers a traced call may return (attention's seven n × n matrices and the rest).
    constexpr std::size_t max_sparse_trace_numbers = std::size_t{1} << 21;

    /// The allowed keys of every query, row by row (compressed sparse rows), keys ascending.
    struct sparse_pattern
    {
        std::vector<std::size_t> row_start; ///< (n + 1) row i's keys are keys[row_start[i] …)
        std::vector<std::size_t> keys;      ///< (Σ keys per row)
    };

    /**
     * @brief The pattern of window, global tokens and random keys over a sequence of n tokens.
     * @param n sequence length
     * @param options window, global_tokens, random_per_row, seed (checked here)
     */
    sparse_pattern sparse_attention_pattern(std::size_t n, const sparse_attention_options& options);

    /**
     * @brief Sparse self-attention over one sequence.
     * @param query (n × d_k)
     * @param key (n × d_k)
     * @param value (n × d_v)
     * @param options the pattern, mask fill and whether to trace
     * @return attention's trace with the pattern as mask (traced), or the lean result
     * @throws attention_error naming the argument on any bad shape or value
     */
    sparse_attention_trace sparse_attention(const matrix& query, const matrix& key,
                                            const matrix& value,
                                            const sparse_attention_options& options = {});
} // namespace attn

#endif
