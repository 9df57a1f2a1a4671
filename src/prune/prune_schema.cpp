// Merging root fields into one requirement per column, then narrowing the table schema.
//
//     SELECT name.first FROM contacts WHERE name IS NOT NULL
//     roots: name{first} (required), name (optional, whole)
//     the required root is contained in the optional one -> the optional root is dropped
//     read schema: struct<name:struct<first:string>>

#include "prune/prune_schema.hpp"

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

} // namespace

ReadSet prune_schema(const Relation& relation, const std::vector<RootField>& roots) {
    std::unordered_map<ExprId, std::vector<const RootField*>> by_column;
    for (const RootField& root : roots) {
        by_column[root.attribute].push_back(&root);
    }

    ReadSet result;
    for (const ExprPtr& column : relation.output) {
        const auto& attribute = *column->as<AttributeReference>();
        const auto it = by_column.find(attribute.id);
        if (it == by_column.end()) {
            continue;
        }
        Requirement need;
        for (const RootField* root : it->second) {
            if (!root->optional) {
                need.merge(root->need);
            }
        }
        for (const RootField* optional : it->second) {
            if (!optional->optional) {
                continue;
            }
            bool covered = false;
            for (const RootField* required : it->second) {
                if (!required->optional && contained_in(required->need, optional->need)) {
                    covered = true;
                    break;
                }
            }
            if (!covered) {
                need.merge(optional->need);
            }
        }
        result.pruned_types.emplace(attribute.id, prune_type(attribute.type, need));
        result.needs.emplace(attribute.id, std::move(need));
    }

    // Table order, with the stored field's nullability and metadata (Spark keeps both).
    std::unordered_map<std::string, ExprId> stored_ids;
    for (const ExprPtr& column : relation.output) {
        const auto& attribute = *column->as<AttributeReference>();
        if (!attribute.partition) {
            stored_ids.emplace(attribute.name, attribute.id);
        }
    }
    std::vector<StructField> read_fields;
    for (const StructField& field : relation.schema->struct_type()->fields()) {
        const auto id = stored_ids.find(field.name);
        if (id == stored_ids.end()) {
            continue;
        }
        const auto it = result.pruned_types.find(id->second);
        if (it != result.pruned_types.end()) {
            read_fields.push_back(
                StructField{field.name, it->second, field.nullable, field.metadata});
        }
    }
    result.read_schema = make_struct(std::move(read_fields));
    return result;
}

} // namespace prune
