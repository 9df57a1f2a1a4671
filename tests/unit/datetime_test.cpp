#include <catch2/catch.hpp>

#include <limits>

#include "types/datetime.hpp"

using namespace prune;

namespace {

// The literal as Spark prints it, or the reason there is none.
std::string literal(AtomicKind kind, const std::string& text) {
    std::string out;
    switch (typed_datetime_literal(kind, text, out)) {
    case DateTimeStatus::Ok:
        return out;
    case DateTimeStatus::Invalid:
        return "invalid";
    case DateTimeStatus::TimeOnly:
        return "time only";
    case DateTimeStatus::CurrentTime:
        return "current time";
    case DateTimeStatus::RegionZone:
        return "region zone";
    }
    return "?";
}

} // namespace

TEST_CASE("DATE literals: the shapes Spark's stringToDate accepts", "[types]") {
    auto [text, expected] = GENERATE(table<std::string, std::string>({
        {"2020-01-02", "2020-01-02"},
        {"2020-1-2", "2020-01-02"},
        {"2020", "2020-01-01"},
        {"2020-3", "2020-03-01"},
        {"+2020-01-01", "2020-01-01"},
        {"-0001-1-28", "-0001-01-28"},
        {"-2020-01-01", "-2020-01-01"},
        {"0015", "0015-01-01"},
        {"0000-02-29", "0000-02-29"}, // year 0 is a leap year
        {"999999-03-18", "+999999-03-18"},
        {"1234567-01-01", "+1234567-01-01"}, // seven digits
        {"5881580-07-11", "+5881580-07-11"}, // the last day an int holds
        {" \t2020-01-02\n", "2020-01-02"},
        {"2020-01-02T10:11:12", "2020-01-02"},
        {"2020-01-02T", "2020-01-02"},
        {"2020-01-02 garbage", "2020-01-02"},
        {"2000-02-29", "2000-02-29"}, // divisible by 400: a leap year
        {"2024-02-29", "2024-02-29"},
        {"2020-12-31", "2020-12-31"},
        {"epoch", "1970-01-01"},
        {" EPOCH ", "1970-01-01"},
        {"epoch UTC", "1970-01-01"},
        {"epoch +02:00", "1970-01-01"},
    }));
    CAPTURE(text);
    CHECK(literal(AtomicKind::Date, text) == expected);
}

TEST_CASE("DATE literals: what Spark rejects", "[types]") {
    auto [text, expected] = GENERATE(table<std::string, std::string>({
        {"", "invalid"},
        {"   ", "invalid"},
        {"garbage", "invalid"},
        {"2020-13-01", "invalid"},
        {"2020-00-01", "invalid"},
        {"2020-01-00", "invalid"},
        {"2020-04-31", "invalid"},
        {"2021-02-29", "invalid"},
        {"1900-02-29", "invalid"}, // divisible by 100, not by 400
        {"2100-02-29", "invalid"},
        {"1-01-01", "invalid"},
        {"20-01-01", "invalid"},
        {"202-01-01", "invalid"},
        {"12345678-01-01", "invalid"}, // eight digits
        {"5881580-07-12", "invalid"},  // past an int of days
        {"2020-001-01", "invalid"},
        {"2020-01-001", "invalid"},
        {"2020-", "invalid"},
        {"2020-01-", "invalid"},
        {"2020-01-01-", "invalid"},
        {"-", "invalid"},
        {"+", "invalid"},
        {"++2020", "invalid"},
        {"2020/01/01", "invalid"},
        {"2020 01", "invalid"},    // `yyyy` must be the whole text
        {"2020-01 05", "invalid"}, // and so must `yyyy-[m]m`
        {"2020T", "invalid"},
        {"2020-1-2x", "invalid"},
        {"epochs", "invalid"},
        {"now UTC", "invalid"}, // `now` takes no zone
        {"now", "current time"},
        {"today", "current time"},
        {"Tomorrow", "current time"},
        {"yesterday", "current time"},
        {"epoch Europe/Paris", "region zone"},
    }));
    CAPTURE(text);
    CHECK(literal(AtomicKind::Date, text) == expected);
}

TEST_CASE("TIMESTAMP literals: Spark's stringToTimestamp in the UTC session zone", "[types]") {
    auto [text, expected] = GENERATE(table<std::string, std::string>({
        {"2020-01-01", "2020-01-01 00:00:00"},
        {"2020", "2020-01-01 00:00:00"},
        {"2020-06", "2020-06-01 00:00:00"},
        {"2020-01-01 10:11:12", "2020-01-01 10:11:12"},
        {"2020-01-01T10:11:12", "2020-01-01 10:11:12"},
        {"2020-1-2 3:4:5", "2020-01-02 03:04:05"},
        {"2020-01-01 10", "2020-01-01 10:00:00"},
        {"2020-01-01T10:11", "2020-01-01 10:11:00"},
        {" 2020-01-01 10:11:12 ", "2020-01-01 10:11:12"},
        // Fractions: 1 to 9 digits, past six truncated, trailing zeros not printed.
        {"2020-01-01 10:11:12.5", "2020-01-01 10:11:12.5"},
        {"2020-01-01 10:11:12.12", "2020-01-01 10:11:12.12"},
        {"2020-01-01 10:11:12.123", "2020-01-01 10:11:12.123"},
        {"2020-01-01 10:11:12.1234", "2020-01-01 10:11:12.1234"},
        {"2020-01-01 10:11:12.12345", "2020-01-01 10:11:12.12345"},
        {"2020-01-01 10:11:12.123456", "2020-01-01 10:11:12.123456"},
        {"2020-01-01 10:11:12.1234567", "2020-01-01 10:11:12.123456"},
        {"2020-01-01 10:11:12.12345678", "2020-01-01 10:11:12.123456"},
        {"2020-01-01 10:11:12.123456789", "2020-01-01 10:11:12.123456"},
        {"2020-01-01 10:11:12.000000001", "2020-01-01 10:11:12"},
        {"2020-01-01 10:11:12.100", "2020-01-01 10:11:12.1"},
        {"2020-01-01 10:11:12.", "2020-01-01 10:11:12"},
        // Zones follow the seconds or the fraction; the instant prints in UTC.
        {"2020-01-01 10:11:12Z", "2020-01-01 10:11:12"},
        {"2020-01-01 10:11:12+02:00", "2020-01-01 08:11:12"},
        {"2020-01-01 10:11:12 -08:00", "2020-01-01 18:11:12"},
        {"2020-01-01 10:11:12+2", "2020-01-01 08:11:12"},
        {"2020-01-01 10:11:12+02", "2020-01-01 08:11:12"},
        {"2020-01-01 10:11:12+0530", "2020-01-01 04:41:12"},
        {"2020-01-01 10:11:12+05:30:15", "2020-01-01 04:40:57"},
        {"2020-01-01 10:11:12+1:30", "2020-01-01 08:41:12"}, // Spark's `(+|-)h:` rewrite
        {"2020-01-01 10:11:12+01:5", "2020-01-01 09:06:12"}, // and its `(+|-)hh:m` one
        {"2020-01-01 10:11:12 UTC", "2020-01-01 10:11:12"},
        {"2020-01-01 10:11:12 GMT", "2020-01-01 10:11:12"},
        {"2020-01-01 10:11:12UTC+2", "2020-01-01 08:11:12"},
        {"2020-01-01 10:11:12 GMT-03:30", "2020-01-01 13:41:12"},
        {"2020-01-01 10:11:12 UT+01:00", "2020-01-01 09:11:12"},
        {"2020-01-01 10:11:12 EST", "2020-01-01 15:11:12"},
        {"2020-01-01 10:11:12 HST", "2020-01-01 20:11:12"},
        {"2020-01-01 10:11:12.5 +02:00", "2020-01-01 08:11:12.5"},
        {"2020-01-01 01:00:00+02:00", "2019-12-31 23:00:00"},
        {"2020-01-01 10:11:12+18:00", "2019-12-31 16:11:12"},
        // Years: signs, 4 to 6 digits, `+` past 9999 when printed.
        {"-1969-12-31 16:00:00", "-1969-12-31 16:00:00"},
        {"-000001", "-0001-01-01 00:00:00"},
        {"99999-03-18T12:03:17", "+99999-03-18 12:03:17"},
        {"1969-12-31 23:59:59.999999", "1969-12-31 23:59:59.999999"},
        {"294247-01-10 04:00:54.775807", "+294247-01-10 04:00:54.775807"}, // Long.MaxValue
        {"epoch", "1970-01-01 00:00:00"},
    }));
    CAPTURE(text);
    CHECK(literal(AtomicKind::Timestamp, text) == expected);
}

TEST_CASE("TIMESTAMP literals: what Spark rejects or prune-plan cannot decide", "[types]") {
    auto [text, expected] = GENERATE(table<std::string, std::string>({
        {"", "invalid"},
        {"garbage", "invalid"},
        {"2020-13-01", "invalid"},
        {"2021-02-29 00:00:00", "invalid"},
        {"1900-02-29", "invalid"},
        {"123-01-01", "invalid"},
        {"1234567-01-01", "invalid"}, // at most six year digits
        {"2020-01-01T", "invalid"},
        {"2020-01-01 ", "2020-01-01 00:00:00"}, // trimmed first
        {"2020-01-01 10:", "invalid"},
        {"2020-01-01 10:11:", "invalid"},
        {"2020-01-01 24:00:00", "invalid"},
        {"2020-01-01 10:60:00", "invalid"},
        {"2020-01-01 10:11:60", "invalid"},
        {"2020-01-01 100:11:12", "invalid"},
        {"2020-01-01 10:11Z", "invalid"}, // a zone only after the seconds
        {"2020-01-01Z", "invalid"},
        {"2020-01-01 UTC", "invalid"},
        {"2020-01-01 10:11:12+19:00", "invalid"},
        {"2020-01-01 10:11:12+18:01", "invalid"},
        {"2020-01-01 10:11:12+123", "invalid"},
        {"2020-01-01 10:11:12+", "invalid"},
        {"2020-01-01 10:11:12 z", "invalid"},
        {"2020-01-01 10:11:12 1", "invalid"},
        {"2020-01-01 10:11:12 GMT+", "invalid"},
        {"2020-01-01 10:11:12.5.3", "invalid"},
        {"294247-01-10 04:00:54.775808", "invalid"}, // past a long of microseconds
        {"294248-01-01", "invalid"},
        {"25:00:00", "invalid"},
        {"now UTC", "invalid"},
        {"10:11:12", "time only"},
        {"10:11", "time only"},
        {"T10:11:12", "time only"},
        {"T10", "time only"},
        {"10:11:12+02:00", "time only"},
        {"now", "current time"},
        {"today", "current time"},
        {"2020-01-01 10:11:12 America/Los_Angeles", "region zone"},
        {"2020-01-01 10:11:12 PST", "region zone"},
        {"2020-01-01 10:11:12 GMT0", "region zone"},
        {"2021-02-29 10:11:12 Europe/Paris", "invalid"}, // the date is checked first
    }));
    CAPTURE(text);
    CHECK(literal(AtomicKind::Timestamp, text) == expected);
}

TEST_CASE("TIMESTAMP_NTZ literals: a zone is checked and dropped and a time alone is invalid",
          "[types]") {
    auto [text, expected] = GENERATE(table<std::string, std::string>({
        {"2020-01-01", "2020-01-01 00:00:00"},
        {"2020-01-01 10:11:12.5", "2020-01-01 10:11:12.5"},
        {"2020-01-01 10:11:12+02:00", "2020-01-01 10:11:12"},
        {"2020-01-01 10:11:12 UTC+5", "2020-01-01 10:11:12"},
        {"2020-01-01 10:11:12Z", "2020-01-01 10:11:12"},
        {"99999-03-18T12:03:17", "+99999-03-18 12:03:17"},
        {"epoch", "1970-01-01 00:00:00"},
        {"2020-01-01 10:11:12 bogus!", "invalid"},
        {"2020-01-01 10:11:12+19:00", "invalid"},
        {"10:11:12", "invalid"},
        {"T10:11", "invalid"},
        {"2020-01-01 10:11:12 Europe/Paris", "region zone"},
        {"tomorrow", "current time"},
    }));
    CAPTURE(text);
    CHECK(literal(AtomicKind::TimestampNtz, text) == expected);
}

TEST_CASE("the string parsers know no special values and the formatters invert them", "[types]") {
    CHECK_FALSE(string_to_date("epoch").has_value());
    std::int64_t micros = 0;
    CHECK(string_to_timestamp("epoch", micros) == DateTimeStatus::Invalid);
    REQUIRE(string_to_timestamp("1970-01-01 00:00:01.5+01:00", micros) == DateTimeStatus::Ok);
    CHECK(micros == -3598500000);
    REQUIRE(string_to_timestamp_ntz("1970-01-01 00:00:01.5+01:00", micros) == DateTimeStatus::Ok);
    CHECK(micros == 1500000);
    CHECK(string_to_date("1970-01-02") == 1);
    CHECK(date_to_string(-1) == "1969-12-31");
    CHECK(date_to_string(std::numeric_limits<std::int32_t>::min()) == "-5877641-06-23");
    CHECK(timestamp_to_string(std::numeric_limits<std::int64_t>::min()) ==
          "-290308-12-21 19:59:05.224192");
    // Every printed form parses back to the same value.
    for (const std::int64_t v :
         {std::int64_t{0}, std::int64_t{-1}, std::int64_t{1600000000123456},
          std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::int64_t>::min()}) {
        CAPTURE(v);
        std::int64_t back = 0;
        REQUIRE(string_to_timestamp(timestamp_to_string(v), back) == DateTimeStatus::Ok);
        CHECK(back == v);
    }
}
