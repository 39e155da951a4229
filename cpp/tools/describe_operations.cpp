// Prints every operation's description (attn/describe/operations.hpp) as JSON: its work budget
// where it has one, its arguments with kind, shape, default, range and doc, its result's
// fields, nested, with the names the façade's types give them, and whether the lite engine
// binds it; then the argument groups the types name (attn/describe/argument_groups.hpp).
// scripts/engine-docs.mjs writes the tables of docs/engine.md from this and
// scripts/engine-types.mjs the declarations of web/lib/operations.d.ts, so neither can drift
// from the engine.

#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "attn/describe/argument_groups.hpp"
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

    /// A field, or (when `alternatives` is not empty) a one_of: the fields of one alternative
    /// or another, whichever the trace holds.
    struct field_record
    {
        std::string name, type, doc;
        bool optional = false;
        std::vector<field_record> fields;
        const char* type_name = nullptr;
        const choice_set* choices = nullptr;
        const selection* selected_by = nullptr;
        std::vector<field_record> alternatives;
    };

    /// A field visitor that records names, types and docs instead of writing values.
    class describer
    {
    public:
        std::vector<field_record> fields;

        template <class T> void field(const char* name, const T& value, words doc)
        {
            fields.push_back(record(name, value, doc, false));
        }

        template <class T>
        void field(const char* name, const T& value, words doc, const choice_set& choices)
        {
            field(name, value, doc);
            fields.back().choices = &choices;
        }

        template <class T> void optional(const char* name, const T& value, bool, words doc)
        {
            fields.push_back(record(name, value, doc, true));
        }

        template <class Fill> void object(const char* name, words doc, Fill&& fill)
        {
            describer inner;
            fill(inner);
            field_record r{name, "object", doc.text};
            r.fields = inner.fields;
            fields.push_back(r);
        }

        /// Every alternative's fields: which one is present depends on the call.
        template <class... Ts> void one_of(const std::variant<Ts...>&)
        {
            field_record r;
            (r.alternatives.push_back(object_record<Ts>("", Ts{}, "", false)), ...);
            fields.push_back(r);
        }

        template <class T> static std::vector<field_record> fields_of_value(const T& value)
        {
            describer d;
            visit(value, d);
            return d.fields;
        }

        /// A described type's fields, with its name and selection where it has them.
        template <class T>
        static field_record object_record(const char* name, const T& value, words doc,
                                          bool optional)
        {
            field_record r{name, "object", doc.text, optional, fields_of_value(value)};
            r.type_name = type_name_of<T>::value;
            r.selected_by = selection_of<T>::value;
            return r;
        }

        template <class T>
        static field_record record(const char* name, const T& value, words doc, bool optional)
        {
            if constexpr (is_leaf<T>)
            {
                return {name, leaf_name<T>(), doc.text, optional};
            }
            else if constexpr (is_list_of_traces<T>::value)
            {
                field_record r = object_record(name, typename T::value_type{}, doc, optional);
                r.type = "object[]";
                return r;
            }
            else
            {
                return object_record(name, value, doc, optional);
            }
        }
    };

    void print_fields(const std::vector<field_record>& fields, const std::string& indent);

    void print_selection(const selection& s)
    {
        std::cout << ", \"selectedBy\": {\"argument\": " << quoted(s.argument)
                  << ", \"common\": " << quoted(s.common) << ", \"byValue\": " << quoted(s.by_value)
                  << ", \"cases\": [";
        for (std::size_t i = 0; i < s.count; ++i)
        {
            const variant_case& c = s.cases[i];
            std::cout << (i ? ", " : "") << "{\"value\": " << quoted(c.value)
                      << ", \"alternative\": " << c.alternative
                      << ", \"typeName\": " << quoted(c.type_name) << "}";
        }
        std::cout << "]}";
    }

    /// What an object field and a result share: its name in the types, selection and fields.
    void print_object_parts(const field_record& r, const std::string& indent)
    {
        if (r.type_name)
        {
            std::cout << ", \"typeName\": " << quoted(r.type_name);
        }
        if (r.selected_by)
        {
            print_selection(*r.selected_by);
        }
        if (!r.fields.empty())
        {
            std::cout << ", \"fields\": ";
            print_fields(r.fields, indent);
        }
    }

    void print_field(const field_record& f, const std::string& indent)
    {
        if (!f.alternatives.empty())
        {
            std::cout << "{\"oneOf\": [";
            for (std::size_t i = 0; i < f.alternatives.size(); ++i)
            {
                std::cout << (i ? "," : "") << "\n" << indent << "  {";
                const std::string parts_indent = indent + "  ";
                std::cout << "\"type\": \"object\"";
                print_object_parts(f.alternatives[i], parts_indent);
                std::cout << "}";
            }
            std::cout << "\n" << indent << "]}";
            return;
        }
        std::cout << "{\"name\": " << quoted(f.name) << ", \"type\": " << quoted(f.type)
                  << ", \"optional\": " << (f.optional ? "true" : "false")
                  << ", \"doc\": " << quoted(f.doc);
        if (f.choices)
        {
            std::cout << ", \"choices\": " << quoted(f.choices->values)
                      << ", \"choiceKind\": " << quoted(f.choices->kind)
                      << ", \"choiceDoc\": " << quoted(f.choices->doc.text);
        }
        print_object_parts(f, indent);
        std::cout << "}";
    }

    void print_fields(const std::vector<field_record>& fields, const std::string& indent)
    {
        std::cout << "[";
        for (std::size_t i = 0; i < fields.size(); ++i)
        {
            std::cout << (i ? "," : "") << "\n" << indent << "  ";
            print_field(fields[i], indent + "  ");
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
        if (a.type == kind::matrix || a.type == kind::mask || a.type == kind::matrix_lists)
        {
            std::cout << ", \"rows\": " << a.max_rows << ", \"cols\": " << a.max_cols;
        }
        if (a.type == kind::choice)
        {
            std::cout << ", \"choices\": " << quoted(a.choices)
                      << ", \"choiceKind\": " << quoted(a.choice_kind)
                      << ", \"choiceDoc\": " << quoted(a.choice_doc);
        }
        std::cout << "}";
    }

    void print_arguments(const argument* arguments, std::size_t count, const std::string& indent)
    {
        std::cout << "[";
        for (std::size_t i = 0; i < count; ++i)
        {
            std::cout << (i ? "," : "") << "\n" << indent;
            print_argument(arguments[i]);
        }
        std::cout << "]";
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
                      << ", \"title\": " << quoted(Operation::title)
                      << ", \"lite\": " << (in_lite_engine<Operation>::value ? "true" : "false")
                      << ",\n   ";
            first = false;
            if constexpr (has_work_budget<Operation>::value)
            {
                std::cout << "\"budget\": {\"multiplyAdds\": "
                          << number(Operation::budget.multiply_adds)
                          << ", \"text\": " << quoted(format_count(Operation::budget.multiply_adds))
                          << ", \"estimate\": " << quoted(Operation::budget.estimate.text)
                          << ", \"measured\": " << quoted(Operation::budget.measured.text)
                          << "},\n   ";
            }
            std::cout << "\"arguments\": ";
            print_arguments(Operation::arguments, std::size(Operation::arguments), "     ");
            std::cout << ",\n   \"result\": ";
            if constexpr (is_leaf<Result>)
            {
                std::cout << "{\"type\": " << quoted(leaf_name<Result>()) << "}";
            }
            else
            {
                std::cout << "{\"type\": \"object\"";
                print_object_parts(describer::object_record("", Result{}, "", false), "   ");
                std::cout << "}";
            }
            std::cout << "}";
        });
    std::cout << "\n],\n\"argumentGroups\": [";
    for (std::size_t i = 0; i < std::size(argument_groups); ++i)
    {
        const argument_group& g = argument_groups[i];
        std::cout << (i ? "," : "") << "\n  {\"name\": " << quoted(g.name)
                  << ", \"doc\": " << quoted(g.doc.text) << ",\n   \"arguments\": ";
        print_arguments(g.arguments, g.count, "     ");
        std::cout << "}";
    }
    std::cout << "\n]}\n";
    return 0;
}
