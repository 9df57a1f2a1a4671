#pragma once
/// From root fields to the read schema of a scan (Spark: identifyRootFields' optional-root
/// handling, pruneSchema, sortLeftFieldsByRight) — one requirement tree per column.

#include <unordered_map>
#include <vector>

#include "plan/plan.hpp"
#include "prune/root_fields.hpp"

namespace prune {

/// The read set of one relation: every referenced column's requirement (partition columns
/// included), and the read schema (stored columns only, table order, pruned types).
struct ReadSet {
    std::unordered_map<ExprId, Requirement> needs;    // by the relation output's expression id
    std::unordered_map<ExprId, TypePtr> pruned_types; // the referenced columns' new types
    TypePtr read_schema;                              // struct<> when no stored column is read
};

/// Merges the root fields of `relation`'s columns. Optional roots (Spark's
/// prunedIfAnyChildAccessed) are dropped when a required root of the same column is
/// contained in them (§5), otherwise merged like any other.
ReadSet prune_schema(const Relation& relation, const std::vector<RootField>& roots);

} // namespace prune
