// Spark's number format patterns (ToNumberParser): validation, the decimal type, parse, format.

#include <catch2/catch.hpp>

#include "types/number_pattern.hpp"

using namespace prune;

TEST_CASE("number patterns are checked as Spark's checkInputDataTypes checks them", "[types]") {
    auto [format, error] = GENERATE(table<std::string, std::string>({
        {"", "INVALID_FORMAT.EMPTY"},
        {"S$", "INVALID_FORMAT.WRONG_NUM_DIGIT"},
        {"99$", "INVALID_FORMAT.CUR_MUST_BEFORE_DIGIT"},
        {"9,", "INVALID_FORMAT.CONT_THOUSANDS_SEPS"},
        {"9,,9", "INVALID_FORMAT.CONT_THOUSANDS_SEPS"},
        {"9.9,9", "INVALID_FORMAT.THOUSANDS_SEPS_MUST_BEFORE_DEC"},
        {"9.9.9", "INVALID_FORMAT.WRONG_NUM_TOKEN"},
        {"S9S", "INVALID_FORMAT.WRONG_NUM_TOKEN"},
        {"9S9", "INVALID_FORMAT.UNEXPECTED_TOKEN"},
        {"x99", "INVALID_FORMAT.UNEXPECTED_TOKEN"},
        {"$99,999.99", ""},
        {"s9g999d99mi", ""}, // read upper-cased
        {"99PR", ""},
    }));
    CAPTURE(format);
    CHECK(NumberPattern(format).error_class() == error);
}

TEST_CASE("a number pattern's digits are its decimal type", "[types]") {
    const NumberPattern money("$99,999.99");
    CHECK(money.precision() == 7);
    CHECK(money.scale() == 2);
    const NumberPattern fraction(".99");
    CHECK(fraction.precision() == 2);
    CHECK(fraction.scale() == 2);
}

TEST_CASE("number patterns parse and format", "[types]") {
    const NumberPattern money("$99,999.99S");
    const auto parsed = money.parse("$1,234.5-");
    REQUIRE(parsed);
    CHECK(parsed->digits == "123450");
    CHECK(parsed->negative);
    CHECK_FALSE(money.parse("1,234.5"));              // the dollar sign is required
    CHECK_FALSE(money.parse("$1,2345.5"));            // a group of four digits
    CHECK_FALSE(money.parse("$"));                    // no digits
    CHECK(money.format("-1234.50") == "$ 1,234.50-"); // room for five digits
    CHECK(money.format("5") == "$     5.00+");
    CHECK(NumberPattern("999").format("1234") == "###");
    CHECK(NumberPattern("9.99").format("-0.00") == "0.00");
}
