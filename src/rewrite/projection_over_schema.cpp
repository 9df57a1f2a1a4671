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

#include "diag/diagnostic.hpp"
#include "plan/higher_order.hpp"
#include "plan/tree.hpp"

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

/// The name of the path an access is rooted at, for "ordinals rewritten" context lines.
std::string path_name(const Expr& e) {
    if (const auto* a = e.as<AttributeReference>()) {
        return a->name;
    }
    if (const auto* v = e.as<NamedLambdaVariable>()) {
        return v->name;
    }
    if (const auto* f = e.as<GetStructField>()) {
        return path_name(*f->child) + "." + struct_of(f->child->type, "GetStructField")[f->ordinal].name;
    }
    if (const auto* f = e.as<GetArrayStructFields>()) {
        const StructType& element =
            struct_of(f->child->type->array()->element, "GetArrayStructFields");
        return path_name(*f->child) + "." + element[f->ordinal].name;
    }
    for (const ExprPtr& kid : children(e)) {
        return path_name(*kid) + "[...]";
    }
    return "...";
}

class Rewriter {
  public:
    explicit Rewriter(const std::unordered_map<ExprId, TypePtr>& column_types)
        : column_types_(column_types) {}

    ExprPtr rewrite(const ExprPtr& e);
    std::vector<OrdinalChange> take_changes() { return std::move(changes_); }

  private:
    ExprPtr rewrite_hof(const ExprPtr& e, const HigherOrderFunction& hof);
    ExprPtr rebuild(const ExprPtr& e, const std::vector<ExprPtr>& kids);
    std::size_t remap(const StructType& before, std::size_t ordinal, const StructType& after,
                      const char* what) const;

    const std::unordered_map<ExprId, TypePtr>& column_types_;
    std::unordered_map<ExprId, ExprPtr> variables_; // lambda binding id -> re-typed variable
    std::unordered_map<ExprId, std::string> variable_sources_;
    std::vector<OrdinalChange> changes_;
};

std::size_t Rewriter::remap(const StructType& before, std::size_t ordinal,
                            const StructType& after, const char* what) const {
    const std::string& name = before[ordinal].name;
    const auto found = after.field_index(name, CaseSensitivity::Sensitive);
    if (!found) {
        throw InternalError(std::string("unmatched child schema for ") + what + ": no field '" +
                            name + "' in " + catalog_string(*make_struct(after.fields())));
    }
    return *found;
}

ExprPtr Rewriter::rebuild(const ExprPtr& e, const std::vector<ExprPtr>& kids) {
    try {
        return with_children(e, kids);
    } catch (const InternalError& error) {
        throw RewriteMismatch(e.get(), error.what());
    }
}

ExprPtr Rewriter::rewrite(const ExprPtr& e) {
    if (const auto* a = e->as<AttributeReference>()) {
        const auto it = column_types_.find(a->id);
        if (it == column_types_.end() || it->second == a->type) {
            return e;
        }
        AttributeReference retyped = *a;
        retyped.type = it->second;
        return make_expr(std::move(retyped), e->span);
    }
    if (const auto* v = e->as<NamedLambdaVariable>()) {
        const auto it = variables_.find(v->id);
        return it == variables_.end() ? e : it->second;
    }
    if (const auto* hof = e->as<HigherOrderFunction>()) {
        return rewrite_hof(e, *hof);
    }
    if (const auto* f = e->as<GetStructField>()) {
        ExprPtr child = rewrite(f->child);
        if (child->type == f->child->type) {
            return rebuild(e, {child});
        }
        const StructType& before = struct_of(f->child->type, "GetStructField");
        const StructType& after = struct_of(child->type, "GetStructField");
        const std::size_t ordinal = remap(before, f->ordinal, after, "GetStructField");
        // Spark's rewritten GetStructField drops the name as written.
        ExprPtr rewritten = make_expr(GetStructField{child, ordinal, std::nullopt}, e->span);
        if (ordinal != f->ordinal) {
            const bool on_variable = f->child->is<NamedLambdaVariable>();
            std::string context;
            if (on_variable) {
                const auto source =
                    variable_sources_.find(f->child->as<NamedLambdaVariable>()->id);
                context = "element of " +
                          (source == variable_sources_.end() ? std::string("?") : source->second);
            } else {
                context = "field of " + path_name(*f->child);
            }
            changes_.push_back(OrdinalChange{rewritten, f->ordinal, ordinal, std::move(context)});
        }
        return rewritten;
    }
    if (const auto* f = e->as<GetArrayStructFields>()) {
        ExprPtr child = rewrite(f->child);
        if (child->type == f->child->type) {
            return rebuild(e, {child});
        }
        const StructType& before = struct_of(f->child->type->array()->element, "GetArrayStructFields");
        const ArrayType* array = child->type->array();
        if (array == nullptr) {
            throw InternalError("unmatched child schema for GetArrayStructFields: " +
                                catalog_string(*child->type));
        }
        const StructType& after = struct_of(array->element, "GetArrayStructFields");
        const std::size_t ordinal = remap(before, f->ordinal, after, "GetArrayStructFields");
        ExprPtr rewritten = make_expr(
            GetArrayStructFields{child, ordinal, after.size(), f->contains_null, std::nullopt},
            e->span);
        if (ordinal != f->ordinal) {
            changes_.push_back(OrdinalChange{rewritten, f->ordinal, ordinal,
                                             "elements of " + path_name(*f->child)});
        }
        return rewritten;
    }
    std::vector<ExprPtr> kids = children(*e);
    for (ExprPtr& kid : kids) {
        kid = rewrite(kid);
    }
    return rebuild(e, kids);
}

/// Spark: projectArrayHigherOrderFunction, for every row of the table: the collections are
/// rewritten first, then each lambda parameter takes the type of what it ranges over.
ExprPtr Rewriter::rewrite_hof(const ExprPtr& e, const HigherOrderFunction& hof) {
    std::vector<ExprPtr> args = hof.args;
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
        std::vector<ExprPtr> parameters = lambda->args;
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
            variable_sources_[variable.id] = path_name(*hof.args[input]);
            if (bound == variable.type) {
                continue;
            }
            NamedLambdaVariable retyped = variable;
            retyped.type = bound;
            parameters[i] = make_expr(std::move(retyped), parameters[i]->span);
            variables_[variable.id] = parameters[i];
        }
        ExprPtr body = rewrite(lambda->body);
        parameters.insert(parameters.begin(), body);
        args[position] = rebuild(args[position], parameters);
    }
    return rebuild(e, args);
}

template <class F> void zip_expressions(const Expr& before, const Expr& after, F&& check) {
    if (before.node.index() != after.node.index()) {
        throw InternalError("the rewritten plan does not match the plan it came from: " +
                            catalyst_name(before) + " became " + catalyst_name(after));
    }
    check(before, after);
    const std::vector<ExprPtr> old_kids = children(before);
    const std::vector<ExprPtr> new_kids = children(after);
    if (old_kids.size() != new_kids.size()) {
        throw InternalError("the rewritten plan changed the arity of " + catalyst_name(before));
    }
    for (std::size_t i = 0; i < old_kids.size(); ++i) {
        zip_expressions(*old_kids[i], *new_kids[i], check);
    }
}

void check_access(const Expr& before, const Expr& after) {
    if (const auto* old_field = before.as<GetStructField>()) {
        const auto* new_field = after.as<GetStructField>();
        const StructType& old_struct = struct_of(old_field->child->type, "GetStructField");
        const StructType& new_struct = struct_of(new_field->child->type, "GetStructField");
        if (new_field->ordinal >= new_struct.size() ||
            new_struct[new_field->ordinal].name != old_struct[old_field->ordinal].name) {
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
        if (new_fields->ordinal >= new_struct.size() ||
            new_struct[new_fields->ordinal].name != old_struct[old_fields->ordinal].name ||
            new_fields->num_fields != new_struct.size()) {
            throw InternalError("GetArrayStructFields ordinal " +
                                std::to_string(new_fields->ordinal) + " / numFields " +
                                std::to_string(new_fields->num_fields) + " does not match " +
                                catalog_string(*new_fields->child->type));
        }
    }
}

} // namespace

Rewritten project_over_schema(const PlanPtr& plan, const TypePtr& read_schema,
                              const std::unordered_map<ExprId, TypePtr>& column_types) {
    Rewriter rewriter(column_types);
    // Operators from the bottom up, so ids bound below are known above.
    std::vector<const Plan*> operators;
    for (const Plan* op = plan.get(); op != nullptr; op = plan_child(*op).get()) {
        operators.push_back(op);
    }
    PlanPtr rebuilt;
    for (auto it = operators.rbegin(); it != operators.rend(); ++it) {
        const Plan& op = **it;
        if (const auto* relation = op.as<Relation>()) {
            Relation scan{relation->table, {}, read_schema};
            for (const ExprPtr& column : relation->output) {
                if (column_types.count(column->as<AttributeReference>()->id) != 0) {
                    scan.output.push_back(rewriter.rewrite(column));
                }
            }
            rebuilt = std::make_shared<const Plan>(Plan{std::move(scan)});
            continue;
        }
        std::vector<ExprPtr> exprs = plan_expressions(op);
        for (ExprPtr& e : exprs) {
            e = rewriter.rewrite(e);
        }
        rebuilt = with_plan_child(*with_plan_expressions(op, exprs), rebuilt);
    }
    return Rewritten{rebuilt, rewriter.take_changes()};
}

void check_ordinals(const Plan& before, const Plan& rewritten) {
    const Plan* old_op = &before;
    const Plan* new_op = &rewritten;
    while (old_op != nullptr && new_op != nullptr) {
        if (old_op->node.index() != new_op->node.index()) {
            throw InternalError("the rewritten plan has a different operator tree");
        }
        if (old_op->as<Relation>() == nullptr) {
            const std::vector<ExprPtr> old_exprs = plan_expressions(*old_op);
            const std::vector<ExprPtr> new_exprs = plan_expressions(*new_op);
            if (old_exprs.size() != new_exprs.size()) {
                throw InternalError("the rewritten plan has a different number of expressions");
            }
            for (std::size_t i = 0; i < old_exprs.size(); ++i) {
                zip_expressions(*old_exprs[i], *new_exprs[i], check_access);
            }
        }
        old_op = plan_child(*old_op).get();
        new_op = plan_child(*new_op).get();
    }
    if (old_op != nullptr || new_op != nullptr) {
        throw InternalError("the rewritten plan has a different depth");
    }
}

} // namespace prune
