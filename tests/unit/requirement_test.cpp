#include <catch2/catch.hpp>

#include "prune/requirement.hpp"
#include "types/schema_formats.hpp"

using namespace prune;

namespace {

std::string pruned(const std::string& ddl_type, const Requirement& req) {
    return catalog_string(*prune_type(parse_ddl_type(ddl_type), req));
}

} // namespace

TEST_CASE("a requirement tree narrows a type in schema order", "[prune]") {
    const std::string name = "STRUCT<first: STRING, middle: STRING, last: STRING>";
    Requirement req = Requirement::at(2, Requirement::all());
    req.merge(Requirement::at(0, Requirement::all()));
    CHECK(pruned(name, req) == "struct<first:string,last:string>");
    CHECK(pruned(name, Requirement::all()) == "struct<first:string,middle:string,last:string>");

    // Whole absorbs partial, in either order (Spark: `name` + `name.first` reads all of name).
    Requirement whole = Requirement::at(1, Requirement::all());
    whole.merge(Requirement::all());
    CHECK(whole.whole);
    CHECK(whole.kids.empty());
}

TEST_CASE("arrays and maps are narrowed through their parts", "[prune]") {
    const std::string friends = "ARRAY<STRUCT<first: STRING, middle: STRING, last: STRING>>";
    CHECK(pruned(friends, Requirement::at(kElement, Requirement::at(1, Requirement::all()))) ==
          "array<struct<middle:string>>");

    const std::string relatives = "MAP<STRING, STRUCT<first: STRING, middle: STRING>>";
    Requirement value = Requirement::at(kValue, Requirement::at(0, Requirement::all()));
    value.kids[kKey] = Requirement::all();
    CHECK(pruned(relatives, value) == "map<string,struct<first:string>>");

    const std::string relations = "MAP<STRUCT<first: STRING, middle: STRING>, STRING>";
    Requirement keys = Requirement::at(kKey, Requirement::at(1, Requirement::all()));
    keys.kids[kValue] = Requirement::all();
    CHECK(pruned(relations, keys) == "map<struct<middle:string>,string>");
}

TEST_CASE("one leaf is the smallest field by defaultSize, first on ties", "[prune]") {
    using Row = std::tuple<std::string, std::string>;
    auto [type, leaf] = GENERATE(table<std::string, std::string>({
        Row{"STRUCT<id: BIGINT, name: STRING, address: STRUCT<city: STRING, zip: STRING>>",
            "struct<id:bigint>"},
        Row{"STRUCT<a: STRING, b: STRING>", "struct<a:string>"},
        Row{"STRUCT<s: STRUCT<x: DOUBLE, y: INT>, t: BIGINT, u: STRING>", "struct<t:bigint>"},
        Row{"STRUCT<s: STRUCT<x: DOUBLE, y: INT>, u: STRING>", "struct<s:struct<y:int>>"},
        Row{"ARRAY<STRUCT<sku: STRING, qty: INT, price: DOUBLE>>", "array<struct<qty:int>>"},
        Row{"MAP<STRING, STRUCT<v: STRING, w: INT>>", "map<string,struct<w:int>>"},
        Row{"ARRAY<INT>", "array<int>"},
        Row{"STRUCT<d: DECIMAL(20, 2), b: BOOLEAN>", "struct<b:boolean>"},
    }));
    CAPTURE(type);
    CHECK(catalog_string(*one_leaf_type(parse_ddl_type(type))) == leaf);
    CHECK(pruned(type, Requirement::one_leaf()) == leaf);
}

TEST_CASE("a one-leaf need disappears below anything else read", "[prune]") {
    const std::string customer =
        "STRUCT<id: BIGINT, name: STRING, address: STRUCT<city: STRING, zip: STRING>>";
    Requirement req = Requirement::one_leaf();
    req.merge(Requirement::at(1, Requirement::all()));
    CHECK(pruned(customer, req) == "struct<name:string>");

    // At a deeper path, the one-leaf need stays where nothing below it is read.
    Requirement deep = Requirement::at(2, Requirement::one_leaf());
    deep.merge(Requirement::at(0, Requirement::all()));
    CHECK(pruned(customer, deep) == "struct<id:bigint,address:struct<city:string>>");
}

TEST_CASE("untouched types are shared, not copied", "[prune]") {
    const TypePtr type = parse_ddl_type("STRUCT<a: INT, b: STRUCT<c: INT>>");
    CHECK(prune_type(type, Requirement::all()) == type);
    Requirement both = Requirement::at(0, Requirement::all());
    both.merge(Requirement::at(1, Requirement::all()));
    CHECK(prune_type(type, both) == type);
}

TEST_CASE("requirement_for undoes prune_type: the need that narrows a type to a pruned one",
          "[prune]") {
    const TypePtr full = parse_ddl_type(
        "ARRAY<STRUCT<a: STRUCT<x: INT, y: STRING>, m: MAP<STRING, STRUCT<p: INT, q: INT>>, "
        "b: BIGINT>>");
    for (const char* narrowed : {
             "ARRAY<STRUCT<a: STRUCT<y: STRING>>>",
             "ARRAY<STRUCT<m: MAP<STRING, STRUCT<q: INT>>, b: BIGINT>>",
             "ARRAY<STRUCT<a: STRUCT<x: INT, y: STRING>, b: BIGINT>>",
         }) {
        const TypePtr pruned = parse_ddl_type(narrowed);
        CAPTURE(narrowed);
        CHECK(same_type(*prune_type(full, requirement_for(full, pruned)), *pruned));
    }
    CHECK(requirement_for(full, full).whole);
    // A field the full type lacks is not a narrowing of it: the value is needed whole.
    const TypePtr other = parse_ddl_type("ARRAY<STRUCT<z: INT>>");
    const Requirement unknown = requirement_for(full, other);
    REQUIRE(unknown.kids.find(kElement) != unknown.kids.end());
    CHECK(unknown.kids.find(kElement)->second.whole);
}
