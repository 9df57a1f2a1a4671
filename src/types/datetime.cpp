// Spark's date and timestamp strings, session zone UTC.
//
//     string_to_date("2020-1-2 anything")            -> 18263       (`2020-01-02`)
//     string_to_date("2021-02-29")                   -> nullopt     (not a leap year)
//     string_to_timestamp("2020-01-01 10:11:12.5Z")  -> Ok, micros of 2020-01-01 10:11:12.5 UTC
//     string_to_timestamp("2020-01-01 10:00:00 UTC+2") -> Ok, 08:00:00 UTC
//     string_to_timestamp("10:11:12")                -> TimeOnly    (Spark: today's date)
//     string_to_timestamp("2020-01-01 10:00:00 Europe/Paris") -> RegionZone
//
// The scanners follow SparkDateTimeUtils.stringToDate and parseTimestampString segment by
// segment; the zone rules follow java.time.ZoneId.of with Spark's SHORT_IDS and its
// `(+|-)h:mm` / `(+|-)hh:m` rewrites (SparkDateTimeUtils.getZoneId).

#include "types/datetime.hpp"

#include <array>
#include <limits>

#include "util/ascii.hpp"

namespace prune {

namespace {

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// UTF8String.isWhitespaceOrISOControl on a byte: blanks, C0 controls and DEL.
bool is_blank_or_control(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u <= ' ' || u == 0x7f;
}

// What SparkDateTimeUtils.getTrimmedStart/End leave of the text.
std::string_view spark_trim(std::string_view s) {
    while (!s.empty() && is_blank_or_control(s.front())) {
        s.remove_prefix(1);
    }
    while (!s.empty() && is_blank_or_control(s.back())) {
        s.remove_suffix(1);
    }
    return s;
}

bool leap(std::int64_t y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

// java.time.LocalDate.of's checks (the year is always within its range here).
bool valid_date(std::int64_t y, std::int64_t m, std::int64_t d) {
    static constexpr std::array<std::int64_t, 12> kDays = {31, 28, 31, 30, 31, 30,
                                                           31, 31, 30, 31, 30, 31};
    if (m < 1 || m > 12 || d < 1) {
        return false;
    }
    const std::int64_t last = m == 2 && leap(y) ? 29 : kDays[static_cast<std::size_t>(m - 1)];
    return d <= last;
}

std::string pad(std::int64_t v, std::size_t width) {
    std::string s = std::to_string(v);
    if (s.size() < width) {
        s.insert(0, width - s.size(), '0');
    }
    return s;
}

// java.time's `uuuu` with SignStyle.EXCEEDS_PAD, as Spark's formatters print a year.
std::string year_text(std::int64_t y) {
    if (y < 0) {
        return "-" + pad(-y, 4);
    }
    return (y > 9999 ? "+" : "") + pad(y, 4);
}

// Appends a digit to a segment; past ten digits the segment is invalid anyway, so stop
// accumulating rather than overflow.
void add_digit(std::int64_t& value, int digits, char c) {
    if (digits < 10) {
        value = value * 10 + (c - '0');
    }
}

// --- zones -------------------------------------------------------------------------------

enum class ZoneKind : std::uint8_t { Offset, Region, Invalid };

struct Zone {
    ZoneKind kind;
    std::int64_t offset_seconds;
};

constexpr Zone kInvalidZone{ZoneKind::Invalid, 0};

// Two ASCII digits at `at`; -1 when not.
int two_digits(std::string_view s, std::size_t at) {
    if (at + 1 >= s.size() || !is_ascii_digit(s[at]) || !is_ascii_digit(s[at + 1])) {
        return -1;
    }
    return (s[at] - '0') * 10 + (s[at + 1] - '0');
}

// java.time.ZoneOffset.of: `Z`, `±h`, `±hh`, `±hh:mm`, `±hhmm`, `±hh:mm:ss`, `±hhmmss`, at most
// 18 hours.
Zone zone_offset(std::string_view s) {
    if (s == "Z") {
        return Zone{ZoneKind::Offset, 0};
    }
    if (s.size() < 2 || (s[0] != '+' && s[0] != '-')) {
        return kInvalidZone;
    }
    int h = 0;
    int m = 0;
    int sec = 0;
    switch (s.size()) {
    case 2:
        h = is_ascii_digit(s[1]) ? s[1] - '0' : -1;
        break;
    case 3:
        h = two_digits(s, 1);
        break;
    case 5:
        h = two_digits(s, 1);
        m = two_digits(s, 3);
        break;
    case 6:
        h = two_digits(s, 1);
        m = s[3] == ':' ? two_digits(s, 4) : -1;
        break;
    case 7:
        h = two_digits(s, 1);
        m = two_digits(s, 3);
        sec = two_digits(s, 5);
        break;
    case 9:
        h = two_digits(s, 1);
        m = s[3] == ':' ? two_digits(s, 4) : -1;
        sec = s[6] == ':' ? two_digits(s, 7) : -1;
        break;
    default:
        return kInvalidZone;
    }
    if (h < 0 || m < 0 || sec < 0 || h > 18 || m > 59 || sec > 59 ||
        (h == 18 && (m != 0 || sec != 0))) {
        return kInvalidZone;
    }
    const std::int64_t total = h * 3600 + m * 60 + sec;
    return Zone{ZoneKind::Offset, s[0] == '-' ? -total : total};
}

// java.time.ZoneRegion's id syntax `[A-Za-z][A-Za-z0-9~/._+-]+`. Whether the region exists
// needs the time-zone database, so a well-formed id is only reported as a region.
Zone zone_region(std::string_view s) {
    if (s.size() < 2 || !is_alpha(s[0])) {
        return kInvalidZone;
    }
    for (char c : s.substr(1)) {
        const bool ok = is_alpha(c) || is_ascii_digit(c) || c == '~' || c == '/' || c == '.' ||
                        c == '_' || c == '+' || c == '-';
        if (!ok) {
            return kInvalidZone;
        }
    }
    return Zone{ZoneKind::Region, 0};
}

// java.time.ZoneId.of(id, SHORT_IDS) after Spark's rewrites of `(+|-)h:` and `(+|-)hh:m$`.
Zone resolve_zone(std::string_view text) {
    std::string id(text);
    for (std::size_t k = 0; k + 2 < id.size(); ++k) {
        if ((id[k] == '+' || id[k] == '-') && is_ascii_digit(id[k + 1]) && id[k + 2] == ':') {
            id.insert(k + 1, "0");
            break;
        }
    }
    if (const std::size_t n = id.size(); n >= 5 && (id[n - 5] == '+' || id[n - 5] == '-') &&
                                         is_ascii_digit(id[n - 4]) && is_ascii_digit(id[n - 3]) &&
                                         id[n - 2] == ':' && is_ascii_digit(id[n - 1])) {
        id.insert(n - 1, "0");
    }
    // The SHORT_IDS that are fixed offsets; the others name regions.
    if (id == "EST" || id == "MST" || id == "HST") {
        return Zone{ZoneKind::Offset, (id == "EST" ? -5 : id == "MST" ? -7 : -10) * 3600};
    }
    if (id.size() <= 1 || id[0] == '+' || id[0] == '-') {
        return zone_offset(id);
    }
    const std::string_view view = id;
    const std::size_t prefix = view.starts_with("UTC") || view.starts_with("GMT") ? 3
                               : view.starts_with("UT")                           ? 2
                                                                                  : 0;
    if (prefix == 0) {
        return zone_region(view);
    }
    if (view.size() == prefix) {
        return Zone{ZoneKind::Offset, 0};
    }
    if (view[prefix] != '+' && view[prefix] != '-') {
        return zone_region(view); // `GMT0` is a region of the database
    }
    return zone_offset(view.substr(prefix));
}

// --- timestamps --------------------------------------------------------------------------

// The segments of a timestamp string. Spark: SparkDateTimeUtils.parseTimestampString.
struct TimestampFields {
    // year, month, day, hour, minute, second, microsecond
    std::array<std::int64_t, 7> segment = {1, 1, 1, 0, 0, 0, 0};
    bool just_time = false;
    std::optional<std::string_view> zone;
};

bool segment_digits_ok(std::size_t segment, int digits) {
    switch (segment) {
    case 0:
        return digits >= 4 && digits <= 6;
    case 6: // fraction: any number of digits, past six truncated
        return true;
    case 7: // after a zone
        return digits <= 2;
    default:
        return digits >= 1 && digits <= 2;
    }
}

std::optional<TimestampFields> split_timestamp(std::string_view text) {
    const std::string_view s = spark_trim(text);
    if (s.empty()) {
        return std::nullopt;
    }
    // Spark takes `T` for a time alone only as the very first byte of the untrimmed text.
    const bool starts_untrimmed = s.data() == text.data();
    TimestampFields f;
    std::size_t i = 0;
    std::int64_t value = 0;
    int digits = 0;
    int fraction_digits = 0;
    int year_sign = 0;
    std::size_t j = 0;
    if (s[0] == '-' || s[0] == '+') {
        year_sign = s[0] == '-' ? -1 : 1;
        ++j;
    }
    // Ends the current segment and moves to `next`.
    auto close = [&](std::size_t next) {
        if (!segment_digits_ok(i, digits)) {
            return false;
        }
        f.segment[i] = value;
        value = 0;
        digits = 0;
        i = next;
        return true;
    };
    for (; j < s.size(); ++j) {
        const char b = s[j];
        if (is_ascii_digit(b)) {
            if (i == 6) {
                ++fraction_digits;
            }
            if (i != 6 || digits < 6) {
                add_digit(value, digits, b);
            }
            ++digits;
            continue;
        }
        bool ok = false;
        if (j == 0 && starts_untrimmed && b == 'T') {
            f.just_time = true;
            i += 3;
            ok = true;
        } else if (i < 2) {
            if (b == '-') {
                ok = close(i + 1);
            } else if (i == 0 && b == ':' && year_sign == 0) {
                f.just_time = true;
                i = 3;
                ok = close(4);
            }
        } else if (i == 2) {
            ok = (b == ' ' || b == 'T') && close(3);
        } else if (i == 3 || i == 4) {
            ok = b == ':' && close(i + 1);
        } else if (i == 5 && b == '.') {
            ok = close(6);
        } else if (i == 5 || i == 6) {
            // Anything else after the seconds or the fraction starts the zone.
            ok = close(7);
            f.zone = java_trim(s.substr(j));
            j = s.size();
        }
        if (!ok) {
            return std::nullopt;
        }
    }
    if (!segment_digits_ok(i, digits)) {
        return std::nullopt;
    }
    if (i < f.segment.size()) {
        f.segment[i] = value;
    }
    for (; fraction_digits < 6; ++fraction_digits) {
        f.segment[6] *= 10;
    }
    if (year_sign != 0) {
        f.segment[0] *= year_sign;
    }
    return f;
}

// Microseconds since the epoch of a local date-time at a fixed offset; nullopt past the
// range of a long (Spark: Math.multiplyExact/addExact in instantToMicros).
std::optional<std::int64_t> to_micros(const TimestampFields& f, std::int64_t offset_seconds) {
    const auto& g = f.segment;
    std::int64_t seconds =
        days_from_civil(g[0], static_cast<unsigned>(g[1]), static_cast<unsigned>(g[2])) *
            kSecondsPerDay +
        g[3] * 3600 + g[4] * 60 + g[5] - offset_seconds;
    std::int64_t fraction = g[6];
    if (seconds < 0 && fraction > 0) {
        ++seconds;
        fraction -= kMicrosPerSecond;
    }
    std::int64_t micros = 0;
    if (__builtin_mul_overflow(seconds, kMicrosPerSecond, &micros) ||
        __builtin_add_overflow(micros, fraction, &micros)) {
        return std::nullopt;
    }
    return micros;
}

enum class ZoneUse : std::uint8_t { Apply, Ignore };

// Spark's stringToTimestamp (Apply) and stringToTimestampWithoutTimeZone (Ignore), in the
// order Spark checks: the zone, the time of day, a time alone, the date, the range.
DateTimeStatus parse_timestamp(std::string_view text, ZoneUse use, std::int64_t& micros) {
    const std::optional<TimestampFields> f = split_timestamp(text);
    if (!f) {
        return DateTimeStatus::Invalid;
    }
    Zone zone{ZoneKind::Offset, 0};
    if (f->zone) {
        zone = resolve_zone(*f->zone);
        if (zone.kind == ZoneKind::Invalid) {
            return DateTimeStatus::Invalid;
        }
    }
    const auto& g = f->segment;
    if (use == ZoneUse::Ignore && f->just_time) {
        return DateTimeStatus::Invalid;
    }
    if (g[3] > 23 || g[4] > 59 || g[5] > 59) {
        return DateTimeStatus::Invalid;
    }
    if (f->just_time) {
        return DateTimeStatus::TimeOnly;
    }
    if (!valid_date(g[0], g[1], g[2])) {
        return DateTimeStatus::Invalid;
    }
    if (zone.kind == ZoneKind::Region) {
        return DateTimeStatus::RegionZone;
    }
    const std::optional<std::int64_t> result =
        to_micros(*f, use == ZoneUse::Apply ? zone.offset_seconds : 0);
    if (!result) {
        return DateTimeStatus::Invalid;
    }
    micros = *result;
    return DateTimeStatus::Ok;
}

// Spark's special values of typed literals (DateTimeUtils.extractSpecialValue): a word of
// letters, blanks, an optional zone. nullopt when the text is not one; Ok for `epoch`.
std::optional<DateTimeStatus> special_value(std::string_view text) {
    const std::string_view s = java_trim(text);
    if (s.size() < 3 || !is_alpha(s[0])) {
        return std::nullopt;
    }
    std::size_t k = 0;
    std::string word;
    for (; k < s.size() && is_alpha(s[k]); ++k) {
        word += static_cast<char>(s[k] >= 'A' && s[k] <= 'Z' ? s[k] - 'A' + 'a' : s[k]);
    }
    while (k < s.size() && (s[k] == ' ' || s[k] == '\t')) {
        ++k;
    }
    const std::string_view zone = s.substr(k);
    if (zone.find_first_of("\n\r") != std::string_view::npos) {
        return std::nullopt; // the regex's `.*` stops at a line break
    }
    if (word != "epoch" && word != "now" && word != "today" && word != "tomorrow" &&
        word != "yesterday") {
        return std::nullopt;
    }
    if (!zone.empty()) {
        if (word == "now") {
            return std::nullopt;
        }
        const ZoneKind kind = resolve_zone(zone).kind;
        if (kind == ZoneKind::Invalid) {
            return std::nullopt;
        }
        if (kind == ZoneKind::Region) {
            return DateTimeStatus::RegionZone;
        }
    }
    return word == "epoch" ? DateTimeStatus::Ok : DateTimeStatus::CurrentTime;
}

} // namespace

std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
    // Howard Hinnant's days_from_civil.
    y -= m <= 2 ? 1 : 0;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

std::string date_to_string(std::int32_t days) {
    const Civil c = civil_from_days(days);
    return year_text(c.year) + "-" + pad(c.month, 2) + "-" + pad(c.day, 2);
}

std::string timestamp_to_string(std::int64_t micros) {
    std::int64_t days = micros / kMicrosPerDay;
    std::int64_t rest = micros % kMicrosPerDay;
    if (rest < 0) {
        rest += kMicrosPerDay;
        --days;
    }
    const std::int64_t seconds = rest / kMicrosPerSecond;
    const std::int64_t fraction = rest % kMicrosPerSecond;
    std::string out = date_to_string(static_cast<std::int32_t>(days)) + " " +
                      pad(seconds / 3600, 2) + ":" + pad(seconds / 60 % 60, 2) + ":" +
                      pad(seconds % 60, 2);
    if (fraction != 0) {
        std::string f = pad(fraction, 6);
        while (f.back() == '0') {
            f.pop_back();
        }
        out += "." + f;
    }
    return out;
}

std::optional<std::int32_t> string_to_date(std::string_view text) {
    const std::string_view s = spark_trim(text);
    if (s.empty()) {
        return std::nullopt;
    }
    // A year of 4 to 7 digits (an int holds about five million years), then one or two.
    auto digits_ok = [](std::size_t segment, int n) {
        return segment == 0 ? n >= 4 && n <= 7 : n >= 1 && n <= 2;
    };
    std::array<std::int64_t, 3> segment = {1, 1, 1};
    std::size_t i = 0;
    std::int64_t value = 0;
    int digits = 0;
    std::int64_t sign = 1;
    std::size_t j = 0;
    if (s[0] == '-' || s[0] == '+') {
        sign = s[0] == '-' ? -1 : 1;
        ++j;
    }
    // Everything from the first space or `T` on is ignored.
    for (; j < s.size() && s[j] != ' ' && s[j] != 'T'; ++j) {
        if (i < 2 && s[j] == '-') {
            if (!digits_ok(i, digits)) {
                return std::nullopt;
            }
            segment[i++] = value;
            value = 0;
            digits = 0;
        } else if (is_ascii_digit(s[j])) {
            add_digit(value, digits, s[j]);
            ++digits;
        } else {
            return std::nullopt;
        }
    }
    // `yyyy` and `yyyy-[m]m` must take the whole text.
    if (!digits_ok(i, digits) || (i < 2 && j < s.size())) {
        return std::nullopt;
    }
    segment[i] = value;
    const std::int64_t y = sign * segment[0];
    if (!valid_date(y, segment[1], segment[2])) {
        return std::nullopt;
    }
    const std::int64_t days =
        days_from_civil(y, static_cast<unsigned>(segment[1]), static_cast<unsigned>(segment[2]));
    if (days < std::numeric_limits<std::int32_t>::min() ||
        days > std::numeric_limits<std::int32_t>::max()) {
        return std::nullopt;
    }
    return static_cast<std::int32_t>(days);
}

DateTimeStatus string_to_timestamp(std::string_view text, std::int64_t& micros) {
    return parse_timestamp(text, ZoneUse::Apply, micros);
}

DateTimeStatus string_to_timestamp_ntz(std::string_view text, std::int64_t& micros) {
    return parse_timestamp(text, ZoneUse::Ignore, micros);
}

DateTimeStatus typed_datetime_literal(AtomicKind kind, std::string_view text,
                                      std::string& spark_text) {
    if (const std::optional<DateTimeStatus> special = special_value(text)) {
        if (*special == DateTimeStatus::Ok) { // `epoch`: 1970-01-01 (00:00:00 UTC)
            spark_text = kind == AtomicKind::Date ? date_to_string(0) : timestamp_to_string(0);
        }
        return *special;
    }
    if (kind == AtomicKind::Date) {
        const std::optional<std::int32_t> days = string_to_date(text);
        if (!days) {
            return DateTimeStatus::Invalid;
        }
        spark_text = date_to_string(*days);
        return DateTimeStatus::Ok;
    }
    std::int64_t micros = 0;
    const DateTimeStatus status = kind == AtomicKind::TimestampNtz
                                      ? string_to_timestamp_ntz(text, micros)
                                      : string_to_timestamp(text, micros);
    if (status == DateTimeStatus::Ok) {
        spark_text = timestamp_to_string(micros);
    }
    return status;
}

Civil civil_from_days(std::int64_t z) {
    // Howard Hinnant's civil_from_days.
    z += 719468;
    const std::int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    const auto doe = static_cast<unsigned>(z - era * 146097);
    const unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    const std::int64_t y = static_cast<std::int64_t>(yoe) + era * 400;
    const unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    const unsigned mp = (5 * doy + 2) / 153;
    const unsigned d = doy - (153 * mp + 2) / 5 + 1;
    const unsigned m = mp < 10 ? mp + 3 : mp - 9;
    return Civil{y + (m <= 2 ? 1 : 0), m, d};
}

} // namespace prune
