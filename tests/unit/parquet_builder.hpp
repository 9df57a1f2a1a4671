#pragma once
/// Parquet footers built by hand, for tests, the fuzzer's seeds and the benchmark: a minimal
/// Thrift compact protocol writer and a FileMetaData writer on top of it. Real writers only
/// produce well-formed footers of their own choosing; this builds the legacy forms no current
/// writer emits (2-level lists) and hostile ones (lying lengths, unknown fields, deep nesting).
///
///     std::string file = parquet_test::file({root(1), leaf("id", kInt32)}, {{{{"id"}, 40}}});

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace parquet_test {

/// Compact protocol type codes.
enum : std::uint8_t {
    kStop = 0,
    kTrue = 1,
    kFalse = 2,
    kByte = 3,
    kI16 = 4,
    kI32 = 5,
    kI64 = 6,
    kDouble = 7,
    kBinary = 8,
    kList = 9,
    kSet = 10,
    kMap = 11,
    kStruct = 12,
};

class ThriftWriter {
  public:
    std::string& bytes() { return out_; }

    void byte(std::uint8_t b) { out_ += static_cast<char>(b); }
    void varint(std::uint64_t v) {
        while (v >= 0x80) {
            byte(static_cast<std::uint8_t>(v | 0x80));
            v >>= 7;
        }
        byte(static_cast<std::uint8_t>(v));
    }
    void zigzag(std::int64_t v) {
        varint((static_cast<std::uint64_t>(v) << 1) ^ static_cast<std::uint64_t>(v >> 63));
    }
    /// A field header; the id as a delta when it fits, else in full.
    void field(std::int16_t id, std::uint8_t type) {
        const int delta = id - last_.back();
        if (delta > 0 && delta <= 15) {
            byte(static_cast<std::uint8_t>(delta << 4 | type));
        } else {
            byte(type);
            zigzag(id);
        }
        last_.back() = id;
    }
    void begin_struct() { last_.push_back(0); }
    void end_struct() {
        byte(kStop);
        last_.pop_back();
    }
    void list(std::uint8_t element, std::size_t size) {
        if (size < 15) {
            byte(static_cast<std::uint8_t>(size << 4 | element));
        } else {
            byte(static_cast<std::uint8_t>(0xF0 | element));
            varint(size);
        }
    }
    void string(const std::string& s) {
        varint(s.size());
        out_ += s;
    }
    void i32_field(std::int16_t id, std::int64_t v) {
        field(id, kI32);
        zigzag(v);
    }
    void i64_field(std::int16_t id, std::int64_t v) {
        field(id, kI64);
        zigzag(v);
    }
    void string_field(std::int16_t id, const std::string& s) {
        field(id, kBinary);
        string(s);
    }
    /// A struct field whose body `body` writes (its fields; the stop is added).
    void struct_field(std::int16_t id, const std::function<void()>& body) {
        field(id, kStruct);
        begin_struct();
        body();
        end_struct();
    }

  private:
    std::string out_;
    std::vector<std::int16_t> last_{0};
};

/// parquet.thrift values.
enum Physical {
    kBoolean = 0,
    kInt32 = 1,
    kInt64 = 2,
    kInt96 = 3,
    kFloat = 4,
    kDouble64 = 5,
    kByteArray = 6,
    kFixed = 7
};
enum Rep { kRequired = 0, kOptional = 1, kRepeated = 2 };
enum Converted {
    kUtf8 = 0,
    kMapC = 1,
    kMapKeyValue = 2,
    kListC = 3,
    kDecimalC = 5,
    kDateC = 6,
    kTimestampMicros = 10,
    kUint8 = 11,
    kUint64 = 14,
    kInt8 = 15
};

/// One SchemaElement; `logical` writes the LogicalType union's member (its fields) when set.
struct Element {
    std::string name;
    std::optional<int> type;
    std::optional<int> repetition;
    std::optional<int> num_children;
    std::optional<int> converted;
    std::optional<int> scale;
    std::optional<int> precision;
    std::optional<int> type_length;
    std::function<void(ThriftWriter&)> logical;
};

inline Element root(int children) {
    return Element{"schema", {}, {}, children, {}, {}, {}, {}, {}};
}
inline Element group(const std::string& name, int repetition, int children,
                     std::optional<int> converted = {}) {
    return Element{name, {}, repetition, children, converted, {}, {}, {}, {}};
}
inline Element leaf(const std::string& name, int type, int repetition = kOptional,
                    std::optional<int> converted = {}) {
    return Element{name, type, repetition, {}, converted, {}, {}, {}, {}};
}

struct Chunk {
    std::vector<std::string> path;
    std::int64_t compressed = 0;
};

inline void write_element(ThriftWriter& w, const Element& e) {
    w.begin_struct();
    if (e.type) {
        w.i32_field(1, *e.type);
    }
    if (e.type_length) {
        w.i32_field(2, *e.type_length);
    }
    if (e.repetition) {
        w.i32_field(3, *e.repetition);
    }
    w.string_field(4, e.name);
    if (e.num_children) {
        w.i32_field(5, *e.num_children);
    }
    if (e.converted) {
        w.i32_field(6, *e.converted);
    }
    if (e.scale) {
        w.i32_field(7, *e.scale);
    }
    if (e.precision) {
        w.i32_field(8, *e.precision);
    }
    if (e.logical) {
        w.field(10, kStruct);
        w.begin_struct();
        e.logical(w);
        w.end_struct();
    }
    w.end_struct();
}

/// A FileMetaData: version 1, the schema, and one row group per entry of `row_groups`. With
/// `statistics`, each chunk carries min/max/null-count statistics as real writers' do (fields
/// the reader skips, about 30 bytes a chunk).
inline std::string footer(const std::vector<Element>& schema,
                          const std::vector<std::vector<Chunk>>& row_groups,
                          bool statistics = false) {
    ThriftWriter w;
    w.begin_struct();
    w.i32_field(1, 1);
    w.field(2, kList);
    w.list(kStruct, schema.size());
    for (const Element& e : schema) {
        write_element(w, e);
    }
    w.i64_field(3, 10);
    w.field(4, kList);
    w.list(kStruct, row_groups.size());
    for (const auto& group : row_groups) {
        w.begin_struct();
        w.field(1, kList);
        w.list(kStruct, group.size());
        for (const Chunk& c : group) {
            w.begin_struct();
            w.i64_field(2, 4); // file_offset
            w.struct_field(3, [&] {
                w.i32_field(1, 1); // type
                w.field(2, kList); // encodings
                w.list(kI32, 1);
                w.zigzag(0);
                w.field(3, kList); // path_in_schema
                w.list(kBinary, c.path.size());
                for (const std::string& p : c.path) {
                    w.string(p);
                }
                w.i32_field(4, 1);                // codec
                w.i64_field(5, 10);               // num_values
                w.i64_field(6, c.compressed * 2); // total_uncompressed_size
                w.i64_field(7, c.compressed);     // total_compressed_size
                w.i64_field(9, 4);                // data_page_offset
                if (statistics) {
                    w.struct_field(12, [&] {
                        w.i64_field(3, 0);                         // null_count
                        w.string_field(5, std::string(8, '\x7f')); // max_value
                        w.string_field(6, std::string(8, '\0'));   // min_value
                    });
                }
            });
            w.end_struct();
        }
        w.i64_field(2, 100);
        w.i64_field(3, 10);
        w.end_struct();
    }
    w.string_field(6, "parquet_builder (prune-plan tests)");
    w.end_struct();
    return std::move(w.bytes());
}

/// A whole file around a footer: the magic, no data pages, the footer, its length, the magic.
inline std::string file(const std::string& footer_bytes) {
    std::string out = "PAR1" + footer_bytes;
    const auto n = static_cast<std::uint32_t>(footer_bytes.size());
    for (int i = 0; i < 4; ++i) {
        out += static_cast<char>((n >> (8 * i)) & 0xFF);
    }
    return out + "PAR1";
}

inline std::string file(const std::vector<Element>& schema,
                        const std::vector<std::vector<Chunk>>& row_groups) {
    return file(footer(schema, row_groups));
}

} // namespace parquet_test
