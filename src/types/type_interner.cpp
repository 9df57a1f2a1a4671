#include "types/type_interner.hpp"

#include <functional>
#include <string>

namespace prune {
namespace {

std::size_t mix(std::size_t h, std::size_t v) {
    return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
}

std::size_t address(const TypePtr& type) { return std::hash<const DataType*>{}(type.get()); }

std::size_t hash_of(const DataType& type) {
    if (const ArrayType* a = type.array()) {
        return mix(mix(2, address(a->element)), a->contains_null ? 1 : 0);
    }
    if (const MapType* m = type.map()) {
        return mix(mix(mix(3, address(m->key)), address(m->value)), m->value_contains_null ? 1 : 0);
    }
    const AtomicType& t = *type.atomic();
    std::size_t h = mix(4, static_cast<std::size_t>(t.kind));
    for (const int v : {t.precision, t.scale, t.length, t.start_field, t.end_field}) {
        h = mix(h, static_cast<std::size_t>(v));
    }
    return h;
}

bool same_shape(const DataType& a, const DataType& b) {
    if (const ArrayType* x = a.array()) {
        const ArrayType* y = b.array();
        return y != nullptr && x->element == y->element && x->contains_null == y->contains_null;
    }
    if (const MapType* x = a.map()) {
        const MapType* y = b.map();
        return y != nullptr && x->key == y->key && x->value == y->value &&
               x->value_contains_null == y->value_contains_null;
    }
    const AtomicType* x = a.atomic();
    const AtomicType* y = b.atomic();
    return x != nullptr && y != nullptr && *x == *y;
}

bool same_fields(const std::vector<StructField>& a, const std::vector<StructField>& b) {
    if (a.size() != b.size()) {
        return false;
    }
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].name != b[i].name || a[i].type != b[i].type || a[i].nullable != b[i].nullable ||
            a[i].metadata != b[i].metadata) {
            return false;
        }
    }
    return true;
}

} // namespace

TypePtr TypeInterner::intern(TypePtr type) {
    if (type->struct_type() != nullptr) {
        return type;
    }
    if (const AtomicType* atomic = type->atomic();
        atomic != nullptr && make_atomic(atomic->kind) == type) {
        return type; // make_atomic's one instance of its kind: shared already
    }
    const std::size_t h = hash_of(*type);
    const auto [first, last] = types_.equal_range(h);
    for (auto it = first; it != last; ++it) {
        if (same_shape(*it->second, *type)) {
            return it->second;
        }
    }
    types_.emplace(h, type);
    return type;
}

TypePtr TypeInterner::intern_struct(std::vector<StructField> fields) {
    std::size_t h = 5;
    for (const StructField& f : fields) {
        h = mix(
            mix(mix(mix(h, std::hash<std::string>{}(f.name)), address(f.type)), f.nullable ? 1 : 0),
            std::hash<std::string>{}(f.metadata));
    }
    const auto [first, last] = types_.equal_range(h);
    for (auto it = first; it != last; ++it) {
        const StructType* s = it->second->struct_type();
        if (s != nullptr && same_fields(s->fields(), fields)) {
            return it->second;
        }
    }
    TypePtr type = make_struct(std::move(fields));
    types_.emplace(h, type);
    return type;
}

} // namespace prune
