#pragma once
/// The tables a query can read: name, schema, partition columns. Loaded from the `--schema`
/// file in its three forms (DDL, Spark JSON, catalog JSON: README.md "Schema formats"), from
/// `--ddl`, plus `--partition-columns`.

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "types/data_type.hpp"

namespace prune {

struct ColumnBytes; // parquet/column_bytes.hpp

/// One table. `schema` is the full table schema including partition columns, in table order;
/// `partition_columns` name the columns that are not stored in the data files.
struct Table {
    std::string name;
    TypePtr schema;
    std::vector<std::string> partition_columns;
    /// When the schema came from Parquet footers: the compressed bytes of each column, a tree
    /// parallel to `schema` (partition columns 0). Null for a DDL or JSON schema.
    std::shared_ptr<const ColumnBytes> column_bytes = nullptr;

    bool is_partition_column(std::string_view column, CaseSensitivity cs) const;
};

/// The tables of a run. A single-table schema (a bare StructType JSON or a DDL string) is a
/// catalog with one unnamed table that answers to whatever name the query uses.
class Catalog {
  public:
    /// A catalog of one table that answers to any name.
    static Catalog single(TypePtr schema);
    /// The same with the table's partition columns and column bytes (its name is ignored).
    static Catalog single(Table table);
    void add(Table table);

    /// Looks a table up by the catalog's own name for it (`db.t`, as the catalog JSON spells its
    /// key), case-insensitively; the unnamed table of a single-table catalog matches any name
    /// and takes the name asked for. Queries name tables through resolve().
    std::optional<Table> find(std::string_view name) const;

    /// The table a query's multi-part name denotes (`FROM spark_catalog.db.t` is
    /// {"spark_catalog", "db", "t"}), the one rule every lookup by a written name follows:
    ///   - Spark's session catalog name `spark_catalog` is an optional first part, when more
    ///     parts follow it;
    ///   - the remaining parts must equal the parts of a table's name (its key split at dots)
    ///     one for one, ignoring ASCII case: `db.t` is the table `db.t`, `t` is the table `t`;
    ///     neither falls back to the other;
    ///   - a single-table catalog's table answers to any name, qualified or not, and takes the
    ///     name as written.
    /// Nothing when no table matches: see unknown_table_hint().
    std::optional<Table> resolve(std::span<const std::string> parts) const;
    /// For a name resolve() did not find: `"; did you mean 'x'?"` naming the table whose name
    /// is closest to it (or to its last part, for a qualifier that is wrong), or "".
    std::string unknown_table_hint(std::span<const std::string> parts) const;
    std::vector<std::string> table_names() const;
    bool is_single() const { return single_; }

    /// Marks `columns` as partition columns in every table that has them (case per `cs`);
    /// a name that no table has throws SchemaError.
    void add_partition_columns(const std::vector<std::string>& columns, CaseSensitivity cs);

  private:
    bool single_ = false;
    std::vector<Table> tables_;
};

/// Loads a catalog table given as `{"path": "data/events"}`: the path as written (the loader
/// resolves it). Throws SchemaError, or an I/O error of its own.
using PathLoader = std::function<Table(const std::string& path)>;

/// Loads the `--schema FILE` content: a Spark StructType JSON object, a catalog JSON object or a
/// DDL string, told apart by the content (JSON starts with `{`). `origin` names the file in
/// error messages; `load_path` loads the tables a catalog gives by path (without it, such a
/// table is an error). Throws SchemaError.
Catalog load_catalog(const std::string& text, const std::string& origin,
                     const PathLoader& load_path = {});
/// Loads an inline `--ddl TEXT` schema (named `<ddl>` in diagnostics).
Catalog load_ddl_catalog(const std::string& text);

/// A table name as written on the command line (`--verify db.t=rows.jsonl`), split at its dots
/// into the parts Catalog::resolve takes.
std::vector<std::string> split_table_name(std::string_view name);

} // namespace prune
