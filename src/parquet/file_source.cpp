/// The two file sources: the local file system (the tool) and memory (tests, fuzzing, benchmarks).

#include "parquet/file_source.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace prune::parquet {

namespace fs = std::filesystem;

namespace {

[[noreturn]] void cannot_read(const std::string& path, const std::string& why) {
    throw FileError("cannot read '" + path + "': " + why);
}

} // namespace

FileSource::Kind LocalFileSource::kind(const std::string& path) {
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (error || !fs::exists(status)) {
        return Kind::Missing;
    }
    if (fs::is_directory(status)) {
        return Kind::Directory;
    }
    return fs::is_regular_file(status) ? Kind::File : Kind::Other;
}

std::vector<FileSource::Entry> LocalFileSource::list(const std::string& directory) {
    std::vector<Entry> entries;
    std::error_code error;
    fs::directory_iterator it(directory, error);
    if (error) {
        cannot_read(directory, error.message());
    }
    for (; it != fs::directory_iterator(); it.increment(error)) {
        if (error) {
            cannot_read(directory, error.message());
        }
        std::error_code ignored;
        const Kind kind = it->is_directory(ignored)      ? Kind::Directory
                          : it->is_regular_file(ignored) ? Kind::File
                                                         : Kind::Other;
        entries.push_back(Entry{it->path().filename().string(), kind});
    }
    if (error) {
        cannot_read(directory, error.message());
    }
    return entries;
}

std::uint64_t LocalFileSource::size(const std::string& path) {
    std::error_code error;
    const std::uintmax_t size = fs::file_size(path, error);
    if (error) {
        cannot_read(path, error.message());
    }
    return size;
}

std::string LocalFileSource::read(const std::string& path, std::uint64_t offset,
                                  std::uint64_t length) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        cannot_read(path, std::strerror(errno));
    }
    in.seekg(static_cast<std::streamoff>(offset));
    std::string bytes(static_cast<std::size_t>(length), '\0');
    in.read(bytes.data(), static_cast<std::streamsize>(length));
    if (in.bad()) {
        cannot_read(path, "read error");
    }
    bytes.resize(static_cast<std::size_t>(in.gcount()));
    return bytes;
}

FileSource::Kind MemoryFileSource::kind(const std::string& path) {
    if (files_.count(path) != 0) {
        return Kind::File;
    }
    const std::string prefix = path + "/";
    const auto it = files_.lower_bound(prefix);
    return it != files_.end() && it->first.starts_with(prefix) ? Kind::Directory : Kind::Missing;
}

std::vector<FileSource::Entry> MemoryFileSource::list(const std::string& directory) {
    const std::string prefix = directory + "/";
    std::vector<Entry> entries;
    for (auto it = files_.lower_bound(prefix); it != files_.end() && it->first.starts_with(prefix);
         ++it) {
        const std::string rest = it->first.substr(prefix.size());
        const std::size_t slash = rest.find('/');
        Entry entry{rest.substr(0, slash),
                    slash == std::string::npos ? Kind::File : Kind::Directory};
        if (entries.empty() || entries.back().name != entry.name) {
            entries.push_back(std::move(entry));
        }
    }
    if (entries.empty()) {
        cannot_read(directory, "no such directory");
    }
    return entries;
}

std::uint64_t MemoryFileSource::size(const std::string& path) {
    const auto it = files_.find(path);
    if (it == files_.end()) {
        cannot_read(path, "no such file");
    }
    return it->second.size();
}

std::string MemoryFileSource::read(const std::string& path, std::uint64_t offset,
                                   std::uint64_t length) {
    const auto it = files_.find(path);
    if (it == files_.end()) {
        cannot_read(path, "no such file");
    }
    ++reads_;
    ++reads_per_file_[path];
    const std::string& bytes = it->second;
    if (offset >= bytes.size()) {
        return {};
    }
    std::string out =
        bytes.substr(static_cast<std::size_t>(offset), static_cast<std::size_t>(length));
    bytes_read_ += out.size();
    return out;
}

} // namespace prune::parquet
