/// Spark's data types and Catalyst's structural operations on them.
///
///     merge(struct<a:int,b:struct<x:int>>, struct<b:struct<y:string>,c:bigint>)
///         = struct<a:int,b:struct<x:int,y:string>,c:bigint>
///     default_size(struct<a:int,b:string>) = 4 + 20 = 24
///     count_leaves(struct<a:int,b:array<struct<x:int,y:int>>>) = 3
///
/// Types built by the parsers are at most kMaxNestingDepth deep, so the recursion here is
/// bounded.

#include "types/data_type.hpp"

#include <algorithm>
#include <array>
#include <limits>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.hpp"
#include "util/ascii.hpp"

namespace prune {
namespace {

// The field index (StructType::index_): structs of at most kScanLimit fields are scanned (a
// bounded cost per lookup), larger ones get two hash tables at most two thirds full.
constexpr std::size_t kScanLimit = 8;
constexpr std::uint32_t kEmptySlot = 0xFFFFFFFFU;
constexpr std::uint32_t kAmbiguousBit = 0x80000000U;

// FNV-1a over the name's bytes, ASCII-folded when `fold`: no lower-cased copy per lookup.
std::size_t hash_name(std::string_view name, bool fold) {
    std::uint64_t h = 14695981039346656037ULL;
    for (const char c : name) {
        h ^= static_cast<unsigned char>(fold ? fold_ascii(c) : c);
        h *= 1099511628211ULL;
    }
    return static_cast<std::size_t>(h ^ (h >> 32));
}

bool same_name(std::string_view a, std::string_view b, bool fold) {
    return fold ? equal_ignoring_ascii_case(a, b) : a == b;
}

AtomicType atomic_of(AtomicKind kind) {
    AtomicType t;
    t.kind = kind;
    switch (kind) {
    case AtomicKind::Decimal:
        // Spark: DecimalType.USER_DEFAULT.
        t.precision = 10;
        t.scale = 0;
        break;
    case AtomicKind::YearMonthInterval:
        t.start_field = 0;
        t.end_field = 1;
        break;
    case AtomicKind::DayTimeInterval:
        t.start_field = 0;
        t.end_field = 3;
        break;
    default:
        break;
    }
    return t;
}

bool metadata_equal(const std::string& a, const std::string& b) {
    if (a == b) {
        return true;
    }
    // Same content, different key order or spacing: compare as JSON values.
    const auto ja = nlohmann::json::parse(a, nullptr, false);
    const auto jb = nlohmann::json::parse(b, nullptr, false);
    return !ja.is_discarded() && !jb.is_discarded() && ja == jb;
}

bool equal_types(const DataType& a, const DataType& b, bool strict) {
    if (&a == &b) {
        return true;
    }
    if (const AtomicType* x = a.atomic()) {
        const AtomicType* y = b.atomic();
        return y != nullptr && *x == *y;
    }
    if (const StructType* x = a.struct_type()) {
        const StructType* y = b.struct_type();
        if (y == nullptr || x->size() != y->size()) {
            return false;
        }
        for (std::size_t i = 0; i < x->size(); ++i) {
            const StructField& f = (*x)[i];
            const StructField& g = (*y)[i];
            if (f.name != g.name) {
                return false;
            }
            if (strict && (f.nullable != g.nullable || !metadata_equal(f.metadata, g.metadata))) {
                return false;
            }
            if (!equal_types(*f.type, *g.type, strict)) {
                return false;
            }
        }
        return true;
    }
    if (const ArrayType* x = a.array()) {
        const ArrayType* y = b.array();
        return y != nullptr && (!strict || x->contains_null == y->contains_null) &&
               equal_types(*x->element, *y->element, strict);
    }
    const MapType* x = a.map();
    const MapType* y = b.map();
    return x != nullptr && y != nullptr &&
           (!strict || x->value_contains_null == y->value_contains_null) &&
           equal_types(*x->key, *y->key, strict) && equal_types(*x->value, *y->value, strict);
}

[[noreturn]] void incompatible(const DataType& left, const DataType& right) {
    throw SchemaError("failed to merge incompatible data types " + catalog_string(left) + " and " +
                      catalog_string(right));
}

} // namespace

// --- DataType ------------------------------------------------------------------------------

DataType::DataType(Variant v) : v_(std::move(v)) {
    // A type still being built may lack a child (counted as no leaves): no caller counts one.
    const auto leaves_of = [](const TypePtr& t) -> std::int64_t { return t ? t->leaves() : 0; };
    if (const StructType* s = struct_type()) {
        leaves_ = 0;
        for (const StructField& f : s->fields()) {
            leaves_ += leaves_of(f.type);
        }
    } else if (const ArrayType* a = array()) {
        leaves_ = leaves_of(a->element);
    } else if (const MapType* m = map()) {
        leaves_ = leaves_of(m->key) + leaves_of(m->value);
    }
}

// --- StructType ----------------------------------------------------------------------------

StructType::StructType(std::vector<StructField> fields) : fields_(std::move(fields)) {
    // Parsers grow the vector one field at a time; types live as long as the schema.
    if (fields_.capacity() > fields_.size()) {
        fields_.shrink_to_fit();
    }
    const std::size_t n = fields_.size();
    if (n <= kScanLimit) {
        return;
    }
    if (n >= kAmbiguousBit) {
        throw SchemaError("a struct of " + std::to_string(n) + " fields is too wide");
    }
    std::size_t capacity = 16;
    while (2 * capacity < 3 * n) { // at most two thirds full: short linear probes
        capacity *= 2;
    }
    index_.assign(2 * capacity, kEmptySlot);
    for (const bool fold : {false, true}) {
        std::uint32_t* table = index_.data() + (fold ? capacity : 0);
        for (std::size_t i = 0; i < n; ++i) {
            const std::string& name = fields_[i].name;
            std::size_t slot = hash_name(name, fold) & (capacity - 1);
            while (table[slot] != kEmptySlot) {
                if (same_name(fields_[table[slot] & ~kAmbiguousBit].name, name, fold)) {
                    table[slot] |= kAmbiguousBit;
                    break;
                }
                slot = (slot + 1) & (capacity - 1);
            }
            if (table[slot] == kEmptySlot) {
                table[slot] = static_cast<std::uint32_t>(i);
            }
        }
    }
}

std::optional<std::size_t> StructType::field_index(std::string_view name, CaseSensitivity cs,
                                                   bool* ambiguous) const {
    if (ambiguous != nullptr) {
        *ambiguous = false;
    }
    const bool fold = cs == CaseSensitivity::Insensitive;
    const auto answer = [&](std::uint32_t entry) -> std::optional<std::size_t> {
        if ((entry & kAmbiguousBit) != 0) {
            if (ambiguous != nullptr) {
                *ambiguous = true;
            }
            return std::nullopt;
        }
        return entry;
    };
    if (index_.empty()) {
        std::uint32_t found = kEmptySlot;
        for (std::size_t i = 0; i < fields_.size(); ++i) {
            if (same_name(fields_[i].name, name, fold)) {
                if (found != kEmptySlot) {
                    return answer(found | kAmbiguousBit);
                }
                found = static_cast<std::uint32_t>(i);
            }
        }
        return found == kEmptySlot ? std::nullopt : answer(found);
    }
    const std::size_t capacity = index_.size() / 2;
    const std::uint32_t* table = index_.data() + (fold ? capacity : 0);
    for (std::size_t slot = hash_name(name, fold) & (capacity - 1);;
         slot = (slot + 1) & (capacity - 1)) {
        const std::uint32_t entry = table[slot];
        if (entry == kEmptySlot) {
            return std::nullopt;
        }
        if (same_name(fields_[entry & ~kAmbiguousBit].name, name, fold)) {
            return answer(entry);
        }
    }
}

std::vector<std::string> StructType::field_names() const {
    std::vector<std::string> names;
    names.reserve(fields_.size());
    for (const StructField& f : fields_) {
        names.push_back(f.name);
    }
    return names;
}

// --- construction --------------------------------------------------------------------------

TypePtr make_atomic(AtomicKind kind) {
    // One shared instance per kind: atomic types are compared by value, never by address.
    static const auto cache = [] {
        std::array<TypePtr, static_cast<std::size_t>(AtomicKind::Null) + 1> all;
        for (std::size_t i = 0; i < all.size(); ++i) {
            all[i] = make_ref<const DataType>(atomic_of(static_cast<AtomicKind>(i)));
        }
        return all;
    }();
    return cache[static_cast<std::size_t>(kind)];
}

TypePtr make_atomic(const AtomicType& type) { return make_ref<const DataType>(type); }

TypePtr make_interval(AtomicKind kind, int start_field, int end_field) {
    AtomicType t = atomic_of(kind);
    t.start_field = start_field;
    t.end_field = end_field;
    return make_atomic(t);
}

TypePtr make_decimal(int precision, int scale) {
    AtomicType t = atomic_of(AtomicKind::Decimal);
    t.precision = precision;
    t.scale = scale;
    return make_atomic(t);
}

TypePtr make_char(int length) {
    AtomicType t = atomic_of(AtomicKind::Char);
    t.length = length;
    return make_atomic(t);
}

TypePtr make_varchar(int length) {
    AtomicType t = atomic_of(AtomicKind::Varchar);
    t.length = length;
    return make_atomic(t);
}

TypePtr make_struct(std::vector<StructField> fields) {
    return make_ref<const DataType>(StructType(std::move(fields)));
}

TypePtr make_array(TypePtr element, bool contains_null) {
    // The typing of every transform and every field taken from an array of structs asks for
    // an array of a type it already has (a column's field, a body's type), one node after
    // another: a few recent answers are kept, by element address, so those nodes share one
    // type instead of allocating one each (3% of the peak on SQL-heavy inputs). A kept answer
    // holds its element, so an address is never reused while it is a key.
    struct Recent {
        const DataType* element = nullptr;
        bool contains_null = false;
        TypePtr array;
    };
    thread_local std::array<Recent, 64> recent;
    Recent& slot =
        recent[(std::hash<const void*>{}(element.get()) >> 4 ^ contains_null) % recent.size()];
    if (slot.array && slot.element == element.get() && slot.contains_null == contains_null) {
        return slot.array;
    }
    const DataType* key = element.get();
    slot.array = make_ref<const DataType>(ArrayType{std::move(element), contains_null});
    slot.element = key;
    slot.contains_null = contains_null;
    return slot.array;
}

TypePtr make_map(TypePtr key, TypePtr value, bool value_contains_null) {
    return make_ref<const DataType>(MapType{std::move(key), std::move(value), value_contains_null});
}

const TypePtr& boolean_type() {
    static const TypePtr t = make_atomic(AtomicKind::Boolean);
    return t;
}
const TypePtr& int_type() {
    static const TypePtr t = make_atomic(AtomicKind::Integer);
    return t;
}
const TypePtr& long_type() {
    static const TypePtr t = make_atomic(AtomicKind::Long);
    return t;
}
const TypePtr& double_type() {
    static const TypePtr t = make_atomic(AtomicKind::Double);
    return t;
}
const TypePtr& string_type() {
    static const TypePtr t = make_atomic(AtomicKind::String);
    return t;
}
const TypePtr& null_type() {
    static const TypePtr t = make_atomic(AtomicKind::Null);
    return t;
}

// --- Catalyst's operations -----------------------------------------------------------------

bool equals(const DataType& a, const DataType& b) { return equal_types(a, b, true); }

bool same_type(const DataType& a, const DataType& b) { return equal_types(a, b, false); }

TypePtr merge(const TypePtr& left, const TypePtr& right) {
    const DataType& l = *left;
    const DataType& r = *right;
    if (const ArrayType* la = l.array()) {
        const ArrayType* ra = r.array();
        if (ra == nullptr) {
            incompatible(l, r);
        }
        return make_array(merge(la->element, ra->element), la->contains_null || ra->contains_null);
    }
    if (const MapType* lm = l.map()) {
        const MapType* rm = r.map();
        if (rm == nullptr) {
            incompatible(l, r);
        }
        return make_map(merge(lm->key, rm->key), merge(lm->value, rm->value),
                        lm->value_contains_null || rm->value_contains_null);
    }
    if (const StructType* ls = l.struct_type()) {
        const StructType* rs = r.struct_type();
        if (rs == nullptr) {
            incompatible(l, r);
        }
        std::vector<StructField> fields;
        fields.reserve(ls->size() + rs->size());
        for (const StructField& f : ls->fields()) {
            const auto j = rs->field_index(f.name, CaseSensitivity::Sensitive);
            if (!j) {
                fields.push_back(f);
                continue;
            }
            const StructField& g = (*rs)[*j];
            StructField merged = f;
            merged.type = merge(f.type, g.type);
            merged.nullable = f.nullable || g.nullable;
            fields.push_back(std::move(merged));
        }
        for (const StructField& g : rs->fields()) {
            if (!ls->field_index(g.name, CaseSensitivity::Sensitive)) {
                fields.push_back(g);
            }
        }
        return make_struct(std::move(fields));
    }
    const AtomicType& la = *l.atomic();
    const AtomicType* ra = r.atomic();
    if (ra == nullptr || la.kind != ra->kind) {
        incompatible(l, r);
    }
    switch (la.kind) {
    case AtomicKind::Decimal:
        if (la.scale != ra->scale) {
            throw SchemaError("failed to merge decimal types with incompatible scale " +
                              std::to_string(la.scale) + " and " + std::to_string(ra->scale));
        }
        return la.precision >= ra->precision ? left : right;
    case AtomicKind::YearMonthInterval:
    case AtomicKind::DayTimeInterval: {
        AtomicType t = la;
        t.start_field = std::min(la.start_field, ra->start_field);
        t.end_field = std::max(la.end_field, ra->end_field);
        return t == la ? left : make_atomic(t);
    }
    default:
        if (!(la == *ra)) {
            incompatible(l, r);
        }
        return left;
    }
}

std::int64_t default_size(const DataType& type) {
    if (const StructType* s = type.struct_type()) {
        std::int64_t sum = 0;
        for (const StructField& f : s->fields()) {
            sum += default_size(*f.type);
        }
        return sum;
    }
    if (const ArrayType* a = type.array()) {
        return default_size(*a->element);
    }
    if (const MapType* m = type.map()) {
        return default_size(*m->key) + default_size(*m->value);
    }
    const AtomicType& t = *type.atomic();
    switch (t.kind) {
    case AtomicKind::Boolean:
    case AtomicKind::Byte:
    case AtomicKind::Null:
        return 1;
    case AtomicKind::Short:
        return 2;
    case AtomicKind::Integer:
    case AtomicKind::Float:
    case AtomicKind::Date:
    case AtomicKind::YearMonthInterval:
        return 4;
    case AtomicKind::Long:
    case AtomicKind::Double:
    case AtomicKind::Timestamp:
    case AtomicKind::TimestampNtz:
    case AtomicKind::DayTimeInterval:
        return 8;
    case AtomicKind::CalendarInterval:
        return 16;
    case AtomicKind::String:
        return 20;
    case AtomicKind::Binary:
        return 100;
    case AtomicKind::Variant:
        return 2048;
    case AtomicKind::Char:
    case AtomicKind::Varchar:
        return t.length;
    case AtomicKind::Decimal:
        // Spark: Decimal.MAX_LONG_DIGITS, the widest precision stored in a long.
        return t.precision <= 18 ? 8 : 16;
    }
    return 1;
}

std::int64_t count_leaves(const DataType& type) { return type.leaves(); }

std::size_t type_depth(const DataType& type) {
    if (const StructType* s = type.struct_type()) {
        std::size_t deepest = 0;
        for (const StructField& f : s->fields()) {
            deepest = std::max(deepest, type_depth(*f.type));
        }
        return 1 + deepest;
    }
    if (const ArrayType* a = type.array()) {
        return 1 + type_depth(*a->element);
    }
    if (const MapType* m = type.map()) {
        return 1 + std::max(type_depth(*m->key), type_depth(*m->value));
    }
    return 1;
}

TypePtr replace_char_varchar_with_string(const TypePtr& type) {
    if (type->is(AtomicKind::Char) || type->is(AtomicKind::Varchar)) {
        return string_type();
    }
    if (const StructType* s = type->struct_type()) {
        std::vector<StructField> fields = s->fields();
        bool changed = false;
        for (StructField& f : fields) {
            TypePtr replaced = replace_char_varchar_with_string(f.type);
            changed = changed || replaced != f.type;
            f.type = std::move(replaced);
        }
        return changed ? make_struct(std::move(fields)) : type;
    }
    if (const ArrayType* a = type->array()) {
        TypePtr element = replace_char_varchar_with_string(a->element);
        return element == a->element ? type : make_array(std::move(element), a->contains_null);
    }
    if (const MapType* m = type->map()) {
        TypePtr key = replace_char_varchar_with_string(m->key);
        TypePtr value = replace_char_varchar_with_string(m->value);
        return key == m->key && value == m->value
                   ? type
                   : make_map(std::move(key), std::move(value), m->value_contains_null);
    }
    return type;
}

TypePtr as_nullable(const TypePtr& type) {
    if (const StructType* s = type->struct_type()) {
        std::vector<StructField> fields = s->fields();
        for (StructField& f : fields) {
            f.type = as_nullable(f.type);
            f.nullable = true;
        }
        return make_struct(std::move(fields));
    }
    if (const ArrayType* a = type->array()) {
        return make_array(as_nullable(a->element), true);
    }
    if (const MapType* m = type->map()) {
        return make_map(as_nullable(m->key), as_nullable(m->value), true);
    }
    return type;
}

bool is_string_like(const DataType& t) {
    return t.is(AtomicKind::String) || t.is(AtomicKind::Char) || t.is(AtomicKind::Varchar);
}

bool is_interval(const DataType& t) {
    return t.is(AtomicKind::YearMonthInterval) || t.is(AtomicKind::DayTimeInterval) ||
           t.is(AtomicKind::CalendarInterval);
}

bool holds_map(const DataType& type) {
    return exists_recursively(type, [](const DataType& t) { return t.map() != nullptr; });
}

bool holds_variant(const DataType& type) {
    return exists_recursively(type, [](const DataType& t) { return t.is(AtomicKind::Variant); });
}

bool is_any_timestamp(const DataType& t) {
    return t.is(AtomicKind::Timestamp) || t.is(AtomicKind::TimestampNtz);
}

bool is_numeric(const DataType& type) {
    const AtomicType* t = type.atomic();
    if (t == nullptr) {
        return false;
    }
    switch (t->kind) {
    case AtomicKind::Byte:
    case AtomicKind::Short:
    case AtomicKind::Integer:
    case AtomicKind::Long:
    case AtomicKind::Float:
    case AtomicKind::Double:
    case AtomicKind::Decimal:
        return true;
    default:
        return false;
    }
}

bool is_integral(const DataType& type) {
    const AtomicType* t = type.atomic();
    if (t == nullptr) {
        return false;
    }
    switch (t->kind) {
    case AtomicKind::Byte:
    case AtomicKind::Short:
    case AtomicKind::Integer:
    case AtomicKind::Long:
        return true;
    default:
        return false;
    }
}

} // namespace prune
