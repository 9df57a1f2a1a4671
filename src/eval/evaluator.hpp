#pragma once
/// An interpreter for bound plans, with Spark 4's semantics in ANSI mode: the half of
/// `--verify` and of the soundness tests that runs queries.
///
///     orders(id BIGINT, items ARRAY<STRUCT<sku: STRING, qty: INT>>)
///     SELECT id, transform(items, x -> x.qty * 2) FROM orders WHERE id > 1
///
///     rows {id: 1, items: [{a, 1}]}, {id: 2, items: [{b, 3}, {c, null}]}
///     -> [2, [6, null]]
///
/// Errors are results: `element_at(a, 0)`, integer overflow, division by zero, an invalid cast,
/// a NULL map key... stop the query with Spark's error class, as Spark does. A query the
/// evaluator cannot run at all (a user-defined or nondeterministic function, a CALENDAR
/// INTERVAL) is refused with CannotVerify before any row is read.

#include <cstdint>
#include <exception>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "diag/diagnostic.hpp"
#include "eval/value.hpp"
#include "plan/plan.hpp"

namespace prune {

/// A runtime error Spark raises in ANSI mode: its error class (`INVALID_ARRAY_INDEX`,
/// `DIVIDE_BY_ZERO`, `ARITHMETIC_OVERFLOW`, ...) and message. Spark: SparkThrowable.
class EvalError : public std::exception {
  public:
    EvalError(std::string error_class, std::string message);
    const std::string& error_class() const { return class_; }
    const std::string& message() const { return message_; }
    /// `[CLASS] message`, as Spark prints it.
    const char* what() const noexcept override { return text_.c_str(); }

  private:
    std::string class_;
    std::string message_;
    std::string text_;
};

/// The plan holds something the evaluator cannot run (a user-defined or nondeterministic
/// function, a CALENDAR INTERVAL, decimal arithmetic beyond 38 digits): `cannot verify: ...`.
class CannotVerify : public Error {
  public:
    using Error::Error;
};

/// One column binding of a row: the value of the attribute with this expression id.
using Binding = std::pair<ExprId, Value>;

/// What a query returned: its output columns and rows, or the error that stopped it.
struct QueryOutcome {
    std::vector<std::string> column_names;
    std::vector<TypePtr> column_types;
    std::vector<std::vector<Value>> rows;
    std::optional<EvalError> error;
    /// The plan sorts its result (ORDER BY): rows are compared in order, not as a multiset.
    bool ordered = false;
};

/// Throws CannotVerify naming the first construct of `plan` the evaluator cannot run
/// (user-defined functions, `rand`, `shuffle`, `input_file_name`, `current_date`, CALENDAR
/// INTERVAL values, ANSI intervals given to a function that does not compute with them).
void check_evaluable(const Plan& plan);

/// Evaluates one expression over column bindings (no aggregates). Throws EvalError for a
/// runtime error, CannotVerify when it cannot be evaluated.
Value evaluate_expression(const Expr& e, const std::vector<Binding>& columns);

/// Runs `plan` over its relation's rows: `relation_rows[i][j]` is the value of column
/// `plan_relation(plan).output[j]` in row i. Runtime errors end up in the outcome; throws
/// CannotVerify (checked first) when the plan cannot be evaluated.
QueryOutcome run_plan(const Plan& plan, const std::vector<std::vector<Value>>& relation_rows);
/// The same over a plan of any number of scans: `relation_rows[k]` are the rows of the k-th
/// Relation in plan_relations order (a table scanned twice has its rows twice).
QueryOutcome run_plan(const Plan& plan,
                      const std::vector<std::vector<std::vector<Value>>>& relation_rows);

/// Spark's CAST in ANSI mode from `from` to `to`. Throws EvalError (CAST_INVALID_INPUT,
/// CAST_OVERFLOW, NUMERIC_VALUE_OUT_OF_RANGE) or CannotVerify for casts it does not know.
Value cast_value(const Value& v, const DataType& from, const DataType& to);

} // namespace prune
