// The analyzer: one SELECT statement + the catalog -> the bound plan (Spark: the Analyzer's
// ResolveRelations, ResolveReferences, ResolveLambdaVariables, ResolveAliases, ...).
//
//     contacts(id INT, name STRUCT<first: STRING, last: STRING>, p INT)   partition p
//
//     SELECT name.first, count(*) FROM contacts WHERE id > 0 GROUP BY name.first ORDER BY 2 DESC
//
//     Sort [count(1)#5 DESC NULLS LAST]
//       Aggregate grouping=[name#1.first] aggregates=[name#1.first AS first#3,
//                                                      count(1) AS count(1)#4]
//         Filter (id#0 > 0)
//           Relation contacts [id#0, name#1, p#2]    schema struct<id:int,name:struct<...>>
//
// Expression ids: the relation's columns take 0..n-1 in table order; every new binding then
// takes the next id in the order the binder meets it: select items left to right (inside an
// item: lambda variables as met, then the item's alias), then WHERE, GROUP BY, HAVING and
// ORDER BY. BoundStatement::next_id is the first id left free.
//
// Clause binding (a simplification of Spark's resolution rules, documented here once):
// - A select item may name an alias an earlier item defines, when no column has the name
//   (Spark's lateral column aliases); a Project below the select list's computes it (see
//   lateral_projects). An aggregating select list first becomes a Project over the
//   Aggregate (lift_over_aggregate); HAVING next to it is not modeled (an error says so).
// - GROUP BY binds against the relation; an integer literal is a select-list position; a
//   single-part name that is no column may name a select alias and stands for its expression.
// - HAVING binds against the relation (aggregates allowed); a name that is no column may name a
//   select alias and refers to the alias output.
// - ORDER BY resolves names against the select list's output names first, then against the
//   relation; an integer literal is a select-list position. The sort keys reference the output
//   attribute (the alias's id) when they name a select item.
// - HAVING and the sort keys read what the select list outputs. Over a Project, the columns
//   the keys read beyond it are added whole to that Project (Spark's ResolveReferencesInSort).
//   Over an Aggregate, each part of HAVING or a key that the Aggregate computes becomes its
//   output column, and an aggregate call or grouping expression it does not compute is added
//   to its list (Spark's ResolveAggregateFunctions). Either way a Project above the Sort or
//   the Filter restores the select list:
//
//       SELECT id FROM contacts ORDER BY name.first
//
//       Project [id#0]
//         Sort [name#1.first ASC NULLS FIRST]
//           Project [id#0, name#1]
//             Relation contacts [id#0, name#1, p#2]
//
//       SELECT name.first FROM contacts GROUP BY name.first HAVING count(*) > 1
//
//       Project [first#3]
//         Filter (count(1)#4 > 1)
//           Aggregate grouping=[name#1.first] aggregates=[name#1.first AS first#3,
//                                                          count(1) AS count(1)#4]
//
//   Under DISTINCT a key that needs anything added is an error, as in Spark (SPARK-17863: it
//   would change which rows are distinct).
// - A query aggregates when it has GROUP BY or HAVING or an aggregate in the select list,
//   HAVING or ORDER BY; then every column used outside an aggregate must be grouped.

#include <algorithm>
#include <functional>
#include <span>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

#include "plan/analyzer.hpp"
#include "plan/analyzer_internal.hpp"
#include "plan/tree.hpp"
#include "plan/typing.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace analyzer_detail {
namespace {

// The integer value of an unsuffixed integer literal (a GROUP BY / ORDER BY position).
std::optional<long long> position_literal(const ast::Expr& e) {
    const auto* lit = std::get_if<ast::Literal>(&e.node);
    if (lit == nullptr || lit->kind != ast::LiteralKind::Integer ||
        lit->suffix != ast::IntegerSuffix::None || lit->text.size() > 9) {
        return std::nullopt;
    }
    return std::stoll(lit->text.str());
}

// Expressions looked up by structure (same_expr). A structural hash that equal expressions
// share sends each lookup only to the entries that can match it (the GROUP BY and select
// lists of generated queries are long); it is memoized, so every node is hashed once.
class ExprIndex {
  public:
    /// Expressions equal to `key` find `value`; of several equal keys, the first added.
    void add(const ExprPtr& key, ExprPtr value) {
        entries_.emplace(signature(*key), Entry{key, std::move(value), entries_.size()});
    }

    /// The value of the first key equal to `e`, or null.
    const ExprPtr* find(const Expr& e) const {
        const Entry* found = nullptr;
        const auto [first, last] = entries_.equal_range(signature(e));
        for (auto it = first; it != last; ++it) {
            if ((found == nullptr || it->second.order < found->order) &&
                same_expr(e, *it->second.key)) {
                found = &it->second;
            }
        }
        return found != nullptr ? &found->value : nullptr;
    }

  private:
    struct Entry {
        ExprPtr key;
        ExprPtr value;
        std::size_t order;
    };

    std::size_t signature(const Expr& e) const {
        if (const auto it = hashes_.find(&e); it != hashes_.end()) {
            return it->second;
        }
        std::size_t key = e.node.index();
        auto mix = [&key](std::size_t v) { key = key * 1000003 ^ (v + 0x9e3779b9 + (key << 6)); };
        if (const auto* a = e.as<AttributeReference>()) {
            mix(static_cast<std::size_t>(a->id));
        } else if (const auto* v = e.as<NamedLambdaVariable>()) {
            mix(static_cast<std::size_t>(v->id));
        } else if (const auto* g = e.as<GetStructField>()) {
            mix(g->ordinal);
        } else if (const auto* ga = e.as<GetArrayStructFields>()) {
            mix(ga->ordinal);
        } else if (const auto* l = e.as<Literal>()) {
            mix(std::hash<Name>{}(l->text));
        } else if (const auto* f = e.as<ScalarFunction>()) {
            mix(std::hash<std::string_view>{}(f->name()));
        }
        for_each_child(e, [&](const ExprPtr& kid) { mix(signature(*kid)); });
        hashes_.emplace(&e, key);
        return key;
    }

    // By address: the nodes hashed must outlive the index (its users keep them alive).
    mutable std::unordered_map<const Expr*, std::size_t> hashes_;
    std::unordered_multimap<std::size_t, Entry> entries_;
};

// The checks an aggregating query makes of the expressions above the Aggregate: a column
// reference outside any aggregate must be (part of) a grouping expression.
class GroupingCheck {
  public:
    GroupingCheck(const std::vector<ExprPtr>& grouping, std::size_t relation_columns)
        : relation_columns_(relation_columns) {
        for (const ExprPtr& g : grouping) {
            grouping_.add(g, g);
        }
    }

    // The outermost offending expression (an ungrouped column, or the field chain over it).
    ExprPtr find_ungrouped(const ExprPtr& e) const {
        if (grouping_.find(*e) != nullptr || is_aggregate_call(*e)) {
            return nullptr;
        }
        if (const auto* a = e->as<AttributeReference>()) {
            // Alias outputs (ids past the relation's columns) are computed above the grouping.
            return a->id < static_cast<ExprId>(relation_columns_) ? e : nullptr;
        }
        const bool field_chain = e->is<GetStructField>() || e->is<GetArrayStructFields>();
        ExprPtr bad;
        for_each_child(*e, [&](const ExprPtr& kid) {
            if (!bad) {
                bad = find_ungrouped(kid);
            }
        });
        return bad && field_chain ? e : bad;
    }

  private:
    ExprIndex grouping_;
    std::size_t relation_columns_;
};

// HAVING and ORDER BY over an Aggregate read its output (Spark's ResolveAggregateFunctions).
// `over_aggregate` rewrites an expression from the top down: a part the Aggregate's list
// computes (an item, or the child of an aliased one) becomes that output's column; an
// aggregate call or a grouping expression the list lacks is appended to it (a column as
// itself, anything else aliased by its pretty SQL) and becomes the new output's column.
// Within one clause lookups see the list as the clause found it, as in Spark (a call written
// twice is added twice); `commit` lets the next clause see what this one added.
class AggregateOutputs {
  public:
    AggregateOutputs(Binder& binder, const std::vector<ExprPtr>& items,
                     const std::vector<ExprPtr>& grouping)
        : binder_(binder) {
        for (const ExprPtr& item : items) {
            index(item);
        }
        for (const ExprPtr& g : grouping) {
            grouping_.add(g, g);
        }
    }

    ExprPtr over_aggregate(const ExprPtr& e) {
        // The index remembers hashes by node address: what it has looked at stays alive with
        // it, so no later node can take an address it remembers.
        looked_at_.push_back(e);
        return transform_down(e, [&](const ExprPtr& node) -> ExprPtr {
            if (const ExprPtr* item = outputs_.find(*node)) {
                return node->is<AttributeReference>() ? node
                                                      : OutputRef{*item}.attribute(node->span);
            }
            if (node->is<AttributeReference>() && grouping_.find(*node) != nullptr) {
                // A column is listed once: a second listing would output nothing new.
                if (std::none_of(added_.begin(), added_.end(),
                                 [&](const ExprPtr& a) { return same_expr(*a, *node); })) {
                    added_.push_back(node);
                }
                return node;
            }
            if (is_aggregate_call(*node) || grouping_.find(*node) != nullptr) {
                added_.push_back(make_expr(
                    Alias{node, pretty_sql(*node, binder_.pretty()), binder_.fresh_id()}));
                return OutputRef{added_.back()}.attribute(node->span);
            }
            return node;
        });
    }

    /// What the clauses added to the Aggregate's list, in order.
    const std::vector<ExprPtr>& added() const { return added_; }

    void commit() {
        for (; committed_ < added_.size(); ++committed_) {
            index(added_[committed_]);
        }
    }

  private:
    void index(const ExprPtr& item) {
        const auto* alias = item->as<Alias>();
        outputs_.add(alias != nullptr ? alias->child : item, item);
    }

    Binder& binder_;
    ExprIndex outputs_;
    ExprIndex grouping_;
    std::vector<ExprPtr> added_;
    std::size_t committed_ = 0;
    std::vector<ExprPtr> looked_at_;
};

// The relation columns `e` reads, appended to `used` in order of first use (each once, as
// the relation's own node).
void add_columns_used(const ExprPtr& e, const std::vector<ExprPtr>& columns,
                      std::vector<ExprPtr>& used) {
    visit_down(e, [&](const ExprPtr& node) {
        const auto* a = node->as<AttributeReference>();
        if (a != nullptr && a->id < static_cast<ExprId>(columns.size())) {
            const ExprPtr& column = columns[static_cast<std::size_t>(a->id)];
            if (std::find(used.begin(), used.end(), column) == used.end()) {
                used.push_back(column);
            }
        }
        return true;
    });
}

// The `columns` a Project's list `items` does not output, in order.
std::vector<ExprPtr> not_output(const std::vector<ExprPtr>& items,
                                const std::vector<ExprPtr>& columns) {
    std::unordered_set<ExprId> output;
    for (const ExprPtr& item : items) {
        if (const auto* a = item->as<AttributeReference>()) {
            output.insert(a->id);
        }
    }
    std::vector<ExprPtr> lacking;
    for (const ExprPtr& column : columns) {
        if (!output.contains(column->as<AttributeReference>()->id)) {
            lacking.push_back(column);
        }
    }
    return lacking;
}

// The select list's Project over `child`, with Spark's ResolveLateralColumnAliasReference:
// an alias that a later item reads (`SELECT a + 1 AS x, x * 2`) is computed by a Project
// below and read as its column. An alias that itself reads such an alias goes one Project
// higher (Spark resolves a chain a link per round), so the Project at depth 0 computes the
// aliases that read none. Each Project below passes on, bare, what the ones above read of
// `child_output` (the columns `child` outputs) and of the aliases computed further down
// (Spark passes every column of its child, which the optimizer's ColumnPruning trims to
// these).
PlanPtr lateral_projects(std::vector<ExprPtr> top, PlanPtr child,
                         const std::vector<ExprPtr>& child_output) {
    // The columns tracked, numbered: child_output's 0..n-1, then select item i's alias n+i.
    const std::size_t n = child_output.size();
    std::unordered_map<ExprId, std::size_t> number;
    for (std::size_t c = 0; c < n; ++c) {
        number.emplace(OutputRef{child_output[c]}.id(), c);
    }
    for (std::size_t i = 0; i < top.size(); ++i) {
        if (const auto* alias = top[i]->as<Alias>()) {
            number.emplace(alias->id, n + i);
        }
    }
    const auto column_of = [&](const Expr& e) -> std::optional<std::size_t> {
        const auto* a = e.as<AttributeReference>();
        const auto it = a != nullptr ? number.find(a->id) : number.end();
        return it != number.end() ? std::optional(it->second) : std::nullopt;
    };
    // Depth of each item: 0 unless it reads aliases, then one above the deepest it reads.
    std::vector<int> depth(top.size(), 0);
    std::vector<bool> read(top.size(), false);
    for (std::size_t i = 0; i < top.size(); ++i) {
        visit_down(top[i], [&](const ExprPtr& node) {
            if (const std::optional<std::size_t> c = column_of(*node); c && *c >= n) {
                read[*c - n] = true;
                depth[i] = std::max(depth[i], depth[*c - n] + 1);
            }
            return true;
        });
    }
    int layers = 0;
    for (std::size_t i = 0; i < top.size(); ++i) {
        layers = read[i] ? std::max(layers, depth[i] + 1) : layers;
    }
    if (layers == 0) {
        return make_plan(Project{std::move(top), std::move(child)});
    }
    std::vector<std::vector<ExprPtr>> computed(static_cast<std::size_t>(layers));
    for (std::size_t i = 0; i < top.size(); ++i) {
        if (read[i]) {
            computed[static_cast<std::size_t>(depth[i])].push_back(top[i]);
            top[i] = OutputRef{top[i]}.attribute(Span{});
        }
    }
    // From the top down: what the operators above read, each once, in order of first use.
    std::vector<std::size_t> needed;
    std::vector<bool> is_needed(n + top.size(), false);
    const auto need = [&](const std::vector<ExprPtr>& exprs) {
        for (const ExprPtr& e : exprs) {
            visit_down(e, [&](const ExprPtr& node) {
                if (const std::optional<std::size_t> c = column_of(*node); c && !is_needed[*c]) {
                    is_needed[*c] = true;
                    needed.push_back(*c);
                }
                return true;
            });
        }
    };
    need(top);
    std::vector<std::vector<ExprPtr>> lists(computed.size());
    for (std::size_t k = computed.size(); k-- > 0;) {
        std::vector<bool> here(top.size(), false);
        for (const ExprPtr& e : computed[k]) {
            here[number.at(e->as<Alias>()->id) - n] = true;
        }
        std::vector<std::size_t> passed;
        for (const std::size_t c : needed) {
            if (c < n) {
                lists[k].push_back(child_output[c]);
                passed.push_back(c);
            } else if (!here[c - n]) {
                lists[k].push_back(top[c - n]); // already its column
                passed.push_back(c);
            }
        }
        lists[k].insert(lists[k].end(), computed[k].begin(), computed[k].end());
        needed = std::move(passed);
        std::fill(is_needed.begin(), is_needed.end(), false);
        for (const std::size_t c : needed) {
            is_needed[c] = true;
        }
        need(computed[k]);
    }
    for (std::vector<ExprPtr>& list : lists) {
        child = make_plan(Project{std::move(list), std::move(child)});
    }
    return make_plan(Project{std::move(top), std::move(child)});
}

// Spark's ResolveLateralColumnAliasReference on an Aggregate whose select list `items` names
// lateral aliases: the aggregate calls and grouping expressions the items read stay in the
// Aggregate, each once (a column as itself, anything else aliased by its pretty SQL), and the
// items, reading them as columns, make the select list's Project above it, where the lateral
// aliases resolve as over any child (lateral_projects):
//
//     SELECT name.first AS f, sum(pets) AS s, s / count(*) FROM t GROUP BY name.first
//
//     Project [f#9, s#10, (s#10 / count(1)#13) AS (s / count(1))#11]
//       Project [count(1)#13, name.first#12 AS f#9, sum(pets)#14 AS s#10]
//         Aggregate [name#1.first] [name#1.first AS name.first#12, count(1) AS count(1)#13,
//                                   sum(pets#3) AS sum(pets)#14]
//
// An aggregate call that reads a lateral alias is an error, as in Spark
// (LATERAL_COLUMN_ALIAS_IN_AGGREGATE_FUNC).
PlanPtr lift_over_aggregate(Binder& binder, std::vector<ExprPtr> items,
                            const std::vector<ExprPtr>& grouping, PlanPtr child) {
    std::unordered_set<ExprId> aliases;
    for (const ExprPtr& item : items) {
        if (const auto* alias = item->as<Alias>()) {
            aliases.insert(alias->id);
        }
    }
    ExprIndex grouped;
    for (const ExprPtr& g : grouping) {
        grouped.add(g, g);
    }
    ExprIndex kept_index; // what the Aggregate computes, by expression
    std::vector<ExprPtr> kept;
    std::vector<ExprPtr> columns; // kept, as the columns the Aggregate outputs
    const auto keep = [&](const ExprPtr& e) -> ExprPtr {
        const ExprPtr* named = kept_index.find(*e);
        if (named == nullptr) {
            kept.push_back(
                e->is<AttributeReference>()
                    ? e
                    : make_expr(Alias{e, pretty_sql(*e, binder.pretty()), binder.fresh_id()}));
            columns.push_back(OutputRef{kept.back()}.attribute(Span{}));
            kept_index.add(e, kept.back());
            named = &kept.back();
        }
        return e->is<AttributeReference>() ? e : OutputRef{*named}.attribute(e->span);
    };
    const std::vector<ExprPtr> written = items; // kept alive: kept_index hashes by address
    for (ExprPtr& item : items) {
        item = transform_down(item, [&](const ExprPtr& node) -> ExprPtr {
            if (is_aggregate_call(*node)) {
                visit_down(node, [&](const ExprPtr& inner) {
                    const auto* a = inner->as<AttributeReference>();
                    if (a != nullptr && aliases.contains(a->id)) {
                        binder.fail(inner->span,
                                    "the lateral column alias '" + a->name.str() +
                                        "' cannot be read inside the aggregate function '" +
                                        pretty_sql(*node, binder.pretty()) + "'");
                    }
                    return true;
                });
                return keep(node);
            }
            return grouped.find(*node) != nullptr ? keep(node) : node;
        });
    }
    return lateral_projects(std::move(items), make_plan(Aggregate{grouping, kept, child}), columns);
}

// Whether a sort key reads the output column `id`.
bool reads_output(const std::vector<SortOrder>& order, ExprId id) {
    bool found = false;
    for (const SortOrder& o : order) {
        visit_down(o.child, [&](const ExprPtr& node) {
            const auto* a = node->as<AttributeReference>();
            found = found || (a != nullptr && a->id == id);
            return !found;
        });
    }
    return found;
}

// The select list as the columns a Project over the Sort or HAVING Filter restores.
std::vector<ExprPtr> select_list_columns(const std::vector<OutputRef>& outputs) {
    std::vector<ExprPtr> columns;
    columns.reserve(outputs.size());
    for (const OutputRef& out : outputs) {
        columns.push_back(out.attribute(Span{}));
    }
    return columns;
}

} // namespace

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z') {
            c = static_cast<char>(c - 'A' + 'a');
        }
    }
    return out;
}

bool names_match(std::string_view a, std::string_view b, CaseSensitivity cs) {
    if (cs == CaseSensitivity::Sensitive) {
        return a == b;
    }
    return a.size() == b.size() && lower(a) == lower(b);
}

bool is_aggregate_call(const Expr& e) {
    const auto* f = e.as<ScalarFunction>();
    return f != nullptr && f->def->aggregate;
}

bool column_outside_aggregate(const Expr& e) {
    if (is_aggregate_call(e)) {
        return false;
    }
    if (e.is<AttributeReference>()) {
        return true;
    }
    const ChildPointers kids = child_pointers(e);
    return std::any_of(kids.begin(), kids.end(),
                       [](const Expr* kid) { return column_outside_aggregate(*kid); });
}

bool same_expr(const Expr& a, const Expr& b) {
    if (&a == &b) {
        return true;
    }
    if (a.node.index() != b.node.index()) {
        return false;
    }
    const bool same_fields = std::visit(
        Overloaded{
            [&](const AttributeReference& x) { return x.id == b.as<AttributeReference>()->id; },
            [&](const NamedLambdaVariable& x) { return x.id == b.as<NamedLambdaVariable>()->id; },
            [&](const Literal& x) {
                const Literal& y = *b.as<Literal>();
                return x.is_null == y.is_null && x.text == y.text && same_type(*x.type, *y.type);
            },
            [&](const Alias& x) { return x.name == b.as<Alias>()->name; },
            [&](const GetStructField& x) { return x.ordinal == b.as<GetStructField>()->ordinal; },
            [&](const GetArrayStructFields& x) {
                return x.ordinal == b.as<GetArrayStructFields>()->ordinal;
            },
            [&](const ElementAt& x) { return x.fail_on_error == b.as<ElementAt>()->fail_on_error; },
            [&](const CreateNamedStruct& x) { return x.names == b.as<CreateNamedStruct>()->names; },
            [&](const LambdaFunction& x) {
                return x.args.size() == b.as<LambdaFunction>()->args.size();
            },
            [&](const HigherOrderFunction& x) { return x.def == b.as<HigherOrderFunction>()->def; },
            [&](const ScalarFunction& x) {
                const ScalarFunction& y = *b.as<ScalarFunction>();
                return x.def == y.def && x.name() == y.name() && x.distinct == y.distinct &&
                       x.filtered == y.filtered;
            },
            [&](const BinaryOp& x) { return x.op == b.as<BinaryOp>()->op; },
            [&](const UnaryOp& x) { return x.op == b.as<UnaryOp>()->op; },
            [&](const CaseWhen& x) {
                const CaseWhen& y = *b.as<CaseWhen>();
                return x.branches.size() == y.branches.size() &&
                       (x.else_value == nullptr) == (y.else_value == nullptr);
            },
            [&](const Cast& x) {
                return x.try_cast == b.as<Cast>()->try_cast &&
                       same_type(*x.target, *b.as<Cast>()->target);
            },
            [](const GetArrayItem&) { return true; },
            [](const GetMapValue&) { return true; },
            [](const MapKeys&) { return true; },
            [](const MapValues&) { return true; },
            [](const IsNull&) { return true; },
            [](const IsNotNull&) { return true; },
            [](const In&) { return true; },
            [](const KnownNotContainsNull&) { return true; }},
        a.node);
    if (!same_fields) {
        return false;
    }
    const ChildPointers ka = child_pointers(a);
    const ChildPointers kb = child_pointers(b);
    if (ka.size() != kb.size()) {
        return false;
    }
    for (std::size_t i = 0; i < ka.size(); ++i) {
        if (!same_expr(*ka[i], *kb[i])) {
            return false;
        }
    }
    return true;
}

} // namespace analyzer_detail

using namespace analyzer_detail;

namespace {

/// Rejects a sort key over SELECT DISTINCT that reads `what` (a column, an aggregate call)
/// beyond the select list `items`: Spark cannot add it below the Distinct and leaves the key
/// unresolved (UNRESOLVED_COLUMN.WITH_SUGGESTION, listing the Distinct's output).
[[noreturn]] void reject_sort_over_distinct(const Binder& binder, Span key, const std::string& what,
                                            const std::vector<ExprPtr>& items) {
    std::string listed;
    for (const ExprPtr& item : items) {
        const auto* alias = item->as<Alias>();
        const Name& name = alias != nullptr ? alias->name : item->as<AttributeReference>()->name;
        listed += (listed.empty() ? "'" : ", '") + name.str() + "'";
    }
    binder.fail(key, what +
                         " cannot be resolved: ORDER BY over SELECT DISTINCT sees only the "
                         "select list (" +
                         listed + ")");
}

/// `analyze` on a statement it may use up (`Statement` not const) or not.
template <class Statement>
BoundStatement bind_statement(Statement& statement, const Catalog& catalog,
                              const std::shared_ptr<const SourceFile>& source,
                              const AnalyzerOptions& options) {
    auto& select = statement.select;
    const ast::Identifier& table_name = select.from.name;
    std::optional<Table> table = catalog.find(table_name.name);
    if (!table) {
        throw_sql_error(source, table_name.span,
                        "unknown table '" + table_name.name + "'" +
                            did_you_mean(table_name.name, catalog.table_names()));
    }
    std::optional<std::string> alias;
    if (select.from.alias) {
        alias = select.from.alias->name;
    }
    Binder binder(*table,
                  options.relations != nullptr
                      ? options.relations->columns(*table, options.case_sensitivity)
                      : bind_columns(*table, options.case_sensitivity),
                  alias, source, options.case_sensitivity);

    // Select items: each a named expression; a bare column stays an AttributeReference.
    std::vector<ExprPtr> items;
    std::vector<OutputRef> outputs;
    bool select_aggregates = false;
    binder.set_clause(Clause::Select, AliasMode::None, nullptr);
    binder.set_lateral_outputs(&outputs);
    const auto bind_item = [&](const ast::SelectItem& item) {
        if (const auto* star = std::get_if<ast::Star>(&item.expr->node)) {
            if (item.alias) {
                binder.fail(item.alias->span, "'*' cannot have an alias");
            }
            for (ExprPtr& column : binder.expand_star(*star, item.expr->span)) {
                outputs.push_back(OutputRef{column, false});
                items.push_back(std::move(column));
            }
            return;
        }
        binder.reset_saw_aggregate();
        ExprPtr bound = binder.bind(*item.expr);
        const bool aggregate = binder.saw_aggregate();
        select_aggregates = select_aggregates || aggregate;
        const auto* ref = std::get_if<ast::NameRef>(&item.expr->node);
        if (!item.alias && bound->is<AttributeReference>()) {
            outputs.push_back(OutputRef{bound, aggregate});
            items.push_back(std::move(bound));
            return;
        }
        std::string name;
        if (item.alias) {
            name = item.alias->name;
        } else if (ref != nullptr) {
            // Spark: a resolved nested field is `Alias(extractors, nameParts.last)`.
            name = ref->parts.back().name;
        } else if (const auto* cast = bound->as<Cast>();
                   cast != nullptr && binder.pretty().user_casts.contains(bound.get()) &&
                   (cast->child->is<AttributeReference>())) {
            // Spark's ResolveAliases: `Cast(ne: NamedExpression)` keeps the column's name.
            name = cast->child->as<AttributeReference>()->name;
        } else {
            name = pretty_sql(*bound, binder.pretty());
        }
        items.push_back(make_expr(Alias{bound, name, binder.fresh_id()}, item.span));
        outputs.push_back(OutputRef{items.back(), aggregate});
    };
    for (auto& item : select.items) {
        bind_item(item);
        if constexpr (!std::is_const_v<Statement>) {
            item.expr.reset(); // bound: its slots go to the next item's plan (node_pool.hpp)
        }
    }
    if constexpr (!std::is_const_v<Statement>) {
        std::vector<ast::SelectItem>().swap(select.items);
    }
    binder.set_lateral_outputs(nullptr);

    ExprPtr where;
    if (select.where) {
        binder.set_clause(Clause::Where, AliasMode::None, nullptr);
        where = binder.require_boolean(binder.bind(*select.where), select.where->span,
                                       "the WHERE condition");
    }

    std::vector<ExprPtr> grouping;
    binder.set_clause(Clause::GroupBy, AliasMode::ChildFallback, &outputs);
    const bool group_by_all =
        select.group_by.size() == 1 && binder.is_all_token(*select.group_by[0]);
    if (group_by_all) {
        // Spark's ResolveGroupByAll: every select item without an aggregate; none at all is a
        // global aggregate unless an item has a column outside its aggregates (`i + sum(j)`).
        for (const OutputRef& out : outputs) {
            if (!out.has_aggregate) {
                grouping.push_back(out.child());
            }
        }
        if (grouping.empty() &&
            std::any_of(outputs.begin(), outputs.end(), [](const OutputRef& out) {
                return column_outside_aggregate(*out.child());
            })) {
            binder.fail(select.group_by[0]->span,
                        "cannot infer the grouping columns of GROUP BY ALL: every select item "
                        "has an aggregate, and one uses a column outside it; name the grouping "
                        "columns");
        }
        select_aggregates = select_aggregates || grouping.empty();
    }
    for (const ast::ExprPtr& g : group_by_all ? std::span<const ast::ExprPtr>()
                                              : std::span<const ast::ExprPtr>(select.group_by)) {
        if (std::optional<long long> pos = position_literal(*g)) {
            if (*pos < 1 || static_cast<std::size_t>(*pos) > outputs.size()) {
                binder.fail(g->span, "GROUP BY position " + std::to_string(*pos) +
                                         " is not in the select list (valid range is [1, " +
                                         std::to_string(outputs.size()) + "])");
            }
            const OutputRef& out = outputs[static_cast<std::size_t>(*pos - 1)];
            if (out.has_aggregate) {
                binder.fail(g->span, "GROUP BY position " + std::to_string(*pos) +
                                         " refers to an aggregate function");
            }
            grouping.push_back(out.child());
            continue;
        }
        binder.set_clause(Clause::GroupBy, AliasMode::ChildFallback, &outputs);
        grouping.push_back(binder.bind(*g));
    }

    ExprPtr having;
    bool having_aggregates = false;
    if (select.having) {
        binder.set_clause(Clause::Having, AliasMode::OutputFallback, &outputs);
        binder.reset_saw_aggregate();
        having = binder.require_boolean(binder.bind(*select.having), select.having->span,
                                        "the HAVING condition");
        having_aggregates = binder.saw_aggregate();
    }

    std::vector<SortOrder> order;
    bool order_aggregates = false;
    binder.set_clause(Clause::OrderBy, AliasMode::OutputFirst, &outputs);
    const bool order_by_all =
        select.order_by.size() == 1 && binder.is_all_token(*select.order_by[0].expr);
    if (order_by_all) {
        // Spark 4's ResolveOrderByAll: every output column in order, with ALL's direction.
        const ast::OrderItem& o = select.order_by[0];
        for (const OutputRef& out : outputs) {
            order.push_back(SortOrder{out.attribute(o.expr->span), o.ascending,
                                      o.nulls_first.value_or(o.ascending)});
        }
    }
    for (const ast::OrderItem& o : order_by_all
                                       ? std::span<const ast::OrderItem>()
                                       : std::span<const ast::OrderItem>(select.order_by)) {
        ExprPtr key;
        if (std::optional<long long> pos = position_literal(*o.expr)) {
            if (*pos < 1 || static_cast<std::size_t>(*pos) > outputs.size()) {
                binder.fail(o.expr->span, "ORDER BY position " + std::to_string(*pos) +
                                              " is not in the select list (valid range is [1, " +
                                              std::to_string(outputs.size()) + "])");
            }
            key = outputs[static_cast<std::size_t>(*pos - 1)].attribute(o.expr->span);
        } else {
            binder.set_clause(Clause::OrderBy, AliasMode::OutputFirst, &outputs);
            binder.reset_saw_aggregate();
            key = binder.bind(*o.expr);
            order_aggregates = order_aggregates || binder.saw_aggregate();
        }
        // Spark's default: NULLS FIRST for ascending, NULLS LAST for descending.
        order.push_back(SortOrder{key, o.ascending, o.nulls_first.value_or(o.ascending)});
    }

    // LIMIT n and OFFSET n: a row count, which Spark's CheckAnalysis wants a non-negative
    // integer constant (a literal here).
    const auto row_count = [&](const ast::ExprPtr& count, Clause clause,
                               const char* keyword) -> ExprPtr {
        if (!count) {
            return nullptr;
        }
        binder.set_clause(clause, AliasMode::None, nullptr);
        ExprPtr bound = binder.bind(*count);
        const auto* lit = bound->as<Literal>();
        if (lit == nullptr || lit->is_null || !bound->type->is(AtomicKind::Integer) ||
            lit->text.view().starts_with("-")) {
            binder.fail(count->span,
                        std::string(keyword) + " must be a non-negative integer literal");
        }
        return bound;
    };
    const ExprPtr limit = row_count(select.limit, Clause::Limit, "LIMIT");
    const ExprPtr offset = row_count(select.offset, Clause::Offset, "OFFSET");

    const bool aggregating =
        !grouping.empty() || having || select_aggregates || having_aggregates || order_aggregates;
    if (aggregating) {
        GroupingCheck check(grouping, binder.columns().size());
        auto require_grouped = [&](const ExprPtr& e) {
            if (ExprPtr bad = check.find_ungrouped(e)) {
                binder.fail(bad->span, "expression '" + pretty_sql(*bad, binder.pretty()) +
                                           "' is neither in GROUP BY nor an aggregate");
            }
        };
        for (const OutputRef& out : outputs) {
            require_grouped(out.child());
        }
        if (having) {
            require_grouped(having);
        }
        for (const SortOrder& o : order) {
            require_grouped(o.child);
        }
    }

    // Innermost first: Relation, Filter(WHERE), Project | Aggregate, Filter(HAVING), Distinct,
    // Sort, Offset, Limit (Spark's parser puts the Offset below the Limit: the rows are
    // skipped, then counted). HAVING and the sort keys read what the select list outputs; what
    // else they read is carried up from below (an Aggregate computes it, a Project passes the
    // column on), and a Project over the Sort or the HAVING Filter restores the select list.
    PlanPtr plan =
        make_plan(Relation{binder.table().name, binder.columns(), binder.stored_schema()});
    if (where) {
        plan = make_plan(Filter{where, plan});
    }
    std::vector<ExprPtr> carried; // what the select list's operator computes besides it
    if (aggregating && binder.first_lateral_use()) {
        // The select list becomes a Project over the Aggregate (lift_over_aggregate). Spark
        // resolves HAVING, and sort keys it has to add to the Aggregate, before that; not
        // modeled.
        const std::string unsupported = "unsupported: a lateral column alias ('" +
                                        binder.first_lateral_use()->name +
                                        "') in an aggregating select list with ";
        if (having) {
            binder.fail(select.having->span, unsupported + "HAVING");
        }
        AggregateOutputs over(binder, items, grouping);
        for (SortOrder& o : order) {
            const Span span = o.child->span;
            o.child = over.over_aggregate(o.child);
            if (!over.added().empty()) {
                binder.fail(span, unsupported + "an ORDER BY key the select list does not output");
            }
        }
        plan = lift_over_aggregate(binder, items, grouping, plan);
    } else if (aggregating) {
        AggregateOutputs over(binder, items, grouping);
        if (having) {
            having = over.over_aggregate(having);
            if (!select.distinct) {
                over.commit(); // under DISTINCT they are gone before the Sort
            }
        }
        const std::size_t carried_for_having = over.added().size();
        for (SortOrder& o : order) {
            const std::size_t before = over.added().size();
            const Span span = o.child->span;
            o.child = over.over_aggregate(o.child);
            if (select.distinct && over.added().size() > before) {
                const ExprPtr& added = over.added()[before];
                const auto* call = added->as<Alias>();
                reject_sort_over_distinct(
                    binder, span,
                    call != nullptr
                        ? "expression '" + call->name.str() + "'"
                        : "column '" + added->as<AttributeReference>()->name.str() + "'",
                    items);
            }
        }
        const std::vector<ExprPtr>& added = over.added();
        std::vector<ExprPtr> aggregates = items;
        aggregates.insert(aggregates.end(), added.begin(), added.end());
        plan = make_plan(Aggregate{grouping, std::move(aggregates), plan});
        for (const ExprPtr& item : added) {
            if (reads_output(order, OutputRef{item}.id())) {
                carried.push_back(OutputRef{item}.attribute(Span{}));
            }
        }
        if (having) {
            plan = make_plan(Filter{having, plan});
        }
        if (carried_for_having > 0) {
            // As Spark's ResolveAggregateFunctions leaves HAVING: a Project over the Filter
            // restores the select list (below a Distinct, which must see it alone), and what
            // the sort keys read beyond it passes through (Spark's ResolveMissingReferences).
            std::vector<ExprPtr> exprs = select_list_columns(outputs);
            exprs.insert(exprs.end(), carried.begin(), carried.end());
            plan = make_plan(Project{std::move(exprs), plan});
        }
    } else {
        // Whole columns the sort keys read beyond the select list (Spark's
        // resolveExprsAndAddMissingAttrs); under DISTINCT they are an error (SPARK-17863: the
        // added column would change which rows are distinct).
        for (const SortOrder& o : order) {
            std::vector<ExprPtr> used;
            add_columns_used(o.child, binder.columns(), used);
            for (const ExprPtr& column : not_output(items, used)) {
                if (select.distinct) {
                    reject_sort_over_distinct(
                        binder, o.child->span,
                        "column '" + column->as<AttributeReference>()->name.str() + "'", items);
                }
                if (std::find(carried.begin(), carried.end(), column) == carried.end()) {
                    carried.push_back(column);
                }
            }
        }
        std::vector<ExprPtr> exprs = items;
        exprs.insert(exprs.end(), carried.begin(), carried.end());
        plan = binder.first_lateral_use()
                   ? lateral_projects(std::move(exprs), plan, binder.columns())
                   : make_plan(Project{std::move(exprs), plan});
    }
    if (select.distinct) {
        plan = make_plan(Distinct{plan});
    }
    if (!order.empty()) {
        plan = make_plan(Sort{order, plan});
    }
    if (!carried.empty()) {
        plan = make_plan(Project{select_list_columns(outputs), plan});
    }
    if (offset) {
        plan = make_plan(Offset{offset, plan});
    }
    if (limit) {
        plan = make_plan(Limit{limit, plan});
    }

    BoundStatement out;
    out.plan = plan;
    out.table = binder.table();
    out.warnings = std::move(binder.warnings());
    out.next_id = binder.next_id();
    return out;
}

} // namespace

std::shared_ptr<const BoundColumns> RelationCache::columns(const Table& table, CaseSensitivity cs) {
    for (const Entry& entry : entries_) {
        if (entry.schema == table.schema && entry.cs == cs &&
            entry.partition_columns == table.partition_columns) {
            return entry.columns;
        }
    }
    entries_.push_back(Entry{table.schema, table.partition_columns, cs, bind_columns(table, cs)});
    return entries_.back().columns;
}

BoundStatement analyze(const ast::Statement& statement, const Catalog& catalog,
                       const std::shared_ptr<const SourceFile>& source,
                       const AnalyzerOptions& options) {
    return bind_statement(statement, catalog, source, options);
}

BoundStatement analyze(ast::Statement&& statement, const Catalog& catalog,
                       const std::shared_ptr<const SourceFile>& source,
                       const AnalyzerOptions& options) {
    return bind_statement(statement, catalog, source, options);
}

} // namespace prune
