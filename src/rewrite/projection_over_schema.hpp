#pragma once
/// The rewrite: a bound plan re-bound against the read schema (Spark: ProjectionOverSchema,
/// with its 2026 lambda-variable extension). Every column is re-typed, every lambda variable
/// re-typed from its (rewritten) collection through the higher-order-function table, and
/// every struct-field ordinal and numFields recomputed by field name against the new types.

#include <stdexcept>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "output/result.hpp"
#include "plan/plan.hpp"
#include "prune/prune_schema.hpp"

namespace prune {

/// Raised when a rebuilt node no longer type-checks over its re-typed children (a
/// value-passing rule pruned the arguments of a function that needs them to agree). The
/// pipeline switches that rule off for `node` and collects again.
///
/// Also raised when the inputs of a UNION (or the projections of an Expand) no longer agree on
/// a column's type (each input pruned its column to what it reads, and one reads more than
/// another): then `node` is null, `set_column` names the operator and the column, and
/// `input_types` holds each input's pruned type of it (null where a projection is a NULL,
/// which takes any type). The pipeline has every input read what any of them reads.
class RewriteMismatch : public std::runtime_error {
  public:
    RewriteMismatch(const Expr* node, const std::string& what)
        : std::runtime_error(what), node_(node) {}
    RewriteMismatch(SetColumn column, std::vector<TypePtr> input_types, const std::string& what)
        : std::runtime_error(what), column_(column), input_types_(std::move(input_types)) {}
    const Expr* node() const { return node_; }
    const SetColumn& set_column() const { return column_; }
    const std::vector<TypePtr>& input_types() const { return input_types_; }

  private:
    const Expr* node_ = nullptr;
    SetColumn column_{nullptr, 0};
    std::vector<TypePtr> input_types_;
};

struct Rewritten {
    PlanPtr plan;
    OrdinalChanges ordinal_changes;
};

/// Rewrites `plan` so each scan reads its read set (`scans`, in plan_relations order): a
/// scan's output keeps only the columns its read set types (by expression id), with those
/// types, and every attribute above that reads a column whose type narrowed (a scan's, or an
/// alias's over it: a subquery's output, a join side's) is re-typed. Computed columns in
/// `unused` (nothing above reads them) are dropped, as Spark's ColumnPruning drops them.
/// Every expression is checked against its rewrite as it is made (check_rewritten). A caller
/// that hands over its only handle to the plan (`std::move`) lets each original expression go
/// as soon as it is rewritten, so the two plans never exist in full side by side; a caller
/// that keeps a handle keeps the original whole. Throws RewriteMismatch (see above) or
/// InternalError ("unmatched child schema for GetStructField: ...") when a read schema lacks
/// a field the plan accesses.
Rewritten project_over_schema(PlanPtr plan, const std::vector<ReadSet>& scans,
                              const std::unordered_set<ExprId>& unused);

/// Checks every struct access of `rewritten` against its child's type, pairing it with the
/// same access in `before` (the expression the rewrite started from): the field at the new
/// ordinal must be the field the old ordinal named, and numFields must match the element
/// struct. Throws InternalError on any mismatch (always on: it is one linear walk).
void check_rewritten(const Expr& before, const Expr& rewritten);

/// check_rewritten over two whole plans, which must have the same operators.
void check_ordinals(const Plan& before, const Plan& rewritten);

/// `plan` without the computed columns nothing reads (`unused`, Spark's ColumnPruning), every
/// scan read whole: the original as Spark runs it, which --verify compares the rewrite with
/// (an unread `c1[5]` out of range raises in neither).
PlanPtr drop_unused_columns(const PlanPtr& plan, const std::unordered_set<ExprId>& unused);

} // namespace prune
