#ifndef ATTN_TOOLS_OPTION_VALUES_HPP
#define ATTN_TOOLS_OPTION_VALUES_HPP

// The values of the native tools' name=value options, read whole or refused naming the option.

#include <stdexcept>
#include <string>

namespace attn_tools
{
    inline double number(const std::string& name, const std::string& text)
    {
        std::size_t used = 0;
        const double x = std::stod(text, &used);
        if (used != text.size())
        {
            throw std::invalid_argument(name + ": expected a number, got " + text);
        }
        return x;
    }

    inline std::size_t whole(const std::string& name, const std::string& text)
    {
        std::size_t used = 0;
        const unsigned long long x = std::stoull(text, &used);
        if (used != text.size())
        {
            throw std::invalid_argument(name + ": expected a whole number, got " + text);
        }
        return static_cast<std::size_t>(x);
    }
} // namespace attn_tools

#endif
