// Binding function calls: the catalog's functions, constructors and extractors with their own
// nodes, higher-order functions with their lambdas, and user-defined functions.
//
//     events(rule_results ARRAY<STRUCT<rule_public_id: STRING, score: DOUBLE>>)
//
//     transform(rule_results, r -> r.score)
//       -> HigherOrderFunction transform                          array<double>
//            AttributeReference rule_results#0
//            LambdaFunction
//              GetStructField ordinal=1 (NamedLambdaVariable r#1)  double
//              NamedLambdaVariable r#1                             struct<...> (element; nullable
//                                                                  = the array's containsNull)
//
// What a lambda parameter is bound to comes from the higher-order-function table
// (plan/higher_order.hpp), with Spark's `bind` nullability: zip_with's elements and
// map_zip_with's values are always nullable (one side may be missing), aggregate's accumulator
// is always nullable (ArrayAggregate.bind: "we cannot be sure that the accumulator does not
// evaluate to null"), keys and indexes never are.

#include <algorithm>
#include <array>
#include <string>
#include <utility>

#include "plan/analyzer_internal.hpp"
#include "plan/tree.hpp"
#include "plan/typing.hpp"
#include "plan/unsupported_functions.hpp"
#include "types/schema_formats.hpp"

namespace prune::analyzer_detail {
namespace {

std::string count_phrase(int min, int max, std::string_view noun) {
    auto plural = [&](int n) { return std::string(noun) + (n == 1 ? "" : "s"); };
    if (max < 0) {
        return "at least " + std::to_string(min) + " " + plural(min);
    }
    if (min == max) {
        return std::to_string(min) + " " + plural(min);
    }
    if (max == min + 1) {
        return std::to_string(min) + " or " + std::to_string(max) + " " + plural(max);
    }
    return std::to_string(min) + " to " + std::to_string(max) + " " + plural(max);
}

const ast::Lambda* as_lambda(const ast::ExprPtr& e) { return std::get_if<ast::Lambda>(&e->node); }

/// Where each argument was written: errors about bound arguments are reported there, as a
/// bound node may be shared and keep no place of its own (a column reference).
std::vector<Span> arg_spans_of(std::span<const ast::ExprPtr> args) {
    std::vector<Span> spans;
    spans.reserve(args.size());
    for (const ast::ExprPtr& arg : args) {
        spans.push_back(arg->span);
    }
    return spans;
}

} // namespace

void Binder::check_arity(std::string_view function, std::size_t got, int min, int max,
                         Span span) const {
    const auto n = static_cast<int>(got);
    if (n < min || (max >= 0 && n > max)) {
        fail(span, "function '" + std::string(function) + "' takes " +
                       count_phrase(min, max, "argument") + ", got " + std::to_string(got));
    }
}

void Binder::check_aggregate_context(std::string_view function, Span span) const {
    const std::string what = "aggregate function '" + std::string(function) + "' is not allowed ";
    if (!enclosing_aggregate_.empty()) {
        fail(span, what + "inside aggregate function '" + enclosing_aggregate_ + "'");
    }
    if (!frames_.empty()) {
        fail(span, what + "inside a lambda");
    }
    switch (clause_) {
    case Clause::Where:
        fail(span, what + "in WHERE");
    case Clause::GroupBy:
        fail(span, what + "in GROUP BY");
    case Clause::Limit:
        fail(span, what + "in LIMIT");
    case Clause::Offset:
        fail(span, what + "in OFFSET");
    case Clause::Select:
    case Clause::Having:
    case Clause::OrderBy:
        break;
    }
}

std::vector<ExprPtr> Binder::bind_plain_args(std::span<const ast::ExprPtr> call_args,
                                             std::string_view function) {
    std::vector<ExprPtr> args;
    for (const ast::ExprPtr& arg : call_args) {
        if (std::holds_alternative<ast::Star>(arg->node)) {
            fail(arg->span, "'*' is only allowed in the select list or in count(*)");
        }
        if (as_lambda(arg) != nullptr) {
            fail(arg->span, "a lambda is not allowed here: '" + std::string(function) +
                                "' is not a higher-order function");
        }
        args.push_back(bind(*arg));
    }
    return args;
}

ExprPtr Binder::apply_function(const FunctionDef& def, const std::vector<ExprPtr>& args,
                               std::span<const Span> arg_spans, bool distinct, Span span,
                               const ExprPtr& filter, SortDirections within_group) const {
    std::vector<ExprPtr> coerced = args;
    if (def.coerce != nullptr) {
        try {
            coerced = def.coerce(args);
        } catch (const SqlError& err) {
            if (err.diagnostic().source) {
                throw;
            }
            fail(span, err.diagnostic().message);
        }
    }
    if (def.type != nullptr) {
        const TypeCheck check = def.type(typed_arguments(def, coerced, within_group.size()));
        if (!check.ok()) {
            Span where = span;
            if (check.bad_arg >= 0 && static_cast<std::size_t>(check.bad_arg) < arg_spans.size()) {
                where = arg_spans[static_cast<std::size_t>(check.bad_arg)];
            }
            fail(where, check.error);
        }
    }
    if (filter) {
        coerced.push_back(filter);
    }
    return make_expr(ScalarFunction{&def, std::move(coerced), distinct, filter != nullptr,
                                    std::move(within_group)},
                     span);
}

// Spark's Extract and DatePart, RuntimeReplaceable: `extract(field FROM source)` (the parser
// passes the field as a string) and `date_part('field', source)` name the column after what
// was written and compute the field's function of the source (DatePart.parseExtractField),
// kept as the last argument for simplify to put in place.
ExprPtr Binder::bind_date_part(const ast::Call& call, const std::string& name, Span span) {
    check_arity(name, call.args.size(), 2, 2, span);
    if (call.distinct) {
        fail(span, "DISTINCT is only allowed in aggregate functions, not in '" + name + "'");
    }
    std::vector<ExprPtr> args = bind_plain_args(call.inputs(), name);
    const auto* field = args[0]->as<Literal>();
    if (field == nullptr || field->is_null || !is_string_like(*args[0]->type)) {
        fail(call.args[0]->span, "the field of '" + name + "' must be a string literal");
    }
    const ExprPtr& source = args[1];
    if (is_interval(*source->type)) {
        fail(call.args[1]->span, "unsupported: " + name + " of an interval");
    }
    struct Field {
        std::initializer_list<std::string_view> names;
        std::string_view function;
    };
    static const Field kFields[] = {
        {{"YEAR", "Y", "YEARS", "YR", "YRS"}, "year"},
        {{"QUARTER", "QTR"}, "quarter"},
        {{"MONTH", "MON", "MONS", "MONTHS"}, "month"},
        {{"WEEK", "W", "WEEKS"}, "weekofyear"},
        {{"DAY", "D", "DAYS"}, "dayofmonth"},
        {{"DAYOFWEEK", "DOW"}, "dayofweek"},
        {{"DAYOFWEEK_ISO", "DOW_ISO"}, "weekday"}, // plus one: 1 for Monday
        {{"DOY"}, "dayofyear"},
        {{"HOUR", "H", "HOURS", "HR", "HRS"}, "hour"},
        {{"MINUTE", "M", "MIN", "MINS", "MINUTES"}, "minute"},
        {{"SECOND", "S", "SEC", "SECONDS", "SECS"}, "secondwithfraction"},
    };
    const std::string wanted = ascii_upper(field->text.str());
    const Field* found = nullptr;
    for (const Field& f : kFields) {
        if (std::find(f.names.begin(), f.names.end(), wanted) != f.names.end()) {
            found = &f;
        }
    }
    if (found == nullptr) {
        fail(call.args[0]->span, "'" + name + "' cannot extract '" + field->text.str() +
                                     "' (Spark's INVALID_EXTRACT_FIELD)");
    }
    const Span source_span = call.args[1]->span;
    ExprPtr replacement = apply_function(catalog_function(found->function), {source},
                                         std::span(&source_span, 1), false, span);
    if (found->function == "weekday") {
        replacement = binary(BinaryOpKind::Add, replacement,
                             make_expr(Literal{int_type(), "1", false}, span), span);
    }
    const std::array<Span, 3> spans{call.args[0]->span, source_span, span};
    return apply_function(catalog_function(name), {args[0], source, replacement}, spans, false,
                          span);
}

// Spark's grammar reads `timestampdiff(unit, start, end)` (and datediff, date_diff with three
// arguments) as TimestampDiff, and `timestampadd(unit, n, ts)` (dateadd, date_add) as
// TimestampAdd: the unit is a word, kept as written as a string (AstBuilder: unit.getText), so
// the column is named `timestampdiff(HOUR, a, b)` whichever name was called.
ExprPtr Binder::bind_unit_call(const ast::Call& call, const std::string& name, Span span) {
    static constexpr std::array<std::string_view, 10> kUnits = {
        "YEAR", "QUARTER", "MONTH",  "WEEK",        "DAY",
        "HOUR", "MINUTE",  "SECOND", "MILLISECOND", "MICROSECOND"};
    const bool diff = name == "timestampdiff" || name == "datediff" || name == "date_diff";
    check_arity(name, call.args.size(), 3, 3, span);
    if (call.distinct) {
        fail(span, "DISTINCT is only allowed in aggregate functions, not in '" + name + "'");
    }
    const ast::Expr& unit_arg = *call.args[0];
    const auto* ref = std::get_if<ast::NameRef>(&unit_arg.node);
    if (ref == nullptr || ref->parts.size() != 1 ||
        std::find(kUnits.begin(), kUnits.end(), ascii_upper(ref->parts[0].name)) == kUnits.end()) {
        fail(unit_arg.span,
             "expected a unit (YEAR, QUARTER, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND, "
             "MILLISECOND or MICROSECOND) as the first argument of '" +
                 name + "', got '" + written(unit_arg.span) + "'");
    }
    std::vector<ExprPtr> args = bind_plain_args(call.inputs().subspan(1), name);
    args.insert(args.begin(),
                make_expr(Literal{string_type(), Name(ref->parts[0].name), false}, unit_arg.span));
    return apply_function(catalog_function(diff ? "timestampdiff" : "timestampadd"), args,
                          arg_spans_of(call.args), false, span);
}

// Spark's FunctionRegistry.castAlias: `int(x)`, `date(x)`, `string(x)`, ... are a Cast of
// their one argument to the type they name; the cast is not the query's own (Spark tags only
// CAST(... AS ...) as USER_SPECIFIED_CAST), so the column is named after the argument alone.
namespace {

constexpr std::array<std::string_view, 12> kCastAliases = {
    "boolean", "tinyint", "smallint", "int",       "bigint", "float",
    "double",  "decimal", "date",     "timestamp", "binary", "string"};

bool is_cast_alias(std::string_view name) {
    return std::find(kCastAliases.begin(), kCastAliases.end(), name) != kCastAliases.end();
}

} // namespace

ExprPtr Binder::bind_cast_function(const ast::Call& call, const std::string& name, Span span) {
    if (!is_cast_alias(name)) {
        return nullptr;
    }
    check_arity(name, call.args.size(), 1, 1, span);
    if (call.distinct) {
        fail(span, "DISTINCT is only allowed in aggregate functions, not in '" + name + "'");
    }
    std::vector<ExprPtr> args = bind_plain_args(call.inputs(), name);
    const TypePtr target = parse_ddl_type(name);
    if (!can_cast(*args[0]->type, *target)) {
        fail(span,
             "cannot cast " + catalog_string(*args[0]->type) + " to " + catalog_string(*target));
    }
    return make_expr(Cast{args[0], target, false}, span);
}

ExprPtr Binder::bind_aggregate_filter(const ast::Call& call, std::string_view function) {
    if (!call.filtered) {
        return nullptr;
    }
    // Spark: AggregateExpression.filter must be a deterministic boolean without aggregates
    // (an aggregate inside is reported as inside `function`).
    const std::string outer = std::exchange(enclosing_aggregate_, std::string(function));
    ExprPtr filter =
        require_boolean(bind(*call.args.back()), call.args.back()->span, "a FILTER condition");
    enclosing_aggregate_ = outer;
    visit_down(filter, [&](const ExprPtr& e) {
        const auto* f = e->as<ScalarFunction>();
        if (f != nullptr && !f->user_defined() && !f->def->deterministic) {
            fail(e->span, "a FILTER condition must be deterministic: '" + std::string(f->name()) +
                              "' is not");
        }
        return true;
    });
    return filter;
}

namespace {

/// Spark's generator functions by name: which generator, and whether it is the outer form.
struct GeneratorName {
    std::string_view name;
    GeneratorKind kind;
    bool outer;
};
constexpr std::array<GeneratorName, 8> kGeneratorNames = {{
    {"explode", GeneratorKind::Explode, false},
    {"explode_outer", GeneratorKind::Explode, true},
    {"posexplode", GeneratorKind::PosExplode, false},
    {"posexplode_outer", GeneratorKind::PosExplode, true},
    {"inline", GeneratorKind::Inline, false},
    {"inline_outer", GeneratorKind::Inline, true},
    {"stack", GeneratorKind::Stack, false},
    {"json_tuple", GeneratorKind::JsonTuple, false},
}};

/// The row for a lower-case name, or null.
const GeneratorName* find_generator(std::string_view lowered) {
    const auto it = std::find_if(kGeneratorNames.begin(), kGeneratorNames.end(),
                                 [&](const GeneratorName& g) { return g.name == lowered; });
    return it == kGeneratorNames.end() ? nullptr : &*it;
}

} // namespace

bool is_generator_name(std::string_view name) {
    return find_generator(ascii_lower(name)) != nullptr;
}

Generate Binder::bind_generator(const ast::Call& call, Span span, bool outer,
                                const std::vector<ast::Identifier>& names, Span names_span,
                                std::string qualifier) {
    const GeneratorName* row = find_generator(ascii_lower(call.name.name));
    if (row == nullptr) {
        throw InternalError("bind_generator: '" + call.name.name + "' is not a generator");
    }
    Generate g;
    g.kind = row->kind;
    g.outer = outer || row->outer;
    g.qualifier = std::move(qualifier);
    // Messages name the generator without `_outer`, as before.
    const std::string name(generator_name(row->kind));
    if (call.distinct || call.filtered) {
        fail(span,
             "DISTINCT and FILTER are only allowed in aggregate functions, not in '" + name + "'");
    }
    const std::span<const ast::ExprPtr> inputs = call.inputs();
    if (g.kind == GeneratorKind::Stack || g.kind == GeneratorKind::JsonTuple) {
        check_arity(name, inputs.size(), 2, -1, span);
    } else {
        check_arity(name, inputs.size(), 1, 1, span);
    }
    for (const ast::ExprPtr& arg : inputs) {
        if (std::holds_alternative<ast::Star>(arg->node)) {
            fail(arg->span, "'*' is not allowed as an argument of '" + name + "'");
        }
        g.args.push_back(bind(*arg));
    }
    struct Column {
        std::string name;
        TypePtr type;
        bool nullable;
    };
    std::vector<Column> columns;
    const std::string shown = written(span);
    const ExprPtr& input = g.args.front();
    const auto mismatch = [&](const std::string& wanted) {
        fail(inputs[0]->span, "cannot resolve '" + shown + "' due to data type mismatch: " +
                                  "its argument must be " + wanted + ", but '" +
                                  written(inputs[0]->span) + "' is " + sql_type(*input->type));
    };
    switch (g.kind) {
    case GeneratorKind::Explode:
    case GeneratorKind::PosExplode:
        if (g.kind == GeneratorKind::PosExplode) {
            columns.push_back({"pos", int_type(), false});
        }
        if (const ArrayType* array = input->type->array()) {
            columns.push_back({"col", array->element, array->contains_null});
        } else if (const MapType* map = input->type->map()) {
            columns.push_back({"key", map->key, false});
            columns.push_back({"value", map->value, map->value_contains_null});
        } else {
            mismatch("an ARRAY or a MAP");
        }
        break;
    case GeneratorKind::Inline: {
        const ArrayType* array = input->type->array();
        const StructType* element = array == nullptr ? nullptr : array->element->struct_type();
        if (element == nullptr) {
            mismatch("an ARRAY of STRUCTs");
        }
        for (const StructField& field : element->fields()) {
            columns.push_back({field.name, field.type, true});
            g.fields.emplace_back(field.name);
        }
        break;
    }
    case GeneratorKind::Stack: {
        const auto* n = input->as<Literal>();
        if (n == nullptr || n->is_null || !input->type->is(AtomicKind::Integer) ||
            n->text.view().starts_with("-") || n->text.view() == "0") {
            fail(inputs[0]->span, "the first argument of 'stack' must be a positive integer "
                                  "literal (the number of rows)");
        }
        const std::size_t rows = std::stoul(n->text.str());
        const std::size_t values = g.args.size() - 1;
        const std::size_t width = (values + rows - 1) / rows;
        for (std::size_t c = 0; c < width; ++c) {
            TypePtr type;
            for (std::size_t at = 1 + c; at < g.args.size(); at += width) {
                const ExprPtr& value = g.args[at];
                const auto* lit = value->as<Literal>();
                if (lit != nullptr && lit->is_null) {
                    continue;
                }
                if (!type) {
                    type = value->type;
                } else if (!same_type(*type, *value->type)) {
                    fail(inputs[at]->span,
                         "cannot resolve '" + shown + "' due to data type mismatch: column " +
                             std::to_string(c) + " of 'stack' has values of types " +
                             sql_type(*type) + " and " + sql_type(*value->type));
                }
            }
            columns.push_back({"col" + std::to_string(c), type ? type : g.args[1 + c]->type, true});
        }
        break;
    }
    case GeneratorKind::JsonTuple:
        // Spark's JsonTuple takes strings only (no implicit cast): the JSON text, then the keys.
        for (std::size_t at = 0; at < g.args.size(); ++at) {
            if (!g.args[at]->type->is(AtomicKind::String)) {
                fail(inputs[at]->span, "cannot resolve '" + shown +
                                           "' due to data type mismatch: every argument of "
                                           "'json_tuple' must be a STRING, but '" +
                                           written(inputs[at]->span) + "' is " +
                                           sql_type(*g.args[at]->type) +
                                           " (Spark: DATATYPE_MISMATCH.NON_STRING_TYPE)");
            }
            if (at > 0) {
                columns.push_back({"c" + std::to_string(at - 1), string_type(), true});
            }
        }
        break;
    }
    if (!names.empty() && names.size() != columns.size()) {
        fail(names_span, "the number of aliases does not match the number of columns '" + shown +
                             "' outputs: expected " + std::to_string(columns.size()) + " alias" +
                             (columns.size() == 1 ? "" : "es") + ", got " +
                             std::to_string(names.size()) + " (Spark: UDTF_ALIAS_NUMBER_MISMATCH)");
    }
    for (std::size_t i = 0; i < columns.size(); ++i) {
        Name column_name = names.empty() ? Name(columns[i].name) : Name(names[i].name);
        g.output.push_back(
            make_expr(AttributeReference{std::move(column_name), columns[i].type, fresh_id(),
                                         columns[i].nullable || g.outer, false},
                      names.empty() ? span : names[i].span));
    }
    return g;
}

ExprPtr Binder::bind_call(const ast::Call& call, Span span) {
    const std::string name = ascii_lower(call.name.name);
    // The OVER clause's own function: an aggregate there is computed per window, so it neither
    // aggregates the query nor makes its arguments aggregate arguments (`sum(sum(x)) OVER w`).
    const bool window_call = std::exchange(window_call_, false);
    if (is_generator_name(name)) {
        if (clause_ == Clause::Select && frames_.empty() && enclosing_aggregate_.empty()) {
            fail(span, "the generator '" + written(span) +
                           "' is nested in an expression: a generator must be a select item "
                           "of its own (Spark: UNSUPPORTED_GENERATOR.NESTED_IN_EXPRESSIONS)");
        }
        fail(span, "the generator '" + written(span) +
                       "' is only allowed as a select item or in FROM (LATERAL VIEW, "
                       "LATERAL), not here (Spark: UNSUPPORTED_GENERATOR.OUTSIDE_SELECT)");
    }
    if (call.ignore_nulls) {
        // Spark's FunctionResolution: only First, Last and AnyValue take IGNORE NULLS (as
        // their ignoreNulls argument); every other function refuses it.
        const FunctionDef* def = find_hof(name) == nullptr ? find_function(name) : nullptr;
        if (def == nullptr || !takes_ignore_nulls(*def)) {
            fail(span, "[INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX] The function '" +
                           name + "' does not support IGNORE NULLS.");
        }
        if (call.inputs().size() > 1) {
            fail(span, "'" + name + "' has its ignoreNulls argument and IGNORE NULLS both");
        }
    }
    if (!call.within_group.empty()) {
        // Spark's FunctionResolution: only SupportsOrderingWithinGroup functions take it.
        const FunctionDef* def = find_hof(name) == nullptr ? find_function(name) : nullptr;
        if (def == nullptr || def->within_group == WithinGroup::None) {
            fail(span, "[INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX] The function '" +
                           name + "' does not support WITHIN GROUP (ORDER BY ...).");
        }
    }
    if (call.filtered) {
        const FunctionDef* def = find_hof(name) == nullptr ? find_function(name) : nullptr;
        if (def == nullptr || !def->aggregate) {
            fail(call.args.back()->span, "FILTER (WHERE ...) is only allowed for aggregate "
                                         "functions, not for '" +
                                             name + "'");
        }
    }
    const std::span<const ast::ExprPtr> inputs = call.inputs();

    // Spark's AstBuilder turns count(*) into count(1).
    if (name == "count" && inputs.size() == 1 &&
        std::holds_alternative<ast::Star>(inputs[0]->node)) {
        const auto& star = std::get<ast::Star>(call.args[0]->node);
        if (!star.qualifier().empty() || !star.except().empty()) {
            fail(call.args[0]->span,
                 "'" + written(call.args[0]->span) + "' is not allowed in count");
        }
        if (call.distinct) {
            fail(span, "count(DISTINCT *) is not supported");
        }
        if (!window_call) {
            check_aggregate_context(name, span);
            saw_aggregate_ = true;
        }
        const FunctionDef& count = catalog_function("count");
        ExprPtr one = make_expr(Literal{int_type(), "1", false}, inputs[0]->span);
        return apply_function(count, {one}, {}, false, span, bind_aggregate_filter(call, name));
    }
    if (const HofDef* hof = find_hof(name)) {
        return bind_hof(*hof, call, span);
    }
    if (name == "named_struct") {
        return bind_named_struct(call, span);
    }
    if (name == "struct") {
        return bind_struct(call, span);
    }
    if (name == "element_at") {
        return bind_element_at(call, span);
    }
    if (name == "map_keys" || name == "map_values") {
        return bind_map_extract(call, span, name == "map_keys");
    }
    if (name == "extract" || name == "date_part" || name == "datepart") {
        return bind_date_part(call, name, span);
    }
    if (name == "timestampdiff" || name == "timestampadd" ||
        (inputs.size() == 3 &&
         (name == "datediff" || name == "date_diff" || name == "dateadd" || name == "date_add"))) {
        return bind_unit_call(call, name, span);
    }
    if (ExprPtr cast = bind_cast_function(call, name, span)) {
        return cast;
    }
    const FunctionDef* def = find_function(name);
    if (def == nullptr || def->internal) {
        return bind_udf(call, name, span);
    }
    // A row with a builder binds its arguments first: they choose the row (Spark's
    // ExpressionBuilder), whose arity is then checked. Builders' rows are never aggregates.
    std::optional<std::vector<ExprPtr>> built_args;
    if (def->builder != nullptr) {
        built_args = bind_plain_args(inputs, name);
        std::string error;
        if (const FunctionDef* built = def->builder(name, *built_args, error)) {
            def = built;
        } else if (!error.empty()) {
            fail(span, error);
        }
    }
    if (is_grouping_function(*def) &&
        (!grouping_analytics_ ||
         (clause_ != Clause::Select && clause_ != Clause::Having && clause_ != Clause::OrderBy))) {
        fail(span, "[UNSUPPORTED_GROUPING_EXPRESSION] " + name +
                       "() can only be used with GROUP BY ROLLUP, CUBE or GROUPING SETS, in "
                       "the select list, HAVING or ORDER BY");
    }
    if (def->window && !window_call) {
        fail(span, "[WINDOW_FUNCTION_WITHOUT_OVER_CLAUSE] Window function '" + name +
                       "' requires an OVER clause.");
    }
    if (def->within_group != WithinGroup::None) {
        return bind_within_group(*def, call, name, span, window_call);
    }
    // A replacement built as the last argument is never written.
    check_arity(name, built_args ? built_args->size() : inputs.size(), def->min_args,
                def->replaced_by_last && def->max_args >= 0 ? def->max_args - 1 : def->max_args,
                span);
    if (call.distinct && !def->aggregate) {
        fail(span, "DISTINCT is only allowed in aggregate functions, not in '" + name + "'");
    }
    if (def->catalyst == "IsNull" || def->catalyst == "IsNotNull") {
        // Spark's registry binds isnull(x) and isnotnull(x) to the expressions of `x IS NULL`
        // and `x IS NOT NULL`: the same plan, name and pruning (a struct's null test reads
        // one leaf under extended, not the whole struct).
        ExprPtr child = bind(*inputs[0]);
        return def->catalyst == "IsNull" ? make_expr(IsNull{std::move(child)}, span)
                                         : make_expr(IsNotNull{std::move(child)}, span);
    }
    std::vector<ExprPtr> args;
    if (def->aggregate && !window_call) {
        check_aggregate_context(name, span);
        saw_aggregate_ = true;
        const std::string outer = std::exchange(enclosing_aggregate_, name);
        args = bind_plain_args(inputs, name);
        enclosing_aggregate_ = outer;
    } else {
        args = built_args ? std::move(*built_args) : bind_plain_args(inputs, name);
    }
    std::vector<Span> spans = arg_spans_of(inputs);
    spans.resize(args.size());
    if (call.ignore_nulls) {
        args.push_back(make_expr(Literal{boolean_type(), "true", false}, span));
        spans.push_back(span);
    }
    ExprPtr bound =
        apply_function(*def, args, spans, call.distinct, span, bind_aggregate_filter(call, name));
    if (def->catalyst == "TimeWindow" || def->catalyst == "SessionWindow") {
        return time_window_column(bound, span);
    }
    return def->catalyst == "WindowTime" ? window_time_column(bound, span) : bound;
}

// Spark 4's SupportsOrderingWithinGroup: the WITHIN GROUP keys are bound as the call's last
// arguments, in the aggregate's context, and their directions kept beside them.
//
//     percentile_cont(0.5) WITHIN GROUP (ORDER BY s.x DESC)
//         -> percentile_cont(0.5, s.x), within_group [DESC NULLS LAST]
//     listagg(s.name) WITHIN GROUP (ORDER BY s.id)
//         -> listagg(s.name, NULL, s.id), within_group [ASC NULLS FIRST]
ExprPtr Binder::bind_within_group(const FunctionDef& def, const ast::Call& call,
                                  const std::string& name, Span span, bool window_call) {
    const std::span<const ast::ExprPtr> arguments = call.inputs();
    const std::span<const ast::ExprPtr> keys = call.keys();
    const bool inverse = def.within_group != WithinGroup::Ordering;
    const std::string invalid = "[INVALID_INVERSE_DISTRIBUTION_FUNCTION";
    // The arguments written besides the value in WITHIN GROUP.
    const auto besides = static_cast<std::size_t>(def.min_args - 1);
    if (inverse && keys.empty()) {
        if (def.within_group == WithinGroup::Inverse) {
            check_arity(name, arguments.size(), def.min_args - 1, def.min_args - 1, span);
        }
        if (arguments.size() == besides) {
            fail(span, invalid + ".WITHIN_GROUP_MISSING] Invalid inverse distribution function '" +
                           name + "': WITHIN GROUP (ORDER BY ...) is required for it.");
        }
        check_arity(name, arguments.size(), def.min_args, def.max_args, span);
    } else if (inverse) {
        if (keys.size() != 1) {
            fail(keys[1]->span,
                 invalid + ".WRONG_NUM_ORDERINGS] Invalid inverse distribution function '" + name +
                     "': it requires 1 ordering in WITHIN GROUP but got " +
                     std::to_string(keys.size()) + ".");
        }
        if (call.distinct) {
            fail(span, invalid + ".DISTINCT_UNSUPPORTED] Invalid inverse distribution function '" +
                           name + "': DISTINCT is not supported with WITHIN GROUP.");
        }
        if (arguments.size() != besides) {
            // The key is the value: `mode(x) WITHIN GROUP (ORDER BY x)` writes it twice.
            fail(span, "function '" + name + "' takes its value from WITHIN GROUP (ORDER BY " +
                           "...) and " +
                           count_phrase(def.min_args - 1, def.min_args - 1, "argument") +
                           " besides, got " + std::to_string(arguments.size()));
        }
    } else {
        check_arity(name, arguments.size(), def.min_args, def.max_args, span);
    }
    const bool aggregating = !window_call;
    if (aggregating) {
        check_aggregate_context(name, span);
        saw_aggregate_ = true;
    }
    const std::string outer = aggregating ? std::exchange(enclosing_aggregate_, name) : "";
    std::vector<ExprPtr> args = bind_plain_args(arguments, name);
    std::vector<Span> spans = arg_spans_of(arguments);
    if (def.within_group == WithinGroup::Ordering) {
        // ListAgg's default delimiter: Literal(null), shown as `listagg(v, NULL)`.
        while (args.size() < static_cast<std::size_t>(def.max_args)) {
            args.push_back(make_expr(Literal{null_type(), "null", true}, span));
            spans.push_back(span);
        }
    }
    for (const ExprPtr& key : bind_plain_args(keys, name)) {
        args.push_back(key);
    }
    for (const ast::ExprPtr& key : keys) {
        spans.push_back(key->span);
    }
    if (aggregating) {
        enclosing_aggregate_ = outer;
    }
    if (call.distinct && !inverse && !keys.empty() &&
        (keys.size() != 1 || !same_expr(*args.back(), *args.front()))) {
        // ListAgg.validateDistinctOrderCompatibility: DISTINCT removes repeated values, which
        // is only sound when the values are what is ordered.
        fail(span, "[INVALID_WITHIN_GROUP_EXPRESSION.MISMATCH_WITH_DISTINCT_INPUT] '" + name +
                       "' with DISTINCT must be ordered by its value, '" +
                       written(arguments.front()->span) + "'.");
    }
    return apply_function(def, args, spans, call.distinct, span, bind_aggregate_filter(call, name),
                          call.within_group);
}

namespace {

/// What a name the catalog does not know may have meant.
std::string function_did_you_mean(std::string_view name) {
    static const std::vector<std::string> candidates = function_names();
    return did_you_mean(name, candidates);
}

} // namespace

ExprPtr Binder::bind_udf(const ast::Call& call, const std::string& name, Span span) {
    for (const ast::ExprPtr& arg : call.args) {
        if (as_lambda(arg) != nullptr) {
            // Only a higher-order function takes a lambda: most likely a misspelled one.
            fail(call.name.span, "unknown function '" + name +
                                     "': only a higher-order function takes a lambda" +
                                     function_did_you_mean(name));
        }
    }
    std::vector<ExprPtr> args = bind_plain_args(call.args, name);
    if (ctx_.warned_udfs.insert(name).second) {
        std::string message = unsupported_builtin_note(ascii_lower(name));
        if (message.empty()) {
            message = "unknown function '";
            message += name;
            message += "'";
        }
        message += ", treated as a user-defined function: its arguments are read whole";
        message += function_did_you_mean(name);
        ctx_.warnings.push_back(
            Diagnostic{Severity::Warning, std::move(message), source_, call.name.span});
    }
    return make_expr(ScalarFunction{user_function(name), std::move(args), call.distinct}, span);
}

// --- constructors and extractors with their own nodes ----------------------------------------

ExprPtr Binder::bind_named_struct(const ast::Call& call, Span span) {
    if (call.distinct) {
        fail(span, "DISTINCT is only allowed in aggregate functions, not in 'named_struct'");
    }
    const std::size_t n = call.args.size();
    if (n == 0 || n % 2 != 0) {
        fail(span, "function 'named_struct' takes name and value pairs, got " + std::to_string(n) +
                       (n == 1 ? " argument" : " arguments"));
    }
    std::vector<Name> names;
    std::vector<ExprPtr> values;
    for (std::size_t i = 0; i < n; i += 2) {
        const ast::Expr& name_arg = *call.args[i];
        const auto* lit = std::get_if<ast::Literal>(&name_arg.node);
        if (lit == nullptr || lit->kind != ast::LiteralKind::String) {
            fail(name_arg.span, "the field names of 'named_struct' must be string literals");
        }
        names.push_back(lit->text);
        const ast::ExprPtr& value_arg = call.args[i + 1];
        if (std::holds_alternative<ast::Star>(value_arg->node)) {
            fail(value_arg->span, "'*' is only allowed in the select list or in count(*)");
        }
        if (as_lambda(value_arg) != nullptr) {
            fail(value_arg->span,
                 "a lambda is not allowed here: 'named_struct' is not a higher-order function");
        }
        values.push_back(bind(*value_arg));
    }
    return make_expr(CreateNamedStruct{std::move(names), std::move(values)}, span);
}

ExprPtr Binder::bind_struct(const ast::Call& call, Span span) {
    // Spark: CreateStruct.apply — a (possibly dotted) name keeps its last part, an extraction
    // with a string key its key, anything else is `col<N>` by 1-based position.
    if (call.distinct) {
        fail(span, "DISTINCT is only allowed in aggregate functions, not in 'struct'");
    }
    std::vector<Name> names;
    std::vector<ExprPtr> values;
    // `struct(e AS name, ...)`: each argument is followed by its name or NULL (Spark's
    // CreateStruct takes an Alias's name; the name shows in the column's, `struct(e AS name)`).
    const std::size_t step = call.aliased ? 2 : 1;
    std::vector<std::string> written_names;
    for (std::size_t at = 0; at < call.args.size(); at += step) {
        const std::size_t i = at / step;
        const ast::Expr& arg = *call.args[at];
        const ast::Literal* alias =
            call.aliased ? std::get_if<ast::Literal>(&call.args[at + 1]->node) : nullptr;
        if (alias != nullptr && alias->kind != ast::LiteralKind::String) {
            alias = nullptr;
        }
        if (call.aliased && std::holds_alternative<ast::Star>(arg.node) && alias != nullptr) {
            fail(call.args[at + 1]->span, "a star cannot have an alias: it stands for several "
                                          "columns, each keeping its own name");
        }
        if (const auto* star = std::get_if<ast::Star>(&arg.node)) {
            for (ExprPtr& column : expand_star(*star, arg.span)) {
                written_names.emplace_back();
                // Spark's CreateStruct takes a named expression's name; the alias goes.
                const OutputRef field{std::move(column), false};
                names.push_back(field.name());
                values.push_back(field.child());
            }
            continue;
        }
        if (std::holds_alternative<ast::Lambda>(arg.node)) {
            fail(arg.span, "a lambda is not allowed here: 'struct' is not a higher-order function");
        }
        ExprPtr value = bind(arg);
        written_names.emplace_back(alias != nullptr ? alias->text : "");
        std::string name = "col" + std::to_string(i + 1);
        if (alias != nullptr) {
            name = alias->text;
        } else if (const auto* ref = std::get_if<ast::NameRef>(&arg.node)) {
            name = ref->parts.back().name;
        } else if (const auto* fa = std::get_if<ast::FieldAccess>(&arg.node)) {
            name = fa->field.name;
        } else if (const auto* sub = std::get_if<ast::Subscript>(&arg.node)) {
            const auto* key = std::get_if<ast::Literal>(&sub->index->node);
            if (key != nullptr && key->kind == ast::LiteralKind::String) {
                name = key->text;
            }
        }
        names.push_back(std::move(name));
        values.push_back(std::move(value));
    }
    ExprPtr result = make_expr(CreateNamedStruct{std::move(names), std::move(values)}, span);
    ctx_.pretty.struct_calls.insert(result.get());
    if (call.aliased) {
        ctx_.pretty.struct_aliases.emplace(result.get(), std::move(written_names));
    }
    return result;
}

ExprPtr Binder::bind_element_at(const ast::Call& call, Span span) {
    check_arity("element_at", call.args.size(), 2, 2, span);
    if (call.distinct) {
        fail(span, "DISTINCT is only allowed in aggregate functions, not in 'element_at'");
    }
    std::vector<ExprPtr> args = bind_plain_args(call.args, "element_at");
    const ExprPtr& base = args[0];
    const Span base_span = call.args[0]->span;
    check_not_udf_result(base, base_span, "subscript");
    if (base->type->array()) {
        return make_expr(ElementAt{base, array_index(args[1], call.args[1]->span)}, span);
    }
    if (base->type->map()) {
        return make_expr(ElementAt{base, map_key(base, args[1], call.args[1]->span)}, span);
    }
    fail(base_span, "function 'element_at' expects an array or a map as argument 1, got " +
                        catalog_string(*base->type));
}

ExprPtr Binder::bind_map_extract(const ast::Call& call, Span span, bool keys) {
    const char* name = keys ? "map_keys" : "map_values";
    check_arity(name, call.args.size(), 1, 1, span);
    if (call.distinct) {
        fail(span,
             std::string("DISTINCT is only allowed in aggregate functions, not in '") + name + "'");
    }
    std::vector<ExprPtr> args = bind_plain_args(call.args, name);
    const ExprPtr& map = args[0];
    check_not_udf_result(map, call.args[0]->span, "access a field of");
    if (!map->type->map()) {
        fail(call.args[0]->span, std::string("function '") + name + "' expects a map, got " +
                                     catalog_string(*map->type));
    }
    if (keys) {
        return make_expr(MapKeys{map}, span);
    }
    return make_expr(MapValues{map}, span);
}

// --- higher-order functions ------------------------------------------------------------------

ExprPtr Binder::bind_lambda(const ast::Expr& lambda_expr, std::string_view role,
                            std::string_view function, const LambdaSpec& spec,
                            const std::vector<Typed>& param_types) {
    const ast::Lambda& lambda = std::get<ast::Lambda>(lambda_expr.node);
    const int given = static_cast<int>(lambda.params.size());
    const int max = static_cast<int>(spec.params.size());
    if (given < spec.min_params || given > max) {
        fail(lambda_expr.span, "the " + std::string(role) + " of '" + std::string(function) +
                                   "' takes " + count_phrase(spec.min_params, max, "parameter") +
                                   ", got " + std::to_string(given));
    }
    for (std::size_t i = 0; i < lambda.params.size(); ++i) {
        for (std::size_t j = 0; j < i; ++j) {
            if (names_match(lambda.params[i].name, lambda.params[j].name, cs_)) {
                fail(lambda.params[i].span,
                     "duplicate lambda parameter '" + lambda.params[i].name + "'");
            }
        }
    }
    std::vector<ExprPtr> vars;
    for (std::size_t i = 0; i < lambda.params.size(); ++i) {
        const ast::Identifier& p = lambda.params[i];
        vars.push_back(make_expr(
            NamedLambdaVariable{p.name, param_types[i].type, param_types[i].nullable, fresh_id()},
            p.span));
    }
    frames_.push_back(vars);
    ExprPtr body = bind(*lambda.body);
    frames_.pop_back();
    return make_expr(LambdaFunction{body, std::move(vars)}, lambda_expr.span);
}

ExprPtr Binder::bind_hof(const HofDef& def, const ast::Call& call, Span span) {
    const std::string function(def.name);
    if (call.distinct) {
        fail(span, "DISTINCT is only allowed in aggregate functions, not in '" + function + "'");
    }
    const std::size_t n = call.args.size();
    check_arity(function, n, def.min_args, def.max_args, span);

    auto lambda_spec_at = [&](std::size_t pos) -> const LambdaSpec* {
        for (const LambdaSpec& spec : def.lambdas) {
            if (static_cast<std::size_t>(spec.position) == pos) {
                return &spec;
            }
        }
        return nullptr;
    };
    // Arguments other than lambdas first, left to right: the lambdas' parameter types depend on
    // them, and every table row puts its lambdas after the collections and aggregate's start.
    std::vector<ExprPtr> args(n);
    for (std::size_t i = 0; i < n; ++i) {
        const ast::ExprPtr& arg = call.args[i];
        if (std::holds_alternative<ast::Star>(arg->node)) {
            fail(arg->span, "'*' is only allowed in the select list or in count(*)");
        }
        if (lambda_spec_at(i) != nullptr) {
            if (as_lambda(arg) == nullptr) {
                fail(arg->span, "argument " + std::to_string(i + 1) + " of '" + function +
                                    "' must be a lambda function");
            }
            continue;
        }
        if (as_lambda(arg) != nullptr) {
            fail(arg->span, "a lambda is not allowed here: argument " + std::to_string(i + 1) +
                                " of '" + function + "' is not a function");
        }
        args[i] = bind(*arg);
    }

    for (int pos : def.collection_args) {
        const ExprPtr& c = args.at(static_cast<std::size_t>(pos));
        const bool ok = def.map_input ? c->type->map() != nullptr : c->type->array() != nullptr;
        if (!ok) {
            fail(c->span, "argument " + std::to_string(pos + 1) + " of '" + function +
                              "' must be " + (def.map_input ? "a map" : "an array") + ", got " +
                              catalog_string(*c->type));
        }
    }
    if (def.kind == HofKind::ArraySort && n == 1 &&
        !is_orderable(*args[0]->type->array()->element)) {
        // Spark's ArraySort (DATATYPE_MISMATCH.INVALID_ORDERING_TYPE): the default comparator
        // orders the elements themselves, which a map, or anything holding one, cannot be.
        fail(args[0]->span, "function '" + function + "' cannot sort elements of type " +
                                catalog_string(*args[0]->type->array()->element) +
                                " without a comparator");
    }
    if (def.kind == HofKind::MapZipWith) {
        // Spark's TypeCoercion: both maps get the wider key type.
        ExprPtr& left = args[0];
        ExprPtr& right = args[1];
        const MapType& lm = *left->type->map();
        const MapType& rm = *right->type->map();
        if (!same_type(*lm.key, *rm.key)) {
            // Spark's MapZipWithCoercion widens only when the casts cannot produce nulls
            // (!Cast.forceNullable): here, between numeric key types.
            std::optional<TypePtr> key;
            if (is_numeric(*lm.key) && is_numeric(*rm.key)) {
                key = wider_common_type(lm.key, rm.key);
            }
            if (!key) {
                fail(span, "the maps of 'map_zip_with' have incompatible key types " +
                               catalog_string(*lm.key) + " and " + catalog_string(*rm.key));
            }
            left = cast_to(left, make_map(*key, lm.value, lm.value_contains_null));
            right = cast_to(right, make_map(*key, rm.value, rm.value_contains_null));
        }
    }

    // aggregate's start value: the one argument that is neither a collection nor a lambda.
    ExprPtr start;
    for (std::size_t i = 0; i < n; ++i) {
        const bool collection = std::find(def.collection_args.begin(), def.collection_args.end(),
                                          static_cast<int>(i)) != def.collection_args.end();
        if (!collection && lambda_spec_at(i) == nullptr) {
            start = args[i];
            break;
        }
    }

    for (std::size_t li = 0; li < def.lambdas.size(); ++li) {
        const LambdaSpec& spec = def.lambdas[li];
        const auto pos = static_cast<std::size_t>(spec.position);
        if (pos >= n) {
            continue; // an optional lambda left out (arity was checked above)
        }
        std::vector<Typed> types;
        for (const ParamSpec& p : spec.params) {
            const ExprPtr& input = args.at(static_cast<std::size_t>(p.input));
            switch (p.source) {
            case ParamSource::Element: {
                const ArrayType& at = *input->type->array();
                types.push_back(
                    Typed{at.element, def.kind == HofKind::ZipWith || at.contains_null});
                break;
            }
            case ParamSource::Index:
                types.push_back(Typed{int_type(), false});
                break;
            case ParamSource::Key:
                types.push_back(Typed{input->type->map()->key, false});
                break;
            case ParamSource::Value: {
                const MapType& mt = *input->type->map();
                types.push_back(
                    Typed{mt.value, def.kind == HofKind::MapZipWith || mt.value_contains_null});
                break;
            }
            case ParamSource::Accumulator:
                if (!start) {
                    throw InternalError("higher-order function '" + function +
                                        "' has an accumulator but no start value");
                }
                types.push_back(Typed{start->type, true});
                break;
            }
        }
        std::string role = "lambda";
        if (def.kind == HofKind::ArraySort) {
            role = "comparator";
        } else if (def.lambdas.size() > 1) {
            role = li == 0 ? "merge lambda" : "finish lambda";
        }
        ExprPtr bound = bind_lambda(*call.args[pos], role, function, spec, types);
        const ExprPtr& body = bound->as<LambdaFunction>()->body;
        const DataType& result = *body->type;
        auto must_return = [&](const std::string& what) {
            const ast::Lambda* lambda = as_lambda(call.args[pos]);
            fail(lambda != nullptr ? lambda->body->span : call.args[pos]->span,
                 "the " + role + " of '" + function + "' must return " + what + ", got " +
                     catalog_string(result));
        };
        switch (def.kind) {
        case HofKind::Exists:
        case HofKind::ForAll:
        case HofKind::Filter:
        case HofKind::MapFilter:
            if (!result.is(AtomicKind::Boolean)) {
                must_return("boolean");
            }
            break;
        case HofKind::ArraySort:
            if (!result.is(AtomicKind::Integer)) {
                must_return("int");
            }
            break;
        case HofKind::Aggregate:
            // Spark: ArrayAggregate.checkInputDataTypes — no coercion, the merge result must
            // have the start value's type.
            if (li == 0 && !equals_structurally(result, *start->type)) {
                must_return(catalog_string(*start->type) + " (the type of the start value)");
            }
            if (li == 0 && !same_type(result, *start->type)) {
                // Same shape, other field names: Spark evaluates it positionally; a cast to the
                // accumulator's type makes that explicit for our typing.
                const auto& f = *bound->as<LambdaFunction>();
                bound =
                    make_expr(LambdaFunction{cast_to(f.body, start->type), f.args}, bound->span);
            }
            break;
        case HofKind::Transform:
        case HofKind::ZipWith:
        case HofKind::TransformKeys:
        case HofKind::TransformValues:
        case HofKind::MapZipWith:
            break;
        }
        args[pos] = std::move(bound);
    }
    return make_expr(HigherOrderFunction{&def, std::move(args)}, span);
}

} // namespace prune::analyzer_detail

// --- window expressions ------------------------------------------------------------------------

namespace prune::analyzer_detail {
namespace {

bool is_ranking(const std::string& name) {
    return name == "rank" || name == "dense_rank" || name == "percent_rank";
}

/// Spark's SQL of a frame: `ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW`.
std::string frame_sql(const WindowFrameSpec& frame) {
    const auto bound = [](const WindowBound& b) -> std::string {
        switch (b.kind) {
        case WindowBoundKind::UnboundedPreceding:
            return "UNBOUNDED PRECEDING";
        case WindowBoundKind::UnboundedFollowing:
            return "UNBOUNDED FOLLOWING";
        case WindowBoundKind::CurrentRow:
            return "CURRENT ROW";
        case WindowBoundKind::Offset:
            return b.offset < 0 ? std::to_string(-b.offset) + " PRECEDING"
                                : std::to_string(b.offset) + " FOLLOWING";
        }
        return "?";
    };
    return std::string(frame.type == WindowFrameType::Rows ? "ROWS" : "RANGE") + " BETWEEN " +
           bound(frame.lower) + " AND " + bound(frame.upper);
}

/// Where a bound lies, for comparing the two ends of a frame.
double bound_position(const WindowBound& b) {
    switch (b.kind) {
    case WindowBoundKind::UnboundedPreceding:
        return -1e300;
    case WindowBoundKind::UnboundedFollowing:
        return 1e300;
    case WindowBoundKind::CurrentRow:
        return 0;
    case WindowBoundKind::Offset:
        return static_cast<double>(b.offset);
    }
    return 0;
}

bool same_frame(const WindowFrameSpec& a, const WindowFrameSpec& b) {
    return a.type == b.type && a.lower.kind == b.lower.kind && a.upper.kind == b.upper.kind &&
           a.lower.offset == b.lower.offset && a.upper.offset == b.upper.offset;
}

} // namespace

WindowFrameSpec Binder::window_frame(const ast::WindowSpec& spec, const std::string& name,
                                     const std::vector<ExprPtr>& args,
                                     const std::vector<SortOrder>& order) const {
    const WindowBound unbounded_preceding{WindowBoundKind::UnboundedPreceding, 0};
    const WindowBound current{WindowBoundKind::CurrentRow, 0};
    // The frame Spark's window functions require (ResolveWindowFrame), if any.
    std::optional<WindowFrameSpec> required;
    if (name == "row_number" || is_ranking(name) || name == "ntile") {
        required = WindowFrameSpec{WindowFrameType::Rows, unbounded_preceding, current};
    } else if (name == "cume_dist") {
        required = WindowFrameSpec{WindowFrameType::Range, unbounded_preceding, current};
    } else if (name == "lag" || name == "lead") {
        std::int64_t offset = 1;
        if (args.size() > 1) {
            offset = std::stoll(args[1]->as<Literal>()->text.str());
        }
        offset = name == "lag" ? -offset : offset;
        const WindowBound at{WindowBoundKind::Offset, offset};
        required = WindowFrameSpec{WindowFrameType::Rows, at, at};
    }
    if (!spec.frame) {
        if (required) {
            return *required;
        }
        // Spark's default: RANGE to the current row's peers when ordered, else every row.
        return order.empty()
                   ? WindowFrameSpec{WindowFrameType::Rows, unbounded_preceding,
                                     WindowBound{WindowBoundKind::UnboundedFollowing, 0}}
                   : WindowFrameSpec{WindowFrameType::Range, unbounded_preceding, current};
    }
    const ast::WindowFrame& f = *spec.frame;
    WindowFrameSpec frame;
    frame.type = f.type == ast::FrameType::Rows ? WindowFrameType::Rows : WindowFrameType::Range;
    const auto bound = [&](const ast::FrameBound& b) {
        switch (b.kind) {
        case ast::FrameBoundKind::UnboundedPreceding:
            return unbounded_preceding;
        case ast::FrameBoundKind::UnboundedFollowing:
            return WindowBound{WindowBoundKind::UnboundedFollowing, 0};
        case ast::FrameBoundKind::CurrentRow:
            return current;
        case ast::FrameBoundKind::Preceding:
        case ast::FrameBoundKind::Following:
            break;
        }
        const auto* lit = std::get_if<ast::Literal>(&b.value->node);
        if (lit == nullptr) {
            fail(b.value->span, "[DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_WITHOUT_FOLDABLE] "
                                "Window frame bound '" +
                                    written(b.value->span) + "' is not a literal.");
        }
        if (lit->kind != ast::LiteralKind::Integer || lit->text.size() > 18) {
            fail(b.value->span,
                 "[DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_UNACCEPTED_TYPE] The data type of "
                 "the window frame bound '" +
                     written(b.value->span) + "' does not match the expected data type \"INT\".");
        }
        const std::int64_t value = std::stoll(lit->text.str());
        return WindowBound{WindowBoundKind::Offset,
                           b.kind == ast::FrameBoundKind::Preceding ? -value : value};
    };
    frame.lower = bound(f.lower);
    frame.upper = bound(f.upper);
    if (frame.lower.kind == WindowBoundKind::UnboundedFollowing ||
        frame.upper.kind == WindowBoundKind::UnboundedPreceding) {
        fail(f.span, "[DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_INVALID_BOUND] Window frame upper "
                     "bound '" +
                         written(f.upper.span) + "' does not follow the lower bound '" +
                         written(f.lower.span) + "'.");
    }
    if (bound_position(frame.lower) > bound_position(frame.upper)) {
        fail(f.span, "[DATATYPE_MISMATCH.SPECIFIED_WINDOW_FRAME_WRONG_COMPARISON] The lower bound "
                     "of a window frame must be less than or equal to the upper bound.");
    }
    const bool by_value =
        frame.lower.kind == WindowBoundKind::Offset || frame.upper.kind == WindowBoundKind::Offset;
    if (frame.type == WindowFrameType::Range && by_value) {
        if (order.empty()) {
            fail(f.span, "[DATATYPE_MISMATCH.RANGE_FRAME_WITHOUT_ORDER] A range window frame "
                         "cannot be used in an unordered window specification.");
        }
        if (order.size() > 1) {
            fail(f.span, "[DATATYPE_MISMATCH.RANGE_FRAME_MULTI_ORDER] A range window frame with "
                         "value boundaries cannot be used in a window specification with "
                         "multiple order by expressions.");
        }
        const DataType& key = *order[0].child->type;
        if (!is_numeric(key) && !key.is(AtomicKind::Date)) {
            fail(f.span, "[DATATYPE_MISMATCH.RANGE_FRAME_INVALID_TYPE] The data type \"" +
                             catalog_string(key) +
                             "\" used in the order specification does not support the data "
                             "type \"INT\" which is used in the range frame.");
        }
    }
    if (required && !same_frame(*required, frame)) {
        fail(f.span, "Window Frame " + window_frame_string(frame) +
                         " must match the required frame " + window_frame_string(*required) +
                         " of '" + name + "'");
    }
    return frame;
}

ExprPtr Binder::bind_over(const ast::Over& over, Span span) {
    if (windows_ == nullptr || in_window_ || !frames_.empty() || !enclosing_aggregate_.empty()) {
        fail(span, "a window function is only allowed in the select list, outside lambdas, "
                   "aggregates and other window functions (not in WHERE, GROUP BY, HAVING or "
                   "ORDER BY)");
    }
    const auto& call = std::get<ast::Call>(over.function->node);
    const std::string name = ascii_lower(call.name.name);
    // The window: a definition of the WINDOW clause (which may name another), or its own.
    const ast::WindowSpec* spec = over.window.get();
    std::size_t hops = 0;
    while (spec->base) {
        if (!spec->partition.empty() || !spec->order.empty() || spec->frame) {
            fail(spec->span, "a window cannot refine the named window '" + spec->base->name +
                                 "' (Spark's grammar has OVER w, OVER (w) or a whole window): "
                                 "repeat its PARTITION BY and ORDER BY");
        }
        const ast::WindowSpec* found = nullptr;
        if (window_defs_ != nullptr) {
            for (const auto& [def_name, def] : *window_defs_) {
                if (names_match(def_name.name, spec->base->name, CaseSensitivity::Insensitive)) {
                    found = &def;
                    break;
                }
            }
        }
        if (found == nullptr || ++hops > window_defs_->size()) {
            fail(spec->base->span, "window '" + spec->base->name +
                                       "' is not defined in the WINDOW clause (or defines itself)");
        }
        spec = found;
    }
    const FunctionDef* def = find_hof(name) == nullptr ? find_function(name) : nullptr;
    if (def == nullptr || def->internal || (!def->window && !def->aggregate)) {
        fail(span, "[UNSUPPORTED_EXPR_FOR_WINDOW] Expression '" + written(over.function->span) +
                       "' not supported within a window function.");
    }
    if (call.distinct) {
        fail(span, "DISTINCT window functions are not supported: '" + written(span) + "'");
    }
    if (call.filtered) {
        fail(span, "window aggregate function with filter predicate is not supported yet: '" +
                       written(span) + "'");
    }
    if (!call.within_group.empty() && (!spec->order.empty() || spec->frame)) {
        // Spark's CheckAnalysis: WITHIN GROUP orders the whole window itself.
        fail(spec->span, "[INVALID_WINDOW_SPEC_FOR_AGGREGATION_FUNC] Cannot specify ORDER BY or a "
                         "window frame for '" +
                             name + "' with WITHIN GROUP.");
    }
    std::vector<ExprPtr> partition;
    for (const ast::ExprPtr& p : spec->partition) {
        partition.push_back(bind(*p));
    }
    std::vector<SortOrder> order;
    for (const ast::OrderItem& o : spec->order) {
        ExprPtr key = bind(*o.expr);
        if (!is_orderable(*key->type)) {
            fail(o.expr->span, "cannot sort by a value of type " + catalog_string(*key->type));
        }
        order.push_back(SortOrder{key, o.ascending, o.nulls_first.value_or(o.ascending)});
    }
    // An aggregate in the keys or the arguments (`rank() OVER (ORDER BY sum(x))`) aggregates
    // the query: the Window is over its Aggregate (Spark's ExtractWindowExpressions).
    in_window_ = true;
    window_call_ = true;
    ExprPtr function = bind(*over.function);
    in_window_ = false;
    const auto* f = function->as<ScalarFunction>();
    if (f == nullptr) {
        throw InternalError("bind_over: a window function bound to no call");
    }
    std::vector<ExprPtr> args(f->args.begin(), f->args.end());
    if (def->window && order.empty()) {
        fail(span, "window function '" + name +
                       "' requires the window to be ordered: add ORDER BY to its OVER clause");
    }
    if (is_ranking(name)) {
        if (!args.empty()) {
            fail(span, "function '" + name + "' takes no arguments");
        }
        // Spark's ResolveWindowOrder: rank's children are the window's order keys.
        for (const SortOrder& o : order) {
            args.push_back(o.child);
        }
        function =
            make_expr(ScalarFunction{def, ExprList(std::span<const ExprPtr>(args)), false, false},
                      function->span);
    }
    if ((name == "lag" || name == "lead") && args.size() < 3) {
        // Spark's Lag and Lead hold their offset (1) and default (null) as children.
        if (args.size() < 2) {
            args.push_back(make_expr(Literal{int_type(), "1", false}, span));
        }
        args.push_back(make_expr(Literal{make_atomic(AtomicKind::Null), "null", true}, span));
        function =
            make_expr(ScalarFunction{def, ExprList(std::span<const ExprPtr>(args)), false, false},
                      function->span);
    }
    bool ignore_nulls = false;
    if (over.ignore_nulls) {
        if (takes_ignore_nulls(*def)) {
            if (args.size() > 1) {
                fail(span, "'" + name + "' has its ignoreNulls argument and IGNORE NULLS both");
            }
            args.push_back(
                make_expr(Literal{make_atomic(AtomicKind::Boolean), "true", false}, span));
            function = make_expr(
                ScalarFunction{def, ExprList(std::span<const ExprPtr>(args)), false, false},
                function->span);
        } else if (name == "lag" || name == "lead" || name == "nth_value") {
            ignore_nulls = true;
        } else {
            fail(span, "[INVALID_SQL_SYNTAX.FUNCTION_WITH_UNSUPPORTED_SYNTAX] The function '" +
                           name + "' does not support IGNORE NULLS.");
        }
    }
    if (name == "nth_value" || name == "ntile") {
        const auto* n = args[name == "ntile" ? 0 : 1]->as<Literal>();
        if (n == nullptr || n->is_null || n->text.view().starts_with("-") ||
            n->text.view() == "0") {
            fail(span, "'" + name + "' needs a positive integer constant");
        }
    }
    const WindowFrameSpec frame = window_frame(*spec, name, args, order);
    // Spark's name of the column: the window expression's SQL.
    std::string sql = name == "row_number" ? "row_number()"
                      : is_ranking(name)   ? ascii_upper(name) + "()"
                                           : pretty_sql(*function, pretty());
    std::string spec_sql;
    for (std::size_t i = 0; i < partition.size(); ++i) {
        spec_sql += (i == 0 ? "PARTITION BY " : ", ") + pretty_sql(*partition[i], pretty());
    }
    for (std::size_t i = 0; i < order.size(); ++i) {
        spec_sql += std::string(i == 0 ? (spec_sql.empty() ? "ORDER BY " : " ORDER BY ") : ", ") +
                    pretty_sql(*order[i].child, pretty()) +
                    (order[i].ascending ? " ASC" : " DESC") +
                    (order[i].nulls_first ? " NULLS FIRST" : " NULLS LAST");
    }
    sql += " OVER (" + spec_sql + (spec_sql.empty() ? "" : " ") + frame_sql(frame) + ")";
    ExprPtr column = make_expr(
        AttributeReference{Name(sql), function->type, fresh_id(), function->nullable, false}, span);
    windows_->push_back(
        BoundWindow{function, std::move(partition), std::move(order), frame, ignore_nulls, column});
    return column;
}

} // namespace prune::analyzer_detail

namespace prune {

bool is_builtin_function(std::string_view name) {
    const std::string lowered = ascii_lower(name);
    if (analyzer_detail::is_generator_name(lowered) || analyzer_detail::is_cast_alias(lowered)) {
        return true;
    }
    // The names bind_call dispatches on before the catalog, and the rows a query may call.
    static const std::vector<std::string> names = function_names();
    return std::find(names.begin(), names.end(), lowered) != names.end();
}

} // namespace prune
