// CollapseGroupedSumOfCount (SPARK-57043): see count_rollup.hpp.

#include "prune/count_rollup.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "plan/functions.hpp"
#include "plan/tree.hpp"
#include "types/data_type.hpp"

namespace prune {
namespace {

/// `name(x)` of the catalog, without DISTINCT or FILTER, or null.
const ScalarFunction* plain_call(const Expr& e, std::string_view name) {
    const auto* f = e.as<ScalarFunction>();
    if (f == nullptr || f->user_defined() || f->name() != name || f->distinct || f->filtered ||
        f->args.size() != 1) {
        return nullptr;
    }
    return f;
}

/// count(1) (Spark's count(*)): a count of a literal that is never null.
bool is_count_of_rows(const Expr& e) {
    const ScalarFunction* count = plain_call(e, "count");
    const auto* one = count == nullptr ? nullptr : count->args[0]->as<Literal>();
    return one != nullptr && !one->is_null;
}

bool deterministic(const ExprPtr& e) {
    bool yes = true;
    visit_down(e, [&](const ExprPtr& node) {
        if (const auto* f = node->as<ScalarFunction>(); f != nullptr && !f->def->deterministic) {
            yes = false;
        }
        yes = yes && !node->is<SubqueryExpression>();
        return yes;
    });
    return yes;
}

/// The upper Aggregate over the lower one's input, or null when the rule does not apply.
PlanPtr collapse(const Aggregate& upper) {
    const auto* lower = upper.child->as<Aggregate>();
    if (lower == nullptr || lower->grouping.empty()) {
        return nullptr;
    }
    for (const ExprPtr& key : lower->grouping) {
        if (!deterministic(key)) {
            return nullptr;
        }
    }
    // The lower Aggregate's outputs: its keys (the expression each stands for) and its counts.
    std::unordered_map<ExprId, ExprPtr> key_of;
    std::unordered_set<ExprId> counts;
    for (const ExprPtr& item : lower->aggregates) {
        const auto* alias = item->as<Alias>();
        const ExprPtr& value = alias != nullptr ? alias->child : item;
        const ExprId id = alias != nullptr ? alias->id
                          : item->as<AttributeReference>() != nullptr
                              ? item->as<AttributeReference>()->id
                              : ExprId{0};
        if (alias != nullptr && is_count_of_rows(*value)) {
            counts.insert(id);
            continue;
        }
        for (const ExprPtr& key : lower->grouping) {
            if (same_expr(*key, *value)) {
                key_of.emplace(id, key);
                break;
            }
        }
    }
    const auto key = [&](const Expr& e) -> const ExprPtr* {
        const auto* a = e.as<AttributeReference>();
        const auto found = a == nullptr ? key_of.end() : key_of.find(a->id);
        return found == key_of.end() ? nullptr : &found->second;
    };
    Aggregate out{{}, {}, lower->child};
    std::unordered_set<ExprId> retained;
    for (const ExprPtr& g : upper.grouping) {
        const ExprPtr* k = key(*g);
        if (k == nullptr) {
            return nullptr;
        }
        retained.insert(g->as<AttributeReference>()->id);
        out.grouping.push_back(*k);
    }
    const auto retained_key = [&](const Expr& e) -> const ExprPtr* {
        const auto* a = e.as<AttributeReference>();
        return a != nullptr && retained.contains(a->id) ? key(e) : nullptr;
    };
    bool summed = false;
    for (const ExprPtr& item : upper.aggregates) {
        if (const auto* a = item->as<AttributeReference>()) {
            const ExprPtr* k = retained_key(*item);
            if (k == nullptr) {
                return nullptr;
            }
            out.aggregates.push_back((*k)->as<AttributeReference>() != nullptr
                                         ? *k
                                         : make_expr(Alias{*k, a->name, a->id}, item->span));
            continue;
        }
        const auto* alias = item->as<Alias>();
        if (alias == nullptr) {
            return nullptr;
        }
        const Expr& value = *alias->child;
        if (const ScalarFunction* sum = plain_call(value, "sum")) {
            const auto* cnt = sum->args[0]->as<AttributeReference>();
            if (cnt == nullptr || !counts.contains(cnt->id)) {
                return nullptr;
            }
            summed = true;
            ExprPtr one = make_expr(Literal{int_type(), "1", false}, sum->args[0]->span);
            ExprPtr rows = make_expr(ScalarFunction{sum->def, {one}, false, false}, value.span);
            out.aggregates.push_back(make_expr(Alias{rows, alias->name, alias->id}, item->span));
            continue;
        }
        const ScalarFunction* extreme = plain_call(value, "max");
        extreme = extreme != nullptr ? extreme : plain_call(value, "min");
        const ExprPtr* k = extreme == nullptr ? nullptr : retained_key(*extreme->args[0]);
        if (k == nullptr) {
            return nullptr;
        }
        ExprPtr over_key = make_expr(ScalarFunction{extreme->def, {*k}, false, false}, value.span);
        out.aggregates.push_back(make_expr(Alias{over_key, alias->name, alias->id}, item->span));
    }
    return summed ? make_plan(std::move(out)) : nullptr;
}

} // namespace

std::unordered_set<const Expr*> summed_count_keys(const Plan& plan) {
    std::unordered_set<const Expr*> keys;
    for_each_plan(plan, [&](const Plan& root) {
        for_each_operator(root, [&](const Plan& op) {
            const auto* upper = op.as<Aggregate>();
            const PlanPtr collapsed = upper == nullptr ? nullptr : collapse(*upper);
            if (collapsed == nullptr) {
                return;
            }
            // The collapsed grouping holds the lower keys it keeps, the same nodes.
            const std::vector<ExprPtr>& kept = collapsed->as<Aggregate>()->grouping;
            for (const ExprPtr& key : upper->child->as<Aggregate>()->grouping) {
                if (std::find(kept.begin(), kept.end(), key) == kept.end()) {
                    keys.insert(key.get());
                }
            }
        });
    });
    return keys;
}

PlanPtr collapse_grouped_sum_of_count(const PlanPtr& plan) {
    std::vector<PlanPtr> inputs = plan_children(*plan);
    bool changed = false;
    for (PlanPtr& input : inputs) {
        PlanPtr mapped = collapse_grouped_sum_of_count(input);
        changed = changed || mapped != input;
        input = std::move(mapped);
    }
    PlanPtr out = changed ? with_plan_children(*plan, std::move(inputs)) : plan;
    // The plans of its subquery expressions.
    if (out->as<Relation>() == nullptr) {
        std::vector<ExprPtr> exprs = plan_expressions(*out);
        bool mapped_any = false;
        for (ExprPtr& e : exprs) {
            if (e->subqueries) {
                ExprPtr mapped = map_subquery_plans(e, collapse_grouped_sum_of_count);
                mapped_any = mapped_any || mapped != e;
                e = std::move(mapped);
            }
        }
        if (mapped_any) {
            out = with_plan_expressions(*out, exprs);
        }
    }
    if (const auto* aggregate = out->as<Aggregate>()) {
        if (PlanPtr collapsed = collapse(*aggregate)) {
            return collapsed;
        }
    }
    return out;
}

} // namespace prune
