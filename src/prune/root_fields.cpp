// Root-field collection: a demand walk over each expression.
//
//     contacts(name struct<first,middle,last>, friends array<struct<first,middle,last>>)
//     SELECT filter(friends, f -> f.last = 'Smith').first, name.middle FROM contacts
//
//     friends: at(element, {first})      from `.first` through filter (SPARK-57176)
//            + at(element, {last})       from the lambda's use of `f`
//     name:    {middle}
//
// `walk(e, need)` says "the query needs `need` of e's value". Extractor steps (field access,
// subscripts, map_keys, ...) and functions that pass elements or values through (filter,
// reverse, coalesce, ...) turn a need on their result into a need on their input; every other
// expression needs its children whole (Spark's generic walk). Needs reaching a column become
// root fields; needs reaching a lambda variable accumulate per binding id, and the
// higher-order function that binds the variable turns them into a need on its input, driven
// by its row of the higher-order-function table. Which steps apply depends on the profile and
// on what the chain of steps is rooted at (Spark looks through lambdas only along
// GetStructField chains; `extended` follows every step).

#include "prune/root_fields.hpp"
#include "prune/prune_schema.hpp"

#include <algorithm>
#include <unordered_map>

#include "plan/functions.hpp"
#include "plan/tree.hpp"
#include "plan/typing.hpp"

namespace prune {
namespace {

/// What a chain of extractor steps starts from.
enum class Root : std::uint8_t { Unknown, Attribute, LambdaVariable, Other };

/// The need on the parts of a value whose whole need is `need`: a value needed whole needs
/// every part whole; one needed for any leaf needs any leaf of the part it is read through.
Requirement part_of(const Requirement& need, ReqKey key) {
    if (need.whole) {
        return Requirement::all();
    }
    const auto it = need.kids.find(key);
    if (it != need.kids.end()) {
        return it->second;
    }
    return Requirement::one_leaf();
}

/// The same, taking the part out of a need that is not used again (no copy of the subtree).
Requirement part_of(Requirement&& need, ReqKey key) {
    if (need.whole) {
        return Requirement::all();
    }
    const auto it = need.kids.find(key);
    if (it != need.kids.end()) {
        return std::move(it->second);
    }
    return Requirement::one_leaf();
}

/// A need that keeps the accessed part present: an extractor that stays in the plan reads its
/// field, so the field must survive even when nothing below it is needed.
Requirement present(Requirement need) {
    if (need.empty()) {
        return Requirement::one_leaf();
    }
    return need; // moved, not copied (a conditional expression would copy)
}

bool is_struct_array(const TypePtr& type) {
    const ArrayType* a = type->array();
    return a != nullptr && a->element->struct_type() != nullptr;
}

const FunctionDef* function_def(const Expr& e) {
    const ScalarFunction* f = e.as<ScalarFunction>();
    return f == nullptr ? nullptr : f->def;
}

/// The child that continues an extractor chain through `e`, or null when `e` is not a step.
const ExprPtr* chain_child(const Expr& e) {
    if (const auto* n = e.as<GetStructField>()) {
        return &n->child;
    }
    if (const auto* n = e.as<GetArrayStructFields>()) {
        return &n->child;
    }
    if (const auto* n = e.as<GetArrayItem>()) {
        return &n->child;
    }
    if (const auto* n = e.as<GetMapValue>()) {
        return &n->child;
    }
    if (const auto* n = e.as<ElementAt>()) {
        return &n->left;
    }
    if (const auto* n = e.as<MapKeys>()) {
        return &n->child;
    }
    if (const auto* n = e.as<MapValues>()) {
        return &n->child;
    }
    if (const auto* n = e.as<KnownNotContainsNull>()) {
        return &n->child;
    }
    if (const auto* n = e.as<HigherOrderFunction>()) {
        const HofResult result = n->def->result;
        if (result == HofResult::InputElements || result == HofResult::InputMap ||
            result == HofResult::NewKeys) {
            return &n->args[0];
        }
        return nullptr;
    }
    if (const FunctionDef* def = function_def(e)) {
        const auto* f = e.as<ScalarFunction>();
        if ((def->flow == ResultFlow::ArrayElementsOfArg0 ||
             def->flow == ResultFlow::ArrayElementsFlatten ||
             def->flow == ResultFlow::ElementIsArg0) &&
            !f->args.empty()) {
            return &f->args[0];
        }
    }
    return nullptr;
}

Root chain_root(const Expr& e) {
    const Expr* node = &e;
    while (const ExprPtr* child = chain_child(*node)) {
        node = child->get();
    }
    if (node->is<AttributeReference>()) {
        return Root::Attribute;
    }
    if (node->is<NamedLambdaVariable>()) {
        return Root::LambdaVariable;
    }
    return Root::Other;
}

class Collector {
  public:
    Collector(const CollectOptions& options, const RootSink& sink)
        : options_(options), sink_(sink), recorder_(options.recorder) {}

    // `need` is taken by value and moved down extractor chains: each step wraps it once
    // instead of copying the whole requirement built so far.
    void walk(const ExprPtr& e, Requirement need, Root root = Root::Unknown, bool optional = false);

    /// Provenance (`--explain`): whether uses are being reported.
    bool recording() const { return recorder_ != nullptr; }
    /// walk(), with `reason` for what it reads whole, decided by the caller (an operator that
    /// compares rows whole, a generator rule).
    void walk_because(const ExprPtr& e, Requirement need, ReadReason reason);
    /// Walks `e` again with the need of one use found above it (on an alias it computes, on a
    /// lambda variable or a generated column): the uses it reaches are reported at `origin`,
    /// and no root field is added (the real walk added them).
    void replay(const ExprPtr& e, Requirement need, const UseSite& origin);
    /// Reports a use of column `id` the collector did not walk to (an operator's output).
    void record(ExprId id, const Requirement& need, const UseSite& site) {
        if (recorder_ != nullptr && !replaying_) {
            recorder_->add(id, need, site);
        }
    }

    /// Whether the expressions walked next are evaluated above an operator boundary (a join,
    /// INTERSECT, EXCEPT) relative to the scans they read: under `legacy` and `spark` only
    /// plain extractor chains then cross to the scan, as Spark's NestedColumnAliasing moves
    /// them; anything else needs its columns whole. `extended` ignores it.
    void set_crossing(bool crossing) { crossing_ = crossing && !at_least(Profile::Extended); }
    bool crossing() const { return crossing_; }
    /// What a subquery expression with `need` on its value turns into needs (collect_root_fields:
    /// its plan is collected as a query of its own).
    void set_subquery_rule(
        std::function<void(const Expr&, const SubqueryExpression&, const Requirement&)> rule) {
        subquery_rule_ = std::move(rule);
    }

  private:
    bool at_least(Profile p) const { return options_.profile >= p; }
    bool is_opaque(const Expr& e) const {
        return options_.opaque != nullptr && options_.opaque->count(&e) != 0;
    }

    void walk_children(const Expr& e) {
        for_each_child(e, [&](const ExprPtr& kid) { walk(kid, Requirement::all()); });
    }
    void walk_generic(const Expr& e);
    bool walk_step(const ExprPtr& e, Requirement& need, Root root, bool optional);
    void walk_null_check(const ExprPtr& child);
    void walk_hof(const ExprPtr& e, const HigherOrderFunction& hof, const Requirement& need,
                  Root root, bool optional);
    void replay_variables(const HigherOrderFunction& hof, int input, const ExprPtr& arg,
                          ReqKey part);
    bool walk_function(const ExprPtr& e, const ScalarFunction& f, const Requirement& need,
                       Root root, bool optional);
    /// Provenance: why `e`'s generic walk reads its children whole, or nothing when the need
    /// on `e` is whole and `e` passes its value on (then the reason above it stands).
    std::optional<ReadReason> generic_reason(const Expr& e, const Requirement& need,
                                             Root root) const;
    ReadReason step_reason(const Expr& e, Root root) const;
    void decide(std::optional<ReadReason> reason) {
        if (reason) {
            site_.reason = *reason;
        }
    }
    void record_use(ExprId id, const Requirement& need, const DataType& type);
    void walk_node(const ExprPtr& e, Requirement need, Root root, bool optional);
    bool step_allowed(const Expr& e, Root root) const { return step_allowed(e, root, profile()); }
    bool step_allowed(const Expr& e, Root root, Profile as) const;
    bool is_selected_field(const Expr& e, Profile as) const;
    Profile profile() const { return options_.profile; }

    const CollectOptions& options_;
    const RootSink& sink_;
    std::unordered_map<ExprId, Requirement> variable_needs_;
    std::function<void(const Expr&, const SubqueryExpression&, const Requirement&)> subquery_rule_;
    bool crossing_ = false;
    // Set while the chain of a null check that only the `spark` rules take for a selected
    // field is walked: its optional roots replace legacy's required ones (RootField).
    bool optional_replaces_required_ = false;

    // Provenance, kept only when recording. `site_` is the use being walked: the span of the
    // expression the current chain started at, the lambda it is in, its kind and the reason
    // for what is read whole; a walk restores it when it returns. `continuing_` marks the
    // walk of a chain's next step (same use), `pending_kind_` the kind of the next use.
    ProvenanceRecorder* recorder_ = nullptr;
    UseSite site_;
    bool continuing_ = false;
    UseKind pending_kind_ = UseKind::Field;
    bool replaying_ = false;
    int replay_lambda_depth_ = 0;
};

void Collector::record_use(ExprId id, const Requirement& need, const DataType& type) {
    UseSite site = site_;
    const bool nested =
        type.struct_type() != nullptr || type.array() != nullptr || type.map() != nullptr;
    if (site.kind == UseKind::Whole && !(need.whole && nested)) {
        site.kind = UseKind::Field; // a replayed use of a value, reaching part of a column
    }
    if (site.kind == UseKind::Field && need.whole && nested) {
        site.kind = UseKind::Whole; // a leaf read whole is just read
    }
    recorder_->add(id, need, site);
}

void Collector::walk_because(const ExprPtr& e, Requirement need, ReadReason reason) {
    if (recorder_ == nullptr) {
        walk(e, std::move(need));
        return;
    }
    const ReadReason saved = site_.reason;
    site_.reason = reason;
    walk(e, std::move(need));
    site_.reason = saved;
}

void Collector::replay(const ExprPtr& e, Requirement need, const UseSite& origin) {
    if (recorder_ == nullptr || replaying_) {
        return;
    }
    const UseSite saved = site_;
    const auto saved_variables = variable_needs_; // the replay's lambdas must not add to them
    site_ = origin;
    replaying_ = true;
    walk(e, std::move(need));
    replaying_ = false;
    pending_kind_ = UseKind::Field;
    site_ = saved;
    variable_needs_ = saved_variables;
}

/// Spark's generic walk: every child needed whole. A lambda's parameters are bindings, not
/// uses, so only its body is walked.
void Collector::walk_generic(const Expr& e) {
    if (const auto* lambda = e.as<LambdaFunction>()) {
        walk(lambda->body, Requirement::all());
        return;
    }
    walk_children(e);
}

void Collector::walk(const ExprPtr& e, Requirement need, Root root, bool optional) {
    if (recorder_ == nullptr) {
        walk_node(e, std::move(need), root, optional);
        return;
    }
    const UseSite saved = site_;
    if (!continuing_ && !replaying_) {
        // A new use starts here: at this expression (or where the last one with a span was
        // written, for a node the binder synthesized).
        if (e->span.end > e->span.begin) {
            site_.span = e->span;
        }
        site_.kind = std::exchange(pending_kind_, UseKind::Field);
    }
    if (replaying_) {
        pending_kind_ = UseKind::Field; // a replayed use keeps its own kind
    }
    continuing_ = false;
    walk_node(e, std::move(need), root, optional);
    site_ = saved;
}

void Collector::walk_node(const ExprPtr& e, Requirement need, Root root, bool optional) {
    if (const auto* s = e->as<SubqueryExpression>()) {
        if (replaying_) {
            // A replayed use of a scalar subquery's value is a use of its plan's column: its
            // plan replays it there when the walk meets the subquery, after the replays.
            if (s->kind == SubqueryKind::Scalar && replay_lambda_depth_ == 0) {
                const std::vector<ExprPtr> output = plan_output(s->plan());
                if (!output.empty()) {
                    record_use(output.front()->as<AttributeReference>()->id, present(need),
                               *output.front()->type);
                }
            }
            return;
        }
        if (subquery_rule_) {
            subquery_rule_(*e, *s, need);
        }
        return;
    }
    if (const auto* a = e->as<AttributeReference>()) {
        if (optional && !may_find_optional_roots(options_)) {
            throw InternalError("an optional root under a profile that has none");
        }
        if (recorder_ != nullptr) {
            if (replay_lambda_depth_ == 0) {
                record_use(a->id, present(need), *a->type);
            }
            if (replaying_) {
                return;
            }
        }
        sink_(RootField{a->id, present(std::move(need)), optional,
                        optional && optional_replaces_required_});
        return;
    }
    if (const auto* v = e->as<NamedLambdaVariable>()) {
        if (recorder_ != nullptr) {
            if (need.whole && site_.reason == ReadReason::None) {
                site_.reason = ReadReason::LambdaVariable;
            }
            // A replay reaching the variable of a lambda around it (an inner function's
            // element use, replayed onto an input computed from this variable) is a use of
            // that variable too: the enclosing function replays it onto its own input.
            if (replay_lambda_depth_ == 0) {
                record_use(v->id, need, *e->type);
            }
        }
        variable_needs_[v->id].merge(std::move(need));
        return;
    }
    if (const auto* alias = e->as<Alias>()) {
        walk(alias->child, std::move(need));
        return;
    }
    if (const auto* lambda = e->as<LambdaFunction>()) {
        walk(lambda->body, std::move(need));
        return;
    }
    if (const auto* n = e->as<IsNull>()) {
        walk_null_check(n->child);
        return;
    }
    if (const auto* n = e->as<IsNotNull>()) {
        walk_null_check(n->child);
        return;
    }
    if (root == Root::Unknown && chain_child(*e) != nullptr) {
        root = chain_root(*e);
    }
    if (const auto* hof = e->as<HigherOrderFunction>()) {
        walk_hof(e, *hof, need, root, optional);
        return;
    }
    if (const auto* f = e->as<ScalarFunction>()) {
        if (!walk_function(e, *f, need, root, optional)) {
            if (recorder_ != nullptr) {
                decide(generic_reason(*e, need, root));
                if (f->def->flow == ResultFlow::LengthOnly) {
                    pending_kind_ = UseKind::Size;
                }
            }
            walk_generic(*e);
        }
        return;
    }
    if (const auto* c = e->as<CaseWhen>();
        c != nullptr && at_least(Profile::Extended) && !need.whole && !is_opaque(*e)) {
        // X6/X7: the CASE's value is one of its branch values.
        for (const auto& [condition, value] : c->branches) {
            walk(condition, Requirement::all());
            walk(value, need);
        }
        if (c->else_value) {
            walk(c->else_value, need);
        }
        return;
    }
    if (!walk_step(e, need, root, optional)) {
        if (recorder_ != nullptr) {
            decide(generic_reason(*e, need, root));
        }
        walk_generic(*e);
    }
}

std::optional<ReadReason> Collector::generic_reason(const Expr& e, const Requirement& need,
                                                    Root root) const {
    const bool whole = need.whole;
    if (const auto* f = e.as<ScalarFunction>()) {
        const FunctionDef& def = *f->def;
        if (f->user_defined()) {
            return ReadReason::UserFunction;
        }
        if (def.flow == ResultFlow::Compare) {
            return def.name == "to_json" || def.name == "hash" ? ReadReason::Serialised
                                                               : ReadReason::Compared;
        }
        if (is_opaque(e)) {
            return ReadReason::RuleSwitchedOff;
        }
        if (def.flow == ResultFlow::LengthOnly) {
            return ReadReason::Size;
        }
        if (def.flow == ResultFlow::Opaque) {
            // A constructor passes the value it is given on; any other function reads it.
            const bool constructor = def.name == "array" || def.name == "map" ||
                                     def.name == "struct" || def.name == "named_struct";
            if (whole && constructor) {
                return std::nullopt;
            }
            return ReadReason::FunctionArgument;
        }
        if (whole) {
            if (def.flow == ResultFlow::ArrayElementsOfArg0 && !at_least(Profile::Spark) &&
                site_.reason == ReadReason::NullTest) {
                return ReadReason::PassThroughLegacy; // as for a higher-order function's result
            }
            return std::nullopt; // the value is passed on whole
        }
        if (crossing_) {
            return ReadReason::Boundary;
        }
        switch (def.flow) {
        case ResultFlow::ArrayElementsOfArg0:
            if (!at_least(Profile::Spark)) {
                return ReadReason::PassThroughLegacy;
            }
            return root == Root::Attribute ? ReadReason::NonConstantSubscript
                                           : ReadReason::ComputedChain;
        case ResultFlow::ArrayElementsOfAll:
        case ResultFlow::ArrayElementsFlatten:
            return ReadReason::ArrayCombined;
        case ResultFlow::ValueOfArgs:
        case ResultFlow::ElementIsArg0:
            return ReadReason::BranchValue;
        default:
            return ReadReason::FunctionArgument;
        }
    }
    if (const auto* b = e.as<BinaryOp>()) {
        switch (b->op) {
        case BinaryOpKind::EqualTo:
        case BinaryOpKind::EqualNullSafe:
        case BinaryOpKind::LessThan:
        case BinaryOpKind::LessThanOrEqual:
        case BinaryOpKind::GreaterThan:
        case BinaryOpKind::GreaterThanOrEqual:
            return ReadReason::Compared;
        default:
            return ReadReason::FunctionArgument;
        }
    }
    if (e.is<In>()) {
        return ReadReason::Compared;
    }
    if (const auto* c = e.as<Cast>()) {
        if (c->target->is(AtomicKind::String)) {
            return ReadReason::Serialised;
        }
    }
    if (whole) {
        return std::nullopt;
    }
    if (is_opaque(e)) {
        return ReadReason::RuleSwitchedOff;
    }
    if (crossing_) {
        return ReadReason::Boundary;
    }
    if (e.is<CaseWhen>()) {
        return ReadReason::BranchValue;
    }
    return ReadReason::FunctionArgument;
}

ReadReason Collector::step_reason(const Expr& e, Root root) const {
    if (crossing_) {
        return ReadReason::Boundary;
    }
    if (root == Root::LambdaVariable) {
        return ReadReason::LambdaStep;
    }
    if (root != Root::Attribute) {
        // What the chain is taken from: a branch or array-combining function extended looks
        // through (X6, X7), or another computed value.
        const Expr* bottom = &e;
        while (const ExprPtr* child = chain_child(*bottom)) {
            bottom = child->get();
        }
        if (bottom->is<CaseWhen>()) {
            return ReadReason::BranchValue;
        }
        if (const FunctionDef* def = function_def(*bottom)) {
            switch (def->flow) {
            case ResultFlow::ValueOfArgs:
            case ResultFlow::ElementIsArg0:
                return ReadReason::BranchValue;
            case ResultFlow::ArrayElementsOfAll:
            case ResultFlow::ArrayElementsFlatten:
                return ReadReason::ArrayCombined;
            default:
                break;
            }
        }
        return ReadReason::ComputedChain;
    }
    if (e.is<KnownNotContainsNull>()) {
        return ReadReason::PassThroughLegacy;
    }
    return ReadReason::NonConstantSubscript;
}

/// Whether the extractor step `e`, in a chain rooted at `root`, turns a need on its result
/// into a need on its input under the profile `as` (the current one but for
/// is_selected_field's comparison with `legacy`).
bool Collector::step_allowed(const Expr& e, Root root, Profile as) const {
    if (as >= Profile::Extended) {
        return true;
    }
    if (crossing_) {
        // Spark's extractor chains: fields, literal subscripts, map keys and values.
        if (root != Root::Attribute) {
            return false;
        }
        if (const auto* n = e.as<GetArrayItem>()) {
            return expr_foldable(*n->index);
        }
        if (const auto* n = e.as<GetMapValue>()) {
            return expr_foldable(*n->key);
        }
        return e.is<GetStructField>() || e.is<GetArrayStructFields>() || e.is<MapKeys>() ||
               e.is<MapValues>();
    }
    if (root == Root::LambdaVariable) {
        // Spark's collectLambdaVariableFields follows GetStructField chains only: a subscript
        // or map key on a lambda variable ends the chain (docs/RULES.md, X1 lifts this).
        return as >= Profile::Spark && e.is<GetStructField>();
    }
    if (root != Root::Attribute) {
        return false; // SelectedField ends at an attribute or fails
    }
    if (const auto* n = e.as<GetArrayItem>()) {
        return expr_foldable(*n->index);
    }
    if (const auto* n = e.as<GetMapValue>()) {
        return expr_foldable(*n->key);
    }
    if (const auto* n = e.as<ElementAt>()) {
        return expr_foldable(*n->right);
    }
    if (e.is<KnownNotContainsNull>()) {
        return as >= Profile::Spark;
    }
    return true;
}

/// `need` is consumed when `e` is a step (returns true) and left alone otherwise.
bool Collector::walk_step(const ExprPtr& e, Requirement& need, Root root, bool optional) {
    const bool allowed = step_allowed(*e, root);
    if (!allowed && recorder_ != nullptr && chain_child(*e) != nullptr &&
        !e->is<HigherOrderFunction>() && e->as<ScalarFunction>() == nullptr) {
        site_.reason = step_reason(*e, root); // restored when walk() of `e` returns
    }
    const auto keep_going = [&](const ExprPtr& child, Requirement child_need) {
        continuing_ = recorder_ != nullptr;
        walk(child, allowed ? std::move(child_need) : Requirement::all(), root,
             allowed && optional);
    };
    if (const auto* n = e->as<GetStructField>()) {
        keep_going(n->child,
                   Requirement::at(static_cast<ReqKey>(n->ordinal), present(std::move(need))));
        return true;
    }
    if (const auto* n = e->as<GetArrayStructFields>()) {
        keep_going(n->child,
                   Requirement::at(kElement,
                                   Requirement::at(static_cast<ReqKey>(n->ordinal),
                                                   present(part_of(std::move(need), kElement)))));
        return true;
    }
    if (const auto* n = e->as<GetArrayItem>()) {
        keep_going(n->child, Requirement::at(kElement, present(std::move(need))));
        walk(n->index, Requirement::all());
        return true;
    }
    if (const auto* n = e->as<GetMapValue>()) {
        Requirement map_need = Requirement::at(kValue, present(std::move(need)));
        map_need.kids[kKey] = Requirement::all();
        keep_going(n->child, std::move(map_need));
        walk(n->key, Requirement::all());
        return true;
    }
    if (const auto* n = e->as<ElementAt>()) {
        Requirement input_need;
        if (n->left->type->map() != nullptr) {
            input_need = Requirement::at(kValue, present(std::move(need)));
            input_need.kids[kKey] = Requirement::all();
        } else {
            input_need = Requirement::at(kElement, present(std::move(need)));
        }
        keep_going(n->left, std::move(input_need));
        walk(n->right, Requirement::all());
        return true;
    }
    if (const auto* n = e->as<MapKeys>()) {
        Requirement map_need = Requirement::at(kKey, present(part_of(std::move(need), kElement)));
        // Spark keeps the value type whole; the keys alone need only the entries, which any
        // one leaf of the value gives (X5).
        map_need.kids[kValue] =
            at_least(Profile::Extended) ? Requirement::one_leaf() : Requirement::all();
        if (recorder_ != nullptr && !at_least(Profile::Extended) && allowed) {
            // The values are read whole for their own reason (the keys' may be another).
            UseSite values = site_;
            values.reason = ReadReason::MapKeysValues;
            replay(n->child, Requirement::at(kValue, Requirement::all()), values);
        }
        keep_going(n->child, std::move(map_need));
        return true;
    }
    if (const auto* n = e->as<MapValues>()) {
        Requirement map_need = Requirement::at(kValue, present(part_of(std::move(need), kElement)));
        map_need.kids[kKey] = Requirement::all();
        keep_going(n->child, std::move(map_need));
        return true;
    }
    if (const auto* n = e->as<KnownNotContainsNull>()) {
        keep_going(n->child, std::move(need));
        return true;
    }
    return false;
}

/// Spark's SelectedField for IS [NOT] NULL (docs/RULES.md, "Optional root") under `as`: an
/// attribute, or a chain of allowed steps rooted at one with at least one field-selecting step.
bool Collector::is_selected_field(const Expr& e, Profile as) const {
    bool selects_field = false;
    const Expr* node = &e;
    while (const ExprPtr* child = chain_child(*node)) {
        if (!step_allowed(*node, Root::Attribute, as)) {
            return false;
        }
        if (const FunctionDef* def = function_def(*node)) {
            // Only Spark's 2026 pass-through functions are SelectedField steps.
            if (as < Profile::Spark || def->flow != ResultFlow::ArrayElementsOfArg0) {
                return false;
            }
        }
        if (const auto* hof = node->as<HigherOrderFunction>();
            hof != nullptr &&
            (as < Profile::Spark || hof->def->result != HofResult::InputElements)) {
            return false; // `filter`'s result is a SelectedField step from SPARK-57176 on
        }
        selects_field =
            selects_field || node->is<GetStructField>() || node->is<GetArrayStructFields>();
        node = child->get();
    }
    return node->is<AttributeReference>() && (selects_field || node == &e);
}

void Collector::walk_null_check(const ExprPtr& child) {
    if (recorder_ != nullptr) {
        pending_kind_ = UseKind::NullTest;
        // Under `extended` a null test reads one leaf: nothing more than it needs (X5).
        site_.reason = crossing_                     ? ReadReason::Boundary
                       : at_least(Profile::Extended) ? ReadReason::None
                                                     : ReadReason::NullTest;
    }
    if (crossing_) {
        // Above a boundary the tested value crosses as it is (a chain as its alias, a struct
        // whole): Spark's optional-root rule only sees the Filter right over a scan.
        walk(child, Requirement::all());
        return;
    }
    if (at_least(Profile::Extended)) {
        // X5: null-ness is readable from any one leaf.
        walk(child, Requirement::one_leaf());
        return;
    }
    if (chain_root(*child) == Root::Attribute && is_selected_field(*child, profile())) {
        // Where `legacy` sees no selected field it walks the chain for required roots: the
        // optional ones found here stand for them (RootField::replaces_required).
        const bool saved = optional_replaces_required_;
        optional_replaces_required_ = !is_selected_field(*child, Profile::Legacy);
        walk(child, Requirement::all(), Root::Attribute, /*optional=*/true);
        optional_replaces_required_ = saved;
        return;
    }
    if (child->is<NamedLambdaVariable>() && at_least(Profile::Spark)) {
        // SPARK-57176: `x IS [NOT] NULL` needs no field of the element (Some(Nil)).
        variable_needs_.try_emplace(child->as<NamedLambdaVariable>()->id);
        pending_kind_ = UseKind::Field; // no use: the next walk is not this test's
        return;
    }
    walk(child, Requirement::all());
}

/// The higher-order-function rule, one mechanism for every table row: walk the lambda bodies,
/// then turn the needs of the parameters bound to each collection's elements (and, for
/// functions that return their input's elements, the need on the result) into a need on that
/// collection argument.
void Collector::walk_hof(const ExprPtr& e, const HigherOrderFunction& hof, const Requirement& need,
                         Root root, bool optional) {
    const HofDef& def = *hof.def;
    // The needs of this function's lambda variables are read below and nowhere else (no use
    // of a variable is outside its lambda): they go when it is done, so the collector holds
    // the variables of the functions it is inside, not of every function walked so far.
    const auto forget_variables = [&] {
        for_each_lambda_variable(hof, [&](ExprId id) { variable_needs_.erase(id); });
    };
    if (!at_least(def.prunes_from) || is_opaque(*e) || crossing_) {
        if (recorder_ != nullptr) {
            const bool passes_on = need.whole && (def.result == HofResult::InputElements ||
                                                  def.result == HofResult::InputMap);
            if (is_opaque(*e)) {
                site_.reason = ReadReason::RuleSwitchedOff;
            } else if (crossing_) {
                site_.reason = ReadReason::Boundary;
            } else if (!passes_on) {
                site_.reason = def.prunes_from == Profile::Spark ? ReadReason::HigherOrderLegacy
                                                                 : ReadReason::HigherOrderSpark;
            } else if (site_.reason == ReadReason::NullTest && def.prunes_from == Profile::Spark) {
                // A null test of its result: Spark's 2026 rules take the chain through it for
                // a selected field (SPARK-57176), legacy the whole input.
                site_.reason = ReadReason::PassThroughLegacy;
            }
        }
        walk_generic(*e);
        forget_variables();
        return;
    }
    const bool spark_rules = !at_least(Profile::Extended);

    // The need on what each lambda returns: in `extended`, a transform's elements are the
    // body's values, so a need on the result's elements is a need on the body.
    Requirement body_need = Requirement::all();
    if (!spark_rules && def.result == HofResult::NewArray) {
        body_need = present(part_of(need, kElement));
    } else if (!spark_rules && def.result == HofResult::NewValues) {
        body_need = present(part_of(need, kValue));
    }

    for (const LambdaSpec& spec : def.lambdas) {
        const auto position = static_cast<std::size_t>(spec.position);
        if (position >= hof.args.size()) {
            continue;
        }
        const auto* lambda = hof.args[position]->as<LambdaFunction>();
        if (lambda == nullptr) {
            walk(hof.args[position], Requirement::all());
            continue;
        }
        const bool returns_collection_value =
            def.result == HofResult::NewArray || def.result == HofResult::NewValues;
        if (recorder_ != nullptr) {
            // Uses in the body are in this function's lambda; what they read whole is for
            // their own reasons, or because the function's value is needed whole.
            const UseSite saved = site_;
            if (!replaying_) {
                site_.lambda = e.get();
            }
            if (returns_collection_value && spark_rules && !need.whole && !need.empty()) {
                // Part of the array or map it builds is needed, but Spark's rules do not carry
                // that need into the lambda: the body is read whole, which X7 lifts.
                site_.reason = ReadReason::ComputedChain;
            } else if (!returns_collection_value || !need.whole) {
                site_.reason = ReadReason::None;
            }
            // In a replay, what the body reads is the replayed use's only when the body's need
            // comes from it (transform's values); a predicate's reads are its own.
            const int suppress = replaying_ && !returns_collection_value ? 1 : 0;
            replay_lambda_depth_ += suppress;
            walk(lambda->body, returns_collection_value ? body_need : Requirement::all());
            replay_lambda_depth_ -= suppress;
            site_ = saved;
            continue;
        }
        walk(lambda->body, returns_collection_value ? body_need : Requirement::all());
    }

    for (std::size_t position = 0; position < hof.args.size(); ++position) {
        const ExprPtr& arg = hof.args[position];
        if (arg->is<LambdaFunction>()) {
            continue;
        }
        const auto input = static_cast<int>(position);
        const bool is_collection = std::find(def.collection_args.begin(), def.collection_args.end(),
                                             input) != def.collection_args.end();
        if (!is_collection) {
            walk(arg, Requirement::all());
            continue;
        }

        // Merge the needs of every parameter bound to this collection's elements or values.
        Requirement element_need;
        bool has_lambda = false;
        bool comparator_may_return_null = false;
        for (const LambdaSpec& spec : def.lambdas) {
            const auto lambda_position = static_cast<std::size_t>(spec.position);
            if (lambda_position >= hof.args.size()) {
                continue;
            }
            const auto* lambda = hof.args[lambda_position]->as<LambdaFunction>();
            if (lambda == nullptr) {
                continue;
            }
            has_lambda = true;
            comparator_may_return_null = comparator_may_return_null || lambda->body->nullable;
            for (std::size_t i = 0; i < lambda->args.size() && i < spec.params.size(); ++i) {
                const ParamSpec& param = spec.params[i];
                const bool over_this_input =
                    param.input == input &&
                    (param.source == ParamSource::Element || param.source == ParamSource::Value);
                if (!over_this_input) {
                    continue;
                }
                const auto* variable = lambda->args[i]->as<NamedLambdaVariable>();
                const auto it = variable_needs_.find(variable->id);
                if (it != variable_needs_.end()) {
                    element_need.merge(it->second);
                }
            }
        }

        const ReqKey part = def.map_input ? kValue : kElement;
        const bool passes_input = def.result == HofResult::InputElements ||
                                  def.result == HofResult::InputMap ||
                                  (def.result == HofResult::NewKeys && position == 0);
        Requirement passed = passes_input ? need : Requirement{};
        if (replaying_ && passes_input) {
            // A replayed use reaches the input through the function's result only: what the
            // lambda reads is the lambda's own uses, reported by the real walk.
            element_need = Requirement{};
        }

        bool whole = element_need.whole || !has_lambda; // array_sort's natural ordering
        ReadReason why = !has_lambda ? ReadReason::Compared : ReadReason::None;
        if (spark_rules) {
            // Spark prunes only arrays of structs reached by a SelectedField chain from a
            // column (withDataType), and keeps a strict comparator that can return null whole.
            if (!whole) {
                if (root == Root::LambdaVariable) {
                    why = ReadReason::LambdaStep;
                } else if (chain_root(*arg) != Root::Attribute) {
                    why = ReadReason::ComputedChain;
                } else {
                    why = ReadReason::LambdaLimit;
                }
            }
            whole = whole || !is_struct_array(arg->type) || root == Root::LambdaVariable ||
                    chain_root(*arg) != Root::Attribute ||
                    (def.kind == HofKind::ArraySort && comparator_may_return_null);
            if (!passes_input && element_need.empty()) {
                whole = true; // Some(Nil): nothing to anchor the element on
            }
        }
        if (whole) {
            if (recorder_ != nullptr && why != ReadReason::None) {
                walk_because(arg, Requirement::all(), why);
            } else {
                walk(arg, Requirement::all());
            }
            if (recorder_ != nullptr) {
                replay_variables(hof, input, arg, part);
            }
            continue;
        }
        Requirement input_need = passed;
        if (!element_need.empty()) {
            input_need.merge(Requirement::at(part, element_need));
        } else if (!spark_rules) {
            input_need.merge(Requirement::at(part, Requirement::one_leaf())); // X5
        }
        if (def.map_input) {
            // Keys are compared and returned: never pruned through map lambdas.
            input_need.kids[kKey] = Requirement::all();
        }
        if (optional && passes_input && !element_need.empty()) {
            // Under IS [NOT] NULL the downstream field is an optional root, while the
            // lambda's own needs stay required (Spark adds them as separate root fields).
            walk(arg, present(passed), Root::Unknown, /*optional=*/true);
            walk(arg, Requirement::at(part, element_need));
            if (recorder_ != nullptr) {
                replay_variables(hof, input, arg, part);
            }
            continue;
        }
        walk(arg, present(std::move(input_need)), Root::Unknown, optional && passes_input);
        if (recorder_ != nullptr) {
            replay_variables(hof, input, arg, part);
        }
    }
    forget_variables();
}

/// Provenance: each use of a lambda variable bound to the elements (values) of input `input`
/// of `hof`, walked again through that input, so that what it reads is reported where the
/// lambda wrote it.
void Collector::replay_variables(const HigherOrderFunction& hof, int input, const ExprPtr& arg,
                                 ReqKey part) {
    if (recorder_ == nullptr || replaying_) {
        return;
    }
    for (const LambdaSpec& spec : hof.def->lambdas) {
        const auto position = static_cast<std::size_t>(spec.position);
        const auto* lambda =
            position < hof.args.size() ? hof.args[position]->as<LambdaFunction>() : nullptr;
        if (lambda == nullptr) {
            continue;
        }
        for (std::size_t i = 0; i < lambda->args.size() && i < spec.params.size(); ++i) {
            const ParamSpec& param = spec.params[i];
            if (param.input != input ||
                (param.source != ParamSource::Element && param.source != ParamSource::Value)) {
                continue;
            }
            const ExprId id = lambda->args[i]->as<NamedLambdaVariable>()->id;
            for (RecordedUse& use : recorder_->take(id)) {
                Requirement need = Requirement::at(part, present(std::move(use.need)));
                if (hof.def->map_input) {
                    need.kids[kKey] = Requirement::all();
                }
                replay(arg, std::move(need), use.site);
            }
        }
    }
}

/// Functions whose result is (part of) their arguments' values: a need on the result is a
/// need on those arguments. Returns false to fall back to the generic walk.
bool Collector::walk_function(const ExprPtr& e, const ScalarFunction& f, const Requirement& need,
                              Root root, bool optional) {
    const FunctionDef* def = f.def;
    if (f.user_defined() || is_opaque(*e) || crossing_) {
        return false;
    }
    // A length does not depend on what is needed of it; every other rule here passes the
    // need on the result through, which for a whole need is the generic walk.
    if (need.whole && def->flow != ResultFlow::LengthOnly) {
        return false;
    }
    const bool extended = at_least(Profile::Extended);
    // The rules below are about the function's own arguments; an aggregate's FILTER condition
    // is needed whole whatever the rule (after the switch).
    const std::span<const ExprPtr> args = f.inputs();
    const auto rest_whole = [&](std::size_t from) {
        for (std::size_t i = from; i < args.size(); ++i) {
            walk(args[i], Requirement::all());
        }
    };
    switch (def->flow) {
    case ResultFlow::Opaque:
    case ResultFlow::Compare:
        return false;
    case ResultFlow::LengthOnly:
        if (!extended || args.empty() ||
            (args[0]->type->array() == nullptr && args[0]->type->map() == nullptr)) {
            return false;
        }
        if (recorder_ != nullptr) {
            pending_kind_ = UseKind::Size;
            site_.reason = ReadReason::None; // one leaf: nothing more than a length needs
        }
        walk(args[0], Requirement::one_leaf()); // X5
        rest_whole(1);
        break;
    case ResultFlow::ArrayElementsOfArg0: {
        if (args.empty() || args[0]->type->array() == nullptr) {
            return false;
        }
        bool allowed = extended || (at_least(Profile::Spark) && root == Root::Attribute);
        if (allowed && !extended && def->name == "slice") {
            for (std::size_t i = 1; i < args.size(); ++i) {
                allowed = allowed && expr_foldable(*args[i]);
            }
        }
        if (!allowed) {
            return false;
        }
        walk(args[0], need, root, optional);
        rest_whole(1);
        break;
    }
    case ResultFlow::ArrayElementsOfAll:
        if (!extended || e->type->array() == nullptr) {
            return false;
        }
        for (const ExprPtr& arg : args) {
            walk(arg, need);
        }
        break;
    case ResultFlow::ArrayElementsFlatten:
        if (!extended || args.empty()) {
            return false;
        }
        walk(args[0], Requirement::at(kElement, present(need)), root);
        break;
    case ResultFlow::ValueOfArgs:
        if (!extended) {
            return false;
        }
        for (std::size_t i = 0; i < args.size(); ++i) {
            walk(args[i], static_cast<int>(i) < def->first_value_arg ? Requirement::all() : need);
        }
        break;
    case ResultFlow::ElementIsArg0:
        if (!extended || args.empty()) {
            return false;
        }
        walk(args[0], present(part_of(need, kElement)), root);
        rest_whole(1);
        break;
    }
    if (f.filtered) {
        walk(f.args.back(), Requirement::all());
    }
    return true;
}

} // namespace

namespace {

/// Spark's scan rule sees only the Project/Filter chain right over a scan; these operators
/// end it (what crosses them, crosses as extractor chains or whole columns). Sort, Aggregate,
/// Distinct, Limit and Offset move through or are planned as part of the chain; a UNION ALL
/// takes the projection over it into each input (PushProjectionThroughUnion). A Repartition
/// (Repartition, RepartitionByExpression, RebalancePartitions) is one NestedColumnAliasing
/// pushes extractors through, and nothing else: a higher-order function above it reads its
/// array whole; so is a Sample (TABLESAMPLE). So is a Window (Spark's analyzer computes its keys
/// and arguments below it).
bool is_boundary(const Plan& op) {
    if (op.as<Join>() != nullptr || op.as<Generate>() != nullptr ||
        op.as<Repartition>() != nullptr || op.as<Window>() != nullptr ||
        op.as<Sample>() != nullptr) {
        return true; // a Generate: NestedColumnAliasing does not push through it
    }
    const SetOperation* set = op.as<SetOperation>();
    return set != nullptr && set->kind != SetOpKind::Union;
}

/// For each operator, whether a boundary stands between it and the scans below it (the
/// operator itself included when it is one: a join's condition crosses to both sides).
std::unordered_map<const Plan*, bool> boundaries_below(const Plan& plan) {
    std::unordered_map<const Plan*, bool> below;
    std::vector<const Plan*> order; // pre-order; read backwards, inputs come before parents
    for_each_operator(plan, [&](const Plan& op) { order.push_back(&op); });
    for (auto it = order.rbegin(); it != order.rend(); ++it) {
        bool any = is_boundary(**it);
        for (const PlanPtr& input : plan_children(**it)) {
            any = any || below.at(input.get());
        }
        below.emplace(*it, any);
    }
    return below;
}

/// Spark's generator rule keeps, of each extractor chain on a generated column, its leading
/// struct fields (collectNestedGetStructFields, SPARK-38530): `friend.first` and
/// `friend.company.name` stay as they are, `friend.parts[0].code` and `size(friend.parts)`
/// (which RewriteSizeOfArrayStruct made `size(friend.parts.code)`) become `friend.parts`.
Requirement leading_fields(const Requirement& need) {
    if (need.whole || need.kids.empty()) {
        return need;
    }
    if (need.kids.begin()->first < 0) {
        return Requirement::all(); // an element, key or value: a node's parts are all of a kind
    }
    Requirement out;
    out.any_leaf = need.any_leaf;
    for (const auto& [key, kid] : need.kids) {
        out.kids.try_emplace(key, leading_fields(kid));
    }
    return out;
}

/// Whether leading_fields keeps `need` as it is: every path through it ends in a value read
/// whole, or in a field of a struct.
bool ends_in_whole_fields(const Requirement& need) {
    if (need.whole || need.kids.empty()) {
        return true;
    }
    if (need.kids.begin()->first < 0) {
        return false;
    }
    return std::all_of(need.kids.begin(), need.kids.end(),
                       [](const auto& kid) { return ends_in_whole_fields(kid.second); });
}

/// Whether `need` (on a struct) is one chain of struct fields ending in a whole field:
/// `friend.first`, `friend.company.name` (the single chain Spark's generator rule prunes to).
bool is_field_chain(const Requirement& need) {
    const Requirement* at = &need;
    while (!at->whole) {
        if (at->any_leaf || at->kids.size() != 1 || at->kids.begin()->first < 0) {
            return false;
        }
        at = &at->kids.begin()->second;
    }
    return at != &need;
}

/// The ids of the columns `g` generates.
std::unordered_set<ExprId> generated_ids(const Generate& g) {
    std::unordered_set<ExprId> ids;
    for (const ExprPtr& column : g.output) {
        ids.insert(column->as<AttributeReference>()->id);
    }
    return ids;
}

/// The conjuncts of a condition (`a AND (b AND c)` gives a, b, c).
std::vector<ExprPtr> split_conjuncts(const ExprPtr& condition) {
    std::vector<ExprPtr> out;
    std::vector<ExprPtr> pending{condition};
    while (!pending.empty()) {
        ExprPtr e = std::move(pending.back());
        pending.pop_back();
        const auto* b = e->as<BinaryOp>();
        if (b != nullptr && b->op == BinaryOpKind::And) {
            pending.push_back(b->right);
            pending.push_back(b->left);
        } else {
            out.push_back(std::move(e));
        }
    }
    return out;
}

/// Whether `e` reads a column of a query around its plan (an outer reference), not counting
/// the subqueries inside it, whose own rule sees theirs.
bool reads_outer(const ExprPtr& e) {
    bool found = false;
    visit_down(e, [&](const ExprPtr& node) {
        if (const auto* a = node->as<AttributeReference>()) {
            found = found || a->outer;
        }
        return !found && !node->is<SubqueryExpression>();
    });
    return found;
}

/// Whether `e` reads one of the columns `generated`.
bool reads_generated(const ExprPtr& e, const std::unordered_set<ExprId>& generated) {
    bool found = false;
    visit_down(e, [&](const ExprPtr& node) {
        if (const auto* a = node->as<AttributeReference>()) {
            found = found || generated.contains(a->id);
        }
        return !found;
    });
    return found;
}

/// Spark's pruning through a Generate needs a Project right above it (ColumnPruning's
/// GeneratorNestedColumnAliasing; docs/RULES.md, `spark`): for each Generate, whether the operator
/// over it is one, looking through Filters that read only the child's columns (PushDownPredicates
/// moves them below the Generate). An Aggregate counts (NestedColumnAliasing puts a Project of its
/// extractors below it), and so does a Generate (its argument's extractors go into a Project
/// below it). A Filter higher up that reads a generated column is pushed down to just over
/// the Generate (PushDownPredicates through Projects), so it gets in the way too.
std::unordered_map<const Plan*, bool> project_over_generates(const Plan& plan) {
    std::unordered_map<const Plan*, bool> out;
    bool any = false;
    for_each_operator(plan, [&](const Plan& op) { any = any || op.as<Generate>() != nullptr; });
    if (!any) {
        return out; // most plans: no maps to build
    }
    std::unordered_map<const Plan*, const Plan*> parent;
    std::vector<const Plan*> generates;
    std::vector<const Filter*> filters;
    for_each_operator(plan, [&](const Plan& op) {
        for (const PlanPtr& input : plan_children(op)) {
            parent.emplace(input.get(), &op);
        }
        if (op.as<Generate>() != nullptr) {
            generates.push_back(&op);
        }
        if (const Filter* filter = op.as<Filter>()) {
            filters.push_back(filter);
        }
    });
    for (const Plan* g : generates) {
        const std::unordered_set<ExprId> generated = generated_ids(*g->as<Generate>());
        const auto it = parent.find(g);
        const Plan* above = it == parent.end() ? nullptr : it->second;
        while (above != nullptr && above->as<Filter>() != nullptr &&
               !reads_generated(above->as<Filter>()->condition, generated)) {
            const auto next = parent.find(above);
            above = next == parent.end() ? nullptr : next->second;
        }
        const bool filtered =
            std::any_of(filters.begin(), filters.end(), [&](const Filter* filter) {
                return reads_generated(filter->condition, generated);
            });
        out.emplace(g, !filtered && above != nullptr &&
                           (above->as<Project>() != nullptr || above->as<Aggregate>() != nullptr ||
                            above->as<Generate>() != nullptr));
    }
    return out;
}

/// The ordinal of the field GenerateOptimization explodes for a count-only use of an array
/// of structs: the smallest defaultSize, the first on ties (SPARK-37450).
std::size_t smallest_field(const StructType& element) {
    std::size_t best = 0;
    for (std::size_t i = 1; i < element.size(); ++i) {
        if (default_size(*element[i].type) < default_size(*element[best].type)) {
            best = i;
        }
    }
    return best;
}

/// The need on a generator's input from the needs on its columns (`extended`): an element's
/// (or entry's) parts as its columns need them; only the input's size when none is needed.
Requirement generator_input_need(const Generate& g,
                                 const std::vector<std::optional<Requirement>>& needs) {
    const std::size_t first = g.kind == GeneratorKind::PosExplode ? 1 : 0; // after `pos`
    Requirement element;
    const TypePtr& type = g.args.front()->type;
    if (g.kind == GeneratorKind::Inline) {
        const StructType* fields = type->array()->element->struct_type();
        for (std::size_t i = 0; i < needs.size(); ++i) {
            if (needs[i]) {
                const auto ordinal =
                    fields->field_index(g.fields[i].view(), CaseSensitivity::Sensitive);
                Requirement field = *needs[i];
                element.merge(Requirement::at(static_cast<ReqKey>(ordinal.value()),
                                              field.empty() ? Requirement::one_leaf() : field));
            }
        }
        return element.empty() ? Requirement::one_leaf() : Requirement::at(kElement, element);
    }
    if (type->map() != nullptr) {
        Requirement entry;
        if (needs[first]) {
            entry.merge(Requirement::at(kKey, present(*needs[first])));
        }
        if (needs[first + 1]) {
            entry.merge(Requirement::at(kValue, present(*needs[first + 1])));
        }
        return entry.empty() ? Requirement::one_leaf() : entry;
    }
    if (needs[first]) {
        return Requirement::at(kElement, present(*needs[first]));
    }
    return Requirement::one_leaf();
}

} // namespace

void collect_root_fields(const Plan& plan, const CollectOptions& options, RootsByColumn& roots,
                         std::unordered_set<ExprId>* unused) {
    const RootSink sink = [&](RootField&& root) { roots.add(std::move(root)); };
    Collector collector(options, sink);
    const auto need_whole = [&](const std::vector<ExprPtr>& columns) {
        for (const ExprPtr& column : columns) {
            roots.add(RootField{column->as<AttributeReference>()->id, Requirement::all(), false});
        }
    };
    // The query's result is needed whole. Every operator is visited after every operator
    // above it (pre-order), so the needs on its outputs are complete when it is: each
    // computed column (an alias) passes its need to the expression computing it, which
    // passes it on to the columns below; a column passed up unchanged keeps its id, so its
    // need waits for the operator that makes it. An output nobody needs is never walked.
    need_whole(plan_output(plan));
    ProvenanceRecorder* const recorder = options.recorder;
    // Provenance: where each output column of the operator that computes `start`'s columns
    // (through those that pass their input's columns up) was written.
    const auto output_exprs = [](const Plan& start) -> const std::vector<ExprPtr>* {
        const Plan* op = &start;
        while (true) {
            if (const auto* n = op->as<Sort>()) {
                op = n->child.get();
            } else if (const auto* l = op->as<Limit>()) {
                op = l->child.get();
            } else if (const auto* o = op->as<Offset>()) {
                op = o->child.get();
            } else if (const auto* f = op->as<Filter>()) {
                op = f->child.get();
            } else if (const auto* d = op->as<Distinct>()) {
                op = d->child.get();
            } else if (const auto* r = op->as<Repartition>()) {
                op = r->child.get();
            } else if (const auto* set = op->as<SetOperation>()) {
                op = set->children.front().get(); // its output is its first input's columns
            } else {
                break;
            }
        }
        if (const auto* project = op->as<Project>()) {
            return &project->exprs;
        }
        if (const auto* aggregate = op->as<Aggregate>()) {
            return &aggregate->aggregates;
        }
        if (const auto* relation = op->as<Relation>()) {
            return &relation->output; // `TABLE t`: the scan is the query
        }
        return nullptr;
    };
    const auto output_id = [](const ExprPtr& e) -> std::optional<ExprId> {
        if (const auto* alias = e->as<Alias>()) {
            return alias->id;
        }
        if (const auto* a = e->as<AttributeReference>()) {
            return a->id;
        }
        return std::nullopt;
    };
    // Where column `id` was written: `span`, or for a column a synthesized Project passes on
    // (the one restoring a select list over a Sort), the first place below `start` that
    // names it with a span.
    const auto written_at = [](const Plan& start, ExprId id, Span span) {
        for_each_operator(start, [&](const Plan& op) {
            if (span.end > span.begin ||
                (op.as<Project>() == nullptr && op.as<Aggregate>() == nullptr)) {
                return; // a select list names the column (a sort key may too, later)
            }
            for (const ExprPtr& e : plan_expressions(op)) {
                const auto* a = e->as<AttributeReference>();
                const auto* alias = e->as<Alias>();
                if (((a != nullptr && a->id == id) || (alias != nullptr && alias->id == id)) &&
                    e->span.end > e->span.begin) {
                    span = e->span;
                    return;
                }
            }
        });
        return span;
    };
    // Every output column of `start` is needed whole: reported where it was written.
    const auto record_outputs = [&](const Plan& start, ReadReason reason, const char* clause,
                                    bool aliases) {
        if (recorder == nullptr) {
            return;
        }
        if (const std::vector<ExprPtr>* exprs = output_exprs(start)) {
            for (const ExprPtr& e : *exprs) {
                const std::optional<ExprId> id = output_id(e);
                if (id && (aliases || e->is<AttributeReference>())) {
                    const bool nested = e->type->struct_type() != nullptr ||
                                        e->type->array() != nullptr || e->type->map() != nullptr;
                    collector.record(*id, Requirement::all(),
                                     UseSite{written_at(start, *id, e->span), nullptr, clause,
                                             nested ? UseKind::Whole : UseKind::Field, reason});
                }
            }
        }
    };
    // The UNION inputs' columns that read what another input reads (set_column_need).
    std::unordered_set<ExprId> agreed_columns;
    // What every input of set column `column` of `op` reads besides the need above it, so the
    // inputs' pruned types agree (null: nothing).
    const auto set_column_need = [&](const Plan& op, std::size_t column) -> const Requirement* {
        if (options.set_column_needs == nullptr) {
            return nullptr;
        }
        const auto found = options.set_column_needs->find({&op, column});
        return found == options.set_column_needs->end() ? nullptr : &found->second;
    };
    // The uses of `id` found above, walked again through `e` (what computes it) with each
    // use's own need, mapped by `map`.
    const auto replay_uses = [&](ExprId id, const ExprPtr& e, const auto& map) {
        if (recorder == nullptr) {
            return;
        }
        if (const std::vector<RecordedUse>* uses = recorder->find(id)) {
            const std::vector<RecordedUse> copy = *uses; // the replay may add to the table
            for (const RecordedUse& use : copy) {
                collector.replay(e, map(use.need), use.site);
            }
        }
    };
    const auto same = [](const Requirement& need) { return need; };
    record_outputs(plan, ReadReason::None, nullptr, false);
    // Per operator of the plan and of its subqueries' plans (distinct operators: one map).
    std::unordered_map<const Plan*, bool> crossing;
    std::unordered_map<const Plan*, bool> project_over;
    const auto prepare = [&](const Plan& root) {
        crossing.merge(boundaries_below(root));
        std::unordered_map<const Plan*, bool> over = project_over_generates(root);
        if (over.empty()) {
            return;
        }
        // A Filter over a Generate that reads none of its generated columns is pushed below it
        // (PushDownPredicates): it is evaluated in the scan's chain, not above a boundary.
        for_each_operator(root, [&](const Plan& op) {
            const Filter* filter = op.as<Filter>();
            if (filter == nullptr) {
                return;
            }
            const Plan* below = filter->child.get();
            while (below->as<Filter>() != nullptr) {
                below = below->as<Filter>()->child.get();
            }
            const Generate* g = below->as<Generate>();
            if (g == nullptr) {
                return;
            }
            const std::unordered_set<ExprId> generated = generated_ids(*g);
            if (!reads_generated(filter->condition, generated)) {
                crossing[&op] = crossing.at(g->child.get());
            }
        });
        project_over.merge(over);
    };
    prepare(plan);
    // A need on column `id` turned whole (what crosses a Generate whole under Spark's rules).
    const auto make_whole = [&](ExprId id, const ExprPtr& where) {
        if (roots.take_need(id)) {
            roots.add(RootField{id, Requirement::all(), false});
            collector.record(
                id, Requirement::all(),
                UseSite{where->span, nullptr, nullptr, UseKind::Whole, ReadReason::Generator});
        }
    };
    const auto generate = [&](const Plan& op, const Generate& g) {
        std::vector<std::optional<Requirement>> needs;
        bool every = true;
        bool none = true;
        for (const ExprPtr& column : g.output) {
            needs.push_back(roots.take_need(column->as<AttributeReference>()->id));
            every = every && needs.back().has_value();
            none = none && !needs.back().has_value();
        }
        const auto column_id = [&](std::size_t i) {
            return g.output[i]->as<AttributeReference>()->id;
        };
        if (g.kind == GeneratorKind::JsonTuple) {
            // Its arguments are strings, read whole whatever its columns need. Spark's
            // GeneratorNestedColumnAliasing skips json_tuple (canPruneGenerator), so under
            // `spark` an extractor in an argument does not reach the scan: the columns it
            // reads cross whole, and so do the child's columns read above.
            if (options.profile >= Profile::Extended) {
                for (const ExprPtr& arg : g.args) {
                    collector.walk(arg, Requirement::all());
                }
                return;
            }
            for (const ExprPtr& arg : g.args) {
                visit_down(arg, [&](const ExprPtr& e) {
                    if (const auto* column = e->as<AttributeReference>()) {
                        roots.add(RootField{column->id, Requirement::all(), false});
                        collector.record(column->id, Requirement::all(),
                                         UseSite{arg->span, nullptr, nullptr, UseKind::Field,
                                                 ReadReason::Generator});
                    }
                    return true;
                });
            }
            for (const ExprPtr& column : plan_output(*g.child)) {
                make_whole(column->as<AttributeReference>()->id, g.args.front());
            }
            return;
        }
        if (g.kind == GeneratorKind::Stack) {
            // Column c of row r is argument 1 + r * width + c.
            collector.walk(g.args.front(), Requirement::all());
            const std::size_t width = g.output.size();
            for (std::size_t at = 1; at < g.args.size(); ++at) {
                const std::optional<Requirement>& need = needs[(at - 1) % width];
                const bool pass = options.profile >= Profile::Extended && need.has_value();
                collector.walk_because(g.args[at], pass ? present(*need) : Requirement::all(),
                                       need.has_value() ? ReadReason::Generator : ReadReason::None);
                if (pass) {
                    replay_uses(column_id((at - 1) % width), g.args[at],
                                [](const Requirement& n) { return present(n); });
                }
            }
            return;
        }
        const ExprPtr& input = g.args.front();
        if (options.profile >= Profile::Extended) {
            collector.walk(input, present(generator_input_need(g, needs)));
            for (std::size_t i = 0; i < g.output.size() && recorder != nullptr; ++i) {
                replay_uses(column_id(i), input, [&](const Requirement& n) {
                    std::vector<std::optional<Requirement>> one(g.output.size());
                    one[i] = n;
                    return present(generator_input_need(g, one));
                });
            }
            return;
        }
        // Spark 4 (docs/RULES.md, `spark`). ColumnPruning's first case re-fires while the Project
        // over the Generate leaves one of its columns unused, so GeneratorNestedColumnAliasing only
        // runs when every generated column is read (or none, and nothing else: the count-only
        // GenerateOptimization).
        const std::vector<ExprPtr> carried = plan_output(*g.child);
        bool child_needed = false;
        for (const ExprPtr& column : carried) {
            const ExprId id = column->as<AttributeReference>()->id;
            if (std::optional<Requirement> need = roots.take_need(id)) {
                child_needed = true;
                roots.add(RootField{id, std::move(*need), false});
            }
        }
        const bool project = project_over.at(&op);
        const bool explode_style =
            g.kind == GeneratorKind::Explode || g.kind == GeneratorKind::PosExplode;
        const ArrayType* array = input->type->array();
        const StructType* element = array != nullptr ? array->element->struct_type() : nullptr;
        if (project && none && !child_needed) {
            if (explode_style && element != nullptr && element->size() > 1) {
                collector.walk_because(
                    input,
                    Requirement::at(kElement,
                                    Requirement::at(static_cast<ReqKey>(smallest_field(*element)),
                                                    Requirement::all())),
                    ReadReason::Generator);
            } else {
                collector.walk_because(input, Requirement::all(), ReadReason::Generator);
            }
            return;
        }
        if (!project || !every) {
            // Nested accesses above stay above: the child's columns cross whole.
            for (const ExprPtr& column : carried) {
                make_whole(column->as<AttributeReference>()->id, input);
            }
            collector.walk_because(input, Requirement::all(), ReadReason::Generator);
            return;
        }
        const std::size_t col = g.kind == GeneratorKind::PosExplode ? 1 : 0;
        Requirement chain = explode_style && element != nullptr && needs[col]
                                ? leading_fields(*needs[col])
                                : Requirement{};
        if (is_field_chain(chain)) {
            collector.walk(input, Requirement::at(kElement, std::move(chain)));
            // Each use reads what it names; what the chain's end adds to it (the rest of
            // `friend.parts` for `friend.parts[0].code`) is read for the generator rule.
            if (const std::vector<RecordedUse>* uses =
                    recorder != nullptr ? recorder->find(column_id(col)) : nullptr) {
                const std::vector<RecordedUse> copy = *uses; // the replay may add to the table
                for (const RecordedUse& use : copy) {
                    collector.replay(input, Requirement::at(kElement, present(use.need)), use.site);
                    if (!ends_in_whole_fields(use.need)) {
                        UseSite site = use.site;
                        site.reason = ReadReason::Generator;
                        collector.replay(
                            input, Requirement::at(kElement, present(leading_fields(use.need))),
                            site);
                    }
                }
            }
            return;
        }
        collector.walk_because(input, Requirement::all(), ReadReason::Generator);
    };
    const auto collect_operators = [&](const Plan& root) {
        for_each_operator(root, [&](const Plan& op) {
            collector.set_crossing(crossing.at(&op));
            const auto computed = [&](const ExprPtr& e) {
                if (const auto* alias = e->as<Alias>()) {
                    if (std::optional<Requirement> need = roots.take_need(alias->id)) {
                        // The uses first: a scalar subquery's plan, collected by the walk,
                        // takes them on its column.
                        replay_uses(alias->id, alias->child, same);
                        // What a UNION's inputs read so they agree is read for that reason
                        // (the uses above name what is read for its value).
                        if (agreed_columns.contains(alias->id)) {
                            collector.walk_because(alias->child, std::move(*need),
                                                   ReadReason::UnionMismatch);
                        } else {
                            collector.walk(alias->child, std::move(*need));
                        }
                    } else if (unused != nullptr) {
                        unused->insert(alias->id);
                    }
                }
            };
            std::visit(
                [&](const auto& n) {
                    using T = std::decay_t<decltype(n)>;
                    if constexpr (std::is_same_v<T, Project>) {
                        std::for_each(n.exprs.begin(), n.exprs.end(), computed);
                    } else if constexpr (std::is_same_v<T, Aggregate>) {
                        for (const ExprPtr& g : n.grouping) {
                            const bool summed = options.summed_count_keys != nullptr &&
                                                options.summed_count_keys->contains(g.get());
                            collector.walk_because(g, Requirement::all(),
                                                   summed ? ReadReason::SummedCountKey
                                                          : ReadReason::Compared);
                        }
                        std::for_each(n.aggregates.begin(), n.aggregates.end(), computed);
                    } else if constexpr (std::is_same_v<T, Distinct>) {
                        need_whole(plan_output(*n.child)); // rows are compared whole
                        record_outputs(*n.child, ReadReason::Compared, "DISTINCT", true);
                    } else if constexpr (std::is_same_v<T, SetOperation>) {
                        if (n.kind != SetOpKind::Union) {
                            for (const PlanPtr& input : n.children) {
                                need_whole(plan_output(*input)); // rows are compared whole
                                record_outputs(
                                    *input, ReadReason::Compared,
                                    n.kind == SetOpKind::Intersect ? "INTERSECT" : "EXCEPT", true);
                            }
                            return;
                        }
                        // A UNION's column i is each input's column i: the same need on each.
                        const std::vector<ExprPtr> output = plan_output(*n.children.front());
                        std::vector<std::vector<ExprPtr>> inputs;
                        for (const PlanPtr& input : n.children) {
                            inputs.push_back(plan_output(*input));
                        }
                        for (std::size_t i = 0; i < output.size(); ++i) {
                            // A column nothing reads is still one of every input's (the width
                            // stays): read whole, a simplification Spark's pruning of unused
                            // UNION columns does not make.
                            const ExprId output_column = output[i]->as<AttributeReference>()->id;
                            std::optional<Requirement> need = roots.take_need(output_column);
                            ReadReason forced = ReadReason::None;
                            Requirement added; // what the column's need does not hold
                            if (!need) {
                                forced = ReadReason::UnionUnread;
                                added = Requirement::all();
                                need = added;
                            } else if (const Requirement* agreed = set_column_need(op, i)) {
                                forced = ReadReason::UnionMismatch;
                                added = *agreed;
                                need->merge(added);
                                for (const std::vector<ExprPtr>& input : inputs) {
                                    agreed_columns.insert(input[i]->as<AttributeReference>()->id);
                                }
                            }
                            // The uses above, of input 0's column (the output's id), are uses of
                            // every input's column i.
                            std::vector<RecordedUse> above;
                            if (recorder != nullptr && recorder->find(output_column) != nullptr) {
                                above = *recorder->find(output_column);
                            }
                            for (std::size_t k = 0; k < inputs.size(); ++k) {
                                const ExprId column = inputs[k][i]->as<AttributeReference>()->id;
                                roots.add(RootField{column, *need, false});
                                if (recorder == nullptr) {
                                    continue;
                                }
                                for (const RecordedUse& use : above) {
                                    if (column != output_column) {
                                        collector.record(column, use.need, use.site);
                                    }
                                }
                                // The first input computes the column (`SELECT 1 UNION ALL
                                // TABLE t`): the uses above are its alias's, not recorded as
                                // columns; each input's column i is then used where it is written.
                                const bool unlocated = forced == ReadReason::None && above.empty();
                                if (forced != ReadReason::None || unlocated) {
                                    const std::vector<ExprPtr>* exprs =
                                        output_exprs(*n.children[k]);
                                    const Span span = exprs != nullptr && i < exprs->size()
                                                          ? (*exprs)[i]->span
                                                          : Span{};
                                    const TypePtr& type = inputs[k][i]->type;
                                    const bool nested = type->struct_type() != nullptr ||
                                                        type->array() != nullptr ||
                                                        type->map() != nullptr;
                                    collector.record(column, unlocated ? Requirement::all() : added,
                                                     UseSite{span, nullptr,
                                                             unlocated ? nullptr : "UNION",
                                                             nested && (unlocated || added.whole)
                                                                 ? UseKind::Whole
                                                                 : UseKind::Field,
                                                             forced});
                                }
                            }
                        }
                    } else if constexpr (std::is_same_v<T, Generate>) {
                        generate(op, n);
                    } else if constexpr (std::is_same_v<T, Window>) {
                        // A window column passes its need to its function, as an aggregate does;
                        // the keys are needed whole, unless no column is needed: the rewrite then
                        // drops the Window, as Spark's ColumnPruning does. The child's columns pass
                        // through.
                        const bool any = std::any_of(
                            n.columns.begin(), n.columns.end(), [&](const ExprPtr& column) {
                                return roots.has_need(column->as<Alias>()->id);
                            });
                        std::for_each(n.columns.begin(), n.columns.end(), computed);
                        if (!any) {
                            return;
                        }
                        for (const ExprPtr& e : n.partition) {
                            collector.walk_because(e, Requirement::all(), ReadReason::Compared);
                        }
                        for (const SortOrder& o : n.order) {
                            collector.walk_because(o.child, Requirement::all(),
                                                   ReadReason::Compared);
                        }
                    } else if constexpr (std::is_same_v<T, Expand>) {
                        // Output column i is each projection's expression i: its need is a need
                        // on each of them, and a column nothing reads above is not made (the
                        // rewrite drops it, as Spark's ColumnPruning does). Spark's
                        // NestedColumnAliasing aliases the fields an Aggregate reads above the
                        // Expand, which passes the column whole: under its rules a column read in
                        // part is read whole.
                        const bool spark_rules = options.profile < Profile::Extended;
                        std::unordered_set<ExprId> passed;
                        for (const ExprPtr& column : plan_output(*n.child)) {
                            passed.insert(column->as<AttributeReference>()->id);
                        }
                        for (std::size_t i = 0; i < n.output.size(); ++i) {
                            const ExprPtr& column = n.output[i];
                            const ExprId id = column->as<AttributeReference>()->id;
                            std::optional<Requirement> need = roots.take_need(id);
                            if (!need) {
                                // A column the Expand makes (not one it passes through) is not
                                // made: its projections go unread.
                                if (unused != nullptr && !passed.contains(id)) {
                                    unused->insert(id);
                                }
                                continue;
                            }
                            // Projections that would read the column to different depths
                            // (UNPIVOT's columns): each reads what any reads, as a set
                            // operation's column.
                            const Requirement* agreed = set_column_need(op, i);
                            for (const std::vector<ExprPtr>& projection : n.projections) {
                                const ExprPtr& e = projection[i];
                                if (agreed != nullptr) {
                                    collector.walk_because(e, *agreed, ReadReason::UnionMismatch);
                                }
                                if (spark_rules && !need->whole) {
                                    collector.walk_because(e, Requirement::all(),
                                                           ReadReason::Expand);
                                } else {
                                    collector.walk(e, *need);
                                }
                                const auto* read = e->as<AttributeReference>();
                                if (read == nullptr || read->id != id) {
                                    replay_uses(id, e, same);
                                }
                            }
                        }
                    } else if constexpr (std::is_same_v<T, Relation> ||
                                         std::is_same_v<T, LocalRelation>) {
                        // Needs on a scan's columns wait for prune_schema.
                    } else {
                        // Filter, Sort, Limit, Offset, Join, Repartition: what the operator
                        // evaluates is needed whole; its outputs are its inputs' columns. Sort and
                        // partitioning keys are ordered or hashed as whole values.
                        const ReadReason why =
                            std::is_same_v<T, Sort> || std::is_same_v<T, Repartition>
                                ? ReadReason::Compared
                                : ReadReason::None;
                        for (const ExprPtr& e : plan_expressions(op)) {
                            collector.walk_because(e, Requirement::all(), why);
                        }
                    }
                },
                op.node);
        });
    };
    // A subquery expression's plan is a query of its own (Spark optimizes it on its own),
    // collected when the walk meets it: the operators that make the outer columns it reads
    // are below the one that evaluates it, so they are visited after it, as the order needs.
    collector.set_subquery_rule([&](const Expr& node, const SubqueryExpression& s,
                                    const Requirement& need) {
        const bool crossing_here = collector.crossing();
        const bool spark_rules = options.profile < Profile::Extended;
        if (const ExprPtr* value = s.value()) {
            collector.walk_because(*value, Requirement::all(), ReadReason::Compared);
        }
        // Spark's getRootFields sees a subquery expression as its outer references, whole
        // (SPARK-38977), and pulls the correlated predicates out of its plan before pruning it,
        // so the columns they read cross whole (SPARK-51381). `extended` reads what the
        // references inside need, as for any other expression.
        // (Reported where the subquery, or the predicate, was written.)
        const auto read_whole = [&](const ExprPtr& column, Span where) {
            const auto* a = column->as<AttributeReference>();
            roots.add(RootField{a->id, Requirement::all(), false});
            collector.record(
                a->id, Requirement::all(),
                UseSite{where, nullptr, nullptr, UseKind::Whole, ReadReason::Correlated});
        };
        if (spark_rules) {
            for (const ExprPtr& column : s.outer()) {
                read_whole(column, node.span);
            }
            for_each_operator(s.plan(), [&](const Plan& op) {
                if (op.as<Relation>() != nullptr) {
                    return;
                }
                for (const ExprPtr& e : plan_expressions(op)) {
                    std::vector<ExprPtr> parts{e};
                    if (const auto* filter = op.as<Filter>()) {
                        parts = split_conjuncts(filter->condition);
                    }
                    for (const ExprPtr& part : parts) {
                        if (!reads_outer(part)) {
                            continue;
                        }
                        visit_down(part, [&](const ExprPtr& n) {
                            if (n->is<AttributeReference>()) {
                                read_whole(n, part->span);
                            }
                            return !n->is<SubqueryExpression>();
                        });
                    }
                }
            });
        }
        const std::vector<ExprPtr> output = plan_output(s.plan());
        if (s.kind != SubqueryKind::Exists && !output.empty()) {
            const ExprId column = output.front()->as<AttributeReference>()->id;
            roots.add(RootField{column,
                                s.kind == SubqueryKind::Scalar ? present(need) : Requirement::all(),
                                false});
        }
        if (s.kind != SubqueryKind::Exists) { // its column is the value (compared, for IN)
            record_outputs(s.plan(),
                           s.kind == SubqueryKind::Scalar ? ReadReason::None : ReadReason::Compared,
                           nullptr, false);
        }
        prepare(s.plan());
        collect_operators(s.plan());
        collector.set_crossing(crossing_here);
    });
    collect_operators(plan);
}

bool may_find_optional_roots(const CollectOptions& options) {
    return options.profile < Profile::Extended; // walk_null_check
}

} // namespace prune
