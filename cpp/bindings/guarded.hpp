#ifndef ATTN_BINDINGS_GUARDED_HPP
#define ATTN_BINDINGS_GUARDED_HPP

// Every bound function returns { ok: true, value } or { ok: false, name, message } instead of
// throwing: a JS exception unwinding through wasm frames would skip C++ destructors and leak
// shadow stack, and a C++ exception reaching JS arrives as an opaque WebAssembly.Exception
// without its message. The operations (bindings.cpp) and the trainer (trainer_bindings.cpp)
// share this one wrapper.

#include <new>
#include <string>

#include <emscripten/val.h>

#include "attn/error.hpp"

namespace attn::bindings
{
    using emscripten::val;

    /// Runs `compute` (which returns a val) and wraps its value or its error.
    template <class Compute> val guarded(Compute&& compute)
    {
        std::string name;
        std::string message;
        try
        {
            val out = val::object();
            out.set("value", compute());
            out.set("ok", true);
            return out;
        }
        catch (const attention_error& e)
        {
            name = "AttentionError";
            message = e.what();
        }
        catch (const std::bad_alloc&)
        {
            name = "AttentionError";
            message = "input: too large for the memory available";
        }
        catch (const std::exception& e)
        {
            name = "Error";
            message = std::string("internal error in the attention engine: ") + e.what();
        }
        val out = val::object();
        out.set("ok", false);
        out.set("name", name);
        out.set("message", message);
        return out;
    }
} // namespace attn::bindings

#endif
