#pragma once
/// Root-field collection: which part of each column every expression of a plan needs
/// (Spark: SchemaPruning.identifyRootFields / getRootFields / SelectedField, and the 2026
/// lambda rules), for one rule profile.

#include <functional>
#include <map>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "plan/higher_order.hpp"
#include "plan/plan.hpp"
#include "prune/provenance.hpp"
#include "prune/requirement.hpp"

namespace prune {

/// The need of one expression on one column. Spark: RootField.
struct RootField {
    ExprId attribute = 0;
    Requirement need;
    /// Spark's `prunedIfAnyChildAccessed` (IS [NOT] NULL over a selected field, `legacy` and
    /// `spark` only): dropped when a required root of the same column is contained in it.
    bool optional = false;
    /// An optional root that only Spark's 2026 steps (pass-through functions such as `reverse`,
    /// `filter`'s result, KnownNotContainsNull) make a selected field: the `legacy` rules find
    /// a required root there instead, which drops the column's other optional roots it is
    /// contained in. This root drops them too, or `spark` would read more than `legacy` (an
    /// optional `c.arr`, kept, and `c IS NULL` reading all of `c`). Itself it is dropped as any
    /// optional root is.
    bool replaces_required = false;
};

/// A column of a set operation, by the operator and the column's position.
using SetColumn = std::pair<const Plan*, std::size_t>;

struct CollectOptions {
    Profile profile = Profile::Extended;
    /// Nodes (of the plan being collected) whose value-passing rule is switched off: they are
    /// walked as Spark walks unknown expressions (every argument needed whole). The pipeline
    /// fills this when the rewrite finds that a rule's pruned arguments no longer type-check.
    const std::unordered_set<const Expr*>* opaque = nullptr;
    /// What every input of a UNION's (or projection of an Expand's) column reads besides the
    /// need above it: the pipeline fills this when the rewrite finds the inputs' pruned types
    /// of the column disagree (RewriteMismatch), with what any of them read.
    const std::map<SetColumn, Requirement>* set_column_needs = nullptr;
    /// Where each use is reported (`--explain`; src/prune/provenance.hpp); null, the default,
    /// records nothing and costs nothing.
    ProvenanceRecorder* recorder = nullptr;
    /// Grouping keys Spark's CollapseGroupedSumOfCount drops (count_rollup.hpp): `legacy`, which
    /// does not apply it, reads them for that reason. Only for provenance.
    const std::unordered_set<const Expr*>* summed_count_keys = nullptr;
};

/// Receives each root field as it is found.
using RootSink = std::function<void(RootField&&)>;

class RootsByColumn; // prune/prune_schema.hpp

/// The need of the query on every column of every scan of `plan`, gathered in `roots` by
/// expression id: the result is needed whole, and each operator, from the top down, turns the
/// needs on what it outputs (and what it evaluates: WHERE, join conditions, sort keys,
/// grouping) into needs on its inputs' columns. Spark: identifyRootFields per scan, after
/// NestedColumnAliasing has moved what crosses each operator down to it.
/// Computed columns (aliases) that nothing reads go to `unused` when it is given.
void collect_root_fields(const Plan& plan, const CollectOptions& options, RootsByColumn& roots,
                         std::unordered_set<ExprId>* unused = nullptr);

/// Whether collecting under `options` may mark a root optional: Spark's IS [NOT] NULL rule
/// (prunedIfAnyChildAccessed) is `legacy` and `spark` only; `extended` reads null-ness from
/// any one leaf instead (X5).
bool may_find_optional_roots(const CollectOptions& options);

} // namespace prune
