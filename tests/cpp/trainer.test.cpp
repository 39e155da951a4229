#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <cstring>
#include <map>
#include <string>

#include <xtensor/xio.hpp>
#include <xtensor/xview.hpp>

#include "attn/encoder_layer.hpp"
#include "attn/error.hpp"
#include "attn/train/trainer.hpp"

namespace trainer_tests
{
    using Catch::Matchers::Contains;
    using Catch::Matchers::Message;
    using Catch::Matchers::StartsWith;

    namespace
    {
        attn::trainer_options task(const char* name, double seed = 0)
        {
            attn::trainer_options o;
            o.task = name;
            o.seed = seed;
            return o;
        }

        /// Steps in blocks of `every` until the held-out accuracy reaches `goal` or `limit` steps
        /// have run; returns the steps taken (limit + 1 when the goal was never met).
        std::size_t steps_to(attn::trainer& t, double goal, std::size_t limit, std::size_t every)
        {
            while (t.steps() < limit)
            {
                t.step(static_cast<double>(every));
                if (t.evaluate().accuracy >= goal)
                {
                    return t.steps();
                }
            }
            return limit + 1;
        }
    } // namespace

    TEST_CASE("the same options and seed give the same loss at every step, bit for bit",
              "[trainer]")
    {
        const char* name = GENERATE("reverse", "induction", "iris");
        attn::trainer a(task(name, 3)), b(task(name, 3)), other(task(name, 4));
        const std::vector<double> first = a.step(50).losses;
        const std::vector<double> second = b.step(50).losses;
        REQUIRE(first.size() == 50);
        // memcmp, not ==: bit-identical, so −0 and 0 or two NaNs could not pass for each other.
        CHECK(std::memcmp(first.data(), second.data(), 50 * sizeof(double)) == 0);
        CHECK(other.step(50).losses != first);
    }

    TEST_CASE("with all defaults, reverse reaches 99 % held-out accuracy within 1,000 steps for "
              "seeds 0, 1 and 2",
              "[trainer][slow]")
    {
        const double seed = GENERATE(0, 1, 2);
        attn::trainer t(task("reverse", seed));
        const auto start = std::chrono::steady_clock::now();
        const std::size_t steps = steps_to(t, 0.99, 1000, 50);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        INFO("seed " << seed << ": " << steps << " steps, " << seconds << " s with evaluations");
        CHECK(steps <= 1000);
    }

    TEST_CASE("with all defaults, iris reaches 93 % test accuracy by step 300 for seeds 0, 1 and 2",
              "[trainer][slow]")
    {
        const double seed = GENERATE(0, 1, 2);
        attn::trainer t(task("iris", seed));
        t.step(300);
        const attn::trainer_evaluation e = t.evaluate();
        INFO("seed " << seed << ": accuracy " << e.accuracy);
        CHECK(e.scored == 30);
        CHECK(e.accuracy >= 0.93);
    }

    TEST_CASE("learning rate 10 diverges: the trainer stops, says why, and refuses to step on",
              "[trainer]")
    {
        attn::trainer_options o = task("reverse");
        o.learning_rate = 10;
        attn::trainer t(o);
        const attn::trainer_step_result r = t.step(100);
        REQUIRE(r.diverged);
        CHECK(t.status() == attn::trainer_status::diverged);
        CHECK(r.losses.size() == t.steps());
        for (const double loss : r.losses)
        {
            CHECK(std::isfinite(loss)); // the charts never see the bad step
        }
        CHECK_THAT(t.status_message(), StartsWith("training diverged at step "));
        CHECK_THROWS_MATCHES(
            t.step(1), attn::attention_error,
            Message("step: expected a trainer that has not diverged, got one that "
                    "has: " +
                    t.status_message()));
        CHECK(std::isfinite(t.evaluate().loss)); // the last good parameters are still there
    }

    TEST_CASE("ablating a head changes the trained model's accuracy", "[trainer]")
    {
        attn::trainer t(task("reverse"));
        t.step(300);
        const double trained = t.evaluate().accuracy;
        // Reverse needs every position to read another: without both heads it is back to guessing.
        const double without0 = t.ablate(0, 0).accuracy;
        const double without1 = t.ablate(0, 1).accuracy;
        INFO("trained " << trained << ", without head 0 " << without0 << ", without head 1 "
                        << without1);
        CHECK(std::min(without0, without1) < trained - 0.05);
        CHECK(t.evaluate().accuracy == trained); // ablation works on a copy
        CHECK_THROWS_MATCHES(t.ablate(1, 0), attn::attention_error,
                             Message("layer: expected a whole number from 0 to 0, got 1"));
        CHECK_THROWS_MATCHES(t.ablate(0, 2.5), attn::attention_error,
                             Message("head: expected a whole number from 0 to 1, got 2.5"));
    }

    TEST_CASE("attention() gives every layer's and head's weights on the fixed probe, labelled",
              "[trainer]")
    {
        attn::trainer_options o = task("sort", 9);
        o.model.layers = 2;
        o.model.heads = 4;
        attn::trainer t(o), other_seed(task("sort", 10));
        const attn::trainer_attention a = t.attention();
        REQUIRE(a.weights.size() == 2);
        REQUIRE(a.weights[0].size() == 4);
        CHECK(attn::rows(a.weights[1][3]) == 6);
        CHECK(attn::cols(a.weights[1][3]) == 6);
        CHECK(a.probe.tokens.size() == 6);
        CHECK(a.predictions.size() == 6);
        CHECK(a.probe.tokens == other_seed.attention().probe.tokens); // fixed across seeds

        SECTION("head scores are fractions of attention on the ideal keys")
        {
            const attn::trainer_head_scores s = t.head_scores();
            REQUIRE(s.scores.size() == 2);
            for (const auto& layer : s.scores)
            {
                for (const double x : layer)
                {
                    CHECK(x >= 0);
                    CHECK(x <= 1);
                }
            }
            CHECK(s.has_ideal);
            CHECK(attn::rows(s.ideal) == 6);
        }
    }

    TEST_CASE(
        "attention() gives each layer's input on the probe, and the engine's encoder layer on "
        "it with the trained parameters gives the same weights bit for bit",
        "[trainer]")
    {
        attn::trainer_options o = task("reverse", 1);
        o.model.layers = 2;
        attn::trainer t(o);
        t.step(20);
        const attn::trainer_attention a = t.attention();
        REQUIRE(a.inputs.size() == 2);
        CHECK(attn::rows(a.inputs[0]) == 6);
        CHECK(attn::cols(a.inputs[0]) == t.config().d_model);

        std::map<std::string, attn::matrix> named;
        for (const attn::trainer_parameter& p : t.parameters())
        {
            named[p.name] = p.value;
        }
        const auto vec = [&](const std::string& name)
        { return attn::vector(xt::row(named.at(name), 0)); };
        attn::encoder_layer_params layer;
        layer.attention.w_q = named.at("layer0.attention.wQ");
        layer.attention.w_k = named.at("layer0.attention.wK");
        layer.attention.w_v = named.at("layer0.attention.wV");
        layer.attention.w_o = named.at("layer0.attention.wO");
        layer.attention.b_q = vec("layer0.attention.bQ");
        layer.attention.b_k = vec("layer0.attention.bK");
        layer.attention.b_v = vec("layer0.attention.bV");
        layer.attention.b_o = vec("layer0.attention.bO");
        layer.w1 = named.at("layer0.feedForward.w1");
        layer.b1 = vec("layer0.feedForward.b1");
        layer.w2 = named.at("layer0.feedForward.w2");
        layer.b2 = vec("layer0.feedForward.b2");
        layer.gamma1 = vec("layer0.norm1.gamma");
        layer.beta1 = vec("layer0.norm1.beta");
        layer.gamma2 = vec("layer0.norm2.gamma");
        layer.beta2 = vec("layer0.norm2.beta");
        attn::encoder_layer_options options;
        options.heads = t.config().heads;
        options.act = attn::activation::relu;
        const attn::encoder_layer_trace rerun = attn::encoder_layer(a.inputs[0], layer, options);
        for (std::size_t h = 0; h < a.weights[0].size(); ++h)
        {
            CHECK(rerun.attention.per_head[h].attention.weights == a.weights[0][h]);
        }
        CHECK(rerun.output == a.inputs[1]); // layer 1 reads layer 0's output

        SECTION("the mask to rerun it with is the task's: causal for induction only")
        {
            CHECK_FALSE(a.causal);
            CHECK(attn::trainer(task("induction")).attention().causal);
        }
    }

    TEST_CASE(
        "iris's probe is one flower's four features, and its head scores measure concentration",
        "[trainer]")
    {
        attn::trainer t(task("iris"));
        const attn::trainer_attention a = t.attention();
        CHECK(a.probe.tokens == std::vector<std::string>{"sepal length", "sepal width",
                                                         "petal length", "petal width"});
        CHECK(a.probe.targets == std::vector<std::string>{"versicolor"});
        CHECK(attn::rows(a.weights[0][0]) == 4);
        const attn::trainer_head_scores s = t.head_scores();
        CHECK_FALSE(s.has_ideal);
        CHECK_THAT(s.measure, Contains("entropy"));
    }

    TEST_CASE("iris's confusion matrix counts the 30 test flowers, and its diagonal over 30 is the "
              "accuracy exactly",
              "[trainer][confusion]")
    {
        const double seed = GENERATE(0, 2);
        attn::trainer t(task("iris", seed)), twin(task("iris", seed));
        t.step(40);
        twin.step(40);
        const attn::trainer_evaluation e = t.evaluate();
        CHECK(e.classes == std::vector<std::string>{"setosa", "versicolor", "virginica"});
        REQUIRE(attn::rows(e.confusion) == 3);
        REQUIRE(attn::cols(e.confusion) == 3);
        INFO("seed " << seed << ", confusion " << e.confusion);
        for (std::size_t species = 0; species < 3; ++species)
        {
            // The split holds out ten flowers of each species: every row adds up to ten.
            const double flowers = xt::sum(xt::row(e.confusion, species))();
            CHECK(flowers == 10);
        }
        const double total = xt::sum(e.confusion)();
        CHECK(total == 30);
        double right = 0;
        for (std::size_t c = 0; c < 3; ++c)
        {
            right += e.confusion(c, c);
        }
        CHECK(e.accuracy == right / 30);
        // Deterministic. The comparison is made before CHECK: Catch's decomposer would otherwise
        // take xtensor's element-wise operator== for its own.
        const bool same = twin.evaluate().confusion == e.confusion;
        CHECK(same);
    }

    TEST_CASE("a toy task's confusion matrix is per symbol over every scored position",
              "[trainer][confusion]")
    {
        attn::trainer t(task("reverse"));
        t.step(20);
        const attn::trainer_evaluation e = t.evaluate();
        const std::size_t v = t.config().vocabulary;
        REQUIRE(e.classes.size() == v);
        CHECK(e.classes.front() == "0");
        CHECK(attn::rows(e.confusion) == v);
        const double total = xt::sum(e.confusion)();
        const double right = xt::sum(xt::diagonal(e.confusion))();
        CHECK(total == static_cast<double>(e.scored));
        CHECK(e.accuracy == right / static_cast<double>(e.scored));
    }

    TEST_CASE(
        "iris's probe gives the flower's measurements in cm and standardised, a toy probe none",
        "[trainer][confusion]")
    {
        attn::trainer t(task("iris", 5)), other_seed(task("iris", 6));
        const attn::trainer_probe p = t.attention().probe;
        CHECK(p.features_cm == std::vector<double>{7.0, 3.2, 4.7, 1.4}); // row 50, a versicolor
        REQUIRE(p.features_standardised.size() == 4);
        CHECK(p.features_standardised[2] > 0); // longer petals than the training mean
        // The training split, and so its mean and std, depend on the seed; the flower does not.
        CHECK(other_seed.attention().probe.features_cm == p.features_cm);
        CHECK(other_seed.attention().probe.features_standardised != p.features_standardised);
        const attn::trainer_probe toy = attn::trainer(task("sort")).attention().probe;
        CHECK(toy.features_cm.empty());
        CHECK(toy.features_standardised.empty());
    }

    TEST_CASE("parameters() names every tensor, in a fixed order", "[trainer]")
    {
        attn::trainer t(task("reverse"));
        const std::vector<attn::trainer_parameter> p = t.parameters();
        std::vector<std::string> names;
        for (const auto& x : p)
        {
            names.push_back(x.name);
        }
        CHECK(names == std::vector<std::string>{
                           "embedding", "layer0.attention.wQ", "layer0.attention.bQ",
                           "layer0.attention.wK", "layer0.attention.bK", "layer0.attention.wV",
                           "layer0.attention.bV", "layer0.attention.wO", "layer0.attention.bO",
                           "layer0.norm1.gamma", "layer0.norm1.beta", "layer0.feedForward.w1",
                           "layer0.feedForward.b1", "layer0.feedForward.w2",
                           "layer0.feedForward.b2", "layer0.norm2.gamma", "layer0.norm2.beta",
                           "head.w", "head.b"});
        CHECK(attn::rows(p[0].value) == 10);
        CHECK(attn::cols(p[0].value) == 16);
        CHECK(p[2].is_vector);
        CHECK(attn::rows(p[2].value) == 1);
    }

    TEST_CASE("every bad option is refused, naming the option", "[trainer][errors]")
    {
        using attn::trainer_options;
        const auto refuses = [](trainer_options o, const std::string& message)
        { CHECK_THROWS_MATCHES(attn::trainer(o), attn::attention_error, Message(message)); };
        trainer_options o;
        o.task = "copy";
        refuses(o, "task: expected 'reverse', 'sort', 'induction', 'iris' or 'compare', got 'copy'");
        o = {};
        o.model.heads = 3;
        refuses(o, "model.heads: expected a divisor of model.dModel = 16, got 3");
        o = {};
        o.model.d_model = 512;
        refuses(o, "model.dModel: expected a whole number from 1 to 256, got 512");
        o = {};
        o.model.layers = 5;
        refuses(o, "model.layers: expected a whole number from 1 to 4, got 5");
        o = {};
        o.model.d_ff = 0;
        refuses(o, "model.dFF: expected a whole number from 1 to 1024, got 0");
        o = {};
        o.learning_rate = 0;
        refuses(o, "learningRate: expected a positive number at most 10, such as 0.003, got 0");
        o.learning_rate = std::nan("");
        refuses(o, "learningRate: expected a positive number at most 10, such as 0.003, got NaN");
        o.learning_rate = HUGE_VAL;
        refuses(o,
                "learningRate: expected a positive number at most 10, such as 0.003, got Infinity");
        o.learning_rate = 10.5;
        refuses(o, "learningRate: expected a positive number at most 10, such as 0.003, got 10.5");
        o = {};
        o.batch_size = 0;
        refuses(o, "batchSize: expected a whole number from 1 to 256, got 0");
        o.task = "iris";
        o.batch_size = 121;
        refuses(o, "batchSize: expected a whole number from 1 to 120, got 121");
        o = {};
        o.optimizer = "rmsprop";
        refuses(o, "optimizer: expected 'adam', 'adamw' or 'sgd', got 'rmsprop'");
        o = {};
        o.weight_decay = -0.1;
        refuses(o, "weightDecay: expected a number from 0 to 1, got -0.1");
        o = {};
        o.dropout = 1;
        refuses(o, "dropout: expected a probability from 0 up to (not including) 1, got 1");
        o = {};
        o.clip_norm = -1;
        refuses(o,
                "clipNorm: expected a non-negative finite number (0 turns clipping off), got -1");
        o = {};
        o.seed = -1;
        refuses(o, "seed: expected a whole number from 0 to 4294967295, got -1");
        o = {};
        o.length = 33;
        refuses(o, "length: expected a whole number from 2 to 32, got 33");
        o = {};
        o.vocabulary = 65;
        refuses(o, "vocabulary: expected a whole number from 2 to 64, got 65");
        o = {};
        o.task = "induction";
        o.length = 12;
        o.vocabulary = 5;
        refuses(o,
                "vocabulary: expected at least length / 2 = 6 symbols for induction (a period of "
                "distinct symbols), got 5");
        o = {};
        o.task = "iris";
        o.length = 6;
        refuses(o, "length: expected no length for iris (its 4 features are its tokens), got 6");

        attn::trainer t(trainer_options{});
        CHECK_THROWS_MATCHES(t.step(0), attn::attention_error,
                             Message("steps: expected a whole number from 1 to 10000, got 0"));
    }

    TEST_CASE("each task has defaults of its own", "[trainer]")
    {
        const attn::trainer_config reverse = attn::trainer_defaults("reverse");
        CHECK(reverse.length == 6);
        CHECK(reverse.vocabulary == 10);
        CHECK(reverse.optimizer == "adam");
        CHECK(reverse.clip_norm == 1);
        const attn::trainer_config iris = attn::trainer_defaults("iris");
        CHECK(iris.length == 4);
        CHECK(iris.vocabulary == 3);
        CHECK(attn::trainer(task("induction")).config().layers == 2);
    }
} // namespace trainer_tests
