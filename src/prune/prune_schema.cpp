// Merging root fields into one requirement per column, then narrowing the table schema.
//
//     SELECT name.first FROM contacts WHERE name IS NOT NULL
//     roots: name{first} (required), name (optional, whole)
//     the required root is contained in the optional one -> the optional root is dropped
//     read schema: struct<name:struct<first:string>>

#include "prune/prune_schema.hpp"

#include <algorithm>
#include <map>

namespace prune {
namespace {

/// Whether `required` asks for nothing outside `optional` (Spark: `merge(opt, r) == opt`).
bool contained_in(const Requirement& required, const Requirement& optional) {
    if (optional.whole) {
        return true;
    }
    if (required.whole) {
        return false;
    }
    if (required.any_leaf && required.kids.empty() && optional.empty()) {
        return false;
    }
    for (const auto& [key, kid] : required.kids) {
        const auto it = optional.kids.find(key);
        if (it == optional.kids.end() || !contained_in(kid, it->second)) {
            return false;
        }
    }
    return true;
}

/// The required roots of one column, indexed so that "is some required root contained in
/// this optional one" costs about the optional root's size instead of one comparison per
/// required root (Spark compares every pair: quadratic with thousands of IS NOT NULL checks).
///
/// A root that is one path without `whole` above its end (`name.first`, the usual shape) is a
/// path in a trie; whether it is contained in an optional root depends only on the optional
/// root's nodes along the path, so one walk of the optional root over the trie answers for all
/// of them at once. Every other root (branching, as lambda needs merge) is compared as Spark
/// does, but only when the optional root has the root's first key.
class RequiredRoots {
  public:
    void add(const Requirement& root) {
        const Requirement* node = &root;
        while (!node->whole && node->kids.size() == 1) {
            node = &node->kids.begin()->second;
        }
        if (!node->whole && !node->kids.empty()) {
            any_ = true;
            branching_[root.kids.begin()->first].push_back(&root);
            return;
        }
        // One path: the trie records where it ends and with which terminal. A root needing its
        // end whole is contained only where the optional root is whole, which `through` says.
        Trie* t = &trie_;
        t->through = true;
        for (const Requirement* r = &root; r != node; r = &r->kids.begin()->second) {
            t = &t->kids[r->kids.begin()->first];
            t->through = true;
        }
        if (!node->whole) {
            (node->any_leaf ? t->ends_any_leaf : t->ends_empty) = true;
        }
        any_ = true;
    }

    /// Whether some required root R has contained_in(R, optional).
    bool any_contained_in(const Requirement& optional) const {
        if (!any_) {
            return false;
        }
        if (optional.whole) {
            return true;
        }
        if (covered(optional, trie_)) {
            return true;
        }
        for (const auto& [key, kid] : optional.kids) {
            const auto bucket = branching_.find(key);
            if (bucket == branching_.end()) {
                continue;
            }
            for (const Requirement* root : bucket->second) {
                if (contained_in(*root, optional)) {
                    return true;
                }
            }
        }
        return false;
    }

  private:
    struct Trie {
        std::map<ReqKey, Trie> kids;
        bool through = false;       // a path root passes through or ends here
        bool ends_any_leaf = false; // a path root ends here, needing any one leaf
        bool ends_empty = false;    // ... needing nothing further
    };

    /// contained_in(R, optional) for every path root R of the subtrie `t`, `optional` being
    /// the optional root's node at the same path: the same tests, path by path.
    static bool covered(const Requirement& optional, const Trie& t) {
        if (!t.through) {
            return false;
        }
        if (optional.whole) {
            return true;
        }
        if (t.ends_empty || (t.ends_any_leaf && !optional.empty())) {
            return true;
        }
        for (const auto& [key, kid] : optional.kids) {
            const auto it = t.kids.find(key);
            if (it != t.kids.end() && covered(kid, it->second)) {
                return true;
            }
        }
        return false;
    }

    Trie trie_;
    bool any_ = false;
    std::map<ReqKey, std::vector<const Requirement*>> branching_; // by first key
};

} // namespace

Requirement column_need(std::span<RootField> roots) {
    // Which optional roots stay is settled first: the index points into the required roots,
    // whose trees are moved into the need afterwards.
    std::vector<bool> dropped(roots.size(), false);
    if (std::ranges::any_of(roots, &RootField::optional)) {
        RequiredRoots required;
        for (const RootField& root : roots) {
            if (!root.optional) {
                required.add(root.need);
            }
        }
        for (std::size_t i = 0; i < roots.size(); ++i) {
            dropped[i] = roots[i].optional && required.any_contained_in(roots[i].need);
        }
    }
    Requirement need;
    for (std::size_t i = 0; i < roots.size(); ++i) {
        if (!dropped[i]) {
            need.merge(std::move(roots[i].need));
        }
    }
    return need;
}

void RootsByColumn::add(RootField&& root) {
    Column& column = columns_[root.attribute];
    if (may_be_optional_) {
        column.roots.push_back(std::move(root));
    } else {
        column.need.merge(std::move(root.need));
    }
}

std::optional<Requirement> RootsByColumn::take_need(ExprId id) {
    const auto it = columns_.find(id);
    if (it == columns_.end()) {
        return std::nullopt;
    }
    Column column = std::move(it->second);
    columns_.erase(it);
    return may_be_optional_ ? column_need(column.roots) : std::move(column.need);
}

ReadSet read_set(const Plan& plan, const CollectOptions& options) {
    RootsByColumn roots(may_find_optional_roots(options));
    collect_root_fields(plan, options, [&](RootField&& root) { roots.add(std::move(root)); });
    return prune_schema(plan_relation(plan), std::move(roots));
}

ReadSet prune_schema(const Relation& relation, RootsByColumn roots) {
    ReadSet result;
    TypeInterner types; // columns pruned alike (s1.f3, s2.f3, ...) share one type
    for (const ExprPtr& column : relation.output) {
        const auto& attribute = *column->as<AttributeReference>();
        if (const std::optional<Requirement> need = roots.take_need(attribute.id)) {
            result.pruned_types.emplace(attribute.id, prune_type(attribute.type, *need, &types));
        }
    }

    // Table order, with the stored field's nullability and metadata (Spark keeps both). The
    // relation lists its stored columns in its schema's order, so one walk of both finds each
    // column's field (no map of names: a run of many statements over a wide table does this
    // for every statement).
    const StructType& stored = *relation.schema->struct_type();
    std::vector<StructField> read_fields;
    read_fields.reserve(result.pruned_types.size()); // no regrowth at 50,000 columns
    std::size_t next = 0; // the first stored field not yet matched to a column
    for (const ExprPtr& column : relation.output) {
        const auto& attribute = *column->as<AttributeReference>();
        if (attribute.partition) {
            continue;
        }
        while (next < stored.size() && stored[next].name != attribute.name) {
            ++next;
        }
        if (next == stored.size()) {
            throw InternalError("column '" + attribute.name +
                                "' of the relation is not a field of its schema, in order");
        }
        const StructField& field = stored[next++];
        if (const auto it = result.pruned_types.find(attribute.id);
            it != result.pruned_types.end()) {
            read_fields.push_back(
                StructField{field.name, it->second, field.nullable, field.metadata});
        }
    }
    result.read_schema = make_struct(std::move(read_fields));
    return result;
}

} // namespace prune
