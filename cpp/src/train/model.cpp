// The model's forward pass, its loss and its backward pass; its parameters are set up in
// model_parameters.cpp.
#include "attn/train/model.hpp"

#include <algorithm>
#include <cmath>

#include "attn/cross_entropy.hpp"
#include "attn/encoder_layer_backward.hpp"
#include "attn/error.hpp"
#include "attn/feed_forward_backward.hpp"
#include "attn/multi_head_attention_backward.hpp"

namespace attn
{
    namespace
    {
        /// (B × d): the mean of each of the B examples' rows, summed in row order.
        matrix row_means(const matrix& x, std::size_t batch)
        {
            const std::size_t n = rows(x) / batch, d = cols(x);
            matrix mean = xt::zeros<double>({batch, d});
            for (std::size_t r = 0; r < rows(x); ++r)
            {
                for (std::size_t j = 0; j < d; ++j)
                {
                    mean(r / n, j) += x(r, j);
                }
            }
            for (double& m : mean)
            {
                m /= static_cast<double>(n);
            }
            return mean;
        }

        /// into += gradient, in place: xtensor's own += evaluates into a temporary and moves
        /// it in, which would move the storage the optimizer points at.
        template <class Tensor> void add_to(Tensor& into, const Tensor& gradient)
        {
            double* out = into.data();
            const double* in = gradient.data();
            for (std::size_t i = 0; i < into.size(); ++i)
            {
                out[i] += in[i];
            }
        }

        template <class Tensor> void accumulate(std::optional<Tensor>& into, const Tensor& gradient)
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

        /// The batch's backward pass from ∂loss/∂logits (stacked as the forward's), its
        /// gradients added into `grads`. Each parameter's gradient sums per example, then over
        /// the examples in order (sequence_sums.hpp): the bits of running them one at a time.
        void backward(const model_parameters& p, const model_run& run,
                      const std::vector<task_example>& examples, const model_forward& f,
                      const matrix& grad_logits, model_parameters& grads)
        {
            const std::size_t batch = examples.size();
            const std::size_t n = rows(f.input) / batch, d = cols(f.input);
            // pass 1: through the head to the last layer's output (B·n × d_model).
            matrix grad_x;
            if (run.task == task_kind::iris)
            {
                const feed_forward_backward_trace head =
                    detail::feed_forward_backward_from(f.pooled, p.head_w1, p.head_w2,
                                                       f.classifier, activation::relu,
                                                       grad_logits, batch);
                add_to(grads.head_w1, head.grad_w1);
                add_to(grads.head_b1, head.grad_b1);
                add_to(grads.head_w2, head.grad_w2);
                add_to(grads.head_b2, head.grad_b2);
                // The mean over an example's rows hands each row a 1/n share of its pooled
                // gradient.
                grad_x = xt::empty<double>({batch * n, d});
                for (std::size_t r = 0; r < batch * n; ++r)
                {
                    for (std::size_t j = 0; j < d; ++j)
                    {
                        grad_x(r, j) = head.grad_input(r / n, j) / static_cast<double>(n);
                    }
                }
            }
            else
            {
                const matrix& last = f.layers.back().output;
                detail::linear_gradients head =
                    detail::linear_backward(last, p.head_w1, true, grad_logits, batch);
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
            for (std::size_t r = 0; r < rows(grad_x); ++r)
            {
                const task_example& example = examples[r / n];
                const std::size_t i = r % n;
                for (std::size_t j = 0; j < d; ++j)
                {
                    if (run.task == task_kind::iris)
                    {
                        grads.embedding(i, j) += example.features[i] * grad_x(r, j);
                        grads.feature_bias(i, j) += grad_x(r, j);
                    }
                    else
                    {
                        grads.embedding(example.tokens[i], j) += grad_x(r, j);
                    }
                }
            }
        }
    } // namespace

    model_forward forward(const model_parameters& p, const model_run& run,
                          const std::vector<task_example>& examples,
                          const std::vector<std::uint32_t>& dropout_seeds)
    {
        // Shape contract: B examples of n tokens (iris: 4 features) → input and every layer's
        // output (B·n × d_model), the examples' rows one after another → logits (B·n ×
        // vocabulary; iris B × 3).
        model_forward f;
        const std::size_t batch = examples.size(), d = cols(p.embedding);
        // pass 1: the tokens as rows of the model's width.
        if (run.task == task_kind::iris)
        {
            f.input = xt::empty<double>({batch * iris_features, d});
            for (std::size_t r = 0; r < batch * iris_features; ++r)
            {
                const std::size_t i = r % iris_features;
                for (std::size_t j = 0; j < d; ++j)
                {
                    f.input(r, j) = examples[r / iris_features].features[i] * p.embedding(i, j) +
                                    p.feature_bias(i, j);
                }
            }
        }
        else
        {
            std::vector<std::size_t> tokens;
            for (const task_example& example : examples)
            {
                tokens.insert(tokens.end(), example.tokens.begin(), example.tokens.end());
            }
            f.input = gather_rows(p.embedding, tokens);
            const std::size_t n = rows(run.positions);
            for (std::size_t r = 0; r < rows(f.input); ++r)
            {
                for (std::size_t j = 0; j < d; ++j)
                {
                    f.input(r, j) += run.positions(r % n, j);
                }
            }
        }

        // pass 2: the encoder layers, each reading the previous one's output; the examples
        // are stacked sequences, each attending only over itself.
        encoder_layer_options options;
        options.heads = run.heads;
        options.act = activation::relu;
        options.sequences = batch;
        if (task_is_causal(run.task))
        {
            options.attention.mask = attention_mask::causal();
        }
        options.attention.dropout = run.dropout;
        f.layers.reserve(p.layers.size());
        for (std::size_t l = 0; l < p.layers.size(); ++l)
        {
            options.dropout_seeds.clear();
            for (const std::uint32_t seed : dropout_seeds)
            {
                options.dropout_seeds.push_back(seed + static_cast<std::uint32_t>(l));
            }
            const matrix& x = l == 0 ? f.input : f.layers[l - 1].output;
            f.layers.push_back(encoder_layer(x, p.layers[l], options));
        }
        const matrix& last = f.layers.back().output;

        // pass 3: the head, per position or on the mean of each example's rows.
        if (run.task == task_kind::iris)
        {
            f.pooled = row_means(last, batch);
            f.classifier = detail::feed_forward_unchecked(f.pooled, p.head_w1, p.head_b1, p.head_w2,
                                                          p.head_b2, activation::relu);
            f.logits = f.classifier.output;
        }
        else
        {
            f.logits = linear(last, p.head_w1, p.head_b1);
        }
        return f;
    }

    model_forward forward(const model_parameters& p, const model_run& run,
                          const task_example& example)
    {
        return forward(p, run, std::vector<task_example>{example}, {});
    }

    scored_logits collect_scored(const matrix& logits, const std::vector<task_example>& examples)
    {
        std::size_t count = 0;
        for (const task_example& e : examples)
        {
            for (const bool s : e.scored)
            {
                count += s ? 1 : 0;
            }
        }
        const std::size_t classes = cols(logits), per_example = rows(logits) / examples.size();
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
                const std::size_t row = e * per_example + i;
                std::copy_n(logits.data() + row * classes, classes,
                            out.logits.data() + r * classes);
                out.targets(r) = static_cast<double>(examples[e].targets[i]);
                out.origin.push_back(row);
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
            const matrix chunk_logits =
                xt::view(logits, xt::range(first, first + count), xt::all());
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
        // pass 1: the batch forward, stacked, keeping its trace.
        splitmix64 dropout_seeds(dropout_state);
        std::vector<std::uint32_t> seeds;
        if (run.dropout > 0)
        {
            for (std::size_t e = 0; e < batch.size(); ++e)
            {
                seeds.push_back(static_cast<std::uint32_t>(dropout_seeds.next() >> 32));
            }
        }
        const model_forward f = forward(p, run, batch, seeds);
        // pass 2: one cross-entropy over all scored positions of the batch, so the loss is
        // their mean (each position weighs the same, whichever example it is in).
        const scored_logits scored = collect_scored(f.logits, batch);
        const mean_loss loss = mean_cross_entropy(scored.logits, scored.targets);

        // pass 3: ∂loss/∂logits in the forward's rows (zero where unscored), backward.
        set_zero(grads);
        matrix grad_logits = xt::zeros<double>(f.logits.shape());
        const std::size_t classes = cols(f.logits);
        for (std::size_t r = 0; r < scored.origin.size(); ++r)
        {
            std::copy_n(loss.grad_logits.data() + r * classes, classes,
                        grad_logits.data() + scored.origin[r] * classes);
        }
        backward(p, run, batch, f, grad_logits, grads);
        return loss.loss;
    }
} // namespace attn
