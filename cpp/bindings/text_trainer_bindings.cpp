// Embind registrations of createTrainer's text task (attn::text_trainer). Held by handle like
// the other trainers (trainer_bindings.cpp says why); what the trained model reads and writes
// goes through a language model's object: textTrainerModel copies the parameters as they are
// into the table of held language models (held_language_models.hpp) with the trainer's
// tokenizer, so tokenize, generate, tokenLosses, attention, logitLens, headScores, ablate and
// parameters are the language model's own, not a second copy of them.

#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "attn/error.hpp"
#include "attn/train/text_trainer.hpp"
#include "convert.hpp"
#include "guarded.hpp"
#include "held_language_models.hpp"
#include "trainer_handles.hpp"

namespace attn::bindings
{
    namespace
    {
        run_table<text_trainer>& text_trainers()
        {
            static run_table<text_trainer> table;
            return table;
        }

        std::optional<double> number_at(const val& record, const char* name)
        {
            const val v = record[name];
            return v.isUndefined() ? std::nullopt : std::optional<double>(v.as<double>());
        }

        /// The request the façade built (web/lib/text-trainer.js): every option an own property,
        /// undefined when omitted, numbers and strings type-checked, merges flattened.
        text_trainer_options read_text_options(const val& request)
        {
            text_trainer_options o;
            if (!request["text"].isUndefined())
            {
                o.text = request["text"].as<std::string>();
            }
            if (!request["merges"].isUndefined())
            {
                o.merges = read_merges("tokenizer.merges",
                                       request_source(request).matrix("merges", max_merges, 2));
            }
            const val model = request["model"];
            if (!model.isUndefined())
            {
                o.d_model = number_at(model, "dModel");
                o.heads = number_at(model, "heads");
                o.kv_heads = number_at(model, "kvHeads");
                o.layers = number_at(model, "layers");
                o.d_ff = number_at(model, "dFF");
                o.context = number_at(model, "context");
            }
            o.seed = number_at(request, "seed");
            o.batch_size = number_at(request, "batchSize");
            o.learning_rate = number_at(request, "learningRate");
            o.warmup_steps = number_at(request, "warmupSteps");
            o.weight_decay = number_at(request, "weightDecay");
            o.clip_norm = number_at(request, "clipNorm");
            return o;
        }

        val write_text_config(const text_trainer& t)
        {
            const text_trainer_config& c = t.config();
            val model = val::object();
            model.set("vocab", write(c.model.vocab));
            model.set("dModel", write(c.model.d_model));
            model.set("heads", write(c.model.heads));
            model.set("kvHeads", write(c.model.kv_heads));
            model.set("layers", write(c.model.layers));
            model.set("dFF", write(c.model.d_ff));
            model.set("context", write(c.model.context));
            val out = val::object();
            out.set("task", std::string("text"));
            out.set("tokenizer", c.tokenizer);
            out.set("model", model);
            out.set("seed", static_cast<double>(c.seed));
            out.set("batchSize", write(c.batch_size));
            out.set("learningRate", c.learning_rate);
            out.set("warmupSteps", write(c.warmup_steps));
            out.set("weightDecay", c.weight_decay);
            out.set("clipNorm", c.clip_norm);
            out.set("heldOutWindows", write(c.held_out_windows));
            return out;
        }

        val text_create(val request)
        {
            return guarded(
                [&] {
                    return val(text_trainers().hold(
                        std::make_unique<text_trainer>(read_text_options(request))));
                });
        }

        val text_step(double handle, double k)
        {
            return guarded(
                [&]
                {
                    text_trainer& t = text_trainers().find(handle);
                    const std::vector<double> losses = t.step(k);
                    if (t.diverged())
                    {
                        // As the other tasks do: an error rather than a NaN for a chart to draw.
                        detail::fail("step", "a run that does not diverge",
                                     t.status_message() +
                                         "; the trainer is now diverged (status()), create a "
                                         "new one, e.g. with a smaller learningRate");
                    }
                    vector out = xt::empty<double>({losses.size()});
                    std::copy(losses.begin(), losses.end(), out.begin());
                    val result = val::object();
                    result.set("step", write(t.steps()));
                    result.set("loss", losses.back());
                    result.set("losses", write(out));
                    return result;
                });
        }

        val text_evaluate(double handle)
        {
            return guarded(
                [&]
                {
                    const text_trainer_evaluation e = text_trainers().find(handle).evaluate();
                    val out = val::object();
                    out.set("loss", e.loss);
                    out.set("scored", write(e.scored));
                    out.set("bigramLoss", e.bigram_loss);
                    out.set("uniformLoss", e.uniform_loss);
                    return out;
                });
        }

        val text_status(double handle)
        {
            return guarded(
                [&]
                {
                    const text_trainer& t = text_trainers().find(handle);
                    val out = val::object();
                    out.set("state", t.diverged() ? "diverged" : "ready");
                    out.set("message", t.status_message());
                    out.set("step", write(t.steps()));
                    out.set("options", write_text_config(t));
                    val data = val::object();
                    data.set("trainTokens", write(t.train_tokens()));
                    data.set("heldOutTokens", write(t.held_out_tokens()));
                    out.set("data", data);
                    out.set("estimate", write_estimate(t.cost(), t.max_steps()));
                    return out;
                });
        }

        /// The model as it is now, as a held language model: its handle.
        val text_model(double handle)
        {
            return guarded(
                [&]
                {
                    const text_trainer& t = text_trainers().find(handle);
                    auto m = std::make_unique<held_language_models::held_model>();
                    m->params = t.params();
                    held_language_models::held_tokenizer& k = m->tokenizer;
                    if (t.config().tokenizer == "character")
                    {
                        k.how = held_language_models::held_tokenizer::kind::characters;
                        k.vocabulary = t.vocabulary();
                    }
                    else
                    {
                        k.merges = t.merges();
                    }
                    return val(held_language_models::hold(std::move(m)));
                });
        }

        void text_dispose(double handle)
        {
            text_trainers().erase(handle);
        }

        double live_text_trainers()
        {
            return text_trainers().size();
        }
    } // namespace
} // namespace attn::bindings

EMSCRIPTEN_BINDINGS(attention_lab_text_trainer)
{
    using namespace attn::bindings;
    emscripten::function("textTrainerCreate", &text_create);
    emscripten::function("textTrainerStep", &text_step);
    emscripten::function("textTrainerEvaluate", &text_evaluate);
    emscripten::function("textTrainerStatus", &text_status);
    emscripten::function("textTrainerModel", &text_model);
    emscripten::function("textTrainerDispose", &text_dispose);
    emscripten::function("liveTextTrainers", &live_text_trainers);
}
