#pragma once
/// Spark's data types: immutable, shared, a closed set (Spark: org.apache.spark.sql.types).
///
///     root
///      |-- id: integer (nullable = true)
///      |-- name: struct (nullable = true)
///      |    |-- first: string (nullable = true)
///
/// is `struct<id:int,name:struct<first:string>>` as a catalog string and
/// `id INT, name STRUCT<first: STRING>` as DDL.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "util/ascii.hpp"
#include "util/ref_ptr.hpp"

namespace prune {

class DataType;
/// Types are shared and never mutated: untouched subtrees are shared between plans. A handle
/// is one pointer, the count in the type (util/ref_ptr.hpp).
using TypePtr = RefPtr<const DataType>;

/// Every non-nested type. Names follow Spark's `typeName` where one exists.
enum class AtomicKind : std::uint8_t {
    Boolean,
    Byte,    // tinyint
    Short,   // smallint
    Integer, // int
    Long,    // bigint
    Float,
    Double,
    Decimal, // decimal(precision, scale)
    String,
    Char,    // char(length)
    Varchar, // varchar(length)
    Binary,
    Date,
    Timestamp,
    TimestampNtz,
    YearMonthInterval, // interval year to month; start/end fields
    DayTimeInterval,   // interval day to second; start/end fields
    CalendarInterval,  // interval
    Variant,           // variant: semi-structured, self-describing (Spark 4's VariantType)
    Null,              // void
};

/// A non-nested type with its parameters (decimal precision/scale, char/varchar length,
/// interval start/end field: year=0, month=1 / day=0, hour=1, minute=2, second=3).
struct AtomicType {
    AtomicKind kind = AtomicKind::Null;
    int precision = 0;
    int scale = 0;
    int length = 0;
    int start_field = 0;
    int end_field = 0;
    friend bool operator==(const AtomicType&, const AtomicType&) = default;
};

/// Spark: StructField. `metadata` is the field's metadata as compact JSON text (`{}` when
/// empty); a DDL `COMMENT 'x'` is `{"comment":"x"}`.
struct StructField {
    std::string name;
    TypePtr type;
    bool nullable = true;
    std::string metadata = "{}";
};

/// How names are compared: Spark's `conf.resolver`.
enum class CaseSensitivity : std::uint8_t { Sensitive, Insensitive };

/// Whether two names are the same under `cs` (Spark's resolver: ASCII case folded when
/// insensitive).
constexpr bool names_match(std::string_view a, std::string_view b, CaseSensitivity cs) {
    return cs == CaseSensitivity::Sensitive ? a == b : equal_ignoring_ascii_case(a, b);
}

/// Spark: StructType. Field lookup by name is a hash lookup, never a scan over siblings.
class StructType {
  public:
    explicit StructType(std::vector<StructField> fields);

    const std::vector<StructField>& fields() const { return fields_; }
    std::size_t size() const { return fields_.size(); }
    const StructField& operator[](std::size_t i) const { return fields_[i]; }

    /// The ordinal of `name`; case-insensitively, a name that matches several fields is
    /// ambiguous and yields nullopt with `*ambiguous = true` (Spark rejects such access).
    std::optional<std::size_t> field_index(std::string_view name, CaseSensitivity cs,
                                           bool* ambiguous = nullptr) const;
    std::vector<std::string> field_names() const;

  private:
    std::vector<StructField> fields_;
    // Two open-addressing hash tables of ordinals (exact names, then ASCII-folded names), each
    // of a power-of-two size; a slot with the high bit set answers for several fields
    // (ambiguous). Empty for structs small enough to scan: about 12 bytes per field instead of
    // a node per field and name, which matters for schemas of a million leaves.
    std::vector<std::uint32_t> index_;
};

/// Spark: ArrayType.
struct ArrayType {
    TypePtr element;
    bool contains_null = true;
};

/// Spark: MapType.
struct MapType {
    TypePtr key;
    TypePtr value;
    bool value_contains_null = true;
};

/// A Spark data type. Construct with the `make_*` functions below.
class DataType {
  public:
    using Variant = std::variant<AtomicType, StructType, ArrayType, MapType>;
    explicit DataType(Variant v);

    const Variant& variant() const { return v_; }
    const AtomicType* atomic() const { return std::get_if<AtomicType>(&v_); }
    const StructType* struct_type() const { return std::get_if<StructType>(&v_); }
    const ArrayType* array() const { return std::get_if<ArrayType>(&v_); }
    const MapType* map() const { return std::get_if<MapType>(&v_); }
    bool is(AtomicKind kind) const {
        const AtomicType* a = atomic();
        return a != nullptr && a->kind == kind;
    }

    /// The number of leaves (count_leaves), counted once when the type is built from its
    /// children's counts: a run over many statements asks it of a wide table every time.
    std::int64_t leaves() const { return leaves_; }

    RefCount refs; // owned by TypePtr

  private:
    Variant v_;
    std::int64_t leaves_ = 1;
};

// --- construction --------------------------------------------------------------------------

TypePtr make_atomic(AtomicKind kind);
/// Any atomic type as described; a new instance.
TypePtr make_atomic(const AtomicType& type);
/// A year-month or day-time interval from `start_field` to `end_field` (Spark's field codes:
/// YEAR 0, MONTH 1; DAY 0, HOUR 1, MINUTE 2, SECOND 3).
TypePtr make_interval(AtomicKind kind, int start_field, int end_field);
TypePtr make_decimal(int precision, int scale);
TypePtr make_char(int length);
TypePtr make_varchar(int length);
TypePtr make_struct(std::vector<StructField> fields);
TypePtr make_array(TypePtr element, bool contains_null = true);
TypePtr make_map(TypePtr key, TypePtr value, bool value_contains_null = true);

/// Shared singletons for the common atomic types.
const TypePtr& boolean_type();
const TypePtr& int_type();
const TypePtr& long_type();
const TypePtr& double_type();
const TypePtr& string_type();
const TypePtr& null_type();

// --- Catalyst's operations -----------------------------------------------------------------

/// Spark: DataType.catalogString — `struct<a:int,b:array<string>>`, `decimal(10,2)`.
std::string catalog_string(const DataType& type);
/// Spark: DataType.simpleString/typeName as printSchema shows it (`integer`, `long`, `struct`).
std::string type_name(const DataType& type);
/// Spark: StructType.toDDL — `id INT, name STRUCT<first: STRING> NOT NULL COMMENT 'x'`.
/// For a non-struct type, the DDL of the type alone (`ARRAY<STRING>`).
std::string to_ddl(const DataType& type);
/// Spark: DataType.sql — `STRUCT<a: INT, b: ARRAY<STRING>>`, `DECIMAL(10,2)`.
std::string sql_string(const DataType& type);
/// Spark: DataType.toString, as plans print a type held by an expression (JsonToStructs'
/// schema): `IntegerType`, `ArrayType(StringType,true)`,
/// `StructType(StructField(a,LongType,true))`.
std::string scala_string(const DataType& type);
/// A struct's fields as StructType.toString lists them, joined by `separator`: `","` inside
/// StructType(...), `", "` where a plan flattens the struct into an expression's arguments.
std::string scala_fields(const StructType& type, std::string_view separator);
/// Spark: DataType.asNullable — every field, element and map value nullable.
TypePtr as_nullable(const TypePtr& type);
/// Spark: StructType.treeString / printSchema().
std::string tree_string(const DataType& type);

/// Structural equality including nullability and metadata (Spark: `==`).
bool equals(const DataType& a, const DataType& b);
/// Equality ignoring nullability and metadata (Spark: DataType.sameType; names compared exactly).
bool same_type(const DataType& a, const DataType& b);
/// Spark: StructType.merge — recursive union; left fields first, new right fields appended;
/// arrays merge elements, maps keys and values; nullability ORed. Names compare exactly.
/// Throws SchemaError on incompatible types.
TypePtr merge(const TypePtr& left, const TypePtr& right);
/// Spark: DataType.defaultSize. boolean, tinyint, void 1; smallint 2; int, float, date, year-month
/// interval 4; bigint, double, timestamp, timestamp_ntz, day-time interval 8; calendar interval
/// 16; string 20; binary 100; variant 2048; char(n), varchar(n) n; decimal(p,s) 8 when p <= 18,
/// else 16; struct: sum of its fields; array: its element; map: key + value.
std::int64_t default_size(const DataType& type);
/// Spark: SchemaPruning.countLeaves — struct: sum of fields; array: element; map: key + value;
/// anything else 1 (an empty struct counts 0).
std::int64_t count_leaves(const DataType& type);
/// Nesting depth: atomic 1, otherwise 1 + deepest child.
std::size_t type_depth(const DataType& type);
/// `type` with every char(n) and varchar(n) in it replaced by string, and `type` itself when
/// it has none (Spark: CharVarcharUtils.replaceCharVarcharWithStringForCast, what a CAST's
/// target type becomes).
TypePtr replace_char_varchar_with_string(const TypePtr& type);

/// Numeric kinds (byte .. decimal) and whether `kind` is an integral kind.
bool is_numeric(const DataType& type);
bool is_integral(const DataType& type);
/// string, char(n) and varchar(n): char and varchar behave as strings in every expression
/// (Spark's analyzer replaces them with StringType before typing).
bool is_string_like(const DataType& type);
/// The ANSI intervals (year-month, day-time) and the calendar interval.
bool is_interval(const DataType& type);
/// timestamp and timestamp_ntz (Spark: AnyTimestampType).
bool is_any_timestamp(const DataType& type);

/// Whether `type` or any type nested in it (field, element, map key or value) satisfies `pred`
/// (Spark: DataType.existsRecursively).
template <typename Pred> bool exists_recursively(const DataType& type, const Pred& pred) {
    if (pred(type)) {
        return true;
    }
    if (const StructType* s = type.struct_type()) {
        for (const StructField& f : s->fields()) {
            if (exists_recursively(*f.type, pred)) {
                return true;
            }
        }
        return false;
    }
    if (const ArrayType* a = type.array()) {
        return exists_recursively(*a->element, pred);
    }
    if (const MapType* m = type.map()) {
        return exists_recursively(*m->key, pred) || exists_recursively(*m->value, pred);
    }
    return false;
}
/// Whether `type` holds a map, or a VARIANT, at any depth: the types Spark can neither order
/// nor compare for equality (the rows of a set operation, DISTINCT, a map's keys).
bool holds_map(const DataType& type);
bool holds_variant(const DataType& type);

/// The maximum nesting depth accepted from any input (types, expressions, lambdas).
inline constexpr std::size_t kMaxNestingDepth = 1000;

} // namespace prune
