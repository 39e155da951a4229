// Times the language model's training step natively, for npm run bench:train
// (scripts/bench/train/language-model.mjs):
//
//   attn_language_model_bench CORPUS speed STEPS ROUNDS [name=value …]
//       after STEPS untimed warm-up steps, ROUNDS rounds of STEPS steps of
//       language_model_trainer::step(), each round timed with std::chrono::steady_clock; one
//       JSON line {"roundMs":[…],"cpuMs":[…]}, cpuMs the process's CPU time in each round
//       (std::clock), which other work on a shared machine does not inflate as much.
//   attn_language_model_bench CORPUS memory STEPS [name=value …]
//       the heap in use (mallinfo's uordblks, bytes) before the trainer, after 100 steps and
//       after STEPS steps in all, and after the trainer is gone: one JSON line
//       {"before":…,"warm":…,"trained":…,"disposed":…}. Flat from warm to trained: no step
//       keeps memory.
//   attn_language_model_bench CORPUS first MODEL [name=value …]
//       writes the initial parameters to MODEL (the model file of docs/language-model.md) and
//       takes one step; one JSON line with where that batch's windows start, its loss and its
//       gradient norm before clipping, each printed with 17 significant digits. The PyTorch
//       contender (scripts/bench/train/torch_language_model.py) loads MODEL, rebuilds the same
//       batch and must find the same loss before it is timed.
//
// The corpus is split into characters and the options are read as attn_language_model_train
// reads them (cpp/tools/language_model_options.hpp), the shipped model's by default.

#include <algorithm>
#include <chrono>
#include <ctime>
#include <malloc.h>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "attn/character_tokenizer.hpp"
#include "language_model_options.hpp"

namespace
{
    using namespace attn_tools;

    std::string exact(double x)
    {
        char text[32];
        std::snprintf(text, sizeof text, "%.17g", x);
        return text;
    }

    std::string list(const std::vector<double>& xs)
    {
        std::string out = "[";
        for (std::size_t i = 0; i < xs.size(); ++i)
        {
            out += (i ? "," : "") + exact(xs[i]);
        }
        return out + "]";
    }

    int run(int argc, char** argv)
    {
        const std::string usage = "usage: attn_language_model_bench CORPUS speed STEPS ROUNDS "
                                  "[name=value …] | CORPUS memory STEPS [name=value …] | "
                                  "CORPUS first MODEL [name=value …]";
        const std::string mode = argc > 2 ? argv[2] : "";
        const int first_option = mode == "speed" ? 5 : 4;
        if ((mode != "speed" && mode != "memory" && mode != "first") || argc < first_option)
        {
            std::cerr << usage << "\n";
            return 2;
        }
        const run_options o = read_options(argc, argv, first_option);
        const std::string text = read_file(argv[1]);
        const attn::character_tokenizer_trace corpus =
            attn::detail::character_tokenizer_up_to(text, max_corpus_bytes);
        attn::language_model_config config = o.config;
        config.vocab = corpus.vocabulary.size();
        const attn::language_model_params initial =
            attn::language_model_initial(config, o.training.seed);
        if (mode == "memory")
        {
            const std::size_t steps = whole("STEPS", argv[3]);
            const auto in_use = []
            {
#if defined(__EMSCRIPTEN__)
                return static_cast<std::size_t>(mallinfo().uordblks);
#else
                return static_cast<std::size_t>(mallinfo2().uordblks);
#endif
            };
            const std::size_t before = in_use();
            std::size_t warm = 0, trained = 0;
            {
                attn::language_model_trainer trainer(initial, corpus.ids, o.training);
                for (std::size_t k = 0; k < steps; ++k)
                {
                    trainer.step();
                    warm = k + 1 == std::min<std::size_t>(100, steps) ? in_use() : warm;
                }
                trained = in_use();
            }
            std::cout << "{\"before\":" << before << ",\"warm\":" << warm
                      << ",\"trained\":" << trained << ",\"disposed\":" << in_use() << "}\n";
            return 0;
        }
        attn::language_model_trainer trainer(initial, corpus.ids, o.training);

        if (mode == "first")
        {
            write_file(argv[3], model_file(initial, corpus.vocabulary, training_json(o)));
            const std::vector<attn::language_model_window> windows = trainer.draw_batch();
            const double loss = trainer.step_on(windows);
            std::cout << "{\"windows\":[";
            for (std::size_t i = 0; i < windows.size(); ++i)
            {
                const attn::language_model_window& w = windows[i];
                std::cout << (i ? "," : "") << "{\"start\":" << w.start << ",\"passage\":[";
                for (std::size_t j = 0; j < w.passage.size(); ++j)
                {
                    std::cout << (j ? "," : "") << w.passage[j];
                }
                std::cout << "],\"from\":" << w.from << "}";
            }
            std::cout << "],\"loss\":" << exact(loss)
                      << ",\"gradientNorm\":" << exact(trainer.last_gradient_norm()) << "}\n";
            return 0;
        }

        const std::size_t steps = whole("STEPS", argv[3]), rounds = whole("ROUNDS", argv[4]);
        for (std::size_t k = 0; k < steps; ++k)
        {
            trainer.step();
        }
        std::vector<double> wall, cpu;
        for (std::size_t r = 0; r < rounds; ++r)
        {
            const auto start = std::chrono::steady_clock::now();
            const std::clock_t start_cpu = std::clock();
            for (std::size_t k = 0; k < steps; ++k)
            {
                trainer.step();
            }
            const std::chrono::duration<double, std::milli> took =
                std::chrono::steady_clock::now() - start;
            wall.push_back(took.count());
            cpu.push_back(1000.0 * static_cast<double>(std::clock() - start_cpu) / CLOCKS_PER_SEC);
        }
        std::cout << "{\"roundMs\":" << list(wall) << ",\"cpuMs\":" << list(cpu) << "}\n";
        return 0;
    }
} // namespace

int main(int argc, char** argv)
{
    return attn_tools::main_of("attn_language_model_bench", run, argc, argv);
}
