// The generic argument reader of the operations' descriptions (attn/describe/): the checks it
// makes for every operation, and facts every description must satisfy.

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "attn/describe/operations.hpp"

namespace describe_tests
{
    using Catch::Matchers::Message;
    namespace describe = attn::describe;

    namespace
    {
        /// Raw values by name, as a request would hold them.
        struct fake_source
        {
            std::map<std::string, double> numbers;
            std::map<std::string, std::string> texts;

            bool present(const char* name) const
            {
                return numbers.count(name) != 0 || texts.count(name) != 0;
            }
            double number(const char* name) const { return numbers.at(name); }
            bool boolean(const char* name) const { return numbers.at(name) != 0; }
            std::string text(const char* name) const { return texts.at(name); }
            attn::matrix matrix(const char*, std::size_t, std::size_t) const { return {}; }
            attn::vector vector(const char*, std::size_t) const { return {}; }
            describe::extent extent(const char*) const { return {}; }
            std::vector<std::string> strings(const char*) const { return {}; }
            std::vector<std::vector<attn::matrix>> matrix_lists(const char*, std::size_t,
                                                                std::size_t) const
            {
                return {};
            }
            attn::attention_mask mask(const char*, std::size_t, std::size_t) const
            {
                return attn::attention_mask::causal();
            }
        };
    } // namespace

    TEST_CASE("a whole number outside its described range is refused, named as described",
              "[describe]")
    {
        fake_source source;
        describe::request_reader<fake_source> in(source);
        source.numbers["heads"] = 0;
        CHECK_THROWS_MATCHES(in.integer(describe::heads), attn::attention_error,
                             Message("heads: expected a whole number from 1 to 1024, got 0"));
        source.numbers["heads"] = 2.5;
        CHECK_THROWS_MATCHES(in.integer(describe::heads), attn::attention_error,
                             Message("heads: expected a whole number from 1 to 1024, got 2.5"));
        source.numbers["heads"] = 4;
        CHECK(in.integer(describe::heads) == 4);
        source.numbers["samples"] = 10001;
        CHECK_THROWS_MATCHES(
            in.integer(describe::scaling_experiment_operation::samples), attn::attention_error,
            Message("samples: expected a whole number from 1 to 10000, got 10001"));
    }

    TEST_CASE("a text argument is read whole, as given, under its declared name", "[describe]")
    {
        fake_source source;
        describe::request_reader<fake_source> in(source);
        source.texts["text"] = "niño 🙂, niña";
        CHECK(in.text(describe::train_tokenizer_operation::text) == "niño 🙂, niña");
        CHECK(std::string(describe::kind_name(describe::kind::text)) == "text");
    }

    TEST_CASE("an omitted optional argument takes its described default, a given one its value",
              "[describe]")
    {
        fake_source source;
        describe::request_reader<fake_source> in(source);
        CHECK(in.integer(describe::seed) == 0);
        CHECK(in.number(describe::layer_norm_operation::eps) == attn::default_layer_norm_eps);
        CHECK(in.number(describe::mask_fill) == -std::numeric_limits<double>::infinity());
        CHECK(in.boolean(describe::encoder_layer_operation::attention_bias));
        CHECK(in.choice(describe::activation_choice) == "relu");
        CHECK(in.mask(describe::mask).type == attn::attention_mask::kind::none);
        CHECK_FALSE(in.optional_integer(describe::encoder_layer_operation::d_ff).has_value());
        source.numbers["seed"] = 7;
        source.texts["activation"] = "gelu";
        CHECK(in.integer(describe::seed) == 7);
        CHECK(in.choice(describe::activation_choice) == "gelu");
    }

    TEST_CASE("a choice other than the described ones is refused, listing them", "[describe]")
    {
        fake_source source;
        describe::request_reader<fake_source> in(source);
        source.texts["stage"] = "weights";
        CHECK_THROWS_MATCHES(
            in.choice(describe::explain_attention_operation::stage), attn::attention_error,
            Message("stage: expected 'score', 'scaled', 'weight' or 'output', got 'weights'"));
        source.texts["distribution"] = "";
        CHECK_THROWS_MATCHES(in.choice(describe::random_matrix_operation::distribution_choice),
                             attn::attention_error,
                             Message("distribution: expected 'normal' or 'uniform', got ''"));
    }

    TEST_CASE("every described choice is one the kernel's parser accepts", "[describe]")
    {
        const auto each = [](const describe::argument& a, auto parse)
        {
            const std::string all = a.choices;
            for (std::size_t start = 0; start <= all.size();)
            {
                const std::size_t end = std::min(all.find('|', start), all.size());
                INFO(a.name << ": " << all.substr(start, end - start));
                CHECK_NOTHROW(parse(a.name, all.substr(start, end - start)));
                start = end + 1;
            }
        };
        each(describe::activation_choice, attn::parse_activation);
        each(describe::random_matrix_operation::distribution_choice, attn::parse_distribution);
        each(describe::explain_attention_operation::stage, attn::parse_explain_stage);
        each(describe::explain_attention_backward_operation::stage, attn::parse_backward_stage);
    }

    TEST_CASE("every operation has a distinct name, distinct argument names and a title",
              "[describe]")
    {
        std::set<std::string> operations;
        describe::for_each_operation(
            [&](auto operation)
            {
                using Operation = decltype(operation);
                INFO(Operation::name);
                CHECK(operations.insert(Operation::name).second);
                CHECK(std::string(Operation::title).size() > 0);
                std::set<std::string> names;
                for (const describe::argument& a : Operation::arguments)
                {
                    INFO(a.name);
                    CHECK(names.insert(a.name).second);
                    CHECK(std::string(a.doc).size() > 0);
                    if (a.type == describe::kind::integer)
                    {
                        CHECK(a.low <= a.high);
                    }
                }
            });
        CHECK(operations.size() == std::tuple_size_v<describe::all_operations>);
    }

    namespace
    {
        /// The values of a choice_set, in order.
        std::vector<std::string> values_of(const std::string& all)
        {
            std::vector<std::string> out;
            for (std::size_t start = 0; start <= all.size();)
            {
                const std::size_t end = std::min(all.find('|', start), all.size());
                out.push_back(all.substr(start, end - start));
                start = end + 1;
            }
            return out;
        }

        /// Checks that each described case of a selected explanation is the alternative the kernel
        /// returns for its value: `explain(value)` explains one cell at that stage.
        template <class Explanation, class Explain>
        void check_cases(const describe::choice_set& stages, Explain explain)
        {
            const describe::selection& s = describe::fields_of<Explanation>::selected_by;
            std::set<std::string> described;
            for (std::size_t i = 0; i < s.count; ++i)
            {
                const describe::variant_case& c = s.cases[i];
                INFO(c.value << " -> " << c.type_name);
                CHECK(explain(c.value).detail.index() == c.alternative);
                described.insert(c.value);
            }
            const std::vector<std::string> values = values_of(stages.values);
            CHECK(described == std::set<std::string>(values.begin(), values.end()));
        }
    } // namespace

    TEST_CASE("each described case of an explanation is the alternative the kernel gives its stage",
              "[describe]")
    {
        const attn::matrix q = {{1.0, 0.5}, {0.2, -1.0}}, k = {{0.3, 1.0}, {-0.5, 0.25}},
                           v = {{2.0, 1.0}, {0.5, -1.0}}, g = {{1.0, -0.5}, {0.25, 2.0}};
        const attn::attention_options options;
        check_cases<attn::attention_explanation>(describe::explain_stages,
                                                 [&](const std::string& stage)
                                                 {
                                                     return attn::explain_attention(
                                                         q, k, v, options, 1, 0,
                                                         attn::parse_explain_stage("stage", stage));
                                                 });
        check_cases<attn::attention_backward_explanation>(
            describe::gradient_stages,
            [&](const std::string& stage)
            {
                return attn::explain_attention_backward(q, k, v, options, g, 1, 0,
                                                        attn::parse_backward_stage("stage", stage));
            });
    }

    TEST_CASE("the mistakes diagnose names are the described misconceptions, in their order",
              "[describe]")
    {
        // A masked weight cell: every mistake applies there, so each is a candidate.
        const attn::matrix q = {{1.0, 0.5}, {0.2, -1.0}}, k = {{0.3, 1.0}, {-0.5, 0.25}},
                           v = {{2.0, 1.0}, {0.5, -1.0}};
        attn::attention_options attention;
        attention.mask = attn::attention_mask::causal();
        attn::diagnose_options options;
        options.stage = attn::explain_stage::weight;
        options.row = 1;
        options.column = 0;
        std::vector<std::string> named;
        for (const attn::misconception_candidate& c :
             attn::diagnose(q, k, v, attention, options).candidates)
        {
            named.push_back(c.misconception);
        }
        CHECK(named == values_of(describe::misconceptions.values));
    }

    TEST_CASE("the lite engine's operations are those whose description says lite, in order",
              "[describe]")
    {
        std::vector<std::string> flagged, listed;
        describe::for_each_operation(
            [&](auto operation)
            {
                if (describe::in_lite_engine<decltype(operation)>::value)
                {
                    flagged.push_back(decltype(operation)::name);
                }
            });
        describe::for_each_operation<describe::lite_operations>(
            [&](auto operation) { listed.push_back(decltype(operation)::name); });
        CHECK(listed == flagged);
        CHECK(!listed.empty());
        CHECK(listed.size() < std::tuple_size_v<describe::all_operations>);
    }
} // namespace describe_tests
