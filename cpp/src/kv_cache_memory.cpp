#include "attn/kv_cache_memory.hpp"

#include <algorithm>
#include <string>

#include "attn/error.hpp"
#include "attn/multi_head_attention.hpp"

namespace attn
{
    namespace
    {
        /// The longest sequence, and so the widest window, a cache is sized for.
        constexpr double max_tokens = 1 << 20;

        /// A latent cache is one vector per token that every head reads: naming heads or
        /// kvHeads beside it would describe a second, separate cache.
        void refuse_with_latent(const char* argument, const std::optional<std::size_t>& given)
        {
            if (given)
            {
                detail::fail(argument,
                             "no " + std::string(argument) +
                                 " with latent (every head reads the one latent vector a token "
                                 "caches)",
                             std::to_string(*given));
            }
        }

        /// Pass 1: the numbers one token keeps in one layer.
        double numbers_per_token_layer(const kv_cache_model& model)
        {
            if (model.latent)
            {
                refuse_with_latent("heads", model.heads);
                refuse_with_latent("kvHeads", model.kv_heads);
                return static_cast<double>(*model.latent) +
                       static_cast<double>(model.rope_width.value_or(0));
            }
            if (model.rope_width)
            {
                detail::fail("ropeWidth",
                             "latent beside it (the rotary key a latent cache keeps next to its "
                             "latent vector)",
                             std::to_string(*model.rope_width) + " without latent");
            }
            const std::size_t heads = model.heads.value_or(1);
            detail::check_heads(heads, model.d_model);
            const std::size_t kv_heads = model.kv_heads.value_or(heads);
            if (kv_heads == 0 || kv_heads > heads || heads % kv_heads != 0)
            {
                detail::fail("kvHeads", "a divisor of heads = " + std::to_string(heads),
                             std::to_string(kv_heads));
            }
            // A key and a value for each key/value head, d_model / heads numbers each.
            return 2.0 * static_cast<double>(kv_heads) *
                   static_cast<double>(model.d_model / heads);
        }
    } // namespace

    kv_cache_memory_trace kv_cache_memory(const kv_cache_model& model, std::size_t length,
                                          std::size_t bytes_per_number)
    {
        if (bytes_per_number != 1 && bytes_per_number != 2 && bytes_per_number != 4 &&
            bytes_per_number != 8)
        {
            detail::fail("bytesPerNumber", "1, 2, 4 or 8 (int8, float16, float32, float64)",
                         std::to_string(bytes_per_number));
        }
        kv_cache_memory_trace t;
        // pass 1: what one token keeps in one layer
        t.numbers_per_token_layer = numbers_per_token_layer(model);
        // pass 2: in every layer
        t.numbers_per_token = t.numbers_per_token_layer * static_cast<double>(model.layers);
        // pass 3: the tokens kept: all of them, or the last `window`
        t.cached_tokens = static_cast<double>(length);
        if (model.window)
        {
            const double window =
                static_cast<double>(detail::check_integer("window", double(*model.window), 1,
                                                          max_tokens));
            t.cached_tokens = std::min(t.cached_tokens, window);
        }
        // pass 4: the numbers of every token kept
        t.numbers = t.numbers_per_token * t.cached_tokens;
        // pass 5: their bytes
        t.bytes_per_token = t.numbers_per_token * static_cast<double>(bytes_per_number);
        t.bytes = t.numbers * static_cast<double>(bytes_per_number);
        // pass 6: in binary units
        t.mebibytes = t.bytes / (1024.0 * 1024.0);
        t.gibibytes = t.bytes / (1024.0 * 1024.0 * 1024.0);
        return t;
    }
} // namespace attn
