#include "types/java_number_text.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "util/ascii.hpp"

namespace prune {
namespace {

std::string_view strip_sign(std::string_view s) {
    return !s.empty() && (s[0] == '+' || s[0] == '-') ? s.substr(1) : s;
}

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), is_ascii_digit);
}

/// The parts of Java's decimal number syntax (BigDecimal and the decimal form of
/// Double.parseDouble): sign, digits with at most one point (digits on at least one side), an
/// optional exponent. nullopt when `s` is not of that form.
struct DecimalText {
    std::string digits;        // integer and fraction digits, in order
    std::size_t fraction = 0;  // how many of them follow the point
    std::int64_t exponent = 0; // saturated
};

std::optional<DecimalText> decimal_text(std::string_view s) {
    s = strip_sign(s);
    DecimalText d;
    std::size_t i = 0;
    bool point = false;
    for (; i < s.size(); ++i) {
        if (is_ascii_digit(s[i])) {
            d.digits += s[i];
            d.fraction += point ? 1 : 0;
        } else if (s[i] == '.' && !point) {
            point = true;
        } else {
            break;
        }
    }
    if (d.digits.empty()) {
        return std::nullopt;
    }
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        const std::string_view exp = s.substr(i + 1);
        const bool negative = !exp.empty() && exp[0] == '-';
        const std::string_view e = strip_sign(exp);
        if (!all_digits(e)) {
            return std::nullopt;
        }
        for (char c : e) {
            d.exponent = std::min<std::int64_t>(d.exponent * 10 + (c - '0'), 1'000'000'000);
        }
        d.exponent = negative ? -d.exponent : d.exponent;
        i = s.size();
    }
    if (i != s.size()) {
        return std::nullopt;
    }
    return d;
}

/// Java's HexFloatingPointLiteral without its suffix: `0x`, hex digits with at most one point
/// (digits on at least one side), then the binary exponent `p` it requires.
bool hex_float_text(std::string_view s) {
    s = strip_sign(s);
    if (s.size() < 2 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) {
        return false;
    }
    std::size_t i = 2;
    std::size_t digits = 0;
    bool point = false;
    for (; i < s.size(); ++i) {
        if (hex_digit_value(s[i]) >= 0) {
            ++digits;
        } else if (s[i] == '.' && !point) {
            point = true;
        } else {
            break;
        }
    }
    if (digits == 0 || i == s.size() || (s[i] != 'p' && s[i] != 'P')) {
        return false;
    }
    return all_digits(strip_sign(s.substr(i + 1)));
}

/// A Java floating-point text trimmed of blanks and of its f/F/d/D suffix.
std::string_view without_suffix(std::string_view s) {
    s = java_trim(s);
    if (!s.empty() && std::string_view("dDfF").find(s.back()) != std::string_view::npos) {
        s.remove_suffix(1);
    }
    return s;
}

} // namespace

bool parses_as_java_integer(std::string_view s, std::uint64_t max_positive) {
    const bool negative = !s.empty() && s[0] == '-';
    const std::string_view digits = strip_sign(s);
    if (!all_digits(digits)) {
        return false;
    }
    std::uint64_t value = 0;
    const std::uint64_t limit = max_positive + (negative ? 1 : 0);
    for (char c : digits) {
        const auto d = static_cast<std::uint64_t>(c - '0');
        if (value > (limit - d) / 10) {
            return false;
        }
        value = value * 10 + d;
    }
    return true;
}

TypePtr java_integral_decimal_type(std::string_view s) {
    const std::optional<DecimalText> d = decimal_text(s);
    if (!d || static_cast<std::int64_t>(d->fraction) != d->exponent) {
        return nullptr;
    }
    const std::size_t first = d->digits.find_first_not_of('0');
    const std::size_t precision = first == std::string::npos ? 1 : d->digits.size() - first;
    if (precision > 38) {
        return nullptr;
    }
    return make_decimal(static_cast<int>(precision), 0);
}

bool parses_as_java_double(std::string_view s) {
    const std::string_view body = strip_sign(java_trim(s));
    if (body == "NaN" || body == "Infinity") {
        return true;
    }
    const std::string_view number = without_suffix(s);
    return decimal_text(number).has_value() || hex_float_text(number);
}

bool is_java_hex_float(std::string_view s) { return hex_float_text(without_suffix(s)); }

bool is_iso_date(std::string_view s) {
    const auto digits_at = [&](std::size_t at, std::size_t n) {
        return all_digits(s.substr(at, n));
    };
    if (s.size() != 10 || !digits_at(0, 4) || s[4] != '-' || !digits_at(5, 2) || s[7] != '-' ||
        !digits_at(8, 2)) {
        return false;
    }
    const auto number = [&](std::size_t at, std::size_t n) {
        return std::stoi(std::string(s.substr(at, n)));
    };
    const int year = number(0, 4);
    const int month = number(5, 2);
    const int day = number(8, 2);
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12 || day < 1) {
        return false;
    }
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

} // namespace prune
