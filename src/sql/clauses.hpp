#pragma once
/// Where each clause of a statement is written: the text ranges of its select items, WHERE,
/// GROUP BY, HAVING, ORDER BY, SORT BY, DISTRIBUTE BY, CLUSTER BY, hints, WINDOW definitions,
/// JOIN ON and LATERAL VIEW, in every query block, so that a span
/// of the bound plan can be named by the clause it was written in (`--explain`).
///
///     SELECT name.first, size(friends) FROM contacts WHERE name IS NOT NULL
///            ^^^^^^^^^^ select item 1                  ^^^^^^^^^^^^^^^^ WHERE
///
/// A clause of a nested query block says which block: `WHERE (subquery at 2:8)`,
/// `select item 1 (CTE recent)`, `select item 2 (query at 3:1)` for an input of a set
/// operation.

#include <string>
#include <vector>

#include "diag/diagnostic.hpp"
#include "sql/ast.hpp"

namespace prune {

/// The clause ranges of one statement. Ranges nest (a subquery's WHERE lies inside the outer
/// FROM), so the clause of a span is the innermost range that contains its start.
class ClauseMap {
  public:
    ClauseMap() = default;
    /// The clauses of `statement`, whose spans are offsets into `source`.
    ClauseMap(const ast::Statement& statement, const SourceFile& source);

    /// The clause `span` was written in; empty when it lies in none (a synthesized node).
    std::string clause_at(Span span) const;

  private:
    struct Range {
        std::uint32_t begin = 0;
        std::uint32_t end = 0;
        std::string label;
    };
    std::vector<Range> ranges_; // sorted by begin, then by end descending (outer first)
    friend class ClauseMapBuilder;
};

} // namespace prune
