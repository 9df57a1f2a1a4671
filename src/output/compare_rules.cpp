// The profiles compared, field by field, from each profile's provenance.
//
//     contacts(name struct<first,middle,last>), WHERE name IS NOT NULL AND name.last = 'x'
//       legacy, spark: name.last (the optional root is dropped), extended: name.last
//       -> no difference
//     contacts(name struct<first,middle,last>), WHERE name IS NOT NULL
//       spark: name whole, reason null_test; extended: name.first
//       -> name.middle and name.last: read by spark, not by extended: X5

#include "output/compare_rules.hpp"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "output/printers.hpp"
#include "types/data_type.hpp"

namespace prune {
namespace {

/// The leaves of a read schema, named as provenance names paths, in schema order.
void leaves(const TypePtr& type, const std::string& path, std::vector<std::string>& out) {
    if (const StructType* s = type->struct_type()) {
        for (const StructField& field : s->fields()) {
            leaves(field.type, path.empty() ? field.name : path + "." + field.name, out);
        }
        return;
    }
    if (const ArrayType* a = type->array();
        a != nullptr && (a->element->struct_type() != nullptr || a->element->array() != nullptr ||
                         a->element->map() != nullptr)) {
        leaves(a->element, path + ".element", out);
        return;
    }
    if (const MapType* m = type->map()) {
        leaves(m->key, path + ".key", out);
        leaves(m->value, path + ".value", out);
        return;
    }
    out.push_back(path);
}

/// Why `scan` reads leaf `path` where the next narrower profile does not: among the reasons
/// of the entry that holds it (itself, or a subtree read whole above it), the first that the
/// narrower profile lifts (`extended_step`: from spark to extended, else from legacy to spark);
/// failing that, the first reason, with no rule.
std::pair<ReadReason, std::string_view> reason_for(const ScanResult& scan, const std::string& path,
                                                   bool extended_step) {
    for (const ProvenanceEntry& entry : scan.provenance) {
        const bool holds =
            entry.path == path || (path.size() > entry.path.size() &&
                                   path.starts_with(entry.path) && path[entry.path.size()] == '.');
        if (!holds) {
            continue;
        }
        for (const ReadReason reason : entry.reasons) {
            const ReadReasonInfo& info = reason_info(reason);
            const std::string_view rule = extended_step ? info.extended_rule : info.spark_rule;
            if (!rule.empty()) {
                return {reason, rule};
            }
        }
        return {entry.reasons.empty() ? ReadReason::None : entry.reasons.front(), {}};
    }
    return {ReadReason::None, {}};
}

/// A set operation's column read whole because its inputs would read it to different depths
/// (`union_mismatch`) has no rule of its own: it is read narrower where what made an input
/// read deeper is, so it takes the rules of the statement's other differences of the same
/// step ("X5 or needs through operators" when there are several).
void attribute_set_mismatches(RulesComparison& comparison) {
    const auto each_difference = [&](const auto& visit) {
        for (ScanComparison& scan : comparison.scans) {
            for (FieldComparison& field : scan.fields) {
                for (RuleDifference& difference : field.differences) {
                    visit(difference);
                }
            }
        }
    };
    std::array<std::vector<std::string_view>, 2> causes; // legacy to spark, spark to extended
    each_difference([&](const RuleDifference& difference) {
        std::vector<std::string_view>& rules = causes[static_cast<std::size_t>(difference.wider)];
        if (difference.reason != ReadReason::UnionMismatch && !difference.rule.empty() &&
            std::find(rules.begin(), rules.end(), difference.rule) == rules.end()) {
            rules.push_back(difference.rule);
        }
    });
    std::array<std::string, 2> joined;
    for (std::size_t step = 0; step < 2; ++step) {
        for (const std::string_view rule : causes[step]) {
            joined[step] += joined[step].empty() ? "" : " or ";
            joined[step] += rule;
        }
    }
    each_difference([&](RuleDifference& difference) {
        if (difference.reason == ReadReason::UnionMismatch && difference.rule.empty()) {
            difference.rule = joined[static_cast<std::size_t>(difference.wider)];
        }
    });
}

const char* short_name(Profile p) {
    return p == Profile::Legacy ? "legacy" : p == Profile::Spark ? "spark" : "extended";
}

} // namespace

RulesComparison compare_rules(const std::array<const StatementResult*, 3>& runs) {
    RulesComparison out;
    const StatementResult& first = *runs[0];
    out.index = first.index;
    out.file = first.file;
    out.line = first.line;
    out.column = first.column;
    for (const StatementResult* run : runs) {
        if (run->scans.size() != first.scans.size()) {
            throw InternalError("the rule profiles scan different tables");
        }
    }
    for (std::size_t i = 0; i < first.scans.size(); ++i) {
        ScanComparison scan{first.scans[i].table, first.scans[i].alias, {}};
        std::vector<std::string> order;
        std::array<std::unordered_set<std::string>, 3> read;
        for (std::size_t p = 0; p < 3; ++p) {
            std::vector<std::string> paths;
            leaves(runs[p]->scans[i].read_schema, "", paths);
            for (std::string& path : paths) {
                if (read[p].insert(path).second &&
                    std::find(order.begin(), order.end(), path) == order.end()) {
                    order.push_back(path);
                }
            }
        }
        for (const std::string& path : order) {
            FieldComparison field{path, {}, {}};
            for (std::size_t p = 0; p < 3; ++p) {
                field.read[p] = read[p].contains(path);
            }
            for (std::size_t p = 0; p + 1 < 3; ++p) {
                if (!field.read[p] || field.read[p + 1]) {
                    continue;
                }
                RuleDifference difference;
                difference.wider = static_cast<Profile>(p);
                difference.narrower = static_cast<Profile>(p + 1);
                const auto [reason, rule] = reason_for(runs[p]->scans[i], path, p == 1);
                difference.reason = reason;
                difference.rule = std::string(rule);
                field.differences.push_back(std::move(difference));
            }
            scan.fields.push_back(std::move(field));
        }
        out.scans.push_back(std::move(scan));
    }
    attribute_set_mismatches(out);
    return out;
}

void print_rules_comparison_text(const RulesComparison& comparison, bool color, std::ostream& out) {
    const char* bold = color ? "\x1b[1m" : "";
    const char* reset = color ? "\x1b[0m" : "";
    const char* red = color ? "\x1b[31m" : "";
    out << bold << "== statement " << comparison.index << " (" << comparison.file << ":"
        << comparison.line << ":" << comparison.column << "), rules compared ==" << reset << "\n";
    for (const ScanComparison& scan : comparison.scans) {
        std::size_t differing = 0;
        for (const FieldComparison& field : scan.fields) {
            differing += field.differences.empty() ? 0U : 1U;
        }
        out << scan.table << (scan.alias.empty() ? "" : " " + scan.alias) << ": "
            << scan.fields.size() << (scan.fields.size() == 1 ? " field" : " fields")
            << " read by some profile, " << differing << " differing\n";
        if (scan.fields.empty()) {
            continue;
        }
        std::size_t width = 5; // "field"
        for (const FieldComparison& field : scan.fields) {
            width = std::max(width, field.path.size());
        }
        const auto pad = [&](const std::string& text, std::size_t w) {
            return text + std::string(w > text.size() ? w - text.size() : 0, ' ');
        };
        out << "  " << pad("field", width) << "  legacy  spark  extended  rule\n";
        for (const FieldComparison& field : scan.fields) {
            std::string row = "  " + pad(field.path, width) + "  ";
            row += pad(field.read[0] ? "read" : "-", 6) + "  ";
            row += pad(field.read[1] ? "read" : "-", 5) + "  ";
            if (field.differences.empty()) {
                row += field.read[2] ? "read" : "-";
            } else {
                row += pad(field.read[2] ? "read" : "-", 8) + "  ";
                for (std::size_t d = 0; d < field.differences.size(); ++d) {
                    const RuleDifference& difference = field.differences[d];
                    if (d > 0) {
                        row += "; ";
                    }
                    row += red;
                    row += difference.rule.empty() ? "?" : difference.rule;
                    row += reset;
                    row += std::string(" (") + short_name(difference.wider) + ": " +
                           (difference.reason == ReadReason::None
                                ? std::string("no reason recorded")
                                : std::string(reason_info(difference.reason).name)) +
                           ")";
                }
            }
            out << row << "\n";
        }
    }
}

void write_rules_comparison_keys(const RulesComparison& comparison, JsonWriter& out) {
    write_statement_keys(comparison.index, comparison.file, comparison.line, comparison.column,
                         "compared", out);
    out.key("scans");
    out.begin_array();
    for (const ScanComparison& scan : comparison.scans) {
        out.begin_object();
        out.key("table");
        out.value(scan.table);
        out.key("alias");
        scan.alias.empty() ? out.null() : out.value(scan.alias);
        out.key("fields");
        out.begin_array();
        for (const FieldComparison& field : scan.fields) {
            out.begin_object();
            out.key("path");
            out.value(field.path);
            for (std::size_t p = 0; p < 3; ++p) {
                out.key(short_name(static_cast<Profile>(p)));
                out.value(field.read[p]);
            }
            out.key("differences");
            out.begin_array();
            for (const RuleDifference& difference : field.differences) {
                out.begin_object();
                out.key("read_by");
                out.value(short_name(difference.wider));
                out.key("not_read_by");
                out.value(short_name(difference.narrower));
                out.key("rule");
                difference.rule.empty() ? out.null() : out.value(difference.rule);
                out.key("reason");
                difference.reason == ReadReason::None
                    ? out.null()
                    : out.value(std::string(reason_info(difference.reason).name));
                out.end_object();
            }
            out.end_array();
            out.end_object();
        }
        out.end_array();
        out.end_object();
    }
    out.end_array();
}

} // namespace prune
