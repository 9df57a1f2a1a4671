#pragma once
/// The Parquet footer: the `FileMetaData` Thrift struct at the end of every Parquet file, read
/// from a byte buffer. Only what prune-plan needs is kept: the schema elements (the flattened
/// schema tree) and, per row group, each column chunk's path and compressed size.
///
///     <data pages ...> <FileMetaData (Thrift compact)> <4-byte little-endian length> "PAR1"
///
/// Debian has no Arrow or Parquet C++ package, so this reader is prune-plan's own, written from
/// the format's specification (apache/parquet-format, parquet.thrift); it never looks at a data
/// page.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace prune::parquet {

/// parquet.thrift `Type`: the physical types.
enum class PhysicalType : std::int32_t {
    Boolean = 0,
    Int32 = 1,
    Int64 = 2,
    Int96 = 3,
    Float = 4,
    Double = 5,
    ByteArray = 6,
    FixedLenByteArray = 7,
};

/// parquet.thrift `FieldRepetitionType`.
enum class Repetition : std::int32_t { Required = 0, Optional = 1, Repeated = 2 };

/// parquet.thrift `ConvertedType`: the legacy annotations.
enum class ConvertedType : std::int32_t {
    Utf8 = 0,
    Map = 1,
    MapKeyValue = 2,
    List = 3,
    Enum = 4,
    Decimal = 5,
    Date = 6,
    TimeMillis = 7,
    TimeMicros = 8,
    TimestampMillis = 9,
    TimestampMicros = 10,
    Uint8 = 11,
    Uint16 = 12,
    Uint32 = 13,
    Uint64 = 14,
    Int8 = 15,
    Int16 = 16,
    Int32 = 17,
    Int64 = 18,
    Json = 19,
    Bson = 20,
    Interval = 21,
};

/// parquet.thrift `LogicalType` (a union; the field id names the member), with the parameters
/// of the members that have any. `Unknown` stands for a member this reader does not know.
struct LogicalType {
    enum class Kind : std::int16_t {
        String = 1,
        Map = 2,
        List = 3,
        Enum = 4,
        Decimal = 5,
        Date = 6,
        Time = 7,
        Timestamp = 8,
        Integer = 10,
        Null = 11, // parquet.thrift's UNKNOWN: always null
        Json = 12,
        Bson = 13,
        Uuid = 14,
        Float16 = 15,
        Unknown = 0,
    };
    enum class Unit : std::uint8_t { Millis, Micros, Nanos };

    Kind kind = Kind::Unknown;
    std::int16_t field_id = 0; // the union member's id as read, to name an unknown one
    std::int32_t scale = 0;    // Decimal
    std::int32_t precision = 0;
    bool adjusted_to_utc = false; // Time, Timestamp
    Unit unit = Unit::Micros;
    std::int32_t bit_width = 0; // Integer
    bool is_signed = true;
};

/// parquet.thrift `SchemaElement`: one node of the schema tree, flattened depth first.
struct SchemaElement {
    std::string name;
    std::optional<PhysicalType> type; // absent for groups
    std::optional<std::int32_t> type_length;
    std::optional<Repetition> repetition; // absent for the root
    std::optional<std::int32_t> num_children;
    std::optional<ConvertedType> converted_type;
    std::optional<std::int32_t> scale;
    std::optional<std::int32_t> precision;
    std::optional<LogicalType> logical_type;
};

/// One column chunk of a row group: which leaf column it holds and its compressed size.
struct ColumnChunk {
    std::vector<std::string> path; // ColumnMetaData.path_in_schema
    std::int64_t total_compressed_size = 0;
};

struct RowGroup {
    std::vector<ColumnChunk> columns;
    std::int64_t num_rows = 0;
};

/// parquet.thrift `FileMetaData`, as much as prune-plan reads.
struct FileMetaData {
    std::int32_t version = 0;
    std::vector<SchemaElement> schema;
    std::int64_t num_rows = 0;
    std::vector<RowGroup> row_groups;
};

/// The bytes at the end of a Parquet file that frame the footer: length and magic.
inline constexpr std::size_t kMagicSize = 4;
inline constexpr std::size_t kTailSize = 8; // 4-byte footer length + "PAR1"

/// Whether `bytes` starts or ends with the `PAR1` magic.
bool has_magic(std::span<const std::uint8_t> bytes);

/// The footer length a file's last eight bytes announce. Throws ParquetError when they do not
/// end with `PAR1` (an encrypted footer, `PARE`, is named as such) or the length does not fit
/// in a file of `file_size` bytes with its leading magic.
std::uint32_t footer_length(std::span<const std::uint8_t> tail, std::uint64_t file_size);

/// Parses a serialized FileMetaData (the footer without its length and magic). Throws
/// ParquetError with the byte offset of what was wrong.
FileMetaData parse_file_metadata(std::span<const std::uint8_t> footer);

/// A file that is not Parquet, or whose footer is malformed: the message, without the file name
/// (the caller knows it).
class ParquetError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

} // namespace prune::parquet
