// Splitting a file into statements, before any parsing, so one bad statement does not spoil
// the others.
//
//     SELECT 'a;b' FROM t; -- one; two
//     /* ; */ ;
//     SELECT `x;y` FROM u
//
//     statement 1: "SELECT 'a;b' FROM t"     (1:1)
//     statement 2: "SELECT `x;y` FROM u"     (3:1; the middle one holds only a comment)
//
// The scanner knows exactly the lexical rules of grammar/sql.hpp that can hide a `;`: quoted
// strings with backslash escapes (a doubled quote reads as two adjacent strings, which splits
// the same way), raw strings without escapes (`r'a\'` ends at its second quote), backquoted
// names, `--` and `/* */` comments (nested, as grammar/bracketed_comment.hpp reads them). Each
// statement's span runs from its first token to the end of its last one; an unterminated
// string or comment runs to the end of the file and stays inside the span, so the parser
// reports it.

#include <cctype>
#include <string_view>

#include "grammar/bracketed_comment.hpp"
#include "sql/parser.hpp"

namespace prune {
namespace {

bool is_blank(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/// A byte that may continue a word (grammar/sql.hpp's word_tail, any non-ASCII byte included).
bool is_word_byte(char c) {
    const auto b = static_cast<unsigned char>(c);
    return std::isalnum(b) != 0 || c == '_' || b >= 0x80;
}

} // namespace

std::vector<StatementText> split_statements(const SourceFile& source) {
    const std::string& text = source.text();
    const std::size_t size = text.size();
    std::vector<StatementText> statements;

    // The current statement's first and one-past-last significant byte (none yet: npos).
    std::size_t first = std::string::npos;
    std::size_t last = 0;
    const auto significant = [&](std::size_t from, std::size_t to) {
        if (first == std::string::npos) {
            first = from;
        }
        last = to;
    };
    const auto finish = [&] {
        if (first != std::string::npos) {
            statements.push_back({statements.size() + 1, Span{first, last}});
        }
        first = std::string::npos;
        last = 0;
    };

    std::size_t i = 0;
    // A byte-order mark is not part of the first statement.
    if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) {
        i = 3;
    }
    while (i < size) {
        const char c = text[i];
        if (c == ';') {
            finish();
            ++i;
        } else if (is_blank(c)) {
            ++i;
        } else if (c == '-' && i + 1 < size && text[i + 1] == '-') {
            const std::size_t newline = text.find('\n', i);
            i = newline == std::string::npos ? size : newline + 1;
        } else if (c == '/' && i + 1 < size && text[i + 1] == '*') {
            const std::size_t rest =
                grammar::bracketed_comment_rest(std::string_view(text).substr(i + 2));
            if (rest == std::string_view::npos) {
                significant(i, size); // unterminated: the parser reports it
                i = size;
            } else {
                i += 2 + rest;
            }
        } else if ((c == 'r' || c == 'R') && i + 1 < size &&
                   (text[i + 1] == '\'' || text[i + 1] == '"') &&
                   (i == 0 || !is_word_byte(text[i - 1]))) {
            // A raw string: no escapes, it ends at the next quote of its kind.
            const std::size_t close = text.find(text[i + 1], i + 2);
            const std::size_t end = close == std::string::npos ? size : close + 1;
            significant(i, end);
            i = end;
        } else if (c == '\'' || c == '"' || c == '`') {
            const std::size_t start = i++;
            bool closed = false;
            while (i < size) {
                if (text[i] == '\\' && c != '`') {
                    i += 2;
                } else if (text[i++] == c) {
                    closed = true;
                    break;
                }
            }
            i = std::min(i, size);
            significant(start, closed ? i : size);
        } else {
            significant(i, i + 1);
            ++i;
        }
    }
    finish();
    return statements;
}

} // namespace prune
