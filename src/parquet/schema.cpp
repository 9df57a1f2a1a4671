/// Spark's reading of a Parquet schema (ParquetToSparkSchemaConverter with Spark 4's defaults:
/// `int96AsTimestamp`, `inferTimestampNTZ` on; `binaryAsString`, `nanosAsLong` off).
///
///     message spark_schema {                      struct<
///       optional group tags (LIST) {                tags: array<string>,
///         repeated group list {
///           optional binary element (STRING);
///         }
///       }
///       required int64 ts (TIMESTAMP(MICROS,true));  ts: timestamp NOT NULL
///     }                                           >
///
/// The footer lists the schema tree depth first, each group with its number of children; the
/// column chunks of a row group follow the leaves in that same order.

#include "parquet/schema.hpp"

#include <cmath>
#include <utility>

#include "diag/utf8.hpp"

namespace prune::parquet {
namespace {

/// One annotation, from the LogicalType when there is one, else from the ConvertedType.
struct Annotation {
    enum class Kind {
        None,
        String,
        Enum,
        Json,
        Bson,
        Map,
        MapKeyValue,
        List,
        Decimal,
        Date,
        Time,
        Timestamp,
        Integer,
        Interval,
        Uuid,
        Float16,
        Null,
    };
    Kind kind = Kind::None;
    int precision = 0;
    int scale = 0;
    LogicalType::Unit unit = LogicalType::Unit::Micros;
    bool adjusted_to_utc = true;
    int bit_width = 0;
    bool is_signed = true;
};

Annotation from_converted(ConvertedType c, const SchemaElement& e) {
    using K = Annotation::Kind;
    Annotation a;
    const auto integer = [&](int width, bool is_signed) {
        a.kind = K::Integer;
        a.bit_width = width;
        a.is_signed = is_signed;
    };
    const auto time = [&](K kind, LogicalType::Unit unit) {
        a.kind = kind;
        a.unit = unit;
        a.adjusted_to_utc = true; // the legacy annotations are UTC-adjusted
    };
    switch (c) {
    case ConvertedType::Utf8:
        a.kind = K::String;
        break;
    case ConvertedType::Map:
        a.kind = K::Map;
        break;
    case ConvertedType::MapKeyValue:
        a.kind = K::MapKeyValue;
        break;
    case ConvertedType::List:
        a.kind = K::List;
        break;
    case ConvertedType::Enum:
        a.kind = K::Enum;
        break;
    case ConvertedType::Decimal:
        a.kind = K::Decimal;
        a.precision = e.precision.value_or(0);
        a.scale = e.scale.value_or(0);
        break;
    case ConvertedType::Date:
        a.kind = K::Date;
        break;
    case ConvertedType::TimeMillis:
        time(K::Time, LogicalType::Unit::Millis);
        break;
    case ConvertedType::TimeMicros:
        time(K::Time, LogicalType::Unit::Micros);
        break;
    case ConvertedType::TimestampMillis:
        time(K::Timestamp, LogicalType::Unit::Millis);
        break;
    case ConvertedType::TimestampMicros:
        time(K::Timestamp, LogicalType::Unit::Micros);
        break;
    case ConvertedType::Uint8:
        integer(8, false);
        break;
    case ConvertedType::Uint16:
        integer(16, false);
        break;
    case ConvertedType::Uint32:
        integer(32, false);
        break;
    case ConvertedType::Uint64:
        integer(64, false);
        break;
    case ConvertedType::Int8:
        integer(8, true);
        break;
    case ConvertedType::Int16:
        integer(16, true);
        break;
    case ConvertedType::Int32:
        integer(32, true);
        break;
    case ConvertedType::Int64:
        integer(64, true);
        break;
    case ConvertedType::Json:
        a.kind = K::Json;
        break;
    case ConvertedType::Bson:
        a.kind = K::Bson;
        break;
    case ConvertedType::Interval:
        a.kind = K::Interval;
        break;
    }
    return a;
}

std::optional<Annotation> from_logical(const LogicalType& t) {
    using K = Annotation::Kind;
    using L = LogicalType::Kind;
    Annotation a;
    switch (t.kind) {
    case L::String:
        a.kind = K::String;
        break;
    case L::Map:
        a.kind = K::Map;
        break;
    case L::List:
        a.kind = K::List;
        break;
    case L::Enum:
        a.kind = K::Enum;
        break;
    case L::Decimal:
        a.kind = K::Decimal;
        a.precision = t.precision;
        a.scale = t.scale;
        break;
    case L::Date:
        a.kind = K::Date;
        break;
    case L::Time:
    case L::Timestamp:
        a.kind = t.kind == L::Time ? K::Time : K::Timestamp;
        a.unit = t.unit;
        a.adjusted_to_utc = t.adjusted_to_utc;
        break;
    case L::Integer:
        a.kind = K::Integer;
        a.bit_width = t.bit_width;
        a.is_signed = t.is_signed;
        break;
    case L::Null:
        a.kind = K::Null;
        break;
    case L::Json:
        a.kind = K::Json;
        break;
    case L::Bson:
        a.kind = K::Bson;
        break;
    case L::Uuid:
        a.kind = K::Uuid;
        break;
    case L::Float16:
        a.kind = K::Float16;
        break;
    case L::Unknown:
        return std::nullopt; // a member newer than this reader: as if absent
    }
    return a;
}

/// The legacy annotation a logical one corresponds to (parquet-mr's toOriginalType), to tell
/// whether a ConvertedType written next to it agrees.
bool same_legacy(const Annotation& logical, const Annotation& converted) {
    using K = Annotation::Kind;
    if (logical.kind != converted.kind) {
        return false;
    }
    switch (logical.kind) {
    case K::Time:
    case K::Timestamp:
        return logical.unit == converted.unit; // NANOS has no legacy form: never equal
    case K::Integer:
        return logical.bit_width == converted.bit_width && logical.is_signed == converted.is_signed;
    default:
        return true;
    }
}

/// parquet-mr's rule, which Spark reads through: the LogicalType, unless a ConvertedType is
/// also written and does not correspond to it, in which case the ConvertedType wins.
Annotation annotation(const SchemaElement& e) {
    std::optional<Annotation> logical;
    if (e.logical_type) {
        logical = from_logical(*e.logical_type);
    }
    if (e.converted_type) {
        const Annotation converted = from_converted(*e.converted_type, e);
        if (!logical || !same_legacy(*logical, converted)) {
            return converted;
        }
    }
    return logical.value_or(Annotation{});
}

const char* physical_name(PhysicalType t) {
    switch (t) {
    case PhysicalType::Boolean:
        return "BOOLEAN";
    case PhysicalType::Int32:
        return "INT32";
    case PhysicalType::Int64:
        return "INT64";
    case PhysicalType::Int96:
        return "INT96";
    case PhysicalType::Float:
        return "FLOAT";
    case PhysicalType::Double:
        return "DOUBLE";
    case PhysicalType::ByteArray:
        return "BINARY";
    case PhysicalType::FixedLenByteArray:
        return "FIXED_LEN_BYTE_ARRAY";
    }
    return "?";
}

const char* unit_name(LogicalType::Unit u) {
    switch (u) {
    case LogicalType::Unit::Millis:
        return "MILLIS";
    case LogicalType::Unit::Micros:
        return "MICROS";
    case LogicalType::Unit::Nanos:
        return "NANOS";
    }
    return "?";
}

/// The annotation as parquet-mr prints it (`TIMESTAMP(NANOS,true)`, `INTEGER(8,false)`).
std::string annotation_name(const Annotation& a) {
    using K = Annotation::Kind;
    const auto b = [](bool v) { return v ? std::string("true") : std::string("false"); };
    switch (a.kind) {
    case K::None:
        return "";
    case K::String:
        return "STRING";
    case K::Enum:
        return "ENUM";
    case K::Json:
        return "JSON";
    case K::Bson:
        return "BSON";
    case K::Map:
        return "MAP";
    case K::MapKeyValue:
        return "MAP_KEY_VALUE";
    case K::List:
        return "LIST";
    case K::Decimal:
        return "DECIMAL(" + std::to_string(a.precision) + "," + std::to_string(a.scale) + ")";
    case K::Date:
        return "DATE";
    case K::Time:
        return std::string("TIME(") + unit_name(a.unit) + "," + b(a.adjusted_to_utc) + ")";
    case K::Timestamp:
        return std::string("TIMESTAMP(") + unit_name(a.unit) + "," + b(a.adjusted_to_utc) + ")";
    case K::Integer:
        return "INTEGER(" + std::to_string(a.bit_width) + "," + b(a.is_signed) + ")";
    case K::Interval:
        return "INTERVAL";
    case K::Uuid:
        return "UUID";
    case K::Float16:
        return "FLOAT16";
    case K::Null:
        return "UNKNOWN";
    }
    return "?";
}

/// Spark's Decimal.maxPrecisionForBytes: the digits an n-byte two's complement number always
/// holds, floor(log10(2^(8n-1) - 1)), which is floor((8n-1) log10 2) as no power of two is a
/// power of ten.
int max_precision_for_bytes(std::int32_t n) {
    if (n <= 0) {
        return 0;
    }
    if (n > 64) {
        return 1000; // beyond any decimal Spark has
    }
    return static_cast<int>(std::floor((8.0 * n - 1.0) * std::log10(2.0)));
}

/// The schema tree rebuilt from its depth-first list.
struct Node {
    std::size_t element = 0;
    std::vector<Node> children;
};

class Converter {
  public:
    explicit Converter(const FileMetaData& meta) : meta_(meta) {}

    FileSchema run() {
        std::size_t next = 0;
        const Node root = build(next, 0);
        if (next != meta_.schema.size()) {
            throw ParquetError("malformed schema: " + std::to_string(meta_.schema.size() - next) +
                               " schema elements after the root's last child");
        }
        const SchemaElement& r = meta_.schema[0];
        if (r.type) {
            throw ParquetError("malformed schema: the root '" + r.name + "' is not a group");
        }
        collect_leaves(root, {});
        sum_row_groups();
        std::vector<std::string> path;
        FileSchema out = convert_struct(root, path);
        return out;
    }

  private:
    /// Rebuilds the tree; a group's num_children may not claim more elements than are left,
    /// and nesting is bounded as every other input's is.
    Node build(std::size_t& next, std::size_t depth) {
        if (depth > kMaxNestingDepth) {
            throw ParquetError("malformed schema: nested deeper than " +
                               std::to_string(kMaxNestingDepth) + " levels");
        }
        if (next >= meta_.schema.size()) {
            throw ParquetError("malformed schema: a group's num_children runs past the " +
                               std::to_string(meta_.schema.size()) + " schema elements");
        }
        Node node{next, {}};
        const SchemaElement& e = meta_.schema[next++];
        // Names become column names, printed and written as JSON: UTF-8 text, as Parquet's
        // writers write them.
        if (const auto bad = find_bad_text(e.name)) {
            throw ParquetError("malformed schema: the name of schema element " +
                               std::to_string(node.element) + " is not UTF-8 text (" +
                               bad->message() + ")");
        }
        const bool group = !e.type || (e.num_children && *e.num_children > 0);
        if (!group) {
            return node;
        }
        const std::int32_t n = e.num_children.value_or(0);
        if (n < 0 || static_cast<std::size_t>(n) > meta_.schema.size() - next) {
            throw ParquetError("malformed schema: group '" + e.name + "' claims " +
                               std::to_string(n) + " children, with " +
                               std::to_string(meta_.schema.size() - next) + " elements left");
        }
        if (e.type) {
            throw ParquetError("malformed schema: '" + e.name +
                               "' has both a physical type and children");
        }
        node.children.reserve(static_cast<std::size_t>(n));
        for (std::int32_t i = 0; i < n; ++i) {
            node.children.push_back(build(next, depth + 1));
        }
        return node;
    }

    bool is_group(const Node& n) const { return !meta_.schema[n.element].type; }
    const SchemaElement& element(const Node& n) const { return meta_.schema[n.element]; }
    Repetition repetition(const Node& n) const {
        return element(n).repetition.value_or(Repetition::Optional);
    }

    void collect_leaves(const Node& n, std::vector<std::string> path) {
        if (n.element != 0) {
            path.push_back(element(n).name);
        }
        if (!is_group(n)) {
            leaf_paths_.push_back(std::move(path));
            return;
        }
        for (const Node& c : n.children) {
            collect_leaves(c, path);
        }
    }

    /// Each row group's column chunks are the leaves in order; a chunk whose path is not its
    /// leaf's means the footer is not what it claims, and is rejected.
    void sum_row_groups() {
        leaf_bytes_.assign(leaf_paths_.size(), 0);
        for (std::size_t g = 0; g < meta_.row_groups.size(); ++g) {
            const RowGroup& group = meta_.row_groups[g];
            if (group.columns.size() != leaf_paths_.size()) {
                throw ParquetError("row group " + std::to_string(g) + " has " +
                                   std::to_string(group.columns.size()) +
                                   " column chunks for a schema of " +
                                   std::to_string(leaf_paths_.size()) + " leaf columns");
            }
            for (std::size_t i = 0; i < group.columns.size(); ++i) {
                const ColumnChunk& chunk = group.columns[i];
                if (chunk.path != leaf_paths_[i]) {
                    throw ParquetError("row group " + std::to_string(g) + ": column chunk " +
                                       std::to_string(i) + " is '" + printable(joined(chunk.path)) +
                                       "', the schema's leaf " + std::to_string(i) + " is '" +
                                       joined(leaf_paths_[i]) + "'");
                }
                // Sizes are checked non-negative; the sum saturates rather than wraps.
                const std::int64_t room = INT64_MAX - leaf_bytes_[i];
                leaf_bytes_[i] += std::min(room, chunk.total_compressed_size);
            }
        }
    }

    static std::string joined(const std::vector<std::string>& path) {
        std::string s;
        for (const std::string& p : path) {
            s += s.empty() ? "" : ".";
            s += p;
        }
        return s;
    }

    [[noreturn]] void unsupported(const std::vector<std::string>& path,
                                  const std::string& what) const {
        throw ParquetError("column '" + joined(path) + "': " + what);
    }

    static std::int64_t add(std::int64_t a, std::int64_t b) {
        return b > INT64_MAX - a ? INT64_MAX : a + b;
    }

    /// A group without annotation: a struct, its repeated fields arrays of non-null elements.
    FileSchema convert_struct(const Node& n, std::vector<std::string>& path) {
        std::vector<StructField> fields;
        fields.reserve(n.children.size());
        FileSchema out;
        out.bytes.children.reserve(n.children.size());
        for (const Node& c : n.children) {
            path.push_back(element(c).name);
            FileSchema field = convert_field(c, path);
            path.pop_back();
            bool nullable = repetition(c) == Repetition::Optional;
            if (repetition(c) == Repetition::Repeated) {
                // Spark: a repeated field outside a LIST or MAP is a required list of required
                // elements.
                field.type = make_array(field.type, false);
                ColumnBytes array{field.bytes.bytes, {}};
                array.children.push_back(std::move(field.bytes));
                field.bytes = std::move(array);
                nullable = false;
            }
            out.bytes.bytes = add(out.bytes.bytes, field.bytes.bytes);
            fields.push_back(StructField{element(c).name, field.type, nullable, "{}"});
            out.bytes.children.push_back(std::move(field.bytes));
        }
        out.type = make_struct(std::move(fields));
        return out;
    }

    FileSchema convert_field(const Node& n, std::vector<std::string>& path) {
        if (path.size() > kMaxNestingDepth) {
            unsupported(path, "nested too deeply");
        }
        return is_group(n) ? convert_group(n, path) : convert_primitive(n, path);
    }

    /// Spark's isElementType: whether a LIST's repeated child is itself the element (the
    /// legacy two-level forms) rather than a wrapper around it.
    bool is_element_type(const Node& repeated, const std::string& list_name) const {
        if (!is_group(repeated)) {
            return true; // repeated int32 element;
        }
        const std::string& name = element(repeated).name;
        return repeated.children.size() > 1 || name == "array" || name == list_name + "_tuple";
    }

    static FileSchema wrap(TypePtr type, std::vector<FileSchema> parts) {
        FileSchema out;
        out.type = std::move(type);
        for (FileSchema& p : parts) {
            out.bytes.bytes = add(out.bytes.bytes, p.bytes.bytes);
            out.bytes.children.push_back(std::move(p.bytes));
        }
        return out;
    }

    FileSchema convert_group(const Node& n, std::vector<std::string>& path) {
        using K = Annotation::Kind;
        const SchemaElement& e = element(n);
        const Annotation a = annotation(e);
        const auto invalid = [&](const char* what) {
            unsupported(path, std::string("Invalid ") + what + " type: group " + e.name);
        };
        if (a.kind == K::None) {
            return convert_struct(n, path);
        }
        if (a.kind == K::List) {
            if (n.children.size() != 1 || repetition(n.children[0]) != Repetition::Repeated) {
                invalid("list");
            }
            const Node& repeated = n.children[0];
            path.push_back(element(repeated).name);
            if (is_element_type(repeated, e.name)) {
                FileSchema inner = convert_field(repeated, path);
                path.pop_back();
                TypePtr t = make_array(inner.type, false);
                return wrap(std::move(t), {std::move(inner)});
            }
            if (repeated.children.empty()) {
                invalid("list");
            }
            const Node& elem = repeated.children[0];
            path.push_back(element(elem).name);
            FileSchema inner = convert_field(elem, path);
            path.pop_back();
            path.pop_back();
            TypePtr t = make_array(inner.type, repetition(elem) == Repetition::Optional);
            return wrap(std::move(t), {std::move(inner)});
        }
        if (a.kind == K::Map || a.kind == K::MapKeyValue) {
            if (n.children.size() != 1 || !is_group(n.children[0])) {
                invalid("map");
            }
            const Node& kv = n.children[0];
            if (repetition(kv) != Repetition::Repeated || kv.children.size() != 2) {
                invalid("map");
            }
            path.push_back(element(kv).name);
            path.push_back(element(kv.children[0]).name);
            FileSchema key = convert_field(kv.children[0], path);
            path.back() = element(kv.children[1]).name;
            FileSchema value = convert_field(kv.children[1], path);
            path.pop_back();
            path.pop_back();
            TypePtr t =
                make_map(key.type, value.type, repetition(kv.children[1]) == Repetition::Optional);
            return wrap(std::move(t), {std::move(key), std::move(value)});
        }
        unsupported(path,
                    "Unrecognized Parquet type: group " + e.name + " (" + annotation_name(a) + ")");
    }

    FileSchema convert_primitive(const Node& n, std::vector<std::string>& path) {
        using K = Annotation::Kind;
        const SchemaElement& e = element(n);
        const PhysicalType physical = *e.type;
        const Annotation a = annotation(e);
        const std::size_t leaf = next_leaf_++;
        const auto type_string = [&] {
            const std::string note = annotation_name(a);
            return std::string(physical_name(physical)) + (note.empty() ? "" : " (" + note + ")");
        };
        const auto illegal = [&]() -> TypePtr {
            unsupported(path, "Illegal Parquet type: " + type_string());
        };
        const auto not_implemented = [&]() -> TypePtr {
            unsupported(path, "Parquet type not yet supported: " + type_string());
        };
        // Spark's makeDecimalType: the precision must fit the physical type, and DecimalType's
        // own limits (1..38, scale within the precision) hold.
        const auto decimal = [&](int max_precision) -> TypePtr {
            if (a.precision < 1 || (max_precision >= 0 && a.precision > max_precision)) {
                unsupported(path,
                            "Invalid decimal precision: " + std::string(physical_name(physical)) +
                                " cannot store " + std::to_string(a.precision) + " digits (max " +
                                std::to_string(max_precision) + ")");
            }
            if (a.precision > 38 || a.scale < 0 || a.scale > a.precision) {
                unsupported(path, "decimal(" + std::to_string(a.precision) + "," +
                                      std::to_string(a.scale) + ") is not a Spark decimal type");
            }
            return make_decimal(a.precision, a.scale);
        };
        TypePtr t;
        switch (physical) {
        case PhysicalType::Boolean:
            t = make_atomic(AtomicKind::Boolean);
            break;
        case PhysicalType::Float:
            t = make_atomic(AtomicKind::Float);
            break;
        case PhysicalType::Double:
            t = make_atomic(AtomicKind::Double);
            break;
        case PhysicalType::Int96:
            t = make_atomic(AtomicKind::Timestamp); // spark.sql.parquet.int96AsTimestamp
            break;
        case PhysicalType::Int32:
            if (a.kind == K::None) {
                t = make_atomic(AtomicKind::Integer);
            } else if (a.kind == K::Integer && a.is_signed) {
                t = a.bit_width == 8    ? make_atomic(AtomicKind::Byte)
                    : a.bit_width == 16 ? make_atomic(AtomicKind::Short)
                    : a.bit_width == 32 ? make_atomic(AtomicKind::Integer)
                                        : illegal();
            } else if (a.kind == K::Integer) {
                // Unsigned: the next wider signed type holds every value.
                t = a.bit_width == 8    ? make_atomic(AtomicKind::Short)
                    : a.bit_width == 16 ? make_atomic(AtomicKind::Integer)
                    : a.bit_width == 32 ? make_atomic(AtomicKind::Long)
                                        : illegal();
            } else if (a.kind == K::Date) {
                t = make_atomic(AtomicKind::Date);
            } else if (a.kind == K::Decimal) {
                t = decimal(9);
            } else if (a.kind == K::Timestamp && a.unit == LogicalType::Unit::Millis) {
                t = not_implemented();
            } else {
                t = illegal(); // TIME among others: Spark 4.0 has no TimeType
            }
            break;
        case PhysicalType::Int64:
            if (a.kind == K::None) {
                t = make_atomic(AtomicKind::Long);
            } else if (a.kind == K::Integer && a.is_signed) {
                t = a.bit_width == 64 ? make_atomic(AtomicKind::Long) : illegal();
            } else if (a.kind == K::Integer) {
                t = a.bit_width == 64 ? make_decimal(20, 0) : illegal();
            } else if (a.kind == K::Decimal) {
                t = decimal(18);
            } else if (a.kind == K::Timestamp && a.unit != LogicalType::Unit::Nanos) {
                // spark.sql.parquet.inferTimestampNTZ.enabled (true): local time is NTZ.
                t = make_atomic(a.adjusted_to_utc ? AtomicKind::Timestamp
                                                  : AtomicKind::TimestampNtz);
            } else {
                t = illegal(); // NANOS (nanosAsLong is off), TIME
            }
            break;
        case PhysicalType::ByteArray:
            if (a.kind == K::String || a.kind == K::Enum || a.kind == K::Json) {
                t = string_type();
            } else if (a.kind == K::None || a.kind == K::Bson) {
                t = make_atomic(AtomicKind::Binary); // binaryAsString is off
            } else if (a.kind == K::Decimal) {
                t = decimal(-1);
            } else {
                t = illegal();
            }
            break;
        case PhysicalType::FixedLenByteArray:
            if (a.kind == K::Decimal) {
                if (!e.type_length) {
                    unsupported(path, "FIXED_LEN_BYTE_ARRAY without a type_length");
                }
                t = decimal(max_precision_for_bytes(*e.type_length));
            } else if (a.kind == K::Interval) {
                t = not_implemented();
            } else {
                t = illegal();
            }
            break;
        }
        FileSchema out;
        out.type = std::move(t);
        out.bytes.bytes = leaf < leaf_bytes_.size() ? leaf_bytes_[leaf] : 0;
        return out;
    }

    const FileMetaData& meta_;
    std::vector<std::vector<std::string>> leaf_paths_;
    std::vector<std::int64_t> leaf_bytes_;
    std::size_t next_leaf_ = 0;
};

} // namespace

FileSchema convert_schema(const FileMetaData& meta) { return Converter(meta).run(); }

} // namespace prune::parquet
