// prune-plan: options -> pipeline -> output -> exit code. Nothing else lives here: the
// library does no I/O, this file does nothing but I/O.

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "catalog/catalog.hpp"
#include "eval/rows.hpp"
#include "eval/verify.hpp"
#include "output/compare_rules.hpp"
#include "output/printers.hpp"
#include "parquet/dataset.hpp"
#include "pipeline.hpp"
#include "plan/analyzer.hpp"
#include "sql/parser.hpp"
#include "util/deep_stack.hpp"

namespace {

using namespace prune;

/// Exit statuses (README.md "Exit status"); with several statements the highest wins.
enum Exit : int {
    kSuccess = 0,
    kRejected = 1,
    kUsage = 2,
    kInternal = 3,
    kDifferent = 4,
};

struct Options {
    std::string query_path;
    std::string schema_path;
    std::string ddl;
    std::vector<std::string> partition_columns;
    std::string format = "text";
    std::string rules = "extended";
    bool case_sensitive = false;
    std::string schema_style = "catalog";
    std::string emit;
    std::string output_path;
    std::string color = "auto";
    std::vector<std::string> verify; // [TABLE=]ROWS, one per table
    bool no_rewrite = false;         // --debug-no-rewrite
    bool merge_schema = false;       // --merge-schema (Parquet directories)
    bool explain = false;            // --explain: where and why each field is read
    bool compare_rules = false;      // --compare-rules: the three profiles side by side
};

/// An I/O problem or a misused option found after parsing: a usage-level failure (exit 2).
struct IoError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// A misused option or a combination of options that cannot work together, found after parsing
/// (exit 2). Printed like CLI11's own usage errors, with a pointer to --help.
struct UsageError : IoError {
    using IoError::IoError;
};

/// `'path': reason` for the errno of a failed call.
std::string cannot(const char* what, const std::string& path, int error) {
    return std::string("cannot ") + what + " '" + path + "': " + std::strerror(error);
}

std::string read_file(const std::string& path);

/// `a, b, c` for the tables of a message, the first few of a large catalog.
std::string table_list(const std::vector<std::string>& names) {
    constexpr std::size_t kShown = 8;
    std::string out;
    for (std::size_t i = 0; i < names.size() && i < kShown; ++i) {
        out += (i == 0 ? "" : ", ") + names[i];
    }
    if (names.size() > kShown) {
        out += ", ... (" + std::to_string(names.size()) + " in all)";
    }
    return out;
}

bool is_existing_file(const std::string& path) {
    std::error_code ignored;
    return std::filesystem::exists(path, ignored);
}

/// Fails now, once, for a rows file that cannot be read, rather than at every statement that
/// would read it.
void check_readable(const std::string& path) {
    if (path == "-") {
        return;
    }
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored)) {
        throw IoError(cannot("read", path, EISDIR));
    }
    if (!std::ifstream(path, std::ios::binary)) {
        throw IoError(cannot("read", path, errno));
    }
}

/// Where `--verify` finds the rows of each table: `TABLE=ROWS` names the table (when the text
/// before the first `=` is a table of the catalog), a bare `ROWS` serves every statement whose
/// table has no named rows (the usual single-table case). Files are read once, when a statement
/// first needs them. Every mistake (a table the catalog lacks, a file that cannot be read) is
/// found here, before any statement runs, so it is reported once and not at each statement.
class RowsFiles {
  public:
    RowsFiles(const std::vector<std::string>& specs, const Catalog& catalog) {
        const std::vector<std::string> tables = catalog.table_names();
        for (const std::string& spec : specs) {
            const std::size_t eq = spec.find('=');
            // TABLE names a table as a query would (Catalog::resolve): `spark_catalog.db.t`
            // and `db.t` are the same table, and rows are filed under its catalog name.
            const std::optional<Table> named =
                eq == std::string::npos ? std::nullopt : names_table(spec, eq, catalog);
            if (named) {
                const std::string table = lower(named->name);
                if (eq + 1 == spec.size()) {
                    throw UsageError("--verify " + spec + ": no ROWS file after '='");
                }
                if (!named_.emplace(table, spec.substr(eq + 1)).second) {
                    throw UsageError("--verify names table '" + spec.substr(0, eq) + "' twice");
                }
            } else if (eq != std::string::npos && !is_existing_file(spec)) {
                // Not a table, and no file of that name either: the table is what was meant.
                const std::string table = spec.substr(0, eq);
                const std::string hint = did_you_mean(table, tables);
                throw UsageError("--verify " + spec + ": table '" + table +
                                 "' is not in the catalog" +
                                 (hint.empty() ? " (tables: " + table_list(tables) + ")" : hint));
            } else if (unnamed_) {
                throw UsageError("--verify without TABLE= given twice ('" + *unnamed_ + "', '" +
                                 spec + "'); name the table: --verify TABLE=ROWS");
            } else {
                unnamed_ = spec;
            }
        }
        // One bare file for several tables would be read as each table's rows in turn, and a
        // statement over the wrong table's rows can still find "results identical".
        if (unnamed_ && tables.size() > 1) {
            throw UsageError(
                "--verify needs TABLE=ROWS with a catalog of several tables (tables: " +
                table_list(tables) + ")");
        }
        for (const auto& [table, path] : named_) {
            check_readable(path);
        }
        if (unnamed_) {
            check_readable(*unnamed_);
        }
    }

    /// The rows files given, each once, for the check that `-o` replaces none of them.
    std::vector<std::string> paths() const {
        std::vector<std::string> out;
        for (const auto& [table, path] : named_) {
            out.push_back(path);
        }
        if (unnamed_) {
            out.push_back(*unnamed_);
        }
        return out;
    }

    bool empty() const { return named_.empty() && !unnamed_; }

    /// The rows file for `table` (its path, then its text), or nothing when none was given.
    std::optional<std::pair<std::string, const std::string*>> rows_for(const std::string& table) {
        const auto named = named_.find(lower(table));
        const std::string* path = named != named_.end() ? &named->second
                                  : unnamed_            ? &*unnamed_
                                                        : nullptr;
        if (path == nullptr) {
            return std::nullopt;
        }
        auto it = texts_.find(*path);
        if (it == texts_.end()) {
            it = texts_.emplace(*path, read_file(*path)).first;
        }
        return std::pair{*path, &it->second};
    }

  private:
    /// Whether `spec` is TABLE=ROWS, its first `=` at `eq`: the text before it is a table of the
    /// catalog (any name is, in a single-table catalog), unless `spec` is itself the name of a
    /// file and ROWS is not: a bare path may hold `=`.
    /// The table `TABLE=` names, unless the whole spec is a file and its tail is none.
    static std::optional<Table> names_table(const std::string& spec, std::size_t eq,
                                            const Catalog& catalog) {
        if (is_existing_file(spec) && !is_existing_file(spec.substr(eq + 1))) {
            return std::nullopt;
        }
        return catalog.resolve(split_table_name(std::string_view(spec).substr(0, eq)));
    }

    static std::string lower(std::string s) {
        for (char& c : s) {
            c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        }
        return s;
    }

    std::map<std::string, std::string> named_; // lower-cased table -> path
    std::optional<std::string> unnamed_;
    std::map<std::string, std::string> texts_; // path -> contents
};

/// A text longer than a span can point into (diag/diagnostic.hpp) is not read.
void check_size(const std::string& path, std::uintmax_t size) {
    if (size > kMaxSourceBytes) {
        throw IoError("cannot read '" + path + "': " + std::to_string(size) +
                      " bytes, over the limit of " + std::to_string(kMaxSourceBytes) +
                      " (4 GiB - 1) for one input file");
    }
}

/// The bytes of a file, or of standard input for `-`.
std::string read_bytes(const std::string& path) {
    if (path == "-") {
        std::string text(std::istreambuf_iterator<char>(std::cin),
                         std::istreambuf_iterator<char>{});
        check_size(path, text.size());
        return text;
    }
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored)) {
        throw IoError("cannot read '" + path + "': " + std::strerror(EISDIR));
    }
    std::error_code size_error;
    const std::uintmax_t size = std::filesystem::file_size(path, size_error);
    if (!size_error) {
        check_size(path, size); // before reading it all
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw IoError("cannot read '" + path + "': " + std::strerror(errno));
    }
    // Read at once into a string of the file's size: streamed into a growing buffer, a 10 MB
    // query held up to twice that for the whole run.
    std::string contents;
    if (!size_error) {
        contents.resize(static_cast<std::size_t>(size));
        in.read(contents.data(), static_cast<std::streamsize>(size));
        contents.resize(static_cast<std::size_t>(in.gcount()));
    }
    if (in && in.peek() != std::ifstream::traits_type::eof()) {
        std::ostringstream rest; // a file that grew, or one with no size (a pipe)
        rest << in.rdbuf();
        contents += std::move(rest).str();
    }
    if (in.bad()) {
        throw IoError("cannot read '" + path + "'");
    }
    check_size(path, contents.size());
    return contents;
}

/// A file's text: its bytes without a leading UTF-8 byte order mark, which Windows editors
/// write and which is no character of the text. So a diagnostic's column counts from the
/// first character after it, and a JSON schema file still starts with `{`.
std::string read_file(const std::string& path) {
    std::string text = read_bytes(path);
    constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
    if (text.starts_with(kByteOrderMark)) {
        text.erase(0, kByteOrderMark.size());
    }
    return text;
}

/// A stream buffer over a file descriptor that keeps the errno of the write that failed: an
/// ofstream's failure says only that something went wrong, and `-o` must say what (a full disk,
/// a quota) before deciding not to replace the file.
class FdBuffer : public std::streambuf {
  public:
    FdBuffer() : buffer_(std::size_t{1} << 16) { reset(); }
    FdBuffer(const FdBuffer&) = delete;
    FdBuffer& operator=(const FdBuffer&) = delete;
    ~FdBuffer() override = default;

    void attach(int fd) { fd_ = fd; }
    /// The errno of the first write that failed, or 0.
    int error() const { return error_; }

  protected:
    int_type overflow(int_type c) override {
        if (!drain()) {
            return traits_type::eof();
        }
        if (!traits_type::eq_int_type(c, traits_type::eof())) {
            *pptr() = traits_type::to_char_type(c);
            pbump(1);
        }
        return traits_type::not_eof(c);
    }

    int sync() override { return drain() ? 0 : -1; }

  private:
    void reset() { setp(buffer_.data(), buffer_.data() + buffer_.size()); }

    bool drain() {
        if (error_ != 0) {
            return false;
        }
        for (const char* p = pbase(); p < pptr();) {
            const ssize_t n = ::write(fd_, p, static_cast<std::size_t>(pptr() - p));
            if (n < 0) {
                if (errno == EINTR) {
                    continue;
                }
                error_ = errno;
                return false;
            }
            p += n;
        }
        reset();
        return true;
    }

    std::vector<char> buffer_;
    int fd_ = -1;
    int error_ = 0;
};

/// The temporary file of the live OutputFile, for the signal handler to remove: a run stopped by
/// Ctrl-C leaves neither a half-written FILE nor a stray temporary beside it.
char g_temporary[4096] = "";

void remove_temporary_and_reraise(int signal_number) {
    if (g_temporary[0] != '\0') {
        ::unlink(g_temporary); // async-signal-safe, as are signal and raise
    }
    std::signal(signal_number, SIG_DFL);
    std::raise(signal_number);
}

constexpr int kCleanupSignals[] = {SIGINT, SIGTERM, SIGHUP};
/// The dispositions the handler replaced, restored when the temporary is gone.
using SignalHandler = void (*)(int);
SignalHandler g_previous_handlers[std::size(kCleanupSignals)] = {};

/// Removes the temporary on the signals that end a run from outside, except those the caller
/// ignores (`nohup` ignores SIGHUP, and the run must go on after a hangup as it would have).
void remove_temporary_on_signals(const std::string& temporary) {
    if (temporary.size() >= sizeof g_temporary) {
        return; // longer than any path the system takes; left to the caller to remove
    }
    std::copy(temporary.begin(), temporary.end(), g_temporary);
    g_temporary[temporary.size()] = '\0';
    for (std::size_t i = 0; i < std::size(kCleanupSignals); ++i) {
        g_previous_handlers[i] = std::signal(kCleanupSignals[i], remove_temporary_and_reraise);
        if (g_previous_handlers[i] == SIG_IGN) {
            std::signal(kCleanupSignals[i], SIG_IGN);
        }
    }
}

void forget_temporary() {
    if (g_temporary[0] == '\0') {
        return;
    }
    for (std::size_t i = 0; i < std::size(kCleanupSignals); ++i) {
        std::signal(kCleanupSignals[i], g_previous_handlers[i]);
    }
    g_temporary[0] = '\0';
}

/// `-o FILE`, never truncated, half-written or mixed (README "Output files"): the result goes to a
/// temporary file beside FILE (same directory, so same file system; unique name) that commit()
/// syncs to disk and renames over FILE. A run that does not commit (a usage or I/O error, an
/// internal error, a signal) removes the temporary and leaves FILE as it was; two runs writing
/// one FILE at once each replace it whole, the last to finish winning. A FILE that exists and is
/// not a regular file (/dev/null, a pipe, a terminal) is written in place: there is nothing to
/// replace, and a temporary in /dev would be wrong. A symbolic link is followed, so the file it
/// names is replaced and the link kept.
class OutputFile {
  public:
    explicit OutputFile(const std::string& path) : path_(path), stream_(&buffer_) {
        struct stat status {};
        mode_t mode = 0;
        std::string target = path;
        if (::stat(path.c_str(), &status) == 0) {
            if (S_ISDIR(status.st_mode)) {
                throw IoError(cannot("write", path, EISDIR));
            }
            if (!S_ISREG(status.st_mode)) {
                open_in_place();
                return;
            }
            // Renaming over a file needs only the directory's permission: a read-only FILE
            // is refused as opening it for writing would have refused it.
            if (::access(path.c_str(), W_OK) != 0) {
                throw IoError(cannot("write", path, errno));
            }
            std::error_code ignored;
            const std::filesystem::path resolved = std::filesystem::canonical(path, ignored);
            if (!resolved.empty()) {
                target = resolved.string();
            }
            mode = status.st_mode & 07777;
        } else if (errno == ENOENT) {
            const mode_t mask = ::umask(0); // the mode a new file gets: 0666 less the umask
            ::umask(mask);
            mode = 0666 & ~mask;
        } else {
            throw IoError(cannot("write", path, errno));
        }
        target_ = target;
        const std::filesystem::path directory = std::filesystem::path(target).parent_path();
        std::string name =
            (directory.empty() ? std::string() : directory.string() + "/") + ".prune-plan-XXXXXX";
        fd_ = ::mkostemp(name.data(), O_CLOEXEC);
        if (fd_ < 0) {
            // ENOENT: the directory does not exist; EACCES: it cannot be written.
            throw IoError(cannot("write", path, errno));
        }
        if (::fchmod(fd_, mode) != 0) {
            const int error = errno;
            ::close(fd_);
            ::unlink(name.c_str());
            throw IoError(cannot("write", path, error));
        }
        temporary_ = name;
        remove_temporary_on_signals(temporary_);
        buffer_.attach(fd_);
    }

    OutputFile(const OutputFile&) = delete;
    OutputFile& operator=(const OutputFile&) = delete;

    ~OutputFile() {
        if (fd_ >= 0) {
            ::close(fd_);
        }
        if (!temporary_.empty()) {
            ::unlink(temporary_.c_str());
        }
        forget_temporary();
    }

    std::ostream& stream() { return stream_; }

    /// Replaces FILE with what was written (or, in place, makes sure it was written). Throws
    /// IoError when any of it fails, and FILE is then as it was.
    void commit() {
        stream_.flush();
        if (!stream_ || buffer_.error() != 0) {
            throw IoError(cannot("write", path_, buffer_.error() != 0 ? buffer_.error() : EIO));
        }
        // fsync first: without it, a crash soon after the rename can leave FILE empty on some
        // file systems, the very loss the temporary is there to prevent.
        if (!temporary_.empty() && ::fsync(fd_) != 0) {
            throw IoError(cannot("write", path_, errno));
        }
        const int fd = std::exchange(fd_, -1);
        if (::close(fd) != 0) {
            throw IoError(cannot("write", path_, errno));
        }
        if (temporary_.empty()) {
            return;
        }
        if (std::rename(temporary_.c_str(), target_.c_str()) != 0) {
            throw IoError(cannot("write", path_, errno));
        }
        temporary_.clear();
        forget_temporary();
        // The rename itself is made durable by syncing the directory; a failure here loses
        // nothing that was not already on its way to disk.
        const std::filesystem::path directory = std::filesystem::path(target_).parent_path();
        const int dir =
            ::open(directory.empty() ? "." : directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (dir >= 0) {
            ::fsync(dir);
            ::close(dir);
        }
    }

  private:
    void open_in_place() {
        fd_ = ::open(path_.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd_ < 0) {
            throw IoError(cannot("write", path_, errno));
        }
        buffer_.attach(fd_);
    }

    std::string path_;      // as given, for messages
    std::string target_;    // the file renamed over: path_ with symbolic links resolved
    std::string temporary_; // empty when written in place, or once renamed
    int fd_ = -1;
    FdBuffer buffer_;
    std::ostream stream_;
};

bool use_color(const std::string& mode, int fd) {
    if (mode == "always") {
        return true;
    }
    if (mode == "never") {
        return false;
    }
    const char* no_color = std::getenv("NO_COLOR");
    return (no_color == nullptr || *no_color == '\0') && isatty(fd) != 0;
}

Profile parse_profile(const std::string& name) {
    if (name == "legacy") {
        return Profile::Legacy;
    }
    if (name == "spark") {
        return Profile::Spark;
    }
    return Profile::Extended;
}

SchemaStyle parse_schema_style(const std::string& name) {
    if (name == "ddl") {
        return SchemaStyle::Ddl;
    }
    if (name == "tree") {
        return SchemaStyle::Tree;
    }
    if (name == "json") {
        return SchemaStyle::Json;
    }
    return SchemaStyle::Catalog;
}

/// The `error` member of a statement's JSON object: what was wrong, and where.
void write_error_member(JsonWriter& out, const std::string& message, const Diagnostic* diagnostic) {
    out.key("error");
    out.begin_object();
    out.key("message");
    out.value(message);
    if (diagnostic != nullptr && diagnostic->source) {
        const Location location = diagnostic->source->location(diagnostic->span.begin);
        out.key("file");
        out.value(diagnostic->source->name());
        out.key("line");
        out.value(location.line);
        out.key("column");
        out.value(location.column);
    }
    out.end_object();
}

/// The JSON object printed in place of a rejected statement's result (README.md "JSON output").
void write_error_json(JsonWriter& out, std::size_t index, const std::string& message,
                      const Diagnostic* diagnostic) {
    out.begin_object();
    out.key("format_version");
    out.value(1);
    out.key("statement");
    out.value(index);
    write_error_member(out, message, diagnostic);
    out.end_object();
}

/// One input file of the run, for the check that `-o` replaces none of them.
struct Input {
    std::string what; // "the query file"
    std::string path; // as given; `-` is standard input
};

class Runner {
  public:
    explicit Runner(const Options& options)
        : options_(options), color_err_(use_color(options.color, STDERR_FILENO)),
          color_out_(options.output_path.empty() && use_color(options.color, STDOUT_FILENO)) {}

    /// Reads the inputs and checks everything that can be checked before the first statement
    /// runs, so that a mistake there leaves no output at all. Returns kSuccess, or kRejected
    /// with the diagnostic reported; throws IoError and UsageError (exit 2), SchemaError and
    /// SqlError (exit 1).
    int prepare() {
        catalog_.emplace(load_schema());
        rows_.emplace(options_.verify, *catalog_);
        const std::string name = options_.query_path == "-" ? "<stdin>" : options_.query_path;
        source_ = std::make_shared<const SourceFile>(name, read_file(options_.query_path));
        statements_ = split_statements(*source_);
        if (statements_.empty()) {
            report(Diagnostic{Severity::Error, "no statement in the query file", source_, {}});
            return kRejected;
        }
        return kSuccess;
    }

    /// The files the run reads.
    std::vector<Input> inputs() const {
        std::vector<Input> out{{"the query file", options_.query_path}};
        if (!options_.schema_path.empty()) {
            out.push_back({"the schema file", options_.schema_path});
        }
        for (const std::string& path : rows_->paths()) {
            out.push_back({"a --verify rows file", path});
        }
        return out;
    }

    /// Runs every statement, writing their results to `out`; the highest exit status.
    int run(std::ostream& out) {
        out_ = &out;
        share_relations_ = statements_.size() > 1;
        int status = kSuccess;
        bool first = true;
        for (const StatementText& text : statements_) {
            status = std::max(status, run_one(source_, text, *catalog_, first));
            first = false;
        }
        return status;
    }

  private:
    Catalog load_schema() {
        Catalog catalog =
            options_.schema_path.empty() ? load_ddl_catalog(options_.ddl) : load_schema_file();
        for (const std::string& column : options_.partition_columns) {
            try {
                catalog.add_partition_columns({column}, case_sensitivity());
            } catch (const SchemaError&) {
                // A column no table has is a schema mismatch (exit 1), but a nested path is no
                // column name at all: the option's value is wrong (exit 2).
                if (column.find('.') == std::string::npos) {
                    throw;
                }
                throw UsageError("--partition-columns " + column +
                                 ": a partition column is a top-level column of a table, not "
                                 "a nested field, and no table has a column named '" +
                                 column + "'");
            }
        }
        return catalog;
    }

    /// `--schema PATH`: a Parquet file or directory (detected by content), else a text schema;
    /// a catalog's tables may name Parquet paths. Only Parquet footers are read.
    Catalog load_schema_file() {
        parquet::LocalFileSource files;
        try {
            return parquet::load_schema_path(
                files, options_.schema_path, parquet::DatasetOptions{options_.merge_schema},
                [](const std::string& path) { return read_file(path); });
        } catch (const parquet::FileError& error) {
            throw IoError(error.what());
        }
    }

    CaseSensitivity case_sensitivity() const {
        return options_.case_sensitive ? CaseSensitivity::Sensitive : CaseSensitivity::Insensitive;
    }

    RelationCache* shared_relations() { return share_relations_ ? &relations_ : nullptr; }

    void report(const Diagnostic& diagnostic) { std::cerr << render(diagnostic, color_err_); }

    void print_separator(bool first) {
        if (!first && options_.format == "text") {
            *out_ << "\n";
        }
    }

    /// One statement, on a stack sized for it: every pass, the printers and letting the
    /// statement's trees go recurse once per level, and a left-deep chain (`a + a + ...`) is as
    /// deep as it is long (util/deep_stack.hpp).
    int run_one(const std::shared_ptr<const SourceFile>& source, const StatementText& text,
                const Catalog& catalog, bool first) {
        int status = kInternal;
        try {
            run_with_stack(stack_bytes_for_statement(text.span.end - text.span.begin),
                           [&] { status = run_one_here(source, text, catalog, first); });
        } catch (const std::exception& error) { // no stack to be had
            std::cerr << "prune-plan: " << error.what() << "\n";
            print_error(text.index, error.what(), nullptr, first);
        }
        return status;
    }

    int run_one_here(const std::shared_ptr<const SourceFile>& source, const StatementText& text,
                     const Catalog& catalog, bool first) {
        try {
            if (options_.emit == "ast") {
                print_separator(first);
                *out_ << dump_ast(parse_statement(source, text), *source);
                return kSuccess;
            }
            if (options_.emit == "bound") {
                const BoundStatement bound =
                    analyze(parse_statement(source, text), catalog, source,
                            AnalyzerOptions{case_sensitivity(), shared_relations()});
                for (const Diagnostic& warning : bound.warnings) {
                    report(warning);
                }
                print_separator(first);
                *out_ << dump_bound(*bound.plan);
                return kSuccess;
            }
            if (options_.compare_rules) {
                return compare_profiles(source, text, catalog, first);
            }
            // Text output prints only the rewritten plan: the original is let go as it is
            // rewritten, unless JSON, --verify or --debug-no-rewrite needs it.
            const bool keep_plans =
                options_.format != "text" || !rows_->empty() || options_.no_rewrite;
            StatementRun run =
                run_statement(source, text, catalog,
                              PipelineOptions{parse_profile(options_.rules), case_sensitivity(),
                                              keep_plans, shared_relations(), options_.explain});
            for (const Diagnostic& warning : run.warnings) {
                report(warning);
            }
            if (options_.no_rewrite) {
                run.result.plan = with_plan_relations(*run.result.original_plan,
                                                      plan_relations(*run.result.plan));
                run.result.ordinal_changes.clear();
            }
            const std::optional<VerifyReport> checked = verify_statement(run.result, catalog);
            print_result(run.result, checked, first);
            return checked && !checked->identical ? kDifferent : kSuccess;
        } catch (const CannotVerify& error) {
            // Placed at the statement: the reason names the function or value at fault.
            const std::string message = std::string("cannot verify: ") + error.what();
            report(Diagnostic{Severity::Error, message, source, text.span});
            print_error(text.index, message, nullptr, first);
            return kRejected;
        } catch (const RowsError& error) {
            std::cerr << (error.line() > 0 ? error.file() + ":" + std::to_string(error.line()) +
                                                 ": error: " + error.message()
                                           : "error: " + error.message())
                      << "\n";
            print_error(text.index, error.what(), nullptr, first);
            return kRejected;
        } catch (const IoError& error) {
            std::cerr << "prune-plan: " << error.what() << "\n";
            print_error(text.index, error.what(), nullptr, first);
            return kUsage;
        } catch (const SqlError& error) {
            report(error.diagnostic());
            print_error(text.index, error.diagnostic().message, &error.diagnostic(), first);
            return kRejected;
        } catch (const SchemaError& error) {
            std::cerr << render(error, color_err_);
            print_error(text.index, error.what(), nullptr, first);
            return kRejected;
        } catch (const InternalError& error) {
            std::cerr << "prune-plan: " << error.what() << "\n";
            print_error(text.index, error.what(), nullptr, first);
            return kInternal;
        } catch (const std::exception& error) {
            const std::string message =
                std::string("internal error: ") + error.what() + "; please report this as a bug";
            std::cerr << "prune-plan: " << message << "\n";
            print_error(text.index, message, nullptr, first);
            return kInternal;
        }
    }

    /// `--compare-rules`: the statement under each profile, with provenance, compared.
    int compare_profiles(const std::shared_ptr<const SourceFile>& source, const StatementText& text,
                         const Catalog& catalog, bool first) {
        std::array<StatementRun, 3> runs;
        for (std::size_t p = 0; p < runs.size(); ++p) {
            runs[p] = run_statement(source, text, catalog,
                                    PipelineOptions{static_cast<Profile>(p), case_sensitivity(),
                                                    false, shared_relations(), true});
        }
        for (const Diagnostic& warning : runs[0].warnings) { // the same under every profile
            report(warning);
        }
        const RulesComparison comparison =
            compare_rules({&runs[0].result, &runs[1].result, &runs[2].result});
        if (options_.format == "json" || options_.format == "jsonl") {
            JsonWriter::check_text(comparison.file);
            JsonWriter& json = result_json_.emplace(*out_, json_style());
            json.begin_object();
            write_rules_comparison_keys(comparison, json);
            json.end_object();
            result_json_.reset();
            *out_ << "\n";
        } else {
            print_separator(first);
            print_rules_comparison_text(comparison, color_out_, *out_);
        }
        return kSuccess;
    }

    /// The `--verify` report for one statement, or nothing when no rows were given for its
    /// table. Throws CannotVerify and RowsError (exit 1), IoError (exit 2).
    std::optional<VerifyReport> verify_statement(const StatementResult& result,
                                                 const Catalog& catalog) {
        if (rows_->empty() || result.scans.empty()) {
            return std::nullopt;
        }
        // A query the evaluator cannot run is refused before its rows are read.
        check_evaluable(*result.original_plan);
        check_evaluable(*result.plan);
        // Each table once, however many scans read it (a self-join reads its rows twice).
        std::vector<TableRowsText> tables;
        for (const ScanResult& scan : result.scans) {
            const std::string& table_name = scan.table;
            if (std::any_of(tables.begin(), tables.end(),
                            [&](const TableRowsText& t) { return t.table.name == table_name; })) {
                continue;
            }
            const auto rows = rows_->rows_for(table_name);
            if (!rows) {
                std::cerr << "warning: statement " << result.index
                          << " is not verified: no --verify rows for table '" << table_name
                          << "'\n";
                return std::nullopt;
            }
            const std::optional<Table> table = catalog.find(table_name);
            if (!table) {
                throw InternalError("the scanned table '" + table_name + "' is not in the catalog");
            }
            tables.push_back(TableRowsText{*table, rows->second, rows->first});
        }
        return verify(result, tables);
    }

    JsonStyle json_style() const {
        return options_.format == "json" ? JsonStyle::Pretty : JsonStyle::Compact;
    }

    void print_result(const StatementResult& result, const std::optional<VerifyReport>& checked,
                      bool first) {
        if (options_.format == "json" || options_.format == "jsonl") {
            // Text no parser checked may be text JSON cannot carry: the file name (from the
            // command line) and what --verify quotes of the rows. It is tried before the first
            // byte is written (the verify object through a writer into a stream that discards),
            // so that it fails the statement whole, an error object in its place, rather than
            // halfway through the object: as when the object was built before it was written.
            JsonWriter::check_text(result.file);
            if (checked) {
                std::ostream discard(nullptr);
                JsonWriter dry_run(discard, json_style());
                write_verify_json(*checked, dry_run);
            }
            JsonWriter& json = result_json_.emplace(*out_, json_style());
            json.begin_object();
            write_result_keys(result, json);
            if (checked) {
                json.key("verify");
                write_verify_json(*checked, json);
            }
            json.end_object();
            result_json_.reset();
            *out_ << "\n";
        } else {
            print_separator(first);
            print_text(result, TextOptions{parse_schema_style(options_.schema_style), color_out_},
                       *out_);
            if (checked) {
                *out_ << verify_text(*checked);
            }
        }
    }

    void print_error(std::size_t index, const std::string& message, const Diagnostic* diagnostic,
                     bool first) {
        (void)first;
        if (options_.format == "json" || options_.format == "jsonl") {
            if (result_json_ && result_json_->depth() > 0) {
                // The statement's object was being streamed when this was thrown: it is closed
                // with the error as its last member, so the output stays one well-formed
                // object per statement and a reader sees the error where it looks for it.
                JsonWriter::check_text(message);
                JsonWriter& json = *result_json_;
                json.unwind_to(1);
                write_error_member(json, message, diagnostic);
                json.end_object();
                result_json_.reset();
                *out_ << "\n";
                return;
            }
            result_json_.reset();
            // Small, so built whole first: text JSON cannot carry leaves nothing half-written.
            std::ostringstream text;
            JsonWriter json(text, json_style());
            write_error_json(json, index, message, diagnostic);
            *out_ << text.view() << "\n";
        }
    }

    const Options& options_;
    std::ostream* out_ = nullptr;
    std::optional<Catalog> catalog_;
    std::optional<RowsFiles> rows_;
    std::shared_ptr<const SourceFile> source_;
    std::vector<StatementText> statements_;
    /// The tables' bound columns, shared by the statements when there are several: with one
    /// statement, keeping them would only hold them past the rewrite that lets them go.
    RelationCache relations_;
    bool share_relations_ = false;
    /// The writer of the statement object being streamed, while it is (print_error closes it).
    std::optional<JsonWriter> result_json_;
    bool color_err_;
    bool color_out_;
};

/// The checks of the options among themselves, before any file is opened (UsageError). `-o -`
/// becomes standard output.
void check_options(Options& options, const CLI::App& app) {
    if (options.query_path.empty()) {
        throw UsageError("QUERY is an empty file name; use - for standard input");
    }
    if (app.count("--schema") > 0 && options.schema_path.empty()) {
        throw UsageError("--schema needs a file name");
    }
    if (options.schema_path.empty() && app.count("--ddl") == 0) {
        throw UsageError("one of --schema and --ddl is required");
    }
    if (app.count("--output") > 0 && options.output_path.empty()) {
        throw UsageError("--output needs a file name; use - for standard output");
    }
    if (options.output_path == "-") {
        options.output_path.clear();
    }
    // Standard input can be read once: a second `-` would find it empty, or find the first
    // input's text, and say nothing.
    std::vector<std::string> from_stdin;
    if (options.query_path == "-") {
        from_stdin.emplace_back("QUERY");
    }
    if (options.schema_path == "-") {
        from_stdin.emplace_back("--schema");
    }
    for (const std::string& spec : options.verify) {
        if (spec.empty()) {
            throw UsageError("--verify needs a rows file: --verify [TABLE=]ROWS");
        }
        if (spec == "-" || spec.ends_with("=-")) {
            from_stdin.emplace_back("--verify " + spec);
        }
    }
    if (from_stdin.size() > 1) {
        std::string names;
        for (std::size_t i = 0; i < from_stdin.size(); ++i) {
            names += (i == 0 ? "" : i + 1 == from_stdin.size() ? " and " : ", ") + from_stdin[i];
        }
        throw UsageError("standard input (-) can be only one input, but " + names +
                         (from_stdin.size() == 2 ? " both" : " all") + " read it");
    }
    // --compare-rules prints a comparison in place of the result: what would change the result
    // or check it would be ignored without a word.
    if (options.compare_rules) {
        const char* other = options.explain           ? "--explain"
                            : !options.verify.empty() ? "--verify"
                            : options.no_rewrite      ? "--debug-no-rewrite"
                            : !options.emit.empty()   ? "--emit"
                                                      : nullptr;
        if (other != nullptr) {
            throw UsageError(std::string("--compare-rules prints a comparison of the rule "
                                         "profiles; it cannot be combined with ") +
                             other);
        }
    }
    // --emit prints a debugging dump as text in place of the result: an option that changes the
    // result or its form would be ignored without a word.
    if (!options.emit.empty()) {
        if (options.format != "text") {
            throw UsageError("--emit " + options.emit +
                             " prints text; it cannot be combined with -f " + options.format);
        }
        if (!options.verify.empty()) {
            throw UsageError("--emit " + options.emit +
                             " prints no result to check; it cannot be combined with --verify");
        }
        if (options.no_rewrite) {
            throw UsageError("--emit " + options.emit +
                             " prints no rewrite; it cannot be combined with --debug-no-rewrite");
        }
        if (options.explain) {
            throw UsageError("--emit " + options.emit +
                             " prints no read schema; it cannot be combined with --explain");
        }
    }
}

/// `-o FILE` must replace no input of the run: the file would be gone once the result is
/// written. Compared by identity (device and inode), so `./q.sql`, `q.sql` and a link to it are
/// one file; standard input too, when it is a file. Only a regular FILE is replaced: a device
/// or a pipe is written in place, and loses nothing.
void check_output_is_no_input(const std::string& output, const std::vector<Input>& inputs) {
    std::error_code error;
    if (!std::filesystem::is_regular_file(output, error)) {
        return;
    }
    for (const Input& input : inputs) {
        const std::string path = input.path == "-" ? "/dev/stdin" : input.path;
        if (std::filesystem::equivalent(output, path, error)) {
            throw UsageError("--output " + output + " is " + input.what +
                             (input.path == output ? "" : " ('" + input.path + "')") +
                             "; writing the result there would destroy it");
        }
    }
}

} // namespace

int main(int argc, char** argv) {
    // Output goes through std::cout only: unsynced, it is buffered by the stream instead of
    // being handed to C stdio one piece at a time (the printers write piece by piece).
    std::ios::sync_with_stdio(false);
    Options options;
    CLI::App app{"prune-plan: the nested fields a Spark SQL query reads, and its plan rewritten "
                 "against them",
                 "prune-plan"};
    app.set_version_flag("-V,--version", std::string("prune-plan ") + PRUNE_VERSION);
    app.add_option("QUERY", options.query_path, "SQL file to analyse, or - for standard input")
        ->required();
    auto* schema =
        app.add_option("-s,--schema", options.schema_path,
                       "table schema(s): Spark StructType JSON, a catalog JSON, DDL, or a Parquet "
                       "file or directory")
            ->type_name("PATH");
    auto* ddl = app.add_option("--ddl", options.ddl, "the schema as an inline DDL string");
    schema->excludes(ddl);
    ddl->excludes(schema);
    app.add_flag("--merge-schema", options.merge_schema,
                 "Parquet directories: the union of every file's schema (Spark's mergeSchema), "
                 "not the first file's");
    app.add_option("--partition-columns", options.partition_columns,
                   "top-level columns not stored in the data files (comma-separated)")
        ->delimiter(',');
    app.add_option("-f,--format", options.format, "output format: text, json or jsonl")
        ->check(CLI::IsMember({"text", "json", "jsonl"}))
        ->capture_default_str();
    auto* rules =
        app.add_option("--rules", options.rules, "pruning rules: legacy, spark or extended")
            ->check(CLI::IsMember({"legacy", "spark", "extended"}))
            ->capture_default_str();
    app.add_flag("--case-sensitive", options.case_sensitive,
                 "resolve column and field names case-sensitively");
    app.add_option("--schema-style", options.schema_style,
                   "read schemas in text output: catalog, ddl, tree or json")
        ->check(CLI::IsMember({"catalog", "ddl", "tree", "json"}))
        ->capture_default_str();
    app.add_option("--verify", options.verify,
                   "check the rewrite on data: ROWS is a JSON-lines file of the table's rows "
                   "(repeatable, one per table; TABLE= is required with a catalog of several "
                   "tables)")
        ->type_name("[TABLE=]ROWS")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app.add_flag("--debug-no-rewrite", options.no_rewrite,
                 "debugging: skip the ordinal rewrite (the plan keeps the table's ordinals over "
                 "the pruned scan); with --verify, shows what that breaks");
    app.add_flag("--explain", options.explain,
                 "say why each field is read: where each leaf is used, and why a value is read "
                 "whole (text: an annotated tree; JSON: each scan's provenance)");
    auto* compare = app.add_flag(
        "--compare-rules", options.compare_rules,
        "run every rule profile (legacy, spark, extended) and show, per field, which reads it "
        "and the rule behind each difference (not with --rules, --explain, --verify, "
        "--debug-no-rewrite or --emit)");
    app.add_option("--emit", options.emit,
                   "debugging: print the parsed AST or the bound plan, as text (not with -f json, "
                   "--verify or --debug-no-rewrite)")
        ->check(CLI::IsMember({"ast", "bound"}));
    app.add_option("-o,--output", options.output_path,
                   "write the result to FILE, replaced whole when the run completes, else left as "
                   "it was (- for standard output)")
        ->type_name("FILE");
    app.add_option("--color", options.color, "colour: auto, always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();

    compare->excludes(rules);
    rules->excludes(compare);
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& help) {
        std::cout << app.help();
        return kSuccess;
    } catch (const CLI::CallForVersion&) {
        std::cout << "prune-plan " << PRUNE_VERSION << "\n";
        return kSuccess;
    } catch (const CLI::ParseError& error) {
        std::cerr << "prune-plan: " << error.what() << "\n"
                  << "Run with --help for more information.\n";
        return kUsage;
    }
    try {
        check_options(options, app);
        Runner runner(options);
        if (const int status = runner.prepare(); status != kSuccess) {
            return status;
        }
        if (options.output_path.empty()) {
            const int status = runner.run(std::cout);
            // A full disk or a closed pipe must not pass for success: the result was not
            // delivered.
            std::cout.flush();
            if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
                throw IoError(std::string("cannot write standard output: ") + std::strerror(errno));
            }
            return status;
        }
        check_output_is_no_input(options.output_path, runner.inputs());
        OutputFile file(options.output_path);
        const int status = runner.run(file.stream());
        // A completed run is committed whatever its statements' fate: a rejected statement's
        // error (an object in JSON) and a --verify difference are part of the output. A run
        // that could not complete (exit 2, 3) leaves FILE as it was.
        if (status == kSuccess || status == kRejected || status == kDifferent) {
            file.commit();
        } else {
            std::cerr << "prune-plan: '" << options.output_path
                      << "' not written: the run did not complete\n";
        }
        return status;
    } catch (const UsageError& error) {
        std::cerr << "prune-plan: " << error.what() << "\n"
                  << "Run with --help for more information.\n";
        return kUsage;
    } catch (const IoError& error) {
        std::cerr << "prune-plan: " << error.what() << "\n";
        return kUsage;
    } catch (const SchemaError& error) {
        std::cerr << render(error, false);
        return kRejected;
    } catch (const SqlError& error) {
        std::cerr << render(error.diagnostic(), false);
        return kRejected;
    } catch (const std::exception& error) {
        std::cerr << "prune-plan: internal error: " << error.what()
                  << "; please report this as a bug\n";
        return kInternal;
    }
}
