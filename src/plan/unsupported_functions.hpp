#pragma once
/// Spark 4's built-in functions prune-plan does not know, each with the reason: the one list.
/// docs/FUNCTIONS.md's "Not supported" table shows it (builtins_test checks that the two agree
/// and that every other Spark built-in is known). A call of one is bound as a user-defined
/// function, and its warning, or the error of taking a field of its result, says why.

#include <span>
#include <string>
#include <string_view>

namespace prune {

struct UnsupportedBuiltin {
    std::string_view name;
    std::string_view reason;
};

/// The list, by name.
std::span<const UnsupportedBuiltin> unsupported_builtins();

/// The entry of `name` (lower case), or null when it is not one.
const UnsupportedBuiltin* find_unsupported_builtin(std::string_view name);

/// "Spark built-in 'NAME' is not supported (REASON; docs/FUNCTIONS.md)", or empty when `name`
/// is not one.
std::string unsupported_builtin_note(std::string_view name);

} // namespace prune
