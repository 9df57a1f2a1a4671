/// Reading parquet.thrift's FileMetaData from the compact protocol (see footer.hpp). Field ids
/// are the specification's; every field this reader does not keep is skipped by its type, so a
/// footer written by a newer writer (encryption keys, statistics, bloom filter offsets, column
/// indexes) reads as well as an old one.

#include "parquet/footer.hpp"

#include <algorithm>
#include <cstring>

#include "parquet/thrift_compact.hpp"

namespace prune::parquet {
namespace {

constexpr char kMagic[] = "PAR1";
constexpr char kEncryptedMagic[] = "PARE";
constexpr std::size_t kMaxReserve = 4096; // elements reserved ahead of reading them

/// The reader of one footer: each `read_*` reads one struct, skipping the fields it does not
/// keep, and checks the type of those it does.
class FooterReader {
  public:
    explicit FooterReader(std::span<const std::uint8_t> bytes) : in_(bytes) {}

    FileMetaData file_metadata() {
        FileMetaData meta;
        bool has_schema = false;
        std::int16_t last = 0;
        for (auto f = in_.field(last); f.type != TType::Stop; f = in_.field(last)) {
            switch (f.id) {
            case 1:
                meta.version = expect_i32(f);
                break;
            case 2:
                read_list(
                    f, [&] { meta.schema.push_back(schema_element()); }, meta.schema);
                has_schema = true;
                break;
            case 3:
                meta.num_rows = expect_i64(f);
                break;
            case 4:
                read_list(
                    f, [&] { meta.row_groups.push_back(row_group()); }, meta.row_groups);
                break;
            default:
                in_.skip(f.type);
            }
        }
        if (!has_schema || meta.schema.empty()) {
            in_.fail("the footer has no schema");
        }
        return meta;
    }

  private:
    void expect(const CompactReader::Field& f, TType type, const char* what) {
        if (f.type != type) {
            in_.fail(std::string("field ") + std::to_string(f.id) + " of " + what +
                     " has the wrong Thrift type " + std::to_string(static_cast<int>(f.type)));
        }
    }
    std::int32_t expect_i32(const CompactReader::Field& f) {
        expect(f, TType::I32, "an i32");
        return in_.i32();
    }
    std::int64_t expect_i64(const CompactReader::Field& f) {
        expect(f, TType::I64, "an i64");
        return in_.i64();
    }
    std::string expect_string(const CompactReader::Field& f) {
        expect(f, TType::Binary, "a string");
        return std::string(in_.binary());
    }
    bool expect_bool(const CompactReader::Field& f) {
        if (f.type != TType::True && f.type != TType::False) {
            expect(f, TType::True, "a bool");
        }
        return in_.boolean(f.type);
    }

    /// A list of structs: `each` reads one element. The size is bounded by the bytes left
    /// (CompactReader::list), but an element in memory is tens of times its smallest encoding:
    /// reserving is capped, so a lying size costs no more than the elements really present.
    template <class Each, class Vector>
    void read_list(const CompactReader::Field& f, Each&& each, Vector& into) {
        expect(f, TType::List, "a list");
        const auto h = in_.list();
        if (h.size > 0 && h.element != TType::Struct) {
            in_.fail("expected a list of structs");
        }
        into.reserve(into.size() + std::min<std::size_t>(h.size, kMaxReserve));
        for (std::size_t i = 0; i < h.size; ++i) {
            each();
        }
    }

    SchemaElement schema_element() {
        SchemaElement e;
        bool has_name = false;
        std::int16_t last = 0;
        for (auto f = in_.field(last); f.type != TType::Stop; f = in_.field(last)) {
            switch (f.id) {
            case 1: {
                const std::int32_t t = expect_i32(f);
                if (t < 0 || t > static_cast<std::int32_t>(PhysicalType::FixedLenByteArray)) {
                    in_.fail("unknown physical type " + std::to_string(t));
                }
                e.type = static_cast<PhysicalType>(t);
                break;
            }
            case 2:
                e.type_length = expect_i32(f);
                break;
            case 3: {
                const std::int32_t r = expect_i32(f);
                if (r < 0 || r > 2) {
                    in_.fail("unknown repetition " + std::to_string(r));
                }
                e.repetition = static_cast<Repetition>(r);
                break;
            }
            case 4:
                e.name = expect_string(f);
                has_name = true;
                break;
            case 5:
                e.num_children = expect_i32(f);
                break;
            case 6: {
                const std::int32_t c = expect_i32(f);
                // An annotation this reader does not know is left out, as parquet-mr does with
                // a converted type it cannot map; the physical type still decides.
                if (c >= 0 && c <= static_cast<std::int32_t>(ConvertedType::Interval)) {
                    e.converted_type = static_cast<ConvertedType>(c);
                }
                break;
            }
            case 7:
                e.scale = expect_i32(f);
                break;
            case 8:
                e.precision = expect_i32(f);
                break;
            case 10:
                expect(f, TType::Struct, "a struct");
                e.logical_type = logical_type();
                break;
            default:
                in_.skip(f.type);
            }
        }
        if (!has_name) {
            in_.fail("a schema element without a name");
        }
        return e;
    }

    LogicalType logical_type() {
        LogicalType t;
        std::int16_t last = 0;
        for (auto f = in_.field(last); f.type != TType::Stop; f = in_.field(last)) {
            if (t.field_id != 0) {
                in_.fail("a LogicalType union with more than one member");
            }
            t.field_id = f.id;
            expect(f, TType::Struct, "a struct");
            switch (f.id) {
            case 5:
                t.kind = LogicalType::Kind::Decimal;
                decimal(t);
                break;
            case 7:
            case 8:
                t.kind = f.id == 7 ? LogicalType::Kind::Time : LogicalType::Kind::Timestamp;
                time(t);
                break;
            case 10:
                t.kind = LogicalType::Kind::Integer;
                integer(t);
                break;
            case 1:
            case 2:
            case 3:
            case 4:
            case 6:
            case 11:
            case 12:
            case 13:
            case 14:
            case 15:
                t.kind = static_cast<LogicalType::Kind>(f.id);
                in_.skip(TType::Struct);
                break;
            default:
                t.kind = LogicalType::Kind::Unknown;
                in_.skip(TType::Struct);
            }
        }
        return t;
    }

    void decimal(LogicalType& t) {
        std::int16_t last = 0;
        for (auto f = in_.field(last); f.type != TType::Stop; f = in_.field(last)) {
            if (f.id == 1) {
                t.scale = expect_i32(f);
            } else if (f.id == 2) {
                t.precision = expect_i32(f);
            } else {
                in_.skip(f.type);
            }
        }
    }

    void time(LogicalType& t) {
        std::int16_t last = 0;
        for (auto f = in_.field(last); f.type != TType::Stop; f = in_.field(last)) {
            if (f.id == 1) {
                t.adjusted_to_utc = expect_bool(f);
            } else if (f.id == 2) {
                expect(f, TType::Struct, "a struct");
                // TimeUnit is a union of empty structs: MILLIS 1, MICROS 2, NANOS 3.
                std::int16_t unit_last = 0;
                for (auto u = in_.field(unit_last); u.type != TType::Stop;
                     u = in_.field(unit_last)) {
                    if (u.id >= 1 && u.id <= 3) {
                        t.unit = static_cast<LogicalType::Unit>(u.id - 1);
                    }
                    in_.skip(u.type);
                }
            } else {
                in_.skip(f.type);
            }
        }
    }

    void integer(LogicalType& t) {
        std::int16_t last = 0;
        for (auto f = in_.field(last); f.type != TType::Stop; f = in_.field(last)) {
            if (f.id == 1) {
                expect(f, TType::Byte, "an i8");
                t.bit_width = in_.byte();
            } else if (f.id == 2) {
                t.is_signed = expect_bool(f);
            } else {
                in_.skip(f.type);
            }
        }
    }

    RowGroup row_group() {
        RowGroup g;
        std::int16_t last = 0;
        for (auto f = in_.field(last); f.type != TType::Stop; f = in_.field(last)) {
            if (f.id == 1) {
                read_list(
                    f, [&] { g.columns.push_back(column_chunk()); }, g.columns);
            } else if (f.id == 3) {
                g.num_rows = expect_i64(f);
            } else {
                in_.skip(f.type);
            }
        }
        return g;
    }

    ColumnChunk column_chunk() {
        ColumnChunk c;
        bool has_meta = false;
        std::int16_t last = 0;
        for (auto f = in_.field(last); f.type != TType::Stop; f = in_.field(last)) {
            if (f.id == 3) {
                expect(f, TType::Struct, "a struct");
                column_metadata(c);
                has_meta = true;
            } else {
                in_.skip(f.type);
            }
        }
        if (!has_meta) {
            // Only an encrypted column keeps its metadata elsewhere; prune-plan reads no keys.
            in_.fail("a column chunk without metadata (an encrypted column?)");
        }
        return c;
    }

    void column_metadata(ColumnChunk& c) {
        std::int16_t last = 0;
        for (auto f = in_.field(last); f.type != TType::Stop; f = in_.field(last)) {
            if (f.id == 3) {
                expect(f, TType::List, "a list");
                const auto h = in_.list();
                if (h.size > 0 && h.element != TType::Binary) {
                    in_.fail("path_in_schema is not a list of strings");
                }
                c.path.reserve(std::min<std::size_t>(h.size, kMaxReserve));
                for (std::size_t i = 0; i < h.size; ++i) {
                    c.path.emplace_back(in_.binary());
                }
            } else if (f.id == 7) {
                c.total_compressed_size = expect_i64(f);
                if (c.total_compressed_size < 0) {
                    in_.fail("a negative total_compressed_size");
                }
            } else {
                in_.skip(f.type);
            }
        }
    }

    CompactReader in_;
};

} // namespace

bool has_magic(std::span<const std::uint8_t> bytes) {
    return bytes.size() >= kMagicSize && std::memcmp(bytes.data(), kMagic, kMagicSize) == 0;
}

std::uint32_t footer_length(std::span<const std::uint8_t> tail, std::uint64_t file_size) {
    if (tail.size() != kTailSize) {
        throw ParquetError("too short to be a Parquet file (" + std::to_string(file_size) +
                           " bytes)");
    }
    const auto* magic = tail.data() + 4;
    if (std::memcmp(magic, kEncryptedMagic, kMagicSize) == 0) {
        throw ParquetError("an encrypted Parquet footer (PARE) cannot be read without its keys");
    }
    if (std::memcmp(magic, kMagic, kMagicSize) != 0) {
        throw ParquetError("no PAR1 magic at the end of the file (truncated, or not Parquet)");
    }
    const std::uint32_t length =
        static_cast<std::uint32_t>(tail[0]) | static_cast<std::uint32_t>(tail[1]) << 8U |
        static_cast<std::uint32_t>(tail[2]) << 16U | static_cast<std::uint32_t>(tail[3]) << 24U;
    if (file_size < kMagicSize + kTailSize || length > file_size - kMagicSize - kTailSize) {
        throw ParquetError("the footer length " + std::to_string(length) +
                           " reaches past the start of a file of " + std::to_string(file_size) +
                           " bytes");
    }
    return length;
}

FileMetaData parse_file_metadata(std::span<const std::uint8_t> footer) {
    try {
        return FooterReader(footer).file_metadata();
    } catch (const ThriftError& e) {
        throw ParquetError(std::string("malformed footer at byte ") + std::to_string(e.offset()) +
                           " of " + std::to_string(footer.size()) + ": " + e.what());
    }
}

} // namespace prune::parquet
