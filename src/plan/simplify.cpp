// The Spark rewrites that run before schema pruning and change what is read.
//
// SimplifyExtractValueOps (Spark: optimizer/ComplexTypes.scala), extraction from constructors:
//
//     named_struct('a', x.p, 'b', x.q).b        -> x.q
//     array(s1, s2).f                           -> array(s1.f, s2.f)
//     array(e0, e1)[1]                          -> e1
//     map(k1, v1, k2, v2)[key]                  -> CASE WHEN key = k1 THEN v1 WHEN key = k2 THEN v2
//     END
//
// OptimizeCsvJsonExprs (Spark: optimizer/OptimizeCsvJsonExprs.scala), a field of from_json's
// struct parses only that field:
//
//     from_json(js, 'a INT, b STRING').b        -> from_json(js, 'b STRING').b
//     from_json(js, 'ARRAY<STRUCT<a: INT, b: INT>>').b -> from_json(js, 'ARRAY<STRUCT<b: INT>>').b
//
// (only without options; from_csv's requiredSchema is not modelled: docs/RULES.md).
//
// ReplaceExpressions (the RuntimeReplaceable functions' replacements):
//
//     try_element_at(a, i)  -> ElementAt(a, i) that returns null when out of range
//     array_size(a)         -> size(a)
//     nvl(a, b), ifnull(a, b) -> coalesce(a, b)
//     ts - i (DatetimeSub)  -> its replacement, the last argument (FunctionDef::
//                              replaced_by_last): ts + -i (TimeAdd and the like);
//     extract(YEAR FROM d)  -> year(d), and date_part likewise
//     to_date(x)            -> CAST(x AS DATE) (with a format it stays: its replacement,
//                              GetTimestamp, is not modelled)
//     a ILIKE p             -> lower(a) LIKE lower(p)
//     array_compact(a)      -> knownnotcontainsnull(filter(a, lambdafunction(isnotnull(lambda
//     arg#N),
//                                                                            lambda arg#N)))
//
// One difference from Spark, for soundness: `array(...)[i]` with a constant index out of range
// is left alone (Spark folds it to NULL, but under ANSI mode the unsimplified plan raises an
// error, and the rewritten plan must agree with the original one).

#include <string>

#include "plan/functions.hpp"
#include "plan/higher_order.hpp"
#include "plan/simplify.hpp"
#include "plan/tree.hpp"
#include "plan/typing.hpp"

namespace prune {
namespace {

const ScalarFunction* call_named(const Expr& e, std::string_view name) {
    const auto* f = e.as<ScalarFunction>();
    if (f == nullptr || f->user_defined() || f->name() != name) {
        return nullptr;
    }
    return f;
}

ExprPtr call(std::string_view name, std::vector<ExprPtr> args, Span span) {
    const FunctionDef& def = catalog_function(name);
    return make_expr(ScalarFunction{&def, std::move(args), false}, span);
}

// Spark: CaseKeyWhen(key, map's keys and values) — the first matching key's value.
ExprPtr map_lookup_as_case(const ExprPtr& e, const ExprPtr& key, const ScalarFunction& map) {
    if (map.args.empty() || map.args.size() % 2 != 0) {
        return e;
    }
    std::vector<TypePtr> value_types;
    for (std::size_t i = 1; i < map.args.size(); i += 2) {
        value_types.push_back(map.args[i]->type);
    }
    std::optional<TypePtr> common = wider_common_type(value_types);
    if (!common) {
        return e;
    }
    std::vector<std::pair<ExprPtr, ExprPtr>> branches;
    for (std::size_t i = 0; i < map.args.size(); i += 2) {
        BinaryCoercion eq = coerce_binary(BinaryOpKind::EqualTo, key, map.args[i]);
        if (!eq.error.empty()) {
            return e;
        }
        branches.emplace_back(
            make_expr(BinaryOp{BinaryOpKind::EqualTo, eq.left, eq.right}, e->span),
            cast_to(map.args[i + 1], *common));
    }
    return make_expr(CaseWhen{std::move(branches), nullptr}, e->span);
}

/// OptimizeCsvJsonExprs: `from_json` without options whose struct (or array of structs) of
/// several fields is read for field `ordinal` only, parsing that one field; null otherwise.
/// The narrowed schema is the call's schema literal, as DDL.
ExprPtr from_json_of_field(const Expr& child, std::size_t ordinal) {
    const ScalarFunction* f = call_named(child, "from_json");
    if (f == nullptr || f->args.size() != 2) {
        return nullptr;
    }
    const ArrayType* array = child.type->array();
    const StructType* s =
        array != nullptr ? array->element->struct_type() : child.type->struct_type();
    if (s == nullptr || s->size() < 2 || ordinal >= s->size()) {
        return nullptr;
    }
    TypePtr narrowed = make_struct({(*s)[ordinal]});
    if (array != nullptr) {
        narrowed = make_array(std::move(narrowed), array->contains_null);
    }
    ExprPtr schema =
        make_expr(Literal{string_type(), Name(to_ddl(*narrowed)), false}, f->args[1]->span);
    return make_expr(ScalarFunction{f->def, {f->args[0], std::move(schema)}, false}, child.span);
}

ExprPtr simplify_node(const ExprPtr& e, ExprId& next_id) {
    // SimplifyExtractValueOps, and OptimizeCsvJsonExprs' field of from_json.
    if (const auto* g = e->as<GetStructField>()) {
        if (const auto* s = g->child->as<CreateNamedStruct>();
            s != nullptr && g->ordinal < s->values.size()) {
            return s->values[g->ordinal];
        }
        if (ExprPtr parsed = from_json_of_field(*g->child, g->ordinal)) {
            return make_expr(GetStructField{std::move(parsed), 0, g->name_as_written}, e->span);
        }
        return e;
    }
    if (const auto* g = e->as<GetArrayStructFields>()) {
        if (ExprPtr parsed = from_json_of_field(*g->child, g->ordinal)) {
            return make_expr(
                GetArrayStructFields{std::move(parsed), g->name_as_written, 0, g->contains_null},
                e->span);
        }
        if (const ScalarFunction* array = call_named(*g->child, "array")) {
            std::vector<ExprPtr> fields;
            for (const ExprPtr& element : array->args) {
                fields.push_back(
                    make_expr(GetStructField{element, g->ordinal, g->name_as_written}, e->span));
            }
            return call("array", std::move(fields), e->span);
        }
        return e;
    }
    if (const auto* g = e->as<GetArrayItem>()) {
        const ScalarFunction* array = call_named(*g->child, "array");
        const auto* index = g->index->as<Literal>();
        if (array != nullptr && index != nullptr && !index->is_null &&
            g->index->type->is(AtomicKind::Integer)) {
            const long long i = std::stoll(index->text.str());
            if (i >= 0 && static_cast<std::size_t>(i) < array->args.size()) {
                return array->args[static_cast<std::size_t>(i)];
            }
        }
        return e;
    }
    if (const auto* g = e->as<GetMapValue>()) {
        if (const ScalarFunction* map = call_named(*g->child, "map")) {
            return map_lookup_as_case(e, g->key, *map);
        }
        return e;
    }

    // ReplaceExpressions.
    const auto* f = e->as<ScalarFunction>();
    if (f == nullptr || f->user_defined()) {
        return e;
    }
    if (f->name() == "try_element_at" && f->args.size() == 2) {
        return make_expr(ElementAt{f->args[0], f->args[1], false}, e->span);
    }
    if (f->name() == "array_size") {
        return call("size", f->args.to_vector(), e->span);
    }
    if (f->def->replaced_by_last && !f->args.empty()) {
        return f->args.back(); // `ts - i` is ts + (-i), extract(YEAR FROM d) is year(d)
    }
    if (f->name() == "to_date" && f->args.size() == 1) {
        // to_date(x) is CAST(x AS DATE); of a date, the date (Spark's SimplifyCasts).
        const ExprPtr& x = f->args[0];
        return x->type->is(AtomicKind::Date) ? x : cast_to(x, e->type);
    }
    if (f->name() == "nvl" || f->name() == "ifnull") {
        return call("coalesce", f->args.to_vector(), e->span);
    }
    if (f->name() == "ilike" && f->args.size() >= 2) {
        // Spark: ILike.replacement, Like(Lower(left), Lower(right), escapeChar).
        std::vector<ExprPtr> args = f->args.to_vector();
        args[0] = call("lower", {args[0]}, args[0]->span);
        args[1] = call("lower", {args[1]}, args[1]->span);
        return call("like", std::move(args), e->span);
    }
    if (f->name() == "array_compact" && f->args.size() == 1 && f->args[0]->type->array()) {
        // Spark: ArrayCompact.replacement, with the lambda variable named `arg`.
        const ExprPtr& input = f->args[0];
        ExprPtr var =
            make_expr(NamedLambdaVariable{"arg", input->type->array()->element, true, next_id++});
        ExprPtr lambda = make_expr(LambdaFunction{make_expr(IsNotNull{var}), {var}});
        ExprPtr filter =
            make_expr(HigherOrderFunction{&hof(HofKind::Filter), {input, lambda}}, e->span);
        return make_expr(KnownNotContainsNull{filter}, e->span);
    }
    return e;
}

} // namespace

PlanPtr simplify(const PlanPtr& plan, ExprId& next_id) {
    // Operators top-down (the order they print in), expressions children first: a
    // deterministic order for the ids array_compact's variables take.
    return map_plan_expressions(plan, [&](const ExprPtr& e) {
        return transform_up(e, [&](const ExprPtr& node) { return simplify_node(node, next_id); });
    });
}

} // namespace prune
