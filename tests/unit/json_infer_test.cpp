// infer_json_type against the types Spark's schema_of_json prints.

#include <catch2/catch.hpp>

#include "types/json_infer.hpp"

using namespace prune;

namespace {

std::string inferred(std::string_view json) {
    std::string error;
    const TypePtr type = infer_json_type(json, error);
    return type ? sql_string(*type) : "error: " + error;
}

} // namespace

TEST_CASE("schema_of_json infers Spark's types", "[types]") {
    CHECK(inferred(R"([{"col":0}])") == "ARRAY<STRUCT<col: BIGINT>>"); // Spark's example
    CHECK(inferred(R"({"b": 1, "a": "x", "c": true})") ==
          "STRUCT<a: STRING, b: BIGINT, c: BOOLEAN>"); // keys sorted
    CHECK(inferred(R"({"a": 1.5, "b": 1e3})") == "STRUCT<a: DOUBLE, b: DOUBLE>");
    CHECK(inferred(R"({"a": 12345678901234567890})") == "STRUCT<a: DECIMAL(20,0)>");
    CHECK(inferred(R"({"a": -9223372036854775809})") == "STRUCT<a: DECIMAL(19,0)>");
    CHECK(inferred("1") == "BIGINT");
    CHECK(inferred(R"("text")") == "STRING");
    CHECK(inferred("") == "STRING");
    CHECK(inferred(R"({"a": 1} trailing)") == "STRUCT<a: BIGINT>"); // only the first value
}

TEST_CASE("array elements widen to a common type, else STRING", "[types]") {
    CHECK(inferred("[1, 2.5]") == "ARRAY<DOUBLE>");
    CHECK(inferred("[1, null]") == "ARRAY<BIGINT>");
    CHECK(inferred(R"([1, "x"])") == "ARRAY<STRING>");
    CHECK(inferred("[true, 1]") == "ARRAY<STRING>");
    CHECK(inferred("[12345678901234567890, 1]") == "ARRAY<DECIMAL(20,0)>");
    CHECK(inferred("[12345678901234567890, 1.5]") == "ARRAY<DOUBLE>");
    CHECK(inferred(R"([{"b": 1}, {"a": "x", "b": 2.0}])") == "ARRAY<STRUCT<a: STRING, b: DOUBLE>>");
    CHECK(inferred("[[1], [2.5]]") == "ARRAY<ARRAY<DOUBLE>>");
    CHECK(inferred("[]") == "ARRAY<STRING>");
}

TEST_CASE("NULLs and empty strings are STRING, empty objects go", "[types]") {
    CHECK(inferred(R"({"a": null, "b": ""})") == "STRUCT<a: STRING, b: STRING>");
    CHECK(inferred(R"({"a": {}, "b": 1})") == "STRUCT<b: BIGINT>");
    CHECK(inferred("{}") == "STRUCT<>");
    CHECK(inferred("[{}]") == "ARRAY<STRUCT<>>");
    CHECK(inferred(R"({"": 1, "a": [{}]})") == "STRUCT<>");
}

TEST_CASE("what is not standard JSON is not inferred", "[types]") {
    CHECK(inferred("{'a': 1}").rfind("error: ", 0) == 0); // Jackson's single quotes
    CHECK(inferred("{\"a\": }").rfind("error: ", 0) == 0);
}
