#include "diag/diagnostic.hpp"

#include <algorithm>
#include <cstring>

#include "diag/utf8.hpp"
#include "util/ascii.hpp"

namespace prune {
namespace {

bool is_continuation_byte(char c) { return (static_cast<unsigned char>(c) & 0xC0U) == 0x80U; }

std::size_t count_code_points(std::string_view text) {
    return static_cast<std::size_t>(
        std::count_if(text.begin(), text.end(), [](char c) { return !is_continuation_byte(c); }));
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) {
        row[j] = j;
    }
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] =
                std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
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
    out += ": " + reset + bold + printable(diagnostic.message) + reset + "\n";
    if (!diagnostic.source) {
        return out;
    }
    const SourceFile& source = *diagnostic.source;
    const Location loc = source.location(diagnostic.span.begin);
    const std::string_view line = source.line_text(loc.line);
    const std::string number = std::to_string(loc.line);
    const std::string gutter(number.size(), ' ');
    out += "    " + number + " | " + printable(line) + "\n";
    // The marker spans the code points of the span that lie on its first line.
    std::size_t width = 1;
    if (diagnostic.span.end > diagnostic.span.begin) {
        const std::size_t first = diagnostic.span.begin;
        std::size_t last = std::min<std::size_t>(diagnostic.span.end, source.text().size());
        const std::size_t newline = source.text().find('\n', first);
        if (newline != std::string::npos) {
            last = std::min(last, newline);
        }
        width = std::max<std::size_t>(
            1, count_code_points(std::string_view(source.text()).substr(first, last - first)));
    }
    // Tabs in the prefix are kept so the marker lines up under tab-indented text.
    std::string pad;
    std::size_t column = 1;
    for (const char c : line) {
        if (column >= loc.column) {
            break;
        }
        if (is_continuation_byte(c)) {
            continue;
        }
        pad += (c == '\t') ? '\t' : ' ';
        ++column;
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
