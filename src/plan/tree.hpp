#pragma once
/// Generic traversal of bound expressions, as Catalyst's TreeNode: a rule returns its input
/// when it does not apply, and parents are rebuilt only when a child changed, so untouched
/// subtrees stay shared.

#include <functional>
#include <vector>

#include "plan/expr.hpp"

namespace prune {

/// The children of a node in a fixed order (the order `with_children` expects).
std::vector<ExprPtr> children(const Expr& e);
/// The node rebuilt over new children (types re-derived); returns `e` itself when every child
/// is pointer-identical.
ExprPtr with_children(const ExprPtr& e, const std::vector<ExprPtr>& kids);

using Rule = std::function<ExprPtr(const ExprPtr&)>;
/// Applies `rule` to every node, children first. Spark: transformUp.
ExprPtr transform_up(const ExprPtr& e, const Rule& rule);
/// Applies `rule` to a node, then to the children of the result. Spark: transformDown.
ExprPtr transform_down(const ExprPtr& e, const Rule& rule);
/// Calls `visit` on every node, parents before children; `visit` returns false to skip the
/// node's children.
void visit_down(const ExprPtr& e, const std::function<bool(const ExprPtr&)>& visit);

} // namespace prune
