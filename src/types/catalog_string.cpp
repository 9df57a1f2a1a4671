/// The textual forms of a type, exactly as Spark prints them.
///
///     type: struct<id:int,name:struct<first:string> NOT NULL>   (name not nullable)
///
///     catalog_string: struct<id:int,name:struct<first:string>>
///     to_ddl:         id INT,name STRUCT<first: STRING> NOT NULL
///     tree_string:    root
///                      |-- id: integer (nullable = true)
///                      |-- name: struct (nullable = false)
///                      |    |-- first: string (nullable = true)

#include <cctype>
#include <string>

#include <nlohmann/json.hpp>

#include "types/data_type.hpp"

namespace prune {
namespace {

const char* year_month_field(int field) { return field == 0 ? "year" : "month"; }

const char* day_time_field(int field) {
    switch (field) {
    case 0:
        return "day";
    case 1:
        return "hour";
    case 2:
        return "minute";
    default:
        return "second";
    }
}

// Spark: YearMonthIntervalType/DayTimeIntervalType.typeName.
std::string interval_name(const char* start, const char* end) {
    if (std::string_view(start) == end) {
        return std::string("interval ") + start;
    }
    return std::string("interval ") + start + " to " + end;
}

// Spark: simpleString of an atomic type when `catalog` is set (`int`, `bigint`), otherwise
// typeName (`integer`, `long`); the two differ only for the integral kinds.
std::string atomic_name(const AtomicType& t, bool catalog) {
    switch (t.kind) {
    case AtomicKind::Boolean:
        return "boolean";
    case AtomicKind::Byte:
        return catalog ? "tinyint" : "byte";
    case AtomicKind::Short:
        return catalog ? "smallint" : "short";
    case AtomicKind::Integer:
        return catalog ? "int" : "integer";
    case AtomicKind::Long:
        return catalog ? "bigint" : "long";
    case AtomicKind::Float:
        return "float";
    case AtomicKind::Double:
        return "double";
    case AtomicKind::Decimal:
        return "decimal(" + std::to_string(t.precision) + "," + std::to_string(t.scale) + ")";
    case AtomicKind::String:
        return "string";
    case AtomicKind::Char:
        return "char(" + std::to_string(t.length) + ")";
    case AtomicKind::Varchar:
        return "varchar(" + std::to_string(t.length) + ")";
    case AtomicKind::Binary:
        return "binary";
    case AtomicKind::Date:
        return "date";
    case AtomicKind::Timestamp:
        return "timestamp";
    case AtomicKind::TimestampNtz:
        return "timestamp_ntz";
    case AtomicKind::YearMonthInterval:
        return interval_name(year_month_field(t.start_field), year_month_field(t.end_field));
    case AtomicKind::DayTimeInterval:
        return interval_name(day_time_field(t.start_field), day_time_field(t.end_field));
    case AtomicKind::CalendarInterval:
        return "interval";
    case AtomicKind::Variant:
        return "variant";
    case AtomicKind::Null:
        return "void";
    }
    return "void";
}

void append_catalog(const DataType& type, std::string& out) {
    if (const AtomicType* a = type.atomic()) {
        out += atomic_name(*a, true);
    } else if (const StructType* s = type.struct_type()) {
        out += "struct<";
        for (std::size_t i = 0; i < s->size(); ++i) {
            if (i > 0) {
                out += ',';
            }
            out += (*s)[i].name;
            out += ':';
            append_catalog(*(*s)[i].type, out);
        }
        out += '>';
    } else if (const ArrayType* arr = type.array()) {
        out += "array<";
        append_catalog(*arr->element, out);
        out += '>';
    } else {
        const MapType& m = *type.map();
        out += "map<";
        append_catalog(*m.key, out);
        out += ',';
        append_catalog(*m.value, out);
        out += '>';
    }
}

// Spark: each type's Scala toString (case objects print their name, case classes their
// fields): `IntegerType`, `DecimalType(10,2)`, `ArrayType(StringType,true)`.
void append_scala(const DataType& type, std::string& out) {
    if (const AtomicType* a = type.atomic()) {
        switch (a->kind) {
        case AtomicKind::Boolean:
            out += "BooleanType";
            return;
        case AtomicKind::Byte:
            out += "ByteType";
            return;
        case AtomicKind::Short:
            out += "ShortType";
            return;
        case AtomicKind::Integer:
            out += "IntegerType";
            return;
        case AtomicKind::Long:
            out += "LongType";
            return;
        case AtomicKind::Float:
            out += "FloatType";
            return;
        case AtomicKind::Double:
            out += "DoubleType";
            return;
        case AtomicKind::Decimal:
            out += "DecimalType(" + std::to_string(a->precision) + "," + std::to_string(a->scale) +
                   ")";
            return;
        case AtomicKind::String:
            out += "StringType";
            return;
        case AtomicKind::Char:
            out += "CharType(" + std::to_string(a->length) + ")";
            return;
        case AtomicKind::Varchar:
            out += "VarcharType(" + std::to_string(a->length) + ")";
            return;
        case AtomicKind::Binary:
            out += "BinaryType";
            return;
        case AtomicKind::Date:
            out += "DateType";
            return;
        case AtomicKind::Timestamp:
            out += "TimestampType";
            return;
        case AtomicKind::TimestampNtz:
            out += "TimestampNTZType";
            return;
        case AtomicKind::YearMonthInterval:
        case AtomicKind::DayTimeInterval:
            out += a->kind == AtomicKind::YearMonthInterval ? "YearMonthIntervalType("
                                                            : "DayTimeIntervalType(";
            out += std::to_string(a->start_field) + "," + std::to_string(a->end_field) + ")";
            return;
        case AtomicKind::CalendarInterval:
            out += "CalendarIntervalType";
            return;
        case AtomicKind::Variant:
            out += "VariantType";
            return;
        case AtomicKind::Null:
            out += "NullType";
            return;
        }
    } else if (const StructType* s = type.struct_type()) {
        out += "StructType(";
        out += scala_fields(*s, ",");
        out += ')';
    } else if (const ArrayType* arr = type.array()) {
        out += "ArrayType(";
        append_scala(*arr->element, out);
        out += arr->contains_null ? ",true)" : ",false)";
    } else {
        const MapType& m = *type.map();
        out += "MapType(";
        append_scala(*m.key, out);
        out += ',';
        append_scala(*m.value, out);
        out += m.value_contains_null ? ",true)" : ",false)";
    }
}

// Spark: QuotingUtils.quoteIfNeeded — plain identifiers stay bare, anything else is
// backquoted with backquotes doubled.
std::string quote_if_needed(const std::string& name) {
    bool plain =
        !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) != 0 || name[0] == '_');
    for (char c : name) {
        const auto u = static_cast<unsigned char>(c);
        plain = plain && u < 0x80 && (std::isalnum(u) != 0 || c == '_');
    }
    if (plain) {
        return name;
    }
    std::string out = "`";
    for (char c : name) {
        out += c;
        if (c == '`') {
            out += '`';
        }
    }
    out += '`';
    return out;
}

// Spark: StructField.getDDLComment — ` COMMENT '...'`. Spark escapes only `'`, so its DDL of a
// comment holding a backslash or a NUL does not read back (`'\'` is unterminated, `'x\y'` reads
// as `xy`); both are escaped here too, in forms Spark's parser reads (found by the DDL fuzzer).
std::string ddl_comment(const std::string& metadata) {
    if (metadata == "{}") {
        return {};
    }
    const auto json = nlohmann::json::parse(metadata, nullptr, false);
    if (!json.is_object()) {
        return {};
    }
    const auto it = json.find("comment");
    if (it == json.end() || !it->is_string()) {
        return {};
    }
    std::string out = " COMMENT '";
    for (char c : it->get_ref<const std::string&>()) {
        if (c == '\'') {
            out += "\\'";
        } else if (c == '\\') {
            out += "\\\\";
        } else if (c == '\0') {
            out += "\\000"; // three digits: `\0` then "12" would read back as `\012`
        } else {
            out += c;
        }
    }
    out += '\'';
    return out;
}

void append_sql(const DataType& type, std::string& out);

// Spark: StructField.sql (inside STRUCT<...>) and StructField.toDDL (top level).
void append_field_sql(const StructField& f, const char* separator, std::string& out) {
    out += quote_if_needed(f.name);
    out += separator;
    append_sql(*f.type, out);
    if (!f.nullable) {
        out += " NOT NULL";
    }
    out += ddl_comment(f.metadata);
}

// Spark: DataType.sql — the upper-cased simpleString, with `STRUCT<a: INT, b: STRING>` and
// `MAP<K, V>` spaced.
void append_sql(const DataType& type, std::string& out) {
    if (const AtomicType* a = type.atomic()) {
        std::string name = atomic_name(*a, true);
        for (char& c : name) {
            c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        }
        out += name;
    } else if (const StructType* s = type.struct_type()) {
        out += "STRUCT<";
        for (std::size_t i = 0; i < s->size(); ++i) {
            if (i > 0) {
                out += ", ";
            }
            append_field_sql((*s)[i], ": ", out);
        }
        out += '>';
    } else if (const ArrayType* arr = type.array()) {
        out += "ARRAY<";
        append_sql(*arr->element, out);
        out += '>';
    } else {
        const MapType& m = *type.map();
        out += "MAP<";
        append_sql(*m.key, out);
        out += ", ";
        append_sql(*m.value, out);
        out += '>';
    }
}

// Spark: SparkSchemaUtils.escapeMetaCharacters, applied to field names in printSchema.
std::string escape_meta(const std::string& name) {
    std::string out;
    out.reserve(name.size());
    for (char c : name) {
        switch (c) {
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\v':
            out += "\\v";
            break;
        case '\a':
            out += "\\a";
            break;
        default:
            out += c;
        }
    }
    return out;
}

// Spark: DataType.buildFormattedString and the buildFormattedString of each nested type.
void append_tree(const DataType& type, const std::string& prefix, std::string& out) {
    const std::string nested = prefix + "    |";
    if (const StructType* s = type.struct_type()) {
        for (const StructField& f : s->fields()) {
            out += prefix + "-- " + escape_meta(f.name) + ": " + type_name(*f.type) +
                   " (nullable = " + (f.nullable ? "true" : "false") + ")\n";
            append_tree(*f.type, nested, out);
        }
    } else if (const ArrayType* a = type.array()) {
        out += prefix + "-- element: " + type_name(*a->element) +
               " (containsNull = " + (a->contains_null ? "true" : "false") + ")\n";
        append_tree(*a->element, nested, out);
    } else if (const MapType* m = type.map()) {
        out += prefix + "-- key: " + type_name(*m->key) + "\n";
        append_tree(*m->key, nested, out);
        out += prefix + "-- value: " + type_name(*m->value) +
               " (valueContainsNull = " + (m->value_contains_null ? "true" : "false") + ")\n";
        append_tree(*m->value, nested, out);
    }
}

} // namespace

std::string catalog_string(const DataType& type) {
    std::string out;
    append_catalog(type, out);
    return out;
}

std::string scala_fields(const StructType& type, std::string_view separator) {
    std::string out;
    for (std::size_t i = 0; i < type.size(); ++i) {
        if (i > 0) {
            out += separator;
        }
        out += "StructField(" + type[i].name + ",";
        append_scala(*type[i].type, out);
        out += type[i].nullable ? ",true)" : ",false)";
    }
    return out;
}

std::string scala_string(const DataType& type) {
    std::string out;
    append_scala(type, out);
    return out;
}

std::string type_name(const DataType& type) {
    if (const AtomicType* a = type.atomic()) {
        return atomic_name(*a, false);
    }
    if (type.struct_type() != nullptr) {
        return "struct";
    }
    return type.array() != nullptr ? "array" : "map";
}

std::string to_ddl(const DataType& type) {
    std::string out;
    const StructType* s = type.struct_type();
    if (s == nullptr) {
        append_sql(type, out);
        return out;
    }
    // Spark: StructType.toDDL joins the columns with a bare ",".
    for (std::size_t i = 0; i < s->size(); ++i) {
        if (i > 0) {
            out += ',';
        }
        append_field_sql((*s)[i], " ", out);
    }
    return out;
}

std::string sql_string(const DataType& type) {
    std::string out;
    append_sql(type, out);
    return out;
}

std::string tree_string(const DataType& type) {
    std::string out = "root\n";
    append_tree(type, " |", out);
    return out;
}

} // namespace prune
