// DecimalFormat's grouped fixed-point form (format_number), from a number's decimal digits.

#include "eval/java_number_format.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace prune {
namespace {

/// `text` (digits, perhaps with a '.') as 0.digits × 10^point without leading or trailing
/// zeros.
DecimalDigits from_plain(bool negative, std::string_view text) {
    DecimalDigits out;
    out.negative = negative;
    const std::size_t dot = text.find('.');
    out.point = static_cast<int>(dot == std::string_view::npos ? text.size() : dot);
    for (const char c : text) {
        if (c == '.') {
            continue;
        }
        if (c == '0' && out.digits.empty()) {
            --out.point; // a leading zero
            continue;
        }
        out.digits += c;
    }
    while (!out.digits.empty() && out.digits.back() == '0') {
        out.digits.pop_back();
    }
    if (out.digits.empty()) {
        out.point = 0;
    }
    return out;
}

/// A positive finite double in scientific notation (`d.ddde±x`) as digits and point.
DecimalDigits from_scientific(std::string_view text) {
    const std::size_t e = text.find('e');
    int exponent = 0;
    std::from_chars(text.data() + e + (text[e + 1] == '+' ? 2 : 1), text.data() + text.size(),
                    exponent);
    DecimalDigits out = from_plain(false, text.substr(0, e));
    out.point += exponent;
    return out;
}

/// The sign of a - b.
int compare(const DecimalDigits& a, const DecimalDigits& b) {
    if (a.point != b.point) {
        return a.point > b.point ? 1 : -1;
    }
    const int c = a.digits.compare(b.digits); // no trailing zeros: a prefix is the smaller
    return c == 0 ? 0 : c > 0 ? 1 : -1;
}

std::optional<DecimalDigits> double_digits(double x) {
    if (!std::isfinite(x)) {
        return std::nullopt;
    }
    const bool negative = std::signbit(x);
    x = std::fabs(x);
    if (x == 0) {
        return DecimalDigits{negative, {}, 0, 0};
    }
    // Java's Double.toString digits: the shortest that read back as x.
    char shortest[40];
    const auto end =
        std::to_chars(shortest, shortest + sizeof shortest, x, std::chars_format::scientific);
    DecimalDigits out =
        from_scientific(std::string_view(shortest, static_cast<std::size_t>(end.ptr - shortest)));
    out.negative = negative;
    // The exact binary value: no double has more than 767 significant digits.
    char exact[800];
    std::snprintf(exact, sizeof exact, "%.766e", x);
    out.exact = compare(from_scientific(exact), out);
    return out;
}

} // namespace

std::optional<DecimalDigits> decimal_digits(const Value& number) {
    switch (number.kind()) {
    case Value::Kind::Integral: {
        const std::int64_t v = number.as_int();
        const std::uint64_t magnitude = v < 0 ? std::uint64_t{0} - static_cast<std::uint64_t>(v)
                                              : static_cast<std::uint64_t>(v);
        return from_plain(v < 0, std::to_string(magnitude));
    }
    case Value::Kind::Float:
        return double_digits(static_cast<double>(number.as_float()));
    case Value::Kind::Double:
        return double_digits(number.as_double());
    case Value::Kind::Decimal: {
        const std::string text = decimal_to_string(number.as_decimal());
        const bool negative = !text.empty() && text[0] == '-';
        return from_plain(negative, std::string_view(text).substr(negative ? 1 : 0));
    }
    default:
        return std::nullopt;
    }
}

std::optional<std::string> format_grouped(const DecimalDigits& number, int places) {
    std::string digits = number.digits;
    int point = number.point;
    const int cut = point + places; // how many digits are kept
    if (cut < 0) {
        digits.clear(); // the first digit is beyond the last place and the one after it
    } else if (static_cast<std::size_t>(cut) < digits.size()) {
        const char next = digits[static_cast<std::size_t>(cut)];
        bool up = next > '5';
        if (next == '5') {
            if (static_cast<std::size_t>(cut) + 1 < digits.size()) {
                up = true; // more (non-zero) digits follow
            } else if (number.exact != 0) {
                up = number.exact > 0; // the shortest form made a tie of what is not one
            } else {
                up = cut > 0 && (digits[static_cast<std::size_t>(cut) - 1] - '0') % 2 == 1;
            }
        }
        digits.resize(static_cast<std::size_t>(cut));
        if (up) {
            std::size_t i = digits.size();
            while (i > 0 && digits[i - 1] == '9') {
                digits[--i] = '0';
            }
            if (i == 0) {
                digits.insert(digits.begin(), '1');
                ++point;
            } else {
                ++digits[i - 1];
            }
        }
        while (!digits.empty() && digits.back() == '0') {
            digits.pop_back();
        }
    }
    if (digits.empty() && number.negative) {
        return std::nullopt; // Java's "-0": not modelled
    }
    const auto digit = [&](int at) {
        return at >= 0 && static_cast<std::size_t>(at) < digits.size()
                   ? digits[static_cast<std::size_t>(at)]
                   : '0';
    };
    std::string whole;
    for (int at = 0; at < point; ++at) {
        whole += digit(at);
    }
    if (whole.empty()) {
        whole.push_back('0');
    }
    std::string out;
    if (number.negative) {
        out.push_back('-');
    }
    for (std::size_t i = 0; i < whole.size(); ++i) {
        if (i > 0 && (whole.size() - i) % 3 == 0) {
            out += ',';
        }
        out += whole[i];
    }
    if (places > 0) {
        out += '.';
        for (int at = point; at < point + places; ++at) {
            out += digit(at);
        }
    }
    return out;
}

} // namespace prune
