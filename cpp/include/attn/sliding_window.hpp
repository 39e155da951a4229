#ifndef ATTN_SLIDING_WINDOW_HPP
#define ATTN_SLIDING_WINDOW_HPP

/**
 * @file sliding_window.hpp
 * @brief A decoder's sliding-window mask (Beltagy et al. 2020, Longformer, arXiv:2004.05150;
 * Jiang et al. 2023, Mistral 7B, arXiv:2310.06825) with attention sinks (Xiao et al. 2023,
 * "Efficient Streaming Language Models with Attention Sinks", arXiv:2309.17453).
 */

#include <cstddef>

#include "attn/matrix.hpp"

namespace attn
{
    /// Whether query i sees key j: the last `window` keys up to itself, i − window < j ≤ i,
    /// and the first `sinks` keys, j < sinks, as long as j ≤ i (causal either way).
    inline bool in_sliding_window(std::size_t i, std::size_t j, std::size_t window,
                                  std::size_t sinks)
    {
        return j <= i && (j + window > i || j < sinks);
    }

    /**
     * @brief The window as an n × m 0/1 mask (1 = attend), query i against key j.
     * @param window ≥ 1 (1: each query sees only itself)
     * @param sinks 0 … keys kept visible to every later query
     */
    matrix sliding_window_mask(std::size_t n, std::size_t m, std::size_t window, std::size_t sinks);

    namespace detail
    {
        /// Checks window ≥ 1 ("window: expected a whole number ≥ 1, got 0").
        void check_window(std::size_t window);
    } // namespace detail
} // namespace attn

#endif
