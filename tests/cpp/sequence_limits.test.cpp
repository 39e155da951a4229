// The limits the scale operations share: sequences of up to 4096 rows where every
// other dimension stays at 1024, a cap on the largest single intermediate, and a cap on the size
// of a trace. Each refusal names the argument and says what was expected, in its real wording.

#include <map>
#include <string>
#include <utility>

#include <catch2/catch.hpp>

#include "attn/describe/operations.hpp"

namespace sequence_limits_tests
{
    using Catch::Matchers::Message;
    namespace describe = attn::describe;

    namespace
    {
        /// Records the caps the reader passes for each matrix and mask it reads.
        struct cap_recorder
        {
            std::map<std::string, std::pair<std::size_t, std::size_t>> caps;

            bool present(const char*) const { return true; }
            attn::matrix matrix(const char* name, std::size_t max_rows, std::size_t max_cols)
            {
                caps[name] = {max_rows, max_cols};
                return {};
            }
            attn::attention_mask mask(const char* name, std::size_t max_rows, std::size_t max_cols)
            {
                caps[name] = {max_rows, max_cols};
                return attn::attention_mask::causal();
            }
        };

        constexpr describe::argument sequence_query =
            describe::sequence_matrix_argument("query", "n × d_k", "one row per query");
        constexpr describe::argument sequence_state =
            describe::optional_sequence_matrix("state", "n × d", "a sequence", "zeros");
    } // namespace

    TEST_CASE(
        "the shared limits are 4096 rows, 2^24 cells per intermediate and 2^21 traced numbers",
        "[limits]")
    {
        STATIC_REQUIRE(attn::max_sequence == 4096);
        STATIC_REQUIRE(attn::max_peak_cells == 16777216);
        STATIC_REQUIRE(attn::max_trace_numbers == 2097152);
        // Full attention over the longest sequence is the largest intermediate the cap must admit.
        STATIC_REQUIRE(attn::max_sequence * attn::max_sequence <= attn::max_peak_cells);
    }

    TEST_CASE(
        "a sequence argument is read with caps of 4096 rows and 1024 columns, any other matrix "
        "with 1024 of each",
        "[limits][describe]")
    {
        cap_recorder source;
        describe::request_reader<cap_recorder> in(source);
        in.matrix(sequence_query);
        in.optional_matrix(sequence_state);
        in.matrix(describe::attention_operation::key);
        in.mask(describe::sequence_mask);
        in.mask(describe::mask);
        using caps = std::pair<std::size_t, std::size_t>;
        CHECK(source.caps.at("query") == caps{4096, 1024});
        CHECK(source.caps.at("state") == caps{4096, 1024});
        CHECK(source.caps.at("key") == caps{1024, 1024});
        // The last mask read was the ordinary one; the sequence mask is checked on its own below.
        CHECK(source.caps.at("mask") == caps{1024, 1024});
        in.mask(describe::sequence_mask);
        CHECK(source.caps.at("mask") == caps{4096, 4096});
        CHECK(describe::trace.optional);
        CHECK(describe::trace.fallback == 1);
    }

    TEST_CASE("a sequence matrix may have 4096 rows but not 4097, and still at most 1024 columns",
              "[limits][errors]")
    {
        CHECK_NOTHROW(attn::detail::check_sequence_matrix("query", xt::zeros<double>({4096, 2})));
        CHECK_THROWS_MATCHES(
            attn::detail::check_sequence_matrix("query", xt::zeros<double>({4097, 2})),
            attn::attention_error,
            Message("query: expected at most 4096 rows and 1024 columns, got 4097×2"));
        CHECK_THROWS_MATCHES(
            attn::detail::check_sequence_matrix("key", xt::zeros<double>({2, 1025})),
            attn::attention_error,
            Message("key: expected at most 4096 rows and 1024 columns, got 2×1025"));
        SECTION("its values are checked as any matrix's")
        {
            attn::matrix m = xt::zeros<double>({2000, 3});
            m(1999, 2) = std::numeric_limits<double>::quiet_NaN();
            CHECK_THROWS_MATCHES(attn::detail::check_sequence_matrix("value", m),
                                 attn::attention_error,
                                 Message("value[1999][2]: expected a finite number, got NaN"));
        }
        SECTION("the caps are checked before anything is allocated")
        {
            CHECK_THROWS_MATCHES(
                attn::detail::check_shape_caps("input", 5000, 64, attn::max_sequence,
                                               attn::max_dimension),
                attn::attention_error,
                Message("input: expected at most 4096 rows and 1024 columns, got 5000×64"));
            CHECK_THROWS_MATCHES(attn::detail::check_shape_caps("w", 1025, 3, 1024, 1024),
                                 attn::attention_error,
                                 Message("w: expected at most 1024 rows and columns, got 1025×3"));
        }
    }

    TEST_CASE("a sequence length is a whole count from 1 to 4096", "[limits][errors]")
    {
        CHECK_NOTHROW(attn::detail::check_sequence_length("n", 4096));
        CHECK_THROWS_MATCHES(attn::detail::check_sequence_length("n", 0), attn::attention_error,
                             Message("n: expected a sequence length from 1 to 4096, got 0"));
        CHECK_THROWS_MATCHES(attn::detail::check_sequence_length("n", 4097), attn::attention_error,
                             Message("n: expected a sequence length from 1 to 4096, got 4097"));
    }

    TEST_CASE(
        "a mask over long sequences resolves past 1024 queries and keys, its cells still 0 or 1",
        "[limits][mask]")
    {
        attn::matrix allowed = xt::ones<double>({1500, 1200});
        CHECK(attn::rows(attn::resolve_mask(attn::attention_mask::from_matrix(allowed), 1500,
                                            1200)) == 1500);
        allowed(1499, 1199) = 0.5;
        CHECK_THROWS_MATCHES(
            attn::resolve_mask(attn::attention_mask::from_matrix(allowed), 1500, 1200),
            attn::attention_error,
            Message("mask[1499][1199]: expected 0 (blocked) or 1 (attend), got 0.5"));
        CHECK_THROWS_MATCHES(
            attn::resolve_mask(attn::attention_mask::from_matrix(allowed), 1500, 1201),
            attn::attention_error,
            Message("mask: expected a matrix of shape 1500×1201 (queries × keys), got 1500×1200"));
    }

    TEST_CASE("an intermediate past 2^24 cells is refused before allocating, naming the argument",
              "[limits][errors]")
    {
        CHECK_NOTHROW(attn::detail::check_peak_cells("query", 4096, 4096, "the scores (n × m)"));
        CHECK_THROWS_MATCHES(attn::detail::check_peak_cells("heads", 2 * 4096, 4096,
                                                            "the scores of every head (h·n × m)"),
                             attn::attention_error,
                             Message("heads: expected sizes giving at most 16777216 cells for the "
                                     "scores of every head (h·n × m), got 8192 × 4096 = 33554432"));
    }

    TEST_CASE("a trace past 2^21 numbers is refused, telling the caller to pass trace: false",
              "[limits][errors]")
    {
        CHECK_NOTHROW(attn::detail::check_trace_numbers(2097152, "the tiles"));
        CHECK_THROWS_MATCHES(attn::detail::check_trace_numbers(2097153, "the tiles"),
                             attn::attention_error,
                             Message("trace: expected at most 2097152 numbers in the trace (the "
                                     "tiles; pass trace: false for the lean result), got 2097153"));
    }
} // namespace sequence_limits_tests
