#include "pipeline.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_set>

#include "output/printers.hpp"
#include "parquet/scan_bytes.hpp"
#include "plan/simplify.hpp"
#include "prune/count_rollup.hpp"
#include "prune/prune_schema.hpp"
#include "prune/root_fields.hpp"
#include "prune/size_rewrite.hpp"
#include "rewrite/projection_over_schema.hpp"

namespace prune {
namespace {

ScanResult describe_scan(const Relation& relation, const TypePtr& read_schema) {
    ScanResult scan{relation.table,
                    relation.alias,
                    read_schema,
                    count_leaves(*read_schema),
                    count_leaves(*relation.schema),
                    {}};
    // The read schema's fields are some of the relation's, in the same order: one walk.
    const StructType& read = *read_schema->struct_type();
    const auto& fields = relation.schema->struct_type()->fields();
    scan.columns_not_read.reserve(fields.size() - std::min(fields.size(), read.size()));
    std::size_t next = 0;
    for (const StructField& field : fields) {
        if (next < read.size() && read[next].name == field.name) {
            ++next;
        } else {
            scan.columns_not_read.push_back(field.name);
        }
    }
    return scan;
}

/// The changes without repeats: the same access written twice (GROUP BY and its aggregate)
/// is one change. Two changes are the same when they print the same. Only (hash, position)
/// pairs are kept and sorted, so equal changes meet in one run without a hash table of nodes
/// (cache misses at a million changes); a change's text is built again only inside a run of
/// equal hashes, so the check costs no memory per change.
OrdinalChanges distinct_changes(OrdinalChanges changes) {
    std::string buffer; // one for every change's text
    const auto text = [&buffer](const OrdinalChange& change) -> const std::string& {
        buffer.clear();
        append_expr_string(buffer, *change.access);
        buffer += '|';
        append_ordinal_context(buffer, change);
        return buffer;
    };
    std::vector<std::pair<std::size_t, std::size_t>> keys; // (hash of text, position)
    keys.reserve(changes.size());
    for (std::size_t i = 0; i < changes.size(); ++i) {
        keys.emplace_back(std::hash<std::string>{}(text(changes[i])), i);
    }
    std::sort(keys.begin(), keys.end());
    std::vector<bool> repeat(changes.size(), false);
    for (std::size_t run = 0; run < keys.size();) {
        std::size_t end = run + 1;
        while (end < keys.size() && keys[end].first == keys[run].first) {
            ++end;
        }
        if (end - run > 1) {
            // In position order: each change is a repeat of an earlier one of equal text.
            std::vector<std::string> seen;
            for (std::size_t k = run; k < end; ++k) {
                std::string t = text(changes[keys[k].second]);
                if (std::find(seen.begin(), seen.end(), t) != seen.end()) {
                    repeat[keys[k].second] = true;
                } else {
                    seen.push_back(std::move(t));
                }
            }
        }
        run = end;
    }
    std::size_t size = 0;
    for (std::size_t i = 0; i < changes.size(); ++i) {
        if (!repeat[i]) {
            if (size != i) {
                changes[size] = std::move(changes[i]);
            }
            ++size;
        }
    }
    changes.erase(changes.begin() + static_cast<std::ptrdiff_t>(size), changes.end());
    return changes;
}

/// Widens `need`, what every input of a set column reads besides the need above it, by what
/// each input read in the rewrite that found their types disagree (`mismatch`): then each
/// reads what any read. Needs only grow, so rounds end; one that adds nothing (an input
/// whose type does not follow its need) reads the column whole. False when it is whole
/// already.
bool widen(Requirement& need, const RewriteMismatch& mismatch) {
    if (need.whole) {
        return false;
    }
    const auto& [op, column] = mismatch.set_column();
    Requirement wider = need;
    for (std::size_t k = 0; k < mismatch.input_types().size(); ++k) {
        const TypePtr& pruned = mismatch.input_types()[k];
        if (pruned == nullptr) {
            continue; // a NULL projection: any type
        }
        const auto* set = op->as<SetOperation>();
        const auto* expand = op->as<Expand>();
        const TypePtr full = set != nullptr      ? plan_output(*set->children[k])[column]->type
                             : expand != nullptr ? expand->projections[k][column]->type
                                                 : nullptr;
        wider.merge(full != nullptr ? requirement_for(full, pruned) : Requirement::all());
    }
    need = wider == need ? Requirement::all() : std::move(wider);
    return true;
}

} // namespace

StatementResult prune_statement(BoundStatement bound, const PipelineOptions& options,
                                const ExplainContext* explain) {
    StatementResult result;
    result.profile = options.profile;
    ExprId next_id = bound.next_id;
    PlanPtr plan = simplify(bound.plan, next_id);
    if (options.keep_plans) {
        result.original_plan = bound.plan;
        result.simplified_plan = plan;
    }
    bound.plan.reset(); // unless kept, `plan` is now the only handle to the statement
    if (options.profile == Profile::Spark) {
        plan = rewrite_size_of_array_struct(plan);
    }
    if (options.profile >= Profile::Spark) {
        plan = collapse_grouped_sum_of_count(plan);
    }
    // What legacy reads because it does not collapse, named in its provenance.
    std::unordered_set<const Expr*> summed_keys;
    if (options.profile == Profile::Legacy && options.explain) {
        summed_keys = summed_count_keys(*plan);
    }
    const std::vector<const Relation*> relations = plan_relations(*plan);

    // A value-passing rule whose pruned arguments no longer agree in type (X6/X7: two
    // branches of a coalesce pruned differently) is switched off for that node, and the read
    // sets are collected again; each round switches off at least one node, so this ends.
    std::unordered_set<const Expr*> opaque;
    std::map<SetColumn, Requirement> set_column_needs;
    while (true) {
        // Needs go to their column as they are found, and none is kept past its scan's read
        // schema: they are as large as the plan, and the rewrite needs only the read schemas.
        std::optional<ProvenanceRecorder> recorder;
        if (options.explain && explain != nullptr) {
            recorder.emplace();
        }
        PlanReads reads =
            read_sets(*plan, CollectOptions{options.profile, &opaque, &set_column_needs,
                                            recorder ? &*recorder : nullptr, &summed_keys});
        result.scans.clear(); // moved in: a braced list would copy every column name
        for (std::size_t i = 0; i < relations.size(); ++i) {
            result.scans.push_back(describe_scan(*relations[i], reads.scans[i].read_schema));
            if (recorder) {
                result.scans.back().provenance =
                    scan_provenance(*relations[i], reads.scans[i].read_schema, *recorder,
                                    explain->source, explain->clauses);
            }
        }
        result.explained = recorder.has_value();
        try {
            // Unless the plans are kept, the rewrite takes the only handle and lets the
            // original go as it goes; a mismatch then leaves nothing to collect again from.
            Rewritten rewritten =
                options.keep_plans
                    ? project_over_schema(plan, reads.scans, reads.unused)
                    : project_over_schema(std::move(plan), reads.scans, reads.unused);
            result.plan = std::move(rewritten.plan);
            result.ordinal_changes = distinct_changes(std::move(rewritten.ordinal_changes));
            if (result.simplified_plan) {
                // What --verify compares with: Spark drops unread computed columns from the
                // original as well, so an error only they would raise is raised by neither.
                result.simplified_plan = drop_unused_columns(result.simplified_plan, reads.unused);
            }
            return result;
        } catch (const RewriteMismatch& mismatch) {
            if (!options.keep_plans) {
                throw;
            }
            const bool new_rule = mismatch.node() != nullptr
                                      ? opaque.insert(mismatch.node()).second
                                      : widen(set_column_needs[mismatch.set_column()], mismatch);
            if (!new_rule) {
                throw InternalError(std::string("the rewrite failed: ") + mismatch.what());
            }
        }
    }
}

StatementRun run_statement(const std::shared_ptr<const SourceFile>& source,
                           const StatementText& text, const Catalog& catalog,
                           const PipelineOptions& options) {
    // The analyzer uses the syntax tree up as it binds: the tree is as large as the plan,
    // and the later passes never look at it.
    Location location;
    ClauseMap clauses;
    const auto bind = [&] {
        ast::Statement statement = parse_statement(source, text);
        location = source->location(statement.query.span.begin);
        if (options.explain) {
            clauses = ClauseMap(statement, *source);
        }
        return analyze(std::move(statement), catalog, source,
                       AnalyzerOptions{options.case_sensitivity, options.relations});
    };
    BoundStatement bound = bind();
    StatementRun run{{}, std::move(bound.warnings)};
    const ExplainContext explain{*source, clauses};
    try {
        run.result = prune_statement(std::move(bound), options, &explain);
    } catch (const RewriteMismatch&) {
        // Only without kept plans: run the statement again, keeping them this time, so the
        // pipeline can switch the mismatched rule off and collect again (rare: X6/X7).
        PipelineOptions keep = options;
        keep.keep_plans = true;
        run.result = prune_statement(bind(), keep, &explain);
        run.result.original_plan = nullptr;
        run.result.simplified_plan = nullptr;
    }
    // Where a table's schema came from Parquet files, what its scans read in bytes.
    for (ScanResult& scan : run.result.scans) {
        if (const std::optional<Table> table = catalog.find(scan.table)) {
            scan.bytes = scan_bytes(*table, scan.read_schema);
        }
    }
    run.result.index = text.index;
    run.result.file = source->name();
    run.result.line = location.line;
    run.result.column = location.column;
    return run;
}

} // namespace prune
