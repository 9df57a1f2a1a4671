// Spark's own expectations (../shared/cases/spark_cases.jsonl, copied to tests/data): for each
// case, the read schema `--rules spark` computes must equal `expected_read_schema` after all
// whitespace is removed. The expectations come from Spark's test suites and are never
// regenerated from our own output.

#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <string>

#include <nlohmann/json.hpp>

#include "catalog/catalog.hpp"
#include "pipeline.hpp"

using namespace prune;

namespace {

std::string without_whitespace(std::string s) {
    std::erase_if(s, [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; });
    return s;
}

std::vector<nlohmann::json> load_cases() {
    std::ifstream in(PRUNE_SOURCE_DIR "/tests/data/spark_cases.jsonl");
    REQUIRE(in);
    std::vector<nlohmann::json> cases;
    for (std::string line; std::getline(in, line);) {
        if (!line.empty()) {
            cases.push_back(nlohmann::json::parse(line));
        }
    }
    return cases;
}

std::string read_schema(const nlohmann::json& c, Profile profile) {
    Catalog catalog = load_ddl_catalog(c.at("schema").get<std::string>());
    const CaseSensitivity cs = c.at("case_sensitive").get<bool>() ? CaseSensitivity::Sensitive
                                                                  : CaseSensitivity::Insensitive;
    if (c.contains("partition_columns")) {
        catalog.add_partition_columns(c.at("partition_columns").get<std::vector<std::string>>(),
                                      cs);
    }
    auto source = std::make_shared<const SourceFile>("query.sql", c.at("query").get<std::string>());
    const std::vector<StatementText> statements = split_statements(*source);
    REQUIRE(statements.size() == 1);
    const StatementRun run = run_statement(source, statements[0], catalog, {profile, cs});
    REQUIRE(run.result.scans.size() == 1);
    return catalog_string(*run.result.scans[0].read_schema);
}

/// Whether a case uses only what predates Spark's 2026 lambda work (issue 5: these must give
/// the same answer under `legacy`).
bool predates_2026(const std::string& query) {
    static const std::regex lambda_era(
        R"(\b(transform|exists|forall|filter|array_sort|aggregate|reduce|zip_with|transform_keys|)"
        R"(transform_values|map_filter|map_zip_with|reverse|shuffle|slice|array_compact|size|)"
        R"(cardinality|array_size)\s*\()",
        std::regex::icase);
    return !std::regex_search(query, lambda_era);
}

} // namespace

TEST_CASE("every Spark case reads what Spark reads under --rules spark", "[spark-cases]") {
    const std::vector<nlohmann::json> cases = load_cases();
    REQUIRE(cases.size() == 73);
    for (const nlohmann::json& c : cases) {
        const std::string id = c.at("id").get<std::string>();
        DYNAMIC_SECTION(id << ": " << c.at("query").get<std::string>()) {
            CHECK(without_whitespace(read_schema(c, Profile::Spark)) ==
                  without_whitespace(c.at("expected_read_schema").get<std::string>()));
        }
    }
}

TEST_CASE("cases that predate the lambda work read the same under --rules legacy",
          "[spark-cases]") {
    std::size_t checked = 0;
    for (const nlohmann::json& c : load_cases()) {
        if (!predates_2026(c.at("query").get<std::string>())) {
            continue;
        }
        ++checked;
        DYNAMIC_SECTION(c.at("id").get<std::string>()) {
            CHECK(without_whitespace(read_schema(c, Profile::Legacy)) ==
                  without_whitespace(c.at("expected_read_schema").get<std::string>()));
        }
    }
    CHECK(checked > 20);
}
