// Every case of every fixture file against the engine, to 1e-9·max(1, |expected|).
// The comparator's own behaviour (unknown fields fail, −∞ only equals −∞) is tested at the end,
// so a bug in the harness cannot turn the golden tests into no-ops.

#include <filesystem>
#include <limits>
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "golden_operations.hpp"

namespace golden_tests
{
    using golden::json;

    namespace
    {
        /// One DYNAMIC_SECTION per case, one CHECK per field of `expected`.
        void check_every_case(const std::string& file)
        {
            const auto cases = golden::load(file);
            REQUIRE(cases.size() > 0);
            for (const golden::fixture_case& c : cases)
            {
                DYNAMIC_SECTION(c.name)
                {
                    INFO(file << " / " << c.name << ": " << c.description);
                    const json actual = golden::run_case(c);
                    const auto fields = golden::compare(c.expected, actual);
                    REQUIRE_FALSE(fields.empty());
                    for (const golden::field_report& field : fields)
                    {
                        INFO(field.describe());
                        CHECK(field.ok);
                    }
                }
            }
        }

        const double negative_infinity = -std::numeric_limits<double>::infinity();
        const double not_a_number = std::numeric_limits<double>::quiet_NaN();
    } // namespace

    namespace
    {
        std::set<std::string> fixture_files_on_disk()
        {
            std::set<std::string> on_disk;
            for (const auto& entry : std::filesystem::directory_iterator(golden::fixture_dir()))
            {
                if (entry.path().extension() == ".json")
                {
                    on_disk.insert(entry.path().filename().string());
                }
            }
            return on_disk;
        }
    } // namespace

    TEST_CASE("every fixture file names an operation the engine describes, and has uniquely named "
              "cases and a 1e-9 tolerance",
              "[golden]")
    {
        const std::set<std::string> on_disk = fixture_files_on_disk();
        CHECK(on_disk.size() >= 13);
        for (const std::string& file : on_disk)
        {
            INFO(file);
            CHECK((file == "xavier.json" || !golden::operation_of(file).empty()));
            const json root = golden::load_file(file);
            CHECK_THAT(root.at("tolerance").get<double>(),
                       Catch::Matchers::WithinRel(golden::tolerance));
            const auto cases = golden::load(file);
            CHECK(cases.size() > 0);
            std::set<std::string> names;
            for (const auto& c : cases)
            {
                CHECK(names.insert(c.name).second); // names are unique: they name the sections
            }
        }
    }

    TEST_CASE("every case of every fixture file matches the engine, field by field", "[golden]")
    {
        for (const std::string& file : fixture_files_on_disk())
        {
            DYNAMIC_SECTION(file)
            {
                check_every_case(file);
            }
        }
    }

    TEST_CASE("fixture files are named after their operation in snake_case", "[golden]")
    {
        CHECK(golden::fixture_file_of("crossEntropy") == "cross_entropy.json");
        CHECK(golden::operation_of("multi_head_attention.json") == "multiHeadAttention");
        CHECK(golden::operation_of("entropy.json") == "attentionEntropy");
        CHECK(golden::operation_of("no_such_operation.json").empty());
    }

    TEST_CASE("the golden comparator refuses what it cannot check", "[golden]")
    {
        const json actual = {{"weights", {{0.25, 0.75}}}, {"rowMax", {negative_infinity}}};

        SECTION("an expected field the trace does not have fails")
        {
            const auto fields = golden::compare({{"weightz", {{0.25, 0.75}}}}, actual);
            REQUIRE(fields.size() == 1);
            CHECK_FALSE(fields[0].ok);
            CHECK_THAT(fields[0].problem, Catch::Matchers::Contains("no such field"));
        }
        SECTION("a shape mismatch fails and names both shapes")
        {
            const auto fields = golden::compare({{"weights", {{0.25}, {0.75}}}}, actual);
            REQUIRE(fields.size() == 1);
            CHECK_FALSE(fields[0].ok);
            CHECK_THAT(fields[0].problem, Catch::Matchers::Contains("expected shape 2×1, got 1×2"));
        }
        SECTION("the tolerance scales with the size of the expected number")
        {
            CHECK(golden::compare({{"x", 1e6}}, {{"x", 1e6 + 5e-4}})[0].ok);
            CHECK_FALSE(golden::compare({{"x", 1e6}}, {{"x", 1e6 + 2e-3}})[0].ok);
            CHECK(golden::compare({{"x", 0.0}}, {{"x", 5e-10}})[0].ok);
            CHECK_FALSE(golden::compare({{"x", 0.0}}, {{"x", 2e-9}})[0].ok);
        }
        SECTION("−∞ equals only −∞")
        {
            CHECK(golden::compare({{"rowMax", {"-Infinity"}}}, actual)[0].ok);
            CHECK_FALSE(golden::compare({{"rowMax", {"-Infinity"}}}, {{"rowMax", {-1e308}}})[0].ok);
            CHECK_FALSE(golden::compare({{"rowMax", {0.0}}}, actual)[0].ok);
        }
        SECTION("NaN never passes")
        {
            CHECK_FALSE(golden::compare({{"x", 0.0}}, {{"x", not_a_number}})[0].ok);
            CHECK_FALSE(golden::compare({{"x", "-Infinity"}}, {{"x", not_a_number}})[0].ok);
        }
        SECTION("an empty expected object checks nothing, so it fails")
        {
            const auto fields = golden::compare(json::object(), actual);
            REQUIRE(fields.size() == 1);
            CHECK_FALSE(fields[0].ok);
        }
        SECTION("an input field no C++ argument takes is refused")
        {
            const golden::fixture_case c{"softmax.json",
                                         "extra",
                                         "",
                                         {{"logits", {{1.0, 2.0}}}, {"temperature", 2}},
                                         json::object()};
            CHECK_THROWS_AS(golden::run_case(c), golden::fixture_error);
            CHECK_THROWS_WITH(golden::run_case(c), Catch::Matchers::Contains("input.temperature"));
        }
    }
} // namespace golden_tests
