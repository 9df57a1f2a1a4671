#pragma once
/// Private to the analyzer (analyzer*.cpp): the binder that turns AST expressions into bound,
/// typed expressions, and the helpers the statement-level code and the binder share.

#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "catalog/catalog.hpp"
#include "diag/diagnostic.hpp"
#include "plan/analyzer.hpp"
#include "plan/expr.hpp"
#include "plan/functions.hpp"
#include "plan/higher_order.hpp"
#include "plan/time_window.hpp"
#include "plan/tree.hpp"
#include "sql/ast.hpp"
#include "util/ascii.hpp"

namespace prune::analyzer_detail {

/// The clause being bound: decides where aggregates are allowed and how select aliases resolve.
enum class Clause { Select, Where, GroupBy, Having, OrderBy, Limit, Offset };

/// How a name that is not a lambda variable may refer to a select item.
enum class AliasMode {
    None,
    /// ORDER BY: the select list's output names first, then the relation (Spark resolves Sort
    /// against the Project's output before the columns below it).
    OutputFirst,
    /// GROUP BY: a single-part name that is no column may name a select alias; it stands for
    /// the alias's expression (Spark: spark.sql.groupByAliases).
    ChildFallback,
    /// HAVING: a name that is no column may name a select alias; it refers to the alias output.
    OutputFallback,
};

/// One output column of the select list, after `*` expansion: the item as bound, a column's
/// AttributeReference or an Alias. The output as a column is built only where a later clause
/// names it (`attribute`), not kept for every item (issue 10: a node per item).
struct OutputRef {
    ExprPtr item;
    bool has_aggregate = false;

    const Name& name() const;
    ExprId id() const;
    /// The expression the item evaluates: the alias's child, or the column itself.
    const ExprPtr& child() const;
    /// The output as a column: the column itself, or AttributeReference(alias name, id).
    ExprPtr attribute(Span span) const;
};

/// Nodes whose pretty SQL depends on how the query wrote them (not recoverable from the bound
/// node): user-written casts (implicit ones are invisible in names) and `struct(...)` calls.
struct PrettyContext {
    std::unordered_set<const Expr*> user_casts;
    std::unordered_set<const Expr*> struct_calls;
    /// `struct(e AS name, ...)`: per argument, the name written after AS (empty: none).
    std::unordered_map<const Expr*, std::vector<std::string>> struct_aliases;
};

/// Spark's toPrettySQL (usePrettyExpression + sql): the auto-generated name of an unaliased
/// select item, e.g. `transform(rule_results, lambdafunction(r.score, r))`, `(a + 1)`.
std::string pretty_sql(const Expr& e, const PrettyContext& ctx);
/// A type as Spark's DataType.sql prints it (`INT`, `ARRAY<STRING>`, `STRUCT<a: INT>`).
std::string sql_type(const DataType& type);
/// Java's Double.toString / Float.toString, which Spark's Literal.toString uses.
std::string java_double_string(double v);
std::string java_float_string(float v);

/// An aggregate function call (count, sum, ...).
bool is_aggregate_call(const Expr& e);
/// Whether `e` reads a column outside every aggregate call (`i`, `i + sum(j)`; not
/// `sum(j) / 2`). Spark: ResolveGroupByAll.containsAttribute.
bool column_outside_aggregate(const Expr& e);

// Expressions looked up by structure (same_expr). A structural hash that equal expressions
// share sends each lookup only to the entries that can match it (the GROUP BY and select
// lists of generated queries are long); it is memoized, so every node is hashed once.
class ExprIndex {
  public:
    /// Expressions equal to `key` find `value`; of several equal keys, the first added.
    void add(const ExprPtr& key, ExprPtr value) {
        entries_.emplace(signature(*key), Entry{key, std::move(value), entries_.size()});
    }

    /// The value of the first key equal to `e`, or null.
    const ExprPtr* find(const Expr& e) const {
        const Entry* found = nullptr;
        const auto [first, last] = entries_.equal_range(signature(e));
        for (auto it = first; it != last; ++it) {
            if ((found == nullptr || it->second.order < found->order) &&
                same_expr(e, *it->second.key)) {
                found = &it->second;
            }
        }
        return found != nullptr ? &found->value : nullptr;
    }

  private:
    struct Entry {
        ExprPtr key;
        ExprPtr value;
        std::size_t order;
    };

    std::size_t signature(const Expr& e) const {
        if (const auto it = hashes_.find(&e); it != hashes_.end()) {
            return it->second;
        }
        std::size_t key = e.node.index();
        auto mix = [&key](std::size_t v) { key = key * 1000003 ^ (v + 0x9e3779b9 + (key << 6)); };
        if (const auto* a = e.as<AttributeReference>()) {
            mix(static_cast<std::size_t>(a->id));
        } else if (const auto* v = e.as<NamedLambdaVariable>()) {
            mix(static_cast<std::size_t>(v->id));
        } else if (const auto* g = e.as<GetStructField>()) {
            mix(g->ordinal);
        } else if (const auto* ga = e.as<GetArrayStructFields>()) {
            mix(ga->ordinal);
        } else if (const auto* l = e.as<Literal>()) {
            mix(std::hash<Name>{}(l->text));
        } else if (const auto* f = e.as<ScalarFunction>()) {
            mix(std::hash<std::string_view>{}(f->name()));
        }
        for_each_child(e, [&](const ExprPtr& kid) { mix(signature(*kid)); });
        hashes_.emplace(&e, key);
        return key;
    }

    // By address: the nodes hashed must outlive the index (its users keep them alive).
    mutable std::unordered_map<const Expr*, std::size_t> hashes_;
    std::unordered_multimap<std::size_t, Entry> entries_;
};

/// `table`'s columns as a statement binds them, built anew, numbered from `first_id`.
std::shared_ptr<const BoundColumns> bind_columns(const Table& table, CaseSensitivity cs,
                                                 ExprId first_id = 0);

/// What may qualify a FROM item's columns, outermost first: its alias, or the table's name as
/// the query wrote it (`db`, `t`); empty when nothing qualifies them (an unaliased subquery).
/// Shared by every column of the item: a join's scope copies its sides' columns, and copying
/// a column copies a pointer, not strings.
class Qualifier {
  public:
    Qualifier() = default;
    explicit Qualifier(std::vector<std::string> parts)
        : parts_(parts.empty()
                     ? nullptr
                     : std::make_shared<const std::vector<std::string>>(std::move(parts))) {}

    const std::vector<std::string>& parts() const { return parts_ ? *parts_ : kEmpty; }
    std::size_t size() const { return parts().size(); }
    bool empty() const { return parts_ == nullptr; }
    const std::string& operator[](std::size_t i) const { return parts()[i]; }
    const std::string& back() const { return parts().back(); }
    auto begin() const { return parts().begin(); }
    auto end() const { return parts().end(); }
    void clear() { parts_.reset(); }
    /// The same shared parts (not merely equal ones).
    bool same(const Qualifier& other) const { return parts_ == other.parts_; }

  private:
    static inline const std::vector<std::string> kEmpty;
    std::shared_ptr<const std::vector<std::string>> parts_;
};

/// One column a FROM clause makes visible by name.
struct ScopeColumn {
    ExprPtr attribute; // an AttributeReference of the FROM clause's output
    Qualifier qualifier;
    /// Whether a bare name finds it: a USING or NATURAL join's key is found once, on the side
    /// Spark's output takes it from; the other side's is found only qualified.
    bool unqualified = true;
    /// Whether `*` lists it (the other side's key of a USING join does not).
    bool in_star = true;
};

/// The names a query block resolves against: its FROM clause's columns (Spark: the child's
/// output with qualifiers; DuckDB's BindContext; sqlglot's Scope).
struct Scope {
    std::vector<ScopeColumn> columns; // in `*` order
    std::vector<ExprPtr> output;      // the FROM plan's output: what a Project over it may carry
    /// What the columns are called in messages: `table 'contacts'`, `the FROM clause`.
    std::string description;

    /// Whether `id` is one of the FROM clause's output columns.
    bool outputs(ExprId id) const;
    /// The FROM output column with id `id` (the FROM plan's own node), or null.
    const ExprPtr* output_column(ExprId id) const;

    /// The columns named `name` under `cs`, by position.
    const std::vector<std::size_t>& columns_named(std::string_view name, CaseSensitivity cs) const;
    /// Whether `parts` (case-insensitive, as table names and aliases are) is the end of some
    /// column's qualifier.
    bool is_qualifier(std::span<const std::string_view> parts) const;
    /// The most parts any column's qualifier has.
    std::size_t longest_qualifier() const;

  private:
    /// Brings the name index up to date with `columns`. The indexes are built by the first
    /// lookup and then only extended: a join appends its right side's columns to its left
    /// side's scope, so a chain of joins indexes each column once. Columns removed (a semi
    /// join drops its right side's) make it start again.
    void index_names(CaseSensitivity cs) const;

    mutable std::unordered_map<ExprId, std::size_t> output_index_; // built by the first lookup
    mutable std::size_t names_indexed_ = 0;                        // columns in the indexes
    mutable CaseSensitivity names_cs_ = CaseSensitivity::Insensitive;
    mutable std::unordered_map<std::string, std::vector<std::size_t>> by_name_;
    /// Every ending of every qualifier (`db.t` gives `t` and `db.t`), lower-cased, its parts
    /// joined by NUL: is_qualifier is one lookup, not a scan of the columns.
    mutable std::unordered_set<std::string> qualifier_endings_;
    mutable std::size_t longest_qualifier_ = 0;
};

/// A WITH clause's query in scope: bound anew at each reference, as Spark inlines CTEs.
struct CteDef {
    const ast::Cte* cte;
    std::size_t visible; // how many CTEs (from the start of BindContext::ctes) its body sees
};

/// A join strategy hint of a query block (`/*+ BROADCAST(t) */`): the FROM item it names and
/// the strategy it asks for; `used` once a join side took it.
struct JoinStrategyHint {
    std::string relation;
    std::string strategy; // Spark's JoinStrategyHint name: broadcast, shuffle_merge, ...
    std::string text;     // the hint as written, for warnings
    Span span;
    bool used = false;
};

/// A window expression of the select list (Spark: WindowExpression), before the Window
/// operator that computes it is built: the function (its arguments, keys and frame bound),
/// and the column it makes.
struct BoundWindow {
    ExprPtr function;
    std::vector<ExprPtr> partition;
    std::vector<SortOrder> order;
    WindowFrameSpec frame;
    bool ignore_nulls = false;
    ExprPtr column; // the AttributeReference the select list reads
};

/// The WINDOW clause's definitions, by name.
using WindowDefinitions = std::vector<std::pair<ast::Identifier, ast::WindowSpec>>;

class Binder;

/// A query block's time window, as Spark's TimeWindowing or SessionWindowing builds it: the
/// block's `window(...)` or `session_window(...)` call (its time argument cast to a
/// timestamp), a time window's parameters, and the column every call of it in the block reads
/// (`window`, `session_window`). The first call bound makes the column, which the block's
/// names then find too (`window.start`); a second, different call is an error.
struct TimeWindowing {
    ExprPtr call;
    TimeWindowSpec spec; // a time window's; unused for a session window
    ExprPtr column;      // an AttributeReference
    /// Whether WHERE calls it: the sub-plan is then below the WHERE's Filter, else above it.
    bool under_where = false;

    bool session() const { return call->as<ScalarFunction>()->def->catalyst == "SessionWindow"; }
};

/// A query block's `window_time(w)` columns, as Spark's ResolveWindowTime builds them: one
/// Alias per distinct call, `window_time(w)`, the window's end less a microsecond, computed by
/// a Project over the FROM clause (under the WHERE's Filter when WHERE calls it).
struct WindowTimes {
    std::vector<ExprPtr> calls;   // the bound calls, one per distinct call
    std::vector<ExprPtr> columns; // their Aliases
    bool under_where = false;
};

/// ResolveWindowTime's Project of `times`' columns and `child`'s (analyzer_time_window.cpp).
PlanPtr window_time_plan(const WindowTimes& times, PlanPtr child);

/// The rule's sub-plan over `child` (analyzer_time_window.cpp): a tumbling window is a Project
/// of the window's bounds and `child`'s columns over a Filter of non-NULL times; a sliding one
/// an Expand of one projection per window a time may fall in, under a Filter of the windows
/// that hold it; a session window a Filter of non-NULL times over a Project of the session's
/// first bounds, [time, time + gap).
PlanPtr time_window_plan(const TimeWindowing& window, PlanPtr child);

/// The `window(...)` or `session_window(...)` call of a query block's clauses Spark's rules
/// would meet first (WHERE's, below the other clauses' operators), and whether it is in WHERE;
/// null when the block has none. Subqueries are blocks of their own and are not searched.
std::pair<const ast::Expr*, bool> find_time_window_call(const ast::Select& select);

/// grouping() or grouping_id(): placeholders for bits of the Expand's grouping id, valid only
/// under ROLLUP, CUBE and GROUPING SETS.
inline bool is_grouping_function(const FunctionDef& def) {
    return def.catalyst == "Grouping" || def.catalyst == "GroupingID";
}

/// first, last and any_value: the functions that take IGNORE NULLS, as their ignoreNulls
/// argument (Spark: First, Last, AnyValue).
inline bool takes_ignore_nulls(const FunctionDef& def) {
    return def.catalyst == "First" || def.catalyst == "Last" || def.catalyst == "AnyValue";
}

/// A query block around a subquery expression being bound: the names its FROM clause makes
/// visible are the subquery's outer references (Spark: OuterReference), and `reads` collects
/// the columns of it the subquery (at any depth) reads.
struct OuterScope {
    const Binder* binder;
    std::vector<ExprPtr>* reads;
};

/// What every query block of one statement shares while it binds.
struct BindContext {
    const Catalog& catalog;
    std::shared_ptr<const SourceFile> source;
    CaseSensitivity cs = CaseSensitivity::Insensitive;
    RelationCache* relations = nullptr;
    ExprId next_id = 0;
    std::vector<Diagnostic> warnings;
    std::set<std::string> warned_udfs;
    PrettyContext pretty;
    std::vector<CteDef> ctes; // in scope, innermost last
    std::size_t depth = 0;    // query nesting, against kMaxNestingDepth
    /// The join hints of the query block whose FROM clause is being bound.
    std::vector<JoinStrategyHint> join_hints;
    /// The query blocks around the subquery expression being bound, innermost last.
    std::vector<OuterScope> outer;
    /// The columns that are a time or session window (Spark's TimeWindow.marker and
    /// SessionWindow.marker metadata): the columns the rules make and aliases of them, which
    /// window_time() takes.
    std::unordered_set<ExprId> window_columns;
    /// Binds a whole query (a subquery expression's) in this context (analyzer.cpp).
    std::function<PlanPtr(const ast::Query&)> bind_query;
};

/// Binds the expressions of one query block against its FROM clause's scope.
class Binder {
  public:
    Binder(BindContext& context, Scope scope);

    /// Binds `e` in the current clause and alias mode.
    ExprPtr bind(const ast::Expr& e);

    [[noreturn]] void fail(Span span, std::string message) const;
    /// `e` if boolean (a NULL literal is cast to boolean); else an error naming `what` at
    /// `where`, where the query wrote it.
    ExprPtr require_boolean(const ExprPtr& e, Span where, std::string_view what) const;

    /// The FROM clause's output columns (what a Project over it may carry up).
    const std::vector<ExprPtr>& columns() const { return scope_.output; }
    const Scope& scope() const { return scope_; }
    /// A generator call (`explode(arr)`, `posexplode_outer(m)`, `inline(a)`, `stack(2, x, y)`)
    /// as a Generate without its child: its arguments bound in this scope, its columns named
    /// `names` (each given one, or none for Spark's defaults: `col`, `pos`, `key`, `value`,
    /// the struct's fields for inline, `col0`... for stack). `outer` is LATERAL VIEW OUTER.
    Generate bind_generator(const ast::Call& call, Span span, bool outer,
                            const std::vector<ast::Identifier>& names, Span names_span,
                            std::string qualifier);
    /// The scope column `parts` names (qualified, or by its bare first part) and how many parts
    /// that takes; nothing when no column has the name.
    std::optional<std::pair<std::size_t, std::size_t>>
    find_scope_column(const ast::Identifiers& parts) const;
    /// The scope, taken back (with the name index its lookups built).
    Scope take_scope() { return std::move(scope_); }
    BindContext& context() { return ctx_; }
    ExprId fresh_id() { return ctx_.next_id++; }
    PrettyContext& pretty() { return ctx_.pretty; }
    CaseSensitivity case_sensitivity() const { return cs_; }
    const std::shared_ptr<const SourceFile>& source() const { return source_; }

    /// Whether the query block groups by ROLLUP, CUBE or GROUPING SETS, where grouping() and
    /// grouping_id() may be called (in the select list, HAVING and ORDER BY).
    void set_grouping_analytics(bool on) { grouping_analytics_ = on; }

    /// Clause and alias resolution for the next bind() calls.
    void set_clause(Clause clause, AliasMode mode, const std::vector<OutputRef>* outputs);
    /// Spark's lateral column aliases: in the select list, a name that is no column may name
    /// an alias an earlier item defines (`SELECT a + 1 AS x, x * 2`) and reads its output.
    /// `outputs` is the select list as bound so far, growing as it binds; null after it.
    void set_lateral_outputs(const std::vector<OutputRef>* outputs) { lateral_outputs_ = outputs; }
    /// The select items after the one being bound, for an error naming an alias one of them
    /// defines (a lateral alias must come first).
    void set_later_items(std::span<const ast::SelectItem> later) { later_items_ = later; }
    /// What a GROUP BY that names the select output `out` groups by: its expression, with
    /// the lateral aliases it reads replaced by theirs (they are computed above the
    /// Aggregate). Needs the select list as the current clause's outputs.
    ExprPtr grouping_expression(const OutputRef& out) const;
    /// The first name that read a lateral alias, if one did.
    const std::optional<ast::Identifier>& first_lateral_use() const { return first_lateral_use_; }

    /// Whether an aggregate call was bound since the last reset.
    bool saw_aggregate() const { return saw_aggregate_; }
    void reset_saw_aggregate() { saw_aggregate_ = false; }

    /// `*` or `t.*`: every column of the relation (partition columns too), in table order.
    /// `s.*`, `t.s.*`, `s.inner.*` (a qualifier that is not the table): one
    /// `Alias(GetStructField(s, i), field name)` per field of the struct. Spark:
    /// UnresolvedStar.expand (the table first, then a column or field path).
    std::vector<ExprPtr> expand_star(const ast::Star& star, Span span);
    std::vector<ExprPtr> leave_out(const ast::Star& star, std::vector<ExprPtr> columns,
                                   const std::vector<Qualifier>& qualifiers);

    /// Whether `e`, alone in the GROUP BY or ORDER BY list of the current clause, is Spark's
    /// unresolved `ALL`: the one-part name `all` (any case) naming no column of the table nor,
    /// for ORDER BY, a select item (a column `all` wins, as in Spark). Spark:
    /// ResolveGroupByAll.matchToken, ResolveOrderByAll.
    bool is_all_token(const ast::Expr& e) const;

    /// The query's text at `span`, as written.
    std::string written(Span span) const {
        return source_->text().substr(span.begin, span.end - span.begin);
    }

    /// A reference to column `i` written at `span`. Under a field access (`s.f`), which keeps
    /// the place for errors, it is the relation's own node, shared by every such reference
    /// (issue 10: one node fewer per access); a bare reference, which an error may point at,
    /// is a node of its own.
    ExprPtr column_ref(std::size_t i, Span span, bool under_access) const;

  private:
    ExprPtr bind_node(const ast::Expr& e);
    ExprPtr bind_literal(const ast::Literal& lit, Span span, bool negate) const;
    /// A typed literal `DATE '…'`, `TIMESTAMP '…'` or `TIMESTAMP_NTZ '…'` checked as Spark's
    /// parser does, its text in Spark's printed form (`2020-1-2` -> `2020-01-02`); an error at
    /// `span` when Spark rejects it or when its value would depend on the clock or on a
    /// time-zone database. Spark: AstBuilder.visitTypeConstructor (INVALID_TYPED_LITERAL).
    ExprPtr datetime_literal(AtomicKind kind, const std::string& text, Span span) const;
    ExprPtr resolve_name(const ast::NameRef& ref, Span span);
    /// A name no column of this block has, as an outer reference to a column of a query block
    /// around it (the innermost that has one), with its field accesses; null when none has.
    ExprPtr resolve_outer(const ast::Identifiers& parts);
    /// `(SELECT ...)`, `EXISTS (SELECT ...)`, `v IN (SELECT ...)`. Spark: ScalarSubquery,
    /// Exists, InSubquery.
    ExprPtr bind_subquery(const ast::SubqueryExpr& sub, Span span);
    /// `CAST(e AS t)`, `e::t`, `TRY_CAST(e AS t)` over the bound operand. Spark: Cast.
    ExprPtr bind_cast(const ast::Cast& c, const ExprPtr& child, Span span);
    ExprPtr bind_quantified_like(const ast::QuantifiedLike& like, Span span);
    /// `-operand` as Spark's grammar reads it when the operand is a number literal, or such a
    /// literal under `::` casts (`-1::string` is the cast of -1); null otherwise.
    ExprPtr negated_literal(const ast::Expr& operand, Span span);
    ExprPtr extract_field(const ExprPtr& base, const ast::Identifier& field, Span span) const;
    ExprPtr subscript(const ExprPtr& base, const ExprPtr& index, Span span, Span index_span) const;
    ExprPtr array_index(const ExprPtr& index, Span span) const;
    ExprPtr map_key(const ExprPtr& map, const ExprPtr& key, Span span) const;
    /// Fails at `span` when `base` is a user-defined function's result, whose type is not
    /// known to take apart; `what` is what the query tries (`subscript`, `access a field of`).
    void check_not_udf_result(const ExprPtr& base, Span span, std::string_view what) const;
    /// The scope column a bare `name` finds (ambiguity is an error naming the candidates).
    std::optional<std::size_t> find_column(const ast::Identifier& name) const;
    /// The scope column `parts[0..k)` qualify and `parts[k]` names, for the longest such k
    /// that `accept` takes (leaving at least `keep` parts after the qualifier); k is 0 when
    /// there is none.
    template <class Accept>
    std::pair<std::size_t, std::optional<std::size_t>>
    find_qualified(const ast::Identifiers& parts, std::size_t keep, Accept&& accept) const;
    /// A name as the indexes of select outputs hold it: lower-cased unless case-sensitive.
    std::string name_key(std::string_view name) const;
    const OutputRef* find_output(const ast::Identifier& name) const;
    const OutputRef* find_lateral_alias(const ast::Identifier& name);
    ExprPtr find_lambda_variable(std::string_view name) const;
    /// Whether `parts[0..k)` is the end of some scope column's qualifier.
    bool is_qualifier(const ast::Identifiers& parts, std::size_t k) const;
    /// The scope columns named `name` (under the case sensitivity), by position.
    const std::vector<std::size_t>& columns_named(std::string_view name) const {
        return scope_.columns_named(name, cs_);
    }
    [[noreturn]] void unknown_column(const ast::Identifier& name) const;
    ExprPtr binary(BinaryOpKind op, const ExprPtr& l, const ExprPtr& r, Span span) const;
    /// `l + r` or `l - r` as Spark's function for a date or timestamp and an interval or a
    /// number of days; null for other operands.
    ExprPtr datetime_arithmetic(BinaryOpKind op, const ExprPtr& l, const ExprPtr& r,
                                Span span) const;

    // Calls (analyzer_functions.cpp).
    ExprPtr bind_call(const ast::Call& call, Span span);
    ExprPtr bind_within_group(const FunctionDef& def, const ast::Call& call,
                              const std::string& name, Span span, bool window_call);
    /// `f(...) OVER w`: a window expression, added to the select list's windows; what it
    /// returns is the column the Window operator makes.
    ExprPtr bind_over(const ast::Over& over, Span span);
    /// The frame of `spec` for the function `name` (Spark's defaults and required frames),
    /// checked as Spark's SpecifiedWindowFrame checks it.
    WindowFrameSpec window_frame(const ast::WindowSpec& spec, const std::string& name,
                                 const std::vector<ExprPtr>& args,
                                 const std::vector<SortOrder>& order) const;

  public:
    /// Window expressions may be bound (in the select list): `defs` is the WINDOW clause, and
    /// each one bound is added to `out`. Null `out`: none may be.
    void set_windows(const WindowDefinitions* defs, std::vector<BoundWindow>* out) {
        window_defs_ = defs;
        windows_ = out;
    }
    /// The block's time window, made by the first `window(...)` call bound; null: the calls
    /// are not allowed where the binder is.
    void set_time_window(std::optional<TimeWindowing>* window) { time_window_ = window; }
    /// The block's window_time() columns; null: the calls are not allowed where the binder is.
    void set_window_times(WindowTimes* times) { window_times_ = times; }

  private:
    ExprPtr bind_hof(const HofDef& def, const ast::Call& call, Span span);
    ExprPtr bind_lambda(const ast::Expr& lambda_expr, std::string_view role,
                        std::string_view function, const LambdaSpec& spec,
                        const std::vector<Typed>& param_types);
    /// `def` applied to `args` (coerced and type-checked), with an aggregate's FILTER
    /// condition (bound by `bind_aggregate_filter`) as its last child when there is one. An
    /// argument that does not fit is reported where the query wrote it (`arg_spans`, one per
    /// argument), else at the call.
    ExprPtr apply_function(const FunctionDef& def, const std::vector<ExprPtr>& args,
                           std::span<const Span> arg_spans, bool distinct, Span span,
                           const ExprPtr& filter = nullptr, SortDirections within_group = {}) const;
    ExprPtr bind_aggregate_filter(const ast::Call& call, std::string_view function);
    ExprPtr bind_named_struct(const ast::Call& call, Span span);
    ExprPtr bind_struct(const ast::Call& call, Span span);
    ExprPtr bind_element_at(const ast::Call& call, Span span);
    ExprPtr bind_map_extract(const ast::Call& call, Span span, bool keys);
    ExprPtr bind_date_part(const ast::Call& call, const std::string& name, Span span);
    /// `timestampdiff(HOUR, a, b)`, `timestampadd(DAY, n, ts)` and their other names.
    ExprPtr bind_unit_call(const ast::Call& call, const std::string& name, Span span);
    /// `int(x)`, `date(x)`, ...: a Cast (Spark's castAlias), or null for another name.
    ExprPtr bind_cast_function(const ast::Call& call, const std::string& name, Span span);
    ExprPtr bind_udf(const ast::Call& call, const std::string& name, Span span);
    /// A bound `window(...)` or `session_window(...)` call as the block's window column
    /// (TimeWindowing, SessionWindowing).
    ExprPtr time_window_column(const ExprPtr& call, Span span);
    /// A bound `window_time(w)` call as the column ResolveWindowTime computes for it.
    ExprPtr window_time_column(const ExprPtr& call, Span span);
    std::vector<ExprPtr> bind_plain_args(std::span<const ast::ExprPtr> args,
                                         std::string_view function);
    void check_arity(std::string_view function, std::size_t got, int min, int max, Span span) const;
    void check_aggregate_context(std::string_view function, Span span) const;

    BindContext& ctx_;
    Scope scope_;
    std::shared_ptr<const SourceFile> source_;
    CaseSensitivity cs_;

    // Lambda scopes, innermost last; each holds the NamedLambdaVariable nodes it binds.
    std::vector<std::vector<ExprPtr>> frames_;
    Clause clause_ = Clause::Select;
    bool grouping_analytics_ = false;
    AliasMode alias_mode_ = AliasMode::None;
    const std::vector<OutputRef>* outputs_ = nullptr;
    // (output name, lower-cased unless case-sensitive; position in *outputs_), sorted, one
    // entry per output. Built by the first lookup: most statements never look an output up,
    // and at 46,000 select items an index built for every clause was an eighth of the peak
    // heap (issue 10).
    mutable std::vector<std::pair<std::string, std::size_t>> output_index_;
    const std::vector<OutputRef>* lateral_outputs_ = nullptr;
    // The aliases among *lateral_outputs_ by name (lower-cased unless case-sensitive), with
    // their positions; extended by each lookup to the items bound since, so a select list
    // that names no lateral alias never builds it.
    std::unordered_map<std::string, std::vector<std::size_t>> lateral_index_;
    std::size_t lateral_indexed_ = 0;
    std::optional<ast::Identifier> first_lateral_use_;
    std::span<const ast::SelectItem> later_items_;
    std::string enclosing_aggregate_; // the aggregate whose arguments are being bound
    bool saw_aggregate_ = false;
    const WindowDefinitions* window_defs_ = nullptr;
    std::vector<BoundWindow>* windows_ = nullptr;
    bool in_window_ = false;   // binding the function of a window expression
    bool window_call_ = false; // the next call bound is a window expression's function
    std::optional<TimeWindowing>* time_window_ = nullptr;
    WindowTimes* window_times_ = nullptr;
};

/// Whether `name` (any case) is a generator: explode, posexplode, inline, stack and the
/// `_outer` forms.
bool is_generator_name(std::string_view name);

/// A statement's clauses as bound, before its operators are stacked.
struct BoundClauses {
    /// The select list's generator, over the FROM clause and WHERE (Spark: ExtractGenerator).
    std::optional<Generate> generate;
    std::vector<ExprPtr> items;     // the select list, `*` expanded
    std::vector<OutputRef> outputs; // the same, as output columns
    ExprPtr where;
    bool aggregating = false;
    std::vector<ExprPtr> grouping;
    /// GROUP BY's grouping sets (indices into `grouping`), Spark's selectedGroupByExprs; empty
    /// without ROLLUP, CUBE or GROUPING SETS.
    std::vector<std::vector<std::size_t>> grouping_sets;
    ExprPtr having;
    Span having_span;
    bool distinct = false;
    std::vector<SortOrder> order;
    bool local_sort = false; // SORT BY or CLUSTER BY: `order` sorts each partition
    /// The partitioning hints, outermost (first written) first, without their children.
    std::vector<Repartition> hints;
    /// DISTRIBUTE BY or CLUSTER BY, without its child.
    std::optional<Repartition> distribute;
    /// The select list's window expressions, in the order bound.
    std::vector<BoundWindow> windows;
    /// The block's time window, if it has one: its sub-plan goes over the FROM clause.
    const TimeWindowing* time_window = nullptr;
    /// The block's window_time() columns (none: empty), computed over the time window.
    const WindowTimes* window_times = nullptr;
    ExprPtr offset;
    ExprPtr limit;
};

/// `input UNPIVOT (...)` over the input's plan and scope, as Spark's ResolveUnpivot plans it:
/// an Expand (and, for EXCLUDE NULLS, a Filter over it). analyzer_pivot.cpp.
std::pair<PlanPtr, Scope> bind_unpivot(BindContext& ctx, const ast::UnpivotRef& ref, PlanPtr child,
                                       Scope scope);
/// `input PIVOT (...)` over the input's plan and scope, as Spark's ResolvePivot plans it
/// without PivotFirst: an Aggregate by the input's other columns. analyzer_pivot.cpp.
std::pair<PlanPtr, Scope> bind_pivot(BindContext& ctx, const ast::PivotRef& ref, PlanPtr child,
                                     Scope scope);

/// The query block's operators over its FROM clause's plan `from`, from the clauses as bound:
/// HAVING and the sort keys are rewritten to read the select list's output
/// (analyzer_operators.cpp).
PlanPtr stack_operators(Binder& binder, BoundClauses& clauses, PlanPtr from);

/// DISTINCT, ORDER BY, OFFSET and LIMIT of `clauses` over `plan`, which outputs
/// `clauses.outputs` (the select list restored over an aggregating generator): the sort keys
/// may read only those columns.
PlanPtr stack_over_select_list(Binder& binder, BoundClauses& clauses, PlanPtr plan);

} // namespace prune::analyzer_detail
