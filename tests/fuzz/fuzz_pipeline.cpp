// libFuzzer harness: the whole pipeline on arbitrary query bytes, against three fixed tables
// (the contacts table of Spark's SchemaPruningSuite, SPEC.md's orders, the events table of
// spark-semantics.md §15), each under every profile, then printed as text and JSON.
//
//     SELECT transform(rule_results, r -> r.score) FROM events
//       -> parse -> analyze (per table) -> prune (legacy, spark, extended) -> print_text, to_json
//
// Each table is a single-table catalog, so every query resolves its FROM against all three.
// The pipeline checks ordinals itself; the harness adds what a wrong answer would break: the
// read schema is a pruned copy of the table schema (same names, same order, same leaves),
// partition columns are never read, and the leaf counts add up.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "fuzz_support.hpp"
#include "output/printers.hpp"
#include "pipeline.hpp"
#include "types/schema_formats.hpp"

namespace {

using namespace prune;

struct FuzzTable {
    const char* ddl;
    std::vector<std::string> partition_columns;
};

const std::vector<Catalog>& catalogs() {
    static const std::vector<Catalog> all = [] {
        const std::vector<FuzzTable> tables = {
            {"id INT, name STRUCT<first: STRING, middle: STRING, last: STRING>, address STRING, "
             "pets INT, friends ARRAY<STRUCT<first: STRING, middle: STRING, last: STRING>>, "
             "relatives MAP<STRING, STRUCT<first: STRING, middle: STRING, last: STRING>>, "
             "employer STRUCT<id: INT, company: STRUCT<name: STRING, address: STRING>>, "
             "relations MAP<STRUCT<first: STRING, middle: STRING, last: STRING>, STRING>, p INT",
             {"p"}},
            {"id BIGINT, customer STRUCT<id: BIGINT, name: STRING, address: STRUCT<city: STRING, "
             "zip: STRING>>, items ARRAY<STRUCT<sku: STRING, qty: INT, price: DOUBLE, "
             "parts: ARRAY<STRUCT<code: STRING, weight: DOUBLE>>, "
             "props: MAP<STRING, STRUCT<v: STRING, w: INT>>>>",
             {}},
            {"id INT, rule_results ARRAY<STRUCT<rule_public_id: STRING, rule_version: INT, "
             "score: DOUBLE, details: STRUCT<a: INT, b: STRING>, "
             "items: ARRAY<STRUCT<v: INT, w: STRING>>>>, meta STRUCT<src: STRING, ts: BIGINT>",
             {}},
        };
        std::vector<Catalog> out;
        for (const FuzzTable& table : tables) {
            Catalog catalog = load_ddl_catalog(table.ddl);
            if (!table.partition_columns.empty()) {
                catalog.add_partition_columns(table.partition_columns,
                                              CaseSensitivity::Insensitive);
            }
            out.push_back(std::move(catalog));
        }
        return out;
    }();
    return all;
}

/// `read` is `full` with fields left out: same names in the same order, same leaf types.
bool is_pruned_of(const DataType& read, const DataType& full, std::size_t depth) {
    if (depth > kMaxNestingDepth + 1) {
        return false;
    }
    if (const StructType* r = read.struct_type()) {
        const StructType* f = full.struct_type();
        if (f == nullptr) {
            return false;
        }
        std::size_t next = 0;
        for (const StructField& field : r->fields()) {
            const auto at = f->field_index(field.name, CaseSensitivity::Sensitive);
            if (!at || *at < next || !is_pruned_of(*field.type, *(*f)[*at].type, depth + 1)) {
                return false;
            }
            next = *at + 1;
        }
        return true;
    }
    if (const ArrayType* r = read.array()) {
        const ArrayType* f = full.array();
        return f != nullptr && is_pruned_of(*r->element, *f->element, depth + 1);
    }
    if (const MapType* r = read.map()) {
        const MapType* f = full.map();
        return f != nullptr && is_pruned_of(*r->key, *f->key, depth + 1) &&
               is_pruned_of(*r->value, *f->value, depth + 1);
    }
    return same_type(read, full);
}

void check_result(const StatementResult& result, const Table& table) {
    fuzz::require(result.plan && result.original_plan, "a result without plans");
    fuzz::require(result.scans.size() == 1, "a single-table query with several scans");
    for (const ScanResult& scan : result.scans) {
        fuzz::require(scan.read_schema && scan.read_schema->struct_type(),
                      "a read schema that is not a struct");
        fuzz::require(is_pruned_of(*scan.read_schema, *table.schema, 0),
                      "a read schema that is not a pruned table schema: " +
                          catalog_string(*scan.read_schema));
        fuzz::require(scan.leaves_read <= scan.leaves_total, "more leaves read than stored");
        for (const std::string& column : table.partition_columns) {
            fuzz::require(
                !scan.read_schema->struct_type()->field_index(column, CaseSensitivity::Sensitive),
                "a partition column in the read schema: " + column);
        }
        const std::string json = to_spark_json(*scan.read_schema).dump();
        fuzz::must_accept(
            [&] {
                const TypePtr again = from_spark_json(nlohmann::json::parse(json), "s.json");
                fuzz::require(equals(*again, *scan.read_schema), "read_schema_json round trip");
            },
            "read_schema_json does not read back");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto source = std::make_shared<const SourceFile>(
        "query.sql", std::string(reinterpret_cast<const char*>(data), size));
    // Mutations flip the length often, so both resolvers get their share.
    const CaseSensitivity cs =
        size % 2 == 0 ? CaseSensitivity::Insensitive : CaseSensitivity::Sensitive;
    for (const StatementText& text : split_statements(*source)) {
        ast::Statement statement;
        if (!fuzz::accepts([&] { statement = parse_statement(source, text); })) {
            continue;
        }
        for (const Catalog& catalog : catalogs()) {
            BoundStatement bound;
            if (!fuzz::accepts(
                    [&] { bound = analyze(statement, catalog, source, AnalyzerOptions{cs}); })) {
                continue;
            }
            fuzz::accepts([&] { fuzz::require_utf8(dump_bound(*bound.plan), "dump_bound"); });
            int style = 0;
            for (Profile profile : {Profile::Legacy, Profile::Spark, Profile::Extended}) {
                fuzz::accepts([&] {
                    StatementResult result = prune_statement(bound, PipelineOptions{profile, cs});
                    result.index = text.index;
                    result.file = source->name();
                    check_result(result, bound.table);
                    const TextOptions options{static_cast<SchemaStyle>(style++ % 4),
                                              profile == Profile::Spark};
                    const std::string text_output = print_text(result, options);
                    fuzz::require(!text_output.empty(), "empty text output");
                    fuzz::require_utf8(text_output, "print_text");
                    // dump() throws on invalid UTF-8: a foreign exception, so a finding.
                    fuzz::require(!to_json(result).dump().empty(), "empty JSON output");
                });
            }
        }
    }
    return 0;
}
