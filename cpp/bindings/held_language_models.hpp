#ifndef ATTN_BINDINGS_HELD_LANGUAGE_MODELS_HPP
#define ATTN_BINDINGS_HELD_LANGUAGE_MODELS_HPP

// The language models JS holds by number (language_model_bindings.cpp): the handle table, the
// reading of a request's model config, and text to and from a model's token ids through its
// tokenizer: byte-level BPE merges (a model lab.createLanguageModel made) or a vocabulary of
// characters (the model file's, lab.loadLanguageModel).

#include <map>
#include <optional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <emscripten/val.h>

#include "attn/byte_pair_encoding.hpp"
#include "attn/character_tokenizer.hpp"
#include "attn/error.hpp"
#include "attn/language_model.hpp"
#include "attn/utf8.hpp"
#include "convert.hpp"

namespace attn::bindings::held_language_models
{
    using emscripten::val;

    /// How a model turns text into token ids: one kind, and what that kind reads.
    struct held_tokenizer
    {
        enum class kind
        {
            byte_pairs, ///< the text's UTF-8 bytes (tokens 0 … 255), then `merges` in order
            characters  ///< one token per character, token i standing for vocabulary[i]
        };
        kind how = kind::byte_pairs;
        std::vector<token_pair> merges;      ///< byte_pairs: vocab = 256 + merges
        std::vector<std::string> vocabulary; ///< characters: vocab = its size
    };

    /// A model and the tokenizer that turns text into its token ids.
    struct held_model
    {
        language_model_params params;
        held_tokenizer tokenizer;
    };

    inline std::map<double, std::unique_ptr<held_model>>& models()
    {
        static std::map<double, std::unique_ptr<held_model>> table;
        return table;
    }

    /// Handles count up from 1 and are never reused: a stale one finds nothing.
    inline double hold(std::unique_ptr<held_model> model)
    {
        static double next_handle = 0;
        next_handle += 1;
        models().emplace(next_handle, std::move(model));
        return next_handle;
    }

    inline held_model& find(double handle)
    {
        const auto found = models().find(handle);
        if (found == models().end())
        {
            detail::fail("model", "a language model that is not disposed", "a disposed one");
        }
        return *found->second;
    }

    /// record[name] as the façade left it: a number, or undefined when omitted.
    inline bool given(const val& record, const char* name)
    {
        return !record[name].isUndefined();
    }

    /// record[name] as a whole number from low to high, named `argument`; required.
    inline std::size_t whole(const val& record, const char* name, const std::string& argument,
                      double low, double high)
    {
        if (!given(record, name))
        {
            detail::fail(argument,
                         "a whole number from " + detail::format_number(low) + " to " +
                             detail::format_number(high),
                         "undefined");
        }
        return detail::check_integer(argument, record[name].as<double>(), low, high);
    }

    inline language_model_config read_config(const val& model, std::size_t merges)
    {
        language_model_config c;
        c.vocab = byte_tokens + merges;
        const double most = static_cast<double>(max_dimension);
        c.d_model = whole(model, "dModel", "model.dModel", 1, most);
        c.heads = whole(model, "heads", "model.heads", 1, most);
        c.kv_heads = given(model, "kvHeads") ? whole(model, "kvHeads", "model.kvHeads", 1, most)
                                             : c.heads;
        c.layers = whole(model, "layers", "model.layers", 1, most);
        c.d_ff = whole(model, "dFF", "model.dFF", 1, most);
        c.context = whole(model, "context", "model.context", 1, most);
        if (given(model, "ropeBase"))
        {
            c.rope_base = model["ropeBase"].as<double>();
        }
        if (given(model, "eps"))
        {
            c.eps = model["eps"].as<double>();
        }
        if (given(model, "tied"))
        {
            c.tied = model["tied"].as<bool>();
        }
        return c;
    }

    /// The text's token ids as the model reads them (the tokenizer's `tokens`); a character a
    /// character vocabulary lacks is refused, naming `text` and the character.
    inline std::vector<std::size_t> token_ids(const held_model& m, const std::string& text)
    {
        const held_tokenizer& t = m.tokenizer;
        return t.how == held_tokenizer::kind::characters
                   ? character_ids("text", text, t.vocabulary)
                   : tokenize_byte_pairs(text, t.merges).tokens;
    }

    /// token_ids as the model's functions take them.
    inline vector tokens_of(const held_model& m, const std::string& text)
    {
        const std::vector<std::size_t> ids = token_ids(m, text);
        vector out = xt::zeros<double>({ids.size()});
        for (std::size_t i = 0; i < ids.size(); ++i)
        {
            out(i) = static_cast<double>(ids[i]);
        }
        return out;
    }

    /// What one token spells; nullopt for a byte-pair token that is part of a character.
    inline std::optional<std::string> piece_of(const held_model& m, std::size_t token)
    {
        const held_tokenizer& t = m.tokenizer;
        return t.how == held_tokenizer::kind::characters
                   ? std::optional<std::string>(t.vocabulary.at(token))
                   : whole_characters(byte_pair_bytes("tokens", {token}, t.merges));
    }

    /// Each token as text, null when its bytes are not whole characters.
    inline val pieces_of(const held_model& m, const std::vector<std::size_t>& tokens)
    {
        val out = val::array();
        for (const std::size_t token : tokens)
        {
            out.call<void>("push", write(piece_of(m, token)));
        }
        return out;
    }

    /// What tokens spell, a byte that starts no whole character shown as U+FFFD.
    inline std::string text_of(const held_model& m, const std::vector<std::size_t>& tokens)
    {
        const held_tokenizer& t = m.tokenizer;
        if (t.how == held_tokenizer::kind::byte_pairs)
        {
            return spell_bytes(byte_pair_bytes("tokens", tokens, t.merges));
        }
        std::string out;
        for (const std::size_t token : tokens)
        {
            out += t.vocabulary.at(token);
        }
        return out;
    }

    /// The tokenizer as JS reads it: its kind, what every token spells and, for BPE, the merges.
    inline val tokenizer_of(const held_model& m)
    {
        val out = val::object();
        std::vector<std::size_t> every(m.params.config.vocab);
        for (std::size_t i = 0; i < every.size(); ++i)
        {
            every[i] = i;
        }
        const bool characters = m.tokenizer.how == held_tokenizer::kind::characters;
        out.set("kind", characters ? "character" : "bpe");
        out.set("vocabulary", pieces_of(m, every));
        if (!characters)
        {
            val merges = val::array();
            for (const token_pair& pair : m.tokenizer.merges)
            {
                merges.call<void>("push", write(std::vector<std::size_t>{pair[0], pair[1]}));
            }
            out.set("merges", merges);
        }
        return out;
    }

    inline val config_of(const language_model_config& c)
    {
        val out = val::object();
        out.set("vocab", write(c.vocab));
        out.set("dModel", write(c.d_model));
        out.set("heads", write(c.heads));
        out.set("kvHeads", write(c.kv_heads));
        out.set("layers", write(c.layers));
        out.set("dFF", write(c.d_ff));
        out.set("context", write(c.context));
        out.set("ropeBase", c.rope_base);
        out.set("eps", c.eps);
        out.set("tied", c.tied);
        return out;
    }
} // namespace attn::bindings::held_language_models

#endif
