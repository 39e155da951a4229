#include "attn/train/model.hpp"

#include <algorithm>
#include <cmath>

#include "attn/cross_entropy.hpp"
#include "attn/encoder_layer_backward.hpp"
#include "attn/error.hpp"
#include "attn/feed_forward_backward.hpp"
#include "attn/multi_head_attention_backward.hpp"
#include "attn/positional_encoding.hpp"
#include "attn/random.hpp"

namespace attn
{
    namespace
    {
        template <class Tensor>
        void add_view(std::vector<parameter_view>& out, const std::string& name, Tensor& t)
        {
            if (t.size() == 0)
            {
                return;
            }
            constexpr bool is_vector = Tensor::rank == 1;
            const std::size_t r = is_vector ? 1 : t.shape()[0];
            out.push_back({name, t.data(), r, t.size() / r, is_vector});
        }

        matrix ones_row_mean(const matrix& x)
        {
            // (1 × d): the mean of x's rows, summed in row order.
            matrix mean = xt::zeros<double>({std::size_t{1}, cols(x)});
            for (std::size_t i = 0; i < rows(x); ++i)
            {
                for (std::size_t j = 0; j < cols(x); ++j)
                {
                    mean(0, j) += x(i, j);
                }
            }
            return mean / static_cast<double>(rows(x));
        }

        /// into += gradient, in place: xtensor's own += evaluates into a temporary and moves
        /// it in, which would move the storage the optimizer points at.
        template <class Tensor>
        void add_to(Tensor& into, const Tensor& gradient)
        {
            double* out = into.data();
            const double* in = gradient.data();
            for (std::size_t i = 0; i < into.size(); ++i)
            {
                out[i] += in[i];
            }
        }

        template <class Tensor>
        void accumulate(std::optional<Tensor>& into, const Tensor& gradient)
        {
            add_to(*into, gradient);
        }

        /// Adds one example's gradients of a layer into the accumulator.
        void accumulate_layer(encoder_layer_params& g, const encoder_layer_backward_trace& b)
        {
            const multi_head_backward_trace& a = b.attention;
            accumulate(g.attention.w_q, a.grad_w_q);
            accumulate(g.attention.w_k, a.grad_w_k);
            accumulate(g.attention.w_v, a.grad_w_v);
            accumulate(g.attention.w_o, a.grad_w_o);
            accumulate(g.attention.b_q, a.grad_b_q);
            accumulate(g.attention.b_k, a.grad_b_k);
            accumulate(g.attention.b_v, a.grad_b_v);
            accumulate(g.attention.b_o, a.grad_b_o);
            accumulate(g.w1, b.feed_forward.grad_w1);
            accumulate(g.b1, b.feed_forward.grad_b1);
            accumulate(g.w2, b.feed_forward.grad_w2);
            accumulate(g.b2, b.feed_forward.grad_b2);
            accumulate(g.gamma1, b.norm1.grad_gamma);
            accumulate(g.beta1, b.norm1.grad_beta);
            accumulate(g.gamma2, b.norm2.grad_gamma);
            accumulate(g.beta2, b.norm2.grad_beta);
        }

        /// One example's backward pass from ∂loss/∂logits, its gradients added into `grads`.
        void backward(const model_parameters& p, const model_run& run, const task_example& example,
                      const model_forward& f, const matrix& grad_logits, model_parameters& grads)
        {
            // pass 1: through the head to the last layer's output (n × d_model).
            matrix grad_x;
            if (run.task == task_kind::iris)
            {
                const feed_forward_backward_trace head = detail::feed_forward_backward_from(
                    f.pooled, p.head_w1, p.head_w2, f.classifier, activation::relu, grad_logits);
                add_to(grads.head_w1, head.grad_w1);
                add_to(grads.head_b1, head.grad_b1);
                add_to(grads.head_w2, head.grad_w2);
                add_to(grads.head_b2, head.grad_b2);
                // The mean over the rows hands each row a 1/n share of the pooled gradient.
                const std::size_t n = rows(f.input);
                grad_x = xt::empty<double>({n, cols(f.input)});
                for (std::size_t i = 0; i < n; ++i)
                {
                    xt::row(grad_x, i) = xt::row(head.grad_input, 0) / static_cast<double>(n);
                }
            }
            else
            {
                const matrix& last = f.layers.back().output;
                detail::linear_gradients head =
                    detail::linear_backward(last, p.head_w1, true, grad_logits);
                add_to(grads.head_w1, head.grad_weight);
                add_to(grads.head_b1, head.grad_bias);
                grad_x = std::move(head.grad_input);
            }

            // pass 2: back through the layers, last first.
            for (std::size_t l = f.layers.size(); l-- > 0;)
            {
                encoder_layer_backward_trace b =
                    detail::encoder_layer_backward_from(f.layers[l], grad_x);
                accumulate_layer(grads.layers[l], b);
                grad_x = std::move(b.grad_input);
            }

            // pass 3: into the embedding. A token's row collects the gradient of every position
            // that holds it (a scatter-add); the sinusoidal encoding has nothing to learn.
            const std::size_t d = cols(grad_x);
            for (std::size_t i = 0; i < rows(grad_x); ++i)
            {
                for (std::size_t j = 0; j < d; ++j)
                {
                    if (run.task == task_kind::iris)
                    {
                        grads.embedding(i, j) += example.features[i] * grad_x(i, j);
                        grads.feature_bias(i, j) += grad_x(i, j);
                    }
                    else
                    {
                        grads.embedding(example.tokens[i], j) += grad_x(i, j);
                    }
                }
            }
        }
    } // namespace

    std::vector<parameter_view> view_parameters(task_kind task, model_parameters& p)
    {
        const bool iris = task == task_kind::iris;
        std::vector<parameter_view> out;
        add_view(out, iris ? "features.w" : "embedding", p.embedding);
        add_view(out, "features.b", p.feature_bias);
        for (std::size_t l = 0; l < p.layers.size(); ++l)
        {
            encoder_layer_params& layer = p.layers[l];
            const std::string at = "layer" + std::to_string(l) + ".";
            add_view(out, at + "attention.wQ", *layer.attention.w_q);
            add_view(out, at + "attention.bQ", *layer.attention.b_q);
            add_view(out, at + "attention.wK", *layer.attention.w_k);
            add_view(out, at + "attention.bK", *layer.attention.b_k);
            add_view(out, at + "attention.wV", *layer.attention.w_v);
            add_view(out, at + "attention.bV", *layer.attention.b_v);
            add_view(out, at + "attention.wO", *layer.attention.w_o);
            add_view(out, at + "attention.bO", *layer.attention.b_o);
            add_view(out, at + "norm1.gamma", *layer.gamma1);
            add_view(out, at + "norm1.beta", *layer.beta1);
            add_view(out, at + "feedForward.w1", *layer.w1);
            add_view(out, at + "feedForward.b1", *layer.b1);
            add_view(out, at + "feedForward.w2", *layer.w2);
            add_view(out, at + "feedForward.b2", *layer.b2);
            add_view(out, at + "norm2.gamma", *layer.gamma2);
            add_view(out, at + "norm2.beta", *layer.beta2);
        }
        add_view(out, iris ? "classifier.w1" : "head.w", p.head_w1);
        add_view(out, iris ? "classifier.b1" : "head.b", p.head_b1);
        add_view(out, "classifier.w2", p.head_w2);
        add_view(out, "classifier.b2", p.head_b2);
        return out;
    }

    model_parameters initial_parameters(const trainer_config& config, task_kind task)
    {
        const std::size_t d = config.d_model, d_ff = config.d_ff;
        const bool iris = task == task_kind::iris;
        const auto zeros = [](std::size_t r, std::size_t c) { return matrix(xt::zeros<double>({r, c})); };
        const auto zero_vector = [](std::size_t n) { return vector(xt::zeros<double>({n})); };

        // Shapes first (all zero), then each tensor is drawn from its own stream.
        model_parameters p;
        p.embedding = zeros(iris ? iris_features : config.vocabulary, d);
        p.feature_bias = iris ? zeros(iris_features, d) : matrix{};
        for (std::size_t l = 0; l < config.layers; ++l)
        {
            encoder_layer_params layer;
            for (auto* w : {&layer.attention.w_q, &layer.attention.w_k, &layer.attention.w_v,
                            &layer.attention.w_o})
            {
                *w = zeros(d, d);
            }
            for (auto* b : {&layer.attention.b_q, &layer.attention.b_k, &layer.attention.b_v,
                            &layer.attention.b_o, &layer.b2, &layer.beta1, &layer.beta2})
            {
                *b = zero_vector(d);
            }
            layer.gamma1 = vector(xt::ones<double>({d}));
            layer.gamma2 = vector(xt::ones<double>({d}));
            layer.w1 = zeros(d, d_ff);
            layer.b1 = zero_vector(d_ff);
            layer.w2 = zeros(d_ff, d);
            p.layers.push_back(std::move(layer));
        }
        p.head_w1 = zeros(d, iris ? d / 2 : config.vocabulary);
        p.head_b1 = zero_vector(iris ? d / 2 : config.vocabulary);
        if (iris)
        {
            p.head_w2 = zeros(d / 2, iris_classes);
            p.head_b2 = zero_vector(iris_classes);
        }

        const std::vector<parameter_view> views = view_parameters(task, p);
        for (std::size_t k = 0; k < views.size(); ++k)
        {
            const parameter_view& v = views[k];
            const std::uint64_t state = stream_state(
                config.seed, static_cast<std::uint64_t>(training_stream::parameters) + k);
            const bool drawn_normal = k == 0 || v.name == "features.b";
            if (drawn_normal)
            {
                normal_stream stream(state);
                for (std::size_t i = 0; i < v.rows * v.cols; ++i)
                {
                    v.data[i] = stream.next();
                }
            }
            else if (!v.is_vector)
            {
                splitmix64 generator(state);
                const double limit = std::sqrt(6.0 / static_cast<double>(v.rows + v.cols));
                for (std::size_t i = 0; i < v.rows * v.cols; ++i)
                {
                    v.data[i] = (2.0 * generator.uniform() - 1.0) * limit;
                }
            }
        }
        return p;
    }

    void set_zero(model_parameters& p)
    {
        // view_parameters needs a task only for names; every tensor is listed either way.
        for (const parameter_view& v : view_parameters(task_kind::reverse, p))
        {
            std::fill(v.data, v.data + v.rows * v.cols, 0.0);
        }
    }

    model_parameters zero_like(const model_parameters& p)
    {
        model_parameters zero = p;
        set_zero(zero);
        return zero;
    }

    model_parameters without_head(const model_parameters& p, std::size_t layer, std::size_t head,
                                  std::size_t heads)
    {
        model_parameters out = p;
        matrix& w_o = *out.layers[layer].attention.w_o;
        const std::size_t d_k = rows(w_o) / heads;
        for (std::size_t i = head * d_k; i < (head + 1) * d_k; ++i)
        {
            xt::row(w_o, i) = 0.0;
        }
        return out;
    }

    model_forward forward(const model_parameters& p, const model_run& run,
                          const task_example& example, std::uint32_t dropout_seed)
    {
        // Shape contract: example of n tokens (iris: 4 features) → input and every layer's
        // output (n × d_model) → logits (n × vocabulary; iris 1 × 3).
        model_forward f;
        const std::size_t d = cols(p.embedding);
        // pass 1: the tokens as rows of the model's width.
        if (run.task == task_kind::iris)
        {
            f.input = xt::empty<double>({iris_features, d});
            for (std::size_t i = 0; i < iris_features; ++i)
            {
                for (std::size_t j = 0; j < d; ++j)
                {
                    f.input(i, j) = example.features[i] * p.embedding(i, j) + p.feature_bias(i, j);
                }
            }
        }
        else
        {
            f.input = gather_rows(p.embedding, example.tokens) + run.positions;
        }

        // pass 2: the encoder layers, each reading the previous one's output.
        encoder_layer_options options;
        options.heads = run.heads;
        options.act = activation::relu;
        if (task_is_causal(run.task))
        {
            options.attention.mask = attention_mask::causal();
        }
        options.attention.dropout = run.dropout;
        f.layers.reserve(p.layers.size());
        for (std::size_t l = 0; l < p.layers.size(); ++l)
        {
            options.attention.dropout_seed = dropout_seed + static_cast<std::uint32_t>(l);
            const matrix& x = l == 0 ? f.input : f.layers[l - 1].output;
            f.layers.push_back(encoder_layer(x, p.layers[l], options));
        }
        const matrix& last = f.layers.back().output;

        // pass 3: the head, per position or on the mean of the rows.
        if (run.task == task_kind::iris)
        {
            f.pooled = ones_row_mean(last);
            f.classifier = detail::feed_forward_unchecked(f.pooled, p.head_w1, p.head_b1,
                                                          p.head_w2, p.head_b2, activation::relu);
            f.logits = f.classifier.output;
        }
        else
        {
            f.logits = linear(last, p.head_w1, p.head_b1);
        }
        return f;
    }

    scored_logits collect_scored(const std::vector<model_forward>& passes,
                                 const std::vector<task_example>& examples)
    {
        std::size_t count = 0;
        for (const task_example& e : examples)
        {
            for (const bool s : e.scored)
            {
                count += s ? 1 : 0;
            }
        }
        const std::size_t classes = cols(passes.front().logits);
        scored_logits out;
        out.logits = xt::empty<double>({count, classes});
        out.targets = xt::empty<double>({count});
        std::size_t r = 0;
        for (std::size_t e = 0; e < examples.size(); ++e)
        {
            for (std::size_t i = 0; i < examples[e].scored.size(); ++i)
            {
                if (!examples[e].scored[i])
                {
                    continue;
                }
                xt::row(out.logits, r) = xt::row(passes[e].logits, i);
                out.targets(r) = static_cast<double>(examples[e].targets[i]);
                out.origin.emplace_back(e, i);
                ++r;
            }
        }
        return out;
    }

    mean_loss mean_cross_entropy(const matrix& logits, const vector& targets)
    {
        const std::size_t total = rows(logits);
        mean_loss out;
        out.grad_logits = xt::empty<double>(logits.shape());
        for (std::size_t first = 0; first < total; first += max_dimension)
        {
            const std::size_t count = std::min(max_dimension, total - first);
            const matrix chunk_logits = xt::view(logits, xt::range(first, first + count), xt::all());
            const vector chunk_targets = xt::view(targets, xt::range(first, first + count));
            const cross_entropy_trace t = cross_entropy(chunk_logits, chunk_targets);
            if (count == total)
            {
                out.loss = t.loss;
                out.grad_logits = t.grad_logits;
                break;
            }
            const double share = static_cast<double>(count) / static_cast<double>(total);
            out.loss += t.loss * share;
            xt::view(out.grad_logits, xt::range(first, first + count), xt::all()) =
                t.grad_logits * share;
        }
        return out;
    }

    double loss_and_gradients(const model_parameters& p, const model_run& run,
                              const std::vector<task_example>& batch, model_parameters& grads,
                              std::uint64_t dropout_state)
    {
        // pass 1: every example forward, keeping its trace.
        splitmix64 dropout_seeds(dropout_state);
        std::vector<model_forward> passes;
        passes.reserve(batch.size());
        for (const task_example& example : batch)
        {
            const auto seed = run.dropout > 0 ? static_cast<std::uint32_t>(dropout_seeds.next() >> 32) : 0;
            passes.push_back(forward(p, run, example, seed));
        }
        // pass 2: one cross-entropy over all scored positions of the batch, so the loss is
        // their mean (each position weighs the same, whichever example it is in).
        const scored_logits scored = collect_scored(passes, batch);
        const mean_loss loss = mean_cross_entropy(scored.logits, scored.targets);

        // pass 3: each example's share of ∂loss/∂logits (zero rows where unscored), backward.
        set_zero(grads);
        std::vector<matrix> grad_logits;
        grad_logits.reserve(batch.size());
        for (const model_forward& f : passes)
        {
            grad_logits.emplace_back(xt::zeros<double>(f.logits.shape()));
        }
        for (std::size_t r = 0; r < scored.origin.size(); ++r)
        {
            const auto [e, i] = scored.origin[r];
            xt::row(grad_logits[e], i) = xt::row(loss.grad_logits, r);
        }
        for (std::size_t e = 0; e < batch.size(); ++e)
        {
            backward(p, run, batch[e], passes[e], grad_logits[e], grads);
        }
        return loss.loss;
    }
} // namespace attn
