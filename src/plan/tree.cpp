#include "plan/tree.hpp"

#include <stdexcept>

#include "plan/typing.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

// The child slots of each kind, listed once: `children` reads them and `with_children`
// writes them, so the two can never disagree about the order.
template <class F> void for_each_slot(Expr::Node& node, F&& f) {
    std::visit(Overloaded{[](AttributeReference&) {},
                          [](Literal&) {},
                          [](NamedLambdaVariable&) {},
                          [&](Alias& n) { f(n.child); },
                          [&](GetStructField& n) { f(n.child); },
                          [&](GetArrayStructFields& n) { f(n.child); },
                          [&](GetArrayItem& n) {
                              f(n.child);
                              f(n.index);
                          },
                          [&](GetMapValue& n) {
                              f(n.child);
                              f(n.key);
                          },
                          [&](ElementAt& n) {
                              f(n.left);
                              f(n.right);
                          },
                          [&](MapKeys& n) { f(n.child); },
                          [&](MapValues& n) { f(n.child); },
                          [&](CreateNamedStruct& n) {
                              for (ExprPtr& v : n.values) {
                                  f(v);
                              }
                          },
                          [&](LambdaFunction& n) {
                              f(n.body);
                              for (ExprPtr& a : n.args) {
                                  f(a);
                              }
                          },
                          [&](HigherOrderFunction& n) {
                              for (ExprPtr& a : n.args) {
                                  f(a);
                              }
                          },
                          [&](ScalarFunction& n) {
                              for (ExprPtr& a : n.args) {
                                  f(a);
                              }
                          },
                          [&](BinaryOp& n) {
                              f(n.left);
                              f(n.right);
                          },
                          [&](UnaryOp& n) { f(n.child); },
                          [&](IsNull& n) { f(n.child); },
                          [&](IsNotNull& n) { f(n.child); },
                          [&](In& n) {
                              f(n.value);
                              for (ExprPtr& v : n.list) {
                                  f(v);
                              }
                          },
                          [&](CaseWhen& n) {
                              for (auto& [cond, value] : n.branches) {
                                  f(cond);
                                  f(value);
                              }
                              if (n.else_value) {
                                  f(n.else_value);
                              }
                          },
                          [&](Cast& n) { f(n.child); },
                          [&](KnownNotContainsNull& n) { f(n.child); }},
               node);
}

} // namespace

ExprPtr make_expr(Expr::Node node, Span span) {
    Typed typed = derive_type(node);
    return std::make_shared<const Expr>(
        Expr{std::move(node), std::move(typed.type), typed.nullable, span});
}

std::vector<ExprPtr> children(const Expr& e) {
    std::vector<ExprPtr> out;
    Expr::Node copy = e.node;
    for_each_slot(copy, [&](ExprPtr& slot) { out.push_back(slot); });
    return out;
}

ExprPtr with_children(const ExprPtr& e, const std::vector<ExprPtr>& kids) {
    Expr::Node copy = e->node;
    std::size_t i = 0;
    bool changed = false;
    for_each_slot(copy, [&](ExprPtr& slot) {
        if (i >= kids.size()) {
            throw std::logic_error("with_children: too few children");
        }
        changed = changed || slot != kids[i];
        slot = kids[i++];
    });
    if (i != kids.size()) {
        throw std::logic_error("with_children: too many children");
    }
    if (!changed) {
        return e;
    }
    return make_expr(std::move(copy), e->span);
}

ExprPtr transform_up(const ExprPtr& e, const Rule& rule) {
    std::vector<ExprPtr> kids = children(*e);
    for (ExprPtr& kid : kids) {
        kid = transform_up(kid, rule);
    }
    return rule(with_children(e, kids));
}

ExprPtr transform_down(const ExprPtr& e, const Rule& rule) {
    const ExprPtr applied = rule(e);
    std::vector<ExprPtr> kids = children(*applied);
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
