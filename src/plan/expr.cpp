/// Catalyst's class name for every node kind, as EXPLAIN and `--emit bound` print it:
///
///     transform(rule_results, r -> r.score)   ->  ArrayTransform
///     r.score                                  ->  GetStructField
///     size(rule_results)                       ->  Size
///     a <> b                                   ->  Not(EqualTo)

#include "plan/expr.hpp"

#include <limits>

#include "plan/functions.hpp"
#include "plan/higher_order.hpp"
#include "util/node_pool.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

std::string binary_name(BinaryOpKind op) {
    switch (op) {
    case BinaryOpKind::And:
        return "And";
    case BinaryOpKind::Or:
        return "Or";
    case BinaryOpKind::EqualTo:
        return "EqualTo";
    case BinaryOpKind::EqualNullSafe:
        return "EqualNullSafe";
    case BinaryOpKind::LessThan:
        return "LessThan";
    case BinaryOpKind::LessThanOrEqual:
        return "LessThanOrEqual";
    case BinaryOpKind::GreaterThan:
        return "GreaterThan";
    case BinaryOpKind::GreaterThanOrEqual:
        return "GreaterThanOrEqual";
    case BinaryOpKind::Add:
        return "Add";
    case BinaryOpKind::Subtract:
        return "Subtract";
    case BinaryOpKind::Multiply:
        return "Multiply";
    case BinaryOpKind::Divide:
        return "Divide";
    case BinaryOpKind::Remainder:
        return "Remainder";
    case BinaryOpKind::IntegralDivide:
        return "IntegralDivide";
    case BinaryOpKind::BitwiseAnd:
        return "BitwiseAnd";
    case BinaryOpKind::BitwiseOr:
        return "BitwiseOr";
    case BinaryOpKind::BitwiseXor:
        return "BitwiseXor";
    }
    return "BinaryOperator";
}

std::string unary_name(UnaryOpKind op) {
    switch (op) {
    case UnaryOpKind::Not:
        return "Not";
    case UnaryOpKind::UnaryMinus:
        return "UnaryMinus";
    case UnaryOpKind::UnaryPositive:
        return "UnaryPositive";
    case UnaryOpKind::BitwiseNot:
        return "BitwiseNot";
    }
    return "UnaryExpression";
}

} // namespace

void* Expr::operator new(std::size_t size) { return node_pool::allocate(size); }

void Expr::operator delete(void* node, std::size_t size) noexcept {
    node_pool::release(node, size);
}

std::uint32_t field_position(std::size_t position) {
    if (position > std::numeric_limits<std::uint32_t>::max()) {
        throw InternalError("struct field position " + std::to_string(position) + " out of range");
    }
    return static_cast<std::uint32_t>(position);
}

FieldNames::FieldNames(std::vector<Name> names)
    : list_(names.empty() ? nullptr : make_ref<const List>(List{std::move(names), {}})) {}

std::size_t GetArrayStructFields::num_fields() const {
    const ArrayType* array = child->type->array();
    const StructType* element = array != nullptr ? array->element->struct_type() : nullptr;
    if (element == nullptr) {
        throw InternalError("GetArrayStructFields over " + catalog_string(*child->type));
    }
    return element->size();
}

std::string_view ScalarFunction::name() const { return def->name; }

bool ScalarFunction::user_defined() const { return def->user_defined; }

std::string catalyst_name(const Expr& e) {
    return std::visit(
        Overloaded{
            [](const AttributeReference&) -> std::string { return "AttributeReference"; },
            [](const Literal&) -> std::string { return "Literal"; },
            [](const Alias&) -> std::string { return "Alias"; },
            [](const GetStructField&) -> std::string { return "GetStructField"; },
            [](const GetArrayStructFields&) -> std::string { return "GetArrayStructFields"; },
            [](const GetArrayItem&) -> std::string { return "GetArrayItem"; },
            [](const GetMapValue&) -> std::string { return "GetMapValue"; },
            [](const ElementAt&) -> std::string { return "ElementAt"; },
            [](const MapKeys&) -> std::string { return "MapKeys"; },
            [](const MapValues&) -> std::string { return "MapValues"; },
            [](const CreateNamedStruct&) -> std::string { return "CreateNamedStruct"; },
            [](const NamedLambdaVariable&) -> std::string { return "NamedLambdaVariable"; },
            [](const LambdaFunction&) -> std::string { return "LambdaFunction"; },
            [](const HigherOrderFunction& n) -> std::string {
                return n.def != nullptr ? std::string(n.def->catalyst) : "HigherOrderFunction";
            },
            [](const ScalarFunction& n) -> std::string {
                return std::string(n.def->catalyst); // a UDF's row says ScalaUDF
            },
            [](const BinaryOp& n) { return binary_name(n.op); },
            [](const UnaryOp& n) { return unary_name(n.op); },
            [](const IsNull&) -> std::string { return "IsNull"; },
            [](const IsNotNull&) -> std::string { return "IsNotNull"; },
            [](const In&) -> std::string { return "In"; },
            [](const CaseWhen&) -> std::string { return "CaseWhen"; },
            [](const Cast&) -> std::string { return "Cast"; },
            [](const KnownNotContainsNull&) -> std::string { return "KnownNotContainsNull"; },
            [](const SubqueryExpression& n) -> std::string {
                return n.kind == SubqueryKind::Scalar   ? "ScalarSubquery"
                       : n.kind == SubqueryKind::Exists ? "Exists"
                                                        : "InSubquery";
            }},
        e.node);
}

namespace {

std::string_view field_name(const DataType* struct_type, std::size_t ordinal, const Name& written,
                            const char* access) {
    if (!written.empty()) {
        return written;
    }
    const StructType* s = struct_type != nullptr ? struct_type->struct_type() : nullptr;
    if (s == nullptr || ordinal >= s->size()) {
        throw InternalError(std::string(access) + " ordinal " + std::to_string(ordinal) +
                            " does not fit its child's type");
    }
    return (*s)[ordinal].name;
}

} // namespace

std::string_view shown_field_name(const GetStructField& access) {
    return field_name(access.child->type.get(), access.ordinal, access.name_as_written,
                      "GetStructField");
}

std::string_view shown_field_name(const GetArrayStructFields& access) {
    const ArrayType* array = access.child->type->array();
    return field_name(array != nullptr ? array->element.get() : nullptr, access.ordinal,
                      access.name_as_written, "GetArrayStructFields");
}

} // namespace prune
