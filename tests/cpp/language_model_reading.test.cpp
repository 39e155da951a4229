// Reading a language model (attn/language_model_reading.hpp and language_model_token_losses)
// against a float64 PyTorch model written as Hugging Face's LlamaForCausalLM computes
// (tests/fixtures/language_model_cases.py): each position's loss, every layer's and head's
// attention weights, the logit lens, the head scores and a model with one head switched off
// by a head mask, to 1e-9; then their properties and each refusal naming its argument.

#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/rms_norm.hpp"
#include "attn/language_model_generate.hpp"
#include "attn/language_model_reading.hpp"
#include "golden_operations.hpp"
#include "language_model_fixture.hpp"

namespace language_model_reading_tests
{
    using Catch::Matchers::Message;
    using golden::json;
    using language_model_fixture::params_of;
    using language_model_fixture::small_config;
    using language_model_fixture::tokens_of;

    const char* const fixture_file = "native/language_model_reading.json";

    json weights_json(const std::vector<attn::tensor3>& layers)
    {
        json out = json::array();
        for (const attn::tensor3& w : layers)
        {
            out.push_back(golden::to_json(w));
        }
        return out;
    }

    json head_scores_json(const attn::language_model_params& params, const attn::vector& sequence)
    {
        json out;
        for (const auto& [field, name] :
             {std::pair<const char*, const char*>{"previousToken", "previous-token"},
              {"induction", "induction"},
              {"firstToken", "first-token"}})
        {
            const attn::head_scores_trace t = attn::language_model_head_scores(
                params, attn::head_pattern_named("pattern", name), sequence);
            out[field] = golden::to_json(t.scores);
            out["firstCopyLoss"] = t.first_copy_loss;
            out["secondCopyLoss"] = t.second_copy_loss;
        }
        return out;
    }

    json readings_json(const attn::language_model_params& params, const json& input)
    {
        const attn::vector tokens = tokens_of(input);
        const attn::language_model_token_losses_trace losses =
            attn::language_model_token_losses(params, tokens);
        const json& ablate = input.at("ablate");
        const attn::language_model_params ablated =
            attn::language_model_ablate(params, ablate.at("layer"), ablate.at("head"));
        const attn::language_model_token_losses_trace ablated_losses =
            attn::language_model_token_losses(ablated, tokens);
        json lens = json::array();
        for (const attn::logit_lens_layer& l :
             attn::language_model_logit_lens(params, tokens).layers)
        {
            lens.push_back({{"logits", golden::to_json(l.logits)},
                            {"probabilities", golden::to_json(l.probabilities)},
                            {"topTokens", golden::to_json(l.top_tokens)},
                            {"topProbabilities", golden::to_json(l.top_probabilities)}});
        }
        return {{"tokenLosses", golden::to_json(losses.loss.losses)},
                {"loss", losses.loss.loss},
                {"attention", weights_json(attn::language_model_attention(params, tokens).weights)},
                {"logitLens", lens},
                {"headScores", head_scores_json(params, golden::to_vector(input.at("sequence")))},
                {"ablated",
                 {{"losses", golden::to_json(ablated_losses.loss.losses)},
                  {"logits", golden::to_json(ablated_losses.forward.logits)},
                  {"attention",
                   weights_json(attn::language_model_attention(ablated, tokens).weights)}}}};
    }

    TEST_CASE("token losses, attention, the logit lens, head scores and an ablated head match "
              "PyTorch's to 1e-9",
              "[language-model][reading][golden]")
    {
        for (const golden::fixture_case& c : golden::load(fixture_file))
        {
            DYNAMIC_SECTION(c.name)
            {
                INFO(c.name << ": " << c.description);
                const attn::language_model_params params = params_of(c.input);
                json actual = readings_json(params, c.input);
                // The generated tokens are language_model_generate.test.cpp's to check.
                actual["greedy"] = c.expected.at("greedy");
                actual["sampled"] = c.expected.at("sampled");
                const auto fields = golden::compare(c.expected, actual);
                REQUIRE(fields.size() >= 20);
                for (const golden::field_report& field : fields)
                {
                    INFO(field.describe());
                    CHECK(field.ok);
                }
            }
        }
    }

    TEST_CASE("the logit lens's last reading is the model's own logits, and its first the "
              "embeddings read directly",
              "[language-model][reading]")
    {
        const attn::language_model_params params =
            attn::language_model_initial(small_config(false), 4);
        const attn::vector tokens = golden::to_vector(json{3, 0, 6, 6, 2});
        const attn::logit_lens_trace lens = attn::language_model_logit_lens(params, tokens);
        const attn::language_model_trace forward = attn::language_model_forward(params, tokens);
        REQUIRE(lens.layers.size() == params.config.layers + 1);
        CHECK(lens.layers.back().logits == forward.logits);
        const attn::matrix embeddings_read =
            attn::rms_norm(forward.embeddings, params.final_gamma, params.config.eps).output;
        CHECK(lens.layers.front().final_norm.output == embeddings_read);
        for (const attn::logit_lens_layer& l : lens.layers)
        {
            for (std::size_t i = 0; i < tokens.size(); ++i)
            {
                double sum = 0;
                for (std::size_t v = 0; v < params.config.vocab; ++v)
                {
                    sum += l.probabilities(i, v);
                    CHECK(l.probabilities(i, v) <= l.top_probabilities(i));
                }
                CHECK(std::abs(sum - 1) <= 1e-12);
                CHECK(l.probabilities(i, l.top_tokens[i]) == l.top_probabilities(i));
            }
        }
    }

    TEST_CASE("the mean of the token losses is the model's loss", "[language-model][reading]")
    {
        const attn::language_model_params params =
            attn::language_model_initial(small_config(true), 5);
        const attn::vector tokens = golden::to_vector(json{1, 2, 3, 1, 2, 3, 4});
        const attn::language_model_token_losses_trace t =
            attn::language_model_token_losses(params, tokens);
        REQUIRE(t.loss.losses.size() == 6);
        // Two summation orders of six losses: a few ulps apart at most.
        CHECK(std::abs(xt::mean(t.loss.losses)() - t.loss.loss) <= 1e-14);
        CHECK(t.loss.loss == attn::language_model_loss_and_gradients(params, tokens).loss.loss);
    }

    TEST_CASE("an ablated head still attends but adds nothing, the original model is untouched, "
              "and generation honours it",
              "[language-model][reading][ablation]")
    {
        const attn::language_model_params params =
            attn::language_model_initial(small_config(false), 6);
        const attn::vector tokens = golden::to_vector(json{5, 1, 4, 1, 5});
        const attn::language_model_params ablated = attn::language_model_ablate(params, 1, 1);
        const attn::language_model_trace before = attn::language_model_forward(params, tokens);
        const attn::language_model_trace after = attn::language_model_forward(ablated, tokens);
        // The same weights everywhere, layer 1's own included (its input is the same).
        CHECK(after.layers[1].attention.weights == before.layers[1].attention.weights);
        // Head 1's columns of the concatenation are read by nothing: W_O rows 2 … 3 are 0.
        const attn::matrix& w_o = *ablated.layers[1].attention.w_o;
        for (std::size_t j = 0; j < 4; ++j)
        {
            CHECK(w_o(0, j) == (*params.layers[1].attention.w_o)(0, j));
            CHECK(w_o(2, j) == 0.0);
            CHECK(w_o(3, j) == 0.0);
        }
        CHECK(before.logits == attn::language_model_forward(params, tokens).logits);
        CHECK(after.logits != before.logits);
        // Both heads off: layer 1's attention adds nothing, its residual1 is its input.
        const attn::language_model_params both = attn::language_model_ablate(ablated, 1, 0);
        const attn::language_model_trace none = attn::language_model_forward(both, tokens);
        CHECK(none.layers[1].residual1 == none.layers[0].residual2);
        // Generation decodes the ablated model as its forward computes it.
        attn::generation_options options;
        options.count = 4;
        options.sampling.temperature = 0;
        const attn::generation_trace t = attn::language_model_generate(ablated, tokens, options);
        const attn::vector all = golden::to_vector(golden::to_json(t.tokens));
        const attn::matrix full = attn::language_model_forward(ablated, all).logits;
        for (std::size_t k = 0; k < t.steps.size(); ++k)
        {
            for (std::size_t v = 0; v < params.config.vocab; ++v)
            {
                CHECK(std::abs(t.steps[k].logits(v) - full(4 + k, v)) <= 1e-12);
            }
        }
    }

    TEST_CASE("head scores average the cells their pattern names, on the sequence read twice",
              "[language-model][reading][head-scores]")
    {
        const attn::language_model_params params =
            attn::language_model_initial(small_config(true), 8); // context 12
        const attn::vector sequence = golden::to_vector(json{4, 0, 6, 2});
        const attn::head_scores_trace induction =
            attn::language_model_head_scores(params, attn::head_pattern::induction, sequence);
        CHECK(induction.tokens == std::vector<std::size_t>{4, 0, 6, 2, 4, 0, 6, 2});
        using cell = std::pair<std::size_t, std::size_t>;
        CHECK(induction.cells == std::vector<cell>{{4, 1}, {5, 2}, {6, 3}, {7, 4}});
        const attn::head_scores_trace previous =
            attn::language_model_head_scores(params, attn::head_pattern::previous_token, sequence);
        CHECK(previous.cells.size() == 7);
        CHECK(previous.cells.front() == cell{1, 0});
        CHECK(previous.cells.back() == cell{7, 6});
        const attn::head_scores_trace first =
            attn::language_model_head_scores(params, attn::head_pattern::first_token, sequence);
        CHECK(first.cells.back() == cell{7, 0});
        for (std::size_t l = 0; l < 2; ++l)
        {
            for (std::size_t h = 0; h < 2; ++h)
            {
                double sum = 0;
                for (std::size_t j = 0; j < 4; ++j)
                {
                    sum += induction.weights[l](h, 4 + j, j + 1);
                }
                CHECK(std::abs(induction.scores(l, h) - sum / 4) <= 1e-15);
                CHECK(first.scores(l, h) > 0);
                CHECK(first.scores(l, h) < 1);
            }
        }
    }

    TEST_CASE("a seed draws the same head-score sequence every time, each token in the "
              "vocabulary",
              "[language-model][reading][head-scores]")
    {
        attn::language_model_config config = small_config(true);
        config.vocab = 50;
        config.context = 64;
        const attn::vector a = attn::head_score_sequence(config, 32, 3);
        CHECK(a == attn::head_score_sequence(config, 32, 3));
        CHECK(a != attn::head_score_sequence(config, 32, 4));
        REQUIRE(a.size() == 32);
        for (const double token : a)
        {
            CHECK(token >= 0);
            CHECK(token < 50);
            CHECK(token == std::floor(token));
        }
        // Token j is ⌊u_j·vocab⌋, u_j the j-th number of stream seed·256 + 18.
        attn::splitmix64 stream(attn::stream_state(3, 18));
        for (std::size_t j = 0; j < 32; ++j)
        {
            CHECK(a(j) == std::floor(stream.uniform() * 50));
        }
    }

    TEST_CASE("a layer, head, pattern or sequence the model cannot take is refused naming it",
              "[language-model][reading]")
    {
        const attn::language_model_params params =
            attn::language_model_initial(small_config(true), 2); // 2 layers, 2 heads, context 12
        REQUIRE_THROWS_MATCHES(attn::language_model_ablate(params, 2, 0), attn::attention_error,
                               Message("layer: expected a layer from 0 to 1, got 2"));
        REQUIRE_THROWS_MATCHES(attn::language_model_ablate(params, 0, 2), attn::attention_error,
                               Message("head: expected a head from 0 to 1, got 2"));
        REQUIRE_THROWS_MATCHES(attn::head_pattern_named("pattern", "inductive"),
                               attn::attention_error,
                               Message("pattern: expected 'previous-token', 'induction' or "
                                       "'first-token', got 'inductive'"));
        const auto pattern = attn::head_pattern::induction;
        REQUIRE_THROWS_MATCHES(
            attn::language_model_head_scores(params, pattern, golden::to_vector(json{1})),
            attn::attention_error,
            Message("sequence: expected 2 … 6 tokens (read twice within the model's context of "
                    "12), got 1"));
        REQUIRE_THROWS_MATCHES(
            attn::language_model_head_scores(params, pattern,
                                             golden::to_vector(json{1, 2, 3, 4, 5, 6, 0})),
            attn::attention_error,
            Message("sequence: expected 2 … 6 tokens (read twice within the model's context of "
                    "12), got 7"));
        REQUIRE_THROWS_MATCHES(
            attn::language_model_head_scores(params, pattern, golden::to_vector(json{1, 9})),
            attn::attention_error,
            Message("sequence[1]: expected a token id, a whole number from 0 to 6 (embedding has "
                    "7 rows, one per token), got 9"));
        REQUIRE_THROWS_MATCHES(attn::head_score_sequence(params.config, 7, 0),
                               attn::attention_error,
                               Message("length: expected 2 … 6 tokens (read twice within the "
                                       "model's context of 12), got 7"));
        REQUIRE_THROWS_MATCHES(
            attn::language_model_token_losses(params, golden::to_vector(json{3})),
            attn::attention_error,
            Message("tokens: expected 2 … 12 token ids (the model's context), got 1"));
        REQUIRE_THROWS_MATCHES(
            attn::language_model_logit_lens(params, golden::to_vector(json{3, 7})),
            attn::attention_error,
            Message("tokens[1]: expected a token id, a whole number from 0 to 6 (embedding has 7 "
                    "rows, one per token), got 7"));
        REQUIRE_THROWS_MATCHES(
            attn::language_model_attention(params, attn::vector(xt::zeros<double>({13}))),
            attn::attention_error,
            Message("tokens: expected 1 … 12 token ids (the model's context), got 13"));
    }
} // namespace language_model_reading_tests
