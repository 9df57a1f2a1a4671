#pragma once
/// A Parquet file, or a directory of them, as one table: its schema as Spark reads it, the
/// partition columns its `key=value` folders give, and the compressed bytes of every column.
///
///     events/                        struct<id:bigint, payload:struct<...>,
///       date=2024-05-01/part-0.parquet          date:date>
///       date=2024-05-02/part-0.parquet    partition columns: date
///
/// Only footers are read: per file, its last 64 KiB in one read, and the rest of a longer
/// footer in one more. Never a data page.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "parquet/column_bytes.hpp"
#include "parquet/file_source.hpp"
#include "parquet/footer.hpp"
#include "parquet/schema.hpp"

namespace prune::parquet {

struct DatasetOptions {
    /// Spark's mergeSchema: the union of every file's schema. Without it, one file's schema
    /// stands for all (the first file in sorted path order).
    bool merge_schema = false;
};

/// How much of a file's end is read at once: most footers fit, so most files cost one read.
inline constexpr std::uint64_t kTailRead = 64 * 1024;

/// One Parquet file's schema as Spark reads it, with its column bytes. Throws as read_footer,
/// and SchemaError for a type Spark rejects.
FileSchema convert_file(FileSource& files, const std::string& path);

/// Reads one Parquet file's footer. Throws SchemaError naming `path` when it is not Parquet or
/// the footer is malformed, FileError when it cannot be read.
FileMetaData read_footer(FileSource& files, const std::string& path);

/// Loads `path` when it is a Parquet source: a directory (every Parquet file under it), or a
/// file with the `PAR1` magic at its start or end. Returns nullopt for any other file (a text
/// schema), having read at most its first and last 64 KiB. The table is unnamed. Throws
/// SchemaError (exit 1: not Parquet inside a directory, malformed, a type Spark rejects,
/// conflicting partition folders, schemas that do not merge) naming the file, FileError (I/O).
std::optional<Table> load_parquet_source(FileSource& files, const std::string& path,
                                         const DatasetOptions& options);

/// The same for a catalog table's `path`, which must be a Parquet source (relative paths are
/// resolved against `base_directory`, the catalog file's directory, by the caller or here).
Table load_parquet_table(FileSource& files, const std::string& path, const DatasetOptions& options);

/// Loads the `--schema PATH` of the tool: a Parquet source as a single-table catalog, else the
/// text file through `read_text` and load_catalog, whose tables may name Parquet paths
/// relative to the catalog file's directory.
Catalog load_schema_path(FileSource& files, const std::string& path, const DatasetOptions& options,
                         const std::function<std::string(const std::string&)>& read_text);

} // namespace prune::parquet
