// CTest learns the Catch2 cases through catch_discover_tests, which hands their names to CMake
// as a list: a name with an unbalanced '[' (say "outside [0, 1)") swallows every later name into
// one entry that matches no case, and ctest then reports green while skipping the rest of the
// suite. This case fails first instead (it runs in the wasm suite too, which is one process).
#include <catch2/catch.hpp>

#include <string>

namespace test_names_tests
{
    TEST_CASE("no test case name has an unbalanced square bracket or a semicolon", "[meta]")
    {
        for (const auto& test : Catch::getRegistryHub().getTestCaseRegistry().getAllTests())
        {
            const std::string& name = test.getTestCaseInfo().name;
            int depth = 0;
            bool balanced = true;
            for (const char c : name)
            {
                depth += c == '[' ? 1 : c == ']' ? -1 : 0;
                balanced = balanced && depth >= 0 && c != ';';
            }
            INFO(name);
            CHECK((balanced && depth == 0));
        }
    }
} // namespace test_names_tests
