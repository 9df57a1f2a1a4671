// Spark's TimeWindowing (ResolveTimeWindows.scala, TimeWindowResolution): a query block's
// `window(time, duration[, slide[, start]])` becomes a column, `window`, which a sub-plan
// over the FROM clause computes, so that grouping by it, taking `window.start` or filtering
// on it are plain column reads for every later pass.
//
//     SELECT window.start, count(*) FROM t GROUP BY window(ts, '5 minutes')
//
//     Aggregate [window#9], [window#9.start AS start#10, count(1) AS count(1)#11L]
//     +- Project [named_struct(start, knownnullable(precisetimestampconversion(...)), end, ...)
//     |           AS window#9, ts#1, ...]
//        +- Filter isnotnull(ts#1)
//           +- Relation t[ts#1, ...]
//
// A sliding window (its slide shorter than its length) is an Expand of one projection per
// window a time may fall in, ceil(window / slide) of them, under a Filter of the windows that
// hold the time (or of non-NULL times, when the slide divides the length: every projection
// then holds it). `session_window(time, gap)` is the same kind of column (SessionWindowing: a
// Filter over a Project of [time, time + gap)), and `window_time(w)` of a window column one
// more (ResolveWindowTime: a Project of `w.end` less a microsecond).

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "plan/analyzer_internal.hpp"
#include "plan/plan.hpp"
#include "plan/typing.hpp"
#include "types/interval.hpp"
#include "util/overloaded.hpp"

namespace prune::analyzer_detail {

namespace {

bool is_time_window_call(const ast::Expr& e) {
    const auto* call = std::get_if<ast::Call>(&e.node);
    return call != nullptr && (equal_ignoring_ascii_case(call->name.name, "window") ||
                               equal_ignoring_ascii_case(call->name.name, "session_window"));
}

const ast::Expr* find_in(const ast::Expr* e) {
    if (e == nullptr) {
        return nullptr;
    }
    if (is_time_window_call(*e)) {
        return e;
    }
    const ast::Expr* found = nullptr;
    ast::for_each_child(*e, [&](const ast::Expr* child) {
        if (found == nullptr) {
            found = find_in(child);
        }
    });
    return found;
}

/// The window's expressions, each placed where the query calls window() (--explain).
struct Builder {
    Span at;

    ExprPtr bigint(std::int64_t v) const {
        return make_expr(Literal{long_type(), std::to_string(v), false}, at);
    }
    ExprPtr binary(BinaryOpKind op, ExprPtr l, ExprPtr r) const {
        return make_expr(BinaryOp{op, std::move(l), std::move(r)}, at);
    }
    ExprPtr call(std::string_view function, ExprPtr arg) const {
        return make_expr(ScalarFunction{&catalog_function(function), ExprList({std::move(arg)})},
                         at);
    }
    /// Microseconds back to a timestamp of `like`'s type (PreciseTimestampConversion).
    ExprPtr to_timestamp(ExprPtr micros, const DataType& like) const {
        return call(like.is(AtomicKind::TimestampNtz) ? "precise_long_to_timestamp_ntz"
                                                      : "precise_long_to_timestamp",
                    std::move(micros));
    }
};

/// The bounds of the `i`th window a time may fall in, as TimeWindowing computes them in the
/// time's microseconds:
///     remainder = (t - start) % slide
///     lastStart = t - (remainder < 0 ? remainder + slide : remainder)
///     windowStart = lastStart - i * slide, windowEnd = windowStart + window
ExprPtr window_bounds(const TimeWindowing& w, std::int64_t i) {
    const Builder b{w.call->span};
    const ExprPtr& time = w.call->as<ScalarFunction>()->args[0];
    const TimeWindowSpec& spec = w.spec;
    const ExprPtr micros = b.call("precise_timestamp_to_long", time);
    const ExprPtr remainder = b.binary(
        BinaryOpKind::Remainder, b.binary(BinaryOpKind::Subtract, micros, b.bigint(spec.start)),
        b.bigint(spec.slide));
    const ExprPtr offset =
        make_expr(CaseWhen{{{b.binary(BinaryOpKind::LessThan, remainder, b.bigint(0)),
                             b.binary(BinaryOpKind::Add, remainder, b.bigint(spec.slide))}},
                           remainder},
                  b.at);
    const ExprPtr start =
        b.binary(BinaryOpKind::Subtract, b.binary(BinaryOpKind::Subtract, micros, offset),
                 b.bigint(i * spec.slide));
    const ExprPtr end = b.binary(BinaryOpKind::Add, start, b.bigint(spec.window));
    return make_expr(
        CreateNamedStruct{FieldNames{Name("start"), Name("end")},
                          ExprList({b.call("knownnullable", b.to_timestamp(start, *time->type)),
                                    b.call("knownnullable", b.to_timestamp(end, *time->type))})},
        b.at);
}

} // namespace

std::pair<const ast::Expr*, bool> find_time_window_call(const ast::Select& select) {
    if (const ast::Expr* in_where = find_in(select.where.get())) {
        return {in_where, true};
    }
    std::vector<const ast::Expr*> clauses;
    for (const ast::SelectItem& item : select.items) {
        clauses.push_back(item.expr.get());
    }
    for (const ast::ExprPtr& key : select.group_by) {
        clauses.push_back(key.get());
    }
    clauses.push_back(select.having.get());
    for (const ast::OrderItem& key : select.order_by) {
        clauses.push_back(key.expr.get());
    }
    for (const ast::Expr* e : clauses) {
        if (const ast::Expr* found = find_in(e)) {
            return {found, false};
        }
    }
    return {nullptr, false};
}

ExprPtr Binder::time_window_column(const ExprPtr& bound, Span span) {
    const auto& f = *bound->as<ScalarFunction>();
    const std::string function(f.name());
    if (time_window_ == nullptr) {
        fail(span, function + "() is only allowed in the select list, WHERE, GROUP BY, HAVING and "
                              "ORDER BY of a query block (Spark's analyzer replaces it there)");
    }
    for (const ExprPtr& arg : f.args) {
        visit_down(arg, [&](const ExprPtr& e) {
            if (const auto* inner = e->as<ScalarFunction>();
                inner != nullptr && inner->def->aggregate) {
                fail(span, "the arguments of " + function +
                               "() cannot be aggregates: the window is computed below the "
                               "aggregation");
            }
            return !e->is<SubqueryExpression>();
        });
    }
    if (!*time_window_) {
        TimeWindowSpec spec;
        if (f.def->catalyst == "TimeWindow") {
            std::string error;
            int bad = -1;
            const std::optional<TimeWindowSpec> read = time_window_spec(f.args, error, bad);
            if (!read) {
                throw InternalError("window() typed with durations it cannot read: " + error);
            }
            spec = *read;
        }
        ExprPtr column =
            make_expr(AttributeReference{Name(function == "window" ? "window" : "session_window"),
                                         bound->type, fresh_id(), true},
                      span);
        // Found by name (`window.start`), not by `*` (Spark expands the star before the rule
        // adds the column).
        scope_.columns.push_back(ScopeColumn{column, Qualifier{}, true, false});
        scope_.output.push_back(column);
        ctx_.window_columns.insert(column->as<AttributeReference>()->id);
        time_window_->emplace(TimeWindowing{bound, spec, std::move(column)});
    } else if (!same_expr(*(*time_window_)->call, *bound)) {
        fail(span, "a query block may have one time window, but '" + written(span) +
                       "' differs from the one before it (Spark: multiple time/session window "
                       "expressions would result in a cartesian product of rows, therefore "
                       "they are currently not supported)");
    }
    const auto& column = *(*time_window_)->column->as<AttributeReference>();
    return make_expr(AttributeReference{column.name, column.type, column.id, column.nullable},
                     span);
}

namespace {

/// A session window's gap as SessionWindowing reads it: a CALENDAR INTERVAL (a string cast to
/// one; a literal folded, as Spark's optimizer folds the cast), and whether it may not be
/// positive, when the sessions it makes must be checked (a gap that is not a literal, or one
/// of zero or less).
std::pair<ExprPtr, bool> session_gap(const ExprPtr& gap, Span at) {
    const TypePtr calendar = make_atomic(AtomicKind::CalendarInterval);
    const bool typed = gap->type->is(AtomicKind::CalendarInterval);
    const auto* literal = gap->as<Literal>();
    if (literal == nullptr || literal->is_null) {
        return {typed ? gap : cast_to(gap, calendar), true};
    }
    std::string text = literal->text.str();
    if (typed) {
        // INTERVAL '…', kept as written by the parser.
        const std::size_t open = text.find('\'');
        text = text.substr(open + 1, text.rfind('\'') - open - 1);
    }
    std::string error;
    const std::optional<CalendarInterval> interval = string_to_calendar_interval(text, error);
    if (!interval) {
        return {typed ? gap : cast_to(gap, calendar), true};
    }
    const std::int64_t sum =
        std::int64_t{interval->months} + std::int64_t{interval->days} + interval->micros;
    return {make_expr(Literal{calendar, calendar_interval_string(*interval), false}, at), sum <= 0};
}

/// SessionWindowing: a Filter of non-NULL times (and, when the gap may not be positive, of
/// sessions that end after they start) over a Project of [time, time + gap).
PlanPtr session_window_plan(const TimeWindowing& w, PlanPtr child) {
    const Builder b{w.call->span};
    const auto& f = *w.call->as<ScalarFunction>();
    const ExprPtr& time = f.args[0];
    const auto [gap, check_bounds] = session_gap(f.args[1], b.at);
    const auto bound = [&](const ExprPtr& t) {
        return b.call("knownnullable",
                      b.to_timestamp(b.call("precise_timestamp_to_long", t), *time->type));
    };
    const ExprPtr end =
        make_expr(ScalarFunction{&catalog_function("timeadd"), ExprList({time, gap})}, b.at);
    const auto& column = *w.column->as<AttributeReference>();
    std::vector<ExprPtr> exprs{
        make_expr(Alias{make_expr(CreateNamedStruct{FieldNames{Name("start"), Name("end")},
                                                    ExprList({bound(time), bound(end)})},
                                  b.at),
                        column.name, column.id},
                  b.at)};
    const std::vector<ExprPtr> columns = plan_output(*child);
    exprs.insert(exprs.end(), columns.begin(), columns.end());
    ExprPtr condition = make_expr(IsNotNull{time}, b.at);
    if (check_bounds) {
        const auto field = [&](std::size_t i) {
            return make_expr(GetStructField{w.column, i, Name()}, b.at);
        };
        condition = b.binary(BinaryOpKind::And, condition,
                             b.binary(BinaryOpKind::GreaterThan, field(1), field(0)));
    }
    return make_plan(
        Filter{std::move(condition), make_plan(Project{std::move(exprs), std::move(child)})});
}

} // namespace

ExprPtr Binder::window_time_column(const ExprPtr& bound, Span span) {
    const auto& f = *bound->as<ScalarFunction>();
    const auto* window = f.args[0]->as<AttributeReference>();
    if (window == nullptr || !ctx_.window_columns.contains(window->id)) {
        fail(f.args[0]->span.end > f.args[0]->span.begin ? f.args[0]->span : span,
             "window_time() takes a window column, one that window() or session_window() "
             "makes, or an alias of one (Spark: the input is not a correct window column)");
    }
    if (window_times_ == nullptr) {
        fail(span, "window_time() is only allowed in the select list, WHERE, GROUP BY, HAVING "
                   "and ORDER BY of a query block (Spark's analyzer replaces it there)");
    }
    const bool in_where = clause_ == Clause::Where;
    // The window column this block computes over its WHERE, if it does: not readable under it.
    const std::optional<ExprId> over_where =
        time_window_ != nullptr && *time_window_ && !(*time_window_)->under_where
            ? std::optional<ExprId>((*time_window_)->column->as<AttributeReference>()->id)
            : std::nullopt;
    if (in_where && over_where == window->id) {
        fail(span, "the WHERE clause cannot read '" + window->name.str() +
                       "': the select list's window() is computed over the WHERE");
    }
    WindowTimes& times = *window_times_;
    std::size_t at = 0;
    while (at < times.calls.size() && !same_expr(*times.calls[at], *bound)) {
        ++at;
    }
    if (at == times.calls.size()) {
        // window.end - 1 microsecond: the window's last instant, which falls in the window.
        const Builder b{span};
        const ExprPtr end = make_expr(GetStructField{f.args[0], 1, Name()}, span);
        const ExprPtr last =
            b.binary(BinaryOpKind::Subtract, b.call("precise_timestamp_to_long", end), b.bigint(1));
        const std::string name = "window_time(" + window->name.str() + ")";
        times.calls.push_back(bound);
        times.columns.push_back(
            make_expr(Alias{b.to_timestamp(last, *bound->type), Name(name), fresh_id()}, span));
    }
    if (in_where && !times.under_where) {
        for (const ExprPtr& call : times.calls) {
            if (call->as<ScalarFunction>()->args[0]->as<AttributeReference>()->id == over_where) {
                fail(span, "unsupported: window_time() in WHERE and of the select list's "
                           "window, which is computed over the WHERE");
            }
        }
        times.under_where = true;
    }
    const auto& alias = *times.columns[at]->as<Alias>();
    return make_expr(AttributeReference{alias.name, bound->type, alias.id, bound->nullable}, span);
}

PlanPtr window_time_plan(const WindowTimes& times, PlanPtr child) {
    std::vector<ExprPtr> exprs = times.columns;
    const std::vector<ExprPtr> columns = plan_output(*child);
    exprs.insert(exprs.end(), columns.begin(), columns.end());
    return make_plan(Project{std::move(exprs), std::move(child)});
}

PlanPtr time_window_plan(const TimeWindowing& w, PlanPtr child) {
    if (w.session()) {
        return session_window_plan(w, std::move(child));
    }
    const Builder b{w.call->span};
    const ExprPtr& time = w.call->as<ScalarFunction>()->args[0];
    const std::vector<ExprPtr> columns = plan_output(*child);
    const auto with_columns = [&](ExprPtr first) {
        std::vector<ExprPtr> out{std::move(first)};
        out.insert(out.end(), columns.begin(), columns.end());
        return out;
    };
    const ExprPtr not_null = make_expr(IsNotNull{time}, b.at);
    const auto& column = *w.column->as<AttributeReference>();
    if (w.spec.tumbling()) {
        // For backward compatibility, Spark says, the NULL times are filtered out.
        ExprPtr bounds = make_expr(Alias{window_bounds(w, 0), column.name, column.id}, b.at);
        return make_plan(Project{with_columns(std::move(bounds)),
                                 make_plan(Filter{not_null, std::move(child)})});
    }
    // Each projection copies the columns, read where the query calls window() (--explain).
    std::vector<std::vector<ExprPtr>> projections;
    for (std::int64_t i = 0; i < w.spec.overlapping(); ++i) {
        std::vector<ExprPtr> projection = with_columns(window_bounds(w, i));
        for (std::size_t c = 1; c < projection.size(); ++c) {
            projection[c] = make_expr(projection[c]->node, b.at);
        }
        projections.push_back(std::move(projection));
    }
    ExprPtr held = not_null;
    if (w.spec.window % w.spec.slide != 0) {
        const auto bound = [&](std::size_t field) {
            return make_expr(GetStructField{w.column, field, Name()}, b.at);
        };
        held =
            b.binary(BinaryOpKind::And, b.binary(BinaryOpKind::GreaterThanOrEqual, time, bound(0)),
                     b.binary(BinaryOpKind::LessThan, time, bound(1)));
    }
    return make_plan(Filter{
        std::move(held),
        make_plan(Expand{std::move(projections), with_columns(w.column), std::move(child)})});
}

} // namespace prune::analyzer_detail
