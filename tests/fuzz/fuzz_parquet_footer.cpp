// libFuzzer harness: the Parquet footer reader (issue 31) over arbitrary bytes, two ways:
//   1. the bytes as a whole file (`--schema FILE`): detection, the length and magic framing,
//      the footer, the schema mapping;
//   2. the bytes as a footer, framed as a file around them: the Thrift compact reader and the
//      schema tree get every input, without the fuzzer having to find the framing first.
// A rejection (SchemaError) is the expected outcome for most bytes. An accepted table must
// have a struct schema whose Spark JSON reads back, column bytes laid over it, and byte
// figures that add up: reading everything reads the total, reading nothing reads 0, and the
// top-level columns read one at a time add up to the total.

#include <cstddef>
#include <cstdint>
#include <string>

#include "catalog/catalog.hpp"
#include "fuzz_support.hpp"
#include "parquet/dataset.hpp"
#include "parquet/scan_bytes.hpp"
#include "types/schema_formats.hpp"

namespace {

using namespace prune;

void check_table(const Table& table) {
    fuzz::require(table.schema && table.schema->struct_type(), "a table that is not a struct");
    fuzz::require(table.column_bytes != nullptr, "a Parquet table without column bytes");
    const DataType& schema = *table.schema;
    fuzz::require_utf8(tree_string(schema), "tree_string");
    const std::string json = spark_json(schema);
    fuzz::must_accept(
        [&] {
            const TypePtr again = from_spark_json(nlohmann::json::parse(json), "s.json");
            fuzz::require(equals(*again, schema), "JSON round trip changed the schema");
        },
        "JSON round trip rejected");
    const auto all = scan_bytes(table, table.schema);
    fuzz::require(all && all->read == all->total, "reading every column reads less than all");
    fuzz::require(all->total >= 0, "negative bytes");
    fuzz::require(scan_bytes(table, make_struct({}))->read == 0, "reading nothing costs bytes");
    std::int64_t sum = 0;
    for (const StructField& field : schema.struct_type()->fields()) {
        const auto one = scan_bytes(table, make_struct({field}));
        fuzz::require(one && one->read >= 0 && one->read <= all->total, "a column's bytes");
        sum = one->read > INT64_MAX - sum ? INT64_MAX : sum + one->read;
    }
    fuzz::require(sum == all->total || all->total == INT64_MAX,
                  "the columns' bytes do not add up to the total");
}

void load(const std::string& bytes) {
    parquet::MemoryFileSource files;
    files.add("f.parquet", bytes);
    std::optional<Table> table;
    if (fuzz::accepts([&] {
            table = parquet::load_parquet_source(files, "f.parquet", parquet::DatasetOptions{});
        }) &&
        table) {
        check_table(*table);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    load(bytes);
    std::string framed = "PAR1" + bytes;
    for (int i = 0; i < 4; ++i) {
        framed += static_cast<char>((size >> (8 * i)) & 0xFFU);
    }
    load(framed + "PAR1");
    return 0;
}
