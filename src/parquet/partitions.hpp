#pragma once
/// Hive-style partition folders (`year=2024/country=NO/part-0.parquet`) as Spark's partition
/// discovery reads them (PartitioningUtils, with spark.sql.sources.partitionColumnTypeInference
/// on, its default).

#include <optional>
#include <string>
#include <string_view>

#include "types/data_type.hpp"

namespace prune::parquet {

/// Spark's escapePathName undone: `%XX` (two hex digits) is the byte XX; anything else is kept.
std::string unescape_path_name(std::string_view name);

/// The type Spark infers for one raw (still escaped) partition value, or a null TypePtr for
/// `__HIVE_DEFAULT_PARTITION__` (Spark's NullType, which a column of nothing else becomes
/// string). The rules, in Spark's order:
///   1. Integer.parseInt succeeds: int; else Long.parseLong: bigint (an optional sign, digits);
///   2. a Java BigDecimal with no fractional digits (scale <= 0: `12345678901234567890`,
///      `1e3`): decimal(p, 0), p its digits, when p <= 38;
///   3. Double.parseDouble succeeds (`1.5`, `-0.25e-3`, `NaN`, `Infinity`, with Java's optional
///      `d`/`f` suffix and surrounding blanks): double;
///   4. `yyyy-MM-dd HH:mm:ss` with an optional `.` and 1 to 9 fraction digits, a valid time
///      (escaped `:` is `%3A` in the folder name): timestamp;
///   5. `yyyy-MM-dd`, a valid date: date;
///   6. otherwise string (hexadecimal floats, which Java reads, are taken as strings).
TypePtr infer_partition_type(std::string_view raw);

/// The type of a partition column whose values were inferred as `a` and `b` (either null for
/// NullType): Spark's findWiderTypeWithoutStringPromotion, and string where there is none.
TypePtr wider_partition_type(const TypePtr& a, const TypePtr& b);

inline constexpr std::string_view kDefaultPartitionName = "__HIVE_DEFAULT_PARTITION__";

} // namespace prune::parquet
