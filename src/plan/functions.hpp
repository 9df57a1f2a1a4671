#pragma once
/// The catalog of ordinary functions the analyzer knows (one row each in functions.cpp; a call
/// to any other name is a user-defined function, accepted with a warning): arity, Spark's typing
/// and nullability rules, and how the pruning passes treat the function's arguments.
/// Higher-order functions live in plan/higher_order.hpp.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "plan/expr.hpp"
#include "plan/higher_order.hpp"
#include "plan/typing.hpp"

namespace prune {

/// How a requirement on a function's result maps onto its arguments, for the pruning passes.
/// The default, Opaque, is Spark's generic walk: every argument's value is needed whole
/// (extractor chains inside an argument still prune).
enum class ResultFlow : std::uint8_t {
    Opaque,
    /// Compares, orders or serialises whole values (`array_contains`, `array_distinct`,
    /// `sort_array`, `to_json`, `hash`, ...): arguments are never pruned, in any profile.
    Compare,
    /// Only the length of argument 0 is read (`size`, `cardinality`): SPARK-58735 / X5.
    LengthOnly,
    /// The result's elements are argument 0's elements (`reverse`, `shuffle`, `slice`).
    ArrayElementsOfArg0,
    /// The result's elements are the elements of every array argument (`concat`; X7).
    ArrayElementsOfAll,
    /// The result's elements are the elements of argument 0's elements (`flatten`; X7).
    ArrayElementsFlatten,
    /// The result is the value of one of the arguments from `first_value_arg` on
    /// (`coalesce`, `nvl`, `ifnull`: 0; `if`, `nvl2`: 1; X6/X7).
    ValueOfArgs,
    /// Each element of the result is argument 0's value (`array_repeat`; X6).
    ElementIsArg0,
};

/// Checks the (already coerced) arguments and computes the result; returns an error message
/// for argument `bad_arg` (or -1 for the call as a whole) when they do not fit.
struct TypeCheck {
    Typed result;
    std::string error;
    int bad_arg = -1;
    bool ok() const { return error.empty(); }
};

/// The session time zone as a TimeZoneAwareExpression's plan form shows it: prune-plan takes
/// the session's zone to be UTC, the one `--verify` evaluates in.
inline constexpr std::string_view kSessionZoneParameter = "Some(UTC)";

/// Spark's constructor parameters that are not children, as plans print them around the
/// children (FunctionTraits::plan_parameters): `before` ahead of them, `after` at the end.
struct PlanParameters {
    std::string before;
    std::string after;
    /// How many leading arguments the plan shows as children; -1: the row's `sql_children`
    /// (spark-avro's expressions show their child alone, their names every argument).
    int children = -1;
};

/// Whether an aggregate takes `WITHIN GROUP (ORDER BY ...)` and what its keys are (Spark 4's
/// SupportsOrderingWithinGroup). The keys are the call's last arguments (ScalarFunction::keys).
enum class WithinGroup : std::uint8_t {
    None,
    /// An inverse distribution function: one key, the value (PercentileCont, PercentileDisc).
    /// Its SQL form shows the direction only: `percentile_cont(0.5) WITHIN GROUP (ORDER BY x
    /// DESC)`. The row's arity counts the key; the clause is required.
    Inverse,
    /// The same, or a plain call with the value as argument (Mode: `mode() WITHIN GROUP
    /// (ORDER BY x)` or `mode(x)`).
    InverseOrPlain,
    /// Keys that order the values (ListAgg), optional, each shown as Spark's SortOrder.sql:
    /// `listagg(v, NULL) WITHIN GROUP (ORDER BY k ASC NULLS FIRST)`. The written arguments are
    /// completed with NULL up to the row's maximum (ListAgg's default delimiter).
    Ordering,
};

/// What a function-table row says beyond its name, arity and typing: the part a row of
/// `plan/functions.cpp` writes (its `Options`), in the order a row may list it.
struct FunctionTraits {
    ResultFlow flow = ResultFlow::Opaque;
    /// Spark's type coercion for the call (e.g. a common type for coalesce's arguments):
    /// returns the arguments with casts inserted, or throws via the analyzer's error path.
    /// Null: no coercion.
    std::vector<ExprPtr> (*coerce)(std::span<const ExprPtr> args) = nullptr;
    int first_value_arg = 0; // for ValueOfArgs
    bool deterministic = true;
    /// Built by the analyzer from syntax (LIKE ANY's LikeAny), never called by name: a call
    /// by its name is a user-defined function, as in Spark.
    bool internal = false;
    /// How many leading arguments Spark's SQL form (the column name) shows when the rest are
    /// parameters rather than children: ILike's escape, LikeAny's patterns. -1: all of them.
    int sql_children = -1;
    /// Reads the clock (`current_date`, `now`): one value for a whole query, so deterministic
    /// to Spark, but never folded to a constant here and never evaluated by `--verify`.
    bool reads_clock = false;
    /// The name Spark's SQL form and plans print when it is not `name`: the upper case of
    /// RLike (`RLIKE(a, p)`) and of the math functions (`SQRT(x)`). Empty: `name`.
    std::string_view pretty_name = {};
    /// Spark's form in plans and names when it is not a call, `{i}` standing for argument i:
    /// "{0} + {1}" (TimeAdd), "{0} - {1}" (DatetimeSub), "extract({0} FROM {1})". Empty: a call.
    std::string_view form = {};
    /// Spark's toString, the plans' form, where it differs from `form` (the SQL form, which
    /// names columns): If prints `if (p) a else b` and is named `(IF(p, a, b))`.
    std::string_view plan_form = {};
    /// A RuntimeReplaceable whose replacement the analyzer builds as the last argument
    /// (DatetimeSub, Extract, DatePart, Left, Right): simplify replaces the call by it, as Spark's
    /// optimizer does, the evaluator evaluates it, and plans and names show the arguments before
    /// it. Its `max_args` counts the replacement; a call is written with one argument fewer.
    bool replaced_by_last = false;
    /// Spark's TimeZoneAwareExpression: its plan form lists the session time zone after the
    /// children, `hour(ts#1, Some(UTC))` (the zone prune-plan takes the session's to be, the
    /// one `--verify` evaluates in); its column name does not.
    bool time_zone = false;
    /// Parameters Spark's plans print that are not arguments here in that form, computed from
    /// the arguments and the call's result type: JsonToStructs' schema (its result type) before
    /// the children. Plans then show only the `sql_children` first arguments. Null: none.
    PlanParameters (*plan_parameters)(std::span<const ExprPtr> args,
                                      const DataType& result) = nullptr;
    /// WITHIN GROUP (ORDER BY ...): not taken (None), the value (Inverse) or an ordering.
    WithinGroup within_group = WithinGroup::None;
    /// Spark's ExpressionBuilder, which picks the expression by the bound arguments: to_char of
    /// a date is date_format, of a binary value base64, hex or decode; trim(chars, str) is
    /// `TRIM(BOTH chars FROM str)` and decode(bin, charset) StringDecode, internal rows of two
    /// arguments. Returns the row to bind instead (after adjusting `args`), whose arity is then
    /// checked, or null for this row; sets `error` for arguments it rejects. Null: this row.
    const struct FunctionDef* (*builder)(std::string_view name, std::vector<ExprPtr>& args,
                                         std::string& error) = nullptr;
    /// Spark's foldable for a call of constants: false for RaiseError, which fails when it
    /// runs, so no check takes it for a constant.
    bool foldable = true;
};

struct FunctionDef : FunctionTraits {
    std::string_view name;     // lower-case SQL name
    std::string_view catalyst; // Catalyst class name (Size, Reverse, Coalesce, ...)
    int min_args = 0;
    int max_args = 0; // -1: variadic
    bool aggregate = false;
    /// A window function (row_number, rank, lag, ...): only with OVER. Spark: WindowFunction.
    bool window = false;
    TypeCheck (*type)(std::span<const ExprPtr> args) = nullptr;
    /// Not in the catalog: a user-defined function, named as written (`user_function`).
    bool user_defined = false;

    std::string_view printed_name() const { return pretty_name.empty() ? name : pretty_name; }
};

/// The arguments plans and names show of a call of `def` with `inputs`: all but a
/// replacement built as the last argument (FunctionTraits::replaced_by_last).
inline std::span<const ExprPtr> shown_arguments(const FunctionDef& def,
                                                std::span<const ExprPtr> inputs) {
    return def.replaced_by_last && !inputs.empty() ? inputs.first(inputs.size() - 1) : inputs;
}

/// Writes a FunctionDef::form: `text` for the literal pieces, `arg(i)` for each `{i}`.
template <class Text, class Arg> void render_form(std::string_view form, Text&& text, Arg&& arg) {
    while (!form.empty()) {
        const std::size_t open = form.find('{');
        text(form.substr(0, open));
        if (open == std::string_view::npos || open + 2 >= form.size()) {
            return;
        }
        arg(static_cast<std::size_t>(form[open + 1] - '0'));
        form.remove_prefix(open + 3);
    }
}

/// The arguments a row's typing checks among a call's `inputs`, `keys` of them WITHIN GROUP
/// keys: all, but for an Ordering row only the written ones (its keys may have any type).
inline std::span<const ExprPtr> typed_arguments(const FunctionDef& def,
                                                std::span<const ExprPtr> inputs, std::size_t keys) {
    return def.within_group == WithinGroup::Ordering
               ? inputs.first(inputs.size() - std::min(keys, inputs.size()))
               : inputs;
}

/// Writes a call's ` WITHIN GROUP (ORDER BY ...)` (nothing without keys), as Spark's sql of
/// the row's kind shows it: `text` for the literal pieces, `key(i)` for key i's expression.
template <class Text, class Key>
void render_within_group(const FunctionDef& def, const SortDirections& keys, Text&& text,
                         Key&& key) {
    if (keys.empty()) {
        return;
    }
    text(" WITHIN GROUP (ORDER BY ");
    for (std::size_t i = 0; i < keys.size(); ++i) {
        text(i == 0 ? "" : ", ");
        key(i);
        if (def.within_group != WithinGroup::Ordering) {
            text(keys[i].ascending ? "" : " DESC");
        } else {
            text(keys[i].ascending ? " ASC" : " DESC");
            text(keys[i].nulls_first ? " NULLS FIRST" : " NULLS LAST");
        }
    }
    text(")");
}

/// The row for a lower-case SQL name, or null (a user-defined function).
const FunctionDef* find_function(std::string_view name);
/// The row of a function the analyzer or a rewrite builds itself (`concat` for `||`, `count`
/// for `count(*)`, `likeany`, `coalesce`): an InternalError if the catalog lacks it.
const FunctionDef& catalog_function(std::string_view name);
/// The row for a function the catalog does not know, named as the query wrote it: opaque to
/// the pruning passes (every argument read whole), of unknown determinism, returning a
/// nullable STRING. Made on first use and kept for the process's life (one per name; safe
/// from any thread).
const FunctionDef* user_function(std::string_view name);
/// Every known function name (for "did you mean").
std::vector<std::string> function_names();
/// The rows the analyzer builds from syntax only (`internal`: `trim_chars`, `likeany`, `<<`),
/// which no call by name reaches.
std::vector<std::string> internal_function_names();

} // namespace prune
