// libFuzzer harness: the whole pipeline on arbitrary query bytes, against three fixed tables
// (the contacts table of Spark's SchemaPruningSuite, the orders table of docs/RULES.md, and an
// events table whose array of structs holds a struct and another array of structs), each under
// every profile, printed as text and JSON, then verified on data (`--verify`): the original plan
// over fixed rows against the rewritten plan over the same rows projected to the read schema.
//
//     SELECT transform(rule_results, r -> r.score) FROM events
//       -> parse -> analyze (per table) -> prune (legacy, spark, extended) -> print_text,
//       write_json
//       -> verify on the table's "shapes" rows, then on its "edges" rows
//
// Each table is a single-table catalog, so every query resolves its FROM against all three.
// The pipeline checks ordinals itself; the harness adds what a wrong answer would break: the
// read schema is a pruned copy of the table schema (same names, same order, same leaves),
// partition columns are never read, the leaf counts add up, and the rewritten plan returns
// what the original returns. Two row sets per table, because a query stops at its first
// runtime error: the "shapes" rows (nulls at every level, empty and null arrays and maps,
// several elements, small numbers) rarely raise one, so every row gets compared; the "edges"
// rows (extreme INT and BIGINT values, NaN, infinities, -0.0, the largest and smallest
// doubles, empty strings and map keys) reach overflow and the comparison of NaN and -0.0.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "eval/evaluator.hpp"
#include "eval/rows.hpp"
#include "eval/verify.hpp"
#include "fuzz_support.hpp"
#include "output/printers.hpp"
#include "pipeline.hpp"
#include "types/schema_formats.hpp"
#include "util/deep_stack.hpp"

namespace {

using namespace prune;

struct FuzzTable {
    const char* ddl;
    std::vector<std::string> partition_columns;
    const char* shapes; // JSON lines: nulls, empty and null collections, several elements
    const char* edges;  // JSON lines: extreme numbers, NaN, infinities, -0.0, empty strings
};

/// One table of the harness: its catalog and its row sets, read once.
struct FuzzCatalog {
    Catalog catalog;
    std::vector<std::vector<std::vector<Value>>> row_sets;
};

// A map keyed by a struct (contacts.relations) cannot be read from JSON: it stays null.
const char* const kContactsShapes =
    R"({"id":0,"name":{"first":"Jane","middle":"X.","last":"Doe"},"address":"123 Main St",)"
    R"("pets":1,"friends":[{"first":"Susan","middle":"Z.","last":"Smith"},)"
    R"({"first":"","middle":null,"last":"\u00e9"}],"relatives":{"brother":{"first":"John",)"
    R"("middle":"Y.","last":"Doe"},"sister":null},"employer":{"id":0,"company":{"name":"abc",)"
    R"("address":"123 Business St"}},"p":1})"
    "\n"
    R"({"id":1,"name":{"first":"John","middle":null,"last":null},"address":"","pets":3,)"
    R"("friends":[null,{"first":"Jane"},{"first":"Jane","middle":"X.","last":"Doe"}],)"
    R"("relatives":{},"employer":{"id":null,"company":null},"relations":null,"p":2})"
    "\n"
    R"({"id":2,"name":null,"address":null,"pets":null,"friends":[],"relatives":null,)"
    R"("employer":null,"p":null})"
    "\n"
    R"({"id":null,"name":{"first":null,"middle":null,"last":null},"friends":null,)"
    R"("relatives":{"a":{"first":null,"middle":null,"last":null},"b":{"first":"x"}},)"
    R"("employer":{"company":{"name":null,"address":"a"}},"p":1})"
    "\n"
    R"({})"
    "\n";
const char* const kContactsEdges =
    R"({"id":2147483647,"name":{"first":"","middle":"","last":""},"address":"\u0000",)"
    R"("pets":-2147483648,"friends":[{"first":"","middle":"","last":""}],"relatives":{"":null},)"
    R"("employer":{"id":-2147483648,"company":{"name":"","address":""}},"p":2147483647})"
    "\n"
    R"({"id":-2147483648,"pets":2147483647,"friends":[null,null],)"
    R"("relatives":{"":{"first":""}},"employer":{"id":2147483647},"p":-2147483648})"
    "\n";

const char* const kOrdersShapes =
    R"({"id":1,"customer":{"id":7,"name":"Ann","address":{"city":"Oslo","zip":"0150"}},)"
    R"("items":[{"sku":"a","qty":2,"price":1.5,"parts":[{"code":"x","weight":0.5},)"
    R"({"code":null,"weight":2}],"props":{"color":{"v":"red","w":1},"size":null}},)"
    R"({"sku":"b","qty":3,"price":0.25,"parts":[],"props":{}}]})"
    "\n"
    R"({"id":2,"customer":{"id":8,"name":null,"address":null},)"
    R"("items":[null,{"sku":null,"qty":null,"price":null,"parts":null,"props":null}]})"
    "\n"
    R"({"id":3,"customer":{"id":null,"name":"Bo","address":{"city":null,"zip":null}},)"
    R"("items":[]})"
    "\n"
    R"({"id":null,"customer":null,"items":null})"
    "\n"
    R"({"id":1,"items":[{"sku":"a","qty":1,"price":1.5,"parts":[null,{"code":"y"}],)"
    R"("props":{"k":{"v":null,"w":null},"l":{"v":"v","w":2}}}]})"
    "\n";
const char* const kOrdersEdges =
    R"({"id":9223372036854775807,"customer":{"id":-9223372036854775808,"name":"",)"
    R"("address":{"city":"","zip":""}},"items":[{"sku":"","qty":2147483647,)"
    R"("price":1.7976931348623157e308,"parts":[{"code":"","weight":"NaN"},)"
    R"({"code":"","weight":-0.0}],"props":{"":{"v":"","w":-2147483648}}}]})"
    "\n"
    R"({"id":-9223372036854775808,"customer":{"id":9223372036854775807},)"
    R"("items":[{"qty":-2147483648,"price":"-Infinity","parts":[{"weight":"Infinity"}]},)"
    R"({"qty":0,"price":"NaN","parts":[{"weight":0.0}],"props":{}}]})"
    "\n"
    R"({"id":0,"items":[{"price":4.9e-324,"qty":-1},{"price":-0.0,"qty":0}]})"
    "\n";

const char* const kEventsShapes =
    R"({"id":1,"rule_results":[{"rule_public_id":"r1","rule_version":1,"score":0.5,)"
    R"("details":{"a":1,"b":"x"},"items":[{"v":1,"w":"a"},{"v":2,"w":null}]},)"
    R"({"rule_public_id":"r2","rule_version":2,"score":1.25,"details":null,"items":[]}],)"
    R"("meta":{"src":"s","ts":100}})"
    "\n"
    R"({"id":2,"rule_results":[null,{"rule_public_id":null,"rule_version":null,"score":null,)"
    R"("details":{"a":null,"b":null},"items":null}],"meta":{"src":null,"ts":null}})"
    "\n"
    R"({"id":3,"rule_results":[],"meta":null})"
    "\n"
    R"({"id":null,"rule_results":null})"
    "\n"
    R"({"id":1,"rule_results":[{"rule_public_id":"r1","rule_version":1,"score":0.5,)"
    R"("items":[null,{"v":3}]}],"meta":{"src":"t","ts":-5}})"
    "\n";
const char* const kEventsEdges =
    R"({"id":2147483647,"rule_results":[{"rule_public_id":"","rule_version":-2147483648,)"
    R"("score":"NaN","details":{"a":2147483647,"b":""},"items":[{"v":-2147483648,"w":""}]},)"
    R"({"rule_version":2147483647,"score":-0.0,"details":{"a":-2147483648}}],)"
    R"("meta":{"src":"","ts":9223372036854775807}})"
    "\n"
    R"({"id":-2147483648,"rule_results":[{"score":"Infinity"},{"score":"-Infinity"},)"
    R"({"score":1.7976931348623157e308}],"meta":{"ts":-9223372036854775808}})"
    "\n";

const std::vector<FuzzCatalog>& catalogs() {
    static const std::vector<FuzzCatalog> all = [] {
        const std::vector<FuzzTable> tables = {
            {"id INT, name STRUCT<first: STRING, middle: STRING, last: STRING>, address STRING, "
             "pets INT, friends ARRAY<STRUCT<first: STRING, middle: STRING, last: STRING>>, "
             "relatives MAP<STRING, STRUCT<first: STRING, middle: STRING, last: STRING>>, "
             "employer STRUCT<id: INT, company: STRUCT<name: STRING, address: STRING>>, "
             "relations MAP<STRUCT<first: STRING, middle: STRING, last: STRING>, STRING>, p INT",
             {"p"},
             kContactsShapes,
             kContactsEdges},
            {"id BIGINT, customer STRUCT<id: BIGINT, name: STRING, address: STRUCT<city: STRING, "
             "zip: STRING>>, items ARRAY<STRUCT<sku: STRING, qty: INT, price: DOUBLE, "
             "parts: ARRAY<STRUCT<code: STRING, weight: DOUBLE>>, "
             "props: MAP<STRING, STRUCT<v: STRING, w: INT>>>>",
             {},
             kOrdersShapes,
             kOrdersEdges},
            {"id INT, rule_results ARRAY<STRUCT<rule_public_id: STRING, rule_version: INT, "
             "score: DOUBLE, details: STRUCT<a: INT, b: STRING>, "
             "items: ARRAY<STRUCT<v: INT, w: STRING>>>>, meta STRUCT<src: STRING, ts: BIGINT>",
             {},
             kEventsShapes,
             kEventsEdges},
        };
        std::vector<FuzzCatalog> out;
        for (const FuzzTable& table : tables) {
            FuzzCatalog entry{load_ddl_catalog(table.ddl), {}};
            if (!table.partition_columns.empty()) {
                entry.catalog.add_partition_columns(table.partition_columns,
                                                    CaseSensitivity::Insensitive);
            }
            // The rows are the harness's own: one it cannot read is a harness bug, reported on
            // the very first input.
            const TypePtr schema = entry.catalog.find("t")->schema;
            for (const char* rows : {table.shapes, table.edges}) {
                try {
                    entry.row_sets.push_back(read_json_rows(rows, *schema, "rows.jsonl"));
                } catch (const std::exception& error) {
                    fuzz::finding("harness bug: fixed rows rejected", error.what());
                }
            }
            out.push_back(std::move(entry));
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

void check_result(const StatementResult& result, const Catalog& catalog) {
    fuzz::require(result.plan && result.original_plan, "a result without plans");
    for (const ScanResult& scan : result.scans) {
        const std::optional<Table> found = catalog.find(scan.table);
        fuzz::require(found.has_value(), "a scan of a table the catalog does not have");
        const Table& table = *found;
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
        const std::string json = spark_json(*scan.read_schema);
        fuzz::must_accept(
            [&] {
                const TypePtr again = from_spark_json(nlohmann::json::parse(json), "s.json");
                fuzz::require(equals(*again, *scan.read_schema), "read_schema_json round trip");
            },
            "read_schema_json does not read back");
    }
}

/// `--verify` on each row set: the rewritten plan must return what the original returns. A
/// plan the evaluator cannot run (CannotVerify) is an accepted outcome, and so is a runtime
/// error both plans raise (verify compares its class).
void check_verify(const StatementResult& result, const FuzzCatalog& entry, Profile profile) {
    if (result.scans.empty()) {
        return; // no table: nothing to read rows for
    }
    const Table table = *entry.catalog.find(result.scans.front().table);
    for (const auto& rows : entry.row_sets) {
        VerifyReport report;
        try {
            report = verify_result_rows(result, table, rows);
        } catch (const CannotVerify&) {
            return; // the same plans cannot run on the other row set either
        } catch (const InternalError& error) {
            if (!fuzz::is_deliberate_limit(error)) {
                fuzz::finding("InternalError in verify", error.what());
            }
            return;
        } catch (const std::exception& error) {
            fuzz::finding("exception in verify", error.what());
        }
        if (!report.identical) {
            fuzz::finding("verify: the rewritten plan returns something else",
                          profile_name(profile) + " profile, table " +
                              catalog_string(*table.schema) + "\n" + verify_text(report));
        }
    }
}

/// Every pass over one statement, in every catalog and profile.
void fuzz_statement(const std::shared_ptr<const SourceFile>& source, const StatementText& text,
                    CaseSensitivity cs) {
    ast::Statement statement;
    if (!fuzz::accepts([&] { statement = parse_statement(source, text); })) {
        return;
    }
    for (const FuzzCatalog& entry : catalogs()) {
        BoundStatement bound;
        if (!fuzz::accepts(
                [&] { bound = analyze(statement, entry.catalog, source, AnalyzerOptions{cs}); })) {
            continue;
        }
        fuzz::accepts([&] { fuzz::require_utf8(dump_bound(*bound.plan), "dump_bound"); });
        int style = 0;
        for (Profile profile : {Profile::Legacy, Profile::Spark, Profile::Extended}) {
            fuzz::accepts([&] {
                StatementResult result = prune_statement(bound, PipelineOptions{profile, cs});
                result.index = text.index;
                result.file = source->name();
                check_result(result, entry.catalog);
                const TextOptions options{static_cast<SchemaStyle>(style++ % 4),
                                          profile == Profile::Spark};
                std::ostringstream printed;
                print_text(result, options, printed);
                const std::string text_output = std::move(printed).str();
                fuzz::require(!text_output.empty(), "empty text output");
                fuzz::require_utf8(text_output, "print_text");
                // Text output's own pipeline takes the plan apart as it rewrites it (and
                // binds again on a mismatch): it must print what the kept plans print.
                StatementResult taken =
                    run_statement(source, text, entry.catalog, {profile, cs, false}).result;
                fuzz::require(taken.original_plan == nullptr, "keep_plans = false kept");
                taken.line = result.line;
                taken.column = result.column;
                std::ostringstream printed_taken;
                print_text(taken, options, printed_taken);
                fuzz::require(printed_taken.view() == text_output,
                              "keep_plans = false prints another result");
                // --explain: provenance never changes what is read, and prints.
                PipelineOptions explain{profile, cs, false};
                explain.explain = true;
                const StatementResult explained =
                    run_statement(source, text, entry.catalog, explain).result;
                fuzz::require(explained.scans.size() == taken.scans.size(),
                              "--explain scans other tables");
                for (std::size_t i = 0; i < taken.scans.size(); ++i) {
                    fuzz::require(
                        same_type(*explained.scans[i].read_schema, *taken.scans[i].read_schema),
                        "--explain reads another schema");
                }
                std::ostringstream printed_explained;
                print_text(explained, options, printed_explained);
                fuzz::require_utf8(printed_explained.str(), "print_text --explain");
                // The writer throws on invalid UTF-8: a foreign exception, so a finding.
                std::ostringstream json;
                JsonWriter writer(json, JsonStyle::Compact);
                write_json(result, writer);
                fuzz::require(!json.view().empty(), "empty JSON output");
                check_verify(result, entry, profile);
            });
        }
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
        // On a stack sized for the statement, as the CLI runs it (util/deep_stack.hpp).
        run_with_stack(stack_bytes_for_statement(text.span.end - text.span.begin),
                       [&] { fuzz_statement(source, text, cs); });
    }
    return 0;
}
