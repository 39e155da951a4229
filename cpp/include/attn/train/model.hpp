#ifndef ATTN_TRAIN_MODEL_HPP
#define ATTN_TRAIN_MODEL_HPP

/**
 * @file model.hpp
 * @brief The trainer's transformer: its parameters, its forward pass (built from the engine's
 * traced `encoder_layer`, a batch's examples stacked as independent sequences) and the loss
 * and gradients of a batch.
 *
 * Toy tasks: x = E[tokens] + PE (sinusoidal) → encoder layers → logits = x·W + b per position.
 * Iris: token f = value_f·w_f + b_f (w_f, b_f learned rows per feature: the per-feature bias
 * plays the part of a learned feature-position embedding, so no sinusoidal encoding is added)
 * → encoder layers → mean over the four rows → Linear → ReLU → Linear (seed 003's
 * classifier, without its dropout) → three class logits.
 */

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "attn/encoder_layer.hpp"
#include "attn/matrix.hpp"
#include "attn/train/tasks.hpp"
#include "attn/train/trainer.hpp"

namespace attn
{
    /// Every learned tensor. The same struct holds the gradients, with the same shapes.
    struct model_parameters
    {
        matrix embedding;    ///< toy: (vocabulary × d_model); iris: w_f (4 × d_model)
        matrix feature_bias; ///< iris: b_f (4 × d_model); toy: empty
        /// Every member engaged (biases included), so each can be viewed flat.
        std::vector<encoder_layer_params> layers;
        matrix head_w1; ///< toy: W (d_model × vocabulary); iris: (d_model × d_model/2)
        vector head_b1; ///< toy: b (vocabulary); iris: (d_model/2)
        matrix head_w2; ///< iris: (d_model/2 × 3); toy: empty
        vector head_b2; ///< iris: (3); toy: empty
    };

    /// A view of one tensor of model_parameters, for naming, initialising and the optimizer.
    struct parameter_view
    {
        std::string name; ///< "embedding", "layer0.attention.wQ", "head.w", …
        double* data;
        std::size_t rows, cols; ///< a vector is 1 × length
        bool is_vector;
    };

    /// Every non-empty tensor of `p`, in a fixed order, named for the task.
    std::vector<parameter_view> view_parameters(task_kind task, model_parameters& p);

    /// Parameters of the configured shapes: weight matrices by Xavier uniform, the embedding
    /// and iris's feature rows N(0, 1) (as torch.nn.Embedding), biases and β zero, γ one. Each
    /// tensor k in view order draws from its own stream (training_stream::parameters + k).
    model_parameters initial_parameters(const trainer_config& config, task_kind task);

    /// The same shapes, all zero (a gradient accumulator).
    model_parameters zero_like(const model_parameters& p);

    /// Every tensor of `p` set to zero in place (its storage, which the optimizer points at,
    /// stays where it is).
    void set_zero(model_parameters& p);

    /// B examples through the model, every intermediate kept for the backward pass. Each
    /// matrix stacks the examples' rows one after another (example e's n rows from e·n).
    struct model_forward
    {
        matrix input;                            ///< (B·n × d_model) the first layer's input
        std::vector<encoder_layer_trace> layers; ///< one per layer, B sequences each
        matrix pooled;                           ///< iris: (B × d_model) mean of each's rows
        feed_forward_trace classifier;           ///< iris: the classifier's passes
        matrix logits;                           ///< toy: (B·n × vocabulary); iris: (B × 3)
    };

    /// How a forward pass runs: the task (which embedding, head and mask), heads, and the
    /// sinusoidal encoding of the toy tasks' positions, computed once.
    struct model_run
    {
        task_kind task = task_kind::reverse;
        std::size_t heads = 1;
        matrix positions;   ///< toy: (length × d_model) positional_encoding; iris: empty
        double dropout = 0; ///< attention dropout: the option in training, 0 at evaluation
    };

    /// A copy of `p` whose layer `layer` has head `head`'s output zeroed before W_O: the rows
    /// head·d_k … (head+1)·d_k − 1 of W_O, which are all that head's output is multiplied by, are
    /// set to zero (b_O stays).
    model_parameters without_head(const model_parameters& p, std::size_t layer, std::size_t head,
                                  std::size_t heads);

    /// The forward pass of a batch, its examples stacked. Under dropout (dropout_seeds one per
    /// example, else empty), example e's layer l draws its masks from dropout_seeds[e] + l
    /// (encoder_layer_options::dropout_seeds). The same bits as one example at a time: every
    /// pass but attention works row by row, and attention stays inside each example.
    model_forward forward(const model_parameters& p, const model_run& run,
                          const std::vector<task_example>& examples,
                          const std::vector<std::uint32_t>& dropout_seeds);

    /// The forward pass of one example, without dropout.
    model_forward forward(const model_parameters& p, const model_run& run,
                          const task_example& example);

    /// Scored logits of a set of examples, stacked, with their targets.
    struct scored_logits
    {
        matrix logits;  ///< (S × classes)
        vector targets; ///< (S) class indices
        /// For each scored row: its row in the forward's logits.
        std::vector<std::size_t> origin;
    };

    /// The mean cross-entropy of any number of rows and its gradient. The engine's kernel takes
    /// at most max_dimension rows, so larger sets (the held-out 3,000 positions, big batches)
    /// go through it in chunks that are then weighted by their share of the rows; a set that
    /// fits is one plain call.
    struct mean_loss
    {
        double loss = 0;
        matrix grad_logits; ///< (S × classes)
    };
    mean_loss mean_cross_entropy(const matrix& logits, const vector& targets);

    /// The scored rows of a forward pass's logits (examples' rows stacked) and their targets.
    scored_logits collect_scored(const matrix& logits, const std::vector<task_example>& examples);

    /**
     * @brief The mean cross-entropy of a batch and its gradient with respect to every
     * parameter, written into `grads` in place (zeroed first; shaped as zero_like(p)).
     * @param dropout_state under dropout, each example's dropout seed is the top 32 bits of the
     * next draw of splitmix64(dropout_state), so the same state gives the same masks
     * @return the loss
     * @throws attention_error when a forward value overflows (the caller treats it as divergence)
     */
    double loss_and_gradients(const model_parameters& p, const model_run& run,
                              const std::vector<task_example>& batch, model_parameters& grads,
                              std::uint64_t dropout_state = 0);
} // namespace attn

#endif
