// The analyzer's operators: the plan of one SELECT over its relation, from its clauses as
// bound (analyzer.cpp). The select list's Project or Aggregate, with the Projects that compute
// its lateral aliases; HAVING and the sort keys rewritten to read what it outputs, and what
// they read beyond it carried up from below, as Spark's ResolveReferencesInSort,
// ResolveAggregateFunctions and ResolveLateralColumnAliasReference leave the plan.

#include <algorithm>
#include <optional>
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
class AggregateOutputs {
  public:
    AggregateOutputs(Binder& binder, const std::vector<ExprPtr>& items,
                     const std::vector<ExprPtr>& grouping)
        : binder_(binder) {
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
            if (node->is<AttributeReference>() && grouping_.find(*node) != nullptr) {
                // A column is listed once: a second listing would output nothing new.
                if (std::none_of(added_.begin(), added_.end(),
                                 [&](const ExprPtr& a) { return same_expr(*a, *node); })) {
                    added_.push_back(node);
                }
                return node;
            }
            if (is_aggregate_call(*node) || grouping_.find(*node) != nullptr) {
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
PlanPtr aggregate_select_list(Binder& binder, BoundClauses& c, PlanPtr child,
                              std::vector<ExprPtr>& carried) {
    AggregateOutputs over(binder, c.items, c.grouping);
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
    if (added_for_having > 0) {
        std::vector<ExprPtr> exprs = select_list_columns(c.outputs);
        exprs.insert(exprs.end(), carried.begin(), carried.end());
        plan = make_plan(Project{std::move(exprs), plan});
    }
    return plan;
}

bool has_map(const DataType& type) {
    if (type.map() != nullptr) {
        return true;
    }
    if (const ArrayType* a = type.array()) {
        return has_map(*a->element);
    }
    if (const StructType* s = type.struct_type()) {
        return std::any_of(s->fields().begin(), s->fields().end(),
                           [](const StructField& f) { return has_map(*f.type); });
    }
    return false;
}

/// Spark's CheckAnalysis: sort keys (EXPRESSION_TYPE_IS_NOT_ORDERABLE) and grouping
/// expressions (GROUP_EXPRESSION_TYPE_IS_NOT_ORDERABLE) must be orderable, so no map nor
/// interval at any depth; DISTINCT compares whole rows, which no map column may be in
/// (UNSUPPORTED_FEATURE.SET_OPERATION_ON_MAP_TYPE). Checked on the keys as bound, where
/// their spans are the query's.
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
            if (has_map(*item->type)) {
                binder.fail(item->span, "SELECT DISTINCT cannot compare a column of type " +
                                            catalog_string(*item->type) +
                                            ": maps cannot be compared");
            }
        }
    }
}

} // namespace

/// The operators, innermost first: the FROM clause's plan, Filter(WHERE), the select list's
/// (Project or Aggregate, with Projects for lateral aliases), Filter(HAVING), Distinct, Sort,
/// Offset, Limit (Spark's parser puts the Offset below the Limit: the rows are skipped, then
/// counted). HAVING and the sort keys read what the select list outputs; what else they read
/// is carried up from below (an Aggregate computes it, a Project passes the column on), and
/// a Project over the Sort or the HAVING Filter restores the select list.
PlanPtr stack_operators(Binder& binder, BoundClauses& c, PlanPtr from) {
    check_comparable_keys(binder, c);
    PlanPtr plan = std::move(from);
    if (c.where) {
        plan = make_plan(Filter{c.where, plan});
    }
    if (c.generate) {
        c.generate->child = std::move(plan);
        plan = make_plan(std::move(*c.generate));
        c.generate.reset();
    }
    std::vector<ExprPtr> carried; // what the select list's operator computes besides it
    plan = c.aggregating ? aggregate_select_list(binder, c, std::move(plan), carried)
                         : project_select_list(binder, c, std::move(plan), carried);
    if (c.distinct) {
        plan = make_plan(Distinct{plan});
    }
    if (!c.order.empty()) {
        plan = make_plan(Sort{c.order, plan});
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
