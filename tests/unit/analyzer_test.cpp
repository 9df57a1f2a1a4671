// The analyzer: name and type resolution as Spark's analyzer does it, pinned on the schemas of
// tests/data/spark_cases.jsonl (contacts) and docs/RULES.md (orders).

#include <catch2/catch.hpp>

#include <span>
#include <string>
#include <tuple>

#include "catalog/catalog.hpp"
#include "output/printers.hpp"
#include "plan/analyzer.hpp"
#include "plan/functions.hpp"
#include "plan/higher_order.hpp"
#include "plan/tree.hpp"
#include "sql/parser.hpp"
#include "support.hpp"
#include "util/overloaded.hpp"

using namespace prune;

namespace {

using prune_test::kContacts;

const char* const kOrders =
    "id BIGINT, customer STRUCT<id: BIGINT, name: STRING, address: STRUCT<city: STRING, zip: "
    "STRING>>, items ARRAY<STRUCT<sku: STRING, qty: INT, price: DOUBLE, parts: "
    "ARRAY<STRUCT<code: STRING, weight: DOUBLE>>, props: MAP<STRING, STRUCT<v: STRING, w: "
    "INT>>>>";

Catalog contacts_catalog() {
    Catalog c = load_ddl_catalog(kContacts);
    c.add_partition_columns({"p"}, CaseSensitivity::Insensitive);
    return c;
}

Catalog orders_catalog() { return load_ddl_catalog(kOrders); }

// Two named tables, for table lookup and did-you-mean.
Catalog named_catalog() {
    Catalog c;
    c.add(Table{"contacts", load_ddl_catalog(kContacts).find("x")->schema, {"p"}});
    c.add(Table{"orders", load_ddl_catalog(kOrders).find("x")->schema, {}});
    return c;
}

BoundStatement bind_sql(const std::string& sql, const Catalog& catalog,
                        CaseSensitivity cs = CaseSensitivity::Insensitive) {
    auto source = std::make_shared<const SourceFile>("q.sql", sql);
    const std::vector<StatementText> texts = split_statements(*source);
    REQUIRE(texts.size() == 1);
    return analyze(parse_statement(source, texts[0]), catalog, source, AnalyzerOptions{cs});
}

// "line:column: message" of the error the statement is rejected with.
std::string error_of(const std::string& sql, const Catalog& catalog,
                     CaseSensitivity cs = CaseSensitivity::Insensitive) {
    try {
        bind_sql(sql, catalog, cs);
    } catch (const SqlError& e) {
        const Diagnostic& d = e.diagnostic();
        REQUIRE(d.source != nullptr);
        const Location loc = d.source->location(d.span.begin);
        return std::to_string(loc.line) + ":" + std::to_string(loc.column) + ": " + d.message;
    }
    return "no error";
}

// A compact one-line form of a bound expression with the fields the analyzer must get right.
std::string sx(const Expr& e);

std::string sx_list(std::span<const ExprPtr> xs) {
    std::string out;
    for (std::size_t i = 0; i < xs.size(); ++i) {
        out += (i == 0 ? "" : ", ") + sx(*xs[i]);
    }
    return out;
}

std::string sx(const Expr& e) {
    auto written = [](const Name& w) { return w.empty() ? std::string() : ", " + w; };
    return std::visit(
        Overloaded{
            [](const AttributeReference& n) { return n.name + "#" + std::to_string(n.id); },
            [](const NamedLambdaVariable& n) {
                return "lambda " + n.name + "#" + std::to_string(n.id);
            },
            [&](const Literal& n) -> std::string {
                if (n.is_null) {
                    return "NULL";
                }
                return e.type->is(AtomicKind::String) ? "'" + n.text + "'" : n.text.str();
            },
            [](const Alias& n) {
                return sx(*n.child) + " AS " + n.name + "#" + std::to_string(n.id);
            },
            [&](const GetStructField& n) {
                return "GetStructField(" + sx(*n.child) + ", " + std::to_string(n.ordinal) +
                       written(n.name_as_written) + ")";
            },
            [&](const GetArrayStructFields& n) {
                return "GetArrayStructFields(" + sx(*n.child) + ", " + std::to_string(n.ordinal) +
                       ", " + std::to_string(n.num_fields()) + ", " +
                       (n.contains_null ? "true" : "false") + written(n.name_as_written) + ")";
            },
            [](const ElementAt& n) {
                return std::string(n.fail_on_error ? "ElementAt(" : "TryElementAt(") + sx(*n.left) +
                       ", " + sx(*n.right) + ")";
            },
            [](const CreateNamedStruct& n) {
                std::string out = "named_struct(";
                for (std::size_t i = 0; i < n.names.size(); ++i) {
                    out += (i == 0 ? "" : ", ") + n.names[i] + ", " + sx(*n.values[i]);
                }
                return out + ")";
            },
            [](const LambdaFunction& n) {
                return "lambdafunction(" + sx(*n.body) + ", " + sx_list(n.args) + ")";
            },
            [](const HigherOrderFunction& n) {
                return std::string(n.def->name) + "(" + sx_list(n.args) + ")";
            },
            [](const ScalarFunction& n) {
                const std::span<const ExprPtr> in = n.inputs();
                return std::string(n.name()) + "(" + (n.distinct ? "DISTINCT " : "") +
                       sx_list(std::vector<ExprPtr>(in.begin(), in.end())) + ")" +
                       (n.filter() != nullptr ? " FILTER " + sx(*n.filter()) : "");
            },
            [](const Cast& n) {
                return "cast(" + sx(*n.child) + " as " + catalog_string(*n.target) + ")";
            },
            [&](const auto&) { return catalyst_name(e) + "(" + sx_list(children(e)) + ")"; }},
        e.node);
}

// The select list: the Project's or the Aggregate's named expressions.
const std::vector<ExprPtr>& select_list(const Plan& plan) {
    for (const Plan* p = &plan; p != nullptr; p = plan_child(*p).get()) {
        if (const auto* project = p->as<Project>()) {
            return project->exprs;
        }
        if (const auto* aggregate = p->as<Aggregate>()) {
            return aggregate->aggregates;
        }
    }
    FAIL("no Project or Aggregate");
    throw std::logic_error("unreachable");
}

// The first select item of `sql`, which must be an Alias.
ExprPtr first_alias(const std::string& sql, const Catalog& catalog) {
    const ExprPtr e = select_list(*bind_sql(sql, catalog).plan).at(0);
    REQUIRE(e->as<Alias>() != nullptr);
    return e;
}

std::string first_item(const std::string& sql, const Catalog& catalog,
                       CaseSensitivity cs = CaseSensitivity::Insensitive) {
    return sx(*select_list(*bind_sql(sql, catalog, cs).plan).at(0));
}

// The operators from the top down: "Limit Sort Project Filter Relation".
std::string shape(const Plan& plan) {
    std::string out;
    for (const Plan* p = &plan; p != nullptr; p = plan_child(*p).get()) {
        static const char* const names[] = {
            "Relation",    "LocalRelation", "Filter",   "Project", "Aggregate",    "Sort",
            "Limit",       "Offset",        "Distinct", "Join",    "SetOperation", "Generate",
            "Repartition", "Window",        "Expand",   "Sample"};
        static_assert(std::size(names) == std::variant_size_v<Plan::Node>);
        out += (out.empty() ? "" : " ") + std::string(names[p->node.index()]);
    }
    return out;
}

} // namespace

TEST_CASE("the relation lists every column with ids in table order", "[analyzer]") {
    const BoundStatement b = bind_sql("SELECT id FROM Contacts", contacts_catalog());
    const Relation& r = plan_relation(*b.plan);
    CHECK(r.table == "Contacts"); // a single-table schema takes the name the query used
    REQUIRE(r.output.size() == 9);
    for (std::size_t i = 0; i < r.output.size(); ++i) {
        CHECK(r.output[i]->as<AttributeReference>()->id == static_cast<ExprId>(i));
    }
    CHECK(sx(*r.output[8]) == "p#8");
    CHECK(r.output[8]->as<AttributeReference>()->partition);
    CHECK_FALSE(r.output[0]->as<AttributeReference>()->partition);
    // The stored schema leaves the partition column out.
    CHECK(catalog_string(*r.schema).find(",p:int") == std::string::npos);
    CHECK(catalog_string(*r.schema).starts_with("struct<id:int,name:struct<"));
    CHECK(b.next_id == 9);
    CHECK(b.warnings.empty());
}

TEST_CASE("a qualified table name", "[analyzer]") {
    // A single-table schema is whatever the query calls it, qualified or not.
    const BoundStatement single = bind_sql("SELECT id FROM db.Contacts", contacts_catalog());
    CHECK(plan_relation(*single.plan).table == "db.Contacts");
    // A catalog's name matches part for part, with an optional `spark_catalog` first: `db.t`
    // never falls back to `t`, nor `t` to `db.t`.
    Catalog catalog = named_catalog();
    catalog.add(Table{"sales.orders", load_ddl_catalog("amount INT").find("x")->schema, {}});
    catalog.add(Table{"crm.contacts", contacts_catalog().find("x")->schema, {}});
    CHECK(plan_relation(*bind_sql("SELECT amount FROM SALES.orders", catalog).plan).table ==
          "sales.orders");
    CHECK(plan_relation(*bind_sql("SELECT amount FROM spark_catalog.sales.orders", catalog).plan)
              .table == "sales.orders");
    CHECK(plan_relation(*bind_sql("SELECT id FROM orders", catalog).plan).table == "orders");
    CHECK(plan_relation(*bind_sql("SELECT id FROM Spark_Catalog.orders", catalog).plan).table ==
          "orders");
    CHECK(error_of("SELECT id FROM crm.contact", catalog) ==
          "1:16: unknown table 'crm.contact'; did you mean 'crm.contacts'?");
    CHECK(error_of("SELECT id FROM nosuch.orders", catalog) ==
          "1:16: unknown table 'nosuch.orders'; did you mean 'orders'?");
    CHECK(error_of("SELECT amount FROM sales.orders.x", catalog) ==
          "1:20: unknown table 'sales.orders.x'; did you mean 'sales.orders'?");
    // A column may be qualified by the table's name as written, or by any end of it; with an
    // alias, by the alias only.
    for (const char* sql :
         {"SELECT contacts.id FROM crm.contacts", "SELECT crm.contacts.id FROM crm.contacts",
          "SELECT CRM.Contacts.id FROM crm.contacts", "SELECT c.id FROM crm.contacts c"}) {
        INFO(sql);
        CHECK(first_item(sql, catalog) == "id#0");
    }
    CHECK(first_item("SELECT crm.contacts.name.first FROM crm.contacts", catalog) ==
          "GetStructField(name#1, 0) AS first#9");
    CHECK(error_of("SELECT crm.contacts.id FROM crm.contacts c", catalog) ==
          "1:8: no column 'crm' in table 'crm.contacts'");
    CHECK(error_of("SELECT crm.contacts.nope FROM crm.contacts", catalog) ==
          "1:21: no column 'nope' in table 'crm.contacts'; did you mean 'name'?");
    // A star over the table, by any end of its name.
    CHECK(select_list(*bind_sql("SELECT crm.contacts.* FROM crm.contacts", catalog).plan).size() ==
          select_list(*bind_sql("SELECT * FROM contacts", catalog).plan).size());
    CHECK(select_list(
              *bind_sql("SELECT crm.contacts.* FROM spark_catalog.crm.contacts", catalog).plan)
              .size() == select_list(*bind_sql("SELECT * FROM contacts", catalog).plan).size());
}

TEST_CASE("statements of a run share their table's columns through a RelationCache", "[analyzer]") {
    const Catalog catalog = named_catalog();
    RelationCache cache;
    const auto bind_cached = [&](const std::string& sql, CaseSensitivity cs) {
        auto source = std::make_shared<const SourceFile>("q.sql", sql);
        return analyze(parse_statement(source, split_statements(*source).at(0)), catalog, source,
                       AnalyzerOptions{cs, &cache});
    };
    const std::string sql = "SELECT name.first, p FROM contacts WHERE id > 1";
    const BoundStatement first = bind_cached(sql, CaseSensitivity::Insensitive);
    const BoundStatement second = bind_cached(sql, CaseSensitivity::Insensitive);
    const BoundStatement uncached = bind_sql(sql, catalog);
    const Relation& a = plan_relation(*first.plan);
    const Relation& b = plan_relation(*second.plan);
    REQUIRE(a.output.size() == b.output.size());
    for (std::size_t i = 0; i < a.output.size(); ++i) {
        CHECK(a.output[i] == b.output[i]); // the same nodes
    }
    // And the same plan, ids included, as binding without the cache.
    CHECK(dump_bound(*first.plan) == dump_bound(*uncached.plan));
    CHECK(dump_bound(*second.plan) == dump_bound(*uncached.plan));
    CHECK(first.next_id == uncached.next_id);
    CHECK(a.schema == b.schema); // the stored schema (without p) is built once too
    CHECK(catalog_string(*a.schema) == catalog_string(*plan_relation(*uncached.plan).schema));

    // Another table, or the same one under other case rules, has columns of its own.
    const BoundStatement orders =
        bind_cached("SELECT id FROM orders", CaseSensitivity::Insensitive);
    CHECK(plan_relation(*orders.plan).output.front() != a.output.front());
    const BoundStatement exact = bind_cached(sql, CaseSensitivity::Sensitive);
    CHECK(plan_relation(*exact.plan).output.front() != a.output.front());
    CHECK(dump_bound(*exact.plan) == dump_bound(*uncached.plan));
}

TEST_CASE("names resolve to columns, fields and extractors as Spark's ExtractValue", "[analyzer]") {
    auto [sql, expected] = GENERATE(table<std::string, std::string>({
        {"SELECT id FROM contacts", "id#0"},
        {"SELECT ID FROM contacts", "id#0"}, // the schema's spelling
        {"SELECT contacts.id FROM contacts", "id#0"},
        {"SELECT CONTACTS.id FROM contacts", "id#0"},
        {"SELECT c.pets FROM contacts c", "pets#3"},
        {"SELECT p FROM contacts", "p#8"},
        {"SELECT name.first FROM contacts", "GetStructField(name#1, 0) AS first#9"},
        {"SELECT Name.First FROM contacts", "GetStructField(name#1, 0, First) AS First#9"},
        {"SELECT NAME.MiDDle FROM contacts", "GetStructField(name#1, 1, MiDDle) AS MiDDle#9"},
        {"SELECT c.name.last FROM contacts c", "GetStructField(name#1, 2) AS last#9"},
        {"SELECT contacts.name.last FROM contacts", "GetStructField(name#1, 2) AS last#9"},
        {"SELECT employer.company.name FROM contacts",
         "GetStructField(GetStructField(employer#6, 1), 0) AS name#9"},
        {"SELECT friends.first FROM contacts",
         "GetArrayStructFields(friends#4, 0, 3, true) AS first#9"},
        {"SELECT friends.MiDDle FROM contacts",
         "GetArrayStructFields(friends#4, 1, 3, true, MiDDle) AS MiDDle#9"},
        {"SELECT friends[0].first FROM contacts",
         "GetStructField(GetArrayItem(friends#4, 0), 0) AS friends[0].first#9"},
        {"SELECT friends['last'] FROM contacts",
         "GetArrayStructFields(friends#4, 2, 3, true) AS friends.last#9"},
        {"SELECT name['last'] FROM contacts", "GetStructField(name#1, 2) AS name.last#9"},
        {"SELECT relatives['brother'].middle FROM contacts",
         "GetStructField(GetMapValue(relatives#5, 'brother'), 1) AS relatives[brother].middle#9"},
        {"SELECT relatives.brother FROM contacts",
         "GetMapValue(relatives#5, 'brother') AS brother#9"},
        {"SELECT element_at(friends, 1).last FROM contacts",
         "GetStructField(ElementAt(friends#4, 1), 2) AS element_at(friends, 1).last#9"},
        {"SELECT element_at(relatives, 'x').first FROM contacts",
         "GetStructField(ElementAt(relatives#5, 'x'), 0) AS element_at(relatives, x).first#9"},
        {"SELECT map_values(relatives).middle FROM contacts",
         "GetArrayStructFields(MapValues(relatives#5), 1, 3, true) AS "
         "map_values(relatives).middle#9"},
        {"SELECT map_keys(relations).middle FROM contacts",
         "GetArrayStructFields(MapKeys(relations#7), 1, 3, true) AS map_keys(relations).middle#9"},
        {"SELECT friends[pets].first FROM contacts",
         "GetStructField(GetArrayItem(friends#4, pets#3), 0) AS friends[pets].first#9"},
        {"SELECT friends[1L].first FROM contacts",
         "GetStructField(GetArrayItem(friends#4, cast(1 as int)), 0) AS friends[1].first#9"},
    }));
    CAPTURE(sql);
    CHECK(first_item(sql, contacts_catalog()) == expected);
}

TEST_CASE("case-sensitive mode matches columns and fields exactly", "[analyzer]") {
    const Catalog mixed = load_ddl_catalog("CoL1 STRING, coL2 STRUCT<B: INT, b: STRING>");
    const auto cs = CaseSensitivity::Sensitive;
    CHECK(first_item("SELECT CoL1 FROM mixedcase", mixed, cs) == "CoL1#0");
    CHECK(first_item("SELECT coL2.B FROM mixedcase", mixed, cs) ==
          "GetStructField(coL2#1, 0) AS B#2");
    CHECK(first_item("SELECT coL2.b FROM mixedcase", mixed, cs) ==
          "GetStructField(coL2#1, 1) AS b#2");
    CHECK(error_of("SELECT col1 FROM mixedcase", mixed, cs) ==
          "1:8: no column 'col1' in table 'mixedcase'; did you mean 'CoL1'?");
    CHECK(error_of("SELECT coL2.c FROM mixedcase", mixed, cs) ==
          "1:13: no field 'c' in struct<B:int,b:string>; did you mean 'B'?");
    // Insensitively, `b` matches two fields.
    CHECK(error_of("SELECT coL2.b FROM mixedcase", mixed) ==
          "1:13: ambiguous reference to field 'b' in struct<B:int,b:string>");
    CHECK(first_item("SELECT col1 FROM mixedcase", mixed) == "CoL1#0");
    // Table names stay case-insensitive.
    CHECK(first_item("SELECT m.CoL1 FROM mixedcase M", mixed, cs) == "CoL1#0");
}

TEST_CASE("ambiguous columns are rejected", "[analyzer]") {
    const Catalog twins = load_ddl_catalog("a INT, A STRING");
    CHECK(error_of("SELECT a FROM t", twins) ==
          "1:8: ambiguous reference 'a': it could be 't.a', 't.A'");
    CHECK(first_item("SELECT A FROM t", twins, CaseSensitivity::Sensitive) == "A#1");
}

TEST_CASE("lambda variables: fresh ids, shadowing, outer variables, case", "[analyzer]") {
    const Catalog orders = orders_catalog();
    // The element variable: the array's element type; ids follow the order of appearance.
    CHECK(first_item("SELECT transform(items, x -> x.qty) FROM orders", orders) ==
          "transform(items#2, lambdafunction(GetStructField(lambda x#3, 1), lambda x#3)) AS "
          "transform(items, lambdafunction(x.qty, x))#4");
    // Lambda variables shadow columns (`id` is a column of orders).
    CHECK(first_item("SELECT transform(items, id -> id.sku) FROM orders", orders) ==
          "transform(items#2, lambdafunction(GetStructField(lambda id#3, 0), lambda id#3)) AS "
          "transform(items, lambdafunction(id.sku, id))#4");
    // An inner lambda shadows an outer variable of the same name.
    CHECK(first_item("SELECT transform(items, x -> transform(x.parts, x -> x.code)) FROM orders",
                     orders) ==
          "transform(items#2, lambdafunction(transform(GetStructField(lambda x#3, 3), "
          "lambdafunction(GetStructField(lambda x#4, 0), lambda x#4)), lambda x#3)) AS "
          "transform(items, lambdafunction(transform(x.parts, lambdafunction(x.code, x)), x))#5");
    // The outer variable stays visible in the inner lambda, by its own id.
    CHECK(first_item("SELECT transform(items, x -> transform(x.parts, p -> p.weight * x.qty)) "
                     "FROM orders",
                     orders) ==
          "transform(items#2, lambdafunction(transform(GetStructField(lambda x#3, 3), "
          "lambdafunction(Multiply(GetStructField(lambda p#4, 1), cast(GetStructField(lambda x#3, "
          "1) as double)), lambda p#4)), lambda x#3)) AS transform(items, "
          "lambdafunction(transform(x.parts, lambdafunction((p.weight * x.qty), p)), x))#5");
    // Lambda variables and their fields resolve case-insensitively.
    CHECK(first_item("SELECT transform(items, X -> x.QTY) FROM orders", orders) ==
          "transform(items#2, lambdafunction(GetStructField(lambda X#3, 1, QTY), lambda X#3)) AS "
          "transform(items, lambdafunction(X.QTY, X))#4");
    // ... but not in case-sensitive mode.
    CHECK(error_of("SELECT transform(items, X -> x.qty) FROM orders", orders,
                   CaseSensitivity::Sensitive) ==
          "1:30: no column 'x' in table 'orders'; did you mean 'X'?");
    // Unknown names inside a lambda list the lambda variables as candidates.
    CHECK(error_of("SELECT transform(items, item -> itme.qty) FROM orders", orders) ==
          "1:33: no column 'itme' in table 'orders'; did you mean 'item'?");
    CHECK(error_of("SELECT transform(items, x -> x.qyt) FROM orders", orders) ==
          "1:32: no field 'qyt' in struct<sku:string,qty:int,price:double,parts:array<struct<code:"
          "string,weight:double>>,props:map<string,struct<v:string,w:int>>>; did you mean 'qty'?");
    // Ids: lambda variables as met, each item's alias after its lambdas, then WHERE.
    const BoundStatement b = bind_sql(
        "SELECT transform(items, a -> a.sku) AS s, exists(items, b -> b.qty > 1) FROM orders "
        "WHERE forall(items, c -> c.price > 0)",
        orders);
    CHECK(sx_list(select_list(*b.plan)) ==
          "transform(items#2, lambdafunction(GetStructField(lambda a#3, 0), lambda a#3)) AS s#4, "
          "exists(items#2, lambdafunction(GreaterThan(GetStructField(lambda b#5, 1), 1), lambda "
          "b#5)) AS exists(items, lambdafunction((b.qty > 1), b))#6");
    const Filter* where = plan_child(*b.plan)->as<Filter>();
    REQUIRE(where != nullptr);
    CHECK(sx(*where->condition) ==
          "forall(items#2, lambdafunction(GreaterThan(GetStructField(lambda c#7, 2), cast(0 as "
          "double)), lambda c#7))");
    CHECK(b.next_id == 8);
}

TEST_CASE("lambda parameters get Spark's types and nullability", "[analyzer]") {
    // array<struct<a:int>> without null elements, a map whose values may not be null.
    const TypePtr element = make_struct({StructField{"a", int_type(), true, "{}"}});
    const TypePtr schema = make_struct({
        StructField{"arr", make_array(element, false), true, "{}"},
        StructField{"m", make_map(string_type(), int_type(), false), true, "{}"},
        StructField{"n", make_array(int_type(), true), true, "{}"},
    });
    const Catalog catalog = Catalog::single(schema);
    auto lambda_vars = [&](const std::string& sql) {
        const ExprPtr item = select_list(*bind_sql(sql, catalog).plan).at(0);
        std::string out;
        visit_down(item, [&](const ExprPtr& e) {
            if (const auto* f = e->as<LambdaFunction>()) {
                for (const ExprPtr& a : f->args) {
                    out += (out.empty() ? "" : ", ") + a->as<NamedLambdaVariable>()->name + ":" +
                           catalog_string(*a->type) + (a->nullable ? "?" : "");
                }
            }
            return true;
        });
        return out;
    };
    CHECK(lambda_vars("SELECT transform(arr, (x, i) -> i) FROM t") == "x:struct<a:int>, i:int");
    CHECK(lambda_vars("SELECT filter(n, x -> x > 0) FROM t") == "x:int?");
    CHECK(lambda_vars("SELECT array_sort(arr, (l, r) -> l.a - r.a) FROM t") ==
          "l:struct<a:int>, r:struct<a:int>");
    CHECK(lambda_vars("SELECT zip_with(arr, n, (x, y) -> y) FROM t") == "x:struct<a:int>?, y:int?");
    CHECK(lambda_vars("SELECT transform_values(m, (k, v) -> v + 1) FROM t") == "k:string, v:int");
    CHECK(lambda_vars("SELECT map_filter(m, (k, v) -> v > 1) FROM t") == "k:string, v:int");
    CHECK(lambda_vars("SELECT map_zip_with(m, m, (k, v1, v2) -> v1) FROM t") ==
          "k:string, v1:int?, v2:int?");
    CHECK(lambda_vars("SELECT aggregate(n, 0, (acc, x) -> acc + x, acc -> acc * 2) FROM t") ==
          "acc:int?, x:int?, acc:int?");
    CHECK(lambda_vars("SELECT reduce(arr, 0L, (acc, x) -> acc + x.a) FROM t") ==
          "acc:bigint?, x:struct<a:int>");
}

TEST_CASE("higher-order function arity, lambdas and body types are checked", "[analyzer]") {
    const Catalog orders = orders_catalog();
    auto [sql, expected] = GENERATE(table<std::string, std::string>({
        {"SELECT transform(items, (a, b, c) -> a) FROM orders",
         "1:25: the lambda of 'transform' takes 1 or 2 parameters, got 3"},
        {"SELECT array_sort(items, x -> 1) FROM orders",
         "1:26: the comparator of 'array_sort' takes 2 parameters, got 1"},
        {"SELECT transform(items) FROM orders",
         "1:8: function 'transform' takes 2 arguments, got 1"},
        {"SELECT aggregate(items, 0) FROM orders",
         "1:8: function 'aggregate' takes 3 or 4 arguments, got 2"},
        {"SELECT transform(items, 1) FROM orders",
         "1:25: argument 2 of 'transform' must be a lambda function"},
        {"SELECT transform(x -> x, items) FROM orders",
         "1:18: a lambda is not allowed here: argument 1 of 'transform' is not a function"},
        {"SELECT upper(x -> x) FROM orders",
         "1:14: a lambda is not allowed here: 'upper' is not a higher-order function"},
        {"SELECT transfrom(items, x -> x) FROM orders",
         "1:8: unknown function 'transfrom': only a higher-order function takes a lambda; "
         "did you mean 'transform'?"},
        {"SELECT customer.name, collation(id) FROM orders GROUP BY customer.name",
         "1:33: expression 'id' is neither in GROUP BY nor an aggregate; Spark built-in "
         "'collation' is not supported (needs collated string types, which the type system does "
         "not model; docs/FUNCTIONS.md), treated as a scalar user-defined function"},
        {"SELECT collate(customer.name, 'UTF8_LCASE').a FROM orders",
         "1:45: cannot access a field of the result of user-defined function 'collate': Spark "
         "built-in 'collate' is not supported (needs collated string types, which the type "
         "system does not model; docs/FUNCTIONS.md)"},
        {"SELECT transform(customer, x -> x) FROM orders",
         "1:18: argument 1 of 'transform' must be an array, got struct<id:bigint,name:string,"
         "address:struct<city:string,zip:string>>"},
        {"SELECT transform_values(items, (k, v) -> v) FROM orders",
         "1:25: argument 1 of 'transform_values' must be a map, got array<struct<sku:string,qty:"
         "int,price:double,parts:array<struct<code:string,weight:double>>,props:map<string,struct<"
         "v:string,w:int>>>>"},
        {"SELECT exists(items, x -> x.qty) FROM orders",
         "1:27: the lambda of 'exists' must return boolean, got int"},
        {"SELECT filter(items, x -> x.sku) FROM orders",
         "1:27: the lambda of 'filter' must return boolean, got string"},
        {"SELECT array_sort(items, (l, r) -> l.price - r.price) FROM orders",
         "1:36: the comparator of 'array_sort' must return int, got double"},
        {"SELECT aggregate(items, 0, (acc, x) -> acc + x.price) FROM orders",
         "1:40: the merge lambda of 'aggregate' must return int (the type of the start value), got "
         "double"},
        {"SELECT transform(items, (x, x) -> x) FROM orders",
         "1:29: duplicate lambda parameter 'x'"},
        {"SELECT transform(items, x -> count(x.qty)) FROM orders",
         "1:30: aggregate function 'count' is not allowed inside a lambda"},
        {"SELECT transform(DISTINCT items, x -> x) FROM orders",
         "1:8: DISTINCT is only allowed in aggregate functions, not in 'transform'"},
    }));
    CAPTURE(sql);
    CHECK(error_of(sql, orders) == expected);
}

TEST_CASE("higher-order functions bind their table rows", "[analyzer]") {
    const Catalog orders = orders_catalog();
    CHECK(first_item("SELECT array_sort(items.parts[0]) FROM orders", orders) ==
          "array_sort(GetArrayItem(GetArrayStructFields(items#2, 3, 5, true), 0)) AS "
          "array_sort(items.parts[0])#3");
    // Without a comparator the elements must be orderable (Spark's ArraySort): an item holds
    // a map (props).
    CHECK(error_of("SELECT array_sort(items) FROM orders", orders) ==
          "1:19: function 'array_sort' cannot sort elements of type "
          "struct<sku:string,qty:int,price:double,parts:array<struct<code:string,weight:double>>,"
          "props:map<string,struct<v:string,w:int>>> without a comparator");
    CHECK(first_item("SELECT aggregate(items, CAST(0 AS DOUBLE), (acc, x) -> acc + x.price) "
                     "FROM orders",
                     orders) ==
          "aggregate(items#2, cast(0 as double), lambdafunction(Add(lambda acc#3, "
          "GetStructField(lambda x#4, 2)), lambda acc#3, lambda x#4)) AS aggregate(items, CAST(0 "
          "AS DOUBLE), lambdafunction((acc + x.price), acc, x))#5");
    CHECK(
        first_item("SELECT transform_values(items[0].props, (k, v) -> v.w) FROM orders", orders) ==
        "transform_values(GetStructField(GetArrayItem(items#2, 0), 4), "
        "lambdafunction(GetStructField(lambda v#4, 1), lambda k#3, lambda v#4)) AS "
        "transform_values(items[0].props, lambdafunction(v.w, k, v))#5");
}

TEST_CASE("field access and subscript errors point at the offending text", "[analyzer]") {
    const Catalog contacts = contacts_catalog();
    auto [sql, expected] = GENERATE(table<std::string, std::string>({
        {"SELECT nmae FROM contacts",
         "1:8: no column 'nmae' in table 'contacts'; did you mean 'name'?"},
        {"SELECT c.nmae FROM contacts c",
         "1:10: no column 'nmae' in table 'contacts'; did you mean 'name'?"},
        {"SELECT zzz FROM contacts", "1:8: no column 'zzz' in table 'contacts'"},
        {"SELECT name.frist FROM contacts",
         "1:13: no field 'frist' in struct<first:string,middle:string,last:string>; did you mean "
         "'first'?"},
        {"SELECT friends.lsat FROM contacts",
         "1:16: no field 'lsat' in struct<first:string,middle:string,last:string>; did you mean "
         "'last'?"},
        {"SELECT id.x FROM contacts", "1:11: cannot access field 'x' of int"},
        {"SELECT relations.x FROM contacts",
         "1:18: cannot access field 'x' of map<struct<first:string,middle:string,last:string>,"
         "string>; look a key up with m[key]"},
        {"SELECT name[0] FROM contacts",
         "1:8: cannot subscript 'name' of type struct<first:string,middle:string,last:string>"},
        {"SELECT id[0] FROM contacts", "1:8: cannot subscript 'id' of type int"},
        {"SELECT friends['x'] FROM contacts",
         "1:16: no field 'x' in struct<first:string,middle:string,last:string>"},
        {"SELECT friends[name] FROM contacts",
         "1:16: array index must be an integer, got struct<first:string,middle:string,last:"
         "string>"},
        {"SELECT friends[1.5] FROM contacts",
         "1:16: array index must be an integer, got decimal(2,1)"},
        {"SELECT relatives[1] FROM contacts", "1:18: map key must be string, got int"},
        {"SELECT element_at(id, 1) FROM contacts",
         "1:19: function 'element_at' expects an array or a map as argument 1, got int"},
        {"SELECT map_keys(friends) FROM contacts",
         "1:17: function 'map_keys' expects a map, got array<struct<first:string,middle:string,"
         "last:string>>"},
        {"SELECT my_udf(name).first FROM contacts",
         "1:21: cannot access a field of the result of user-defined function 'my_udf'"},
        {"SELECT my_udf(name)[0] FROM contacts",
         "1:8: cannot subscript the result of user-defined function 'my_udf'"},
        {"SELECT x.* FROM contacts c",
         "1:8: cannot expand 'x.*': 'x' is neither a table nor a column of table "
         "'contacts'; did you mean 'c'?"},
        {"SELECT id FROM contacts WHERE upper(*) = 'A'",
         "1:37: '*' is only allowed in the select list or in count(*)"},
    }));
    CAPTURE(sql);
    CHECK(error_of(sql, contacts) == expected);
}

TEST_CASE("unknown tables are rejected with a suggestion", "[analyzer]") {
    CHECK(error_of("SELECT id FROM contacs", named_catalog()) ==
          "1:16: unknown table 'contacs'; did you mean 'contacts'?");
    CHECK(error_of("SELECT id FROM nothing_like_it", named_catalog()) ==
          "1:16: unknown table 'nothing_like_it'");
    const BoundStatement b = bind_sql("SELECT o.id FROM ORDERS o", named_catalog());
    CHECK(plan_relation(*b.plan).table == "orders");
    // With an alias, only the alias qualifies.
    CHECK(error_of("SELECT orders.id FROM orders o", named_catalog()) ==
          "1:8: no column 'orders' in table 'orders'");
}

TEST_CASE("struct() names its fields as Spark's CreateStruct", "[analyzer]") {
    CHECK(first_item("SELECT struct(id, name.first, c.pets, friends[0], relatives['b'], id + 1) "
                     "FROM contacts c",
                     contacts_catalog()) ==
          "named_struct(id, id#0, first, GetStructField(name#1, 0), pets, pets#3, col4, "
          "GetArrayItem(friends#4, 0), b, GetMapValue(relatives#5, 'b'), col6, Add(id#0, 1)) AS "
          "struct(id, name.first, pets, friends[0], relatives[b], (id + 1))#9");
    CHECK(
        first_item("SELECT transform(friends, f -> struct(f.last, f)) FROM contacts",
                   contacts_catalog()) ==
        "transform(friends#4, lambdafunction(named_struct(last, GetStructField(lambda f#9, 2), f, "
        "lambda f#9), lambda f#9)) AS transform(friends, lambdafunction(struct(f.last, f), f))#10");
    CHECK(first_item("SELECT named_struct('a', id, 'B', name.first) FROM contacts",
                     contacts_catalog()) ==
          "named_struct(a, id#0, B, GetStructField(name#1, 0)) AS named_struct(a, id, B, "
          "name.first)#9");
    CHECK(error_of("SELECT named_struct(id, 1) FROM contacts", contacts_catalog()) ==
          "1:21: the field names of 'named_struct' must be string literals");
    CHECK(error_of("SELECT named_struct('a') FROM contacts", contacts_catalog()) ==
          "1:8: function 'named_struct' takes name and value pairs, got 1 argument");
}

TEST_CASE("SELECT * expands to every column, partition columns included", "[analyzer]") {
    const BoundStatement b = bind_sql("SELECT *, c.id FROM contacts c", contacts_catalog());
    CHECK(sx_list(select_list(*b.plan)) ==
          "id#0, name#1, address#2, pets#3, friends#4, relatives#5, employer#6, relations#7, p#8, "
          "id#0");
    CHECK(sx_list(select_list(*bind_sql("SELECT c.* FROM contacts c", contacts_catalog()).plan)) ==
          "id#0, name#1, address#2, pets#3, friends#4, relatives#5, employer#6, relations#7, p#8");
}

TEST_CASE("s.* expands a struct as Spark's UnresolvedStar.expand: the table first", "[analyzer]") {
    // One Alias(GetStructField(s, i), field name) per field, named as the schema spells it.
    CHECK(sx_list(select_list(
              *bind_sql("SELECT NAME.*, c.employer.*, id FROM contacts c", contacts_catalog())
                   .plan)) ==
          "GetStructField(name#1, 0) AS first#9, GetStructField(name#1, 1) AS middle#10, "
          "GetStructField(name#1, 2) AS last#11, GetStructField(employer#6, 0) AS id#12, "
          "GetStructField(employer#6, 1) AS company#13, id#0");
    CHECK(first_item("SELECT employer.company.* FROM contacts", contacts_catalog()) ==
          "GetStructField(GetStructField(employer#6, 1), 0) AS name#9");
    // A qualifier that names the table is the table, even beside a column of that name.
    CHECK(
        sx_list(select_list(*bind_sql("SELECT name.* FROM contacts name", contacts_catalog()).plan))
            .starts_with("id#0, name#1, address#2"));
    CHECK(first_item("SELECT struct(name.*) FROM contacts", contacts_catalog()) ==
          "named_struct(first, GetStructField(name#1, 0), middle, GetStructField(name#1, 1), "
          "last, GetStructField(name#1, 2)) AS struct(name.first, name.middle, name.last)#12");
}

TEST_CASE("only a struct can be star-expanded", "[analyzer]") {
    auto [sql, expected] = GENERATE(table<std::string, std::string>({
        {"SELECT friends.* FROM contacts",
         "1:8: cannot expand 'friends.*': only a struct can be expanded, 'friends' is "
         "array<struct<first:string,middle:string,last:string>>"},
        {"SELECT id, c.pets.* FROM contacts c",
         "1:12: cannot expand 'c.pets.*': only a struct can be expanded, 'c.pets' is int"},
        {"SELECT name.nope.* FROM contacts",
         "1:13: no field 'nope' in struct<first:string,middle:string,last:string>"},
        {"SELECT nmae.* FROM contacts",
         "1:8: cannot expand 'nmae.*': 'nmae' is neither a table nor a column of table "
         "'contacts'; did you mean 'name'?"},
        {"SELECT count(name.*) FROM contacts", "1:14: 'name.*' is not allowed in count"},
    }));
    CAPTURE(sql);
    CHECK(error_of(sql, contacts_catalog()) == expected);
}

TEST_CASE("select items are named as Spark names them", "[analyzer]") {
    auto [item, name] = GENERATE(table<std::string, std::string>({
        {"id + 1", "(id + 1)"},
        {"id AS x", "x"},
        // If.sql; its toString (plans) is `if (p) a else b`.
        {"if(id > 1, 'a', 'b')", "(IF((id > 1), a, b))"},
        {"name.first AS `a b`", "a b"},
        {"Name.First", "First"},
        {"CAST(id AS STRING)", "id"},
        {"CAST(name.first AS INT)", "CAST(name.first AS INT)"},
        {"CAST(friends AS ARRAY<STRUCT<a: STRING, b: STRING, c: STRING>>)", "friends"},
        // `e::t` is Spark's Cast, named as CAST names it.
        {"id::string", "id"},
        {"name.first::int", "CAST(name.first AS INT)"},
        {"(id + 1)::string", "CAST((id + 1) AS STRING)"},
        {"id::bigint::string", "CAST(CAST(id AS BIGINT) AS STRING)"},
        // Spark's `-1` is one literal and `::` its postfix; a column's minus applies last.
        {"-1::string", "CAST(-1 AS STRING)"},
        {"-1::int::string", "CAST(CAST(-1 AS INT) AS STRING)"},
        {"-id::bigint", "(- CAST(id AS BIGINT))"},
        // Blanks and comments may stand between the sign and the digits; a parenthesis makes
        // it a negation of the literal (UnaryMinus), whose `::` applies first.
        {"- 1", "-1"},
        {"- /* ( */ 1.5", "-1.5"},
        {"-(1)", "(- 1)"},
        {"-(-(1))", "(- (- 1))"},
        {"-(1)::int", "(- CAST(1 AS INT))"},
        // Spark 4's TRY_CAST is a Cast too: ResolveAliases keeps a column's name.
        {"try_cast(id AS string)", "id"},
        {"TRY_CAST(name.first AS INT)", "TRY_CAST(name.first AS INT)"},
        {"try_cast(id + 1 AS string)", "TRY_CAST((id + 1) AS STRING)"},
        // Spark's DataType.sql upper-cases the type and backquotes a field name that is not a
        // plain identifier.
        {"CAST(friends AS ARRAY<STRUCT<a: STRING, `b c`: STRING, c: STRING>>) IS NULL",
         "(CAST(friends AS ARRAY<STRUCT<a: STRING, `b c`: STRING, c: STRING>>) IS NULL)"},
        {"size(friends)", "size(friends)"},
        {"count(*)", "count(1)"},
        {"count(DISTINCT id)", "count(DISTINCT id)"},
        {"count(*) FILTER (WHERE id > 1)", "count(1) FILTER (WHERE (id > 1))"},
        {"count(DISTINCT id) FILTER (WHERE name IS NULL)",
         "count(DISTINCT id) FILTER (WHERE (name IS NULL))"},
        {"1", "1"},
        {"1L", "1"},
        {"'abc'", "abc"},
        {"X'0A0B'", "X'0A0B'"},
        {"TIMESTAMP_NTZ '2024-01-31 10:00:00'", "TIMESTAMP_NTZ '2024-01-31 10:00:00'"},
        {"TIMESTAMP_LTZ '2024-01-31 10:00:00'", "TIMESTAMP '2024-01-31 10:00:00'"},
        // Spark's Literal.sql of the parsed value, not the text as written.
        {"DATE '2020-1-2'", "DATE '2020-01-02'"},
        {"DATE '999999-3-18'", "DATE '+999999-03-18'"},
        {"TIMESTAMP '2020-01-01'", "TIMESTAMP '2020-01-01 00:00:00'"},
        {"TIMESTAMP '2020-01-01T10:00:00.50+02:00'", "TIMESTAMP '2020-01-01 08:00:00.5'"},
        {"TIMESTAMP_NTZ '2020-01-01 10:00:00+02:00'", "TIMESTAMP_NTZ '2020-01-01 10:00:00'"},
        // A typed INTERVAL literal is a CALENDAR INTERVAL, named by CalendarInterval.toString.
        {"INTERVAL '1 day 2 hours'", "INTERVAL '1 days 2 hours'"},
        {"INTERVAL '-1 week 1.5 seconds'", "INTERVAL '-7 days 1.5 seconds'"},
        {"r'a\\b'", "a\\b"},
        {"NULL", "NULL"},
        {"true", "true"},
        {"-1.50", "-1.50"},
        {"1e3", "1000.0"},
        {"id = 1 AND NOT pets > 2", "((id = 1) AND (NOT (pets > 2)))"},
        {"id <> 1", "(NOT (id = 1))"},
        {"+id", "(+ id)"},
        {"~id", "~id"},
        {"address || 'x'", "concat(address, x)"},
        {"address LIKE 'a%'", "address LIKE a%"},
        // Spark's Like.sql leaves the ESCAPE out.
        {"address LIKE 'a!%' ESCAPE '!'", "address LIKE a!%"},
        {"address RLIKE 'a.*'", "RLIKE(address, a.*)"},            // RLike.sql
        {"address ILIKE 'a!%' ESCAPE '!'", "ilike(address, a!%)"}, // ILike.sql: two children
        {"address LIKE ANY ('a%', 'b%')", "likeany(address)"},     // patterns are no children
        {"address NOT ILIKE ALL ('A%')", "notlikeall(lower(address))"},
        {"id IS DISTINCT FROM pets", "(NOT (id <=> pets))"},
        {"id IS NOT DISTINCT FROM pets", "(id <=> pets)"},
        {"address IS NULL", "(address IS NULL)"},
        {"id IN (1, 2)", "(id IN (1, 2))"},
        {"CASE WHEN id > 1 THEN 'a' ELSE 'b' END", "CASE WHEN (id > 1) THEN a ELSE b END"},
        {"CASE WHEN id > 1 THEN 1 WHEN pets > 2 THEN 2 END",
         "CASE WHEN (id > 1) THEN 1 WHEN (pets > 2) THEN 2 END"},
        {"friends[0]", "friends[0]"},
        {"try_element_at(friends, 1)", "try_element_at(friends, 1)"},
        // A field of an array of structs keeps the name as written.
        {"size(friends.FIRST)", "size(friends.FIRST)"},
        {"transform(friends, f -> f.first)", "transform(friends, lambdafunction(f.first, f))"},
        {"my_udf(id)", "my_udf(id)"},
    }));
    CAPTURE(item);
    const ExprPtr e =
        select_list(*bind_sql("SELECT " + item + " FROM contacts", contacts_catalog()).plan).at(0);
    REQUIRE(e->as<Alias>() != nullptr);
    CHECK(e->as<Alias>()->name == name);
}

TEST_CASE("literals are typed as Spark types them", "[analyzer]") {
    auto [text, type, value] = GENERATE(table<std::string, std::string, std::string>({
        {"1", "int", "1"},
        {"007", "int", "7"},
        {"2147483647", "int", "2147483647"},
        {"-2147483648", "int", "-2147483648"},
        {"2147483648", "bigint", "2147483648"},
        {"9223372036854775807", "bigint", "9223372036854775807"},
        {"9223372036854775808", "decimal(19,0)", "9223372036854775808"},
        {"1L", "bigint", "1"},
        {"1S", "smallint", "1"},
        {"1Y", "tinyint", "1"},
        {"10BD", "decimal(2,0)", "10"},
        {"1.5", "decimal(2,1)", "1.5"},
        {"1.50", "decimal(3,2)", "1.50"},
        {"0.05", "decimal(2,2)", "0.05"},
        {"-0.5", "decimal(1,1)", "-0.5"},
        {"1e3", "double", "1000.0"},
        {"1.5D", "double", "1.5"},
        {"1e10", "double", "1.0E10"},
        {"0.0001D", "double", "1.0E-4"},
        {"1.5F", "float", "1.5"},
        {"'it''s'", "string", "it's"},
        {"X'0a1B'", "binary", "0x0A1B"},
        {"DATE '2024-01-31'", "date", "2024-01-31"},
        {"TIMESTAMP '2024-01-31 10:00:00'", "timestamp", "2024-01-31 10:00:00"},
        {"TIMESTAMP_LTZ '2024-01-31 10:00:00'", "timestamp", "2024-01-31 10:00:00"},
        {"TIMESTAMP_NTZ '2024-01-31 10:00:00'", "timestamp_ntz", "2024-01-31 10:00:00"},
        {"DATE '2020-1-2'", "date", "2020-01-02"},
        {"DATE ' 2020-01-02T23:59:59 '", "date", "2020-01-02"},
        {"DATE 'epoch'", "date", "1970-01-01"},
        {"TIMESTAMP '2020-01-01'", "timestamp", "2020-01-01 00:00:00"},
        {"TIMESTAMP '2020-01-01 10:11:12.123456789Z'", "timestamp", "2020-01-01 10:11:12.123456"},
        {"TIMESTAMP_LTZ '2020-01-01 01:00:00 UTC+2'", "timestamp", "2019-12-31 23:00:00"},
        {"TIMESTAMP_NTZ '2020-01-01 10:11:12.50 -08:00'", "timestamp_ntz", "2020-01-01 10:11:12.5"},
        {"r'a\\tb'", "string", "a\\tb"},
        {"INTERVAL '3' DAY", "interval day", "INTERVAL '3' DAY"},
        {"true", "boolean", "true"},
        {"NULL", "void", "null"},
    }));
    CAPTURE(text);
    const ExprPtr e =
        select_list(*bind_sql("SELECT " + text + " AS v FROM contacts", contacts_catalog()).plan)
            .at(0);
    const Expr& lit = *e->as<Alias>()->child;
    REQUIRE(lit.as<Literal>() != nullptr);
    CHECK(catalog_string(*lit.type) == type);
    CHECK(lit.as<Literal>()->text == value);
}

TEST_CASE("literal range errors", "[analyzer]") {
    const Catalog c = contacts_catalog();
    CHECK(error_of("SELECT 128Y FROM t", c) ==
          "1:8: integer literal '128' is out of range for tinyint");
    CHECK(error_of("SELECT 9223372036854775808L FROM t", c) ==
          "1:8: integer literal '9223372036854775808' is out of range for bigint");
    CHECK(error_of("SELECT 123456789012345678901234567890123456789 FROM t", c) ==
          "1:8: integer literal '123456789012345678901234567890123456789' is out of range for "
          "decimal(38,0)");
    CHECK(first_item("SELECT -128Y AS v FROM t", c) == "-128 AS v#9");
}

TEST_CASE("typed date/time literals are checked where they are written", "[analyzer]") {
    const Catalog c = contacts_catalog();
    CHECK(error_of("SELECT DATE 'garbage' FROM t", c) ==
          "1:8: the value of the typed literal DATE is invalid: 'garbage'");
    CHECK(error_of("SELECT id FROM t WHERE id > 1 AND\n  DATE '2021-02-29' IS NULL", c) ==
          "2:3: the value of the typed literal DATE is invalid: '2021-02-29'");
    CHECK(error_of("SELECT TIMESTAMP_LTZ '2020-01-01 10:11Z' FROM t", c) ==
          "1:8: the value of the typed literal TIMESTAMP is invalid: '2020-01-01 10:11Z'");
    CHECK(error_of("SELECT timestamp_ntz '10:11:12' FROM t", c) ==
          "1:8: the value of the typed literal TIMESTAMP_NTZ is invalid: '10:11:12'");
    CHECK(error_of("SELECT TIMESTAMP '10:11:12' FROM t", c) ==
          "1:8: TIMESTAMP '10:11:12' has no date; Spark puts a time alone on the current date, "
          "so the plan would depend on the day: write the date");
    CHECK(error_of("SELECT DATE 'today' FROM t", c) ==
          "1:8: DATE 'today' reads the clock, so the plan would depend on the day: write the "
          "date");
    CHECK(error_of("SELECT TIMESTAMP '2020-01-01 00:00:00 America/Los_Angeles' FROM t", c) ==
          "1:8: the time zone in TIMESTAMP '2020-01-01 00:00:00 America/Los_Angeles' is "
          "region-based, which needs a time-zone database that prune-plan does not have: write "
          "an offset such as '+01:00'");
}

TEST_CASE("operators bind to Catalyst's expressions with Spark's coercion", "[analyzer]") {
    auto [item, expected] = GENERATE(table<std::string, std::string>({
        {"id <> pets", "Not(EqualTo(id#0, pets#3))"},
        {"id != pets", "Not(EqualTo(id#0, pets#3))"},
        {"address || 'x'", "concat(address#2, 'x')"},
        {"address IS NULL", "IsNull(address#2)"},
        {"name IS NOT NULL", "IsNotNull(name#1)"},
        {"id > 1 IS TRUE", "EqualNullSafe(GreaterThan(id#0, 1), true)"},
        {"id > 1 IS NOT FALSE", "Not(EqualNullSafe(GreaterThan(id#0, 1), false))"},
        {"id IS DISTINCT FROM pets", "Not(EqualNullSafe(id#0, pets#3))"},
        {"id IS NOT DISTINCT FROM 1L", "EqualNullSafe(cast(id#0 as bigint), 1)"},
        {"name.first IS DISTINCT FROM address",
         "Not(EqualNullSafe(GetStructField(name#1, 0), address#2))"},
        {"id BETWEEN 1 AND 3", "And(GreaterThanOrEqual(id#0, 1), LessThanOrEqual(id#0, 3))"},
        {"id NOT BETWEEN 1 AND 3",
         "Not(And(GreaterThanOrEqual(id#0, 1), LessThanOrEqual(id#0, 3)))"},
        {"address LIKE 'a%'", "like(address#2, 'a%')"},
        {"address NOT RLIKE 'a.*'", "Not(rlike(address#2, 'a.*'))"},
        {"address NOT ILIKE 'A%'", "Not(ilike(address#2, 'A%'))"},
        {"address ILIKE SOME ('A%', 'b')", "likeany(lower(address#2), 'a%', 'b')"},
        {"address LIKE ALL ('a%', address)",
         "And(like(address#2, 'a%'), like(address#2, address#2))"},
        // Spark: Like(left, right, escapeChar); ESCAPE '\\' is the default escape.
        {"address LIKE 'a!%' ESCAPE '!'", "like(address#2, 'a!%', '!')"},
        {"address NOT LIKE 'a\\%' ESCAPE '\\\\'", "Not(like(address#2, 'a\\%'))"},
        {"address LIKE 'a' ESCAPE 'é'", "like(address#2, 'a', 'é')"},
        {"id IN (1, 2L)", "In(cast(id#0 as bigint), cast(1 as bigint), 2)"},
        {"id NOT IN (1)", "Not(In(id#0, 1))"},
        {"CASE id WHEN 1 THEN 'a' WHEN 2 THEN 'b' END",
         "CaseWhen(EqualTo(id#0, 1), 'a', EqualTo(id#0, 2), 'b')"},
        {"CASE WHEN id > 1 THEN 1 ELSE 2L END",
         "CaseWhen(GreaterThan(id#0, 1), cast(1 as bigint), 2)"},
        {"CAST(id AS BIGINT)", "cast(id#0 as bigint)"},
        {"-id", "UnaryMinus(id#0)"},
        {"NOT id > 1", "Not(GreaterThan(id#0, 1))"},
        {"count(*)", "count(1)"},
        {"count(DISTINCT id)", "count(DISTINCT id#0)"},
        // Spark: AggregateExpression(Count(1), filter = Some(GreaterThan(id, 1))).
        {"count(*) FILTER (WHERE id > 1)", "count(1) FILTER GreaterThan(id#0, 1)"},
        {"sum(pets) FILTER (WHERE name.first = 'x')",
         "sum(pets#3) FILTER EqualTo(GetStructField(name#1, 0), 'x')"},
        {"count(*) FILTER (WHERE NULL)", "count(1) FILTER cast(NULL as boolean)"},
        {"element_at(friends, 1L)", "ElementAt(friends#4, cast(1 as int))"},
    }));
    CAPTURE(item);
    const ExprPtr e =
        select_list(*bind_sql("SELECT " + item + " AS v FROM contacts", contacts_catalog()).plan)
            .at(0);
    CHECK(sx(*e->as<Alias>()->child) == expected);
}

TEST_CASE("date and timestamp arithmetic binds as Spark's BinaryArithmeticWithDatetimeResolver",
          "[analyzer]") {
    const Catalog c = load_ddl_catalog("d DATE, ts TIMESTAMP, nt TIMESTAMP_NTZ, n INT");
    auto [item, bound, name, type] =
        GENERATE(table<std::string, std::string, std::string, std::string>({
            // A date and days, either side of `+`.
            {"d + n", "date_add(d#0, n#3)", "date_add(d, n)", "date"},
            {"1 + d", "date_add(d#0, 1)", "date_add(d, 1)", "date"},
            {"d - 1", "date_sub(d#0, 1)", "date_sub(d, 1)", "date"},
            // A date and whole days of an interval: DateAdd of ExtractANSIIntervalDays.
            {"d + INTERVAL 1 DAY", "date_add(d#0, extractansiintervaldays(INTERVAL '1' DAY))",
             "date_add(d, extractansiintervaldays(INTERVAL '1' DAY))", "date"},
            {"INTERVAL '2' DAYS + d", "date_add(d#0, extractansiintervaldays(INTERVAL '2' DAY))",
             "date_add(d, extractansiintervaldays(INTERVAL '2' DAY))", "date"},
            {"d - INTERVAL 7 DAY",
             "date_add(d#0, UnaryMinus(extractansiintervaldays(INTERVAL '7' DAY)))",
             "date_add(d, (- extractansiintervaldays(INTERVAL '7' DAY)))", "date"},
            // A date and a finer day-time interval: a timestamp.
            {"d + INTERVAL 90 MINUTES", "timeadd(cast(d#0 as timestamp), INTERVAL '90' MINUTE)",
             "d + INTERVAL '90' MINUTE", "timestamp"},
            {"d - INTERVAL 3 HOURS",
             "datetimesub(d#0, INTERVAL '03' HOUR, timeadd(cast(d#0 as timestamp), "
             "UnaryMinus(INTERVAL '03' HOUR)))",
             "d - INTERVAL '03' HOUR", "timestamp"},
            // Months and years.
            {"d + INTERVAL 1 MONTH", "dateaddyminterval(d#0, INTERVAL '1' MONTH)",
             "d + INTERVAL '1' MONTH", "date"},
            {"d - INTERVAL 1 YEAR",
             "datetimesub(d#0, INTERVAL '1' YEAR, dateaddyminterval(d#0, UnaryMinus(INTERVAL '1' "
             "YEAR)))",
             "d - INTERVAL '1' YEAR", "date"},
            {"INTERVAL 2 MONTHS + ts", "timestampaddyminterval(ts#1, INTERVAL '2' MONTH)",
             "ts + INTERVAL '2' MONTH", "timestamp"},
            {"nt - INTERVAL 1 MONTH",
             "datetimesub(nt#2, INTERVAL '1' MONTH, timestampaddyminterval(nt#2, "
             "UnaryMinus(INTERVAL '1' MONTH)))",
             "nt - INTERVAL '1' MONTH", "timestamp_ntz"},
            // A timestamp and a day-time interval: TimeAdd, whatever the interval's fields.
            {"ts + INTERVAL 1 DAY", "timeadd(ts#1, INTERVAL '1' DAY)", "ts + INTERVAL '1' DAY",
             "timestamp"},
            {"INTERVAL 30 SECONDS + nt", "timeadd(nt#2, INTERVAL '30' SECOND)",
             "nt + INTERVAL '30' SECOND", "timestamp_ntz"},
            {"ts - INTERVAL '1' DAY",
             "datetimesub(ts#1, INTERVAL '1' DAY, timeadd(ts#1, UnaryMinus(INTERVAL '1' DAY)))",
             "ts - INTERVAL '1' DAY", "timestamp"},
        }));
    CAPTURE(item);
    const ExprPtr e = first_alias("SELECT " + item + " FROM t", c);
    const auto* alias = e->as<Alias>();
    CHECK(sx(*alias->child) == bound);
    CHECK(alias->name.str() == name);
    CHECK(catalog_string(*alias->child->type) == type);
}

TEST_CASE("EXTRACT and date_part name the column as written and compute the field's function",
          "[analyzer]") {
    const Catalog c = load_ddl_catalog("d DATE, ts TIMESTAMP, s STRING");
    auto [item, bound, name] = GENERATE(table<std::string, std::string, std::string>({
        {"extract(YEAR FROM d)", "extract('YEAR', d#0, year(d#0))", "extract(YEAR FROM d)"},
        {"EXTRACT(month from ts)", "extract('month', ts#1, month(cast(ts#1 as date)))",
         "extract(month FROM ts)"},
        // The function form is the same function and the same name.
        {"extract('DOY', d)", "extract('DOY', d#0, dayofyear(d#0))", "extract(DOY FROM d)"},
        {"extract(DOW_ISO FROM d)", "extract('DOW_ISO', d#0, Add(weekday(d#0), 1))",
         "extract(DOW_ISO FROM d)"},
        {"date_part('hour', ts)", "date_part('hour', ts#1, hour(ts#1))", "date_part(hour, ts)"},
        {"datepart('S', ts)", "datepart('S', ts#1, secondwithfraction(ts#1))", "datepart(S, ts)"},
        {"date_part('d', s)", "date_part('d', s#2, dayofmonth(cast(s#2 as date)))",
         "date_part(d, s)"},
    }));
    CAPTURE(item);
    const ExprPtr e = first_alias("SELECT " + item + " FROM t", c);
    const auto* alias = e->as<Alias>();
    CHECK(sx(*alias->child) == bound);
    CHECK(alias->name.str() == name);
}

TEST_CASE("left( and right( are Spark's functions, although the words are reserved", "[analyzer]") {
    const Catalog c = load_ddl_catalog("s STRING, n INT, st STRUCT<a: INT>");
    const BoundStatement b =
        bind_sql("SELECT left(s, 2), RIGHT (s, n) AS r FROM t WHERE left(s, 1) = 'a'", c);
    const std::vector<ExprPtr> items = select_list(*b.plan);
    CHECK(items.at(0)->as<Alias>()->name.str() == "left(s, 2)");
    CHECK(sx(*items.at(0)->as<Alias>()->child) == "left(s#0, 2, substring(s#0, 1, 2))");
    CHECK(sx(*items.at(1)->as<Alias>()->child) ==
          "right(s#0, n#1, if(IsNull(s#0), NULL, if(LessThanOrEqual(n#1, 0), '', "
          "substring(s#0, UnaryMinus(n#1), n#1))))");
    CHECK(error_of("SELECT left(st, 1) FROM t", c) ==
          "1:13: function 'left' expects a string or binary value, got struct<a:int>");
    CHECK(error_of("SELECT right(s) FROM t", c) ==
          "1:8: function 'right' takes 2 arguments, got 1");
    // A join now: `s` names a column of both sides.
    CHECK(error_of("SELECT s FROM t LEFT JOIN u", c) ==
          "1:8: ambiguous reference 's': it could be 't.s', 'u.s'");
}

TEST_CASE("EXTRACT's errors point at the field or the syntax", "[analyzer]") {
    const Catalog c = load_ddl_catalog("d DATE, i INTERVAL DAY, s STRING");
    auto [sql, expected] = GENERATE(table<std::string, std::string>({
        {"SELECT extract(EON FROM d) FROM t",
         "1:16: 'extract' cannot extract 'EON' (Spark's INVALID_EXTRACT_FIELD)"},
        {"SELECT date_part(s, d) FROM t",
         "1:18: the field of 'date_part' must be a string literal"},
        {"SELECT extract(DAY FROM i) FROM t", "1:25: unsupported: extract of an interval"},
        {"SELECT date_part('YEAR') FROM t", "1:8: function 'date_part' takes 2 arguments, got 1"},
        {"SELECT upper(s FROM 2) FROM t",
         "1:16: 'FROM' in a call is only accepted in EXTRACT(field FROM source), TRIM([BOTH | "
         "LEADING | TRAILING] [chars] FROM str), SUBSTRING(str FROM pos [FOR len]) and "
         "OVERLAY(input PLACING replace FROM pos [FOR len])"},
    }));
    CAPTURE(sql);
    CHECK(error_of(sql, c) == expected);
}

TEST_CASE("datetime arithmetic Spark has no rule for is a type error", "[analyzer]") {
    const Catalog c = load_ddl_catalog("d DATE, ts TIMESTAMP, s STRING");
    auto [sql, expected] = GENERATE(table<std::string, std::string>({
        {"SELECT ts + d FROM t", "1:8: cannot apply '+' to timestamp and date"},
        {"SELECT s + INTERVAL 1 DAY FROM t", "1:8: cannot apply '+' to string and interval day"},
        {"SELECT INTERVAL 1 DAY - ts FROM t",
         "1:8: cannot apply '-' to interval day and timestamp"},
        {"SELECT INTERVAL 1 MONTH - d FROM t", "1:8: cannot apply '-' to interval month and date"},
        // A string is no date here (Spark's resolver leaves `d - s` a Subtract, which fails).
        {"SELECT d - s FROM t", "1:8: cannot apply '-' to date and string"},
    }));
    CAPTURE(sql);
    CHECK(error_of(sql, c) == expected);
}

TEST_CASE("the difference of two dates or timestamps is an ANSI interval", "[analyzer]") {
    const Catalog c = load_ddl_catalog("d DATE, ts TIMESTAMP, ntz TIMESTAMP_NTZ");
    auto [sql, type] = GENERATE(table<std::string, std::string>({
        {"SELECT d - d FROM t", "interval day"},
        {"SELECT ts - ts FROM t", "interval day to second"},
        {"SELECT d - ts FROM t", "interval day to second"},
        {"SELECT ntz - d FROM t", "interval day to second"},
        {"SELECT ntz - ts FROM t", "interval day to second"},
    }));
    CAPTURE(sql);
    CHECK(catalog_string(*first_alias(sql, c)->type) == type);
}

TEST_CASE("type errors point at the offending expression", "[analyzer]") {
    const Catalog c = contacts_catalog();
    auto [sql, expected] = GENERATE(table<std::string, std::string>({
        {"SELECT CAST(name AS INT) FROM t",
         "1:8: cannot cast struct<first:string,middle:string,last:string> to int"},
        {"SELECT CAST(id AS INTEGR) FROM t", "1:19: unknown type 'INTEGR'"},
        {"SELECT CAST(id AS ARRAY<INTEGR>) FROM t", "1:25: unknown type 'INTEGR'"},
        {"SELECT size(id) FROM t", "1:13: function 'size' expects an array or a map, got int"},
        {"SELECT coalesce(id, name) FROM t",
         "1:21: function 'coalesce' expects arguments of a common type, got int and "
         "struct<first:string,middle:string,last:string>"},
        {"SELECT map_zip_with(relatives, map(1, 2), (k, a, b) -> b) FROM t",
         "1:8: the maps of 'map_zip_with' have incompatible key types string and int"},
        {"SELECT id FROM t WHERE id", "1:24: the WHERE condition must be boolean, got int"},
        {"SELECT NOT id FROM t", "1:12: the operand of NOT must be boolean, got int"},
        {"SELECT -name FROM t",
         "1:8: cannot apply unary '-' to struct<first:string,middle:string,last:string>"},
        {"SELECT CASE WHEN id > 0 THEN name ELSE 1 END FROM t",
         "1:40: CASE branches have incompatible types struct<first:string,middle:string,last:"
         "string> and int"},
        {"SELECT CASE WHEN id THEN 1 END FROM t",
         "1:18: a WHEN condition must be boolean, got int"},
        {"SELECT id IN (1, name) FROM t",
         "1:18: cannot compare int with struct<first:string,middle:string,last:string> in IN"},
        {"SELECT size(friends, 1, 2) FROM t", "1:8: function 'size' takes 1 argument, got 3"},
        {"SELECT address LIKE 'a' ESCAPE 'ab' FROM t",
         "1:32: the escape character of LIKE must be a string literal of exactly one character, "
         "got 'ab'"},
        {"SELECT address LIKE 'a' ESCAPE '\xf0\x9f\x98\x80' FROM t",
         "1:32: the escape character of LIKE must be a string literal of exactly one character, "
         "got '\xf0\x9f\x98\x80'"},
        {"SELECT upper(address) FILTER (WHERE id > 1) FROM t",
         "1:37: FILTER (WHERE ...) is only allowed for aggregate functions, not for 'upper'"},
        {"SELECT transform(friends, f -> f) FILTER (WHERE id > 1) FROM t",
         "1:49: FILTER (WHERE ...) is only allowed for aggregate functions, not for 'transform'"},
        {"SELECT count(*) FILTER (WHERE id) FROM t",
         "1:31: a FILTER condition must be boolean, got int"},
        {"SELECT count(*) FILTER (WHERE count(id) > 1) FROM t",
         "1:31: aggregate function 'count' is not allowed inside aggregate function 'count'"},
        {"SELECT count(*) FILTER (WHERE rand() > 0.5) FROM t",
         "1:31: a FILTER condition must be deterministic: 'rand' is not"},
        {"SELECT id FROM t WHERE count(*) FILTER (WHERE id > 1) > 0",
         "1:24: aggregate function 'count' is not allowed in WHERE"},
        {"SELECT upper(DISTINCT address) FROM t",
         "1:8: DISTINCT is only allowed in aggregate functions, not in 'upper'"},
    }));
    CAPTURE(sql);
    CHECK(error_of(sql, c) == expected);
}

TEST_CASE("aggregate and map_zip_with coerce as Spark does", "[analyzer]") {
    const Catalog c = contacts_catalog();
    // The merge result may differ from the start value in field names only (Spark compares
    // structurally); a cast makes the accumulator's type explicit.
    CHECK(first_item("SELECT aggregate(array(named_struct('a', 1)), named_struct('b', 0), "
                     "(acc, x) -> x) AS v FROM t",
                     c) ==
          "aggregate(array(named_struct(a, 1)), named_struct(b, 0), "
          "lambdafunction(cast(lambda x#10 as struct<b:int>), lambda acc#9, lambda x#10)) AS v#11");
    // Numeric map keys widen.
    CHECK(first_item("SELECT map_zip_with(map(1L, 2), map(1, 2), (k, a, b) -> b) AS v FROM t", c) ==
          "map_zip_with(map(1, 2), cast(map(1, 2) as map<bigint,int>), lambdafunction(lambda b#11, "
          "lambda k#9, lambda a#10, lambda b#11)) AS v#12");
}

TEST_CASE("user-defined functions are accepted with one warning each", "[analyzer]") {
    const BoundStatement b = bind_sql(
        "SELECT my_udf(name.first, id), My_Udf(id), other(1) FROM contacts", contacts_catalog());
    REQUIRE(b.warnings.size() == 2);
    CHECK(b.warnings[0].severity == Severity::Warning);
    CHECK(b.warnings[0].message == "unknown function 'my_udf', treated as a user-defined "
                                   "function: its arguments are read whole");
    CHECK(b.warnings[0].span.begin == 7);
    CHECK(b.warnings[1].message.starts_with("unknown function 'other'"));
    const ExprPtr udf = select_list(*b.plan).at(0)->as<Alias>()->child;
    const auto* f = udf->as<ScalarFunction>();
    REQUIRE(f != nullptr);
    CHECK(f->user_defined());
    CHECK(f->name() == "my_udf");
    CHECK(catalog_string(*udf->type) == "string");
    CHECK(sx(*udf) == "my_udf(GetStructField(name#1, 0), id#0)");
}

// window(), session_window() and window_time() as Spark's TimeWindowing, SessionWindowing and
// ResolveWindowTime make them. (A short name: Catch 2.13 loops wrapping some long ones.)
TEST_CASE("a time window is one column per query block", "[analyzer]") {
    const Catalog events = load_ddl_catalog("k STRING, ts TIMESTAMP, e STRUCT<at: TIMESTAMP>");
    // The column is in scope before the select list binds: `window.start` reads it, and every
    // call of the same window is the same column.
    const BoundStatement b =
        bind_sql("SELECT window.start, window(e.at, '1 hour').end, count(*) FROM x "
                 "GROUP BY window(e.at, '1 hour')",
                 events);
    CHECK(b.warnings.empty());
    const std::string plan = plan_string(*b.plan);
    CAPTURE(plan);
    CHECK(plan.find("Aggregate [window#3], [window#3.start AS start#4, window#3.end AS ") !=
          std::string::npos);
    CHECK(plan.find("Filter isnotnull(e#2.at)") != std::string::npos);
    // A sliding window whose slide does not divide its length keeps the windows that hold
    // the time; one whose slide does keeps every one.
    const auto plan_of = [&](const std::string& sql) {
        return plan_string(*bind_sql(sql, events).plan);
    };
    const std::string sliding =
        plan_of("SELECT window FROM x GROUP BY window(ts, '7 minutes', '3 minutes')");
    CHECK(sliding.find("Filter ((ts#1 >= window#3.start) AND (ts#1 < window#3.end))\n") !=
          std::string::npos);
    CHECK(sliding.find("Expand [[") != std::string::npos);
    // A session window: a Filter of non-NULL times over the Project of [time, time + gap);
    // a gap that is not a constant also keeps only sessions that end after they start.
    CHECK(plan_of("SELECT session_window FROM x GROUP BY session_window(ts, '5 minutes')")
              .find("knownnullable(precisetimestampconversion(precisetimestampconversion(ts#1 "
                    "+ 5 minutes, TimestampType, LongType), LongType, TimestampType))) AS "
                    "session_window#3") != std::string::npos);
    CHECK(plan_of("SELECT session_window FROM x GROUP BY session_window(ts, k)")
              .find("Filter (isnotnull(ts#1) AND (session_window#3.end > "
                    "session_window#3.start))") != std::string::npos);
    const std::string divided =
        plan_of("SELECT window FROM x GROUP BY window(ts, 600000000, 300000000)");
    CHECK(divided.find("Filter isnotnull(ts#1)\n") != std::string::npos);
    CHECK(divided.find("Expand [[") != std::string::npos);

    const auto [sql, expected] = GENERATE(table<std::string, std::string>({
        {"SELECT window(ts, '1 hour'), window(ts, '2 hours') FROM x",
         "1:30: a query block may have one time window, but 'window(ts, '2 hours')' differs "
         "from the one before it (Spark: multiple time/session window expressions would result "
         "in a cartesian product of rows, therefore they are currently not supported)"},
        {"SELECT window(ts, '5 minutes', '10 minutes') FROM x",
         "1:32: function 'window' expects the slide duration (600000000) to be at most the "
         "window duration (300000000 microseconds)"},
        {"SELECT window(ts, '1 month') FROM x",
         "1:19: function 'window' does not take intervals of months or years ('1 month'; Spark: "
         "Intervals greater than a month is not supported)"},
        {"SELECT window(ts, '5 minutes', '5 minutes', '5 minutes') FROM x",
         "1:45: function 'window' expects the start time's absolute value (300000000) to be "
         "below the slide duration (300000000 microseconds)"},
        {"SELECT window(ts, '5 fortnights') FROM x",
         "1:19: function 'window' cannot read '5 fortnights' as an interval: invalid unit "
         "'fortnights'"},
        {"SELECT window(ts, k) FROM x",
         "1:19: function 'window' expects its durations and start time as integer, bigint or "
         "string literals"},
        {"SELECT window(k > 'a', '1 hour') FROM x",
         "1:15: function 'window' expects a timestamp, got boolean"},
        {"SELECT 1 FROM x WHERE window.start > ts GROUP BY window(ts, '1 hour')",
         "1:23: the WHERE clause cannot read 'window': the select list's window() is computed "
         "over the WHERE"},
        {"SELECT 1 FROM x a JOIN x b ON window(a.ts, '1 hour').start = b.ts",
         "1:31: window() is only allowed in the select list, WHERE, GROUP BY, HAVING and ORDER "
         "BY of a query block (Spark's analyzer replaces it there)"},
        {"SELECT window(max(ts), '1 hour') FROM x",
         "1:8: the arguments of window() cannot be aggregates: the window is computed below "
         "the aggregation"},
        {"SELECT window(ts, '1 hour'), session_window(ts, '1 hour') FROM x",
         "1:30: a query block may have one time window, but 'session_window(ts, '1 hour')' "
         "differs from the one before it (Spark: multiple time/session window expressions would "
         "result in a cartesian product of rows, therefore they are currently not supported)"},
        {"SELECT window_time(named_struct('start', ts, 'end', ts)) FROM x",
         "1:20: window_time() takes a window column, one that window() or session_window() "
         "makes, or an alias of one (Spark: the input is not a correct window column)"},
        {"SELECT window_time(ts) FROM x",
         "1:20: function 'window_time' expects a window, struct<start, end> of timestamps, got "
         "timestamp"},
        {"SELECT 1 FROM x WHERE window_time(window) > ts GROUP BY window(ts, '1 hour')",
         "1:23: the WHERE clause cannot read 'window': the select list's window() is computed "
         "over the WHERE"},
        {"SELECT session_window(ts, 5) FROM x",
         "1:27: function 'session_window' expects its gap duration as a string or a CALENDAR "
         "INTERVAL (Spark: the gap duration of a session window must be CalendarIntervalType), "
         "got int"},
        {"SELECT INTERVAL '1 fortnight' FROM x",
         "1:8: the value of the typed literal INTERVAL is invalid: '1 fortnight' (invalid unit "
         "'fortnight')"},
        {"SELECT session_window(ts, '5 lightyears') FROM x",
         "1:27: function 'session_window' cannot read '5 lightyears' as an interval: invalid "
         "unit 'lightyears'"},
    }));
    CAPTURE(sql);
    CHECK(error_of(sql, events) == expected);
}

TEST_CASE("a Spark built-in prune-plan does not support is named so, with the reason",
          "[analyzer]") {
    const BoundStatement b = bind_sql(
        "SELECT COLLATION(address), schema_of_xml(address) FROM contacts", contacts_catalog());
    REQUIRE(b.warnings.size() == 2);
    CHECK(b.warnings[0].message ==
          "Spark built-in 'collation' is not supported (needs collated string types, which the "
          "type system does not model; docs/FUNCTIONS.md), treated as a user-defined function: "
          "its arguments are read whole");
    CHECK(b.warnings[1].message.starts_with(
        "Spark built-in 'schema_of_xml' is not supported (not yet: needs Spark's XML schema "
        "inference"));
}

TEST_CASE("an unknown function close to a known one is named in the warning", "[analyzer]") {
    const BoundStatement b =
        bind_sql("SELECT sizee(friends), upperr(address) FROM contacts", contacts_catalog());
    REQUIRE(b.warnings.size() == 2);
    CHECK(b.warnings[0].message == "unknown function 'sizee', treated as a user-defined "
                                   "function: its arguments are read whole; did you mean 'size'?");
    CHECK(b.warnings[1].message.ends_with("did you mean 'upper'?"));
}

TEST_CASE("the analyzer's own functions have no SQL name", "[analyzer]") {
    // LIKE ANY builds likeany; a call by that name is a user-defined function, as in Spark.
    const BoundStatement b = bind_sql(
        "SELECT likeany(address, 'a%'), address LIKE ANY ('a%') FROM t", contacts_catalog());
    REQUIRE(b.warnings.size() == 1);
    CHECK(b.warnings[0].message.starts_with("unknown function 'likeany'"));
    const auto* call = select_list(*b.plan).at(0)->as<Alias>()->child->as<ScalarFunction>();
    REQUIRE(call != nullptr);
    CHECK(call->user_defined());
    const auto* built = select_list(*b.plan).at(1)->as<Alias>()->child->as<ScalarFunction>();
    REQUIRE(built != nullptr);
    CHECK(!built->user_defined());
    CHECK(built->def->catalyst == "LikeAny");
    for (const std::string& name : function_names()) {
        CHECK(name != "likeany");
    }
}

TEST_CASE("aggregates: placement and grouping are checked", "[analyzer]") {
    const Catalog c = contacts_catalog();
    auto [sql, expected] = GENERATE(table<std::string, std::string>({
        {"SELECT id, count(*) FROM t",
         "1:8: expression 'id' is neither in GROUP BY nor an aggregate"},
        {"SELECT name.first, count(*) FROM t GROUP BY name.last",
         "1:8: expression 'name.first' is neither in GROUP BY nor an aggregate"},
        {"SELECT upper(name.first) FROM t GROUP BY id",
         "1:14: expression 'name.first' is neither in GROUP BY nor an aggregate"},
        {"SELECT id FROM t GROUP BY pets",
         "1:8: expression 'id' is neither in GROUP BY nor an aggregate"},
        {"SELECT pets FROM t GROUP BY pets ORDER BY id",
         "1:43: expression 'id' is neither in GROUP BY nor an aggregate"},
        {"SELECT count(*) FROM t WHERE count(*) > 1",
         "1:30: aggregate function 'count' is not allowed in WHERE"},
        {"SELECT sum(count(id)) FROM t",
         "1:12: aggregate function 'count' is not allowed inside aggregate function 'sum'"},
        {"SELECT id FROM t GROUP BY count(id)",
         "1:27: aggregate function 'count' is not allowed in GROUP BY"},
        {"SELECT count(*) AS n FROM t GROUP BY 1",
         "1:38: GROUP BY position 1 refers to an aggregate function"},
        {"SELECT count(*) AS n FROM t GROUP BY n",
         "1:38: GROUP BY cannot refer to 'n': it is an aggregate in the select list"},
        {"SELECT id FROM t GROUP BY 2",
         "1:27: GROUP BY position 2 is not in the select list (valid range is [1, 1])"},
        {"SELECT id FROM t ORDER BY 0",
         "1:27: ORDER BY position 0 is not in the select list (valid range is [1, 1])"},
        {"SELECT id FROM t LIMIT 1L", "1:24: LIMIT must be a non-negative integer literal"},
        {"SELECT id FROM t LIMIT -1", "1:24: LIMIT must be a non-negative integer literal"},
        {"SELECT id FROM t LIMIT pets", "1:24: LIMIT must be a non-negative integer literal"},
        {"SELECT id FROM t OFFSET -1", "1:25: OFFSET must be a non-negative integer literal"},
        {"SELECT id FROM t OFFSET pets", "1:25: OFFSET must be a non-negative integer literal"},
        {"SELECT id FROM t LIMIT 1 OFFSET 1L",
         "1:33: OFFSET must be a non-negative integer literal"},
        {"SELECT id FROM t OFFSET count(*)",
         "1:25: aggregate function 'count' is not allowed in OFFSET"},
    }));
    CAPTURE(sql);
    CHECK(error_of(sql, c) == expected);
}

TEST_CASE("GROUP BY, HAVING and ORDER BY refer to select aliases and positions", "[analyzer]") {
    const Catalog c = contacts_catalog();
    {
        const BoundStatement b =
            bind_sql("SELECT name.first AS f, count(*) AS n FROM contacts WHERE id > 0 GROUP BY f "
                     "HAVING n > 1 ORDER BY 2 DESC, f LIMIT 10",
                     c);
        CHECK(shape(*b.plan) == "Limit Sort Filter Aggregate Filter Relation");
        const Plan* p = b.plan.get();
        CHECK(sx(*p->as<Limit>()->limit) == "10");
        p = plan_child(*p).get();
        const Sort& sort = *p->as<Sort>();
        REQUIRE(sort.order.size() == 2);
        CHECK(sx(*sort.order[0].child) == "n#10");
        CHECK_FALSE(sort.order[0].ascending);
        CHECK_FALSE(sort.order[0].nulls_first);
        CHECK(sx(*sort.order[1].child) == "f#9");
        CHECK(sort.order[1].ascending);
        CHECK(sort.order[1].nulls_first);
        p = plan_child(*p).get();
        CHECK(sx(*p->as<Filter>()->condition) == "GreaterThan(n#10, cast(1 as bigint))");
        p = plan_child(*p).get();
        const Aggregate& agg = *p->as<Aggregate>();
        CHECK(sx_list(agg.grouping) == "GetStructField(name#1, 0)");
        CHECK(sx_list(agg.aggregates) == "GetStructField(name#1, 0) AS f#9, count(1) AS n#10");
        p = plan_child(*p).get();
        CHECK(sx(*p->as<Filter>()->condition) == "GreaterThan(id#0, 0)");
    }
    {
        const BoundStatement b =
            bind_sql("SELECT pets, name.first, count(*) FROM contacts GROUP BY 1, 2", c);
        const Aggregate& agg = *b.plan->as<Aggregate>();
        CHECK(sx_list(agg.grouping) == "pets#3, GetStructField(name#1, 0)");
        CHECK(sx_list(agg.aggregates) ==
              "pets#3, GetStructField(name#1, 0) AS first#9, count(1) AS count(1)#10");
    }
    {
        // A column wins over a select alias of the same name in GROUP BY (Spark).
        const BoundStatement b =
            bind_sql("SELECT name.first AS id FROM contacts GROUP BY id, name.first", c);
        CHECK(sx_list(b.plan->as<Aggregate>()->grouping) == "id#0, GetStructField(name#1, 0)");
    }
    {
        // ORDER BY: output names first, then columns of the relation (even unselected ones,
        // which the Project below the Sort adds and the one above it drops).
        const BoundStatement b =
            bind_sql("SELECT name.first AS id, pets FROM contacts ORDER BY id, address", c);
        CHECK(shape(*b.plan) == "Project Sort Project Relation");
        const Sort& sort = *plan_child(*b.plan)->as<Sort>();
        REQUIRE(sort.order.size() == 2);
        CHECK(sx(*sort.order[0].child) == "id#9");
        CHECK(sx(*sort.order[1].child) == "address#2");
    }
    CHECK(error_of("SELECT name.first AS fname FROM contacts ORDER BY fnam", c) ==
          "1:51: no column 'fnam' in table 'contacts'; did you mean 'fname'?");
    CHECK(error_of("SELECT name AS x, pets AS x FROM contacts ORDER BY x", c) ==
          "1:52: ambiguous reference 'x': several select items have this name");
    {
        const BoundStatement b = bind_sql("SELECT name AS s FROM contacts ORDER BY s.last DESC", c);
        CHECK(sx(*b.plan->as<Sort>()->order[0].child) == "GetStructField(s#9, 2)");
    }
}

TEST_CASE("GROUP BY ALL and ORDER BY ALL as Spark's ResolveGroupByAll and ResolveOrderByAll",
          "[analyzer]") {
    const auto grouping = [](const std::string& sql) {
        const BoundStatement b = bind_sql(sql, contacts_catalog());
        REQUIRE(b.plan->as<Aggregate>() != nullptr);
        return sx_list(b.plan->as<Aggregate>()->grouping);
    };
    // Every select item without an aggregate, as the item's expression.
    CHECK(grouping("SELECT id, name.first, count(*), sum(pets) + 1 FROM contacts GROUP BY ALL") ==
          "id#0, GetStructField(name#1, 0)");
    CHECK(grouping("SELECT address FROM contacts group by all") == "address#2");
    // Only aggregates: a global aggregate.
    CHECK(grouping("SELECT count(*), sum(pets) / 2 FROM contacts GROUP BY ALL").empty());
    CHECK(error_of("SELECT id + sum(pets) FROM contacts GROUP BY ALL", contacts_catalog()) ==
          "1:46: cannot infer the grouping columns of GROUP BY ALL: every select item has an "
          "aggregate, and one uses a column outside it; name the grouping columns");
    CHECK(error_of("SELECT pets, id + sum(pets) FROM contacts GROUP BY ALL", contacts_catalog()) ==
          "1:14: expression 'id' is neither in GROUP BY nor an aggregate");
    CHECK(error_of("SELECT id FROM contacts GROUP BY ALL, id", contacts_catalog()) ==
          "1:34: no column 'ALL' in table 'contacts'");

    // ORDER BY ALL: every output column, in order, with ALL's direction and nulls order.
    const BoundStatement o =
        bind_sql("SELECT id, name.first AS f FROM contacts ORDER BY ALL DESC", contacts_catalog());
    REQUIRE(o.plan->as<Sort>() != nullptr);
    const std::vector<SortOrder>& order = o.plan->as<Sort>()->order;
    REQUIRE(order.size() == 2);
    CHECK(sx(*order[1].child) == "f#9");
    CHECK_FALSE(order[0].ascending);
    CHECK_FALSE(order[1].nulls_first);
    CHECK(bind_sql("SELECT id FROM contacts ORDER BY ALL NULLS LAST", contacts_catalog())
              .plan->as<Sort>()
              ->order.at(0)
              .nulls_first == false);

    // A column (or, for ORDER BY, a select item) named `all` wins, as in Spark.
    Catalog with_all = load_ddl_catalog("k STRING, `all` INT, v INT");
    const BoundStatement c = bind_sql("SELECT k, v FROM x ORDER BY ALL", with_all);
    REQUIRE(shape(*c.plan) == "Project Sort Project Relation");
    const Sort& by_all = *plan_child(*c.plan)->as<Sort>();
    CHECK(sx_list(std::vector<ExprPtr>{by_all.order.at(0).child}) == "all#1");
    CHECK(error_of("SELECT k, sum(v) FROM x GROUP BY ALL", with_all) ==
          "1:8: expression 'k' is neither in GROUP BY nor an aggregate");
    const BoundStatement a = bind_sql("SELECT v AS `All` FROM contacts ORDER BY all", with_all);
    CHECK(a.plan->as<Sort>()->order.size() == 1);
}

TEST_CASE("plan shapes: SORT BY, DISTRIBUTE BY, CLUSTER BY and partitioning hints", "[analyzer]") {
    const Catalog c = contacts_catalog();
    // SORT BY reads what the select list does not output as ORDER BY does.
    const BoundStatement sort_by = bind_sql("SELECT id FROM t SORT BY name.first LIMIT 2", c);
    CHECK(shape(*sort_by.plan) == "Limit Project Sort Project Relation");
    CHECK_FALSE(plan_child(*plan_child(*sort_by.plan))->as<Sort>()->global);
    CHECK(bind_sql("SELECT id FROM t ORDER BY id", c).plan->as<Sort>()->global);
    CHECK(shape(*bind_sql("SELECT id FROM t DISTRIBUTE BY id SORT BY id", c).plan) ==
          "Sort Repartition Project Relation");
    const BoundStatement cluster = bind_sql("SELECT id AS i FROM t CLUSTER BY i", c);
    REQUIRE(shape(*cluster.plan) == "Sort Repartition Project Relation");
    const Sort& local = *cluster.plan->as<Sort>();
    CHECK_FALSE(local.global);
    CHECK(sx_list(std::vector<ExprPtr>{local.order.at(0).child}) == "i#9");
    CHECK(local.order.at(0).ascending);
    // Hints: the first written outermost, all below DISTINCT's operators' Sort.
    const BoundStatement hinted =
        bind_sql("SELECT /*+ REPARTITION(3), REBALANCE(id) */ DISTINCT id FROM t ORDER BY id", c);
    REQUIRE(shape(*hinted.plan) == "Sort Repartition Repartition Distinct Project Relation");
    const Repartition& outer = *plan_child(*hinted.plan)->as<Repartition>();
    CHECK(outer.kind == RepartitionKind::RoundRobin);
    CHECK(outer.partitions == 3);
    const Repartition& inner = *plan_child(*plan_child(*hinted.plan))->as<Repartition>();
    CHECK(inner.kind == RepartitionKind::Rebalance);
    CHECK(inner.partitions == 0);
    CHECK(error_of("SELECT id FROM t DISTRIBUTE BY pets", c) ==
          "1:32: DISTRIBUTE BY reads 'pets', which the select list does not output (Spark "
          "resolves DISTRIBUTE BY against the select list alone)");
}

TEST_CASE("plan shapes: Distinct, global aggregates, HAVING without GROUP BY", "[analyzer]") {
    const Catalog c = contacts_catalog();
    CHECK(shape(*bind_sql("SELECT DISTINCT id FROM t ORDER BY id LIMIT 1", c).plan) ==
          "Limit Sort Distinct Project Relation");
    CHECK(shape(*bind_sql("SELECT count(*) FROM t", c).plan) == "Aggregate Relation");
    CHECK(shape(*bind_sql("SELECT 1 FROM t HAVING count(*) > 0", c).plan) ==
          "Project Filter Aggregate Relation");
    CHECK(shape(*bind_sql("SELECT id FROM t WHERE pets > 1", c).plan) == "Project Filter Relation");
    // Spark: LIMIT ALL is no limit, so no Limit operator.
    CHECK(shape(*bind_sql("SELECT id FROM t ORDER BY id LIMIT ALL", c).plan) ==
          "Sort Project Relation");
    // Spark's parser: the rows are skipped (Offset), then counted (Limit).
    CHECK(shape(*bind_sql("SELECT id FROM t ORDER BY id LIMIT 2 OFFSET 1", c).plan) ==
          "Limit Offset Sort Project Relation");
    CHECK(shape(*bind_sql("SELECT id FROM t OFFSET 0", c).plan) == "Offset Project Relation");
    const BoundStatement b = bind_sql("SELECT count(*) FROM t", c);
    CHECK(sx_list(b.plan->as<Aggregate>()->aggregates) == "count(1) AS count(1)#9");
    CHECK(b.plan->as<Aggregate>()->grouping.empty());
}

TEST_CASE("ORDER BY and HAVING over unselected columns add them below, as Spark's "
          "ResolveReferencesInSort and ResolveAggregateFunctions",
          "[analyzer]") {
    const Catalog c = contacts_catalog();
    // The whole column is added (not the field the key reads), and a Project on top restores
    // the select list; no id changes.
    {
        const BoundStatement b = bind_sql("SELECT id FROM t ORDER BY name.first", c);
        REQUIRE(shape(*b.plan) == "Project Sort Project Relation");
        CHECK(sx_list(b.plan->as<Project>()->exprs) == "id#0");
        const Plan& sort = *plan_child(*b.plan);
        CHECK(sx(*sort.as<Sort>()->order.at(0).child) == "GetStructField(name#1, 0)");
        CHECK(sx_list(plan_child(sort)->as<Project>()->exprs) == "id#0, name#1");
        CHECK(b.next_id == 9);
    }
    // Each missing column once, in order of first use; a select alias stays an output.
    {
        const BoundStatement b = bind_sql(
            "SELECT name.first AS f FROM t ORDER BY pets, f, upper(name.last), pets + id", c);
        REQUIRE(shape(*b.plan) == "Project Sort Project Relation");
        CHECK(sx_list(b.plan->as<Project>()->exprs) == "f#9");
        CHECK(sx_list(plan_child(*plan_child(*b.plan))->as<Project>()->exprs) ==
              "GetStructField(name#1, 0) AS f#9, pets#3, name#1, id#0");
        CHECK(b.next_id == 10);
    }
    // The select list's Project sits right above the Sort, below OFFSET and LIMIT.
    CHECK(shape(*bind_sql("SELECT id FROM t ORDER BY pets LIMIT 2 OFFSET 1", c).plan) ==
          "Limit Offset Project Sort Project Relation");
    // Keys over selected columns only: one Project, as before.
    CHECK(shape(*bind_sql("SELECT id, name FROM t ORDER BY name.first, id + 1", c).plan) ==
          "Sort Project Relation");
    CHECK(shape(*bind_sql("SELECT * FROM t ORDER BY name.last", c).plan) ==
          "Sort Project Relation");
    // Over an Aggregate, a grouping column is added to the aggregate list (Spark's
    // ResolveAggregateFunctions), for HAVING as for ORDER BY.
    {
        const BoundStatement b = bind_sql("SELECT count(*) FROM t GROUP BY id ORDER BY id", c);
        REQUIRE(shape(*b.plan) == "Project Sort Aggregate Relation");
        CHECK(sx_list(b.plan->as<Project>()->exprs) == "count(1)#9");
        CHECK(sx_list(plan_child(*plan_child(*b.plan))->as<Aggregate>()->aggregates) ==
              "count(1) AS count(1)#9, id#0");
    }
    {
        const BoundStatement b = bind_sql(
            "SELECT count(*) AS n FROM t GROUP BY id, pets HAVING id > 0 ORDER BY pets, n", c);
        REQUIRE(shape(*b.plan) == "Project Sort Project Filter Aggregate Relation");
        CHECK(sx_list(b.plan->as<Project>()->exprs) == "n#9");
        const Plan& below_sort = *plan_child(*plan_child(*b.plan));
        CHECK(sx_list(below_sort.as<Project>()->exprs) == "n#9, pets#3");
        CHECK(sx_list(plan_child(*plan_child(below_sort))->as<Aggregate>()->aggregates) ==
              "count(1) AS n#9, id#0, pets#3");
    }
    CHECK(shape(*bind_sql("SELECT id, count(*) FROM t GROUP BY id HAVING id > 0 ORDER BY id", c)
                     .plan) == "Sort Filter Aggregate Relation");
    // A key equal to a grouping expression reads the Aggregate's output for it: the select
    // item's alias when there is one, else the expression added under its pretty SQL.
    {
        const BoundStatement b =
            bind_sql("SELECT name.first AS f FROM t GROUP BY name.first ORDER BY name.first", c);
        REQUIRE(shape(*b.plan) == "Sort Aggregate Relation");
        CHECK(sx(*b.plan->as<Sort>()->order.at(0).child) == "f#9");
    }
    {
        const BoundStatement b =
            bind_sql("SELECT count(*) FROM t GROUP BY name.first ORDER BY name.first", c);
        REQUIRE(shape(*b.plan) == "Project Sort Aggregate Relation");
        const Plan& sort = *plan_child(*b.plan);
        CHECK(sx(*sort.as<Sort>()->order.at(0).child) == "name.first#10");
        CHECK(sx_list(plan_child(sort)->as<Aggregate>()->aggregates) ==
              "count(1) AS count(1)#9, GetStructField(name#1, 0) AS name.first#10");
    }
    CHECK(error_of("SELECT DISTINCT count(*) FROM t GROUP BY id ORDER BY id", c) ==
          "1:54: column 'id' cannot be resolved: ORDER BY over SELECT DISTINCT sees only the "
          "select list ('count(1)')");
    // Spark adds nothing to a Distinct's child (SPARK-17863): the key cannot be resolved.
    CHECK(error_of("SELECT DISTINCT id, name.last FROM t ORDER BY upper(name.first)", c) ==
          "1:47: column 'name' cannot be resolved: ORDER BY over SELECT DISTINCT sees only the "
          "select list ('id', 'last')");
    CHECK(shape(*bind_sql("SELECT DISTINCT name FROM t ORDER BY name.first", c).plan) ==
          "Sort Distinct Project Relation");
}

TEST_CASE("aggregate calls in HAVING and ORDER BY read the Aggregate's output, as Spark's "
          "ResolveAggregateFunctions",
          "[analyzer]") {
    const Catalog c = contacts_catalog();
    // A call the select list computes is its output column: no Project is added.
    {
        const BoundStatement b =
            bind_sql("SELECT id, count(*) AS n FROM t GROUP BY id ORDER BY count(*) DESC", c);
        REQUIRE(shape(*b.plan) == "Sort Aggregate Relation");
        CHECK(sx(*b.plan->as<Sort>()->order.at(0).child) == "n#9");
    }
    // A column the select list outputs under an alias is read as the alias's column.
    {
        const BoundStatement b =
            bind_sql("SELECT id AS k, count(*) FROM t GROUP BY id HAVING id > 1 ORDER BY id", c);
        REQUIRE(shape(*b.plan) == "Sort Filter Aggregate Relation");
        CHECK(sx(*b.plan->as<Sort>()->order.at(0).child) == "k#9");
        CHECK(sx(*plan_child(*b.plan)->as<Filter>()->condition) == "GreaterThan(k#9, 1)");
    }
    // A call it does not compute is added to the Aggregate under its pretty SQL, and a
    // Project above restores the select list.
    {
        const BoundStatement b = bind_sql("SELECT id FROM t GROUP BY id HAVING max(pets) > 1", c);
        REQUIRE(shape(*b.plan) == "Project Filter Aggregate Relation");
        CHECK(sx_list(b.plan->as<Project>()->exprs) == "id#0");
        const Plan& filter = *plan_child(*b.plan);
        CHECK(sx(*filter.as<Filter>()->condition) == "GreaterThan(max(pets)#9, 1)");
        CHECK(sx_list(plan_child(filter)->as<Aggregate>()->aggregates) ==
              "id#0, max(pets#3) AS max(pets)#9");
    }
    // Within one clause lookups see the list as the clause found it (Spark adds a call written
    // twice twice); ORDER BY then sees what HAVING added, through HAVING's Project.
    {
        const BoundStatement b = bind_sql("SELECT id FROM t GROUP BY id HAVING count(*) > 1 "
                                          "AND count(*) < 9 ORDER BY count(*), sum(pets)",
                                          c);
        REQUIRE(shape(*b.plan) == "Project Sort Project Filter Aggregate Relation");
        CHECK(sx_list(b.plan->as<Project>()->exprs) == "id#0");
        const Plan& sort = *plan_child(*b.plan);
        CHECK(sx(*sort.as<Sort>()->order.at(0).child) == "count(1)#9");
        CHECK(sx(*sort.as<Sort>()->order.at(1).child) == "sum(pets)#11");
        CHECK(sx_list(plan_child(sort)->as<Project>()->exprs) == "id#0, count(1)#9, sum(pets)#11");
        const Plan& aggregate = *plan_child(*plan_child(*plan_child(sort)));
        CHECK(sx_list(aggregate.as<Aggregate>()->aggregates) ==
              "id#0, count(1) AS count(1)#9, count(1) AS count(1)#10, "
              "sum(pets#3) AS sum(pets)#11");
    }
    // A global aggregate: the select list is not aggregated, the ORDER BY call is.
    CHECK(shape(*bind_sql("SELECT 1 FROM t ORDER BY count(*)", c).plan) ==
          "Project Sort Aggregate Relation");
    // Under DISTINCT the Distinct sees the select list only: HAVING's Project goes below it,
    // and a key needing anything more is an error.
    CHECK(shape(*bind_sql("SELECT DISTINCT id FROM t GROUP BY id HAVING count(*) > 1", c).plan) ==
          "Distinct Project Filter Aggregate Relation");
    CHECK(shape(*bind_sql("SELECT DISTINCT id, count(*) FROM t GROUP BY id ORDER BY count(*)", c)
                     .plan) == "Sort Distinct Aggregate Relation");
    CHECK(error_of("SELECT DISTINCT id FROM t GROUP BY id ORDER BY count(*)", c) ==
          "1:48: expression 'count(1)' cannot be resolved: ORDER BY over SELECT DISTINCT sees "
          "only the select list ('id')");
    CHECK(error_of("SELECT DISTINCT id FROM t GROUP BY id HAVING count(*) > 1 ORDER BY count(*)",
                   c) == "1:68: expression 'count(1)' cannot be resolved: ORDER BY over SELECT "
                         "DISTINCT sees only the select list ('id')");
}

TEST_CASE("lateral column aliases are computed by a Project below, as Spark's "
          "ResolveLateralColumnAliasReference",
          "[analyzer]") {
    const Catalog c = contacts_catalog();
    // The alias moves below and is read as its column; the Project below passes on what the
    // one above reads besides it.
    {
        const BoundStatement b = bind_sql("SELECT pets + 1 AS x, x * 2 AS y, id FROM t", c);
        REQUIRE(shape(*b.plan) == "Project Project Relation");
        CHECK(sx_list(b.plan->as<Project>()->exprs) == "x#9, Multiply(x#9, 2) AS y#10, id#0");
        CHECK(sx_list(plan_child(*b.plan)->as<Project>()->exprs) == "id#0, Add(pets#3, 1) AS x#9");
    }
    // A chain takes a Project per link; a field of an aliased struct is read as usual.
    {
        const BoundStatement b =
            bind_sql("SELECT name AS n, n.first AS f, upper(f) || n.last AS g FROM t", c);
        REQUIRE(shape(*b.plan) == "Project Project Project Relation");
        CHECK(sx_list(b.plan->as<Project>()->exprs) ==
              "n#9, f#10, concat(upper(f#10), GetStructField(n#9, 2)) AS g#11");
        const Plan& middle = *plan_child(*b.plan);
        CHECK(sx_list(middle.as<Project>()->exprs) == "n#9, GetStructField(n#9, 0) AS f#10");
        CHECK(sx_list(plan_child(middle)->as<Project>()->exprs) == "name#1 AS n#9");
    }
    // Sort-only columns pass through the Projects below the select list's.
    {
        const BoundStatement b =
            bind_sql("SELECT pets AS x, x + 1 AS y FROM t ORDER BY name.first", c);
        REQUIRE(shape(*b.plan) == "Project Sort Project Project Relation");
        const Plan& lower = *plan_child(*plan_child(*plan_child(*b.plan)));
        CHECK(sx_list(lower.as<Project>()->exprs) == "name#1, pets#3 AS x#9");
    }
    // Columns and lambda variables come first; an alias is seen only by the items after it
    // and only in the select list.
    CHECK(shape(*bind_sql("SELECT pets AS id, id + 1 FROM t", c).plan) == "Project Relation");
    CHECK(shape(*bind_sql("SELECT pets AS f, transform(friends, f -> f.first) FROM t", c).plan) ==
          "Project Relation");
    CHECK(error_of("SELECT x + 1, pets AS x FROM t", c) ==
          "1:8: no column 'x' in table 't'; a later select item defines the alias 'x', but a "
          "lateral alias must come before its use");
    CHECK(error_of("SELECT pets AS total, totl + 1 FROM t", c) ==
          "1:23: no column 'totl' in table 't'; did you mean 'total'?");
    CHECK(error_of("SELECT pets AS x FROM t WHERE x > 1", c) ==
          "1:31: no column 'x' in table 't'; did you mean 'p'?");
    CHECK(error_of("SELECT id AS x, pets AS x, x + 1 FROM t", c) ==
          "1:28: ambiguous lateral column alias 'x': 2 earlier select items have this name");
}

TEST_CASE("lateral column aliases in an aggregating select list: the list becomes a Project over "
          "the Aggregate, as Spark's ResolveLateralColumnAliasReference",
          "[analyzer]") {
    const Catalog c = contacts_catalog();
    {
        const BoundStatement b = bind_sql(
            "SELECT id AS k, sum(pets) AS s, s / count(*) AS r FROM t GROUP BY id ORDER BY s", c);
        REQUIRE(shape(*b.plan) == "Sort Project Project Aggregate Relation");
        CHECK(sx(*b.plan->as<Sort>()->order.at(0).child) == "s#10");
        const Plan& top = *plan_child(*b.plan);
        CHECK(
            sx_list(top.as<Project>()->exprs) ==
            "id#0 AS k#9, s#10, Divide(cast(s#10 as double), cast(count(1)#13 as double)) AS r#11");
        const Plan& below = *plan_child(top);
        CHECK(sx_list(below.as<Project>()->exprs) == "id#0, count(1)#13, sum(pets)#12 AS s#10");
        // Each aggregate call and grouping expression once, under its pretty SQL.
        CHECK(sx_list(plan_child(below)->as<Aggregate>()->aggregates) ==
              "id#0, sum(pets#3) AS sum(pets)#12, count(1) AS count(1)#13");
    }
    CHECK(error_of("SELECT pets AS a, sum(a) FROM t GROUP BY pets", c) ==
          "1:23: the lateral column alias 'a' cannot be read inside the aggregate function "
          "'sum(a)'");
    // GROUP BY naming an item that reads a lateral alias groups by the alias's expression
    // (the alias is computed above the Aggregate); an item that reads an aggregate's alias is
    // an aggregate to GROUP BY ALL.
    for (const char* group_by : {"ALL", "k, k1", "1, 2"}) {
        const BoundStatement b = bind_sql(
            std::string("SELECT pets AS k, k + 1 AS k1, count(*) FROM t GROUP BY ") + group_by, c);
        CHECK(sx_list(plan_child(*plan_child(*b.plan))->as<Aggregate>()->grouping) ==
              "pets#3, Add(pets#3, 1)");
    }
    {
        const BoundStatement b = bind_sql("SELECT sum(pets) AS s, s + 1 FROM t GROUP BY ALL", c);
        REQUIRE(shape(*b.plan) == "Project Project Aggregate Relation");
        CHECK(plan_child(*plan_child(*b.plan))->as<Aggregate>()->grouping.empty());
    }
    // HAVING and sort keys read the lifted list's output; what they add is lifted with it.
    CHECK(shape(*bind_sql("SELECT id, sum(pets) AS s, s + 1 FROM t GROUP BY id HAVING s > 1", c)
                     .plan) == "Filter Project Project Aggregate Relation");
    {
        const BoundStatement b = bind_sql("SELECT id, sum(pets) AS s, s + 1 FROM t GROUP BY id "
                                          "HAVING count(*) > 1 ORDER BY max(pets)",
                                          c);
        REQUIRE(shape(*b.plan) == "Project Sort Project Filter Project Project Aggregate Relation");
        CHECK(sx_list(b.plan->as<Project>()->exprs) == "id#0, s#9, (s + 1)#10");
        const Plan& lifted = *plan_child(*plan_child(*plan_child(*plan_child(*b.plan))));
        CHECK(sx_list(lifted.as<Project>()->exprs) ==
              "id#0, s#9, Add(s#9, cast(1 as bigint)) AS (s + 1)#10, count(1)#14 AS count(1)#11, "
              "max(pets)#15 AS max(pets)#12");
    }
}

TEST_CASE("nesting deeper than the limit is rejected", "[analyzer]") {
    std::string deep = "id";
    for (int i = 0; i < 1100; ++i) {
        deep = "abs(" + deep + ")";
    }
    const std::string got = error_of("SELECT " + deep + " FROM t", contacts_catalog());
    CHECK(got.find("nesting deeper than 1000 levels") != std::string::npos);
}

TEST_CASE("the --emit bound dump prints kinds, fields, types and nullability", "[analyzer]") {
    const BoundStatement b = bind_sql(
        "SELECT Name.First, transform(friends, f -> f.last) AS l FROM contacts WHERE p = 1",
        contacts_catalog());
    const std::string dump = dump_bound(*b.plan);
    const std::string expected_head =
        "Project\n"
        "  exprs:\n"
        "    Alias First#9 : string nullable\n"
        "      GetStructField ordinal=0 name=first name_as_written=First : string nullable\n"
        "        AttributeReference name#1 : struct<first:string,middle:string,last:string> "
        "nullable\n"
        "    Alias l#11 : array<string> nullable\n"
        "      ArrayTransform function=transform : array<string> nullable\n"
        "        AttributeReference friends#4 : "
        "array<struct<first:string,middle:string,last:string>> "
        "nullable\n"
        "        LambdaFunction : string nullable\n"
        "          GetStructField ordinal=2 name=last : string nullable\n"
        "            NamedLambdaVariable f#10 : struct<first:string,middle:string,last:string> "
        "nullable\n"
        "          NamedLambdaVariable f#10 : struct<first:string,middle:string,last:string> "
        "nullable\n"
        "  Filter\n"
        "    condition:\n"
        "      EqualTo : boolean nullable\n"
        "        AttributeReference p#8 partition : int nullable\n"
        "        Literal 1 : int not null\n"
        "    Relation contacts\n"
        "      schema: struct<id:int,name:struct<first:string,middle:string,last:string>,";
    CHECK(dump.substr(0, expected_head.size()) == expected_head);
    CHECK(dump.find("        AttributeReference p#8 partition : int nullable\n") !=
          std::string::npos);
    CHECK(dump_bound(*b.plan) == dump); // deterministic
}

TEST_CASE("a statement the analyzer may use up binds as a kept one, and its syntax is released",
          "[analyzer]") {
    const Catalog catalog = contacts_catalog();
    for (const std::string sql : {
             "SELECT * FROM contacts",
             "SELECT name.first, id AS key, transform(friends, f -> f.last) FROM contacts "
             "WHERE p = 1",
             "SELECT id, count(*) AS n FROM contacts GROUP BY 1 HAVING n > 1 ORDER BY n",
             "SELECT name.first AS f FROM contacts GROUP BY f ORDER BY 1 DESC LIMIT 3",
             "SELECT DISTINCT upper(name.last), id + 1 FROM contacts ORDER BY 2",
             "SELECT name.last FROM contacts ORDER BY id + 1, name.first",
         }) {
        CAPTURE(sql);
        auto source = std::make_shared<const SourceFile>("q.sql", sql);
        const std::vector<StatementText> texts = split_statements(*source);
        REQUIRE(texts.size() == 1);
        const ast::Statement kept = parse_statement(source, texts[0]);
        ast::Statement used = parse_statement(source, texts[0]);
        const BoundStatement from_kept = analyze(kept, catalog, source, {});
        const BoundStatement from_used = analyze(std::move(used), catalog, source, {});
        CHECK(dump_bound(*from_used.plan) == dump_bound(*from_kept.plan));
        CHECK(from_used.next_id == from_kept.next_id);
        CHECK(
            used.select().items.empty()); // NOLINT(bugprone-use-after-move): released is the point
        CHECK_FALSE(kept.select().items.empty());
    }
}

TEST_CASE("rows holding a map or a variant cannot be compared whole", "[analyzer]") {
    const Catalog t =
        load_ddl_catalog("id INT, m MAP<STRING, INT>, v VARIANT, s STRUCT<w: VARIANT>");
    auto [sql, expected] = GENERATE(table<std::string, std::string>({
        {"SELECT DISTINCT s FROM t",
         "1:17: SELECT DISTINCT cannot compare a column of type struct<w:variant>: variants "
         "cannot be compared"},
        // Spark's CheckAnalysis reports a map column before any variant column.
        {"SELECT v, m FROM t EXCEPT SELECT v, m FROM t",
         "1:20: EXCEPT cannot compare column 2 of type map<string,int>: maps cannot be compared"},
        {"SELECT id, v FROM t UNION DISTINCT SELECT id, v FROM t",
         "1:21: UNION cannot compare column 2 of type variant: variants cannot be compared"},
        {"SELECT v FROM t INTERSECT ALL SELECT v FROM t",
         "1:17: INTERSECT cannot compare column 1 of type variant: variants cannot be compared"},
        {"SELECT v, m FROM t UNION ALL SELECT v, m FROM t", "no error"},
        {"SELECT id FROM t ORDER BY s", "1:27: cannot sort by a value of type struct<w:variant>"},
    }));
    CAPTURE(sql);
    CHECK(error_of(sql, t) == expected);
}
