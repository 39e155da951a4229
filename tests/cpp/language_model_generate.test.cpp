// Generation with the KV cache (attn/language_model_generate.hpp): every step's logits against
// the full forward's last row, every step's draw against sample() with the step's seed, the
// same seed drawing the same tokens, greedy and seeded tokens against PyTorch decoding without
// a cache (tests/fixtures/language_model_cases.py), and each refusal naming its argument.

#include <cmath>
#include <cstddef>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/language_model_generate.hpp"
#include "attn/random.hpp"
#include "golden.hpp"
#include "language_model_fixture.hpp"

namespace language_model_generate_tests
{
    using Catch::Matchers::Message;
    using language_model_fixture::params_of;
    using language_model_fixture::small_config;

    const char* const fixture_file = "native/language_model_reading.json";

    attn::vector ids(const std::vector<std::size_t>& tokens)
    {
        attn::vector v = xt::zeros<double>({tokens.size()});
        for (std::size_t i = 0; i < tokens.size(); ++i)
        {
            v(i) = static_cast<double>(tokens[i]);
        }
        return v;
    }

    /// A model wide enough that its steps' distributions are far from one-hot.
    attn::language_model_params small_model(bool tied, std::uint32_t seed)
    {
        attn::language_model_params p = attn::language_model_initial(small_config(tied), seed);
        for (const attn::language_model_tensor& t : attn::language_model_tensors(p))
        {
            if (t.name.find("amma") == std::string::npos)
            {
                for (std::size_t k = 0; k < t.rows * t.cols; ++k)
                {
                    t.data[k] *= 40; // std 0.8 instead of 0.02
                }
            }
        }
        return p;
    }

    TEST_CASE("every step's logits from the KV cache equal the full forward's last row to 1e-12",
              "[language-model][generation]")
    {
        for (const bool tied : {true, false})
        {
            const attn::language_model_params params = small_model(tied, 3);
            attn::generation_options options;
            options.count = 9; // the prompt's 3 and 9 fill the context of 12
            options.sampling.seed = 41;
            const attn::generation_trace t =
                attn::language_model_generate(params, ids({2, 0, 5}), options);
            REQUIRE(t.steps.size() == 9);
            REQUIRE(t.tokens.size() == 12);
            for (std::size_t k = 0; k < t.steps.size(); ++k)
            {
                INFO("tied " << tied << ", step " << k);
                const std::vector<std::size_t> prefix(t.tokens.begin(), t.tokens.begin() + 3 + k);
                const attn::matrix full = attn::language_model_forward(params, ids(prefix)).logits;
                CHECK(t.steps[k].position == 2 + k);
                REQUIRE(t.steps[k].logits.size() == params.config.vocab);
                for (std::size_t v = 0; v < params.config.vocab; ++v)
                {
                    CHECK(std::abs(t.steps[k].logits(v) - full(prefix.size() - 1, v)) <= 1e-12);
                }
            }
        }
    }

    TEST_CASE("each step draws as sample() does with generation_step_seed(seed, k)",
              "[language-model][generation]")
    {
        const attn::language_model_params params = small_model(false, 5);
        attn::generation_options options;
        options.count = 8;
        options.sampling.temperature = 0.8;
        options.sampling.top_k = 5;
        options.sampling.top_p = 0.9;
        options.sampling.seed = 4294967295u;
        const attn::generation_trace t =
            attn::language_model_generate(params, ids({1, 6}), options);
        for (std::size_t k = 0; k < t.steps.size(); ++k)
        {
            INFO("step " << k);
            const attn::generation_step& s = t.steps[k];
            CHECK(s.seed == attn::generation_step_seed(options.sampling.seed, k));
            attn::sample_options draw = options.sampling;
            draw.seed = s.seed;
            const attn::sample_trace alone = attn::sample(s.logits, draw);
            CHECK(alone.chosen == s.token);
            CHECK(s.sample.chosen == s.token);
            CHECK(alone.probabilities == s.sample.probabilities);
            CHECK(alone.kept == s.sample.kept);
            CHECK(t.tokens[2 + k] == s.token);
        }
        CHECK(t.prompt == std::vector<std::size_t>{1, 6});
    }

    TEST_CASE("the same seed draws the same tokens, and other seeds draw others",
              "[language-model][generation]")
    {
        const attn::language_model_params params = small_model(true, 9);
        attn::generation_options options;
        options.count = 10;
        options.sampling.seed = 12;
        const auto first = attn::language_model_generate(params, ids({4}), options).tokens;
        const auto again = attn::language_model_generate(params, ids({4}), options).tokens;
        CHECK(first == again);
        std::set<std::vector<std::size_t>> seen = {first};
        for (std::uint32_t seed = 0; seed < 8; ++seed)
        {
            options.sampling.seed = seed;
            seen.insert(attn::language_model_generate(params, ids({4}), options).tokens);
        }
        // Ten draws from distributions far from one-hot: eight seeds cannot all agree.
        CHECK(seen.size() > 4);
    }

    TEST_CASE("at temperature 0 the tokens are PyTorch's greedy decoding, whatever the seed",
              "[language-model][generation][golden]")
    {
        for (const golden::fixture_case& c : golden::load(fixture_file))
        {
            DYNAMIC_SECTION(c.name)
            {
                INFO(c.description);
                const attn::language_model_params params = params_of(c.input);
                attn::generation_options options;
                options.count = c.input.at("count");
                options.sampling.temperature = 0;
                const std::vector<std::size_t> expected = c.expected.at("greedy");
                for (const std::uint32_t seed : {0u, 77u})
                {
                    options.sampling.seed = seed;
                    const attn::generation_trace t = attn::language_model_generate(
                        params, golden::to_vector(c.input.at("prompt")), options);
                    CHECK(t.tokens == expected);
                    for (const attn::generation_step& s : t.steps)
                    {
                        CHECK(s.sample.probabilities(s.token) == 1.0);
                    }
                }
            }
        }
    }

    TEST_CASE("seeded sampling draws PyTorch's tokens, each step with its own seed",
              "[language-model][generation][golden]")
    {
        for (const golden::fixture_case& c : golden::load(fixture_file))
        {
            DYNAMIC_SECTION(c.name)
            {
                INFO(c.description);
                const golden::json& sampling = c.input.at("sampling");
                attn::generation_options options;
                options.count = c.input.at("count");
                options.sampling.temperature = sampling.at("temperature");
                options.sampling.top_k = sampling.at("topK");
                options.sampling.top_p = sampling.at("topP");
                options.sampling.seed = sampling.at("seed");
                const attn::generation_trace t = attn::language_model_generate(
                    params_of(c.input), golden::to_vector(c.input.at("prompt")), options);
                const std::vector<std::size_t> expected = c.expected.at("sampled");
                CHECK(t.tokens == expected);
            }
        }
    }

    TEST_CASE("a prompt, count or sampling option the model cannot take is refused naming it",
              "[language-model][generation]")
    {
        const attn::language_model_params params = small_model(true, 1); // context 12, vocab 7
        attn::generation_options options;
        options.count = 2;
        REQUIRE_THROWS_MATCHES(
            attn::language_model_generate(params, attn::vector(xt::zeros<double>({0})), options),
            attn::attention_error,
            Message("prompt: expected 1 … 11 token ids (the model's context of 12 less room for "
                    "a new token), got 0"));
        REQUIRE_THROWS_MATCHES(
            attn::language_model_generate(params, attn::vector(xt::zeros<double>({12})), options),
            attn::attention_error,
            Message("prompt: expected 1 … 11 token ids (the model's context of 12 less room for "
                    "a new token), got 12"));
        REQUIRE_THROWS_MATCHES(
            attn::language_model_generate(params, ids({1, 7}), options), attn::attention_error,
            Message("prompt[1]: expected a token id, a whole number from 0 to 6 (embedding has 7 "
                    "rows, one per token), got 7"));
        options.count = 0;
        REQUIRE_THROWS_MATCHES(
            attn::language_model_generate(params, ids({1, 2}), options), attn::attention_error,
            Message("count: expected a whole number from 1 to 10 (the model's context of 12 less "
                    "the prompt's 2 tokens), got 0"));
        options.count = 11;
        REQUIRE_THROWS_MATCHES(
            attn::language_model_generate(params, ids({1, 2}), options), attn::attention_error,
            Message("count: expected a whole number from 1 to 10 (the model's context of 12 less "
                    "the prompt's 2 tokens), got 11"));
        options.count = 10;
        options.sampling.temperature = -1;
        REQUIRE_THROWS_MATCHES(attn::language_model_generate(params, ids({1, 2}), options),
                               attn::attention_error,
                               Message("temperature: expected a finite number ≥ 0 (0 is greedy), "
                                       "got -1"));
        options.sampling.temperature = 1;
        options.sampling.top_p = 0;
        REQUIRE_THROWS_MATCHES(attn::language_model_generate(params, ids({1, 2}), options),
                               attn::attention_error,
                               Message("topP: expected a number in (0, 1] (1 keeps every token), "
                                       "got 0"));
    }
} // namespace language_model_generate_tests
