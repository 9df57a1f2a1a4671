#pragma once
/// `--compare-rules`: one statement under `legacy`, `spark` and `extended`, per field of each
/// scan: read or not under each, and for each difference the rule that makes it — the Spark
/// ticket that lifted legacy's reason, or the extended rule (docs/RULES.md) that lifts spark's.
///
///     SELECT transform(friends, f -> f.first) FROM contacts WHERE name IS NOT NULL
///
///     field                   legacy  spark  extended  rule
///     name.first              read    read   read
///     name.middle             read    read   -         X5 (spark: null_test)
///     friends.element.middle  read    -      -         SPARK-57022 (legacy: higher_order_function)
///
/// The rule is found from the provenance of the profile that reads more: the reason it reads
/// the field (prune/provenance.hpp) names the rule that reads narrower.

#include <array>
#include <ostream>
#include <string>
#include <vector>

#include "output/result.hpp"
#include "util/json_writer.hpp"

namespace prune {

/// One profile reading a field that the next narrower one does not.
struct RuleDifference {
    Profile wider = Profile::Legacy;      // reads the field
    Profile narrower = Profile::Spark;    // does not
    ReadReason reason = ReadReason::None; // why `wider` reads it
    std::string rule;                     // the Spark ticket or extended rule; empty: unknown
};

struct FieldComparison {
    std::string path;           // a leaf, as provenance names paths
    std::array<bool, 3> read{}; // legacy, spark, extended
    std::vector<RuleDifference> differences;
};

struct ScanComparison {
    std::string table;
    std::string alias;
    std::vector<FieldComparison> fields; // every leaf some profile reads, in schema order
};

struct RulesComparison {
    std::size_t index = 0;
    std::string file;
    std::size_t line = 1;
    std::size_t column = 1;
    std::vector<ScanComparison> scans;
};

/// Compares the results of one statement under each profile (each run with provenance).
/// Throws InternalError when the three runs do not scan the same tables.
RulesComparison compare_rules(const std::array<const StatementResult*, 3>& runs);

void print_rules_comparison_text(const RulesComparison& comparison, bool color, std::ostream& out);
/// The keys of the comparison's JSON object (README.md "JSON output", --compare-rules).
void write_rules_comparison_keys(const RulesComparison& comparison, JsonWriter& out);

} // namespace prune
