// The one UTF-8 checker (diag/utf8.hpp): what inputs may hold, and how quoted lines are shown.

#include <catch2/catch.hpp>

#include <optional>
#include <string>

#include "diag/diagnostic.hpp"
#include "diag/utf8.hpp"

using namespace prune;

TEST_CASE("find_bad_text finds the first NUL or malformed sequence", "[utf8]") {
    struct Row {
        std::string text;
        std::optional<std::size_t> at;
        std::size_t length;
        bool nul;
    };
    const Row row = GENERATE(values<Row>({
        {"SELECT 1", std::nullopt, 0, false},
        {"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80", std::nullopt, 0, false}, // é € 😀
        {std::string("na\0me", 5), 2, 1, true},
        {"a \xFF b", 2, 1, false},             // never a UTF-8 byte
        {"a \x80 b", 2, 1, false},             // a stray continuation byte
        {"\xC0\xAF", 0, 2, false},             // overlong '/'
        {"\xE0\x80\xAF", 0, 3, false},         // overlong, three bytes
        {"\xED\xA0\x80", 0, 3, false},         // a surrogate (U+D800)
        {"\xF4\x90\x80\x80", 0, 4, false},     // beyond U+10FFFF
        {"ok \xE2\x82", 3, 2, false},          // truncated at the end
        {"\xC3\xA9\xE2\x82\x41", 2, 2, false}, // a lead byte without its continuation
    }));
    CAPTURE(row.text);
    const std::optional<BadText> bad = find_bad_text(row.text);
    REQUIRE(bad.has_value() == row.at.has_value());
    if (bad) {
        CHECK(bad->at == *row.at);
        CHECK(bad->length == row.length);
        CHECK(bad->nul == row.nul);
        CHECK(bad->message() == (row.nul ? "NUL byte in input" : "invalid UTF-8"));
    }
}

TEST_CASE("find_bad_text finds a bad byte at any offset of a long ASCII text", "[utf8]") {
    // ASCII is checked eight bytes at a time: every offset within and across those words.
    for (std::size_t length :
         {std::size_t{1}, std::size_t{7}, std::size_t{8}, std::size_t{9}, std::size_t{31}}) {
        const std::string clean(length, 'a');
        CHECK_FALSE(find_bad_text(clean).has_value());
        for (std::size_t at = 0; at < length; ++at) {
            for (const char bad : {'\0', '\x80', '\xFF'}) {
                std::string text = clean;
                text[at] = bad;
                CAPTURE(length, at, static_cast<int>(static_cast<unsigned char>(bad)));
                const std::optional<BadText> found = find_bad_text(text);
                REQUIRE(found.has_value());
                CHECK(found->at == at);
                CHECK(found->nul == (bad == '\0'));
            }
        }
        // A valid multi-byte sequence in the middle is no finding.
        std::string accented = clean + "caf\xC3\xA9" + clean;
        CHECK_FALSE(find_bad_text(accented).has_value());
    }
}

TEST_CASE("printable replaces control characters and malformed bytes, one per column", "[utf8]") {
    CHECK(printable("a\tb c\xC3\xA9") == "a\tb c\xC3\xA9");
    CHECK(printable(std::string("na\0me", 5)) == "na\xEF\xBF\xBDme");
    CHECK(printable("\x1b[31mred") == "\xEF\xBF\xBD[31mred"); // no escape sequence gets through
    CHECK(printable("x\xE2\x82y") == "x\xEF\xBF\xBDy");       // truncated: one column
    CHECK(printable("\xFF\xFE") == "\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST_CASE("diagnostics quote bad lines safely and keep the marker under the column", "[utf8]") {
    auto source = std::make_shared<const SourceFile>("q.sql", std::string("SELECT \0 x", 10));
    const Diagnostic d{Severity::Error, "NUL byte in input", source, Span{7, 8}};
    CHECK(render(d) == "q.sql:1:8: error: NUL byte in input\n"
                       "    1 | SELECT \xEF\xBF\xBD x\n"
                       "      |        ^\n");
    CHECK(render(Diagnostic{Severity::Error, "unknown type '\x01'", nullptr, {}}) ==
          "error: unknown type '\xEF\xBF\xBD'\n");
}

TEST_CASE("schema errors render compiler style", "[utf8][schema]") {
    CHECK(render(SchemaError("s.json", "fields[0].type: unknown type 'strin'")) ==
          "s.json: error: fields[0].type: unknown type 'strin'\n");
    CHECK(std::string(SchemaError("s.json", "empty schema").what()) == "s.json: empty schema");
    CHECK(render(SchemaError("partition column 'p' is not a column of any table")) ==
          "error: partition column 'p' is not a column of any table\n");
    auto ddl = std::make_shared<const SourceFile>("s.ddl", "id STRIN");
    const SchemaError located(Diagnostic{Severity::Error, "unknown type 'STRIN'", ddl, {3, 8}});
    CHECK(std::string(located.what()) == "s.ddl:1:4: unknown type 'STRIN'");
    CHECK(render(located) == "s.ddl:1:4: error: unknown type 'STRIN'\n"
                             "    1 | id STRIN\n"
                             "      |    ^~~~~\n");
}
