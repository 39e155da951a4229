#ifndef ATTN_BINDINGS_TRAINER_HANDLES_HPP
#define ATTN_BINDINGS_TRAINER_HANDLES_HPP

// What the trainers' bindings share (trainer_bindings.cpp, text_trainer_bindings.cpp): the table
// of live runs by handle, and the cost estimate as status() reports it.

#include <cstddef>
#include <map>
#include <memory>
#include <utility>

#include <emscripten/val.h>

#include "attn/error.hpp"
#include "convert.hpp"

namespace attn::bindings
{
    /// Live runs by handle. Handles count up from 1 and are never reused, so a stale handle
    /// finds nothing rather than another run.
    template <class Run> class run_table
    {
    public:
        double hold(std::unique_ptr<Run> run)
        {
            next_ += 1;
            runs_.emplace(next_, std::move(run));
            return next_;
        }

        Run& find(double handle)
        {
            const auto found = runs_.find(handle);
            if (found == runs_.end())
            {
                detail::fail("trainer", "a trainer that is not disposed", "a disposed one");
            }
            return *found->second;
        }

        /// Frees the run; a handle already freed is left alone.
        void erase(double handle) { runs_.erase(handle); }

        /// How many runs are alive: the leak tests watch this with the heap.
        double size() const { return static_cast<double>(runs_.size()); }

    private:
        std::map<double, std::unique_ptr<Run>> runs_;
        double next_ = 0;
    };

    /// status().estimate: a cost estimate's three figures and the steps one call may take.
    template <class Cost>
    emscripten::val write_estimate(const Cost& cost, std::size_t steps_per_call)
    {
        emscripten::val estimate = emscripten::val::object();
        estimate.set("stepMultiplyAdds", cost.step_multiply_adds);
        estimate.set("evaluateMultiplyAdds", cost.evaluate_multiply_adds);
        estimate.set("memoryBytes", cost.peak_bytes);
        estimate.set("stepsPerCall", write(steps_per_call));
        return estimate;
    }
} // namespace attn::bindings

#endif
