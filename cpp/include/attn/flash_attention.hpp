#ifndef ATTN_FLASH_ATTENTION_HPP
#define ATTN_FLASH_ATTENTION_HPP

/**
 * @file flash_attention.hpp
 * @brief Tiled attention with the online softmax (FlashAttention, Dao et al. 2022, Algorithm 1;
 * the online softmax of Milakov & Gimelshein 2018): the same output as
 * softmax(Q·Kᵀ/√d_k)·V, computed block by block so that no n × m matrix is ever held.
 */

#include <cstddef>
#include <limits>
#include <optional>
#include <vector>

#include "attn/mask.hpp"
#include "attn/matrix.hpp"
#include "attn/precision.hpp"

namespace attn
{
    /// The side of a flash tile whose size is omitted: min(n, 16) queries or keys.
    constexpr std::size_t default_flash_block = 16;

    struct flash_options
    {
        attention_mask mask;
        /// What blocked scores become: −∞ (default) or any finite number, as in attention.
        double mask_fill = -std::numeric_limits<double>::infinity();
        /// Queries per tile, 1 … n; omitted, min(n, default_flash_block).
        std::optional<std::size_t> block_rows;
        /// Keys per tile, 1 … m; omitted, min(m, default_flash_block).
        std::optional<std::size_t> block_cols;
        precision scalar = precision::float64;
        /// false: only output, row_max, row_sum and peak_cells (for n in the thousands).
        bool trace = true;
    };

    /// One tile (a block of queries against a block of keys) as the online softmax met it.
    /// Every vector has one entry per query row of the block.
    struct flash_tile
    {
        std::size_t row_block = 0, col_block = 0; ///< the tile's place in the grid of blocks
        std::size_t row_start = 0, col_start = 0; ///< its first query and first key
        matrix scores; ///< (rows × cols) pass 2: Q·Kᵀ/√d_k of the tile, blocked cells = fill
        vector tile_max;       ///< pass 3: max of each row of the tile's scores
        vector max_before;     ///< the running max m before the tile (−∞ before the first)
        vector max_after;      ///< m after: max(max_before, tile_max)
        vector rescale;        ///< α = exp(max_before − max_after): 0 for the first tile
        matrix exps;           ///< (rows × cols) pass 4: exp(score − max_after)
        vector sum_after;      ///< the running sum ℓ after: α·ℓ_before + Σ exps
        matrix partial_output; ///< (rows × d_v) pass 5: α·Õ_before + exps·V_tile, unnormalised
    };

    struct flash_attention_trace
    {
        matrix output;  ///< (n × d_v) pass 6: Õ / ℓ, 0 for a row whose every key is blocked
        vector row_max; ///< (n) the final running max m: the row max of the masked scores
        vector row_sum; ///< (n) the final running sum ℓ = Σ exp(score − row_max)
        std::size_t block_rows = 0, block_cols = 0; ///< the tile sizes used
        /// 1, or the power of two the values were multiplied by (values within a factor m of
        /// the largest double) so the running outputs stay finite; partial outputs are in
        /// those units, output is not.
        double value_scale = 1;
        /// Cells of the largest single intermediate the lean path allocates: the tile buffers
        /// (and, in float32, the inputs' float copies), never n × m.
        std::size_t peak_cells = 0;
        bool has_tiles = false;
        std::vector<flash_tile> tiles; ///< row block outer, column block inner; only traced
    };

    /**
     * @brief Scaled dot-product attention by tiles, with the online softmax.
     * @param query (n × d_k), n up to max_sequence
     * @param key (m × d_k), m up to max_sequence
     * @param value (m × d_v)
     * @param options mask, fill, tile sizes, precision, trace
     * @return output, row_max, row_sum, peak_cells and, traced, every tile
     * @throws attention_error naming the argument on any bad shape, value or size
     */
    flash_attention_trace flash_attention(const matrix& query, const matrix& key,
                                          const matrix& value, const flash_options& options = {});
} // namespace attn

#endif
