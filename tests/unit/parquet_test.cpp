// Parquet files as the schema (issue 31): the footer reader, the type mapping, directories and
// partition folders, the bytes a scan reads, and files that are not what they claim.

#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>

#include "catalog/catalog.hpp"
#include "diag/diagnostic.hpp"
#include "parquet/dataset.hpp"
#include "parquet/partitions.hpp"
#include "parquet/scan_bytes.hpp"
#include "parquet_builder.hpp"
#include "types/schema_formats.hpp"

using namespace prune;
using namespace prune::parquet;
using namespace parquet_test;

namespace {

const std::string kData = std::string(PRUNE_SOURCE_DIR) + "/tests/data/parquet";

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

Table load_local(const std::string& relative, bool merge = false) {
    LocalFileSource files;
    return load_parquet_table(files, kData + "/" + relative, DatasetOptions{merge});
}

Table load_memory(const std::string& bytes, const std::string& name = "t.parquet") {
    MemoryFileSource files;
    files.add(name, bytes);
    return load_parquet_table(files, name, DatasetOptions{});
}

/// The rendered error (`t.parquet: error: ...`) of loading `bytes`, or "" when it loads.
std::string load_error(const std::string& bytes) {
    try {
        load_memory(bytes);
    } catch (const SchemaError& e) {
        return render(e);
    }
    return "";
}

TypePtr ddl(const std::string& text) { return parse_ddl_schema(SourceFile("read", text)); }

/// Column chunk sizes DuckDB's own footer reader reports (chunks.tsv), summed per file.
std::map<std::string, std::int64_t> duckdb_totals() {
    std::map<std::string, std::int64_t> totals;
    std::istringstream in(slurp(kData + "/chunks.tsv"));
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') {
            continue;
        }
        const std::size_t last = line.rfind('\t');
        totals[line.substr(0, line.find('\t'))] += std::stoll(line.substr(last + 1));
    }
    return totals;
}

std::string with_u32_at_end(std::string file, std::uint32_t length) {
    for (int i = 0; i < 4; ++i) {
        file[file.size() - 8 + static_cast<std::size_t>(i)] =
            static_cast<char>((length >> (8 * i)) & 0xFF);
    }
    return file;
}

/// A well-formed footer of one INT32 column `id`, written by `fields` into FileMetaData around
/// the required fields: for footers that carry fields the reader must skip or reject.
std::string footer_with(const std::function<void(ThriftWriter&)>& extra) {
    ThriftWriter w;
    w.begin_struct();
    w.i32_field(1, 1);
    w.field(2, kList);
    w.list(kStruct, 2);
    write_element(w, root(1));
    write_element(w, leaf("id", kInt32));
    w.i64_field(3, 0);
    w.field(4, kList);
    w.list(kStruct, 0);
    extra(w);
    w.end_struct();
    return file(w.bytes());
}

} // namespace

TEST_CASE("a DuckDB file of every scalar type maps as Spark 4 maps it", "[parquet]") {
    const Table t = load_local("types.parquet");
    CHECK(to_ddl(*t.schema) ==
          "i INT,l BIGINT,s SMALLINT,t TINYINT,u8 SMALLINT,u16 INT,u32 BIGINT,"
          "u64 DECIMAL(20,0),f FLOAT,d DOUBLE,dec_i32 DECIMAL(5,2),dec_i64 DECIMAL(15,2),"
          "dec_flba DECIMAL(30,4),str STRING,bin BINARY,flag BOOLEAN,day DATE,"
          "ts_ntz TIMESTAMP_NTZ,ts_utc TIMESTAMP,ts_ms TIMESTAMP_NTZ");
    CHECK(t.partition_columns.empty());
    REQUIRE(t.column_bytes);
    CHECK(t.column_bytes->bytes == duckdb_totals()["types.parquet"]);
}

TEST_CASE("a DuckDB file of nested types: structs, 3-level lists, maps", "[parquet]") {
    const Table t = load_local("nested.parquet");
    CHECK(catalog_string(*t.schema) ==
          "struct<id:bigint,name:struct<first:string,last:string,age:bigint>,"
          "items:array<struct<sku:string,qty:bigint,price:decimal(21,1)>>,"
          "attrs:map<string,bigint>,matrix:array<array<bigint>>,tags:array<string>>");
    REQUIRE(t.column_bytes);
    CHECK(t.column_bytes->bytes == duckdb_totals()["nested.parquet"]);

    // The chunks under the read leaves (chunks.tsv): name.first 56, items.qty 59, attrs 58+67.
    const auto read = scan_bytes(t, ddl("name STRUCT<first: STRING>, items ARRAY<STRUCT<qty: "
                                        "BIGINT>>, attrs MAP<STRING, BIGINT>"));
    REQUIRE(read);
    CHECK(read->read == 56 + 59 + 58 + 67);
    CHECK(read->total == 694);
    // A struct read whole counts all its leaves.
    CHECK(scan_bytes(t, ddl("name STRUCT<first: STRING, last: STRING, age: BIGINT>"))->read ==
          56 + 54 + 58);
    CHECK(scan_bytes(t, ddl("matrix ARRAY<ARRAY<BIGINT>>"))->read == 97);
}

TEST_CASE("scan_bytes is absent for a schema that did not come from Parquet", "[parquet]") {
    const Table t = *load_ddl_catalog("a INT").find("t");
    CHECK_FALSE(scan_bytes(t, ddl("a INT")).has_value());
}

TEST_CASE("a Hive-partitioned directory: folders become typed partition columns", "[parquet]") {
    const Table t = load_local("partitioned");
    CHECK(catalog_string(*t.schema) == "struct<id:bigint,payload:string,year:int,country:string>");
    CHECK(t.partition_columns == std::vector<std::string>{"year", "country"});
    const auto totals = duckdb_totals();
    std::int64_t sum = 0;
    for (const auto& [file, bytes] : totals) {
        sum += file.starts_with("partitioned/") ? bytes : 0;
    }
    CHECK(t.column_bytes->bytes == sum);
    CHECK(scan_bytes(t, ddl("id BIGINT"))->read == 4 * 33);
}

TEST_CASE("files of different schemas: the first file's, or --merge-schema's union", "[parquet]") {
    const Table first = load_local("evolving");
    CHECK(catalog_string(*first.schema) == "struct<id:int,s:struct<a:int>>");
    // Every file's chunks of the table's columns count; part-1's s.b and extra do not.
    CHECK(first.column_bytes->bytes == 29 + 29 + 29 + 29);

    const Table merged = load_local("evolving", true);
    CHECK(catalog_string(*merged.schema) == "struct<id:int,s:struct<a:int,b:string>,extra:string>");
    CHECK(merged.column_bytes->bytes ==
          duckdb_totals()["evolving/part-0.parquet"] + duckdb_totals()["evolving/part-1.parquet"]);
    CHECK(scan_bytes(merged, ddl("s STRUCT<b: STRING>"))->read == 30);
}

TEST_CASE("merging schemas rejects incompatible types, naming the file", "[parquet]") {
    MemoryFileSource files;
    files.add("d/a.parquet", file({root(1), leaf("x", kInt32)}, {{{{"x"}, 10}}}));
    files.add("d/b.parquet",
              file({root(1), leaf("x", kByteArray, kOptional, kUtf8)}, {{{{"x"}, 10}}}));
    CHECK(catalog_string(*load_parquet_table(files, "d", DatasetOptions{false}).schema) ==
          "struct<x:int>");
    try {
        load_parquet_table(files, "d", DatasetOptions{true});
        FAIL("merged");
    } catch (const SchemaError& e) {
        CHECK_THAT(render(e), Catch::Contains("d/b.parquet") && Catch::Contains("merge"));
    }
}

TEST_CASE("Spark 4 rejects nanosecond timestamps and TIME by default", "[parquet]") {
    CHECK_THROWS_WITH(load_local("nanos.parquet"),
                      Catch::Contains("Illegal Parquet type: INT64 (TIMESTAMP(NANOS"));
    CHECK_THROWS_WITH(load_local("time.parquet"), Catch::Contains("Illegal Parquet type"));
}

TEST_CASE("legacy 2-level lists, repeated fields and MAP_KEY_VALUE, over two row groups",
          "[parquet]") {
    const std::vector<Element> schema = {
        root(7),
        group("a", kOptional, 1, kListC), // repeated primitive: the element itself
        leaf("element", kInt32, kRepeated),
        group("b", kOptional, 1, kListC), // parquet-avro: a repeated group named `array`
        group("array", kRepeated, 1),
        leaf("x", kByteArray, kRequired, kUtf8),
        group("c", kOptional, 1, kListC), // parquet-thrift: `<name>_tuple`
        group("c_tuple", kRepeated, 1),
        leaf("y", kInt64, kRequired),
        group("d", kOptional, 1, kListC), // a repeated group of two fields
        group("element", kRepeated, 2),
        leaf("p", kInt32),
        leaf("q", kInt32),
        group("e", kRequired, 1, kListC), // the 3-level form, element optional
        group("list", kRepeated, 1),
        group("element", kOptional, 1),
        leaf("z", kInt32),
        leaf("r", kInt32, kRepeated), // a repeated field outside any list
        group("m", kOptional, 1, kMapKeyValue),
        group("map", kRepeated, 2),
        leaf("key", kByteArray, kRequired, kUtf8),
        leaf("value", kInt32, kOptional),
    };
    const std::vector<Chunk> group_chunks = {
        {{"a", "element"}, 10},
        {{"b", "array", "x"}, 20},
        {{"c", "c_tuple", "y"}, 30},
        {{"d", "element", "p"}, 40},
        {{"d", "element", "q"}, 50},
        {{"e", "list", "element", "z"}, 60},
        {{"r"}, 70},
        {{"m", "map", "key"}, 80},
        {{"m", "map", "value"}, 90},
    };
    const Table t = load_memory(file(schema, {group_chunks, group_chunks}));
    CHECK(catalog_string(*t.schema) ==
          "struct<a:array<int>,b:array<struct<x:string>>,c:array<struct<y:bigint>>,"
          "d:array<struct<p:int,q:int>>,e:array<struct<z:int>>,r:array<int>,"
          "m:map<string,int>>");
    // Nullability: the 2-level forms hold no nulls, the 3-level optional element may.
    const StructType& s = *t.schema->struct_type();
    CHECK_FALSE(s[0].type->array()->contains_null);
    CHECK_FALSE((*s[1].type->array()->element->struct_type())[0].nullable); // required x
    CHECK(s[4].type->array()->contains_null);
    CHECK_FALSE(s[4].nullable); // required e
    CHECK_FALSE(s[5].nullable); // repeated r: a required list
    CHECK(s[6].type->map()->value_contains_null);
    CHECK(t.column_bytes->bytes == 2 * (10 + 20 + 30 + 40 + 50 + 60 + 70 + 80 + 90));
    CHECK(scan_bytes(t, ddl("d ARRAY<STRUCT<q: INT>>, m MAP<STRING, INT>"))->read ==
          2 * (50 + 80 + 90));
}

TEST_CASE("annotations: LogicalType, ConvertedType, and which wins", "[parquet]") {
    const auto one = [](Element e) {
        e.name = "c";
        return catalog_string(*load_memory(file({root(1), e}, {{{{"c"}, 1}}})).schema);
    };
    const auto timestamp = [](bool utc, int unit) {
        return [=](ThriftWriter& w) {
            w.struct_field(8, [&] {
                w.field(1, utc ? kTrue : kFalse);
                w.struct_field(2, [&] { w.struct_field(static_cast<std::int16_t>(unit), [] {}); });
            });
        };
    };
    Element ts = leaf("c", kInt64);
    ts.logical = timestamp(false, 2); // MICROS, local time
    CHECK(one(ts) == "struct<c:timestamp_ntz>");
    ts.converted = kTimestampMicros; // the same legacy form: the logical type stays
    CHECK(one(ts) == "struct<c:timestamp_ntz>");
    ts.logical = timestamp(true, 1);
    ts.converted = {};
    CHECK(one(ts) == "struct<c:timestamp>");
    CHECK(one(leaf("c", kInt64, kOptional, kTimestampMicros)) == "struct<c:timestamp>");
    CHECK(one(leaf("c", kInt96)) == "struct<c:timestamp>");
    CHECK(one(leaf("c", kInt32, kOptional, kUint8)) == "struct<c:smallint>");
    CHECK(one(leaf("c", kInt64, kOptional, kUint64)) == "struct<c:decimal(20,0)>");
    CHECK(one(leaf("c", kInt32, kOptional, kInt8)) == "struct<c:tinyint>");
    CHECK(one(leaf("c", kInt32, kOptional, kDateC)) == "struct<c:date>");
    CHECK(one(leaf("c", kByteArray)) == "struct<c:binary>");
    Element dec = leaf("c", kFixed, kOptional, kDecimalC);
    dec.type_length = 16;
    dec.precision = 38;
    dec.scale = 10;
    CHECK(one(dec) == "struct<c:decimal(38,10)>");
    dec.type_length = 4; // 4 bytes hold 9 digits
    CHECK_THROWS_WITH(one(dec), Catch::Contains("Invalid decimal precision"));
    Element integer = leaf("c", kInt32);
    integer.logical = [](ThriftWriter& w) {
        w.struct_field(10, [&] {
            w.field(1, kByte);
            w.byte(16);
            w.field(2, kFalse);
        });
    };
    CHECK(one(integer) == "struct<c:int>"); // uint16
    Element unknown = leaf("c", kInt32);
    unknown.logical = [](ThriftWriter& w) { w.struct_field(30, [] {}); }; // a future member
    CHECK(one(unknown) == "struct<c:int>");
    CHECK_THROWS_WITH(one(leaf("c", kFixed)), Catch::Contains("Illegal Parquet type"));
}

TEST_CASE("partition values are typed by Spark's inference order", "[parquet]") {
    const auto type = [](std::string_view raw) {
        const TypePtr t = infer_partition_type(raw);
        return t ? catalog_string(*t) : std::string("null");
    };
    CHECK(type("7") == "int");
    CHECK(type("-2147483648") == "int");
    CHECK(type("2147483648") == "bigint");
    CHECK(type("12345678901234567890") == "decimal(20,0)");
    CHECK(type("1.5e1") == "decimal(2,0)");
    CHECK(type("1.5") == "double");
    CHECK(type("1e3") == "double"); // a negative BigDecimal scale: Spark refuses the decimal
    CHECK(type("NaN") == "double");
    CHECK(type("2.5d") == "double");
    CHECK(type("2024-05-01") == "date");
    CHECK(type("2024-02-30") == "string");
    CHECK(type("2024-05-01 10%3A00%3A00") == "timestamp");
    CHECK(type("2024-05-01 10:00:00.123") == "timestamp");
    CHECK(type("2024-05-01 24:00:00") == "string");
    CHECK(type("NO") == "string");
    CHECK(type("__HIVE_DEFAULT_PARTITION__") == "null");
    CHECK(type("0x1p3") == "string");

    const auto wider = [&](std::string_view a, std::string_view b) {
        const TypePtr t = wider_partition_type(infer_partition_type(a), infer_partition_type(b));
        return t ? catalog_string(*t) : std::string("null");
    };
    CHECK(wider("1", "3000000000") == "bigint");
    CHECK(wider("1", "12345678901234567890") == "decimal(20,0)");
    CHECK(wider("1", "1.5") == "double");
    CHECK(wider("2024-05-01", "2024-05-01 10:00:00") == "timestamp");
    CHECK(wider("1", "x") == "string");
    CHECK(wider("1", "__HIVE_DEFAULT_PARTITION__") == "int");
}

TEST_CASE("directories: hidden names, partition folders, conflicts", "[parquet]") {
    const std::string one = file({root(1), leaf("v", kInt32)}, {{{{"v"}, 5}}});
    MemoryFileSource files;
    files.add("t/k=1/_SUCCESS", "");
    files.add("t/k=1/.part-0.crc", "x");
    files.add("t/k=1/part-0.parquet", one);
    files.add("t/k=__HIVE_DEFAULT_PARTITION__/part-0.parquet", one);
    files.add("t/_temporary/0/part-9.parquet", "garbage");
    files.add("t/_c=1/x", ""); // an `_` name with `=` is not hidden
    CHECK_THROWS_WITH(load_parquet_table(files, "t", DatasetOptions{}),
                      Catch::Contains("t/_c=1/x"));
    MemoryFileSource ok;
    ok.add("t/k=1/_SUCCESS", "");
    ok.add("t/k=1/part-0.parquet", one);
    ok.add("t/k=__HIVE_DEFAULT_PARTITION__/part-0.parquet", one);
    ok.add("t/k=2%2F3/part-0.parquet", one);
    Table t = load_parquet_table(ok, "t", DatasetOptions{});
    CHECK(catalog_string(*t.schema) == "struct<v:int,k:string>");
    MemoryFileSource ints;
    ints.add("t/k=1/part-0.parquet", one);
    ints.add("t/k=__HIVE_DEFAULT_PARTITION__/part-0.parquet", one);
    t = load_parquet_table(ints, "t", DatasetOptions{});
    CHECK(catalog_string(*t.schema) == "struct<v:int,k:int>");
    CHECK(t.column_bytes->bytes == 10);

    MemoryFileSource conflict;
    conflict.add("t/a=1/part-0.parquet", one);
    conflict.add("t/b=1/part-0.parquet", one);
    CHECK_THROWS_WITH(load_parquet_table(conflict, "t", DatasetOptions{}),
                      Catch::Contains("conflicting partition column names"));
    MemoryFileSource structure;
    structure.add("t/x/a=1/part-0.parquet", one);
    structure.add("t/y/a=1/part-0.parquet", one);
    CHECK_THROWS_WITH(load_parquet_table(structure, "t", DatasetOptions{}),
                      Catch::Contains("conflicting directory structures"));

    // A partition column the files also store takes the folder's type, and costs nothing.
    MemoryFileSource overlap;
    overlap.add("t/v=2024-01-01/part-0.parquet", one);
    t = load_parquet_table(overlap, "t", DatasetOptions{});
    CHECK(catalog_string(*t.schema) == "struct<v:date>");
    CHECK(t.column_bytes->bytes == 0);
}

TEST_CASE("a directory of 1,000 files costs one read per file", "[parquet]") {
    MemoryFileSource files;
    for (int i = 0; i < 1000; ++i) {
        files.add(
            "t/day=" + std::to_string(i) + "/part-0.parquet",
            file({root(2), leaf("a", kInt32), leaf("b", kInt64)}, {{{{"a"}, 3}, {{"b"}, 4}}}));
    }
    const Table t = load_parquet_table(files, "t", DatasetOptions{});
    CHECK(t.column_bytes->bytes == 7000);
    CHECK(files.reads() == 1000);
    CHECK(files.reads_of("t/day=7/part-0.parquet") == 1);
}

TEST_CASE("a footer longer than the first read costs one more read", "[parquet]") {
    std::vector<Element> schema{root(8000)};
    std::vector<Chunk> chunks;
    for (int i = 0; i < 8000; ++i) {
        schema.push_back(leaf("column_" + std::to_string(i), kInt64));
        chunks.push_back({{"column_" + std::to_string(i)}, 1});
    }
    const std::string bytes = file(schema, {chunks});
    REQUIRE(bytes.size() > kTailRead);
    MemoryFileSource files;
    files.add("wide.parquet", bytes);
    const Table t = load_parquet_table(files, "wide.parquet", DatasetOptions{});
    CHECK(t.schema->struct_type()->size() == 8000);
    CHECK(files.reads() == 2);
}

TEST_CASE("detection is by content, never by name", "[parquet]") {
    MemoryFileSource files;
    files.add("schema.ddl", file({root(1), leaf("id", kInt32)}, {{{{"id"}, 1}}}));
    files.add("table.parquet", "id INT");
    CHECK(load_parquet_source(files, "schema.ddl", DatasetOptions{}).has_value());
    CHECK_FALSE(load_parquet_source(files, "table.parquet", DatasetOptions{}).has_value());
}

TEST_CASE("a catalog table given by path, relative to the catalog's directory", "[parquet]") {
    MemoryFileSource files;
    files.add("conf/data/e.parquet", file({root(1), leaf("id", kInt32)}, {{{{"id"}, 9}}}));
    const auto text = [](const std::string&) {
        return std::string(R"({"tables": {"events": {"path": "data/e.parquet"},
                                          "users": "name STRING"}})");
    };
    const Catalog catalog = load_schema_path(files, "conf/catalog.json", DatasetOptions{}, text);
    const auto events = catalog.find("events");
    REQUIRE(events);
    CHECK(events->column_bytes->bytes == 9);
    CHECK_FALSE(catalog.find("users")->column_bytes);
    CHECK_THROWS_WITH(load_catalog(R"({"tables": {"e": {"path": "x", "schema": "a INT"}}})",
                                   "c.json", [](const std::string&) { return Table{}; }),
                      Catch::Contains("unexpected key 'schema' next to 'path'"));
}

TEST_CASE("bad files are rejected with the file's name, never a crash", "[parquet][bad]") {
    const std::string good = file({root(1), leaf("id", kInt32)}, {{{{"id"}, 1}}});
    REQUIRE(load_error(good).empty());

    CHECK_THAT(load_error(good.substr(0, good.size() - 3)),
               Catch::Contains("t.parquet: error:") && Catch::Contains("no PAR1 magic at the end"));
    CHECK_THAT(load_error("PAR1PAR1"), Catch::Contains("too short"));
    CHECK_THAT(load_error("XXXX" + good.substr(4)), Catch::Contains("no PAR1 magic at the start"));
    CHECK_THAT(load_error(good.substr(0, good.size() - 4) + "PARE"), Catch::Contains("encrypted"));
    CHECK_THAT(load_error(with_u32_at_end(good, 0xFFFFFFFFU)),
               Catch::Contains("reaches past the start"));
    CHECK_THAT(load_error(with_u32_at_end(good, 3)), Catch::Contains("malformed footer"));
    CHECK_THAT(load_error(file(std::string(40, '\xff'))), Catch::Contains("malformed footer"));
}

TEST_CASE("hostile Thrift: lengths, nesting, unknown types", "[parquet][bad]") {
    // Unknown fields of every known type are skipped, and the file reads.
    const std::string skipped = footer_with([](ThriftWriter& w) {
        w.field(20, kI16);
        w.zigzag(-5);
        w.field(21, kDouble);
        w.bytes() += std::string(8, '\x01');
        w.field(22, kList);
        w.list(kTrue, 3); // booleans in a list: a byte each
        w.byte(1);
        w.byte(0);
        w.byte(1);
        w.field(23, kMap);
        w.varint(1);
        w.byte(kBinary << 4 | kStruct);
        w.string("k");
        w.begin_struct();
        w.field(1, kSet);
        w.list(kI64, 2);
        w.zigzag(1);
        w.zigzag(2);
        w.end_struct();
        w.field(300, kTrue); // a long field id, in full
        w.field(301, kByte);
        w.byte(7);
    });
    CHECK(load_error(skipped).empty());

    CHECK_THAT(load_error(footer_with([](ThriftWriter& w) { w.field(20, 14); })),
               Catch::Contains("unknown field type 14"));
    CHECK_THAT(load_error(footer_with([](ThriftWriter& w) {
                   w.field(20, kList);
                   w.list(kStruct, std::size_t{1} << 40);
               })),
               Catch::Contains("a list of 1099511627776 elements"));
    CHECK_THAT(load_error(footer_with([](ThriftWriter& w) {
                   w.field(20, kBinary);
                   w.varint(std::uint64_t{1} << 62);
               })),
               Catch::Contains("a string of"));
    CHECK_THAT(load_error(footer_with([](ThriftWriter& w) {
                   w.field(20, kMap);
                   w.varint(std::uint64_t{1} << 50);
               })),
               Catch::Contains("a map of"));
    CHECK_THAT(load_error(footer_with([](ThriftWriter& w) {
                   w.field(20, kI64);
                   w.bytes() += std::string(11, '\xff');
               })),
               Catch::Contains("varint"));
    CHECK_THAT(load_error(footer_with([](ThriftWriter& w) {
                   for (int i = 0; i < 100000; ++i) {
                       w.field(20, kStruct);
                       w.begin_struct();
                   }
               })),
               Catch::Contains("nested deeper than 64"));
    // A field of a known id with the wrong type.
    CHECK_THAT(load_error(footer_with([](ThriftWriter& w) { w.string_field(3, "ten"); })),
               Catch::Contains("wrong Thrift type"));
}

TEST_CASE("hostile schemas: num_children that lie, chunks that do not match", "[parquet][bad]") {
    CHECK_THAT(load_error(file({root(5), leaf("a", kInt32)}, {{{{"a"}, 1}}})),
               Catch::Contains("claims 5 children"));
    CHECK_THAT(load_error(file({root(-1), leaf("a", kInt32)}, {{{{"a"}, 1}}})),
               Catch::Contains("claims -1 children"));
    CHECK_THAT(load_error(file({root(1), leaf("a", kInt32), leaf("b", kInt32)}, {{{{"a"}, 1}}})),
               Catch::Contains("schema elements after the root's last child"));
    CHECK_THAT(load_error(file({root(1), leaf("a", kInt32)}, {{{{"a"}, 1}, {{"b"}, 1}}})),
               Catch::Contains("2 column chunks for a schema of 1 leaf columns"));
    CHECK_THAT(load_error(file({root(1), leaf("a", kInt32)}, {{{{"b"}, 1}}})),
               Catch::Contains("column chunk 0 is 'b'"));
    CHECK_THAT(load_error(file({root(1), leaf("a", kInt32)}, {{{{"a"}, -5}}})),
               Catch::Contains("a negative total_compressed_size"));
    // Duplicate names, at any depth, compared as Spark compares them by default.
    CHECK_THAT(load_error(file({root(2), leaf("a", kInt32), leaf("A", kInt32)},
                               {{{{"a"}, 1}, {{"A"}, 1}}})),
               Catch::Contains("duplicate column(s) in the data schema: 'A'"));
    CHECK_THAT(
        load_error(file({root(1), group("s", kOptional, 2), leaf("x", kInt32), leaf("x", kInt32)},
                        {{{{"s", "x"}, 1}, {{"s", "x"}, 1}}})),
        Catch::Contains("'s.x'"));
    // Names become column names, printed and written as JSON: they must be UTF-8.
    CHECK_THAT(load_error(file({root(1), leaf("a\xff", kInt32)}, {{{{"a\xff"}, 1}}})),
               Catch::Contains("is not UTF-8 text"));
    CHECK_THAT(load_error(file({root(1), group("l", kOptional, 2, kListC), leaf("a", kInt32),
                                leaf("b", kInt32)},
                               {{{{"l", "a"}, 1}, {{"l", "b"}, 1}}})),
               Catch::Contains("Invalid list type"));
    // Nesting as deep as the schema allows, and one level past it.
    for (const int depth : {999, 1001}) {
        std::vector<Element> schema{root(1)};
        for (int i = 0; i < depth; ++i) {
            schema.push_back(group("g", kOptional, 1));
        }
        schema.push_back(leaf("x", kInt32));
        std::vector<std::string> path(static_cast<std::size_t>(depth), "g");
        path.push_back("x");
        const std::string error = load_error(file(schema, {{{path, 1}}}));
        CHECK((depth < 1000 ? error.empty() : error.find("nested") != std::string::npos));
    }
}
