#pragma once
/// `--verify`: proof on data that the rewrite did not change a result.
///
///     orders(id BIGINT, items ARRAY<STRUCT<sku: STRING, qty: INT, price: DOUBLE>>)
///     SELECT transform(items, x -> x.price) FROM orders
///     read schema struct<items:array<struct<price:double>>>   (price: ordinal 2 -> 0)
///
///     original plan   over the full rows                 -> [[1.5, 2.0]], [[]], [null]
///     rewritten plan  over the rows projected to the read schema -> the same, or a difference
///
/// Results are compared as multisets, except for a query with ORDER BY, whose rows are
/// compared in order. The evaluator is deterministic (groups in order of first appearance, a
/// stable sort, the same input order on both sides), so rows that tie on the sort keys come
/// in the same order from both plans unless the rewrite changed a value; comparing them in
/// order is exact, never flaky. Two runs that both raise an error agree when the error class
/// is the same.

#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "eval/evaluator.hpp"
#include "output/result.hpp"
#include "util/json_writer.hpp"

namespace prune {

/// The first result row where the two plans disagree.
struct VerifyDifference {
    std::size_t row = 0; // 1-based position in the original plan's result
    /// The rows as JSON objects (column name -> value, `df.write.json` form), or absent
    /// when that plan has no row there; an error as `[CLASS] message`.
    std::optional<std::string> original;
    std::optional<std::string> rewritten;
};

/// The outcome of one `--verify`.
struct VerifyReport {
    std::size_t rows = 0;        // input rows checked
    std::size_t result_rows = 0; // rows the original plan returned
    bool identical = true;
    bool ordered = false; // the results were compared in order (ORDER BY)
    /// `[CLASS] message` of the error each plan raised, if it raised one.
    std::optional<std::string> original_error;
    std::optional<std::string> rewritten_error;
    std::optional<VerifyDifference> difference;
};

/// Evaluates `result.original_plan` over the full rows and `result.plan` over the rows
/// projected to its read schema, and compares the results. The original plan runs as
/// `result.simplified_plan`, after the Spark rewrites every profile applies first
/// (plan/simplify.hpp), as Spark's optimizer runs them: SimplifyExtractValueOps drops the other
/// fields of `named_struct(...).f`, so an error that only an unused field would raise is not raised
/// — by Spark either. `table` is the scanned table (its full schema, partition columns included:
/// Catalog::find(scan.table)); `rows_jsonl_text` holds JSON lines named `rows_name` in errors.
/// Throws RowsError (a malformed row, exit 1), CannotVerify (exit 1), InternalError (exit 3).
VerifyReport verify(const StatementResult& result, const Table& table,
                    const std::string& rows_jsonl_text, const std::string& rows_name);

/// One scanned table's rows as JSON lines, named `name` in errors.
struct TableRowsText {
    Table table;
    const std::string* text = nullptr;
    std::string name;
};

/// verify() over a statement that scans several tables: each table's rows, its scans in any
/// number (a self-join reads its table's rows twice).
VerifyReport verify(const StatementResult& result, const std::vector<TableRowsText>& tables);

/// One scanned table's rows, read (each in `table.schema` order).
struct TableRows {
    Table table;
    std::vector<std::vector<Value>> rows;
};

/// Evaluates `original` and `rewritten`, each scan over its table's rows, and compares.
VerifyReport verify_tables(const Plan& original, const Plan& rewritten,
                           const std::vector<TableRows>& tables);

/// The same over rows already read (each in `table.schema` order): what the property tests
/// call. `original` may be any plan equivalent to the original (e.g. the simplified one).
VerifyReport verify_rows(const Plan& original, const Plan& rewritten, const Table& table,
                         const std::vector<std::vector<Value>>& table_rows);

/// verify() over rows already read: `result.simplified_plan` (the original as Spark's optimizer
/// simplifies it) against `result.plan`.
VerifyReport verify_result_rows(const StatementResult& result, const Table& table,
                                const std::vector<std::vector<Value>>& table_rows);

/// Compares two outcomes (the original's first).
VerifyReport compare_outcomes(const QueryOutcome& original, const QueryOutcome& rewritten);

/// The text form, one line per fact:
///
///     verify: 12 rows checked, results identical (3 result rows)
///     verify: 12 rows checked, results DIFFER at result row 2
///       original:  {"id":1,"qty":3}
///       rewritten: {"id":1,"qty":null}
std::string verify_text(const VerifyReport& report);

/// The JSON form: `{"rows": N, "identical": bool, "result_rows": n, "ordered": bool,
/// "error": "CLASS" (when both raised), "difference": null | {"row": n, "original": text|null,
/// "rewritten": text|null}}`, written through `out`. Row texts are JSON objects as strings, so no
/// number is rounded.
void write_verify_json(const VerifyReport& report, JsonWriter& out);

} // namespace prune
