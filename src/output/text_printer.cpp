/// The text rendering: Spark's EXPLAIN tree for plans, and the per-statement block shown in
/// README.md "A 60-second tour" and man/prune-plan.1 (OUTPUT, Text).
///
///     == statement 1 (query.sql:1:1), rules: extended ==
///     events: reads 2 of 6 leaves; columns not read: id, meta
///       struct<rule_results:array<struct<rule_public_id:string,score:double>>>
///
///     Project [transform(rule_results#1, lambdafunction(..., lambda r#3)) AS transform(...)#4]
///     +- Relation events[rule_results#1] ReadSchema: struct<rule_results:array<...>>
///
///     ordinals rewritten:
///       lambda r#3.score   3 -> 1   (element of rule_results)
///
/// Choices those docs leave open: a table that reads every column says `columns not read: none`;
/// a statement without ordinal changes says `ordinals rewritten: none`; the ordinal column is
/// aligned on the arrow. Colour (TextOptions::color) makes the header bold and the ordinals
/// red (before) and green (after); without it there is no escape code at all.

#include <algorithm>
#include <sstream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "output/printers.hpp"
#include "parquet/scan_bytes.hpp"
#include "types/schema_formats.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

constexpr const char* kBold = "\x1b[1m";
constexpr const char* kRed = "\x1b[31m";
constexpr const char* kGreen = "\x1b[32m";
constexpr const char* kReset = "\x1b[0m";

void write_text(std::string_view text, std::ostream& out) {
    out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

// Text built piece by piece in one reused buffer and handed to the stream about 64 KB at a
// time: a list of 10,000 expressions or a table of 10,000 rows costs no stream call per piece,
// and is never joined into one string.
class ChunkedText {
  public:
    explicit ChunkedText(std::ostream& out) : out_(out) {}
    ChunkedText(const ChunkedText&) = delete;
    ChunkedText& operator=(const ChunkedText&) = delete;
    ~ChunkedText() { write_text(buffer_, out_); }

    /// Where the next piece goes; call `piece_done` after it.
    std::string& buffer() { return buffer_; }
    void piece_done() {
        if (buffer_.size() >= kFlushBytes) {
            write_text(buffer_, out_);
            buffer_.clear();
        }
    }

  private:
    static constexpr std::size_t kFlushBytes = 64 * 1024;
    std::ostream& out_;
    std::string buffer_;
};

void write_exprs(const std::vector<ExprPtr>& exprs, std::ostream& out) {
    ChunkedText text(out);
    for (std::size_t i = 0; i < exprs.size(); ++i) {
        if (i > 0) {
            text.buffer() += ", ";
        }
        append_expr_string(text.buffer(), *exprs[i]);
        text.piece_done();
    }
}

std::string schema_catalog(const TypePtr& schema) {
    return schema ? catalog_string(*schema) : std::string("struct<>");
}

// One operator's line, without the tree prefix. Spark: QueryPlan.simpleString.
void write_operator_line(const Plan& plan, std::ostream& out) {
    std::visit(Overloaded{[&](const Relation& n) {
                              out << "Relation " << n.table << "[";
                              write_exprs(n.output, out);
                              out << "] ReadSchema: " << schema_catalog(n.schema);
                          },
                          [&](const Filter& n) { out << "Filter " << expr_string(*n.condition); },
                          [&](const Project& n) {
                              out << "Project [";
                              write_exprs(n.exprs, out);
                              out << "]";
                          },
                          [&](const Sample& n) {
                              // Spark: Sample 0.0, 0.1, false, 42 (no seed: Spark draws one)
                              out << "Sample 0.0, " << n.fraction_text << ", false";
                              if (n.seed) {
                                  out << ", " << *n.seed;
                              }
                          },
                          [&](const Expand& n) {
                              // Spark: Expand [[projection], ...], [output]
                              out << "Expand [";
                              for (std::size_t k = 0; k < n.projections.size(); ++k) {
                                  out << (k > 0 ? ", [" : "[");
                                  write_exprs(n.projections[k], out);
                                  out << "]";
                              }
                              out << "], [";
                              write_exprs(n.output, out);
                              out << "]";
                          },
                          [&](const Aggregate& n) {
                              out << "Aggregate [";
                              write_exprs(n.grouping, out);
                              out << "], [";
                              write_exprs(n.aggregates, out);
                              out << "]";
                          },
                          [&](const Sort& n) {
                              out << "Sort [";
                              for (std::size_t i = 0; i < n.order.size(); ++i) {
                                  if (i > 0) {
                                      out << ", ";
                                  }
                                  out << expr_string(*n.order[i].child)
                                      << (n.order[i].ascending ? " ASC" : " DESC")
                                      << (n.order[i].nulls_first ? " NULLS FIRST" : " NULLS LAST");
                              }
                              out << "]";
                              if (!n.global) {
                                  out << ", false"; // SORT BY (a global sort prints no flag)
                              }
                          },
                          [&](const Window& n) {
                              // Spark: Window [f windowspecdefinition(partition, order, frame)
                              // AS name#id, ...], [partition], [order]
                              std::string order;
                              for (std::size_t i = 0; i < n.order.size(); ++i) {
                                  order +=
                                      (i > 0 ? ", " : "") + expr_string(*n.order[i].child) +
                                      (n.order[i].ascending ? " ASC" : " DESC") +
                                      (n.order[i].nulls_first ? " NULLS FIRST" : " NULLS LAST");
                              }
                              std::string partition;
                              for (std::size_t i = 0; i < n.partition.size(); ++i) {
                                  partition += (i > 0 ? ", " : "") + expr_string(*n.partition[i]);
                              }
                              out << "Window [";
                              for (std::size_t i = 0; i < n.columns.size(); ++i) {
                                  const Alias& a = *n.columns[i]->as<Alias>();
                                  out << (i > 0 ? ", " : "") << expr_string(*a.child)
                                      << " windowspecdefinition(" << partition
                                      << (partition.empty() ? "" : ", ") << order
                                      << (order.empty() ? "" : ", ")
                                      << window_frame_string(n.frames[i]) << ") AS " << a.name
                                      << "#" << a.id;
                              }
                              out << "], [" << partition << "], [" << order << "]";
                          },
                          [&](const Repartition& n) {
                              // Spark: Repartition numPartitions, shuffle;
                              // RepartitionByExpression [keys], n; RebalancePartitions [keys], n
                              out << repartition_name(n.kind);
                              const bool by_range = n.kind == RepartitionKind::ByRange;
                              if (n.kind == RepartitionKind::RoundRobin ||
                                  n.kind == RepartitionKind::Coalesce) {
                                  out << " " << n.partitions << ", "
                                      << (n.kind == RepartitionKind::RoundRobin ? "true" : "false");
                                  return;
                              }
                              const char* sep = " ";
                              if (!n.keys.empty()) {
                                  out << " [";
                                  for (std::size_t i = 0; i < n.keys.size(); ++i) {
                                      out << (i > 0 ? ", " : "") << expr_string(*n.keys[i])
                                          << (by_range ? " ASC NULLS FIRST" : "");
                                  }
                                  out << "]";
                                  sep = ", ";
                              }
                              if (n.partitions > 0) {
                                  out << sep << n.partitions;
                              }
                          },
                          [&](const LocalRelation& n) {
                              out << "LocalRelation [";
                              write_exprs(n.output, out);
                              out << "]";
                          },
                          [&](const Join& n) {
                              out << "Join " << join_type_name(n.type);
                              if (n.condition) {
                                  out << ", " << expr_string(*n.condition);
                              }
                              if (!n.left_hint.empty()) {
                                  out << ", leftHint=(strategy=" << n.left_hint << ")";
                              }
                              if (!n.right_hint.empty()) {
                                  out << ", rightHint=(strategy=" << n.right_hint << ")";
                              }
                          },
                          [&](const SetOperation& n) {
                              // Spark: Union(byName, allowMissingCol), Intersect(isAll), ...
                              out << set_operation_name(n)
                                  << (n.kind == SetOpKind::Union ? " false, false"
                                      : n.all                    ? " true"
                                                                 : " false");
                          },
                          [&](const Limit& n) { out << "Limit " << expr_string(*n.limit); },
                          [&](const Offset& n) { out << "Offset " << expr_string(*n.offset); },
                          [&](const Distinct&) { out << "Distinct"; },
                          [&](const Generate& n) {
                              // Spark: Generate generator, unrequiredChildIndex (not printed
                              // when empty), outer, qualifier, generatorOutput.
                              out << "Generate " << generator_name(n.kind) << "(";
                              write_exprs(n.args, out);
                              out << "), ";
                              if (!n.unrequired.empty()) {
                                  out << "[";
                                  for (std::size_t i = 0; i < n.unrequired.size(); ++i) {
                                      out << (i > 0 ? ", " : "") << n.unrequired[i];
                                  }
                                  out << "], ";
                              }
                              out << (n.outer ? "true" : "false");
                              if (!n.qualifier.empty()) {
                                  out << ", " << n.qualifier;
                              }
                              out << ", [";
                              write_exprs(n.output, out);
                              out << "]";
                          }},
               plan.node);
}

// Display width of UTF-8 text in code points (names may be non-ASCII).
std::size_t width(std::string_view text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
    }));
}

void append_spaces(std::string& out, std::size_t count) { out.append(count, ' '); }

// Every line of `text` behind `prefix`, each ended by a newline (names may hold newlines).
void write_indented(std::string_view text, std::string_view prefix, std::ostream& out) {
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        out << prefix << text.substr(start, end - start) << '\n';
        start = end + 1;
    }
}

void write_schema(const TypePtr& schema, SchemaStyle style, std::ostream& out) {
    if (!schema) {
        out << "  struct<>\n";
        return;
    }
    switch (style) {
    case SchemaStyle::Catalog:
        write_indented(catalog_string(*schema), "  ", out);
        return;
    case SchemaStyle::Ddl:
        write_indented(to_ddl(*schema), "  ", out);
        return;
    case SchemaStyle::Tree:
        write_indented(tree_string(*schema), "  ", out);
        return;
    case SchemaStyle::Json: {
        // Compact JSON is one line: a newline inside a name is escaped.
        out << "  ";
        JsonWriter json(out, JsonStyle::Compact);
        write_spark_json(*schema, json);
        out << '\n';
        return;
    }
    }
}

constexpr const char* kCyan = "\x1b[36m";
constexpr const char* kYellow = "\x1b[33m";

/// `--explain`: the read schema as a tree, each leaf (or subtree read whole) followed by
/// where it is used and, read whole, why; the uses start in one column.
///
///       root
///        |-- name: struct
///        |    |-- first: string       <- 1:8 select item 1
///        |-- friends: array<struct<…>> <- 1:20 select item 2 (whole); reason: compared
class ExplainedSchema {
  public:
    ExplainedSchema(const ScanResult& scan, bool color) : scan_(scan), color_(color) {
        for (const ProvenanceEntry& entry : scan.provenance) {
            entries_.emplace(entry.path, &entry);
        }
    }

    void write(std::ostream& out) {
        rows_.push_back(Row{"  root", nullptr});
        if (scan_.read_schema) {
            for (const StructField& field : scan_.read_schema->struct_type()->fields()) {
                node(field.name, field.type, field.name, "   ");
            }
        }
        std::size_t left = 0;
        for (const Row& row : rows_) {
            if (row.entry != nullptr) {
                left = std::max(left, width(row.text));
            }
        }
        std::string text;
        for (const Row& row : rows_) {
            text += row.text;
            if (row.entry != nullptr) {
                append_spaces(text, left - width(row.text));
                annotate(*row.entry, text);
            }
            text += '\n';
        }
        write_text(text, out);
    }

  private:
    struct Row {
        std::string text;
        const ProvenanceEntry* entry;
    };

    void node(const std::string& name, const TypePtr& type, const std::string& path,
              const std::string& indent) {
        const auto it = entries_.find(path);
        if (it != entries_.end()) {
            rows_.push_back(Row{indent + "|-- " + name + ": " + catalog_string(*type), it->second});
            return;
        }
        const std::string below = indent + "|    ";
        if (const StructType* s = type->struct_type()) {
            rows_.push_back(Row{indent + "|-- " + name + ": struct", nullptr});
            for (const StructField& field : s->fields()) {
                node(field.name, field.type, path + "." + field.name, below);
            }
        } else if (const ArrayType* a = type->array()) {
            rows_.push_back(Row{indent + "|-- " + name + ": array", nullptr});
            node("element", a->element, path + ".element", below);
        } else if (const MapType* m = type->map()) {
            rows_.push_back(Row{indent + "|-- " + name + ": map", nullptr});
            node("key", m->key, path + ".key", below);
            node("value", m->value, path + ".value", below);
        } else {
            rows_.push_back(Row{indent + "|-- " + name + ": " + catalog_string(*type), nullptr});
        }
    }

    void annotate(const ProvenanceEntry& entry, std::string& text) const {
        text += "  ";
        if (color_) {
            text += kCyan;
        }
        text += "\u2190 ";
        for (std::size_t i = 0; i < entry.uses.size(); ++i) {
            const UseLocation& use = entry.uses[i];
            if (i > 0) {
                text += "; ";
            }
            if (use.line > 0) {
                text += std::to_string(use.line) + ":" + std::to_string(use.column);
            } else {
                text += "?";
            }
            if (!use.clause.empty()) {
                text += " " + use.clause;
            }
            switch (use.kind) {
            case UseKind::Field:
                break;
            case UseKind::NullTest:
                text += " (null test)";
                break;
            case UseKind::Size:
                text += " (size)";
                break;
            case UseKind::Whole:
                text += " (whole)";
                break;
            }
        }
        if (entry.uses.empty()) {
            text += "no located use";
        }
        if (color_) {
            text += kReset;
        }
        if (entry.reason != ReadReason::None) {
            text += "; reason: ";
            if (color_) {
                text += kYellow;
            }
            text += reason_info(entry.reason).name;
            if (color_) {
                text += kReset;
            }
        }
    }

    const ScanResult& scan_;
    bool color_;
    std::unordered_map<std::string, const ProvenanceEntry*> entries_;
    std::vector<Row> rows_;
};

void write_scan(const ScanResult& scan, const TextOptions& options, std::ostream& out) {
    out << scan.table << ": reads " << std::to_string(scan.leaves_read) << " of "
        << std::to_string(scan.leaves_total) << (scan.leaves_total == 1 ? " leaf" : " leaves");
    if (scan.bytes) { // a schema from Parquet footers: `, 12.4 MB of 1.3 GB (0.9%)`
        out << ", " << scan_bytes_text(*scan.bytes);
    }
    out << "; columns not read: ";
    // One write for the list: it names every column of a wide table in every statement.
    std::string names = scan.columns_not_read.empty() ? "none" : "";
    for (std::size_t i = 0; i < scan.columns_not_read.size(); ++i) {
        if (i > 0) {
            names += ", ";
        }
        names += scan.columns_not_read[i];
    }
    names += '\n';
    write_text(names, out);
    if (options.explain) {
        ExplainedSchema(scan, options.color).write(out);
        return;
    }
    write_schema(scan.read_schema, options.schema_style, out);
}

void write_ordinals(const OrdinalChanges& changes, bool color, std::ostream& out) {
    if (changes.empty()) {
        out << "ordinals rewritten: none\n";
        return;
    }
    // The columns are aligned: a first pass measures them, the second prints each row (its
    // access printed again, so no statement's worth of rows is ever held at once).
    const auto append_access = [](std::string& text, const OrdinalChange& c) {
        if (c.access) {
            append_expr_string(text, *c.access);
        } else {
            text += '?';
        }
    };
    const auto digits = [](std::size_t n) { return std::to_string(n).size(); };
    std::size_t access_w = 0, before_w = 0, after_w = 0;
    std::string access; // one buffer for every row's access
    for (const OrdinalChange& c : changes) {
        access.clear();
        append_access(access, c);
        access_w = std::max(access_w, width(access));
        before_w = std::max(before_w, digits(c.before));
        after_w = std::max(after_w, digits(c.after));
    }
    out << "ordinals rewritten:\n";
    ChunkedText text(out);
    for (const OrdinalChange& c : changes) {
        std::string& row = text.buffer();
        row += "  ";
        const std::size_t start = row.size();
        append_access(row, c);
        const std::size_t w = width(std::string_view(row).substr(start));
        append_spaces(row, w < access_w ? access_w - w : 0);
        row += "   ";
        // Right-align `before` so the arrows line up; pad `after` only if a context follows.
        append_spaces(row, before_w - digits(c.before));
        const std::string before = std::to_string(c.before);
        const std::string after = std::to_string(c.after);
        if (color) {
            row.append(kRed).append(before).append(kReset).append(" -> ");
            row.append(kGreen).append(after).append(kReset);
        } else {
            row.append(before).append(" -> ").append(after);
        }
        if (c.site != ChangeSite::None) {
            append_spaces(row, after_w - digits(c.after));
            row.append("   (");
            append_ordinal_context(row, c);
            row += ')';
        }
        row += '\n';
        text.piece_done();
    }
}

} // namespace

std::string profile_name(Profile profile) {
    switch (profile) {
    case Profile::Legacy:
        return "legacy";
    case Profile::Spark:
        return "spark";
    case Profile::Extended:
        return "extended";
    }
    return "extended";
}

void print_plan(const Plan& plan, std::ostream& out) {
    // Spark's treeString: the root bare; each input under its parent behind `:- `, the last
    // behind `+- `; below an input that is not the last, its subtree's lines continue behind
    // `:  `, below the last behind three spaces. The plans of an operator's subquery expressions
    // (Spark's innerChildren) come before its inputs, one level further in behind `:  `
    // (three spaces when it has no input). Depth first, with an explicit stack.
    struct Pending {
        const Plan* node;
        std::string prefix; // what stands before this operator's line
        std::string below;  // what stands before its inputs' prefixes
    };
    std::vector<Pending> stack{{&plan, "", ""}};
    while (!stack.empty()) {
        Pending p = std::move(stack.back());
        stack.pop_back();
        out << p.prefix;
        write_operator_line(*p.node, out);
        out << '\n';
        const std::vector<PlanPtr> inputs = plan_children(*p.node);
        for (std::size_t i = inputs.size(); i-- > 0;) {
            const bool last = i + 1 == inputs.size();
            stack.push_back(Pending{inputs[i].get(), p.below + (last ? "+- " : ":- "),
                                    p.below + (last ? "   " : ":  ")});
        }
        std::vector<const Plan*> subqueries;
        for_each_subquery(*p.node,
                          [&](const SubqueryExpression& s) { subqueries.push_back(&s.plan()); });
        const std::string inner = p.below + (inputs.empty() ? "   " : ":  ");
        for (std::size_t i = subqueries.size(); i-- > 0;) {
            const bool last = i + 1 == subqueries.size();
            stack.push_back(Pending{subqueries[i], inner + (last ? "+- " : ":- "),
                                    inner + (last ? "   " : ":  ")});
        }
    }
}

std::string plan_string(const Plan& plan) {
    std::ostringstream out;
    print_plan(plan, out);
    return std::move(out).str();
}

void print_text(const StatementResult& result, const TextOptions& options, std::ostream& out) {
    if (options.color) {
        out << kBold;
    }
    out << "== statement " << std::to_string(result.index) << " (" << result.file << ":"
        << std::to_string(result.line) << ":" << std::to_string(result.column)
        << "), rules: " << profile_name(result.profile) << " ==";
    if (options.color) {
        out << kReset;
    }
    out << '\n';
    TextOptions scan_options = options;
    scan_options.explain = result.explained;
    for (const ScanResult& scan : result.scans) {
        write_scan(scan, scan_options, out);
    }
    if (result.plan) {
        out << '\n';
        print_plan(*result.plan, out);
    }
    out << '\n';
    write_ordinals(result.ordinal_changes, options.color, out);
}

} // namespace prune
