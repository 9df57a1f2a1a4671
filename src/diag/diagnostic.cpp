#include "diag/diagnostic.hpp"

#include <algorithm>
#include <cstring>

#include "diag/utf8.hpp"
#include "util/ascii.hpp"
#include "util/edit_distance.hpp"

namespace prune {
namespace {

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0U) == 0x80U; }

std::size_t count_code_points(std::string_view text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation_byte(c); }));
}

/// From byte `at` of `line`, the offset `count` code points back (or the line's start), and in
/// `moved` how many code points that passed. Stops only at bytes that start a code point, so a
/// cut never splits one.
std::size_t back_code_points(std::string_view line, std::size_t at, std::size_t count,
                             std::size_t& moved) {
    moved = 0;
    while (at > 0 && moved < count) {
        --at;
        while (at > 0 && is_continuation_byte(line[at])) {
            --at;
        }
        ++moved;
    }
    return at;
}

/// From byte `at` of `line`, the offset `count` code points on (or the line's end), and in
/// `moved` how many code points that passed.
std::size_t forward_code_points(std::string_view line, std::size_t at, std::size_t count,
                                std::size_t& moved) {
    moved = 0;
    while (at < line.size() && moved < count) {
        ++at;
        while (at < line.size() && is_continuation_byte(line[at])) {
            ++at;
        }
        ++moved;
    }
    return at;
}

/// The bytes [begin, end) of a source line that a diagnostic quotes: the whole line when it has
/// at most kMaxQuotedColumns code points, else that many around byte `caret`, a third of them
/// before it (more when the line ends sooner), so the start of the span is always shown.
struct Excerpt {
    std::size_t begin = 0;
    std::size_t end = 0;
    bool cut_before() const { return begin > 0; }
    bool cut_after(std::string_view line) const { return end < line.size(); }
};

Excerpt excerpt(std::string_view line, std::size_t caret) {
    constexpr std::size_t kBefore = kMaxQuotedColumns / 3;
    std::size_t before = 0;
    std::size_t after = 0;
    Excerpt out;
    out.begin = back_code_points(line, caret, kBefore, before);
    out.end = forward_code_points(line, caret, kMaxQuotedColumns - before, after);
    if (out.end == line.size() && out.begin > 0) {
        std::size_t more = 0;
        out.begin = back_code_points(line, out.begin, kMaxQuotedColumns - before - after, more);
    }
    return out;
}

/// `text` when it has at most `limit` code points; else its first two thirds of `limit` and its
/// last third, around a `…`, so the end of a message (`in table 't'`, a did-you-mean) survives.
std::string clip_middle(std::string_view text, std::size_t limit) {
    if (count_code_points(text) <= limit) {
        return std::string(text);
    }
    std::size_t moved = 0;
    const std::size_t head = forward_code_points(text, 0, limit * 2 / 3, moved);
    const std::size_t tail = back_code_points(text, text.size(), limit - limit * 2 / 3 - 1, moved);
    return std::string(text.substr(0, head)) + "\xE2\x80\xA6" + std::string(text.substr(tail));
}

const char* severity_word(Severity severity) {
    switch (severity) {
    case Severity::Error:
        return "error";
    case Severity::Warning:
        return "warning";
    case Severity::Note:
        return "note";
    }
    return "error";
}

const char* severity_color(Severity severity) {
    switch (severity) {
    case Severity::Error:
        return "\x1b[1;31m";
    case Severity::Warning:
        return "\x1b[1;35m";
    case Severity::Note:
        return "\x1b[1;36m";
    }
    return "";
}

} // namespace

SourceFile::SourceFile(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)), cached_location_{0, 1} {
    if (text_.size() > kMaxSourceBytes) {
        // Readers refuse such a file first (an I/O error): spans could not point into it.
        throw InternalError("source '" + name_ + "' is longer than a span can address");
    }
    line_starts_.push_back(0);
    const char* const begin = text_.data();
    const char* const end = begin + text_.size();
    for (const char* p = begin;
         (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p))));) {
        ++p;
        line_starts_.push_back(static_cast<std::size_t>(p - begin));
    }
}

Location SourceFile::location(std::size_t offset) const {
    offset = std::min(offset, text_.size());
    const auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    const auto line = static_cast<std::size_t>(it - line_starts_.begin());
    std::size_t start = line_starts_[line - 1];
    std::size_t column = 1;
    if (cached_location_.line == line && cached_offset_ >= start && cached_offset_ <= offset) {
        start = cached_offset_;
        column = cached_location_.column;
    }
    const std::string_view between(text_.data() + start, offset - start);
    cached_offset_ = offset;
    cached_location_ = Location{line, column + count_code_points(between)};
    return cached_location_;
}

std::string_view SourceFile::line_text(std::size_t line) const {
    if (line == 0 || line > line_starts_.size()) {
        return {};
    }
    const std::size_t start = line_starts_[line - 1];
    std::size_t end = line < line_starts_.size() ? line_starts_[line] - 1 : text_.size();
    if (end > start && text_[end - 1] == '\r') {
        --end;
    }
    return std::string_view(text_).substr(start, end - start);
}

std::string render(const Diagnostic& diagnostic, bool color) {
    const std::string bold = color ? "\x1b[1m" : "";
    const std::string reset = color ? "\x1b[0m" : "";
    const std::string marker_color = color ? "\x1b[1;32m" : "";
    std::string out;
    if (diagnostic.source) {
        const Location loc = diagnostic.source->location(diagnostic.span.begin);
        out += bold + diagnostic.source->name() + ":" + std::to_string(loc.line) + ":" +
               std::to_string(loc.column) + ": " + reset;
    }
    out += (color ? severity_color(diagnostic.severity) : "");
    out += severity_word(diagnostic.severity);
    // Messages quote names and bytes from the input: no control character reaches a terminal.
    out += ": " + reset + bold + clip_middle(printable(diagnostic.message), kMaxMessageColumns) +
           reset + "\n";
    if (!diagnostic.source) {
        return out;
    }
    const SourceFile& source = *diagnostic.source;
    const Location loc = source.location(diagnostic.span.begin);
    const std::string_view line = source.line_text(loc.line);
    const std::size_t line_start = static_cast<std::size_t>(line.data() - source.text().data());
    const std::size_t first = std::min<std::size_t>(diagnostic.span.begin, source.text().size());
    const std::size_t caret = std::min(first - line_start, line.size());
    const Excerpt shown = excerpt(line, caret);
    // U+2026 marks a cut end; it takes a column, as every code point does here.
    constexpr std::string_view kEllipsis = "\xE2\x80\xA6";
    const std::string number = std::to_string(loc.line);
    const std::string gutter(number.size(), ' ');
    out += "    " + number + " | ";
    out += shown.cut_before() ? kEllipsis : "";
    out += printable(line.substr(shown.begin, shown.end - shown.begin));
    out += shown.cut_after(line) ? kEllipsis : "";
    out += "\n";
    // The marker spans the code points of the span that lie on its first line (and, of a long
    // line, in the window shown).
    std::size_t width = 1;
    if (diagnostic.span.end > diagnostic.span.begin) {
        std::size_t last = std::min<std::size_t>(diagnostic.span.end, source.text().size());
        const std::size_t newline = source.text().find('\n', first);
        if (newline != std::string::npos) {
            last = std::min(last, newline);
        }
        if (shown.cut_after(line)) {
            last = std::min(last, line_start + shown.end);
        }
        width = std::max<std::size_t>(
            1, count_code_points(std::string_view(source.text()).substr(first, last - first)));
    }
    // Tabs in the prefix are kept so the marker lines up under tab-indented text.
    std::string pad = shown.cut_before() ? " " : "";
    for (const char c : line.substr(shown.begin, caret - shown.begin)) {
        if (!is_continuation_byte(c)) {
            pad += (c == '\t') ? '\t' : ' ';
        }
    }
    out += "    " + gutter + " | " + pad + marker_color + "^" + std::string(width - 1, '~') +
           reset + "\n";
    return out;
}

SqlError::SqlError(Diagnostic diagnostic)
    : Error(diagnostic.message), diagnostic_(std::move(diagnostic)) {}

namespace {

std::string located(const Diagnostic& d) {
    const Location loc = d.source->location(d.span.begin);
    return d.source->name() + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column) +
           ": " + d.message;
}

} // namespace

SchemaError::SchemaError(Diagnostic diagnostic)
    : Error(located(diagnostic)), diagnostic_(std::move(diagnostic)) {}

SchemaError::SchemaError(std::string place, std::string message)
    : Error(place + ": " + message),
      diagnostic_(Diagnostic{Severity::Error, std::move(message), nullptr, {}}),
      place_(std::move(place)) {}

SchemaError::SchemaError(const std::string& message)
    : Error(message), diagnostic_(Diagnostic{Severity::Error, message, nullptr, {}}) {}

std::string render(const SchemaError& error, bool color) {
    if (error.diagnostic().source || error.place().empty()) {
        return render(error.diagnostic(), color);
    }
    const std::string bold = color ? "\x1b[1m" : "";
    const std::string reset = color ? "\x1b[0m" : "";
    return bold + printable(error.place()) + ": " + reset + render(error.diagnostic(), color);
}

InternalError::InternalError(const std::string& what)
    : Error("internal error: " + what + "; please report this as a bug") {}

void throw_sql_error(const std::shared_ptr<const SourceFile>& source, Span span,
                     std::string message) {
    throw SqlError(Diagnostic{Severity::Error, std::move(message), source, span});
}

std::string closest_match(std::string_view name, const std::vector<std::string>& candidates) {
    const std::string lowered = ascii_lower(name);
    std::string best;
    std::size_t best_distance = std::max<std::size_t>(2, name.size() / 3) + 1;
    for (const std::string& candidate : candidates) {
        const std::size_t distance = edit_distance(lowered, ascii_lower(candidate));
        if (distance < best_distance) {
            best_distance = distance;
            best = candidate;
        }
    }
    return best;
}

std::string did_you_mean(std::string_view name, const std::vector<std::string>& candidates) {
    const std::string best = closest_match(name, candidates);
    return best.empty() ? std::string() : "; did you mean '" + best + "'?";
}

} // namespace prune
