#include <catch2/catch.hpp>

#include "diag/diagnostic.hpp"

using namespace prune;

TEST_CASE("diagnostics point at the span in code points", "[diag]") {
    auto source = std::make_shared<const SourceFile>(
        "query.sql", "SELECT 1\nFROM t WHERE \xc3\xa9t\xc3\xa9 = r.rule_verison\n");
    const std::string text = source->text();
    const std::size_t begin = text.find("r.rule");
    const std::string rendered =
        render(Diagnostic{Severity::Error, "no field 'rule_verison'", source,
                          Span{begin, begin + std::string("r.rule_verison").size()}});
    CHECK(rendered == "query.sql:2:20: error: no field 'rule_verison'\n"
                      "    2 | FROM t WHERE \xc3\xa9t\xc3\xa9 = r.rule_verison\n"
                      "      |                    ^~~~~~~~~~~~~~\n");
}

TEST_CASE("locations handle CRLF and the end of the text", "[diag]") {
    SourceFile source("f", "ab\r\ncd");
    CHECK(source.location(4).line == 2);
    CHECK(source.location(4).column == 1);
    CHECK(source.line_text(1) == "ab");
    CHECK(source.location(100).column == 3);
}

TEST_CASE("did you mean finds close names only", "[diag]") {
    const std::vector<std::string> names{"rule_version", "rule_public_id", "score"};
    CHECK(did_you_mean("rule_verison", names) == "; did you mean 'rule_version'?");
    CHECK(did_you_mean("zzz", names).empty());
}
