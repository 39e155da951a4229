// Embind registrations of the trainer (attn::trainer, lab.createTrainer). A trainer is state,
// not an operation: it lives in a handle table here, and JS holds only its number. That keeps
// every call a plain function returning { ok, value } through guarded() like the operations
// (an Embind class_ would hand JS an object that leaks unless .delete() is called, and its
// methods would throw opaque exceptions), and trainerDispose frees the model, the optimizer's
// state and the data in one erase.

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "attn/error.hpp"
#include "attn/train/trainer.hpp"
#include "attn/train/trainer_budget.hpp"
#include "convert.hpp"
#include "guarded.hpp"
#include "trainer_handles.hpp"

namespace attn::bindings
{
    namespace
    {
        run_table<trainer>& trainers()
        {
            static run_table<trainer> table;
            return table;
        }

        trainer& find(double handle)
        {
            return trainers().find(handle);
        }

        /// record[name] when it is the record's own property, else undefined: a key another
        /// script set on Object.prototype is no option of the caller's.
        val own(const val& record, const char* name)
        {
            return record.hasOwnProperty(name) ? record[name] : val::undefined();
        }

        bool omitted(const val& v)
        {
            return v.isUndefined() || v.isNull();
        }

        std::optional<double> optional_number(const val& record, const char* name)
        {
            const val v = own(record, name);
            return omitted(v) ? std::nullopt : std::optional<double>(v.as<double>());
        }

        std::optional<std::string> optional_text(const val& record, const char* name)
        {
            const val v = own(record, name);
            return omitted(v) ? std::nullopt : std::optional<std::string>(v.as<std::string>());
        }

        /// The request the façade built (web/lib/trainer.js: camelCase names, numbers and
        /// strings already type-checked, omitted options undefined).
        trainer_options read_options(const val& request)
        {
            trainer_options options;
            if (const auto task = optional_text(request, "task"))
            {
                options.task = *task;
            }
            const val model = own(request, "model");
            if (!omitted(model))
            {
                options.model.d_model = optional_number(model, "dModel");
                options.model.heads = optional_number(model, "heads");
                options.model.layers = optional_number(model, "layers");
                options.model.d_ff = optional_number(model, "dFF");
            }
            options.seed = optional_number(request, "seed");
            options.learning_rate = optional_number(request, "learningRate");
            options.batch_size = optional_number(request, "batchSize");
            options.optimizer = optional_text(request, "optimizer");
            options.weight_decay = optional_number(request, "weightDecay");
            options.dropout = optional_number(request, "dropout");
            options.clip_norm = optional_number(request, "clipNorm");
            options.length = optional_number(request, "length");
            options.vocabulary = optional_number(request, "vocabulary");
            return options;
        }

        val write_config(const trainer_config& c)
        {
            val model = val::object();
            model.set("dModel", write(c.d_model));
            model.set("heads", write(c.heads));
            model.set("layers", write(c.layers));
            model.set("dFF", write(c.d_ff));
            val out = val::object();
            out.set("task", c.task);
            out.set("model", model);
            out.set("seed", static_cast<double>(c.seed));
            out.set("learningRate", c.learning_rate);
            out.set("batchSize", write(c.batch_size));
            out.set("optimizer", c.optimizer);
            out.set("weightDecay", c.weight_decay);
            out.set("dropout", c.dropout);
            out.set("clipNorm", c.clip_norm);
            out.set("length", write(c.length));
            out.set("vocabulary", write(c.vocabulary));
            return out;
        }

        val write_evaluation(const trainer_evaluation& e)
        {
            val out = val::object();
            out.set("loss", e.loss);
            out.set("accuracy", e.accuracy);
            out.set("scored", write(e.scored));
            out.set("classes", write(e.classes));
            out.set("confusion", write(e.confusion));
            return out;
        }

        val write_numbers(const std::vector<double>& values)
        {
            vector out = xt::empty<double>({values.size()});
            std::copy(values.begin(), values.end(), out.begin());
            return write(out);
        }

        val create(val request)
        {
            return guarded(
                [&]
                {
                    return val(trainers().hold(std::make_unique<trainer>(read_options(request))));
                });
        }

        val step(double handle, double k)
        {
            return guarded(
                [&]
                {
                    trainer& t = find(handle);
                    const trainer_step_result r = t.step(k);
                    if (r.diverged)
                    {
                        // The run cannot go on: say so as an error rather than hand back a
                        // NaN loss for a chart to draw.
                        detail::fail("step", "a run that does not diverge",
                                     t.status_message() +
                                         "; the trainer is now diverged (status()), create a "
                                         "new one, e.g. with a smaller learningRate");
                    }
                    val out = val::object();
                    out.set("step", write(r.step));
                    out.set("loss", r.loss);
                    out.set("losses", write_numbers(r.losses));
                    return out;
                });
        }

        val evaluate(double handle)
        {
            return guarded([&] { return write_evaluation(find(handle).evaluate()); });
        }

        val ablate(double handle, double layer, double head)
        {
            return guarded([&] { return write_evaluation(find(handle).ablate(layer, head)); });
        }

        val attention(double handle)
        {
            return guarded(
                [&]
                {
                    const trainer_attention a = find(handle).attention();
                    val layers = val::array();
                    for (const auto& heads : a.weights)
                    {
                        val row = val::array();
                        for (const matrix& w : heads)
                        {
                            row.call<void>("push", write(w));
                        }
                        layers.call<void>("push", row);
                    }
                    val out = val::object();
                    out.set("tokens", write(a.probe.tokens));
                    out.set("targets", write(a.probe.targets));
                    out.set("predictions", write(a.predictions));
                    out.set("weights", layers);
                    val inputs = val::array();
                    for (const matrix& x : a.inputs)
                    {
                        inputs.call<void>("push", write(x));
                    }
                    out.set("inputs", inputs);
                    out.set("causal", a.causal);
                    // Toy tasks have no measurements: null rather than empty arrays.
                    val features = val::null();
                    if (!a.probe.features_cm.empty())
                    {
                        features = val::object();
                        features.set("cm", write_numbers(a.probe.features_cm));
                        features.set("standardised", write_numbers(a.probe.features_standardised));
                    }
                    out.set("features", features);
                    return out;
                });
        }

        val head_scores(double handle)
        {
            return guarded(
                [&]
                {
                    const trainer_head_scores s = find(handle).head_scores();
                    const auto per_head = [](const std::vector<std::vector<double>>& layers)
                    {
                        val scores = val::array();
                        for (const auto& layer : layers)
                        {
                            scores.call<void>("push", write_numbers(layer));
                        }
                        return scores;
                    };
                    val out = val::object();
                    out.set("measure", s.measure);
                    out.set("scores", per_head(s.scores));
                    out.set("hasIdeal", s.has_ideal);
                    // Iris has no ideal pattern: null rather than an empty matrix.
                    out.set("ideal", s.has_ideal ? write(s.ideal) : val::null());
                    val patterns = val::array();
                    for (const trainer_head_pattern& p : s.patterns)
                    {
                        val pattern = val::object();
                        pattern.set("name", p.name);
                        pattern.set("measure", p.measure);
                        pattern.set("ideal", write(p.ideal));
                        pattern.set("scores", per_head(p.scores));
                        patterns.call<void>("push", pattern);
                    }
                    out.set("patterns", patterns);
                    return out;
                });
        }

        val parameters(double handle)
        {
            return guarded(
                [&]
                {
                    val out = val::object();
                    for (const trainer_parameter& p : find(handle).parameters())
                    {
                        // A bias or a layer norm's γ, β is a vector (number[]) in JS.
                        out.set(p.name, p.is_vector ? write(vector(xt::flatten(p.value)))
                                                    : write(p.value));
                    }
                    return out;
                });
        }

        val status(double handle)
        {
            return guarded(
                [&]
                {
                    const trainer& t = find(handle);
                    val out = val::object();
                    out.set("state", t.status() == trainer_status::diverged ? "diverged" : "ready");
                    out.set("message", t.status_message());
                    out.set("step", write(t.steps()));
                    out.set("options", write_config(t.config()));
                    out.set("estimate",
                            write_estimate(estimate_trainer_cost(t.config()), t.max_steps()));
                    return out;
                });
        }

        /// Frees everything the trainer holds; a handle already freed is left alone.
        void dispose(double handle)
        {
            trainers().erase(handle);
        }

        /// How many trainers are alive: the leak tests watch this with the heap.
        double live_trainers()
        {
            return trainers().size();
        }
    } // namespace
} // namespace attn::bindings

EMSCRIPTEN_BINDINGS(attention_lab_trainer)
{
    using namespace attn::bindings;
    emscripten::function("trainerCreate", &create);
    emscripten::function("trainerStep", &step);
    emscripten::function("trainerEvaluate", &evaluate);
    emscripten::function("trainerAblate", &ablate);
    emscripten::function("trainerAttention", &attention);
    emscripten::function("trainerHeadScores", &head_scores);
    emscripten::function("trainerParameters", &parameters);
    emscripten::function("trainerStatus", &status);
    emscripten::function("trainerDispose", &dispose);
    emscripten::function("liveTrainers", &live_trainers);
}
