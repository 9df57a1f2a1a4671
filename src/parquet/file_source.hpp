#pragma once
/// The files a Parquet schema source reads, behind an interface: the footer reader works on
/// byte buffers, the dataset loader asks this interface for directory listings and byte ranges.
/// The tool reads local files (LocalFileSource); tests, the fuzzer and the benchmark hand in
/// memory (MemoryFileSource) and can count what is read.

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

namespace prune::parquet {

/// A file or directory that cannot be read (missing, permissions): an I/O problem, exit 2 in
/// the tool, as for any other input file. The message names the path.
class FileError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class FileSource {
  public:
    /// `Other` is anything else that exists (a device such as /dev/null, a pipe such as a
    /// shell's `<(...)`): never Parquet, read as text by the caller.
    enum class Kind { Missing, File, Directory, Other };
    struct Entry {
        std::string name; // the entry's own name, not its path
        Kind kind = Kind::File;
    };

    virtual ~FileSource() = default;
    /// What `path` is (symbolic links followed).
    virtual Kind kind(const std::string& path) = 0;
    /// The entries of a directory, in any order. Throws FileError.
    virtual std::vector<Entry> list(const std::string& directory) = 0;
    /// A file's size in bytes. Throws FileError.
    virtual std::uint64_t size(const std::string& path) = 0;
    /// `length` bytes of a file from `offset` (fewer only if the file is shorter than it said).
    /// Throws FileError.
    virtual std::string read(const std::string& path, std::uint64_t offset,
                             std::uint64_t length) = 0;
};

/// The local file system.
class LocalFileSource final : public FileSource {
  public:
    Kind kind(const std::string& path) override;
    std::vector<Entry> list(const std::string& directory) override;
    std::uint64_t size(const std::string& path) override;
    std::string read(const std::string& path, std::uint64_t offset, std::uint64_t length) override;
};

/// Files held in memory under `/`-separated paths; directories are implied by the paths.
/// Counts every read, for tests that check how much a load reads.
class MemoryFileSource final : public FileSource {
  public:
    void add(const std::string& path, std::string bytes) { files_[path] = std::move(bytes); }

    Kind kind(const std::string& path) override;
    std::vector<Entry> list(const std::string& directory) override;
    std::uint64_t size(const std::string& path) override;
    std::string read(const std::string& path, std::uint64_t offset, std::uint64_t length) override;

    std::size_t reads() const { return reads_; }
    std::uint64_t bytes_read() const { return bytes_read_; }
    /// Reads of one file.
    std::size_t reads_of(const std::string& path) const {
        const auto it = reads_per_file_.find(path);
        return it == reads_per_file_.end() ? 0 : it->second;
    }

  private:
    std::map<std::string, std::string> files_;
    std::map<std::string, std::size_t> reads_per_file_;
    std::size_t reads_ = 0;
    std::uint64_t bytes_read_ = 0;
};

} // namespace prune::parquet
