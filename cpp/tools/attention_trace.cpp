// attention-trace: runs one engine operation on a JSON argument object and prints every pass of
// its trace, readably (each field with its shape and what the description says it is, matrices
// as labelled blocks), or as JSON with --json.
//
//   attention-trace <operation> [input.json | -] [--json]     (no file or "-": stdin)
//
// It knows no operation by itself: the argument object is read by the operation's own
// description (attn/describe/), through the same JSON reader the golden tests use
// (tests/cpp/golden_operations.hpp), and the trace is walked through the same field visitor the
// bindings write JS objects with. So every described operation works here, in the order and
// with the names of its JS result. An invalid argument prints the engine's message and exits 1;
// a mistake of the command line or the file (an unknown operation, a file that is not a regular
// one or is too large, JSON that is not JSON or nested too deep) is one line naming it, exit 2.

#include <optional>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "golden_operations.hpp"
#include "trace_input.hpp"

namespace
{
    using attn::describe::words;
    using golden::json;
    using trace_input::read_input;
    using trace_input::usage_error;

    /// Matrices larger than this many rows or columns show their first and last ones.
    constexpr std::size_t shown_edge = 6;

    std::string number(double x)
    {
        if (std::isnan(x))
        {
            return "NaN";
        }
        if (std::isinf(x))
        {
            return x < 0 ? "-Infinity" : "Infinity";
        }
        char text[32];
        std::snprintf(text, sizeof text, "%.6g", x);
        return text;
    }

    /// Indices 0 … count−1, or the first and last `shown_edge` with a gap marker (count) between.
    std::vector<std::size_t> shown(std::size_t count)
    {
        std::vector<std::size_t> out;
        for (std::size_t i = 0; i < count; ++i)
        {
            if (count <= 2 * shown_edge || i < shown_edge || i >= count - shown_edge)
            {
                out.push_back(i);
            }
            else if (out.back() != count)
            {
                out.push_back(count);
            }
        }
        return out;
    }

    /// One row of numbers, right-aligned in columns of `width`, eliding the middle when long.
    template <class Cell>
    std::string row_text(std::size_t count, std::size_t width, const Cell& cell)
    {
        std::string out;
        for (const std::size_t j : shown(count))
        {
            const std::string text = j == count ? "…" : number(cell(j));
            const std::size_t shown_width = j == count ? 1 : text.size(); // "…" is 3 bytes
            out += std::string(shown_width <= width ? width + 1 - shown_width : 1, ' ');
            out += text;
        }
        return out;
    }

    void print_matrix(const std::string& indent, const attn::matrix& m)
    {
        std::size_t width = 1;
        for (const double x : m)
        {
            width = std::max(width, number(x).size());
        }
        const std::size_t r = attn::rows(m), c = attn::cols(m);
        for (const std::size_t i : shown(r))
        {
            std::cout << indent
                      << (i == r ? "   …"
                                 : row_text(c, width, [&](std::size_t j) { return m(i, j); }))
                      << "\n";
        }
    }

    std::string heading(const std::string& label, const std::string& shape, words doc)
    {
        std::string out = label;
        if (!shape.empty())
        {
            out += " (" + shape + ")";
        }
        const std::string text = doc.text;
        return text.empty() ? out : out + " — " + text;
    }

    /// A field visitor that prints each field as it is visited, nested fields with their path.
    class printer
    {
    public:
        explicit printer(std::string path = "") : path_(std::move(path)) {}

        template <class T> void field(const char* name, const T& value, words doc)
        {
            print(path_ + name, value, doc);
        }

        template <class T>
        void field(const char* name, const T& value, words doc, const attn::describe::choice_set&)
        {
            field(name, value, doc);
        }

        template <class T> void optional(const char* name, const T& value, bool present, words doc)
        {
            if (present)
            {
                field(name, value, doc);
            }
        }

        template <class Fill> void object(const char* name, words doc, Fill&& fill)
        {
            std::cout << heading(path_ + name, "", doc) << "\n";
            printer inner(path_ + name + ".");
            fill(inner);
        }

        template <class... Ts> void one_of(const std::variant<Ts...>& detail)
        {
            std::visit([this](const auto& d) { attn::describe::visit(d, *this); }, detail);
        }

        template <class T> static void print(const std::string& label, const T& value, words doc)
        {
            using attn::describe::is_leaf;
            using attn::describe::is_list_of_traces;
            if constexpr (std::is_same_v<T, attn::matrix>)
            {
                std::cout << heading(label, attn_shape(value), doc) << "\n";
                print_matrix("  ", value);
            }
            else if constexpr (std::is_same_v<T, attn::tensor3>)
            {
                std::cout << heading(label, std::to_string(value.shape()[0]) + " × " +
                                                std::to_string(value.shape()[1]) + " × " +
                                                std::to_string(value.shape()[2]),
                                     doc)
                          << "\n";
                for (std::size_t h = 0; h < value.shape()[0]; ++h)
                {
                    std::cout << "  [" << h << "]\n";
                    print_matrix("  ", attn::matrix(xt::view(value, h, xt::all(), xt::all())));
                }
            }
            else if constexpr (std::is_same_v<T, attn::vector>)
            {
                std::cout << heading(label, std::to_string(value.size()), doc) << "\n  "
                          << row_text(value.size(), 1, [&](std::size_t j) { return value(j); })
                          << "\n";
            }
            else if constexpr (is_list_of_traces<T>::value)
            {
                std::cout << heading(label, std::to_string(value.size()), doc) << "\n";
                for (std::size_t i = 0; i < value.size(); ++i)
                {
                    printer inner(label + "[" + std::to_string(i) + "].");
                    attn::describe::visit(value[i], inner);
                }
            }
            else if constexpr (is_leaf<T>)
            {
                std::cout << heading(label, "", doc) << "\n  " << scalar_text(value) << "\n";
            }
            else
            {
                std::cout << heading(label, "", doc) << "\n";
                printer inner(label + ".");
                attn::describe::visit(value, inner);
            }
        }

    private:
        static std::string attn_shape(const attn::matrix& m)
        {
            return std::to_string(attn::rows(m)) + " × " + std::to_string(attn::cols(m));
        }

        static std::string scalar_text(double x) { return number(x); }
        static std::string scalar_text(std::size_t x) { return std::to_string(x); }
        static std::string scalar_text(bool x) { return x ? "true" : "false"; }
        static std::string scalar_text(const std::string& s) { return "'" + s + "'"; }
        static std::string scalar_text(const std::optional<std::string>& s)
        {
            return s ? scalar_text(*s) : "null";
        }
        template <class List> static std::string scalar_text(const List& items)
        {
            std::ostringstream out;
            out << "[";
            for (std::size_t i = 0; i < items.size(); ++i)
            {
                out << (i ? ", " : "") << scalar_text(items[i]);
            }
            out << "]";
            return out.str();
        }

        std::string path_;
    };

    /// JSON cannot hold ±∞ or NaN: write them as the fixtures do, as strings.
    void spell_non_finite(json& j)
    {
        if (j.is_structured())
        {
            for (json& item : j)
            {
                spell_non_finite(item);
            }
        }
        else if (j.is_number_float() && !std::isfinite(j.get<double>()))
        {
            j = number(j.get<double>());
        }
    }

    /// Runs `operation` (a described one's name) on `input` and prints its trace.
    void run(const std::string& operation, const json& input, bool as_json)
    {
        golden::input_source source(input);
        attn::describe::request_reader<golden::input_source> in(source);
        attn::describe::for_each_operation(
            [&](auto described)
            {
                using Operation = decltype(described);
                if (operation != Operation::name)
                {
                    return;
                }
                const auto trace = attn::describe::run<Operation>(in);
                source.finish();
                if (as_json)
                {
                    json out = attn::describe::write<golden::json_format>(trace);
                    spell_non_finite(out);
                    std::cout << out.dump(1) << "\n";
                    return;
                }
                std::cout << Operation::title << " (" << Operation::name << ")\n";
                if constexpr (attn::describe::is_leaf<std::decay_t<decltype(trace)>>)
                {
                    printer::print("result", trace, "");
                }
                else
                {
                    printer top;
                    attn::describe::visit(trace, top);
                }
            });
    }

    std::string operation_names()
    {
        std::string out;
        attn::describe::for_each_operation([&](auto described)
                                           { out += std::string(" ") + decltype(described)::name; });
        return out;
    }

    /// Whether a described operation has this name.
    bool is_operation(const std::string& name)
    {
        bool found = false;
        attn::describe::for_each_operation([&](auto described)
                                           { found = found || name == decltype(described)::name; });
        return found;
    }

    int usage()
    {
        std::cerr << "usage: attention-trace <operation> [input.json | -] [--json]\n"
                  << "operations:" << operation_names() << "\n";
        return 2;
    }
} // namespace

int main(int argc, char** argv)
{
    std::vector<std::string> positional;
    bool as_json = false;
    for (int i = 1; i < argc; ++i)
    {
        const std::string arg = argv[i];
        if (arg == "--json")
        {
            as_json = true;
        }
        else if (arg == "--help" || arg == "-h")
        {
            usage();
            return 0;
        }
        else
        {
            positional.push_back(arg);
        }
    }
    if (positional.empty() || positional.size() > 2)
    {
        return usage();
    }
    const std::string& operation = positional[0];
    const bool from_stdin = positional.size() == 1 || positional[1] == "-";
    try
    {
        // Named before any input is read: a wrong name is not a JSON error.
        if (!is_operation(operation))
        {
            throw usage_error("no operation is called '" + operation +
                              "'; operations:" + operation_names());
        }
        std::ifstream file;
        if (!from_stdin)
        {
            trace_input::check_input_file(positional[1]);
            file.open(positional[1]);
            if (!file)
            {
                throw usage_error(positional[1] + ": cannot open");
            }
        }
        const json input = read_input(from_stdin ? std::cin : file, from_stdin ? "stdin" : positional[1]);
        run(operation, input, as_json);
    }
    catch (const attn::attention_error& e)
    {
        std::cerr << e.what() << "\n";
        return 1;
    }
    catch (const std::exception& e)
    {
        // A mistake of the command line or the file, or an argument object the operation does not take.
        std::cerr << "attention-trace: " << e.what() << "\n";
        return 2;
    }
    return 0;
}
