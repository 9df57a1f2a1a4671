#pragma once
/// Bound operators: enough of Catalyst's logical plan to print a query and to collect every
/// expression it evaluates. A single-table SELECT binds to, from the top:
///
///     Limit? / Offset? / Project? / Sort? / Distinct? / Project? / Filter(HAVING)? /
///     select list / Filter(WHERE)? / Relation
///
/// where the select list is a Project, an Aggregate, or a Project over Projects over either:
/// those compute the aliases later select items name (Spark's lateral column aliases), one per
/// link of a chain; an aggregating select list that names one becomes a Project over an
/// Aggregate of its aggregate calls and grouping expressions. The optional Projects above
/// restore the select list over a Sort or a HAVING Filter that reads what it does not output
/// (columns, aggregate calls, grouping expressions), which the operators below carry up
/// (Spark's ResolveReferencesInSort and ResolveAggregateFunctions).

#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "plan/expr.hpp"

namespace prune {

struct Plan;
using PlanPtr = std::shared_ptr<const Plan>;

/// The scan. `output` are the AttributeReferences of every column the plan can see (after the
/// rewrite: the columns read, with pruned types); `schema` is the table's stored schema (after
/// the rewrite: the read schema); partition columns are in `output` but never in `schema`.
struct Relation {
    std::string table;
    std::vector<ExprPtr> output;
    TypePtr schema;
};

struct Filter {
    ExprPtr condition;
    PlanPtr child;
};

/// `exprs` are named expressions (AttributeReference or Alias).
struct Project {
    std::vector<ExprPtr> exprs;
    PlanPtr child;
};

struct Aggregate {
    std::vector<ExprPtr> grouping;
    std::vector<ExprPtr> aggregates; // named expressions
    PlanPtr child;
};

struct SortOrder {
    ExprPtr child;
    bool ascending = true;
    bool nulls_first = true;
};

struct Sort {
    std::vector<SortOrder> order;
    PlanPtr child;
};

struct Limit {
    ExprPtr limit;
    PlanPtr child;
};

/// Skips the first `offset` rows (Spark 3.4+: below the Limit of `LIMIT n OFFSET m`).
struct Offset {
    ExprPtr offset;
    PlanPtr child;
};

struct Distinct {
    PlanPtr child;
};

struct Plan {
    using Node = std::variant<Relation, Filter, Project, Aggregate, Sort, Limit, Offset, Distinct>;
    Node node;

    template <class T> const T* as() const { return std::get_if<T>(&node); }
};

/// The operator below `plan`, or null for a Relation.
const PlanPtr& plan_child(const Plan& plan);
/// The same operator over a new child.
PlanPtr with_plan_child(const Plan& plan, PlanPtr child);
/// Every expression the operator evaluates (not its child's), in a fixed order.
std::vector<ExprPtr> plan_expressions(const Plan& plan);
/// The same operator with its expressions replaced (same order as plan_expressions).
PlanPtr with_plan_expressions(const Plan& plan, const std::vector<ExprPtr>& exprs);
/// The operator below `plan`, moved out of it when `plan` is the only handle to the operator
/// (then `plan` is left without a child) and shared otherwise. Plans are built as non-const
/// objects behind handles to const (`make_plan`), so their one owner may take them apart.
PlanPtr take_plan_child(PlanPtr& plan);
/// As plan_expressions, but moved out of the operator when `plan` is the only handle to it
/// (each slot left empty, so with_plan_expressions still sees the operator's shape).
std::vector<ExprPtr> take_plan_expressions(PlanPtr& plan);
/// A new plan node.
PlanPtr make_plan(Plan::Node node);
/// The Relation at the bottom of a plan.
const Relation& plan_relation(const Plan& plan);
/// The same operators over another Relation. Over a pruned Relation, the original plan is what
/// a pruning without ProjectionOverSchema would run: every ordinal still counts the table's
/// fields (`--debug-no-rewrite` shows what that breaks).
PlanPtr with_plan_relation(const Plan& plan, const Relation& relation);

} // namespace prune
