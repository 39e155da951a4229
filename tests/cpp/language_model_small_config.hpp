#ifndef ATTN_TESTS_LANGUAGE_MODEL_SMALL_CONFIG_HPP
#define ATTN_TESTS_LANGUAGE_MODEL_SMALL_CONFIG_HPP

// The small model the language model's tests use where no fixture is needed, apart from
// language_model_fixture.hpp so that a test can have it without the golden fixtures' reader.

#include "attn/language_model.hpp"

namespace language_model_fixture
{
    /// A small model for the cases that need no fixture: 2 layers, vocab 7, d_model 4.
    inline attn::language_model_config small_config(bool tied)
    {
        attn::language_model_config c;
        c.vocab = 7;
        c.d_model = 4;
        c.heads = 2;
        c.kv_heads = 1;
        c.layers = 2;
        c.d_ff = 6;
        c.context = 12;
        c.tied = tied;
        return c;
    }
} // namespace language_model_fixture

#endif
