/// Spark's JSON form of a schema (Spark: DataType.fromJson / DataType.jsonValue).
///
///     {"type":"struct","fields":[
///       {"name":"id","type":"integer","nullable":true,"metadata":{}},
///       {"name":"tags","type":{"type":"array","elementType":"string","containsNull":true},
///        "nullable":true,"metadata":{}}]}
///
/// is struct<id:int,tags:array<string>>. Errors carry the JSON path of the offending value:
/// `schema.json: fields[2].type: unknown type 'strin'`.

#include <cstdint>
#include <sstream>
#include <string>
#include <unordered_set>

#include "diag/utf8.hpp"
#include "types/schema_formats.hpp"

namespace prune {
namespace {

using nlohmann::json;

struct Reader {
    const std::string& origin;
    std::string path;     // JSON path of the value being read
    std::string top_path; // path of the top-level field being read (for depth errors)

    [[noreturn]] void fail(const std::string& what) const {
        throw SchemaError(origin, (path.empty() ? "" : path + ": ") + what);
    }
    [[noreturn]] void fail_key(const std::string& key, const std::string& what) {
        enter(key);
        fail(what);
    }

    void enter(std::string_view key) {
        if (!path.empty()) {
            path += '.';
        }
        path += key;
    }

    const json& require(const json& object, const char* key) {
        const auto it = object.find(key);
        if (it == object.end()) {
            fail(std::string("missing key '") + key + "'");
        }
        return *it;
    }

    void allow_only(const json& object, std::initializer_list<const char*> keys) {
        for (const auto& item : object.items()) {
            bool known = false;
            for (const char* key : keys) {
                known = known || item.key() == key;
            }
            if (!known) {
                fail("unexpected key '" + item.key() + "'");
            }
        }
    }

    bool read_bool(const json& object, const char* key) {
        const json& value = require(object, key);
        if (!value.is_boolean()) {
            fail_key(key, "expected a boolean");
        }
        return value.get<bool>();
    }

    TypePtr read_child(const json& object, const char* key, std::size_t depth) {
        const json& value = require(object, key);
        const std::size_t mark = path.size();
        enter(key);
        TypePtr t = read_type(value, depth);
        path.resize(mark);
        return t;
    }

    TypePtr read_type(const json& j, std::size_t depth) {
        if (depth > kMaxNestingDepth) {
            path = top_path;
            fail("nesting deeper than " + std::to_string(kMaxNestingDepth) + " levels");
        }
        if (j.is_string()) {
            return type_from_name(j.get_ref<const std::string&>());
        }
        if (!j.is_object()) {
            fail("expected a type name or a type object");
        }
        const json& kind = require(j, "type");
        if (!kind.is_string()) {
            fail_key("type", "expected a string");
        }
        const std::string& name = kind.get_ref<const std::string&>();
        if (name == "struct") {
            allow_only(j, {"type", "fields"});
            return read_struct(j, depth);
        }
        if (name == "array") {
            allow_only(j, {"type", "elementType", "containsNull"});
            TypePtr element = read_child(j, "elementType", depth + 1);
            return make_array(std::move(element), read_bool(j, "containsNull"));
        }
        if (name == "map") {
            allow_only(j, {"type", "keyType", "valueType", "valueContainsNull"});
            TypePtr key = read_child(j, "keyType", depth + 1);
            TypePtr value = read_child(j, "valueType", depth + 1);
            return make_map(std::move(key), std::move(value), read_bool(j, "valueContainsNull"));
        }
        if (name == "udt") {
            fail_key("type", "user-defined types are not supported");
        }
        fail_key("type", "expected 'struct', 'array' or 'map', got '" + name + "'");
    }

    TypePtr read_struct(const json& j, std::size_t depth) {
        const json& fields = require(j, "fields");
        if (!fields.is_array()) {
            fail_key("fields", "expected an array");
        }
        const std::size_t mark = path.size();
        std::vector<StructField> out;
        out.reserve(fields.size());
        std::unordered_set<std::string> names;
        for (std::size_t i = 0; i < fields.size(); ++i) {
            enter("fields[");
            path += std::to_string(i);
            path += ']';
            if (depth == 1) {
                top_path = path;
            }
            const json& field = fields[i];
            if (!field.is_object()) {
                fail("expected a field object");
            }
            allow_only(field, {"name", "type", "nullable", "metadata"});
            const json& name = require(field, "name");
            if (!name.is_string()) {
                fail_key("name", "expected a string");
            }
            StructField f;
            f.name = name.get<std::string>();
            if (const auto at = find_control_character(f.name)) {
                // JSON can carry any of them escaped (`\u0000`); DDL refuses them as well.
                fail_key("name", control_character_message(f.name[*at], "a field name"));
            }
            if (!names.insert(f.name).second) {
                fail_key("name", "duplicate field name '" + f.name + "'");
            }
            f.type = read_child(field, "type", depth + 1);
            // Spark reads schemas whose fields lack `nullable` or `metadata`.
            if (field.contains("nullable")) {
                f.nullable = read_bool(field, "nullable");
            }
            if (const auto it = field.find("metadata"); it != field.end()) {
                if (!it->is_object()) {
                    fail_key("metadata", "expected an object");
                }
                if (!it->empty()) {
                    f.metadata = it->dump(-1, ' ', false, json::error_handler_t::replace);
                }
            }
            out.push_back(std::move(f));
            path.resize(mark);
        }
        return make_struct(std::move(out));
    }

    // Spark: DataType.nameToType.
    TypePtr type_from_name(const std::string& name) {
        static const std::unordered_map<std::string, TypePtr> simple = [] {
            std::unordered_map<std::string, TypePtr> m;
            for (AtomicKind k :
                 {AtomicKind::Boolean, AtomicKind::Byte, AtomicKind::Short, AtomicKind::Integer,
                  AtomicKind::Long, AtomicKind::Float, AtomicKind::Double, AtomicKind::String,
                  AtomicKind::Binary, AtomicKind::Date, AtomicKind::Timestamp,
                  AtomicKind::TimestampNtz, AtomicKind::CalendarInterval, AtomicKind::Null}) {
                TypePtr t = make_atomic(k);
                m.emplace(type_name(*t), t);
            }
            for (int start = 0; start <= 1; ++start) {
                for (int end = start; end <= 1; ++end) {
                    TypePtr t = make_interval(AtomicKind::YearMonthInterval, start, end);
                    m.emplace(type_name(*t), t);
                }
            }
            for (int start = 0; start <= 3; ++start) {
                for (int end = start; end <= 3; ++end) {
                    TypePtr t = make_interval(AtomicKind::DayTimeInterval, start, end);
                    m.emplace(type_name(*t), t);
                }
            }
            m.emplace("decimal", make_decimal(10, 0));
            // Older Spark wrote NullType as "null".
            m.emplace("null", make_atomic(AtomicKind::Null));
            m.emplace("timestamp_ltz", make_atomic(AtomicKind::Timestamp));
            return m;
        }();
        if (const auto it = simple.find(name); it != simple.end()) {
            return it->second;
        }
        std::vector<long long> params;
        if (parse_call(name, "decimal", params) && params.size() == 2) {
            const long long precision = params[0];
            const long long scale = params[1];
            if (precision < 1 || precision > 38) {
                fail("decimal precision " + std::to_string(precision) + " is not between 1 and 38");
            }
            if (scale < 0 || scale > precision) {
                fail("decimal scale " + std::to_string(scale) + " is not between 0 and " +
                     std::to_string(precision));
            }
            return make_decimal(static_cast<int>(precision), static_cast<int>(scale));
        }
        if (parse_call(name, "char", params) && params.size() == 1) {
            return make_char(static_cast<int>(params[0]));
        }
        if (parse_call(name, "varchar", params) && params.size() == 1) {
            return make_varchar(static_cast<int>(params[0]));
        }
        fail("unknown type '" + name + "'");
    }

    // `head( n , m )` with Spark's regex leniency for blanks (and a sign on decimal scales);
    // numbers are capped so that they fit an int.
    static bool parse_call(const std::string& text, std::string_view head,
                           std::vector<long long>& params) {
        params.clear();
        if (text.compare(0, head.size(), head) != 0) {
            return false;
        }
        std::size_t i = head.size();
        const auto blanks = [&] {
            while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' ||
                                       text[i] == '\r' || text[i] == '\f')) {
                ++i;
            }
        };
        if (i >= text.size() || text[i] != '(') {
            return false;
        }
        ++i;
        while (true) {
            blanks();
            bool negative = false;
            if (i < text.size() && text[i] == '-' && !params.empty()) {
                negative = true;
                ++i;
            }
            const std::size_t digits = i;
            long long v = 0;
            while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
                v = std::min(v * 10 + (text[i] - '0'), 2147483647LL);
                ++i;
            }
            if (i == digits) {
                return false;
            }
            params.push_back(negative ? -v : v);
            blanks();
            if (i < text.size() && text[i] == ',') {
                ++i;
                continue;
            }
            return i + 1 == text.size() && text[i] == ')';
        }
    }
};

// Field metadata is kept as JSON text (any JSON object, numbers included); it is parsed to be
// written again in the writer's style, with nlohmann's own text for floating-point numbers.
void write_metadata_value(const nlohmann::ordered_json& v, JsonWriter& out) {
    using Kind = nlohmann::ordered_json::value_t;
    switch (v.type()) {
    case Kind::object:
        out.begin_object();
        for (auto it = v.begin(); it != v.end(); ++it) {
            out.key(it.key());
            write_metadata_value(it.value(), out);
        }
        out.end_object();
        return;
    case Kind::array:
        out.begin_array();
        for (const nlohmann::ordered_json& element : v) {
            write_metadata_value(element, out);
        }
        out.end_array();
        return;
    case Kind::string:
        out.value(v.get_ref<const std::string&>());
        return;
    case Kind::boolean:
        out.value(v.get<bool>());
        return;
    case Kind::number_integer:
        out.value(v.get<std::int64_t>());
        return;
    case Kind::number_unsigned:
        out.value(v.get<std::uint64_t>());
        return;
    case Kind::number_float:
        out.raw_value(v.dump());
        return;
    case Kind::null:
    case Kind::binary:
    case Kind::discarded:
        out.null();
        return;
    }
}

void write_type(const DataType& type, JsonWriter& out) {
    if (const StructType* s = type.struct_type()) {
        out.begin_object();
        out.key("type");
        out.value("struct");
        out.key("fields");
        out.begin_array();
        for (const StructField& f : s->fields()) {
            const nlohmann::ordered_json metadata =
                f.metadata == "{}" ? nlohmann::ordered_json::object()
                                   : nlohmann::ordered_json::parse(f.metadata, nullptr, false);
            if (!metadata.is_object()) {
                throw InternalError("metadata of field '" + f.name +
                                    "' is not a JSON object: " + f.metadata);
            }
            out.begin_object();
            out.key("name");
            out.value(f.name);
            out.key("type");
            write_type(*f.type, out);
            out.key("nullable");
            out.value(f.nullable);
            out.key("metadata");
            write_metadata_value(metadata, out);
            out.end_object();
        }
        out.end_array();
        out.end_object();
        return;
    }
    if (const ArrayType* a = type.array()) {
        out.begin_object();
        out.key("type");
        out.value("array");
        out.key("elementType");
        write_type(*a->element, out);
        out.key("containsNull");
        out.value(a->contains_null);
        out.end_object();
        return;
    }
    if (const MapType* m = type.map()) {
        out.begin_object();
        out.key("type");
        out.value("map");
        out.key("keyType");
        write_type(*m->key, out);
        out.key("valueType");
        write_type(*m->value, out);
        out.key("valueContainsNull");
        out.value(m->value_contains_null);
        out.end_object();
        return;
    }
    out.value(type_name(type));
}

} // namespace

TypePtr from_spark_json(const nlohmann::json& json, const std::string& origin) {
    Reader reader{origin, {}, {}};
    if (!json.is_object()) {
        reader.fail("expected a struct type object ({\"type\":\"struct\",\"fields\":[...]})");
    }
    const auto kind = json.find("type");
    if (kind == json.end() || !kind->is_string() || kind->get<std::string>() != "struct") {
        if (kind == json.end()) {
            reader.fail("missing key 'type'");
        }
        reader.fail_key("type", "expected \"struct\"");
    }
    return reader.read_type(json, 1);
}

void write_spark_json(const DataType& type, JsonWriter& out) { write_type(type, out); }

std::string spark_json(const DataType& type) {
    std::ostringstream text;
    JsonWriter out(text, JsonStyle::Compact);
    write_type(type, out);
    return std::move(text).str();
}

} // namespace prune
