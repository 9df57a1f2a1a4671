#pragma once
/// A reader of Thrift's compact protocol over a byte buffer, as much of it as a Parquet footer
/// needs: struct fields, lists, maps, integers (zigzag varints), binary strings, and skipping
/// whatever a reader does not know. Every read is checked against the bytes present, so a
/// hostile footer can cost at most its own size in memory and a bounded nesting depth in stack.
///
///     field header: [delta:4 | type:4], delta 0 -> a zigzag i16 field id follows
///     list header:  [size:4 | elem type:4], size 15 -> a varint size follows
///     map header:   varint size, then [key type:4 | value type:4] when the size is not 0

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace prune::parquet {

/// Malformed Thrift: what was wrong and at which offset of the buffer.
class ThriftError : public std::runtime_error {
  public:
    ThriftError(std::size_t offset, const std::string& what);
    std::size_t offset() const { return offset_; }

  private:
    std::size_t offset_;
};

/// Compact protocol type codes (as they appear in field and list headers).
enum class TType : std::uint8_t {
    Stop = 0,
    True = 1, // a field's boolean value lives in its header
    False = 2,
    Byte = 3,
    I16 = 4,
    I32 = 5,
    I64 = 6,
    Double = 7,
    Binary = 8,
    List = 9,
    Set = 10,
    Map = 11,
    Struct = 12,
    Uuid = 13, // newer Thrift: 16 bytes
};

/// Structs inside structs, lists inside lists: a Parquet footer needs about eight levels; an
/// unknown field that nests deeper than this is rejected rather than followed down the stack.
inline constexpr std::size_t kMaxThriftDepth = 64;

class CompactReader {
  public:
    explicit CompactReader(std::span<const std::uint8_t> bytes) : bytes_(bytes) {}

    struct Field {
        TType type = TType::Stop;
        std::int16_t id = 0;
    };
    struct ListHeader {
        TType element = TType::Stop;
        std::size_t size = 0;
    };

    /// Reads the next field header of the struct being read; `last_id` is the previous field's
    /// id (0 at the start of a struct) and is updated. A Stop field ends the struct.
    Field field(std::int16_t& last_id);
    /// A list or set header. The size is checked against the bytes left (every element takes
    /// at least one byte), so a caller may reserve that many elements.
    ListHeader list();

    std::int64_t i64();
    std::int32_t i32();
    std::int16_t i16();
    std::int8_t byte();
    /// A boolean field's value is in its header (True/False); a list element's in a byte.
    bool boolean(TType type);
    /// A binary or string value, pointing into the buffer.
    std::string_view binary();
    /// Skips one value of `type`, however deeply it nests, up to kMaxThriftDepth.
    void skip(TType type, std::size_t depth = 0);

    std::size_t offset() const { return pos_; }
    std::size_t remaining() const { return bytes_.size() - pos_; }
    [[noreturn]] void fail(const std::string& what) const;

  private:
    std::uint64_t varint();
    std::uint8_t next_byte();

    std::span<const std::uint8_t> bytes_;
    std::size_t pos_ = 0;
};

} // namespace prune::parquet
