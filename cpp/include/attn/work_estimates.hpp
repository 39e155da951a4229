#ifndef ATTN_WORK_ESTIMATES_HPP
#define ATTN_WORK_ESTIMATES_HPP

/**
 * @file work_estimates.hpp
 * @brief The work of the scale kernels, in multiply-adds, counted from their sizes before any
 * of it is done: what the operations' work budgets (describe/work.hpp) compare. Each counts
 * the products that dominate; a tile or chunk also counts its fixed cost, which is what grows
 * when blocks are tiny.
 */

#include <algorithm>
#include <cmath>

namespace attn
{
    /// The fixed cost of one tile of flash attention or one chunk pair of chunked attention
    /// (calls, loops entered, row maxima), as multiply-adds: 1 × 1 tiles cost 125 (d = 1) to
    /// 370 (d = 64) more than their counted work, at whole tiles' rate, through the wasm build
    /// (scripts/bench/work-budgets.mjs and costGrowth in chunks of 1).
    constexpr double tile_multiply_adds = 256;

    /// Flash or chunked attention, n queries against m keys in tiles of block_rows ×
    /// block_cols: Q·Kᵀ and weights·V over every cell, every key transposed once per row block,
    /// the output rescaled once per key block, and each tile's fixed cost.
    inline double tiled_attention_work(double n, double m, double d_k, double d_v,
                                       double block_rows, double block_cols)
    {
        const double row_blocks = std::ceil(n / block_rows), col_blocks = std::ceil(m / block_cols);
        return n * m * (d_k + d_v) + row_blocks * m * d_k + n * col_blocks * d_v +
               row_blocks * col_blocks * tile_multiply_adds;
    }

    /// Sparse attention, lean: d_k + d_v per allowed cell, the cells bounded by n keys per
    /// query of the window, the global tokens and the random keys, and n per global token.
    inline double sparse_attention_work(double n, double d_k, double d_v, double window,
                                        double global_tokens, double random_per_row)
    {
        const double per_row = std::min(n, 2 * window + 1 + global_tokens + random_per_row);
        const double cells = std::min(n * n, n * per_row + global_tokens * n);
        return cells * (d_k + d_v);
    }

    /// Linear attention: φ(K)ᵀ·V over the m keys, φ(Q)·S over the n queries.
    inline double linear_attention_work(double n, double m, double d_k, double d_v)
    {
        return (n + m) * d_k * (d_v + 1);
    }

    /// The RNN: x_t·W_x and h_{t−1}·W_h at each of n steps.
    inline double rnn_work(double n, double d, double hidden)
    {
        return n * (d * hidden + hidden * hidden);
    }
    /// Multi-head attention's backward pass, n queries against m keys of width d: three times
    /// the forward's products (each forward product has two in the backward), which are the
    /// projections of queries, keys, values and output, (2n + 2m)·d², and Q·Kᵀ and weights·V
    /// over the heads, 2·n·m·d.
    inline double multi_head_attention_backward_work(double n, double m, double d)
    {
        return 3 * ((2 * n + 2 * m) * d * d + 2 * n * m * d);
    }

    /// The encoder layer's backward pass over n tokens of width d: three times the forward's
    /// products, self-attention's (as above, m = n) and the feed-forward's 2·n·d·d_ff.
    inline double encoder_layer_backward_work(double n, double d, double d_ff)
    {
        return multi_head_attention_backward_work(n, n, d) + 3 * 2 * n * d * d_ff;
    }

    /// The decoder layer's backward pass over n tokens of width d: three times the forward's
    /// products, self-attention's (as above, m = n; grouped keys and values count as full width)
    /// and SwiGLU's 3·n·d·d_ff.
    inline double decoder_layer_backward_work(double n, double d, double d_ff)
    {
        return multi_head_attention_backward_work(n, n, d) + 3 * 3 * n * d * d_ff;
    }

    /// The decoder layer decoded one row at a time over n tokens of width d: each row's four
    /// projections, 4·d² (grouped keys and values counted as full width), and SwiGLU's 3·d·d_ff,
    /// and row t's scores and weighted sum over t + 1 cached rows, about n²·d in all.
    inline double decoder_layer_decode_work(double n, double d, double d_ff)
    {
        return n * (4 * d * d + 3 * d * d_ff) + n * n * d;
    }
} // namespace attn

#endif
