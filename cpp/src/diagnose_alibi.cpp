#include "attn/diagnose_alibi.hpp"

#include <cmath>
#include <limits>

#include "attn/alibi.hpp"
#include "attn/attention.hpp"
#include "attn/error.hpp"
#include "name_misconception.hpp"

namespace attn
{
    alibi_stage parse_alibi_stage(const std::string& argument, const std::string& name)
    {
        const std::pair<const char*, alibi_stage> choices[] = {{"slope", alibi_stage::slope},
                                                               {"bias", alibi_stage::bias},
                                                               {"biased", alibi_stage::biased},
                                                               {"weight", alibi_stage::weight},
                                                               {"output", alibi_stage::output}};
        return detail::parse_choice(argument, name, choices);
    }

    namespace
    {
        /// How a run of an ALiBi head goes wrong (the defaults: the head itself).
        struct alibi_mistake
        {
            std::optional<double> slope; ///< another slope than the paper's
            bool positive = false;       ///< +slope·|i − j|
            bool signed_distance = false; ///< −slope·(i − j), no absolute value
            bool scaled_bias = false;     ///< (Q·Kᵀ + bias)/√d_k
        };

        bool is_power_of_two(std::size_t x)
        {
            return x != 0 && (x & (x - 1)) == 0;
        }

        /// Head k's slope as the paper's rule gives it, with its exponent's k + 1 written k when
        /// `off_by_one`, or by the plain 2^(−8(k+1)/H) whatever H when `plain`.
        double alibi_slope_as_written(std::size_t k, std::size_t heads, bool off_by_one,
                                      bool plain)
        {
            const double shift = off_by_one ? 0.0 : 1.0;
            const auto of = [shift](std::size_t index, std::size_t count) {
                return std::exp2(-8.0 * (static_cast<double>(index) + shift) /
                                 static_cast<double>(count));
            };
            if (plain)
            {
                return of(k, heads);
            }
            std::size_t power = 1;
            while (power * 2 <= heads)
            {
                power *= 2;
            }
            return k < power ? of(k, power) : of(2 * (k - power), 2 * power);
        }

        struct alibi_run
        {
            double slope = 0;
            matrix bias, biased, weights, output;
        };

        alibi_run alibi_attend(const matrix& query, const matrix& key, const matrix& value,
                               double paper_slope, bool causal, const alibi_mistake& how)
        {
            // Shape contract: query (n × d_k), key (m × d_k), value (m × d_v) → bias, biased and
            // weights (n × m), output (n × d_v): the head's passes with one thing changed.
            const std::size_t n = rows(query), m = rows(key);
            alibi_run r;
            // pass 1: the head's slope.
            r.slope = how.slope.value_or(paper_slope);
            // pass 2: the bias, −slope·|i − j| for query i and key j.
            r.bias = xt::empty<double>({n, m});
            matrix allowed = xt::ones<double>({n, m});
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j < m; ++j)
                {
                    const double signed_distance =
                        static_cast<double>(i) - static_cast<double>(j);
                    const double distance =
                        how.signed_distance ? signed_distance : std::abs(signed_distance);
                    r.bias(i, j) = (how.positive ? 1.0 : -1.0) * r.slope * distance;
                    allowed(i, j) = causal && j > i ? 0.0 : 1.0;
                }
            }
            // pass 3: scaled scores plus the bias, the mask, softmax and weights·V. Scaling the
            // bias too is the same as adding bias/√d_k to the scaled scores.
            const matrix added =
                how.scaled_bias ? matrix(r.bias / std::sqrt(static_cast<double>(cols(query))))
                                : r.bias;
            const attention_trace t = detail::attention_unchecked(
                query, key, value, causal ? &allowed : nullptr,
                -std::numeric_limits<double>::infinity(), nullptr, &added);
            r.biased = t.biased;
            r.weights = t.weights;
            r.output = t.output;
            return r;
        }

        double alibi_cell(const alibi_run& r, alibi_stage stage, std::size_t i, std::size_t j)
        {
            switch (stage)
            {
            case alibi_stage::slope:
                return r.slope;
            case alibi_stage::bias:
                return r.bias(i, j);
            case alibi_stage::biased:
                return r.biased(i, j);
            case alibi_stage::weight:
                return r.weights(i, j);
            case alibi_stage::output:
                break;
            }
            return r.output(i, j);
        }
    } // namespace

    alibi_diagnosis diagnose_alibi(const matrix& query, const matrix& key, const matrix& value,
                                   const alibi_diagnose_options& o)
    {
        detail::check_attention_inputs(query, key, value, max_dimension);
        detail::check_dimension("heads", o.heads);
        const std::size_t k =
            detail::check_integer("head", o.head, 0, static_cast<double>(o.heads - 1));
        const std::size_t n = rows(query), m = rows(key), d_v = cols(value);
        const bool one_cell = o.stage == alibi_stage::slope;
        const std::size_t i =
            detail::check_integer("row", o.row, 0, one_cell ? 0.0 : static_cast<double>(n - 1));
        const std::size_t last = one_cell ? 1 : o.stage == alibi_stage::output ? d_v : m;
        const std::size_t j =
            detail::check_integer("column", o.column, 0, static_cast<double>(last - 1));
        detail::check_answer(o.answer, o.tolerance);

        const vector slopes = alibi_slopes(o.heads);
        alibi_diagnosis g;
        g.slope = slopes(k);
        const auto cell = [&](const alibi_mistake& how) {
            return alibi_cell(alibi_attend(query, key, value, g.slope, o.causal, how), o.stage, i,
                              j);
        };
        g.expected = cell({});

        // The mistakes in order of precedence. The slope's mistakes change every stage; the
        // bias's, every stage from the bias on; scaling the bias, the stages after it. The plain
        // formula differs from the paper's only when H is not a power of two. On a causal
        // decoder's keys (j ≤ i) dropping the absolute value changes nothing, and measuring
        // j − i instead gives the positive bias.
        struct named
        {
            const char* name;
            alibi_mistake how;
            bool applies;
        };
        const bool past_slope = !one_cell;
        const bool past_bias = past_slope && o.stage != alibi_stage::bias;
        const named mistakes[] = {
            {"offByOneHead", {alibi_slope_as_written(k, o.heads, true, false)}, true},
            {"reversedHeads", {slopes(o.heads - 1 - k)}, o.heads > 1},
            {"plainSlopes",
             {alibi_slope_as_written(k, o.heads, false, true)},
             !is_power_of_two(o.heads)},
            {"positiveBias", {std::nullopt, true}, past_slope},
            {"signedDistance", {std::nullopt, false, true}, past_slope},
            {"scaledBias", {std::nullopt, false, false, true}, past_bias},
        };
        std::vector<detail::mistake_value> found;
        for (const named& mk : mistakes)
        {
            if (mk.applies)
            {
                found.push_back({mk.name, cell(mk.how)});
            }
        }
        return detail::name_misconception(g, o.answer, o.tolerance, found);
    }
} // namespace attn
