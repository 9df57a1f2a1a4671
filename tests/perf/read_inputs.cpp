// read_inputs: the bare cost of reading prune-plan's inputs — load the schema and parse every
// statement of the query, nothing else. tests/perf/scale.sh compares the whole process with it.
//
//     read_inputs query.sql schema.ddl     (exit 0; prints the number of statements parsed)

#include <cstdlib>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <string>

#include "catalog/catalog.hpp"
#include "sql/parser.hpp"

namespace {

std::string read_file(const char* path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::cerr << "read_inputs: cannot read " << path << "\n";
        std::exit(2);
    }
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 3) {
        std::cerr << "usage: read_inputs QUERY SCHEMA\n";
        return 2;
    }
    const prune::Catalog catalog = prune::load_catalog(read_file(argv[2]), argv[2]);
    const auto source = std::make_shared<const prune::SourceFile>(argv[1], read_file(argv[1]));
    std::size_t parsed = 0;
    for (const prune::StatementText& text : prune::split_statements(*source)) {
        const prune::ast::Statement statement = prune::parse_statement(source, text);
        ++parsed;
    }
    std::cout << parsed << "\n";
    return 0;
}
