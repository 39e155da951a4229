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
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attn/character_tokenizer.hpp"
#include "attn/language_model_file.hpp"
#include "attn/random.hpp"
#include "attn/sample.hpp"
#include "attn/train/language_model_trainer.hpp"
#include "option_values.hpp"

namespace
{
    using nlohmann::json;

    /// The largest corpus read: the issue allows the project to ship up to 2 MB of text.
    constexpr std::size_t max_corpus_bytes = std::size_t{4} << 20;

    /// Everything the command line sets, with the defaults of the shipped model.
    struct run_options
    {
        attn::language_model_config config;
        attn::language_model_training_options training;
        std::size_t eval_every = 100;       ///< "evalEvery": steps between held-out losses
        std::size_t induction_strings = 32; ///< "inductionStrings"
        std::size_t sample_tokens = 200;    ///< "sampleTokens": the greedy sample's length
        std::string prompt = "ROMEO:";      ///< "prompt": where the greedy sample starts
    };

    run_options defaults()
    {
        run_options o;
        o.config.d_model = 64;
        o.config.heads = 4;
        o.config.kv_heads = 2;
        o.config.layers = 2;
        o.config.d_ff = 172;
        o.config.context = 128;
        o.training.steps = 3000;
        o.training.warmup_steps = 100;
        o.training.batch = 16;
        // Three quarters of each batch are passages read twice, so that the model learns to
        // copy (docs/language-model.md, "Learning to copy": half was not enough).
        o.training.repeat_windows = 12;
        return o;
    }

    using attn_tools::number;
    using attn_tools::whole;

    run_options read_options(int argc, char** argv, int first)
    {
        run_options o = defaults();
        attn::language_model_config& c = o.config;
        attn::language_model_training_options& t = o.training;
        using setter = std::function<void(const std::string&, const std::string&)>;
        const auto size = [](std::size_t& field)
        { return setter([&field](const std::string& n, const std::string& v) { field = whole(n, v); }); };
        const auto real = [](double& field)
        { return setter([&field](const std::string& n, const std::string& v) { field = number(n, v); }); };
        const std::map<std::string, setter> setters = {
            {"model.dModel", size(c.d_model)},
            {"model.heads", size(c.heads)},
            {"model.kvHeads", size(c.kv_heads)},
            {"model.layers", size(c.layers)},
            {"model.dFF", size(c.d_ff)},
            {"model.context", size(c.context)},
            {"model.tied", [&c](const std::string& n, const std::string& v) { c.tied = whole(n, v) != 0; }},
            {"batch", size(t.batch)},
            {"steps", size(t.steps)},
            {"warmupSteps", size(t.warmup_steps)},
            {"learningRate", real(t.learning_rate)},
            {"minLearningRate", real(t.min_learning_rate)},
            {"weightDecay", real(t.weight_decay)},
            {"clipNorm", real(t.clip_norm)},
            {"heldOutWindows", size(t.held_out_windows)},
            {"repeatWindows", size(t.repeat_windows)},
            {"seed", [&t](const std::string& n, const std::string& v)
             { t.seed = static_cast<std::uint32_t>(whole(n, v)); }},
            {"evalEvery", size(o.eval_every)},
            {"inductionStrings", size(o.induction_strings)},
            {"sampleTokens", size(o.sample_tokens)},
            {"prompt", [&o](const std::string&, const std::string& v) { o.prompt = v; }},
        };
        for (int i = first; i < argc; ++i)
        {
            const std::string arg = argv[i];
            const auto eq = arg.find('=');
            const auto found = setters.find(arg.substr(0, eq));
            if (eq == std::string::npos || found == setters.end())
            {
                throw std::invalid_argument("expected name=value with a name of the options "
                                            "(model.dModel, steps, seed, …), got " + arg);
            }
            found->second(found->first, arg.substr(eq + 1));
        }
        if (o.eval_every == 0)
        {
            throw std::invalid_argument("evalEvery: expected a whole number of at least 1, got 0");
        }
        return o;
    }

    std::string read_file(const std::string& path)
    {
        std::ifstream in(path, std::ios::binary);
        if (!in)
        {
            throw std::invalid_argument("cannot read " + path);
        }
        return std::string(std::istreambuf_iterator<char>(in), {});
    }

    void write_file(const std::string& path, const std::string& bytes)
    {
        std::ofstream out(path, std::ios::binary);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!out)
        {
            throw std::invalid_argument("cannot write " + path);
        }
    }

    json config_json(const attn::language_model_config& c)
    {
        return {{"vocab", c.vocab},     {"dModel", c.d_model}, {"heads", c.heads},
                {"kvHeads", c.kv_heads}, {"layers", c.layers}, {"dFF", c.d_ff},
                {"context", c.context}, {"ropeBase", c.rope_base}, {"eps", c.eps},
                {"tied", c.tied}};
    }

    json training_json(const run_options& o)
    {
        const attn::language_model_training_options& t = o.training;
        return {{"steps", t.steps},
                {"batch", t.batch},
                {"warmupSteps", t.warmup_steps},
                {"learningRate", t.learning_rate},
                {"minLearningRate", t.min_learning_rate},
                {"beta1", t.beta1},
                {"beta2", t.beta2},
                {"eps", t.eps},
                {"weightDecay", t.weight_decay},
                {"clipNorm", t.clip_norm},
                {"heldOutWindows", t.held_out_windows},
                {"repeatWindows", t.repeat_windows},
                {"seed", t.seed}};
    }

    /// The model file (attn/language_model_file.hpp): its JSON header, then every number.
    std::string model_file(attn::language_model_params params,
                           const std::vector<std::string>& vocabulary, const json& training)
    {
        json header = {{"format", attn::language_model_file_format},
                       {"version", attn::language_model_file_version},
                       {"values", attn::language_model_file_values},
                       {"tokenizer", {{"kind", "character"}, {"vocabulary", vocabulary}}},
                       {"config", config_json(params.config)},
                       {"tensors", json::array()},
                       {"training", training}};
        for (const attn::language_model_tensor& t : attn::language_model_tensors(params))
        {
            header["tensors"].push_back({{"name", t.name}, {"shape", {t.rows, t.cols}}});
        }
        return attn::language_model_file_bytes(header.dump(), params);
    }

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
                std::cerr << "step " << done << ": batch loss " << curve["trainLoss"].back()
                          << ", " << 1000 * spent.count() / static_cast<double>(done)
                          << " ms a step\n";
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
            {"induction",
             {{"strings", induction.strings},
              {"length", induction.length},
              {"firstCopyLoss", induction.first_copy_loss},
              {"secondCopyLoss", induction.second_copy_loss},
              {"ratio", induction.ratio}}},
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
    try
    {
        return run(argc, argv);
    }
    catch (const std::exception& e)
    {
        std::cerr << "attn_language_model_train: " << e.what() << "\n";
        return 1;
    }
}
