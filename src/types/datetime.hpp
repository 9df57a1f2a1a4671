#pragma once
/// Spark's date and timestamp strings: one parser and one formatter for typed literals
/// (analyzer), casts and rows (evaluator). The session time zone is taken to be UTC.
///
///     DATE '2020-1-2'                    -> days 18263        -> `2020-01-02`
///     TIMESTAMP '2020-01-01T10:00+02:00' -> invalid (a zone may follow the seconds only)
///     TIMESTAMP '2020-01-01 10:00:00+02' -> micros of 08:00Z  -> `2020-01-01 08:00:00`
///     TIMESTAMP_NTZ '2020-01-01 10:00:00.50 UTC' (zone dropped) -> `2020-01-01 10:00:00.5`

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "types/data_type.hpp"

namespace prune {

inline constexpr std::int64_t kMicrosPerSecond = 1000000;
inline constexpr std::int64_t kMicrosPerMinute = 60 * kMicrosPerSecond;
inline constexpr std::int64_t kMicrosPerHour = 60 * kMicrosPerMinute;
inline constexpr std::int64_t kSecondsPerDay = 86400;
inline constexpr std::int64_t kMicrosPerDay = kSecondsPerDay * kMicrosPerSecond;

/// Integer division rounding towards negative infinity (Java's Math.floorDiv), and its
/// remainder, of the divisor's sign (Math.floorMod).
constexpr std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    const std::int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}
constexpr std::int64_t floor_mod(std::int64_t a, std::int64_t b) { return a - floor_div(a, b) * b; }

/// What became of a date or timestamp string.
enum class DateTimeStatus : std::uint8_t {
    Ok,
    /// Spark rejects it: its parser returns None.
    Invalid,
    /// A time of day without a date (`10:11:12`, `T10:11`), which Spark puts on the current
    /// date: the result would depend on the day prune-plan runs.
    TimeOnly,
    /// A typed literal's special value `now`, `today`, `tomorrow` or `yesterday`: reads the clock.
    CurrentTime,
    /// A region-based zone id (`Europe/Paris`, `PST`): needs a time-zone database, which
    /// prune-plan does not have (only fixed offsets are supported).
    RegionZone,
};

/// Days since 1970-01-01 of a proleptic Gregorian date (no range checks).
std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d);

/// A proleptic Gregorian date by its parts.
struct Civil {
    std::int64_t year;
    unsigned month; // 1 to 12
    unsigned day;   // 1 to 31
};
/// The date `days` after 1970-01-01 (before it, when negative).
Civil civil_from_days(std::int64_t days);

/// A date as Spark prints it: `yyyy-MM-dd`, `+` before a year of more than four digits,
/// `-0001` for year -1. Spark: DateFormatter (Literal.toString, CAST(d AS STRING)).
std::string date_to_string(std::int32_t days);
/// A timestamp as Spark prints it in the UTC session zone: `yyyy-MM-dd HH:mm:ss[.f]` with the
/// fraction's trailing zeros dropped and the year as in date_to_string.
/// Spark: TimestampFormatter.getFractionFormatter.
std::string timestamp_to_string(std::int64_t micros);

/// Parses `[+-]yyyy*[-[m]m[-[d]d[( |T)*]]]` (year of 4 to 7 digits, surrounding blanks and
/// control characters ignored); nullopt when Spark rejects it.
/// Spark: SparkDateTimeUtils.stringToDate.
std::optional<std::int32_t> string_to_date(std::string_view text);
/// Parses `[+-]yyyy*[-[m]m[-[d]d[( |T)[h]h[:[m]m[:[s]s[.f*]][zone]]]]]` (year of 4 to 6
/// digits, fraction digits past six truncated) or a time alone, into microseconds since the
/// epoch; without a zone the text is read in the UTC session zone.
/// Spark: SparkDateTimeUtils.stringToTimestamp(s, UTC).
DateTimeStatus string_to_timestamp(std::string_view text, std::int64_t& micros);
/// As string_to_timestamp, but a zone is checked and then ignored and a time alone is Invalid.
/// Spark: stringToTimestampWithoutTimeZone(s, allowTimeZone = true).
DateTimeStatus string_to_timestamp_ntz(std::string_view text, std::int64_t& micros);

/// A typed literal `DATE '…'`, `TIMESTAMP '…'` (`kind` Timestamp) or `TIMESTAMP_NTZ '…'`:
/// the special value `epoch` (with an optional zone), else the parsers above. On Ok,
/// `spark_text` is the literal as Spark prints it. Spark: AstBuilder.visitTypeConstructor with
/// `convertSpecialDate`/`convertSpecialTimestamp(NTZ)` and the session zone UTC.
DateTimeStatus typed_datetime_literal(AtomicKind kind, std::string_view text,
                                      std::string& spark_text);

} // namespace prune
