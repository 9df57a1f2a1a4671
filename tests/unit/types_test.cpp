#include <catch2/catch.hpp>

#include "diag/diagnostic.hpp"
#include "types/data_type.hpp"
#include "types/schema_formats.hpp"

using namespace prune;

namespace {

TypePtr ddl(const std::string& text) { return parse_ddl_schema(SourceFile("<test>", text)); }
TypePtr type(const std::string& text) { return parse_ddl_type(text); }

TypePtr interval(AtomicKind kind, int start, int end) {
    AtomicType t;
    t.kind = kind;
    t.start_field = start;
    t.end_field = end;
    return make_ref<const DataType>(t);
}

} // namespace

TEST_CASE("catalog_string and type_name of every atomic type", "[types]") {
    using Row = std::tuple<TypePtr, std::string, std::string>;
    const auto [t, catalog, name] = GENERATE(table<TypePtr, std::string, std::string>({
        Row{make_atomic(AtomicKind::Boolean), "boolean", "boolean"},
        Row{make_atomic(AtomicKind::Byte), "tinyint", "byte"},
        Row{make_atomic(AtomicKind::Short), "smallint", "short"},
        Row{make_atomic(AtomicKind::Integer), "int", "integer"},
        Row{make_atomic(AtomicKind::Long), "bigint", "long"},
        Row{make_atomic(AtomicKind::Float), "float", "float"},
        Row{make_atomic(AtomicKind::Double), "double", "double"},
        Row{make_decimal(10, 2), "decimal(10,2)", "decimal(10,2)"},
        Row{make_atomic(AtomicKind::Decimal), "decimal(10,0)", "decimal(10,0)"},
        Row{make_atomic(AtomicKind::String), "string", "string"},
        Row{make_char(3), "char(3)", "char(3)"},
        Row{make_varchar(10), "varchar(10)", "varchar(10)"},
        Row{make_atomic(AtomicKind::Binary), "binary", "binary"},
        Row{make_atomic(AtomicKind::Date), "date", "date"},
        Row{make_atomic(AtomicKind::Timestamp), "timestamp", "timestamp"},
        Row{make_atomic(AtomicKind::TimestampNtz), "timestamp_ntz", "timestamp_ntz"},
        Row{make_atomic(AtomicKind::YearMonthInterval), "interval year to month",
            "interval year to month"},
        Row{interval(AtomicKind::YearMonthInterval, 0, 0), "interval year", "interval year"},
        Row{interval(AtomicKind::YearMonthInterval, 1, 1), "interval month", "interval month"},
        Row{make_atomic(AtomicKind::DayTimeInterval), "interval day to second",
            "interval day to second"},
        Row{interval(AtomicKind::DayTimeInterval, 0, 0), "interval day", "interval day"},
        Row{interval(AtomicKind::DayTimeInterval, 1, 2), "interval hour to minute",
            "interval hour to minute"},
        Row{interval(AtomicKind::DayTimeInterval, 2, 3), "interval minute to second",
            "interval minute to second"},
        Row{interval(AtomicKind::DayTimeInterval, 3, 3), "interval second", "interval second"},
        Row{make_atomic(AtomicKind::CalendarInterval), "interval", "interval"},
        Row{make_atomic(AtomicKind::Variant), "variant", "variant"},
        Row{make_atomic(AtomicKind::Null), "void", "void"},
    }));
    CAPTURE(catalog);
    CHECK(catalog_string(*t) == catalog);
    CHECK(type_name(*t) == name);
}

TEST_CASE("catalog_string of nested types", "[types]") {
    const TypePtr t = ddl("id INT, name STRUCT<first: STRING>, tags ARRAY<STRING>, "
                          "m MAP<STRING, STRUCT<a: INT>>, e STRUCT<>");
    CHECK(catalog_string(*t) == "struct<id:int,name:struct<first:string>,tags:array<string>,"
                                "m:map<string,struct<a:int>>,e:struct<>>");
    CHECK(type_name(*t) == "struct");
    CHECK(type_name(*type("ARRAY<INT>")) == "array");
    CHECK(type_name(*type("MAP<INT, INT>")) == "map");
    // Names are never quoted in catalog strings.
    CHECK(catalog_string(*ddl("`a b` INT, `x:y` STRING")) == "struct<a b:int,x:y:string>");
}

TEST_CASE("tree_string is Spark's printSchema", "[types]") {
    const TypePtr t = ddl("id INT, name STRUCT<first: STRING>, tags ARRAY<STRING>, "
                          "m MAP<STRING, STRUCT<a: INT>>");
    CHECK(tree_string(*t) == "root\n"
                             " |-- id: integer (nullable = true)\n"
                             " |-- name: struct (nullable = true)\n"
                             " |    |-- first: string (nullable = true)\n"
                             " |-- tags: array (nullable = true)\n"
                             " |    |-- element: string (containsNull = true)\n"
                             " |-- m: map (nullable = true)\n"
                             " |    |-- key: string\n"
                             " |    |-- value: struct (valueContainsNull = true)\n"
                             " |    |    |-- a: integer (nullable = true)\n");

    const TypePtr nested = make_struct({
        StructField{"x", make_array(make_array(long_type(), false), true), false, "{}"},
        StructField{"k", make_map(type("STRUCT<a: INT>"), make_decimal(5, 1), false), true, "{}"},
        StructField{"line\nbreak", string_type(), true, "{}"},
    });
    CHECK(tree_string(*nested) == "root\n"
                                  " |-- x: array (nullable = false)\n"
                                  " |    |-- element: array (containsNull = true)\n"
                                  " |    |    |-- element: long (containsNull = false)\n"
                                  " |-- k: map (nullable = true)\n"
                                  " |    |-- key: struct\n"
                                  " |    |    |-- a: integer (nullable = true)\n"
                                  " |    |-- value: decimal(5,1) (valueContainsNull = false)\n"
                                  " |-- line\\nbreak: string (nullable = true)\n");
    CHECK(tree_string(*make_struct({})) == "root\n");
}

TEST_CASE("field_index honours case sensitivity and reports ambiguity", "[types]") {
    const TypePtr t = ddl("id INT, Name STRING, a INT, A INT");
    const StructType& s = *t->struct_type();
    using Row = std::tuple<std::string, CaseSensitivity, std::optional<std::size_t>, bool>;
    const auto [name, cs, expected, ambiguous] =
        GENERATE(table<std::string, CaseSensitivity, std::optional<std::size_t>, bool>({
            Row{"id", CaseSensitivity::Sensitive, 0, false},
            Row{"ID", CaseSensitivity::Sensitive, std::nullopt, false},
            Row{"ID", CaseSensitivity::Insensitive, 0, false},
            Row{"name", CaseSensitivity::Insensitive, 1, false},
            Row{"Name", CaseSensitivity::Sensitive, 1, false},
            Row{"name", CaseSensitivity::Sensitive, std::nullopt, false},
            Row{"a", CaseSensitivity::Sensitive, 2, false},
            Row{"A", CaseSensitivity::Sensitive, 3, false},
            Row{"a", CaseSensitivity::Insensitive, std::nullopt, true},
            Row{"missing", CaseSensitivity::Insensitive, std::nullopt, false},
        }));
    CAPTURE(name);
    bool amb = !ambiguous;
    CHECK(s.field_index(name, cs, &amb) == expected);
    CHECK(amb == ambiguous);
    CHECK(s.field_index(name, cs) == expected);
    CHECK(s.field_names() == std::vector<std::string>{"id", "Name", "a", "A"});
    CHECK(s.size() == 4);
    CHECK(s[1].name == "Name");
}

TEST_CASE("equals and same_type", "[types]") {
    const TypePtr a = ddl("a INT NOT NULL, b ARRAY<STRING>");
    CHECK(equals(*a, *ddl("a INT NOT NULL, b ARRAY<STRING>")));
    CHECK_FALSE(equals(*a, *ddl("a INT, b ARRAY<STRING>")));
    CHECK(same_type(*a, *ddl("a INT, b ARRAY<STRING>")));
    CHECK_FALSE(same_type(*a, *ddl("A INT, b ARRAY<STRING>")));
    CHECK_FALSE(same_type(*a, *ddl("a BIGINT, b ARRAY<STRING>")));
    CHECK_FALSE(same_type(*a, *ddl("a INT")));
    // Metadata takes part in equals only.
    const TypePtr commented = ddl("a INT NOT NULL COMMENT 'x', b ARRAY<STRING>");
    CHECK_FALSE(equals(*a, *commented));
    CHECK(same_type(*a, *commented));
    // Containment nullability of arrays and maps.
    CHECK_FALSE(equals(*make_array(int_type(), true), *make_array(int_type(), false)));
    CHECK(same_type(*make_array(int_type(), true), *make_array(int_type(), false)));
    CHECK_FALSE(
        equals(*make_map(int_type(), int_type(), true), *make_map(int_type(), int_type(), false)));
    CHECK_FALSE(equals(*make_decimal(10, 2), *make_decimal(10, 3)));
    CHECK_FALSE(equals(*make_char(3), *make_varchar(3)));
    // Metadata compares as JSON, not as text.
    const TypePtr m1 = make_struct({StructField{"a", int_type(), true, R"({"x":1,"y":2})"}});
    const TypePtr m2 = make_struct({StructField{"a", int_type(), true, R"({"y":2, "x":1})"}});
    CHECK(equals(*m1, *m2));
}

TEST_CASE("merge is Spark's StructType.merge", "[types]") {
    using Row = std::tuple<std::string, std::string, std::string>;
    const auto [left, right, merged] = GENERATE(table<std::string, std::string, std::string>({
        Row{"a INT", "b STRING", "struct<a:int,b:string>"},
        Row{"a INT, b STRUCT<x: INT>", "b STRUCT<y: STRING>, c BIGINT",
            "struct<a:int,b:struct<x:int,y:string>,c:bigint>"},
        Row{"a ARRAY<STRUCT<x: INT>>", "a ARRAY<STRUCT<y: INT, x: INT>>",
            "struct<a:array<struct<x:int,y:int>>>"},
        Row{"m MAP<STRING, STRUCT<x: INT>>", "m MAP<STRING, STRUCT<z: INT>>",
            "struct<m:map<string,struct<x:int,z:int>>>"},
        Row{"d DECIMAL(10, 2)", "d DECIMAL(12, 2)", "struct<d:decimal(12,2)>"},
        Row{"i INTERVAL HOUR", "i INTERVAL DAY TO MINUTE", "struct<i:interval day to minute>"},
        Row{"i INTERVAL MONTH", "i INTERVAL YEAR", "struct<i:interval year to month>"},
        // Names compare exactly: `A` is a new field.
        Row{"a INT", "A INT", "struct<a:int,A:int>"},
    }));
    CAPTURE(left, right);
    CHECK(catalog_string(*merge(ddl(left), ddl(right))) == merged);
}

TEST_CASE("merge ORs nullability and keeps the left metadata", "[types]") {
    const TypePtr m = merge(ddl("a INT NOT NULL COMMENT 'l', b ARRAY<INT> NOT NULL"),
                            ddl("a INT COMMENT 'r', b ARRAY<INT> NOT NULL"));
    CHECK(to_ddl(*m) == "a INT COMMENT 'l',b ARRAY<INT> NOT NULL");
    const TypePtr arrays = merge(make_array(int_type(), false), make_array(int_type(), true));
    CHECK(arrays->array()->contains_null);
    const TypePtr maps =
        merge(make_map(int_type(), int_type(), false), make_map(int_type(), int_type(), false));
    CHECK_FALSE(maps->map()->value_contains_null);
}

TEST_CASE("merge rejects incompatible types", "[types]") {
    using Row = std::tuple<std::string, std::string, std::string>;
    const auto [left, right, message] = GENERATE(table<std::string, std::string, std::string>({
        Row{"a INT", "a STRING", "failed to merge incompatible data types int and string"},
        Row{"a STRUCT<x: INT>", "a ARRAY<INT>",
            "failed to merge incompatible data types struct<x:int> and array<int>"},
        Row{"a STRUCT<x: INT>", "a STRUCT<x: BIGINT>",
            "failed to merge incompatible data types int and bigint"},
        Row{"a DECIMAL(10, 2)", "a DECIMAL(10, 3)",
            "failed to merge decimal types with incompatible scale 2 and 3"},
        Row{"a CHAR(3)", "a CHAR(4)",
            "failed to merge incompatible data types char(3) and char(4)"},
        Row{"a INTERVAL YEAR", "a INTERVAL DAY",
            "failed to merge incompatible data types interval year and interval day"},
    }));
    CAPTURE(left, right);
    CHECK_THROWS_MATCHES(merge(ddl(left), ddl(right)), SchemaError,
                         Catch::Matchers::Message(message));
}

TEST_CASE("default_size follows Spark's DataType.defaultSize", "[types]") {
    using Row = std::tuple<std::string, std::int64_t>;
    const auto [text, size] = GENERATE(table<std::string, std::int64_t>({
        Row{"BOOLEAN", 1},
        Row{"TINYINT", 1},
        Row{"SMALLINT", 2},
        Row{"INT", 4},
        Row{"FLOAT", 4},
        Row{"DATE", 4},
        Row{"INTERVAL YEAR TO MONTH", 4},
        Row{"INTERVAL MONTH", 4},
        Row{"BIGINT", 8},
        Row{"DOUBLE", 8},
        Row{"TIMESTAMP", 8},
        Row{"TIMESTAMP_NTZ", 8},
        Row{"INTERVAL DAY TO SECOND", 8},
        Row{"INTERVAL HOUR", 8},
        Row{"INTERVAL", 16},
        Row{"STRING", 20},
        Row{"BINARY", 100},
        Row{"CHAR(3)", 3},
        Row{"VARCHAR(10)", 10},
        Row{"DECIMAL(18, 2)", 8},
        Row{"DECIMAL(19, 2)", 16},
        Row{"DECIMAL", 8},
        Row{"VOID", 1},
        Row{"STRUCT<a: INT, b: STRING>", 24},
        Row{"STRUCT<>", 0},
        Row{"ARRAY<BIGINT>", 8},
        Row{"MAP<STRING, INT>", 24},
        Row{"ARRAY<STRUCT<a: BOOLEAN, b: MAP<INT, ARRAY<DOUBLE>>>>", 13},
    }));
    CAPTURE(text);
    CHECK(default_size(*type(text)) == size);
}

TEST_CASE("count_leaves and type_depth", "[types]") {
    using Row = std::tuple<std::string, std::int64_t, std::size_t>;
    const auto [text, leaves, depth] = GENERATE(table<std::string, std::int64_t, std::size_t>({
        Row{"INT", 1, 1},
        Row{"STRUCT<>", 0, 1},
        Row{"STRUCT<a: INT, b: STRING>", 2, 2},
        Row{"ARRAY<INT>", 1, 2},
        Row{"ARRAY<STRUCT<a: INT, b: STRING>>", 2, 3},
        Row{"MAP<STRING, INT>", 2, 2},
        Row{"MAP<STRUCT<a: INT, b: INT>, ARRAY<STRUCT<c: INT, d: INT, e: INT>>>", 5, 4},
        Row{"STRUCT<a: STRUCT<b: STRUCT<c: INT>>, d: INT>", 2, 4},
    }));
    CAPTURE(text);
    CHECK(count_leaves(*type(text)) == leaves);
    CHECK(type_depth(*type(text)) == depth);
}

TEST_CASE("a cast's char and varchar become string, at any depth", "[types]") {
    const auto [text, expected] = GENERATE(table<std::string, std::string>({
        {"VARCHAR(3)", "string"},
        {"CHAR(2)", "string"},
        {"STRUCT<a: CHAR(1), b: INT>", "struct<a:string,b:int>"},
        {"ARRAY<VARCHAR(5)>", "array<string>"},
        {"MAP<CHAR(2), ARRAY<STRUCT<v: VARCHAR(1)>>>", "map<string,array<struct<v:string>>>"},
        {"STRUCT<a: INT, b: ARRAY<STRING>>", "struct<a:int,b:array<string>>"},
    }));
    CAPTURE(text);
    const TypePtr before = type(text);
    const TypePtr after = replace_char_varchar_with_string(before);
    CHECK(catalog_string(*after) == expected);
    if (catalog_string(*before) == expected) {
        CHECK(after == before); // nothing to replace: the same type, not a copy
    }
}

TEST_CASE("numeric and integral kinds", "[types]") {
    using Row = std::tuple<std::string, bool, bool>;
    const auto [text, numeric, integral] = GENERATE(table<std::string, bool, bool>({
        Row{"TINYINT", true, true},
        Row{"SMALLINT", true, true},
        Row{"INT", true, true},
        Row{"BIGINT", true, true},
        Row{"FLOAT", true, false},
        Row{"DOUBLE", true, false},
        Row{"DECIMAL(10, 2)", true, false},
        Row{"STRING", false, false},
        Row{"BOOLEAN", false, false},
        Row{"DATE", false, false},
        Row{"INTERVAL DAY", false, false},
        Row{"VOID", false, false},
        Row{"ARRAY<INT>", false, false},
    }));
    CAPTURE(text);
    CHECK(is_numeric(*type(text)) == numeric);
    CHECK(is_integral(*type(text)) == integral);
}

TEST_CASE("singletons and constructors", "[types]") {
    CHECK(boolean_type()->is(AtomicKind::Boolean));
    CHECK(int_type()->is(AtomicKind::Integer));
    CHECK(long_type()->is(AtomicKind::Long));
    CHECK(double_type()->is(AtomicKind::Double));
    CHECK(string_type()->is(AtomicKind::String));
    CHECK(null_type()->is(AtomicKind::Null));
    CHECK(int_type() == int_type());
    CHECK(make_atomic(AtomicKind::Integer)->atomic()->kind == AtomicKind::Integer);
    CHECK(catalog_string(*make_array(int_type())) == "array<int>");
    CHECK(make_array(int_type())->array()->contains_null);
    CHECK(make_map(int_type(), int_type())->map()->value_contains_null);
    CHECK(make_decimal(38, 38)->atomic()->precision == 38);
}
