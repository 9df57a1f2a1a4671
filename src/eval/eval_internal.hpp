#pragma once
/// Private to src/eval: the interpreter's state and the helpers its files share.

#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "eval/evaluator.hpp"
#include "plan/functions.hpp"
#include "plan/higher_order.hpp"

namespace prune::eval_detail {

/// A row as the operators pass it up: the bindings of every attribute visible at that point
/// (the relation's columns, then select aliases), and, above an Aggregate, the rows of the
/// row's group for the aggregate calls of HAVING and ORDER BY.
struct Row {
    std::vector<Binding> columns;
    std::shared_ptr<const std::vector<Row>> group;
};

/// Throws EvalError.
[[noreturn]] void raise(std::string error_class, std::string message);
/// Throws CannotVerify.
[[noreturn]] void unsupported(const std::string& what);

/// Why `--verify` refuses a value of a type the evaluator does not model: check_evaluable says it
/// of any such value, and the refused rows that take or give one say the same.
inline constexpr std::string_view kCalendarIntervalUnsupported =
    "values of type interval (CALENDAR INTERVAL) are not supported by the evaluator";
inline constexpr std::string_view kVariantUnsupported =
    "values of type variant (Spark's binary VARIANT encoding) are not supported by the evaluator";

/// The interpreter: evaluates expressions against the current row and lambda bindings.
class Evaluator {
  public:
    /// Evaluates `e` against `row` (and, for aggregate calls, `row.group`).
    Value eval_in(const Expr& e, const Row& row);
    /// Evaluates `e` against the current row and lambda bindings.
    Value eval(const Expr& e);
    /// An aggregate call over explicit rows.
    Value eval_aggregate(const ScalarFunction& f, const std::vector<Row>& rows);
    /// How a subquery expression's plan is run (by the plan runner that evaluates the query);
    /// while it runs, the row it is evaluated for is an outer row, where columns the plan's
    /// own rows do not hold are looked up (outer references).
    void set_plan_runner(std::function<std::vector<Row>(const Plan&)> run) {
        run_plan_ = std::move(run);
    }

  private:
    Value eval_node(const Expr& e);
    /// Spark's BinaryExpression.eval: `left`, then `right` unless `left` is null; nullopt when
    /// either is null.
    std::optional<std::pair<Value, Value>> eval_non_null(const Expr& left, const Expr& right);
    Value literal(const Expr& e, const Literal& lit);
    Value lookup(ExprId id, bool lambda) const;
    Value eval_binary(const Expr& e, const BinaryOp& b);
    Value eval_function(const Expr& e, const ScalarFunction& f);
    Value eval_hof(const Expr& e, const HigherOrderFunction& h);
    Value eval_subquery(const SubqueryExpression& s);
    /// Calls a LambdaFunction node with its parameters bound to `args` (as many as it has).
    Value call_lambda(const Expr& lambda, std::initializer_list<Value> args);

    const Row* row_ = nullptr;
    std::vector<const Row*>
        outer_rows_; // the rows of the queries around a subquery, innermost last
    std::function<std::vector<Row>(const Plan&)> run_plan_;
    std::vector<Binding> vars_;
    std::unordered_map<const Expr*, Value> literals_;
};

// --- operators on values (eval_ops.cpp) ----------------------------------------------------

/// `l op r` for arithmetic and bitwise operators on non-null operands; `type` is the
/// operator's result type. ANSI: overflow and division by zero raise.
Value arithmetic(BinaryOpKind op, const Value& l, const Value& r, const DataType& type);
/// Unary minus on a non-null value of `type` (ANSI overflow raises).
Value negate(const Value& v, const DataType& type);
/// Compares two non-null values of comparable (possibly different numeric) types.
int compare_mixed(const Value& a, const Value& b);
/// A map built by a function (map, map_from_arrays, transform_keys, ...): a null key raises
/// NULL_MAP_KEY, a repeated key DUPLICATED_MAP_KEY (spark.sql.mapKeyDedupPolicy=EXCEPTION).
Value make_checked_map(std::vector<Value> keys, std::vector<Value> values);
/// The numeric value of an integral, floating or decimal value as a double.
double to_double(const Value& v);
/// Whether `kind` is tinyint .. bigint.
bool is_integral_kind(AtomicKind kind);
/// The atomic kind of `type` (Null for nested types).
AtomicKind atomic_kind(const DataType& type);
/// Checks that an integral value fits `kind` (tinyint, smallint, int, bigint).
bool fits_integral(std::int64_t v, AtomicKind kind);
/// The integral kind holding a value of `type`: INT for a year-month interval (months), BIGINT
/// for a day-time one (microseconds), else the type's own kind.
AtomicKind integral_kind(const DataType& type);
/// `n / d` rounded HALF_UP, ties away from zero (Java's RoundingMode.HALF_UP; d != 0).
Int128 divide_half_up(Int128 n, Int128 d);
/// Java's String.valueOf for the value, as `concat`, `format_string('%s')` print it.
std::string display_string(const Value& v, const DataType& type);
/// The number of Unicode code points of UTF-8 text.
std::size_t code_points(std::string_view s);
/// Splits UTF-8 text into its code points (each as its bytes).
std::vector<std::string_view> split_code_points(std::string_view s);

// --- digests and serialisation (eval_digest.cpp) --------------------------------------------

/// Spark's JsonToStructs and CsvToStructs with default options (eval_from_text.cpp): `text`
/// parsed into `type`, or CannotVerify for text Spark reads in a way not modelled here.
Value spark_from_json(const std::string& text, const DataType& type);
Value spark_from_csv(const std::string& text, const StructType& schema);

/// Lower-case hex MD5 of the bytes.
std::string md5_hex(std::string_view bytes);
/// Lower-case hex SHA-2 of the bytes for 224/256/384/512 bits (0 means 256); nullopt for any
/// other bit length (Spark returns NULL).
std::optional<std::string> sha2_hex(std::string_view bytes, std::int64_t bits);
/// Spark's Murmur3Hash (seed 42) over the values of `types`.
std::int32_t murmur3_hash(const std::vector<Value>& values, const std::vector<TypePtr>& types);
/// Spark's XxHash64 (seed 42) over the values of `types`.
std::int64_t xxhash64(const std::vector<Value>& values, const std::vector<TypePtr>& types);
/// XXH64 of `bytes` (what Spark's XXH64.hashUnsafeBytes computes).
std::uint64_t xxh64_bytes(std::string_view bytes, std::uint64_t seed);
/// Spark's `to_json` (JacksonGenerator): struct fields by name, null struct fields left out.
std::string spark_to_json(const Value& v, const DataType& type);
/// Spark's `to_csv` with default options (UnivocityGenerator): the fields' texts joined by
/// commas, NULL as nothing; CannotVerify for a value the writer would trim, quote or escape,
/// and for values of nested, binary, interval and TIMESTAMP_NTZ types.
std::string spark_to_csv(const Value& row, const StructType& type);
/// Spark's `json_tuple` over one row: for each key, the value of that key of the JSON object
/// `json` (a string value as its text, any other value as compact JSON text, JSON null or a
/// missing key as NULL); all NULL when `json` is NULL, not an object or not valid JSON.
std::vector<Value> spark_json_tuple(const Value& json, const std::vector<Value>& keys);

} // namespace prune::eval_detail
