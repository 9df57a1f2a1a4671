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
#include <deque>
#include <optional>
#include <sstream>
#include <string>
#include <unordered_set>

#include "diag/utf8.hpp"
#include "types/schema_formats.hpp"

namespace prune {
namespace {

using nlohmann::json;

// --- fields read ahead -----------------------------------------------------------------------
//
// A JSON schema is read in one pass (SchemaSax, below) that turns each struct field into a
// StructField as soon as its object is complete, so the whole document never stands as a
// nlohmann DOM: a field object's tree costs ten times its text. What is left of the document
// is small, and a `fields` array in it is a placeholder for the fields read from it. The Reader
// then walks that document as it walks a whole one, and raises a field's error where it would
// have met it: errors are kept with the fields and raised in the Reader's order, so the message
// is the same whatever order the bytes came in.

/// The binary subtype that marks a placeholder (JSON text cannot hold a binary value).
constexpr std::uint8_t kFieldsPlaceholder = 0x46;

/// An error met in a field read ahead: `detail` is the message after the file name (the JSON
/// path and what is wrong); `before_name_check` says it comes before the field's name is
/// compared with its siblings' (the field is not an object, has no string name, ...).
struct FieldError {
    bool before_name_check = false;
    std::string detail;
};

/// The fields of one `fields` array read ahead, in order; `errors` holds the first error of
/// each field that has one, by index, in order (its StructField then has at most its name).
struct PendingFields {
    std::vector<StructField> fields;
    std::vector<std::pair<std::size_t, FieldError>> errors;
};

/// Thrown instead of SchemaError by a Reader that reads a field ahead.
struct ReadAheadError {
    std::string detail;
};

} // namespace

struct PendingFieldsTable {
    std::vector<PendingFields> arrays;
};

namespace {

struct Reader {
    const std::string& origin;
    std::string path;     // JSON path of the value being read
    std::string top_path; // path of the top-level field being read (for depth errors)
    PendingFieldsTable* pending = nullptr; // the fields read ahead that placeholders stand for
    bool ahead = false;                    // reading a field ahead: errors are ReadAheadError

    [[noreturn]] void fail_detail(std::string detail) const {
        if (ahead) {
            throw ReadAheadError{std::move(detail)};
        }
        throw SchemaError(origin, std::move(detail));
    }
    [[noreturn]] void fail(const std::string& what) const {
        fail_detail((path.empty() ? "" : path + ": ") + what);
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

    /// The placeholder's fields read ahead, or null when `value` is not a placeholder.
    PendingFields* placeholder(const json& value) const {
        if (pending == nullptr || !value.is_binary() || !value.get_binary().has_subtype() ||
            value.get_binary().subtype() != kFieldsPlaceholder) {
            return nullptr;
        }
        std::uint64_t index = 0;
        const auto& bytes = value.get_binary();
        for (std::size_t i = 0; i < bytes.size(); ++i) {
            index |= std::uint64_t{bytes[i]} << (8 * i);
        }
        return &pending->arrays.at(index);
    }

    TypePtr read_struct(const json& j, std::size_t depth) {
        const json& fields = require(j, "fields");
        PendingFields* ahead_fields = placeholder(fields);
        if (ahead_fields == nullptr && !fields.is_array()) {
            fail_key("fields", "expected an array");
        }
        const std::size_t count =
            ahead_fields != nullptr ? ahead_fields->fields.size() : fields.size();
        const std::size_t mark = path.size();
        std::vector<StructField> out;
        if (ahead_fields == nullptr) {
            out.reserve(count);
        }
        std::unordered_set<std::string> names;
        std::size_t next_error = 0;
        for (std::size_t i = 0; i < count; ++i) {
            enter("fields[");
            path += std::to_string(i);
            path += ']';
            if (depth == 1) {
                top_path = path;
            }
            if (ahead_fields != nullptr) {
                // Read ahead: raise its error where reading it here would have.
                const FieldError* error = nullptr;
                auto& errors = ahead_fields->errors;
                if (next_error < errors.size() && errors[next_error].first == i) {
                    error = &errors[next_error++].second;
                }
                if (error != nullptr && error->before_name_check) {
                    fail_detail(error->detail);
                }
                check_new_name(names, ahead_fields->fields[i].name);
                if (error != nullptr) {
                    fail_detail(error->detail);
                }
            } else {
                StructField f;
                f.name = read_field_name(fields[i]);
                check_new_name(names, f.name);
                read_field_rest(fields[i], depth, f);
                out.push_back(std::move(f));
            }
            path.resize(mark);
        }
        return make_struct(ahead_fields != nullptr ? std::move(ahead_fields->fields)
                                                   : std::move(out));
    }

    void check_new_name(std::unordered_set<std::string>& names, const std::string& name) {
        if (!names.insert(name).second) {
            fail_key("name", "duplicate field name '" + name + "'");
        }
    }

    /// What a field object must be before its name is compared with its siblings' names; the
    /// name. `path` is the field's.
    std::string read_field_name(const json& field) {
        if (!field.is_object()) {
            fail("expected a field object");
        }
        allow_only(field, {"name", "type", "nullable", "metadata"});
        const json& name = require(field, "name");
        if (!name.is_string()) {
            fail_key("name", "expected a string");
        }
        const std::string& text = name.get_ref<const std::string&>();
        if (const auto at = find_control_character(text)) {
            // JSON can carry any of them escaped (`\u0000`); DDL refuses them as well.
            fail_key("name", control_character_message(text[*at], "a field name"));
        }
        return text;
    }

    /// The rest of a field of a struct at `depth`: its type, nullability and metadata.
    void read_field_rest(const json& field, std::size_t depth, StructField& f) {
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
    }

    // Spark: DataType.nameToType.
    TypePtr type_from_name(const std::string& name) {
        static const std::unordered_map<std::string, TypePtr> simple = [] {
            std::unordered_map<std::string, TypePtr> m;
            for (AtomicKind k :
                 {AtomicKind::Boolean, AtomicKind::Byte, AtomicKind::Short, AtomicKind::Integer,
                  AtomicKind::Long, AtomicKind::Float, AtomicKind::Double, AtomicKind::String,
                  AtomicKind::Binary, AtomicKind::Date, AtomicKind::Timestamp,
                  AtomicKind::TimestampNtz, AtomicKind::CalendarInterval, AtomicKind::Variant,
                  AtomicKind::Null}) {
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

// --- the one pass over the text ----------------------------------------------------------------

/// nlohmann's SAX events, building the document as nlohmann's DOM parser does except that each
/// element of a `fields` array is read into a StructField (by a Reader, `ahead`) as soon as it
/// is complete and dropped, the array becoming a placeholder. Which arrays are `fields` arrays
/// is told by where they are, as the Reader would reach them: under the key `fields` of any
/// object but field metadata. The JSON path, the Reader's depth and its top-level field are
/// tracked so that a field read ahead gets the messages it would get in place; a `fields` array
/// the Reader never reaches (a catalog's unknown key) costs nothing more than in place.
class SchemaSax {
  public:
    explicit SchemaSax(PendingFieldsTable& pending) : pending_(pending) {}

    json take_root() { return std::move(root_); }

    bool null() { return scalar(json(nullptr)); }
    bool boolean(bool v) { return scalar(json(v)); }
    bool number_integer(json::number_integer_t v) { return scalar(json(v)); }
    bool number_unsigned(json::number_unsigned_t v) { return scalar(json(v)); }
    bool number_float(json::number_float_t v, const json::string_t&) { return scalar(json(v)); }
    bool string(json::string_t& v) { return scalar(json(std::move(v))); }
    bool binary(json::binary_t& v) { return scalar(json::binary(std::move(v))); }

    bool start_object(std::size_t) {
        open(json::object(), Role::Object);
        return true;
    }
    bool key(json::string_t& k) {
        frames_.back().key = std::move(k);
        return true;
    }
    bool end_object() { return close(); }

    bool start_array(std::size_t) {
        const Frame* top = frames_.empty() ? nullptr : &frames_.back();
        const bool fields = top != nullptr && top->role != Role::FieldsArray &&
                            top->value->is_object() && !top->in_metadata && top->key == "fields";
        open(json::array(), fields ? Role::FieldsArray : Role::Array);
        return true;
    }
    bool end_array() { return close(); }

    template <class Exception>
    bool parse_error(std::size_t, const std::string&, const Exception& e) {
        throw e; // what json::parse throws: load_catalog reports it with its position
    }

  private:
    enum class Role : std::uint8_t { Object, Array, FieldsArray };

    struct Frame {
        json* value = nullptr; // the container being filled; for a fields array, its placeholder
        Role role = Role::Object;
        bool in_metadata = false;  // inside a field's metadata: its `fields` keys are plain JSON
        bool field = false;        // an element of a fields array (a field object)
        bool table = false;        // a catalog table's value: its `schema` is a schema of its own
        std::size_t path_mark = 0; // path_.size() before this container was entered
        std::size_t base = 0;      // where the path relative to the schema being read starts
        std::size_t depth = 1;     // the Reader's depth of the type this container is part of
        std::size_t top_mark =
            std::string::npos;     // end of the top-level field's path, if inside one
        std::size_t index = 0;     // next element (arrays)
        std::size_t fields_at = 0; // the fields array's entry in pending_ (fields arrays)
        json element;              // the element being read (fields arrays)
        std::string key;           // the last key (objects)
    };

    /// Where a new value goes, with the frame fields it inherits; appends its path step.
    Frame placed(Role role) {
        Frame f;
        f.role = role;
        f.path_mark = path_.size();
        if (frames_.empty()) {
            return f; // the document: a schema, or a catalog whose tables are schemas
        }
        const Frame& parent = frames_.back();
        f.in_metadata = parent.in_metadata;
        f.base = parent.base;
        f.depth = parent.depth;
        f.top_mark = parent.top_mark;
        if (parent.role == Role::Object) {
            if (path_.size() > parent.base) {
                path_ += '.';
            }
            path_ += parent.key;
            const std::string& key = parent.key;
            if ((frames_.size() == 2 && frames_.front().key == "tables") ||
                (parent.table && key == "schema")) {
                // A catalog's table (origin `tables.<name>`) or its `schema`: paths and depths
                // start again, as load_catalog reads it with from_spark_json.
                f.table = frames_.size() == 2;
                f.base = path_.size();
                f.depth = 1;
                f.top_mark = std::string::npos;
            } else if (key == "type" || key == "elementType" || key == "keyType" ||
                       key == "valueType") {
                f.depth = parent.depth + 1;
            }
            f.in_metadata = f.in_metadata || (parent.field && key == "metadata");
        } else {
            path_ += '[';
            path_ += std::to_string(parent.index);
            path_ += ']';
            if (parent.role == Role::FieldsArray) {
                f.field = true;
                if (parent.depth == 1) {
                    f.top_mark = path_.size(); // the Reader's top_path
                }
            }
        }
        return f;
    }

    /// Where the value goes in the parent container (or the root).
    json* slot(json&& value) {
        if (frames_.empty()) {
            root_ = std::move(value);
            return &root_;
        }
        Frame& parent = frames_.back();
        switch (parent.role) {
        case Role::FieldsArray:
            parent.element = std::move(value);
            return &parent.element;
        case Role::Array:
            parent.value->push_back(std::move(value));
            return &parent.value->back();
        case Role::Object:
            break;
        }
        json& at = (*parent.value)[parent.key];
        at = std::move(value);
        return &at;
    }

    void open(json&& value, Role role) {
        Frame f = placed(role);
        if (role == Role::FieldsArray) {
            // The array itself is a placeholder naming its entry in the table.
            f.fields_at = pending_.arrays.size();
            pending_.arrays.emplace_back();
            std::vector<std::uint8_t> bytes(8);
            for (std::size_t i = 0; i < bytes.size(); ++i) {
                bytes[i] = static_cast<std::uint8_t>(f.fields_at >> (8 * i));
            }
            f.value = slot(json::binary(std::move(bytes), kFieldsPlaceholder));
        } else {
            f.value = slot(std::move(value));
        }
        frames_.push_back(std::move(f));
    }

    bool close() {
        const std::size_t mark = frames_.back().path_mark;
        const bool was_field = frames_.back().field;
        frames_.pop_back();
        if (was_field) {
            read_ahead(frames_.back());
        }
        path_.resize(mark);
        if (!frames_.empty() && frames_.back().role != Role::Object) {
            ++frames_.back().index;
        }
        return true;
    }

    bool scalar(json&& value) {
        if (!frames_.empty() && frames_.back().role == Role::FieldsArray) {
            // A field that is not an object: the Reader says so where it meets it.
            Frame f = placed(Role::Object);
            frames_.back().element = std::move(value);
            read_ahead(frames_.back(), f.top_mark);
            path_.resize(f.path_mark);
            ++frames_.back().index;
            return true;
        }
        if (!frames_.empty()) {
            // The path step is needed only for containers (and fields).
            slot(std::move(value));
            if (frames_.back().role != Role::Object) {
                ++frames_.back().index;
            }
            return true;
        }
        root_ = std::move(value);
        return true;
    }

    /// Reads the element of the fields array `array` just completed (its path is path_'s).
    void read_ahead(Frame& array) { read_ahead(array, array_top_mark(array)); }
    std::size_t array_top_mark(const Frame& array) const {
        return array.depth == 1 ? path_.size() : array.top_mark;
    }
    void read_ahead(Frame& array, std::size_t top_mark) {
        static const std::string kNoOrigin;
        Reader reader{kNoOrigin, path_.substr(array.base), {}, &pending_, true};
        if (top_mark != std::string::npos) {
            reader.top_path = path_.substr(array.base, top_mark - array.base);
        }
        StructField f;
        std::optional<FieldError> error;
        try {
            f.name = reader.read_field_name(array.element);
        } catch (const ReadAheadError& e) {
            error = FieldError{true, e.detail};
        }
        if (!error) {
            try {
                reader.read_field_rest(array.element, array.depth, f);
            } catch (const ReadAheadError& e) {
                error = FieldError{false, e.detail};
            }
        }
        array.element = json(); // its tree goes now: this is the point of reading ahead
        PendingFields& out = pending_.arrays[array.fields_at];
        if (error) {
            // The name stays: it is still compared with the later fields' names.
            out.errors.emplace_back(out.fields.size(), std::move(*error));
        }
        out.fields.push_back(std::move(f));
    }

    PendingFieldsTable& pending_;
    json root_;
    std::deque<Frame> frames_; // a deque: frames and their `element` stay where they are
    std::string path_;
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

namespace {

TypePtr read_spark_json(const nlohmann::json& value, const std::string& origin,
                        PendingFieldsTable* pending) {
    Reader reader{origin, {}, {}, pending, false};
    if (!value.is_object()) {
        reader.fail("expected a struct type object ({\"type\":\"struct\",\"fields\":[...]})");
    }
    const auto kind = value.find("type");
    if (kind == value.end() || !kind->is_string() || kind->get<std::string>() != "struct") {
        if (kind == value.end()) {
            reader.fail("missing key 'type'");
        }
        reader.fail_key("type", "expected \"struct\"");
    }
    return reader.read_type(value, 1);
}

} // namespace

TypePtr from_spark_json(const nlohmann::json& json, const std::string& origin) {
    return read_spark_json(json, origin, nullptr);
}

JsonSchemaDocument read_json_schema_document(const std::string& text) {
    JsonSchemaDocument document;
    document.fields = std::make_shared<PendingFieldsTable>();
    SchemaSax sax(*document.fields);
    nlohmann::json::sax_parse(text, &sax);
    document.root = sax.take_root();
    return document;
}

TypePtr from_spark_json(const nlohmann::json& json, const std::string& origin,
                        const JsonSchemaDocument& document) {
    return read_spark_json(json, origin, document.fields.get());
}

void write_spark_json(const DataType& type, JsonWriter& out) { write_type(type, out); }

std::string spark_json(const DataType& type) {
    std::ostringstream text;
    JsonWriter out(text, JsonStyle::Compact);
    write_type(type, out);
    return std::move(text).str();
}

} // namespace prune
