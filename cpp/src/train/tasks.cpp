#include "attn/train/tasks.hpp"

#include <algorithm>

#include "attn/error.hpp"

namespace attn
{
    namespace
    {
        const std::pair<const char*, task_kind> task_names[] = {{"reverse", task_kind::reverse},
                                                                {"sort", task_kind::sort},
                                                                {"induction", task_kind::induction},
                                                                {"iris", task_kind::iris},
                                                                {"compare", task_kind::compare}};

    } // namespace

    task_kind parse_task(const std::string& name)
    {
        return detail::parse_choice("task", name, task_names);
    }

    const char* task_name(task_kind task)
    {
        for (const auto& [name, kind] : task_names)
        {
            if (kind == task)
            {
                return name;
            }
        }
        return "";
    }

    bool task_is_causal(task_kind task)
    {
        return task == task_kind::induction;
    }

    task_example draw_sequence(task_kind task, std::size_t length, std::size_t vocabulary,
                               splitmix64& generator)
    {
        task_example e;
        e.tokens.resize(length);
        e.targets.resize(length);
        e.scored.assign(length, true);
        if (task == task_kind::induction)
        {
            // The period, then h distinct symbols by a partial Fisher–Yates over the vocabulary.
            e.period = 2 + generator.below(length / 2 - 1);
            std::vector<std::size_t> symbols(vocabulary);
            for (std::size_t s = 0; s < vocabulary; ++s)
            {
                symbols[s] = s;
            }
            for (std::size_t i = 0; i < e.period; ++i)
            {
                std::swap(symbols[i], symbols[i + generator.below(vocabulary - i)]);
            }
            for (std::size_t i = 0; i < length; ++i)
            {
                e.tokens[i] = symbols[i % e.period];
            }
            for (std::size_t p = 0; p < length; ++p)
            {
                e.scored[p] = p >= e.period && p + 1 < length;
                e.targets[p] = e.scored[p] ? e.tokens[p + 1] : 0;
            }
            return e;
        }
        for (std::size_t& token : e.tokens)
        {
            token = generator.below(vocabulary);
        }
        if (task == task_kind::reverse)
        {
            std::reverse_copy(e.tokens.begin(), e.tokens.end(), e.targets.begin());
        }
        else if (task == task_kind::compare)
        {
            e.scored[0] = false;
            e.targets[0] = 0;
            for (std::size_t i = 1; i < length; ++i)
            {
                e.targets[i] = e.tokens[i - 1] > e.tokens[0] ? 1 : 0;
            }
        }
        else
        {
            e.targets = e.tokens;
            std::sort(e.targets.begin(), e.targets.end());
        }
        return e;
    }

    task_example iris_example(const iris_split& split, std::size_t row)
    {
        task_example e;
        e.features = standardise(split, iris_table[row]);
        e.targets = {iris_table[row].species};
        e.scored = {true};
        return e;
    }

    matrix ideal_attention(task_kind task, const task_example& example)
    {
        const std::size_t n = example.tokens.size();
        matrix ideal = xt::zeros<double>({n, n});
        for (std::size_t i = 0; i < n; ++i)
        {
            if (!example.scored[i])
            {
                continue;
            }
            std::vector<std::size_t> keys;
            for (std::size_t j = 0; j < n; ++j)
            {
                const bool follows =
                    task == task_kind::reverse   ? j == n - 1 - i
                    : task == task_kind::compare ? j == 0 || j == i - 1
                    : task == task_kind::sort
                        ? example.tokens[j] == example.targets[i]
                        : j >= 1 && j <= i && example.tokens[j - 1] == example.tokens[i];
                if (follows)
                {
                    keys.push_back(j);
                }
            }
            for (const std::size_t j : keys)
            {
                ideal(i, j) = 1.0 / static_cast<double>(keys.size());
            }
        }
        return ideal;
    }

    std::vector<attention_role> task_roles(task_kind task)
    {
        if (task != task_kind::compare)
        {
            return {};
        }
        return {{"previous", "mean attention on the previous position i − 1 over the probe's "
                             "scored positions"},
                {"first", "mean attention on the first position over the probe's scored "
                          "positions"}};
    }

    matrix role_attention(task_kind task, std::size_t role, const task_example& example)
    {
        const std::size_t n = example.tokens.size();
        matrix ideal = xt::zeros<double>({n, n});
        if (task != task_kind::compare)
        {
            return ideal;
        }
        for (std::size_t i = 1; i < n; ++i)
        {
            if (example.scored[i])
            {
                ideal(i, role == 0 ? i - 1 : 0) = 1;
            }
        }
        return ideal;
    }
} // namespace attn
