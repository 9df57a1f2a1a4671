#pragma once
/// The untyped syntax tree of one statement, with byte spans into the source file.
/// Names are not resolved here: `a.b.c` is a NameRef with three parts whatever it denotes.
///
///     SELECT transform(r, x -> x.id) AS ids FROM events e WHERE e.id > 0
///
///     Select
///       item Call transform
///              NameRef r
///              Lambda (x) -> NameRef x.id
///            alias ids
///       from events alias e
///       where Binary > (NameRef e.id, Literal 0)

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "diag/diagnostic.hpp"
#include "util/deferred_delete.hpp"
#include "util/name.hpp"
#include "util/node_pool.hpp"
#include "util/overloaded.hpp"
#include "util/packed_list.hpp"
#include "util/sort_directions.hpp"

namespace prune::ast {

struct Expr;
/// A tree: every node has one owner, and the analyzer may release a subtree once it is bound.
using ExprPtr = std::unique_ptr<const Expr, DeferredDelete>; // let go without recursion
/// A node's children list (util/packed_list.hpp): one pointer.
using ExprList = PackedList<ExprPtr>;

/// A name as written: bare (`first`) or backquoted (`` `a b` ``, doubled backquotes undone).
struct Identifier {
    Name name;
    Span span;
    bool quoted = false;
};

/// A name's parts or a lambda's parameters: one or two of them fit a node pool slot.
using Identifiers = std::vector<Identifier, node_pool::SlotAllocator<Identifier>>;

enum class LiteralKind : std::uint8_t {
    Null,
    Boolean,      // text: "true" / "false"
    Integer,      // text: digits; suffix below
    Decimal,      // exact: "1.50", "1.5BD" -> text "1.5", suffix BD for integers too
    Double,       // "1e3", "1.5D"
    Float,        // "1.5F"
    String,       // text: the unescaped value
    Binary,       // X'0A': text holds the hex digits
    Date,         // DATE '2024-01-01': text holds the string
    Timestamp,    // TIMESTAMP '...' and TIMESTAMP_LTZ '...' (Spark: TimestampType)
    TimestampNtz, // TIMESTAMP_NTZ '...'
    Interval,     // INTERVAL '1' DAY: text holds the string, unit below
};

/// An integer literal's suffix: none (int, widened to bigint/decimal if it does not fit),
/// L (bigint), S (smallint), Y (tinyint), BD (decimal).
enum class IntegerSuffix : std::uint8_t { None, Long, Short, Byte, BigDecimal };

struct Literal {
    LiteralKind kind = LiteralKind::Null;
    IntegerSuffix suffix = IntegerSuffix::None;
    Name interval_unit; // upper-case: YEAR, MONTH, DAY, HOUR, MINUTE, SECOND, ...
    Name text;
};

/// A dotted name `a.b.c` (a column, a table-qualified column, a lambda variable, with field
/// accesses): resolved by the analyzer as Spark's UnresolvedAttribute(nameParts).
struct NameRef {
    Identifiers parts;
};

/// `*`, `t.*` or `s.inner.*` in a select list or `count(*)`: the qualifier holds the parts
/// before `.*` (none for a plain `*`). Spark: UnresolvedStar(target); with `EXCEPT (c, s.f)`,
/// the dotted names left out (a column, or a field rebuilt out of its struct), Spark's
/// UnresolvedStarExcept.
struct Star {
    struct Parts {
        Identifiers qualifier;
        std::vector<Identifiers> except;
    };
    /// Null for a plain `*` (the node must fit its pool slot: one shared pointer does).
    std::shared_ptr<const Parts> parts;

    const Identifiers& qualifier() const { return parts ? parts->qualifier : kNone; }
    std::span<const Identifiers> except() const {
        return parts ? std::span<const Identifiers>(parts->except) : std::span<const Identifiers>();
    }

  private:
    static inline const Identifiers kNone;
};

/// `e.field` where `e` is not a plain name (`f(x).a`, `arr[0].b`, `(s).c`).
struct FieldAccess {
    ExprPtr base;
    Identifier field;
};

/// `e[index]`.
struct Subscript {
    ExprPtr base;
    ExprPtr index;
};

/// A function call `name([DISTINCT] args) [WITHIN GROUP (ORDER BY k, ...)] [FILTER (WHERE
/// cond)]`; `count(*)` has one Star argument. `args` holds the arguments, then the WITHIN GROUP
/// keys (their directions in `within_group`), then the FILTER condition.
struct Call {
    [[no_unique_address]] Identifier name; // the flags and directions take its tail padding
    bool distinct : 1 = false;
    bool filtered : 1 = false;
    /// `struct(e AS name, ...)`: the arguments come in pairs, each value followed by its
    /// name (a string literal) or a NULL literal where none was written.
    bool aliased : 1 = false;
    /// `(e1, e2, ...)`: Spark's row constructor, `struct(e1, e2, ...)` (in GROUP BY's grouping
    /// analytics, a grouping set of its arguments).
    bool row : 1 = false;
    /// `f(x) IGNORE NULLS` outside a window (first, last, any_value: their ignoreNulls).
    bool ignore_nulls : 1 = false;
    /// `WITHIN GROUP (ORDER BY k, ...)`: each key's direction (Spark's default nulls ordering
    /// filled in); the keys order an inverse distribution function's value (percentile_cont,
    /// percentile_disc, mode) or listagg's values.
    SortDirections within_group;
    ExprList args;

    /// The arguments and the WITHIN GROUP keys: `args` without the FILTER condition.
    std::span<const ExprPtr> operands() const {
        return {args.data(), args.size() - (filtered && !args.empty() ? 1U : 0U)};
    }
    /// The arguments written in the parentheses.
    std::span<const ExprPtr> inputs() const {
        const std::span<const ExprPtr> all = operands();
        return all.first(all.size() - std::min(all.size(), within_group.size()));
    }
    /// The WITHIN GROUP keys, in order.
    std::span<const ExprPtr> keys() const { return operands().subspan(inputs().size()); }
};

enum class FrameType : std::uint8_t { Rows, Range };
enum class FrameBoundKind : std::uint8_t {
    UnboundedPreceding,
    Preceding,
    CurrentRow,
    Following,
    UnboundedFollowing
};

/// One end of a window frame: `UNBOUNDED PRECEDING`, `3 PRECEDING`, `CURRENT ROW`, ...
struct FrameBound {
    FrameBoundKind kind = FrameBoundKind::CurrentRow;
    ExprPtr value; // the offset of PRECEDING and FOLLOWING, else null
    Span span;
};

/// `ROWS|RANGE BETWEEN lower AND upper`, or `ROWS|RANGE lower` (upper: CURRENT ROW).
struct WindowFrame {
    FrameType type = FrameType::Rows;
    FrameBound lower;
    FrameBound upper;
    Span span;
};

struct OrderItem;

/// A window: `w` (a name of the WINDOW clause, `base`), or `([base] [PARTITION BY ...]
/// [ORDER BY ...] [frame])`.
struct WindowSpec {
    std::optional<Identifier> base;
    std::vector<ExprPtr> partition;
    std::vector<OrderItem> order;
    std::optional<WindowFrame> frame;
    bool parenthesised = false;
    Span span;
};

/// `f(args) [IGNORE NULLS] OVER window`: a window function or an aggregate over a window.
struct Over {
    ExprPtr function; // a Call
    std::unique_ptr<WindowSpec> window;
    bool ignore_nulls = false;
};

/// `x -> body` or `(x, y) -> body`, only as a function argument.
struct Lambda {
    Identifiers params;
    ExprPtr body;
};

enum class UnaryOp : std::uint8_t { Not, Negate, Plus, BitNot };

enum class BinaryOp : std::uint8_t {
    Or,
    And,
    Eq,         // = and ==
    NullSafeEq, // <=>
    NotEq,      // <> and !=
    Lt,
    LtEq,
    Gt,
    GtEq,
    Concat, // ||
    Add,
    Subtract,
    Multiply,
    Divide,
    Remainder, // %
    IntDivide, // DIV
    BitAnd,
    BitOr,
    BitXor,
    ShiftLeft,          // <<  (Spark 4: shiftleft)
    ShiftRight,         // >>  (shiftright)
    ShiftRightUnsigned, // >>> (shiftrightunsigned)
};

struct Unary {
    UnaryOp op;
    ExprPtr operand;
};

struct Binary {
    BinaryOp op;
    ExprPtr lhs;
    ExprPtr rhs;
};

/// `e IS [NOT] NULL`.
struct IsNull {
    ExprPtr operand;
    bool negated = false;
};

/// `e IS [NOT] TRUE|FALSE`.
struct IsBool {
    ExprPtr operand;
    bool value = true;
    bool negated = false;
};

/// `e [NOT] IN (list)`.
struct In {
    ExprPtr operand;
    ExprList list;
    bool negated = false;
};

/// `e [NOT] BETWEEN low AND high`.
struct Between {
    ExprPtr operand;
    ExprPtr low;
    ExprPtr high;
    bool negated = false;
};

/// Which of the pattern predicates: LIKE, its case-blind ILIKE, or the regular-expression RLIKE.
enum class LikeKind : std::uint8_t { Like, ILike, RLike };

/// The keyword of a pattern predicate, upper case: LIKE, ILIKE or RLIKE.
constexpr std::string_view like_keyword(LikeKind kind) {
    return kind == LikeKind::RLike ? "RLIKE" : kind == LikeKind::ILike ? "ILIKE" : "LIKE";
}

/// `e [NOT] LIKE|ILIKE|RLIKE pattern [ESCAPE 'c']` (no ESCAPE after RLIKE).
struct Like {
    ExprPtr operand;
    ExprPtr pattern;
    ExprPtr escape; // a string Literal, or null for the default `\`
    bool negated = false;
    LikeKind kind = LikeKind::Like;
};

/// `e [NOT] LIKE|ILIKE ANY|SOME|ALL (p1, p2, ...)`: true when any (SOME is ANY) or all of the
/// patterns match, or with NOT when any or all of them do not. No ESCAPE (Spark's grammar has
/// none here).
struct QuantifiedLike {
    ExprPtr operand;
    ExprList patterns; // one or more
    bool negated = false;
    bool all = false;               // ALL; otherwise ANY or SOME
    LikeKind kind = LikeKind::Like; // Like or ILike
};

/// How a cast was written: `CAST(e AS t)`, `e::t` (the same Cast in Spark) or
/// `TRY_CAST(e AS t)`.
enum class CastSyntax : std::uint8_t { Call, Colon, TryCall };

/// `CAST(e AS type)`, `e::type`, `TRY_CAST(e AS type)`; the type is kept as written and
/// parsed by the DDL type parser.
struct Cast {
    ExprPtr operand;
    Name type_text;
    std::uint32_t type_begin = 0; // where type_text starts (a Span would not fit the slot)
    CastSyntax syntax = CastSyntax::Call;

    Span type_span() const {
        return {type_begin, type_begin + static_cast<std::uint32_t>(type_text.size())};
    }
};

/// `CASE [operand] WHEN w THEN t ... [ELSE e] END`.
struct Case {
    ExprPtr operand; // null for a searched CASE
    PackedList<std::pair<ExprPtr, ExprPtr>> branches;
    ExprPtr else_value; // may be null
};

struct Query;

/// Which subquery expression: `(SELECT ...)` as a value, `EXISTS (SELECT ...)`, `e IN (SELECT
/// ...)` (`NOT EXISTS` and `NOT IN` are a Not over these, as Spark's AstBuilder makes them).
enum class SubqueryKind : std::uint8_t { Scalar, Exists, In };

/// A query inside an expression. `operand` is the value of `e IN (SELECT ...)`, else null.
struct SubqueryExpr {
    std::unique_ptr<Query> query;
    ExprPtr operand;
    SubqueryKind kind = SubqueryKind::Scalar;
};

struct Expr {
    using Node = std::variant<Literal, NameRef, Star, FieldAccess, Subscript, Call, Lambda, Unary,
                              Binary, IsNull, IsBool, In, Between, Like, QuantifiedLike, Cast, Case,
                              Over, SubqueryExpr>;
    Node node;
    Span span;

    /// Nodes live in the node pool's slots (util/node_pool.hpp), shared with the plan: the
    /// slots a bound select item's syntax gives back are the ones its plan nodes take.
    static void* operator new(std::size_t size) { return node_pool::allocate(size); }
    static void operator delete(void* node, std::size_t size) noexcept {
        node_pool::release(node, size);
    }
};
static_assert(sizeof(Expr) <= node_pool::kSlotBytes, "a syntax node must fit a node pool slot");

struct SelectItem {
    ExprPtr expr; // a Star for `*` / `t.*`
    std::optional<Identifier> alias;
    /// `gen(...) AS (a, b)`: the names of a generator's columns (then `alias` is empty).
    std::vector<Identifier> aliases;
    Span span;
};

struct OrderItem {
    ExprPtr expr;
    bool ascending = true;
    std::optional<bool> nulls_first; // unset: Spark's default (first for ASC, last for DESC)
    Span span;
};

/// SORT BY, DISTRIBUTE BY and CLUSTER BY after a query (Spark's queryOrganization, besides
/// ORDER BY, LIMIT and OFFSET). The parser lets through only the combinations Spark's
/// AstBuilder accepts: DISTRIBUTE BY and SORT BY together, any one alone, none with ORDER BY.
struct ResultPartitioning {
    std::vector<OrderItem> sort_by;
    std::vector<ExprPtr> distribute_by;
    std::vector<ExprPtr> cluster_by;
    Span keyword; // the first of the clauses' keywords

    bool empty() const { return sort_by.empty() && distribute_by.empty() && cluster_by.empty(); }
};

/// One statement of a `/*+ ... */` hint after SELECT: `REPARTITION(3, c)`, `BROADCAST(t)`.
struct Hint {
    Identifier name;
    ExprList args;
    Span span;
};

struct Query;
/// A query nested in another: a FROM subquery, a CTE's body, an input of a set operation.
using QueryPtr = std::unique_ptr<Query>;
struct FromItem;
using FromPtr = std::unique_ptr<FromItem>;

/// `[cat.][db.]t [[AS] alias [(c1, c2)]]`.
struct TableRef {
    std::vector<Identifier> qualifier; // the parts before the table's own name: `db`, `cat.db`
    Identifier name;                   // the last part
    std::optional<Identifier> alias;
    std::vector<Identifier> columns; // the alias's column list, renaming the columns in order

    /// The parts as written (unquoted), joined by dots: `db.t`.
    std::string written_name() const {
        std::string out;
        for (const Identifier& part : qualifier) {
            out.append(part.name).append(".");
        }
        return out.append(name.name);
    }
    Span span() const {
        return {qualifier.empty() ? name.span.begin : qualifier.front().span.begin, name.span.end};
    }
};

/// `(query) [[AS] alias [(c1, c2)]]` in FROM.
struct SubqueryRef {
    QueryPtr query;
    std::optional<Identifier> alias;
    std::vector<Identifier> columns;
};

/// `VALUES (e, e), (e, e) [[AS] alias [(c1, c2)]]`: rows the query writes (Spark's inline
/// table). A row of one value may be written without parentheses.
struct ValuesRef {
    std::vector<std::vector<ExprPtr>> rows;
    std::vector<Span> row_spans;
    std::optional<Identifier> alias;
    std::vector<Identifier> columns;
};

enum class JoinKind : std::uint8_t {
    Inner,
    Cross,
    LeftOuter,
    RightOuter,
    FullOuter,
    LeftSemi,
    LeftAnti
};

/// `left [NATURAL] [kind] JOIN right [ON condition | USING (c1, c2)]`, and `left, right` (an
/// inner join without a condition, `comma`).
struct JoinRef {
    JoinKind kind = JoinKind::Inner;
    bool natural = false;
    bool comma = false;
    FromPtr left;
    FromPtr right;
    ExprPtr condition; // ON; may be null
    std::vector<Identifier> using_columns;
    Span keyword; // the join's keywords, for errors about the join itself
};

/// A generator applied to every row of `left`: `left LATERAL VIEW [OUTER] gen(args) alias [AS]
/// c1, c2` (after the whole FROM list, as Spark's grammar puts it), `left, LATERAL gen(args)
/// [[AS] alias [(c1, c2)]]` and `left [INNER|CROSS] JOIN LATERAL gen(args) ...`.
struct GenerateRef {
    FromPtr left;                // null while the parser has not attached it yet
    ExprPtr call;                // a Call of a generator
    bool outer = false;          // LATERAL VIEW OUTER
    bool lateral_view = false;   // written as LATERAL VIEW (else as a LATERAL function)
    bool table_function = false; // `FROM gen(args)`: over one row, `left` stays null
    std::optional<Identifier> alias;
    std::vector<Identifier> columns;
    Span keyword; // LATERAL [VIEW [OUTER]], or the join's keywords
};

/// `input PIVOT (agg [[AS] a], ... FOR col IN (v [[AS] a], ...))`: one output column per value
/// and aggregate, grouped by the input's other columns (Spark's Pivot). With several pivot
/// columns `(c1, c2)`, each value is a row `(v1, v2)`.
struct PivotRef {
    struct Named {
        ExprPtr expr;
        std::optional<Identifier> alias;
    };
    FromPtr input;
    std::vector<Named> aggregates;
    std::vector<Identifier> columns;
    std::vector<Named> values;
    Span keyword;
};

/// `input UNPIVOT [INCLUDE | EXCLUDE NULLS] (v FOR name IN (c [[AS] a], ...)) [[AS] alias]`:
/// each input row once per set, its columns in the value column(s) (Spark's Unpivot). With
/// several value columns `(v1, v2)`, each set is a row `(c1, c2)`.
struct UnpivotRef {
    FromPtr input;
    bool include_nulls = false;
    bool multi = false; // value columns written in parentheses
    std::vector<Identifier> value_columns;
    Identifier name_column;
    std::vector<PivotRef::Named> sets;
    std::optional<Identifier> alias;
    Span keyword;
};

/// One item of a FROM clause.
/// `TABLESAMPLE (x PERCENT | BUCKET x OUT OF y | n ROWS) [REPEATABLE (seed)]` after a table
/// or a subquery, before its alias.
struct TableSample {
    enum class Kind : std::uint8_t { Percent, Bucket, Rows };
    Kind kind = Kind::Percent;
    std::string percent;        // Percent: the number as written, sign included
    std::int64_t numerator = 0; // Bucket: x OUT OF y
    std::int64_t denominator = 0;
    ExprPtr rows; // Rows: the count
    std::optional<std::int64_t> seed;
    Span span;
};

struct FromItem {
    std::variant<TableRef, SubqueryRef, ValuesRef, JoinRef, GenerateRef, PivotRef, UnpivotRef> node;
    Span span;
    std::optional<TableSample> sample; // a table's or a subquery's
};

/// prune-plan's bound on the grouping sets of one GROUP BY (CUBE makes 2^n of n elements).
inline constexpr std::size_t kMaxGroupingSets = 4096;

/// Which grouping analytics a GROUP BY item is (Spark's Rollup, Cube, GroupingSets).
enum class GroupingKind : std::uint8_t { Rollup, Cube, GroupingSets };

/// A GROUP BY item `ROLLUP(...)`, `CUBE(...)` or `GROUPING SETS(...)`, or the whole of `GROUP
/// BY a, b WITH ROLLUP|CUBE` and of Hive's `GROUP BY a, b GROUPING SETS ((a), ())`. `exprs` are
/// its expressions as written (a row constructor `(a, b)` standing for its values); `sets` the
/// grouping sets they make, as indices into `exprs`, in
/// Spark's order (selectedGroupByExprs: ROLLUP's longest prefix first, CUBE's subsets as
/// Spark's cubeExprs lists them, nested analytics in GROUPING SETS flattened). It stands before
/// `group_by[at]` among the GROUP BY items. `declared`: Hive's form, where the plain items
/// are the grouping expressions and every set must name only them.
struct GroupingAnalytics {
    GroupingKind kind = GroupingKind::GroupingSets;
    std::vector<ExprPtr> exprs;
    std::vector<std::vector<std::uint32_t>> sets;
    std::size_t at = 0;
    bool declared = false;
    Span span;
};

/// One `SELECT` query block. ORDER BY, LIMIT and OFFSET are its own when it stands alone (they
/// may then read columns it does not select); after a set operation they belong to the Query.
struct Select {
    bool distinct = false;
    std::vector<SelectItem> items;
    /// Null: no FROM clause (one row of no columns). Shared by the bodies of `FROM t SELECT a
    /// SELECT b`, each bound as a scan of its own.
    std::shared_ptr<const FromItem> from;
    ExprPtr where; // may be null
    std::vector<ExprPtr> group_by;
    std::vector<GroupingAnalytics> grouping_analytics;
    ExprPtr having; // may be null
    std::vector<OrderItem> order_by;
    ResultPartitioning partitioning;
    ExprPtr limit;  // may be null
    ExprPtr offset; // may be null
    std::vector<Hint> hints;
    std::vector<std::pair<Identifier, WindowSpec>> windows; // the WINDOW clause
    /// `VALUES …` or `TABLE t` as a query: `SELECT * FROM` it, planned as Spark plans it, the
    /// relation alone (no Project).
    bool bare = false;
    Span span;
};

enum class SetOpKind : std::uint8_t { Union, Intersect, Except };

/// `left UNION|INTERSECT|EXCEPT|MINUS [ALL|DISTINCT] right`.
struct SetOperation {
    SetOpKind kind = SetOpKind::Union;
    bool all = false;
    QueryPtr left;
    QueryPtr right;
    Span keyword;
};

/// `name [(c1, c2)] AS (query)` of a WITH clause.
struct Cte {
    Identifier name;
    std::vector<Identifier> columns;
    QueryPtr query;
};

/// A whole query: WITH, then a SELECT, a set operation or a parenthesised query, then the
/// ORDER BY, LIMIT and OFFSET that apply to a set operation's or parenthesised query's output.
struct Query {
    std::vector<Cte> ctes;
    std::variant<Select, SetOperation, QueryPtr> body;
    std::vector<OrderItem> order_by;
    ResultPartitioning partitioning;
    ExprPtr limit;  // may be null
    ExprPtr offset; // may be null
    Span span;

    /// The SELECT when the body is one (not a set operation nor parenthesised), else null.
    const Select* select() const { return std::get_if<Select>(&body); }
    Select* select() { return std::get_if<Select>(&body); }
};

/// One statement of a file with its place in that file.
struct Statement {
    std::size_t index = 0; // 1-based, counting non-empty statements
    Span span;             // the statement's text within the file
    Query query;

    /// The statement's one SELECT; throws std::logic_error when it has WITH, a set
    /// operation or a parenthesised body (for callers that know it is a plain SELECT).
    const Select& select() const;
    Select& select();
};

/// Calls `f(const Expr*)` on each expression directly under `e` (window keys included; not the
/// query of a subquery expression, only its operand), in written order; null slots skipped.
template <class F> void for_each_child(const Expr& e, F&& f) {
    const auto one = [&](const ExprPtr& child) {
        if (child) {
            f(child.get());
        }
    };
    const auto all = [&](const auto& list) {
        for (const ExprPtr& child : list) {
            one(child);
        }
    };
    std::visit(Overloaded{[](const Literal&) {}, [](const NameRef&) {}, [](const Star&) {},
                          [&](const FieldAccess& n) { one(n.base); },
                          [&](const Subscript& n) {
                              one(n.base);
                              one(n.index);
                          },
                          [&](const Call& n) { all(n.args); },
                          [&](const Lambda& n) { one(n.body); },
                          [&](const Unary& n) { one(n.operand); },
                          [&](const Binary& n) {
                              one(n.lhs);
                              one(n.rhs);
                          },
                          [&](const IsNull& n) { one(n.operand); },
                          [&](const IsBool& n) { one(n.operand); },
                          [&](const In& n) {
                              one(n.operand);
                              all(n.list);
                          },
                          [&](const Between& n) {
                              one(n.operand);
                              one(n.low);
                              one(n.high);
                          },
                          [&](const Like& n) {
                              one(n.operand);
                              one(n.pattern);
                              one(n.escape);
                          },
                          [&](const QuantifiedLike& n) {
                              one(n.operand);
                              all(n.patterns);
                          },
                          [&](const Cast& n) { one(n.operand); },
                          [&](const Case& n) {
                              one(n.operand);
                              for (const auto& [when, then] : n.branches) {
                                  one(when);
                                  one(then);
                              }
                              one(n.else_value);
                          },
                          [&](const Over& n) {
                              one(n.function);
                              if (n.window) {
                                  all(n.window->partition);
                                  for (const OrderItem& item : n.window->order) {
                                      one(item.expr);
                                  }
                              }
                          },
                          [&](const SubqueryExpr& n) { one(n.operand); }},
               e.node);
}

} // namespace prune::ast
