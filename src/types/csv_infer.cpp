#include "types/csv_infer.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "types/datetime.hpp"
#include "util/ascii.hpp"

namespace prune {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

/// Advances `i` past the ASCII digits of `s` from it; how many there were.
std::size_t digits(std::string_view s, std::size_t& i) {
    const std::size_t start = i;
    while (i < s.size() && is_digit(s[i])) {
        ++i;
    }
    return i - start;
}

/// Scala's toInt and toLong (Java's parseInt, parseLong): a sign, then ASCII digits, in range.
/// Accumulated negatively against the limit, as Java does, so the least value fits.
template <class Int> bool parses_as(std::string_view s) {
    const bool signed_ = !s.empty() && (s[0] == '+' || s[0] == '-');
    const bool negative = signed_ && s[0] == '-';
    if (s.size() == (signed_ ? 1U : 0U)) {
        return false;
    }
    const Int limit = negative ? std::numeric_limits<Int>::min() : -std::numeric_limits<Int>::max();
    const Int multmin = limit / 10;
    Int result = 0;
    for (std::size_t i = signed_ ? 1 : 0; i < s.size(); ++i) {
        if (!is_digit(s[i])) {
            return false;
        }
        const auto d = static_cast<Int>(s[i] - '0');
        if (result < multmin) {
            return false;
        }
        result = static_cast<Int>(result * 10);
        if (result < limit + d) {
            return false;
        }
        result = static_cast<Int>(result - d);
    }
    return true;
}

/// `new java.math.BigDecimal(s)` of an integral value Spark's DecimalType takes, its precision:
/// a sign, digits with an optional point, an optional exponent, scale 0 (Spark disallows
/// scales above 0 here, and negative ones raise), at most 38 digits. nullopt otherwise.
std::optional<int> decimal_precision(std::string_view s) {
    std::size_t i = !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0;
    const std::size_t int_start = i;
    const std::size_t int_digits = digits(s, i);
    std::size_t fraction_digits = 0;
    std::size_t fraction_start = i;
    if (i < s.size() && s[i] == '.') {
        fraction_start = ++i;
        fraction_digits = digits(s, i);
    }
    if (int_digits + fraction_digits == 0) {
        return std::nullopt;
    }
    std::int64_t exponent = 0;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        const bool negative = i < s.size() && s[i] == '-';
        i += i < s.size() && (s[i] == '+' || s[i] == '-') ? 1U : 0U;
        const std::size_t start = i;
        if (digits(s, i) == 0 || i - start > 9) {
            return std::nullopt;
        }
        exponent = std::stoll(std::string(s.substr(start, i - start)));
        exponent = negative ? -exponent : exponent;
    }
    if (i != s.size() || static_cast<std::int64_t>(fraction_digits) != exponent) {
        return std::nullopt; // not a number, or a scale other than 0
    }
    std::string unscaled(s.substr(int_start, int_digits));
    unscaled += s.substr(fraction_start, fraction_digits);
    const std::size_t first = std::min(unscaled.find_first_not_of('0'), unscaled.size() - 1);
    const auto precision = static_cast<int>(unscaled.size() - first);
    return precision <= 38 ? std::optional<int>(precision) : std::nullopt;
}

/// Java's Double.parseDouble: blanks and control characters trimmed, a sign, then NaN,
/// Infinity, a decimal or a hexadecimal floating-point literal, with an optional f/d suffix.
bool parses_as_double(std::string_view s) {
    while (!s.empty() && static_cast<unsigned char>(s.front()) <= ' ') {
        s.remove_prefix(1);
    }
    while (!s.empty() && static_cast<unsigned char>(s.back()) <= ' ') {
        s.remove_suffix(1);
    }
    std::size_t i = !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0;
    const std::string_view body = s.substr(i);
    if (body == "NaN" || body == "Infinity") {
        return true;
    }
    const bool hex = body.size() > 1 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X');
    auto mantissa_digits = [&](std::size_t& at) {
        std::size_t n = 0;
        while (at < s.size() && (hex ? hex_digit_value(s[at]) >= 0 : is_digit(s[at]))) {
            ++at;
            ++n;
        }
        return n;
    };
    i += hex ? 2 : 0;
    std::size_t n = mantissa_digits(i);
    if (i < s.size() && s[i] == '.') {
        ++i;
        n += mantissa_digits(i);
    }
    if (n == 0) {
        return false;
    }
    const bool has_exponent =
        i < s.size() && (hex ? (s[i] == 'p' || s[i] == 'P') : (s[i] == 'e' || s[i] == 'E'));
    if (hex && !has_exponent) {
        return false; // a binary exponent is required
    }
    if (has_exponent) {
        ++i;
        i += i < s.size() && (s[i] == '+' || s[i] == '-') ? 1U : 0U;
        if (digits(s, i) == 0) {
            return false;
        }
    }
    if (i < s.size() && (s[i] == 'f' || s[i] == 'F' || s[i] == 'd' || s[i] == 'D')) {
        ++i;
    }
    return i == s.size();
}

/// The default `yyyy-MM-dd` date pattern, read strictly: four-digit year, two-digit month
/// and day, a real date.
bool parses_as_date(std::string_view s) {
    const bool shaped =
        s.size() == 10 && s[4] == '-' && s[7] == '-' &&
        std::all_of(s.begin(), s.end(), [](char c) { return is_digit(c) || c == '-'; });
    return shaped && string_to_date(s).has_value();
}

/// What CSVInferSchema.inferField infers for a non-empty field, starting from NullType with
/// the default options (preferDate, the session's timestamps with a zone); null with `error`
/// set where Spark's answer is not modelled.
TypePtr infer_field(std::string_view field, std::string& error) {
    const bool non_ascii = std::any_of(
        field.begin(), field.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
    if (non_ascii && std::all_of(field.begin(), field.end(), [](char c) {
            return static_cast<unsigned char>(c) >= 0x80 || is_digit(c) ||
                   std::string_view("+-.eE").find(c) != std::string_view::npos;
        })) {
        // Java's parseInt and BigDecimal read any Unicode decimal digit.
        error = "the field '";
        error += field;
        error += "' may hold digits Java reads beyond ASCII";
        return nullptr;
    }
    if (parses_as<std::int32_t>(field)) {
        return make_atomic(AtomicKind::Integer);
    }
    if (parses_as<std::int64_t>(field)) {
        return make_atomic(AtomicKind::Long);
    }
    if (const std::optional<int> precision = decimal_precision(field)) {
        return make_decimal(*precision, 0);
    }
    if (parses_as_double(field) || field == "Inf" || field == "-Inf") {
        return make_atomic(AtomicKind::Double);
    }
    if (parses_as_date(field)) {
        return make_atomic(AtomicKind::Date);
    }
    std::int64_t micros = 0;
    switch (string_to_timestamp(field, micros)) {
    case DateTimeStatus::Ok:
    case DateTimeStatus::TimeOnly:
        return make_atomic(AtomicKind::Timestamp);
    case DateTimeStatus::Invalid:
    case DateTimeStatus::CurrentTime: // a typed literal's word only; text here
        break;
    case DateTimeStatus::RegionZone:
        error = "the field '";
        error += field;
        error += "' is a timestamp only if its region-based zone exists, which is not checked";
        return nullptr;
    }
    if (ascii_lower(field) == "true" || ascii_lower(field) == "false") {
        return make_atomic(AtomicKind::Boolean);
    }
    return string_type();
}

/// The line's fields as Univocity's parser reads them with Spark's defaults (`,` between
/// fields, `"` quoting a whole field, blanks kept); nullopt with `error` set for the forms not
/// modelled.
std::optional<std::vector<std::string_view>> split_fields(std::string_view line,
                                                          std::string& error) {
    if (line.find_first_of("\r\n") != std::string_view::npos) {
        error = "a line break is not modelled";
        return std::nullopt;
    }
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (true) {
        std::string_view field;
        if (i < line.size() && line[i] == '"') {
            const std::size_t close = line.find('"', i + 1);
            field = line.substr(i + 1, close == std::string_view::npos ? 0 : close - i - 1);
            i = close == std::string_view::npos ? line.size() : close + 1;
            if (close == std::string_view::npos || (i < line.size() && line[i] != ',') ||
                field.find('\\') != std::string_view::npos) {
                error = "a quote or backslash inside a field is not modelled";
                return std::nullopt;
            }
        } else {
            const std::size_t end = std::min(line.find(',', i), line.size());
            field = line.substr(i, end - i);
            i = end;
            if (field.find_first_of("\"\\") != std::string_view::npos) {
                error = "a quote or backslash inside a field is not modelled";
                return std::nullopt;
            }
        }
        fields.push_back(field);
        if (i >= line.size()) {
            return fields;
        }
        ++i; // the comma
    }
}

} // namespace

TypePtr infer_csv_type(std::string_view line, std::string& error) {
    if (line.empty()) {
        error = "an empty line has no fields";
        return nullptr;
    }
    const std::optional<std::vector<std::string_view>> fields = split_fields(line, error);
    if (!fields) {
        return nullptr;
    }
    std::vector<StructField> out;
    for (std::size_t i = 0; i < fields->size(); ++i) {
        const std::string_view field = (*fields)[i];
        // An empty field keeps NullType, which toStructFields makes STRING.
        TypePtr type = field.empty() ? string_type() : infer_field(field, error);
        if (type == nullptr) {
            return nullptr;
        }
        std::string name = "_c";
        name += std::to_string(i);
        out.push_back(StructField{std::move(name), std::move(type), true, "{}"});
    }
    return make_struct(std::move(out));
}

} // namespace prune
