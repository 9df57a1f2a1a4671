#pragma once
/// The analyzer: an ast::Statement + the catalog -> a bound plan. Every name resolved, every
/// expression typed, every struct access carrying its ordinal, every lambda variable a unique
/// binding. Spark: Analyzer (ResolveReferences, ResolveLambdaVariables, ExtractValue).

#include <memory>
#include <vector>

#include "catalog/catalog.hpp"
#include "diag/diagnostic.hpp"
#include "plan/plan.hpp"
#include "sql/ast.hpp"

namespace prune {

/// A table's columns as binding starts from them: one AttributeReference each, ids 0 to n-1
/// in table order (Spark: the relation's output), and the schema of the stored columns (the
/// table's, without its partition columns).
struct BoundColumns {
    std::vector<ExprPtr> columns;
    TypePtr stored_schema;
};

/// The tables' bound columns kept across the statements of a run. A CI loop runs thousands of
/// statements against a table of thousands of columns; building and freeing a node per column
/// for every statement was a third of the work of each. Every statement numbers its columns
/// the same way and nodes are immutable, so statements can share them. Like the nodes, the
/// cache belongs to one thread.
class RelationCache {
  public:
    /// `table`'s columns under `cs`: the ones built before for the same schema and partition
    /// columns, else new ones (kept).
    std::shared_ptr<const BoundColumns> columns(const Table& table, CaseSensitivity cs);

  private:
    struct Entry {
        TypePtr schema;
        std::vector<std::string> partition_columns;
        CaseSensitivity cs;
        std::shared_ptr<const BoundColumns> columns;
    };
    std::vector<Entry> entries_; // a run scans a few tables: searched in order
};

struct AnalyzerOptions {
    CaseSensitivity case_sensitivity = CaseSensitivity::Insensitive;
    /// Where tables' bound columns are kept between statements; none: built for each.
    RelationCache* relations = nullptr;
};

/// A bound statement: the plan (before any rewrite); its Relations name the tables it scans.
struct BoundStatement {
    PlanPtr plan;
    std::vector<Diagnostic> warnings; // e.g. unknown (user-defined) functions
    /// The first expression id no binding uses: later passes (simplify) number from here.
    ExprId next_id = 0;
};

/// Binds one statement. Throws SqlError with the offending span.
BoundStatement analyze(const ast::Statement& statement, const Catalog& catalog,
                       const std::shared_ptr<const SourceFile>& source,
                       const AnalyzerOptions& options);

/// The same, using the statement up: each select item's syntax is released as soon as the
/// item is bound, so the syntax tree and the plan never both exist in full (issue 10).
BoundStatement analyze(ast::Statement&& statement, const Catalog& catalog,
                       const std::shared_ptr<const SourceFile>& source,
                       const AnalyzerOptions& options);

/// Whether a call `name(...)` (any case) is one of Spark's built-in functions the analyzer
/// binds: a catalog row a query may call, a higher-order function, a node the analyzer builds
/// itself (`struct`, `named_struct`, `element_at`, ...), a generator or a cast function
/// (`int(x)`). Any other name is a user-defined function. Keyword syntax (CAST, CASE, AND,
/// BETWEEN, ...) is the parser's, not a call.
bool is_builtin_function(std::string_view name);

/// The `--emit bound` form: the operator tree with every expression's kind, type,
/// nullability, ordinals and expression ids, one node per line.
std::string dump_bound(const Plan& plan);

} // namespace prune
