// from_json and from_csv (Spark's JacksonParser and UnivocityParser with default options), for
// the values both read plainly:
//
//     from_json('{"a": 1, "b": [true]}', 'a INT, b ARRAY<BOOLEAN>')  -> {1, [true]}
//     from_json('{"a": {"x": 1}}', 'a STRING')                       -> {'{"x":1}'}
//     from_csv('1,,abc', 'a INT, b INT, c STRING')                   -> {1, NULL, 'abc'}
//
// The rest is refused, never guessed: malformed text (Spark's PERMISSIVE mode keeps partial
// results), a value of another JSON kind than its field's type, repeated keys, fractional
// numbers copied as text (Jackson's number formatting), quoting in CSV, and the types whose
// text forms are options (dates, timestamps, decimals, binary).

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <utility>

#include <nlohmann/json.hpp>

#include "eval/eval_internal.hpp"
#include "util/split.hpp"

namespace prune::eval_detail {
namespace {

using Json = nlohmann::ordered_json;

/// The document `text` holds, discarded when it is not one JSON value; `repeats` is set when
/// an object repeats a key (Spark keeps the last value, but copies text with every one).
Json parse_watching_repeats(const std::string& text, bool& repeats) {
    std::vector<std::vector<std::string>> keys;
    const auto watch = [&](int, Json::parse_event_t event, Json& parsed) {
        if (event == Json::parse_event_t::object_start) {
            keys.emplace_back();
        } else if (event == Json::parse_event_t::object_end && !keys.empty()) {
            keys.pop_back();
        } else if (event == Json::parse_event_t::key && !keys.empty()) {
            std::vector<std::string>& seen = keys.back();
            const std::string& key = parsed.get_ref<const std::string&>();
            repeats = repeats || std::find(seen.begin(), seen.end(), key) != seen.end();
            seen.push_back(key);
        }
        return true;
    };
    return Json::parse(text, watch, /*allow_exceptions=*/false);
}

/// Jackson's copy of a JSON value as text (JacksonParser's STRING of a token that is not a
/// string): compact, as nlohmann writes integers, booleans and strings whose only control
/// characters have short escapes.
std::string copied_text(const Json& j) {
    if (j.is_number_float()) {
        unsupported("from_json of a fractional number read as a string (Jackson's formatting)");
    }
    if (j.is_string()) {
        for (const char ch : j.get_ref<const std::string&>()) {
            if (static_cast<unsigned char>(ch) < 0x20 &&
                std::string_view("\b\f\n\r\t").find(ch) == std::string_view::npos) {
                unsupported("from_json of a control character read as a string (Jackson's "
                            "escapes)");
            }
        }
    }
    if (!j.is_structured()) {
        return j.dump();
    }
    std::string out(1, j.is_object() ? '{' : '[');
    for (const auto& item : j.items()) {
        if (out.size() > 1) {
            out += ',';
        }
        if (j.is_object()) {
            out += Json(item.key()).dump() + ':';
        }
        out += copied_text(item.value());
    }
    return out + (j.is_object() ? '}' : ']');
}

/// The values of an integral type (BYTE, SHORT, INT, BIGINT).
std::pair<std::int64_t, std::int64_t> integral_range(AtomicKind kind) {
    switch (kind) {
    case AtomicKind::Byte:
        return {INT8_MIN, INT8_MAX};
    case AtomicKind::Short:
        return {INT16_MIN, INT16_MAX};
    case AtomicKind::Integer:
        return {INT32_MIN, INT32_MAX};
    default:
        return {INT64_MIN, INT64_MAX};
    }
}

/// An integral JSON number in [lo, hi]: Jackson's getIntValue and the like raise outside it.
Value json_integral(const Json& j, std::int64_t lo, std::int64_t hi) {
    if (j.is_number_unsigned()) {
        if (j.get<std::uint64_t>() <= static_cast<std::uint64_t>(hi)) {
            return Value::integral(static_cast<std::int64_t>(j.get<std::uint64_t>()));
        }
    } else if (j.is_number_integer()) {
        const auto v = j.get<std::int64_t>();
        if (v >= lo && v <= hi) {
            return Value::integral(v);
        }
    }
    unsupported("from_json of " + j.dump() + " for an integral field (Spark's partial results)");
}

Value json_value(const Json& j, const DataType& type) {
    if (j.is_null()) {
        return Value::null();
    }
    const auto mismatch = [&]() -> Value {
        unsupported("from_json of a JSON " + std::string(j.type_name()) + " for a " +
                    catalog_string(type) + " (Spark's partial results)");
    };
    if (const StructType* s = type.struct_type()) {
        if (!j.is_object()) {
            return mismatch();
        }
        std::vector<Value> fields(s->size(), Value::null());
        for (std::size_t i = 0; i < s->size(); ++i) {
            if (const auto it = j.find((*s)[i].name); it != j.end()) {
                fields[i] = json_value(*it, *(*s)[i].type);
            }
        }
        return Value::struct_of(std::move(fields));
    }
    if (const ArrayType* a = type.array()) {
        if (!j.is_array()) {
            return mismatch();
        }
        std::vector<Value> items;
        for (const Json& item : j) {
            items.push_back(json_value(item, *a->element));
        }
        return Value::array_of(std::move(items));
    }
    if (const MapType* m = type.map()) {
        if (!j.is_object()) {
            return mismatch();
        }
        std::vector<Value> keys;
        std::vector<Value> values;
        for (const auto& item : j.items()) {
            keys.push_back(Value::string(item.key()));
            values.push_back(json_value(item.value(), *m->value));
        }
        return Value::map_of(std::move(keys), std::move(values));
    }
    switch (type.atomic()->kind) {
    case AtomicKind::Boolean:
        return j.is_boolean() ? Value::boolean(j.get<bool>()) : mismatch();
    case AtomicKind::Byte:
    case AtomicKind::Short:
    case AtomicKind::Integer:
    case AtomicKind::Long: {
        const auto [lo, hi] = integral_range(type.atomic()->kind);
        return json_integral(j, lo, hi);
    }
    case AtomicKind::Double:
        // Jackson's getDoubleValue rounds the text correctly, as nlohmann's reading does.
        return j.is_number() ? Value::float64(j.get<double>()) : mismatch();
    case AtomicKind::String:
    case AtomicKind::Char:
    case AtomicKind::Varchar:
        return Value::string(j.is_string() ? j.get<std::string>() : copied_text(j));
    default:
        unsupported("from_json of a " + catalog_string(type) +
                    " field (its text form is an option, or its rounding Jackson's)");
    }
}

/// Java's Integer.parseInt and the like: an optional sign, decimal digits, within range.
/// Anything else is refused (Spark: a malformed record, partial results).
Value csv_integral(const std::string& text, std::int64_t lo, std::int64_t hi) {
    std::string_view digits = text;
    if (digits.starts_with('+')) {
        digits.remove_prefix(1);
    }
    std::int64_t v = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (digits.empty() || digits.starts_with('+') || error != std::errc() ||
        end != digits.data() + digits.size() || v < lo || v > hi) {
        unsupported("from_csv of '" + text + "' for an integral field (a malformed record)");
    }
    return Value::integral(v);
}

Value csv_field(const std::string& text, const DataType& type) {
    switch (type.atomic()->kind) {
    case AtomicKind::Byte:
    case AtomicKind::Short:
    case AtomicKind::Integer:
    case AtomicKind::Long: {
        const auto [lo, hi] = integral_range(type.atomic()->kind);
        return csv_integral(text, lo, hi);
    }
    case AtomicKind::Boolean: {
        // Scala's String.toBoolean: true or false, in any case.
        std::string lower = text;
        std::transform(lower.begin(), lower.end(), lower.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (lower != "true" && lower != "false") {
            unsupported("from_csv of '" + text + "' for a boolean field (a malformed record)");
        }
        return Value::boolean(lower == "true");
    }
    case AtomicKind::String:
    case AtomicKind::Char:
    case AtomicKind::Varchar:
        return Value::string(text);
    default:
        unsupported("from_csv of a " + catalog_string(type) +
                    " field (its text form is an option, or Java's number parsing)");
    }
}

} // namespace

Value spark_from_json(const std::string& text, const DataType& type) {
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) {
        return Value::null(); // JacksonParser: no token, no row
    }
    bool repeats = false;
    const Json doc = parse_watching_repeats(text, repeats);
    if (doc.is_discarded()) {
        unsupported("from_json of text that is not one JSON value (Spark's PERMISSIVE mode)");
    }
    if (repeats) {
        unsupported("from_json of an object with a repeated key");
    }
    if (doc.is_null()) {
        unsupported("from_json of a JSON null");
    }
    return json_value(doc, type);
}

Value spark_from_csv(const std::string& text, const StructType& schema) {
    if (text.find_first_of("\"\\\n\r#") != std::string::npos) {
        unsupported("from_csv of text with quotes, escapes, comments or line breaks (Spark's "
                    "CSV parser)");
    }
    const std::vector<std::string> tokens = split_on(text, ',');
    if (tokens.size() != schema.size()) {
        unsupported("from_csv of " + std::to_string(tokens.size()) + " fields for a schema of " +
                    std::to_string(schema.size()) + " (a malformed record)");
    }
    std::vector<Value> fields;
    for (std::size_t i = 0; i < schema.size(); ++i) {
        // An empty field is the default nullValue.
        fields.push_back(tokens[i].empty() ? Value::null() : csv_field(tokens[i], *schema[i].type));
    }
    return Value::struct_of(std::move(fields));
}

} // namespace prune::eval_detail
