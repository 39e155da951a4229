#include "attn/error.hpp"
#include "attn/multi_head_attention.hpp"
#include "attn/random.hpp"

namespace attn
{
    namespace
    {
        /// How a message names a width: d_model, or kvHeads·d_k when the heads share keys.
        const char* width_name(std::size_t width, std::size_t d_model)
        {
            return width == d_model ? "d_model" : "kvHeads·d_k";
        }

        matrix weight_or_xavier(const std::optional<matrix>& given, const char* name,
                                std::size_t d_model, std::size_t width, std::uint32_t seed,
                                parameter_stream stream)
        {
            if (!given)
            {
                return xavier_uniform(d_model, width, seed, stream);
            }
            detail::check_matrix_shape(name, *given, d_model, width,
                                       std::string("d_model × ") + width_name(width, d_model));
            return *given;
        }

        vector bias_or_none(const std::optional<vector>& given, const char* name,
                            const char* weight, std::size_t d_model, std::size_t width)
        {
            if (!given)
            {
                return vector{};
            }
            detail::check_vector(name, *given, width,
                                 std::string(width_name(width, d_model)) + ", one per column of " +
                                     weight);
            return *given;
        }
    } // namespace

    void detail::check_heads(std::size_t heads, std::size_t d_model)
    {
        if (heads == 0 || heads > d_model || d_model % heads != 0)
        {
            fail("heads", "a divisor of d_model = " + std::to_string(d_model),
                 std::to_string(heads));
        }
    }

    std::size_t detail::check_kv_heads(const std::optional<std::size_t>& kv_heads,
                                       std::size_t heads)
    {
        if (!kv_heads)
        {
            return heads;
        }
        if (*kv_heads == 0 || *kv_heads > heads || heads % *kv_heads != 0)
        {
            fail("kvHeads", "a divisor of heads = " + std::to_string(heads),
                 std::to_string(*kv_heads));
        }
        return *kv_heads;
    }

    std::size_t multi_head_parameter_count(std::size_t d_model, std::size_t biases)
    {
        return 4 * d_model * d_model + biases * d_model;
    }

    std::size_t multi_head_parameter_count(std::size_t d_model, std::size_t kv_width,
                                           const multi_head_params& given)
    {
        const std::size_t model_biases =
            static_cast<std::size_t>(given.b_q.has_value()) + given.b_o.has_value();
        const std::size_t kv_biases =
            static_cast<std::size_t>(given.b_k.has_value()) + given.b_v.has_value();
        return 2 * d_model * d_model + 2 * d_model * kv_width + model_biases * d_model +
               kv_biases * kv_width;
    }

    resolved_multi_head_params resolve_multi_head_params(const multi_head_params& given,
                                                         std::size_t d_model, std::uint32_t seed,
                                                         std::size_t kv_width)
    {
        resolved_multi_head_params p;
        p.w_q = weight_or_xavier(given.w_q, "wQ", d_model, d_model, seed, parameter_stream::w_q);
        p.w_k = weight_or_xavier(given.w_k, "wK", d_model, kv_width, seed, parameter_stream::w_k);
        p.w_v = weight_or_xavier(given.w_v, "wV", d_model, kv_width, seed, parameter_stream::w_v);
        p.w_o = weight_or_xavier(given.w_o, "wO", d_model, d_model, seed, parameter_stream::w_o);
        p.b_q = bias_or_none(given.b_q, "bQ", "wQ", d_model, d_model);
        p.b_k = bias_or_none(given.b_k, "bK", "wK", d_model, kv_width);
        p.b_v = bias_or_none(given.b_v, "bV", "wV", d_model, kv_width);
        p.b_o = bias_or_none(given.b_o, "bO", "wO", d_model, d_model);
        return p;
    }

    resolved_multi_head_params resolve_multi_head_params(const multi_head_params& given,
                                                         std::size_t d_model, std::uint32_t seed)
    {
        return resolve_multi_head_params(given, d_model, seed, d_model);
    }
} // namespace attn
