#include <catch2/catch.hpp>

#include <algorithm>
#include <string_view>
#include <vector>

#include "diag/diagnostic.hpp"
#include "diag/utf8.hpp"

using namespace prune;

TEST_CASE("diagnostics point at the span in code points", "[diag]") {
    auto source = std::make_shared<const SourceFile>(
        "query.sql", "SELECT 1\nFROM t WHERE \xc3\xa9t\xc3\xa9 = r.rule_verison\n");
    const std::string text = source->text();
    const std::size_t begin = text.find("r.rule");
    const std::string rendered =
        render(Diagnostic{Severity::Error, "no field 'rule_verison'", source,
                          Span{begin, begin + std::string("r.rule_verison").size()}});
    CHECK(rendered == "query.sql:2:20: error: no field 'rule_verison'\n"
                      "    2 | FROM t WHERE \xc3\xa9t\xc3\xa9 = r.rule_verison\n"
                      "      |                    ^~~~~~~~~~~~~~\n");
}

TEST_CASE("locations handle CRLF and the end of the text", "[diag]") {
    SourceFile source("f", "ab\r\ncd");
    CHECK(source.location(4).line == 2);
    CHECK(source.location(4).column == 1);
    CHECK(source.line_text(1) == "ab");
    CHECK(source.location(100).column == 3);
}

TEST_CASE("did you mean finds close names only", "[diag]") {
    const std::vector<std::string> names{"rule_version", "rule_public_id", "score"};
    CHECK(did_you_mean("rule_verison", names) == "; did you mean 'rule_version'?");
    CHECK(did_you_mean("zzz", names).empty());
}

namespace {

/// The lines of a rendered diagnostic.
std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> out;
    std::size_t start = 0;
    for (std::size_t nl; (nl = text.find('\n', start)) != std::string::npos; start = nl + 1) {
        out.push_back(text.substr(start, nl - start));
    }
    return out;
}

std::size_t code_points(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
    }));
}

/// The code-point column (0-based) at which `needle` starts in `line`.
std::size_t column_of(const std::string& line, std::string_view needle) {
    const std::size_t at = line.find(needle);
    REQUIRE(at != std::string::npos);
    return code_points(std::string_view(line).substr(0, at));
}

std::string repeated(std::string_view text, std::size_t times) {
    std::string out;
    for (std::size_t i = 0; i < times; ++i) {
        out += text;
    }
    return out;
}

const std::string kEllipsis = "\xE2\x80\xA6";

/// Renders an error at the first `needle` of `text`, spanning `length` bytes (the needle's own
/// length by default).
std::string render_at(const std::string& text, std::string_view needle,
                      std::size_t length = std::string::npos) {
    auto source = std::make_shared<const SourceFile>("q.sql", text);
    const std::size_t begin = text.find(needle);
    REQUIRE(begin != std::string::npos);
    const std::size_t end = begin + (length == std::string::npos ? needle.size() : length);
    return render(Diagnostic{Severity::Error, "bad", source, Span{begin, end}});
}

} // namespace

TEST_CASE("a long line is quoted as a window around the span, its cut ends marked", "[diag]") {
    const std::string text =
        "SELECT " + repeated("a, ", 100) + "nope" + repeated(", b", 100) + " FROM t";
    const std::vector<std::string> lines = lines_of(render_at(text, "nope"));
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == "q.sql:1:308: error: bad");
    // A third of the window before the span, the rest after it, `…` at both cut ends.
    const std::size_t caret = text.find("nope");
    CHECK(lines[1] == "    1 | " + kEllipsis +
                          text.substr(caret - kMaxQuotedColumns / 3, kMaxQuotedColumns) +
                          kEllipsis);
    CHECK(lines[2] == "      | " + std::string(1 + kMaxQuotedColumns / 3, ' ') + "^~~~");
    CHECK(column_of(lines[2], "^") == column_of(lines[1], "nope"));
}

TEST_CASE("a long line cut at one end only shows a full window", "[diag]") {
    const std::string near_start = "SELECT nope, " + repeated("b, ", 200) + "c FROM t";
    std::vector<std::string> lines = lines_of(render_at(near_start, "nope"));
    CHECK(lines[1] == "    1 | " + near_start.substr(0, kMaxQuotedColumns) + kEllipsis);
    CHECK(lines[2] == "      |        ^~~~");

    // Near the end the window takes more of the text before the span: still the full width.
    const std::string near_end = "SELECT " + repeated("b, ", 200) + "nope FROM t";
    lines = lines_of(render_at(near_end, "nope"));
    CHECK(lines[1] ==
          "    1 | " + kEllipsis + near_end.substr(near_end.size() - kMaxQuotedColumns));
    CHECK(column_of(lines[2], "^") == column_of(lines[1], "nope FROM t"));
}

TEST_CASE("the marker of a span longer than the window stops at the window's end", "[diag]") {
    const std::string literal = "'" + repeated("x", 1000) + "'";
    const std::string text = "SELECT " + literal + " FROM t";
    const std::vector<std::string> lines = lines_of(render_at(text, literal));
    CHECK(lines[1] == "    1 | " + text.substr(0, kMaxQuotedColumns) + kEllipsis);
    CHECK(lines[2] == "      |        ^" + std::string(kMaxQuotedColumns - 8, '~'));
    CHECK(code_points(lines[2]) == code_points(lines[1]) - 1);
}

TEST_CASE("a long line of multi-byte characters is cut between code points", "[diag]") {
    // é is two bytes, 日 three, 😀 four: every cut must fall on a code point's first byte.
    const std::string text = "SELECT " + repeated("\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80 ", 300) +
                             "nope" + repeated(" \xf0\x9f\x98\x80\xc3\xa9", 300) + " FROM t";
    const std::string rendered = render_at(text, "nope");
    CHECK_FALSE(find_bad_text(rendered));
    const std::vector<std::string> lines = lines_of(rendered);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == "q.sql:1:1208: error: bad");
    // The window's code points, the two marks, and the gutter `    1 | `.
    CHECK(code_points(lines[1]) == 8 + 1 + kMaxQuotedColumns + 1);
    CHECK(lines[1].starts_with("    1 | " + kEllipsis));
    CHECK(lines[1].ends_with(kEllipsis));
    CHECK(column_of(lines[2], "^~~~") == column_of(lines[1], "nope"));
    CHECK(lines[2].ends_with("^~~~"));
}

TEST_CASE("a tab before the span is kept in a cut line's marker", "[diag]") {
    const std::string text = repeated("a, ", 100) + "\t\tnope" + repeated(", b", 100);
    const std::vector<std::string> lines = lines_of(render_at(text, "nope"));
    CHECK(lines[2] == "      | " + std::string(1 + kMaxQuotedColumns / 3 - 2, ' ') + "\t\t^~~~");
}

TEST_CASE("a line of exactly the window's width is quoted whole", "[diag]") {
    const std::string text = "SELECT nope FROM " + repeated("t", kMaxQuotedColumns - 17);
    REQUIRE(code_points(text) == kMaxQuotedColumns);
    const std::vector<std::string> lines = lines_of(render_at(text, "nope"));
    CHECK(lines[1] == "    1 | " + text);
    CHECK(lines[2] == "      |        ^~~~");
    const std::vector<std::string> longer = lines_of(render_at(text + "t", "nope"));
    CHECK(longer[1] == "    1 | " + text + kEllipsis);
}

TEST_CASE("a long message keeps its start and its end", "[diag]") {
    auto source = std::make_shared<const SourceFile>("q.sql", "SELECT x FROM t");
    const std::string name = repeated("x", 100000);
    const std::string message = "no column '" + name + "' in table 't'; did you mean 'y'?";
    const std::string rendered = render(Diagnostic{Severity::Error, message, source, Span{7, 8}});
    const std::string first = lines_of(rendered)[0];
    CHECK(first.starts_with("q.sql:1:8: error: no column 'xxxx"));
    CHECK(first.ends_with("xxxx' in table 't'; did you mean 'y'?"));
    CHECK(first.find(kEllipsis) != std::string::npos);
    CHECK(code_points(first) == std::string("q.sql:1:8: error: ").size() + kMaxMessageColumns);
    // A message within the limit is printed as it is.
    const std::string whole = render(Diagnostic{Severity::Error, "short", source, Span{7, 8}});
    CHECK(lines_of(whole)[0] == "q.sql:1:8: error: short");
}
