#pragma once
/// Hash-consing of types: identical types are built once and shared.
///
/// Event schemas repeat the same struct under many columns, and a pruned schema repeats the
/// same narrowed struct: interned, a million leaves made of repeated structs cost what their
/// distinct structs cost. Children are interned before their parents, so comparing children
/// by address compares them by structure; a child that was not interned (an unchanged part
/// of a type built elsewhere) is compared by address only, which may miss a sharing but never
/// merges two different types. Types are immutable, so the sharing is invisible to every pass.

#include <cstddef>
#include <unordered_map>
#include <vector>

#include "types/data_type.hpp"

namespace prune {

class TypeInterner {
  public:
    /// An array, map or atomic type: the first one seen with the same structure. Structs are
    /// returned as they are (build them with `intern_struct`).
    TypePtr intern(TypePtr type);
    /// A struct of `fields` (names, types, nullability, metadata): the first one built with
    /// the same fields, or a new one.
    TypePtr intern_struct(std::vector<StructField> fields);

  private:
    std::unordered_multimap<std::size_t, TypePtr> types_;
};

} // namespace prune
