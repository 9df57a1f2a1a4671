#include "pipeline.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "output/printers.hpp"
#include "plan/simplify.hpp"
#include "prune/prune_schema.hpp"
#include "prune/root_fields.hpp"
#include "prune/size_rewrite.hpp"
#include "rewrite/projection_over_schema.hpp"

namespace prune {
namespace {

ScanResult describe_scan(const Relation& relation, const TypePtr& read_schema) {
    ScanResult scan{relation.table,
                    read_schema,
                    count_leaves(*read_schema),
                    count_leaves(*relation.schema),
                    {}};
    const StructType& read = *read_schema->struct_type();
    for (const StructField& field : relation.schema->struct_type()->fields()) {
        if (!read.field_index(field.name, CaseSensitivity::Sensitive)) {
            scan.columns_not_read.push_back(field.name);
        }
    }
    return scan;
}

/// The changes without repeats: the same access written twice (GROUP BY and its aggregate)
/// is one change. Two changes are the same when they print the same; only hashes are kept,
/// and a change's text is built again on a hash match, so the check costs no memory per change.
std::vector<OrdinalChange> distinct_changes(std::vector<OrdinalChange> changes) {
    const auto text = [](const OrdinalChange& change) {
        return expr_string(*change.access) + "|" + change.context;
    };
    std::unordered_multimap<std::size_t, std::size_t> kept; // hash -> index among the kept
    kept.reserve(changes.size());
    std::size_t size = 0;
    for (OrdinalChange& change : changes) {
        const std::string key = text(change);
        const std::size_t hash = std::hash<std::string>{}(key);
        const auto [first, last] = kept.equal_range(hash);
        if (std::none_of(first, last,
                         [&](const auto& entry) { return text(changes[entry.second]) == key; })) {
            kept.emplace(hash, size);
            if (&changes[size] != &change) {
                changes[size] = std::move(change);
            }
            ++size;
        }
    }
    changes.erase(changes.begin() + static_cast<std::ptrdiff_t>(size), changes.end());
    return changes;
}

} // namespace

StatementResult prune_statement(const BoundStatement& bound, const PipelineOptions& options) {
    ExprId next_id = bound.next_id;
    const PlanPtr simplified = simplify(bound.plan, next_id);
    PlanPtr plan = simplified;
    if (options.profile == Profile::Spark) {
        plan = rewrite_size_of_array_struct(plan);
    }
    const Relation& relation = plan_relation(*plan);

    // A value-passing rule whose pruned arguments no longer agree in type (X6/X7: two
    // branches of a coalesce pruned differently) is switched off for that node, and the read
    // set is collected again; each round switches off at least one node, so this ends.
    std::unordered_set<const Expr*> opaque;
    while (true) {
        // The root fields and the merged requirements are dropped before the rewrite: they
        // are as large as the plan, and the rewrite needs only the read schema.
        ReadSet read = prune_schema(
            relation, collect_root_fields(*plan, CollectOptions{options.profile, &opaque}));
        read.needs = {};
        try {
            Rewritten rewritten = project_over_schema(plan, read.read_schema, read.pruned_types);
            check_ordinals(*plan, *rewritten.plan);
            StatementResult result;
            result.profile = options.profile;
            result.original_plan = bound.plan;
            result.simplified_plan = simplified;
            result.plan = rewritten.plan;
            result.scans.push_back(describe_scan(relation, read.read_schema));
            result.scans.back().table = bound.table.name;
            result.ordinal_changes = distinct_changes(std::move(rewritten.ordinal_changes));
            return result;
        } catch (const RewriteMismatch& mismatch) {
            if (!opaque.insert(mismatch.node()).second) {
                throw InternalError(std::string("the rewrite failed: ") + mismatch.what());
            }
        }
    }
}

StatementRun run_statement(const std::shared_ptr<const SourceFile>& source,
                           const StatementText& text, const Catalog& catalog,
                           const PipelineOptions& options) {
    // The AST is dropped as soon as the plan is bound: it is as large as the plan, and the
    // later passes never look at it.
    Location location;
    BoundStatement bound = [&] {
        const ast::Statement statement = parse_statement(source, text);
        location = source->location(statement.select.span.begin);
        return analyze(statement, catalog, source, AnalyzerOptions{options.case_sensitivity});
    }();
    StatementRun run{prune_statement(bound, options), std::move(bound.warnings)};
    run.result.index = text.index;
    run.result.file = source->name();
    run.result.line = location.line;
    run.result.column = location.column;
    return run;
}

} // namespace prune
