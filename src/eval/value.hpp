#pragma once
/// Runtime values for the evaluator: what one cell of a Spark row holds.
///
///     struct<id:bigint,tags:array<string>>   {"id": 7, "tags": ["a", null]}
///
///     Value::struct_of({Value::integral(7),
///                       Value::array_of({Value::string("a"), Value::null()})})
///
/// A value does not carry its Spark type: the expression that produced it has the type. All
/// integral kinds (tinyint .. bigint) are held as int64, and so are ANSI intervals (an INTERVAL
/// YEAR TO MONTH as its months, an INTERVAL DAY TO SECOND as its microseconds: Spark's int and
/// long); a struct holds its field values by
/// POSITION, so a struct access reads `fields[ordinal]` and a wrong ordinal reads the wrong
/// field — the evaluator can only check the rewrite if it is as literal about ordinals as a
/// columnar reader is.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

#include "types/data_type.hpp"
#include "types/datetime.hpp" // dates and times: parse and print as Spark

namespace prune {

/// A 128-bit signed integer: the unscaled value of a decimal of precision up to 38.
__extension__ typedef __int128 Int128;

/// An exact decimal: `unscaled * 10^-scale` (Spark: Decimal). The precision is the type's.
struct DecimalValue {
    Int128 unscaled = 0;
    int scale = 0;
};

/// A date: days since 1970-01-01 (Spark: DateType's physical int).
struct DateValue {
    std::int32_t days = 0;
};

/// A timestamp: microseconds since the epoch, UTC (Spark: TimestampType's physical long; the
/// session time zone is UTC).
struct TimestampValue {
    std::int64_t micros = 0;
};

/// Raw bytes (Spark: BinaryType).
struct BinaryValue {
    std::string bytes;
};

class Value;

/// Array elements in order.
struct ArrayData {
    std::vector<Value> items;
};

/// Map entries in insertion order (Spark's ArrayBasedMapData: keys and values side by side).
struct MapData {
    std::vector<Value> keys;
    std::vector<Value> values;
};

/// Struct fields by position.
struct StructData {
    std::vector<Value> fields;
};

/// One runtime value. Nested values are shared and never mutated, so copying is cheap.
class Value {
  public:
    enum class Kind : std::uint8_t {
        Null,
        Boolean,
        Integral,
        Float,
        Double,
        Decimal,
        String,
        Binary,
        Date,
        Timestamp,
        Array,
        Map,
        Struct,
    };
    using Data =
        std::variant<std::monostate, bool, std::int64_t, float, double, DecimalValue, std::string,
                     BinaryValue, DateValue, TimestampValue, std::shared_ptr<const ArrayData>,
                     std::shared_ptr<const MapData>, std::shared_ptr<const StructData>>;

    Value() = default;

    static Value null() { return Value(); }
    static Value boolean(bool b) { return Value(Data(b)); }
    static Value integral(std::int64_t v) { return Value(Data(v)); }
    static Value float32(float v) { return Value(Data(v)); }
    static Value float64(double v) { return Value(Data(v)); }
    static Value decimal(Int128 unscaled, int scale) {
        return Value(Data(DecimalValue{unscaled, scale}));
    }
    static Value string(std::string s) { return Value(Data(std::move(s))); }
    static Value binary(std::string bytes) { return Value(Data(BinaryValue{std::move(bytes)})); }
    static Value date(std::int32_t days) { return Value(Data(DateValue{days})); }
    static Value timestamp(std::int64_t micros) { return Value(Data(TimestampValue{micros})); }
    static Value array_of(std::vector<Value> items);
    static Value map_of(std::vector<Value> keys, std::vector<Value> values);
    static Value struct_of(std::vector<Value> fields);

    Kind kind() const { return static_cast<Kind>(data_.index()); }
    bool is_null() const { return data_.index() == 0; }

    bool as_bool() const { return std::get<bool>(data_); }
    std::int64_t as_int() const { return std::get<std::int64_t>(data_); }
    float as_float() const { return std::get<float>(data_); }
    double as_double() const { return std::get<double>(data_); }
    const DecimalValue& as_decimal() const { return std::get<DecimalValue>(data_); }
    const std::string& as_string() const { return std::get<std::string>(data_); }
    const std::string& as_binary() const { return std::get<BinaryValue>(data_).bytes; }
    std::int32_t as_date() const { return std::get<DateValue>(data_).days; }
    std::int64_t as_timestamp() const { return std::get<TimestampValue>(data_).micros; }
    const std::vector<Value>& items() const {
        return std::get<std::shared_ptr<const ArrayData>>(data_)->items;
    }
    const MapData& map() const { return *std::get<std::shared_ptr<const MapData>>(data_); }
    const std::vector<Value>& fields() const {
        return std::get<std::shared_ptr<const StructData>>(data_)->fields;
    }

    const Data& data() const { return data_; }

  private:
    explicit Value(Data d) : data_(std::move(d)) {}
    Data data_;
};

/// A total order over values of one type, as Spark's interpreted ordering sorts them: nulls
/// first (callers place nulls themselves where it matters), NaN above every other double and
/// equal to itself, -0.0 equal to 0.0, structs field by field, arrays element by element
/// then by length, decimals by numeric value. Maps compare entry by entry (Spark cannot order
/// maps; this order only serves grouping and multiset comparison). Returns <0, 0, >0.
int compare_values(const Value& a, const Value& b);

/// Equality as `compare_values(a, b) == 0` (so NaN equals NaN; Spark's grouping and
/// DISTINCT normalise NaN and -0.0 the same way).
bool values_equal(const Value& a, const Value& b);

/// A hash consistent with values_equal.
std::size_t hash_value(const Value& v);

/// Whether two rows (or grouping keys) have the same length and values_equal values.
bool value_rows_equal(const std::vector<Value>& a, const std::vector<Value>& b);
/// A hash of a row consistent with value_rows_equal.
std::size_t hash_value_row(const std::vector<Value>& row);

/// hash_value_row as a functor, for unordered containers keyed by rows (DISTINCT, GROUP BY,
/// multiset comparison).
struct ValueRowHash {
    std::size_t operator()(const std::vector<Value>& row) const { return hash_value_row(row); }
};

/// value_rows_equal as a functor, the key equality that goes with ValueRowHash.
struct ValueRowEqual {
    bool operator()(const std::vector<Value>& a, const std::vector<Value>& b) const {
        return value_rows_equal(a, b);
    }
};

/// A hash map keyed by rows of values, with Spark's value equality.
template <class T>
using ValueRowMap = std::unordered_map<std::vector<Value>, T, ValueRowHash, ValueRowEqual>;

/// The value as JSON text in the shape Spark's `df.write.json` writes it for `type`: struct
/// fields by name (null fields written as null so a difference is visible), arrays as arrays,
/// maps as objects keyed by the key's string form, binary as base64, dates and timestamps as
/// strings, NaN and infinities as strings.
std::string value_to_json(const Value& v, const DataType& type);

/// The value as Spark's `CAST(v AS STRING)` prints it for `type` (`{1, a}`, `[1, null]`,
/// `{a -> 1}`, `2024-01-31 10:00:00`); null prints `null`.
std::string value_to_string(const Value& v, const DataType& type);

// --- decimal helpers -----------------------------------------------------------------------

/// 10^n for 0 <= n <= 38.
Int128 pow10_128(int n);
/// Whether |unscaled| fits `precision` digits.
bool decimal_fits(Int128 unscaled, int precision);
/// The decimal's plain text (`-12.50`); Java's BigDecimal.toPlainString.
std::string decimal_to_string(const DecimalValue& d);
/// Parses a decimal number's text (`-1.5`, `2e3`, `.5`) exactly; false when malformed.
bool parse_decimal(std::string_view text, Int128& unscaled, int& scale);
/// Rescales to `scale` with HALF_UP rounding (Spark: Decimal.changePrecision); false on
/// overflow of 38 digits.
bool rescale_decimal(const DecimalValue& d, int scale, Int128& out);
/// The decimal as a double (nearest).
double decimal_to_double(const DecimalValue& d);

/// Java's Double.toString (shortest round-trip digits; `1.0E10`, `1.0E-5`, `NaN`, `Infinity`).
std::string java_double_text(double v);
/// Java's Float.toString.
std::string java_float_text(float v);

/// The two ways the evaluator quotes a JSON string. Both escape `"`, `\\`, `\n`, `\r`, `\t`
/// and every other control character below 0x20 as `\u00XX`, and pass all other bytes (UTF-8
/// included) through; they differ only in the control characters:
enum class JsonQuoting : std::uint8_t {
    /// Jackson's JsonGenerator as Spark's `to_json` (JacksonGenerator) uses it: `\b` and `\f`
    /// short, upper-case hex (`\u001F`) — Jackson's CharTypes escape table and HEX_CHARS.
    Jackson,
    /// value_to_json's form for `--verify` reports: `\b` and `\f` as `\u0008`/`\u000c`,
    /// lower-case hex (`\u001f`). Not Jackson's spelling; kept so reports stay byte-stable.
    /// Any JSON reader decodes both forms to the same string.
    Rows,
};

/// `text` as a quoted JSON string in the given form.
std::string json_quote(std::string_view text, JsonQuoting form);

/// Standard base64 with `=` padding (RFC 4648 section 4), as Spark's `to_json` and
/// `df.write.json` write a binary value (Jackson's Base64Variants.MIME_NO_LINEFEEDS).
std::string base64_encode(std::string_view bytes);

} // namespace prune
