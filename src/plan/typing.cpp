/// Spark's typing rules: the type and nullability of every node kind, and the ANSI-mode
/// coercions the analyzer applies before it builds a node.
///
///     rules ARRAY<STRUCT<a: INT, c: INT NOT NULL>>      (containsNull = true)
///     array_sort(rules, (l, r) -> coalesce(l.c - r.c, 0))
///
///     l.c - r.c                   int   nullable   (l, r range over elements that may be null)
///     coalesce(l.c - r.c, 0)      int   not null   (0 is never null)
///     the comparator              int   not null   -> a strict array_sort can be pruned
///
/// Nullability follows Catalyst's `nullable` defs exactly: several pruning rules read it.

#include "plan/typing.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>

#include "plan/functions.hpp"
#include "plan/higher_order.hpp"
#include "plan/plan.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

constexpr int kMaxPrecision = 38;
constexpr int kMinimumAdjustedScale = 6;

[[noreturn]] void ill_typed(const std::string& what) {
    throw InternalError("ill-typed expression: " + what);
}

std::string str(const DataType& t) { return catalog_string(t); }

bool is_kind(const DataType& t, AtomicKind k) { return t.is(k); }

bool is_null_type(const DataType& t) { return t.is(AtomicKind::Null); }

bool is_decimal(const DataType& t) { return t.is(AtomicKind::Decimal); }

bool is_fractional(const DataType& t) {
    return t.is(AtomicKind::Float) || t.is(AtomicKind::Double) || t.is(AtomicKind::Decimal);
}

bool is_datetime(const DataType& t) {
    return t.is(AtomicKind::Date) || t.is(AtomicKind::Timestamp) || t.is(AtomicKind::TimestampNtz);
}

bool is_ansi_interval(const DataType& t) {
    return t.is(AtomicKind::YearMonthInterval) || t.is(AtomicKind::DayTimeInterval);
}

// Spark's AtomicType: every non-nested type except NULL and CALENDAR INTERVAL.
bool is_spark_atomic(const DataType& t) {
    const AtomicType* a = t.atomic();
    return a != nullptr && a->kind != AtomicKind::Null && a->kind != AtomicKind::CalendarInterval;
}

bool is_boolean(const DataType& t) { return t.is(AtomicKind::Boolean); }

// Position in Spark's numeric precedence list (decimals excluded).
int numeric_rank(const DataType& t) {
    const AtomicType* a = t.atomic();
    if (a == nullptr) {
        return -1;
    }
    switch (a->kind) {
    case AtomicKind::Byte:
        return 0;
    case AtomicKind::Short:
        return 1;
    case AtomicKind::Integer:
        return 2;
    case AtomicKind::Long:
        return 3;
    case AtomicKind::Float:
        return 4;
    case AtomicKind::Double:
        return 5;
    default:
        return -1;
    }
}

AtomicKind rank_kind(int rank) {
    static constexpr AtomicKind kinds[] = {AtomicKind::Byte, AtomicKind::Short, AtomicKind::Integer,
                                           AtomicKind::Long, AtomicKind::Float, AtomicKind::Double};
    return kinds[rank];
}

// --- decimals ------------------------------------------------------------------------------

struct Dec {
    int p = 0;
    int s = 0;
};

// Spark: DecimalType.forType — the decimal that holds every value of a numeric type.
std::optional<Dec> decimal_for(const DataType& t) {
    const AtomicType* a = t.atomic();
    if (a == nullptr) {
        return std::nullopt;
    }
    switch (a->kind) {
    case AtomicKind::Byte:
        return Dec{3, 0};
    case AtomicKind::Short:
        return Dec{5, 0};
    case AtomicKind::Integer:
        return Dec{10, 0};
    case AtomicKind::Long:
        return Dec{20, 0};
    case AtomicKind::Float:
        return Dec{14, 7};
    case AtomicKind::Double:
        return Dec{30, 15};
    case AtomicKind::Decimal:
        return Dec{a->precision, a->scale};
    default:
        return std::nullopt;
    }
}

TypePtr bounded_decimal(int p, int s) {
    return make_decimal(std::min(p, kMaxPrecision), std::min(s, kMaxPrecision));
}

// Spark: DecimalType.adjustPrecisionScale (spark.sql.decimalOperations.allowPrecisionLoss).
TypePtr adjust_precision_scale(int p, int s) {
    if (p <= kMaxPrecision) {
        return make_decimal(p, s);
    }
    if (s < 0) {
        return make_decimal(kMaxPrecision, s);
    }
    const int int_digits = p - s;
    const int min_scale = std::min(s, kMinimumAdjustedScale);
    return make_decimal(kMaxPrecision, std::max(kMaxPrecision - int_digits, min_scale));
}

// Spark: DecimalType.isWiderThan.
bool decimal_wider_than(Dec d, const DataType& other) {
    if (!is_decimal(other) && !is_integral(other)) {
        return false;
    }
    const Dec o = *decimal_for(other);
    return d.p - d.s >= o.p - o.s && d.s >= o.s;
}

// Spark: DecimalPrecision.widerDecimalType.
TypePtr wider_decimal(Dec a, Dec b) {
    const int scale = std::max(a.s, b.s);
    const int range = std::max(a.p - a.s, b.p - b.s);
    return bounded_decimal(range + scale, scale);
}

TypePtr arithmetic_decimal_result(BinaryOpKind op, Dec a, Dec b) {
    switch (op) {
    case BinaryOpKind::Add:
    case BinaryOpKind::Subtract: {
        const int scale = std::max(a.s, b.s);
        return adjust_precision_scale(std::max(a.p - a.s, b.p - b.s) + scale + 1, scale);
    }
    case BinaryOpKind::Multiply:
        return adjust_precision_scale(a.p + b.p + 1, a.s + b.s);
    case BinaryOpKind::Divide: {
        const int scale = std::max(kMinimumAdjustedScale, a.s + b.p + 1);
        return adjust_precision_scale(a.p - a.s + b.s + scale, scale);
    }
    case BinaryOpKind::Remainder: {
        const int scale = std::max(a.s, b.s);
        return adjust_precision_scale(std::min(a.p - a.s, b.p - b.s) + scale, scale);
    }
    default:
        return nullptr;
    }
}

// Spark: DataTypeUtils.fromLiteral — an integral literal beside a decimal needs only the
// digits of its value (spark.sql.legacy.literal.pickMinimumPrecision, on by default).
std::optional<Dec> literal_decimal(const Expr& e) {
    const Literal* lit = e.as<Literal>();
    if (lit == nullptr || !is_integral(*lit->type)) {
        return std::nullopt;
    }
    if (lit->is_null || is_kind(*lit->type, AtomicKind::Byte)) {
        return decimal_for(*lit->type);
    }
    std::string_view digits = lit->text;
    if (!digits.empty() && (digits.front() == '-' || digits.front() == '+')) {
        digits.remove_prefix(1);
    }
    while (digits.size() > 1 && digits.front() == '0') {
        digits.remove_prefix(1);
    }
    if (digits.empty() ||
        !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return decimal_for(*lit->type);
    }
    return Dec{static_cast<int>(digits.size()), 0};
}

// --- type relations ------------------------------------------------------------------------

bool names_match(const std::string& a, const std::string& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

bool same_ignoring_nullability(const DataType& a, const DataType& b) {
    if (const AtomicType* x = a.atomic()) {
        const AtomicType* y = b.atomic();
        if (y == nullptr) {
            return false;
        }
        if (is_string_like(a) && is_string_like(b)) {
            return true;
        }
        return *x == *y;
    }
    if (const ArrayType* x = a.array()) {
        const ArrayType* y = b.array();
        return y != nullptr && same_ignoring_nullability(*x->element, *y->element);
    }
    if (const MapType* x = a.map()) {
        const MapType* y = b.map();
        return y != nullptr && same_ignoring_nullability(*x->key, *y->key) &&
               same_ignoring_nullability(*x->value, *y->value);
    }
    const StructType* x = a.struct_type();
    const StructType* y = b.struct_type();
    if (x == nullptr || y == nullptr || x->size() != y->size()) {
        return false;
    }
    for (std::size_t i = 0; i < x->size(); ++i) {
        if (!names_match((*x)[i].name, (*y)[i].name) ||
            !same_ignoring_nullability(*(*x)[i].type, *(*y)[i].type)) {
            return false;
        }
    }
    return true;
}

using FindType = std::optional<TypePtr> (*)(const TypePtr&, const TypePtr&);

// Spark: TypeCoercionHelper.findTypeForComplex.
std::optional<TypePtr> find_type_for_complex(const TypePtr& a, const TypePtr& b, FindType f) {
    if (const ArrayType* x = a->array()) {
        const ArrayType* y = b->array();
        if (y == nullptr) {
            return std::nullopt;
        }
        std::optional<TypePtr> et = f(x->element, y->element);
        if (!et) {
            return std::nullopt;
        }
        const bool contains_null = x->contains_null || y->contains_null ||
                                   cast_forces_nullable(*x->element, **et) ||
                                   cast_forces_nullable(*y->element, **et);
        return make_array(*et, contains_null);
    }
    if (const MapType* x = a->map()) {
        const MapType* y = b->map();
        if (y == nullptr) {
            return std::nullopt;
        }
        std::optional<TypePtr> kt = f(x->key, y->key);
        if (!kt || cast_forces_nullable(*x->key, **kt) || cast_forces_nullable(*y->key, **kt)) {
            return std::nullopt;
        }
        std::optional<TypePtr> vt = f(x->value, y->value);
        if (!vt) {
            return std::nullopt;
        }
        const bool vcn = x->value_contains_null || y->value_contains_null ||
                         cast_forces_nullable(*x->value, **vt) ||
                         cast_forces_nullable(*y->value, **vt);
        return make_map(*kt, *vt, vcn);
    }
    const StructType* x = a->struct_type();
    const StructType* y = b->struct_type();
    if (x == nullptr || y == nullptr || x->size() != y->size()) {
        return std::nullopt;
    }
    std::vector<StructField> fields;
    fields.reserve(x->size());
    for (std::size_t i = 0; i < x->size(); ++i) {
        const StructField& f1 = (*x)[i];
        const StructField& f2 = (*y)[i];
        if (!names_match(f1.name, f2.name)) {
            return std::nullopt;
        }
        std::optional<TypePtr> dt = f(f1.type, f2.type);
        if (!dt) {
            return std::nullopt;
        }
        const bool nullable = f1.nullable || f2.nullable || cast_forces_nullable(*f1.type, **dt) ||
                              cast_forces_nullable(*f2.type, **dt);
        fields.push_back(StructField{f1.name, *dt, nullable, "{}"});
    }
    return make_struct(std::move(fields));
}

TypePtr wider_datetime(const DataType& a, const DataType& b) {
    if (a.is(AtomicKind::Timestamp) || b.is(AtomicKind::Timestamp)) {
        return make_atomic(AtomicKind::Timestamp);
    }
    if (a.is(AtomicKind::TimestampNtz) || b.is(AtomicKind::TimestampNtz)) {
        return make_atomic(AtomicKind::TimestampNtz);
    }
    return make_atomic(AtomicKind::Date);
}

std::optional<TypePtr> tightest(const TypePtr& a, const TypePtr& b) {
    if (equals(*a, *b)) {
        return a;
    }
    if (is_null_type(*a)) {
        return b;
    }
    if (is_null_type(*b)) {
        return a;
    }
    if (is_integral(*a) && is_decimal(*b) && decimal_wider_than(*decimal_for(*b), *a)) {
        return b;
    }
    if (is_decimal(*a) && is_integral(*b) && decimal_wider_than(*decimal_for(*a), *b)) {
        return a;
    }
    const int ra = numeric_rank(*a);
    const int rb = numeric_rank(*b);
    if (ra >= 0 && rb >= 0) {
        const AtomicKind wider = rank_kind(std::max(ra, rb));
        // Integral with float widens to double, never float (precision loss).
        return make_atomic(wider == AtomicKind::Float ? AtomicKind::Double : wider);
    }
    if (is_string_like(*a) && is_string_like(*b)) {
        return string_type();
    }
    if (is_datetime(*a) && is_datetime(*b)) {
        return wider_datetime(*a, *b);
    }
    if ((a->is(AtomicKind::DayTimeInterval) && b->is(AtomicKind::DayTimeInterval)) ||
        (a->is(AtomicKind::YearMonthInterval) && b->is(AtomicKind::YearMonthInterval))) {
        AtomicType t = *a->atomic();
        t.start_field = std::min(a->atomic()->start_field, b->atomic()->start_field);
        t.end_field = std::max(a->atomic()->end_field, b->atomic()->end_field);
        return make_atomic(t);
    }
    return find_type_for_complex(a, b, &tightest);
}

// Spark: TypeCoercionHelper.findWiderTypeForDecimal.
std::optional<TypePtr> wider_for_decimal(const TypePtr& a, const TypePtr& b) {
    if (is_decimal(*a) && is_decimal(*b)) {
        return wider_decimal(*decimal_for(*a), *decimal_for(*b));
    }
    if (is_integral(*a) && is_decimal(*b)) {
        return wider_decimal(*decimal_for(*a), *decimal_for(*b));
    }
    if (is_decimal(*a) && is_integral(*b)) {
        return wider_decimal(*decimal_for(*b), *decimal_for(*a));
    }
    if ((is_fractional(*a) && is_decimal(*b)) || (is_decimal(*a) && is_fractional(*b))) {
        return double_type();
    }
    return std::nullopt;
}

// Spark: AnsiStringPromotionTypeCoercion.findWiderTypeForString.
std::optional<TypePtr> wider_for_string(const TypePtr& a, const TypePtr& b) {
    if (is_string_like(*a) && is_string_like(*b)) {
        return string_type();
    }
    if (is_string_like(*a)) {
        if (is_integral(*b)) {
            return long_type();
        }
        if (is_fractional(*b)) {
            return double_type();
        }
        if (is_null_type(*b)) {
            return a;
        }
        if (is_ansi_interval(*b)) {
            return std::nullopt;
        }
        if (is_spark_atomic(*b)) {
            return b;
        }
        return std::nullopt;
    }
    if (is_string_like(*b)) {
        return wider_for_string(b, a);
    }
    return std::nullopt;
}

std::optional<TypePtr> wider(const TypePtr& a, const TypePtr& b) {
    if (auto t = tightest(a, b)) {
        return t;
    }
    if (auto t = wider_for_decimal(a, b)) {
        return t;
    }
    if (auto t = wider_for_string(a, b)) {
        return t;
    }
    return find_type_for_complex(a, b, &wider);
}

std::optional<TypePtr> wider_without_string(const TypePtr& a, const TypePtr& b) {
    if (auto t = tightest(a, b)) {
        return t;
    }
    if (auto t = wider_for_decimal(a, b)) {
        return t;
    }
    return find_type_for_complex(a, b, &wider_without_string);
}

bool can_nullsafe_cast_to_decimal(const DataType& from, Dec to) {
    if (is_boolean(from)) {
        return to.p - to.s >= 1; // wider than decimal(1, 0)
    }
    if (is_decimal(from)) {
        const Dec f = *decimal_for(from);
        return decimal_wider_than(to, from) || to.p - to.s > f.p - f.s;
    }
    if (is_integral(from)) {
        return decimal_wider_than(to, from);
    }
    return false;
}

bool resolvable_nullability(bool from, bool to) { return !from || to; }

// --- expressions ---------------------------------------------------------------------------

const ExprList* create_array_elements(const Expr& e) {
    const ScalarFunction* f = e.as<ScalarFunction>();
    if (f != nullptr && f->def->name == "array") {
        return &f->args;
    }
    return nullptr;
}

const ArrayType& need_array(const Expr& e, const char* what) {
    const ArrayType* a = e.type->array();
    if (a == nullptr) {
        ill_typed(std::string(what) + " over " + str(*e.type));
    }
    return *a;
}

const MapType& need_map(const Expr& e, const char* what) {
    const MapType* m = e.type->map();
    if (m == nullptr) {
        ill_typed(std::string(what) + " over " + str(*e.type));
    }
    return *m;
}

const LambdaFunction& need_lambda(const HigherOrderFunction& h, std::size_t i) {
    if (i >= h.args.size() || !h.args[i]->is<LambdaFunction>()) {
        ill_typed(std::string(h.def->name) + " without a lambda at argument " +
                  std::to_string(i + 1));
    }
    return *h.args[i]->as<LambdaFunction>();
}

void need_boolean_lambda(const HigherOrderFunction& h, std::size_t i) {
    const Expr& body = *need_lambda(h, i).body;
    if (!is_boolean(*body.type)) {
        ill_typed(std::string(h.def->name) + " with a " + str(*body.type) + " predicate");
    }
}

void need_args(const HigherOrderFunction& h, std::size_t n) {
    if (h.args.size() < n) {
        ill_typed(std::string(h.def->name) + " with " + std::to_string(h.args.size()) +
                  " arguments");
    }
}

Typed derive_hof(const HigherOrderFunction& h) {
    if (h.def == nullptr) {
        ill_typed("higher-order function without a definition");
    }
    need_args(h, 1);
    const Expr& arg0 = *h.args[0];
    switch (h.def->kind) {
    case HofKind::Transform: {
        need_array(arg0, "transform");
        const Expr& body = *need_lambda(h, 1).body;
        return {make_array(body.type, body.nullable), arg0.nullable};
    }
    case HofKind::Exists:
    case HofKind::ForAll: {
        need_array(arg0, h.def->name.data());
        need_boolean_lambda(h, 1);
        return {boolean_type(), arg0.nullable || need_lambda(h, 1).body->nullable};
    }
    case HofKind::Filter:
        need_array(arg0, "filter");
        need_boolean_lambda(h, 1);
        return {arg0.type, arg0.nullable};
    case HofKind::ArraySort:
        need_array(arg0, "array_sort");
        if (h.args.size() > 1) {
            const Expr& body = *need_lambda(h, 1).body;
            if (!body.type->is(AtomicKind::Integer)) {
                ill_typed("array_sort with a " + str(*body.type) + " comparator");
            }
        } else if (!is_orderable(*arg0.type->array()->element)) {
            ill_typed("array_sort without a comparator over " + str(*arg0.type));
        }
        return {arg0.type, arg0.nullable};
    case HofKind::Aggregate: {
        need_args(h, 3);
        need_array(arg0, "aggregate");
        const Expr& zero = *h.args[1];
        const Expr& merge = *need_lambda(h, 2).body;
        if (!same_ignoring_nullability(*zero.type, *merge.type)) {
            ill_typed("aggregate merging " + str(*merge.type) + " into " + str(*zero.type));
        }
        if (h.args.size() > 3) {
            const Expr& finish = *need_lambda(h, 3).body;
            return {finish.type, arg0.nullable || finish.nullable};
        }
        // Spark's default finish is the identity over the accumulator, which is always
        // bound as nullable.
        return {zero.type, true};
    }
    case HofKind::ZipWith: {
        need_args(h, 3);
        need_array(arg0, "zip_with");
        need_array(*h.args[1], "zip_with");
        const Expr& body = *need_lambda(h, 2).body;
        return {make_array(body.type, body.nullable), arg0.nullable || h.args[1]->nullable};
    }
    case HofKind::TransformKeys: {
        const MapType& m = need_map(arg0, "transform_keys");
        const Expr& body = *need_lambda(h, 1).body;
        return {make_map(body.type, m.value, m.value_contains_null), arg0.nullable};
    }
    case HofKind::TransformValues: {
        const MapType& m = need_map(arg0, "transform_values");
        const Expr& body = *need_lambda(h, 1).body;
        return {make_map(m.key, body.type, body.nullable), arg0.nullable};
    }
    case HofKind::MapFilter:
        need_map(arg0, "map_filter");
        need_boolean_lambda(h, 1);
        return {arg0.type, arg0.nullable};
    case HofKind::MapZipWith: {
        need_args(h, 3);
        const MapType& m1 = need_map(arg0, "map_zip_with");
        const MapType& m2 = need_map(*h.args[1], "map_zip_with");
        std::optional<TypePtr> key = merge_null_flags(m1.key, m2.key);
        if (!key) {
            ill_typed("map_zip_with over keys " + str(*m1.key) + " and " + str(*m2.key));
        }
        const Expr& body = *need_lambda(h, 2).body;
        return {make_map(*key, body.type, body.nullable), arg0.nullable || h.args[1]->nullable};
    }
    }
    ill_typed("unknown higher-order function");
}

bool is_comparison(BinaryOpKind op) {
    switch (op) {
    case BinaryOpKind::EqualTo:
    case BinaryOpKind::EqualNullSafe:
    case BinaryOpKind::LessThan:
    case BinaryOpKind::LessThanOrEqual:
    case BinaryOpKind::GreaterThan:
    case BinaryOpKind::GreaterThanOrEqual:
        return true;
    default:
        return false;
    }
}

// Spark: each operator's `inputType`.
bool op_accepts(BinaryOpKind op, const DataType& t) {
    switch (op) {
    case BinaryOpKind::And:
    case BinaryOpKind::Or:
        return is_boolean(t);
    case BinaryOpKind::Add:
    case BinaryOpKind::Subtract:
        return is_numeric(t) || is_ansi_interval(t) || t.is(AtomicKind::CalendarInterval);
    case BinaryOpKind::Multiply:
    case BinaryOpKind::Remainder:
        return is_numeric(t);
    case BinaryOpKind::Divide:
        return t.is(AtomicKind::Double) || is_decimal(t);
    case BinaryOpKind::IntegralDivide:
        return t.is(AtomicKind::Long) || is_decimal(t) || is_ansi_interval(t);
    case BinaryOpKind::BitwiseAnd:
    case BinaryOpKind::BitwiseOr:
    case BinaryOpKind::BitwiseXor:
        return is_integral(t);
    default:
        return true; // comparisons: any type (orderability is checked separately)
    }
}

// The type of a binary operator over operands of one type, or an error message.
std::string check_binary(BinaryOpKind op, const DataType& l, const DataType& r) {
    // Spark: BinaryArithmetic accepts decimals of any precision and scale on either side.
    const bool decimals = is_decimal(l) && is_decimal(r) && !is_comparison(op);
    if (!(same_ignoring_nullability(l, r) || decimals) || !op_accepts(op, l)) {
        return "differing or unsupported operand types";
    }
    if (is_comparison(op) && !is_orderable(l)) {
        return "operands that cannot be compared";
    }
    return {};
}

Typed derive_binary(const BinaryOp& b) {
    const Expr& l = *b.left;
    const Expr& r = *b.right;
    if (std::string err = check_binary(b.op, *l.type, *r.type); !err.empty()) {
        ill_typed(std::string("'") + std::string(operator_symbol(b.op)) + "' over " + str(*l.type) +
                  " and " + str(*r.type));
    }
    const bool either = l.nullable || r.nullable;
    switch (b.op) {
    case BinaryOpKind::And:
    case BinaryOpKind::Or:
        return {boolean_type(), either};
    case BinaryOpKind::EqualNullSafe:
        return {boolean_type(), false};
    case BinaryOpKind::EqualTo:
    case BinaryOpKind::LessThan:
    case BinaryOpKind::LessThanOrEqual:
    case BinaryOpKind::GreaterThan:
    case BinaryOpKind::GreaterThanOrEqual:
        return {boolean_type(), either};
    case BinaryOpKind::IntegralDivide:
        return {long_type(), true};
    case BinaryOpKind::Add:
    case BinaryOpKind::Subtract:
    case BinaryOpKind::Multiply:
    case BinaryOpKind::Divide:
    case BinaryOpKind::Remainder: {
        const TypePtr type = arithmetic_result_type(b.op, l.type, r.type);
        // Divide and Remainder are always nullable (Spark: DivModLike); the others are
        // null only on null input in ANSI mode (overflow raises an error).
        const bool divmod = b.op == BinaryOpKind::Divide || b.op == BinaryOpKind::Remainder;
        return {type, divmod || either};
    }
    case BinaryOpKind::BitwiseAnd:
    case BinaryOpKind::BitwiseOr:
    case BinaryOpKind::BitwiseXor:
        return {l.type, either};
    }
    ill_typed("unknown binary operator");
}

bool unary_accepts(UnaryOpKind op, const DataType& t) {
    switch (op) {
    case UnaryOpKind::Not:
        return is_boolean(t);
    case UnaryOpKind::UnaryMinus:
    case UnaryOpKind::UnaryPositive:
        return is_numeric(t) || is_ansi_interval(t) || t.is(AtomicKind::CalendarInterval);
    case UnaryOpKind::BitwiseNot:
        return is_integral(t);
    }
    return false;
}

Typed derive_case_when(const CaseWhen& c) {
    if (c.branches.empty()) {
        ill_typed("CASE without branches");
    }
    std::optional<TypePtr> type = c.branches.front().second->type;
    bool nullable = c.else_value == nullptr;
    auto add = [&](const Expr& value) {
        type = merge_null_flags(*type, value.type);
        if (!type) {
            ill_typed("CASE branches of different types");
        }
        nullable = nullable || value.nullable;
    };
    for (const auto& [cond, value] : c.branches) {
        if (!is_boolean(*cond->type) && !is_null_type(*cond->type)) {
            ill_typed("CASE WHEN over a " + str(*cond->type) + " condition");
        }
        add(*value);
    }
    if (c.else_value) {
        add(*c.else_value);
    }
    return {*type, nullable};
}

Typed derive_in(const In& in) {
    bool nullable = in.value->nullable;
    for (const ExprPtr& item : in.list) {
        if (!equals_structurally(*item->type, *in.value->type)) { // Spark's In: by structure
            ill_typed("IN list of " + str(*item->type) + " for a " + str(*in.value->type) +
                      " value");
        }
        nullable = nullable || item->nullable;
    }
    if (!is_orderable(*in.value->type)) {
        ill_typed("IN over " + str(*in.value->type));
    }
    return {boolean_type(), nullable};
}

// Binary coercion steps, as Spark's ANSI rules apply them in one pass; the caller repeats
// them until nothing changes, as Catalyst's fixed-point batch does.
struct Operands {
    ExprPtr l;
    ExprPtr r;
};

ExprPtr cast_if_differs(const ExprPtr& e, const TypePtr& t) {
    return equals(*e->type, *t) ? e : cast_to(e, t);
}

// Spark: AnsiStringPromotionTypeCoercion for BinaryOperator.
bool promote_strings(Operands& o) {
    std::optional<TypePtr> t = wider_for_string(o.l->type, o.r->type);
    if (!t) {
        return false;
    }
    ExprPtr l = cast_if_differs(o.l, *t);
    ExprPtr r = cast_if_differs(o.r, *t);
    const bool changed = l != o.l || r != o.r;
    o = {l, r};
    return changed;
}

// Spark: DecimalPrecisionTypeCoercion (decimalAndDecimal, nondecimalAndDecimal).
bool decimal_precision(BinaryOpKind op, Operands& o) {
    const DataType& lt = *o.l->type;
    const DataType& rt = *o.r->type;
    if (is_comparison(op) && is_decimal(lt) && is_decimal(rt) && !equals(lt, rt)) {
        const TypePtr t = wider_decimal(*decimal_for(lt), *decimal_for(rt));
        Operands n{cast_if_differs(o.l, t), cast_if_differs(o.r, t)};
        const bool changed = n.l != o.l || n.r != o.r;
        o = n;
        return changed;
    }
    if (equals(lt, rt)) {
        return false;
    }
    if (is_integral(lt) && is_decimal(rt)) {
        const std::optional<Dec> d = literal_decimal(*o.l);
        const Dec target = d ? *d : *decimal_for(lt);
        o.l = cast_to(o.l, make_decimal(target.p, target.s));
        return true;
    }
    if (is_decimal(lt) && is_integral(rt)) {
        const std::optional<Dec> d = literal_decimal(*o.r);
        const Dec target = d ? *d : *decimal_for(rt);
        o.r = cast_to(o.r, make_decimal(target.p, target.s));
        return true;
    }
    if ((lt.is(AtomicKind::Float) || lt.is(AtomicKind::Double)) && is_decimal(rt)) {
        o.r = cast_to(o.r, double_type());
        return true;
    }
    if (is_decimal(lt) && (rt.is(AtomicKind::Float) || rt.is(AtomicKind::Double))) {
        o.l = cast_to(o.l, double_type());
        return true;
    }
    return false;
}

// Spark: DivisionTypeCoercion — `/` is floating point unless both sides are decimals.
bool division(Operands& o) {
    const DataType& lt = *o.l->type;
    const DataType& rt = *o.r->type;
    if (lt.is(AtomicKind::Double) || is_decimal(lt)) {
        return false; // Divide's own type is already double or decimal
    }
    const bool l_ok = is_numeric(lt) || is_null_type(lt);
    const bool r_ok = is_numeric(rt) || is_null_type(rt);
    if (!l_ok || !r_ok) {
        return false;
    }
    Operands n{cast_if_differs(o.l, double_type()), cast_if_differs(o.r, double_type())};
    const bool changed = n.l != o.l || n.r != o.r;
    o = n;
    return changed;
}

// Spark: IntegralDivisionTypeCoercion — DIV computes in bigint.
bool integral_division(Operands& o) {
    auto widen = [](const ExprPtr& e) {
        const DataType& t = *e->type;
        if (t.is(AtomicKind::Byte) || t.is(AtomicKind::Short) || t.is(AtomicKind::Integer)) {
            return cast_to(e, long_type());
        }
        return e;
    };
    Operands n{widen(o.l), widen(o.r)};
    const bool changed = n.l != o.l || n.r != o.r;
    o = n;
    return changed;
}

// Spark: ImplicitTypeCoercion for BinaryOperator.
bool implicit_binary(BinaryOpKind op, Operands& o) {
    const DataType& lt = *o.l->type;
    const DataType& rt = *o.r->type;
    const bool handles = (is_decimal(lt) && is_null_type(rt)) ||
                         (is_null_type(lt) && is_decimal(rt)) ||
                         (!is_decimal(lt) && !is_decimal(rt) && !equals(lt, rt));
    if (!handles) {
        return false;
    }
    std::optional<TypePtr> common = tightest(o.l->type, o.r->type);
    if (!common || !op_accepts(op, **common)) {
        return false;
    }
    Operands n{cast_if_differs(o.l, *common), cast_if_differs(o.r, *common)};
    const bool changed = n.l != o.l || n.r != o.r;
    o = n;
    return changed;
}

} // namespace

// --- public: type relations ----------------------------------------------------------------

std::optional<TypePtr> wider_common_type(const TypePtr& a, const TypePtr& b) { return wider(a, b); }

std::optional<TypePtr> wider_common_type(const std::vector<TypePtr>& types) {
    std::optional<TypePtr> result = null_type();
    for (const TypePtr& t : types) {
        result = wider(*result, t);
        if (!result) {
            return std::nullopt;
        }
    }
    return result;
}

std::optional<TypePtr> tightest_common_type(const TypePtr& a, const TypePtr& b) {
    return tightest(a, b);
}

std::optional<TypePtr>
wider_common_type_without_string_promotion(const std::vector<TypePtr>& types) {
    std::optional<TypePtr> result = null_type();
    for (const TypePtr& t : types) {
        result = wider_without_string(*result, t);
        if (!result) {
            return std::nullopt;
        }
    }
    return result;
}

bool same_type_ignoring_nullability(const DataType& a, const DataType& b) {
    return same_ignoring_nullability(a, b);
}

std::optional<TypePtr> merge_null_flags(const TypePtr& a, const TypePtr& b) {
    if (equals(*a, *b)) {
        return a;
    }
    if (a->atomic() != nullptr) {
        if (!same_ignoring_nullability(*a, *b)) {
            return std::nullopt;
        }
        return is_string_like(*a) && !equals(*a, *b) ? string_type() : a;
    }
    return find_type_for_complex(a, b, &merge_null_flags);
}

bool is_orderable(const DataType& type) {
    if (const AtomicType* a = type.atomic()) {
        return a->kind != AtomicKind::CalendarInterval && a->kind != AtomicKind::Variant;
    }
    if (const ArrayType* a = type.array()) {
        return is_orderable(*a->element);
    }
    if (const StructType* s = type.struct_type()) {
        return std::all_of(s->fields().begin(), s->fields().end(),
                           [](const StructField& f) { return is_orderable(*f.type); });
    }
    return false;
}

std::string_view rows_uncomparable(const DataType& type) {
    return holds_map(type)       ? "maps cannot be compared"
           : holds_variant(type) ? "variants cannot be compared"
                                 : "";
}

bool variant_castable(const DataType& type, bool structs_and_maps) {
    if (const ArrayType* a = type.array()) {
        return variant_castable(*a->element, structs_and_maps);
    }
    if (const MapType* m = type.map()) {
        return structs_and_maps && m->key->is(AtomicKind::String) &&
               variant_castable(*m->value, structs_and_maps);
    }
    if (const StructType* s = type.struct_type()) {
        return structs_and_maps &&
               std::all_of(s->fields().begin(), s->fields().end(), [&](const StructField& f) {
                   return variant_castable(*f.type, structs_and_maps);
               });
    }
    return is_numeric(type) || is_boolean(type) || type.is(AtomicKind::String) ||
           type.is(AtomicKind::Binary) || is_datetime(type) || type.is(AtomicKind::Variant);
}

bool cast_forces_nullable(const DataType& from, const DataType& to) {
    if (is_null_type(from) || equals(from, to)) {
        return false;
    }
    if (is_string_like(from)) {
        return !(to.is(AtomicKind::Binary) || is_string_like(to));
    }
    if (is_string_like(to)) {
        return false;
    }
    if (from.is(AtomicKind::Timestamp) &&
        (to.is(AtomicKind::Byte) || to.is(AtomicKind::Short) || to.is(AtomicKind::Integer))) {
        return true;
    }
    if ((from.is(AtomicKind::Float) || from.is(AtomicKind::Double)) &&
        to.is(AtomicKind::Timestamp)) {
        return true;
    }
    if (from.is(AtomicKind::Timestamp) && to.is(AtomicKind::Date)) {
        return false;
    }
    if (to.is(AtomicKind::Date)) {
        return true;
    }
    if (from.is(AtomicKind::Date) && to.is(AtomicKind::Timestamp)) {
        return false;
    }
    if (from.is(AtomicKind::Date)) {
        return true;
    }
    if (to.is(AtomicKind::CalendarInterval)) {
        return true;
    }
    if (from.is(AtomicKind::Variant)) {
        return true; // a variant null is a SQL NULL of any type
    }
    if (to.is(AtomicKind::Variant)) {
        return false;
    }
    if (is_decimal(to) && !can_nullsafe_cast_to_decimal(from, *decimal_for(to))) {
        return true;
    }
    return is_fractional(from) && is_integral(to); // NaN, infinity, overflow
}

bool can_store_assign(const DataType& from, const DataType& to) {
    if (equals(from, to) || is_null_type(from)) {
        return true;
    }
    if (is_numeric(from) && is_numeric(to)) {
        return true;
    }
    if (is_string_like(to) && (is_spark_atomic(from) || from.is(AtomicKind::CalendarInterval))) {
        return true;
    }
    if (is_datetime(from) && is_datetime(to)) {
        return true;
    }
    if (const ArrayType* f = from.array()) {
        const ArrayType* t = to.array();
        return t != nullptr && resolvable_nullability(f->contains_null, t->contains_null) &&
               can_store_assign(*f->element, *t->element);
    }
    if (const MapType* f = from.map()) {
        const MapType* t = to.map();
        return t != nullptr &&
               resolvable_nullability(f->value_contains_null, t->value_contains_null) &&
               can_store_assign(*f->key, *t->key) && can_store_assign(*f->value, *t->value);
    }
    const StructType* f = from.struct_type();
    const StructType* t = to.struct_type();
    if (f == nullptr || t == nullptr || f->size() != t->size()) {
        return false;
    }
    for (std::size_t i = 0; i < f->size(); ++i) {
        if (!resolvable_nullability((*f)[i].nullable, (*t)[i].nullable) ||
            !can_store_assign(*(*f)[i].type, *(*t)[i].type)) {
            return false;
        }
    }
    return true;
}

bool can_cast(const DataType& from, const DataType& to) {
    if (equals(from, to) || is_null_type(from) || is_string_like(to)) {
        return true;
    }
    if (from.is(AtomicKind::Variant)) {
        return variant_castable(to, true);
    }
    if (to.is(AtomicKind::Variant)) {
        return variant_castable(from, false);
    }
    const bool from_string = is_string_like(from);
    if (to.is(AtomicKind::Binary)) {
        return from_string;
    }
    if (is_boolean(to)) {
        return from_string || is_numeric(from);
    }
    if (to.is(AtomicKind::Timestamp)) {
        return from_string || from.is(AtomicKind::Date) || from.is(AtomicKind::TimestampNtz) ||
               is_numeric(from);
    }
    if (to.is(AtomicKind::TimestampNtz)) {
        return from_string || from.is(AtomicKind::Date) || from.is(AtomicKind::Timestamp);
    }
    if (to.is(AtomicKind::Date)) {
        return from_string || from.is(AtomicKind::Timestamp) || from.is(AtomicKind::TimestampNtz);
    }
    if (to.is(AtomicKind::CalendarInterval)) {
        return from_string;
    }
    if (is_ansi_interval(to)) {
        if (from_string || is_integral(from) || is_decimal(from)) {
            return true;
        }
        return from.atomic() != nullptr && from.atomic()->kind == to.atomic()->kind;
    }
    if (is_numeric(to)) {
        return is_numeric(from) || from_string || is_boolean(from) ||
               from.is(AtomicKind::Timestamp) ||
               (is_ansi_interval(from) && (is_integral(to) || is_decimal(to)));
    }
    if (const ArrayType* t = to.array()) {
        const ArrayType* f = from.array();
        return f != nullptr && can_cast(*f->element, *t->element) &&
               resolvable_nullability(f->contains_null, t->contains_null);
    }
    if (const MapType* t = to.map()) {
        const MapType* f = from.map();
        return f != nullptr && can_cast(*f->key, *t->key) && can_cast(*f->value, *t->value) &&
               resolvable_nullability(f->value_contains_null, t->value_contains_null);
    }
    if (const StructType* t = to.struct_type()) {
        const StructType* f = from.struct_type();
        if (f == nullptr || f->size() != t->size()) {
            return false;
        }
        for (std::size_t i = 0; i < f->size(); ++i) {
            if (!can_cast(*(*f)[i].type, *(*t)[i].type) ||
                !resolvable_nullability((*f)[i].nullable, (*t)[i].nullable)) {
                return false;
            }
        }
        return true;
    }
    return false;
}

ExprPtr cast_to(const ExprPtr& e, const TypePtr& target) {
    if (equals(*e->type, *target)) {
        return e;
    }
    return make_expr(Cast{e, target}, e->span);
}

bool expr_foldable(const Expr& e) {
    auto all = [](std::span<const ExprPtr> es) {
        return std::all_of(es.begin(), es.end(),
                           [](const ExprPtr& x) { return expr_foldable(*x); });
    };
    return std::visit(
        Overloaded{
            [](const Literal&) { return true; },
            [](const AttributeReference&) { return false; },
            [](const NamedLambdaVariable&) { return false; },
            [](const Alias&) { return false; },
            [](const LambdaFunction&) { return false; },
            [](const HigherOrderFunction&) { return false; },
            [&](const ScalarFunction& f) {
                if (f.user_defined() || f.def->aggregate || !f.def->deterministic ||
                    f.def->reads_clock || !f.def->foldable) {
                    return false;
                }
                return all(f.args);
            },
            [](const GetStructField& n) { return expr_foldable(*n.child); },
            [](const GetArrayStructFields& n) { return expr_foldable(*n.child); },
            [](const GetArrayItem& n) {
                return expr_foldable(*n.child) && expr_foldable(*n.index);
            },
            [](const GetMapValue& n) { return expr_foldable(*n.child) && expr_foldable(*n.key); },
            [](const ElementAt& n) { return expr_foldable(*n.left) && expr_foldable(*n.right); },
            [](const MapKeys& n) { return expr_foldable(*n.child); },
            [](const MapValues& n) { return expr_foldable(*n.child); },
            [&](const CreateNamedStruct& n) { return all(n.values); },
            [](const BinaryOp& n) { return expr_foldable(*n.left) && expr_foldable(*n.right); },
            [](const UnaryOp& n) { return expr_foldable(*n.child); },
            [](const IsNull& n) { return expr_foldable(*n.child); },
            [](const IsNotNull& n) { return expr_foldable(*n.child); },
            [&](const In& n) { return expr_foldable(*n.value) && all(n.list); },
            [](const CaseWhen& n) {
                for (const auto& [cond, value] : n.branches) {
                    if (!expr_foldable(*cond) || !expr_foldable(*value)) {
                        return false;
                    }
                }
                return n.else_value == nullptr || expr_foldable(*n.else_value);
            },
            [](const Cast& n) { return expr_foldable(*n.child); },
            [](const KnownNotContainsNull& n) { return expr_foldable(*n.child); },
            [](const SubqueryExpression&) { return false; }},
        e.node);
}

std::optional<std::int64_t> eval_integral(const Expr& e) {
    if (const Literal* lit = e.as<Literal>()) {
        if (lit->is_null || !is_integral(*lit->type)) {
            return std::nullopt;
        }
        std::int64_t v = 0;
        const char* first = lit->text.data();
        const char* last = first + lit->text.size();
        if (first != last && *first == '+') {
            ++first;
        }
        auto [ptr, ec] = std::from_chars(first, last, v);
        if (ec != std::errc() || ptr != last) {
            return std::nullopt;
        }
        return v;
    }
    if (const Cast* c = e.as<Cast>()) {
        if (is_integral(*c->target) && is_integral(*c->child->type)) {
            return eval_integral(*c->child);
        }
        return std::nullopt;
    }
    if (const UnaryOp* u = e.as<UnaryOp>()) {
        if (u->op == UnaryOpKind::UnaryMinus || u->op == UnaryOpKind::UnaryPositive) {
            std::optional<std::int64_t> v = eval_integral(*u->child);
            if (v && u->op == UnaryOpKind::UnaryMinus && *v != INT64_MIN) {
                return -*v;
            }
            return u->op == UnaryOpKind::UnaryPositive ? v : std::nullopt;
        }
    }
    return std::nullopt;
}

// Index 0 of element_at is an error, never NULL; out of bounds is an error in ANSI mode.
bool array_access_nullable(const Expr& array, const Expr& index, bool fail_on_error,
                           bool one_based) {
    if (array.type->array() == nullptr) {
        return true;
    }
    const bool element_nullable = array.type->array()->contains_null;
    if (!(expr_foldable(index) && !index.nullable)) {
        return fail_on_error ? element_nullable : true;
    }
    const ExprList* elements = create_array_elements(array);
    bool field_nullable = false;
    if (elements == nullptr) {
        if (const GetArrayStructFields* g = array.as<GetArrayStructFields>()) {
            elements = create_array_elements(*g->child);
            if (elements != nullptr) {
                const ArrayType* at = g->child->type->array();
                field_nullable = (*at->element->struct_type())[g->ordinal].nullable;
            }
        }
    }
    const std::optional<std::int64_t> ordinal = eval_integral(index);
    if (elements == nullptr || !ordinal) {
        return true;
    }
    const auto n = static_cast<std::int64_t>(elements->size());
    const std::int64_t i = *ordinal;
    bool nullable = false;
    if (one_based) {
        if (i == 0) {
            nullable = false;
        } else if (n < std::llabs(i)) {
            nullable = !fail_on_error;
        } else {
            nullable = (*elements)[static_cast<std::size_t>(i < 0 ? n + i : i - 1)]->nullable;
        }
    } else {
        nullable =
            i >= 0 && i < n ? (*elements)[static_cast<std::size_t>(i)]->nullable : !fail_on_error;
    }
    return nullable || field_nullable;
}

TypePtr arithmetic_result_type(BinaryOpKind op, const TypePtr& left, const TypePtr& right) {
    if (is_decimal(*left) && is_decimal(*right)) {
        if (op == BinaryOpKind::IntegralDivide) {
            return long_type();
        }
        if (TypePtr t = arithmetic_decimal_result(op, *decimal_for(*left), *decimal_for(*right))) {
            return t;
        }
    }
    return op == BinaryOpKind::IntegralDivide ? long_type() : left;
}

// --- public: operators ---------------------------------------------------------------------

std::string_view operator_symbol(BinaryOpKind op) {
    switch (op) {
    case BinaryOpKind::And:
        return "AND";
    case BinaryOpKind::Or:
        return "OR";
    case BinaryOpKind::EqualTo:
        return "=";
    case BinaryOpKind::EqualNullSafe:
        return "<=>";
    case BinaryOpKind::LessThan:
        return "<";
    case BinaryOpKind::LessThanOrEqual:
        return "<=";
    case BinaryOpKind::GreaterThan:
        return ">";
    case BinaryOpKind::GreaterThanOrEqual:
        return ">=";
    case BinaryOpKind::Add:
        return "+";
    case BinaryOpKind::Subtract:
        return "-";
    case BinaryOpKind::Multiply:
        return "*";
    case BinaryOpKind::Divide:
        return "/";
    case BinaryOpKind::Remainder:
        return "%";
    case BinaryOpKind::IntegralDivide:
        return "div";
    case BinaryOpKind::BitwiseAnd:
        return "&";
    case BinaryOpKind::BitwiseOr:
        return "|";
    case BinaryOpKind::BitwiseXor:
        return "^";
    }
    return "?";
}

std::string_view operator_symbol(UnaryOpKind op) {
    switch (op) {
    case UnaryOpKind::Not:
        return "NOT";
    case UnaryOpKind::UnaryMinus:
        return "-";
    case UnaryOpKind::UnaryPositive:
        return "+";
    case UnaryOpKind::BitwiseNot:
        return "~";
    }
    return "?";
}

std::string_view typed_literal_keyword(const DataType& type) {
    return type.is(AtomicKind::Date)               ? "DATE"
           : type.is(AtomicKind::Timestamp)        ? "TIMESTAMP"
           : type.is(AtomicKind::TimestampNtz)     ? "TIMESTAMP_NTZ"
           : type.is(AtomicKind::CalendarInterval) ? "INTERVAL"
                                                   : "";
}

BinaryCoercion coerce_binary(BinaryOpKind op, const ExprPtr& left, const ExprPtr& right) {
    Operands o{left, right};
    // Catalyst applies its coercion rules to a fixed point; five rounds are more than any
    // operand pair needs (string promotion, then decimal widening, then a final cast).
    for (int round = 0; round < 5; ++round) {
        bool changed = promote_strings(o);
        changed = decimal_precision(op, o) || changed;
        if (op == BinaryOpKind::Divide) {
            changed = division(o) || changed;
        }
        if (op == BinaryOpKind::IntegralDivide) {
            changed = integral_division(o) || changed;
        }
        changed = implicit_binary(op, o) || changed;
        if (!changed) {
            break;
        }
    }
    if (!check_binary(op, *o.l->type, *o.r->type).empty()) {
        return {nullptr, nullptr,
                "cannot apply '" + std::string(operator_symbol(op)) + "' to " + str(*left->type) +
                    " and " + str(*right->type)};
    }
    return {o.l, o.r, {}};
}

UnaryCoercion coerce_unary(UnaryOpKind op, const ExprPtr& child) {
    const DataType& t = *child->type;
    ExprPtr c = child;
    switch (op) {
    case UnaryOpKind::Not:
        if (is_string_like(t) || is_null_type(t)) {
            c = cast_to(child, boolean_type());
        }
        break;
    case UnaryOpKind::UnaryMinus:
    case UnaryOpKind::UnaryPositive:
        // Spark: AnsiStringPromotionTypeCoercion (strings) and implicit casts (NULL).
        if (is_string_like(t) || is_null_type(t)) {
            c = cast_to(child, double_type());
        }
        break;
    case UnaryOpKind::BitwiseNot:
        if (is_null_type(t)) {
            c = cast_to(child, int_type());
        }
        break;
    }
    if (!unary_accepts(op, *c->type)) {
        return {nullptr, "cannot apply '" + std::string(operator_symbol(op)) + "' to " + str(t)};
    }
    return {c, {}};
}

// --- public: derive_type -------------------------------------------------------------------

Typed derive_type(const Expr::Node& node) {
    return std::visit(
        Overloaded{
            [](const AttributeReference& n) -> Typed {
                if (!n.type) {
                    ill_typed("attribute '" + n.name + "' without a type");
                }
                return {n.type, n.nullable};
            },
            [](const Literal& n) -> Typed {
                if (!n.type) {
                    ill_typed("literal without a type");
                }
                return {n.type, n.is_null};
            },
            [](const Alias& n) -> Typed {
                return {n.child->type, n.child->nullable};
            },
            [](const GetStructField& n) -> Typed {
                const StructType* s = n.child->type->struct_type();
                if (s == nullptr || n.ordinal >= s->size()) {
                    ill_typed("field " + std::to_string(n.ordinal) + " of " + str(*n.child->type));
                }
                const StructField& f = (*s)[n.ordinal];
                return {f.type, n.child->nullable || f.nullable};
            },
            [](const GetArrayStructFields& n) -> Typed {
                const ArrayType& a = need_array(*n.child, "GetArrayStructFields");
                const StructType* s = a.element->struct_type();
                if (s == nullptr || n.ordinal >= s->size()) {
                    ill_typed("field " + std::to_string(n.ordinal) + " of the elements of " +
                              str(*n.child->type));
                }
                return {make_array((*s)[n.ordinal].type, n.contains_null), n.child->nullable};
            },
            [](const GetArrayItem& n) -> Typed {
                const ArrayType& a = need_array(*n.child, "GetArrayItem");
                if (!is_integral(*n.index->type) && !is_null_type(*n.index->type)) {
                    ill_typed("array index of type " + str(*n.index->type));
                }
                // ANSI mode: an index out of bounds is an error, never NULL.
                return {a.element, array_access_nullable(*n.child, *n.index, true, false)};
            },
            [](const GetMapValue& n) -> Typed {
                const MapType& m = need_map(*n.child, "GetMapValue");
                return {m.value, true};
            },
            [](const ElementAt& n) -> Typed {
                if (const ArrayType* a = n.left->type->array()) {
                    if (!is_integral(*n.right->type)) {
                        ill_typed("element_at index of type " + str(*n.right->type));
                    }
                    return {a->element,
                            array_access_nullable(*n.left, *n.right, n.fail_on_error, true)};
                }
                const MapType& m = need_map(*n.left, "ElementAt");
                return {m.value, true};
            },
            [](const MapKeys& n) -> Typed {
                const MapType& m = need_map(*n.child, "MapKeys");
                // Spark: ArrayType(keyType), whose containsNull defaults to true.
                return {make_array(m.key, true), n.child->nullable};
            },
            [](const MapValues& n) -> Typed {
                const MapType& m = need_map(*n.child, "MapValues");
                return {make_array(m.value, m.value_contains_null), n.child->nullable};
            },
            [](const CreateNamedStruct& n) -> Typed {
                if (n.names.size() != n.values.size()) {
                    ill_typed("named_struct with " + std::to_string(n.names.size()) +
                              " names and " + std::to_string(n.values.size()) + " values");
                }
                std::vector<StructField> fields;
                fields.reserve(n.names.size());
                for (std::size_t i = 0; i < n.names.size(); ++i) {
                    fields.push_back(StructField{n.names[i].str(), n.values[i]->type,
                                                 n.values[i]->nullable, "{}"});
                }
                return {make_struct(std::move(fields)), false};
            },
            [](const NamedLambdaVariable& n) -> Typed {
                if (!n.type) {
                    ill_typed("lambda variable '" + n.name + "' without a type");
                }
                return {n.type, n.nullable};
            },
            [](const LambdaFunction& n) -> Typed {
                return {n.body->type, n.body->nullable};
            },
            [](const HigherOrderFunction& n) -> Typed { return derive_hof(n); },
            [](const ScalarFunction& n) -> Typed {
                if (n.def == nullptr) {
                    ill_typed("a function call without its function");
                }
                if (n.def->type == nullptr) {
                    ill_typed("function '" + std::string(n.def->name) + "' without typing");
                }
                TypeCheck check =
                    n.def->type(typed_arguments(*n.def, n.inputs(), n.within_group.size()));
                if (!check.ok()) {
                    ill_typed(check.error);
                }
                return check.result;
            },
            [](const BinaryOp& n) -> Typed { return derive_binary(n); },
            [](const UnaryOp& n) -> Typed {
                if (!unary_accepts(n.op, *n.child->type)) {
                    // Appended piece by piece: GCC 12 reports a false -Wrestrict inside
                    // `"'" + std::string(...)` at -O2 (GCC bug 105329), failing -Werror.
                    std::string what = "'";
                    what += operator_symbol(n.op);
                    what += "' over ";
                    what += str(*n.child->type);
                    ill_typed(what);
                }
                const TypePtr type = n.op == UnaryOpKind::Not ? boolean_type() : n.child->type;
                return {type, n.child->nullable};
            },
            [](const IsNull&) -> Typed {
                return {boolean_type(), false};
            },
            [](const IsNotNull&) -> Typed {
                return {boolean_type(), false};
            },
            [](const In& n) -> Typed { return derive_in(n); },
            [](const CaseWhen& n) -> Typed { return derive_case_when(n); },
            [](const Cast& n) -> Typed {
                if (!n.target || !can_cast(*n.child->type, *n.target)) {
                    ill_typed("cast from " + str(*n.child->type) + " to " +
                              (n.target ? str(*n.target) : std::string("nothing")));
                }
                return {n.target, n.try_cast || n.child->nullable ||
                                      cast_forces_nullable(*n.child->type, *n.target)};
            },
            [](const KnownNotContainsNull& n) -> Typed {
                const ArrayType& a = need_array(*n.child, "KnownNotContainsNull");
                return {make_array(a.element, false), n.child->nullable};
            },
            [](const SubqueryExpression& n) -> Typed {
                // Spark: Exists is never null; a ScalarSubquery always may be (no row); an
                // InSubquery is null when its value or a value of the query's column is.
                if (n.kind == SubqueryKind::Exists) {
                    return {boolean_type(), false};
                }
                const std::vector<ExprPtr> output = plan_output(n.plan());
                if (output.size() != 1) {
                    ill_typed("a subquery expression of " + std::to_string(output.size()) +
                              " columns");
                }
                if (n.kind == SubqueryKind::Scalar) {
                    return {output.front()->type, true};
                }
                const ExprPtr* value = n.value();
                if (value == nullptr ||
                    !same_ignoring_nullability(*(*value)->type, *output.front()->type) ||
                    !is_orderable(*output.front()->type)) {
                    ill_typed("IN subquery over " + str(*output.front()->type));
                }
                return {boolean_type(), (*value)->nullable || output.front()->nullable};
            }},
        node);
}

bool equals_structurally(const DataType& a, const DataType& b) {
    if (const StructType* sa = a.struct_type()) {
        const StructType* sb = b.struct_type();
        if (sb == nullptr || sa->size() != sb->size()) {
            return false;
        }
        for (std::size_t i = 0; i < sa->size(); ++i) {
            if (!equals_structurally(*(*sa)[i].type, *(*sb)[i].type)) {
                return false;
            }
        }
        return true;
    }
    if (const ArrayType* aa = a.array()) {
        return b.array() != nullptr && equals_structurally(*aa->element, *b.array()->element);
    }
    if (const MapType* ma = a.map()) {
        const MapType* mb = b.map();
        return mb != nullptr && equals_structurally(*ma->key, *mb->key) &&
               equals_structurally(*ma->value, *mb->value);
    }
    return same_type(a, b);
}

} // namespace prune
