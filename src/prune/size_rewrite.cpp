// RewriteSizeOfArrayStruct, as merged for SPARK-58735: `size` of an array of structs reads one
// field of the element, the one of the smallest defaultSize (docs/RULES.md, "One leaf").
//
//     events(rule_results array<struct<rule_public_id:string,rule_version:int,score:double>>)
//     size(rule_results)  ->  size(rule_results.rule_version)     (int: defaultSize 4)
//     read schema: struct<rule_results:array<struct<rule_version:int>>>

#include "prune/size_rewrite.hpp"

#include "plan/functions.hpp"
#include "plan/tree.hpp"

namespace prune {
namespace {

/// Built only from a column and extractors (Spark's "rooted at a scan column" test).
bool rooted_at_column(const Expr& e) {
    const Expr* node = &e;
    while (true) {
        if (node->is<AttributeReference>()) {
            return true;
        }
        if (const auto* n = node->as<GetStructField>()) {
            node = n->child.get();
        } else if (const auto* n2 = node->as<GetArrayStructFields>()) {
            node = n2->child.get();
        } else if (const auto* n3 = node->as<GetArrayItem>()) {
            node = n3->child.get();
        } else if (const auto* n4 = node->as<GetMapValue>()) {
            node = n4->child.get();
        } else if (const auto* n5 = node->as<MapValues>()) {
            node = n5->child.get();
        } else if (const auto* n6 = node->as<MapKeys>()) {
            node = n6->child.get();
        } else {
            return false;
        }
    }
}

ExprPtr rewrite_size(const ExprPtr& e) {
    const auto* size = e->as<ScalarFunction>();
    if (size == nullptr || size->def->flow != ResultFlow::LengthOnly || size->args.size() != 1) {
        return e;
    }
    const ExprPtr& input = size->args[0];
    const ArrayType* array = input->type->array();
    const StructType* element = array == nullptr ? nullptr : array->element->struct_type();
    if (element == nullptr || element->size() <= 1 || input->is<GetArrayStructFields>() ||
        !rooted_at_column(*input)) {
        return e;
    }
    std::size_t smallest = 0; // minBy: the first of the smallest
    for (std::size_t i = 1; i < element->size(); ++i) {
        if (default_size(*(*element)[i].type) < default_size(*(*element)[smallest].type)) {
            smallest = i;
        }
    }
    ExprPtr field = make_expr(GetArrayStructFields{.child = input,
                                                   .name_as_written = {},
                                                   .ordinal = field_position(smallest),
                                                   .contains_null = array->contains_null ||
                                                                    (*element)[smallest].nullable},
                              input->span);
    ScalarFunction rewritten = *size;
    rewritten.args = {std::move(field)};
    return make_expr(std::move(rewritten), e->span);
}

} // namespace

PlanPtr rewrite_size_of_array_struct(const PlanPtr& plan) {
    return map_plan_expressions(plan,
                                [](const ExprPtr& e) { return transform_up(e, rewrite_size); });
}

} // namespace prune
