#pragma once
/// Reading and writing schemas in the forms Spark users have them in: DDL strings
/// (`StructType.fromDDL`/`toDDL`), Spark JSON (`StructType.json`, `df.schema.json()`).

#include <memory>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.hpp"
#include "types/data_type.hpp"
#include "util/json_writer.hpp"

namespace prune {

/// Parses a DDL column list (`id INT, name STRUCT<first: STRING> NOT NULL COMMENT 'x'`) into a
/// StructType. `--` comments and newlines are allowed. Throws SchemaError naming
/// `source.name():line:column` and what was expected.
TypePtr parse_ddl_schema(const SourceFile& source);
/// Parses one DDL data type (`ARRAY<STRUCT<a: INT>>`, `decimal(10, 2)`, `INTEGER`), as used by
/// `CAST(e AS type)`. Throws SchemaError.
TypePtr parse_ddl_type(std::string_view text);

/// Spark: DataType.fromJson — a StructType JSON object (`{"type":"struct","fields":[...]}`).
/// `origin` names the file for error messages; errors carry the JSON path
/// (`schema.json: fields[2].type: unknown type 'strin'`).
TypePtr from_spark_json(const nlohmann::json& json, const std::string& origin);
/// A JSON schema file (Spark JSON or catalog JSON) read in one pass, in memory about the size
/// of its text: each struct field is read as soon as its object is complete, and `root` is the
/// rest of the document, where each `fields` array is a placeholder for the fields read from
/// it (spark_json.cpp). Throws what nlohmann::json::parse throws for malformed JSON.
struct PendingFieldsTable;
struct JsonSchemaDocument {
    nlohmann::json root;
    std::shared_ptr<PendingFieldsTable> fields;
};
JsonSchemaDocument read_json_schema_document(const std::string& text);
/// from_spark_json over a value of `document.root` (the whole, or a catalog's table): the same
/// result and the same errors as over the document read whole. Each placeholder is read once.
TypePtr from_spark_json(const nlohmann::json& json, const std::string& origin,
                        const JsonSchemaDocument& document);

/// Spark: DataType.jsonValue — exactly the keys and order Spark writes
/// (`{"type":"struct","fields":[{"name":..,"type":..,"nullable":..,"metadata":{}}]}`), written
/// through `out` as one value in its style.
void write_spark_json(const DataType& type, JsonWriter& out);
/// Spark: DataType.json — the same as compact text.
std::string spark_json(const DataType& type);

} // namespace prune
