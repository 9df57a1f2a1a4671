#include <catch2/catch.hpp>

#include "catalog/catalog.hpp"
#include "diag/diagnostic.hpp"
#include "support.hpp"
#include "types/schema_formats.hpp"

using namespace prune;

namespace {

std::string catalog_of(const Catalog& catalog, const std::string& table) {
    const auto found = catalog.find(table);
    return found ? catalog_string(*found->schema) : "<none>";
}

using prune_test::repeat;

} // namespace

TEST_CASE("a DDL schema is one table that answers to any name", "[catalog]") {
    const Catalog catalog = load_catalog("\n  id INT, name STRUCT<first: STRING>\n", "schema.ddl");
    CHECK(catalog.is_single());
    CHECK(catalog.table_names().empty());
    const auto events = catalog.find("Events");
    REQUIRE(events);
    CHECK(events->name == "Events");
    CHECK(catalog_string(*events->schema) == "struct<id:int,name:struct<first:string>>");
    CHECK(catalog.find("other")->name == "other");

    const Catalog inline_ddl = load_ddl_catalog("a INT");
    CHECK(inline_ddl.is_single());
    CHECK(catalog_of(inline_ddl, "t") == "struct<a:int>");
}

TEST_CASE("a StructType JSON object is one table", "[catalog]") {
    const Catalog catalog = load_catalog(
        R"(  {"type":"struct","fields":[{"name":"id","type":"long","nullable":false,"metadata":{}}]})",
        "schema.json");
    CHECK(catalog.is_single());
    CHECK(catalog_of(catalog, "anything") == "struct<id:bigint>");
    CHECK_FALSE(catalog.find("x")->schema->struct_type()->fields()[0].nullable);
}

TEST_CASE("a catalog JSON names its tables in all three forms", "[catalog]") {
    const Catalog catalog = load_catalog(R"({"tables": {
        "events": {"schema": "id INT, p STRING, q INT", "partition_columns": ["P"]},
        "Users": {"type": "struct", "fields": [{"name": "uid", "type": "long"}]},
        "raw": "line STRING",
        "logs": {"schema": {"type":"struct","fields":[{"name":"d","type":"date"}]}}
    }})",
                                         "schema.json");
    CHECK_FALSE(catalog.is_single());
    CHECK(catalog.table_names() == std::vector<std::string>{"Users", "events", "logs", "raw"});
    CHECK(catalog_of(catalog, "EVENTS") == "struct<id:int,p:string,q:int>");
    CHECK(catalog_of(catalog, "users") == "struct<uid:bigint>");
    CHECK(catalog_of(catalog, "raw") == "struct<line:string>");
    CHECK(catalog_of(catalog, "logs") == "struct<d:date>");
    CHECK_FALSE(catalog.find("missing"));

    const Table events = *catalog.find("events");
    CHECK(events.name == "events");
    // Partition columns take the schema's spelling and stay in the schema, in table order.
    CHECK(events.partition_columns == std::vector<std::string>{"p"});
    CHECK(events.is_partition_column("p", CaseSensitivity::Sensitive));
    CHECK(events.is_partition_column("P", CaseSensitivity::Insensitive));
    CHECK_FALSE(events.is_partition_column("P", CaseSensitivity::Sensitive));
    CHECK_FALSE(events.is_partition_column("q", CaseSensitivity::Insensitive));
    CHECK(catalog.find("users")->partition_columns.empty());
}

TEST_CASE("add_partition_columns marks every table that has the column", "[catalog]") {
    Catalog catalog = load_catalog(R"({"tables": {
        "a": "id INT, dt STRING", "b": "id INT, DT STRING, x INT", "c": "z INT"}})",
                                   "schema.json");
    catalog.add_partition_columns({"dt"}, CaseSensitivity::Insensitive);
    CHECK(catalog.find("a")->partition_columns == std::vector<std::string>{"dt"});
    CHECK(catalog.find("b")->partition_columns == std::vector<std::string>{"DT"});
    CHECK(catalog.find("c")->partition_columns.empty());
    // Adding twice changes nothing.
    catalog.add_partition_columns({"dt"}, CaseSensitivity::Insensitive);
    CHECK(catalog.find("a")->partition_columns == std::vector<std::string>{"dt"});

    catalog.add_partition_columns({"x"}, CaseSensitivity::Sensitive);
    CHECK(catalog.find("b")->partition_columns == std::vector<std::string>{"DT", "x"});
    CHECK_THROWS_MATCHES(
        catalog.add_partition_columns({"X"}, CaseSensitivity::Sensitive), SchemaError,
        Catch::Matchers::Message("partition column 'X' is not a column of any table"));
    CHECK_THROWS_MATCHES(
        catalog.add_partition_columns({"nope"}, CaseSensitivity::Insensitive), SchemaError,
        Catch::Matchers::Message("partition column 'nope' is not a column of any table"));

    Catalog single = load_ddl_catalog("id INT, p INT");
    single.add_partition_columns({"P"}, CaseSensitivity::Insensitive);
    const Table t = *single.find("contacts");
    CHECK(t.name == "contacts");
    CHECK(t.partition_columns == std::vector<std::string>{"p"});
    CHECK(catalog_string(*t.schema) == "struct<id:int,p:int>");
}

TEST_CASE("Catalog::single and add", "[catalog]") {
    Catalog catalog;
    catalog.add(Table{"t", load_ddl_catalog("a INT").find("t")->schema, {}});
    CHECK(catalog.find("T")->name == "t");
    CHECK_FALSE(catalog.is_single());
    Catalog single = Catalog::single(load_ddl_catalog("a INT").find("t")->schema);
    CHECK(single.is_single());
    CHECK_THROWS_AS(single.add(Table{"u", nullptr, {}}), InternalError);
}

TEST_CASE("a catalog JSON read in one pass keeps tables, paths and error order", "[catalog]") {
    // Tables named like the keys of a schema are tables all the same.
    const Catalog catalog = load_catalog(R"({"tables": {"fields": "a INT", "metadata":
        {"type": "struct", "fields": [{"name": "q", "type": "integer"}]}}})",
                                         "schema.json");
    CHECK(catalog_of(catalog, "fields") == "struct<a:int>");
    CHECK(catalog_of(catalog, "metadata") == "struct<q:int>");
    // Tables are read in name order, whatever the order of the text; paths start at each
    // table (and at its `schema`).
    CHECK_THROWS_MATCHES(
        load_catalog(
            R"({"tables": {"b": {"fields": [{"name": "x", "type": "bad"}], "type": "struct"},
            "a": {"schema": {"type": "struct", "fields": [{"name": "y", "type": "integer"}]},
                  "partition_columns": ["z"]}}})",
            "schema.json"),
        SchemaError,
        Catch::Matchers::Message(
            "schema.json: tables.a.partition_columns[0]: 'z' is not a column of table 'a'"));
    CHECK_THROWS_MATCHES(
        load_catalog(R"({"tables": {"b": {"schema": {"fields": [{"name": "s", "type": {"type":
            "struct", "fields": [{"name": "x", "type": "bad"}]}}], "type": "struct"}}}})",
                     "schema.json"),
        SchemaError,
        Catch::Matchers::Message(
            "schema.json: tables.b.schema: fields[0].type.fields[0].type: unknown type 'bad'"));
}

TEST_CASE("a query's table name resolves exactly", "[catalog]") {
    const Catalog catalog = load_catalog(R"({"tables": {
        "db.t": "a INT", "t": "b INT", "Sales.Orders": "c INT", "spark_catalog": "d INT"
    }})",
                                         "schema.json");
    const auto resolved = [&](std::vector<std::string> parts) {
        const auto table = catalog.resolve(parts);
        return table ? table->name : "<none>";
    };
    // `db.t` and Spark's `spark_catalog.db.t` are the table `db.t`; `t` is the table `t`.
    CHECK(resolved({"db", "t"}) == "db.t");
    CHECK(resolved({"spark_catalog", "db", "t"}) == "db.t");
    CHECK(resolved({"SPARK_CATALOG", "DB", "T"}) == "db.t");
    CHECK(resolved({"t"}) == "t");
    CHECK(resolved({"spark_catalog", "t"}) == "t");
    CHECK(resolved({"sales", "orders"}) == "Sales.Orders");
    // A lone `spark_catalog` is a table's own name, not a catalog.
    CHECK(resolved({"spark_catalog"}) == "spark_catalog");
    // No fallback from a qualified name to its last part, nor from `t` to `db.t`.
    CHECK(resolved({"nosuch", "t"}) == "<none>");
    CHECK(resolved({"other", "db", "t"}) == "<none>");
    CHECK(resolved({"orders"}) == "<none>");
    // Parts are compared one for one: a quoted `db.t` is one part, not the table `db.t`.
    CHECK(resolved({"db.t"}) == "<none>");
    CHECK(resolved({"db", "t", "x"}) == "<none>");

    const auto hint = [&](std::vector<std::string> parts) {
        return catalog.unknown_table_hint(parts);
    };
    CHECK(hint({"nosuch", "t"}) == "; did you mean 't'?");
    CHECK(hint({"db", "tt"}) == "; did you mean 'db.t'?");
    CHECK(hint({"spark_catalog", "sales", "order"}) == "; did you mean 'Sales.Orders'?");
    CHECK(hint({"orders"}) == "; did you mean 'Sales.Orders'?");
    CHECK(hint({"completely_unrelated"}).empty());
}

TEST_CASE("a single-table schema answers to any name, qualified or not", "[catalog]") {
    const Catalog single = load_ddl_catalog("a INT");
    const std::vector<std::string> qualified{"spark_catalog", "db", "Events"};
    REQUIRE(single.resolve(qualified));
    CHECK(single.resolve(qualified)->name == "spark_catalog.db.Events");
    const std::vector<std::string> bare{"x"};
    CHECK(single.resolve(bare)->name == "x");
}

TEST_CASE("split_table_name splits at every dot", "[catalog]") {
    CHECK(split_table_name("t") == std::vector<std::string>{"t"});
    CHECK(split_table_name("spark_catalog.db.t") ==
          std::vector<std::string>{"spark_catalog", "db", "t"});
    CHECK(split_table_name("a..b") == std::vector<std::string>{"a", "", "b"});
}

TEST_CASE("malformed schema files are rejected with a precise message", "[catalog]") {
    using Row = std::tuple<std::string, std::string>;
    const auto [text, message] = GENERATE(table<std::string, std::string>({
        Row{"", "schema.json: empty schema"},
        Row{" \n\t\r\n", "schema.json: empty schema"},
        Row{"id INT, x strin", "schema.json:1:11: unknown type 'strin'"},
        Row{"{\n  \"type\": \"struct\",\n  \"fields\": [\n}",
            "schema.json:4:1: malformed JSON: syntax error while parsing value - unexpected '}'; "
            "expected '[', '{', or a literal"},
        Row{"{\"type\": \"struct\"", "schema.json:1:18: malformed JSON: syntax error while "
                                     "parsing object - unexpected end of input; expected '}'"},
        Row{R"({"type":"struct","fields":[{"name":"a","type":"strin"}]})",
            "schema.json: fields[0].type: unknown type 'strin'"},
        Row{R"({"tables": {"t": "a INT, b strin"}})",
            "schema.json: tables.t:1:10: unknown type 'strin'"},
        Row{R"({"tables": {"t": {"schema": "a INT,\n b ARRAY<INT"}}})",
            "schema.json: tables.t.schema:2:13: expected '>' to close 'ARRAY<' at 2:4"},
        Row{R"({"tables": {"t": {"type":"struct","fields":[{"name":"a"}]}}})",
            "schema.json: tables.t: fields[0]: missing key 'type'"},
        Row{R"({"tables": {"t": {"schema": {"type":"struct","fields":[{"name":"a",)"
            R"("type":"integer","nullable":0}]}}}})",
            "schema.json: tables.t.schema: fields[0].nullable: expected a boolean"},
        Row{R"({"tables": {"t": 3}})",
            "schema.json: tables.t: expected a StructType JSON object or a DDL string"},
        Row{R"({"tables": {"t": ""}})", "schema.json: tables.t: empty schema"},
        Row{R"({"tables": {"t": {"schema": "a INT", "partition_columns": ["b"]}}})",
            "schema.json: tables.t.partition_columns[0]: 'b' is not a column of table 't'"},
        Row{R"({"tables": {"t": {"schema": "a INT", "partition_columns": "a"}}})",
            "schema.json: tables.t.partition_columns: expected an array of column names"},
        Row{R"({"tables": {"t": {"schema": "a INT", "partition_columns": [1]}}})",
            "schema.json: tables.t.partition_columns[0]: expected a column name"},
        Row{R"({"tables": {"t": {"schema": "a INT", "partitions": ["a"]}}})",
            "schema.json: tables.t: unexpected key 'partitions'"},
        Row{R"({"tables": {"t": "a INT", "T": "b INT"}})",
            "schema.json: tables: duplicate table name 't'"},
        Row{R"({"tables": {}})", "schema.json: tables: expected at least one table"},
        Row{R"({"tables": []})",
            "schema.json: tables: expected an object mapping table names to schemas"},
        Row{R"({"tables": {"t": "a INT"}, "extra": 1})", "schema.json: unexpected key 'extra'"},
        Row{R"({"fields": []})", "schema.json: missing key 'type'"},
        // Names are printed again: no control character, escaped in JSON or not.
        Row{R"({"type":"struct","fields":[{"name":"a","type":"integer"},)"
            R"({"name":"b\u0000c","type":"integer"}]})",
            "schema.json: fields[1].name: control character U+0000 in a field name"},
        Row{R"({"type":"struct","fields":[{"name":"s","type":{"type":"struct","fields":[)"
            R"({"name":"x\u001b[2J","type":"string"}]}}]})",
            "schema.json: fields[0].type.fields[0].name: control character U+001B in a field name"},
        Row{"{\"type\":\"struct\",\"fields\":[{\"name\":\"del\x7f\",\"type\":\"string\"}]}",
            "schema.json: fields[0].name: control character U+007F in a field name"},
        Row{R"({"tables": {"t": {"schema": {"type":"struct","fields":[{"name":"\t","type":"date"}]}}}})",
            "schema.json: tables.t.schema: fields[0].name: control character U+0009 in a field "
            "name"},
        Row{R"({"tables": {"t": "`a\u0001b` INT"}})",
            "schema.json: tables.t:1:3: control character U+0001 in a name"},
        Row{R"({"tables": {"a\u0000b": "x INT"}})",
            "schema.json: tables: control character U+0000 in a table name"},
        Row{"`new\nline` INT", "schema.json:1:5: control character U+000A in a name"},
    }));
    CAPTURE(text);
    CHECK_THROWS_MATCHES(load_catalog(text, "schema.json"), SchemaError,
                         Catch::Matchers::Message(message));
}

TEST_CASE("inline DDL errors are named <ddl>", "[catalog]") {
    CHECK_THROWS_MATCHES(load_ddl_catalog(""), SchemaError,
                         Catch::Matchers::Message("<ddl>: empty schema"));
    CHECK_THROWS_MATCHES(load_ddl_catalog("a INT, a INT"), SchemaError,
                         Catch::Matchers::Message("<ddl>:1:8: duplicate field name 'a'"));
}

TEST_CASE("deeply nested JSON catalogs are rejected, not overflowed", "[catalog]") {
    const std::size_t huge = 100000;
    const std::string deep = R"({"tables": {"t": {"type":"struct","fields":[{"name":"a","type":)" +
                             repeat(R"({"type":"array","containsNull":true,"elementType":)", huge) +
                             R"("integer")" + repeat("}", huge) + "}]}}}";
    CHECK_THROWS_MATCHES(load_catalog(deep, "schema.json"), SchemaError,
                         Catch::Matchers::Message(
                             "schema.json: tables.t: fields[0]: nesting deeper than 1000 levels"));
    // Deep JSON that is not even a schema: nlohmann parses it without recursion.
    CHECK_THROWS_MATCHES(
        load_catalog("{\"tables\": " + repeat("[", huge) + repeat("]", huge) + "}", "schema.json"),
        SchemaError,
        Catch::Matchers::Message("schema.json: tables: expected an object mapping table names to "
                                 "schemas"));
}
