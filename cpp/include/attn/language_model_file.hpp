#ifndef ATTN_LANGUAGE_MODEL_FILE_HPP
#define ATTN_LANGUAGE_MODEL_FILE_HPP

/**
 * @file language_model_file.hpp
 * @brief The language model's file (docs/language-model.md, "The model file"): a JSON header
 * on one line, padded with spaces so that it ends, with its newline, at a multiple of 8 bytes,
 * then every tensor's numbers as little-endian IEEE-754 float64, tensor after tensor in
 * parameter order (language_model_tensors), row by row. The training tool writes it with
 * language_model_file_bytes; the page's binding reads it with read_language_model_file, which
 * checks everything a file says against what a model of its config holds.
 */

#include <cstddef>
#include <string>
#include <vector>

#include "attn/language_model.hpp"

namespace attn
{
    /// The header's "format", "version" and "values", as every file of this format says them.
    inline constexpr const char* language_model_file_format = "attention-lab language model";
    inline constexpr int language_model_file_version = 1; ///< an integer, so JSON writes "1"
    inline constexpr const char* language_model_file_values =
        "float64 little-endian, tensor after tensor, row by row";

    /// One entry of the header's "tensors": a name and a shape as the file states them.
    struct language_model_file_tensor
    {
        std::string name;
        std::vector<double> shape; ///< [rows, cols]; a γ is 1 × d_model
    };

    /// What the header states, its JSON read into fields (the binding does the reading).
    struct language_model_file_header
    {
        std::string format;
        double version = 0;
        std::string tokenizer_kind; ///< "character": token i is vocabulary[i]
        std::vector<std::string> vocabulary;
        language_model_config config;
        std::vector<language_model_file_tensor> tensors;
    };

    /// A model file once read: the parameters and the characters its tokens stand for.
    struct language_model_file
    {
        language_model_params params;
        std::vector<std::string> vocabulary;
    };

    /**
     * @brief The bytes of a model file.
     * @param header_json the header, serialised as JSON on one line (no newline in it)
     * @param params the model, whose tensors follow the header in parameter order
     * @return header_json, spaces up to 8k − 1 bytes, a newline, then every number
     */
    std::string language_model_file_bytes(const std::string& header_json,
                                          language_model_params params);

    /**
     * @brief Reads a model file whose header has been parsed into `header`, checking, in order:
     * the format and version; the config as check_language_model_config checks it, and its
     * size (check_language_model_size); the tokenizer (kind "character", config.vocab distinct
     * single characters); the tensors' names and shapes against language_model_tensors of the
     * config; the header's padding; the count of numbers after it; each number finite.
     * @param argument the file's name in the messages ("source": "source.version: expected 1,
     * got 2")
     * @param bytes the whole file, header included
     * @throws attention_error naming the part of the file at fault
     */
    language_model_file read_language_model_file(const std::string& argument,
                                                 const language_model_file_header& header,
                                                 const std::string& bytes);
} // namespace attn

#endif
