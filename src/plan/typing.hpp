#pragma once
/// The type and nullability of a node from its kind and its (already typed) children, exactly
/// as Catalyst's `dataType` / `nullable` defs compute them, and Spark's type coercion rules
/// that the analyzer applies before it builds a node.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
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
/// Whether `a` and `b` are the same type but for struct field names and nullability (Spark:
/// DataType.equalsStructurally with ignoreNullability).
bool equals_structurally(const DataType& a, const DataType& b);
/// Whether Spark (ANSI mode) can cast `from` to `to` (Spark: Cast.canAnsiCast).
bool can_cast(const DataType& from, const DataType& to);
/// Whether a VARIANT can be cast to `type` (and `type` to a VARIANT when `structs_and_maps` is
/// false, as CAST allows; to_variant_object takes structs and maps): numbers, booleans,
/// strings (not char or varchar), binary, dates and timestamps, VARIANT, and arrays, structs and
/// maps with string keys of those. Spark: VariantGet.checkDataType.
bool variant_castable(const DataType& type, bool structs_and_maps);

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

// --- Helpers shared by the analyzer and the function catalog (additive) ------------------------

/// Coerces the operand of a unary operator as Spark's analyzer does (`NOT` casts a string or
/// NULL to boolean, `-` a string to double, ...); on failure an error naming the operator
/// (`cannot apply 'NOT' to int`).
struct UnaryCoercion {
    ExprPtr child;
    std::string error;
};
UnaryCoercion coerce_unary(UnaryOpKind op, const ExprPtr& child);
/// The SQL spelling of an operator, as error messages print it (`+`, `AND`, `div`, `NOT`).
std::string_view operator_symbol(BinaryOpKind op);
std::string_view operator_symbol(UnaryOpKind op);
/// The type word before the quoted value of a literal of `type` in SQL (`DATE`, `TIMESTAMP`,
/// `TIMESTAMP_NTZ`, `INTERVAL` for a CALENDAR INTERVAL), or empty for a type whose literals are
/// bare. Spark: Literal.sql.
std::string_view typed_literal_keyword(const DataType& type);
/// Spark (ANSI): AnsiTypeCoercion.findTightestCommonType — numeric widening without decimals
/// (except integral into a wider decimal), datetime widening, NULL to anything, recursively
/// into structs/arrays/maps.
std::optional<TypePtr> tightest_common_type(const TypePtr& a, const TypePtr& b);
/// Spark: findWiderTypeWithoutStringPromotion (greatest, least, array_contains).
std::optional<TypePtr>
wider_common_type_without_string_promotion(const std::vector<TypePtr>& types);
/// Equality ignoring nullability flags, metadata and the case of field names (Spark:
/// DataTypeUtils.sameType under the default case-insensitive resolver).
bool same_type_ignoring_nullability(const DataType& a, const DataType& b);
/// For two types equal up to nullability: the type with every nullability flag ORed (Spark:
/// findCommonTypeDifferentOnlyInNullFlags, the result type of coalesce, CASE, if, array(...)).
std::optional<TypePtr> merge_null_flags(const TypePtr& a, const TypePtr& b);
/// Spark: RowOrdering.isOrderable (maps, calendar intervals and variants are not, at any depth).
bool is_orderable(const DataType& type);
/// Why rows holding a value of `type` cannot be compared as wholes, as DISTINCT, INTERSECT and
/// EXCEPT compare them ("maps cannot be compared", "variants cannot be compared"), or empty.
/// Spark's CheckAnalysis looks for a map column first, then a variant one
/// (UNSUPPORTED_FEATURE.SET_OPERATION_ON_MAP_TYPE, SET_OPERATION_ON_VARIANT_TYPE).
std::string_view rows_uncomparable(const DataType& type);
/// Whether casting a non-null value from `from` to `to` can give NULL (Spark: Cast.forceNullable).
bool cast_forces_nullable(const DataType& from, const DataType& to);
/// Spark: Cast.canANSIStoreAssign, which ANSI implicit casts follow.
bool can_store_assign(const DataType& from, const DataType& to);
/// Spark: Expression.foldable (literals and deterministic expressions over literals).
bool expr_foldable(const Expr& e);
/// The value of a foldable integral expression (a literal, possibly cast or negated).
std::optional<std::int64_t> eval_integral(const Expr& e);
/// Whether reading element `index` of `array` can give NULL (Spark:
/// GetArrayItemUtil.computeNullabilityFromArray); `one_based` for element_at's indexing,
/// `fail_on_error` false for try_element_at / get (out of bounds gives NULL).
bool array_access_nullable(const Expr& array, const Expr& index, bool fail_on_error,
                           bool one_based);
/// The result type of an arithmetic operator over two operands of one type; for two decimals
/// Spark's precision rules (Spark: BinaryArithmetic.dataType / resultDecimalType).
TypePtr arithmetic_result_type(BinaryOpKind op, const TypePtr& left, const TypePtr& right);

} // namespace prune
