#pragma once
/// The SQL front end: splits a file into statements and parses each into an ast::Select.

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

/// Splits a file into statements. Never throws: an unterminated string or comment simply runs
/// to the end of the file (the parser then reports it).
std::vector<StatementText> split_statements(const SourceFile& source);

/// Parses one statement; `span` is its range in `source` (locations count from the file start).
/// Throws SqlError with the location and an actionable message ("expected ')' to close '(' at
/// 1:17", "unsupported: JOIN").
ast::Statement parse_statement(const std::shared_ptr<const SourceFile>& source,
                               const StatementText& text);

/// The `--emit ast` form: an indented tree, one node per line, with spans as line:column.
std::string dump_ast(const ast::Statement& statement, const SourceFile& source);

} // namespace prune
