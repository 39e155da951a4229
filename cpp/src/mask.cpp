#include "attn/mask.hpp"

#include "attn/error.hpp"

namespace attn
{
    mask_lookup::mask_lookup(const attention_mask& mask, std::size_t n, std::size_t m)
        : type_(mask.type), m_(m)
    {
        switch (mask.type)
        {
        case attention_mask::kind::none:
        case attention_mask::kind::causal:
            return;
        case attention_mask::kind::key_length:
            key_length_ =
                detail::check_integer("mask.keyLength", mask.key_length, 0, static_cast<double>(m));
            return;
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
            allowed_ = mask.allowed.data();
            return;
        }
        }
        detail::fail("mask", "none, causal, a key length or a matrix", "an unknown kind");
    }

    matrix resolve_mask(const attention_mask& mask, std::size_t n, std::size_t m)
    {
        const mask_lookup lookup(mask, n, m);
        if (mask.type == attention_mask::kind::explicit_matrix)
        {
            return mask.allowed;
        }
        matrix allowed = xt::empty<double>({n, m});
        for (std::size_t i = 0; i < n; ++i)
        {
            for (std::size_t j = 0; j < m; ++j)
            {
                allowed(i, j) = lookup.allows(i, j) ? 1.0 : 0.0;
            }
        }
        return allowed;
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
