#ifndef ATTN_DESCRIBE_FIELDS_HPP
#define ATTN_DESCRIBE_FIELDS_HPP

/// @file fields.hpp
/// @brief How a trace names its fields once for every writer. A trace type T declares
/// `fields_of<T>::visit(t, v)`, calling on the visitor v:
///   v.field(name, member, doc)                  a field always present;
///   v.field(name, member, doc, choices)         a string field whose values are a choice_set;
///   v.optional(name, member, present, doc)      a field present only when `present`;
///   v.object(name, doc, [&](auto& inner) {...}) a nested object made of members of t;
///   v.one_of(variant)                           the fields of whichever alternative is held.
/// A member is a leaf (number, whole number, boolean, string, matrix, vector, h × n × m tensor,
/// indices, strings), a type with fields_of, or a std::vector of such a type. The bindings
/// write JS objects from this, the C++ tests JSON, and the describe tool the docs and types.
///
/// For the types the describe tool writes (web/lib/operations.d.ts), fields_of<T> may also say
///   static constexpr const char* type_name = "AttentionTrace";  its name there (else inline);
///   static constexpr selection selected_by{…};  which choice argument picks the alternative of
///                                               its one_of, and the names of each case.

#include <cstddef>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

#include "attn/describe/argument.hpp"
#include "attn/matrix.hpp"

namespace attn::describe
{
    /// Specialised per trace type; the primary template has no visit(), so a type that was
    /// never described is not mistaken for one.
    template <class T> struct fields_of;

    template <class T, class = void> struct has_fields : std::false_type
    {
    };
    template <class T>
    struct has_fields<T, std::void_t<decltype(sizeof(fields_of<T>))>> : std::true_type
    {
    };

    /// How a leaf is named in the descriptions (and so in docs/engine.md and the type check).
    template <class T> constexpr const char* leaf_name()
    {
        if constexpr (std::is_same_v<T, bool>)
            return "boolean";
        else if constexpr (std::is_same_v<T, std::size_t>)
            return "integer";
        else if constexpr (std::is_same_v<T, double>)
            return "number";
        else if constexpr (std::is_same_v<T, std::string>)
            return "string";
        else if constexpr (std::is_same_v<T, std::optional<std::string>>)
            return "string or null";
        else if constexpr (std::is_same_v<T, matrix>)
            return "matrix";
        else if constexpr (std::is_same_v<T, vector>)
            return "vector";
        else if constexpr (std::is_same_v<T, tensor3>)
            return "matrix[]";
        else if constexpr (std::is_same_v<T, std::vector<std::size_t>>)
            return "indices";
        else if constexpr (std::is_same_v<T, std::vector<std::string>>)
            return "strings";
        else
            return nullptr;
    }

    template <class T> constexpr bool is_leaf = leaf_name<T>() != nullptr;

    /// One value of the choice that selects a trace's alternative: the value, the index of the
    /// alternative it gives in the trace's std::variant, and that case's name in the types.
    struct variant_case
    {
        const char* value;
        std::size_t alternative;
        const char* type_name;
    };

    /// How a choice argument selects the alternative of a trace's one_of (explainAttention's
    /// `stage`): the types then give each value its own result. `common` names the fields every
    /// case shares, generic in the value; `by_value` names the map from each value to its case.
    struct selection
    {
        template <std::size_t N>
        constexpr selection(const char* argument, const char* common, const char* by_value,
                            const variant_case (&cases)[N])
            : argument(argument), common(common), by_value(by_value), cases(cases), count(N)
        {
        }
        const char* argument;
        const char* common;
        const char* by_value;
        const variant_case* cases;
        std::size_t count;
    };

    /// fields_of<T>::type_name, or nullptr when T has none.
    template <class T, class = void> struct type_name_of
    {
        static constexpr const char* value = nullptr;
    };
    template <class T> struct type_name_of<T, std::void_t<decltype(fields_of<T>::type_name)>>
    {
        static constexpr const char* value = fields_of<T>::type_name;
    };

    /// &fields_of<T>::selected_by, or nullptr when T has none.
    template <class T, class = void> struct selection_of
    {
        static constexpr const selection* value = nullptr;
    };
    template <class T> struct selection_of<T, std::void_t<decltype(fields_of<T>::selected_by)>>
    {
        static constexpr const selection* value = &fields_of<T>::selected_by;
    };

    template <class T> struct is_list_of_traces : std::false_type
    {
    };
    template <class T>
    struct is_list_of_traces<std::vector<T>> : std::bool_constant<has_fields<T>::value>
    {
    };

    /// Visits T's fields with v.
    template <class T, class V> void visit(const T& t, V& v)
    {
        fields_of<T>::visit(t, v);
    }
} // namespace attn::describe

#endif
