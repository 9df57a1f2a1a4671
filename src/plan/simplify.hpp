#pragma once
/// The Spark rewrites every profile applies before pruning, because they change what is read:
/// SimplifyExtractValueOps (`named_struct('a', e1, 'b', e2).a` is `e1`; extraction from
/// `array(...)`/`map(...)` constructors) and the RuntimeReplaceable replacements
/// (`try_element_at` -> `element_at`, `array_size` -> `size`, `nvl`/`ifnull` -> `coalesce`,
/// `array_compact(a)` -> `KnownNotContainsNull(ArrayFilter(a, x -> isnotnull(x)))`).

#include "plan/plan.hpp"

namespace prune {

/// Spark: SimplifyExtractValueOps + ReplaceExpressions. `next_id` supplies fresh expression
/// ids (for array_compact's lambda variable) and is advanced.
PlanPtr simplify(const PlanPtr& plan, ExprId& next_id);

} // namespace prune
