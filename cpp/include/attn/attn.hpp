#ifndef ATTN_ATTN_HPP
#define ATTN_ATTN_HPP

/// @file attn.hpp
/// @brief Everything the engine offers, in one include.

#include "attn/attention.hpp"
#include "attn/encoder_layer.hpp"
#include "attn/entropy.hpp"
#include "attn/error.hpp"
#include "attn/feed_forward.hpp"
#include "attn/layer_norm.hpp"
#include "attn/mask.hpp"
#include "attn/matrix.hpp"
#include "attn/multi_head_attention.hpp"
#include "attn/positional_encoding.hpp"
#include "attn/random.hpp"
#include "attn/softmax.hpp"

#endif
