// libFuzzer harness: the `--schema FILE` loader over arbitrary bytes (load_catalog detects
// JSON by a leading `{`, anything else is DDL) and the `--ddl TEXT` loader. Every table of an
// accepted catalog is printed in every schema style the CLI offers, and its Spark JSON must
// read back to the same type.
//
//     {"tables": {"events": {"schema": "id INT, p STRING", "partition_columns": ["p"]}}}

#include <cstddef>
#include <cstdint>
#include <string>

#include "catalog/catalog.hpp"
#include "fuzz_support.hpp"
#include "types/schema_formats.hpp"

namespace {

using namespace prune;

void check_catalog(const Catalog& catalog) {
    std::vector<std::string> names = catalog.table_names();
    if (catalog.is_single()) {
        names.push_back("t");
    }
    for (const std::string& name : names) {
        const std::optional<Table> table = catalog.find(name);
        fuzz::require(table.has_value(), "a listed table that cannot be found: " + name);
        fuzz::require(table->schema && table->schema->struct_type(),
                      "a table whose schema is not a struct: " + name);
        const DataType& schema = *table->schema;
        fuzz::require_utf8(catalog_string(schema), "catalog_string");
        fuzz::require_utf8(to_ddl(schema), "to_ddl");
        fuzz::require_utf8(tree_string(schema), "tree_string");
        (void)count_leaves(schema);
        const std::string json = spark_json(schema);
        fuzz::must_accept(
            [&] {
                const TypePtr again = from_spark_json(nlohmann::json::parse(json), "s.json");
                fuzz::require(equals(*again, schema), "JSON round trip changed " + name);
            },
            "JSON round trip rejected");
        for (const std::string& column : table->partition_columns) {
            fuzz::require(table->is_partition_column(column, CaseSensitivity::Sensitive),
                          "a partition column that is not one: " + column);
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    Catalog catalog;
    if (fuzz::accepts([&] { catalog = load_catalog(text, "schema.json"); })) {
        check_catalog(catalog);
        // `--partition-columns id`: known or a SchemaError, never anything else.
        fuzz::accepts([&] {
            catalog.add_partition_columns({"id"}, CaseSensitivity::Insensitive);
            check_catalog(catalog);
        });
    }
    if (fuzz::accepts([&] { catalog = load_ddl_catalog(text); })) {
        check_catalog(catalog);
    }
    return 0;
}
