#pragma once
/// From root fields to the read schema of a scan (Spark: identifyRootFields' optional-root
/// handling, pruneSchema, sortLeftFieldsByRight) — one requirement tree per column.

#include <span>
#include <unordered_map>
#include <vector>

#include "plan/plan.hpp"
#include "prune/root_fields.hpp"

namespace prune {

/// The read set of one relation: the referenced columns' pruned types, and the read schema
/// (stored columns only, table order, pruned types).
struct ReadSet {
    std::unordered_map<ExprId, TypePtr> pruned_types; // by the relation output's expression id
    TypePtr read_schema;                              // struct<> when no stored column is read
};

/// The need of one column from its root fields: the required roots merged, and each optional
/// root (Spark's prunedIfAnyChildAccessed) merged unless a required root is contained in it
/// (§5). Takes the roots' trees instead of copying them.
Requirement column_need(std::span<RootField> roots);

/// Every referenced column's need (column_need) narrowed to a pruned type. Each column's need
/// is dropped as soon as its type is built, and the roots are used up: the needs are as large
/// as the plan, and nothing after this pass looks at them.
ReadSet prune_schema(const Relation& relation, std::vector<RootField> roots);

} // namespace prune
