#ifndef ATTN_ATTN_HPP
#define ATTN_ATTN_HPP

/// @file attn.hpp
/// @brief Everything the engine offers, in one include.

#include "attn/attention.hpp"
#include "attn/attention_backward.hpp"
#include "attn/cross_entropy.hpp"
#include "attn/encoder_layer.hpp"
#include "attn/encoder_layer_backward.hpp"
#include "attn/entropy.hpp"
#include "attn/error.hpp"
#include "attn/explain.hpp"
#include "attn/explain_backward.hpp"
#include "attn/explain_layers.hpp"
#include "attn/feed_forward.hpp"
#include "attn/feed_forward_backward.hpp"
#include "attn/layer_norm.hpp"
#include "attn/layer_norm_backward.hpp"
#include "attn/mask.hpp"
#include "attn/matrix.hpp"
#include "attn/multi_head_attention.hpp"
#include "attn/multi_head_attention_backward.hpp"
#include "attn/permutation_test.hpp"
#include "attn/positional_encoding.hpp"
#include "attn/random.hpp"
#include "attn/random_matrix.hpp"
#include "attn/scaling_experiment.hpp"
#include "attn/softmax.hpp"
#include "attn/softmax_jacobian.hpp"
#include "attn/token_embedding.hpp"
// Issue 11: linear and sparse attention, the recurrent network.
#include "attn/linear_attention.hpp"
#include "attn/rnn.hpp"
#include "attn/sparse_attention.hpp"
#include "attn/kv_cache.hpp"
#include "attn/measure_cost.hpp"
#include "attn/diagnose.hpp"

#include "attn/matrix_difference.hpp"
// issue 11: the scale operations
#include "attn/chunked_attention.hpp"
#include "attn/flash_attention.hpp"
#include "attn/precision.hpp"

#endif
