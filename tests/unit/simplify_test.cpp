// The pre-pruning rewrites: SimplifyExtractValueOps and the RuntimeReplaceable replacements.

#include <catch2/catch.hpp>

#include <span>
#include <string>

#include "catalog/catalog.hpp"
#include "plan/analyzer.hpp"
#include "plan/higher_order.hpp"
#include "plan/simplify.hpp"
#include "plan/tree.hpp"
#include "sql/parser.hpp"
#include "util/overloaded.hpp"

using namespace prune;

namespace {

const char* const kContacts =
    "id INT, name STRUCT<first: STRING, middle: STRING, last: STRING>, address STRING, "
    "pets INT, friends ARRAY<STRUCT<first: STRING, middle: STRING, last: STRING>>, "
    "relatives MAP<STRING, STRUCT<first: STRING, middle: STRING, last: STRING>>, p INT";

BoundStatement bind_sql(const std::string& sql) {
    auto source = std::make_shared<const SourceFile>("q.sql", sql);
    const std::vector<StatementText> texts = split_statements(*source);
    REQUIRE(texts.size() == 1);
    return analyze(parse_statement(source, texts[0]), load_ddl_catalog(kContacts), source, {});
}

std::string sx(const Expr& e);

std::string sx_list(std::span<const ExprPtr> xs) {
    std::string out;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        out += (i == 0 ? "" : ", ") + sx(*xs[i]);
    }
    return out;
}

std::string sx(const Expr& e) {
    return std::visit(
        Overloaded{
            [](const AttributeReference& n) { return n.name + "#" + std::to_string(n.id); },
            [](const NamedLambdaVariable& n) {
                return "lambda " + n.name + "#" + std::to_string(n.id) + (n.nullable ? "" : "!");
            },
            [&](const Literal& n) -> std::string {
                return e.type->is(AtomicKind::String) ? "'" + n.text + "'" : n.text.str();
            },
            [](const Alias& n) {
                return sx(*n.child) + " AS " + n.name + "#" + std::to_string(n.id);
            },
            [](const GetStructField& n) {
                return "GetStructField(" + sx(*n.child) + ", " + std::to_string(n.ordinal) +
                       (n.name_as_written.empty() ? "" : ", " + n.name_as_written) + ")";
            },
            [](const ElementAt& n) {
                return std::string(n.fail_on_error ? "ElementAt(" : "TryElementAt(") + sx(*n.left) +
                       ", " + sx(*n.right) + ")";
            },
            [](const LambdaFunction& n) {
                return "lambdafunction(" + sx(*n.body) + ", " + sx_list(n.args) + ")";
            },
            [](const HigherOrderFunction& n) {
                return std::string(n.def->name) + "(" + sx_list(n.args) + ")";
            },
            [](const ScalarFunction& n) {
                return std::string(n.name()) + "(" + sx_list(n.args) + ")";
            },
            [&](const auto&) { return catalyst_name(e) + "(" + sx_list(children(e)) + ")"; }},
        e.node);
}

// The simplified select list, as one line.
std::string simplified(const std::string& sql, ExprId* next = nullptr) {
    const BoundStatement b = bind_sql(sql);
    ExprId next_id = b.next_id;
    const PlanPtr plan = simplify(b.plan, next_id);
    if (next != nullptr) {
        *next = next_id;
    }
    const Project* project = plan->as<Project>();
    REQUIRE(project != nullptr);
    return sx_list(project->exprs);
}

} // namespace

TEST_CASE("extraction from constructors folds (SimplifyExtractValueOps)", "[simplify]") {
    auto [item, expected] = GENERATE(table<std::string, std::string>({
        {"named_struct('a', id, 'b', name).b", "name#1"},
        {"named_struct('a', id, 'b', name).b.last", "GetStructField(name#1, 2)"},
        {"struct(id, pets).pets", "pets#3"},
        {"array(name, name).first", "array(GetStructField(name#1, 0), GetStructField(name#1, 0))"},
        {"array(name).First", "array(GetStructField(name#1, 0, First))"},
        {"array(id, pets)[1]", "pets#3"},
        {"array(id, pets)[0]", "id#0"},
        // Out of range stays: under ANSI mode the original raises an error, so must we.
        {"array(id, pets)[2]", "GetArrayItem(array(id#0, pets#3), 2)"},
        {"array(id, pets)[pets]", "GetArrayItem(array(id#0, pets#3), pets#3)"},
        {"map('a', id, 'b', pets)[address]",
         "CaseWhen(EqualTo(address#2, 'a'), id#0, EqualTo(address#2, 'b'), pets#3)"},
        {"transform(friends, f -> named_struct('x', f.first, 'y', f.last).y)",
         "transform(friends#4, lambdafunction(GetStructField(lambda f#7, 2), lambda f#7))"},
        // Not a constructor: nothing to fold.
        {"name.first", "GetStructField(name#1, 0)"},
    }));
    CAPTURE(item);
    const std::string got = simplified("SELECT " + item + " AS v FROM contacts");
    CHECK(got.substr(0, got.rfind(" AS v#")) == expected);
}

TEST_CASE("RuntimeReplaceable functions are replaced", "[simplify]") {
    auto [item, expected] = GENERATE(table<std::string, std::string>({
        {"try_element_at(friends, 1)", "TryElementAt(friends#4, 1)"},
        {"try_element_at(relatives, 'k').first",
         "GetStructField(TryElementAt(relatives#5, 'k'), 0)"},
        {"array_size(friends)", "size(friends#4)"},
        {"nvl(id, pets)", "coalesce(id#0, pets#3)"},
        {"ifnull(id, 1)", "coalesce(id#0, 1)"},
        // ILike.replacement: Like(Lower(left), Lower(right), escapeChar).
        {"address ILIKE 'A%'", "like(lower(address#2), lower('A%'))"},
        {"address ILIKE 'A!%' ESCAPE '!'", "like(lower(address#2), lower('A!%'), '!')"},
        {"element_at(friends, 1)", "ElementAt(friends#4, 1)"},
        // DatetimeSub(start, interval, replacement) names `ts - i`; it computes ts + (-i).
        {"TIMESTAMP '2024-01-31 10:00:00' - INTERVAL 1 MONTH",
         "timestampaddyminterval(2024-01-31 10:00:00, UnaryMinus(INTERVAL '1' MONTH))"},
        {"DATE '2024-01-31' - INTERVAL '2' HOUR",
         "timeadd(Cast(2024-01-31), UnaryMinus(INTERVAL '02' HOUR))"},
    }));
    CAPTURE(item);
    const std::string got = simplified("SELECT " + item + " AS v FROM contacts");
    CHECK(got.substr(0, got.rfind(" AS v#")) == expected);
}

TEST_CASE("array_compact becomes a filter with a fresh lambda variable `arg`", "[simplify]") {
    ExprId next = 0;
    const std::string got =
        simplified("SELECT array_compact(friends).first AS a, array_compact(array(id)) AS b "
                   "FROM contacts",
                   &next);
    // contacts has 7 columns (0..6); the aliases took 7 and 8.
    CHECK(got ==
          "GetArrayStructFields(KnownNotContainsNull(filter(friends#4, "
          "lambdafunction(IsNotNull(lambda arg#9), lambda arg#9)))) AS a#7, "
          "KnownNotContainsNull(filter(array(id#0), lambdafunction(IsNotNull(lambda arg#10), "
          "lambda arg#10))) AS b#8");
    CHECK(next == 11);
    const BoundStatement b = bind_sql("SELECT array_compact(friends) AS a FROM contacts");
    ExprId id = b.next_id;
    const PlanPtr plan = simplify(b.plan, id);
    const ExprPtr replaced = plan->as<Project>()->exprs[0]->as<Alias>()->child;
    REQUIRE(replaced->as<KnownNotContainsNull>() != nullptr);
    CHECK_FALSE(replaced->type->array()->contains_null);
    CHECK(catalog_string(*replaced->type) ==
          "array<struct<first:string,middle:string,last:string>>");
}

TEST_CASE("simplify applies to every operator and keeps untouched plans shared", "[simplify]") {
    const BoundStatement b = bind_sql(
        "SELECT id, friends FROM contacts WHERE nvl(pets, 0) > 1 ORDER BY array_size(friends)");
    ExprId next = b.next_id;
    const PlanPtr plan = simplify(b.plan, next);
    CHECK(next == b.next_id);
    const Sort& sort = *plan->as<Sort>();
    CHECK(sx(*sort.order[0].child) == "size(friends#4)");
    const Plan& project = *plan_child(*plan);
    // Nothing to rewrite in the select list: its expressions stay shared.
    CHECK(project.as<Project>()->exprs[0] == plan_child(*b.plan)->as<Project>()->exprs[0]);
    const Filter& where = *plan_child(project)->as<Filter>();
    CHECK(sx(*where.condition) == "GreaterThan(coalesce(pets#3, 0), 1)");
    // The original plan is left as it was.
    CHECK(sx(*b.plan->as<Sort>()->order[0].child) == "array_size(friends#4)");

    const BoundStatement plain = bind_sql("SELECT name.first FROM contacts WHERE id > 0");
    ExprId n = plain.next_id;
    CHECK(simplify(plain.plan, n) == plain.plan);
}
