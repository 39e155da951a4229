#include "attn/attention_rollout.hpp"

#include <string>

#include "attn/attention_weights_check.hpp"
#include "attn/error.hpp"

namespace attn
{
    namespace
    {
        std::string head_name(std::size_t l, std::size_t h)
        {
            return "layers[" + std::to_string(l) + "][" + std::to_string(h) + "]";
        }

        /// The shapes and rows of every head, each refusal naming the layer and head.
        std::size_t check_layers(const layer_heads& layers)
        {
            if (layers.empty())
            {
                detail::fail("layers", "at least one layer", "an empty list");
            }
            std::size_t n = 0;
            for (std::size_t l = 0; l < layers.size(); ++l)
            {
                if (layers[l].empty())
                {
                    detail::fail("layers[" + std::to_string(l) + "]", "at least one head",
                                 "an empty list");
                }
                for (std::size_t h = 0; h < layers[l].size(); ++h)
                {
                    const matrix& a = layers[l][h];
                    const std::string name = head_name(l, h);
                    detail::check_matrix(name, a);
                    if (l == 0 && h == 0)
                    {
                        n = rows(a);
                    }
                    if (rows(a) != n || cols(a) != n)
                    {
                        detail::fail(name,
                                     "a matrix of shape " + detail::format_shape(n, n) +
                                         " (the shape of layers[0][0], square)",
                                     detail::format_shape(rows(a), cols(a)));
                    }
                    detail::check_attention_rows(name, a);
                }
            }
            return n;
        }
    } // namespace

    attention_rollout_trace attention_rollout(const layer_heads& layers, double residual)
    {
        // Shape contract: layers (L × H_l × n × n) → mean, mixed, rollout (L × n × n).
        const std::size_t n = check_layers(layers);
        if (!(residual >= 0 && residual <= 1))
        {
            detail::fail("residual", "a number from 0 to 1", detail::format_number(residual));
        }
        const std::size_t depth = layers.size();
        attention_rollout_trace t;
        t.mean = xt::zeros<double>({depth, n, n});
        t.mixed = xt::zeros<double>({depth, n, n});
        t.rollout = xt::zeros<double>({depth, n, n});
        for (std::size_t l = 0; l < depth; ++l)
        {
            // pass 1: the mean over the layer's heads.
            const double heads = static_cast<double>(layers[l].size());
            for (const matrix& a : layers[l])
            {
                for (std::size_t i = 0; i < n; ++i)
                {
                    for (std::size_t j = 0; j < n; ++j)
                    {
                        t.mean(l, i, j) += a(i, j) / heads;
                    }
                }
            }
            // pass 2: the residual connection as attention to oneself, then each row divided by
            // its sum (1 up to rounding; the sum is at least residual + (1 − residual)·(1 − 1e-6)).
            for (std::size_t i = 0; i < n; ++i)
            {
                double sum = 0;
                for (std::size_t j = 0; j < n; ++j)
                {
                    t.mixed(l, i, j) = (i == j ? residual : 0.0) + (1 - residual) * t.mean(l, i, j);
                    sum += t.mixed(l, i, j);
                }
                for (std::size_t j = 0; j < n; ++j)
                {
                    t.mixed(l, i, j) /= sum;
                }
            }
            // pass 3: rollout_0 = mixed_0; rollout_l = mixed_l · rollout_(l−1), so row i of the
            // last says how much output i draws on each input token through every layer.
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j < n; ++j)
                {
                    if (l == 0)
                    {
                        t.rollout(l, i, j) = t.mixed(l, i, j);
                        continue;
                    }
                    double s = 0;
                    for (std::size_t k = 0; k < n; ++k)
                    {
                        s += t.mixed(l, i, k) * t.rollout(l - 1, k, j);
                    }
                    t.rollout(l, i, j) = s;
                }
            }
        }
        return t;
    }
} // namespace attn
