#pragma once
/// Bound operators: enough of Catalyst's logical plan to print a query, to collect every
/// expression it evaluates, and to run it. A plan is a tree: a SELECT binds to, from the top,
///
///     Limit? / Offset? / Project? / Sort? / Distinct? / Project? / Filter(HAVING)? /
///     select list / Filter(WHERE)? / FROM clause
///
/// where the select list is a Project, an Aggregate, or a Project over Projects over either:
/// those compute the aliases later select items name (Spark's lateral column aliases), one per
/// link of a chain; an aggregating select list that names one becomes a Project over an
/// Aggregate of its aggregate calls and grouping expressions. The optional Projects above
/// restore the select list over a Sort or a HAVING Filter that reads what it does not output
/// (columns, aggregate calls, grouping expressions), which the operators below carry up
/// (Spark's ResolveReferencesInSort and ResolveAggregateFunctions).
///
/// The FROM clause is a Relation (a table scan), a LocalRelation (VALUES, or no FROM), the
/// plan of a subquery or of a CTE reference (inlined: bound anew at each reference), or a Join
/// of two of these; a set operation joins whole queries. Expression ids are unique in a
/// statement, so an attribute names one operator's output wherever it is read
/// (docs/ARCHITECTURE.md).

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
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
/// Each scan of a statement has its own expression ids: a table read twice (a self-join, two
/// references to one CTE, two branches of a UNION) is two Relations, pruned independently.
struct Relation {
    std::string table;
    std::vector<ExprPtr> output;
    TypePtr schema;
    std::string alias; // the FROM clause's alias for this scan, empty when none
};

/// Rows the query writes itself (`VALUES (1, 'a'), (2, 'b')`, and the one empty row of a
/// SELECT without FROM): no scan. Spark: LocalRelation (OneRowRelation for the latter).
struct LocalRelation {
    std::vector<ExprPtr> output;            // AttributeReferences
    std::vector<std::vector<ExprPtr>> rows; // foldable expressions, one per output column
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

/// ORDER BY (`global`: the whole result in order) and SORT BY (not `global`: each partition's
/// rows in order, Spark's local sort). Spark: Sort(order, global, child).
struct Sort {
    std::vector<SortOrder> order;
    PlanPtr child;
    bool global = true;
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

/// Spark's join types (JoinType). Semi and anti joins output the left side only.
enum class JoinType : std::uint8_t {
    Inner,
    Cross,
    LeftOuter,
    RightOuter,
    FullOuter,
    LeftSemi,
    LeftAnti
};

/// Two inputs side by side. `condition` may be null (a cross join, a comma join without a
/// WHERE that relates them). The output is the left's columns then the right's; an outer
/// join makes the columns of its null-supplying side nullable. Spark: Join.
struct Join {
    JoinType type = JoinType::Inner;
    ExprPtr condition;
    PlanPtr left;
    PlanPtr right;
    /// A join strategy hint on each side (`broadcast`, `shuffle_merge`, `shuffle_hash`,
    /// `shuffle_replicate_nl`; empty when none), from `/*+ BROADCAST(t) */` and its kin.
    /// Printed as Spark's JoinHint (`rightHint=(strategy=broadcast)`); changes nothing read.
    std::string left_hint;
    std::string right_hint;
};

enum class SetOpKind : std::uint8_t { Union, Intersect, Except };

/// UNION ALL, INTERSECT and EXCEPT [ALL | DISTINCT] over inputs of the same width: two, or more
/// for a chain of UNIONs of one kind, flattened as Spark's CombineUnions does. UNION DISTINCT
/// is a Distinct over a UNION ALL, as Spark plans it (`all` is then always true). The
/// output is the first input's columns (a UNION's nullable where any input's is), as in
/// Spark's Union, Intersect and Except; inputs whose column types differ were widened below
/// by a Project of casts when bound.
struct SetOperation {
    SetOpKind kind = SetOpKind::Union;
    bool all = false;
    std::vector<PlanPtr> children;
};

/// How a repartitioning operator spreads its child's rows over partitions.
enum class RepartitionKind : std::uint8_t {
    RoundRobin,   // `/*+ REPARTITION(n) */`: Spark's Repartition(n, shuffle = true)
    Coalesce,     // `/*+ COALESCE(n) */`: Repartition(n, shuffle = false)
    ByExpression, // DISTRIBUTE BY, CLUSTER BY, `/*+ REPARTITION([n,] c, ...) */`
    ByRange,      // `/*+ REPARTITION_BY_RANGE([n,] c, ...) */`: the keys sorted ascending
    Rebalance     // `/*+ REBALANCE([n,] [c, ...]) */`
};

/// Moves its child's rows between partitions and outputs them unchanged (same columns, same
/// ids): Spark's Repartition (RoundRobin, Coalesce), RepartitionByExpression (ByExpression,
/// ByRange: each key an ascending SortOrder, nulls first) and RebalancePartitions (Rebalance),
/// one operator with a kind as Generate has. `keys` are the partitioning expressions (none for
/// RoundRobin and Coalesce); `partitions` the number asked for, 0 when none was.
struct Repartition {
    RepartitionKind kind = RepartitionKind::ByExpression;
    std::vector<ExprPtr> keys;
    std::int64_t partitions = 0;
    PlanPtr child;
};

/// Spark's operator name for a repartitioning kind: `Repartition`, `RepartitionByExpression`
/// or `RebalancePartitions`.
const char* repartition_name(RepartitionKind kind);
/// The kind as prune-plan's JSON and AST dump name it: `round_robin`, `coalesce`,
/// `by_expression`, `by_range`, `rebalance`.
const char* repartition_kind_name(RepartitionKind kind);

enum class WindowFrameType : std::uint8_t { Rows, Range };
enum class WindowBoundKind : std::uint8_t {
    UnboundedPreceding,
    Offset, // `offset` rows (ROWS) or order-key units (RANGE) from the current row; <0 before
    CurrentRow,
    UnboundedFollowing
};
struct WindowBound {
    WindowBoundKind kind = WindowBoundKind::CurrentRow;
    std::int64_t offset = 0;
};
/// A window frame as Spark's SpecifiedWindowFrame (the analyzer fills in Spark's defaults and
/// the frames its window functions require).
struct WindowFrameSpec {
    WindowFrameType type = WindowFrameType::Rows;
    WindowBound lower;
    WindowBound upper;
};

/// Window functions over one window specification: each row of `child` gets its columns
/// unchanged and one value per `columns` entry (an Alias of a window function or an aggregate,
/// over its frame `frames[i]` within the rows of its partition ordered by `order`). The
/// partition keys, order keys and function arguments are columns or foldable (the analyzer
/// computes the rest as `_w<i>` in a Project below, as Spark's ExtractWindowExpressions).
/// `ignore_nulls[i]`: lag, lead and nth_value skip nulls. Spark: Window.
struct Window {
    std::vector<ExprPtr> columns; // Aliases
    std::vector<WindowFrameSpec> frames;
    std::vector<bool> ignore_nulls;
    std::vector<ExprPtr> partition;
    std::vector<SortOrder> order;
    PlanPtr child;
};

/// Spark's form of a frame in plans: `specifiedwindowframe(RowFrame, unboundedpreceding$(),
/// currentrow$())`, `specifiedwindowframe(RangeFrame, -1, 1)`.
std::string window_frame_string(const WindowFrameSpec& frame);

/// Spark's generators, as Generate runs them (the `_outer` forms are `outer` on the Generate).
enum class GeneratorKind : std::uint8_t { Explode, PosExplode, Inline, Stack, JsonTuple };

/// A generator over each row of `child`: the row is repeated once per value the generator
/// makes of it, with the generator's columns appended (`outer`: one row of nulls where it
/// makes none). `explode(arr)` makes `col` per element, `explode(map)` `key, value` per entry,
/// `posexplode` the position first, `inline(arr_of_structs)` one column per field of the
/// element, `stack(n, v1, ..., vk)` n rows of k/n columns, `json_tuple(json, k1, ..., kn)` one
/// row of n strings (the values of the JSON object's keys). `output` are the generator's columns
/// (AttributeReferences with new ids); the operator outputs its child's columns, then these.
/// For `inline`, `fields` names the element field each output column reads (the rewrite finds
/// them again by name in a pruned element). Spark: Generate (`qualifier` is a LATERAL VIEW's
/// or LATERAL function's alias; printed where Spark prints it).
struct Generate {
    GeneratorKind kind = GeneratorKind::Explode;
    bool outer = false;
    std::vector<ExprPtr> args;
    std::vector<ExprPtr> output;
    std::vector<Name> fields;
    std::string qualifier;
    /// The positions of the child's columns nothing above reads (Spark: unrequiredChildIndex,
    /// which its ColumnPruning sets): filled by the rewrite, for printing; empty when bound.
    std::vector<std::size_t> unrequired;
    PlanPtr child;
};

/// The generator's name as Spark prints it in a plan (`explode`, `posexplode`, `inline`,
/// `stack`, `json_tuple`; the outer forms print the same name and `true`).
const char* generator_name(GeneratorKind kind);

/// Each row of `child` once per grouping set of ROLLUP, CUBE or GROUPING SETS: `projections[k]`
/// are the values of the k-th copy, one per `output` column (the child's columns passed
/// through, the grouping keys, or a null where set k does not group by that key, the grouping
/// id as a bigint literal, `_gen_grouping_pos` (set k's position) when two sets are equal).
/// `output` are AttributeReferences: the child's columns with their ids, the rest with new ones.
/// The analyzer computes the keys as aliases in a Project below (Spark's
/// ResolveGroupingAnalytics); an Aggregate above groups by the key columns and the id.
/// Spark: Expand.
struct Expand {
    std::vector<std::vector<ExprPtr>> projections;
    std::vector<ExprPtr> output;
    PlanPtr child;
};

/// A random share of `child`'s rows, each kept with probability `fraction`: TABLESAMPLE's
/// PERCENT and BUCKET forms (`n ROWS` is a Limit). `fraction_text` is the fraction as Spark
/// prints it (a Java double); `seed` is REPEATABLE's, absent when Spark would draw one at
/// random. Spark: Sample(0.0, fraction, withReplacement = false, seed).
struct Sample {
    double fraction = 1.0;
    std::string fraction_text;
    std::optional<std::int64_t> seed;
    PlanPtr child;
};

struct Plan {
    using Node =
        std::variant<Relation, LocalRelation, Filter, Project, Aggregate, Sort, Limit, Offset,
                     Distinct, Join, SetOperation, Generate, Repartition, Window, Expand, Sample>;
    Node node;

    template <class T> const T* as() const { return std::get_if<T>(&node); }
};

/// The inputs of an operator, left to right (none for Relation and LocalRelation).
std::vector<PlanPtr> plan_children(const Plan& plan);
/// The same operator over new inputs (as many as it has).
PlanPtr with_plan_children(const Plan& plan, std::vector<PlanPtr> children);
/// The columns an operator outputs, as AttributeReferences (an Alias output becomes a
/// reference to it, with the alias's id, name, type and nullability). Spark: `output`.
std::vector<ExprPtr> plan_output(const Plan& plan);
/// The only input of a one-input operator, or null for a leaf. Throws InternalError on a Join
/// or a SetOperation: a walk that uses it handles only chains, and must say so.
const PlanPtr& plan_child(const Plan& plan);
/// The same one-input operator over a new child.
PlanPtr with_plan_child(const Plan& plan, PlanPtr child);
/// Every expression the operator evaluates (not its children's), in a fixed order.
std::vector<ExprPtr> plan_expressions(const Plan& plan);
/// The same operator with its expressions replaced (same order as plan_expressions).
PlanPtr with_plan_expressions(const Plan& plan, const std::vector<ExprPtr>& exprs);
/// The inputs of `plan`, moved out of it when `plan` is the only handle to the operator
/// (then `plan` is left without them) and shared otherwise. Plans are built as non-const
/// objects behind handles to const (`make_plan`), so their one owner may take them apart.
std::vector<PlanPtr> take_plan_children(PlanPtr& plan);
/// As plan_expressions, but moved out of the operator when `plan` is the only handle to it
/// (each slot left empty, so with_plan_expressions still sees the operator's shape).
std::vector<ExprPtr> take_plan_expressions(PlanPtr& plan);
/// A new plan node.
PlanPtr make_plan(Plan::Node node);
/// Calls `f(const SubqueryExpression&)` for each subquery expression among the operator's own
/// expressions (not for those inside their plans), left to right.
void for_each_subquery(const Plan& op, const std::function<void(const SubqueryExpression&)>& f);
/// Calls `f(const SubqueryExpression&)` for each subquery expression of `e` (not for those
/// inside their plans), parents before the subqueries under them.
void for_each_subquery(const Expr& e, const std::function<void(const SubqueryExpression&)>& f);
/// `plan` and the plans of its subquery expressions at any depth, each once, outermost first:
/// every plan a whole statement runs (`visit(const Plan&)` on each root).
void for_each_plan(const Plan& plan, const std::function<void(const Plan&)>& visit);
/// Every Relation of a plan, in Spark's scan order (pre-order, left input before right; an
/// operator's subquery expressions after its inputs, as Spark joins them on the right).
std::vector<const Relation*> plan_relations(const Plan& plan);
/// The Relation at the bottom of a plan with one scan. Throws InternalError when the plan has
/// none or several.
const Relation& plan_relation(const Plan& plan);
/// The same operators over other Relations, given in plan_relations order. Over pruned
/// Relations, the original plan is what a pruning without ProjectionOverSchema would run:
/// every ordinal still counts the table's fields (`--debug-no-rewrite` shows what that breaks).
PlanPtr with_plan_relations(const Plan& plan, const std::vector<const Relation*>& relations);
/// Every operator of `plan` in pre-order (an operator before its inputs, left before right),
/// without recursion: `visit(const Plan&)` is called once per operator.
template <class F> void for_each_operator(const Plan& plan, F&& visit) {
    std::vector<const Plan*> stack{&plan};
    while (!stack.empty()) {
        const Plan* op = stack.back();
        stack.pop_back();
        visit(*op);
        const std::vector<PlanPtr> kids = plan_children(*op);
        for (auto it = kids.rbegin(); it != kids.rend(); ++it) {
            stack.push_back(it->get());
        }
    }
}

/// `e` with each of its subquery expressions' plans (not those nested in them) replaced by
/// `f(plan)`; the nodes above a changed one are rebuilt (a scalar subquery's type is its
/// plan's column's). `e` itself when `f` changed nothing.
ExprPtr map_subquery_plans(const ExprPtr& e, const std::function<PlanPtr(const PlanPtr&)>& f);

/// `plan` with `f` applied to every expression of every operator but the scans' columns,
/// operators top-down (the order they print in), each input left to right, then to those of
/// the plans of its subquery expressions. Operators whose expressions and inputs `f` left
/// alone are shared, not copied.
template <class F> PlanPtr map_plan_expressions(const PlanPtr& plan, F&& f) {
    PlanPtr out = plan;
    if (plan->as<Relation>() == nullptr) {
        std::vector<ExprPtr> exprs = plan_expressions(*plan);
        bool changed = false;
        for (ExprPtr& e : exprs) {
            ExprPtr mapped = f(e);
            if (mapped->subqueries) {
                mapped = map_subquery_plans(
                    mapped, [&](const PlanPtr& inner) { return map_plan_expressions(inner, f); });
            }
            changed = changed || mapped != e;
            e = std::move(mapped);
        }
        if (changed) {
            out = with_plan_expressions(*plan, exprs);
        }
    }
    std::vector<PlanPtr> inputs = plan_children(*out);
    bool changed = false;
    for (PlanPtr& input : inputs) {
        PlanPtr mapped = map_plan_expressions(input, f);
        changed = changed || mapped != input;
        input = std::move(mapped);
    }
    return changed ? with_plan_children(*out, std::move(inputs)) : out;
}

/// Spark's name of a join type as EXPLAIN prints it (`Inner`, `LeftOuter`, `LeftSemi`, ...).
const char* join_type_name(JoinType type);
/// Spark's operator name of a set operation: `Union`, `Intersect`, `Except`.
const char* set_operation_name(const SetOperation& op);

} // namespace prune
