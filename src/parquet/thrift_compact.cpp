/// Thrift's compact protocol, read from a byte buffer with every length checked (see the header).
/// Written from the protocol's specification (Thrift's doc/specs/thrift-compact-protocol.md);
/// no Thrift library is used, as Debian has no Arrow or Parquet C++ package to lean on either.

#include "parquet/thrift_compact.hpp"

#include <limits>

namespace prune::parquet {

ThriftError::ThriftError(std::size_t offset, const std::string& what)
    : std::runtime_error(what), offset_(offset) {}

void CompactReader::fail(const std::string& what) const { throw ThriftError(pos_, what); }

std::uint8_t CompactReader::next_byte() {
    if (pos_ >= bytes_.size()) {
        fail("unexpected end of the footer");
    }
    return bytes_[pos_++];
}

std::uint64_t CompactReader::varint() {
    std::uint64_t value = 0;
    for (unsigned shift = 0; shift < 64; shift += 7) {
        const std::uint8_t b = next_byte();
        // The tenth byte may only carry the top bit of a 64-bit value.
        if (shift == 63 && (b & 0x7EU) != 0) {
            fail("varint overflows 64 bits");
        }
        value |= static_cast<std::uint64_t>(b & 0x7FU) << shift;
        if ((b & 0x80U) == 0) {
            return value;
        }
    }
    fail("varint longer than 10 bytes");
}

std::int64_t CompactReader::i64() {
    const std::uint64_t z = varint();
    // Zigzag: 0, -1, 1, -2, ... -> 0, 1, 2, 3, ...
    return static_cast<std::int64_t>(z >> 1) ^ -static_cast<std::int64_t>(z & 1U);
}

std::int32_t CompactReader::i32() {
    const std::int64_t v = i64();
    if (v < std::numeric_limits<std::int32_t>::min() ||
        v > std::numeric_limits<std::int32_t>::max()) {
        fail("i32 value out of range");
    }
    return static_cast<std::int32_t>(v);
}

std::int16_t CompactReader::i16() {
    const std::int64_t v = i64();
    if (v < std::numeric_limits<std::int16_t>::min() ||
        v > std::numeric_limits<std::int16_t>::max()) {
        fail("i16 value out of range");
    }
    return static_cast<std::int16_t>(v);
}

std::int8_t CompactReader::byte() { return static_cast<std::int8_t>(next_byte()); }

bool CompactReader::boolean(TType type) {
    if (type == TType::True) {
        return true;
    }
    if (type == TType::False) {
        return false;
    }
    if (type == TType::Byte) { // a list element: one byte, 1 true
        return next_byte() == 1;
    }
    fail("expected a boolean");
}

std::string_view CompactReader::binary() {
    const std::uint64_t size = varint();
    if (size > remaining()) {
        fail("a string of " + std::to_string(size) + " bytes with " + std::to_string(remaining()) +
             " bytes left");
    }
    const auto* start = reinterpret_cast<const char*>(bytes_.data() + pos_);
    pos_ += static_cast<std::size_t>(size);
    return {start, static_cast<std::size_t>(size)};
}

CompactReader::Field CompactReader::field(std::int16_t& last_id) {
    const std::uint8_t header = next_byte();
    Field f;
    f.type = static_cast<TType>(header & 0x0FU);
    if (f.type == TType::Stop) {
        return f;
    }
    if (header >> 4 == 0) {
        f.id = i16();
    } else {
        const int id = last_id + (header >> 4);
        if (id > std::numeric_limits<std::int16_t>::max()) {
            fail("field id out of range");
        }
        f.id = static_cast<std::int16_t>(id);
    }
    if (f.type > TType::Uuid) {
        fail("unknown field type " + std::to_string(header & 0x0FU));
    }
    last_id = f.id;
    return f;
}

CompactReader::ListHeader CompactReader::list() {
    const std::uint8_t header = next_byte();
    ListHeader h;
    h.element = static_cast<TType>(header & 0x0FU);
    h.size = header >> 4;
    if (h.size == 15) {
        const std::uint64_t size = varint();
        if (size > remaining()) {
            fail("a list of " + std::to_string(size) + " elements with " +
                 std::to_string(remaining()) + " bytes left");
        }
        h.size = static_cast<std::size_t>(size);
    }
    // Booleans in a list take a byte each; a Stop or True/False element type is malformed
    // except that some writers use True (1) for boolean lists.
    if (h.element == TType::Stop || h.element > TType::Uuid) {
        if (h.size != 0) {
            fail("a list of unknown element type " + std::to_string(header & 0x0FU));
        }
    }
    if (h.size > remaining()) {
        fail("a list of " + std::to_string(h.size) + " elements with " +
             std::to_string(remaining()) + " bytes left");
    }
    return h;
}

void CompactReader::skip(TType type, std::size_t depth) {
    if (depth > kMaxThriftDepth) {
        fail("Thrift values nested deeper than " + std::to_string(kMaxThriftDepth) + " levels");
    }
    switch (type) {
    case TType::True:
    case TType::False:
        return; // the value was in the field header
    case TType::Byte:
        next_byte();
        return;
    case TType::I16:
    case TType::I32:
    case TType::I64:
        varint();
        return;
    case TType::Double:
        if (remaining() < 8) {
            fail("unexpected end of the footer");
        }
        pos_ += 8;
        return;
    case TType::Uuid:
        if (remaining() < 16) {
            fail("unexpected end of the footer");
        }
        pos_ += 16;
        return;
    case TType::Binary:
        binary();
        return;
    case TType::List:
    case TType::Set: {
        const ListHeader h = list();
        // A boolean inside a list is a byte, not a header nibble.
        const TType element =
            h.element == TType::True || h.element == TType::False ? TType::Byte : h.element;
        for (std::size_t i = 0; i < h.size; ++i) {
            skip(element, depth + 1);
        }
        return;
    }
    case TType::Map: {
        const std::uint64_t size = varint();
        if (size == 0) {
            return;
        }
        if (size > remaining()) {
            fail("a map of " + std::to_string(size) + " entries with " +
                 std::to_string(remaining()) + " bytes left");
        }
        const std::uint8_t kinds = next_byte();
        auto as_value = [](std::uint8_t code) {
            const auto t = static_cast<TType>(code);
            return t == TType::True || t == TType::False ? TType::Byte : t;
        };
        const TType key = as_value(static_cast<std::uint8_t>(kinds >> 4));
        const TType value = as_value(static_cast<std::uint8_t>(kinds & 0x0FU));
        if (key == TType::Stop || key > TType::Uuid || value == TType::Stop ||
            value > TType::Uuid) {
            fail("a map of unknown key or value type");
        }
        for (std::uint64_t i = 0; i < size; ++i) {
            skip(key, depth + 1);
            skip(value, depth + 1);
        }
        return;
    }
    case TType::Struct: {
        std::int16_t last = 0;
        for (Field f = field(last); f.type != TType::Stop; f = field(last)) {
            skip(f.type, depth + 1);
        }
        return;
    }
    case TType::Stop:
        break;
    }
    fail("cannot skip a value of type " + std::to_string(static_cast<int>(type)));
}

} // namespace prune::parquet
