#pragma once
/// The Spark type of an Avro schema, as `from_avro` gives it: Avro's schema parser
/// (org.apache.avro.Schema.Parser) over the schema's JSON form, then Spark's
/// SchemaConverters.toSqlType.
///
///     {"type": "record", "name": "r", "fields": [            struct<
///       {"name": "id", "type": "long"},                        id: bigint NOT NULL,
///       {"name": "tags", "type": {"type": "array",             tags: array<string> NOT NULL,
///                                 "items": "string"}},
///       {"name": "at", "type": ["null", {"type": "long",       at: timestamp>
///          "logicalType": "timestamp-micros"}]}]}
///
/// A union with "null" is its other branch, nullable; `[int, long]` is a bigint, `[float,
/// double]` a double, any other union a struct of nullable fields `member0`, `member1`, ...
/// (named by their types with the stable-identifier option). Logical types Avro ignores when
/// invalid (a decimal wider than its fixed size) are ignored here too.

#include <string>
#include <string_view>

#include "types/data_type.hpp"

namespace prune {

/// Spark's AvroOptions that shape the type (names compared ignoring case, as Spark's).
struct AvroTypeOptions {
    /// enableStableIdentifiersForUnionType: union members named `<prefix><type name>`.
    bool stable_union_ids = false;
    /// stableIdentifierPrefixForUnionType.
    std::string union_prefix = "member_";
    /// recursiveFieldMaxDepth: -1 rejects a recursive record; 1 to 12 drops it at that depth.
    int recursive_max_depth = -1;
};

/// Spark's SchemaConverters.SchemaType: the type and whether a value may be NULL.
struct AvroSqlType {
    TypePtr type;
    bool nullable = false;
};

/// The Spark type of the Avro schema `json`. Throws SchemaError naming what Avro's parser or
/// Spark's converter rejects (not JSON, an undefined name, a recursive record, ...).
AvroSqlType avro_to_sql_type(std::string_view json, const AvroTypeOptions& options);

} // namespace prune
