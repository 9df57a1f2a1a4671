// infer_csv_type against the types Spark's schema_of_csv prints (CSVInferSchema with the
// default options: preferDate, timestamps with the session's zone).

#include <catch2/catch.hpp>

#include "types/csv_infer.hpp"

using namespace prune;

namespace {

std::string inferred(std::string_view line) {
    std::string error;
    const TypePtr type = infer_csv_type(line, error);
    return type ? sql_string(*type) : "error: " + error;
}

/// The one field's type of a line of one field.
std::string field(std::string_view text) {
    const std::string type = inferred(text);
    const std::string prefix = "STRUCT<_c0: ";
    return type.starts_with(prefix) ? type.substr(prefix.size(), type.size() - prefix.size() - 1)
                                    : type;
}

} // namespace

TEST_CASE("schema_of_csv infers Spark's types", "[types]") {
    CHECK(inferred("1,abc") == "STRUCT<_c0: INT, _c1: STRING>"); // Spark's example
    CHECK(inferred("1,,x") == "STRUCT<_c0: INT, _c1: STRING, _c2: STRING>");
    CHECK(inferred(",") == "STRUCT<_c0: STRING, _c1: STRING>");
    CHECK(inferred(R"("a,b",2)") == "STRUCT<_c0: STRING, _c1: INT>"); // a quoted field
    CHECK(inferred(R"("",2)") == "STRUCT<_c0: STRING, _c1: INT>");
}

TEST_CASE("each field takes the first type that reads it", "[types]") {
    // Integers: INT, then BIGINT, then a decimal of scale 0 (java.math.BigDecimal).
    CHECK(field("-2147483648") == "INT");
    CHECK(field("+2147483647") == "INT");
    CHECK(field("2147483648") == "BIGINT");
    CHECK(field("-9223372036854775808") == "BIGINT");
    CHECK(field("9223372036854775808") == "DECIMAL(19,0)");
    CHECK(field("00012345678901234567890") == "DECIMAL(20,0)");
    CHECK(field("1.5e1") == "DECIMAL(2,0)"); // scale 0 once the exponent is applied
    CHECK(field("1.e0") == "DECIMAL(1,0)");
    CHECK(field("123456789012345678901234567890123456789") == "DOUBLE"); // beyond 38 digits
    // Doubles as Java's parseDouble reads them, and the default NaN and infinities.
    CHECK(field("2.5") == "DOUBLE");
    CHECK(field("1e3") == "DOUBLE"); // a negative scale is no decimal
    CHECK(field(" 7") == "DOUBLE");  // parseInt keeps the blank, parseDouble trims it
    CHECK(field(".5") == "DOUBLE");
    CHECK(field("5.") == "DECIMAL(1,0)"); // BigDecimal reads it, scale 0
    CHECK(field("1d") == "DOUBLE");
    CHECK(field("0x1p3") == "DOUBLE");
    CHECK(field("0x1") == "STRING"); // a hexadecimal literal needs its binary exponent
    CHECK(field("NaN") == "DOUBLE");
    CHECK(field("-Infinity") == "DOUBLE");
    CHECK(field("Inf") == "DOUBLE");
    CHECK(field("-Inf") == "DOUBLE");
    CHECK(field("+") == "STRING");
    CHECK(field("e5") == "STRING");
    // Dates by the default pattern yyyy-MM-dd, then timestamps as Spark's cast reads them.
    CHECK(field("2024-03-15") == "DATE");
    CHECK(field("2024-02-30") == "STRING"); // no such day: neither a date nor a timestamp
    CHECK(field("2024-3-15") == "TIMESTAMP");
    CHECK(field("2024-03-15 10:11:12") == "TIMESTAMP");
    CHECK(field("2024-03-15T10:11:12.5+01:00") == "TIMESTAMP");
    CHECK(field("10:11:12") == "TIMESTAMP");
    CHECK(field("2024") == "INT");
    // Booleans, case-insensitive; anything else is a string.
    CHECK(field("TRUE") == "BOOLEAN");
    CHECK(field("false") == "BOOLEAN");
    CHECK(field("yes") == "STRING");
    CHECK(field("now") == "STRING"); // a typed literal's word, not a timestamp here
    CHECK(field("café") == "STRING");
}

TEST_CASE("lines Univocity reads in ways not modelled are errors", "[types]") {
    CHECK(inferred("") == "error: an empty line has no fields");
    CHECK(inferred("a\nb").starts_with("error: a line break"));
    CHECK(inferred(R"(a"b,1)").starts_with("error: a quote or backslash"));
    CHECK(inferred(R"("a\"b",1)").starts_with("error: a quote or backslash"));
    CHECK(inferred(R"("ab"c,1)").starts_with("error: a quote or backslash"));
    CHECK(inferred("١٢") == "error: the field '١٢' may hold digits Java reads beyond ASCII");
    CHECK(inferred("2024-03-15T10:00:00 PST") ==
          "error: the field '2024-03-15T10:00:00 PST' is a timestamp only if its region-based "
          "zone exists, which is not checked");
}
