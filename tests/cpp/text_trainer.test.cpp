// The text task of createTrainer (attn/train/text_trainer.hpp): its default passage is the
// corpus's opening, reruns are bit-identical, a short run learns, a diverging run stops with
// finite parameters, and every option and the budget are refused by name.

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/train/text_trainer.hpp"

namespace text_trainer_tests
{
    using Catch::Matchers::Message;

    /// A small model on the default passage: a step takes about a millisecond natively.
    attn::text_trainer_options small()
    {
        attn::text_trainer_options o;
        o.d_model = 16;
        o.heads = 2;
        o.layers = 1;
        o.d_ff = 32;
        o.context = 16;
        o.batch_size = 4;
        return o;
    }

    std::vector<double> flat(const attn::language_model_params& p)
    {
        attn::language_model_params copy = p;
        std::vector<double> out;
        for (const attn::language_model_tensor& t : attn::language_model_tensors(copy))
        {
            out.insert(out.end(), t.data, t.data + t.rows * t.cols);
        }
        return out;
    }

    TEST_CASE("The default passage is the opening of the shipped corpus", "[text-trainer]")
    {
        std::ifstream file(std::string(ATTN_DATA_DIR) + "/tinyshakespeare.txt");
        std::stringstream corpus;
        corpus << file.rdbuf();
        const std::string& passage = attn::default_training_passage();
        CHECK(passage.size() == 5593);
        CHECK(corpus.str().compare(0, passage.size(), passage) == 0);
    }

    TEST_CASE("The same options and seed train to the same parameters, bit for bit",
              "[text-trainer]")
    {
        attn::text_trainer a(small()), b(small());
        const std::vector<double> la = a.step(5), lb = b.step(5);
        CHECK(la == lb);
        CHECK(flat(a.params()) == flat(b.params()));
        attn::text_trainer_options other = small();
        other.seed = 1;
        attn::text_trainer c(other);
        c.step(5);
        CHECK(flat(c.params()) != flat(a.params()));
    }

    TEST_CASE("A short run on the default passage brings the held-out loss below a uniform guess",
              "[text-trainer][slow]")
    {
        attn::text_trainer t(small());
        const attn::text_trainer_evaluation before = t.evaluate();
        CHECK_THAT(before.uniform_loss,
                   Catch::Matchers::WithinAbs(std::log(double(t.config().model.vocab)), 1e-15));
        CHECK(before.scored == 16 * 15);
        t.step(150);
        const attn::text_trainer_evaluation after = t.evaluate();
        CHECK(t.steps() == 150);
        CHECK(after.loss < before.loss - 0.8);
        CHECK(after.bigram_loss == before.bigram_loss);
    }

    TEST_CASE("A run whose rate is far too large stops with the parameters from before",
              "[text-trainer][slow]")
    {
        attn::text_trainer_options o = small();
        o.learning_rate = 1;
        o.warmup_steps = 0;
        o.clip_norm = 1e6;
        attn::text_trainer t(o);
        std::size_t taken = 0;
        for (int call = 0; call < 20 && !t.diverged(); ++call)
        {
            taken += t.step(50).size();
        }
        REQUIRE(t.diverged());
        CHECK(t.steps() == taken);
        CHECK_THAT(t.status_message(), Catch::Matchers::StartsWith("training diverged at step"));
        for (const double x : flat(t.params()))
        {
            REQUIRE(std::isfinite(x));
        }
        CHECK(std::isfinite(t.evaluate().loss));
        CHECK_THROWS_WITH(t.step(1), Catch::Matchers::StartsWith(
                                         "step: expected a trainer that has not diverged"));
    }

    TEST_CASE("The text task refuses each option by its JavaScript name", "[text-trainer]")
    {
        using attn::text_trainer_options;
        const auto refused = [](text_trainer_options o) { attn::text_trainer t(o); };
        text_trainer_options o = small();
        SECTION("heads must leave an even d_k")
        {
            o.heads = 3;
            CHECK_THROWS_WITH(refused(o), Catch::Matchers::StartsWith(
                                              "model.heads: expected a divisor of dModel = 16"));
        }
        SECTION("kvHeads must divide heads")
        {
            o.kv_heads = 3;
            CHECK_THROWS_WITH(refused(o), Catch::Matchers::StartsWith(
                                              "model.kvHeads: expected a divisor of heads = 2"));
        }
        SECTION("the context is capped")
        {
            o.context = 257;
            CHECK_THROWS_WITH(refused(o), Catch::Matchers::StartsWith("model.context: expected"));
        }
        SECTION("a text too short for its held-out tenth")
        {
            o.text = "to be or not to be";
            CHECK_THROWS_WITH(refused(o),
                              "text: expected at least 160 tokens (ten times model.context, so "
                              "that the held-out tenth holds a window), got 18");
        }
        SECTION("learningRate above 1")
        {
            o.learning_rate = 2;
            CHECK_THROWS_WITH(
                refused(o),
                "learningRate: expected a number above 0 and at most 1, such as 1e-2, got 2");
        }
        SECTION("a fractional batch")
        {
            o.batch_size = 2.5;
            CHECK_THROWS_WITH(refused(o), Catch::Matchers::StartsWith("batchSize: expected"));
        }
        SECTION("a model past the work budget is refused, naming the option that costs most")
        {
            o.d_model = 256;
            o.heads = 4;
            o.d_ff = 1024;
            o.layers = 4;
            o.context = 256;
            o.batch_size = 64;
            CHECK_THROWS_WITH(
                refused(o), Catch::Matchers::StartsWith(
                                "model.context: expected options whose step takes at most 4e+10"));
        }
    }

    TEST_CASE("Steps past one call's budget are refused", "[text-trainer]")
    {
        attn::text_trainer t(small());
        CHECK(t.max_steps() == 10000);
        CHECK_THROWS_WITH(t.step(10001), Catch::Matchers::StartsWith("steps: expected"));
        CHECK_THROWS_WITH(t.step(0), Catch::Matchers::StartsWith("steps: expected"));
        CHECK(t.steps() == 0);
    }
} // namespace text_trainer_tests
