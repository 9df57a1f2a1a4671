#pragma once
/// Bound expressions: immutable, shared, one closed variant of kinds named as in Catalyst.
///
///     events(rule_results ARRAY<STRUCT<rule_public_id: STRING, score: DOUBLE>>)
///     transform(rule_results, r -> r.score)
///
///     HigherOrderFunction transform                        array<double>
///       AttributeReference rule_results#1 array<struct<rule_public_id:string,score:double>>
///       LambdaFunction
///         GetStructField ordinal=1 name=score             double
///           NamedLambdaVariable r#3 struct<rule_public_id:string,score:double>
///         args: NamedLambdaVariable r#3
///
/// Every node caches its data type and nullability, derived from its kind and children by
/// `derive_type` (plan/typing.hpp) whenever a node is built — so a rewrite that re-types a
/// child and rebuilds the parents (`with_children`) re-derives every type above it, as
/// Catalyst's `dataType` defs do. A `std::visit` with no catch-all stops compiling when a kind
/// is added.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "diag/diagnostic.hpp"
#include "types/data_type.hpp"
#include "util/name.hpp"
#include "util/node_pool.hpp"
#include "util/packed_list.hpp"
#include "util/ref_ptr.hpp"
#include "util/sort_directions.hpp"

namespace prune {

struct FunctionDef; // plan/functions.hpp
struct HofDef;      // plan/higher_order.hpp
struct Plan;        // plan/plan.hpp

/// Spark's exprId: unique per binding, numbered in order of appearance (a table's columns
/// first). 32 bits keep the nodes that carry one small: a table has fewer columns than the
/// 4 GiB input limit allows bytes, and a statement at most kMaxStatementNodes nodes.
using ExprId = std::int32_t;

struct Expr;

/// A shared handle to an immutable node (util/ref_ptr.hpp): one pointer, the count in the node.
using ExprPtr = RefPtr<const Expr>;
/// A node's children list (util/packed_list.hpp): one pointer.
using ExprList = PackedList<ExprPtr>;

/// A column of a relation. Spark: AttributeReference.
struct AttributeReference {
    Name name;
    TypePtr type;
    ExprId id = 0;
    bool nullable = true;
    bool partition = false; // a partition column: resolves, never read from the data files
    /// Read inside a subquery from the query around it (Spark: OuterReference, printed
    /// `outer(id#0)`): a correlated column.
    bool outer = false;
};

/// Spark: Literal. `text` is the value as Spark's `toString` prints it (strings unquoted);
/// `is_null` for NULL of any type.
struct Literal {
    TypePtr type;
    Name text;
    bool is_null = false;
};

/// `child AS name`. Spark: Alias.
struct Alias {
    ExprPtr child;
    Name name;
    ExprId id = 0;
};

/// `s.f` on a struct. The ordinal is the source of truth; `name_as_written` is the field name
/// as the query spelled it when that differs from the schema's spelling (Spark keeps
/// `Some(name)`; ProjectionOverSchema drops it), and empty when it does not (Spark's `None`:
/// a written name that differs only in case cannot be empty). Spark: GetStructField.
struct GetStructField {
    ExprPtr child;
    std::size_t ordinal = 0;
    Name name_as_written;
};

/// `a.f` on `array<struct>`: the field of every element. `contains_null` is the result
/// array's: the input's containsNull or the field's nullability. Spark: GetArrayStructFields
/// (its numFields is the element struct's size, `num_fields()`).
struct GetArrayStructFields {
    ExprPtr child;
    Name name_as_written;      // as GetStructField's
    std::uint32_t ordinal = 0; // 32 bits keep the node small; a struct has fewer fields
    bool contains_null = true;

    /// The number of fields of the element struct (Spark: numFields).
    std::size_t num_fields() const;
};

/// `a[i]` on an array. Spark: GetArrayItem.
struct GetArrayItem {
    ExprPtr child;
    ExprPtr index;
};

/// A field position or count as GetArrayStructFields keeps it. Throws InternalError past
/// 2^32 - 1 (no struct has that many fields: the schema would not fit in memory).
std::uint32_t field_position(std::size_t position);

/// `m[k]` on a map. Spark: GetMapValue.
struct GetMapValue {
    ExprPtr child;
    ExprPtr key;
};

/// `element_at(a, i)` (1-based, negative from the end) or `element_at(m, k)`. Spark: ElementAt.
struct ElementAt {
    ExprPtr left;
    ExprPtr right;
    /// False for `try_element_at` after its replacement: out-of-range gives null, not an
    /// error (Spark: ElementAt.failOnError).
    bool fail_on_error = true;
};

/// Spark: MapKeys.
struct MapKeys {
    ExprPtr child;
};

/// Spark: MapValues.
struct MapValues {
    ExprPtr child;
};

/// The field names of a named_struct: one immutable list, shared by the node's copies, so
/// that the node keeps one pointer to it.
class FieldNames {
  public:
    FieldNames() = default;
    FieldNames(std::vector<Name> names); // NOLINT(google-explicit-constructor): a list of names
    FieldNames(std::initializer_list<Name> names) : FieldNames(std::vector<Name>(names)) {}

    std::size_t size() const noexcept { return list_ ? list_->names.size() : 0; }
    bool empty() const noexcept { return size() == 0; }
    const Name& operator[](std::size_t i) const noexcept { return list_->names[i]; }
    const Name* begin() const noexcept { return list_ ? list_->names.data() : nullptr; }
    const Name* end() const noexcept { return begin() + size(); }

    friend bool operator==(const FieldNames& a, const FieldNames& b) noexcept {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

  private:
    struct List {
        std::vector<Name> names;
        RefCount refs;
    };
    RefPtr<const List> list_;
};

/// `named_struct('a', e1, 'b', e2)` and `struct(e1, e2)`. Spark: CreateNamedStruct.
struct CreateNamedStruct {
    FieldNames names;
    ExprList values;
};

/// A lambda parameter. Matched by `id` (binding identity), never by name. Spark:
/// NamedLambdaVariable.
struct NamedLambdaVariable {
    Name name;
    TypePtr type;
    bool nullable = true;
    ExprId id = 0;
};

/// `(args) -> body`; `args` are NamedLambdaVariable nodes. Spark: LambdaFunction.
struct LambdaFunction {
    ExprPtr body;
    ExprList args;
};

/// transform, exists, filter, aggregate, ...: described by one row of the higher-order-function
/// table (plan/higher_order.hpp). `args` are in call order, lambdas (LambdaFunction nodes) at
/// their positions; `array_sort` without a comparator has no lambda.
struct HigherOrderFunction {
    const HofDef* def = nullptr;
    ExprList args;
};

/// Any other function call, aggregates included. A function the catalog does not know has a
/// row of its own, made when it is first called (`user_function`, plan/functions.hpp). Spark:
/// the function's own class.
///
/// An aggregate's `FILTER (WHERE cond)` is its last argument, with `filtered` set (Spark:
/// AggregateExpression.filter): a child like any other, so every pass that walks children
/// reads and rewrites it, while typing and evaluation take `inputs()` as the arguments.
///
///     count(*) FILTER (WHERE s.y = 'z')   ->  ScalarFunction count, filtered
///                                               Literal 1
///                                               EqualTo(GetStructField(s, 1), 'z')
struct ScalarFunction {
    const FunctionDef* def = nullptr;
    ExprList args;
    bool distinct = false;
    bool filtered = false;
    /// `WITHIN GROUP (ORDER BY k1, ...)`: one entry per key; the keys are the last inputs, so
    /// every pass that walks children reads and rewrites them. An inverse distribution
    /// function's one key is its value: `percentile_cont(0.5) WITHIN GROUP (ORDER BY x)` is
    /// percentile_cont(0.5, x); listagg's keys order its values: listagg(v, d, k1, ...).
    SortDirections within_group = {};

    /// The function's own arguments: `args` without the FILTER condition.
    std::span<const ExprPtr> inputs() const {
        return {args.data(), args.size() - (filtered && !args.empty() ? 1U : 0U)};
    }
    /// The arguments written in the call's parentheses: inputs() without the WITHIN GROUP keys.
    std::span<const ExprPtr> written() const {
        const std::span<const ExprPtr> all = inputs();
        return all.first(all.size() - std::min(all.size(), within_group.size()));
    }
    /// The WITHIN GROUP keys, in order (empty without the clause).
    std::span<const ExprPtr> keys() const { return inputs().subspan(written().size()); }
    /// The FILTER condition, or null.
    const Expr* filter() const { return filtered && !args.empty() ? args.back().get() : nullptr; }

    /// Lower-case, as the catalog names it (or as written, for a UDF).
    std::string_view name() const;
    /// Whether the catalog does not know it (`def->user_defined`).
    bool user_defined() const;
};

/// Binary operators, named as Catalyst's classes. `<>` is Not(EqualTo); `||` is concat.
enum class BinaryOpKind : std::uint8_t {
    And,
    Or,
    EqualTo,
    EqualNullSafe,
    LessThan,
    LessThanOrEqual,
    GreaterThan,
    GreaterThanOrEqual,
    Add,
    Subtract,
    Multiply,
    Divide,
    Remainder,
    IntegralDivide,
    BitwiseAnd,
    BitwiseOr,
    BitwiseXor,
};

struct BinaryOp {
    BinaryOpKind op;
    ExprPtr left;
    ExprPtr right;
};

enum class UnaryOpKind : std::uint8_t { Not, UnaryMinus, UnaryPositive, BitwiseNot };

struct UnaryOp {
    UnaryOpKind op;
    ExprPtr child;
};

/// Spark: IsNull.
struct IsNull {
    ExprPtr child;
};

/// Spark: IsNotNull.
struct IsNotNull {
    ExprPtr child;
};

/// `value IN (list)`. Spark: In.
struct In {
    ExprPtr value;
    ExprList list;
};

/// `CASE WHEN c1 THEN v1 ... ELSE e END` (a simple CASE is bound to EqualTo conditions).
/// Spark: CaseWhen.
struct CaseWhen {
    PackedList<std::pair<ExprPtr, ExprPtr>> branches;
    ExprPtr else_value; // may be null
};

/// Spark: Cast. `try_cast` is Spark's evalMode TRY (`TRY_CAST(e AS t)`): NULL where the
/// ANSI cast raises an error, and always nullable.
struct Cast {
    ExprPtr child;
    TypePtr target;
    bool try_cast = false;
};

/// The array's elements are known not to be null (from `array_compact`); the result's
/// containsNull is false. Spark: KnownNotContainsNull.
struct KnownNotContainsNull {
    ExprPtr child;
};

/// Which subquery expression (Spark's classes): a value, `EXISTS`, or `e IN (query)`.
enum class SubqueryKind : std::uint8_t { Scalar, Exists, InSubquery };

/// The query of a subquery expression: one shared, immutable holder, so that the node keeps
/// one pointer to it. `id` is Spark's exprId of the expression (`scalar-subquery#12`).
struct SubqueryPlan {
    std::shared_ptr<const Plan> plan;
    ExprId id = 0;
    RefCount refs;
};

/// A query inside an expression: `(SELECT max(x) FROM t)` (Scalar: the value of its one column,
/// null when it has no row), `EXISTS (SELECT ...)` (whether it has a row) and `v IN (SELECT c
/// ...)` (InSubquery: `v` against every value of its one column, with IN's null semantics).
/// `children` are, for InSubquery, the value first, then the columns of the queries around it
/// that the plan reads (the AttributeReferences its `outer` references name; none when it is not
/// correlated), so that every pass that walks children sees them. Spark: ScalarSubquery, Exists,
/// InSubquery(ListQuery).
struct SubqueryExpression {
    RefPtr<const SubqueryPlan> query;
    ExprList children;
    SubqueryKind kind = SubqueryKind::Scalar;

    /// The value of an InSubquery, or null.
    const ExprPtr* value() const {
        return kind == SubqueryKind::InSubquery && !children.empty() ? &children[0] : nullptr;
    }
    /// The outer columns the plan reads.
    std::span<const ExprPtr> outer() const {
        const std::size_t skip = kind == SubqueryKind::InSubquery ? 1 : 0;
        return {children.data() + skip, children.size() - skip};
    }
    const Plan& plan() const { return *query->plan; }
};

struct Expr final {
    // A node is 48 bytes, a node pool slot (issue 10): every alternative is at most 24 bytes,
    // and `nullable` and `refs` take the variant's tail padding.
    using Node =
        std::variant<AttributeReference, Literal, Alias, GetStructField, GetArrayStructFields,
                     GetArrayItem, GetMapValue, ElementAt, MapKeys, MapValues, CreateNamedStruct,
                     NamedLambdaVariable, LambdaFunction, HigherOrderFunction, ScalarFunction,
                     BinaryOp, UnaryOp, IsNull, IsNotNull, In, CaseWhen, Cast, KnownNotContainsNull,
                     SubqueryExpression>;

    [[no_unique_address]] Node node;
    bool nullable = true; // derived by derive_type when built
    /// Whether a SubqueryExpression is this node or under it (set by make_expr): the passes
    /// that must reach a subquery's plan find one without walking every expression.
    bool subqueries = false;
    RefCount refs; // owned by ExprPtr
    TypePtr type;  // derived by derive_type when built
    Span span;     // where the query wrote it (empty for synthesized nodes)

    template <class T> const T* as() const { return std::get_if<T>(&node); }
    template <class T> bool is() const { return std::holds_alternative<T>(node); }

    /// Nodes live in the node pool's slots (util/node_pool.hpp), shared with the syntax tree.
    static void* operator new(std::size_t size);
    static void operator delete(void* node, std::size_t size) noexcept;
};
static_assert(sizeof(Expr) <= node_pool::kSlotBytes, "a plan node must fit a node pool slot");

/// A node exactly as given, its type not derived: for `make_expr`, and for tests that build
/// nodes with their types spelled out.
inline ExprPtr new_expr(Expr e) { return ExprPtr::adopt(new Expr(std::move(e))); }

/// Builds a node and derives its type and nullability (plan/typing.hpp). Throws InternalError
/// if the children do not type-check (the analyzer checks user input before building).
ExprPtr make_expr(Expr::Node node, Span span = {});

/// The Catalyst class name of a node (`GetStructField`, `ArrayTransform`, `EqualTo`, `Size`).
std::string catalyst_name(const Expr& e);

/// The name Spark shows for the field an access takes: as the query wrote it, else the
/// schema's (a rewritten access keeps no written name). Throws InternalError when the ordinal
/// does not fit the child's type.
std::string_view shown_field_name(const GetStructField& access);
std::string_view shown_field_name(const GetArrayStructFields& access);

} // namespace prune
