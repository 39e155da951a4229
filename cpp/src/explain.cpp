#include "attn/explain.hpp"

#include <algorithm>
#include <utility>

#include "attn/error.hpp"

namespace attn
{
    namespace
    {
        const std::pair<const char*, explain_stage> stage_names[] = {
            {"score", explain_stage::score},
            {"scaled", explain_stage::scaled},
            {"weight", explain_stage::weight},
            {"output", explain_stage::output}};

        vector row_of(const matrix& m, std::size_t i)
        {
            vector out = xt::empty<double>({cols(m)});
            std::copy_n(&m(i, 0), cols(m), out.begin());
            return out;
        }
    } // namespace

    explain_stage parse_explain_stage(const std::string& argument, const std::string& name)
    {
        return detail::parse_choice(argument, name, stage_names);
    }

    const char* explain_stage_name(explain_stage stage)
    {
        for (const auto& [spelling, named] : stage_names)
        {
            if (named == stage)
            {
                return spelling;
            }
        }
        return "";
    }

    attention_explanation explain_attention(const matrix& query, const matrix& key,
                                            const matrix& value, const attention_options& options,
                                            double row, double column, explain_stage stage)
    {
        // Shape contract: query (n × d_k), key (m × d_k), value (m × d_v); row < n; column < m,
        // or < d_v for the output → the operands of that one cell.
        // pass 1: the whole attention, so every operand below is the trace's own number.
        const attention_trace t = scaled_dot_product_attention(query, key, value, options);
        const std::size_t n = rows(query), m = rows(key), d_v = cols(value);

        attention_explanation e;
        e.stage = stage;
        e.row = detail::check_integer("row", row, 0, static_cast<double>(n - 1));
        const std::size_t columns = stage == explain_stage::output ? d_v : m;
        e.column = detail::check_integer("column", column, 0, static_cast<double>(columns - 1));
        const std::size_t i = e.row, j = e.column;

        // pass 2: the cell's arithmetic, in the order the engine did it.
        switch (stage)
        {
        case explain_stage::score:
            // scores[i][j] = Σ_c query[i][c]·key[j][c]
            e.detail = detail::dot_product(
                cols(query), [&](std::size_t c) { return query(i, c); },
                [&](std::size_t c) { return key(j, c); }, t.scores(i, j));
            break;
        case explain_stage::scaled:
            e.detail = scaled_explanation{t.scores(i, j), t.sqrt_d_k, t.scaled(i, j), cols(query)};
            break;
        case explain_stage::weight:
        {
            weight_explanation w;
            w.logits = row_of(t.has_mask ? t.masked : t.scaled, i);
            w.blocked = xt::zeros<double>({m});
            for (std::size_t k = 0; t.has_mask && k < m; ++k)
            {
                w.blocked(k) = t.mask(i, k) == 0 ? 1.0 : 0.0;
            }
            w.row_max = t.softmax.row_max(i);
            w.exps = row_of(t.softmax.exps, i);
            w.row_sum = t.softmax.row_sum(i);
            w.numerator = t.softmax.exps(i, j);
            w.weight = t.weights(i, j);
            w.fully_masked = std::find(t.fully_masked_rows.begin(), t.fully_masked_rows.end(), i) !=
                             t.fully_masked_rows.end();
            e.detail = std::move(w);
            break;
        }
        case explain_stage::output:
            // output[i][c] = Σ_j weights[i][j]·value[j][c]
            e.detail = detail::dot_product(
                m, [&](std::size_t k) { return t.weights(i, k); },
                [&](std::size_t k) { return value(k, j); }, t.output(i, j));
            break;
        }
        return e;
    }
} // namespace attn
