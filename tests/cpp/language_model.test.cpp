// The language model (attn/language_model.hpp) against a float64 PyTorch model written as
// Hugging Face's LlamaForCausalLM computes (tests/fixtures/language_model_cases.py): every
// intermediate, the loss and every parameter's gradient to 1e-9; the gradients against central
// finite differences of the loss; its seeded initialisation, its refusals, and AdamW driving
// the loss of a repeated text down.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/language_model.hpp"
#include "attn/train/optimizer.hpp"
#include "golden_operations.hpp"
#include "language_model_fixture.hpp"

namespace language_model_tests
{
    using golden::json;
    using Catch::Matchers::Message;
    using Catch::Matchers::StartsWith;

    using language_model_fixture::params_json;
    using language_model_fixture::params_of;
    using language_model_fixture::small_config;
    using language_model_fixture::tokens_of;

    const char* const fixture_file = "native/language_model.json";

    TEST_CASE("the model's trace, loss and every gradient match LlamaForCausalLM's to 1e-9",
              "[language-model][golden]")
    {
        for (const golden::fixture_case& c : golden::load(fixture_file))
        {
            DYNAMIC_SECTION(c.name)
            {
                INFO(c.name << ": " << c.description);
                const attn::language_model_params params = params_of(c.input);
                const attn::language_model_loss result =
                    attn::language_model_loss_and_gradients(params, tokens_of(c.input));
                const attn::language_model_trace& f = result.forward;
                json actual = {{"embeddings", golden::to_json(f.embeddings)},
                               {"finalNorm", golden::to_json(f.final_norm.output)},
                               {"logits", golden::to_json(f.logits)},
                               {"loss", result.loss.loss},
                               {"layerOutputs", json::array()},
                               {"gradients", params_json(result.gradients)}};
                for (const attn::decoder_layer_trace& layer : f.layers)
                {
                    actual["layerOutputs"].push_back(golden::to_json(layer.residual2));
                }
                const auto fields = golden::compare(c.expected, actual);
                REQUIRE(fields.size() >= 20);
                for (const golden::field_report& field : fields)
                {
                    INFO(field.describe());
                    CHECK(field.ok);
                }
                // The forward on its own gives the same logits as inside the loss.
                const bool same = attn::language_model_forward(params, tokens_of(c.input)).logits == f.logits;
                CHECK(same);
            }
        }
    }

    TEST_CASE("three cells of every parameter's gradient match central finite differences of "
              "the model's loss",
              "[language-model]")
    {
        for (const golden::fixture_case& c : golden::load(fixture_file))
        {
            DYNAMIC_SECTION(c.name)
            {
                attn::language_model_params params = params_of(c.input);
                const attn::vector tokens = tokens_of(c.input);
                attn::language_model_params gradients =
                    attn::language_model_loss_and_gradients(params, tokens).gradients;
                const auto values = attn::language_model_tensors(params);
                const auto slopes = attn::language_model_tensors(gradients);
                REQUIRE(values.size() == slopes.size());
                // Three cells of every tensor (first, middle, last), each by its own difference.
                const double h = 1e-6;
                for (std::size_t k = 0; k < values.size(); ++k)
                {
                    const std::size_t size = values[k].rows * values[k].cols;
                    for (const std::size_t cell : {std::size_t{0}, size / 2, size - 1})
                    {
                        double& x = values[k].data[cell];
                        const double kept = x;
                        x = kept + h;
                        const double up = attn::language_model_loss_and_gradients(params, tokens)
                                              .loss.loss;
                        x = kept - h;
                        const double down =
                            attn::language_model_loss_and_gradients(params, tokens).loss.loss;
                        x = kept;
                        const double slope = (up - down) / (2 * h);
                        INFO(values[k].name << "[" << cell << "]: gradient "
                                            << slopes[k].data[cell] << ", slope " << slope);
                        CHECK(std::abs(slopes[k].data[cell] - slope) <=
                              1e-7 * std::max(1.0, std::abs(slope)));
                    }
                }
            }
        }
    }

    TEST_CASE("a seed gives the same initial parameters every time: matrices N(0, 0.02²), "
              "gains one",
              "[language-model]")
    {
        const attn::language_model_config config = small_config(false);
        attn::language_model_params a = attn::language_model_initial(config, 7);
        attn::language_model_params b = attn::language_model_initial(config, 7);
        attn::language_model_params other = attn::language_model_initial(config, 8);
        CHECK_NOTHROW(attn::check_language_model_params(a));
        const auto ta = attn::language_model_tensors(a);
        const auto tb = attn::language_model_tensors(b);
        const auto tother = attn::language_model_tensors(other);
        REQUIRE(ta.size() == 1 + 9 * 2 + 2);
        CHECK(ta.front().name == "embedding");
        CHECK(ta[1].name == "layers[0].wQ");
        CHECK(ta.back().name == "unembedding");
        double squares = 0;
        std::size_t drawn = 0;
        for (std::size_t k = 0; k < ta.size(); ++k)
        {
            INFO(ta[k].name);
            const bool gain = ta[k].name.find("amma") != std::string::npos;
            for (std::size_t i = 0; i < ta[k].rows * ta[k].cols; ++i)
            {
                CHECK(ta[k].data[i] == tb[k].data[i]);
                if (gain)
                {
                    CHECK(ta[k].data[i] == 1.0);
                    continue;
                }
                CHECK(ta[k].data[i] != tother[k].data[i]);
                squares += ta[k].data[i] * ta[k].data[i];
                ++drawn;
            }
        }
        // 7·4·2 + 2·(4·4·2 + 4·2·2 + 3·4·6) drawn numbers: their rms is 0.02 to within 15 %.
        CHECK(drawn == 56 + 2 * (32 + 16 + 72));
        CHECK_THAT(std::sqrt(squares / static_cast<double>(drawn)),
                   Catch::Matchers::WithinRel(0.02, 0.15));
        // A tied model has no unembedding to draw.
        attn::language_model_params tied = attn::language_model_initial(small_config(true), 7);
        CHECK(tied.unembedding.size() == 0);
        CHECK(attn::language_model_tensors(tied).back().name == "finalGamma");
    }

    TEST_CASE("a config's parameter count is its tensors' numbers, past 2³² without overflow",
              "[language-model]")
    {
        for (const bool tied : {true, false})
        {
            attn::language_model_params p = attn::language_model_initial(small_config(tied), 1);
            std::uint64_t numbers = 0;
            for (const attn::language_model_tensor& t : attn::language_model_tensors(p))
            {
                numbers += t.rows * t.cols;
            }
            CHECK(attn::language_model_parameter_count(p.config) == numbers);
        }
        attn::language_model_config largest;
        largest.vocab = largest.d_model = largest.heads = largest.kv_heads = largest.layers =
            largest.d_ff = largest.context = 1024;
        largest.tied = false;
        // 2 embeddings of 1024², 1024 layers of 7·1024² + 2·1024, a final γ of 1024.
        const std::uint64_t expected =
            2ull * 1024 * 1024 + 1024ull * (7ull * 1024 * 1024 + 2048) + 1024;
        CHECK(attn::language_model_parameter_count(largest) == expected);
    }

    TEST_CASE("tokens, configs and parameters the model cannot take are refused naming them",
              "[language-model][errors]")
    {
        const attn::language_model_params params =
            attn::language_model_initial(small_config(true), 1);
        SECTION("a token outside the vocabulary")
        {
            CHECK_THROWS_MATCHES(attn::language_model_forward(params, attn::vector{1, 7}),
                                 attn::attention_error,
                                 Message("tokens[1]: expected a token id, a whole number from 0 "
                                         "to 6 (embedding has 7 rows, one per token), got 7"));
        }
        SECTION("more tokens than the context")
        {
            CHECK_THROWS_MATCHES(
                attn::language_model_forward(params, attn::vector(xt::zeros<double>({13}))),
                attn::attention_error,
                Message("tokens: expected 1 … 12 token ids (the model's context), got 13"));
        }
        SECTION("one token has no next token to predict")
        {
            CHECK_THROWS_MATCHES(attn::language_model_loss_and_gradients(params, attn::vector{3}),
                                 attn::attention_error,
                                 Message("tokens: expected 2 … 12 token ids (the model's "
                                         "context), got 1"));
        }
        SECTION("heads leaving an odd d_k, and kv heads not dividing heads")
        {
            attn::language_model_config c = small_config(true);
            c.heads = 4;
            CHECK_THROWS_WITH(attn::language_model_initial(c, 0), StartsWith("heads: expected"));
            c.heads = 2;
            c.kv_heads = 3;
            CHECK_THROWS_MATCHES(attn::language_model_initial(c, 0), attn::attention_error,
                                 Message("kvHeads: expected a divisor of heads = 2, got 3"));
        }
        SECTION("a tensor of another shape than the config's, named with its layer")
        {
            attn::language_model_params bad = params;
            bad.layers[1].w_up = xt::zeros<double>({4, 5});
            CHECK_THROWS_MATCHES(attn::language_model_forward(bad, attn::vector{1, 2}),
                                 attn::attention_error,
                                 Message("layers[1].wUp: expected a tensor of shape 4×6 (from the "
                                         "config), got 4×5"));
        }
        SECTION("a weight that is not finite, named with its layer")
        {
            attn::language_model_params bad = params;
            (*bad.layers[1].attention.w_k)(2, 1) = NAN;
            CHECK_THROWS_MATCHES(attn::language_model_forward(bad, attn::vector{1, 2}),
                                 attn::attention_error,
                                 Message("layers[1].wK[2][1]: expected a finite number, got NaN"));
            bad = params;
            bad.final_gamma(3) = INFINITY;
            CHECK_THROWS_WITH(attn::language_model_forward(bad, attn::vector{1, 2}),
                              "finalGamma[3]: expected a finite number, got Infinity");
        }
        SECTION("gradients of another model's shapes for the optimizer")
        {
            attn::language_model_params untied =
                attn::language_model_initial(small_config(false), 1);
            attn::language_model_params tied = params;
            CHECK_THROWS_MATCHES(attn::language_model_parameter_refs(untied, tied),
                                 attn::attention_error,
                                 Message("gradients: expected the shapes of the model's "
                                         "parameters, got no unembedding"));
            CHECK(attn::language_model_parameter_refs(tied, tied).size() == 1 + 9 * 2 + 1);
        }
        SECTION("an unembedding given to a tied model")
        {
            attn::language_model_params bad = params;
            bad.unembedding = xt::zeros<double>({7, 4});
            CHECK_THROWS_WITH(attn::language_model_forward(bad, attn::vector{1, 2}),
                              StartsWith("unembedding: expected none (the model is tied"));
        }
    }

    TEST_CASE("AdamW on the model's gradients drives the loss of a repeated text towards zero",
              "[language-model][training]")
    {
        attn::language_model_config config = small_config(true);
        config.vocab = 5;
        config.d_model = 8;
        config.d_ff = 16;
        attn::language_model_params params = attn::language_model_initial(config, 3);
        // "abcdeabcdeab": the next token is always the one after the current one.
        const attn::vector text = {0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1};
        // The optimizer holds pointers into one gradient of the model's shapes; each step copies
        // the fresh gradients there.
        attn::language_model_params grads =
            attn::language_model_loss_and_gradients(params, text).gradients;
        const std::vector<attn::parameter_ref> refs =
            attn::language_model_parameter_refs(params, grads);
        attn::optimizer_options options;
        options.kind = attn::optimizer_kind::adamw;
        options.learning_rate = 1e-2;
        options.weight_decay = 0.01;
        attn::optimizer adamw(options, refs);
        const double first = attn::language_model_loss_and_gradients(params, text).loss.loss;
        // Weights of 0.02 give logits near 0: about the loss of guessing uniformly, ln 5.
        CHECK_THAT(first, Catch::Matchers::WithinAbs(std::log(5.0), 0.05));
        double loss = first;
        for (int step = 0; step < 200; ++step)
        {
            attn::language_model_loss result = attn::language_model_loss_and_gradients(params, text);
            loss = result.loss.loss;
            auto fresh = attn::language_model_tensors(result.gradients);
            for (std::size_t k = 0; k < refs.size(); ++k)
            {
                std::copy(fresh[k].data, fresh[k].data + refs[k].size, refs[k].grad);
            }
            adamw.step();
        }
        INFO("loss " << first << " → " << loss);
        CHECK(loss < 0.05);
    }
} // namespace language_model_tests
