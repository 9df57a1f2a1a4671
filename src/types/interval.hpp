#pragma once
/// Spark's ANSI intervals as values: an INTERVAL YEAR TO MONTH is a number of months (an int),
/// an INTERVAL DAY TO SECOND a number of microseconds (a long), each with its type's start and
/// end fields (AtomicType::start_field, end_field: YEAR 0, MONTH 1; DAY 0, HOUR 1, MINUTE 2,
/// SECOND 3). One printer and one parser for literals (sql/parser), casts and rows (evaluator).
///
///     months 14,       YEAR TO MONTH   <->  INTERVAL '1-2' YEAR TO MONTH
///     micros 93784e6,  DAY TO SECOND   <->  INTERVAL '1 02:03:04' DAY TO SECOND
///     micros 1.5e6,    SECOND          <->  INTERVAL '01.5' SECOND

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "types/datetime.hpp" // kMicrosPerDay, ...

namespace prune {

/// The field names of a year-month ("YEAR", "MONTH") and a day-time interval ("DAY", "HOUR",
/// "MINUTE", "SECOND") by field number.
std::string_view year_month_field_name(int field);
std::string_view day_time_field_name(int field);

/// The quoted part of the interval's literal: `-1-2` for INTERVAL '-1-2' YEAR TO MONTH.
std::string year_month_interval_body(std::int32_t months, int start, int end);
/// The interval as Spark's Literal.sql and CAST(... AS STRING) print it (IntervalUtils'
/// ANSI_STYLE): `INTERVAL '-1-2' YEAR TO MONTH`, `INTERVAL '14' MONTH`.
std::string year_month_interval_string(std::int32_t months, int start, int end);
/// `INTERVAL '1 02:03:04.5' DAY TO SECOND`, `INTERVAL '02' HOUR`, `INTERVAL '00.1' SECOND`:
/// the first field unpadded (days) or two digits at least, seconds with their fraction's
/// trailing zeros dropped.
std::string day_time_interval_string(std::int64_t micros, int start, int end);
/// The quoted part of the interval's literal: `1 02:03:04.5` for INTERVAL '1 02:03:04.5' DAY
/// TO SECOND.
std::string day_time_interval_body(std::int64_t micros, int start, int end);

/// A string cast to the year-month interval type from `start` to `end` (Spark:
/// IntervalUtils.castStringToYMInterval): the type's own form, `[+|-]y-m`, `[+|-]y` or
/// `[+|-]m`, or that form as a literal, `INTERVAL [+|-]'[+|-]y-m' YEAR TO MONTH`, surrounding
/// blanks ignored. Nullopt when it is neither, or out of range.
std::optional<std::int32_t> string_to_year_month_interval(std::string_view text, int start,
                                                          int end);
/// The same for a day-time interval (IntervalUtils.castStringToDTInterval): `[+|-]d h:m:s.n`
/// for DAY TO SECOND, `[+|-]h:m` for HOUR TO MINUTE, one number for a single field, and so on;
/// hours below 24 and minutes below 60 after a larger field, fractions for seconds only.
/// A single field's value is multiplied as Java's longs do, wrapping past 2^63 as Spark does.
std::optional<std::int64_t> string_to_day_time_interval(std::string_view text, int start, int end);

/// The value whose literal's quoted part day_time_interval_body printed: the cast's reading,
/// but for a SECOND interval between -1 and 0 seconds, which the cast reads as positive.
std::optional<std::int64_t> day_time_interval_of_body(std::string_view body, int start, int end);

/// A CALENDAR INTERVAL: months, days and microseconds, kept apart (Spark: CalendarInterval).
struct CalendarInterval {
    std::int32_t months = 0;
    std::int32_t days = 0;
    std::int64_t micros = 0;
};

/// A CALENDAR INTERVAL written as text, as Spark's IntervalUtils.stringToInterval reads it:
/// `[interval] [+|-]n unit [[+|-]n unit ...]`, any case, the units year, month, week, day,
/// hour, minute, second, millisecond and microsecond, each optionally plural; only seconds take
/// a fraction (up to nine digits, kept to the microsecond). On failure, nullopt and `error`
/// says why, as Spark's message does.
std::optional<CalendarInterval> string_to_calendar_interval(std::string_view text,
                                                            std::string& error);

/// The interval as Spark's CalendarInterval.toString prints it (Literal's plan form):
/// `1 years 2 months 3 days 4 hours 5 minutes 6.5 seconds`, zero units left out, `0 seconds`
/// for none.
std::string calendar_interval_string(const CalendarInterval& interval);

} // namespace prune
