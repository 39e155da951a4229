#include "attn/random_matrix.hpp"

#include <cmath>

#include "attn/error.hpp"
#include "attn/random.hpp"

namespace attn
{
    distribution parse_distribution(const std::string& argument, const std::string& name)
    {
        const std::pair<const char*, distribution> choices[] = {{"normal", distribution::normal},
                                                                {"uniform", distribution::uniform}};
        return detail::parse_choice(argument, name, choices);
    }

    matrix random_matrix(std::size_t rows, std::size_t cols, const random_matrix_options& options)
    {
        // Shape contract: rows, cols → (rows × cols), cells in row-major draw order.
        detail::check_dimension("rows", rows);
        detail::check_dimension("cols", cols);
        if (!(options.scale > 0) || !std::isfinite(options.scale))
        {
            detail::fail("scale", "a positive finite number", detail::format_number(options.scale));
        }
        const std::uint64_t state =
            stream_state(options.seed, static_cast<std::uint64_t>(input_stream::random_matrix));
        if (options.dist == distribution::uniform)
        {
            splitmix64 generator(state);
            return draw_uniform(rows, cols, generator, options.scale);
        }
        normal_stream stream(state);
        matrix out = draw_normal(rows, cols, stream) * options.scale;
        // |z| ≤ 8.6, so only a scale near the top of double range can overflow.
        detail::check_finite_result("scale", "draws", out);
        return out;
    }
} // namespace attn
