/// Loading a Parquet file or directory as a table (see dataset.hpp): listing, Spark's hidden
/// file rule, partition folders, one schema or the merge of all, and the bytes of every column.

#include "parquet/dataset.hpp"

#include <algorithm>
#include <cstring>
#include <unordered_set>

#include "diag/diagnostic.hpp"
#include "parquet/partitions.hpp"
#include "util/ascii.hpp"

namespace prune::parquet {
namespace {

constexpr std::size_t kMaxDirectoryDepth = 256; // a symbolic link loop ends here

std::span<const std::uint8_t> bytes_of(const std::string& s) {
    return {reinterpret_cast<const std::uint8_t*>(s.data()), s.size()};
}

bool ends_with_magic(const std::string& tail) {
    return tail.size() >= kMagicSize &&
           (std::memcmp(tail.data() + tail.size() - kMagicSize, "PAR1", kMagicSize) == 0 ||
            std::memcmp(tail.data() + tail.size() - kMagicSize, "PARE", kMagicSize) == 0);
}

/// A file's footer, from the tail already read (`tail`: the file's last bytes) and, when the
/// footer is longer than that, one more read of the rest. `whole` says the tail is the whole
/// file, so that its leading magic is checked too at no cost.
FileMetaData footer_from_tail(FileSource& files, const std::string& path, const std::string& tail,
                              std::uint64_t size) {
    try {
        if (tail.size() < kTailSize || size < kMagicSize + kTailSize) {
            throw ParquetError("too short to be a Parquet file (" + std::to_string(size) +
                               " bytes)");
        }
        const auto frame = bytes_of(tail).subspan(tail.size() - kTailSize);
        const std::uint32_t length = footer_length(frame, size);
        if (tail.size() == size && !has_magic(bytes_of(tail))) {
            throw ParquetError("no PAR1 magic at the start of the file");
        }
        if (length + kTailSize <= tail.size()) {
            return parse_file_metadata(
                bytes_of(tail).subspan(tail.size() - kTailSize - length, length));
        }
        // `length` is bounded by the file's size (footer_length), so this allocation is too.
        const std::string footer = files.read(path, size - kTailSize - length, length);
        if (footer.size() != length) {
            throw ParquetError("the file ended while its footer was read");
        }
        return parse_file_metadata(bytes_of(footer));
    } catch (const ParquetError& e) {
        throw SchemaError(path, std::string("not a readable Parquet file: ") + e.what());
    }
}

std::string read_tail(FileSource& files, const std::string& path, std::uint64_t size) {
    const std::uint64_t n = std::min(size, kTailRead);
    return files.read(path, size - n, n);
}

/// Spark's shouldFilterOutPathName: `.` names, `_` names without `=` (so `_col=1` partition
/// folders stay), and `._COPYING_` files of a copy in progress.
bool hidden(const std::string& name) {
    return name.starts_with('.') ||
           (name.starts_with('_') && name.find('=') == std::string::npos) ||
           name.ends_with("._COPYING_");
}

struct FoundFile {
    std::string relative; // `/`-joined below the dataset's directory
    std::vector<std::string> folders;
};

void walk(FileSource& files, const std::string& directory, std::vector<std::string>& folders,
          std::vector<FoundFile>& found) {
    if (folders.size() > kMaxDirectoryDepth) {
        throw SchemaError(directory, "directories nested deeper than " +
                                         std::to_string(kMaxDirectoryDepth) +
                                         " levels (a symbolic link loop?)");
    }
    for (const FileSource::Entry& entry : files.list(directory)) {
        if (hidden(entry.name)) {
            continue;
        }
        if (entry.kind == FileSource::Kind::Other) { // a pipe would block a read
            throw SchemaError(directory + "/" + entry.name, "not a regular file");
        }
        if (entry.kind == FileSource::Kind::Directory) {
            folders.push_back(entry.name);
            walk(files, directory + "/" + entry.name, folders, found);
            folders.pop_back();
        } else {
            std::string relative;
            for (const std::string& f : folders) {
                relative += f + "/";
            }
            found.push_back(FoundFile{relative + entry.name, folders});
        }
    }
}

/// The `key=value` folders of a file, Spark's way: from the innermost folder outwards, folders
/// without `=` are passed over until the first `key=value`, whose run then ends at the next
/// folder without `=`. `base` is what is left above the run.
struct PartitionSpec {
    std::vector<std::string> keys;   // unescaped column names, outermost first
    std::vector<std::string> values; // raw (escaped) values
    std::vector<std::string> base;
};

PartitionSpec partition_spec(const std::vector<std::string>& folders) {
    PartitionSpec spec;
    std::size_t end = folders.size();
    std::size_t begin = end;
    bool in_run = false;
    for (std::size_t i = folders.size(); i-- > 0;) {
        const std::size_t eq = folders[i].find('=');
        const bool kv = eq != std::string::npos && eq > 0;
        if (kv) {
            if (!in_run) {
                end = i + 1;
                in_run = true;
            }
            begin = i;
        } else if (in_run) {
            break;
        }
    }
    if (!in_run) {
        spec.base = folders; // Spark: no partition values, the leaf folder is its base
        return spec;
    }
    spec.base.assign(folders.begin(), folders.begin() + static_cast<std::ptrdiff_t>(begin));
    for (std::size_t i = begin; i < end; ++i) {
        const std::size_t eq = folders[i].find('=');
        spec.keys.push_back(unescape_path_name(folders[i].substr(0, eq)));
        spec.values.push_back(folders[i].substr(eq + 1));
    }
    return spec;
}

std::string joined(const std::vector<std::string>& parts) {
    std::string s;
    for (const std::string& p : parts) {
        s += (s.empty() ? "" : "/") + p;
    }
    return s.empty() ? "." : s;
}

/// Adds `from` (a file's bytes over its own type `source`) to `into` (bytes over the table's
/// type `target`), matching struct fields by name: a field the table does not have, or whose
/// shape differs, is not counted. Returns the bytes added.
std::int64_t accumulate(const DataType& target, ColumnBytes& into, const DataType& source,
                        const ColumnBytes& from) {
    std::int64_t added = 0;
    const auto child = [&](const DataType& t, std::size_t i, const DataType& s, std::size_t j) {
        if (i < into.children.size() && j < from.children.size()) {
            added += accumulate(t, into.children[i], s, from.children[j]);
        }
    };
    if (const StructType* ts = target.struct_type()) {
        const StructType* ss = source.struct_type();
        if (ss == nullptr) {
            return 0;
        }
        for (std::size_t j = 0; j < ss->size(); ++j) {
            if (const auto i = ts->field_index((*ss)[j].name, CaseSensitivity::Sensitive)) {
                child(*(*ts)[*i].type, *i, *(*ss)[j].type, j);
            }
        }
    } else if (const ArrayType* ta = target.array()) {
        if (const ArrayType* sa = source.array()) {
            child(*ta->element, 0, *sa->element, 0);
        }
    } else if (const MapType* tm = target.map()) {
        if (const MapType* sm = source.map()) {
            child(*tm->key, 0, *sm->key, 0);
            child(*tm->value, 1, *sm->value, 1);
        }
    } else if (source.atomic() != nullptr) {
        added = from.bytes;
    }
    added = std::min(added, INT64_MAX - into.bytes);
    into.bytes += added;
    return added;
}

/// A tree of zero bytes shaped as `type`.
ColumnBytes zero_bytes(const DataType& type) {
    ColumnBytes out;
    if (const StructType* s = type.struct_type()) {
        out.children.reserve(s->size());
        for (const StructField& f : s->fields()) {
            out.children.push_back(zero_bytes(*f.type));
        }
    } else if (const ArrayType* a = type.array()) {
        out.children.push_back(zero_bytes(*a->element));
    } else if (const MapType* m = type.map()) {
        out.children.push_back(zero_bytes(*m->key));
        out.children.push_back(zero_bytes(*m->value));
    }
    return out;
}

/// Spark's check of a data schema (SchemaUtils.checkSchemaColumnNameDuplication, with
/// spark.sql.caseSensitive's default, false): no two fields of a struct, at any depth, whose
/// names are equal once ASCII letters are folded.
void check_duplicates(const DataType& type, const std::string& origin, const std::string& at) {
    if (const StructType* s = type.struct_type()) {
        std::unordered_set<std::string> seen;
        for (const StructField& f : s->fields()) {
            const std::string path = at.empty() ? f.name : at + "." + f.name;
            if (!seen.insert(ascii_lower(f.name)).second) {
                throw SchemaError(origin, "Found duplicate column(s) in the data schema: '" + path +
                                              "' (names compare case-insensitively, as "
                                              "Spark's do by default)");
            }
            check_duplicates(*f.type, origin, path);
        }
    } else if (const ArrayType* a = type.array()) {
        check_duplicates(*a->element, origin, at);
    } else if (const MapType* m = type.map()) {
        check_duplicates(*m->key, origin, at);
        check_duplicates(*m->value, origin, at);
    }
}

struct LoadedFile {
    std::string path;
    FileSchema schema;
};

/// The table of a list of files (in sorted path order) with their partition folders.
Table make_table(const std::string& origin, std::vector<LoadedFile>& loaded,
                 const std::vector<PartitionSpec>& specs, const DatasetOptions& options) {
    // The data schema: the first file's, or every file's merged in order (Spark's
    // StructType.merge: fields by name, structs recursively, incompatible types an error).
    TypePtr data = loaded.front().schema.type;
    if (options.merge_schema) {
        for (std::size_t i = 1; i < loaded.size(); ++i) {
            try {
                data = merge(data, loaded[i].schema.type);
            } catch (const SchemaError& e) {
                throw SchemaError(loaded[i].path, std::string("cannot merge its schema with "
                                                              "the schema of the files before "
                                                              "it (--merge-schema): ") +
                                                      e.what());
            }
        }
    }
    check_duplicates(*data, options.merge_schema ? origin : loaded.front().path, "");
    ColumnBytes bytes = zero_bytes(*data);
    for (const LoadedFile& file : loaded) {
        accumulate(*data, bytes, *file.schema.type, file.schema.bytes);
    }

    // The partition columns: the same names in every partitioned file, each typed as the
    // widest of its values.
    Table table;
    const PartitionSpec* first = nullptr;
    for (std::size_t i = 0; i < specs.size(); ++i) {
        if (specs[i].base != specs.front().base) {
            throw SchemaError(origin, "conflicting directory structures: '" + loaded.front().path +
                                          "' and '" + loaded[i].path +
                                          "' have their partition folders under different "
                                          "folders ('" +
                                          joined(specs.front().base) + "', '" +
                                          joined(specs[i].base) + "')");
        }
        if (specs[i].keys.empty()) {
            continue;
        }
        if (first == nullptr) {
            first = &specs[i];
        } else if (specs[i].keys != first->keys) {
            throw SchemaError(origin, "conflicting partition column names: '" + loaded[i].path +
                                          "' has " + joined(specs[i].keys) + ", other files " +
                                          joined(first->keys));
        }
    }
    std::vector<StructField> fields = data->struct_type()->fields();
    if (first != nullptr) {
        for (std::size_t k = 0; k < first->keys.size(); ++k) {
            TypePtr type;
            for (const PartitionSpec& spec : specs) {
                if (!spec.keys.empty()) {
                    type = wider_partition_type(type, infer_partition_type(spec.values[k]));
                }
            }
            // A column of nothing but __HIVE_DEFAULT_PARTITION__ is a string column.
            StructField field{first->keys[k], type ? type : string_type(), true, "{}"};
            // A partition column that files also store takes the folder's type in the file
            // column's place (Spark: HadoopFsRelation's overlapping columns), and its bytes
            // are not read.
            const auto existing =
                data->struct_type()->field_index(field.name, CaseSensitivity::Insensitive);
            if (existing) {
                field.name = fields[*existing].name;
                fields[*existing] = field;
                bytes.bytes -= bytes.children[*existing].bytes;
                bytes.children[*existing] = ColumnBytes{};
            } else {
                fields.push_back(field);
                bytes.children.push_back(ColumnBytes{});
            }
            table.partition_columns.push_back(field.name);
        }
    }
    table.schema = make_struct(std::move(fields));
    table.column_bytes = std::make_shared<const ColumnBytes>(std::move(bytes));
    return table;
}

Table load_directory(FileSource& files, const std::string& directory,
                     const DatasetOptions& options) {
    std::vector<std::string> folders;
    std::vector<FoundFile> found;
    walk(files, directory, folders, found);
    if (found.empty()) {
        throw SchemaError(directory, "no Parquet files in this directory (names that start "
                                     "with '.' or '_' are skipped, as Spark skips them)");
    }
    std::sort(found.begin(), found.end(),
              [](const FoundFile& a, const FoundFile& b) { return a.relative < b.relative; });
    std::vector<LoadedFile> loaded;
    std::vector<PartitionSpec> specs;
    loaded.reserve(found.size());
    specs.reserve(found.size());
    for (const FoundFile& f : found) {
        const std::string path = directory + "/" + f.relative;
        loaded.push_back(LoadedFile{path, convert_file(files, path)});
        specs.push_back(partition_spec(f.folders));
    }
    return make_table(directory, loaded, specs, options);
}

} // namespace

FileSchema convert_file(FileSource& files, const std::string& path) {
    const std::uint64_t size = files.size(path);
    const FileMetaData meta = footer_from_tail(files, path, read_tail(files, path, size), size);
    try {
        return convert_schema(meta);
    } catch (const ParquetError& e) {
        throw SchemaError(path, e.what());
    }
}

FileMetaData read_footer(FileSource& files, const std::string& path) {
    const std::uint64_t size = files.size(path);
    return footer_from_tail(files, path, read_tail(files, path, size), size);
}

Table load_parquet_table(FileSource& files, const std::string& path,
                         const DatasetOptions& options) {
    switch (files.kind(path)) {
    case FileSource::Kind::Directory:
        return load_directory(files, path, options);
    case FileSource::Kind::File: {
        std::vector<LoadedFile> loaded{LoadedFile{path, convert_file(files, path)}};
        return make_table(path, loaded, {PartitionSpec{}}, options);
    }
    case FileSource::Kind::Other:
        throw SchemaError(path, "not a Parquet file or directory");
    case FileSource::Kind::Missing:
        break;
    }
    throw FileError("cannot read '" + path + "': No such file or directory");
}

std::optional<Table> load_parquet_source(FileSource& files, const std::string& path,
                                         const DatasetOptions& options) {
    const FileSource::Kind kind = files.kind(path);
    if (kind == FileSource::Kind::Directory) {
        return load_directory(files, path, options);
    }
    if (kind != FileSource::Kind::File) {
        return std::nullopt; // the caller's read reports it
    }
    // Detection by content: the magic at either end (a file with one of the two is a damaged
    // Parquet file, reported as such, not read as a DDL schema).
    const std::uint64_t size = files.size(path);
    const std::string tail = read_tail(files, path, size);
    bool parquet = ends_with_magic(tail);
    if (!parquet) {
        const std::string head =
            tail.size() == size ? tail.substr(0, kMagicSize) : files.read(path, 0, kMagicSize);
        parquet = has_magic(bytes_of(head));
    }
    if (!parquet) {
        return std::nullopt;
    }
    FileSchema schema;
    const FileMetaData meta = footer_from_tail(files, path, tail, size);
    try {
        schema = convert_schema(meta);
    } catch (const ParquetError& e) {
        throw SchemaError(path, e.what());
    }
    std::vector<LoadedFile> loaded{LoadedFile{path, std::move(schema)}};
    return make_table(path, loaded, {PartitionSpec{}}, options);
}

Catalog load_schema_path(FileSource& files, const std::string& path, const DatasetOptions& options,
                         const std::function<std::string(const std::string&)>& read_text) {
    if (path != "-") {
        if (std::optional<Table> table = load_parquet_source(files, path, options)) {
            return Catalog::single(std::move(*table));
        }
    }
    // A catalog's table paths are relative to the catalog file's directory.
    const std::size_t slash = path.rfind('/');
    const std::string base = slash == std::string::npos ? "" : path.substr(0, slash + 1);
    const PathLoader load_path = [&](const std::string& table_path) {
        const std::string resolved =
            table_path.starts_with('/') || path == "-" ? table_path : base + table_path;
        return load_parquet_table(files, resolved, options);
    };
    return load_catalog(read_text(path), path, load_path);
}

} // namespace prune::parquet
