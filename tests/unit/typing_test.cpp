#include <catch2/catch.hpp>

#include "plan/functions.hpp"
#include "plan/higher_order.hpp"
#include "plan/typing.hpp"
#include "types/schema_formats.hpp"

using namespace prune;

namespace {

TypePtr ty(std::string_view ddl) { return parse_ddl_type(ddl); }

std::string str(const TypePtr& t) { return catalog_string(*t); }
std::string str(const ExprPtr& e) { return catalog_string(*e->type); }

ExprPtr attr(const std::string& name, TypePtr type, bool nullable = true) {
    static ExprId next = 1;
    return make_expr(AttributeReference{name, std::move(type), next++, nullable});
}

ExprPtr attr(const std::string& name, std::string_view ddl, bool nullable = true) {
    return attr(name, ty(ddl), nullable);
}

// DDL has no NOT NULL for array elements and map values.
TypePtr array_of(std::string_view element, bool contains_null) {
    return make_array(ty(element), contains_null);
}

ExprPtr var(const std::string& name, std::string_view ddl, bool nullable = true) {
    static ExprId next = 100;
    return make_expr(NamedLambdaVariable{name, ty(ddl), nullable, next++});
}

ExprPtr lit(std::string_view ddl, const std::string& text) {
    return make_expr(Literal{ty(ddl), text, false});
}
ExprPtr int_lit(int v) { return make_expr(Literal{int_type(), std::to_string(v), false}); }
ExprPtr null_lit() { return make_expr(Literal{null_type(), "null", true}); }
ExprPtr str_lit(const std::string& s) { return make_expr(Literal{string_type(), s, false}); }

ExprPtr field(const ExprPtr& child, std::size_t ordinal) {
    return make_expr(GetStructField{child, ordinal, {}});
}

// Builds a binary operator the way the analyzer does: coerce, then build.
ExprPtr bin(BinaryOpKind op, const ExprPtr& l, const ExprPtr& r) {
    BinaryCoercion c = coerce_binary(op, l, r);
    REQUIRE(c.error.empty());
    return make_expr(BinaryOp{op, c.left, c.right});
}

ExprPtr call(const std::string& name, std::vector<ExprPtr> args) {
    const FunctionDef* def = find_function(name);
    REQUIRE(def != nullptr);
    if (def->coerce != nullptr) {
        args = def->coerce(args);
    }
    return make_expr(ScalarFunction{def, std::move(args), false});
}

ExprPtr lambda(const ExprPtr& body, std::vector<ExprPtr> params) {
    return make_expr(LambdaFunction{body, std::move(params)});
}

ExprPtr hof(std::string_view name, std::vector<ExprPtr> args) {
    return make_expr(HigherOrderFunction{find_hof(name), std::move(args)});
}

ExprPtr cast(const ExprPtr& e, std::string_view ddl) { return make_expr(Cast{e, ty(ddl)}); }

} // namespace

TEST_CASE("leaves: literals, attributes and lambda variables", "[typing]") {
    const ExprPtr one = int_lit(1);
    CHECK(str(one) == "int");
    CHECK_FALSE(one->nullable);
    CHECK(null_lit()->nullable);
    CHECK(str(null_lit()) == "void");

    const ExprPtr cast_null = cast(null_lit(), "INT");
    CHECK(str(cast_null) == "int");
    CHECK(cast_null->nullable);

    CHECK(attr("a", "INT", true)->nullable);
    CHECK_FALSE(attr("a", "INT", false)->nullable);
    CHECK(var("x", "STRING", true)->nullable);
    CHECK_FALSE(var("x", "STRING", false)->nullable);

    const ExprPtr x = var("x", "INT", false);
    const ExprPtr l = lambda(bin(BinaryOpKind::Add, x, int_lit(1)), {x});
    CHECK(str(l) == "int");
    CHECK_FALSE(l->nullable);
    const ExprPtr alias = make_expr(Alias{l, "out", 7});
    CHECK_FALSE(alias->nullable);
}

TEST_CASE("struct field nullability is the child's or the field's", "[typing]") {
    auto [child_nullable, field_ddl, expected] = GENERATE(table<bool, std::string, bool>({
        {false, "STRUCT<a: INT NOT NULL>", false},
        {false, "STRUCT<a: INT>", true},
        {true, "STRUCT<a: INT NOT NULL>", true},
        {true, "STRUCT<a: INT>", true},
    }));
    const ExprPtr s = attr("s", field_ddl, child_nullable);
    const ExprPtr f = field(s, 0);
    CHECK(str(f) == "int");
    CHECK(f->nullable == expected);
}

TEST_CASE("extractors on arrays and maps", "[typing]") {
    const ExprPtr items = attr("items", "ARRAY<STRUCT<sku: STRING, qty: INT NOT NULL>>", false);
    const ExprPtr skus = make_expr(GetArrayStructFields{items, {}, 0, true});
    CHECK(str(skus) == "array<string>");
    CHECK(skus->type->array()->contains_null);
    CHECK_FALSE(skus->nullable);

    const ExprPtr qtys = make_expr(GetArrayStructFields{items, {}, 1, false});
    CHECK_FALSE(qtys->type->array()->contains_null);

    const ExprPtr m = attr("m", make_map(string_type(), int_type(), false), false);
    const ExprPtr keys = make_expr(MapKeys{m});
    CHECK(str(keys) == "array<string>");
    // Spark: MapKeys.dataType is ArrayType(keyType), whose containsNull defaults to true.
    CHECK(keys->type->array()->contains_null);
    CHECK_FALSE(keys->nullable);
    const ExprPtr values = make_expr(MapValues{m});
    CHECK_FALSE(values->type->array()->contains_null);

    const ExprPtr value = make_expr(GetMapValue{m, str_lit("k")});
    CHECK(str(value) == "int");
    CHECK(value->nullable);
    const ExprPtr at_key = make_expr(ElementAt{m, str_lit("k")});
    CHECK(at_key->nullable);
}

TEST_CASE("array subscripts follow computeNullabilityFromArray in ANSI mode", "[typing]") {
    const ExprPtr no_nulls = attr("a", array_of("INT", false), false);
    const ExprPtr with_nulls = attr("b", "ARRAY<INT>", false);
    const ExprPtr i = attr("i", "INT", false);

    // A constant index into a column: nullable (Spark cannot see the array's length).
    CHECK(make_expr(GetArrayItem{no_nulls, int_lit(0)})->nullable);
    // A non-constant index: an out-of-bounds index is an error, so the elements decide.
    CHECK_FALSE(make_expr(GetArrayItem{no_nulls, i})->nullable);
    CHECK(make_expr(GetArrayItem{with_nulls, i})->nullable);
    CHECK(str(make_expr(GetArrayItem{with_nulls, i})) == "int");

    // A constant index into array(...): the element's own nullability.
    const ExprPtr arr = call("array", {int_lit(1), null_lit()});
    CHECK(str(arr) == "array<int>");
    CHECK_FALSE(make_expr(GetArrayItem{arr, int_lit(0)})->nullable);
    CHECK(make_expr(GetArrayItem{arr, int_lit(1)})->nullable);
    CHECK_FALSE(make_expr(GetArrayItem{arr, int_lit(5)})->nullable); // ANSI: an error

    // element_at is 1-based, negative from the end.
    CHECK_FALSE(make_expr(ElementAt{arr, int_lit(1)})->nullable);
    CHECK(make_expr(ElementAt{arr, int_lit(-1)})->nullable);
    CHECK(make_expr(ElementAt{arr, int_lit(2)})->nullable);
    CHECK_FALSE(make_expr(ElementAt{no_nulls, i})->nullable);
}

TEST_CASE("named_struct is never null and its fields carry the values' nullability", "[typing]") {
    const ExprPtr a = attr("a", "INT", true);
    const ExprPtr s = make_expr(CreateNamedStruct{{"x", "y"}, {a, int_lit(1)}});
    CHECK(str(s) == "struct<x:int,y:int>");
    CHECK_FALSE(s->nullable);
    CHECK((*s->type->struct_type())[0].nullable);
    CHECK_FALSE((*s->type->struct_type())[1].nullable);
}

TEST_CASE("CASE: nullable without ELSE or with a nullable branch", "[typing]") {
    const ExprPtr l = var("l", "STRUCT<last: STRING>", true);
    const ExprPtr r = var("r", "STRUCT<last: STRING>", true);
    const ExprPtr lt = bin(BinaryOpKind::LessThan, field(l, 0), field(r, 0));
    const ExprPtr gt = bin(BinaryOpKind::GreaterThan, field(l, 0), field(r, 0));
    CHECK(lt->nullable);

    // spark-core-049's comparator: every branch a literal, ELSE present: never null.
    const ExprPtr cmp = make_expr(CaseWhen{{{lt, int_lit(-1)}, {gt, int_lit(1)}}, int_lit(0)});
    CHECK(str(cmp) == "int");
    CHECK_FALSE(cmp->nullable);

    const ExprPtr no_else = make_expr(CaseWhen{{{lt, int_lit(-1)}}, nullptr});
    CHECK(no_else->nullable);

    const ExprPtr nullable_branch =
        make_expr(CaseWhen{{{lt, cast(null_lit(), "INT")}}, int_lit(0)});
    CHECK(nullable_branch->nullable);

    // Branch types merge their nullability flags.
    const ExprPtr a1 = attr("a1", array_of("INT", false));
    const ExprPtr a2 = attr("a2", "ARRAY<INT>");
    const ExprPtr merged = make_expr(CaseWhen{{{lt, a1}}, a2});
    CHECK(merged->type->array()->contains_null);
}

TEST_CASE("comparators of strict array_sort (Spark cases)", "[typing]") {
    const std::string element = "STRUCT<a: INT, b: INT, c: INT>";
    const ExprPtr l = var("l", element, true);
    const ExprPtr r = var("r", element, true);
    const ExprPtr diff = bin(BinaryOpKind::Subtract, field(l, 2), field(r, 2));
    CHECK(str(diff) == "int");
    CHECK(diff->nullable); // l.v - r.v over nullable fields

    // spark-catalyst-006 / -008: coalesce(l.c - r.c, 0) can never be null.
    const ExprPtr cmp = call("coalesce", {diff, int_lit(0)});
    CHECK(str(cmp) == "int");
    CHECK_FALSE(cmp->nullable);

    // spark-catalyst-014: CAST(NULL AS INT) can.
    CHECK(cast(null_lit(), "INT")->nullable);

    const ExprPtr rules = attr("rules", "ARRAY<" + element + ">", true);
    const ExprPtr sorted = hof("array_sort", {rules, lambda(cmp, {l, r})});
    CHECK(str(sorted) == "array<struct<a:int,b:int,c:int>>");
    CHECK(sorted->nullable);
}

TEST_CASE("arithmetic types and nullability", "[typing]") {
    struct Row {
        BinaryOpKind op;
        std::string left;
        bool left_nullable;
        std::string right;
        bool right_nullable;
        std::string type;
        bool nullable;
    };
    using K = BinaryOpKind;
    auto row = GENERATE(values<Row>({
        {K::Add, "INT", false, "INT", false, "int", false},
        {K::Add, "INT", true, "INT", false, "int", true},
        {K::Subtract, "INT", false, "BIGINT", false, "bigint", false},
        {K::Multiply, "SMALLINT", false, "TINYINT", false, "smallint", false},
        {K::Add, "INT", false, "FLOAT", false, "double", false},
        {K::Add, "FLOAT", false, "FLOAT", false, "float", false},
        {K::Divide, "INT", false, "INT", false, "double", true},
        {K::Divide, "DOUBLE", false, "BIGINT", false, "double", true},
        {K::Remainder, "INT", false, "INT", false, "int", true},
        {K::IntegralDivide, "INT", false, "INT", false, "bigint", true},
        {K::Add, "STRING", false, "INT", false, "bigint", true},
        {K::Add, "STRING", false, "DOUBLE", false, "double", true},
        {K::Add, "DECIMAL(10,2)", false, "DECIMAL(5,3)", false, "decimal(12,3)", false},
        {K::Subtract, "DECIMAL(10,2)", false, "DECIMAL(5,3)", true, "decimal(12,3)", true},
        {K::Multiply, "DECIMAL(10,2)", false, "DECIMAL(5,3)", false, "decimal(16,5)", false},
        {K::Divide, "DECIMAL(10,2)", false, "DECIMAL(5,3)", false, "decimal(19,8)", true},
        {K::Remainder, "DECIMAL(10,2)", false, "DECIMAL(5,3)", false, "decimal(5,3)", true},
        {K::Multiply, "DECIMAL(38,10)", false, "DECIMAL(38,10)", false, "decimal(38,6)", false},
        {K::Add, "INT", false, "DECIMAL(5,2)", false, "decimal(13,2)", false},
        {K::Add, "DOUBLE", false, "DECIMAL(5,2)", false, "double", false},
        {K::IntegralDivide, "DECIMAL(10,2)", false, "INT", false, "bigint", true},
        {K::BitwiseAnd, "INT", false, "BIGINT", true, "bigint", true},
        {K::BitwiseXor, "TINYINT", false, "TINYINT", false, "tinyint", false},
    }));
    const ExprPtr e = bin(row.op, attr("l", row.left, row.left_nullable),
                          attr("r", row.right, row.right_nullable));
    INFO(catalyst_name(*e) << "(" << row.left << ", " << row.right << ")");
    CHECK(str(e) == row.type);
    CHECK(e->nullable == row.nullable);
    CHECK(is_numeric(*e->type));
}

TEST_CASE("an integral literal beside a decimal takes only its digits", "[typing]") {
    const ExprPtr d = attr("d", "DECIMAL(5,2)", false);
    const ExprPtr product = bin(BinaryOpKind::Multiply, d, int_lit(2));
    CHECK(str(product) == "decimal(7,2)"); // 2 is decimal(1,0), not decimal(10,0)
    const ExprPtr sum = bin(BinaryOpKind::Add, int_lit(-123), d);
    CHECK(str(sum) == "decimal(6,2)");
    const Cast* c = sum->as<BinaryOp>()->left->as<Cast>();
    REQUIRE(c != nullptr);
    CHECK(str(c->target) == "decimal(3,0)");
}

TEST_CASE("comparisons coerce both sides", "[typing]") {
    struct Row {
        std::string left;
        std::string right;
        std::string operand_type;
        bool nullable; // a cast from string may fail (Spark: Cast.forceNullable)
    };
    auto row = GENERATE(values<Row>({
        {"INT", "BIGINT", "bigint", false},
        {"STRING", "INT", "bigint", true},
        {"STRING", "DOUBLE", "double", true},
        {"STRING", "DATE", "date", true},
        {"DATE", "TIMESTAMP", "timestamp", false},
        {"STRING", "BOOLEAN", "boolean", true},
        {"INT", "DECIMAL(5,2)", "decimal(12,2)", false},
        {"DECIMAL(4,1)", "DECIMAL(5,3)", "decimal(6,3)", false},
        {"FLOAT", "DECIMAL(5,2)", "double", false},
        {"STRUCT<a: INT>", "STRUCT<A: INT NOT NULL>", "struct<a:int>", false},
        {"ARRAY<INT>", "ARRAY<BIGINT>", "array<bigint>", false},
        {"STRING", "VARCHAR(3)", "string", false},
    }));
    for (BinaryOpKind op : {BinaryOpKind::EqualTo, BinaryOpKind::LessThan}) {
        BinaryCoercion c =
            coerce_binary(op, attr("l", row.left, false), attr("r", row.right, false));
        INFO(row.left << " vs " << row.right);
        REQUIRE(c.error.empty());
        CHECK(str(c.left) == row.operand_type);
        CHECK(same_type_ignoring_nullability(*c.left->type, *c.right->type));
        const ExprPtr e = make_expr(BinaryOp{op, c.left, c.right});
        CHECK(str(e) == "boolean");
        CHECK(e->nullable == row.nullable);
    }
}

TEST_CASE("boolean operators and null-safe equality", "[typing]") {
    const ExprPtr p = attr("p", "BOOLEAN", true);
    const ExprPtr q = attr("q", "BOOLEAN", false);
    CHECK(bin(BinaryOpKind::And, p, q)->nullable);
    CHECK_FALSE(bin(BinaryOpKind::Or, q, q)->nullable);
    CHECK_FALSE(bin(BinaryOpKind::EqualNullSafe, p, attr("x", "BOOLEAN", true))->nullable);
    CHECK(bin(BinaryOpKind::EqualTo, p, q)->nullable);

    // NULL and strings become boolean beside a boolean.
    const ExprPtr with_null = bin(BinaryOpKind::And, q, null_lit());
    CHECK(str(with_null->as<BinaryOp>()->right) == "boolean");
    CHECK(with_null->nullable);
    CHECK(str(bin(BinaryOpKind::Or, attr("s", "STRING"), q)->as<BinaryOp>()->left) == "boolean");

    CHECK_FALSE(make_expr(IsNull{p})->nullable);
    CHECK_FALSE(make_expr(IsNotNull{p})->nullable);
    CHECK(make_expr(UnaryOp{UnaryOpKind::Not, p})->nullable);
    CHECK_FALSE(make_expr(UnaryOp{UnaryOpKind::Not, q})->nullable);
}

TEST_CASE("IN is nullable when the value or any list item is", "[typing]") {
    const ExprPtr x = attr("x", "INT", false);
    const ExprPtr in1 = make_expr(In{x, {int_lit(1), int_lit(2)}});
    CHECK(str(in1) == "boolean");
    CHECK_FALSE(in1->nullable);
    CHECK(make_expr(In{x, {int_lit(1), cast(null_lit(), "INT")}})->nullable);
    CHECK(make_expr(In{attr("y", "INT", true), {int_lit(1)}})->nullable);
}

TEST_CASE("binary operator errors name the operator and the types", "[typing]") {
    struct Row {
        BinaryOpKind op;
        std::string left;
        std::string right;
        std::string message;
    };
    using K = BinaryOpKind;
    auto row = GENERATE(values<Row>({
        {K::Add, "STRING", "STRUCT<a: INT>", "cannot apply '+' to string and struct<a:int>"},
        {K::And, "INT", "BOOLEAN", "cannot apply 'AND' to int and boolean"},
        {K::BitwiseAnd, "DOUBLE", "INT", "cannot apply '&' to double and int"},
        {K::BitwiseOr, "STRING", "STRING", "cannot apply '|' to string and string"},
        {K::EqualTo, "MAP<STRING, INT>", "MAP<STRING, INT>",
         "cannot apply '=' to map<string,int> and map<string,int>"},
        {K::LessThan, "STRUCT<a: INT>", "STRUCT<b: INT>",
         "cannot apply '<' to struct<a:int> and struct<b:int>"},
        {K::EqualTo, "STRUCT<m: MAP<INT, INT>>", "STRUCT<m: MAP<INT, INT>>",
         "cannot apply '=' to struct<m:map<int,int>> and struct<m:map<int,int>>"},
        {K::Subtract, "DATE", "INT", "cannot apply '-' to date and int"},
        {K::IntegralDivide, "DOUBLE", "INT", "cannot apply 'div' to double and int"},
        {K::Multiply, "ARRAY<INT>", "INT", "cannot apply '*' to array<int> and int"},
        {K::Add, "STRING", "STRING", "cannot apply '+' to string and string"},
    }));
    BinaryCoercion c = coerce_binary(row.op, attr("l", row.left), attr("r", row.right));
    CHECK(c.error == row.message);
    CHECK(c.left == nullptr);
}

TEST_CASE("unary operators", "[typing]") {
    UnaryCoercion neg = coerce_unary(UnaryOpKind::UnaryMinus, attr("s", "STRING"));
    REQUIRE(neg.error.empty());
    CHECK(str(neg.child) == "double");
    UnaryCoercion no = coerce_unary(UnaryOpKind::Not, null_lit());
    REQUIRE(no.error.empty());
    CHECK(str(make_expr(UnaryOp{UnaryOpKind::Not, no.child})) == "boolean");
    CHECK(coerce_unary(UnaryOpKind::Not, attr("i", "INT")).error == "cannot apply 'NOT' to int");
    CHECK(coerce_unary(UnaryOpKind::BitwiseNot, attr("d", "DOUBLE")).error ==
          "cannot apply '~' to double");
    const ExprPtr minus =
        make_expr(UnaryOp{UnaryOpKind::UnaryMinus, attr("d", "DECIMAL(5,2)", false)});
    CHECK(str(minus) == "decimal(5,2)");
    CHECK_FALSE(minus->nullable);
}

TEST_CASE("casts: target type, Spark's forced nullability, ANSI castability", "[typing]") {
    struct Row {
        std::string from;
        std::string to;
        bool nullable; // over a non-null child
    };
    auto row = GENERATE(values<Row>({
        {"INT", "BIGINT", false},
        {"BIGINT", "INT", false},
        {"INT", "STRING", false},
        {"STRING", "INT", true},
        {"STRING", "BINARY", false},
        {"DOUBLE", "INT", true},
        {"DECIMAL(5,2)", "INT", true},
        {"INT", "DECIMAL(10,0)", false},
        {"INT", "DECIMAL(5,0)", true},
        {"DECIMAL(5,2)", "DECIMAL(7,2)", false},
        {"TIMESTAMP", "DATE", false},
        {"DATE", "TIMESTAMP", false},
        {"STRUCT<a: INT>", "STRING", false},
        {"ARRAY<INT>", "ARRAY<BIGINT>", false},
        {"VARIANT", "INT", true}, // a JSON null is a SQL NULL
        {"VARIANT", "STRING", false},
        {"INT", "VARIANT", false},
    }));
    INFO(row.from << " -> " << row.to);
    REQUIRE(can_cast(*ty(row.from), *ty(row.to)));
    const ExprPtr e = cast(attr("x", row.from, false), row.to);
    CHECK(str(e) == str(ty(row.to)));
    CHECK(e->nullable == row.nullable);
    CHECK(cast(attr("y", row.from, true), row.to)->nullable);
}

TEST_CASE("ANSI castability", "[typing]") {
    auto [from, to, expected] = GENERATE(table<std::string, std::string, bool>({
        {"INT", "BOOLEAN", true},
        {"DATE", "INT", false},
        {"BOOLEAN", "DATE", false},
        {"STRING", "DATE", true},
        {"BINARY", "INT", false},
        {"ARRAY<INT>", "ARRAY<STRING>", true},
        {"STRUCT<a: INT>", "STRUCT<b: BIGINT>", true},
        {"STRUCT<a: INT>", "STRUCT<a: INT, b: INT>", false},
        {"MAP<STRING, INT>", "MAP<STRING, STRING>", true},
        {"INT", "ARRAY<INT>", false},
        // Spark: VariantGet.checkDataType (structs and maps go to a VARIANT by
        // to_variant_object only; no CHAR, VARCHAR or interval either way).
        {"VARIANT", "STRUCT<a: INT, b: ARRAY<MAP<STRING, DATE>>>", true},
        {"VARIANT", "MAP<INT, INT>", false},
        {"VARIANT", "INTERVAL DAY", false},
        {"VARIANT", "VARIANT", true},
        {"STRING", "VARIANT", true},
        {"ARRAY<DECIMAL(10,2)>", "VARIANT", true},
        {"STRUCT<a: INT>", "VARIANT", false},
        {"MAP<STRING, INT>", "VARIANT", false},
        {"INTERVAL YEAR", "VARIANT", false},
    }));
    INFO(from << " -> " << to);
    CHECK(can_cast(*ty(from), *ty(to)) == expected);
    CHECK_FALSE(can_cast(*array_of("INT", true), *array_of("INT", false)));
    CHECK(can_cast(*array_of("INT", false), *array_of("BIGINT", true)));
    if (!expected) {
        CHECK_THROWS_AS(cast(attr("x", from), to), InternalError);
    }
}

TEST_CASE("wider common types", "[typing]") {
    auto [a, b, expected] = GENERATE(table<std::string, std::string, std::string>({
        {"INT", "BIGINT", "bigint"},
        {"TINYINT", "FLOAT", "double"},
        {"INT", "DECIMAL(5,2)", "decimal(12,2)"},
        {"BIGINT", "DECIMAL(25,0)", "decimal(25,0)"},
        {"DECIMAL(5,2)", "DOUBLE", "double"},
        {"DECIMAL(38,0)", "DECIMAL(38,38)", "decimal(38,38)"},
        {"STRING", "INT", "bigint"},
        {"STRING", "DOUBLE", "double"},
        {"STRING", "DATE", "date"},
        {"VOID", "STRUCT<a: INT>", "struct<a:int>"},
        {"DATE", "TIMESTAMP_NTZ", "timestamp_ntz"},
        {"TIMESTAMP_NTZ", "TIMESTAMP", "timestamp"},
        {"STRUCT<a: INT>", "STRUCT<A: BIGINT>", "struct<a:bigint>"},
        {"ARRAY<INT>", "ARRAY<STRING>", "array<bigint>"},
        {"MAP<STRING, INT>", "MAP<STRING, DOUBLE>", "map<string,double>"},
        {"STRUCT<a: INT>", "STRUCT<b: INT>", ""},
        {"STRUCT<a: INT>", "STRUCT<a: INT, b: INT>", ""},
        {"BOOLEAN", "INT", ""},
        {"MAP<STRING, INT>", "ARRAY<INT>", ""},
    }));
    INFO(a << " & " << b);
    std::optional<TypePtr> t = wider_common_type(ty(a), ty(b));
    CHECK((t ? str(*t) : std::string()) == expected);
}

TEST_CASE("wider types keep every nullability flag", "[typing]") {
    std::optional<TypePtr> t = wider_common_type(array_of("INT", false), array_of("BIGINT", false));
    REQUIRE(t);
    CHECK_FALSE((*t)->array()->contains_null);
    // A string element widened to bigint may fail to parse: forced nullable.
    t = wider_common_type(array_of("STRING", false), array_of("INT", false));
    REQUIRE(t);
    CHECK((*t)->array()->contains_null);
    t = merge_null_flags(ty("STRUCT<a: INT NOT NULL>"), ty("STRUCT<a: INT>"));
    REQUIRE(t);
    CHECK((*(*t)->struct_type())[0].nullable);
    CHECK_FALSE(merge_null_flags(ty("INT"), ty("BIGINT")));
    CHECK(wider_common_type(std::vector<TypePtr>{ty("INT"), ty("VOID"), ty("BIGINT")})
              .value()
              ->is(AtomicKind::Long));
    CHECK(str(*wider_common_type_without_string_promotion({ty("INT"), ty("DECIMAL(5,2)")})) ==
          "decimal(12,2)");
    CHECK_FALSE(wider_common_type_without_string_promotion({ty("STRING"), ty("INT")}));
}

TEST_CASE("higher-order functions", "[typing]") {
    const ExprPtr items = attr("items", "ARRAY<STRUCT<qty: INT, price: DOUBLE NOT NULL>>", false);
    const ExprPtr x = var("x", "STRUCT<qty: INT, price: DOUBLE NOT NULL>", true);

    SECTION("transform: containsNull is the body's nullability") {
        const ExprPtr t = hof("transform", {items, lambda(field(x, 1), {x})});
        CHECK(str(t) == "array<double>");
        CHECK(t->type->array()->contains_null); // x may be null, so x.price may be
        CHECK_FALSE(t->nullable);
        const ExprPtr y = var("y", "STRUCT<qty: INT, price: DOUBLE NOT NULL>", false);
        const ExprPtr u = hof("transform", {items, lambda(field(y, 1), {y})});
        CHECK_FALSE(u->type->array()->contains_null);
        CHECK(catalyst_name(*u) == "ArrayTransform");
    }
    SECTION("exists and forall follow three-valued logic") {
        const ExprPtr pred = bin(BinaryOpKind::GreaterThan, field(x, 0), int_lit(0));
        const ExprPtr e = hof("exists", {items, lambda(pred, {x})});
        CHECK(str(e) == "boolean");
        CHECK(e->nullable);
        const ExprPtr f = hof("forall", {items, lambda(make_expr(IsNotNull{x}), {x})});
        CHECK_FALSE(f->nullable);
    }
    SECTION("filter and array_sort keep the input type") {
        const ExprPtr f = hof("filter", {items, lambda(make_expr(IsNotNull{x}), {x})});
        CHECK(equals(*f->type, *items->type));
        CHECK_FALSE(f->nullable);
        const ExprPtr s = hof("array_sort", {attr("n", "ARRAY<INT>", true)});
        CHECK(str(s) == "array<int>");
        CHECK(s->nullable);
    }
    SECTION("aggregate: the finish lambda's type, or the accumulator's") {
        const ExprPtr acc = var("acc", "DOUBLE", true);
        const ExprPtr zero = cast(int_lit(0), "DOUBLE");
        const ExprPtr merge = lambda(bin(BinaryOpKind::Add, acc, field(x, 1)), {acc, x});
        const ExprPtr a = hof("aggregate", {items, zero, merge});
        CHECK(str(a) == "double");
        CHECK(a->nullable); // the default finish returns the (nullable) accumulator
        const ExprPtr acc2 = var("acc", "DOUBLE", true);
        const ExprPtr finish = lambda(call("coalesce", {acc2, lit("DOUBLE", "0.0")}), {acc2});
        const ExprPtr b = hof("aggregate", {items, zero, merge, finish});
        CHECK(str(b) == "double");
        CHECK_FALSE(b->nullable);
    }
    SECTION("zip_with and the map functions") {
        const ExprPtr p = var("p", "INT", true);
        const ExprPtr q = var("q", "INT", true);
        const ExprPtr z =
            hof("zip_with", {attr("a", "ARRAY<INT>", false), attr("b", "ARRAY<INT>", true),
                             lambda(call("coalesce", {p, int_lit(0)}), {p, q})});
        CHECK(str(z) == "array<int>");
        CHECK_FALSE(z->type->array()->contains_null);
        CHECK(z->nullable);

        const ExprPtr m = attr("m", "MAP<STRING, INT>", false);
        const ExprPtr k = var("k", "STRING", false);
        const ExprPtr v = var("v", "INT", true);
        const ExprPtr tk = hof("transform_keys", {m, lambda(call("upper", {k}), {k, v})});
        CHECK(str(tk) == "map<string,int>");
        CHECK(tk->type->map()->value_contains_null);
        const ExprPtr tv = hof("transform_values", {m, lambda(make_expr(IsNull{v}), {k, v})});
        CHECK(str(tv) == "map<string,boolean>");
        CHECK_FALSE(tv->type->map()->value_contains_null);
        const ExprPtr mf = hof("map_filter", {m, lambda(make_expr(IsNull{v}), {k, v})});
        CHECK(equals(*mf->type, *m->type));
        const ExprPtr v2 = var("v2", "INT", true);
        const ExprPtr mz =
            hof("map_zip_with", {m, attr("m2", "MAP<STRING, INT>", false),
                                 lambda(call("coalesce", {v, v2, int_lit(0)}), {k, v, v2})});
        CHECK(str(mz) == "map<string,int>");
        CHECK_FALSE(mz->type->map()->value_contains_null);
        CHECK_FALSE(mz->nullable);
    }
}

TEST_CASE("KnownNotContainsNull clears containsNull", "[typing]") {
    const ExprPtr a = attr("a", "ARRAY<INT>", true);
    const ExprPtr k = make_expr(KnownNotContainsNull{a});
    CHECK(str(k) == "array<int>");
    CHECK_FALSE(k->type->array()->contains_null);
    CHECK(k->nullable);
}

TEST_CASE("ill-typed nodes are internal errors", "[typing]") {
    CHECK_THROWS_AS(field(attr("i", "INT"), 0), InternalError);
    CHECK_THROWS_AS(field(attr("s", "STRUCT<a: INT>"), 1), InternalError);
    CHECK_THROWS_AS(make_expr(MapKeys{attr("a", "ARRAY<INT>")}), InternalError);
    CHECK_THROWS_AS(make_expr(BinaryOp{BinaryOpKind::Add, attr("s", "STRING"), int_lit(1)}),
                    InternalError);
    CHECK_THROWS_WITH(
        make_expr(CaseWhen{{{attr("i", "INT"), int_lit(1)}}, nullptr}),
        "internal error: ill-typed expression: CASE WHEN over a int condition; please report "
        "this as a bug");
}

TEST_CASE("foldable expressions and constant indexes", "[typing]") {
    CHECK(expr_foldable(*int_lit(1)));
    CHECK_FALSE(expr_foldable(*attr("a", "INT")));
    const ExprPtr neg = make_expr(UnaryOp{UnaryOpKind::UnaryMinus, int_lit(3)});
    CHECK(expr_foldable(*neg));
    CHECK(eval_integral(*neg) == -3);
    CHECK(eval_integral(*cast(int_lit(7), "BIGINT")) == 7);
    CHECK_FALSE(eval_integral(*attr("a", "INT")));
    CHECK(expr_foldable(*call("array", {int_lit(1)})));
    CHECK_FALSE(expr_foldable(*call("rand", {})));
    CHECK_FALSE(expr_foldable(*make_expr(Alias{int_lit(1), "x", 3})));
}

TEST_CASE("catalyst names of every node kind", "[typing]") {
    const ExprPtr a = attr("a", "INT");
    const ExprPtr s = attr("s", "STRUCT<f: INT>");
    const ExprPtr arr = attr("arr", "ARRAY<STRUCT<f: INT>>");
    const ExprPtr m = attr("m", "MAP<STRING, INT>");
    const ExprPtr x = var("x", "INT");
    const std::vector<std::pair<ExprPtr, std::string>> rows = {
        {a, "AttributeReference"},
        {int_lit(1), "Literal"},
        {make_expr(Alias{a, "b", 9}), "Alias"},
        {field(s, 0), "GetStructField"},
        {make_expr(GetArrayStructFields{arr, {}, 0, true}), "GetArrayStructFields"},
        {make_expr(GetArrayItem{arr, int_lit(0)}), "GetArrayItem"},
        {make_expr(GetMapValue{m, str_lit("k")}), "GetMapValue"},
        {make_expr(ElementAt{arr, int_lit(1)}), "ElementAt"},
        {make_expr(MapKeys{m}), "MapKeys"},
        {make_expr(MapValues{m}), "MapValues"},
        {make_expr(CreateNamedStruct{{"f"}, {a}}), "CreateNamedStruct"},
        {x, "NamedLambdaVariable"},
        {lambda(x, {x}), "LambdaFunction"},
        {hof("filter", {attr("n", "ARRAY<INT>"), lambda(make_expr(IsNull{x}), {x})}),
         "ArrayFilter"},
        {call("size", {arr}), "Size"},
        {call("nvl", {a, int_lit(0)}), "Nvl"},
        {make_expr(ScalarFunction{user_function("my_udf"), {a}, false}), "ScalaUDF"},
        {bin(BinaryOpKind::EqualNullSafe, a, a), "EqualNullSafe"},
        {bin(BinaryOpKind::IntegralDivide, a, a), "IntegralDivide"},
        {make_expr(UnaryOp{UnaryOpKind::BitwiseNot, a}), "BitwiseNot"},
        {make_expr(IsNull{a}), "IsNull"},
        {make_expr(IsNotNull{a}), "IsNotNull"},
        {make_expr(In{a, {int_lit(1)}}), "In"},
        {make_expr(CaseWhen{{{make_expr(IsNull{a}), a}}, nullptr}), "CaseWhen"},
        {cast(a, "BIGINT"), "Cast"},
        {make_expr(KnownNotContainsNull{arr}), "KnownNotContainsNull"},
    };
    for (const auto& [e, name] : rows) {
        CHECK(catalyst_name(*e) == name);
    }
}
