#include <cmath>
#include <string>

#include <catch2/catch.hpp>

#include "attn/diagnose_sliding_window.hpp"
#include "attn/multi_head_attention.hpp"

namespace diagnose_sliding_window_tests
{
    using Catch::Matchers::WithinAbs;

    namespace
    {
        // Eight tokens of width 2; the values are the identity's first two columns and more.
        const attn::matrix x = {{0.5, -1.0}, {1.0, 0.25},   {-0.5, 0.75}, {0.25, 1.5},
                                {-1.0, 0.5}, {0.75, -0.25}, {1.5, 1.0},   {-0.25, -0.75}};

        attn::window_diagnose_options options(attn::window_stage stage, double window, double sinks,
                                              double row, double column, double answer)
        {
            attn::window_diagnose_options o;
            o.window = window;
            o.sinks = sinks;
            o.stage = stage;
            o.row = row;
            o.column = column;
            o.answer = answer;
            return o;
        }

        double candidate(const attn::window_diagnosis& d, const std::string& name)
        {
            for (const auto& c : d.candidates)
            {
                if (c.misconception == name)
                {
                    return c.value;
                }
            }
            FAIL("no candidate " << name);
            return 0;
        }

        /// multiHeadAttention's own windowed weights: one head, identity projections.
        attn::matrix layer_weights(std::size_t window, std::size_t sinks)
        {
            const attn::matrix eye = xt::eye<double>(2);
            attn::multi_head_params p;
            p.w_q = p.w_k = p.w_v = p.w_o = eye;
            attn::multi_head_options o;
            o.window = window;
            o.sinks = sinks;
            return attn::multi_head_attention(x, x, x, p, o).per_head[0].attention.weights;
        }
    } // namespace

    TEST_CASE("diagnoseSlidingWindow's expected weight is multiHeadAttention's under its window",
              "[diagnose][window]")
    {
        const attn::matrix weights = layer_weights(3, 2);
        for (std::size_t i = 0; i < 8; ++i)
        {
            for (std::size_t j = 0; j < 8; ++j)
            {
                const auto d = attn::diagnose_sliding_window(
                    x, x, x, options(attn::window_stage::weight, 3, 2, i, j, 0));
                CHECK_THAT(d.expected, WithinAbs(weights(i, j), 1e-15));
            }
        }
    }

    TEST_CASE("each mistaken mask is named by the weight it gives", "[diagnose][window]")
    {
        // Query 6 under window 3 sees keys 4, 5, 6 and the sinks 0, 1; key 3 is out.
        const attn::matrix wider = layer_weights(4, 2);
        auto d = attn::diagnose_sliding_window(
            x, x, x, options(attn::window_stage::weight, 3, 2, 6, 3, wider(6, 3)));
        CHECK(d.expected == 0.0);
        CHECK(d.misconception == std::optional<std::string>("offByOneWindow"));

        // A symmetric band lets query 4 see key 5.
        const auto probe = attn::diagnose_sliding_window(
            x, x, x, options(attn::window_stage::weight, 3, 2, 4, 5, 0));
        CHECK(probe.expected == 0.0);
        d = attn::diagnose_sliding_window(
            x, x, x,
            options(attn::window_stage::weight, 3, 2, 4, 5, candidate(probe, "notCausal")));
        CHECK(candidate(probe, "notCausal") > 0.01);
        CHECK(d.misconception == std::optional<std::string>("notCausal"));

        // Without the sinks the window's own keys take their weight.
        const attn::matrix alone = layer_weights(3, 0);
        d = attn::diagnose_sliding_window(
            x, x, x, options(attn::window_stage::weight, 3, 2, 6, 5, alone(6, 5)));
        CHECK(d.misconception == std::optional<std::string>("forgotSinks"));

        // One sink inside a window of 4: query 7 keeps only keys 5, 6, 7 and the sink.
        const attn::matrix inside = layer_weights(3, 1);
        d = attn::diagnose_sliding_window(
            x, x, x, options(attn::window_stage::weight, 4, 1, 7, 5, inside(7, 5)));
        CHECK(d.misconception == std::optional<std::string>("sinksInsideWindow"));
    }

    TEST_CASE("the sink candidates apply only with sinks, and sinksInsideWindow only below the "
              "window",
              "[diagnose][window]")
    {
        using attn::window_stage;
        CHECK(attn::diagnose_sliding_window(x, x, x, options(window_stage::output, 3, 0, 5, 0, 0))
                  .candidates.size() == 2);
        CHECK(attn::diagnose_sliding_window(x, x, x, options(window_stage::output, 3, 1, 5, 0, 0))
                  .candidates.size() == 4);
        CHECK(attn::diagnose_sliding_window(x, x, x, options(window_stage::output, 3, 3, 5, 0, 0))
                  .candidates.size() == 3);
    }

    TEST_CASE("the reach grows by window − 1 per layer, and L·window, the window and one layer "
              "are named",
              "[diagnose][window]")
    {
        using attn::window_stage;
        const attn::matrix tall = xt::zeros<double>({40, 1});
        auto reach = [&](double window, double layers, double row, double answer)
        {
            auto o = options(window_stage::reach, window, 0, row, 0, answer);
            o.layers = layers;
            return attn::diagnose_sliding_window(tall, tall, tall, o);
        };
        for (double layers = 1; layers <= 4; ++layers)
        {
            CHECK(reach(4, layers, 39, 0).expected == 3 * layers);
        }
        CHECK(reach(4, 20, 39, 0).expected == 39); // capped at the first token
        CHECK(reach(1, 5, 39, 0).expected == 0);   // a window of one never looks back
        CHECK(reach(4, 3, 30, 12).misconception == std::optional<std::string>("layersTimesWindow"));
        CHECK(reach(4, 3, 30, 4).misconception == std::optional<std::string>("windowOnly"));
        CHECK(reach(4, 3, 30, 3).misconception == std::optional<std::string>("singleLayer"));
        CHECK(reach(4, 3, 30, 9).correct);
        // Sinks do not change the band's reach.
        auto o = options(window_stage::reach, 4, 2, 30, 0, 9);
        o.layers = 3;
        CHECK(attn::diagnose_sliding_window(tall, tall, tall, o).correct);
    }

    TEST_CASE("a right answer about the window is correct, and one that matches no mistake "
              "names none",
              "[diagnose][window]")
    {
        using attn::window_stage;
        const auto probe =
            attn::diagnose_sliding_window(x, x, x, options(window_stage::output, 3, 1, 7, 1, 0));
        auto d = attn::diagnose_sliding_window(
            x, x, x, options(window_stage::output, 3, 1, 7, 1, probe.expected + 0.004));
        CHECK(d.correct);
        CHECK_FALSE(d.misconception);
        d = attn::diagnose_sliding_window(x, x, x, options(window_stage::output, 3, 1, 7, 1, 99));
        CHECK_FALSE(d.correct);
        CHECK_FALSE(d.misconception);
    }

    TEST_CASE("diagnoseSlidingWindow refuses bad arguments, naming each", "[diagnose][window]")
    {
        using attn::window_stage;
        auto check = [&](attn::window_diagnose_options o, const char* message)
        { REQUIRE_THROWS_WITH(attn::diagnose_sliding_window(x, x, x, o), message); };
        check(options(window_stage::weight, 0, 0, 0, 0, 0),
              "window: expected a whole number from 1 to 1024, got 0");
        check(options(window_stage::weight, 2.5, 0, 0, 0, 0),
              "window: expected a whole number from 1 to 1024, got 2.5");
        check(options(window_stage::weight, 3, -1, 0, 0, 0),
              "sinks: expected a whole number from 0 to 1024, got -1");
        auto o = options(window_stage::reach, 3, 0, 0, 0, 0);
        o.layers = 0;
        check(o, "layers: expected a whole number from 1 to 1024, got 0");
        check(options(window_stage::weight, 3, 0, 8, 0, 0),
              "row: expected a whole number from 0 to 7, got 8");
        check(options(window_stage::weight, 3, 0, 0, 8, 0),
              "column: expected a whole number from 0 to 7, got 8");
        check(options(window_stage::output, 3, 0, 0, 2, 0),
              "column: expected a whole number from 0 to 1, got 2");
        check(options(window_stage::reach, 3, 0, 0, 1, 0),
              "column: expected a whole number from 0 to 0, got 1");
        check(options(window_stage::weight, 3, 0, 0, 0, NAN),
              "answer: expected a finite number, got NaN");
        o = options(window_stage::weight, 3, 0, 0, 0, 0);
        o.tolerance = 0;
        check(o, "tolerance: expected a finite number above 0, got 0");
        REQUIRE_THROWS_WITH(attn::parse_window_stage("stage", "score"),
                            "stage: expected 'weight', 'output' or 'reach', got 'score'");
    }
} // namespace diagnose_sliding_window_tests
