// Trains the language model on a text, natively and deterministically:
//
//   attn_language_model_train CORPUS MODEL REPORT [name=value …]
//
// reads CORPUS (UTF-8), splits it into characters with the engine's character tokenizer,
// trains a model from language_model_initial(config, seed) with the language model's trainer
// (attn/train/language_model_trainer.hpp), and writes
//   MODEL   the model file the page loads (docs/language-model.md; attn/language_model_file.hpp):
//           a JSON header, padded with spaces to a multiple of 8 bytes and ended by a newline,
//           then every tensor's numbers as little-endian IEEE-754 float64, tensor after tensor
//           in parameter order, row by row;
//   REPORT  JSON: each step's batch loss and learning rate, the held-out loss every evalEvery
//           steps, the bigram baseline, the induction figure and a greedy sample.
// Options are named as in JavaScript (model.dModel=64 steps=2000 seed=0 …). One thread, no
// clock in either file: the same corpus and options give both files byte for byte. Progress
// and the time per step go to stderr.

#include <chrono>
#include <cstdint>
#include <iostream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "attn/character_tokenizer.hpp"
#include "attn/random.hpp"
#include "attn/sample.hpp"
#include "language_model_options.hpp"

namespace
{
    using namespace attn_tools;

    /// Greedy continuation of `prompt` by the engine's sample() at temperature 0, reading the
    /// last `context` tokens each time.
    std::string greedy_sample(const attn::language_model_params& params,
                              const attn::character_tokenizer_trace& corpus,
                              const std::string& prompt, std::size_t count)
    {
        std::vector<std::size_t> ids =
            attn::character_ids("prompt", prompt, corpus.vocabulary);
        std::string text = prompt;
        attn::sample_options greedy;
        greedy.temperature = 0;
        for (std::size_t k = 0; k < count; ++k)
        {
            const std::size_t n = std::min(ids.size(), params.config.context);
            attn::vector window = xt::zeros<double>({n});
            for (std::size_t i = 0; i < n; ++i)
            {
                window(i) = static_cast<double>(ids[ids.size() - n + i]);
            }
            const attn::matrix logits = attn::language_model_forward(params, window).logits;
            const attn::vector last = xt::row(logits, static_cast<std::ptrdiff_t>(n - 1));
            const std::size_t next = attn::sample(last, greedy).chosen;
            ids.push_back(next);
            text += corpus.vocabulary[next];
        }
        return text;
    }

    std::string hex(std::uint64_t x)
    {
        std::ostringstream out;
        out << std::hex << x;
        return out.str();
    }

    json induction_json(const attn::induction_figure& f)
    {
        json lengths = json::array();
        for (const attn::induction_at_length& at : f.lengths)
        {
            lengths.push_back({{"length", at.length},
                               {"firstCopyLoss", at.first_copy_loss},
                               {"secondCopyLoss", at.second_copy_loss},
                               {"ratio", at.ratio}});
        }
        return {{"strings", f.strings},
                {"lengths", lengths},
                {"firstCopyLoss", f.first_copy_loss},
                {"secondCopyLoss", f.second_copy_loss},
                {"ratio", f.ratio}};
    }

    int run(int argc, char** argv)
    {
        if (argc < 4)
        {
            std::cerr << "usage: attn_language_model_train CORPUS MODEL REPORT [name=value …]\n";
            return 2;
        }
        const run_options o = read_options(argc, argv, 4);
        const std::string text = read_file(argv[1]);
        const attn::character_tokenizer_trace corpus =
            attn::detail::character_tokenizer_up_to(text, max_corpus_bytes);
        attn::language_model_config config = o.config;
        config.vocab = corpus.vocabulary.size();

        attn::language_model_trainer trainer(attn::language_model_initial(config, o.training.seed),
                                             corpus.ids, o.training);
        json curve = {{"trainLoss", json::array()}, {"learningRate", json::array()}};
        json held_out = json::array();
        const auto score = [&](std::size_t step)
        {
            const double loss = trainer.held_out_loss();
            held_out.push_back({{"step", step}, {"loss", loss}});
            std::cerr << "step " << step << ": held-out loss " << loss << "\n";
        };
        score(0);
        const auto start = std::chrono::steady_clock::now();
        while (trainer.steps_taken() < o.training.steps)
        {
            curve["learningRate"].push_back(
                attn::language_model_learning_rate(o.training, trainer.steps_taken()));
            curve["trainLoss"].push_back(trainer.step());
            const std::size_t done = trainer.steps_taken();
            if (done % o.eval_every == 0 || done == o.training.steps)
            {
                const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - start;
                // The induction figure on a few strings, to watch copying being learned (stderr
                // only: the report's figure is measured once, at the end, on more strings).
                std::cerr << "step " << done << ": batch loss " << curve["trainLoss"].back()
                          << ", " << 1000 * spent.count() / static_cast<double>(done)
                          << " ms a step, induction ratio "
                          << attn::language_model_induction(trainer.params(), 4, 1).ratio << "\n";
                score(done);
            }
        }

        const attn::bigram_baseline bigram =
            attn::language_model_bigram_baseline(corpus.ids, config.vocab);
        const attn::induction_figure induction =
            attn::language_model_induction(trainer.params(), o.induction_strings, o.training.seed);
        const json training = {{"corpus",
                                 {{"file", std::string(argv[1])},
                                  {"bytes", text.size()},
                                  {"fnv1a64", hex(attn::fnv1a64(text))}}},
                                {"options", training_json(o)}};
        json report = {
            {"corpus",
             {{"tokens", corpus.ids.size()},
              {"trainTokens", trainer.train_tokens().size()},
              {"heldOutTokens", trainer.held_out_tokens().size()},
              {"vocabulary", corpus.vocabulary}}},
            {"config", config_json(config)},
            {"training", training},
            {"curve", curve},
            {"heldOut", held_out},
            {"heldOutLoss", held_out.back()["loss"]},
            {"bigram", {{"k", bigram.k}, {"heldOutLoss", bigram.held_out_loss}}},
            {"induction", induction_json(induction)},
            {"greedySample", greedy_sample(trainer.params(), corpus, o.prompt, o.sample_tokens)}};
        write_file(argv[2], model_file(trainer.params(), corpus.vocabulary, training));
        write_file(argv[3], report.dump(1) + "\n");
        std::cerr << "held-out loss " << held_out.back()["loss"] << ", bigram "
                  << bigram.held_out_loss << " (k = " << bigram.k << "), induction ratio "
                  << induction.ratio << "\n";
        return 0;
    }
} // namespace

int main(int argc, char** argv)
{
    return attn_tools::main_of("attn_language_model_train", run, argc, argv);
}
