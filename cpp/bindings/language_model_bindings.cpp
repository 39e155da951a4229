// Embind registrations of a language model's object (web/lib/language_model.js). Like the
// trainer's (trainer_bindings.cpp), a model is state held in a handle table here: JS holds its
// number, every call is a plain function returning { ok, value } through guarded(), and
// languageModelDispose frees the parameters in one erase. Text crosses as JS strings; the
// model reads it through its tokenizer (held_language_models.hpp). A model read from a file
// comes from language_model_file_bindings.cpp into the same table.

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "attn/byte_pair_encoding.hpp"
#include "attn/error.hpp"
#include "attn/language_model_generate.hpp"
#include "attn/language_model_reading.hpp"
#include "attn/utf8.hpp"
#include "convert.hpp"
#include "guarded.hpp"
#include "held_language_models.hpp"

namespace attn::bindings
{
    namespace
    {
        using namespace held_language_models;

        val create(val request)
        {
            return guarded(
                [&]
                {
                    auto m = std::make_unique<held_model>();
                    const val merges = request["merges"];
                    if (!merges.isUndefined())
                    {
                        m->tokenizer.merges = read_merges(
                            "merges", request_source(request).matrix("merges", max_merges, 2));
                    }
                    const language_model_config config =
                        read_config(request["model"], m->tokenizer.merges.size());
                    check_language_model_config(config);
                    check_language_model_size("model", config);
                    const double seed = given(request, "seed") ? request["seed"].as<double>() : 0;
                    m->params = language_model_initial(
                        config, static_cast<std::uint32_t>(
                                    detail::check_integer("seed", seed, 0, 4294967295.0)));
                    return val(hold(std::move(m)));
                });
        }

        val tokenize(double handle, std::string text)
        {
            return guarded(
                [&]
                {
                    const held_model& m = find(handle);
                    const std::vector<std::size_t> tokens = token_ids(m, text);
                    val out = val::object();
                    out.set("tokens", write(tokens));
                    out.set("pieces", pieces_of(m, tokens));
                    return out;
                });
        }

        val generate(double handle, val request)
        {
            return guarded(
                [&]
                {
                    const held_model& m = find(handle);
                    generation_options options;
                    options.count =
                        whole(request, "tokens", "tokens", 1, static_cast<double>(max_dimension));
                    if (given(request, "temperature"))
                    {
                        options.sampling.temperature = request["temperature"].as<double>();
                    }
                    if (given(request, "topK"))
                    {
                        options.sampling.top_k =
                            whole(request, "topK", "topK", 0, static_cast<double>(max_dimension));
                    }
                    if (given(request, "topP"))
                    {
                        options.sampling.top_p = request["topP"].as<double>();
                    }
                    if (given(request, "seed"))
                    {
                        options.sampling.seed = static_cast<std::uint32_t>(
                            whole(request, "seed", "seed", 0, 4294967295.0));
                    }
                    // The prompt is text here: the tokenizer's complaints name it.
                    const vector prompt = detail::with_arguments_renamed(
                        {{"text", "prompt"}},
                        [&] { return tokens_of(m, request["prompt"].as<std::string>()); });
                    const generation_trace t = language_model_generate(m.params, prompt, options);
                    val steps = val::array();
                    for (const generation_step& s : t.steps)
                    {
                        val step = val::object();
                        step.set("token", write(s.token));
                        step.set("text", text_of(m, {s.token}));
                        step.set("position", write(s.position));
                        step.set("seed", static_cast<double>(s.seed));
                        step.set("logits", write(s.logits));
                        step.set("probabilities", write(s.sample.probabilities));
                        step.set("kept", write(s.sample.kept));
                        step.set("chosen", write(s.sample.chosen));
                        steps.call<void>("push", step);
                    }
                    const std::vector<std::size_t> drawn(t.tokens.begin() + t.prompt.size(),
                                                         t.tokens.end());
                    val out = val::object();
                    out.set("prompt", write(t.prompt));
                    out.set("tokens", write(drawn));
                    out.set("text", text_of(m, drawn));
                    out.set("steps", steps);
                    return out;
                });
        }

        /// Reads the text's tokens with `read(model, tokens, out)`, which sets its fields on
        /// `out` and returns the tokens as checked; adds them and their pieces.
        template <class Read> val read_text(double handle, const std::string& text, Read&& read)
        {
            return guarded(
                [&]
                {
                    const held_model& m = find(handle);
                    val out = val::object();
                    const std::vector<std::size_t> tokens = read(m, tokens_of(m, text), out);
                    out.set("tokens", write(tokens));
                    out.set("pieces", pieces_of(m, tokens));
                    return out;
                });
        }

        val token_losses(double handle, std::string text)
        {
            return read_text(handle, text,
                             [](const held_model& m, const vector& tokens, val& out)
                             {
                                 const language_model_token_losses_trace t =
                                     language_model_token_losses(m.params, tokens);
                                 out.set("losses", write(t.loss.losses));
                                 out.set("loss", t.loss.loss);
                                 return t.forward.tokens;
                             });
        }

        val attention(double handle, std::string text)
        {
            return read_text(handle, text,
                             [](const held_model& m, const vector& tokens, val& out)
                             {
                                 const language_model_attention_trace t =
                                     language_model_attention(m.params, tokens);
                                 val layers = val::array();
                                 for (const tensor3& w : t.weights)
                                 {
                                     layers.call<void>("push", write(w));
                                 }
                                 out.set("weights", layers);
                                 return t.tokens;
                             });
        }

        val logit_lens(double handle, std::string text)
        {
            return read_text(handle, text,
                             [](const held_model& m, const vector& tokens, val& out)
                             {
                                 const logit_lens_trace t =
                                     language_model_logit_lens(m.params, tokens);
                                 val layers = val::array();
                                 for (const logit_lens_layer& l : t.layers)
                                 {
                                     val layer = val::object();
                                     layer.set("logits", write(l.logits));
                                     layer.set("probabilities", write(l.probabilities));
                                     layer.set("topTokens", write(l.top_tokens));
                                     layer.set("topPieces", pieces_of(m, l.top_tokens));
                                     layer.set("topProbabilities", write(l.top_probabilities));
                                     layers.call<void>("push", layer);
                                 }
                                 out.set("layers", layers);
                                 return t.tokens;
                             });
        }

        val head_scores(double handle, val request)
        {
            return guarded(
                [&]
                {
                    const held_model& m = find(handle);
                    const head_pattern pattern =
                        head_pattern_named("pattern", request["pattern"].as<std::string>());
                    const std::size_t length = given(request, "length")
                                                   ? whole(request, "length", "length", 0,
                                                           static_cast<double>(max_dimension))
                                                   : m.params.config.context / 2;
                    const std::uint32_t seed = given(request, "seed")
                                                   ? static_cast<std::uint32_t>(whole(
                                                         request, "seed", "seed", 0, 4294967295.0))
                                                   : 0;
                    const head_scores_trace t = language_model_head_scores(
                        m.params, pattern, head_score_sequence(m.params.config, length, seed));
                    val cells = val::array();
                    for (const auto& [query, key] : t.cells)
                    {
                        cells.call<void>("push", write(std::vector<std::size_t>{query, key}));
                    }
                    val out = val::object();
                    out.set("pattern", request["pattern"]);
                    out.set("tokens", write(t.tokens));
                    out.set("cells", cells);
                    out.set("scores", write(t.scores));
                    out.set("firstCopyLoss", t.first_copy_loss);
                    out.set("secondCopyLoss", t.second_copy_loss);
                    return out;
                });
        }

        val ablate(double handle, double layer, double head)
        {
            return guarded(
                [&]
                {
                    const held_model& m = find(handle);
                    auto ablated = std::make_unique<held_model>();
                    ablated->tokenizer = m.tokenizer;
                    ablated->params = language_model_ablate(
                        m.params,
                        detail::check_integer("layer", layer, 0,
                                              static_cast<double>(max_dimension)),
                        detail::check_integer("head", head, 0, static_cast<double>(max_dimension)));
                    return val(hold(std::move(ablated)));
                });
        }

        val parameters(double handle)
        {
            return guarded(
                [&]
                {
                    held_model& m = find(handle);
                    val out = val::object();
                    for (const language_model_tensor& t : language_model_tensors(m.params))
                    {
                        // A γ is a vector (number[]) in JS, every other tensor a matrix.
                        const std::size_t count = t.rows * t.cols;
                        if (is_norm_gain(t))
                        {
                            vector gain = xt::empty<double>({count});
                            std::copy(t.data, t.data + count, gain.begin());
                            out.set(t.name, write(gain));
                            continue;
                        }
                        matrix copy = xt::empty<double>({t.rows, t.cols});
                        std::copy(t.data, t.data + count, copy.begin());
                        out.set(t.name, write(copy));
                    }
                    return out;
                });
        }

        val config(double handle)
        {
            return guarded([&] { return config_of(find(handle).params.config); });
        }

        val tokenizer(double handle)
        {
            return guarded([&] { return tokenizer_of(find(handle)); });
        }

        void dispose(double handle)
        {
            models().erase(handle);
        }

        /// How many models are alive: the leak tests watch this with the heap.
        double live_language_models()
        {
            return static_cast<double>(models().size());
        }
    } // namespace
} // namespace attn::bindings

EMSCRIPTEN_BINDINGS(attention_lab_language_model)
{
    using namespace attn::bindings;
    emscripten::function("languageModelCreate", &create);
    emscripten::function("languageModelTokenize", &tokenize);
    emscripten::function("languageModelGenerate", &generate);
    emscripten::function("languageModelTokenLosses", &token_losses);
    emscripten::function("languageModelAttention", &attention);
    emscripten::function("languageModelLogitLens", &logit_lens);
    emscripten::function("languageModelHeadScores", &head_scores);
    emscripten::function("languageModelAblate", &ablate);
    emscripten::function("languageModelParameters", &parameters);
    emscripten::function("languageModelConfig", &config);
    emscripten::function("languageModelTokenizer", &tokenizer);
    emscripten::function("languageModelDispose", &dispose);
    emscripten::function("liveLanguageModels", &live_language_models);
}
