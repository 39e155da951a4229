// The language model's trainer (attn/train/language_model_trainer.hpp): one and two AdamW steps
// against torch.optim.AdamW with clip_grad_norm_ and the schedule
// (tests/fixtures/language_model_training_cases.py) to 1e-12; the loss falling on a repeated
// text; bit-identical reruns; its refusals; the bigram baseline and the induction figure.

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/train/language_model_trainer.hpp"
#include "language_model_fixture.hpp"

namespace language_model_trainer_tests
{
    using golden::json;
    using Catch::Matchers::Message;

    constexpr double step_tolerance = 1e-12;

    attn::language_model_training_options options_of(const json& o)
    {
        attn::language_model_training_options options;
        options.batch = o.at("batch");
        options.steps = o.at("steps");
        options.warmup_steps = o.at("warmupSteps");
        options.learning_rate = o.at("learningRate");
        options.min_learning_rate = o.at("minLearningRate");
        options.beta1 = o.at("beta1");
        options.beta2 = o.at("beta2");
        options.eps = o.at("eps");
        options.weight_decay = o.at("weightDecay");
        options.clip_norm = o.at("clipNorm");
        options.held_out_windows = o.at("heldOutWindows");
        options.seed = o.at("seed");
        return options;
    }

    /// The largest |actual − expected| / max(1, |expected|) over every tensor of two models.
    double largest_difference(const attn::language_model_params& actual,
                              attn::language_model_params expected)
    {
        attn::language_model_params have = actual;
        const auto a = attn::language_model_tensors(have);
        const auto e = attn::language_model_tensors(expected);
        REQUIRE(a.size() == e.size());
        double worst = 0;
        for (std::size_t k = 0; k < a.size(); ++k)
        {
            REQUIRE(a[k].rows * a[k].cols == e[k].rows * e[k].cols);
            for (std::size_t i = 0; i < a[k].rows * a[k].cols; ++i)
            {
                worst = std::max(worst, std::abs(a[k].data[i] - e[k].data[i]) /
                                            std::max(1.0, std::abs(e[k].data[i])));
            }
        }
        return worst;
    }

    /// The next-token text "abcde" repeated: 200 ids of a vocabulary of 5.
    std::vector<std::size_t> repeated_text()
    {
        std::vector<std::size_t> tokens(200);
        for (std::size_t i = 0; i < tokens.size(); ++i)
        {
            tokens[i] = i % 5;
        }
        return tokens;
    }

    attn::language_model_config small_config()
    {
        attn::language_model_config c;
        c.vocab = 5;
        c.d_model = 8;
        c.heads = 2;
        c.kv_heads = 1;
        c.layers = 1;
        c.d_ff = 16;
        c.context = 8;
        return c;
    }

    attn::language_model_training_options small_options()
    {
        attn::language_model_training_options o;
        o.batch = 4;
        o.steps = 60;
        o.warmup_steps = 5;
        o.learning_rate = 3e-2;
        o.min_learning_rate = 3e-3;
        o.held_out_windows = 4;
        o.seed = 3;
        return o;
    }

    TEST_CASE("one and two AdamW steps with clipping and the schedule match torch.optim.AdamW's "
              "to 1e-12",
              "[language-model-trainer][golden]")
    {
        const std::vector<golden::fixture_case> cases =
            golden::load("native/language_model_training.json");
        REQUIRE(cases.size() == 2);
        for (const golden::fixture_case& c : cases)
        {
            DYNAMIC_SECTION(c.name)
            {
                INFO(c.name << ": " << c.description);
                const attn::language_model_training_options options =
                    options_of(c.input.at("options"));
                const attn::language_model_params initial = language_model_fixture::params_of(c.input);
                attn::language_model_trainer trainer(
                    initial, c.input.at("tokens").get<std::vector<std::size_t>>(), options);
                const json& rates = c.expected.at("learningRates");
                REQUIRE(rates.size() == options.steps);
                for (std::size_t s = 0; s < rates.size(); ++s)
                {
                    CHECK_THAT(attn::language_model_learning_rate(options, s),
                               Catch::Matchers::WithinAbs(rates[s].get<double>(), 1e-15));
                }
                const json& steps = c.expected.at("steps");
                REQUIRE(steps.size() == 2);
                for (std::size_t s = 0; s < steps.size(); ++s)
                {
                    INFO("after step " << s + 1);
                    const json& want = steps[s];
                    const std::vector<attn::language_model_window> windows = trainer.draw_batch();
                    std::vector<std::size_t> starts;
                    for (const attn::language_model_window& w : windows)
                    {
                        CHECK(w.passage.empty());
                        starts.push_back(w.start);
                    }
                    CHECK(starts == want.at("starts").get<std::vector<std::size_t>>());
                    const double loss = trainer.step_on(windows);
                    CHECK_THAT(loss, Catch::Matchers::WithinAbs(want.at("loss"), step_tolerance));
                    CHECK_THAT(trainer.last_gradient_norm(),
                               Catch::Matchers::WithinAbs(want.at("gradientNorm"), step_tolerance));
                    const double worst = largest_difference(
                        trainer.params(),
                        language_model_fixture::params_of(initial.config, want.at("parameters")));
                    INFO("largest difference from torch's parameters " << worst);
                    CHECK(worst <= step_tolerance);
                }
                CHECK(trainer.steps_taken() == 2);
                CHECK_THAT(trainer.held_out_loss(),
                           Catch::Matchers::WithinAbs(c.expected.at("heldOutLoss"), step_tolerance));
            }
        }
    }

    TEST_CASE("the held-out loss of a repeated text falls from ln 5 to near 0 in 60 steps",
              "[language-model-trainer][training]")
    {
        const std::vector<std::size_t> text = repeated_text();
        attn::language_model_trainer trainer(attn::language_model_initial(small_config(), 1),
                                             text, small_options());
        CHECK(trainer.train_tokens().size() == 180);
        CHECK(trainer.held_out_tokens().size() == 20);
        const double before = trainer.held_out_loss();
        // Weights of 0.02 give logits near 0: about the loss of guessing, ln 5.
        CHECK_THAT(before, Catch::Matchers::WithinAbs(std::log(5.0), 0.1));
        double loss = 0;
        while (trainer.steps_taken() < 60)
        {
            loss = trainer.step();
        }
        const double after = trainer.held_out_loss();
        INFO("held-out loss " << before << " → " << after << ", last batch " << loss);
        CHECK(after < 0.1);
        CHECK(loss < 0.1);
    }

    TEST_CASE("a window's passage is written from its place to the window's end, over and over",
              "[language-model-trainer]")
    {
        // Tokens 0 1 2 …, so each window's ids say where they came from.
        attn::language_model_config config = small_config();
        config.vocab = 200;
        const attn::language_model_params wide = attn::language_model_initial(config, 1);
        std::vector<std::size_t> tokens(200);
        for (std::size_t i = 0; i < tokens.size(); ++i)
        {
            tokens[i] = i;
        }
        attn::language_model_training_options o = small_options();
        o.batch = 2;
        o.repeat_windows = 1;
        attn::language_model_trainer trainer(wide, tokens, o);
        const double plain =
            attn::language_model_loss_and_gradients(wide, attn::vector{3, 4, 5, 6, 7, 8, 9, 10})
                .loss.loss;
        // Window 20 … 27 with the passage 150 199 from token 1 on: 20, then 150 199 three times
        // and a half.
        const double repeated =
            attn::language_model_loss_and_gradients(wide, attn::vector{20, 150, 199, 150, 199, 150, 199, 150})
                .loss.loss;
        CHECK(trainer.step_on({{3}, {20, {150, 199}, 1}}) == (plain + repeated) / 2);
        const std::string expected = "a passage read at least twice whole from `from` within the "
                                     "window's 8 tokens, got ";
        CHECK_THROWS_MATCHES(trainer.step_on({{3}, {20, {1, 2, 3}, 3}}), attn::attention_error,
                             Message("windows[1]: expected " + expected + "length 3, from 3"));
        CHECK_THROWS_MATCHES(trainer.step_on({{3, {1, 2, 3, 4, 5}, 0}}), attn::attention_error,
                             Message("windows[0]: expected " + expected + "length 5, from 0"));
        CHECK_THROWS_MATCHES(trainer.step_on({{3, {1, 200}, 1}}), attn::attention_error,
                             Message("windows[0].passage[1]: expected a token id below 200 (the "
                                     "vocabulary), got 200"));
    }

    TEST_CASE("the last repeatWindows windows end in a random string of any length, from "
              "anywhere, read over and over",
              "[language-model-trainer]")
    {
        attn::language_model_config config = small_config();
        config.context = 32;
        attn::language_model_training_options o = small_options();
        o.batch = 8;
        o.repeat_windows = 3;
        std::vector<std::size_t> text(400);
        for (std::size_t i = 0; i < text.size(); ++i)
        {
            text[i] = i % 5;
        }
        attn::language_model_trainer trainer(attn::language_model_initial(config, 1), text, o);
        std::set<std::size_t> lengths, places, tokens;
        for (int b = 0; b < 200; ++b)
        {
            const std::vector<attn::language_model_window> batch = trainer.draw_batch();
            REQUIRE(batch.size() == 8);
            for (std::size_t k = 0; k < batch.size(); ++k)
            {
                const attn::language_model_window& w = batch[k];
                const std::size_t length = w.passage.size();
                if (k < 5)
                {
                    CHECK(length == 0);
                    continue;
                }
                CHECK(length >= 4);
                CHECK(length <= 16);
                CHECK(w.from + 2 * length <= 32);
                for (std::size_t token : w.passage)
                {
                    tokens.insert(token);
                }
                lengths.insert(length);
                places.insert(w.from);
            }
        }
        // Every length 4 … 16, many places and every token of the vocabulary: no one distance,
        // and no string the corpus predicts, to learn instead of copying.
        CHECK(lengths.size() == 13);
        CHECK(places.size() > 16);
        CHECK(tokens.size() == config.vocab);
    }

    TEST_CASE("two runs with the same seed give bit-identical parameters, another seed others",
              "[language-model-trainer]")
    {
        const auto run = [](std::uint32_t seed)
        {
            attn::language_model_training_options o = small_options();
            o.seed = seed;
            attn::language_model_trainer trainer(attn::language_model_initial(small_config(), 1),
                                                 repeated_text(), o);
            for (int s = 0; s < 5; ++s)
            {
                trainer.step();
            }
            return trainer.params();
        };
        attn::language_model_params a = run(4), b = run(4), other = run(5);
        const auto ta = attn::language_model_tensors(a);
        const auto tb = attn::language_model_tensors(b);
        const auto to = attn::language_model_tensors(other);
        std::size_t same = 0, differing = 0, cells = 0;
        for (std::size_t k = 0; k < ta.size(); ++k)
        {
            for (std::size_t i = 0; i < ta[k].rows * ta[k].cols; ++i)
            {
                same += ta[k].data[i] == tb[k].data[i];
                differing += ta[k].data[i] != to[k].data[i];
                ++cells;
            }
        }
        CHECK(same == cells);
        // Other batches move every weight that any gradient reaches.
        CHECK(differing > cells / 2);
    }

    TEST_CASE("options, tokens and windows the trainer cannot take are refused naming them",
              "[language-model-trainer][errors]")
    {
        const attn::language_model_params initial =
            attn::language_model_initial(small_config(), 1);
        attn::language_model_training_options o = small_options();
        const auto refused = [&](const std::vector<std::size_t>& tokens)
        { return attn::language_model_trainer(initial, tokens, o); };
        const std::vector<std::size_t> text = repeated_text();
        SECTION("a batch of no windows")
        {
            o.batch = 0;
            CHECK_THROWS_MATCHES(refused(text), attn::attention_error,
                                 Message("batch: expected a size from 1 to 1024, got 0"));
        }
        SECTION("no steps, and a warm-up longer than the steps")
        {
            o.steps = 0;
            CHECK_THROWS_MATCHES(refused(text), attn::attention_error,
                                 Message("steps: expected a whole number of at least 1, got 0"));
            o.steps = 4;
            o.warmup_steps = 5;
            CHECK_THROWS_MATCHES(refused(text), attn::attention_error,
                                 Message("warmupSteps: expected 0 … 4 (steps), got 5"));
        }
        SECTION("learning rates out of order or not positive")
        {
            o.learning_rate = 0;
            CHECK_THROWS_MATCHES(
                refused(text), attn::attention_error,
                Message("learningRate: expected a positive finite number such as 3e-3, got 0"));
            o.learning_rate = 1e-3;
            o.min_learning_rate = 1e-2;
            CHECK_THROWS_MATCHES(refused(text), attn::attention_error,
                                 Message("minLearningRate: expected a number from 0 to "
                                         "learningRate = 0.001, got 0.01"));
        }
        SECTION("AdamW's own options, named by its checks")
        {
            o.beta2 = 1;
            CHECK_THROWS_MATCHES(refused(text), attn::attention_error,
                                 Message("beta2: expected a number from 0 up to but not "
                                         "including 1, such as 0.999, got 1"));
            o.beta2 = 0.999;
            o.weight_decay = -0.1;
            CHECK_THROWS_MATCHES(refused(text), attn::attention_error,
                                 Message("weightDecay: expected a finite number of at least 0, "
                                         "such as 0.01, got -0.1"));
        }
        SECTION("more repeated windows than the batch holds")
        {
            o.repeat_windows = 5;
            CHECK_THROWS_MATCHES(refused(text), attn::attention_error,
                                 Message("repeatWindows: expected 0 … 4 (batch), got 5"));
        }
        SECTION("a clipping norm of 0")
        {
            o.clip_norm = 0;
            CHECK_THROWS_MATCHES(refused(text), attn::attention_error,
                                 Message("clipNorm: expected a positive finite number such as "
                                         "1, got 0"));
        }
        SECTION("more held-out windows than the held-out tenth holds, or none")
        {
            o.held_out_windows = 0;
            CHECK_THROWS_MATCHES(refused(text), attn::attention_error,
                                 Message("heldOutWindows: expected a whole number of at least "
                                         "1, got 0"));
            // 20 held-out tokens hold 13 windows of 8.
            o.held_out_windows = 14;
            CHECK_THROWS_MATCHES(refused(text), attn::attention_error,
                                 Message("heldOutWindows: expected 1 … 13 (the held-out tenth's "
                                         "windows), got 14"));
        }
        SECTION("too few tokens for a held-out window, and a token outside the vocabulary")
        {
            CHECK_THROWS_MATCHES(refused(std::vector<std::size_t>(79, 1)), attn::attention_error,
                                 Message("tokens: expected at least 10·context = 80 token ids (a "
                                         "window of the model's context in the held-out tenth), "
                                         "got 79"));
            std::vector<std::size_t> bad = text;
            bad[7] = 5;
            CHECK_THROWS_MATCHES(refused(bad), attn::attention_error,
                                 Message("tokens[7]: expected a token id, a whole number from 0 "
                                         "to 4 (embedding has 5 rows, one per token), got 5"));
        }
        SECTION("a window reaching past the training split")
        {
            attn::language_model_trainer trainer(initial, text, o);
            CHECK_THROWS_MATCHES(trainer.step_on({{0}, {173}}), attn::attention_error,
                                 Message("windows[1].start: expected 0 … 172 (a window inside "
                                         "the training split), got 173"));
            CHECK(trainer.steps_taken() == 0);
        }
    }

    TEST_CASE("the bigram baseline counts the training split, picks k by leave-one-out and "
              "scores the held-out tenth",
              "[language-model-trainer]")
    {
        // 18 training tokens 0 1 0 1 …: bigrams 0→1 nine times, 1→0 eight times. Leave-one-out
        // always prefers less smoothing here, so k is the grid's least, 10⁻⁴; the held-out
        // tenth (0, 1) is the one bigram 0→1: −ln((9 + k) / (9 + 2k)).
        std::vector<std::size_t> tokens(20);
        for (std::size_t i = 0; i < tokens.size(); ++i)
        {
            tokens[i] = i % 2;
        }
        const attn::bigram_baseline b = attn::language_model_bigram_baseline(tokens, 2);
        CHECK(b.k == std::pow(10.0, -4.0));
        CHECK_THAT(b.held_out_loss,
                   Catch::Matchers::WithinRel(-std::log(9.0001 / 9.0002), 1e-9));
        // A held-out bigram never seen in training (1→1) costs −ln(k / (8 + 2k)).
        tokens[19] = 1;
        tokens[18] = 1;
        const attn::bigram_baseline unseen = attn::language_model_bigram_baseline(tokens, 2);
        CHECK_THAT(unseen.held_out_loss,
                   Catch::Matchers::WithinRel(-std::log(1e-4 / 8.0002), 1e-9));
        CHECK_THROWS_MATCHES(attn::language_model_bigram_baseline({0, 1, 2}, 2),
                             attn::attention_error,
                             Message("tokens[2]: expected a token id, a whole number from 0 to 1 "
                                     "(a vocabulary of 2), got 2"));
    }

    TEST_CASE("the induction figure of an untrained model is about 1: it copies nothing yet",
              "[language-model-trainer]")
    {
        attn::language_model_config c = small_config();
        const attn::language_model_params params = attn::language_model_initial(c, 2);
        const attn::induction_figure f = attn::language_model_induction(params, 6, 0);
        CHECK(f.strings == 6);
        REQUIRE(f.lengths.size() == 1);
        CHECK(f.lengths[0].length == 4);
        CHECK_THAT(f.first_copy_loss, Catch::Matchers::WithinAbs(std::log(5.0), 0.05));
        CHECK_THAT(f.ratio, Catch::Matchers::WithinAbs(1.0, 0.02));
        CHECK(f.ratio == f.second_copy_loss / f.first_copy_loss);
        // The same seed draws the same strings.
        CHECK(attn::language_model_induction(params, 6, 0).ratio == f.ratio);
        c.context = 3;
        CHECK_THROWS_MATCHES(
            attn::language_model_induction(attn::language_model_initial(c, 2), 6, 0),
            attn::attention_error,
            Message("context: expected at least 4 (two copies of a string of two tokens), got 3"));
    }
} // namespace language_model_trainer_tests
