/// The JSON rendering of README.md "JSON output", for tools, written through a JsonWriter as it
/// goes (no document is built in memory). Keys come in a fixed order, so the same result always
/// prints the same bytes.
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

#include <optional>
#include <string>
#include <unordered_map>
#include <variant>

#include "output/printers.hpp"
#include "plan/higher_order.hpp"
#include "plan/tree.hpp"
#include "types/schema_formats.hpp"
#include "util/json_writer.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

const StructType* struct_of(const TypePtr& type) { return type ? type->struct_type() : nullptr; }

std::string field_name(const StructType* s, std::size_t ordinal, const char* kind) {
    if (s == nullptr || ordinal >= s->size()) {
        throw InternalError(std::string(kind) + " ordinal " + std::to_string(ordinal) +
                            " does not fit its child's type");
    }
    return (*s)[ordinal].name;
}

std::string schema_catalog(const TypePtr& schema) {
    return schema ? catalog_string(*schema) : std::string("struct<>");
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

/// Writes expressions and plans through one writer, sharing the type strings between them.
class JsonPrinter {
  public:
    explicit JsonPrinter(JsonWriter& out) : out_(out) {}

    void expr(const Expr& e);
    void expr_list(std::span<const ExprPtr> exprs);
    void sort_orders(const std::vector<SortOrder>& order);
    void plan(const Plan& plan);
    void plan_or_null(const PlanPtr& plan);

  private:
    void operator_keys(const Plan& plan);

    JsonWriter& out_;
    TypeStrings types_;
};

/// Sort keys (a Sort's, a Window's): `[{"expr", "direction", "nulls"}]`.
void JsonPrinter::sort_orders(const std::vector<SortOrder>& order) {
    out_.begin_array();
    for (const SortOrder& o : order) {
        out_.begin_object();
        out_.key("expr");
        expr(*o.child);
        out_.key("direction");
        out_.value(o.ascending ? "ascending" : "descending");
        out_.key("nulls");
        out_.value(o.nulls_first ? "first" : "last");
        out_.end_object();
    }
    out_.end_array();
}

void JsonPrinter::expr_list(std::span<const ExprPtr> exprs) {
    out_.begin_array();
    for (const ExprPtr& x : exprs) {
        expr(*x);
    }
    out_.end_array();
}

void JsonPrinter::expr(const Expr& e) {
    out_.begin_object();
    out_.key("expr");
    out_.value(catalyst_name(e));
    const LambdaFunction* lambda = nullptr;
    const auto id_keys = [&](std::string_view name, ExprId id) {
        out_.key("name");
        out_.value(name);
        out_.key("expr_id");
        out_.value(id);
    };
    // The field an access names, and the name as the query wrote it when that differs.
    const auto field_keys = [&](const std::string& name, const Name& as_written) {
        out_.key("name");
        out_.value(name);
        if (!as_written.empty()) {
            out_.key("name_as_written");
            out_.value(as_written.view());
        }
    };
    // Each kind's own keys; the children are the node's (plan/tree.hpp), in Catalyst's order.
    std::visit(Overloaded{[&](const AttributeReference& n) {
                              id_keys(n.name, n.id);
                              if (n.outer) {
                                  out_.key("outer"); // Spark: OuterReference
                                  out_.value(true);
                              }
                          },
                          [&](const NamedLambdaVariable& n) { id_keys(n.name, n.id); },
                          [&](const Literal& n) {
                              out_.key("value");
                              if (n.is_null) {
                                  out_.null();
                              } else {
                                  out_.value(n.text.view());
                              }
                          },
                          [&](const Alias& n) { id_keys(n.name, n.id); },
                          [&](const GetStructField& n) {
                              out_.key("ordinal");
                              out_.value(n.ordinal);
                              field_keys(
                                  field_name(struct_of(n.child->type), n.ordinal, "GetStructField"),
                                  n.name_as_written);
                          },
                          [&](const GetArrayStructFields& n) {
                              const ArrayType* a = n.child->type ? n.child->type->array() : nullptr;
                              out_.key("ordinal");
                              out_.value(n.ordinal);
                              out_.key("num_fields");
                              out_.value(n.num_fields());
                              field_keys(field_name(a != nullptr ? struct_of(a->element) : nullptr,
                                                    n.ordinal, "GetArrayStructFields"),
                                         n.name_as_written);
                          },
                          [](const GetArrayItem&) {},
                          [](const GetMapValue&) {},
                          [&](const ElementAt& n) {
                              if (!n.fail_on_error) {
                                  out_.key("fail_on_error"); // try_element_at
                                  out_.value(false);
                              }
                          },
                          [](const MapKeys&) {},
                          [](const MapValues&) {},
                          [&](const CreateNamedStruct& n) {
                              out_.key("names");
                              out_.begin_array();
                              for (const Name& name : n.names) {
                                  out_.value(name.view());
                              }
                              out_.end_array();
                          },
                          [&](const LambdaFunction& n) { lambda = &n; },
                          [&](const HigherOrderFunction& n) {
                              out_.key("function");
                              out_.value(n.def != nullptr ? std::string_view(n.def->name)
                                                          : std::string_view());
                          },
                          [&](const ScalarFunction& n) {
                              out_.key("function");
                              out_.value(n.name());
                              if (n.distinct) {
                                  out_.key("distinct");
                                  out_.value(true);
                              }
                              if (n.filtered) {
                                  // The last child is the FILTER (WHERE ...) condition.
                                  out_.key("filter");
                                  out_.value(true);
                              }
                              if (!n.within_group.empty()) {
                                  // The last inputs are the WITHIN GROUP keys, in order.
                                  out_.key("within_group");
                                  out_.begin_array();
                                  for (std::size_t k = 0; k < n.within_group.size(); ++k) {
                                      const SortDirection key = n.within_group[k];
                                      out_.begin_object();
                                      out_.key("ascending");
                                      out_.value(key.ascending);
                                      out_.key("nulls_first");
                                      out_.value(key.nulls_first);
                                      out_.end_object();
                                  }
                                  out_.end_array();
                              }
                          },
                          [](const BinaryOp&) {},
                          [](const UnaryOp&) {},
                          [](const IsNull&) {},
                          [](const IsNotNull&) {},
                          [](const In&) {},
                          [](const CaseWhen&) {},
                          [&](const Cast& n) {
                              if (n.try_cast) {
                                  out_.key("eval_mode"); // Spark's EvalMode.TRY
                                  out_.value("TRY");
                              }
                          },
                          [](const KnownNotContainsNull&) {},
                          [&](const SubqueryExpression& n) {
                              // The children are the IN value and the outer columns; the query
                              // is a plan of its own.
                              out_.key("expr_id");
                              out_.value(n.query->id);
                              out_.key("plan");
                              plan(n.plan());
                          }},
               e.node);
    out_.key("data_type");
    if (e.type) {
        out_.value(types_(*e.type));
    } else {
        out_.null();
    }
    out_.key("nullable");
    out_.value(e.nullable);
    if (lambda != nullptr) {
        out_.key("arguments");
        expr_list(lambda->args);
        out_.key("body");
        expr(*lambda->body);
    } else {
        out_.key("children");
        out_.begin_array();
        for_each_child(e, [&](const ExprPtr& kid) { expr(*kid); });
        out_.end_array();
    }
    out_.end_object();
}

// One operator's keys, without its child.
void JsonPrinter::operator_keys(const Plan& plan) {
    std::visit(Overloaded{[&](const Relation& n) {
                              out_.key("node");
                              out_.value("Relation");
                              out_.key("table");
                              out_.value(n.table);
                              out_.key("output");
                              expr_list(n.output);
                              out_.key("read_schema");
                              out_.value(schema_catalog(n.schema));
                              if (!n.alias.empty()) {
                                  out_.key("alias");
                                  out_.value(n.alias);
                              }
                          },
                          [&](const LocalRelation& n) {
                              out_.key("node");
                              out_.value("LocalRelation");
                              out_.key("output");
                              expr_list(n.output);
                              out_.key("rows");
                              out_.begin_array();
                              for (const std::vector<ExprPtr>& row : n.rows) {
                                  expr_list(row);
                              }
                              out_.end_array();
                          },
                          [&](const Join& n) {
                              out_.key("node");
                              out_.value("Join");
                              out_.key("join_type");
                              out_.value(join_type_name(n.type));
                              out_.key("condition");
                              if (n.condition) {
                                  expr(*n.condition);
                              } else {
                                  out_.null();
                              }
                              if (!n.left_hint.empty()) {
                                  out_.key("left_hint");
                                  out_.value(n.left_hint);
                              }
                              if (!n.right_hint.empty()) {
                                  out_.key("right_hint");
                                  out_.value(n.right_hint);
                              }
                          },
                          [&](const SetOperation& n) {
                              out_.key("node");
                              out_.value(set_operation_name(n));
                              out_.key("all");
                              out_.value(n.all);
                          },
                          [&](const Filter& n) {
                              out_.key("node");
                              out_.value("Filter");
                              out_.key("condition");
                              expr(*n.condition);
                          },
                          [&](const Project& n) {
                              out_.key("node");
                              out_.value("Project");
                              out_.key("exprs");
                              expr_list(n.exprs);
                          },
                          [&](const Aggregate& n) {
                              out_.key("node");
                              out_.value("Aggregate");
                              out_.key("grouping");
                              expr_list(n.grouping);
                              out_.key("aggregates");
                              expr_list(n.aggregates);
                          },
                          [&](const Sort& n) {
                              out_.key("node");
                              out_.value("Sort");
                              out_.key("order");
                              sort_orders(n.order);
                              out_.key("global");
                              out_.value(n.global);
                          },
                          [&](const Window& n) {
                              out_.key("node");
                              out_.value("Window");
                              out_.key("window_expressions");
                              expr_list(n.columns);
                              out_.key("frames");
                              out_.begin_array();
                              for (const WindowFrameSpec& f : n.frames) {
                                  out_.value(window_frame_string(f));
                              }
                              out_.end_array();
                              out_.key("partition");
                              expr_list(n.partition);
                              out_.key("order");
                              sort_orders(n.order);
                          },
                          [&](const Repartition& n) {
                              out_.key("node");
                              out_.value(repartition_name(n.kind));
                              out_.key("kind");
                              out_.value(repartition_kind_name(n.kind));
                              out_.key("keys");
                              expr_list(n.keys);
                              out_.key("partitions");
                              if (n.partitions > 0) {
                                  out_.value(n.partitions);
                              } else {
                                  out_.null();
                              }
                          },
                          [&](const Limit& n) {
                              out_.key("node");
                              out_.value("Limit");
                              out_.key("limit");
                              expr(*n.limit);
                          },
                          [&](const Offset& n) {
                              out_.key("node");
                              out_.value("Offset");
                              out_.key("offset");
                              expr(*n.offset);
                          },
                          [&](const Distinct&) {
                              out_.key("node");
                              out_.value("Distinct");
                          },
                          [&](const Sample& n) {
                              out_.key("node");
                              out_.value("Sample");
                              out_.key("fraction");
                              out_.value(n.fraction);
                              out_.key("seed");
                              if (n.seed) {
                                  out_.value(*n.seed);
                              } else {
                                  out_.null();
                              }
                          },
                          [&](const Expand& n) {
                              out_.key("node");
                              out_.value("Expand");
                              out_.key("projections");
                              out_.begin_array();
                              for (const std::vector<ExprPtr>& row : n.projections) {
                                  expr_list(row);
                              }
                              out_.end_array();
                              out_.key("output");
                              expr_list(n.output);
                          },
                          [&](const Generate& n) {
                              out_.key("node");
                              out_.value("Generate");
                              out_.key("generator");
                              out_.value(generator_name(n.kind));
                              out_.key("outer");
                              out_.value(n.outer);
                              out_.key("unrequired_child_index");
                              out_.begin_array();
                              for (const std::size_t i : n.unrequired) {
                                  out_.value(static_cast<std::uint64_t>(i));
                              }
                              out_.end_array();
                              out_.key("arguments");
                              expr_list(n.args);
                              out_.key("output");
                              expr_list(n.output);
                              if (!n.qualifier.empty()) {
                                  out_.key("qualifier");
                                  out_.value(n.qualifier);
                              }
                          }},
               plan.node);
}

void JsonPrinter::plan(const Plan& plan) {
    // A one-input operator's input is its last key, `child`: open one object per operator
    // going down a chain, then close them all, without recursing. A Join or a set operation
    // lists its inputs under `children` (recursion as deep as the query's nesting).
    std::size_t open = 0;
    const Plan* node = &plan;
    while (node != nullptr) {
        out_.begin_object();
        ++open;
        operator_keys(*node);
        const std::vector<PlanPtr> inputs = plan_children(*node);
        if (inputs.size() == 1) {
            out_.key("child");
            node = inputs.front().get();
            continue;
        }
        if (!inputs.empty()) {
            out_.key("children");
            out_.begin_array();
            for (const PlanPtr& input : inputs) {
                this->plan(*input);
            }
            out_.end_array();
        }
        node = nullptr;
    }
    for (; open > 0; --open) {
        out_.end_object();
    }
}

void JsonPrinter::plan_or_null(const PlanPtr& p) {
    if (p) {
        plan(*p);
    } else {
        out_.null();
    }
}

} // namespace

void write_expr_json(const Expr& e, JsonWriter& out) { JsonPrinter(out).expr(e); }

void write_plan_json(const Plan& plan, JsonWriter& out) { JsonPrinter(out).plan(plan); }

void write_statement_keys(std::size_t index, const std::string& file, std::size_t line,
                          std::size_t column, std::string_view rules, JsonWriter& out) {
    out.key("format_version");
    out.value(1);
    out.key("statement");
    out.value(index);
    out.key("location");
    out.begin_object();
    out.key("file");
    out.value(file);
    out.key("line");
    out.value(line);
    out.key("column");
    out.value(column);
    out.end_object();
    out.key("rules");
    out.value(rules);
}

void write_result_keys(const StatementResult& result, JsonWriter& out) {
    write_statement_keys(result.index, result.file, result.line, result.column,
                         profile_name(result.profile), out);
    out.key("scans");
    out.begin_array();
    for (const ScanResult& scan : result.scans) {
        out.begin_object();
        out.key("table");
        out.value(scan.table);
        out.key("alias");
        if (scan.alias.empty()) {
            out.null();
        } else {
            out.value(scan.alias);
        }
        out.key("read_schema");
        out.value(schema_catalog(scan.read_schema));
        out.key("read_schema_json");
        if (scan.read_schema) {
            write_spark_json(*scan.read_schema, out);
        } else {
            out.null();
        }
        out.key("leaves");
        out.begin_object();
        out.key("read");
        out.value(scan.leaves_read);
        out.key("total");
        out.value(scan.leaves_total);
        out.end_object();
        if (scan.bytes) { // only for a schema from Parquet footers: absent otherwise
            out.key("bytes");
            out.begin_object();
            out.key("read");
            out.value(scan.bytes->read);
            out.key("total");
            out.value(scan.bytes->total);
            out.end_object();
        }
        out.key("columns_not_read");
        out.begin_array();
        for (const std::string& column : scan.columns_not_read) {
            out.value(column);
        }
        out.end_array();
        if (result.explained) {
            out.key("provenance");
            write_provenance_json(scan.provenance, out);
        }
        out.end_object();
    }
    out.end_array();
    out.key("ordinals_rewritten");
    out.begin_array();
    for (const OrdinalChange& c : result.ordinal_changes) {
        out.begin_object();
        out.key("access");
        out.value(c.access ? expr_string(*c.access) : std::string());
        out.key("before");
        out.value(c.before);
        out.key("after");
        out.value(c.after);
        out.key("context");
        out.value(ordinal_context(c));
        out.end_object();
    }
    out.end_array();
    JsonPrinter printer(out);
    out.key("plan");
    printer.plan_or_null(result.plan);
    out.key("original_plan");
    printer.plan_or_null(result.original_plan);
}

void write_provenance_json(const std::vector<ProvenanceEntry>& entries, JsonWriter& out) {
    out.begin_array();
    for (const ProvenanceEntry& entry : entries) {
        out.begin_object();
        out.key("path");
        out.value(entry.path);
        out.key("whole");
        out.value(entry.whole);
        out.key("uses");
        out.begin_array();
        for (const UseLocation& use : entry.uses) {
            out.begin_object();
            const bool located = use.line > 0;
            out.key("file");
            located ? out.value(use.file) : out.null();
            out.key("line");
            located ? out.value(use.line) : out.null();
            out.key("column");
            located ? out.value(use.column) : out.null();
            out.key("end_line");
            located ? out.value(use.end_line) : out.null();
            out.key("end_column");
            located ? out.value(use.end_column) : out.null();
            out.key("clause");
            out.value(use.clause);
            out.key("kind");
            out.value(std::string(use_kind_name(use.kind)));
            out.end_object();
        }
        out.end_array();
        out.key("reason");
        if (entry.reason == ReadReason::None) {
            out.null();
        } else {
            out.value(std::string(reason_info(entry.reason).name));
        }
        out.end_object();
    }
    out.end_array();
}

void write_json(const StatementResult& result, JsonWriter& out) {
    out.begin_object();
    write_result_keys(result, out);
    out.end_object();
}

} // namespace prune
