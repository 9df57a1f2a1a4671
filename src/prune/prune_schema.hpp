#pragma once
/// From root fields to the read schema of a scan (Spark: identifyRootFields' optional-root
/// handling, pruneSchema, sortLeftFieldsByRight) — one requirement tree per column.

#include <cstdint>
#include <optional>
#include <span>
#include <unordered_map>
#include <unordered_set>
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
/// (docs/RULES.md, "Optional root"). Takes the roots' trees instead of copying them.
Requirement column_need(std::span<RootField> roots);

/// Root fields by column, taken as the collector finds them. Where no root can be optional
/// (may_find_optional_roots), each root is merged into its column's need at once, so the
/// roots never exist side by side (a column read a thousand ways is one need, not a thousand
/// roots). Otherwise each column keeps its roots for column_need, which compares them pairwise.
///
/// Columns are found by id through a table of `dense_ids` entries (binding numbers a
/// relation's columns 0, 1, ...: pass the relation's width), other ids through a hash map;
/// the columns reached are kept side by side in the order first reached.
class RootsByColumn {
  public:
    explicit RootsByColumn(bool may_be_optional, std::size_t dense_ids = 0)
        : may_be_optional_(may_be_optional), dense_(dense_ids, kNone) {}

    void add(RootField&& root);
    /// The columns some root reached, in id order.
    std::vector<ExprId> columns() const;
    /// The column's need, taken out; none when no root reached the column.
    std::optional<Requirement> take_need(ExprId column);
    /// Whether some root reached the column and its need is still there to take.
    bool has_need(ExprId column);

  private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFU;
    struct Column {
        ExprId id;
        bool taken = false;
        Requirement need;             // the roots merged, unless they may be optional
        std::vector<RootField> roots; // otherwise, the roots as found
    };
    /// Where column `id` is in columns_: its slot in dense_ or sparse_ (kNone when absent).
    std::uint32_t* slot(ExprId id, bool create);

    bool may_be_optional_;
    std::vector<Column> columns_;
    std::vector<std::uint32_t> dense_;                 // ids below its size
    std::unordered_map<ExprId, std::uint32_t> sparse_; // the others
};

/// Every referenced column's need narrowed to a pruned type. Each column's need is dropped as
/// soon as its type is built: the needs are as large as the plan, and nothing after this
/// pass looks at them.
ReadSet prune_schema(const Relation& relation, RootsByColumn& roots);
/// The same over the columns `ids` only (ids of other relations, or not reached, are passed
/// over).
ReadSet prune_columns(const Relation& relation, RootsByColumn& roots,
                      const std::vector<ExprId>& ids);

/// The read set of every scan of `plan`, in plan_relations order: the needs collected straight
/// into RootsByColumn, then prune_schema per scan. The pipeline's step from a plan to its
/// read schemas.
struct PlanReads {
    std::vector<ReadSet> scans;
    std::unordered_set<ExprId> unused; // computed columns nothing reads
};
PlanReads read_sets(const Plan& plan, const CollectOptions& options);

} // namespace prune
