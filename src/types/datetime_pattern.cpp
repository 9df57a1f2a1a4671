// Spark's datetime patterns: the pattern as Spark rewrites it
// (DateTimeFormatterHelper.convertIncompatiblePattern), then Java's DateTimeFormatterBuilder
// (appendPattern, or Spark's createBuilderWithVarLengthSecondFraction for a parsing pattern with
// `S`), then Java's parse (strict, case-insensitive), Parsed.resolve (ResolverStyle.STRICT)
// and Spark's toZonedDateTime defaults (year 1970, January, the first, midnight).
//
//     "yyyy-MM-dd'T'HH:mm"  -> Number(Year, 4..19, EXCEEDS_PAD) '-' Number(Month, 2) '-' ...
//     "yyyyMMdd"            -> the year reserves the four digits of MM and dd (adjacent parsing)

#include "types/datetime_pattern.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include "types/datetime.hpp"
#include "util/ascii.hpp"

namespace prune {

namespace {

using Field = DateTimePattern::Field;
using Kind = DateTimePattern::Kind;
using Sign = DateTimePattern::Sign;
using Element = DateTimePattern::Element;

constexpr int kFieldCount = static_cast<int>(Field::Offset) + 1;

bool is_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }
char upper(char c) { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

bool leap(std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }
std::int64_t month_length(std::int64_t y, std::int64_t m) {
    static constexpr std::array<std::int64_t, 12> kDays = {31, 28, 31, 30, 31, 30,
                                                           31, 31, 30, 31, 30, 31};
    return m == 2 && leap(y) ? 29 : kDays[static_cast<std::size_t>(m - 1)];
}

constexpr std::array<std::string_view, 12> kMonthsShort = {
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
constexpr std::array<std::string_view, 12> kMonthsFull = {
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December"};
constexpr std::array<std::string_view, 7> kDaysShort = {"Mon", "Tue", "Wed", "Thu",
                                                        "Fri", "Sat", "Sun"};
constexpr std::array<std::string_view, 7> kDaysFull = {
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"};
constexpr std::array<std::string_view, 4> kQuartersShort = {"Q1", "Q2", "Q3", "Q4"};
constexpr std::array<std::string_view, 4> kQuartersFull = {"1st quarter", "2nd quarter",
                                                           "3rd quarter", "4th quarter"};
constexpr std::array<std::string_view, 2> kAmPm = {"AM", "PM"};
constexpr std::array<std::string_view, 2> kErasShort = {"BC", "AD"};
constexpr std::array<std::string_view, 2> kErasFull = {"Before Christ", "Anno Domini"};

/// The names of a text field's values (index = value - first), by style (0 short, 1 full).
struct Names {
    const std::string_view* names;
    std::size_t count;
    std::int64_t first;
};
Names names_of(Field f, int style) {
    switch (f) {
    case Field::Month:
        return style == 0 ? Names{kMonthsShort.data(), 12, 1} : Names{kMonthsFull.data(), 12, 1};
    case Field::DayOfWeek:
        return style == 0 ? Names{kDaysShort.data(), 7, 1} : Names{kDaysFull.data(), 7, 1};
    case Field::Quarter:
        return style == 0 ? Names{kQuartersShort.data(), 4, 1} : Names{kQuartersFull.data(), 4, 1};
    case Field::AmPm:
        return Names{kAmPm.data(), 2, 0};
    case Field::Era:
        return style == 0 ? Names{kErasShort.data(), 2, 0} : Names{kErasFull.data(), 2, 0};
    default:
        return Names{nullptr, 0, 0};
    }
}

// --- Spark's rewrite of the pattern -----------------------------------------------------------

/// Java's String.split on one character: trailing empty strings removed.
std::vector<std::string> java_split(std::string_view s, char sep) {
    std::vector<std::string> parts;
    std::size_t from = 0;
    for (;;) {
        const std::size_t hit = s.find(sep, from);
        if (hit == std::string_view::npos) {
            parts.emplace_back(s.substr(from));
            break;
        }
        parts.emplace_back(s.substr(from, hit - from));
        from = hit + 1;
    }
    while (!parts.empty() && parts.back().empty()) {
        parts.pop_back();
    }
    return parts;
}

/// DateTimeFormatterHelper.convertIncompatiblePattern: the letters Spark rejects, and `y` as
/// `u` unless an era `G` is outside quotes. Empty `why` when accepted.
std::string spark_pattern(std::string_view pattern, bool parsing, std::string& why) {
    bool era = false;
    {
        const std::vector<std::string> parts = java_split(pattern, '\'');
        for (std::size_t i = 0; i < parts.size(); i += 2) {
            era = era || parts[i].find('G') != std::string::npos;
        }
    }
    std::vector<std::string> parts = java_split(std::string(pattern) + " ", '\'');
    std::string out;
    for (std::size_t i = 0; i < parts.size(); ++i) {
        std::string& part = parts[i];
        if (i % 2 == 0) {
            for (const char c : part) {
                if (std::string_view("YWwuec").find(c) != std::string_view::npos) {
                    why = std::string("the week-based pattern letter '") + c +
                          "' (Spark 3 and later reject week-based patterns: "
                          "INCONSISTENT_BEHAVIOR_CROSS_VERSION.DATETIME_WEEK_BASED_PATTERN)";
                    return {};
                }
            }
            for (const char c : part) {
                if (std::string_view("ABnNp").find(c) != std::string_view::npos ||
                    (parsing && std::string_view("EFqQ").find(c) != std::string_view::npos)) {
                    why = std::string("the pattern letter '") + c + "'" +
                          (parsing ? " in a parsing pattern" : "") +
                          " (Spark rejects it: INVALID_DATETIME_PATTERN.ILLEGAL_CHARACTER)";
                    return {};
                }
            }
            for (const std::string_view style :
                 {"GGGGG", "MMMMM", "LLLLL", "EEEEE", "QQQQQ", "qqqqq", "yyyyyyy"}) {
                if (part.find(style) != std::string::npos) {
                    why = "'" + std::string(style) +
                          "' (Spark rejects the length: INVALID_DATETIME_PATTERN.LENGTH)";
                    return {};
                }
            }
            if (!era) {
                for (char& c : part) {
                    c = c == 'y' ? 'u' : c;
                }
            }
        }
        if (i > 0) {
            out += '\'';
        }
        out += part;
    }
    out.pop_back(); // the " " appended above
    return out;
}

// --- the formatter's printer-parsers ----------------------------------------------------------

/// Java's DateTimeFormatterBuilder, the part of it Spark's patterns use.
class Builder {
  public:
    explicit Builder(bool parsing) : parsing_(parsing) {}

    /// appendPattern: empty `why` when every letter is accepted.
    void append_pattern(std::string_view p, std::string& why) {
        for (std::size_t pos = 0; pos < p.size() && why.empty(); ++pos) {
            const char cur = p[pos];
            if (is_letter(cur)) {
                std::size_t start = pos;
                while (pos + 1 < p.size() && p[pos + 1] == cur) {
                    ++pos;
                }
                letter(cur, static_cast<int>(pos - start + 1), why);
            } else if (cur == '\'') {
                std::size_t at = pos + 1;
                std::string text;
                for (; at < p.size(); ++at) {
                    if (p[at] == '\'') {
                        if (at + 1 < p.size() && p[at + 1] == '\'') {
                            text += '\'';
                            ++at;
                        } else {
                            break;
                        }
                    } else {
                        text += p[at];
                    }
                }
                if (at >= p.size()) {
                    why = "a quoted text without its closing quote (Java's DateTimeFormatter "
                          "rejects the pattern)";
                    return;
                }
                literal(at == pos + 1 ? "'" : text);
                pos = at;
            } else if (cur == '[') {
                optional_start();
            } else if (cur == ']') {
                if (!optional_end()) {
                    why = "']' without '[' (Java's DateTimeFormatter rejects the pattern)";
                }
            } else if (cur == '{' || cur == '}' || cur == '#') {
                why = std::string("the reserved character '") + cur +
                      "' (Java's DateTimeFormatter rejects it)";
            } else {
                literal(std::string(1, cur));
            }
        }
    }

    void literal(std::string text) {
        Element e;
        e.kind = Kind::Literal;
        e.text = std::move(text);
        append_internal(std::move(e));
    }

    /// appendFraction(NANO_OF_SECOND, min, max, false).
    void fraction(int min, int max, std::string& why) {
        if (max > 9) {
            why = "more than nine 'S' (Java's DateTimeFormatter rejects a fraction of more than "
                  "nine digits)";
            return;
        }
        Element e;
        e.kind = Kind::Fraction;
        e.field = Field::Nano;
        e.min = min;
        e.max = max;
        if (min == max) {
            append_value(std::move(e));
        } else {
            append_internal(std::move(e));
        }
    }

    /// The printer-parsers, optional sections left open closed (toFormatter).
    std::vector<Element> finish() {
        while (optional_end()) {
        }
        return std::move(elements_);
    }

  private:
    /// optionalStart: a nested builder, with its own adjacent value parsing.
    void optional_start() {
        active_ = -1;
        parents_.emplace_back(std::move(elements_), active_);
        elements_.clear();
    }
    /// optionalEnd: the section becomes one printer-parser of the enclosing builder (none when
    /// empty); false without an open section.
    bool optional_end() {
        if (parents_.empty()) {
            return false;
        }
        std::vector<Element> children = std::move(elements_);
        elements_ = std::move(parents_.back().first);
        active_ = parents_.back().second;
        parents_.pop_back();
        if (!children.empty()) {
            Element e;
            e.kind = Kind::Optional;
            e.children = std::move(children);
            append_internal(std::move(e));
        }
        return true;
    }

    void append_internal(Element e) {
        elements_.push_back(std::move(e));
        active_ = -1;
    }
    /// Java's appendValue(NumberPrinterParser): adjacent value parsing.
    void append_value(Element e) {
        if (active_ >= 0) {
            const auto base = static_cast<std::size_t>(active_);
            if (e.min == e.max && e.sign == Sign::NotNegative) {
                elements_[base].subsequent += e.max;
                e.subsequent = -1;
                elements_.push_back(std::move(e));
            } else {
                elements_[base].subsequent = -1;
                elements_.push_back(std::move(e));
                active_ = static_cast<int>(elements_.size()) - 1;
            }
        } else {
            elements_.push_back(std::move(e));
            active_ = static_cast<int>(elements_.size()) - 1;
        }
    }
    void number(Field f, int min, int max, Sign sign, bool reduced = false) {
        Element e;
        e.kind = Kind::Number;
        e.field = f;
        e.min = min;
        e.max = max;
        e.sign = sign;
        e.reduced = reduced;
        append_value(std::move(e));
    }
    void text(Field f, int style) {
        Element e;
        e.kind = Kind::Text;
        e.field = f;
        e.min = style;
        append_internal(std::move(e));
    }
    void offset(int type, std::string zero) {
        Element e;
        e.kind = Kind::Offset;
        e.field = Field::Offset;
        e.offset = type;
        e.text = std::move(zero);
        append_internal(std::move(e));
    }

    static std::string too_many(char c, int count) {
        return std::string(static_cast<std::size_t>(count), c) +
               ": too many pattern letters (Java's DateTimeFormatter rejects the pattern)";
    }

    /// DateTimeFormatterBuilder.parsePattern's rules for a run of `count` letters `c`.
    void letter(char c, int count, std::string& why) {
        switch (c) {
        case 'G':
        case 'E':
            if (count > 4) {
                why = too_many(c, count);
            } else if (c == 'G') {
                text(Field::Era, count == 4 ? 1 : 0);
            } else {
                text(Field::DayOfWeek, count == 4 ? 1 : 0);
            }
            return;
        case 'M':
        case 'L':
        case 'Q':
        case 'q': {
            const Field f = (c == 'M' || c == 'L') ? Field::Month : Field::Quarter;
            if (count == 1) {
                number(f, 1, 19, Sign::Normal);
            } else if (count == 2) {
                number(f, 2, 2, Sign::NotNegative);
            } else if (count > 4) {
                why = too_many(c, count);
            } else if (c == 'L' && parsing_) {
                why = "'" + std::string(static_cast<std::size_t>(count), c) +
                      "' in a parsing pattern (Java's parsing of stand-alone month names is "
                      "not implemented)";
            } else {
                text(f, count == 4 ? 1 : 0);
            }
            return;
        }
        case 'a':
            if (count > 1) {
                why = too_many(c, count);
            } else {
                text(Field::AmPm, 0);
            }
            return;
        case 'u':
        case 'y': {
            const Field f = c == 'u' ? Field::Year : Field::YearOfEra;
            if (count == 2) {
                number(f, 2, 2, Sign::NotNegative, true);
            } else if (count < 4) {
                number(f, count, 19, Sign::Normal);
            } else {
                number(f, count, 19, Sign::ExceedsPad);
            }
            return;
        }
        case 'd':
        case 'h':
        case 'H':
        case 'k':
        case 'K':
        case 'm':
        case 's': {
            static constexpr std::string_view kLetters = "dhHkKms";
            static constexpr std::array<Field, 7> kFields = {
                Field::DayOfMonth, Field::ClockHourOfAmPm, Field::HourOfDay, Field::ClockHourOfDay,
                Field::HourOfAmPm, Field::Minute,          Field::Second};
            const Field f = kFields[kLetters.find(c)];
            if (count == 1) {
                number(f, 1, 19, Sign::Normal);
            } else if (count == 2) {
                number(f, 2, 2, Sign::NotNegative);
            } else {
                why = too_many(c, count);
            }
            return;
        }
        case 'D':
            if (count == 1) {
                number(Field::DayOfYear, 1, 19, Sign::Normal);
            } else if (count <= 3) {
                number(Field::DayOfYear, count, 3, Sign::NotNegative);
            } else {
                why = too_many(c, count);
            }
            return;
        case 'S':
            fraction(count, count, why);
            return;
        case 'X':
        case 'x':
            if (count > 5) {
                why = too_many(c, count);
            } else if (parsing_ && c == 'x' && (count == 1 || count >= 4)) {
                why = "'" + std::string(static_cast<std::size_t>(count), c) +
                      "' in a parsing pattern (its text for a zero offset begins other "
                      "offsets: Java's parse of it is not implemented)";
            } else {
                const int type = count + (count == 1 ? 0 : 1);
                offset(type, c == 'X'         ? "Z"
                             : count == 1     ? "+00"
                             : count % 2 == 0 ? "+0000"
                                              : "+00:00");
            }
            return;
        case 'Z':
            if (count < 4) {
                offset(3, "+0000");
            } else if (count == 5) {
                offset(6, "Z");
            } else if (count == 4) {
                localized_offset(c, count, why);
            } else {
                why = too_many(c, count);
            }
            return;
        case 'O':
            if (count == 1 || count == 4) {
                localized_offset(c, count, why);
            } else {
                why = "'" + std::string(static_cast<std::size_t>(count), c) +
                      "': the pattern letter O must be one or four (Java's DateTimeFormatter "
                      "rejects the pattern)";
            }
            return;
        case 'z':
        case 'V':
        case 'v':
            why = std::string("the pattern letter '") + c +
                  "' (a time-zone name or id: it depends on the Spark session's time-zone id, "
                  "and region zones need a time-zone database)";
            return;
        case 'F':
            why = "the pattern letter 'F' (its field differs between Java versions)";
            return;
        default:
            why = std::string("the pattern letter '") + c +
                  "' (Java's DateTimeFormatter does not know it)";
            return;
        }
    }

    void localized_offset(char c, int count, std::string& why) {
        if (parsing_) {
            // Built in a fresh string and moved: GCC 12 reports a false -Wrestrict when a
            // literal is assigned to, or prepended to, a string here at -O2 (GCC bug 105329).
            std::string message(static_cast<std::size_t>(count) + 2, '\'');
            std::fill_n(message.begin() + 1, count, c);
            message += " in a parsing pattern (Java's parse of a localized offset is not "
                       "implemented)";
            why = std::move(message);
            return;
        }
        Element e;
        e.kind = Kind::LocalizedOffset;
        e.field = Field::Offset;
        append_internal(std::move(e));
    }

    bool parsing_;
    std::vector<Element> elements_;
    int active_ = -1;
    std::vector<std::pair<std::vector<Element>, int>> parents_; // open optional sections
};

/// DateTimeFormatterHelper.createBuilderWithVarLengthSecondFraction: each run of `S` read with
/// one to as many digits.
void var_length_fraction(Builder& b, std::string_view pattern, std::string& why) {
    const std::vector<std::string> parts = java_split(pattern, '\'');
    for (std::size_t i = 0; i < parts.size() && why.empty(); ++i) {
        const std::string& part = parts[i];
        if (part.empty() && i != 0) {
            b.literal("'");
        } else if (i % 2 == 0) {
            std::string_view rest = part;
            while (!rest.empty() && why.empty()) {
                const std::size_t s = rest.find('S');
                b.append_pattern(rest.substr(0, s), why);
                if (s == std::string_view::npos) {
                    break;
                }
                std::size_t end = s;
                while (end < rest.size() && rest[end] == 'S') {
                    ++end;
                }
                if (why.empty()) {
                    b.fraction(1, static_cast<int>(end - s), why);
                }
                rest = rest.substr(end);
            }
        } else {
            b.literal(part);
        }
    }
}

// --- formatting -------------------------------------------------------------------------------

/// The value of each field of a timestamp in UTC.
std::array<std::int64_t, kFieldCount> fields_of(std::int64_t micros) {
    const std::int64_t days = floor_div(micros, kMicrosPerDay);
    const std::int64_t in_day = micros - days * kMicrosPerDay;
    const Civil c = civil_from_days(days);
    const std::int64_t hour = in_day / (3600 * kMicrosPerSecond);
    std::array<std::int64_t, kFieldCount> v{};
    const auto set = [&v](Field f, std::int64_t x) { v[static_cast<std::size_t>(f)] = x; };
    set(Field::Era, c.year > 0 ? 1 : 0);
    set(Field::Year, c.year);
    set(Field::YearOfEra, c.year > 0 ? c.year : 1 - c.year);
    set(Field::Month, c.month);
    set(Field::DayOfMonth, c.day);
    set(Field::DayOfYear, days - days_from_civil(c.year, 1, 1) + 1);
    set(Field::Quarter, (c.month - 1) / 3 + 1);
    // 1 for Monday to 7 for Sunday (1970-01-01 was a Thursday)
    set(Field::DayOfWeek, days + 3 - floor_div(days + 3, 7) * 7 + 1);
    set(Field::AmPm, hour / 12);
    set(Field::HourOfDay, hour);
    set(Field::ClockHourOfDay, hour == 0 ? 24 : hour);
    set(Field::HourOfAmPm, hour % 12);
    set(Field::ClockHourOfAmPm, hour % 12 == 0 ? 12 : hour % 12);
    set(Field::Minute, in_day / (60 * kMicrosPerSecond) % 60);
    set(Field::Second, in_day / kMicrosPerSecond % 60);
    set(Field::Nano, in_day % kMicrosPerSecond * 1000);
    set(Field::Offset, 0);
    return v;
}

/// NumberPrinterParser.format (and ReducedPrinterParser's value: the last two digits).
void format_number(std::string& out, const Element& e, std::int64_t value) {
    if (e.reduced) {
        value = (value < 0 ? -value : value) % 100;
    }
    const std::string digits = std::to_string(value < 0 ? -value : value);
    if (value >= 0) {
        if (e.sign == Sign::ExceedsPad && e.min < 19) {
            std::int64_t exceed = 1;
            for (int i = 0; i < e.min; ++i) {
                exceed *= 10;
            }
            if (value >= exceed) {
                out += '+';
            }
        }
    } else {
        out += '-'; // NORMAL and EXCEEDS_PAD; never a NOT_NEGATIVE field here
    }
    for (std::size_t i = digits.size(); i < static_cast<std::size_t>(e.min); ++i) {
        out += '0';
    }
    out += digits;
}

// --- parsing ----------------------------------------------------------------------------------

/// Java's DateTimeParseContext for one parse: the fields parsed so far.
struct Context {
    std::string_view text;
    std::array<std::optional<std::int64_t>, kFieldCount> fields{};

    std::optional<std::int64_t>& at(Field f) { return fields[static_cast<std::size_t>(f)]; }
    /// setParsedField: a field parsed twice must have one value. Java's `~errorPos` on failure.
    std::ptrdiff_t set(Field f, std::int64_t value, std::size_t error_pos, std::size_t end) {
        std::optional<std::int64_t>& slot = at(f);
        if (slot && *slot != value) {
            return ~static_cast<std::ptrdiff_t>(error_pos);
        }
        slot = value;
        return static_cast<std::ptrdiff_t>(end);
    }
};

constexpr std::int64_t kHuge = std::int64_t{1} << 60; // past any field's range

std::ptrdiff_t fail(std::size_t pos) { return ~static_cast<std::ptrdiff_t>(pos); }

/// NumberPrinterParser.parse in strict mode (and ReducedPrinterParser.setValue).
std::ptrdiff_t parse_number(Context& ctx, const Element& e, std::size_t position) {
    const std::string_view text = ctx.text;
    const std::size_t length = text.size();
    if (position == length) {
        return fail(position);
    }
    bool negative = false;
    bool positive = false;
    const char sign = text[position];
    if (sign == '+') {
        // SignStyle.parse(true, strict, fixed): NORMAL and NOT_NEGATIVE refuse a '+'
        if (e.sign != Sign::ExceedsPad) {
            return fail(position);
        }
        positive = true;
        ++position;
    } else if (sign == '-') {
        if (e.sign == Sign::NotNegative) { // SignStyle.parse(false, strict, fixed)
            return fail(position);
        }
        negative = true;
        ++position;
    }
    const std::size_t eff_min = static_cast<std::size_t>(e.min);
    std::size_t eff_max = static_cast<std::size_t>(e.max) +
                          static_cast<std::size_t>(e.subsequent > 0 ? e.subsequent : 0);
    const std::size_t min_end = position + eff_min;
    if (min_end > length) {
        return fail(position);
    }
    std::int64_t total = 0;
    std::size_t pos = position;
    for (int pass = 0; pass < 2; ++pass) {
        const std::size_t max_end = std::min(pos + eff_max, length);
        while (pos < max_end) {
            const char ch = text[pos++];
            if (!is_ascii_digit(ch)) {
                --pos;
                if (pos < min_end) {
                    return fail(position);
                }
                break;
            }
            total = total >= kHuge ? kHuge : total * 10 + (ch - '0');
        }
        if (e.subsequent > 0 && pass == 0) {
            const std::size_t parsed = pos - position;
            const std::size_t sub = static_cast<std::size_t>(e.subsequent);
            eff_max = std::max(eff_min, parsed > sub ? parsed - sub : 0);
            pos = position;
            total = 0;
        } else {
            break;
        }
    }
    const std::size_t parse_len = pos - position;
    if (negative) {
        if (total == 0) {
            return fail(position - 1); // minus zero
        }
        total = -total;
    } else if (e.sign == Sign::ExceedsPad) {
        if (positive ? parse_len <= eff_min : parse_len > eff_min) {
            return fail(positive ? position - 1 : position);
        }
    }
    if (e.reduced && parse_len == 2 && total >= 0) {
        total += 2000; // base 2000: 00 to 99 are 2000 to 2099
    }
    return ctx.set(e.field, total, position, pos);
}

/// FractionPrinterParser.parse in strict mode: min to max digits, as nanoseconds.
std::ptrdiff_t parse_fraction(Context& ctx, const Element& e, std::size_t position) {
    const std::string_view text = ctx.text;
    const std::size_t min_end = position + static_cast<std::size_t>(e.min);
    if (min_end > text.size()) {
        return fail(position);
    }
    const std::size_t max_end = std::min(position + static_cast<std::size_t>(e.max), text.size());
    std::size_t pos = position;
    std::int64_t total = 0;
    while (pos < max_end && is_ascii_digit(text[pos])) {
        total = total * 10 + (text[pos] - '0');
        ++pos;
    }
    if (pos < min_end) {
        return fail(position);
    }
    for (std::size_t i = pos - position; i < 9; ++i) {
        total *= 10;
    }
    return ctx.set(Field::Nano, total, position, pos);
}

bool equals_ignore_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (upper(a[i]) != upper(b[i])) {
            return false;
        }
    }
    return true;
}

/// TextPrinterParser.parse in strict mode: the style's names, longest first.
std::ptrdiff_t parse_text(Context& ctx, const Element& e, std::size_t position) {
    const Names names = names_of(e.field, e.min);
    std::size_t best = names.count;
    for (std::size_t i = 0; i < names.count; ++i) {
        const std::string_view name = names.names[i];
        if (ctx.text.size() - position >= name.size() &&
            equals_ignore_case(ctx.text.substr(position, name.size()), name) &&
            (best == names.count || name.size() > names.names[best].size())) {
            best = i;
        }
    }
    if (best == names.count) {
        return fail(position);
    }
    return ctx.set(e.field, names.first + static_cast<std::int64_t>(best), position,
                   position + names.names[best].size());
}

/// OffsetIdPrinterParser.parse in strict mode, for `+HHmm` (1), `+HHMM` (3), `+HH:MM` (4),
/// `+HHMMss` (5) and `+HH:MM:ss` (6).
std::ptrdiff_t parse_offset(Context& ctx, const Element& e, std::size_t position) {
    const std::string_view text = ctx.text;
    const std::size_t length = text.size();
    if (position == length) {
        return fail(position);
    }
    if (length - position >= e.text.size() &&
        equals_ignore_case(text.substr(position, e.text.size()), e.text)) {
        return ctx.set(Field::Offset, 0, position, position + e.text.size());
    }
    const char sign = text[position];
    if (sign != '+' && sign != '-') {
        return fail(position);
    }
    const bool colon = e.offset == 4 || e.offset == 6;
    std::size_t pos = position + 1;
    bool ok = true;
    // parseDigits: two digits 00 to 59, after a colon unless the hour.
    const auto two = [&](bool first, std::int64_t& out) {
        std::size_t at = pos;
        if (colon && !first) {
            if (at >= length || text[at] != ':') {
                return false;
            }
            ++at;
        }
        if (at + 2 > length || !is_ascii_digit(text[at]) || !is_ascii_digit(text[at + 1])) {
            return false;
        }
        const std::int64_t v = (text[at] - '0') * 10 + (text[at + 1] - '0');
        if (v > 59) {
            return false;
        }
        out = v;
        pos = at + 2;
        return true;
    };
    std::int64_t hours = 0;
    std::int64_t minutes = 0;
    std::int64_t seconds = 0;
    ok = two(true, hours);
    if (ok) {
        const bool minutes_mandatory = e.offset != 1;
        if (!two(false, minutes) && minutes_mandatory) {
            ok = false;
        }
        if (ok && (e.offset == 5 || e.offset == 6)) {
            two(false, seconds); // optional seconds
        }
    }
    if (!ok || hours > 23) {
        return fail(position); // Java: out of range raises, a parse failure too
    }
    const std::int64_t total = (sign == '-' ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds);
    return ctx.set(Field::Offset, total, position, pos);
}

std::string abbreviate(std::string_view text) {
    return text.size() > 64 ? std::string(text.substr(0, 64)) + "..." : std::string(text);
}

struct Range {
    const char* name;
    std::int64_t min;
    std::int64_t max;
    const char* shown;
};
Range range_of(Field f) {
    switch (f) {
    case Field::Era:
        return {"Era", 0, 1, "0 - 1"};
    case Field::Year:
        return {"Year", -999999999, 999999999, "-999999999 - 999999999"};
    case Field::YearOfEra:
        return {"YearOfEra", 1, 1000000000, "1 - 999999999/1000000000"};
    case Field::Month:
        return {"MonthOfYear", 1, 12, "1 - 12"};
    case Field::DayOfMonth:
        return {"DayOfMonth", 1, 31, "1 - 28/31"};
    case Field::DayOfYear:
        return {"DayOfYear", 1, 366, "1 - 365/366"};
    case Field::AmPm:
        return {"AmPmOfDay", 0, 1, "0 - 1"};
    case Field::HourOfDay:
        return {"HourOfDay", 0, 23, "0 - 23"};
    case Field::ClockHourOfDay:
        return {"ClockHourOfDay", 1, 24, "1 - 24"};
    case Field::HourOfAmPm:
        return {"HourOfAmPm", 0, 11, "0 - 11"};
    case Field::ClockHourOfAmPm:
        return {"ClockHourOfAmPm", 1, 12, "1 - 12"};
    case Field::Minute:
        return {"MinuteOfHour", 0, 59, "0 - 59"};
    case Field::Second:
        return {"SecondOfMinute", 0, 59, "0 - 59"};
    case Field::Nano:
        return {"NanoOfSecond", 0, 999999999, "0 - 999999999"};
    default:
        return {"?", std::numeric_limits<std::int64_t>::min(),
                std::numeric_limits<std::int64_t>::max(), ""};
    }
}

/// A failed resolve: Java's DateTimeException, its message.
struct ResolveError {
    std::string message;
};

std::int64_t checked(Field f, std::int64_t v) {
    const Range r = range_of(f);
    if (v < r.min || v > r.max) {
        throw ResolveError{"Invalid value for " + std::string(r.name) + " (valid values " +
                           r.shown + "): " + std::to_string(v)};
    }
    return v;
}

/// LocalDate.of: the day must exist (Java's messages name the month by its enum constant).
std::int64_t local_date(std::int64_t y, std::int64_t m, std::int64_t d) {
    checked(Field::Year, y);
    checked(Field::Month, m);
    checked(Field::DayOfMonth, d);
    if (d > month_length(y, m)) {
        if (d == 29) {
            throw ResolveError{"Invalid date 'February 29' as '" + std::to_string(y) +
                               "' is not a leap year"};
        }
        std::string month(kMonthsFull[static_cast<std::size_t>(m - 1)]);
        for (char& c : month) {
            c = upper(c);
        }
        throw ResolveError{"Invalid date '" + month + " " + std::to_string(d) + "'"};
    }
    return days_from_civil(y, static_cast<unsigned>(m), static_cast<unsigned>(d));
}
/// LocalDate.ofYearDay.
std::int64_t local_date_of_year_day(std::int64_t y, std::int64_t doy) {
    checked(Field::Year, y);
    checked(Field::DayOfYear, doy);
    if (doy == 366 && !leap(y)) {
        throw ResolveError{"Invalid date 'DayOfYear 366' as '" + std::to_string(y) +
                           "' is not a leap year"};
    }
    return days_from_civil(y, 1, 1) + doy - 1;
}

/// A date's field value (LocalDate.getLong) for the cross-check.
std::int64_t date_field(std::int64_t days, Field f) {
    const Civil c = civil_from_days(days);
    switch (f) {
    case Field::Year:
        return c.year;
    case Field::YearOfEra:
        return c.year > 0 ? c.year : 1 - c.year;
    case Field::Era:
        return c.year > 0 ? 1 : 0;
    case Field::Month:
        return c.month;
    case Field::DayOfMonth:
        return c.day;
    case Field::DayOfYear:
        return days - days_from_civil(c.year, 1, 1) + 1;
    default:
        return 0;
    }
}

/// Parsed.resolve (STRICT, IsoChronology), then Spark's toLocalDate and toLocalTime defaults:
/// the epoch day and the nanosecond of the day.
std::pair<std::int64_t, std::int64_t> resolve(Context& ctx) {
    auto& f = ctx.fields;
    const auto has = [&f](Field x) { return f[static_cast<std::size_t>(x)].has_value(); };
    const auto get = [&f](Field x) { return *f[static_cast<std::size_t>(x)]; };
    const auto drop = [&f](Field x) { f[static_cast<std::size_t>(x)].reset(); };
    // updateCheckConflict: a field derived twice must have one value.
    const auto derive = [&](Field x, std::int64_t v) {
        if (has(x) && get(x) != v) {
            throw ResolveError{"Conflict found: " + std::string(range_of(x).name) + " " +
                               std::to_string(get(x)) + " differs from " +
                               std::string(range_of(x).name) + " " + std::to_string(v)};
        }
        f[static_cast<std::size_t>(x)] = v;
    };

    // --- date: IsoChronology.resolveDate
    std::optional<std::int64_t> date;
    if (has(Field::YearOfEra)) {
        const std::int64_t yoe = checked(Field::YearOfEra, get(Field::YearOfEra));
        if (has(Field::Era)) {
            const std::int64_t era = get(Field::Era);
            drop(Field::YearOfEra);
            drop(Field::Era);
            derive(Field::Year, era == 1 ? yoe : 1 - yoe);
        } else if (has(Field::Year)) {
            drop(Field::YearOfEra);
            derive(Field::Year, get(Field::Year) > 0 ? yoe : 1 - yoe);
        }
    } else if (has(Field::Era)) {
        checked(Field::Era, get(Field::Era));
    }
    if (has(Field::Year)) {
        if (has(Field::Month) && has(Field::DayOfMonth)) {
            date = local_date(get(Field::Year), get(Field::Month), get(Field::DayOfMonth));
            drop(Field::Year);
            drop(Field::Month);
            drop(Field::DayOfMonth);
        } else if (has(Field::DayOfYear)) {
            date = local_date_of_year_day(get(Field::Year), get(Field::DayOfYear));
            drop(Field::Year);
            drop(Field::DayOfYear);
        }
    }

    // --- time: Parsed.resolveTimeFields
    std::optional<std::int64_t> time; // nanosecond of the day
    const auto resolve_time = [&](std::int64_t h, std::int64_t m, std::int64_t s, std::int64_t n) {
        checked(Field::Minute, m);
        checked(Field::Nano, n);
        checked(Field::HourOfDay, h);
        checked(Field::Second, s);
        time = ((h * 60 + m) * 60 + s) * 1000000000 + n;
    };
    if (has(Field::ClockHourOfDay)) {
        const std::int64_t ch = checked(Field::ClockHourOfDay, get(Field::ClockHourOfDay));
        drop(Field::ClockHourOfDay);
        derive(Field::HourOfDay, ch == 24 ? 0 : ch);
    }
    if (has(Field::ClockHourOfAmPm)) {
        const std::int64_t ch = checked(Field::ClockHourOfAmPm, get(Field::ClockHourOfAmPm));
        drop(Field::ClockHourOfAmPm);
        derive(Field::HourOfAmPm, ch == 12 ? 0 : ch);
    }
    if (has(Field::AmPm) && has(Field::HourOfAmPm)) {
        const std::int64_t ap = checked(Field::AmPm, get(Field::AmPm));
        const std::int64_t hap = checked(Field::HourOfAmPm, get(Field::HourOfAmPm));
        drop(Field::AmPm);
        drop(Field::HourOfAmPm);
        derive(Field::HourOfDay, ap * 12 + hap);
    }
    if (has(Field::Nano)) {
        checked(Field::Nano, get(Field::Nano));
    }
    if (has(Field::HourOfDay) && has(Field::Minute) && has(Field::Second) && has(Field::Nano)) {
        resolve_time(get(Field::HourOfDay), get(Field::Minute), get(Field::Second),
                     get(Field::Nano));
        drop(Field::HourOfDay);
        drop(Field::Minute);
        drop(Field::Second);
        drop(Field::Nano);
    }

    // --- Parsed.resolveTimeLenient
    bool validate = true;
    if (!time && has(Field::HourOfDay)) {
        const bool m = has(Field::Minute);
        const bool s = has(Field::Second);
        const bool n = has(Field::Nano);
        if ((!m && (s || n)) || (m && !s && n)) {
            validate = false;
        } else {
            resolve_time(get(Field::HourOfDay), m ? get(Field::Minute) : 0,
                         s ? get(Field::Second) : 0, n ? get(Field::Nano) : 0);
            drop(Field::HourOfDay);
            drop(Field::Minute);
            drop(Field::Second);
            drop(Field::Nano);
        }
    }
    if (validate) {
        for (const Field x : {Field::AmPm, Field::HourOfAmPm, Field::HourOfDay, Field::Minute,
                              Field::Second, Field::Nano}) {
            if (has(x)) {
                checked(x, get(x));
            }
        }
    }

    // --- Parsed.crossCheck: what is left must agree with the date and the time
    if (date) {
        for (const Field x : {Field::Era, Field::Year, Field::YearOfEra, Field::Month,
                              Field::DayOfMonth, Field::DayOfYear}) {
            if (has(x)) {
                if (date_field(*date, x) != get(x)) {
                    throw ResolveError{"Conflict found: Field " + std::string(range_of(x).name) +
                                       " " + std::to_string(date_field(*date, x)) +
                                       " differs from " + std::string(range_of(x).name) + " " +
                                       std::to_string(get(x)) + " derived from " +
                                       date_to_string(static_cast<std::int32_t>(*date))};
                }
                drop(x);
            }
        }
    }
    if (time) {
        const std::int64_t hour = *time / 3600000000000;
        for (const Field x : {Field::AmPm, Field::HourOfAmPm}) {
            if (has(x)) {
                const std::int64_t v = x == Field::AmPm ? hour / 12 : hour % 12;
                if (v != get(x)) {
                    throw ResolveError{"Conflict found: Field " + std::string(range_of(x).name) +
                                       " " + std::to_string(v) + " differs from " +
                                       std::string(range_of(x).name) + " " +
                                       std::to_string(get(x))};
                }
                drop(x);
            }
        }
    }

    // --- Spark: DateTimeFormatterHelper.toLocalDate and toLocalTime
    if (!date) {
        const std::int64_t year = has(Field::Year) ? checked(Field::Year, get(Field::Year)) : 1970;
        if (has(Field::DayOfYear)) {
            date = local_date_of_year_day(year, checked(Field::DayOfYear, get(Field::DayOfYear)));
            for (const Field x : {Field::Month, Field::DayOfMonth}) {
                if (has(x) && checked(x, get(x)) != date_field(*date, x)) {
                    throw ResolveError{"Conflict found: Field " + std::string(range_of(x).name) +
                                       " " + std::to_string(get(x)) +
                                       " differs from the date derived from the day of the year"};
                }
            }
        } else {
            date = local_date(
                year, has(Field::Month) ? checked(Field::Month, get(Field::Month)) : 1,
                has(Field::DayOfMonth) ? checked(Field::DayOfMonth, get(Field::DayOfMonth)) : 1);
        }
    }
    if (!time) {
        std::int64_t hour = 0;
        if (has(Field::HourOfDay)) {
            hour = checked(Field::HourOfDay, get(Field::HourOfDay));
        } else if (has(Field::HourOfAmPm)) {
            hour = checked(Field::HourOfAmPm, get(Field::HourOfAmPm));
        } else if (has(Field::AmPm) && checked(Field::AmPm, get(Field::AmPm)) == 1) {
            hour = 12;
        }
        resolve_time(hour, has(Field::Minute) ? checked(Field::Minute, get(Field::Minute)) : 0,
                     has(Field::Second) ? checked(Field::Second, get(Field::Second)) : 0,
                     has(Field::Nano) ? checked(Field::Nano, get(Field::Nano)) : 0);
    }
    return {*date, *time};
}

} // namespace

std::optional<DateTimePattern> DateTimePattern::compile(std::string_view pattern, Use use,
                                                        std::string& why) {
    why.clear();
    const bool parsing = use == Use::Parse;
    if (parsing) {
        for (const char c : pattern) {
            if (static_cast<unsigned char>(c) >= 0x80) {
                why = "non-ASCII text in a parsing pattern (Java's case-insensitive matching "
                      "of it is not implemented)";
                return std::nullopt;
            }
        }
    }
    const std::string spark = spark_pattern(pattern, parsing, why);
    if (!why.empty()) {
        return std::nullopt;
    }
    Builder builder(parsing);
    if (parsing && spark.find('S') != std::string::npos) {
        var_length_fraction(builder, spark, why);
    } else {
        builder.append_pattern(spark, why);
    }
    if (!why.empty()) {
        return std::nullopt;
    }
    DateTimePattern out;
    out.elements_ = builder.finish();
    return out;
}

namespace {

/// The printer-parsers' text for the fields' values. An optional section prints whole: every
/// field of a timestamp in the session zone is available (CompositePrinterParser.format).
void format_elements(std::string& out, const std::vector<Element>& elements,
                     const std::array<std::int64_t, kFieldCount>& v) {
    for (const Element& e : elements) {
        const std::int64_t value = v[static_cast<std::size_t>(e.field)];
        switch (e.kind) {
        case Kind::Literal:
            out += e.text;
            break;
        case Kind::Number:
            format_number(out, e, value);
            break;
        case Kind::Fraction: {
            std::string nanos = std::to_string(value);
            nanos.insert(0, 9 - nanos.size(), '0');
            out += nanos.substr(0, static_cast<std::size_t>(e.max));
            break;
        }
        case Kind::Text: {
            const Names names = names_of(e.field, e.min);
            out += names.names[static_cast<std::size_t>(value - names.first)];
            break;
        }
        case Kind::Offset:
            out += e.text; // the session zone UTC: offset zero
            break;
        case Kind::LocalizedOffset:
            out += "GMT";
            break;
        case Kind::Optional:
            format_elements(out, e.children, v);
            break;
        }
    }
}

/// Parses the printer-parsers in turn from `pos`: the position after them, or Java's
/// `~errorPos`. An optional section that fails is skipped with what it parsed
/// (CompositePrinterParser.parse, DateTimeParseContext.endOptional(false)).
std::ptrdiff_t parse_elements(Context& ctx, const std::vector<Element>& elements, std::size_t pos) {
    const std::string_view text = ctx.text;
    for (const Element& e : elements) {
        std::ptrdiff_t next = 0;
        switch (e.kind) {
        case Kind::Literal:
            next = text.size() - pos >= e.text.size() &&
                           equals_ignore_case(text.substr(pos, e.text.size()), e.text)
                       ? static_cast<std::ptrdiff_t>(pos + e.text.size())
                       : fail(pos);
            break;
        case Kind::Number:
            next = parse_number(ctx, e, pos);
            break;
        case Kind::Fraction:
            next = parse_fraction(ctx, e, pos);
            break;
        case Kind::Text:
            next = parse_text(ctx, e, pos);
            break;
        case Kind::Offset:
            next = parse_offset(ctx, e, pos);
            break;
        case Kind::LocalizedOffset:
            next = fail(pos); // refused by compile for parsing
            break;
        case Kind::Optional: {
            const auto saved = ctx.fields;
            next = parse_elements(ctx, e.children, pos);
            if (next < 0) {
                ctx.fields = saved;
                next = static_cast<std::ptrdiff_t>(pos);
            }
            break;
        }
        }
        if (next < 0) {
            return next;
        }
        pos = static_cast<std::size_t>(next);
    }
    return static_cast<std::ptrdiff_t>(pos);
}

} // namespace

std::string DateTimePattern::format(std::int64_t micros) const {
    std::string out;
    format_elements(out, elements_, fields_of(micros));
    return out;
}

DateTimePattern::ParseResult DateTimePattern::parse(std::string_view text) const {
    ParseResult result;
    for (const char c : text) {
        if (static_cast<unsigned char>(c) >= 0x80) {
            result.status = ParseResult::Status::Unsupported;
            result.message = "text with non-ASCII characters (Java's case-insensitive matching "
                             "of them is not implemented)";
            return result;
        }
    }
    Context ctx;
    ctx.text = text;
    const std::ptrdiff_t end = parse_elements(ctx, elements_, 0);
    if (end < 0) {
        result.message =
            "Text '" + abbreviate(text) + "' could not be parsed at index " + std::to_string(~end);
        return result;
    }
    const auto pos = static_cast<std::size_t>(end);
    if (pos < text.size()) {
        result.message = "Text '" + abbreviate(text) +
                         "' could not be parsed, unparsed text found at index " +
                         std::to_string(pos);
        return result;
    }
    std::pair<std::int64_t, std::int64_t> day_and_nanos;
    try {
        day_and_nanos = resolve(ctx);
    } catch (const ResolveError& e) {
        result.message = "Text '" + abbreviate(text) + "' could not be parsed: " + e.message;
        return result;
    }
    const std::int64_t offset = ctx.at(Field::Offset).value_or(0);
    // Spark: epoch seconds times a million plus the micros, with Math's exact arithmetic.
    // Years are at most 999999999, so the seconds fit; the micros may not.
    const std::int64_t seconds =
        day_and_nanos.first * kSecondsPerDay + day_and_nanos.second / 1000000000 - offset;
    std::int64_t micros = 0;
    if (__builtin_mul_overflow(seconds, kMicrosPerSecond, &micros) ||
        __builtin_add_overflow(micros, day_and_nanos.second % 1000000000 / 1000, &micros)) {
        result.status = ParseResult::Status::Unsupported;
        result.message = "a timestamp beyond the range of microseconds (Spark raises an "
                         "ArithmeticException)";
        return result;
    }
    result.status = ParseResult::Status::Ok;
    result.micros = micros;
    return result;
}

} // namespace prune
