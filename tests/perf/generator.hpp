#pragma once
/// Deterministic inputs for the performance suite (tests/perf): a DDL schema and a query of a
/// chosen size, generated in memory so the benchmarks and gen_inputs share one definition.
///
///     reference(2, schema, query)
///     schema: s0 STRUCT<f0: INT, ..., f19: INT>, s1 STRUCT<...>, a0 ARRAY<STRUCT<...>>, a1 ...
///     query:  SELECT s0.f0, transform(a0, x -> x.f0 + x.f0), s1.f1,
///                    transform(a1, x -> x.f7 + x.f3) FROM t
///
/// `reference(n)` is the reference workload of issue 10 (n = 1,600: 3,200 columns, 64,000
/// leaves, 3,200 select items). `mixed` rotates four column kinds (nested structs, arrays of
/// structs, maps to structs, structs holding arrays of structs, each nested `depth` levels) and
/// mixes direct field access, subscripts, element_at, transform / exists / filter / aggregate
/// lambdas and WHERE predicates (a balanced AND tree, so its depth is logarithmic: the parser
/// rejects expressions nested deeper than 1,000 levels). Everything derives from a fixed
/// linear congruential generator: the same arguments always give the same bytes.

#include <cstdint>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

namespace prune::perf {

/// Knuth's MMIX LCG: deterministic on every platform, unlike std::uniform_int_distribution.
class Lcg {
  public:
    explicit Lcg(std::uint64_t seed) : state_(seed) {}
    /// The next number in [0, bound).
    std::uint64_t next(std::uint64_t bound) {
        state_ = state_ * 6364136223846793005ULL + 1442695040888963407ULL;
        return (state_ >> 33) % bound;
    }

  private:
    std::uint64_t state_;
};

/// The shape of a `mixed` workload.
struct MixedOptions {
    std::uint64_t columns = 400; // c0, c1, ...: kind c % 4
    std::uint64_t fields = 20;   // fields per struct level (at least 2)
    std::uint64_t depth = 3;     // struct levels per column
    std::uint64_t items = 2000;  // select items
    std::uint64_t where = 16;    // WHERE predicates (0: no WHERE)
    std::uint64_t seed = 1;
    bool distinct = false; // a COMMENT per column, so no two columns share a type
};

// --- the reference workload ----------------------------------------------------------------

/// The reference workload scaled by `n`: n struct columns, n array columns, 2n select items.
/// `distinct` gives every struct a different COMMENT on f0, so no two columns share a type
/// (the DDL reader builds identical types once).
inline void reference(std::uint64_t n, std::ostream& schema, std::ostream& query,
                      bool distinct = false) {
    std::string fields;
    for (int f = 1; f < 20; ++f) {
        fields += ", f" + std::to_string(f) + ": INT";
    }
    const auto first = [&](const std::string& column) {
        return "f0: INT" + (distinct ? " COMMENT '" + column + "'" : std::string());
    };
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::string name = "s" + std::to_string(i);
        schema << (i == 0 ? "" : ",\n") << name << " STRUCT<" << first(name) << fields << ">";
    }
    for (std::uint64_t i = 0; i < n; ++i) {
        const std::string name = "a" + std::to_string(i);
        schema << ",\n" << name << " ARRAY<STRUCT<" << first(name) << fields << ">>";
    }
    schema << "\n";
    query << "SELECT";
    for (std::uint64_t i = 0; i < n; ++i) {
        query << (i == 0 ? "\n  " : ",\n  ") << "s" << i << ".f" << i % 20 << ",\n  transform(a"
              << i << ", x -> x.f" << (7 * i) % 20 << " + x.f" << (3 * i) % 20 << ")";
    }
    query << "\nFROM t\n";
}

/// The reference schema with `statements` small statements instead of one wide one, as a CI
/// loop over many queries runs them: statement k reads one struct field, one transform and a
/// WHERE field, of columns that vary with k.
inline void reference_statements(std::uint64_t n, std::uint64_t statements, std::ostream& schema,
                                 std::ostream& query, bool distinct = false) {
    std::ostringstream wide;
    reference(n, schema, wide, distinct); // the schema; its one wide query is not used
    for (std::uint64_t k = 0; k < statements; ++k) {
        const std::uint64_t i = (k * 7919) % n;
        const std::uint64_t j = (k * 104729 + 17) % n;
        query << "SELECT s" << i << ".f" << i % 20 << ", transform(a" << j << ", x -> x.f"
              << (7 * j) % 20 << " + x.f" << (3 * j) % 20 << ") FROM t WHERE s" << j << ".f"
              << (k % 19) + 1 << " > " << k << ";\n";
    }
}

// --- the mixed workload --------------------------------------------------------------------
//
// A level of depth d is STRUCT<f0: <level d-1>, f1: INT, f2: STRING, f3: BIGINT, f4: DOUBLE,
// f5: INT, ...>; level 1 has only atomic fields. Kind 3 columns put an array of the lower
// level in f0. Numeric leaves are those with j % 4 != 2.

/// The atomic type of leaf field f<j>.
inline std::string atomic_of(std::uint64_t j) {
    switch (j % 4) {
    case 2:
        return "STRING";
    case 3:
        return "BIGINT";
    case 0:
        return "DOUBLE";
    default:
        return "INT";
    }
}

/// The struct type of one column, `depth` levels deep.
/// `comment` (when not empty) goes on f1 of every level.
inline std::string level_type(std::uint64_t depth, std::uint64_t fields, bool array_inside,
                              const std::string& comment = "") {
    std::string out = "STRUCT<";
    for (std::uint64_t j = 0; j < fields; ++j) {
        out += (j == 0 ? "" : ", ") + std::string("f") + std::to_string(j) + ": ";
        if (j == 0 && depth > 1) {
            const std::string lower = level_type(depth - 1, fields, false, comment);
            out += array_inside ? "ARRAY<" + lower + ">" : lower;
        } else {
            out += atomic_of(j);
            if (j == 1 && !comment.empty()) {
                out += " COMMENT '" + comment + "'";
            }
        }
    }
    return out + ">";
}

/// A numeric leaf field name, never f0 when f0 holds the next level.
inline std::string numeric_leaf(Lcg& rng, const MixedOptions& o) {
    std::uint64_t j = 1 + rng.next(o.fields > 1 ? o.fields - 1 : 1);
    if (j % 4 == 2) {
        j = j + 1 < o.fields ? j + 1 : 1;
    }
    return "f" + std::to_string(o.fields > 1 ? j : 0);
}

/// `.f0.f0...` down `levels` levels of nesting (never past the leaf level).
inline std::string descend(std::uint64_t levels) {
    std::string out;
    for (std::uint64_t l = 0; l < levels; ++l) {
        out += ".f0";
    }
    return out;
}

/// The name of column `c`.
inline std::string column(std::uint64_t c) { return "c" + std::to_string(c); }

/// One select item or predicate over column `c` (of kind c % 4); `predicate` makes it boolean.
inline std::string item(Lcg& rng, const MixedOptions& o, std::uint64_t c, bool predicate) {
    const std::string col = column(c);
    const std::uint64_t down = o.depth > 1 ? rng.next(o.depth) : 0; // levels to descend
    const std::string path = descend(down);
    const std::string leaf = numeric_leaf(rng, o);
    const std::uint64_t variant = rng.next(5);
    switch (c % 4) {
    case 0: // nested struct
        if (predicate) {
            return variant % 2 == 0 ? col + path + "." + leaf + " > " + std::to_string(variant)
                                    : col + path + " IS NOT NULL";
        }
        return variant == 0 ? col + path + "." + leaf + " + " + col + "." + leaf
                            : col + path + "." + leaf;
    case 1: // array of structs
        if (predicate) {
            return variant % 2 == 0
                       ? "exists(" + col + ", x -> x" + path + "." + leaf + " > 0)"
                       : "size(filter(" + col + ", x -> x" + path + " IS NOT NULL)) > 1";
        }
        switch (variant) {
        case 0:
            return col + "[" + std::to_string(rng.next(4)) + "]" + path + "." + leaf;
        case 1:
            return "transform(" + col + ", x -> x" + path + "." + leaf + " + x." + leaf + ")";
        case 2:
            return "filter(" + col + ", x -> x." + leaf + " > 3)" + path + "." + leaf;
        case 3:
            return "aggregate(" + col + ", 0D, (acc, x) -> acc + x" + path + "." + leaf + ")";
        default:
            return "exists(" + col + ", x -> x" + path + "." + leaf + " IS NULL)";
        }
    case 2: // map to structs
        if (predicate) {
            return col + "['k" + std::to_string(variant) + "']" + path + "." + leaf + " = 1";
        }
        switch (variant % 3) {
        case 0:
            return col + "['k" + std::to_string(variant) + "']" + path + "." + leaf;
        case 1:
            return "element_at(" + col + ", 'k')" + path + "." + leaf;
        default:
            return "transform(map_values(" + col + "), v -> v" + path + "." + leaf + ")";
        }
    default: // struct holding an array of structs in f0
        if (o.depth < 2) {
            return col + "." + leaf + (predicate ? " < 9" : "");
        }
        if (predicate) {
            return "exists(" + col + ".f0, y -> y." + leaf + " < 9)";
        }
        switch (variant % 3) {
        case 0:
            return "transform(" + col + ".f0, y -> y" + descend(down > 0 ? down - 1 : 0) + "." +
                   leaf + ")";
        case 1:
            return col + ".f0[0]." + leaf;
        default:
            return col + "." + leaf;
        }
    }
}

/// Predicates [from, to) joined into a balanced AND tree.
inline void where_tree(std::ostream& out, const std::vector<std::string>& preds, std::size_t from,
                       std::size_t to) {
    if (to - from == 1) {
        out << preds[from];
        return;
    }
    const std::size_t mid = from + (to - from) / 2;
    out << "(";
    where_tree(out, preds, from, mid);
    out << "\n  AND ";
    where_tree(out, preds, mid, to);
    out << ")";
}

/// The mixed workload.
inline void mixed(const MixedOptions& o, std::ostream& schema, std::ostream& query) {
    for (std::uint64_t c = 0; c < o.columns; ++c) {
        schema << (c == 0 ? "" : ",\n") << column(c) << " ";
        const std::string level =
            level_type(o.depth, o.fields, c % 4 == 3, o.distinct ? column(c) : std::string());
        switch (c % 4) {
        case 1:
            schema << "ARRAY<" << level << ">";
            break;
        case 2:
            schema << "MAP<STRING, " << level << ">";
            break;
        default:
            schema << level;
        }
    }
    schema << "\n";
    Lcg rng(o.seed);
    query << "SELECT";
    for (std::uint64_t k = 0; k < o.items; ++k) {
        query << (k == 0 ? "\n  " : ",\n  ") << item(rng, o, rng.next(o.columns), false);
    }
    query << "\nFROM t";
    if (o.where > 0) {
        std::vector<std::string> preds;
        for (std::uint64_t w = 0; w < o.where; ++w) {
            preds.push_back(item(rng, o, rng.next(o.columns), true));
        }
        query << "\nWHERE ";
        where_tree(query, preds, 0, preds.size());
    }
    query << "\n";
}

// --- multi-relation workloads (issue 25) -----------------------------------------------------

/// The columns of one table of the `joins` workload: `id BIGINT`, then `columns - 1` structs
/// of 20 INT fields.
inline std::string join_table_ddl(std::uint64_t columns) {
    std::string ddl = "id BIGINT";
    for (std::uint64_t c = 1; c < columns; ++c) {
        ddl += ", s" + std::to_string(c) + " STRUCT<";
        for (int f = 0; f < 20; ++f) {
            ddl += (f == 0 ? "f" : ", f") + std::to_string(f) + ": INT";
        }
        ddl += ">";
    }
    return ddl;
}

/// An `n`-way join: a catalog JSON of tables t0 .. t<n-1> of `columns` columns each (every
/// table its own DDL text, as a real catalog has), and one left-deep chain of inner joins on
/// `id`, each table read for two struct fields in the select list and one in WHERE.
///
///     SELECT t0.s1.f0, t0.s2.f7, t1.s2.f1, ... FROM t0 JOIN t1 ON t0.id = t1.id
///       JOIN t2 ON t1.id = t2.id ... WHERE t0.s3.f2 > 0 AND ...
inline void joins(std::uint64_t n, std::uint64_t columns, std::ostream& schema,
                  std::ostream& query) {
    const std::string ddl = join_table_ddl(columns);
    const std::uint64_t structs = columns > 1 ? columns - 1 : 1;
    const auto field = [&](std::uint64_t table, std::uint64_t k) {
        return "t" + std::to_string(table) + ".s" + std::to_string(1 + (table * 7 + k) % structs) +
               ".f" + std::to_string((table + k * 3) % 20);
    };
    schema << "{\"tables\": {";
    for (std::uint64_t t = 0; t < n; ++t) {
        schema << (t == 0 ? "\n  " : ",\n  ") << "\"t" << t << "\": \"" << ddl << "\"";
    }
    schema << "\n}}\n";
    query << "SELECT";
    for (std::uint64_t t = 0; t < n; ++t) {
        query << (t == 0 ? "\n  " : ",\n  ") << field(t, 0) << ", " << field(t, 1);
    }
    query << "\nFROM t0";
    for (std::uint64_t t = 1; t < n; ++t) {
        query << "\n  JOIN t" << t << " ON t" << t - 1 << ".id = t" << t << ".id";
    }
    std::vector<std::string> preds;
    for (std::uint64_t t = 0; t < n; ++t) {
        preds.push_back(field(t, 2) + " > " + std::to_string(t));
    }
    query << "\nWHERE ";
    where_tree(query, preds, 0, preds.size());
    query << "\n";
}

/// A `depth`-deep nest of FROM-subqueries over one table of 40 structs of 20 INT fields: the
/// innermost reads the structs whole, each level passes them up, filters on one field and
/// adds one computed column, and the outermost reads one field of each struct, so pruning has
/// to carry every requirement down through `depth` operators.
///
///     SELECT q2.s0.f0, q2.s1.f1, ..., q2.k1 FROM (
///       SELECT q1.s0, ..., q1.s39, q1.k0 + 1 AS k1 FROM (
///         SELECT t.s0, ..., t.s39, 0 AS k0 FROM t) q1 WHERE q1.s1.f1 > 1) q2
inline void nest(std::uint64_t depth, std::ostream& schema, std::ostream& query) {
    constexpr std::uint64_t kStructs = 40;
    for (std::uint64_t c = 0; c < kStructs; ++c) {
        schema << (c == 0 ? "" : ",\n") << "s" << c << " STRUCT<";
        for (int f = 0; f < 20; ++f) {
            schema << (f == 0 ? "f" : ", f") << f << ": INT";
        }
        schema << ">";
    }
    schema << "\n";
    const auto columns = [&](const std::string& from) {
        std::string out;
        for (std::uint64_t c = 0; c < kStructs; ++c) {
            out += (c == 0 ? "" : ", ") + from + ".s" + std::to_string(c);
        }
        return out;
    };
    // Built inside out: level 0 reads the table, level d the subquery q<d>.
    std::string sql = "SELECT " + columns("t") + ", 0 AS k0 FROM t";
    for (std::uint64_t d = 1; d <= depth; ++d) {
        const std::string q = "q" + std::to_string(d);
        sql = "SELECT " + columns(q) + ", " + q + ".k" + std::to_string(d - 1) + " + 1 AS k" +
              std::to_string(d) + "\nFROM (" + sql + ") " + q + " WHERE " + q + ".s" +
              std::to_string(d % kStructs) + ".f" + std::to_string(d % 20) + " > 1";
    }
    const std::string outer = "q" + std::to_string(depth + 1);
    query << "SELECT";
    for (std::uint64_t c = 0; c < kStructs; ++c) {
        query << (c == 0 ? " " : ", ") << outer << ".s" << c << ".f" << (c * 3) % 20;
    }
    query << ", " << outer << ".k" << depth << "\nFROM (" << sql << ") " << outer << "\n";
}

/// `count` window expressions over one table of 40 structs of 20 INT fields, each with keys
/// and an argument that are struct fields: `sum(s3.f3) OVER (PARTITION BY s4.f9 ORDER BY
/// s5.f1) AS w3`. Spark computes the three below the Window as `_w` aliases and never shares
/// them, so each expression is a Window of its own: `count` Windows stacked over one Project
/// of 3 x `count` aliases, every field read through all of them.
inline void windows(std::uint64_t count, std::ostream& schema, std::ostream& query) {
    constexpr std::uint64_t kStructs = 40;
    for (std::uint64_t c = 0; c < kStructs; ++c) {
        schema << (c == 0 ? "" : ",\n") << "s" << c << " STRUCT<";
        for (int f = 0; f < 20; ++f) {
            schema << (f == 0 ? "f" : ", f") << f << ": INT";
        }
        schema << ">";
    }
    schema << "\n";
    query << "SELECT";
    for (std::uint64_t i = 0; i < count; ++i) {
        query << (i == 0 ? "\n  " : ",\n  ") << "sum(s" << i % kStructs << ".f" << i % 20
              << ") OVER (PARTITION BY s" << (i + 1) % kStructs << ".f" << (i * 3) % 20
              << " ORDER BY s" << (i + 2) % kStructs << ".f" << (i * 7) % 20 << ") AS w" << i;
    }
    query << "\nFROM t\n";
}

} // namespace prune::perf
