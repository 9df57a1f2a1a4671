// prune-plan: options -> pipeline -> output -> exit code. Nothing else lives here: the
// library does no I/O, this file does nothing but I/O.

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "catalog/catalog.hpp"
#include "eval/rows.hpp"
#include "eval/verify.hpp"
#include "output/printers.hpp"
#include "parquet/dataset.hpp"
#include "pipeline.hpp"
#include "plan/analyzer.hpp"
#include "sql/parser.hpp"

namespace {

using namespace prune;

/// Exit statuses (CLI.md "Exit status"); with several statements the highest wins.
enum Exit : int {
    kSuccess = 0,
    kRejected = 1,
    kUsage = 2,
    kInternal = 3,
    kDifferent = 4,
};

struct Options {
    std::string query_path;
    std::string schema_path;
    std::string ddl;
    std::vector<std::string> partition_columns;
    std::string format = "text";
    std::string rules = "extended";
    bool case_sensitive = false;
    std::string schema_style = "catalog";
    std::string emit;
    std::string output_path;
    std::string color = "auto";
    std::vector<std::string> verify; // [TABLE=]ROWS, one per table
    bool no_rewrite = false;         // --debug-no-rewrite
    bool merge_schema = false;       // --merge-schema (Parquet directories)
};

/// An I/O problem or a misused option found after parsing: a usage-level failure (exit 2).
struct IoError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

std::string read_file(const std::string& path);

/// Where `--verify` finds the rows of each table: `TABLE=ROWS` names the table (when the text
/// before the first `=` is a table of the catalog), a bare `ROWS` serves every statement whose
/// table has no named rows (the usual single-table case). Files are read once, when a statement
/// first needs them.
class RowsFiles {
  public:
    RowsFiles(const std::vector<std::string>& specs, const Catalog& catalog) {
        for (const std::string& spec : specs) {
            const std::size_t eq = spec.find('=');
            // TABLE names a table as a query would (Catalog::resolve): `spark_catalog.db.t`
            // and `db.t` are the same table, and rows are filed under its catalog name.
            const std::optional<Table> named =
                eq == std::string::npos
                    ? std::nullopt
                    : catalog.resolve(split_table_name(std::string_view(spec).substr(0, eq)));
            if (named) {
                const std::string table = lower(named->name);
                if (!named_.emplace(table, spec.substr(eq + 1)).second) {
                    throw IoError("--verify names table '" + spec.substr(0, eq) + "' twice");
                }
            } else if (unnamed_) {
                throw IoError("--verify without TABLE= given twice ('" + *unnamed_ + "', '" + spec +
                              "'); name the table: --verify TABLE=ROWS");
            } else {
                unnamed_ = spec;
            }
        }
    }

    bool empty() const { return named_.empty() && !unnamed_; }

    /// The rows file for `table` (its path, then its text), or nothing when none was given.
    std::optional<std::pair<std::string, const std::string*>> rows_for(const std::string& table) {
        const auto named = named_.find(lower(table));
        const std::string* path = named != named_.end() ? &named->second
                                  : unnamed_            ? &*unnamed_
                                                        : nullptr;
        if (path == nullptr) {
            return std::nullopt;
        }
        auto it = texts_.find(*path);
        if (it == texts_.end()) {
            it = texts_.emplace(*path, read_file(*path)).first;
        }
        return std::pair{*path, &it->second};
    }

  private:
    static std::string lower(std::string s) {
        for (char& c : s) {
            c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
        }
        return s;
    }

    std::map<std::string, std::string> named_; // lower-cased table -> path
    std::optional<std::string> unnamed_;
    std::map<std::string, std::string> texts_; // path -> contents
};

/// A text longer than a span can point into (diag/diagnostic.hpp) is not read.
void check_size(const std::string& path, std::uintmax_t size) {
    if (size > kMaxSourceBytes) {
        throw IoError("cannot read '" + path + "': " + std::to_string(size) +
                      " bytes, over the limit of " + std::to_string(kMaxSourceBytes) +
                      " (4 GiB - 1) for one input file");
    }
}

/// The bytes of a file, or of standard input for `-`.
std::string read_bytes(const std::string& path) {
    if (path == "-") {
        std::string text(std::istreambuf_iterator<char>(std::cin),
                         std::istreambuf_iterator<char>{});
        check_size(path, text.size());
        return text;
    }
    std::error_code ignored;
    if (std::filesystem::is_directory(path, ignored)) {
        throw IoError("cannot read '" + path + "': " + std::strerror(EISDIR));
    }
    std::error_code size_error;
    const std::uintmax_t size = std::filesystem::file_size(path, size_error);
    if (!size_error) {
        check_size(path, size); // before reading it all
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        throw IoError("cannot read '" + path + "': " + std::strerror(errno));
    }
    // Read at once into a string of the file's size: streamed into a growing buffer, a 10 MB
    // query held up to twice that for the whole run.
    std::string contents;
    if (!size_error) {
        contents.resize(static_cast<std::size_t>(size));
        in.read(contents.data(), static_cast<std::streamsize>(size));
        contents.resize(static_cast<std::size_t>(in.gcount()));
    }
    if (in && in.peek() != std::ifstream::traits_type::eof()) {
        std::ostringstream rest; // a file that grew, or one with no size (a pipe)
        rest << in.rdbuf();
        contents += std::move(rest).str();
    }
    if (in.bad()) {
        throw IoError("cannot read '" + path + "'");
    }
    check_size(path, contents.size());
    return contents;
}

/// A file's text: its bytes without a leading UTF-8 byte order mark, which Windows editors
/// write and which is no character of the text. So a diagnostic's column counts from the
/// first character after it, and a JSON schema file still starts with `{`.
std::string read_file(const std::string& path) {
    std::string text = read_bytes(path);
    constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";
    if (text.starts_with(kByteOrderMark)) {
        text.erase(0, kByteOrderMark.size());
    }
    return text;
}

bool use_color(const std::string& mode, int fd) {
    if (mode == "always") {
        return true;
    }
    if (mode == "never") {
        return false;
    }
    const char* no_color = std::getenv("NO_COLOR");
    return (no_color == nullptr || *no_color == '\0') && isatty(fd) != 0;
}

Profile parse_profile(const std::string& name) {
    if (name == "legacy") {
        return Profile::Legacy;
    }
    if (name == "spark") {
        return Profile::Spark;
    }
    return Profile::Extended;
}

SchemaStyle parse_schema_style(const std::string& name) {
    if (name == "ddl") {
        return SchemaStyle::Ddl;
    }
    if (name == "tree") {
        return SchemaStyle::Tree;
    }
    if (name == "json") {
        return SchemaStyle::Json;
    }
    return SchemaStyle::Catalog;
}

/// The `error` member of a statement's JSON object: what was wrong, and where.
void write_error_member(JsonWriter& out, const std::string& message, const Diagnostic* diagnostic) {
    out.key("error");
    out.begin_object();
    out.key("message");
    out.value(message);
    if (diagnostic != nullptr && diagnostic->source) {
        const Location location = diagnostic->source->location(diagnostic->span.begin);
        out.key("file");
        out.value(diagnostic->source->name());
        out.key("line");
        out.value(location.line);
        out.key("column");
        out.value(location.column);
    }
    out.end_object();
}

/// The JSON object printed in place of a rejected statement's result (CLI.md).
void write_error_json(JsonWriter& out, std::size_t index, const std::string& message,
                      const Diagnostic* diagnostic) {
    out.begin_object();
    out.key("format_version");
    out.value(1);
    out.key("statement");
    out.value(index);
    write_error_member(out, message, diagnostic);
    out.end_object();
}

class Runner {
  public:
    Runner(const Options& options, std::ostream& out)
        : options_(options), out_(out), color_err_(use_color(options.color, STDERR_FILENO)),
          color_out_(options.output_path.empty() && use_color(options.color, STDOUT_FILENO)) {}

    int run() {
        Catalog catalog = load_schema();
        rows_.emplace(options_.verify, catalog);
        const std::string name = options_.query_path == "-" ? "<stdin>" : options_.query_path;
        auto source = std::make_shared<const SourceFile>(name, read_file(options_.query_path));
        const std::vector<StatementText> statements = split_statements(*source);
        if (statements.empty()) {
            report(Diagnostic{Severity::Error, "no statement in the query file", source, {}});
            return kRejected;
        }
        share_relations_ = statements.size() > 1;
        int status = kSuccess;
        bool first = true;
        for (const StatementText& text : statements) {
            status = std::max(status, run_one(source, text, catalog, first));
            first = false;
        }
        return status;
    }

  private:
    Catalog load_schema() {
        Catalog catalog =
            options_.schema_path.empty() ? load_ddl_catalog(options_.ddl) : load_schema_file();
        if (!options_.partition_columns.empty()) {
            catalog.add_partition_columns(options_.partition_columns, case_sensitivity());
        }
        return catalog;
    }

    /// `--schema PATH`: a Parquet file or directory (detected by content), else a text schema;
    /// a catalog's tables may name Parquet paths. Only Parquet footers are read.
    Catalog load_schema_file() {
        parquet::LocalFileSource files;
        try {
            return parquet::load_schema_path(
                files, options_.schema_path, parquet::DatasetOptions{options_.merge_schema},
                [](const std::string& path) { return read_file(path); });
        } catch (const parquet::FileError& error) {
            throw IoError(error.what());
        }
    }

    CaseSensitivity case_sensitivity() const {
        return options_.case_sensitive ? CaseSensitivity::Sensitive : CaseSensitivity::Insensitive;
    }

    RelationCache* shared_relations() { return share_relations_ ? &relations_ : nullptr; }

    void report(const Diagnostic& diagnostic) { std::cerr << render(diagnostic, color_err_); }

    void print_separator(bool first) {
        if (!first && options_.format == "text") {
            out_ << "\n";
        }
    }

    int run_one(const std::shared_ptr<const SourceFile>& source, const StatementText& text,
                const Catalog& catalog, bool first) {
        try {
            if (options_.emit == "ast") {
                print_separator(first);
                out_ << dump_ast(parse_statement(source, text), *source);
                return kSuccess;
            }
            if (options_.emit == "bound") {
                const BoundStatement bound =
                    analyze(parse_statement(source, text), catalog, source,
                            AnalyzerOptions{case_sensitivity(), shared_relations()});
                for (const Diagnostic& warning : bound.warnings) {
                    report(warning);
                }
                print_separator(first);
                out_ << dump_bound(*bound.plan);
                return kSuccess;
            }
            // Text output prints only the rewritten plan: the original is let go as it is
            // rewritten, unless JSON, --verify or --debug-no-rewrite needs it.
            const bool keep_plans =
                options_.format != "text" || !rows_->empty() || options_.no_rewrite;
            StatementRun run =
                run_statement(source, text, catalog,
                              PipelineOptions{parse_profile(options_.rules), case_sensitivity(),
                                              keep_plans, shared_relations()});
            for (const Diagnostic& warning : run.warnings) {
                report(warning);
            }
            if (options_.no_rewrite) {
                run.result.plan = with_plan_relations(*run.result.original_plan,
                                                      plan_relations(*run.result.plan));
                run.result.ordinal_changes.clear();
            }
            const std::optional<VerifyReport> checked = verify_statement(run.result, catalog);
            print_result(run.result, checked, first);
            return checked && !checked->identical ? kDifferent : kSuccess;
        } catch (const CannotVerify& error) {
            // Placed at the statement: the reason names the function or value at fault.
            const std::string message = std::string("cannot verify: ") + error.what();
            report(Diagnostic{Severity::Error, message, source, text.span});
            print_error(text.index, message, nullptr, first);
            return kRejected;
        } catch (const RowsError& error) {
            std::cerr << (error.line() > 0 ? error.file() + ":" + std::to_string(error.line()) +
                                                 ": error: " + error.message()
                                           : "error: " + error.message())
                      << "\n";
            print_error(text.index, error.what(), nullptr, first);
            return kRejected;
        } catch (const IoError& error) {
            std::cerr << "prune-plan: " << error.what() << "\n";
            print_error(text.index, error.what(), nullptr, first);
            return kUsage;
        } catch (const SqlError& error) {
            report(error.diagnostic());
            print_error(text.index, error.diagnostic().message, &error.diagnostic(), first);
            return kRejected;
        } catch (const SchemaError& error) {
            std::cerr << render(error, color_err_);
            print_error(text.index, error.what(), nullptr, first);
            return kRejected;
        } catch (const InternalError& error) {
            std::cerr << "prune-plan: " << error.what() << "\n";
            print_error(text.index, error.what(), nullptr, first);
            return kInternal;
        } catch (const std::exception& error) {
            const std::string message =
                std::string("internal error: ") + error.what() + "; please report this as a bug";
            std::cerr << "prune-plan: " << message << "\n";
            print_error(text.index, message, nullptr, first);
            return kInternal;
        }
    }

    /// The `--verify` report for one statement, or nothing when no rows were given for its
    /// table. Throws CannotVerify and RowsError (exit 1), IoError (exit 2).
    std::optional<VerifyReport> verify_statement(const StatementResult& result,
                                                 const Catalog& catalog) {
        if (rows_->empty() || result.scans.empty()) {
            return std::nullopt;
        }
        // A query the evaluator cannot run is refused before its rows are read.
        check_evaluable(*result.original_plan);
        check_evaluable(*result.plan);
        // Each table once, however many scans read it (a self-join reads its rows twice).
        std::vector<TableRowsText> tables;
        for (const ScanResult& scan : result.scans) {
            const std::string& table_name = scan.table;
            if (std::any_of(tables.begin(), tables.end(),
                            [&](const TableRowsText& t) { return t.table.name == table_name; })) {
                continue;
            }
            const auto rows = rows_->rows_for(table_name);
            if (!rows) {
                std::cerr << "warning: statement " << result.index
                          << " is not verified: no --verify rows for table '" << table_name
                          << "'\n";
                return std::nullopt;
            }
            const std::optional<Table> table = catalog.find(table_name);
            if (!table) {
                throw InternalError("the scanned table '" + table_name + "' is not in the catalog");
            }
            tables.push_back(TableRowsText{*table, rows->second, rows->first});
        }
        return verify(result, tables);
    }

    JsonStyle json_style() const {
        return options_.format == "json" ? JsonStyle::Pretty : JsonStyle::Compact;
    }

    void print_result(const StatementResult& result, const std::optional<VerifyReport>& checked,
                      bool first) {
        if (options_.format == "json" || options_.format == "jsonl") {
            // Text no parser checked may be text JSON cannot carry: the file name (from the
            // command line) and what --verify quotes of the rows. It is tried before the first
            // byte is written (the verify object through a writer into a stream that discards),
            // so that it fails the statement whole, an error object in its place, rather than
            // halfway through the object: as when the object was built before it was written.
            JsonWriter::check_text(result.file);
            if (checked) {
                std::ostream discard(nullptr);
                JsonWriter dry_run(discard, json_style());
                write_verify_json(*checked, dry_run);
            }
            JsonWriter& json = result_json_.emplace(out_, json_style());
            json.begin_object();
            write_result_keys(result, json);
            if (checked) {
                json.key("verify");
                write_verify_json(*checked, json);
            }
            json.end_object();
            result_json_.reset();
            out_ << "\n";
        } else {
            print_separator(first);
            print_text(result, TextOptions{parse_schema_style(options_.schema_style), color_out_},
                       out_);
            if (checked) {
                out_ << verify_text(*checked);
            }
        }
    }

    void print_error(std::size_t index, const std::string& message, const Diagnostic* diagnostic,
                     bool first) {
        (void)first;
        if (options_.format == "json" || options_.format == "jsonl") {
            if (result_json_ && result_json_->depth() > 0) {
                // The statement's object was being streamed when this was thrown: it is closed
                // with the error as its last member, so the output stays one well-formed
                // object per statement and a reader sees the error where it looks for it.
                JsonWriter::check_text(message);
                JsonWriter& json = *result_json_;
                json.unwind_to(1);
                write_error_member(json, message, diagnostic);
                json.end_object();
                result_json_.reset();
                out_ << "\n";
                return;
            }
            result_json_.reset();
            // Small, so built whole first: text JSON cannot carry leaves nothing half-written.
            std::ostringstream text;
            JsonWriter json(text, json_style());
            write_error_json(json, index, message, diagnostic);
            out_ << text.view() << "\n";
        }
    }

    const Options& options_;
    std::ostream& out_;
    std::optional<RowsFiles> rows_;
    /// The tables' bound columns, shared by the statements when there are several: with one
    /// statement, keeping them would only hold them past the rewrite that lets them go.
    RelationCache relations_;
    bool share_relations_ = false;
    /// The writer of the statement object being streamed, while it is (print_error closes it).
    std::optional<JsonWriter> result_json_;
    bool color_err_;
    bool color_out_;
};

} // namespace

int main(int argc, char** argv) {
    // Output goes through std::cout only: unsynced, it is buffered by the stream instead of
    // being handed to C stdio one piece at a time (the printers write piece by piece).
    std::ios::sync_with_stdio(false);
    Options options;
    CLI::App app{"prune-plan: the nested fields a Spark SQL query reads, and its plan rewritten "
                 "against them",
                 "prune-plan"};
    app.set_version_flag("-V,--version", std::string("prune-plan ") + PRUNE_VERSION);
    app.add_option("QUERY", options.query_path, "SQL file to analyse, or - for standard input")
        ->required();
    auto* schema =
        app.add_option("-s,--schema", options.schema_path,
                       "table schema(s): Spark StructType JSON, a catalog JSON, DDL, or a Parquet "
                       "file or directory")
            ->type_name("PATH");
    auto* ddl = app.add_option("--ddl", options.ddl, "the schema as an inline DDL string");
    schema->excludes(ddl);
    ddl->excludes(schema);
    app.add_flag("--merge-schema", options.merge_schema,
                 "Parquet directories: the union of every file's schema (Spark's mergeSchema), "
                 "not the first file's");
    app.add_option("--partition-columns", options.partition_columns,
                   "columns not stored in the data files (comma-separated)")
        ->delimiter(',');
    app.add_option("-f,--format", options.format, "output format: text, json or jsonl")
        ->check(CLI::IsMember({"text", "json", "jsonl"}))
        ->capture_default_str();
    app.add_option("--rules", options.rules, "pruning rules: legacy, spark or extended")
        ->check(CLI::IsMember({"legacy", "spark", "extended"}))
        ->capture_default_str();
    app.add_flag("--case-sensitive", options.case_sensitive,
                 "resolve column and field names case-sensitively");
    app.add_option("--schema-style", options.schema_style,
                   "read schemas in text output: catalog, ddl, tree or json")
        ->check(CLI::IsMember({"catalog", "ddl", "tree", "json"}))
        ->capture_default_str();
    app.add_option("--verify", options.verify,
                   "check the rewrite on data: ROWS is a JSON-lines file of the table's rows "
                   "(repeatable, one per table)")
        ->type_name("[TABLE=]ROWS")
        ->expected(1)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    app.add_flag("--debug-no-rewrite", options.no_rewrite,
                 "debugging: skip the ordinal rewrite (the plan keeps the table's ordinals over "
                 "the pruned scan); with --verify, shows what that breaks");
    app.add_option("--emit", options.emit, "debugging: print the parsed AST or the bound plan")
        ->check(CLI::IsMember({"ast", "bound"}));
    app.add_option("-o,--output", options.output_path, "write the result to FILE")
        ->type_name("FILE");
    app.add_option("--color", options.color, "colour: auto, always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}))
        ->capture_default_str();

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& help) {
        std::cout << app.help();
        return kSuccess;
    } catch (const CLI::CallForVersion&) {
        std::cout << "prune-plan " << PRUNE_VERSION << "\n";
        return kSuccess;
    } catch (const CLI::ParseError& error) {
        std::cerr << "prune-plan: " << error.what() << "\n"
                  << "Run with --help for more information.\n";
        return kUsage;
    }
    if (options.schema_path.empty() && options.ddl.empty() && app.count("--ddl") == 0) {
        std::cerr << "prune-plan: one of --schema and --ddl is required\n"
                  << "Run with --help for more information.\n";
        return kUsage;
    }

    try {
        std::ofstream file;
        if (!options.output_path.empty()) {
            file.open(options.output_path, std::ios::binary);
            if (!file) {
                throw IoError("cannot write '" + options.output_path +
                              "': " + std::strerror(errno));
            }
        }
        std::ostream& out = options.output_path.empty() ? std::cout : file;
        Runner runner(options, out);
        const int status = runner.run();
        // A full disk or a closed pipe must not pass for success: the result was not delivered.
        if (options.output_path.empty()) {
            out.flush();
            if (!out || std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
                throw IoError(std::string("cannot write standard output: ") + std::strerror(errno));
            }
        } else {
            file.close();
            if (!file) {
                throw IoError("cannot write '" + options.output_path +
                              "': " + std::strerror(errno));
            }
        }
        return status;
    } catch (const IoError& error) {
        std::cerr << "prune-plan: " << error.what() << "\n";
        return kUsage;
    } catch (const SchemaError& error) {
        std::cerr << render(error, false);
        return kRejected;
    } catch (const SqlError& error) {
        std::cerr << render(error.diagnostic(), false);
        return kRejected;
    } catch (const std::exception& error) {
        std::cerr << "prune-plan: internal error: " << error.what()
                  << "; please report this as a bug\n";
        return kInternal;
    }
}
