#ifndef ATTN_DESCRIBE_MULTI_HEAD_ATTENTION_BACKWARD_HPP
#define ATTN_DESCRIBE_MULTI_HEAD_ATTENTION_BACKWARD_HPP

#include "attn/describe/attention_backward.hpp"
#include "attn/describe/multi_head_attention.hpp"
#include "attn/multi_head_attention_backward.hpp"

namespace attn::describe
{
    template <> struct fields_of<multi_head_backward_trace>
    {
        static constexpr const char* type_name = "MultiHeadAttentionBackwardTrace";
        template <class V> static void visit(const multi_head_backward_trace& t, V& v)
        {
            v.field("gradOutput", t.grad_output, "∂L/∂output, as given");
            v.field("gradWO", t.grad_w_o, "pass 1: concatᵀ·gradOutput");
            v.optional("gradBO", t.grad_b_o, t.grad_b_o.size() != 0,
                       "pass 1: Σ rows of gradOutput; only when bO was given");
            v.field("gradConcat", t.grad_concat, "pass 1: gradOutput·W_Oᵀ");
            v.field("heads", t.per_head, "pass 2: each head's attention backward");
            v.field("gradProjectedQuery", t.grad_projected_query,
                    "pass 3: the heads' gradQuery side by side");
            v.field("gradProjectedKey", t.grad_projected_key,
                    "pass 3: the heads' gradKey side by side");
            v.field("gradProjectedValue", t.grad_projected_value,
                    "pass 3: the heads' gradValue side by side");
            v.field("gradWQ", t.grad_w_q, "pass 4: queryᵀ·gradProjectedQuery");
            v.field("gradWK", t.grad_w_k, "pass 4: keyᵀ·gradProjectedKey");
            v.field("gradWV", t.grad_w_v, "pass 4: valueᵀ·gradProjectedValue");
            v.optional("gradBQ", t.grad_b_q, t.grad_b_q.size() != 0,
                       "pass 4: Σ rows of gradProjectedQuery; only when bQ was given");
            v.optional("gradBK", t.grad_b_k, t.grad_b_k.size() != 0,
                       "pass 4: Σ rows of gradProjectedKey; only when bK was given");
            v.optional("gradBV", t.grad_b_v, t.grad_b_v.size() != 0,
                       "pass 4: Σ rows of gradProjectedValue; only when bV was given");
            v.field("gradQuery", t.grad_query, "pass 4: gradProjectedQuery·W_Qᵀ");
            v.field("gradKey", t.grad_key, "pass 4: gradProjectedKey·W_Kᵀ");
            v.field("gradValue", t.grad_value, "pass 4: gradProjectedValue·W_Vᵀ");
        }
    };

    struct multi_head_attention_backward_operation
    {
        using forward = multi_head_attention_operation;
        static constexpr const char* name = "multiHeadAttentionBackward";
        static constexpr const char* title = "Backward pass of multi-head attention";
        static constexpr argument grad_output = matrix_argument(
            "gradOutput", "n × d_model", "∂L/∂output, the gradient arriving from above");
        static constexpr argument query = forward::query, key = forward::key,
                                  value = forward::value;
        static constexpr argument arguments[] = {
            query, key, value, heads, w_q,       w_k,     w_v,          w_o,  b_q,
            b_k,   b_v, b_o,   mask,  mask_fill, dropout, dropout_seed, seed, grad_output};

        static constexpr work_budget budget{
            1e10,
            "3·((2n + 2m)·d_model² + 2·n·m·d_model): the forward's projections and attention "
            "products, each with two in the backward",
            "Measured: n = m = d_model = 1024 (2 heads, the caps) took 17 s of CPU through the "
            "wasm build in Node, trace included, 1.1e9 multiply-adds a second: 1e10 is about "
            "9 s (node scripts/bench/work-budgets.mjs)."};

        template <class In> static work_estimate work(In& in)
        {
            const extent q = in.extent(query), k = in.extent(key);
            return {multi_head_attention_backward_work(double(q.rows), double(k.rows),
                                                       double(q.cols)),
                    query.name};
        }

        template <class In> static multi_head_backward_trace run(In& in)
        {
            const forward::request r = forward::read(in);
            return multi_head_attention_backward(r.query, r.key, r.value, r.params, r.options,
                                                 in.matrix(grad_output));
        }
    };
} // namespace attn::describe

#endif
