#include "attn/diagnose_sliding_window.hpp"

#include <algorithm>
#include <cmath>

#include "attn/attention.hpp"
#include "attn/error.hpp"
#include "attn/sliding_window.hpp"
#include "name_misconception.hpp"

namespace attn
{
    window_stage parse_window_stage(const std::string& argument, const std::string& name)
    {
        const std::pair<const char*, window_stage> choices[] = {{"weight", window_stage::weight},
                                                                {"output", window_stage::output},
                                                                {"reach", window_stage::reach}};
        return detail::parse_choice(argument, name, choices);
    }

    namespace
    {
        /// Which keys a query sees, as the window defines it or as a mistake has it.
        enum class band_rule
        {
            window,         ///< i − w < j ≤ i, or j < sinks (and j ≤ i)
            off_by_one,     ///< i − w ≤ j ≤ i: window + 1 keys
            not_causal,     ///< |i − j| < w: the band looks ahead as far as back
            no_sinks,       ///< i − w < j ≤ i, the sinks forgotten
            sinks_in_window ///< the sinks take `sinks` of the window's w places
        };

        bool sees(band_rule rule, std::size_t i, std::size_t j, std::size_t w, std::size_t s)
        {
            switch (rule)
            {
            case band_rule::off_by_one:
                return in_sliding_window(i, j, w + 1, s);
            case band_rule::not_causal:
                return (i >= j ? i - j : j - i) < w || j < s;
            case band_rule::no_sinks:
                return in_sliding_window(i, j, w, 0);
            case band_rule::sinks_in_window:
                return in_sliding_window(i, j, w - s, s);
            case band_rule::window:
                break;
            }
            return in_sliding_window(i, j, w, s);
        }
        matrix band_mask(band_rule rule, std::size_t n, std::size_t m, std::size_t w, std::size_t s)
        {
            matrix allowed = xt::zeros<double>({n, m});
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j < m; ++j)
                {
                    allowed(i, j) = sees(rule, i, j, w, s) ? 1.0 : 0.0;
                }
            }
            return allowed;
        }

        /// Cell (i, j) of the layer's weights or output under the rule's mask.
        double windowed_cell(const matrix& query, const matrix& key, const matrix& value,
                             band_rule rule, std::size_t w, std::size_t s, window_stage stage,
                             std::size_t i, std::size_t j)
        {
            // Shape contract: query (n × d), key (m × d), value (m × d_v) → weights (n × m),
            // output (n × d_v).
            // pass 1: the mask, query i at position i against key j at position j.
            const matrix allowed = band_mask(rule, rows(query), rows(key), w, s);
            // pass 2: attention under it: softmax(masked Q·Kᵀ/√d), then its product with V.
            const attention_trace t =
                detail::attention_unchecked(query, key, value, &allowed, -INFINITY);
            return stage == window_stage::weight ? t.weights(i, j) : t.output(i, j);
        }

        /// How many positions back token i draws on after `layers` layers of a causal band of
        /// `w` keys: the band composed with itself, one layer at a time, over positions 0 … i.
        double composed_reach(std::size_t i, std::size_t w, std::size_t layers)
        {
            // pass 1: the first layer, row i of the band: i − w < j ≤ i.
            std::vector<bool> reached(i + 1, false);
            for (std::size_t j = 0; j <= i; ++j)
            {
                reached[j] = in_sliding_window(i, j, w, 0);
            }
            // pass 2: each further layer, what every reached position itself saw below; once a
            // layer adds nothing, none after it can (which bounds the work by about 2·i²).
            for (std::size_t layer = 1; layer < layers; ++layer)
            {
                std::vector<bool> next = reached;
                for (std::size_t j = 0; j <= i; ++j)
                {
                    for (std::size_t k = j + 1 >= w ? j + 1 - w : 0; reached[j] && k <= j; ++k)
                    {
                        next[k] = true; // j − w < k ≤ j: position j's own band
                    }
                }
                if (next == reached)
                {
                    break;
                }
                reached = next;
            }
            // pass 3: the farthest position left.
            const auto first = std::find(reached.begin(), reached.end(), true);
            return static_cast<double>(i - static_cast<std::size_t>(first - reached.begin()));
        }
    } // namespace

    window_diagnosis diagnose_sliding_window(const matrix& query, const matrix& key,
                                             const matrix& value, const window_diagnose_options& o)
    {
        detail::check_attention_inputs(query, key, value, max_dimension);
        const std::size_t n = rows(query), m = rows(key), d_v = cols(value);
        const double top = static_cast<double>(max_dimension);
        const std::size_t w = detail::check_integer("window", o.window, 1, top);
        const std::size_t s = detail::check_integer("sinks", o.sinks, 0, top);
        const std::size_t layers = detail::check_integer("layers", o.layers, 1, top);
        const std::size_t i = detail::check_integer("row", o.row, 0, static_cast<double>(n - 1));
        const std::size_t last = o.stage == window_stage::weight   ? m
                                 : o.stage == window_stage::output ? d_v
                                                                   : 1;
        const std::size_t j =
            detail::check_integer("column", o.column, 0, static_cast<double>(last - 1));
        detail::check_answer(o.answer, o.tolerance);

        std::vector<detail::mistake_value> mistakes;
        window_diagnosis g;
        if (o.stage == window_stage::reach)
        {
            g.expected = composed_reach(i, w, layers);
            // L·window: each layer counted as window positions back instead of window − 1 (the
            // reach of a band one key too wide); window only: the reach taken not to grow, as
            // the window, or as one layer's window − 1.
            mistakes = {{"layersTimesWindow", composed_reach(i, w + 1, layers)},
                        {"windowOnly", composed_reach(i, w + 1, 1)},
                        {"singleLayer", composed_reach(i, w, 1)}};
        }
        else
        {
            const auto cell = [&](band_rule rule)
            { return windowed_cell(query, key, value, rule, w, s, o.stage, i, j); };
            g.expected = cell(band_rule::window);
            mistakes = {{"offByOneWindow", cell(band_rule::off_by_one)},
                        {"notCausal", cell(band_rule::not_causal)}};
            if (s > 0)
            {
                mistakes.push_back({"forgotSinks", cell(band_rule::no_sinks)});
            }
            if (s > 0 && s < w)
            {
                mistakes.push_back({"sinksInsideWindow", cell(band_rule::sinks_in_window)});
            }
        }
        return detail::name_misconception(g, o.answer, o.tolerance, mistakes);
    }
} // namespace attn
