#pragma once
/// ASCII case folding, the one rule for case-blind comparison of names, keywords and type
/// words (Spark's resolver and SQL keywords fold ASCII letters only).

#include <algorithm>
#include <string>
#include <string_view>

namespace prune {

/// `s` without the characters up to U+0020 (blanks and ASCII controls) around it: Java's
/// String.trim, which Spark's casts, date and interval parsers and UTF8String.trimAll apply to
/// text.
constexpr std::string_view java_trim(std::string_view s) {
    while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') {
        s.remove_prefix(1);
    }
    while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') {
        s.remove_suffix(1);
    }
    return s;
}

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

/// Whether `c` is one of the ASCII digits 0-9 (not the locale's, as std::isdigit may be).
constexpr bool is_ascii_digit(char c) { return c >= '0' && c <= '9'; }

/// Whether `c` is an ASCII letter (not the locale's, as std::isalpha may be).
constexpr bool is_ascii_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

/// The value of the hex digit `c` (either case), or -1 when it is not one.
constexpr int hex_digit_value(char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

/// `s` with its ASCII capitals in lower case.
inline std::string ascii_lower(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), fold_ascii);
    return out;
}

/// `s` with its ASCII small letters in upper case.
inline std::string ascii_upper(std::string_view s) {
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](char c) {
        return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c;
    });
    return out;
}

} // namespace prune
