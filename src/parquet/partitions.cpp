/// Spark's partition value inference (PartitioningUtils.inferPartitionColumnValue and
/// resolveTypeConflicts), restated as rules on the text of a folder name: see partitions.hpp.

#include "parquet/partitions.hpp"

#include <algorithm>
#include <cstdint>

#include "util/ascii.hpp"

namespace prune::parquet {
namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string_view strip_sign(std::string_view s) {
    return !s.empty() && (s[0] == '+' || s[0] == '-') ? s.substr(1) : s;
}

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), is_digit);
}

/// Java's Integer.parseInt / Long.parseLong on ASCII text: a sign, digits, within range.
bool parses_as_integer(std::string_view s, std::uint64_t max_positive) {
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
        if (is_digit(s[i])) {
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

/// Step 2: new BigDecimal(s) with scale 0 (a positive scale is refused by Spark's `require`, a
/// negative one by DecimalType.checkNegativeScale), as DecimalType.fromDecimal: decimal(p, 0).
TypePtr as_decimal(std::string_view s) {
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

/// Step 3: Java's Double.parseDouble in its decimal forms: blanks (any char <= ' ') trimmed, a
/// sign, NaN, Infinity, or a decimal number with an optional d/D/f/F suffix.
bool parses_as_double(std::string_view s) {
    s = java_trim(s);
    const std::string_view body = strip_sign(s);
    if (body == "NaN" || body == "Infinity") {
        return true;
    }
    if (!s.empty() && std::string_view("dDfF").find(s.back()) != std::string_view::npos) {
        s.remove_suffix(1);
    }
    return decimal_text(s).has_value();
}

int two_digits(std::string_view s, std::size_t at) {
    return (s[at] - '0') * 10 + (s[at + 1] - '0');
}

bool digits_at(std::string_view s, std::size_t at, std::size_t n) {
    return at + n <= s.size() && all_digits(s.substr(at, n));
}

/// `yyyy-MM-dd`, a valid date of the proleptic Gregorian calendar.
bool is_date(std::string_view s) {
    if (s.size() != 10 || !digits_at(s, 0, 4) || s[4] != '-' || !digits_at(s, 5, 2) ||
        s[7] != '-' || !digits_at(s, 8, 2)) {
        return false;
    }
    const int year = std::stoi(std::string(s.substr(0, 4)));
    const int month = two_digits(s, 5);
    const int day = two_digits(s, 8);
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12 || day < 1) {
        return false;
    }
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return day <= kDays[month - 1] + (month == 2 && leap ? 1 : 0);
}

/// `yyyy-MM-dd HH:mm:ss[.S...]`: Spark's partition timestamp pattern, 1 to 9 fraction digits.
bool is_timestamp(std::string_view s) {
    if (s.size() < 19 || !is_date(s.substr(0, 10)) || s[10] != ' ' || !digits_at(s, 11, 2) ||
        s[13] != ':' || !digits_at(s, 14, 2) || s[16] != ':' || !digits_at(s, 17, 2)) {
        return false;
    }
    if (two_digits(s, 11) > 23 || two_digits(s, 14) > 59 || two_digits(s, 17) > 59) {
        return false;
    }
    if (s.size() == 19) {
        return true;
    }
    const std::string_view fraction = s.substr(20);
    return s[19] == '.' && fraction.size() <= 9 && all_digits(fraction);
}

/// A decimal type as Spark widens it with an integral type (DecimalType.forType: int is
/// decimal(10,0), bigint decimal(20,0)); every inferred decimal has scale 0.
int decimal_digits(const DataType& t) {
    if (t.is(AtomicKind::Integer)) {
        return 10;
    }
    if (t.is(AtomicKind::Long)) {
        return 20;
    }
    return t.atomic()->precision;
}

} // namespace

std::string unescape_path_name(std::string_view name) {
    std::string out;
    out.reserve(name.size());
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] == '%' && i + 2 < name.size() && hex_digit_value(name[i + 1]) >= 0 &&
            hex_digit_value(name[i + 2]) >= 0) {
            out +=
                static_cast<char>(hex_digit_value(name[i + 1]) * 16 + hex_digit_value(name[i + 2]));
            i += 2;
        } else {
            out += name[i];
        }
    }
    return out;
}

TypePtr infer_partition_type(std::string_view raw) {
    if (parses_as_integer(raw, INT32_MAX)) {
        return int_type();
    }
    if (parses_as_integer(raw, INT64_MAX)) {
        return long_type();
    }
    if (TypePtr d = as_decimal(raw)) {
        return d;
    }
    if (parses_as_double(raw)) {
        return double_type();
    }
    if (is_timestamp(unescape_path_name(raw))) {
        return make_atomic(AtomicKind::Timestamp); // spark.sql.timestampType: TIMESTAMP_LTZ
    }
    if (is_date(raw)) {
        return make_atomic(AtomicKind::Date);
    }
    if (raw == kDefaultPartitionName) {
        return nullptr;
    }
    return string_type();
}

TypePtr wider_partition_type(const TypePtr& a, const TypePtr& b) {
    if (!a) {
        return b;
    }
    if (!b) {
        return a;
    }
    if (same_type(*a, *b)) {
        return a;
    }
    const auto rank = [](const DataType& t) {
        return t.is(AtomicKind::Integer)   ? 1
               : t.is(AtomicKind::Long)    ? 2
               : t.is(AtomicKind::Decimal) ? 3
               : t.is(AtomicKind::Double)  ? 4
                                           : 0;
    };
    const int ra = rank(*a);
    const int rb = rank(*b);
    if (ra > 0 && rb > 0) {
        if (ra == 4 || rb == 4) {
            return double_type();
        }
        if (ra == 3 || rb == 3) {
            return make_decimal(std::min(38, std::max(decimal_digits(*a), decimal_digits(*b))), 0);
        }
        return long_type();
    }
    const bool dates = (a->is(AtomicKind::Date) || a->is(AtomicKind::Timestamp)) &&
                       (b->is(AtomicKind::Date) || b->is(AtomicKind::Timestamp));
    if (dates) {
        return make_atomic(AtomicKind::Timestamp);
    }
    return string_type();
}

} // namespace prune::parquet
