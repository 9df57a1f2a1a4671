// The clause ranges of a statement, from its syntax tree.
//
//     WITH recent AS (SELECT * FROM t WHERE d > 1) SELECT s.a FROM recent
//       [33, 43) WHERE (CTE recent)    [55, 58) select item 1
//
// The walk visits every query block once; only clause boundaries are recorded, never
// expressions. The expressions of a clause are searched only for the queries inside them
// (subquery expressions), whose clauses are ranges within the clause's (`--explain` only).

#include "sql/clauses.hpp"

#include <algorithm>

namespace prune {

class ClauseMapBuilder {
  public:
    ClauseMapBuilder(ClauseMap& map, const SourceFile& source) : map_(map), source_(source) {}

    void query(const ast::Query& q, const std::string& block) {
        for (const ast::Cte& cte : q.ctes) {
            if (cte.query) {
                query(*cte.query, " (CTE " + cte.name.name + ")");
            }
        }
        if (const ast::Select* select = q.select()) {
            this->select(*select, block);
        } else if (const auto* set = std::get_if<ast::SetOperation>(&q.body)) {
            set_input(set->left, block);
            set_input(set->right, block);
        } else if (const auto* inner = std::get_if<ast::QueryPtr>(&q.body); inner && *inner) {
            query(**inner, block);
        }
        order_by(q.order_by, block);
        partitioning(q.partitioning, block);
    }

  private:
    void partitioning(const ast::ResultPartitioning& p, const std::string& block) {
        for (const ast::OrderItem& item : p.sort_by) {
            add(item.span, "SORT BY" + block);
        }
        for (const ast::ExprPtr& key : p.distribute_by) {
            if (key) {
                add(key->span, "DISTRIBUTE BY" + block);
            }
        }
        for (const ast::ExprPtr& key : p.cluster_by) {
            if (key) {
                add(key->span, "CLUSTER BY" + block);
            }
        }
    }

    void set_input(const ast::QueryPtr& input, const std::string& block) {
        if (!input) {
            return;
        }
        // An input that is itself a set operation names its own inputs.
        if (input->select() != nullptr) {
            query(*input, block.empty() ? " (query at " + at(input->span) + ")" : block);
        } else {
            query(*input, block);
        }
    }

    void select(const ast::Select& s, const std::string& block) {
        if (s.bare) { // `TABLE t` or `VALUES …` as a query: its relation is its output
            const bool table = std::holds_alternative<ast::TableRef>(s.from->node);
            add(s.span, (table ? "TABLE" : "VALUES") + block);
            return;
        }
        for (std::size_t i = 0; i < s.items.size(); ++i) {
            add(s.items[i].span, "select item " + std::to_string(i + 1) + block);
            subqueries(s.items[i].expr.get());
        }
        if (s.from) {
            from(*s.from, block);
        }
        if (s.where) {
            add(s.where->span, "WHERE" + block);
            subqueries(s.where.get());
        }
        for (const ast::ExprPtr& key : s.group_by) {
            if (key) {
                add(key->span, "GROUP BY" + block);
            }
        }
        for (const ast::GroupingAnalytics& g : s.grouping_analytics) {
            for (const ast::ExprPtr& key : g.exprs) {
                if (key) {
                    add(key->span, "GROUP BY" + block);
                }
            }
        }
        if (s.having) {
            add(s.having->span, "HAVING" + block);
            subqueries(s.having.get());
        }
        order_by(s.order_by, block);
        partitioning(s.partitioning, block);
        for (const ast::Hint& hint : s.hints) {
            add(hint.span, "hint " + hint.name.name + block);
        }
        for (const auto& [name, spec] : s.windows) {
            add(spec.span, "WINDOW " + name.name + block);
        }
    }

    void order_by(const std::vector<ast::OrderItem>& items, const std::string& block) {
        for (const ast::OrderItem& item : items) {
            add(item.span, "ORDER BY" + block);
        }
    }

    void from(const ast::FromItem& item, const std::string& block) {
        if (const auto* sub = std::get_if<ast::SubqueryRef>(&item.node); sub && sub->query) {
            query(*sub->query, " (subquery at " + at(item.span) + ")");
        } else if (const auto* join = std::get_if<ast::JoinRef>(&item.node)) {
            if (join->left) {
                from(*join->left, block);
            }
            if (join->right) {
                from(*join->right, block);
            }
            if (join->condition) {
                add(join->condition->span, "JOIN ON" + block);
            }
            for (const ast::Identifier& key : join->using_columns) {
                add(key.span, "JOIN USING" + block);
            }
            if (join->natural) {
                add(join->keyword, "NATURAL JOIN" + block);
            }
        } else if (const auto* generate = std::get_if<ast::GenerateRef>(&item.node)) {
            if (generate->left) {
                from(*generate->left, block);
            }
            if (generate->call) {
                add(generate->call->span,
                    (generate->lateral_view ? "LATERAL VIEW" : "LATERAL") + block);
            }
        } else if (const auto* pivot = std::get_if<ast::PivotRef>(&item.node)) {
            from(*pivot->input, block);
            for (const ast::PivotRef::Named& aggregate : pivot->aggregates) {
                add(aggregate.expr->span, "PIVOT" + block);
            }
            for (const ast::Identifier& column : pivot->columns) {
                add(column.span, "PIVOT FOR" + block);
            }
        } else if (const auto* unpivot = std::get_if<ast::UnpivotRef>(&item.node)) {
            from(*unpivot->input, block);
            for (const ast::PivotRef::Named& set : unpivot->sets) {
                add(set.expr->span, "UNPIVOT" + block);
            }
        }
    }

    std::string at(Span span) const {
        const Location l = source_.location(span.begin);
        return std::to_string(l.line) + ":" + std::to_string(l.column);
    }

    void add(Span span, std::string label) {
        if (span.end > span.begin) {
            map_.ranges_.push_back(ClauseMap::Range{span.begin, span.end, std::move(label)});
        }
    }

    /// The queries of the subquery expressions in `e`, each a block of its own. Iterative: an
    /// expression may be as deep as a statement is long.
    void subqueries(const ast::Expr* e) {
        std::vector<const ast::Expr*> pending{e};
        while (!pending.empty()) {
            const ast::Expr* node = pending.back();
            pending.pop_back();
            if (node == nullptr) {
                continue;
            }
            if (const auto* sub = std::get_if<ast::SubqueryExpr>(&node->node); sub && sub->query) {
                query(*sub->query, " (subquery at " + at(node->span) + ")");
            }
            ast::for_each_child(*node, [&](const ast::Expr* child) { pending.push_back(child); });
        }
    }

    ClauseMap& map_;
    const SourceFile& source_;
};

ClauseMap::ClauseMap(const ast::Statement& statement, const SourceFile& source) {
    ClauseMapBuilder builder(*this, source);
    builder.query(statement.query, "");
    std::stable_sort(ranges_.begin(), ranges_.end(), [](const Range& a, const Range& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end > b.end;
    });
}

std::string ClauseMap::clause_at(Span span) const {
    if (span.end <= span.begin) {
        return {};
    }
    // The innermost range holding the span's start: the last one starting at or before it
    // that still covers it (ranges nest, so a later start is a deeper one).
    const auto after =
        std::upper_bound(ranges_.begin(), ranges_.end(), span.begin,
                         [](std::uint32_t offset, const Range& r) { return offset < r.begin; });
    for (auto it = after; it != ranges_.begin();) {
        --it;
        if (it->end > span.begin) {
            return it->label;
        }
    }
    return {};
}

} // namespace prune
