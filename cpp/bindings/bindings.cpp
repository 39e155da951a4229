// Embind registrations: one entry point per engine operation, each taking the request object
// built by web/lib/ and returning { ok: true, value } or { ok: false, name, message }.
// Errors are returned, not thrown (guarded.hpp says why). The operations and their arguments
// come from their descriptions (attn/describe/operations.hpp); nothing here names one. The
// trainer, a stateful object rather than an operation, is bound in trainer_bindings.cpp.

#include <malloc.h>

#include <iterator>
#include <string>
#include <type_traits>

#include <emscripten/bind.h>
#include <emscripten/val.h>

#include "attn/describe/operations.hpp"
#include "convert.hpp"
#include "guarded.hpp"

namespace attn::bindings
{
    namespace
    {
// The landing page's build: only the operations whose description says `lite`.
#ifdef ATTN_LITE_ENGINE
        constexpr bool lite_build = true;
#else
        constexpr bool lite_build = false;
#endif

        template <class Operation> val run(val request)
        {
            return guarded(
                [&]
                {
                    request_source source(std::move(request));
                    describe::request_reader<request_source> in(source);
                    return describe::write<js_format>(describe::run<Operation>(in));
                });
        }

        /// { name, arguments: [{ name, kind, optional, rows?, cols?, choices?, choiceKind? }] }:
        /// all the façade needs to check and encode a request (the docs' words stay
        /// native-only).
        /// Not a template, so the loop is compiled once rather than once per operation.
        val describe_operation(const char* name, const describe::argument* arguments,
                               std::size_t count)
        {
            val list = val::array();
            for (std::size_t i = 0; i < count; ++i)
            {
                const describe::argument& a = arguments[i];
                val item = val::object();
                item.set("name", std::string(a.name));
                item.set("kind", std::string(describe::kind_name(a.type)));
                item.set("optional", a.optional);
                if (a.type == describe::kind::matrix || a.type == describe::kind::mask ||
                    a.type == describe::kind::matrix_lists)
                {
                    // The façade caps a matrix's rows and columns from these before copying it.
                    item.set("rows", static_cast<double>(a.max_rows));
                    item.set("cols", static_cast<double>(a.max_cols));
                }
                if (a.type == describe::kind::vector || a.type == describe::kind::indices)
                {
                    // And a vector's length.
                    item.set("rows", static_cast<double>(a.max_rows));
                }
                if (a.type == describe::kind::choice)
                {
                    item.set("choices", std::string(a.choices));
                    item.set("choiceKind", std::string(a.choice_kind));
                }
                list.call<void>("push", item);
            }
            val out = val::object();
            out.set("name", std::string(name));
            out.set("arguments", list);
            return out;
        }

        val describe_operations()
        {
            val out = val::array();
            describe::for_each_operation(
                [&](auto operation)
                {
                    using Operation = decltype(operation);
                    // The lite build names the operations it lacks without their arguments: the
                    // façade answers a call to one with an AttentionError naming the full engine,
                    // and their argument tables stay out of the landing page's download.
                    if constexpr (lite_build && !describe::in_lite_engine<Operation>::value)
                        out.call<void>("push", describe_operation(Operation::name, nullptr, 0));
                    else
                        out.call<void>("push",
                                       describe_operation(Operation::name, Operation::arguments,
                                                          std::size(Operation::arguments)));
                });
            return out;
        }

        /// Bytes malloc has handed out and not taken back: the leak tests watch this.
        double heap_bytes_in_use()
        {
            return static_cast<double>(mallinfo().uordblks);
        }
    } // namespace
} // namespace attn::bindings

EMSCRIPTEN_BINDINGS(attention_lab)
{
    using namespace attn::bindings;
    using namespace attn;
    // The lite build binds only the operations whose description says so (operations.hpp);
    // the façade answers a call to any other with an AttentionError naming the build that has it.
    using bound = std::conditional_t<lite_build, describe::lite_operations,
                                     describe::all_operations>;
    describe::for_each_operation<bound>(
        [](auto operation)
        {
            using Operation = decltype(operation);
            emscripten::function(Operation::name, &run<Operation>);
        });
    emscripten::function("describeOperations", &describe_operations);
    emscripten::function("heapBytesInUse", &heap_bytes_in_use);
    emscripten::constant("maxDimension", static_cast<double>(attn::max_dimension));
    emscripten::constant("maxSequence", static_cast<double>(attn::max_sequence));
    emscripten::constant("maxPeakCells", static_cast<double>(attn::max_peak_cells));
}
