#pragma once
/// How `--verify`'s evaluator runs the rows of the function catalog (plan/functions.hpp).
///
/// The evaluators' table (eval_functions.cpp) maps a row's Spark class to its evaluator (of
/// argument values, or of a group's argument tuples for an aggregate), or to the reason
/// `--verify` refuses its calls (`rand`: nondeterministic; `current_date`: reads the
/// clock). Adding a function takes its catalog row, its entry in that table and its sample in
/// tests/unit/function_rows_test.cpp, which walks every row.

#include <cstdint>
#include <string>

#include "plan/functions.hpp"

namespace prune {

enum class RowEvaluation : std::uint8_t {
    /// No entry: its calls are refused as "not supported by the evaluator" (a bug).
    Missing,
    /// Its entry in the evaluators' table evaluates it.
    Evaluated,
    /// Its entry refuses it: FunctionEvaluation::reason says why.
    Refused,
    /// An aggregate function: its entry evaluates its group's argument tuples
    /// (Evaluator::eval_aggregate builds them).
    Aggregate,
    /// A window function, evaluated by the Window operator.
    Window,
    /// A RuntimeReplaceable built with its replacement as the last argument, which is
    /// evaluated instead (FunctionTraits::replaced_by_last).
    Replacement,
};

struct FunctionEvaluation {
    RowEvaluation how = RowEvaluation::Missing;
    /// Refused: why, and the CannotVerify message a call of the row gets.
    std::string reason;
    std::string message;
};

/// How the evaluator runs calls of the catalog row `def`.
FunctionEvaluation function_evaluation(const FunctionDef& def);

/// Whether the evaluator evaluates calls of `def` that take or give ANSI interval values,
/// which it holds as their months or microseconds: the interval functions, the aggregates
/// that sum or keep values, and the functions that only pass values on (coalesce, if, ...).
/// Calls of other rows with such values are refused.
bool evaluates_ansi_intervals(const FunctionDef& def);

} // namespace prune
