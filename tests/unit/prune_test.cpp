// Root fields, merge and the rewrite, through the real pipeline from SQL text.

#include <catch2/catch.hpp>

#include <sstream>

#include "catalog/catalog.hpp"
#include "output/printers.hpp"
#include "pipeline.hpp"
#include "plan/tree.hpp"
#include "rewrite/projection_over_schema.hpp"
#include "support.hpp"

using namespace prune;

namespace {

using prune_test::kContacts;

StatementResult run(const std::string& sql, Profile profile = Profile::Spark,
                    CaseSensitivity cs = CaseSensitivity::Insensitive) {
    Catalog catalog = load_ddl_catalog(kContacts);
    catalog.add_partition_columns({"p"}, cs);
    auto source = std::make_shared<const SourceFile>("query.sql", sql);
    const std::vector<StatementText> statements = split_statements(*source);
    REQUIRE(statements.size() == 1);
    return run_statement(source, statements[0], catalog, {profile, cs}).result;
}

std::string read_schema(const std::string& sql, Profile profile = Profile::Spark) {
    return catalog_string(*run(sql, profile).scans.at(0).read_schema);
}

} // namespace

TEST_CASE("root fields merge in table order at every level", "[prune]") {
    using Row = std::tuple<std::string, std::string>;
    auto [sql, expected] = GENERATE(table<std::string, std::string>({
        Row{"SELECT name.last, id, name.first FROM contacts",
            "struct<id:int,name:struct<first:string,last:string>>"},
        Row{"SELECT name.first, name FROM contacts",
            "struct<name:struct<first:string,middle:string,last:string>>"},
        Row{"SELECT employer.company, employer.company.address FROM contacts",
            "struct<employer:struct<company:struct<name:string,address:string>>>"},
        Row{"SELECT count(*) FROM contacts", "struct<>"},
        Row{"SELECT p FROM contacts", "struct<>"},
        Row{"SELECT NAME.First, name.LAST FROM contacts",
            "struct<name:struct<first:string,last:string>>"},
        Row{"SELECT friends.middle FROM contacts WHERE friends.first[0] = 'Susan'",
            "struct<friends:array<struct<first:string,middle:string>>>"},
        Row{"SELECT map_keys(relations).middle[0] FROM contacts",
            "struct<relations:map<struct<middle:string>,string>>"},
        Row{"SELECT relatives['b'].middle FROM contacts",
            "struct<relatives:map<string,struct<middle:string>>>"},
        Row{"SELECT name.first FROM contacts GROUP BY name.first ORDER BY name.first",
            "struct<name:struct<first:string>>"},
        Row{"SELECT max(name.middle) FROM contacts GROUP BY id HAVING min(name.last) > 'a'",
            "struct<id:int,name:struct<middle:string,last:string>>"},
    }));
    CAPTURE(sql);
    CHECK(read_schema(sql) == expected);
}

TEST_CASE("IS NULL roots are optional unless nothing else reads the column", "[prune]") {
    using Row = std::tuple<std::string, std::string, std::string>;
    auto [sql, spark, extended] = GENERATE(table<std::string, std::string, std::string>({
        Row{"SELECT name.first FROM contacts WHERE name IS NOT NULL",
            "struct<name:struct<first:string>>", "struct<name:struct<first:string>>"},
        Row{"SELECT employer.id FROM contacts WHERE employer.company IS NOT NULL",
            "struct<employer:struct<id:int,company:struct<name:string,address:string>>>",
            "struct<employer:struct<id:int,company:struct<name:string>>>"},
        Row{"SELECT id FROM contacts WHERE name IS NULL",
            "struct<id:int,name:struct<first:string,middle:string,last:string>>",
            "struct<id:int,name:struct<first:string>>"},
        Row{"SELECT name.first FROM contacts WHERE name.middle IS NOT NULL",
            "struct<name:struct<first:string,middle:string>>",
            "struct<name:struct<first:string,middle:string>>"},
    }));
    CAPTURE(sql);
    CHECK(read_schema(sql, Profile::Spark) == spark);
    CHECK(read_schema(sql, Profile::Extended) == extended);
}

TEST_CASE("the rewrite re-resolves every extractor kind against the pruned types", "[rewrite]") {
    using Row = std::tuple<std::string, std::string>;
    auto [sql, access] = GENERATE(table<std::string, std::string>({
        Row{"SELECT name.last FROM contacts", "name#1.last"},
        Row{"SELECT friends.last FROM contacts", "friends#4.last"},
        Row{"SELECT friends[0].last FROM contacts", "friends#4[0].last"},
        Row{"SELECT element_at(friends, 1).last FROM contacts", "element_at(friends#4, 1).last"},
        Row{"SELECT relatives['b'].last FROM contacts", "relatives#5[b].last"},
        Row{"SELECT map_values(relatives).last FROM contacts", "map_values(relatives#5).last"},
        Row{"SELECT transform(friends, f -> f.last) FROM contacts", "lambda f#9.last"},
        Row{"SELECT employer.company.address FROM contacts", "employer#6.company.address"},
    }));
    CAPTURE(sql);
    const StatementResult result = run(sql);
    REQUIRE(!result.ordinal_changes.empty());
    const OrdinalChange& change = result.ordinal_changes.back();
    CHECK(expr_string(*change.access) == access);
    CHECK(change.after == 0);
    CHECK(change.before > 0);
}

TEST_CASE("GetArrayStructFields gets numFields of the pruned element", "[rewrite]") {
    const StatementResult result = run("SELECT friends.middle, friends.last FROM contacts");
    bool seen = false;
    for (const ExprPtr& e : plan_expressions(*result.plan)) {
        visit_down(e, [&](const ExprPtr& node) {
            if (const auto* f = node->as<GetArrayStructFields>()) {
                CHECK(f->num_fields() == 2);
                CHECK(f->ordinal < 2);
                seen = true;
            }
            return true;
        });
    }
    CHECK(seen);
}

TEST_CASE("check_ordinals catches a corrupted ordinal", "[rewrite]") {
    const StatementResult result = run("SELECT name.first, name.last FROM contacts");
    // Swap every GetStructField ordinal 0 <-> 1 in the rewritten plan: both are in range of
    // struct<first,last>, so only the pairing with the original accesses can tell.
    const auto corrupt = [](const ExprPtr& e) -> ExprPtr {
        if (const auto* f = e->as<GetStructField>()) {
            GetStructField bad = *f;
            bad.ordinal = 1 - f->ordinal;
            return make_expr(std::move(bad), e->span);
        }
        return e;
    };
    std::vector<ExprPtr> exprs = plan_expressions(*result.plan);
    for (ExprPtr& e : exprs) {
        e = transform_up(e, corrupt);
    }
    const PlanPtr corrupted = with_plan_expressions(*result.plan, exprs);
    // The rewritten plan checks against the plan it came from (original: no simplification
    // applies to this query).
    CHECK_NOTHROW(check_ordinals(*result.original_plan, *result.plan));
    CHECK_THROWS_AS(check_ordinals(*result.original_plan, *corrupted), InternalError);
}

TEST_CASE("a rewrite against a schema that lacks an accessed field is an internal error",
          "[rewrite]") {
    const StatementResult result = run("SELECT name.first FROM contacts");
    // Rewrite the original plan against a read schema that kept the wrong field.
    const TypePtr wrong = make_struct({StructField{"middle", string_type(), true, "{}"}});
    ReadSet scan;
    scan.pruned_types = {{1, wrong}};
    scan.read_schema = make_struct({StructField{"name", wrong, true, "{}"}});
    CHECK_THROWS_WITH(
        project_over_schema(result.original_plan, {scan}, {}),
        Catch::Contains("unmatched child schema for GetStructField: no field 'first'"));
}

TEST_CASE("without kept plans the rewrite lets the original go and prints the same", "[rewrite]") {
    // The last two queries need X6 switched off for a coalesce (RewriteMismatch): without
    // kept plans the statement is bound again and collected with the plans kept.
    const std::string sql =
        GENERATE("SELECT name.first, friends.middle FROM contacts WHERE name.last = 'x'",
                 "SELECT transform(friends, f -> f.first) FROM contacts ORDER BY id",
                 "SELECT max(name.middle) FROM contacts GROUP BY id HAVING min(name.last) > 'a'",
                 "SELECT coalesce(name, named_struct('first', 'a', 'middle', 'b', "
                 "'last', 'c')).first FROM contacts",
                 "SELECT coalesce(name, friends[0]).first FROM contacts");
    const Profile profile = GENERATE(Profile::Spark, Profile::Extended);
    CAPTURE(sql, profile_name(profile));
    Catalog catalog = load_ddl_catalog(kContacts);
    auto source = std::make_shared<const SourceFile>("query.sql", sql);
    const StatementText text = split_statements(*source).at(0);
    const StatementResult kept =
        run_statement(source, text, catalog, {profile, CaseSensitivity::Insensitive, true}).result;
    const StatementResult taken =
        run_statement(source, text, catalog, {profile, CaseSensitivity::Insensitive, false}).result;
    CHECK(kept.original_plan != nullptr);
    CHECK(taken.original_plan == nullptr);
    CHECK(taken.simplified_plan == nullptr);
    const auto printed = [](const StatementResult& result) {
        std::ostringstream out;
        print_text(result, {}, out);
        return out.str();
    };
    CHECK(printed(taken) == printed(kept));
}

TEST_CASE("an access written more than once is one ordinal change, in first-seen order",
          "[rewrite]") {
    const StatementResult result =
        run("SELECT name.last, employer.company.address, name.last, name.middle, "
            "employer.company.address FROM contacts GROUP BY name.last, employer.company.address, "
            "name.middle",
            Profile::Extended);
    std::vector<std::string> rows;
    for (const OrdinalChange& change : result.ordinal_changes) {
        rows.push_back(expr_string(*change.access) + " " + std::to_string(change.before) + "->" +
                       std::to_string(change.after) + " (" + ordinal_context(change) + ")");
    }
    // Each access appears in the select list twice and in GROUP BY once: one row each.
    CHECK(rows == std::vector<std::string>{
                      "name#1.last 2->1 (field of name)",
                      "employer#6.company 1->0 (field of employer)",
                      "employer#6.company.address 1->0 (field of employer.company)",
                      "name#1.middle 1->0 (field of name)",
                  });
}
