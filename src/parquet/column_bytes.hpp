#pragma once
/// What each part of a table's schema costs to read: the compressed bytes of the Parquet column
/// chunks under it, summed over every row group of every file. A tree parallel to the schema.

#include <cstdint>
#include <vector>

namespace prune {

/// One node per node of the table's type: a struct's children are its fields in order, an
/// array's its element, a map's its key and value; an atomic type has none. `bytes` is the sum
/// over the node's leaves. A column no file stores (a partition column) is a node of 0 bytes.
struct ColumnBytes {
    std::int64_t bytes = 0;
    std::vector<ColumnBytes> children;
};

/// The figures of one scan: the bytes of the column chunks of the leaves it reads, and of every
/// stored column (`total_compressed_size`, as the footers give them).
struct ByteCount {
    std::int64_t read = 0;
    std::int64_t total = 0;
};

} // namespace prune
