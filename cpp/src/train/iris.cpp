#include "attn/train/iris.hpp"

#include <algorithm>
#include <cmath>

#include "attn/random.hpp"

namespace attn
{
    const std::array<const char*, iris_features> iris_feature_names = {
        "sepal length", "sepal width", "petal length", "petal width"};
    const std::array<const char*, iris_classes> iris_species_names = {"setosa", "versicolor",
                                                                      "virginica"};

    namespace
    {
        /// Fisher–Yates from the back, with j = ⌊u·(i+1)⌋: the same order on every platform
        /// (std::shuffle's use of its generator is unspecified).
        void shuffle(std::vector<std::size_t>& items, splitmix64& generator)
        {
            for (std::size_t i = items.size(); i-- > 1;)
            {
                const auto j =
                    static_cast<std::size_t>(generator.uniform() * static_cast<double>(i + 1));
                std::swap(items[i], items[j]);
            }
        }
    } // namespace

    iris_split split_iris(std::uint64_t state)
    {
        splitmix64 generator(state);
        iris_split split;
        for (std::size_t species = 0; species < iris_classes; ++species)
        {
            std::vector<std::size_t> rows;
            for (std::size_t i = 0; i < iris_rows; ++i)
            {
                if (iris_table[i].species == species)
                {
                    rows.push_back(i);
                }
            }
            shuffle(rows, generator);
            split.test.insert(split.test.end(), rows.begin(), rows.begin() + iris_test_per_class);
            split.train.insert(split.train.end(), rows.begin() + iris_test_per_class, rows.end());
        }
        std::sort(split.test.begin(), split.test.end());
        shuffle(split.train, generator);

        const auto n = static_cast<double>(split.train.size());
        for (std::size_t f = 0; f < iris_features; ++f)
        {
            double sum = 0;
            for (const std::size_t i : split.train)
            {
                sum += iris_table[i].features[f];
            }
            split.mean[f] = sum / n;
            double square_sum = 0;
            for (const std::size_t i : split.train)
            {
                const double centred = iris_table[i].features[f] - split.mean[f];
                square_sum += centred * centred;
            }
            split.std[f] = std::sqrt(square_sum / n);
        }
        return split;
    }

    std::array<double, iris_features> standardise(const iris_split& split, const iris_row& row)
    {
        std::array<double, iris_features> out{};
        for (std::size_t f = 0; f < iris_features; ++f)
        {
            out[f] = (row.features[f] - split.mean[f]) / split.std[f];
        }
        return out;
    }
} // namespace attn
