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
            grouping_.add(g, g);
        }
    }

    // The outermost offending expression (an ungrouped column, or the field chain over it).
    ExprPtr find_ungrouped(const ExprPtr& e) const {
        if (grouping_.find(*e) != nullptr || is_aggregate_call(*e)) {
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
    ExprIndex grouping_;
    std::size_t relation_columns_;
};

} // namespace

bool names_match(std::string_view a, std::string_view b, CaseSensitivity cs) {
    if (cs == CaseSensitivity::Sensitive) {
        return a == b;
    }
    return equal_ignoring_ascii_case(a, b);
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
    return "; '" + std::string(udf->name()) +
           "' is an unknown function, treated as a scalar user-defined function";
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

/// `analyze` on a statement it may use up (`Statement` not const) or not.
template <class Statement>
BoundStatement bind_statement(Statement& statement, const Catalog& catalog,
                              const std::shared_ptr<const SourceFile>& source,
                              const AnalyzerOptions& options) {
    auto& select = statement.select;
    // The catalog's one rule for a table's written name (Catalog::resolve).
    const ast::TableRef& from = select.from;
    std::vector<std::string> parts;
    for (const ast::Identifier& part : from.qualifier) {
        parts.push_back(part.name.str());
    }
    parts.push_back(from.name.name.str());
    std::optional<Table> table = catalog.resolve(parts);
    if (!table) {
        throw_sql_error(source, from.span(),
                        "unknown table '" + from.written_name() + "'" +
                            catalog.unknown_table_hint(parts));
    }
    // What may qualify a column: the alias, or else the table's name as written (Spark:
    // `t.c`, `db.t.c`).
    std::vector<std::string> qualifier;
    if (from.alias) {
        qualifier.push_back(from.alias->name.str());
    } else {
        for (const ast::Identifier& part : from.qualifier) {
            qualifier.push_back(part.name.str());
        }
        qualifier.push_back(from.name.name.str());
    }
    Binder binder(*table,
                  options.relations != nullptr
                      ? options.relations->columns(*table, options.case_sensitivity)
                      : bind_columns(*table, options.case_sensitivity),
                  std::move(qualifier), source, options.case_sensitivity);

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
        outputs.push_back(OutputRef{items.back(), aggregate});
    };
    const std::span<const ast::SelectItem> written_items(select.items);
    for (std::size_t i = 0; i < select.items.size(); ++i) {
        binder.set_later_items(written_items.subspan(i + 1));
        bind_item(select.items[i]);
        if constexpr (!std::is_const_v<Statement>) {
            select.items[i].expr.reset(); // bound: its slots go to the next item's plan
        }
    }
    binder.set_later_items({});
    if constexpr (!std::is_const_v<Statement>) {
        std::vector<ast::SelectItem>().swap(select.items);
    }
    binder.set_lateral_outputs(nullptr);

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
            grouping.push_back(binder.grouping_expression(out));
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
                                           "' is neither in GROUP BY nor an aggregate" +
                                           unknown_function_hint(*e, *bad));
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

    binder.set_clause(Clause::Select, AliasMode::None, nullptr); // `outputs` moves on
    BoundClauses clauses{.items = std::move(items),
                         .outputs = std::move(outputs),
                         .where = where,
                         .aggregating = aggregating,
                         .grouping = std::move(grouping),
                         .having = having,
                         .having_span = select.having ? select.having->span : Span{},
                         .distinct = select.distinct,
                         .order = std::move(order),
                         .offset = offset,
                         .limit = limit};
    BoundStatement out;
    out.plan = stack_operators(binder, clauses);
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
