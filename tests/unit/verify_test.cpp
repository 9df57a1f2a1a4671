// `--verify`: the original plan over full rows against the rewritten plan over rows projected
// to the read schema, through the real pipeline.

#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "catalog/catalog.hpp"
#include "eval/rows.hpp"
#include "eval/verify.hpp"
#include "pipeline.hpp"
#include "plan/tree.hpp"
#include "support.hpp"

using namespace prune;

namespace {

struct Run {
    Catalog catalog = Catalog::single(nullptr);
    BoundStatement bound;
    StatementResult result;
};

Run prune_sql(const std::string& ddl, const std::string& sql, Profile profile = Profile::Extended,
              const std::vector<std::string>& partitions = {}) {
    Run run;
    run.catalog = load_ddl_catalog(ddl);
    if (!partitions.empty()) {
        run.catalog.add_partition_columns(partitions, CaseSensitivity::Insensitive);
    }
    auto source = std::make_shared<const SourceFile>("q.sql", sql);
    const std::vector<StatementText> statements = split_statements(*source);
    REQUIRE(statements.size() == 1);
    run.bound = analyze(parse_statement(source, statements[0]), run.catalog, source, {});
    run.result = prune_statement(run.bound, PipelineOptions{profile, {}});
    return run;
}

const char* kOrders = "id BIGINT, customer STRUCT<id: BIGINT, name: STRING, city: STRING>, "
                      "items ARRAY<STRUCT<sku: STRING, qty: INT, price: DOUBLE>>";

const char* kOrderRows =
    R"({"id":1,"customer":{"id":7,"name":"Ann","city":"Oslo"},"items":[{"sku":"a","qty":2,"price":1.5},{"sku":"b","qty":1,"price":4.0}]}
{"id":2,"customer":null,"items":[]}
{"id":3,"customer":{"id":8,"city":"Rome"},"items":[null,{"sku":"c","qty":5,"price":0.5}]}
)";

// verify() of the run's result over `rows` (the orders rows unless given).
VerifyReport verify_run(const Run& run, const std::string& rows = kOrderRows,
                        const std::string& name = "rows.jsonl") {
    return verify(run.result, *run.catalog.find(run.result.scans.front().table), rows, name);
}

// The verify object as compact text.
std::string verify_json(const VerifyReport& report) {
    return prune_test::json_text([&](JsonWriter& out) { write_verify_json(report, out); });
}

} // namespace

TEST_CASE("a sound rewrite gives identical results", "[verify]") {
    const Run run = prune_sql(kOrders, "SELECT id, transform(items, x -> x.price * x.qty) AS cost, "
                                       "customer.city FROM orders WHERE customer.id > 7 OR id = 2");
    REQUIRE(catalog_string(*run.result.scans[0].read_schema) ==
            "struct<id:bigint,customer:struct<id:bigint,city:string>,"
            "items:array<struct<qty:int,price:double>>>");
    const VerifyReport report = verify_run(run);
    CHECK(report.identical);
    CHECK(report.rows == 3);
    CHECK(report.result_rows == 2);
    CHECK_FALSE(report.ordered);
    CHECK(verify_text(report) == "verify: 3 rows checked, results identical (2 result rows)\n");
    CHECK(verify_json(report) ==
          R"({"rows":3,"identical":true,"result_rows":2,"ordered":false,"difference":null})");
}

TEST_CASE("stale ordinals show the first differing row with both values", "[verify]") {
    Run run = prune_sql(kOrders, "SELECT id, transform(items, x -> x.price) AS prices FROM orders");
    run.result.plan =
        with_plan_relations(*run.result.original_plan, plan_relations(*run.result.plan));
    const VerifyReport report = verify_run(run);
    CHECK_FALSE(report.identical);
    REQUIRE(report.difference);
    CHECK(report.difference->row == 1);
    CHECK(verify_text(report) ==
          "verify: 3 rows checked, results DIFFER at result row 1\n"
          "  original:  {\"id\":1,\"prices\":[1.5,4.0]}\n"
          "  rewritten: [INTERNAL_ERROR] struct field ordinal 2 out of range for a struct of 1 "
          "fields\n");
    const nlohmann::ordered_json expected = {{"rows", 3},
                                             {"identical", false},
                                             {"result_rows", report.result_rows},
                                             {"ordered", false},
                                             {"difference",
                                              {{"row", 1},
                                               {"original", *report.difference->original},
                                               {"rewritten", *report.difference->rewritten}}}};
    CHECK(verify_json(report) == expected.dump());
}

TEST_CASE("a field read at the wrong ordinal is a difference, not a crash", "[verify]") {
    Run run = prune_sql(kOrders, "SELECT customer.city, customer.id FROM orders");
    REQUIRE(catalog_string(*run.result.scans[0].read_schema) ==
            "struct<customer:struct<id:bigint,city:string>>");
    // Pretend the rewrite pointed `customer.city` at ordinal 0 (`id`) of the pruned struct.
    const PlanPtr good = run.result.plan;
    std::vector<ExprPtr> exprs = plan_expressions(*good);
    exprs[0] = transform_up(exprs[0], [](const ExprPtr& node) -> ExprPtr {
        if (const auto* f = node->as<GetStructField>(); f != nullptr && f->ordinal == 1) {
            return make_expr(GetStructField{f->child, 0, {}});
        }
        return node;
    });
    run.result.plan = with_plan_child(*with_plan_expressions(*good, exprs), plan_child(*good));
    const VerifyReport report = verify_run(run);
    CHECK_FALSE(report.identical);
    REQUIRE(report.difference);
    CHECK(report.difference->row == 1);
    CHECK(report.difference->original ==
          std::optional<std::string>("{\"city\":\"Oslo\",\"id\":7}"));
    CHECK(report.difference->rewritten == std::optional<std::string>("{\"city\":7,\"id\":7}"));
}

TEST_CASE("both plans raising the same error class agree", "[verify]") {
    const Run run = prune_sql(kOrders, "SELECT items[1].sku FROM orders");
    const VerifyReport report = verify_run(run);
    CHECK(report.identical);
    REQUIRE(report.original_error);
    CHECK(verify_text(report) ==
          "verify: 3 rows checked, results identical (both raise [INVALID_ARRAY_INDEX] The index "
          "1 is out of bounds. The array has 0 elements. Use the SQL function `get()` to "
          "tolerate accessing element at invalid index and return NULL instead.)\n");
    CHECK(nlohmann::ordered_json::parse(verify_json(report))["error"] == *report.original_error);
}

TEST_CASE("ORDER BY results are compared in order", "[verify]") {
    const Run run = prune_sql(kOrders, "SELECT customer.name, id FROM orders ORDER BY id DESC");
    const VerifyReport report = verify_run(run);
    CHECK(report.identical);
    CHECK(report.ordered);
    CHECK(verify_text(report) ==
          "verify: 3 rows checked, results identical (3 result rows, in order)\n");

    // A reordering is a difference for a sorted query, not for an unsorted one.
    QueryOutcome a;
    a.column_names = {"x"};
    a.column_types = {make_atomic(AtomicKind::Integer)};
    a.rows = {{Value::integral(1)}, {Value::integral(2)}};
    QueryOutcome b = a;
    std::swap(b.rows[0], b.rows[1]);
    CHECK(compare_outcomes(a, b).identical);
    a.ordered = b.ordered = true;
    const VerifyReport sorted = compare_outcomes(a, b);
    CHECK_FALSE(sorted.identical);
    CHECK(sorted.difference->original == std::optional<std::string>("{\"x\":1}"));
    CHECK(sorted.difference->rewritten == std::optional<std::string>("{\"x\":2}"));
}

TEST_CASE("partition columns are kept as they are", "[verify]") {
    const Run run =
        prune_sql("id INT, s STRUCT<a: INT, b: STRING>, day STRING",
                  "SELECT s.b, day FROM t WHERE day = 'mon'", Profile::Extended, {"day"});
    CHECK(catalog_string(*run.result.scans[0].read_schema) == "struct<s:struct<b:string>>");
    const VerifyReport report =
        verify_run(run, "{\"id\":1,\"s\":{\"a\":1,\"b\":\"x\"},\"day\":\"mon\"}\n"
                        "{\"id\":2,\"s\":{\"a\":2,\"b\":\"y\"},\"day\":\"tue\"}\n");
    CHECK(report.identical);
    CHECK(report.result_rows == 1);
}

TEST_CASE("every profile verifies on the same rows", "[verify]") {
    for (Profile profile : {Profile::Legacy, Profile::Spark, Profile::Extended}) {
        const Run run = prune_sql(
            kOrders,
            "SELECT size(items), filter(items, x -> x.qty > 1).sku, customer IS NULL FROM orders",
            profile);
        const VerifyReport report = verify_run(run);
        CAPTURE(profile_name(profile));
        CHECK(report.identical);
        CHECK(report.result_rows == 3);
    }
}

TEST_CASE("queries that cannot be evaluated are refused before the rows are read", "[verify]") {
    const Run run = prune_sql(kOrders, "SELECT shuffle(items) FROM orders");
    CHECK_THROWS_MATCHES(verify_run(run, "not json"), CannotVerify,
                         Catch::Message("function 'shuffle' is nondeterministic"));
    const Run udf = prune_sql(kOrders, "SELECT my_udf(customer.name) FROM orders");
    CHECK_THROWS_MATCHES(verify_run(udf, ""), CannotVerify,
                         Catch::Message("user-defined function 'my_udf' cannot be evaluated"));
}

TEST_CASE("a malformed row names its line", "[verify]") {
    const Run run = prune_sql(kOrders, "SELECT id FROM orders");
    CHECK_THROWS_MATCHES(
        verify_run(run, "{\"id\":1}\n{\"id\":1.5}\n", "data/rows.jsonl"), RowsError,
        Catch::Message("data/rows.jsonl:2: column 'id': expected an integer, got 1.5"));
}

TEST_CASE("simplified original plans: folded constructors drop errors as Spark does", "[verify]") {
    // named_struct(...).p folds to its field (SimplifyExtractValueOps): the failing subscript
    // in the other field is never evaluated, by Spark's optimizer nor by verify.
    const Run run = prune_sql(kOrders, "SELECT named_struct('p', id, 'q', items[5]).p FROM orders");
    const VerifyReport report = verify_run(run);
    CHECK(report.identical);
    CHECK_FALSE(report.original_error);
    CHECK(report.result_rows == 3);
}
