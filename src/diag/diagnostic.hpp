#pragma once
/// Diagnostics in the form compilers print them, and the error types every pass throws.
///
///     query.sql:3:34: error: no field 'rule_verison' in struct<...>; did you mean 'rule_version'?
///         3 |   transform(rule_results, r -> r.rule_verison)
///           |                                  ^~~~~~~~~~~~
///
/// Nodes keep byte spans into a SourceFile; line and column (in code points) are computed only
/// when a diagnostic is printed.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace prune {

/// The largest text a SourceFile holds: offsets are 32 bits, which halves every span a syntax
/// or plan node keeps (issue 10). Longer inputs are refused when read (cli `read_file`, exit 2).
inline constexpr std::size_t kMaxSourceBytes = 0xFFFF'FFFFU;

/// A half-open byte range [begin, end) into a SourceFile's text, whose offsets fit 32 bits.
struct Span {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;

    constexpr Span() = default;
    /// Offsets into one SourceFile (so each at most kMaxSourceBytes).
    constexpr Span(std::size_t b, std::size_t e)
        : begin(static_cast<std::uint32_t>(b)), end(static_cast<std::uint32_t>(e)) {}

    friend bool operator==(const Span&, const Span&) = default;
};

/// A 1-based line and column; the column counts Unicode code points, not bytes.
struct Location {
    std::size_t line = 1;
    std::size_t column = 1;
};

/// A named text (a query file, `<stdin>`, `<ddl>`) with a line index for location lookups.
class SourceFile {
  public:
    SourceFile(std::string name, std::string text);

    const std::string& name() const { return name_; }
    const std::string& text() const { return text_; }

    /// The line and code-point column of a byte offset (clamped to the text).
    Location location(std::size_t offset) const;
    /// The text of 1-based line `line`, without its line terminator (`\n` or `\r\n`).
    std::string_view line_text(std::size_t line) const;

  private:
    std::string name_;
    std::string text_;
    std::vector<std::size_t> line_starts_;
    // The last lookup, so that lookups moving forward along one long line (as --emit ast
    // does, node after node) count only the code points in between: linear, not quadratic.
    mutable std::size_t cached_offset_ = 0;
    mutable Location cached_location_;
};

enum class Severity { Error, Warning, Note };

/// One problem at one place. `source` may be null for problems with no text to point at.
struct Diagnostic {
    Severity severity = Severity::Error;
    std::string message;
    std::shared_ptr<const SourceFile> source;
    Span span;
};

/// The most code points of a source line a diagnostic quotes. A longer line (a generated query,
/// a minified one, 100 MB on one line) is quoted as a window of this many around the span's
/// start, each cut end marked `…`, so that a diagnostic stays a few lines long.
inline constexpr std::size_t kMaxQuotedColumns = 120;

/// The most code points of a message a diagnostic prints: a message quoting a name of a million
/// characters prints its start and its end around a `…`. (JSON error objects keep it whole.)
inline constexpr std::size_t kMaxMessageColumns = 4 * kMaxQuotedColumns;

/// Renders `file:line:col: error: message`, then the source line behind a gutter and a
/// `^~~~` marker under the span (clipped to the first line of a multi-line span, and to the
/// window quoted of a line longer than kMaxQuotedColumns).
std::string render(const Diagnostic& diagnostic, bool color = false);

/// Base of every error prune-plan reports; the CLI maps the kinds to exit codes.
class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// A query that cannot be parsed, resolved or typed (exit 1). Carries its diagnostic.
class SqlError : public Error {
  public:
    explicit SqlError(Diagnostic diagnostic);
    const Diagnostic& diagnostic() const { return diagnostic_; }

  private:
    Diagnostic diagnostic_;
};

/// A schema that cannot be read (exit 1). what() names the file and the JSON path or the DDL
/// line:column (`schema.json: fields[2].type: unknown type 'strin'`); diagnostic() is the same
/// problem for compiler-style rendering, with the source line when there is one.
class SchemaError : public Error {
  public:
    /// A problem at a span of the schema's text (DDL, malformed JSON).
    explicit SchemaError(Diagnostic diagnostic);
    /// A problem at `place`: a file name, with the JSON path where there is one.
    SchemaError(std::string place, std::string message);
    /// A problem of no one place (types that cannot be merged, a partition column no table has).
    explicit SchemaError(const std::string& message);
    const Diagnostic& diagnostic() const { return diagnostic_; }
    /// Where the problem is when the diagnostic has no source text to point into: a file name,
    /// with the JSON path where there is one (`schema.json: fields[2].type`), or empty.
    const std::string& place() const { return place_; }

  private:
    Diagnostic diagnostic_;
    std::string place_;
};

/// Renders a schema error compiler style: `schema.ddl:1:4: error: unknown type 'STRIN'` with
/// the source line, or `schema.json: error: fields[2].type: unknown type 'strin'`.
std::string render(const SchemaError& error, bool color = false);

/// A broken invariant inside prune-plan (exit 3): Spark's `SparkException.internalError`.
class InternalError : public Error {
  public:
    explicit InternalError(const std::string& what);
};

/// Builds a SqlError at `span` of `source`.
[[noreturn]] void throw_sql_error(const std::shared_ptr<const SourceFile>& source, Span span,
                                  std::string message);

/// The candidate closest to `name` by edit distance (case-insensitive), if it is close enough
/// to be a plausible typo; empty otherwise. Used for "did you mean".
std::string closest_match(std::string_view name, const std::vector<std::string>& candidates);

/// `"; did you mean 'x'?"` for the closest candidate, or an empty string.
std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates);

} // namespace prune
