#pragma once
/// Which Java number parser reads a text, as Spark's type inferences ask it (CSV's
/// CSVInferSchema, partition values' PartitioningUtils): Integer.parseInt and Long.parseLong,
/// `new java.math.BigDecimal(s)` of an integral value, Double.parseDouble, and the ISO date
/// `yyyy-MM-dd`. ASCII digits only (Java's integer and BigDecimal parsers also read other
/// Unicode digits; callers that may see them say so).

#include <cstdint>
#include <string_view>

#include "types/data_type.hpp"

namespace prune {

/// Integer.parseInt (`max_positive` 2^31 - 1) or Long.parseLong (2^63 - 1): a sign, then
/// digits, within range.
bool parses_as_java_integer(std::string_view s, std::uint64_t max_positive);

/// `new BigDecimal(s)` with scale 0 once its exponent is applied, as Spark's inferences take it
/// (a positive scale is not a whole number, a negative one is refused by
/// DecimalType.checkNegativeScale): decimal(precision, 0), or null (also beyond 38 digits).
TypePtr java_integral_decimal_type(std::string_view s);

/// Double.parseDouble: blanks and control characters trimmed, a sign, then NaN, Infinity, a
/// decimal or a hexadecimal floating-point literal, with an optional f/F/d/D suffix.
bool parses_as_java_double(std::string_view s);
/// Whether parses_as_java_double reads `s` as a hexadecimal floating-point literal (`0x1p3`).
bool is_java_hex_float(std::string_view s);

/// `yyyy-MM-dd`, strictly (four, two and two digits), a date of the proleptic Gregorian
/// calendar.
bool is_iso_date(std::string_view s);

} // namespace prune
