#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "plan/functions.hpp"
#include "plan/higher_order.hpp"
#include "plan/typing.hpp"
#include "types/schema_formats.hpp"

using namespace prune;

namespace {

TypePtr ty(std::string_view ddl) { return parse_ddl_type(ddl); }

std::string str(const ExprPtr& e) { return catalog_string(*e->type); }

ExprPtr attr(const std::string& name, TypePtr type, bool nullable) {
    static ExprId next = 1;
    return make_expr(AttributeReference{name, std::move(type), next++, nullable});
}

ExprPtr attr(const std::string& name, std::string_view ddl, bool nullable) {
    return attr(name, ty(ddl), nullable);
}

ExprPtr lit(TypePtr type, const std::string& text) {
    return make_expr(Literal{std::move(type), text, false});
}
ExprPtr int_lit(int v) { return lit(int_type(), std::to_string(v)); }
ExprPtr long_lit(int v) { return lit(long_type(), std::to_string(v)); }
ExprPtr str_lit(const std::string& s) { return lit(string_type(), s); }
ExprPtr dbl_lit(const std::string& v) { return lit(double_type(), v); }
ExprPtr bool_lit(bool v) { return lit(boolean_type(), v ? "true" : "false"); }
ExprPtr null_lit() { return make_expr(Literal{null_type(), "null", true}); }

const FunctionDef& def(const std::string& name) {
    const FunctionDef* d = find_function(name);
    REQUIRE(d != nullptr);
    return *d;
}

std::vector<ExprPtr> coerced(const std::string& name, std::vector<ExprPtr> args) {
    const FunctionDef& d = def(name);
    return d.coerce != nullptr ? d.coerce(args) : args;
}

// The analyzer's path: coerce, check, build (make_expr types the node again).
ExprPtr call(const std::string& name, std::vector<ExprPtr> args) {
    args = coerced(name, std::move(args));
    const TypeCheck check = def(name).type(args);
    INFO(check.error);
    REQUIRE(check.ok());
    ExprPtr e = make_expr(ScalarFunction{&def(name), std::vector<ExprPtr>(args), false});
    CHECK(equals(*e->type, *check.result.type));
    CHECK(e->nullable == check.result.nullable);
    return e;
}

TypeCheck check(const std::string& name, std::vector<ExprPtr> args) {
    return def(name).type(coerced(name, std::move(args)));
}

// Fixtures: `_nn` never null.
struct Fixtures {
    ExprPtr xs = attr("xs", "ARRAY<INT>", false);                        // containsNull
    ExprPtr xs_nn = attr("xs_nn", make_array(int_type(), false), false); // no NULL elements
    ExprPtr ys = attr("ys", "ARRAY<STRING>", false);
    ExprPtr items = attr("items", "ARRAY<STRUCT<sku: STRING, qty: INT>>", true);
    ExprPtr nested = attr("nested", "ARRAY<ARRAY<INT>>", false);
    ExprPtr entries = attr("entries", "ARRAY<STRUCT<k: STRING, v: INT>>", false);
    ExprPtr m = attr("m", "MAP<STRING, INT>", false);
    ExprPtr s = attr("s", "STRING", true);
    ExprPtr s_nn = attr("s_nn", "STRING", false);
    ExprPtr i = attr("i", "INT", true);
    ExprPtr i_nn = attr("i_nn", "INT", false);
    ExprPtr d = attr("d", "DECIMAL(10,2)", false);
    ExprPtr dbl = attr("dbl", "DOUBLE", false);
    ExprPtr b = attr("b", "BOOLEAN", true);
    ExprPtr st = attr("st", "STRUCT<a: INT>", false);
    ExprPtr day = attr("day", "DATE", false);
    ExprPtr ts = attr("ts", "TIMESTAMP", true);
    ExprPtr bin = attr("bin", "BINARY", true);
    ExprPtr v = attr("v", "VARIANT", true);
    ExprPtr v_nn = attr("v_nn", "VARIANT", false);
};

} // namespace

TEST_CASE("every function row types a sample call", "[functions]") {
    const Fixtures f;
    struct Row {
        std::string name;
        std::vector<ExprPtr> args;
        std::string type;
        bool nullable;
    };
    const std::vector<Row> rows = {
        {"array", {f.i_nn, long_lit(1)}, "array<bigint>", false},
        {"array", {}, "array<void>", false},
        {"map", {str_lit("k"), f.i}, "map<string,int>", false},
        {"map_from_arrays", {f.ys, f.xs}, "map<string,int>", false},
        {"map_from_entries", {f.entries}, "map<string,int>", true},
        {"map_entries", {f.m}, "array<struct<key:string,value:int>>", false},
        {"try_element_at", {f.xs, int_lit(1)}, "int", true},
        {"try_element_at", {f.m, str_lit("k")}, "int", true},
        {"get", {f.xs_nn, int_lit(0)}, "int", true},
        {"size", {f.items}, "int", true},
        {"cardinality", {f.m}, "int", false},
        {"array_size", {f.xs}, "int", false},
        {"array_contains", {f.xs_nn, int_lit(1)}, "boolean", false},
        {"array_contains", {f.xs, long_lit(1)}, "boolean", true},
        {"array_position", {f.xs, int_lit(1)}, "bigint", false},
        {"array_remove", {f.xs, int_lit(1)}, "array<int>", false},
        {"array_distinct", {f.xs}, "array<int>", false},
        {"array_union", {f.xs, f.xs_nn}, "array<int>", false},
        {"array_intersect", {f.xs, f.xs_nn}, "array<int>", false},
        {"array_except", {f.xs, f.xs_nn}, "array<int>", false},
        {"arrays_overlap", {f.xs_nn, f.xs_nn}, "boolean", false},
        {"arrays_overlap", {f.xs, f.xs_nn}, "boolean", true},
        {"arrays_zip", {f.xs, f.ys}, "array<struct<xs:int,ys:string>>", false},
        {"flatten", {f.nested}, "array<int>", true},
        {"concat", {f.xs, f.xs_nn}, "array<int>", false},
        {"concat", {f.s, int_lit(1)}, "string", true},
        {"concat", {}, "string", false},
        {"reverse", {f.s}, "string", true},
        {"reverse", {f.items}, "array<struct<sku:string,qty:int>>", true},
        {"shuffle", {f.xs}, "array<int>", false},
        {"slice", {f.items, int_lit(1), int_lit(2)}, "array<struct<sku:string,qty:int>>", true},
        {"sort_array", {f.xs, bool_lit(false)}, "array<int>", false},
        {"sort_array", {f.xs}, "array<int>", false},
        {"array_max", {f.xs_nn}, "int", true},
        {"array_min", {f.xs_nn}, "int", true},
        {"array_join", {f.xs, str_lit(",")}, "string", false},
        {"array_join", {f.ys, str_lit(","), f.s}, "string", true},
        {"array_repeat", {f.st, int_lit(3)}, "array<struct<a:int>>", false},
        {"array_repeat", {f.st, f.i}, "array<struct<a:int>>", true},
        {"array_compact", {f.xs}, "array<int>", false},
        {"sequence", {int_lit(1), long_lit(10)}, "array<bigint>", false},
        {"if", {f.b, f.i_nn, long_lit(1)}, "bigint", false},
        {"if", {f.b, f.i, int_lit(1)}, "int", true},
        {"coalesce", {f.i, int_lit(0)}, "int", false},
        {"coalesce", {f.i, f.i}, "int", true},
        {"nvl", {f.i, long_lit(0)}, "bigint", false},
        {"ifnull", {f.i, f.i}, "int", true},
        {"nvl2", {f.i, f.s, str_lit("x")}, "string", true},
        {"nvl2", {f.i, f.s_nn, str_lit("x")}, "string", false},
        {"nullif", {f.i_nn, int_lit(0)}, "int", true},
        {"greatest", {f.i_nn, long_lit(2)}, "bigint", false},
        {"least", {f.i, f.d}, "decimal(12,2)", false},
        {"least", {f.i, f.i}, "int", true},
        {"isnull", {f.i}, "boolean", false},
        {"isnotnull", {f.i}, "boolean", false},
        {"concat_ws", {str_lit(","), f.s, f.ys}, "string", false},
        {"concat_ws", {f.s}, "string", true},
        {"length", {f.s}, "int", true},
        {"lower", {f.s}, "string", true},
        {"upper", {f.i_nn}, "string", false},
        {"char_length", {f.s}, "int", true},
        {"character_length", {f.s_nn}, "int", false},
        {"len", {f.s_nn}, "int", false},
        {"lcase", {f.s}, "string", true},
        {"ucase", {f.s_nn}, "string", false},
        {"initcap", {f.s}, "string", true},
        {"replace", {f.s_nn, str_lit("a"), str_lit("b")}, "string", false},
        {"replace", {f.s, str_lit("a")}, "string", true},
        {"instr", {f.s_nn, str_lit("a")}, "int", false},
        {"repeat", {f.s_nn, f.i}, "string", true},
        {"substring", {f.s, int_lit(1), int_lit(2)}, "string", true},
        {"left", {f.s_nn, int_lit(2)}, "string", false}, // substring(s, 1, 2)
        {"lpad", {f.s_nn, int_lit(5)}, "string", false}, // padded with ' '
        {"regexp_replace", {f.s_nn, str_lit("a+"), str_lit("b")}, "string", false},
        {"regexp_replace", {f.s, str_lit("a"), str_lit("b"), f.i_nn}, "string", true},
        {"rpad", {f.s, int_lit(5), str_lit("-")}, "string", true},
        {"startswith", {f.s_nn, str_lit("a")}, "boolean", false},
        {"endswith", {f.s, str_lit("a")}, "boolean", true},
        {"contains", {f.i_nn, str_lit("1")}, "boolean", false}, // the int cast to a string
        {"right", {f.s_nn, f.i_nn}, "string", true},            // NULL for a NULL string
        {"substr", {f.s_nn, int_lit(1)}, "string", false},
        {"trim", {f.s}, "string", true},
        {"ltrim", {f.s_nn}, "string", false},
        {"locate", {str_lit("a"), f.s_nn}, "int", false}, // start 1 added
        {"position", {f.s, f.s_nn, f.i}, "int", true},    // a NULL start finds nothing: 0
        {"position", {str_lit("a"), f.s_nn, f.i}, "int", false},
        {"overlay", {f.s_nn, str_lit("x"), int_lit(2)}, "string", false}, // length -1 added
        {"overlay", {f.s_nn, str_lit("x"), int_lit(2), f.i}, "string", true},
        {"regexp", {f.s_nn, str_lit("^a")}, "boolean", false},
        {"regexp_like", {f.s, str_lit("^a")}, "boolean", true},
        {"rtrim", {f.s_nn}, "string", false},
        {"split", {f.s_nn, str_lit(",")}, "array<string>", false},
        {"regexp_extract", {f.s_nn, str_lit("a(b)"), int_lit(1)}, "string", false},
        {"format_string", {str_lit("%d"), f.i}, "string", false},
        {"like", {f.s, str_lit("a%")}, "boolean", true},
        {"rlike", {f.s_nn, str_lit("^a")}, "boolean", false},
        {"ilike", {f.s_nn, str_lit("A%")}, "boolean", false},
        {"abs", {f.i}, "int", true},
        {"abs", {f.s_nn}, "double", true}, // a string may not parse
        {"round", {f.d, int_lit(1)}, "decimal(10,1)", true},
        {"round", {f.d, int_lit(-2)}, "decimal(9,0)", true},
        {"round", {f.i_nn}, "int", true},
        {"floor", {f.d}, "decimal(9,0)", true},
        {"floor", {f.dbl}, "bigint", true},
        {"ceil", {f.i_nn}, "bigint", true},
        {"ceil", {f.d, int_lit(1)}, "decimal(10,1)", true},
        {"pmod", {f.i_nn, int_lit(3)}, "int", true},
        {"shiftleft", {f.i_nn, int_lit(3)}, "int", false},
        {"shiftright", {long_lit(8), int_lit(1)}, "bigint", false},
        {"shiftrightunsigned", {f.i, int_lit(1)}, "int", true},
        // Placeholders the analyzer replaces under ROLLUP, CUBE and GROUPING SETS.
        {"grouping", {f.i}, "tinyint", false},
        {"grouping_id", {}, "bigint", false},
        {"mod", {f.i_nn, int_lit(3)}, "int", true}, // Remainder: always nullable
        {"mod", {f.i_nn, f.d}, "decimal(10,2)", true},
        {"ceiling", {f.dbl}, "bigint", true},
        {"pmod", {f.d, f.d}, "decimal(10,2)", true},
        {"sqrt", {f.i_nn}, "double", true}, // a unary math expression is always nullable
        {"cbrt", {f.dbl}, "double", true},
        {"exp", {f.d}, "double", true},
        {"ln", {f.dbl}, "double", true},
        {"log2", {f.s}, "double", true},
        {"log10", {f.dbl}, "double", true},
        {"signum", {f.dbl}, "double", true},
        {"sign", {f.i}, "double", true},
        {"power", {f.dbl, f.i_nn}, "double", false},
        {"pow", {f.i, f.dbl}, "double", true},
        {"to_json", {f.st}, "string", true},
        {"hash", {f.st, f.i}, "int", false},
        {"quote", {f.s}, "string", true},
        {"to_csv", {f.st}, "string", true}, // always nullable
        {"to_xml", {f.st}, "string", true},
        {"from_xml",
         {f.s_nn, str_lit("a INT NOT NULL, b ARRAY<STRING>")},
         "struct<a:int,b:array<string>>",
         true}, // every part nullable (asNullable)
        {"from_avro",
         {f.bin,
          str_lit(R"({"type": "record", "name": "r", "fields": [{"name": "a", "type": )"
                  R"(["null", "int"]}, {"name": "b", "type": "string"}]})"),
          null_lit()},
         "struct<a:int,b:string>",
         true}, // always nullable; b NOT NULL as Avro's string is
        {"from_avro",
         {f.bin, str_lit(R"("long")"), call("map", {str_lit("mode"), str_lit("PERMISSIVE")})},
         "bigint",
         true},
        {"to_avro", {f.st}, "binary", false}, // nullable as its value is
        {"to_avro", {f.i, str_lit(R"("int")")}, "binary", true},
        {"parse_json", {f.s_nn}, "variant", false},
        {"to_json", {f.v}, "string", true},
        {"from_json", {f.s_nn, str_lit("variant")}, "variant", true},
        {"parse_json", {f.s}, "variant", true},
        {"try_parse_json", {f.s_nn}, "variant", true}, // NULL for malformed JSON
        {"is_variant_null", {f.v}, "boolean", false},  // false for a SQL NULL
        {"schema_of_variant", {f.v_nn}, "string", false},
        {"schema_of_variant_agg", {f.v}, "string", false},
        {"to_variant_object", {f.st}, "variant", false},
        {"to_variant_object", {f.m}, "variant", false},
        {"variant_get", {f.v_nn, str_lit("$.a")}, "variant", true}, // a missing path is NULL
        {"variant_get",
         {f.v_nn, str_lit("$.a"), str_lit("struct<x: int not null, y: array<string>>")},
         "struct<x:int,y:array<string>>",
         true}, // the target type made nullable (asNullable)
        {"try_variant_get", {f.v, f.s, str_lit("bigint")}, "bigint", true},
        {"aes_encrypt", {f.s_nn, f.bin}, "binary", true}, // the string cast to a binary
        {"aes_decrypt", {f.bin, f.bin, str_lit("ECB")}, "binary", true},
        {"try_aes_decrypt", {f.bin, f.bin}, "binary", true},
        {"bitmap_bit_position", {f.i_nn}, "bigint", false}, // the int cast to a bigint
        {"bitmap_bucket_number", {f.i}, "bigint", true},
        {"xpath", {f.s_nn, str_lit("a/b")}, "array<string>", true}, // always nullable
        {"xpath_int", {f.s_nn, str_lit("sum(a/b)")}, "int", true},
        {"xpath_double", {f.s, str_lit("sum(a/b)")}, "double", true},
        {"sentences", {f.s_nn}, "array<array<string>>", true},
        {"reflect", {str_lit("java.util.UUID"), str_lit("fromString"), f.s}, "string", true},
        {"java_method", {str_lit("java.util.UUID"), str_lit("randomUUID")}, "string", true},
        {"try_reflect", {str_lit("java.lang.Math"), str_lit("abs"), f.i}, "string", true},
        {"xpath_boolean", {f.s_nn, str_lit("a/b")}, "boolean", true},
        {"xpath_short", {f.s_nn, str_lit("a/b")}, "smallint", true},
        {"xpath_long", {f.s_nn, str_lit("a/b")}, "bigint", true},
        {"xpath_float", {f.s_nn, str_lit("a/b")}, "float", true},
        {"xpath_number", {f.s_nn, str_lit("a/b")}, "double", true},
        {"xpath_string", {f.s_nn, str_lit("a/b")}, "string", true},
        {"bitmap_count", {f.bin}, "bigint", true},
        {"bitmap_construct_agg", {f.i}, "binary", false}, // never NULL: a zero bitmap
        {"bitmap_or_agg", {f.bin}, "binary", false},
        {"hll_sketch_agg", {f.s}, "binary", false},
        {"hll_union_agg", {f.bin}, "binary", false},
        {"hll_union", {f.bin, f.bin}, "binary", true},
        {"hll_sketch_estimate", {f.bin}, "bigint", true},
        {"count_min_sketch", {f.i, dbl_lit("0.5"), dbl_lit("0.5"), int_lit(1)}, "binary", false},
        {"histogram_numeric", {f.i, int_lit(5)}, "array<struct<x:int,y:double>>", true},
        {"histogram_numeric", {f.day, int_lit(2)}, "array<struct<x:date,y:double>>", true},
        {"md5", {f.s}, "string", true},
        {"sha2", {f.s_nn, int_lit(256)}, "string", true},
        {"input_file_name", {}, "string", false},
        {"current_date", {}, "date", false},
        {"current_timestamp", {}, "timestamp", false},
        {"now", {}, "timestamp", false},
        {"timestampdiff", {str_lit("HOUR"), f.ts, f.ts}, "bigint", true},
        {"timestampadd", {str_lit("MINUTE"), long_lit(1), f.ts}, "timestamp", true},
        {"date_add", {f.day, int_lit(1)}, "date", false},
        {"date_add", {f.ts, f.i}, "date", true}, // the timestamp cast to a date
        {"date_sub", {str_lit("2024-01-01"), long_lit(1)}, "date", true}, // the string's cast
        {"datediff", {f.day, f.day}, "int", false},
        {"datediff", {f.ts, str_lit("2024-01-01")}, "int", true},
        {"date_diff", {f.day, f.day}, "int", false},
        {"dateadd", {f.day, int_lit(1)}, "date", false},
        {"year", {f.day}, "int", false},
        {"quarter", {f.ts}, "int", true},
        {"month", {str_lit("2024-05-01")}, "int", true},
        {"weekday", {f.day}, "int", false},
        {"weekofyear", {f.ts}, "int", true},
        {"last_day", {f.day}, "date", false},
        {"add_months", {f.day, f.i}, "date", true},
        {"add_months", {f.day, int_lit(1)}, "date", false},
        {"trunc", {f.day, str_lit("MM")}, "date", true}, // NULL for a unit it does not know
        {"to_date", {f.day}, "date", false},
        {"to_date", {f.ts}, "date", true},
        {"to_date", {f.s_nn, str_lit("yyyy-MM-dd")}, "date", true}, // NULL where it fails
        {"hour", {f.ts}, "int", true},
        {"minute", {f.day}, "int", false}, // the date cast to a timestamp
        {"second", {f.ts}, "int", true},
        {"date_trunc", {str_lit("HOUR"), f.day}, "timestamp", true},
        // Built by the analyzer with their replacement last, whose type they take.
        {"extract", {str_lit("YEAR"), f.day, call("year", {f.day})}, "int", false},
        {"date_part", {str_lit("HOUR"), f.ts, call("hour", {f.ts})}, "int", true},
        {"datepart",
         {str_lit("S"), f.ts, call("secondwithfraction", {f.ts})},
         "decimal(8,6)",
         true},
        {"date_format", {f.ts, str_lit("yyyy-MM")}, "string", true},
        {"day", {f.day}, "int", false},
        {"dayofmonth", {f.day}, "int", false},
        {"dayofyear", {f.day}, "int", false},
        {"dayofweek", {f.day}, "int", false},
        {"rand", {}, "double", false},
        {"rand", {int_lit(42)}, "double", false},
        {"random", {}, "double", false},
        {"randn", {int_lit(7)}, "double", false},
        {"randstr", {int_lit(5)}, "string", false},
        {"randstr", {int_lit(5), long_lit(3)}, "string", false},
        {"uniform", {int_lit(1), long_lit(9)}, "bigint", false},
        {"uniform", {int_lit(1), int_lit(9), int_lit(0)}, "int", false},
        {"uniform", {int_lit(1), dbl_lit("2.5"), int_lit(0)}, "double", false},
        {"curdate", {}, "date", false},
        {"localtimestamp", {}, "timestamp_ntz", false},
        {"current_timezone", {}, "string", false},
        {"spark_partition_id", {}, "int", false},
        {"monotonically_increasing_id", {}, "bigint", false},
        {"input_file_block_start", {}, "bigint", false},
        {"input_file_block_length", {}, "bigint", false},
        {"xxhash64", {f.s, f.i}, "bigint", false},
        {"try_add", {f.i, f.i_nn}, "int", true},
        {"try_subtract", {f.i_nn, long_lit(1)}, "bigint", true},
        {"try_multiply", {f.dbl, f.i_nn}, "double", true},
        {"try_divide", {f.i_nn, f.i_nn}, "double", true},
        {"try_mod", {f.i_nn, f.i_nn}, "int", true},
        {"positive", {f.i}, "int", true},
        {"negative", {f.d}, "decimal(10,2)", false},
        {"bit_count", {f.i}, "int", true},
        {"printf", {str_lit("%d"), f.i}, "string", false},
        {"try_url_decode", {f.s_nn}, "string", true},
        {"parse_url", {f.s_nn, str_lit("HOST")}, "string", true},
        {"format_number", {f.dbl, f.i_nn}, "string", true},
        {"try_parse_url", {f.s_nn, str_lit("QUERY"), str_lit("k")}, "string", true},
        {"try_make_timestamp", {f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i_nn}, "timestamp", true},
        {"make_timestamp_ntz",
         {f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i_nn},
         "timestamp_ntz",
         false},
        {"try_make_timestamp_ntz",
         {f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i_nn},
         "timestamp_ntz",
         true},
        {"make_timestamp_ltz", {f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i}, "timestamp", true},
        {"try_make_timestamp_ltz",
         {f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i_nn},
         "timestamp",
         true},
        {"to_timestamp_ntz", {f.s_nn}, "timestamp_ntz", true},
        {"to_timestamp_ltz", {f.day}, "timestamp", false},
        {"convert_timezone", {str_lit("UTC"), str_lit("GMT"), f.s_nn}, "timestamp_ntz", true},
        {"make_timestamp", {f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i_nn, f.i_nn}, "timestamp", false},
        {"make_timestamp",
         {f.i_nn, f.i, f.i_nn, f.i_nn, f.i_nn, f.dbl, str_lit("UTC")},
         "timestamp",
         true},
        {"try_to_timestamp", {f.s_nn}, "timestamp", true},
        {"try_to_date", {f.day}, "date", true},
        {"bround", {f.d, int_lit(1)}, "decimal(10,1)", true},
        {"width_bucket", {f.dbl, int_lit(0), int_lit(10), int_lit(5)}, "bigint", true},
        {"str_to_map", {f.s_nn}, "map<string,string>", false},
        {"str_to_map", {f.s, str_lit("&"), str_lit("=")}, "map<string,string>", true},
        {"is_valid_utf8", {f.s}, "boolean", true},
        {"make_valid_utf8", {f.s_nn}, "string", false},
        {"validate_utf8", {f.s}, "string", true},
        {"try_validate_utf8", {f.s_nn}, "string", true},
        {"current_catalog", {}, "string", false},
        {"current_database", {}, "string", false},
        {"current_schema", {}, "string", false},
        {"current_user", {}, "string", false},
        {"user", {}, "string", false},
        {"session_user", {}, "string", false},
        {"version", {}, "string", false},
        {"split_part", {f.s, str_lit(","), int_lit(1)}, "string", true},
        {"elt", {int_lit(1), f.s_nn, f.i}, "string", true},
        {"find_in_set", {f.s_nn, str_lit("a,b")}, "int", false},
        {"url_encode", {f.s}, "string", true},
        {"url_decode", {f.s_nn}, "string", false},
        {"luhn_check", {f.s}, "boolean", true},
        {"regexp_instr", {f.s_nn, str_lit("a")}, "int", false},
        {"json_array_length", {f.s_nn}, "int", true},
        {"json_object_keys", {f.s_nn}, "array<string>", true},
        {"get_json_object", {f.s_nn, str_lit("$.a")}, "string", true},
        {"from_json",
         {f.s_nn, str_lit("a INT, b ARRAY<STRING>")},
         "struct<a:int,b:array<string>>",
         true},
        {"from_json", {f.s_nn, str_lit("MAP<STRING, INT>")}, "map<string,int>", true},
        {"from_csv", {f.s_nn, str_lit("a INT, b STRING")}, "struct<a:int,b:string>", false},
        {"map_concat", {f.m, f.m}, "map<string,int>", false},
        {"map_concat", {}, "map<string,string>", false},
        {"array_insert", {f.xs_nn, int_lit(1), f.i}, "array<int>", false},
        {"array_insert", {f.xs_nn, f.i, int_lit(1)}, "array<int>", true},
        {"bit_get", {f.i_nn, int_lit(1)}, "tinyint", false},
        {"getbit", {f.i, int_lit(1)}, "tinyint", true},
        {"count", {}, "bigint", false},
        {"count", {f.i}, "bigint", false},
        {"sum", {f.i}, "bigint", true},
        {"sum", {f.d}, "decimal(20,2)", true},
        {"sum", {f.s_nn}, "double", true},
        {"avg", {f.i_nn}, "double", true},
        {"avg", {f.d}, "decimal(14,6)", true},
        {"min", {f.s_nn}, "string", true},
        {"max", {f.st}, "struct<a:int>", true},
        {"first", {f.i_nn, bool_lit(true)}, "int", true},
        {"last", {f.i_nn}, "int", true},
        {"collect_list", {f.i}, "array<int>", false},
        {"collect_set", {f.s}, "array<string>", false},
        {"count_if", {f.b}, "bigint", false},
        {"any", {f.b}, "boolean", true},
        {"some", {f.b}, "boolean", true},
        {"bool_or", {f.b}, "boolean", true},
        {"every", {f.b}, "boolean", true},
        {"bool_and", {f.b}, "boolean", true},
        {"mean", {f.d}, "decimal(14,6)", true},
        {"first_value", {f.s_nn}, "string", true},
        {"last_value", {f.i, bool_lit(false)}, "int", true},
        {"array_agg", {f.st}, "array<struct<a:int>>", false},
        {"any_value", {f.i_nn, bool_lit(true)}, "int", true},
        {"max_by", {f.st, f.i_nn}, "struct<a:int>", true},
        {"min_by", {f.i_nn, f.s}, "int", true},
        {"approx_count_distinct", {f.st}, "bigint", false},
        {"approx_count_distinct", {f.i, lit(double_type(), "0.01")}, "bigint", false},
        {"approx_count_distinct", {f.i, lit(make_decimal(3, 2), "0.01")}, "bigint", false},
        {"stddev", {f.i_nn}, "double", true},
        {"std", {f.dbl}, "double", true},
        {"stddev_samp", {f.d}, "double", true},
        {"stddev_pop", {f.s}, "double", true},
        {"variance", {f.dbl}, "double", true},
        {"var_samp", {f.i}, "double", true},
        {"var_pop", {f.dbl}, "double", true},
        {"skewness", {f.dbl}, "double", true},
        {"kurtosis", {f.i_nn}, "double", true},
        {"median", {f.i_nn}, "double", true},
        {"percentile", {f.d, dbl_lit("0.5")}, "double", true},
        {"percentile", {f.i, call("array", {dbl_lit("0.5")}), long_lit(2)}, "array<double>", true},
        {"percentile_approx", {f.i_nn, dbl_lit("0.5")}, "int", true},
        // percentile_cont(p) WITHIN GROUP (ORDER BY x): bound as (p, x), the key last
        {"percentile_cont", {dbl_lit("0.5"), f.i}, "double", true},
        {"percentile_disc", {call("array", {dbl_lit("0.5")}), f.d}, "array<double>", true},
        {"listagg", {f.s_nn, str_lit(",")}, "string", true},
        {"string_agg", {f.i_nn}, "string", true}, // the int implicitly cast to a string
        {"approx_percentile",
         {f.day, call("array", {dbl_lit("0.5")}), int_lit(100)},
         "array<date>",
         true},
        {"mode", {f.s_nn}, "string", true},
        {"mode", {f.st, bool_lit(true)}, "struct<a:int>", true},
        {"corr", {f.i_nn, f.dbl}, "double", true},
        {"regr_count", {f.i, f.dbl}, "bigint", false},
        {"regr_avgx", {f.i, f.d}, "decimal(14,6)", true}, // avg's type of x
        {"regr_avgy", {f.i, f.d}, "double", true},
        {"regr_r2", {f.i, f.dbl}, "double", true},
        {"regr_sxx", {f.i, f.dbl}, "double", true},
        {"regr_sxy", {f.i, f.dbl}, "double", true},
        {"regr_syy", {f.i, f.dbl}, "double", true},
        {"regr_slope", {f.i, f.dbl}, "double", true},
        {"regr_intercept", {f.i, f.dbl}, "double", true},
        {"covar_pop", {f.dbl, f.d}, "double", true},
        {"covar_samp", {f.dbl, f.dbl}, "double", true},
        // unix time and more dates
        {"unix_timestamp", {}, "bigint", false}, // unix_timestamp(current_timestamp(), ...)
        {"unix_timestamp", {f.ts}, "bigint", true},
        {"to_unix_timestamp", {f.day}, "bigint", false},
        {"to_timestamp", {f.day}, "timestamp", false},
        {"to_timestamp", {f.s_nn, str_lit("yyyy")}, "timestamp", false}, // ANSI: raises
        {"from_unixtime", {f.i_nn}, "string", true},
        {"from_utc_timestamp", {f.ts, str_lit("UTC")}, "timestamp", true},
        {"to_utc_timestamp", {f.day, str_lit("UTC")}, "timestamp", false},
        {"unix_date", {f.day}, "int", false},
        {"unix_seconds", {f.ts}, "bigint", true},
        {"unix_millis", {f.day}, "bigint", false},
        {"unix_micros", {f.ts}, "bigint", true},
        {"timestamp_seconds", {f.dbl}, "timestamp", true}, // NaN and infinities: NULL
        {"timestamp_seconds", {f.i_nn}, "timestamp", false},
        {"timestamp_millis", {f.i_nn}, "timestamp", false},
        {"timestamp_micros", {f.i}, "timestamp", true},
        {"date_from_unix_date", {f.i_nn}, "date", false},
        // TimeWindow: the bounds of the time's type (the analyzer makes it the window column)
        {"window",
         {f.ts, str_lit("5 minutes"), long_lit(60000000)},
         "struct<start:timestamp,end:timestamp>",
         true},
        {"session_window",
         {f.ts, str_lit("5 minutes")},
         "struct<start:timestamp,end:timestamp>",
         true},
        // window_time: the window's last instant (its argument must be a window column)
        {"window_time",
         {make_expr(AttributeReference{
             Name("window"),
             make_struct({{"start", make_atomic(AtomicKind::Timestamp), true},
                          {"end", make_atomic(AtomicKind::Timestamp), true}}),
             1, false})},
         "timestamp",
         true},
        {"months_between", {f.ts, f.day}, "double", true},
        {"months_between", {f.day, f.day, bool_lit(false)}, "double", false},
        {"make_date", {f.i_nn, int_lit(1), int_lit(1)}, "date", false},
        {"to_number", {f.s_nn, str_lit("$99.99")}, "decimal(4,2)", false},
        {"try_to_number", {f.s_nn, str_lit("9G999")}, "decimal(4,0)", true},
        {"to_char", {f.i_nn, str_lit("999")}, "string", false},
        {"to_varchar", {f.dbl, str_lit("99.9")}, "string", true},
        {"make_dt_interval", {f.i_nn}, "interval day to second", false},
        {"make_dt_interval", {f.i, f.i_nn, f.i_nn, f.dbl}, "interval day to second", true},
        {"make_ym_interval", {}, "interval year to month", false},
        {"make_ym_interval", {f.i_nn, f.i}, "interval year to month", true},
        {"make_interval", {f.i_nn, f.i_nn}, "interval", false},
        {"try_make_interval", {f.i_nn}, "interval", true},
        {"next_day", {f.day, str_lit("Mon")}, "date", true},
        {"dayname", {f.day}, "string", false},
        {"monthname", {f.ts}, "string", true},
        {"try_sum", {f.i}, "bigint", true},
        {"try_avg", {f.d}, "decimal(14,6)", true},
        {"bit_and", {f.i}, "int", true},
        {"bit_or", {f.i_nn}, "int", true},
        {"bit_xor", {long_lit(1)}, "bigint", true},
        {"log1p", {f.dbl}, "double", true},
        {"expm1", {f.i}, "double", true},
        {"degrees", {f.dbl}, "double", true},
        {"radians", {f.d}, "double", true},
        {"rint", {f.dbl}, "double", true},
        {"hypot", {f.dbl, f.i_nn}, "double", false},
        {"sin", {f.i_nn}, "double", true},
        {"cos", {f.dbl}, "double", true},
        {"tan", {f.d}, "double", true},
        {"cot", {f.dbl}, "double", true},
        {"sec", {f.dbl}, "double", true},
        {"csc", {f.dbl}, "double", true},
        {"asin", {f.dbl}, "double", true},
        {"acos", {f.dbl}, "double", true},
        {"atan", {f.dbl}, "double", true},
        {"sinh", {f.dbl}, "double", true},
        {"cosh", {f.dbl}, "double", true},
        {"tanh", {f.dbl}, "double", true},
        {"asinh", {f.dbl}, "double", true},
        {"acosh", {f.dbl}, "double", true},
        {"atanh", {f.dbl}, "double", true},
        {"atan2", {f.dbl, f.i_nn}, "double", false},
        {"atan2", {f.dbl, f.i}, "double", true},
        {"isnan", {f.i}, "boolean", false}, // the int cast to a double; NULL is not NaN
        {"nanvl", {f.dbl, f.i}, "double", true},
        {"nanvl", {f.dbl, f.dbl}, "double", false},
        {"log", {f.dbl}, "double", true}, // LOG(E(), x)
        {"log", {int_lit(2), f.dbl}, "double", true},
        {"pi", {}, "double", false},
        {"e", {}, "double", false},
        {"factorial", {f.i_nn}, "bigint", true},
        {"sha1", {f.s}, "string", true},
        {"sha", {f.s_nn}, "string", false},
        {"crc32", {f.s_nn}, "bigint", false},
        {"base64", {f.s}, "string", true},
        {"hex", {f.i_nn}, "string", false},
        {"bin", {f.i}, "string", true},
        {"chr", {f.i_nn}, "string", false},
        {"char", {long_lit(65)}, "string", false},
        {"ascii", {f.s}, "int", true},
        {"octet_length", {f.s_nn}, "int", false},
        {"bit_length", {f.s}, "int", true},
        {"space", {f.i_nn}, "string", false},
        {"translate", {f.s, str_lit("a"), str_lit("b")}, "string", true},
        {"substring_index", {f.s_nn, str_lit("."), int_lit(1)}, "string", false},
        {"levenshtein", {f.s_nn, f.s_nn}, "int", false},
        {"levenshtein", {f.s_nn, f.s_nn, f.i}, "int", true},
        {"regexp_extract_all", {f.s_nn, str_lit("(a)")}, "array<string>", false},
        {"regexp_count", {f.s, str_lit("a")}, "int", true},
        {"regexp_substr", {f.s_nn, str_lit("a")}, "string", true},
        {"btrim", {f.s_nn}, "string", false},
        {"soundex", {f.s}, "string", true},
        {"mask", {f.s_nn}, "string", true},
        {"decode", {f.i, int_lit(1), str_lit("a"), str_lit("b")}, "string", false},
        {"decode", {f.i, int_lit(1), int_lit(10)}, "bigint", true},      // ELSE: a NULL string
        {"decode_charset", {f.s_nn, str_lit("UTF-8")}, "string", false}, // a string cast
        {"encode", {f.s, str_lit("UTF-8")}, "binary", true},
        {"unbase64", {f.s_nn}, "binary", false},
        {"conv", {f.s_nn, int_lit(10), int_lit(16)}, "string", true},
        {"schema_of_json", {str_lit(R"({"a": 1})")}, "string", false},
        {"schema_of_csv", {str_lit("1,abc")}, "string", false},
        {"to_binary", {f.s_nn, str_lit("Base64")}, "binary", false},
        {"to_binary", {f.s_nn}, "binary", true}, // hex: unhex is always nullable
        {"try_to_binary", {f.s_nn, str_lit("utf8")}, "binary", true},
        {"mask", {f.s_nn, str_lit("*"), str_lit("*")}, "string", true},
        {"array_append", {f.xs_nn, int_lit(1)}, "array<int>", false},
        {"array_prepend", {f.xs, f.i}, "array<int>", false},
        {"map_contains_key", {f.m, str_lit("k")}, "boolean", false},
        {"equal_null", {f.i, long_lit(1)}, "boolean", false},
        {"typeof", {f.st}, "string", false},
        {"raise_error", {f.s}, "void", true}, // bound as raiseerror; its own typing alike
        {"raiseerror",
         {str_lit("USER_RAISED_EXCEPTION"), call("map", {str_lit("errorMessage"), f.s})},
         "void",
         true},
        {"assert_true",
         {f.b, str_lit("no"),
          call("if", {f.b, null_lit(),
                      call("raiseerror", {str_lit("C"), call("map", {str_lit("errorMessage"),
                                                                     str_lit("no")})})})},
         "void",
         true},
        {"uuid", {}, "string", false},
        {"zeroifnull", {f.i}, "int", false},           // nvl(i, 0)
        {"zeroifnull", {f.d}, "decimal(12,2)", false}, // the int 0 as decimal(10,0)
        {"nullifzero", {f.i_nn}, "int", true},         // nullif(i, 0)
        {"unhex", {f.s_nn}, "binary", true},
        // window functions (bound only under OVER; rank's arguments are the order keys)
        {"row_number", {}, "int", false},
        {"rank", {f.i}, "int", false},
        {"dense_rank", {f.i, f.s}, "int", false},
        {"percent_rank", {f.i}, "double", false},
        {"cume_dist", {}, "double", false},
        {"ntile", {int_lit(3)}, "int", false},
        {"lag", {f.s_nn}, "string", true},
        {"lead", {f.i, int_lit(2), int_lit(0)}, "int", true},
        {"nth_value", {f.st, int_lit(2)}, "struct<a:int>", true},
    };
    for (const Row& row : rows) {
        INFO(row.name << " with " << row.args.size() << " arguments");
        const ExprPtr e = call(row.name, row.args);
        CHECK(str(e) == row.type);
        CHECK(e->nullable == row.nullable);
    }
    // Every row of the table has a sample call above.
    for (const std::string& name : function_names()) {
        const FunctionDef* d = find_function(name);
        if (d != nullptr) {
            INFO(name);
            CHECK(std::any_of(rows.begin(), rows.end(),
                              [&](const Row& r) { return r.name == name; }));
        }
    }
}

TEST_CASE("element nullability of function results", "[functions]") {
    const Fixtures f;
    auto contains_null = [](const ExprPtr& e) { return e->type->array()->contains_null; };
    CHECK_FALSE(contains_null(call("array", {f.i_nn, int_lit(1)})));
    CHECK(contains_null(call("array", {f.i_nn, f.i})));
    CHECK_FALSE(call("map", {str_lit("k"), f.i_nn})->type->map()->value_contains_null);
    CHECK(call("map", {str_lit("k"), f.i})->type->map()->value_contains_null);
    CHECK(call("map_from_arrays", {f.ys, f.xs})->type->map()->value_contains_null);
    CHECK_FALSE(contains_null(call("array_compact", {f.xs})));
    CHECK_FALSE(contains_null(call("collect_list", {f.i})));
    CHECK_FALSE(contains_null(call("split", {f.s, str_lit(",")})));
    CHECK_FALSE(contains_null(call("sequence", {int_lit(1), int_lit(3)})));
    CHECK_FALSE(contains_null(call("arrays_zip", {f.xs})));
    CHECK(contains_null(call("array_repeat", {f.i, int_lit(2)})));
    CHECK_FALSE(contains_null(call("array_repeat", {f.i_nn, int_lit(2)})));
    CHECK(contains_null(call("array_union", {f.xs, f.xs_nn})));
    CHECK_FALSE(contains_null(call("array_intersect", {f.xs, f.xs_nn})));
    CHECK_FALSE(contains_null(call("array_except", {f.xs_nn, f.xs})));
    CHECK(contains_null(call("concat", {f.xs, f.xs_nn})));
    // map_entries: keys are never null, values as the map's.
    const ExprPtr entries = call("map_entries", {f.m});
    const StructType& entry = *entries->type->array()->element->struct_type();
    CHECK_FALSE(entry[0].nullable);
    CHECK(entry[1].nullable);
    // element_at on array(...) with a constant index: the element's own nullability.
    CHECK_FALSE(call("try_element_at", {call("array", {int_lit(1)}), int_lit(1)})->nullable);
    CHECK(call("try_element_at", {call("array", {int_lit(1)}), int_lit(2)})->nullable);
}

TEST_CASE("coercions insert Spark's casts", "[functions]") {
    const Fixtures f;
    std::vector<ExprPtr> a = coerced("array_contains", {f.xs, long_lit(1)});
    CHECK(str(a[0]) == "array<bigint>");
    CHECK(a[0]->is<Cast>());
    a = coerced("coalesce", {f.i, f.d, long_lit(0)});
    CHECK(str(a[0]) == "decimal(22,2)");
    CHECK(str(a[1]) == "decimal(22,2)");
    CHECK(str(a[2]) == "decimal(22,2)");
    a = coerced("if", {null_lit(), f.i, f.s});
    CHECK(str(a[0]) == "boolean");
    CHECK(str(a[1]) == "bigint"); // ANSI: a string beside an int widens both to bigint
    CHECK(str(a[2]) == "bigint");
    a = coerced("greatest", {f.s, f.i});
    CHECK(str(a[0]) == "string"); // no string promotion: left as is, and rejected
    CHECK_FALSE(def("greatest").type(a).ok());
    a = coerced("concat", {f.s, f.i_nn, f.d});
    CHECK(str(a[1]) == "string");
    CHECK(str(a[2]) == "string");
    a = coerced("try_element_at", {f.m, null_lit()});
    CHECK(str(a[1]) == "string");
    a = coerced("size", {null_lit()});
    CHECK(str(a[0]) == "array<void>");
    a = coerced("slice", {f.xs, long_lit(1), int_lit(2)});
    CHECK(str(a[1]) == "int");
    a = coerced("pmod", {f.i, f.d});
    CHECK(str(a[0]) == "decimal(10,0)");
    a = coerced("md5", {f.s});
    CHECK(str(a[0]) == "binary");
    a = coerced("nullif", {f.i, long_lit(1)});
    CHECK(a[0] == f.i); // the result keeps the left argument's type
    CHECK(str(a[1]) == "bigint");
    a = coerced("map", {str_lit("a"), f.i, str_lit("b"), f.d});
    CHECK(str(a[1]) == "decimal(12,2)");
    CHECK(str(a[3]) == "decimal(12,2)");
    // replace(s, search) replaces with "", a literal its SQL form shows.
    a = coerced("replace", {f.s, str_lit("a")});
    REQUIRE(a.size() == 3);
    CHECK(a[2]->as<Literal>() != nullptr);
    CHECK(a[2]->as<Literal>()->text.empty());
    // The statistics take doubles (ImplicitCastInputTypes), strings included.
    a = coerced("stddev", {f.i});
    CHECK(str(a[0]) == "double");
    CHECK(a[0]->is<Cast>());
    a = coerced("corr", {f.d, f.s});
    CHECK(str(a[0]) == "double");
    CHECK(str(a[1]) == "double");
    a = coerced("var_pop", {f.dbl});
    CHECK(a[0] == f.dbl);
}

TEST_CASE("function errors name the function and the offending argument", "[functions]") {
    const Fixtures f;
    struct Row {
        std::string name;
        std::vector<ExprPtr> args;
        int bad_arg;
        std::string message;
    };
    const std::vector<Row> rows = {
        {"size", {f.st}, 0, "function 'size' expects an array or a map, got struct<a:int>"},
        {"approx_count_distinct",
         {f.i, int_lit(1)},
         1,
         "function 'approx_count_distinct' expects a double literal for the relative standard "
         "deviation, got int"},
        {"approx_count_distinct",
         {f.i, f.dbl},
         1,
         "function 'approx_count_distinct' expects a double literal for the relative standard "
         "deviation, got double"},
        {"max_by", {f.i, f.m}, 1, "function 'max_by' cannot order values of type map<string,int>"},
        {"stddev", {f.st}, 0, "function 'stddev' expects a numeric value, got struct<a:int>"},
        {"date_add",
         {f.day, f.st},
         1,
         "function 'date_add' expects an int, smallint or tinyint number of days, got "
         "struct<a:int>"},
        {"date_sub", {f.i, int_lit(1)}, 0, "function 'date_sub' expects a date, got int"},
        {"datediff", {f.day, f.st}, 1, "function 'datediff' expects a date, got struct<a:int>"},
        {"year", {f.i}, 0, "function 'year' expects a date, got int"},
        {"repeat", {f.s, f.st}, 1, "function 'repeat' expects an int, got struct<a:int>"},
        {"instr", {f.st, f.s}, 0, "function 'instr' expects a string, got struct<a:int>"},
        {"corr", {f.dbl, f.b}, 1, "function 'corr' expects a numeric value, got boolean"},
        {"array_size", {f.m}, 0, "function 'array_size' expects an array, got map<string,int>"},
        {"array_contains",
         {f.xs, f.st},
         1,
         "function 'array_contains' expects a value of the element type int, got struct<a:int>"},
        {"array_contains",
         {f.xs, null_lit()},
         1,
         "function 'array_contains' does not accept NULL arguments"},
        {"coalesce",
         {f.i, f.st},
         1,
         "function 'coalesce' expects arguments of a common type, got int and struct<a:int>"},
        {"array",
         {f.i, f.st},
         1,
         "function 'array' expects elements of a common type, got int and struct<a:int>"},
        {"map",
         {str_lit("a"), f.i, str_lit("b")},
         -1,
         "function 'map' expects an even number of arguments, got 3"},
        {"map",
         {f.m, f.i},
         0,
         "function 'map' expects map keys that are not maps, got "
         "map<string,int>"},
        {"if",
         {f.i, int_lit(1), int_lit(2)},
         0,
         "function 'if' expects a boolean condition, got int"},
        {"if",
         {f.b, int_lit(1), f.st},
         2,
         "function 'if' expects branches of a common type, got int and struct<a:int>"},
        {"flatten", {f.xs}, 0, "function 'flatten' expects an array of arrays, got array<int>"},
        {"concat",
         {f.xs, f.s},
         1,
         "function 'concat' expects arguments of a common type, got array<int> and string"},
        {"concat",
         {f.m},
         0,
         "function 'concat' expects a string, a binary or an array, got map<string,int>"},
        {"sort_array",
         {f.xs, f.b},
         1,
         "function 'sort_array' expects a boolean literal for the sort order, got boolean"},
        {"sort_array",
         {attr("ms", "ARRAY<MAP<INT, INT>>", false)},
         0,
         "function 'sort_array' cannot sort elements of type map<int,int>"},
        {"hash", {f.i, f.m}, 1, "function 'hash' cannot hash values of type map<string,int>"},
        {"round", {f.d, f.i}, 1, "function 'round' expects a constant int scale, got int"},
        {"array_join",
         {attr("ss", "ARRAY<STRUCT<a: INT>>", false), str_lit(",")},
         0,
         "function 'array_join' expects an array of strings, got array<struct<a:int>>"},
        {"array_join", {f.ys, int_lit(1)}, 1, "function 'array_join' expects a string, got int"},
        {"sum", {f.st}, 0, "function 'sum' expects a numeric or interval value, got struct<a:int>"},
        {"min", {f.m}, 0, "function 'min' cannot order values of type map<string,int>"},
        {"greatest",
         {f.s, f.i},
         1,
         "function 'greatest' expects arguments of a common type, got string and int"},
        {"to_json",
         {f.i},
         0,
         "function 'to_json' expects a struct, an array, a map or a variant, got int"},
        {"array_union",
         {f.xs, f.ys},
         1,
         "function 'array_union' expects arrays of the same element type, got array<int> and "
         "array<string>"},
        {"get", {f.m, str_lit("k")}, 0, "function 'get' expects an array, got map<string,int>"},
        {"try_element_at",
         {f.xs, long_lit(1)},
         1,
         "function 'try_element_at' expects an int index, got bigint"},
        {"sequence",
         {f.s, f.s},
         0,
         "function 'sequence' expects an integral, date or timestamp start, got string"},
        {"slice", {f.i, int_lit(1), int_lit(1)}, 0, "function 'slice' expects an array, got int"},
        {"count_if", {f.i}, 0, "function 'count_if' expects a boolean, got int"},
        {"collect_set",
         {f.m},
         0,
         "function 'collect_set' cannot collect a set of values of type map<string,int>"},
        {"nullif", {f.i, f.st}, 1, "function 'nullif' cannot compare int and struct<a:int>"},
        {"pmod",
         {f.i, f.st},
         -1,
         "function 'pmod' expects numeric arguments of a common type, got int and "
         "struct<a:int>"},
        {"from_xml",
         {f.s, str_lit("ARRAY<INT>")},
         1,
         "function 'from_xml' expects a struct for its schema, got array<int>"},
        {"histogram_numeric",
         {f.i, int_lit(1)},
         1,
         "function 'histogram_numeric' expects at least 2 bins, got 1"},
        {"histogram_numeric",
         {f.i, f.i},
         1,
         "function 'histogram_numeric' expects a constant int number of bins, got int"},
        {"uniform",
         {f.i, int_lit(2)},
         0,
         "function 'uniform' expects a constant integer or floating-point bound"},
        {"uniform",
         {int_lit(1), str_lit("2")},
         1,
         "function 'uniform' expects an integer or floating-point value, got string"},
        {"randstr",
         {long_lit(5)},
         0,
         "function 'randstr' expects a constant smallint or int length, got bigint"},
        {"from_avro",
         {f.s, str_lit(R"("int")"), null_lit()},
         0,
         "function 'from_avro' expects a binary, got string"},
        {"from_avro",
         {f.bin, f.s, null_lit()},
         1,
         "function 'from_avro' expects a constant string holding the Avro schema's JSON form"},
        {"from_avro",
         {f.bin, str_lit(R"("nope")"), null_lit()},
         1,
         "function 'from_avro' cannot read its Avro schema: 'nope' is not a defined name"},
        {"from_avro",
         {f.bin, str_lit(R"("int")"), call("map", {str_lit("MODE"), str_lit("dropMalformed")})},
         2,
         "function 'from_avro' doesn't support the DROPMALFORMED mode (PERMISSIVE and FAILFAST "
         "are)"},
        {"to_csv",
         {attr("sv", "STRUCT<a: INT, b: ARRAY<VARIANT>>", false)},
         0,
         "function 'to_csv' expects a struct that holds no variant, got "
         "struct<a:int,b:array<variant>>"},
        {"parse_json", {f.i}, 0, "function 'parse_json' expects a string, got int"},
        {"is_variant_null", {f.s}, 0, "function 'is_variant_null' expects a variant, got string"},
        {"to_variant_object",
         {f.i},
         0,
         "function 'to_variant_object' cannot cast int to a variant"},
        {"to_variant_object",
         {attr("mi", "MAP<INT, STRING>", false)},
         0,
         "function 'to_variant_object' cannot cast map<int,string> to a variant"},
        {"variant_get",
         {f.s, str_lit("$.a")},
         0,
         "function 'variant_get' expects a variant, got string"},
        {"variant_get",
         {f.v, str_lit("$.a"), str_lit("map<int, string>")},
         2,
         "function 'variant_get' cannot cast a variant to map<int,string>"},
        {"variant_get",
         {f.v, str_lit("$.a"), str_lit("varchar(3)")},
         2,
         "function 'variant_get' cannot take a CHAR or VARCHAR type, got varchar(3)"},
        {"try_variant_get",
         {f.v, str_lit("$.a"), f.s},
         2,
         "function 'try_variant_get' expects its schema as a string literal (DDL or Spark's JSON "
         "form)"},
        {"hash", {f.i, f.v}, 1, "function 'hash' cannot hash values of type variant"},
        {"size", {}, -1, "function 'size' expects 1 argument, got 0"},
        {"greatest", {f.i}, -1, "function 'greatest' expects at least 2 arguments, got 1"},
        {"substring", {f.s}, -1, "function 'substring' expects 2 to 3 arguments, got 1"},
        {"current_date", {f.i}, -1, "function 'current_date' expects 0 arguments, got 1"},
    };
    for (const Row& row : rows) {
        INFO(row.name);
        const TypeCheck c = check(row.name, row.args);
        CHECK_FALSE(c.ok());
        CHECK(c.error == row.message);
        CHECK(c.bad_arg == row.bad_arg);
    }
    // A call the analyzer should have rejected is an internal error when built.
    CHECK_THROWS_AS(make_expr(ScalarFunction{&def("size"), {f.st}, false}), InternalError);
}

TEST_CASE("result flows and flags per function", "[functions]") {
    const std::map<std::string, ResultFlow> flows = {
        {"array_contains", ResultFlow::Compare},
        {"array_position", ResultFlow::Compare},
        {"array_remove", ResultFlow::Compare},
        {"array_distinct", ResultFlow::Compare},
        {"array_union", ResultFlow::Compare},
        {"array_intersect", ResultFlow::Compare},
        {"array_except", ResultFlow::Compare},
        {"arrays_overlap", ResultFlow::Compare},
        {"sort_array", ResultFlow::Compare},
        {"array_max", ResultFlow::Compare},
        {"array_min", ResultFlow::Compare},
        {"to_json", ResultFlow::Compare},
        {"hash", ResultFlow::Compare},
        {"xxhash64", ResultFlow::Compare},
        {"to_csv", ResultFlow::Compare},
        {"to_xml", ResultFlow::Compare},  // its struct written whole
        {"to_avro", ResultFlow::Compare}, // its value written whole
        {"md5", ResultFlow::Compare},
        {"sha2", ResultFlow::Compare},
        {"greatest", ResultFlow::Compare},
        {"least", ResultFlow::Compare},
        {"nullif", ResultFlow::Compare},
        {"collect_set", ResultFlow::Compare},
        {"min", ResultFlow::Compare},
        {"max", ResultFlow::Compare},
        {"max_by", ResultFlow::Compare},
        {"min_by", ResultFlow::Compare},
        {"approx_count_distinct", ResultFlow::Compare},
        {"mode", ResultFlow::Compare}, // counts equal values
        {"map_contains_key", ResultFlow::Compare},
        {"equal_null", ResultFlow::Compare},
        {"sha1", ResultFlow::Compare},
        {"sha", ResultFlow::Compare},
        {"crc32", ResultFlow::Compare},
        {"typeof", ResultFlow::Compare}, // shows its argument's whole type
        {"size", ResultFlow::LengthOnly},
        {"cardinality", ResultFlow::LengthOnly},
        {"array_size", ResultFlow::LengthOnly},
        {"reverse", ResultFlow::ArrayElementsOfArg0},
        {"shuffle", ResultFlow::ArrayElementsOfArg0},
        {"slice", ResultFlow::ArrayElementsOfArg0},
        {"concat", ResultFlow::ArrayElementsOfAll},
        {"flatten", ResultFlow::ArrayElementsFlatten},
        {"coalesce", ResultFlow::ValueOfArgs},
        {"nvl", ResultFlow::ValueOfArgs},
        {"ifnull", ResultFlow::ValueOfArgs},
        {"if", ResultFlow::ValueOfArgs},
        {"nvl2", ResultFlow::ValueOfArgs},
        {"array_repeat", ResultFlow::ElementIsArg0},
    };
    for (const std::string& name : function_names()) {
        const FunctionDef* d = find_function(name);
        if (d == nullptr) {
            continue;
        }
        INFO(name);
        auto it = flows.find(name);
        CHECK(d->flow == (it == flows.end() ? ResultFlow::Opaque : it->second));
        CHECK(d->name == name);
        CHECK_FALSE(d->catalyst.empty());
        CHECK(d->type != nullptr);
    }
    // The name Spark prints: a math expression's upper-case name unless called by an alias.
    for (const auto& [name, printed] : std::map<std::string, std::string>{{"sqrt", "SQRT"},
                                                                          {"power", "POWER"},
                                                                          {"pow", "pow"},
                                                                          {"signum", "SIGNUM"},
                                                                          {"sign", "sign"},
                                                                          {"ln", "ln"},
                                                                          {"log10", "LOG10"},
                                                                          {"rlike", "RLIKE"},
                                                                          {"rint", "ROUND"},
                                                                          {"log", "LOG"},
                                                                          {"size", "size"}}) {
        INFO(name);
        CHECK(def(name).printed_name() == printed);
    }
    CHECK(def("coalesce").first_value_arg == 0);
    CHECK(def("nvl").first_value_arg == 0);
    CHECK(def("ifnull").first_value_arg == 0);
    CHECK(def("if").first_value_arg == 1);
    CHECK(def("nvl2").first_value_arg == 1);

    CHECK_FALSE(def("rand").deterministic);
    CHECK_FALSE(def("input_file_name").deterministic);
    CHECK(def("size").deterministic);
    CHECK_FALSE(def("shuffle").deterministic);
    CHECK_FALSE(def("uuid").deterministic);
    for (const char* agg : {"count",
                            "sum",
                            "avg",
                            "min",
                            "max",
                            "first",
                            "last",
                            "collect_list",
                            "collect_set",
                            "count_if",
                            "any",
                            "some",
                            "every",
                            "bool_and",
                            "bool_or",
                            "mean",
                            "first_value",
                            "last_value",
                            "array_agg",
                            "any_value",
                            "max_by",
                            "min_by",
                            "approx_count_distinct",
                            "stddev",
                            "std",
                            "stddev_samp",
                            "stddev_pop",
                            "variance",
                            "var_samp",
                            "var_pop",
                            "skewness",
                            "kurtosis",
                            "corr",
                            "covar_pop",
                            "covar_samp",
                            "try_sum",
                            "try_avg",
                            "bit_and",
                            "bit_or",
                            "bit_xor"}) {
        CHECK(def(agg).aggregate);
    }
    CHECK_FALSE(def("array").aggregate);

    CHECK(def("size").catalyst == "Size");
    CHECK(def("array_size").catalyst == "ArraySize");
    CHECK(def("nvl").catalyst == "Nvl");
    CHECK(def("ifnull").catalyst == "IfNull");
    CHECK(def("try_element_at").catalyst == "TryElementAt");
    CHECK(def("array_compact").catalyst == "ArrayCompact");
    CHECK(def("avg").catalyst == "Average");
    CHECK(def("every").catalyst == "BoolAnd");
    CHECK(def("some").catalyst == "BoolOr");
    CHECK(def("size").min_args == 1);
    CHECK(def("concat").max_args == -1);
}

TEST_CASE("the catalog finds lower-case names and lists every known function", "[functions]") {
    CHECK(find_function("size") != nullptr);
    CHECK(find_function("SIZE") == nullptr);
    CHECK(find_function("my_udf") == nullptr);
    // Built as their own nodes, not catalog rows.
    for (const char* name : {"transform", "filter", "array_sort", "aggregate", "reduce",
                             "named_struct", "struct", "element_at", "map_keys", "map_values"}) {
        CHECK(find_function(name) == nullptr);
    }
    const std::vector<std::string> names = function_names();
    for (const char* name :
         {"size", "transform", "reduce", "map_zip_with", "array_sort", "named_struct", "struct",
          "element_at", "map_keys", "map_values", "bool_and", "rlike"}) {
        INFO(name);
        CHECK(std::find(names.begin(), names.end(), name) != names.end());
    }
    CHECK(did_you_mean("cardinalty", names) == "; did you mean 'cardinality'?");
}
