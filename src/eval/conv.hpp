#pragma once
/// Spark's conv: a number's text from one base to another (NumberConverter, from Hive's
/// UDFConv), through a 64-bit integer.
///
///     spark_conv("100", 2, 10)        ->  "4"
///     spark_conv("-10", 16, -10)      ->  "-16"               (a negative base: signed)
///     spark_conv("-10", 10, 16)       ->  "FFFFFFFFFFFFFFF6"  (a positive base: unsigned)

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace prune {

/// Spark's NumberConverter.convert (Hive's UDFConv): `text` read in base `from` (an optional
/// '-', then digits up to the first that is not one) through a 64-bit integer, written in base
/// |to|, unsigned for a positive `to`, signed for a negative one. nullopt for a base outside
/// 2..36 or empty text; ARITHMETIC_OVERFLOW where Spark detects one (ANSI). Its overflow test
/// compares signed values, so past 2^63 it no longer runs: a digit after such a value is
/// refused (CannotVerify), not guessed.
std::optional<std::string> spark_conv(std::string_view text, std::int64_t from, std::int64_t to);

} // namespace prune
