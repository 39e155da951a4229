#ifndef ATTN_TOOLS_LANGUAGE_MODEL_OPTIONS_HPP
#define ATTN_TOOLS_LANGUAGE_MODEL_OPTIONS_HPP

// What the language model's native tools share: the name=value options with the shipped
// model's defaults (docs/language-model.md), reading the corpus, and the model file's bytes.
// attn_language_model_train trains and writes the shipped model with them;
// attn_language_model_bench times the same training step for npm run bench:train.

#include <cstdint>
#include <exception>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attn/language_model_file.hpp"
#include "attn/train/language_model_trainer.hpp"
#include "option_values.hpp"

namespace attn_tools
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

    inline run_options defaults()
    {
        run_options o;
        o.config.d_model = 64;
        o.config.heads = 4;
        o.config.kv_heads = 2;
        o.config.layers = 2;
        o.config.d_ff = 172;
        o.config.context = 128;
        o.training.steps = 6000;
        o.training.warmup_steps = 100;
        o.training.batch = 16;
        // Every window ends in a passage read over and over, so that the model learns to copy by
        // content (docs/language-model.md, "Learning to copy": with three quarters of the
        // windows, copying began only after about 3000 steps).
        o.training.repeat_windows = 16;
        return o;
    }

    inline run_options read_options(int argc, char** argv, int first)
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

    inline std::string read_file(const std::string& path)
    {
        std::ifstream in(path, std::ios::binary);
        if (!in)
        {
            throw std::invalid_argument("cannot read " + path);
        }
        return std::string(std::istreambuf_iterator<char>(in), {});
    }

    inline void write_file(const std::string& path, const std::string& bytes)
    {
        std::ofstream out(path, std::ios::binary);
        out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
        if (!out)
        {
            throw std::invalid_argument("cannot write " + path);
        }
    }

    inline json config_json(const attn::language_model_config& c)
    {
        return {{"vocab", c.vocab},     {"dModel", c.d_model}, {"heads", c.heads},
                {"kvHeads", c.kv_heads}, {"layers", c.layers}, {"dFF", c.d_ff},
                {"context", c.context}, {"ropeBase", c.rope_base}, {"eps", c.eps},
                {"tied", c.tied}};
    }

    inline json training_json(const run_options& o)
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
    inline std::string model_file(attn::language_model_params params,
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

    /// A tool's main: runs `body`, and turns an error into "tool: message" on stderr and exit
    /// code 1.
    inline int main_of(const char* tool, int (*body)(int, char**), int argc, char** argv)
    {
        try
        {
            return body(argc, argv);
        }
        catch (const std::exception& e)
        {
            std::cerr << tool << ": " << e.what() << "\n";
            return 1;
        }
    }
} // namespace attn_tools

#endif
