#pragma once
/// Spark's time windows, `window(time, duration[, slide[, start]])` (TimeWindow): what the
/// durations are and what the window's bounds are. The analyzer replaces a call by the window
/// column Spark's TimeWindowing rule builds (plan/analyzer_time_window.cpp); the function row
/// `window` (plan/functions.cpp) types the call with the checks here.

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "plan/expr.hpp"

namespace prune {

/// A time window's parameters in microseconds (Spark: TimeWindow's windowDuration,
/// slideDuration and startTime). A tumbling window slides by its own length.
struct TimeWindowSpec {
    std::int64_t window = 0;
    std::int64_t slide = 0;
    std::int64_t start = 0;

    bool tumbling() const { return window == slide; }
    /// How many windows one time may fall in: ceil(window / slide), the projections of the
    /// Expand of a sliding window.
    std::int64_t overlapping() const { return (window + slide - 1) / slide; }
    friend bool operator==(const TimeWindowSpec&, const TimeWindowSpec&) = default;
};

/// The durations of a `window` call whose arguments are `args` (the time first), read and
/// checked as Spark's TimeWindow constructors and checkInputDataTypes do: each a string
/// (`'10 minutes'`, a CALENDAR INTERVAL without months), integer or bigint literal (in
/// microseconds); the slide defaults to the window, the start to 0; the window and the
/// slide positive, the slide at most the window, the start's absolute value below the
/// slide. On failure nullopt, `error` the message and `bad_arg` the argument it is about.
std::optional<TimeWindowSpec> time_window_spec(std::span<const ExprPtr> args, std::string& error,
                                               int& bad_arg);

} // namespace prune
