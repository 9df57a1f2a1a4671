#include "plan/tree.hpp"

#include <stdexcept>
#include <type_traits>

#include "plan/typing.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

// A node kind by reference, const when the node being walked is.
template <class T, bool Const> using Ref = std::conditional_t<Const, const T&, T&>;

// The child slots of each kind, listed once: `children` reads them and `with_children`
// writes them, so the two can never disagree about the order. Reading walks the node in
// place (no copy of its names and lists), which every pass does for every node.
template <class Node, class F> void for_each_slot(Node& node, F&& f) {
    constexpr bool C = std::is_const_v<Node>;
    std::visit(Overloaded{[](Ref<AttributeReference, C>) {},
                          [](Ref<Literal, C>) {},
                          [](Ref<NamedLambdaVariable, C>) {},
                          [&](Ref<Alias, C> n) { f(n.child); },
                          [&](Ref<GetStructField, C> n) { f(n.child); },
                          [&](Ref<GetArrayStructFields, C> n) { f(n.child); },
                          [&](Ref<GetArrayItem, C> n) {
                              f(n.child);
                              f(n.index);
                          },
                          [&](Ref<GetMapValue, C> n) {
                              f(n.child);
                              f(n.key);
                          },
                          [&](Ref<ElementAt, C> n) {
                              f(n.left);
                              f(n.right);
                          },
                          [&](Ref<MapKeys, C> n) { f(n.child); },
                          [&](Ref<MapValues, C> n) { f(n.child); },
                          [&](Ref<CreateNamedStruct, C> n) {
                              for (auto& v : n.values) {
                                  f(v);
                              }
                          },
                          [&](Ref<LambdaFunction, C> n) {
                              f(n.body);
                              for (auto& a : n.args) {
                                  f(a);
                              }
                          },
                          [&](Ref<HigherOrderFunction, C> n) {
                              for (auto& a : n.args) {
                                  f(a);
                              }
                          },
                          [&](Ref<ScalarFunction, C> n) {
                              for (auto& a : n.args) {
                                  f(a);
                              }
                          },
                          [&](Ref<BinaryOp, C> n) {
                              f(n.left);
                              f(n.right);
                          },
                          [&](Ref<UnaryOp, C> n) { f(n.child); },
                          [&](Ref<IsNull, C> n) { f(n.child); },
                          [&](Ref<IsNotNull, C> n) { f(n.child); },
                          [&](Ref<In, C> n) {
                              f(n.value);
                              for (auto& v : n.list) {
                                  f(v);
                              }
                          },
                          [&](Ref<CaseWhen, C> n) {
                              for (auto& [cond, value] : n.branches) {
                                  f(cond);
                                  f(value);
                              }
                              if (n.else_value) {
                                  f(n.else_value);
                              }
                          },
                          [&](Ref<Cast, C> n) { f(n.child); },
                          [&](Ref<KnownNotContainsNull, C> n) { f(n.child); }},
               node);
}

} // namespace

ExprPtr make_expr(Expr::Node node, Span span) {
    Typed typed = derive_type(node);
    return new_expr(Expr{.node = std::move(node),
                         .nullable = typed.nullable,
                         .refs = {},
                         .type = std::move(typed.type),
                         .span = span});
}

ExprChildren children(const Expr& e) {
    ExprChildren out;
    for_each_slot(e.node, [&](const ExprPtr& slot) { out.push_back(slot); });
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
    ExprChildren kids = children(*e);
    for (ExprPtr& kid : kids) {
        kid = transform_up(kid, rule);
    }
    return rule(with_children(e, kids));
}

ExprPtr transform_down(const ExprPtr& e, const Rule& rule) {
    const ExprPtr applied = rule(e);
    ExprChildren kids = children(*applied);
    for (ExprPtr& kid : kids) {
        kid = transform_down(kid, rule);
    }
    return with_children(applied, kids);
}

void visit_down(const ExprPtr& e, const std::function<bool(const ExprPtr&)>& visit) {
    if (!visit(e)) {
        return;
    }
    for (const ExprPtr& kid : children(*e)) {
        visit_down(kid, visit);
    }
}

} // namespace prune
