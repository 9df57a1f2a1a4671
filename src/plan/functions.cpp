/// The function catalog: one row per ordinary function the analyzer knows (any other name is a
/// user-defined function), with Spark's implicit casts (`coerce`) and Spark's result type and
/// nullability (`type`).
///
///     coalesce(l.v - r.v, 0)     l.v, r.v INT (nullable)
///       coerce: both int, nothing to cast
///       type:   int, not nullable (Spark: Coalesce.nullable = every argument nullable)
///
///     array_contains(tags, 1L)   tags ARRAY<INT>
///       coerce: tags -> CAST(tags AS ARRAY<BIGINT>)   (Spark: findWiderTypeWithoutStringPromotion)
///       type:   boolean, nullable iff tags or the value is nullable or tags may hold NULLs
///
/// Higher-order functions and the functions the analyzer builds as their own nodes
/// (named_struct, struct, element_at, map_keys, map_values) are not rows here.

#include "plan/functions.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "diag/utf8.hpp"
#include "output/printers.hpp"
#include "plan/time_window.hpp"
#include "types/avro_schema.hpp"
#include "types/csv_infer.hpp"
#include "types/interval.hpp"
#include "types/java_number_text.hpp"
#include "types/json_infer.hpp"
#include "types/number_pattern.hpp"
#include "types/schema_formats.hpp"

namespace prune {
namespace {

using Args = std::vector<ExprPtr>;
using Inputs = std::span<const ExprPtr>;

// --- type predicates -----------------------------------------------------------------------

bool is_null_type(const DataType& t) { return t.is(AtomicKind::Null); }
bool is_boolean(const DataType& t) { return t.is(AtomicKind::Boolean); }
bool is_decimal(const DataType& t) { return t.is(AtomicKind::Decimal); }
bool is_int(const DataType& t) { return t.is(AtomicKind::Integer); }
bool is_fractional(const DataType& t) {
    return t.is(AtomicKind::Float) || t.is(AtomicKind::Double) || t.is(AtomicKind::Decimal);
}
bool is_ansi_interval(const DataType& t) {
    return t.is(AtomicKind::YearMonthInterval) || t.is(AtomicKind::DayTimeInterval);
}
bool is_datetime(const DataType& t) {
    return t.is(AtomicKind::Date) || t.is(AtomicKind::Timestamp) || t.is(AtomicKind::TimestampNtz);
}
bool is_spark_atomic(const DataType& t) {
    const AtomicType* a = t.atomic();
    return a != nullptr && a->kind != AtomicKind::Null && a->kind != AtomicKind::CalendarInterval;
}

TypePtr bounded_decimal(int p, int s) { return make_decimal(std::min(p, 38), std::min(s, 38)); }

// Spark: DecimalType.forType.
std::pair<int, int> decimal_for(const DataType& t) {
    switch (t.atomic() != nullptr ? t.atomic()->kind : AtomicKind::Null) {
    case AtomicKind::Byte:
        return {3, 0};
    case AtomicKind::Short:
        return {5, 0};
    case AtomicKind::Integer:
        return {10, 0};
    case AtomicKind::Long:
        return {20, 0};
    case AtomicKind::Float:
        return {14, 7};
    case AtomicKind::Double:
        return {30, 15};
    case AtomicKind::Decimal:
        return {t.atomic()->precision, t.atomic()->scale};
    default:
        return {38, 18};
    }
}

// --- results and messages ------------------------------------------------------------------

std::string str(const ExprPtr& e) { return catalog_string(*e->type); }

TypeCheck ok(TypePtr type, bool nullable) {
    TypeCheck c;
    c.result = Typed{std::move(type), nullable};
    return c;
}

TypeCheck fail(std::string_view fn, int arg, const std::string& message) {
    TypeCheck c;
    c.error = "function '" + std::string(fn) + "' " + message;
    c.bad_arg = arg;
    return c;
}

TypeCheck expects(std::string_view fn, Inputs a, std::size_t i, std::string_view what) {
    return fail(fn, static_cast<int>(i), "expects " + std::string(what) + ", got " + str(a[i]));
}

bool any_nullable(Inputs a) {
    return std::any_of(a.begin(), a.end(), [](const ExprPtr& e) { return e->nullable; });
}

ExprPtr null_literal() { return make_expr(Literal{null_type(), "null", true}); }

bool all_nullable(Inputs a) {
    return std::all_of(a.begin(), a.end(), [](const ExprPtr& e) { return e->nullable; });
}

/// A RuntimeReplaceable built with its replacement as the last argument (DatetimeSub, Extract,
/// DatePart, Left, Right): the replacement's type.
TypeCheck type_of_replacement(std::string_view, Inputs a) {
    return ok(a.back()->type, a.back()->nullable);
}

// The common type of a[first], a[first + step], ... up to nullability flags (Spark:
// ComplexTypeMergingExpression.dataType); `bad` is the first argument that does not fit.
struct Merged {
    TypePtr type;
    int bad = -1;
};

Merged merge_types(Inputs a, std::size_t first, std::size_t step = 1) {
    Merged m;
    for (std::size_t i = first; i < a.size(); i += step) {
        if (!m.type) {
            m.type = a[i]->type;
            continue;
        }
        std::optional<TypePtr> t = merge_null_flags(m.type, a[i]->type);
        if (!t) {
            m.bad = static_cast<int>(i);
            return m;
        }
        m.type = *t;
    }
    return m;
}

TypeCheck not_common(std::string_view fn, Inputs a, std::size_t first, int bad,
                     std::string_view what) {
    return fail(fn, bad,
                "expects " + std::string(what) + " of a common type, got " + str(a[first]) +
                    " and " + str(a[static_cast<std::size_t>(bad)]));
}

// --- implicit casts (Spark: AnsiTypeCoercion.implicitCast) ---------------------------------

/// What a parameter accepts: one concrete type or one of Spark's abstract types.
enum class Want : std::uint8_t {
    Type,        // exactly `type` (up to nullability)
    Numeric,     // NumericType
    Integral,    // IntegralType
    Decimal,     // DecimalType (any precision)
    AnyArray,    // ArrayType
    AnyMap,      // MapType
    StringArray, // AbstractArrayType(StringType)
    YearMonth,   // YearMonthIntervalType
    DayTime,     // DayTimeIntervalType
};

struct Expect {
    Want want = Want::Type;
    TypePtr type;
};

/// A parameter's accepted types; more than one is Spark's TypeCollection, tried in order.
using Expects = std::vector<Expect>;

Expect type_of(TypePtr t) { return {Want::Type, std::move(t)}; }
Expect want(Want w) { return {w, nullptr}; }

bool accepts(const Expect& e, const DataType& t) {
    switch (e.want) {
    case Want::Type:
        return same_type_ignoring_nullability(*e.type, t);
    case Want::Numeric:
        return is_numeric(t);
    case Want::Integral:
        return is_integral(t);
    case Want::Decimal:
        return is_decimal(t);
    case Want::AnyArray:
        return t.array() != nullptr;
    case Want::AnyMap:
        return t.map() != nullptr;
    case Want::StringArray:
        return t.array() != nullptr && is_string_like(*t.array()->element);
    case Want::YearMonth:
        return t.is(AtomicKind::YearMonthInterval);
    case Want::DayTime:
        return t.is(AtomicKind::DayTimeInterval);
    }
    return false;
}

TypePtr default_concrete(const Expect& e) {
    switch (e.want) {
    case Want::Type:
        return e.type;
    case Want::Numeric:
        return double_type();
    case Want::Integral:
        return int_type();
    case Want::Decimal:
        return make_decimal(38, 18);
    case Want::AnyArray:
        return make_array(null_type(), true);
    case Want::AnyMap:
        return make_map(null_type(), null_type(), true);
    case Want::StringArray:
        return make_array(string_type(), true);
    case Want::YearMonth:
        return make_interval(AtomicKind::YearMonthInterval, 0, 1);
    case Want::DayTime:
        return make_interval(AtomicKind::DayTimeInterval, 0, 3);
    }
    return nullptr;
}

std::optional<TypePtr> implicit_one(const TypePtr& in, const Expect& e) {
    if (accepts(e, *in)) {
        return in;
    }
    if (e.want == Want::Decimal && is_numeric(*in)) {
        const auto [p, s] = decimal_for(*in);
        return make_decimal(p, s);
    }
    if (e.want == Want::Integral && is_fractional(*in)) {
        return std::nullopt;
    }
    // Spark lets strings convert implicitly to any atomic type, against the SQL standard.
    if (is_string_like(*in) && ((e.want == Want::Type && is_spark_atomic(*e.type)) ||
                                e.want == Want::Numeric || e.want == Want::Decimal)) {
        return default_concrete(e);
    }
    if (e.want == Want::StringArray && in->array() != nullptr) {
        std::optional<TypePtr> elem = implicit_one(in->array()->element, type_of(string_type()));
        if (!elem) {
            return std::nullopt;
        }
        return make_array(*elem, true);
    }
    const TypePtr concrete = default_concrete(e);
    if (can_store_assign(*in, *concrete)) {
        return concrete;
    }
    return std::nullopt;
}

std::optional<TypePtr> implicit_type(const TypePtr& in, const Expects& expects) {
    for (const Expect& e : expects) {
        if (accepts(e, *in)) {
            return in;
        }
    }
    for (const Expect& e : expects) {
        if (std::optional<TypePtr> t = implicit_one(in, e)) {
            return t;
        }
    }
    return std::nullopt;
}

/// `e` implicitly cast to what the parameter expects, or `e` itself when it cannot be.
ExprPtr implicit(const ExprPtr& e, const Expects& expects) {
    std::optional<TypePtr> t = implicit_type(e->type, expects);
    return t ? cast_to(e, *t) : e;
}

/// Spark: ImplicitCastInputTypes — every argument with a parameter type implicitly cast.
Args implicit_args(Inputs a, const std::vector<Expects>& params) {
    Args out(a.begin(), a.end());
    for (std::size_t i = 0; i < out.size() && i < params.size(); ++i) {
        out[i] = implicit(out[i], params[i]);
    }
    return out;
}

/// Spark: ExpectsInputTypes — no implicit casts, but a NULL literal takes the parameter's
/// default concrete type.
Args null_args(Inputs a, const std::vector<Expects>& params) {
    Args out(a.begin(), a.end());
    for (std::size_t i = 0; i < out.size() && i < params.size(); ++i) {
        if (is_null_type(*out[i]->type) && !accepts(params[i].front(), *out[i]->type)) {
            out[i] = cast_to(out[i], default_concrete(params[i].front()));
        }
    }
    return out;
}

ExprPtr cast_if_not_same(const ExprPtr& e, const TypePtr& t) {
    return same_type_ignoring_nullability(*e->type, *t) ? e : cast_to(e, t);
}

/// Spark: the `castIfNotSameType` over `findWiderCommonType` of coalesce, array(), map(), ...
void cast_to_common(Args& a, std::size_t first, std::size_t step, bool string_promotion) {
    std::vector<TypePtr> types;
    for (std::size_t i = first; i < a.size(); i += step) {
        types.push_back(a[i]->type);
    }
    if (types.size() < 2 || std::all_of(types.begin(), types.end(), [&](const TypePtr& t) {
            return same_type_ignoring_nullability(*t, *types.front());
        })) {
        return;
    }
    std::optional<TypePtr> common = string_promotion
                                        ? wider_common_type(types)
                                        : wider_common_type_without_string_promotion(types);
    if (!common) {
        return;
    }
    for (std::size_t i = first; i < a.size(); i += step) {
        a[i] = cast_if_not_same(a[i], *common);
    }
}

Expects str_() { return {type_of(string_type())}; }
Expects int_() { return {type_of(int_type())}; }
Expects bool_() { return {type_of(boolean_type())}; }
Expects binary_() { return {type_of(make_atomic(AtomicKind::Binary))}; }
Expects array_() { return {want(Want::AnyArray)}; }
Expects numeric_or_interval() {
    return {want(Want::Numeric), want(Want::YearMonth), want(Want::DayTime)};
}

// --- collection functions ------------------------------------------------------------------

Args coerce_common_all(Inputs a) {
    Args out(a.begin(), a.end());
    cast_to_common(out, 0, 1, true);
    return out;
}

TypeCheck type_array(std::string_view fn, Inputs a) {
    const Merged m = merge_types(a, 0);
    if (m.bad >= 0) {
        return not_common(fn, a, 0, m.bad, "elements");
    }
    return ok(make_array(m.type ? m.type : null_type(), any_nullable(a)), false);
}

Args coerce_map(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() % 2 == 0) {
        cast_to_common(out, 0, 2, true);
        cast_to_common(out, 1, 2, true);
    }
    return out;
}

TypeCheck no_map_keys(std::string_view fn, std::size_t i, const TypePtr& key) {
    return fail(fn, static_cast<int>(i),
                "expects map keys that are not maps, got " + catalog_string(*key));
}

TypeCheck type_map(std::string_view fn, Inputs a) {
    if (a.size() % 2 != 0) {
        return fail(fn, -1, "expects an even number of arguments, got " + std::to_string(a.size()));
    }
    const Merged keys = merge_types(a, 0, 2);
    if (keys.bad >= 0) {
        return not_common(fn, a, 0, keys.bad, "keys");
    }
    const Merged values = merge_types(a, 1, 2);
    if (values.bad >= 0) {
        return not_common(fn, a, 1, values.bad, "values");
    }
    if (keys.type && holds_map(*keys.type)) {
        return no_map_keys(fn, 0, keys.type);
    }
    bool values_nullable = false;
    for (std::size_t i = 1; i < a.size(); i += 2) {
        values_nullable = values_nullable || a[i]->nullable;
    }
    return ok(make_map(keys.type ? keys.type : null_type(), values.type ? values.type : null_type(),
                       values_nullable),
              false);
}

TypeCheck type_map_from_arrays(std::string_view fn, Inputs a) {
    const ArrayType* keys = a[0]->type->array();
    if (keys == nullptr) {
        return expects(fn, a, 0, "an array of keys");
    }
    const ArrayType* values = a[1]->type->array();
    if (values == nullptr) {
        return expects(fn, a, 1, "an array of values");
    }
    if (holds_map(*keys->element)) {
        return no_map_keys(fn, 0, keys->element);
    }
    return ok(make_map(keys->element, values->element, values->contains_null),
              a[0]->nullable || a[1]->nullable);
}

TypeCheck type_map_from_entries(std::string_view fn, Inputs a) {
    const ArrayType* arr = a[0]->type->array();
    const StructType* entry = arr != nullptr ? arr->element->struct_type() : nullptr;
    if (entry == nullptr || entry->size() != 2) {
        return expects(fn, a, 0, "an array of key-value structs");
    }
    if (holds_map(*(*entry)[0].type)) {
        return no_map_keys(fn, 0, (*entry)[0].type);
    }
    return ok(make_map((*entry)[0].type, (*entry)[1].type, (*entry)[1].nullable),
              a[0]->nullable || arr->contains_null);
}

TypeCheck type_map_entries(std::string_view fn, Inputs a) {
    const MapType* m = a[0]->type->map();
    if (m == nullptr) {
        return expects(fn, a, 0, "a map");
    }
    TypePtr entry = make_struct({StructField{"key", m->key, false, "{}"},
                                 StructField{"value", m->value, m->value_contains_null, "{}"}});
    return ok(make_array(std::move(entry), false), a[0]->nullable);
}

// Spark: ElementAt.inputTypes — an integral index becomes int; a map key and the map's keys
// meet at their tightest common type.
Args coerce_element_at(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() != 2) {
        return out;
    }
    const DataType& index = *out[1]->type;
    if (out[0]->type->array() != nullptr) {
        if (is_integral(index) && !index.is(AtomicKind::Long)) {
            out[1] = cast_to(out[1], int_type());
        }
    } else if (const MapType* m = out[0]->type->map()) {
        if (std::optional<TypePtr> key = tightest_common_type(m->key, out[1]->type)) {
            out[0] = cast_if_not_same(out[0], make_map(*key, m->value, m->value_contains_null));
            out[1] = cast_if_not_same(out[1], *key);
        }
    }
    return out;
}

TypeCheck type_try_element_at(std::string_view fn, Inputs a) {
    if (const ArrayType* arr = a[0]->type->array()) {
        if (!is_int(*a[1]->type)) {
            return expects(fn, a, 1, "an int index");
        }
        return ok(arr->element, array_access_nullable(*a[0], *a[1], false, true));
    }
    const MapType* m = a[0]->type->map();
    if (m == nullptr) {
        return expects(fn, a, 0, "an array or a map");
    }
    if (!same_type_ignoring_nullability(*m->key, *a[1]->type)) {
        return expects(fn, a, 1, "a key of type " + catalog_string(*m->key));
    }
    return ok(m->value, true);
}

Args coerce_get(Inputs a) { return null_args(a, {array_(), {want(Want::Integral)}}); }

TypeCheck type_get(std::string_view fn, Inputs a) {
    const ArrayType* arr = a[0]->type->array();
    if (arr == nullptr) {
        return expects(fn, a, 0, "an array");
    }
    if (!is_integral(*a[1]->type)) {
        return expects(fn, a, 1, "an integral index");
    }
    return ok(arr->element, array_access_nullable(*a[0], *a[1], false, false));
}

Args coerce_size(Inputs a) { return null_args(a, {{want(Want::AnyArray), want(Want::AnyMap)}}); }

TypeCheck type_size(std::string_view fn, Inputs a) {
    if (a[0]->type->array() == nullptr && a[0]->type->map() == nullptr) {
        return expects(fn, a, 0, "an array or a map");
    }
    // ANSI mode: spark.sql.legacy.sizeOfNull is off, so size(NULL) is NULL.
    return ok(int_type(), a[0]->nullable);
}

Args coerce_array_arg(Inputs a) { return implicit_args(a, {array_()}); }

TypeCheck type_array_size(std::string_view fn, Inputs a) {
    if (a[0]->type->array() == nullptr) {
        return expects(fn, a, 0, "an array");
    }
    return ok(int_type(), a[0]->nullable);
}

using FindTwo = std::optional<TypePtr> (*)(const TypePtr&, const TypePtr&);

std::optional<TypePtr> tightest(const TypePtr& a, const TypePtr& b) {
    return tightest_common_type(a, b);
}

std::optional<TypePtr> wider_no_string(const TypePtr& a, const TypePtr& b) {
    return wider_common_type_without_string_promotion({a, b});
}

// Spark: array_contains / array_position / array_remove cast the array and the value to a
// common element type.
Args coerce_array_and_value(Inputs a, FindTwo find) {
    Args out(a.begin(), a.end());
    if (out.size() != 2 || is_null_type(*out[1]->type)) {
        return out;
    }
    const ArrayType* arr = out[0]->type->array();
    if (arr == nullptr) {
        return out;
    }
    if (std::optional<TypePtr> t = find(arr->element, out[1]->type)) {
        out[0] = cast_if_not_same(out[0], make_array(*t, arr->contains_null));
        out[1] = cast_if_not_same(out[1], *t);
    }
    return out;
}

TypeCheck check_array_and_value(std::string_view fn, Inputs a, bool null_allowed) {
    if (!null_allowed && (is_null_type(*a[0]->type) || is_null_type(*a[1]->type))) {
        return fail(fn, is_null_type(*a[0]->type) ? 0 : 1, "does not accept NULL arguments");
    }
    const ArrayType* arr = a[0]->type->array();
    if (arr == nullptr) {
        return expects(fn, a, 0, "an array");
    }
    if (!same_type_ignoring_nullability(*arr->element, *a[1]->type)) {
        return expects(fn, a, 1, "a value of the element type " + catalog_string(*arr->element));
    }
    if (!is_orderable(*a[1]->type)) {
        return fail(fn, 1, "cannot compare values of type " + str(a[1]));
    }
    return TypeCheck{};
}

TypeCheck type_array_contains(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_array_and_value(fn, a, false); !c.ok()) {
        return c;
    }
    const bool nullable = a[0]->nullable || a[1]->nullable || a[0]->type->array()->contains_null;
    return ok(boolean_type(), nullable);
}

TypeCheck type_array_position(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_array_and_value(fn, a, false); !c.ok()) {
        return c;
    }
    return ok(long_type(), a[0]->nullable || a[1]->nullable);
}

TypeCheck type_array_remove(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_array_and_value(fn, a, true); !c.ok()) {
        return c;
    }
    return ok(a[0]->type, a[0]->nullable || a[1]->nullable);
}

TypeCheck type_same_array(std::string_view fn, Inputs a) {
    if (a[0]->type->array() == nullptr) {
        return expects(fn, a, 0, "an array");
    }
    return ok(a[0]->type, a[0]->nullable);
}

// Spark: BinaryArrayExpressionWithImplicitCast — both arrays cast to the tightest common
// element type, each keeping its containsNull.
Args coerce_two_arrays(Inputs a) {
    Args out = null_args(a, {array_(), array_()});
    if (out.size() != 2) {
        return out;
    }
    const ArrayType* l = out[0]->type->array();
    const ArrayType* r = out[1]->type->array();
    if (l == nullptr || r == nullptr) {
        return out;
    }
    if (std::optional<TypePtr> t = tightest_common_type(l->element, r->element)) {
        out[0] = cast_if_not_same(out[0], make_array(*t, l->contains_null));
        out[1] = cast_if_not_same(out[1], make_array(*t, r->contains_null));
    }
    return out;
}

enum class SetOp : std::uint8_t { Union, Intersect, Except, Overlap };

TypeCheck type_set_op(std::string_view fn, Inputs a, SetOp op) {
    for (std::size_t i = 0; i < 2; ++i) {
        if (a[i]->type->array() == nullptr) {
            return expects(fn, a, i, "an array");
        }
    }
    const ArrayType& l = *a[0]->type->array();
    const ArrayType& r = *a[1]->type->array();
    std::optional<TypePtr> element = merge_null_flags(l.element, r.element);
    if (!element) {
        return fail(fn, 1,
                    "expects arrays of the same element type, got " + str(a[0]) + " and " +
                        str(a[1]));
    }
    if (!is_orderable(**element)) {
        return fail(fn, 0, "cannot compare elements of type " + catalog_string(**element));
    }
    const bool either = a[0]->nullable || a[1]->nullable;
    switch (op) {
    case SetOp::Union:
        return ok(make_array(*element, l.contains_null || r.contains_null), either);
    case SetOp::Intersect:
        return ok(make_array(*element, l.contains_null && r.contains_null), either);
    case SetOp::Except:
        return ok(make_array(*element, l.contains_null), either);
    case SetOp::Overlap:
        return ok(boolean_type(), either || l.contains_null || r.contains_null);
    }
    return ok(boolean_type(), true);
}

// Spark: ArraysZip names each struct field after its argument: a column or alias name, the
// name of an extracted field, a map key literal, else the argument's position.
std::string zip_field_name(const Expr& e, std::size_t i) {
    if (const AttributeReference* a = e.as<AttributeReference>()) {
        return a->name.str();
    }
    if (const Alias* a = e.as<Alias>()) {
        return a->name.str();
    }
    if (const NamedLambdaVariable* v = e.as<NamedLambdaVariable>()) {
        return v->name.str();
    }
    if (const GetStructField* g = e.as<GetStructField>()) {
        return std::string(shown_field_name(*g));
    }
    if (const GetArrayStructFields* g = e.as<GetArrayStructFields>()) {
        return std::string(shown_field_name(*g));
    }
    if (const GetMapValue* g = e.as<GetMapValue>()) {
        const Literal* key = g->key->as<Literal>();
        if (key != nullptr && !key->is_null && is_string_like(*key->type)) {
            return key->text.str();
        }
    }
    return std::to_string(i);
}

TypeCheck type_arrays_zip(std::string_view fn, Inputs a) {
    std::vector<StructField> fields;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const ArrayType* arr = a[i]->type->array();
        if (arr == nullptr) {
            return expects(fn, a, i, "an array");
        }
        fields.push_back(StructField{zip_field_name(*a[i], i), arr->element, true, "{}"});
    }
    return ok(make_array(make_struct(std::move(fields)), false), any_nullable(a));
}

TypeCheck type_flatten(std::string_view fn, Inputs a) {
    const ArrayType* outer = a[0]->type->array();
    if (outer == nullptr || outer->element->array() == nullptr) {
        return expects(fn, a, 0, "an array of arrays");
    }
    return ok(outer->element, a[0]->nullable || outer->contains_null);
}

// Spark: FunctionArgumentTypeCoercion (arrays of different element types meet at their wider
// common type) and ConcatTypeCoercion (every other argument is implicitly cast to string).
Args coerce_concat(Inputs a) {
    Args out(a.begin(), a.end());
    const bool all_arrays = std::all_of(
        out.begin(), out.end(), [](const ExprPtr& e) { return e->type->array() != nullptr; });
    if (all_arrays) {
        cast_to_common(out, 0, 1, true);
        return out;
    }
    const bool all_binary = std::all_of(
        out.begin(), out.end(), [](const ExprPtr& e) { return e->type->is(AtomicKind::Binary); });
    if (!all_binary) {
        for (ExprPtr& e : out) {
            e = implicit(e, str_());
        }
    }
    return out;
}

TypeCheck type_concat(std::string_view fn, Inputs a) {
    if (a.empty()) {
        return ok(string_type(), false);
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        const DataType& t = *a[i]->type;
        if (!is_string_like(t) && !t.is(AtomicKind::Binary) && t.array() == nullptr) {
            return expects(fn, a, i, "a string, a binary or an array");
        }
    }
    const bool nullable = any_nullable(a);
    if (std::all_of(a.begin(), a.end(),
                    [](const ExprPtr& e) { return is_string_like(*e->type); })) {
        return ok(string_type(), nullable);
    }
    const Merged m = merge_types(a, 0);
    if (m.bad >= 0) {
        return not_common(fn, a, 0, m.bad, "arguments");
    }
    return ok(m.type, nullable);
}

Args coerce_reverse(Inputs a) {
    return implicit_args(a, {{type_of(string_type()), want(Want::AnyArray)}});
}

TypeCheck type_reverse(std::string_view fn, Inputs a) {
    if (is_string_like(*a[0]->type)) {
        return ok(string_type(), a[0]->nullable);
    }
    if (a[0]->type->array() == nullptr) {
        return expects(fn, a, 0, "a string or an array");
    }
    return ok(a[0]->type, a[0]->nullable);
}

Args coerce_null_array(Inputs a) { return null_args(a, {array_()}); }

Args coerce_slice(Inputs a) { return implicit_args(a, {array_(), int_(), int_()}); }

TypeCheck type_slice(std::string_view fn, Inputs a) {
    if (a[0]->type->array() == nullptr) {
        return expects(fn, a, 0, "an array");
    }
    for (std::size_t i = 1; i < 3; ++i) {
        if (!is_int(*a[i]->type)) {
            return expects(fn, a, i, "an int");
        }
    }
    return ok(a[0]->type, any_nullable(a));
}

bool is_boolean_literal(const Expr& e) {
    const Literal* lit = e.as<Literal>();
    return lit != nullptr && !lit->is_null && is_boolean(*lit->type);
}

TypeCheck type_sort_array(std::string_view fn, Inputs a) {
    const ArrayType* arr = a[0]->type->array();
    if (arr == nullptr) {
        return expects(fn, a, 0, "an array");
    }
    if (!is_orderable(*arr->element)) {
        return fail(fn, 0, "cannot sort elements of type " + catalog_string(*arr->element));
    }
    if (a.size() > 1 && !is_boolean_literal(*a[1])) {
        return expects(fn, a, 1, "a boolean literal for the sort order");
    }
    return ok(a[0]->type, a[0]->nullable || (a.size() > 1 && a[1]->nullable));
}

TypeCheck type_array_extreme(std::string_view fn, Inputs a) {
    const ArrayType* arr = a[0]->type->array();
    if (arr == nullptr) {
        return expects(fn, a, 0, "an array");
    }
    if (!is_orderable(*arr->element)) {
        return fail(fn, 0, "cannot order elements of type " + catalog_string(*arr->element));
    }
    return ok(arr->element, true);
}

// Spark: an array that is not array<string> is implicitly cast to one; the delimiter and
// the NULL replacement must be strings (only a NULL literal is cast).
Args coerce_array_join(Inputs a) {
    Args out = null_args(a, {array_(), str_(), str_()});
    if (const ArrayType* arr = out[0]->type->array();
        arr != nullptr && !is_string_like(*arr->element)) {
        const TypePtr target = make_array(string_type(), arr->contains_null);
        if (can_store_assign(*out[0]->type, *target)) {
            out[0] = cast_to(out[0], target);
        }
    }
    return out;
}

TypeCheck type_array_join(std::string_view fn, Inputs a) {
    const ArrayType* arr = a[0]->type->array();
    if (arr == nullptr || !is_string_like(*arr->element)) {
        return expects(fn, a, 0, "an array of strings");
    }
    for (std::size_t i = 1; i < a.size(); ++i) {
        if (!is_string_like(*a[i]->type)) {
            return expects(fn, a, i, "a string");
        }
    }
    return ok(string_type(), any_nullable(a));
}

Args coerce_array_repeat(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() == 2) {
        out[1] = implicit(out[1], int_());
    }
    return out;
}

TypeCheck type_array_repeat(std::string_view fn, Inputs a) {
    if (!is_int(*a[1]->type)) {
        return expects(fn, a, 1, "an int count");
    }
    return ok(make_array(a[0]->type, a[0]->nullable), a[1]->nullable);
}

TypeCheck type_array_compact(std::string_view fn, Inputs a) {
    const ArrayType* arr = a[0]->type->array();
    if (arr == nullptr) {
        return expects(fn, a, 0, "an array");
    }
    return ok(make_array(arr->element, false), a[0]->nullable);
}

// Spark: Sequence.coercibleChildren (start, stop and an integral step) meet at their wider
// common type; an interval step keeps its own type.
Args coerce_sequence(Inputs a) {
    Args out(a.begin(), a.end());
    std::vector<std::size_t> coercible;
    std::vector<TypePtr> types;
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (!is_interval(*out[i]->type)) {
            coercible.push_back(i);
            types.push_back(out[i]->type);
        }
    }
    const bool same = std::all_of(types.begin(), types.end(), [&](const TypePtr& t) {
        return same_type_ignoring_nullability(*t, *types.front());
    });
    if (types.size() < 2 || same) {
        return out;
    }
    if (std::optional<TypePtr> common = wider_common_type(types)) {
        for (std::size_t i : coercible) {
            out[i] = cast_if_not_same(out[i], *common);
        }
    }
    return out;
}

TypeCheck type_sequence(std::string_view fn, Inputs a) {
    const DataType& start = *a[0]->type;
    if (!same_type_ignoring_nullability(start, *a[1]->type)) {
        return fail(fn, 1,
                    "expects start and stop of the same type, got " + str(a[0]) + " and " +
                        str(a[1]));
    }
    if (is_integral(start)) {
        if (a.size() > 2 && !same_type_ignoring_nullability(start, *a[2]->type)) {
            return expects(fn, a, 2, "a step of type " + str(a[0]));
        }
    } else if (is_datetime(start)) {
        if (a.size() > 2 && !is_interval(*a[2]->type)) {
            return expects(fn, a, 2, "an interval step");
        }
    } else {
        return expects(fn, a, 0, "an integral, date or timestamp start");
    }
    return ok(make_array(a[0]->type, false), any_nullable(a));
}

// --- conditional functions -----------------------------------------------------------------

// Spark: IfCoercion — the branches meet at their wider type, a NULL condition is boolean.
Args coerce_if(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() != 3) {
        return out;
    }
    if (is_null_type(*out[0]->type)) {
        out[0] = cast_to(out[0], boolean_type());
    }
    cast_to_common(out, 1, 1, true);
    return out;
}

TypeCheck type_if(std::string_view fn, Inputs a) {
    if (!is_boolean(*a[0]->type)) {
        return expects(fn, a, 0, "a boolean condition");
    }
    const Merged m = merge_types(a, 1);
    if (m.bad >= 0) {
        return not_common(fn, a, 1, m.bad, "branches");
    }
    return ok(m.type, a[1]->nullable || a[2]->nullable);
}

TypeCheck type_coalesce(std::string_view fn, Inputs a) {
    const Merged m = merge_types(a, 0);
    if (m.bad >= 0) {
        return not_common(fn, a, 0, m.bad, "arguments");
    }
    // Spark: Coalesce.nullable — NULL only when every argument can be NULL.
    return ok(m.type, all_nullable(a));
}

Args coerce_nvl2(Inputs a) {
    Args out(a.begin(), a.end());
    cast_to_common(out, 1, 1, true);
    return out;
}

TypeCheck type_nvl2(std::string_view fn, Inputs a) {
    const Merged m = merge_types(a, 1);
    if (m.bad >= 0) {
        return not_common(fn, a, 1, m.bad, "values");
    }
    return ok(m.type, a[1]->nullable || a[2]->nullable);
}

// Spark: NullIf is If(EqualTo(left, right), NULL, left): the comparison is coerced, the result
// keeps the left argument's type. Only a cast of the right argument is kept here.
Args coerce_nullif(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() != 2) {
        return out;
    }
    BinaryCoercion c = coerce_binary(BinaryOpKind::EqualTo, out[0], out[1]);
    if (c.error.empty() && c.left == out[0]) {
        out[1] = c.right;
    }
    return out;
}

TypeCheck type_nullif(std::string_view fn, Inputs a) {
    BinaryCoercion c = coerce_binary(BinaryOpKind::EqualTo, a[0], a[1]);
    if (!c.error.empty()) {
        return fail(fn, 1, "cannot compare " + str(a[0]) + " and " + str(a[1]));
    }
    return ok(a[0]->type, true);
}

Args coerce_greatest(Inputs a) {
    Args out(a.begin(), a.end());
    cast_to_common(out, 0, 1, false);
    return out;
}

TypeCheck type_greatest(std::string_view fn, Inputs a) {
    const Merged m = merge_types(a, 0);
    if (m.bad >= 0) {
        return not_common(fn, a, 0, m.bad, "arguments");
    }
    if (!is_orderable(*m.type)) {
        return fail(fn, 0, "cannot order values of type " + catalog_string(*m.type));
    }
    return ok(m.type, all_nullable(a));
}

TypeCheck type_is_null(std::string_view, Inputs) { return ok(boolean_type(), false); }

// --- string functions ----------------------------------------------------------------------

Args coerce_concat_ws(Inputs a) {
    Args out(a.begin(), a.end());
    for (std::size_t i = 0; i < out.size(); ++i) {
        out[i] = implicit(
            out[i], i == 0 ? str_() : Expects{want(Want::StringArray), type_of(string_type())});
    }
    return out;
}

TypeCheck type_concat_ws(std::string_view fn, Inputs a) {
    if (!is_string_like(*a[0]->type)) {
        return expects(fn, a, 0, "a string separator");
    }
    for (std::size_t i = 1; i < a.size(); ++i) {
        const DataType& t = *a[i]->type;
        if (!is_string_like(t) && !(t.array() != nullptr && is_string_like(*t.array()->element))) {
            return expects(fn, a, i, "a string or an array of strings");
        }
    }
    return ok(string_type(), a[0]->nullable);
}

Args coerce_length(Inputs a) {
    return implicit_args(a, {{type_of(string_type()), type_of(make_atomic(AtomicKind::Binary))}});
}

TypeCheck type_length(std::string_view fn, Inputs a) {
    if (!is_string_like(*a[0]->type) && !a[0]->type->is(AtomicKind::Binary)) {
        return expects(fn, a, 0, "a string or a binary");
    }
    return ok(int_type(), a[0]->nullable);
}

Args coerce_strings(Inputs a) { return implicit_args(a, std::vector<Expects>(a.size(), str_())); }

TypeCheck check_strings(std::string_view fn, Inputs a, std::size_t first, std::size_t last) {
    for (std::size_t i = first; i < last && i < a.size(); ++i) {
        if (!is_string_like(*a[i]->type)) {
            return expects(fn, a, i, "a string");
        }
    }
    return TypeCheck{};
}

/// Every argument a string; `result`, NULL when any argument is.
TypeCheck strings_to(std::string_view fn, Inputs a, TypePtr result) {
    if (TypeCheck c = check_strings(fn, a, 0, a.size()); !c.ok()) {
        return c;
    }
    return ok(std::move(result), any_nullable(a));
}

TypeCheck type_string_to_string(std::string_view fn, Inputs a) {
    return strings_to(fn, a, string_type());
}

/// Spark: StringReplace; `replace(s, search)` replaces with "" (its two-argument constructor
/// adds the literal, so the SQL form shows it).
Args coerce_replace(Inputs a) {
    Args out = coerce_strings(a);
    if (out.size() == 2) {
        out.push_back(make_expr(Literal{string_type(), Name(), false}));
    }
    return out;
}

/// Spark: Mask(input, upperChar, lowerChar, digitChar, otherChar). Its builder fills the
/// replacements not given with 'X', 'x', 'n' and a NULL string (keep the character), so the
/// plan shows all five.
Args coerce_mask(Inputs a) {
    Args out = coerce_strings(a);
    static constexpr std::array<std::string_view, 3> kDefaults{"X", "x", "n"};
    while (out.size() < 4) {
        out.push_back(make_expr(Literal{string_type(), Name(kDefaults[out.size() - 1]), false}));
    }
    if (out.size() == 4) {
        out.push_back(make_expr(Literal{string_type(), Name(), true}));
    }
    return out;
}

/// Each replacement is a constant, NULL or one character (Spark's NON_FOLDABLE_INPUT and
/// INPUT_SIZE_NOT_ONE); the result is nullable whatever the input (Mask.nullable).
TypeCheck type_mask(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, a.size()); !c.ok()) {
        return c;
    }
    static constexpr std::array<std::string_view, 4> kNames{"upperChar", "lowerChar", "digitChar",
                                                            "otherChar"};
    for (std::size_t i = 1; i < a.size() && i <= kNames.size(); ++i) {
        const std::string name(kNames[i - 1]);
        if (!expr_foldable(*a[i])) {
            return fail(fn, static_cast<int>(i), "expects a constant " + name);
        }
        const auto* lit = a[i]->as<Literal>();
        if (lit != nullptr && !lit->is_null &&
            (lit->text.empty() || utf8_sequence_length(lit->text, 0) != lit->text.size())) {
            std::string message = "expects ";
            message += name;
            message += " to be one character, got '";
            message += lit->text.view();
            message += "'";
            return fail(fn, static_cast<int>(i), message);
        }
    }
    return ok(string_type(), true);
}

/// Spark: Decode, `decode(expr, search, result [, search, result] ... [, default])`, a
/// RuntimeReplaceable: CASE WHEN expr <=> search THEN result ... ELSE default END, built here
/// as the last argument. Without a default the ELSE is a NULL string, which widens with the
/// results as a CASE's branches do (under ANSI, integral results make a BIGINT). The two-argument
/// form is StringDecode (a charset), the row `decode_charset`.
Args coerce_decode(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() < 3) {
        return out;
    }
    std::vector<std::pair<ExprPtr, ExprPtr>> branches;
    ExprPtr otherwise = make_expr(Literal{string_type(), Name(), true});
    for (std::size_t i = 1; i < out.size(); i += 2) {
        if (i + 1 == out.size()) {
            otherwise = out[i];
            break;
        }
        BinaryCoercion compared = coerce_binary(BinaryOpKind::EqualNullSafe, out[0], out[i]);
        if (!compared.error.empty()) {
            return out; // the type check reports it
        }
        branches.emplace_back(
            make_expr(BinaryOp{BinaryOpKind::EqualNullSafe, std::move(compared.left),
                               std::move(compared.right)}),
            out[i + 1]);
    }
    std::vector<TypePtr> results{otherwise->type};
    for (const auto& branch : branches) {
        results.push_back(branch.second->type);
    }
    const std::optional<TypePtr> common = wider_common_type(results);
    if (!common) {
        return out; // the type check reports it
    }
    for (auto& branch : branches) {
        branch.second = cast_to(branch.second, *common);
    }
    out.push_back(make_expr(CaseWhen{std::move(branches), cast_to(otherwise, *common)}));
    return out;
}

TypeCheck type_decode(std::string_view fn, Inputs a) {
    if (!a.back()->is<CaseWhen>()) {
        for (std::size_t i = 1; i + 1 < a.size(); i += 2) {
            if (const BinaryCoercion c = coerce_binary(BinaryOpKind::EqualNullSafe, a[0], a[i]);
                !c.error.empty()) {
                return fail(fn, static_cast<int>(i),
                            "cannot compare its input with it: " + c.error);
            }
        }
        return fail(fn, 2, "has results of no common type");
    }
    return type_of_replacement(fn, a);
}

/// Spark's StringDecode (`decode(bin, charset)`: a binary and a string, implicitly cast), a
/// string; Encode (two strings), a binary. NULL when either argument is.
Args coerce_string_decode(Inputs a) { return implicit_args(a, {binary_(), str_()}); }
TypeCheck type_string_decode(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Binary)) {
        return expects(fn, a, 0, "a binary");
    }
    if (TypeCheck c = check_strings(fn, a, 1, 2); !c.ok()) {
        return c;
    }
    return ok(string_type(), any_nullable(a));
}
TypeCheck type_encode(std::string_view fn, Inputs a) {
    return strings_to(fn, a, make_atomic(AtomicKind::Binary));
}

/// Spark: StringRepeat (a string, then an int count).
Args coerce_repeat(Inputs a) { return implicit_args(a, {str_(), int_()}); }

TypeCheck type_repeat(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 1); !c.ok()) {
        return c;
    }
    if (!is_int(*a[1]->type)) {
        return expects(fn, a, 1, "an int");
    }
    return ok(string_type(), any_nullable(a));
}

/// Spark: StringInstr (two strings; the 1-based position, 0 when absent).
TypeCheck type_instr(std::string_view fn, Inputs a) { return strings_to(fn, a, int_type()); }

/// Spark's StringLPad and StringRPad: `lpad(s, n)` pads with a space, a literal its builder
/// adds, so the SQL form shows it.
Args coerce_pad(Inputs a) {
    Args out = implicit_args(a, {str_(), int_(), str_()});
    if (out.size() == 2) {
        out.push_back(make_expr(Literal{string_type(), Name(" "), false}));
    }
    return out;
}

TypeCheck type_pad(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 1); !c.ok()) {
        return c;
    }
    if (!a[1]->type->is(AtomicKind::Integer)) {
        return expects(fn, a, 1, "an int length");
    }
    if (TypeCheck c = check_strings(fn, a, 2, 3); !c.ok()) {
        return c;
    }
    return ok(string_type(), any_nullable(a));
}

/// Spark's RegExpReplace(subject, regexp, rep, position): its three-argument constructor adds
/// the position 1, so the SQL form shows it.
Args coerce_regexp_replace(Inputs a) {
    Args out = implicit_args(a, {str_(), str_(), str_(), int_()});
    if (out.size() == 3) {
        out.push_back(make_expr(Literal{int_type(), Name("1"), false}));
    }
    return out;
}

TypeCheck type_regexp_replace(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 3); !c.ok()) {
        return c;
    }
    if (a.size() > 3 && !a[3]->type->is(AtomicKind::Integer)) {
        return expects(fn, a, 3, "an int position");
    }
    return ok(string_type(), any_nullable(a));
}

/// Spark's StartsWith, EndsWith and Contains (StringPredicate): a boolean of two strings.
TypeCheck type_string_predicate(std::string_view fn, Inputs a) {
    return strings_to(fn, a, boolean_type());
}

Args coerce_substring(Inputs a) {
    return implicit_args(
        a, {{type_of(string_type()), type_of(make_atomic(AtomicKind::Binary))}, int_(), int_()});
}

/// Spark's Left and Right (RuntimeReplaceable, a string or binary and an int length): the
/// replacement is built here as the last argument, once the arguments have their types.
///   left(s, n)  = substring(s, 1, n)
///   right(s, n) = if(isnull(s), NULL, if(n <= 0, '', substring(s, -n, n)))
template <bool Right> Args coerce_left_right(Inputs a) {
    Args out = coerce_substring(a);
    if (out.size() != 2 ||
        !(is_string_like(*out[0]->type) || out[0]->type->is(AtomicKind::Binary)) ||
        !out[1]->type->is(AtomicKind::Integer)) {
        return out; // the type check reports it
    }
    const ExprPtr& s = out[0];
    const ExprPtr& n = out[1];
    auto call = [](std::string_view name, std::vector<ExprPtr> args) {
        return make_expr(ScalarFunction{&catalog_function(name), std::move(args), false});
    };
    auto int_literal = [](std::string_view v) {
        return make_expr(Literal{int_type(), Name(v), false});
    };
    if (!Right) {
        out.push_back(call("substring", {s, int_literal("1"), n}));
        return out;
    }
    ExprPtr tail = call("substring", {s, make_expr(UnaryOp{UnaryOpKind::UnaryMinus, n}), n});
    ExprPtr empty_or_tail =
        call("if", {make_expr(BinaryOp{BinaryOpKind::LessThanOrEqual, n, int_literal("0")}),
                    make_expr(Literal{s->type, Name(), false}), tail});
    out.push_back(call(
        "if", {make_expr(IsNull{s}), make_expr(Literal{s->type, Name(), true}), empty_or_tail}));
    return out;
}

TypeCheck type_left_right(std::string_view fn, Inputs a) {
    if (!is_string_like(*a[0]->type) && !a[0]->type->is(AtomicKind::Binary)) {
        return expects(fn, a, 0, "a string or binary value");
    }
    if (a.size() < 2 || !a[1]->type->is(AtomicKind::Integer)) {
        return expects(fn, a, 1, "an int length");
    }
    return type_of_replacement(fn, a);
}

TypeCheck type_substring(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (!is_string_like(t) && !t.is(AtomicKind::Binary)) {
        return expects(fn, a, 0, "a string or a binary");
    }
    for (std::size_t i = 1; i < a.size(); ++i) {
        if (!is_int(*a[i]->type)) {
            return expects(fn, a, i, "an int");
        }
    }
    return ok(is_string_like(t) ? string_type() : a[0]->type, any_nullable(a));
}

/// Spark: Substring's two-argument constructor adds the length Integer.MAX_VALUE, which its
/// SQL form shows: `substr(s, 5, 2147483647)`.
Args coerce_substring_length(Inputs a) {
    Args out = coerce_substring(a);
    if (out.size() == 2) {
        out.push_back(make_expr(Literal{int_type(), Name("2147483647"), false}));
    }
    return out;
}

/// Spark: StringLocate(substr, str[, start]); its two-argument constructor starts at 1.
Args coerce_locate(Inputs a) {
    Args out = implicit_args(a, {str_(), str_(), int_()});
    if (out.size() == 2) {
        out.push_back(make_expr(Literal{int_type(), Name("1"), false}));
    }
    return out;
}

/// An int, NULL when the string or the substring is (a NULL start finds nothing: 0).
TypeCheck type_locate(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 2); !c.ok()) {
        return c;
    }
    if (a.size() > 2 && !is_int(*a[2]->type)) {
        return expects(fn, a, 2, "an int");
    }
    return ok(int_type(), a[0]->nullable || a[1]->nullable);
}

/// Spark: Overlay(input, replace, pos[, len]) over strings or binaries; len defaults to -1
/// (the replacement's length), which its SQL form shows.
Args coerce_overlay(Inputs a) {
    const Expects string_or_binary{type_of(string_type()),
                                   type_of(make_atomic(AtomicKind::Binary))};
    Args out = implicit_args(a, {string_or_binary, string_or_binary, int_(), int_()});
    if (out.size() == 3) {
        out.push_back(make_expr(Literal{int_type(), Name("-1"), false}));
    }
    return out;
}

TypeCheck type_overlay(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (!is_string_like(t) && !t.is(AtomicKind::Binary)) {
        return expects(fn, a, 0, "a string or a binary");
    }
    if (is_string_like(t) ? !is_string_like(*a[1]->type) : !a[1]->type->is(AtomicKind::Binary)) {
        return expects(fn, a, 1, is_string_like(t) ? "a string" : "a binary");
    }
    for (std::size_t i = 2; i < a.size(); ++i) {
        if (!is_int(*a[i]->type)) {
            return expects(fn, a, i, "an int");
        }
    }
    return ok(is_string_like(t) ? string_type() : a[0]->type, any_nullable(a));
}

Args coerce_two_strings_int(Inputs a) { return implicit_args(a, {str_(), str_(), int_()}); }

TypeCheck check_two_strings_int(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 2); !c.ok()) {
        return c;
    }
    if (a.size() > 2 && !is_int(*a[2]->type)) {
        return expects(fn, a, 2, "an int");
    }
    return TypeCheck{};
}

TypeCheck type_split(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_two_strings_int(fn, a); !c.ok()) {
        return c;
    }
    return ok(make_array(string_type(), false), any_nullable(a));
}

TypeCheck type_regexp_extract(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_two_strings_int(fn, a); !c.ok()) {
        return c;
    }
    return ok(string_type(), any_nullable(a));
}

Args coerce_first_string(Inputs a) { return implicit_args(a, {str_()}); }

// The escape literal (a third argument) is checked, not cast.
Args coerce_like(Inputs a) {
    if (a.size() != 3) {
        return coerce_strings(a);
    }
    Args out = coerce_strings(Args{a[0], a[1]});
    out.push_back(a[2]);
    return out;
}

TypeCheck type_format_string(std::string_view fn, Inputs a) {
    if (!is_string_like(*a[0]->type)) {
        return expects(fn, a, 0, "a string format");
    }
    return ok(string_type(), a[0]->nullable);
}

// LIKE's escape: a string literal of one character, which for Spark is one Java char (a code
// point outside the BMP is two).
bool like_escape_char(const Expr& e) {
    const auto* lit = e.as<Literal>();
    if (lit == nullptr || lit->is_null || !is_string_like(*e.type) || lit->text.empty()) {
        return false;
    }
    const std::string_view text = lit->text;
    return utf8_sequence_length(text, 0) == text.size() && text.size() <= 3;
}

TypeCheck type_like(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 2); !c.ok()) {
        return c;
    }
    if (a.size() == 3 && !like_escape_char(*a[2])) {
        // Spark: INVALID_ESCAPE_CHAR, raised by the parser for `ESCAPE` and by like()'s builder.
        TypeCheck c;
        const auto* lit = a[2]->as<Literal>();
        c.error = "the escape character of LIKE must be a string literal of exactly one "
                  "character" +
                  (lit != nullptr ? ", got '" + lit->text.str() + "'" : std::string());
        c.bad_arg = 2;
        return c;
    }
    return ok(boolean_type(), a[0]->nullable || a[1]->nullable);
}

// LikeAny and its kin: the operand and its patterns (string literals, by construction) are
// strings; the result may be null whatever they are (Spark: MultiLikeBase.nullable).
TypeCheck type_multi_like(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, a.size()); !c.ok()) {
        return c;
    }
    return ok(boolean_type(), true);
}

// --- math functions ------------------------------------------------------------------------

Args coerce_abs(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() == 1 && is_string_like(*out[0]->type)) {
        out[0] = cast_to(out[0], double_type()); // Spark: AnsiStringPromotionTypeCoercion
        return out;
    }
    return implicit_args(out, {numeric_or_interval()});
}

TypeCheck type_abs(std::string_view fn, Inputs a) {
    if (!is_numeric(*a[0]->type) && !is_ansi_interval(*a[0]->type)) {
        return expects(fn, a, 0, "a numeric or interval value");
    }
    return ok(a[0]->type, a[0]->nullable);
}

// The constant int scale of round, floor and ceil.
std::optional<std::int64_t> constant_scale(const Expr& e) {
    if (!is_int(*e.type) || !expr_foldable(e) || e.nullable) {
        return std::nullopt;
    }
    return eval_integral(e);
}

// Spark: RoundBase.dataType.
TypePtr round_type(const TypePtr& t, std::int64_t scale) {
    const int precision = t->atomic()->precision;
    const int old_scale = t->atomic()->scale;
    const int integral_digits = precision - old_scale + 1;
    if (scale < 0) {
        const std::int64_t p = std::max<std::int64_t>(integral_digits, -scale + 1);
        return make_decimal(static_cast<int>(std::min<std::int64_t>(p, 38)), 0);
    }
    const int s = static_cast<int>(std::min<std::int64_t>(old_scale, scale));
    return make_decimal(std::min(integral_digits + s, 38), s);
}

Args coerce_round(Inputs a) { return implicit_args(a, {{want(Want::Numeric)}, int_()}); }

TypeCheck type_round(std::string_view fn, Inputs a) {
    if (!is_numeric(*a[0]->type)) {
        return expects(fn, a, 0, "a numeric value");
    }
    std::int64_t scale = 0;
    if (a.size() > 1) {
        std::optional<std::int64_t> s = constant_scale(*a[1]);
        if (!s) {
            return expects(fn, a, 1, "a constant int scale");
        }
        scale = *s;
    }
    // Spark: RoundBase.nullable — rounding a decimal can overflow to NULL.
    return ok(is_decimal(*a[0]->type) ? round_type(a[0]->type, scale) : a[0]->type, true);
}

Args coerce_floor_ceil(Inputs a) {
    if (a.size() > 1) {
        return implicit_args(a, {{want(Want::Decimal)}, int_()}); // RoundFloor / RoundCeil
    }
    return implicit_args(a, {{type_of(double_type()), want(Want::Decimal), type_of(long_type())}});
}

TypeCheck type_floor_ceil(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (a.size() > 1) {
        if (!is_decimal(t)) {
            return expects(fn, a, 0, "a decimal value");
        }
        std::optional<std::int64_t> s = constant_scale(*a[1]);
        if (!s) {
            return expects(fn, a, 1, "a constant int scale");
        }
        return ok(round_type(a[0]->type, *s), true);
    }
    if (is_decimal(t)) {
        const int p = t.atomic()->precision;
        const int s = t.atomic()->scale;
        return ok(s == 0 ? a[0]->type : bounded_decimal(p - s + 1, 0), true);
    }
    if (t.is(AtomicKind::Double) || t.is(AtomicKind::Long)) {
        return ok(long_type(), true); // Spark: UnaryMathExpression.nullable
    }
    return expects(fn, a, 0, "a numeric value");
}

// Spark: Pmod is a BinaryArithmetic: its operands are coerced as `%`'s are.
Args coerce_pmod(Inputs a) {
    if (a.size() != 2) {
        return Args(a.begin(), a.end());
    }
    BinaryCoercion c = coerce_binary(BinaryOpKind::Remainder, a[0], a[1]);
    return c.error.empty() ? Args{c.left, c.right} : Args(a.begin(), a.end());
}

TypeCheck type_pmod(std::string_view fn, Inputs a) {
    if (!is_numeric(*a[0]->type) || !same_type_ignoring_nullability(*a[0]->type, *a[1]->type)) {
        return fail(fn, -1,
                    "expects numeric arguments of a common type, got " + str(a[0]) + " and " +
                        str(a[1]));
    }
    return ok(arithmetic_result_type(BinaryOpKind::Remainder, a[0]->type, a[1]->type), true);
}

/// mod(a, b): Spark's Remainder, typed as `a % b` (decimals of different scales are fine).
TypeCheck type_remainder(std::string_view fn, Inputs a) {
    const bool decimals = is_decimal(*a[0]->type) && is_decimal(*a[1]->type);
    if (!is_numeric(*a[0]->type) ||
        (!decimals && !same_type_ignoring_nullability(*a[0]->type, *a[1]->type))) {
        return fail(fn, -1,
                    "expects numeric arguments of a common type, got " + str(a[0]) + " and " +
                        str(a[1]));
    }
    return ok(arithmetic_result_type(BinaryOpKind::Remainder, a[0]->type, a[1]->type), true);
}

// --- other functions -----------------------------------------------------------------------

TypeCheck type_to_json(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (t.struct_type() == nullptr && t.array() == nullptr && t.map() == nullptr &&
        !t.is(AtomicKind::Variant)) {
        return expects(fn, a, 0, "a struct, an array, a map or a variant");
    }
    if (a.size() > 1 && a[1]->type->map() == nullptr) {
        return expects(fn, a, 1, "a map of options");
    }
    return ok(string_type(), true);
}

/// Argument `i`, which Spark requires to be constant (NON_FOLDABLE_INPUT), as a literal: null,
/// with `failure` set, when it is not constant, or is a constant expression other than a
/// literal (which is not evaluated here).
const Literal* literal_argument(std::string_view fn, Inputs a, std::size_t i, std::string_view what,
                                TypeCheck& failure) {
    std::string message = "expects ";
    if (!expr_foldable(*a[i])) {
        message += "a constant ";
        message += what;
        failure = fail(fn, static_cast<int>(i), message);
        return nullptr;
    }
    const auto* lit = a[i]->as<Literal>();
    if (lit == nullptr) {
        message += "the ";
        message += what;
        message += " as a literal (a constant expression is not evaluated here)";
        failure = fail(fn, static_cast<int>(i), message);
    }
    return lit;
}

/// Spark: ExprUtils.evalTypeExpr — from_json's and from_csv's schema is a string literal, read
/// as DataType.fromDDL reads it (a data type, `ARRAY<INT>`, then a column list, `a INT, b
/// STRING`) and then as DataType.fromJson. Null with `error` set when it is neither.
TypePtr schema_of_literal(const Expr& e, std::string& error) {
    // A call Spark folds to a constant (schema_of_json) is one: its replacement.
    const auto* folded = e.as<ScalarFunction>();
    const auto* lit = folded != nullptr && folded->def->replaced_by_last && !folded->args.empty()
                          ? folded->args.back()->as<Literal>()
                          : e.as<Literal>();
    if (lit == nullptr || lit->is_null || !is_string_like(*lit->type)) {
        error = "expects its schema as a string literal (DDL or Spark's JSON form)";
        return nullptr;
    }
    const std::string text(lit->text.view());
    try {
        return parse_ddl_type(text);
    } catch (const SchemaError&) {
        // not a data type: a column list, or JSON
    }
    try {
        return parse_ddl_schema(SourceFile("schema", text));
    } catch (const SchemaError& ddl) {
        const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
        if (json.is_discarded()) {
            error = "cannot read its schema '" + text + "': " + ddl.what();
            return nullptr;
        }
        try {
            return from_spark_json(json, "schema");
        } catch (const SchemaError& bad) {
            error = "cannot read its schema '" + text + "': " + bad.what();
            return nullptr;
        }
    }
}

/// A schema inference from a constant text: the type, or null with `error` set.
using InferSchema = TypePtr (*)(std::string_view text, std::string& error);

/// Spark's SchemaOfJson and SchemaOfCsv: the type Spark infers from a constant JSON document
/// (types/json_infer.hpp) or CSV line (types/csv_infer.hpp), as a STRING constant — foldable,
/// so Spark's optimizer makes it a literal, built here as the last argument; from_json and
/// from_csv take it as a schema. Options (which change the inference) are not modelled.
template <InferSchema infer> Args coerce_schema_of(Inputs a) {
    Args out(a.begin(), a.end());
    const auto* lit = out.empty() ? nullptr : out[0]->as<Literal>();
    if (lit != nullptr && !lit->is_null && is_string_like(*lit->type)) {
        std::string error;
        if (const TypePtr type = infer(lit->text.view(), error)) {
            out.push_back(make_expr(Literal{string_type(), Name(sql_string(*type)), false}));
        }
    }
    return out;
}
/// Typed once its text's type is the last argument (a written second argument, options,
/// comes before it).
template <InferSchema infer> TypeCheck type_schema_of(std::string_view fn, Inputs a) {
    const std::string_view noun = infer == &infer_json_type ? "JSON document" : "CSV line";
    if (TypeCheck c = check_strings(fn, a, 0, 1); !c.ok()) {
        return c;
    }
    TypeCheck failure;
    const Literal* lit = literal_argument(fn, a, 0, noun, failure);
    if (lit == nullptr) {
        return failure;
    }
    if (lit->is_null) {
        std::string message = "expects a ";
        message += noun;
        message += ", got NULL";
        return fail(fn, 0, message);
    }
    std::string error;
    const TypePtr type = infer(lit->text.view(), error);
    const auto* inferred = a.size() == 2 ? a[1]->as<Literal>() : nullptr;
    const bool replaced = type != nullptr && inferred != nullptr && !inferred->is_null &&
                          is_string_like(*inferred->type) &&
                          inferred->text.view() == sql_string(*type);
    if (type == nullptr ? a.size() > 1 : !replaced) {
        return fail(fn, 1,
                    "takes no options here (they change the inference, which is not "
                    "modelled for them: docs/FUNCTIONS.md)");
    }
    if (type == nullptr) {
        std::string message = "cannot infer a schema from its ";
        message += noun;
        message += ": ";
        message += error;
        return fail(fn, 0, message);
    }
    return ok(string_type(), false);
}

/// The options argument of from_json, from_csv and to_json: Spark takes only a `map(...)` of
/// string literals (ExprUtils.convertToMapData).
bool is_options_map(const Expr& e) {
    const auto* call = e.as<ScalarFunction>();
    if (call == nullptr || call->name() != "map") {
        return false;
    }
    return std::all_of(call->args.begin(), call->args.end(), [](const ExprPtr& arg) {
        const auto* lit = arg->as<Literal>();
        return lit != nullptr && !lit->is_null && is_string_like(*lit->type);
    });
}

/// The schema literal (argument 1) of from_json and from_csv, over a string (argument 0); null
/// with `failure` set when either does not do.
TypePtr parsed_schema(std::string_view fn, Inputs a, TypeCheck& failure) {
    if (!is_string_like(*a[0]->type)) {
        failure = expects(fn, a, 0, "a string");
        return nullptr;
    }
    std::string error;
    TypePtr schema = schema_of_literal(*a[1], error);
    if (schema == nullptr) {
        failure = fail(fn, 1, error);
    }
    return schema;
}

/// parsed_schema for the functions that take only a struct (from_csv, from_xml).
TypePtr parsed_struct_schema(std::string_view fn, Inputs a, TypeCheck& failure) {
    TypePtr schema = parsed_schema(fn, a, failure);
    if (schema != nullptr && schema->struct_type() == nullptr) {
        failure = fail(fn, 1, "expects a struct for its schema, got " + catalog_string(*schema));
        return nullptr;
    }
    return schema;
}

/// Spark's JsonToStructs: a string parsed by the schema, which may be a struct, an array or a
/// map (of string keys), every part of it nullable (`schema.asNullable`).
TypeCheck type_from_json(std::string_view fn, Inputs a) {
    TypeCheck failure;
    const TypePtr schema = parsed_schema(fn, a, failure);
    if (schema == nullptr) {
        return failure;
    }
    if (schema->struct_type() == nullptr && schema->array() == nullptr &&
        schema->map() == nullptr && !schema->is(AtomicKind::Variant)) {
        return fail(fn, 1,
                    "expects a struct, an array, a map or a variant for its schema, got " +
                        catalog_string(*schema));
    }
    if (const MapType* m = schema->map(); m != nullptr && !is_string_like(*m->key)) {
        return fail(fn, 1, "expects a map schema with string keys, got " + catalog_string(*schema));
    }
    if (a.size() > 2 && !is_options_map(*a[2])) {
        return fail(fn, 2, "expects its options as map() of string literals");
    }
    return ok(as_nullable(schema), true);
}

/// Spark's CsvToStructs: a string parsed by a struct schema of atomic fields, nullable as the
/// string is.
TypeCheck type_from_csv(std::string_view fn, Inputs a) {
    TypeCheck failure;
    const TypePtr schema = parsed_struct_schema(fn, a, failure);
    if (schema == nullptr) {
        return failure;
    }
    for (const StructField& f : schema->struct_type()->fields()) {
        if (f.type->atomic() == nullptr) {
            return fail(fn, 1,
                        "cannot read a CSV field of type " + catalog_string(*f.type) + " ('" +
                            f.name + "')");
        }
    }
    if (a.size() > 2 && !is_options_map(*a[2])) {
        return fail(fn, 2, "expects its options as map() of string literals");
    }
    return ok(as_nullable(schema), a[0]->nullable);
}

/// The (key, value) entries of an options argument (`map('k', 'v', ...)`, `map()` or NULL).
std::vector<std::pair<std::string, std::string>> option_entries(const Expr& e) {
    std::vector<std::pair<std::string, std::string>> out;
    if (const auto* call = e.as<ScalarFunction>(); call != nullptr && call->name() == "map") {
        for (std::size_t i = 0; i + 1 < call->args.size(); i += 2) {
            out.emplace_back(std::string(call->args[i]->as<Literal>()->text.view()),
                             std::string(call->args[i + 1]->as<Literal>()->text.view()));
        }
    }
    return out;
}

/// The `(key,value)` entries of the options map argument `at`, as Spark's plans flatten a Map
/// parameter, separated by ", ", the first after `first` (", " when they follow the schema).
std::string plan_options(Inputs a, std::size_t at = 2, std::string_view first = ", ") {
    std::string out;
    if (a.size() > at) {
        for (const auto& [key, value] : option_entries(*a[at])) {
            out += out.empty() ? first : std::string_view(", ");
            out += '(';
            out += key;
            out += ',';
            out += value;
            out += ')';
        }
    }
    return out;
}

/// Spark 4's XmlToStructs: an XML string parsed by a struct schema (DDL or JSON, as
/// from_json's), every part of it nullable; always nullable.
TypeCheck type_from_xml(std::string_view fn, Inputs a) {
    TypeCheck failure;
    const TypePtr schema = parsed_struct_schema(fn, a, failure);
    if (schema == nullptr) {
        return failure;
    }
    if (a.size() > 2 && !is_options_map(*a[2])) {
        return fail(fn, 2, "expects its options as map() of string literals");
    }
    return ok(as_nullable(schema), true);
}

// --- Avro (Spark 4's FromAvro and ToAvro, replaced by spark-avro's expressions) ---------------

/// Argument `i` of an Avro function: a string literal (the schema's JSON form), or NULL.
/// Null with `failure` set when it is neither.
const Literal* avro_schema_argument(std::string_view fn, Inputs a, std::size_t i,
                                    TypeCheck& failure) {
    const auto* lit = a[i]->as<Literal>();
    if (lit == nullptr || !(is_string_like(*lit->type) || is_null_type(*lit->type))) {
        failure = fail(fn, static_cast<int>(i),
                       "expects a constant string holding the Avro schema's JSON form");
        return nullptr;
    }
    return lit;
}

/// What from_avro's options say of its type (spark-avro's AvroOptions, keys ignoring case): the
/// schema to read by (`avroSchema`), PERMISSIVE mode (every part nullable), and the union and
/// recursion options of the conversion. Sets `error` for a value Spark rejects.
struct FromAvroOptions {
    AvroTypeOptions type;
    std::optional<std::string> avro_schema;
    bool permissive = false;
};

FromAvroOptions from_avro_options(const Expr& options, std::string& error) {
    FromAvroOptions out;
    const auto boolean = [&](const std::string& key, const std::string& v) {
        if (!equal_ignoring_ascii_case(v, "true") && !equal_ignoring_ascii_case(v, "false")) {
            error = "expects the option " + key + " to be true or false, got '" + v + "'";
        }
        return equal_ignoring_ascii_case(v, "true");
    };
    for (const auto& [key, value] : option_entries(options)) {
        if (equal_ignoring_ascii_case(key, "mode")) {
            // Spark's ParseMode.fromString: an unknown mode is PERMISSIVE.
            if (equal_ignoring_ascii_case(value, "DROPMALFORMED")) {
                error = "doesn't support the DROPMALFORMED mode (PERMISSIVE and FAILFAST are)";
            }
            out.permissive = !equal_ignoring_ascii_case(value, "FAILFAST");
        } else if (equal_ignoring_ascii_case(key, "avroSchema")) {
            out.avro_schema = value;
        } else if (equal_ignoring_ascii_case(key, "enableStableIdentifiersForUnionType")) {
            out.type.stable_union_ids = boolean(key, value);
        } else if (equal_ignoring_ascii_case(key, "stableIdentifierPrefixForUnionType")) {
            out.type.union_prefix = value;
        } else if (equal_ignoring_ascii_case(key, "recursiveFieldMaxDepth")) {
            // Scala's toInt: Java's Integer.parseInt.
            if (!parses_as_java_integer(value, 2147483647)) {
                error =
                    "expects the option recursiveFieldMaxDepth to be an int, got '" + value + "'";
            } else {
                out.type.recursive_max_depth = static_cast<int>(std::stoll(value));
            }
        }
    }
    return out;
}

/// Spark 4's FromAvro(child, jsonFormatSchema, options): Avro binary decoded by the schema, a
/// constant string, into SchemaConverters.toSqlType's type (every part nullable in PERMISSIVE
/// mode); always nullable. Its replacement, spark-avro's AvroDataToCatalyst, takes a binary
/// (ExpectsInputTypes: not cast). spark-avro must be loaded for Spark to take the call at all.
TypeCheck type_from_avro(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Binary)) {
        return expects(fn, a, 0, "a binary");
    }
    TypeCheck failure;
    const Literal* schema = avro_schema_argument(fn, a, 1, failure);
    if (schema == nullptr) {
        return failure;
    }
    if (!is_options_map(*a[2]) && !is_null_type(*a[2]->type)) {
        return fail(fn, 2, "expects its options as map() of string literals");
    }
    std::string error;
    const FromAvroOptions options = from_avro_options(*a[2], error);
    if (!error.empty()) {
        return fail(fn, 2, error);
    }
    try {
        const std::string text = options.avro_schema
                                     ? *options.avro_schema
                                     : (schema->is_null ? std::string() : schema->text.str());
        const AvroSqlType t = avro_to_sql_type(text, options.type);
        return ok(options.permissive ? as_nullable(t.type) : t.type, true);
    } catch (const SchemaError& bad) {
        return fail(fn, options.avro_schema ? 2 : 1,
                    std::string("cannot read its Avro schema: ") + bad.what());
    }
}

/// AvroDataToCatalyst(child, jsonFormatSchema, options): the schema's text and the options as
/// a Scala Map after the child.
PlanParameters plan_from_avro(Inputs a, const DataType&) {
    const auto* schema = a[1]->as<Literal>();
    std::string after = ", ";
    after += schema->is_null ? "" : schema->text.str();
    std::string entries;
    for (const auto& [key, value] : option_entries(*a[2])) {
        entries += entries.empty() ? "" : ", ";
        entries += key;
        entries += " -> ";
        entries += value;
    }
    after += ", Map(" + entries + ')';
    return {"", after, 1};
}

/// ToAvro's one-argument constructor: the schema NULL.
Args coerce_to_avro(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() == 1) {
        out.push_back(null_literal());
    }
    return out;
}

/// Spark 4's ToAvro(child, jsonFormatSchema): a value as Avro binary, nullable as it is. The
/// schema, a constant string or NULL (derived from the value's type), is read when the query
/// runs, so neither it nor its fit to the value is checked at analysis, in Spark or here.
TypeCheck type_to_avro(std::string_view fn, Inputs a) {
    TypeCheck failure;
    if (avro_schema_argument(fn, a, 1, failure) == nullptr) {
        return failure;
    }
    return ok(make_atomic(AtomicKind::Binary), a[0]->nullable);
}

/// CatalystDataToAvro(child, jsonFormatSchema: Option[String]).
PlanParameters plan_to_avro(Inputs a, const DataType&) {
    const auto* schema = a[1]->as<Literal>();
    if (schema->is_null) {
        return {"", ", None", 1};
    }
    std::string after = ", Some(";
    after += schema->text.str();
    after += ')';
    return {"", after, 1};
}

// --- VARIANT (Spark 4's variantExpressions.scala) -------------------------------------------

TypeCheck expects_variant(std::string_view fn, Inputs a, std::size_t i) {
    return a[i]->type->is(AtomicKind::Variant) ? TypeCheck{} : expects(fn, a, i, "a variant");
}

/// Spark's ParseJson (parse_json; try_parse_json with failOnError false): a JSON string as a
/// VARIANT. ExpectsInputTypes: a string, not cast to one. Nullable as the string is, and
/// always for the try_ form.
template <bool Try> TypeCheck type_parse_json(std::string_view fn, Inputs a) {
    if (!is_string_like(*a[0]->type)) {
        return expects(fn, a, 0, "a string");
    }
    return ok(make_atomic(AtomicKind::Variant), Try || a[0]->nullable);
}

/// Spark's IsVariantNull: whether a VARIANT is the JSON null; false for a SQL NULL.
TypeCheck type_is_variant_null(std::string_view fn, Inputs a) {
    if (TypeCheck c = expects_variant(fn, a, 0); !c.ok()) {
        return c;
    }
    return ok(boolean_type(), false);
}

/// Spark's SchemaOfVariant (nullable as its VARIANT is) and SchemaOfVariantAgg (never null):
/// the schema, as SQL (`STRUCT<a: BIGINT>`), of a VARIANT, of all of a column's for the
/// aggregate.
template <bool Aggregate> TypeCheck type_schema_of_variant(std::string_view fn, Inputs a) {
    if (TypeCheck c = expects_variant(fn, a, 0); !c.ok()) {
        return c;
    }
    return ok(string_type(), !Aggregate && a[0]->nullable);
}

/// Spark's ToVariantObject: a struct, array or map (string keys) of values a VARIANT can hold,
/// as a VARIANT whose structs are objects (CAST to VARIANT takes none of them but arrays).
TypeCheck type_to_variant_object(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if ((t.struct_type() == nullptr && t.array() == nullptr && t.map() == nullptr) ||
        !variant_castable(t, true)) {
        return fail(fn, 0, "cannot cast " + str(a[0]) + " to a variant");
    }
    return ok(make_atomic(AtomicKind::Variant), a[0]->nullable);
}

/// VariantGet's target type: argument 2, a type as a string literal (ExprUtils.evalTypeExpr:
/// DDL or Spark's JSON form, no CHAR or VARCHAR) that a VARIANT casts to; VARIANT when the
/// call has two arguments. Null with `failure` set when it does not do.
TypePtr variant_get_target(std::string_view fn, Inputs a, TypeCheck& failure) {
    if (a.size() < 3) {
        return make_atomic(AtomicKind::Variant);
    }
    std::string error;
    TypePtr target = schema_of_literal(*a[2], error);
    if (target == nullptr) {
        failure = fail(fn, 2, error);
        return nullptr;
    }
    if (exists_recursively(*target, [](const DataType& t) {
            return t.is(AtomicKind::Char) || t.is(AtomicKind::Varchar);
        })) {
        failure = fail(fn, 2, "cannot take a CHAR or VARCHAR type, got " + catalog_string(*target));
        return nullptr;
    }
    if (!variant_castable(*target, true)) {
        failure = fail(fn, 2, "cannot cast a variant to " + catalog_string(*target));
        return nullptr;
    }
    return target;
}

/// Spark's VariantGet (variant_get; try_variant_get with failOnError false): the value at a
/// JSON path (`$.a[0]`) of a VARIANT cast to the target type made nullable; always nullable (a
/// missing path, a variant null). The path is any string: Spark reads a constant one when the
/// query runs (a path it cannot read fails then, INVALID_VARIANT_GET_PATH).
TypeCheck type_variant_get(std::string_view fn, Inputs a) {
    if (TypeCheck c = expects_variant(fn, a, 0); !c.ok()) {
        return c;
    }
    if (!is_string_like(*a[1]->type)) {
        return expects(fn, a, 1, "a string path");
    }
    TypeCheck failure;
    const TypePtr target = variant_get_target(fn, a, failure);
    if (target == nullptr) {
        return failure;
    }
    return ok(as_nullable(target), true);
}

/// VariantGet(child, path, targetType, failOnError, timeZoneId): the target type as written
/// and the failOnError flag after the children, then the session zone.
template <bool FailOnError> PlanParameters plan_variant_get(Inputs a, const DataType&) {
    TypeCheck failure;
    const TypePtr target = variant_get_target("variant_get", a, failure);
    if (target == nullptr) {
        throw InternalError("a variant_get target type its typing read is unreadable: " +
                            failure.error);
    }
    std::string after = ", " + scala_string(*target);
    after += FailOnError ? ", true, " : ", false, ";
    after += kSessionZoneParameter;
    return {"", after};
}

/// Spark's StructsToCsv and StructsToXml (ExpectsInputTypes: a struct of any values but
/// VARIANT): its CSV line or XML document, always nullable.
TypeCheck type_to_csv(std::string_view fn, Inputs a) {
    if (a[0]->type->struct_type() == nullptr) {
        return expects(fn, a, 0, "a struct");
    }
    if (holds_variant(*a[0]->type)) {
        return expects(fn, a, 0, "a struct that holds no variant");
    }
    if (a.size() > 1 && !is_options_map(*a[1])) {
        return fail(fn, 1, "expects its options as map() of string literals");
    }
    return ok(string_type(), true);
}

/// StructsToCsv and StructsToXml(options, child, timeZoneId): the options' entries before the
/// child.
PlanParameters plan_to_csv(Inputs a, const DataType&) { return {plan_options(a, 1, ""), ""}; }

/// JsonToStructs(schema, options, child, timeZoneId, variantAllowDuplicateKeys): the schema's
/// fields (a struct is flattened into the arguments) and the options before the child.
PlanParameters plan_from_json(Inputs a, const DataType& result) {
    const StructType* s = result.struct_type();
    return {(s != nullptr ? scala_fields(*s, ", ") : scala_string(result)) + plan_options(a),
            ", false"};
}

/// The struct schema of from_csv or from_xml as written (argument 1), which plans print: not
/// the result type, nullable throughout or narrowed. Typing has read it already.
TypePtr written_struct_schema(Inputs a) {
    std::string error;
    TypePtr schema = schema_of_literal(*a[1], error);
    if (schema == nullptr || schema->struct_type() == nullptr) {
        std::string message = "a struct schema its typing read is unreadable: ";
        message += error;
        throw InternalError(message);
    }
    return schema;
}

/// XmlToStructs(schema, options, child, timeZoneId): the schema as written, its fields
/// flattened into the arguments, and the options before the child.
PlanParameters plan_from_xml(Inputs a, const DataType&) {
    return {scala_fields(*written_struct_schema(a)->struct_type(), ", ") + plan_options(a), ""};
}

/// CsvToStructs(schema, options, child, timeZoneId, requiredSchema): the schema as written,
/// and the required schema when OptimizeCsvJsonExprs narrowed the result to it.
PlanParameters plan_from_csv(Inputs a, const DataType& result) {
    const TypePtr schema = written_struct_schema(a);
    const StructType& full = *schema->struct_type();
    const bool narrowed = result.struct_type()->size() != full.size();
    return {scala_fields(full, ", ") + plan_options(a),
            narrowed ? ", Some(" + scala_string(result) + ")" : ", None"};
}

TypeCheck type_hash(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        // Spark: HashExpression's HASH_MAP_TYPE and HASH_VARIANT_TYPE.
        if (holds_map(*a[i]->type) || holds_variant(*a[i]->type)) {
            return fail(fn, static_cast<int>(i), "cannot hash values of type " + str(a[i]));
        }
    }
    return ok(int_type(), false);
}

Args coerce_md5(Inputs a) { return implicit_args(a, {binary_()}); }

TypeCheck type_md5(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Binary)) {
        return expects(fn, a, 0, "a binary");
    }
    return ok(string_type(), a[0]->nullable);
}

Args coerce_sha2(Inputs a) { return implicit_args(a, {binary_(), int_()}); }

TypeCheck type_sha2(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Binary)) {
        return expects(fn, a, 0, "a binary");
    }
    if (!is_int(*a[1]->type)) {
        return expects(fn, a, 1, "an int bit length");
    }
    return ok(string_type(), true); // an unsupported bit length gives NULL
}

/// Spark's Crc32 (ImplicitCastInputTypes: a binary), a bigint.
TypeCheck type_crc32(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Binary)) {
        return expects(fn, a, 0, "a binary");
    }
    return ok(long_type(), a[0]->nullable);
}

/// Spark's Hex (ImplicitCastInputTypes: a bigint, a binary or a string), a string.
Args coerce_hex(Inputs a) {
    return implicit_args(a, {{type_of(long_type()), type_of(make_atomic(AtomicKind::Binary)),
                              type_of(string_type())}});
}
TypeCheck type_hex(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (!t.is(AtomicKind::Long) && !t.is(AtomicKind::Binary) && !is_string_like(t)) {
        return expects(fn, a, 0, "a bigint, a binary or a string");
    }
    return ok(string_type(), a[0]->nullable);
}

/// Spark's Bin and Chr (ImplicitCastInputTypes: a bigint), a string.
Args coerce_long(Inputs a) { return implicit_args(a, {{type_of(long_type())}}); }
TypeCheck type_long_to_string(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Long)) {
        return expects(fn, a, 0, "a bigint");
    }
    return ok(string_type(), a[0]->nullable);
}

/// Spark's Ascii (a string), an int: the first character's code point, 0 for "".
TypeCheck type_ascii(std::string_view fn, Inputs a) { return strings_to(fn, a, int_type()); }

/// Spark's StringSpace (ImplicitCastInputTypes: an int), a string of that many spaces.
Args coerce_space(Inputs a) { return implicit_args(a, {int_()}); }
TypeCheck type_space(std::string_view fn, Inputs a) {
    if (!is_int(*a[0]->type)) {
        return expects(fn, a, 0, "an int");
    }
    return ok(string_type(), a[0]->nullable);
}

/// Spark's Levenshtein(left, right[, threshold]): an int, -1 past the threshold.
TypeCheck type_levenshtein(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_two_strings_int(fn, a); !c.ok()) {
        return c;
    }
    return ok(int_type(), any_nullable(a));
}

TypeCheck type_input_file_name(std::string_view, Inputs) { return ok(string_type(), false); }

TypeCheck type_current_date(std::string_view, Inputs) {
    return ok(make_atomic(AtomicKind::Date), false);
}

TypeCheck type_current_timestamp(std::string_view, Inputs) {
    return ok(make_atomic(AtomicKind::Timestamp), false);
}

/// Spark: ShiftLeft, ShiftRight, ShiftRightUnsigned (ImplicitCastInputTypes: an int or a
/// bigint, shifted by an int; the result has the first's type).
Args coerce_shift(Inputs a) {
    return implicit_args(a, {{type_of(int_type()), type_of(long_type())}, {type_of(int_type())}});
}

TypeCheck type_shift(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Integer) && !a[0]->type->is(AtomicKind::Long)) {
        return expects(fn, a, 0, "an int or a bigint");
    }
    if (!a[1]->type->is(AtomicKind::Integer)) {
        return expects(fn, a, 1, "an int");
    }
    return ok(a[0]->type, any_nullable(a));
}

/// grouping(c) and grouping_id(c, ...): which grouping set made an Aggregate's row. Only under
/// ROLLUP, CUBE and GROUPING SETS, where the analyzer replaces them by bits of the Expand's
/// grouping id (Spark's ResolveGroupingAnalytics); the rows never reach the evaluator.
TypeCheck type_grouping(std::string_view, Inputs) {
    return ok(make_atomic(AtomicKind::Byte), false);
}
TypeCheck type_grouping_id(std::string_view, Inputs) { return ok(long_type(), false); }

/// Spark: DateAdd and DateSub (ImplicitCastInputTypes: a date, then an int, smallint or
/// tinyint number of days).
Args coerce_date_days(Inputs a) {
    return implicit_args(a, {{type_of(make_atomic(AtomicKind::Date))},
                             {type_of(int_type()), type_of(make_atomic(AtomicKind::Short)),
                              type_of(make_atomic(AtomicKind::Byte))}});
}

TypeCheck type_date_days(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Date)) {
        return expects(fn, a, 0, "a date");
    }
    const DataType& days = *a[1]->type;
    if (!days.is(AtomicKind::Integer) && !days.is(AtomicKind::Short) &&
        !days.is(AtomicKind::Byte)) {
        return expects(fn, a, 1, "an int, smallint or tinyint number of days");
    }
    return ok(a[0]->type, any_nullable(a));
}

/// Spark's GetDateField (year, month, day, ...) of a date and DateDiff of two: an int from
/// dates (ImplicitCastInputTypes: a timestamp or a string is cast to a date).
Args coerce_dates(Inputs a) {
    const Expects date{type_of(make_atomic(AtomicKind::Date))};
    return implicit_args(a, {date, date});
}

/// Spark's AnyTimestampType: timestamp or timestamp_ntz as they are; a date or a string is
/// cast to a timestamp (ImplicitCastInputTypes).
Expects any_timestamp_() {
    return {type_of(make_atomic(AtomicKind::Timestamp)),
            type_of(make_atomic(AtomicKind::TimestampNtz))};
}
Expects date_() { return {type_of(make_atomic(AtomicKind::Date))}; }

/// GetTimeField (hour, minute, second): an int from a timestamp.
Args coerce_time_field(Inputs a) { return implicit_args(a, {any_timestamp_()}); }
TypeCheck type_time_field(std::string_view fn, Inputs a) {
    if (!is_any_timestamp(*a[0]->type)) {
        return expects(fn, a, 0, "a timestamp");
    }
    return ok(int_type(), a[0]->nullable);
}

/// Spark's TimeWindow, `window(time, duration[, slide[, start]])`: the window's bounds,
/// `struct<start, end>` of the time's type (a string or a date is cast to a timestamp;
/// ImplicitCastInputTypes), the durations literals (plan/time_window.hpp). The analyzer
/// replaces every call by the window column Spark's TimeWindowing builds; the row types it.
Args coerce_time_window(Inputs a) { return implicit_args(a, {any_timestamp_()}); }
TypeCheck type_time_window(std::string_view fn, Inputs a) {
    if (!is_any_timestamp(*a[0]->type)) {
        return expects(fn, a, 0, "a timestamp");
    }
    std::string error;
    int bad = -1;
    if (!time_window_spec(a, error, bad)) {
        return fail(fn, bad, error);
    }
    return ok(make_struct({{"start", a[0]->type, true}, {"end", a[0]->type, true}}), true);
}

/// Spark's SessionWindow, `session_window(time, gap)`: the session's bounds, `struct<start,
/// end>` of the time's type, the gap a string (SessionWindowing casts it to a CALENDAR
/// INTERVAL; a literal must read as one) or a CALENDAR INTERVAL. The analyzer replaces every
/// call by the `session_window` column SessionWindowing builds; the row types it.
Args coerce_session_window(Inputs a) { return implicit_args(a, {any_timestamp_()}); }
TypeCheck type_session_window(std::string_view fn, Inputs a) {
    if (!is_any_timestamp(*a[0]->type)) {
        return expects(fn, a, 0, "a timestamp");
    }
    if (!is_string_like(*a[1]->type) && !a[1]->type->is(AtomicKind::CalendarInterval)) {
        return expects(fn, a, 1,
                       "its gap duration as a string or a CALENDAR INTERVAL (Spark: the gap "
                       "duration of a session window must be CalendarIntervalType)");
    }
    if (const auto* gap = a[1]->as<Literal>();
        gap != nullptr && !gap->is_null && is_string_like(*a[1]->type)) {
        std::string error;
        if (!string_to_calendar_interval(gap->text.view(), error)) {
            return fail(fn, 1, "cannot read '" + gap->text.str() + "' as an interval: " + error);
        }
    }
    return ok(make_struct({{"start", a[0]->type, true}, {"end", a[0]->type, true}}), true);
}

/// Spark's WindowTime, `window_time(w)`: the window's last instant, of its bounds' type. The
/// analyzer replaces every call by the column ResolveWindowTime computes; the row types it.
TypeCheck type_window_time(std::string_view fn, Inputs a) {
    const StructType* s = a[0]->type->struct_type();
    if (s == nullptr || s->size() != 2 || !is_any_timestamp(*(*s)[0].type) ||
        !same_type_ignoring_nullability(*(*s)[0].type, *(*s)[1].type)) {
        return expects(fn, a, 0, "a window, struct<start, end> of timestamps");
    }
    return ok((*s)[0].type, a[0]->nullable || (*s)[0].nullable);
}

/// Spark's PreciseTimestampConversion, which TimeWindowing builds: a timestamp's microseconds
/// as a bigint and back, the value unchanged. Three internal rows, one per direction and
/// timestamp type, printed as Spark prints the one class (`precisetimestampconversion(ts#1,
/// TimestampType, LongType)`).
TypeCheck type_timestamp_to_long(std::string_view fn, Inputs a) {
    if (!is_any_timestamp(*a[0]->type)) {
        return expects(fn, a, 0, "a timestamp");
    }
    return ok(long_type(), a[0]->nullable);
}
template <AtomicKind To> TypeCheck type_long_to_timestamp(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Long)) {
        return expects(fn, a, 0, "a bigint");
    }
    return ok(make_atomic(To), a[0]->nullable);
}
PlanParameters plan_timestamp_to_long(Inputs a, const DataType&) {
    return {"", ", " + scala_string(*a[0]->type) + ", LongType"};
}
PlanParameters plan_long_to_timestamp(Inputs, const DataType& result) {
    return {"", ", LongType, " + scala_string(result)};
}

/// Spark's KnownNullable (`castNullable()` in TimeWindowing): its argument, typed nullable.
TypeCheck type_known_nullable(std::string_view, Inputs a) { return ok(a[0]->type, true); }

/// SecondWithFraction (EXTRACT(SECOND FROM ts)): the seconds with their fraction.
TypeCheck type_second_with_fraction(std::string_view fn, Inputs a) {
    if (!is_any_timestamp(*a[0]->type)) {
        return expects(fn, a, 0, "a timestamp");
    }
    return ok(make_decimal(8, 6), a[0]->nullable);
}

/// TruncTimestamp: date_trunc(format, timestamp), NULL for a format it does not know.
Args coerce_date_trunc(Inputs a) {
    return implicit_args(a, {str_(), {type_of(make_atomic(AtomicKind::Timestamp))}});
}
TypeCheck type_date_trunc(std::string_view fn, Inputs a) {
    if (!is_string_like(*a[0]->type)) {
        return expects(fn, a, 0, "a string unit");
    }
    if (!a[1]->type->is(AtomicKind::Timestamp)) {
        return expects(fn, a, 1, "a timestamp");
    }
    return ok(a[1]->type, true);
}

/// TruncDate: trunc(date, format), NULL for a format it does not know or finer than a week.
Args coerce_trunc(Inputs a) { return implicit_args(a, {date_(), str_()}); }
TypeCheck type_trunc(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Date)) {
        return expects(fn, a, 0, "a date");
    }
    if (!is_string_like(*a[1]->type)) {
        return expects(fn, a, 1, "a string unit");
    }
    return ok(a[0]->type, true);
}

/// LastDay and AddMonths: a date from a date (and a number of months).
Args coerce_date_months(Inputs a) { return implicit_args(a, {date_(), int_()}); }
TypeCheck type_date_months(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Date)) {
        return expects(fn, a, 0, "a date");
    }
    if (a.size() > 1 && !a[1]->type->is(AtomicKind::Integer)) {
        return expects(fn, a, 1, "an int number of months");
    }
    return ok(a[0]->type, any_nullable(a));
}

/// ParseToDate: to_date(x) is CAST(x AS DATE) (its replacement), of a string, date or
/// timestamp; to_date(x, format) parses by the format, NULL where it does not match.
Args coerce_to_date(Inputs a) {
    return implicit_args(a, {{type_of(string_type()), type_of(make_atomic(AtomicKind::Date)),
                              type_of(make_atomic(AtomicKind::Timestamp)),
                              type_of(make_atomic(AtomicKind::TimestampNtz))},
                             str_()});
}
TypeCheck type_to_date(std::string_view fn, Inputs a) {
    const DataType& from = *a[0]->type;
    if (!is_string_like(from) && !from.is(AtomicKind::Date) && !is_any_timestamp(from)) {
        return expects(fn, a, 0, "a string, date or timestamp");
    }
    if (a.size() > 1 && !is_string_like(*a[1]->type)) {
        return expects(fn, a, 1, "a string format");
    }
    const TypePtr date = make_atomic(AtomicKind::Date);
    return ok(date, a.size() > 1 || a[0]->nullable || cast_forces_nullable(from, *date));
}

/// DateFormatClass: date_format(timestamp, format), a string.
Args coerce_date_format(Inputs a) {
    return implicit_args(a, {{type_of(make_atomic(AtomicKind::Timestamp))}, str_()});
}
TypeCheck type_date_format(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Timestamp)) {
        return expects(fn, a, 0, "a timestamp");
    }
    if (!is_string_like(*a[1]->type)) {
        return expects(fn, a, 1, "a string format");
    }
    return ok(string_type(), any_nullable(a));
}

// timestampdiff(unit, start, end) and timestampadd(unit, n, ts) (Spark's TimestampDiff and
// TimestampAdd, built by Binder::bind_unit_call): the unit is a string literal argument 0.
Args coerce_timestampdiff(Inputs a) {
    const Expects timestamp{type_of(make_atomic(AtomicKind::Timestamp))};
    return implicit_args(a, {str_(), timestamp, timestamp});
}
TypeCheck type_timestampdiff(std::string_view fn, Inputs a) {
    for (std::size_t i = 1; i < 3; ++i) {
        if (!a[i]->type->is(AtomicKind::Timestamp)) {
            return expects(fn, a, i, "a timestamp");
        }
    }
    return ok(long_type(), a[1]->nullable || a[2]->nullable);
}
Args coerce_timestampadd(Inputs a) {
    return implicit_args(a, {str_(), {type_of(long_type())}, any_timestamp_()});
}
TypeCheck type_timestampadd(std::string_view fn, Inputs a) {
    if (!a[1]->type->is(AtomicKind::Long)) {
        return expects(fn, a, 1, "a bigint");
    }
    if (!is_any_timestamp(*a[2]->type)) {
        return expects(fn, a, 2, "a timestamp");
    }
    return ok(a[2]->type, a[1]->nullable || a[2]->nullable);
}

TypeCheck type_dates_to_int(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!a[i]->type->is(AtomicKind::Date)) {
            return expects(fn, a, i, "a date");
        }
    }
    return ok(int_type(), any_nullable(a));
}

// The datetime arithmetic Spark's BinaryArithmeticWithDatetimeResolver builds for `+` and
// `-` (never called by name): a timestamp or date and an interval.

/// TimeAdd, TimestampAddYMInterval, DateAddYMInterval, DateAddInterval: the first argument's
/// type (`start`), the second an interval of one of `intervals`.
template <bool (*Start)(const DataType&), AtomicKind... Intervals>
TypeCheck type_add_interval(std::string_view fn, Inputs a) {
    if (!Start(*a[0]->type)) {
        return expects(fn, a, 0, Start == is_any_timestamp ? "a timestamp" : "a date");
    }
    if (!(a[1]->type->is(Intervals) || ...)) {
        return expects(fn, a, 1, "an interval");
    }
    return ok(a[0]->type, any_nullable(a));
}

bool is_date(const DataType& t) { return t.is(AtomicKind::Date); }

/// ExtractANSIIntervalDays: the days of a day-time interval, an int.
TypeCheck type_extract_interval_days(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::DayTimeInterval)) {
        return expects(fn, a, 0, "a day-time interval");
    }
    return ok(int_type(), a[0]->nullable);
}

/// Spark's SubtractDates (`d1 - d2`: an INTERVAL DAY) and SubtractTimestamps (`t1 - t2`: an
/// INTERVAL DAY TO SECOND), the analyzer having cast both sides to one type (ANSI intervals:
/// spark.sql.legacy.interval.enabled is off).
template <bool Dates> TypeCheck type_subtract_datetimes(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < 2; ++i) {
        if (Dates ? !a[i]->type->is(AtomicKind::Date) : !is_any_timestamp(*a[i]->type)) {
            return expects(fn, a, i, Dates ? "a date" : "a timestamp");
        }
    }
    return ok(make_interval(AtomicKind::DayTimeInterval, 0, Dates ? 0 : 3),
              a[0]->nullable || a[1]->nullable);
}

/// MultiplyYMInterval, MultiplyDTInterval, DivideYMInterval, DivideDTInterval (`i * n`, `n *
/// i`, `i / n`; ImplicitCastInputTypes): the interval and a number, the interval's kind from
/// YEAR TO MONTH or DAY TO SECOND. MultiplyInterval and DivideInterval take a CALENDAR INTERVAL
/// and a double.
template <AtomicKind Kind> Args coerce_interval_by_number(Inputs a) {
    return implicit_args(
        a, {{want(Kind == AtomicKind::YearMonthInterval ? Want::YearMonth : Want::DayTime)},
            {want(Want::Numeric)}});
}
template <AtomicKind Kind> TypeCheck type_interval_by_number(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(Kind)) {
        return expects(fn, a, 0,
                       Kind == AtomicKind::YearMonthInterval ? "a year-month interval"
                                                             : "a day-time interval");
    }
    if (!is_numeric(*a[1]->type)) {
        return expects(fn, a, 1, "a number");
    }
    return ok(Kind == AtomicKind::YearMonthInterval
                  ? make_interval(AtomicKind::YearMonthInterval, 0, 1)
                  : make_interval(AtomicKind::DayTimeInterval, 0, 3),
              any_nullable(a));
}
Args coerce_calendar_by_number(Inputs a) {
    return implicit_args(
        a, {{type_of(make_atomic(AtomicKind::CalendarInterval))}, {type_of(double_type())}});
}
/// MultiplyInterval, DivideInterval: NULL, not an error, where a field overflows is not what
/// ANSI mode does; with ANSI on (Spark 4's default) they raise, and a division by zero too.
TypeCheck type_calendar_by_number(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::CalendarInterval)) {
        return expects(fn, a, 0, "an interval");
    }
    if (!a[1]->type->is(AtomicKind::Double)) {
        return expects(fn, a, 1, "a double");
    }
    return ok(a[0]->type, any_nullable(a));
}

/// make_dt_interval([days[, hours[, mins[, secs]]]]): Spark's MakeDTInterval, its missing
/// arguments zeros (the column name shows them: `make_dt_interval(1, 0, 0, 0.000000)`).
Args coerce_make_dt_interval(Inputs a) {
    Args out(a.begin(), a.end());
    while (out.size() < 3) {
        out.push_back(make_expr(Literal{int_type(), Name("0"), false}));
    }
    if (out.size() < 4) {
        out.push_back(make_expr(Literal{make_decimal(18, 6), Name("0.000000"), false}));
    }
    return implicit_args(out, {int_(), int_(), int_(), {type_of(make_decimal(18, 6))}});
}
TypeCheck type_make_dt_interval(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < 3; ++i) {
        if (!is_int(*a[i]->type)) {
            return expects(fn, a, i, "an int");
        }
    }
    if (!same_type_ignoring_nullability(*a[3]->type, *make_decimal(18, 6))) {
        return expects(fn, a, 3, "decimal(18,6) seconds");
    }
    return ok(make_interval(AtomicKind::DayTimeInterval, 0, 3), any_nullable(a));
}

/// make_ym_interval([years[, months]]): Spark's MakeYMInterval, missing arguments zeros.
Args coerce_make_ym_interval(Inputs a) {
    Args out(a.begin(), a.end());
    while (out.size() < 2) {
        out.push_back(make_expr(Literal{int_type(), Name("0"), false}));
    }
    return implicit_args(out, {int_(), int_()});
}
TypeCheck type_make_ym_interval(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < 2; ++i) {
        if (!is_int(*a[i]->type)) {
            return expects(fn, a, i, "an int");
        }
    }
    return ok(make_interval(AtomicKind::YearMonthInterval, 0, 1), any_nullable(a));
}

/// make_interval([years[, months[, weeks[, days[, hours[, mins[, secs]]]]]]]): a CALENDAR
/// INTERVAL (Spark's MakeInterval, seconds a decimal(18,6)); try_make_interval is NULL where
/// make_interval raises an overflow.
Args coerce_make_interval(Inputs a) {
    Args out(a.begin(), a.end());
    while (out.size() < 6) {
        out.push_back(make_expr(Literal{int_type(), Name("0"), false}));
    }
    if (out.size() < 7) {
        out.push_back(make_expr(Literal{make_decimal(18, 6), Name("0.000000"), false}));
    }
    return implicit_args(
        out, {int_(), int_(), int_(), int_(), int_(), int_(), {type_of(make_decimal(18, 6))}});
}
template <bool Try> TypeCheck type_make_interval(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < 6; ++i) {
        if (!is_int(*a[i]->type)) {
            return expects(fn, a, i, "an int");
        }
    }
    if (!same_type_ignoring_nullability(*a[6]->type, *make_decimal(18, 6))) {
        return expects(fn, a, 6, "decimal(18,6) seconds");
    }
    return ok(make_atomic(AtomicKind::CalendarInterval), Try || any_nullable(a));
}

// --- number format patterns ----------------------------------------------------------------

/// The number pattern of argument 1, a string literal checked as Spark's ToNumberParser checks
/// it; null, with `failure` set, for one that is not, or for a NULL pattern (`null_pattern`).
std::optional<NumberPattern> number_pattern(std::string_view fn, Inputs a, TypeCheck& failure,
                                            bool& null_pattern) {
    if (!is_string_like(*a[1]->type) && !a[1]->type->is(AtomicKind::Null)) {
        failure = expects(fn, a, 1, "a string format");
        return std::nullopt;
    }
    const Literal* lit = literal_argument(fn, a, 1, "format", failure);
    if (lit == nullptr) {
        return std::nullopt;
    }
    if (lit->is_null) {
        null_pattern = true;
        return std::nullopt;
    }
    NumberPattern pattern(lit->text.view());
    if (!pattern.error().empty()) {
        failure = fail(fn, 1, "[" + pattern.error_class() + "] " + pattern.error());
        return std::nullopt;
    }
    if (pattern.precision() > 38) {
        failure = fail(
            fn, 1, "has " + std::to_string(pattern.precision()) + " digits, past a decimal's 38");
        return std::nullopt;
    }
    return pattern;
}

/// to_number(s, format) and try_to_number (Spark's ToNumber, ExpectsInputTypes: two strings,
/// the format a constant): a DECIMAL of the pattern's digits and scale (DECIMAL(10,0) for a
/// NULL pattern). try_to_number is NULL where to_number raises INVALID_FORMAT.MISMATCH_INPUT.
Args coerce_to_number(Inputs a) { return null_args(a, {str_(), str_()}); }
template <bool Try> TypeCheck type_to_number(std::string_view fn, Inputs a) {
    if (!is_string_like(*a[0]->type)) {
        return expects(fn, a, 0, "a string");
    }
    TypeCheck failure;
    bool null_pattern = false;
    const std::optional<NumberPattern> pattern = number_pattern(fn, a, failure, null_pattern);
    if (!pattern && !null_pattern) {
        return failure;
    }
    return ok(pattern ? make_decimal(pattern->precision(), pattern->scale()) : make_decimal(10, 0),
              Try || null_pattern || any_nullable(a));
}

/// to_char(x, format) and to_varchar of a number (Spark's ToCharacter, ImplicitCastInputTypes:
/// a decimal and a constant string): the number printed by the pattern.
Args coerce_to_char(Inputs a) { return implicit_args(a, {{want(Want::Decimal)}, str_()}); }
TypeCheck type_to_char(std::string_view fn, Inputs a) {
    if (!is_decimal(*a[0]->type)) {
        return expects(fn, a, 0, "a number, date, timestamp or binary value");
    }
    TypeCheck failure;
    bool null_pattern = false;
    if (!number_pattern(fn, a, failure, null_pattern) && !null_pattern) {
        return failure;
    }
    return ok(string_type(), null_pattern || any_nullable(a));
}

/// Spark's ToCharacterBuilder: to_char of a date or timestamp is date_format; of a binary value
/// base64, hex or decode(b, 'utf-8'), by its constant format; of a number ToCharacter.
const FunctionDef* build_to_char(std::string_view name, std::vector<ExprPtr>& args,
                                 std::string& error) {
    if (args.size() != 2) {
        return nullptr;
    }
    const DataType& t = *args[0]->type;
    if (t.is(AtomicKind::Date) || is_any_timestamp(t)) {
        return &catalog_function("date_format");
    }
    if (!t.is(AtomicKind::Binary)) {
        return nullptr;
    }
    const auto* lit = args[1]->as<Literal>();
    if (lit == nullptr || lit->is_null || !is_string_like(*args[1]->type)) {
        error = std::string(name) +
                " of a binary value takes a constant format: 'base64', 'hex' or 'utf-8'";
        return nullptr;
    }
    const std::string format = ascii_lower(lit->text.view());
    if (format == "base64" || format == "hex") {
        args.resize(1);
        return &catalog_function(format);
    }
    if (format == "utf-8") {
        return &catalog_function("decode_charset");
    }
    error = "[INVALID_PARAMETER_VALUE.BINARY_FORMAT] The value of parameter(s) `format` in `" +
            std::string(name) + "` is invalid: expects one of binary formats 'base64', 'hex', " +
            "'utf-8', but got '" + format + "'.";
    return nullptr;
}

// --- unix time and more dates --------------------------------------------------------------

/// Spark: TimestampFormatter.defaultPattern, the format the one-argument forms of
/// unix_timestamp, to_unix_timestamp and from_unixtime add as a child (so column names show
/// it: `unix_timestamp(s, yyyy-MM-dd HH:mm:ss)`).
constexpr std::string_view kDefaultTimestampPattern = "yyyy-MM-dd HH:mm:ss";

ExprPtr string_literal(std::string_view text) {
    return make_expr(Literal{string_type(), Name(text), false});
}

/// A string, a date, a timestamp or a timestamp_ntz (Spark's time argument of ToTimestamp
/// and ParseToTimestamp).
Expects time_or_string_() {
    return {type_of(string_type()), type_of(make_atomic(AtomicKind::Date)),
            type_of(make_atomic(AtomicKind::Timestamp)),
            type_of(make_atomic(AtomicKind::TimestampNtz))};
}

bool is_time_or_string(const DataType& t) {
    return is_string_like(t) || t.is(AtomicKind::Date) || is_any_timestamp(t);
}

/// Spark's UnixTimestamp and ToUnixTimestamp (ToTimestamp, ExpectsInputTypes): without a
/// format their constructors add the default one; unix_timestamp() reads current_timestamp().
Args coerce_to_unix(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.empty()) {
        out.push_back(make_expr(ScalarFunction{&catalog_function("current_timestamp"), {}, false}));
    }
    if (out.size() == 1) {
        out.push_back(string_literal(kDefaultTimestampPattern));
    }
    return null_args(out, {time_or_string_(), str_()});
}

/// A bigint; with ANSI on (failOnError) NULL only when an argument is (ToTimestamp.nullable).
TypeCheck type_to_unix(std::string_view fn, Inputs a) {
    if (!is_time_or_string(*a[0]->type)) {
        return expects(fn, a, 0, "a string, date or timestamp");
    }
    if (!is_string_like(*a[1]->type)) {
        return expects(fn, a, 1, "a string format");
    }
    return ok(long_type(), any_nullable(a));
}

/// Spark: ParseToTimestamp (RuntimeReplaceable, ImplicitCastInputTypes): to_timestamp(x) is
/// CAST(x AS TIMESTAMP); to_timestamp(x, format) is GetTimestamp, which with ANSI on raises
/// on text that does not match. to_timestamp_ltz and to_timestamp_ntz are the same class with
/// the result type `Kind`.
Args coerce_to_timestamp(Inputs a) { return implicit_args(a, {time_or_string_(), str_()}); }
template <AtomicKind Kind = AtomicKind::Timestamp>
TypeCheck type_to_timestamp(std::string_view fn, Inputs a) {
    const DataType& from = *a[0]->type;
    if (!is_time_or_string(from)) {
        return expects(fn, a, 0, "a string, date or timestamp");
    }
    if (a.size() > 1 && !is_string_like(*a[1]->type)) {
        return expects(fn, a, 1, "a string format");
    }
    const TypePtr timestamp = make_atomic(Kind);
    if (a.size() > 1) {
        return ok(timestamp, any_nullable(a));
    }
    return ok(timestamp, a[0]->nullable || cast_forces_nullable(from, *timestamp));
}

/// Spark: FromUnixTime (ImplicitCastInputTypes: a bigint of seconds and a string format; its
/// one-argument constructor adds the default format). Always nullable.
Args coerce_from_unixtime(Inputs a) {
    Args out = implicit_args(a, {{type_of(long_type())}, str_()});
    if (out.size() == 1) {
        out.push_back(string_literal(kDefaultTimestampPattern));
    }
    return out;
}
TypeCheck type_from_unixtime(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Long)) {
        return expects(fn, a, 0, "a bigint number of seconds");
    }
    if (!is_string_like(*a[1]->type)) {
        return expects(fn, a, 1, "a string format");
    }
    return ok(string_type(), true);
}

/// Spark: FromUTCTimestamp and ToUTCTimestamp (ImplicitCastInputTypes: a timestamp and a
/// string zone id), a timestamp.
Args coerce_utc_timestamp(Inputs a) {
    return implicit_args(a, {{type_of(make_atomic(AtomicKind::Timestamp))}, str_()});
}
TypeCheck type_utc_timestamp(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Timestamp)) {
        return expects(fn, a, 0, "a timestamp");
    }
    if (!is_string_like(*a[1]->type)) {
        return expects(fn, a, 1, "a string time zone");
    }
    return ok(a[0]->type, any_nullable(a));
}

/// One argument of `from` cast implicitly to `in`, the result `out` (Spark's UnixDate,
/// UnixSeconds, UnixMillis, UnixMicros, DateFromUnixDate, MillisToTimestamp,
/// MicrosToTimestamp): NULL when the argument is.
template <AtomicKind In> Args coerce_one_of(Inputs a) {
    return implicit_args(a, {{type_of(make_atomic(In))}});
}
template <AtomicKind In, AtomicKind Out> TypeCheck type_one_to(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(In)) {
        return expects(fn, a, 0, "a value of type " + catalog_string(*make_atomic(In)));
    }
    return ok(make_atomic(Out), a[0]->nullable);
}

/// Spark: MillisToTimestamp and MicrosToTimestamp (IntegralToTimestampBase: an integral
/// value; overflow raises).
Args coerce_integral(Inputs a) { return implicit_args(a, {{want(Want::Integral)}}); }
TypeCheck type_integral_to_timestamp(std::string_view fn, Inputs a) {
    if (!is_integral(*a[0]->type)) {
        return expects(fn, a, 0, "an integral value");
    }
    return ok(make_atomic(AtomicKind::Timestamp), a[0]->nullable);
}

/// Spark: SecondsToTimestamp (a numeric value; a float or double may be NaN or infinite,
/// which gives NULL).
Args coerce_numeric(Inputs a) { return implicit_args(a, {{want(Want::Numeric)}}); }
TypeCheck type_seconds_to_timestamp(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (!is_numeric(t)) {
        return expects(fn, a, 0, "a numeric value");
    }
    const bool floating = t.is(AtomicKind::Float) || t.is(AtomicKind::Double);
    return ok(make_atomic(AtomicKind::Timestamp), floating || a[0]->nullable);
}

/// Spark: MonthsBetween (ImplicitCastInputTypes: two timestamps and a boolean roundOff, which
/// its two-argument constructor adds as `true`).
Args coerce_months_between(Inputs a) {
    const Expects timestamp{type_of(make_atomic(AtomicKind::Timestamp))};
    Args out = implicit_args(a, {timestamp, timestamp, bool_()});
    if (out.size() == 2) {
        out.push_back(make_expr(Literal{boolean_type(), Name("true"), false}));
    }
    return out;
}
TypeCheck type_months_between(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < 2; ++i) {
        if (!a[i]->type->is(AtomicKind::Timestamp)) {
            return expects(fn, a, i, "a timestamp");
        }
    }
    if (!is_boolean(*a[2]->type)) {
        return expects(fn, a, 2, "a boolean roundOff");
    }
    return ok(double_type(), any_nullable(a));
}

/// Spark: MakeDate (ImplicitCastInputTypes: three ints); with ANSI on, a field out of range
/// raises, so NULL only when an argument is.
Args coerce_make_date(Inputs a) { return implicit_args(a, {int_(), int_(), int_()}); }
TypeCheck type_make_date(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!is_int(*a[i]->type)) {
            return expects(fn, a, i, "an int");
        }
    }
    return ok(make_atomic(AtomicKind::Date), any_nullable(a));
}

/// Spark: NextDay (ImplicitCastInputTypes: a date and a string day of the week).
Args coerce_next_day(Inputs a) { return implicit_args(a, {date_(), str_()}); }
TypeCheck type_next_day(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Date)) {
        return expects(fn, a, 0, "a date");
    }
    if (!is_string_like(*a[1]->type)) {
        return expects(fn, a, 1, "a string day of the week");
    }
    return ok(a[0]->type, true);
}

/// Spark: DayName and MonthName (GetDateField of a date): a three-letter English name.
TypeCheck type_date_name(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Date)) {
        return expects(fn, a, 0, "a date");
    }
    return ok(string_type(), a[0]->nullable);
}

TypeCheck type_rand(std::string_view fn, Inputs a) {
    if (!a.empty()) {
        const Literal* seed = a[0]->as<Literal>();
        const DataType& t = *a[0]->type;
        if (seed == nullptr ||
            !(is_null_type(t) || t.is(AtomicKind::Integer) || t.is(AtomicKind::Long))) {
            return expects(fn, a, 0, "an int or bigint literal seed");
        }
    }
    return ok(double_type(), false);
}

/// Spark's RandStr(length, seed): `length` random characters of 0-9, a-z and A-Z, never NULL;
/// the length a constant smallint or int, the seed a constant smallint, int or bigint.
TypeCheck type_randstr(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        const DataType& t = *a[i]->type;
        const bool valid = t.is(AtomicKind::Short) || t.is(AtomicKind::Integer) ||
                           (i == 1 && t.is(AtomicKind::Long));
        if (!valid || !expr_foldable(*a[i])) {
            return expects(fn, a, i,
                           i == 0 ? "a constant smallint or int length"
                                  : "a constant smallint, int or bigint seed");
        }
    }
    return ok(string_type(), false);
}

/// Spark's Uniform(min, max, seed): a random number in [min, max), its bounds and seed
/// constants of smallint, int, bigint, float or double; an integer type when both bounds are
/// (the widest of them), else double if either is, else float.
TypeCheck type_uniform(std::string_view fn, Inputs a) {
    static constexpr std::array<AtomicKind, 5> kValid{AtomicKind::Short, AtomicKind::Integer,
                                                      AtomicKind::Long, AtomicKind::Float,
                                                      AtomicKind::Double};
    for (std::size_t i = 0; i < a.size(); ++i) {
        const DataType& t = *a[i]->type;
        if (!expr_foldable(*a[i])) {
            return fail(fn, static_cast<int>(i),
                        i == 2 ? "expects a constant integer or floating-point seed"
                               : "expects a constant integer or floating-point bound");
        }
        if (std::none_of(kValid.begin(), kValid.end(), [&](AtomicKind k) { return t.is(k); })) {
            return expects(fn, a, i, "an integer or floating-point value");
        }
    }
    const DataType& lo = *a[0]->type;
    const DataType& hi = *a[1]->type;
    auto either = [&](AtomicKind k) { return lo.is(k) || hi.is(k); };
    AtomicKind result = AtomicKind::Float;
    if (is_integral(lo) && is_integral(hi)) {
        result = either(AtomicKind::Long)      ? AtomicKind::Long
                 : either(AtomicKind::Integer) ? AtomicKind::Integer
                                               : AtomicKind::Short;
    } else if (either(AtomicKind::Double)) {
        result = AtomicKind::Double;
    }
    return ok(make_atomic(result), a[0]->nullable || a[1]->nullable);
}

// --- aggregate functions -------------------------------------------------------------------

TypeCheck type_count(std::string_view, Inputs) { return ok(long_type(), false); }

Args coerce_sum(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() == 1 && is_string_like(*out[0]->type)) {
        out[0] = cast_to(out[0], double_type());
        return out;
    }
    return implicit_args(out, {numeric_or_interval()});
}

TypeCheck type_sum(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (is_decimal(t)) {
        return ok(bounded_decimal(t.atomic()->precision + 10, t.atomic()->scale), true);
    }
    if (is_integral(t)) {
        return ok(long_type(), true);
    }
    if (is_ansi_interval(t)) {
        return ok(a[0]->type, true);
    }
    if (is_numeric(t)) {
        return ok(double_type(), true);
    }
    return expects(fn, a, 0, "a numeric or interval value");
}

TypeCheck type_avg(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (is_decimal(t)) {
        return ok(bounded_decimal(t.atomic()->precision + 4, t.atomic()->scale + 4), true);
    }
    if (t.is(AtomicKind::YearMonthInterval)) {
        return ok(default_concrete(want(Want::YearMonth)), true);
    }
    if (t.is(AtomicKind::DayTimeInterval)) {
        return ok(default_concrete(want(Want::DayTime)), true);
    }
    if (is_numeric(t)) {
        return ok(double_type(), true);
    }
    return expects(fn, a, 0, "a numeric or interval value");
}

TypeCheck type_min_max(std::string_view fn, Inputs a) {
    if (!is_orderable(*a[0]->type)) {
        return fail(fn, 0, "cannot order values of type " + str(a[0]));
    }
    return ok(a[0]->type, true);
}

TypeCheck type_first_last(std::string_view fn, Inputs a) {
    if (a.size() > 1 && !is_boolean_literal(*a[1])) {
        return expects(fn, a, 1, "a boolean literal for ignoreNulls");
    }
    return ok(a[0]->type, true);
}

TypeCheck type_collect_list(std::string_view, Inputs a) {
    return ok(make_array(a[0]->type, false), false);
}

TypeCheck type_collect_set(std::string_view fn, Inputs a) {
    if (holds_map(*a[0]->type)) {
        return fail(fn, 0, "cannot collect a set of values of type " + str(a[0]));
    }
    return ok(make_array(a[0]->type, false), false);
}

Args coerce_boolean(Inputs a) { return implicit_args(a, {bool_()}); }

TypeCheck type_count_if(std::string_view fn, Inputs a) {
    if (!is_boolean(*a[0]->type)) {
        return expects(fn, a, 0, "a boolean");
    }
    return ok(long_type(), false);
}

TypeCheck type_bool_agg(std::string_view fn, Inputs a) {
    if (!is_boolean(*a[0]->type)) {
        return expects(fn, a, 0, "a boolean");
    }
    return ok(boolean_type(), true);
}

/// Spark's BitAndAgg, BitOrAgg and BitXorAgg (ExpectsInputTypes: an integral value, no
/// implicit casts but a NULL literal's): the value's type, NULL for no non-NULL value.
Args coerce_bit_agg(Inputs a) { return null_args(a, {{want(Want::Integral)}}); }
TypeCheck type_bit_agg(std::string_view fn, Inputs a) {
    if (!is_integral(*a[0]->type)) {
        return expects(fn, a, 0, "an integral value");
    }
    return ok(a[0]->type, true);
}

/// Spark: MaxMinBy (max_by, min_by): the value of the row with the greatest (least) ordering.
TypeCheck type_max_min_by(std::string_view fn, Inputs a) {
    if (!is_orderable(*a[1]->type)) {
        return fail(fn, 1, "cannot order values of type " + str(a[1]));
    }
    return ok(a[0]->type, true);
}

/// Spark: HyperLogLogPlusPlus (approx_count_distinct). The optional relative standard
/// deviation is a parameter, not a child: it must be a double or decimal literal.
TypeCheck type_approx_count_distinct(std::string_view fn, Inputs a) {
    if (a.size() > 1) {
        const auto* lit = a[1]->as<Literal>();
        const DataType& t = *a[1]->type;
        if (lit == nullptr || lit->is_null ||
            !(t.is(AtomicKind::Double) || t.is(AtomicKind::Decimal))) {
            return expects(fn, a, 1, "a double literal for the relative standard deviation");
        }
    }
    return ok(long_type(), false);
}

/// Spark's statistical aggregates over doubles (CentralMomentAgg: stddev, variance, skewness,
/// kurtosis; Corr and Covariance over two): ImplicitCastInputTypes to DoubleType.
Args coerce_doubles(Inputs a) {
    return implicit_args(a, {{type_of(double_type())}, {type_of(double_type())}});
}

TypeCheck type_statistic(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!a[i]->type->is(AtomicKind::Double)) {
            return expects(fn, a, i, "a numeric value");
        }
    }
    return ok(double_type(), true);
}

/// Spark's Percentile (percentile, and median: Percentile(x, 0.5)) and ApproximatePercentile
/// (percentile_approx, approx_percentile): a value or ANSI interval, a constant percentage or
/// array of them, and a frequency (Percentile) or an accuracy (ApproximatePercentile).
Expects percentages_() {
    return {type_of(double_type()), type_of(make_array(double_type(), false))};
}
/// What ApproximatePercentile and HistogramNumeric take (ImplicitCastInputTypes): a number, a
/// date, a timestamp or an ANSI interval.
Expects numeric_datetime_or_interval_() {
    return {want(Want::Numeric),
            type_of(make_atomic(AtomicKind::Date)),
            type_of(make_atomic(AtomicKind::Timestamp)),
            type_of(make_atomic(AtomicKind::TimestampNtz)),
            want(Want::YearMonth),
            want(Want::DayTime)};
}
/// Without the third argument, Spark's constructors add its default as a child (frequency 1L,
/// accuracy 10000), so the column is named `percentile(x, 0.5, 1)`.
Args coerce_percentile(Inputs a) {
    Args out = implicit_args(a, {{want(Want::Numeric), want(Want::YearMonth), want(Want::DayTime)},
                                 percentages_(),
                                 {want(Want::Integral)}});
    if (out.size() == 2) {
        out.push_back(make_expr(Literal{long_type(), "1", false}));
    }
    return out;
}
/// Spark's HistogramNumeric(child, nBins) (ImplicitCastInputTypes: a number, date, timestamp
/// or ANSI interval, then an int): bins of (x, y) pairs, x of the value's type (Spark's
/// default, spark.sql.legacy.histogramNumericPropagateInputType) and y a double count;
/// NULL for no value. The bin count is a constant of at least 2.
Args coerce_histogram_numeric(Inputs a) {
    return implicit_args(a, {numeric_datetime_or_interval_(), int_()});
}
TypeCheck type_histogram_numeric(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (!is_numeric(t) && !is_datetime(t) && !is_ansi_interval(t)) {
        return expects(fn, a, 0, "a numeric, date, timestamp or interval value");
    }
    if (!a[1]->type->is(AtomicKind::Integer) || !expr_foldable(*a[1])) {
        return expects(fn, a, 1, "a constant int number of bins");
    }
    if (const std::optional<std::int64_t> bins = eval_integral(*a[1]); !bins || *bins < 2) {
        std::string message = "expects at least 2 bins, got ";
        message += bins ? std::to_string(*bins) : std::string("NULL");
        return fail(fn, 1, message);
    }
    return ok(make_array(make_struct({{"x", a[0]->type, true}, {"y", double_type(), true}}), true),
              true);
}

Args coerce_approx_percentile(Inputs a) {
    Args out =
        implicit_args(a, {numeric_datetime_or_interval_(), percentages_(), {want(Want::Integral)}});
    if (out.size() == 2) {
        out.push_back(make_expr(Literal{int_type(), "10000", false}));
    }
    return out;
}

/// The percentage argument and the optional third (frequency or accuracy): `value` is the
/// result type for one percentage; an array of percentages gives an array of results.
TypeCheck percentile_result(std::string_view fn, Inputs a, const TypePtr& value) {
    if (a.size() > 1) {
        const DataType& p = *a[1]->type;
        const bool many = p.array() != nullptr && p.array()->element->is(AtomicKind::Double);
        if (!p.is(AtomicKind::Double) && !many) {
            return expects(fn, a, 1, "a double percentage or an array of them");
        }
        if (!expr_foldable(*a[1])) {
            return fail(fn, 1, "expects a constant percentage");
        }
        if (a.size() > 2 && !is_integral(*a[2]->type)) {
            return expects(fn, a, 2, "an integral value");
        }
        if (many) {
            return ok(make_array(value, false), true);
        }
    }
    return ok(value, true);
}

/// A double of a number, an interval with its type's default fields of an interval.
TypeCheck type_percentile(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (is_numeric(t)) {
        return percentile_result(fn, a, double_type());
    }
    if (t.is(AtomicKind::YearMonthInterval)) {
        return percentile_result(fn, a, make_interval(AtomicKind::YearMonthInterval, 0, 1));
    }
    if (t.is(AtomicKind::DayTimeInterval)) {
        return percentile_result(fn, a, make_interval(AtomicKind::DayTimeInterval, 0, 3));
    }
    return expects(fn, a, 0, "a numeric or interval value");
}

TypeCheck type_approx_percentile(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (!is_numeric(t) && !is_datetime(t) && !is_ansi_interval(t)) {
        return expects(fn, a, 0, "a numeric, date, timestamp or interval value");
    }
    if (a.size() > 2 && !expr_foldable(*a[2])) {
        return fail(fn, 2, "expects a constant accuracy");
    }
    return percentile_result(fn, a, a[0]->type);
}

/// PercentileCont and PercentileDisc, `percentile_cont(p) WITHIN GROUP (ORDER BY x)`: bound as
/// (p, x), the key last; typed as Percentile(x, p) is (a double, or the interval's type).
Args swapped(Inputs a) { return {a[1], a[0]}; }
Args coerce_inverse_percentile(Inputs a) {
    return swapped(implicit_args(
        swapped(a),
        {{want(Want::Numeric), want(Want::YearMonth), want(Want::DayTime)}, percentages_()}));
}
TypeCheck type_inverse_percentile(std::string_view fn, Inputs a) {
    TypeCheck check = type_percentile(fn, swapped(a));
    if (!check.ok() && check.bad_arg >= 0) {
        check.bad_arg = 1 - check.bad_arg; // the argument as bound
    }
    return check;
}

/// Spark 4's ListAgg (listagg, string_agg): the values and the delimiter, strings or binary
/// (other atomic values implicitly cast to string), then the WITHIN GROUP keys, any type. The
/// delimiter is a constant of the values' type, or NULL (none). The values' type, nullable.
Args coerce_listagg(Inputs a) {
    Args out(a.begin(), a.end());
    const Expects text = {type_of(string_type()), type_of(make_atomic(AtomicKind::Binary))};
    out[0] = implicit(out[0], text);
    if (out.size() > 1 && !is_null_type(*out[1]->type)) {
        out[1] = implicit(out[1], text);
    }
    return out;
}
TypeCheck type_listagg(std::string_view fn, Inputs a) {
    const DataType& value = *a[0]->type;
    if (!is_string_like(value) && !value.is(AtomicKind::Binary)) {
        return expects(fn, a, 0, "a string or binary value");
    }
    if (a.size() < 2) {
        return ok(a[0]->type, true);
    }
    if (!expr_foldable(*a[1])) {
        return fail(fn, 1, "expects a constant delimiter");
    }
    if (!is_null_type(*a[1]->type) && is_string_like(*a[1]->type) != is_string_like(value)) {
        return expects(fn, a, 1,
                       std::string("a delimiter of the values' type, ") + catalog_string(value));
    }
    return ok(a[0]->type, true);
}

/// Spark's Mode: the most frequent value; mode(x, deterministic) takes a boolean literal.
TypeCheck type_mode(std::string_view fn, Inputs a) {
    if (a.size() > 1 && !is_boolean_literal(*a[1])) {
        return expects(fn, a, 1, "a boolean literal for deterministic");
    }
    return ok(a[0]->type, true);
}

/// Spark: Logarithm(base, x) ("LOG"); log(x) is Logarithm(E(), x), its one-argument
/// constructor's. NULL for a base or value at or below 0.
Args coerce_log(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() == 1) {
        out.insert(out.begin(), make_expr(ScalarFunction{&catalog_function("e"), {}, false}));
    }
    return coerce_doubles(out);
}
TypeCheck type_log(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (!a[i]->type->is(AtomicKind::Double)) {
            return expects(fn, a, i, "a numeric value");
        }
    }
    return ok(double_type(), true);
}

/// Spark's Pi and EulerNumber (LeafMathExpression): a double constant.
TypeCheck type_math_constant(std::string_view, Inputs) { return ok(double_type(), false); }

/// Spark: Factorial (ImplicitCastInputTypes: an int), a bigint, NULL outside 0 to 20.
Args coerce_int(Inputs a) { return implicit_args(a, {int_()}); }
TypeCheck type_factorial(std::string_view fn, Inputs a) {
    if (!is_int(*a[0]->type)) {
        return expects(fn, a, 0, "an int");
    }
    return ok(long_type(), true);
}

// --- the table -----------------------------------------------------------------------------

using Coerce = std::vector<ExprPtr> (*)(std::span<const ExprPtr>);
using TypeFn = TypeCheck (*)(std::string_view, Inputs);

/// A function's SQL name as a template argument, so that each row gets its own typing
/// function pointer that knows the name for its messages.
template <std::size_t N> struct Name {
    char text[N];
    constexpr Name(const char (&s)[N]) { std::copy_n(s, N, text); }
};

constexpr int kVariadic = -1;

/// A typing function whose errors name the function called, `called`: for an internal row a
/// call of another name binds to (a two-argument form: `decode_charset` is `decode`).
template <Name called, TypeFn F> TypeCheck as_called(std::string_view, Inputs a) {
    return F(std::string_view(called.text), a);
}

/// A builder binding a call of two arguments to the internal row `row` (trim(chars, str) is
/// trim_chars), and any other to the row called.
template <Name row>
const FunctionDef* two_arguments_to(std::string_view, std::vector<ExprPtr>& args, std::string&) {
    return args.size() == 2 ? &catalog_function(std::string_view(row.text)) : nullptr;
}

/// Checks the arity before `type` runs, so every typing function may index its arguments.
template <Name name, int Min, int Max, TypeFn F> TypeCheck checked(std::span<const ExprPtr> a) {
    const std::string_view fn(name.text);
    const auto n = static_cast<int>(a.size());
    if (n < Min || (Max != kVariadic && n > Max)) {
        const std::string want = Max == kVariadic ? "at least " + std::to_string(Min)
                                 : Min == Max     ? std::to_string(Min)
                                              : std::to_string(Min) + " to " + std::to_string(Max);
        return fail(fn, -1,
                    "expects " + want + (Max == 1 && Min == 1 ? " argument" : " arguments") +
                        ", got " + std::to_string(n));
    }
    return F(fn, a);
}

/// A row's traits, written in FunctionTraits' order or by name.
using Options = FunctionTraits;

template <Name name, int Min, int Max, TypeFn F>
FunctionDef scalar(std::string_view catalyst, Options o) {
    FunctionDef def;
    static_cast<FunctionTraits&>(def) = o;
    def.name = std::string_view(name.text);
    def.catalyst = catalyst;
    def.min_args = Min;
    def.max_args = Max;
    def.type = &checked<name, Min, Max, F>;
    return def;
}

/// Spark's math expressions over doubles (ImplicitCastInputTypes): a unary one is always
/// nullable (a log of a non-positive value is NULL), a binary one (Pow) as its arguments.
TypeCheck type_math(std::string_view fn, Inputs a) {
    TypeCheck c = type_statistic(fn, a);
    if (c.ok() && a.size() == 2) {
        c.result.nullable = any_nullable(a);
    }
    return c;
}

template <Name name, int Arity>
FunctionDef math_row(std::string_view catalyst, std::string_view pretty_name) {
    return scalar<name, Arity, Arity, type_math>(
        catalyst,
        {.flow = ResultFlow::Opaque, .coerce = &coerce_doubles, .pretty_name = pretty_name});
}

template <Name name, int Min, int Max, TypeFn F>
FunctionDef aggregate(std::string_view catalyst, Options o) {
    FunctionDef def = scalar<name, Min, Max, F>(catalyst, o);
    def.aggregate = true;
    return def;
}

template <Name name, int Min, int Max, TypeFn F>
FunctionDef window_function(std::string_view catalyst) {
    FunctionDef def = scalar<name, Min, Max, F>(catalyst, {});
    def.window = true;
    return def;
}

// Window functions (Spark's RowNumber, Rank, ..., Lag, Lead, NthValue). The analyzer gives
// rank, dense_rank and percent_rank the window's order keys as their arguments, as Spark's
// ResolveWindowOrder does.
TypeCheck type_row_number(std::string_view, Inputs) { return ok(int_type(), false); }
TypeCheck type_percent(std::string_view, Inputs) { return ok(double_type(), false); }
TypeCheck type_ntile(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Integer) || !a[0]->is<Literal>()) {
        return expects(fn, a, 0, "an integer constant number of buckets");
    }
    return ok(int_type(), false);
}
TypeCheck type_lag_lead(std::string_view fn, Inputs a) {
    if (a.size() > 1 && (!a[1]->type->is(AtomicKind::Integer) || !a[1]->is<Literal>())) {
        return expects(fn, a, 1, "an integer constant offset");
    }
    if (a.size() > 2 && !a[2]->type->is(AtomicKind::Null) && !same_type(*a[2]->type, *a[0]->type)) {
        return expects(fn, a, 2, "a default of the input's type");
    }
    return ok(a[0]->type, true);
}
TypeCheck type_nth_value(std::string_view fn, Inputs a) {
    if (!a[1]->type->is(AtomicKind::Integer) || !a[1]->is<Literal>()) {
        return expects(fn, a, 1, "a positive integer constant");
    }
    return ok(a[0]->type, true);
}

TypeCheck type_union(std::string_view fn, Inputs a) { return type_set_op(fn, a, SetOp::Union); }
TypeCheck type_intersect(std::string_view fn, Inputs a) {
    return type_set_op(fn, a, SetOp::Intersect);
}
TypeCheck type_except(std::string_view fn, Inputs a) { return type_set_op(fn, a, SetOp::Except); }
TypeCheck type_overlap(std::string_view fn, Inputs a) { return type_set_op(fn, a, SetOp::Overlap); }
Args coerce_contains(Inputs a) { return coerce_array_and_value(a, &wider_no_string); }
Args coerce_tightest_value(Inputs a) { return coerce_array_and_value(a, &tightest); }

/// Spark's ArrayAppend and ArrayPrepend (ImplicitCastInputTypes): the array and the value
/// meet at their tightest common element type, a NULL value takes the element type; the
/// array may hold NULLs when the value may be NULL.
Args coerce_array_append(Inputs a) {
    Args out = coerce_array_and_value(a, &tightest);
    if (out.size() == 2 && is_null_type(*out[1]->type)) {
        if (const ArrayType* arr = out[0]->type->array()) {
            out[1] = cast_to(out[1], arr->element);
        }
    }
    return out;
}
TypeCheck type_array_append(std::string_view fn, Inputs a) {
    const ArrayType* arr = a[0]->type->array();
    if (arr == nullptr) {
        return expects(fn, a, 0, "an array");
    }
    if (!same_type_ignoring_nullability(*arr->element, *a[1]->type)) {
        return expects(fn, a, 1, "a value of the element type " + catalog_string(*arr->element));
    }
    return ok(make_array(arr->element, arr->contains_null || a[1]->nullable), a[0]->nullable);
}

/// Spark's TypeOf: the argument's type as a string, never NULL.
TypeCheck type_typeof(std::string_view, Inputs) { return ok(string_type(), false); }

// --- user errors: raise_error, assert_true -----------------------------------------------

/// Spark's RaiseError(errorClass, errorParms, NullType): raises the error class with its
/// parameters, a string and a map of strings; its value, never produced, is VOID (nullable).
TypeCheck type_raise_error(std::string_view fn, Inputs a) {
    if (!is_string_like(*a[0]->type)) {
        return expects(fn, a, 0, "a string error class");
    }
    const MapType* parms = a[1]->type->map();
    if (parms == nullptr || !is_string_like(*parms->key) || !is_string_like(*parms->value)) {
        return expects(fn, a, 1, "a map<string,string> of error parameters");
    }
    return ok(null_type(), true);
}
/// Plans print RaiseError's data type after its children: `raise_error(USER_RAISED_EXCEPTION,
/// map(errorMessage, boom), NullType)`.
PlanParameters plan_raise_error(Inputs, const DataType& result) {
    return {"", ", " + scala_string(result)};
}

/// The arguments of RaiseError for a message, as Spark 4's raise_error(msg) builds them
/// (RaiseErrorExpressionBuilder, SPARK-46036): the class USER_RAISED_EXCEPTION and the
/// parameters `map('errorMessage', msg)`, cast to map<string,string> when the message is no
/// string (ImplicitCastInputTypes).
Args user_error_args(const ExprPtr& message) {
    ExprPtr parms = make_expr(ScalarFunction{&catalog_function("map"),
                                             ExprList({string_literal("errorMessage"), message})});
    if (!is_string_like(*message->type)) {
        parms = cast_to(parms, make_map(string_type(), string_type(), true));
    }
    return {string_literal("USER_RAISED_EXCEPTION"), std::move(parms)};
}

/// raise_error(msg), the public form: bound as RaiseError (the internal row `raiseerror`).
const FunctionDef* build_raise_error(std::string_view, std::vector<ExprPtr>& args, std::string&) {
    if (args.size() != 1) {
        return nullptr;
    }
    args = user_error_args(args[0]);
    return &catalog_function("raiseerror");
}
/// The public row's own typing, for a call no builder rewrote (never, but typed alike).
TypeCheck type_raise_error_message(std::string_view, Inputs) { return ok(null_type(), true); }

/// Spark's AssertTrue(condition, message) (RuntimeReplaceable, InheritAnalysisRules): replaced
/// by `if (condition) null else raise_error(message)`; without a message its constructor writes
/// `'<condition>' is not true!`, the condition as its plans print it.
Args coerce_assert_true(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() == 1) {
        std::string message = "'";
        message += expr_string(*out[0]);
        message += "' is not true!";
        out.push_back(string_literal(message));
    }
    if (out.size() == 2) {
        out.push_back(make_expr(ScalarFunction{
            &catalog_function("if"),
            ExprList({out[0], null_literal(),
                      make_expr(ScalarFunction{&catalog_function("raiseerror"),
                                               ExprList(user_error_args(out[1]))})})}));
    }
    return out;
}
/// VOID, NULL when the condition holds: the replacement's type (If over a boolean condition).
TypeCheck type_assert_true(std::string_view fn, Inputs a) {
    if (!is_boolean(*a[0]->type)) {
        return expects(fn, a, 0, "a boolean condition");
    }
    return ok(null_type(), true);
}

/// Spark's Uuid (nondeterministic): a string.
TypeCheck type_uuid(std::string_view, Inputs) { return ok(string_type(), false); }

/// Spark: MapContainsKey (RuntimeReplaceable, array_contains(map_keys(m), k)): the key and
/// the map's keys meet at their wider type without string promotion.
Args coerce_map_contains_key(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() != 2 || is_null_type(*out[1]->type)) {
        return out;
    }
    const MapType* m = out[0]->type->map();
    if (m == nullptr) {
        return out;
    }
    if (std::optional<TypePtr> t = wider_no_string(m->key, out[1]->type)) {
        out[0] = cast_if_not_same(out[0], make_map(*t, m->value, m->value_contains_null));
        out[1] = cast_if_not_same(out[1], *t);
    }
    return out;
}
TypeCheck type_map_contains_key(std::string_view fn, Inputs a) {
    const MapType* m = a[0]->type->map();
    if (m == nullptr) {
        return expects(fn, a, 0, "a map");
    }
    if (is_null_type(*a[1]->type)) {
        return fail(fn, 1, "does not accept NULL arguments");
    }
    if (!same_type_ignoring_nullability(*m->key, *a[1]->type)) {
        return expects(fn, a, 1, "a key of type " + catalog_string(*m->key));
    }
    return ok(boolean_type(), a[0]->nullable || a[1]->nullable);
}

/// Spark: EqualNull (RuntimeReplaceable, `a <=> b`): coerced as the comparison, never NULL.
Args coerce_equal_null(Inputs a) {
    if (a.size() != 2) {
        return Args(a.begin(), a.end());
    }
    BinaryCoercion c = coerce_binary(BinaryOpKind::EqualNullSafe, a[0], a[1]);
    return c.error.empty() ? Args{c.left, c.right} : Args(a.begin(), a.end());
}
TypeCheck type_equal_null(std::string_view fn, Inputs a) {
    BinaryCoercion c = coerce_binary(BinaryOpKind::EqualNullSafe, a[0], a[1]);
    if (!c.error.empty()) {
        return fail(fn, 1, "cannot compare " + str(a[0]) + " and " + str(a[1]));
    }
    return ok(boolean_type(), false);
}

/// Spark's RegExpExtractAll(subject, regexp, idx): its two-argument constructor adds the
/// group 1, which its SQL form shows. An array of strings.
Args coerce_regexp_extract_all(Inputs a) {
    Args out = coerce_two_strings_int(a);
    if (out.size() == 2) {
        out.push_back(make_expr(Literal{int_type(), prune::Name("1"), false}));
    }
    return out;
}
TypeCheck type_regexp_extract_all(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_two_strings_int(fn, a); !c.ok()) {
        return c;
    }
    return ok(make_array(string_type(), true), any_nullable(a));
}

/// Spark's RegExpCount (size(regexp_extract_all(s, r, 0))): an int.
TypeCheck type_regexp_count(std::string_view fn, Inputs a) { return strings_to(fn, a, int_type()); }

/// Spark's RegExpSubStr (nullif(regexp_extract(s, r, 0), '')): NULL without a match.
TypeCheck type_regexp_substr(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, a.size()); !c.ok()) {
        return c;
    }
    return ok(string_type(), true);
}

/// Spark's ZeroIfNull and NullIfZero (RuntimeReplaceable: nvl(x, 0) and nullif(x, 0)): the
/// replacement is built here as the last argument, coerced as its own row coerces it.
template <bool ZeroIfNull> Args coerce_zero_null(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() != 1) {
        return out;
    }
    const FunctionDef& replacement = catalog_function(ZeroIfNull ? "nvl" : "nullif");
    const ExprPtr zero = make_expr(Literal{int_type(), prune::Name("0"), false});
    Args args = replacement.coerce(Args{out[0], zero});
    if (const TypeCheck c = replacement.type(args); !c.ok()) {
        return out; // the type check reports the missing replacement
    }
    out.push_back(make_expr(ScalarFunction{&replacement, std::move(args), false}));
    return out;
}
TypeCheck type_zero_null(std::string_view fn, Inputs a) {
    if (a.size() < 2) {
        return fail(fn, 0, "cannot compare " + str(a[0]) + " with 0");
    }
    return type_of_replacement(fn, a);
}

/// Spark's Unhex (ImplicitCastInputTypes: a string), a binary; NULL for text that is not hex.
TypeCheck type_unhex(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 1); !c.ok()) {
        return c;
    }
    return ok(make_atomic(AtomicKind::Binary), true);
}

/// Spark's Conv (ImplicitCastInputTypes: a string, then two int bases), a string, always
/// nullable (NULL for a base outside 2..36).
Args coerce_conv(Inputs a) { return implicit_args(a, {str_(), int_(), int_()}); }
TypeCheck type_conv(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 1); !c.ok()) {
        return c;
    }
    for (std::size_t i = 1; i < 3; ++i) {
        if (!a[i]->type->is(AtomicKind::Integer)) {
            return expects(fn, a, i, "an int base");
        }
    }
    return ok(string_type(), true);
}

/// Spark's UnBase64 (ImplicitCastInputTypes: a string), a binary, NULL when its input is.
TypeCheck type_unbase64(std::string_view fn, Inputs a) {
    return strings_to(fn, a, make_atomic(AtomicKind::Binary));
}

/// Spark's ToBinary and TryToBinary (RuntimeReplaceable; ImplicitCastInputTypes: strings): a
/// binary from text in the format its second argument names, a constant: 'hex' (the default),
/// 'utf-8', 'utf8' or 'base64', in any case; a NULL format makes NULL. to_binary rejects
/// another format (DATATYPE_MISMATCH.INVALID_ARG_VALUE), try_to_binary makes NULL of it.
/// Nullable as the expression Spark replaces it by: unhex always, encode and unbase64 as the
/// text, try_to_binary always.
template <bool Try> TypeCheck type_to_binary(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, a.size()); !c.ok()) {
        return c;
    }
    std::string format = "hex";
    if (a.size() == 2) {
        TypeCheck failure;
        const Literal* lit = literal_argument(fn, a, 1, "format", failure);
        if (lit == nullptr) {
            return failure;
        }
        if (lit->is_null) {
            return ok(make_atomic(AtomicKind::Binary), true);
        }
        format = ascii_lower(lit->text.view());
    }
    const bool known =
        format == "hex" || format == "utf-8" || format == "utf8" || format == "base64";
    if (!known && !Try) {
        std::string message = "expects the format 'hex', 'utf-8', 'utf8' or 'base64', got '";
        message += format;
        message += "'";
        return fail(fn, 1, message);
    }
    return ok(make_atomic(AtomicKind::Binary), Try || format == "hex" || !known || a[0]->nullable);
}

/// Spark's IsNaN (ImplicitCastInputTypes: a double or a float): false, never NULL, for NULL.
Expects double_or_float_() {
    return {type_of(double_type()), type_of(make_atomic(AtomicKind::Float))};
}
bool is_double_or_float(const DataType& t) {
    return t.is(AtomicKind::Double) || t.is(AtomicKind::Float);
}
Args coerce_nan(Inputs a) { return implicit_args(a, {double_or_float_()}); }
TypeCheck type_isnan(std::string_view fn, Inputs a) {
    if (!is_double_or_float(*a[0]->type)) {
        return expects(fn, a, 0, "a double or a float");
    }
    return ok(boolean_type(), false);
}

/// Spark's NaNvl (ImplicitCastInputTypes: doubles or floats; a double and a float meet at
/// double, TypeCoercion's NaNvl case): the left argument's type.
Args coerce_nanvl(Inputs a) {
    Args out = implicit_args(a, {double_or_float_(), double_or_float_()});
    if (out.size() == 2 && is_double_or_float(*out[0]->type) && is_double_or_float(*out[1]->type) &&
        !same_type_ignoring_nullability(*out[0]->type, *out[1]->type)) {
        out[0] = cast_if_not_same(out[0], double_type());
        out[1] = cast_if_not_same(out[1], double_type());
    }
    return out;
}
TypeCheck type_nanvl(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < 2; ++i) {
        if (!is_double_or_float(*a[i]->type)) {
            return expects(fn, a, i, "a double or a float");
        }
    }
    return ok(a[0]->type, any_nullable(a));
}

/// Spark's RegrCount, RegrAvgX and RegrAvgY (ImplicitCastInputTypes: two numbers, y then x):
/// count(y, x), and avg of x (or y) where both are not NULL, typed as avg types it.
Args coerce_numerics(Inputs a) {
    return implicit_args(a, {{want(Want::Numeric)}, {want(Want::Numeric)}});
}
TypeCheck type_regr_count(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < 2; ++i) {
        if (!is_numeric(*a[i]->type)) {
            return expects(fn, a, i, "a numeric value");
        }
    }
    return ok(long_type(), false);
}
template <std::size_t Arg> TypeCheck type_regr_avg(std::string_view fn, Inputs a) {
    if (TypeCheck c = type_regr_count(fn, a); !c.ok()) {
        return c;
    }
    return type_avg(fn, a.subspan(Arg, 1));
}

/// Spark's TryAdd, TrySubtract, TryMultiply, TryDivide and TryMod (RuntimeReplaceable, the
/// operator in TRY mode): coerced and typed as the operator is, over numbers; NULL where the
/// operator raises (an overflow, a division by zero).
template <BinaryOpKind Op> Args coerce_try_arithmetic(Inputs a) {
    if (a.size() != 2) {
        return Args(a.begin(), a.end());
    }
    BinaryCoercion c = coerce_binary(Op, a[0], a[1]);
    return c.error.empty() ? Args{c.left, c.right} : Args(a.begin(), a.end());
}
template <BinaryOpKind Op> TypeCheck type_try_arithmetic(std::string_view fn, Inputs a) {
    if (!is_numeric(*a[0]->type) || !is_numeric(*a[1]->type)) {
        return fail(fn, -1,
                    "expects numeric arguments (dates and intervals are not supported here), got " +
                        str(a[0]) + " and " + str(a[1]));
    }
    const bool decimals = is_decimal(*a[0]->type) && is_decimal(*a[1]->type);
    if (!decimals && !same_type_ignoring_nullability(*a[0]->type, *a[1]->type)) {
        return fail(fn, -1,
                    "expects numeric arguments of a common type, got " + str(a[0]) + " and " +
                        str(a[1]));
    }
    return ok(arithmetic_result_type(Op, a[0]->type, a[1]->type), true);
}

/// Spark's UnaryPositive and UnaryMinus called as `positive` and `negative` (a number or an
/// ANSI interval, a string cast to a double): the argument's type.
TypeCheck type_sign_op(std::string_view fn, Inputs a) { return type_abs(fn, a); }

/// Spark's BitwiseCount (ExpectsInputTypes: an integral or a boolean), an int.
Args coerce_bit_count(Inputs a) { return null_args(a, {{want(Want::Integral)}}); }
TypeCheck type_bit_count(std::string_view fn, Inputs a) {
    if (!is_integral(*a[0]->type) && !is_boolean(*a[0]->type)) {
        return expects(fn, a, 0, "an integral or a boolean value");
    }
    return ok(int_type(), a[0]->nullable);
}

/// Spark's BitwiseGet (ImplicitCastInputTypes: an integral value, an int position), a tinyint.
Args coerce_bit_get(Inputs a) { return implicit_args(a, {{want(Want::Integral)}, int_()}); }
TypeCheck type_bit_get(std::string_view fn, Inputs a) {
    if (!is_integral(*a[0]->type)) {
        return expects(fn, a, 0, "an integral value");
    }
    if (!is_int(*a[1]->type)) {
        return expects(fn, a, 1, "an int position");
    }
    return ok(make_atomic(AtomicKind::Byte), any_nullable(a));
}

/// Leaf functions of a constant type, never NULL: spark_partition_id(),
/// monotonically_increasing_id(), input_file_block_start(), current_timezone(), ...
template <AtomicKind Kind> TypeCheck type_leaf(std::string_view, Inputs) {
    return ok(Kind == AtomicKind::String ? string_type() : make_atomic(Kind), false);
}

/// Spark's XxHash64 (seed 42): a bigint, never NULL, of any values but maps.
TypeCheck type_xxhash64(std::string_view fn, Inputs a) {
    TypeCheck c = type_hash(fn, a);
    if (c.ok()) {
        c.result.type = long_type();
    }
    return c;
}

// --- bitmaps: Spark's BitmapExpressionUtils (4096-byte bitmaps of 32768 bit positions) --------

/// A bigint read from a binary `what` (no cast), NULL when it is: Spark's BitmapCount (the
/// bits set in a bitmap) and HllSketchEstimate (a sketch's estimate).
template <Name what> TypeCheck type_count_of_binary(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Binary)) {
        std::string message = "a binary ";
        message += what.text;
        return expects(fn, a, 0, message);
    }
    return ok(long_type(), a[0]->nullable);
}

/// Spark's BitmapConstructAgg (ImplicitCastInputTypes: a bigint bit position): a bitmap with
/// the group's positions set, never NULL.
TypeCheck type_bitmap_construct_agg(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Long)) {
        return expects(fn, a, 0, "a bigint bit position");
    }
    return ok(make_atomic(AtomicKind::Binary), false);
}

/// Spark's BitmapOrAgg (checkInputDataTypes: a binary, no cast): the group's bitmaps OR-ed,
/// never NULL.
TypeCheck type_bitmap_or_agg(std::string_view fn, Inputs a) {
    if (!a[0]->type->is(AtomicKind::Binary)) {
        return expects(fn, a, 0, "a binary bitmap");
    }
    return ok(make_atomic(AtomicKind::Binary), false);
}

// --- typed and pruned, refused by --verify: XPath, sentences, reflection, sketches ----------

/// Spark's XPathExtract (ExpectsInputTypes: an XML string and a constant XPath string): always
/// nullable ("e.g. if the xml string is empty"); `result` by the function.
Args coerce_xpath(Inputs a) { return null_args(a, {str_(), str_()}); }
TypeCheck check_xpath(std::string_view fn, Inputs a, TypePtr result) {
    if (TypeCheck c = check_strings(fn, a, 0, 2); !c.ok()) {
        return c;
    }
    if (!expr_foldable(*a[1])) {
        return fail(fn, 1, "expects a constant XPath expression");
    }
    return ok(std::move(result), true);
}
template <AtomicKind Out> TypeCheck type_xpath(std::string_view fn, Inputs a) {
    return check_xpath(fn, a, Out == AtomicKind::String ? string_type() : make_atomic(Out));
}
/// Spark's XPathList (`xpath`): the matching nodes' values, an array of nullable strings.
TypeCheck type_xpath_list(std::string_view fn, Inputs a) {
    return check_xpath(fn, a, make_array(string_type(), true));
}

/// Spark's Sentences(str, language, country) (ImplicitCastInputTypes: strings): its
/// constructors fill the locale not given with empty strings, which plans and names show.
Args coerce_sentences(Inputs a) {
    Args out = coerce_strings(a);
    while (out.size() < 3) {
        out.push_back(make_expr(Literal{string_type(), prune::Name(), false}));
    }
    return out;
}
/// The words of each sentence, an array of arrays of non-NULL strings; always nullable.
TypeCheck type_sentences(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, a.size()); !c.ok()) {
        return c;
    }
    return ok(make_array(make_array(string_type(), false), false), true);
}

/// Spark's CallMethodViaReflection (reflect, java_method, try_reflect): a constant class and
/// method name, then arguments of the types it can pass to Java; a string, nullable.
TypeCheck type_reflect(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < 2; ++i) {
        if (!is_string_like(*a[i]->type) || !expr_foldable(*a[i])) {
            return fail(fn, static_cast<int>(i),
                        i == 0 ? "expects a constant string class name"
                               : "expects a constant string method name");
        }
    }
    for (std::size_t i = 2; i < a.size(); ++i) {
        const DataType& t = *a[i]->type;
        if (!(is_boolean(t) || is_integral(t) || t.is(AtomicKind::Float) ||
              t.is(AtomicKind::Double) || is_string_like(t) || is_null_type(t))) {
            return expects(fn, a, i,
                           "a boolean, a number of an integral, float or double type, or a "
                           "string");
        }
    }
    return ok(string_type(), true);
}

/// Spark's AesEncrypt(input, key, mode, padding, iv, aad) and AesDecrypt(input, key, mode,
/// padding, aad) (ImplicitCastInputTypes: binaries, the mode and padding strings, binaries):
/// their constructors fill the arguments not given with 'GCM', 'DEFAULT' and empty strings,
/// which plans and names show. `Arity`: 6 (encrypt) or 5 (decrypt).
template <std::size_t Arity> Args coerce_aes(Inputs a) {
    static constexpr std::array<std::string_view, 4> kDefaults{"GCM", "DEFAULT", "", ""};
    Args out(a.begin(), a.end());
    while (out.size() < Arity) {
        out.push_back(
            make_expr(Literal{string_type(), prune::Name(kDefaults[out.size() - 2]), false}));
    }
    std::vector<Expects> params{binary_(), binary_(), str_(), str_()};
    params.resize(Arity, binary_());
    return implicit_args(out, params);
}
/// The encrypted or decrypted bytes, nullable.
TypeCheck type_aes(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < a.size(); ++i) {
        const bool mode_or_padding = i == 2 || i == 3;
        if (mode_or_padding ? !is_string_like(*a[i]->type) : !a[i]->type->is(AtomicKind::Binary)) {
            return expects(fn, a, i, mode_or_padding ? "a string" : "a binary");
        }
    }
    return ok(make_atomic(AtomicKind::Binary), true);
}

/// Spark's HllSketchAgg(child, lgConfigK = 12) (ImplicitCastInputTypes: an int, bigint,
/// string or binary value, then an int): a DataSketches HLL sketch, never NULL.
Args coerce_hll_sketch_agg(Inputs a) {
    Args out = implicit_args(a, {{type_of(int_type()), type_of(long_type()), type_of(string_type()),
                                  type_of(make_atomic(AtomicKind::Binary))},
                                 int_()});
    if (out.size() == 1) {
        out.push_back(make_expr(Literal{int_type(), prune::Name("12"), false}));
    }
    return out;
}
TypeCheck type_hll_sketch_agg(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (!(t.is(AtomicKind::Integer) || t.is(AtomicKind::Long) || is_string_like(t) ||
          t.is(AtomicKind::Binary))) {
        return expects(fn, a, 0, "an int, a bigint, a string or a binary");
    }
    if (!a[1]->type->is(AtomicKind::Integer) || !expr_foldable(*a[1])) {
        return expects(fn, a, 1, "a constant int lgConfigK");
    }
    return ok(make_atomic(AtomicKind::Binary), false);
}

/// Spark's HllUnionAgg(child, allowDifferentLgConfigK = false) and HllUnion(first, second,
/// allowDifferentLgConfigK = false): sketches (binaries) merged; the flag a constant boolean
/// its constructors add when not given.
template <std::size_t Sketches> Args coerce_hll_union(Inputs a) {
    Args out = implicit_args(a, std::vector<Expects>(Sketches, binary_()));
    if (out.size() == Sketches) {
        out.push_back(make_expr(Literal{boolean_type(), prune::Name("false"), false}));
    }
    return out;
}
template <std::size_t Sketches> TypeCheck type_hll_union(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < Sketches; ++i) {
        if (!a[i]->type->is(AtomicKind::Binary)) {
            return expects(fn, a, i, "a binary sketch");
        }
    }
    if (!is_boolean(*a[Sketches]->type)) {
        return expects(fn, a, Sketches, "a boolean allowDifferentLgConfigK");
    }
    // The aggregate is never NULL; the function is NULL when a sketch is.
    return ok(make_atomic(AtomicKind::Binary), Sketches == 2 && any_nullable(a));
}

/// Spark's CountMinSketchAgg(child, eps, confidence, seed): an integral, string or binary
/// value, then constant eps and confidence (doubles) and seed (an int): a serialized
/// CountMinSketch, never NULL.
Args coerce_count_min_sketch(Inputs a) {
    return implicit_args(a, {{}, {type_of(double_type())}, {type_of(double_type())}, int_()});
}
TypeCheck type_count_min_sketch(std::string_view fn, Inputs a) {
    const DataType& t = *a[0]->type;
    if (!(is_integral(t) || is_string_like(t) || t.is(AtomicKind::Binary))) {
        return expects(fn, a, 0, "an integral value, a string or a binary");
    }
    static constexpr std::array<std::string_view, 3> kParameters{
        "a constant double eps", "a constant double confidence", "a constant int seed"};
    for (std::size_t i = 1; i < 4; ++i) {
        const bool typed =
            i < 3 ? a[i]->type->is(AtomicKind::Double) : a[i]->type->is(AtomicKind::Integer);
        if (!typed || !expr_foldable(*a[i])) {
            return expects(fn, a, i, kParameters[i - 1]);
        }
    }
    return ok(make_atomic(AtomicKind::Binary), false);
}

/// Spark's SplitPart (RuntimeReplaceable, element_at(split(str, delim), part) with "" out of
/// range): two strings and an int part number, a string.
Args coerce_split_part(Inputs a) { return implicit_args(a, {str_(), str_(), int_()}); }
TypeCheck type_split_part(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_two_strings_int(fn, a); !c.ok()) {
        return c;
    }
    return ok(string_type(), any_nullable(a));
}

/// Spark's Elt: an int index, then strings (or binaries), the one at the index; NULL for a
/// NULL index (an index out of range raises, ANSI).
Args coerce_elt(Inputs a) {
    Args out(a.begin(), a.end());
    if (!out.empty()) {
        out[0] = implicit(out[0], int_());
    }
    const bool all_binary =
        out.size() > 1 && std::all_of(out.begin() + 1, out.end(), [](const ExprPtr& e) {
            return e->type->is(AtomicKind::Binary);
        });
    for (std::size_t i = 1; i < out.size() && !all_binary; ++i) {
        out[i] = implicit(out[i], str_());
    }
    return out;
}
TypeCheck type_elt(std::string_view fn, Inputs a) {
    if (!is_int(*a[0]->type)) {
        return expects(fn, a, 0, "an int index");
    }
    const bool binary = a[1]->type->is(AtomicKind::Binary);
    for (std::size_t i = 1; i < a.size(); ++i) {
        if (binary ? !a[i]->type->is(AtomicKind::Binary) : !is_string_like(*a[i]->type)) {
            return expects(fn, a, i, binary ? "a binary" : "a string");
        }
    }
    return ok(binary ? a[1]->type : string_type(), true);
}

/// Spark's FindInSet (two strings), an int: the 1-based place of the first in the
/// comma-separated second, 0 when absent or when the first holds a comma.
TypeCheck type_find_in_set(std::string_view fn, Inputs a) { return strings_to(fn, a, int_type()); }

/// Spark's UrlEncode and UrlDecode (a string), a string; Luhncheck, a boolean.
TypeCheck type_luhn_check(std::string_view fn, Inputs a) {
    return strings_to(fn, a, boolean_type());
}

/// Spark's FormatNumber (ExpectsInputTypes: a number, then an int of decimal places or a
/// DecimalFormat pattern), a string, always nullable (NULL for negative places).
Args coerce_format_number(Inputs a) {
    return null_args(a, {{want(Want::Numeric)}, {type_of(int_type()), type_of(string_type())}});
}
TypeCheck type_format_number(std::string_view fn, Inputs a) {
    if (!is_numeric(*a[0]->type)) {
        return expects(fn, a, 0, "a numeric value");
    }
    if (!a[1]->type->is(AtomicKind::Integer) && !is_string_like(*a[1]->type)) {
        return expects(fn, a, 1, "an int or a string");
    }
    return ok(string_type(), true);
}

/// Spark's ParseUrl (ExpectsInputTypes: a URL, a part's name, a query key), a string, always
/// nullable (an unknown part, a missing key); TryParseUrl the same, NULL for an invalid URL.
Args coerce_parse_url(Inputs a) { return null_args(a, std::vector<Expects>(a.size(), str_())); }
TypeCheck type_parse_url(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, a.size()); !c.ok()) {
        return c;
    }
    return ok(string_type(), true);
}

/// Spark's RegExpInStr(subject, regexp, idx): the idx 0 its two-argument constructor adds
/// shows in its SQL form; an int, 0 without a match.
Args coerce_regexp_instr(Inputs a) {
    Args out = coerce_two_strings_int(a);
    if (out.size() == 2) {
        out.push_back(make_expr(Literal{int_type(), prune::Name("0"), false}));
    }
    return out;
}
TypeCheck type_regexp_instr(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_two_strings_int(fn, a); !c.ok()) {
        return c;
    }
    return ok(int_type(), any_nullable(a));
}

/// Spark's MapConcat: maps meet at their wider common type; no arguments, map<string,string>.
TypeCheck type_map_concat(std::string_view fn, Inputs a) {
    if (a.empty()) {
        return ok(make_map(string_type(), string_type(), false), false);
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i]->type->map() == nullptr) {
            return expects(fn, a, i, "a map");
        }
    }
    const Merged m = merge_types(a, 0);
    if (m.bad >= 0) {
        return not_common(fn, a, 0, m.bad, "maps");
    }
    bool values_null = false;
    for (const ExprPtr& e : a) {
        values_null = values_null || e->type->map()->value_contains_null;
    }
    const MapType& t = *m.type->map();
    return ok(make_map(t.key, t.value, values_null), any_nullable(a));
}

/// Spark's ArrayInsert(array, pos, item): the item and the elements meet at their common
/// type, the position is an int; NULL for a NULL array or position.
Args coerce_array_insert(Inputs a) {
    if (a.size() != 3) {
        return Args(a.begin(), a.end());
    }
    Args pair = coerce_array_append(Args{a[0], a[2]});
    return Args{pair[0], implicit(a[1], int_()), pair[1]};
}
TypeCheck type_array_insert(std::string_view fn, Inputs a) {
    const ArrayType* arr = a[0]->type->array();
    if (arr == nullptr) {
        return expects(fn, a, 0, "an array");
    }
    if (!is_int(*a[1]->type)) {
        return expects(fn, a, 1, "an int position");
    }
    if (!same_type_ignoring_nullability(*arr->element, *a[2]->type)) {
        return expects(fn, a, 2, "a value of the element type " + catalog_string(*arr->element));
    }
    return ok(make_array(arr->element, arr->contains_null || a[2]->nullable),
              a[0]->nullable || a[1]->nullable);
}

/// Spark's LengthOfJsonArray (an int) and JsonObjectKeys (an array of strings): NULL for
/// text that is not a JSON array (object).
TypeCheck type_json_array_length(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 1); !c.ok()) {
        return c;
    }
    return ok(int_type(), true);
}
TypeCheck type_json_object_keys(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 1); !c.ok()) {
        return c;
    }
    return ok(make_array(string_type(), false), true);
}
/// Spark's GetJsonObject(json, path): a string, NULL where the path finds nothing.
TypeCheck type_get_json_object(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 2); !c.ok()) {
        return c;
    }
    return ok(string_type(), true);
}

/// Spark's IsValidUTF8 (a boolean), MakeValidUTF8 and ValidateUTF8 (the string), and
/// TryValidateUTF8 and TryUrlDecode (a string, NULL for text they cannot take).
TypeCheck type_is_valid_utf8(std::string_view fn, Inputs a) {
    return strings_to(fn, a, boolean_type());
}
TypeCheck type_try_validate_utf8(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 1); !c.ok()) {
        return c;
    }
    return ok(string_type(), true);
}

/// Spark's WidthBucket (ImplicitCastInputTypes: three doubles and a bigint count), a bigint;
/// NULL for a count, bounds or value it cannot bucket.
Args coerce_width_bucket(Inputs a) {
    const Expects dbl{type_of(double_type())};
    return implicit_args(a, {dbl, dbl, dbl, {type_of(long_type())}});
}
TypeCheck type_width_bucket(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < 3; ++i) {
        if (!a[i]->type->is(AtomicKind::Double)) {
            return expects(fn, a, i, "a double (intervals are not supported here)");
        }
    }
    if (!a[3]->type->is(AtomicKind::Long)) {
        return expects(fn, a, 3, "a bigint number of buckets");
    }
    return ok(long_type(), true);
}

/// Spark's StringToMap(text, pairDelim, keyValueDelim): its constructors add the delimiters
/// ',' and ':', which its SQL form shows; a map of strings, its values NULL where a pair has no
/// key-value delimiter.
Args coerce_str_to_map(Inputs a) {
    Args out = coerce_strings(a);
    if (out.size() < 2) {
        out.push_back(string_literal(","));
    }
    if (out.size() < 3) {
        out.push_back(string_literal(":"));
    }
    return out;
}
TypeCheck type_str_to_map(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, a.size()); !c.ok()) {
        return c;
    }
    return ok(make_map(string_type(), string_type(), true), any_nullable(a));
}

/// try_to_timestamp and try_to_date (Spark's builders: ParseToTimestamp and ParseToDate
/// that do not fail): typed as to_timestamp and to_date, always nullable.
TypeCheck type_try_parse(std::string_view fn, Inputs a) {
    TypeCheck c = fn == "try_to_date" ? type_to_date(fn, a) : type_to_timestamp(fn, a);
    c.result.nullable = true;
    return c;
}

/// Spark's MakeTimestamp (ImplicitCastInputTypes: five ints, the seconds a decimal(16,6), an
/// optional string time zone): a timestamp; with ANSI on, NULL only for a NULL field.
/// make_timestamp_ltz is the same; make_timestamp_ntz (MakeTimestampNTZ) makes a TIMESTAMP_NTZ
/// of six fields.
Args coerce_make_timestamp(Inputs a) {
    return implicit_args(
        a, {int_(), int_(), int_(), int_(), int_(), {type_of(make_decimal(16, 6))}, str_()});
}
template <AtomicKind Kind = AtomicKind::Timestamp>
TypeCheck type_make_timestamp(std::string_view fn, Inputs a) {
    for (std::size_t i = 0; i < 5; ++i) {
        if (!is_int(*a[i]->type)) {
            return expects(fn, a, i, "an int");
        }
    }
    if (!same_type_ignoring_nullability(*a[5]->type, *make_decimal(16, 6))) {
        return expects(fn, a, 5, "decimal(16,6) seconds");
    }
    if (a.size() > 6 && !is_string_like(*a[6]->type)) {
        return expects(fn, a, 6, "a string time zone");
    }
    return ok(make_atomic(Kind), any_nullable(a));
}

/// try_make_timestamp (and its _ltz and _ntz forms): make_timestamp with NULL for fields out
/// of range.
template <AtomicKind Kind = AtomicKind::Timestamp>
TypeCheck type_try_make_timestamp(std::string_view fn, Inputs a) {
    TypeCheck c = type_make_timestamp<Kind>(fn, a);
    c.result.nullable = true;
    return c;
}

/// convert_timezone([source_tz, ]target_tz, ts): Spark's ConvertTimezone (ImplicitCastInputTypes:
/// two strings and a TIMESTAMP_NTZ); without a source zone its builder reads the session's,
/// current_timezone().
Args coerce_convert_timezone(Inputs a) {
    Args out(a.begin(), a.end());
    if (out.size() == 2) {
        out.insert(out.begin(),
                   make_expr(ScalarFunction{&catalog_function("current_timezone"), {}, false}));
    }
    return implicit_args(out, {str_(), str_(), {type_of(make_atomic(AtomicKind::TimestampNtz))}});
}
TypeCheck type_convert_timezone(std::string_view fn, Inputs a) {
    if (TypeCheck c = check_strings(fn, a, 0, 2); !c.ok()) {
        return c;
    }
    if (!a[2]->type->is(AtomicKind::TimestampNtz)) {
        return expects(fn, a, 2, "a timestamp_ntz");
    }
    return ok(a[2]->type, any_nullable(a));
}

using enum ResultFlow;

// One row per function; the higher-order functions are in plan/higher_order.cpp.
const std::vector<FunctionDef>& table() {
    static const std::vector<FunctionDef> rows = {
        // constructors and accessors
        scalar<"array", 0, kVariadic, type_array>("CreateArray", {Opaque, &coerce_common_all}),
        scalar<"map", 0, kVariadic, type_map>("CreateMap", {Opaque, &coerce_map}),
        scalar<"map_from_arrays", 2, 2, type_map_from_arrays>("MapFromArrays", {}),
        scalar<"map_from_entries", 1, 1, type_map_from_entries>("MapFromEntries", {}),
        scalar<"map_entries", 1, 1, type_map_entries>("MapEntries", {}),
        scalar<"try_element_at", 2, 2, type_try_element_at>("TryElementAt",
                                                            {Opaque, &coerce_element_at}),
        scalar<"get", 2, 2, type_get>("Get", {Opaque, &coerce_get}),
        scalar<"size", 1, 1, type_size>("Size", {LengthOnly, &coerce_size}),
        scalar<"cardinality", 1, 1, type_size>("Size", {LengthOnly, &coerce_size}),
        scalar<"array_size", 1, 1, type_array_size>("ArraySize", {LengthOnly, &coerce_array_arg}),
        scalar<"array_contains", 2, 2, type_array_contains>("ArrayContains",
                                                            {Compare, &coerce_contains}),
        scalar<"array_position", 2, 2, type_array_position>("ArrayPosition",
                                                            {Compare, &coerce_tightest_value}),
        scalar<"array_remove", 2, 2, type_array_remove>("ArrayRemove",
                                                        {Compare, &coerce_tightest_value}),
        scalar<"array_distinct", 1, 1, type_same_array>("ArrayDistinct",
                                                        {Compare, &coerce_null_array}),
        scalar<"array_union", 2, 2, type_union>("ArrayUnion", {Compare, &coerce_two_arrays}),
        scalar<"array_intersect", 2, 2, type_intersect>("ArrayIntersect",
                                                        {Compare, &coerce_two_arrays}),
        scalar<"array_except", 2, 2, type_except>("ArrayExcept", {Compare, &coerce_two_arrays}),
        scalar<"arrays_overlap", 2, 2, type_overlap>("ArraysOverlap",
                                                     {Compare, &coerce_two_arrays}),
        scalar<"arrays_zip", 0, kVariadic, type_arrays_zip>("ArraysZip", {}),
        scalar<"flatten", 1, 1, type_flatten>("Flatten", {ArrayElementsFlatten}),
        scalar<"concat", 0, kVariadic, type_concat>("Concat", {ArrayElementsOfAll, &coerce_concat}),
        scalar<"reverse", 1, 1, type_reverse>("Reverse", {ArrayElementsOfArg0, &coerce_reverse}),
        // Spark's Shuffle is nondeterministic (it draws a random seed).
        scalar<"shuffle", 1, 1, type_same_array>(
            "Shuffle", {ArrayElementsOfArg0, &coerce_null_array, 0, false}),
        scalar<"slice", 3, 3, type_slice>("Slice", {ArrayElementsOfArg0, &coerce_slice}),
        scalar<"sort_array", 1, 2, type_sort_array>("SortArray", {Compare, &coerce_null_array}),
        scalar<"array_max", 1, 1, type_array_extreme>("ArrayMax", {Compare, &coerce_array_arg}),
        scalar<"array_min", 1, 1, type_array_extreme>("ArrayMin", {Compare, &coerce_array_arg}),
        scalar<"array_join", 2, 3, type_array_join>("ArrayJoin", {Opaque, &coerce_array_join}),
        scalar<"array_repeat", 2, 2, type_array_repeat>("ArrayRepeat",
                                                        {ElementIsArg0, &coerce_array_repeat}),
        scalar<"array_compact", 1, 1, type_array_compact>("ArrayCompact",
                                                          {Opaque, &coerce_array_arg}),
        scalar<"sequence", 2, 3, type_sequence>("Sequence", {Opaque, &coerce_sequence}),
        scalar<"map_contains_key", 2, 2, type_map_contains_key>(
            "MapContainsKey", {Compare, &coerce_map_contains_key}),
        scalar<"array_append", 2, 2, type_array_append>("ArrayAppend",
                                                        {Opaque, &coerce_array_append}),
        scalar<"array_prepend", 2, 2, type_array_append>("ArrayPrepend",
                                                         {Opaque, &coerce_array_append}),
        scalar<"array_insert", 3, 3, type_array_insert>("ArrayInsert",
                                                        {Opaque, &coerce_array_insert}),
        scalar<"str_to_map", 1, 3, type_str_to_map>("StringToMap", {Opaque, &coerce_str_to_map}),
        scalar<"map_concat", 0, kVariadic, type_map_concat>("MapConcat",
                                                            {Opaque, &coerce_common_all}),
        // conditional
        scalar<"if", 3, 3, type_if>("If", {.flow = ValueOfArgs,
                                           .coerce = &coerce_if,
                                           .first_value_arg = 1,
                                           .form = "(IF({0}, {1}, {2}))",
                                           .plan_form = "if ({0}) {1} else {2}"}),
        scalar<"coalesce", 1, kVariadic, type_coalesce>("Coalesce",
                                                        {ValueOfArgs, &coerce_common_all}),
        scalar<"nvl", 2, 2, type_coalesce>("Nvl", {ValueOfArgs, &coerce_common_all}),
        scalar<"ifnull", 2, 2, type_coalesce>("IfNull", {ValueOfArgs, &coerce_common_all}),
        scalar<"nvl2", 3, 3, type_nvl2>("Nvl2", {ValueOfArgs, &coerce_nvl2, 1}),
        scalar<"nullif", 2, 2, type_nullif>("NullIf", {Compare, &coerce_nullif}),
        scalar<"equal_null", 2, 2, type_equal_null>("EqualNull", {Compare, &coerce_equal_null}),
        scalar<"greatest", 2, kVariadic, type_greatest>("Greatest", {Compare, &coerce_greatest}),
        scalar<"least", 2, kVariadic, type_greatest>("Least", {Compare, &coerce_greatest}),
        // Bound as the IsNull and IsNotNull nodes of `x IS [NOT] NULL` (Binder::bind_call):
        // these rows give the arity and the typing.
        scalar<"isnull", 1, 1, type_is_null>("IsNull", {}),
        scalar<"isnotnull", 1, 1, type_is_null>("IsNotNull", {}),
        // strings
        scalar<"concat_ws", 1, kVariadic, type_concat_ws>("ConcatWs", {Opaque, &coerce_concat_ws}),
        scalar<"length", 1, 1, type_length>("Length", {Opaque, &coerce_length}),
        scalar<"lower", 1, 1, type_string_to_string>("Lower", {Opaque, &coerce_strings}),
        scalar<"upper", 1, 1, type_string_to_string>("Upper", {Opaque, &coerce_strings}),
        scalar<"char_length", 1, 1, type_length>("Length", {Opaque, &coerce_length}),
        scalar<"character_length", 1, 1, type_length>("Length", {Opaque, &coerce_length}),
        scalar<"len", 1, 1, type_length>("Length", {Opaque, &coerce_length}),
        scalar<"lcase", 1, 1, type_string_to_string>("Lower", {Opaque, &coerce_strings}),
        scalar<"ucase", 1, 1, type_string_to_string>("Upper", {Opaque, &coerce_strings}),
        scalar<"initcap", 1, 1, type_string_to_string>("InitCap", {Opaque, &coerce_strings}),
        scalar<"replace", 2, 3, type_string_to_string>("StringReplace", {Opaque, &coerce_replace}),
        scalar<"instr", 2, 2, type_instr>("StringInstr", {Opaque, &coerce_strings}),
        scalar<"repeat", 2, 2, type_repeat>("StringRepeat", {Opaque, &coerce_repeat}),
        scalar<"regexp_replace", 3, 4, type_regexp_replace>("RegExpReplace",
                                                            {Opaque, &coerce_regexp_replace}),
        scalar<"lpad", 2, 3, type_pad>("StringLPad", {Opaque, &coerce_pad}),
        scalar<"rpad", 2, 3, type_pad>("StringRPad", {Opaque, &coerce_pad}),
        scalar<"startswith", 2, 2, type_string_predicate>("StartsWith", {Opaque, &coerce_strings}),
        scalar<"endswith", 2, 2, type_string_predicate>("EndsWith", {Opaque, &coerce_strings}),
        scalar<"contains", 2, 2, type_string_predicate>("Contains", {Opaque, &coerce_strings}),
        scalar<"left", 2, 3, type_left_right>(
            "Left", {.coerce = &coerce_left_right<false>, .replaced_by_last = true}),
        scalar<"right", 2, 3, type_left_right>(
            "Right", {.coerce = &coerce_left_right<true>, .replaced_by_last = true}),
        // substring(str FROM pos [FOR len]) and substr(...) are substring (the parser).
        scalar<"substring", 2, 3, type_substring>("Substring", {Opaque, &coerce_substring_length}),
        scalar<"substr", 2, 3, type_substring>("Substring", {Opaque, &coerce_substring_length}),
        // position(substr IN str) is locate (the parser).
        scalar<"locate", 2, 3, type_locate>("StringLocate", {Opaque, &coerce_locate}),
        scalar<"position", 2, 3, type_locate>("StringLocate", {Opaque, &coerce_locate}),
        scalar<"overlay", 3, 4, type_overlay>("Overlay", {Opaque, &coerce_overlay}),
        // trim(str) prints `trim(s, None)` in plans (StringTrim's trimStr is an Option); the
        // two-argument forms, trim(chars, str) and trim([BOTH] chars FROM str), are the rows
        // after (Binder::bind_call), named `TRIM(BOTH chars FROM str)`.
        scalar<"trim", 1, 2, type_string_to_string>("StringTrim",
                                                    {.coerce = &coerce_strings,
                                                     .plan_form = "trim({0}, None)",
                                                     .builder = &two_arguments_to<"trim_chars">}),
        scalar<"ltrim", 1, 2, type_string_to_string>("StringTrimLeft",
                                                     {.coerce = &coerce_strings,
                                                      .plan_form = "ltrim({0}, None)",
                                                      .builder = &two_arguments_to<"ltrim_chars">}),
        scalar<"rtrim", 1, 2, type_string_to_string>("StringTrimRight",
                                                     {.coerce = &coerce_strings,
                                                      .plan_form = "rtrim({0}, None)",
                                                      .builder = &two_arguments_to<"rtrim_chars">}),
        scalar<"trim_chars", 2, 2, as_called<"trim", type_string_to_string>>(
            "StringTrim", {.coerce = &coerce_strings,
                           .internal = true,
                           .form = "TRIM(BOTH {0} FROM {1})",
                           .plan_form = "trim({1}, Some({0}))"}),
        scalar<"ltrim_chars", 2, 2, as_called<"ltrim", type_string_to_string>>(
            "StringTrimLeft", {.coerce = &coerce_strings,
                               .internal = true,
                               .form = "TRIM(LEADING {0} FROM {1})",
                               .plan_form = "ltrim({1}, Some({0}))"}),
        scalar<"rtrim_chars", 2, 2, as_called<"rtrim", type_string_to_string>>(
            "StringTrimRight", {.coerce = &coerce_strings,
                                .internal = true,
                                .form = "TRIM(TRAILING {0} FROM {1})",
                                .plan_form = "rtrim({1}, Some({0}))"}),
        scalar<"split", 2, 3, type_split>("StringSplit", {Opaque, &coerce_two_strings_int}),
        scalar<"regexp_extract", 2, 3, type_regexp_extract>("RegExpExtract",
                                                            {Opaque, &coerce_two_strings_int}),
        scalar<"regexp_extract_all", 2, 3, type_regexp_extract_all>(
            "RegExpExtractAll", {Opaque, &coerce_regexp_extract_all}),
        scalar<"regexp_count", 2, 2, type_regexp_count>("RegExpCount", {Opaque, &coerce_strings}),
        scalar<"regexp_substr", 2, 2, type_regexp_substr>("RegExpSubStr",
                                                          {Opaque, &coerce_strings}),
        // btrim(str[, chars]): Spark's StringTrimBoth, the string first.
        scalar<"btrim", 1, 2, type_string_to_string>("StringTrimBoth", {Opaque, &coerce_strings}),
        scalar<"soundex", 1, 1, type_string_to_string>("SoundEx", {Opaque, &coerce_strings}),
        scalar<"mask", 1, 5, type_mask>("Mask", {Opaque, &coerce_mask}),
        scalar<"decode", 3, kVariadic, type_decode>(
            "Decode", {.coerce = &coerce_decode,
                       .replaced_by_last = true,
                       .builder = &two_arguments_to<"decode_charset">}),
        scalar<"decode_charset", 2, 2, as_called<"decode", type_string_decode>>(
            "StringDecode",
            {.coerce = &coerce_string_decode, .internal = true, .pretty_name = "decode"}),
        scalar<"encode", 2, 2, type_encode>("Encode", {Opaque, &coerce_strings}),
        scalar<"format_string", 1, kVariadic, type_format_string>("FormatString",
                                                                  {Opaque, &coerce_first_string}),
        scalar<"is_valid_utf8", 1, 1, type_is_valid_utf8>("IsValidUTF8", {Opaque, &coerce_strings}),
        scalar<"make_valid_utf8", 1, 1, type_string_to_string>("MakeValidUTF8",
                                                               {Opaque, &coerce_strings}),
        scalar<"validate_utf8", 1, 1, type_string_to_string>("ValidateUTF8",
                                                             {Opaque, &coerce_strings}),
        scalar<"try_validate_utf8", 1, 1, type_try_validate_utf8>("TryValidateUTF8",
                                                                  {Opaque, &coerce_strings}),
        scalar<"printf", 1, kVariadic, type_format_string>("FormatString",
                                                           {Opaque, &coerce_first_string}),
        scalar<"split_part", 3, 3, type_split_part>("SplitPart", {Opaque, &coerce_split_part}),
        scalar<"elt", 2, kVariadic, type_elt>("Elt", {Opaque, &coerce_elt}),
        scalar<"find_in_set", 2, 2, type_find_in_set>("FindInSet", {Opaque, &coerce_strings}),
        scalar<"url_encode", 1, 1, type_string_to_string>("UrlEncode", {Opaque, &coerce_strings}),
        scalar<"url_decode", 1, 1, type_string_to_string>("UrlDecode", {Opaque, &coerce_strings}),
        scalar<"try_url_decode", 1, 1, type_try_validate_utf8>("TryUrlDecode",
                                                               {Opaque, &coerce_strings}),
        scalar<"luhn_check", 1, 1, type_luhn_check>("Luhncheck", {Opaque, &coerce_strings}),
        scalar<"parse_url", 2, 3, type_parse_url>("ParseUrl", {Opaque, &coerce_parse_url}),
        scalar<"format_number", 2, 2, type_format_number>("FormatNumber",
                                                          {Opaque, &coerce_format_number}),
        scalar<"try_parse_url", 2, 3, type_parse_url>("TryParseUrl", {Opaque, &coerce_parse_url}),
        scalar<"regexp_instr", 2, 3, type_regexp_instr>("RegExpInStr",
                                                        {Opaque, &coerce_regexp_instr}),
        // JSON text
        scalar<"json_array_length", 1, 1, type_json_array_length>("LengthOfJsonArray",
                                                                  {Opaque, &coerce_strings}),
        scalar<"json_object_keys", 1, 1, type_json_object_keys>("JsonObjectKeys",
                                                                {Opaque, &coerce_strings}),
        scalar<"get_json_object", 2, 2, type_get_json_object>("GetJsonObject",
                                                              {Opaque, &coerce_strings}),
        // like(str, pattern[, escape]): the third argument is LIKE's ESCAPE character.
        scalar<"like", 2, 3, type_like>("Like", {.coerce = &coerce_like, .form = "{0} LIKE {1}"}),
        scalar<"rlike", 2, 2, type_like>(
            "RLike", {.flow = Opaque, .coerce = &coerce_strings, .pretty_name = "RLIKE"}),
        // Spark's registry aliases of RLike: named by the upper case of the name called
        // (RLike.sql), printed as RLIKE in plans (RLike.toString).
        scalar<"regexp", 2, 2, type_like>("RLike", {.coerce = &coerce_strings,
                                                    .form = "REGEXP({0}, {1})",
                                                    .plan_form = "RLIKE({0}, {1})"}),
        scalar<"regexp_like", 2, 2, type_like>("RLike", {.coerce = &coerce_strings,
                                                         .form = "REGEXP_LIKE({0}, {1})",
                                                         .plan_form = "RLIKE({0}, {1})"}),
        // ilike(str, pattern[, escape]): RuntimeReplaceable, like(lower(str), lower(pattern)).
        scalar<"ilike", 2, 3, type_like>(
            "ILike", {.flow = Opaque, .coerce = &coerce_like, .sql_children = 2}),
        // LIKE ANY|SOME|ALL with literal patterns (the analyzer builds them; no SQL name).
        scalar<"likeany", 2, kVariadic, type_multi_like>(
            "LikeAny", {.coerce = &coerce_first_string, .internal = true, .sql_children = 1}),
        scalar<"likeall", 2, kVariadic, type_multi_like>(
            "LikeAll", {.coerce = &coerce_first_string, .internal = true, .sql_children = 1}),
        scalar<"notlikeany", 2, kVariadic, type_multi_like>(
            "NotLikeAny", {.coerce = &coerce_first_string, .internal = true, .sql_children = 1}),
        scalar<"notlikeall", 2, kVariadic, type_multi_like>(
            "NotLikeAll", {.coerce = &coerce_first_string, .internal = true, .sql_children = 1}),
        // math
        scalar<"abs", 1, 1, type_abs>("Abs", {Opaque, &coerce_abs}),
        scalar<"round", 1, 2, type_round>("Round", {Opaque, &coerce_round}),
        // bround: Round's typing, rounding half to even
        scalar<"bround", 1, 2, type_round>("BRound", {Opaque, &coerce_round}),
        scalar<"width_bucket", 4, 4, type_width_bucket>("WidthBucket",
                                                        {Opaque, &coerce_width_bucket}),
        scalar<"floor", 1, 2, type_floor_ceil>("Floor", {Opaque, &coerce_floor_ceil}),
        scalar<"ceil", 1, 2, type_floor_ceil>("Ceil", {Opaque, &coerce_floor_ceil}),
        scalar<"ceiling", 1, 2, type_floor_ceil>("Ceil", {Opaque, &coerce_floor_ceil}),
        scalar<"pmod", 2, 2, type_pmod>("Pmod", {Opaque, &coerce_pmod}),
        scalar<"shiftleft", 2, 2, type_shift>("ShiftLeft", {Opaque, &coerce_shift}),
        // The operators `a << n`, `a >> n`, `a >>> n` (Spark 4), built by the analyzer.
        scalar<"<<", 2, 2, type_shift>(
            "ShiftLeft", {.coerce = &coerce_shift, .internal = true, .form = "({0} << {1})"}),
        scalar<">>", 2, 2, type_shift>(
            "ShiftRight", {.coerce = &coerce_shift, .internal = true, .form = "({0} >> {1})"}),
        scalar<">>>", 2, 2, type_shift>(
            "ShiftRightUnsigned",
            {.coerce = &coerce_shift, .internal = true, .form = "({0} >>> {1})"}),
        scalar<"shiftright", 2, 2, type_shift>("ShiftRight", {Opaque, &coerce_shift}),
        scalar<"shiftrightunsigned", 2, 2, type_shift>("ShiftRightUnsigned",
                                                       {Opaque, &coerce_shift}),
        scalar<"grouping", 1, 1, type_grouping>("Grouping", {}),
        scalar<"grouping_id", 0, kVariadic, type_grouping_id>("GroupingID", {}),
        // mod(a, b): Spark's Remainder (`a % b`) called by its alias, which names it
        // `mod(a, b)` in plans and names.
        scalar<"mod", 2, 2, type_remainder>("Remainder", {Opaque, &coerce_pmod}),
        // Spark's UnaryMathExpression and BinaryMathExpression over doubles: printed by their
        // upper-case name unless called by an alias (`sign`, `pow`), or as Log (`ln`).
        math_row<"sqrt", 1>("Sqrt", "SQRT"),
        math_row<"cbrt", 1>("Cbrt", "CBRT"),
        math_row<"exp", 1>("Exp", "EXP"),
        math_row<"ln", 1>("Log", ""),
        math_row<"log2", 1>("Log2", "LOG2"),
        math_row<"log10", 1>("Log10", "LOG10"),
        math_row<"signum", 1>("Signum", "SIGNUM"),
        math_row<"sign", 1>("Signum", ""),
        math_row<"power", 2>("Pow", "POWER"),
        math_row<"pow", 2>("Pow", ""),
        math_row<"log1p", 1>("Log1p", "LOG1P"),
        math_row<"expm1", 1>("Expm1", "EXPM1"),
        math_row<"degrees", 1>("ToDegrees", "DEGREES"),
        math_row<"radians", 1>("ToRadians", "RADIANS"),
        // Spark's Rint is named "ROUND" (UnaryMathExpression(math.rint, "ROUND")).
        math_row<"rint", 1>("Rint", "ROUND"),
        math_row<"hypot", 2>("Hypot", "HYPOT"),
        // trigonometry (Spark's UnaryMathExpression and Atan2, a BinaryMathExpression)
        math_row<"sin", 1>("Sin", "SIN"),
        math_row<"cos", 1>("Cos", "COS"),
        math_row<"tan", 1>("Tan", "TAN"),
        math_row<"cot", 1>("Cot", "COT"),
        math_row<"sec", 1>("Sec", "SEC"),
        math_row<"csc", 1>("Csc", "CSC"),
        math_row<"asin", 1>("Asin", "ASIN"),
        math_row<"acos", 1>("Acos", "ACOS"),
        math_row<"atan", 1>("Atan", "ATAN"),
        math_row<"sinh", 1>("Sinh", "SINH"),
        math_row<"cosh", 1>("Cosh", "COSH"),
        math_row<"tanh", 1>("Tanh", "TANH"),
        math_row<"asinh", 1>("Asinh", "ASINH"),
        math_row<"acosh", 1>("Acosh", "ACOSH"),
        math_row<"atanh", 1>("Atanh", "ATANH"),
        math_row<"atan2", 2>("Atan2", "ATAN2"),
        // try_* arithmetic: NULL where the operator raises
        scalar<"try_add", 2, 2, type_try_arithmetic<BinaryOpKind::Add>>(
            "TryAdd", {Opaque, &coerce_try_arithmetic<BinaryOpKind::Add>}),
        scalar<"try_subtract", 2, 2, type_try_arithmetic<BinaryOpKind::Subtract>>(
            "TrySubtract", {Opaque, &coerce_try_arithmetic<BinaryOpKind::Subtract>}),
        scalar<"try_multiply", 2, 2, type_try_arithmetic<BinaryOpKind::Multiply>>(
            "TryMultiply", {Opaque, &coerce_try_arithmetic<BinaryOpKind::Multiply>}),
        scalar<"try_divide", 2, 2, type_try_arithmetic<BinaryOpKind::Divide>>(
            "TryDivide", {Opaque, &coerce_try_arithmetic<BinaryOpKind::Divide>}),
        scalar<"try_mod", 2, 2, type_try_arithmetic<BinaryOpKind::Remainder>>(
            "TryMod", {Opaque, &coerce_try_arithmetic<BinaryOpKind::Remainder>}),
        // Spark's UnaryPositive (`(+ x)`, planned `positive(x)`) and UnaryMinus called by its
        // alias (named `negative(x)`, planned `-x`)
        scalar<"positive", 1, 1, type_sign_op>(
            "UnaryPositive",
            {.coerce = &coerce_abs, .form = "(+ {0})", .plan_form = "positive({0})"}),
        scalar<"negative", 1, 1, type_sign_op>(
            "UnaryMinus", {.coerce = &coerce_abs, .form = "negative({0})", .plan_form = "-{0}"}),
        // bits
        scalar<"bit_count", 1, 1, type_bit_count>("BitwiseCount", {Opaque, &coerce_bit_count}),
        scalar<"bit_get", 2, 2, type_bit_get>("BitwiseGet", {Opaque, &coerce_bit_get}),
        scalar<"getbit", 2, 2, type_bit_get>("BitwiseGet", {Opaque, &coerce_bit_get}),
        scalar<"isnan", 1, 1, type_isnan>("IsNaN", {Opaque, &coerce_nan}),
        scalar<"nanvl", 2, 2, type_nanvl>("NaNvl", {Opaque, &coerce_nanvl}),
        scalar<"log", 1, 2, type_log>("Logarithm", {.coerce = &coerce_log, .pretty_name = "LOG"}),
        scalar<"pi", 0, 0, type_math_constant>("Pi", {.pretty_name = "PI"}),
        scalar<"e", 0, 0, type_math_constant>("EulerNumber", {.pretty_name = "E"}),
        scalar<"factorial", 1, 1, type_factorial>("Factorial", {Opaque, &coerce_int}),
        scalar<"zeroifnull", 1, 2, type_zero_null>(
            "ZeroIfNull", {.coerce = &coerce_zero_null<true>, .replaced_by_last = true}),
        scalar<"nullifzero", 1, 2, type_zero_null>(
            "NullIfZero", {.coerce = &coerce_zero_null<false>, .replaced_by_last = true}),
        // serialisation, hashing and the rest
        scalar<"to_json", 1, 2, type_to_json>("StructsToJson", {Compare}),
        scalar<"from_json", 2, 3, type_from_json>(
            "JsonToStructs",
            {.sql_children = 1, .time_zone = true, .plan_parameters = &plan_from_json}),
        scalar<"from_csv", 2, 3, type_from_csv>(
            "CsvToStructs",
            {.sql_children = 1, .time_zone = true, .plan_parameters = &plan_from_csv}),
        scalar<"to_csv", 1, 2, type_to_csv>("StructsToCsv", {.flow = Compare,
                                                             .sql_children = 1,
                                                             .time_zone = true,
                                                             .plan_parameters = &plan_to_csv}),
        scalar<"from_xml", 2, 3, type_from_xml>(
            "XmlToStructs",
            {.sql_children = 1, .time_zone = true, .plan_parameters = &plan_from_xml}),
        scalar<"to_xml", 1, 2, type_to_csv>("StructsToXml", {.flow = Compare,
                                                             .sql_children = 1,
                                                             .time_zone = true,
                                                             .plan_parameters = &plan_to_csv}),
        // Avro (spark-avro loaded): typed and printed; --verify refuses them
        scalar<"from_avro", 3, 3, type_from_avro>("FromAvro", {.plan_parameters = &plan_from_avro}),
        scalar<"to_avro", 1, 2, type_to_avro>(
            "ToAvro",
            {.flow = Compare, .coerce = &coerce_to_avro, .plan_parameters = &plan_to_avro}),
        // VARIANT: typed, printed and read whole (Spark 4.0 does not push variant_get into
        // the scan); --verify refuses them (eval_functions.cpp says why)
        scalar<"parse_json", 1, 1, type_parse_json<false>>("ParseJson", {}),
        scalar<"try_parse_json", 1, 1, type_parse_json<true>>("ParseJson", {}),
        scalar<"is_variant_null", 1, 1, type_is_variant_null>("IsVariantNull", {}),
        scalar<"to_variant_object", 1, 1, type_to_variant_object>("ToVariantObject", {}),
        scalar<"schema_of_variant", 1, 1, type_schema_of_variant<false>>("SchemaOfVariant", {}),
        scalar<"variant_get", 2, 3, type_variant_get>(
            "VariantGet", {.sql_children = 2, .plan_parameters = &plan_variant_get<true>}),
        scalar<"try_variant_get", 2, 3, type_variant_get>(
            "VariantGet", {.sql_children = 2, .plan_parameters = &plan_variant_get<false>}),
        scalar<"hash", 1, kVariadic, type_hash>("Murmur3Hash", {Compare}),
        scalar<"xxhash64", 1, kVariadic, type_xxhash64>("XxHash64", {Compare}),
        scalar<"quote", 1, 1, type_string_to_string>("Quote", {Opaque, &coerce_strings}),
        // bitmaps of bit positions (Spark's BitmapExpressionUtils)
        scalar<"bitmap_bit_position", 1, 1, type_one_to<AtomicKind::Long, AtomicKind::Long>>(
            "BitmapBitPosition", {Opaque, &coerce_one_of<AtomicKind::Long>}),
        scalar<"bitmap_bucket_number", 1, 1, type_one_to<AtomicKind::Long, AtomicKind::Long>>(
            "BitmapBucketNumber", {Opaque, &coerce_one_of<AtomicKind::Long>}),
        scalar<"bitmap_count", 1, 1, type_count_of_binary<"bitmap">>("BitmapCount", {}),
        // XML by XPath, sentences, Java reflection and sketches: typed, pruned and printed;
        // --verify refuses them (eval_functions.cpp says why)
        scalar<"xpath", 2, 2, type_xpath_list>("XPathList", {Opaque, &coerce_xpath}),
        scalar<"xpath_boolean", 2, 2, type_xpath<AtomicKind::Boolean>>("XPathBoolean",
                                                                       {Opaque, &coerce_xpath}),
        scalar<"xpath_short", 2, 2, type_xpath<AtomicKind::Short>>("XPathShort",
                                                                   {Opaque, &coerce_xpath}),
        scalar<"xpath_int", 2, 2, type_xpath<AtomicKind::Integer>>("XPathInt",
                                                                   {Opaque, &coerce_xpath}),
        scalar<"xpath_long", 2, 2, type_xpath<AtomicKind::Long>>("XPathLong",
                                                                 {Opaque, &coerce_xpath}),
        scalar<"xpath_float", 2, 2, type_xpath<AtomicKind::Float>>("XPathFloat",
                                                                   {Opaque, &coerce_xpath}),
        scalar<"xpath_double", 2, 2, type_xpath<AtomicKind::Double>>("XPathDouble",
                                                                     {Opaque, &coerce_xpath}),
        scalar<"xpath_number", 2, 2, type_xpath<AtomicKind::Double>>("XPathDouble",
                                                                     {Opaque, &coerce_xpath}),
        scalar<"xpath_string", 2, 2, type_xpath<AtomicKind::String>>("XPathString",
                                                                     {Opaque, &coerce_xpath}),
        scalar<"sentences", 1, 3, type_sentences>("Sentences", {Opaque, &coerce_sentences}),
        scalar<"reflect", 2, kVariadic, type_reflect>("CallMethodViaReflection",
                                                      {Opaque, nullptr, 0, false}),
        scalar<"java_method", 2, kVariadic, type_reflect>("CallMethodViaReflection",
                                                          {Opaque, nullptr, 0, false}),
        scalar<"try_reflect", 2, kVariadic, type_reflect>("CallMethodViaReflection",
                                                          {Opaque, nullptr, 0, false}),
        scalar<"aes_encrypt", 2, 6, type_aes>("AesEncrypt", {Opaque, &coerce_aes<6>}),
        scalar<"aes_decrypt", 2, 5, type_aes>("AesDecrypt", {Opaque, &coerce_aes<5>}),
        scalar<"try_aes_decrypt", 2, 5, type_aes>("TryAesDecrypt", {Opaque, &coerce_aes<5>}),
        scalar<"hll_sketch_estimate", 1, 1, type_count_of_binary<"sketch">>("HllSketchEstimate",
                                                                            {}),
        scalar<"hll_union", 2, 3, type_hll_union<2>>("HllUnion", {Opaque, &coerce_hll_union<2>}),
        scalar<"md5", 1, 1, type_md5>("Md5", {Compare, &coerce_md5}),
        scalar<"sha2", 2, 2, type_sha2>("Sha2", {Compare, &coerce_sha2}),
        // Spark's Sha1, called as `sha` by its registry alias (the name the call prints).
        scalar<"sha1", 1, 1, type_md5>("Sha1", {Compare, &coerce_md5}),
        scalar<"sha", 1, 1, type_md5>("Sha1", {Compare, &coerce_md5}),
        scalar<"crc32", 1, 1, type_crc32>("Crc32", {Compare, &coerce_md5}),
        scalar<"base64", 1, 1, type_md5>("Base64", {Opaque, &coerce_md5}),
        scalar<"hex", 1, 1, type_hex>("Hex", {Opaque, &coerce_hex}),
        scalar<"unhex", 1, 1, type_unhex>("Unhex", {Opaque, &coerce_strings}),
        scalar<"conv", 3, 3, type_conv>("Conv", {Opaque, &coerce_conv}),
        scalar<"schema_of_json", 1, 3, type_schema_of<infer_json_type>>(
            "SchemaOfJson",
            {.coerce = &coerce_schema_of<infer_json_type>, .replaced_by_last = true}),
        scalar<"schema_of_csv", 1, 3, type_schema_of<infer_csv_type>>(
            "SchemaOfCsv", {.coerce = &coerce_schema_of<infer_csv_type>, .replaced_by_last = true}),
        scalar<"unbase64", 1, 1, type_unbase64>("UnBase64", {Opaque, &coerce_strings}),
        scalar<"to_binary", 1, 2, type_to_binary<false>>("ToBinary", {Opaque, &coerce_strings}),
        scalar<"try_to_binary", 1, 2, type_to_binary<true>>("TryToBinary",
                                                            {Opaque, &coerce_strings}),
        scalar<"bin", 1, 1, type_long_to_string>("Bin", {Opaque, &coerce_long}),
        scalar<"chr", 1, 1, type_long_to_string>("Chr", {Opaque, &coerce_long}),
        scalar<"char", 1, 1, type_long_to_string>("Chr", {Opaque, &coerce_long}),
        scalar<"ascii", 1, 1, type_ascii>("Ascii", {Opaque, &coerce_strings}),
        scalar<"octet_length", 1, 1, type_length>("OctetLength", {Opaque, &coerce_length}),
        scalar<"bit_length", 1, 1, type_length>("BitLength", {Opaque, &coerce_length}),
        scalar<"space", 1, 1, type_space>("StringSpace", {Opaque, &coerce_space}),
        scalar<"translate", 3, 3, type_string_to_string>("StringTranslate",
                                                         {Opaque, &coerce_strings}),
        scalar<"substring_index", 3, 3, type_regexp_extract>("SubstringIndex",
                                                             {Opaque, &coerce_two_strings_int}),
        scalar<"levenshtein", 2, 3, type_levenshtein>("Levenshtein",
                                                      {Opaque, &coerce_two_strings_int}),
        // typeof(x) shows x's whole type: pruning x would change it.
        scalar<"typeof", 1, 1, type_typeof>("TypeOf", {Compare}),
        scalar<"raise_error", 1, 1, type_raise_error_message>("RaiseError",
                                                              {.builder = &build_raise_error}),
        scalar<"raiseerror", 2, 2, type_raise_error>("RaiseError",
                                                     {.internal = true,
                                                      .pretty_name = "raise_error",
                                                      .plan_parameters = &plan_raise_error,
                                                      .foldable = false}),
        scalar<"assert_true", 1, 3, type_assert_true>(
            "AssertTrue", {.coerce = &coerce_assert_true, .replaced_by_last = true}),
        scalar<"uuid", 0, 0, type_uuid>("Uuid", {Opaque, nullptr, 0, false}),
        scalar<"input_file_name", 0, 0, type_input_file_name>("InputFileName",
                                                              {Opaque, nullptr, 0, false}),
        // dates and the clock
        scalar<"current_date", 0, 0, type_current_date>("CurrentDate",
                                                        {.reads_clock = true, .time_zone = true}),
        scalar<"current_timestamp", 0, 0, type_current_timestamp>("CurrentTimestamp",
                                                                  {.reads_clock = true}),
        scalar<"now", 0, 0, type_current_timestamp>("Now", {.reads_clock = true}),
        scalar<"date_add", 2, 2, type_date_days>("DateAdd", {Opaque, &coerce_date_days}),
        scalar<"date_sub", 2, 2, type_date_days>("DateSub", {Opaque, &coerce_date_days}),
        scalar<"datediff", 2, 2, type_dates_to_int>("DateDiff", {Opaque, &coerce_dates}),
        scalar<"date_diff", 2, 2, type_dates_to_int>("DateDiff", {Opaque, &coerce_dates}),
        scalar<"dateadd", 2, 2, type_date_days>("DateAdd", {Opaque, &coerce_date_days}),
        // timestampdiff(unit, a, b), datediff(unit, a, b), ...: Binder::bind_unit_call.
        scalar<"timestampdiff", 3, 3, type_timestampdiff>(
            "TimestampDiff",
            {.coerce = &coerce_timestampdiff, .internal = true, .time_zone = true}),
        scalar<"timestampadd", 3, 3, type_timestampadd>(
            "TimestampAdd", {.coerce = &coerce_timestampadd, .internal = true, .time_zone = true}),
        scalar<"year", 1, 1, type_dates_to_int>("Year", {Opaque, &coerce_dates}),
        scalar<"quarter", 1, 1, type_dates_to_int>("Quarter", {Opaque, &coerce_dates}),
        scalar<"month", 1, 1, type_dates_to_int>("Month", {Opaque, &coerce_dates}),
        scalar<"day", 1, 1, type_dates_to_int>("DayOfMonth", {Opaque, &coerce_dates}),
        scalar<"dayofmonth", 1, 1, type_dates_to_int>("DayOfMonth", {Opaque, &coerce_dates}),
        scalar<"dayofyear", 1, 1, type_dates_to_int>("DayOfYear", {Opaque, &coerce_dates}),
        scalar<"dayofweek", 1, 1, type_dates_to_int>("DayOfWeek", {Opaque, &coerce_dates}),
        scalar<"weekday", 1, 1, type_dates_to_int>("WeekDay", {Opaque, &coerce_dates}),
        scalar<"weekofyear", 1, 1, type_dates_to_int>("WeekOfYear", {Opaque, &coerce_dates}),
        scalar<"last_day", 1, 1, type_date_months>("LastDay", {Opaque, &coerce_date_months}),
        scalar<"add_months", 2, 2, type_date_months>("AddMonths", {Opaque, &coerce_date_months}),
        scalar<"trunc", 2, 2, type_trunc>("TruncDate", {Opaque, &coerce_trunc}),
        scalar<"to_date", 1, 2, type_to_date>("ParseToDate",
                                              {.coerce = &coerce_to_date, .time_zone = true}),
        scalar<"hour", 1, 1, type_time_field>("Hour",
                                              {.coerce = &coerce_time_field, .time_zone = true}),
        scalar<"minute", 1, 1, type_time_field>("Minute",
                                                {.coerce = &coerce_time_field, .time_zone = true}),
        scalar<"second", 1, 1, type_time_field>("Second",
                                                {.coerce = &coerce_time_field, .time_zone = true}),
        // extract(field FROM source), date_part('field', source): Binder::bind_date_part
        scalar<"extract", 2, 3, type_of_replacement>(
            "Extract", {.form = "extract({0} FROM {1})", .replaced_by_last = true}),
        scalar<"date_part", 2, 3, type_of_replacement>("DatePart", {.replaced_by_last = true}),
        scalar<"datepart", 2, 3, type_of_replacement>("DatePart", {.replaced_by_last = true}),
        scalar<"secondwithfraction", 1, 1, type_second_with_fraction>(
            "SecondWithFraction",
            {.coerce = &coerce_time_field, .internal = true, .time_zone = true}),
        scalar<"date_trunc", 2, 2, type_date_trunc>(
            "TruncTimestamp", {.coerce = &coerce_date_trunc, .time_zone = true}),
        scalar<"date_format", 2, 2, type_date_format>(
            "DateFormatClass", {.coerce = &coerce_date_format, .time_zone = true}),
        // unix time: seconds, millis and micros since the epoch, in the session zone (UTC)
        scalar<"unix_timestamp", 0, 2, type_to_unix>(
            "UnixTimestamp", {.coerce = &coerce_to_unix, .time_zone = true}),
        scalar<"to_unix_timestamp", 1, 2, type_to_unix>(
            "ToUnixTimestamp", {.coerce = &coerce_to_unix, .time_zone = true}),
        scalar<"to_timestamp", 1, 2, type_to_timestamp>("ParseToTimestamp",
                                                        {Opaque, &coerce_to_timestamp}),
        scalar<"to_timestamp_ltz", 1, 2, type_to_timestamp>("ParseToTimestamp",
                                                            {Opaque, &coerce_to_timestamp}),
        scalar<"to_timestamp_ntz", 1, 2, type_to_timestamp<AtomicKind::TimestampNtz>>(
            "ParseToTimestamp", {Opaque, &coerce_to_timestamp}),
        // ParseToTimestamp and ParseToDate with ANSI off: NULL where they would raise
        scalar<"try_to_timestamp", 1, 2, type_try_parse>("TryToTimestamp",
                                                         {Opaque, &coerce_to_timestamp}),
        scalar<"try_to_date", 1, 2, type_try_parse>("TryToDate",
                                                    {.coerce = &coerce_to_date, .time_zone = true}),
        scalar<"from_unixtime", 1, 2, type_from_unixtime>(
            "FromUnixTime", {.coerce = &coerce_from_unixtime, .time_zone = true}),
        scalar<"from_utc_timestamp", 2, 2, type_utc_timestamp>("FromUTCTimestamp",
                                                               {Opaque, &coerce_utc_timestamp}),
        scalar<"to_utc_timestamp", 2, 2, type_utc_timestamp>("ToUTCTimestamp",
                                                             {Opaque, &coerce_utc_timestamp}),
        scalar<"unix_date", 1, 1, type_one_to<AtomicKind::Date, AtomicKind::Integer>>(
            "UnixDate", {Opaque, &coerce_one_of<AtomicKind::Date>}),
        scalar<"unix_seconds", 1, 1, type_one_to<AtomicKind::Timestamp, AtomicKind::Long>>(
            "UnixSeconds", {Opaque, &coerce_one_of<AtomicKind::Timestamp>}),
        scalar<"unix_millis", 1, 1, type_one_to<AtomicKind::Timestamp, AtomicKind::Long>>(
            "UnixMillis", {Opaque, &coerce_one_of<AtomicKind::Timestamp>}),
        scalar<"unix_micros", 1, 1, type_one_to<AtomicKind::Timestamp, AtomicKind::Long>>(
            "UnixMicros", {Opaque, &coerce_one_of<AtomicKind::Timestamp>}),
        scalar<"timestamp_seconds", 1, 1, type_seconds_to_timestamp>("SecondsToTimestamp",
                                                                     {Opaque, &coerce_numeric}),
        scalar<"timestamp_millis", 1, 1, type_integral_to_timestamp>("MillisToTimestamp",
                                                                     {Opaque, &coerce_integral}),
        scalar<"timestamp_micros", 1, 1, type_integral_to_timestamp>("MicrosToTimestamp",
                                                                     {Opaque, &coerce_integral}),
        scalar<"date_from_unix_date", 1, 1, type_one_to<AtomicKind::Integer, AtomicKind::Date>>(
            "DateFromUnixDate", {Opaque, &coerce_one_of<AtomicKind::Integer>}),
        scalar<"window", 2, 4, type_time_window>("TimeWindow", {Opaque, &coerce_time_window}),
        scalar<"window_time", 1, 1, type_window_time>("WindowTime", {}),
        scalar<"session_window", 2, 2, type_session_window>("SessionWindow",
                                                            {Opaque, &coerce_session_window}),
        scalar<"precise_timestamp_to_long", 1, 1, type_timestamp_to_long>(
            "PreciseTimestampConversion", {.internal = true,
                                           .pretty_name = "precisetimestampconversion",
                                           .plan_parameters = &plan_timestamp_to_long}),
        scalar<"precise_long_to_timestamp", 1, 1, type_long_to_timestamp<AtomicKind::Timestamp>>(
            "PreciseTimestampConversion", {.internal = true,
                                           .pretty_name = "precisetimestampconversion",
                                           .plan_parameters = &plan_long_to_timestamp}),
        scalar<"precise_long_to_timestamp_ntz", 1, 1,
               type_long_to_timestamp<AtomicKind::TimestampNtz>>(
            "PreciseTimestampConversion", {.internal = true,
                                           .pretty_name = "precisetimestampconversion",
                                           .plan_parameters = &plan_long_to_timestamp}),
        scalar<"knownnullable", 1, 1, type_known_nullable>("KnownNullable", {.internal = true}),
        scalar<"months_between", 2, 3, type_months_between>(
            "MonthsBetween", {.coerce = &coerce_months_between, .time_zone = true}),
        scalar<"make_date", 3, 3, type_make_date>("MakeDate", {Opaque, &coerce_make_date}),
        scalar<"make_timestamp", 6, 7, type_make_timestamp>(
            "MakeTimestamp", {.coerce = &coerce_make_timestamp, .time_zone = true}),
        scalar<"try_make_timestamp", 6, 7, type_try_make_timestamp>(
            "TryMakeTimestamp", {.coerce = &coerce_make_timestamp, .time_zone = true}),
        scalar<"make_timestamp_ltz", 6, 7, type_make_timestamp>(
            "MakeTimestamp", {.coerce = &coerce_make_timestamp, .time_zone = true}),
        scalar<"try_make_timestamp_ltz", 6, 7, type_try_make_timestamp>(
            "TryMakeTimestamp", {.coerce = &coerce_make_timestamp, .time_zone = true}),
        scalar<"make_timestamp_ntz", 6, 6, type_make_timestamp<AtomicKind::TimestampNtz>>(
            "MakeTimestampNTZ", {.coerce = &coerce_make_timestamp, .time_zone = true}),
        scalar<"try_make_timestamp_ntz", 6, 6, type_try_make_timestamp<AtomicKind::TimestampNtz>>(
            "TryMakeTimestampNTZ", {.coerce = &coerce_make_timestamp, .time_zone = true}),
        scalar<"convert_timezone", 2, 3, type_convert_timezone>(
            "ConvertTimezone", {.coerce = &coerce_convert_timezone}),
        scalar<"next_day", 2, 2, type_next_day>("NextDay", {Opaque, &coerce_next_day}),
        scalar<"dayname", 1, 1, type_date_name>("DayName", {Opaque, &coerce_dates}),
        scalar<"monthname", 1, 1, type_date_name>("MonthName", {Opaque, &coerce_dates}),
        scalar<"rand", 0, 1, type_rand>("Rand", {Opaque, nullptr, 0, false}),
        scalar<"random", 0, 1, type_rand>("Rand", {Opaque, nullptr, 0, false}),
        scalar<"randn", 0, 1, type_rand>("Randn", {Opaque, nullptr, 0, false}),
        scalar<"randstr", 1, 2, type_randstr>("RandStr", {Opaque, nullptr, 0, false}),
        scalar<"uniform", 2, 3, type_uniform>("Uniform", {Opaque, nullptr, 0, false}),
        // the clock, the session and the physical plan: typed and printed, never evaluated
        scalar<"curdate", 0, 0, type_current_date>("CurrentDate",
                                                   {.reads_clock = true, .time_zone = true}),
        scalar<"localtimestamp", 0, 0, type_leaf<AtomicKind::TimestampNtz>>(
            "LocalTimestamp", {.reads_clock = true, .time_zone = true}),
        scalar<"current_timezone", 0, 0, type_leaf<AtomicKind::String>>("CurrentTimeZone", {}),
        // the session's catalog, database, user and Spark version (constants to Spark's
        // optimizer)
        scalar<"current_catalog", 0, 0, type_leaf<AtomicKind::String>>("CurrentCatalog", {}),
        scalar<"current_database", 0, 0, type_leaf<AtomicKind::String>>("CurrentDatabase", {}),
        scalar<"current_schema", 0, 0, type_leaf<AtomicKind::String>>("CurrentDatabase", {}),
        scalar<"current_user", 0, 0, type_leaf<AtomicKind::String>>("CurrentUser", {}),
        scalar<"user", 0, 0, type_leaf<AtomicKind::String>>("CurrentUser", {}),
        scalar<"session_user", 0, 0, type_leaf<AtomicKind::String>>("CurrentUser", {}),
        scalar<"version", 0, 0, type_leaf<AtomicKind::String>>("SparkVersion", {}),
        scalar<"spark_partition_id", 0, 0, type_leaf<AtomicKind::Integer>>(
            "SparkPartitionID",
            {.flow = Opaque, .deterministic = false, .pretty_name = "SPARK_PARTITION_ID"}),
        scalar<"monotonically_increasing_id", 0, 0, type_leaf<AtomicKind::Long>>(
            "MonotonicallyIncreasingID", {Opaque, nullptr, 0, false}),
        scalar<"input_file_block_start", 0, 0, type_leaf<AtomicKind::Long>>(
            "InputFileBlockStart", {Opaque, nullptr, 0, false}),
        scalar<"input_file_block_length", 0, 0, type_leaf<AtomicKind::Long>>(
            "InputFileBlockLength", {Opaque, nullptr, 0, false}),
        // `+` and `-` of a timestamp or date and an interval (Binder::datetime_arithmetic)
        scalar<"timeadd", 2, 2,
               type_add_interval<is_any_timestamp, AtomicKind::DayTimeInterval,
                                 AtomicKind::CalendarInterval>>(
            "TimeAdd", {.internal = true, .form = "{0} + {1}"}),
        scalar<"timestampaddyminterval", 2, 2,
               type_add_interval<is_any_timestamp, AtomicKind::YearMonthInterval>>(
            "TimestampAddYMInterval", {.internal = true, .form = "{0} + {1}"}),
        scalar<"dateaddyminterval", 2, 2,
               type_add_interval<is_date, AtomicKind::YearMonthInterval>>(
            "DateAddYMInterval", {.internal = true, .form = "{0} + {1}"}),
        scalar<"dateaddinterval", 2, 2, type_add_interval<is_date, AtomicKind::CalendarInterval>>(
            "DateAddInterval", {.internal = true, .form = "{0} + {1}"}),
        scalar<"datetimesub", 2, 3, type_of_replacement>(
            "DatetimeSub", {.internal = true, .form = "{0} - {1}", .replaced_by_last = true}),
        scalar<"extractansiintervaldays", 1, 1, type_extract_interval_days>(
            "ExtractANSIIntervalDays", {.internal = true}),
        // `*` and `/` of an interval and a number (Binder::datetime_arithmetic)
        scalar<"multiplyyminterval", 2, 2, type_interval_by_number<AtomicKind::YearMonthInterval>>(
            "MultiplyYMInterval",
            {.coerce = &coerce_interval_by_number<AtomicKind::YearMonthInterval>,
             .internal = true,
             .form = "({0} * {1})"}),
        scalar<"multiplydtinterval", 2, 2, type_interval_by_number<AtomicKind::DayTimeInterval>>(
            "MultiplyDTInterval",
            {.coerce = &coerce_interval_by_number<AtomicKind::DayTimeInterval>,
             .internal = true,
             .form = "({0} * {1})"}),
        scalar<"divideyminterval", 2, 2, type_interval_by_number<AtomicKind::YearMonthInterval>>(
            "DivideYMInterval",
            {.coerce = &coerce_interval_by_number<AtomicKind::YearMonthInterval>,
             .internal = true,
             .form = "({0} / {1})"}),
        scalar<"dividedtinterval", 2, 2, type_interval_by_number<AtomicKind::DayTimeInterval>>(
            "DivideDTInterval", {.coerce = &coerce_interval_by_number<AtomicKind::DayTimeInterval>,
                                 .internal = true,
                                 .form = "({0} / {1})"}),
        scalar<"multiplyinterval", 2, 2, type_calendar_by_number>(
            "MultiplyInterval",
            {.coerce = &coerce_calendar_by_number, .internal = true, .form = "({0} * {1})"}),
        scalar<"divideinterval", 2, 2, type_calendar_by_number>(
            "DivideInterval",
            {.coerce = &coerce_calendar_by_number, .internal = true, .form = "({0} / {1})"}),
        scalar<"to_number", 2, 2, type_to_number<false>>("ToNumber", {.coerce = &coerce_to_number}),
        scalar<"try_to_number", 2, 2, type_to_number<true>>("TryToNumber",
                                                            {.coerce = &coerce_to_number}),
        scalar<"to_char", 2, 2, type_to_char>(
            "ToCharacter", {.coerce = &coerce_to_char, .builder = &build_to_char}),
        scalar<"to_varchar", 2, 2, type_to_char>(
            "ToCharacter", {.coerce = &coerce_to_char, .builder = &build_to_char}),
        scalar<"make_dt_interval", 0, 4, type_make_dt_interval>(
            "MakeDTInterval", {.coerce = &coerce_make_dt_interval}),
        scalar<"make_ym_interval", 0, 2, type_make_ym_interval>(
            "MakeYMInterval", {.coerce = &coerce_make_ym_interval}),
        scalar<"make_interval", 0, 7, type_make_interval<false>>("MakeInterval",
                                                                 {.coerce = &coerce_make_interval}),
        scalar<"try_make_interval", 0, 7, type_make_interval<true>>(
            "TryMakeInterval", {.coerce = &coerce_make_interval}),
        scalar<"subtractdates", 2, 2, type_subtract_datetimes<true>>(
            "SubtractDates", {.internal = true, .form = "({0} - {1})"}),
        scalar<"subtracttimestamps", 2, 2, type_subtract_datetimes<false>>(
            "SubtractTimestamps", {.internal = true, .form = "({0} - {1})"}),
        // aggregates
        aggregate<"count", 0, kVariadic, type_count>("Count", {}),
        aggregate<"sum", 1, 1, type_sum>("Sum", {Opaque, &coerce_sum}),
        aggregate<"avg", 1, 1, type_avg>("Average", {Opaque, &coerce_sum}),
        aggregate<"min", 1, 1, type_min_max>("Min", {Compare}),
        aggregate<"max", 1, 1, type_min_max>("Max", {Compare}),
        aggregate<"first", 1, 2, type_first_last>("First", {}),
        aggregate<"last", 1, 2, type_first_last>("Last", {}),
        aggregate<"collect_list", 1, 1, type_collect_list>("CollectList", {}),
        aggregate<"collect_set", 1, 1, type_collect_set>("CollectSet", {Compare}),
        aggregate<"schema_of_variant_agg", 1, 1, type_schema_of_variant<true>>("SchemaOfVariantAgg",
                                                                               {}),
        aggregate<"count_if", 1, 1, type_count_if>("CountIf", {Opaque, &coerce_boolean}),
        aggregate<"any", 1, 1, type_bool_agg>("BoolOr", {Opaque, &coerce_boolean}),
        aggregate<"some", 1, 1, type_bool_agg>("BoolOr", {Opaque, &coerce_boolean}),
        aggregate<"bool_or", 1, 1, type_bool_agg>("BoolOr", {Opaque, &coerce_boolean}),
        aggregate<"every", 1, 1, type_bool_agg>("BoolAnd", {Opaque, &coerce_boolean}),
        aggregate<"bool_and", 1, 1, type_bool_agg>("BoolAnd", {Opaque, &coerce_boolean}),
        // try_sum and try_avg: NULL where sum and avg raise an overflow
        aggregate<"try_sum", 1, 1, type_sum>("TrySum", {Opaque, &coerce_sum}),
        aggregate<"try_avg", 1, 1, type_avg>("TryAverage", {Opaque, &coerce_sum}),
        aggregate<"bit_and", 1, 1, type_bit_agg>("BitAndAgg", {Opaque, &coerce_bit_agg}),
        aggregate<"bit_or", 1, 1, type_bit_agg>("BitOrAgg", {Opaque, &coerce_bit_agg}),
        aggregate<"bit_xor", 1, 1, type_bit_agg>("BitXorAgg", {Opaque, &coerce_bit_agg}),
        aggregate<"bitmap_construct_agg", 1, 1, type_bitmap_construct_agg>(
            "BitmapConstructAgg", {Opaque, &coerce_one_of<AtomicKind::Long>}),
        aggregate<"bitmap_or_agg", 1, 1, type_bitmap_or_agg>("BitmapOrAgg", {}),
        aggregate<"hll_sketch_agg", 1, 2, type_hll_sketch_agg>("HllSketchAgg",
                                                               {Opaque, &coerce_hll_sketch_agg}),
        aggregate<"hll_union_agg", 1, 2, type_hll_union<1>>("HllUnionAgg",
                                                            {Opaque, &coerce_hll_union<1>}),
        aggregate<"histogram_numeric", 2, 2, type_histogram_numeric>(
            "HistogramNumeric", {Opaque, &coerce_histogram_numeric}),
        aggregate<"count_min_sketch", 4, 4, type_count_min_sketch>(
            "CountMinSketchAgg", {Opaque, &coerce_count_min_sketch}),
        window_function<"row_number", 0, 0, type_row_number>("RowNumber"),
        window_function<"rank", 0, kVariadic, type_row_number>("Rank"),
        window_function<"dense_rank", 0, kVariadic, type_row_number>("DenseRank"),
        window_function<"percent_rank", 0, kVariadic, type_percent>("PercentRank"),
        window_function<"cume_dist", 0, 0, type_percent>("CumeDist"),
        window_function<"ntile", 1, 1, type_ntile>("NTile"),
        window_function<"lag", 1, 3, type_lag_lead>("Lag"),
        window_function<"lead", 1, 3, type_lag_lead>("Lead"),
        window_function<"nth_value", 2, 2, type_nth_value>("NthValue"),
        // Spark's other names for the ones above (FunctionRegistry aliases: the call's name is
        // the one its SQL form shows).
        aggregate<"mean", 1, 1, type_avg>("Average", {Opaque, &coerce_sum}),
        aggregate<"first_value", 1, 2, type_first_last>("First", {}),
        aggregate<"last_value", 1, 2, type_first_last>("Last", {}),
        aggregate<"array_agg", 1, 1, type_collect_list>("CollectList", {}),
        aggregate<"any_value", 1, 2, type_first_last>("AnyValue", {}),
        aggregate<"max_by", 2, 2, type_max_min_by>("MaxBy", {Compare}),
        aggregate<"min_by", 2, 2, type_max_min_by>("MinBy", {Compare}),
        aggregate<"approx_count_distinct", 1, 2, type_approx_count_distinct>(
            "HyperLogLogPlusPlus", {.flow = Compare, .sql_children = 1}),
        // percentiles and the most frequent value
        aggregate<"median", 1, 1, type_percentile>("Median", {.coerce = &coerce_percentile}),
        aggregate<"percentile", 2, 3, type_percentile>("Percentile",
                                                       {.coerce = &coerce_percentile}),
        aggregate<"percentile_approx", 2, 3, type_approx_percentile>(
            "ApproximatePercentile", {.coerce = &coerce_approx_percentile}),
        aggregate<"approx_percentile", 2, 3, type_approx_percentile>(
            "ApproximatePercentile", {.coerce = &coerce_approx_percentile}),
        aggregate<"mode", 1, 2, type_mode>(
            "Mode", {.flow = Compare, .within_group = WithinGroup::InverseOrPlain}),
        // Spark 4's inverse distribution functions, `f(p) WITHIN GROUP (ORDER BY x)`: their
        // arity counts the key.
        aggregate<"percentile_cont", 2, 2, type_inverse_percentile>(
            "PercentileCont",
            {.coerce = &coerce_inverse_percentile, .within_group = WithinGroup::Inverse}),
        aggregate<"percentile_disc", 2, 2, type_inverse_percentile>(
            "PercentileDisc",
            {.coerce = &coerce_inverse_percentile, .within_group = WithinGroup::Inverse}),
        // listagg(v [, delimiter]) [WITHIN GROUP (ORDER BY k, ...)]: the arity counts what is
        // written; the keys follow.
        aggregate<"listagg", 1, 2, type_listagg>(
            "ListAgg", {.coerce = &coerce_listagg, .within_group = WithinGroup::Ordering}),
        aggregate<"string_agg", 1, 2, type_listagg>(
            "ListAgg", {.coerce = &coerce_listagg, .within_group = WithinGroup::Ordering}),
        // statistics over doubles
        aggregate<"stddev", 1, 1, type_statistic>("StddevSamp", {Opaque, &coerce_doubles}),
        aggregate<"std", 1, 1, type_statistic>("StddevSamp", {Opaque, &coerce_doubles}),
        aggregate<"stddev_samp", 1, 1, type_statistic>("StddevSamp", {Opaque, &coerce_doubles}),
        aggregate<"stddev_pop", 1, 1, type_statistic>("StddevPop", {Opaque, &coerce_doubles}),
        aggregate<"variance", 1, 1, type_statistic>("VarianceSamp", {Opaque, &coerce_doubles}),
        aggregate<"var_samp", 1, 1, type_statistic>("VarianceSamp", {Opaque, &coerce_doubles}),
        aggregate<"var_pop", 1, 1, type_statistic>("VariancePop", {Opaque, &coerce_doubles}),
        aggregate<"skewness", 1, 1, type_statistic>("Skewness", {Opaque, &coerce_doubles}),
        aggregate<"kurtosis", 1, 1, type_statistic>("Kurtosis", {Opaque, &coerce_doubles}),
        aggregate<"corr", 2, 2, type_statistic>("Corr", {Opaque, &coerce_doubles}),
        aggregate<"covar_pop", 2, 2, type_statistic>("CovPopulation", {Opaque, &coerce_doubles}),
        aggregate<"covar_samp", 2, 2, type_statistic>("CovSample", {Opaque, &coerce_doubles}),
        // linear regression of y on x over the rows where both are not NULL
        aggregate<"regr_count", 2, 2, type_regr_count>("RegrCount", {Opaque, &coerce_numerics}),
        aggregate<"regr_avgx", 2, 2, type_regr_avg<1>>("RegrAvgX", {Opaque, &coerce_numerics}),
        aggregate<"regr_avgy", 2, 2, type_regr_avg<0>>("RegrAvgY", {Opaque, &coerce_numerics}),
        aggregate<"regr_r2", 2, 2, type_statistic>("RegrR2", {Opaque, &coerce_doubles}),
        aggregate<"regr_sxx", 2, 2, type_statistic>("RegrSXX", {Opaque, &coerce_doubles}),
        aggregate<"regr_sxy", 2, 2, type_statistic>("RegrSXY", {Opaque, &coerce_doubles}),
        aggregate<"regr_syy", 2, 2, type_statistic>("RegrSYY", {Opaque, &coerce_doubles}),
        aggregate<"regr_slope", 2, 2, type_statistic>("RegrSlope", {Opaque, &coerce_doubles}),
        aggregate<"regr_intercept", 2, 2, type_statistic>("RegrIntercept",
                                                          {Opaque, &coerce_doubles}),
    };
    return rows;
}

const std::unordered_map<std::string_view, const FunctionDef*>& index() {
    static const std::unordered_map<std::string_view, const FunctionDef*> map = [] {
        std::unordered_map<std::string_view, const FunctionDef*> m;
        for (const FunctionDef& def : table()) {
            m.emplace(def.name, &def);
        }
        return m;
    }();
    return map;
}

} // namespace

const FunctionDef* find_function(std::string_view name) {
    const auto& idx = index();
    auto it = idx.find(name);
    return it == idx.end() ? nullptr : it->second;
}

const FunctionDef& catalog_function(std::string_view name) {
    const FunctionDef* def = find_function(name);
    if (def == nullptr) {
        throw InternalError("the function catalog has no '" + std::string(name) + "'");
    }
    return *def;
}

const FunctionDef* user_function(std::string_view name) {
    // Nodes point at their row, so rows never move or go: a map's nodes stay put, and the
    // names they hold are the rows' `name` views.
    static std::mutex mutex;
    static std::unordered_map<std::string, FunctionDef> rows;
    const std::lock_guard<std::mutex> lock(mutex);
    auto [it, added] = rows.try_emplace(std::string(name));
    FunctionDef& def = it->second;
    if (added) {
        def.name = it->first;
        def.catalyst = "ScalaUDF";
        def.max_args = -1;
        def.deterministic = false;
        def.type = [](std::span<const ExprPtr>) {
            return TypeCheck{Typed{string_type(), true}, {}, -1};
        };
        def.user_defined = true;
    }
    return &def;
}

std::vector<std::string> internal_function_names() {
    std::vector<std::string> names;
    for (const FunctionDef& def : table()) {
        if (def.internal) {
            names.emplace_back(def.name);
        }
    }
    return names;
}

std::vector<std::string> function_names() {
    std::vector<std::string> names;
    for (const FunctionDef& def : table()) {
        if (!def.internal) {
            names.emplace_back(def.name);
        }
    }
    for (const HofDef& def : hof_table()) {
        names.emplace_back(def.name);
    }
    names.emplace_back("reduce");
    // The nodes the analyzer builds itself, and the rows it builds from a call's unit word
    // (`timestampdiff(HOUR, a, b)`, Binder::bind_unit_call).
    for (const char* builtin : {"named_struct", "struct", "element_at", "map_keys", "map_values",
                                "timestampdiff", "timestampadd"}) {
        names.emplace_back(builtin);
    }
    return names;
}

} // namespace prune
