// prune_bench: one Google Benchmark per pass, over generated inputs of doubling size
// (tests/perf/run.sh prints the ratio per doubling of each pass).
//
//     reference/n   n struct columns + n array columns of 20 INT fields (40n leaves), 2n
//                   select items: n = 1,600 is the reference workload, n = 25,600 1 M leaves
//     mixed/k       a fixed mixed schema (400 columns, 3 levels) and k select items of every
//                   kind (field access, subscripts, lambdas): k = 368,640 is ~10 MB of SQL
//
//     prune_bench --benchmark_filter=Analyze/reference     one pass, one series
//     PRUNE_BENCH_MAX_REF=3200 PRUNE_BENCH_MAX_ITEMS=23040 prune_bench     smaller sizes only
//
// Times are the process's CPU time (all threads: the SQL parser runs on a thread of its own
// with a large stack), so a loaded machine changes them less than wall time. The benchmarks
// run size by size, every pass at one size before the next size, and only the current size's
// inputs are kept: keeping every size alive (gigabytes at 1 M leaves and 10 MB of SQL) made
// the later passes pay for a huge fragmented heap.
//
// Every pass is timed on its own inputs, prepared once per size outside the timed loop:
// ReadSchema (DDL -> catalog), Parse (SQL -> AST), Analyze, Prune (simplify + root fields +
// read schema), Rewrite (projection over the read schema + the ordinal check), TextOutput,
// JsonOutput, and EndToEnd (everything the binary does between reading its files and writing
// its output).
//
//     parquet/n     a Parquet footer of n leaf columns (one row group, statistics on every
//                   chunk, as writers write them): ParquetFooter reads it from memory, parses
//                   the Thrift, maps the schema and sums the chunk sizes (issue 31: n = 10,000
//                   must take milliseconds)
//     join/n        an n-way inner join of n tables of 100 columns (99 structs of 20 INT
//                   fields: n = 100 is ~200 K leaves over 100 scans), two fields per table
//                   selected and one filtered (issue 25: planning linear in scans)
//     nest/d        a d-deep nest of FROM-subqueries over one table of 40 structs, every level
//                   passing the structs up and filtering on one field (issue 25: linear in
//                   operators, no recursion depth that grows with the nesting)
//     window/w      w window expressions over struct fields, each its own Window over one
//                   Project of the `_w` keys (issue 27: linear in Windows)

#include <cstdlib>
#include <memory>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>
#include <unordered_set>
#include <utility>

#include <benchmark/benchmark.h>

#include "../unit/parquet_builder.hpp"
#include "catalog/catalog.hpp"
#include "generator.hpp"
#include "output/printers.hpp"
#include "parquet/dataset.hpp"
#include "pipeline.hpp"
#include "plan/analyzer.hpp"
#include "plan/simplify.hpp"
#include "prune/provenance.hpp"
#include "prune/prune_schema.hpp"
#include "prune/root_fields.hpp"
#include "rewrite/projection_over_schema.hpp"
#include "sql/clauses.hpp"
#include "sql/parser.hpp"

namespace {

using namespace prune;

enum class Shape { Reference, Mixed, Join, Nest, Window };

/// The series' name in a benchmark's name, `BM_Parse/<series>/<size>`.
const char* series_name(Shape shape) {
    switch (shape) {
    case Shape::Reference:
        return "reference";
    case Shape::Mixed:
        return "mixed";
    case Shape::Join:
        return "join";
    case Shape::Window:
        return "window";
    default:
        return "nest";
    }
}

/// What the schema text is: a catalog JSON for the join series, DDL for the others.
const char* schema_name(Shape shape) { return shape == Shape::Join ? "schema.json" : "schema.ddl"; }

/// One generated input and every intermediate result of the pipeline over it.
struct Prepared {
    std::string schema_text;
    std::shared_ptr<const SourceFile> source;
    StatementText statement;
    Catalog catalog;
    ast::Statement ast;
    BoundStatement bound;
    PlanPtr simplified;
    PlanReads reads;
    StatementResult result;
};

std::unique_ptr<Prepared> prepare(Shape shape, std::int64_t n) {
    std::ostringstream schema;
    std::ostringstream query;
    const auto size = static_cast<std::uint64_t>(n);
    if (shape == Shape::Reference) {
        perf::reference(size, schema, query);
    } else if (shape == Shape::Mixed) {
        perf::MixedOptions options;
        options.items = size;
        options.where = 64;
        perf::mixed(options, schema, query);
    } else if (shape == Shape::Join) {
        perf::joins(size, 100, schema, query);
    } else if (shape == Shape::Window) {
        perf::windows(size, schema, query);
    } else {
        perf::nest(size, schema, query);
    }
    auto p = std::make_unique<Prepared>(
        Prepared{schema.str(),
                 std::make_shared<const SourceFile>("query.sql", query.str()),
                 {},
                 load_catalog(schema.str(), schema_name(shape)),
                 {},
                 {},
                 {},
                 {},
                 {}});
    p->statement = split_statements(*p->source).at(0);
    p->ast = parse_statement(p->source, p->statement);
    p->bound = analyze(p->ast, p->catalog, p->source, AnalyzerOptions{});
    ExprId next_id = p->bound.next_id;
    p->simplified = simplify(p->bound.plan, next_id);
    p->reads = read_sets(*p->simplified, CollectOptions{});
    p->result = prune_statement(p->bound, PipelineOptions{});
    return p;
}

/// Inputs are generated once per (shape, size) and kept while that size's passes run.
const Prepared& prepared(Shape shape, std::int64_t n) {
    static std::pair<Shape, std::int64_t> key{Shape::Reference, -1};
    static std::unique_ptr<Prepared> current;
    if (!current || key != std::pair{shape, n}) {
        current.reset(); // free the previous size before building the next
        current = prepare(shape, n);
        key = {shape, n};
    }
    return *current;
}

void set_counters(benchmark::State& state, const Prepared& p) {
    state.counters["sql_bytes"] = static_cast<double>(p.source->text().size());
    state.counters["schema_bytes"] = static_cast<double>(p.schema_text.size());
}

void BM_ReadSchema(benchmark::State& state, Shape shape) {
    const Prepared& p = prepared(shape, state.range(0));
    for (auto _ : state) {
        benchmark::DoNotOptimize(load_catalog(p.schema_text, schema_name(shape)));
    }
    set_counters(state, p);
}

void BM_Parse(benchmark::State& state, Shape shape) {
    const Prepared& p = prepared(shape, state.range(0));
    for (auto _ : state) {
        const std::vector<StatementText> statements = split_statements(*p.source);
        benchmark::DoNotOptimize(parse_statement(p.source, statements.at(0)));
    }
    set_counters(state, p);
}

void BM_Analyze(benchmark::State& state, Shape shape) {
    const Prepared& p = prepared(shape, state.range(0));
    for (auto _ : state) {
        benchmark::DoNotOptimize(analyze(p.ast, p.catalog, p.source, AnalyzerOptions{}));
    }
    set_counters(state, p);
}

void BM_Prune(benchmark::State& state, Shape shape) {
    const Prepared& p = prepared(shape, state.range(0));
    for (auto _ : state) {
        ExprId next_id = p.bound.next_id;
        const PlanPtr plan = simplify(p.bound.plan, next_id);
        const std::unordered_set<const Expr*> opaque;
        benchmark::DoNotOptimize(read_sets(*plan, CollectOptions{Profile::Extended, &opaque}));
    }
    set_counters(state, p);
}

/// BM_Prune with provenance (`--explain`): the collector reports every use, and each scan's
/// uses are laid over its read schema. Issue 30 allows 1.5 times BM_Prune's cost and more,
/// on the whole process (tests/perf/README.md).
void BM_PruneExplain(benchmark::State& state, Shape shape) {
    const Prepared& p = prepared(shape, state.range(0));
    const ClauseMap clauses(p.ast, *p.source);
    for (auto _ : state) {
        ExprId next_id = p.bound.next_id;
        const PlanPtr plan = simplify(p.bound.plan, next_id);
        const std::unordered_set<const Expr*> opaque;
        ProvenanceRecorder recorder;
        const PlanReads reads =
            read_sets(*plan, CollectOptions{Profile::Extended, &opaque, nullptr, &recorder});
        const std::vector<const Relation*> relations = plan_relations(*plan);
        for (std::size_t i = 0; i < relations.size(); ++i) {
            benchmark::DoNotOptimize(scan_provenance(*relations[i], reads.scans[i].read_schema,
                                                     recorder, *p.source, clauses));
        }
    }
    set_counters(state, p);
}

void BM_Rewrite(benchmark::State& state, Shape shape) {
    const Prepared& p = prepared(shape, state.range(0));
    for (auto _ : state) {
        // The plan stays held by `p`, so this is the rewrite that keeps the original (JSON,
        // --verify); it checks each expression against its rewrite as it goes.
        Rewritten rewritten = project_over_schema(p.simplified, p.reads.scans, p.reads.unused);
        benchmark::DoNotOptimize(rewritten);
    }
    set_counters(state, p);
}

/// A stream buffer that keeps nothing but a count: the printers stream as they go, so the
/// output benchmarks measure them writing, not a string growing.
class CountingBuffer : public std::streambuf {
  public:
    std::size_t count() const { return count_; }

  protected:
    int_type overflow(int_type c) override {
        ++count_;
        return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const char*, std::streamsize n) override {
        count_ += static_cast<std::size_t>(n);
        return n;
    }

  private:
    std::size_t count_ = 0;
};

void BM_TextOutput(benchmark::State& state, Shape shape) {
    const Prepared& p = prepared(shape, state.range(0));
    for (auto _ : state) {
        CountingBuffer buffer;
        std::ostream out(&buffer);
        print_text(p.result, TextOptions{}, out);
        benchmark::DoNotOptimize(buffer.count());
    }
    set_counters(state, p);
}

void BM_JsonOutput(benchmark::State& state, Shape shape) {
    const Prepared& p = prepared(shape, state.range(0));
    for (auto _ : state) {
        CountingBuffer buffer;
        std::ostream out(&buffer);
        JsonWriter json(out, JsonStyle::Compact);
        write_json(p.result, json);
        benchmark::DoNotOptimize(buffer.count());
    }
    set_counters(state, p);
}

void BM_EndToEnd(benchmark::State& state, Shape shape) {
    const Prepared& p = prepared(shape, state.range(0));
    for (auto _ : state) {
        const Catalog catalog = load_catalog(p.schema_text, schema_name(shape));
        const std::vector<StatementText> statements = split_statements(*p.source);
        const StatementRun run =
            run_statement(p.source, statements.at(0), catalog, PipelineOptions{});
        CountingBuffer buffer;
        std::ostream out(&buffer);
        print_text(run.result, TextOptions{}, out);
        benchmark::DoNotOptimize(buffer.count());
    }
    set_counters(state, p);
}

/// A Parquet file of `columns` leaf columns, in turn a bigint, a string, a struct of two ints
/// and an array of doubles (3-level), with statistics on each chunk.
std::string wide_parquet(std::int64_t columns) {
    using namespace parquet_test;
    std::vector<Element> schema{root(0)};
    std::vector<Chunk> chunks;
    int top = 0;
    for (std::int64_t leaves = 0; leaves < columns; ++top) {
        const std::string name = "c" + std::to_string(top);
        switch (top % 4) {
        case 0:
            schema.push_back(leaf(name, kInt64));
            chunks.push_back({{name}, 1000});
            leaves += 1;
            break;
        case 1:
            schema.push_back(leaf(name, kByteArray, kOptional, kUtf8));
            chunks.push_back({{name}, 5000});
            leaves += 1;
            break;
        case 2:
            schema.push_back(group(name, kOptional, 2));
            schema.push_back(leaf("x", kInt32));
            schema.push_back(leaf("y", kInt32));
            chunks.push_back({{name, "x"}, 700});
            chunks.push_back({{name, "y"}, 700});
            leaves += 2;
            break;
        default:
            schema.push_back(group(name, kOptional, 1, kListC));
            schema.push_back(group("list", kRepeated, 1));
            schema.push_back(leaf("element", kDouble64));
            chunks.push_back({{name, "list", "element"}, 3000});
            leaves += 1;
        }
    }
    schema[0].num_children = top;
    return file(footer(schema, {chunks}, true));
}

void BM_ParquetFooter(benchmark::State& state) {
    const std::string bytes = wide_parquet(state.range(0));
    parquet::MemoryFileSource files;
    files.add("wide.parquet", bytes);
    for (auto _ : state) {
        const Table table =
            parquet::load_parquet_table(files, "wide.parquet", parquet::DatasetOptions{});
        benchmark::DoNotOptimize(table.column_bytes->bytes);
    }
    state.counters["schema_bytes"] = static_cast<double>(bytes.size());
    state.counters["sql_bytes"] = 0;
}

/// The largest size of a series: the environment variable `name` when set, else `fallback`.
std::int64_t max_size(const char* name, std::int64_t fallback) {
    const char* value = std::getenv(name);
    return value != nullptr && *value != '\0' ? std::atoll(value) : fallback;
}

using Pass = void (*)(benchmark::State&, Shape);

/// Registers every pass at one size; names read `BM_Parse/reference/1600` as BENCHMARK_CAPTURE
/// would give them.
void register_size(Shape shape, std::int64_t n) {
    static constexpr std::pair<const char*, Pass> kPasses[] = {
        {"BM_ReadSchema", BM_ReadSchema},     {"BM_Parse", BM_Parse},
        {"BM_Analyze", BM_Analyze},           {"BM_Prune", BM_Prune},
        {"BM_PruneExplain", BM_PruneExplain}, {"BM_Rewrite", BM_Rewrite},
        {"BM_TextOutput", BM_TextOutput},     {"BM_JsonOutput", BM_JsonOutput},
        {"BM_EndToEnd", BM_EndToEnd}};
    const std::string series = std::string("/") + series_name(shape);
    for (const auto& [name, pass] : kPasses) {
        benchmark::RegisterBenchmark((name + series).c_str(), pass, shape)
            ->Arg(n)
            ->Unit(benchmark::kMillisecond)
            ->MeasureProcessCPUTime();
    }
}

} // namespace

int main(int argc, char** argv) {
    // reference/400 .. reference/25600: 16 K .. 1 M leaves, doubling.
    for (std::int64_t n = 400; n <= max_size("PRUNE_BENCH_MAX_REF", 25600); n *= 2) {
        register_size(Shape::Reference, n);
    }
    // mixed/360 .. mixed/368640: ~12 KB .. ~10 MB of SQL over one 23 K-leaf schema, doubling.
    for (std::int64_t k = 360; k <= max_size("PRUNE_BENCH_MAX_ITEMS", 368640); k *= 2) {
        register_size(Shape::Mixed, k);
    }
    // join/25 .. join/200: 25 .. 200 tables of 100 columns joined, doubling.
    for (std::int64_t n = 25; n <= max_size("PRUNE_BENCH_MAX_JOIN", 200); n *= 2) {
        register_size(Shape::Join, n);
    }
    // nest/25 .. nest/400: FROM-subqueries 25 .. 400 deep, doubling.
    for (std::int64_t d = 25; d <= max_size("PRUNE_BENCH_MAX_NEST", 400); d *= 2) {
        register_size(Shape::Nest, d);
    }
    // window/25 .. window/400: 25 .. 400 window expressions, each a Window, doubling.
    for (std::int64_t w = 25; w <= max_size("PRUNE_BENCH_MAX_WINDOW", 400); w *= 2) {
        register_size(Shape::Window, w);
    }
    // parquet/2500 .. parquet/40000: footers of 2,500 .. 40,000 leaf columns, doubling.
    for (std::int64_t n = 2500; n <= max_size("PRUNE_BENCH_MAX_COLUMNS", 40000); n *= 2) {
        benchmark::RegisterBenchmark("BM_ParquetFooter/parquet", BM_ParquetFooter)
            ->Arg(n)
            ->Unit(benchmark::kMillisecond)
            ->MeasureProcessCPUTime();
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
