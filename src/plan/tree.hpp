#pragma once
/// Generic traversal of bound expressions, as Catalyst's TreeNode: a rule returns its input
/// when it does not apply, and parents are rebuilt only when a child changed, so untouched
/// subtrees stay shared.

#include <array>
#include <functional>
#include <iterator>
#include <span>
#include <vector>

#include "plan/expr.hpp"

namespace prune {

/// The children of one node: up to four held in place (every kind but functions, IN lists,
/// CASE and struct constructors has at most two), more on the heap. Every pass asks for the
/// children of every node, so a walk costs no allocation per node (issue 10: a vector here
/// made a quarter of all allocations).
class ExprChildren {
  public:
    /// Appends a child.
    void push_back(ExprPtr e) {
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
        for (ExprPtr& slot : inline_) {
            slot.reset();
        }
        heap_.clear();
        size_ = 0;
    }
    /// The number of children.
    std::size_t size() const { return size_; }
    /// Whether there are none.
    bool empty() const { return size_ == 0; }
    /// The first child.
    ExprPtr* begin() { return size_ <= kInline ? inline_.data() : heap_.data(); }
    /// One past the last child.
    ExprPtr* end() { return begin() + size_; }
    /// The first child.
    const ExprPtr* begin() const { return size_ <= kInline ? inline_.data() : heap_.data(); }
    /// One past the last child.
    const ExprPtr* end() const { return begin() + size_; }
    /// Child `i` (unchecked).
    ExprPtr& operator[](std::size_t i) { return begin()[i]; }
    /// Child `i` (unchecked).
    const ExprPtr& operator[](std::size_t i) const { return begin()[i]; }
    /// The children as a vector, for callers that keep them.
    operator std::vector<ExprPtr>() const { return std::vector<ExprPtr>(begin(), end()); }

  private:
    static constexpr std::size_t kInline = 4;
    std::array<ExprPtr, kInline> inline_;
    std::vector<ExprPtr> heap_; // every child, once there are more than kInline
    std::size_t size_ = 0;
};

/// The children of a node in a fixed order (the order `with_children` expects).
ExprChildren children(const Expr& e);
/// The node rebuilt over new children (types re-derived); returns `e` itself when every child
/// is pointer-identical.
ExprPtr with_children(const ExprPtr& e, std::span<const ExprPtr> kids);

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
