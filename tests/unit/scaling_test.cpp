// The data structures that keep the passes linear (issue 10) answer exactly as the simple
// ones they replaced: StructType's hash index against a scan of the fields, and prune_schema's
// optional-root check against Spark's every-pair comparison.

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "plan/tree.hpp"
#include "prune/prune_schema.hpp"
#include "types/schema_formats.hpp"

using namespace prune;

namespace {

/// What field_index answered before the index: a scan, ambiguous when two fields match.
std::optional<std::size_t> scan(const StructType& s, const std::string& name, CaseSensitivity cs,
                                bool* ambiguous) {
    const auto fold = [&](std::string text) {
        if (cs == CaseSensitivity::Insensitive) {
            for (char& c : text) {
                c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
            }
        }
        return text;
    };
    std::optional<std::size_t> found;
    *ambiguous = false;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (fold(s[i].name) == fold(name)) {
            if (found) {
                *ambiguous = true;
                return std::nullopt;
            }
            found = i;
        }
    }
    return found;
}

/// Spark's containment test, pair by pair (prune_schema.cpp's contained_in).
bool contained_in(const Requirement& required, const Requirement& optional) {
    if (optional.whole) {
        return true;
    }
    if (required.whole) {
        return false;
    }
    if (required.any_leaf && required.kids.empty() && optional.empty()) {
        return false;
    }
    for (const auto& [key, kid] : required.kids) {
        const auto it = optional.kids.find(key);
        if (it == optional.kids.end() || !contained_in(kid, it->second)) {
            return false;
        }
    }
    return true;
}

bool same(const Requirement& a, const Requirement& b) {
    if (a.whole != b.whole || a.any_leaf != b.any_leaf || a.kids.size() != b.kids.size()) {
        return false;
    }
    auto it = b.kids.begin();
    for (const auto& [key, kid] : a.kids) {
        if (key != it->first || !same(kid, it->second)) {
            return false;
        }
        ++it;
    }
    return true;
}

/// A random requirement over keys 0..2 and the array element, at most `depth` deep; mostly
/// single paths (what field accesses produce), sometimes branching (what lambdas produce).
Requirement random_requirement(std::mt19937& rng, int depth) {
    std::uniform_int_distribution<int> pick(0, 9);
    Requirement r;
    const int roll = pick(rng);
    if (depth == 0 || roll < 2) {
        r.whole = roll == 0 || depth == 0;
        r.any_leaf = !r.whole;
        return r;
    }
    const int kids = roll == 9 ? 2 : 1;
    for (int k = 0; k < kids; ++k) {
        const ReqKey key = pick(rng) < 2 ? kElement : static_cast<ReqKey>(pick(rng) % 3);
        r.kids[key] = random_requirement(rng, depth - 1);
    }
    r.any_leaf = pick(rng) == 0;
    return r;
}

/// prune_schema over a list of root fields, any of which may be optional.
ReadSet prune_roots(const Relation& relation, std::vector<RootField> roots) {
    RootsByColumn by_column(/*may_be_optional=*/true);
    for (RootField& root : roots) {
        by_column.add(std::move(root));
    }
    return prune_schema(relation, by_column);
}

} // namespace

TEST_CASE("the struct field index answers as a scan of the fields", "[types]") {
    // Wide enough for the hash index, with a case-only clash (b/B) and an exact duplicate (d).
    std::vector<StructField> fields;
    for (int i = 0; i < 40; ++i) {
        fields.push_back(StructField{"f" + std::to_string(i), int_type()});
    }
    for (const char* name : {"b", "B", "d", "d", "MixedCase"}) {
        fields.push_back(StructField{name, int_type()});
    }
    const TypePtr wide = make_struct(fields);
    fields.resize(6);
    fields.push_back(StructField{"b", int_type()});
    fields.push_back(StructField{"B", int_type()});
    const TypePtr narrow = make_struct(fields); // 8 fields: scanned
    const std::vector<std::string> names = {"f0", "F0",        "f39",       "f40", "b", "B", "d",
                                            "D",  "mixedcase", "MixedCase", "",    "f", "f3"};
    for (const TypePtr& type : {wide, narrow}) {
        const StructType& s = *type->struct_type();
        for (const CaseSensitivity cs :
             {CaseSensitivity::Sensitive, CaseSensitivity::Insensitive}) {
            for (const std::string& name : names) {
                CAPTURE(s.size(), name, cs == CaseSensitivity::Sensitive);
                bool expected_ambiguous = false;
                bool ambiguous = true;
                const auto expected = scan(s, name, cs, &expected_ambiguous);
                CHECK(s.field_index(name, cs, &ambiguous) == expected);
                CHECK(ambiguous == expected_ambiguous);
            }
        }
    }
    const StructType& s = *wide->struct_type();
    CHECK(s.field_index("f39", CaseSensitivity::Sensitive) == 39);
    CHECK(s.field_index("F39", CaseSensitivity::Insensitive) == 39);
    CHECK_FALSE(s.field_index("F39", CaseSensitivity::Sensitive));
    CHECK(s.field_index("b", CaseSensitivity::Sensitive) == 40);
    bool ambiguous = false;
    CHECK_FALSE(s.field_index("b", CaseSensitivity::Insensitive, &ambiguous));
    CHECK(ambiguous);
}

TEST_CASE("a DDL struct of many fields still rejects a duplicate name where it is written",
          "[types]") {
    std::string ddl = "STRUCT<";
    for (int i = 0; i < 100; ++i) {
        ddl += "f" + std::to_string(i) + ": INT, ";
    }
    CHECK(count_leaves(*parse_ddl_type(ddl + "g: INT>")) == 101);
    CHECK_THROWS_WITH(parse_ddl_type(ddl + "f57: INT>"),
                      Catch::Contains("duplicate field name 'f57'"));
}

TEST_CASE("optional roots are dropped exactly when Spark's pairwise test drops them", "[prune]") {
    const TypePtr leaf = parse_ddl_type("STRUCT<a: INT, b: INT, c: INT>");
    const TypePtr type = make_struct(
        {StructField{"x", leaf}, StructField{"y", make_array(leaf)}, StructField{"z", leaf}});
    const ExprPtr column = make_expr(AttributeReference{"col", type, 1, true});
    const Relation relation{"t", {column}, make_struct({StructField{"col", type}}), ""};

    std::mt19937 rng(20261130);
    for (int round = 0; round < 300; ++round) {
        std::vector<RootField> roots;
        const int count = 1 + static_cast<int>(rng() % 12);
        for (int i = 0; i < count; ++i) {
            const bool optional = rng() % 3 == 0;
            roots.push_back(
                RootField{1, random_requirement(rng, 3), optional, optional && rng() % 2 == 0});
        }
        // The rule as Spark writes it: required roots merged, then each optional root kept
        // unless some required root is contained in it; an optional root that replaces a
        // required one (RootField::replaces_required) also drops the plain optional roots.
        Requirement expected;
        for (const RootField& root : roots) {
            if (!root.optional) {
                expected.merge(root.need);
            }
        }
        for (const RootField& optional : roots) {
            if (!optional.optional) {
                continue;
            }
            bool covered = false;
            for (const RootField& other : roots) {
                const bool drops =
                    !other.optional || (other.replaces_required && !optional.replaces_required);
                covered = covered || (drops && contained_in(other.need, optional.need));
            }
            if (!covered) {
                expected.merge(optional.need);
            }
        }
        CAPTURE(round);
        std::vector<RootField> used_up = roots;
        CHECK(same(column_need(used_up), expected));
        // prune_schema groups the roots by column and builds the type of that same need.
        const ReadSet read = prune_roots(relation, std::move(roots));
        REQUIRE(read.pruned_types.count(1) == 1);
        CHECK(equals(*read.pruned_types.at(1), *prune_type(type, expected)));
    }
}

TEST_CASE("roots merged as they come make the need the list of roots makes", "[prune]") {
    // Where no root can be optional (extended), RootsByColumn merges each root into its
    // column's need at once instead of keeping the roots.
    std::mt19937 rng(20261201);
    for (int round = 0; round < 300; ++round) {
        std::vector<RootField> roots;
        const int count = 1 + static_cast<int>(rng() % 12);
        for (int i = 0; i < count; ++i) {
            roots.push_back(
                RootField{1 + static_cast<ExprId>(rng() % 3), random_requirement(rng, 3), false});
        }
        // Ids below 2 go through the table by id, the others through the hash map.
        RootsByColumn merged(/*may_be_optional=*/false, /*dense_ids=*/2);
        RootsByColumn kept(/*may_be_optional=*/true, /*dense_ids=*/2);
        for (const RootField& root : roots) {
            RootField copy = root;
            merged.add(std::move(copy));
            copy = root;
            kept.add(std::move(copy));
        }
        CAPTURE(round);
        std::vector<ExprId> reached;
        for (const RootField& root : roots) {
            reached.push_back(root.attribute);
        }
        std::sort(reached.begin(), reached.end());
        reached.erase(std::unique(reached.begin(), reached.end()), reached.end());
        CHECK(merged.columns() == reached);
        CHECK(kept.columns() == reached);
        for (ExprId column = 1; column <= 4; ++column) {
            const std::optional<Requirement> a = merged.take_need(column);
            const std::optional<Requirement> b = kept.take_need(column);
            REQUIRE(a.has_value() == b.has_value());
            if (a) {
                CHECK(same(*a, *b));
            }
            CHECK_FALSE(merged.take_need(column).has_value()); // taken out
        }
        CHECK(merged.columns().empty());
    }
}

TEST_CASE("prune_schema visits only the columns read, finds their fields by name, and a column "
          "missing from the schema fails loudly",
          "[prune]") {
    const TypePtr leaf = parse_ddl_type("STRUCT<x: INT, y: INT>");
    const TypePtr schema = make_struct(
        {StructField{"a", leaf}, StructField{"b", leaf, false}, StructField{"c", leaf}});
    // Ids that are not positions (binding's are), so the lookup by id is exercised too.
    const ExprPtr a = make_expr(AttributeReference{"a", leaf, 1, true});
    const ExprPtr b = make_expr(AttributeReference{"b", leaf, 2, false});
    const ExprPtr c = make_expr(AttributeReference{"c", leaf, 3, true});
    const auto roots = [] {
        return std::vector<RootField>{RootField{3, Requirement::at(1, Requirement::all()), false},
                                      RootField{2, Requirement::all(), false}};
    };
    const ReadSet read = prune_roots(Relation{"t", {a, b, c}, schema, ""}, roots());
    CHECK(to_ddl(*read.read_schema) == "b STRUCT<x: INT, y: INT> NOT NULL,c STRUCT<y: INT>");
    CHECK(read.pruned_types.size() == 2);
    // The read schema is in the table's order whatever the relation's order.
    const ReadSet reordered = prune_roots(Relation{"t", {c, b, a}, schema, ""}, roots());
    CHECK(to_ddl(*reordered.read_schema) == to_ddl(*read.read_schema));
    // A column read that the stored schema does not have is a broken plan.
    const ExprPtr d = make_expr(AttributeReference{"d", leaf, 3, true});
    CHECK_THROWS_AS(prune_roots(Relation{"t", {a, b, d}, schema, ""}, roots()), InternalError);
}
