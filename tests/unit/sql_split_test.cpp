#include <catch2/catch.hpp>

#include "sql/parser.hpp"

using namespace prune;

namespace {

/// The statements' texts, as the splitter cut them.
std::vector<std::string> split_texts(const std::string& text) {
    const SourceFile source("q.sql", text);
    std::vector<std::string> out;
    std::size_t expected_index = 1;
    for (const StatementText& statement : split_statements(source)) {
        CHECK(statement.index == expected_index++);
        out.push_back(text.substr(statement.span.begin, statement.span.end - statement.span.begin));
    }
    return out;
}

using Texts = std::vector<std::string>;

} // namespace

TEST_CASE("statements split at semicolons outside strings, names and comments", "[split]") {
    const auto [text, expected] = GENERATE(table<std::string, Texts>({
        {"SELECT a FROM t", {"SELECT a FROM t"}},
        {"SELECT a FROM t;", {"SELECT a FROM t"}},
        {"SELECT a FROM t; SELECT b FROM u;", {"SELECT a FROM t", "SELECT b FROM u"}},
        {"  \n SELECT a FROM t  \n;\n", {"SELECT a FROM t"}},
        {"SELECT 'a;b' FROM t; SELECT 2 FROM u", {"SELECT 'a;b' FROM t", "SELECT 2 FROM u"}},
        {"SELECT \"a;b\" FROM t", {"SELECT \"a;b\" FROM t"}},
        {"SELECT 'it\\'s;' FROM t;x", {"SELECT 'it\\'s;' FROM t", "x"}},
        {"SELECT 'it''s;' FROM t;x", {"SELECT 'it''s;' FROM t", "x"}},
        {"SELECT \"a\\\";\" FROM t;x", {"SELECT \"a\\\";\" FROM t", "x"}},
        {"SELECT `a;b` FROM t;x", {"SELECT `a;b` FROM t", "x"}},
        // A raw string has no escapes: its backslash does not hide the closing quote.
        {"SELECT r'a;\\' FROM t;x", {"SELECT r'a;\\' FROM t", "x"}},
        {"SELECT R\"\\\";\" FROM t;x", {"SELECT R\"\\\"", "\" FROM t;x"}},
        {"SELECT ar'a\\';' FROM t;x", {"SELECT ar'a\\';' FROM t", "x"}},
        {"SELECT `a``;b` FROM t;x", {"SELECT `a``;b` FROM t", "x"}},
        // A backslash does not escape inside backquotes.
        {"SELECT `a\\`;x", {"SELECT `a\\`", "x"}},
        {"SELECT a -- no; split\nFROM t;x", {"SELECT a -- no; split\nFROM t", "x"}},
        {"SELECT a /* no; split */ FROM t;x", {"SELECT a /* no; split */ FROM t", "x"}},
        {"SELECT a FROM t -- trailing; comment", {"SELECT a FROM t"}},
        {"-- leading; comment\nSELECT a FROM t", {"SELECT a FROM t"}},
        {"/* x */ SELECT a FROM t /* y */", {"SELECT a FROM t"}},
        // Bracketed comments nest, as in Spark's lexer: the inner `*/` closes the inner level.
        {"SELECT a /* x /* ; */ ; */ FROM t;x", {"SELECT a /* x /* ; */ ; */ FROM t", "x"}},
        {"/* a /* b */ ; */ SELECT 1 FROM t", {"SELECT 1 FROM t"}},
        {"SELECT a /*/ ; */ FROM t;x", {"SELECT a /*/ ; */ FROM t", "x"}},
        // Statements of nothing but blanks and comments do not count.
        {";;  ; -- c\n; /* ; */ ;SELECT 1 FROM t;;", {"SELECT 1 FROM t"}},
        {"", {}},
        {"   \n\t ", {}},
        {"-- only a comment", {}},
        {";", {}},
        // Unterminated strings and comments run to the end of the file (the parser reports).
        {"SELECT 'abc; FROM t; SELECT 2", {"SELECT 'abc; FROM t; SELECT 2"}},
        {"SELECT a FROM t /* open; ", {"SELECT a FROM t /* open; "}},
        {"SELECT `abc; x", {"SELECT `abc; x"}},
        {"SELECT 'ab\\", {"SELECT 'ab\\"}},
        {"SELECT r'ab; x", {"SELECT r'ab; x"}},
        {"/* nothing else", {"/* nothing else"}},
        {"SELECT a /* x /* y */ ; SELECT b", {"SELECT a /* x /* y */ ; SELECT b"}},
        // CRLF line ends and a byte-order mark.
        {"SELECT a\r\nFROM t;\r\nSELECT b\r\nFROM u\r\n",
         {"SELECT a\r\nFROM t", "SELECT b\r\nFROM u"}},
        {"\xEF\xBB\xBFSELECT a FROM t", {"SELECT a FROM t"}},
        // A '-' or '/' alone starts no comment.
        {"SELECT 1 - 2 / 3 FROM t;x", {"SELECT 1 - 2 / 3 FROM t", "x"}},
        // UTF-8 passes through.
        {"SELECT 'é;' FROM 表;x", {"SELECT 'é;' FROM 表", "x"}},
    }));
    CAPTURE(text);
    CHECK(split_texts(text) == expected);
}

TEST_CASE("statement spans point into the whole file", "[split]") {
    const std::string text = "SELECT a FROM t;\n\n  SELECT b\nFROM u;";
    const SourceFile source("q.sql", text);
    const auto statements = split_statements(source);
    REQUIRE(statements.size() == 2);
    CHECK(statements[0].span == Span{0, 15});
    CHECK(statements[1].span.begin == text.find("SELECT b"));
    CHECK(source.location(statements[1].span.begin).line == 3);
    CHECK(source.location(statements[1].span.begin).column == 3);
    CHECK(statements[1].span.end == text.size() - 1);
}

TEST_CASE("splitting never throws, whatever the bytes", "[split]") {
    std::string text;
    for (int i = 0; i < 4096; ++i) {
        text += static_cast<char>((i * 7919) % 256);
    }
    const SourceFile source("q.sql", text);
    std::vector<StatementText> statements;
    CHECK_NOTHROW(statements = split_statements(source));
    for (const StatementText& s : statements) {
        CHECK(s.span.begin < s.span.end);
        CHECK(s.span.end <= text.size());
    }
}
