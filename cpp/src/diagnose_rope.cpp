#include "attn/diagnose_rope.hpp"

#include <cmath>

#include "attn/attention.hpp"
#include "attn/error.hpp"
#include "name_misconception.hpp"

namespace attn
{
    rope_stage parse_rope_stage(const std::string& argument, const std::string& name)
    {
        const std::pair<const char*, rope_stage> choices[] = {{"rotated", rope_stage::rotated},
                                                              {"score", rope_stage::score},
                                                              {"output", rope_stage::output}};
        return detail::parse_choice(argument, name, choices);
    }

    namespace
    {
        /// How a run of RoPE attention goes wrong (all false: the layer itself).
        struct rope_mistake
        {
            bool power_of_theta = false;
            bool other_convention = false;
            bool rotate_values = false;
        };

        struct rope_run
        {
            matrix rotated, scores, output;
        };

        /// Rows of x turned at `positions`, by position·θ_i or, as the mistake has it,
        /// θ_i^position.
        matrix turned_rows(const matrix& x, const vector& positions, double base,
                           rope_convention convention, bool power_of_theta)
        {
            const rope_trace t = detail::rope_unchecked(x, positions, base, convention,
                                                        {"base", "positions", "input"});
            if (!power_of_theta)
            {
                return t.output;
            }
            matrix angles = t.angles;
            for (std::size_t r = 0; r < rows(angles); ++r)
            {
                for (std::size_t i = 0; i < cols(angles); ++i)
                {
                    angles(r, i) = std::pow(t.theta(i), positions(r));
                }
            }
            return detail::rotate_pairs(x, xt::cos(angles), xt::sin(angles), convention);
        }

        rope_run rope_attend(const matrix& query, const matrix& key, const matrix& value,
                             const rope_diagnose_options& o, const rope_mistake& how)
        {
            // Shape contract: query (n × d), key (m × d), value (m × d_v) → rotated (n × d),
            // scores (n × m), output (n × d_v), the layer's passes with one thing changed.
            const rope_convention convention =
                how.other_convention
                    ? (o.convention == rope_convention::half ? rope_convention::interleaved
                                                             : rope_convention::half)
                    : o.convention;
            rope_run r;
            // pass 1: turn the queries and the keys at their positions.
            r.rotated =
                turned_rows(query, o.query_positions, o.base, convention, how.power_of_theta);
            const matrix k =
                turned_rows(key, o.key_positions, o.base, convention, how.power_of_theta);
            // pass 2: the values stay as they are (the mistake turns them like the keys).
            const matrix v = how.rotate_values
                                 ? turned_rows(value, o.key_positions, o.base, convention, false)
                                 : value;
            // pass 3: attention on the turned rows: scores, then softmax(scores/√d)·V.
            const attention_trace t = detail::attention_unchecked(r.rotated, k, v, nullptr, 0.0);
            r.scores = t.scores;
            r.output = t.output;
            return r;
        }

        double rope_cell(const rope_run& r, rope_stage stage, std::size_t i, std::size_t j)
        {
            return stage == rope_stage::rotated ? r.rotated(i, j)
                   : stage == rope_stage::score ? r.scores(i, j)
                                                : r.output(i, j);
        }
    } // namespace

    rope_diagnosis diagnose_rope(const matrix& query, const matrix& key, const matrix& value,
                                 const rope_diagnose_options& o)
    {
        detail::check_attention_inputs(query, key, value, max_dimension);
        if (cols(query) % 2 != 0)
        {
            detail::fail("query", "an even number of columns (RoPE rotates pairs)",
                         std::to_string(cols(query)));
        }
        const std::size_t n = rows(query), m = rows(key), d = cols(query), d_v = cols(value);
        detail::check_vector("queryPositions", o.query_positions, n, "one per row of query");
        detail::check_vector("keyPositions", o.key_positions, m, "one per row of key");
        detail::check_rope_base("base", o.base);
        const std::size_t i = detail::check_integer("row", o.row, 0, static_cast<double>(n - 1));
        const std::size_t last = o.stage == rope_stage::rotated ? d
                                 : o.stage == rope_stage::score ? m
                                                                : d_v;
        const std::size_t j =
            detail::check_integer("column", o.column, 0, static_cast<double>(last - 1));
        detail::check_answer(o.answer, o.tolerance);

        rope_diagnosis g;
        g.expected = rope_cell(rope_attend(query, key, value, o, {}), o.stage, i, j);

        // The mistakes in order of precedence; turning the values changes the output alone,
        // and needs values of even width.
        struct named
        {
            const char* name;
            rope_mistake how;
            bool applies;
        };
        const named mistakes[] = {
            {"thetaToThePosition", {true, false, false}, true},
            {"wrongConvention", {false, true, false}, true},
            {"rotatedValues", {false, false, true}, o.stage == rope_stage::output && d_v % 2 == 0},
        };
        std::vector<detail::mistake_value> found;
        for (const named& mk : mistakes)
        {
            if (!mk.applies)
            {
                continue;
            }
            const double there =
                rope_cell(rope_attend(query, key, value, o, mk.how), o.stage, i, j);
            // θ^position overflows for large negative positions: such a run is no candidate.
            if (std::isfinite(there))
            {
                found.push_back({mk.name, there});
            }
        }
        return detail::name_misconception(g, o.answer, o.tolerance, found);
    }
} // namespace attn
