#include "plan/unsupported_functions.hpp"

#include <algorithm>
#include <array>

namespace prune {

namespace {

constexpr std::string_view kCollation =
    "needs collated string types, which the type system does not model";

// Sorted by name (find_unsupported_builtin searches it).
constexpr std::array kUnsupported{
    UnsupportedBuiltin{"collate", kCollation},
    UnsupportedBuiltin{"collation", kCollation},
    UnsupportedBuiltin{"schema_of_xml", "not yet: needs Spark's XML schema inference, "
                                        "XmlInferSchema, which folds it to a literal"},
};

} // namespace

std::span<const UnsupportedBuiltin> unsupported_builtins() { return kUnsupported; }

const UnsupportedBuiltin* find_unsupported_builtin(std::string_view name) {
    const auto* it = std::lower_bound(
        kUnsupported.begin(), kUnsupported.end(), name,
        [](const UnsupportedBuiltin& entry, std::string_view key) { return entry.name < key; });
    return it != kUnsupported.end() && it->name == name ? &*it : nullptr;
}

std::string unsupported_builtin_note(std::string_view name) {
    const UnsupportedBuiltin* entry = find_unsupported_builtin(name);
    if (entry == nullptr) {
        return {};
    }
    std::string note = "Spark built-in '";
    note += entry->name;
    note += "' is not supported (";
    note += entry->reason;
    note += "; docs/FUNCTIONS.md)";
    return note;
}

} // namespace prune
