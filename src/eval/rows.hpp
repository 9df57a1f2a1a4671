#pragma once
/// Table rows for the evaluator: reading the JSON lines Spark's `df.write.json` writes, and
/// projecting full rows to a read schema as a columnar reader does.
///
///     schema  id BIGINT, customer STRUCT<id: BIGINT, name: STRING, city: STRING>
///     line    {"id":1,"customer":{"id":7,"city":"Oslo"}}          (a missing key is null)
///     row     [1, {7, null, Oslo}]
///
///     read schema  struct<customer:struct<city:string,id:bigint>>  (fields matched BY NAME)
///     projected    [{Oslo, 7}]                                       (stored in its order)

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "diag/diagnostic.hpp"
#include "eval/value.hpp"
#include "plan/plan.hpp"

namespace prune {

/// A rows file that cannot be read. Thrown by read_json_rows with its place: what() is
/// `NAME:LINE: MESSAGE`, and the parts are kept apart for a compiler-style diagnostic.
class RowsError : public Error {
  public:
    /// A problem inside a line, not yet placed (line() == 0, what() == message()).
    explicit RowsError(const std::string& message) : Error(message), message_(message) {}
    /// The same problem at line `line` of the file `file`.
    RowsError(std::string file, std::size_t line, const std::string& message)
        : Error(file + ":" + std::to_string(line) + ": " + message), file_(std::move(file)),
          line_(line), message_(message) {}

    const std::string& file() const { return file_; }
    std::size_t line() const { return line_; }
    const std::string& message() const { return message_; }

  private:
    std::string file_;
    std::size_t line_ = 0;
    std::string message_;
};

/// Reads JSON lines (one object per line; blank lines skipped) against the full table schema
/// (partition columns included): keys are column names (exact match first, then
/// case-insensitive), nested structs are objects, arrays are arrays, maps are objects whose
/// keys are the key's string form, binary is base64, dates and timestamps are strings, NaN
/// and infinities may be strings; a missing key is null and unknown keys are ignored. Each row
/// holds the value of every column in schema order. Throws RowsError naming `name:LINE`.
std::vector<std::vector<Value>> read_json_rows(const std::string& text, const DataType& schema,
                                               const std::string& name);

/// Projects a value of type `full` to `target`, a pruned version of it: struct fields are
/// matched BY NAME (exactly, then case-insensitively) and stored in `target`'s order; every
/// array element and map entry is kept, and so is the null-ness of every struct, array and
/// map. Throws InternalError when `target` is not a pruning of `full`.
Value project_value(const Value& v, const DataType& full, const DataType& target);

/// The input of `relation` for full table rows (in `table_schema` order): for each of its
/// output columns, the column's value projected to the relation's read schema (partition
/// columns, which the read schema never holds, kept as they are). Throws InternalError when an
/// output column is neither in the read schema nor a partition column.
std::vector<std::vector<Value>> relation_rows(const Relation& relation,
                                              const DataType& table_schema,
                                              const std::vector<std::vector<Value>>& table_rows);

} // namespace prune
