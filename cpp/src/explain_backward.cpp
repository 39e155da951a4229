#include "attn/explain_backward.hpp"

#include <algorithm>
#include <utility>

#include "attn/attention_backward.hpp"
#include "attn/error.hpp"

namespace attn
{
    namespace
    {
        const std::pair<const char*, backward_stage> backward_stage_names[] = {
            {"gradValue", backward_stage::grad_value},
            {"gradWeight", backward_stage::grad_weight},
            {"gradScaled", backward_stage::grad_scaled},
            {"gradScore", backward_stage::grad_score},
            {"gradQuery", backward_stage::grad_query},
            {"gradKey", backward_stage::grad_key}};

        /// The shape of the stage's gradient: rows, columns.
        std::pair<std::size_t, std::size_t> shape_of(backward_stage stage, std::size_t n,
                                                     std::size_t m, std::size_t d_k,
                                                     std::size_t d_v)
        {
            switch (stage)
            {
            case backward_stage::grad_value:
                return {m, d_v};
            case backward_stage::grad_query:
                return {n, d_k};
            case backward_stage::grad_key:
                return {m, d_k};
            default:
                return {n, m};
            }
        }
    } // namespace

    backward_stage parse_backward_stage(const std::string& argument, const std::string& name)
    {
        return detail::parse_choice(argument, name, backward_stage_names);
    }

    const char* backward_stage_name(backward_stage stage)
    {
        for (const auto& [spelling, named] : backward_stage_names)
        {
            if (named == stage)
            {
                return spelling;
            }
        }
        return "";
    }

    attention_backward_explanation
    explain_attention_backward(const matrix& query, const matrix& key, const matrix& value,
                               const attention_options& options, const matrix& grad_output,
                               double row, double column, backward_stage stage)
    {
        // Shape contract: query (n × d_k), key (m × d_k), value (m × d_v), grad_output (n × d_v);
        // (row, column) inside the stage's gradient → the operands of that one cell.
        // pass 1: the backward (which checks every argument) and the forward it ran, so every
        // operand below is a number of the traces the page shows.
        const attention_backward_trace b =
            attention_backward(query, key, value, options, grad_output);
        const attention_trace f = scaled_dot_product_attention(query, key, value, options);
        const std::size_t n = rows(query), m = rows(key), d_k = cols(query), d_v = cols(value);

        attention_backward_explanation e;
        e.stage = stage;
        const auto [row_count, column_count] = shape_of(stage, n, m, d_k, d_v);
        e.row = detail::check_integer("row", row, 0, static_cast<double>(row_count - 1));
        e.column =
            detail::check_integer("column", column, 0, static_cast<double>(column_count - 1));
        const std::size_t r = e.row, c = e.column;
        const matrix& w = f.weights;

        // pass 2: the cell's arithmetic, as the backward's pass of the same name does it.
        switch (stage)
        {
        case backward_stage::grad_value:
            // ∂L/∂V[j][c] = Σ_i weights[i][j]·g[i][c]: every query that looked at key j passes
            // its share of the output's gradient back to value j.
            e.detail = detail::dot_product(
                n, [&](std::size_t i) { return w(i, r); },
                [&](std::size_t i) { return grad_output(i, c); }, b.grad_value(r, c));
            break;
        case backward_stage::grad_weight:
            // ∂L/∂weights[i][j] = Σ_c g[i][c]·value[j][c]
            e.detail = detail::dot_product(
                d_v, [&](std::size_t k) { return grad_output(r, k); },
                [&](std::size_t k) { return value(c, k); }, b.grad_weights(r, c));
            break;
        case backward_stage::grad_scaled:
        {
            // ∂L/∂scaled[i][j] = w_j·(g_j − Σ_k w_k·g_k): the softmax's Jacobian applied to row i.
            softmax_backward_explanation s;
            s.weight = w(r, c);
            s.grad_weight = b.grad_weights(r, c);
            s.terms.reserve(m);
            for (std::size_t k = 0; k < m; ++k)
            {
                const double wk = w(r, k), gk = b.grad_weights(r, k);
                s.terms.push_back({wk, gk, wk * gk});
                s.row_dot += wk * gk;
            }
            s.difference = s.grad_weight - s.row_dot;
            s.grad_scaled = b.grad_scaled(r, c);
            s.blocked = f.has_mask && f.mask(r, c) == 0;
            e.detail = std::move(s);
            break;
        }
        case backward_stage::grad_score:
            e.detail =
                grad_score_explanation{b.grad_scaled(r, c), f.sqrt_d_k, b.grad_scores(r, c), d_k};
            break;
        case backward_stage::grad_query:
            // ∂L/∂Q[i][c] = Σ_j ∂L/∂scores[i][j]·key[j][c]
            e.detail = detail::dot_product(
                m, [&](std::size_t j) { return b.grad_scores(r, j); },
                [&](std::size_t j) { return key(j, c); }, b.grad_query(r, c));
            break;
        case backward_stage::grad_key:
            // ∂L/∂K[j][c] = Σ_i ∂L/∂scores[i][j]·query[i][c]
            e.detail = detail::dot_product(
                n, [&](std::size_t i) { return b.grad_scores(i, r); },
                [&](std::size_t i) { return query(i, c); }, b.grad_key(r, c));
            break;
        }
        return e;
    }
} // namespace attn
