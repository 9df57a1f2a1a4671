// ANSI interval values against Spark's IntervalUtils: the ANSI_STYLE strings and the casts
// from strings.

#include <catch2/catch.hpp>

#include <limits>

#include "types/interval.hpp"

using namespace prune;

namespace {

constexpr int kYear = 0;
constexpr int kMonth = 1;
constexpr int kDay = 0;
constexpr int kHour = 1;
constexpr int kMinute = 2;
constexpr int kSecond = 3;
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

} // namespace

TEST_CASE("year-month intervals print as Spark's literals", "[types]") {
    CHECK(year_month_interval_string(14, kYear, kMonth) == "INTERVAL '1-2' YEAR TO MONTH");
    CHECK(year_month_interval_string(-14, kYear, kMonth) == "INTERVAL '-1-2' YEAR TO MONTH");
    CHECK(year_month_interval_string(-14, kMonth, kMonth) == "INTERVAL '-14' MONTH");
    CHECK(year_month_interval_string(-14, kYear, kYear) == "INTERVAL '-1' YEAR");
    CHECK(year_month_interval_string(0, kYear, kMonth) == "INTERVAL '0-0' YEAR TO MONTH");
    CHECK(year_month_interval_string(std::numeric_limits<std::int32_t>::min(), kYear, kMonth) ==
          "INTERVAL '-178956970-8' YEAR TO MONTH");
}

TEST_CASE("day-time intervals print as Spark's literals", "[types]") {
    const std::int64_t v = 93784500000; // 1 day 2:03:04.5
    CHECK(day_time_interval_string(v, kDay, kSecond) == "INTERVAL '1 02:03:04.5' DAY TO SECOND");
    CHECK(day_time_interval_string(-v, kDay, kSecond) == "INTERVAL '-1 02:03:04.5' DAY TO SECOND");
    CHECK(day_time_interval_string(v, kHour, kSecond) == "INTERVAL '26:03:04.5' HOUR TO SECOND");
    CHECK(day_time_interval_string(v, kMinute, kSecond) == "INTERVAL '1563:04.5' MINUTE TO SECOND");
    CHECK(day_time_interval_string(v, kDay, kMinute) == "INTERVAL '1 02:03' DAY TO MINUTE");
    CHECK(day_time_interval_string(v, kHour, kHour) == "INTERVAL '26' HOUR");
    CHECK(day_time_interval_string(7200000000, kHour, kHour) == "INTERVAL '02' HOUR");
    CHECK(day_time_interval_string(1500000, kSecond, kSecond) == "INTERVAL '01.5' SECOND");
    CHECK(day_time_interval_string(100000, kSecond, kSecond) == "INTERVAL '00.1' SECOND");
    CHECK(day_time_interval_string(0, kDay, kDay) == "INTERVAL '0' DAY");
    CHECK(day_time_interval_string(0, kSecond, kSecond) == "INTERVAL '00' SECOND");
    CHECK(day_time_interval_string(-79200000000, kDay, kHour) == "INTERVAL '-0 22' DAY TO HOUR");
    // The least long, whose magnitude is no long.
    CHECK(day_time_interval_string(kMin, kDay, kSecond) ==
          "INTERVAL '-106751991 04:00:54.775808' DAY TO SECOND");
    CHECK(day_time_interval_string(kMin, kHour, kMinute) ==
          "INTERVAL '-2562047788:00' HOUR TO MINUTE");
    CHECK(day_time_interval_string(kMin, kMinute, kSecond) ==
          "INTERVAL '-153722867280:54.775808' MINUTE TO SECOND");
    CHECK(day_time_interval_string(kMin, kSecond, kSecond) ==
          "INTERVAL '-9223372036854.775808' SECOND");
    CHECK(day_time_interval_string(kMin, kDay, kDay) == "INTERVAL '-106751991' DAY");
}

TEST_CASE("strings cast to year-month intervals", "[types]") {
    CHECK(string_to_year_month_interval("1-2", kYear, kMonth) == 14);
    CHECK(string_to_year_month_interval(" -1-2 ", kYear, kMonth) == -14);
    CHECK(string_to_year_month_interval("INTERVAL '1-2' YEAR TO MONTH", kYear, kMonth) == 14);
    CHECK(string_to_year_month_interval("interval -'-1-2'  year to month", kYear, kMonth) == 14);
    CHECK(string_to_year_month_interval("5", kYear, kYear) == 60);
    CHECK(string_to_year_month_interval("-5", kMonth, kMonth) == -5);
    CHECK(string_to_year_month_interval("INTERVAL '5' MONTH", kMonth, kMonth) == 5);
    CHECK_FALSE(string_to_year_month_interval("1-12", kYear, kMonth)); // month past 11
    CHECK_FALSE(string_to_year_month_interval("5", kYear, kMonth));    // not the type's form
    CHECK_FALSE(string_to_year_month_interval("INTERVAL '5' MONTH", kYear, kYear));
    CHECK_FALSE(string_to_year_month_interval("178956971-0", kYear, kMonth)); // past an int
    CHECK_FALSE(string_to_year_month_interval("2147483648", kMonth, kMonth));
    CHECK_FALSE(string_to_year_month_interval("1 - 2", kYear, kMonth));
}

TEST_CASE("strings cast to day-time intervals", "[types]") {
    const std::int64_t v = 93784500000;
    CHECK(string_to_day_time_interval("1 02:03:04.5", kDay, kSecond) == v);
    CHECK(string_to_day_time_interval("INTERVAL '1 02:03:04.5' DAY TO SECOND", kDay, kSecond) == v);
    CHECK(string_to_day_time_interval("interval -'1 02:03:04.5' day to second", kDay, kSecond) ==
          -v);
    CHECK(string_to_day_time_interval("-1 02", kDay, kHour) == -93600000000);
    CHECK(string_to_day_time_interval("10:30", kHour, kMinute) == 37800000000);
    CHECK(string_to_day_time_interval("100", kHour, kHour) == 360000000000);
    CHECK(string_to_day_time_interval("  5 ", kDay, kDay) == 5 * kMicrosPerDay);
    CHECK(string_to_day_time_interval("1.5", kSecond, kSecond) == 1500000);
    CHECK(string_to_day_time_interval("-1.5", kSecond, kSecond) == -1500000);
    // Spark's parseSecondNano takes the fraction's sign from the seconds: -0.5 is +0.5.
    CHECK(string_to_day_time_interval("-0.5", kSecond, kSecond) == 500000);
    // Seconds after minutes are two digits, unchecked against 59.
    CHECK(string_to_day_time_interval("1 02:03:75", kDay, kSecond) ==
          kMicrosPerDay + 2 * kMicrosPerHour + 3 * kMicrosPerMinute + 75 * kMicrosPerSecond);
    CHECK(string_to_day_time_interval("0.123456789", kSecond, kSecond) == 123456);
    CHECK_FALSE(string_to_day_time_interval("1 24", kDay, kHour));      // hour past 23
    CHECK_FALSE(string_to_day_time_interval("1 02", kDay, kSecond));    // not the type's form
    CHECK_FALSE(string_to_day_time_interval("1.5", kDay, kDay));        // a fraction of days
    CHECK_FALSE(string_to_day_time_interval("1234567890", kDay, kDay)); // ten digits of days
    CHECK_FALSE(string_to_day_time_interval("1  02", kDay, kHour));     // one space only
    CHECK_FALSE(string_to_day_time_interval("0.1234567891", kSecond, kSecond));
    CHECK_FALSE(string_to_day_time_interval("INTERVAL '5' HOUR", kDay, kDay));
    CHECK_FALSE(string_to_day_time_interval("", kDay, kDay));
}

TEST_CASE("printed intervals read back", "[types]") {
    for (const std::int64_t micros :
         {std::int64_t{0}, std::int64_t{1}, std::int64_t{93784500000}, std::int64_t{-93784500000},
          kMin, std::numeric_limits<std::int64_t>::max(), std::int64_t{-1500000}}) {
        for (int start = kDay; start <= kSecond; ++start) {
            // The fields below `end` hold whole units of it, as a value of the type does.
            const int end = kSecond;
            CAPTURE(micros, start);
            CHECK(string_to_day_time_interval(day_time_interval_string(micros, start, end), start,
                                              end) == micros);
        }
    }
    for (const std::int32_t months : {0, 14, -14, std::numeric_limits<std::int32_t>::max(),
                                      std::numeric_limits<std::int32_t>::min()}) {
        CHECK(string_to_year_month_interval(year_month_interval_string(months, kYear, kMonth),
                                            kYear, kMonth) == months);
        CHECK(string_to_year_month_interval(year_month_interval_string(months, kMonth, kMonth),
                                            kMonth, kMonth) == months);
    }
}

TEST_CASE("a literal's quoted part reads back to its value", "[types]") {
    for (const std::int64_t micros : {std::int64_t{-500000}, std::int64_t{-1500000},
                                      std::int64_t{500000}, std::int64_t{0}, kMin}) {
        for (int start = kDay; start <= kSecond; ++start) {
            CAPTURE(micros, start);
            CHECK(day_time_interval_of_body(day_time_interval_body(micros, start, kSecond), start,
                                            kSecond) == micros);
        }
    }
}

TEST_CASE("CALENDAR INTERVAL strings are read as Spark's stringToInterval reads them", "[types]") {
    const auto read = [](std::string_view text) -> std::string {
        std::string error;
        const std::optional<CalendarInterval> v = string_to_calendar_interval(text, error);
        return v ? std::to_string(v->months) + "/" + std::to_string(v->days) + "/" +
                       std::to_string(v->micros)
                 : "error: " + error;
    };
    CHECK(read("5 minutes") == "0/0/300000000");
    CHECK(read("  INTERVAL 1 Hour 30 minutes ") == "0/0/5400000000");
    CHECK(read("interval 2 weeks -1 day") == "0/13/0");
    CHECK(read("1 year 2 months") == "14/0/0");
    CHECK(read("1.5 seconds 7 milliseconds 3 microseconds") == "0/0/1507003");
    CHECK(read("-0.000001999 second") == "0/0/-1");
    CHECK(read("+3 days") == "0/3/0");
    CHECK(read("1.5 minutes") == "error: 'minutes' cannot have fractional part");
    CHECK(read("5 fortnights") == "error: invalid unit 'fortnights'");
    CHECK(read("5") == "error: invalid unit ''");
    CHECK(read("minutes") == "error: unrecognized number 'minutes'");
    CHECK(read("interval") == "error: interval string cannot be empty");
    CHECK(read("") == "error: interval string cannot be empty");
    CHECK(read("intervals 5 days") == "error: invalid interval prefix 'intervals'");
    CHECK(read("5x minutes") == "error: invalid value '5x'");
    CHECK(read("1.1234567891 seconds") == "error: interval can only support nanosecond precision");
    CHECK(read("9223372036854775807 hours") == "error: integer overflow in the interval's hours");
}

TEST_CASE("CALENDAR INTERVAL values print as Spark's CalendarInterval.toString", "[types]") {
    CHECK(calendar_interval_string({}) == "0 seconds");
    CHECK(calendar_interval_string({0, 0, 300000000}) == "5 minutes");
    CHECK(calendar_interval_string({14, 3, 3600000000 + 6500000}) ==
          "1 years 2 months 3 days 1 hours 6.5 seconds");
    CHECK(calendar_interval_string({-1, 0, -1}) == "-1 months -0.000001 seconds");
}
