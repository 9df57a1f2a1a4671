#pragma once
/// A Parquet file's schema as Spark sees it (Spark: ParquetToSparkSchemaConverter, Spark 4's
/// defaults), with what each part of it costs to read.

#include <string>

#include "parquet/column_bytes.hpp"
#include "parquet/footer.hpp"
#include "types/data_type.hpp"

namespace prune::parquet {

/// A file's schema as a Spark StructType, and the compressed bytes of its column chunks laid
/// over it (summed over the file's row groups).
struct FileSchema {
    TypePtr type;
    ColumnBytes bytes;
};

/// Converts a footer's schema. Throws ParquetError naming the column for what Spark rejects
/// (`column 'ts': Illegal Parquet type: INT64 (TIMESTAMP(NANOS,true))`) and for a malformed
/// schema tree (a num_children that overruns the elements, elements left over, a row group whose
/// column chunks do not match the schema's leaves).
FileSchema convert_schema(const FileMetaData& meta);

} // namespace prune::parquet
