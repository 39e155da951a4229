#include "attn/mask.hpp"

#include "attn/error.hpp"

namespace attn
{
    matrix resolve_mask(const attention_mask& mask, std::size_t n, std::size_t m)
    {
        switch (mask.type)
        {
        case attention_mask::kind::none:
            return xt::ones<double>({n, m});
        case attention_mask::kind::causal:
        {
            matrix allowed = xt::zeros<double>({n, m});
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j <= i && j < m; ++j)
                {
                    allowed(i, j) = 1;
                }
            }
            return allowed;
        }
        case attention_mask::kind::key_length:
        {
            const std::size_t length =
                detail::check_integer("mask.keyLength", mask.key_length, 0, static_cast<double>(m));
            matrix allowed = xt::zeros<double>({n, m});
            xt::view(allowed, xt::all(), xt::range(0, length)) = 1.0;
            return allowed;
        }
        case attention_mask::kind::explicit_matrix:
        {
            detail::check_matrix_shape("mask", mask.allowed, n, m, "queries × keys");
            for (std::size_t i = 0; i < n; ++i)
            {
                for (std::size_t j = 0; j < m; ++j)
                {
                    const double x = mask.allowed(i, j);
                    if (x != 0 && x != 1)
                    {
                        detail::fail("mask[" + std::to_string(i) + "][" + std::to_string(j) + "]",
                                     "0 (blocked) or 1 (attend)", detail::format_number(x));
                    }
                }
            }
            return mask.allowed;
        }
        }
        detail::fail("mask", "none, causal, a key length or a matrix", "an unknown kind");
    }

    std::vector<std::size_t> fully_masked_rows(const matrix& allowed)
    {
        std::vector<std::size_t> out;
        for (std::size_t i = 0; i < rows(allowed); ++i)
        {
            bool any = false;
            for (std::size_t j = 0; j < cols(allowed) && !any; ++j)
            {
                any = allowed(i, j) != 0;
            }
            if (!any)
            {
                out.push_back(i);
            }
        }
        return out;
    }
} // namespace attn
