#pragma once
/// Spark's datetime patterns (Spark 3 and later, `spark.sql.legacy.timeParserPolicy` CORRECTED,
/// Spark 4's default): the letters of java.time's DateTimeFormatter as Spark builds its
/// formatters (DateTimeFormatterHelper: `y` read as the proleptic year `u` unless the pattern
/// has an era `G`, case-insensitive parsing, STRICT resolving, the seconds' fraction of a
/// parsing pattern read with one to as many digits as it has `S`), for the session time zone
/// UTC and the locale en-US.
///
///     compile("yyyy-MM-dd HH:mm:ss", Format).format(micros of 2024-03-15 10:20:30Z)
///                                           -> `2024-03-15 10:20:30`
///     compile("dd/MM/yy", Parse).parse("15/03/24")  -> micros of 2024-03-15 00:00:00Z
///     compile("yyyy-MM-dd", Parse).parse("2024-3-15") -> Invalid (`MM` is two digits)
///     compile("YYYY", Format)                       -> nullopt: Spark rejects week-based letters
///
/// Spark: DateTimeFormatterHelper, Iso8601TimestampFormatter; java.time.format's
/// DateTimeFormatterBuilder.appendPattern and Parsed.resolve.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace prune {

class DateTimePattern {
  public:
    /// Spark builds different formatters to format (date_format, from_unixtime) and to parse
    /// (to_timestamp, to_date, unix_timestamp, ...): some letters are refused for parsing only.
    enum class Use : std::uint8_t { Format, Parse };

    /// The pattern compiled for `use`; nullopt when it is refused, `why` then saying why: Spark
    /// rejects it (week-based letters, `A B n N p`, too many letters, ...) or its meaning is not
    /// implemented here (zone names, `F`, ...).
    static std::optional<DateTimePattern> compile(std::string_view pattern, Use use,
                                                  std::string& why);

    /// The timestamp (microseconds since the epoch) formatted in the UTC session zone.
    std::string format(std::int64_t micros) const;

    struct ParseResult {
        enum class Status : std::uint8_t {
            Ok,
            /// Spark's parse fails (DateTimeParseException): `message` is Java's message.
            Invalid,
            /// Text whose parse is not modelled (non-ASCII text, a result beyond the range of
            /// microseconds): `message` says why.
            Unsupported,
        };
        Status status = Status::Invalid;
        std::int64_t micros = 0;
        std::string message;
    };
    /// The text parsed by the whole pattern, without a zone in the UTC session zone.
    ParseResult parse(std::string_view text) const;

    /// One printer-parser of the formatter (Java's DateTimeFormatterBuilder has one per
    /// letter run, literal or fraction).
    enum class Field : std::uint8_t {
        Era,
        Year,
        YearOfEra,
        Month,
        DayOfMonth,
        DayOfYear,
        Quarter,
        DayOfWeek,
        AmPm,
        HourOfDay,
        ClockHourOfDay,
        HourOfAmPm,
        ClockHourOfAmPm,
        Minute,
        Second,
        Nano,
        Offset,
    };
    enum class Kind : std::uint8_t {
        Literal,
        Number,
        Fraction,
        Text,
        Offset,
        LocalizedOffset,
        Optional, // `[...]`: its children, skipped whole when they do not parse
    };
    enum class Sign : std::uint8_t { Normal, NotNegative, ExceedsPad };
    struct Element {
        Kind kind = Kind::Literal;
        Field field = Field::Era;
        std::string text; // a literal; an offset's text for a zero offset
        int min = 0;      // digits (Number, Fraction); Text: 0 short, 1 full
        int max = 0;
        Sign sign = Sign::NotNegative;
        /// Java's adjacent value parsing: the digits the fixed-width values that follow
        /// reserve (-1 for a value made fixed-width).
        int subsequent = 0;
        bool reduced = false;          // `yy`: two digits of a year from 2000 to 2099
        int offset = 0;                // Offset: Java's pattern index (1 `+HHmm` ... 6 `+HH:MM:ss`)
        std::vector<Element> children; // Optional
    };

  private:
    DateTimePattern() = default;
    std::vector<Element> elements_;
};

} // namespace prune
