#ifndef ATTN_TRAIN_TASKS_HPP
#define ATTN_TRAIN_TASKS_HPP

/**
 * @file tasks.hpp
 * @brief The trainer's tasks: their examples, drawn from the engine's seeded generator, their
 * fixed probe example, and the attention pattern a head that solved the task would show.
 *
 * Toy tasks work on sequences of `length` symbols 0 … vocabulary − 1:
 * - reverse: output position i is input position n − 1 − i. Every position is scored.
 * - sort: the output is the input sorted ascending (repeats kept). Every position is scored.
 * - induction (causal mask): a period h is drawn uniformly from 2 … ⌊n/2⌋, the first h symbols
 *   are distinct, and the sequence repeats them: x[i] = x[i mod h]. At position p the model
 *   predicts the next symbol x[p+1]. It is determined only once x[p] is a repeat, i.e. for
 *   h ≤ p ≤ n − 2: there x[p] occurred first at p − h (and maybe before), and the answer is the
 *   symbol that followed it. Only those positions are scored; the rest carry no loss. Because h
 *   varies, no fixed positional pattern solves it: the model must find the earlier occurrence of
 *   the current symbol (which takes two layers: a previous-symbol head, then the induction head).
 * - iris: the four standardised measurements of one flower; one class is scored.
 * - compare: at position i ≥ 1 the answer is 1 when the previous symbol x[i−1] is larger than the
 *   first symbol x[0], else 0 (position 0 has no previous symbol and is not scored). The answer
 *   needs two attention patterns, one on the previous position and one on the first, and no
 *   single head can serve both: a head's output is a positive mixture of the values it attends
 *   to, so it cannot tell which of two symbols it mixed is the larger one. One layer's heads
 *   have to divide the work.
 */

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "attn/matrix.hpp"
#include "attn/random.hpp"
#include "attn/train/iris.hpp"

namespace attn
{
    enum class task_kind
    {
        reverse,
        sort,
        induction,
        iris,
        compare
    };

    /// 'reverse', 'sort', 'induction', 'iris' or 'compare'; anything else throws naming "task".
    task_kind parse_task(const std::string& name);
    const char* task_name(task_kind task);
    /// Whether the task's model uses a causal mask (induction: predicting the next symbol).
    bool task_is_causal(task_kind task);

    /// The trainer's random streams (stream_state(seed, k)), numbered after the engine's
    /// parameter and input streams (0 … 7), so none of them shares numbers with another.
    enum class training_stream : std::uint64_t
    {
        batches = 16,    ///< the training examples, drawn batch after batch
        held_out = 17,   ///< the 500 held-out sequences
        iris_split = 18, ///< which flowers are held out
        dropout = 19,    ///< the attention-dropout seeds of each step
        probe = 20,      ///< the probe sequence, always with seed 0: the same for every seed
        parameters = 32  ///< parameter k of the model draws from stream 32 + k
    };

    /// Held-out sequences of a toy task. Drawn from their own stream, never from the training
    /// stream; they are not checked to be absent from it (with 10⁶ possible sequences of the
    /// default reverse task, a few repeats are expected and harmless for a learning curve).
    constexpr std::size_t held_out_sequences = 500;

    /// One example of a task.
    struct task_example
    {
        std::vector<std::size_t> tokens;              ///< toy: (n) symbols; iris: empty
        std::array<double, iris_features> features{}; ///< iris: standardised measurements
        std::vector<std::size_t> targets; ///< toy: (n) one per position; iris: (1) species
        std::vector<bool> scored;         ///< (as targets) whether each target counts
        std::size_t period = 0;           ///< induction: h
    };

    /// A fresh example of a toy task from `generator`.
    task_example draw_sequence(task_kind task, std::size_t length, std::size_t vocabulary,
                               splitmix64& generator);

    /// Iris row `row` of the table, standardised with the split's training statistics.
    task_example iris_example(const iris_split& split, std::size_t row);

    /// The iris probe: row 50, the first versicolor (7.0, 3.2, 4.7, 1.4 cm), chosen from the
    /// middle species, which is the one a classifier can confuse.
    constexpr std::size_t iris_probe_row = 50;

    /**
     * @brief The keys a head that solved the task attends to, per query of a toy example.
     *
     * reverse: key n − 1 − i; sort: every key holding the i-th smallest symbol; induction: every
     * key j ≤ p whose previous symbol x[j−1] equals x[p] (the symbol after an earlier occurrence
     * of the current one); compare: the first key and key i − 1, the keys of both its roles
     * together. Rows of unscored queries are zero; the other rows spread 1 evenly over their keys.
     * @return (n × n)
     */
    matrix ideal_attention(task_kind task, const task_example& example);

    /// One of the attention patterns a task's solution divides between its heads.
    struct attention_role
    {
        const char* name;    ///< e.g. "previous"
        const char* measure; ///< what a head's score for it measures, in words for the page
    };

    /// The roles of a task whose solution needs several attention patterns (compare: "previous",
    /// then "first"); empty for a task one pattern solves.
    std::vector<attention_role> task_roles(task_kind task);

    /**
     * @brief The keys a head in role `role` (an index into task_roles(task)) attends to, per
     * query: compare's "previous" key i − 1, its "first" key 0. Rows of unscored queries are zero.
     * @return (n × n)
     */
    matrix role_attention(task_kind task, std::size_t role, const task_example& example);
} // namespace attn

#endif
