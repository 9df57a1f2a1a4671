#pragma once
/// The bytes a scan reads: the compressed column chunks under the leaves of its read schema.

#include <optional>
#include <string>

#include "catalog/catalog.hpp"
#include "parquet/column_bytes.hpp"
#include "types/data_type.hpp"

namespace prune {

/// The bytes of the column chunks `read_schema` reads from `table` and of all its stored
/// columns, or nothing when the table's schema did not come from Parquet footers. A read leaf
/// counts every chunk under it: a whole struct kept by the read schema counts all its leaves,
/// a pruned one only those it keeps, and an array or map of a pruned struct the chunks of the
/// kept fields. Fields are matched by name as the read schema spells them (the table's
/// spelling).
std::optional<ByteCount> scan_bytes(const Table& table, const TypePtr& read_schema);

/// A byte count for people, in decimal units with one decimal: `512 B`, `12.4 MB`, `1.3 GB`
/// (1 KB = 1,000 bytes).
std::string byte_size_text(std::int64_t bytes);
/// How text output adds the figures to a scan's line: `12.4 MB of 1.3 GB (0.9%)`; the share is
/// `<0.1%` when it rounds to zero but is not, and left out when nothing is stored.
std::string scan_bytes_text(const ByteCount& bytes);

} // namespace prune
