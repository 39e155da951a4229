#ifndef ATTN_TESTS_GOLDEN_HPP
#define ATTN_TESTS_GOLDEN_HPP

// Golden fixtures (tests/fixtures/*.json, written by generate_fixtures.py from PyTorch): reading
// them, and comparing a result with a case's `expected` field by field, llm.c style: one
// "OK / NOT OK, max diff" line per tensor. Which operation a fixture file calls, and how its
// input and trace map to C++, is in golden_operations.hpp.
//
// compare() walks `expected` and checks each field against the engine's trace written as JSON
// with the JS field names; a field the trace does not have is a NOT OK line, so no fixture field
// goes unchecked. Tolerance: |actual − expected| ≤ 1e-9·max(1, |expected|); −∞ (written
// "-Infinity") equals only −∞; NaN never passes.

#include <cmath>
#include <cstddef>
#include <fstream>
#include <iomanip>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "attn/mask.hpp"
#include "attn/matrix.hpp"

namespace golden
{
    using json = nlohmann::json;

    /// |actual − expected| ≤ tolerance·max(1, |expected|): absolute near 0, relative elsewhere.
    constexpr double tolerance = 1e-9;

    /// A fixture that cannot be read as the engine's arguments (not an engine error).
    class fixture_error : public std::runtime_error
    {
    public:
        using std::runtime_error::runtime_error;
    };

    struct fixture_case
    {
        std::string file;
        std::string name;
        std::string description;
        json input;
        json expected;
    };

    /// The fixture folder, set by CMake.
    inline std::string fixture_dir()
    {
        return ATTN_FIXTURE_DIR;
    }

    /// A whole fixture file, parsed.
    inline json load_file(const std::string& file)
    {
        const std::string path = fixture_dir() + "/" + file;
        std::ifstream in(path);
        if (!in)
        {
            throw fixture_error("cannot open " + path);
        }
        return json::parse(in);
    }

    /// The cases of one fixture file, e.g. load("attention.json").
    inline std::vector<fixture_case> load(const std::string& file)
    {
        const json root = load_file(file);
        std::vector<fixture_case> cases;
        for (const json& c : root.at("cases"))
        {
            cases.push_back({file, c.at("name").get<std::string>(),
                             c.at("description").get<std::string>(), c.at("input"),
                             c.at("expected")});
        }
        return cases;
    }

    // ---- JSON → C++ values ----

    /// A JSON number, or the string "-Infinity" (how the fixtures write −∞).
    inline double to_number(const json& j)
    {
        if (j.is_number())
        {
            return j.get<double>();
        }
        if (j.is_string() && j.get<std::string>() == "-Infinity")
        {
            return -std::numeric_limits<double>::infinity();
        }
        throw fixture_error("expected a number or \"-Infinity\", got " + j.dump());
    }

    /// [[…], […]] → an n × m matrix; [] → 0 × 0. Rows must have equal length.
    inline attn::matrix to_matrix(const json& j)
    {
        if (!j.is_array())
        {
            throw fixture_error("expected a matrix (array of rows), got " + j.dump());
        }
        const std::size_t n = j.size();
        const std::size_t m = n == 0 ? 0 : j[0].size();
        attn::matrix out = xt::zeros<double>({n, m});
        for (std::size_t i = 0; i < n; ++i)
        {
            if (!j[i].is_array() || j[i].size() != m)
            {
                throw fixture_error("matrix row " + std::to_string(i) + " is not an array of " +
                                    std::to_string(m) + " numbers");
            }
            for (std::size_t k = 0; k < m; ++k)
            {
                // A mask may be written with booleans (true = attend), as the JS API allows.
                out(i, k) =
                    j[i][k].is_boolean() ? (j[i][k].get<bool>() ? 1.0 : 0.0) : to_number(j[i][k]);
            }
        }
        return out;
    }

    inline attn::vector to_vector(const json& j)
    {
        if (!j.is_array())
        {
            throw fixture_error("expected a vector (array of numbers), got " + j.dump());
        }
        attn::vector out = xt::zeros<double>({j.size()});
        for (std::size_t i = 0; i < j.size(); ++i)
        {
            out(i) = to_number(j[i]);
        }
        return out;
    }

    /// The JS `mask` argument: absent, 'causal', { keyLength }, or an n × m 0/1 matrix.
    inline attn::attention_mask to_mask(const json& j)
    {
        if (j.is_null())
        {
            return attn::attention_mask::none();
        }
        if (j.is_string() && j.get<std::string>() == "causal")
        {
            return attn::attention_mask::causal();
        }
        if (j.is_object() && j.size() == 1 && j.contains("keyLength"))
        {
            return attn::attention_mask::padding(to_number(j.at("keyLength")));
        }
        if (j.is_array())
        {
            return attn::attention_mask::from_matrix(to_matrix(j));
        }
        throw fixture_error("unknown mask " + j.dump());
    }

    // ---- comparing ----

    /// The verdict on one field of `expected`.
    struct field_report
    {
        std::string path;  ///< e.g. "heads[1].softmax.rowMax"
        std::string shape; ///< e.g. "4×4", "scalar"
        bool ok = false;
        double max_diff = 0;   ///< largest |actual − expected| over finite cells
        std::size_t cells = 0; ///< numbers compared
        std::string problem;   ///< why not ok

        /// "OK     scores 1×3, max diff 2.2e-16" or "NOT OK scores …: <problem>".
        std::string describe() const
        {
            std::ostringstream out;
            out << (ok ? "OK     " : "NOT OK ") << path << " " << shape << ", max diff "
                << std::setprecision(3) << max_diff;
            if (!ok)
            {
                out << ": " << problem;
            }
            return out.str();
        }
    };

    namespace detail
    {
        inline bool is_scalar(const json& j)
        {
            return j.is_number() || (j.is_string() && j.get<std::string>() == "-Infinity");
        }

        /// A number, −∞, or a (possibly empty) array of such arrays: something to compare cell
        /// by cell. An array of objects (heads) is walked instead.
        inline bool is_tensor(const json& j)
        {
            if (is_scalar(j))
            {
                return true;
            }
            if (!j.is_array())
            {
                return false;
            }
            for (const json& e : j)
            {
                if (!is_tensor(e))
                {
                    return false;
                }
            }
            return true;
        }

        /// Shape of a nested array; false if ragged.
        inline bool shape_of(const json& j, std::vector<std::size_t>& shape)
        {
            shape.clear();
            if (!j.is_array())
            {
                return true;
            }
            std::vector<std::size_t> first;
            for (std::size_t i = 0; i < j.size(); ++i)
            {
                std::vector<std::size_t> inner;
                if (!shape_of(j[i], inner) || (i > 0 && inner != first))
                {
                    return false;
                }
                if (i == 0)
                {
                    first = inner;
                }
            }
            shape.push_back(j.size());
            shape.insert(shape.end(), first.begin(), first.end());
            return true;
        }

        inline std::string format_shape(const std::vector<std::size_t>& shape)
        {
            if (shape.empty())
            {
                return "scalar";
            }
            if (shape.size() == 1)
            {
                return "length " + std::to_string(shape[0]);
            }
            std::string out;
            for (std::size_t i = 0; i < shape.size(); ++i)
            {
                out += (i ? "×" : "") + std::to_string(shape[i]);
            }
            return out;
        }

        inline void flatten(const json& j, std::vector<const json*>& out)
        {
            if (j.is_array())
            {
                for (const json& e : j)
                {
                    flatten(e, out);
                }
            }
            else
            {
                out.push_back(&j);
            }
        }

        /// "[2][1]" for flat index 9 of a 4×4 tensor.
        inline std::string index_of(std::size_t flat, const std::vector<std::size_t>& shape)
        {
            std::string out;
            for (std::size_t d = shape.size(); d-- > 0;)
            {
                out = "[" + std::to_string(flat % shape[d]) + "]" + out;
                flat /= shape[d];
            }
            return out;
        }

        /// The shortest decimal that reads back as x; −∞, +∞ and NaN spelled as in JS.
        inline std::string format_value(double x)
        {
            if (std::isnan(x))
            {
                return "NaN";
            }
            if (std::isinf(x))
            {
                return x > 0 ? "Infinity" : "-Infinity";
            }
            std::ostringstream out;
            for (int precision = 1; precision <= 17; ++precision)
            {
                out.str("");
                out << std::setprecision(precision) << x;
                if (std::stod(out.str()) == x)
                {
                    break;
                }
            }
            return out.str();
        }

        /// A nested array of numbers as text, with −∞ and NaN readable (json::dump writes null).
        inline std::string format_tensor(const json& j)
        {
            if (!j.is_array())
            {
                return j.is_number() ? format_value(j.get<double>()) : j.dump();
            }
            std::string out = "[";
            for (std::size_t i = 0; i < j.size(); ++i)
            {
                out += (i ? ", " : "") + format_tensor(j[i]);
            }
            return out + "]";
        }

        inline field_report compare_tensor(const json& expected, const json& actual,
                                           const std::string& path)
        {
            field_report r;
            r.path = path;
            std::vector<std::size_t> want, got;
            if (!shape_of(expected, want))
            {
                r.shape = "ragged";
                r.problem = "the fixture's array is ragged";
                return r;
            }
            r.shape = format_shape(want);
            if (!is_tensor(actual) || !shape_of(actual, got))
            {
                r.problem =
                    "the engine gave something that is not a tensor: " + format_tensor(actual);
                return r;
            }
            if (want != got)
            {
                r.problem = "expected shape " + format_shape(want) + ", got " + format_shape(got);
                return r;
            }
            std::vector<const json*> e, a;
            flatten(expected, e);
            flatten(actual, a);
            std::size_t wrong = 0;
            std::string first_wrong;
            for (std::size_t i = 0; i < e.size(); ++i)
            {
                const double x = to_number(*e[i]);
                const double y = a[i]->get<double>();
                bool cell_ok;
                if (std::isinf(x))
                {
                    cell_ok = y == x; // −∞ only ever equals −∞, exactly
                }
                else
                {
                    cell_ok = std::isfinite(y) &&
                              std::abs(y - x) <= tolerance * std::max(1.0, std::abs(x));
                    if (std::isfinite(y))
                    {
                        r.max_diff = std::max(r.max_diff, std::abs(y - x));
                    }
                }
                if (!cell_ok && wrong++ == 0)
                {
                    first_wrong = index_of(i, want) + ": expected " + format_value(x) + ", got " +
                                  format_value(y);
                }
            }
            r.cells = e.size();
            r.ok = wrong == 0;
            if (!r.ok)
            {
                r.problem = std::to_string(wrong) + " of " + std::to_string(e.size()) +
                            " cells outside " + format_value(tolerance) +
                            "·max(1, |expected|); first " + first_wrong;
                if (e.size() <= 64)
                {
                    r.problem += "\n  expected " + format_tensor(expected) + "\n  got      " +
                                 format_tensor(actual);
                }
            }
            return r;
        }

        inline void compare(const json& expected, const json& actual, const std::string& path,
                            std::vector<field_report>& out)
        {
            if (expected.is_object())
            {
                if (expected.empty())
                {
                    out.push_back({path, "object", false, 0, 0, "an empty object checks nothing"});
                    return;
                }
                for (const auto& item : expected.items())
                {
                    const std::string child = path.empty() ? item.key() : path + "." + item.key();
                    if (!actual.is_object() || !actual.contains(item.key()))
                    {
                        out.push_back({child, "?", false, 0, 0,
                                       "the engine's trace has no such field, so it cannot be "
                                       "checked (unknown or misnamed expected field)"});
                        continue;
                    }
                    compare(item.value(), actual.at(item.key()), child, out);
                }
                return;
            }
            if (is_tensor(expected))
            {
                out.push_back(compare_tensor(expected, actual, path));
                return;
            }
            if (expected.is_array()) // an array of objects, e.g. heads
            {
                if (!actual.is_array() || actual.size() != expected.size())
                {
                    out.push_back({path, std::to_string(expected.size()) + " items", false, 0, 0,
                                   "the engine gave " +
                                       (actual.is_array() ? std::to_string(actual.size()) + " items"
                                                          : std::string("no array"))});
                    return;
                }
                for (std::size_t i = 0; i < expected.size(); ++i)
                {
                    compare(expected[i], actual[i], path + "[" + std::to_string(i) + "]", out);
                }
                return;
            }
            // Words, yes/no and "none" (a diagnosis's misconception, or null) must match exactly.
            if (expected.is_string() || expected.is_null() || expected.is_boolean())
            {
                const bool same = expected == actual;
                out.push_back({path, expected.is_string() ? "string" : "value", same, 0, 0,
                               same ? "" : "the engine gave " + actual.dump()});
                return;
            }
            out.push_back({path, "?", false, 0, 0,
                           "the fixture holds " + expected.dump() +
                               ", which is neither a number, "
                               "\"-Infinity\", an array nor an object"});
        }
    } // namespace detail

    /// One report per field of `expected` that holds numbers, in key order.
    inline std::vector<field_report> compare(const json& expected, const json& actual)
    {
        std::vector<field_report> out;
        detail::compare(expected, actual, "", out);
        return out;
    }
} // namespace golden

#endif
