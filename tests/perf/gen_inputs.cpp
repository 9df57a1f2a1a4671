// gen_inputs: writes a generated schema and query (tests/perf/generator.hpp) to a folder.
//
//     gen_inputs reference 1600 out/      -> out/schema.ddl (3,200 columns, 64,000 leaves)
//                                            out/query.sql  (3,200 select items)
//     gen_inputs reference 1600 --statements 10000 out/   -> the same schema, 10,000 small
//                                            statements (a CI loop over many queries)
//     gen_inputs mixed --columns 400 --fields 20 --depth 3 --items 2000 --where 64 out/
//     --distinct (either shape): a COMMENT per column, so no two columns share a struct type
//     gen_inputs join 100 out/            -> out/schema.json (a catalog of 100 tables of 100
//                                            columns), out/query.sql (their 100-way join)
//     gen_inputs window 100 out/          -> out/schema.ddl, out/query.sql (100 window
//                                            expressions, each a Window of its own)
//     gen_inputs nest 50 out/             -> out/schema.ddl, out/query.sql (50 nested
//                                            FROM-subqueries)

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "generator.hpp"

namespace {

using namespace prune::perf;

[[noreturn]] void usage() {
    std::cerr << "usage: gen_inputs reference N [--statements K] [--distinct] OUT_DIR\n"
                 "       gen_inputs mixed [--columns C] [--fields F] [--depth D] [--items K]\n"
                 "                        [--where W] [--seed S] [--distinct] OUT_DIR\n"
                 "       gen_inputs join N OUT_DIR\n"
                 "       gen_inputs nest D OUT_DIR\n"
                 "       gen_inputs window W OUT_DIR\n";
    std::exit(2);
}

std::uint64_t number(const char* text) {
    char* end = nullptr;
    const unsigned long long value = std::strtoull(text, &end, 10);
    if (end == text || *end != '\0') {
        usage();
    }
    return value;
}

void write(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) {
        std::cerr << "gen_inputs: cannot write " << path << "\n";
        std::exit(1);
    }
}

} // namespace

int main(int argc, char** argv) {
    // `--distinct` may stand anywhere; every other option takes a value.
    std::vector<std::string> args;
    bool distinct = false;
    for (int i = 1; i < argc; ++i) {
        if (std::string(argv[i]) == "--distinct") {
            distinct = true;
        } else {
            args.emplace_back(argv[i]);
        }
    }
    if (args.size() < 2) {
        usage();
    }
    std::ostringstream schema;
    std::ostringstream query;
    std::string schema_file = "schema.ddl";
    if (args[0] == "join" && args.size() == 3) {
        joins(number(args[1].c_str()), 100, schema, query);
        schema_file = "schema.json";
    } else if (args[0] == "nest" && args.size() == 3) {
        nest(number(args[1].c_str()), schema, query);
    } else if (args[0] == "window" && args.size() == 3) {
        windows(number(args[1].c_str()), schema, query);
    } else if (args[0] == "reference" && args.size() == 3) {
        reference(number(args[1].c_str()), schema, query, distinct);
    } else if (args[0] == "reference" && args.size() == 5 && args[2] == "--statements") {
        reference_statements(number(args[1].c_str()), number(args[3].c_str()), schema, query,
                             distinct);
    } else if (args[0] == "mixed" && args.size() % 2 == 0) {
        MixedOptions o;
        o.distinct = distinct;
        for (std::size_t i = 1; i + 1 < args.size(); i += 2) {
            const std::string& flag = args[i];
            const std::uint64_t value = number(args[i + 1].c_str());
            if (flag == "--columns") {
                o.columns = value;
            } else if (flag == "--fields") {
                o.fields = value;
            } else if (flag == "--depth") {
                o.depth = value;
            } else if (flag == "--items") {
                o.items = value;
            } else if (flag == "--where") {
                o.where = value;
            } else if (flag == "--seed") {
                o.seed = value;
            } else {
                usage();
            }
        }
        if (o.columns == 0 || o.fields < 2 || o.depth == 0) {
            usage();
        }
        mixed(o, schema, query);
    } else {
        usage();
    }
    write(args.back() + "/" + schema_file, schema.str());
    write(args.back() + "/query.sql", query.str());
    return 0;
}
