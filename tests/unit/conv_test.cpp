// spark_conv against Spark's NumberConverter (its documented examples and Hive's UDFConv
// behaviour).

#include <catch2/catch.hpp>

#include "eval/conv.hpp"
#include "eval/evaluator.hpp"

using namespace prune;

TEST_CASE("conv converts between bases through a 64-bit integer", "[eval]") {
    CHECK(spark_conv("100", 2, 10) == "4");     // Spark's example
    CHECK(spark_conv("-10", 16, -10) == "-16"); // Spark's example
    CHECK(spark_conv("-10", 10, 16) == "FFFFFFFFFFFFFFF6");
    CHECK(spark_conv("255", 10, 16) == "FF");
    CHECK(spark_conv("ff", 16, 2) == "11111111");
    CHECK(spark_conv("FFFFFFFFFFFFFFFF", 16, -10) == "-1");
    CHECK(spark_conv("18446744073709551615", 10, 16) == "FFFFFFFFFFFFFFFF");
    CHECK(spark_conv("0", 10, 36) == "0");
    CHECK(spark_conv("zz", 36, 10) == "1295");
}

TEST_CASE("conv stops at the first character that is not a digit", "[eval]") {
    CHECK(spark_conv("12x4", 10, 16) == "C");
    CHECK(spark_conv(" 12", 10, 10) == "0");
    CHECK(spark_conv("19", 8, 10) == "1"); // 9 is not an octal digit
    CHECK(spark_conv("-", 10, 10) == "0");
}

TEST_CASE("conv gives NULL for a base outside 2..36 and for empty text", "[eval]") {
    CHECK_FALSE(spark_conv("10", 1, 10));
    CHECK_FALSE(spark_conv("10", 10, 37));
    CHECK_FALSE(spark_conv("10", 10, -1));
    CHECK_FALSE(spark_conv("", 10, 10));
}

TEST_CASE("conv overflows as NumberConverter detects it", "[eval]") {
    CHECK_THROWS_AS(spark_conv("18446744073709551616", 10, 10), EvalError);
    CHECK(spark_conv("9999999999999999999", 10, 16) == "8AC7230489E7FFFF"); // past 2^63: fine
    // A digit after a value past 2^63: NumberConverter's signed test no longer runs there.
    CHECK_THROWS_AS(spark_conv("99999999999999999999", 10, 10), CannotVerify);
}
