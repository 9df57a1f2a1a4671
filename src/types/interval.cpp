// ANSI interval values: Spark's IntervalUtils printing (ANSI_STYLE) and its casts from strings.
#include "types/interval.hpp"

#include <array>
#include <limits>

#include "util/ascii.hpp"

namespace prune {

namespace {

constexpr std::array<std::string_view, 2> kYearMonthFields{"YEAR", "MONTH"};
constexpr std::array<std::string_view, 4> kDayTimeFields{"DAY", "HOUR", "MINUTE", "SECOND"};

constexpr std::int64_t kMaxHour = std::numeric_limits<std::int64_t>::max() / kMicrosPerHour;
constexpr std::int64_t kMaxMinute = std::numeric_limits<std::int64_t>::max() / kMicrosPerMinute;
constexpr std::int64_t kMaxSecond = std::numeric_limits<std::int64_t>::max() / kMicrosPerSecond;
constexpr std::int64_t kMinSecond = std::numeric_limits<std::int64_t>::min() / kMicrosPerSecond;
constexpr std::int64_t kMaxDay = std::numeric_limits<std::int64_t>::max() / kMicrosPerDay;

/// `a * b` as Java's longs multiply: modulo 2^64.
std::int64_t java_multiply(std::int64_t a, std::int64_t b) {
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) * static_cast<std::uint64_t>(b));
}

/// Seconds with their fraction, `1.5` -> "1.5", `10` -> "10" (Java's
/// BigDecimal.valueOf(micros, 6).stripTrailingZeros.toPlainString), after a leading zero below
/// ten seconds.
std::string seconds_text(std::int64_t micros) {
    std::string out = micros < 10 * kMicrosPerSecond ? "0" : "";
    out += std::to_string(micros / kMicrosPerSecond);
    if (const std::int64_t fraction = micros % kMicrosPerSecond; fraction != 0) {
        std::string digits = std::to_string(fraction);
        digits.insert(0, 6 - digits.size(), '0');
        while (digits.back() == '0') {
            digits.pop_back();
        }
        out.push_back('.');
        out += digits;
    }
    return out;
}

std::string two_digits(std::int64_t v) {
    std::string out = v < 10 ? "0" : "";
    out += std::to_string(v);
    return out;
}

std::string qualifier(std::string_view from, std::string_view to) {
    std::string out(from);
    if (from != to) {
        out += " TO ";
        out += to;
    }
    return out;
}

std::string literal_text(std::string_view body, std::string_view from, std::string_view to) {
    std::string out = "INTERVAL '";
    out += body;
    out += "' ";
    out += qualifier(from, to);
    return out;
}

// --- reading --------------------------------------------------------------------------------

bool is_java_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\x0B' || c == '\f' || c == '\r';
}

/// A left-to-right reader of the patterns Spark matches with regular expressions.
struct Reader {
    std::string_view s;
    std::size_t i = 0;

    bool done() const { return i == s.size(); }
    bool eat(char c) {
        if (i < s.size() && s[i] == c) {
            ++i;
            return true;
        }
        return false;
    }
    /// `[+|-]?`: the sign character, or 0.
    char sign() {
        if (i < s.size() && (s[i] == '+' || s[i] == '|' || s[i] == '-')) {
            return s[i++];
        }
        return 0;
    }
    /// `\d{1,max}` followed by no digit.
    std::optional<std::string_view> digits(std::size_t max = std::string_view::npos) {
        const std::size_t begin = i;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
            ++i;
        }
        if (i == begin || i - begin > max) {
            return std::nullopt;
        }
        return s.substr(begin, i - begin);
    }
    /// `\s+`
    bool spaces() {
        const std::size_t begin = i;
        while (i < s.size() && is_java_space(s[i])) {
            ++i;
        }
        return i > begin;
    }
    /// A word, case-insensitively.
    bool word(std::string_view w) {
        if (s.size() - i < w.size() || !equal_ignoring_ascii_case(s.substr(i, w.size()), w)) {
            return false;
        }
        i += w.size();
        return true;
    }
};

/// Java's Long.parseLong of digits (no sign), nullopt past 2^63 - 1.
std::optional<std::int64_t> to_long(std::string_view digits) {
    std::int64_t v = 0;
    for (const char c : digits) {
        if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, c - '0', &v)) {
            return std::nullopt;
        }
    }
    return v;
}

/// `\d{1,max}` as a long.
std::optional<std::int64_t> number(Reader& r, std::size_t max) {
    const std::optional<std::string_view> d = r.digits(max);
    return d ? to_long(*d) : std::nullopt;
}

/// Spark's toLongWithRange.
std::optional<std::int64_t> in_range(std::optional<std::int64_t> v, std::int64_t lo,
                                     std::int64_t hi) {
    if (!v || *v < lo || *v > hi) {
        return std::nullopt;
    }
    return v;
}

int final_sign(char first, char second) { return (first == '-') != (second == '-') ? -1 : 1; }

/// A string in the literal form `INTERVAL [+|-]'body' qualifier`, taken apart.
struct LiteralForm {
    char sign = 0;
    std::string_view body;
    std::string_view qualifier; // `DAY   TO SECOND`, as written
};

std::optional<LiteralForm> literal_form(std::string_view s) {
    Reader r{s};
    if (!r.word("INTERVAL") || !r.spaces()) {
        return std::nullopt;
    }
    LiteralForm out;
    out.sign = r.sign();
    if (!r.eat('\'')) {
        return std::nullopt;
    }
    const std::size_t close = s.find('\'', r.i);
    if (close == std::string_view::npos) {
        return std::nullopt;
    }
    out.body = s.substr(r.i, close - r.i);
    r.i = close + 1;
    if (!r.spaces()) {
        return std::nullopt;
    }
    out.qualifier = s.substr(r.i);
    return out;
}

/// Whether `written` is `FROM` or `FROM\s+TO\s+TO` for the fields `names[start..end]`.
template <std::size_t N>
bool qualifier_is(std::string_view written, const std::array<std::string_view, N>& names, int start,
                  int end) {
    Reader r{written};
    if (!r.word(names[static_cast<std::size_t>(start)])) {
        return false;
    }
    if (start != end) {
        if (!r.spaces() || !r.word("TO") || !r.spaces() ||
            !r.word(names[static_cast<std::size_t>(end)])) {
            return false;
        }
    }
    return r.done();
}

// Year-month: the body after its sign.
std::optional<std::int32_t> year_month_body(Reader& r, int sign, int start, int end) {
    const std::optional<std::string_view> first = r.digits();
    if (!first) {
        return std::nullopt;
    }
    if (r.eat('-')) {
        const std::optional<std::string_view> month = r.digits();
        if (!month || !r.done() || start != 0 || end != 1) {
            return std::nullopt;
        }
        const auto years =
            in_range(to_long(*first), 0, std::numeric_limits<std::int32_t>::max() / 12);
        const auto months = in_range(to_long(*month), 0, 11);
        if (!years || !months) {
            return std::nullopt;
        }
        return static_cast<std::int32_t>(sign * (*years * 12 + *months));
    }
    const std::optional<std::int64_t> value = to_long(*first);
    if (!r.done() || !value || start != end) {
        return std::nullopt;
    }
    // YEAR: sign * toIntExact(value * 12), the product a Java long; MONTH: toIntExact(sign *
    // value).
    const std::int64_t v = start == 0 ? java_multiply(*value, 12) : sign * *value;
    if (v < std::numeric_limits<std::int32_t>::min() ||
        v > std::numeric_limits<std::int32_t>::max()) {
        return std::nullopt;
    }
    return static_cast<std::int32_t>(start == 0 ? sign * v : v);
}

/// Spark's parseSecondNano of `seconds[.fraction]`, `seconds` with its sign: a fraction of
/// nine digits at most, truncated to microseconds, negative when the seconds are (so `-0.5`
/// is half a second, as in Spark).
std::optional<std::int64_t> second_nano(std::int64_t seconds,
                                        std::optional<std::string_view> fraction) {
    if (seconds < kMinSecond || seconds > kMaxSecond) {
        return std::nullopt;
    }
    std::int64_t micros = seconds * kMicrosPerSecond;
    if (fraction) {
        std::string nanos(*fraction);
        nanos.resize(9, '0');
        const std::int64_t sub = std::stoll(nanos) / 1000;
        if (__builtin_add_overflow(micros, seconds < 0 ? -sub : sub, &micros)) {
            return std::nullopt;
        }
    }
    return micros;
}

/// `(\.\d{1,9})?`
bool optional_fraction(Reader& r, std::optional<std::string_view>& fraction) {
    if (!r.eat('.')) {
        return true;
    }
    fraction = r.digits(9);
    return fraction.has_value();
}

/// Spark's toDTInterval: sign * each field, summed exactly.
std::optional<std::int64_t>
sum_fields(int sign, std::initializer_list<std::pair<std::int64_t, std::int64_t>> parts,
           std::int64_t second_micros) {
    std::int64_t micros = 0;
    for (const auto& [value, unit] : parts) {
        if (__builtin_add_overflow(micros, sign * value * unit, &micros)) {
            return std::nullopt;
        }
    }
    if (__builtin_add_overflow(micros, sign * second_micros, &micros)) {
        return std::nullopt;
    }
    return micros;
}

// Day-time: the body after its sign.
std::optional<std::int64_t> day_time_body(Reader& r, int sign, int start, int end) {
    std::optional<std::string_view> fraction;
    if (start == end) {
        // `\d{1,13}(\.\d{1,9})?`, then the field's own bound on the digits.
        const std::optional<std::string_view> value = r.digits(13);
        if (!value || !optional_fraction(r, fraction) || !r.done()) {
            return std::nullopt;
        }
        static constexpr std::array<std::size_t, 4> kMaxDigits{9, 10, 12, 13};
        static constexpr std::array<std::int64_t, 3> kUnit{kMicrosPerDay, kMicrosPerHour,
                                                           kMicrosPerMinute};
        const auto field = static_cast<std::size_t>(start);
        if (value->size() > kMaxDigits[field] || (fraction && start != 3)) {
            return std::nullopt;
        }
        const std::int64_t v = *to_long(*value);
        if (start == 3) {
            return second_nano(sign * v, fraction);
        }
        return java_multiply(sign * v, kUnit[field]);
    }
    // The leading field, then each smaller one up to `end`.
    static constexpr std::array<std::size_t, 3> kLeadDigits{9, 10, 12};
    const std::optional<std::string_view> lead =
        r.digits(kLeadDigits[static_cast<std::size_t>(start)]);
    if (!lead) {
        return std::nullopt;
    }
    std::int64_t days = 0;
    std::int64_t hours = 0;
    std::int64_t minutes = 0;
    std::int64_t seconds = 0;
    std::optional<std::int64_t> v;
    if (start == 0) {
        if (!(v = in_range(to_long(*lead), 0, kMaxDay)) || !r.eat(' ')) {
            return std::nullopt;
        }
        days = *v;
        if (!(v = in_range(number(r, 2), 0, 23))) {
            return std::nullopt;
        }
        hours = *v;
    } else if (start == 1) {
        if (!(v = in_range(to_long(*lead), 0, kMaxHour))) {
            return std::nullopt;
        }
        hours = *v;
    } else {
        if (!(v = in_range(to_long(*lead), 0, kMaxMinute))) {
            return std::nullopt;
        }
        minutes = *v;
    }
    if (start < 2 && end >= 2) {
        if (!r.eat(':') || !(v = in_range(number(r, 2), 0, 59))) {
            return std::nullopt;
        }
        minutes = *v;
    }
    if (end == 3) {
        // Two digits (up to 99: Spark checks no bound here) and a fraction.
        if (!r.eat(':') || !(v = number(r, 2)) || !optional_fraction(r, fraction)) {
            return std::nullopt;
        }
        seconds = *v;
    }
    if (!r.done()) {
        return std::nullopt;
    }
    const std::optional<std::int64_t> second_micros = second_nano(seconds, fraction);
    if (!second_micros) {
        return std::nullopt;
    }
    return sum_fields(sign,
                      {{days, kMicrosPerDay}, {hours, kMicrosPerHour}, {minutes, kMicrosPerMinute}},
                      *second_micros);
}

/// The cast of `text` by `body`, the type's own form read after its sign: bare, or inside the
/// literal form with the type's qualifier.
template <class T, std::size_t N, class Body>
std::optional<T> cast_from_string(std::string_view text,
                                  const std::array<std::string_view, N>& names, int start, int end,
                                  Body body) {
    text = java_trim(text); // UTF8String.trimAll
    char outer = 0;
    if (const std::optional<LiteralForm> form = literal_form(text)) {
        if (!qualifier_is(form->qualifier, names, start, end)) {
            return std::nullopt;
        }
        outer = form->sign;
        text = form->body;
    }
    Reader r{text};
    const char inner = r.sign();
    return body(r, final_sign(outer, inner), start, end);
}

} // namespace

std::string_view year_month_field_name(int field) {
    return kYearMonthFields.at(static_cast<std::size_t>(field));
}

std::string_view day_time_field_name(int field) {
    return kDayTimeFields.at(static_cast<std::size_t>(field));
}

std::string year_month_interval_body(std::int32_t months, int start, int end) {
    const std::int64_t magnitude = months < 0 ? -static_cast<std::int64_t>(months) : months;
    if (start == end && start == 1) {
        return std::to_string(months);
    }
    std::string body = months < 0 ? "-" : "";
    body += std::to_string(magnitude / 12);
    if (start != end) {
        body.push_back('-');
        body += std::to_string(magnitude % 12);
    }
    return body;
}

std::string year_month_interval_string(std::int32_t months, int start, int end) {
    return literal_text(year_month_interval_body(months, start, end), year_month_field_name(start),
                        year_month_field_name(end));
}

std::string day_time_interval_body(std::int64_t micros, int start, int end) {
    if (micros == std::numeric_limits<std::int64_t>::min()) {
        // Its magnitude is no long: Spark spells it out.
        static constexpr std::string_view kBase = "-106751991 04:00:54.775808000";
        static constexpr std::array<std::string_view, 4> kFirst{
            "-106751991", "-2562047788", "-153722867280", "-9223372036854.775808"};
        static constexpr std::array<std::size_t, 4> kFrom{10, 13, 16, 26};
        static constexpr std::array<std::size_t, 4> kTo{0, 13, 16, 26};
        std::string body(kFirst.at(static_cast<std::size_t>(start)));
        if (start != end) {
            const std::size_t b = kFrom.at(static_cast<std::size_t>(start));
            body += kBase.substr(b, kTo.at(static_cast<std::size_t>(end)) - b);
        }
        return body;
    }
    std::int64_t rest = micros < 0 ? -micros : micros;
    std::string body = micros < 0 ? "-" : "";
    static constexpr std::array<std::int64_t, 3> kUnit{kMicrosPerDay, kMicrosPerHour,
                                                       kMicrosPerMinute};
    for (int field = start; field <= end; ++field) {
        if (field > start) {
            body.push_back(field == 1 ? ' ' : ':');
        }
        if (field == 3) {
            body += seconds_text(rest);
            break;
        }
        const std::int64_t unit = kUnit.at(static_cast<std::size_t>(field));
        body += field == 0 ? std::to_string(rest / unit) : two_digits(rest / unit);
        rest %= unit;
    }
    return body;
}

std::string day_time_interval_string(std::int64_t micros, int start, int end) {
    return literal_text(day_time_interval_body(micros, start, end), day_time_field_name(start),
                        day_time_field_name(end));
}

std::optional<std::int64_t> day_time_interval_of_body(std::string_view body, int start, int end) {
    const std::optional<std::int64_t> v = string_to_day_time_interval(body, start, end);
    // `-00.5` SECOND: the cast takes the fraction's sign from the seconds, zero.
    if (v && *v > 0 && body.starts_with('-')) {
        return -*v;
    }
    return v;
}

std::optional<std::int32_t> string_to_year_month_interval(std::string_view text, int start,
                                                          int end) {
    return cast_from_string<std::int32_t>(text, kYearMonthFields, start, end, year_month_body);
}

std::optional<std::int64_t> string_to_day_time_interval(std::string_view text, int start, int end) {
    return cast_from_string<std::int64_t>(text, kDayTimeFields, start, end, day_time_body);
}

std::optional<CalendarInterval> string_to_calendar_interval(std::string_view text,
                                                            std::string& error) {
    const auto fail = [&](std::string why) -> std::optional<CalendarInterval> {
        error = std::move(why);
        return std::nullopt;
    };
    // UTF8String.trimAll: blanks and control characters at both ends.
    const std::string s = ascii_lower(java_trim(text));
    const auto is_digit = [](char c) { return c >= '0' && c <= '9'; };
    if (s.empty()) {
        return fail("interval string cannot be empty");
    }
    std::size_t i = 0;
    if (s.starts_with("interval")) {
        if (s.size() == 8) {
            return fail("interval string cannot be empty");
        }
        if (!is_java_space(s[8])) {
            return fail("invalid interval prefix '" + s.substr(0, s.find(' ')) + "'");
        }
        i = 9;
    }
    const auto skip_spaces = [&] {
        while (i < s.size() && is_java_space(s[i])) {
            ++i;
        }
    };
    const auto word = [&](std::size_t from) { return s.substr(from, s.find(' ', from) - from); };
    CalendarInterval out;
    std::int64_t months = 0;
    std::int64_t days = 0;
    bool any = false;
    skip_spaces();
    while (i < s.size()) {
        const std::size_t token = i;
        bool negative = false;
        if (s[i] == '-' || s[i] == '+') {
            negative = s[i] == '-';
            ++i;
            skip_spaces();
        }
        if (i >= s.size() || !is_digit(s[i])) {
            return fail("unrecognized number '" + word(token) + "'");
        }
        std::int64_t value = 0;
        for (; i < s.size() && is_digit(s[i]); ++i) {
            if (__builtin_mul_overflow(value, 10, &value) ||
                __builtin_add_overflow(value, s[i] - '0', &value)) {
                return fail("integer overflow in the interval's value");
            }
        }
        std::int64_t nanos = 0;
        bool fraction = false;
        if (i < s.size() && s[i] == '.') {
            fraction = true;
            std::int64_t scale = 100'000'000;
            for (++i; i < s.size() && is_digit(s[i]); ++i) {
                if (scale == 0) {
                    return fail("interval can only support nanosecond precision");
                }
                nanos += (s[i] - '0') * scale;
                scale /= 10;
            }
        }
        if (i < s.size() && !is_java_space(s[i])) {
            return fail("invalid value '" + word(token) + "'");
        }
        skip_spaces();
        const std::string unit = word(i);
        // The unit, optionally plural.
        const auto is_unit = [&](std::string_view name) {
            return unit == name ||
                   (unit.size() == name.size() + 1 && unit.starts_with(name) && unit.back() == 's');
        };
        if (fraction && !is_unit("second")) {
            return fail("'" + unit + "' cannot have fractional part");
        }
        if (negative) {
            value = -value;
            nanos = -nanos;
        }
        std::int64_t per = 0;
        std::int64_t* total = &out.micros;
        if (is_unit("year") || is_unit("month")) {
            per = is_unit("year") ? 12 : 1;
            total = &months;
        } else if (is_unit("week") || is_unit("day")) {
            per = is_unit("week") ? 7 : 1;
            total = &days;
        } else if (is_unit("hour")) {
            per = kMicrosPerHour;
        } else if (is_unit("minute")) {
            per = kMicrosPerMinute;
        } else if (is_unit("second")) {
            per = kMicrosPerSecond;
        } else if (is_unit("millisecond")) {
            per = 1000;
        } else if (is_unit("microsecond")) {
            per = 1;
        } else {
            return fail("invalid unit '" + unit + "'");
        }
        std::int64_t amount = 0;
        if (__builtin_mul_overflow(value, per, &amount) ||
            __builtin_add_overflow(amount, nanos / 1000, &amount) ||
            __builtin_add_overflow(*total, amount, total)) {
            return fail("integer overflow in the interval's " + unit);
        }
        i += unit.size();
        any = true;
        skip_spaces();
    }
    if (!any) {
        return fail("interval string cannot be empty");
    }
    if (months > std::numeric_limits<std::int32_t>::max() ||
        months < std::numeric_limits<std::int32_t>::min() ||
        days > std::numeric_limits<std::int32_t>::max() ||
        days < std::numeric_limits<std::int32_t>::min()) {
        return fail("integer overflow in the interval's months or days");
    }
    out.months = static_cast<std::int32_t>(months);
    out.days = static_cast<std::int32_t>(days);
    return out;
}

std::string calendar_interval_string(const CalendarInterval& interval) {
    if (interval.months == 0 && interval.days == 0 && interval.micros == 0) {
        return "0 seconds";
    }
    std::string out;
    const auto unit = [&](std::int64_t value, std::string_view name) {
        if (value != 0) {
            out += std::to_string(value);
            out += ' ';
            out += name;
            out += ' ';
        }
    };
    unit(interval.months / 12, "years");
    unit(interval.months % 12, "months");
    unit(interval.days, "days");
    std::int64_t rest = interval.micros;
    unit(rest / kMicrosPerHour, "hours");
    rest %= kMicrosPerHour;
    unit(rest / kMicrosPerMinute, "minutes");
    rest %= kMicrosPerMinute;
    if (rest != 0) {
        // BigDecimal.valueOf(rest, 6).stripTrailingZeros().toPlainString()
        std::string digits = std::to_string(rest < 0 ? -static_cast<std::uint64_t>(rest)
                                                     : static_cast<std::uint64_t>(rest));
        digits.insert(0, digits.size() < 7 ? 7 - digits.size() : 0, '0');
        digits.insert(digits.size() - 6, 1, '.');
        while (digits.back() == '0') {
            digits.pop_back();
        }
        if (digits.back() == '.') {
            digits.pop_back();
        }
        if (rest < 0) {
            out += '-';
        }
        out += digits;
        out += " seconds ";
    }
    out.pop_back();
    return out;
}

} // namespace prune
