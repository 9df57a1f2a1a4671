/// The tables of a run, loaded from the `--schema` file or `--ddl` (README.md "Schema formats").
///
///     {"tables": {"events": {"schema": "id INT, p STRING", "partition_columns": ["p"]},
///                 "users":  {"type": "struct", "fields": [...]}}}
///
/// is a catalog of two tables; `events` keeps `p` in its schema (table order) and names it a
/// partition column. A bare StructType JSON or a DDL string is a single-table catalog whose
/// table answers to any name: `SELECT * FROM whatever` finds it as `whatever`.

#include "catalog/catalog.hpp"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "diag/diagnostic.hpp"
#include "diag/utf8.hpp"
#include "types/schema_formats.hpp"
#include "util/split.hpp"

namespace prune {
namespace {

using nlohmann::json;

bool is_blank(const std::string& text) {
    return text.find_first_not_of(" \t\r\n\f\v") == std::string::npos;
}

// The column of `schema` that `name` denotes: an exact match first, otherwise the only
// case-insensitive one (the schema's spelling is what the analyzer and pruner compare).
std::optional<std::string> column_named(const DataType& schema, const std::string& name,
                                        CaseSensitivity cs) {
    const StructType& s = *schema.struct_type();
    if (auto i = s.field_index(name, CaseSensitivity::Sensitive)) {
        return s[*i].name;
    }
    if (cs == CaseSensitivity::Insensitive) {
        if (auto i = s.field_index(name, CaseSensitivity::Insensitive)) {
            return s[*i].name;
        }
    }
    return std::nullopt;
}

void add_unique(std::vector<std::string>& names, const std::string& name) {
    for (const std::string& n : names) {
        if (n == name) {
            return;
        }
    }
    names.push_back(name);
}

// Turns nlohmann's byte position into `origin:line:column: malformed JSON: ...`.
[[noreturn]] void malformed_json(const json::parse_error& e, const std::string& text,
                                 const std::string& origin) {
    const std::size_t offset = std::min(e.byte > 0 ? e.byte - 1 : 0, text.size());
    std::string what = e.what();
    // nlohmann: "[json.exception.parse_error.101] parse error at line 1, column 2: <detail>".
    if (const auto column = what.find("column "); column != std::string::npos) {
        if (const auto colon = what.find(": ", column); colon != std::string::npos) {
            what = what.substr(colon + 2);
        }
    } else if (const auto bracket = what.find("] "); bracket != std::string::npos) {
        what = what.substr(bracket + 2);
    }
    throw SchemaError(Diagnostic{Severity::Error, "malformed JSON: " + what,
                                 std::make_shared<const SourceFile>(origin, text),
                                 Span{offset, offset + 1}});
}

// A table's schema inside a catalog: a StructType JSON object or a DDL string.
TypePtr table_schema(const json& value, const std::string& where,
                     const JsonSchemaDocument& document) {
    if (value.is_string()) {
        return parse_ddl_schema(SourceFile(where, value.get<std::string>()));
    }
    if (value.is_object()) {
        return from_spark_json(value, where, document);
    }
    throw SchemaError(where, "expected a StructType JSON object or a DDL string");
}

// `{"path": "data/events"}`: a Parquet file or directory (parquet/dataset.hpp) read by the
// caller's loader, its partition columns from its `key=value` folders.
Table read_path_table(const std::string& name, const json& value, const std::string& where,
                      const PathLoader& load_path) {
    for (const auto& item : value.items()) {
        if (item.key() != "path") {
            throw SchemaError(where, "unexpected key '" + item.key() + "' next to 'path'");
        }
    }
    if (!value["path"].is_string() || value["path"].get<std::string>().empty()) {
        throw SchemaError(where + ".path", "expected the path of a Parquet file or directory");
    }
    if (!load_path) {
        throw SchemaError(where + ".path", "a table given by path needs a schema file");
    }
    Table table = load_path(value["path"].get<std::string>());
    table.name = name;
    return table;
}

Table read_table(const std::string& name, const json& value, const std::string& origin,
                 const JsonSchemaDocument& document, const PathLoader& load_path) {
    const std::string where = origin + ": tables." + name;
    if (value.is_object() && value.contains("path") && !value.contains("type")) {
        return read_path_table(name, value, where, load_path);
    }
    Table table;
    table.name = name;
    if (!value.is_object() || !value.contains("schema")) {
        table.schema = table_schema(value, where, document);
        return table;
    }
    for (const auto& item : value.items()) {
        if (item.key() != "schema" && item.key() != "partition_columns") {
            throw SchemaError(where, "unexpected key '" + item.key() + "'");
        }
    }
    table.schema = table_schema(value["schema"], where + ".schema", document);
    if (const auto it = value.find("partition_columns"); it != value.end()) {
        if (!it->is_array()) {
            throw SchemaError(where + ".partition_columns", "expected an array of column names");
        }
        for (std::size_t i = 0; i < it->size(); ++i) {
            const json& column = (*it)[i];
            const std::string at = where + ".partition_columns[" + std::to_string(i) + "]";
            if (!column.is_string()) {
                throw SchemaError(at, "expected a column name");
            }
            const auto found = column_named(*table.schema, column.get<std::string>(),
                                            CaseSensitivity::Insensitive);
            if (!found) {
                throw SchemaError(at, "'" + column.get<std::string>() +
                                          "' is not a column of table '" + name + "'");
            }
            add_unique(table.partition_columns, *found);
        }
    }
    return table;
}

Catalog read_json_catalog(const JsonSchemaDocument& document, const std::string& origin,
                          const PathLoader& load_path) {
    const json& root = document.root;
    if (!root.contains("tables") || root.contains("type")) {
        return Catalog::single(from_spark_json(root, origin, document));
    }
    for (const auto& item : root.items()) {
        if (item.key() != "tables") {
            throw SchemaError(origin, "unexpected key '" + item.key() + "'");
        }
    }
    const json& tables = root["tables"];
    if (!tables.is_object()) {
        throw SchemaError(origin, "tables: expected an object mapping table names to schemas");
    }
    if (tables.empty()) {
        throw SchemaError(origin, "tables: expected at least one table");
    }
    Catalog catalog;
    for (const auto& item : tables.items()) {
        if (const auto at = find_control_character(item.key())) {
            // The name is left out of the message, as it is out of the JSON path.
            throw SchemaError(
                origin, "tables: " + control_character_message(item.key()[*at], "a table name"));
        }
        Table table = read_table(item.key(), item.value(), origin, document, load_path);
        if (catalog.find(table.name)) {
            throw SchemaError(origin, "tables: duplicate table name '" + table.name + "'");
        }
        catalog.add(std::move(table));
    }
    return catalog;
}

} // namespace

bool Table::is_partition_column(std::string_view column, CaseSensitivity cs) const {
    for (const std::string& p : partition_columns) {
        if (names_match(p, column, cs)) {
            return true;
        }
    }
    return false;
}

Catalog Catalog::single(TypePtr schema) {
    Catalog catalog;
    catalog.single_ = true;
    catalog.tables_.push_back(Table{std::string(), std::move(schema), {}});
    return catalog;
}

Catalog Catalog::single(Table table) {
    Catalog catalog;
    catalog.single_ = true;
    table.name.clear();
    catalog.tables_.push_back(std::move(table));
    return catalog;
}

void Catalog::add(Table table) {
    if (single_) {
        throw InternalError("cannot add table '" + table.name + "' to a single-table catalog");
    }
    tables_.push_back(std::move(table));
}

std::optional<Table> Catalog::find(std::string_view name) const {
    if (single_) {
        Table table = tables_.front();
        table.name = std::string(name);
        return table;
    }
    for (const Table& table : tables_) {
        if (names_match(table.name, name, CaseSensitivity::Insensitive)) {
            return table;
        }
    }
    return std::nullopt;
}

namespace {

// Spark's name for its built-in session catalog, which a table name may start with.
constexpr std::string_view kSessionCatalog = "spark_catalog";

// The parts a query's name is compared with: without a leading `spark_catalog` that qualifies
// something (a lone `spark_catalog` is a table's own name).
std::span<const std::string> without_session_catalog(std::span<const std::string> parts) {
    if (parts.size() > 1 &&
        names_match(parts.front(), kSessionCatalog, CaseSensitivity::Insensitive)) {
        return parts.subspan(1);
    }
    return parts;
}

bool parts_match(std::span<const std::string> parts, const std::string& table_name) {
    const std::vector<std::string> own = split_table_name(table_name);
    return std::equal(parts.begin(), parts.end(), own.begin(), own.end(),
                      [](const std::string& a, const std::string& b) {
                          return names_match(a, b, CaseSensitivity::Insensitive);
                      });
}

std::string joined(std::span<const std::string> parts) {
    std::string out;
    for (const std::string& part : parts) {
        out.append(out.empty() ? "" : ".").append(part);
    }
    return out;
}

} // namespace

std::optional<Table> Catalog::resolve(std::span<const std::string> parts) const {
    if (single_) {
        return find(joined(parts));
    }
    const std::span<const std::string> name = without_session_catalog(parts);
    for (const Table& table : tables_) {
        if (parts_match(name, table.name)) {
            return table;
        }
    }
    return std::nullopt;
}

std::string Catalog::unknown_table_hint(std::span<const std::string> parts) const {
    const std::span<const std::string> name = without_session_catalog(parts);
    if (name.empty()) {
        return {};
    }
    const std::vector<std::string> names = table_names();
    std::string hint = did_you_mean(joined(name), names);
    if (hint.empty() && name.size() > 1) {
        // A wrong qualifier (`nosuch.t`, `crm.customer`): the table its last part is close to.
        hint = did_you_mean(name.back(), names);
    }
    if (hint.empty()) {
        // A missing or wrong qualifier (`orders` for `sales.orders`): the table whose own last
        // part is close to the name's.
        std::vector<std::string> last_parts;
        for (const std::string& table : names) {
            last_parts.push_back(split_table_name(table).back());
        }
        const std::string best = closest_match(name.back(), last_parts);
        for (std::size_t i = 0; i < names.size() && !best.empty(); ++i) {
            if (last_parts[i] == best) {
                return "; did you mean '" + names[i] + "'?";
            }
        }
    }
    return hint;
}

std::vector<std::string> Catalog::table_names() const {
    std::vector<std::string> names;
    if (single_) {
        return names;
    }
    for (const Table& table : tables_) {
        names.push_back(table.name);
    }
    return names;
}

void Catalog::add_partition_columns(const std::vector<std::string>& columns, CaseSensitivity cs) {
    for (const std::string& column : columns) {
        bool found = false;
        for (Table& table : tables_) {
            if (auto name = column_named(*table.schema, column, cs)) {
                add_unique(table.partition_columns, *name);
                found = true;
            }
        }
        if (!found) {
            throw SchemaError("partition column '" + column + "' is not a column of any table");
        }
    }
}

Catalog load_catalog(const std::string& text, const std::string& origin,
                     const PathLoader& load_path) {
    if (is_blank(text)) {
        throw SchemaError(origin, "empty schema");
    }
    const std::size_t first = text.find_first_not_of(" \t\r\n\f\v");
    if (text[first] != '{') {
        return Catalog::single(parse_ddl_schema(SourceFile(origin, text)));
    }
    // Read in one pass without the whole DOM, whose field objects cost ten times their text.
    JsonSchemaDocument document;
    try {
        document = read_json_schema_document(text);
    } catch (const json::parse_error& e) {
        malformed_json(e, text, origin);
    } catch (const json::exception& e) {
        // Well-formed but unreadable, e.g. a number beyond double's range (out_of_range.406).
        const std::string what = e.what();
        const auto bracket = what.find("] ");
        throw SchemaError(origin,
                          "malformed JSON: " +
                              (bracket == std::string::npos ? what : what.substr(bracket + 2)));
    }
    return read_json_catalog(document, origin, load_path);
}

Catalog load_ddl_catalog(const std::string& text) {
    if (is_blank(text)) {
        throw SchemaError("<ddl>", "empty schema");
    }
    return Catalog::single(parse_ddl_schema(SourceFile("<ddl>", text)));
}

std::vector<std::string> split_table_name(std::string_view name) { return split_on(name, '.'); }

} // namespace prune
