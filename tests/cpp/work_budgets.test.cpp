// The operations' work budgets (attn/describe/work.hpp): a request past its operation's budget
// is refused by describe::run before any matrix is read or any work done, naming the argument
// that sets its size; one within it goes on to the kernel. The requests here are sizes only: a
// source that knows every argument's extent and value but fails the test if a matrix is read,
// so nothing depends on the clock.

#include <map>
#include <stdexcept>
#include <string>

#include <catch2/catch.hpp>

#include "attn/describe/operations.hpp"

namespace work_budgets_tests
{
    using Catch::Matchers::Message;
    using Catch::Matchers::StartsWith;
    namespace describe = attn::describe;

    namespace
    {
        /// Thrown when the request reaches the kernel: its matrices are being read.
        struct reached_kernel : std::runtime_error
        {
            using std::runtime_error::runtime_error;
        };

        /// A request of sizes: numbers, choices and extents by name; reading a matrix, vector
        /// or mask means the work has begun.
        struct sizes_source
        {
            std::map<std::string, double> numbers;
            std::map<std::string, std::string> texts;
            std::map<std::string, describe::extent> extents;

            bool present(const char* name) const
            {
                return numbers.count(name) || texts.count(name) || extents.count(name);
            }
            double number(const char* name) const { return numbers.at(name); }
            bool boolean(const char* name) const { return numbers.at(name) != 0; }
            std::string text(const char* name) const { return texts.at(name); }
            describe::extent extent(const char* name) const { return extents.at(name); }
            [[noreturn]] attn::matrix matrix(const char* name, std::size_t, std::size_t) const
            {
                throw reached_kernel(name);
            }
            [[noreturn]] attn::vector vector(const char* name, std::size_t) const
            {
                throw reached_kernel(name);
            }
            [[noreturn]] std::vector<std::string> strings(const char* name) const
            {
                throw reached_kernel(name);
            }
            [[noreturn]] std::vector<std::vector<attn::matrix>>
            matrix_lists(const char* name, std::size_t, std::size_t) const
            {
                throw reached_kernel(name);
            }
            [[noreturn]] attn::attention_mask mask(const char* name, std::size_t, std::size_t) const
            {
                throw reached_kernel(name);
            }
        };

        template <class Operation> void run(sizes_source& source)
        {
            describe::request_reader<sizes_source> in(source);
            describe::run<Operation>(in);
        }

        /// query, key and value of n × d each.
        sizes_source sequences(std::size_t n, std::size_t d)
        {
            sizes_source s;
            s.extents["query"] = s.extents["key"] = s.extents["value"] = {n, d};
            return s;
        }

        /// "<argument>: expected sizes within <operation>'s work budget of …".
        template <class Operation> std::string refusal(const char* argument)
        {
            return std::string(argument) + ": expected sizes within " + Operation::name +
                   "'s work budget of " + describe::format_count(Operation::budget.multiply_adds) +
                   " multiply-adds (about ten seconds), got ";
        }
    } // namespace

    TEST_CASE("measureCost of full attention at n = 4096 and 50 repeats is refused before any "
              "run, naming repeats",
              "[budget]")
    {
        sizes_source s;
        s.texts["variant"] = "full";
        s.numbers["n"] = 4096;
        s.numbers["d"] = 256;
        s.numbers["repeats"] = 50;
        // 50 runs of 2·n²·d: one run fits, fifty do not.
        const double one_run = 2.0 * 4096 * 4096 * 256;
        REQUIRE(one_run <= describe::measure_cost_operation::budget.multiply_adds);
        CHECK_THROWS_MATCHES(run<describe::measure_cost_operation>(s), attn::attention_error,
                             Message(refusal<describe::measure_cost_operation>("repeats") +
                                     describe::format_count(50 * one_run) + " multiply-adds"));
        SECTION("at d = 1024 one run is past the budget too: it names n")
        {
            s.numbers["d"] = 1024;
            REQUIRE(4 * one_run > describe::measure_cost_operation::budget.multiply_adds);
            CHECK_THROWS_MATCHES(run<describe::measure_cost_operation>(s), attn::attention_error,
                                 Message(refusal<describe::measure_cost_operation>("n") +
                                         describe::format_count(50 * 4 * one_run) +
                                         " multiply-adds"));
        }
    }

    TEST_CASE("sparse attention over 4096 × 1024 with a window of 4096 is refused naming window",
              "[budget]")
    {
        sizes_source s = sequences(4096, 1024);
        s.numbers["window"] = 4096;
        const double all_cells = 4096.0 * 4096 * (1024 + 1024);
        CHECK_THROWS_MATCHES(run<describe::sparse_attention_operation>(s), attn::attention_error,
                             Message(refusal<describe::sparse_attention_operation>("window") +
                                     describe::format_count(all_cells) + " multiply-adds"));
        SECTION("a window of 256 over the same tokens goes on to the kernel")
        {
            s.numbers["window"] = 256;
            CHECK_THROWS_AS(run<describe::sparse_attention_operation>(s), reached_kernel);
        }
    }

    TEST_CASE("costGrowth of chunked attention at n = 2048, d = 512 in chunks of 1 is refused "
              "naming block",
              "[budget]")
    {
        sizes_source s;
        s.texts["variant"] = "chunked";
        s.numbers["n"] = 2048;
        s.numbers["d"] = 512;
        s.numbers["block"] = 1;
        CHECK_THROWS_WITH(run<describe::measure_cost_growth_operation>(s),
                          StartsWith(refusal<describe::measure_cost_growth_operation>("block")));
        SECTION("in blocks of 64 at d = 64 it is not refused")
        {
            s.numbers["block"] = 64;
            s.numbers["d"] = 64;
            describe::request_reader<sizes_source> in(s);
            CHECK_NOTHROW(describe::check_work(describe::measure_cost_growth_operation::name,
                                               describe::measure_cost_growth_operation::budget,
                                               describe::measure_cost_growth_operation::work(in)));
        }
    }

    TEST_CASE("flash attention over the longest sequences is refused past its budget, naming "
              "query, or the block when tiny tiles are the cost",
              "[budget]")
    {
        sizes_source s = sequences(4096, 1024);
        CHECK_THROWS_WITH(run<describe::flash_attention_operation>(s),
                          StartsWith(refusal<describe::flash_attention_operation>("query")));
        sizes_source narrower = sequences(4096, 512);
        narrower.numbers["blockRows"] = 1;
        narrower.numbers["blockCols"] = 1;
        CHECK_THROWS_WITH(run<describe::flash_attention_operation>(narrower),
                          StartsWith(refusal<describe::flash_attention_operation>("blockRows")));
        narrower.numbers["blockRows"] = 64;
        narrower.numbers["blockCols"] = 64;
        CHECK_THROWS_AS(run<describe::flash_attention_operation>(narrower), reached_kernel);
    }

    TEST_CASE("chunked attention in chunks of 1 over the longest sequences is refused naming "
              "chunkSize, in chunks of 64 it is not",
              "[budget]")
    {
        sizes_source s = sequences(4096, 1024);
        s.numbers["chunkSize"] = 1;
        CHECK_THROWS_WITH(run<describe::chunked_attention_operation>(s),
                          StartsWith(refusal<describe::chunked_attention_operation>("chunkSize")));
        s.numbers["chunkSize"] = 64;
        CHECK_THROWS_AS(run<describe::chunked_attention_operation>(s), reached_kernel);
    }

    TEST_CASE("the backward passes of multi-head attention and the encoder layer at their caps "
              "are refused naming query and input",
              "[budget]")
    {
        sizes_source mha = sequences(1024, 1024);
        mha.numbers["heads"] = 2;
        CHECK_THROWS_WITH(
            run<describe::multi_head_attention_backward_operation>(mha),
            StartsWith(refusal<describe::multi_head_attention_backward_operation>("query")));
        sizes_source layer;
        layer.extents["input"] = {1024, 1024};
        layer.numbers["heads"] = 2;
        layer.numbers["dFF"] = 1024;
        CHECK_THROWS_WITH(run<describe::encoder_layer_backward_operation>(layer),
                          StartsWith(refusal<describe::encoder_layer_backward_operation>("input")));
        SECTION("at d_model = 256 they go on to the kernel")
        {
            mha.extents["query"] = mha.extents["key"] = mha.extents["value"] = {1024, 256};
            CHECK_THROWS_AS(run<describe::multi_head_attention_backward_operation>(mha),
                            reached_kernel);
            layer.extents["input"] = {1024, 256};
            CHECK_THROWS_AS(run<describe::encoder_layer_backward_operation>(layer), reached_kernel);
        }
    }

    TEST_CASE("the decoder layer's backward and its decoding one row at a time at n = d_model = "
              "d_ff = 1024 are refused naming input, and at d_model = 256 they go on to the kernel",
              "[budget]")
    {
        const auto check = [](auto operation)
        {
            using Operation = decltype(operation);
            INFO(Operation::name);
            sizes_source layer;
            layer.extents["input"] = layer.extents["wGate"] = {1024, 1024};
            layer.numbers["heads"] = 2;
            CHECK_THROWS_WITH(run<Operation>(layer), StartsWith(refusal<Operation>("input")));
            layer.extents["input"] = {1024, 256};
            layer.extents["wGate"] = {256, 1024};
            CHECK_THROWS_AS(run<Operation>(layer), reached_kernel);
        };
        check(describe::decoder_layer_backward_operation{});
        check(describe::decoder_layer_decode_operation{});
    }

    TEST_CASE("every operation with a work budget refuses a request at its caps before reading "
              "it",
              "[budget]")
    {
        std::size_t budgeted = 0;
        describe::for_each_operation(
            [&](auto operation)
            {
                using Operation = decltype(operation);
                if constexpr (describe::has_work_budget<Operation>::value)
                {
                    ++budgeted;
                    INFO(Operation::name);
                    // Matrices at their caps, every integer at its highest or at its lowest (the
                    // tiniest blocks): one of the two is past the budget.
                    const auto refused = [](bool highest)
                    {
                        sizes_source s;
                        for (const describe::argument& a : Operation::arguments)
                        {
                            if (a.type == describe::kind::integer)
                                s.numbers[a.name] = highest ? a.high : a.low;
                            if (a.type == describe::kind::matrix)
                                s.extents[a.name] = {a.max_rows, a.max_cols};
                            if (a.type == describe::kind::choice)
                                s.texts[a.name] = std::string(a.choices).substr(
                                    0, std::string(a.choices).find('|'));
                        }
                        try
                        {
                            run<Operation>(s);
                        }
                        catch (const attn::attention_error& e)
                        {
                            CHECK_THAT(e.what(),
                                       Catch::Matchers::Contains(std::string(Operation::name) +
                                                                 "'s work budget"));
                            return true;
                        }
                        catch (const reached_kernel&)
                        {
                        }
                        return false;
                    };
                    CHECK((refused(true) || refused(false)));
                }
            });
        CHECK(budgeted >= 7);
    }
} // namespace work_budgets_tests
