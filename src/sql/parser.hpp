#pragma once
/// The SQL front end: splits a file into statements and parses each into an ast::Select.

#include <cstddef>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "diag/diagnostic.hpp"
#include "sql/ast.hpp"

namespace prune {

/// One non-empty statement's text range within its file (split at `;` outside strings,
/// backquoted names and comments; statements with nothing but blanks and comments skipped).
struct StatementText {
    std::size_t index = 0; // 1-based among non-empty statements
    Span span;
};

/// The most expression nodes one statement may hold: 4,194,304, some 15 MB of the densest SQL
/// (`a.b0 + 1, a.b1 + 2, ...`). A larger statement is rejected where it crosses the limit, before
/// its trees (AST, bound plan, rewritten plan, printed output) can exhaust memory.
inline constexpr std::size_t kMaxStatementNodes = std::size_t{1} << 22;

/// Splits a file into statements. Never throws: an unterminated string or comment simply runs
/// to the end of the file (the parser then reports it).
std::vector<StatementText> split_statements(const SourceFile& source);

/// Parses one statement; `span` is its range in `source` (locations count from the file start).
/// Throws SqlError with the location and an actionable message ("expected ')' to close '(' at
/// 1:17", "unsupported: JOIN"). `max_nodes` is kMaxStatementNodes but for tests of the limit.
ast::Statement parse_statement(const std::shared_ptr<const SourceFile>& source,
                               const StatementText& text,
                               std::size_t max_nodes = kMaxStatementNodes);

/// Whether `text` is only blanks and comments: what may stand between two tokens of one
/// grammar rule (the sign and the digits of `- /* c */ 1`, a negative number in Spark's
/// grammar), as opposed to a parenthesis (`-(1)`, a negation).
bool only_blanks(std::string_view text);

/// The `--emit ast` form: an indented tree, one node per line, with spans as line:column.
std::string dump_ast(const ast::Statement& statement, const SourceFile& source);

} // namespace prune
