// PIVOT and UNPIVOT over a FROM item, as Spark's analyzer plans them.
//
//     FROM sales UNPIVOT (amount FOR quarter IN (q1, q2 AS second))
//       Filter isnotnull(coalesce(amount))                    (EXCLUDE NULLS, the default)
//       +- Expand [[id, q1, q1], [id, second, q2]], [id, quarter, amount]
//          +- Relation sales[id, q1, q2]
//
//     FROM sales PIVOT (sum(amount) FOR quarter IN ('q1', 'q2'))
//       Aggregate [id], [id, sum(if ((quarter <=> q1)) amount else null) AS q1, ...]
//          +- Relation sales[id, quarter, amount]
//
// UNPIVOT reuses the Expand of grouping sets; PIVOT is an Aggregate. Neither is a new operator
// for the later passes.

#include <algorithm>
#include <string>
#include <unordered_set>
#include <vector>

#include "plan/analyzer_internal.hpp"
#include "plan/tree.hpp"
#include "plan/typing.hpp"

namespace prune::analyzer_detail {
namespace {

/// The ids of the columns `e` reads.
void columns_read(const ExprPtr& e, std::unordered_set<ExprId>& out) {
    visit_down(e, [&](const ExprPtr& node) {
        if (const auto* a = node->as<AttributeReference>()) {
            out.insert(a->id);
        }
        return true;
    });
}

/// The output scope of an operator over `scope`'s columns: the columns it passes on keep how
/// they are named (their qualifiers), the new ones are named by their own name alone. With an
/// alias, every column takes it as its qualifier instead.
Scope scope_over(const Scope& scope, const std::vector<ExprPtr>& output,
                 const std::optional<ast::Identifier>& alias, std::string description) {
    Scope out;
    out.output = output;
    out.description = std::move(description);
    const Qualifier aliased =
        alias ? Qualifier(std::vector<std::string>{alias->name.str()}) : Qualifier();
    for (const ExprPtr& column : output) {
        const ExprId id = column->as<AttributeReference>()->id;
        const auto kept =
            std::find_if(scope.columns.begin(), scope.columns.end(), [&](const ScopeColumn& c) {
                return c.attribute->as<AttributeReference>()->id == id;
            });
        if (alias || kept == scope.columns.end()) {
            out.columns.push_back(ScopeColumn{column, aliased, true, true});
        } else {
            out.columns.push_back(*kept);
        }
    }
    return out;
}

ExprPtr column_of(const Name& name, const TypePtr& type, bool nullable, Binder& binder, Span span) {
    return make_expr(AttributeReference{name, type, binder.fresh_id(), nullable, false}, span);
}

/// The name an UNPIVOT column gives its set without an alias (Spark: the expression's name):
/// a column's, or the last field of a field chain.
std::string value_name(const ExprPtr& e) {
    if (const auto* a = e->as<AttributeReference>()) {
        return a->name.str();
    }
    if (const auto* f = e->as<GetStructField>()) {
        return f->child->type->struct_type()->fields()[f->ordinal].name;
    }
    return "";
}

/// A PIVOT value as its output column names it: the value cast to a string, as Spark's
/// outputName evaluates it (`{1, a}` for a row).
std::string pivot_value_name(const ExprPtr& e, const PrettyContext& pretty) {
    const ExprPtr* at = &e;
    while (const auto* cast = (*at)->as<Cast>()) {
        at = &cast->child;
    }
    if (const auto* lit = (*at)->as<Literal>()) {
        return lit->is_null ? "null" : lit->text.str();
    }
    if (const auto* row = (*at)->as<CreateNamedStruct>()) {
        std::string out = "{";
        for (std::size_t i = 0; i < row->values.size(); ++i) {
            out += (i > 0 ? ", " : "") + pivot_value_name(row->values[i], pretty);
        }
        return out + "}";
    }
    return pretty_sql(**at, pretty);
}

} // namespace

std::pair<PlanPtr, Scope> bind_unpivot(BindContext& ctx, const ast::UnpivotRef& ref, PlanPtr child,
                                       Scope scope) {
    Binder binder(ctx, scope);
    const std::size_t width = ref.value_columns.size();
    // Each set's columns, bound: a column or a field chain, one per value column.
    std::vector<std::vector<ExprPtr>> sets;
    std::vector<std::string> names;
    for (const ast::PivotRef::Named& set : ref.sets) {
        std::vector<const ast::Expr*> parts;
        const auto* row = std::get_if<ast::Call>(&set.expr->node);
        if (width > 1 || (ref.multi && row != nullptr && row->row)) {
            if (row == nullptr || !row->row || row->args.size() != width) {
                binder.fail(set.expr->span,
                            "[UNPIVOT_VALUE_SIZE_MISMATCH] every UNPIVOT set must have as many "
                            "columns as there are value columns (" +
                                std::to_string(width) + ")");
            }
            for (const ast::ExprPtr& arg : row->args) {
                parts.push_back(arg.get());
            }
        } else {
            parts.push_back(set.expr.get());
        }
        std::vector<ExprPtr> bound;
        std::string name;
        for (const ast::Expr* part : parts) {
            if (!std::holds_alternative<ast::NameRef>(part->node)) {
                binder.fail(part->span, "expected a column name in UNPIVOT's IN list, found '" +
                                            binder.written(part->span) + "'");
            }
            bound.push_back(binder.bind(*part));
            const std::string part_name = value_name(bound.back());
            name += (name.empty() ? "" : "_") + part_name;
        }
        names.push_back(set.alias ? set.alias->name.str() : name);
        sets.push_back(std::move(bound));
    }

    // Spark's UnpivotCoercion: each value column takes the wider type of its sets' columns.
    std::vector<TypePtr> types;
    std::vector<bool> nullable(width, false);
    for (std::size_t j = 0; j < width; ++j) {
        std::vector<TypePtr> candidates;
        for (std::size_t k = 0; k < sets.size(); ++k) {
            candidates.push_back(sets[k][j]->type);
            nullable[j] = nullable[j] || sets[k][j]->nullable;
        }
        const std::optional<TypePtr> wider = wider_common_type_without_string_promotion(candidates);
        if (!wider) {
            std::string listed;
            for (const TypePtr& t : candidates) {
                listed += (listed.empty() ? "" : ", ") + catalog_string(*t);
            }
            binder.fail(ref.keyword, "[UNPIVOT_VALUE_DATA_TYPE_MISMATCH] unpivot value columns "
                                     "must share a least common type, some types do not: " +
                                         listed);
        }
        types.push_back(*wider);
    }

    // The columns the sets do not read as a whole are carried along: Spark's ids.
    std::unordered_set<ExprId> unpivoted;
    for (const std::vector<ExprPtr>& set : sets) {
        for (const ExprPtr& e : set) {
            if (const auto* a = e->as<AttributeReference>()) {
                unpivoted.insert(a->id);
            }
        }
    }
    std::vector<ExprPtr> ids;
    for (const ExprPtr& column : binder.columns()) {
        if (!unpivoted.contains(column->as<AttributeReference>()->id)) {
            ids.push_back(column);
        }
    }

    Expand expand;
    expand.output = ids;
    expand.output.push_back(
        column_of(ref.name_column.name, string_type(), false, binder, ref.name_column.span));
    std::vector<ExprPtr> values;
    for (std::size_t j = 0; j < width; ++j) {
        values.push_back(column_of(ref.value_columns[j].name, types[j], nullable[j], binder,
                                   ref.value_columns[j].span));
    }
    expand.output.insert(expand.output.end(), values.begin(), values.end());
    for (std::size_t k = 0; k < sets.size(); ++k) {
        std::vector<ExprPtr> row = ids;
        row.push_back(make_expr(Literal{string_type(), Name(names[k]), false}));
        for (std::size_t j = 0; j < width; ++j) {
            row.push_back(cast_to(sets[k][j], types[j]));
        }
        expand.projections.push_back(std::move(row));
    }
    const std::vector<ExprPtr> output = expand.output;
    expand.child = std::move(child);
    PlanPtr plan = make_plan(std::move(expand));
    if (!ref.include_nulls) {
        // EXCLUDE NULLS (the default): Spark's parser filters the rows whose values are all null.
        // coalesce over value columns of different types reads them in their common type.
        std::vector<TypePtr> value_types;
        for (const ExprPtr& value : values) {
            value_types.push_back(value->type);
        }
        const std::optional<TypePtr> common = wider_common_type(value_types);
        if (!common) {
            binder.fail(ref.keyword, "[DATATYPE_MISMATCH.DATA_DIFF_TYPES] UNPIVOT's value columns "
                                     "have no common type, which EXCLUDE NULLS' coalesce needs "
                                     "(write INCLUDE NULLS)");
        }
        std::vector<ExprPtr> coalesced;
        for (const ExprPtr& value : values) {
            coalesced.push_back(cast_to(value, *common));
        }
        ExprPtr any = make_expr(
            ScalarFunction{&catalog_function("coalesce"), ExprList(std::move(coalesced)), false});
        plan = make_plan(Filter{make_expr(IsNotNull{any}), std::move(plan)});
    }
    return {plan, scope_over(binder.scope(), output, ref.alias, "the UNPIVOT")};
}

std::pair<PlanPtr, Scope> bind_pivot(BindContext& ctx, const ast::PivotRef& ref, PlanPtr child,
                                     Scope scope) {
    Binder binder(ctx, scope);
    // The pivot column, or a struct of the columns.
    std::vector<ExprPtr> pivot_columns;
    for (const ast::Identifier& name : ref.columns) {
        ast::Expr column{ast::NameRef{ast::Identifiers{name}}, name.span};
        pivot_columns.push_back(binder.bind(column));
    }
    ExprPtr pivot = pivot_columns.front();
    if (pivot_columns.size() > 1) {
        std::vector<Name> field_names;
        for (const ExprPtr& column : pivot_columns) {
            field_names.push_back(column->as<AttributeReference>()->name);
        }
        pivot = make_expr(CreateNamedStruct{std::move(field_names),
                                            ExprList(std::span<const ExprPtr>(pivot_columns))},
                          ref.keyword);
    }

    // The values: constants, in the pivot column's type.
    std::vector<ExprPtr> values;
    std::vector<std::string> value_names;
    for (const ast::PivotRef::Named& value : ref.values) {
        ExprPtr bound = binder.bind(*value.expr);
        if (!expr_foldable(*bound)) {
            binder.fail(value.expr->span,
                        "[NON_LITERAL_PIVOT_VALUES] literal expressions required for pivot "
                        "values, found '" +
                            binder.written(value.expr->span) + "'");
        }
        if (!can_cast(*bound->type, *pivot->type)) {
            binder.fail(value.expr->span, "[PIVOT_VALUE_DATA_TYPE_MISMATCH] invalid pivot value '" +
                                              binder.written(value.expr->span) +
                                              "': value data type " + catalog_string(*bound->type) +
                                              " does not match pivot column data type " +
                                              catalog_string(*pivot->type));
        }
        values.push_back(cast_to(bound, pivot->type));
        value_names.push_back(value.alias ? value.alias->name.str()
                                          : pivot_value_name(values.back(), binder.pretty()));
    }

    // The aggregates, each of which must aggregate.
    std::vector<ExprPtr> aggregates;
    std::vector<std::string> aggregate_names;
    std::unordered_set<ExprId> read;
    for (const ExprPtr& column : pivot_columns) {
        columns_read(column, read);
    }
    for (const ast::PivotRef::Named& aggregate : ref.aggregates) {
        binder.reset_saw_aggregate();
        ExprPtr bound = binder.bind(*aggregate.expr);
        if (!binder.saw_aggregate() || column_outside_aggregate(*bound)) {
            binder.fail(aggregate.expr->span, "aggregate expression required for pivot, but '" +
                                                  binder.written(aggregate.expr->span) +
                                                  "' did not appear in any aggregate function");
        }
        columns_read(bound, read);
        aggregate_names.push_back(aggregate.alias ? aggregate.alias->name.str()
                                                  : pretty_sql(*bound, binder.pretty()));
        aggregates.push_back(std::move(bound));
    }

    // Grouped by every other column of the input (Spark's groupByExprs).
    std::vector<ExprPtr> grouping;
    for (const ExprPtr& column : binder.columns()) {
        if (!read.contains(column->as<AttributeReference>()->id)) {
            grouping.push_back(column);
        }
    }
    std::vector<ExprPtr> list = grouping;
    std::vector<ExprPtr> output = grouping;
    for (std::size_t v = 0; v < values.size(); ++v) {
        const ExprPtr matches =
            make_expr(BinaryOp{BinaryOpKind::EqualNullSafe, pivot, values[v]}, ref.keyword);
        // Each aggregate function reads its arguments where the pivot column has this value
        // (first and last skip the nulls that makes), as Spark's ResolvePivot rewrites it.
        const auto per_value = [&](const ExprPtr& node) -> ExprPtr {
            if (!is_aggregate_call(*node)) {
                return node;
            }
            const auto& f = *node->as<ScalarFunction>();
            const std::span<const ExprPtr> inputs = f.inputs();
            const std::string_view name = f.name();
            const bool first_or_last =
                name == "first" || name == "last" || name == "first_value" || name == "last_value";
            std::vector<ExprPtr> args;
            for (std::size_t i = 0; i < inputs.size(); ++i) {
                if (first_or_last && i == 1) {
                    break; // ignoreNulls, set below
                }
                args.push_back(
                    make_expr(ScalarFunction{&catalog_function("if"),
                                             {matches, inputs[i],
                                              make_expr(Literal{inputs[i]->type, "null", true})},
                                             false},
                              inputs[i]->span));
            }
            if (first_or_last) {
                args.push_back(make_expr(Literal{boolean_type(), "true", false}));
            }
            if (f.filter() != nullptr) {
                args.push_back(f.args.back()); // FILTER (WHERE ...) stays as it is
            }
            ScalarFunction filtered{f.def, std::move(args), f.distinct, f.filtered, f.within_group};
            return make_expr(std::move(filtered), node->span);
        };
        for (std::size_t a = 0; a < aggregates.size(); ++a) {
            const std::string name =
                aggregates.size() == 1 ? value_names[v] : value_names[v] + "_" + aggregate_names[a];
            const ExprId id = binder.fresh_id();
            ExprPtr rewritten = transform_down(aggregates[a], per_value);
            output.push_back(make_expr(
                AttributeReference{Name(name), rewritten->type, id, rewritten->nullable, false},
                ref.aggregates[a].expr->span));
            list.push_back(make_expr(Alias{std::move(rewritten), Name(name), id},
                                     ref.aggregates[a].expr->span));
        }
    }
    PlanPtr plan = make_plan(Aggregate{std::move(grouping), std::move(list), std::move(child)});
    return {plan, scope_over(binder.scope(), output, std::nullopt, "the PIVOT")};
}

} // namespace prune::analyzer_detail
