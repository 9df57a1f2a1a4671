/// The text rendering: Spark's EXPLAIN tree for plans, and the per-statement block of CLI.md.
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
/// Choices left open by CLI.md: a table that reads every column says `columns not read: none`;
/// a statement without ordinal changes says `ordinals rewritten: none`; the ordinal column is
/// aligned on the arrow. Colour (TextOptions::color) makes the header bold and the ordinals
/// red (before) and green (after); without it there is no escape code at all.

#include <algorithm>
#include <string>
#include <vector>

#include "output/printers.hpp"
#include "types/schema_formats.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

constexpr const char* kBold = "\x1b[1m";
constexpr const char* kRed = "\x1b[31m";
constexpr const char* kGreen = "\x1b[32m";
constexpr const char* kReset = "\x1b[0m";

std::string join_exprs(const std::vector<ExprPtr>& exprs) {
    std::string out;
    for (std::size_t i = 0; i < exprs.size(); ++i) {
        if (i > 0) {
            out += ", ";
        }
        out += expr_string(*exprs[i]);
    }
    return out;
}

std::string schema_catalog(const TypePtr& schema) {
    return schema ? catalog_string(*schema) : std::string("struct<>");
}

// One operator's line, without the tree prefix. Spark: QueryPlan.simpleString.
std::string operator_line(const Plan& plan) {
    return std::visit(
        Overloaded{[](const Relation& n) {
                       return "Relation " + n.table + "[" + join_exprs(n.output) +
                              "] ReadSchema: " + schema_catalog(n.schema);
                   },
                   [](const Filter& n) { return "Filter " + expr_string(*n.condition); },
                   [](const Project& n) { return "Project [" + join_exprs(n.exprs) + "]"; },
                   [](const Aggregate& n) {
                       return "Aggregate [" + join_exprs(n.grouping) + "], [" +
                              join_exprs(n.aggregates) + "]";
                   },
                   [](const Sort& n) {
                       std::string out = "Sort [";
                       for (std::size_t i = 0; i < n.order.size(); ++i) {
                           if (i > 0) {
                               out += ", ";
                           }
                           out += expr_string(*n.order[i].child);
                           out += n.order[i].ascending ? " ASC" : " DESC";
                           out += n.order[i].nulls_first ? " NULLS FIRST" : " NULLS LAST";
                       }
                       return out + "]";
                   },
                   [](const Limit& n) { return "Limit " + expr_string(*n.limit); },
                   [](const Distinct&) { return std::string("Distinct"); }},
        plan.node);
}

// Display width of UTF-8 text in code points (names may be non-ASCII).
std::size_t width(const std::string& text) {
    return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
    }));
}

std::string pad(const std::string& text, std::size_t to) {
    const std::size_t w = width(text);
    return w >= to ? text : text + std::string(to - w, ' ');
}

std::string indent_lines(const std::string& text, const std::string& prefix) {
    std::string out;
    std::size_t start = 0;
    while (start < text.size()) {
        std::size_t end = text.find('\n', start);
        if (end == std::string::npos) {
            end = text.size();
        }
        out += prefix;
        out += text.substr(start, end - start);
        out += '\n';
        start = end + 1;
    }
    return out;
}

std::string schema_text(const TypePtr& schema, SchemaStyle style) {
    if (!schema) {
        return "  struct<>\n";
    }
    switch (style) {
    case SchemaStyle::Catalog:
        return indent_lines(catalog_string(*schema), "  ");
    case SchemaStyle::Ddl:
        return indent_lines(to_ddl(*schema), "  ");
    case SchemaStyle::Tree:
        return indent_lines(tree_string(*schema), "  ");
    case SchemaStyle::Json:
        return indent_lines(to_spark_json(*schema).dump(), "  ");
    }
    return {};
}

std::string scan_text(const ScanResult& scan, const TextOptions& options) {
    std::string out = scan.table + ": reads " + std::to_string(scan.leaves_read) + " of " +
                      std::to_string(scan.leaves_total) +
                      (scan.leaves_total == 1 ? " leaf" : " leaves") + "; columns not read: ";
    if (scan.columns_not_read.empty()) {
        out += "none";
    }
    for (std::size_t i = 0; i < scan.columns_not_read.size(); ++i) {
        if (i > 0) {
            out += ", ";
        }
        out += scan.columns_not_read[i];
    }
    out += '\n';
    return out + schema_text(scan.read_schema, options.schema_style);
}

std::string ordinals_text(const std::vector<OrdinalChange>& changes, bool color) {
    if (changes.empty()) {
        return "ordinals rewritten: none\n";
    }
    struct Row {
        std::string access, before, after, context;
    };
    std::vector<Row> rows;
    std::size_t access_w = 0, before_w = 0, after_w = 0;
    for (const OrdinalChange& c : changes) {
        Row row{c.access ? expr_string(*c.access) : std::string("?"), std::to_string(c.before),
                std::to_string(c.after), c.context};
        access_w = std::max(access_w, width(row.access));
        before_w = std::max(before_w, row.before.size());
        after_w = std::max(after_w, row.after.size());
        rows.push_back(std::move(row));
    }
    std::string out = "ordinals rewritten:\n";
    for (const Row& row : rows) {
        out += "  " + pad(row.access, access_w) + "   ";
        // Right-align `before` so the arrows line up; pad `after` only if a context follows.
        out += std::string(before_w - row.before.size(), ' ');
        out += color ? kRed + row.before + kReset : row.before;
        out += " -> ";
        out += color ? kGreen + row.after + kReset : row.after;
        if (!row.context.empty()) {
            out += std::string(after_w - row.after.size(), ' ');
            out += "   (" + row.context + ")";
        }
        out += '\n';
    }
    return out;
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

std::string plan_string(const Plan& plan) {
    // Every operator has at most one child, so Spark's treeString is a chain: the root bare,
    // then `+- ` under three more spaces of indent per level.
    std::string out;
    std::size_t depth = 0;
    for (const Plan* node = &plan; node != nullptr; ++depth) {
        if (depth > 0) {
            out += std::string(3 * (depth - 1), ' ') + "+- ";
        }
        out += operator_line(*node);
        out += '\n';
        node = plan_child(*node).get();
    }
    return out;
}

std::string print_text(const StatementResult& result, const TextOptions& options) {
    const std::string header = "== statement " + std::to_string(result.index) + " (" + result.file +
                               ":" + std::to_string(result.line) + ":" +
                               std::to_string(result.column) +
                               "), rules: " + profile_name(result.profile) + " ==";
    std::string out = options.color ? kBold + header + kReset : header;
    out += '\n';
    for (const ScanResult& scan : result.scans) {
        out += scan_text(scan, options);
    }
    if (result.plan) {
        out += '\n';
        out += plan_string(*result.plan);
    }
    out += '\n';
    out += ordinals_text(result.ordinal_changes, options.color);
    return out;
}

} // namespace prune
