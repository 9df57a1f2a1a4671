#pragma once
/// Java's DecimalFormat for the one pattern family Spark's format_number builds from an int:
/// `#,###,###,###,###,###,##0` and, for d > 0, `.` and d zeros — US symbols, HALF_EVEN.
///
///     format_grouped(12332.123456, 4)  ->  "12,332.1235"
///     format_grouped(0.125, 2)         ->  "0.12"   (a tie: to the even digit)
///     format_grouped(0.135, 2)         ->  "0.14"   (the double is above the tie)
///
/// A double is formatted as DecimalFormat formats it: from its shortest decimal form
/// (Double.toString's digits, as Java 19+ computes them), rounded half-even, a tie broken by
/// the double's exact value; so 0.1 with 20 places is 0.1 and zeros, not the double's binary
/// expansion.

#include <optional>
#include <string>

#include "eval/value.hpp"

namespace prune {

/// A number as DecimalFormat holds it: 0.digits × 10^point, digits without leading or
/// trailing zeros (empty for zero); `exact` compares the true value with the digits (-1 below,
/// 0 equal, 1 above), for a double whose shortest form rounded it.
struct DecimalDigits {
    bool negative = false;
    std::string digits;
    int point = 0;
    int exact = 0;
};

/// The digits of an integral, float, double or decimal value; nullopt for NaN and infinities.
std::optional<DecimalDigits> decimal_digits(const Value& number);

/// `number` with `places` fraction digits (rounded half-even), its integer part grouped by
/// threes with ','. Nullopt where the sign Java gives a result of zero is not modelled (a
/// negative value that rounds to zero).
std::optional<std::string> format_grouped(const DecimalDigits& number, int places);

} // namespace prune
