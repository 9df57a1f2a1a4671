// Requirement trees and how they narrow a type.
//
//     friends: array<struct<first:string,middle:string,last:string>>
//     friends.first (GetArrayStructFields)  ->  at(kElement, at(0, all()))
//     prune_type                             ->  array<struct<first:string>>

#include "prune/requirement.hpp"

#include <algorithm>

namespace prune {

Requirement Requirement::at(ReqKey key, Requirement inner) {
    Requirement req;
    if (!inner.empty()) {
        req.kids.try_emplace(key, std::move(inner));
    }
    return req;
}

void Requirement::merge(const Requirement& other) { merge(Requirement(other)); }

void Requirement::merge(Requirement&& other) {
    if (whole) {
        return;
    }
    if (other.whole) {
        *this = all();
        return;
    }
    if (empty()) {
        *this = std::move(other);
        return;
    }
    any_leaf = any_leaf || other.any_leaf;
    for (auto& [key, kid] : other.kids) {
        const auto [it, inserted] = kids.try_emplace(key, std::move(kid));
        if (!inserted) {
            it->second.merge(std::move(kid));
        }
    }
}

bool Requirement::operator==(const Requirement& other) const {
    if (whole != other.whole || any_leaf != other.any_leaf || kids.size() != other.kids.size()) {
        return false;
    }
    return std::equal(
        kids.begin(), kids.end(), other.kids.begin(),
        [](const auto& a, const auto& b) { return a.first == b.first && a.second == b.second; });
}

Requirement Requirement::part(ReqKey key) const {
    if (whole) {
        return all();
    }
    const auto it = kids.find(key);
    return it == kids.end() ? Requirement{} : it->second;
}

std::size_t Requirement::depth() const {
    std::size_t deepest = 0;
    for (const auto& [key, kid] : kids) {
        deepest = std::max(deepest, kid.depth());
    }
    return deepest + 1;
}

TypePtr one_leaf_type(const TypePtr& type) {
    if (const StructType* s = type->struct_type()) {
        if (s->size() == 0) {
            return type;
        }
        std::size_t best = 0;
        for (std::size_t i = 1; i < s->size(); ++i) {
            if (default_size(*(*s)[i].type) < default_size(*(*s)[best].type)) {
                best = i;
            }
        }
        StructField field = (*s)[best];
        field.type = one_leaf_type(field.type);
        return make_struct({std::move(field)});
    }
    if (const ArrayType* a = type->array()) {
        return make_array(one_leaf_type(a->element), a->contains_null);
    }
    if (const MapType* m = type->map()) {
        return make_map(m->key, one_leaf_type(m->value), m->value_contains_null);
    }
    return type;
}

namespace {

TypePtr interned(TypePtr type, TypeInterner* types) {
    return types != nullptr ? types->intern(std::move(type)) : type;
}

} // namespace

TypePtr prune_type(const TypePtr& full, const Requirement& req, TypeInterner* types) {
    if (req.whole || req.empty()) {
        return full;
    }
    if (req.kids.empty()) { // only any_leaf
        return one_leaf_type(full);
    }
    if (const StructType* s = full->struct_type()) {
        std::vector<StructField> fields;
        bool changed = false;
        for (std::size_t i = 0; i < s->size(); ++i) {
            const auto it = req.kids.find(static_cast<ReqKey>(i));
            if (it == req.kids.end()) {
                changed = true;
                continue;
            }
            StructField field = (*s)[i];
            TypePtr narrowed = prune_type(field.type, it->second, types);
            changed = changed || narrowed != field.type;
            field.type = std::move(narrowed);
            fields.push_back(std::move(field));
        }
        if (!changed) {
            return full;
        }
        return types != nullptr ? types->intern_struct(std::move(fields))
                                : make_struct(std::move(fields));
    }
    if (const ArrayType* a = full->array()) {
        TypePtr element = prune_type(a->element, req.part(kElement), types);
        if (element == a->element) {
            return full;
        }
        return interned(make_array(std::move(element), a->contains_null), types);
    }
    if (const MapType* m = full->map()) {
        const Requirement key_req = req.part(kKey);
        const Requirement value_req = req.part(kValue);
        TypePtr key = key_req.empty() ? m->key : prune_type(m->key, key_req, types);
        TypePtr value =
            value_req.empty() ? one_leaf_type(m->value) : prune_type(m->value, value_req, types);
        if (key == m->key && value == m->value) {
            return full;
        }
        return interned(make_map(std::move(key), std::move(value), m->value_contains_null), types);
    }
    return full;
}

Requirement requirement_for(const TypePtr& full, const TypePtr& pruned) {
    if (full == pruned || same_type(*full, *pruned)) {
        return Requirement::all();
    }
    const StructType* s = full->struct_type();
    const StructType* narrowed = pruned->struct_type();
    if (s != nullptr && narrowed != nullptr) {
        Requirement req;
        for (const StructField& field : narrowed->fields()) {
            const std::optional<std::size_t> i =
                s->field_index(field.name, CaseSensitivity::Sensitive);
            if (!i) {
                return Requirement::all();
            }
            req.kids[static_cast<ReqKey>(*i)] = requirement_for((*s)[*i].type, field.type);
        }
        return req;
    }
    const ArrayType* a = full->array();
    const ArrayType* narrowed_array = pruned->array();
    if (a != nullptr && narrowed_array != nullptr) {
        return Requirement::at(kElement, requirement_for(a->element, narrowed_array->element));
    }
    const MapType* m = full->map();
    const MapType* narrowed_map = pruned->map();
    if (m != nullptr && narrowed_map != nullptr) {
        Requirement req = Requirement::at(kKey, requirement_for(m->key, narrowed_map->key));
        req.merge(Requirement::at(kValue, requirement_for(m->value, narrowed_map->value)));
        return req;
    }
    return Requirement::all();
}

bool covers_all(const TypePtr& full, const Requirement& req) {
    return count_leaves(*prune_type(full, req)) == count_leaves(*full);
}

} // namespace prune
