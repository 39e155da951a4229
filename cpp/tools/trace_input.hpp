// attention-trace's input: the file named on its command line checked before it is opened (a
// regular file of at most max_input_bytes), and JSON read with a nesting limit, each refusal a
// usage_error of one line naming the file.
#pragma once

#include <cstdint>
#include <filesystem>
#include <istream>
#include <stdexcept>
#include <string>

#include "golden_operations.hpp"

namespace trace_input
{
    using golden::json;

    /// Deepest nesting of arrays and objects read: an argument object is 3 or 4 deep, and the
    /// traces' writers (and the golden reader's messages) walk what is read recursively.
    constexpr int max_nesting = 64;

    /// Largest input file read, in bytes: past the engine's largest arguments written as JSON.
    constexpr std::uintmax_t max_input_bytes = std::uintmax_t{256} << 20;

    /// A mistake of the command line or of the input file: printed as one line, exit code 2.
    struct usage_error : std::runtime_error
    {
        using std::runtime_error::runtime_error;
    };

    /// What a path that is not a regular file is, for the message that refuses it.
    inline std::string file_type(std::filesystem::file_type type)
    {
        using std::filesystem::file_type;
        switch (type)
        {
        case file_type::directory: return "a folder";
        case file_type::fifo: return "a named pipe";
        case file_type::character: return "a character device";
        case file_type::block: return "a block device";
        case file_type::socket: return "a socket";
        default: return "not a regular file";
        }
    }

    /// Refuses, before opening it, a path that is not a regular file of at most max_input_bytes.
    inline void check_input_file(const std::string& path)
    {
        std::error_code error;
        const auto status = std::filesystem::status(path, error);
        if (error || status.type() == std::filesystem::file_type::not_found)
        {
            throw usage_error(path + ": cannot open (" + (error ? error.message() : "no such file") + ")");
        }
        if (status.type() != std::filesystem::file_type::regular)
        {
            throw usage_error(path + ": expected a JSON file, got " + file_type(status.type()));
        }
        const std::uintmax_t size = std::filesystem::file_size(path, error);
        if (!error && size > max_input_bytes)
        {
            throw usage_error(path + ": expected a file of at most " + std::to_string(max_input_bytes) +
                              " bytes, got " + std::to_string(size));
        }
    }

    /// The input read as JSON, refused (naming `source`) past max_nesting levels of arrays and objects.
    inline json read_input(std::istream& in, const std::string& source)
    {
        const auto within_nesting = [&](int depth, json::parse_event_t event, json&)
        {
            const bool opens = event == json::parse_event_t::object_start ||
                               event == json::parse_event_t::array_start;
            if (opens && depth >= max_nesting)
            {
                throw usage_error(source + ": expected JSON nested at most " +
                                  std::to_string(max_nesting) + " levels deep, got deeper");
            }
            return true;
        };
        try
        {
            return json::parse(in, within_nesting);
        }
        catch (const json::parse_error& e)
        {
            // what() starts with the library's tag, "[json.exception.parse_error.101] ".
            const std::string what = e.what();
            const std::size_t tag_end = what.find("] ");
            throw usage_error(source + ": expected JSON, got a " +
                              (tag_end == std::string::npos ? what : what.substr(tag_end + 2)));
        }
    }

} // namespace trace_input
