#pragma once
/// The ordered pass list: the one place that knows the order of the passes.
///
///     parse -> analyze -> simplify -> (spark: size rewrite) -> collect root fields
///           -> prune schema -> rewrite -> check ordinals

#include <memory>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "diag/diagnostic.hpp"
#include "output/result.hpp"
#include "plan/analyzer.hpp"
#include "sql/parser.hpp"

namespace prune {

struct PipelineOptions {
    Profile profile = Profile::Extended;
    CaseSensitivity case_sensitivity = CaseSensitivity::Insensitive;
};

/// The result of one statement, with the warnings its analysis produced.
struct StatementRun {
    StatementResult result;
    std::vector<Diagnostic> warnings;
};

/// Prunes and rewrites one bound statement (everything after `analyze`).
StatementResult prune_statement(const BoundStatement& bound, const PipelineOptions& options);

/// Runs every pass on one statement of `source`. Throws SqlError (bad query), SchemaError,
/// InternalError (broken invariant).
StatementRun run_statement(const std::shared_ptr<const SourceFile>& source,
                           const StatementText& text, const Catalog& catalog,
                           const PipelineOptions& options);

} // namespace prune
