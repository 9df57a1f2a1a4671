#include "plan/plan.hpp"

#include <algorithm>

#include "diag/diagnostic.hpp"
#include "plan/tree.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

const PlanPtr kNoChild;

/// The operator itself, writable, when `plan` is the only handle to it.
Plan* sole(const PlanPtr& plan) {
    // Every plan is made non-const (make_plan), so writing through it is sound.
    return plan.use_count() == 1 ? const_cast<Plan*>(plan.get()) : nullptr;
}

/// The input slots of each operator kind, listed once: every reader and writer of a plan's
/// inputs goes through here, so they can never disagree about the order.
template <class Node, class F> void for_each_input(Node& node, F&& f) {
    std::visit(
        [&](auto& op) {
            using T = std::decay_t<decltype(op)>;
            if constexpr (std::is_same_v<T, Relation> || std::is_same_v<T, LocalRelation>) {
                return; // leaves
            } else if constexpr (std::is_same_v<T, Join>) {
                f(op.left);
                f(op.right);
            } else if constexpr (std::is_same_v<T, SetOperation>) {
                for (auto& child : op.children) {
                    f(child);
                }
            } else {
                f(op.child);
            }
        },
        node);
}

/// The expression slots of each operator kind, in plan_expressions order.
template <class Node, class F> void for_each_expression(Node& node, F&& f) {
    std::visit(
        [&](auto& op) {
            using T = std::decay_t<decltype(op)>;
            if constexpr (std::is_same_v<T, Relation>) {
                std::for_each(op.output.begin(), op.output.end(), f);
            } else if constexpr (std::is_same_v<T, LocalRelation>) {
                for (auto& row : op.rows) {
                    std::for_each(row.begin(), row.end(), f);
                }
            } else if constexpr (std::is_same_v<T, Filter>) {
                f(op.condition);
            } else if constexpr (std::is_same_v<T, Project>) {
                std::for_each(op.exprs.begin(), op.exprs.end(), f);
            } else if constexpr (std::is_same_v<T, Aggregate>) {
                std::for_each(op.grouping.begin(), op.grouping.end(), f);
                std::for_each(op.aggregates.begin(), op.aggregates.end(), f);
            } else if constexpr (std::is_same_v<T, Sort>) {
                for (auto& o : op.order) {
                    f(o.child);
                }
            } else if constexpr (std::is_same_v<T, Limit>) {
                f(op.limit);
            } else if constexpr (std::is_same_v<T, Offset>) {
                f(op.offset);
            } else if constexpr (std::is_same_v<T, Generate>) {
                std::for_each(op.args.begin(), op.args.end(), f);
            } else if constexpr (std::is_same_v<T, Repartition>) {
                std::for_each(op.keys.begin(), op.keys.end(), f);
            } else if constexpr (std::is_same_v<T, Window>) {
                std::for_each(op.columns.begin(), op.columns.end(), f);
                std::for_each(op.partition.begin(), op.partition.end(), f);
                for (auto& o : op.order) {
                    f(o.child);
                }
            } else if constexpr (std::is_same_v<T, Join>) {
                if (op.condition) {
                    f(op.condition);
                }
            } else if constexpr (std::is_same_v<T, Expand>) {
                for (auto& row : op.projections) {
                    std::for_each(row.begin(), row.end(), f);
                }
            } else {
                static_assert(std::is_same_v<T, Distinct> || std::is_same_v<T, SetOperation> ||
                                  std::is_same_v<T, Sample>,
                              "an operator kind without its expression slots");
            }
        },
        node);
}

/// A named expression as the column it outputs.
ExprPtr output_attribute(const ExprPtr& e) {
    if (const auto* alias = e->as<Alias>()) {
        return make_expr(AttributeReference{alias->name, alias->child->type, alias->id,
                                            alias->child->nullable, false},
                         e->span);
    }
    return e;
}

/// `columns` with every one nullable (the null-supplying side of an outer join).
std::vector<ExprPtr> nullable(std::vector<ExprPtr> columns) {
    for (ExprPtr& column : columns) {
        const auto* a = column->as<AttributeReference>();
        if (a != nullptr && !a->nullable) {
            AttributeReference copy = *a;
            copy.nullable = true;
            column = make_expr(std::move(copy), column->span);
        }
    }
    return columns;
}

} // namespace

PlanPtr make_plan(Plan::Node node) { return std::make_shared<Plan>(Plan{std::move(node)}); }

std::vector<PlanPtr> plan_children(const Plan& plan) {
    std::vector<PlanPtr> out;
    for_each_input(plan.node, [&](const PlanPtr& child) { out.push_back(child); });
    return out;
}

PlanPtr with_plan_children(const Plan& plan, std::vector<PlanPtr> children) {
    Plan copy = plan;
    std::size_t next = 0;
    for_each_input(copy.node, [&](PlanPtr& slot) {
        if (next >= children.size()) {
            throw InternalError("with_plan_children: too few inputs");
        }
        slot = std::move(children[next++]);
    });
    if (next != children.size()) {
        throw InternalError("with_plan_children: too many inputs");
    }
    return std::make_shared<Plan>(std::move(copy));
}

std::vector<PlanPtr> take_plan_children(PlanPtr& plan) {
    Plan* owned = sole(plan);
    if (owned == nullptr) {
        return plan_children(*plan);
    }
    std::vector<PlanPtr> out;
    for_each_input(owned->node, [&](PlanPtr& child) { out.push_back(std::move(child)); });
    return out;
}

const PlanPtr& plan_child(const Plan& plan) {
    const PlanPtr* only = &kNoChild;
    std::size_t count = 0;
    for_each_input(plan.node, [&](const PlanPtr& child) {
        only = &child;
        ++count;
    });
    if (count > 1) {
        throw InternalError("plan_child on an operator with several inputs");
    }
    return *only;
}

PlanPtr with_plan_child(const Plan& plan, PlanPtr child) {
    std::vector<PlanPtr> children;
    children.push_back(std::move(child));
    return with_plan_children(plan, std::move(children));
}

std::vector<ExprPtr> plan_expressions(const Plan& plan) {
    std::vector<ExprPtr> out;
    for_each_expression(plan.node, [&](const ExprPtr& e) { out.push_back(e); });
    return out;
}

std::vector<ExprPtr> take_plan_expressions(PlanPtr& plan) {
    Plan* owned = sole(plan);
    if (owned == nullptr) {
        return plan_expressions(*plan);
    }
    std::vector<ExprPtr> out;
    for_each_expression(owned->node, [&](ExprPtr& slot) { out.push_back(std::move(slot)); });
    return out;
}

PlanPtr with_plan_expressions(const Plan& plan, const std::vector<ExprPtr>& exprs) {
    Plan copy = plan;
    if (auto* a = std::get_if<Aggregate>(&copy.node)) {
        // Two lists in one: the split is the grouping list's length, which stays as it was.
        const auto n = static_cast<std::ptrdiff_t>(a->grouping.size());
        a->grouping.assign(exprs.begin(), exprs.begin() + n);
        a->aggregates.assign(exprs.begin() + n, exprs.end());
        return std::make_shared<Plan>(std::move(copy));
    }
    if (auto* r = std::get_if<Relation>(&copy.node)) {
        r->output = exprs; // a rewritten scan outputs fewer columns
        return std::make_shared<Plan>(std::move(copy));
    }
    if (auto* p = std::get_if<Project>(&copy.node)) {
        p->exprs = exprs; // a rewritten Project may pass fewer columns
        return std::make_shared<Plan>(std::move(copy));
    }
    if (auto* j = std::get_if<Join>(&copy.node)) {
        // Its slot may have been emptied by take_plan_expressions: not a guide to the count.
        j->condition = exprs.empty() ? nullptr : exprs.front();
        return std::make_shared<Plan>(std::move(copy));
    }
    std::size_t next = 0;
    for_each_expression(copy.node, [&](ExprPtr& slot) { slot = exprs.at(next++); });
    return std::make_shared<Plan>(std::move(copy));
}

std::vector<ExprPtr> plan_output(const Plan& plan) {
    return std::visit(
        Overloaded{[](const Relation& r) { return r.output; },
                   [](const LocalRelation& r) { return r.output; },
                   [](const Project& p) {
                       std::vector<ExprPtr> out;
                       out.reserve(p.exprs.size());
                       for (const ExprPtr& e : p.exprs) {
                           out.push_back(output_attribute(e));
                       }
                       return out;
                   },
                   [](const Aggregate& a) {
                       std::vector<ExprPtr> out;
                       out.reserve(a.aggregates.size());
                       for (const ExprPtr& e : a.aggregates) {
                           out.push_back(output_attribute(e));
                       }
                       return out;
                   },
                   [](const Join& j) {
                       std::vector<ExprPtr> left = plan_output(*j.left);
                       if (j.type == JoinType::LeftSemi || j.type == JoinType::LeftAnti) {
                           return left;
                       }
                       std::vector<ExprPtr> right = plan_output(*j.right);
                       if (j.type == JoinType::RightOuter || j.type == JoinType::FullOuter) {
                           left = nullable(std::move(left));
                       }
                       if (j.type == JoinType::LeftOuter || j.type == JoinType::FullOuter) {
                           right = nullable(std::move(right));
                       }
                       left.insert(left.end(), right.begin(), right.end());
                       return left;
                   },
                   [](const SetOperation& s) {
                       std::vector<ExprPtr> out = plan_output(*s.children.front());
                       if (s.kind != SetOpKind::Union) {
                           return out;
                       }
                       // Spark's Union: a column is nullable when it is in any input.
                       for (std::size_t c = 1; c < s.children.size(); ++c) {
                           const std::vector<ExprPtr> other = plan_output(*s.children[c]);
                           for (std::size_t i = 0; i < out.size() && i < other.size(); ++i) {
                               if (other[i]->nullable && !out[i]->nullable) {
                                   out[i] = nullable({out[i]}).front();
                               }
                           }
                       }
                       return out;
                   },
                   [](const Generate& g) {
                       std::vector<ExprPtr> out = plan_output(*g.child);
                       out.insert(out.end(), g.output.begin(), g.output.end());
                       return out;
                   },
                   [](const Expand& e) { return e.output; },
                   [](const Window& w) {
                       std::vector<ExprPtr> out = plan_output(*w.child);
                       for (const ExprPtr& e : w.columns) {
                           out.push_back(output_attribute(e));
                       }
                       return out;
                   },
                   [](const auto& op) { return plan_output(*op.child); }},
        plan.node);
}

void for_each_subquery(const Expr& e, const std::function<void(const SubqueryExpression&)>& f) {
    if (!e.subqueries) {
        return;
    }
    if (const auto* s = e.as<SubqueryExpression>()) {
        f(*s);
    }
    for_each_child(e, [&](const ExprPtr& child) { for_each_subquery(*child, f); });
}

void for_each_subquery(const Plan& op, const std::function<void(const SubqueryExpression&)>& f) {
    if (op.as<Relation>() != nullptr) {
        return;
    }
    for (const ExprPtr& e : plan_expressions(op)) {
        for_each_subquery(*e, f);
    }
}

void for_each_plan(const Plan& plan, const std::function<void(const Plan&)>& visit) {
    visit(plan);
    for_each_operator(plan, [&](const Plan& op) {
        for_each_subquery(op, [&](const SubqueryExpression& s) { for_each_plan(s.plan(), visit); });
    });
}

std::vector<const Relation*> plan_relations(const Plan& plan) {
    std::vector<const Relation*> out;
    // Recursion over the operator tree only (its depth is the query's nesting).
    const auto visit = [&](const auto& self, const Plan& op) -> void {
        if (const Relation* r = op.as<Relation>()) {
            out.push_back(r);
            return;
        }
        for (const PlanPtr& input : plan_children(op)) {
            self(self, *input);
        }
        for_each_subquery(op, [&](const SubqueryExpression& s) { self(self, s.plan()); });
    };
    visit(visit, plan);
    return out;
}

const Relation& plan_relation(const Plan& plan) {
    const std::vector<const Relation*> relations = plan_relations(plan);
    if (relations.size() != 1) {
        throw InternalError("plan_relation on a plan of " + std::to_string(relations.size()) +
                            " scans");
    }
    return *relations.front();
}

ExprPtr map_subquery_plans(const ExprPtr& e, const std::function<PlanPtr(const PlanPtr&)>& f) {
    if (!e->subqueries) {
        return e;
    }
    const std::optional<ExprChildren> kids =
        mapped_children(*e, [&](const ExprPtr& child) { return map_subquery_plans(child, f); });
    ExprPtr out = kids ? with_children(e, std::span<const ExprPtr>(kids->begin(), kids->end())) : e;
    if (const auto* s = out->as<SubqueryExpression>()) {
        PlanPtr mapped = f(s->query->plan);
        if (mapped != s->query->plan) {
            SubqueryExpression copy = *s;
            copy.query =
                make_ref<const SubqueryPlan>(SubqueryPlan{std::move(mapped), s->query->id, {}});
            out = make_expr(std::move(copy), out->span);
        }
    }
    return out;
}

PlanPtr with_plan_relations(const Plan& plan, const std::vector<const Relation*>& relations) {
    std::size_t next = 0;
    // Recursion over the operator tree only (its depth is the query's nesting, not its width).
    // Relations come in plan_relations order: an operator's inputs', then its subqueries'.
    const auto rebuild = [&](const auto& self, const Plan& op) -> PlanPtr {
        if (op.as<Relation>() != nullptr) {
            if (next >= relations.size()) {
                throw InternalError("with_plan_relations: too few relations");
            }
            return make_plan(*relations[next++]);
        }
        std::vector<PlanPtr> children = plan_children(op);
        for (PlanPtr& child : children) {
            child = self(self, *child);
        }
        PlanPtr out =
            children.empty() ? make_plan(op.node) : with_plan_children(op, std::move(children));
        bool any = false;
        for_each_subquery(*out, [&](const SubqueryExpression&) { any = true; });
        if (any) {
            std::vector<ExprPtr> exprs = plan_expressions(*out);
            for (ExprPtr& e : exprs) {
                e = map_subquery_plans(e, [&](const PlanPtr& inner) { return self(self, *inner); });
            }
            out = with_plan_expressions(*out, exprs);
        }
        return out;
    };
    PlanPtr out = rebuild(rebuild, plan);
    if (next != relations.size()) {
        throw InternalError("with_plan_relations: too many relations");
    }
    return out;
}

const char* join_type_name(JoinType type) {
    switch (type) {
    case JoinType::Inner:
        return "Inner";
    case JoinType::Cross:
        return "Cross";
    case JoinType::LeftOuter:
        return "LeftOuter";
    case JoinType::RightOuter:
        return "RightOuter";
    case JoinType::FullOuter:
        return "FullOuter";
    case JoinType::LeftSemi:
        return "LeftSemi";
    case JoinType::LeftAnti:
        return "LeftAnti";
    }
    return "?";
}

const char* generator_name(GeneratorKind kind) {
    switch (kind) {
    case GeneratorKind::Explode:
        return "explode";
    case GeneratorKind::PosExplode:
        return "posexplode";
    case GeneratorKind::Inline:
        return "inline";
    case GeneratorKind::Stack:
        return "stack";
    case GeneratorKind::JsonTuple:
        return "json_tuple";
    }
    return "?";
}

const char* repartition_name(RepartitionKind kind) {
    switch (kind) {
    case RepartitionKind::RoundRobin:
    case RepartitionKind::Coalesce:
        return "Repartition";
    case RepartitionKind::ByExpression:
    case RepartitionKind::ByRange:
        return "RepartitionByExpression";
    case RepartitionKind::Rebalance:
        return "RebalancePartitions";
    }
    return "?";
}

std::string window_frame_string(const WindowFrameSpec& frame) {
    const auto bound = [](const WindowBound& b) -> std::string {
        switch (b.kind) {
        case WindowBoundKind::UnboundedPreceding:
            return "unboundedpreceding$()";
        case WindowBoundKind::UnboundedFollowing:
            return "unboundedfollowing$()";
        case WindowBoundKind::CurrentRow:
            return "currentrow$()";
        case WindowBoundKind::Offset:
            return std::to_string(b.offset);
        }
        return "?";
    };
    return std::string("specifiedwindowframe(") +
           (frame.type == WindowFrameType::Rows ? "RowFrame, " : "RangeFrame, ") +
           bound(frame.lower) + ", " + bound(frame.upper) + ")";
}

const char* repartition_kind_name(RepartitionKind kind) {
    switch (kind) {
    case RepartitionKind::RoundRobin:
        return "round_robin";
    case RepartitionKind::Coalesce:
        return "coalesce";
    case RepartitionKind::ByExpression:
        return "by_expression";
    case RepartitionKind::ByRange:
        return "by_range";
    case RepartitionKind::Rebalance:
        return "rebalance";
    }
    return "?";
}

const char* set_operation_name(const SetOperation& op) {
    switch (op.kind) {
    case SetOpKind::Union:
        return "Union";
    case SetOpKind::Intersect:
        return "Intersect";
    case SetOpKind::Except:
        return "Except";
    }
    return "?";
}

} // namespace prune
