#pragma once
/// ASCII case folding, the one rule for case-blind comparison of names, keywords and type
/// words (Spark's resolver and SQL keywords fold ASCII letters only).

#include <algorithm>
#include <string_view>

namespace prune {

/// `c` in lower case if it is an ASCII capital letter, else `c`.
constexpr char fold_ascii(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

/// Whether `a` and `b` are equal once ASCII letters are folded.
constexpr bool equal_ignoring_ascii_case(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return fold_ascii(x) == fold_ascii(y);
           });
}

} // namespace prune
