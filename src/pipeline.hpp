#pragma once
/// The ordered pass list: the one place that knows the order of the passes.
///
///     parse -> analyze -> simplify -> (spark: size rewrite) -> collect root fields
///           -> prune schema -> rewrite (each expression's ordinals checked as it is rewritten)

#include <memory>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "diag/diagnostic.hpp"
#include "output/result.hpp"
#include "plan/analyzer.hpp"
#include "sql/clauses.hpp"
#include "sql/parser.hpp"

namespace prune {

struct PipelineOptions {
    Profile profile = Profile::Extended;
    CaseSensitivity case_sensitivity = CaseSensitivity::Insensitive;
    /// Whether the result keeps the bound and simplified plans (JSON output, --verify and
    /// --debug-no-rewrite need them). Without them the rewrite takes the plan apart as it
    /// goes, so the original and the rewritten plan never exist in full at once (issue 10).
    bool keep_plans = true;
    /// Where tables' bound columns are kept between statements (AnalyzerOptions::relations).
    RelationCache* relations = nullptr;
    /// `--explain`: record where each use is written and why, and give every scan its
    /// provenance (prune/provenance.hpp). Off, the collector records nothing.
    bool explain = false;
};

/// What provenance needs beyond the plan: the statement's text and its clauses.
struct ExplainContext {
    const SourceFile& source;
    const ClauseMap& clauses;
};

/// The result of one statement, with the warnings its analysis produced.
struct StatementRun {
    StatementResult result;
    std::vector<Diagnostic> warnings;
};

/// Prunes and rewrites one bound statement (everything after `analyze`). Without
/// `keep_plans`, a statement whose rewrite finds a mismatch (RewriteMismatch: X6/X7 switched
/// off) cannot be collected again: the exception escapes, and run_statement binds it again.
/// With `explain` (and `options.explain`), each scan gets its provenance.
StatementResult prune_statement(BoundStatement bound, const PipelineOptions& options,
                                const ExplainContext* explain = nullptr);

/// Runs every pass on one statement of `source`. Throws SqlError (bad query), SchemaError,
/// InternalError (broken invariant).
StatementRun run_statement(const std::shared_ptr<const SourceFile>& source,
                           const StatementText& text, const Catalog& catalog,
                           const PipelineOptions& options);

} // namespace prune
