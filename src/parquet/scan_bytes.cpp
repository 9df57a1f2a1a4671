/// scan_bytes: the read schema laid over the table's column bytes (see scan_bytes.hpp).

#include "parquet/scan_bytes.hpp"

#include <cstdio>
#include <limits>

namespace prune {
namespace {

std::int64_t saturating_add(std::int64_t a, std::int64_t b) {
    return b > std::numeric_limits<std::int64_t>::max() - a
               ? std::numeric_limits<std::int64_t>::max()
               : a + b;
}

/// The bytes of `read` (a pruned copy of `stored`) over `bytes` (laid over `stored`).
std::int64_t read_bytes(const DataType& read, const DataType& stored, const ColumnBytes& bytes) {
    const auto child = [&](const DataType& r, const DataType& s, std::size_t i) -> std::int64_t {
        return i < bytes.children.size() ? read_bytes(r, s, bytes.children[i]) : 0;
    };
    const StructType* rs = read.struct_type();
    const StructType* ss = stored.struct_type();
    if (rs != nullptr && ss != nullptr) {
        std::int64_t sum = 0;
        for (const StructField& f : rs->fields()) {
            if (const auto i = ss->field_index(f.name, CaseSensitivity::Sensitive)) {
                sum = saturating_add(sum, child(*f.type, *(*ss)[*i].type, *i));
            }
        }
        return sum;
    }
    const ArrayType* ra = read.array();
    const ArrayType* sa = stored.array();
    if (ra != nullptr && sa != nullptr) {
        return child(*ra->element, *sa->element, 0);
    }
    const MapType* rm = read.map();
    const MapType* sm = stored.map();
    if (rm != nullptr && sm != nullptr) {
        return saturating_add(child(*rm->key, *sm->key, 0), child(*rm->value, *sm->value, 1));
    }
    return bytes.bytes; // a leaf, or a part read whole
}

} // namespace

std::optional<ByteCount> scan_bytes(const Table& table, const TypePtr& read_schema) {
    if (!table.column_bytes || !table.schema || !read_schema) {
        return std::nullopt;
    }
    return ByteCount{read_bytes(*read_schema, *table.schema, *table.column_bytes),
                     table.column_bytes->bytes};
}

std::string byte_size_text(std::int64_t bytes) {
    if (bytes < 1000) {
        return std::to_string(bytes) + " B";
    }
    static constexpr const char* kUnits[] = {"KB", "MB", "GB", "TB", "PB", "EB"};
    double value = static_cast<double>(bytes) / 1000.0;
    std::size_t unit = 0;
    // 999.96 KB prints as 1.0 MB, not as 1000.0 KB.
    while (value >= 999.95 && unit + 1 < std::size(kUnits)) {
        value /= 1000.0;
        ++unit;
    }
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %s", value, kUnits[unit]);
    return text;
}

std::string scan_bytes_text(const ByteCount& bytes) {
    std::string text = byte_size_text(bytes.read) + " of " + byte_size_text(bytes.total);
    if (bytes.total <= 0) {
        return text;
    }
    const double share = 100.0 * static_cast<double>(bytes.read) / static_cast<double>(bytes.total);
    char percent[32];
    if (bytes.read > 0 && share < 0.05) {
        std::snprintf(percent, sizeof percent, "<0.1%%");
    } else {
        std::snprintf(percent, sizeof percent, "%.1f%%", share);
    }
    return text + " (" + percent + ")";
}

} // namespace prune
