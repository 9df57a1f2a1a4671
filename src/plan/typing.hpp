#pragma once
/// The type and nullability of a node from its kind and its (already typed) children, exactly
/// as Catalyst's `dataType` / `nullable` defs compute them.

#include "plan/expr.hpp"

namespace prune {

struct Typed {
    TypePtr type;
    bool nullable = true;
};

/// Derives the type of a node whose children are typed. Throws InternalError when the node
/// is ill-typed (the analyzer reports user errors before it builds nodes).
Typed derive_type(const Expr::Node& node);

} // namespace prune
