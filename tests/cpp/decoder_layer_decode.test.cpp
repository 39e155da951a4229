#include <cstddef>
#include <optional>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/decoder_layer.hpp"
#include "attn/decoder_layer_decode.hpp"
#include "attn/error.hpp"
#include "tensor_matchers.hpp"

namespace decoder_layer_decode_tests
{
    using Catch::Matchers::Message;

    namespace
    {
        constexpr double tolerance = 1e-12;

        /// d_model 16 (4 heads of d_k 4), d_ff 24, γ away from 1; `salt` makes another layer.
        attn::decoder_layer_params params_of(double salt = 0)
        {
            attn::decoder_layer_params p;
            p.w_gate = 0.5 * attn_test::sample(16, 24, 0.3 + salt);
            p.w_up = 0.5 * attn_test::sample(16, 24, 1.7 + salt);
            p.w_down = 0.5 * attn_test::sample(24, 16, 2.9 + salt);
            p.gamma1 = attn::vector(1.0 + 0.05 * xt::arange<double>(16));
            p.gamma2 = attn::vector(1.4 - 0.03 * xt::arange<double>(16));
            return p;
        }

        attn::decoder_layer_options options_of(std::size_t kv_heads, std::uint32_t seed = 23)
        {
            attn::decoder_layer_options options;
            options.heads = 4;
            options.kv_heads = kv_heads;
            options.rope_base = 100; // angles that turn visibly over a few positions
            options.seed = seed;
            return options;
        }

        attn::matrix row_block(const attn::matrix& m, std::size_t first, std::size_t count)
        {
            return xt::view(m, xt::range(first, first + count), xt::all());
        }
    } // namespace

    TEST_CASE("decoding one position at a time gives each row of the causal decoder layer to "
              "1e-12, with 4, 2 and 1 key/value heads",
              "[decoder][decode]")
    {
        const std::size_t kv_heads = GENERATE(4, 2, 1);
        CAPTURE(kv_heads);
        const attn::matrix x = attn_test::sample(6, 16);
        const auto params = params_of();
        const auto options = options_of(kv_heads);
        const auto full = attn::decoder_layer(x, params, options);
        const auto weights = attn::resolve_decoder_layer_weights(params, options, 16);
        auto cache = attn::make_decoder_layer_cache(weights, 6);

        for (std::size_t t = 0; t < 6; ++t)
        {
            CAPTURE(t);
            const auto step = attn::decoder_layer_decode_step(weights, cache, xt::row(x, t), t);
            CHECK(cache.length == t + 1);
            CHECK_THAT(attn::matrix(xt::view(step.output, xt::newaxis(), xt::all())),
                       attn_test::MatrixWithinAbs(row_block(full.residual2, t, 1), tolerance));
            CHECK_THAT(attn::matrix(xt::view(step.residual1, xt::newaxis(), xt::all())),
                       attn_test::MatrixWithinAbs(row_block(full.residual1, t, 1), tolerance));
            REQUIRE(attn::rows(step.weights) == 4);
            REQUIRE(attn::cols(step.weights) == t + 1);
            for (std::size_t h = 0; h < 4; ++h)
            {
                const auto& head = full.attention.per_head[h];
                // The step's key is its key/value head's rotated key at row t; its weights are
                // row t of the full layer's, up to the diagonal.
                const std::size_t g = head.kv_head;
                CHECK_THAT(
                    attn::matrix(xt::view(step.key, xt::newaxis(), xt::range(g * 4, g * 4 + 4))),
                    attn_test::MatrixWithinAbs(row_block(head.rotated_key, t, 1), tolerance));
                CHECK_THAT(
                    attn::matrix(xt::view(step.query, xt::newaxis(), xt::range(h * 4, h * 4 + 4))),
                    attn_test::MatrixWithinAbs(row_block(head.rotated_query, t, 1), tolerance));
                CHECK_THAT(attn::matrix(xt::view(step.weights, xt::range(h, h + 1), xt::all())),
                           attn_test::MatrixWithinAbs(
                               attn::matrix(xt::view(head.attention.weights, xt::range(t, t + 1),
                                                     xt::range(0, t + 1))),
                               tolerance));
                CHECK_THAT(attn::matrix(xt::view(step.scaled, xt::range(h, h + 1), xt::all())),
                           attn_test::MatrixWithinAbs(
                               attn::matrix(xt::view(head.attention.scaled, xt::range(t, t + 1),
                                                     xt::range(0, t + 1))),
                               tolerance));
            }
        }
        SECTION("and decoderLayerDecode does the same on the whole input")
        {
            const auto decoded = attn::decoder_layer_decode(x, params, options);
            REQUIRE(decoded.steps.size() == 6);
            CHECK_THAT(decoded.output, attn_test::MatrixWithinAbs(full.residual2, tolerance));
            CHECK(decoded.parameter_count.total == full.parameter_count.total);
            CHECK(decoded.parameter_count.attention == full.parameter_count.attention);
        }
    }

    TEST_CASE("a stack of two decoder layers decoded position by position, each with its own "
              "cache, gives the two layers' full forward to 1e-12",
              "[decoder][decode]")
    {
        const attn::matrix x = attn_test::sample(5, 16, 0.8);
        const auto params1 = params_of(), params2 = params_of(0.45);
        const auto options1 = options_of(2, 23), options2 = options_of(1, 41);
        const auto first = attn::decoder_layer(x, params1, options1);
        const auto second = attn::decoder_layer(first.residual2, params2, options2);

        const auto weights1 = attn::resolve_decoder_layer_weights(params1, options1, 16);
        const auto weights2 = attn::resolve_decoder_layer_weights(params2, options2, 16);
        auto cache1 = attn::make_decoder_layer_cache(weights1, 8);
        auto cache2 = attn::make_decoder_layer_cache(weights2, 8);
        for (std::size_t t = 0; t < 5; ++t)
        {
            CAPTURE(t);
            const auto lower = attn::decoder_layer_decode_step(weights1, cache1, xt::row(x, t), t);
            const auto upper = attn::decoder_layer_decode_step(weights2, cache2, lower.output, t);
            CHECK_THAT(attn::matrix(xt::view(upper.output, xt::newaxis(), xt::all())),
                       attn_test::MatrixWithinAbs(row_block(second.residual2, t, 1), tolerance));
        }
        // The two layers' caches differ in width: 2 and 1 key/value heads of d_k = 4.
        CHECK(attn::cols(cache1.keys) == 8);
        CHECK(attn::cols(cache2.keys) == 4);
    }

    TEST_CASE("each decoding step states the cache it leaves: a key and a value per key/value "
              "head for every position so far",
              "[decoder][decode]")
    {
        const auto params = params_of();
        const auto weights = attn::resolve_decoder_layer_weights(params, options_of(2), 16);
        auto cache = attn::make_decoder_layer_cache(weights, 4);
        const attn::matrix x = attn_test::sample(3, 16);
        for (std::size_t t = 0; t < 3; ++t)
        {
            const auto step = attn::decoder_layer_decode_step(weights, cache, xt::row(x, t), t);
            CHECK(step.cache.numbers_per_token_layer == 16); // 2 · 2 heads · d_k 4
            CHECK(step.cache.cached_tokens == static_cast<double>(t + 1));
            CHECK(step.cache.numbers == 16.0 * static_cast<double>(t + 1));
            CHECK(step.cache.bytes == 128.0 * static_cast<double>(t + 1));
            // What the trace states is what the cache holds: the step's key and value in row t.
            CHECK_THAT(attn::matrix(xt::view(cache.keys, xt::range(t, t + 1), xt::all())),
                       attn_test::MatrixWithinAbs(
                           attn::matrix(xt::view(step.key, xt::newaxis(), xt::all())), 0));
            CHECK_THAT(attn::matrix(xt::view(cache.values, xt::range(t, t + 1), xt::all())),
                       attn_test::MatrixWithinAbs(
                           attn::matrix(xt::view(step.value, xt::newaxis(), xt::all())), 0));
        }
    }

    TEST_CASE("a decoding step names the argument at fault and leaves the cache as it was",
              "[decoder][decode][errors]")
    {
        const auto weights = attn::resolve_decoder_layer_weights(params_of(), options_of(2), 16);
        auto cache = attn::make_decoder_layer_cache(weights, 2);
        const attn::matrix x = attn_test::sample(3, 16);
        attn::decoder_layer_decode_step(weights, cache, xt::row(x, 0), 0);
        attn::decoder_layer_decode_step(weights, cache, xt::row(x, 1), 1);
        const attn::matrix keys_before = cache.keys;

        SECTION("a position beyond the cache's capacity")
        {
            CHECK_THROWS_MATCHES(
                attn::decoder_layer_decode_step(weights, cache, xt::row(x, 2), 2),
                attn::attention_error,
                Message("position: expected a position below the cache's capacity of 2, got 2"));
        }
        SECTION("a position other than the next one")
        {
            auto roomy = attn::make_decoder_layer_cache(weights, 4);
            attn::decoder_layer_decode_step(weights, roomy, xt::row(x, 0), 0);
            CHECK_THROWS_MATCHES(
                attn::decoder_layer_decode_step(weights, roomy, xt::row(x, 2), 2),
                attn::attention_error,
                Message("position: expected 1, the next position (the cache holds positions "
                        "before it), got 2"));
            CHECK_THROWS_MATCHES(
                attn::decoder_layer_decode_step(weights, roomy, xt::row(x, 0), 0),
                attn::attention_error,
                Message("position: expected 1, the next position (the cache holds positions "
                        "before it), got 0"));
            CHECK(roomy.length == 1);
        }
        SECTION("a row of another width")
        {
            auto roomy = attn::make_decoder_layer_cache(weights, 4);
            const attn::vector narrow = xt::zeros<double>({12});
            CHECK_THROWS_MATCHES(
                attn::decoder_layer_decode_step(weights, roomy, narrow, 0), attn::attention_error,
                Message("input: expected 16 numbers (d_model, the layer's width), got 12"));
            CHECK(roomy.length == 0);
        }
        SECTION("a cache made for a layer with other key/value heads")
        {
            const auto other = attn::resolve_decoder_layer_weights(params_of(), options_of(1), 16);
            auto narrow_cache = attn::make_decoder_layer_cache(other, 4);
            CHECK_THROWS_MATCHES(
                attn::decoder_layer_decode_step(weights, narrow_cache, xt::row(x, 0), 0),
                attn::attention_error,
                Message("cache: expected a cache made for this layer, 4 × 8 (kvHeads·d_k), got "
                        "4×4"));
        }
        SECTION("a cache of no positions")
        {
            CHECK_THROWS_WITH(attn::make_decoder_layer_cache(weights, 0),
                              Catch::Matchers::StartsWith("capacity: "));
        }
        CHECK(cache.length == 2);
        CHECK_THAT(cache.keys, attn_test::MatrixWithinAbs(keys_before, 0));
    }
} // namespace decoder_layer_decode_tests
