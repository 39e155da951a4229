// The optimizers and gradient clipping against PyTorch 1.13 (tests/fixtures/optimizers/
// steps.json, written by generate_backward_layers.py), plus the properties a trainer relies on.

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <string>
#include <tuple>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "attn/error.hpp"
#include "attn/train/optimizer.hpp"

namespace optimizer_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;
    using json = nlohmann::json;

    namespace
    {
        json load_steps()
        {
            std::ifstream in(std::string(ATTN_FIXTURE_DIR) + "/optimizers/steps.json");
            REQUIRE(in.good());
            return json::parse(in);
        }

        /// Flat storage for a few parameters and their gradients, and the refs an optimizer holds.
        struct parameters
        {
            std::vector<std::vector<double>> values, grads;
            std::vector<attn::parameter_ref> refs;

            explicit parameters(std::vector<std::vector<double>> start) : values(std::move(start))
            {
                for (const auto& v : values)
                {
                    grads.emplace_back(v.size(), 0.0);
                }
                for (std::size_t i = 0; i < values.size(); ++i)
                {
                    refs.push_back({"p" + std::to_string(i), values[i].data(), grads[i].data(),
                                    values[i].size()});
                }
            }
        };

        attn::optimizer_options options_of(const json& run)
        {
            const std::string kind = run.at("optimizer");
            attn::optimizer_options o;
            o.kind = kind == "sgd"    ? attn::optimizer_kind::sgd
                     : kind == "adam" ? attn::optimizer_kind::adam
                                      : attn::optimizer_kind::adamw;
            const json& given = run.at("options");
            o.learning_rate = given.value("learningRate", o.learning_rate);
            o.beta1 = given.value("beta1", o.beta1);
            o.beta2 = given.value("beta2", o.beta2);
            o.eps = given.value("eps", o.eps);
            o.weight_decay = given.value("weightDecay", o.weight_decay);
            o.momentum = given.value("momentum", o.momentum);
            return o;
        }

        std::vector<std::vector<double>> start_values(const json& root)
        {
            std::vector<std::vector<double>> start;
            for (const json& p : root.at("parameters"))
            {
                start.push_back(p.at("value").get<std::vector<double>>());
            }
            return start;
        }

        void check_all_near(const std::vector<double>& actual, const std::vector<double>& expected,
                            double tolerance)
        {
            REQUIRE(actual.size() == expected.size());
            for (std::size_t k = 0; k < actual.size(); ++k)
            {
                CAPTURE(k);
                CHECK_THAT(actual[k], WithinAbs(expected[k], tolerance));
            }
        }
    } // namespace

    TEST_CASE("every optimizer run matches PyTorch's parameters after each of its steps to 1e-12",
              "[optimizer]")
    {
        const json root = load_steps();
        const double tolerance = root.at("tolerance");
        REQUIRE(tolerance == 1e-12);
        REQUIRE(root.at("runs").size() >= 6);
        for (const json& run : root.at("runs"))
        {
            DYNAMIC_SECTION(run.at("name").get<std::string>())
            {
                INFO(run.at("description").get<std::string>());
                parameters p(start_values(root));
                attn::optimizer optimizer(options_of(run), p.refs);
                const json& gradients = root.at("gradients");
                REQUIRE(run.at("after").size() == gradients.size());
                for (std::size_t step = 0; step < gradients.size(); ++step)
                {
                    for (std::size_t i = 0; i < p.grads.size(); ++i)
                    {
                        // Copied into place: the optimizer holds pointers to this storage.
                        const auto given = gradients[step][i].get<std::vector<double>>();
                        REQUIRE(given.size() == p.grads[i].size());
                        std::copy(given.begin(), given.end(), p.grads[i].begin());
                    }
                    optimizer.step();
                    CHECK(optimizer.steps() == step + 1);
                    for (std::size_t i = 0; i < p.values.size(); ++i)
                    {
                        INFO("after step " << step + 1 << ", parameter " << i);
                        check_all_near(p.values[i], run.at("after")[step][i], tolerance);
                    }
                }
            }
        }
    }

    TEST_CASE("clip_grad_norm matches torch.nn.utils.clip_grad_norm_ on every fixture case",
              "[optimizer][clip]")
    {
        const json root = load_steps();
        REQUIRE(root.at("clipping").size() >= 3);
        for (const json& c : root.at("clipping"))
        {
            DYNAMIC_SECTION(c.at("name").get<std::string>())
            {
                INFO(c.at("description").get<std::string>());
                parameters p(c.at("grads").get<std::vector<std::vector<double>>>());
                p.grads = p.values; // the parameters' values do not matter here, only their grads
                for (std::size_t i = 0; i < p.grads.size(); ++i)
                {
                    p.refs[i].grad = p.grads[i].data();
                }
                const double norm = attn::clip_grad_norm(p.refs, c.at("maxNorm"));
                CHECK_THAT(norm, WithinAbs(c.at("norm"), 1e-12));
                for (std::size_t i = 0; i < p.grads.size(); ++i)
                {
                    check_all_near(p.grads[i], c.at("clipped")[i], 1e-12);
                }
            }
        }
    }

    TEST_CASE("clipping below max_norm leaves every gradient unchanged bit for bit",
              "[optimizer][clip]")
    {
        parameters p({{0.1, -0.2, 0.3}, {0.05}});
        p.grads = {{0.1, -0.2, 0.3}, {0.05}};
        for (std::size_t i = 0; i < 2; ++i)
        {
            p.refs[i].grad = p.grads[i].data();
        }
        const auto before = p.grads;
        const double norm = attn::clip_grad_norm(p.refs, 1.0);
        CHECK_THAT(norm, WithinAbs(std::sqrt(0.01 + 0.04 + 0.09 + 0.0025), 1e-15));
        CHECK(p.grads == before);
    }

    TEST_CASE("a non-finite gradient norm is returned and leaves the gradients as they are",
              "[optimizer][clip]")
    {
        parameters p({{1, 2}});
        p.grads[0] = {std::numeric_limits<double>::infinity(), 1.0};
        p.refs[0].grad = p.grads[0].data();
        CHECK(std::isinf(attn::clip_grad_norm(p.refs, 1.0)));
        CHECK(p.grads[0][1] == 1.0);
    }

    TEST_CASE("the optimizer keeps each parameter's state across steps", "[optimizer]")
    {
        // Two steps with state against a fresh optimizer given the second gradient from where the
        // first step left the parameter: they differ only by the state carried over.
        const attn::optimizer_kind kind = GENERATE(
            attn::optimizer_kind::sgd, attn::optimizer_kind::adam, attn::optimizer_kind::adamw);
        attn::optimizer_options options;
        options.kind = kind;
        options.learning_rate = 0.1;
        options.momentum = 0.9;
        options.beta1 = 0.5;
        parameters kept({{1.0, -1.0}}), fresh({{1.0, -1.0}});
        attn::optimizer twice(options, kept.refs);
        kept.grads[0] = {0.5, 0.25};
        twice.step();
        const std::vector<double> after_one = kept.values[0];
        kept.grads[0] = fresh.grads[0] = {-0.5, 1.0};
        twice.step();
        CHECK(twice.steps() == 2);
        fresh.values[0] = after_one;
        attn::optimizer once(options, fresh.refs);
        once.step();
        CHECK(once.steps() == 1);
        CHECK(kept.values[0][0] != fresh.values[0][0]);
        CHECK(kept.values[0][1] != fresh.values[0][1]);
        if (kind == attn::optimizer_kind::sgd)
        {
            // The buffer is 0.9·0.5 + (−0.5) = −0.05 on the second step, not −0.5.
            CHECK_THAT(kept.values[0][0] - after_one[0], WithinAbs(-0.1 * -0.05, 1e-15));
        }
    }

    TEST_CASE("plain SGD moves each parameter by −lr·grad", "[optimizer]")
    {
        attn::optimizer_options options;
        options.kind = attn::optimizer_kind::sgd;
        options.learning_rate = 0.5;
        parameters p({{1.0, 2.0}});
        p.grads[0] = {0.25, -1.0};
        attn::optimizer(options, p.refs).step();
        CHECK(p.values[0] == std::vector<double>{0.875, 2.5});
    }

    TEST_CASE("each bad optimizer option is refused with a message naming it",
              "[optimizer][errors]")
    {
        using row = std::tuple<std::string, double, std::string>;
        const auto [option, value, message] = GENERATE(table<std::string, double, std::string>({
            row{"learningRate", 0,
                "learningRate: expected a positive finite number such as 1e-3, got 0"},
            row{"learningRate", INFINITY,
                "learningRate: expected a positive finite number such as "
                "1e-3, got Infinity"},
            row{"beta1", 1,
                "beta1: expected a number from 0 up to but not including 1, such as 0.9, "
                "got 1"},
            row{"beta2", -0.1,
                "beta2: expected a number from 0 up to but not including 1, such as "
                "0.999, got -0.1"},
            row{"eps", 0, "eps: expected a small positive number such as 1e-8, got 0"},
            row{"weightDecay", -1,
                "weightDecay: expected a finite number of at least 0, such as 0.01, "
                "got -1"},
            row{"weightDecay", NAN,
                "weightDecay: expected a finite number of at least 0, such as "
                "0.01, got NaN"},
            row{"momentum", 1,
                "momentum: expected a number from 0 up to but not including 1, such as "
                "0.9, got 1"},
        }));
        CAPTURE(option, value);
        attn::optimizer_options options;
        (option == "learningRate"  ? options.learning_rate
         : option == "beta1"       ? options.beta1
         : option == "beta2"       ? options.beta2
         : option == "eps"         ? options.eps
         : option == "weightDecay" ? options.weight_decay
                                   : options.momentum) = value;
        parameters p(std::vector<std::vector<double>>{{1.0}});
        CHECK_THROWS_MATCHES(attn::optimizer(options, p.refs), attn::attention_error,
                             Message(message));
    }

    TEST_CASE("a bad maxNorm or an empty parameter is refused with a message naming it",
              "[optimizer][clip][errors]")
    {
        parameters p(std::vector<std::vector<double>>{{1.0}});
        CHECK_THROWS_MATCHES(
            attn::clip_grad_norm(p.refs, 0), attn::attention_error,
            Message("maxNorm: expected a positive finite number such as 1, got 0"));
        p.refs[0].size = 0;
        CHECK_THROWS_MATCHES(
            attn::optimizer({}, p.refs), attn::attention_error,
            Message(
                "parameters[0] (p0): expected a value and a gradient of at least one number, got "
                "an empty parameter"));
    }
} // namespace optimizer_tests
