// Original plan over full rows vs rewritten plan over projected rows.
//
//     events(id INT, r ARRAY<STRUCT<a: STRING, b: INT, c: DOUBLE>>)
//     SELECT transform(r, x -> x.c) FROM events        read schema
//     struct<r:array<struct<c:double>>>
//
//     row {"id":1,"r":[{"a":"x","b":2,"c":0.5}]}
//       original:  x.c is ordinal 2 of {x, 2, 0.5}   -> [0.5]
//       rewritten: x.c is ordinal 0 of {0.5}         -> [0.5]          identical
//     (had the rewrite kept ordinal 2, the projected struct {0.5} would have raised
//      INTERNAL_ERROR / read the wrong field, and verify would show the row.)

#include "eval/verify.hpp"
#include "util/ascii.hpp"

#include <algorithm>
#include <unordered_map>

#include "eval/rows.hpp"
#include "plan/tree.hpp"

namespace prune {
namespace {

std::string row_json(const QueryOutcome& outcome, std::size_t i) {
    std::string out = "{";
    const std::vector<Value>& row = outcome.rows[i];
    for (std::size_t c = 0; c < row.size(); ++c) {
        out += c == 0 ? "\"" : ",\"";
        for (char ch : outcome.column_names[c]) {
            if (ch == '"' || ch == '\\') {
                out.push_back('\\');
            }
            out.push_back(ch);
        }
        out += "\":";
        out += value_to_json(row[c], *outcome.column_types[c]);
    }
    return out + "}";
}

bool same_multiset(const std::vector<std::vector<Value>>& a,
                   const std::vector<std::vector<Value>>& b) {
    if (a.size() != b.size()) {
        return false;
    }
    ValueRowMap<std::size_t> counts;
    for (const auto& row : a) {
        ++counts[row];
    }
    for (const auto& row : b) {
        auto it = counts.find(row);
        if (it == counts.end() || it->second == 0) {
            return false;
        }
        --it->second;
    }
    return true;
}

} // namespace

VerifyReport compare_outcomes(const QueryOutcome& original, const QueryOutcome& rewritten) {
    VerifyReport report;
    report.ordered = original.ordered;
    report.result_rows = original.rows.size();
    if (original.error) {
        if (original.error->error_class() == "UNRESOLVED_COLUMN") {
            // The plan as bound reads a column its input does not make: an analyzer bug,
            // never an outcome two plans may share.
            throw InternalError(std::string("the original plan reads a column its input does "
                                            "not make: ") +
                                original.error->what());
        }
        report.original_error = original.error->what();
    }
    if (rewritten.error) {
        report.rewritten_error = rewritten.error->what();
    }
    if (original.error || rewritten.error) {
        const bool same = original.error && rewritten.error &&
                          original.error->error_class() == rewritten.error->error_class();
        if (!same) {
            report.identical = false;
            VerifyDifference d;
            d.row = 1;
            if (original.error) {
                d.original = original.error->what();
            } else if (!original.rows.empty()) {
                d.original = row_json(original, 0);
            }
            if (rewritten.error) {
                d.rewritten = rewritten.error->what();
            } else if (!rewritten.rows.empty()) {
                d.rewritten = row_json(rewritten, 0);
            }
            report.difference = d;
        }
        return report;
    }
    // Positionally first: both plans see the same rows in the same order.
    std::size_t first = 0;
    const std::size_t n = std::min(original.rows.size(), rewritten.rows.size());
    while (first < n && value_rows_equal(original.rows[first], rewritten.rows[first])) {
        ++first;
    }
    if (first == original.rows.size() && first == rewritten.rows.size()) {
        return report;
    }
    if (!original.ordered && same_multiset(original.rows, rewritten.rows)) {
        return report;
    }
    report.identical = false;
    VerifyDifference d;
    d.row = first + 1;
    if (first < original.rows.size()) {
        d.original = row_json(original, first);
    }
    if (first < rewritten.rows.size()) {
        d.rewritten = row_json(rewritten, first);
    }
    report.difference = d;
    return report;
}

namespace {

/// The rows of each Relation of `plan`, in plan_relations order, from its table's rows.
std::vector<std::vector<std::vector<Value>>> scan_rows(const Plan& plan,
                                                       const std::vector<TableRows>& tables) {
    std::vector<std::vector<std::vector<Value>>> out;
    for (const Relation* relation : plan_relations(plan)) {
        const TableRows* found = nullptr;
        for (const TableRows& t : tables) {
            if (equal_ignoring_ascii_case(t.table.name, relation->table)) {
                found = &t;
            }
        }
        if (found == nullptr) {
            throw InternalError("verify: no rows for table '" + relation->table + "'");
        }
        out.push_back(relation_rows(*relation, *found->table.schema, found->rows));
    }
    return out;
}

} // namespace

VerifyReport verify_tables(const Plan& original, const Plan& rewritten,
                           const std::vector<TableRows>& tables) {
    check_evaluable(original);
    check_evaluable(rewritten);
    const QueryOutcome a = run_plan(original, scan_rows(original, tables));
    const QueryOutcome b = run_plan(rewritten, scan_rows(rewritten, tables));
    VerifyReport report = compare_outcomes(a, b);
    for (const TableRows& t : tables) {
        report.rows += t.rows.size();
    }
    return report;
}

VerifyReport verify_rows(const Plan& original, const Plan& rewritten, const Table& table,
                         const std::vector<std::vector<Value>>& table_rows) {
    // Every scan reads this one table, whatever name it took (a single-table schema answers
    // to any), and a self-join reads its rows twice.
    std::vector<TableRows> tables;
    for (const Relation* relation : plan_relations(original)) {
        if (std::none_of(tables.begin(), tables.end(),
                         [&](const TableRows& t) { return t.table.name == relation->table; })) {
            tables.push_back(TableRows{table, table_rows});
            tables.back().table.name = relation->table;
        }
    }
    VerifyReport report = verify_tables(original, rewritten, tables);
    report.rows = table_rows.size();
    return report;
}

VerifyReport verify_result_rows(const StatementResult& result, const Table& table,
                                const std::vector<std::vector<Value>>& table_rows) {
    if (!result.simplified_plan || !result.plan) {
        throw InternalError("verify: the statement has no plan");
    }
    return verify_rows(*result.simplified_plan, *result.plan, table, table_rows);
}

VerifyReport verify(const StatementResult& result, const std::vector<TableRowsText>& tables) {
    if (!result.original_plan || !result.plan || !result.simplified_plan) {
        throw InternalError("verify: the statement has no plan");
    }
    // Refuse before reading the rows: a query we cannot run is not a rows problem.
    check_evaluable(*result.original_plan);
    check_evaluable(*result.plan);
    std::vector<TableRows> rows;
    for (const TableRowsText& t : tables) {
        rows.push_back(TableRows{t.table, read_json_rows(*t.text, *t.table.schema, t.name)});
    }
    return verify_tables(*result.simplified_plan, *result.plan, rows);
}

VerifyReport verify(const StatementResult& result, const Table& table,
                    const std::string& rows_jsonl_text, const std::string& rows_name) {
    return verify(result, std::vector<TableRowsText>{{table, &rows_jsonl_text, rows_name}});
}

std::string verify_text(const VerifyReport& report) {
    const auto rows = [](std::size_t n, const char* noun) {
        return std::to_string(n) + noun + (n == 1 ? " row" : " rows");
    };
    std::string out = "verify: " + rows(report.rows, "") + " checked, ";
    if (report.identical) {
        out += "results identical";
        if (report.original_error) {
            out += " (both raise " + *report.original_error + ")";
        } else {
            out += " (" + rows(report.result_rows, " result") +
                   (report.ordered ? ", in order" : "") + ")";
        }
        return out + "\n";
    }
    out += "results DIFFER at result row " +
           std::to_string(report.difference ? report.difference->row : 0) + "\n";
    if (report.difference) {
        out += "  original:  " + report.difference->original.value_or("(no row)") + "\n";
        out += "  rewritten: " + report.difference->rewritten.value_or("(no row)") + "\n";
    }
    return out;
}

void write_verify_json(const VerifyReport& report, JsonWriter& out) {
    const auto text_or_null = [&](const std::optional<std::string>& text) {
        if (text) {
            out.value(*text);
        } else {
            out.null();
        }
    };
    out.begin_object();
    out.key("rows");
    out.value(report.rows);
    out.key("identical");
    out.value(report.identical);
    out.key("result_rows");
    out.value(report.result_rows);
    out.key("ordered");
    out.value(report.ordered);
    if (report.identical && report.original_error) {
        out.key("error");
        out.value(*report.original_error);
    }
    out.key("difference");
    if (report.difference) {
        out.begin_object();
        out.key("row");
        out.value(report.difference->row);
        out.key("original");
        text_or_null(report.difference->original);
        out.key("rewritten");
        text_or_null(report.difference->rewritten);
        out.end_object();
    } else {
        out.null();
    }
    out.end_object();
}

} // namespace prune
