#include <cmath>
#include <cstddef>
#include <limits>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/error.hpp"
#include "attn/random.hpp"
#include "attn/sample.hpp"
#include "attn/softmax.hpp"

namespace sample_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::WithinAbs;

    const attn::vector six = {2.0, 1.0, 0.5, -1.0, 0.0, 3.0};

    attn::sample_options with(double temperature, std::size_t top_k, double top_p,
                              std::uint32_t seed = 0)
    {
        attn::sample_options o;
        o.temperature = temperature;
        o.top_k = top_k;
        o.top_p = top_p;
        o.seed = seed;
        return o;
    }

    TEST_CASE("without filters the probabilities are the softmax of logits / temperature",
              "[sample]")
    {
        const auto t = attn::sample(six, with(0.5, 0, 1));
        const attn::matrix scaled = {{4.0, 2.0, 1.0, -2.0, 0.0, 6.0}};
        const auto reference = attn::softmax_rows(scaled).weights;
        double sum = 0;
        for (std::size_t i = 0; i < six.size(); ++i)
        {
            CHECK(t.scaled_logits(i) == scaled(0, i));
            CHECK_THAT(t.softmax(i), WithinAbs(reference(0, i), 1e-15));
            CHECK_THAT(t.probabilities(i), WithinAbs(reference(0, i), 1e-15));
            sum += t.probabilities(i);
        }
        CHECK_THAT(sum, WithinAbs(1.0, 1e-15));
        CHECK(t.kept == std::vector<std::size_t>{0, 1, 2, 3, 4, 5});
        CHECK(t.order == std::vector<std::size_t>{5, 0, 1, 2, 4, 3});
    }

    TEST_CASE("temperature 0 is greedy: probability 1 on the first largest logit, for any seed",
              "[sample]")
    {
        for (const std::uint32_t seed : {0u, 1u, 99u, 4294967295u})
        {
            const auto t = attn::sample({1.0, 3.0, 3.0, 0.0}, with(0, 3, 0.9, seed));
            CHECK(t.chosen == 1);
            CHECK(t.kept == std::vector<std::size_t>{1});
            CHECK(t.probabilities(1) == 1.0);
            CHECK(t.probabilities(2) == 0.0);
            CHECK(t.scaled_logits(2) == 3.0);
        }
    }

    TEST_CASE("top-k keeps the k most likely tokens, the lower index winning a tie at the boundary",
              "[sample]")
    {
        const auto t = attn::sample({0.0, 2.0, 1.0, 1.0, 1.0}, with(1, 2, 1));
        CHECK(t.kept == std::vector<std::size_t>{1, 2});
        const double p1 = t.softmax(1), p2 = t.softmax(2);
        CHECK_THAT(t.probabilities(1), WithinAbs(p1 / (p1 + p2), 1e-15));
        CHECK(t.probabilities(3) == 0.0);
        CHECK(t.probabilities(0) == 0.0);
    }

    TEST_CASE("top-p keeps the shortest most-likely prefix whose probability reaches p", "[sample]")
    {
        // Four equal tokens: 0.25 + 0.25 reaches 0.5 exactly, so two are kept, the lower indices.
        CHECK(attn::sample({0.5, 0.5, 0.5, 0.5}, with(1, 0, 0.5)).kept ==
              std::vector<std::size_t>{0, 1});
        // Just past 0.5 needs a third.
        CHECK(attn::sample({0.5, 0.5, 0.5, 0.5}, with(1, 0, 0.5000001)).kept ==
              std::vector<std::size_t>{0, 1, 2});
        // A p below the top token's probability keeps that token alone.
        CHECK(attn::sample(six, with(1, 0, 0.1)).kept == std::vector<std::size_t>{5});
    }

    TEST_CASE("top-p measures the probabilities top-k has renormalised", "[sample]")
    {
        // Top-k 2 leaves tokens 5 and 0 with 0.731 and 0.269 (e³, e² renormalised): p = 0.7
        // keeps 5 alone, though 5 has only 0.605 of the unfiltered softmax.
        const auto t = attn::sample(six, with(1, 2, 0.7));
        CHECK(t.kept == std::vector<std::size_t>{5});
        CHECK(t.probabilities(5) == 1.0);
    }

    TEST_CASE("the same seed draws the same token, and the chosen token is always a kept one",
              "[sample]")
    {
        const auto options = with(1.2, 4, 0.9, 31);
        CHECK(attn::sample(six, options).chosen == attn::sample(six, options).chosen);
        CHECK(attn::sample(six, options).uniform == attn::sample(six, options).uniform);
        for (std::uint32_t seed = 0; seed < 500; ++seed)
        {
            const auto t = attn::sample(six, with(1.2, 4, 0.9, seed));
            CHECK(t.probabilities(t.chosen) > 0);
        }
    }

    TEST_CASE("a generation's step k samples with the top 32 bits of number k of stream "
              "seed·256 + 11: different steps draw different numbers, the same seed and step "
              "the same",
              "[sample][generation]")
    {
        const std::uint32_t seed = GENERATE(0u, 7u, 4294967295u);
        CAPTURE(seed);
        // Number k of the stream, walked to one draw after another.
        attn::splitmix64 stream(attn::stream_state(seed, 11));
        std::set<std::uint32_t> seeds;
        std::set<double> draws;
        for (std::uint64_t step = 0; step < 1000; ++step)
        {
            const std::uint32_t step_seed = attn::generation_step_seed(seed, step);
            CHECK(step_seed == static_cast<std::uint32_t>(stream.next() >> 32));
            CHECK(attn::generation_step_seed(seed, step) == step_seed);
            seeds.insert(step_seed);
            draws.insert(attn::sample(six, with(1, 0, 1, step_seed)).uniform);
        }
        CHECK(seeds.size() == 1000);
        CHECK(draws.size() == 1000);
        // Another seed's generation draws other numbers at the same steps.
        for (std::uint64_t step = 0; step < 1000; ++step)
        {
            CHECK(attn::generation_step_seed(seed + 1, step) !=
                  attn::generation_step_seed(seed, step));
        }
    }

    TEST_CASE("the draw is the inverse CDF of u over the probabilities in vocabulary order",
              "[sample]")
    {
        for (std::uint32_t seed = 0; seed < 200; ++seed)
        {
            const auto t = attn::sample(six, with(1, 0, 1, seed));
            double below = 0;
            for (std::size_t i = 0; i < t.chosen; ++i)
            {
                below += t.probabilities(i);
            }
            CHECK(below <= t.uniform);
            CHECK(t.uniform < below + t.probabilities(t.chosen));
        }
    }

    TEST_CASE("over 20000 seeds each token is drawn as often as its probability says, within "
              "five binomial standard deviations",
              "[sample]")
    {
        const std::size_t draws = 20000;
        const auto options = with(0.9, 5, 0.97);
        const auto reference = attn::sample(six, options);
        std::vector<std::size_t> counts(six.size(), 0);
        for (std::uint32_t seed = 0; seed < draws; ++seed)
        {
            auto o = options;
            o.seed = seed;
            ++counts[attn::sample(six, o).chosen];
        }
        for (std::size_t i = 0; i < six.size(); ++i)
        {
            const double p = reference.probabilities(i);
            const double expected = static_cast<double>(draws) * p;
            const double bound = 5 * std::sqrt(static_cast<double>(draws) * p * (1 - p));
            INFO("token " << i << ": drawn " << counts[i] << " times, expected " << expected);
            CHECK(std::abs(static_cast<double>(counts[i]) - expected) <= bound);
        }
        // The filter removed the least likely token, so it is never drawn.
        CHECK(counts[3] == 0);
    }

    TEST_CASE("logits of ±1000 and a large vocabulary stay finite", "[sample]")
    {
        const auto t = attn::sample({1000.0, 999.0, -1000.0}, with(1, 0, 1));
        CHECK_THAT(t.probabilities(0), WithinAbs(1 / (1 + std::exp(-1.0)), 1e-15));
        CHECK(t.probabilities(2) == 0.0);
    }

    TEST_CASE("empty logits are refused naming logits", "[sample][errors]")
    {
        CHECK_THROWS_MATCHES(
            attn::sample(attn::vector(xt::empty<double>({0})), with(1, 0, 1)),
            attn::attention_error,
            Message("logits: expected a non-empty list of numbers, one per token, got 0 numbers"));
    }

    TEST_CASE("NaN or an infinite logit is refused naming its index", "[sample][errors]")
    {
        const double inf = std::numeric_limits<double>::infinity();
        CHECK_THROWS_MATCHES(attn::sample({0.0, 1.0, std::nan("")}, with(1, 0, 1)),
                             attn::attention_error,
                             Message("logits[2]: expected a finite number, got NaN"));
        CHECK_THROWS_MATCHES(attn::sample({-inf, 1.0}, with(1, 0, 1)), attn::attention_error,
                             Message("logits[0]: expected a finite number, got -Infinity"));
    }

    TEST_CASE("a negative or non-finite temperature is refused naming temperature",
              "[sample][errors]")
    {
        CHECK_THROWS_MATCHES(attn::sample(six, with(-0.5, 0, 1)), attn::attention_error,
                             Message("temperature: expected a finite number ≥ 0 (0 is greedy), "
                                     "got -0.5"));
        CHECK_THROWS_MATCHES(attn::sample(six, with(std::nan(""), 0, 1)), attn::attention_error,
                             Message("temperature: expected a finite number ≥ 0 (0 is greedy), "
                                     "got NaN"));
    }

    TEST_CASE("a temperature so small that logits / temperature overflows is refused",
              "[sample][errors]")
    {
        CHECK_THROWS_MATCHES(
            attn::sample({1e300, 0.0}, with(1e-10, 0, 1)), attn::attention_error,
            Message("temperature: expected a temperature large enough for logits / temperature "
                    "to stay within double range, got 1e-10 (logits[0] / temperature = "
                    "Infinity)"));
    }

    TEST_CASE("a topP of 0 or less, or above 1, is refused naming topP", "[sample][errors]")
    {
        for (const double p : {0.0, -0.1, 1.5})
        {
            CHECK_THROWS_WITH(attn::sample(six, with(1, 0, p)),
                              Catch::Matchers::StartsWith(
                                  "topP: expected a number in (0, 1] (1 keeps every token), got "));
        }
        CHECK_THROWS_MATCHES(attn::sample(six, with(1, 0, 0)), attn::attention_error,
                             Message("topP: expected a number in (0, 1] (1 keeps every token), "
                                     "got 0"));
    }
} // namespace sample_tests
