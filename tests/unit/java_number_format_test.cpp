// format_grouped against what Java's DecimalFormat gives for format_number's patterns.

#include <catch2/catch.hpp>

#include <limits>

#include "eval/java_number_format.hpp"

using namespace prune;

namespace {

std::string formatted(const Value& number, int places) {
    const std::optional<DecimalDigits> digits = decimal_digits(number);
    REQUIRE(digits);
    const std::optional<std::string> text = format_grouped(*digits, places);
    return text ? *text : "<not modelled>";
}

Value decimal(const char* text) {
    Int128 unscaled = 0;
    int scale = 0;
    REQUIRE(parse_decimal(text, unscaled, scale));
    return Value::decimal(unscaled, scale);
}

} // namespace

TEST_CASE("format_number groups by threes and rounds half-even", "[eval]") {
    CHECK(formatted(decimal("12332.123456"), 4) == "12,332.1235"); // Spark's own example
    CHECK(formatted(Value::float64(1234567.891), 0) == "1,234,568");
    CHECK(formatted(Value::float64(999.999), 2) == "1,000.00");
    CHECK(formatted(Value::float64(-1234.5), 1) == "-1,234.5");
    CHECK(formatted(Value::float64(0.0), 2) == "0.00");
    CHECK(formatted(Value::float64(0.5), 0) == "0");
    CHECK(formatted(Value::float64(2.5), 0) == "2");
    CHECK(formatted(Value::float64(3.5), 0) == "4");
    CHECK(formatted(Value::integral(1234567), 2) == "1,234,567.00");
    CHECK(formatted(Value::integral(std::numeric_limits<std::int64_t>::min()), 0) ==
          "-9,223,372,036,854,775,808");
    CHECK(formatted(decimal("12.345"), 2) == "12.34");
    CHECK(formatted(decimal("12.355"), 2) == "12.36");
    CHECK(formatted(decimal("0.0001"), 2) == "0.00");
}

TEST_CASE("format_number formats a double from its shortest digits, ties by its exact value",
          "[eval]") {
    CHECK(formatted(Value::float64(0.125), 2) == "0.12"); // exactly a tie: to even
    CHECK(formatted(Value::float64(0.135), 2) == "0.14"); // the double is above the tie
    CHECK(formatted(Value::float64(0.145), 2) == "0.14"); // the double is below the tie
    CHECK(formatted(Value::float64(0.005), 2) == "0.01");
    CHECK(formatted(Value::float64(0.1), 20) == "0.10000000000000000000");
    CHECK(formatted(Value::float64(1e23), 0) == "100,000,000,000,000,000,000,000");
    CHECK(formatted(Value::float32(0.1F), 10) == "0.1000000015");
}

TEST_CASE("format_number's cases Java answers in ways not modelled are refused", "[eval]") {
    CHECK(formatted(Value::float64(-0.001), 2) == "<not modelled>");
    CHECK(formatted(Value::float64(-0.0), 0) == "<not modelled>");
    CHECK_FALSE(decimal_digits(Value::float64(std::numeric_limits<double>::quiet_NaN())));
}
