// Prints every operation's description (attn/describe/operations.hpp) as JSON: its arguments
// with kind, shape, default, range and doc, and its result's fields, nested.
// scripts/engine-docs.mjs turns this into the tables of docs/engine.md, and tests/api checks
// web/lib/index.d.ts and the docs against it, so neither can drift from the engine.

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "attn/describe/operations.hpp"

namespace
{
    using namespace attn::describe;

    std::string quoted(const std::string& text)
    {
        std::string out = "\"";
        for (const char c : text)
        {
            if (c == '"' || c == '\\')
            {
                out += '\\';
                out += c;
            }
            else if (static_cast<unsigned char>(c) < 0x20)
            {
                char escaped[8];
                std::snprintf(escaped, sizeof escaped, "\\u%04x", c);
                out += escaped;
            }
            else
            {
                out += c;
            }
        }
        return out + "\"";
    }

    std::string number(double x)
    {
        std::ostringstream out;
        out.precision(17);
        out << x;
        return out.str();
    }

    struct field_record
    {
        std::string name, type, doc;
        bool optional = false;
        std::vector<field_record> fields;
    };

    /// A field visitor that records names, types and docs instead of writing values.
    class describer
    {
    public:
        std::vector<field_record> fields;

        template <class T> void field(const char* name, const T& value, words doc)
        {
            fields.push_back(record(name, value, doc, in_alternative_));
        }

        template <class T> void optional(const char* name, const T& value, bool, words doc)
        {
            fields.push_back(record(name, value, doc, true));
        }

        template <class Fill> void object(const char* name, words doc, Fill&& fill)
        {
            describer inner;
            fill(inner);
            fields.push_back({name, "object", doc.text, in_alternative_, inner.fields});
        }

        /// Every alternative's fields, each optional: which one is present depends on the call.
        template <class... Ts> void one_of(const std::variant<Ts...>&)
        {
            in_alternative_ = true;
            (visit(Ts{}, *this), ...);
            in_alternative_ = false;
        }

        template <class T> static std::vector<field_record> fields_of_value(const T& value)
        {
            describer d;
            visit(value, d);
            return d.fields;
        }

        template <class T>
        static field_record record(const char* name, const T& value, words doc, bool optional)
        {
            if constexpr (is_leaf<T>)
            {
                return {name, leaf_name<T>(), doc.text, optional, {}};
            }
            else if constexpr (is_list_of_traces<T>::value)
            {
                return {name, "object[]", doc.text, optional,
                        fields_of_value(typename T::value_type{})};
            }
            else
            {
                return {name, "object", doc.text, optional, fields_of_value(value)};
            }
        }

    private:
        bool in_alternative_ = false;
    };

    void print_fields(const std::vector<field_record>& fields, const std::string& indent)
    {
        std::cout << "[";
        for (std::size_t i = 0; i < fields.size(); ++i)
        {
            const field_record& f = fields[i];
            std::cout << (i ? "," : "") << "\n"
                      << indent << "  {\"name\": " << quoted(f.name)
                      << ", \"type\": " << quoted(f.type)
                      << ", \"optional\": " << (f.optional ? "true" : "false")
                      << ", \"doc\": " << quoted(f.doc);
            if (!f.fields.empty())
            {
                std::cout << ", \"fields\": ";
                print_fields(f.fields, indent + "  ");
            }
            std::cout << "}";
        }
        std::cout << "\n" << indent << "]";
    }

    /// An omitted choice is its first.
    std::string default_of(const argument& a)
    {
        const std::string choices = a.choices;
        return a.type == kind::choice && a.optional ? choices.substr(0, choices.find('|'))
                                                    : a.fallback_text;
    }

    void print_argument(const argument& a)
    {
        std::cout << "{\"name\": " << quoted(a.name) << ", \"kind\": " << quoted(kind_name(a.type))
                  << ", \"optional\": " << (a.optional ? "true" : "false")
                  << ", \"shape\": " << quoted(a.shape) << ", \"doc\": " << quoted(a.doc)
                  << ", \"default\": " << quoted(default_of(a));
        if (a.type == kind::integer)
        {
            std::cout << ", \"low\": " << number(a.low) << ", \"high\": " << number(a.high);
        }
        if (a.type == kind::matrix || a.type == kind::mask)
        {
            std::cout << ", \"rows\": " << a.max_rows << ", \"cols\": " << a.max_cols;
        }
        if (a.type == kind::choice)
        {
            std::cout << ", \"choices\": " << quoted(a.choices)
                      << ", \"choiceKind\": " << quoted(a.choice_kind);
        }
        std::cout << "}";
    }
} // namespace

int main()
{
    std::cout << "{\"operations\": [";
    bool first = true;
    for_each_operation(
        [&](auto operation)
        {
            using Operation = decltype(operation);
            using Result = result_of<Operation>;
            std::cout << (first ? "" : ",") << "\n  {\"name\": " << quoted(Operation::name)
                      << ", \"title\": " << quoted(Operation::title) << ",\n   \"arguments\": [";
            first = false;
            for (std::size_t i = 0; i < std::size(Operation::arguments); ++i)
            {
                std::cout << (i ? ",\n     " : "\n     ");
                print_argument(Operation::arguments[i]);
            }
            std::cout << "],\n   \"result\": ";
            if constexpr (is_leaf<Result>)
            {
                std::cout << "{\"type\": " << quoted(leaf_name<Result>()) << "}";
            }
            else
            {
                std::cout << "{\"type\": \"object\", \"fields\": ";
                print_fields(describer::fields_of_value(Result{}), "   ");
                std::cout << "}";
            }
            std::cout << "}";
        });
    std::cout << "\n]}\n";
    return 0;
}
