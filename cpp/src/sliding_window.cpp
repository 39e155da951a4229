#include "attn/sliding_window.hpp"

#include "attn/error.hpp"

namespace attn
{
    void detail::check_window(std::size_t window)
    {
        if (window == 0)
        {
            fail("window", "a whole number ≥ 1 (the keys each query sees, itself included)", "0");
        }
    }

    matrix sliding_window_mask(std::size_t n, std::size_t m, std::size_t window, std::size_t sinks)
    {
        detail::check_window(window);
        matrix allowed = xt::empty<double>({n, m});
        for (std::size_t i = 0; i < n; ++i)
        {
            for (std::size_t j = 0; j < m; ++j)
            {
                allowed(i, j) = in_sliding_window(i, j, window, sinks) ? 1.0 : 0.0;
            }
        }
        return allowed;
    }
} // namespace attn
