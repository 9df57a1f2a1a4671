#include "plan/tree.hpp"

#include <stdexcept>

#include "plan/typing.hpp"

namespace prune {

using tree_detail::for_each_slot;

ExprPtr make_expr(Expr::Node node, Span span) {
    Typed typed = derive_type(node);
    bool subqueries = std::holds_alternative<SubqueryExpression>(node);
    for_each_slot(node,
                  [&](const ExprPtr& child) { subqueries = subqueries || child->subqueries; });
    // Built in its slot: a temporary node would move (and destroy) the variant once more.
    return ExprPtr::adopt(new Expr{.node = std::move(node),
                                   .nullable = typed.nullable,
                                   .subqueries = subqueries,
                                   .refs = {},
                                   .type = std::move(typed.type),
                                   .span = span});
}

ExprChildren children(const Expr& e) {
    ExprChildren out;
    for_each_slot(e.node, [&](const ExprPtr& slot) { out.push_back(slot); });
    return out;
}

ChildPointers child_pointers(const Expr& e) {
    ChildPointers out;
    for_each_slot(e.node, [&](const ExprPtr& slot) { out.push_back(slot.get()); });
    return out;
}

ExprPtr with_children(const ExprPtr& e, std::span<const ExprPtr> kids) {
    // Compare first: most rebuilds change nothing, and then the node is not copied at all.
    std::size_t slots = 0;
    bool changed = false;
    for_each_slot(e->node, [&](const ExprPtr& slot) {
        changed = changed || (slots < kids.size() && slot != kids[slots]);
        ++slots;
    });
    if (slots > kids.size()) {
        throw std::logic_error("with_children: too few children");
    }
    if (slots != kids.size()) {
        throw std::logic_error("with_children: too many children");
    }
    if (!changed) {
        return e;
    }
    Expr::Node copy = e->node;
    std::size_t i = 0;
    for_each_slot(copy, [&](ExprPtr& slot) { slot = kids[i++]; });
    return make_expr(std::move(copy), e->span);
}

ExprPtr transform_up(const ExprPtr& e, const Rule& rule) {
    std::optional<ExprChildren> kids =
        mapped_children(*e, [&](const ExprPtr& kid) { return transform_up(kid, rule); });
    return rule(kids ? with_children(e, *kids) : e);
}

ExprPtr transform_down(const ExprPtr& e, const Rule& rule) {
    const ExprPtr applied = rule(e);
    std::optional<ExprChildren> kids =
        mapped_children(*applied, [&](const ExprPtr& kid) { return transform_down(kid, rule); });
    return kids ? with_children(applied, *kids) : applied;
}

void visit_down(const ExprPtr& e, const std::function<bool(const ExprPtr&)>& visit) {
    if (!visit(e)) {
        return;
    }
    for_each_child(*e, [&](const ExprPtr& kid) { visit_down(kid, visit); });
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
            [&](const AttributeReference& x) {
                return x.id == b.as<AttributeReference>()->id &&
                       x.outer == b.as<AttributeReference>()->outer;
            },
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
                       x.filtered == y.filtered && x.within_group == y.within_group;
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
            [](const KnownNotContainsNull&) { return true; },
            [&](const SubqueryExpression& x) {
                const SubqueryExpression& y = *b.as<SubqueryExpression>();
                return x.kind == y.kind && x.query == y.query;
            }},
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

} // namespace prune
