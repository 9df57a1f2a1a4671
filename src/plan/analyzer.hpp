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

struct AnalyzerOptions {
    CaseSensitivity case_sensitivity = CaseSensitivity::Insensitive;
};

/// A bound statement: the plan (before any rewrite) and the table it scans.
struct BoundStatement {
    PlanPtr plan;
    Table table;                      // named as the query's FROM clause resolves it
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

/// The `--emit bound` form: the operator tree with every expression's kind, type,
/// nullability, ordinals and expression ids, one node per line.
std::string dump_bound(const Plan& plan);

} // namespace prune
