// Every operation with a lean path (a `trace` argument: trace: false computes only the lean
// fields, by other loops or without the n × n matrices) against its own traced path, on random
// requests built from the operation's description: the lean result must be finite wherever the
// traced one is, and equal to it within 1e-12 of the field's magnitude. The requests include
// extreme maskFill (far above or below the scores, ±1e308), scales near overflow (scores near
// 1e308, values near the largest double) and fully masked rows. An operation that gains a
// `trace` argument is tested here with no new entry; one whose required argument has no
// generator below fails, naming it.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/describe/operations.hpp"
#include "attn/error.hpp"
#include "golden_operations.hpp"

namespace lean_paths_tests
{
    using golden::json;

    namespace
    {
        constexpr double infinity = std::numeric_limits<double>::infinity();
        constexpr double tolerance = 1e-12;

        /// The shapes and scales of one random request.
        struct request_shape
        {
            std::size_t n = 1, m = 1, d_k = 1, d_v = 1;
            double query_scale = 1, key_scale = 1, value_scale = 1;
        };

        class request_maker
        {
        public:
            explicit request_maker(std::uint64_t seed) : rng_(seed) {}

            std::size_t whole(std::size_t low, std::size_t high)
            {
                return std::uniform_int_distribution<std::size_t>(low, high)(rng_);
            }

            template <std::size_t N> double pick(const double (&values)[N])
            {
                return values[whole(0, N - 1)];
            }

            bool coin() { return whole(0, 1) == 1; }

            json random_matrix(std::size_t rows, std::size_t cols, double scale)
            {
                std::normal_distribution<double> normal(0, 1);
                json out = json::array();
                for (std::size_t i = 0; i < rows; ++i)
                {
                    json row = json::array();
                    for (std::size_t j = 0; j < cols; ++j)
                    {
                        // Clamped so that values scaled near the largest double stay finite.
                        row.push_back(std::clamp(normal(rng_), -1.0, 1.0) * scale);
                    }
                    out.push_back(std::move(row));
                }
                return out;
            }

            /// Omitted, causal, a key length, or a 0/1 matrix with some rows fully masked.
            json mask(const request_shape& s)
            {
                switch (whole(0, 3))
                {
                case 0:
                    return nullptr;
                case 1:
                    return "causal";
                case 2:
                    return json{{"keyLength", whole(0, s.m)}};
                default:
                    break;
                }
                json out = json::array();
                for (std::size_t i = 0; i < s.n; ++i)
                {
                    const bool fully_masked = whole(0, 3) == 0;
                    json row = json::array();
                    for (std::size_t j = 0; j < s.m; ++j)
                    {
                        row.push_back(fully_masked ? 0 : static_cast<int>(whole(0, 1)));
                    }
                    out.push_back(std::move(row));
                }
                return out;
            }

            /// -∞, far below, near, far above the scores (where e^(fill − max) overflows), or
            /// at the ends of double range.
            json mask_fill()
            {
                static constexpr double fills[] = {-infinity, -1e308, -1e4, -30, 0,
                                                   3,         715,    800,  1e4, 1e308};
                return pick(fills);
            }

            /// The value of `argument` in a random request of shape `s`, or null to omit it.
            /// `known` is false for an argument with no generator.
            json value_of(const char* argument, const request_shape& s, bool& known)
            {
                const std::string name = argument;
                known = true;
                if (name == "query")
                    return random_matrix(s.n, s.d_k, s.query_scale);
                if (name == "key")
                    return random_matrix(s.m, s.d_k, s.key_scale);
                if (name == "value")
                    return random_matrix(s.m, s.d_v, s.value_scale);
                if (name == "mask")
                    return mask(s);
                if (name == "maskFill")
                    return coin() ? json(nullptr) : mask_fill();
                if (name == "window")
                    return coin() ? s.n : whole(0, s.n);
                if (name == "globalTokens")
                {
                    json tokens = json::array();
                    for (std::size_t t = 0; t < s.n; ++t)
                    {
                        if (whole(0, 4) == 0)
                            tokens.push_back(t);
                    }
                    return tokens;
                }
                if (name == "randomPerRow")
                    return whole(0, s.n);
                if (name == "seed")
                    return whole(0, 1000);
                if (name == "blockRows")
                    return coin() ? json(nullptr) : json(whole(1, s.n));
                if (name == "blockCols" || name == "chunkSize")
                    return name == "blockCols" && coin() ? json(nullptr) : json(whole(1, s.m));
                if (name == "precision")
                    return coin() ? "float64" : "float32";
                if (name == "causal")
                    return coin();
                known = false;
                return nullptr;
            }

        private:
            std::mt19937_64 rng_;
        };

        template <class Operation> bool has_lean_path()
        {
            return std::any_of(std::begin(Operation::arguments), std::end(Operation::arguments),
                               [](const attn::describe::argument& a)
                               { return std::string(a.name) == "trace"; });
        }

        /// Whether queries and keys must be one sequence (a window over positions, causal).
        template <class Operation> bool one_sequence()
        {
            return std::any_of(std::begin(Operation::arguments), std::end(Operation::arguments),
                               [](const attn::describe::argument& a)
                               {
                                   const std::string name = a.name;
                                   return name == "window" || name == "causal";
                               });
        }

        template <class Operation> json random_request(request_maker& make)
        {
            static constexpr double score_scales[] = {1, 1, 5, 30, 1e100, 1e153, 1e154};
            static constexpr double value_scales[] = {1, 1, 1e-300, 1e300, 1.7e308};
            request_shape s;
            s.n = make.whole(1, 12);
            s.m = one_sequence<Operation>() ? s.n : make.whole(1, 12);
            s.d_k = make.whole(1, 6);
            s.d_v = make.whole(1, 4);
            s.query_scale = make.pick(score_scales);
            s.key_scale = make.coin() ? 1 : s.query_scale;
            s.value_scale = make.pick(value_scales);
            json request = json::object();
            for (const attn::describe::argument& a : Operation::arguments)
            {
                if (std::string(a.name) == "trace")
                    continue;
                bool known = true;
                json value = make.value_of(a.name, s, known);
                if (!known && !a.optional)
                {
                    FAIL("no generator for " << Operation::name << "'s argument " << a.name);
                }
                if (!value.is_null())
                {
                    request[a.name] = std::move(value);
                }
            }
            return request;
        }

        json run(const std::string& operation, json request, bool traced)
        {
            request["trace"] = traced;
            golden::input_source source(request);
            return golden::run_operation(operation, source);
        }

        double largest_magnitude(const json& j)
        {
            if (j.is_number())
                return std::isfinite(j.get<double>()) ? std::abs(j.get<double>()) : 0.0;
            double out = 0;
            if (j.is_array())
                for (const json& x : j)
                    out = std::max(out, largest_magnitude(x));
            return out;
        }

        bool all_finite(const json& j)
        {
            if (j.is_number())
                return std::isfinite(j.get<double>());
            if (j.is_array() || j.is_object())
                return std::all_of(j.begin(), j.end(), [](const json& x) { return all_finite(x); });
            return true;
        }

        /// Compares a lean field with the traced one, cell by cell; says where they differ.
        void compare(const json& lean, const json& traced, double scale, const std::string& path)
        {
            if (traced.is_number())
            {
                const double t = traced.get<double>(), l = lean.get<double>();
                if (!std::isfinite(t))
                    return;
                INFO(path << ": lean " << l << ", traced " << t);
                REQUIRE(std::isfinite(l));
                REQUIRE(std::abs(l - t) <= tolerance * scale);
                return;
            }
            if (traced.is_array())
            {
                INFO(path << ": lean " << lean.dump() << ", traced " << traced.dump());
                REQUIRE(lean.is_array());
                REQUIRE(lean.size() == traced.size());
                for (std::size_t i = 0; i < traced.size(); ++i)
                {
                    compare(lean[i], traced[i], scale, path + "[" + std::to_string(i) + "]");
                }
                return;
            }
            INFO(path);
            REQUIRE(lean == traced);
        }

        template <class Operation> void check_lean_path(std::size_t cases)
        {
            request_maker make(0x1ea4 + std::string(Operation::name).size());
            for (std::size_t c = 0; c < cases; ++c)
            {
                const json request = random_request<Operation>(make);
                INFO(Operation::name << " case " << c << ": " << request.dump());
                json traced;
                try
                {
                    traced = run(Operation::name, request, true);
                }
                catch (const attn::attention_error&)
                {
                    // Refused traced (an overflow among cells the lean path never computes, say):
                    // the lean path may refuse too, or compute, but never return a non-finite
                    // number.
                    json lean;
                    try
                    {
                        lean = run(Operation::name, request, false);
                    }
                    catch (const attn::attention_error&)
                    {
                        continue;
                    }
                    CHECK(all_finite(lean));
                    continue;
                }
                const json lean = run(Operation::name, request, false);
                for (const auto& field : lean.items())
                {
                    REQUIRE(traced.contains(field.key()));
                    // The output is a weighted average of the values: its unit is theirs.
                    double scale = std::max(1.0, largest_magnitude(traced[field.key()]));
                    if (field.key() == "output")
                    {
                        scale = std::max(scale, largest_magnitude(request.at("value")));
                    }
                    compare(field.value(), traced[field.key()], scale, field.key());
                }
            }
        }
    } // namespace

    TEST_CASE("every lean path agrees with its traced path on random requests, extreme fills "
              "and scales included",
              "[lean]")
    {
        std::size_t operations = 0;
        attn::describe::for_each_operation(
            [&](auto operation)
            {
                using Operation = decltype(operation);
                if (has_lean_path<Operation>())
                {
                    ++operations;
                    check_lean_path<Operation>(400);
                }
            });
        // flashAttention, chunkedAttention, linearAttention and sparseAttention at least.
        CHECK(operations >= 4);
    }
} // namespace lean_paths_tests
