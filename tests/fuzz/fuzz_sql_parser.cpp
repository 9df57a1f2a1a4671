// libFuzzer harness: the SQL front end over arbitrary bytes. Every statement that
// split_statements finds is parsed; a parsed one is also dumped (`--emit ast`).
//
//     SELECT a FROM t; SELECT (  -- two statements: the first parses, the second is a SqlError

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "fuzz_support.hpp"
#include "sql/parser.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace prune;
    auto source = std::make_shared<const SourceFile>(
        "query.sql", std::string(reinterpret_cast<const char*>(data), size));
    const std::vector<StatementText> statements = split_statements(*source);
    std::size_t previous_end = 0;
    for (const StatementText& text : statements) {
        fuzz::require(text.span.begin <= text.span.end && text.span.end <= size,
                      "a statement span outside the file");
        fuzz::require(text.span.begin >= previous_end, "statements out of order");
        previous_end = text.span.end;
        fuzz::accepts([&] {
            const ast::Statement statement = parse_statement(source, text);
            const std::string dump = dump_ast(statement, *source);
            fuzz::require(!dump.empty(), "an empty AST dump");
            fuzz::require_utf8(dump, "dump_ast");
        });
    }
    return 0;
}
