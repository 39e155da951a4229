#ifndef ATTN_DESCRIBE_SOFTMAX_JACOBIAN_HPP
#define ATTN_DESCRIBE_SOFTMAX_JACOBIAN_HPP

#include "attn/describe/argument.hpp"
#include "attn/describe/fields.hpp"
#include "attn/softmax_jacobian.hpp"

namespace attn::describe
{
    template <> struct fields_of<softmax_jacobian_trace>
    {
        static constexpr const char* type_name = "SoftmaxJacobianTrace";
        template <class V> static void visit(const softmax_jacobian_trace& t, V& v)
        {
            v.field("weights", t.weights, "pass 1: p = softmax(logits)");
            v.field("jacobian", t.jacobian, "pass 2: J[i][j] = p_i·(δ_ij − p_j)");
            v.field("frobeniusNorm", t.frobenius_norm, "√Σ J[i][j]²");
        }
    };

    struct softmax_jacobian_operation
    {
        static constexpr const char* name = "softmaxJacobian";
        static constexpr const char* title = "Softmax gradient";
        static constexpr bool lite = true;
        static constexpr argument logits =
            matrix_argument("logits", "1 × m", "one row of finite numbers or −∞");
        static constexpr argument arguments[] = {logits};

        template <class In> static softmax_jacobian_trace run(In& in)
        {
            return softmax_jacobian(in.matrix(logits));
        }
    };
} // namespace attn::describe

#endif
