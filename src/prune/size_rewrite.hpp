#pragma once
/// Spark's RewriteSizeOfArrayStruct (SPARK-58735), applied by the `spark` profile before
/// pruning: `size(a)` over `array<struct>` with more than one field, rooted at a column,
/// becomes `size(a.f)` for the field `f` with the smallest defaultSize, so that only `f` is
/// read. (`extended` reads one leaf through X5 instead and leaves the expression alone.)

#include "plan/plan.hpp"

namespace prune {

/// Rewrites every qualifying `size` / `cardinality` in every operator of `plan`.
PlanPtr rewrite_size_of_array_struct(const PlanPtr& plan);

} // namespace prune
