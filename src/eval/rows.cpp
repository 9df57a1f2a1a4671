// JSON lines -> typed rows, and the projection of full rows onto a read schema.
//
//     schema  id INT, tags ARRAY<STRING>, props MAP<INT, STRUCT<v: STRING, w: INT>>
//     line 3  {"id":1,"tags":["a",null],"props":{"7":{"w":2}}}
//     row     [1, [a, null], {7 -> {null, 2}}]
//
//     line 4  {"id":"x"}   -> rows.jsonl:4: column 'id': expected an integer, got "x"
//
// Numbers keep their text until the schema says what they are, so decimals of precision 38
// and bigints are read exactly (never through a double).

#include "eval/rows.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <limits>

#include "eval/evaluator.hpp"
#include "eval/java_base64.hpp"
#include "types/interval.hpp"
#include "util/ascii.hpp"

namespace prune {
namespace {

// --- a small JSON reader that keeps number text --------------------------------------------

struct Json {
    enum class Kind : std::uint8_t { Null, Boolean, Number, String, Array, Object };
    Kind kind = Kind::Null;
    bool boolean = false;
    std::string text;              // number text or string value
    std::vector<Json> items;       // array elements, or object values
    std::vector<std::string> keys; // object keys, parallel to items
};

class JsonReader {
  public:
    explicit JsonReader(std::string_view s) : s_(s) {}

    Json document() {
        Json j = value(0);
        skip_ws();
        if (pos_ != s_.size()) {
            fail("unexpected text after the JSON value");
        }
        return j;
    }

  private:
    [[noreturn]] void fail(const std::string& what) const {
        throw RowsError("column " + std::to_string(pos_ + 1) + ": " + what);
    }

    void skip_ws() {
        while (pos_ < s_.size() &&
               (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\r' || s_[pos_] == '\n')) {
            ++pos_;
        }
    }

    bool consume(std::string_view word) {
        if (s_.substr(pos_, word.size()) == word) {
            pos_ += word.size();
            return true;
        }
        return false;
    }

    // After an element of an array or object: true past a ',', false past `close`.
    bool another_element(char close) {
        skip_ws();
        if (consume(",")) {
            return true;
        }
        if (consume(std::string_view(&close, 1))) {
            return false;
        }
        fail(std::string("expected ',' or '") + close + "'");
    }

    Json value(std::size_t depth) {
        if (depth > 4 * kMaxNestingDepth) {
            fail("JSON nested deeper than " + std::to_string(4 * kMaxNestingDepth) + " levels");
        }
        skip_ws();
        if (pos_ >= s_.size()) {
            fail("unexpected end of line");
        }
        Json j;
        const char c = s_[pos_];
        if (consume("{")) {
            j.kind = Json::Kind::Object;
            skip_ws();
            if (consume("}")) {
                return j;
            }
            do {
                skip_ws();
                if (pos_ >= s_.size() || s_[pos_] != '"') {
                    fail("expected a string key");
                }
                std::string key = string();
                skip_ws();
                if (!consume(":")) {
                    fail("expected ':'");
                }
                Json v = value(depth + 1);
                j.keys.push_back(std::move(key));
                j.items.push_back(std::move(v));
            } while (another_element('}'));
            return j;
        }
        if (consume("[")) {
            j.kind = Json::Kind::Array;
            skip_ws();
            if (consume("]")) {
                return j;
            }
            do {
                j.items.push_back(value(depth + 1));
            } while (another_element(']'));
            return j;
        }
        if (c == '"') {
            j.kind = Json::Kind::String;
            j.text = string();
            return j;
        }
        if (consume("true")) {
            j.kind = Json::Kind::Boolean;
            j.boolean = true;
            return j;
        }
        if (consume("false")) {
            j.kind = Json::Kind::Boolean;
            return j;
        }
        if (consume("null")) {
            return j;
        }
        if (c == '-' || (c >= '0' && c <= '9')) {
            const std::size_t start = pos_;
            if (s_[pos_] == '-') {
                ++pos_;
            }
            auto digits = [&] {
                const std::size_t d = pos_;
                while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') {
                    ++pos_;
                }
                return pos_ > d;
            };
            if (!digits()) {
                fail("malformed number");
            }
            if (pos_ < s_.size() && s_[pos_] == '.') {
                ++pos_;
                if (!digits()) {
                    fail("malformed number");
                }
            }
            if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
                ++pos_;
                if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) {
                    ++pos_;
                }
                if (!digits()) {
                    fail("malformed number");
                }
            }
            j.kind = Json::Kind::Number;
            j.text = std::string(s_.substr(start, pos_ - start));
            return j;
        }
        fail(std::string("unexpected character '") + c + "'");
    }

    static void append_utf8(std::string& out, std::uint32_t cp) {
        if (cp < 0x80) {
            out.push_back(static_cast<char>(cp));
        } else if (cp < 0x800) {
            out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else if (cp < 0x10000) {
            out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        } else {
            out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
            out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
        }
    }

    std::uint32_t hex4() {
        if (pos_ + 4 > s_.size()) {
            fail("malformed \\u escape");
        }
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = s_[pos_++];
            const int d = hex_digit_value(c);
            if (d < 0) {
                fail("malformed \\u escape");
            }
            v = (v << 4) | static_cast<std::uint32_t>(d);
        }
        return v;
    }

    std::string string() {
        ++pos_; // opening quote
        std::string out;
        while (true) {
            if (pos_ >= s_.size()) {
                fail("unterminated string");
            }
            const char c = s_[pos_++];
            if (c == '"') {
                return out;
            }
            if (c != '\\') {
                if (static_cast<unsigned char>(c) < 0x20) {
                    fail("control character in a string");
                }
                out.push_back(c);
                continue;
            }
            if (pos_ >= s_.size()) {
                fail("unterminated string");
            }
            const char e = s_[pos_++];
            switch (e) {
            case '"':
            case '\\':
            case '/':
                out.push_back(e);
                break;
            case 'b':
                out.push_back('\b');
                break;
            case 'f':
                out.push_back('\f');
                break;
            case 'n':
                out.push_back('\n');
                break;
            case 'r':
                out.push_back('\r');
                break;
            case 't':
                out.push_back('\t');
                break;
            case 'u': {
                std::uint32_t cp = hex4();
                if (cp >= 0xD800 && cp < 0xDC00 && s_.substr(pos_, 2) == "\\u") {
                    pos_ += 2;
                    const std::uint32_t low = hex4();
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                }
                append_utf8(out, cp);
                break;
            }
            default:
                fail(std::string("unknown escape '\\") + e + "'");
            }
        }
    }

    std::string_view s_;
    std::size_t pos_ = 0;
};

// --- JSON -> values ------------------------------------------------------------------------

std::string describe(const Json& j) {
    switch (j.kind) {
    case Json::Kind::Null:
        return "null";
    case Json::Kind::Boolean:
        return j.boolean ? "true" : "false";
    case Json::Kind::Number:
        return j.text;
    case Json::Kind::String:
        return "\"" + j.text + "\"";
    case Json::Kind::Array:
        return "an array";
    case Json::Kind::Object:
        return "an object";
    }
    return "?";
}

[[noreturn]] void mismatch(const std::string& path, const std::string& expected, const Json& j) {
    throw RowsError("column '" + path + "': expected " + expected + ", got " + describe(j));
}

bool decode_base64(const std::string& text, std::string& out) {
    std::uint32_t buffer = 0;
    int bits = 0;
    for (char c : text) {
        if (c == '=') {
            break;
        }
        const int v = base64_symbol(static_cast<unsigned char>(c));
        if (v < 0) {
            return false;
        }
        buffer = (buffer << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(static_cast<char>((buffer >> bits) & 0xFF));
        }
    }
    return true;
}

// A field by its exact name, else case-insensitively (Spark's default resolver).
std::optional<std::size_t> find_field_index(const StructType& s, const std::string& name) {
    if (auto i = s.field_index(name, CaseSensitivity::Sensitive)) {
        return i;
    }
    return s.field_index(name, CaseSensitivity::Insensitive);
}

const StructField* find_field(const StructType& s, const std::string& name) {
    const std::optional<std::size_t> i = find_field_index(s, name);
    return i ? &s[*i] : nullptr;
}

Value to_value(const Json& j, const DataType& type, const std::string& path);

Value struct_value(const Json& j, const StructType& s, const std::string& path) {
    std::vector<Value> fields(s.size());
    std::vector<bool> seen(s.size(), false);
    for (std::size_t m = 0; m < j.keys.size(); ++m) {
        const std::string& key = j.keys[m];
        const Json& v = j.items[m];
        const std::optional<std::size_t> i = find_field_index(s, key);
        if (!i) {
            continue; // Spark ignores keys that are not in the schema
        }
        const std::string field_path = path.empty() ? s[*i].name : path + "." + s[*i].name;
        if (seen[*i]) {
            throw RowsError("column '" + field_path + "': the key appears twice");
        }
        seen[*i] = true;
        fields[*i] = to_value(v, *s[*i].type, field_path);
    }
    return Value::struct_of(std::move(fields));
}

Value atomic_value(const Json& j, const AtomicType& a, const DataType& type,
                   const std::string& path) {
    switch (a.kind) {
    case AtomicKind::Boolean:
        if (j.kind != Json::Kind::Boolean) {
            mismatch(path, "true or false", j);
        }
        return Value::boolean(j.boolean);
    case AtomicKind::Byte:
    case AtomicKind::Short:
    case AtomicKind::Integer:
    case AtomicKind::Long: {
        if (j.kind != Json::Kind::Number || j.text.find_first_of(".eE") != std::string::npos) {
            mismatch(path, "an integer", j);
        }
        errno = 0;
        char* end = nullptr;
        const long long v = std::strtoll(j.text.c_str(), &end, 10);
        const bool fits =
            errno == 0 && (a.kind == AtomicKind::Long ||
                           (a.kind == AtomicKind::Integer && v >= INT32_MIN && v <= INT32_MAX) ||
                           (a.kind == AtomicKind::Short && v >= -32768 && v <= 32767) ||
                           (a.kind == AtomicKind::Byte && v >= -128 && v <= 127));
        if (!fits) {
            throw RowsError("column '" + path + "': " + j.text + " is out of range for " +
                            catalog_string(type));
        }
        return Value::integral(v);
    }
    case AtomicKind::Float:
    case AtomicKind::Double: {
        double d = 0;
        if (j.kind == Json::Kind::Number) {
            d = std::strtod(j.text.c_str(), nullptr);
        } else if (j.kind == Json::Kind::String &&
                   (j.text == "NaN" || j.text == "Infinity" || j.text == "+Infinity" ||
                    j.text == "-Infinity" || j.text == "INF" || j.text == "+INF" ||
                    j.text == "-INF")) {
            d = j.text == "NaN"         ? std::numeric_limits<double>::quiet_NaN()
                : j.text.front() == '-' ? -std::numeric_limits<double>::infinity()
                                        : std::numeric_limits<double>::infinity();
        } else {
            mismatch(path, "a number", j);
        }
        if (a.kind == AtomicKind::Float) {
            return Value::float32(j.kind == Json::Kind::Number
                                      ? std::strtof(j.text.c_str(), nullptr)
                                      : static_cast<float>(d));
        }
        return Value::float64(d);
    }
    case AtomicKind::Decimal: {
        if (j.kind != Json::Kind::Number && j.kind != Json::Kind::String) {
            mismatch(path, "a decimal number", j);
        }
        Int128 unscaled = 0;
        int scale = 0;
        Int128 out = 0;
        if (!parse_decimal(j.text, unscaled, scale)) {
            mismatch(path, "a decimal number", j);
        }
        if (!rescale_decimal(DecimalValue{unscaled, scale}, a.scale, out) ||
            !decimal_fits(out, a.precision)) {
            throw RowsError("column '" + path + "': " + j.text + " does not fit " +
                            catalog_string(type));
        }
        return Value::decimal(out, a.scale);
    }
    case AtomicKind::String:
    case AtomicKind::Char:
    case AtomicKind::Varchar:
        if (j.kind == Json::Kind::String || j.kind == Json::Kind::Number) {
            return Value::string(j.text); // Spark reads a number into a string column as its text
        }
        if (j.kind == Json::Kind::Boolean) {
            return Value::string(j.boolean ? "true" : "false");
        }
        mismatch(path, "a string", j);
    case AtomicKind::Binary: {
        std::string bytes;
        if (j.kind != Json::Kind::String || !decode_base64(j.text, bytes)) {
            mismatch(path, "a base64 string", j);
        }
        return Value::binary(std::move(bytes));
    }
    case AtomicKind::Date: {
        const std::optional<std::int32_t> days =
            j.kind == Json::Kind::String ? string_to_date(j.text) : std::nullopt;
        if (!days) {
            mismatch(path, "a date 'yyyy-MM-dd'", j);
        }
        return Value::date(*days);
    }
    case AtomicKind::Timestamp:
    case AtomicKind::TimestampNtz: {
        std::int64_t micros = 0;
        if (j.kind == Json::Kind::Number && j.text.find_first_of(".eE") == std::string::npos) {
            return Value::timestamp(std::stoll(j.text) * 1000000);
        }
        // A zone on a timestamp_ntz value is checked and dropped, as Spark's cast does.
        const bool ok = j.kind == Json::Kind::String &&
                        (a.kind == AtomicKind::Timestamp
                             ? string_to_timestamp(j.text, micros)
                             : string_to_timestamp_ntz(j.text, micros)) == DateTimeStatus::Ok;
        if (!ok) {
            mismatch(path, "a timestamp 'yyyy-MM-ddTHH:mm:ss[.SSS][Z]'", j);
        }
        return Value::timestamp(micros);
    }
    case AtomicKind::YearMonthInterval:
    case AtomicKind::DayTimeInterval: {
        // A string as CAST(s AS INTERVAL ...) reads it: `INTERVAL '1-2' YEAR TO MONTH`, `1-2`.
        std::optional<std::int64_t> v;
        if (j.kind == Json::Kind::String && a.kind == AtomicKind::YearMonthInterval) {
            v = string_to_year_month_interval(j.text, a.start_field, a.end_field);
        } else if (j.kind == Json::Kind::String) {
            v = string_to_day_time_interval(j.text, a.start_field, a.end_field);
        }
        if (!v) {
            mismatch(path,
                     "an interval as Spark prints it (" +
                         (a.kind == AtomicKind::YearMonthInterval
                              ? year_month_interval_string(14, a.start_field, a.end_field)
                              : day_time_interval_string(93784000000, a.start_field, a.end_field)) +
                         ")",
                     j);
        }
        return Value::integral(*v);
    }
    case AtomicKind::Null:
        return Value::null();
    case AtomicKind::Variant:
        // Any JSON value stands for a variant, kept unread: the evaluator refuses every
        // expression that reads one (check_evaluable), so the value itself is never used.
        return Value::string("<variant>");
    default:
        throw RowsError("column '" + path + "': values of type " + catalog_string(type) +
                        " cannot be read");
    }
}

Value to_value(const Json& j, const DataType& type, const std::string& path) {
    if (j.kind == Json::Kind::Null) {
        return Value::null();
    }
    if (const StructType* s = type.struct_type()) {
        if (j.kind != Json::Kind::Object) {
            mismatch(path, "an object", j);
        }
        return struct_value(j, *s, path);
    }
    if (const ArrayType* a = type.array()) {
        if (j.kind != Json::Kind::Array) {
            mismatch(path, "an array", j);
        }
        std::vector<Value> items;
        items.reserve(j.items.size());
        for (std::size_t i = 0; i < j.items.size(); ++i) {
            items.push_back(
                to_value(j.items[i], *a->element, path + "[" + std::to_string(i) + "]"));
        }
        return Value::array_of(std::move(items));
    }
    if (const MapType* m = type.map()) {
        if (j.kind != Json::Kind::Object) {
            mismatch(path, "an object", j);
        }
        if (m->key->atomic() == nullptr) {
            throw RowsError("column '" + path + "': map keys of type " + catalog_string(*m->key) +
                            " cannot be read from JSON");
        }
        static const TypePtr kString = make_atomic(AtomicKind::String);
        std::vector<Value> keys;
        std::vector<Value> values;
        for (std::size_t e = 0; e < j.keys.size(); ++e) {
            const std::string& key = j.keys[e];
            const Json& v = j.items[e];
            Value k;
            try {
                k = cast_value(Value::string(key), *kString, *m->key);
            } catch (const EvalError&) {
                throw RowsError("column '" + path + "': map key \"" + key + "\" is not a valid " +
                                catalog_string(*m->key));
            } catch (const CannotVerify&) {
                throw RowsError("column '" + path + "': map keys of type " +
                                catalog_string(*m->key) + " cannot be read from JSON");
            }
            for (const Value& seen : keys) {
                if (values_equal(seen, k)) {
                    throw RowsError("column '" + path + "': map key \"" + key + "\" appears twice");
                }
            }
            keys.push_back(std::move(k));
            values.push_back(to_value(v, *m->value, path + "['" + key + "']"));
        }
        return Value::map_of(std::move(keys), std::move(values));
    }
    return atomic_value(j, *type.atomic(), type, path);
}

[[noreturn]] void not_a_pruning(const DataType& full, const DataType& target) {
    throw InternalError("projection: " + catalog_string(target) + " is not a pruning of " +
                        catalog_string(full));
}

} // namespace

std::vector<std::vector<Value>> read_json_rows(const std::string& text, const DataType& schema,
                                               const std::string& name) {
    const StructType* s = schema.struct_type();
    if (s == nullptr) {
        throw InternalError("read_json_rows: the table schema is not a struct");
    }
    std::vector<std::vector<Value>> rows;
    std::size_t line_no = 0;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) {
            end = text.size();
        }
        ++line_no;
        std::string_view line(text.data() + start, end - start);
        start = end + 1;
        if (std::all_of(line.begin(), line.end(),
                        [](char c) { return c == ' ' || c == '\t' || c == '\r'; })) {
            if (end == text.size()) {
                break;
            }
            continue;
        }
        try {
            const Json j = JsonReader(line).document();
            if (j.kind != Json::Kind::Object) {
                throw RowsError("expected a JSON object, got " + describe(j));
            }
            rows.push_back(struct_value(j, *s, "").fields());
        } catch (const RowsError& error) {
            throw RowsError(name, line_no, error.message());
        }
        if (end == text.size()) {
            break;
        }
    }
    return rows;
}

Value project_value(const Value& v, const DataType& full, const DataType& target) {
    if (v.is_null() || &full == &target) {
        return v;
    }
    if (const StructType* t = target.struct_type()) {
        const StructType* f = full.struct_type();
        if (f == nullptr) {
            not_a_pruning(full, target);
        }
        std::vector<Value> fields;
        fields.reserve(t->size());
        for (const StructField& field : t->fields()) {
            const std::optional<std::size_t> i = find_field_index(*f, field.name);
            if (!i) {
                throw InternalError("projection: no field '" + field.name + "' in " +
                                    catalog_string(full));
            }
            fields.push_back(project_value(v.fields()[*i], *(*f)[*i].type, *field.type));
        }
        return Value::struct_of(std::move(fields));
    }
    if (const ArrayType* t = target.array()) {
        const ArrayType* f = full.array();
        if (f == nullptr) {
            not_a_pruning(full, target);
        }
        std::vector<Value> items;
        items.reserve(v.items().size());
        for (const Value& x : v.items()) {
            items.push_back(project_value(x, *f->element, *t->element));
        }
        return Value::array_of(std::move(items));
    }
    if (const MapType* t = target.map()) {
        const MapType* f = full.map();
        if (f == nullptr) {
            not_a_pruning(full, target);
        }
        std::vector<Value> keys;
        std::vector<Value> values;
        for (std::size_t i = 0; i < v.map().keys.size(); ++i) {
            keys.push_back(project_value(v.map().keys[i], *f->key, *t->key));
            values.push_back(project_value(v.map().values[i], *f->value, *t->value));
        }
        return Value::map_of(std::move(keys), std::move(values));
    }
    return v;
}

std::vector<std::vector<Value>> relation_rows(const Relation& relation,
                                              const DataType& table_schema,
                                              const std::vector<std::vector<Value>>& table_rows) {
    const StructType& table = *table_schema.struct_type();
    const StructType* read = relation.schema ? relation.schema->struct_type() : nullptr;
    struct Column {
        std::size_t table_index;
        const DataType* full;
        const DataType* target; // null: kept as it is
    };
    std::vector<Column> columns;
    for (const ExprPtr& e : relation.output) {
        const auto& a = *e->as<AttributeReference>();
        const StructField* field = find_field(table, a.name.str());
        if (field == nullptr) {
            throw InternalError("relation column '" + a.name + "' is not in the table schema");
        }
        const auto index = static_cast<std::size_t>(field - table.fields().data());
        const StructField* stored = read != nullptr ? find_field(*read, a.name.str()) : nullptr;
        if (stored != nullptr) {
            columns.push_back(Column{index, field->type.get(), stored->type.get()});
        } else if (a.partition) {
            columns.push_back(Column{index, field->type.get(), nullptr});
        } else {
            throw InternalError("relation column '" + a.name +
                                "' is neither in the read schema nor a partition column");
        }
    }
    std::vector<std::vector<Value>> out;
    out.reserve(table_rows.size());
    for (const std::vector<Value>& row : table_rows) {
        std::vector<Value> values;
        values.reserve(columns.size());
        for (const Column& c : columns) {
            const Value& v = row.at(c.table_index);
            values.push_back(c.target == nullptr ? v : project_value(v, *c.full, *c.target));
        }
        out.push_back(std::move(values));
    }
    return out;
}

} // namespace prune
