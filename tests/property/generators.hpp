#pragma once
/// Random nested schemas, queries over them (as SQL text) and rows for them, for the
/// soundness property: evaluating the rewritten plan over rows projected to the read schema
/// gives what the original plan gives over the full rows.
///
///     schema  c0 INT, c1 ARRAY<STRUCT<a: STRING, v: MAP<STRING, STRUCT<w: INT, id: BIGINT>>>>
///     query   SELECT transform(c1, x -> x.v['a'].w) FROM t WHERE c0 > 1
///             SELECT a.c1[0].a FROM t a LEFT JOIN t b ON a.c0 = b.c0
///     rows    {"c0":2,"c1":[{"a":"b","v":{"a":{"w":1}}},null]}

#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "types/data_type.hpp"

namespace prune::property {

/// A small deterministic random source (std::mt19937_64 with helpers).
class Rng {
  public:
    explicit Rng(std::uint64_t seed) : engine_(seed) {}
    /// Uniform in [lo, hi].
    int between(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(engine_); }
    /// True with probability p.
    bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(engine_) < p; }
    template <class T> const T& pick(const std::vector<T>& v) {
        return v[static_cast<std::size_t>(between(0, static_cast<int>(v.size()) - 1))];
    }

  private:
    std::mt19937_64 engine_;
};

/// A generated table: its DDL, its parsed schema and its partition column (if any).
struct GeneratedTable {
    std::string ddl;
    TypePtr schema;
    std::string partition_column; // empty: none
};

/// A table of 3 to 6 columns `c0..`, nested up to `max_depth` levels (structs of 1-4 fields
/// with names shared across levels, arrays of anything, maps with string or int keys), one
/// int column at least, and sometimes an int partition column `p`.
GeneratedTable generate_table(Rng& rng, int max_depth);

/// A query block over `t`: a select list of 1-3 expressions touching random paths through
/// random higher-order functions and extractors, an optional WHERE, and sometimes GROUP BY /
/// HAVING, ORDER BY, LIMIT or DISTINCT. About a third of the statements read `t` several times
/// or through other query blocks: self-joins of every kind (ON, CROSS, comma, USING, NATURAL,
/// semi and anti), FROM-subqueries 1-3 levels deep (with column lists sometimes), CTEs (one
/// reading another, one read twice) and UNION / INTERSECT / EXCEPT, whose query blocks read the
/// inner queries' outputs by their types. Some query blocks group with ROLLUP, CUBE or GROUPING
/// SETS (an Expand), and some hold subquery expressions (scalar aggregates, [NOT] EXISTS,
/// [NOT] IN) reading `t` again, correlated with the blocks around them or not. Expressions,
/// aggregates and windows call rows of the whole function catalog, with argument lists the
/// rows' own typing accepts (callable_function_names()). Every scan reads `t`, so one set of
/// rows serves all.
/// What generate_query put in a statement, for the test's coverage figures.
struct QueryStats {
    /// Calls drawn from the function catalog (callable_function_names()) the statement holds.
    int catalog_calls = 0;
    /// The rows of those calls, by name (a row the binder rebinds, `isnull` as an IsNull node
    /// or `raise_error` as the internal `raiseerror`, is named in no bound plan).
    std::set<std::string> catalog_rows;
};

std::string generate_query(Rng& rng, const GeneratedTable& table, QueryStats* stats = nullptr);

/// The rows of the function catalog (plan/functions.hpp) that generated queries call, by name:
/// every row a query can call by name but the grouping placeholders (grouping, grouping_id),
/// scalar functions in expressions, aggregate ones in aggregates, window ones in windows.
std::vector<std::string> callable_function_names();

/// The rows of callable_function_names() for which no argument list from the generator's pool
/// (expressions of its types, a few literals) passes the row's typing and the binder: never
/// called.
std::vector<std::string> untyped_function_names();

/// `count` rows as JSON lines, with nulls at every level, small arrays and maps, and values
/// from small pools (so equalities and in-range subscripts happen).
std::string generate_rows(Rng& rng, const GeneratedTable& table, int count);

} // namespace prune::property
