#include "output/result.hpp"

#include "diag/diagnostic.hpp"
#include "plan/tree.hpp"

namespace prune {
namespace {

const StructType& struct_of(const TypePtr& type) {
    const StructType* s = type->struct_type();
    if (s == nullptr) {
        throw InternalError("an ordinal change's source is not a struct: " + catalog_string(*type));
    }
    return *s;
}

/// The path an access is rooted at: `name.address`, `r`, `items[...]` (below anything but
/// a column, a lambda variable or a struct access, its first child's path and `[...]`).
void append_path(std::string& out, const Expr& e) {
    if (const auto* a = e.as<AttributeReference>()) {
        out += a->name;
    } else if (const auto* v = e.as<NamedLambdaVariable>()) {
        out += v->name;
    } else if (const auto* f = e.as<GetStructField>()) {
        append_path(out, *f->child);
        out += '.';
        out += struct_of(f->child->type)[f->ordinal].name;
    } else if (const auto* fields = e.as<GetArrayStructFields>()) {
        append_path(out, *fields->child);
        out += '.';
        out += struct_of(fields->child->type->array()->element)[fields->ordinal].name;
    } else if (const ChildPointers kids = child_pointers(e); !kids.empty()) {
        append_path(out, *kids[0]);
        out += "[...]";
    } else {
        out += "...";
    }
}

} // namespace

void append_ordinal_context(std::string& out, const OrdinalChange& change) {
    switch (change.site) {
    case ChangeSite::None:
        return;
    case ChangeSite::FieldOf:
        out += "field of ";
        break;
    case ChangeSite::ElementsOf:
        out += "elements of ";
        break;
    case ChangeSite::ElementOf:
        out += "element of ";
        break;
    }
    if (change.source) {
        append_path(out, *change.source);
    } else {
        out += '?';
    }
}

std::string ordinal_context(const OrdinalChange& change) {
    std::string out;
    append_ordinal_context(out, change);
    return out;
}

} // namespace prune
