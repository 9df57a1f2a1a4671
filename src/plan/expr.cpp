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

#if defined(__SANITIZE_ADDRESS__)
#define PRUNE_NODE_POOL 0 // AddressSanitizer sees every node's allocation and use after free
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PRUNE_NODE_POOL 0
#endif
#endif
#ifndef PRUNE_NODE_POOL
#define PRUNE_NODE_POOL 1
#endif

/// Slots for nodes: a free list of released slots, refilled from blocks of 64 KiB that are
/// never given back (a plan's nodes are freed when the next statement's are built, so the
/// slots are reused). One pool per thread, so threads never share a free list; a node freed
/// on another thread than its own joins that thread's list, which is just as good.
class NodePool {
  public:
    void* allocate() {
        if (free_ != nullptr) {
            Slot* slot = free_;
            free_ = slot->next;
            return slot;
        }
        if (next_ == end_) {
            next_ = static_cast<Slot*>(::operator new(sizeof(Slot) * kSlotsPerBlock));
            end_ = next_ + kSlotsPerBlock;
        }
        return next_++;
    }

    void release(void* node) noexcept {
        auto* slot = static_cast<Slot*>(node);
        slot->next = free_;
        free_ = slot;
    }

  private:
    union Slot {
        Slot* next;
        alignas(Expr) unsigned char bytes[sizeof(Expr)];
    };
    static constexpr std::size_t kSlotsPerBlock = (64 * 1024) / sizeof(Slot);

    Slot* free_ = nullptr;
    Slot* next_ = nullptr;
    Slot* end_ = nullptr;
};

#if PRUNE_NODE_POOL
thread_local NodePool node_pool;
#endif

} // namespace

void* Expr::operator new(std::size_t size) {
#if PRUNE_NODE_POOL
    (void)size; // Expr is final: always sizeof(Expr)
    return node_pool.allocate();
#else
    return ::operator new(size);
#endif
}

void Expr::operator delete(void* node) noexcept {
#if PRUNE_NODE_POOL
    node_pool.release(node);
#else
    ::operator delete(node);
#endif
}

std::uint32_t field_position(std::size_t position) {
    if (position > std::numeric_limits<std::uint32_t>::max()) {
        throw InternalError("struct field position " + std::to_string(position) + " out of range");
    }
    return static_cast<std::uint32_t>(position);
}

std::string_view ScalarFunction::name() const {
    if (def != nullptr) {
        return def->name;
    }
    return udf ? std::string_view(udf->name) : std::string_view();
}

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
                return n.def != nullptr ? std::string(n.def->catalyst) : "ScalaUDF";
            },
            [](const BinaryOp& n) { return binary_name(n.op); },
            [](const UnaryOp& n) { return unary_name(n.op); },
            [](const IsNull&) -> std::string { return "IsNull"; },
            [](const IsNotNull&) -> std::string { return "IsNotNull"; },
            [](const In&) -> std::string { return "In"; },
            [](const CaseWhen&) -> std::string { return "CaseWhen"; },
            [](const Cast&) -> std::string { return "Cast"; },
            [](const KnownNotContainsNull&) -> std::string { return "KnownNotContainsNull"; }},
        e.node);
}

} // namespace prune
