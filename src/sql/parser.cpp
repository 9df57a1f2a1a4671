// The SQL parser: PEGTL actions over grammar/sql.hpp that build the AST of sql/ast.hpp.
//
//     SELECT transform(r, x -> x.id) AS ids FROM events WHERE id > 0 AND NOT done
//
//     Select
//       item Call transform (NameRef r, Lambda (x) NameRef x.id), alias ids
//       from events
//       where Binary AND (Binary > (NameRef id, Literal 0), Unary NOT (NameRef done))
//
// Every rule that yields an expression pushes it on `State::values`; a rule that combines
// expressions pops its operands (found through a mark taken when it began) and pushes the
// result. Binary operators arrive as flat chains (`a + b * c`), which are folded with Spark's
// precedence when the chain ends; runs of AND or OR become balanced trees, as Spark's
// AstBuilder.visitLogicalBinary builds them, so a long WHERE of ANDs stays shallow.
//
// Errors: a rule under `must<>` that fails raises its message from `error_message` below
// (`{prev}` is the token before, `{open}` where the unclosed bracket opened, `{next}` the
// offending token); actions throw SqlError directly for what only they can see (a generator,
// a malformed literal). The control bounds the nesting of recursive rules (brackets, unary
// operators) at kMaxNestingDepth, so the parser's own recursion stays bounded; a chain of
// binary operators is read in a loop and folded without recursion, so `a + a + ... + a` is
// accepted at any length, and the passes after the parser run on a stack sized for it
// (util/deep_stack.hpp).

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <exception>
#include <limits>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include <tao/pegtl.hpp>

#include "diag/utf8.hpp"
#include "grammar/sql.hpp"
#include "sql/parser.hpp"
#include "types/data_type.hpp"
#include "types/interval.hpp"
#include "util/ascii.hpp"
#include "util/deep_stack.hpp"
#include "util/node_pool.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

namespace g = grammar::sql;
namespace pegtl = tao::pegtl;

constexpr const char* kTooDeep = "nesting deeper than 1000 levels";
static_assert(kMaxNestingDepth == 1000, "kTooDeep spells the limit out");

// ---------------------------------------------------------------------------------------------
// Text helpers

bool is_reserved_word(std::string_view text) {
    const std::string up = ascii_upper(text);
    return std::any_of(std::begin(g::reserved_words), std::end(g::reserved_words),
                       [&](const char* word) { return up == word; });
}

bool is_hex(char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }

std::optional<std::uint32_t> hex_value(std::string_view s, std::size_t at, std::size_t count) {
    if (at + count > s.size()) {
        return std::nullopt;
    }
    std::uint32_t value = 0;
    for (std::size_t i = at; i < at + count; ++i) {
        if (!is_hex(s[i])) {
            return std::nullopt;
        }
        const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(s[i])));
        value = value * 16 + static_cast<std::uint32_t>(c <= '9' ? c - '0' : c - 'a' + 10);
    }
    return value;
}

/// Spark's SparkParserUtils.unescapeSQLString over one quoted literal (quotes included), in
/// UTF-8: doubled quotes, \0 \b \n \r \t \Z, \% and \_ kept with their backslash, \uXXXX
/// (surrogate pairs joined), \UXXXXXXXX, three-digit octal \ooo, any other \c is c.
std::string unescape_sql_string(std::string_view quoted) {
    const char quote = quoted.front();
    const std::string_view s = quoted.substr(1, quoted.size() - 2);
    std::string out;
    out.reserve(s.size());
    std::size_t i = 0;
    while (i < s.size()) {
        const char c = s[i];
        if (c == quote && i + 1 < s.size() && s[i + 1] == quote) {
            out += quote;
            i += 2;
            continue;
        }
        if (c != '\\' || i + 1 == s.size()) {
            out += c;
            ++i;
            continue;
        }
        const char e = s[i + 1];
        if (e == 'u') {
            if (const auto unit = hex_value(s, i + 2, 4)) {
                std::uint32_t cp = *unit;
                i += 6;
                if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < s.size() && s[i] == '\\' &&
                    s[i + 1] == 'u') {
                    if (const auto low = hex_value(s, i + 2, 4);
                        low && *low >= 0xDC00 && *low <= 0xDFFF) {
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (*low - 0xDC00);
                        i += 6;
                    }
                }
                append_utf8(out, cp);
                continue;
            }
        } else if (e == 'U') {
            if (const auto cp = hex_value(s, i + 2, 8)) {
                append_utf8(out, *cp);
                i += 10;
                continue;
            }
        } else if ((e == '0' || e == '1') && i + 3 < s.size() && s[i + 2] >= '0' &&
                   s[i + 2] <= '7' && s[i + 3] >= '0' && s[i + 3] <= '7') {
            out += static_cast<char>((e - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
            i += 4;
            continue;
        }
        switch (e) {
        case '0':
            out += '\0';
            break;
        case 'b':
            out += '\b';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'Z':
            out += '\x1A';
            break;
        case '%':
            out += "\\%";
            break;
        case '_':
            out += "\\_";
            break;
        default:
            out += e;
            break;
        }
        i += 2;
    }
    return out;
}

/// The extent of the token starting at `p` (a word, a number, a short operator, one code
/// point), to underline it and quote it in messages.
std::size_t token_length(const char* p, const char* end) {
    if (p >= end) {
        return 0;
    }
    const auto byte = [&](const char* q) { return static_cast<unsigned char>(*q); };
    const auto is_word = [&](const char* q) {
        return std::isalnum(byte(q)) != 0 || *q == '_' || byte(q) >= 0x80;
    };
    const char* q = p;
    if (is_word(q)) {
        while (q < end && is_word(q)) {
            ++q;
        }
    } else if (std::string_view("<>=!|-").find(*q) != std::string_view::npos) {
        while (q < end && q - p < 3 &&
               std::string_view("<>=!|-").find(*q) != std::string_view::npos) {
            ++q;
        }
    } else {
        ++q;
    }
    return static_cast<std::size_t>(q - p);
}

// ---------------------------------------------------------------------------------------------
// Parse state

struct Value {
    ast::ExprPtr expr;
};

struct PendingOp {
    ast::BinaryOp op;
    int precedence;
    Span span;
};

/// One chain of binary operators being read: its first operand is values[base].
struct Chain {
    std::size_t base = 0;
    std::vector<PendingOp> ops;
};

/// An opened bracket or CASE, for "expected ')' to close '(' at 1:17".
struct Open {
    std::size_t offset = 0;
};

struct CallFrame {
    ast::Identifier name;
    std::size_t mark = 0;
    bool distinct = false;
    bool filtered = false; // FILTER (WHERE ...): its condition is the last value
    bool ignore_nulls = false;
    SortDirections within_group; // WITHIN GROUP (ORDER BY ...): its keys are values from `mark`
    Span nulls_option;           // IGNORE NULLS or RESPECT NULLS, when written
    std::size_t over_at = 0;     // where OVER starts, when written
    std::unique_ptr<ast::WindowSpec> window; // OVER ...
    /// `struct(e AS name)`: the argument (its index from `mark`) each name follows.
    std::vector<std::pair<std::size_t, ast::Identifier>> aliases;
};

/// A ROLLUP, CUBE or GROUPING SETS being read: its expressions so far, and for each element
/// read the grouping sets it makes (indices into `exprs`): one for a grouping set, several for
/// analytics nested in GROUPING SETS.
struct GroupingFrame {
    ast::GroupingKind kind = ast::GroupingKind::GroupingSets;
    std::size_t begin = 0;
    std::vector<ast::ExprPtr> exprs;
    std::vector<std::vector<std::vector<std::uint32_t>>> elements;
};

/// The grouping sets of `kind` over `elements` in Spark's order (selectedGroupByExprs):
/// ROLLUP the prefixes of its elements, longest first; CUBE every subset, as Spark's cubeExprs
/// lists them (with the first element, then without it, recursively); GROUPING SETS each
/// element's sets in turn. Nullopt when there would be more than ast::kMaxGroupingSets.
std::optional<std::vector<std::vector<std::uint32_t>>>
grouping_sets_of(ast::GroupingKind kind,
                 const std::vector<std::vector<std::vector<std::uint32_t>>>& elements) {
    using Set = std::vector<std::uint32_t>;
    std::vector<Set> sets;
    switch (kind) {
    case ast::GroupingKind::Rollup:
        for (std::size_t k = elements.size() + 1; k-- > 0;) {
            Set prefix;
            for (std::size_t i = 0; i < k; ++i) {
                const Set& part = elements[i].front();
                prefix.insert(prefix.end(), part.begin(), part.end());
            }
            sets.push_back(std::move(prefix));
        }
        break;
    case ast::GroupingKind::Cube: {
        if (elements.size() > 12) { // 2^12 = ast::kMaxGroupingSets
            return std::nullopt;
        }
        sets.emplace_back(); // the subsets of no elements
        for (std::size_t i = elements.size(); i-- > 0;) {
            std::vector<Set> with;
            for (const Set& rest : sets) {
                Set set = elements[i].front();
                set.insert(set.end(), rest.begin(), rest.end());
                with.push_back(std::move(set));
            }
            with.insert(with.end(), sets.begin(), sets.end());
            sets = std::move(with);
        }
        break;
    }
    case ast::GroupingKind::GroupingSets:
        for (const std::vector<Set>& element : elements) {
            if (sets.size() + element.size() > ast::kMaxGroupingSets) {
                return std::nullopt;
            }
            sets.insert(sets.end(), element.begin(), element.end());
        }
        break;
    }
    return sets;
}

/// A window specification being read, with the frame bounds read so far.
struct WindowFrameState {
    ast::WindowSpec spec;
    ast::FrameType frame_type = ast::FrameType::Rows;
    std::vector<ast::FrameBound> bounds;
    ast::FrameBound bound;
    bool unbounded = false;
};

struct CaseFrame {
    std::size_t mark = 0;
    bool has_operand = false;
    bool has_else = false;
};

struct PredicateFrame {
    std::size_t mark = 0;
    bool negated = false;
    ast::LikeKind like = ast::LikeKind::Like; // for LIKE, ILIKE and RLIKE
    bool escape = false;     // LIKE ... ESCAPE: the escape literal is the last value
    bool quantified = false; // LIKE ANY|SOME|ALL (...): the patterns are the values from mark on
    bool all = false;        // ... and the quantifier is ALL
    bool subquery = false;   // IN (SELECT ...): the query read last is the list
};

/// A set operator read, waiting for its right input.
struct PendingSetOp {
    ast::SetOpKind kind;
    bool all;
    Span keyword;
};

/// A query being read: its WITH list, its query terms and the set operators between them, and
/// what orders and limits it.
struct QueryFrame {
    std::size_t begin = 0;
    std::vector<ast::Cte> ctes;
    std::vector<ast::QueryPtr> terms;
    std::vector<PendingSetOp> ops;
    std::vector<ast::OrderItem> order_by;
    ast::ResultPartitioning partitioning;
    ast::ExprPtr limit;
    ast::ExprPtr offset;
};

/// The query a frame has read: its terms joined by its set operators, INTERSECT binding
/// tighter than UNION and EXCEPT, each level left-associative (Spark's default precedence).
/// ORDER BY, LIMIT and OFFSET after a single SELECT are that SELECT's own.
ast::QueryPtr finish_query(QueryFrame frame, std::size_t end) {
    const auto join = [](ast::QueryPtr left, const PendingSetOp& op, ast::QueryPtr right) {
        auto q = std::make_unique<ast::Query>();
        q->span = {left->span.begin, right->span.end};
        q->body = ast::SetOperation{op.kind, op.all, std::move(left), std::move(right), op.keyword};
        return q;
    };
    // INTERSECT first: fold each run of them into one term.
    std::vector<ast::QueryPtr> terms;
    std::vector<PendingSetOp> ops;
    terms.push_back(std::move(frame.terms[0]));
    for (std::size_t i = 0; i < frame.ops.size(); ++i) {
        if (frame.ops[i].kind == ast::SetOpKind::Intersect) {
            terms.back() =
                join(std::move(terms.back()), frame.ops[i], std::move(frame.terms[i + 1]));
        } else {
            ops.push_back(frame.ops[i]);
            terms.push_back(std::move(frame.terms[i + 1]));
        }
    }
    ast::QueryPtr query = std::move(terms[0]);
    for (std::size_t i = 0; i < ops.size(); ++i) {
        query = join(std::move(query), ops[i], std::move(terms[i + 1]));
    }
    if (ast::Select* select = query->select()) {
        select->order_by = std::move(frame.order_by);
        select->partitioning = std::move(frame.partitioning);
        select->limit = std::move(frame.limit);
        select->offset = std::move(frame.offset);
        select->span.end = static_cast<std::uint32_t>(end); // within the file (Span)
    } else {
        query->order_by = std::move(frame.order_by);
        query->partitioning = std::move(frame.partitioning);
        query->limit = std::move(frame.limit);
        query->offset = std::move(frame.offset);
    }
    query->ctes = std::move(frame.ctes);
    query->span = {frame.begin, end};
    return query;
}

struct State {
    std::shared_ptr<const SourceFile> source;
    const char* file = nullptr; // the whole file's text: offsets count from here

    std::vector<Value> values;
    std::vector<Chain> chains;
    std::vector<Open> opens;
    std::vector<CallFrame> calls;
    std::vector<CaseFrame> cases;
    std::vector<PredicateFrame> predicates;
    std::vector<ast::Identifiers> lambdas;
    ast::Identifiers params;
    ast::Identifiers name_parts;
    std::size_t depth = 0;
    std::size_t nodes = 0; // expression nodes built so far, against max_nodes
    std::size_t max_nodes = kMaxStatementNodes;

    // Single slots: what they hold is consumed before anything can nest.
    ast::Identifier ident;
    std::string string_accum;
    std::string string_value;
    std::string type_text;
    Span type_span;
    ast::LiteralKind typed_kind = ast::LiteralKind::Date;
    std::string interval_value;
    std::string interval_unit;
    /// A multi-unit interval's further `number unit` pairs (the first is interval_value/unit).
    std::vector<std::pair<std::string, std::string>> interval_more;
    std::optional<ast::Identifier> pivot_alias; // PIVOT and UNPIVOT: a value's or set's alias
    bool pending_not = false;
    bool is_negated = false;
    int is_target = 0; // 0 NULL, 1 TRUE, 2 FALSE, 3 DISTINCT FROM
    std::optional<ast::Identifier> alias;
    bool order_descending = false;
    std::optional<bool> nulls_first;
    std::size_t hint_mark = 0;             // where the arguments of the hint statement read start
    std::vector<WindowFrameState> windows; // window specifications being read, innermost last
    ast::Identifier window_def_name;       // the name of the WINDOW clause's entry being read

    Span last_token;
    // The statement, as it is read (see "The statement" below).
    std::vector<QueryFrame> queries;
    std::vector<ast::Select> selects;
    std::vector<ast::FromItem> froms;
    std::vector<ast::QueryPtr> done;
    std::vector<ast::JoinRef> joins;
    std::vector<std::size_t> marks; // where each VALUES row's values start
    std::vector<ast::Identifier> alias_columns;
    std::vector<ast::Identifier> multi_aliases; // `gen(...) AS (a, b)` of the select item read
    std::vector<std::size_t> paren_marks;       // where each open parenthesis's values start
    /// Each open parenthesis's `AS name`s: the value's position and the name.
    std::vector<std::vector<std::pair<std::size_t, ast::Identifier>>> paren_aliases;
    std::vector<GroupingFrame> groupings; // grouping analytics being read, innermost last
    ast::GroupingKind grouping_kind = ast::GroupingKind::Rollup; // the keyword just read
    std::size_t grouping_begin = 0;                              // where it starts
    std::vector<std::size_t> from_first_bodies; // per FROM-first query read, its bodies so far

    std::size_t offset(const char* p) const { return static_cast<std::size_t>(p - file); }
    Span span(const char* begin, const char* end) const { return {offset(begin), offset(end)}; }
    /// From `begin` to the end of the last token read (so trailing blanks stay out).
    Span span_to_last(const char* begin) const { return {offset(begin), last_token.end}; }

    [[noreturn]] void fail(Span at, std::string message) const {
        throw_sql_error(source, at, std::move(message));
    }

    std::string location(std::size_t at) const {
        const Location loc = source->location(at);
        return std::to_string(loc.line) + ":" + std::to_string(loc.column);
    }

    void push(ast::Expr::Node node, Span span, Span where) {
        if (++nodes > max_nodes) {
            fail(where,
                 "statement too large: more than " + std::to_string(max_nodes) + " expressions");
        }
        // Built in its slot: through a temporary the node variant would move twice.
        values.push_back({ast::ExprPtr(new ast::Expr{std::move(node), span})});
    }

    /// The values from `mark` on, taken off the stack as one list.
    ast::ExprList take_exprs(std::size_t mark) {
        std::vector<ast::ExprPtr> exprs;
        exprs.reserve(values.size() - mark);
        for (std::size_t i = mark; i < values.size(); ++i) {
            exprs.push_back(std::move(values[i].expr));
        }
        values.resize(mark);
        return exprs;
    }

    /// The query read last (by the action of g::query).
    ast::QueryPtr take_done() {
        ast::QueryPtr query = std::move(done.back());
        done.pop_back();
        return query;
    }

    Value pop() {
        Value v = std::move(values.back());
        values.pop_back();
        return v;
    }

    /// The sort key on top of the values with the direction and null order just read (ORDER
    /// BY, SORT BY, a window's ORDER BY), which are reset for the next key.
    ast::OrderItem take_order_item(Span span) {
        ast::OrderItem item;
        item.expr = pop().expr;
        item.ascending = !std::exchange(order_descending, false);
        item.nulls_first = std::exchange(nulls_first, std::nullopt);
        item.span = span;
        return item;
    }

    /// Completes a predicate whose list follows its operand (`IN (...)`, `LIKE ANY (...)`):
    /// the values from `mark` on become `node.*list`, the one below them its operand.
    template <class Node>
    void push_listed(Node node, ast::ExprList Node::*list, std::size_t mark, Span keyword) {
        node.*list = take_exprs(mark);
        Value operand = pop();
        node.operand = std::move(operand.expr);
        const Span span{node.operand->span.begin, last_token.end};
        push(std::move(node), span, keyword);
    }
};

// ---------------------------------------------------------------------------------------------
// Operators

struct OpInfo {
    ast::BinaryOp op;
    int precedence;
};

/// Spark's valueExpression levels, tightest last: comparison < | < ^ < & < << >> >>> < + - || <
/// * / % DIV.
OpInfo value_op_info(std::string_view text) {
    using B = ast::BinaryOp;
    if (text == "=" || text == "==")
        return {B::Eq, 2};
    if (text == "<=>")
        return {B::NullSafeEq, 2};
    if (text == "<>" || text == "!=")
        return {B::NotEq, 2};
    if (text == "<")
        return {B::Lt, 2};
    if (text == "<=")
        return {B::LtEq, 2};
    if (text == ">")
        return {B::Gt, 2};
    if (text == ">=")
        return {B::GtEq, 2};
    if (text == "|")
        return {B::BitOr, 3};
    if (text == "^")
        return {B::BitXor, 4};
    if (text == "&")
        return {B::BitAnd, 5};
    if (text == "<<")
        return {B::ShiftLeft, 6};
    if (text == ">>")
        return {B::ShiftRight, 6};
    if (text == ">>>")
        return {B::ShiftRightUnsigned, 6};
    if (text == "+")
        return {B::Add, 7};
    if (text == "-")
        return {B::Subtract, 7};
    if (text == "||")
        return {B::Concat, 7};
    if (text == "*")
        return {B::Multiply, 8};
    if (text == "/")
        return {B::Divide, 8};
    if (text == "%")
        return {B::Remainder, 8};
    return {B::IntDivide, 8}; // DIV
}

Value make_binary(State& st, const PendingOp& op, Value lhs, Value rhs) {
    const Span span{lhs.expr->span.begin, rhs.expr->span.end};
    st.push(ast::Binary{op.op, std::move(lhs.expr), std::move(rhs.expr)}, span, op.span);
    return st.pop();
}

/// Folds values[base..] with the chain's operators, left-associative, by precedence.
void finish_value_chain(State& st) {
    Chain chain = std::move(st.chains.back());
    st.chains.pop_back();
    if (chain.ops.empty()) {
        return;
    }
    std::vector<Value> operands(
        std::make_move_iterator(st.values.begin() + static_cast<std::ptrdiff_t>(chain.base)),
        std::make_move_iterator(st.values.end()));
    st.values.resize(chain.base);
    std::vector<Value> out;
    std::vector<PendingOp> ops;
    const auto reduce = [&] {
        Value rhs = std::move(out.back());
        out.pop_back();
        Value lhs = std::move(out.back());
        out.pop_back();
        out.push_back(make_binary(st, ops.back(), std::move(lhs), std::move(rhs)));
        ops.pop_back();
    };
    out.push_back(std::move(operands[0]));
    for (std::size_t i = 0; i < chain.ops.size(); ++i) {
        while (!ops.empty() && ops.back().precedence >= chain.ops[i].precedence) {
            reduce();
        }
        ops.push_back(chain.ops[i]);
        out.push_back(std::move(operands[i + 1]));
    }
    while (!ops.empty()) {
        reduce();
    }
    st.values.push_back(std::move(out.back()));
}

/// A balanced tree over operands[low..high] joined by `op` (Spark's reduceToExpressionTree).
Value balanced(State& st, std::vector<Value>& operands, const std::vector<PendingOp>& ops,
               std::size_t low, std::size_t high) {
    if (low == high) {
        return std::move(operands[low]);
    }
    const std::size_t mid = low + (high - low) / 2;
    if (high - low == 1) {
        return make_binary(st, ops[low], std::move(operands[low]), std::move(operands[high]));
    }
    Value lhs = balanced(st, operands, ops, low, mid);
    Value rhs = balanced(st, operands, ops, mid + 1, high);
    return make_binary(st, ops[mid], std::move(lhs), std::move(rhs));
}

/// Folds values[base..] joined by AND/OR: AND binds tighter; each run is balanced.
void finish_bool_chain(State& st) {
    Chain chain = std::move(st.chains.back());
    st.chains.pop_back();
    if (chain.ops.empty()) {
        return;
    }
    std::vector<Value> operands(
        std::make_move_iterator(st.values.begin() + static_cast<std::ptrdiff_t>(chain.base)),
        std::make_move_iterator(st.values.end()));
    st.values.resize(chain.base);
    std::vector<Value> disjuncts;
    std::vector<PendingOp> ors;
    std::vector<Value> run;
    std::vector<PendingOp> ands;
    const auto close_run = [&] {
        disjuncts.push_back(balanced(st, run, ands, 0, run.size() - 1));
        run.clear();
        ands.clear();
    };
    run.push_back(std::move(operands[0]));
    for (std::size_t i = 0; i < chain.ops.size(); ++i) {
        if (chain.ops[i].op == ast::BinaryOp::Or) {
            close_run();
            ors.push_back(chain.ops[i]);
        } else {
            ands.push_back(chain.ops[i]);
        }
        run.push_back(std::move(operands[i + 1]));
    }
    close_run();
    st.values.push_back(balanced(st, disjuncts, ors, 0, disjuncts.size() - 1));
}

// ---------------------------------------------------------------------------------------------
// Actions

template <typename Rule> struct action : pegtl::nothing<Rule> {};

template <typename R> struct action<g::token<R>> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.last_token = st.span(in.begin(), in.end());
    }
};

template <> struct action<g::identifier> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const std::string_view text = in.string_view();
        ast::Identifier id;
        id.span = st.span(in.begin(), in.end());
        if (text.front() == '`') {
            id.quoted = true;
            std::string name;
            for (std::size_t i = 1; i + 1 < text.size(); ++i) {
                name += text[i];
                if (text[i] == '`') {
                    ++i; // a doubled backquote stands for one
                }
            }
            id.name = name;
        } else {
            id.name = text;
        }
        st.ident = std::move(id);
    }
};
template <> struct action<g::field_identifier> : action<g::identifier> {};
template <> struct action<g::as_identifier> : action<g::identifier> {};

// Strings ----------------------------------------------------------------------------------

template <> struct action<g::string_part> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const std::string_view text = in.string_view();
        if (text.front() == 'r' || text.front() == 'R') {
            st.string_accum += text.substr(2, text.size() - 3); // a raw string: as written
        } else {
            st.string_accum += unescape_sql_string(text);
        }
    }
};

template <> struct action<g::string_lit> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.string_value = std::move(st.string_accum);
        st.string_accum.clear();
    }
};

template <> struct action<g::string_literal> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::Literal lit{
            .kind = ast::LiteralKind::String, .interval_unit = {}, .text = st.string_value};
        st.push(std::move(lit), st.span_to_last(in.begin()), st.last_token);
    }
};

// Numbers ----------------------------------------------------------------------------------

template <> struct action<g::number_literal> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const Span span = st.span_to_last(in.begin());
        const std::string_view text(st.file + span.begin, span.end - span.begin);
        std::string_view body = text;
        std::string suffix;
        if (body.size() > 2 && ascii_lower(body.substr(body.size() - 2)) == "bd") {
            suffix = "BD";
            body.remove_suffix(2);
        } else if (std::isalpha(static_cast<unsigned char>(body.back())) != 0 &&
                   std::string_view("lsydfLSYDF").find(body.back()) != std::string_view::npos) {
            suffix = ascii_upper(body.substr(body.size() - 1));
            body.remove_suffix(1);
        }
        const bool fraction = body.find('.') != std::string_view::npos;
        const bool exponent = body.find_first_of("eE") != std::string_view::npos;
        ast::Literal lit;
        lit.text = std::string(body);
        using K = ast::LiteralKind;
        using S = ast::IntegerSuffix;
        if (suffix.empty()) {
            lit.kind = exponent ? K::Double : fraction ? K::Decimal : K::Integer;
        } else if (suffix == "D") {
            lit.kind = K::Double;
        } else if (suffix == "F") {
            lit.kind = K::Float;
        } else if (suffix == "BD") {
            lit.kind = (fraction || exponent) ? K::Decimal : K::Integer;
            lit.suffix = S::BigDecimal;
        } else {
            if (fraction || exponent) {
                st.fail(span, "malformed number '" + std::string(text) + "': suffix '" + suffix +
                                  "' needs an integer");
            }
            lit.kind = K::Integer;
            lit.suffix = suffix == "L" ? S::Long : suffix == "S" ? S::Short : S::Byte;
        }
        st.push(std::move(lit), span, span);
    }
};

// Keyword literals -------------------------------------------------------------------------

template <ast::LiteralKind Kind, const char* Text> struct keyword_literal_action {
    template <typename Input> static void apply(const Input& in, State& st) {
        const Span span = st.span_to_last(in.begin());
        st.push(ast::Literal{.kind = Kind, .interval_unit = {}, .text = Text}, span, span);
    }
};
inline constexpr char kEmpty[] = "";
inline constexpr char kTrue[] = "true";
inline constexpr char kFalse[] = "false";
template <>
struct action<g::null_literal> : keyword_literal_action<ast::LiteralKind::Null, kEmpty> {};
template <>
struct action<g::true_literal> : keyword_literal_action<ast::LiteralKind::Boolean, kTrue> {};
template <>
struct action<g::false_literal> : keyword_literal_action<ast::LiteralKind::Boolean, kFalse> {};

template <> struct action<g::typed_keyword> {
    template <typename Input> static void apply(const Input&, State& st) {
        // TIMESTAMP_LTZ is Spark's TimestampType, which TIMESTAMP means by default.
        const std::string word = ascii_upper(std::string_view(
            st.file + st.last_token.begin, st.last_token.end - st.last_token.begin));
        st.typed_kind = word == "DATE"            ? ast::LiteralKind::Date
                        : word == "TIMESTAMP_NTZ" ? ast::LiteralKind::TimestampNtz
                                                  : ast::LiteralKind::Timestamp;
    }
};

template <> struct action<g::typed_literal> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const Span span = st.span_to_last(in.begin());
        st.push(ast::Literal{.kind = st.typed_kind, .interval_unit = {}, .text = st.string_value},
                span, span);
    }
};

template <> struct action<g::binary_literal> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const Span span = st.span_to_last(in.begin());
        // X'...' : the hex digits sit between the quotes.
        const std::string_view text(st.file + span.begin + 2, span.end - span.begin - 3);
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (!is_hex(text[i])) {
                const std::size_t at = span.begin + 2 + i;
                st.fail({at, at + 1}, "invalid hex digit in binary literal");
            }
        }
        st.push(ast::Literal{.kind = ast::LiteralKind::Binary,
                             .interval_unit = {},
                             .text = std::string(text)},
                span, span);
    }
};

// Intervals --------------------------------------------------------------------------------

template <> struct action<g::interval_keyword> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.interval_unit.clear();
        st.interval_more.clear();
    }
};
template <> struct action<g::interval_more_number> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.interval_more.emplace_back(
            std::string(st.file + st.last_token.begin, st.file + st.last_token.end), "");
    }
};

template <> struct action<g::interval_string> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.interval_value = st.string_value;
    }
};

template <> struct action<g::interval_number> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.interval_value = std::string(st.file + st.last_token.begin, st.file + st.last_token.end);
    }
};

/// `days` -> `DAY`.
std::string unit_name(std::string_view text) {
    std::string unit = ascii_upper(text);
    if (unit.back() == 'S') {
        unit.pop_back();
    }
    return unit;
}

template <> struct action<g::interval_unit> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.interval_unit = unit_name(std::string_view(st.file + st.last_token.begin,
                                                      st.last_token.end - st.last_token.begin));
    }
};

template <> struct action<g::interval_unit_to> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.interval_unit +=
            " TO " + unit_name(std::string_view(st.file + st.last_token.begin,
                                                st.last_token.end - st.last_token.begin));
    }
};

template <> struct action<g::interval_more_unit> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.interval_more.back().second = unit_name(std::string_view(
            st.file + st.last_token.begin, st.last_token.end - st.last_token.begin));
    }
};

/// Whether `value` is an interval's number: `[+-]digits[.digits]` or `[+-].digits`, spaces
/// around it allowed (Spark reads it with the unit by IntervalUtils.stringToInterval).
bool interval_number_text(std::string_view value) {
    while (!value.empty() && value.front() == ' ') {
        value.remove_prefix(1);
    }
    while (!value.empty() && value.back() == ' ') {
        value.remove_suffix(1);
    }
    if (!value.empty() && (value.front() == '-' || value.front() == '+')) {
        value.remove_prefix(1);
    }
    const std::size_t dot = value.find('.');
    const std::string_view whole = value.substr(0, dot);
    const std::string_view fraction =
        dot == std::string_view::npos ? std::string_view{} : value.substr(dot + 1);
    const auto digits = [](std::string_view d) {
        return std::all_of(d.begin(), d.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    return digits(whole) && digits(fraction) && (!whole.empty() || !fraction.empty());
}

/// `INTERVAL 1 DAY 2 HOURS`, `INTERVAL '90' MINUTES`: as Spark's AstBuilder makes it, one ANSI
/// interval of the fields from the largest unit written to the smallest, its value the sum,
/// in the text Spark prints (`'1 02' DAY TO HOUR`, `'1-2' YEAR TO MONTH`; a week counts as
/// days, milliseconds and microseconds as seconds). Year-month and day-time units do not mix;
/// only seconds may have a fraction. Sets `st.interval_value` and `st.interval_unit`.
void combine_interval_units(State& st, Span span) {
    std::vector<std::pair<std::string, std::string>> parts{{st.interval_value, st.interval_unit}};
    parts.insert(parts.end(), st.interval_more.begin(), st.interval_more.end());
    // The fields in order, largest first.
    static constexpr std::array<std::string_view, 6> kFields{"YEAR", "MONTH",  "DAY",
                                                             "HOUR", "MINUTE", "SECOND"};
    const auto out_of_range = [&] {
        st.fail(span, "[INVALID_INTERVAL_FORMAT] interval value out of range: " +
                          std::string(st.file + span.begin, span.end - span.begin));
    };
    // a * b + c, or out of range.
    const auto muladd = [&](std::int64_t a, std::int64_t b, std::int64_t c) {
        std::int64_t product = 0;
        std::int64_t sum = 0;
        if (__builtin_mul_overflow(a, b, &product) || __builtin_add_overflow(product, c, &sum)) {
            out_of_range();
        }
        return sum;
    };
    std::size_t first = kFields.size();
    std::size_t last = 0;
    bool year_month = false;
    bool day_time = false;
    std::int64_t months = 0;
    std::int64_t micros = 0;
    for (auto& [value, unit] : parts) {
        if (!interval_number_text(value)) {
            st.fail(span,
                    "[INVALID_INTERVAL_FORMAT] interval value is not a number: '" + value + "'");
        }
        std::erase(value, ' ');
        if (value.find('.') != std::string::npos && unit != "SECOND") {
            st.fail(span, "[INVALID_INTERVAL_FORMAT] interval unit " + unit +
                              " cannot have a fractional value: " + value);
        }
        const std::string field = unit == "WEEK"                                   ? "DAY"
                                  : unit == "MILLISECOND" || unit == "MICROSECOND" ? "SECOND"
                                                                                   : unit;
        const auto at = static_cast<std::size_t>(std::find(kFields.begin(), kFields.end(), field) -
                                                 kFields.begin());
        if (at == kFields.size()) {
            st.fail(span, "[INVALID_INTERVAL_FORMAT] unknown interval unit " + unit);
        }
        first = std::min(first, at);
        last = std::max(last, at);
        (at < 2 ? year_month : day_time) = true;
        // The value exactly: digits, then (seconds only) a fraction kept to microseconds.
        const bool negative = value.front() == '-';
        const std::string digits = value.substr(negative || value.front() == '+' ? 1 : 0);
        const std::size_t dot = digits.find('.');
        std::int64_t whole = 0;
        for (const char c : digits.substr(0, dot)) {
            whole = muladd(whole, 10, c - '0');
        }
        std::int64_t fraction = 0;
        if (dot != std::string::npos) {
            std::string f = digits.substr(dot + 1);
            f.resize(6, '0'); // Spark keeps microseconds
            for (const char c : f) {
                fraction = fraction * 10 + (c - '0');
            }
        }
        const std::int64_t per = unit == "YEAR"          ? 12
                                 : unit == "MONTH"       ? 1
                                 : unit == "WEEK"        ? 7 * kMicrosPerDay
                                 : unit == "DAY"         ? kMicrosPerDay
                                 : unit == "HOUR"        ? kMicrosPerHour
                                 : unit == "MINUTE"      ? kMicrosPerMinute
                                 : unit == "SECOND"      ? kMicrosPerSecond
                                 : unit == "MILLISECOND" ? std::int64_t{1000}
                                                         : std::int64_t{1};
        const std::int64_t amount = muladd(whole, per, fraction);
        std::int64_t& total = at < 2 ? months : micros;
        total = muladd(negative ? -1 : 1, amount, total);
    }
    if (year_month && day_time) {
        st.fail(span, "[INVALID_INTERVAL_FORMAT] cannot mix year-month and day-time fields in "
                      "an interval: " +
                          std::string(st.file + span.begin, span.end - span.begin));
    }
    if (months > std::numeric_limits<std::int32_t>::max() ||
        months < -std::numeric_limits<std::int32_t>::max() ||
        micros == std::numeric_limits<std::int64_t>::min()) {
        out_of_range();
    }
    const auto from = static_cast<int>(year_month ? first : first - 2);
    const auto to = static_cast<int>(year_month ? last : last - 2);
    st.interval_value = year_month
                            ? year_month_interval_body(static_cast<std::int32_t>(months), from, to)
                            : day_time_interval_body(micros, from, to);
    st.interval_unit =
        std::string(kFields[first]) + (first == last ? "" : " TO " + std::string(kFields[last]));
}

/// `INTERVAL '1 02:03' DAY TO MINUTE`: Spark's unit-to-unit form, YEAR TO MONTH or a day-time
/// field to a smaller one, its string read as a cast to the interval type reads it (the type's
/// form, `[+|-]d h:m` here) and printed as Spark prints it. Sets `st.interval_value`.
void unit_to_unit_interval(State& st, Span span) {
    const std::string& unit = st.interval_unit;
    const std::size_t to = unit.find(" TO ");
    const std::string from_word = unit.substr(0, to);
    const std::string to_word = unit.substr(to + 4);
    if (from_word == "YEAR" && to_word == "MONTH") {
        if (const auto months = string_to_year_month_interval(st.interval_value, 0, 1)) {
            st.interval_value = year_month_interval_body(*months, 0, 1);
            return;
        }
        st.fail(span, "[INVALID_INTERVAL_FORMAT] interval string '" + st.interval_value +
                          "' is not of the form `[+|-]y-m` of INTERVAL YEAR TO MONTH");
    }
    static constexpr std::array<std::string_view, 4> kDayTime{"DAY", "HOUR", "MINUTE", "SECOND"};
    const auto field = [&](std::string_view w) {
        return static_cast<int>(std::find(kDayTime.begin(), kDayTime.end(), w) - kDayTime.begin());
    };
    const int start = field(from_word);
    const int end = field(to_word);
    if (start >= 3 || end > 3 || end <= start) {
        st.fail(span, "[INVALID_INTERVAL_FORMAT] intervals from " + from_word + " to " + to_word +
                          " are not supported");
    }
    if (const auto micros = string_to_day_time_interval(st.interval_value, start, end)) {
        st.interval_value = day_time_interval_body(*micros, start, end);
        return;
    }
    static constexpr std::array<std::array<std::string_view, 4>, 3> kForms{{
        {"", "[+|-]d h", "[+|-]d h:m", "[+|-]d h:m:s.n"},
        {"", "", "[+|-]h:m", "[+|-]h:m:s.n"},
        {"", "", "", "[+|-]m:s.n"},
    }};
    st.fail(span, "[INVALID_INTERVAL_FORMAT] interval string '" + st.interval_value +
                      "' is not of the form `" +
                      std::string(
                          kForms[static_cast<std::size_t>(start)][static_cast<std::size_t>(end)]) +
                      "` of INTERVAL " + unit);
}

template <> struct action<g::interval_literal> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const Span span = st.span_to_last(in.begin());
        // Without a unit, `INTERVAL '1 day'` is a CALENDAR INTERVAL, kept as written.
        if (st.interval_unit.find(" TO ") != std::string::npos) {
            unit_to_unit_interval(st, span);
        } else if (!st.interval_unit.empty()) {
            combine_interval_units(st, span);
        }
        st.push(ast::Literal{.kind = ast::LiteralKind::Interval,
                             .interval_unit = st.interval_unit,
                             .text = st.interval_value},
                span, span);
    }
};

// Names and stars --------------------------------------------------------------------------

template <> struct action<g::name_first> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.name_parts.clear();
        st.name_parts.push_back(st.ident);
    }
};

template <> struct action<g::keyword_function> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::Identifier id;
        id.span = st.span(in.begin(), in.end());
        id.name = in.string();
        st.name_parts.clear();
        st.name_parts.push_back(std::move(id));
    }
};

template <> struct action<g::name_part> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.name_parts.push_back(st.ident);
    }
};

template <> struct action<g::name_rest> {
    template <typename Input> static void apply(const Input&, State& st) {
        const Span span{st.name_parts.front().span.begin, st.last_token.end};
        st.push(ast::NameRef{std::move(st.name_parts)}, span, span);
        st.name_parts.clear();
    }
};

template <> struct action<g::plain_star> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const Span span = st.span_to_last(in.begin());
        st.push(ast::Star{}, span, span);
    }
};

template <> struct action<g::star_qualifier> : action<g::name_first> {};
template <> struct action<g::star_qualifier_part> : action<g::name_part> {};

template <> struct action<g::qualified_star> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const Span span = st.span_to_last(in.begin());
        st.push(ast::Star{std::make_shared<const ast::Star::Parts>(
                    ast::Star::Parts{std::move(st.name_parts), {}})},
                span, span);
        st.name_parts.clear();
    }
};

template <> struct action<g::star_except_open> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.opens.push_back({st.offset(in.begin())});
    }
};
template <> struct action<g::star_except_first> : action<g::name_first> {};
template <> struct action<g::star_except_part> : action<g::name_part> {};

/// A name of `* EXCEPT (...)`: the star read last takes it (its node is immutable, so it is
/// rebuilt), and its span grows to the closing parenthesis.
template <> struct action<g::star_except_column> {
    template <typename Input> static void apply(const Input&, State& st) {
        ast::ExprPtr& top = st.values.back().expr;
        const ast::Star& star = std::get<ast::Star>(top->node);
        ast::Star::Parts parts{star.qualifier(), {}};
        parts.except.assign(star.except().begin(), star.except().end());
        parts.except.push_back(std::move(st.name_parts));
        st.name_parts.clear();
        const Span span = top->span;
        top = ast::ExprPtr(new ast::Expr{
            ast::Star{std::make_shared<const ast::Star::Parts>(std::move(parts))}, span});
    }
};
template <> struct action<g::star_except> {
    template <typename Input> static void apply(const Input&, State& st) {
        ast::ExprPtr& top = st.values.back().expr;
        ast::Star star = std::get<ast::Star>(top->node); // shares its parts
        const Span span{top->span.begin, st.last_token.end};
        top = ast::ExprPtr(new ast::Expr{std::move(star), span});
    }
};

// Brackets ---------------------------------------------------------------------------------

/// The values from `mark` on as the arguments of a call with named fields (`struct(e AS name)`,
/// `(e AS name, ...)`): each value, then its name or NULL (ast::Call::aliased).
void take_named_args(State& st, std::size_t mark,
                     const std::vector<std::pair<std::size_t, ast::Identifier>>& aliases,
                     ast::Call& call) {
    std::vector<ast::ExprPtr> paired;
    std::size_t next = 0;
    for (std::size_t i = mark; i < st.values.size(); ++i) {
        Span at = st.values[i].expr->span;
        paired.push_back(std::move(st.values[i].expr));
        ast::Literal name{.kind = ast::LiteralKind::Null, .interval_unit = {}, .text = {}};
        if (next < aliases.size() && aliases[next].first == i - mark) {
            name.kind = ast::LiteralKind::String;
            name.text = aliases[next].second.name;
            at = aliases[next].second.span;
            ++next;
        }
        paired.push_back(ast::ExprPtr(new ast::Expr{std::move(name), at}));
    }
    st.values.resize(mark);
    call.args = std::move(paired);
    call.aliased = true;
}

struct open_bracket_action {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.opens.push_back({st.offset(in.begin())});
    }
};
template <> struct action<g::seed_open> : open_bracket_action {};
template <> struct action<g::paren_open> {
    template <typename Input> static void apply(const Input& in, State& st) {
        open_bracket_action::apply(in, st);
        st.paren_marks.push_back(st.values.size());
        st.paren_aliases.emplace_back();
    }
};
template <> struct action<g::row_alias_name> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.paren_aliases.back().emplace_back(st.values.size() - st.paren_marks.back() - 1,
                                             st.ident);
    }
};
/// `(e1, e2, ...)`: Spark's row constructor, CreateStruct of the values; `(e)` is `e`. With
/// names, `(e1 AS a, e2 AS b)`, it is struct(e1 AS a, e2 AS b).
template <> struct action<g::paren_expr> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const std::size_t mark = st.paren_marks.back();
        st.paren_marks.pop_back();
        std::vector<std::pair<std::size_t, ast::Identifier>> aliases =
            std::move(st.paren_aliases.back());
        st.paren_aliases.pop_back();
        if (st.values.size() - mark < 2) {
            if (!aliases.empty()) {
                st.fail(aliases.front().second.span,
                        "'AS' in parentheses names a field of a row constructor (a AS x, b AS "
                        "y), which has two values or more");
            }
            return;
        }
        ast::Call call;
        call.name = ast::Identifier{Name("struct"), st.span(in.begin(), in.begin() + 1)};
        if (aliases.empty()) {
            call.row = true;
            call.args = st.take_exprs(mark);
        } else {
            take_named_args(st, mark, aliases, call);
        }
        const Span span = st.span(in.begin(), in.end());
        st.push(std::move(call), span, span);
    }
};
template <> struct action<g::cast_open> : open_bracket_action {};
template <> struct action<g::subscript_open> : open_bracket_action {};
// The brackets of queries and FROM items, closed by close_paren like any other.
template <> struct action<g::query_open> : open_bracket_action {};
template <> struct action<g::cte_open> : open_bracket_action {};
template <> struct action<g::using_open> : open_bracket_action {};
template <> struct action<g::alias_columns_open> : open_bracket_action {};
template <> struct action<g::values_row_open> : open_bracket_action {};
template <> struct action<g::paren_relation_open> : open_bracket_action {};

struct close_bracket_action {
    template <typename Input> static void apply(const Input&, State& st) { st.opens.pop_back(); }
};
template <> struct action<g::close_paren> : close_bracket_action {};
template <> struct action<g::subscript_close> : close_bracket_action {};
template <> struct action<g::case_end> : close_bracket_action {};

// Calls and lambdas ------------------------------------------------------------------------

template <> struct action<g::call_open> {
    template <typename Input> static void apply(const Input& in, State& st) {
        // The name was read as the first part of a name; the parenthesis makes it a function.
        const ast::Identifier& name = st.name_parts.front();
        CallFrame& call = st.calls.emplace_back();
        call.name = name;
        call.mark = st.values.size();
        st.name_parts.clear();
        st.opens.push_back({st.offset(in.begin())});
    }
};

/// What `FROM`, `FOR`, `PLACING` and a trim option may follow in a call.
constexpr std::string_view kSpecialForms =
    "EXTRACT(field FROM source), TRIM([BOTH | LEADING | TRAILING] [chars] FROM str), "
    "SUBSTRING(str FROM pos [FOR len]) and OVERLAY(input PLACING replace FROM pos [FOR len])";

/// Checks a keyword of a special call form (`FROM`, `FOR`, `PLACING`) against the call's name
/// and the number of arguments read before it; renames `substr(s FROM p)` to substring, as
/// Spark's AstBuilder builds Substring whichever name was written.
void special_keyword(State& st, Span at, std::string_view word) {
    CallFrame& call = st.calls.back();
    const std::string name = ascii_lower(call.name.name);
    const std::size_t args = st.values.size() - call.mark;
    const bool substring = name == "substring" || name == "substr";
    bool fits = false;
    if (word == "FROM") {
        const bool trim = name == "trim" || name == "ltrim" || name == "rtrim";
        fits = (trim && args <= 1) || (substring && args == 1) || (name == "overlay" && args == 2);
    } else if (word == "PLACING") {
        fits = name == "overlay" && args == 1;
    } else { // FOR, after FROM
        fits = (substring && args == 2) || (name == "overlay" && args == 3);
    }
    if (!fits) {
        st.fail(at, "'" + std::string(word) + "' in a call is only accepted in " +
                        std::string(kSpecialForms));
    }
    if (substring) {
        call.name.name = "substring";
    }
}

template <> struct action<g::extract_field> {
    template <typename Input> static void apply(const Input&, State& st) {
        const std::string name = ascii_lower(st.calls.back().name.name);
        if (name != "extract") {
            // `trim(s FROM t)`, `substring(s FROM 2)`: a column before FROM.
            const Span span = st.ident.span;
            st.push(ast::NameRef{{st.ident}}, span, span);
            return; // extract_from checks the name
        }
        ast::Literal field{
            .kind = ast::LiteralKind::String, .interval_unit = {}, .text = st.ident.name};
        st.push(std::move(field), st.ident.span, st.ident.span);
    }
};

template <> struct action<g::extract_from> {
    template <typename Input> static void apply(const Input& in, State& st) {
        if (ascii_lower(st.calls.back().name.name) != "extract") {
            special_keyword(st, st.span(in.begin(), in.begin() + 4), "FROM");
        }
    }
};

template <> struct action<g::call_alias_keyword> {
    template <typename Input> static void apply(const Input& in, State& st) {
        if (ascii_lower(st.calls.back().name.name) != "struct") {
            st.fail(st.span(in.begin(), in.begin() + 2),
                    "'AS' in a call is only accepted in struct(expr AS name, ...) and "
                    "CAST(expr AS type)");
        }
    }
};
template <> struct action<g::call_alias_name> {
    template <typename Input> static void apply(const Input&, State& st) {
        CallFrame& call = st.calls.back();
        call.aliases.emplace_back(st.values.size() - call.mark - 1, st.ident);
    }
};

template <> struct action<g::special_from> {
    template <typename Input> static void apply(const Input& in, State& st) {
        special_keyword(st, st.span(in.begin(), in.begin() + 4), "FROM");
    }
};
template <> struct action<g::special_for> {
    template <typename Input> static void apply(const Input& in, State& st) {
        special_keyword(st, st.span(in.begin(), in.begin() + 3), "FOR");
    }
};
template <> struct action<g::special_placing> {
    template <typename Input> static void apply(const Input& in, State& st) {
        special_keyword(st, st.span(in.begin(), in.begin() + 7), "PLACING");
    }
};

/// `trim(BOTH | LEADING | TRAILING ...)`: Spark's StringTrim, StringTrimLeft or
/// StringTrimRight, the functions trim, ltrim and rtrim.
template <> struct action<g::trim_option> {
    template <typename Input> static void apply(const Input& in, State& st) {
        CallFrame& call = st.calls.back();
        const std::string word = ascii_upper(std::string_view(in.begin(), in.end()));
        const std::size_t length = word.find_first_of(" \t\r\n\f\v/-");
        const std::string option = word.substr(0, length);
        if (ascii_lower(call.name.name) != "trim") {
            st.fail(st.span(in.begin(), in.begin() + option.size()),
                    "'" + option + "' in a call is only accepted in " + std::string(kSpecialForms));
        }
        call.name.name = option == "LEADING" ? "ltrim" : option == "TRAILING" ? "rtrim" : "trim";
    }
};

/// `position(substr IN str)`: Spark's StringLocate, which names itself locate.
template <> struct action<g::position_word> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::Identifier id;
        id.span = st.span(in.begin(), in.begin() + 8);
        id.name = std::string(in.begin(), in.begin() + 8);
        st.name_parts.clear();
        st.name_parts.push_back(std::move(id));
    }
};
template <> struct action<g::position_in> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.calls.back().name.name = "locate";
    }
};

template <> struct action<g::call_distinct> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.calls.back().distinct = true;
    }
};

/// The parts of the name `IDENTIFIER('db.t')` gives (Spark's IDENTIFIER clause: the string is
/// parsed as a dotted name, each part plain or backquoted), all spanning the string at `at`.
ast::Identifiers identifier_clause_parts(const State& st, std::string_view text, Span at) {
    ast::Identifiers parts;
    std::size_t i = 0;
    while (true) {
        ast::Identifier part;
        part.span = at;
        std::string name;
        if (i < text.size() && text[i] == '`') {
            part.quoted = true;
            for (++i; i < text.size(); ++i) {
                if (text[i] == '`' && (i + 1 >= text.size() || text[i + 1] != '`')) {
                    break;
                }
                name += text[i];
                if (text[i] == '`') {
                    ++i; // a doubled backquote is one
                }
            }
            if (i >= text.size()) {
                st.fail(at, "IDENTIFIER: unclosed backquote in '" + std::string(text) + "'");
            }
            ++i;
        } else {
            for (; i < text.size() && text[i] != '.'; ++i) {
                const auto c = static_cast<unsigned char>(text[i]);
                if (std::isalnum(c) == 0 && c != '_') {
                    st.fail(at, "IDENTIFIER: '" + std::string(text) +
                                    "' is not a name (quote a part with backquotes: `a b`)");
                }
                name += text[i];
            }
        }
        if (name.empty()) {
            st.fail(at, "IDENTIFIER: '" + std::string(text) + "' has an empty part");
        }
        part.name = name;
        parts.push_back(std::move(part));
        if (i >= text.size()) {
            return parts;
        }
        if (text[i] != '.') {
            st.fail(at, "IDENTIFIER: expected '.' after a backquoted part in '" +
                            std::string(text) + "'");
        }
        ++i;
    }
}

/// `IDENTIFIER('a.b')` in an expression: the name it gives (Spark resolves the clause when it
/// parses the query). Only a string literal: prune-plan folds no expression into a name.
bool identifier_clause(State& st, const CallFrame& frame, Span span) {
    if (frame.name.quoted || !equal_ignoring_ascii_case(frame.name.name.view(), "identifier") ||
        frame.distinct || frame.filtered || frame.window || !frame.aliases.empty() ||
        st.values.size() != frame.mark + 1) {
        return false;
    }
    const ast::Expr& arg = *st.values.back().expr;
    const auto* lit = std::get_if<ast::Literal>(&arg.node);
    if (lit == nullptr || lit->kind != ast::LiteralKind::String) {
        st.fail(arg.span, "IDENTIFIER takes a string literal here (prune-plan does not "
                          "evaluate an expression into a name)");
    }
    ast::Identifiers parts = identifier_clause_parts(st, lit->text.view(), arg.span);
    st.values.pop_back();
    st.push(ast::NameRef{std::move(parts)}, span, frame.name.span);
    return true;
}

template <> struct action<g::call_rest> {
    template <typename Input> static void apply(const Input&, State& st) {
        CallFrame frame = std::move(st.calls.back());
        st.calls.pop_back();
        if (identifier_clause(st, frame, Span{frame.name.span.begin, st.last_token.end})) {
            return;
        }
        ast::Call call;
        call.name = std::move(frame.name);
        call.distinct = frame.distinct;
        call.filtered = frame.filtered;
        call.within_group = frame.within_group;
        if (frame.aliases.empty()) {
            call.args = st.take_exprs(frame.mark);
        } else {
            take_named_args(st, frame.mark, frame.aliases, call);
        }
        const Span where = call.name.span;
        if (!frame.window) {
            call.ignore_nulls = frame.ignore_nulls; // RESPECT NULLS is the default
            st.push(std::move(call), Span{where.begin, st.last_token.end}, where);
            return;
        }
        // The call alone ends before OVER (and the blanks before it).
        std::size_t end = frame.over_at;
        while (end > where.begin &&
               std::isspace(static_cast<unsigned char>(st.file[end - 1])) != 0) {
            --end;
        }
        st.push(std::move(call), Span{where.begin, end}, where);
        ast::Over over;
        over.function = st.pop().expr;
        over.window = std::move(frame.window);
        over.ignore_nulls = frame.ignore_nulls;
        st.push(std::move(over), Span{where.begin, st.last_token.end}, where);
    }
};

template <> struct action<g::position_call_rest> : action<g::call_rest> {};

// Windows ------------------------------------------------------------------------------------

template <> struct action<g::ignore_nulls> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.calls.back().ignore_nulls = true;
        st.calls.back().nulls_option = st.span(in.begin(), in.begin() + 6);
    }
};
template <> struct action<g::respect_nulls> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.calls.back().nulls_option = st.span(in.begin(), in.begin() + 7);
    }
};
template <> struct action<g::over_keyword> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.calls.back().over_at = st.offset(in.begin());
    }
};
template <> struct action<g::window_spec_start> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.windows.emplace_back();
        st.windows.back().spec.span = st.span(in.begin(), in.begin());
    }
};
template <> struct action<g::window_open> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.opens.push_back({st.offset(in.begin())});
        st.windows.back().spec.parenthesised = true;
    }
};
struct window_base_action {
    template <typename Input> static void apply(const Input&, State& st) {
        st.windows.back().spec.base = st.ident;
    }
};
template <> struct action<g::window_ref> : window_base_action {};
template <> struct action<g::window_base> : window_base_action {};
template <> struct action<g::window_partition_item> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.windows.back().spec.partition.push_back(st.pop().expr);
    }
};
template <> struct action<g::window_order_item> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.windows.back().spec.order.push_back(st.take_order_item(st.span_to_last(in.begin())));
    }
};
template <> struct action<g::frame_rows> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.windows.back().frame_type = ast::FrameType::Rows;
    }
};
template <> struct action<g::frame_range> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.windows.back().frame_type = ast::FrameType::Range;
    }
};
template <> struct action<g::bound_unbounded> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.windows.back().unbounded = true;
    }
};
template <> struct action<g::bound_current> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.windows.back().bound.kind = ast::FrameBoundKind::CurrentRow;
    }
};
template <> struct action<g::bound_value> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.windows.back().bound.value = st.pop().expr;
    }
};
template <> struct action<g::bound_preceding> {
    template <typename Input> static void apply(const Input&, State& st) {
        WindowFrameState& w = st.windows.back();
        w.bound.kind =
            w.unbounded ? ast::FrameBoundKind::UnboundedPreceding : ast::FrameBoundKind::Preceding;
    }
};
template <> struct action<g::bound_following> {
    template <typename Input> static void apply(const Input&, State& st) {
        WindowFrameState& w = st.windows.back();
        w.bound.kind =
            w.unbounded ? ast::FrameBoundKind::UnboundedFollowing : ast::FrameBoundKind::Following;
    }
};
template <> struct action<g::frame_bound> {
    template <typename Input> static void apply(const Input& in, State& st) {
        WindowFrameState& w = st.windows.back();
        w.bound.span = st.span_to_last(in.begin());
        w.bounds.push_back(std::move(w.bound));
        w.bound = ast::FrameBound{};
        w.unbounded = false;
    }
};
template <> struct action<g::window_frame> {
    template <typename Input> static void apply(const Input& in, State& st) {
        WindowFrameState& w = st.windows.back();
        ast::WindowFrame frame;
        frame.type = w.frame_type;
        frame.span = st.span_to_last(in.begin());
        frame.lower = std::move(w.bounds.front());
        if (w.bounds.size() > 1) {
            frame.upper = std::move(w.bounds[1]);
        } else {
            // `ROWS 2 PRECEDING` is BETWEEN 2 PRECEDING AND CURRENT ROW (Spark's AstBuilder).
            frame.upper.kind = ast::FrameBoundKind::CurrentRow;
            frame.upper.span = frame.lower.span;
        }
        w.bounds.clear();
        w.spec.frame = std::move(frame);
    }
};
template <> struct action<g::window_spec> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.windows.back().spec.span = st.span_to_last(in.begin());
    }
};
template <> struct action<g::window_over> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.calls.back().window =
            std::make_unique<ast::WindowSpec>(std::move(st.windows.back().spec));
        st.windows.pop_back();
    }
};
template <> struct action<g::window_def_name> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.window_def_name = st.ident;
    }
};
template <> struct action<g::window_definition> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.selects.back().windows.emplace_back(std::move(st.window_def_name),
                                               std::move(st.windows.back().spec));
        st.windows.pop_back();
    }
};

template <> struct action<g::filter_open> : open_bracket_action {};
template <> struct action<g::within_open> : open_bracket_action {};
template <> struct action<g::within_group_item> {
    template <typename Input> static void apply(const Input& in, State& st) {
        // The key stays on the value stack, after the arguments: its direction is kept here.
        SortDirections& keys = st.calls.back().within_group;
        const bool ascending = !std::exchange(st.order_descending, false);
        const std::optional<bool> nulls_first = std::exchange(st.nulls_first, std::nullopt);
        if (keys.size() == SortDirections::kMax) {
            st.fail(st.span_to_last(in.begin()), "unsupported: more than " +
                                                     std::to_string(SortDirections::kMax) +
                                                     " keys in WITHIN GROUP (ORDER BY ...)");
        }
        // Spark's default: NULLS FIRST for ascending, NULLS LAST for descending.
        keys.push_back({ascending, nulls_first.value_or(ascending)});
    }
};
template <> struct action<g::filter_condition> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.calls.back().filtered = true;
    }
};

template <> struct action<g::lambda_param> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.params.push_back(st.ident);
    }
};

template <> struct action<g::lambda_params> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.lambdas.push_back(std::move(st.params));
        st.params.clear();
    }
};

template <> struct action<g::lambda> {
    template <typename Input> static void apply(const Input& in, State& st) {
        Value body = st.pop();
        ast::Lambda lambda{std::move(st.lambdas.back()), std::move(body.expr)};
        st.lambdas.pop_back();
        const Span span = st.span_to_last(in.begin());
        st.push(std::move(lambda), span, {span.begin, span.begin + 1});
    }
};

// Postfix and unary ------------------------------------------------------------------------

template <> struct action<g::field_access> {
    template <typename Input> static void apply(const Input&, State& st) {
        Value base = st.pop();
        const Span span{base.expr->span.begin, st.last_token.end};
        st.push(ast::FieldAccess{std::move(base.expr), st.ident}, span, st.ident.span);
    }
};

template <> struct action<g::subscript> {
    template <typename Input> static void apply(const Input& in, State& st) {
        Value index = st.pop();
        Value base = st.pop();
        const Span span{base.expr->span.begin, st.last_token.end};
        st.push(ast::Subscript{std::move(base.expr), std::move(index.expr)}, span,
                st.span(in.begin(), in.begin() + 1));
    }
};

template <> struct action<g::unary_apply> {
    template <typename Input> static void apply(const Input& in, State& st) {
        Value operand = st.pop();
        const char c = *in.begin();
        const ast::UnaryOp op = c == '-'   ? ast::UnaryOp::Negate
                                : c == '+' ? ast::UnaryOp::Plus
                                           : ast::UnaryOp::BitNot;
        st.push(ast::Unary{op, std::move(operand.expr)}, st.span_to_last(in.begin()),
                st.span(in.begin(), in.begin() + 1));
    }
};

template <> struct action<g::not_apply> {
    template <typename Input> static void apply(const Input& in, State& st) {
        Value operand = st.pop();
        st.push(ast::Unary{ast::UnaryOp::Not, std::move(operand.expr)}, st.span_to_last(in.begin()),
                st.span(in.begin(), in.begin() + 1));
    }
};

// Binary chains ----------------------------------------------------------------------------

template <> struct action<g::chain_start> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.chains.push_back({st.values.size(), {}});
    }
};

template <> struct action<g::value_op> {
    template <typename Input> static void apply(const Input&, State& st) {
        const std::string text = ascii_upper(std::string_view(
            st.file + st.last_token.begin, st.last_token.end - st.last_token.begin));
        const OpInfo info = value_op_info(text);
        st.chains.back().ops.push_back({info.op, info.precedence, st.last_token});
    }
};

template <> struct action<g::value_chain> {
    template <typename Input> static void apply(const Input&, State& st) { finish_value_chain(st); }
};

template <> struct action<g::bool_op> {
    template <typename Input> static void apply(const Input&, State& st) {
        const bool is_and =
            std::tolower(static_cast<unsigned char>(st.file[st.last_token.begin])) == 'a';
        st.chains.back().ops.push_back(
            {is_and ? ast::BinaryOp::And : ast::BinaryOp::Or, is_and ? 1 : 0, st.last_token});
    }
};

template <> struct action<g::expr> {
    template <typename Input> static void apply(const Input&, State& st) { finish_bool_chain(st); }
};

// Predicates -------------------------------------------------------------------------------

template <> struct action<g::is_keyword> {
    template <typename Input> static void apply(const Input&, State& st) { st.is_negated = false; }
};
template <> struct action<g::is_not> {
    template <typename Input> static void apply(const Input&, State& st) { st.is_negated = true; }
};
template <> struct action<g::is_null> {
    template <typename Input> static void apply(const Input&, State& st) { st.is_target = 0; }
};
template <> struct action<g::is_true> {
    template <typename Input> static void apply(const Input&, State& st) { st.is_target = 1; }
};
template <> struct action<g::is_false> {
    template <typename Input> static void apply(const Input&, State& st) { st.is_target = 2; }
};

// `IS [NOT] DISTINCT FROM`: the negation is kept in a predicate frame, since the value after
// FROM may hold predicates of its own (`a IS DISTINCT FROM (b IS NOT NULL)`).
template <> struct action<g::is_distinct_keyword> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.predicates.push_back({st.values.size(), st.is_negated});
    }
};
template <> struct action<g::is_distinct_from> {
    template <typename Input> static void apply(const Input&, State& st) { st.is_target = 3; }
};

template <> struct action<g::is_predicate> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const Span where = st.span(in.begin(), in.begin() + 2);
        if (st.is_target == 3) {
            // Spark's AstBuilder: `a IS DISTINCT FROM b` is Not(EqualNullSafe(a, b)),
            // `a IS NOT DISTINCT FROM b` is EqualNullSafe(a, b).
            const PredicateFrame frame = st.predicates.back();
            st.predicates.pop_back();
            Value rhs = st.pop();
            Value lhs = st.pop();
            const Span span{lhs.expr->span.begin, st.last_token.end};
            st.push(
                ast::Binary{ast::BinaryOp::NullSafeEq, std::move(lhs.expr), std::move(rhs.expr)},
                span, where);
            if (!frame.negated) {
                Value eq = st.pop();
                st.push(ast::Unary{ast::UnaryOp::Not, std::move(eq.expr)}, span, where);
            }
            return;
        }
        Value operand = st.pop();
        const Span span{operand.expr->span.begin, st.last_token.end};
        if (st.is_target == 0) {
            st.push(ast::IsNull{std::move(operand.expr), st.is_negated}, span, where);
        } else {
            st.push(ast::IsBool{std::move(operand.expr), st.is_target == 1, st.is_negated}, span,
                    where);
        }
    }
};

template <> struct action<g::predicate_not> {
    template <typename Input> static void apply(const Input&, State& st) { st.pending_not = true; }
};

struct predicate_keyword_action {
    template <typename Input> static void apply(const Input& in, State& st) {
        const char first = static_cast<char>(std::tolower(static_cast<unsigned char>(*in.begin())));
        const ast::LikeKind like = first == 'r'   ? ast::LikeKind::RLike
                                   : first == 'i' ? ast::LikeKind::ILike
                                                  : ast::LikeKind::Like;
        st.predicates.push_back({st.values.size(), st.pending_not, like});
        st.pending_not = false;
    }
};
template <> struct action<g::in_keyword> : predicate_keyword_action {};
template <> struct action<g::between_keyword> : predicate_keyword_action {};
template <> struct action<g::like_keyword> : predicate_keyword_action {};
template <> struct action<g::rlike_keyword> : predicate_keyword_action {};
template <> struct action<g::ilike_keyword> : predicate_keyword_action {};

template <> struct action<g::escape_string> {
    template <typename Input> static void apply(const Input&, State& st) {
        ast::Literal lit{
            .kind = ast::LiteralKind::String, .interval_unit = {}, .text = st.string_accum};
        st.string_accum.clear();
        st.push(std::move(lit), st.last_token, st.last_token);
        st.predicates.back().escape = true;
    }
};

template <> struct action<g::in_open> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.opens.push_back({st.offset(in.begin())});
    }
};

template <> struct action<g::in_subquery> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.predicates.back().subquery = true;
    }
};

template <> struct action<g::in_predicate> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const PredicateFrame frame = st.predicates.back();
        st.predicates.pop_back();
        if (frame.subquery) {
            // `e [NOT] IN (SELECT ...)`: Spark's AstBuilder makes Not(InSubquery) of NOT IN.
            const Span where = st.span(in.begin(), in.begin() + 2);
            Value operand = st.pop();
            const Span span{operand.expr->span.begin, st.last_token.end};
            ast::SubqueryExpr node;
            node.query = st.take_done();
            node.operand = std::move(operand.expr);
            node.kind = ast::SubqueryKind::In;
            st.push(std::move(node), span, where);
            if (frame.negated) {
                Value in_subquery = st.pop();
                st.push(ast::Unary{ast::UnaryOp::Not, std::move(in_subquery.expr)}, span, where);
            }
            return;
        }
        // values: [operand] [list items...]; the mark was taken after the operand.
        ast::In node;
        node.negated = frame.negated;
        st.push_listed(std::move(node), &ast::In::list, frame.mark,
                       st.span(in.begin(), in.begin() + 2));
    }
};

template <> struct action<g::between_predicate> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const PredicateFrame frame = st.predicates.back();
        st.predicates.pop_back();
        Value high = st.pop();
        Value low = st.pop();
        Value operand = st.pop();
        const Span span{operand.expr->span.begin, st.last_token.end};
        st.push(ast::Between{std::move(operand.expr), std::move(low.expr), std::move(high.expr),
                             frame.negated},
                span, st.span(in.begin(), in.begin() + 1));
    }
};

template <> struct action<g::like_quantifier> {
    template <typename Input> static void apply(const Input& in, State& st) {
        PredicateFrame& frame = st.predicates.back();
        frame.quantified = true;
        // ANY, SOME or ALL: only ALL has an L second.
        frame.all = std::tolower(static_cast<unsigned char>(in.begin()[1])) == 'l';
    }
};

template <> struct action<g::like_predicate> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const PredicateFrame frame = st.predicates.back();
        st.predicates.pop_back();
        if (frame.quantified) {
            // values: [operand] [patterns...]; the mark was taken after the operand.
            ast::QuantifiedLike node;
            node.negated = frame.negated;
            node.all = frame.all;
            node.kind = frame.like;
            st.push_listed(std::move(node), &ast::QuantifiedLike::patterns, frame.mark,
                           st.span(in.begin(), in.begin() + 1));
            return;
        }
        ast::ExprPtr escape = frame.escape ? st.pop().expr : nullptr;
        Value pattern = st.pop();
        Value operand = st.pop();
        const Span span{operand.expr->span.begin, st.last_token.end};
        st.push(ast::Like{std::move(operand.expr), std::move(pattern.expr), std::move(escape),
                          frame.negated, frame.like},
                span, st.span(in.begin(), in.begin() + 1));
    }
};

// CASE and CAST ----------------------------------------------------------------------------

template <> struct action<g::case_keyword> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.opens.push_back({st.offset(in.begin())});
        st.cases.push_back({st.values.size(), false, false});
    }
};

template <> struct action<g::case_operand> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.cases.back().has_operand = true;
    }
};

template <> struct action<g::else_clause> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.cases.back().has_else = true;
    }
};

template <> struct action<g::case_expr> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const CaseFrame frame = st.cases.back();
        st.cases.pop_back();
        std::size_t i = frame.mark;
        std::size_t end = st.values.size();
        ast::Case node;
        if (frame.has_operand) {
            node.operand = std::move(st.values[i++].expr);
        }
        if (frame.has_else) {
            node.else_value = std::move(st.values[--end].expr);
        }
        std::vector<std::pair<ast::ExprPtr, ast::ExprPtr>> branches;
        branches.reserve((end - i) / 2);
        for (; i + 1 < end; i += 2) {
            branches.emplace_back(std::move(st.values[i].expr), std::move(st.values[i + 1].expr));
        }
        node.branches = std::move(branches);
        st.values.resize(frame.mark);
        st.push(std::move(node), st.span_to_last(in.begin()), st.span(in.begin(), in.begin() + 4));
    }
};

template <> struct action<g::type_core> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.type_text = in.string();
        st.type_span = st.span(in.begin(), in.end());
    }
};

template <> struct action<g::colon_type_core> : action<g::type_core> {};

template <> struct action<g::colon_cast> {
    template <typename Input> static void apply(const Input& in, State& st) {
        Value operand = st.pop();
        const Span span{operand.expr->span.begin, st.type_span.end};
        st.push(ast::Cast{std::move(operand.expr), std::move(st.type_text), st.type_span.begin,
                          ast::CastSyntax::Colon},
                span, st.span(in.begin(), in.begin() + 2));
        st.type_text.clear();
    }
};

/// `CAST(...)` and `TRY_CAST(...)`; the keyword's length locates a nesting error.
template <ast::CastSyntax Syntax, std::size_t KeywordLength> struct cast_call_action {
    template <typename Input> static void apply(const Input& in, State& st) {
        Value operand = st.pop();
        st.push(
            ast::Cast{std::move(operand.expr), std::move(st.type_text), st.type_span.begin, Syntax},
            st.span_to_last(in.begin()), st.span(in.begin(), in.begin() + KeywordLength));
        st.type_text.clear();
    }
};
template <> struct action<g::cast_expr> : cast_call_action<ast::CastSyntax::Call, 4> {};
template <> struct action<g::try_cast_expr> : cast_call_action<ast::CastSyntax::TryCall, 8> {};

// The statement ----------------------------------------------------------------------------
//
// Queries nest (FROM subqueries, CTE bodies, set operations' inputs), so what is being built
// lives on stacks: a frame per query being read (`queries`), a Select per query block
// (`selects`), the FROM items read and not yet taken by a join or a clause (`froms`), and the
// queries read and not yet taken by what encloses them (`done`).

template <> struct action<g::query_start> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.queries.emplace_back();
        st.queries.back().begin = st.offset(in.begin());
    }
};

template <> struct action<g::select_keyword> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.selects.emplace_back();
        st.selects.back().span = Span(st.offset(in.begin()), st.offset(in.begin()));
    }
};

template <> struct action<g::hint_name> {
    template <typename Input> static void apply(const Input&, State& st) {
        ast::Hint hint;
        hint.name = st.ident;
        hint.span = st.ident.span;
        st.selects.back().hints.push_back(std::move(hint));
        st.hint_mark = st.values.size();
    }
};

template <> struct action<g::hint_open> : open_bracket_action {};

template <> struct action<g::hint_statement> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::Hint& hint = st.selects.back().hints.back();
        hint.args = st.take_exprs(st.hint_mark);
        hint.span = st.span_to_last(in.begin());
    }
};

template <> struct action<g::select_distinct> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.selects.back().distinct = true;
    }
};

template <> struct action<g::alias_name> {
    template <typename Input> static void apply(const Input&, State& st) { st.alias = st.ident; }
};

template <> struct action<g::multi_alias_open> : open_bracket_action {};

template <> struct action<g::multi_alias_name> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.multi_aliases.push_back(st.ident);
    }
};

template <> struct action<g::select_item> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::SelectItem item;
        item.expr = st.pop().expr;
        item.alias = std::move(st.alias);
        item.aliases = std::move(st.multi_aliases);
        st.multi_aliases.clear();
        item.span = st.span_to_last(in.begin());
        st.alias.reset();
        st.selects.back().items.push_back(std::move(item));
    }
};

template <> struct action<g::select_core> {
    template <typename Input> static void apply(const Input&, State& st) {
        ast::Select select = std::move(st.selects.back());
        st.selects.pop_back();
        select.span.end = st.last_token.end;
        auto term = std::make_unique<ast::Query>();
        term->span = select.span;
        term->body = std::move(select);
        st.queries.back().terms.push_back(std::move(term));
    }
};

// FROM-first queries: a holder block takes the FROM clause; each body shares it.

template <> struct action<g::from_first_start> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.selects.emplace_back();
        st.selects.back().span = Span(st.offset(in.begin()), st.offset(in.begin()));
        st.from_first_bodies.push_back(0);
    }
};

template <> struct action<g::from_first_body> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::Select select = std::move(st.selects.back());
        st.selects.pop_back();
        const ast::Select& holder = st.selects.back();
        select.from = holder.from;
        // Each body's text starts at its SELECT; the first one's at FROM.
        if (st.from_first_bodies.back() == 0) {
            select.span.begin = holder.span.begin;
        }
        select.span.end = st.last_token.end;
        if (st.from_first_bodies.back()++ > 0) {
            st.queries.back().ops.push_back(
                {ast::SetOpKind::Union, true, st.span(in.begin(), in.begin() + 6)});
        }
        auto term = std::make_unique<ast::Query>();
        term->span = select.span;
        term->body = std::move(select);
        st.queries.back().terms.push_back(std::move(term));
    }
};

template <> struct action<g::from_first> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.selects.pop_back();
        st.from_first_bodies.pop_back();
    }
};

// FROM items.

template <> struct action<g::table_name_first> {
    template <typename Input> static void apply(const Input&, State& st) {
        ast::TableRef table;
        table.name = st.ident;
        st.froms.push_back(ast::FromItem{std::move(table), st.ident.span, std::nullopt});
    }
};

template <> struct action<g::table_name_part> {
    template <typename Input> static void apply(const Input&, State& st) {
        auto& table = std::get<ast::TableRef>(st.froms.back().node);
        table.qualifier.push_back(std::move(table.name));
        table.name = st.ident;
    }
};

template <> struct action<g::identifier_table_open> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.opens.push_back({st.offset(in.begin())});
    }
};
template <> struct action<g::identifier_table_name> {
    template <typename Input> static void apply(const Input& in, State& st) {
        action<g::string_lit>::apply(in, st);
        const Span at = st.span_to_last(in.begin());
        ast::Identifiers parts = identifier_clause_parts(st, st.string_value, at);
        ast::TableRef table;
        table.name = std::move(parts.back());
        parts.pop_back();
        table.qualifier.assign(parts.begin(), parts.end());
        st.froms.push_back(ast::FromItem{std::move(table), at, std::nullopt});
    }
};

/// The alias and its column list, given to the FROM item that was read last.
template <> struct action<g::table_alias_name> {
    template <typename Input> static void apply(const Input&, State& st) {
        std::visit(Overloaded{[&](ast::JoinRef&) { throw InternalError("an alias for a join"); },
                              [&](ast::PivotRef&) { throw InternalError("an alias for PIVOT"); },
                              [&](auto& item) { item.alias = st.ident; }},
                   st.froms.back().node);
    }
};

template <> struct action<g::alias_column> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.alias_columns.push_back(st.ident);
    }
};

template <> struct action<g::table_alias> {
    template <typename Input> static void apply(const Input&, State& st) {
        ast::FromItem& item = st.froms.back();
        std::visit(Overloaded{[&](ast::JoinRef&) {}, [&](ast::PivotRef&) {},
                              [&](ast::UnpivotRef&) {},
                              [&](auto& ref) { ref.columns = std::move(st.alias_columns); }},
                   item.node);
        st.alias_columns.clear();
        item.span.end = st.last_token.end;
    }
};

// Subquery expressions ---------------------------------------------------------------------

template <> struct action<g::subquery_expr_open> : open_bracket_action {};

/// `(SELECT ...)` and `EXISTS (SELECT ...)`: the query read last, as a value.
template <ast::SubqueryKind Kind> struct subquery_value_action {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::SubqueryExpr node;
        node.query = st.take_done();
        node.kind = Kind;
        const Span span = st.span_to_last(in.begin());
        st.push(std::move(node), span, span);
    }
};
template <> struct action<g::scalar_subquery> : subquery_value_action<ast::SubqueryKind::Scalar> {};
template <> struct action<g::exists_subquery> : subquery_value_action<ast::SubqueryKind::Exists> {};

// TABLESAMPLE: the item on top of `froms` is the table or the subquery it samples.
template <> struct action<g::sample_open> {
    template <typename Input> static void apply(const Input& in, State& st) {
        open_bracket_action::apply(in, st);
        st.froms.back().sample.emplace().span = st.span(in.begin(), in.begin());
    }
};
template <> struct action<g::sample_percent> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::TableSample& sample = *st.froms.back().sample;
        sample.kind = ast::TableSample::Kind::Percent;
        const std::string text = in.string();
        sample.percent = text.substr(0, text.find_first_of(" \t\r\nPp"));
    }
};
/// The digits of a TABLESAMPLE integer, as an int64.
template <typename Input> std::int64_t sample_integer_of(const Input& in, State& st) {
    const std::string text = in.string();
    const std::string digits = text.substr(0, text.find_first_of(" \t\r\n"));
    std::int64_t value = 0;
    if (std::from_chars(digits.data(), digits.data() + digits.size(), value).ec != std::errc{}) {
        st.fail(st.span(in.begin(), in.end()), "the integer '" + digits + "' is too large");
    }
    return value;
}
template <> struct action<g::bucket_numerator> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::TableSample& sample = *st.froms.back().sample;
        sample.kind = ast::TableSample::Kind::Bucket;
        sample.numerator = sample_integer_of(in, st);
    }
};
template <> struct action<g::bucket_denominator> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.froms.back().sample->denominator = sample_integer_of(in, st);
    }
};
template <> struct action<g::sample_seed_value> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.froms.back().sample->seed = sample_integer_of(in, st);
    }
};
template <> struct action<g::sample_rows> {
    template <typename Input> static void apply(const Input&, State& st) {
        ast::TableSample& sample = *st.froms.back().sample;
        sample.kind = ast::TableSample::Kind::Rows;
        sample.rows = st.pop().expr;
    }
};
template <> struct action<g::table_sample> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.froms.back().sample->span = st.span_to_last(in.begin());
    }
};

template <> struct action<g::subquery_ref> {
    template <typename Input> static void apply(const Input& in, State& st) {
        // The alias (table_alias) went to the item on top; the query is the one read last.
        ast::FromItem& item = st.froms.back();
        auto& ref = std::get<ast::SubqueryRef>(item.node);
        ref.query = std::move(st.done.back());
        st.done.pop_back();
        item.span = st.span_to_last(in.begin());
    }
};

/// Pushed before the query is read, so that table_alias finds it on top afterwards.
template <> struct action<g::subquery_open> {
    template <typename Input> static void apply(const Input& in, State& st) {
        open_bracket_action::apply(in, st);
        st.froms.push_back(
            ast::FromItem{ast::SubqueryRef{}, st.span(in.begin(), in.begin() + 1), std::nullopt});
    }
};

template <> struct action<g::values_keyword> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.froms.push_back(
            ast::FromItem{ast::ValuesRef{}, st.span_to_last(in.begin()), std::nullopt});
    }
};

template <> struct action<g::values_row_mark> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.marks.push_back(st.values.size());
    }
};

template <> struct action<g::values_row> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::ExprList row = st.take_exprs(st.marks.back());
        st.marks.pop_back();
        auto& values = std::get<ast::ValuesRef>(st.froms.back().node);
        values.rows.emplace_back(std::make_move_iterator(row.begin()),
                                 std::make_move_iterator(row.end()));
        values.row_spans.push_back(st.span_to_last(in.begin()));
    }
};

template <> struct action<g::values_ref> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.froms.back().span = st.span_to_last(in.begin());
    }
};

template <> struct action<g::join_natural> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.joins.back().natural = true;
    }
};
/// The join's kind, from its keyword (`LEFT SEMI` and `SEMI` alike are a left semi join).
template <ast::JoinKind Kind> struct join_kind_action {
    template <typename Input> static void apply(const Input&, State& st) {
        st.joins.back().kind = Kind;
    }
};
template <> struct action<g::join_inner> : join_kind_action<ast::JoinKind::Inner> {};
template <> struct action<g::join_cross> : join_kind_action<ast::JoinKind::Cross> {};
template <> struct action<g::join_left> : join_kind_action<ast::JoinKind::LeftOuter> {};
template <> struct action<g::join_right> : join_kind_action<ast::JoinKind::RightOuter> {};
template <> struct action<g::join_full> : join_kind_action<ast::JoinKind::FullOuter> {};
template <> struct action<g::join_semi> : join_kind_action<ast::JoinKind::LeftSemi> {};
template <> struct action<g::join_anti> : join_kind_action<ast::JoinKind::LeftAnti> {};

// Generators in FROM. A LATERAL function is read before the item it applies to is attached:
// the comma or join that read it attaches the item before it (attach_lateral).

template <> struct action<g::lateral_keyword> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::GenerateRef ref;
        ref.keyword = st.span_to_last(in.begin());
        st.froms.push_back(
            ast::FromItem{std::move(ref), st.span_to_last(in.begin()), std::nullopt});
    }
};

template <> struct action<g::table_function_start> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::GenerateRef ref;
        ref.table_function = true;
        st.froms.push_back(
            ast::FromItem{std::move(ref), st.span(in.begin(), in.begin()), std::nullopt});
    }
};

template <> struct action<g::table_function> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.froms.back().span = st.span_to_last(in.begin());
    }
};

template <> struct action<g::lateral_generator> {
    template <typename Input> static void apply(const Input&, State& st) {
        auto& ref = std::get<ast::GenerateRef>(st.froms.back().node);
        ref.call = st.pop().expr;
        st.froms.back().span.end = st.last_token.end;
    }
};

template <> struct action<g::lateral_view_start> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::GenerateRef ref;
        ref.lateral_view = true;
        ref.left = std::make_unique<ast::FromItem>(std::move(st.froms.back()));
        st.froms.pop_back();
        ref.keyword = st.span_to_last(in.begin());
        const Span span{ref.left->span.begin, st.last_token.end};
        st.froms.push_back(ast::FromItem{std::move(ref), span, std::nullopt});
    }
};

template <> struct action<g::lateral_view_keyword> {
    template <typename Input> static void apply(const Input&, State& st) {
        std::get<ast::GenerateRef>(st.froms.back().node).keyword.end = st.last_token.end;
    }
};

template <> struct action<g::lateral_view_outer> {
    template <typename Input> static void apply(const Input&, State& st) {
        auto& ref = std::get<ast::GenerateRef>(st.froms.back().node);
        ref.outer = true;
        ref.keyword.end = st.last_token.end;
    }
};

template <> struct action<g::lateral_view_column> {
    template <typename Input> static void apply(const Input&, State& st) {
        std::get<ast::GenerateRef>(st.froms.back().node).columns.push_back(st.ident);
    }
};

/// A FROM item read to its end: its span reaches the last token (a LATERAL VIEW, PIVOT or
/// UNPIVOT over the item before it).
struct end_top_item_action {
    template <typename Input> static void apply(const Input&, State& st) {
        st.froms.back().span.end = st.last_token.end;
    }
};
template <> struct action<g::lateral_view> : end_top_item_action {};

// PIVOT and UNPIVOT: the keyword wraps the item on top, which becomes the clause's input.

template <typename Ref> void wrap_top_item(const char* begin, State& st) {
    Ref ref;
    ref.input = std::make_unique<ast::FromItem>(std::move(st.froms.back()));
    st.froms.pop_back();
    ref.keyword = st.span_to_last(begin);
    const Span span{ref.input->span.begin, st.last_token.end};
    st.froms.push_back(ast::FromItem{std::move(ref), span, std::nullopt});
}

template <> struct action<g::pivot_keyword> {
    template <typename Input> static void apply(const Input& in, State& st) {
        wrap_top_item<ast::PivotRef>(in.begin(), st);
    }
};
template <> struct action<g::unpivot_keyword> {
    template <typename Input> static void apply(const Input& in, State& st) {
        wrap_top_item<ast::UnpivotRef>(in.begin(), st);
    }
};
template <> struct action<g::unpivot_include> {
    template <typename Input> static void apply(const Input&, State& st) {
        std::get<ast::UnpivotRef>(st.froms.back().node).include_nulls = true;
    }
};
/// The expression just read, with the alias after it, as the next entry of the list `member`
/// of the PIVOT or UNPIVOT on top.
template <typename Ref, auto Member> struct named_entry_action {
    template <typename Input> static void apply(const Input&, State& st) {
        (std::get<Ref>(st.froms.back().node).*Member)
            .push_back({st.pop().expr, std::exchange(st.pivot_alias, std::nullopt)});
    }
};
template <>
struct action<g::pivot_aggregate> : named_entry_action<ast::PivotRef, &ast::PivotRef::aggregates> {
};
template <>
struct action<g::pivot_value> : named_entry_action<ast::PivotRef, &ast::PivotRef::values> {};
template <>
struct action<g::unpivot_set> : named_entry_action<ast::UnpivotRef, &ast::UnpivotRef::sets> {};
template <> struct action<g::pivot_alias_name> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.pivot_alias = st.ident;
    }
};
template <> struct action<g::pivot_column> {
    template <typename Input> static void apply(const Input&, State& st) {
        std::get<ast::PivotRef>(st.froms.back().node).columns.push_back(st.ident);
    }
};
template <> struct action<g::unpivot_value_columns_open> {
    template <typename Input> static void apply(const Input&, State& st) {
        std::get<ast::UnpivotRef>(st.froms.back().node).multi = true;
    }
};
template <> struct action<g::unpivot_value_column> {
    template <typename Input> static void apply(const Input&, State& st) {
        std::get<ast::UnpivotRef>(st.froms.back().node).value_columns.push_back(st.ident);
    }
};
template <> struct action<g::unpivot_name_column> {
    template <typename Input> static void apply(const Input&, State& st) {
        std::get<ast::UnpivotRef>(st.froms.back().node).name_column = st.ident;
    }
};
template <> struct action<g::pivot_clause> : end_top_item_action {};
template <> struct action<g::unpivot_clause> : end_top_item_action {};

/// When the item on top is a LATERAL function just read, the item below it becomes its input
/// (returns true); otherwise nothing changes.
bool attach_lateral(State& st) {
    auto* ref = std::get_if<ast::GenerateRef>(&st.froms.back().node);
    if (ref == nullptr || ref->left || ref->lateral_view || ref->table_function) {
        return false;
    }
    ast::FromItem item = std::move(st.froms.back());
    st.froms.pop_back();
    auto& generate = std::get<ast::GenerateRef>(item.node);
    generate.left = std::make_unique<ast::FromItem>(std::move(st.froms.back()));
    st.froms.pop_back();
    item.span = Span{generate.left->span.begin, st.last_token.end};
    st.froms.push_back(std::move(item));
    return true;
}

/// A join's keywords are read before its right input: its frame collects them.
template <> struct action<g::join_clause> {
    template <typename Input> static void apply(const Input&, State& st) {
        if (attach_lateral(st)) {
            const ast::JoinRef& join = st.joins.back();
            if (join.natural ||
                (join.kind != ast::JoinKind::Inner && join.kind != ast::JoinKind::Cross)) {
                st.fail(join.keyword, "unsupported: a LATERAL generator after an outer, semi, "
                                      "anti or NATURAL join (only a comma, JOIN, INNER JOIN "
                                      "or CROSS JOIN)");
            }
            std::get<ast::GenerateRef>(st.froms.back().node).keyword = join.keyword;
            st.joins.pop_back();
            return;
        }
        ast::JoinRef join = std::move(st.joins.back());
        st.joins.pop_back();
        join.right = std::make_unique<ast::FromItem>(std::move(st.froms.back()));
        st.froms.pop_back();
        join.left = std::make_unique<ast::FromItem>(std::move(st.froms.back()));
        st.froms.pop_back();
        const Span span{join.left->span.begin, st.last_token.end};
        st.froms.push_back(ast::FromItem{std::move(join), span, std::nullopt});
    }
};

template <> struct action<g::join_keywords> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.joins.back().keyword = st.span_to_last(in.begin());
    }
};

template <> struct action<g::join_condition> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.joins.back().condition = st.pop().expr;
    }
};

template <> struct action<g::join_start> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.joins.emplace_back();
    }
};

template <> struct action<g::using_column> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.joins.back().using_columns.push_back(st.ident);
    }
};

template <> struct action<g::comma_join> {
    template <typename Input> static void apply(const Input&, State& st) {
        if (attach_lateral(st)) {
            return;
        }
        ast::JoinRef join;
        join.comma = true;
        join.right = std::make_unique<ast::FromItem>(std::move(st.froms.back()));
        st.froms.pop_back();
        join.left = std::make_unique<ast::FromItem>(std::move(st.froms.back()));
        st.froms.pop_back();
        const Span span{join.left->span.begin, st.last_token.end};
        st.froms.push_back(ast::FromItem{std::move(join), span, std::nullopt});
    }
};

template <> struct action<g::paren_relation> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.froms.back().span = st.span_to_last(in.begin());
    }
};

template <> struct action<g::from_clause> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.selects.back().from = std::make_unique<ast::FromItem>(std::move(st.froms.back()));
        st.froms.pop_back();
    }
};

template <> struct action<g::where_clause> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.selects.back().where = st.pop().expr;
    }
};

template <> struct action<g::all_item> {
    template <typename Input> static void apply(const Input& in, State& st) {
        const Span span = st.span_to_last(in.begin());
        ast::Identifiers parts;
        parts.push_back(ast::Identifier{
            Name(std::string_view(st.file + span.begin, span.end - span.begin)), span});
        st.push(ast::NameRef{std::move(parts)}, span, span);
    }
};

template <> struct action<g::group_expr> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.selects.back().group_by.push_back(st.pop().expr);
    }
};

// Grouping analytics --------------------------------------------------------------------------

template <ast::GroupingKind Kind> struct grouping_keyword_action {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.grouping_kind = Kind;
        st.grouping_begin = st.offset(in.begin());
    }
};
template <>
struct action<g::rollup_keyword> : grouping_keyword_action<ast::GroupingKind::Rollup> {};
template <> struct action<g::cube_keyword> : grouping_keyword_action<ast::GroupingKind::Cube> {};
template <>
struct action<g::grouping_sets_keyword> : grouping_keyword_action<ast::GroupingKind::GroupingSets> {
};

template <> struct action<g::grouping_open> {
    template <typename Input> static void apply(const Input& in, State& st) {
        open_bracket_action::apply(in, st);
        st.groupings.push_back(GroupingFrame{st.grouping_kind, st.grouping_begin, {}, {}});
    }
};
template <> struct action<g::grouping_empty> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.groupings.back().elements.push_back({{}});
    }
};
/// An expression as a grouping set (a row constructor `(a, b)` is the set of its values: the
/// analyzer takes it apart).
template <> struct action<g::grouping_value> {
    template <typename Input> static void apply(const Input&, State& st) {
        GroupingFrame& frame = st.groupings.back();
        frame.elements.push_back({{static_cast<std::uint32_t>(frame.exprs.size())}});
        frame.exprs.push_back(st.pop().expr);
    }
};

/// The frame just closed, with its grouping sets.
ast::GroupingAnalytics finish_grouping(State& st, std::size_t end) {
    GroupingFrame frame = std::move(st.groupings.back());
    st.groupings.pop_back();
    const Span span{frame.begin, end};
    std::optional<std::vector<std::vector<std::uint32_t>>> sets =
        grouping_sets_of(frame.kind, frame.elements);
    if (!sets) {
        st.fail(span, "unsupported: more than " + std::to_string(ast::kMaxGroupingSets) +
                          " grouping sets in one GROUP BY");
    }
    return ast::GroupingAnalytics{frame.kind, std::move(frame.exprs), std::move(*sets), 0, false,
                                  span};
}

template <> struct action<g::grouping_analytics> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::GroupingAnalytics item = finish_grouping(st, st.offset(in.end()));
        if (!st.groupings.empty()) { // nested in GROUPING SETS: its sets are the parent's
            GroupingFrame& parent = st.groupings.back();
            const auto shift = static_cast<std::uint32_t>(parent.exprs.size());
            for (ast::ExprPtr& e : item.exprs) {
                parent.exprs.push_back(std::move(e));
            }
            for (std::vector<std::uint32_t>& set : item.sets) {
                for (std::uint32_t& i : set) {
                    i += shift;
                }
            }
            parent.elements.push_back(std::move(item.sets));
            return;
        }
        ast::Select& select = st.selects.back();
        item.at = select.group_by.size();
        select.grouping_analytics.push_back(std::move(item));
    }
};

/// `GROUP BY a, b WITH ROLLUP|CUBE`: ROLLUP or CUBE of the items.
template <> struct action<g::with_rollup> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::Select& select = st.selects.back();
        const Span span = st.span(in.begin(), in.end());
        if (!select.grouping_analytics.empty()) {
            st.fail(span, "WITH ROLLUP and WITH CUBE follow plain GROUP BY items only, not "
                          "ROLLUP, CUBE or GROUPING SETS");
        }
        GroupingFrame frame{st.grouping_kind, select.group_by.front()->span.begin, {}, {}};
        for (ast::ExprPtr& e : select.group_by) {
            frame.elements.push_back({{static_cast<std::uint32_t>(frame.exprs.size())}});
            frame.exprs.push_back(std::move(e));
        }
        select.group_by.clear();
        st.groupings.push_back(std::move(frame));
        select.grouping_analytics.push_back(finish_grouping(st, span.end));
    }
};

/// Hive's `GROUP BY a, b GROUPING SETS ((a), ())`: the items are the grouping expressions.
template <> struct action<g::declared_grouping_sets> {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::Select& select = st.selects.back();
        ast::GroupingAnalytics item = finish_grouping(st, st.offset(in.end()));
        if (!select.grouping_analytics.empty()) {
            st.fail(item.span, "GROUPING SETS after the GROUP BY items follows plain items only, "
                               "not ROLLUP, CUBE or GROUPING SETS");
        }
        item.declared = true;
        select.grouping_analytics.push_back(std::move(item));
    }
};

template <> struct action<g::having_clause> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.selects.back().having = st.pop().expr;
    }
};

template <> struct action<g::order_desc> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.order_descending = true;
    }
};
template <> struct action<g::nulls_first> {
    template <typename Input> static void apply(const Input&, State& st) { st.nulls_first = true; }
};
template <> struct action<g::nulls_last> {
    template <typename Input> static void apply(const Input&, State& st) { st.nulls_first = false; }
};

template <> struct action<g::order_item> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.queries.back().order_by.push_back(st.take_order_item(st.span_to_last(in.begin())));
    }
};

/// The keyword of a SORT BY, DISTRIBUTE BY or CLUSTER BY clause: Spark's AstBuilder
/// (withQueryResultClauses) takes ORDER BY alone, CLUSTER BY alone, and DISTRIBUTE BY and
/// SORT BY alone or together; any other pair is its COMBINATION_QUERY_RESULT_CLAUSES error.
struct result_clause_action {
    template <typename Input> static void apply(const Input& in, State& st) {
        QueryFrame& q = st.queries.back();
        const std::string_view word(in.begin(), in.size());
        const bool cluster = ascii_upper(word).rfind("CLUSTER", 0) == 0;
        const bool distribute = ascii_upper(word).rfind("DISTRIBUTE", 0) == 0;
        const Span here =
            st.span(in.begin(), in.begin() + static_cast<std::ptrdiff_t>(cluster      ? 7
                                                                         : distribute ? 10
                                                                                      : 4));
        const bool clash = !q.order_by.empty() || !q.partitioning.cluster_by.empty() ||
                           (cluster && !q.partitioning.empty());
        if (clash) {
            st.fail(here, "[UNSUPPORTED_FEATURE.COMBINATION_QUERY_RESULT_CLAUSES] The feature is "
                          "not supported: Combination of ORDER BY/SORT BY/DISTRIBUTE BY/CLUSTER "
                          "BY.");
        }
        if (q.partitioning.empty()) {
            q.partitioning.keyword = here;
        }
    }
};
template <> struct action<g::sort_keyword> : result_clause_action {};
template <> struct action<g::distribute_keyword> : result_clause_action {};
template <> struct action<g::cluster_keyword> : result_clause_action {};

template <> struct action<g::sort_item> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.queries.back().partitioning.sort_by.push_back(
            st.take_order_item(st.span_to_last(in.begin())));
    }
};

template <> struct action<g::distribute_item> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.queries.back().partitioning.distribute_by.push_back(st.pop().expr);
    }
};

template <> struct action<g::cluster_item> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.queries.back().partitioning.cluster_by.push_back(st.pop().expr);
    }
};

template <> struct action<g::limit_value> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.queries.back().limit = st.pop().expr;
    }
};

template <> struct action<g::offset_value> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.queries.back().offset = st.pop().expr;
    }
};

// Queries.

template <> struct action<g::paren_query> {
    template <typename Input> static void apply(const Input& in, State& st) {
        auto term = std::make_unique<ast::Query>();
        term->span = st.span_to_last(in.begin());
        term->body = std::move(st.done.back());
        st.done.pop_back();
        st.queries.back().terms.push_back(std::move(term));
    }
};

/// `VALUES …` or `TABLE t` as a query of its own: `SELECT * FROM` it, as Spark reads it.
struct bare_relation_action {
    template <typename Input> static void apply(const Input& in, State& st) {
        ast::Select select;
        select.bare = true;
        select.span = st.span_to_last(in.begin());
        select.from = std::make_unique<ast::FromItem>(std::move(st.froms.back()));
        st.froms.pop_back();
        ast::SelectItem star;
        const Span at{select.span.begin, select.span.begin};
        star.expr = ast::ExprPtr(new ast::Expr{ast::Star{}, at});
        star.span = at;
        select.items.push_back(std::move(star));
        auto term = std::make_unique<ast::Query>();
        term->span = select.span;
        term->body = std::move(select);
        st.queries.back().terms.push_back(std::move(term));
    }
};
template <> struct action<g::values_term> : bare_relation_action {};
template <> struct action<g::table_query> : bare_relation_action {};

template <> struct action<g::set_union> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.queries.back().ops.push_back(
            {ast::SetOpKind::Union, false, st.span_to_last(in.begin())});
    }
};
template <> struct action<g::set_intersect> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.queries.back().ops.push_back(
            {ast::SetOpKind::Intersect, false, st.span_to_last(in.begin())});
    }
};
template <> struct action<g::set_except> {
    template <typename Input> static void apply(const Input& in, State& st) {
        st.queries.back().ops.push_back(
            {ast::SetOpKind::Except, false, st.span_to_last(in.begin())});
    }
};
template <> struct action<g::set_all> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.queries.back().ops.back().all = true;
    }
};

template <> struct action<g::cte_name> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.queries.back().ctes.emplace_back();
        st.queries.back().ctes.back().name = st.ident;
    }
};

template <> struct action<g::cte_columns> {
    template <typename Input> static void apply(const Input&, State& st) {
        st.queries.back().ctes.back().columns = std::move(st.alias_columns);
        st.alias_columns.clear();
    }
};

template <> struct action<g::cte> {
    template <typename Input> static void apply(const Input&, State& st) {
        ast::Cte& cte = st.queries.back().ctes.back();
        cte.query = std::move(st.done.back());
        st.done.pop_back();
    }
};

template <> struct action<g::query> {
    template <typename Input> static void apply(const Input&, State& st) {
        QueryFrame frame = std::move(st.queries.back());
        st.queries.pop_back();
        st.done.push_back(finish_query(std::move(frame), st.last_token.end));
    }
};

// ---------------------------------------------------------------------------------------------
// Error messages: every rule under must<> and every raise<> tag has one (checked at compile
// time). {prev} is the token before the failure, {open} where the innermost unclosed bracket
// or CASE began, {next} the offending token, {NEXT} the same upper-cased.

template <typename Rule> inline constexpr const char* error_message = nullptr;

#define PRUNE_SQL_ERROR(rule, text)                                                                \
    template <> inline constexpr const char* error_message<g::rule> = text

// clang-format off
PRUNE_SQL_ERROR(unterminated_comment, "unterminated comment");
PRUNE_SQL_ERROR(unterminated_string, "unterminated string literal");
PRUNE_SQL_ERROR(unterminated_quoted_identifier, "unterminated quoted identifier");
PRUNE_SQL_ERROR(number_end, "malformed number");
PRUNE_SQL_ERROR(misplaced_arrow, "'->' must follow a lambda parameter list");
PRUNE_SQL_ERROR(misplaced_lambda, "a lambda is only allowed as a function argument");
PRUNE_SQL_ERROR(misplaced_lambda_after_name, "a lambda is only allowed as a function argument");
PRUNE_SQL_ERROR(unsupported_subquery, "unsupported: subquery");
PRUNE_SQL_ERROR(window_spec, "expected a window name or '(' after 'OVER'");
PRUNE_SQL_ERROR(window_partition_item, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(window_order_item, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(frame_bound, "expected 'UNBOUNDED', 'CURRENT ROW' or an offset after '{prev}'");
PRUNE_SQL_ERROR(bound_direction, "expected 'PRECEDING' or 'FOLLOWING' after '{prev}'");
PRUNE_SQL_ERROR(frame_and, "expected 'AND' between the bounds of the window frame");
PRUNE_SQL_ERROR(window_def_as, "expected 'AS' after the window's name");
PRUNE_SQL_ERROR(window_definition, "expected a window name after '{prev}'");
PRUNE_SQL_ERROR(close_paren, "expected ')' to close '(' at {open}");
PRUNE_SQL_ERROR(subscript_close, "expected ']' to close '[' at {open}");
PRUNE_SQL_ERROR(case_end, "expected 'END' to close 'CASE' at {open}");
PRUNE_SQL_ERROR(expr, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(not_expr, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(not_operand, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(unary_expr, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(unary_operand, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(value_chain, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(lambda_body, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(filter_where, "expected 'WHERE' after 'FILTER ('");
PRUNE_SQL_ERROR(filter_condition, "expected an expression after 'WHERE'");
PRUNE_SQL_ERROR(within_open, "expected '(' after 'WITHIN GROUP'");
PRUNE_SQL_ERROR(within_order, "expected 'ORDER BY' after 'WITHIN GROUP ('");
PRUNE_SQL_ERROR(within_by, "expected 'BY' after 'ORDER'");
PRUNE_SQL_ERROR(within_group_item, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(case_operand, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(select_item, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(group_item, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(order_item, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(sort_item, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(distribute_item, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(cluster_item, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(hint_statement, "expected a hint name such as 'REPARTITION' after '/*+'");
PRUNE_SQL_ERROR(hint_arg, "expected a hint parameter after '{prev}'");
PRUNE_SQL_ERROR(hint_end, "expected '*/' to close the hint, or another hint after '{prev}'");
PRUNE_SQL_ERROR(limit_value, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(offset_value, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(name_part, "expected a field name after '.'");
PRUNE_SQL_ERROR(field_name, "expected a field name after '.'");
PRUNE_SQL_ERROR(interval_body, "expected a string or a number after 'INTERVAL'");
PRUNE_SQL_ERROR(interval_units, "expected an interval unit such as 'DAY' after '{prev}'");
PRUNE_SQL_ERROR(interval_unit_to, "expected an interval unit after 'TO'");
PRUNE_SQL_ERROR(when_clause, "expected 'WHEN' after '{prev}'");
PRUNE_SQL_ERROR(then_keyword, "expected 'THEN' after '{prev}'");
PRUNE_SQL_ERROR(unbalanced_type, "expected '>' to close '<' in the type");
PRUNE_SQL_ERROR(type_text, "expected a type after 'AS'");
PRUNE_SQL_ERROR(colon_type, "expected a type after '::'");
PRUNE_SQL_ERROR(cast_open, "expected '(' after 'CAST'");
PRUNE_SQL_ERROR(cast_as, "expected 'AS' and a type in 'CAST'");
PRUNE_SQL_ERROR(is_target, "expected 'NULL', 'TRUE', 'FALSE' or 'DISTINCT FROM' after '{prev}'");
PRUNE_SQL_ERROR(is_distinct_from_keyword, "expected 'FROM' after 'DISTINCT'");
PRUNE_SQL_ERROR(in_values, "expected '(' after 'IN'");
PRUNE_SQL_ERROR(special_from, "expected 'FROM' after '{prev}'");
PRUNE_SQL_ERROR(call_arg, "expected an expression after '{prev}'");
PRUNE_SQL_ERROR(call_alias_name, "expected a name after 'AS'");
PRUNE_SQL_ERROR(between_and, "expected 'AND' after the lower bound of 'BETWEEN'");
PRUNE_SQL_ERROR(escape_string, "expected a string literal after 'ESCAPE'");
PRUNE_SQL_ERROR(aliased_star, "a star cannot have an alias: it stands for several columns, "
                              "each keeping its own name");
PRUNE_SQL_ERROR(like_patterns, "expected '(' and the patterns after the quantifier");
PRUNE_SQL_ERROR(empty_like_patterns, "expected something between '(' and ')': a quantified "
                                     "LIKE needs at least one pattern");
PRUNE_SQL_ERROR(misplaced_escape, "ESCAPE is only allowed after a LIKE pattern, not after RLIKE");
PRUNE_SQL_ERROR(negatable_predicate, "expected 'IN', 'BETWEEN', 'LIKE' or 'RLIKE' after 'NOT'");
PRUNE_SQL_ERROR(unsupported_recursive, "unsupported: WITH RECURSIVE (recursive CTEs)");
PRUNE_SQL_ERROR(unsupported_lateral_view,
                "unsupported: LATERAL before anything but a generator call (LATERAL subqueries)");
PRUNE_SQL_ERROR(lateral_generator, "expected a generator call such as 'explode(arr)' after '{prev}'");
PRUNE_SQL_ERROR(multi_alias_name, "expected a column name after '{prev}'");
PRUNE_SQL_ERROR(lateral_view_column, "expected a column name after '{prev}'");
PRUNE_SQL_ERROR(unsupported_tablesample,
                "unsupported: TABLESAMPLE other than (x PERCENT), (BUCKET x OUT OF y) and (n ROWS) "
                "before the alias (Spark refuses byte lengths and BUCKET ... ON)");
PRUNE_SQL_ERROR(sample_open, "expected '(' after 'TABLESAMPLE'");
PRUNE_SQL_ERROR(sample_method, "expected 'x PERCENT', 'BUCKET x OUT OF y' or 'n ROWS' after '('");
PRUNE_SQL_ERROR(bucket_out_of, "expected 'OUT OF' after '{prev}'");
PRUNE_SQL_ERROR(seed_open, "expected '(' after 'REPEATABLE'");
PRUNE_SQL_ERROR(bucket_numerator, "expected an integer after '{prev}'");
PRUNE_SQL_ERROR(bucket_denominator, "expected an integer after '{prev}'");
PRUNE_SQL_ERROR(sample_seed_value, "expected an integer after '{prev}'");
PRUNE_SQL_ERROR(grouping_set, "expected a grouping set such as '(a, b)', '()' or an expression "
                              "after '{prev}'");
PRUNE_SQL_ERROR(grouping_element, "expected a grouping set such as '(a, b)', '()' or an "
                                  "expression after '{prev}'");
PRUNE_SQL_ERROR(unsupported_table_function, "unsupported: table-valued function");
PRUNE_SQL_ERROR(limit_after_offset, "LIMIT goes before OFFSET: LIMIT n OFFSET m");
PRUNE_SQL_ERROR(alias_name, "expected a name after 'AS'");
PRUNE_SQL_ERROR(table_alias_name, "expected a name after 'AS'");
PRUNE_SQL_ERROR(lateral_view_alias, "expected the LATERAL VIEW's table alias after '{prev}'");
PRUNE_SQL_ERROR(from_items, "expected a table name or a subquery after 'FROM'");
PRUNE_SQL_ERROR(from_primary, "expected a table name or a subquery after '{prev}'");
PRUNE_SQL_ERROR(join_chain, "expected a table name or a subquery after '{prev}'");
PRUNE_SQL_ERROR(join_word, "expected 'JOIN' after '{prev}'");
PRUNE_SQL_ERROR(join_condition, "expected a join condition after 'ON'");
PRUNE_SQL_ERROR(using_open, "expected '(' and the join columns after 'USING'");
PRUNE_SQL_ERROR(using_column, "expected a column name after '{prev}'");
PRUNE_SQL_ERROR(alias_column, "expected a column name after '{prev}'");
PRUNE_SQL_ERROR(values_row, "expected a row of values after '{prev}'");
PRUNE_SQL_ERROR(query, "expected a query after '{prev}'");
PRUNE_SQL_ERROR(query_term, "expected 'SELECT', 'WITH', 'VALUES', 'TABLE' or '('");
PRUNE_SQL_ERROR(table_name, "expected a table name after 'TABLE'");
PRUNE_SQL_ERROR(cte, "expected a name after '{prev}'");
PRUNE_SQL_ERROR(cte_open, "expected '(' and the CTE's query after '{prev}'");
PRUNE_SQL_ERROR(table_name_part, "expected a name after '.' in the table name");
PRUNE_SQL_ERROR(identifier_table_name, "expected a string after 'IDENTIFIER('");
PRUNE_SQL_ERROR(table_ref, "expected a table name after '{prev}'");
PRUNE_SQL_ERROR(group_by_keyword, "expected 'BY' after 'GROUP'");
PRUNE_SQL_ERROR(order_by_keyword, "expected 'BY' after 'ORDER'");
PRUNE_SQL_ERROR(nulls_position, "expected 'FIRST' or 'LAST' after 'NULLS'");
PRUNE_SQL_ERROR(unsupported_parameter_marker,
                "unsupported: parameter markers (:name, ?), which only an API caller binds: "
                "write the values");
PRUNE_SQL_ERROR(unsupported_collate, "unsupported: COLLATE (Spark 4's collations are not modelled)");
PRUNE_SQL_ERROR(star_except_column, "expected a column name in '* EXCEPT (...)'");
PRUNE_SQL_ERROR(star_except_part, "expected a field name after '.'");
PRUNE_SQL_ERROR(unsupported_time_travel,
                "unsupported: time travel (VERSION or TIMESTAMP AS OF): give that version's "
                "schema with --schema and drop the clause");
PRUNE_SQL_ERROR(unsupported_script_transform,
                "unsupported: SELECT TRANSFORM (...) USING a script (Hive's script transform runs "
                "an external program)");
PRUNE_SQL_ERROR(from_first_select, "expected SELECT after the FROM clause of a FROM-first query");
PRUNE_SQL_ERROR(unsupported_from_first_organization,
                "unsupported: ORDER BY, SORT BY, CLUSTER BY, DISTRIBUTE BY, LIMIT or OFFSET after "
                "several SELECTs of one FROM (Spark applies it to the last SELECT alone): write "
                "each SELECT ... FROM ... and UNION ALL them");
PRUNE_SQL_ERROR(unsupported_pipe, "unsupported: SQL pipe syntax (|>)");
PRUNE_SQL_ERROR(row_alias_name, "expected a name after 'AS'");
PRUNE_SQL_ERROR(pivot_open, "expected '(' after '{prev}'");
PRUNE_SQL_ERROR(pivot_aggregate, "expected an aggregate expression after '{prev}'");
PRUNE_SQL_ERROR(pivot_alias_name, "expected a name after 'AS'");
PRUNE_SQL_ERROR(pivot_for, "expected 'FOR' after '{prev}'");
PRUNE_SQL_ERROR(pivot_columns, "expected the pivot column, or '(' and columns, after 'FOR'");
PRUNE_SQL_ERROR(pivot_column, "expected a column name after '{prev}'");
PRUNE_SQL_ERROR(pivot_in, "expected 'IN' after '{prev}'");
PRUNE_SQL_ERROR(pivot_values_open, "expected '(' after 'IN'");
PRUNE_SQL_ERROR(pivot_value, "expected a value after '{prev}'");
PRUNE_SQL_ERROR(pivot_close, "expected ')' after '{prev}'");
PRUNE_SQL_ERROR(unpivot_nulls_word, "expected 'NULLS' after '{prev}'");
PRUNE_SQL_ERROR(unpivot_value_columns, "expected the value column, or '(' and columns, after '('");
PRUNE_SQL_ERROR(unpivot_value_column, "expected a column name after '{prev}'");
PRUNE_SQL_ERROR(unpivot_name_column, "expected the name column after 'FOR'");
PRUNE_SQL_ERROR(unpivot_set, "expected a column after '{prev}'");
PRUNE_SQL_ERROR(pivot_after_lateral_view,
                "LATERAL VIEW cannot be used together with PIVOT or UNPIVOT in the FROM clause "
                "(put the LATERAL VIEW in a subquery)");
PRUNE_SQL_ERROR(end_of_statement, "unexpected '{next}' after the end of the statement");
// clang-format on

#undef PRUNE_SQL_ERROR

/// How far before the failure point the construct started, for unterminated ones.
template <typename Rule> constexpr std::size_t opener_length() {
    if constexpr (std::is_same_v<Rule, g::unterminated_comment>) {
        return 2;
    } else if constexpr (std::is_same_v<Rule, g::unterminated_string> ||
                         std::is_same_v<Rule, g::unterminated_quoted_identifier>) {
        return 1;
    } else {
        return 0;
    }
}

std::string quote_for_message(std::string_view text) {
    constexpr std::size_t kMax = 40;
    if (text.size() <= kMax) {
        return std::string(text);
    }
    std::size_t cut = kMax;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0U) == 0x80U) {
        --cut; // keep whole code points
    }
    return std::string(text.substr(0, cut)) + "...";
}

template <typename Rule> [[noreturn]] void raise_error(const char* at, const char* end, State& st) {
    static_assert(error_message<Rule> != nullptr, "a rule that can fail hard needs a message");
    Span span;
    if constexpr (std::is_same_v<Rule, g::misplaced_lambda_after_name>) {
        span = st.name_parts.front().span; // the parameter, where the lambda starts
    } else if constexpr (opener_length<Rule>() > 0) {
        span = {st.offset(at) - opener_length<Rule>(), st.offset(at)};
    } else {
        // Point at the offending token, not at the blanks before it (after `a.`, say).
        while (at < end && std::string_view(" \t\r\n\f\v").find(*at) != std::string_view::npos) {
            ++at;
        }
        span = {st.offset(at), st.offset(at) + token_length(at, end)};
    }
    const std::string_view prev(st.file + st.last_token.begin,
                                st.last_token.end - st.last_token.begin);
    const std::string_view next(st.file + span.begin, span.end - span.begin);
    std::string message;
    const std::string_view pattern = error_message<Rule>;
    for (std::size_t i = 0; i < pattern.size(); ++i) {
        const std::string_view rest = pattern.substr(i);
        const std::string_view key = rest.substr(0, rest.find('}') + 1);
        if (key == "{prev}") {
            message +=
                quote_for_message(is_reserved_word(prev) ? ascii_upper(prev) : std::string(prev));
        } else if (key == "{open}") {
            message += st.opens.empty() ? std::string("?") : st.location(st.opens.back().offset);
        } else if (key == "{next}") {
            message += quote_for_message(next);
        } else if (key == "{NEXT}") {
            message += quote_for_message(ascii_upper(next));
        } else {
            message += pattern[i];
            continue;
        }
        i += key.size() - 1;
    }
    st.fail(span, std::move(message));
}

// ---------------------------------------------------------------------------------------------
// Control: messages on hard failure, and the recursion bound.

template <typename Rule> struct control : pegtl::normal<Rule> {
    // A lambda's body is a level of its own besides its call's arguments: each lambda
    // multiplies what its evaluation makes, so `transform(a, x -> transform(a, y -> ...))`
    // counts two levels per call, as it did when the tree's depth was bounded.
    static constexpr bool nests =
        std::is_same_v<Rule, g::expr> || std::is_same_v<Rule, g::unary_operand> ||
        std::is_same_v<Rule, g::not_operand> || std::is_same_v<Rule, g::lambda_body>;

    template <typename Input> static void start(const Input& in, State& st) {
        if constexpr (nests) {
            // The outermost expression is level 0: 1000 nested levels are allowed.
            if (++st.depth > kMaxNestingDepth + 1) {
                const char* at = in.current();
                st.fail({st.offset(at), st.offset(at) + token_length(at, in.end())}, kTooDeep);
            }
        }
    }
    template <typename Input> static void success(const Input&, State& st) {
        if constexpr (nests) {
            --st.depth;
        }
    }
    template <typename Input> static void failure(const Input&, State& st) {
        if constexpr (nests) {
            --st.depth;
        }
    }
    template <typename Input> [[noreturn]] static void raise(const Input& in, State& st) {
        raise_error<Rule>(in.current(), in.end(), st);
    }
};

// ---------------------------------------------------------------------------------------------
// Input hygiene

/// Rejects a NUL byte or a malformed UTF-8 sequence (overlong, surrogate, beyond U+10FFFF).
void check_text(const State& st, std::size_t begin, std::size_t end) {
    const std::string_view text(st.file + begin, end - begin);
    if (const std::optional<BadText> bad = find_bad_text(text)) {
        st.fail({begin + bad->at, begin + bad->at + bad->length}, bad->message());
    }
}

// PEGTL spends several frames per grammar rule; a debug build under AddressSanitizer needs about
// 12 KB of stack per nesting level (measured with clang 14), so 1000 levels would not fit in
// the usual 8 MB main stack. A statement that could nest deeply is therefore parsed on a thread
// with its own stack, large enough for kMaxNestingDepth levels in any build (its pages are only
// touched as they are used); the others, nearly all, are parsed right here.
constexpr std::size_t kParserStackBytes = std::size_t{64} << 20;
constexpr std::size_t kInlineNestingBound = 100;

/// Whether the parser's recursion depth over `text` stays within `limit`, by an upper bound:
/// only `(`, `[`, a unary operator (`-` `+` `~` `!`, the `-` of `->` too), NOT and CASE open a
/// level, each at most one. Stops at the first level past the limit: a wide statement is
/// settled in its first few hundred bytes instead of a scan of all of it.
bool nesting_within(std::string_view text, std::size_t limit) {
    std::size_t bound = 1;
    std::size_t i = 0;
    while (i < text.size() && bound <= limit) {
        const char c = text[i];
        if (std::isalpha(static_cast<unsigned char>(c)) != 0) {
            const std::size_t start = i;
            while (i < text.size() && std::isalnum(static_cast<unsigned char>(text[i])) != 0) {
                ++i;
            }
            const std::string_view word = text.substr(start, i - start);
            bound +=
                equal_ignoring_ascii_case(word, "not") || equal_ignoring_ascii_case(word, "case")
                    ? 1U
                    : 0U;
            continue;
        }
        bound += std::string_view("([-+~!").find(c) != std::string_view::npos ? 1U : 0U;
        ++i;
    }
    return bound <= limit;
}

} // namespace

ast::Statement parse_statement(const std::shared_ptr<const SourceFile>& source,
                               const StatementText& text, std::size_t max_nodes) {
    const std::string& file = source->text();
    const std::size_t begin = std::min<std::size_t>(text.span.begin, file.size());
    const std::size_t end = std::clamp<std::size_t>(text.span.end, begin, file.size());

    // The parser's state holds the trees built so far: it lives and dies on the thread that
    // parses, whose stack letting a deep tree go needs as much as building it.
    std::optional<ast::Statement> statement;
    auto parse = [&] {
        State st;
        st.source = source;
        st.file = file.data();
        st.last_token = {begin, begin};
        st.max_nodes = max_nodes;
        check_text(st, begin, end);
        pegtl::memory_input<pegtl::tracking_mode::lazy> in(file.data() + begin, file.data() + end,
                                                           source->name());
        try {
            if (!pegtl::parse<g::statement, action, control>(in, st)) {
                throw InternalError("the SQL grammar failed without a diagnostic");
            }
        } catch (const pegtl::parse_error& e) {
            // Only PEGTL's own checks get here; every rule of ours raises a SqlError.
            const std::size_t at = begin + (e.positions().empty() ? 0 : e.positions().front().byte);
            throw_sql_error(source, {at, at}, std::string(e.message()));
        }
        if (!st.values.empty() || !st.chains.empty() || !st.opens.empty() || st.done.size() != 1 ||
            !st.queries.empty() || !st.selects.empty() || !st.froms.empty() || !st.joins.empty()) {
            throw InternalError("the SQL parser left unconsumed state");
        }
        statement.emplace();
        statement->index = text.index;
        statement->span = {begin, end};
        statement->query = std::move(*st.done.back());
    };
    const std::string_view statement_text(file.data() + begin, end - begin);
    if (nesting_within(statement_text, kInlineNestingBound) &&
        stack_bytes_for_statement(statement_text.size()) == 0) {
        parse();
    } else {
        run_with_stack(kParserStackBytes + stack_bytes_for_statement(statement_text.size()), parse);
    }
    return std::move(*statement);
}

bool only_blanks(std::string_view text) {
    tao::pegtl::memory_input<> in(text.data(), text.size(), "");
    try {
        return tao::pegtl::parse<tao::pegtl::seq<g::skip, tao::pegtl::eof>>(in);
    } catch (const tao::pegtl::parse_error&) {
        return false; // an unterminated comment
    }
}

} // namespace prune
