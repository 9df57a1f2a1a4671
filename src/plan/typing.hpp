#pragma once
/// The type and nullability of a node from its kind and its (already typed) children, exactly
/// as Catalyst's `dataType` / `nullable` defs compute them, and Spark's type coercion rules
/// that the analyzer applies before it builds a node.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "plan/expr.hpp"

namespace prune {

struct Typed {
    TypePtr type;
    bool nullable = true;
};

/// Derives the type of a node whose children are typed. Throws InternalError when the node
/// is ill-typed (the analyzer reports user errors before it builds nodes).
Typed derive_type(const Expr::Node& node);

/// Spark: TypeCoercion.findWiderTypeForTwo (numeric widening, decimal widening, null to
/// anything, string promotion where Spark allows it; structs/arrays/maps recursively).
std::optional<TypePtr> wider_common_type(const TypePtr& a, const TypePtr& b);
/// The wider common type of all `types` (Spark: findWiderCommonType), or nullopt.
std::optional<TypePtr> wider_common_type(const std::vector<TypePtr>& types);
/// `e` cast to `target` (a Cast node) unless it already has exactly that type.
ExprPtr cast_to(const ExprPtr& e, const TypePtr& target);
/// Whether Spark (ANSI mode) can cast `from` to `to` (Spark: Cast.canAnsiCast).
bool can_cast(const DataType& from, const DataType& to);

/// Coerces the operands of a binary operator as Spark's analyzer does (numeric widening,
/// decimal precision rules, string/date comparisons) and checks them. On success returns the
/// (possibly cast) operands; on failure an error message naming the operator and the types
/// as catalog strings (`cannot apply '+' to string and struct<a:int>`).
struct BinaryCoercion {
    ExprPtr left;
    ExprPtr right;
    std::string error;
};
BinaryCoercion coerce_binary(BinaryOpKind op, const ExprPtr& left, const ExprPtr& right);

} // namespace prune
