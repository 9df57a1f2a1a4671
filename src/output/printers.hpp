#pragma once
/// Text (for people, Spark EXPLAIN style) and JSON (for tools) renderings of a result.

#include <ostream>
#include <string>

#include "output/result.hpp"
#include "util/json_writer.hpp"

namespace prune {

/// How the read schema under each table line is printed in text output.
enum class SchemaStyle { Catalog, Ddl, Tree, Json };

struct TextOptions {
    SchemaStyle schema_style = SchemaStyle::Catalog;
    bool color = false;
    /// Set by print_text for a result with provenance: each scan prints its read schema as a
    /// tree annotated with where each leaf is used and why (`--explain`).
    bool explain = false;
};

/// An expression as Spark's `toString` prints it: `name#1.first`, `lambda r#4.rule_version`,
/// `lambdafunction(..., lambda r#4)`, `named_struct(id, ...)`, `(a#1 + 1)`, `x#2 AS y#5`.
std::string expr_string(const Expr& e);
/// expr_string appended to `out`: printers that write many expressions reuse one buffer.
void append_expr_string(std::string& out, const Expr& e);
/// A plan as an EXPLAIN-style tree (`Project [...]` / `+- Relation t[a#1] ReadSchema: ...`),
/// written to `out` one operator line at a time, and each line one piece at a time.
/// Spark: QueryPlan.treeString.
void print_plan(const Plan& plan, std::ostream& out);
/// print_plan into a string.
std::string plan_string(const Plan& plan);

/// The whole text block for one statement (header, tables, read schemas, plan, ordinals),
/// written to `out` as it goes.
void print_text(const StatementResult& result, const TextOptions& options, std::ostream& out);

/// The keys of one statement's JSON object (README.md "JSON output"), written into an object the
/// caller has begun and ends, so that it can add keys after them (the CLI adds `verify`).
void write_result_keys(const StatementResult& result, JsonWriter& out);
/// The keys every statement object starts with: `format_version`, `statement`, `location`
/// and `rules` (a profile's name, or `compared` for --compare-rules).
void write_statement_keys(std::size_t index, const std::string& file, std::size_t line,
                          std::size_t column, std::string_view rules, JsonWriter& out);
/// A scan's `provenance` array (`--explain`; README "Why is this field read?").
void write_provenance_json(const std::vector<ProvenanceEntry>& entries, JsonWriter& out);
/// The JSON object for one statement: write_result_keys in an object of its own.
void write_json(const StatementResult& result, JsonWriter& out);
/// JSON for plans and expressions on their own (as they appear in write_result_keys).
void write_plan_json(const Plan& plan, JsonWriter& out);
void write_expr_json(const Expr& e, JsonWriter& out);

} // namespace prune
