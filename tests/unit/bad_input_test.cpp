// Bad input, table by table: every kind of malformed query, schema and over-limit input gets
// the documented error kind (SqlError or SchemaError, exit 1 in the CLI) with a message that
// says what is wrong and where — never an InternalError, a foreign exception or a signal.
//
//     SELECT (id FROM events    ->  SqlError at 1:12 "expected ')' to close '(' at 1:8"
//     a STRUCT<b INT            ->  SchemaError "schema.ddl:1:14: expected ':' ..."
//
// The documented limits (README.md "Schema formats") are checked at the boundary: nesting of
// exactly kMaxNestingDepth (1000) levels runs through every pass (parse, analyze, simplify,
// prune, rewrite, every printer, and the destructors of the trees) without overflowing the
// stack, also under AddressSanitizer's larger frames; one level more is rejected with a
// diagnostic.

#include "util/deep_stack.hpp"
#include <catch2/catch.hpp>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "diag/diagnostic.hpp"
#include "output/printers.hpp"
#include "pipeline.hpp"
#include "plan/analyzer.hpp"
#include "sql/parser.hpp"
#include "support.hpp"
#include "types/schema_formats.hpp"

using namespace prune;

namespace {

// An events table whose array of structs holds a struct and another array of structs.
const char* const kEvents =
    "id INT, rule_results ARRAY<STRUCT<rule_public_id: STRING, rule_version: INT, "
    "score: DOUBLE, details: STRUCT<a: INT, b: STRING>, items: ARRAY<STRUCT<v: INT, w: STRING>>>>, "
    "meta STRUCT<src: STRING, ts: BIGINT>";

using prune_test::repeat;

/// How a run ended: "ok", "SqlError", "SchemaError", "InternalError" or "other", with the
/// message and, for a SqlError, its `line:column`.
struct Outcome {
    std::string kind;
    std::string message;
    std::string where;
};

std::string where_of(const Diagnostic& d) {
    if (!d.source) {
        return "";
    }
    const Location loc = d.source->location(d.span.begin);
    return std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

/// Runs `work` and reports how it ended.
template <class Work> Outcome outcome_of(Work&& work) {
    try {
        work();
        return {"ok", "", ""};
    } catch (const SqlError& e) {
        return {"SqlError", e.diagnostic().message, where_of(e.diagnostic())};
    } catch (const SchemaError& e) {
        return {"SchemaError", e.what(), ""};
    } catch (const InternalError& e) {
        return {"InternalError", e.what(), ""};
    } catch (const std::exception& e) {
        return {"other", e.what(), ""};
    }
}

/// Runs every statement of `sql` through every pass and the printers, as the CLI does, under
/// each profile: with `every_printer`, every text schema style and JSON for each profile;
/// otherwise one text style per profile and JSON once (for inputs whose output is large).
Outcome run_query(const std::string& sql, const std::string& schema = kEvents,
                  bool every_printer = true) {
    return outcome_of([&] {
        const Catalog catalog = load_ddl_catalog(schema);
        auto source = std::make_shared<const SourceFile>("q.sql", sql);
        const std::vector<StatementText> statements = split_statements(*source);
        if (statements.empty()) {
            throw SqlError(Diagnostic{Severity::Error, "no statement", source, {}});
        }
        const CaseSensitivity cs = CaseSensitivity::Insensitive;
        for (const StatementText& text : statements) {
            const ast::Statement statement = parse_statement(source, text);
            CHECK_FALSE(dump_ast(statement, *source).empty());
            const BoundStatement bound = analyze(statement, catalog, source, AnalyzerOptions{cs});
            CHECK_FALSE(dump_bound(*bound.plan).empty());
            int style = 0;
            for (Profile profile : {Profile::Legacy, Profile::Spark, Profile::Extended}) {
                const StatementResult result = prune_statement(bound, PipelineOptions{profile, cs});
                for (SchemaStyle s : {SchemaStyle::Catalog, SchemaStyle::Ddl, SchemaStyle::Tree,
                                      SchemaStyle::Json}) {
                    if (every_printer || static_cast<int>(s) == style) {
                        std::ostringstream printed;
                        print_text(result, TextOptions{s, false}, printed);
                        CHECK_FALSE(printed.view().empty());
                    }
                }
                ++style;
                if (every_printer || profile == Profile::Extended) {
                    CHECK_FALSE(prune_test::json_text([&](JsonWriter& out) {
                                    write_json(result, out);
                                }).empty());
                }
            }
        }
    });
}

Outcome load_schema(const std::string& text, const std::string& origin) {
    return outcome_of([&] { (void)load_catalog(text, origin); });
}

/// One malformed query: the text, where the error points, and the message's key part.
struct BadQuery {
    const char* query;
    const char* where;
    const char* message;
};

void check_rejected(const BadQuery& row, const std::string& schema = kEvents) {
    INFO(row.query);
    const Outcome outcome = run_query(row.query, schema);
    CHECK(outcome.kind == "SqlError");
    CHECK(outcome.where == row.where);
    CHECK_THAT(outcome.message, Catch::Matchers::Contains(row.message));
}

} // namespace

TEST_CASE("syntax errors say what was expected and where", "[bad-input][parser]") {
    const BadQuery row = GENERATE(values<BadQuery>({
        {"SELECT", "1:7", "expected an expression after 'SELECT'"},
        {"SELECT FROM events", "1:8", "expected an expression after 'SELECT'"},
        {"SELECT id FROM", "1:15", "expected a table name after 'FROM'"},
        {"SELECT id FROM events WHERE", "1:28", "expected an expression after 'WHERE'"},
        {"SELECT (id FROM events", "1:12", "expected ')' to close '(' at 1:8"},
        {"SELECT id) FROM events", "1:10", "unexpected ')' after the end of the statement"},
        {"SELECT id,, meta FROM events", "1:11", "expected an expression after ','"},
        {"SELECT id FROM events LIMIT", "1:28", "expected an expression after 'LIMIT'"},
        {"SELECT 'abc FROM events", "1:8", "unterminated string literal"},
        {"SELECT id FROM events /* open", "1:23", "unterminated comment"},
        {"SELECT `id FROM events", "1:8", "unterminated quoted identifier"},
        {"SELECT id FROM events WHERE id IN ()", "1:36", "expected an expression after '('"},
        {"SELECT CAST(id AS STRUCT<a INT) FROM events", "1:25",
         "expected '>' to close '<' in the type"},
        {"SELECT X'0g' FROM events", "1:11", "invalid hex digit in binary literal"},
        {"SELECT 99999999999999999999999999999999999999999 FROM events", "1:8",
         "is out of range for decimal(38,0)"},
        {"SELECT 1e999 FROM events", "1:8", "number '1e999' is out of range for double"},
        {"SELECT id FROM events LIMIT -1", "1:29", "LIMIT must be a non-negative integer literal"},
        {"SELECT id FROM events;\n\nSELECT (", "3:9", "expected an expression after '('"},
    }));
    check_rejected(row);
}

TEST_CASE("unsupported constructs are named", "[bad-input][parser]") {
    const BadQuery row = GENERATE(values<BadQuery>({
        {"SELECT id FROM events WHERE id IN (SELECT 1 FROM events WHERE transform(x, y -> y) "
         "IS NULL)",
         "1:73", "no column 'x'"},
        {"SELECT transform(array(id), x -> (SELECT 1)) FROM events", "1:34",
         "unsupported: a subquery expression inside a lambda function"},
        {"WITH RECURSIVE x AS (SELECT 1) SELECT * FROM x", "1:6",
         "unsupported: WITH RECURSIVE (recursive CTEs)"},
        {"SELECT id FROM events, LATERAL (SELECT 1) t", "1:24",
         "unsupported: LATERAL before anything but a generator call"},
        {"SELECT explode(collect_list(id)), row_number() OVER (ORDER BY 1) FROM events", "1:35",
         "unsupported: a window function in a select list that aggregates and has a generator"},
        {"SELECT id FROM events TABLESAMPLE (10K)", "1:36", "unsupported: TABLESAMPLE other than"},
        {"SELECT id FROM events LATERAL VIEW explode(array(1)) v AS x PIVOT (count(*) FOR id "
         "IN (1))",
         "1:61", "LATERAL VIEW cannot be used together with PIVOT or UNPIVOT"},
        {"SELECT id FROM events LEFT JOIN LATERAL explode(rule_results) t", "1:23",
         "unsupported: a LATERAL generator after an outer, semi, anti or NATURAL join"},
        {"SELECT explode(collect_list(id)) FROM events ORDER BY max(id)", "1:55",
         "unsupported: ORDER BY over a generator in a select list that aggregates may read "
         "only the select list's columns, not 'max(id)'"},
        {"SELECT json_tuple(id, 'a') FROM events", "1:19",
         "every argument of 'json_tuple' must be a STRING, but 'id' is INT"},
    }));
    check_rejected(row);
}

TEST_CASE("generators used where Spark rejects them", "[bad-input][analyzer]") {
    const BadQuery row = GENERATE(values<BadQuery>({
        {"SELECT explode(rule_results) IS NULL FROM events", "1:8",
         "must be a select item of its own (Spark: UNSUPPORTED_GENERATOR.NESTED_IN_EXPRESSIONS)"},
        {"SELECT id FROM events WHERE size(explode(rule_results)) > 0", "1:34",
         "(Spark: UNSUPPORTED_GENERATOR.OUTSIDE_SELECT)"},
        {"SELECT explode(rule_results), explode(rule_results) FROM events", "1:31",
         "(Spark: UNSUPPORTED_GENERATOR.MULTI_GENERATOR)"},
        {"SELECT posexplode(rule_results) AS r FROM events", "1:36",
         "expected 2 aliases, got 1 (Spark: UDTF_ALIAS_NUMBER_MISMATCH)"},
        {"SELECT id FROM events LATERAL VIEW explode(rule_results) t AS a, b", "1:63",
         "expected 1 alias, got 2"},
        {"SELECT explode(id) FROM events", "1:16",
         "its argument must be an ARRAY or a MAP, but 'id' is INT"},
        {"SELECT inline(id) FROM events", "1:15", "its argument must be an ARRAY of STRUCTs"},
        {"SELECT id FROM events, LATERAL upper(id) t", "1:32", "expected a generator"},
        {"SELECT * FROM range(10)", "1:15", "unsupported: table-valued function 'range'"},
        {"SELECT id AS (a, b) FROM events", "1:15",
         "a list of aliases '(a, b)' is only allowed after a generator"},
    }));
    check_rejected(row);
}

TEST_CASE("unknown columns, fields, tables and wrong arities are resolution errors",
          "[bad-input][analyzer]") {
    const BadQuery row = GENERATE(values<BadQuery>({
        {"SELECT nope FROM events", "1:8", "no column 'nope' in table 'events'"},
        {"SELECT id FROM events a JOIN events b ON a.id = b.id", "1:8",
         "ambiguous reference 'id': it could be 'a.id', 'b.id'"},
        {"SELECT id FROM events e, events o", "1:8", "ambiguous reference 'id'"},
        {"SELECT id FROM events UNION SELECT id, id FROM events", "1:23",
         "UNION can only be performed on inputs with the same number of columns"},
        {"SELECT x FROM (SELECT id FROM events) s", "1:8", "no column 'x' in subquery 's'"},
        {"SELECT x.id FROM events", "1:8", "no column 'x' in table 'events'; did you mean 'id'?"},
        {"SELECT events.nope FROM events", "1:15", "no column 'nope' in table 'events'"},
        {"SELECT meta.nope FROM events", "1:13", "no field 'nope' in struct<src:string,ts:bigint>"},
        {"SELECT meta.src.x FROM events", "1:17", "cannot access field 'x' of string"},
        {"SELECT id.x FROM events", "1:11", "cannot access field 'x' of int"},
        {"SELECT id FROM events WHERE rule_results[0].nope = 1", "1:45", "no field 'nope' in"},
        {"SELECT *, nope.* FROM events", "1:11", "'nope' is neither a table nor a column"},
        {"SELECT size() FROM events", "1:8", "function 'size' takes 1 argument, got 0"},
        {"SELECT size(id, id) FROM events", "1:8", "function 'size' takes 1 argument, got 2"},
        {"SELECT coalesce() FROM events", "1:8",
         "function 'coalesce' takes at least 1 argument, got 0"},
        {"SELECT transform(rule_results) FROM events", "1:8",
         "function 'transform' takes 2 arguments, got 1"},
        {"SELECT named_struct('a') FROM events", "1:8",
         "function 'named_struct' takes name and value pairs, got 1 argument"},
        {"SELECT id FROM events ORDER BY 5", "1:32",
         "ORDER BY position 5 is not in the select list"},
        {"SELECT id FROM events GROUP BY meta.src", "1:8",
         "expression 'id' is neither in GROUP BY nor an aggregate"},
        {"SELECT count(*) FROM events WHERE count(*) > 1", "1:35",
         "aggregate function 'count' is not allowed in WHERE"},
        {"SELECT sum(sum(id)) FROM events", "1:12",
         "aggregate function 'sum' is not allowed inside aggregate function 'sum'"},
    }));
    check_rejected(row);
}

TEST_CASE("type errors name the types", "[bad-input][analyzer]") {
    const BadQuery row = GENERATE(values<BadQuery>({
        {"SELECT meta + 1 FROM events", "1:8",
         "cannot apply '+' to struct<src:string,ts:bigint> and int"},
        {"SELECT id FROM events WHERE id", "1:29", "the WHERE condition must be boolean, got int"},
        {"SELECT meta[0] FROM events", "1:8",
         "cannot subscript 'meta' of type struct<src:string,ts:bigint>"},
        {"SELECT CAST(meta AS INT) FROM events", "1:8",
         "cannot cast struct<src:string,ts:bigint> to int"},
        {"SELECT CAST(id AS nope) FROM events", "1:19", "unknown type 'nope'"},
        {"SELECT CASE WHEN id THEN 1 END FROM events", "1:18",
         "a WHEN condition must be boolean, got int"},
        {"SELECT named_struct(id, 1) FROM events", "1:21",
         "the field names of 'named_struct' must be string literals"},
        {"SELECT element_at(meta, 1) FROM events", "1:19",
         "function 'element_at' expects an array or a map as argument 1"},
        {"SELECT id FROM events WHERE id BETWEEN meta AND 2", "1:29",
         "cannot apply '>=' to int and struct<src:string,ts:bigint>"},
    }));
    check_rejected(row);
}

TEST_CASE("lambda errors point into the lambda", "[bad-input][analyzer]") {
    const BadQuery row = GENERATE(values<BadQuery>({
        {"SELECT transform(rule_results, r -> r.nope) FROM events", "1:39", "no field 'nope' in"},
        {"SELECT transform(rule_results, r -> q) FROM events", "1:37",
         "no column 'q' in table 'events'; did you mean 'r'?"},
        {"SELECT transform(rule_results, (a, b, c) -> a) FROM events", "1:32",
         "the lambda of 'transform' takes 1 or 2 parameters, got 3"},
        {"SELECT transform(id, r -> r) FROM events", "1:18",
         "argument 1 of 'transform' must be an array, got int"},
        {"SELECT transform(rule_results, (r, r) -> r) FROM events", "1:36",
         "duplicate lambda parameter 'r'"},
        {"SELECT exists(rule_results, r -> r.score) FROM events", "1:34",
         "the lambda of 'exists' must return boolean, got double"},
        {"SELECT aggregate(rule_results, 0, (acc, r) -> acc + r.score) FROM events", "1:47",
         "the merge lambda of 'aggregate' must return int"},
        {"SELECT zip_with(rule_results, rule_results, x -> x) FROM events", "1:45",
         "the lambda of 'zip_with' takes 2 parameters, got 1"},
        {"SELECT map_filter(rule_results, (k, v) -> true) FROM events", "1:19",
         "argument 1 of 'map_filter' must be a map"},
        {"SELECT r -> r FROM events", "1:8", "a lambda is only allowed as a function argument"},
    }));
    check_rejected(row);
}

TEST_CASE("NUL bytes and malformed UTF-8 are rejected at their position", "[bad-input][parser]") {
    using namespace std::string_literals;
    struct BadBytes {
        std::string query;
        const char* where;
    };
    const BadBytes row = GENERATE(values<BadBytes>({
        {"SELECT id\0 FROM events"s, "1:10"},
        {"SELECT 'a\0b' FROM events"s, "1:10"},
        {"SELECT \x80 FROM events", "1:8"},               // a lone continuation byte
        {"SELECT '\xC0\xAF' FROM events", "1:9"},         // overlong '/'
        {"SELECT '\xED\xA0\x80' FROM events", "1:9"},     // surrogate U+D800
        {"SELECT '\xF4\x90\x80\x80' FROM events", "1:9"}, // beyond U+10FFFF
        {"SELECT '\xE2\x82' FROM events", "1:9"},         // truncated sequence
        {"SELECT id -- \xFF\nFROM events", "1:14"},       // even in a comment
        {"SELECT 'é', id FROM events;\nSELECT 'é\xFF'", "2:10"},
    }));
    INFO(row.query);
    const Outcome outcome = run_query(row.query);
    CHECK(outcome.kind == "SqlError");
    CHECK(outcome.where == row.where);
    CHECK(outcome.message ==
          (row.query.find('\0') != std::string::npos ? "NUL byte in input" : "invalid UTF-8"));
}

TEST_CASE("malformed schemas are SchemaErrors naming the file and the place",
          "[bad-input][schema]") {
    struct BadSchema {
        const char* text;
        const char* message;
    };
    const BadSchema row = GENERATE(values<BadSchema>({
        // DDL
        {"", "schema.ddl: empty schema"},
        {"  -- only a comment\n", "schema.ddl: empty schema"},
        {"id INT,", "schema.ddl:1:8: "},
        {"id STRIN", "schema.ddl:1:4: unknown type 'STRIN'"},
        {"a STRUCT<b: INT", "schema.ddl:1:16: expected '>' to close 'STRUCT<' at 1:3"},
        {"a INT, a STRING", "schema.ddl:1:8: duplicate field name 'a'"},
        {"a DECIMAL(10, 2, 3)", "schema.ddl:1:"},
        {"a INT NOT", "schema.ddl:1:10: expected 'NULL' after 'NOT'"},
        {"a INT COMMENT 'x", "schema.ddl:1:"},
        {"`a\x80` INT", "schema.ddl:1:3: invalid UTF-8"},
        {"a INT COMMENT '\xC3'", "schema.ddl:1:16: invalid UTF-8"},
        {"a INT,\nb INT\xFF", "schema.ddl:2:6: invalid UTF-8"},
        // Spark JSON and catalogs
        {"{", "schema.json:1:"},
        {"{\"type\":\"struct\",\"fields\":[1e999999]}", "schema.json: malformed JSON: number "
                                                        "overflow parsing '1e999999'"},
        {"{\"type\":\"struct\"}", "schema.json: missing key 'fields'"},
        {"{\"type\":\"array\",\"elementType\":\"int\",\"containsNull\":true}",
         "schema.json: type: expected \"struct\""},
        {"{\"type\":\"struct\",\"fields\":[{\"name\":\"a\",\"type\":\"strin\",\"nullable\":true,"
         "\"metadata\":{}}]}",
         "schema.json: fields[0].type: unknown type 'strin'"},
        {"{\"type\":\"struct\",\"fields\":[{\"name\":1,\"type\":\"int\",\"nullable\":true}]}",
         "schema.json: fields[0].name: expected a string"},
        {"{\"tables\":{\"t\":42}}", "schema.json: tables.t"},
        {"{\"tables\":{\"t\":\"a STRUCT<\"}}", "tables.t"},
        {"{\"tables\":{\"t\":{\"schema\":\"a INT\",\"partition_columns\":[\"p\"]}}}",
         "schema.json: tables.t.partition_columns[0]"},
    }));
    const bool json = row.text[0] == '{';
    INFO(row.text);
    const Outcome outcome = load_schema(row.text, json ? "schema.json" : "schema.ddl");
    CHECK(outcome.kind == "SchemaError");
    CHECK_THAT(outcome.message, Catch::Matchers::Contains(row.message));
}

TEST_CASE("a partition column that no table has is a SchemaError", "[bad-input][schema]") {
    Catalog catalog = load_ddl_catalog("id INT");
    CHECK_THROWS_MATCHES(catalog.add_partition_columns({"p"}, CaseSensitivity::Insensitive),
                         SchemaError,
                         Catch::Matchers::Message("partition column 'p' is not a column of any "
                                                  "table"));
}

// ---------------------------------------------------------------------------------------------
// Limits: 1000 levels pass through every pass; 1001 are a diagnostic, not a crash.

namespace {

struct Nesting {
    const char* what;
    std::string (*query)(std::size_t levels);
    std::string schema;
    std::size_t deepest;  // the most levels accepted
    const char* one_more; // the error one level deeper
    const char* far_more; // the error kFarDepth levels deep
};

constexpr const char* kTooDeep = "nesting deeper than 1000 levels";

// How deep the far row of each case goes. AddressSanitizer cannot unwind an exception thrown
// more than 64 MB below the top of a stack: it warns that it is "ignoring requested
// __asan_handle_no_return", then fails a CHECK of its own (google/sanitizers#189). A level of
// a left-deep chain takes a few KB of a Debug ASan stack, so under ASan the far rows are 10,000
// levels deep: the same sized stack and the same error, at a tenth of the depth.
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t kFarDepth = 10000;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr std::size_t kFarDepth = 10000;
#else
constexpr std::size_t kFarDepth = 100000;
#endif
#else
constexpr std::size_t kFarDepth = 100000;
#endif

std::string nested_call(std::size_t n, const std::string& open, const std::string& inner,
                        const std::string& close) {
    return "SELECT " + repeat(open, n) + inner + repeat(close, n) + " FROM t";
}

// A column `a` whose type nests `levels` times (type depth levels + 1, the schema struct
// one more): the deepest the DDL parser admits is 998.
std::string deep_struct_schema(std::size_t levels) {
    return "a " + repeat("STRUCT<b: ", levels) + "INT" + repeat(">", levels);
}
std::string deep_array_schema(std::size_t levels) {
    return "a " + repeat("ARRAY<", levels) + "INT" + repeat(">", levels);
}

std::string lambdas(std::size_t n) {
    // transform(a, x1 -> transform(x1, x2 -> ... xn)) over an n-deep array.
    std::string q = "SELECT ";
    std::string var = "a";
    for (std::size_t i = 1; i <= n; ++i) {
        const std::string x = "x" + std::to_string(i);
        q += "transform(" + var + ", " + x + " -> ";
        var = x;
    }
    return q + var + repeat(")", n) + " FROM t";
}

} // namespace

TEST_CASE("nesting up to the limit runs through every pass and one more is a diagnostic",
          "[bad-input][limits]") {
    const Nesting row = GENERATE(values<Nesting>({
        {"parentheses", [](std::size_t n) { return nested_call(n, "(", "id", ")"); }, "id INT",
         1000, kTooDeep, kTooDeep},
        {"unary minus", [](std::size_t n) { return nested_call(n, "- ", "id", ""); }, "id INT",
         1000, kTooDeep, kTooDeep},
        {"NOT", [](std::size_t n) { return nested_call(n, "NOT ", "b", ""); }, "b BOOLEAN", 1000,
         kTooDeep, kTooDeep},
        {"function calls", [](std::size_t n) { return nested_call(n, "abs(", "id", ")"); },
         "id INT", 1000, kTooDeep, kTooDeep},
        // Left-deep chains of a binary operator (`id + id + ...`) have no limit: the pipeline
        // runs them on a stack sized from the statement (sql_parser_test, cli/bad_input.sh).
        // A column nests at most 998 levels (DDL limit); a longer chain is a type error.
        {"struct fields", [](std::size_t n) { return "SELECT a" + repeat(".b", n) + " FROM t"; },
         deep_struct_schema(998), 998, "cannot access field 'b' of int",
         "cannot access field 'b' of int"},
        {"array subscripts",
         [](std::size_t n) { return "SELECT a" + repeat("[0]", n) + " FROM t"; },
         deep_array_schema(998), 998, "cannot subscript int", "cannot subscript int"},
        // Each level is a call and a lambda: two levels of nesting.
        {"lambdas", lambdas, deep_array_schema(998), 500, kTooDeep, kTooDeep},
        {"CAST types",
         [](std::size_t n) {
             return "SELECT CAST(NULL AS " + repeat("ARRAY<", n) + "INT" + repeat(">", n) +
                    ") FROM t";
         },
         "id INT", 999, kTooDeep, kTooDeep},
        // Types deeper than any schema: 1000 arrays around a 999-level column.
        {"constructed types over a deep column",
         [](std::size_t n) { return nested_call(n, "array(", "a", ")"); }, deep_array_schema(998),
         1000, kTooDeep, kTooDeep},
    }));
    INFO(row.what);
    const Outcome deepest = run_query(row.query(row.deepest), row.schema, false);
    CHECK(deepest.kind == "ok");
    CHECK(deepest.message == "");
    const Outcome too_deep = run_query(row.query(row.deepest + 1), row.schema, false);
    CHECK(too_deep.kind == "SqlError");
    CHECK(too_deep.message == row.one_more);
    // As the pipeline runs a long statement: on a stack sized from its length.
    Outcome far_too_deep;
    const std::string far = row.query(kFarDepth);
    run_with_stack(stack_bytes_for_statement(far.size()),
                   [&] { far_too_deep = run_query(far, row.schema, false); });
    CHECK(far_too_deep.kind == "SqlError");
    CHECK(far_too_deep.message == row.far_more);
}

TEST_CASE("long flat inputs stay flat: AND chains, IN lists, wide selects", "[bad-input][limits]") {
    std::string ands = "SELECT id FROM t WHERE id = 0";
    std::string in = "SELECT id IN (0";
    std::string wide = "SELECT id";
    for (int i = 1; i < 5000; ++i) {
        ands += " AND id = " + std::to_string(i);
        in += ", " + std::to_string(i);
        wide += ", id + " + std::to_string(i);
    }
    CHECK(run_query(ands, "id INT", false).kind == "ok");
    CHECK(run_query(in + ") FROM t", "id INT", false).kind == "ok");
    CHECK(run_query(wide + " FROM t", "id INT", false).kind == "ok");
}

TEST_CASE("a statement with too many expressions is rejected where it crosses the limit",
          "[bad-input][limits]") {
    // The real limit (kMaxStatementNodes, ~15 MB of dense SQL) takes seconds to reach; the
    // mechanism is the same at 50. `id + 1` is three nodes, so the 17th item crosses it.
    std::string sql = "SELECT id + 0";
    for (int i = 1; i < 40; ++i) {
        sql += ",\n  id + " + std::to_string(i);
    }
    auto source = std::make_shared<const SourceFile>("q.sql", sql + " FROM t");
    const std::vector<StatementText> texts = split_statements(*source);
    REQUIRE(texts.size() == 1);
    const Outcome outcome = outcome_of([&] { parse_statement(source, texts[0], 50); });
    CHECK(outcome.kind == "SqlError");
    CHECK(outcome.message == "statement too large: more than 50 expressions");
    CHECK(outcome.where == "17:6");
    CHECK(outcome_of([&] { parse_statement(source, texts[0], 120); }).kind == "ok");
    STATIC_REQUIRE(kMaxStatementNodes == std::size_t{1} << 22);
}

TEST_CASE("a 50 MB query file is read, and a bad byte at its end is found", "[bad-input][limits]") {
    const std::size_t size = std::size_t{50} << 20;
    // 50 MB of comment before a small query: accepted.
    std::string text = "/* " + std::string(size, 'x') + " */\nSELECT id FROM events";
    CHECK(run_query(text, kEvents, false).kind == "ok");
    // 50 MB of blanks, then an invalid byte: rejected with its line and column.
    text = std::string(size, '\n') + "SELECT \xFF FROM events";
    const Outcome outcome = run_query(text, kEvents, false);
    CHECK(outcome.kind == "SqlError");
    CHECK(outcome.where == std::to_string(size + 1) + ":8");
    CHECK(outcome.message == "invalid UTF-8");
    // 50 MB of nothing but a line comment: no statement at all.
    text = "-- " + std::string(size, 'y');
    CHECK(split_statements(SourceFile("q.sql", text)).empty());
}
