/// The JSON rendering of CLI.md "JSON output", for tools. Keys come in a fixed order
/// (nlohmann::ordered_json), so the same result always dumps to the same bytes.
///
///     r.score   over  r: struct<rule_public_id:string,score:double>
///
///     {"expr": "GetStructField", "ordinal": 1, "name": "score",
///      "data_type": "double", "nullable": true,
///      "children": [{"expr": "NamedLambdaVariable", "name": "r", "expr_id": 3,
///                    "data_type": "struct<rule_public_id:string,score:double>",
///                    "nullable": true, "children": []}]}
///
/// An expression is `expr` (the Catalyst class), its kind-specific keys, `data_type`,
/// `nullable`, then `children` (always present, `[]` for leaves) — except a LambdaFunction,
/// which has `arguments` and `body` in place of `children`. A Literal's `value` is its text
/// as a JSON string whatever its type (Spark's toString: `1`, `true`, `2024-01-31`), or JSON
/// null for NULL, so no value is ever rounded through a double.

#include <string>
#include <unordered_map>
#include <variant>

#include "output/printers.hpp"
#include "plan/higher_order.hpp"
#include "types/schema_formats.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

using Json = nlohmann::ordered_json;

constexpr std::size_t kMaxJsonDepth = 4 * kMaxNestingDepth;

const StructType* struct_of(const TypePtr& type) { return type ? type->struct_type() : nullptr; }

std::string field_name(const StructType* s, std::size_t ordinal, const char* kind) {
    if (s == nullptr || ordinal >= s->size()) {
        throw InternalError(std::string(kind) + " ordinal " + std::to_string(ordinal) +
                            " does not fit its child's type");
    }
    return (*s)[ordinal].name;
}

/// Catalog strings of the types a plan prints, each built once: a column's type is printed at
/// every reference to it and a lambda variable's at every use, so building the string each
/// time costs the type's size per node.
class TypeStrings {
  public:
    const std::string& operator()(const DataType& type) {
        auto [it, inserted] = strings_.try_emplace(&type);
        if (inserted) {
            it->second = catalog_string(type);
        }
        return it->second;
    }

  private:
    std::unordered_map<const DataType*, std::string> strings_;
};

Json to_expr_json(const Expr& e, std::size_t depth, TypeStrings& types);

Json expr_list(const std::vector<ExprPtr>& exprs, std::size_t depth, TypeStrings& types) {
    Json out = Json::array();
    for (const ExprPtr& x : exprs) {
        out.push_back(to_expr_json(*x, depth, types));
    }
    return out;
}

Json to_expr_json(const Expr& e, std::size_t depth, TypeStrings& types) {
    if (depth > kMaxJsonDepth) {
        throw InternalError("expression nested too deeply to print");
    }
    const std::size_t d = depth + 1;
    Json j;
    j["expr"] = catalyst_name(e);
    std::vector<const Expr*> kids;
    const LambdaFunction* lambda = nullptr;
    std::visit(
        Overloaded{[&](const AttributeReference& n) {
                       j["name"] = n.name;
                       j["expr_id"] = n.id;
                   },
                   [&](const NamedLambdaVariable& n) {
                       j["name"] = n.name;
                       j["expr_id"] = n.id;
                   },
                   [&](const Literal& n) { j["value"] = n.is_null ? Json(nullptr) : Json(n.text); },
                   [&](const Alias& n) {
                       j["name"] = n.name;
                       j["expr_id"] = n.id;
                       kids = {n.child.get()};
                   },
                   [&](const GetStructField& n) {
                       j["ordinal"] = n.ordinal;
                       j["name"] =
                           field_name(struct_of(n.child->type), n.ordinal, "GetStructField");
                       if (n.name_as_written) {
                           j["name_as_written"] = *n.name_as_written;
                       }
                       kids = {n.child.get()};
                   },
                   [&](const GetArrayStructFields& n) {
                       const ArrayType* a = n.child->type ? n.child->type->array() : nullptr;
                       j["ordinal"] = n.ordinal;
                       j["num_fields"] = n.num_fields;
                       j["name"] = field_name(a != nullptr ? struct_of(a->element) : nullptr,
                                              n.ordinal, "GetArrayStructFields");
                       if (n.name_as_written) {
                           j["name_as_written"] = *n.name_as_written;
                       }
                       kids = {n.child.get()};
                   },
                   [&](const GetArrayItem& n) {
                       kids = {n.child.get(), n.index.get()};
                   },
                   [&](const GetMapValue& n) {
                       kids = {n.child.get(), n.key.get()};
                   },
                   [&](const ElementAt& n) {
                       if (!n.fail_on_error) {
                           j["fail_on_error"] = false; // try_element_at
                       }
                       kids = {n.left.get(), n.right.get()};
                   },
                   [&](const MapKeys& n) { kids = {n.child.get()}; },
                   [&](const MapValues& n) { kids = {n.child.get()}; },
                   [&](const CreateNamedStruct& n) {
                       j["names"] = n.names;
                       for (const ExprPtr& v : n.values) {
                           kids.push_back(v.get());
                       }
                   },
                   [&](const LambdaFunction& n) { lambda = &n; },
                   [&](const HigherOrderFunction& n) {
                       j["function"] = n.def != nullptr ? std::string(n.def->name) : std::string();
                       for (const ExprPtr& a : n.args) {
                           kids.push_back(a.get());
                       }
                   },
                   [&](const ScalarFunction& n) {
                       j["function"] = n.name();
                       if (n.distinct) {
                           j["distinct"] = true;
                       }
                       for (const ExprPtr& a : n.args) {
                           kids.push_back(a.get());
                       }
                   },
                   [&](const BinaryOp& n) {
                       kids = {n.left.get(), n.right.get()};
                   },
                   [&](const UnaryOp& n) { kids = {n.child.get()}; },
                   [&](const IsNull& n) { kids = {n.child.get()}; },
                   [&](const IsNotNull& n) { kids = {n.child.get()}; },
                   [&](const In& n) {
                       kids.push_back(n.value.get());
                       for (const ExprPtr& v : n.list) {
                           kids.push_back(v.get());
                       }
                   },
                   [&](const CaseWhen& n) {
                       // Flattened as Catalyst's children: c1, v1, c2, v2, ..., else (odd count).
                       for (const auto& [cond, value] : n.branches) {
                           kids.push_back(cond.get());
                           kids.push_back(value.get());
                       }
                       if (n.else_value) {
                           kids.push_back(n.else_value.get());
                       }
                   },
                   [&](const Cast& n) { kids = {n.child.get()}; },
                   [&](const KnownNotContainsNull& n) { kids = {n.child.get()}; }},
        e.node);
    j["data_type"] = e.type ? Json(types(*e.type)) : Json(nullptr);
    j["nullable"] = e.nullable;
    if (lambda != nullptr) {
        j["arguments"] = expr_list(lambda->args, d, types);
        j["body"] = to_expr_json(*lambda->body, d, types);
        return j;
    }
    Json children = Json::array();
    for (const Expr* kid : kids) {
        children.push_back(to_expr_json(*kid, d, types));
    }
    j["children"] = std::move(children);
    return j;
}

// One operator without its child.
Json operator_json(const Plan& plan, TypeStrings& types) {
    Json j;
    std::visit(Overloaded{[&](const Relation& n) {
                              j["node"] = "Relation";
                              j["table"] = n.table;
                              j["output"] = expr_list(n.output, 0, types);
                              j["read_schema"] =
                                  n.schema ? catalog_string(*n.schema) : std::string("struct<>");
                          },
                          [&](const Filter& n) {
                              j["node"] = "Filter";
                              j["condition"] = to_expr_json(*n.condition, 0, types);
                          },
                          [&](const Project& n) {
                              j["node"] = "Project";
                              j["exprs"] = expr_list(n.exprs, 0, types);
                          },
                          [&](const Aggregate& n) {
                              j["node"] = "Aggregate";
                              j["grouping"] = expr_list(n.grouping, 0, types);
                              j["aggregates"] = expr_list(n.aggregates, 0, types);
                          },
                          [&](const Sort& n) {
                              j["node"] = "Sort";
                              Json order = Json::array();
                              for (const SortOrder& o : n.order) {
                                  Json item;
                                  item["expr"] = to_expr_json(*o.child, 0, types);
                                  item["direction"] = o.ascending ? "ascending" : "descending";
                                  item["nulls"] = o.nulls_first ? "first" : "last";
                                  order.push_back(std::move(item));
                              }
                              j["order"] = std::move(order);
                          },
                          [&](const Limit& n) {
                              j["node"] = "Limit";
                              j["limit"] = to_expr_json(*n.limit, 0, types);
                          },
                          [&](const Distinct&) { j["node"] = "Distinct"; }},
               plan.node);
    return j;
}

Json plan_with(const Plan& plan, TypeStrings& types);

Json plan_or_null(const PlanPtr& plan, TypeStrings& types) {
    return plan ? plan_with(*plan, types) : Json(nullptr);
}

Json plan_with(const Plan& plan, TypeStrings& types) {
    // Built bottom-up so `child` is the last key of every operator without recursing.
    std::vector<const Plan*> chain;
    for (const Plan* node = &plan; node != nullptr; node = plan_child(*node).get()) {
        chain.push_back(node);
    }
    Json below;
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
        Json j = operator_json(**it, types);
        if (it != chain.rbegin()) {
            j["child"] = std::move(below);
        }
        below = std::move(j);
    }
    return below;
}

} // namespace

Json expr_json(const Expr& e) {
    TypeStrings types;
    return to_expr_json(e, 0, types);
}

Json plan_json(const Plan& plan) {
    TypeStrings types;
    return plan_with(plan, types);
}

Json to_json(const StatementResult& result) {
    Json j;
    j["format_version"] = 1;
    j["statement"] = result.index;
    j["location"] = Json{{"file", result.file}, {"line", result.line}, {"column", result.column}};
    j["rules"] = profile_name(result.profile);
    Json scans = Json::array();
    for (const ScanResult& scan : result.scans) {
        Json s;
        s["table"] = scan.table;
        s["read_schema"] =
            scan.read_schema ? catalog_string(*scan.read_schema) : std::string("struct<>");
        // Every key before the deep read_schema_json goes in: adding a key to an ordered_json
        // object copies the values already there (recursively, for a 1000-deep schema).
        s["read_schema_json"] = nullptr;
        s["leaves"] = Json{{"read", scan.leaves_read}, {"total", scan.leaves_total}};
        s["columns_not_read"] = scan.columns_not_read;
        s["read_schema_json"] = scan.read_schema ? to_spark_json(*scan.read_schema) : Json(nullptr);
        scans.push_back(std::move(s));
    }
    j["scans"] = std::move(scans);
    Json changes = Json::array();
    for (const OrdinalChange& c : result.ordinal_changes) {
        Json o;
        o["access"] = c.access ? expr_string(*c.access) : std::string();
        o["before"] = c.before;
        o["after"] = c.after;
        o["context"] = c.context;
        changes.push_back(std::move(o));
    }
    j["ordinals_rewritten"] = std::move(changes);
    TypeStrings types;
    j["plan"] = plan_or_null(result.plan, types);
    j["original_plan"] = plan_or_null(result.original_plan, types);
    return j;
}

} // namespace prune
