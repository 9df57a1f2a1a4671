// avro_to_sql_type against the types Spark's SchemaConverters.toSqlType gives from_avro, and
// the schemas Avro's parser rejects.

#include <catch2/catch.hpp>

#include "diag/diagnostic.hpp"
#include "types/avro_schema.hpp"

using namespace prune;

namespace {

/// The type as DDL, NOT NULL when the value cannot be NULL, or "error: <message>".
std::string converted(std::string_view json, const AvroTypeOptions& options = {}) {
    try {
        const AvroSqlType t = avro_to_sql_type(json, options);
        return catalog_string(*t.type) + (t.nullable ? "" : " NOT NULL");
    } catch (const SchemaError& e) {
        return std::string("error: ") + e.what();
    }
}

} // namespace

TEST_CASE("Avro primitives and logical types", "[types]") {
    auto [json, expected] = GENERATE(table<std::string, std::string>({
        {R"("int")", "int NOT NULL"},
        {R"("long")", "bigint NOT NULL"},
        {R"("float")", "float NOT NULL"},
        {R"("double")", "double NOT NULL"},
        {R"("boolean")", "boolean NOT NULL"},
        {R"("bytes")", "binary NOT NULL"},
        {R"("string")", "string NOT NULL"},
        {R"("null")", "void"},
        {R"({"type": "int", "logicalType": "date"})", "date NOT NULL"},
        {R"({"type": "int", "logicalType": "time-millis"})", "int NOT NULL"},
        {R"({"type": "long", "logicalType": "timestamp-millis"})", "timestamp NOT NULL"},
        {R"({"type": "long", "logicalType": "timestamp-micros"})", "timestamp NOT NULL"},
        {R"({"type": "long", "logicalType": "local-timestamp-micros"})", "timestamp_ntz NOT NULL"},
        // A logical type on a type Avro does not take it for is ignored.
        {R"({"type": "string", "logicalType": "date"})", "string NOT NULL"},
        {R"({"type": "bytes", "logicalType": "decimal", "precision": 10, "scale": 2})",
         "decimal(10,2) NOT NULL"},
        {R"({"type": "bytes", "logicalType": "decimal", "precision": 4})", "decimal(4,0) NOT NULL"},
        // Invalid decimals are ignored as Avro ignores them: scale above precision, a
        // precision the fixed size cannot hold (2 bytes hold 4 digits).
        {R"({"type": "bytes", "logicalType": "decimal", "precision": 2, "scale": 3})",
         "binary NOT NULL"},
        {R"({"type": "fixed", "name": "f", "size": 2, "logicalType": "decimal", "precision": 5})",
         "binary NOT NULL"},
        {R"({"type": "fixed", "name": "f", "size": 2, "logicalType": "decimal", "precision": 4})",
         "decimal(4,0) NOT NULL"},
        {R"({"type": "bytes", "logicalType": "decimal", "precision": 40})",
         "error: decimal(40,0) exceeds Spark's maximum precision 38"},
        // Spark writes ANSI intervals with the Catalyst type as a property.
        {R"({"type": "long", "spark.sql.catalyst.type": "interval day to second"})",
         "interval day to second NOT NULL"},
        {R"({"type": "enum", "name": "E", "symbols": ["A", "B"]})", "string NOT NULL"},
    }));
    CAPTURE(json);
    CHECK(converted(json) == expected);
}

TEST_CASE("Avro records, arrays, maps and unions", "[types]") {
    CHECK(converted(R"({"type": "record", "name": "r", "fields": [
            {"name": "id", "type": "long"},
            {"name": "tags", "type": {"type": "array", "items": ["null", "string"]}},
            {"name": "attrs", "type": {"type": "map", "values": "int"}},
            {"name": "at", "type": ["null", {"type": "long", "logicalType": "timestamp-micros"}]}
          ]})") == "struct<id:bigint,tags:array<string>,attrs:map<string,int>,at:timestamp> NOT "
                   "NULL");
    // Unions: int and long widen, float and double too, any other is a struct of members.
    CHECK(converted(R"(["int", "long"])") == "bigint NOT NULL");
    CHECK(converted(R"(["null", "double", "float"])") == "double");
    CHECK(converted(R"(["int", "string"])") == "struct<member0:int,member1:string> NOT NULL");
    CHECK(converted(R"(["null", "int", "string"])") == "struct<member0:int,member1:string>");
    CHECK(converted(R"(["string"])") == "string NOT NULL");
    AvroTypeOptions stable;
    stable.stable_union_ids = true;
    CHECK(converted(R"(["int", {"type": "record", "name": "a.R", "fields": []}])", stable) ==
          "struct<member_int:int,member_R:struct<>> NOT NULL");
    stable.union_prefix = "";
    CHECK(converted(R"(["int", {"type": "enum", "name": "INT", "symbols": ["A"]}])", stable) ==
          "error: cannot name a member of a union by its type: two are named 'INT'");
}

TEST_CASE("Avro names resolve in their namespaces; a recursive record needs a depth", "[types]") {
    // A name refers to a type defined before, in the enclosing namespace or by its full name.
    CHECK(converted(R"({"type": "record", "name": "r", "namespace": "n", "fields": [
            {"name": "a", "type": {"type": "fixed", "name": "F", "size": 4}},
            {"name": "b", "type": "F"},
            {"name": "c", "type": "n.F"}]})") == "struct<a:binary,b:binary,c:binary> NOT NULL");
    const char* recursive = R"({"type": "record", "name": "node", "fields": [
            {"name": "v", "type": "int"}, {"name": "next", "type": ["null", "node"]}]})";
    CHECK(converted(recursive).starts_with("error: the record 'node' refers to itself"));
    AvroTypeOptions depth;
    depth.recursive_max_depth = 2;
    CHECK(converted(recursive, depth) ==
          "struct<v:int,next:struct<v:int>> NOT NULL"); // dropped at depth 2
    depth.recursive_max_depth = 13;
    CHECK(converted(recursive, depth).starts_with("error: the record 'node' refers to itself"));
}

TEST_CASE("Avro schemas the parser rejects", "[types]") {
    auto [json, expected] = GENERATE(table<std::string, std::string>({
        {"{bad", "error: the schema is not JSON"},
        {R"("nope")", "error: 'nope' is not a defined name"},
        {R"({"type": "record", "name": "r"})", "error: the record 'r' has no fields"},
        {R"({"type": "record", "fields": []})",
         R"(error: no name in {"fields":[],"type":"record"})"},
        {R"({"type": "record", "name": "1r", "fields": []})",
         "error: illegal initial character in the name '1r'"},
        {R"({"type": "record", "name": "r", "fields": [{"name": "a", "type": "int"},
             {"name": "a", "type": "int"}]})",
         "error: duplicate field 'a' in the record 'r'"},
        {R"(["int", ["long"]])", R"(error: a union cannot hold a union: ["int",["long"]])"},
        {R"(["int", "int"])", R"(error: duplicate 'int' in the union ["int","int"])"},
        {R"({"type": "array"})", "error: the array has no items type"},
        {R"({"type": "fixed", "name": "f"})", "error: the fixed 'f' has an invalid or no size"},
        {R"({"type": "enum", "name": "e"})", "error: the enum 'e' has no symbols"},
        {"3", "error: a schema is a type name, an object or an array (a union), not 3"},
    }));
    CAPTURE(json);
    CHECK(converted(json) == expected);
}
