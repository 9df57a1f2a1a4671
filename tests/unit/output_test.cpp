#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "output/printers.hpp"
#include "plan/functions.hpp"
#include "plan/higher_order.hpp"
#include "support.hpp"
#include "util/deep_stack.hpp"

using namespace prune;
using prune_test::json_text;

namespace {

using Json = nlohmann::ordered_json;

// The printers write to streams; these give what they wrote as text, and the JSON parsed where
// a test looks inside it.
std::string text_of(const StatementResult& result, const TextOptions& options) {
    std::ostringstream out;
    print_text(result, options, out);
    return std::move(out).str();
}
std::string expr_json(const Expr& e) {
    return json_text([&](JsonWriter& out) { write_expr_json(e, out); });
}
std::string plan_json(const Plan& plan) {
    return json_text([&](JsonWriter& out) { write_plan_json(plan, out); });
}
std::string result_json(const StatementResult& result) {
    return json_text([&](JsonWriter& out) { write_json(result, out); });
}
Json expr_dom(const Expr& e) { return Json::parse(expr_json(e)); }
Json plan_dom(const Plan& plan) { return Json::parse(plan_json(plan)); }
Json result_dom(const StatementResult& result) { return Json::parse(result_json(result)); }

// Nodes are built as aggregates with their types spelled out, so these tests need no typing.
ExprPtr node(Expr::Node n, TypePtr type, bool nullable = true, Span span = {}) {
    return new_expr(Expr{.node = std::move(n),
                         .nullable = nullable,
                         .refs = {},
                         .type = std::move(type),
                         .span = span});
}

ExprPtr attr(const std::string& name, const TypePtr& type, ExprId id) {
    return node(AttributeReference{name, type, id, true, false}, type);
}

ExprPtr lvar(const std::string& name, const TypePtr& type, ExprId id) {
    return node(NamedLambdaVariable{name, type, true, id}, type);
}

ExprPtr lit(const TypePtr& type, const std::string& text) {
    return node(Literal{type, text, false}, type, false);
}

ExprPtr int_lit(int v) { return lit(int_type(), std::to_string(v)); }

ExprPtr field(const ExprPtr& child, std::size_t ordinal, const TypePtr& type,
              const Name& as_written = {}) {
    return node(GetStructField{child, ordinal, as_written}, type);
}

ExprPtr binary(BinaryOpKind op, const ExprPtr& l, const ExprPtr& r, const TypePtr& type) {
    return node(BinaryOp{op, l, r}, type);
}

ExprPtr call(const std::string& name, std::vector<ExprPtr> args, const TypePtr& type,
             bool distinct = false) {
    const FunctionDef* def = find_function(name);
    return node(
        ScalarFunction{def != nullptr ? def : user_function(name), std::move(args), distinct},
        type);
}

TypePtr element_type() {
    return make_struct({{"rule_public_id", string_type()}, {"score", double_type()}});
}

TypePtr name_type() { return make_struct({{"first", string_type()}, {"last", string_type()}}); }

// transform(rule_results, r -> named_struct('id', r.rule_public_id, 's', r.score)), the
// example of README.md "A 60-second tour" (examples/events-transform), against the read
// schema.
ExprPtr transform_example() {
    const TypePtr elem = element_type();
    const ExprPtr rr = attr("rule_results", make_array(elem), 1);
    const ExprPtr r = lvar("r", elem, 3);
    const TypePtr out_elem = make_struct({{"id", string_type()}, {"s", double_type()}});
    const ExprPtr body = node(
        CreateNamedStruct{{"id", "s"}, {field(r, 0, string_type()), field(r, 1, double_type())}},
        out_elem, false);
    const ExprPtr lambda = node(LambdaFunction{body, {r}}, out_elem, false);
    return node(HigherOrderFunction{&hof(HofKind::Transform), {rr, lambda}}, make_array(out_elem));
}

const char* const kTransformString =
    "transform(rule_results#1, lambdafunction(named_struct(id, lambda r#3.rule_public_id, s, "
    "lambda r#3.score), lambda r#3))";
const char* const kTransformPretty =
    "transform(rule_results, lambdafunction(named_struct(id, r.rule_public_id, s, r.score), r))";

struct StringCase {
    ExprPtr expr;
    std::string text; // expr_string
};

} // namespace

TEST_CASE("expr_string prints every kind as Spark's toString does", "[output]") {
    const TypePtr names = name_type();
    const TypePtr elem = element_type();
    const TypePtr ints = make_array(int_type());
    const TypePtr map_t = make_map(string_type(), int_type());
    const ExprPtr id = attr("id", long_type(), 0);
    const ExprPtr name = attr("name", names, 1);
    const ExprPtr rr = attr("rule_results", make_array(elem), 1);
    const ExprPtr arr = attr("arr", ints, 2);
    const ExprPtr m = attr("m", map_t, 6);
    const ExprPtr a = attr("a", int_type(), 8);
    const ExprPtr b = attr("b", boolean_type(), 9);
    const ExprPtr ts = attr("ts", make_atomic(AtomicKind::Timestamp), 10);
    const ExprPtr r = lvar("r", elem, 3);
    const ExprPtr x = lvar("x", long_type(), 5);
    const ExprPtr gt = binary(BinaryOpKind::GreaterThan, a, int_lit(1), boolean_type());
    const ExprPtr cnt = call("count", {int_lit(1)}, long_type());
    const TypePtr cast_struct = make_struct({{"x", int_type()}, {"y", make_array(string_type())}});
    const TypePtr odd_struct = make_struct({{"a b", int_type()}});

    const std::vector<StringCase> cases = {
        {id, "id#0L"},
        {name, "name#1"},
        {field(name, 0, string_type()), "name#1.first"},
        {field(name, 1, string_type(), "LAST"), "name#1.LAST"},
        {r, "lambda r#3"},
        {x, "lambda x#5L"},
        {field(r, 1, double_type()), "lambda r#3.score"},
        {node(GetArrayStructFields{rr, {}, 1, true}, make_array(double_type())),
         "rule_results#1.score"},
        {node(GetArrayStructFields{rr, "Score", 1, true}, make_array(double_type())),
         "rule_results#1.Score"},
        {node(GetArrayItem{arr, int_lit(0)}, int_type()), "arr#2[0]"},
        {node(GetMapValue{m, lit(string_type(), "k")}, int_type()), "m#6[k]"},
        {node(ElementAt{arr, int_lit(1)}, int_type()), "element_at(arr#2, 1)"},
        {node(ElementAt{m, lit(string_type(), "k"), false}, int_type()), "try_element_at(m#6, k)"},
        {node(MapKeys{m}, make_array(string_type(), false)), "map_keys(m#6)"},
        {node(MapValues{m}, ints), "map_values(m#6)"},
        {node(CreateNamedStruct{{"id", "n"}, {id, field(name, 0, string_type())}},
              make_struct({{"id", long_type()}, {"n", string_type()}}), false),
         "named_struct(id, id#0L, n, name#1.first)"},
        {int_lit(1), "1"},
        {lit(long_type(), "1"), "1"},
        {lit(string_type(), "abc"), "abc"},
        {lit(boolean_type(), "true"), "true"},
        {lit(make_atomic(AtomicKind::Date), "2024-01-31"), "2024-01-31"},
        {lit(make_atomic(AtomicKind::TimestampNtz), "2024-01-31 10:00:00"), "2024-01-31 10:00:00"},
        // Spark: Like.toString / RLike.toString.
        {call("like", {field(name, 0, string_type()), lit(string_type(), "a%")}, boolean_type()),
         "name#1.first LIKE a%"},
        {call("like",
              {field(name, 0, string_type()), lit(string_type(), "a!%"), lit(string_type(), "!")},
              boolean_type()),
         "name#1.first LIKE a!% ESCAPE '!'"},
        {call("rlike", {field(name, 0, string_type()), lit(string_type(), "a.*")}, boolean_type()),
         "RLIKE(name#1.first, a.*)"}, // Spark 4's RLike.toString (3.x printed `a RLIKE p`)
        {node(Literal{int_type(), "", true}, int_type()), "null"},
        {lit(make_atomic(AtomicKind::Binary), "0x0A0B"), "0x0A0B"},
        {node(Alias{cnt, "cnt", 7}, long_type(), false), "count(1) AS cnt#7L"},
        {node(Alias{a, "y", 10}, int_type()), "a#8 AS y#10"},
        {transform_example(), kTransformString},
        {node(HigherOrderFunction{&hof(HofKind::ArraySort), {arr}}, ints), "array_sort(arr#2)"},
        {node(HigherOrderFunction{&hof(HofKind::Exists),
                                  {arr, node(LambdaFunction{binary(BinaryOpKind::GreaterThan,
                                                                   lvar("e", int_type(), 4),
                                                                   int_lit(1), boolean_type()),
                                                            {lvar("e", int_type(), 4)}},
                                             boolean_type())}},
              boolean_type()),
         "exists(arr#2, lambdafunction((lambda e#4 > 1), lambda e#4))"},
        {cnt, "count(1)"},
        {call("count", {id}, long_type(), true), "count(distinct id#0L)"},
        {call("size", {arr}, int_type()), "size(arr#2)"},
        // A TimeZoneAwareExpression lists the session zone after its children.
        {call("current_date", {}, make_atomic(AtomicKind::Date)), "current_date(Some(UTC))"},
        {call("hour", {ts}, int_type()), "hour(ts#10, Some(UTC))"},
        {call("if", {gt, a, int_lit(0)}, int_type()), "if ((a#8 > 1)) a#8 else 0"},
        // TimeAdd and DatetimeSub print as operators, without parentheses.
        {call("timeadd",
              {ts, lit(make_interval(AtomicKind::DayTimeInterval, 0, 0), "INTERVAL '1' DAY")},
              make_atomic(AtomicKind::Timestamp)),
         "ts#10 + INTERVAL '1' DAY"},
        {node(UnaryOp{UnaryOpKind::Not, b}, boolean_type()), "NOT b#9"},
        {node(UnaryOp{UnaryOpKind::UnaryMinus, a}, int_type()), "-a#8"},
        {node(UnaryOp{UnaryOpKind::UnaryPositive, a}, int_type()), "positive(a#8)"},
        {node(UnaryOp{UnaryOpKind::BitwiseNot, a}, int_type()), "~a#8"},
        {node(IsNull{a}, boolean_type(), false), "isnull(a#8)"},
        {node(IsNotNull{field(name, 0, string_type())}, boolean_type(), false),
         "isnotnull(name#1.first)"},
        {node(In{a, {int_lit(1), int_lit(2)}}, boolean_type()), "a#8 IN (1,2)"},
        {node(CaseWhen{{{gt, lit(string_type(), "x")}}, lit(string_type(), "y")}, string_type()),
         "CASE WHEN (a#8 > 1) THEN x ELSE y END"},
        {node(CaseWhen{{{gt, int_lit(1)}, {b, int_lit(2)}}, nullptr}, int_type()),
         "CASE WHEN (a#8 > 1) THEN 1 WHEN b#9 THEN 2 END"},
        // A cast the query wrote (it has a span) and one the analyzer inserted (none) print
        // alike: toString shows every cast.
        {node(Cast{a, long_type()}, long_type(), true, Span{7, 23}), "cast(a#8 as bigint)"},
        {node(Cast{a, long_type()}, long_type()), "cast(a#8 as bigint)"},
        {node(Cast{a, cast_struct}, cast_struct, true, Span{0, 1}),
         "cast(a#8 as struct<x:int,y:array<string>>)"},
        {node(Cast{a, odd_struct}, odd_struct, true, Span{0, 1}), "cast(a#8 as struct<a b:int>)"},
        {node(KnownNotContainsNull{arr}, make_array(int_type(), false)),
         "knownnotcontainsnull(arr#2)"},
    };
    for (const StringCase& c : cases) {
        CAPTURE(c.text);
        CHECK(expr_string(*c.expr) == c.text);
    }
}

TEST_CASE("binary operators print parenthesised with their SQL symbols", "[output]") {
    using K = BinaryOpKind;
    const ExprPtr a = attr("a", int_type(), 1);
    const ExprPtr one = int_lit(1);
    auto [op, symbol] = GENERATE(table<K, std::string>({
        {K::And, "AND"},
        {K::Or, "OR"},
        {K::EqualTo, "="},
        {K::EqualNullSafe, "<=>"},
        {K::LessThan, "<"},
        {K::LessThanOrEqual, "<="},
        {K::GreaterThan, ">"},
        {K::GreaterThanOrEqual, ">="},
        {K::Add, "+"},
        {K::Subtract, "-"},
        {K::Multiply, "*"},
        {K::Divide, "/"},
        {K::Remainder, "%"},
        {K::IntegralDivide, "div"},
        {K::BitwiseAnd, "&"},
        {K::BitwiseOr, "|"},
        {K::BitwiseXor, "^"},
    }));
    const ExprPtr e = binary(op, a, one, int_type());
    CHECK(expr_string(*e) == "(a#1 " + symbol + " 1)");
}

TEST_CASE("an ordinal that does not fit the child's type is an internal error", "[output]") {
    const ExprPtr name = attr("name", name_type(), 1);
    const ExprPtr bad = field(name, 5, string_type());
    CHECK_THROWS_AS(expr_string(*bad), InternalError);
    CHECK_THROWS_AS(expr_json(*bad), InternalError);
}

TEST_CASE("deep expressions print on a stack sized for them and are let go without one",
          "[output]") {
    // As deep as a left-deep chain of 100,000 operators: the printers recurse once per level,
    // on the stack run_with_stack sizes; letting the tree go takes no recursion at all.
    constexpr std::size_t levels = 100000;
    ExprPtr e = attr("a", int_type(), 1);
    for (std::size_t i = 0; i < levels; ++i) {
        e = node(UnaryOp{UnaryOpKind::BitwiseNot, e}, int_type());
    }
    std::string printed;
    std::string innermost;
    run_with_stack(stack_bytes_for_statement(levels), [&] {
        printed = expr_string(*e);
        innermost = expr_dom(*e)["children"][0]["expr"];
    });
    CHECK(printed == std::string(levels, '~') + "a#1");
    CHECK(innermost == "BitwiseNot");
    e.reset();
    CHECK(e == nullptr);
}

namespace {

// events(id INT, rule_results ARRAY<STRUCT<rule_public_id, rule_version, payload, score>>,
// meta STRUCT<src>) read as struct<rule_results:array<struct<rule_public_id,score>>>.
TypePtr read_schema() { return make_struct({{"rule_results", make_array(element_type())}}); }

PlanPtr relation() {
    const TypePtr schema = read_schema();
    return std::make_shared<const Plan>(Plan{
        Relation{"events", {attr("rule_results", make_array(element_type()), 1)}, schema, ""}});
}

PlanPtr project_example() {
    const ExprPtr t = transform_example();
    const ExprPtr alias = node(Alias{t, kTransformPretty, 4}, t->type, false);
    return std::make_shared<const Plan>(Plan{Project{{alias}, relation()}});
}

StatementResult result_example(bool with_change) {
    StatementResult result;
    result.index = 1;
    result.file = "query.sql";
    result.line = 1;
    result.column = 1;
    result.profile = Profile::Extended;
    result.plan = project_example();
    result.original_plan = result.plan;
    result.scans.push_back(ScanResult{"events", "", read_schema(), 2, 6, {"id", "meta"}});
    if (with_change) {
        const ExprPtr r = lvar("r", element_type(), 3);
        const ExprPtr rule_results = attr("rule_results", make_array(element_type()), 1);
        result.ordinal_changes.push_back(
            OrdinalChange{field(r, 1, double_type()), rule_results, 3, 1, ChangeSite::ElementOf});
    }
    return result;
}

const char* const kPlanText =
    "Project [transform(rule_results#1, lambdafunction(named_struct(id, lambda "
    "r#3.rule_public_id, s, lambda r#3.score), lambda r#3)) AS transform(rule_results, "
    "lambdafunction(named_struct(id, r.rule_public_id, s, r.score), r))#4]\n"
    "+- Relation events[rule_results#1] ReadSchema: "
    "struct<rule_results:array<struct<rule_public_id:string,score:double>>>\n";

} // namespace

TEST_CASE("plan_string prints every operator in EXPLAIN style", "[output]") {
    CHECK(plan_string(*project_example()) == kPlanText);

    const ExprPtr id = attr("id", long_type(), 0);
    const ExprPtr name = attr("name", name_type(), 1);
    const ExprPtr first = field(name, 0, string_type());
    const PlanPtr scan = std::make_shared<const Plan>(Plan{Relation{
        "people", {id, name}, make_struct({{"id", long_type()}, {"name", name_type()}}), ""}});
    const PlanPtr filter = std::make_shared<const Plan>(
        Plan{Filter{binary(BinaryOpKind::GreaterThan, id, int_lit(1), boolean_type()), scan}});
    const PlanPtr project = std::make_shared<const Plan>(
        Plan{Project{{id, node(Alias{first, "first", 2}, string_type())}, filter}});
    const PlanPtr distinct = std::make_shared<const Plan>(Plan{Distinct{project}});
    const PlanPtr sort = std::make_shared<const Plan>(Plan{
        Sort{{SortOrder{attr("first", string_type(), 2), true, true}, SortOrder{id, false, false}},
             distinct}});
    const PlanPtr limit = std::make_shared<const Plan>(Plan{Limit{int_lit(10), sort}});
    CHECK(plan_string(*limit) == "Limit 10\n"
                                 "+- Sort [first#2 ASC NULLS FIRST, id#0L DESC NULLS LAST]\n"
                                 "   +- Distinct\n"
                                 "      +- Project [id#0L, name#1.first AS first#2]\n"
                                 "         +- Filter (id#0L > 1)\n"
                                 "            +- Relation people[id#0L, name#1] ReadSchema: "
                                 "struct<id:bigint,name:struct<first:string,last:string>>\n");

    const ExprPtr cnt = call("count", {int_lit(1)}, long_type());
    const PlanPtr aggregate =
        std::make_shared<const Plan>(Plan{Aggregate{{first},
                                                    {node(Alias{first, "first", 3}, string_type()),
                                                     node(Alias{cnt, "n", 4}, long_type(), false)},
                                                    scan}});
    CHECK(plan_string(*aggregate) ==
          "Aggregate [name#1.first], [name#1.first AS first#3, count(1) AS n#4L]\n"
          "+- Relation people[id#0L, name#1] ReadSchema: "
          "struct<id:bigint,name:struct<first:string,last:string>>\n");
}

TEST_CASE("print_text lays out one statement as the README's tour shows", "[output]") {
    const std::string header = "== statement 1 (query.sql:1:1), rules: extended ==\n"
                               "events: reads 2 of 6 leaves; columns not read: id, meta\n";
    const std::string plan = std::string("\n") + kPlanText + "\n";

    SECTION("with an ordinal change, catalog style") {
        CHECK(text_of(result_example(true), {}) ==
              header +
                  "  struct<rule_results:array<struct<rule_public_id:string,score:double>>>\n" +
                  plan +
                  "ordinals rewritten:\n"
                  "  lambda r#3.score   3 -> 1   (element of rule_results)\n");
    }
    SECTION("without ordinal changes, every schema style") {
        const std::string tail = plan + "ordinals rewritten: none\n";
        const StatementResult result = result_example(false);
        CHECK(text_of(result, {SchemaStyle::Catalog, false}) ==
              header +
                  "  struct<rule_results:array<struct<rule_public_id:string,score:double>>>\n" +
                  tail);
        CHECK(text_of(result, {SchemaStyle::Ddl, false}) ==
              header + "  rule_results ARRAY<STRUCT<rule_public_id: STRING, score: DOUBLE>>\n" +
                  tail);
        CHECK(text_of(result, {SchemaStyle::Tree, false}) ==
              header +
                  "  root\n"
                  "   |-- rule_results: array (nullable = true)\n"
                  "   |    |-- element: struct (containsNull = true)\n"
                  "   |    |    |-- rule_public_id: string (nullable = true)\n"
                  "   |    |    |-- score: double (nullable = true)\n" +
                  tail);
        CHECK(text_of(result, {SchemaStyle::Json, false}) ==
              header +
                  R"(  {"type":"struct","fields":[{"name":"rule_results","type":{"type":"array",)"
                  R"("elementType":{"type":"struct","fields":[{"name":"rule_public_id",)"
                  R"("type":"string","nullable":true,"metadata":{}},{"name":"score",)"
                  R"("type":"double","nullable":true,"metadata":{}}]},"containsNull":true},)"
                  R"("nullable":true,"metadata":{}}]})"
                  "\n" +
                  tail);
    }
    SECTION("several changes align their columns; all columns read says none") {
        StatementResult result = result_example(true);
        result.scans[0].columns_not_read.clear();
        result.scans[0].leaves_total = 2;
        const ExprPtr rr = attr("rule_results", make_array(element_type()), 1);
        result.ordinal_changes.push_back(
            OrdinalChange{node(GetArrayStructFields{rr, {}, 0, true}, make_array(string_type())),
                          nullptr, 12, 0, ChangeSite::None});
        const std::string text = text_of(result, {});
        CHECK(text.find("events: reads 2 of 2 leaves; columns not read: none\n") !=
              std::string::npos);
        CHECK(text.substr(text.find("ordinals rewritten:")) ==
              "ordinals rewritten:\n"
              "  lambda r#3.score                 3 -> 1   (element of rule_results)\n"
              "  rule_results#1.rule_public_id   12 -> 0\n");
    }
    SECTION("colour only when asked") {
        const std::string plain = text_of(result_example(true), {SchemaStyle::Catalog, false});
        CHECK(plain.find('\x1b') == std::string::npos);
        CHECK(plain.back() == '\n');
        CHECK(plain[plain.size() - 2] != '\n');
        const std::string colored = text_of(result_example(true), {SchemaStyle::Catalog, true});
        CHECK(colored.rfind("\x1b[1m== statement 1 (query.sql:1:1), rules: extended ==\x1b[0m\n",
                            0) == 0);
        CHECK(colored.find("  lambda r#3.score   \x1b[31m3\x1b[0m -> \x1b[32m1\x1b[0m   "
                           "(element of rule_results)\n") != std::string::npos);
    }
}

TEST_CASE("profile names", "[output]") {
    CHECK(profile_name(Profile::Legacy) == "legacy");
    CHECK(profile_name(Profile::Spark) == "spark");
    CHECK(profile_name(Profile::Extended) == "extended");
}

TEST_CASE("expr_json gives every kind its keys", "[output]") {
    const TypePtr names = name_type();
    const ExprPtr name = attr("name", names, 1);
    const ExprPtr a = attr("a", int_type(), 8);
    const std::string name_json = R"({"expr":"AttributeReference","name":"name","expr_id":1,)"
                                  R"("data_type":"struct<first:string,last:string>",)"
                                  R"("nullable":true,"children":[]})";
    const std::string a_json = R"({"expr":"AttributeReference","name":"a","expr_id":8,)"
                               R"("data_type":"int","nullable":true,"children":[]})";
    const std::string one_json =
        R"({"expr":"Literal","value":"1","data_type":"int","nullable":false,"children":[]})";

    CHECK(expr_json(*name) == name_json);
    CHECK(expr_json(*lvar("r", long_type(), 3)) ==
          R"({"expr":"NamedLambdaVariable","name":"r","expr_id":3,"data_type":"bigint",)"
          R"("nullable":true,"children":[]})");
    CHECK(expr_json(*int_lit(1)) == one_json);
    CHECK(expr_json(*node(Literal{string_type(), "", true}, string_type())) ==
          R"({"expr":"Literal","value":null,"data_type":"string","nullable":true,"children":[]})");
    CHECK(expr_json(*field(name, 1, string_type(), "LAST")) ==
          R"({"expr":"GetStructField","ordinal":1,"name":"last","name_as_written":"LAST",)"
          R"("data_type":"string","nullable":true,"children":[)" +
              name_json + "]}");
    CHECK(expr_json(*field(name, 0, string_type())) ==
          R"({"expr":"GetStructField","ordinal":0,"name":"first","data_type":"string",)"
          R"("nullable":true,"children":[)" +
              name_json + "]}");

    const ExprPtr people = attr("people", make_array(names), 2);
    const std::string people_json =
        R"({"expr":"AttributeReference","name":"people","expr_id":2,)"
        R"("data_type":"array<struct<first:string,last:string>>","nullable":true,"children":[]})";
    CHECK(expr_json(*node(GetArrayStructFields{people, {}, 1, true}, make_array(string_type()))) ==
          R"({"expr":"GetArrayStructFields","ordinal":1,"num_fields":2,)"
          R"("name":"last","data_type":"array<string>","nullable":true,)"
          R"("children":[)" +
              people_json + "]}");
    CHECK(expr_json(*node(Alias{a, "y", 10}, int_type())) ==
          R"({"expr":"Alias","name":"y","expr_id":10,"data_type":"int","nullable":true,)"
          R"("children":[)" +
              a_json + "]}");
    CHECK(
        expr_json(*node(CreateNamedStruct{{"x"}, {a}}, make_struct({{"x", int_type()}}), false)) ==
        R"({"expr":"CreateNamedStruct","names":["x"],)"
        R"("data_type":"struct<x:int>","nullable":false,"children":[)" +
            a_json + "]}");
    CHECK(expr_json(*binary(BinaryOpKind::Add, a, int_lit(1), int_type())) ==
          R"({"expr":"Add","data_type":"int","nullable":true,"children":[)" + a_json + "," +
              one_json + "]}");
    CHECK(expr_json(*node(UnaryOp{UnaryOpKind::UnaryMinus, a}, int_type())) ==
          R"({"expr":"UnaryMinus","data_type":"int","nullable":true,"children":[)" + a_json + "]}");
    CHECK(expr_json(*node(Cast{a, long_type()}, long_type())) ==
          R"({"expr":"Cast","data_type":"bigint","nullable":true,"children":[)" + a_json + "]}");
    CHECK(expr_json(*node(IsNull{a}, boolean_type(), false)) ==
          R"({"expr":"IsNull","data_type":"boolean","nullable":false,"children":[)" + a_json +
              "]}");

    // Child lists of the remaining kinds, in Catalyst's order.
    const ExprPtr m = attr("m", make_map(string_type(), int_type()), 6);
    const ExprPtr arr = attr("arr", make_array(int_type()), 7);
    const ExprPtr k = lit(string_type(), "k");
    struct KidsCase {
        ExprPtr expr;
        std::string catalyst;
        std::vector<ExprPtr> kids;
    };
    const ExprPtr gt = binary(BinaryOpKind::GreaterThan, a, int_lit(1), boolean_type());
    const std::vector<KidsCase> cases = {
        {node(GetArrayItem{arr, int_lit(0)}, int_type()), "GetArrayItem", {arr, int_lit(0)}},
        {node(GetMapValue{m, k}, int_type()), "GetMapValue", {m, k}},
        {node(ElementAt{arr, int_lit(1)}, int_type()), "ElementAt", {arr, int_lit(1)}},
        {node(MapKeys{m}, make_array(string_type(), false)), "MapKeys", {m}},
        {node(MapValues{m}, make_array(int_type())), "MapValues", {m}},
        {node(IsNotNull{a}, boolean_type(), false), "IsNotNull", {a}},
        {node(In{a, {int_lit(1), int_lit(2)}}, boolean_type()), "In", {a, int_lit(1), int_lit(2)}},
        {node(CaseWhen{{{gt, int_lit(1)}}, int_lit(2)}, int_type()),
         "CaseWhen",
         {gt, int_lit(1), int_lit(2)}},
        {node(KnownNotContainsNull{arr}, make_array(int_type(), false)),
         "KnownNotContainsNull",
         {arr}},
        {node(UnaryOp{UnaryOpKind::Not, gt}, boolean_type()), "Not", {gt}},
    };
    CHECK(expr_dom(*node(ElementAt{arr, int_lit(1), false}, int_type()))["fail_on_error"] == false);
    for (const KidsCase& c : cases) {
        CAPTURE(c.catalyst);
        const Json j = expr_dom(*c.expr);
        CHECK(j["expr"] == c.catalyst);
        Json kids = Json::array();
        for (const ExprPtr& kid : c.kids) {
            kids.push_back(expr_dom(*kid));
        }
        CHECK(j["children"] == kids);
        CHECK(j.size() == 4); // expr, data_type, nullable, children: no kind-specific keys
    }
}

TEST_CASE("expr_json of functions and lambdas", "[output]") {
    const Json t = expr_dom(*transform_example());
    CHECK(t["expr"] == "ArrayTransform");
    CHECK(t["function"] == "transform");
    REQUIRE(t["children"].size() == 2);
    const Json& lambda = t["children"][1];
    const std::string r_json = R"({"expr":"NamedLambdaVariable","name":"r","expr_id":3,)"
                               R"("data_type":"struct<rule_public_id:string,score:double>",)"
                               R"("nullable":true,"children":[]})";
    CHECK(lambda["expr"] == "LambdaFunction");
    CHECK(lambda["arguments"].dump() == "[" + r_json + "]");
    CHECK(lambda["body"]["expr"] == "CreateNamedStruct");
    CHECK(lambda["body"]["names"].dump() == R"(["id","s"])");
    CHECK(lambda.contains("children") == false);
    std::vector<std::string> keys;
    for (auto it = lambda.begin(); it != lambda.end(); ++it) {
        keys.push_back(it.key());
    }
    CHECK(keys == std::vector<std::string>{"expr", "data_type", "nullable", "arguments", "body"});

    const ExprPtr id = attr("id", long_type(), 0);
    const ExprPtr distinct = call("count", {id}, long_type(), true);
    const Json c = expr_dom(*distinct);
    CHECK(c["expr"] == catalyst_name(*distinct));
    CHECK(c["function"] == "count");
    CHECK(c["distinct"] == true);
    CHECK(c["children"][0]["name"] == "id");
    CHECK(expr_dom(*call("count", {id}, long_type())).contains("distinct") == false);
}

TEST_CASE("plan_json nests operators under child", "[output]") {
    const ExprPtr id = attr("id", long_type(), 0);
    const std::string id_json = R"({"expr":"AttributeReference","name":"id","expr_id":0,)"
                                R"("data_type":"bigint","nullable":true,"children":[]})";
    const PlanPtr scan = std::make_shared<const Plan>(
        Plan{Relation{"t", {id}, make_struct({{"id", long_type()}}), ""}});
    const std::string scan_json = R"({"node":"Relation","table":"t","output":[)" + id_json +
                                  R"(],"read_schema":"struct<id:bigint>"})";
    CHECK(plan_json(*scan) == scan_json);

    const ExprPtr cond = binary(BinaryOpKind::GreaterThan, id, int_lit(1), boolean_type());
    const PlanPtr filter = std::make_shared<const Plan>(Plan{Filter{cond, scan}});
    const PlanPtr project = std::make_shared<const Plan>(Plan{Project{{id}, filter}});
    const PlanPtr distinct = std::make_shared<const Plan>(Plan{Distinct{project}});
    const PlanPtr sort =
        std::make_shared<const Plan>(Plan{Sort{{SortOrder{id, false, false}}, distinct}});
    const PlanPtr limit = std::make_shared<const Plan>(Plan{Limit{int_lit(5), sort}});
    const std::string cond_json = expr_json(*cond);
    CHECK(plan_json(*limit) ==
          R"({"node":"Limit","limit":{"expr":"Literal","value":"5","data_type":"int",)"
          R"("nullable":false,"children":[]},"child":{"node":"Sort","order":[{"expr":)" +
              id_json +
              R"(,"direction":"descending","nulls":"last"}],"child":{"node":"Distinct",)"
              R"("child":{"node":"Project","exprs":[)" +
              id_json + R"(],"child":{"node":"Filter","condition":)" + cond_json + R"(,"child":)" +
              scan_json + "}}}}}");

    const ExprPtr cnt = call("count", {int_lit(1)}, long_type());
    const ExprPtr alias = node(Alias{cnt, "n", 1}, long_type(), false);
    const PlanPtr aggregate =
        std::make_shared<const Plan>(Plan{Aggregate{{id}, {id, alias}, scan}});
    const Json agg = plan_dom(*aggregate);
    CHECK(agg["node"] == "Aggregate");
    CHECK(agg["grouping"].dump() == "[" + id_json + "]");
    CHECK(agg["aggregates"].dump() == "[" + id_json + "," + expr_json(*alias) + "]");
    CHECK(agg["child"].dump() == scan_json);
}

TEST_CASE("write_json carries the whole statement in a stable key order", "[output]") {
    StatementResult result = result_example(true);
    const Json j = result_dom(result);
    std::vector<std::string> keys;
    for (auto it = j.begin(); it != j.end(); ++it) {
        keys.push_back(it.key());
    }
    CHECK(keys == std::vector<std::string>{"format_version", "statement", "location", "rules",
                                           "scans", "ordinals_rewritten", "plan", "original_plan"});
    CHECK(j["format_version"] == 1);
    CHECK(j["statement"] == 1);
    CHECK(j["location"].dump() == R"({"file":"query.sql","line":1,"column":1})");
    CHECK(j["rules"] == "extended");
    CHECK(
        j["scans"].dump() ==
        R"([{"table":"events","alias":null,)"
        R"("read_schema":"struct<rule_results:array<struct<rule_public_id:string,score:double>>>",)"
        R"("read_schema_json":{"type":"struct","fields":[{"name":"rule_results","type":{)"
        R"("type":"array","elementType":{"type":"struct","fields":[{"name":"rule_public_id",)"
        R"("type":"string","nullable":true,"metadata":{}},{"name":"score","type":"double",)"
        R"("nullable":true,"metadata":{}}]},"containsNull":true},"nullable":true,)"
        R"("metadata":{}}]},"leaves":{"read":2,"total":6},"columns_not_read":["id","meta"]}])");
    CHECK(j["ordinals_rewritten"].dump() == R"([{"access":"lambda r#3.score","before":3,"after":1,)"
                                            R"("context":"element of rule_results"}])");
    CHECK(j["plan"] == plan_dom(*result.plan));
    CHECK(j["original_plan"] == plan_dom(*result.original_plan));
    CHECK(j["plan"]["node"] == "Project");
    CHECK(j["plan"]["child"]["node"] == "Relation");

    result.ordinal_changes.clear();
    result.profile = Profile::Legacy;
    const Json k = result_dom(result);
    CHECK(k["ordinals_rewritten"].dump() == "[]");
    CHECK(k["rules"] == "legacy");
    CHECK(result_json(result) == k.dump()); // deterministic
}

TEST_CASE("the pretty JSON of a statement is nlohmann's dump(2) of the same value", "[output]") {
    for (const bool with_change : {true, false}) {
        const StatementResult result = result_example(with_change);
        const std::string pretty =
            json_text([&](JsonWriter& out) { write_json(result, out); }, JsonStyle::Pretty);
        CHECK(pretty == result_dom(result).dump(2));
        CHECK(result_json(result) == Json::parse(pretty).dump());
    }
}
