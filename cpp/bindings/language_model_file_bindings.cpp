// Embind registration of reading a model file (lab.loadLanguageModel, web/lib/language-model.js).
// JS parses the header's JSON and hands it over with the file's bytes; here the header's fields
// are read into attn::language_model_file_header, each of the wrong JS type refused by name, and
// attn::read_language_model_file checks the rest (attn/language_model_file.hpp). The model then
// joins the handle table of language_model_bindings.cpp, with the file's characters as its
// tokenizer.

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "attn/error.hpp"
#include "attn/language_model_file.hpp"
#include "guarded.hpp"
#include "held_language_models.hpp"

namespace attn::bindings
{
    namespace
    {
        using namespace held_language_models;

        /// The file's name in every message.
        const std::string source = "source";

        std::string type_of(const val& v)
        {
            if (v.isNull())
            {
                return "null";
            }
            return val::global("Array").call<bool>("isArray", v) ? "an array"
                                                                 : v.typeOf().as<std::string>();
        }

        /// record[name], which must be of JS type `type` ("string", "number", "object", …).
        val field(const val& record, const char* name, const std::string& argument,
                  const std::string& type, const std::string& expected)
        {
            const val v = record[name];
            if (type_of(v) != type)
            {
                detail::fail(argument, expected, type_of(v));
            }
            return v;
        }

        std::string text(const val& record, const char* name, const std::string& argument)
        {
            return field(record, name, argument, "string", "a string").as<std::string>();
        }

        double number(const val& record, const char* name, const std::string& argument)
        {
            return field(record, name, argument, "number", "a number").as<double>();
        }

        std::size_t size(const val& record, const char* name, const std::string& argument)
        {
            return detail::check_integer(argument, number(record, name, argument), 1,
                                         static_cast<double>(max_dimension));
        }

        val list(const val& record, const char* name, const std::string& argument)
        {
            return field(record, name, argument, "an array", "an array");
        }

        language_model_config read_file_config(const val& header)
        {
            const std::string at = source + ".config";
            const val c = field(header, "config", at, "object", "an object");
            language_model_config config;
            config.vocab = size(c, "vocab", at + ".vocab");
            config.d_model = size(c, "dModel", at + ".dModel");
            config.heads = size(c, "heads", at + ".heads");
            config.kv_heads = size(c, "kvHeads", at + ".kvHeads");
            config.layers = size(c, "layers", at + ".layers");
            config.d_ff = size(c, "dFF", at + ".dFF");
            config.context = size(c, "context", at + ".context");
            config.rope_base = number(c, "ropeBase", at + ".ropeBase");
            config.eps = number(c, "eps", at + ".eps");
            config.tied = field(c, "tied", at + ".tied", "boolean", "true or false").as<bool>();
            return config;
        }

        /// The header's fields, in the order the file's checks read them: format and version
        /// first, so that a file of another kind is named as one.
        language_model_file_header read_header(const val& header)
        {
            if (type_of(header) != "object")
            {
                detail::fail(source,
                             "an Attention Lab language model file (a line of JSON, then the "
                             "numbers)",
                             "a file whose first line is not a JSON object");
            }
            language_model_file_header h;
            h.format = text(header, "format", source + ".format");
            h.version = number(header, "version", source + ".version");
            if (h.format != language_model_file_format || h.version != language_model_file_version)
            {
                return h; // read_language_model_file names which
            }
            h.config = read_file_config(header);
            const val tokenizer =
                field(header, "tokenizer", source + ".tokenizer", "object", "an object");
            h.tokenizer_kind = text(tokenizer, "kind", source + ".tokenizer.kind");
            const val vocabulary = list(tokenizer, "vocabulary", source + ".tokenizer.vocabulary");
            for (std::size_t i = 0; i < vocabulary["length"].as<std::size_t>(); ++i)
            {
                const std::string name =
                    source + ".tokenizer.vocabulary[" + std::to_string(i) + "]";
                h.vocabulary.push_back(
                    field(vocabulary, std::to_string(i).c_str(), name, "string", "a character")
                        .as<std::string>());
            }
            const val tensors = list(header, "tensors", source + ".tensors");
            for (std::size_t k = 0; k < tensors["length"].as<std::size_t>(); ++k)
            {
                const std::string name = source + ".tensors[" + std::to_string(k) + "]";
                const val t = field(tensors, std::to_string(k).c_str(), name, "object",
                                    "an object { name, shape }");
                language_model_file_tensor entry{text(t, "name", name + ".name"), {}};
                const val shape = list(t, "shape", name + ".shape");
                for (std::size_t i = 0; i < shape["length"].as<std::size_t>(); ++i)
                {
                    entry.shape.push_back(number(shape, std::to_string(i).c_str(),
                                                 name + ".shape[" + std::to_string(i) + "]"));
                }
                h.tensors.push_back(std::move(entry));
            }
            return h;
        }

        /// A Uint8Array's bytes, copied into the wasm heap in one call.
        std::string bytes_of(const val& bytes)
        {
            std::string out(bytes["length"].as<std::size_t>(), '\0');
            // No allocation between the view and the copy: memory growth cannot detach it.
            val(emscripten::typed_memory_view(out.size(),
                                              reinterpret_cast<unsigned char*>(out.data())))
                .call<void>("set", bytes);
            return out;
        }

        /// A model from a file: its handle, for the table every model method reads.
        val from_file(val header, val bytes)
        {
            return guarded(
                [&]
                {
                    language_model_file file =
                        read_language_model_file(source, read_header(header), bytes_of(bytes));
                    auto m = std::make_unique<held_model>();
                    m->params = std::move(file.params);
                    m->tokenizer.how = held_tokenizer::kind::characters;
                    m->tokenizer.vocabulary = std::move(file.vocabulary);
                    return val(hold(std::move(m)));
                });
        }
    } // namespace
} // namespace attn::bindings

EMSCRIPTEN_BINDINGS(attention_lab_language_model_file)
{
    emscripten::function("languageModelFromFile", &attn::bindings::from_file);
}
