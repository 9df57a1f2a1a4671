#include "plan/plan.hpp"
#include "util/overloaded.hpp"

#include <algorithm>
#include <stdexcept>

namespace prune {
namespace {

const PlanPtr kNoChild;

/// The operator itself, writable, when `plan` is the only handle to it.
Plan* sole(const PlanPtr& plan) {
    // Every plan is made non-const (make_plan), so writing through it is sound.
    return plan.use_count() == 1 ? const_cast<Plan*>(plan.get()) : nullptr;
}

} // namespace

PlanPtr make_plan(Plan::Node node) { return std::make_shared<Plan>(Plan{std::move(node)}); }

PlanPtr take_plan_child(PlanPtr& plan) {
    Plan* owned = sole(plan);
    if (owned == nullptr) {
        return plan_child(*plan);
    }
    return std::visit(Overloaded{[](Relation&) { return PlanPtr(); },
                                 [](auto& op) { return std::move(op.child); }},
                      owned->node);
}

std::vector<ExprPtr> take_plan_expressions(PlanPtr& plan) {
    Plan* owned = sole(plan);
    if (owned == nullptr) {
        return plan_expressions(*plan);
    }
    std::vector<ExprPtr> out;
    const auto take = [&](ExprPtr& slot) { out.push_back(std::move(slot)); };
    std::visit(
        Overloaded{[&](Relation& r) { std::for_each(r.output.begin(), r.output.end(), take); },
                   [&](Filter& f) { take(f.condition); },
                   [&](Project& p) { std::for_each(p.exprs.begin(), p.exprs.end(), take); },
                   [&](Aggregate& a) {
                       std::for_each(a.grouping.begin(), a.grouping.end(), take);
                       std::for_each(a.aggregates.begin(), a.aggregates.end(), take);
                   },
                   [&](Sort& s) {
                       for (SortOrder& o : s.order) {
                           take(o.child);
                       }
                   },
                   [&](Limit& l) { take(l.limit); }, [&](Offset& o) { take(o.offset); },
                   [](Distinct&) {}},
        owned->node);
    return out;
}

const PlanPtr& plan_child(const Plan& plan) {
    return std::visit(Overloaded{[](const Relation&) -> const PlanPtr& { return kNoChild; },
                                 [](const auto& op) -> const PlanPtr& { return op.child; }},
                      plan.node);
}

PlanPtr with_plan_child(const Plan& plan, PlanPtr child) {
    Plan copy = plan;
    std::visit(Overloaded{[](Relation&) {}, [&](auto& op) { op.child = std::move(child); }},
               copy.node);
    return std::make_shared<Plan>(std::move(copy));
}

std::vector<ExprPtr> plan_expressions(const Plan& plan) {
    return std::visit(Overloaded{[](const Relation& r) { return r.output; },
                                 [](const Filter& f) { return std::vector<ExprPtr>{f.condition}; },
                                 [](const Project& p) { return p.exprs; },
                                 [](const Aggregate& a) {
                                     std::vector<ExprPtr> out = a.grouping;
                                     out.insert(out.end(), a.aggregates.begin(),
                                                a.aggregates.end());
                                     return out;
                                 },
                                 [](const Sort& s) {
                                     std::vector<ExprPtr> out;
                                     for (const SortOrder& o : s.order) {
                                         out.push_back(o.child);
                                     }
                                     return out;
                                 },
                                 [](const Limit& l) { return std::vector<ExprPtr>{l.limit}; },
                                 [](const Offset& o) { return std::vector<ExprPtr>{o.offset}; },
                                 [](const Distinct&) { return std::vector<ExprPtr>{}; }},
                      plan.node);
}

PlanPtr with_plan_expressions(const Plan& plan, const std::vector<ExprPtr>& exprs) {
    Plan copy = plan;
    std::visit(Overloaded{[&](Relation& r) { r.output = exprs; },
                          [&](Filter& f) { f.condition = exprs.at(0); },
                          [&](Project& p) { p.exprs = exprs; },
                          [&](Aggregate& a) {
                              const auto n = static_cast<std::ptrdiff_t>(a.grouping.size());
                              a.grouping.assign(exprs.begin(), exprs.begin() + n);
                              a.aggregates.assign(exprs.begin() + n, exprs.end());
                          },
                          [&](Sort& s) {
                              for (std::size_t i = 0; i < s.order.size(); ++i) {
                                  s.order[i].child = exprs.at(i);
                              }
                          },
                          [&](Limit& l) { l.limit = exprs.at(0); },
                          [&](Offset& o) { o.offset = exprs.at(0); }, [](Distinct&) {}},
               copy.node);
    return std::make_shared<Plan>(std::move(copy));
}

const Relation& plan_relation(const Plan& plan) {
    const Plan* p = &plan;
    while (const PlanPtr& child = plan_child(*p)) {
        p = child.get();
    }
    const Relation* r = p->as<Relation>();
    if (r == nullptr) {
        throw std::logic_error("plan without a relation");
    }
    return *r;
}

PlanPtr with_plan_relation(const Plan& plan, const Relation& relation) {
    // Iterative: a plan is a chain of a handful of operators, but nothing here should recurse.
    std::vector<const Plan*> chain;
    for (const Plan* p = &plan; p->as<Relation>() == nullptr; p = plan_child(*p).get()) {
        chain.push_back(p);
    }
    PlanPtr rebuilt = make_plan(relation);
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        rebuilt = with_plan_child(**it, std::move(rebuilt));
    }
    return rebuilt;
}

} // namespace prune
