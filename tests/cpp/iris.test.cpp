#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "attn/train/iris.hpp"

namespace iris_tests
{
    using Catch::Matchers::WithinAbs;

    TEST_CASE("the compiled iris table equals cpp/data/iris.csv, row for row and digit for digit",
              "[iris]")
    {
        std::ifstream csv(ATTN_DATA_DIR "/iris.csv");
        REQUIRE(csv.good());
        std::string line;
        std::getline(csv, line);
        CHECK(line == "sepal_length_cm,sepal_width_cm,petal_length_cm,petal_width_cm,species");
        std::size_t row = 0;
        while (std::getline(csv, line))
        {
            REQUIRE(row < attn::iris_rows);
            std::istringstream cells(line);
            std::string cell;
            for (std::size_t f = 0; f < attn::iris_features; ++f)
            {
                std::getline(cells, cell, ',');
                // strtod reads the CSV's digits as the compiler read the table's literals.
                CHECK(attn::iris_table[row].features[f] == std::strtod(cell.c_str(), nullptr));
            }
            std::getline(cells, cell);
            CHECK(cell == attn::iris_species_names[attn::iris_table[row].species]);
            ++row;
        }
        CHECK(row == attn::iris_rows);
    }

    TEST_CASE("the iris split holds out 10 flowers of each species and trains on the other 120",
              "[iris]")
    {
        const attn::iris_split split = attn::split_iris(12345);
        REQUIRE(split.train.size() == 120);
        REQUIRE(split.test.size() == 30);
        std::set<std::size_t> all(split.train.begin(), split.train.end());
        all.insert(split.test.begin(), split.test.end());
        CHECK(all.size() == 150); // disjoint, and together every row
        std::size_t per_species[3] = {0, 0, 0};
        for (const std::size_t i : split.test)
        {
            ++per_species[attn::iris_table[i].species];
        }
        CHECK(per_species[0] == 10);
        CHECK(per_species[1] == 10);
        CHECK(per_species[2] == 10);

        SECTION("standardised with the training rows' statistics, the training rows have mean 0 "
                "and standard deviation 1 in every feature")
        {
            for (std::size_t f = 0; f < attn::iris_features; ++f)
            {
                double sum = 0, square_sum = 0;
                for (const std::size_t i : split.train)
                {
                    const double z = attn::standardise(split, attn::iris_table[i])[f];
                    sum += z;
                    square_sum += z * z;
                }
                CHECK_THAT(sum / 120, WithinAbs(0, 1e-12));
                CHECK_THAT(square_sum / 120, WithinAbs(1, 1e-12));
            }
        }
    }

    TEST_CASE("the same state gives the same iris split and another state another", "[iris]")
    {
        CHECK(attn::split_iris(7).test == attn::split_iris(7).test);
        CHECK(attn::split_iris(7).train == attn::split_iris(7).train);
        CHECK(attn::split_iris(7).test != attn::split_iris(8).test);
    }
} // namespace iris_tests
