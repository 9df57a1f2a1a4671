// libFuzzer harness: the DDL parser over arbitrary bytes, both entry points
// (parse_ddl_schema for `--ddl`/schema files, parse_ddl_type for CAST). An accepted schema
// must survive the round trips Spark users rely on:
//
//     parse_ddl_schema(to_ddl(t))        == t   (StructType.fromDDL(t.toDDL))
//     from_spark_json(spark_json(t))     == t   (DataType.fromJson(t.json))

#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "types/schema_formats.hpp"

namespace {

using namespace prune;

void check_round_trips(const TypePtr& type) {
    fuzz::require(type != nullptr, "a null type");
    fuzz::require(type_depth(*type) <= kMaxNestingDepth + 1, "a type deeper than the limit");
    fuzz::require_utf8(catalog_string(*type), "catalog_string");
    fuzz::require_utf8(tree_string(*type), "tree_string");
    (void)count_leaves(*type);
    (void)default_size(*type);
    const std::string ddl = to_ddl(*type);
    fuzz::require_utf8(ddl, "to_ddl");
    if (ddl.empty()) {
        // The empty struct (`STRUCT<>`): Spark's toDDL writes it as "", which no DDL reader
        // (Spark's fromDDL included) takes back as a schema. Nothing else may print as "".
        const StructType* s = type->struct_type();
        fuzz::require(s != nullptr && s->size() == 0, "to_ddl printed nothing for a type");
    } else {
        fuzz::must_accept(
            [&] {
                // to_ddl prints a struct as a column list (StructType.toDDL), else a type.
                const TypePtr again = type->struct_type() != nullptr
                                          ? parse_ddl_schema(SourceFile("<ddl>", ddl))
                                          : parse_ddl_type(ddl);
                fuzz::require(equals(*again, *type), "DDL round trip changed the type: " + ddl);
            },
            "DDL round trip rejected");
    }
    if (type->struct_type() == nullptr) {
        return; // from_spark_json reads schemas (structs) only
    }
    const std::string json = spark_json(*type);
    fuzz::must_accept(
        [&] {
            const TypePtr again = from_spark_json(nlohmann::json::parse(json), "schema.json");
            fuzz::require(equals(*again, *type), "JSON round trip changed the type: " + json);
        },
        "JSON round trip rejected");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    TypePtr schema;
    if (fuzz::accepts([&] { schema = parse_ddl_schema(SourceFile("schema.ddl", text)); })) {
        fuzz::require(schema->struct_type() != nullptr, "a DDL schema that is not a struct");
        check_round_trips(schema);
    }
    TypePtr type;
    if (fuzz::accepts([&] { type = parse_ddl_type(text); })) {
        check_round_trips(type);
    }
    return 0;
}
