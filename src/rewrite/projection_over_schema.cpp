// Re-binding a plan against its read schema.
//
//     element before: struct<rule_public_id:string,rule_version:int,score:double>
//     element after:  struct<rule_public_id:string,score:double>
//     transform(rule_results, r -> r.score)
//       r re-typed to the pruned element (same binding id)
//       r.score: GetStructField ordinal 2 -> 1 (looked up by name in the new struct)
//
// The rewrite is one bottom-up pass. Columns take their pruned types; a higher-order
// function's lambda variables take the element (key, value) types of its rewritten
// collection arguments, as its table row says; struct accesses are re-resolved by the name
// of the field they accessed; every other node is rebuilt over its new children, which
// re-derives its type. Nothing here knows which pruning rule produced the schema, so the
// rewrite cannot drift from the collector: if a rule pruned a field that is still accessed,
// the lookup fails loudly instead of reading the wrong field.

#include "rewrite/projection_over_schema.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "diag/diagnostic.hpp"
#include "plan/functions.hpp"
#include "plan/higher_order.hpp"
#include "plan/tree.hpp"
#include "prune/prune_schema.hpp"
#include "prune/requirement.hpp"

namespace prune {
namespace {

const StructType& struct_of(const TypePtr& type, const char* what) {
    const StructType* s = type->struct_type();
    if (s == nullptr) {
        throw InternalError(std::string("unmatched child schema for ") + what + ": " +
                            catalog_string(*type));
    }
    return *s;
}

/// For each of `wanted`, the position of its first occurrence in `names` (what std::find
/// returns), or `names.size()` when absent: one hash index per constructor, not one scan of
/// its names per field, so a named_struct of many fields stays linear.
/// Both are lists of names (strings or Names).
template <class Wanted, class Names>
std::vector<std::size_t> first_positions(const Wanted& wanted, const Names& names) {
    std::vector<std::size_t> positions;
    positions.reserve(wanted.size());
    if (names.size() <= 8) {
        for (const auto& name : wanted) {
            positions.push_back(static_cast<std::size_t>(
                std::find(names.begin(), names.end(), name) - names.begin()));
        }
        return positions;
    }
    std::unordered_map<std::string_view, std::size_t> first;
    first.reserve(names.size());
    for (std::size_t i = 0; i < names.size(); ++i) {
        first.emplace(std::string_view(names[i]), i);
    }
    for (const auto& name : wanted) {
        const auto it = first.find(std::string_view(name));
        positions.push_back(it == first.end() ? names.size() : it->second);
    }
    return positions;
}

bool is_array_constructor(const Expr& e) {
    const auto* call = e.as<ScalarFunction>();
    return call != nullptr && call->def->catalyst == "CreateArray";
}

/// A value the query builds itself (which the rewrite may narrow), as opposed to one read.
bool is_constructed(const Expr& e) {
    return e.is<CreateNamedStruct>() || e.is<Literal>() || is_array_constructor(e);
}

/// A constructed value narrowed to `target`: a struct constructor loses the fields `target`
/// does not have, an array constructor narrows its elements, a NULL literal takes the type.
/// Only values built in the query can be narrowed; anything else yields null.
ExprPtr narrow_constructed(const ExprPtr& e, const TypePtr& target) {
    if (same_type(*e->type, *target)) {
        return e;
    }
    if (const auto* literal = e->as<Literal>(); literal != nullptr && literal->is_null) {
        return make_expr(Literal{target, literal->text, true}, e->span);
    }
    if (const auto* constructor = e->as<CreateNamedStruct>()) {
        const StructType* fields = target->struct_type();
        if (fields == nullptr) {
            return nullptr;
        }
        std::vector<Name> names;
        std::vector<ExprPtr> values;
        const std::vector<std::size_t> positions =
            first_positions(fields->field_names(), constructor->names);
        for (std::size_t i = 0; i < fields->size(); ++i) {
            const StructField& field = (*fields)[i];
            if (positions[i] == constructor->names.size()) {
                return nullptr;
            }
            ExprPtr value = narrow_constructed(constructor->values[positions[i]], field.type);
            if (!value) {
                return nullptr;
            }
            names.emplace_back(field.name);
            values.push_back(std::move(value));
        }
        return make_expr(CreateNamedStruct{std::move(names), std::move(values)}, e->span);
    }
    if (is_array_constructor(*e) && target->array() != nullptr) {
        ScalarFunction narrowed = *e->as<ScalarFunction>();
        for (ExprPtr& element : narrowed.args) {
            element = narrow_constructed(element, target->array()->element);
            if (!element) {
                return nullptr;
            }
        }
        return make_expr(std::move(narrowed), e->span);
    }
    return nullptr;
}

/// The children of `e` (as `children` orders them) whose values become its value: the
/// branches of coalesce / if / nvl2 / CASE, the arrays of concat.
std::vector<std::size_t> value_slots(const Expr& e) {
    std::vector<std::size_t> slots;
    if (const auto* c = e.as<CaseWhen>()) {
        for (std::size_t i = 0; i < c->branches.size(); ++i) {
            slots.push_back(2 * i + 1);
        }
        if (c->else_value) {
            slots.push_back(2 * c->branches.size());
        }
    } else if (const auto* f = e.as<ScalarFunction>()) {
        // An aggregate's FILTER condition (its last child) is never a value.
        const std::size_t inputs = f->inputs().size();
        if (f->def->flow == ResultFlow::ValueOfArgs) {
            for (auto i = static_cast<std::size_t>(f->def->first_value_arg); i < inputs; ++i) {
                slots.push_back(i);
            }
        } else if (f->def->flow == ResultFlow::ArrayElementsOfAll) {
            for (std::size_t i = 0; i < inputs; ++i) {
                slots.push_back(i);
            }
        }
    }
    return slots;
}

/// X6/X7: when pruning narrowed some branches of a value-merging node, the branches the
/// query constructs are narrowed to match, so the node type-checks again. The target is what
/// the pruned (column-derived) branches kept. Null when the branches cannot be aligned.
ExprPtr align_branches(const ExprPtr& e, std::span<const ExprPtr> given) {
    std::vector<ExprPtr> kids(given.begin(), given.end());
    const std::vector<std::size_t> slots = value_slots(*e);
    Requirement kept;
    bool any_pruned = false;
    for (const std::size_t slot : slots) {
        if (!is_constructed(*kids[slot])) {
            kept.merge(requirement_for(e->type, kids[slot]->type));
            any_pruned = true;
        }
    }
    if (!any_pruned) {
        return nullptr;
    }
    const TypePtr target = prune_type(e->type, kept);
    for (const std::size_t slot : slots) {
        if (same_type(*kids[slot]->type, *target)) {
            continue;
        }
        ExprPtr narrowed = narrow_constructed(kids[slot], target);
        if (!narrowed) {
            return nullptr;
        }
        kids[slot] = std::move(narrowed);
    }
    try {
        return with_children(e, kids);
    } catch (const InternalError&) {
        return nullptr;
    }
}

class Rewriter {
  public:
    explicit Rewriter(std::unordered_map<ExprId, TypePtr> column_types)
        : column_types_(std::move(column_types)) {}

    /// Attributes above read column `id` with `type` from now on (an operator output whose
    /// type the rewrite narrowed: an alias, a subquery's column).
    void retype(ExprId id, TypePtr type) { column_types_[id] = std::move(type); }
    /// How the plan of a subquery expression is rewritten (over the same read schemas).
    void set_subquery_rewrite(std::function<PlanPtr(const PlanPtr&)> rewrite_plan) {
        rewrite_plan_ = std::move(rewrite_plan);
    }

    ExprPtr rewrite(const ExprPtr& e);
    /// A column of the relation, re-typed: the node every reference under a field access
    /// shares (column_ref) becomes the one the rewritten references share.
    ExprPtr rewrite_column(const ExprPtr& column);
    OrdinalChanges take_changes() { return std::move(changes_); }

  private:
    ExprPtr rewrite_hof(const ExprPtr& e, const HigherOrderFunction& hof);
    ExprPtr rebuild(const ExprPtr& e, std::span<const ExprPtr> kids);
    std::size_t remap(const StructType& before, std::size_t ordinal, const StructType& after,
                      const char* what) const;
    void record_change(const ExprPtr& access, std::size_t before, std::size_t after,
                       ChangeSite site, ExprPtr source) {
        changes_.push_back(OrdinalChange{access, std::move(source), field_position(before),
                                         field_position(after), site});
    }

    std::unordered_map<ExprId, TypePtr> column_types_;
    std::function<PlanPtr(const PlanPtr&)> rewrite_plan_;
    /// A lambda variable, by binding id: re-typed, and the rewritten collection it ranges over.
    struct Binding {
        ExprPtr variable;
        ExprPtr source;
    };
    std::unordered_map<ExprId, Binding> variables_;
    /// The relation's column nodes, by address, with their re-typed nodes (rewrite_column).
    /// Each original is held, so no other node takes its address while it is a key.
    std::unordered_map<const Expr*, std::pair<ExprPtr, ExprPtr>> retyped_columns_;
    OrdinalChanges changes_;
};

std::size_t Rewriter::remap(const StructType& before, std::size_t ordinal, const StructType& after,
                            const char* what) const {
    const std::string& name = before[ordinal].name;
    // A struct named after accesses (arrays_zip's fields) may change a name's case: the
    // access as written (`c5.V`) becomes the schema's (`c5.v`) when rewritten, while Spark
    // froze the name at analysis. Names resolve case-insensitively, as Spark's do.
    auto found = after.field_index(name, CaseSensitivity::Sensitive);
    if (!found) {
        found = after.field_index(name, CaseSensitivity::Insensitive);
    }
    if (!found) {
        throw InternalError(std::string("unmatched child schema for ") + what + ": no field '" +
                            name + "' in " + catalog_string(*make_struct(after.fields())));
    }
    return *found;
}

ExprPtr Rewriter::rewrite_column(const ExprPtr& column) {
    ExprPtr retyped = rewrite(column);
    retyped_columns_.emplace(column.get(), std::make_pair(column, retyped));
    return retyped;
}

ExprPtr Rewriter::rebuild(const ExprPtr& e, std::span<const ExprPtr> kids) {
    try {
        return with_children(e, kids);
    } catch (const InternalError& error) {
        if (ExprPtr aligned = align_branches(e, kids)) {
            return aligned;
        }
        throw RewriteMismatch(e.get(), error.what());
    }
}

ExprPtr Rewriter::rewrite(const ExprPtr& e) {
    if (const auto* a = e->as<AttributeReference>()) {
        const auto it = column_types_.find(a->id);
        if (it == column_types_.end() || it->second == a->type) {
            return e;
        }
        if (const auto shared = retyped_columns_.find(e.get()); shared != retyped_columns_.end()) {
            return shared->second.second;
        }
        AttributeReference retyped = *a;
        retyped.type = it->second;
        return make_expr(std::move(retyped), e->span);
    }
    if (const auto* v = e->as<NamedLambdaVariable>()) {
        const auto it = variables_.find(v->id);
        return it == variables_.end() || !it->second.variable ? e : it->second.variable;
    }
    if (const auto* hof = e->as<HigherOrderFunction>()) {
        return rewrite_hof(e, *hof);
    }
    if (const auto* f = e->as<GetStructField>()) {
        ExprPtr child = rewrite(f->child);
        if (child->type == f->child->type) {
            return rebuild(e, std::span<const ExprPtr>(&child, 1));
        }
        const StructType& before = struct_of(f->child->type, "GetStructField");
        const StructType& after = struct_of(child->type, "GetStructField");
        const std::size_t ordinal = remap(before, f->ordinal, after, "GetStructField");
        // Spark's rewritten GetStructField drops the name as written.
        ExprPtr rewritten = make_expr(GetStructField{child, ordinal, {}}, e->span);
        if (ordinal != f->ordinal) {
            if (const auto* variable = f->child->as<NamedLambdaVariable>()) {
                const auto binding = variables_.find(variable->id);
                record_change(rewritten, f->ordinal, ordinal, ChangeSite::ElementOf,
                              binding == variables_.end() ? nullptr : binding->second.source);
            } else {
                record_change(rewritten, f->ordinal, ordinal, ChangeSite::FieldOf, child);
            }
        }
        return rewritten;
    }
    if (const auto* f = e->as<GetArrayStructFields>()) {
        ExprPtr child = rewrite(f->child);
        if (child->type == f->child->type) {
            return rebuild(e, std::span<const ExprPtr>(&child, 1));
        }
        const StructType& before =
            struct_of(f->child->type->array()->element, "GetArrayStructFields");
        const ArrayType* array = child->type->array();
        if (array == nullptr) {
            throw InternalError("unmatched child schema for GetArrayStructFields: " +
                                catalog_string(*child->type));
        }
        const StructType& after = struct_of(array->element, "GetArrayStructFields");
        const std::size_t ordinal = remap(before, f->ordinal, after, "GetArrayStructFields");
        ExprPtr rewritten = make_expr(GetArrayStructFields{.child = child,
                                                           .name_as_written = {},
                                                           .ordinal = field_position(ordinal),
                                                           .contains_null = f->contains_null},
                                      e->span);
        if (ordinal != f->ordinal) {
            record_change(rewritten, f->ordinal, ordinal, ChangeSite::ElementsOf, child);
        }
        return rewritten;
    }
    std::optional<ExprChildren> kids =
        mapped_children(*e, [this](const ExprPtr& kid) { return rewrite(kid); });
    ExprPtr out = kids ? rebuild(e, *kids) : e;
    if (e->is<SubqueryExpression>()) {
        // The value and the outer columns above; the query over its own scans' read schemas
        // (its outer references read the columns rewritten below this operator).
        out = map_subquery_plans(out, rewrite_plan_);
    }
    return out;
}

/// Spark: projectArrayHigherOrderFunction, for every row of the table: the collections are
/// rewritten first, then each lambda parameter takes the type of what it ranges over.
ExprPtr Rewriter::rewrite_hof(const ExprPtr& e, const HigherOrderFunction& hof) {
    std::vector<ExprPtr> args = hof.args.to_vector();
    for (ExprPtr& arg : args) {
        if (!arg->is<LambdaFunction>()) {
            arg = rewrite(arg);
        }
    }
    for (const LambdaSpec& spec : hof.def->lambdas) {
        const auto position = static_cast<std::size_t>(spec.position);
        if (position >= args.size()) {
            continue;
        }
        const auto* lambda = args[position]->as<LambdaFunction>();
        if (lambda == nullptr) {
            continue;
        }
        std::vector<ExprPtr> parameters = lambda->args.to_vector();
        for (std::size_t i = 0; i < parameters.size() && i < spec.params.size(); ++i) {
            const ParamSpec& param = spec.params[i];
            const auto input = static_cast<std::size_t>(param.input);
            TypePtr bound;
            if (param.source == ParamSource::Element) {
                bound = args[input]->type->array()->element;
            } else if (param.source == ParamSource::Key) {
                bound = args[input]->type->map()->key;
            } else if (param.source == ParamSource::Value) {
                bound = args[input]->type->map()->value;
            } else {
                continue; // index and accumulator types never change
            }
            const auto& variable = *parameters[i]->as<NamedLambdaVariable>();
            Binding& binding = variables_[variable.id];
            binding.source = args[input];
            if (bound == variable.type) {
                continue;
            }
            NamedLambdaVariable retyped = variable;
            retyped.type = bound;
            parameters[i] = make_expr(std::move(retyped), parameters[i]->span);
            binding.variable = parameters[i];
        }
        ExprPtr body = rewrite(lambda->body);
        parameters.insert(parameters.begin(), body);
        args[position] = rebuild(args[position], parameters);
    }
    // No use of a lambda variable is outside its lambda: its binding goes with the function.
    for_each_lambda_variable(hof, [&](ExprId id) { variables_.erase(id); });
    return rebuild(e, args);
}

template <class F> void zip_expressions(const Expr& before, const Expr& after, F&& check) {
    if (&before == &after) {
        return; // a subtree the rewrite left shared: nothing in it was re-resolved
    }
    if (before.node.index() != after.node.index()) {
        throw InternalError("the rewritten plan does not match the plan it came from: " +
                            catalyst_name(before) + " became " + catalyst_name(after));
    }
    check(before, after);
    ChildPointers old_kids = child_pointers(before);
    const ChildPointers new_kids = child_pointers(after);
    if (const auto* narrowed = after.as<CreateNamedStruct>()) {
        // A constructor the rewrite narrowed (align_branches) keeps a subset of its fields.
        const auto& original = *before.as<CreateNamedStruct>();
        old_kids.clear();
        const std::vector<std::size_t> positions = first_positions(narrowed->names, original.names);
        for (std::size_t i = 0; i < positions.size(); ++i) {
            if (positions[i] == original.names.size()) {
                throw InternalError("the rewrite invented field '" + narrowed->names[i] +
                                    "' of a struct");
            }
            old_kids.push_back(original.values[positions[i]].get());
        }
    }
    if (old_kids.size() != new_kids.size()) {
        throw InternalError("the rewritten plan changed the arity of " + catalyst_name(before));
    }
    for (std::size_t i = 0; i < old_kids.size(); ++i) {
        zip_expressions(*old_kids[i], *new_kids[i], check);
    }
}

/// Whether field `ordinal` of `s` is the one `name` names: exactly, or as Spark's
/// case-insensitive resolution finds it (an arrays_zip field renamed by case: Rewriter::remap).
bool names_field(const StructType& s, std::size_t ordinal, const std::string& name) {
    if (ordinal >= s.size()) {
        return false;
    }
    if (s[ordinal].name == name) {
        return true;
    }
    const std::optional<std::size_t> found = s.field_index(name, CaseSensitivity::Insensitive);
    return found && *found == ordinal;
}

void check_access(const Expr& before, const Expr& after) {
    if (const auto* old_field = before.as<GetStructField>()) {
        const auto* new_field = after.as<GetStructField>();
        const StructType& old_struct = struct_of(old_field->child->type, "GetStructField");
        const StructType& new_struct = struct_of(new_field->child->type, "GetStructField");
        if (!names_field(new_struct, new_field->ordinal, old_struct[old_field->ordinal].name)) {
            throw InternalError("GetStructField ordinal " + std::to_string(new_field->ordinal) +
                                " does not name field '" + old_struct[old_field->ordinal].name +
                                "' in " + catalog_string(*new_field->child->type));
        }
    } else if (const auto* old_fields = before.as<GetArrayStructFields>()) {
        const auto* new_fields = after.as<GetArrayStructFields>();
        const ArrayType* new_array = new_fields->child->type->array();
        const StructType& old_struct =
            struct_of(old_fields->child->type->array()->element, "GetArrayStructFields");
        const StructType& new_struct =
            struct_of(new_array == nullptr ? new_fields->child->type : new_array->element,
                      "GetArrayStructFields");
        // numFields is the element struct's size by construction (num_fields()).
        if (!names_field(new_struct, new_fields->ordinal, old_struct[old_fields->ordinal].name)) {
            throw InternalError("GetArrayStructFields ordinal " +
                                std::to_string(new_fields->ordinal) + " / numFields " +
                                std::to_string(new_struct.size()) + " does not match " +
                                catalog_string(*new_fields->child->type));
        }
    }
}

} // namespace

namespace {

/// Every input of a set operation must output each column in one type: rows are matched by
/// position. An input that reads more of a column than another (it uses the column below for
/// more than the set operation passes up) pruned it wider: every input then reads what any
/// reads (RewriteMismatch, and the pipeline collects again).
void check_set_inputs(const SetOperation& set, const std::vector<PlanPtr>& inputs,
                      const Plan* original) {
    std::vector<std::vector<ExprPtr>> outputs;
    for (const PlanPtr& input : inputs) {
        outputs.push_back(plan_output(*input));
    }
    const std::vector<ExprPtr>& first = outputs.front();
    for (std::size_t k = 1; k < outputs.size(); ++k) {
        const std::vector<ExprPtr>& other = outputs[k];
        for (std::size_t i = 0; i < first.size() && i < other.size(); ++i) {
            if (!same_type(*first[i]->type, *other[i]->type)) {
                std::vector<TypePtr> types;
                for (const std::vector<ExprPtr>& output : outputs) {
                    types.push_back(i < output.size() ? output[i]->type : nullptr);
                }
                throw RewriteMismatch(SetColumn{original, i}, std::move(types),
                                      std::string(set_operation_name(set)) + " column " +
                                          std::to_string(i + 1) + " pruned to " +
                                          catalog_string(*first[i]->type) + " and " +
                                          catalog_string(*other[i]->type));
            }
        }
    }
}

/// A Generate over its rewritten arguments `args`: each generated column takes the type its
/// generator now makes (a pruned element, key or value); an `inline` column whose field the
/// pruned element no longer has is not output (nothing reads it), and goes into `gone`.
/// Columns whose type changed are re-typed for the operators above.
PlanPtr retype_generate(const Generate& g, std::vector<ExprPtr> args, Rewriter& rewriter,
                        std::unordered_set<ExprId>& gone) {
    Generate out = g;
    out.args = std::move(args);
    out.output.clear();
    out.fields.clear();
    const TypePtr& input = out.args.front()->type;
    std::vector<TypePtr> types; // null: gone
    if (g.kind == GeneratorKind::Inline) {
        const StructType& element = struct_of(input->array()->element, "inline");
        for (const Name& field : g.fields) {
            const auto index = element.field_index(field.view(), CaseSensitivity::Sensitive);
            types.push_back(index ? element[*index].type : nullptr);
        }
    } else if (g.kind == GeneratorKind::JsonTuple) {
        for (const ExprPtr& column : g.output) {
            types.push_back(column->type);
        }
    } else if (g.kind == GeneratorKind::Stack) {
        for (const ExprPtr& column : g.output) {
            types.push_back(column->type);
        }
        for (std::size_t at = 1; at < out.args.size(); ++at) {
            const auto* lit = out.args[at]->as<Literal>();
            if (lit == nullptr || !lit->is_null) {
                types[(at - 1) % types.size()] = out.args[at]->type;
            }
        }
    } else {
        if (g.kind == GeneratorKind::PosExplode) {
            types.push_back(g.output.front()->type);
        }
        if (const ArrayType* array = input->array()) {
            types.push_back(array->element);
        } else {
            const MapType* map = input->map();
            types.push_back(map->key);
            types.push_back(map->value);
        }
    }
    for (std::size_t i = 0; i < g.output.size(); ++i) {
        const auto* column = g.output[i]->as<AttributeReference>();
        if (!types[i]) {
            gone.insert(column->id);
            continue;
        }
        if (g.kind == GeneratorKind::Inline) {
            out.fields.push_back(g.fields[i]);
        }
        if (same_type(*types[i], *column->type)) {
            out.output.push_back(g.output[i]);
            continue;
        }
        AttributeReference retyped = *column;
        retyped.type = types[i];
        rewriter.retype(column->id, types[i]);
        out.output.push_back(make_expr(std::move(retyped), g.output[i]->span));
    }
    return make_plan(std::move(out));
}

/// Each Generate of `op` with the positions of its child's columns that no operator above it
/// reads (`above`: the ids they read, and the query's output), as Spark's ColumnPruning sets
/// unrequiredChildIndex. Recursion over the operator tree only (its depth is the query's
/// nesting); called only for plans with a Generate.
PlanPtr mark_unrequired(const PlanPtr& op, const std::unordered_set<ExprId>& above) {
    std::vector<PlanPtr> inputs = plan_children(*op);
    if (inputs.empty()) {
        return op;
    }
    std::unordered_set<ExprId> reads = above;
    for (const ExprPtr& e : plan_expressions(*op)) {
        visit_down(e, [&](const ExprPtr& node) {
            if (const auto* a = node->as<AttributeReference>()) {
                reads.insert(a->id);
            }
            return true;
        });
    }
    PlanPtr out = op;
    if (const auto* g = op->as<Generate>()) {
        Generate copy = *g;
        copy.unrequired.clear();
        const std::vector<ExprPtr> carried = plan_output(*g->child);
        for (std::size_t i = 0; i < carried.size(); ++i) {
            if (!above.contains(carried[i]->as<AttributeReference>()->id)) {
                copy.unrequired.push_back(i);
            }
        }
        out = make_plan(std::move(copy));
    }
    bool changed = out != op;
    for (PlanPtr& input : inputs) {
        PlanPtr marked = mark_unrequired(input, reads);
        changed = changed || marked != input;
        input = std::move(marked);
    }
    return changed ? with_plan_children(*out, std::move(inputs)) : out;
}

/// Rewrites plans over their scans' read schemas, and through the Rewriter the plans of their
/// subquery expressions, which share its column types.
class PlanRewriter {
  public:
    PlanRewriter(const Plan& plan, const std::vector<ReadSet>& scans,
                 const std::unordered_set<ExprId>& unused, Rewriter& rewriter)
        : unused_(unused), rewriter_(rewriter) {
        const std::vector<const Relation*> relations = plan_relations(plan);
        if (relations.size() != scans.size()) {
            throw InternalError("the rewrite has " + std::to_string(scans.size()) +
                                " read schemas for " + std::to_string(relations.size()) + " scans");
        }
        for (std::size_t i = 0; i < relations.size(); ++i) {
            reads_.emplace(relations[i], &scans[i]);
        }
        rewriter_.set_subquery_rewrite([this](const PlanPtr& inner) { return rewrite(inner); });
    }

    PlanPtr rewrite(PlanPtr plan);

  private:
    PlanPtr rewrite_expand(const Expand& e, const std::vector<ExprPtr>& exprs,
                           const std::unordered_set<ExprId>& above, PlanPtr child,
                           const Plan* original);

    const std::unordered_set<ExprId>& unused_;
    Rewriter& rewriter_;
    std::unordered_map<const Relation*, const ReadSet*> reads_; // the original scans'
    std::unordered_set<ExprId> gone_; // columns no longer output below (unread, unused)
};

/// The Expand over rewritten projections (`exprs`, row by row): a column no operator above
/// reads (`above`) is not made (Spark's ColumnPruning); the others take the type their
/// projections now have (a grouping key's null, too).
PlanPtr PlanRewriter::rewrite_expand(const Expand& e, const std::vector<ExprPtr>& exprs,
                                     const std::unordered_set<ExprId>& above, PlanPtr child,
                                     const Plan* original) {
    const std::size_t width = e.output.size();
    Expand out;
    out.child = std::move(child);
    out.projections.resize(e.projections.size());
    for (std::size_t i = 0; i < width; ++i) {
        const auto& column = *e.output[i]->as<AttributeReference>();
        if (!above.contains(column.id) || gone_.contains(column.id) ||
            unused_.contains(column.id)) {
            gone_.insert(column.id);
            continue;
        }
        TypePtr type; // the type of the first projection that is not a null
        for (std::size_t k = 0; k < e.projections.size() && !type; ++k) {
            const auto* lit = exprs[k * width + i]->as<Literal>();
            if (lit == nullptr || !lit->is_null) {
                type = exprs[k * width + i]->type;
            }
        }
        for (std::size_t k = 0; k < e.projections.size(); ++k) {
            ExprPtr value = exprs[k * width + i];
            const auto* lit = value->as<Literal>();
            // UNPIVOT's value column takes a different column in each projection: one read
            // wider elsewhere is pruned wider, and every projection then reads what any reads
            // (as a set operation's column).
            if (type && (lit == nullptr || !lit->is_null) && !same_type(*value->type, *type)) {
                std::vector<TypePtr> types;
                for (std::size_t p = 0; p < e.projections.size(); ++p) {
                    const ExprPtr& projected = exprs[p * width + i];
                    const auto* null = projected->as<Literal>();
                    types.push_back(null != nullptr && null->is_null ? nullptr : projected->type);
                }
                throw RewriteMismatch(SetColumn{original, i}, std::move(types),
                                      "Expand column " + std::to_string(i + 1) + " pruned to " +
                                          catalog_string(*type) + " and " +
                                          catalog_string(*value->type));
            }
            if (type && lit != nullptr && lit->is_null && value->type != type) {
                value = make_expr(Literal{type, lit->text, true}, value->span);
            }
            out.projections[k].push_back(std::move(value));
        }
        if (type && type != column.type) {
            rewriter_.retype(column.id, type);
            AttributeReference narrowed = column;
            narrowed.type = type;
            out.output.push_back(make_expr(std::move(narrowed), e.output[i]->span));
        } else {
            out.output.push_back(e.output[i]);
        }
    }
    // The Project the analyzer put below (the child's columns, then the keys): the columns
    // the Expand no longer passes on are not output either.
    if (const auto* below = out.child->as<Project>()) {
        std::unordered_set<ExprId> read;
        for (const std::vector<ExprPtr>& projection : out.projections) {
            for (const ExprPtr& value : projection) {
                if (const auto* a = value->as<AttributeReference>()) {
                    read.insert(a->id);
                }
            }
        }
        Project trimmed{{}, below->child};
        for (const ExprPtr& item : below->exprs) {
            const auto* a = item->as<AttributeReference>();
            if (a == nullptr || read.contains(a->id)) {
                trimmed.exprs.push_back(item);
            }
        }
        if (trimmed.exprs.size() != below->exprs.size()) {
            out.child = make_plan(std::move(trimmed));
        }
    }
    return make_plan(std::move(out));
}

PlanPtr PlanRewriter::rewrite(PlanPtr plan) {
    Rewriter& rewriter = rewriter_;
    const std::unordered_set<ExprId>& unused = unused_;
    std::unordered_set<ExprId>& gone = gone_;
    // The operators in pre-order, each taken off its parent (the only handle, unless the
    // caller kept one), with its parent's position; rewritten in reverse, so every input is
    // rewritten before the operator over it, without recursion.
    struct Node {
        PlanPtr op;
        std::size_t parent;
        std::vector<PlanPtr> rebuilt_inputs;
        const Plan* original; // the operator as collected (RewriteMismatch names it)
    };
    constexpr std::size_t kNone = static_cast<std::size_t>(-1);
    std::vector<Node> nodes;
    std::vector<std::pair<PlanPtr, std::size_t>> stack;
    stack.emplace_back(std::move(plan), kNone);
    while (!stack.empty()) {
        auto [op, parent] = std::move(stack.back());
        stack.pop_back();
        std::vector<PlanPtr> inputs = take_plan_children(op);
        const std::size_t self = nodes.size();
        const Plan* original = op.get();
        nodes.push_back(Node{std::move(op), parent, {}, original});
        for (auto it = inputs.rbegin(); it != inputs.rend(); ++it) {
            stack.emplace_back(std::move(*it), self);
        }
    }
    // The columns the operators above node `at` read (its ancestors' expressions, which are
    // rewritten after it), up to the first that outputs only what it computes (a Project, an
    // Aggregate): what an Expand still has to make.
    const auto read_above = [&](std::size_t at) {
        std::unordered_set<ExprId> ids;
        for (std::size_t p = at; p != kNone; p = nodes[p].parent) {
            const Plan& ancestor = *nodes[p].op;
            for (const ExprPtr& e : plan_expressions(ancestor)) {
                const auto* alias = e->as<Alias>();
                if (alias != nullptr && unused.contains(alias->id)) {
                    continue; // not computed: the rewrite drops it
                }
                visit_down(e, [&](const ExprPtr& n) {
                    if (const auto* a = n->as<AttributeReference>()) {
                        ids.insert(a->id);
                    }
                    return true;
                });
            }
            if (ancestor.as<Project>() != nullptr || ancestor.as<Aggregate>() != nullptr) {
                break;
            }
        }
        return ids;
    };
    PlanPtr root;
    for (std::size_t i = nodes.size(); i-- > 0;) {
        Node& node = nodes[i];
        PlanPtr& op = node.op;
        PlanPtr rebuilt;
        if (const auto* relation = op->as<Relation>()) {
            const auto found = reads_.find(node.original->as<Relation>());
            if (found == reads_.end()) {
                throw InternalError("the rewrite met a scan that was not pruned");
            }
            const ReadSet& read = *found->second;
            Relation narrowed{relation->table, {}, read.read_schema, relation->alias};
            for (const ExprPtr& column : relation->output) {
                const ExprId id = column->as<AttributeReference>()->id;
                if (read.pruned_types.count(id) != 0) {
                    narrowed.output.push_back(rewriter.rewrite_column(column));
                } else {
                    gone.insert(id);
                }
            }
            rebuilt = make_plan(std::move(narrowed));
        } else {
            std::vector<ExprPtr> exprs = take_plan_expressions(op);
            if (op->as<Project>() != nullptr || op->as<Aggregate>() != nullptr) {
                // A column passed up bare that is gone below, or a computed column nothing
                // above reads, is not output (Spark: ColumnPruning). An Aggregate's grouping
                // expressions come first and always stay.
                const std::size_t keep_from =
                    op->as<Aggregate>() != nullptr ? op->as<Aggregate>()->grouping.size() : 0;
                std::size_t position = 0;
                std::erase_if(exprs, [&](const ExprPtr& e) {
                    if (position++ < keep_from) {
                        return false;
                    }
                    if (const auto* a = e->as<AttributeReference>()) {
                        return gone.contains(a->id);
                    }
                    const auto* alias = e->as<Alias>();
                    if (alias != nullptr && unused.contains(alias->id)) {
                        gone.insert(alias->id);
                        return true;
                    }
                    return false;
                });
            }
            // An Expand's columns nothing above reads are not made: their projections (an
            // UNPIVOT's unread values) were not collected, and are not rewritten.
            const auto* expand_op = op->as<Expand>();
            std::unordered_set<ExprId> expand_above;
            if (expand_op != nullptr) {
                expand_above = read_above(node.parent);
            }
            for (std::size_t k = 0; k < exprs.size(); ++k) {
                ExprPtr& e = exprs[k];
                if (expand_op != nullptr) {
                    const ExprId column = expand_op->output[k % expand_op->output.size()]
                                              ->as<AttributeReference>()
                                              ->id;
                    if (!expand_above.contains(column) || unused.contains(column)) {
                        continue;
                    }
                }
                ExprPtr rewritten = rewriter.rewrite(e);
                check_rewritten(*e, *rewritten);
                if (const auto* alias = rewritten->as<Alias>();
                    alias != nullptr && rewritten->type != e->type) {
                    rewriter.retype(alias->id, alias->child->type);
                }
                e = std::move(rewritten); // the original is let go here unless someone holds it
            }
            if (const auto* set = op->as<SetOperation>()) {
                check_set_inputs(*set, node.rebuilt_inputs, node.original);
            }
            if (const auto* g = op->as<Generate>()) {
                rebuilt = with_plan_children(*retype_generate(*g, std::move(exprs), rewriter, gone),
                                             std::move(node.rebuilt_inputs));
            } else if (const auto* expand = op->as<Expand>()) {
                rebuilt = rewrite_expand(*expand, exprs, expand_above,
                                         std::move(node.rebuilt_inputs.front()), node.original);
            } else if (const auto* w = op->as<Window>()) {
                // A window column nothing above reads is not computed, and a Window left with
                // none is not an operator at all (Spark: ColumnPruning).
                Window kept = *w;
                kept.columns.clear();
                kept.frames.clear();
                kept.ignore_nulls.clear();
                for (std::size_t c = 0; c < w->columns.size(); ++c) {
                    const ExprId id = exprs[c]->as<Alias>()->id; // (w's slots were taken)
                    if (unused.contains(id)) {
                        gone.insert(id);
                        continue;
                    }
                    kept.columns.push_back(exprs[c]);
                    kept.frames.push_back(w->frames[c]);
                    kept.ignore_nulls.push_back(w->ignore_nulls[c]);
                }
                const std::size_t keys = w->columns.size();
                kept.partition.assign(exprs.begin() + static_cast<std::ptrdiff_t>(keys),
                                      exprs.begin() +
                                          static_cast<std::ptrdiff_t>(keys + w->partition.size()));
                for (std::size_t k = 0; k < w->order.size(); ++k) {
                    kept.order[k].child = exprs[keys + w->partition.size() + k];
                }
                kept.child = std::move(node.rebuilt_inputs.front());
                rebuilt = kept.columns.empty() ? kept.child : make_plan(std::move(kept));
            } else {
                rebuilt = with_plan_children(*with_plan_expressions(*op, exprs),
                                             std::move(node.rebuilt_inputs));
            }
        }
        op.reset();
        if (node.parent == kNone) {
            root = std::move(rebuilt);
        } else {
            // Inputs arrive in reverse order: the last input is rewritten first.
            auto& siblings = nodes[node.parent].rebuilt_inputs;
            siblings.insert(siblings.begin(), std::move(rebuilt));
        }
    }
    bool generates = false;
    for_each_operator(
        *root, [&](const Plan& op) { generates = generates || op.as<Generate>() != nullptr; });
    if (generates) {
        std::unordered_set<ExprId> output;
        for (const ExprPtr& column : plan_output(*root)) {
            output.insert(column->as<AttributeReference>()->id);
        }
        root = mark_unrequired(root, output);
    }
    return root;
}

} // namespace

Rewritten project_over_schema(PlanPtr plan, const std::vector<ReadSet>& scans,
                              const std::unordered_set<ExprId>& unused) {
    std::unordered_map<ExprId, TypePtr> column_types;
    for (const ReadSet& scan : scans) {
        column_types.insert(scan.pruned_types.begin(), scan.pruned_types.end());
    }
    Rewriter rewriter(std::move(column_types));
    PlanRewriter plans(*plan, scans, unused, rewriter);
    PlanPtr root = plans.rewrite(std::move(plan));
    return Rewritten{root, rewriter.take_changes()};
}

PlanPtr drop_unused_columns(const PlanPtr& plan, const std::unordered_set<ExprId>& unused) {
    std::vector<ReadSet> whole;
    for (const Relation* relation : plan_relations(*plan)) {
        ReadSet read;
        read.read_schema = relation->schema;
        for (const ExprPtr& column : relation->output) {
            read.pruned_types.emplace(column->as<AttributeReference>()->id, column->type);
        }
        whole.push_back(std::move(read));
    }
    return project_over_schema(plan, whole, unused).plan;
}

void check_rewritten(const Expr& before, const Expr& rewritten) {
    zip_expressions(before, rewritten, check_access);
}

void check_ordinals(const Plan& before, const Plan& rewritten) {
    std::vector<const Plan*> old_ops;
    std::vector<const Plan*> new_ops;
    for_each_operator(before, [&](const Plan& op) { old_ops.push_back(&op); });
    for_each_operator(rewritten, [&](const Plan& op) { new_ops.push_back(&op); });
    if (old_ops.size() != new_ops.size()) {
        throw InternalError("the rewritten plan has a different operator tree");
    }
    for (std::size_t k = 0; k < old_ops.size(); ++k) {
        const Plan& old_op = *old_ops[k];
        const Plan& new_op = *new_ops[k];
        if (old_op.node.index() != new_op.node.index()) {
            throw InternalError("the rewritten plan has a different operator tree");
        }
        if (old_op.as<Relation>() != nullptr) {
            continue;
        }
        const std::vector<ExprPtr> old_exprs = plan_expressions(old_op);
        const std::vector<ExprPtr> new_exprs = plan_expressions(new_op);
        if (old_exprs.size() != new_exprs.size()) {
            throw InternalError("the rewritten plan has a different number of expressions");
        }
        for (std::size_t i = 0; i < old_exprs.size(); ++i) {
            check_rewritten(*old_exprs[i], *new_exprs[i]);
        }
    }
}

} // namespace prune
