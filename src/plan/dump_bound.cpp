// `--emit bound`: the bound plan with every expression as an indented tree, one node per line,
// with its Catalyst kind, key fields, type and nullability.
//
//     SELECT name.First FROM contacts
//
//     Project
//       exprs:
//         Alias First#3 : string nullable
//           GetStructField ordinal=0 name=first name_as_written=First : string nullable
//             AttributeReference name#1 : struct<first:string,last:string> nullable
//       Relation contacts
//         schema: struct<id:int,name:struct<first:string,last:string>>
//         output:
//           AttributeReference id#0 : int nullable
//           ...

#include <string>

#include "plan/analyzer.hpp"
#include "plan/higher_order.hpp"
#include "plan/tree.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

std::string field_name(const Expr& child, std::size_t ordinal) {
    const DataType* t = child.type.get();
    if (const ArrayType* at = t->array()) {
        t = at->element.get();
    }
    if (const StructType* st = t->struct_type(); st != nullptr && ordinal < st->size()) {
        return (*st)[ordinal].name;
    }
    return "?";
}

std::string key_fields(const Expr& e) {
    auto id = [](std::string_view name, ExprId n) {
        return " " + std::string(name) + "#" + std::to_string(n);
    };
    auto written = [](const Name& w) {
        return w.empty() ? std::string() : " name_as_written=" + w;
    };
    return std::visit(
        Overloaded{
            [&](const AttributeReference& n) {
                return id(n.name, n.id) + (n.partition ? " partition" : "");
            },
            [&](const NamedLambdaVariable& n) { return id(n.name, n.id); },
            [&](const Alias& n) { return id(n.name, n.id); },
            [&](const Literal& n) -> std::string {
                if (n.is_null) {
                    return " null";
                }
                if (e.type->is(AtomicKind::String)) {
                    return " '" + n.text + "'";
                }
                return " " + n.text;
            },
            [&](const GetStructField& n) {
                return " ordinal=" + std::to_string(n.ordinal) +
                       " name=" + field_name(*n.child, n.ordinal) + written(n.name_as_written);
            },
            [&](const GetArrayStructFields& n) {
                return " ordinal=" + std::to_string(n.ordinal) +
                       " num_fields=" + std::to_string(n.num_fields()) +
                       " name=" + field_name(*n.child, n.ordinal) + written(n.name_as_written);
            },
            [](const ElementAt& n) {
                return std::string(n.fail_on_error ? "" : " fail_on_error=false");
            },
            [](const Cast& n) { return std::string(n.try_cast ? " eval_mode=TRY" : ""); },
            [](const CreateNamedStruct& n) {
                std::string out = " names=[";
                for (std::size_t i = 0; i < n.names.size(); ++i) {
                    out += (i == 0 ? "" : ", ") + n.names[i];
                }
                return out + "]";
            },
            [](const HigherOrderFunction& n) {
                return " function=" + std::string(n.def != nullptr ? n.def->name : "?");
            },
            [](const ScalarFunction& n) {
                return " function=" + std::string(n.name()) + (n.distinct ? " distinct" : "") +
                       (n.filtered ? " filtered" : "") + (n.user_defined() ? " udf" : "");
            },
            [](const auto&) { return std::string(); }},
        e.node);
}

// Expressions are at most a few thousand levels deep (the parser and the analyzer bound
// nesting at kMaxNestingDepth), so recursion is safe here.
void dump_expr(const Expr& e, std::size_t indent, std::string& out) {
    out.append(indent, ' ');
    out += catalyst_name(e) + key_fields(e) + " : " + catalog_string(*e.type) +
           (e.nullable ? " nullable" : " not null") + "\n";
    for_each_child(e, [&](const ExprPtr& kid) { dump_expr(*kid, indent + 2, out); });
}

void dump_exprs(const char* label, const std::vector<ExprPtr>& exprs, std::size_t indent,
                std::string& out) {
    out.append(indent, ' ');
    out += std::string(label) + ":\n";
    for (const ExprPtr& e : exprs) {
        dump_expr(*e, indent + 2, out);
    }
}

} // namespace

std::string dump_bound(const Plan& plan) {
    std::string out;
    // Depth first, each input two spaces in from its operator, without recursion.
    std::vector<std::pair<const Plan*, std::size_t>> stack{{&plan, 0}};
    while (!stack.empty()) {
        const auto [p, indent] = stack.back();
        stack.pop_back();
        std::visit(Overloaded{[&](const LocalRelation& r) {
                                  out.append(indent, ' ');
                                  out += "LocalRelation\n";
                                  dump_exprs("output", r.output, indent + 2, out);
                                  for (const std::vector<ExprPtr>& row : r.rows) {
                                      dump_exprs("row", row, indent + 2, out);
                                  }
                              },
                              [&](const Join& j) {
                                  out.append(indent, ' ');
                                  out += "Join ";
                                  out += join_type_name(j.type);
                                  out += "\n";
                                  if (j.condition) {
                                      dump_exprs("condition", {j.condition}, indent + 2, out);
                                  }
                              },
                              [&](const SetOperation& s) {
                                  out.append(indent, ' ');
                                  out += set_operation_name(s);
                                  out += s.all ? " ALL\n" : " DISTINCT\n";
                              },
                              [&](const Relation& r) {
                                  out.append(indent, ' ');
                                  out += "Relation " + r.table + "\n";
                                  out.append(indent + 2, ' ');
                                  out += "schema: " + catalog_string(*r.schema) + "\n";
                                  dump_exprs("output", r.output, indent + 2, out);
                              },
                              [&](const Filter& f) {
                                  out.append(indent, ' ');
                                  out += "Filter\n";
                                  dump_exprs("condition", {f.condition}, indent + 2, out);
                              },
                              [&](const Project& pr) {
                                  out.append(indent, ' ');
                                  out += "Project\n";
                                  dump_exprs("exprs", pr.exprs, indent + 2, out);
                              },
                              [&](const Aggregate& a) {
                                  out.append(indent, ' ');
                                  out += "Aggregate\n";
                                  dump_exprs("grouping", a.grouping, indent + 2, out);
                                  dump_exprs("aggregates", a.aggregates, indent + 2, out);
                              },
                              [&](const Sort& s) {
                                  out.append(indent, ' ');
                                  out += "Sort\n";
                                  out.append(indent + 2, ' ');
                                  out += "order:\n";
                                  for (const SortOrder& o : s.order) {
                                      out.append(indent + 4, ' ');
                                      out += std::string("SortOrder ") +
                                             (o.ascending ? "ASC" : "DESC") +
                                             (o.nulls_first ? " NULLS FIRST" : " NULLS LAST") +
                                             "\n";
                                      dump_expr(*o.child, indent + 6, out);
                                  }
                              },
                              [&](const Limit& l) {
                                  out.append(indent, ' ');
                                  out += "Limit\n";
                                  dump_exprs("limit", {l.limit}, indent + 2, out);
                              },
                              [&](const Offset& o) {
                                  out.append(indent, ' ');
                                  out += "Offset\n";
                                  dump_exprs("offset", {o.offset}, indent + 2, out);
                              },
                              [&](const Distinct&) {
                                  out.append(indent, ' ');
                                  out += "Distinct\n";
                              }},
                   p->node);
        const std::vector<PlanPtr> inputs = plan_children(*p);
        for (auto it = inputs.rbegin(); it != inputs.rend(); ++it) {
            stack.emplace_back(it->get(), indent + 2);
        }
    }
    return out;
}

} // namespace prune
