#pragma once
/// The type Spark infers for a JSON document (JsonInferSchema, with the default JSON options),
/// as schema_of_json gives it: objects are structs of their keys sorted by name, integers
/// BIGINT (a decimal beyond a long), other numbers DOUBLE, arrays the type their elements'
/// types widen to (STRING where they do not), a NULL or an empty string STRING; empty objects
/// are left out.
///
///     {"b": [1, 2.5], "a": {"x": null}, "c": {}}   ->  STRUCT<a: STRUCT<x: STRING>, b:
///     ARRAY<DOUBLE>>

#include <string>
#include <string_view>

#include "types/data_type.hpp"

namespace prune {

/// The type schema_of_json(`json`) prints (DataType.sql), from the first JSON value of `json`
/// (Spark's parser reads no further). Null, with `error` set, for text that is not standard
/// JSON (Jackson's lenient forms, single quotes and the like, are not modelled) and for keys
/// beyond the Basic Multilingual Plane (Java sorts them by UTF-16 units).
TypePtr infer_json_type(std::string_view json, std::string& error);

} // namespace prune
