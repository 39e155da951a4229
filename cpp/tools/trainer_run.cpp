// Runs attn::trainer natively, for two callers:
//
//   attn_trainer_run losses STEPS [name=value …]
//       one JSON line: {"losses":[…the loss of each step…]}, each printed with 17 significant
//       digits so it parses back to the same double. scripts/trainer-fixture.mjs writes these
//       into tests/fixtures/native/trainer_losses.json, which tests/api/trainer-native.test.mjs
//       compares with the wasm build's losses bit for bit.
//   attn_trainer_run bench STEPS ROUNDS [name=value …]
//       after STEPS untimed warm-up steps, ROUNDS rounds of STEPS steps, each round timed with
//       std::chrono::steady_clock; one JSON line {"roundMs":[…]} (npm run bench:train).
//
// Options are named as in JavaScript (task=reverse seed=3 learningRate=0.01 model.dModel=64 …),
// so the callers pass lab.createTrainer's options through unchanged.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "attn/error.hpp"
#include "attn/train/trainer.hpp"
#include "option_values.hpp"

namespace
{
    using attn_tools::number;

    attn::trainer_options read_options(int argc, char** argv, int first)
    {
        attn::trainer_options o;
        for (int i = first; i < argc; ++i)
        {
            const std::string arg = argv[i];
            const auto eq = arg.find('=');
            if (eq == std::string::npos)
            {
                throw std::invalid_argument("expected name=value, got " + arg);
            }
            const std::string name = arg.substr(0, eq), value = arg.substr(eq + 1);
            if (name == "task") o.task = value;
            else if (name == "optimizer") o.optimizer = value;
            else if (name == "model.dModel") o.model.d_model = number(name, value);
            else if (name == "model.heads") o.model.heads = number(name, value);
            else if (name == "model.layers") o.model.layers = number(name, value);
            else if (name == "model.dFF") o.model.d_ff = number(name, value);
            else if (name == "seed") o.seed = number(name, value);
            else if (name == "learningRate") o.learning_rate = number(name, value);
            else if (name == "batchSize") o.batch_size = number(name, value);
            else if (name == "weightDecay") o.weight_decay = number(name, value);
            else if (name == "dropout") o.dropout = number(name, value);
            else if (name == "clipNorm") o.clip_norm = number(name, value);
            else if (name == "length") o.length = number(name, value);
            else if (name == "vocabulary") o.vocabulary = number(name, value);
            else throw std::invalid_argument("unknown option " + name);
        }
        return o;
    }

    std::string exact(double x)
    {
        char text[32];
        std::snprintf(text, sizeof text, "%.17g", x);
        return text;
    }

    template <class Items, class Print> void print_list(const char* name, const Items& items, Print print)
    {
        std::cout << "{\"" << name << "\":[";
        for (std::size_t i = 0; i < items.size(); ++i)
        {
            std::cout << (i ? "," : "") << print(items[i]);
        }
        std::cout << "]}\n";
    }
} // namespace

int main(int argc, char** argv)
{
    try
    {
        const std::string mode = argc > 2 ? argv[1] : "";
        if (mode == "losses")
        {
            const double steps = number("STEPS", argv[2]);
            attn::trainer t(read_options(argc, argv, 3));
            print_list("losses", t.step(steps).losses, exact);
            return 0;
        }
        if (mode == "bench" && argc > 3)
        {
            const double steps = number("STEPS", argv[2]);
            const int rounds = static_cast<int>(number("ROUNDS", argv[3]));
            attn::trainer t(read_options(argc, argv, 4));
            t.step(steps);
            std::vector<double> round_ms;
            for (int r = 0; r < rounds; ++r)
            {
                const auto start = std::chrono::steady_clock::now();
                t.step(steps);
                const std::chrono::duration<double, std::milli> spent =
                    std::chrono::steady_clock::now() - start;
                round_ms.push_back(spent.count());
            }
            print_list("roundMs", round_ms, exact);
            return 0;
        }
        std::cerr << "usage: attn_trainer_run losses STEPS [name=value …]\n"
                     "       attn_trainer_run bench STEPS ROUNDS [name=value …]\n";
        return 2;
    }
    catch (const std::exception& e)
    {
        std::cerr << "attn_trainer_run: " << e.what() << "\n";
        return 1;
    }
}
