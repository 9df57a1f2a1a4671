#pragma once
/// The type Spark infers for one CSV line (CSVInferSchema over the line's fields, with the
/// default CSV options), as schema_of_csv gives it: a struct of fields `_c0`, `_c1`, ... each
/// typed by the first of INT, BIGINT, DECIMAL (an integer beyond a long), DOUBLE, DATE
/// (`yyyy-MM-dd`), TIMESTAMP, BOOLEAN that reads it, else STRING; an empty field is STRING.
///
///     1,abc,2024-03-15,2.5,true   ->  STRUCT<_c0: INT, _c1: STRING, _c2: DATE, _c3: DOUBLE,
///                                     _c4: BOOLEAN>

#include <string>
#include <string_view>

#include "types/data_type.hpp"

namespace prune {

/// The type schema_of_csv(`line`) prints (DataType.sql). Null, with `error` set, for a line
/// Univocity's parser reads in ways not modelled here: quotes or backslashes other than a
/// whole field quoted without them, line breaks, and fields whose non-ASCII characters Java
/// might read as digits.
TypePtr infer_csv_type(std::string_view line, std::string& error);

} // namespace prune
