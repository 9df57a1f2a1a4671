#pragma once
/// What part of a value a query needs, as one tree per value instead of a list of single-path
/// root fields merged pairwise: pairwise prefix merging (as in Presto) is quadratic, and every
/// pass must stay linear or n·log n in the size of the query plus the schema (the benchmarks of
/// tests/perf/README.md measure it). A node is keyed by ordinals relative to the value's type,
/// so names and case never matter here.
///
///     contacts.name: struct<first:string,middle:string,last:string>
///     name.first, name.last            ->  Requirement{kids: {0: whole, 2: whole}}
///                                      ->  struct<first:string,last:string>
///     name IS NOT NULL (extended)      ->  Requirement{any_leaf}
///                                      ->  struct<first:string>   (one leaf: smallest defaultSize)

#include <cstdint>
#include <memory>

#include "types/data_type.hpp"
#include "types/type_interner.hpp"
#include "util/flat_map.hpp"

namespace prune {

/// The key of a child requirement: a struct field ordinal, or one of the collection parts.
using ReqKey = std::int64_t;
inline constexpr ReqKey kElement = -1; // array element
inline constexpr ReqKey kKey = -2;     // map key
inline constexpr ReqKey kValue = -3;   // map value

/// The need on one value. Empty (no flag, no kids) means "not needed at all".
struct Requirement {
    bool whole = false;                // the value is needed as it is
    bool any_leaf = false;             // only its null-ness or length: any one leaf will do (X5)
    FlatMap<ReqKey, Requirement> kids; // in key order

    static Requirement all() { return Requirement{true, false, {}}; }
    static Requirement one_leaf() { return Requirement{false, true, {}}; }
    /// A requirement on the part `key` of a value, wrapping `inner`.
    static Requirement at(ReqKey key, Requirement inner);

    bool empty() const { return !whole && !any_leaf && kids.empty(); }
    /// Union (Spark: StructType.merge of root fields): whole absorbs everything below. The
    /// rvalue form takes `other`'s subtrees where this has none instead of copying them.
    void merge(Requirement&& other);
    void merge(const Requirement& other);
    /// The requirement on part `key` (empty if none; whole if this is whole).
    Requirement part(ReqKey key) const;
    /// Nesting depth of the tree.
    std::size_t depth() const;

    /// The same tree (not merely the same pruned type).
    bool operator==(const Requirement& other) const;
};

/// The type `full` narrowed to what `req` needs, struct fields in the type's order (Spark:
/// pruneSchema + sortLeftFieldsByRight). Nullability, containsNull and metadata are kept.
/// An empty requirement yields `full` (callers leave unneeded values out themselves). A map
/// keeps the whole key unless a key requirement narrows it.
/// With `types`, every type it builds is interned there, so columns pruned alike share
/// their types.
TypePtr prune_type(const TypePtr& full, const Requirement& req, TypeInterner* types = nullptr);

/// The requirement that narrows `full` to `pruned` (a type prune_type made from it, struct
/// fields matched by name): the inverse of prune_type. A part of `pruned` that is not a
/// narrowing of `full` is needed whole.
Requirement requirement_for(const TypePtr& full, const TypePtr& pruned);

/// The smallest single-leaf projection of `type` (X5 in docs/RULES.md): in a struct the field
/// with the smallest defaultSize (first on ties), recursively; in an array its element; in a map
/// the whole key plus one leaf of the value; anything else itself.
TypePtr one_leaf_type(const TypePtr& type);

/// Whether `req` (on a value of type `full`) needs every leaf of it.
bool covers_all(const TypePtr& full, const Requirement& req);

} // namespace prune
