// Spark's TimeWindow parameters: the durations a `window` call is written with.
#include "plan/time_window.hpp"

#include <array>
#include <charconv>
#include <cstdlib>
#include <limits>

#include "types/interval.hpp"

namespace prune {

namespace {

/// One duration in microseconds (Spark: TimeWindow.parseExpression): a string literal read as
/// a CALENDAR INTERVAL without months, or an integer or bigint literal.
std::optional<std::int64_t> duration(const Expr& e, std::string& error) {
    const auto* literal = e.as<Literal>();
    const AtomicType* atomic = e.type->atomic();
    if (literal == nullptr || literal->is_null || atomic == nullptr ||
        (atomic->kind != AtomicKind::String && atomic->kind != AtomicKind::Integer &&
         atomic->kind != AtomicKind::Long)) {
        error = "expects its durations and start time as integer, bigint or string literals";
        return std::nullopt;
    }
    const std::string_view text = literal->text.view();
    if (atomic->kind != AtomicKind::String) {
        std::int64_t micros = 0;
        std::from_chars(text.data(), text.data() + text.size(), micros);
        return micros;
    }
    std::string why;
    const std::optional<CalendarInterval> interval = string_to_calendar_interval(text, why);
    if (!interval) {
        error = "cannot read '" + std::string(text) + "' as an interval: " + why;
        return std::nullopt;
    }
    if (interval->months != 0) {
        error = "does not take intervals of months or years ('" + std::string(text) +
                "'; Spark: Intervals greater than a month is not supported)";
        return std::nullopt;
    }
    std::int64_t micros = 0;
    if (__builtin_mul_overflow(std::int64_t{interval->days}, kMicrosPerDay, &micros) ||
        __builtin_add_overflow(micros, interval->micros, &micros)) {
        error = "cannot hold '" + std::string(text) + "' in microseconds";
        return std::nullopt;
    }
    return micros;
}

} // namespace

std::optional<TimeWindowSpec> time_window_spec(std::span<const ExprPtr> args, std::string& error,
                                               int& bad_arg) {
    std::array<std::int64_t, 3> values{};
    for (std::size_t i = 1; i < args.size() && i <= values.size(); ++i) {
        const std::optional<std::int64_t> v = duration(*args[i], error);
        if (!v) {
            bad_arg = static_cast<int>(i);
            return std::nullopt;
        }
        values[i - 1] = *v;
    }
    TimeWindowSpec spec{values[0], args.size() > 2 ? values[1] : values[0],
                        args.size() > 3 ? values[2] : 0};
    const auto fail = [&](int arg, std::string message) -> std::optional<TimeWindowSpec> {
        error = std::move(message);
        bad_arg = arg;
        return std::nullopt;
    };
    if (spec.window <= 0) {
        return fail(1, "expects a positive window duration, got " + std::to_string(spec.window) +
                           " microseconds");
    }
    if (spec.slide <= 0) {
        return fail(2, "expects a positive slide duration, got " + std::to_string(spec.slide) +
                           " microseconds");
    }
    if (spec.slide > spec.window) {
        return fail(2, "expects the slide duration (" + std::to_string(spec.slide) +
                           ") to be at most the window duration (" + std::to_string(spec.window) +
                           " microseconds)");
    }
    if (spec.start == std::numeric_limits<std::int64_t>::min() ||
        std::abs(spec.start) >= spec.slide) {
        return fail(3, "expects the start time's absolute value (" + std::to_string(spec.start) +
                           ") to be below the slide duration (" + std::to_string(spec.slide) +
                           " microseconds)");
    }
    return spec;
}

} // namespace prune
