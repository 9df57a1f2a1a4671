#include "types/avro_schema.hpp"

#include <cmath>
#include <deque>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.hpp"
#include "types/schema_formats.hpp"
#include "util/ascii.hpp"

namespace prune {
namespace {

using Json = nlohmann::json;

[[noreturn]] void fail(const std::string& message) { throw SchemaError(message); }

// --- Avro's schema (org.apache.avro.Schema), as its parser reads the JSON form ----------------

enum class Kind {
    Null,
    Boolean,
    Int,
    Long,
    Float,
    Double,
    Bytes,
    String,
    Record,
    Enum,
    Array,
    Map,
    Union,
    Fixed
};

struct Node;

struct Field {
    std::string name;
    const Node* type = nullptr;
};

struct Node {
    Kind kind = Kind::Null;
    std::string name;      // a named type's simple name, else the type's name (`int`, `array`)
    std::string full_name; // a named type's name with its namespace
    std::string logical;   // logicalType, kept only where Avro accepts it
    int precision = 0;     // a valid decimal's
    int scale = 0;
    std::string catalyst_type;         // the `spark.sql.catalyst.type` property
    std::vector<Field> fields;         // record
    std::vector<const Node*> branches; // union
    const Node* element = nullptr;     // array items, map values
};

struct Primitive {
    std::string_view name;
    Kind kind;
};
constexpr Primitive kPrimitives[] = {
    {"null", Kind::Null},   {"boolean", Kind::Boolean}, {"int", Kind::Int},
    {"long", Kind::Long},   {"float", Kind::Float},     {"double", Kind::Double},
    {"bytes", Kind::Bytes}, {"string", Kind::String},
};

std::optional<Kind> primitive(std::string_view name) {
    for (const Primitive& p : kPrimitives) {
        if (p.name == name) {
            return p.kind;
        }
    }
    return std::nullopt;
}

/// Avro's name rule: a letter or `_`, then letters, digits and `_`.
void check_name(const std::string& name) {
    if (name.empty() || !(is_ascii_alpha(name[0]) || name[0] == '_')) {
        fail("illegal initial character in the name '" + name + "'");
    }
    for (char c : name) {
        if (!(is_ascii_alpha(c) || is_ascii_digit(c) || c == '_')) {
            fail("illegal character in the name '" + name + "'");
        }
    }
}

std::string text_of(const Json& j, const char* key, const std::string& missing) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string()) {
        fail(missing);
    }
    return it->get<std::string>();
}

/// The largest precision a decimal in `size` bytes holds (Avro: Decimal.maxPrecision).
int max_precision(int size) {
    return static_cast<int>(std::floor(std::log10(std::pow(2.0, 8.0 * size - 1) - 1)));
}

class Parser {
  public:
    const Node* parse(const Json& j, const std::string& space) {
        if (j.is_string()) {
            return named_or_primitive(j.get<std::string>(), space, nullptr);
        }
        if (j.is_array()) {
            return union_of(j, space);
        }
        if (!j.is_object()) {
            fail("a schema is a type name, an object or an array (a union), not " + j.dump());
        }
        const auto type = j.find("type");
        if (type == j.end()) {
            fail("no type in " + j.dump());
        }
        if (!type->is_string()) {
            return parse(*type, space);
        }
        const std::string t = type->get<std::string>();
        if (t == "record" || t == "error") {
            return record(j, space);
        }
        if (t == "enum" || t == "fixed") {
            Node& n = named(j, t == "enum" ? Kind::Enum : Kind::Fixed, space);
            if (n.kind == Kind::Enum) {
                const auto symbols = j.find("symbols");
                if (symbols == j.end() || !symbols->is_array()) {
                    fail("the enum '" + n.full_name + "' has no symbols");
                }
            } else {
                const auto size = j.find("size");
                if (size == j.end() || !size->is_number_integer() || size->get<long long>() < 0 ||
                    size->get<long long>() > 2147483647) {
                    fail("the fixed '" + n.full_name + "' has an invalid or no size");
                }
                decimal(j, n, static_cast<int>(size->get<long long>()));
            }
            return &n;
        }
        if (t == "array" || t == "map") {
            Node& n = make(t == "array" ? Kind::Array : Kind::Map, t);
            const char* key = t == "array" ? "items" : "values";
            const auto inner = j.find(key);
            if (inner == j.end()) {
                fail("the " + t + " has no " + key + " type");
            }
            n.element = parse(*inner, space);
            return &n;
        }
        return named_or_primitive(t, space, &j);
    }

  private:
    Node& make(Kind kind, std::string name) {
        Node& n = nodes_.emplace_back();
        n.kind = kind;
        n.name = std::move(name);
        return n;
    }

    /// A primitive type (with its logical type and properties when written as an object), or a
    /// reference to a named type defined before.
    const Node* named_or_primitive(const std::string& name, const std::string& space,
                                   const Json* props) {
        if (const std::optional<Kind> kind = primitive(name)) {
            Node& n = make(*kind, name);
            if (props != nullptr) {
                annotate(*props, n);
            }
            return &n;
        }
        const std::string full =
            name.find('.') != std::string::npos || space.empty() ? name : space + "." + name;
        for (const std::string& candidate : {full, name}) {
            if (const auto it = names_.find(candidate); it != names_.end()) {
                return it->second;
            }
        }
        fail("'" + name + "' is not a defined name");
    }

    /// A primitive's logical type where Avro accepts it (LogicalTypes.fromSchemaIgnoreInvalid),
    /// and Spark's `spark.sql.catalyst.type` property.
    void annotate(const Json& j, Node& n) {
        if (const auto p = j.find("spark.sql.catalyst.type"); p != j.end() && p->is_string()) {
            n.catalyst_type = p->get<std::string>();
        }
        const auto it = j.find("logicalType");
        if (it == j.end() || !it->is_string()) {
            return;
        }
        const std::string logical = it->get<std::string>();
        if (n.kind == Kind::Bytes) {
            decimal(j, n, -1);
        } else if ((n.kind == Kind::Int && (logical == "date" || logical == "time-millis")) ||
                   (n.kind == Kind::Long &&
                    (logical == "time-micros" || logical == "timestamp-millis" ||
                     logical == "timestamp-micros" || logical == "local-timestamp-millis" ||
                     logical == "local-timestamp-micros")) ||
                   (n.kind == Kind::String && logical == "uuid")) {
            n.logical = logical;
        }
    }

    /// A valid decimal logical type of a bytes (`size` -1) or fixed type; an invalid one is
    /// ignored, as Avro ignores it.
    static void decimal(const Json& j, Node& n, int size) {
        const auto logical = j.find("logicalType");
        if (logical == j.end() || *logical != "decimal") {
            return;
        }
        const auto precision = j.find("precision");
        const auto scale = j.find("scale");
        if (precision == j.end() || !precision->is_number_integer() ||
            (scale != j.end() && !scale->is_number_integer())) {
            return;
        }
        const long long p = precision->get<long long>();
        const long long s = scale == j.end() ? 0 : scale->get<long long>();
        if (p <= 0 || p > 2147483647 || s < 0 || s > p || (size >= 0 && p > max_precision(size))) {
            return;
        }
        n.logical = "decimal";
        n.precision = static_cast<int>(p);
        n.scale = static_cast<int>(s);
    }

    /// A named type (record, enum, fixed), registered under its full name.
    Node& named(const Json& j, Kind kind, const std::string& space) {
        const std::string name = text_of(j, "name", "no name in " + j.dump());
        std::string ns = space;
        if (const auto it = j.find("namespace"); it != j.end() && it->is_string()) {
            ns = it->get<std::string>();
        }
        std::string simple = name;
        std::string full = ns.empty() ? name : ns + "." + name;
        if (const std::size_t dot = name.rfind('.'); dot != std::string::npos) {
            simple = name.substr(dot + 1);
            full = name;
        }
        check_name(simple);
        if (primitive(simple)) {
            fail("a named type cannot be called '" + simple + "'");
        }
        Node& n = make(kind, simple);
        n.full_name = full;
        if (!names_.emplace(full, &n).second) {
            fail("cannot redefine '" + full + "'");
        }
        return n;
    }

    const Node* record(const Json& j, const std::string& space) {
        Node& n = named(j, Kind::Record, space);
        const std::size_t dot = n.full_name.rfind('.');
        const std::string inner = dot == std::string::npos ? "" : n.full_name.substr(0, dot);
        const auto fields = j.find("fields");
        if (fields == j.end() || !fields->is_array()) {
            fail("the record '" + n.full_name + "' has no fields");
        }
        std::set<std::string> seen;
        for (const Json& f : *fields) {
            if (!f.is_object()) {
                fail("a field of the record '" + n.full_name + "' is not an object");
            }
            const std::string name = text_of(f, "name", "no field name in " + f.dump());
            check_name(name);
            const auto type = f.find("type");
            if (type == f.end()) {
                fail("no type for the field '" + name + "'");
            }
            if (!seen.insert(name).second) {
                fail("duplicate field '" + name + "' in the record '" + n.full_name + "'");
            }
            n.fields.push_back(Field{name, parse(*type, inner)});
        }
        return &n;
    }

    const Node* union_of(const Json& j, const std::string& space) {
        Node& n = make(Kind::Union, "union");
        std::set<std::string> seen;
        for (const Json& branch : j) {
            const Node* b = parse(branch, space);
            if (b->kind == Kind::Union) {
                fail("a union cannot hold a union: " + j.dump());
            }
            if (!seen.insert(b->full_name.empty() ? b->name : b->full_name).second) {
                fail("duplicate '" + b->name + "' in the union " + j.dump());
            }
            n.branches.push_back(b);
        }
        return &n;
    }

    std::deque<Node> nodes_;
    std::map<std::string, const Node*> names_;
};

// --- Spark's SchemaConverters.toSqlType ------------------------------------------------------

class Converter {
  public:
    explicit Converter(const AvroTypeOptions& options) : options_(options) {}

    /// The type of `n`; none for a record dropped at the recursion depth limit.
    std::optional<AvroSqlType> convert(const Node& n, const std::map<std::string, int>& depths) {
        switch (n.kind) {
        case Kind::Int:
            if (n.logical == "date") {
                return AvroSqlType{make_atomic(AtomicKind::Date), false};
            }
            return AvroSqlType{catalyst_or(n, int_type()), false};
        case Kind::Long:
            if (n.logical == "timestamp-millis" || n.logical == "timestamp-micros") {
                return AvroSqlType{make_atomic(AtomicKind::Timestamp), false};
            }
            if (n.logical == "local-timestamp-millis" || n.logical == "local-timestamp-micros") {
                return AvroSqlType{make_atomic(AtomicKind::TimestampNtz), false};
            }
            return AvroSqlType{catalyst_or(n, long_type()), false};
        case Kind::String:
        case Kind::Enum:
            return AvroSqlType{string_type(), false};
        case Kind::Boolean:
            return AvroSqlType{boolean_type(), false};
        case Kind::Bytes:
        case Kind::Fixed:
            if (n.logical == "decimal") {
                if (n.precision > 38) {
                    fail("decimal(" + std::to_string(n.precision) + "," + std::to_string(n.scale) +
                         ") exceeds Spark's maximum precision 38");
                }
                return AvroSqlType{make_decimal(n.precision, n.scale), false};
            }
            return AvroSqlType{make_atomic(AtomicKind::Binary), false};
        case Kind::Double:
            return AvroSqlType{double_type(), false};
        case Kind::Float:
            return AvroSqlType{make_atomic(AtomicKind::Float), false};
        case Kind::Null:
            return AvroSqlType{null_type(), true};
        case Kind::Record:
            return record(n, depths);
        case Kind::Array:
        case Kind::Map: {
            const std::optional<AvroSqlType> inner = convert(*n.element, depths);
            if (!inner) {
                return std::nullopt;
            }
            return AvroSqlType{n.kind == Kind::Array
                                   ? make_array(inner->type, inner->nullable)
                                   : make_map(string_type(), inner->type, inner->nullable),
                               false};
        }
        case Kind::Union:
            return union_of(n.branches, depths);
        }
        return std::nullopt;
    }

  private:
    static TypePtr catalyst_or(const Node& n, const TypePtr& plain) {
        return n.catalyst_type.empty() ? plain : parse_ddl_type(n.catalyst_type);
    }

    std::optional<AvroSqlType> record(const Node& n, const std::map<std::string, int>& depths) {
        const auto it = depths.find(n.full_name);
        const int depth = it == depths.end() ? 0 : it->second;
        const int max = options_.recursive_max_depth;
        if (depth > 0 && (max <= 0 || max > 12)) {
            fail("the record '" + n.full_name +
                 "' refers to itself, which Spark reads only with the option "
                 "recursiveFieldMaxDepth set to 1 to 12");
        }
        if (depth > 0 && depth >= max) {
            return std::nullopt;
        }
        std::map<std::string, int> deeper = depths;
        deeper[n.full_name] = depth + 1;
        std::vector<StructField> fields;
        for (const Field& f : n.fields) {
            if (const std::optional<AvroSqlType> t = convert(*f.type, deeper)) {
                fields.push_back(StructField{f.name, t->type, t->nullable, "{}"});
            }
        }
        return AvroSqlType{make_struct(std::move(fields)), false};
    }

    std::optional<AvroSqlType> union_of(const std::vector<const Node*>& branches,
                                        const std::map<std::string, int>& depths) {
        std::vector<const Node*> rest;
        for (const Node* b : branches) {
            if (b->kind != Kind::Null) {
                rest.push_back(b);
            }
        }
        if (rest.size() != branches.size()) {
            std::optional<AvroSqlType> t =
                rest.size() == 1 ? convert(*rest.front(), depths) : union_of(rest, depths);
            if (t) {
                t->nullable = true;
            }
            return t;
        }
        if (branches.size() == 1) {
            return convert(*branches.front(), depths);
        }
        const auto pair = [&](Kind a, Kind b) {
            return branches.size() == 2 && ((branches[0]->kind == a && branches[1]->kind == b) ||
                                            (branches[0]->kind == b && branches[1]->kind == a));
        };
        if (pair(Kind::Int, Kind::Long)) {
            return AvroSqlType{long_type(), false};
        }
        if (pair(Kind::Float, Kind::Double)) {
            return AvroSqlType{double_type(), false};
        }
        std::vector<StructField> fields;
        std::set<std::string> seen;
        for (std::size_t i = 0; i < branches.size(); ++i) {
            const std::optional<AvroSqlType> t = convert(*branches[i], depths);
            if (!t) {
                continue;
            }
            std::string name = "member" + std::to_string(i);
            if (options_.stable_union_ids) {
                name = options_.union_prefix + branches[i]->name;
                if (!seen.insert(ascii_lower(name)).second) {
                    fail("cannot name a member of a union by its type: two are named '" +
                         branches[i]->name + "'");
                }
            }
            fields.push_back(StructField{name, t->type, true, "{}"});
        }
        return AvroSqlType{make_struct(std::move(fields)), false};
    }

    const AvroTypeOptions& options_;
};

} // namespace

AvroSqlType avro_to_sql_type(std::string_view json, const AvroTypeOptions& options) {
    const Json j = Json::parse(json.begin(), json.end(), nullptr, false);
    if (j.is_discarded()) {
        fail("the schema is not JSON");
    }
    Parser parser;
    const Node* root = parser.parse(j, "");
    const std::optional<AvroSqlType> t = Converter(options).convert(*root, {});
    if (!t) {
        fail("the schema has no type left at the recursion depth limit");
    }
    return *t;
}

} // namespace prune
