#ifndef ATTN_BINDINGS_CONVERT_HPP
#define ATTN_BINDINGS_CONVERT_HPP

// JS ↔ C++ conversion for the bindings. The JavaScript façade (web/lib/) has already checked
// the structure of every argument (arrays, numbers, rectangular rows) and flattened each matrix
// to { rows, cols, data: Float64Array }; here each crosses the boundary in one bulk copy, and
// the core checks the values and shapes.

#include <optional>
#include <string>
#include <vector>

#include <emscripten/val.h>

#include "attn/attn.hpp"

namespace attn::bindings
{
    using emscripten::val;

    // ---- reading a request ----
    matrix read_matrix(const val& request, const std::string& name);
    std::optional<matrix> read_optional_matrix(const val& request, const std::string& name);
    vector read_vector(const val& request, const std::string& name);
    std::optional<vector> read_optional_vector(const val& request, const std::string& name);
    std::vector<std::string> read_strings(const val& request, const std::string& name);
    double read_number(const val& request, const std::string& name, double fallback);
    bool read_bool(const val& request, const std::string& name, bool fallback);
    attention_options read_attention_options(const val& request);
    multi_head_params read_multi_head_params(const val& request);
    encoder_layer_params read_encoder_layer_params(const val& request);

    // ---- writing a result ----
    val write(const matrix& m);
    val write(const vector& v);
    val write(const std::vector<std::size_t>& indices);
    val write(const std::vector<std::string>& strings);
    val write(const softmax_trace& t, bool with_weights);
    val write(const attention_trace& t);
    val write(const multi_head_trace& t);
    val write(const layer_norm_trace& t);
    val write(const feed_forward_trace& t);
    val write(const encoder_layer_trace& t);
    val write(const entropy_trace& t);
    val write(const token_embedding_trace& t);
    val write(const positional_addition_trace& t);
    val write(const position_similarity_trace& t);
    val write(const scaling_experiment_trace& t);
    val write(const softmax_jacobian_trace& t);
    val write(const attention_explanation& e);
    val write(const permutation_test_trace& t);
} // namespace attn::bindings

#endif
