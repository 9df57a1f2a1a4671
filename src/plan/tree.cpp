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

} // namespace prune
