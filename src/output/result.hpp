#pragma once
/// What one statement's run produced, as the printers see it.

#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "parquet/column_bytes.hpp"
#include "plan/higher_order.hpp"
#include "plan/plan.hpp"
#include "prune/provenance.hpp"

namespace prune {

/// One scanned table's read schema and what it costs. Spark: the scan's `ReadSchema:`.
struct ScanResult {
    std::string table;
    std::string alias;   // the FROM clause's alias for this scan, empty when none
    TypePtr read_schema; // referenced stored columns, table order, pruned types
    std::int64_t leaves_read = 0;
    std::int64_t leaves_total = 0;
    std::vector<std::string> columns_not_read; // stored columns absent from read_schema
    /// Compressed bytes of the column chunks read and stored (parquet/scan_bytes.hpp); only
    /// when the table's schema came from Parquet footers.
    std::optional<ByteCount> bytes = std::nullopt;
    /// With `--explain` only: why each leaf (or subtree read whole) is read, in read-schema
    /// order (prune/provenance.hpp).
    std::vector<ProvenanceEntry> provenance = {};
};

/// What an ordinal change's context names (`OrdinalChange::source`).
enum class ChangeSite : std::uint8_t {
    None,       // no context
    FieldOf,    // "field of name": the struct the field is taken from
    ElementsOf, // "elements of items": the array of structs whose elements' field is taken
    ElementOf,  // "element of rule_results": what the lambda variable ranges over
};

/// A struct access whose ordinal the rewrite changed: `lambda r#3.score  3 -> 1`.
/// The context is kept as the rewritten node it names and spelled out only when printed: a
/// statement can change a million ordinals, and a string each was most of their memory.
struct OrdinalChange {
    ExprPtr access;           // the rewritten GetStructField / GetArrayStructFields
    ExprPtr source;           // the rewritten expression the context names (null: `?`)
    std::uint32_t before = 0; // ordinal against the table schema
    std::uint32_t after = 0;  // ordinal against the read schema
    ChangeSite site = ChangeSite::None;
};

/// The change's context as printed: "element of rule_results", "field of name.address",
/// "elements of items"; empty for ChangeSite::None.
std::string ordinal_context(const OrdinalChange& change);
/// ordinal_context appended to `out`.
void append_ordinal_context(std::string& out, const OrdinalChange& change);

/// A deque, not a vector: a statement can change a million ordinals, and a vector growing to
/// that doubles its buffer, holding the old one and a new one twice its size at once.
using OrdinalChanges = std::deque<OrdinalChange>;

struct StatementResult {
    std::size_t index = 0; // 1-based among non-empty statements
    std::string file;      // the query file's name as given (`<stdin>` for -)
    std::size_t line = 1;
    std::size_t column = 1;
    Profile profile = Profile::Extended;
    PlanPtr original_plan; // bound, before any rewrite
    /// original_plan after the rewrites every profile runs first (SimplifyExtractValueOps, the
    /// RuntimeReplaceable replacements) and without the computed columns nothing reads (Spark's
    /// ColumnPruning; every scan still whole): what Spark executes, and what --verify evaluates.
    PlanPtr simplified_plan;
    PlanPtr plan; // rewritten against the read schema
    std::vector<ScanResult> scans;
    OrdinalChanges ordinal_changes;
    /// Whether the scans carry provenance (`--explain`): the printers show it only then, so
    /// output without `--explain` is unchanged.
    bool explained = false;
};

/// `legacy`, `spark`, `extended`.
std::string profile_name(Profile profile);

} // namespace prune
