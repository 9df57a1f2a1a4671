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
#include "util/deep_stack.hpp"
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

// Appends the key fields of `e` (` name#3`, ` ordinal=0 name=first`, ...) to `out`. Each piece
// is appended to the one buffer rather than concatenated: besides saving the temporaries, GCC 12
// at -O2 and above reports a false -Wrestrict inside `" " + std::string(...)` (its
// `insert(0, ...)` on the right-hand temporary), which fails a -Werror Release build.
void append_key_fields(const Expr& e, std::string& out) {
    const auto id = [&](std::string_view name, ExprId n) {
        out += ' ';
        out += name;
        out += '#';
        out += std::to_string(n);
    };
    const auto written = [&](const Name& w) {
        if (!w.empty()) {
            out += " name_as_written=";
            out += w.view();
        }
    };
    const auto struct_field = [&](const Expr& child, std::size_t ordinal) {
        out += " name=";
        out += field_name(child, ordinal);
    };
    std::visit(Overloaded{[&](const AttributeReference& n) {
                              id(n.name, n.id);
                              if (n.partition) {
                                  out += " partition";
                              }
                          },
                          [&](const NamedLambdaVariable& n) { id(n.name, n.id); },
                          [&](const Alias& n) { id(n.name, n.id); },
                          [&](const Literal& n) {
                              if (n.is_null) {
                                  out += " null";
                              } else if (e.type->is(AtomicKind::String)) {
                                  out += " '";
                                  out += n.text.view();
                                  out += '\'';
                              } else {
                                  out += ' ';
                                  out += n.text.view();
                              }
                          },
                          [&](const GetStructField& n) {
                              out += " ordinal=";
                              out += std::to_string(n.ordinal);
                              struct_field(*n.child, n.ordinal);
                              written(n.name_as_written);
                          },
                          [&](const GetArrayStructFields& n) {
                              out += " ordinal=";
                              out += std::to_string(n.ordinal);
                              out += " num_fields=";
                              out += std::to_string(n.num_fields());
                              struct_field(*n.child, n.ordinal);
                              written(n.name_as_written);
                          },
                          [&](const ElementAt& n) {
                              if (!n.fail_on_error) {
                                  out += " fail_on_error=false";
                              }
                          },
                          [&](const Cast& n) {
                              if (n.try_cast) {
                                  out += " eval_mode=TRY";
                              }
                          },
                          [&](const CreateNamedStruct& n) {
                              out += " names=[";
                              for (std::size_t i = 0; i < n.names.size(); ++i) {
                                  out += i == 0 ? "" : ", ";
                                  out += n.names[i].view();
                              }
                              out += ']';
                          },
                          [&](const HigherOrderFunction& n) {
                              out += " function=";
                              out += n.def != nullptr ? std::string_view(n.def->name) : "?";
                          },
                          [&](const ScalarFunction& n) {
                              out += " function=";
                              out += n.name();
                              out += n.distinct ? " distinct" : "";
                              out += n.filtered ? " filtered" : "";
                              for (std::size_t k = 0; k < n.within_group.size(); ++k) {
                                  const SortDirection key = n.within_group[k];
                                  out += key.ascending ? " within-group-asc" : " within-group-desc";
                                  out += key.nulls_first ? "-nulls-first" : "-nulls-last";
                              }
                              out += n.user_defined() ? " udf" : "";
                          },
                          [](const auto&) {}},
               e.node);
}

// Recurses once per level, on a stack sized for the statement (util/deep_stack.hpp).
void dump_expr(const Expr& e, std::size_t indent, std::string& out) {
    out.append(2 * indent_levels(indent / 2), ' ');
    out += catalyst_name(e);
    append_key_fields(e, out);
    out += " : ";
    out += catalog_string(*e.type);
    out += e.nullable ? " nullable\n" : " not null\n";
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
        // Not a structured binding: the lambdas below capture `indent`, which clang 14 rejects.
        const Plan* const p = stack.back().first;
        const std::size_t indent = stack.back().second;
        stack.pop_back();
        std::visit(
            Overloaded{[&](const LocalRelation& r) {
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
                       [&](const Generate& g) {
                           out.append(indent, ' ');
                           out += "Generate ";
                           out += generator_name(g.kind);
                           out += g.outer ? " outer\n" : "\n";
                           dump_exprs("arguments", g.args, indent + 2, out);
                           dump_exprs("output", g.output, indent + 2, out);
                       },
                       [&](const Sample& sample) {
                           out.append(indent, ' ');
                           out += "Sample " + sample.fraction_text +
                                  (sample.seed ? " seed " + std::to_string(*sample.seed) : "") +
                                  "\n";
                       },
                       [&](const Expand& e) {
                           out.append(indent, ' ');
                           out += "Expand\n";
                           for (std::size_t k = 0; k < e.projections.size(); ++k) {
                               const std::string label = "projection " + std::to_string(k);
                               dump_exprs(label.c_str(), e.projections[k], indent + 2, out);
                           }
                           dump_exprs("output", e.output, indent + 2, out);
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
                           out += s.global ? "Sort\n" : "Sort local\n";
                           out.append(indent + 2, ' ');
                           out += "order:\n";
                           for (const SortOrder& o : s.order) {
                               out.append(indent + 4, ' ');
                               out += std::string("SortOrder ") + (o.ascending ? "ASC" : "DESC") +
                                      (o.nulls_first ? " NULLS FIRST" : " NULLS LAST") + "\n";
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
                       },
                       [&](const Window& w) {
                           out.append(indent, ' ');
                           out += "Window\n";
                           dump_exprs("columns", w.columns, indent + 2, out);
                           for (const WindowFrameSpec& f : w.frames) {
                               out.append(indent + 2, ' ');
                               out += "frame " + window_frame_string(f) + "\n";
                           }
                           dump_exprs("partition", w.partition, indent + 2, out);
                           for (const SortOrder& o : w.order) {
                               out.append(indent + 2, ' ');
                               out += std::string("order ") + (o.ascending ? "ASC" : "DESC") +
                                      (o.nulls_first ? " NULLS FIRST" : " NULLS LAST") + "\n";
                               dump_expr(*o.child, indent + 4, out);
                           }
                       },
                       [&](const Repartition& r) {
                           out.append(indent, ' ');
                           out += std::string(repartition_name(r.kind)) + " " +
                                  repartition_kind_name(r.kind) + " " +
                                  std::to_string(r.partitions) + "\n";
                           dump_exprs("keys", r.keys, indent + 2, out);
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
