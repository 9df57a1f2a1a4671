// Operators on values: ANSI arithmetic, comparisons across numeric kinds, checked map
// construction, and CAST.
//
//     2147483647 + 1              (int)            -> ARITHMETIC_OVERFLOW
//     1.25BD * 2.5BD              decimal(6,3)     -> 3.125
//     CAST('12x' AS INT)                           -> CAST_INVALID_INPUT
//     CAST(named_struct('a', 1) AS STRUCT<b: BIGINT>)   -> {1} (structs cast by position)

#include <cmath>
#include <limits>

#include "eval/eval_internal.hpp"
#include "types/interval.hpp"
#include "util/ascii.hpp"

namespace prune::eval_detail {

bool is_integral_kind(AtomicKind kind) {
    return kind == AtomicKind::Byte || kind == AtomicKind::Short || kind == AtomicKind::Integer ||
           kind == AtomicKind::Long;
}

AtomicKind atomic_kind(const DataType& type) {
    const AtomicType* a = type.atomic();
    return a == nullptr ? AtomicKind::Null : a->kind;
}

AtomicKind integral_kind(const DataType& type) {
    const AtomicKind kind = atomic_kind(type);
    return kind == AtomicKind::YearMonthInterval ? AtomicKind::Integer
           : kind == AtomicKind::DayTimeInterval ? AtomicKind::Long
                                                 : kind;
}

bool fits_integral(std::int64_t v, AtomicKind kind) {
    switch (kind) {
    case AtomicKind::Byte:
        return v >= -128 && v <= 127;
    case AtomicKind::Short:
        return v >= -32768 && v <= 32767;
    case AtomicKind::Integer:
        return v >= std::numeric_limits<std::int32_t>::min() &&
               v <= std::numeric_limits<std::int32_t>::max();
    default:
        return true;
    }
}

double to_double(const Value& v) {
    switch (v.kind()) {
    case Value::Kind::Integral:
        return static_cast<double>(v.as_int());
    case Value::Kind::Float:
        return static_cast<double>(v.as_float());
    case Value::Kind::Double:
        return v.as_double();
    case Value::Kind::Decimal:
        return decimal_to_double(v.as_decimal());
    case Value::Kind::Boolean:
        return v.as_bool() ? 1 : 0;
    default:
        return 0;
    }
}

std::size_t code_points(std::string_view s) {
    std::size_t n = 0;
    for (const char c : s) {
        n += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
    }
    return n;
}

std::vector<std::string_view> split_code_points(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        std::size_t j = i + 1;
        while (j < s.size() && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) {
            ++j;
        }
        out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

std::string display_string(const Value& v, const DataType& type) {
    return value_to_string(v, type);
}

// Rounds n / d HALF_UP, ties away from zero (d != 0).
Int128 divide_half_up(Int128 n, Int128 d) {
    Int128 q = n / d;
    const Int128 r = n % d;
    const Int128 ar = r < 0 ? -r : r;
    const Int128 ad = d < 0 ? -d : d;
    if (ar * 2 >= ad) {
        q += ((n < 0) != (d < 0)) ? -1 : 1;
    }
    return q;
}

namespace {

bool numeric_kind(Value::Kind k) {
    return k == Value::Kind::Integral || k == Value::Kind::Float || k == Value::Kind::Double ||
           k == Value::Kind::Decimal;
}

std::string sql_type_name(const DataType& t) {
    std::string s = catalog_string(t);
    for (char& c : s) {
        if (c >= 'a' && c <= 'z') {
            c = static_cast<char>(c - 32);
        }
    }
    return s;
}

[[noreturn]] void integral_overflow(AtomicKind kind, const char* op, const Value& l,
                                    const Value& r) {
    if (kind == AtomicKind::Byte || kind == AtomicKind::Short) {
        raise("BINARY_ARITHMETIC_OVERFLOW", std::to_string(l.as_int()) + " " + op + " " +
                                                std::to_string(r.as_int()) + " caused overflow.");
    }
    raise("ARITHMETIC_OVERFLOW",
          std::string(kind == AtomicKind::Long ? "long" : "integer") + " overflow. Use 'try_" +
              (std::string(op) == "+"   ? "add"
               : std::string(op) == "-" ? "subtract"
                                        : "multiply") +
              "' to tolerate overflow and return NULL instead. If necessary set "
              "\"spark.sql.ansi.enabled\" to \"false\" to bypass this error.");
}

[[noreturn]] void divide_by_zero() {
    raise("DIVIDE_BY_ZERO", "Division by zero. Use `try_divide` to tolerate divisor being 0 and "
                            "return NULL instead. If necessary set \"spark.sql.ansi.enabled\" to "
                            "\"false\" to bypass this error.");
}

[[noreturn]] void decimal_out_of_range(const DecimalValue& d, int precision, int scale) {
    raise("NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION",
          " " + decimal_to_string(d) + " cannot be represented as Decimal(" +
              std::to_string(precision) + ", " + std::to_string(scale) +
              "). If necessary set \"spark.sql.ansi.enabled\" to \"false\" to bypass this "
              "error, and return NULL instead.");
}

DecimalValue as_decimal(const Value& v) {
    if (v.kind() == Value::Kind::Integral) {
        return DecimalValue{v.as_int(), 0};
    }
    return v.as_decimal();
}

Int128 checked_mul(Int128 a, Int128 b) {
    Int128 out = 0;
    if (__builtin_mul_overflow(a, b, &out)) {
        unsupported("decimal arithmetic beyond 38 digits");
    }
    return out;
}

Value finish_decimal(Int128 unscaled, int scale, const DataType& type) {
    const AtomicType& a = *type.atomic();
    Int128 out = 0;
    if (!rescale_decimal(DecimalValue{unscaled, scale}, a.scale, out) ||
        !decimal_fits(out, a.precision)) {
        decimal_out_of_range(DecimalValue{unscaled, scale}, a.precision, a.scale);
    }
    return Value::decimal(out, a.scale);
}

Value decimal_arithmetic(BinaryOpKind op, const DecimalValue& x, const DecimalValue& y,
                         const DataType& type) {
    const int scale = std::max(x.scale, y.scale);
    auto aligned = [&](const DecimalValue& d) {
        return checked_mul(d.unscaled, pow10_128(scale - d.scale));
    };
    switch (op) {
    case BinaryOpKind::Add:
    case BinaryOpKind::Subtract: {
        Int128 out = 0;
        const Int128 a = aligned(x);
        const Int128 b = aligned(y);
        const bool overflow = op == BinaryOpKind::Add ? __builtin_add_overflow(a, b, &out)
                                                      : __builtin_sub_overflow(a, b, &out);
        if (overflow) {
            unsupported("decimal arithmetic beyond 38 digits");
        }
        return finish_decimal(out, scale, type);
    }
    case BinaryOpKind::Multiply:
        return finish_decimal(checked_mul(x.unscaled, y.unscaled), x.scale + y.scale, type);
    case BinaryOpKind::Divide: {
        if (y.unscaled == 0) {
            divide_by_zero();
        }
        const AtomicType& a = *type.atomic();
        // x / y at scale S: x.unscaled * 10^(S - xs + ys) / y.unscaled.
        const int k = a.scale - x.scale + y.scale;
        Int128 n = x.unscaled;
        Int128 d = y.unscaled;
        if (k >= 0) {
            n = checked_mul(n, pow10_128(k));
        } else {
            d = checked_mul(d, pow10_128(-k));
        }
        const Int128 q = divide_half_up(n, d);
        if (!decimal_fits(q, a.precision)) {
            decimal_out_of_range(DecimalValue{q, a.scale}, a.precision, a.scale);
        }
        return Value::decimal(q, a.scale);
    }
    case BinaryOpKind::Remainder: {
        if (y.unscaled == 0) {
            divide_by_zero();
        }
        return finish_decimal(aligned(x) % aligned(y), scale, type);
    }
    case BinaryOpKind::IntegralDivide: {
        if (y.unscaled == 0) {
            divide_by_zero();
        }
        const Int128 q = aligned(x) / aligned(y);
        if (q > std::numeric_limits<std::int64_t>::max() ||
            q < std::numeric_limits<std::int64_t>::min()) {
            raise("ARITHMETIC_OVERFLOW", "Overflow in integral divide.");
        }
        return Value::integral(static_cast<std::int64_t>(q));
    }
    default:
        throw InternalError("evaluator: bitwise operator on decimals");
    }
}

[[noreturn]] void invalid_input(const std::string& text, const DataType& from, const DataType& to) {
    raise("CAST_INVALID_INPUT",
          "The value '" + text + "' of the type \"" + sql_type_name(from) +
              "\" cannot be cast to \"" + sql_type_name(to) +
              "\" because it is malformed. Correct the value as per the syntax, or change its "
              "target type. Use `try_cast` to tolerate malformed input and return NULL instead.");
}

[[noreturn]] void cast_overflow(const std::string& text, const DataType& from, const DataType& to) {
    raise("CAST_OVERFLOW", "The value " + text + " of the type \"" + sql_type_name(from) +
                               "\" cannot be cast to \"" + sql_type_name(to) +
                               "\" due to an overflow. Use `try_cast` to tolerate overflow and "
                               "return NULL instead.");
}

std::string trim_spaces(const std::string& s) { return std::string(java_trim(s)); }

// Spark's UTF8String.toLong: optional sign, digits, an optional fraction that is dropped.
bool parse_integral(const std::string& text, std::int64_t& out) {
    const std::string s = trim_spaces(text);
    std::size_t i = 0;
    bool negative = false;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) {
        negative = s[i] == '-';
        ++i;
    }
    if (i >= s.size()) {
        return false;
    }
    Int128 v = 0;
    bool digits = false;
    for (; i < s.size() && s[i] != '.'; ++i) {
        if (s[i] < '0' || s[i] > '9') {
            return false;
        }
        v = v * 10 + (s[i] - '0');
        digits = true;
        if (v > Int128(std::numeric_limits<std::int64_t>::max()) + 1) {
            return false;
        }
    }
    if (i < s.size()) {
        ++i;
        for (; i < s.size(); ++i) {
            if (s[i] < '0' || s[i] > '9') {
                return false;
            }
        }
    }
    if (!digits) {
        return false;
    }
    v = negative ? -v : v;
    if (v > std::numeric_limits<std::int64_t>::max() ||
        v < std::numeric_limits<std::int64_t>::min()) {
        return false;
    }
    out = static_cast<std::int64_t>(v);
    return true;
}

bool parse_double(const std::string& text, double& out) {
    std::string s = trim_spaces(text);
    std::string lower = s;
    for (char& c : lower) {
        c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
    }
    if (!lower.empty() && (lower.back() == 'd' || lower.back() == 'f')) {
        lower.pop_back();
        s.pop_back();
    }
    if (lower == "nan") {
        out = std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    if (lower == "infinity" || lower == "+infinity" || lower == "inf" || lower == "+inf") {
        out = std::numeric_limits<double>::infinity();
        return true;
    }
    if (lower == "-infinity" || lower == "-inf") {
        out = -std::numeric_limits<double>::infinity();
        return true;
    }
    if (s.empty() || lower.find_first_not_of("0123456789+-.e") != std::string::npos) {
        return false;
    }
    char* end = nullptr;
    out = std::strtod(s.c_str(), &end);
    return end == s.c_str() + s.size();
}

Value to_decimal(const DecimalValue& d, const DataType& to, const std::string& text,
                 const DataType& from) {
    const AtomicType& a = *to.atomic();
    Int128 out = 0;
    if (!rescale_decimal(d, a.scale, out) || !decimal_fits(out, a.precision)) {
        (void)text;
        (void)from;
        decimal_out_of_range(d, a.precision, a.scale);
    }
    return Value::decimal(out, a.scale);
}

} // namespace

int compare_mixed(const Value& a, const Value& b) {
    if (a.kind() == b.kind() || a.is_null() || b.is_null() || !numeric_kind(a.kind()) ||
        !numeric_kind(b.kind())) {
        return compare_values(a, b);
    }
    const bool exact = (a.kind() == Value::Kind::Integral || a.kind() == Value::Kind::Decimal) &&
                       (b.kind() == Value::Kind::Integral || b.kind() == Value::Kind::Decimal);
    if (exact) {
        return compare_values(Value::decimal(as_decimal(a).unscaled, as_decimal(a).scale),
                              Value::decimal(as_decimal(b).unscaled, as_decimal(b).scale));
    }
    return compare_values(Value::float64(to_double(a)), Value::float64(to_double(b)));
}

Value make_checked_map(std::vector<Value> keys, std::vector<Value> values) {
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (keys[i].is_null()) {
            raise("NULL_MAP_KEY", "Cannot use null as map key.");
        }
        for (std::size_t j = 0; j < i; ++j) {
            if (compare_mixed(keys[i], keys[j]) == 0) {
                raise("DUPLICATED_MAP_KEY",
                      "Duplicate map key was found, please check the input data. If you want to "
                      "remove the duplicated keys, you can set "
                      "\"spark.sql.mapKeyDedupPolicy\" to \"LAST_WIN\" so that the key inserted "
                      "at last takes precedence.");
            }
        }
    }
    return Value::map_of(std::move(keys), std::move(values));
}

Value negate(const Value& v, const DataType& type) {
    switch (v.kind()) {
    case Value::Kind::Integral: {
        const std::int64_t x = v.as_int();
        const AtomicKind kind = integral_kind(type);
        if (x == std::numeric_limits<std::int64_t>::min() || !fits_integral(-x, kind)) {
            if (kind == AtomicKind::Byte || kind == AtomicKind::Short) {
                raise("ARITHMETIC_OVERFLOW", "- " + std::to_string(x) + " caused overflow.");
            }
            raise("ARITHMETIC_OVERFLOW",
                  std::string(kind == AtomicKind::Long ? "long" : "integer") +
                      " overflow. If necessary set \"spark.sql.ansi.enabled\" to \"false\" to "
                      "bypass this error.");
        }
        return Value::integral(-x);
    }
    case Value::Kind::Float:
        return Value::float32(-v.as_float());
    case Value::Kind::Double:
        return Value::float64(-v.as_double());
    case Value::Kind::Decimal:
        return Value::decimal(-v.as_decimal().unscaled, v.as_decimal().scale);
    default:
        return v;
    }
}

Value arithmetic(BinaryOpKind op, const Value& l, const Value& r, const DataType& type) {
    const AtomicKind kind = integral_kind(type);
    const char* symbol = op == BinaryOpKind::Add ? "+" : op == BinaryOpKind::Subtract ? "-" : "*";
    if (l.kind() == Value::Kind::Decimal || r.kind() == Value::Kind::Decimal) {
        if (kind == AtomicKind::Double || kind == AtomicKind::Float) {
            return arithmetic(op, Value::float64(to_double(l)), Value::float64(to_double(r)), type);
        }
        return decimal_arithmetic(op, as_decimal(l), as_decimal(r), type);
    }
    if (kind == AtomicKind::Double || kind == AtomicKind::Float ||
        l.kind() == Value::Kind::Double || l.kind() == Value::Kind::Float) {
        const double a = to_double(l);
        const double b = to_double(r);
        double out = 0;
        switch (op) {
        case BinaryOpKind::Add:
            out = a + b;
            break;
        case BinaryOpKind::Subtract:
            out = a - b;
            break;
        case BinaryOpKind::Multiply:
            out = a * b;
            break;
        case BinaryOpKind::Divide:
            if (b == 0) {
                divide_by_zero();
            }
            out = a / b;
            break;
        case BinaryOpKind::Remainder:
            if (b == 0) {
                divide_by_zero();
            }
            out = std::fmod(a, b);
            break;
        case BinaryOpKind::IntegralDivide: {
            if (b == 0) {
                divide_by_zero();
            }
            const double q = std::trunc(a / b);
            if (!(q >= -9.2233720368547758e18 && q < 9.2233720368547758e18)) {
                raise("ARITHMETIC_OVERFLOW", "Overflow in integral divide.");
            }
            return Value::integral(static_cast<std::int64_t>(q));
        }
        default:
            throw InternalError("evaluator: bitwise operator on floating point values");
        }
        if (kind == AtomicKind::Float) {
            // Float arithmetic rounds each result to float, as the JVM does.
            const float fa = static_cast<float>(a);
            const float fb = static_cast<float>(b);
            switch (op) {
            case BinaryOpKind::Add:
                return Value::float32(fa + fb);
            case BinaryOpKind::Subtract:
                return Value::float32(fa - fb);
            case BinaryOpKind::Multiply:
                return Value::float32(fa * fb);
            case BinaryOpKind::Divide:
                return Value::float32(fa / fb);
            case BinaryOpKind::Remainder:
                return Value::float32(std::fmod(fa, fb));
            default:
                break;
            }
        }
        return Value::float64(out);
    }
    const std::int64_t a = l.as_int();
    const std::int64_t b = r.as_int();
    std::int64_t out = 0;
    switch (op) {
    case BinaryOpKind::Add:
        if (__builtin_add_overflow(a, b, &out) || !fits_integral(out, kind)) {
            integral_overflow(kind, symbol, l, r);
        }
        return Value::integral(out);
    case BinaryOpKind::Subtract:
        if (__builtin_sub_overflow(a, b, &out) || !fits_integral(out, kind)) {
            integral_overflow(kind, symbol, l, r);
        }
        return Value::integral(out);
    case BinaryOpKind::Multiply:
        if (__builtin_mul_overflow(a, b, &out) || !fits_integral(out, kind)) {
            integral_overflow(kind, symbol, l, r);
        }
        return Value::integral(out);
    case BinaryOpKind::Divide:
        if (b == 0) {
            divide_by_zero();
        }
        return Value::float64(static_cast<double>(a) / static_cast<double>(b));
    case BinaryOpKind::Remainder:
        if (b == 0) {
            divide_by_zero();
        }
        return Value::integral(b == -1 ? 0 : a % b);
    case BinaryOpKind::IntegralDivide:
        if (b == 0) {
            divide_by_zero();
        }
        if (a == std::numeric_limits<std::int64_t>::min() && b == -1) {
            raise("ARITHMETIC_OVERFLOW", "Overflow in integral divide.");
        }
        return Value::integral(a / b);
    case BinaryOpKind::BitwiseAnd:
        return Value::integral(a & b);
    case BinaryOpKind::BitwiseOr:
        return Value::integral(a | b);
    case BinaryOpKind::BitwiseXor:
        return Value::integral(a ^ b);
    default:
        throw InternalError("evaluator: not an arithmetic operator");
    }
}

} // namespace prune::eval_detail

namespace prune {

using namespace eval_detail;

namespace {

bool is_ansi_interval_kind(AtomicKind k) {
    return k == AtomicKind::YearMonthInterval || k == AtomicKind::DayTimeInterval;
}

/// The micros of a day-time field's unit (DAY 0 .. SECOND 3).
std::int64_t day_time_unit(int field) {
    static constexpr std::array<std::int64_t, 4> kUnit{kMicrosPerDay, kMicrosPerHour,
                                                       kMicrosPerMinute, kMicrosPerSecond};
    return kUnit.at(static_cast<std::size_t>(field));
}

/// Casts to and from the ANSI interval types (Spark's Cast): to and from strings in the
/// interval's literal form, between interval types of one kind (truncated to the target's end
/// field), and between a single-field interval and an integral number of its unit.
Value cast_interval(const Value& v, const DataType& from, const DataType& to) {
    const AtomicType& f = *from.atomic();
    const AtomicType& t = *to.atomic();
    if (is_string_like(to)) {
        return Value::string(value_to_string(v, from));
    }
    if (is_string_like(from)) {
        const std::string& text = v.as_string();
        const bool year_month = t.kind == AtomicKind::YearMonthInterval;
        std::optional<std::int64_t> out;
        if (year_month) {
            out = string_to_year_month_interval(text, t.start_field, t.end_field);
        } else {
            out = string_to_day_time_interval(text, t.start_field, t.end_field);
        }
        if (!out) {
            raise("INVALID_INTERVAL_FORMAT.UNMATCHED_FORMAT_STRING",
                  "Interval string does not match " +
                      std::string(year_month ? "year-month" : "day-time") +
                      " format when cast to " + catalog_string(to) + ": " + text + ".");
        }
        return Value::integral(*out);
    }
    if (f.kind == t.kind) {
        // Periods and durations to the target's end field, truncated towards zero.
        const std::int64_t x = v.as_int();
        if (t.kind == AtomicKind::YearMonthInterval) {
            return Value::integral(t.end_field == 0 ? x - x % 12 : x);
        }
        // (IntervalUtils.durationToMicros: SECOND keeps the microseconds.)
        return Value::integral(t.end_field == 3 ? x : x - x % day_time_unit(t.end_field));
    }
    const AtomicKind tk = t.kind;
    if (is_ansi_interval_kind(f.kind) && is_integral_kind(tk)) {
        // IntervalUtils.dayTimeIntervalToLong and friends: whole units of the end field.
        const std::int64_t x = v.as_int();
        const std::int64_t n = f.kind == AtomicKind::YearMonthInterval
                                   ? (f.end_field == 0 ? x / 12 : x)
                                   : x / day_time_unit(f.end_field);
        if (!fits_integral(n, tk)) {
            cast_overflow(value_to_string(v, from), from, to);
        }
        return Value::integral(n);
    }
    if (v.kind() == Value::Kind::Integral && is_ansi_interval_kind(tk)) {
        // intToYearMonthInterval, longToDayTimeInterval, ...: the number in the end field's
        // units, exactly.
        const std::int64_t n = v.as_int();
        std::int64_t out = 0;
        const bool overflow =
            tk == AtomicKind::YearMonthInterval
                ? (t.end_field == 0 ? __builtin_mul_overflow(n, 12, &out) : (out = n, false)) ||
                      !fits_integral(out, AtomicKind::Integer)
                : __builtin_mul_overflow(n, day_time_unit(t.end_field), &out);
        if (overflow) {
            cast_overflow(std::to_string(n), from, to);
        }
        return Value::integral(out);
    }
    unsupported("cast from " + catalog_string(from) + " to " + catalog_string(to));
}

} // namespace

Value cast_value(const Value& v, const DataType& from, const DataType& to) {
    if (v.is_null()) {
        return v;
    }
    const AtomicKind target_kind = atomic_kind(to);
    if (from.atomic() == nullptr &&
        (target_kind == AtomicKind::String || target_kind == AtomicKind::Char ||
         target_kind == AtomicKind::Varchar)) {
        return Value::string(value_to_string(v, from)); // `{1, a}`, `[1, null]`, `{k -> v}`
    }
    // Nested types: element-wise; structs by position.
    if (const ArrayType* ta = to.array()) {
        const ArrayType* fa = from.array();
        if (fa == nullptr) {
            unsupported("cast from " + catalog_string(from) + " to " + catalog_string(to));
        }
        std::vector<Value> out;
        out.reserve(v.items().size());
        for (const Value& x : v.items()) {
            out.push_back(cast_value(x, *fa->element, *ta->element));
        }
        return Value::array_of(std::move(out));
    }
    if (const MapType* tm = to.map()) {
        const MapType* fm = from.map();
        if (fm == nullptr) {
            unsupported("cast from " + catalog_string(from) + " to " + catalog_string(to));
        }
        std::vector<Value> keys;
        std::vector<Value> values;
        for (std::size_t i = 0; i < v.map().keys.size(); ++i) {
            keys.push_back(cast_value(v.map().keys[i], *fm->key, *tm->key));
            values.push_back(cast_value(v.map().values[i], *fm->value, *tm->value));
        }
        return Value::map_of(std::move(keys), std::move(values));
    }
    if (const StructType* ts = to.struct_type()) {
        const StructType* fs = from.struct_type();
        if (fs == nullptr || fs->size() != ts->size()) {
            unsupported("cast from " + catalog_string(from) + " to " + catalog_string(to));
        }
        std::vector<Value> out;
        for (std::size_t i = 0; i < ts->size(); ++i) {
            out.push_back(cast_value(v.fields()[i], *(*fs)[i].type, *(*ts)[i].type));
        }
        return Value::struct_of(std::move(out));
    }
    const AtomicKind fk = atomic_kind(from);
    const AtomicKind tk = atomic_kind(to);
    if (from.atomic() == nullptr || to.atomic() == nullptr) {
        unsupported("cast from " + catalog_string(from) + " to " + catalog_string(to));
    }
    if (fk == AtomicKind::Null) {
        return Value::null();
    }
    const bool from_string =
        fk == AtomicKind::String || fk == AtomicKind::Char || fk == AtomicKind::Varchar;
    if (is_ansi_interval_kind(fk) || is_ansi_interval_kind(tk)) {
        return cast_interval(v, from, to);
    }
    switch (tk) {
    case AtomicKind::String:
    case AtomicKind::Char:
    case AtomicKind::Varchar:
        if (v.kind() == Value::Kind::Binary) {
            return Value::string(v.as_binary());
        }
        return Value::string(value_to_string(v, from));
    case AtomicKind::Binary:
        if (v.kind() == Value::Kind::String) {
            return Value::binary(v.as_string());
        }
        if (v.kind() == Value::Kind::Binary) {
            return v;
        }
        break;
    case AtomicKind::Boolean:
        switch (v.kind()) {
        case Value::Kind::Boolean:
            return v;
        case Value::Kind::Integral:
            return Value::boolean(v.as_int() != 0);
        case Value::Kind::Float:
        case Value::Kind::Double:
            return Value::boolean(to_double(v) != 0);
        case Value::Kind::Decimal:
            return Value::boolean(v.as_decimal().unscaled != 0);
        case Value::Kind::String: {
            std::string s = trim_spaces(v.as_string());
            for (char& c : s) {
                c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
            }
            if (s == "t" || s == "true" || s == "y" || s == "yes" || s == "1") {
                return Value::boolean(true);
            }
            if (s == "f" || s == "false" || s == "n" || s == "no" || s == "0") {
                return Value::boolean(false);
            }
            invalid_input(v.as_string(), from, to);
        }
        default:
            break;
        }
        break;
    case AtomicKind::Byte:
    case AtomicKind::Short:
    case AtomicKind::Integer:
    case AtomicKind::Long: {
        std::int64_t out = 0;
        switch (v.kind()) {
        case Value::Kind::Boolean:
            return Value::integral(v.as_bool() ? 1 : 0);
        case Value::Kind::Integral:
            out = v.as_int();
            if (!fits_integral(out, tk)) {
                cast_overflow(std::to_string(out) + (fk == AtomicKind::Long    ? "L"
                                                     : fk == AtomicKind::Short ? "S"
                                                     : fk == AtomicKind::Byte  ? "Y"
                                                                               : ""),
                              from, to);
            }
            return Value::integral(out);
        case Value::Kind::Float:
        case Value::Kind::Double: {
            const double d = std::trunc(to_double(v));
            const double lo = tk == AtomicKind::Long      ? -9.2233720368547758e18
                              : tk == AtomicKind::Integer ? -2147483648.0
                              : tk == AtomicKind::Short   ? -32768.0
                                                          : -128.0;
            const double hi = tk == AtomicKind::Long      ? 9.2233720368547758e18
                              : tk == AtomicKind::Integer ? 2147483648.0
                              : tk == AtomicKind::Short   ? 32768.0
                                                          : 128.0;
            if (std::isnan(d) || d < lo || d >= hi) {
                const std::string text = v.kind() == Value::Kind::Float
                                             ? java_float_text(v.as_float())
                                             : java_double_text(v.as_double());
                cast_overflow(text + (v.kind() == Value::Kind::Double ? "D" : ""), from, to);
            }
            return Value::integral(static_cast<std::int64_t>(d));
        }
        case Value::Kind::Decimal: {
            const DecimalValue& d = v.as_decimal();
            const Int128 q = d.unscaled / pow10_128(d.scale); // truncates toward zero
            if (q > std::numeric_limits<std::int64_t>::max() ||
                q < std::numeric_limits<std::int64_t>::min() ||
                !fits_integral(static_cast<std::int64_t>(q), tk)) {
                cast_overflow(decimal_to_string(d) + "BD", from, to);
            }
            return Value::integral(static_cast<std::int64_t>(q));
        }
        case Value::Kind::String:
            if (!parse_integral(v.as_string(), out) || !fits_integral(out, tk)) {
                invalid_input(v.as_string(), from, to);
            }
            return Value::integral(out);
        case Value::Kind::Timestamp: {
            std::int64_t micros = v.as_timestamp();
            std::int64_t seconds = micros / 1000000 - (micros % 1000000 < 0 ? 1 : 0);
            if (!fits_integral(seconds, tk)) {
                cast_overflow(std::to_string(seconds), from, to);
            }
            return Value::integral(seconds);
        }
        default:
            break;
        }
        break;
    }
    case AtomicKind::Float:
    case AtomicKind::Double: {
        double d = 0;
        switch (v.kind()) {
        case Value::Kind::Boolean:
            d = v.as_bool() ? 1 : 0;
            break;
        case Value::Kind::Integral:
        case Value::Kind::Float:
        case Value::Kind::Double:
        case Value::Kind::Decimal:
            d = to_double(v);
            break;
        case Value::Kind::String:
            if (!parse_double(v.as_string(), d)) {
                invalid_input(v.as_string(), from, to);
            }
            break;
        case Value::Kind::Timestamp:
            d = static_cast<double>(v.as_timestamp()) / 1e6;
            break;
        default:
            unsupported("cast from " + catalog_string(from) + " to " + catalog_string(to));
        }
        if (tk == AtomicKind::Float) {
            if (v.kind() == Value::Kind::String) {
                return Value::float32(std::strtof(trim_spaces(v.as_string()).c_str(), nullptr));
            }
            return Value::float32(static_cast<float>(d));
        }
        return Value::float64(d);
    }
    case AtomicKind::Decimal: {
        switch (v.kind()) {
        case Value::Kind::Boolean:
            return to_decimal(DecimalValue{v.as_bool() ? 1 : 0, 0}, to, "", from);
        case Value::Kind::Integral:
            return to_decimal(DecimalValue{v.as_int(), 0}, to, std::to_string(v.as_int()), from);
        case Value::Kind::Decimal:
            return to_decimal(v.as_decimal(), to, decimal_to_string(v.as_decimal()), from);
        case Value::Kind::Float:
        case Value::Kind::Double: {
            const double d = to_double(v);
            const std::string text = v.kind() == Value::Kind::Float ? java_float_text(v.as_float())
                                                                    : java_double_text(d);
            Int128 unscaled = 0;
            int scale = 0;
            if (std::isnan(d) || std::isinf(d) || !parse_decimal(text, unscaled, scale)) {
                cast_overflow(text, from, to);
            }
            return to_decimal(DecimalValue{unscaled, scale}, to, text, from);
        }
        case Value::Kind::String: {
            Int128 unscaled = 0;
            int scale = 0;
            if (!parse_decimal(trim_spaces(v.as_string()), unscaled, scale)) {
                invalid_input(v.as_string(), from, to);
            }
            return to_decimal(DecimalValue{unscaled, scale}, to, v.as_string(), from);
        }
        default:
            break;
        }
        break;
    }
    case AtomicKind::Date:
        if (v.kind() == Value::Kind::Date) {
            return v;
        }
        if (v.kind() == Value::Kind::String) {
            const std::optional<std::int32_t> days = string_to_date(v.as_string());
            if (!days) {
                invalid_input(v.as_string(), from, to);
            }
            return Value::date(*days);
        }
        if (v.kind() == Value::Kind::Timestamp) {
            const std::int64_t micros = v.as_timestamp();
            std::int64_t days = micros / 86400000000LL;
            if (micros % 86400000000LL < 0) {
                --days;
            }
            return Value::date(static_cast<std::int32_t>(days));
        }
        break;
    case AtomicKind::Timestamp:
    case AtomicKind::TimestampNtz:
        switch (v.kind()) {
        case Value::Kind::Timestamp:
            return v;
        case Value::Kind::Date:
            return Value::timestamp(static_cast<std::int64_t>(v.as_date()) * 86400000000LL);
        case Value::Kind::String: {
            std::int64_t micros = 0;
            switch (tk == AtomicKind::Timestamp ? string_to_timestamp(v.as_string(), micros)
                                                : string_to_timestamp_ntz(v.as_string(), micros)) {
            case DateTimeStatus::Ok:
                return Value::timestamp(micros);
            case DateTimeStatus::TimeOnly:
            case DateTimeStatus::CurrentTime:
                unsupported("a cast of '" + v.as_string() + "' to " + catalog_string(to) +
                            ", which Spark puts on the current date");
            case DateTimeStatus::RegionZone:
                unsupported("a cast of '" + v.as_string() + "' to " + catalog_string(to) +
                            ": its region-based time zone needs a time-zone database");
            case DateTimeStatus::Invalid:
                break;
            }
            invalid_input(v.as_string(), from, to);
        }
        case Value::Kind::Integral: {
            std::int64_t micros = 0;
            if (__builtin_mul_overflow(v.as_int(), std::int64_t{1000000}, &micros)) {
                cast_overflow(std::to_string(v.as_int()), from, to);
            }
            return Value::timestamp(micros);
        }
        default:
            break;
        }
        break;
    default:
        break;
    }
    if (from_string && tk == AtomicKind::Binary) {
        return Value::binary(v.as_string());
    }
    unsupported("cast from " + catalog_string(from) + " to " + catalog_string(to));
}

} // namespace prune
