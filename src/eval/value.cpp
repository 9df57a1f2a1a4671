// Runtime values: construction, Spark's ordering, and the text forms.
//
//     struct<a:int,b:array<double>>   Value::struct_of({integral(1), array_of({float64(0.5)})})
//     value_to_string  -> {1, [0.5]}                (Spark: CAST(s AS STRING))
//     value_to_json    -> {"a":1,"b":[0.5]}         (Spark: df.write.json)

#include "eval/value.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <optional>

#include "types/interval.hpp"

namespace prune {

Value Value::array_of(std::vector<Value> items) {
    return Value(Data(std::make_shared<const ArrayData>(ArrayData{std::move(items)})));
}

Value Value::map_of(std::vector<Value> keys, std::vector<Value> values) {
    return Value(
        Data(std::make_shared<const MapData>(MapData{std::move(keys), std::move(values)})));
}

Value Value::struct_of(std::vector<Value> fields) {
    return Value(Data(std::make_shared<const StructData>(StructData{std::move(fields)})));
}

// --- decimals ------------------------------------------------------------------------------

Int128 pow10_128(int n) {
    Int128 r = 1;
    for (int i = 0; i < n; ++i) {
        r *= 10;
    }
    return r;
}

bool decimal_fits(Int128 unscaled, int precision) {
    const Int128 bound = pow10_128(std::clamp(precision, 0, 38));
    return unscaled < bound && unscaled > -bound;
}

namespace {

std::string int128_digits(Int128 v) {
    if (v == 0) {
        return "0";
    }
    const bool negative = v < 0;
    std::string out;
    // Work with negative values so the most negative value does not overflow.
    Int128 x = negative ? v : -v;
    while (x != 0) {
        const int digit = -static_cast<int>(x % 10);
        out.push_back(static_cast<char>('0' + digit));
        x /= 10;
    }
    if (negative) {
        out.push_back('-');
    }
    std::reverse(out.begin(), out.end());
    return out;
}

int sign_of(Int128 v) { return v < 0 ? -1 : (v > 0 ? 1 : 0); }

// Compares two decimals by value without overflow: align scales with care.
int compare_decimals(const DecimalValue& a, const DecimalValue& b) {
    if (a.scale == b.scale) {
        return a.unscaled < b.unscaled ? -1 : (a.unscaled > b.unscaled ? 1 : 0);
    }
    const int sa = sign_of(a.unscaled);
    const int sb = sign_of(b.unscaled);
    if (sa != sb) {
        return sa < sb ? -1 : 1;
    }
    // Same sign: compare integer parts, then the remainders scaled up (both fit 38 digits).
    const DecimalValue& hi = a.scale > b.scale ? a : b; // larger scale
    const DecimalValue& lo = a.scale > b.scale ? b : a;
    const int diff = hi.scale - lo.scale;
    const Int128 factor = pow10_128(std::min(diff, 38));
    const Int128 hi_int = hi.unscaled / factor;
    const Int128 hi_rem = hi.unscaled % factor;
    int c = 0;
    if (hi_int != lo.unscaled) {
        c = hi_int < lo.unscaled ? -1 : 1;
    } else {
        c = sign_of(hi_rem);
    }
    return a.scale > b.scale ? c : -c;
}

DecimalValue normalized(const DecimalValue& d) {
    DecimalValue n = d;
    while (n.scale > 0 && n.unscaled % 10 == 0) {
        n.unscaled /= 10;
        --n.scale;
    }
    if (n.unscaled == 0) {
        n.scale = 0;
    }
    return n;
}

int compare_doubles(double a, double b) {
    const bool na = std::isnan(a);
    const bool nb = std::isnan(b);
    if (na || nb) {
        return na && nb ? 0 : (na ? 1 : -1);
    }
    return a < b ? -1 : (a > b ? 1 : 0);
}

template <class T> int three_way(const T& a, const T& b) { return a < b ? -1 : (a > b ? 1 : 0); }

// Unsigned byte order (memcmp), a prefix first.
int compare_bytes(std::string_view a, std::string_view b) {
    const int c = std::memcmp(a.data(), b.data(), std::min(a.size(), b.size()));
    return c != 0 ? (c < 0 ? -1 : 1) : three_way(a.size(), b.size());
}

int compare_lists(const std::vector<Value>& a, const std::vector<Value>& b) {
    const std::size_t n = std::min(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (int c = compare_values(a[i], b[i]); c != 0) {
            return c;
        }
    }
    return three_way(a.size(), b.size());
}

} // namespace

std::string decimal_to_string(const DecimalValue& d) {
    std::string digits = int128_digits(d.unscaled < 0 ? -d.unscaled : d.unscaled);
    // Appends only: GCC 12's -Wrestrict misfires on string insert at -O2.
    std::string out;
    if (d.unscaled < 0) {
        out.push_back('-');
    }
    if (d.scale > 0) {
        const auto scale = static_cast<std::size_t>(d.scale);
        if (digits.size() <= scale) {
            std::string padded(scale + 1 - digits.size(), '0');
            padded.append(digits);
            digits.swap(padded);
        }
        out.append(digits, 0, digits.size() - scale);
        out.push_back('.');
        out.append(digits, digits.size() - scale, std::string::npos);
        return out;
    }
    out.append(digits);
    if (d.scale < 0 && d.unscaled != 0) {
        out.append(static_cast<std::size_t>(-d.scale), '0');
    }
    return out;
}

bool parse_decimal(std::string_view text, Int128& unscaled, int& scale) {
    std::size_t i = 0;
    bool negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
        negative = text[i] == '-';
        ++i;
    }
    std::string digits;
    int frac = 0;
    bool seen_dot = false;
    bool any = false;
    for (; i < text.size(); ++i) {
        const char c = text[i];
        if (c >= '0' && c <= '9') {
            digits.push_back(c);
            any = true;
            if (seen_dot) {
                ++frac;
            }
        } else if (c == '.' && !seen_dot) {
            seen_dot = true;
        } else {
            break;
        }
    }
    if (!any) {
        return false;
    }
    long exponent = 0;
    if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
        ++i;
        bool exp_negative = false;
        if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
            exp_negative = text[i] == '-';
            ++i;
        }
        if (i >= text.size()) {
            return false;
        }
        for (; i < text.size(); ++i) {
            if (text[i] < '0' || text[i] > '9') {
                return false;
            }
            exponent = exponent * 10 + (text[i] - '0');
            if (exponent > 100000) {
                return false;
            }
        }
        if (exp_negative) {
            exponent = -exponent;
        }
    }
    if (i != text.size()) {
        return false;
    }
    // Strip leading zeros, keep at most 38 significant digits.
    std::size_t lead = 0;
    while (lead + 1 < digits.size() && digits[lead] == '0') {
        ++lead;
    }
    digits = digits.substr(lead);
    long s = frac - exponent;
    if (s < 0) {
        if (digits != "0") {
            digits.append(static_cast<std::size_t>(-s), '0');
        }
        s = 0;
    }
    if (digits.size() > 38 || s > 38) {
        return false;
    }
    Int128 v = 0;
    for (char c : digits) {
        v = v * 10 + (c - '0');
    }
    unscaled = negative ? -v : v;
    scale = static_cast<int>(s);
    return true;
}

bool rescale_decimal(const DecimalValue& d, int scale, Int128& out) {
    if (scale == d.scale) {
        out = d.unscaled;
        return true;
    }
    if (scale > d.scale) {
        const int diff = scale - d.scale;
        if (diff > 38) {
            if (d.unscaled == 0) {
                out = 0;
                return true;
            }
            return false;
        }
        const Int128 factor = pow10_128(diff);
        const Int128 limit = pow10_128(38);
        const Int128 magnitude = d.unscaled < 0 ? -d.unscaled : d.unscaled;
        if (magnitude != 0 && magnitude > (limit - 1) / factor) {
            return false;
        }
        out = d.unscaled * factor;
        return true;
    }
    const int diff = d.scale - scale;
    if (diff > 38) {
        out = 0;
        return true;
    }
    const Int128 factor = pow10_128(diff);
    Int128 q = d.unscaled / factor;
    const Int128 r = d.unscaled % factor;
    const Int128 twice = (r < 0 ? -r : r) * 2;
    if (twice >= factor) { // HALF_UP: away from zero on ties
        q += d.unscaled < 0 ? -1 : 1;
    }
    out = q;
    return true;
}

double decimal_to_double(const DecimalValue& d) {
    const std::string text = decimal_to_string(d);
    return std::strtod(text.c_str(), nullptr);
}

// --- ordering and hashing ------------------------------------------------------------------

int compare_values(const Value& a, const Value& b) {
    if (a.is_null() || b.is_null()) {
        return a.is_null() && b.is_null() ? 0 : (a.is_null() ? -1 : 1);
    }
    if (a.kind() != b.kind()) {
        // Mixed numeric kinds only arise from a broken plan; order them by kind.
        return three_way(static_cast<int>(a.kind()), static_cast<int>(b.kind()));
    }
    switch (a.kind()) {
    case Value::Kind::Null:
        return 0;
    case Value::Kind::Boolean:
        return three_way(a.as_bool(), b.as_bool());
    case Value::Kind::Integral:
        return three_way(a.as_int(), b.as_int());
    case Value::Kind::Float:
        return compare_doubles(static_cast<double>(a.as_float()),
                               static_cast<double>(b.as_float()));
    case Value::Kind::Double:
        return compare_doubles(a.as_double(), b.as_double());
    case Value::Kind::Decimal:
        return compare_decimals(a.as_decimal(), b.as_decimal());
    case Value::Kind::String:
        // Spark compares UTF8String bytes unsigned, which is code point order.
        return compare_bytes(a.as_string(), b.as_string());
    case Value::Kind::Binary:
        return compare_bytes(a.as_binary(), b.as_binary());
    case Value::Kind::Date:
        return three_way(a.as_date(), b.as_date());
    case Value::Kind::Timestamp:
        return three_way(a.as_timestamp(), b.as_timestamp());
    case Value::Kind::Array:
        return compare_lists(a.items(), b.items());
    case Value::Kind::Struct:
        return compare_lists(a.fields(), b.fields());
    case Value::Kind::Map: {
        const MapData& x = a.map();
        const MapData& y = b.map();
        const std::size_t n = std::min(x.keys.size(), y.keys.size());
        for (std::size_t i = 0; i < n; ++i) {
            if (int c = compare_values(x.keys[i], y.keys[i]); c != 0) {
                return c;
            }
            if (int c = compare_values(x.values[i], y.values[i]); c != 0) {
                return c;
            }
        }
        return three_way(x.keys.size(), y.keys.size());
    }
    }
    return 0;
}

bool values_equal(const Value& a, const Value& b) { return compare_values(a, b) == 0; }

namespace {

std::size_t mix(std::size_t seed, std::size_t h) {
    return seed ^ (h + 0x9e3779b97f4a7c15ULL + (seed << 6) + (seed >> 2));
}

std::size_t hash_double(double d) {
    if (std::isnan(d)) {
        return 0x7ff8;
    }
    if (d == 0.0) {
        d = 0.0;
    }
    return std::hash<double>{}(d);
}

} // namespace

std::size_t hash_value(const Value& v) {
    std::size_t h = static_cast<std::size_t>(v.kind());
    switch (v.kind()) {
    case Value::Kind::Null:
        return h;
    case Value::Kind::Boolean:
        return mix(h, v.as_bool() ? 1 : 0);
    case Value::Kind::Integral:
        return mix(h, std::hash<std::int64_t>{}(v.as_int()));
    case Value::Kind::Float:
        return mix(h, hash_double(static_cast<double>(v.as_float())));
    case Value::Kind::Double:
        return mix(h, hash_double(v.as_double()));
    case Value::Kind::Decimal: {
        const DecimalValue n = normalized(v.as_decimal());
        const auto lo = static_cast<std::uint64_t>(n.unscaled);
        const auto hi = static_cast<std::uint64_t>(n.unscaled >> 64);
        return mix(mix(mix(h, lo), hi), static_cast<std::size_t>(n.scale));
    }
    case Value::Kind::String:
        return mix(h, std::hash<std::string>{}(v.as_string()));
    case Value::Kind::Binary:
        return mix(h, std::hash<std::string>{}(v.as_binary()));
    case Value::Kind::Date:
        return mix(h, static_cast<std::size_t>(v.as_date()));
    case Value::Kind::Timestamp:
        return mix(h, std::hash<std::int64_t>{}(v.as_timestamp()));
    case Value::Kind::Array:
        for (const Value& x : v.items()) {
            h = mix(h, hash_value(x));
        }
        return h;
    case Value::Kind::Struct:
        for (const Value& x : v.fields()) {
            h = mix(h, hash_value(x));
        }
        return h;
    case Value::Kind::Map:
        for (std::size_t i = 0; i < v.map().keys.size(); ++i) {
            h = mix(mix(h, hash_value(v.map().keys[i])), hash_value(v.map().values[i]));
        }
        return h;
    }
    return h;
}

bool value_rows_equal(const std::vector<Value>& a, const std::vector<Value>& b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!values_equal(a[i], b[i])) {
            return false;
        }
    }
    return true;
}

std::size_t hash_value_row(const std::vector<Value>& row) {
    std::size_t h = row.size();
    for (const Value& v : row) {
        h = h * 1000003 ^ hash_value(v);
    }
    return h;
}

// --- number text ---------------------------------------------------------------------------

namespace {

template <class F> std::string java_text(F v) {
    if (std::isnan(v)) {
        return "NaN";
    }
    if (std::isinf(v)) {
        return v > 0 ? "Infinity" : "-Infinity";
    }
    if (v == 0) {
        return std::signbit(v) ? "-0.0" : "0.0";
    }
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    std::string sci(buf, res.ptr);
    // d[.ddd]e±XX
    const std::size_t e = sci.find('e');
    std::string mantissa = sci.substr(0, e);
    const int exponent = std::stoi(sci.substr(e + 1));
    const bool negative = mantissa.front() == '-';
    if (negative) {
        mantissa.erase(0, 1);
    }
    std::string digits;
    for (char c : mantissa) {
        if (c != '.') {
            digits.push_back(c);
        }
    }
    std::string out;
    const F magnitude = v < 0 ? -v : v;
    if (magnitude >= static_cast<F>(1e-3) && magnitude < static_cast<F>(1e7)) {
        if (exponent >= 0) {
            const auto int_len = static_cast<std::size_t>(exponent + 1);
            if (digits.size() <= int_len) {
                digits.append(int_len - digits.size(), '0');
                out = digits + ".0";
            } else {
                out = digits.substr(0, int_len) + "." + digits.substr(int_len);
            }
        } else {
            out = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
        }
    } else {
        out = digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0") + "E" +
              std::to_string(exponent);
    }
    return (negative ? "-" : "") + out;
}

} // namespace

// --- JSON strings and base64 (value_to_json here, to_json in eval_digest.cpp) ---------------

std::string json_quote(std::string_view text, JsonQuoting form) {
    const bool jackson = form == JsonQuoting::Jackson;
    const char* hex = jackson ? "0123456789ABCDEF" : "0123456789abcdef";
    std::string out = "\"";
    for (const char ch : text) {
        const auto c = static_cast<unsigned char>(ch);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\b':
        case '\f':
            if (jackson) {
                out += c == '\b' ? "\\b" : "\\f";
                break;
            }
            [[fallthrough]];
        default:
            if (c < 0x20) {
                out += "\\u00";
                out.push_back(hex[c >> 4]);
                out.push_back(hex[c & 15]);
            } else {
                out.push_back(static_cast<char>(c));
            }
        }
    }
    return out + "\"";
}

std::string base64_encode(std::string_view bytes) {
    static const char* kAlphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    std::string out;
    for (std::size_t i = 0; i < bytes.size(); i += 3) {
        std::uint32_t n = static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[i])) << 16;
        if (i + 1 < bytes.size()) {
            n |= static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[i + 1])) << 8;
        }
        if (i + 2 < bytes.size()) {
            n |= static_cast<std::uint8_t>(bytes[i + 2]);
        }
        out += kAlphabet[(n >> 18) & 63];
        out += kAlphabet[(n >> 12) & 63];
        out += i + 1 < bytes.size() ? kAlphabet[(n >> 6) & 63] : '=';
        out += i + 2 < bytes.size() ? kAlphabet[n & 63] : '=';
    }
    return out;
}

namespace {

std::string rows_json_string(std::string_view text) { return json_quote(text, JsonQuoting::Rows); }

std::string atomic_string(const Value& v) {
    switch (v.kind()) {
    case Value::Kind::Null:
        return "null";
    case Value::Kind::Boolean:
        return v.as_bool() ? "true" : "false";
    case Value::Kind::Integral:
        return std::to_string(v.as_int());
    case Value::Kind::Float:
        return java_float_text(v.as_float());
    case Value::Kind::Double:
        return java_double_text(v.as_double());
    case Value::Kind::Decimal:
        return decimal_to_string(v.as_decimal());
    case Value::Kind::String:
        return v.as_string();
    case Value::Kind::Binary:
        return v.as_binary();
    case Value::Kind::Date:
        return date_to_string(v.as_date());
    case Value::Kind::Timestamp:
        return timestamp_to_string(v.as_timestamp());
    default:
        return "?";
    }
}

/// An ANSI interval's value (months or micros) as Spark prints it: `INTERVAL '1' DAY`.
std::optional<std::string> interval_text(const Value& v, const DataType& type) {
    const AtomicType* a = type.atomic();
    if (a == nullptr || v.kind() != Value::Kind::Integral) {
        return std::nullopt;
    }
    if (a->kind == AtomicKind::YearMonthInterval) {
        return year_month_interval_string(static_cast<std::int32_t>(v.as_int()), a->start_field,
                                          a->end_field);
    }
    if (a->kind == AtomicKind::DayTimeInterval) {
        return day_time_interval_string(v.as_int(), a->start_field, a->end_field);
    }
    return std::nullopt;
}

const TypePtr& element_or(const DataType& type, const TypePtr& fallback) {
    return type.array() != nullptr ? type.array()->element : fallback;
}

void to_json(const Value& v, const DataType& type, std::string& out, std::size_t depth) {
    if (depth > 4 * kMaxNestingDepth) {
        out += "\"...\"";
        return;
    }
    switch (v.kind()) {
    case Value::Kind::Null:
        out += "null";
        return;
    case Value::Kind::Boolean:
    case Value::Kind::Integral:
    case Value::Kind::Decimal:
        if (const std::optional<std::string> interval = interval_text(v, type)) {
            out += rows_json_string(*interval);
            return;
        }
        out += atomic_string(v);
        return;
    case Value::Kind::Float:
    case Value::Kind::Double: {
        const std::string text = atomic_string(v);
        const bool finite = text != "NaN" && text != "Infinity" && text != "-Infinity";
        out += finite ? text : rows_json_string(text);
        return;
    }
    case Value::Kind::String:
    case Value::Kind::Date:
        out += rows_json_string(atomic_string(v));
        return;
    case Value::Kind::Timestamp: {
        std::string t = timestamp_to_string(v.as_timestamp());
        t[10] = 'T';
        out += rows_json_string(t + "Z");
        return;
    }
    case Value::Kind::Binary:
        out += rows_json_string(base64_encode(v.as_binary()));
        return;
    case Value::Kind::Array: {
        static const TypePtr kNull = make_atomic(AtomicKind::Null);
        const TypePtr& element = element_or(type, kNull);
        out += '[';
        bool first = true;
        for (const Value& x : v.items()) {
            out += first ? "" : ",";
            first = false;
            to_json(x, *element, out, depth + 1);
        }
        out += ']';
        return;
    }
    case Value::Kind::Map: {
        static const TypePtr kNull = make_atomic(AtomicKind::Null);
        const MapType* m = type.map();
        out += '{';
        for (std::size_t i = 0; i < v.map().keys.size(); ++i) {
            out += i == 0 ? "" : ",";
            out += rows_json_string(value_to_string(v.map().keys[i], m ? *m->key : *kNull));
            out += ':';
            to_json(v.map().values[i], m ? *m->value : *kNull, out, depth + 1);
        }
        out += '}';
        return;
    }
    case Value::Kind::Struct: {
        static const TypePtr kNull = make_atomic(AtomicKind::Null);
        const StructType* s = type.struct_type();
        out += '{';
        for (std::size_t i = 0; i < v.fields().size(); ++i) {
            out += i == 0 ? "" : ",";
            const bool named = s != nullptr && i < s->size();
            out += rows_json_string(named ? (*s)[i].name : "col" + std::to_string(i + 1));
            out += ':';
            to_json(v.fields()[i], named ? *(*s)[i].type : *kNull, out, depth + 1);
        }
        out += '}';
        return;
    }
    }
}

void to_text(const Value& v, const DataType& type, std::string& out, std::size_t depth) {
    static const TypePtr kNull = make_atomic(AtomicKind::Null);
    if (depth > 4 * kMaxNestingDepth) {
        out += "...";
        return;
    }
    switch (v.kind()) {
    case Value::Kind::Array: {
        const TypePtr& element = element_or(type, kNull);
        out += '[';
        for (std::size_t i = 0; i < v.items().size(); ++i) {
            out += i == 0 ? "" : ", ";
            to_text(v.items()[i], *element, out, depth + 1);
        }
        out += ']';
        return;
    }
    case Value::Kind::Map: {
        const MapType* m = type.map();
        out += '{';
        for (std::size_t i = 0; i < v.map().keys.size(); ++i) {
            out += i == 0 ? "" : ", ";
            to_text(v.map().keys[i], m ? *m->key : *kNull, out, depth + 1);
            out += " -> ";
            to_text(v.map().values[i], m ? *m->value : *kNull, out, depth + 1);
        }
        out += '}';
        return;
    }
    case Value::Kind::Struct: {
        const StructType* s = type.struct_type();
        out += '{';
        for (std::size_t i = 0; i < v.fields().size(); ++i) {
            out += i == 0 ? "" : ", ";
            const bool typed = s != nullptr && i < s->size();
            to_text(v.fields()[i], typed ? *(*s)[i].type : *kNull, out, depth + 1);
        }
        out += '}';
        return;
    }
    default:
        out += interval_text(v, type).value_or(atomic_string(v));
        return;
    }
}

} // namespace

std::string java_double_text(double v) { return java_text(v); }
std::string java_float_text(float v) { return java_text(v); }

std::string value_to_json(const Value& v, const DataType& type) {
    std::string out;
    to_json(v, type, out, 0);
    return out;
}

std::string value_to_string(const Value& v, const DataType& type) {
    std::string out;
    to_text(v, type, out, 0);
    return out;
}

} // namespace prune
