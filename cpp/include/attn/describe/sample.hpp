#ifndef ATTN_DESCRIBE_SAMPLE_HPP
#define ATTN_DESCRIBE_SAMPLE_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/error.hpp"
#include "attn/sample.hpp"

namespace attn::describe
{
    template <> struct fields_of<sample_trace>
    {
        static constexpr const char* type_name = "SampleTrace";
        template <class V> static void visit(const sample_trace& t, V& v)
        {
            v.field("scaledLogits", t.scaled_logits,
                    "pass 1: logits / temperature (the logits themselves at temperature 0)");
            v.field("softmax", t.softmax,
                    "pass 2: softmax of scaledLogits, before any filter; at temperature 0, 1 on "
                    "the first largest logit and 0 elsewhere");
            v.field("order", t.order,
                    "pass 3: the token indices by softmax probability, largest first, equal "
                    "probabilities lower index first");
            v.field("topKProbabilities", t.top_k_probabilities,
                    "pass 4: softmax on the first topK tokens of order, renormalised; 0 elsewhere");
            v.field("cumulative", t.cumulative,
                    "pass 5: running Σ of topKProbabilities along order (cumulative[r] sums "
                    "ranks 0 … r)");
            v.field("kept", t.kept,
                    "pass 5: the tokens left by top-k and top-p, in vocabulary order");
            v.field("probabilities", t.probabilities,
                    "pass 6: topKProbabilities on kept, renormalised to sum to 1; 0 elsewhere");
            v.field("uniform", t.uniform,
                    "pass 7: u in [0, 1), the first number of splitmix64 stream seed·256 + 10");
            v.field("chosen", t.chosen,
                    "pass 7: the token drawn: the first index whose Σ probabilities (in "
                    "vocabulary order) exceeds uniform");
        }
    };

    struct sample_operation
    {
        static constexpr const char* name = "sample";
        static constexpr const char* title = "Sampling the next token: temperature, top-k, top-p";
        static constexpr argument logits = []
        {
            argument a = vector_argument("logits", "v", "finite numbers, one per token");
            a.max_rows = max_sequence;
            return a;
        }();
        static constexpr argument temperature = optional_number(
            "temperature", "finite, ≥ 0; logits are divided by it; 0 is greedy", 1, "1");
        static constexpr argument top_k = optional_integer(
            "topK", 0, 4294967295.0, "keep the k most likely tokens; 0 keeps all", 0, "0 (off)");
        static constexpr argument top_p = optional_number(
            "topP", "in (0, 1]: keep the fewest most likely tokens whose probability reaches p", 1,
            "1 (off)");
        static constexpr argument seed = optional_integer(
            "seed", 0, 4294967295.0, "seed of the draw; same seed, same token", 0, "0");
        static constexpr argument arguments[] = {logits, temperature, top_k, top_p, seed};

        template <class In> static sample_trace run(In& in)
        {
            sample_options options;
            options.temperature = in.number(temperature);
            options.top_k = in.integer(top_k);
            options.top_p = in.number(top_p);
            options.seed = static_cast<std::uint32_t>(in.integer(seed));
            return sample(in.vector(logits), options);
        }
    };
} // namespace attn::describe

#endif
