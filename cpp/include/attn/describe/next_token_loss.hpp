#ifndef ATTN_DESCRIBE_NEXT_TOKEN_LOSS_HPP
#define ATTN_DESCRIBE_NEXT_TOKEN_LOSS_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/next_token_loss.hpp"

namespace attn::describe
{
    template <> struct fields_of<next_token_loss_trace>
    {
        static constexpr const char* type_name = "NextTokenLossTrace";
        template <class V> static void visit(const next_token_loss_trace& t, V& v)
        {
            v.field("logits", t.logits, "pass 1: hidden·unembeddingᵀ, one column per token");
            v.field("logSumExp", t.log_sum_exp,
                    "pass 2: per row, rowMax + ln Σ exp(logits − rowMax)");
            v.field("logProbabilities", t.log_probabilities, "pass 3: logits − logSumExp");
            v.field("probabilities", t.probabilities,
                    "pass 3: exp(logProbabilities), each row summing to 1");
            v.field("losses", t.losses, "pass 4: −logProbabilities[i][targets[i]]");
            v.field("loss", t.loss, "pass 5: the mean of losses");
        }
    };

    template <> struct fields_of<next_token_loss_backward_trace>
    {
        static constexpr const char* type_name = "NextTokenLossBackwardTrace";
        template <class V> static void visit(const next_token_loss_backward_trace& t, V& v)
        {
            v.field("gradLogits", t.grad_logits,
                    "pass 1: ∂loss/∂logits = (probabilities − onehot(targets)) / n");
            v.field("gradHidden", t.grad_hidden, "pass 2: gradLogits·unembedding");
            v.field("gradUnembedding", t.grad_unembedding,
                    "pass 3: gradLogitsᵀ·hidden; a tied model adds embeddingLookupBackward's "
                    "gradEmbedding to it, the two gradients of its one matrix");
        }
    };

    struct next_token_loss_operation
    {
        static constexpr const char* name = "nextTokenLoss";
        static constexpr const char* title = "Next-token loss (unembedding, log-softmax, cross-entropy)";
        static constexpr argument hidden = matrix_argument(
            "hidden", "n × dModel", "the last hidden state of each position, after the final norm");
        static constexpr argument unembedding = matrix_argument(
            "unembedding", "vocab × dModel",
            "one row per token of the vocabulary, the embedding's shape (a tied model passes its "
            "embedding)");
        static constexpr argument targets = indices_argument(
            "targets", "n", "the token each row should predict, a whole number from 0 to vocab − 1");
        static constexpr argument arguments[] = {hidden, unembedding, targets};

        template <class In> static next_token_loss_trace run(In& in)
        {
            const matrix h = in.matrix(hidden);
            const matrix u = in.matrix(unembedding);
            return next_token_loss(h, u, in.vector(targets));
        }
    };

    /// The forward's arguments: the loss is the end of the graph, so no gradOutput.
    struct next_token_loss_backward_operation
    {
        static constexpr const char* name = "nextTokenLossBackward";
        static constexpr const char* title = "Next-token loss, backward";
        static constexpr argument arguments[] = {next_token_loss_operation::hidden,
                                                 next_token_loss_operation::unembedding,
                                                 next_token_loss_operation::targets};

        template <class In> static next_token_loss_backward_trace run(In& in)
        {
            const matrix h = in.matrix(next_token_loss_operation::hidden);
            const matrix u = in.matrix(next_token_loss_operation::unembedding);
            return next_token_loss_backward(h, u, in.vector(next_token_loss_operation::targets));
        }
    };
} // namespace attn::describe

#endif
