#pragma once
/// Provenance (`--explain`): why each part of a read schema is read. The collector
/// (root_fields.cpp) reports every use it finds to a ProvenanceRecorder — the column (or
/// lambda variable) reached, the need of that one use, where the query wrote it and, where a
/// value is read whole that could have been read narrower, the reason, named where the rule
/// decides. `scan_provenance` then lays the uses over a scan's read schema:
///
///     contacts(name struct<first,middle,last>, friends array<struct<first,middle,last>>)
///     SELECT to_json(name), transform(friends, f -> f.first) FROM contacts
///
///     name              whole   reason serialised   <- 1:8 select item 1
///     friends.element.first     <- 1:46 select item 2, lambda of transform at 1:23
///
/// Recording is off the hot path: the collector holds a null recorder when provenance is not
/// asked for, and then reports nothing.

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "diag/diagnostic.hpp"
#include "plan/expr.hpp"
#include "plan/plan.hpp"
#include "prune/requirement.hpp"
#include "sql/clauses.hpp"

namespace prune {

/// Why a value is read whole where a narrower read was conceivable: the fixed vocabulary of
/// `--explain` (README "Why is this field read?", docs/RULES.md "Provenance reasons"). Each
/// is given where the rule that decides it runs; `kReadReasons` holds the documented names.
enum class ReadReason : std::uint8_t {
    None,                 // not read whole for a reason: the value itself is used
    Compared,             // compared or ordered as a whole value
    Serialised,           // serialised: to_json, hash, a cast to string
    UserFunction,         // passed to a user-defined (unknown) function
    FunctionArgument,     // an argument of a function that reads its argument's value
    LambdaVariable,       // a bare lambda variable: the element used as a whole value
    LambdaStep,           // spark: a step inside a lambda other than a struct field
    ComputedChain,        // a field taken from a computed value Spark does not look through
    HigherOrderLegacy,    // legacy: a higher-order function's input
    HigherOrderSpark,     // spark: a higher-order function Spark does not prune through
    LambdaLimit,          // spark: a lambda input Spark keeps whole (no field read, ...)
    NonConstantSubscript, // spark: a non-constant subscript, key or bound
    NullTest,             // legacy/spark: a null test of a struct nothing else reads
    Size,                 // legacy/spark: size of an array read whole or by a whole field
    MapKeysValues,        // legacy/spark: the values of a map whose keys alone are read
    BranchValue,          // spark: a field of if/CASE/coalesce/nvl/array_repeat
    ArrayCombined,        // spark: elements of concat/flatten/conditional arrays
    PassThroughLegacy,    // legacy: reverse/filter/slice/array_compact's result
    Boundary,             // spark: crossed a join/INTERSECT/EXCEPT as other than a field chain
    Generator,            // spark: a generator's input or carried column
    UnionMismatch,        // UNION inputs would read the column to different depths
    UnionUnread,          // a UNION column nothing reads stays in every input
    RuleSwitchedOff,      // X6/X7 switched off: the pruned branches did not type-check
    Correlated,           // spark: read by a correlated subquery (an outer reference or a
                          // predicate Spark pulls out of it)
    Expand,               // spark: a part read above ROLLUP/CUBE/GROUPING SETS' Expand
    SummedCountKey,       // legacy: a finer grouping key of a count only summed above it
};

/// One row of the vocabulary: the name output shows, what it means, and the rule that reads
/// narrower where this reason applies (a Spark ticket lifting it from `legacy` to `spark`, an
/// extended rule from docs/RULES.md lifting it from `spark` to `extended`), empty when no
/// profile reads narrower.
struct ReadReasonInfo {
    ReadReason reason;
    std::string_view name;
    std::string_view meaning;
    std::string_view spark_rule;
    std::string_view extended_rule;
};

/// Every reason, in enum order.
extern const ReadReasonInfo kReadReasons[];
extern const std::size_t kReadReasonCount;
const ReadReasonInfo& reason_info(ReadReason reason);

/// How a use reads its value.
enum class UseKind : std::uint8_t {
    Field,    // a field access (an extractor chain)
    NullTest, // IS [NOT] NULL: reads the value's smallest field (X5) or the value
    Size,     // size/cardinality: reads the smallest field
    Whole,    // the value whole
};
std::string_view use_kind_name(UseKind kind);

/// Where and how one use was written.
struct UseSite {
    Span span;                    // the expression (empty: not located)
    const Expr* lambda = nullptr; // the higher-order function whose lambda holds it
    const char* clause = nullptr; // an operator's clause, when no span names it (DISTINCT)
    UseKind kind = UseKind::Field;
    ReadReason reason = ReadReason::None; // for the parts `need` reads whole
};

/// One use: what it needs of the column or lambda variable it reaches.
struct RecordedUse {
    Requirement need;
    UseSite site;
};

/// Collects the uses the collector reports, by the expression id they reach (a scan's column,
/// an alias, a lambda variable).
class ProvenanceRecorder {
  public:
    void add(ExprId id, Requirement need, const UseSite& site);
    const std::vector<RecordedUse>* find(ExprId id) const;
    /// The uses of `id`, taken out (a lambda variable's, when its function is done).
    std::vector<RecordedUse> take(ExprId id);

  private:
    std::unordered_map<ExprId, std::vector<RecordedUse>> uses_;
};

/// One located use, as output shows it.
struct UseLocation {
    std::string file;
    std::size_t line = 0;
    std::size_t column = 0;
    std::size_t end_line = 0;
    std::size_t end_column = 0; // one past the last character
    std::string clause;
    UseKind kind = UseKind::Field;
};

/// A leaf or a subtree read whole, of one scan's read schema.
struct ProvenanceEntry {
    std::string path;   // `name.first`, `items.element.qty`, `m.key`, `m.value.x`
    bool whole = false; // a struct, array or map read whole
    std::vector<UseLocation> uses;
    ReadReason reason = ReadReason::None; // the first of `reasons`, as output shows it
    /// Every reason some use that reads this entry whole (or, for a leaf, only for a reason)
    /// gives, first found first: --compare-rules looks among them for the one a narrower
    /// profile lifts.
    std::vector<ReadReason> reasons = {};
};

/// The entries of one scan: every leaf of `read_schema`, except that a subtree some use reads
/// whole (and that has several leaves) is one entry; each with the uses whose need reaches it.
std::vector<ProvenanceEntry> scan_provenance(const Relation& relation, const TypePtr& read_schema,
                                             const ProvenanceRecorder& recorder,
                                             const SourceFile& source, const ClauseMap& clauses);

} // namespace prune
