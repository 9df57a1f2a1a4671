// Spark's built-in functions against what the analyzer knows (docs/FUNCTIONS.md): every name of
// Spark 4.0's function registry (tests/data/spark_builtins.txt) is either bound by the analyzer
// or in the list of those it does not support, with the reason (plan/unsupported_functions),
// which FUNCTIONS.md's "Not supported" table shows row for row; the list names nothing the
// analyzer knows; and every function README's function list names is known.

#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "plan/analyzer.hpp"
#include "plan/unsupported_functions.hpp"

using namespace prune;

namespace {

std::string read_file(const std::string& relative) {
    const std::string path = std::string(PRUNE_SOURCE_DIR) + "/" + relative;
    std::ifstream in(path);
    INFO(path);
    REQUIRE(in.good());
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::vector<std::string> lines_of(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

bool is_name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; }

/// Spark's built-ins: the data file's names, without its `#` comments and blank lines.
std::vector<std::string> spark_builtins() {
    std::vector<std::string> names;
    for (const std::string& line : lines_of(read_file("tests/data/spark_builtins.txt"))) {
        if (!line.empty() && line[0] != '#') {
            names.push_back(line);
        }
    }
    return names;
}

/// The names of the list of Spark built-ins prune-plan does not know (unsupported_functions).
std::set<std::string> not_supported() {
    std::set<std::string> names;
    for (const UnsupportedBuiltin& entry : unsupported_builtins()) {
        names.insert(std::string(entry.name));
    }
    return names;
}

/// FUNCTIONS.md's "Not supported" table, a row a line: "| `name` | reason |".
std::vector<std::string> documented_not_supported() {
    std::vector<std::string> rows;
    bool in_section = false;
    for (const std::string& line : lines_of(read_file("docs/FUNCTIONS.md"))) {
        if (line.starts_with("## ")) {
            in_section = line == "## Not supported";
            continue;
        }
        if (in_section && line.starts_with("| `")) {
            rows.push_back(line);
        }
    }
    return rows;
}

/// The functions README's function list names: from "Functions have Spark's types" to the
/// paragraph on functions prune-plan does not know, each backticked span that starts with a
/// lower-case name followed by `(` or by the span's end (`pow`, `pow(x, 2)`; not `RLIKE(s, p)`
/// or `s [NOT] REGEXP p`, Spark's printed forms and syntax).
std::set<std::string> readme_functions() {
    const std::string readme = read_file("README.md");
    const std::size_t begin = readme.find("Functions have Spark's types");
    const std::size_t end = readme.find("Functions prune-plan does not know");
    REQUIRE(begin != std::string::npos);
    REQUIRE(end != std::string::npos);
    REQUIRE(begin < end);
    const std::string section = readme.substr(begin, end - begin);
    std::set<std::string> names;
    for (std::size_t open = section.find('`'); open != std::string::npos;) {
        const std::size_t close = section.find('`', open + 1);
        REQUIRE(close != std::string::npos);
        const std::string span = section.substr(open + 1, close - open - 1);
        std::size_t n = 0;
        while (n < span.size() && is_name_char(span[n])) {
            ++n;
        }
        const bool starts_lower = !span.empty() && span[0] >= 'a' && span[0] <= 'z';
        if (starts_lower && (n == span.size() || span[n] == '(')) {
            names.insert(span.substr(0, n));
        }
        open = section.find('`', close + 1);
    }
    return names;
}

} // namespace

TEST_CASE("the built-ins list is sorted, one name a line", "[functions][builtins]") {
    const std::vector<std::string> names = spark_builtins();
    CHECK(names.size() > 400);
    for (std::size_t i = 0; i < names.size(); ++i) {
        INFO(names[i]);
        CHECK(std::all_of(names[i].begin(), names[i].end(), is_name_char));
        if (i > 0) {
            CHECK(names[i - 1] < names[i]);
        }
    }
}

TEST_CASE("every Spark built-in is known or documented as not supported", "[functions][builtins]") {
    const std::set<std::string> unsupported = not_supported();
    std::string unknown;
    std::string stale;
    for (const std::string& name : spark_builtins()) {
        const bool known = is_builtin_function(name);
        if (!known && unsupported.count(name) == 0) {
            unknown += " " + name;
        }
        if (known && unsupported.count(name) != 0) {
            stale += " " + name;
        }
    }
    INFO("Spark built-ins neither known nor in the Not supported list:" << unknown);
    CHECK(unknown.empty());
    INFO("supported now, yet still in the Not supported list:" << stale);
    CHECK(stale.empty());
}

TEST_CASE("FUNCTIONS.md's Not supported table is the list, row for row", "[functions][builtins]") {
    std::vector<std::string> expected;
    for (const UnsupportedBuiltin& entry : unsupported_builtins()) {
        expected.push_back("| `" + std::string(entry.name) + "` | " + std::string(entry.reason) +
                           " |");
    }
    const std::vector<std::string> documented = documented_not_supported();
    const std::span<const UnsupportedBuiltin> list = unsupported_builtins();
    CHECK(std::is_sorted(list.begin(), list.end(),
                         [](const auto& a, const auto& b) { return a.name < b.name; }));
    CHECK(documented == expected);
    for (const UnsupportedBuiltin& entry : unsupported_builtins()) {
        CHECK(find_unsupported_builtin(entry.name) == &entry);
    }
    CHECK(find_unsupported_builtin("upper") == nullptr);
}

TEST_CASE("the Not supported list names only Spark built-ins", "[functions][builtins]") {
    const std::vector<std::string> builtins = spark_builtins();
    const std::set<std::string> all(builtins.begin(), builtins.end());
    std::string foreign;
    for (const std::string& name : not_supported()) {
        if (all.count(name) == 0) {
            foreign += " " + name;
        }
    }
    INFO("in the Not supported list but not a Spark built-in:" << foreign);
    CHECK(foreign.empty());
    CHECK(!not_supported().empty());
}

TEST_CASE("every function README's function list names is known", "[functions][builtins]") {
    const std::set<std::string> names = readme_functions();
    CHECK(names.size() > 100);
    std::string unknown;
    for (const std::string& name : names) {
        if (!is_builtin_function(name)) {
            unknown += " " + name;
        }
    }
    INFO("README names functions the analyzer does not know:" << unknown);
    CHECK(unknown.empty());
}

TEST_CASE("the analyzer's entry point knows each kind of built-in", "[functions][builtins]") {
    CHECK(is_builtin_function("upper"));         // a catalog row
    CHECK(is_builtin_function("UPPER"));         // any case
    CHECK(is_builtin_function("transform"));     // a higher-order function
    CHECK(is_builtin_function("named_struct"));  // a node the analyzer builds
    CHECK(is_builtin_function("explode_outer")); // a generator
    CHECK(is_builtin_function("int"));           // a cast function
    CHECK_FALSE(is_builtin_function("likeany")); // internal: built from LIKE ANY only
    CHECK_FALSE(is_builtin_function("my_udf"));
}
