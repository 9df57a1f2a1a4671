#pragma once
/// Spark's CollapseGroupedSumOfCount (SPARK-57043), applied by the `spark` and `extended`
/// profiles before pruning: a SUM of a COUNT(1) over a finer grouping is a count over the
/// coarser one, so the keys only the finer grouping used are no longer read.
///
///     SELECT id, sum(cnt) FROM (SELECT id, name.last, count(*) AS cnt ... GROUP BY id, name.last)
///     GROUP BY id
///       Aggregate [id], [id, sum(cnt)]                Aggregate [id], [id, sum(1)]
///       +- Aggregate [id, name.last], [id, count(1)]  ->  +- ...the lower Aggregate's input
///
/// Conditions, as the rule states them: the lower Aggregate groups by deterministic keys (at
/// least one); the upper one groups by some of them and computes only SUM of the count (not
/// try_sum; one at least) and MAX or MIN of a key it groups by.

#include <unordered_set>

#include "plan/plan.hpp"

namespace prune {

/// Collapses every qualifying pair of Aggregates of `plan` and of its subquery plans.
PlanPtr collapse_grouped_sum_of_count(const PlanPtr& plan);

/// The lower grouping keys the collapse would drop, in `plan` and its subquery plans: what
/// `legacy`, which does not collapse, reads for that reason (provenance `summed_count_key`).
std::unordered_set<const Expr*> summed_count_keys(const Plan& plan);

} // namespace prune
