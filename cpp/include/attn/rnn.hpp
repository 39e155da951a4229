#ifndef ATTN_RNN_HPP
#define ATTN_RNN_HPP

/**
 * @file rnn.hpp
 * @brief A minimal recurrent network (Elman), h_t = tanh(x_t·W_x + h_{t−1}·W_h + b), h_0 = 0:
 * what attention replaced. Here to time its O(n·d²) sequential steps against attention's
 * O(n²·d) parallel ones, so it is traced and tested like every other operation.
 */

#include <cstddef>
#include <cstdint>
#include <optional>

#include "attn/matrix.hpp"

namespace attn
{
    struct rnn_params
    {
        std::optional<matrix> w_x; ///< (d × hidden); omitted: seeded Xavier, stream seed·256 + 13
        std::optional<matrix> w_h; ///< (hidden × hidden); omitted: seeded Xavier, stream + 14
        std::optional<vector> b;   ///< (hidden); omitted: no bias
    };

    struct rnn_options
    {
        std::optional<std::size_t> hidden; ///< omitted: d, the width of the input
        std::uint32_t seed = 0;
    };

    struct rnn_trace
    {
        matrix w_x;    ///< (d × hidden) as used
        matrix w_h;    ///< (hidden × hidden) as used
        vector b;      ///< (hidden) as given; empty when omitted
        matrix states; ///< (n × hidden) row t = h_{t+1}, the state after input row t
        /// n·(d·hidden + hidden²): the multiply-adds of the steps, each waiting on the one before.
        double multiply_adds = 0;
        /// The states n·hidden, the one intermediate that grows with n.
        std::size_t peak_cells = 0;
    };

    /**
     * @brief Runs the recurrence over the rows of the input.
     * @param input (n × d)
     * @param params W_x, W_h, b (each optional)
     * @param options hidden width, seed of the omitted weights
     * @return the trace
     * @throws attention_error naming the argument on any bad shape or value
     */
    rnn_trace rnn_forward(const matrix& input, const rnn_params& params,
                          const rnn_options& options = {});
} // namespace attn

#endif
