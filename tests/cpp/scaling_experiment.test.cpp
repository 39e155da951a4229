#include <algorithm>
#include <cmath>
#include <iterator>

#include <catch2/catch.hpp>

#include "attn/attention.hpp"
#include "attn/random.hpp"
#include "attn/scaling_experiment.hpp"
#include "tensor_matchers.hpp"

namespace scaling_experiment_tests
{
    using Catch::Matchers::WithinAbs;
    using Catch::Matchers::WithinRel;

    TEST_CASE(
        "scores of d_k-dimensional standard normal vectors have variance d_k, and scaled ones 1",
        "[scaling][slow]")
    {
        // 2000 samples × 8 keys: the sampling error of a variance is a few percent, so 10% is a
        // tolerance that a correct engine passes for every seed and a wrong scale (√d_k or d_k²)
        // never does.
        const std::size_t d_k = GENERATE(1, 4, 16, 64, 256, 1024);
        CAPTURE(d_k);
        const auto t = attn::scaling_experiment(d_k, 8, 2000, 0);
        const double d = static_cast<double>(d_k);
        CHECK_THAT(t.score_variance, WithinRel(d, 0.1));
        CHECK_THAT(t.scaled_variance, WithinRel(1.0, 0.1));
        CHECK_THAT(t.score_mean, WithinAbs(0.0, 0.1 * std::sqrt(d)));
        CHECK_THAT(t.scaled_mean, WithinAbs(0.0, 0.1));
        CHECK(t.samples == 2000);
        CHECK(t.keys == 8);
        CHECK(t.d_k == d_k);
        CHECK_THAT(t.max_entropy, WithinRel(std::log(8.0), 1e-15));
    }

    TEST_CASE("scaling keeps the softmax's peak roughly flat across d_k while unscaled it climbs "
              "toward 1",
              "[scaling]")
    {
        const auto small = attn::scaling_experiment(4, 8, 500, 1);
        const auto medium = attn::scaling_experiment(64, 8, 500, 1);
        const auto large = attn::scaling_experiment(1024, 8, 500, 1);

        const double scaled_peaks[] = {small.scaled.mean_peak_weight,
                                       medium.scaled.mean_peak_weight,
                                       large.scaled.mean_peak_weight};
        CHECK(*std::max_element(std::begin(scaled_peaks), std::end(scaled_peaks)) -
                  *std::min_element(std::begin(scaled_peaks), std::end(scaled_peaks)) <
              0.05);

        CHECK(small.unscaled.mean_peak_weight < medium.unscaled.mean_peak_weight);
        CHECK(medium.unscaled.mean_peak_weight < large.unscaled.mean_peak_weight);
        CHECK(large.unscaled.mean_peak_weight > 0.9);

        SECTION("and the same for entropy and the gradient: unscaled, both collapse")
        {
            CHECK(large.unscaled.mean_entropy < 0.25 * small.unscaled.mean_entropy);
            CHECK(large.unscaled.mean_gradient_norm < 0.25 * small.unscaled.mean_gradient_norm);
            CHECK_THAT(large.scaled.mean_entropy, WithinRel(small.scaled.mean_entropy, 0.1));
            CHECK_THAT(large.scaled.mean_gradient_norm,
                       WithinRel(small.scaled.mean_gradient_norm, 0.1));
            CHECK(large.scaled.mean_entropy < large.max_entropy);
        }
    }

    TEST_CASE("the example is the first draw, computed exactly as attention computes it",
              "[scaling]")
    {
        const auto t = attn::scaling_experiment(6, 5, 3, 42);
        const attn::scaling_example& e = t.example;
        REQUIRE(attn_test::shape(e.query) == "1×6");
        REQUIRE(attn_test::shape(e.key) == "5×6");

        attn::normal_stream stream(42 * 256 + 7);
        CHECK_THAT(e.query, attn_test::MatrixEquals(attn::draw_normal(1, 6, stream)));
        CHECK_THAT(e.key, attn_test::MatrixEquals(attn::draw_normal(5, 6, stream)));

        // With value = key the attention trace holds the same scores, scaled scores and weights.
        const auto a = attn::scaled_dot_product_attention(e.query, e.key, e.key);
        CHECK_THAT(e.scores, attn_test::MatrixEquals(a.scores));
        CHECK(e.sqrt_d_k == a.sqrt_d_k);
        CHECK_THAT(e.scaled, attn_test::MatrixEquals(a.scaled));
        CHECK_THAT(e.weights_scaled, attn_test::MatrixEquals(a.weights));
        CHECK_THAT(e.weights_unscaled,
                   attn_test::MatrixEquals(attn::softmax_rows(e.scores).weights));
    }

    TEST_CASE("the experiment is reproducible, and another seed draws other vectors", "[scaling]")
    {
        const auto first = attn::scaling_experiment(8, 4, 20, 3);
        const auto again = attn::scaling_experiment(8, 4, 20, 3);
        CHECK(first.score_variance == again.score_variance);
        CHECK(first.unscaled.mean_gradient_norm == again.unscaled.mean_gradient_norm);
        CHECK_THAT(again.example.key, attn_test::MatrixEquals(first.example.key));
        CHECK(attn::scaling_experiment(8, 4, 20, 4).score_variance != first.score_variance);
    }
} // namespace scaling_experiment_tests
