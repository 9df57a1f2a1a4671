#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include <tao/pegtl/contrib/analyze.hpp>

#include "catalog/catalog.hpp"
#include "grammar/ddl.hpp"
#include "support.hpp"
#include "types/schema_formats.hpp"

using namespace prune;

namespace {

TypePtr ddl(const std::string& text) { return parse_ddl_schema(SourceFile("<ddl>", text)); }

TypePtr json_type(const std::string& text) {
    return from_spark_json(nlohmann::json::parse(text), "schema.json");
}

// The same text through load_catalog, which reads JSON in one pass (fields read ahead).
TypePtr one_pass_type(const std::string& text) {
    return load_catalog(text, "schema.json").find("t")->schema;
}

TypePtr through_json(const TypePtr& t) {
    return from_spark_json(nlohmann::json::parse(spark_json(*t)), "<round-trip>");
}

using prune_test::repeat;

// Every type once, as DDL data types.
const std::vector<std::string> kAllTypes = {
    "BOOLEAN",
    "TINYINT",
    "SMALLINT",
    "INT",
    "BIGINT",
    "FLOAT",
    "DOUBLE",
    "DECIMAL(10,2)",
    "DECIMAL(38,38)",
    "DECIMAL(1,0)",
    "STRING",
    "CHAR(3)",
    "VARCHAR(10)",
    "BINARY",
    "DATE",
    "TIMESTAMP",
    "TIMESTAMP_NTZ",
    "INTERVAL YEAR",
    "INTERVAL YEAR TO MONTH",
    "INTERVAL MONTH",
    "INTERVAL DAY",
    "INTERVAL DAY TO HOUR",
    "INTERVAL DAY TO MINUTE",
    "INTERVAL DAY TO SECOND",
    "INTERVAL HOUR",
    "INTERVAL HOUR TO MINUTE",
    "INTERVAL HOUR TO SECOND",
    "INTERVAL MINUTE",
    "INTERVAL MINUTE TO SECOND",
    "INTERVAL SECOND",
    "INTERVAL",
    "VOID",
    "ARRAY<INT>",
    "ARRAY<ARRAY<STRING>>",
    "MAP<STRING, INT>",
    "MAP<STRUCT<a: INT>, ARRAY<MAP<STRING, DOUBLE>>>",
    "STRUCT<>",
    "STRUCT<a: INT, b: STRUCT<c: STRING NOT NULL COMMENT 'c\\'s'>>",
};

} // namespace

TEST_CASE("the DDL grammar has no left recursion or infinite loops", "[ddl]") {
    CHECK(tao::pegtl::analyze<grammar::ddl::schema>() == 0);
    CHECK(tao::pegtl::analyze<grammar::ddl::type_only>() == 0);
}

TEST_CASE("every type round-trips through DDL, JSON and catalog strings", "[ddl][json]") {
    const std::string text = GENERATE(from_range(kAllTypes));
    CAPTURE(text);
    const TypePtr t = parse_ddl_type(text);
    // DDL out is the DDL that came in (the table is written in Spark's own spelling); a struct
    // prints as its column list (StructType.toDDL).
    if (t->struct_type() == nullptr) {
        CHECK(to_ddl(*t) == text);
        CHECK(equals(*parse_ddl_type(to_ddl(*t)), *t));
    } else {
        CHECK(equals(*ddl(to_ddl(*t).empty() ? "STRUCT<>" : to_ddl(*t)), *t));
    }
    // A catalog string loses nullability and comments, nothing else.
    const TypePtr from_catalog = parse_ddl_type(catalog_string(*t));
    CHECK(same_type(*from_catalog, *t));
    CHECK(catalog_string(*from_catalog) == catalog_string(*t));

    // The same type as a column, with and without options.
    for (const char* options : {"", " NOT NULL", " COMMENT 'x'", " NOT NULL COMMENT 'x'"}) {
        const TypePtr schema = ddl("c " + text + options);
        CHECK(to_ddl(*schema) == "c " + text + std::string(options));
        CHECK(equals(*ddl(to_ddl(*schema)), *schema));
        CHECK(equals(*through_json(schema), *schema));
    }
}

TEST_CASE("a DDL comment is any string literal, a raw one kept as written", "[ddl]") {
    using Row = std::tuple<std::string, std::string>;
    // The comment as written, and the column as to_ddl writes it back.
    const auto [comment, back] = GENERATE(table<std::string, std::string>({
        Row{R"('x\'y')", R"(c INT COMMENT 'x\'y')"},
        Row{R"("x'y")", R"(c INT COMMENT 'x\'y')"},
        Row{R"(r'C:\dir\n')", R"(c INT COMMENT 'C:\\dir\\n')"},
        Row{R"(R"a'b\")", R"(c INT COMMENT 'a\'b\\')"},
    }));
    CAPTURE(comment);
    CHECK(to_ddl(*ddl("c INT COMMENT " + comment)) == back);
}

TEST_CASE("DDL keywords are case-insensitive and have Spark's synonyms", "[ddl]") {
    using Row = std::tuple<std::string, std::string>;
    const auto [text, catalog] = GENERATE(table<std::string, std::string>({
        Row{"int", "int"},
        Row{"Integer", "int"},
        Row{"bigint", "bigint"},
        Row{"LONG", "bigint"},
        Row{"short", "smallint"},
        Row{"SmallInt", "smallint"},
        Row{"byte", "tinyint"},
        Row{"tinyint", "tinyint"},
        Row{"real", "float"},
        Row{"float", "float"},
        Row{"double", "double"},
        Row{"dec", "decimal(10,0)"},
        Row{"decimal", "decimal(10,0)"},
        Row{"NUMERIC(5)", "decimal(5,0)"},
        Row{"decimal ( 12 , 4 )", "decimal(12,4)"},
        Row{"character(2)", "char(2)"},
        Row{"char(2)", "char(2)"},
        Row{"varchar(7)", "varchar(7)"},
        Row{"string", "string"},
        Row{"binary", "binary"},
        Row{"boolean", "boolean"},
        Row{"date", "date"},
        Row{"timestamp", "timestamp"},
        Row{"timestamp_ltz", "timestamp"},
        Row{"Timestamp_NTZ", "timestamp_ntz"},
        Row{"void", "void"},
        Row{"interval", "interval"},
        Row{"Variant", "variant"},
        Row{"interval year to month", "interval year to month"},
        Row{"Interval Hour To Second", "interval hour to second"},
        Row{"array<int>", "array<int>"},
        Row{"Map<String,Int>", "map<string,int>"},
        Row{"struct<a:int,b:string>", "struct<a:int,b:string>"},
        Row{"STRUCT<a INT, b STRING>", "struct<a:int,b:string>"},
        Row{"STRUCT < a : INT >", "struct<a:int>"},
        Row{"STRUCT<>", "struct<>"},
        Row{"STRUCT< >", "struct<>"},
        Row{"ARRAY<STRUCT<>>", "array<struct<>>"},
    }));
    CAPTURE(text);
    CHECK(catalog_string(*parse_ddl_type(text)) == catalog);
}

TEST_CASE("DDL schemas: names, options, comments and layout", "[ddl]") {
    using Row = std::tuple<std::string, std::string>;
    const auto [text, expected] = GENERATE(table<std::string, std::string>({
        Row{"id INT, name STRUCT<first: STRING, last: STRING> NOT NULL COMMENT 'x', "
            "tags ARRAY<STRING>, m MAP<STRING, STRUCT<a: INT>>",
            "id INT,name STRUCT<first: STRING, last: STRING> NOT NULL COMMENT 'x',"
            "tags ARRAY<STRING>,m MAP<STRING, STRUCT<a: INT>>"},
        // Nested options, in either order.
        Row{"s STRUCT<a: INT NOT NULL COMMENT 'c', b INT COMMENT 'd' NOT NULL>",
            "s STRUCT<a: INT NOT NULL COMMENT 'c', b: INT NOT NULL COMMENT 'd'>"},
        Row{"a int not null comment \"double quoted\"", "a INT NOT NULL COMMENT 'double quoted'"},
        // Backquoted names; Spark quotes only names that are not plain identifiers.
        Row{"`a b` INT, `x``y` INT, _ok INT, `plain` INT, 1a INT, `` INT",
            "`a b` INT,`x``y` INT,_ok INT,plain INT,`1a` INT,`` INT"},
        Row{"s STRUCT<`a.b`: INT, `c-d` STRING>", "s STRUCT<`a.b`: INT, `c-d`: STRING>"},
        // Words that are keywords elsewhere are ordinary column names.
        Row{"array INT, struct STRING, map INT, not INT, comment STRING, interval INT",
            "array INT,struct STRING,map INT,not INT,comment STRING,interval INT"},
        // Comments and newlines anywhere, trailing blanks.
        Row{"-- header\nid INT, -- the id\n  name /* inline */ STRING\n  -- trailing\n",
            "id INT,name STRING"},
        Row{"a\tINT  \r\n ,b\nARRAY\n<\nINT\n>   \n\t", "a INT,b ARRAY<INT>"},
        Row{"a INT--comment at the end", "a INT"},
        // Bracketed comments nest, as in Spark's lexer.
        Row{"a /* x /* y */ z */ INT, /*/ */ b INT", "a INT,b INT"},
        // The whole schema as one struct type (DataType.fromDDL).
        Row{"struct<a:int,b:array<string>>", "a INT,b ARRAY<STRING>"},
        Row{"  STRUCT<a: INT NOT NULL>  ", "a INT NOT NULL"},
        // String escapes in comments (Spark: unescapeSQLString); toDDL escapes quotes, and
        // backslashes and NULs so that its output reads back (Spark's does not).
        Row{R"(a INT COMMENT 'it\'s')", R"(a INT COMMENT 'it\'s')"},
        Row{R"(a INT COMMENT 'tab\there')", "a INT COMMENT 'tab\there'"},
        Row{R"(a INT COMMENT 'caf\u00e9')", "a INT COMMENT 'caf\xc3\xa9'"},
        Row{R"(a INT COMMENT 'x\\y')", R"(a INT COMMENT 'x\\y')"},
        Row{R"(a INT COMMENT '\\')", R"(a INT COMMENT '\\')"},
        Row{R"(a INT COMMENT 'n\00012')", R"(a INT COMMENT 'n\00012')"},
    }));
    CAPTURE(text);
    CHECK(to_ddl(*ddl(text)) == expected);
    // What to_ddl prints reads back as the same schema.
    CHECK(to_ddl(*ddl(to_ddl(*ddl(text)))) == expected);
}

TEST_CASE("DDL comments become field metadata", "[ddl][json]") {
    const TypePtr t = ddl("a INT COMMENT 'x', b STRUCT<c: INT COMMENT 'y\"z'>");
    const StructType& s = *t->struct_type();
    CHECK(s[0].metadata == R"({"comment":"x"})");
    CHECK(s[1].metadata == "{}");
    CHECK((*s[1].type->struct_type())[0].metadata == R"({"comment":"y\"z"})");
}

TEST_CASE("to_ddl of non-struct types and of empty structs", "[ddl]") {
    CHECK(to_ddl(*parse_ddl_type("array<map<string, struct<a:int>>>")) ==
          "ARRAY<MAP<STRING, STRUCT<a: INT>>>");
    CHECK(to_ddl(*make_struct({})) == "");
    CHECK(to_ddl(*make_array(int_type(), false)) == "ARRAY<INT>");
}

TEST_CASE("malformed DDL is rejected with file:line:column and what was expected", "[ddl]") {
    using Row = std::tuple<std::string, std::string>;
    const auto [text, message] = GENERATE(table<std::string, std::string>({
        Row{"a INT, b strin", "<ddl>:1:10: unknown type 'strin'"},
        Row{"a STRUCT<x: INT", "<ddl>:1:16: expected '>' to close 'STRUCT<' at 1:3"},
        Row{"a STRUCT<\n  x: INT\n  y: INT>", "<ddl>:3:3: expected '>' to close 'STRUCT<' at 1:3"},
        Row{"a ARRAY<INT", "<ddl>:1:12: expected '>' to close 'ARRAY<' at 1:3"},
        Row{"a MAP<STRING, INT", "<ddl>:1:18: expected '>' to close 'MAP<' at 1:3"},
        Row{"a MAP<INT>", "<ddl>:1:10: expected ',' after the key type of 'MAP<' at 1:3"},
        Row{"a ARRAY<ARRAY<INT>", "<ddl>:1:19: expected '>' to close 'ARRAY<' at 1:3"},
        Row{"a ARRAY", "<ddl>:1:8: expected '<' after 'ARRAY'"},
        Row{"a MAP INT", "<ddl>:1:7: expected '<' after 'MAP'"},
        Row{"a STRUCT", "<ddl>:1:9: expected '<' after 'STRUCT'"},
        Row{"a", "<ddl>:1:2: expected a data type"},
        Row{"a ARRAY<>", "<ddl>:1:9: expected a data type"},
        Row{"a INT,", "<ddl>:1:7: expected a column name"},
        Row{", a INT", "<ddl>:1:1: expected a column name"},
        Row{"a INT b INT", "<ddl>:1:7: expected ',' or the end of the schema"},
        Row{"a INT NOT", "<ddl>:1:10: expected 'NULL' after 'NOT'"},
        Row{"a INT COMMENT x", "<ddl>:1:15: expected a string literal after 'COMMENT'"},
        Row{"a INT COMMENT 'x", "<ddl>:1:17: unterminated string literal"},
        Row{"`a INT", "<ddl>:1:7: unterminated quoted identifier"},
        Row{"a INT /* open", "<ddl>:1:7: unterminated '/*' comment"},
        Row{"a INT /* one */ /* two", "<ddl>:1:17: unterminated '/*' comment"},
        // Comments nest: the inner `*/` leaves the outer one open.
        Row{"a INT /* x /* y */, b INT", "<ddl>:1:7: unterminated '/*' comment"},
        Row{"a STRUCT<x INT,>", "<ddl>:1:16: expected a field name"},
        Row{"a INT, a STRING", "<ddl>:1:8: duplicate field name 'a'"},
        Row{"s STRUCT<a: INT, a: INT>", "<ddl>:1:18: duplicate field name 'a'"},
        Row{"\xc3\xa9 INT, \xc3\xa9 INT", "<ddl>:1:8: duplicate field name '\xc3\xa9'"},
        Row{"a DECIMAL(40, 2)", "<ddl>:1:3: decimal precision 40 exceeds the maximum 38"},
        Row{"a DECIMAL(5, 6)", "<ddl>:1:3: decimal scale 6 exceeds precision 5"},
        Row{"a DECIMAL(0)", "<ddl>:1:3: decimal precision must be at least 1"},
        Row{"a DECIMAL(1, 2, 3)",
            "<ddl>:1:3: data type 'DECIMAL' takes at most 2 parameters (precision, scale)"},
        Row{"a DECIMAL(10,", "<ddl>:1:14: expected an integer"},
        Row{"a DECIMAL(10", "<ddl>:1:13: expected ')' to close the type parameters"},
        Row{"a DECIMAL(99999999999)", "<ddl>:1:11: number '99999999999' is too large"},
        Row{"a INT(5)", "<ddl>:1:3: data type 'INT' takes no parameters"},
        Row{"a VARCHAR", "<ddl>:1:3: data type 'VARCHAR' needs one length parameter, e.g. "
                         "VARCHAR(10)"},
        Row{"a INTERVAL MONTH TO YEAR",
            "<ddl>:1:3: invalid interval type 'INTERVAL MONTH TO YEAR'"},
        Row{"a INTERVAL YEAR TO DAY", "<ddl>:1:3: invalid interval type 'INTERVAL YEAR TO DAY'"},
        Row{"a INTERVAL DAY TO DAY", "<ddl>:1:3: invalid interval type 'INTERVAL DAY TO DAY'"},
        Row{"a INTERVAL DAY TO", "<ddl>:1:18: expected YEAR, MONTH, DAY, HOUR, MINUTE or SECOND "
                                 "after 'TO'"},
        Row{"a BOOL", "<ddl>:1:3: unknown type 'BOOL'"},
        Row{"STRUCT<a: INT> x", "<ddl>:1:16: expected ',' or the end of the schema"},
        Row{"", "<ddl>: empty schema"},
        Row{"  \n\t ", "<ddl>: empty schema"},
        Row{"-- only a comment\n/* and another */", "<ddl>: empty schema"},
    }));
    CAPTURE(text);
    CHECK_THROWS_MATCHES(ddl(text), SchemaError, Catch::Matchers::Message(message));
}

TEST_CASE("DDL errors name the file and the opening bracket's position", "[ddl]") {
    CHECK_THROWS_MATCHES(
        parse_ddl_schema(SourceFile("schema.ddl", "id INT, st STRUCT<a: INT\n    b: INT>")),
        SchemaError,
        Catch::Matchers::Message("schema.ddl:2:5: expected '>' to close 'STRUCT<' at 1:12"));
    CHECK_THROWS_MATCHES(parse_ddl_type("ARRAY<INT> x"), SchemaError,
                         Catch::Matchers::Message("<ddl>:1:12: expected the end of the data type"));
    CHECK_THROWS_MATCHES(parse_ddl_type(""), SchemaError,
                         Catch::Matchers::Message("<ddl>:1:1: expected a data type"));
}

TEST_CASE("DDL nesting is bounded before the stack grows", "[ddl]") {
    // A column's type sits one level below the schema's own struct.
    const std::size_t fits = kMaxNestingDepth - 2;
    const TypePtr deepest = ddl("a " + repeat("ARRAY<", fits) + "INT" + repeat(">", fits));
    CHECK(type_depth(*deepest) == kMaxNestingDepth);
    CHECK(equals(*ddl(to_ddl(*deepest)), *deepest));
    CHECK(equals(*through_json(deepest), *deepest));

    const std::string too_deep = "a " + repeat("ARRAY<", fits + 1) + "INT" + repeat(">", fits + 1);
    CHECK_THROWS_MATCHES(ddl(too_deep), SchemaError,
                         Catch::Matchers::Message("<ddl>:1:" + std::to_string(3 + 6 * (fits + 1)) +
                                                  ": nesting deeper than 1000 levels"));

    const std::size_t huge = 100000;
    const auto deep_error = [](std::size_t column) {
        return Catch::Matchers::Message("<ddl>:1:" + std::to_string(column) +
                                        ": nesting deeper than 1000 levels");
    };
    CHECK_THROWS_MATCHES(ddl("a " + repeat("ARRAY<", huge) + "INT" + repeat(">", huge)),
                         SchemaError, deep_error(3 + 6 * (fits + 1)));
    CHECK_THROWS_MATCHES(ddl("a " + repeat("STRUCT<a: ", huge)), SchemaError,
                         deep_error(3 + 10 * (kMaxNestingDepth - 1)));
    CHECK_THROWS_MATCHES(ddl(repeat("STRUCT<a: ", huge)), SchemaError,
                         deep_error(1 + 10 * kMaxNestingDepth));
    CHECK_THROWS_MATCHES(parse_ddl_type(repeat("MAP<INT, ", huge)), SchemaError,
                         deep_error(1 + 9 * (kMaxNestingDepth - 1) + 4)); // the last key

    // A lone data type is itself the first level.
    const std::size_t lone = kMaxNestingDepth - 1;
    CHECK(type_depth(*parse_ddl_type(repeat("ARRAY<", lone) + "INT" + repeat(">", lone))) ==
          kMaxNestingDepth);
    CHECK_THROWS(parse_ddl_type(repeat("ARRAY<", lone + 1) + "INT" + repeat(">", lone + 1)));
}

TEST_CASE("Spark JSON is written exactly as Spark writes it", "[json]") {
    const TypePtr t = ddl("id INT, name STRUCT<first: STRING> NOT NULL COMMENT 'x', "
                          "tags ARRAY<STRING>, m MAP<STRING, STRUCT<a: INT>>");
    CHECK(spark_json(*t) ==
          R"({"type":"struct","fields":[)"
          R"({"name":"id","type":"integer","nullable":true,"metadata":{}},)"
          R"({"name":"name","type":{"type":"struct","fields":[)"
          R"({"name":"first","type":"string","nullable":true,"metadata":{}}]},)"
          R"("nullable":false,"metadata":{"comment":"x"}},)"
          R"({"name":"tags","type":{"type":"array","elementType":"string","containsNull":true},)"
          R"("nullable":true,"metadata":{}},)"
          R"({"name":"m","type":{"type":"map","keyType":"string","valueType":)"
          R"({"type":"struct","fields":[{"name":"a","type":"integer","nullable":true,)"
          R"("metadata":{}}]},"valueContainsNull":true},"nullable":true,"metadata":{}}]})");

    using Row = std::tuple<std::string, std::string>;
    const auto [text, json] = GENERATE(table<std::string, std::string>({
        Row{"BOOLEAN", R"("boolean")"},
        Row{"TINYINT", R"("byte")"},
        Row{"SMALLINT", R"("short")"},
        Row{"INT", R"("integer")"},
        Row{"BIGINT", R"("long")"},
        Row{"FLOAT", R"("float")"},
        Row{"DOUBLE", R"("double")"},
        Row{"DECIMAL(10,2)", R"j("decimal(10,2)")j"},
        Row{"STRING", R"("string")"},
        Row{"CHAR(3)", R"j("char(3)")j"},
        Row{"VARCHAR(10)", R"j("varchar(10)")j"},
        Row{"BINARY", R"("binary")"},
        Row{"DATE", R"("date")"},
        Row{"TIMESTAMP", R"("timestamp")"},
        Row{"TIMESTAMP_NTZ", R"("timestamp_ntz")"},
        Row{"VOID", R"("void")"},
        Row{"INTERVAL", R"("interval")"},
        Row{"VARIANT", R"("variant")"},
        Row{"INTERVAL YEAR TO MONTH", R"("interval year to month")"},
        Row{"INTERVAL HOUR", R"("interval hour")"},
        Row{"ARRAY<INT>", R"({"type":"array","elementType":"integer","containsNull":true})"},
        Row{"MAP<STRING, BIGINT>",
            R"({"type":"map","keyType":"string","valueType":"long","valueContainsNull":true})"},
        Row{"STRUCT<>", R"({"type":"struct","fields":[]})"},
    }));
    CAPTURE(text);
    CHECK(spark_json(*parse_ddl_type(text)) == json);
}

TEST_CASE("containment nullability is written and read", "[json]") {
    const TypePtr t = make_struct({StructField{
        "a", make_map(int_type(), make_array(int_type(), false), false), false, "{}"}});
    const std::string json = spark_json(*t);
    CHECK(json == R"({"type":"struct","fields":[{"name":"a","type":{"type":"map",)"
                  R"("keyType":"integer","valueType":{"type":"array","elementType":"integer",)"
                  R"("containsNull":false},"valueContainsNull":false},"nullable":false,)"
                  R"("metadata":{}}]})");
    CHECK(equals(*json_type(json), *t));
}

TEST_CASE("Spark JSON reading: lenient where Spark is", "[json]") {
    // Spark reads fields without `nullable` / `metadata`, the old name "null" and bare
    // "decimal".
    const TypePtr t = json_type(R"j({"type":"struct","fields":[
        {"name":"a","type":"decimal"},
        {"name":"b","type":"null","nullable":false},
        {"name":"c","type":"timestamp_ltz","metadata":{}},
        {"name":"d","type":"decimal( 5 , 2 )"},
        {"name":"e","type":"char(4)"},
        {"name":"f","type":"interval day to second"}]})j");
    CHECK(to_ddl(*t) == "a DECIMAL(10,0),b VOID NOT NULL,c TIMESTAMP,d DECIMAL(5,2),e CHAR(4),"
                        "f INTERVAL DAY TO SECOND");
}

TEST_CASE("field metadata is kept verbatim", "[json]") {
    const TypePtr t = json_type(R"({"type":"struct","fields":[{"name":"a","type":"integer",
        "nullable":true,"metadata":{"x":[1,2,{"y":null}],"comment":"it's","k":1.5}}]})");
    CHECK(spark_json(*t) ==
          R"({"type":"struct","fields":[{"name":"a","type":"integer","nullable":true,)"
          R"("metadata":{"comment":"it's","k":1.5,"x":[1,2,{"y":null}]}}]})");
    CHECK(to_ddl(*t) == R"(a INT COMMENT 'it\'s')");
}

TEST_CASE("Spark JSON is written in the writer's style, metadata included", "[json]") {
    // A name may not hold a control character (the readers refuse one); metadata may.
    const TypePtr t =
        json_type(R"({"type":"struct","fields":[{"name":"a\"b\u00e9","type":{"type":"map",
        "keyType":"string","valueType":{"type":"array","elementType":"integer",
        "containsNull":false},"valueContainsNull":true},"nullable":true,
        "metadata":{"x":[1,-2,18446744073709551615,{"y":null,"z":[]}],"e":{},"k":1.5e300,
        "s":"q\"\u0001\u00e9"}},{"name":"b","type":"string","nullable":false,"metadata":{}}]})");
    const std::string compact = spark_json(*t);
    const std::string pretty = prune_test::json_text(
        [&](JsonWriter& out) { write_spark_json(*t, out); }, JsonStyle::Pretty);
    CHECK(pretty == nlohmann::ordered_json::parse(compact).dump(2));
    CHECK(compact == nlohmann::ordered_json::parse(pretty).dump());
    CHECK(equals(*through_json(t), *t));
}

TEST_CASE("malformed Spark JSON is rejected with the JSON path", "[json]") {
    using Row = std::tuple<std::string, std::string>;
    const auto [text, message] = GENERATE(table<std::string, std::string>({
        Row{R"({"type":"struct","fields":[{"name":"a","type":"integer"},)"
            R"({"name":"b","type":"integer"},{"name":"c","type":"strin"}]})",
            "schema.json: fields[2].type: unknown type 'strin'"},
        Row{R"({"type":"struct","fields":[{"type":"integer"}]})",
            "schema.json: fields[0]: missing key 'name'"},
        Row{R"({"type":"struct","fields":[{"name":"a"}]})",
            "schema.json: fields[0]: missing key 'type'"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":"integer"},)"
            R"({"name":"b","type":"integer","nullable":"yes"}]})",
            "schema.json: fields[1].nullable: expected a boolean"},
        Row{R"({"type":"struct","fields":[{"name":1,"type":"integer"}]})",
            "schema.json: fields[0].name: expected a string"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":"integer","metadata":[]}]})",
            "schema.json: fields[0].metadata: expected an object"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":"integer","nulable":true}]})",
            "schema.json: fields[0]: unexpected key 'nulable'"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":"integer"},)"
            R"({"name":"a","type":"long"}]})",
            "schema.json: fields[1].name: duplicate field name 'a'"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":3}]})",
            "schema.json: fields[0].type: expected a type name or a type object"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":"int"}]})",
            "schema.json: fields[0].type: unknown type 'int'"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":"INTEGER"}]})",
            "schema.json: fields[0].type: unknown type 'INTEGER'"},
        Row{R"j({"type":"struct","fields":[{"name":"a","type":"decimal(40,2)"}]})j",
            "schema.json: fields[0].type: decimal precision 40 is not between 1 and 38"},
        Row{R"j({"type":"struct","fields":[{"name":"a","type":"decimal(4,5)"}]})j",
            "schema.json: fields[0].type: decimal scale 5 is not between 0 and 4"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":{"type":"array",)"
            R"("elementType":"integer"}}]})",
            "schema.json: fields[0].type: missing key 'containsNull'"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":{"type":"array",)"
            R"("elementType":{"type":"struct","fields":[{"name":"x","type":"integer"},)"
            R"({"name":"y","type":"int"}]},"containsNull":true}}]})",
            "schema.json: fields[0].type.elementType.fields[1].type: unknown type 'int'"},
        Row{R"({"type":"struct","fields":[{"name":"m","type":{"type":"map","keyType":"strin",)"
            R"("valueType":"integer","valueContainsNull":true}}]})",
            "schema.json: fields[0].type.keyType: unknown type 'strin'"},
        Row{R"({"type":"struct","fields":[{"name":"m","type":{"type":"map","keyType":"string",)"
            R"("valueType":"integer","valueContainsNull":1}}]})",
            "schema.json: fields[0].type.valueContainsNull: expected a boolean"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":{"type":"integer"}}]})",
            "schema.json: fields[0].type.type: expected 'struct', 'array' or 'map', got "
            "'integer'"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":{"type":"udt","class":"X"}}]})",
            "schema.json: fields[0].type.type: user-defined types are not supported"},
        Row{R"({"type":"struct","fields":{}})", "schema.json: fields: expected an array"},
        Row{R"({"type":"struct","fields":[1]})", "schema.json: fields[0]: expected a field object"},
        Row{R"({"type":"struct"})", "schema.json: missing key 'fields'"},
        Row{R"({"fields":[]})", "schema.json: missing key 'type'"},
        Row{R"({"type":"array","elementType":"integer","containsNull":true})",
            "schema.json: type: expected \"struct\""},
        Row{R"([1])",
            R"(schema.json: expected a struct type object ({"type":"struct","fields":[...]}))"},
    }));
    CAPTURE(text);
    CHECK_THROWS_MATCHES(json_type(text), SchemaError, Catch::Matchers::Message(message));
    if (text.front() == '{') {
        CHECK_THROWS_MATCHES(one_pass_type(text), SchemaError, Catch::Matchers::Message(message));
    }
}

TEST_CASE("JSON read in one pass gives what the whole document gives", "[json]") {
    // Fields are read as soon as their object ends, whatever the order of keys; their errors
    // are raised where reading the whole document meets them first.
    const auto nested_structs = [](std::size_t levels) {
        return repeat(R"({"type":"struct","fields":[{"name":"a","type":)", levels) +
               R"("integer")" + repeat("}]}", levels);
    };
    const std::vector<std::string> documents = {
        // Valid, keys in any order, metadata holding what looks like fields.
        R"({"fields":[{"metadata":{"k":[1,{"fields":[{"name":2}]}],"fields":[]},"nullable":false,)"
        R"("type":{"valueContainsNull":false,"valueType":{"fields":[{"name":"v","type":"long"}],)"
        R"("type":"struct"},"keyType":"string","type":"map"},"name":"m"},)"
        R"({"type":{"containsNull":true,"elementType":{"type":"struct","fields":[{"name":"x",)"
        R"("type":"date"}]},"type":"array"},"name":"arr"}],"type":"struct"})",
        // A repeated key: the last one counts, as in nlohmann's DOM.
        R"({"type":"struct","fields":[{"name":"a","type":"strin"}],"fields":[{"name":"b","type":"integer"}]})",
        R"({"type":"struct","fields":[{"name":"a","name":"b","type":"integer","type":"string"}]})",
        // The document's own error before any field's.
        R"({"fields":[{"type":"int","name":"a"}],"type":"array"})",
        R"({"fields":[{"type":"int","name":"a"}],"type":"struct","extra":1})",
        // A field's error before a later sibling's duplicate name, and the other way round.
        R"({"type":"struct","fields":[{"name":"a","type":"strin"},{"name":"a","type":"integer"}]})",
        R"({"type":"struct","fields":[{"name":"a","type":"integer"},{"type":"strin","name":"a"}]})",
        R"({"type":"struct","fields":[{"type":"strin","name":"a","x":1}]})",
        R"({"type":"struct","fields":[{"name":"a","type":"integer"},true]})",
        R"({"type":"struct","fields":[{"name":"a","type":"integer"},{"name":"\u0001"}]})",
        // Fields the reader never reaches: an array type has no `fields`.
        R"({"type":"struct","fields":[{"name":"s","type":{"fields":[{"name":"x","type":"bad"}],)"
        R"("type":"array","containsNull":true,"elementType":"integer"}}]})",
        // Errors deep inside, and a duplicate name among the inner fields.
        R"({"type":"struct","fields":[{"name":"s","type":{"type":"struct","fields":[)"
        R"({"name":"x","type":"integer"},{"name":"x","type":"bad"}]}}]})",
        R"({"type":"struct","fields":[{"name":"s","nullable":"no","type":{"type":"struct",)"
        R"("fields":[{"name":"x","type":"bad"}]}}]})",
        // Nesting: the limit, one past it, far past it.
        nested_structs(kMaxNestingDepth),
        nested_structs(kMaxNestingDepth + 1),
        nested_structs(5000),
    };
    for (const std::string& text : documents) {
        CAPTURE(text.substr(0, 200));
        std::string whole;
        std::string one_pass;
        try {
            whole = spark_json(*json_type(text));
        } catch (const SchemaError& e) {
            whole = std::string("error: ") + e.what();
        }
        try {
            one_pass = spark_json(*one_pass_type(text));
        } catch (const SchemaError& e) {
            one_pass = std::string("error: ") + e.what();
        }
        CHECK(one_pass == whole);
    }
}

TEST_CASE("Spark JSON nesting is bounded", "[json]") {
    const auto nested = [](std::size_t levels) {
        return R"({"type":"struct","fields":[{"name":"a","type":)" +
               repeat(R"({"type":"array","containsNull":true,"elementType":)", levels) +
               R"("integer")" + repeat("}", levels) + "}]}";
    };
    const TypePtr deepest = json_type(nested(kMaxNestingDepth - 2));
    CHECK(type_depth(*deepest) == kMaxNestingDepth);
    CHECK_THROWS_MATCHES(
        json_type(nested(kMaxNestingDepth - 1)), SchemaError,
        Catch::Matchers::Message("schema.json: fields[0]: nesting deeper than 1000 levels"));
    CHECK_THROWS_MATCHES(
        json_type(nested(100000)), SchemaError,
        Catch::Matchers::Message("schema.json: fields[0]: nesting deeper than 1000 levels"));
}

TEST_CASE("every schema of the Spark cases survives DDL -> JSON -> DDL", "[ddl][json]") {
    std::vector<std::string> files{PRUNE_SOURCE_DIR "/tests/data/spark_cases.jsonl"};
    if (std::ifstream(PRUNE_SOURCE_DIR "/../shared/cases/spark_cases.jsonl")) {
        files.emplace_back(PRUNE_SOURCE_DIR "/../shared/cases/spark_cases.jsonl");
    }
    for (const std::string& file : files) {
        std::ifstream in(file);
        REQUIRE(in);
        std::set<std::string> schemas;
        std::string line;
        while (std::getline(in, line)) {
            if (line.find_first_not_of(" \t\r") == std::string::npos) {
                continue;
            }
            const auto record = nlohmann::json::parse(line);
            if (record.contains("schema") && record["schema"].is_string()) {
                schemas.insert(record["schema"].get<std::string>());
            }
        }
        CAPTURE(file);
        CHECK(schemas.size() >= 10);
        for (const std::string& schema : schemas) {
            CAPTURE(schema);
            const TypePtr t1 = ddl(schema);
            const TypePtr t2 = through_json(t1);
            const TypePtr t3 = ddl(to_ddl(*t2));
            CHECK(equals(*t1, *t2));
            CHECK(equals(*t2, *t3));
            CHECK(equals(*t1, *t3));
            CHECK(same_type(*parse_ddl_type(catalog_string(*t1)), *t1));
        }
    }
}
