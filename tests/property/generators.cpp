// Generators for the soundness property test. Every generated query is well-typed by
// construction: the generator tracks the type of each expression it writes, the way the
// analyzer will type it, and only applies an operation where the analyzer accepts it.
//
//     c1 ARRAY<STRUCT<a: STRING, v: MAP<STRING, STRUCT<w: INT>>>>
//
//     root c1 -> step `[0]` -> step `.v` -> op map_values -> op transform(x -> x.w)
//     SELECT transform(map_values(c1[0].v), x -> x.w) AS o1 FROM t

#include "generators.hpp"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <set>

#include "catalog/catalog.hpp"
#include "eval/function_table.hpp"
#include "plan/analyzer.hpp"
#include "plan/expr.hpp"
#include "plan/functions.hpp"
#include "plan/typing.hpp"
#include "sql/parser.hpp"

namespace prune::property {
namespace {

const std::vector<std::string> kFieldNames = {"a", "b", "id", "v", "w", "name", "qty", "sku"};

bool is_kind(const TypePtr& t, AtomicKind k) { return t->is(k); }

// The analyzer's own rule, so a generated ORDER BY, DISTINCT, min/max or set key is accepted.
bool orderable(const TypePtr& t) { return is_orderable(*t); }

bool is_numeric_atomic(const TypePtr& t) {
    return is_kind(t, AtomicKind::Integer) || is_kind(t, AtomicKind::Long) ||
           is_kind(t, AtomicKind::Short) || is_kind(t, AtomicKind::Double) ||
           is_kind(t, AtomicKind::Decimal);
}

// The numeric types a set operation widens into one another (Spark's findWiderTypeForTwo:
// short < int < bigint < double), ranked; 0 for any other type. Decimals are left out: their
// widening changes precision and scale.
int numeric_rank(const TypePtr& t) {
    if (is_kind(t, AtomicKind::Short)) {
        return 1;
    }
    if (is_kind(t, AtomicKind::Integer)) {
        return 2;
    }
    if (is_kind(t, AtomicKind::Long)) {
        return 3;
    }
    return is_kind(t, AtomicKind::Double) ? 4 : 0;
}

TypePtr gen_atomic(Rng& rng) {
    switch (rng.between(0, 9)) {
    case 0:
    case 1:
    case 2:
        return make_atomic(AtomicKind::Integer);
    case 3:
        return make_atomic(AtomicKind::Long);
    case 4:
    case 5:
        return make_atomic(AtomicKind::String);
    case 6:
        return make_atomic(AtomicKind::Double);
    case 7:
        return make_atomic(AtomicKind::Boolean);
    case 8:
        return make_decimal(10, 2);
    default:
        return make_atomic(AtomicKind::Short);
    }
}

TypePtr gen_type(Rng& rng, int depth);

TypePtr gen_struct(Rng& rng, int depth) {
    std::vector<std::string> names = kFieldNames;
    const int n = rng.between(1, 4);
    std::vector<StructField> fields;
    for (int i = 0; i < n; ++i) {
        const std::size_t k =
            static_cast<std::size_t>(rng.between(0, static_cast<int>(names.size()) - 1));
        fields.push_back(StructField{names[k], gen_type(rng, depth - 1), true, "{}"});
        names.erase(names.begin() + static_cast<std::ptrdiff_t>(k));
    }
    return make_struct(std::move(fields));
}

TypePtr gen_type(Rng& rng, int depth) {
    if (depth <= 1) {
        return gen_atomic(rng);
    }
    const int roll = rng.between(0, 99);
    if (roll < 30) {
        return gen_atomic(rng);
    }
    if (roll < 60) {
        return gen_struct(rng, depth);
    }
    if (roll < 88) {
        // Arrays of structs are where lambda pruning happens: favour them.
        TypePtr element = rng.chance(0.6) ? gen_struct(rng, depth - 1) : gen_type(rng, depth - 1);
        return make_array(std::move(element), true);
    }
    TypePtr key =
        rng.chance(0.7) ? make_atomic(AtomicKind::String) : make_atomic(AtomicKind::Integer);
    TypePtr value = rng.chance(0.6) ? gen_struct(rng, depth - 1) : gen_type(rng, depth - 1);
    return make_map(std::move(key), std::move(value), true);
}

std::string ddl_type(const TypePtr& t) { return to_ddl(*t); }

// --- queries ---------------------------------------------------------------------------------

struct G {
    std::string sql;
    TypePtr type;
};

struct Var {
    std::string name;
    TypePtr type;
};

/// A column a query can read, written as the query names it: `c1`, `a.c1`, `s1.o2`, `o2`.
struct SourceColumn {
    std::string sql;
    TypePtr type;
};

/// What a query block reads: its FROM clause, the columns that clause makes visible, and a
/// condition its WHERE must keep (a comma join's join condition; empty when none).
struct Source {
    std::string from;
    std::vector<SourceColumn> columns;
    std::string condition;
};

/// A generated query: its text and its output columns (names and types), which a query over
/// it, as a FROM-subquery, a CTE or another input of a set operation, reads.
struct QueryText {
    std::string sql;
    std::vector<SourceColumn> outputs;
};

/// Where a generated query is used, and so what it may contain.
struct Shape {
    bool named = false;      // every output needs a name a query over it can use (count(*) AS o1)
    bool trailing = true;    // may end in ORDER BY / LIMIT / OFFSET (not a bare set-op input)
    bool comparable = false; // rows are compared whole (INTERSECT, EXCEPT, UNION DISTINCT): no
                             // output may hold a map, which Spark cannot compare
};

/// The parts of a plain SELECT, kept apart so that another input of a set operation can reuse
/// its select list with another WHERE.
struct SelectParts {
    std::string head; // SELECT [DISTINCT] items
    std::vector<SourceColumn> outputs;
    std::string where; // ` WHERE ...` or empty
    std::string tail;  // ` ORDER BY ... LIMIT ... OFFSET ...` or empty
};

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
    for (std::size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
    }
    return text;
}

// --- calls of the function catalog -----------------------------------------------------------
//
// Every row a query can call by name (plan/functions.hpp: not an internal row, not the grouping
// placeholders) is drawn, with arguments its own typing accepts: no list of functions or of
// their signatures is kept here, so a new row is called as soon as it is in the catalog. For
// each row, a search over a pool of argument slots (an expression of a type, or a literal)
// finds argument lists that the row's `coerce` and `type` accept, as the binder applies them
// (Binder::apply_function); a call puts generated expressions of the slots' types there and
// checks again with the expressions' own types before it is written.
//
//     json_tuple  [string, string 'a']     -> json_tuple(c1[0].name, 'a')
//     date_add    [date, int]              -> date_add(DATE'2024-03-15', c0)

/// How often an operation on an expression is a catalog call taking it, an expression is a
/// catalog call, and an aggregate or a window function is one of the catalog's.
constexpr double kCatalogCallShare = 0.12;
constexpr double kCatalogExpressionShare = 0.04;
constexpr double kCatalogAggregateShare = 0.25;
constexpr double kCatalogWindowShare = 0.5;
/// How often a row `--verify` refuses is called when drawn (a verifiable one always is).
constexpr double kRefusedRowShare = 0.35;

/// An argument slot: a literal (its SQL text and the Literal node the typing sees) or any
/// expression of `type` (a nullable column to the typing).
struct ArgSlot {
    TypePtr type;
    std::string literal; // empty: an expression of `type`
    ExprPtr dummy;
};

/// Whether the generator's operations apply to values of `t` as they do to the tables' own:
/// structs have fields, named as identifiers (not arrays_zip's `0`), maps have string or int
/// keys (the subscripts and lambdas written over a map assume one of them).
bool walkable(const DataType& t) {
    if (const StructType* s = t.struct_type()) {
        return s->size() != 0 &&
               std::all_of(s->fields().begin(), s->fields().end(), [](const StructField& f) {
                   return !f.name.empty() &&
                          (std::isalpha(static_cast<unsigned char>(f.name[0])) != 0 ||
                           f.name[0] == '_') &&
                          std::all_of(f.name.begin(), f.name.end(),
                                      [](char c) {
                                          return std::isalnum(static_cast<unsigned char>(c)) ||
                                                 c == '_';
                                      }) &&
                          walkable(*f.type);
               });
    }
    if (const ArrayType* a = t.array()) {
        return walkable(*a->element);
    }
    if (const MapType* m = t.map()) {
        return (m->key->is(AtomicKind::String) || m->key->is(AtomicKind::Integer)) &&
               walkable(*m->value);
    }
    return true;
}

ExprPtr column_dummy(const TypePtr& type) {
    return make_expr(AttributeReference{Name("arg"), type, 1, true});
}

/// What the typing sees of a generated argument: a column named as Spark names the argument
/// where a result type takes its name (arrays_zip's fields: a column or a field by its name,
/// anything else by its position).
bool plain_path(const std::string& sql) {
    return !sql.empty() && std::all_of(sql.begin(), sql.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
    });
}

ExprPtr argument_dummy(const std::string& sql, const TypePtr& type) {
    if (plain_path(sql)) {
        const std::size_t dot = sql.rfind('.');
        return make_expr(AttributeReference{
            Name(dot == std::string::npos ? sql : sql.substr(dot + 1)), type, 1, true});
    }
    return make_expr(Cast{column_dummy(type), type, false});
}

const std::vector<ArgSlot>& arg_slots() {
    static const std::vector<ArgSlot> slots = [] {
        std::vector<ArgSlot> out;
        const auto expression = [&](TypePtr t) {
            ExprPtr dummy = column_dummy(t);
            out.push_back(ArgSlot{std::move(t), "", std::move(dummy)});
        };
        const auto literal = [&](const TypePtr& t, const std::string& sql,
                                 const std::string& text) {
            out.push_back(ArgSlot{t, sql, make_expr(Literal{t, Name(text), false})});
        };
        for (AtomicKind k :
             {AtomicKind::Integer, AtomicKind::Long, AtomicKind::Short, AtomicKind::Byte,
              AtomicKind::Double, AtomicKind::Float, AtomicKind::String, AtomicKind::Boolean,
              AtomicKind::Date, AtomicKind::Timestamp, AtomicKind::Binary}) {
            expression(make_atomic(k));
        }
        expression(make_decimal(10, 2));
        const TypePtr ab = make_struct({StructField{"a", int_type(), true, "{}"},
                                        StructField{"b", string_type(), true, "{}"}});
        expression(make_array(int_type(), true));
        expression(make_array(string_type(), true));
        expression(make_array(ab, true));
        expression(make_array(make_array(int_type(), true), true));
        expression(make_map(string_type(), int_type(), true));
        expression(ab);
        expression(make_atomic(AtomicKind::Variant));
        for (const char* n : {"0", "1", "2", "3"}) {
            literal(int_type(), n, n);
        }
        // What functions take as text: patterns, formats (a number format among them), a zone,
        // a schema, a field name.
        for (const char* s : {"a", ",", "b%", "[a-z]+", "(b)", "%s", "$.a", "yyyy-MM-dd", "UTC",
                              "a INT", "a=1,b=2", "{\"a\":1}", "1", "YEAR", "DAY", "S999.99"}) {
            literal(string_type(), "'" + std::string(s) + "'", s);
        }
        literal(make_atomic(AtomicKind::Double), "0.5D", "0.5");
        literal(boolean_type(), "true", "true");
        return out;
    }();
    return slots;
}

/// The binder's coerce-then-type of a call (Binder::apply_function), or the reason it fails.
/// An implicit cast of text to another type is refused too: the generated strings are not
/// numbers or dates, so such a call would raise CAST_INVALID_INPUT on every row (text to
/// binary is fine).
TypeCheck type_call(const FunctionDef& def, std::vector<ExprPtr> args) {
    try {
        if (def.coerce != nullptr) {
            args = def.coerce(args);
        }
        for (std::size_t i = 0; i < args.size(); ++i) {
            const Cast* cast = args[i]->as<Cast>();
            if (cast != nullptr && is_string_like(*cast->child->type) &&
                !is_string_like(*cast->target) && !cast->target->is(AtomicKind::Binary)) {
                return TypeCheck{{}, "casts text", static_cast<int>(i)};
            }
        }
        if (def.type != nullptr) {
            return def.type(args);
        }
        return TypeCheck{{}, "untyped", -1};
    } catch (const std::exception& e) {
        return TypeCheck{{}, e.what(), -1};
    }
}

/// A call of `def` with arguments `args` (SQL texts) as a query writes it: an inverse
/// distribution function's last argument, its value, in WITHIN GROUP (`percentile_cont(0.5)
/// WITHIN GROUP (ORDER BY x)`), as Spark 4 requires.
std::string call_sql(const FunctionDef& def, const std::vector<std::string>& args) {
    const bool value_in_group = def.within_group == WithinGroup::Inverse && !args.empty();
    const std::size_t written = args.size() - (value_in_group ? 1 : 0);
    std::string sql = std::string(def.name) + "(";
    for (std::size_t i = 0; i < written; ++i) {
        sql += (i ? ", " : "") + args[i];
    }
    sql += ")";
    if (value_in_group) {
        sql += " WITHIN GROUP (ORDER BY " + args.back() + ")";
    }
    return sql;
}

/// Whether the binder takes the call (`SELECT call FROM t`, OVER for a window function, over a
/// table with a column of each expression slot's type): it checks more than the typing for a
/// few rows (`extract`'s field word, `ntile`'s constant, the window functions' arguments).
bool binder_accepts(const FunctionDef& def, const std::vector<std::size_t>& sig) {
    const std::vector<ArgSlot>& slots = arg_slots();
    static const Catalog catalog = [&] {
        std::vector<StructField> columns;
        for (std::size_t i = 0; i < slots.size(); ++i) {
            columns.push_back(StructField{"s" + std::to_string(i), slots[i].type, true, "{}"});
        }
        return load_ddl_catalog(to_ddl(*make_struct(std::move(columns))));
    }();
    std::vector<std::string> args;
    for (const std::size_t s : sig) {
        args.push_back(slots[s].literal.empty() ? "s" + std::to_string(s) : slots[s].literal);
    }
    const std::string call = call_sql(def, args) + (def.window ? " OVER (ORDER BY s0)" : "");
    try {
        const auto source =
            std::make_shared<const SourceFile>("query.sql", "SELECT " + call + " FROM t");
        const std::vector<StatementText> statements = split_statements(*source);
        analyze(parse_statement(source, statements.at(0)), catalog, source, AnalyzerOptions{});
        return true;
    } catch (const std::exception&) {
        return false;
    }
}

struct CatalogRow {
    const FunctionDef* def = nullptr;
    /// `--verify` evaluates its calls (not refused: nondeterministic, reads the clock, ...).
    bool verifiable = true;
    /// Argument lists the row's typing accepts, as indexes into arg_slots().
    std::vector<std::vector<std::size_t>> signatures;
};

struct CatalogRows {
    std::vector<CatalogRow> scalar, aggregate, window;
};

/// Argument lists of each row: from a fixed seed, so the same ones in every run.
std::vector<std::vector<std::size_t>> find_signatures(const FunctionDef& def, Rng& rng) {
    const std::vector<ArgSlot>& slots = arg_slots();
    const int most = def.max_args < 0 ? def.min_args + 2
                                      : (def.replaced_by_last ? def.max_args - 1 : def.max_args);
    std::set<std::vector<std::size_t>> found;
    const auto random_slot = [&] {
        return static_cast<std::size_t>(rng.between(0, static_cast<int>(slots.size()) - 1));
    };
    const auto check = [&](const std::vector<std::size_t>& sig) {
        std::vector<ExprPtr> args;
        for (std::size_t s : sig) {
            args.push_back(slots[s].dummy);
        }
        return type_call(def, std::move(args));
    };
    // The argument the typing names as wrong, else one at random.
    const auto bad = [&](const TypeCheck& c, int n) {
        return c.bad_arg >= 0 && c.bad_arg < n ? static_cast<std::size_t>(c.bad_arg)
                                               : static_cast<std::size_t>(rng.between(0, n - 1));
    };
    for (int n = def.min_args; n <= std::min(most, def.min_args + 3); ++n) {
        const std::size_t before = found.size();
        // Random lists, redrawing the argument the typing names as wrong; ten times as many
        // while none is found (the binder wants `datepart`'s field as a word: one slot of all).
        for (int attempt = 0;
             attempt < (found.size() == before ? 240 : 24) && found.size() - before < 4;
             ++attempt) {
            std::vector<std::size_t> sig(static_cast<std::size_t>(n));
            std::generate(sig.begin(), sig.end(), random_slot);
            for (int step = 0; step < 2 * n + 2; ++step) {
                const TypeCheck c = check(sig);
                if (c.ok()) {
                    if (binder_accepts(def, sig)) {
                        found.insert(sig);
                    }
                    break;
                }
                if (n == 0) {
                    break;
                }
                sig[bad(c, n)] = random_slot();
            }
        }
        // None: the wrong argument tried with every slot, for a list the typing takes or one
        // it faults at another argument (two arrays of one element type, two dates).
        for (int attempt = 0; attempt < 4 && found.size() == before && n > 0; ++attempt) {
            std::vector<std::size_t> sig(static_cast<std::size_t>(n));
            std::generate(sig.begin(), sig.end(), random_slot);
            for (int step = 0; step < 2 * n; ++step) {
                TypeCheck c = check(sig);
                if (c.ok()) {
                    if (binder_accepts(def, sig)) {
                        found.insert(sig);
                    }
                    break;
                }
                const std::size_t at = bad(c, n);
                for (std::size_t s = 0; s < slots.size(); ++s) {
                    std::vector<std::size_t> other = sig;
                    other[at] = s;
                    const TypeCheck d = check(other);
                    if (d.ok() || d.bad_arg != static_cast<int>(at)) {
                        sig = std::move(other);
                        break;
                    }
                }
            }
        }
    }
    return {found.begin(), found.end()};
}

const CatalogRows& catalog_rows() {
    static const CatalogRows rows = [] {
        CatalogRows out;
        Rng rng(20260415);
        for (const std::string& name : callable_function_names()) {
            const FunctionDef* def = find_function(name);
            CatalogRow row{def, true, find_signatures(*def, rng)};
            const RowEvaluation how = function_evaluation(*def).how;
            row.verifiable = how != RowEvaluation::Refused && how != RowEvaluation::Missing;
            (def->window      ? out.window
             : def->aggregate ? out.aggregate
                              : out.scalar)
                .push_back(std::move(row));
        }
        return out;
    }();
    return rows;
}

/// The table every scan reads, for the subquery expressions of a statement (`EXISTS (SELECT 1
/// FROM t q1 ...)`), which read it again under an alias of their own. Set by generate_query for
/// the statement it writes.
const GeneratedTable* g_table = nullptr;
/// The catalog calls written for the statement generate_query writes (some of them may be
/// dropped before it is done).
std::vector<std::pair<std::string, std::string>>* g_catalog_calls = nullptr; // row, call

/// One query block over a Source: select items, WHERE, GROUP BY, ... (the single-table query
/// of the original generator when the source is the table `t`).
class QueryGen {
  public:
    QueryGen(Rng& rng, Source source) : r_(rng), source_(std::move(source)) {}
    /// A query block inside a subquery expression, `level` deep, that may read `outer`: the
    /// columns of the query blocks around it.
    QueryGen(Rng& rng, Source source, std::vector<SourceColumn> outer, int level)
        : r_(rng), source_(std::move(source)), outer_(std::move(outer)), level_(level) {}

    QueryText query(const Shape& shape = {}) {
        if (r_.chance(0.01)) {
            // Over the table alone, it reads struct<>: rows with no columns at all.
            return QueryText{"SELECT count(*)" + std::string(shape.named ? " AS o1" : "") +
                                 " FROM " + source_.from + where_clause(""),
                             {SourceColumn{"o1", make_atomic(AtomicKind::Long)}}};
        }
        if (r_.chance(0.08)) {
            return grouping_analytics_query(shape);
        }
        if (r_.chance(0.04)) {
            if (std::optional<QueryText> q = star_except_query(shape)) {
                return *q;
            }
        }
        if (r_.chance(0.15)) {
            return grouped_query(shape);
        }
        const SelectParts parts = plain(shape);
        return QueryText{parts.head + " FROM " + source_.from + parts.where + parts.tail,
                         parts.outputs};
    }

    /// `SELECT * EXCEPT (c, s.f.g)` over a source of plain column names: a column left out, a
    /// struct's field left out (Spark rebuilds the struct, never null, of the other fields).
    std::optional<QueryText> star_except_query(const Shape& shape) {
        std::vector<SourceColumn> outputs = source_.columns;
        if (outputs.size() < 2 ||
            std::any_of(outputs.begin(), outputs.end(), [](const SourceColumn& c) {
                return c.sql.find('.') != std::string::npos;
            })) {
            return std::nullopt;
        }
        std::vector<std::string> except;
        if (r_.chance(0.6)) {
            const auto i =
                static_cast<std::size_t>(r_.between(0, static_cast<int>(outputs.size()) - 1));
            except.push_back(outputs[i].sql);
            outputs.erase(outputs.begin() + static_cast<std::ptrdiff_t>(i));
        }
        // The struct `type` without the field at the path drawn from it (two fields or more at
        // each level, so that no struct is left empty); the path goes to `path`.
        const auto without = [&](const auto& self, const TypePtr& type,
                                 std::string& path) -> TypePtr {
            const std::vector<StructField>& fields = type->struct_type()->fields();
            const auto k =
                static_cast<std::size_t>(r_.between(0, static_cast<int>(fields.size()) - 1));
            std::vector<StructField> kept = fields;
            path += "." + fields[k].name;
            const StructType* inner = fields[k].type->struct_type();
            if (inner != nullptr && inner->size() >= 2 && r_.chance(0.4)) {
                kept[k].type = self(self, fields[k].type, path);
            } else {
                kept.erase(kept.begin() + static_cast<std::ptrdiff_t>(k));
            }
            return make_struct(std::move(kept));
        };
        std::vector<std::size_t> structs;
        for (std::size_t i = 0; i < outputs.size(); ++i) {
            const StructType* st = outputs[i].type->struct_type();
            if (st != nullptr && st->size() >= 2) {
                structs.push_back(i);
            }
        }
        if (!structs.empty() && (except.empty() || r_.chance(0.7))) {
            const std::size_t i = structs[static_cast<std::size_t>(
                r_.between(0, static_cast<int>(structs.size()) - 1))];
            std::string path = outputs[i].sql;
            outputs[i].type = without(without, outputs[i].type, path);
            except.push_back(path);
        }
        if (except.empty()) {
            return std::nullopt;
        }
        if (shape.comparable &&
            !std::all_of(outputs.begin(), outputs.end(),
                         [](const SourceColumn& c) { return orderable(c.type); })) {
            return std::nullopt;
        }
        std::string list;
        for (const std::string& name : except) {
            list += (list.empty() ? "" : ", ") + name;
        }
        std::string condition;
        if (r_.chance(0.4)) {
            condition = boolean(r_.between(1, 3)).sql;
        }
        return QueryText{"SELECT * EXCEPT (" + list + ") FROM " + source_.from +
                             where_clause(condition),
                         std::move(outputs)};
    }

    SelectParts plain(const Shape& shape) {
        const int n = r_.between(1, 3);
        std::vector<G> items;
        SelectParts parts;
        parts.head = "SELECT ";
        const bool distinct = r_.chance(0.08);
        if (distinct) {
            parts.head += "DISTINCT ";
        }
        for (int i = 0; i < n; ++i) {
            G e = any(r_.between(2, 5));
            if ((distinct || shape.comparable) && !orderable(e.type)) {
                e = G{"(" + e.sql + ") IS NULL", make_atomic(AtomicKind::Boolean)};
            }
            const std::string name = "o" + std::to_string(i + 1);
            parts.head += (i ? ", " : "") + e.sql + " AS " + name;
            parts.outputs.push_back(SourceColumn{name, e.type});
            items.push_back(e);
        }
        if (r_.chance(0.15)) {
            // A lateral column alias: an item reading an earlier item's alias (unless a column
            // of the FROM clause has its name, which would be read instead, or be ambiguous).
            const std::string earlier = "o" + std::to_string(r_.between(1, n));
            if (!is_source_column(earlier)) {
                const std::string name = "o" + std::to_string(n + 1);
                parts.head += ", (" + earlier + ") IS NULL AS " + name;
                parts.outputs.push_back(SourceColumn{name, make_atomic(AtomicKind::Boolean)});
            }
        } else if (r_.chance(0.1) && orderable(items[0].type)) {
            // A window over the first item: the Window and the `_w` Project below it.
            static const char* const functions[] = {"row_number()", "rank()", "count(*)",
                                                    "dense_rank()"};
            const std::string name = "o" + std::to_string(n + 1);
            const int which = r_.between(0, 3);
            G function{functions[which],
                       make_atomic(which == 2 ? AtomicKind::Long : AtomicKind::Integer)};
            if (r_.chance(kCatalogWindowShare)) {
                // A window function or an aggregate of the catalog.
                const CatalogRows& rows = catalog_rows();
                if (std::optional<G> call =
                        catalog_call(r_.chance(0.6) ? rows.window : rows.aggregate, 2, nullptr)) {
                    function = *call;
                }
            }
            // WITHIN GROUP orders the whole window itself: no ORDER BY (Spark's
            // INVALID_WINDOW_SPEC_FOR_AGGREGATION_FUNC).
            const bool ordered = function.sql.find(" WITHIN GROUP (") == std::string::npos;
            parts.head += ", " + function.sql + " OVER (PARTITION BY " + items[0].sql +
                          (ordered ? " ORDER BY " + items[0].sql : std::string()) + ") AS " + name;
            parts.outputs.push_back(SourceColumn{name, function.type});
        }
        if (r_.chance(0.06)) {
            // A subquery expression as a select item.
            G e = subquery_expression(false, true);
            if ((distinct || shape.comparable) && !orderable(e.type)) {
                e = G{"(" + e.sql + ") IS NULL", make_atomic(AtomicKind::Boolean)};
            }
            const std::string name = "o" + std::to_string(parts.outputs.size() + 1);
            parts.head += ", " + e.sql + " AS " + name;
            parts.outputs.push_back(SourceColumn{name, e.type});
        }
        std::string condition;
        if (r_.chance(0.4)) {
            condition = boolean(r_.between(1, 3)).sql;
        }
        if (r_.chance(0.08)) {
            const std::string predicate = subquery_expression(true, true).sql;
            condition = condition.empty() ? predicate : predicate + " AND (" + condition + ")";
        }
        parts.where = where_clause(condition);
        if (!shape.trailing) {
            return parts;
        }
        if (r_.chance(0.25) && orderable(items[0].type)) {
            parts.tail += std::string(" ORDER BY 1") + (r_.chance(0.5) ? " DESC" : "");
            if (r_.chance(0.5)) {
                parts.tail += " LIMIT " + std::to_string(r_.between(0, 3));
            }
            if (r_.chance(0.3)) {
                parts.tail += " OFFSET " + std::to_string(r_.between(0, 3));
            }
        } else if (r_.chance(0.12) && orderable(items[0].type)) {
            // SORT BY, DISTRIBUTE BY, CLUSTER BY: partitioned results, compared as multisets.
            const int kind = r_.between(0, 3);
            if (kind == 0 || kind == 2) {
                parts.tail += " DISTRIBUTE BY o1";
            }
            if (kind == 1 || kind == 2) {
                parts.tail += std::string(" SORT BY 1") + (r_.chance(0.5) ? " DESC" : "");
            }
            if (kind == 3) {
                parts.tail += " CLUSTER BY o1";
            }
            if (r_.chance(0.3)) {
                parts.tail += " LIMIT " + std::to_string(r_.between(0, 3));
            }
        } else if (r_.chance(0.1)) {
            parts.tail += " LIMIT " + std::to_string(r_.between(0, 3));
        }
        if (r_.chance(0.05)) {
            // A partitioning hint: an operator over the select list that changes no row.
            static const char* const hints[] = {"REPARTITION(2)", "COALESCE(1)", "REBALANCE",
                                                "REPARTITION(3, o1)"};
            const std::string hint = hints[r_.between(0, 3)];
            if (hint.find("o1") == std::string::npos || orderable(items[0].type)) {
                parts.head.insert(std::string("SELECT ").size(), "/*+ " + hint + " */ ");
            }
        }
        return parts;
    }

    /// A SELECT whose outputs have the given types (up to nullability; a numeric output may
    /// be of another numeric type, which the set operation widens), for another input of a set
    /// operation: expressions are drawn until one has the type, else a literal of it.
    QueryText matching(const std::vector<SourceColumn>& outputs) {
        std::string sql = "SELECT ";
        std::vector<SourceColumn> out;
        for (std::size_t i = 0; i < outputs.size(); ++i) {
            const G e = of_type(outputs[i].type);
            sql += (i ? ", " : "") + e.sql + " AS " + outputs[i].sql;
            out.push_back(SourceColumn{outputs[i].sql, e.type});
        }
        std::string condition;
        if (r_.chance(0.4)) {
            condition = boolean(r_.between(1, 2)).sql;
        }
        return QueryText{sql + " FROM " + source_.from + where_clause(condition), out};
    }

    /// The source's WHERE with `extra` (may be empty) and the source's own condition.
    std::string where_clause(const std::string& extra) const {
        if (source_.condition.empty()) {
            return extra.empty() ? "" : " WHERE " + extra;
        }
        if (extra.empty()) {
            return " WHERE " + source_.condition;
        }
        return " WHERE " + source_.condition + " AND (" + extra + ")";
    }

    /// A join key: struct fields down from a column to a comparable value (a whole struct or
    /// array sometimes, `size()` of a map). No subscripts: a key that raises an error would
    /// make the whole join raise it.
    G key_path() {
        const SourceColumn& c = column();
        G e{c.sql, c.type};
        while (const StructType* s = e.type->struct_type()) {
            if (r_.chance(0.2) && orderable(e.type)) {
                break; // a whole struct compared
            }
            const StructField& f =
                (*s)[static_cast<std::size_t>(r_.between(0, static_cast<int>(s->size()) - 1))];
            e = G{e.sql + "." + f.name, f.type};
        }
        if (orderable(e.type)) {
            return e;
        }
        return to_integer(e);
    }

    G boolean(int depth) {
        G e = any(std::max(depth, 0));
        return to_boolean(e, depth);
    }

    static G to_integer(const G& e) {
        const TypePtr i = make_atomic(AtomicKind::Integer);
        const TypePtr& t = e.type;
        if (is_kind(t, AtomicKind::Integer)) {
            return e;
        }
        if (is_numeric_atomic(t)) {
            return G{"CAST(" + e.sql + " AS INT)", i};
        }
        if (is_kind(t, AtomicKind::String)) {
            return G{"length(" + e.sql + ")", i};
        }
        if (is_kind(t, AtomicKind::Boolean)) {
            return G{"CASE WHEN " + e.sql + " THEN 1 ELSE 0 END", i};
        }
        if (t->array() != nullptr || t->map() != nullptr) {
            return G{"size(" + e.sql + ")", i};
        }
        return G{"CASE WHEN " + wrap(e.sql) + " IS NULL THEN 0 ELSE 1 END", i};
    }

  private:
    QueryText grouped_query(const Shape& shape) {
        // The key: a column path down to an orderable value.
        G key = column_path(r_.between(0, 3));
        int guard = 0;
        while (!orderable(key.type) && guard++ < 10) {
            key = column_path(r_.between(0, 3));
        }
        if (!orderable(key.type)) {
            // The first column (the table's c0), made an integer when it is not orderable.
            key = to_integer(G{source_.columns[0].sql, source_.columns[0].type});
        }
        std::string sql = "SELECT " + key.sql + " AS k";
        std::vector<SourceColumn> outputs{SourceColumn{"k", key.type}};
        const int n = r_.between(1, 3);
        for (int i = 0; i < n; ++i) {
            G a = aggregate_call();
            if (shape.comparable && !orderable(a.type)) {
                a = G{"(" + a.sql + ") IS NULL", make_atomic(AtomicKind::Boolean)};
            }
            const std::string name = "a" + std::to_string(i + 1);
            sql += ", " + a.sql + " AS " + name;
            outputs.push_back(SourceColumn{name, a.type});
        }
        if (r_.chance(0.2)) {
            // A lateral column alias over the Aggregate (the list is lifted into a Project).
            const std::string a = "a" + std::to_string(r_.between(1, n));
            // A FROM column of the same name would be read instead, and it is not grouped.
            if (!is_source_column(a) && !is_source_column("k")) {
                sql += ", (" + a + ") IS NULL OR k IS NULL AS l";
                outputs.push_back(SourceColumn{"l", make_atomic(AtomicKind::Boolean)});
            }
        } else if (r_.chance(0.25)) {
            // A window over the Aggregate, reading aggregates it computes as `_w<i>` (each
            // tie-free: rank and sums over groups, not row_number).
            const int which = r_.between(0, 3);
            const std::string window =
                which == 0   ? "rank() OVER (ORDER BY count(*) DESC)"
                : which == 1 ? "sum(count(*)) OVER (PARTITION BY " + key.sql + ")"
                : which == 2 ? "dense_rank() OVER (PARTITION BY (" + key.sql +
                                   ") IS NULL ORDER BY count(*), " + key.sql + ")"
                             : "count(*) - avg(count(*)) OVER ()";
            sql += ", " + window + " AS w";
            outputs.push_back(SourceColumn{"w", make_atomic(which == 1   ? AtomicKind::Long
                                                            : which == 3 ? AtomicKind::Double
                                                                         : AtomicKind::Integer)});
        }
        sql += " FROM " + source_.from;
        std::string condition;
        if (r_.chance(0.3)) {
            condition = boolean(2).sql;
        }
        if (r_.chance(0.05)) {
            const std::string predicate = subquery_expression(true, true).sql;
            condition = condition.empty() ? predicate : predicate + " AND (" + condition + ")";
        }
        sql += where_clause(condition);
        sql += r_.chance(0.2) ? std::string(" GROUP BY ALL") : " GROUP BY " + key.sql;
        if (r_.chance(0.3)) {
            const int roll = r_.between(0, 9);
            sql += roll < 4   ? " HAVING count(*) > 1"
                   : roll < 8 ? " HAVING " + aggregate_boolean()
                              : " HAVING " + having_subquery();
        }
        if (r_.chance(0.5) && shape.trailing) {
            sql += " ORDER BY 1";
        }
        return QueryText{sql, outputs};
    }

    /// ROLLUP, CUBE and GROUPING SETS over 1-3 keys (field chains, subscripts, whole structs):
    /// nested (`GROUPING SETS (ROLLUP(k1), (k2))`), after plain keys (`k1, CUBE(k2)`), `WITH
    /// ROLLUP` / `WITH CUBE`, Hive's `GROUP BY k1, k2 GROUPING SETS (...)`, a repeated set, the
    /// grand total alone; aggregates over other columns' fields, grouping() and grouping_id(),
    /// HAVING and ORDER BY. Spark plans it as an Aggregate over an Expand over a Project.
    QueryText grouping_analytics_query(const Shape& shape) {
        std::vector<G> keys;
        const std::size_t wanted = static_cast<std::size_t>(r_.between(1, 3));
        for (int attempt = 0; attempt < 12 && keys.size() < wanted; ++attempt) {
            const G k = column_path(r_.between(0, 3));
            const bool seen = std::any_of(keys.begin(), keys.end(),
                                          [&](const G& other) { return other.sql == k.sql; });
            if (orderable(k.type) && !seen) {
                keys.push_back(k);
            }
        }
        if (keys.empty()) {
            keys.push_back(to_integer(G{source_.columns[0].sql, source_.columns[0].type}));
        }
        const std::size_t n = keys.size();
        // The keys [from, to) as a list.
        const auto list = [&](std::size_t from, std::size_t to) {
            std::string out;
            for (std::size_t i = from; i < to; ++i) {
                out += (i > from ? ", " : "") + keys[i].sql;
            }
            return out;
        };
        const std::string rollup = r_.chance(0.5) ? "ROLLUP(" : "CUBE(";
        std::string by;
        bool grand_total = false;
        switch (r_.between(0, 9)) {
        case 0:
            by = "ROLLUP(" + list(0, n) + ")";
            break;
        case 1:
            by = "CUBE(" + list(0, n) + ")";
            break;
        case 2:
            by = "GROUPING SETS ((" + list(0, n) + "), (" + list(0, 1) + "), ())";
            break;
        case 3:
            by = "GROUPING SETS (" + rollup + list(0, 1) + "), " +
                 (n > 1 ? "(" + list(1, n) + ")" : std::string("()")) + ")";
            break;
        case 4:
            by = n > 1 ? list(0, 1) + ", " + rollup + list(1, n) + ")" : rollup + list(0, 1) + ")";
            break;
        case 5:
            by = list(0, n) + (r_.chance(0.5) ? " WITH ROLLUP" : " WITH CUBE");
            break;
        case 6:
            by = "GROUPING SETS ((" + list(0, 1) + "), (" + list(0, 1) + ")" +
                 (n > 1 ? ", (" + list(1, n) + ")" : std::string()) + ")";
            break;
        case 7:
            by = "GROUPING SETS (())";
            grand_total = true;
            break;
        case 8:
            // Hive's form: the sets name keys of the list, which need not all be in a set.
            by = list(0, n) + " GROUPING SETS ((" + list(0, 1) + ")" +
                 (n > 1 && r_.chance(0.5) ? ", (" + list(n - 1, n) + ")" : std::string()) + ", ())";
            break;
        default: {
            // Sets of keys drawn at random, every key in one at least, sometimes `()`.
            std::vector<bool> covered(n, false);
            std::string sets;
            const int count = r_.between(1, 3);
            for (int i = 0; i < count; ++i) {
                std::string set;
                for (std::size_t k = 0; k < n; ++k) {
                    if (r_.chance(0.5)) {
                        set += (set.empty() ? "" : ", ") + keys[k].sql;
                        covered[k] = true;
                    }
                }
                sets += (sets.empty() ? "(" : ", (") + set + ")";
            }
            std::string rest;
            for (std::size_t k = 0; k < n; ++k) {
                if (!covered[k]) {
                    rest += (rest.empty() ? "" : ", ") + keys[k].sql;
                }
            }
            if (!rest.empty()) {
                sets += ", (" + rest + ")";
            }
            if (r_.chance(0.3)) {
                sets += ", ()";
            }
            by = "GROUPING SETS (" + sets + ")";
        }
        }
        std::string items;
        std::vector<SourceColumn> outputs;
        const auto add = [&](const G& e, const std::string& name) {
            items += (items.empty() ? "" : ", ") + e.sql + " AS " + name;
            outputs.push_back(SourceColumn{name, e.type});
        };
        if (!grand_total) {
            for (std::size_t i = 0; i < n; ++i) {
                add(keys[i], "k" + std::to_string(i + 1));
            }
        }
        const int aggregates = r_.between(1, 3);
        for (int i = 0; i < aggregates; ++i) {
            G a = r_.chance(0.5) ? field_aggregate() : aggregate_call();
            if (shape.comparable && !orderable(a.type)) {
                a = G{"(" + a.sql + ") IS NULL", make_atomic(AtomicKind::Boolean)};
            }
            add(a, "a" + std::to_string(i + 1));
        }
        if (!grand_total && r_.chance(0.4)) {
            add(G{"grouping(" + r_.pick(keys).sql + ")", make_atomic(AtomicKind::Byte)}, "g1");
        }
        if (r_.chance(0.3)) {
            add(G{"grouping_id()", make_atomic(AtomicKind::Long)}, "g2");
        }
        std::string sql = "SELECT " + items + " FROM " + source_.from;
        std::string condition;
        if (r_.chance(0.3)) {
            condition = boolean(2).sql;
        }
        sql += where_clause(condition) + " GROUP BY " + by;
        if (r_.chance(0.35)) {
            const int roll = r_.between(0, 9);
            if (roll < 3 && !grand_total) {
                sql += " HAVING grouping(" + r_.pick(keys).sql + ") = 0";
            } else if (roll < 5 && !grand_total) {
                sql += " HAVING " + wrap(r_.pick(keys).sql) + " IS NOT NULL";
            } else if (roll < 7) {
                sql += " HAVING count(*) > 1";
            } else if (roll < 9) {
                sql += " HAVING " + aggregate_boolean();
            } else {
                sql += " HAVING " + having_subquery();
            }
        }
        if (shape.trailing && r_.chance(0.5) && orderable(outputs[0].type)) {
            sql += " ORDER BY 1";
            if (outputs.size() > 1 && orderable(outputs[1].type) && r_.chance(0.5)) {
                sql += ", 2";
            }
        }
        return QueryText{sql, outputs};
    }

    /// An aggregate over a field of a column (`max(c1.b)`, `count(c2[0].a)`, `sum(size(c3))`):
    /// under `spark`, a column an Expand passes through is then read whole.
    G field_aggregate() {
        const TypePtr long_type = make_atomic(AtomicKind::Long);
        const G p = column_path(r_.between(1, 3));
        if ((p.type->array() != nullptr || p.type->map() != nullptr) && r_.chance(0.5)) {
            return G{"sum(size(" + p.sql + "))", long_type};
        }
        if (orderable(p.type) && r_.chance(0.6)) {
            return G{std::string(r_.chance(0.5) ? "max(" : "min(") + p.sql + ")", p.type};
        }
        return G{"count(" + p.sql + ")", long_type};
    }

    /// A HAVING condition with a subquery expression that reads no column of this block (a
    /// column there would have to be grouped): `count(*) >= (SELECT count(*) FROM t q1 ...)`,
    /// `EXISTS (...)`, `1 IN (...)`.
    std::string having_subquery() {
        if (r_.chance(0.5)) {
            return "count(*) >= " + subquery_expression(false, false, true).sql;
        }
        return subquery_expression(true, false).sql;
    }

    /// The columns of this block a subquery expression in it may read, qualified (`a.c1`,
    /// `s1.o2`, the table's `c1` as `t.c1`), and those of the blocks around this one.
    std::vector<SourceColumn> correlatable() const {
        std::vector<SourceColumn> out = outer_;
        for (const SourceColumn& c : source_.columns) {
            if (c.sql.find('.') != std::string::npos) {
                out.push_back(c);
            } else if (source_.from == "t") {
                out.push_back(SourceColumn{"t." + c.sql, c.type});
            }
        }
        return out;
    }

    /// `inner = outer`: a key of the subquery's table against one of the blocks around it; the
    /// same field chain on both sides when an outer column is the table's column of that name
    /// (`q1.c1.a = t.c1.a`), else each side made an integer (`q1.c0 = length(a.c2.b)`).
    std::string correlation(QueryGen& inner, const std::vector<SourceColumn>& outer) {
        const SourceColumn& column = inner.column();
        const std::string bare = column.sql.substr(column.sql.find('.'));
        std::vector<const SourceColumn*> same;
        for (const SourceColumn& c : outer) {
            if (c.sql.size() > bare.size() &&
                c.sql.compare(c.sql.size() - bare.size(), std::string::npos, bare) == 0 &&
                same_type_ignoring_nullability(*c.type, *column.type)) {
                same.push_back(&c);
            }
        }
        if (!same.empty() && r_.chance(0.6)) {
            const SourceColumn* other = r_.pick(same);
            G e{column.sql, column.type};
            while (const StructType* s = e.type->struct_type()) {
                if (r_.chance(0.15) && orderable(e.type)) {
                    break; // a whole struct compared
                }
                const StructField& f =
                    (*s)[static_cast<std::size_t>(r_.between(0, static_cast<int>(s->size()) - 1))];
                e = G{e.sql + "." + f.name, f.type};
            }
            if (!orderable(e.type)) {
                e = to_integer(e);
            }
            return e.sql + " = " + replace_all(e.sql, column.sql, other->sql);
        }
        const G l = to_integer(inner.key_path());
        const G r = to_integer(QueryGen(r_, Source{"", outer, ""}).key_path());
        return l.sql + " = " + r.sql;
    }

    /// A subquery expression over `t` (read again as q1, or q2 inside another): a scalar
    /// `(SELECT agg(...) FROM t q1 [WHERE ...])`, `[NOT] EXISTS (SELECT 1 FROM t q1 WHERE ...)` or
    /// `v [NOT] IN (SELECT q1.c FROM t q1 ...)`, uncorrelated or correlated with this block's
    /// columns (when `this_block`) and those of the blocks around it; an EXISTS may hold another,
    /// correlated two levels up. Only a boolean one when `predicate`, only a scalar number (an
    /// aggregate) when `scalar`.
    G subquery_expression(bool predicate, bool this_block, bool scalar = false) {
        const int level = level_ + 1;
        const std::string alias = "q" + std::to_string(level);
        std::vector<SourceColumn> columns;
        for (const StructField& f : g_table->schema->struct_type()->fields()) {
            columns.push_back(SourceColumn{alias + "." + f.name, f.type});
        }
        std::vector<SourceColumn> outer = this_block ? correlatable() : outer_;
        QueryGen inner(r_, Source{"t " + alias, columns, ""}, outer, level);
        std::string where;
        const auto add = [&](const std::string& condition) {
            where += (where.empty() ? " WHERE " : " AND ") + condition;
        };
        const bool correlated = !outer.empty() && r_.chance(0.65);
        if (correlated) {
            add(correlation(inner, outer));
            if (r_.chance(0.3)) {
                add(correlation(inner, outer));
            }
        }
        if (r_.chance(0.3)) {
            add("(" + inner.boolean(1).sql + ")");
        }
        const std::string from = " FROM t " + alias;
        const int kind = scalar ? 0 : r_.between(predicate ? 1 : 0, 2);
        if (kind == 0 && scalar) {
            // A number, to compare with count(*).
            const G value = r_.chance(0.5) ? G{"count(*)", make_atomic(AtomicKind::Long)}
                                           : G{"max(" + to_integer(inner.key_path()).sql + ")",
                                               make_atomic(AtomicKind::Integer)};
            return G{"(SELECT " + value.sql + from + where + ")", value.type};
        }
        if (kind == 0) {
            if (!correlated && r_.chance(0.08)) {
                // Not an aggregate: more than one row raises SCALAR_SUBQUERY_TOO_MANY_ROWS in
                // both plans.
                const G value = inner.key_path();
                return G{"(SELECT " + value.sql + from + where + ")", value.type};
            }
            const G value = inner.aggregate_call();
            return G{"(SELECT " + value.sql + from + where + ")", value.type};
        }
        const TypePtr boolean_type = make_atomic(AtomicKind::Boolean);
        const std::string negation = r_.chance(0.35) ? "NOT " : "";
        if (kind == 1) {
            if (level < 2 && r_.chance(0.25)) {
                add(inner.subquery_expression(true, true).sql);
            }
            return G{negation + "EXISTS (SELECT 1" + from + where + ")", boolean_type};
        }
        G value = inner.key_path();
        G probe;
        if (is_kind(value.type, AtomicKind::String)) {
            probe = this_block ? of_type(value.type) : G{"'a'", value.type};
        } else {
            value = to_integer(value);
            probe = this_block ? to_integer(of_type(value.type)) : G{"1", value.type};
        }
        return G{wrap(probe.sql) + " " + negation + "IN (SELECT " + value.sql + from + where + ")",
                 boolean_type};
    }

    // Whether a bare `name` would find a column of the source (`name`, `a.name`): Spark resolves
    // a name against the FROM clause's columns before the select list's lateral aliases.
    bool is_source_column(const std::string& name) const {
        return std::any_of(
            source_.columns.begin(), source_.columns.end(), [&](const SourceColumn& c) {
                return c.sql == name || (c.sql.size() > name.size() + 1 &&
                                         c.sql.compare(c.sql.size() - name.size() - 1,
                                                       std::string::npos, "." + name) == 0);
            });
    }

    std::string aggregate_boolean() { return "bool_or(" + boolean(2).sql + ")"; }

    // An aggregate call and the type Spark gives it.
    G aggregate_call() {
        const TypePtr long_type = make_atomic(AtomicKind::Long);
        const TypePtr double_type = make_atomic(AtomicKind::Double);
        const TypePtr boolean_type = make_atomic(AtomicKind::Boolean);
        const auto count_of = [&](const G& e) { return G{"count(" + e.sql + ")", long_type}; };
        if (r_.chance(kCatalogAggregateShare)) {
            if (std::optional<G> call = catalog_call(catalog_rows().aggregate, 2, nullptr)) {
                return *call;
            }
        }
        switch (r_.between(0, 14)) {
        case 0:
            return G{"count(*)", long_type};
        case 1:
            return G{"sum(" + integer(2).sql + ")", long_type};
        case 2: {
            G e = any(2);
            return orderable(e.type) ? G{"max(" + e.sql + ")", e.type} : count_of(e);
        }
        case 3: {
            G e = any(2);
            return orderable(e.type) ? G{"min(" + e.sql + ")", e.type} : count_of(e);
        }
        case 4: {
            G e = any(2);
            return G{"collect_list(" + e.sql + ")", make_array(e.type, false)};
        }
        case 5: {
            G e = any(2);
            return orderable(e.type) ? G{"collect_set(" + e.sql + ")", make_array(e.type, false)}
                                     : count_of(e);
        }
        case 6: {
            const std::string fn = r_.chance(0.5) ? "first(" : "last(";
            G e = any(2);
            return G{fn + e.sql + (r_.chance(0.3) ? ", true)" : ")"), e.type};
        }
        case 7:
            return G{"count_if(" + boolean(2).sql + ")", long_type};
        case 8: {
            const std::string fn = r_.pick(
                std::vector<std::string>{"bool_and(", "every(", "bool_or(", "any(", "some("});
            return G{fn + boolean(2).sql + ")", boolean_type};
        }
        case 9: {
            const std::string fn = r_.pick(std::vector<std::string>{"avg(", "mean("});
            return G{fn + integer(2).sql + ")", double_type};
        }
        case 10: {
            G order = any(2);
            const std::string fn = r_.chance(0.5) ? "max_by(" : "min_by(";
            if (!orderable(order.type)) {
                return count_of(order);
            }
            G value = any(2);
            return G{fn + value.sql + ", " + order.sql + ")", value.type};
        }
        case 11: {
            const std::string fn =
                r_.pick(std::vector<std::string>{"stddev(", "std(", "stddev_pop(", "variance(",
                                                 "var_pop(", "skewness(", "kurtosis("});
            return G{fn + integer(2).sql + ")", double_type};
        }
        case 12: {
            const std::string fn =
                r_.pick(std::vector<std::string>{"corr(", "covar_pop(", "covar_samp("});
            const G x = integer(2);
            const G y = integer(2);
            return G{fn + x.sql + ", " + y.sql + ")", double_type};
        }
        case 13: {
            const std::string fn =
                r_.pick(std::vector<std::string>{"any_value(", "first_value(", "last_value(",
                                                 "array_agg(", "approx_count_distinct("});
            G e = any(2);
            const TypePtr type = fn == "array_agg("               ? make_array(e.type, false)
                                 : fn == "approx_count_distinct(" ? long_type
                                                                  : e.type;
            return G{fn + e.sql + ")", type};
        }
        default: {
            G e = any(2);
            return orderable(e.type) ? G{"count(DISTINCT " + e.sql + ")", long_type} : count_of(e);
        }
        }
    }

    // --- roots and extractor steps

    std::vector<const Var*> visible_vars() const {
        std::vector<const Var*> out;
        for (std::size_t i = 0; i < vars_.size(); ++i) {
            bool shadowed = false;
            for (std::size_t j = i + 1; j < vars_.size(); ++j) {
                shadowed = shadowed || vars_[j].name == vars_[i].name;
            }
            if (!shadowed) {
                out.push_back(&vars_[i]);
            }
        }
        return out;
    }

    G root() {
        const std::vector<const Var*> vars = visible_vars();
        if (!vars.empty() && r_.chance(0.75)) {
            // Prefer the innermost variables: that is where the interesting pruning is.
            const Var* v = r_.chance(0.6) ? vars.back() : r_.pick(vars);
            return G{v->name, v->type};
        }
        const SourceColumn& c = column();
        return G{c.sql, c.type};
    }

    // A column, nested ones four times as likely as atomic ones.
    const SourceColumn& column() {
        int total = 0;
        for (const SourceColumn& c : source_.columns) {
            total += c.type->atomic() != nullptr ? 1 : 4;
        }
        int roll = r_.between(0, total - 1);
        for (const SourceColumn& c : source_.columns) {
            roll -= c.type->atomic() != nullptr ? 1 : 4;
            if (roll < 0) {
                return c;
            }
        }
        return source_.columns[0];
    }

    G column_path(int steps) {
        const SourceColumn& c = column();
        G e{c.sql, c.type};
        for (int i = 0; i < steps; ++i) {
            e = step(e, 0);
        }
        return e;
    }

    G path(int steps) {
        G e = root();
        for (int i = 0; i < steps; ++i) {
            e = step(e, 1);
        }
        return e;
    }

    static std::string wrap(const std::string& sql) {
        // Names and dotted paths need no parentheses; anything else gets them.
        const bool plain = std::all_of(sql.begin(), sql.end(), [](char c) {
            return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
        });
        return plain ? sql : "(" + sql + ")";
    }

    std::string field_name(const std::string& name) {
        if (r_.chance(0.1)) {
            std::string upper = name;
            upper[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(upper[0])));
            return upper; // resolved case-insensitively
        }
        return name;
    }

    std::string index_expr(int depth, bool one_based) {
        if (depth > 0 && r_.chance(0.25)) {
            return integer(depth - 1).sql; // X4: a non-constant subscript
        }
        if (one_based) {
            return r_.pick(std::vector<std::string>{"1", "1", "1", "-1", "-1", "2"});
        }
        return r_.pick(std::vector<std::string>{"0", "0", "0", "0", "1"});
    }

    std::string map_key_literal(const TypePtr& key) {
        if (is_kind(key, AtomicKind::String)) {
            return r_.pick(std::vector<std::string>{"'a'", "'b'", "'c'"});
        }
        return r_.pick(std::vector<std::string>{"1", "2", "3"});
    }

    G step(const G& e, int depth) {
        const DataType& t = *e.type;
        if (const StructType* s = t.struct_type()) {
            const StructField& f =
                (*s)[static_cast<std::size_t>(r_.between(0, static_cast<int>(s->size()) - 1))];
            return G{wrap(e.sql) + "." + field_name(f.name), f.type};
        }
        if (const ArrayType* a = t.array()) {
            const StructType* es = a->element->struct_type();
            const int roll = r_.between(0, 9);
            if (es != nullptr && roll < 4) {
                const StructField& f = (*es)[static_cast<std::size_t>(
                    r_.between(0, static_cast<int>(es->size()) - 1))];
                return G{wrap(e.sql) + "." + field_name(f.name), make_array(f.type, true)};
            }
            if (roll < 7) {
                return G{wrap(e.sql) + "[" + index_expr(depth, false) + "]", a->element};
            }
            if (roll < 9) {
                return G{std::string(r_.chance(0.5) ? "element_at(" : "try_element_at(") + e.sql +
                             ", " + index_expr(depth, true) + ")",
                         a->element};
            }
            return G{"get(" + e.sql + ", " + index_expr(depth, false) + ")", a->element};
        }
        if (const MapType* m = t.map()) {
            switch (r_.between(0, 5)) {
            case 0:
            case 1:
                return G{wrap(e.sql) + "[" + map_key_literal(m->key) + "]", m->value};
            case 2:
                return G{"element_at(" + e.sql + ", " + map_key_literal(m->key) + ")", m->value};
            case 3:
                return G{"map_keys(" + e.sql + ")", make_array(m->key, true)};
            default:
                return G{"map_values(" + e.sql + ")", make_array(m->value, true)};
            }
        }
        return e;
    }

    // --- lambdas

    std::string fresh_var_name() {
        static const std::vector<std::string> kNames = {"x", "y", "z", "e"};
        // Reusing a visible name shadows it: bindings are by identity, never by name.
        if (!vars_.empty() && r_.chance(0.25)) {
            return r_.pick(vars_).name;
        }
        return r_.pick(kNames) + std::to_string(counter_++ % 7);
    }

    template <class F> G with_vars(const std::vector<Var>& vs, F body) {
        for (const Var& v : vs) {
            vars_.push_back(v);
        }
        G out = body();
        vars_.resize(vars_.size() - vs.size());
        return out;
    }

    static std::string lambda_params(const std::vector<Var>& vs) {
        if (vs.size() == 1) {
            return vs[0].name;
        }
        std::string out = "(";
        for (std::size_t i = 0; i < vs.size(); ++i) {
            out += (i ? ", " : "") + vs[i].name;
        }
        return out + ")";
    }

    std::vector<Var> params(std::initializer_list<TypePtr> types) {
        std::vector<Var> out;
        for (const TypePtr& t : types) {
            std::string name = fresh_var_name();
            while (
                std::any_of(out.begin(), out.end(), [&](const Var& v) { return v.name == name; })) {
                name = fresh_var_name() + "b";
            }
            out.push_back(Var{name, t});
        }
        return out;
    }

    // An orderable sort key reached from a lambda variable: struct fields down to an atomic
    // value, or size() of a collection.
    TypePtr sort_key(const TypePtr& type, std::vector<std::string>& fields, bool& sized) {
        TypePtr t = type;
        while (const StructType* s = t->struct_type()) {
            const StructField& f =
                (*s)[static_cast<std::size_t>(r_.between(0, static_cast<int>(s->size()) - 1))];
            fields.push_back(f.name);
            t = f.type;
        }
        if (t->array() != nullptr || t->map() != nullptr) {
            sized = true;
            return make_atomic(AtomicKind::Integer);
        }
        return t;
    }

    // A lambda body; often a higher-order function over a collection inside the element
    // (X2: `transform(items, x -> transform(x.parts, p -> p.code))`).
    G lambda_body(const Var& v, int depth) {
        if (r_.chance(0.35)) {
            std::vector<G> found;
            collection_paths(G{v.name, v.type}, 0, found);
            if (!found.empty()) {
                return op(r_.pick(found), std::max(depth, 1));
            }
        }
        return any(depth);
    }

    // Array- and map-typed paths below `e` through struct fields (at most two levels).
    static void collection_paths(const G& e, int level, std::vector<G>& out) {
        if (e.type->array() != nullptr || e.type->map() != nullptr) {
            if (level > 0) {
                out.push_back(e);
            }
            return;
        }
        const StructType* s = e.type->struct_type();
        if (s == nullptr || level >= 2) {
            return;
        }
        for (const StructField& f : s->fields()) {
            collection_paths(G{e.sql + "." + f.name, f.type}, level + 1, out);
        }
    }

    // --- expressions of any type

    G any(int depth) {
        if (depth <= 0) {
            return path(r_.between(0, 3));
        }
        if (r_.chance(kCatalogExpressionShare)) {
            // A call of any row, of arguments of its types (zero-argument rows, rows of dates).
            if (std::optional<G> call = catalog_call(catalog_rows().scalar, depth, nullptr)) {
                return *call;
            }
        }
        G base = r_.chance(0.6) ? path(r_.between(0, 2)) : any(depth - 1);
        if (r_.chance(0.85)) {
            base = op(base, depth);
            if (base.type->atomic() == nullptr && r_.chance(0.3)) {
                base = op(base, depth - 1);
            }
        }
        return base;
    }

    G op(const G& e, int depth) {
        if (r_.chance(kCatalogCallShare)) {
            if (std::optional<G> call = catalog_call(catalog_rows().scalar, depth, &e)) {
                return *call;
            }
        }
        const DataType& t = *e.type;
        if (const ArrayType* a = t.array()) {
            return array_op(e, a->element, depth);
        }
        if (const MapType* m = t.map()) {
            return map_op(e, *m, depth);
        }
        if (t.struct_type() != nullptr) {
            return struct_op(e, depth);
        }
        return atomic_op(e, depth);
    }

    G array_op(const G& e, const TypePtr& element, int depth) {
        const TypePtr& type = e.type;
        switch (r_.between(0, 27)) {
        case 0:
        case 1:
        case 2:
        case 3: {
            const bool with_index = r_.chance(0.15);
            std::vector<Var> vs = with_index ? params({element, make_atomic(AtomicKind::Integer)})
                                             : params({element});
            G body = with_vars(vs, [&] { return lambda_body(vs[0], depth - 1); });
            return G{"transform(" + e.sql + ", " + lambda_params(vs) + " -> " + body.sql + ")",
                     make_array(body.type, true)};
        }
        case 4:
        case 5: {
            const bool with_index = r_.chance(0.1);
            std::vector<Var> vs = with_index ? params({element, make_atomic(AtomicKind::Integer)})
                                             : params({element});
            G body =
                with_vars(vs, [&] { return to_boolean(lambda_body(vs[0], depth - 1), depth - 1); });
            return G{"filter(" + e.sql + ", " + lambda_params(vs) + " -> " + body.sql + ")", type};
        }
        case 6:
        case 7: {
            std::vector<Var> vs = params({element});
            G body =
                with_vars(vs, [&] { return to_boolean(lambda_body(vs[0], depth - 1), depth - 1); });
            return G{std::string(r_.chance(0.5) ? "exists(" : "forall(") + e.sql + ", " +
                         lambda_params(vs) + " -> " + body.sql + ")",
                     make_atomic(AtomicKind::Boolean)};
        }
        case 8: {
            std::vector<Var> vs = params({element, element});
            std::vector<std::string> fields;
            bool sized = false;
            const TypePtr key_type = sort_key(element, fields, sized);
            auto key = [&](const std::string& var) {
                std::string k = var;
                for (const std::string& f : fields) {
                    k += "." + f;
                }
                return sized ? "size(" + k + ")" : k;
            };
            const std::string kl = key(vs[0].name);
            const std::string kr = key(vs[1].name);
            std::string body = "CASE WHEN " + kl + " < " + kr + " THEN -1 WHEN " + kl + " > " + kr +
                               " THEN 1 ELSE 0 END";
            if (is_kind(key_type, AtomicKind::Integer) && r_.chance(0.2)) {
                body = kl + " - " + kr; // may return NULL: both plans raise the same error
            }
            return G{"array_sort(" + e.sql + ", " + lambda_params(vs) + " -> " + body + ")", type};
        }
        case 9: {
            if (!orderable(element)) {
                return G{"size(" + e.sql + ")", make_atomic(AtomicKind::Integer)};
            }
            return G{
                r_.pick(std::vector<std::string>{"array_sort(", "sort_array(", "array_distinct("}) +
                    e.sql + ")",
                type};
        }
        case 10:
        case 11: {
            std::vector<Var> vs = params({make_atomic(AtomicKind::Integer), element});
            G body = with_vars(vs, [&] {
                return G{vs[0].name + " + " + integer(depth - 1).sql,
                         make_atomic(AtomicKind::Integer)};
            });
            std::string finish;
            if (r_.chance(0.3)) {
                std::vector<Var> f = params({make_atomic(AtomicKind::Integer)});
                finish = ", " + f[0].name + " -> " + f[0].name + " * 2";
            }
            return G{std::string(r_.chance(0.8) ? "aggregate(" : "reduce(") + e.sql + ", 0, " +
                         lambda_params(vs) + " -> " + body.sql + finish + ")",
                     make_atomic(AtomicKind::Integer)};
        }
        case 12:
        case 13: {
            G other = r_.chance(0.5) ? e : array_path_or(e);
            const TypePtr& other_element = other.type->array()->element;
            std::vector<Var> vs = params({element, other_element});
            G body = with_vars(vs, [&] {
                return lambda_body(vs[static_cast<std::size_t>(r_.between(0, 1))], depth - 1);
            });
            return G{"zip_with(" + e.sql + ", " + other.sql + ", " + lambda_params(vs) + " -> " +
                         body.sql + ")",
                     make_array(body.type, true)};
        }
        case 14:
            return G{"reverse(" + e.sql + ")", type};
        case 15: {
            const std::string bounds =
                r_.pick(std::vector<std::string>{"1, 2", "-2, 2", "2, 5", "1, 0"});
            if (r_.chance(0.3)) {
                return G{"slice(" + e.sql + ", " + integer(depth - 1).sql + " + 1, 2)", type};
            }
            return G{"slice(" + e.sql + ", " + bounds + ")", type};
        }
        case 16:
            return G{r_.chance(0.7) ? "concat(" + e.sql + ", " + e.sql + ")"
                                    : wrap(e.sql) + " || " + wrap(e.sql),
                     type};
        case 17:
            return G{"array_compact(" + e.sql + ")", type};
        case 18:
            return G{r_.pick(std::vector<std::string>{"coalesce(", "nvl(", "ifnull("}) + e.sql +
                         ", " + literal(type) + ")",
                     type};
        case 19:
            return G{"if(" + boolean(depth - 1).sql + ", " + e.sql + ", " + literal(type) + ")",
                     type};
        case 20:
            return G{"CASE WHEN " + boolean(depth - 1).sql + " THEN " + e.sql + " ELSE " +
                         literal(type) + " END",
                     type};
        case 21:
            if (element->array() != nullptr) {
                return G{"flatten(" + e.sql + ")", element};
            }
            return G{"array_repeat(" + e.sql + ", 2)", make_array(type, true)};
        case 22:
            if (element->atomic() != nullptr) {
                return G{"array_contains(" + e.sql + ", " + literal(element) + ")",
                         make_atomic(AtomicKind::Boolean)};
            }
            return G{"(" + e.sql + ") IS NOT NULL", make_atomic(AtomicKind::Boolean)};
        case 23:
            return G{r_.pick(std::vector<std::string>{"size(", "cardinality(", "array_size("}) +
                         e.sql + ")",
                     make_atomic(AtomicKind::Integer)};
        case 24:
            return G{wrap(e.sql) + (r_.chance(0.5) ? " IS NULL" : " IS NOT NULL"),
                     make_atomic(AtomicKind::Boolean)};
        case 25:
            return G{"to_json(" + e.sql + ")", make_atomic(AtomicKind::String)};
        case 26: {
            // X5: a lambda that never uses its element.
            std::vector<Var> vs = params({element});
            return G{"transform(" + e.sql + ", " + vs[0].name + " -> 1)",
                     make_array(make_atomic(AtomicKind::Integer), true)};
        }
        default:
            return step(e, depth);
        }
    }

    // Another array-typed path from the table, or `fallback` when there is none nearby.
    G array_path_or(const G& fallback) {
        for (int attempt = 0; attempt < 6; ++attempt) {
            G p = column_path(r_.between(0, 2));
            if (p.type->array() != nullptr) {
                return p;
            }
        }
        return fallback;
    }

    G map_op(const G& e, const MapType& m, int depth) {
        switch (r_.between(0, 10)) {
        case 0:
        case 1: {
            std::vector<Var> vs = params({m.key, m.value});
            G body = with_vars(vs, [&] { return lambda_body(vs[1], depth - 1); });
            return G{"transform_values(" + e.sql + ", " + lambda_params(vs) + " -> " + body.sql +
                         ")",
                     make_map(m.key, body.type, true)};
        }
        case 2: {
            std::vector<Var> vs = params({m.key, m.value});
            const std::string key = is_kind(m.key, AtomicKind::String)
                                        ? "concat(" + vs[0].name + ", 'x')"
                                        : vs[0].name + " + 1";
            return G{"transform_keys(" + e.sql + ", " + lambda_params(vs) + " -> " + key + ")",
                     e.type};
        }
        case 3:
        case 4: {
            std::vector<Var> vs = params({m.key, m.value});
            G body = with_vars(vs, [&] { return boolean(depth - 1); });
            return G{"map_filter(" + e.sql + ", " + lambda_params(vs) + " -> " + body.sql + ")",
                     e.type};
        }
        case 5: {
            std::vector<Var> vs = params({m.key, m.value, m.value});
            G body = with_vars(vs, [&] {
                return lambda_body(vs[static_cast<std::size_t>(r_.between(1, 2))], depth - 1);
            });
            return G{"map_zip_with(" + e.sql + ", " + e.sql + ", " + lambda_params(vs) + " -> " +
                         body.sql + ")",
                     make_map(m.key, body.type, true)};
        }
        case 6:
            return G{"size(" + e.sql + ")", make_atomic(AtomicKind::Integer)};
        case 7:
            return G{wrap(e.sql) + " IS NULL", make_atomic(AtomicKind::Boolean)};
        case 8:
            return G{"map_entries(" + e.sql + ")",
                     make_array(make_struct({StructField{"key", m.key, false, "{}"},
                                             StructField{"value", m.value, true, "{}"}}),
                                false)};
        default:
            return step(e, depth);
        }
    }

    G struct_op(const G& e, int depth) {
        const StructType& s = *e.type->struct_type();
        switch (r_.between(0, 12)) {
        case 0:
        case 1:
        case 2:
            return step(e, depth);
        case 3:
            return G{r_.pick(std::vector<std::string>{
                         wrap(e.sql) + " IS NULL", wrap(e.sql) + " IS NOT NULL",
                         "isnull(" + e.sql + ")", "isnotnull(" + e.sql + ")"}),
                     make_atomic(AtomicKind::Boolean)};
        case 4:
            return G{"to_json(" + e.sql + ")", make_atomic(AtomicKind::String)};
        case 5: {
            // X6: extraction through a branch with a constructed alternative.
            const G branch{r_.pick(std::vector<std::string>{"coalesce(", "nvl("}) + e.sql + ", " +
                               literal(e.type) + ")",
                           e.type};
            return step(branch, depth);
        }
        case 6: {
            const G branch{"if(" + boolean(depth - 1).sql + ", " + e.sql + ", " +
                               (r_.chance(0.5) ? std::string("NULL") : literal(e.type)) + ")",
                           e.type};
            return step(branch, depth);
        }
        case 7: {
            const G repeated{"array_repeat(" + e.sql + ", 2)", make_array(e.type, true)};
            return G{wrap(repeated.sql) + "[" + r_.pick(std::vector<std::string>{"0", "1"}) + "]." +
                         s[0].name,
                     s[0].type};
        }
        case 8: {
            // Constructor folding: named_struct(...).f is the field's value.
            const StructField& f =
                s[static_cast<std::size_t>(r_.between(0, static_cast<int>(s.size()) - 1))];
            G other = any(depth - 1);
            return G{"named_struct('p', " + wrap(e.sql) + "." + f.name + ", 'q', " + other.sql +
                         ").p",
                     f.type};
        }
        case 9:
            if (orderable(e.type)) {
                return G{wrap(e.sql) + " = " + wrap(e.sql), make_atomic(AtomicKind::Boolean)};
            }
            return G{"to_json(" + e.sql + ")", make_atomic(AtomicKind::String)};
        case 10:
            return step(
                G{"CASE WHEN " + boolean(depth - 1).sql + " THEN " + e.sql + " END", e.type},
                depth);
        default:
            return G{
                "named_struct('s', " + e.sql + ", 'n', 1)",
                make_struct({StructField{"s", e.type, true, "{}"},
                             StructField{"n", make_atomic(AtomicKind::Integer), false, "{}"}})};
        }
    }

    G atomic_op(const G& e, int depth) {
        const TypePtr& t = e.type;
        if (is_numeric_atomic(t)) {
            switch (r_.between(0, 7)) {
            case 0:
                return G{wrap(e.sql) + " + 1",
                         t->is(AtomicKind::Short) || t->is(AtomicKind::Integer)
                             ? make_atomic(AtomicKind::Integer)
                             : t};
            case 1:
                return G{wrap(e.sql) + " > 1", make_atomic(AtomicKind::Boolean)};
            case 2:
                return G{"CAST(" + e.sql + " AS STRING)", make_atomic(AtomicKind::String)};
            case 3:
                return G{"hash(" + e.sql + ")", make_atomic(AtomicKind::Integer)};
            case 4:
                return G{"coalesce(" + e.sql + ", " + literal(t) + ")", t};
            case 5:
                return G{wrap(e.sql) + " IN (1, 2)", make_atomic(AtomicKind::Boolean)};
            case 6:
                return G{"-" + wrap(e.sql), t};
            default:
                return G{"abs(" + e.sql + ")", t};
            }
        }
        if (is_kind(t, AtomicKind::String)) {
            switch (r_.between(0, 4)) {
            case 0:
                return G{"upper(" + e.sql + ")", t};
            case 1:
                return G{"length(" + e.sql + ")", make_atomic(AtomicKind::Integer)};
            case 2:
                return G{"concat(" + e.sql + ", '!')", t};
            case 3:
                return G{wrap(e.sql) + " = 'a'", make_atomic(AtomicKind::Boolean)};
            default:
                return G{"substring(" + e.sql + ", 1, 1)", t};
            }
        }
        if (is_kind(t, AtomicKind::Boolean)) {
            return G{r_.chance(0.5) ? "NOT " + wrap(e.sql)
                                    : wrap(e.sql) + " AND " + boolean(depth - 1).sql,
                     t};
        }
        return e;
    }

    // --- typed helpers

    G to_boolean(const G& e, int depth) {
        const TypePtr& t = e.type;
        if (is_kind(t, AtomicKind::Boolean)) {
            return r_.chance(0.2) && depth > 0 ? G{wrap(e.sql) + " OR " + boolean(depth - 1).sql, t}
                                               : e;
        }
        const TypePtr b = make_atomic(AtomicKind::Boolean);
        if (is_numeric_atomic(t)) {
            return G{wrap(e.sql) + r_.pick(std::vector<std::string>{" > 1", " = 2", " <= 0"}), b};
        }
        if (is_kind(t, AtomicKind::String)) {
            return G{wrap(e.sql) + r_.pick(std::vector<std::string>{
                                       " = 'a'", " LIKE 'b%'", " < 'b'", " LIKE ANY ('b%', '%a')",
                                       " NOT ILIKE ALL ('A%', 'b')"}),
                     b};
        }
        if (t->array() != nullptr && depth > 0 && r_.chance(0.4)) {
            std::vector<Var> vs = params({t->array()->element});
            G body = with_vars(vs, [&] { return boolean(depth - 1); });
            return G{"exists(" + e.sql + ", " + vs[0].name + " -> " + body.sql + ")", b};
        }
        if (t->array() != nullptr || t->map() != nullptr) {
            return G{"size(" + e.sql + ") > 1", b};
        }
        return G{wrap(e.sql) + (r_.chance(0.5) ? " IS NULL" : " IS NOT NULL"), b};
    }

    G integer(int depth) { return to_integer(any(std::max(depth, 0))); }

    // An expression of `type` (up to nullability; of any numeric type for a numeric one):
    // column paths and expressions drawn until one has it, else a literal of it.
    G of_type(const TypePtr& type) {
        for (int attempt = 0; attempt < 8; ++attempt) {
            G e = r_.chance(0.5) ? column_path(r_.between(0, 3)) : any(r_.between(1, 3));
            if (same_type_ignoring_nullability(*e.type, *type) ||
                (numeric_rank(e.type) > 0 && numeric_rank(type) > 0)) {
                return e;
            }
        }
        return G{literal(type), type};
    }

    // --- calls of the function catalog

    static bool integral(const TypePtr& t) {
        return is_kind(t, AtomicKind::Integer) || is_kind(t, AtomicKind::Long) ||
               is_kind(t, AtomicKind::Short) || is_kind(t, AtomicKind::Byte);
    }

    // An integer argument of a call, kept small: the rows' integers are small (-1 to 3), but
    // not what is computed from them (`hash(s)`), and a length or a count from that
    // (`space(n)`, `repeat(s, n)`, `lpad(s, n)`) would make the evaluator build a huge string.
    static G small(const G& e) {
        if (is_kind(e.type, AtomicKind::Integer) || is_kind(e.type, AtomicKind::Long)) {
            return G{wrap(e.sql) + " % 5", e.type};
        }
        return G{"CAST(" + wrap(e.sql) + " % 5 AS " + ddl_type(e.type) + ")", e.type};
    }

    // An expression of exactly `type` (up to nullability) from the columns, or none.
    std::optional<G> exactly(const TypePtr& type, int depth) {
        for (int attempt = 0; attempt < 3; ++attempt) {
            G e = r_.chance(0.6) ? column_path(r_.between(0, 3)) : any(r_.between(0, depth));
            if (same_type_ignoring_nullability(*e.type, *type)) {
                return e;
            }
        }
        return std::nullopt;
    }

    // An argument of `type` for a catalog call: an expression of it, one converted to it (the
    // types no generated table holds), else a literal of it.
    G argument(const TypePtr& type, int depth) {
        if (std::optional<G> e = exactly(type, depth)) {
            return integral(type) ? small(*e) : *e;
        }
        const auto from = [&](const TypePtr& source, const std::string& before,
                              const std::string& after) -> std::optional<G> {
            if (std::optional<G> e = exactly(source, depth)) {
                return G{before + e->sql + after, type};
            }
            return std::nullopt;
        };
        std::optional<G> converted;
        if (is_kind(type, AtomicKind::Byte)) {
            converted = from(int_type(), "CAST(", " % 5 AS TINYINT)");
        } else if (is_kind(type, AtomicKind::Float)) {
            converted = from(make_atomic(AtomicKind::Double), "CAST(", " AS FLOAT)");
        } else if (is_kind(type, AtomicKind::Date)) {
            converted = from(int_type(), "date_add(DATE'2024-03-15', ", " % 5)");
        } else if (is_kind(type, AtomicKind::Timestamp)) {
            converted = from(int_type(), "timestamp_seconds(", " % 5)");
        } else if (is_kind(type, AtomicKind::Binary)) {
            converted = from(string_type(), "CAST(", " AS BINARY)");
        } else if (is_kind(type, AtomicKind::Variant)) {
            converted = from(int_type(), "CAST(", " AS VARIANT)");
        }
        return converted ? *converted : G{literal(type), type};
    }

    // A call of a row of `rows` (catalog_rows()) with arguments its typing accepts, `given`
    // among them if not null; none when no row drawn takes it.
    std::optional<G> catalog_call(const std::vector<CatalogRow>& rows, int depth, const G* given) {
        const std::vector<ArgSlot>& slots = arg_slots();
        const G* const given_as_drawn = given;
        G bounded_given;
        for (int attempt = 0; attempt < 8; ++attempt) {
            given = given_as_drawn;
            const CatalogRow& row = r_.pick(rows);
            // `--verify` refuses the calls of some rows (rand, current_date, VARIANT, ...): they
            // are drawn, for the read-schema checks, a third as often, so most cases compare
            // rows (over 95% of cases still verify).
            if (row.signatures.empty() || (!row.verifiable && !r_.chance(kRefusedRowShare))) {
                continue;
            }
            const std::vector<std::size_t>& sig = r_.pick(row.signatures);
            std::size_t at = sig.size(); // where `given` goes
            // The type each expression argument is generated at: its slot's, but `given`'s
            // for `given` and, if need be, for the arguments of the same slot type as its
            // (array_union(a, b): both arrays of one element type).
            std::vector<TypePtr> types;
            for (std::size_t s : sig) {
                types.push_back(slots[s].type);
            }
            if (given != nullptr) {
                std::vector<std::size_t> same;
                std::vector<std::size_t> open;
                for (std::size_t i = 0; i < sig.size(); ++i) {
                    const ArgSlot& slot = slots[sig[i]];
                    if (slot.literal.empty()) {
                        open.push_back(i);
                        if (same_type_ignoring_nullability(*slot.type, *given->type)) {
                            same.push_back(i);
                        }
                    }
                }
                // A row the binder replaces (extract, left) is typed by its replacement,
                // which only the slots' own types are known to give.
                if (open.empty() || (row.def->replaced_by_last && same.empty())) {
                    continue;
                }
                at = r_.pick(same.empty() ? open : same);
                if (integral(types[at])) {
                    // An integer argument is a length, a count, a position: kept small.
                    if (!integral(given->type)) {
                        continue;
                    }
                    bounded_given = small(*given);
                    given = &bounded_given;
                }
                const auto typed = [&](const std::vector<TypePtr>& ts) {
                    std::vector<ExprPtr> dummies;
                    for (std::size_t i = 0; i < sig.size(); ++i) {
                        dummies.push_back(i == at ? argument_dummy(given->sql, given->type)
                                          : ts[i] == slots[sig[i]].type ? slots[sig[i]].dummy
                                                                        : column_dummy(ts[i]));
                    }
                    return type_call(*row.def, std::move(dummies)).ok();
                };
                types[at] = given->type;
                if (!typed(types)) {
                    for (std::size_t i : open) {
                        if (i != at && sig[i] == sig[at]) {
                            types[i] = given->type;
                        }
                    }
                    if (!typed(types)) {
                        continue;
                    }
                }
            }
            std::vector<G> args;
            std::vector<ExprPtr> dummies;
            for (std::size_t i = 0; i < sig.size(); ++i) {
                const ArgSlot& slot = slots[sig[i]];
                if (i == at) {
                    args.push_back(*given);
                    dummies.push_back(argument_dummy(given->sql, given->type));
                } else if (!slot.literal.empty()) {
                    args.push_back(G{slot.literal, slot.type});
                    dummies.push_back(slot.dummy);
                } else {
                    args.push_back(argument(types[i], depth - 1));
                    dummies.push_back(argument_dummy(args.back().sql, args.back().type));
                }
            }
            TypeCheck check = type_call(*row.def, dummies);
            if (!check.ok()) {
                // The expressions' types did not do (a nested element type, say): literals of
                // the slots' types, which the typing accepted.
                for (std::size_t i = 0; i < sig.size(); ++i) {
                    const ArgSlot& slot = slots[sig[i]];
                    if (i != at && slot.literal.empty()) {
                        args[i] = G{literal(types[i]), types[i]};
                        dummies[i] = types[i] == slot.type ? slot.dummy : column_dummy(types[i]);
                    }
                }
                check = type_call(*row.def, dummies);
                if (!check.ok()) {
                    continue;
                }
            }
            if (!walkable(*check.result.type)) {
                continue;
            }
            // Expressions in parentheses: `position(NOT a, 1)` does not parse (`position(x IN
            // s)` is the parser's), the literals the binder checks (`extract('YEAR', d)`) bare.
            std::vector<std::string> texts;
            for (std::size_t i = 0; i < args.size(); ++i) {
                texts.push_back(slots[sig[i]].literal.empty() ? wrap(args[i].sql) : args[i].sql);
            }
            const std::string sql = call_sql(*row.def, texts);
            if (g_catalog_calls != nullptr) {
                g_catalog_calls->emplace_back(std::string(row.def->name), sql);
            }
            return G{sql, check.result.type};
        }
        return std::nullopt;
    }

    std::string literal(const TypePtr& t) {
        if (const StructType* s = t->struct_type()) {
            std::string out = "named_struct(";
            for (std::size_t i = 0; i < s->size(); ++i) {
                out += (i ? ", '" : "'") + (*s)[i].name + "', " + literal((*s)[i].type);
            }
            return out + ")";
        }
        if (const ArrayType* a = t->array()) {
            if (r_.chance(0.3)) {
                return "CAST(NULL AS " + ddl_type(t) + ")";
            }
            return "array(" + literal(a->element) + ")";
        }
        if (const MapType* m = t->map()) {
            return "map(" + literal(m->key) + ", " + literal(m->value) + ")";
        }
        switch (t->atomic()->kind) {
        case AtomicKind::Integer:
            return "1";
        case AtomicKind::Long:
            return "CAST(1 AS BIGINT)";
        case AtomicKind::Short:
            return "CAST(1 AS SMALLINT)";
        case AtomicKind::String:
            return "'z'";
        case AtomicKind::Double:
            return "CAST(0.5 AS DOUBLE)";
        case AtomicKind::Boolean:
            return "true";
        case AtomicKind::Decimal:
            return "CAST(1.5 AS " + ddl_type(t) + ")";
        case AtomicKind::Byte:
            return "CAST(1 AS TINYINT)";
        case AtomicKind::Float:
            return "CAST(0.5 AS FLOAT)";
        case AtomicKind::Date:
            return "DATE'2024-03-15'";
        case AtomicKind::Timestamp:
            return "TIMESTAMP'2024-03-15 10:20:30'";
        case AtomicKind::Binary:
            return "X'0102'";
        case AtomicKind::Variant:
            return "parse_json('{\"a\":[1]}')";
        default:
            return "CAST(NULL AS " + ddl_type(t) + ")";
        }
    }

    Rng& r_;
    Source source_;
    std::vector<SourceColumn> outer_; // the columns of the blocks around a subquery's
    int level_ = 0;                   // how deep in subquery expressions
    std::vector<Var> vars_;
    int counter_ = 0;
};

// --- statements: joins, FROM-subqueries, CTEs and set operations -----------------------------
//
// Every statement reads only the table `t`, as often as it likes (a self-join reads it twice),
// so one set of rows serves every scan. A QueryGen writes each query block over a Source; the
// StatementGen makes the sources: `t`, a join of two or three inputs, a FROM-subquery or a CTE
// over a query it generated first (whose outputs and their types it knows), and it puts whole
// queries together with UNION, INTERSECT and EXCEPT.
//
//     WITH w1 AS (SELECT c1 AS o1, c0 AS o2 FROM t WHERE c0 > 1)
//     SELECT transform(a.o1.b, x -> x.w) AS o1 FROM w1 a LEFT JOIN w1 b ON a.o2 = b.o2

/// An input of a join before it has an alias: its FROM item and the columns it outputs.
struct Side {
    std::string item;                  // `t`, a CTE's name, or `(SELECT ...)`
    std::vector<SourceColumn> columns; // as the input names them (unqualified)
    bool table = false;                // the table `t`: both sides of a USING (c0) have c0
};

class StatementGen {
  public:
    StatementGen(Rng& rng, const GeneratedTable& table) : r_(rng), table_(table) {}

    /// About 53% single-table queries (the original generator's), 3% PIVOT or UNPIVOT, 8%
    /// generators, 12% joins,
    /// 8% FROM-subqueries 1-3 levels deep, 7% CTEs and 9% set operations (half of them under an
    /// outer query); inner queries nest the other shapes once more.
    std::string statement() {
        const int roll = r_.between(0, 99);
        if (roll < 53) {
            return QueryGen(r_, table_source()).query().sql;
        }
        if (roll < 56) {
            return pivot_query(Shape{}).sql;
        }
        if (roll < 64) {
            return generator_query(Shape{}).sql;
        }
        if (roll < 76) {
            return join_query(Shape{}, 1).sql;
        }
        if (roll < 84) {
            return subquery_chain(Shape{});
        }
        if (roll < 91) {
            return cte_query(Shape{}, 1).sql;
        }
        if (r_.chance(0.5)) {
            return set_operation(Shape{}, 1).sql;
        }
        // Pruning through a set operation: the outer query extracts fields of its columns.
        return over_subquery(set_operation(named_shape(), 1), Shape{}).sql;
    }

  private:
    static Shape named_shape() {
        Shape shape;
        shape.named = true;
        return shape;
    }

    std::string fresh(const std::string& prefix) { return prefix + std::to_string(++names_); }

    Side table_side() const {
        Side side{"t", {}, true};
        for (const StructField& f : table_.schema->struct_type()->fields()) {
            side.columns.push_back(SourceColumn{f.name, f.type});
        }
        return side;
    }

    Source table_source() const { return Source{"t", table_side().columns, ""}; }

    /// The columns of `side` as `qualifier.name`; when `maybe_bare` (the side is alone in its
    /// FROM clause), some by their bare name.
    std::vector<SourceColumn> qualified(const Side& side, const std::string& qualifier,
                                        bool maybe_bare) {
        std::vector<SourceColumn> out;
        for (const SourceColumn& c : side.columns) {
            const bool bare = maybe_bare && r_.chance(0.3);
            out.push_back(SourceColumn{bare ? c.sql : qualifier + "." + c.sql, c.type});
        }
        return out;
    }

    /// Names the outputs of `side` d1, d2, ... and returns the column list `(d1, d2, ...)`.
    static std::string rename(Side& side) {
        std::string list = "(";
        for (std::size_t i = 0; i < side.columns.size(); ++i) {
            side.columns[i].sql = "d" + std::to_string(i + 1);
            list += (i ? ", " : "") + side.columns[i].sql;
        }
        return list + ")";
    }

    /// A query with named outputs to read from: over `t` half the time, else (while `depth`
    /// allows) a join, a query over a FROM-subquery, a CTE or a set operation.
    QueryText inner(int depth) {
        const Shape shape = named_shape();
        const int roll = r_.between(0, 99);
        if (depth <= 0 || roll < 50) {
            return QueryGen(r_, table_source()).query(shape);
        }
        if (roll < 65) {
            return join_query(shape, depth - 1);
        }
        if (roll < 77) {
            return over_subquery(inner(depth - 1), shape);
        }
        if (roll < 88) {
            return cte_query(shape, depth - 1);
        }
        return set_operation(shape, depth - 1);
    }

    /// `SELECT ... FROM (inner) [AS] s1 [(d1, d2)]`.
    QueryText over_subquery(const QueryText& inner, const Shape& shape) {
        Side side{"(" + inner.sql + ")", inner.outputs, false};
        const std::string alias = fresh("s");
        std::string from = side.item + (r_.chance(0.3) ? " AS " : " ") + alias;
        if (r_.chance(0.25)) {
            from += rename(side);
        }
        return QueryGen(r_, Source{from, qualified(side, alias, true), ""}).query(shape);
    }

    /// A query over 1 to 3 levels of FROM-subqueries.
    std::string subquery_chain(const Shape& shape) {
        const int levels = r_.pick(std::vector<int>{1, 1, 1, 2, 2, 3});
        QueryText q = inner(1);
        for (int level = 1; level <= levels; ++level) {
            q = over_subquery(q, level == levels ? shape : named_shape());
        }
        return q.sql;
    }

    /// A CTE by name, alone in a FROM clause, with an alias sometimes.
    Source cte_source(const Side& side) {
        if (r_.chance(0.3)) {
            const std::string alias = fresh("s");
            return Source{side.item + " " + alias, qualified(side, alias, true), ""};
        }
        return Source{side.item, qualified(side, side.item, true), ""};
    }

    /// `WITH w1 AS (inner) SELECT ... FROM w1`; sometimes a second CTE reading the first, or
    /// the CTE read twice by a self-join.
    QueryText cte_query(const Shape& shape, int depth) {
        const QueryText body = inner(depth);
        Side first{fresh("w"), body.outputs, false};
        std::string with = "WITH " + first.item;
        if (r_.chance(0.2)) {
            with += rename(first);
        }
        with += " AS (" + body.sql + ")";
        QueryText main;
        const int roll = r_.between(0, 99);
        if (roll < 25) {
            const QueryText second_body = QueryGen(r_, cte_source(first)).query(named_shape());
            const Side second{fresh("w"), second_body.outputs, false};
            with += ", " + second.item + " AS (" + second_body.sql + ")";
            main = r_.chance(0.7) ? QueryGen(r_, cte_source(second)).query(shape)
                                  : QueryGen(r_, join_source(first, second)).query(shape);
        } else if (roll < 50) {
            main = QueryGen(r_, join_source(first, first)).query(shape);
        } else {
            main = QueryGen(r_, cte_source(first)).query(shape);
        }
        return QueryText{with + " " + main.sql, main.outputs};
    }

    /// The table, mostly; a FROM-subquery while `depth` allows.
    Side join_input(int depth) {
        if (depth <= 0 || r_.chance(0.8)) {
            return table_side();
        }
        const QueryText q = inner(depth - 1);
        return Side{"(" + q.sql + ")", q.outputs, false};
    }

    QueryText join_query(const Shape& shape, int depth) {
        const Side left = join_input(depth);
        const Side right = join_input(depth);
        return QueryGen(r_, join_source(left, right)).query(shape);
    }

    /// `lq.key = rq.key`: over two reads of one input (the table, a CTE), one path on both
    /// sides (`a.c0 = b.c0`, `a.c1.x = b.c1.x`); over different inputs, each side's value made
    /// an integer. Sometimes `AND` a condition on both sides' columns.
    std::string join_condition(const Side& l, const std::string& lq, const Side& r,
                               const std::string& rq) {
        std::string condition;
        if (l.item == r.item) {
            if (l.table && r_.chance(0.6)) {
                condition = lq + ".c0 = " + rq + ".c0";
            } else {
                // The path is written once over a placeholder qualifier, then for each side.
                const G key = QueryGen(r_, Source{"", qualified(l, "QQ", false), ""}).key_path();
                condition = replace_all(key.sql, "QQ.", lq + ".") + " = " +
                            replace_all(key.sql, "QQ.", rq + ".");
            }
        } else {
            const G lk = QueryGen(r_, Source{"", qualified(l, lq, false), ""}).key_path();
            const G rk = QueryGen(r_, Source{"", qualified(r, rq, false), ""}).key_path();
            condition = QueryGen::to_integer(lk).sql + " = " + QueryGen::to_integer(rk).sql;
        }
        if (r_.chance(0.3)) {
            std::vector<SourceColumn> both = qualified(l, lq, false);
            for (SourceColumn& c : qualified(r, rq, false)) {
                both.push_back(std::move(c));
            }
            condition +=
                " AND (" + QueryGen(r_, Source{"", both, ""}).boolean(r_.between(1, 2)).sql + ")";
        }
        return condition;
    }

    /// `left a <kind> JOIN right b ...` and the columns it makes visible: every kind of join,
    /// written with ON, as a CROSS JOIN, as a comma join (the condition in WHERE), with USING
    /// (c0) or NATURAL (two reads of the table); sometimes a third input `t c`.
    Source join_source(const Side& left, const Side& right) {
        enum class Form { On, Cross, Comma, Using, Natural };
        const bool tables = left.table && right.table;
        const auto pick = [&](std::vector<std::string> words) { return r_.pick(words); };
        Form form = Form::On;
        std::string kind;
        const int roll = r_.between(0, 99);
        if (roll < 22) {
            kind = pick({"JOIN", "INNER JOIN"});
        } else if (roll < 36) {
            kind = pick({"LEFT JOIN", "LEFT OUTER JOIN"});
        } else if (roll < 46) {
            kind = pick({"RIGHT JOIN", "RIGHT OUTER JOIN"});
        } else if (roll < 56) {
            kind = pick({"FULL JOIN", "FULL OUTER JOIN"});
        } else if (roll < 64) {
            kind = pick({"LEFT SEMI JOIN", "SEMI JOIN"});
        } else if (roll < 72) {
            kind = pick({"LEFT ANTI JOIN", "ANTI JOIN"});
        } else if (roll < 79) {
            kind = "CROSS JOIN";
            form = Form::Cross;
        } else if (roll < 89) {
            form = Form::Comma;
        } else if (roll < 96) {
            kind = pick({"JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN", "LEFT SEMI JOIN",
                         "LEFT ANTI JOIN"});
            form = tables ? Form::Using : Form::On;
        } else {
            kind = pick({"JOIN", "LEFT JOIN", "RIGHT JOIN", "FULL JOIN"});
            // A natural self-join compares every column: none may hold a map.
            form = tables && orderable(table_.schema) ? Form::Natural : Form::On;
        }
        // Semi and anti joins output the left side only; their condition sees both.
        const bool left_only =
            kind.find("SEMI") != std::string::npos || kind.find("ANTI") != std::string::npos;
        Source source;
        const std::string a = left.item + " a";
        const std::string b = right.item + " b";
        switch (form) {
        case Form::On:
            source.from = a + " " + kind + " " + b + " ON " + join_condition(left, "a", right, "b");
            break;
        case Form::Cross:
            source.from = a + " CROSS JOIN " + b;
            break;
        case Form::Comma:
            source.from = a + ", " + b;
            if (r_.chance(0.85)) {
                source.condition = join_condition(left, "a", right, "b");
            }
            break;
        case Form::Using:
            source.from = a + " " + kind + " " + b + " USING (c0)";
            source.columns.push_back(SourceColumn{"c0", make_atomic(AtomicKind::Integer)});
            break;
        case Form::Natural:
            source.from = a + " NATURAL " + kind + " " + b;
            // Every column is a key: bare names read the join's (coalesced) keys.
            for (const SourceColumn& c : left.columns) {
                source.columns.push_back(c);
            }
            break;
        }
        for (SourceColumn& c : qualified(left, "a", false)) {
            source.columns.push_back(std::move(c));
        }
        if (!left_only) {
            for (SourceColumn& c : qualified(right, "b", false)) {
                source.columns.push_back(std::move(c));
            }
            if ((form == Form::On || form == Form::Cross) && r_.chance(0.12)) {
                // A third input, joined to the second (not after USING or NATURAL, whose bare
                // key names the third input's columns would make ambiguous; nor after a comma,
                // which binds looser than JOIN).
                const Side third = table_side();
                source.from += std::string(r_.chance(0.7) ? " JOIN " : " LEFT JOIN ") + "t c ON " +
                               join_condition(right, "b", third, "c");
                for (SourceColumn& c : qualified(third, "c", false)) {
                    source.columns.push_back(std::move(c));
                }
            }
        }
        return source;
    }

    /// UNPIVOT of `t` or PIVOT of a FROM-subquery over it, as Spark rewrites them (an Expand,
    /// an Aggregate). UNPIVOT's value columns are columns of `t` and fields of its struct
    /// columns that share a type (one of them twice when none does), so a value column is now
    /// and then read to different depths elsewhere; PIVOT groups by c0 and splits the parity of
    /// c0 into two columns per aggregate.
    QueryText pivot_query(const Shape& shape) {
        const Side t = table_side();
        if (r_.chance(0.35)) {
            const SourceColumn x = r_.pick(t.columns);
            QueryText inner{"SELECT c0 AS k, c0 % 2 AS p, " + x.sql + " AS x FROM t", {}};
            const std::string aggregates =
                r_.chance(0.5) ? "count(x) AS n, first(x) AS f" : "first(x, true) AS f";
            std::string from =
                "(" + inner.sql + ") PIVOT (" + aggregates + " FOR p IN (0 AS zero, 1 AS one))";
            std::vector<SourceColumn> columns{{"k", make_atomic(AtomicKind::Integer)}};
            for (const std::string value : {"zero", "one"}) {
                if (aggregates.starts_with("count")) {
                    columns.push_back({value + "_n", make_atomic(AtomicKind::Long)});
                    columns.push_back({value + "_f", x.type});
                } else {
                    columns.push_back({value, x.type});
                }
            }
            return QueryGen(r_, Source{from, columns, ""}).query(shape);
        }
        // Candidate values by type: the columns, and the fields of struct columns.
        std::map<std::string, std::vector<SourceColumn>> by_type;
        for (const SourceColumn& c : t.columns) {
            by_type[catalog_string(*c.type)].push_back(c);
            if (const StructType* st = c.type->struct_type()) {
                for (const StructField& f : st->fields()) {
                    by_type[catalog_string(*f.type)].push_back({c.sql + "." + f.name, f.type});
                }
            }
        }
        std::vector<std::vector<SourceColumn>> shared;
        std::vector<std::vector<SourceColumn>> alone;
        for (auto& [type, values] : by_type) {
            (values.size() > 1 ? shared : alone).push_back(values);
        }
        const bool from_shared = !shared.empty() && (alone.empty() || r_.chance(0.8));
        const std::vector<SourceColumn> pool = from_shared ? r_.pick(shared) : r_.pick(alone);
        std::vector<SourceColumn> values{r_.pick(pool), r_.pick(pool)};
        if (pool.size() > 2 && r_.chance(0.3)) {
            values.push_back(r_.pick(pool));
        }
        std::string in;
        std::set<std::string> unpivoted;
        for (std::size_t i = 0; i < values.size(); ++i) {
            in += (i ? ", " : "") + values[i].sql + " AS n" + std::to_string(i);
            unpivoted.insert(values[i].sql);
        }
        Side ids{"t", {}, false};
        for (const SourceColumn& c : t.columns) {
            if (!unpivoted.contains(c.sql)) {
                ids.columns.push_back(c);
            }
        }
        const std::string alias = fresh("u");
        const std::string from = "t UNPIVOT " +
                                 std::string(r_.chance(0.5) ? "INCLUDE NULLS " : "") +
                                 "(uv FOR un IN (" + in + ")) " + alias;
        std::vector<SourceColumn> columns = qualified(ids, alias, true);
        columns.push_back({"un", make_atomic(AtomicKind::String)});
        columns.push_back({"uv", values.front().type});
        return QueryGen(r_, Source{from, columns, ""}).query(shape);
    }

    /// A generator over a collection column of `t` and a query over what it generates (and the
    /// table's columns): `LATERAL VIEW [OUTER] gen(c) v AS g1, ...` after the table (sometimes a
    /// second one over a generated collection), `t, LATERAL gen(c) AS v(g1, ...)`, or the
    /// generator in the select list of a FROM-subquery. explode and posexplode of arrays and
    /// maps, inline of arrays of structs, and their outer forms.
    QueryText generator_query(const Shape& shape) {
        std::vector<SourceColumn> collections;
        for (const SourceColumn& c : table_side().columns) {
            if (c.type->array() != nullptr || c.type->map() != nullptr) {
                collections.push_back(c);
            }
        }
        if (collections.empty()) {
            return QueryGen(r_, table_source()).query(shape);
        }
        const SourceColumn input = r_.pick(collections);
        const bool outer = r_.chance(0.25);
        const int roll = r_.between(0, 99);
        if (roll < 40) {
            const std::string view = fresh("v");
            Generated g = generate(input);
            std::string from = "t LATERAL VIEW " + std::string(outer ? "OUTER " : "") + g.call +
                               " " + view + " AS " + g.alias_list(false);
            std::vector<SourceColumn> columns = qualified(table_side(), "t", true);
            add_generated(columns, g, view);
            // A second view over a collection the first one generated, now and then.
            for (const SourceColumn& c : g.columns) {
                if ((c.type->array() != nullptr || c.type->map() != nullptr) && r_.chance(0.3)) {
                    const std::string second_view = fresh("v");
                    Generated h = generate(SourceColumn{c.sql, c.type});
                    from += " LATERAL VIEW " + h.call + " " + second_view + " AS " +
                            h.alias_list(false);
                    add_generated(columns, h, second_view);
                    break;
                }
            }
            return QueryGen(r_, Source{from, columns, ""}).query(shape);
        }
        if (roll < 65) {
            const std::string view = fresh("v");
            const Generated g = generate(input, outer);
            std::vector<SourceColumn> columns = qualified(table_side(), "t", true);
            add_generated(columns, g, view);
            const std::string from =
                "t, LATERAL " + g.call + " AS " + view + "(" + g.alias_list(false) + ")";
            return QueryGen(r_, Source{from, columns, ""}).query(shape);
        }
        // The select-list form, read through a FROM-subquery.
        const Generated g = generate(input, outer);
        QueryText inner{"SELECT c0 AS k, " + g.call + " AS " + g.alias_list(true) + " FROM t",
                        {SourceColumn{"k", make_atomic(AtomicKind::Integer)}}};
        for (const SourceColumn& c : g.columns) {
            inner.outputs.push_back(c);
        }
        return over_subquery(inner, shape);
    }

    /// A generator call and the columns it makes, named g1, g2, ...
    struct Generated {
        std::string call; // `posexplode(c2)`
        std::vector<SourceColumn> columns;

        /// `g1, g2` (a LATERAL VIEW's or a table alias's list), or as a select item's alias:
        /// `g1`, or `(g1, g2)` for several.
        std::string alias_list(bool select_item) const {
            std::string list;
            for (const SourceColumn& c : columns) {
                list += (list.empty() ? "" : ", ") + c.sql;
            }
            return select_item && columns.size() > 1 ? "(" + list + ")" : list;
        }
    };

    /// explode or posexplode of an array or a map, or inline of an array of structs; the
    /// `_outer` form when `outer`.
    Generated generate(const SourceColumn& input, bool outer = false) {
        Generated g;
        std::string name;
        std::vector<TypePtr> types;
        if (const ArrayType* a = input.type->array()) {
            const StructType* element = a->element->struct_type();
            const int roll = r_.between(0, 99);
            if (element != nullptr && element->size() > 0 && roll < 30) {
                name = "inline";
                for (const StructField& f : element->fields()) {
                    types.push_back(f.type);
                }
            } else if (roll < 60) {
                name = "posexplode";
                types = {make_atomic(AtomicKind::Integer), a->element};
            } else {
                name = "explode";
                types = {a->element};
            }
        } else {
            const MapType& m = *input.type->map();
            if (r_.chance(0.3)) {
                name = "posexplode";
                types = {make_atomic(AtomicKind::Integer), m.key, m.value};
            } else {
                name = "explode";
                types = {m.key, m.value};
            }
        }
        g.call = name + (outer ? "_outer(" : "(") + input.sql + ")";
        for (const TypePtr& type : types) {
            g.columns.push_back(SourceColumn{fresh("g"), type});
        }
        return g;
    }

    /// The generated columns, each by its bare name or qualified by the view's alias.
    void add_generated(std::vector<SourceColumn>& columns, const Generated& g,
                       const std::string& view) {
        for (const SourceColumn& c : g.columns) {
            columns.push_back(SourceColumn{r_.chance(0.5) ? c.sql : view + "." + c.sql, c.type});
        }
    }

    /// Two or three SELECTs of the same output types put together with UNION [ALL | DISTINCT],
    /// INTERSECT [ALL] or EXCEPT [ALL]: the first's select list again with another WHERE, or
    /// expressions of the same types. When rows are compared whole (all but UNION ALL), no
    /// output holds a map.
    QueryText set_operation(const Shape& shape, int depth) {
        const int inputs = r_.chance(0.25) ? 3 : 2;
        std::vector<std::string> ops;
        Shape input_shape = named_shape();
        input_shape.trailing = false; // ORDER BY and LIMIT would end the set operation
        for (int i = 1; i < inputs; ++i) {
            ops.push_back(r_.pick(std::vector<std::string>{
                "UNION ALL", "UNION ALL", "UNION ALL", "UNION", "UNION DISTINCT", "INTERSECT",
                "INTERSECT", "INTERSECT ALL", "EXCEPT", "EXCEPT", "EXCEPT ALL"}));
            input_shape.comparable = input_shape.comparable || ops.back() != "UNION ALL";
        }
        const Source source =
            depth > 0 && r_.chance(0.2) ? join_source(table_side(), table_side()) : table_source();
        QueryGen first(r_, source);
        std::vector<std::string> texts;
        std::vector<SourceColumn> outputs;
        SelectParts parts;
        const bool plain = r_.chance(0.75);
        if (plain) {
            parts = first.plain(input_shape);
            texts.push_back(parts.head + " FROM " + source.from + parts.where);
            outputs = parts.outputs;
        } else {
            const QueryText q = first.query(input_shape);
            texts.push_back(q.sql);
            outputs = q.outputs;
        }
        for (int i = 1; i < inputs; ++i) {
            if (plain && r_.chance(0.5)) {
                QueryGen other(r_, source);
                const std::string condition = other.boolean(r_.between(1, 3)).sql;
                texts.push_back(parts.head + " FROM " + source.from +
                                other.where_clause(condition));
                continue;
            }
            const QueryText q = QueryGen(r_, table_source()).matching(outputs);
            texts.push_back(q.sql);
            for (std::size_t c = 0; c < outputs.size(); ++c) {
                // A numeric column of another type widens the set operation's column.
                if (numeric_rank(q.outputs[c].type) > numeric_rank(outputs[c].type)) {
                    outputs[c].type = q.outputs[c].type;
                }
            }
        }
        std::string sql;
        for (std::size_t i = 0; i < texts.size(); ++i) {
            const std::string text = r_.chance(0.15) ? "(" + texts[i] + ")" : texts[i];
            sql += i == 0 ? text : " " + ops[i - 1] + " " + text;
        }
        if (shape.trailing && r_.chance(0.2) && orderable(outputs[0].type)) {
            sql += " ORDER BY 1";
            if (r_.chance(0.5)) {
                sql += " LIMIT " + std::to_string(r_.between(1, 3));
            }
        }
        return QueryText{sql, outputs};
    }

    Rng& r_;
    const GeneratedTable& table_;
    int names_ = 0; // numbers subquery aliases and CTE names, unique in a statement
};

// --- rows ------------------------------------------------------------------------------------

std::string json_value(Rng& rng, const TypePtr& t, double null_rate) {
    if (rng.chance(null_rate)) {
        return "null";
    }
    if (const StructType* s = t->struct_type()) {
        std::string out = "{";
        bool first = true;
        for (const StructField& f : s->fields()) {
            if (rng.chance(0.1)) {
                continue; // a missing key is null
            }
            out += (first ? "\"" : ",\"") + f.name + "\":" + json_value(rng, f.type, null_rate);
            first = false;
        }
        return out + "}";
    }
    if (const ArrayType* a = t->array()) {
        std::string out = "[";
        const int n = rng.chance(0.1) ? 0 : rng.between(1, 3);
        for (int i = 0; i < n; ++i) {
            out += (i ? "," : "") + json_value(rng, a->element, null_rate);
        }
        return out + "]";
    }
    if (const MapType* m = t->map()) {
        std::vector<std::string> keys = is_kind(m->key, AtomicKind::String)
                                            ? std::vector<std::string>{"a", "b", "c"}
                                            : std::vector<std::string>{"1", "2", "3"};
        std::string out = "{";
        bool first = true;
        for (const std::string& k : keys) {
            if (rng.chance(0.5)) {
                out += (first ? "\"" : ",\"") + k + "\":" + json_value(rng, m->value, null_rate);
                first = false;
            }
        }
        return out + "}";
    }
    switch (t->atomic()->kind) {
    case AtomicKind::Integer:
    case AtomicKind::Long:
    case AtomicKind::Short:
        return std::to_string(rng.between(-1, 3));
    case AtomicKind::String:
        return rng.pick(std::vector<std::string>{"\"a\"", "\"b\"", "\"c\"", "\"\"", "\"bb\""});
    case AtomicKind::Double:
        return rng.pick(
            std::vector<std::string>{"0.5", "-1.0", "2.0", "0.0", "0.5", "-1.0", "2.0", "\"NaN\""});
    case AtomicKind::Boolean:
        return rng.chance(0.5) ? "true" : "false";
    case AtomicKind::Decimal:
        return rng.pick(std::vector<std::string>{"1.50", "-2.25", "0.00", "12.34"});
    default:
        return "null";
    }
}

} // namespace

std::vector<std::string> callable_function_names() {
    std::vector<std::string> out;
    for (const std::string& name : function_names()) {
        const FunctionDef* def = find_function(name);
        // grouping() and grouping_id() stand for the grouping id's bits: only under GROUP BY
        // ROLLUP, CUBE or GROUPING SETS, which the grouping-analytics queries write themselves.
        // window(), session_window() and window_time() stand for a query block's one window
        // column (TimeWindowing): not drawn as calls (function_rows_test and the goldens
        // write time-window queries).
        static constexpr std::array<std::string_view, 5> kNotDrawn{
            "Grouping", "GroupingID", "TimeWindow", "SessionWindow", "WindowTime"};
        if (def != nullptr && !def->internal &&
            std::find(kNotDrawn.begin(), kNotDrawn.end(), def->catalyst) == kNotDrawn.end()) {
            out.push_back(name);
        }
    }
    return out;
}

std::vector<std::string> untyped_function_names() {
    std::vector<std::string> out;
    const CatalogRows& rows = catalog_rows();
    for (const std::vector<CatalogRow>* list : {&rows.scalar, &rows.aggregate, &rows.window}) {
        for (const CatalogRow& row : *list) {
            if (row.signatures.empty()) {
                out.emplace_back(row.def->name);
            }
        }
    }
    return out;
}

GeneratedTable generate_table(Rng& rng, int max_depth) {
    std::vector<StructField> fields;
    fields.push_back(StructField{"c0", make_atomic(AtomicKind::Integer), true, "{}"});
    const int n = rng.between(2, 5);
    for (int i = 1; i <= n; ++i) {
        fields.push_back(StructField{"c" + std::to_string(i),
                                     gen_type(rng, rng.between(2, max_depth)), true, "{}"});
    }
    GeneratedTable table;
    if (rng.chance(0.25)) {
        fields.push_back(StructField{"p", make_atomic(AtomicKind::Integer), true, "{}"});
        table.partition_column = "p";
    }
    table.schema = make_struct(std::move(fields));
    table.ddl = to_ddl(*table.schema);
    return table;
}

std::string generate_query(Rng& rng, const GeneratedTable& table, QueryStats* stats) {
    g_table = &table;
    std::vector<std::pair<std::string, std::string>> calls;
    g_catalog_calls = &calls;
    std::string query = StatementGen(rng, table).statement();
    g_table = nullptr;
    g_catalog_calls = nullptr;
    if (stats != nullptr) {
        // A call drawn for an expression that was then dropped is not in the text.
        for (const auto& [row, call] : calls) {
            if (query.find(call) != std::string::npos) {
                ++stats->catalog_calls;
                stats->catalog_rows.insert(row);
            }
        }
    }
    return query;
}

std::string generate_rows(Rng& rng, const GeneratedTable& table, int count) {
    std::string out;
    for (int i = 0; i < count; ++i) {
        std::string row = "{";
        bool first = true;
        for (const StructField& f : table.schema->struct_type()->fields()) {
            if (rng.chance(0.05)) {
                continue;
            }
            row += (first ? "\"" : ",\"") + f.name + "\":" + json_value(rng, f.type, 0.12);
            first = false;
        }
        out += row + "}\n";
    }
    return out;
}

} // namespace prune::property
