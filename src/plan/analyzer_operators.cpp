// The analyzer's operators: the plan of one SELECT over its relation, from its clauses as
// bound (analyzer.cpp). The select list's Project or Aggregate, with the Projects that compute
// its lateral aliases; HAVING and the sort keys rewritten to read what it outputs, and what
// they read beyond it carried up from below, as Spark's ResolveReferencesInSort,
// ResolveAggregateFunctions and ResolveLateralColumnAliasReference leave the plan.

#include <algorithm>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "plan/analyzer_internal.hpp"
#include "plan/tree.hpp"

namespace prune::analyzer_detail {
namespace {

// `e` under the name Spark gives an expression it adds to an Aggregate: its pretty SQL.
ExprPtr alias_by_sql(Binder& binder, const ExprPtr& e) {
    return make_expr(Alias{e, pretty_sql(*e, binder.pretty()), binder.fresh_id()});
}

// HAVING and ORDER BY over an Aggregate read its output (Spark's ResolveAggregateFunctions).
// `over_aggregate` rewrites an expression from the top down: a part the Aggregate's list
// computes (an item, or the child of an aliased one) becomes that output's column; an
// aggregate call or a grouping expression the list lacks is appended to it (a column as
// itself, anything else aliased by its pretty SQL) and becomes the new output's column.
// Within one clause lookups see the list as the clause found it, as in Spark (a call written
// twice is added twice); `commit` lets the next clause see what this one added.
bool is_grouping_call(const Expr& e) {
    const auto* f = e.as<ScalarFunction>();
    return f != nullptr && !f->user_defined() && is_grouping_function(*f->def);
}

class AggregateOutputs {
  public:
    /// `alias_keys`: a grouping column HAVING or ORDER BY reads is added aliased, as any other
    /// grouping expression (under grouping analytics, where the Aggregate's key is not the
    /// column itself).
    AggregateOutputs(Binder& binder, const std::vector<ExprPtr>& items,
                     const std::vector<ExprPtr>& grouping, bool alias_keys)
        : binder_(binder), alias_keys_(alias_keys) {
        for (const ExprPtr& item : items) {
            index(item);
        }
        for (const ExprPtr& g : grouping) {
            grouping_.add(g, g);
        }
    }

    ExprPtr over_aggregate(const ExprPtr& e) {
        // The index remembers hashes by node address: what it has looked at stays alive with
        // it, so no later node can take an address it remembers.
        looked_at_.push_back(e);
        return transform_down(e, [&](const ExprPtr& node) -> ExprPtr {
            if (const ExprPtr* item = outputs_.find(*node)) {
                // A bare column output is the node itself; anything else, the alias's column
                // (`SELECT id AS k … HAVING id > 1` filters on k).
                return (*item)->is<AttributeReference>() ? node
                                                         : OutputRef{*item}.attribute(node->span);
            }
            if (!alias_keys_ && node->is<AttributeReference>() &&
                grouping_.find(*node) != nullptr) {
                // A column is listed once: a second listing would output nothing new.
                if (std::none_of(added_.begin(), added_.end(),
                                 [&](const ExprPtr& a) { return same_expr(*a, *node); })) {
                    added_.push_back(node);
                }
                return node;
            }
            if (is_aggregate_call(*node) || is_grouping_call(*node) ||
                grouping_.find(*node) != nullptr) {
                added_.push_back(alias_by_sql(binder_, node));
                return OutputRef{added_.back()}.attribute(node->span);
            }
            return node;
        });
    }

    /// What the clauses added to the Aggregate's list, in order.
    const std::vector<ExprPtr>& added() const { return added_; }

    void commit() {
        for (; committed_ < added_.size(); ++committed_) {
            index(added_[committed_]);
        }
    }

  private:
    void index(const ExprPtr& item) {
        const auto* alias = item->as<Alias>();
        outputs_.add(alias != nullptr ? alias->child : item, item);
    }

    Binder& binder_;
    bool alias_keys_;
    ExprIndex outputs_;
    ExprIndex grouping_;
    std::vector<ExprPtr> added_;
    std::size_t committed_ = 0;
    std::vector<ExprPtr> looked_at_;
};

// The FROM clause's columns `e` reads, appended to `used` in order of first use (each once,
// as the FROM plan's own node).
void add_columns_used(const ExprPtr& e, const Scope& scope, std::vector<ExprPtr>& used) {
    visit_down(e, [&](const ExprPtr& node) {
        const auto* a = node->as<AttributeReference>();
        const ExprPtr* column = a != nullptr ? scope.output_column(a->id) : nullptr;
        if (column != nullptr && std::find(used.begin(), used.end(), *column) == used.end()) {
            used.push_back(*column);
        }
        return true;
    });
}

// The `columns` a Project's list `items` does not output, in order.
std::vector<ExprPtr> not_output(const std::vector<ExprPtr>& items,
                                const std::vector<ExprPtr>& columns) {
    std::unordered_set<ExprId> output;
    for (const ExprPtr& item : items) {
        if (const auto* a = item->as<AttributeReference>()) {
            output.insert(a->id);
        }
    }
    std::vector<ExprPtr> lacking;
    for (const ExprPtr& column : columns) {
        if (!output.contains(column->as<AttributeReference>()->id)) {
            lacking.push_back(column);
        }
    }
    return lacking;
}

// The select list's Project over `child`, with Spark's ResolveLateralColumnAliasReference:
// an alias that a later item reads (`SELECT a + 1 AS x, x * 2`) is computed by a Project
// below and read as its column. An alias that itself reads such an alias goes one Project
// higher (Spark resolves a chain a link per round), so the Project at depth 0 computes the
// aliases that read none. Each Project below passes on, bare, what the ones above read of
// `child_output` (the columns `child` outputs) and of the aliases computed further down
// (Spark passes every column of its child, which the optimizer's ColumnPruning trims to
// these).
PlanPtr lateral_projects(std::vector<ExprPtr> top, PlanPtr child,
                         const std::vector<ExprPtr>& child_output) {
    // The columns tracked, numbered: child_output's 0..n-1, then select item i's alias n+i.
    const std::size_t n = child_output.size();
    std::unordered_map<ExprId, std::size_t> number;
    for (std::size_t c = 0; c < n; ++c) {
        number.emplace(OutputRef{child_output[c]}.id(), c);
    }
    for (std::size_t i = 0; i < top.size(); ++i) {
        if (const auto* alias = top[i]->as<Alias>()) {
            number.emplace(alias->id, n + i);
        }
    }
    const auto column_of = [&](const Expr& e) -> std::optional<std::size_t> {
        const auto* a = e.as<AttributeReference>();
        const auto it = a != nullptr ? number.find(a->id) : number.end();
        return it != number.end() ? std::optional(it->second) : std::nullopt;
    };
    // Depth of each item: 0 unless it reads aliases, then one above the deepest it reads.
    std::vector<int> depth(top.size(), 0);
    std::vector<bool> read(top.size(), false);
    for (std::size_t i = 0; i < top.size(); ++i) {
        visit_down(top[i], [&](const ExprPtr& node) {
            if (const std::optional<std::size_t> c = column_of(*node); c && *c >= n) {
                read[*c - n] = true;
                depth[i] = std::max(depth[i], depth[*c - n] + 1);
            }
            return true;
        });
    }
    int layers = 0;
    for (std::size_t i = 0; i < top.size(); ++i) {
        layers = read[i] ? std::max(layers, depth[i] + 1) : layers;
    }
    if (layers == 0) {
        return make_plan(Project{std::move(top), std::move(child)});
    }
    std::vector<std::vector<ExprPtr>> computed(static_cast<std::size_t>(layers));
    for (std::size_t i = 0; i < top.size(); ++i) {
        if (read[i]) {
            computed[static_cast<std::size_t>(depth[i])].push_back(top[i]);
            top[i] = OutputRef{top[i]}.attribute(Span{});
        }
    }
    // From the top down: what the operators above read, each once, in order of first use.
    std::vector<std::size_t> needed;
    std::vector<bool> is_needed(n + top.size(), false);
    const auto need = [&](const std::vector<ExprPtr>& exprs) {
        for (const ExprPtr& e : exprs) {
            visit_down(e, [&](const ExprPtr& node) {
                if (const std::optional<std::size_t> c = column_of(*node); c && !is_needed[*c]) {
                    is_needed[*c] = true;
                    needed.push_back(*c);
                }
                return true;
            });
        }
    };
    need(top);
    std::vector<std::vector<ExprPtr>> lists(computed.size());
    for (std::size_t k = computed.size(); k-- > 0;) {
        std::vector<bool> here(top.size(), false);
        for (const ExprPtr& e : computed[k]) {
            here[number.at(e->as<Alias>()->id) - n] = true;
        }
        std::vector<std::size_t> passed;
        for (const std::size_t c : needed) {
            if (c < n) {
                lists[k].push_back(child_output[c]);
                passed.push_back(c);
            } else if (!here[c - n]) {
                lists[k].push_back(top[c - n]); // already its column
                passed.push_back(c);
            }
        }
        lists[k].insert(lists[k].end(), computed[k].begin(), computed[k].end());
        needed = std::move(passed);
        std::fill(is_needed.begin(), is_needed.end(), false);
        for (const std::size_t c : needed) {
            is_needed[c] = true;
        }
        need(computed[k]);
    }
    for (std::vector<ExprPtr>& list : lists) {
        child = make_plan(Project{std::move(list), std::move(child)});
    }
    return make_plan(Project{std::move(top), std::move(child)});
}

// Spark's ResolveLateralColumnAliasReference on an Aggregate whose select list `items` names
// lateral aliases: the aggregate calls and grouping expressions the items read stay in the
// Aggregate, each once (a column as itself, anything else aliased by its pretty SQL), and the
// items, reading them as columns, make the select list's Project above it, where the lateral
// aliases resolve as over any child (lateral_projects):
//
//     SELECT name.first AS f, sum(pets) AS s, s / count(*) FROM t GROUP BY name.first
//
//     Project [f#9, s#10, (s#10 / count(1)#13) AS (s / count(1))#11]
//       Project [count(1)#13, name.first#12 AS f#9, sum(pets)#14 AS s#10]
//         Aggregate [name#1.first] [name#1.first AS name.first#12, count(1) AS count(1)#13,
//                                   sum(pets#3) AS sum(pets)#14]
//
// An aggregate call that reads a lateral alias is an error, as in Spark
// (LATERAL_COLUMN_ALIAS_IN_AGGREGATE_FUNC).
PlanPtr lift_over_aggregate(Binder& binder, std::vector<ExprPtr> items,
                            const std::vector<ExprPtr>& grouping, PlanPtr child) {
    std::unordered_set<ExprId> aliases;
    for (const ExprPtr& item : items) {
        if (const auto* alias = item->as<Alias>()) {
            aliases.insert(alias->id);
        }
    }
    ExprIndex grouped;
    for (const ExprPtr& g : grouping) {
        grouped.add(g, g);
    }
    ExprIndex kept_index; // what the Aggregate computes, by expression
    std::vector<ExprPtr> kept;
    std::vector<ExprPtr> columns; // kept, as the columns the Aggregate outputs
    const auto keep = [&](const ExprPtr& e) -> ExprPtr {
        const ExprPtr* named = kept_index.find(*e);
        if (named == nullptr) {
            kept.push_back(e->is<AttributeReference>() ? e : alias_by_sql(binder, e));
            columns.push_back(OutputRef{kept.back()}.attribute(Span{}));
            kept_index.add(e, kept.back());
            named = &kept.back();
        }
        return e->is<AttributeReference>() ? e : OutputRef{*named}.attribute(e->span);
    };
    const std::vector<ExprPtr> written = items; // kept alive: kept_index hashes by address
    for (ExprPtr& item : items) {
        item = transform_down(item, [&](const ExprPtr& node) -> ExprPtr {
            if (is_aggregate_call(*node)) {
                visit_down(node, [&](const ExprPtr& inner) {
                    const auto* a = inner->as<AttributeReference>();
                    if (a != nullptr && aliases.contains(a->id)) {
                        binder.fail(inner->span,
                                    "the lateral column alias '" + a->name.str() +
                                        "' cannot be read inside the aggregate function '" +
                                        pretty_sql(*node, binder.pretty()) + "'");
                    }
                    return true;
                });
                return keep(node);
            }
            return grouped.find(*node) != nullptr ? keep(node) : node;
        });
    }
    return lateral_projects(std::move(items), make_plan(Aggregate{grouping, kept, child}), columns);
}

// Whether a sort key reads the output column `id`.
bool reads_output(const std::vector<SortOrder>& order, ExprId id) {
    bool found = false;
    for (const SortOrder& o : order) {
        visit_down(o.child, [&](const ExprPtr& node) {
            const auto* a = node->as<AttributeReference>();
            found = found || (a != nullptr && a->id == id);
            return !found;
        });
    }
    return found;
}

// The select list as the columns a Project over the Sort or HAVING Filter restores.
std::vector<ExprPtr> select_list_columns(const std::vector<OutputRef>& outputs) {
    std::vector<ExprPtr> columns;
    columns.reserve(outputs.size());
    for (const OutputRef& out : outputs) {
        columns.push_back(out.attribute(Span{}));
    }
    return columns;
}

/// Rejects a sort key over SELECT DISTINCT that reads `what` (a column, an aggregate call)
/// beyond the select list `items`: Spark cannot add it below the Distinct and leaves the key
/// unresolved (UNRESOLVED_COLUMN.WITH_SUGGESTION, listing the Distinct's output).
[[noreturn]] void reject_sort_over_distinct(const Binder& binder, Span key, const std::string& what,
                                            const std::vector<ExprPtr>& items) {
    std::string listed;
    for (const ExprPtr& item : items) {
        const auto* alias = item->as<Alias>();
        const Name& name = alias != nullptr ? alias->name : item->as<AttributeReference>()->name;
        listed += (listed.empty() ? "'" : ", '") + name.str() + "'";
    }
    binder.fail(key, what +
                         " cannot be resolved: ORDER BY over SELECT DISTINCT sees only the "
                         "select list (" +
                         listed + ")");
}

/// Applies `rewrite` to what each of `windows` reads: its function's arguments (not the call,
/// which the Window computes), partition keys and order keys.
void rewrite_window_parts(std::span<BoundWindow> windows,
                          const std::function<ExprPtr(const ExprPtr&)>& rewrite) {
    for (BoundWindow& w : windows) {
        ScalarFunction f = *w.function->as<ScalarFunction>();
        std::vector<ExprPtr> args;
        for (const ExprPtr& arg : f.args) {
            args.push_back(rewrite(arg));
        }
        f.args = ExprList(std::move(args)); // the call as it was (DISTINCT, WITHIN GROUP, ...)
        w.function = make_expr(std::move(f), w.function->span);
        for (ExprPtr& p : w.partition) {
            p = rewrite(p);
        }
        for (SortOrder& o : w.order) {
            o.child = rewrite(o.child);
        }
    }
}

/// A select list split as Spark's ExtractWindowExpressions splits it, around the Windows that
/// compute its window expressions.
struct WindowSplit {
    /// The list of the operator below the Windows: the items without a window, then what the
    /// window expressions read.
    std::vector<ExprPtr> below;
    /// The list over the Windows: the items, those computed below as the columns they became.
    std::vector<ExprPtr> top;
};

/// Splits the select list `items` (a Project's, or with `aggregated` an Aggregate's) around
/// `windows`: below are the items without a window (computed there) and what the window
/// expressions read: `_w<i>` for every function argument, partition key and order key that is
/// neither a column nor foldable, and, in an Aggregate's list, for every aggregate an item
/// computes around its windows (`sum(x) - rank() OVER w`); a column as itself. `i` counts
/// what that list adds for the windows (Spark's extractedExprBuffer: a column once, none the
/// select list names bare), in the order: each window expression's arguments, partition keys,
/// order keys, then the other aggregates and columns of its item. Computed keys are not shared
/// (Spark extracts each anew), so two windows over `name.last` are two Windows, as in Spark.
/// The windows' parts are rewritten in place to read the list below.
WindowSplit split_window_items(Binder& binder, std::vector<BoundWindow>& windows,
                               const std::vector<ExprPtr>& items, bool aggregated) {
    std::unordered_map<ExprId, std::size_t> window_of; // a window column's id -> its window
    for (std::size_t i = 0; i < windows.size(); ++i) {
        window_of.emplace(windows[i].column->as<AttributeReference>()->id, i);
    }
    const auto has_window = [&](const ExprPtr& e) {
        bool found = false;
        visit_down(e, [&](const ExprPtr& node) {
            if (const auto* a = node->as<AttributeReference>()) {
                found = found || window_of.contains(a->id);
            }
            return !found;
        });
        return found;
    };
    WindowSplit split;
    std::vector<ExprPtr> buffer; // what the windows read
    std::unordered_set<ExprId> counted;
    for (const ExprPtr& item : items) {
        if (!has_window(item)) {
            split.below.push_back(item);
            counted.insert(OutputRef{item}.id()); // a column, or an alias's (a lateral alias)
        }
    }
    const auto extract = [&](const ExprPtr& e) -> ExprPtr {
        if (const auto* a = e->as<AttributeReference>()) {
            if (counted.insert(a->id).second) {
                buffer.push_back(e);
            }
            return e;
        }
        if (expr_foldable(*e)) {
            return e;
        }
        ExprPtr alias = make_expr(
            Alias{e, Name("_w" + std::to_string(buffer.size())), binder.fresh_id()}, e->span);
        buffer.push_back(alias);
        return make_expr(AttributeReference{alias->as<Alias>()->name, e->type,
                                            alias->as<Alias>()->id, e->nullable, false},
                         e->span);
    };
    std::vector<bool> extracted(windows.size(), false);
    for (const ExprPtr& item : items) {
        if (!has_window(item)) {
            const auto* alias = item->as<Alias>();
            split.top.push_back(
                alias == nullptr
                    ? item
                    : make_expr(AttributeReference{alias->name, alias->child->type, alias->id,
                                                   alias->child->nullable, false},
                                item->span));
            continue;
        }
        // In the item's order, as Spark's transformDown meets them: a window's parts where
        // the window is, the other aggregates and columns where they are.
        split.top.push_back(transform_down(item, [&](const ExprPtr& node) -> ExprPtr {
            if (aggregated && is_aggregate_call(*node)) {
                return extract(node);
            }
            if (const auto* a = node->as<AttributeReference>()) {
                if (const auto it = window_of.find(a->id); it == window_of.end()) {
                    return extract(node);
                } else if (!extracted[it->second]) {
                    extracted[it->second] = true;
                    rewrite_window_parts(std::span<BoundWindow>(&windows[it->second], 1), extract);
                }
            }
            return node;
        }));
    }
    split.below.insert(split.below.end(), buffer.begin(), buffer.end());
    return split;
}

/// One Window per distinct (partition, order) of `windows` over `plan`, in the order of their
/// first window expression.
PlanPtr stack_windows(const std::vector<BoundWindow>& windows, PlanPtr plan) {
    const auto same_keys = [](const BoundWindow& a, const BoundWindow& b) {
        if (a.partition.size() != b.partition.size() || a.order.size() != b.order.size()) {
            return false;
        }
        for (std::size_t i = 0; i < a.partition.size(); ++i) {
            if (!same_expr(*a.partition[i], *b.partition[i])) {
                return false;
            }
        }
        for (std::size_t i = 0; i < a.order.size(); ++i) {
            if (!same_expr(*a.order[i].child, *b.order[i].child) ||
                a.order[i].ascending != b.order[i].ascending ||
                a.order[i].nulls_first != b.order[i].nulls_first) {
                return false;
            }
        }
        return true;
    };
    std::vector<bool> done(windows.size(), false);
    for (std::size_t i = 0; i < windows.size(); ++i) {
        if (done[i]) {
            continue;
        }
        Window op;
        op.partition = windows[i].partition;
        op.order = windows[i].order;
        for (std::size_t j = i; j < windows.size(); ++j) {
            if (!done[j] && same_keys(windows[i], windows[j])) {
                done[j] = true;
                const auto* column = windows[j].column->as<AttributeReference>();
                op.columns.push_back(make_expr(Alias{windows[j].function, column->name, column->id},
                                               windows[j].column->span));
                op.frames.push_back(windows[j].frame);
                op.ignore_nulls.push_back(windows[j].ignore_nulls);
            }
        }
        op.child = std::move(plan);
        plan = make_plan(std::move(op));
    }
    return plan;
}

/// The select list's Project `select` (over the FROM clause and WHERE) as Spark's
/// ExtractWindowExpressions plans it: a Project below of the items without a window and of
/// what the windows read, the Windows, then the select list reading their columns.
PlanPtr window_operators(Binder& binder, std::vector<BoundWindow>& windows, const PlanPtr& select) {
    const Project* project = select->as<Project>();
    if (project == nullptr) {
        throw InternalError("window_operators: the select list is not one Project");
    }
    WindowSplit split = split_window_items(binder, windows, project->exprs, false);
    PlanPtr plan =
        stack_windows(windows, make_plan(Project{std::move(split.below), project->child}));
    return make_plan(Project{std::move(split.top), std::move(plan)});
}

/// The select list's Project over `child` (with the Projects that compute its lateral
/// aliases); `carried` gets the whole columns the sort keys read beyond it (Spark's
/// resolveExprsAndAddMissingAttrs). Under DISTINCT such a key is an error (SPARK-17863: the
/// added column would change which rows are distinct).
PlanPtr project_select_list(const Binder& binder, const BoundClauses& c, PlanPtr child,
                            std::vector<ExprPtr>& carried) {
    for (const SortOrder& o : c.order) {
        std::vector<ExprPtr> used;
        add_columns_used(o.child, binder.scope(), used);
        for (const ExprPtr& column : not_output(c.items, used)) {
            if (c.distinct) {
                reject_sort_over_distinct(
                    binder, o.child->span,
                    "column '" + column->as<AttributeReference>()->name.str() + "'", c.items);
            }
            if (std::find(carried.begin(), carried.end(), column) == carried.end()) {
                carried.push_back(column);
            }
        }
    }
    std::vector<ExprPtr> exprs = c.items;
    exprs.insert(exprs.end(), carried.begin(), carried.end());
    return binder.first_lateral_use()
               ? lateral_projects(std::move(exprs), std::move(child), binder.columns())
               : make_plan(Project{std::move(exprs), std::move(child)});
}

/// The Aggregate over `child` and HAVING's Filter over it, the HAVING condition and the sort
/// keys rewritten to read its output (AggregateOutputs); `carried` gets what the keys read
/// beyond the select list. When HAVING added to the Aggregate, a Project over its Filter
/// restores the select list (below a Distinct, which must see it alone), passing on what the
/// keys read beyond it (Spark's ResolveMissingReferences). A list that names lateral aliases,
/// what HAVING and the keys added included, is lifted into a Project over the Aggregate
/// (lift_over_aggregate), which outputs the same columns.
/// `e` with the parts the grouping keys compute replaced by the key columns above the Expand,
/// except inside aggregate calls, which read the rows below (Spark's
/// GroupingAnalyticsTransformer.replaceExpressions).
ExprPtr over_expanded_keys(const ExprPtr& e, const std::vector<ExprPtr>& keys,
                           const std::vector<ExprPtr>& columns) {
    if (is_aggregate_call(*e)) {
        return e;
    }
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (same_expr(*keys[i], *e)) {
            return make_expr(AttributeReference(*columns[i]->as<AttributeReference>()), e->span);
        }
    }
    std::optional<ExprChildren> kids = mapped_children(
        *e, [&](const ExprPtr& kid) { return over_expanded_keys(kid, keys, columns); });
    return kids ? with_children(e, *kids) : e;
}

/// GROUP BY ROLLUP, CUBE or GROUPING SETS as Spark's ResolveGroupingAnalytics plans it: the
/// keys computed as aliases in a Project over `child` (next to its columns), an Expand making
/// one copy of each row per grouping set (a key outside the set null, the set's grouping id:
/// bit n-1-i set when key i is not grouped), and the Aggregate's list over the Expand's key
/// columns, grouping() and grouping_id() read off the id. `aggregates` is rewritten in place;
/// returns the Aggregate's grouping (the key columns, the id, `_gen_grouping_pos` when two sets
/// are equal) and its child. One empty set alone is a grand total: a global Aggregate (Spark
/// 4.2's lowerEmptyGroupingSetToGlobalAggregate), where grouping_id() is 0.
std::pair<std::vector<ExprPtr>, PlanPtr>
expand_grouping_sets(Binder& binder, const std::vector<ExprPtr>& keys,
                     const std::vector<std::vector<std::size_t>>& sets,
                     std::vector<ExprPtr>& aggregates, std::vector<BoundWindow>& windows,
                     PlanPtr child) {
    const bool grand_total = keys.empty() && sets.size() == 1;
    const std::vector<ExprPtr> child_output = plan_output(*child);
    ExprPtr gid = grand_total ? make_expr(Literal{long_type(), "0", false})
                              : make_expr(AttributeReference{"spark_grouping_id", long_type(),
                                                             binder.fresh_id(), false, false});
    // grouping() and grouping_id(), anywhere in the list (inside aggregates too).
    const auto grouping_function = [&](const ExprPtr& node) -> ExprPtr {
        if (!is_grouping_call(*node)) {
            return node;
        }
        const auto& f = *node->as<ScalarFunction>();
        if (f.def->catalyst == "GroupingID") {
            const bool all =
                f.args.empty() ||
                (f.args.size() == keys.size() &&
                 std::equal(f.args.begin(), f.args.end(), keys.begin(),
                            [](const ExprPtr& a, const ExprPtr& b) { return same_expr(*a, *b); }));
            if (!all) {
                binder.fail(node->span, "[GROUPING_ID_COLUMN_MISMATCH] the columns of '" +
                                            binder.written(node->span) +
                                            "' are not the grouping columns, in their order");
            }
            return make_expr(Expr::Node(gid->node), node->span);
        }
        const auto key = std::find_if(keys.begin(), keys.end(), [&](const ExprPtr& k) {
            return same_expr(*k, *f.args.front());
        });
        if (key == keys.end()) {
            binder.fail(f.args.front()->span, "[GROUPING_COLUMN_MISMATCH] '" +
                                                  binder.written(f.args.front()->span) +
                                                  "' in grouping() is not a grouping column");
        }
        const auto shift = static_cast<long long>(keys.end() - key) - 1;
        ExprPtr shifted = make_expr(
            ScalarFunction{
                &catalog_function("shiftright"),
                {gid, make_expr(Literal{int_type(), Name(std::to_string(shift)), false})},
                false},
            node->span);
        ExprPtr bit = make_expr(BinaryOp{BinaryOpKind::BitwiseAnd, shifted,
                                         make_expr(Literal{long_type(), "1", false})},
                                node->span);
        return make_expr(Cast{bit, make_atomic(AtomicKind::Byte), false}, node->span);
    };
    for (ExprPtr& e : aggregates) {
        e = transform_down(e, grouping_function);
    }
    // The windows over the Aggregate read its output: their parts are rewritten as its list.
    rewrite_window_parts(windows,
                         [&](const ExprPtr& e) { return transform_down(e, grouping_function); });
    if (grand_total) {
        return {{}, std::move(child)};
    }

    // The Project below: the child's columns, then each key as `key AS name`.
    std::vector<ExprPtr> below = child_output;
    std::vector<ExprPtr> key_columns; // the aliases' columns, which the projections read
    for (const ExprPtr& key : keys) {
        const auto* column = key->as<AttributeReference>();
        std::string name =
            column != nullptr ? column->name.str() : pretty_sql(*key, binder.pretty());
        const ExprId id = binder.fresh_id();
        below.push_back(make_expr(Alias{key, name, id}, key->span));
        key_columns.push_back(make_expr(
            AttributeReference{std::move(name), key->type, id, key->nullable, false}, key->span));
    }
    // The Expand's key columns: new ids, nullable where a set does not group by the key.
    std::vector<ExprPtr> expanded;
    for (std::size_t i = 0; i < keys.size(); ++i) {
        AttributeReference column = *key_columns[i]->as<AttributeReference>();
        column.id = binder.fresh_id();
        column.nullable =
            column.nullable ||
            std::any_of(sets.begin(), sets.end(), [&](const std::vector<std::size_t>& set) {
                return std::find(set.begin(), set.end(), i) == set.end();
            });
        expanded.push_back(make_expr(std::move(column), keys[i]->span));
    }
    std::vector<std::vector<std::size_t>> distinct_sets;
    for (std::vector<std::size_t> set : sets) {
        std::sort(set.begin(), set.end());
        set.erase(std::unique(set.begin(), set.end()), set.end());
        distinct_sets.push_back(std::move(set));
    }
    std::sort(distinct_sets.begin(), distinct_sets.end());
    const bool duplicates =
        std::adjacent_find(distinct_sets.begin(), distinct_sets.end()) != distinct_sets.end();

    Expand expand;
    for (std::size_t k = 0; k < sets.size(); ++k) {
        std::vector<ExprPtr> row = child_output;
        std::uint64_t id = 0;
        for (std::size_t i = 0; i < keys.size(); ++i) {
            const bool grouped = std::find(sets[k].begin(), sets[k].end(), i) != sets[k].end();
            if (!grouped) {
                id |= std::uint64_t{1} << (keys.size() - 1 - i);
            }
            row.push_back(grouped ? key_columns[i]
                                  : make_expr(Literal{keys[i]->type, "null", true}));
        }
        row.push_back(make_expr(Literal{long_type(), Name(std::to_string(id)), false}));
        if (duplicates) {
            row.push_back(make_expr(Literal{int_type(), Name(std::to_string(k)), false}));
        }
        expand.projections.push_back(std::move(row));
    }
    std::vector<ExprPtr> grouping = expanded;
    grouping.push_back(gid);
    if (duplicates) {
        grouping.push_back(make_expr(
            AttributeReference{"_gen_grouping_pos", int_type(), binder.fresh_id(), false, false}));
    }
    expand.output = child_output;
    expand.output.insert(expand.output.end(), grouping.begin(), grouping.end());
    expand.child = make_plan(Project{std::move(below), std::move(child)});
    for (ExprPtr& e : aggregates) {
        // The binder aliased every bare column but a window's, which the Window makes.
        if (const auto* column = e->as<AttributeReference>();
            column != nullptr &&
            std::none_of(windows.begin(), windows.end(), [&](const BoundWindow& w) {
                return w.column->as<AttributeReference>()->id == column->id;
            })) {
            throw InternalError("a bare column in the Aggregate over an Expand");
        }
        e = over_expanded_keys(e, keys, expanded);
    }
    rewrite_window_parts(windows,
                         [&](const ExprPtr& e) { return over_expanded_keys(e, keys, expanded); });
    return {std::move(grouping), make_plan(std::move(expand))};
}

PlanPtr aggregate_select_list(Binder& binder, BoundClauses& c, PlanPtr child,
                              std::vector<ExprPtr>& carried) {
    AggregateOutputs over(binder, c.items, c.grouping, !c.grouping_sets.empty());
    if (c.having) {
        c.having = over.over_aggregate(c.having);
        if (!c.distinct) {
            over.commit(); // under DISTINCT they are gone before the Sort
        }
    }
    const std::size_t added_for_having = over.added().size();
    for (SortOrder& o : c.order) {
        const std::size_t before = over.added().size();
        const Span span = o.child->span;
        o.child = over.over_aggregate(o.child);
        if (c.distinct && over.added().size() > before) {
            const ExprPtr& added = over.added()[before];
            const auto* call = added->as<Alias>();
            reject_sort_over_distinct(
                binder, span,
                call != nullptr ? "expression '" + call->name.str() + "'"
                                : "column '" + added->as<AttributeReference>()->name.str() + "'",
                c.items);
        }
    }
    const std::vector<ExprPtr>& added = over.added();
    std::vector<ExprPtr> aggregates = c.items;
    aggregates.insert(aggregates.end(), added.begin(), added.end());
    if (!c.grouping_sets.empty()) {
        std::tie(c.grouping, child) = expand_grouping_sets(binder, c.grouping, c.grouping_sets,
                                                           aggregates, c.windows, std::move(child));
    }
    // Window expressions: the Aggregate computes the items without one and what they read,
    // the Windows go over it (and over HAVING's Filter), and a Project restores the select list
    // (Spark's ExtractWindowExpressions, on an Aggregate and on a Filter over one).
    std::vector<ExprPtr> over_windows;
    if (!c.windows.empty()) {
        const auto listed = static_cast<std::ptrdiff_t>(c.items.size());
        WindowSplit split = split_window_items(
            binder, c.windows,
            std::vector<ExprPtr>(aggregates.begin(), aggregates.begin() + listed), true);
        split.below.insert(split.below.end(), aggregates.begin() + listed, aggregates.end());
        aggregates = std::move(split.below);
        over_windows = std::move(split.top);
    }
    PlanPtr plan =
        binder.first_lateral_use()
            ? lift_over_aggregate(binder, std::move(aggregates), c.grouping, std::move(child))
            : make_plan(Aggregate{c.grouping, std::move(aggregates), std::move(child)});
    for (const ExprPtr& item : added) {
        if (reads_output(c.order, OutputRef{item}.id())) {
            carried.push_back(OutputRef{item}.attribute(Span{}));
        }
    }
    if (c.having) {
        plan = make_plan(Filter{c.having, plan});
    }
    if (!c.windows.empty()) {
        plan = stack_windows(c.windows, std::move(plan));
        over_windows.insert(over_windows.end(), carried.begin(), carried.end());
        return make_plan(Project{std::move(over_windows), std::move(plan)});
    }
    if (added_for_having > 0) {
        std::vector<ExprPtr> exprs = select_list_columns(c.outputs);
        exprs.insert(exprs.end(), carried.begin(), carried.end());
        plan = make_plan(Project{std::move(exprs), plan});
    }
    return plan;
}

/// Spark's CheckAnalysis: sort keys (EXPRESSION_TYPE_IS_NOT_ORDERABLE) and grouping
/// expressions (GROUP_EXPRESSION_TYPE_IS_NOT_ORDERABLE) must be orderable, so no map nor
/// interval or variant at any depth; DISTINCT compares whole rows, which no map or variant
/// column may be in (UNSUPPORTED_FEATURE.SET_OPERATION_ON_MAP_TYPE / _ON_VARIANT_TYPE). Checked on
/// the keys as bound, where their spans are the query's.
void check_comparable_keys(const Binder& binder, const BoundClauses& c) {
    for (const SortOrder& o : c.order) {
        if (!is_orderable(*o.child->type)) {
            binder.fail(o.child->span,
                        "cannot sort by a value of type " + catalog_string(*o.child->type));
        }
    }
    for (const ExprPtr& g : c.grouping) {
        if (!is_orderable(*g->type)) {
            binder.fail(g->span, "cannot group by a value of type " + catalog_string(*g->type));
        }
    }
    if (c.distinct) {
        for (const ExprPtr& item : c.items) {
            if (const std::string_view why = rows_uncomparable(*item->type); !why.empty()) {
                binder.fail(item->span, "SELECT DISTINCT cannot compare a column of type " +
                                            catalog_string(*item->type) + ": " + std::string(why));
            }
        }
    }
}

} // namespace

/// The operators, innermost first: the FROM clause's plan, Filter(WHERE), the select list's
/// (Project or Aggregate, with Projects for lateral aliases), Filter(HAVING), Distinct, the
/// partitioning hints, DISTRIBUTE BY, Sort (ORDER BY, or SORT BY's local one), Offset, Limit
/// (Spark's parser puts the Offset below the Limit: the rows are skipped, then counted). HAVING and
/// the sort keys read what the select list outputs; what else they read is carried up from below
/// (an Aggregate computes it, a Project passes the column on), and a Project over the Sort or the
/// HAVING Filter restores the select list.
namespace {} // namespace

PlanPtr stack_operators(Binder& binder, BoundClauses& c, PlanPtr from) {
    check_comparable_keys(binder, c);
    PlanPtr plan = std::move(from);
    // Spark's TimeWindowing (or SessionWindowing) and ResolveWindowTime: their sub-plans go
    // under the WHERE's Filter when WHERE calls them, else over it.
    const bool times = c.window_times != nullptr && !c.window_times->columns.empty();
    if (c.time_window != nullptr && c.time_window->under_where) {
        plan = time_window_plan(*c.time_window, std::move(plan));
    }
    if (times && c.window_times->under_where) {
        plan = window_time_plan(*c.window_times, std::move(plan));
    }
    if (c.where) {
        plan = make_plan(Filter{c.where, plan});
    }
    if (c.time_window != nullptr && !c.time_window->under_where) {
        plan = time_window_plan(*c.time_window, std::move(plan));
    }
    if (times && !c.window_times->under_where) {
        plan = window_time_plan(*c.window_times, std::move(plan));
    }
    if (c.generate) {
        c.generate->child = std::move(plan);
        plan = make_plan(std::move(*c.generate));
        c.generate.reset();
    }
    std::vector<ExprPtr> carried; // what the select list's operator computes besides it
    plan = c.aggregating ? aggregate_select_list(binder, c, std::move(plan), carried)
                         : project_select_list(binder, c, std::move(plan), carried);
    if (!c.windows.empty() && !c.aggregating) {
        plan = window_operators(binder, c.windows, plan);
    }
    if (c.distinct) {
        plan = make_plan(Distinct{plan});
    }
    // Spark's AstBuilder wraps the select in its hints (the first written outermost), then
    // the query's DISTRIBUTE BY and SORT BY (withQueryResultClauses).
    for (auto it = c.hints.rbegin(); it != c.hints.rend(); ++it) {
        Repartition hint = std::move(*it);
        hint.child = std::move(plan);
        plan = make_plan(std::move(hint));
    }
    if (c.distribute) {
        c.distribute->child = std::move(plan);
        plan = make_plan(std::move(*c.distribute));
        c.distribute.reset();
    }
    if (!c.order.empty()) {
        plan = make_plan(Sort{c.order, plan, !c.local_sort});
    }
    if (!carried.empty()) {
        plan = make_plan(Project{select_list_columns(c.outputs), plan});
    }
    if (c.offset) {
        plan = make_plan(Offset{c.offset, plan});
    }
    if (c.limit) {
        plan = make_plan(Limit{c.limit, plan});
    }
    return plan;
}

PlanPtr stack_over_select_list(Binder& binder, BoundClauses& c, PlanPtr plan) {
    std::unordered_set<ExprId> listed;
    for (const OutputRef& out : c.outputs) {
        listed.insert(out.id());
    }
    for (const SortOrder& o : c.order) {
        visit_down(o.child, [&](const ExprPtr& e) {
            const auto* column = e->as<AttributeReference>();
            if (is_aggregate_call(*e) || (column != nullptr && !listed.contains(column->id))) {
                binder.fail(o.child->span,
                            "unsupported: ORDER BY over a generator in a select list that "
                            "aggregates may read only the select list's columns, not '" +
                                binder.written(e->span) + "'; generate in a subquery");
            }
            return true;
        });
    }
    for (const OutputRef& out : c.outputs) {
        c.items.push_back(out.attribute(out.item->span));
    }
    check_comparable_keys(binder, c);
    if (c.distinct) {
        plan = make_plan(Distinct{plan});
    }
    if (!c.order.empty()) {
        plan = make_plan(Sort{c.order, plan});
    }
    if (c.offset) {
        plan = make_plan(Offset{c.offset, plan});
    }
    if (c.limit) {
        plan = make_plan(Limit{c.limit, plan});
    }
    return plan;
}

} // namespace prune::analyzer_detail
