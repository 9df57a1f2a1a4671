// The analyzer: one SELECT statement + the catalog -> the bound plan (Spark: the Analyzer's
// ResolveRelations, ResolveReferences, ResolveLambdaVariables, ResolveAliases, ...).
//
//     contacts(id INT, name STRUCT<first: STRING, last: STRING>, p INT)   partition p
//
//     SELECT name.first, count(*) FROM contacts WHERE id > 0 GROUP BY name.first ORDER BY 2 DESC
//
//     Sort [count(1)#5 DESC NULLS LAST]
//       Aggregate grouping=[name#1.first] aggregates=[name#1.first AS first#3,
//                                                      count(1) AS count(1)#4]
//         Filter (id#0 > 0)
//           Relation contacts [id#0, name#1, p#2]    schema struct<id:int,name:struct<...>>
//
// Expression ids: the relation's columns take 0..n-1 in table order; every new binding then
// takes the next id in the order the binder meets it: select items left to right (inside an
// item: lambda variables as met, then the item's alias), then WHERE, GROUP BY, HAVING and
// ORDER BY. BoundStatement::next_id is the first id left free.
//
// Clause binding (a simplification of Spark's resolution rules, documented here once):
// - A select item may name an alias an earlier item defines, when no column has the name
//   (Spark's lateral column aliases); a Project below the select list's computes it. An
//   aggregating select list first becomes a Project over the Aggregate. The operators are
//   stacked in analyzer_operators.cpp.
// - GROUP BY binds against the relation; an integer literal is a select-list position; a
//   single-part name that is no column may name a select alias and stands for its expression.
// - HAVING binds against the relation (aggregates allowed); a name that is no column may name a
//   select alias and refers to the alias output.
// - ORDER BY resolves names against the select list's output names first, then against the
//   relation; an integer literal is a select-list position. The sort keys reference the output
//   attribute (the alias's id) when they name a select item.
// - HAVING and the sort keys read what the select list outputs. Over a Project, the columns
//   the keys read beyond it are added whole to that Project (Spark's ResolveReferencesInSort).
//   Over an Aggregate, each part of HAVING or a key that the Aggregate computes becomes its
//   output column, and an aggregate call or grouping expression it does not compute is added
//   to its list (Spark's ResolveAggregateFunctions). Either way a Project above the Sort or
//   the Filter restores the select list:
//
//       SELECT id FROM contacts ORDER BY name.first
//
//       Project [id#0]
//         Sort [name#1.first ASC NULLS FIRST]
//           Project [id#0, name#1]
//             Relation contacts [id#0, name#1, p#2]
//
//       SELECT name.first FROM contacts GROUP BY name.first HAVING count(*) > 1
//
//       Project [first#3]
//         Filter (count(1)#4 > 1)
//           Aggregate grouping=[name#1.first] aggregates=[name#1.first AS first#3,
//                                                          count(1) AS count(1)#4]
//
//   Under DISTINCT a key that needs anything added is an error, as in Spark (SPARK-17863: it
//   would change which rows are distinct).
// - A query aggregates when it has GROUP BY or HAVING or an aggregate in the select list,
//   HAVING or ORDER BY; then every column used outside an aggregate must be grouped.
// - Window expressions (`f() OVER w`) are the select list's only: each becomes a column of a
//   Window below the select list's Project, its keys and arguments computed below that as
//   `_w<i>` (Spark's ExtractWindowExpressions; analyzer_operators.cpp). Not in a select list
//   that aggregates, has a generator or reads a lateral alias (not implemented).
// - SORT BY resolves as ORDER BY does and sorts each partition (Sort, not global); DISTRIBUTE
//   BY, CLUSTER BY and the partitioning hints read only the select list's outputs and stack
//   over it, the hints innermost (Spark's withHints, then withQueryResultClauses).

#include <algorithm>
#include <functional>
#include <span>
#include <string>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "plan/analyzer.hpp"
#include "plan/analyzer_internal.hpp"
#include "plan/tree.hpp"
#include "plan/typing.hpp"
#include "plan/unsupported_functions.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace analyzer_detail {
namespace {

// The integer value of an unsuffixed integer literal (a GROUP BY / ORDER BY position).
std::optional<long long> position_literal(const ast::Expr& e) {
    const auto* lit = std::get_if<ast::Literal>(&e.node);
    if (lit == nullptr || lit->kind != ast::LiteralKind::Integer ||
        lit->suffix != ast::IntegerSuffix::None || lit->text.size() > 9) {
        return std::nullopt;
    }
    return std::stoll(lit->text.str());
}

// The checks an aggregating query makes of the expressions above the Aggregate: a column
// reference outside any aggregate must be (part of) a grouping expression.
class GroupingCheck {
  public:
    GroupingCheck(const std::vector<ExprPtr>& grouping, const Scope& scope) : scope_(scope) {
        for (const ExprPtr& g : grouping) {
            grouping_.add(g, g);
        }
    }

    // The outermost offending expression (an ungrouped column, or the field chain over it).
    ExprPtr find_ungrouped(const ExprPtr& e) const {
        if (grouping_.find(*e) != nullptr || is_aggregate_call(*e)) {
            return nullptr;
        }
        if (const auto* a = e->as<AttributeReference>()) {
            // Alias outputs (no column of the FROM clause) are computed above the grouping.
            return scope_.outputs(a->id) ? e : nullptr;
        }
        const bool field_chain = e->is<GetStructField>() || e->is<GetArrayStructFields>();
        ExprPtr bad;
        for_each_child(*e, [&](const ExprPtr& kid) {
            if (!bad) {
                bad = find_ungrouped(kid);
            }
        });
        return bad && field_chain ? e : bad;
    }

  private:
    ExprIndex grouping_;
    const Scope& scope_;
};

} // namespace

bool is_aggregate_call(const Expr& e) {
    const auto* f = e.as<ScalarFunction>();
    return f != nullptr && f->def->aggregate;
}

bool column_outside_aggregate(const Expr& e) {
    if (is_aggregate_call(e)) {
        return false;
    }
    if (e.is<AttributeReference>()) {
        return true;
    }
    const ChildPointers kids = child_pointers(e);
    return std::any_of(kids.begin(), kids.end(),
                       [](const Expr* kid) { return column_outside_aggregate(*kid); });
}

/// Whether `target` is in `root`'s tree; if so, `*udf` is the innermost user-defined function
/// call above it (or stays null).
bool find_under_user_function(const Expr& root, const Expr& target, const ScalarFunction** udf) {
    if (&root == &target) {
        return true;
    }
    const ChildPointers kids = child_pointers(root);
    for (const Expr* kid : kids) {
        if (find_under_user_function(*kid, target, udf)) {
            const auto* f = root.as<ScalarFunction>();
            if (*udf == nullptr && f != nullptr && f->user_defined()) {
                *udf = f;
            }
            return true;
        }
    }
    return false;
}

/// What to add to "neither in GROUP BY nor an aggregate" when `ungrouped` is an argument of a
/// function prune-plan does not know: an aggregate it does not know is read as a scalar
/// function, which is the likelier cause than the query.
std::string unknown_function_hint(const Expr& root, const Expr& ungrouped) {
    const ScalarFunction* udf = nullptr;
    if (!find_under_user_function(root, ungrouped, &udf) || udf == nullptr) {
        return "";
    }
    std::string note = unsupported_builtin_note(ascii_lower(udf->name()));
    if (note.empty()) {
        note = "'" + std::string(udf->name()) + "' is an unknown function";
    }
    return "; " + note + ", treated as a scalar user-defined function";
}

} // namespace analyzer_detail

using namespace analyzer_detail;

namespace {

template <class Query> PlanPtr bind_query(BindContext& ctx, Query& query);
std::pair<PlanPtr, Scope> bind_from(BindContext& ctx, const ast::FromItem& item);
Span identifiers_span(const std::vector<ast::Identifier>& names, Span fallback);

/// LIMIT n or OFFSET n (of a query block or over a set operation): a row count, which Spark's
/// CheckAnalysis wants a non-negative integer constant (a literal here); null when absent.
ExprPtr bind_row_count(Binder& binder, const ast::ExprPtr& count, Clause clause,
                       const char* keyword) {
    if (!count) {
        return nullptr;
    }
    binder.set_clause(clause, AliasMode::None, nullptr);
    ExprPtr bound = binder.bind(*count);
    const auto* lit = bound->as<Literal>();
    if (lit == nullptr || lit->is_null || !bound->type->is(AtomicKind::Integer) ||
        lit->text.view().starts_with("-")) {
        binder.fail(count->span, std::string(keyword) + " must be a non-negative integer literal");
    }
    return bound;
}

/// Spark's join strategy hints (JoinStrategyHint.strategies): the strategy each hint name asks
/// for, or null when `upper` names none.
const char* join_strategy(const std::string& upper) {
    if (upper == "BROADCAST" || upper == "BROADCASTJOIN" || upper == "MAPJOIN") {
        return "broadcast";
    }
    if (upper == "SHUFFLE_MERGE" || upper == "MERGE" || upper == "MERGEJOIN") {
        return "shuffle_merge";
    }
    if (upper == "SHUFFLE_HASH") {
        return "shuffle_hash";
    }
    if (upper == "SHUFFLE_REPLICATE_NL") {
        return "shuffle_replicate_nl";
    }
    return nullptr;
}

/// The hint as written, for messages.
std::string hint_text(const BindContext& ctx, const ast::Hint& hint) {
    return ctx.source->text().substr(hint.span.begin, hint.span.end - hint.span.begin);
}

/// The join hints of a query block, each relation it names one entry (Spark's
/// ResolveJoinStrategyHints: `BROADCAST(a, b)` hints both). A join hint without names applies
/// to the block's whole plan in Spark, a join side only when the block is one: prune-plan
/// warns and ignores it.
std::vector<JoinStrategyHint> join_hints_of(BindContext& ctx, const std::vector<ast::Hint>& hints) {
    std::vector<JoinStrategyHint> out;
    for (const ast::Hint& hint : hints) {
        const char* strategy = join_strategy(ascii_upper(hint.name.name));
        if (strategy == nullptr) {
            continue;
        }
        if (hint.args.empty()) {
            ctx.warnings.push_back(Diagnostic{Severity::Warning,
                                              "join hint '" + hint_text(ctx, hint) +
                                                  "' names no relation: ignored (name the join "
                                                  "input it is for, as in BROADCAST(t))",
                                              ctx.source, hint.span});
            continue;
        }
        for (const ast::ExprPtr& arg : hint.args) {
            const auto* name = std::get_if<ast::NameRef>(&arg->node);
            if (name == nullptr) {
                throw_sql_error(ctx.source, arg->span,
                                ascii_upper(hint.name.name) +
                                    " Hint parameter should be a relation name such as 't'");
            }
            out.push_back(JoinStrategyHint{name->parts.back().name.str(), strategy,
                                           hint_text(ctx, hint), hint.span, false});
        }
    }
    return out;
}

/// The strategy of the first join hint of the query block that names `item` (by its alias,
/// else a table's name; Spark matches the SubqueryAlias a relation is wrapped in), which it
/// marks used; empty when none does.
std::string join_side_hint(BindContext& ctx, const ast::FromItem& item) {
    const ast::Identifier* name = nullptr;
    if (const auto* table = std::get_if<ast::TableRef>(&item.node)) {
        name = table->alias ? &*table->alias : &table->name;
    } else if (const auto* sub = std::get_if<ast::SubqueryRef>(&item.node)) {
        name = sub->alias ? &*sub->alias : nullptr;
    }
    std::string strategy;
    for (JoinStrategyHint& hint : ctx.join_hints) {
        if (name != nullptr && names_match(hint.relation, name->name, ctx.cs)) {
            if (strategy.empty()) {
                strategy = hint.strategy;
            }
            hint.used = true;
        }
    }
    return strategy;
}

/// A DISTRIBUTE BY, CLUSTER BY or partitioning hint key: bound as a sort key is (the select
/// list's output names first), it may read only what the select list outputs, since Spark
/// resolves RepartitionByExpression against its child's output alone.
ExprPtr bind_output_key(Binder& binder, const ast::Expr& e, const std::vector<OutputRef>& outputs,
                        const std::string& clause) {
    binder.set_clause(Clause::OrderBy, AliasMode::OutputFirst, &outputs);
    binder.reset_saw_aggregate();
    ExprPtr key = binder.bind(e);
    if (binder.saw_aggregate()) {
        binder.fail(e.span, clause + " cannot hold an aggregate");
    }
    std::unordered_set<ExprId> ids;
    for (const OutputRef& out : outputs) {
        ids.insert(out.id());
    }
    visit_down(key, [&](const ExprPtr& node) {
        if (const auto* a = node->as<AttributeReference>(); a != nullptr && !ids.contains(a->id)) {
            binder.fail(e.span, clause + " reads '" + std::string(a->name) +
                                    "', which the select list does not output (Spark resolves " +
                                    clause + " against the select list alone)");
        }
        return true;
    });
    return key;
}

/// The partitioning hints of a query block (Spark's ResolveCoalesceHints), outermost first:
/// `REPARTITION(n)` and `COALESCE(n)` a Repartition, `REPARTITION([n,] c, ...)` and
/// `REPARTITION_BY_RANGE([n,] c, ...)` a RepartitionByExpression, `REBALANCE([n,] [c, ...])`
/// a RebalancePartitions. A hint Spark does not know is ignored with a warning, as Spark logs
/// one; join hints are join_hints_of's.
std::vector<Repartition> bind_partition_hints(Binder& binder, const std::vector<ast::Hint>& hints,
                                              const std::vector<OutputRef>& outputs) {
    BindContext& ctx = binder.context();
    std::vector<Repartition> out;
    for (const ast::Hint& hint : hints) {
        const std::string name = ascii_upper(hint.name.name);
        if (join_strategy(name) != nullptr) {
            continue;
        }
        Repartition r;
        if (name == "REPARTITION") {
            r.kind = RepartitionKind::ByExpression;
        } else if (name == "COALESCE") {
            r.kind = RepartitionKind::Coalesce;
        } else if (name == "REPARTITION_BY_RANGE") {
            r.kind = RepartitionKind::ByRange;
        } else if (name == "REBALANCE") {
            r.kind = RepartitionKind::Rebalance;
        } else {
            ctx.warnings.push_back(Diagnostic{Severity::Warning,
                                              "unrecognized hint '" + hint_text(ctx, hint) +
                                                  "': ignored, as Spark ignores it",
                                              ctx.source, hint.span});
            continue;
        }
        std::span<const ast::ExprPtr> columns(hint.args);
        if (!columns.empty()) {
            const auto* lit = std::get_if<ast::Literal>(&columns.front()->node);
            if (lit != nullptr && lit->kind == ast::LiteralKind::Integer) {
                const std::optional<long long> n =
                    lit->text.size() <= 9 ? std::optional<long long>(std::stoll(lit->text.str()))
                                          : std::nullopt;
                if (!n || *n <= 0) {
                    binder.fail(columns.front()->span, "Number of partitions (" + lit->text.str() +
                                                           ") must be positive in " + name +
                                                           " Hint");
                }
                r.partitions = *n;
                columns = columns.subspan(1);
            }
        }
        if (r.kind == RepartitionKind::Coalesce && (r.partitions == 0 || !columns.empty())) {
            binder.fail(hint.span, "COALESCE Hint expects a partition number as a parameter");
        }
        if (r.kind == RepartitionKind::ByRange && columns.empty()) {
            binder.fail(hint.span, "REPARTITION_BY_RANGE Hint expects column names, after an "
                                   "optional partition number");
        }
        for (const ast::ExprPtr& column : columns) {
            if (std::get_if<ast::NameRef>(&column->node) == nullptr) {
                binder.fail(column->span,
                            name + " Hint parameter should include columns, but '" +
                                ctx.source->text().substr(column->span.begin,
                                                          column->span.end - column->span.begin) +
                                "' found");
            }
            r.keys.push_back(bind_output_key(binder, *column, outputs, name + " Hint"));
        }
        if (r.kind == RepartitionKind::ByExpression && r.keys.empty() && r.partitions > 0) {
            r.kind = RepartitionKind::RoundRobin; // REPARTITION(n)
        }
        out.push_back(std::move(r));
    }
    return out;
}

/// One query block: its FROM clause's plan, then its clauses over it. `Select` is const or
/// not: a block it may use up releases each select item's syntax once bound (issue 10).
/// GROUP BY with grouping analytics, as Spark's ResolveGroupingAnalytics reads it: each item's
/// grouping sets (a plain item is the one set of itself; Hive's declared form has only its
/// sets), combined across the items as a cartesian product, in order. `grouping` receives the
/// distinct grouping expressions in order of first appearance (Hive's form: its items); each
/// set is returned as indices into it.
template <class Select, class BindKey>
std::vector<std::vector<std::size_t>> bind_grouping_sets(Binder& binder, const Select& select,
                                                         const BindKey& bind_key,
                                                         std::vector<ExprPtr>& grouping) {
    using Sets = std::vector<std::vector<std::size_t>>;
    const auto key_of = [&](const ExprPtr& e, bool add) -> std::size_t {
        for (std::size_t i = 0; i < grouping.size(); ++i) {
            if (same_expr(*grouping[i], *e)) {
                return i;
            }
        }
        if (!add) {
            binder.fail(e->span, "'" + binder.written(e->span) +
                                     "' is in a grouping set but not among the GROUP BY "
                                     "expressions");
        }
        grouping.push_back(e);
        return grouping.size() - 1;
    };
    const auto sets_of = [&](const ast::GroupingAnalytics& item, bool add) {
        std::vector<std::vector<std::size_t>> keys; // each written expression's keys
        for (const ast::ExprPtr& e : item.exprs) {
            std::vector<std::size_t>& of = keys.emplace_back();
            const auto* row = std::get_if<ast::Call>(&e->node);
            if (row != nullptr && row->row) { // `(a, b)`: the set of a and b
                for (const ast::ExprPtr& value : row->args) {
                    of.push_back(key_of(bind_key(*value), add));
                }
            } else {
                of.push_back(key_of(bind_key(*e), add));
            }
        }
        Sets sets;
        for (const std::vector<std::uint32_t>& written : item.sets) {
            std::vector<std::size_t>& set = sets.emplace_back();
            for (std::uint32_t i : written) {
                set.insert(set.end(), keys[i].begin(), keys[i].end());
            }
        }
        return sets;
    };
    const auto& analytics = select.grouping_analytics;
    if (analytics.front().declared) {
        for (const ast::ExprPtr& g : select.group_by) {
            key_of(bind_key(*g), true);
        }
        return sets_of(analytics.front(), false);
    }
    std::vector<Sets> items; // each GROUP BY item's sets, as written
    std::size_t next = 0;
    for (std::size_t at = 0; at <= select.group_by.size(); ++at) {
        for (; next < analytics.size() && analytics[next].at == at; ++next) {
            items.push_back(sets_of(analytics[next], true));
        }
        if (at < select.group_by.size()) {
            items.push_back(Sets{{key_of(bind_key(*select.group_by[at]), true)}});
        }
    }
    Sets product{{}};
    for (const Sets& item : items) {
        if (product.size() * item.size() > ast::kMaxGroupingSets) {
            binder.fail(analytics.front().span, "unsupported: more than " +
                                                    std::to_string(ast::kMaxGroupingSets) +
                                                    " grouping sets in one GROUP BY");
        }
        Sets combined;
        for (const std::vector<std::size_t>& left : product) {
            for (const std::vector<std::size_t>& right : item) {
                std::vector<std::size_t>& set = combined.emplace_back(left);
                set.insert(set.end(), right.begin(), right.end());
            }
        }
        product = std::move(combined);
    }
    if (grouping.size() > 64) {
        binder.fail(analytics.front().span,
                    "[GROUPING_SIZE_LIMIT_EXCEEDED] Grouping sets size cannot be greater than "
                    "64: this GROUP BY has " +
                        std::to_string(grouping.size()) + " grouping expressions");
    }
    return product;
}

template <class Select> PlanPtr bind_select(BindContext& ctx, Select& select) {
    PlanPtr from;
    Scope scope;
    if (select.from) {
        // The join hints are this block's alone: a subquery's FROM binds with its own.
        std::vector<JoinStrategyHint> outer_hints =
            std::exchange(ctx.join_hints, join_hints_of(ctx, select.hints));
        std::tie(from, scope) = bind_from(ctx, *select.from);
        if (select.bare) {
            // `VALUES …` or `TABLE t`: the relation alone, as Spark plans it. A scan's columns
            // are then the query's output, written where `TABLE t` is (--explain says so).
            if (const auto* relation = from->as<Relation>()) {
                Relation written = *relation;
                for (ExprPtr& column : written.output) {
                    column = make_expr(column->node, select.span);
                }
                from = make_plan(std::move(written));
            }
            return from;
        }
        for (const JoinStrategyHint& hint : ctx.join_hints) {
            if (!hint.used) {
                ctx.warnings.push_back(
                    Diagnostic{Severity::Warning,
                               "join hint '" + hint.text +
                                   "' is not applied: no join of this query block "
                                   "has '" +
                                   hint.relation + "' as an input",
                               ctx.source, hint.span});
            }
        }
        ctx.join_hints = std::move(outer_hints);
    } else {
        // No FROM: one row of no columns (Spark's OneRowRelation).
        from = make_plan(LocalRelation{{}, {std::vector<ExprPtr>{}}});
        scope.description = "the query (it has no FROM clause)";
    }
    Binder binder(ctx, std::move(scope));
    binder.set_grouping_analytics(!select.grouping_analytics.empty());
    // Spark's TimeWindowing: the block's `window(...)` call is bound first, so that the
    // column it makes is in scope for every clause (`SELECT window.start, count(*) ... GROUP
    // BY window(ts, '1 hour')`).
    std::optional<TimeWindowing> time_window;
    binder.set_time_window(&time_window);
    WindowTimes window_times;
    binder.set_window_times(&window_times);
    if (const auto [call, in_where] = find_time_window_call(select); call != nullptr) {
        binder.set_clause(in_where ? Clause::Where : Clause::Select, AliasMode::None, nullptr);
        binder.bind(*call);
        time_window->under_where = in_where;
    }

    // Select items: each a named expression; a bare column stays an AttributeReference.
    // Reserved: grown by doubling, the two lists held their old and new buffers at once, at
    // the point where the whole plan is built and the syntax not yet given back.
    std::vector<ExprPtr> items;
    std::vector<OutputRef> outputs;
    items.reserve(select.items.size());
    outputs.reserve(select.items.size());
    bool select_aggregates = false;
    binder.set_clause(Clause::Select, AliasMode::None, nullptr);
    binder.set_lateral_outputs(&outputs);
    // Window expressions are the select list's only (Spark's ExtractWindowExpressions).
    std::vector<BoundWindow> windows;
    binder.set_windows(&select.windows, &windows);
    std::optional<Generate> generate; // the select list's generator, if it has one
    Span generator_span;
    std::size_t generator_at = 0; // where its columns are in `items`
    const auto bind_item = [&](const ast::SelectItem& item) {
        if (const auto* call = std::get_if<ast::Call>(&item.expr->node);
            call != nullptr && is_generator_name(call->name.name)) {
            if (generate) {
                binder.fail(item.expr->span,
                            "only one generator is allowed in a select list, but '" +
                                binder.written(generator_span) + "' and '" +
                                binder.written(item.expr->span) +
                                "' are two (Spark: UNSUPPORTED_GENERATOR.MULTI_GENERATOR)");
            }
            std::vector<ast::Identifier> names = item.aliases;
            if (item.alias) {
                names.push_back(*item.alias);
            }
            generator_span = item.expr->span;
            // The Generate is below the select list: its arguments read only the FROM clause
            // (no lateral column aliases, which are computed above it).
            binder.set_lateral_outputs(nullptr);
            binder.reset_saw_aggregate();
            generate = binder.bind_generator(*call, item.expr->span, false, names,
                                             identifiers_span(names, item.expr->span), "");
            select_aggregates = select_aggregates || binder.saw_aggregate();
            binder.set_lateral_outputs(&outputs);
            generator_at = items.size();
            for (const ExprPtr& column : generate->output) {
                // Never a grouping candidate (GROUP BY ALL, positions): computed above it.
                outputs.push_back(OutputRef{column, true});
                items.push_back(column);
            }
            return;
        }
        if (!item.aliases.empty()) {
            binder.fail(item.aliases.front().span,
                        "a list of aliases '(a, b)' is only allowed after a generator such as "
                        "explode or inline");
        }
        if (const auto* star = std::get_if<ast::Star>(&item.expr->node)) {
            if (item.alias) {
                binder.fail(item.alias->span, "'*' cannot have an alias");
            }
            for (ExprPtr& column : binder.expand_star(*star, item.expr->span)) {
                outputs.push_back(OutputRef{column, false});
                items.push_back(std::move(column));
            }
            return;
        }
        binder.reset_saw_aggregate();
        ExprPtr bound = binder.bind(*item.expr);
        const bool aggregate = binder.saw_aggregate();
        select_aggregates = select_aggregates || aggregate;
        const auto* ref = std::get_if<ast::NameRef>(&item.expr->node);
        if (!item.alias && bound->is<AttributeReference>()) {
            outputs.push_back(OutputRef{bound, aggregate});
            items.push_back(std::move(bound));
            return;
        }
        std::string name;
        if (item.alias) {
            name = item.alias->name;
        } else if (ref != nullptr && !bound->is<ScalarFunction>()) {
            // Spark: a resolved nested field is `Alias(extractors, nameParts.last)`; a name
            // that is a function (`current_date`) is named by its SQL, `current_date()`.
            name = ref->parts.back().name;
        } else if (const auto* cast = bound->as<Cast>();
                   cast != nullptr && binder.pretty().user_casts.contains(bound.get()) &&
                   (cast->child->is<AttributeReference>())) {
            // Spark's ResolveAliases: `Cast(ne: NamedExpression)` keeps the column's name.
            name = cast->child->as<AttributeReference>()->name;
        } else {
            name = pretty_sql(*bound, binder.pretty());
        }
        items.push_back(make_expr(Alias{bound, name, binder.fresh_id()}, item.span));
        if (const auto* column = bound->as<AttributeReference>();
            column != nullptr && ctx.window_columns.contains(column->id)) {
            // Spark's Alias keeps its column's metadata: `window AS w` is a window too.
            ctx.window_columns.insert(items.back()->as<Alias>()->id);
        }
        outputs.push_back(OutputRef{items.back(), aggregate});
    };
    const std::span<const ast::SelectItem> written_items(select.items);
    for (std::size_t i = 0; i < select.items.size(); ++i) {
        binder.set_later_items(written_items.subspan(i + 1));
        bind_item(select.items[i]);
        if constexpr (!std::is_const_v<Select>) {
            select.items[i].expr.reset(); // bound: its slots go to the next item's plan
        }
    }
    binder.set_later_items({});
    if constexpr (!std::is_const_v<Select>) {
        std::vector<ast::SelectItem>().swap(select.items);
    }
    binder.set_lateral_outputs(nullptr);
    binder.set_windows(nullptr, nullptr);
    // `f() OVER w AS r`: the Window computes `r` itself (Spark keeps the item's Alias in the
    // Window's list), and the select list reads it.
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto* alias = items[i]->as<Alias>();
        const auto* column = alias != nullptr ? alias->child->as<AttributeReference>() : nullptr;
        if (column == nullptr) {
            continue;
        }
        for (BoundWindow& w : windows) {
            if (w.column->as<AttributeReference>()->id == column->id) {
                ExprPtr renamed = make_expr(AttributeReference{alias->name, column->type, alias->id,
                                                               column->nullable, false},
                                            items[i]->span);
                w.column = renamed;
                items[i] = renamed;
                outputs[i].item = renamed;
                break;
            }
        }
    }

    ExprPtr where;
    if (select.where) {
        binder.set_clause(Clause::Where, AliasMode::None, nullptr);
        where = binder.require_boolean(binder.bind(*select.where), select.where->span,
                                       "the WHERE condition");
        if (time_window && !time_window->under_where) {
            // The window is computed over the WHERE's Filter: its condition cannot read it.
            const ExprId id = time_window->column->as<AttributeReference>()->id;
            visit_down(where, [&](const ExprPtr& e) {
                if (const auto* a = e->as<AttributeReference>(); a != nullptr && a->id == id) {
                    binder.fail(select.where->span,
                                "the WHERE clause cannot read 'window': the select "
                                "list's window() is computed over the WHERE");
                }
                return true;
            });
        }
    }

    std::vector<ExprPtr> grouping;
    binder.set_clause(Clause::GroupBy, AliasMode::ChildFallback, &outputs);
    const bool group_by_all =
        select.group_by.size() == 1 && binder.is_all_token(*select.group_by[0]);
    if (group_by_all) {
        // Spark's ResolveGroupByAll: every select item without an aggregate; none at all is a
        // global aggregate unless an item has a column outside its aggregates (`i + sum(j)`).
        for (const OutputRef& out : outputs) {
            if (!out.has_aggregate) {
                grouping.push_back(binder.grouping_expression(out));
            }
        }
        if (grouping.empty() &&
            std::any_of(outputs.begin(), outputs.end(), [&](const OutputRef& out) {
                return column_outside_aggregate(*binder.grouping_expression(out));
            })) {
            binder.fail(select.group_by[0]->span,
                        "cannot infer the grouping columns of GROUP BY ALL: every select item "
                        "has an aggregate, and one uses a column outside it; name the grouping "
                        "columns");
        }
        select_aggregates = select_aggregates || grouping.empty();
    }
    const auto bind_key = [&](const ast::Expr& g) -> ExprPtr {
        if (std::optional<long long> pos = position_literal(g)) {
            if (*pos < 1 || static_cast<std::size_t>(*pos) > outputs.size()) {
                binder.fail(g.span, "GROUP BY position " + std::to_string(*pos) +
                                        " is not in the select list (valid range is [1, " +
                                        std::to_string(outputs.size()) + "])");
            }
            const OutputRef& out = outputs[static_cast<std::size_t>(*pos - 1)];
            if (out.has_aggregate) {
                binder.fail(g.span, "GROUP BY position " + std::to_string(*pos) +
                                        " refers to an aggregate function");
            }
            return binder.grouping_expression(out);
        }
        binder.set_clause(Clause::GroupBy, AliasMode::ChildFallback, &outputs);
        return binder.bind(g);
    };
    std::vector<std::vector<std::size_t>> grouping_sets;
    if (select.grouping_analytics.empty()) {
        for (const ast::ExprPtr& g : group_by_all
                                         ? std::span<const ast::ExprPtr>()
                                         : std::span<const ast::ExprPtr>(select.group_by)) {
            grouping.push_back(bind_key(*g));
        }
    } else {
        grouping_sets = bind_grouping_sets(binder, select, bind_key, grouping);
        select_aggregates = true; // a grand total groups too
        // A bare column item is aliased: above the Expand its value is the key's, which a
        // grouping set may have nulled, not the column's (which aggregates still read).
        // A window's column is computed above the Aggregate, from what the Expand made.
        std::unordered_set<ExprId> window_columns;
        for (const BoundWindow& w : windows) {
            window_columns.insert(w.column->as<AttributeReference>()->id);
        }
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (const auto* column = items[i]->as<AttributeReference>();
                column != nullptr && !window_columns.contains(column->id)) {
                items[i] =
                    make_expr(Alias{items[i], column->name, binder.fresh_id()}, items[i]->span);
                outputs[i].item = items[i];
            }
        }
    }

    ExprPtr having;
    bool having_aggregates = false;
    if (select.having) {
        binder.set_clause(Clause::Having, AliasMode::OutputFallback, &outputs);
        binder.reset_saw_aggregate();
        having = binder.require_boolean(binder.bind(*select.having), select.having->span,
                                        "the HAVING condition");
        having_aggregates = binder.saw_aggregate();
    }

    // ORDER BY, or SORT BY (Spark's local Sort, resolved as ORDER BY is); the parser lets
    // through at most one of them.
    const ast::ResultPartitioning& partitioning = select.partitioning;
    const bool local_sort = !partitioning.sort_by.empty();
    const std::vector<ast::OrderItem>& sort_items =
        local_sort ? partitioning.sort_by : select.order_by;
    const std::string sort_clause = local_sort ? "SORT BY" : "ORDER BY";
    std::vector<SortOrder> order;
    bool order_aggregates = false;
    binder.set_clause(Clause::OrderBy, AliasMode::OutputFirst, &outputs);
    const bool order_by_all =
        select.order_by.size() == 1 && binder.is_all_token(*select.order_by[0].expr);
    if (order_by_all) {
        // Spark 4's ResolveOrderByAll: every output column in order, with ALL's direction.
        const ast::OrderItem& o = select.order_by[0];
        for (const OutputRef& out : outputs) {
            order.push_back(SortOrder{out.attribute(o.expr->span), o.ascending,
                                      o.nulls_first.value_or(o.ascending)});
        }
    }
    for (const ast::OrderItem& o : order_by_all ? std::span<const ast::OrderItem>()
                                                : std::span<const ast::OrderItem>(sort_items)) {
        ExprPtr key;
        if (std::optional<long long> pos = position_literal(*o.expr)) {
            if (*pos < 1 || static_cast<std::size_t>(*pos) > outputs.size()) {
                binder.fail(o.expr->span, sort_clause + " position " + std::to_string(*pos) +
                                              " is not in the select list (valid range is [1, " +
                                              std::to_string(outputs.size()) + "])");
            }
            key = outputs[static_cast<std::size_t>(*pos - 1)].attribute(o.expr->span);
        } else {
            binder.set_clause(Clause::OrderBy, AliasMode::OutputFirst, &outputs);
            binder.reset_saw_aggregate();
            key = binder.bind(*o.expr);
            order_aggregates = order_aggregates || binder.saw_aggregate();
        }
        // Spark's default: NULLS FIRST for ascending, NULLS LAST for descending.
        order.push_back(SortOrder{key, o.ascending, o.nulls_first.value_or(o.ascending)});
    }

    // DISTRIBUTE BY, or CLUSTER BY: a RepartitionByExpression, under a local Sort of its keys
    // for CLUSTER BY (Spark's withRepartitionByExpression).
    std::optional<Repartition> distribute;
    const bool cluster = !partitioning.cluster_by.empty();
    if (cluster || !partitioning.distribute_by.empty()) {
        distribute.emplace();
        for (const ast::ExprPtr& e :
             cluster ? partitioning.cluster_by : partitioning.distribute_by) {
            distribute->keys.push_back(
                bind_output_key(binder, *e, outputs, cluster ? "CLUSTER BY" : "DISTRIBUTE BY"));
            if (cluster) {
                order.push_back(SortOrder{distribute->keys.back(), true, true});
            }
        }
    }
    std::vector<Repartition> hints = bind_partition_hints(binder, select.hints, outputs);

    const ExprPtr limit = bind_row_count(binder, select.limit, Clause::Limit, "LIMIT");
    const ExprPtr offset = bind_row_count(binder, select.offset, Clause::Offset, "OFFSET");

    const bool aggregating =
        !grouping.empty() || having || select_aggregates || having_aggregates || order_aggregates;
    if (!windows.empty() && aggregating && (generate || binder.first_lateral_use())) {
        binder.fail(windows.front().column->span,
                    "unsupported: a window function in a select list that aggregates and has a "
                    "generator or reads a lateral column alias; compute it in a subquery and "
                    "apply the window over that");
    }
    // A generator in an aggregating select list runs over the Aggregate, which computes its
    // arguments as `_gen_input_<i>` (Spark's ExtractGenerator); a Project above restores the
    // select list.
    std::vector<OutputRef> select_list;
    if (generate && aggregating) {
        if (local_sort || distribute || !hints.empty()) {
            binder.fail(generator_span,
                        "unsupported: a generator in a select list that aggregates, with SORT "
                        "BY, DISTRIBUTE BY, CLUSTER BY or a partitioning hint; generate in a "
                        "subquery and partition over it");
        }
        select_list = outputs;
        const auto first = static_cast<std::ptrdiff_t>(generator_at);
        const auto last = first + static_cast<std::ptrdiff_t>(generate->output.size());
        items.erase(items.begin() + first, items.begin() + last);
        outputs.erase(outputs.begin() + first, outputs.begin() + last);
        std::size_t at = generator_at; // in the generator's place, as Spark's list has them
        for (std::size_t i = 0; i < generate->args.size(); ++i) {
            ExprPtr& arg = generate->args[i];
            if (expr_foldable(*arg)) {
                continue;
            }
            ExprPtr input = make_expr(
                Alias{arg, "_gen_input_" + std::to_string(i), binder.fresh_id()}, arg->span);
            const auto position = static_cast<std::ptrdiff_t>(at++);
            outputs.insert(outputs.begin() + position, OutputRef{input, true});
            items.insert(items.begin() + position, input);
            arg = OutputRef{input, true}.attribute(arg->span);
        }
    }
    if (aggregating) {
        GroupingCheck check(grouping, binder.scope());
        auto require_grouped = [&](const ExprPtr& e) {
            if (ExprPtr bad = check.find_ungrouped(e)) {
                binder.fail(bad->span, "expression '" + pretty_sql(*bad, binder.pretty()) +
                                           "' is neither in GROUP BY nor an aggregate" +
                                           unknown_function_hint(*e, *bad));
            }
        };
        for (const OutputRef& out : outputs) {
            require_grouped(out.child());
        }
        // A window over the Aggregate reads its output: a window aggregate's own arguments
        // must be grouped, as the keys must (`sum(x) OVER w` needs x grouped; `sum(sum(x))
        // OVER w` does not).
        for (const BoundWindow& w : windows) {
            for (const ExprPtr& arg : w.function->as<ScalarFunction>()->args) {
                require_grouped(arg);
            }
            for (const ExprPtr& p : w.partition) {
                require_grouped(p);
            }
            for (const SortOrder& o : w.order) {
                require_grouped(o.child);
            }
        }
        if (having) {
            require_grouped(having);
        }
        for (const SortOrder& o : order) {
            require_grouped(o.child);
        }
    }

    binder.set_clause(Clause::Select, AliasMode::None, nullptr); // `outputs` moves on
    std::optional<Generate> over_aggregate;
    // Over an aggregating generator, DISTINCT, ORDER BY, OFFSET and LIMIT apply to the select
    // list the Project above the Generate restores (HAVING stays over the Aggregate), so the
    // sort keys may read only that list.
    BoundClauses above;
    if (!select_list.empty()) {
        over_aggregate = std::move(generate);
        generate.reset();
        above.distinct = select.distinct;
        above.order = std::move(order);
        order.clear();
        above.offset = offset;
        above.limit = limit;
    }
    BoundClauses clauses{.generate = std::move(generate),
                         .items = std::move(items),
                         .outputs = std::move(outputs),
                         .where = where,
                         .aggregating = aggregating,
                         .grouping = std::move(grouping),
                         .grouping_sets = std::move(grouping_sets),
                         .having = having,
                         .having_span = select.having ? select.having->span : Span{},
                         .distinct = select.distinct && !over_aggregate,
                         .order = std::move(order),
                         .local_sort = local_sort || cluster,
                         .hints = std::move(hints),
                         .distribute = std::move(distribute),
                         .windows = std::move(windows),
                         .time_window = time_window ? &*time_window : nullptr,
                         .window_times = &window_times,
                         .offset = over_aggregate ? nullptr : offset,
                         .limit = over_aggregate ? nullptr : limit};
    PlanPtr plan = stack_operators(binder, clauses, std::move(from));
    if (over_aggregate) {
        over_aggregate->child = std::move(plan);
        std::vector<ExprPtr> exprs;
        for (const OutputRef& out : select_list) {
            exprs.push_back(out.attribute(out.item->span));
        }
        plan = make_plan(Project{std::move(exprs), make_plan(std::move(*over_aggregate))});
        above.outputs = std::move(select_list);
        plan = stack_over_select_list(binder, above, std::move(plan));
    }
    return plan;
}

[[noreturn]] void fail_at(const BindContext& ctx, Span span, std::string message) {
    throw_sql_error(ctx.source, span, std::move(message));
}

/// Guards the nesting of queries (subqueries, CTE bodies, set operations) against
/// kMaxNestingDepth, as expressions are guarded: binding recurses once per level.
class QueryDepth {
  public:
    QueryDepth(BindContext& ctx, Span span) : ctx_(ctx) {
        if (++ctx_.depth > kMaxNestingDepth) {
            fail_at(ctx_, span,
                    "queries nested deeper than " + std::to_string(kMaxNestingDepth) + " levels");
        }
    }
    ~QueryDepth() { --ctx_.depth; }
    QueryDepth(const QueryDepth&) = delete;
    QueryDepth& operator=(const QueryDepth&) = delete;

  private:
    BindContext& ctx_;
};

/// The attribute `a` as it is output by `output` (the same id, the nullability an outer join
/// gives it); `a` itself when absent.
ExprPtr as_output(const ExprPtr& a, const std::vector<ExprPtr>& output) {
    const ExprId id = a->as<AttributeReference>()->id;
    for (const ExprPtr& o : output) {
        if (o->as<AttributeReference>()->id == id) {
            return o;
        }
    }
    return a;
}

/// A scope of `plan`'s output, every column qualified by `qualifier`.
Scope scope_of(const PlanPtr& plan, std::vector<std::string> parts, std::string description) {
    Scope scope;
    scope.output = plan_output(*plan);
    const Qualifier qualifier(std::move(parts));
    for (const ExprPtr& column : scope.output) {
        scope.columns.push_back(ScopeColumn{column, qualifier, true, true});
    }
    scope.description = std::move(description);
    return scope;
}

/// `plan` with its output columns renamed to `names` (an alias's column list, a CTE's), by a
/// Project of aliases with new ids; an error at `span` when the counts differ.
PlanPtr rename_columns(BindContext& ctx, PlanPtr plan, const std::vector<ast::Identifier>& names,
                       Span span, const std::string& what) {
    if (names.empty()) {
        return plan;
    }
    const std::vector<ExprPtr> output = plan_output(*plan);
    if (names.size() != output.size()) {
        fail_at(ctx, span,
                "the column list of " + what + " names " + std::to_string(names.size()) +
                    " column" + (names.size() == 1 ? "" : "s") + ", but it has " +
                    std::to_string(output.size()));
    }
    std::vector<ExprPtr> exprs;
    for (std::size_t i = 0; i < names.size(); ++i) {
        exprs.push_back(make_expr(Alias{output[i], names[i].name, ctx.next_id++}, names[i].span));
        if (ctx.window_columns.contains(output[i]->as<AttributeReference>()->id)) {
            ctx.window_columns.insert(exprs.back()->as<Alias>()->id);
        }
    }
    return make_plan(Project{std::move(exprs), std::move(plan)});
}

Span identifiers_span(const std::vector<ast::Identifier>& names, Span fallback) {
    return names.empty() ? fallback : Span{names.front().span.begin, names.back().span.end};
}

/// A table of the catalog, or a CTE in scope, as a FROM item.
std::pair<PlanPtr, Scope> bind_table(BindContext& ctx, const ast::TableRef& ref, Span span) {
    std::vector<std::string> qualifier;
    if (ref.alias) {
        qualifier.push_back(ref.alias->name.str());
    }
    // A one-part name may be a CTE, the innermost first; a CTE shadows a table.
    if (ref.qualifier.empty()) {
        for (std::size_t i = ctx.ctes.size(); i-- > 0;) {
            const ast::Cte& cte = *ctx.ctes[i].cte;
            if (!names_match(cte.name.name, ref.name.name, CaseSensitivity::Insensitive)) {
                continue;
            }
            // Its body sees the CTEs before it, not the ones the reference sees. (On an error
            // the context is dropped with the statement: nothing to restore.)
            std::vector<CteDef> seen_here = ctx.ctes;
            ctx.ctes.resize(ctx.ctes[i].visible);
            PlanPtr plan;
            {
                const QueryDepth depth(ctx, span);
                plan = bind_query(ctx, std::as_const(*cte.query)); // bound again at each use
            }
            ctx.ctes = std::move(seen_here);
            plan = rename_columns(ctx, std::move(plan), cte.columns,
                                  identifiers_span(cte.columns, cte.name.span),
                                  "CTE '" + cte.name.name + "'");
            plan = rename_columns(ctx, std::move(plan), ref.columns,
                                  identifiers_span(ref.columns, span), "'" + ref.name.name + "'");
            if (qualifier.empty()) {
                qualifier.push_back(ref.name.name.str());
            }
            return {plan, scope_of(plan, std::move(qualifier), "'" + ref.name.name + "'")};
        }
    }
    // The catalog's one rule for a table's written name (Catalog::resolve).
    std::vector<std::string> parts;
    for (const ast::Identifier& part : ref.qualifier) {
        parts.push_back(part.name.str());
    }
    parts.push_back(ref.name.name.str());
    std::optional<Table> table = ctx.catalog.resolve(parts);
    if (!table) {
        std::string hint = ctx.catalog.unknown_table_hint(parts);
        if (hint.empty() && ref.qualifier.empty()) {
            std::vector<std::string> names;
            for (const CteDef& def : ctx.ctes) {
                names.push_back(def.cte->name.name.str());
            }
            hint = did_you_mean(ref.name.name, names);
        }
        fail_at(ctx, ref.span(), "unknown table '" + ref.written_name() + "'" + hint);
    }
    // Every scan numbers its columns anew; the first of a statement takes 0..n-1, the ids
    // the relation cache keeps (a CI loop runs thousands of statements over one wide table).
    std::shared_ptr<const BoundColumns> columns = ctx.next_id == 0 && ctx.relations != nullptr
                                                      ? ctx.relations->columns(*table, ctx.cs)
                                                      : bind_columns(*table, ctx.cs, ctx.next_id);
    ctx.next_id += static_cast<ExprId>(columns->columns.size());
    if (qualifier.empty()) {
        // Without an alias, the table's name as written qualifies (`t.c`, `db.t.c`).
        for (const ast::Identifier& part : ref.qualifier) {
            qualifier.push_back(part.name.str());
        }
        qualifier.push_back(ref.name.name.str());
    }
    PlanPtr plan = make_plan(Relation{table->name, columns->columns, columns->stored_schema,
                                      ref.alias ? ref.alias->name.str() : std::string()});
    std::string description = "table '" + table->name + "'";
    if (!ref.columns.empty()) {
        plan = rename_columns(ctx, std::move(plan), ref.columns,
                              identifiers_span(ref.columns, span), "table '" + table->name + "'");
    }
    return {plan, scope_of(plan, std::move(qualifier), std::move(description))};
}

/// `VALUES (…), (…)`: a LocalRelation whose columns take each column's wider common type.
std::pair<PlanPtr, Scope> bind_values(BindContext& ctx, const ast::ValuesRef& values, Span span) {
    Scope empty;
    empty.description = "VALUES (which sees no columns)";
    Binder binder(ctx, std::move(empty));
    binder.set_clause(Clause::Select, AliasMode::None, nullptr);
    std::vector<std::vector<ExprPtr>> rows;
    for (std::size_t r = 0; r < values.rows.size(); ++r) {
        std::vector<ExprPtr> row;
        for (const ast::ExprPtr& e : values.rows[r]) {
            ExprPtr bound = binder.bind(*e);
            if (!expr_foldable(*bound)) {
                fail_at(ctx, e->span, "a VALUES row must hold constant expressions");
            }
            row.push_back(std::move(bound));
        }
        if (!rows.empty() && row.size() != rows.front().size()) {
            fail_at(ctx, values.row_spans[r],
                    "every row of VALUES must have the same number of values: the first has " +
                        std::to_string(rows.front().size()) + ", this one " +
                        std::to_string(row.size()));
        }
        rows.push_back(std::move(row));
    }
    const std::size_t width = rows.front().size();
    std::vector<ExprPtr> output;
    for (std::size_t c = 0; c < width; ++c) {
        std::vector<TypePtr> types;
        bool nullable = false;
        for (const std::vector<ExprPtr>& row : rows) {
            types.push_back(row[c]->type);
            nullable = nullable || row[c]->nullable;
        }
        const std::optional<TypePtr> common = wider_common_type(types);
        if (!common) {
            fail_at(ctx, values.row_spans.back(),
                    "the values of column " + std::to_string(c + 1) +
                        " of VALUES have no common type");
        }
        for (std::vector<ExprPtr>& row : rows) {
            row[c] = cast_to(row[c], *common);
        }
        const std::string name = c < values.columns.size() ? values.columns[c].name.str()
                                                           : "col" + std::to_string(c + 1);
        output.push_back(
            make_expr(AttributeReference{name, *common, ctx.next_id++, nullable, false}));
    }
    if (!values.columns.empty() && values.columns.size() != width) {
        fail_at(ctx, identifiers_span(values.columns, span),
                "the column list of VALUES names " + std::to_string(values.columns.size()) +
                    " columns, but its rows have " + std::to_string(width));
    }
    PlanPtr plan = make_plan(LocalRelation{std::move(output), std::move(rows)});
    std::vector<std::string> qualifier;
    if (values.alias) {
        qualifier.push_back(values.alias->name.str());
    }
    return {plan, scope_of(plan, std::move(qualifier), "VALUES")};
}

JoinType join_type(ast::JoinKind kind) {
    switch (kind) {
    case ast::JoinKind::Inner:
        return JoinType::Inner;
    case ast::JoinKind::Cross:
        return JoinType::Cross;
    case ast::JoinKind::LeftOuter:
        return JoinType::LeftOuter;
    case ast::JoinKind::RightOuter:
        return JoinType::RightOuter;
    case ast::JoinKind::FullOuter:
        return JoinType::FullOuter;
    case ast::JoinKind::LeftSemi:
        return JoinType::LeftSemi;
    case ast::JoinKind::LeftAnti:
        return JoinType::LeftAnti;
    }
    return JoinType::Inner;
}

/// The scope column a bare name finds in `scope` (for USING and NATURAL keys), or none.
std::optional<std::size_t> find_unqualified(const Scope& scope, std::string_view name,
                                            CaseSensitivity cs) {
    for (std::size_t i = 0; i < scope.columns.size(); ++i) {
        const ScopeColumn& c = scope.columns[i];
        if (c.unqualified && names_match(c.attribute->as<AttributeReference>()->name, name, cs)) {
            return i;
        }
    }
    return std::nullopt;
}

/// `left JOIN right`: ON binds over both sides; USING and NATURAL build Spark's equality of
/// the keys, and its output (the keys once, then the other columns of each side).
std::pair<PlanPtr, Scope> bind_join(BindContext& ctx, const ast::JoinRef& join) {
    auto [left, left_scope] = bind_from(ctx, *join.left);
    auto [right, right_scope] = bind_from(ctx, *join.right);
    const JoinType type = join_type(join.kind);

    // USING / NATURAL keys: (left column, right column) in key order.
    std::vector<std::pair<std::size_t, std::size_t>> keys;
    std::vector<Span> key_spans; // where each key was written

    if (join.natural) {
        for (std::size_t i = 0; i < left_scope.columns.size(); ++i) {
            const ScopeColumn& c = left_scope.columns[i];
            if (!c.unqualified || !c.in_star) {
                continue;
            }
            const std::string_view name = c.attribute->as<AttributeReference>()->name;
            if (const auto r = find_unqualified(right_scope, name, ctx.cs)) {
                keys.emplace_back(i, *r);
                key_spans.push_back(join.keyword);
            }
        }
    }
    for (const ast::Identifier& key : join.using_columns) {
        const auto l = find_unqualified(left_scope, key.name, ctx.cs);
        if (!l) {
            fail_at(ctx, key.span,
                    "USING column '" + key.name + "' is not a column of the join's left side");
        }
        const auto r = find_unqualified(right_scope, key.name, ctx.cs);
        if (!r) {
            fail_at(ctx, key.span,
                    "USING column '" + key.name + "' is not a column of the join's right side");
        }
        keys.emplace_back(*l, *r);
        key_spans.push_back(key.span);
    }

    // The columns the condition sees: both sides', left first. The left side's scope is
    // extended, not copied, with its name index: in a chain of joins each level would
    // otherwise copy, and index again, every column below it.
    const std::size_t left_width = left_scope.columns.size();
    const std::size_t left_outputs = left_scope.output.size();
    Scope both = std::move(left_scope);
    both.columns.insert(both.columns.end(), std::make_move_iterator(right_scope.columns.begin()),
                        std::make_move_iterator(right_scope.columns.end()));
    both.output.insert(both.output.end(), right_scope.output.begin(), right_scope.output.end());
    both.description = "the FROM clause";
    const auto left_column = [&](std::size_t l) -> const ScopeColumn& { return both.columns[l]; };
    const auto right_column = [&](std::size_t r) -> const ScopeColumn& {
        return both.columns[left_width + r];
    };

    ExprPtr condition;
    if (join.condition) {
        Binder binder(ctx, std::move(both));
        binder.set_clause(Clause::Where, AliasMode::None, nullptr);
        condition = binder.require_boolean(binder.bind(*join.condition), join.condition->span,
                                           "the join condition");
        if (binder.saw_aggregate()) {
            fail_at(ctx, join.condition->span, "a join condition cannot hold an aggregate");
        }
        both = binder.take_scope();
    }
    for (std::size_t k = 0; k < keys.size(); ++k) {
        const auto [l, r] = keys[k];
        const ExprPtr& a = left_column(l).attribute;
        const ExprPtr& b = right_column(r).attribute;
        const BinaryCoercion coerced = coerce_binary(BinaryOpKind::EqualTo, a, b);
        if (!coerced.error.empty()) {
            fail_at(ctx, join.keyword,
                    "the join key '" + std::string(a->as<AttributeReference>()->name) +
                        "' has types " + catalog_string(*a->type) + " and " +
                        catalog_string(*b->type) + ", which cannot be compared");
        }
        // Where the key was written (the USING name, or NATURAL's keywords), for --explain.
        ExprPtr equal =
            make_expr(BinaryOp{BinaryOpKind::EqualTo, coerced.left, coerced.right}, key_spans[k]);
        condition = condition ? make_expr(BinaryOp{BinaryOpKind::And, condition, equal}) : equal;
    }
    PlanPtr plan = make_plan(Join{type, condition, left, right, join_side_hint(ctx, *join.left),
                                  join_side_hint(ctx, *join.right)});

    // A semi or anti join's right side is seen only by the condition.
    const bool outputs_right = type != JoinType::LeftSemi && type != JoinType::LeftAnti;
    const std::size_t visible = outputs_right ? both.columns.size() : left_width;
    Scope scope;
    if (keys.empty()) {
        scope = std::move(both); // with its name index
        scope.columns.resize(visible);
    }
    scope.description = "the FROM clause";
    const bool outer =
        type == JoinType::LeftOuter || type == JoinType::RightOuter || type == JoinType::FullOuter;
    if (keys.empty() && !outer) {
        // An inner, cross, semi or anti join outputs its inputs' columns as they are (a semi
        // or anti join its left input's): the scope's output already is the join's.
        scope.output.resize(outputs_right ? scope.output.size() : left_outputs);
    } else {
        scope.output = plan_output(*plan);
    }
    if (!keys.empty()) {
        // Spark's output of a USING join: the keys (the left's, the right's for a right outer
        // join, coalesced for a full outer join), then each side's other columns.
        std::vector<bool> is_key(both.columns.size(), false);
        std::vector<ExprPtr> coalesced;
        for (const auto& [l, r] : keys) {
            is_key[l] = true;
            is_key[left_width + r] = true;
            ScopeColumn key = type == JoinType::RightOuter ? right_column(r) : left_column(l);
            if (type == JoinType::FullOuter) {
                const ExprPtr& a = as_output(left_column(l).attribute, scope.output);
                const ExprPtr& b = as_output(right_column(r).attribute, scope.output);
                const std::optional<TypePtr> common = wider_common_type(a->type, b->type);
                ExprPtr value = make_expr(ScalarFunction{
                    &catalog_function("coalesce"),
                    {cast_to(a, common.value_or(a->type)), cast_to(b, common.value_or(a->type))}});
                coalesced.push_back(
                    make_expr(Alias{value, a->as<AttributeReference>()->name, ctx.next_id++}));
                key.attribute = make_expr(
                    AttributeReference{a->as<AttributeReference>()->name, value->type,
                                       coalesced.back()->as<Alias>()->id, value->nullable, false});
                key.qualifier.clear();
            }
            key.unqualified = true;
            key.in_star = true;
            scope.columns.push_back(std::move(key));
        }
        for (std::size_t i = 0; i < visible; ++i) {
            ScopeColumn c = both.columns[i];
            if (is_key[i]) {
                // The key of the side Spark's output takes it from is listed first, above; the
                // other side's (and a full outer join's two) are found only qualified.
                const bool is_left = i < left_width;
                if (type != JoinType::FullOuter && is_left != (type == JoinType::RightOuter)) {
                    continue;
                }
                c.unqualified = false;
                c.in_star = false;
            }
            scope.columns.push_back(std::move(c));
        }
        if (!coalesced.empty()) {
            std::vector<ExprPtr> exprs = std::move(coalesced);
            exprs.insert(exprs.end(), scope.output.begin(), scope.output.end());
            plan = make_plan(Project{std::move(exprs), std::move(plan)});
            scope.output = plan_output(*plan);
        }
    }
    // Each column as the join outputs it: an outer join's null-supplying side is nullable
    // (other joins output their inputs' attributes as they are).
    if (outer) {
        std::unordered_map<ExprId, const ExprPtr*> by_id;
        by_id.reserve(scope.output.size());
        for (const ExprPtr& o : scope.output) {
            by_id.emplace(o->as<AttributeReference>()->id, &o);
        }
        for (ScopeColumn& c : scope.columns) {
            const auto it = by_id.find(c.attribute->as<AttributeReference>()->id);
            if (it != by_id.end()) {
                c.attribute = *it->second;
            }
        }
    }
    return {plan, std::move(scope)};
}

/// A generator over the rows of the item before it (LATERAL VIEW, a LATERAL function): its
/// arguments read that item's columns; its own columns join the scope, qualified by its alias.
std::pair<PlanPtr, Scope> bind_generate(BindContext& ctx, const ast::GenerateRef& ref) {
    const auto* call = std::get_if<ast::Call>(&ref.call->node);
    if (ref.table_function && (call == nullptr || !is_generator_name(call->name.name))) {
        fail_at(ctx, ref.call->span,
                "unsupported: table-valued function" +
                    (call == nullptr ? std::string() : " '" + call->name.name + "'") +
                    " (only the generators explode, posexplode, inline and stack)");
    }
    PlanPtr child;
    Scope scope;
    if (ref.left) {
        std::tie(child, scope) = bind_from(ctx, *ref.left);
    } else {
        // A table-valued generator: over one row of no columns (Spark's OneRowRelation).
        child = make_plan(LocalRelation{{}, {std::vector<ExprPtr>{}}});
    }
    if (call == nullptr || !is_generator_name(call->name.name)) {
        fail_at(ctx, ref.call->span,
                "expected a generator (explode, posexplode, inline, stack, or an _outer form) "
                "after LATERAL" +
                    std::string(ref.lateral_view ? " VIEW" : "") +
                    "; other table-valued functions are not supported");
    }
    std::string qualifier = ref.alias ? ref.alias->name.str() : std::string();
    Generate generate;
    {
        Binder binder(ctx, scope);
        generate = binder.bind_generator(*call, ref.call->span, ref.outer, ref.columns,
                                         identifiers_span(ref.columns, ref.call->span), qualifier);
    }
    const std::vector<ExprPtr> columns = generate.output;
    generate.child = std::move(child);
    PlanPtr plan = make_plan(std::move(generate));
    std::vector<std::string> parts;
    if (!qualifier.empty()) {
        parts.push_back(qualifier);
    }
    const Qualifier q(std::move(parts));
    if (ref.table_function) {
        scope.description = "the table-valued function '" + call->name.name + "'";
    }
    for (const ExprPtr& column : columns) {
        scope.columns.push_back(ScopeColumn{column, q, true, true});
        scope.output.push_back(column);
    }
    return {plan, std::move(scope)};
}

/// TABLESAMPLE over a table's or a subquery's plan, as Spark's AstBuilder.withSample makes it:
/// `n ROWS` a Limit, `x PERCENT` a Sample of x/100 (x in [0, 100]), `BUCKET x OUT OF y` a
/// Sample of x/y (in [0, 1]).
PlanPtr sample_of(BindContext& ctx, const ast::TableSample& sample, PlanPtr plan) {
    if (sample.kind == ast::TableSample::Kind::Rows) {
        Scope none;
        none.description = "TABLESAMPLE's row count (a constant)";
        Binder binder(ctx, std::move(none));
        return make_plan(
            Limit{bind_row_count(binder, sample.rows, Clause::Limit, "TABLESAMPLE (n ROWS)"),
                  std::move(plan)});
    }
    double fraction = 0;
    if (sample.kind == ast::TableSample::Kind::Percent) {
        const double percent = std::strtod(sample.percent.c_str(), nullptr);
        if (percent < 0 || percent > 100) {
            fail_at(ctx, sample.span,
                    "Sampling fraction (" + java_double_string(percent / 100) +
                        ") must be on interval [0, 1]: TABLESAMPLE takes 0 to 100 PERCENT");
        }
        fraction = percent / 100;
    } else {
        if (sample.denominator == 0 || sample.numerator > sample.denominator) {
            fail_at(ctx, sample.span,
                    "Sampling fraction (" + std::to_string(sample.numerator) + "/" +
                        std::to_string(sample.denominator) + ") must be on interval [0, 1]");
        }
        fraction = static_cast<double>(sample.numerator) / static_cast<double>(sample.denominator);
    }
    return make_plan(Sample{fraction, java_double_string(fraction), sample.seed, std::move(plan)});
}

std::pair<PlanPtr, Scope> bind_from(BindContext& ctx, const ast::FromItem& item) {
    return std::visit(
        Overloaded{
            [&](const ast::TableRef& ref) {
                auto bound = bind_table(ctx, ref, item.span);
                if (item.sample) {
                    bound.first = sample_of(ctx, *item.sample, std::move(bound.first));
                }
                return bound;
            },
            [&](const ast::SubqueryRef& ref) {
                PlanPtr plan;
                {
                    const QueryDepth depth(ctx, item.span);
                    // Const: a subquery inside a CTE is bound at each of its uses.
                    plan = bind_query(ctx, std::as_const(*ref.query));
                }
                if (item.sample) { // below the alias's renaming
                    plan = sample_of(ctx, *item.sample, std::move(plan));
                }
                plan = rename_columns(ctx, std::move(plan), ref.columns,
                                      identifiers_span(ref.columns, item.span), "the subquery");
                std::vector<std::string> qualifier;
                if (ref.alias) {
                    qualifier.push_back(ref.alias->name.str());
                }
                std::string description =
                    ref.alias ? "subquery '" + ref.alias->name + "'" : "the subquery";
                return std::pair<PlanPtr, Scope>{
                    plan, scope_of(plan, std::move(qualifier), std::move(description))};
            },
            [&](const ast::ValuesRef& values) { return bind_values(ctx, values, item.span); },
            [&](const ast::JoinRef& join) {
                const QueryDepth depth(ctx, item.span);
                return bind_join(ctx, join);
            },
            [&](const ast::GenerateRef& ref) {
                const QueryDepth depth(ctx, item.span);
                return bind_generate(ctx, ref);
            },
            [&](const ast::PivotRef& ref) {
                const QueryDepth depth(ctx, item.span);
                auto [child, scope] = bind_from(ctx, *ref.input);
                return bind_pivot(ctx, ref, std::move(child), std::move(scope));
            },
            [&](const ast::UnpivotRef& ref) {
                const QueryDepth depth(ctx, item.span);
                auto [child, scope] = bind_from(ctx, *ref.input);
                return bind_unpivot(ctx, ref, std::move(child), std::move(scope));
            }},
        item.node);
}

const char* set_op_name(ast::SetOpKind kind) {
    switch (kind) {
    case ast::SetOpKind::Union:
        return "UNION";
    case ast::SetOpKind::Intersect:
        return "INTERSECT";
    case ast::SetOpKind::Except:
        return "EXCEPT";
    }
    return "?";
}

/// `inputs[i]` with its columns cast to `types` where they differ (Spark's WidenSetOperationTypes:
/// a Project of casts, each keeping the column's name under a new id).
PlanPtr widen(BindContext& ctx, PlanPtr input, const std::vector<TypePtr>& types) {
    const std::vector<ExprPtr> output = plan_output(*input);
    bool differs = false;
    std::vector<ExprPtr> exprs;
    for (std::size_t i = 0; i < output.size(); ++i) {
        if (same_type(*output[i]->type, *types[i])) {
            exprs.push_back(output[i]);
            continue;
        }
        differs = true;
        exprs.push_back(make_expr(Alias{cast_to(output[i], types[i]),
                                        output[i]->as<AttributeReference>()->name, ctx.next_id++}));
    }
    return differs ? make_plan(Project{std::move(exprs), std::move(input)}) : input;
}

/// A set operation: both inputs bound, of the same width, their column types widened to a
/// common type; a UNION of UNIONs of the same kind is one operator with every input.
PlanPtr bind_set_operation(BindContext& ctx, const ast::SetOperation& op, Span span) {
    const QueryDepth depth(ctx, span);
    std::vector<PlanPtr> inputs;
    // Left-deep chains of one UNION kind are flattened as they are bound (no recursion per link).
    std::vector<const ast::Query*> chain{op.right.get()};
    const ast::Query* left = op.left.get();
    while (op.kind == ast::SetOpKind::Union && left->ctes.empty() && left->order_by.empty() &&
           left->partitioning.empty() && !left->limit && !left->offset) {
        const auto* inner = std::get_if<ast::SetOperation>(&left->body);
        if (inner == nullptr || inner->kind != op.kind || inner->all != op.all) {
            break;
        }
        chain.push_back(inner->right.get());
        left = inner->left.get();
    }
    chain.push_back(left);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        inputs.push_back(bind_query(ctx, **it));
    }
    const std::size_t width = plan_output(*inputs.front()).size();
    for (std::size_t i = 1; i < inputs.size(); ++i) {
        const std::size_t other = plan_output(*inputs[i]).size();
        if (other != width) {
            fail_at(ctx, op.keyword,
                    std::string(set_op_name(op.kind)) +
                        " can only be performed on inputs with the same number of columns, but "
                        "the first input has " +
                        std::to_string(width) + " column" + (width == 1 ? "" : "s") +
                        " and input " + std::to_string(i + 1) + " has " + std::to_string(other));
        }
    }
    std::vector<TypePtr> types;
    for (std::size_t c = 0; c < width; ++c) {
        std::vector<TypePtr> column;
        for (const PlanPtr& input : inputs) {
            column.push_back(plan_output(*input)[c]->type);
        }
        const std::optional<TypePtr> common = wider_common_type(column);
        if (!common) {
            fail_at(ctx, op.keyword,
                    std::string(set_op_name(op.kind)) + " column " + std::to_string(c + 1) +
                        " has types that have no common type: " + catalog_string(*column[0]) +
                        " and " + catalog_string(*column.back()));
        }
        types.push_back(*common);
    }
    for (PlanPtr& input : inputs) {
        input = widen(ctx, std::move(input), types);
    }
    // Spark's CheckAnalysis: every set operation but UNION ALL compares whole rows, and the
    // first map column, else the first variant column, is an error.
    if (op.kind != ast::SetOpKind::Union || !op.all) {
        for (bool (*const holds)(const DataType&) : {&holds_map, &holds_variant}) {
            for (std::size_t c = 0; c < width; ++c) {
                if (holds(*types[c])) {
                    fail_at(ctx, op.keyword,
                            std::string(set_op_name(op.kind)) + " cannot compare column " +
                                std::to_string(c + 1) + " of type " + catalog_string(*types[c]) +
                                ": " + std::string(rows_uncomparable(*types[c])));
                }
            }
        }
    }
    const SetOpKind kind = op.kind == ast::SetOpKind::Union       ? SetOpKind::Union
                           : op.kind == ast::SetOpKind::Intersect ? SetOpKind::Intersect
                                                                  : SetOpKind::Except;
    if (kind == SetOpKind::Union && !op.all) {
        // Spark's parser: UNION DISTINCT is a Distinct over the UNION ALL.
        return make_plan(Distinct{make_plan(SetOperation{kind, true, std::move(inputs)})});
    }
    return make_plan(SetOperation{kind, op.all, std::move(inputs)});
}

/// ORDER BY, LIMIT and OFFSET over a set operation's or a parenthesised query's output: the
/// keys resolve against its column names only.
PlanPtr order_and_limit(BindContext& ctx, const ast::Query& query, PlanPtr plan) {
    const ast::ResultPartitioning& partitioning = query.partitioning;
    if (query.order_by.empty() && partitioning.empty() && !query.limit && !query.offset) {
        return plan;
    }
    Binder binder(ctx, scope_of(plan, {}, "the query's output"));
    const bool cluster = !partitioning.cluster_by.empty();
    std::vector<SortOrder> order;
    if (cluster || !partitioning.distribute_by.empty()) {
        // DISTRIBUTE BY or CLUSTER BY: a RepartitionByExpression (CLUSTER BY: under a local
        // Sort of its keys).
        const char* clause = cluster ? "CLUSTER BY" : "DISTRIBUTE BY";
        Repartition r;
        for (const ast::ExprPtr& e :
             cluster ? partitioning.cluster_by : partitioning.distribute_by) {
            binder.set_clause(Clause::OrderBy, AliasMode::None, nullptr);
            binder.reset_saw_aggregate();
            r.keys.push_back(binder.bind(*e));
            if (binder.saw_aggregate()) {
                fail_at(ctx, e->span, std::string(clause) + " cannot hold an aggregate");
            }
            if (cluster) {
                order.push_back(SortOrder{r.keys.back(), true, true});
            }
        }
        r.child = std::move(plan);
        plan = make_plan(std::move(r));
    }
    const bool local_sort = !partitioning.sort_by.empty();
    const std::vector<ast::OrderItem>& sort_items =
        local_sort ? partitioning.sort_by : query.order_by;
    const std::string sort_clause = local_sort ? "SORT BY" : "ORDER BY";
    if (!sort_items.empty()) {
        const std::vector<ExprPtr> output = plan_output(*plan);
        binder.set_clause(Clause::OrderBy, AliasMode::None, nullptr);
        for (const ast::OrderItem& o : sort_items) {
            ExprPtr key;
            if (std::optional<long long> pos = position_literal(*o.expr)) {
                if (*pos < 1 || static_cast<std::size_t>(*pos) > output.size()) {
                    fail_at(ctx, o.expr->span,
                            sort_clause + " position " + std::to_string(*pos) +
                                " is not in the select list (valid range is [1, " +
                                std::to_string(output.size()) + "])");
                }
                key = output[static_cast<std::size_t>(*pos - 1)];
            } else {
                binder.reset_saw_aggregate();
                key = binder.bind(*o.expr);
                if (binder.saw_aggregate()) {
                    fail_at(ctx, o.expr->span,
                            std::string(local_sort ? "a" : "an") + " " + sort_clause +
                                " over a set operation cannot hold an aggregate");
                }
            }
            order.push_back(SortOrder{key, o.ascending, o.nulls_first.value_or(o.ascending)});
        }
    }
    if (!order.empty()) {
        plan = make_plan(Sort{std::move(order), std::move(plan), !local_sort && !cluster});
    }
    if (ExprPtr offset = bind_row_count(binder, query.offset, Clause::Offset, "OFFSET")) {
        plan = make_plan(Offset{offset, std::move(plan)});
    }
    if (ExprPtr limit = bind_row_count(binder, query.limit, Clause::Limit, "LIMIT")) {
        plan = make_plan(Limit{limit, std::move(plan)});
    }
    return plan;
}

/// A whole query: its CTEs in scope for its body (and for each other, in order), the body,
/// and what orders and limits it.
template <class Query> PlanPtr bind_query(BindContext& ctx, Query& query) {
    const std::size_t outer_ctes = ctx.ctes.size();
    for (std::size_t i = 0; i < query.ctes.size(); ++i) {
        const ast::Cte& cte = query.ctes[i];
        for (std::size_t j = 0; j < i; ++j) {
            if (names_match(query.ctes[j].name.name, cte.name.name, CaseSensitivity::Insensitive)) {
                fail_at(ctx, cte.name.span,
                        "CTE definition can't have duplicate names: '" + cte.name.name + "'");
            }
        }
        ctx.ctes.push_back(CteDef{&cte, ctx.ctes.size()});
    }
    PlanPtr plan;
    if (auto* select = std::get_if<ast::Select>(&query.body)) {
        plan = bind_select(ctx, *select);
    } else if (const auto* op = std::get_if<ast::SetOperation>(&query.body)) {
        plan = bind_set_operation(ctx, *op, query.span);
    } else {
        const QueryDepth depth(ctx, query.span);
        const ast::Query& inner = *std::get<ast::QueryPtr>(query.body);
        plan = bind_query(ctx, inner);
    }
    plan = order_and_limit(ctx, query, std::move(plan));
    ctx.ctes.resize(outer_ctes); // (on an error the context goes with the statement)
    return plan;
}

/// `analyze` on a statement it may use up (`Statement` not const) or not.
template <class Statement>
BoundStatement bind_statement(Statement& statement, const Catalog& catalog,
                              const std::shared_ptr<const SourceFile>& source,
                              const AnalyzerOptions& options) {
    BindContext ctx{.catalog = catalog,
                    .source = source,
                    .cs = options.case_sensitivity,
                    .relations = options.relations,
                    .next_id = 0,
                    .warnings = {},
                    .warned_udfs = {},
                    .pretty = {},
                    .ctes = {},
                    .depth = 0,
                    .join_hints = {},
                    .outer = {},
                    .window_columns = {},
                    .bind_query = nullptr};
    ctx.bind_query = [&ctx](const ast::Query& query) {
        const QueryDepth depth(ctx, query.span);
        return bind_query(ctx, query);
    };
    BoundStatement out;
    out.plan = bind_query(ctx, statement.query);
    out.warnings = std::move(ctx.warnings);
    out.next_id = ctx.next_id;
    return out;
}

} // namespace

std::shared_ptr<const BoundColumns> RelationCache::columns(const Table& table, CaseSensitivity cs) {
    for (const Entry& entry : entries_) {
        if (entry.schema == table.schema && entry.cs == cs &&
            entry.partition_columns == table.partition_columns) {
            return entry.columns;
        }
    }
    entries_.push_back(Entry{table.schema, table.partition_columns, cs, bind_columns(table, cs)});
    return entries_.back().columns;
}

BoundStatement analyze(const ast::Statement& statement, const Catalog& catalog,
                       const std::shared_ptr<const SourceFile>& source,
                       const AnalyzerOptions& options) {
    return bind_statement(statement, catalog, source, options);
}

BoundStatement analyze(ast::Statement&& statement, const Catalog& catalog,
                       const std::shared_ptr<const SourceFile>& source,
                       const AnalyzerOptions& options) {
    return bind_statement(statement, catalog, source, options);
}

} // namespace prune
