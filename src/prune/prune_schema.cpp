// Merging root fields into one requirement per column, then narrowing the table schema.
//
//     SELECT name.first FROM contacts WHERE name IS NOT NULL
//     roots: name{first} (required), name (optional, whole)
//     the required root is contained in the optional one -> the optional root is dropped
//     read schema: struct<name:struct<first:string>>

#include "prune/prune_schema.hpp"

#include <algorithm>
#include <map>
#include <numeric>
#include <unordered_map>

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

/// A relation's columns by expression id. Binding numbers them by position (bind_columns), so
/// a column is looked for there first; a relation numbered otherwise is indexed once.
class ColumnsById {
  public:
    explicit ColumnsById(const Relation& relation) : relation_(relation) {}

    const AttributeReference* find(ExprId id) {
        const auto at = static_cast<std::size_t>(id);
        if (id >= 0 && at < relation_.output.size() && column(at).id == id) {
            return &column(at);
        }
        if (positions_.empty()) {
            for (std::size_t i = 0; i < relation_.output.size(); ++i) {
                positions_.emplace(column(i).id, i);
            }
        }
        const auto found = positions_.find(id);
        return found == positions_.end() ? nullptr : &column(found->second);
    }

  private:
    const AttributeReference& column(std::size_t i) const {
        return *relation_.output[i]->as<AttributeReference>();
    }

    const Relation& relation_;
    std::unordered_map<ExprId, std::size_t> positions_;
};

} // namespace

Requirement column_need(std::span<RootField> roots) {
    // Which optional roots stay is settled first: the index points into the required roots,
    // whose trees are moved into the need afterwards.
    std::vector<bool> dropped(roots.size(), false);
    if (std::ranges::any_of(roots, &RootField::optional)) {
        // An optional root that replaces a required one (RootField::replaces_required) drops
        // the other optional roots it is contained in, as that required root would: when it is
        // itself dropped, the required root contained in it is contained in them too.
        RequiredRoots required;
        RequiredRoots required_or_replacing;
        for (const RootField& root : roots) {
            if (!root.optional) {
                required.add(root.need);
                required_or_replacing.add(root.need);
            } else if (root.replaces_required) {
                required_or_replacing.add(root.need);
            }
        }
        for (std::size_t i = 0; i < roots.size(); ++i) {
            const RequiredRoots& droppers =
                roots[i].replaces_required ? required : required_or_replacing;
            dropped[i] = roots[i].optional && droppers.any_contained_in(roots[i].need);
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

std::uint32_t* RootsByColumn::slot(ExprId id, bool create) {
    const auto at = static_cast<std::size_t>(id);
    if (id >= 0 && at < dense_.size()) {
        return &dense_[at];
    }
    if (create) {
        return &sparse_.try_emplace(id, kNone).first->second;
    }
    const auto it = sparse_.find(id);
    return it == sparse_.end() ? nullptr : &it->second;
}

void RootsByColumn::add(RootField&& root) {
    std::uint32_t& position = *slot(root.attribute, /*create=*/true);
    if (position == kNone) {
        position = static_cast<std::uint32_t>(columns_.size());
        columns_.push_back(Column{.id = root.attribute, .taken = false, .need = {}, .roots = {}});
    }
    Column& column = columns_[position];
    // A need added after the column's was taken (a UNION passing its output's need on to its
    // first input, which outputs the same column) starts it afresh.
    column.taken = false;
    if (may_be_optional_) {
        column.roots.push_back(std::move(root));
    } else {
        column.need.merge(std::move(root.need));
    }
}

std::vector<ExprId> RootsByColumn::columns() const {
    std::vector<ExprId> ids;
    ids.reserve(columns_.size());
    for (const Column& column : columns_) {
        if (!column.taken) {
            ids.push_back(column.id);
        }
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

std::optional<Requirement> RootsByColumn::take_need(ExprId id) {
    const std::uint32_t* position = slot(id, /*create=*/false);
    if (position == nullptr || *position == kNone || columns_[*position].taken) {
        return std::nullopt;
    }
    Column& column = columns_[*position];
    column.taken = true;
    // Taken out: what the column held is let go here, not at the end of the pass.
    Requirement need = may_be_optional_ ? column_need(column.roots) : std::move(column.need);
    column.need = Requirement{};
    std::vector<RootField>().swap(column.roots);
    return need;
}

bool RootsByColumn::has_need(ExprId id) {
    const std::uint32_t* position = slot(id, /*create=*/false);
    return position != nullptr && *position != kNone && !columns_[*position].taken;
}

PlanReads read_sets(const Plan& plan, const CollectOptions& options) {
    const std::vector<const Relation*> relations = plan_relations(plan);
    // Ids below the first scan's width take the table: most statements scan one table.
    RootsByColumn roots(may_find_optional_roots(options),
                        relations.empty() ? 0 : relations.front()->output.size());
    PlanReads reads;
    collect_root_fields(plan, options, roots, &reads.unused);
    reads.scans.reserve(relations.size());
    if (relations.size() == 1) {
        reads.scans.push_back(prune_schema(*relations.front(), roots));
        return reads;
    }
    // Several scans: each looks at its own columns, not at every column any scan reached
    // (which, scan after scan, is quadratic in the number of scans of a wide join).
    for (const Relation* relation : relations) {
        std::vector<ExprId> own;
        own.reserve(relation->output.size());
        for (const ExprPtr& column : relation->output) {
            own.push_back(column->as<AttributeReference>()->id);
        }
        reads.scans.push_back(prune_columns(*relation, roots, own));
    }
    return reads;
}

ReadSet prune_schema(const Relation& relation, RootsByColumn& roots) {
    // Only the columns some root reached are visited: a run of many statements over a table
    // of thousands of columns does this for every statement, and each reads a few.
    return prune_columns(relation, roots, roots.columns());
}

ReadSet prune_columns(const Relation& relation, RootsByColumn& roots,
                      const std::vector<ExprId>& ids) {
    ReadSet result;
    TypeInterner types; // columns pruned alike (s1.f3, s2.f3, ...) share one type
    const StructType& stored = *relation.schema->struct_type();
    std::vector<StructField> read_fields;
    std::vector<std::size_t> positions_read; // each read field's position in `stored`
    read_fields.reserve(ids.size());         // no regrowth at 50,000 columns
    positions_read.reserve(ids.size());
    ColumnsById columns(relation);
    for (const ExprId id : ids) {
        const AttributeReference* column = columns.find(id);
        if (column == nullptr) {
            continue; // not a column of this relation
        }
        std::optional<Requirement> need = roots.take_need(id);
        if (!need) {
            continue; // not read
        }
        const AttributeReference& attribute = *column;
        TypePtr pruned = prune_type(attribute.type, *need, &types);
        if (!attribute.partition) {
            // With the stored field's nullability and metadata (Spark keeps both). Binding
            // numbers columns by position, so the field is looked for there first.
            const auto at = static_cast<std::size_t>(id);
            const std::optional<std::size_t> field =
                at < stored.size() && stored[at].name == attribute.name
                    ? at
                    : stored.field_index(attribute.name, CaseSensitivity::Sensitive);
            if (!field) {
                throw InternalError("column '" + attribute.name +
                                    "' of the relation is not a field of its schema");
            }
            const StructField& f = stored[*field];
            read_fields.push_back(StructField{f.name, pruned, f.nullable, f.metadata});
            positions_read.push_back(*field);
        }
        result.pruned_types.emplace(id, std::move(pruned));
    }
    // Table order: the order of the ids already, unless the relation numbers its columns
    // out of the schema's order.
    if (!std::is_sorted(positions_read.begin(), positions_read.end())) {
        std::vector<std::size_t> order(read_fields.size());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
            return positions_read[a] < positions_read[b];
        });
        std::vector<StructField> sorted;
        sorted.reserve(read_fields.size());
        for (const std::size_t i : order) {
            sorted.push_back(std::move(read_fields[i]));
        }
        read_fields = std::move(sorted);
    }
    result.read_schema = make_struct(std::move(read_fields));
    return result;
}

} // namespace prune
