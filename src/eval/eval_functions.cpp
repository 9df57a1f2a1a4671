// The catalog's functions (plan/functions.cpp) with Spark 4's ANSI semantics, from one table
// that gives each row's Spark class its evaluator (or the reason --verify refuses it), and the
// aggregate functions over a group's rows.
//
//     slice(items, -2, 5)      items = [a, b, c]   -> [b, c]
//     slice(items, 0, 1)                           -> INVALID_PARAMETER_VALUE.START
//     array_contains([1, null], 2)                 -> NULL (a null element might have matched)
//     coalesce(a, 1 / 0)       a = 5               -> 5 (later arguments are not evaluated)

#include <algorithm>
#include <bit>
#include <cmath>
#include <initializer_list>
#include <iterator>
#include <limits>
#include <optional>
#include <regex>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "diag/utf8.hpp"
#include "eval/charsets.hpp"
#include "eval/conv.hpp"
#include "eval/eval_internal.hpp"
#include "eval/function_table.hpp"
#include "eval/java_base64.hpp"
#include "eval/java_number_format.hpp"
#include "eval/java_uri.hpp"
#include "types/datetime.hpp"
#include "types/datetime_pattern.hpp"
#include "types/number_pattern.hpp"
#include "util/ascii.hpp"
#include "util/edit_distance.hpp"

namespace prune::eval_detail {
namespace {

using Args = ExprList;

std::string text_of(const Value& v) {
    return v.kind() == Value::Kind::Binary ? v.as_binary() : v.as_string();
}

bool contains_value(const std::vector<Value>& items, const Value& x) {
    return std::any_of(items.begin(), items.end(),
                       [&](const Value& y) { return compare_mixed(x, y) == 0; });
}

// Spark's ArrayContains on a non-null `x`: true when an element equals it (a null before it
// does not matter), else NULL when an element is null, else false.
Value contains_or_null(const std::vector<Value>& items, const Value& x) {
    bool saw_null = false;
    for (const Value& y : items) {
        if (y.is_null()) {
            saw_null = true;
        } else if (compare_mixed(y, x) == 0) {
            return Value::boolean(true);
        }
    }
    return saw_null ? Value::null() : Value::boolean(false);
}

// Spark's array set operations: distinct elements in order of first appearance, one null at
// most (nulls are equal to each other here).
void add_distinct(std::vector<Value>& out, bool& has_null, const Value& x) {
    if (x.is_null()) {
        if (!has_null) {
            has_null = true;
            out.push_back(x);
        }
        return;
    }
    if (!contains_value(out, x)) {
        out.push_back(x);
    }
}

/// The longest string `--verify` builds (space, lpad, rpad, repeat): Spark would build a longer
/// one, up to 2 GB, but checking a rewrite never needs it, and a run must not stall on it.
constexpr double kMaxBuiltString = 16e6;
void require_buildable(double bytes, std::string_view function) {
    if (bytes > kMaxBuiltString) {
        unsupported(std::string(function) + " building a string of more than 16 MB");
    }
}

std::regex compile_regex(const std::string& pattern) {
    try {
        return std::regex(pattern, std::regex::ECMAScript);
    } catch (const std::regex_error&) {
        unsupported("the regular expression '" + pattern + "' (Java syntax beyond ECMAScript)");
    }
}

/// Spark's RegExpExtractBase.checkGroupIndex: a group `re` has, else its runtime error.
std::size_t group_index(const std::regex& re, std::int64_t group, std::string_view function) {
    if (group < 0 || group > static_cast<std::int64_t>(re.mark_count())) {
        raise("INVALID_PARAMETER_VALUE.REGEX_GROUP_INDEX",
              "The value of parameter(s) `idx` in `" + std::string(function) +
                  "` is invalid: Expects group index between 0 and " +
                  std::to_string(re.mark_count()) + ", but got " + std::to_string(group) + ".");
    }
    return static_cast<std::size_t>(group);
}

/// `text` in upper or lower case, as Spark's Upper/Lower; only ASCII letters change, so other
/// text cannot be checked (`function` names the caller in the refusal).
std::string ascii_case(std::string text, bool upper, std::string_view function) {
    for (char& c : text) {
        if (upper && c >= 'a' && c <= 'z') {
            c = static_cast<char>(c - 32);
        } else if (!upper && c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c + 32);
        } else if (static_cast<unsigned char>(c) >= 0x80) {
            unsupported("'" + std::string(function) + "' of non-ASCII text");
        }
    }
    return text;
}

bool like_match(std::string_view text, std::string_view pattern, std::string_view escape) {
    // Code points of both, then a classic wildcard match. As Spark's escapeLikeRegex: the
    // escape character makes a following `_`, `%` or escape character literal, and may
    // precede nothing else.
    const std::vector<std::string_view> t = split_code_points(text);
    struct Token {
        std::string_view cp;
        char wildcard; // '%', '_' or 0
    };
    std::vector<Token> p;
    const std::vector<std::string_view> pc = split_code_points(pattern);
    for (std::size_t i = 0; i < pc.size(); ++i) {
        if (pc[i] == escape) {
            if (i + 1 == pc.size()) {
                raise("INVALID_FORMAT.ESC_AT_THE_END",
                      "The format is invalid: '" + std::string(pattern) +
                          "'. The escape character is not allowed to end with.");
            }
            const std::string_view next = pc[++i];
            if (next != "_" && next != "%" && next != escape) {
                raise("INVALID_FORMAT.ESC_IN_THE_MIDDLE",
                      "The format is invalid: '" + std::string(pattern) +
                          "'. The escape character is not allowed to precede '" +
                          std::string(next) + "'.");
            }
            p.push_back(Token{next, 0});
        } else if (pc[i] == "%" || pc[i] == "_") {
            p.push_back(Token{pc[i], pc[i][0]});
        } else {
            p.push_back(Token{pc[i], 0});
        }
    }
    std::size_t ti = 0;
    std::size_t pi = 0;
    std::size_t star = std::string_view::npos;
    std::size_t mark = 0;
    while (ti < t.size()) {
        if (pi < p.size() &&
            (p[pi].wildcard == '_' || (p[pi].wildcard == 0 && p[pi].cp == t[ti]))) {
            ++ti;
            ++pi;
        } else if (pi < p.size() && p[pi].wildcard == '%') {
            star = pi++;
            mark = ti;
        } else if (star != std::string_view::npos) {
            pi = star + 1;
            ti = ++mark;
        } else {
            return false;
        }
    }
    while (pi < p.size() && p[pi].wildcard == '%') {
        ++pi;
    }
    return pi == p.size();
}

std::string trim_chars(const std::string& s, const std::string& chars, bool left, bool right) {
    const std::vector<std::string_view> cps = split_code_points(s);
    const std::vector<std::string_view> set = split_code_points(chars);
    auto in_set = [&](std::string_view cp) {
        return std::find(set.begin(), set.end(), cp) != set.end();
    };
    std::size_t begin = 0;
    std::size_t end = cps.size();
    while (left && begin < end && in_set(cps[begin])) {
        ++begin;
    }
    while (right && end > begin && in_set(cps[end - 1])) {
        --end;
    }
    std::string out;
    for (std::size_t i = begin; i < end; ++i) {
        out += cps[i];
    }
    return out;
}

// Java's String.split(regex, limit) as Spark's StringSplit calls it (limit <= 0: no limit,
// trailing empty strings kept).
std::vector<Value> java_split(const std::string& s, const std::string& pattern,
                              std::int64_t limit) {
    std::vector<Value> out;
    if (s.empty()) {
        out.push_back(Value::string(""));
        return out;
    }
    const std::regex re = compile_regex(pattern);
    std::size_t start = 0;
    auto it = std::sregex_iterator(s.begin(), s.end(), re);
    for (; it != std::sregex_iterator(); ++it) {
        if (limit > 0 && static_cast<std::int64_t>(out.size()) == limit - 1) {
            break;
        }
        const auto pos = static_cast<std::size_t>(it->position(0));
        const auto len = static_cast<std::size_t>(it->length(0));
        if (len == 0) {
            if (pos == 0 || pos >= s.size()) {
                continue; // Java drops a leading empty match and never splits at the end
            }
        }
        if (pos == 0 && len > 0 && start == 0 && out.empty()) {
            out.push_back(Value::string(""));
            start = pos + len;
            continue;
        }
        out.push_back(Value::string(s.substr(start, pos - start)));
        start = pos + len;
    }
    out.push_back(Value::string(s.substr(start)));
    return out;
}

// Java's Formatter for the conversions SQL users write: %s %d %f %e %x %b %c %% %n with
// flags, width and precision.
std::string java_format(const std::string& fmt, const std::vector<Value>& args,
                        const std::vector<TypePtr>& types) {
    std::string out;
    std::size_t next = 0;
    for (std::size_t i = 0; i < fmt.size(); ++i) {
        if (fmt[i] != '%') {
            out.push_back(fmt[i]);
            continue;
        }
        std::size_t j = i + 1;
        std::string flags;
        while (j < fmt.size() &&
               std::string_view("-+ 0,#").find(fmt[j]) != std::string_view::npos) {
            flags.push_back(fmt[j++]);
        }
        int width = -1;
        while (j < fmt.size() && fmt[j] >= '0' && fmt[j] <= '9') {
            width = (width < 0 ? 0 : width * 10) + (fmt[j++] - '0');
        }
        int precision = -1;
        if (j < fmt.size() && fmt[j] == '.') {
            ++j;
            precision = 0;
            while (j < fmt.size() && fmt[j] >= '0' && fmt[j] <= '9') {
                precision = precision * 10 + (fmt[j++] - '0');
            }
        }
        if (j >= fmt.size()) {
            raise("FORMAT_STRING", "Format specifier '" + fmt.substr(i) + "' is incomplete");
        }
        const char conv = fmt[j];
        i = j;
        if (conv == '%') {
            out.push_back('%');
            continue;
        }
        if (conv == 'n') {
            out.push_back('\n');
            continue;
        }
        if (flags.find(',') != std::string::npos || flags.find('#') != std::string::npos) {
            unsupported("format_string flag in '" + fmt + "'");
        }
        if (next >= args.size()) {
            raise("MISSING_FORMAT_ARGUMENT", "Format specifier '%" + std::string(1, conv) + "'");
        }
        const Value& v = args[next];
        const DataType& t = *types[next];
        ++next;
        std::string body;
        switch (conv) {
        case 's':
        case 'S':
            body = v.is_null() ? "null" : display_string(v, t);
            if (precision >= 0) {
                const auto cps = split_code_points(body);
                if (cps.size() > static_cast<std::size_t>(precision)) {
                    std::string cut;
                    for (std::size_t k = 0; k < static_cast<std::size_t>(precision); ++k) {
                        cut += cps[k];
                    }
                    body = cut;
                }
            }
            if (conv == 'S') {
                std::transform(body.begin(), body.end(), body.begin(), [](char c) {
                    return static_cast<char>(c >= 'a' && c <= 'z' ? c - 32 : c);
                });
            }
            break;
        case 'b':
        case 'B':
            body = v.is_null()                        ? "false"
                   : v.kind() == Value::Kind::Boolean ? (v.as_bool() ? "true" : "false")
                                                      : "true";
            break;
        case 'd':
        case 'x':
        case 'X': {
            if (v.is_null()) {
                body = "null";
                break;
            }
            if (v.kind() != Value::Kind::Integral) {
                raise("ILLEGAL_FORMAT_CONVERSION",
                      std::string(1, conv) + " != " + catalog_string(t));
            }
            const std::int64_t n = v.as_int();
            if (conv == 'd') {
                body = std::to_string(n);
                if (n >= 0 && flags.find('+') != std::string::npos) {
                    body = "+" + body;
                } else if (n >= 0 && flags.find(' ') != std::string::npos) {
                    body = " " + body;
                }
            } else {
                char buf[32];
                std::snprintf(buf, sizeof buf, conv == 'x' ? "%llx" : "%llX",
                              static_cast<unsigned long long>(n));
                body = buf;
            }
            break;
        }
        case 'f':
        case 'e':
        case 'E': {
            if (v.is_null()) {
                body = "null";
                break;
            }
            if (v.kind() != Value::Kind::Double && v.kind() != Value::Kind::Float &&
                v.kind() != Value::Kind::Decimal) {
                raise("ILLEGAL_FORMAT_CONVERSION",
                      std::string(1, conv) + " != " + catalog_string(t));
            }
            const double d = to_double(v);
            if (std::isnan(d) || std::isinf(d)) {
                body = std::isnan(d) ? "NaN" : (d > 0 ? "Infinity" : "-Infinity");
                break;
            }
            std::string spec = "%";
            if (flags.find('+') != std::string::npos) {
                spec += '+';
            } else if (flags.find(' ') != std::string::npos) {
                spec += ' ';
            }
            spec += "." + std::to_string(precision < 0 ? 6 : precision) + conv;
            char buf[512];
            std::snprintf(buf, sizeof buf, spec.c_str(), d);
            body = buf;
            break;
        }
        case 'c':
            if (v.is_null()) {
                body = "null";
            } else if (v.kind() == Value::Kind::Integral && v.as_int() >= 0 && v.as_int() < 128) {
                body = std::string(1, static_cast<char>(v.as_int()));
            } else {
                unsupported("format_string %c of a non-ASCII value");
            }
            break;
        default:
            unsupported(std::string("format_string conversion '%") + conv + "'");
        }
        if (width >= 0) {
            const std::size_t len = code_points(body);
            if (len < static_cast<std::size_t>(width)) {
                const std::size_t fill = static_cast<std::size_t>(width) - len;
                if (flags.find('-') != std::string::npos) {
                    body.append(fill, ' ');
                } else if (flags.find('0') != std::string::npos && conv != 's' && conv != 'S') {
                    const std::size_t sign =
                        !body.empty() && (body[0] == '-' || body[0] == '+' || body[0] == ' ') ? 1
                                                                                              : 0;
                    body.insert(sign, fill, '0');
                } else {
                    body.insert(0, fill, ' ');
                }
            }
        }
        out += body;
    }
    return out;
}

Value round_value(const Value& v, const DataType& in, const DataType& out, std::int64_t scale,
                  int mode /* 0 half up, 2 half even, -1 floor, 1 ceil */) {
    auto round_decimal = [&](const DecimalValue& d, std::int64_t s) -> std::optional<DecimalValue> {
        const int target = static_cast<int>(std::clamp<std::int64_t>(s, -38, 38));
        if (target >= d.scale) {
            return d;
        }
        const Int128 factor = pow10_128(std::min(d.scale - target, 38));
        Int128 q = d.unscaled / factor;
        const Int128 r = d.unscaled % factor;
        if (mode == 0) {
            if ((r < 0 ? -r : r) * 2 >= factor) {
                q += d.unscaled < 0 ? -1 : 1;
            }
        } else if (mode == 2) {
            const Int128 twice = (r < 0 ? -r : r) * 2;
            if (twice > factor || (twice == factor && q % 2 != 0)) {
                q += d.unscaled < 0 ? -1 : 1;
            }
        } else if (mode < 0 && r < 0) {
            q -= 1;
        } else if (mode > 0 && r > 0) {
            q += 1;
        }
        if (target >= 0) {
            return DecimalValue{q, target};
        }
        // A negative scale: back to scale 0, as Spark's result type has it.
        const Int128 back = pow10_128(-target);
        const Int128 limit = pow10_128(38);
        if ((q < 0 ? -q : q) > limit / back) {
            return std::nullopt;
        }
        return DecimalValue{q * back, 0};
    };
    switch (v.kind()) {
    case Value::Kind::Decimal: {
        std::optional<DecimalValue> r = round_decimal(v.as_decimal(), scale);
        const AtomicType* a = out.atomic();
        Int128 unscaled = 0;
        if (!r || a == nullptr || !rescale_decimal(*r, a->scale, unscaled) ||
            !decimal_fits(unscaled, a->precision)) {
            return Value::null();
        }
        return Value::decimal(unscaled, a->scale);
    }
    case Value::Kind::Integral: {
        if (scale >= 0) {
            return v;
        }
        std::optional<DecimalValue> r = round_decimal(DecimalValue{v.as_int(), 0}, scale);
        if (!r || r->unscaled > std::numeric_limits<std::int64_t>::max() ||
            r->unscaled < std::numeric_limits<std::int64_t>::min() ||
            !fits_integral(static_cast<std::int64_t>(r->unscaled), atomic_kind(in))) {
            raise("ARITHMETIC_OVERFLOW", "Overflow in rounding.");
        }
        return Value::integral(static_cast<std::int64_t>(r->unscaled));
    }
    case Value::Kind::Double:
    case Value::Kind::Float: {
        const double d = to_double(v);
        if (std::isnan(d) || std::isinf(d)) {
            return v;
        }
        // Spark: BigDecimal(d) (from Double.toString), setScale(HALF_UP), toDouble.
        const std::string text =
            v.kind() == Value::Kind::Float ? java_float_text(v.as_float()) : java_double_text(d);
        Int128 unscaled = 0;
        int s = 0;
        if (!parse_decimal(text, unscaled, s)) {
            unsupported("rounding " + text);
        }
        std::optional<DecimalValue> r = round_decimal(DecimalValue{unscaled, s}, scale);
        if (!r) {
            unsupported("rounding " + text);
        }
        const double result = decimal_to_double(*r);
        return v.kind() == Value::Kind::Float ? Value::float32(static_cast<float>(result))
                                              : Value::float64(result);
    }
    default:
        return v;
    }
}

Value floor_ceil(const Value& v, const DataType& out, bool ceil) {
    switch (v.kind()) {
    case Value::Kind::Double: {
        const double d = ceil ? std::ceil(v.as_double()) : std::floor(v.as_double());
        // Java's (long) conversion: NaN is 0, out of range saturates.
        if (std::isnan(d)) {
            return Value::integral(0);
        }
        if (d >= 9.2233720368547758e18) {
            return Value::integral(std::numeric_limits<std::int64_t>::max());
        }
        if (d <= -9.2233720368547758e18) {
            return Value::integral(std::numeric_limits<std::int64_t>::min());
        }
        return Value::integral(static_cast<std::int64_t>(d));
    }
    case Value::Kind::Integral:
        return v;
    case Value::Kind::Decimal: {
        const DecimalValue& d = v.as_decimal();
        const Int128 factor = pow10_128(d.scale);
        Int128 q = d.unscaled / factor;
        const Int128 r = d.unscaled % factor;
        if (ceil && r > 0) {
            q += 1;
        } else if (!ceil && r < 0) {
            q -= 1;
        }
        const AtomicType* a = out.atomic();
        if (a != nullptr && a->kind == AtomicKind::Decimal) {
            return Value::decimal(q, 0);
        }
        return Value::integral(static_cast<std::int64_t>(q));
    }
    default:
        return v;
    }
}

/// The cube root as Java's Math.cbrt gives it: glibc's is a unit in the last place off for
/// some exact cubes (27 gives 3.0000000000000004), so of it and its two neighbours the one
/// whose cube is nearest to `x` wins.
double nearest_cbrt(double x) {
    const double root = std::cbrt(x);
    if (!std::isfinite(root)) {
        return root;
    }
    double best = root;
    const auto error = [x](double r) {
        const long double c = static_cast<long double>(r) * r * r;
        return std::fabs(c - static_cast<long double>(x));
    };
    for (const double candidate :
         {std::nextafter(root, -HUGE_VAL), std::nextafter(root, HUGE_VAL)}) {
        if (error(candidate) < error(best)) {
            best = candidate;
        }
    }
    return best;
}

/// 0 for Monday to 6 for Sunday (1970-01-01 was a Thursday).
std::int64_t monday_based_weekday(std::int64_t days) { return floor_mod(days + 3, 7); }

/// The ISO-8601 week of the year (Java's IsoFields.WEEK_OF_WEEK_BASED_YEAR): the week holding
/// the year's first Thursday is week 1, weeks start on Monday.
std::int64_t iso_week(std::int64_t days) {
    const std::int64_t thursday = days - monday_based_weekday(days) + 3;
    const Civil t = civil_from_days(thursday);
    return (thursday - days_from_civil(t.year, 1, 1)) / 7 + 1;
}

std::int64_t days_in_month(std::int64_t year, unsigned month) {
    return month == 12 ? 31 : days_from_civil(year, month + 1, 1) - days_from_civil(year, month, 1);
}

/// Spark's DateTimeUtils.parseTruncLevel: the units date_trunc and trunc know, finest first.
enum class TruncLevel {
    Microsecond,
    Millisecond,
    Second,
    Minute,
    Hour,
    Day,
    Week,
    Month,
    Quarter,
    Year
};

std::optional<TruncLevel> trunc_level(std::string_view unit) {
    static const std::pair<std::string_view, TruncLevel> kUnits[] = {
        {"MICROSECOND", TruncLevel::Microsecond},
        {"MILLISECOND", TruncLevel::Millisecond},
        {"SECOND", TruncLevel::Second},
        {"MINUTE", TruncLevel::Minute},
        {"HOUR", TruncLevel::Hour},
        {"DAY", TruncLevel::Day},
        {"DD", TruncLevel::Day},
        {"WEEK", TruncLevel::Week},
        {"MON", TruncLevel::Month},
        {"MONTH", TruncLevel::Month},
        {"MM", TruncLevel::Month},
        {"QUARTER", TruncLevel::Quarter},
        {"YEAR", TruncLevel::Year},
        {"YYYY", TruncLevel::Year},
        {"YY", TruncLevel::Year},
    };
    for (const auto& [name, level] : kUnits) {
        if (equal_ignoring_ascii_case(name, unit)) {
            return level;
        }
    }
    return std::nullopt;
}

/// The first day of the week (Monday), month, quarter or year holding `days`.
std::int64_t trunc_days(std::int64_t days, TruncLevel level) {
    const Civil d = civil_from_days(days);
    switch (level) {
    case TruncLevel::Week:
        return days - monday_based_weekday(days);
    case TruncLevel::Month:
        return days_from_civil(d.year, d.month, 1);
    case TruncLevel::Quarter:
        return days_from_civil(d.year, (d.month - 1) / 3 * 3 + 1, 1);
    case TruncLevel::Year:
        return days_from_civil(d.year, 1, 1);
    default:
        return days;
    }
}

std::int64_t checked_micros(std::int64_t a, std::int64_t b, bool multiply) {
    std::int64_t out = 0;
    if (multiply ? __builtin_mul_overflow(a, b, &out) : __builtin_add_overflow(a, b, &out)) {
        raise("ARITHMETIC_OVERFLOW", "long overflow");
    }
    return out;
}

/// Java's LocalDate.plusMonths over days since the epoch: the day kept or clamped to the
/// month's last.
std::int64_t plus_months_to_days(std::int64_t day, std::int64_t months) {
    const Civil d = civil_from_days(day);
    const std::int64_t total = d.year * 12 + (d.month - 1) + months;
    const std::int64_t year = floor_div(total, 12);
    const auto month = static_cast<unsigned>(floor_mod(total, 12) + 1);
    return days_from_civil(year, month, 1) +
           std::min<std::int64_t>(d.day, days_in_month(year, month)) - 1;
}

/// Java's LocalDateTime.plusMonths over micros since the epoch (UTC), the time of day kept;
/// a result past a long's micros is an overflow, as Spark's instantToMicros raises.
std::int64_t plus_months(std::int64_t micros, std::int64_t months) {
    const std::int64_t days = plus_months_to_days(floor_div(micros, kMicrosPerDay), months);
    return checked_micros(checked_micros(days, kMicrosPerDay, true),
                          floor_mod(micros, kMicrosPerDay), false);
}

/// The micros of a time-based unit of timestampadd/timestampdiff, or 0 for a date-based one.
std::int64_t unit_micros(std::string_view unit) {
    static constexpr std::pair<std::string_view, std::int64_t> kUnits[] = {
        {"MICROSECOND", 1},
        {"MILLISECOND", 1000},
        {"SECOND", kMicrosPerSecond},
        {"MINUTE", kMicrosPerMinute},
        {"HOUR", kMicrosPerHour}};
    for (const auto& [name, micros] : kUnits) {
        if (name == unit) {
            return micros;
        }
    }
    return 0;
}

/// Spark: DateTimeUtils.timestampAdd in the UTC zone — a time-based unit adds micros, DAY and
/// WEEK add days, MONTH, QUARTER and YEAR add months (LocalDateTime.plusMonths).
std::int64_t timestamp_add(std::string_view unit, std::int64_t n, std::int64_t micros) {
    if (const std::int64_t each = unit_micros(unit)) {
        return checked_micros(micros, checked_micros(n, each, true), false);
    }
    if (unit == "DAY" || unit == "WEEK") {
        const std::int64_t days = checked_micros(n, unit == "WEEK" ? 7 : 1, true);
        return checked_micros(micros, checked_micros(days, kMicrosPerDay, true), false);
    }
    const std::int64_t months = checked_micros(n,
                                               unit == "YEAR"      ? 12
                                               : unit == "QUARTER" ? 3
                                                                   : 1,
                                               true);
    return plus_months(micros, months);
}

/// Spark: DateTimeUtils.timestampDiff in the UTC zone, Java's ChronoUnit.between of two
/// LocalDateTimes: whole units, truncated towards zero.
std::int64_t timestamp_diff(std::string_view unit, std::int64_t start, std::int64_t end) {
    if (const std::int64_t each = unit_micros(unit)) {
        return (end - start) / each;
    }
    // LocalDateTime.until for a date-based unit: the end date moves a day towards the start
    // when its time of day has not reached the start's, then LocalDate.until.
    std::int64_t start_day = floor_div(start, kMicrosPerDay);
    std::int64_t end_day = floor_div(end, kMicrosPerDay);
    const std::int64_t start_time = floor_mod(start, kMicrosPerDay);
    const std::int64_t end_time = floor_mod(end, kMicrosPerDay);
    if (end_day > start_day && end_time < start_time) {
        --end_day;
    } else if (end_day < start_day && end_time > start_time) {
        ++end_day;
    }
    if (unit == "DAY" || unit == "WEEK") {
        return (end_day - start_day) / (unit == "WEEK" ? 7 : 1);
    }
    // LocalDate.monthsUntil: (prolepticMonth * 32 + day) differences, over 32.
    const Civil a = civil_from_days(start_day);
    const Civil b = civil_from_days(end_day);
    const std::int64_t packed_a = (a.year * 12 + a.month - 1) * 32 + a.day;
    const std::int64_t packed_b = (b.year * 12 + b.month - 1) * 32 + b.day;
    const std::int64_t months = (packed_b - packed_a) / 32;
    return months / (unit == "YEAR" ? 12 : unit == "QUARTER" ? 3 : 1);
}

/// SHA-1 of `bytes` as lower-case hex (Spark: Sha1, DigestUtils.sha1Hex).
std::string sha1_hex(std::string_view bytes) {
    std::uint32_t h[5] = {0x67452301U, 0xEFCDAB89U, 0x98BADCFEU, 0x10325476U, 0xC3D2E1F0U};
    std::string msg(bytes);
    const std::uint64_t bits = static_cast<std::uint64_t>(bytes.size()) * 8U;
    msg.push_back(static_cast<char>(0x80));
    while (msg.size() % 64 != 56) {
        msg.push_back('\0');
    }
    for (int i = 7; i >= 0; --i) {
        msg.push_back(static_cast<char>((bits >> (8 * i)) & 0xFFU));
    }
    const auto rotl = [](std::uint32_t x, unsigned r) { return (x << r) | (x >> (32U - r)); };
    for (std::size_t block = 0; block < msg.size(); block += 64) {
        std::uint32_t w[80];
        for (std::size_t t = 0; t < 16; ++t) {
            w[t] = 0;
            for (std::size_t k = 0; k < 4; ++k) {
                w[t] = (w[t] << 8U) | static_cast<std::uint8_t>(msg[block + t * 4 + k]);
            }
        }
        for (std::size_t t = 16; t < 80; ++t) {
            w[t] = rotl(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
        }
        std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
        for (std::size_t t = 0; t < 80; ++t) {
            std::uint32_t f = 0;
            std::uint32_t k = 0;
            if (t < 20) {
                f = (b & c) | (~b & d);
                k = 0x5A827999U;
            } else if (t < 40) {
                f = b ^ c ^ d;
                k = 0x6ED9EBA1U;
            } else if (t < 60) {
                f = (b & c) | (b & d) | (c & d);
                k = 0x8F1BBCDCU;
            } else {
                f = b ^ c ^ d;
                k = 0xCA62C1D6U;
            }
            const std::uint32_t next = rotl(a, 5) + f + e + k + w[t];
            e = d;
            d = c;
            c = rotl(b, 30);
            b = a;
            a = next;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
    }
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    for (const std::uint32_t word : h) {
        for (int i = 28; i >= 0; i -= 4) {
            out.push_back(kDigits[(word >> static_cast<unsigned>(i)) & 0xFU]);
        }
    }
    return out;
}

/// CRC-32 (IEEE, java.util.zip.CRC32) of `bytes`.
std::uint32_t crc32_of(std::string_view bytes) {
    std::uint32_t crc = 0xFFFFFFFFU;
    for (const char ch : bytes) {
        crc ^= static_cast<std::uint8_t>(ch);
        for (int k = 0; k < 8; ++k) {
            crc = (crc & 1U) != 0 ? (crc >> 1U) ^ 0xEDB88320U : crc >> 1U;
        }
    }
    return ~crc;
}

/// Base64 without line breaks (java.util.Base64's basic encoder).
std::string base64_of(std::string_view bytes) {
    static constexpr char kAlphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        std::uint32_t chunk = 0;
        const std::size_t n = std::min<std::size_t>(3, bytes.size() - i);
        for (std::size_t k = 0; k < 3; ++k) {
            chunk = (chunk << 8U) | (k < n ? static_cast<std::uint8_t>(bytes[i + k]) : 0U);
        }
        for (std::size_t k = 0; k < 4; ++k) {
            out.push_back(k <= n ? kAlphabet[(chunk >> (18U - 6U * k)) & 0x3FU] : '=');
        }
    }
    return out;
}

/// A code point as UTF-8.
std::string utf8_of(std::uint32_t cp) {
    std::string out;
    if (cp < 0x80) {
        out.push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
        out.push_back(static_cast<char>(0xC0U | (cp >> 6U)));
        out.push_back(static_cast<char>(0x80U | (cp & 0x3FU)));
    } else if (cp < 0x10000) {
        out.push_back(static_cast<char>(0xE0U | (cp >> 12U)));
        out.push_back(static_cast<char>(0x80U | ((cp >> 6U) & 0x3FU)));
        out.push_back(static_cast<char>(0x80U | (cp & 0x3FU)));
    } else {
        out.push_back(static_cast<char>(0xF0U | (cp >> 18U)));
        out.push_back(static_cast<char>(0x80U | ((cp >> 12U) & 0x3FU)));
        out.push_back(static_cast<char>(0x80U | ((cp >> 6U) & 0x3FU)));
        out.push_back(static_cast<char>(0x80U | (cp & 0x3FU)));
    }
    return out;
}

/// The code point of one UTF-8 character.
std::uint32_t code_point_of(std::string_view ch) {
    const auto lead = static_cast<std::uint8_t>(ch[0]);
    if (ch.size() == 1) {
        return lead;
    }
    std::uint32_t cp = lead & (ch.size() == 2 ? 0x1FU : ch.size() == 3 ? 0x0FU : 0x07U);
    for (std::size_t i = 1; i < ch.size(); ++i) {
        cp = (cp << 6U) | (static_cast<std::uint8_t>(ch[i]) & 0x3FU);
    }
    return cp;
}

/// Spark: UTF8String.subStringIndex — the part before the count-th delimiter from the left
/// (after the -count-th from the right, for a negative count); occurrences may overlap.
std::string substring_index(const std::string& s, const std::string& delim, std::int64_t count) {
    if (delim.empty() || count == 0) {
        return "";
    }
    if (count > 0) {
        std::size_t from = 0;
        for (std::int64_t left = count;;) {
            const std::size_t hit = s.find(delim, from);
            if (hit == std::string::npos) {
                return s;
            }
            if (--left == 0) {
                return s.substr(0, hit);
            }
            from = hit + 1;
        }
    }
    if (s.size() < delim.size()) {
        return s;
    }
    std::size_t from = s.size() - delim.size();
    for (std::int64_t left = -count;;) {
        const std::size_t hit = s.rfind(delim, from);
        if (hit == std::string::npos) {
            return s;
        }
        if (--left == 0) {
            return s.substr(hit + delim.size());
        }
        if (hit == 0) {
            return s;
        }
        from = hit - 1;
    }
}

/// A datetime pattern compiled for `use` (Spark's Iso8601TimestampFormatter), cached by its
/// text; a pattern Spark rejects, or whose meaning is not implemented, is refused with why.
const DateTimePattern& datetime_pattern(const std::string& pattern, DateTimePattern::Use use,
                                        std::string_view function) {
    thread_local std::unordered_map<std::string, DateTimePattern> cache[2];
    auto& patterns = cache[use == DateTimePattern::Use::Parse ? 1 : 0];
    if (const auto hit = patterns.find(pattern); hit != patterns.end()) {
        return hit->second;
    }
    std::string why;
    std::optional<DateTimePattern> compiled = DateTimePattern::compile(pattern, use, why);
    if (!compiled) {
        unsupported(std::string(function) + " with the pattern '" + pattern + "': " + why);
    }
    if (patterns.size() >= 256) {
        patterns.clear();
    }
    return patterns.emplace(pattern, std::move(*compiled)).first->second;
}

/// The timestamp formatted by the pattern in the UTC session zone (TimestampFormatter.format).
std::string format_timestamp(std::int64_t micros, const std::string& pattern,
                             std::string_view function) {
    return datetime_pattern(pattern, DateTimePattern::Use::Format, function).format(micros);
}

/// Micros since the epoch of text parsed by the pattern (Iso8601TimestampFormatter.parse, the
/// UTC session zone); text it does not match raises CANNOT_PARSE_TIMESTAMP, as Spark's
/// ToTimestamp does with ANSI on (its `try_` forms catch it).
std::int64_t parse_timestamp(const std::string& text, const std::string& pattern,
                             std::string_view function) {
    const DateTimePattern::ParseResult r =
        datetime_pattern(pattern, DateTimePattern::Use::Parse, function).parse(text);
    switch (r.status) {
    case DateTimePattern::ParseResult::Status::Ok:
        break;
    case DateTimePattern::ParseResult::Status::Unsupported:
        unsupported(std::string(function) + " of '" + text + "' with the pattern '" + pattern +
                    "': " + r.message);
    case DateTimePattern::ParseResult::Status::Invalid:
        // Spark: QueryExecutionErrors.ansiDateTimeParseError with the suggested function.
        raise("CANNOT_PARSE_TIMESTAMP",
              r.message + ". Use `" +
                  (function == "to_date" || function == "try_to_date" ? "try_to_date"
                                                                      : "try_to_timestamp") +
                  "` to tolerate invalid input string and return NULL instead.");
    }
    return r.micros;
}

/// Spark: DateTimeUtils.monthsBetween in the UTC zone.
double months_between(std::int64_t t1, std::int64_t t2, bool round_off) {
    const std::int64_t d1 = floor_div(t1, kMicrosPerDay);
    const std::int64_t d2 = floor_div(t2, kMicrosPerDay);
    const Civil c1 = civil_from_days(d1);
    const Civil c2 = civil_from_days(d2);
    const std::int64_t months1 = c1.year * 12 + std::int64_t{c1.month};
    const std::int64_t months2 = c2.year * 12 + std::int64_t{c2.month};
    const auto month_diff = static_cast<double>(months1 - months2);
    const bool both_month_ends = days_in_month(c1.year, c1.month) == std::int64_t{c1.day} &&
                                 days_in_month(c2.year, c2.month) == std::int64_t{c2.day};
    if (c1.day == c2.day || both_month_ends) {
        return month_diff;
    }
    const std::int64_t seconds1 = (t1 - d1 * kMicrosPerDay) / kMicrosPerSecond;
    const std::int64_t seconds2 = (t2 - d2 * kMicrosPerDay) / kMicrosPerSecond;
    const std::int64_t seconds_diff =
        (std::int64_t{c1.day} - std::int64_t{c2.day}) * 86400 + seconds1 - seconds2;
    const double diff = month_diff + static_cast<double>(seconds_diff) / (31.0 * 86400.0);
    // Java's Math.round, to 8 digits.
    return round_off ? std::floor(diff * 1e8 + 0.5) / 1e8 : diff;
}

/// Spark: DateTimeUtils.getDayOfWeekFromString — 0 for Monday to 6 for Sunday.
std::optional<std::int64_t> day_of_week_from_string(const std::string& text) {
    static constexpr std::string_view kDays[][3] = {
        {"MO", "MON", "MONDAY"},   {"TU", "TUE", "TUESDAY"}, {"WE", "WED", "WEDNESDAY"},
        {"TH", "THU", "THURSDAY"}, {"FR", "FRI", "FRIDAY"},  {"SA", "SAT", "SATURDAY"},
        {"SU", "SUN", "SUNDAY"}};
    const std::string upper = ascii_upper(text);
    for (std::size_t i = 0; i < std::size(kDays); ++i) {
        for (const std::string_view name : kDays[i]) {
            if (upper == name) {
                return static_cast<std::int64_t>(i);
            }
        }
    }
    return std::nullopt;
}

std::int32_t checked_days(std::int64_t days, std::string_view function) {
    if (days < std::numeric_limits<std::int32_t>::min() ||
        days > std::numeric_limits<std::int32_t>::max()) {
        unsupported(std::string(function) + " of a date beyond the int range of days");
    }
    return static_cast<std::int32_t>(days);
}

/// Spark's date and time functions other than the date fields, in the UTC session zone; NULL
/// in, NULL out. Not one of them: nullopt.
std::optional<Value> eval_datetime(std::string_view cls, const std::vector<Value>& v) {
    static constexpr std::string_view kHandled[] = {
        "Hour",      "Minute",  "Second",    "SecondWithFraction", "TruncTimestamp",
        "TruncDate", "LastDay", "AddMonths", "TimestampDiff",      "TimestampAdd"};
    if (std::find(std::begin(kHandled), std::end(kHandled), cls) == std::end(kHandled)) {
        return std::nullopt;
    }
    if (std::any_of(v.begin(), v.end(), [](const Value& x) { return x.is_null(); })) {
        return Value::null();
    }
    if (cls == "SecondWithFraction") {
        return Value::decimal(floor_mod(v[0].as_timestamp(), kMicrosPerMinute), 6);
    }
    if (cls == "TimestampDiff") {
        const std::string unit = ascii_upper(v[0].as_string());
        return Value::integral(timestamp_diff(unit, v[1].as_timestamp(), v[2].as_timestamp()));
    }
    if (cls == "TimestampAdd") {
        const std::string unit = ascii_upper(v[0].as_string());
        return Value::timestamp(timestamp_add(unit, v[1].as_int(), v[2].as_timestamp()));
    }
    if (cls == "Hour" || cls == "Minute" || cls == "Second") {
        const std::int64_t micros = v[0].as_timestamp();
        if (cls == "Hour") {
            return Value::integral(floor_mod(floor_div(micros, kMicrosPerHour), 24));
        }
        return Value::integral(floor_mod(
            floor_div(micros, cls == "Minute" ? kMicrosPerMinute : kMicrosPerSecond), 60));
    }
    if (cls == "TruncTimestamp") {
        const std::optional<TruncLevel> level = trunc_level(v[0].as_string());
        if (!level) {
            return Value::null();
        }
        const std::int64_t micros = v[1].as_timestamp();
        static constexpr std::int64_t kUnit[] = {1, 1000, kMicrosPerSecond, kMicrosPerMinute,
                                                 kMicrosPerHour};
        if (*level < TruncLevel::Day) {
            const std::int64_t unit = kUnit[static_cast<int>(*level)];
            return Value::timestamp(floor_div(micros, unit) * unit);
        }
        return Value::timestamp(trunc_days(floor_div(micros, kMicrosPerDay), *level) *
                                kMicrosPerDay);
    }
    if (cls == "TruncDate") {
        const std::optional<TruncLevel> level = trunc_level(v[1].as_string());
        if (!level || *level < TruncLevel::Week) {
            return Value::null();
        }
        return Value::date(static_cast<std::int32_t>(trunc_days(v[0].as_date(), *level)));
    }
    const Civil d = civil_from_days(v[0].as_date());
    if (cls == "LastDay") {
        return Value::date(static_cast<std::int32_t>(days_from_civil(d.year, d.month, 1) +
                                                     days_in_month(d.year, d.month) - 1));
    }
    // AddMonths: Java's LocalDate.plusMonths, the day kept or clamped to the month's last.
    const std::int64_t months = d.year * 12 + (d.month - 1) + v[1].as_int();
    const std::int64_t year = floor_div(months, 12);
    const auto month = static_cast<unsigned>(floor_mod(months, 12) + 1);
    const std::int64_t days = days_from_civil(year, month, 1) +
                              std::min<std::int64_t>(d.day, days_in_month(year, month)) - 1;
    if (days < std::numeric_limits<std::int32_t>::min() ||
        days > std::numeric_limits<std::int32_t>::max()) {
        raise("ARITHMETIC_OVERFLOW", "integer overflow");
    }
    return Value::date(static_cast<std::int32_t>(days));
}

/// Spark's GetDateField classes (Year, Month, DayOfWeek, ...) of a date, NULL in, NULL out.
/// Not one of them: nullopt.
std::optional<Value> eval_date_field(std::string_view cls, const std::vector<Value>& v) {
    using Field = std::int64_t (*)(std::int64_t days, const Civil& date);
    static const std::pair<std::string_view, Field> kFields[] = {
        {"Year", [](std::int64_t, const Civil& d) { return d.year; }},
        {"Quarter", [](std::int64_t, const Civil& d) { return std::int64_t{(d.month + 2) / 3}; }},
        {"Month", [](std::int64_t, const Civil& d) { return std::int64_t{d.month}; }},
        {"DayOfMonth", [](std::int64_t, const Civil& d) { return std::int64_t{d.day}; }},
        {"DayOfYear", [](std::int64_t days,
                         const Civil& d) { return days - days_from_civil(d.year, 1, 1) + 1; }},
        // 1 for Sunday to 7 for Saturday; 1970-01-01 was a Thursday (5).
        {"DayOfWeek", [](std::int64_t days, const Civil&) { return ((days % 7) + 7 + 4) % 7 + 1; }},
        // 0 for Monday to 6 for Sunday.
        {"WeekDay", [](std::int64_t days, const Civil&) { return monday_based_weekday(days); }},
        {"WeekOfYear", [](std::int64_t days, const Civil&) { return iso_week(days); }},
    };
    const auto field = std::find_if(std::begin(kFields), std::end(kFields),
                                    [&](const auto& row) { return row.first == cls; });
    if (field == std::end(kFields)) {
        return std::nullopt;
    }
    if (v[0].is_null()) {
        return Value::null();
    }
    const std::int64_t days = v[0].as_date();
    return Value::integral(field->second(days, civil_from_days(days)));
}

/// Spark's math expressions over doubles (Sqrt, Log, Pow, ...), NULL in, NULL out; a log of a
/// value at or below 0 is NULL (UnaryLogExpression). Not one of them: nullopt.
std::optional<Value> eval_math(std::string_view cls, const std::vector<Value>& v) {
    using Unary = double (*)(double);
    static const std::pair<std::string_view, Unary> kUnary[] = {
        {"Sqrt", [](double x) { return std::sqrt(x); }},
        {"Cbrt", &nearest_cbrt},
        {"Exp", [](double x) { return std::exp(x); }},
        {"Log", [](double x) { return std::log(x); }},
        {"Log2", [](double x) { return std::log(x) / std::log(2.0); }},
        {"Log10", [](double x) { return std::log10(x); }},
        {"Log1p", [](double x) { return std::log1p(x); }},
        {"Expm1", [](double x) { return std::expm1(x); }},
        // Java 17's Math.toDegrees and toRadians: one multiplication by a constant.
        {"ToDegrees", [](double x) { return x * 57.29577951308232; }},
        {"ToRadians", [](double x) { return x * 0.017453292519943295; }},
        // Java's Math.rint: the nearest integer, ties to even (the default rounding mode).
        {"Rint", [](double x) { return std::nearbyint(x); }},
        {"Sin", [](double x) { return std::sin(x); }},
        {"Cos", [](double x) { return std::cos(x); }},
        {"Tan", [](double x) { return std::tan(x); }},
        {"Cot", [](double x) { return 1 / std::tan(x); }},
        {"Sec", [](double x) { return 1 / std::cos(x); }},
        {"Csc", [](double x) { return 1 / std::sin(x); }},
        {"Asin", [](double x) { return std::asin(x); }},
        {"Acos", [](double x) { return std::acos(x); }},
        {"Atan", [](double x) { return std::atan(x); }},
        {"Sinh", [](double x) { return std::sinh(x); }},
        {"Cosh", [](double x) { return std::cosh(x); }},
        {"Tanh", [](double x) { return std::tanh(x); }},
        // Spark's own formulas for the inverse hyperbolic functions.
        {"Asinh",
         [](double x) {
             return x == -std::numeric_limits<double>::infinity()
                        ? x
                        : std::log(x + std::sqrt(x * x + 1));
         }},
        {"Acosh", [](double x) { return std::log(x + std::sqrt(x * x - 1)); }},
        {"Atanh", [](double x) { return 0.5 * (std::log1p(x) - std::log1p(-x)); }},
        {"Signum", [](double x) { return x > 0   ? 1.0
                                         : x < 0 ? -1.0
                                                 : x; }},
    };
    const auto unary = std::find_if(std::begin(kUnary), std::end(kUnary),
                                    [&](const auto& row) { return row.first == cls; });
    if (unary == std::end(kUnary) && cls != "Pow" && cls != "Hypot" && cls != "Atan2") {
        return std::nullopt;
    }
    if (std::any_of(v.begin(), v.end(), [](const Value& x) { return x.is_null(); })) {
        return Value::null();
    }
    const double x = to_double(v[0]);
    if (cls == "Pow") {
        return Value::float64(std::pow(x, to_double(v[1])));
    }
    if (cls == "Atan2") { // Spark adds 0.0 to each side, making -0.0 0.0
        return Value::float64(std::atan2(x + 0.0, to_double(v[1]) + 0.0));
    }
    if (cls == "Hypot") {
        return Value::float64(std::hypot(x, to_double(v[1])));
    }
    if (cls == "Log1p") { // UnaryLogExpression with the asymptote -1
        return x <= -1 ? Value::null() : Value::float64(std::log1p(x));
    }
    if (cls.starts_with("Log") && x <= 0) {
        return Value::null();
    }
    return Value::float64(unary->second(x));
}

// --- JSON paths ----------------------------------------------------------------------------

/// The value Spark's get_json_object path (`$`, then `.name`, `['name']` or `[n]` steps)
/// finds in `doc`: null when it finds nothing, nullopt for a path that is not valid (Spark:
/// NULL too). A wildcard step (`[*]`, `.*`) is not supported by the evaluator.
std::optional<const nlohmann::ordered_json*> json_path(const nlohmann::ordered_json& doc,
                                                       std::string_view path) {
    if (!path.starts_with("$")) {
        return std::nullopt;
    }
    path.remove_prefix(1);
    const nlohmann::ordered_json* at = &doc;
    while (!path.empty()) {
        std::string key;
        std::optional<std::size_t> index;
        if (path.starts_with(".")) {
            path.remove_prefix(1);
            const std::size_t end = path.find_first_of(".[");
            key = std::string(path.substr(0, end));
            path.remove_prefix(end == std::string_view::npos ? path.size() : end);
            if (key.empty()) {
                return std::nullopt;
            }
        } else if (path.starts_with("['")) {
            const std::size_t end = path.find("']");
            if (end == std::string_view::npos) {
                return std::nullopt;
            }
            key = std::string(path.substr(2, end - 2));
            path.remove_prefix(end + 2);
        } else if (path.starts_with("[")) {
            const std::size_t end = path.find(']');
            if (end == std::string_view::npos || end == 1) {
                return std::nullopt;
            }
            const std::string_view digits = path.substr(1, end - 1);
            if (digits == "*") {
                unsupported("get_json_object with a wildcard path");
            }
            if (!std::all_of(digits.begin(), digits.end(),
                             [](char ch) { return ch >= '0' && ch <= '9'; }) ||
                digits.size() > 9) {
                return std::nullopt;
            }
            index = static_cast<std::size_t>(std::stoul(std::string(digits)));
            path.remove_prefix(end + 1);
        } else {
            return std::nullopt;
        }
        if (key == "*") {
            unsupported("get_json_object with a wildcard path");
        }
        if (index) {
            if (!at->is_array() || *index >= at->size()) {
                return nullptr;
            }
            at = &(*at)[*index];
        } else {
            if (!at->is_object()) {
                return nullptr;
            }
            const auto it = at->find(key);
            if (it == at->end()) {
                return nullptr;
            }
            at = &*it;
        }
    }
    return at;
}

bool json_has_float(const nlohmann::ordered_json& j) {
    if (j.is_number_float()) {
        return true;
    }
    if (j.is_structured()) {
        for (const auto& item : j) {
            if (json_has_float(item)) {
                return true;
            }
        }
    }
    return false;
}

// --- the evaluators' table ------------------------------------------------------------------

using Values = std::vector<Value>;

/// A call being evaluated, as its evaluator sees it.
struct Call {
    const Expr& expr;
    const ScalarFunction& f;
    std::string_view name; // the row's name: messages name the function as it was called
    std::string_view cls;  // the row's Spark class
    const Args& args;
    const DataType& type; // the call's result type
};

/// Evaluates a call: `v` holds its arguments' values, or nothing for a lazy entry, which
/// evaluates `call.args` itself (with `ev`) as it needs them.
using Eval = Value (*)(Evaluator& ev, const Call& call, Values& v);

/// A group's argument tuples, in row order (after FILTER and DISTINCT).
using Tuples = std::vector<std::vector<Value>>;
/// Evaluates an aggregate call `f` over its group's tuples (which it may reorder or consume).
using AggregateEval = Value (*)(Evaluator& ev, const ScalarFunction& f, Tuples& inputs);

/// A table entry: how calls of one Spark class are evaluated, or why `--verify` refuses them.
struct FunctionEval {
    Eval eval = nullptr;
    bool lazy = false;
    /// Refused: why, and the CannotVerify message (`{}` standing for the function's name).
    std::string reason;
    std::string message;
    /// An aggregate's evaluator (`eval` is then null).
    AggregateEval aggregate = nullptr;
};

FunctionEval strict(Eval eval) { return FunctionEval{eval, false, {}, {}}; }
FunctionEval lazy(Eval eval) { return FunctionEval{eval, true, {}, {}}; }
FunctionEval aggregate(AggregateEval eval) { return FunctionEval{nullptr, false, {}, {}, eval}; }

/// The bits of Spark's bitmaps (BitmapExpressionUtils.NUM_BITS): 4096 bytes.
constexpr std::int64_t kBitmapBits = 8 * 4096;

/// Spark's HashExpression of a call's arguments by their types, with `hash` (murmur3_hash,
/// xxhash64).
template <auto hash> Value hash_arguments(Evaluator&, const Call& c, Values& v) {
    std::vector<TypePtr> types;
    for (const ExprPtr& x : c.args) {
        types.push_back(x->type);
    }
    return Value::integral(hash(v, types));
}
/// Refused by `--verify`: the message is "function 'NAME' REASON" unless given.
/// Spark's Hex.unhex: pairs of hex digits as bytes, an odd length reading the first digit
/// alone; nullopt for a character that is not a hex digit.
std::optional<std::string> spark_unhex(std::string_view s) {
    std::string out;
    std::size_t i = 0;
    if (s.size() % 2 == 1) {
        const int d = hex_digit_value(s[0]);
        if (d < 0) {
            return std::nullopt;
        }
        out.push_back(static_cast<char>(d));
        i = 1;
    }
    for (; i < s.size(); i += 2) {
        const int hi = hex_digit_value(s[i]);
        const int lo = hex_digit_value(s[i + 1]);
        if (hi < 0 || lo < 0) {
            return std::nullopt;
        }
        out.push_back(static_cast<char>(hi * 16 + lo));
    }
    return out;
}

FunctionEval refused(std::string reason, std::string message = {}) {
    if (message.empty()) {
        message = "function '{}' " + reason;
    }
    return FunctionEval{nullptr, false, std::move(reason), std::move(message)};
}

bool any_null(const Values& v) {
    return std::any_of(v.begin(), v.end(), [](const Value& x) { return x.is_null(); });
}

/// Every catalog row's evaluator, by the row's Spark class (plan/functions.cpp): the names of
/// one class share its entry. Window functions (the Window operator) and RuntimeReplaceables
/// built with their replacement are not here.
using EvalTable = std::unordered_map<std::string_view, FunctionEval>;

/// Adds the aggregates' evaluators (below, with the aggregates).
void add_aggregate_evals(EvalTable& table);

/// ParseToTimestamp (to_timestamp): the cast, or the parse by the default pattern.
Value parse_to_timestamp(const Call& c, Values& v) {
    const DataType& from = *c.args[0]->type;
    if (v.size() == 1) {
        return cast_value(v[0], from, c.type); // to_timestamp(x): CAST(x AS TIMESTAMP)
    }
    // Spark: ToTimestamp.eval — a date or timestamp ignores the format, even a NULL one.
    if (v[0].is_null()) {
        return Value::null();
    }
    if (from.is(AtomicKind::Date)) {
        return Value::timestamp(std::int64_t{v[0].as_date()} * kMicrosPerDay);
    }
    if (is_any_timestamp(from)) {
        return Value::timestamp(v[0].as_timestamp());
    }
    if (v[1].is_null()) {
        return Value::null();
    }
    // to_timestamp_ntz: Spark's parseWithoutTimeZone raises where the pattern read a zone.
    if (c.type.is(AtomicKind::TimestampNtz) &&
        v[1].as_string().find_first_of("VzOXxZ") != std::string::npos) {
        unsupported(std::string(c.name) + " with the pattern '" + v[1].as_string() +
                    "': a zone read into a TIMESTAMP_NTZ");
    }
    return Value::timestamp(parse_timestamp(v[0].as_string(), v[1].as_string(), c.name));
}

/// ParseToDate (to_date): the cast; with a format, Spark's replacement
/// CAST(GetTimestamp(x, format) AS DATE): the day of the timestamp parsed, in UTC.
Value parse_to_date(const Call& c, Values& v) {
    if (v.size() == 1) {
        return cast_value(v[0], *c.args[0]->type, *c.expr.type); // to_date(x): CAST(x AS DATE)
    }
    // GetTimestamp (ToTimestamp.eval): a date or timestamp ignores the format, even a NULL one.
    if (v[0].is_null()) {
        return Value::null();
    }
    const DataType& from = *c.args[0]->type;
    if (from.is(AtomicKind::Date)) {
        return v[0];
    }
    if (!is_any_timestamp(from) && v[1].is_null()) {
        return Value::null();
    }
    const std::int64_t micros = is_any_timestamp(from)
                                    ? v[0].as_timestamp()
                                    : parse_timestamp(v[0].as_string(), v[1].as_string(), c.name);
    return Value::date(checked_days(floor_div(micros, kMicrosPerDay), c.name));
}

// --- ANSI intervals: months (an int) or micros (a long) --------------------------------------

[[noreturn]] void interval_overflow(bool months) {
    raise("ARITHMETIC_OVERFLOW", months ? "integer overflow" : "long overflow");
}

std::int64_t checked_months(std::int64_t months) {
    if (months < std::numeric_limits<std::int32_t>::min() ||
        months > std::numeric_limits<std::int32_t>::max()) {
        interval_overflow(true);
    }
    return months;
}

/// Guava's DoubleMath.roundToLong (`months`: roundToInt) with HALF_UP: ties away from zero; an
/// ArithmeticException for NaN, infinities and results out of range.
std::int64_t round_half_up(double x, bool months) {
    if (!std::isfinite(x)) {
        raise("ARITHMETIC_OVERFLOW", "input is infinite or NaN");
    }
    double z = std::rint(x);
    if (std::fabs(x - z) == 0.5) {
        z = x + std::copysign(0.5, x);
    }
    const double lo = months ? -2147483649.0 : -9223372036854775808.0;
    const double hi = months ? 2147483648.0 : 9223372036854775808.0;
    if (!(months ? z > lo : z >= lo) || !(z < hi)) {
        raise("ARITHMETIC_OVERFLOW", "rounded value is out of range for input " +
                                         java_double_text(x) + " and rounding mode HALF_UP");
    }
    return static_cast<std::int64_t>(z);
}

/// MultiplyYMInterval, MultiplyDTInterval, DivideYMInterval and DivideDTInterval: an interval
/// (months or micros) and a number, as Spark computes each kind of number: exactly for
/// integers, rounded HALF_UP for fractions and decimals.
Value interval_by_number(const Call& c, const Value& interval, const Value& number) {
    const bool months = c.cls == "MultiplyYMInterval" || c.cls == "DivideYMInterval";
    const bool divide = c.cls == "DivideYMInterval" || c.cls == "DivideDTInterval";
    const std::int64_t x = interval.as_int();
    const DataType& num_type = *c.args[1]->type;
    std::int64_t out = 0;
    if (divide) {
        const bool zero = number.kind() == Value::Kind::Decimal ? number.as_decimal().unscaled == 0
                          : number.kind() == Value::Kind::Integral ? number.as_int() == 0
                                                                   : to_double(number) == 0;
        if (is_integral(num_type) && number.as_int() == -1 &&
            x == (months ? std::numeric_limits<std::int32_t>::min()
                         : std::numeric_limits<std::int64_t>::min())) {
            raise("INTERVAL_ARITHMETIC_OVERFLOW",
                  "Interval value overflows after being divided by -1. Use 'try_divide' to "
                  "tolerate overflow and return NULL instead.");
        }
        if (zero) {
            raise("INTERVAL_DIVIDED_BY_ZERO",
                  "Division by zero. Use `try_divide` to tolerate divisor being 0 and return NULL "
                  "instead.");
        }
    }
    switch (number.kind()) {
    case Value::Kind::Integral:
        if (divide) {
            out = static_cast<std::int64_t>(divide_half_up(x, number.as_int()));
        } else if (__builtin_mul_overflow(x, number.as_int(), &out)) {
            interval_overflow(months && !num_type.is(AtomicKind::Long));
        }
        break;
    case Value::Kind::Decimal: {
        // The exact product or quotient, rounded HALF_UP to a whole number.
        const DecimalValue& d = number.as_decimal();
        const Int128 scale = pow10_128(d.scale);
        Int128 q = 0;
        if (divide) {
            Int128 n = 0;
            if (__builtin_mul_overflow(static_cast<Int128>(x), scale, &n)) {
                unsupported("an interval divided by a decimal beyond 38 digits");
            }
            q = divide_half_up(n, d.unscaled);
        } else {
            Int128 p = 0;
            if (__builtin_mul_overflow(static_cast<Int128>(x), d.unscaled, &p)) {
                unsupported("an interval multiplied by a decimal beyond 38 digits");
            }
            q = divide_half_up(p, scale);
        }
        if (q < std::numeric_limits<std::int64_t>::min() ||
            q > std::numeric_limits<std::int64_t>::max()) {
            raise("ARITHMETIC_OVERFLOW", "Overflow");
        }
        out = static_cast<std::int64_t>(q);
        break;
    }
    default: {
        const double n = to_double(number);
        out =
            round_half_up(divide ? static_cast<double>(x) / n : static_cast<double>(x) * n, months);
        break;
    }
    }
    return Value::integral(months ? checked_months(out) : out);
}

/// Spark's interval expressions over months and micros (UTC session zone).
Value eval_interval(const Call& c, Values& v) {
    if (any_null(v)) {
        return Value::null();
    }
    const std::string_view cls = c.cls;
    if (cls == "TimeAdd") { // a timestamp and a day-time interval
        return Value::timestamp(checked_micros(v[0].as_timestamp(), v[1].as_int(), false));
    }
    if (cls == "TimestampAddYMInterval") {
        return Value::timestamp(plus_months(v[0].as_timestamp(), v[1].as_int()));
    }
    if (cls == "DateAddYMInterval") {
        return Value::date(static_cast<std::int32_t>(
            checked_months(plus_months_to_days(v[0].as_date(), v[1].as_int()))));
    }
    if (cls == "ExtractANSIIntervalDays") {
        return Value::integral(v[0].as_int() / kMicrosPerDay);
    }
    if (cls == "SubtractDates") {
        return Value::integral((std::int64_t{v[0].as_date()} - v[1].as_date()) * kMicrosPerDay);
    }
    if (cls == "SubtractTimestamps") {
        std::int64_t out = 0;
        if (__builtin_sub_overflow(v[0].as_timestamp(), v[1].as_timestamp(), &out)) {
            interval_overflow(false);
        }
        return Value::integral(out);
    }
    if (cls == "MakeDTInterval") { // days, hours, mins, secs as decimal(18,6)
        std::int64_t micros = static_cast<std::int64_t>(v[3].as_decimal().unscaled);
        for (const auto& [i, unit] :
             {std::pair{std::size_t{0}, kMicrosPerDay}, std::pair{std::size_t{1}, kMicrosPerHour},
              std::pair{std::size_t{2}, kMicrosPerMinute}}) {
            micros = checked_micros(micros, checked_micros(v[i].as_int(), unit, true), false);
        }
        return Value::integral(micros);
    }
    if (cls == "MakeYMInterval") {
        return Value::integral(checked_months(v[1].as_int() + v[0].as_int() * 12));
    }
    return interval_by_number(c, v[0], v[1]);
}

/// The Spark classes whose entries below (or whose aggregates) take ANSI intervals as the
/// months or micros the evaluator holds: they compute with them, or only pass them on.
bool interval_class(std::string_view cls) {
    static const std::unordered_set<std::string_view> kClasses{
        // computing with them
        "TimeAdd", "TimestampAddYMInterval", "DateAddYMInterval", "ExtractANSIIntervalDays",
        "SubtractDates", "SubtractTimestamps", "MakeDTInterval", "MakeYMInterval",
        "MultiplyYMInterval", "MultiplyDTInterval", "DivideYMInterval", "DivideDTInterval",
        "UnaryMinus", "UnaryPositive", "Abs", "Sum", "TrySum", "Average", "TryAverage",
        // passing them on, comparing them or counting them
        "If", "Coalesce", "Nvl", "IfNull", "Nvl2", "NullIf", "Greatest", "Least", "CreateArray",
        "Count", "Min", "Max", "First", "Last", "AnyValue", "CollectList", "CollectSet", "Lag",
        "Lead", "NthValue"};
    return kClasses.contains(cls);
}

EvalTable build_table() {
    EvalTable table;
    auto put = [&table](std::initializer_list<std::string_view> classes,
                        const FunctionEval& entry) {
        for (const std::string_view cls : classes) {
            if (!table.emplace(cls, entry).second) {
                throw InternalError("evaluator: two entries for " + std::string(cls));
            }
        }
    };

    // --- conditional functions: lazy, as Spark's evaluate their arguments only when needed
    put({"If"}, lazy([](Evaluator& ev, const Call& c, Values&) -> Value {
            const Value condition = ev.eval(*c.args[0]);
            return !condition.is_null() && condition.as_bool() ? ev.eval(*c.args[1])
                                                               : ev.eval(*c.args[2]);
        }));
    put({"Coalesce", "Nvl", "IfNull"}, lazy([](Evaluator& ev, const Call& c, Values&) -> Value {
            for (const ExprPtr& x : c.args) {
                Value v = ev.eval(*x);
                if (!v.is_null()) {
                    return v;
                }
            }
            return Value::null();
        }));
    put({"Nvl2"}, lazy([](Evaluator& ev, const Call& c, Values&) -> Value {
            return !ev.eval(*c.args[0]).is_null() ? ev.eval(*c.args[1]) : ev.eval(*c.args[2]);
        }));

    // --- constructors and accessors
    put({"CreateArray"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            return Value::array_of(std::move(v));
        }));
    put({"CreateMap"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            std::vector<Value> keys;
            std::vector<Value> values;
            for (std::size_t i = 0; i + 1 < v.size(); i += 2) {
                keys.push_back(v[i]);
                values.push_back(v[i + 1]);
            }
            return make_checked_map(std::move(keys), std::move(values));
        }));
    put({"MapFromArrays"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            if (v[0].items().size() != v[1].items().size()) {
                raise("INVALID_PARAMETER_VALUE.MAP_FROM_ARRAYS",
                      "The key array and value array of MapData must have the same length.");
            }
            return make_checked_map(v[0].items(), v[1].items());
        }));
    put({"MapFromEntries"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::vector<Value> keys;
            std::vector<Value> values;
            for (const Value& entry : v[0].items()) {
                if (entry.is_null()) {
                    return Value::null();
                }
                keys.push_back(entry.fields()[0]);
                values.push_back(entry.fields()[1]);
            }
            return make_checked_map(std::move(keys), std::move(values));
        }));
    put({"MapEntries"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::vector<Value> out;
            const MapData& m = v[0].map();
            for (std::size_t i = 0; i < m.keys.size(); ++i) {
                out.push_back(Value::struct_of({m.keys[i], m.values[i]}));
            }
            return Value::array_of(std::move(out));
        }));
    put({"TryElementAt"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            if (c.args[0]->type->map() != nullptr) {
                const MapData& m = v[0].map();
                for (std::size_t i = 0; i < m.keys.size(); ++i) {
                    if (compare_mixed(m.keys[i], v[1]) == 0) {
                        return m.values[i];
                    }
                }
                return Value::null();
            }
            const std::int64_t i = v[1].as_int();
            const auto n = static_cast<std::int64_t>(v[0].items().size());
            if (i == 0) {
                raise("INVALID_INDEX_OF_ZERO",
                      "The index 0 is invalid. An index shall be either < 0 "
                      "or > 0 (the first element has index 1).");
            }
            if (i > n || -i > n) {
                return Value::null();
            }
            return v[0].items()[static_cast<std::size_t>(i > 0 ? i - 1 : n + i)];
        }));
    put({"Get"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::int64_t i = v[1].as_int();
            if (i < 0 || i >= static_cast<std::int64_t>(v[0].items().size())) {
                return Value::null();
            }
            return v[0].items()[static_cast<std::size_t>(i)];
        }));
    put({"Size", "ArraySize"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            const std::size_t n =
                v[0].kind() == Value::Kind::Map ? v[0].map().keys.size() : v[0].items().size();
            return Value::integral(static_cast<std::int64_t>(n));
        }));
    put({"ArrayContains"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            return contains_or_null(v[0].items(), v[1]);
        }));
    put({"ArrayPosition"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::vector<Value>& items = v[0].items();
            for (std::size_t i = 0; i < items.size(); ++i) {
                if (!items[i].is_null() && compare_mixed(items[i], v[1]) == 0) {
                    return Value::integral(static_cast<std::int64_t>(i + 1));
                }
            }
            return Value::integral(0);
        }));
    put({"ArrayRemove"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            std::vector<Value> out;
            for (const Value& x : v[0].items()) {
                if (x.is_null() || compare_mixed(x, v[1]) != 0) {
                    out.push_back(x);
                }
            }
            return Value::array_of(std::move(out));
        }));
    put({"ArrayDistinct"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::vector<Value> out;
            bool has_null = false;
            for (const Value& x : v[0].items()) {
                add_distinct(out, has_null, x);
            }
            return Value::array_of(std::move(out));
        }));
    put({"ArrayUnion", "ArrayIntersect", "ArrayExcept"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            std::vector<Value> out;
            bool has_null = false;
            const std::vector<Value>& l = v[0].items();
            const std::vector<Value>& r = v[1].items();
            auto in = [](const std::vector<Value>& items, const Value& x) {
                if (x.is_null()) {
                    return std::any_of(items.begin(), items.end(),
                                       [](const Value& y) { return y.is_null(); });
                }
                return contains_value(items, x);
            };
            if (c.cls == "ArrayUnion") {
                for (const Value& x : l) {
                    add_distinct(out, has_null, x);
                }
                for (const Value& x : r) {
                    add_distinct(out, has_null, x);
                }
            } else {
                const bool keep_common = c.cls == "ArrayIntersect";
                for (const Value& x : l) {
                    if (in(r, x) == keep_common) {
                        add_distinct(out, has_null, x);
                    }
                }
            }
            return Value::array_of(std::move(out));
        }));
    put({"ArraysOverlap"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            bool saw_null = false;
            for (const Value& x : v[0].items()) {
                if (x.is_null()) {
                    saw_null = true;
                    continue;
                }
                const Value found = contains_or_null(v[1].items(), x);
                if (!found.is_null() && found.as_bool()) {
                    return found;
                }
            }
            for (const Value& y : v[1].items()) {
                saw_null = saw_null || y.is_null();
            }
            const bool both_non_empty = !v[0].items().empty() && !v[1].items().empty();
            return saw_null && both_non_empty ? Value::null() : Value::boolean(false);
        }));
    put({"ArraysZip"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            std::size_t n = 0;
            for (const Value& x : v) {
                n = std::max(n, x.items().size());
            }
            std::vector<Value> out;
            for (std::size_t i = 0; i < n; ++i) {
                std::vector<Value> fields;
                for (const Value& x : v) {
                    fields.push_back(i < x.items().size() ? x.items()[i] : Value::null());
                }
                out.push_back(Value::struct_of(std::move(fields)));
            }
            return Value::array_of(std::move(out));
        }));
    put({"Flatten"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::vector<Value> out;
            for (const Value& inner : v[0].items()) {
                if (inner.is_null()) {
                    return Value::null();
                }
                out.insert(out.end(), inner.items().begin(), inner.items().end());
            }
            return Value::array_of(std::move(out));
        }));
    put({"Concat"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            if (c.type.array() != nullptr) {
                std::vector<Value> out;
                for (const Value& x : v) {
                    out.insert(out.end(), x.items().begin(), x.items().end());
                }
                return Value::array_of(std::move(out));
            }
            std::string out;
            for (const Value& x : v) {
                out += text_of(x);
            }
            return c.type.is(AtomicKind::Binary) ? Value::binary(std::move(out))
                                                 : Value::string(std::move(out));
        }));
    put({"Reverse"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            if (v[0].kind() == Value::Kind::Array) {
                std::vector<Value> out(v[0].items().rbegin(), v[0].items().rend());
                return Value::array_of(std::move(out));
            }
            const std::vector<std::string_view> cps = split_code_points(v[0].as_string());
            std::string out;
            for (auto it = cps.rbegin(); it != cps.rend(); ++it) {
                out += *it;
            }
            return Value::string(std::move(out));
        }));
    put({"Slice"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::int64_t start = v[1].as_int();
            const std::int64_t length = v[2].as_int();
            const auto n = static_cast<std::int64_t>(v[0].items().size());
            if (start == 0) {
                raise("INVALID_PARAMETER_VALUE.START", "The value of parameter(s) `start` in "
                                                       "`slice` is invalid: Expects a positive or "
                                                       "a negative value for `start`, but got 0.");
            }
            if (length < 0) {
                raise("INVALID_PARAMETER_VALUE.LENGTH",
                      "The value of parameter(s) `length` in `slice` is invalid: Expects `length` "
                      "greater than or equal to 0, but got " +
                          std::to_string(length) + ".");
            }
            const std::int64_t begin = start < 0 ? start + n : start - 1;
            if (begin < 0 || begin >= n) {
                return Value::array_of({});
            }
            const std::int64_t end = std::min(begin + length, n);
            return Value::array_of(
                std::vector<Value>(v[0].items().begin() + begin, v[0].items().begin() + end));
        }));
    put({"SortArray"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            const bool ascending = v.size() < 2 || v[1].is_null() || v[1].as_bool();
            std::vector<Value> items = v[0].items();
            // Ascending: nulls first; descending: nulls last (nulls are the smallest values).
            std::stable_sort(items.begin(), items.end(), [&](const Value& x, const Value& y) {
                const int c = compare_values(x, y);
                return ascending ? c < 0 : c > 0;
            });
            return Value::array_of(std::move(items));
        }));
    put({"ArrayMax", "ArrayMin"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            Value best;
            for (const Value& x : v[0].items()) {
                if (x.is_null()) {
                    continue;
                }
                const bool better =
                    best.is_null() || (c.cls == "ArrayMax" ? compare_values(x, best) > 0
                                                           : compare_values(x, best) < 0);
                if (better) {
                    best = x;
                }
            }
            return best;
        }));
    put({"ArrayJoin"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null() || v[1].is_null() || (v.size() > 2 && v[2].is_null())) {
                return Value::null();
            }
            std::string out;
            bool first = true;
            for (const Value& x : v[0].items()) {
                if (x.is_null() && v.size() < 3) {
                    continue;
                }
                out += first ? "" : v[1].as_string();
                first = false;
                out += x.is_null() ? v[2].as_string() : x.as_string();
            }
            return Value::string(std::move(out));
        }));
    put({"ArrayRepeat"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[1].is_null()) {
                return Value::null();
            }
            const std::int64_t n = v[1].as_int();
            if (n > 1000000) {
                unsupported("array_repeat with " + std::to_string(n) + " copies");
            }
            return Value::array_of(
                std::vector<Value>(static_cast<std::size_t>(std::max<std::int64_t>(n, 0)), v[0]));
        }));
    put({"ArrayCompact"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::vector<Value> out;
            for (const Value& x : v[0].items()) {
                if (!x.is_null()) {
                    out.push_back(x);
                }
            }
            return Value::array_of(std::move(out));
        }));
    put({"Sequence"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            if (!is_integral(*c.args[0]->type)) {
                unsupported("sequence over " + catalog_string(*c.args[0]->type));
            }
            const std::int64_t start = v[0].as_int();
            const std::int64_t stop = v[1].as_int();
            const std::int64_t step = v.size() > 2 ? v[2].as_int() : (start <= stop ? 1 : -1);
            if (!((step > 0 && start <= stop) || (step < 0 && start >= stop) ||
                  (step == 0 && start == stop))) {
                raise("INVALID_SEQUENCE_BOUNDARIES",
                      "Illegal sequence boundaries: " + std::to_string(start) + " to " +
                          std::to_string(stop) + " by " + std::to_string(step));
            }
            const Int128 count = step == 0 ? 1 : (Int128(stop) - start) / step + 1;
            if (count > 1000000) {
                unsupported("sequence of more than a million elements");
            }
            std::vector<Value> out;
            for (Int128 i = 0; i < count; ++i) {
                out.push_back(Value::integral(static_cast<std::int64_t>(start + i * step)));
            }
            return Value::array_of(std::move(out));
        }));

    // Spark's RaiseError: the error class with its parameters; for USER_RAISED_EXCEPTION,
    // whose message is its errorMessage parameter, `[USER_RAISED_EXCEPTION] boom` (a NULL
    // message reads `null`).
    put({"RaiseError"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            std::string message = "null";
            if (!v[1].is_null()) {
                const MapData& parms = v[1].map();
                for (std::size_t i = 0; i < parms.keys.size(); ++i) {
                    if (parms.keys[i].as_string() == "errorMessage" && !parms.values[i].is_null()) {
                        message = parms.values[i].as_string();
                    }
                }
            }
            raise(v[0].is_null() ? "null" : v[0].as_string(), message);
        }));

    // --- what --verify refuses: nothing here computes the value Spark would
    put({"Rand", "Randn", "Shuffle", "InputFileName", "Uuid", "SparkPartitionID",
         "MonotonicallyIncreasingID", "InputFileBlockStart", "InputFileBlockLength",
         "CallMethodViaReflection", "RandStr", "Uniform"},
        refused("is nondeterministic"));
    put({"HistogramNumeric"},
        refused("computes approximate bins by Spark's streaming histogram (Hive's "
                "NumericHistogram), which depends on how rows are split among tasks and breaks "
                "ties at random; it is not implemented"));
    put({"CurrentDate", "CurrentTimestamp", "Now", "LocalTimestamp"}, refused("reads the clock"));
    put({"CurrentTimeZone", "CurrentCatalog", "CurrentDatabase", "CurrentUser", "SparkVersion"},
        refused("depends on the Spark session"));
    put({"XPathList", "XPathBoolean", "XPathShort", "XPathInt", "XPathLong", "XPathFloat",
         "XPathDouble", "XPathString"},
        refused("needs an XML parser and XPath 1.0 (javax.xml.xpath), which are not "
                "implemented"));
    put({"ParseJson", "IsVariantNull", "ToVariantObject", "SchemaOfVariant", "VariantGet",
         "SchemaOfVariantAgg"},
        refused("takes or gives a VARIANT, whose binary encoding the evaluator does not model",
                std::string(kVariantUnsupported)));
    put({"FromAvro", "ToAvro"},
        refused("needs the Avro binary encoding (spark-avro's AvroDeserializer and "
                "AvroSerializer), which is not implemented"));
    put({"XmlToStructs", "StructsToXml"},
        refused("needs Spark's XML parser and writer (StaxXmlParser, StaxXmlGenerator), which "
                "are not implemented"));
    put({"AesEncrypt", "AesDecrypt", "TryAesDecrypt"},
        refused("needs AES (javax.crypto's GCM, CBC and ECB modes), which is not implemented"));
    put({"Sentences"}, refused("needs Java's locale-aware sentence and word breaking "
                               "(BreakIterator), which is not implemented"));
    put({"HllSketchEstimate", "HllUnion", "HllSketchAgg", "HllUnionAgg"},
        refused("reads or writes Apache DataSketches' HLL sketch format, which is not "
                "implemented"));
    put({"CountMinSketchAgg"}, refused("writes Spark's CountMinSketch format, whose hashing "
                                       "is not implemented"));
    // ANSI intervals: `+`, `-`, `*` and `/` with dates, timestamps and numbers, and their
    // makers; CALENDAR INTERVAL values are not modelled (check_evaluable refuses them).
    put({"TimeAdd", "TimestampAddYMInterval", "DateAddYMInterval", "ExtractANSIIntervalDays",
         "SubtractDates", "SubtractTimestamps", "MakeDTInterval", "MakeYMInterval",
         "MultiplyYMInterval", "MultiplyDTInterval", "DivideYMInterval", "DivideDTInterval"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value { return eval_interval(c, v); }));
    put({"DateAddInterval", "MakeInterval", "TryMakeInterval", "MultiplyInterval",
         "DivideInterval"},
        refused("takes or gives a CALENDAR INTERVAL, which the evaluator does not model",
                std::string(kCalendarIntervalUnsupported)));

    // --- dates and times (the UTC session zone)
    put({"Year", "Quarter", "Month", "DayOfMonth", "DayOfYear", "DayOfWeek", "WeekDay",
         "WeekOfYear"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            return eval_date_field(c.cls, v).value();
        }));
    put({"Hour", "Minute", "Second", "SecondWithFraction", "TruncTimestamp", "TruncDate", "LastDay",
         "AddMonths", "TimestampDiff", "TimestampAdd"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            return eval_datetime(c.cls, v).value();
        }));
    // try_to_timestamp and try_to_date: to_timestamp and to_date with ANSI off, NULL where
    // they raise.
    put({"TryToTimestamp", "TryToDate"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            try {
                return c.cls == "TryToTimestamp" ? parse_to_timestamp(c, v) : parse_to_date(c, v);
            } catch (const EvalError&) {
                return Value::null();
            }
        }));
    put({"ParseToDate"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value { return parse_to_date(c, v); }));
    put({"DateAdd", "DateSub", "DateDiff"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            // Days since the epoch as an int, wrapping as Spark's int arithmetic does.
            const auto wrap = [](std::int64_t days) {
                return static_cast<std::int32_t>(static_cast<std::uint32_t>(days));
            };
            const std::int64_t start = v[0].as_date();
            if (c.cls == "DateDiff") {
                return Value::integral(wrap(start - v[1].as_date()));
            }
            const std::int64_t days = v[1].as_int();
            return Value::date(wrap(c.cls == "DateAdd" ? start + days : start - days));
        }));

    // --- unix time (the UTC session zone), formats by Spark's datetime patterns
    put({"UnixTimestamp", "ToUnixTimestamp"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            // Spark: ToTimestamp.eval — a date or timestamp ignores the format, even a NULL
            // one; Java's `/` (toward zero).
            if (v[0].is_null()) {
                return Value::null();
            }
            const DataType& from = *c.args[0]->type;
            if (from.is(AtomicKind::Date)) {
                return Value::integral(std::int64_t{v[0].as_date()} * 86400);
            }
            if (is_any_timestamp(from)) {
                return Value::integral(v[0].as_timestamp() / kMicrosPerSecond);
            }
            if (v[1].is_null()) {
                return Value::null();
            }
            return Value::integral(parse_timestamp(v[0].as_string(), v[1].as_string(), c.name) /
                                   kMicrosPerSecond);
        }));
    put({"ParseToTimestamp"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            return parse_to_timestamp(c, v);
        }));
    put({"FromUnixTime"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            // Spark: FromUnixTime.nullSafeEval, `seconds * MICROS_PER_SECOND` wrapping as
            // Java's long multiplication does.
            const auto micros =
                static_cast<std::int64_t>(static_cast<std::uint64_t>(v[0].as_int()) *
                                          static_cast<std::uint64_t>(kMicrosPerSecond));
            return Value::string(format_timestamp(micros, v[1].as_string(), c.name));
        }));
    // Spark: DateFormatClass, the timestamp formatted in the session zone.
    put({"DateFormatClass"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            return Value::string(format_timestamp(v[0].as_timestamp(), v[1].as_string(), c.name));
        }));
    put({"FromUTCTimestamp", "ToUTCTimestamp"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::string& zone = v[1].as_string();
            if (zone != "UTC" && zone != "GMT") {
                unsupported(std::string(c.name) + " with the zone '" + zone +
                            "' (only UTC and GMT: no time-zone database)");
            }
            return v[0];
        }));
    // Number format patterns (types/number_pattern): the pattern is a literal the analyzer
    // checked.
    put({"ToNumber", "TryToNumber"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::string& text = v[0].as_string();
            if (std::any_of(text.begin(), text.end(),
                            [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; })) {
                unsupported(std::string(c.name) + " of text beyond ASCII (Java's Unicode digits)");
            }
            const NumberPattern pattern(v[1].as_string());
            const std::optional<NumberPattern::Parsed> parsed = pattern.parse(text);
            if (!parsed) {
                if (c.cls == "TryToNumber") {
                    return Value::null();
                }
                raise("INVALID_FORMAT.MISMATCH_INPUT",
                      "The format is invalid: '" + v[1].as_string() + "'. The input string '" +
                          text + "' does not match the format.");
            }
            Int128 unscaled = 0;
            for (const char d : parsed->digits) {
                unscaled = unscaled * 10 + (d - '0');
            }
            return Value::decimal(parsed->negative ? -unscaled : unscaled, pattern.scale());
        }));
    put({"ToCharacter"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            return Value::string(
                NumberPattern(v[1].as_string()).format(decimal_to_string(v[0].as_decimal())));
        }));
    // convert_timezone: the local time of `ts` in the source zone, in the target zone.
    put({"ConvertTimezone"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            for (std::size_t i = 0; i < 2; ++i) {
                const std::string& zone = v[i].as_string();
                if (zone != "UTC" && zone != "GMT") {
                    unsupported(std::string(c.name) + " with the zone '" + zone +
                                "' (only UTC and GMT: no time-zone database)");
                }
            }
            return v[2];
        }));
    put({"UnixDate", "UnixSeconds", "UnixMillis", "UnixMicros", "DateFromUnixDate",
         "SecondsToTimestamp", "MillisToTimestamp", "MicrosToTimestamp"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            if (c.cls == "UnixDate") {
                return Value::integral(v[0].as_date());
            }
            if (c.cls == "DateFromUnixDate") {
                return Value::date(static_cast<std::int32_t>(v[0].as_int()));
            }
            if (c.cls.starts_with("Unix")) {
                const std::int64_t micros = v[0].as_timestamp();
                return Value::integral(c.cls == "UnixSeconds"  ? floor_div(micros, kMicrosPerSecond)
                                       : c.cls == "UnixMillis" ? floor_div(micros, 1000)
                                                               : micros);
            }
            if (!is_integral(*c.args[0]->type)) {
                unsupported(std::string(c.name) + " of a " + catalog_string(*c.args[0]->type));
            }
            // Spark: Math.multiplyExact, which raises on overflow (refused here).
            const std::int64_t scale = c.cls == "SecondsToTimestamp"  ? kMicrosPerSecond
                                       : c.cls == "MillisToTimestamp" ? 1000
                                                                      : 1;
            std::int64_t micros = 0;
            if (__builtin_mul_overflow(v[0].as_int(), scale, &micros)) {
                unsupported(std::string(c.name) + " beyond the range of timestamps");
            }
            return Value::timestamp(micros);
        }));
    // TimeWindowing's conversions: a timestamp's microseconds as a bigint and back, and its
    // KnownNullable marker; the value is the argument's.
    put({"PreciseTimestampConversion"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            return c.args[0]->type->is(AtomicKind::Long) ? Value::timestamp(v[0].as_int())
                                                         : Value::integral(v[0].as_timestamp());
        }));
    put({"KnownNullable"}, strict([](Evaluator&, const Call&, Values& v) { return v[0]; }));
    // SessionWindowing replaces every session_window() call; what it builds is refused here.
    put({"SessionWindow"},
        refused("merges overlapping sessions in Spark's physical aggregation, and its gap is a "
                "CALENDAR INTERVAL, which the evaluator does not model",
                std::string(kCalendarIntervalUnsupported)));
    put({"MonthsBetween"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            return Value::float64(
                months_between(v[0].as_timestamp(), v[1].as_timestamp(), v[2].as_bool()));
        }));
    put({"MakeDate"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::int64_t year = v[0].as_int();
            const std::int64_t month = v[1].as_int();
            const std::int64_t day = v[2].as_int();
            if (month < 1 || month > 12 || day < 1 ||
                day > days_in_month(year, static_cast<unsigned>(month))) {
                // Spark (ANSI): DATETIME_FIELD_OUT_OF_BOUNDS, not modelled.
                unsupported(std::string(c.name) + " of fields out of range");
            }
            return Value::date(checked_days(
                days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)),
                c.name));
        }));
    // make_timestamp in the session zone (UTC): seconds up to 60, 60 only without a fraction
    // (the next minute).
    put({"MakeTimestamp", "TryMakeTimestamp", "MakeTimestampNTZ", "TryMakeTimestampNTZ"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            if (v.size() > 6 && v[6].as_string() != "UTC") {
                unsupported(std::string(c.name) + " in a time zone other than UTC");
            }
            const std::int64_t year = v[0].as_int();
            const std::int64_t month = v[1].as_int();
            const std::int64_t day = v[2].as_int();
            const std::int64_t hour = v[3].as_int();
            const std::int64_t minute = v[4].as_int();
            const DecimalValue& sec = v[5].as_decimal();
            Int128 micros = 0;
            if (!rescale_decimal(sec, 6, micros)) {
                unsupported(std::string(c.name) + " of seconds out of range");
            }
            const bool leap_second = micros == Int128(60000000);
            if (month < 1 || month > 12 || day < 1 ||
                day > days_in_month(year, static_cast<unsigned>(month)) || hour < 0 || hour > 23 ||
                minute < 0 || minute > 59 || micros < 0 ||
                (micros >= Int128(60000000) && !leap_second)) {
                if (c.cls.starts_with("Try")) {
                    return Value::null();
                }
                // Spark (ANSI): DATETIME_FIELD_OUT_OF_BOUNDS, not modelled.
                unsupported(std::string(c.name) + " of fields out of range");
            }
            const std::int64_t days = checked_days(
                days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day)),
                c.name);
            const Int128 total =
                Int128(days) * kMicrosPerDay + Int128(hour * 3600 + minute * 60) * 1000000 + micros;
            return Value::timestamp(static_cast<std::int64_t>(total));
        }));
    put({"NextDay"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::optional<std::int64_t> target = day_of_week_from_string(v[1].as_string());
            if (!target) {
                // Spark (ANSI): ILLEGAL_DAY_OF_WEEK, not modelled.
                unsupported(std::string(c.name) + " of the day '" + v[1].as_string() + "'");
            }
            const std::int64_t days = v[0].as_date();
            return Value::date(checked_days(
                days + floor_mod(*target - monday_based_weekday(days) - 1, 7) + 1, c.name));
        }));
    put({"DayName", "MonthName"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            // Java's TextStyle.SHORT names in Locale.US.
            static constexpr std::string_view kDays[] = {"Mon", "Tue", "Wed", "Thu",
                                                         "Fri", "Sat", "Sun"};
            static constexpr std::string_view kMonths[] = {
                "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
            if (v[0].is_null()) {
                return v[0];
            }
            const std::int64_t days = v[0].as_date();
            if (c.cls == "DayName") {
                return Value::string(
                    std::string(kDays[static_cast<std::size_t>(monday_based_weekday(days))]));
            }
            return Value::string(std::string(kMonths[civil_from_days(days).month - 1]));
        }));

    put({"Sha1", "Crc32", "Base64", "Hex", "Bin", "Chr", "Ascii", "OctetLength", "BitLength",
         "StringSpace"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            if (c.cls == "Sha1") {
                return Value::string(sha1_hex(v[0].as_binary()));
            }
            if (c.cls == "Crc32") {
                return Value::integral(std::int64_t{crc32_of(v[0].as_binary())});
            }
            if (c.cls == "Base64") {
                return Value::string(base64_of(v[0].as_binary()));
            }
            if (c.cls == "Hex") {
                static constexpr char kDigits[] = "0123456789ABCDEF";
                std::string out;
                if (v[0].kind() == Value::Kind::Integral) { // Long.toHexString, upper case
                    auto bits = static_cast<std::uint64_t>(v[0].as_int());
                    do {
                        out.insert(out.begin(), kDigits[bits & 0xFU]);
                        bits >>= 4U;
                    } while (bits != 0);
                    return Value::string(std::move(out));
                }
                for (const char ch : text_of(v[0])) {
                    const auto byte = static_cast<std::uint8_t>(ch);
                    out.push_back(kDigits[byte >> 4U]);
                    out.push_back(kDigits[byte & 0xFU]);
                }
                return Value::string(std::move(out));
            }
            if (c.cls == "Bin") { // Long.toBinaryString
                auto bits = static_cast<std::uint64_t>(v[0].as_int());
                std::string out;
                do {
                    out.insert(out.begin(), (bits & 1U) != 0 ? '1' : '0');
                    bits >>= 1U;
                } while (bits != 0);
                return Value::string(std::move(out));
            }
            if (c.cls == "Chr") { // the character of the low byte, "" below 0
                const std::int64_t n = v[0].as_int();
                return Value::string(n < 0 ? std::string()
                                           : utf8_of(static_cast<std::uint32_t>(n & 0xFF)));
            }
            if (c.cls == "Ascii") { // the first character's code point
                const std::string& s = v[0].as_string();
                return Value::integral(
                    s.empty() ? 0 : std::int64_t{code_point_of(split_code_points(s).front())});
            }
            if (c.cls == "StringSpace") {
                require_buildable(static_cast<double>(v[0].as_int()), "space");
                return Value::string(
                    std::string(static_cast<std::size_t>(std::clamp<std::int64_t>(
                                    v[0].as_int(), 0, std::numeric_limits<std::int32_t>::max())),
                                ' '));
            }
            const auto bytes = static_cast<std::int64_t>(text_of(v[0]).size());
            return Value::integral(c.cls == "BitLength" ? bytes * 8 : bytes);
        }));
    put({"StringTranslate"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            // Spark: StringTranslate.buildDict — the first mapping of a character wins; a
            // character past the replacement's end is deleted.
            if (any_null(v)) {
                return Value::null();
            }
            const std::vector<std::string_view> from = split_code_points(v[1].as_string());
            const std::vector<std::string_view> to = split_code_points(v[2].as_string());
            std::vector<std::pair<std::string_view, std::optional<std::string_view>>> dict;
            for (std::size_t i = 0; i < from.size(); ++i) {
                const bool seen = std::any_of(dict.begin(), dict.end(),
                                              [&](const auto& e) { return e.first == from[i]; });
                if (!seen) {
                    dict.emplace_back(from[i], i < to.size() ? std::optional(to[i]) : std::nullopt);
                }
            }
            std::string out;
            for (const std::string_view ch : split_code_points(v[0].as_string())) {
                const auto hit = std::find_if(dict.begin(), dict.end(),
                                              [&](const auto& e) { return e.first == ch; });
                if (hit == dict.end()) {
                    out += ch;
                } else if (hit->second) {
                    out += *hit->second;
                }
            }
            return Value::string(std::move(out));
        }));
    put({"SubstringIndex"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            return Value::string(
                substring_index(v[0].as_string(), v[1].as_string(), v[2].as_int()));
        }));
    put({"Levenshtein"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            // Over code points; with a threshold, -1 when the distance is beyond it.
            if (any_null(v)) {
                return Value::null();
            }
            const std::vector<std::string_view> a = split_code_points(v[0].as_string());
            const std::vector<std::string_view> b = split_code_points(v[1].as_string());
            if (a.size() * b.size() > 100'000'000) {
                unsupported("levenshtein of strings this long");
            }
            const auto distance = static_cast<std::int64_t>(edit_distance(a, b));
            if (v.size() > 2 && distance > v[2].as_int()) {
                return Value::integral(-1);
            }
            return Value::integral(distance);
        }));
    put({"ArrayAppend", "ArrayPrepend"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::vector<Value> out = v[0].items();
            out.insert(c.cls == "ArrayAppend" ? out.end() : out.begin(), v[1]);
            return Value::array_of(std::move(out));
        }));
    put({"TypeOf"}, strict([](Evaluator&, const Call& c, Values&) -> Value {
            return Value::string(catalog_string(*c.args[0]->type));
        }));
    put({"MapContainsKey"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::vector<Value>& keys = v[0].map().keys;
            return Value::boolean(std::any_of(keys.begin(), keys.end(), [&](const Value& k) {
                return compare_mixed(k, v[1]) == 0;
            }));
        }));
    put({"EqualNull"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null() || v[1].is_null()) {
                return Value::boolean(v[0].is_null() && v[1].is_null());
            }
            return Value::boolean(compare_mixed(v[0], v[1]) == 0);
        }));
    put({"RegExpExtractAll", "RegExpCount", "RegExpSubStr"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            // Every match, left to right, as Java's Matcher.find.
            if (any_null(v)) {
                return Value::null();
            }
            const std::regex re = compile_regex(v[1].as_string());
            const std::string& s = v[0].as_string();
            const std::size_t g =
                group_index(re, c.cls == "RegExpExtractAll" ? v[2].as_int() : 0, c.name);
            std::vector<Value> out;
            for (auto it = std::sregex_iterator(s.begin(), s.end(), re);
                 it != std::sregex_iterator(); ++it) {
                if (!(*it)[g].matched) {
                    unsupported(std::string(c.name) + " with a group that does not take part");
                }
                if (c.cls == "RegExpSubStr") {
                    const std::string first = (*it)[0].str();
                    return first.empty() ? Value::null() : Value::string(first);
                }
                out.push_back(Value::string((*it)[g].str()));
            }
            if (c.cls == "RegExpSubStr") {
                return Value::null();
            }
            if (c.cls == "RegExpCount") {
                return Value::integral(static_cast<std::int64_t>(out.size()));
            }
            return Value::array_of(std::move(out));
        }));
    put({"StringTrimBoth"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            return Value::string(
                trim_chars(v[0].as_string(), v.size() > 1 ? v[1].as_string() : " ", true, true));
        }));
    put({"Mask"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            // Spark: Mask.transformInput, per Java char by Character.getType; a NULL
            // replacement keeps the character. Only ASCII text is classified here.
            if (v[0].is_null()) {
                return v[0];
            }
            std::array<std::optional<std::string>, 4> with; // upper, lower, digit, other
            for (std::size_t i = 0; i < with.size(); ++i) {
                if (v[i + 1].is_null()) {
                    continue;
                }
                const std::string& r = v[i + 1].as_string();
                const std::size_t length = r.empty() ? 0 : utf8_sequence_length(r, 0);
                if (length == 0 || length != r.size()) {
                    std::string message = "a replacement of 'mask' must be one character, got '";
                    message += r;
                    message += "'";
                    raise("DATATYPE_MISMATCH.INPUT_SIZE_NOT_ONE", std::move(message));
                }
                if (length == 4) {
                    unsupported("'mask' with a replacement outside the Basic Multilingual Plane");
                }
                with[i] = r;
            }
            std::string out;
            for (const char c : v[0].as_string()) {
                if (static_cast<unsigned char>(c) >= 0x80) {
                    unsupported("'mask' of non-ASCII text");
                }
                const std::size_t kind = c >= 'A' && c <= 'Z'   ? 0
                                         : c >= 'a' && c <= 'z' ? 1
                                         : c >= '0' && c <= '9' ? 2
                                                                : 3;
                if (with[kind]) {
                    out += *with[kind];
                } else {
                    out += c;
                }
            }
            return Value::string(std::move(out));
        }));
    put({"SoundEx"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            // Spark: UTF8String.soundex, over bytes; text not starting with a letter is kept.
            static constexpr std::string_view kCodes = "01230127022455012623017202";
            if (v[0].is_null()) {
                return v[0];
            }
            const std::string& s = v[0].as_string();
            const auto upper = [](char b) {
                return b >= 'a' && b <= 'z' ? static_cast<char>(b - 32) : b;
            };
            if (s.empty() || upper(s[0]) < 'A' || upper(s[0]) > 'Z') {
                return v[0];
            }
            std::string out = {upper(s[0]), '0', '0', '0'};
            std::size_t filled = 1;
            char last = kCodes[static_cast<std::size_t>(upper(s[0]) - 'A')];
            for (std::size_t i = 1; i < s.size() && filled < 4; ++i) {
                const char b = upper(s[i]);
                if (b < 'A' || b > 'Z') {
                    last = '0';
                    continue;
                }
                const char code = kCodes[static_cast<std::size_t>(b - 'A')];
                if (code == '7') {
                    continue;
                }
                if (code != '0' && code != last) {
                    out[filled++] = code;
                }
                last = code;
            }
            return Value::string(std::move(out));
        }));
    put({"Unhex"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::optional<std::string> bytes = spark_unhex(v[0].as_string());
            return bytes ? Value::binary(std::move(*bytes)) : Value::null();
        }));
    put({"Conv"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            std::optional<std::string> text =
                spark_conv(v[0].as_string(), v[1].as_int(), v[2].as_int());
            return text ? Value::string(std::move(*text)) : Value::null();
        }));
    put({"UnBase64"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::optional<std::string> bytes = mime_base64_decode(v[0].as_string());
            if (!bytes) {
                unsupported("unbase64 of text Java's MIME decoder rejects (Spark fails with the "
                            "decoder's IllegalArgumentException)");
            }
            return Value::binary(std::move(*bytes));
        }));
    // Spark's ToBinary and TryToBinary: what Spark replaces them by for the (constant) format:
    // unhex or unbase64 raising CONVERSION_INVALID_INPUT for malformed text, or the text's
    // UTF-8 bytes; try_to_binary makes NULL of what to_binary raises, and of another format.
    put({"ToBinary", "TryToBinary"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const bool lenient = c.cls == "TryToBinary";
            const std::string format = v.size() == 2 ? ascii_lower(v[1].as_string()) : "hex";
            const std::string& text = v[0].as_string();
            const auto malformed = [&](const char* name) -> Value {
                if (lenient) {
                    return Value::null();
                }
                std::string message = "The value '";
                message += text;
                message += "' (";
                message += name;
                message += ") cannot be converted to \"BINARY\" because it is malformed. Correct "
                           "the value as per the syntax, or change its format. Use "
                           "`try_to_binary` to tolerate malformed input and return NULL instead.";
                raise("CONVERSION_INVALID_INPUT", std::move(message));
            };
            if (format == "hex") {
                std::optional<std::string> bytes = spark_unhex(text);
                return bytes ? Value::binary(std::move(*bytes)) : malformed("HEX");
            }
            if (format == "utf-8" || format == "utf8") {
                return Value::binary(text);
            }
            if (format != "base64") {
                return Value::null(); // try_to_binary of another format
            }
            if (std::any_of(text.begin(), text.end(),
                            [](char ch) { return static_cast<unsigned char>(ch) >= 0x80; })) {
                unsupported("to_binary of base64 text beyond ASCII (Java's whitespace beyond "
                            "ASCII is not modelled)");
            }
            if (!valid_base64(text)) {
                return malformed("BASE64");
            }
            std::optional<std::string> bytes = mime_base64_decode(text);
            if (!bytes) {
                throw InternalError("valid base64 the MIME decoder rejects: " + text);
            }
            return Value::binary(std::move(*bytes));
        }));
    // --- comparisons
    put({"NullIf"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (!v[0].is_null() && !v[1].is_null() && compare_mixed(v[0], v[1]) == 0) {
                return Value::null();
            }
            return v[0];
        }));
    put({"Greatest", "Least"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            Value best;
            for (const Value& x : v) {
                if (x.is_null()) {
                    continue;
                }
                if (best.is_null() || (c.cls == "Greatest" ? compare_mixed(x, best) > 0
                                                           : compare_mixed(x, best) < 0)) {
                    best = x;
                }
            }
            return best;
        }));

    // --- strings
    put({"ConcatWs"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::string out;
            bool first = true;
            auto add = [&](const Value& x) {
                if (x.is_null()) {
                    return;
                }
                out += first ? "" : v[0].as_string();
                first = false;
                out += x.as_string();
            };
            for (std::size_t i = 1; i < v.size(); ++i) {
                if (v[i].kind() == Value::Kind::Array) {
                    for (const Value& x : v[i].items()) {
                        add(x);
                    }
                } else {
                    add(v[i]);
                }
            }
            return Value::string(std::move(out));
        }));
    put({"Length"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            return Value::integral(static_cast<std::int64_t>(v[0].kind() == Value::Kind::Binary
                                                                 ? v[0].as_binary().size()
                                                                 : code_points(v[0].as_string())));
        }));
    put({"Lower", "Upper", "InitCap"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::string text = ascii_case(v[0].as_string(), c.cls == "Upper", c.name);
            if (c.cls == "InitCap") {
                // UTF8String.toTitleCase: the first letter of each word, words split at spaces.
                for (std::size_t i = 0; i < text.size(); ++i) {
                    if ((i == 0 || text[i - 1] == ' ') && text[i] >= 'a' && text[i] <= 'z') {
                        text[i] = static_cast<char>(text[i] - 32);
                    }
                }
            }
            return Value::string(std::move(text));
        }));
    put({"StringReplace"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::string& text = v[0].as_string();
            const std::string& search = v[1].as_string();
            if (search.empty()) {
                return v[0];
            }
            std::string out;
            std::size_t from = 0;
            for (std::size_t at; (at = text.find(search, from)) != std::string::npos;
                 from = at + search.size()) {
                out.append(text, from, at - from).append(v[2].as_string());
            }
            return Value::string(out.append(text, from));
        }));
    put({"StringLPad", "StringRPad"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            // UTF8String.lpad and rpad: whole copies of the pad, then as much of it as fits; a
            // string already as long (or an empty pad) is cut to the length.
            if (any_null(v)) {
                return Value::null();
            }
            const std::vector<std::string_view> text = split_code_points(v[0].as_string());
            const std::vector<std::string_view> pad = split_code_points(v[2].as_string());
            const std::int64_t length = v[1].as_int();
            const std::int64_t missing = length - static_cast<std::int64_t>(text.size());
            auto join = [](auto first, auto last) {
                std::string out;
                for (; first != last; ++first) {
                    out += *first;
                }
                return out;
            };
            if (missing <= 0 || pad.empty()) {
                const auto kept = static_cast<std::size_t>(
                    std::clamp<std::int64_t>(length, 0, static_cast<std::int64_t>(text.size())));
                return Value::string(
                    join(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(kept)));
            }
            require_buildable(static_cast<double>(missing),
                              c.cls == "StringLPad" ? "lpad" : "rpad");
            std::string fill;
            for (std::int64_t i = 0; i < missing; ++i) {
                fill += pad[static_cast<std::size_t>(i) % pad.size()];
            }
            const std::string body = join(text.begin(), text.end());
            return Value::string(c.cls == "StringLPad" ? fill + body : body + fill);
        }));
    put({"RegExpReplace"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            // Every match from the position (in characters, from 1) on, as Java's
            // Matcher.replaceAll; a replacement may refer to groups by $n only (Java's escapes
            // and ECMAScript's other $ forms differ).
            if (any_null(v)) {
                return Value::null();
            }
            const std::string& rep = v[2].as_string();
            for (std::size_t i = 0; i < rep.size(); ++i) {
                if (rep[i] == '\\' || (rep[i] == '$' && (i + 1 == rep.size() || rep[i + 1] < '0' ||
                                                         rep[i + 1] > '9'))) {
                    unsupported("the replacement '" + rep + "' (only $n refers to a group)");
                }
            }
            const std::int64_t position = v[3].as_int();
            if (position <= 0) {
                raise("INVALID_PARAMETER_VALUE.REGEX_POSITION",
                      "The value of parameter(s) `position` in `regexp_replace` is invalid: "
                      "Expects a "
                      "positive value, but got " +
                          std::to_string(position) + ".");
            }
            const std::regex re = compile_regex(v[1].as_string());
            const std::string& s = v[0].as_string();
            const std::vector<std::string_view> cps = split_code_points(s);
            if (static_cast<std::size_t>(position - 1) > cps.size()) {
                return v[0];
            }
            std::size_t offset = 0;
            for (std::int64_t i = 0; i + 1 < position; ++i) {
                offset += cps[static_cast<std::size_t>(i)].size();
            }
            return Value::string(s.substr(0, offset) +
                                 std::regex_replace(s.substr(offset), re, rep));
        }));
    put({"StartsWith", "EndsWith", "Contains"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::string_view s = v[0].as_string();
            const std::string_view part = v[1].as_string();
            return Value::boolean(c.cls == "StartsWith" ? s.starts_with(part)
                                  : c.cls == "EndsWith" ? s.ends_with(part)
                                                        : s.find(part) != std::string_view::npos);
        }));
    put({"StringInstr"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::string& text = v[0].as_string();
            const std::size_t at = text.find(v[1].as_string());
            return Value::integral(
                at == std::string::npos
                    ? 0
                    : static_cast<std::int64_t>(code_points(text.substr(0, at))) + 1);
        }));
    put({"StringRepeat"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::string& text = v[0].as_string();
            const std::int64_t times = std::max<std::int64_t>(v[1].as_int(), 0);
            require_buildable(static_cast<double>(times) * static_cast<double>(text.size()),
                              "repeat");
            std::string out;
            out.reserve(static_cast<std::size_t>(times) * text.size());
            for (std::int64_t i = 0; i < times; ++i) {
                out += text;
            }
            return Value::string(std::move(out));
        }));
    put({"Substring"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::int64_t pos = v[1].as_int();
            const std::int64_t len =
                v.size() > 2 ? v[2].as_int() : std::numeric_limits<std::int32_t>::max();
            const bool binary = v[0].kind() == Value::Kind::Binary;
            std::vector<std::string_view> units;
            if (binary) {
                for (std::size_t i = 0; i < v[0].as_binary().size(); ++i) {
                    units.push_back(std::string_view(v[0].as_binary()).substr(i, 1));
                }
            } else {
                units = split_code_points(v[0].as_string());
            }
            const auto n = static_cast<std::int64_t>(units.size());
            // Spark: UTF8String.substringSQL.
            const std::int64_t start = pos > 0 ? pos - 1 : (pos < 0 ? n + pos : 0);
            const std::int64_t end =
                len == std::numeric_limits<std::int32_t>::max() ? n : start + len;
            const std::int64_t s = std::max<std::int64_t>(start, 0);
            const std::int64_t t = std::min(end, n);
            std::string out;
            for (std::int64_t i = s; i < t; ++i) {
                out += units[static_cast<std::size_t>(i)];
            }
            return binary ? Value::binary(std::move(out)) : Value::string(std::move(out));
        }));
    put({"StringTrim", "StringTrimLeft", "StringTrimRight"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            // The two-argument function form is `trim(trimStr, str)` (Spark's constructor order).
            const std::string src = v.size() > 1 ? v[1].as_string() : v[0].as_string();
            const std::string chars = v.size() > 1 ? v[0].as_string() : " ";
            return Value::string(
                trim_chars(src, chars, c.cls != "StringTrimRight", c.cls != "StringTrimLeft"));
        }));
    put({"StringLocate"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            // Spark: StringLocate.eval — a NULL or non-positive start finds nothing (0), then
            // UTF8String.indexOf(substr, start - 1) + 1, in code points.
            if (v[2].is_null() || v[2].as_int() < 1) {
                return Value::integral(0);
            }
            if (v[0].is_null() || v[1].is_null()) {
                return Value::null();
            }
            const std::vector<std::string_view> needle = split_code_points(v[0].as_string());
            const std::vector<std::string_view> hay = split_code_points(v[1].as_string());
            const auto from = static_cast<std::size_t>(v[2].as_int() - 1);
            if (needle.empty()) {
                return Value::integral(from <= hay.size() ? static_cast<std::int64_t>(from) + 1
                                                          : 0);
            }
            for (std::size_t i = from; i + needle.size() <= hay.size(); ++i) {
                if (std::equal(needle.begin(), needle.end(), hay.begin() + static_cast<long>(i))) {
                    return Value::integral(static_cast<std::int64_t>(i) + 1);
                }
            }
            return Value::integral(0);
        }));
    put({"Overlay"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            // Spark: Overlay.calculate — input.substringSQL(1, pos - 1), the replacement, then
            // input.substringSQL(pos + len, MAX), len being the replacement's length when negative.
            const bool binary = v[0].kind() == Value::Kind::Binary;
            auto units = [&](const Value& x) {
                std::vector<std::string_view> out;
                if (binary) {
                    for (std::size_t i = 0; i < x.as_binary().size(); ++i) {
                        out.push_back(std::string_view(x.as_binary()).substr(i, 1));
                    }
                } else {
                    out = split_code_points(x.as_string());
                }
                return out;
            };
            const std::vector<std::string_view> input = units(v[0]);
            const std::vector<std::string_view> replace = units(v[1]);
            const std::int64_t pos = v[2].as_int();
            const std::int64_t len =
                v[3].as_int() >= 0 ? v[3].as_int() : static_cast<std::int64_t>(replace.size());
            const auto n = static_cast<std::int64_t>(input.size());
            // UTF8String.substringSQL(pos, length) as [start, end) over code points.
            auto substring_sql = [n](std::int64_t p, std::int64_t length) {
                const std::int64_t start = p > 0 ? p - 1 : (p < 0 ? n + p : 0);
                const std::int64_t end =
                    length >= std::numeric_limits<std::int32_t>::max() ? n : start + length;
                return std::pair{std::max<std::int64_t>(start, 0), std::min(end, n)};
            };
            std::string out;
            auto append = [&](std::pair<std::int64_t, std::int64_t> range) {
                for (std::int64_t i = range.first; i < range.second; ++i) {
                    out += input[static_cast<std::size_t>(i)];
                }
            };
            append(substring_sql(1, pos - 1));
            for (std::string_view unit : replace) {
                out += unit;
            }
            append(substring_sql(pos + len, std::numeric_limits<std::int32_t>::max()));
            return binary ? Value::binary(std::move(out)) : Value::string(std::move(out));
        }));
    put({"StringSplit"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            return Value::array_of(
                java_split(v[0].as_string(), v[1].as_string(), v.size() > 2 ? v[2].as_int() : -1));
        }));
    put({"RegExpExtract"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::regex re = compile_regex(v[1].as_string());
            const std::size_t g =
                group_index(re, v.size() > 2 ? v[2].as_int() : 1, "regexp_extract");
            std::smatch m;
            const std::string& s = v[0].as_string();
            if (!std::regex_search(s, m, re)) {
                return Value::string("");
            }
            return Value::string(m[g].matched ? m[g].str() : "");
        }));
    put({"FormatString"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::vector<Value> rest(v.begin() + 1, v.end());
            std::vector<TypePtr> types;
            for (std::size_t i = 1; i < c.args.size(); ++i) {
                types.push_back(c.args[i]->type);
            }
            return Value::string(java_format(v[0].as_string(), rest, types));
        }));
    put({"LikeAny", "LikeAll", "NotLikeAny", "NotLikeAll"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            // Spark: MultiLikeBase, its patterns never null (string literals).
            if (v[0].is_null()) {
                return Value::null();
            }
            const bool negated = c.cls.starts_with("Not");
            const bool all = c.cls.ends_with("All");
            for (std::size_t i = 1; i < v.size(); ++i) {
                const bool hit = like_match(v[0].as_string(), v[i].as_string(), "\\") != negated;
                if (hit != all) {
                    return Value::boolean(hit); // ANY: a hit decides; ALL: a miss does
                }
            }
            return Value::boolean(all);
        }));
    put({"RLike", "Like", "ILike"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            if (c.cls == "Like" || c.cls == "ILike") {
                const std::string_view escape =
                    v.size() > 2 ? std::string_view(v[2].as_string()) : std::string_view("\\");
                if (c.cls == "ILike") { // Spark: like(lower(str), lower(pattern))
                    return Value::boolean(like_match(ascii_case(v[0].as_string(), false, "lower"),
                                                     ascii_case(v[1].as_string(), false, "lower"),
                                                     escape));
                }
                return Value::boolean(like_match(v[0].as_string(), v[1].as_string(), escape));
            }
            const std::regex re = compile_regex(v[1].as_string());
            return Value::boolean(std::regex_search(v[0].as_string(), re));
        }));

    // --- math
    put({"Sqrt",  "Cbrt",  "Exp",       "Log",       "Log2",  "Log10", "Signum", "Pow",
         "Log1p", "Expm1", "ToDegrees", "ToRadians", "Rint",  "Hypot", "Sin",    "Cos",
         "Tan",   "Cot",   "Sec",       "Csc",       "Asin",  "Acos",  "Atan",   "Sinh",
         "Cosh",  "Tanh",  "Asinh",     "Acosh",     "Atanh", "Atan2"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            return eval_math(c.cls, v).value();
        }));
    // try_add, ...: the operator, NULL where it raises (only the operator's own errors: its
    // arguments' are raised, as Spark evaluates them outside TRY mode)
    put({"TryAdd", "TrySubtract", "TryMultiply", "TryDivide", "TryMod"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const BinaryOpKind op = c.cls == "TryAdd"        ? BinaryOpKind::Add
                                    : c.cls == "TrySubtract" ? BinaryOpKind::Subtract
                                    : c.cls == "TryMultiply" ? BinaryOpKind::Multiply
                                    : c.cls == "TryDivide"   ? BinaryOpKind::Divide
                                                             : BinaryOpKind::Remainder;
            try {
                return arithmetic(op, v[0], v[1], c.type);
            } catch (const EvalError&) {
                return Value::null();
            }
        }));
    put({"UnaryPositive"},
        strict([](Evaluator&, const Call&, Values& v) -> Value { return v[0]; }));
    put({"UnaryMinus"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            return v[0].is_null() ? v[0] : negate(v[0], c.type);
        }));
    // Java's Long.bitCount of the value widened to a bigint (so bit_count(-1) is 64).
    put({"BitwiseCount"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            if (v[0].kind() == Value::Kind::Boolean) {
                return Value::integral(v[0].as_bool() ? 1 : 0);
            }
            return Value::integral(std::popcount(static_cast<std::uint64_t>(v[0].as_int())));
        }));
    put({"BitwiseGet"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const DataType& t = *c.args[0]->type;
            const std::int64_t size = t.is(AtomicKind::Byte)    ? 8
                                      : t.is(AtomicKind::Short) ? 16
                                      : t.is(AtomicKind::Long)  ? 64
                                                                : 32;
            const std::int64_t pos = v[1].as_int();
            if (pos < 0 || pos >= size) {
                raise("INVALID_PARAMETER_VALUE.BIT_POSITION_RANGE",
                      "The value of parameter(s) `pos` in `" + std::string(c.name) +
                          "` is invalid: expects an integer value in [0, " + std::to_string(size) +
                          "), but got " + std::to_string(pos) + ".");
            }
            const auto bits = static_cast<std::uint64_t>(v[0].as_int());
            return Value::integral(static_cast<std::int64_t>((bits >> pos) & 1U));
        }));
    // Text here is UTF-8 already, but a binary cast to a string need not be.
    put({"IsValidUTF8", "MakeValidUTF8", "ValidateUTF8", "TryValidateUTF8"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            bool valid = true; // a NUL byte is valid UTF-8
            std::string_view rest = v[0].as_string();
            while (const std::optional<BadText> bad = find_bad_text(rest)) {
                if (!bad->nul) {
                    valid = false;
                    break;
                }
                rest.remove_prefix(bad->at + 1);
            }
            if (c.cls == "IsValidUTF8") {
                return Value::boolean(valid);
            }
            if (valid) {
                return v[0];
            }
            if (c.cls == "TryValidateUTF8") {
                return Value::null();
            }
            if (c.cls == "ValidateUTF8") {
                raise("INVALID_UTF8_STRING", "Invalid UTF8 byte sequence found in string.");
            }
            unsupported("make_valid_utf8 of text that is not UTF-8");
        }));
    // --- more strings
    put({"SplitPart"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::string& text = v[0].as_string();
            const std::string& delim = v[1].as_string();
            std::vector<std::string> parts;
            if (delim.empty()) {
                parts.push_back(text); // Spark's splitSQL: an empty delimiter splits nothing
            } else {
                std::size_t from = 0;
                for (std::size_t at = text.find(delim); at != std::string::npos;
                     at = text.find(delim, from)) {
                    parts.push_back(text.substr(from, at - from));
                    from = at + delim.size();
                }
                parts.push_back(text.substr(from));
            }
            const std::int64_t part = v[2].as_int();
            if (part == 0) {
                raise("INVALID_INDEX_OF_ZERO", "The index 0 is invalid. An index shall be either "
                                               "< 0 or > 0 (the first element has index 1).");
            }
            const auto n = static_cast<std::int64_t>(parts.size());
            if (part > n || -part > n) {
                return Value::string("");
            }
            return Value::string(parts[static_cast<std::size_t>(part > 0 ? part - 1 : n + part)]);
        }));
    put({"Elt"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return Value::null();
            }
            const std::int64_t index = v[0].as_int();
            const auto n = static_cast<std::int64_t>(v.size()) - 1;
            if (index < 1 || index > n) {
                raise("INVALID_ARRAY_INDEX", "The index " + std::to_string(index) +
                                                 " is out of bounds. The array has " +
                                                 std::to_string(n) + " elements.");
            }
            (void)c;
            return v[static_cast<std::size_t>(index)];
        }));
    put({"FindInSet"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::string& word = v[0].as_string();
            if (word.find(',') != std::string::npos) {
                return Value::integral(0);
            }
            const std::string& set = v[1].as_string();
            std::int64_t place = 1;
            std::size_t from = 0;
            while (true) {
                const std::size_t comma = set.find(',', from);
                const std::string_view item = std::string_view(set).substr(
                    from, comma == std::string::npos ? std::string::npos : comma - from);
                if (item == word) {
                    return Value::integral(place);
                }
                if (comma == std::string::npos) {
                    return Value::integral(0);
                }
                from = comma + 1;
                ++place;
            }
        }));
    // Java's URLEncoder and URLDecoder in UTF-8: letters, digits and ".-*_" kept, a space
    // as "+", every other byte as %XX.
    put({"UrlEncode"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            static constexpr char kHex[] = "0123456789ABCDEF";
            std::string out;
            for (const char ch : v[0].as_string()) {
                const auto b = static_cast<unsigned char>(ch);
                if ((b >= 'a' && b <= 'z') || (b >= 'A' && b <= 'Z') || (b >= '0' && b <= '9') ||
                    b == '.' || b == '-' || b == '*' || b == '_') {
                    out += ch;
                } else if (b == ' ') {
                    out += '+';
                } else {
                    out += '%';
                    out += kHex[b >> 4];
                    out += kHex[b & 15U];
                }
            }
            return Value::string(std::move(out));
        }));
    put({"UrlDecode", "TryUrlDecode"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            const std::string& s = v[0].as_string();
            std::string out;
            for (std::size_t i = 0; i < s.size(); ++i) {
                if (s[i] == '+') {
                    out += ' ';
                } else if (s[i] == '%') {
                    const int hi = i + 2 < s.size() ? hex_digit_value(s[i + 1]) : -1;
                    const int lo = i + 2 < s.size() ? hex_digit_value(s[i + 2]) : -1;
                    if ((hi < 0 || lo < 0) && c.cls == "TryUrlDecode") {
                        return Value::null();
                    }
                    if (hi < 0 || lo < 0) {
                        raise("CANNOT_DECODE_URL",
                              "The provided URL cannot be decoded: " + s +
                                  ". Please ensure that "
                                  "the URL is properly formatted and try again.");
                    }
                    out += static_cast<char>(hi * 16 + lo);
                    i += 2;
                } else {
                    out += s[i];
                }
            }
            if (find_bad_text(out)) {
                unsupported("url_decode of bytes that are not UTF-8 (or a NUL)");
            }
            return Value::string(std::move(out));
        }));
    // Spark's Encode and StringDecode: text to bytes in a charset and back. What the charset
    // cannot hold is refused: Spark 4's coders report it (MALFORMED_CHARACTER_CODING) or
    // replace it, by version and spark.sql.legacy.codingErrorAction.
    put({"Encode", "StringDecode"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const bool encode = c.cls == "Encode";
            const std::string& name = v[1].as_string();
            const std::optional<Charset> charset = spark_charset(name);
            if (!charset) {
                if (equal_ignoring_ascii_case(name, "UTF-32")) {
                    unsupported("the UTF-32 charset (Spark versions differ on it)");
                }
                std::string message = "The value of parameter(s) `charset` in `";
                message += encode ? "encode" : "decode";
                message += "` is invalid: expects one of the ";
                message += kSparkCharsets;
                message += ", but got ";
                message += name;
                message += '.';
                raise("INVALID_PARAMETER_VALUE.CHARSET", std::move(message));
            }
            if (encode) {
                std::optional<std::string> bytes = encode_text(v[0].as_string(), *charset);
                if (!bytes) {
                    std::string what = "encode of text the charset ";
                    what += name;
                    what += " cannot hold (replaced or an error, by Spark's version)";
                    unsupported(what);
                }
                return Value::binary(std::move(*bytes));
            }
            std::optional<std::string> text = decode_bytes(v[0].as_binary(), *charset);
            if (!text) {
                std::string what = "decode of bytes that are not text in ";
                what += name;
                what += " (replaced or an error, by Spark's version)";
                unsupported(what);
            }
            if (find_bad_text(*text)) {
                unsupported("decode of bytes holding a NUL");
            }
            return Value::string(std::move(*text));
        }));
    // Spark's FormatNumber: DecimalFormat("#,###,###,###,###,###,##0" and `d` zeros after a
    // point), US symbols, HALF_EVEN; NULL for a negative `d`. A pattern given as a string is
    // another DecimalFormat pattern (refused, but for '' which is the pattern with no places).
    put({"FormatNumber"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            int places = 0;
            if (v[1].kind() == Value::Kind::String) {
                if (!v[1].as_string().empty()) {
                    unsupported("format_number with a DecimalFormat pattern (only a number of "
                                "places is modelled)");
                }
            } else if (v[1].as_int() < 0) {
                return Value::null();
            } else if (v[1].as_int() > 340) {
                unsupported("format_number with more than 340 places (DecimalFormat's limits "
                            "are not modelled)");
            } else {
                places = static_cast<int>(v[1].as_int());
            }
            const std::optional<DecimalDigits> digits = decimal_digits(v[0]);
            if (!digits) {
                unsupported("format_number of NaN or an infinity (DecimalFormat's symbols for "
                            "them are not modelled)");
            }
            std::optional<std::string> text = format_grouped(*digits, places);
            if (!text) {
                unsupported("format_number of a negative value that rounds to zero (the sign "
                            "DecimalFormat gives it is not modelled)");
            }
            return Value::string(std::move(*text));
        }));
    // Spark's ParseUrl over java.net.URI: a part of the URL by its name (HOST, PATH, QUERY,
    // REF, PROTOCOL, FILE, AUTHORITY, USERINFO; NULL for another name), raw (not decoded);
    // with a key, the value of the query's first `key=` (Spark compiles `(&|^)key=([^&]*)`:
    // keys that are not plain text are refused). An invalid URL raises INVALID_URL, and is
    // NULL for try_parse_url.
    put({"ParseUrl", "TryParseUrl"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::string& part = v[1].as_string();
            if (v.size() == 3 && part != "QUERY") {
                return Value::null();
            }
            const std::optional<JavaUri> uri = parse_java_uri(v[0].as_string());
            if (!uri) {
                if (c.cls == "TryParseUrl") {
                    return Value::null();
                }
                std::string message = "The url is invalid: ";
                message += v[0].as_string();
                message += ". Use `try_parse_url` to tolerate invalid URL and return NULL instead.";
                raise("INVALID_URL", std::move(message));
            }
            std::optional<std::string> value;
            if (part == "HOST") {
                value = uri->host;
            } else if (part == "PATH") {
                value = uri->path;
            } else if (part == "QUERY") {
                value = uri->query;
            } else if (part == "REF") {
                value = uri->fragment;
            } else if (part == "PROTOCOL") {
                value = uri->scheme;
            } else if (part == "FILE") {
                value = uri->query && uri->path ? *uri->path + "?" + *uri->query : uri->path;
            } else if (part == "AUTHORITY") {
                value = uri->authority;
            } else if (part == "USERINFO") {
                value = uri->user_info;
            }
            if (!value) {
                return Value::null();
            }
            if (v.size() < 3) {
                return Value::string(std::move(*value));
            }
            const std::string& key = v[2].as_string();
            if (key.find_first_of("\\^$.|?*+()[]{}") != std::string::npos) {
                unsupported("parse_url with a key holding a regular expression's special "
                            "characters (Spark compiles the key into a Java pattern)");
            }
            const std::string& query = *value;
            const std::string lead = key + "=";
            for (std::size_t at = 0; at <= query.size(); ++at) {
                std::size_t from = std::string::npos;
                if (at < query.size() && query[at] == '&' &&
                    query.compare(at + 1, lead.size(), lead) == 0) {
                    from = at + 1 + lead.size();
                } else if (at == 0 && query.compare(0, lead.size(), lead) == 0) {
                    from = lead.size();
                }
                if (from != std::string::npos) {
                    return Value::string(query.substr(from, query.find('&', from) - from));
                }
            }
            return Value::null();
        }));
    // Spark's ExpressionImplUtils.isLuhnNumber: digits only, not empty, the Luhn sum % 10 == 0.
    put({"Luhncheck"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            const std::string& s = v[0].as_string();
            if (s.empty()) {
                return Value::boolean(false);
            }
            int sum = 0;
            bool second = false;
            for (auto it = s.rbegin(); it != s.rend(); ++it) {
                if (*it < '0' || *it > '9') {
                    return Value::boolean(false);
                }
                int d = *it - '0';
                if (second) {
                    d *= 2;
                    d = d > 9 ? d - 9 : d;
                }
                sum += d;
                second = !second;
            }
            return Value::boolean(sum % 10 == 0);
        }));
    put({"RegExpInStr"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const std::regex re = compile_regex(v[1].as_string());
            const std::size_t g = group_index(re, v[2].as_int(), "regexp_instr");
            std::smatch m;
            const std::string& s = v[0].as_string();
            if (!std::regex_search(s, m, re)) {
                return Value::integral(0);
            }
            if (!m[g].matched) {
                return Value::integral(0);
            }
            const auto before = static_cast<std::size_t>(m.position(g));
            return Value::integral(
                static_cast<std::int64_t>(split_code_points(s.substr(0, before)).size() + 1));
        }));
    // Spark's StringToMap: the text split by the pair delimiter, each pair by the key-value
    // delimiter (both Java regular expressions; Java's split with limit -1 and 2).
    put({"StringToMap"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            auto split = [](const std::string& text, const std::regex& re, std::size_t limit) {
                std::vector<std::string> parts;
                std::size_t from = 0;
                std::smatch m;
                auto begin = text.cbegin();
                while ((limit == 0 || parts.size() + 1 < limit) &&
                       std::regex_search(begin, text.cend(), m, re)) {
                    const auto at = static_cast<std::size_t>(m.position(0)) +
                                    static_cast<std::size_t>(begin - text.cbegin());
                    if (m.length(0) == 0) {
                        unsupported("str_to_map with a delimiter that matches the empty string");
                    }
                    parts.push_back(text.substr(from, at - from));
                    from = at + static_cast<std::size_t>(m.length(0));
                    begin = text.cbegin() + static_cast<std::ptrdiff_t>(from);
                }
                parts.push_back(text.substr(from));
                return parts;
            };
            const std::regex pair = compile_regex(v[1].as_string());
            const std::regex key_value = compile_regex(v[2].as_string());
            std::vector<Value> keys;
            std::vector<Value> values;
            for (const std::string& item : split(v[0].as_string(), pair, 0)) {
                const std::vector<std::string> kv = split(item, key_value, 2);
                keys.push_back(Value::string(kv[0]));
                values.push_back(kv.size() > 1 ? Value::string(kv[1]) : Value::null());
            }
            return make_checked_map(std::move(keys), std::move(values));
        }));
    // --- maps and arrays
    put({"MapConcat"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            std::vector<Value> keys;
            std::vector<Value> values;
            for (const Value& m : v) {
                keys.insert(keys.end(), m.map().keys.begin(), m.map().keys.end());
                values.insert(values.end(), m.map().values.begin(), m.map().values.end());
            }
            return make_checked_map(std::move(keys), std::move(values));
        }));
    put({"ArrayInsert"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null() || v[1].is_null()) {
                return Value::null();
            }
            std::vector<Value> items = v[0].items();
            const auto n = static_cast<std::int64_t>(items.size());
            const std::int64_t pos = v[1].as_int();
            if (pos == 0) {
                raise("INVALID_INDEX_OF_ZERO", "The index 0 is invalid. An index shall be either "
                                               "< 0 or > 0 (the first element has index 1).");
            }
            if (std::max(pos, -pos) > 1000000) {
                unsupported("array_insert at position " + std::to_string(pos));
            }
            if (pos > 0) {
                if (pos - 1 >= n) {
                    items.resize(static_cast<std::size_t>(pos - 1));
                    items.push_back(v[2]);
                } else {
                    items.insert(items.begin() + (pos - 1), v[2]);
                }
                return Value::array_of(std::move(items));
            }
            const std::int64_t at = n + pos + 1; // -1 appends
            if (at >= 0) {
                items.insert(items.begin() + at, v[2]);
                return Value::array_of(std::move(items));
            }
            // Before the first element: Spark pads with NULLs, a case not checked here.
            unsupported("array_insert at a negative position before the first element");
        }));
    // --- JSON text (parsed as Spark's Jackson parser does for these: NULL where it is not
    // JSON of the kind asked for)
    put({"LengthOfJsonArray", "JsonObjectKeys"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            const nlohmann::ordered_json doc =
                nlohmann::ordered_json::parse(v[0].as_string(), nullptr, false);
            if (c.cls == "LengthOfJsonArray") {
                return doc.is_array() ? Value::integral(static_cast<std::int64_t>(doc.size()))
                                      : Value::null();
            }
            if (!doc.is_object()) {
                return Value::null();
            }
            std::vector<Value> keys;
            for (const auto& item : doc.items()) {
                keys.push_back(Value::string(item.key()));
            }
            return Value::array_of(std::move(keys));
        }));
    put({"GetJsonObject"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const nlohmann::ordered_json doc =
                nlohmann::ordered_json::parse(v[0].as_string(), nullptr, false);
            if (doc.is_discarded()) {
                return Value::null();
            }
            const std::optional<const nlohmann::ordered_json*> found =
                json_path(doc, v[1].as_string());
            if (!found || *found == nullptr || (*found)->is_null()) {
                return Value::null();
            }
            const nlohmann::ordered_json& j = **found;
            if (j.is_string()) {
                return Value::string(j.get<std::string>());
            }
            if (j.is_number_float() || (j.is_structured() && json_has_float(j))) {
                unsupported("get_json_object of a fractional number (Jackson's formatting)");
            }
            return Value::string(j.dump());
        }));
    put({"IsNaN"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            return Value::boolean(!v[0].is_null() && std::isnan(to_double(v[0])));
        }));
    // Spark's NaNvl evaluates its right side only for a NaN.
    put({"NaNvl"}, lazy([](Evaluator& ev, const Call& c, Values&) -> Value {
            Value left = ev.eval(*c.args[0]);
            if (left.is_null() || !std::isnan(to_double(left))) {
                return left;
            }
            return ev.eval(*c.args[1]);
        }));
    put({"Pi", "EulerNumber"}, strict([](Evaluator&, const Call& c, Values&) -> Value {
            return Value::float64(c.cls == "Pi" ? 3.141592653589793 : 2.718281828459045);
        }));
    put({"Logarithm"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            // Spark: Logarithm — NULL at or below 0; log(x) (base E(), generated code) is ln x.
            if (any_null(v)) {
                return Value::null();
            }
            const double base = to_double(v[0]);
            const double x = to_double(v[1]);
            if (base <= 0 || x <= 0) {
                return Value::null();
            }
            const auto* f = c.args[0]->as<ScalarFunction>();
            if (f != nullptr && f->def->catalyst == "EulerNumber") {
                return Value::float64(std::log(x));
            }
            return Value::float64(std::log(x) / std::log(base));
        }));
    put({"Factorial"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null() || v[0].as_int() < 0 || v[0].as_int() > 20) {
                return Value::null();
            }
            std::int64_t out = 1;
            for (std::int64_t i = 2; i <= v[0].as_int(); ++i) {
                out *= i;
            }
            return Value::integral(out);
        }));
    put({"Abs"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            switch (v[0].kind()) {
            case Value::Kind::Integral: {
                const std::int64_t x = v[0].as_int();
                if (x < 0) {
                    return negate(v[0], c.type);
                }
                return v[0];
            }
            case Value::Kind::Double:
                return Value::float64(std::fabs(v[0].as_double()));
            case Value::Kind::Float:
                return Value::float32(std::fabs(v[0].as_float()));
            case Value::Kind::Decimal: {
                const DecimalValue& d = v[0].as_decimal();
                return Value::decimal(d.unscaled < 0 ? -d.unscaled : d.unscaled, d.scale);
            }
            default:
                return v[0];
            }
        }));
    put({"Round"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null() || (v.size() > 1 && v[1].is_null())) {
                return Value::null();
            }
            return round_value(v[0], *c.args[0]->type, c.type, v.size() > 1 ? v[1].as_int() : 0, 0);
        }));
    put({"BRound"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null() || (v.size() > 1 && v[1].is_null())) {
                return Value::null();
            }
            return round_value(v[0], *c.args[0]->type, c.type, v.size() > 1 ? v[1].as_int() : 0, 2);
        }));
    // Spark's WidthBucket.computeBucketNumber over doubles.
    put({"WidthBucket"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const double value = to_double(v[0]);
            const double min = to_double(v[1]);
            const double max = to_double(v[2]);
            const std::int64_t n = v[3].as_int();
            if (n <= 0 || n == std::numeric_limits<std::int64_t>::max() || std::isnan(value) ||
                min == max || !std::isfinite(min) || !std::isfinite(max)) {
                return Value::null();
            }
            const double lower = std::min(min, max);
            const double upper = std::max(min, max);
            const auto buckets = static_cast<double>(n);
            if (min < max) {
                if (value < lower) {
                    return Value::integral(0);
                }
                if (value >= upper) {
                    return Value::integral(n + 1);
                }
                return Value::integral(
                    static_cast<std::int64_t>(buckets * (value - lower) / (upper - lower)) + 1);
            }
            if (value > upper) {
                return Value::integral(0);
            }
            if (value <= lower) {
                return Value::integral(n + 1);
            }
            return Value::integral(
                static_cast<std::int64_t>(buckets * (upper - value) / (upper - lower)) + 1);
        }));
    put({"Floor", "Ceil"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v[0].is_null() || (v.size() > 1 && v[1].is_null())) {
                return Value::null();
            }
            if (v.size() > 1) {
                return round_value(v[0], *c.args[0]->type, c.type, v[1].as_int(),
                                   c.cls == "Ceil" ? 1 : -1);
            }
            return floor_ceil(v[0], c.type, c.cls == "Ceil");
        }));
    put({"Remainder"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value { // mod(a, b): `a % b`
            if (any_null(v)) {
                return Value::null();
            }
            return arithmetic(BinaryOpKind::Remainder, v[0], v[1], c.type);
        }));
    put({"Pmod"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const Value r = arithmetic(BinaryOpKind::Remainder, v[0], v[1], c.type);
            if (compare_mixed(r, Value::integral(0)) < 0 ||
                (r.kind() == Value::Kind::Decimal && r.as_decimal().unscaled < 0)) {
                const Value sum = arithmetic(BinaryOpKind::Add, r, v[1], c.type);
                return arithmetic(BinaryOpKind::Remainder, sum, v[1], c.type);
            }
            return r;
        }));

    // Java's shifts: the distance is taken modulo the width (32 for an int, 64 for a bigint).
    put({"ShiftLeft", "ShiftRight", "ShiftRightUnsigned"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            const bool wide = c.type.is(AtomicKind::Long);
            const std::int64_t x = v[0].as_int();
            const auto by = static_cast<unsigned>(v[1].as_int()) & (wide ? 63U : 31U);
            if (wide) {
                const auto bits = static_cast<std::uint64_t>(x);
                const std::uint64_t out = c.cls == "ShiftLeft" ? bits << by
                                          : c.cls == "ShiftRight"
                                              ? static_cast<std::uint64_t>(x >> by)
                                              : bits >> by;
                return Value::integral(static_cast<std::int64_t>(out));
            }
            const auto narrow = static_cast<std::int32_t>(x);
            const auto bits = static_cast<std::uint32_t>(narrow);
            const std::uint32_t out = c.cls == "ShiftLeft" ? bits << by
                                      : c.cls == "ShiftRight"
                                          ? static_cast<std::uint32_t>(narrow >> by)
                                          : bits >> by;
            return Value::integral(static_cast<std::int32_t>(out));
        }));

    // --- serialisation and hashing
    put({"JsonToStructs", "CsvToStructs"},
        strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v.size() > 2) {
                unsupported(std::string(c.name) + " with options");
            }
            if (v[0].is_null()) {
                return Value::null();
            }
            // The schema is the call's type (narrowed by OptimizeCsvJsonExprs), not its literal.
            return c.cls == "JsonToStructs"
                       ? spark_from_json(v[0].as_string(), c.type)
                       : spark_from_csv(v[0].as_string(), *c.type.struct_type());
        }));
    put({"StructsToJson"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v.size() > 1) {
                unsupported("to_json with options");
            }
            if (v[0].is_null()) {
                return v[0];
            }
            return Value::string(spark_to_json(v[0], *c.args[0]->type));
        }));
    put({"StructsToCsv"}, strict([](Evaluator&, const Call& c, Values& v) -> Value {
            if (v.size() > 1) {
                unsupported("to_csv with options");
            }
            if (v[0].is_null()) {
                return v[0];
            }
            return Value::string(spark_to_csv(v[0], *c.args[0]->type->struct_type()));
        }));
    put({"Murmur3Hash"}, strict(&hash_arguments<&murmur3_hash>));
    put({"XxHash64"}, strict(&hash_arguments<&xxhash64>));
    put({"Quote"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            // Hive's and Spark's quote: each ' becomes \', the whole in single quotes.
            std::string out = "'";
            for (const char ch : v[0].as_string()) {
                if (ch == '\'') {
                    out.push_back('\\');
                }
                out.push_back(ch);
            }
            out.push_back('\'');
            return Value::string(std::move(out));
        }));
    put({"BitmapBitPosition"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            const std::int64_t x = v[0].as_int();
            // (-x) wraps for the least bigint, as Java's does; its remainder is then 0.
            const auto magnitude = x > 0 ? static_cast<std::uint64_t>(x) - 1
                                         : std::uint64_t{0} - static_cast<std::uint64_t>(x);
            return Value::integral(static_cast<std::int64_t>(magnitude % kBitmapBits));
        }));
    put({"BitmapBucketNumber"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            const std::int64_t x = v[0].as_int();
            return Value::integral(x > 0 ? 1 + (x - 1) / kBitmapBits : x / kBitmapBits);
        }));
    put({"BitmapCount"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            std::int64_t bits = 0;
            for (const char byte : v[0].as_binary()) {
                bits += std::popcount(static_cast<std::uint8_t>(byte));
            }
            return Value::integral(bits);
        }));
    put({"Md5"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (v[0].is_null()) {
                return v[0];
            }
            return Value::string(md5_hex(v[0].as_binary()));
        }));
    put({"Sha2"}, strict([](Evaluator&, const Call&, Values& v) -> Value {
            if (any_null(v)) {
                return Value::null();
            }
            std::optional<std::string> digest = sha2_hex(v[0].as_binary(), v[1].as_int());
            return digest ? Value::string(*digest) : Value::null();
        }));

    add_aggregate_evals(table);
    return table;
}

const EvalTable& eval_table() {
    static const EvalTable table = build_table();
    return table;
}

const FunctionEval* find_eval(const FunctionDef& def) {
    const EvalTable& table = eval_table();
    const auto it = table.find(def.catalyst);
    return it == table.end() ? nullptr : &it->second;
}

std::string refusal_message(const FunctionEval& entry, std::string_view name) {
    std::string message = entry.message;
    if (const std::size_t at = message.find("{}"); at != std::string::npos) {
        message.replace(at, 2, name);
    }
    return message;
}

} // namespace

Value Evaluator::eval_function(const Expr& e, const ScalarFunction& f) {
    if (f.user_defined()) {
        unsupported("user-defined function '" + std::string(f.name()) + "' cannot be evaluated");
    }
    if (f.def->aggregate) {
        if (row_ == nullptr || !row_->group) {
            throw InternalError("evaluator: aggregate '" + std::string(f.name()) +
                                "' outside an Aggregate");
        }
        return eval_aggregate(f, *row_->group);
    }
    if (f.def->replaced_by_last && !f.args.empty()) {
        return eval(*f.args.back()); // a RuntimeReplaceable: its replacement
    }
    const FunctionEval* entry = find_eval(*f.def);
    if (entry == nullptr) {
        unsupported("function '" + std::string(f.name()) + "' is not supported by the evaluator");
    }
    const Call call{e, f, f.name(), f.def->catalyst, f.args, *e.type};
    Values v;
    if (!entry->lazy) {
        v.reserve(f.args.size());
        for (const ExprPtr& x : f.args) {
            v.push_back(eval(*x));
        }
    }
    if (entry->eval == nullptr) {
        unsupported(refusal_message(*entry, f.name()));
    }
    return entry->eval(*this, call, v);
}

} // namespace prune::eval_detail

namespace prune {

FunctionEvaluation function_evaluation(const FunctionDef& def) {
    const eval_detail::FunctionEval* entry = eval_detail::find_eval(def);
    if (entry != nullptr && entry->eval == nullptr && entry->aggregate == nullptr) {
        return {RowEvaluation::Refused, entry->reason,
                eval_detail::refusal_message(*entry, def.name)};
    }
    if (def.aggregate) {
        return {entry == nullptr ? RowEvaluation::Missing : RowEvaluation::Aggregate, {}, {}};
    }
    if (def.window) {
        return {RowEvaluation::Window, {}, {}};
    }
    if (def.replaced_by_last) {
        return {RowEvaluation::Replacement, {}, {}};
    }
    if (entry == nullptr) {
        return {RowEvaluation::Missing, {}, {}};
    }
    return {RowEvaluation::Evaluated, {}, {}};
}

bool evaluates_ansi_intervals(const FunctionDef& def) {
    return def.replaced_by_last || eval_detail::interval_class(def.catalyst);
}

} // namespace prune

namespace prune::eval_detail {

// --- aggregates ----------------------------------------------------------------------------

namespace {

/// Spark's Percentile (median, percentile, percentile_cont), PercentileDisc,
/// ApproximatePercentile and Mode over a group's rows, each tuple (value, percentage, ...)
/// (a row whose value, or frequency, is NULL does not count); NULL for no values. Percentile
/// interpolates linearly between the values around (count - 1) * p; PercentileDisc returns the
/// first value whose cumulative count reaches ceil(p * count); ApproximatePercentile returns
/// the value at rank ceil(p * count), as its summary does while it is exact (fewer values than
/// the accuracy); Mode returns the most frequent value, the least of a tie (Spark breaks ties
/// by hash order unless asked to be deterministic, which takes the least). `descending`: the
/// values in descending order (WITHIN GROUP (ORDER BY x DESC): Mode then takes the greatest of
/// a tie).
Value eval_percentile(std::string_view name, const Tuples& inputs, bool descending) {
    // (value, count) for each distinct value, in order.
    std::vector<std::pair<Value, std::int64_t>> counts;
    for (const std::vector<Value>& t : inputs) {
        std::int64_t n = 1;
        if (name == "Percentile" && t.size() > 2) {
            if (t[2].is_null()) {
                continue;
            }
            n = t[2].as_int();
            if (n < 0) {
                raise("INVALID_PARAMETER_VALUE",
                      "The frequency of percentile must not be negative: " + std::to_string(n));
            }
        }
        if (t[0].is_null() || n == 0) {
            continue;
        }
        counts.emplace_back(t[0], n);
    }
    if (counts.empty()) {
        return Value::null();
    }
    std::stable_sort(counts.begin(), counts.end(), [](const auto& x, const auto& y) {
        return compare_values(x.first, y.first) < 0;
    });
    // Merge equal neighbours, summing their counts.
    std::vector<std::pair<Value, std::int64_t>> merged;
    for (auto& [value, n] : counts) {
        if (!merged.empty() && values_equal(merged.back().first, value)) {
            merged.back().second += n;
        } else {
            merged.emplace_back(std::move(value), n);
        }
    }
    if (descending) {
        std::reverse(merged.begin(), merged.end());
    }
    if (name == "Mode") {
        const auto most =
            std::max_element(merged.begin(), merged.end(),
                             [](const auto& x, const auto& y) { return x.second < y.second; });
        return most->first;
    }
    std::int64_t total = 0;
    for (const auto& entry : merged) {
        total += entry.second;
    }
    // The value at 0-based position `k` of the sorted values, counts expanded.
    auto at = [&](std::int64_t k) -> const Value& {
        for (const auto& [value, n] : merged) {
            if (k < n) {
                return value;
            }
            k -= n;
        }
        return merged.back().first;
    };
    const Value percentages = name == "Median" ? Value::float64(0.5) : inputs.front().at(1);
    if (percentages.is_null()) {
        return Value::null();
    }
    auto one = [&](const Value& p) -> Value {
        if (p.is_null()) {
            return Value::null();
        }
        const double q = p.as_double();
        if (!(q >= 0.0 && q <= 1.0)) {
            raise("DATATYPE_MISMATCH",
                  "The percentage must be between 0.0 and 1.0, but got " + std::to_string(q));
        }
        if (name == "ApproximatePercentile") {
            const auto rank = static_cast<std::int64_t>(std::ceil(q * static_cast<double>(total)));
            return at(std::max<std::int64_t>(rank - 1, 0));
        }
        if (name == "PercentileDisc") {
            // The value with the least cumulative count at or above ceil(total * p), as a
            // double (Spark 4's calculation; the legacy one is a configuration away).
            const auto higher =
                static_cast<std::int64_t>(std::ceil(static_cast<double>(total) * q));
            return Value::float64(to_double(at(std::max<std::int64_t>(higher - 1, 0))));
        }
        const double position = static_cast<double>(total - 1) * q;
        const auto lower = static_cast<std::int64_t>(std::floor(position));
        const auto higher = static_cast<std::int64_t>(std::ceil(position));
        const double low = to_double(at(lower));
        if (lower == higher) {
            return Value::float64(low);
        }
        const double high = to_double(at(higher));
        return Value::float64((static_cast<double>(higher) - position) * low +
                              (position - static_cast<double>(lower)) * high);
    };
    if (percentages.kind() == Value::Kind::Array) {
        std::vector<Value> out;
        for (const Value& p : percentages.items()) {
            out.push_back(one(p));
        }
        return Value::array_of(std::move(out));
    }
    return one(percentages);
}

/// Spark's statistical aggregates over doubles (CentralMomentAgg, Covariance, Corr), with its
/// defaults: NULL for no rows, and NULL where the formula divides by zero (a sample statistic of
/// one row, a skewness of equal values) as `spark.sql.legacy.statisticalAggregate` is off.
/// Rows with a NULL argument do not count.
Value eval_statistic(std::string_view name, const Tuples& inputs) {
    static constexpr std::string_view kMoments[] = {"StddevSamp",  "StddevPop", "VarianceSamp",
                                                    "VariancePop", "Skewness",  "Kurtosis"};
    const bool pair =
        std::find(std::begin(kMoments), std::end(kMoments), name) == std::end(kMoments);
    std::vector<double> xs;
    std::vector<double> ys;
    for (const std::vector<Value>& t : inputs) {
        if (std::any_of(t.begin(), t.end(), [](const Value& v) { return v.is_null(); })) {
            continue;
        }
        xs.push_back(to_double(t[0]));
        if (pair) {
            ys.push_back(to_double(t[1]));
        }
    }
    const auto n = static_cast<double>(xs.size());
    if (name == "RegrCount") {
        return Value::integral(static_cast<std::int64_t>(xs.size()));
    }
    if (xs.empty()) {
        return Value::null();
    }
    const auto mean = [](const std::vector<double>& v) {
        double total = 0;
        for (const double x : v) {
            total += x;
        }
        return total / static_cast<double>(v.size());
    };
    const double mx = mean(xs);
    if (pair) {
        const double my = mean(ys);
        double ck = 0; // the sum of co-deviations
        double xk = 0;
        double yk = 0;
        for (std::size_t i = 0; i < xs.size(); ++i) {
            ck += (xs[i] - mx) * (ys[i] - my);
            xk += (xs[i] - mx) * (xs[i] - mx);
            yk += (ys[i] - my) * (ys[i] - my);
        }
        if (name == "CovPopulation") {
            return Value::float64(ck / n);
        }
        // The regression functions take (y, x): ys are the x values here.
        if (name == "RegrSXX") {
            return Value::float64(yk);
        }
        if (name == "RegrSYY") {
            return Value::float64(xk);
        }
        if (name == "RegrSXY") {
            return Value::float64(ck);
        }
        if (name == "RegrSlope" || name == "RegrIntercept") {
            if (yk == 0) {
                return Value::null();
            }
            const double slope = ck / yk;
            return Value::float64(name == "RegrSlope" ? slope : mx - slope * my);
        }
        if (name == "RegrR2") {
            if (yk == 0) {
                return Value::null();
            }
            if (xk == 0) {
                return Value::float64(1.0);
            }
            const double r = ck / std::sqrt(xk * yk);
            return Value::float64(r * r);
        }
        if (xs.size() == 1) {
            return Value::null();
        }
        return Value::float64(name == "CovSample" ? ck / (n - 1) : ck / std::sqrt(xk * yk));
    }
    double m2 = 0; // the sums of the deviations' powers
    double m3 = 0;
    double m4 = 0;
    for (const double x : xs) {
        const double d = x - mx;
        m2 += d * d;
        m3 += d * d * d;
        m4 += d * d * d * d;
    }
    if (name == "VariancePop" || name == "StddevPop") {
        return Value::float64(name == "StddevPop" ? std::sqrt(m2 / n) : m2 / n);
    }
    if (name == "VarianceSamp" || name == "StddevSamp") {
        if (xs.size() == 1) {
            return Value::null();
        }
        return Value::float64(name == "StddevSamp" ? std::sqrt(m2 / (n - 1)) : m2 / (n - 1));
    }
    if (m2 == 0) {
        return Value::null();
    }
    if (name == "Skewness") {
        return Value::float64(std::sqrt(n) * m3 / std::sqrt(m2 * m2 * m2));
    }
    return Value::float64(n * m4 / (m2 * m2) - 3.0); // Kurtosis
}

/// Spark 4's ListAgg over a group's tuples (value, delimiter, key...): the non-NULL values in the
/// keys' order (a stable sort: rows with equal keys keep the order they came in, which Spark
/// does not promise), joined by the delimiter (none for NULL); NULL when no value is not NULL.
Value eval_listagg(const ScalarFunction& f, std::vector<std::vector<Value>> inputs) {
    std::erase_if(inputs, [](const std::vector<Value>& t) { return t[0].is_null(); });
    if (inputs.empty()) {
        return Value::null();
    }
    if (inputs.front()[0].kind() != Value::Kind::String) {
        unsupported("listagg of binary values");
    }
    const SortDirections& keys = f.within_group;
    const std::size_t first_key = inputs.front().size() - keys.size();
    std::stable_sort(inputs.begin(), inputs.end(), [&](const auto& x, const auto& y) {
        for (std::size_t k = 0; k < keys.size(); ++k) {
            const Value& a = x[first_key + k];
            const Value& b = y[first_key + k];
            if (a.is_null() || b.is_null()) {
                if (a.is_null() != b.is_null()) {
                    return a.is_null() == keys[k].nulls_first;
                }
                continue;
            }
            const int c = compare_values(a, b);
            if (c != 0) {
                return keys[k].ascending ? c < 0 : c > 0;
            }
        }
        return false;
    });
    const Value& delimiter = inputs.front()[1];
    const std::string between = delimiter.is_null() ? std::string() : delimiter.as_string();
    std::string out;
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        out += (i == 0 ? "" : between) + inputs[i][0].as_string();
    }
    return Value::string(std::move(out));
}

} // namespace

namespace {

/// The values of argument `arg` of each tuple.
std::vector<Value> column(const Tuples& inputs, std::size_t arg = 0) {
    std::vector<Value> out;
    out.reserve(inputs.size());
    for (const std::vector<Value>& t : inputs) {
        out.push_back(t[arg]);
    }
    return out;
}

/// The non-NULL values of argument `arg` of each tuple.
std::vector<Value> non_null(const Tuples& inputs, std::size_t arg = 0) {
    std::vector<Value> out;
    for (const std::vector<Value>& t : inputs) {
        if (!t[arg].is_null()) {
            out.push_back(t[arg]);
        }
    }
    return out;
}

/// Spark's Sum and Average (and TrySum, TryAverage: NULL where they raise an overflow) over the
/// non-NULL values of `type`: exact for integral values, intervals and decimals (the average
/// HALF_UP to the result scale), in doubles otherwise; NULL for no values.
Value sum_or_average(const std::vector<Value>& xs, const DataType& type, bool average,
                     bool try_mode) {
    if (xs.empty()) {
        return Value::null();
    }
    const auto overflow = [try_mode](const char* error_class, const std::string& message) {
        if (!try_mode) {
            raise(error_class, message);
        }
    };
    if (type.is(AtomicKind::YearMonthInterval) || type.is(AtomicKind::DayTimeInterval)) {
        // Months (an int) or micros (a long) added exactly step by step; avg divides the
        // sum by the count HALF_UP (Spark's DivideYMInterval, DivideDTInterval).
        const bool months = type.is(AtomicKind::YearMonthInterval);
        std::int64_t total = 0;
        for (const Value& x : xs) {
            if (__builtin_add_overflow(total, x.as_int(), &total) ||
                (months && !fits_integral(total, AtomicKind::Integer))) {
                overflow("ARITHMETIC_OVERFLOW", months ? "integer overflow" : "long overflow");
                return Value::null();
            }
        }
        if (!average) {
            return Value::integral(total);
        }
        return Value::integral(
            static_cast<std::int64_t>(divide_half_up(total, static_cast<Int128>(xs.size()))));
    }
    if (type.is(AtomicKind::Decimal)) {
        Int128 total = 0;
        const int scale = type.atomic()->scale;
        for (const Value& x : xs) {
            if (__builtin_add_overflow(total, x.as_decimal().unscaled, &total) ||
                !decimal_fits(total, 38)) {
                overflow("NUMERIC_VALUE_OUT_OF_RANGE", "Overflow in sum of decimals.");
                return Value::null();
            }
        }
        const int sum_precision = std::min(type.atomic()->precision + 10, 38);
        if (!decimal_fits(total, sum_precision)) {
            overflow("NUMERIC_VALUE_OUT_OF_RANGE", "Overflow in sum of decimals.");
            return Value::null();
        }
        if (!average) {
            return Value::decimal(total, scale);
        }
        // avg: sum / count, rounded HALF_UP to the result scale.
        const int out_scale = std::min(scale + 4, 38);
        Int128 scaled = 0;
        if (!rescale_decimal(DecimalValue{total, scale}, out_scale, scaled)) {
            unsupported("avg of decimals beyond 38 digits");
        }
        const auto count = static_cast<Int128>(xs.size());
        Int128 q = scaled / count;
        const Int128 r = scaled % count;
        if ((r < 0 ? -r : r) * 2 >= count) {
            q += scaled < 0 ? -1 : 1;
        }
        return Value::decimal(q, out_scale);
    }
    if (type.is(AtomicKind::Float) || type.is(AtomicKind::Double) || average) {
        double total = 0;
        for (const Value& x : xs) {
            total += to_double(x);
        }
        return Value::float64(average ? total / static_cast<double>(xs.size()) : total);
    }
    std::int64_t total = 0;
    for (const Value& x : xs) {
        if (__builtin_add_overflow(total, x.as_int(), &total)) {
            overflow("ARITHMETIC_OVERFLOW",
                     "long overflow. Use 'try_sum' to tolerate overflow and return NULL "
                     "instead.");
            return Value::null();
        }
    }
    return Value::integral(total);
}

/// Each aggregate row's evaluator, by Spark class, over its group's argument tuples.
void add_aggregate_evals(EvalTable& table) {
    const auto put = [&table](std::initializer_list<std::string_view> classes, AggregateEval eval) {
        for (const std::string_view cls : classes) {
            table.emplace(cls, aggregate(eval));
        }
    };
    put({"Count"}, [](Evaluator&, const ScalarFunction&, Tuples& in) -> Value {
        return Value::integral(std::count_if(in.begin(), in.end(), [](const auto& t) {
            return std::none_of(t.begin(), t.end(), [](const Value& x) { return x.is_null(); });
        }));
    });
    put({"CountIf"}, [](Evaluator&, const ScalarFunction&, Tuples& in) -> Value {
        return Value::integral(std::count_if(
            in.begin(), in.end(), [](const auto& t) { return !t[0].is_null() && t[0].as_bool(); }));
    });
    put({"Sum", "Average", "TrySum", "TryAverage"},
        [](Evaluator&, const ScalarFunction& f, Tuples& in) -> Value {
            const std::string_view cls = f.def->catalyst;
            return sum_or_average(non_null(in), *f.args[0]->type,
                                  cls == "Average" || cls == "TryAverage", cls.starts_with("Try"));
        });
    // regr_avgx(y, x) and regr_avgy(y, x): avg of x (or y) over the rows where both are not
    // NULL (Spark replaces them so).
    put({"RegrAvgX", "RegrAvgY"}, [](Evaluator&, const ScalarFunction& f, Tuples& in) -> Value {
        std::erase_if(in,
                      [](const std::vector<Value>& t) { return t[0].is_null() || t[1].is_null(); });
        const std::size_t arg = f.def->catalyst == "RegrAvgX" ? 1 : 0;
        return sum_or_average(column(in, arg), *f.args[arg]->type, true, false);
    });
    put({"BitAndAgg", "BitOrAgg", "BitXorAgg"},
        [](Evaluator&, const ScalarFunction& f, Tuples& in) -> Value {
            const std::vector<Value> xs = non_null(in);
            if (xs.empty()) {
                return Value::null();
            }
            const std::string_view cls = f.def->catalyst;
            std::int64_t out = xs.front().as_int();
            for (std::size_t i = 1; i < xs.size(); ++i) {
                const std::int64_t x = xs[i].as_int();
                out = cls == "BitAndAgg" ? (out & x) : cls == "BitOrAgg" ? (out | x) : (out ^ x);
            }
            return Value::integral(out);
        });
    // Spark's 4096-byte bitmaps, never NULL: bit p is bit p % 8 of byte p / 8.
    put({"BitmapConstructAgg"}, [](Evaluator&, const ScalarFunction&, Tuples& in) -> Value {
        std::string bitmap(kBitmapBits / 8, '\0');
        for (const Value& x : non_null(in)) {
            const std::int64_t p = x.as_int();
            if (p < 0 || p >= kBitmapBits) {
                raise("INVALID_BITMAP_POSITION",
                      "The 0-indexed bitmap position " + std::to_string(p) +
                          " is out of bounds. The bitmap has " + std::to_string(kBitmapBits) +
                          " bits (" + std::to_string(kBitmapBits / 8) + " bytes).");
            }
            const auto at = static_cast<std::size_t>(p / 8);
            bitmap[at] = static_cast<char>(bitmap[at] | (1 << (p % 8)));
        }
        return Value::binary(std::move(bitmap));
    });
    put({"BitmapOrAgg"}, [](Evaluator&, const ScalarFunction&, Tuples& in) -> Value {
        std::string bitmap(kBitmapBits / 8, '\0');
        for (const Value& x : non_null(in)) {
            const std::string& other = x.as_binary();
            for (std::size_t i = 0; i < std::min(bitmap.size(), other.size()); ++i) {
                bitmap[i] = static_cast<char>(bitmap[i] | other[i]);
            }
        }
        return Value::binary(std::move(bitmap));
    });
    put({"Min", "Max"}, [](Evaluator&, const ScalarFunction& f, Tuples& in) -> Value {
        const bool max = f.def->catalyst == "Max";
        Value best;
        for (const Value& x : non_null(in)) {
            if (best.is_null() ||
                (max ? compare_values(x, best) > 0 : compare_values(x, best) < 0)) {
                best = x;
            }
        }
        return best;
    });
    put({"First", "Last", "AnyValue"},
        [](Evaluator& ev, const ScalarFunction& f, Tuples& in) -> Value {
            bool ignore_nulls = false;
            if (!in.empty() && in.front().size() > 1 && !in.front()[1].is_null()) {
                ignore_nulls = in.front()[1].as_bool();
            } else if (f.inputs().size() > 1) {
                const Row empty;
                const Value flag = ev.eval_in(*f.args[1], empty);
                ignore_nulls = !flag.is_null() && flag.as_bool();
            }
            const std::vector<Value> pool = ignore_nulls ? non_null(in) : column(in);
            if (pool.empty()) {
                return Value::null();
            }
            return f.def->catalyst == "Last" ? pool.back() : pool.front();
        });
    put({"CollectList"}, [](Evaluator&, const ScalarFunction&, Tuples& in) -> Value {
        return Value::array_of(non_null(in));
    });
    put({"CollectSet"}, [](Evaluator&, const ScalarFunction&, Tuples& in) -> Value {
        std::vector<Value> out;
        for (const Value& x : non_null(in)) {
            if (!contains_value(out, x)) {
                out.push_back(x);
            }
        }
        return Value::array_of(std::move(out));
    });
    put({"ListAgg"}, [](Evaluator&, const ScalarFunction& f, Tuples& in) -> Value {
        return eval_listagg(f, std::move(in));
    });
    put({"BoolAnd", "BoolOr"}, [](Evaluator&, const ScalarFunction& f, Tuples& in) -> Value {
        const bool is_and = f.def->catalyst == "BoolAnd";
        const std::vector<Value> xs = non_null(in);
        if (xs.empty()) {
            return Value::null();
        }
        for (const Value& x : xs) {
            if (x.as_bool() != is_and) {
                return Value::boolean(!is_and);
            }
        }
        return Value::boolean(is_and);
    });
    // The exact count of distinct values: HyperLogLog++'s estimate of it, for both plans alike
    // (--verify compares the two plans, not either with Spark).
    put({"HyperLogLogPlusPlus"}, [](Evaluator&, const ScalarFunction&, Tuples& in) -> Value {
        std::vector<Value> seen;
        for (const Value& x : non_null(in)) {
            if (!contains_value(seen, x)) {
                seen.push_back(x);
            }
        }
        return Value::integral(static_cast<std::int64_t>(seen.size()));
    });
    // The value of the first row with the greatest (least) non-null ordering.
    put({"MaxBy", "MinBy"}, [](Evaluator&, const ScalarFunction& f, Tuples& in) -> Value {
        const bool max = f.def->catalyst == "MaxBy";
        const Value* best_value = nullptr;
        const Value* best_order = nullptr;
        for (const std::vector<Value>& t : in) {
            if (t[1].is_null()) {
                continue;
            }
            const int c = best_order == nullptr ? 0 : compare_values(t[1], *best_order);
            if (best_order == nullptr || (max ? c > 0 : c < 0)) {
                best_value = &t[0];
                best_order = &t[1];
            }
        }
        return best_value == nullptr ? Value::null() : *best_value;
    });
    put({"StddevSamp", "StddevPop", "VarianceSamp", "VariancePop", "Skewness", "Kurtosis", "Corr",
         "CovPopulation", "CovSample", "RegrCount", "RegrR2", "RegrSXX", "RegrSXY", "RegrSYY",
         "RegrSlope", "RegrIntercept"},
        [](Evaluator&, const ScalarFunction& f, Tuples& in) -> Value {
            return eval_statistic(f.def->catalyst, in);
        });
    put({"Median", "Percentile", "PercentileCont", "PercentileDisc", "ApproximatePercentile",
         "Mode"},
        [](Evaluator&, const ScalarFunction& f, Tuples& in) -> Value {
            const std::string_view cls = f.def->catalyst;
            if (cls == "PercentileCont" || cls == "PercentileDisc") {
                // Bound as (p, x), WITHIN GROUP's key last: Spark's (x, p).
                for (std::vector<Value>& t : in) {
                    std::swap(t[0], t[1]);
                }
            }
            const bool descending = !f.within_group.empty() && !f.within_group[0].ascending;
            return eval_percentile(cls, in, descending);
        });
}

} // namespace

Value Evaluator::eval_aggregate(const ScalarFunction& f, const std::vector<Row>& rows) {
    // By Catalyst class: Spark's other names for a function (`mean`, `first_value`, `std`, ...)
    // are the same class, evaluated alike.
    const FunctionEval* entry = find_eval(*f.def);
    if (entry == nullptr || entry->aggregate == nullptr) {
        unsupported(entry != nullptr ? refusal_message(*entry, f.name())
                                     : "aggregate function '" + std::string(f.name()) +
                                           "' is not supported by the evaluator");
    }
    // The argument tuples, in row order; DISTINCT keeps the first of equal tuples.
    // FILTER (WHERE cond) keeps the rows where cond is true, before DISTINCT (Spark).
    Tuples inputs;
    inputs.reserve(rows.size());
    for (const Row& row : rows) {
        if (const Expr* filter = f.filter()) {
            const Value keep = eval_in(*filter, row);
            if (keep.is_null() || !keep.as_bool()) {
                continue;
            }
        }
        std::vector<Value> args;
        for (const ExprPtr& x : f.inputs()) {
            args.push_back(eval_in(*x, row));
        }
        inputs.push_back(std::move(args));
    }
    if (f.distinct) {
        Tuples unique;
        for (std::vector<Value>& tuple : inputs) {
            const bool seen =
                std::any_of(unique.begin(), unique.end(), [&](const std::vector<Value>& u) {
                    for (std::size_t i = 0; i < u.size(); ++i) {
                        if (!values_equal(u[i], tuple[i])) {
                            return false;
                        }
                    }
                    return true;
                });
            if (!seen) {
                unique.push_back(std::move(tuple));
            }
        }
        inputs = std::move(unique);
    }
    return entry->aggregate(*this, f, inputs);
}

} // namespace prune::eval_detail
