#ifndef ATTN_TESTS_GOLDEN_OPERATIONS_HPP
#define ATTN_TESTS_GOLDEN_OPERATIONS_HPP

// How a fixture case reaches the engine and comes back, through the operations' own
// descriptions (attn/describe/), exactly as the bindings do it:
//   input_source  the case's JS argument object (camelCase) as raw values by name, read by the
//                 description's request_reader; an input field that no argument read is an
//                 error, so no input is silently dropped;
//   json_format   the trace as JSON with the JS field names, written by the same
//                 attn::describe::write that writes the JS objects, ready for golden::compare().
// A fixture file is named after its operation in snake_case (cross_entropy.json runs
// crossEntropy); the older names below predate that rule.

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "attn/describe/operations.hpp"
#include "attn/describe/writer.hpp"
#include "golden.hpp"

namespace golden
{
    // ---- C++ values → JSON, with the JS trace's field names ----

    inline json to_json(double x)
    {
        return x;
    }
    inline json to_json(std::size_t x)
    {
        return x;
    }
    inline json to_json(bool x)
    {
        return x;
    }
    inline json to_json(const std::string& s)
    {
        return s;
    }
    inline json to_json(const std::optional<std::string>& s)
    {
        return s ? json(*s) : json(nullptr);
    }

    inline json to_json(const attn::vector& v)
    {
        json out = json::array();
        for (double x : v)
        {
            out.push_back(x);
        }
        return out;
    }

    inline json to_json(const attn::matrix& m)
    {
        json out = json::array();
        for (std::size_t i = 0; i < attn::rows(m); ++i)
        {
            json row = json::array();
            for (std::size_t j = 0; j < attn::cols(m); ++j)
            {
                row.push_back(m(i, j));
            }
            out.push_back(std::move(row));
        }
        return out;
    }

    inline json to_json(const attn::tensor3& t)
    {
        json out = json::array();
        for (std::size_t h = 0; h < t.shape()[0]; ++h)
        {
            out.push_back(to_json(attn::matrix(xt::view(t, h, xt::all(), xt::all()))));
        }
        return out;
    }

    inline json to_json(const std::vector<std::size_t>& indices)
    {
        return json(indices);
    }

    inline json to_json(const std::vector<std::string>& strings)
    {
        return json(strings);
    }

    /// JSON with the JS trace's field names, for attn::describe::write.
    struct json_format
    {
        using value = json;
        static json object() { return json::object(); }
        static json array() { return json::array(); }
        static void set(json& out, const char* name, json v) { out[name] = std::move(v); }
        static void push(json& out, json v) { out.push_back(std::move(v)); }
        template <class T> static json leaf(const T& v) { return to_json(v); }
    };

    // ---- reading a case's input object ----

    /// The fields of a JS argument object as raw values by name; remembers which were read, and
    /// finish() refuses any field that no argument took.
    class input_source
    {
    public:
        explicit input_source(const json& input) : input_(input)
        {
            if (!input_.is_object())
            {
                throw fixture_error("input is not an object: " + input_.dump());
            }
        }

        bool present(const char* name) const { return input_.contains(name); }
        double number(const char* name) { return to_number(take(name)); }
        /// A fixture's matrices are ours and fit, so the caps are left to the kernels' checks.
        attn::matrix matrix(const char* name, std::size_t, std::size_t)
        {
            return to_matrix(take(name));
        }
        attn::vector vector(const char* name, std::size_t) { return to_vector(take(name)); }
        /// A matrix's rows and columns or a vector's length, without reading it (0 × 0 for
        /// anything else: reading it then says what is wrong).
        attn::describe::extent extent(const char* name) const
        {
            const json& j = input_.at(name);
            if (!j.is_array())
            {
                return {};
            }
            const bool rows = !j.empty() && j[0].is_array();
            return {j.size(), rows ? j[0].size() : 1};
        }
        attn::attention_mask mask(const char* name, std::size_t, std::size_t)
        {
            return to_mask(take(name));
        }

        bool boolean(const char* name)
        {
            const json& j = take(name);
            if (!j.is_boolean())
            {
                throw fixture_error(std::string("input.") + name + " is not true or false");
            }
            return j.get<bool>();
        }

        std::string text(const char* name)
        {
            const json& j = take(name);
            if (!j.is_string())
            {
                throw fixture_error(std::string("input.") + name + " is not a string");
            }
            return j.get<std::string>();
        }

        std::vector<std::string> strings(const char* name)
        {
            const json& j = take(name);
            if (!j.is_array() ||
                !std::all_of(j.begin(), j.end(), [](const json& s) { return s.is_string(); }))
            {
                throw fixture_error(std::string("input.") + name + " is not an array of strings");
            }
            return j.get<std::vector<std::string>>();
        }

        /// layers[l][h] of number[][]: a list of lists of matrices.
        std::vector<std::vector<attn::matrix>> matrix_lists(const char* name, std::size_t,
                                                            std::size_t)
        {
            const json& j = take(name);
            if (!j.is_array() ||
                !std::all_of(j.begin(), j.end(), [](const json& l) { return l.is_array(); }))
            {
                throw fixture_error(std::string("input.") + name +
                                    " is not an array of arrays of matrices");
            }
            std::vector<std::vector<attn::matrix>> out;
            for (const json& list : j)
            {
                out.emplace_back();
                for (const json& m : list)
                {
                    out.back().push_back(to_matrix(m));
                }
            }
            return out;
        }

        /// Throws if some input field was never read.
        void finish() const
        {
            for (const auto& item : input_.items())
            {
                if (read_.count(item.key()) == 0)
                {
                    throw fixture_error("input." + item.key() +
                                        " is not taken by any C++ argument of this operation");
                }
            }
        }

    private:
        const json& take(const char* name)
        {
            if (!present(name))
            {
                throw fixture_error(std::string("input.") + name + " is missing");
            }
            read_.insert(name);
            return input_.at(name);
        }

        const json& input_;
        std::set<std::string> read_;
    };

    // ---- which operation a fixture file runs ----

    /// crossEntropy → cross_entropy.json
    inline std::string fixture_file_of(const std::string& operation)
    {
        std::string out;
        for (char c : operation)
        {
            if (std::isupper(static_cast<unsigned char>(c)))
            {
                out += '_';
                out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            }
            else
            {
                out += c;
            }
        }
        return out + ".json";
    }

    /// Fixture files named before the snake_case rule, and the operation each runs.
    inline const std::map<std::string, std::string>& older_names()
    {
        static const std::map<std::string, std::string> names = {
            {"entropy.json", "attentionEntropy"}, {"token_embedding.json", "embedTokens"}};
        return names;
    }

    /// Operations that return a bare matrix, which their fixture files wrap in an object.
    inline const std::map<std::string, std::string>& wrapped_results()
    {
        static const std::map<std::string, std::string> keys = {{"positionalEncoding", "encoding"},
                                                                {"randomMatrix", "matrix"}};
        return keys;
    }

    /// The operation a fixture file runs, or "" if none.
    inline std::string operation_of(const std::string& file)
    {
        const auto older = older_names().find(file);
        if (older != older_names().end())
        {
            return older->second;
        }
        std::string found;
        attn::describe::for_each_operation(
            [&](auto operation)
            {
                if (fixture_file_of(decltype(operation)::name) == file)
                {
                    found = decltype(operation)::name;
                }
            });
        return found;
    }

    /// Runs `operation` on a case's input through its description.
    inline json run_operation(const std::string& operation, input_source& source)
    {
        attn::describe::request_reader<input_source> in(source);
        json out;
        attn::describe::for_each_operation(
            [&](auto described)
            {
                using Operation = decltype(described);
                if (operation == Operation::name)
                {
                    out = attn::describe::write<json_format>(attn::describe::run<Operation>(in));
                }
            });
        const auto wrapped = wrapped_results().find(operation);
        return wrapped == wrapped_results().end() ? out : json{{wrapped->second, out}};
    }

    /// xavier.json's input is { seed, dModel, heads [, dFF] } and its expected.params the
    /// generated matrices: every weight is omitted, so all of them are drawn. With dFF the
    /// weights come from an encoder layer (wQ … wO from its attention, w1, w2 from the layer),
    /// without it from multi-head attention. The input values do not matter: zeros.
    inline json run_xavier(const json& input)
    {
        const std::size_t d_model = input.at("dModel").get<std::size_t>();
        const json zeros = json::array(
            {json(std::vector<double>(d_model, 0.0)), json(std::vector<double>(d_model, 0.0))});
        json request = input;
        request.erase("dModel");
        if (input.contains("dFF"))
        {
            request["input"] = zeros;
            input_source source(request);
            const json t = run_operation("encoderLayer", source);
            source.finish();
            json params = t.at("attention").at("params");
            params.update(t.at("params"));
            return {{"params", params}};
        }
        request["query"] = request["key"] = request["value"] = zeros;
        input_source source(request);
        const json t = run_operation("multiHeadAttention", source);
        source.finish();
        return {{"params", t.at("params")}};
    }

    /// Runs a case's input through the engine; the result has the JS trace's shape.
    inline json run_case(const fixture_case& c)
    {
        if (c.file == "xavier.json")
        {
            return run_xavier(c.input);
        }
        const std::string operation = operation_of(c.file);
        if (operation.empty())
        {
            throw fixture_error("no operation is known for fixture file " + c.file);
        }
        input_source source(c.input);
        json actual = run_operation(operation, source);
        source.finish();
        return actual;
    }
} // namespace golden

#endif
