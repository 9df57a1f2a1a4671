#pragma once
/// Generic traversal of bound expressions, as Catalyst's TreeNode: a rule returns its input
/// when it does not apply, and parents are rebuilt only when a child changed, so untouched
/// subtrees stay shared.

#include <array>
#include <functional>
#include <iterator>
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include "plan/expr.hpp"
#include "util/overloaded.hpp"

namespace prune {

/// The children of one node, as owning handles (`ExprChildren`, for passes that rebuild)
/// or as plain pointers (`ChildPointers`, for walks that only read: no reference count is
/// touched, so a read-only walk writes nothing to the nodes it visits). Up to four are held
/// in place (every kind but functions, IN lists, CASE and struct constructors has at most
/// two), more on the heap: every pass asks for the children of every node, so a walk costs
/// no allocation per node (issue 10: a vector here made a quarter of all allocations).
template <class T> class BasicChildren {
  public:
    /// Appends a child.
    void push_back(T e) {
        if (size_ < kInline) {
            inline_[size_] = std::move(e);
        } else {
            if (size_ == kInline) {
                heap_.assign(std::make_move_iterator(inline_.begin()),
                             std::make_move_iterator(inline_.end()));
            }
            heap_.push_back(std::move(e));
        }
        ++size_;
    }
    /// Drops every child.
    void clear() {
        inline_ = {};
        heap_.clear();
        size_ = 0;
    }
    /// The number of children.
    std::size_t size() const { return size_; }
    /// Whether there are none.
    bool empty() const { return size_ == 0; }
    /// The first child.
    T* begin() { return size_ <= kInline ? inline_.data() : heap_.data(); }
    /// One past the last child.
    T* end() { return begin() + size_; }
    /// The first child.
    const T* begin() const { return size_ <= kInline ? inline_.data() : heap_.data(); }
    /// One past the last child.
    const T* end() const { return begin() + size_; }
    /// Child `i` (unchecked).
    T& operator[](std::size_t i) { return begin()[i]; }
    /// Child `i` (unchecked).
    const T& operator[](std::size_t i) const { return begin()[i]; }
    /// The children as a vector, for callers that keep them.
    operator std::vector<T>() const { return std::vector<T>(begin(), end()); }

  private:
    static constexpr std::size_t kInline = 4;
    std::array<T, kInline> inline_{};
    std::vector<T> heap_; // every child, once there are more than kInline
    std::size_t size_ = 0;
};
using ExprChildren = BasicChildren<ExprPtr>;
using ChildPointers = BasicChildren<const Expr*>;

namespace tree_detail {

// A node kind by reference, const when the node being walked is.
template <class T, bool Const> using Ref = std::conditional_t<Const, const T&, T&>;

// The child slots of each kind, listed once: every reader and `with_children`, which writes
// them, go through here, so they can never disagree about the order. Reading walks the node
// in place (no copy of its names and lists).
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
                          [&](Ref<KnownNotContainsNull, C> n) { f(n.child); },
                          [&](Ref<SubqueryExpression, C> n) {
                              for (auto& c : n.children) {
                                  f(c);
                              }
                          }},
               node);
}

} // namespace tree_detail

/// Calls `f(const ExprPtr&)` on each child of `e`, in the order `with_children` expects,
/// in place: nothing is copied and no reference count is touched.
template <class F> void for_each_child(const Expr& e, F&& f) {
    tree_detail::for_each_slot(e.node, f);
}

/// The children of a node as plain pointers, for walks that read two nodes side by side.
ChildPointers child_pointers(const Expr& e);

/// The children of a node in a fixed order (the order `with_children` expects).
ExprChildren children(const Expr& e);
/// The node rebuilt over new children (types re-derived); returns `e` itself when every child
/// is pointer-identical.
ExprPtr with_children(const ExprPtr& e, std::span<const ExprPtr> kids);

/// `f(child)` for each child of `e` in order; the results as a new child list when one of
/// them is not the child itself, nothing when all are (the common case of a pass that
/// changes little). The children are read in place and the list is copied only once a child
/// changes, so an unchanged node costs no reference count traffic.
template <class F> std::optional<ExprChildren> mapped_children(const Expr& e, F&& f) {
    std::optional<ExprChildren> kids;
    std::size_t index = 0;
    for_each_child(e, [&](const ExprPtr& kid) {
        ExprPtr mapped = f(kid);
        if (!kids && mapped != kid) {
            kids.emplace();
            std::size_t earlier = 0;
            for_each_child(e, [&](const ExprPtr& same) {
                if (earlier++ < index) {
                    kids->push_back(same);
                }
            });
        }
        if (kids) {
            kids->push_back(std::move(mapped));
        }
        ++index;
    });
    return kids;
}

/// Structural equality ignoring spans and cosmetic names (Spark: semanticEquals).
bool same_expr(const Expr& a, const Expr& b);

using Rule = std::function<ExprPtr(const ExprPtr&)>;
/// Applies `rule` to every node, children first. Spark: transformUp.
ExprPtr transform_up(const ExprPtr& e, const Rule& rule);
/// Applies `rule` to a node, then to the children of the result. Spark: transformDown.
ExprPtr transform_down(const ExprPtr& e, const Rule& rule);
/// Calls `visit` on every node, parents before children; `visit` returns false to skip the
/// node's children.
void visit_down(const ExprPtr& e, const std::function<bool(const ExprPtr&)>& visit);

/// Calls `f` with the id of every variable `hof`'s lambdas bind.
template <class F> void for_each_lambda_variable(const HigherOrderFunction& hof, F&& f) {
    for (const ExprPtr& arg : hof.args) {
        if (const auto* lambda = arg->as<LambdaFunction>()) {
            for (const ExprPtr& parameter : lambda->args) {
                f(parameter->as<NamedLambdaVariable>()->id);
            }
        }
    }
}

} // namespace prune
