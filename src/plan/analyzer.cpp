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
// - GROUP BY binds against the relation; an integer literal is a select-list position; a
//   single-part name that is no column may name a select alias and stands for its expression.
// - HAVING binds against the relation (aggregates allowed); a name that is no column may name a
//   select alias and refers to the alias output. Grouping columns it reads that the select
//   list does not output are added to the Aggregate's list, and a Project above the Filter
//   restores the select list (Spark's ResolveAggregateFunctions).
// - ORDER BY resolves names against the select list's output names first, then against the
//   relation; an integer literal is a select-list position. The sort keys reference the output
//   attribute (the alias's id) when they name a select item. Over a Project, the columns the
//   keys read that the select list does not output are added whole to that Project, and a
//   Project above the Sort restores the select list (Spark's ResolveReferencesInSort):
//
//       SELECT id FROM contacts ORDER BY name.first
//
//       Project [id#0]
//         Sort [name#1.first ASC NULLS FIRST]
//           Project [id#0, name#1]
//             Relation contacts [id#0, name#1, p#2]
//
//   Over an Aggregate, grouping columns are added to its list in the same way. Under DISTINCT
//   such a key is an error, as in Spark (SPARK-17863: the added column would change which
//   rows are distinct). Not modeled: a key reading a column inside a grouping expression
//   (`GROUP BY name.first ORDER BY name.first`: Spark refers to the expression), and
//   aggregate calls in HAVING and ORDER BY, which Spark adds to the Aggregate; both stay
//   above it as written.
// - A query aggregates when it has GROUP BY or HAVING or an aggregate in the select list,
//   HAVING or ORDER BY; then every column used outside an aggregate must be grouped.

#include <algorithm>
#include <functional>
#include <span>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

#include "plan/analyzer.hpp"
#include "plan/analyzer_internal.hpp"
#include "plan/tree.hpp"
#include "plan/typing.hpp"
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
    GroupingCheck(const std::vector<ExprPtr>& grouping, std::size_t relation_columns)
        : relation_columns_(relation_columns) {
        for (const ExprPtr& g : grouping) {
            grouping_.emplace(signature(*g), g);
        }
    }

    // The outermost offending expression (an ungrouped column, or the field chain over it).
    ExprPtr find_ungrouped(const ExprPtr& e) const {
        const auto [first, last] = grouping_.equal_range(signature(*e));
        for (auto it = first; it != last; ++it) {
            if (same_expr(*e, *it->second)) {
                return nullptr;
            }
        }
        if (is_aggregate_call(*e)) {
            return nullptr;
        }
        if (const auto* a = e->as<AttributeReference>()) {
            // Alias outputs (ids past the relation's columns) are computed above the grouping.
            return a->id < static_cast<ExprId>(relation_columns_) ? e : nullptr;
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
    // A structural hash that equal expressions (same_expr) share, so each node is compared
    // only with the grouping expressions that can match it (GROUP BY lists of generated queries
    // are long). Memoized: every node is hashed once.
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

    mutable std::unordered_map<const Expr*, std::size_t> hashes_;
    std::unordered_multimap<std::size_t, ExprPtr> grouping_;
    std::size_t relation_columns_;
};

// The relation columns `e` reads outside aggregate calls, appended to `used` in order of
// first use (each once, as the relation's own node).
void add_columns_used(const ExprPtr& e, const std::vector<ExprPtr>& columns,
                      std::vector<ExprPtr>& used) {
    visit_down(e, [&](const ExprPtr& node) {
        if (is_aggregate_call(*node)) {
            return false; // Spark's ResolveAggregateFunctions; not modeled
        }
        const auto* a = node->as<AttributeReference>();
        if (a != nullptr && a->id < static_cast<ExprId>(columns.size())) {
            const ExprPtr& column = columns[static_cast<std::size_t>(a->id)];
            if (std::find(used.begin(), used.end(), column) == used.end()) {
                used.push_back(column);
            }
        }
        return true;
    });
}

// The `columns` a Project's or Aggregate's list `items` does not output, in order.
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

// `plan` outputting `columns` (relation columns) besides its own output: the Project that
// lacks one lists it after its items, the Aggregate that lacks one lists it after its
// aggregates when it is a grouping column. Null when that cannot be done: a Distinct (the
// added column would change which rows are distinct, SPARK-17863) or an Aggregate that does
// not group by the column itself. `plan` itself when it outputs them all. Spark:
// ColumnResolutionHelper.resolveExprsAndAddMissingAttrs.
PlanPtr with_columns(const PlanPtr& plan, const std::vector<ExprPtr>& columns) {
    if (plan->as<Relation>() != nullptr) {
        return plan;
    }
    if (plan->as<Distinct>() != nullptr) {
        const PlanPtr& child = plan_child(*plan);
        return with_columns(child, columns) == child ? plan : nullptr;
    }
    if (const auto* project = plan->as<Project>()) {
        std::vector<ExprPtr> lacking = not_output(project->exprs, columns);
        if (lacking.empty()) {
            return plan;
        }
        PlanPtr child = with_columns(project->child, lacking);
        if (!child) {
            return nullptr;
        }
        std::vector<ExprPtr> exprs = project->exprs;
        exprs.insert(exprs.end(), lacking.begin(), lacking.end());
        return make_plan(Project{std::move(exprs), std::move(child)});
    }
    if (const auto* aggregate = plan->as<Aggregate>()) {
        std::vector<ExprPtr> lacking = not_output(aggregate->aggregates, columns);
        if (lacking.empty()) {
            return plan;
        }
        for (const ExprPtr& column : lacking) {
            const ExprId id = column->as<AttributeReference>()->id;
            if (std::none_of(aggregate->grouping.begin(), aggregate->grouping.end(),
                             [id](const ExprPtr& g) {
                                 const auto* a = g->as<AttributeReference>();
                                 return a != nullptr && a->id == id;
                             })) {
                return nullptr;
            }
        }
        std::vector<ExprPtr> aggregates = aggregate->aggregates;
        aggregates.insert(aggregates.end(), lacking.begin(), lacking.end());
        return make_plan(Aggregate{aggregate->grouping, std::move(aggregates), aggregate->child});
    }
    PlanPtr child = with_columns(plan_child(*plan), columns);
    if (!child) {
        return nullptr;
    }
    return child == plan_child(*plan) ? plan : with_plan_child(*plan, std::move(child));
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

} // namespace

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return out;
}

bool names_match(std::string_view a, std::string_view b, CaseSensitivity cs) {
    if (cs == CaseSensitivity::Sensitive) {
        return a == b;
    }
    return a.size() == b.size() && lower(a) == lower(b);
}

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

bool same_expr(const Expr& a, const Expr& b) {
    if (&a == &b) {
        return true;
    }
    if (a.node.index() != b.node.index()) {
        return false;
    }
    const bool same_fields = std::visit(
        Overloaded{
            [&](const AttributeReference& x) { return x.id == b.as<AttributeReference>()->id; },
            [&](const NamedLambdaVariable& x) { return x.id == b.as<NamedLambdaVariable>()->id; },
            [&](const Literal& x) {
                const Literal& y = *b.as<Literal>();
                return x.is_null == y.is_null && x.text == y.text && same_type(*x.type, *y.type);
            },
            [&](const Alias& x) { return x.name == b.as<Alias>()->name; },
            [&](const GetStructField& x) { return x.ordinal == b.as<GetStructField>()->ordinal; },
            [&](const GetArrayStructFields& x) {
                return x.ordinal == b.as<GetArrayStructFields>()->ordinal;
            },
            [&](const ElementAt& x) { return x.fail_on_error == b.as<ElementAt>()->fail_on_error; },
            [&](const CreateNamedStruct& x) { return x.names == b.as<CreateNamedStruct>()->names; },
            [&](const LambdaFunction& x) {
                return x.args.size() == b.as<LambdaFunction>()->args.size();
            },
            [&](const HigherOrderFunction& x) { return x.def == b.as<HigherOrderFunction>()->def; },
            [&](const ScalarFunction& x) {
                const ScalarFunction& y = *b.as<ScalarFunction>();
                return x.def == y.def && x.name() == y.name() && x.distinct == y.distinct &&
                       x.filtered == y.filtered;
            },
            [&](const BinaryOp& x) { return x.op == b.as<BinaryOp>()->op; },
            [&](const UnaryOp& x) { return x.op == b.as<UnaryOp>()->op; },
            [&](const CaseWhen& x) {
                const CaseWhen& y = *b.as<CaseWhen>();
                return x.branches.size() == y.branches.size() &&
                       (x.else_value == nullptr) == (y.else_value == nullptr);
            },
            [&](const Cast& x) {
                return x.try_cast == b.as<Cast>()->try_cast &&
                       same_type(*x.target, *b.as<Cast>()->target);
            },
            [](const GetArrayItem&) { return true; },
            [](const GetMapValue&) { return true; },
            [](const MapKeys&) { return true; },
            [](const MapValues&) { return true; },
            [](const IsNull&) { return true; },
            [](const IsNotNull&) { return true; },
            [](const In&) { return true; },
            [](const KnownNotContainsNull&) { return true; }},
        a.node);
    if (!same_fields) {
        return false;
    }
    const ChildPointers ka = child_pointers(a);
    const ChildPointers kb = child_pointers(b);
    if (ka.size() != kb.size()) {
        return false;
    }
    for (std::size_t i = 0; i < ka.size(); ++i) {
        if (!same_expr(*ka[i], *kb[i])) {
            return false;
        }
    }
    return true;
}

} // namespace analyzer_detail

using namespace analyzer_detail;

namespace {

/// Rejects the first sort key that reads a column the select list `items` of a SELECT
/// DISTINCT does not output: Spark cannot add it below the Distinct and leaves the key
/// unresolved (UNRESOLVED_COLUMN.WITH_SUGGESTION, listing the Distinct's output).
[[noreturn]] void reject_sort_over_distinct(const Binder& binder,
                                            const std::vector<SortOrder>& order,
                                            const std::vector<ExprPtr>& items) {
    for (const SortOrder& o : order) {
        std::vector<ExprPtr> used;
        add_columns_used(o.child, binder.columns(), used);
        const std::vector<ExprPtr> lacking = not_output(items, used);
        if (lacking.empty()) {
            continue;
        }
        std::string listed;
        for (const ExprPtr& item : items) {
            const auto* alias = item->as<Alias>();
            const Name& name =
                alias != nullptr ? alias->name : item->as<AttributeReference>()->name;
            listed += (listed.empty() ? "'" : ", '") + name.str() + "'";
        }
        binder.fail(o.child->span,
                    "column '" + lacking.front()->as<AttributeReference>()->name.str() +
                        "' cannot be resolved: ORDER BY over SELECT DISTINCT sees only the "
                        "select list (" +
                        listed + ")");
    }
    throw InternalError("a sort key over DISTINCT lacks no column");
}

/// `analyze` on a statement it may use up (`Statement` not const) or not.
template <class Statement>
BoundStatement bind_statement(Statement& statement, const Catalog& catalog,
                              const std::shared_ptr<const SourceFile>& source,
                              const AnalyzerOptions& options) {
    auto& select = statement.select;
    const ast::Identifier& table_name = select.from.name;
    std::optional<Table> table = catalog.find(table_name.name);
    if (!table) {
        throw_sql_error(source, table_name.span,
                        "unknown table '" + table_name.name + "'" +
                            did_you_mean(table_name.name, catalog.table_names()));
    }
    std::optional<std::string> alias;
    if (select.from.alias) {
        alias = select.from.alias->name;
    }
    Binder binder(*table,
                  options.relations != nullptr
                      ? options.relations->columns(*table, options.case_sensitivity)
                      : bind_columns(*table, options.case_sensitivity),
                  alias, source, options.case_sensitivity);

    // Select items: each a named expression; a bare column stays an AttributeReference.
    std::vector<ExprPtr> items;
    std::vector<OutputRef> outputs;
    bool select_aggregates = false;
    binder.set_clause(Clause::Select, AliasMode::None, nullptr);
    const auto bind_item = [&](const ast::SelectItem& item) {
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
        } else if (ref != nullptr) {
            // Spark: a resolved nested field is `Alias(extractors, nameParts.last)`.
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
        outputs.push_back(OutputRef{items.back(), aggregate});
    };
    for (auto& item : select.items) {
        bind_item(item);
        if constexpr (!std::is_const_v<Statement>) {
            item.expr.reset(); // bound: its slots go to the next item's plan (node_pool.hpp)
        }
    }
    if constexpr (!std::is_const_v<Statement>) {
        std::vector<ast::SelectItem>().swap(select.items);
    }

    ExprPtr where;
    if (select.where) {
        binder.set_clause(Clause::Where, AliasMode::None, nullptr);
        where = binder.require_boolean(binder.bind(*select.where), select.where->span,
                                       "the WHERE condition");
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
                grouping.push_back(out.child());
            }
        }
        if (grouping.empty() &&
            std::any_of(outputs.begin(), outputs.end(), [](const OutputRef& out) {
                return column_outside_aggregate(*out.child());
            })) {
            binder.fail(select.group_by[0]->span,
                        "cannot infer the grouping columns of GROUP BY ALL: every select item "
                        "has an aggregate, and one uses a column outside it; name the grouping "
                        "columns");
        }
        select_aggregates = select_aggregates || grouping.empty();
    }
    for (const ast::ExprPtr& g : group_by_all ? std::span<const ast::ExprPtr>()
                                              : std::span<const ast::ExprPtr>(select.group_by)) {
        if (std::optional<long long> pos = position_literal(*g)) {
            if (*pos < 1 || static_cast<std::size_t>(*pos) > outputs.size()) {
                binder.fail(g->span, "GROUP BY position " + std::to_string(*pos) +
                                         " is not in the select list (valid range is [1, " +
                                         std::to_string(outputs.size()) + "])");
            }
            const OutputRef& out = outputs[static_cast<std::size_t>(*pos - 1)];
            if (out.has_aggregate) {
                binder.fail(g->span, "GROUP BY position " + std::to_string(*pos) +
                                         " refers to an aggregate function");
            }
            grouping.push_back(out.child());
            continue;
        }
        binder.set_clause(Clause::GroupBy, AliasMode::ChildFallback, &outputs);
        grouping.push_back(binder.bind(*g));
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
    for (const ast::OrderItem& o : order_by_all
                                       ? std::span<const ast::OrderItem>()
                                       : std::span<const ast::OrderItem>(select.order_by)) {
        ExprPtr key;
        if (std::optional<long long> pos = position_literal(*o.expr)) {
            if (*pos < 1 || static_cast<std::size_t>(*pos) > outputs.size()) {
                binder.fail(o.expr->span, "ORDER BY position " + std::to_string(*pos) +
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

    // LIMIT n and OFFSET n: a row count, which Spark's CheckAnalysis wants a non-negative
    // integer constant (a literal here).
    const auto row_count = [&](const ast::ExprPtr& count, Clause clause,
                               const char* keyword) -> ExprPtr {
        if (!count) {
            return nullptr;
        }
        binder.set_clause(clause, AliasMode::None, nullptr);
        ExprPtr bound = binder.bind(*count);
        const auto* lit = bound->as<Literal>();
        if (lit == nullptr || lit->is_null || !bound->type->is(AtomicKind::Integer) ||
            lit->text.view().starts_with("-")) {
            binder.fail(count->span,
                        std::string(keyword) + " must be a non-negative integer literal");
        }
        return bound;
    };
    const ExprPtr limit = row_count(select.limit, Clause::Limit, "LIMIT");
    const ExprPtr offset = row_count(select.offset, Clause::Offset, "OFFSET");

    const bool aggregating =
        !grouping.empty() || having || select_aggregates || having_aggregates || order_aggregates;
    if (aggregating) {
        GroupingCheck check(grouping, binder.columns().size());
        auto require_grouped = [&](const ExprPtr& e) {
            if (ExprPtr bad = check.find_ungrouped(e)) {
                binder.fail(bad->span, "expression '" + pretty_sql(*bad, binder.pretty()) +
                                           "' is neither in GROUP BY nor an aggregate");
            }
        };
        for (const OutputRef& out : outputs) {
            require_grouped(out.child());
        }
        if (having) {
            require_grouped(having);
        }
        for (const SortOrder& o : order) {
            require_grouped(o.child);
        }
    }

    // Innermost first: Relation, Filter(WHERE), Project | Aggregate, Filter(HAVING), Distinct,
    // Sort, Offset, Limit (Spark's parser puts the Offset below the Limit: the rows are
    // skipped, then counted); a Project over the HAVING Filter or the Sort restores the select
    // list when they read columns it does not output.
    PlanPtr plan =
        make_plan(Relation{binder.table().name, binder.columns(), binder.stored_schema()});
    if (where) {
        plan = make_plan(Filter{where, plan});
    }
    if (aggregating) {
        plan = make_plan(Aggregate{grouping, items, plan});
    } else {
        plan = make_plan(Project{items, plan});
    }
    // An operator over `plan` that reads the relation columns `used` (HAVING's Filter, the
    // Sort): when the select list does not output some of them, `plan` carries them up (Spark:
    // resolveExprsAndAddMissingAttrs; whole columns added to the Project, grouping columns to
    // the Aggregate) and a Project above the operator restores the select list. Null when
    // `plan` cannot carry them: under a Distinct, or for a column inside a grouping expression
    // (`GROUP BY name.first ORDER BY name.first`, which Spark resolves to the expression; not
    // modeled, the operator then reads it as written).
    const auto over_carried = [&](const std::vector<ExprPtr>& used,
                                  const auto& make_operator) -> PlanPtr {
        const PlanPtr widened = with_columns(plan, used);
        if (!widened || widened == plan) {
            return widened ? make_operator(plan) : nullptr;
        }
        return make_plan(Project{select_list_columns(outputs), make_operator(widened)});
    };
    if (having) {
        std::vector<ExprPtr> used;
        add_columns_used(having, binder.columns(), used);
        const auto filter = [&](const PlanPtr& child) { return make_plan(Filter{having, child}); };
        const PlanPtr placed = over_carried(used, filter);
        plan = placed ? placed : filter(plan);
    }
    if (select.distinct) {
        plan = make_plan(Distinct{plan});
    }
    if (!order.empty()) {
        std::vector<ExprPtr> used;
        for (const SortOrder& o : order) {
            add_columns_used(o.child, binder.columns(), used);
        }
        const auto sort = [&](const PlanPtr& child) { return make_plan(Sort{order, child}); };
        const PlanPtr placed = over_carried(used, sort);
        if (!placed && select.distinct) {
            reject_sort_over_distinct(binder, order, items);
        }
        plan = placed ? placed : sort(plan);
    }
    if (offset) {
        plan = make_plan(Offset{offset, plan});
    }
    if (limit) {
        plan = make_plan(Limit{limit, plan});
    }

    BoundStatement out;
    out.plan = plan;
    out.table = binder.table();
    out.warnings = std::move(binder.warnings());
    out.next_id = binder.next_id();
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
