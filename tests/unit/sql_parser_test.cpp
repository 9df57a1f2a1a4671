#include <catch2/catch.hpp>

#include <array>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "grammar/sql.hpp"
#include "sql/parser.hpp"
#include "support.hpp"

using namespace prune;

namespace {

std::shared_ptr<const SourceFile> file(const std::string& text) {
    return std::make_shared<const SourceFile>("q.sql", text);
}

/// Parses a file holding exactly one statement.
ast::Statement parse_one(const std::shared_ptr<const SourceFile>& source) {
    const auto statements = split_statements(*source);
    REQUIRE(statements.size() == 1);
    return parse_statement(source, statements[0]);
}

ast::Statement parse_one(const std::string& sql) { return parse_one(file(sql)); }

// A compact, location-free rendering of an expression, to state precedence and shapes in
// tables: (op lhs rhs), name(args), (lambda (x) body), ...
/// The table a plain SELECT reads.
const ast::TableRef& table_of(const ast::Select& select) {
    return std::get<ast::TableRef>(select.from->node);
}

std::string sexpr(const ast::ExprPtr& e);

std::string ident(const ast::Identifier& id) {
    return id.quoted ? "`" + id.name + "`" : id.name.str();
}

std::string sexpr_node(const ast::Literal& n) {
    static const char* const kinds[] = {"Null",   "Boolean",   "Integer",      "Decimal",
                                        "Double", "Float",     "String",       "Binary",
                                        "Date",   "Timestamp", "TimestampNtz", "Interval"};
    static const char* const suffixes[] = {"", "L", "S", "Y", "BD"};
    std::string out = kinds[static_cast<int>(n.kind)];
    if (n.kind == ast::LiteralKind::Null) {
        return out;
    }
    out += "(" + n.text;
    if (n.suffix != ast::IntegerSuffix::None) {
        out += std::string(",") + suffixes[static_cast<int>(n.suffix)];
    }
    if (!n.interval_unit.empty()) {
        out += "," + n.interval_unit;
    }
    return out + ")";
}

std::string dotted(const ast::Identifiers& parts) {
    std::string out;
    for (const auto& part : parts) {
        out += (out.empty() ? "" : ".") + ident(part);
    }
    return out;
}

std::string sexpr_node(const ast::NameRef& n) { return dotted(n.parts); }

std::string sexpr_node(const ast::Star& n) {
    std::string out = n.qualifier().empty() ? "*" : dotted(n.qualifier()) + ".*";
    for (std::size_t i = 0; i < n.except().size(); ++i) {
        out += (i == 0 ? " EXCEPT (" : ", ") + dotted(n.except()[i]);
    }
    return n.except().empty() ? out : out + ")";
}
std::string sexpr_node(const ast::FieldAccess& n) {
    return "(. " + sexpr(n.base) + " " + ident(n.field) + ")";
}
std::string sexpr_node(const ast::Subscript& n) {
    return "([] " + sexpr(n.base) + " " + sexpr(n.index) + ")";
}
std::string sexpr_node(const ast::Call& n) {
    std::string out = ident(n.name) + "(" + (n.distinct ? "DISTINCT " : "");
    for (std::size_t i = 0; i < n.args.size(); ++i) {
        out += (i ? " " : "") + std::string(n.filtered && i + 1 == n.args.size() ? "FILTER " : "") +
               sexpr(n.args[i]);
    }
    return out + ")";
}
std::string sexpr_node(const ast::Lambda& n) {
    std::string params;
    for (const auto& p : n.params) {
        params += (params.empty() ? "" : " ") + ident(p);
    }
    return "(lambda (" + params + ") " + sexpr(n.body) + ")";
}
std::string sexpr_node(const ast::Unary& n) {
    static const char* const ops[] = {"NOT", "-", "+", "~"};
    return std::string("(") + ops[static_cast<int>(n.op)] + " " + sexpr(n.operand) + ")";
}
std::string sexpr_node(const ast::Binary& n) {
    static const char* const ops[] = {"OR", "AND", "=", "<=>", "<>", "<",   "<=", ">", ">=", "||",
                                      "+",  "-",   "*", "/",   "%",  "DIV", "&",  "|", "^"};
    return std::string("(") + ops[static_cast<int>(n.op)] + " " + sexpr(n.lhs) + " " +
           sexpr(n.rhs) + ")";
}
std::string sexpr_node(const ast::IsNull& n) {
    return std::string(n.negated ? "(IS NOT NULL " : "(IS NULL ") + sexpr(n.operand) + ")";
}
std::string sexpr_node(const ast::IsBool& n) {
    return std::string("(IS ") + (n.negated ? "NOT " : "") + (n.value ? "TRUE " : "FALSE ") +
           sexpr(n.operand) + ")";
}
std::string sexpr_node(const ast::In& n) {
    std::string out = std::string(n.negated ? "(NOT IN " : "(IN ") + sexpr(n.operand);
    for (const auto& item : n.list) {
        out += " " + sexpr(item);
    }
    return out + ")";
}
std::string sexpr_node(const ast::Between& n) {
    return std::string(n.negated ? "(NOT BETWEEN " : "(BETWEEN ") + sexpr(n.operand) + " " +
           sexpr(n.low) + " " + sexpr(n.high) + ")";
}
std::string sexpr_node(const ast::Like& n) {
    return std::string("(") + (n.negated ? "NOT " : "") + std::string(ast::like_keyword(n.kind)) +
           " " + sexpr(n.operand) + " " + sexpr(n.pattern) +
           (n.escape ? " ESCAPE " + sexpr(n.escape) : "") + ")";
}
std::string sexpr_node(const ast::QuantifiedLike& n) {
    std::string out = std::string("(") + (n.negated ? "NOT " : "") +
                      std::string(ast::like_keyword(n.kind)) + (n.all ? " ALL " : " ANY ") +
                      sexpr(n.operand);
    for (const auto& pattern : n.patterns) {
        out += " " + sexpr(pattern);
    }
    return out + ")";
}
std::string sexpr_node(const ast::Cast& n) {
    static constexpr std::array<const char*, 3> kHeads = {"(CAST ", "(:: ", "(TRY_CAST "};
    return kHeads.at(static_cast<std::size_t>(n.syntax)) + sexpr(n.operand) + " " + n.type_text +
           ")";
}
std::string sexpr_node(const ast::Case& n) {
    std::string out = "(CASE";
    if (n.operand) {
        out += " " + sexpr(n.operand);
    }
    for (const auto& [when, then] : n.branches) {
        out += " (WHEN " + sexpr(when) + " " + sexpr(then) + ")";
    }
    if (n.else_value) {
        out += " (ELSE " + sexpr(n.else_value) + ")";
    }
    return out + ")";
}

std::string sexpr_node(const ast::SubqueryExpr& n) {
    static constexpr std::array<const char*, 3> kHeads = {"(SUBQUERY", "(EXISTS", "(IN-SUBQUERY"};
    return std::string(kHeads.at(static_cast<std::size_t>(n.kind))) +
           (n.operand ? " " + sexpr(n.operand) : "") + ")";
}
std::string sexpr_node(const ast::Over& n) {
    const ast::WindowSpec& w = *n.window;
    std::string out = "(OVER " + sexpr(n.function) + (n.ignore_nulls ? " IGNORE NULLS" : "");
    if (w.base) {
        out += " " + w.base->name;
    }
    for (const ast::ExprPtr& p : w.partition) {
        out += " (PARTITION " + sexpr(p) + ")";
    }
    for (const ast::OrderItem& o : w.order) {
        out += " (ORDER " + sexpr(o.expr) + (o.ascending ? " ASC" : " DESC") + ")";
    }
    if (w.frame) {
        out += w.frame->type == ast::FrameType::Rows ? " ROWS" : " RANGE";
        for (const ast::FrameBound* b : {&w.frame->lower, &w.frame->upper}) {
            out += " " + std::to_string(static_cast<int>(b->kind));
            if (b->value) {
                out += ":" + sexpr(b->value);
            }
        }
    }
    return out + ")";
}

std::string sexpr(const ast::ExprPtr& e) {
    REQUIRE(e);
    return std::visit([](const auto& node) { return sexpr_node(node); }, e->node);
}

/// The first select item of `SELECT <expression> FROM t`.
std::string expr_of(const std::string& expression) {
    const ast::Statement s = parse_one("SELECT " + expression + " FROM t");
    REQUIRE(s.select().items.size() == 1);
    return sexpr(s.select().items[0].expr);
}

struct Rejection {
    std::string message;
    std::string at; // line:column
};

/// The diagnostic of a statement that must be rejected.
Rejection rejection(const std::shared_ptr<const SourceFile>& source, const StatementText& text) {
    try {
        parse_statement(source, text);
    } catch (const SqlError& e) {
        const Location loc = source->location(e.diagnostic().span.begin);
        return {e.diagnostic().message,
                std::to_string(loc.line) + ":" + std::to_string(loc.column)};
    }
    FAIL("accepted: " << source->text());
    return {};
}

Rejection rejection(const std::string& sql) {
    const auto source = file(sql);
    const auto statements = split_statements(*source);
    REQUIRE(statements.size() == 1);
    return rejection(source, statements[0]);
}

bool same_ignoring_case(std::string a, std::string b) {
    for (auto* s : {&a, &b}) {
        for (char& c : *s) {
            c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
    }
    return a == b;
}

using prune_test::repeat;

} // namespace

TEST_CASE("the SQL grammar has no left recursion and no loop without progress", "[grammar]") {
    namespace g = grammar::sql;
    CHECK(tao::pegtl::analyze<g::statement>() == 0);
    CHECK(tao::pegtl::analyze<g::expr>() == 0);
    CHECK(tao::pegtl::analyze<g::skip>() == 0);
}

TEST_CASE("every query of Spark's pruning cases parses", "[parser]") {
    std::ifstream in(std::string(PRUNE_SOURCE_DIR) + "/tests/data/spark_cases.jsonl");
    REQUIRE(in);
    std::string line;
    int count = 0;
    while (std::getline(in, line)) {
        if (line.empty()) {
            continue;
        }
        const auto json = nlohmann::json::parse(line);
        const std::string query = json.at("query");
        CAPTURE(json.at("id").get<std::string>(), query);
        const auto source = file(query);
        const auto statements = split_statements(*source);
        REQUIRE(statements.size() == 1);
        const ast::Statement s = parse_statement(source, statements[0]);
        CHECK(same_ignoring_case(table_of(s.select()).name.name.str(),
                                 json.at("table").get<std::string>()));
        CHECK_FALSE(s.select().items.empty());
        ++count;
    }
    CHECK(count == 73);
}

TEST_CASE("expressions follow Spark's precedence", "[parser]") {
    const auto [expression, expected] = GENERATE(table<std::string, std::string>({
        // valueExpression: * / % DIV > + - || > & > ^ > | > comparison
        {"a + b * c", "(+ a (* b c))"},
        {"a * b + c", "(+ (* a b) c)"},
        {"a - b - c", "(- (- a b) c)"},
        {"a / b % c DIV d", "(DIV (% (/ a b) c) d)"},
        {"a || b + c", "(+ (|| a b) c)"},
        {"a + b || c", "(|| (+ a b) c)"},
        {"a & b + c", "(& a (+ b c))"},
        {"a ^ b & c", "(^ a (& b c))"},
        {"a | b ^ c", "(| a (^ b c))"},
        {"a = b | c", "(= a (| b c))"},
        {"a | b = c", "(= (| a b) c)"},
        {"a < b = c", "(= (< a b) c)"},
        {"a == b", "(= a b)"},
        {"a <=> b", "(<=> a b)"},
        {"a != b", "(<> a b)"},
        {"a <> b", "(<> a b)"},
        {"a <= b", "(<= a b)"},
        {"a >= b", "(>= a b)"},
        {"a > b", "(> a b)"},
        // unary binds tighter than every binary operator
        {"-a * b", "(* (- a) b)"},
        {"- - a", "(- (- a))"},
        {"~a & b", "(& (~ a) b)"},
        {"+a", "(+ a)"},
        {"a - -b", "(- a (- b))"},
        // booleans: OR < AND < NOT < predicates
        {"a OR b AND c", "(OR a (AND b c))"},
        {"a AND b OR c", "(OR (AND a b) c)"},
        {"NOT a AND b", "(AND (NOT a) b)"},
        {"NOT a = b", "(NOT (= a b))"},
        {"!a", "(NOT a)"},
        {"NOT NOT a", "(NOT (NOT a))"},
        {"a = 1 IS NULL", "(IS NULL (= a Integer(1)))"},
        {"a IS NOT NULL AND b IS NULL", "(AND (IS NOT NULL a) (IS NULL b))"},
        {"a IS TRUE", "(IS TRUE a)"},
        {"a IS NOT FALSE", "(IS NOT FALSE a)"},
        // Spark's AstBuilder: IS DISTINCT FROM is Not(EqualNullSafe), its negation EqualNullSafe.
        {"a IS DISTINCT FROM b", "(NOT (<=> a b))"},
        {"a IS NOT DISTINCT FROM b + 1", "(<=> a (+ b Integer(1)))"},
        {"a is not distinct from b AND c", "(AND (<=> a b) c)"},
        {"NOT a IS DISTINCT FROM b", "(NOT (NOT (<=> a b)))"},
        {"a IS DISTINCT FROM (b IS NOT NULL)", "(NOT (<=> a (IS NOT NULL b)))"},
        {"a IS NOT DISTINCT FROM (b IS DISTINCT FROM c)", "(<=> a (NOT (<=> b c)))"},
        {"a BETWEEN 1 AND 2 AND b", "(AND (BETWEEN a Integer(1) Integer(2)) b)"},
        {"a NOT BETWEEN b + 1 AND c", "(NOT BETWEEN a (+ b Integer(1)) c)"},
        {"a IN (1, b, c + 1)", "(IN a Integer(1) b (+ c Integer(1)))"},
        {"a NOT IN (1)", "(NOT IN a Integer(1))"},
        {"a LIKE 'x%'", "(LIKE a String(x%))"},
        {"a NOT RLIKE b || 'y'", "(NOT RLIKE a (|| b String(y)))"},
        {"a REGEXP b", "(RLIKE a b)"},
        {"a NOT regexp b || 'y'", "(NOT RLIKE a (|| b String(y)))"},
        {"a LIKE 'x!%' ESCAPE '!'", "(LIKE a String(x!%) ESCAPE String(!))"},
        {"a NOT LIKE b || 'y' escape r'\\'", "(NOT LIKE a (|| b String(y)) ESCAPE String(\\))"},
        {"a LIKE 'x' ESCAPE '#' AND b", "(AND (LIKE a String(x) ESCAPE String(#)) b)"},
        {"a ILIKE 'x%'", "(ILIKE a String(x%))"},
        {"a NOT iLike 'x!%' ESCAPE '!'", "(NOT ILIKE a String(x!%) ESCAPE String(!))"},
        // A quantifier and its patterns; SOME is ANY, and `any(` after LIKE is the quantifier.
        {"a LIKE ANY ('x%', b)", "(LIKE ANY a String(x%) b)"},
        {"a LIKE some('x%')", "(LIKE ANY a String(x%))"},
        {"a NOT ILIKE ALL ('x%', 'y')", "(NOT ILIKE ALL a String(x%) String(y))"},
        {"a LIKE any", "(LIKE a any)"},
        // runs of AND / OR are balanced, as Spark's AstBuilder builds them
        {"a AND b AND c", "(AND (AND a b) c)"},
        {"a AND b AND c AND d", "(AND (AND a b) (AND c d))"},
        {"a OR b OR c OR d OR e", "(OR (OR (OR a b) c) (OR d e))"},
        {"a OR b AND c AND d OR e", "(OR (OR a (AND (AND b c) d)) e)"},
        {"(a AND b) AND c", "(AND (AND a b) c)"},
        {"a AND (b AND (c AND d))", "(AND a (AND b (AND c d)))"},
        // postfix chains
        {"a.b.c", "a.b.c"},
        {"a.b[0].c", "(. ([] a.b Integer(0)) c)"},
        {"f(x).a[0].b", "(. ([] (. f(x) a) Integer(0)) b)"},
        {"(s).c", "(. s c)"},
        {"m['k'].v", "(. ([] m String(k)) v)"},
        {"a[b[0]]", "([] a ([] b Integer(0)))"},
        {"a.end", "a.end"},
        {"a.`x y`.from", "a.`x y`.from"},
        {"a . b", "a.b"},
        {"-a.b[1]", "(- ([] a.b Integer(1)))"},
    }));
    CAPTURE(expression);
    CHECK(expr_of(expression) == expected);
}

TEST_CASE("calls, lambdas, CASE and CAST", "[parser]") {
    const auto [expression, expected] = GENERATE(table<std::string, std::string>({
        {"f()", "f()"},
        {"count(*)", "count(*)"},
        {"count(t.*)", "count(t.*)"},
        {"count(DISTINCT a, b)", "count(DISTINCT a b)"},
        {"count(ALL a)", "count(a)"},
        // An aggregate's FILTER condition is its last argument (sexpr shows it after FILTER).
        {"count(*) FILTER (WHERE a > 1)", "count(* FILTER (> a Integer(1)))"},
        {"sum(DISTINCT s.x) filter (where s.y = 'z' AND b)",
         "sum(DISTINCT s.x FILTER (AND (= s.y String(z)) b))"},
        {"f(x) FILTER (WHERE g(y) FILTER (WHERE z))", "f(x FILTER g(y FILTER z))"},
        {"filter(xs, x -> x) FILTER (WHERE a)", "filter(xs (lambda (x) x) FILTER a)"},
        {"transform(xs, x -> x + 1)", "transform(xs (lambda (x) (+ x Integer(1))))"},
        {"transform(xs, (x, i) -> x.a[i])", "transform(xs (lambda (x i) ([] x.a i)))"},
        {"transform(xs, (x) -> x)", "transform(xs (lambda (x) x))"},
        {"aggregate(xs, 0, (acc, x) -> acc + x, acc -> acc * 2)",
         "aggregate(xs Integer(0) (lambda (acc x) (+ acc x)) (lambda (acc) (* acc Integer(2))))"},
        {"transform(xs, x -> transform(x.ys, y -> y.z))",
         "transform(xs (lambda (x) transform(x.ys (lambda (y) y.z))))"},
        {"filter(xs, x -> x.a > 0 AND x.b IS NOT NULL)",
         "filter(xs (lambda (x) (AND (> x.a Integer(0)) (IS NOT NULL x.b))))"},
        {"exists(xs, x -> x)", "exists(xs (lambda (x) x))"},
        {"`filter`(xs, x -> x)", "`filter`(xs (lambda (x) x))"},
        {"if(a, b, c)", "if(a b c)"},
        {"CASE WHEN a THEN 1 END", "(CASE (WHEN a Integer(1)))"},
        {"CASE a WHEN 1 THEN 'x' WHEN 2 THEN 'y' ELSE 'z' END",
         "(CASE a (WHEN Integer(1) String(x)) (WHEN Integer(2) String(y)) (ELSE String(z)))"},
        {"case when a > 0 then -1 else 0 end",
         "(CASE (WHEN (> a Integer(0)) (- Integer(1))) (ELSE Integer(0)))"},
        {"CAST(a AS INT)", "(CAST a INT)"},
        {"cast(a as decimal(10, 2))", "(CAST a decimal(10, 2))"},
        {"CAST(a AS decimal (10,2))", "(CAST a decimal (10,2))"},
        {"CAST(a AS ARRAY<STRUCT<x: INT, `y>`: MAP<STRING, DECIMAL(3,1)>>>)",
         "(CAST a ARRAY<STRUCT<x: INT, `y>`: MAP<STRING, DECIMAL(3,1)>>>)"},
        {"CAST(a AS struct<c: string comment 'a > b'>)",
         "(CAST a struct<c: string comment 'a > b'>)"},
        {"CAST(a AS interval day to second)", "(CAST a interval day to second)"},
        {"CAST(NULL AS INT)", "(CAST Null INT)"},
        // `::` is a postfix like `.f` and `[i]` (Spark 4's castByColon), left to right.
        {"a::int", "(:: a int)"},
        {"a.b::int", "(:: a.b int)"},
        {"-a::int", "(- (:: a int))"},
        {"a + b::int * c", "(+ a (* (:: b int) c))"},
        {"a::int = b", "(= (:: a int) b)"},
        {"x::array<int>[0]", "([] (:: x array<int>) Integer(0))"},
        {"x::struct<f: int>.f", "(. (:: x struct<f: int>) f)"},
        {"f(x)[1]::decimal(10, 2)", "(:: ([] f(x) Integer(1)) decimal(10, 2))"},
        {"a::int::string", "(:: (:: a int) string)"},
        {"a :: interval day to second", "(:: a interval day to second)"},
        {"CAST(a AS int)::string", "(:: (CAST a int) string)"},
        {"TRY_CAST(a AS int)", "(TRY_CAST a int)"},
        {"try_cast(a.b + 1 AS array<int>)", "(TRY_CAST (+ a.b Integer(1)) array<int>)"},
        {"try_cast", "try_cast"},
        {"try_cast.x", "try_cast.x"},
        // Spark's special call forms, desugared as its AstBuilder does.
        {"position('a' IN s)", "locate(String(a) s)"},
        {"position(a || b IN s.t)", "locate((|| a b) s.t)"},
        {"position('a', s, 2)", "position(String(a) s Integer(2))"},
        {"position", "position"},
        {"trim(s)", "trim(s)"},
        {"trim(BOTH FROM s)", "trim(s)"},
        {"trim(FROM s)", "trim(s)"},
        {"trim(both 'x' from s)", "trim(String(x) s)"},
        {"trim(LEADING 'x' FROM s)", "ltrim(String(x) s)"},
        {"trim(TRAILING FROM s)", "rtrim(s)"},
        {"trim('x' FROM s)", "trim(String(x) s)"},
        {"trim(c FROM s)", "trim(c s)"},
        {"trim(both)", "trim(both)"}, // a column called both
        {"trim(both, leading)", "trim(both leading)"},
        {"substring(s FROM 2)", "substring(s Integer(2))"},
        {"substr(s.t FROM 2 FOR n + 1)", "substring(s.t Integer(2) (+ n Integer(1)))"},
        {"SUBSTR(s FROM 2 FOR 3)", "substring(s Integer(2) Integer(3))"},
        {"substr(s, 2)", "substr(s Integer(2))"},
        {"overlay(s PLACING 'x' FROM 2)", "overlay(s String(x) Integer(2))"},
        {"overlay(s PLACING r FROM 2 FOR 1)", "overlay(s r Integer(2) Integer(1))"},
        {"rlike(s, 'x')", "rlike(s String(x))"},
        {"RLIKE(s, 'x')", "RLIKE(s String(x))"},
        {"regexp(s, 'x')", "regexp(s String(x))"},
        // struct's named fields: each value then its name, or NULL where none was written.
        {"struct(a AS x, b.c, d + 1 AS `y z`)",
         "struct(a String(x) b.c Null (+ d Integer(1)) String(y z))"},
        {"struct(a, b)", "struct(a b)"},
    }));
    CAPTURE(expression);
    CHECK(expr_of(expression) == expected);
}

TEST_CASE("subquery expressions: scalar, EXISTS, IN and their negations", "[parser]") {
    const auto [expression, expected] = GENERATE(table<std::string, std::string>({
        {"(SELECT max(b) FROM u)", "(SUBQUERY)"},
        {"(SELECT 1) + 1", "(+ (SUBQUERY) Integer(1))"},
        {"((SELECT 1))", "(SUBQUERY)"},
        {"EXISTS (SELECT 1 FROM u)", "(EXISTS)"},
        {"NOT EXISTS (WITH v AS (SELECT 1) SELECT * FROM v)", "(NOT (EXISTS))"},
        {"a IN (SELECT b FROM u)", "(IN-SUBQUERY a)"},
        {"a NOT IN (SELECT b FROM u UNION SELECT c FROM v)", "(NOT (IN-SUBQUERY a))"},
        {"a + 1 IN (SELECT b FROM u) AND c", "(AND (IN-SUBQUERY (+ a Integer(1))) c)"},
        // `exists` is also the higher-order function's name: a call unless a query follows.
        {"exists(arr, x -> x > 0)", "exists(arr (lambda (x) (> x Integer(0))))"},
        {"a IN (1, 2)", "(IN a Integer(1) Integer(2))"},
    }));
    CAPTURE(expression);
    CHECK(expr_of(expression) == expected);
    // The query is the node's, with its own clauses.
    const ast::Statement s = parse_one("SELECT a FROM t WHERE a IN (SELECT b FROM u WHERE c > 1)");
    const auto* in = std::get_if<ast::SubqueryExpr>(&s.select().where->node);
    REQUIRE(in != nullptr);
    REQUIRE(in->query->select() != nullptr);
    CHECK(sexpr(in->query->select()->where) == "(> c Integer(1))");
}

TEST_CASE("literals", "[parser]") {
    const auto [expression, expected] = GENERATE(table<std::string, std::string>({
        {"1", "Integer(1)"},
        {"10L", "Integer(10,L)"},
        {"10l", "Integer(10,L)"},
        {"3S", "Integer(3,S)"},
        {"3Y", "Integer(3,Y)"},
        {"3BD", "Integer(3,BD)"},
        {"3bd", "Integer(3,BD)"},
        {"1.5", "Decimal(1.5)"},
        {"1.50", "Decimal(1.50)"},
        {".5", "Decimal(.5)"},
        {"5.", "Decimal(5.)"},
        {"1.5BD", "Decimal(1.5,BD)"},
        {"1e3", "Double(1e3)"},
        {"1.5E-2", "Double(1.5E-2)"},
        {"1.5D", "Double(1.5)"},
        {"2d", "Double(2)"},
        {"1.5F", "Float(1.5)"},
        {"1e3f", "Float(1e3)"},
        {"TRUE", "Boolean(true)"},
        {"false", "Boolean(false)"},
        {"NULL", "Null"},
        {"'abc'", "String(abc)"},
        {"\"abc\"", "String(abc)"},
        {"'a' 'b' \"c\"", "String(abc)"},
        {"'it''s'", "String(it's)"},
        {"\"say \"\"hi\"\"\"", "String(say \"hi\")"},
        {"'it\\'s'", "String(it's)"},
        {"'a\\tb\\nc'", "String(a\tb\nc)"},
        {"'\\\\'", "String(\\)"},
        {"'100\\%'", "String(100\\%)"},
        {"'a\\_b'", "String(a\\_b)"},
        {"'\\q'", "String(q)"},
        {"'\\u00e9'", "String(\xc3\xa9)"},
        {"'\\uD83D\\uDE00'", "String(\xf0\x9f\x98\x80)"},
        {"'\\U0001F600'", "String(\xf0\x9f\x98\x80)"},
        {"'\\101'", "String(A)"},
        {"'\\Z'", "String(\x1A)"},
        {"'é'", "String(é)"},
        // A word that merely ends in r, or an r and a blank, starts no raw string.
        {"timestamp_ntz", "timestamp_ntz"},
        {"X'0A1b'", "Binary(0A1b)"},
        {"x''", "Binary()"},
        {"DATE '2024-01-01'", "Date(2024-01-01)"},
        {"date\"2024-01-01\"", "Date(2024-01-01)"},
        {"TIMESTAMP '2024-01-01 10:00:00'", "Timestamp(2024-01-01 10:00:00)"},
        // TIMESTAMP_LTZ is TimestampType, as TIMESTAMP is by default.
        {"TIMESTAMP_LTZ '2024-01-01 10:00:00'", "Timestamp(2024-01-01 10:00:00)"},
        {"timestamp_ntz '2024-01-01 10:00:00'", "TimestampNtz(2024-01-01 10:00:00)"},
        {"TIMESTAMP_NTZ\"2024-01-01\"", "TimestampNtz(2024-01-01)"},
        {"TIMESTAMP_NTZ r'2024-01-01'", "TimestampNtz(2024-01-01)"},
        // Raw strings (Spark 3.5+): no escapes at all; they join adjacent strings as any do.
        {"r'a\\b'", "String(a\\b)"},
        {"R\"a\\tb\"", "String(a\\tb)"},
        {"r'\\'", "String(\\)"},
        {"r'it''s'", "String(its)"},
        {"r'a\\' 'b\\tc' R\"d\"", "String(a\\b\tcd)"},
        {"r''", "String()"},
        {"INTERVAL '1' DAY", "Interval(1,DAY)"},
        {"interval 3 hours", "Interval(03,HOUR)"},
        {"INTERVAL '1-2' YEAR TO MONTH", "Interval(1-2,YEAR TO MONTH)"},
        {"INTERVAL '10 11:12' DAY TO MINUTE", "Interval(10 11:12,DAY TO MINUTE)"},
        {"INTERVAL '1 day'", "Interval(1 day)"},
        {"interval -2 weeks", "Interval(-14,DAY)"},
        {"-1", "(- Integer(1))"},
    }));
    CAPTURE(expression);
    CHECK(expr_of(expression) == expected);
}

TEST_CASE("the NUL escape keeps its byte", "[parser]") {
    const ast::Statement s = parse_one("SELECT 'a\\0b' FROM t");
    const auto& lit = std::get<ast::Literal>(s.select().items[0].expr->node);
    CHECK(lit.text == std::string("a\0b", 3));
}

TEST_CASE("names: reserved words, ordinary words, backquotes", "[parser]") {
    const auto [expression, expected] = GENERATE(table<std::string, std::string>({
        {"first", "first"},
        {"last", "last"},
        {"date", "date"},
        {"timestamp", "timestamp"},
        {"filter", "filter"},
        {"date.year", "date.year"},
        {"x", "x"},
        {"`select`", "`select`"},
        {"`a b`", "`a b`"},
        {"`x``y`", "`x`y`"},
        {"_a1", "_a1"},
        {"naïve", "naïve"},
        {"名前.値", "名前.値"},
        {"Ωmega", "Ωmega"},
    }));
    CAPTURE(expression);
    CHECK(expr_of(expression) == expected);
}

TEST_CASE("ALL in GROUP BY and ORDER BY is the name 'ALL' as written", "[parser]") {
    const ast::Statement s = parse_one("select a from t group by All order by ALL desc nulls last");
    REQUIRE(s.select().group_by.size() == 1);
    CHECK(sexpr(s.select().group_by[0]) == "All");
    REQUIRE(s.select().order_by.size() == 1);
    CHECK(sexpr(s.select().order_by[0].expr) == "ALL");
    CHECK_FALSE(s.select().order_by[0].ascending);
    CHECK(s.select().order_by[0].nulls_first == false);
}

TEST_CASE("a star's qualifier keeps every part before '.*'", "[parser]") {
    const ast::Statement s = parse_one("select s.*, t.s.inner.*, a . b . *, x.`q r`.end.* from t");
    const ast::Select& q = s.select();
    REQUIRE(q.items.size() == 4);
    CHECK(sexpr(q.items[0].expr) == "s.*");
    CHECK(sexpr(q.items[1].expr) == "t.s.inner.*");
    CHECK(sexpr(q.items[2].expr) == "a.b.*");
    CHECK(sexpr(q.items[3].expr) == "x.`q r`.end.*");
    CHECK(q.items[1].expr->span.begin == 12);
    CHECK(q.items[1].expr->span.end == 23);
}

TEST_CASE("SORT BY, DISTRIBUTE BY, CLUSTER BY and hints", "[parser]") {
    // SORT is no alias before BY (it was: `unexpected 'by' after the end of the statement`).
    const ast::Statement sorted = parse_one("SELECT a FROM t SORT BY a DESC NULLS FIRST, b");
    const ast::Select& s = sorted.select();
    CHECK_FALSE(table_of(s).alias);
    REQUIRE(s.partitioning.sort_by.size() == 2);
    CHECK_FALSE(s.partitioning.sort_by[0].ascending);
    CHECK(s.partitioning.sort_by[0].nulls_first == true);
    CHECK(s.order_by.empty());
    // Elsewhere the words are names.
    CHECK(table_of(parse_one("SELECT sort FROM t sort").select()).alias->name == "sort");
    CHECK(parse_one("SELECT a cluster FROM t").select().items[0].alias->name == "cluster");
    const ast::Statement both = parse_one("SELECT a FROM t DISTRIBUTE BY a, b.c SORT BY a");
    CHECK(both.select().partitioning.distribute_by.size() == 2);
    CHECK(both.select().partitioning.sort_by.size() == 1);
    CHECK(parse_one("SELECT a FROM t CLUSTER BY a").select().partitioning.cluster_by.size() == 1);
    CHECK_THROWS_AS(parse_one("SELECT a FROM t ORDER BY a DISTRIBUTE BY a"), SqlError);
    CHECK_THROWS_AS(parse_one("SELECT a FROM t CLUSTER BY a SORT BY a"), SqlError);
    // Hints: statements by commas or blanks, several comments; `/*+` elsewhere is a comment.
    const ast::Statement hinted =
        parse_one("SELECT /*+ REPARTITION(3, a) BROADCAST(u) */ /*+ REBALANCE */ DISTINCT a "
                  "/*+ not a hint */ FROM t");
    const ast::Select& h = hinted.select();
    CHECK(h.distinct);
    REQUIRE(h.hints.size() == 3);
    CHECK(h.hints[0].name.name == "REPARTITION");
    REQUIRE(h.hints[0].args.size() == 2);
    CHECK(sexpr(h.hints[0].args[1]) == "a");
    CHECK(h.hints[1].name.name == "BROADCAST");
    CHECK(h.hints[2].args.empty());
    CHECK_THROWS_AS(parse_one("SELECT /*+ */ a FROM t"), SqlError);
}

TEST_CASE("a star leaves out columns and fields with EXCEPT, and TABLE t is a query", "[parser]") {
    const ast::Statement s =
        parse_one("SELECT * EXCEPT (a, t.b, c.`d e`.f), t.* except(g) FROM t EXCEPT (SELECT 1)");
    const auto* except = std::get_if<ast::SetOperation>(&s.query.body);
    REQUIRE(except != nullptr);
    CHECK(except->kind == ast::SetOpKind::Except);
    REQUIRE(except->left->select() != nullptr);
    const ast::Select& q = *except->left->select();
    REQUIRE(q.items.size() == 2);
    CHECK(sexpr(q.items[0].expr) == "* EXCEPT (a, t.b, c.`d e`.f)");
    CHECK(q.items[0].expr->span.end ==
          std::string_view("SELECT * EXCEPT (a, t.b, c.`d e`.f)").size());
    CHECK(sexpr(q.items[1].expr) == "t.* EXCEPT (g)");

    const ast::Statement table = parse_one("TABLE db.t");
    CHECK(table.select().bare);
    CHECK(table_of(table.select()).name.name == "t");
    const ast::Statement in =
        parse_one("SELECT a FROM u WHERE a IN (TABLE t) AND (VALUES (1)) > 0");
    CHECK_FALSE(in.select().bare);
}

TEST_CASE("clauses of a SELECT", "[parser]") {
    const ast::Statement s = parse_one(
        "select distinct a, b AS x, c y, t.*, * from events AS e where a > 1 group by a, b "
        "having count(*) > 1 order by a, b desc, c asc nulls last, d nulls first limit 10");
    const ast::Select& q = s.select();
    CHECK(q.distinct);
    REQUIRE(q.items.size() == 5);
    CHECK(sexpr(q.items[0].expr) == "a");
    CHECK_FALSE(q.items[0].alias);
    CHECK(q.items[1].alias->name == "x");
    CHECK(q.items[2].alias->name == "y");
    CHECK(sexpr(q.items[3].expr) == "t.*");
    CHECK(sexpr(q.items[4].expr) == "*");
    CHECK(table_of(q).name.name == "events");
    CHECK(table_of(q).qualifier.empty());
    CHECK(table_of(q).alias->name == "e");
    // A qualified name: its parts before the table's own, as written.
    const ast::Statement qualified_statement = parse_one("SELECT a FROM cat.`my db` . t x");
    const ast::Select& qualified = qualified_statement.select();
    REQUIRE(table_of(qualified).qualifier.size() == 2);
    CHECK(table_of(qualified).qualifier[0].name == "cat");
    CHECK(table_of(qualified).qualifier[1].name == "my db");
    CHECK(table_of(qualified).name.name == "t");
    CHECK(table_of(qualified).written_name() == "cat.my db.t");
    CHECK(table_of(qualified).alias->name == "x");
    CHECK(sexpr(q.where) == "(> a Integer(1))");
    REQUIRE(q.group_by.size() == 2);
    CHECK(sexpr(q.group_by[1]) == "b");
    CHECK(sexpr(q.having) == "(> count(*) Integer(1))");
    REQUIRE(q.order_by.size() == 4);
    CHECK(q.order_by[0].ascending);
    CHECK_FALSE(q.order_by[0].nulls_first);
    CHECK_FALSE(q.order_by[1].ascending);
    CHECK(q.order_by[2].ascending);
    CHECK(q.order_by[2].nulls_first == false);
    CHECK(q.order_by[3].nulls_first == true);
    CHECK(sexpr(q.limit) == "Integer(10)");

    const ast::Statement plain = parse_one("SELECT ALL a FROM t x");
    CHECK_FALSE(plain.select().distinct);
    CHECK(table_of(plain.select()).alias->name == "x");
    CHECK_FALSE(plain.select().where);
    CHECK_FALSE(plain.select().having);
    CHECK_FALSE(plain.select().limit);

    // ESCAPE is a non-reserved word: an alias unless a string follows it.
    const ast::Statement escape_alias = parse_one("SELECT a LIKE b escape, c escape FROM t");
    CHECK(escape_alias.select().items[0].alias->name == "escape");
    CHECK(sexpr(escape_alias.select().items[0].expr) == "(LIKE a b)");
    CHECK(escape_alias.select().items[1].alias->name == "escape");
    // So is FILTER: only `FILTER (` after a call is the clause.
    // So is ILIKE: before what ends a select item it is an alias, or a column.
    const ast::Statement ilike_alias = parse_one("SELECT a ilike, ilike FROM t WHERE b ILIKE c");
    CHECK(ilike_alias.select().items[0].alias->name == "ilike");
    CHECK(sexpr(ilike_alias.select().items[1].expr) == "ilike");
    CHECK(sexpr(ilike_alias.select().where) == "(ILIKE b c)");
    const ast::Statement filter_alias = parse_one("SELECT count(*) filter, filter FROM t");
    CHECK(filter_alias.select().items[0].alias->name == "filter");
    CHECK(sexpr(filter_alias.select().items[1].expr) == "filter");

    // OFFSET is no reserved word either: after a table it is the alias unless an OFFSET clause
    // is the only reading that parses (Spark's parser picks that one too).
    const ast::Statement offset_alias = parse_one("SELECT offset FROM t offset WHERE offset > 1");
    CHECK(table_of(offset_alias.select()).alias->name == "offset");
    CHECK_FALSE(offset_alias.select().offset);
    CHECK(table_of(parse_one("SELECT a FROM t offset").select()).alias->name == "offset");
    const ast::Statement offset_clause = parse_one("SELECT a FROM t OFFSET 5");
    CHECK_FALSE(table_of(offset_clause.select()).alias);
    CHECK(sexpr(offset_clause.select().offset) == "Integer(5)");
    const ast::Statement both = parse_one("SELECT a FROM t AS offset LIMIT 2 OFFSET (1)");
    CHECK(table_of(both.select()).alias->name == "offset");
    CHECK(sexpr(both.select().limit) == "Integer(2)");
    CHECK(sexpr(both.select().offset) == "Integer(1)");

    // Spark: LIMIT ALL is no limit.
    CHECK_FALSE(parse_one("SELECT a FROM t LIMIT ALL").select().limit);
    CHECK_FALSE(parse_one("SELECT a FROM t ORDER BY a limit all").select().limit);
}

TEST_CASE("spans are byte ranges of the file", "[parser]") {
    const std::string sql = "-- leading\nSELECT f(a.b) AS x\nFROM t WHERE a = 1;";
    const auto source = file(sql);
    const auto statements = split_statements(*source);
    const ast::Statement s = parse_statement(source, statements[0]);
    const auto text = [&](Span span) { return sql.substr(span.begin, span.end - span.begin); };
    CHECK(text(s.span) == "SELECT f(a.b) AS x\nFROM t WHERE a = 1");
    CHECK(text(s.select().span) == "SELECT f(a.b) AS x\nFROM t WHERE a = 1");
    CHECK(text(s.select().items[0].span) == "f(a.b) AS x");
    CHECK(text(s.select().items[0].expr->span) == "f(a.b)");
    CHECK(text(s.select().items[0].alias->span) == "x");
    CHECK(text(table_of(s.select()).name.span) == "t");
    CHECK(text(s.select().where->span) == "a = 1");
    const auto& call = std::get<ast::Call>(s.select().items[0].expr->node);
    CHECK(text(call.name.span) == "f");
    CHECK(text(call.args[0]->span) == "a.b");
    const auto& name = std::get<ast::NameRef>(call.args[0]->node);
    CHECK(text(name.parts[1].span) == "b");

    const ast::Statement c = parse_one("SELECT CAST(x AS array< int >) FROM t");
    const auto& cast = std::get<ast::Cast>(c.select().items[0].expr->node);
    CHECK(cast.type_text == "array< int >");
    CHECK(cast.type_span() == Span{17, 29});
    const ast::Statement q = parse_one("SELECT `a``b` FROM t");
    const auto& quoted = std::get<ast::NameRef>(q.select().items[0].expr->node).parts[0];
    CHECK(quoted.quoted);
    CHECK(quoted.name == "a`b");
    CHECK(quoted.span == Span{7, 13});
}

TEST_CASE("dump_ast prints every node with its location", "[parser]") {
    const std::string sql =
        "SELECT transform(rule_results, r -> r.score) AS s, count(DISTINCT id)\n"
        "FROM events e WHERE NOT x.y[0] IS NULL AND id IN (1, 2L) ORDER BY s DESC NULLS LAST "
        "LIMIT 5";
    const auto source = file(sql);
    const ast::Statement s = parse_one(source);
    CHECK(dump_ast(s, *source) == R"(Statement 1 1:1
  Select 1:1
    item 1:8
      Call transform 1:8
        NameRef rule_results 1:18
        Lambda (r) 1:32
          NameRef r.score 1:37
      alias s 1:49
    item 1:52
      Call count DISTINCT 1:52
        NameRef id 1:67
    from events 2:6
      alias e 2:13
    where
      Binary AND 2:21
        Unary NOT 2:21
          IsNull 2:25
            Subscript 2:25
              NameRef x.y 2:25
              Literal Integer 0 2:29
        In 2:44
          NameRef id 2:44
          Literal Integer 1 2:51
          Literal Integer 2 suffix L 2:54
    order by
      item DESC NULLS LAST 2:67
        NameRef s 2:67
    limit
      Literal Integer 5 2:91
)");

    const std::string sql2 = "SELECT CASE a WHEN 'x\\n' THEN CAST(b AS int) ELSE -c END, "
                             "f(x).`a b`, INTERVAL '1' DAY, X'0f', t.*, a LIKE 'p' "
                             "FROM `t` GROUP BY a HAVING a NOT BETWEEN 1 AND 2";
    const auto source2 = file(sql2);
    CHECK(dump_ast(parse_one(source2), *source2) == R"(Statement 1 1:1
  Select 1:1
    item 1:8
      Case 1:8
        operand
          NameRef a 1:13
        when
          Literal String 'x\n' 1:20
        then
          Cast 1:31
            NameRef b 1:36
            type int 1:41
        else
          Unary - 1:51
            NameRef c 1:52
    item 1:59
      FieldAccess `a b` 1:59
        Call f 1:59
          NameRef x 1:61
    item 1:71
      Literal Interval '1' DAY 1:71
    item 1:89
      Literal Binary X'0f' 1:89
    item 1:96
      Star t 1:96
    item 1:101
      Like LIKE 1:101
        NameRef a 1:101
        Literal String 'p' 1:108
    from `t` 1:117
    group by
      NameRef a 1:130
    having
      Between NOT 1:139
        NameRef a 1:139
        Literal Integer 1 1:153
        Literal Integer 2 1:159
)");
}

namespace {
/// The message of a word of a special call form outside its form.
std::string special_forms_message(std::string_view word) {
    return "'" + std::string(word) +
           "' in a call is only accepted in EXTRACT(field FROM source), TRIM([BOTH | LEADING | "
           "TRAILING] [chars] FROM str), SUBSTRING(str FROM pos [FOR len]) and OVERLAY(input "
           "PLACING replace FROM pos [FOR len])";
}
} // namespace

TEST_CASE("rejected statements say what and where", "[parser]") {
    const auto [sql, message, at] = GENERATE(table<std::string, std::string, std::string>({
        {"SELECT a FROM t WHERE", "expected an expression after 'WHERE'", "1:22"},
        // The statement ends at its last token: trailing blanks are not part of it.
        {"SELECT a FROM t where ", "expected an expression after 'WHERE'", "1:22"},
        {"SELECT a FROM t WHERE a = 1 AND", "expected an expression after 'AND'", "1:32"},
        {"SELECT a + FROM t", "expected an expression after '+'", "1:12"},
        {"SELECT FROM t", "expected an expression after 'SELECT'", "1:8"},
        {"SELECT a, FROM t", "expected an expression after ','", "1:11"},
        {"SELECT f(a, FROM t", "expected an expression after ','", "1:13"},
        {"SELECT a FROM t WHERE a IN ()", "expected an expression after '('", "1:29"},
        {"SELECT a FROM t WHERE (a = 1", "expected ')' to close '(' at 1:23", "1:29"},
        {"SELECT a FROM t WHERE f(g(a) = 1", "expected ')' to close '(' at 1:24", "1:33"},
        {"SELECT count(a b) FROM t", "expected ')' to close '(' at 1:13", "1:16"},
        {"SELECT a[1 FROM t", "expected ']' to close '[' at 1:9", "1:12"},
        {"SELECT 'abc FROM t", "unterminated string literal", "1:8"},
        {"SELECT \"abc FROM t", "unterminated string literal", "1:8"},
        {"SELECT a FROM t WHERE b = 'x\\'", "unterminated string literal", "1:27"},
        {"SELECT `abc FROM t", "unterminated quoted identifier", "1:8"},
        {"SELECT r'abc FROM t", "unterminated string literal", "1:9"},
        {"SELECT R\"a FROM t", "unterminated string literal", "1:9"},
        // A raw string ends at its first closing quote: the backslash escapes nothing.
        {"SELECT r'a\\' FROM t'", "unexpected ''' after the end of the statement", "1:20"},
        {"SELECT a FROM t /* never closed", "unterminated comment", "1:17"},
        {"SELECT a /* x FROM t", "unterminated comment", "1:10"},
        // Comments nest: the inner `*/` closes the inner comment only.
        {"SELECT a /* x /* y */ FROM t", "unterminated comment", "1:10"},
        {"SELECT a FROM t /* x */ /* /* */", "unterminated comment", "1:25"},
        {"SELECT transform(a, x.y -> 1) FROM t", "'->' must follow a lambda parameter list",
         "1:25"},
        {"SELECT transform(a, 1 -> x) FROM t", "'->' must follow a lambda parameter list", "1:23"},
        {"SELECT x -> x + 1 FROM t", "a lambda is only allowed as a function argument", "1:8"},
        {"SELECT a FROM t WHERE (x, y) -> x", "a lambda is only allowed as a function argument",
         "1:23"},
        {"SELECT transform(a, x -> (y -> y)) FROM t",
         "a lambda is only allowed as a function argument", "1:27"},
        {"SELECT a b c FROM t", "unexpected 'c' after the end of the statement", "1:12"},
        {"SELECT a FROM", "expected a table name after 'FROM'", "1:14"},
        {"SELECT a FROM WHERE", "expected a table name after 'FROM'", "1:15"},
        {"SELECT CASE WHEN a THEN 1 FROM t", "expected 'END' to close 'CASE' at 1:8", "1:27"},
        {"SELECT\n  CASE a WHEN 1 THEN 2 ELSE 3\nFROM t", "expected 'END' to close 'CASE' at 2:3",
         "3:1"},
        {"SELECT CASE a END FROM t", "expected 'WHEN' after 'a'", "1:15"},
        {"SELECT CASE WHEN a 1 END FROM t", "expected 'THEN' after 'a'", "1:20"},
        {"SELECT CASE END FROM t", "expected an expression after 'CASE'", "1:13"},
        {"SELECT a FROM t xyz abc", "unexpected 'abc' after the end of the statement", "1:21"},
        {"SELECT a FROM t WHERE a = 1 )", "unexpected ')' after the end of the statement", "1:29"},
        {"SELECT a FROM t LIMIT 1 2", "unexpected '2' after the end of the statement", "1:25"},
        {"SELECT a FROM t ORDER BY a WHERE b", "unexpected 'WHERE' after the end of the statement",
         "1:28"},
        {"UPDATE t SET a = 1", "expected 'SELECT', 'WITH', 'VALUES', 'TABLE' or '('", "1:1"},
        {"FROM t", "expected SELECT after the FROM clause of a FROM-first query", "1:7"},
        {"SELECT a FROM t GROUP a", "expected 'BY' after 'GROUP'", "1:23"},
        {"SELECT a FROM t ORDER a", "expected 'BY' after 'ORDER'", "1:23"},
        {"SELECT a FROM t ORDER BY a NULLS", "expected 'FIRST' or 'LAST' after 'NULLS'", "1:33"},
        {"SELECT a AS FROM t", "expected a name after 'AS'", "1:13"},
        {"SELECT a. FROM t", "expected a field name after '.'", "1:11"},
        {"SELECT f(x).1 FROM t", "expected a field name after '.'", "1:13"},
        {"SELECT a NOT x FROM t", "expected 'IN', 'BETWEEN', 'LIKE' or 'RLIKE' after 'NOT'",
         "1:14"},
        {"SELECT a IS x FROM t", "expected 'NULL', 'TRUE', 'FALSE' or 'DISTINCT FROM' after 'IS'",
         "1:13"},
        {"SELECT a IS NOT x FROM t",
         "expected 'NULL', 'TRUE', 'FALSE' or 'DISTINCT FROM' after 'NOT'", "1:17"},
        {"SELECT a IS DISTINCT b FROM t", "expected 'FROM' after 'DISTINCT'", "1:22"},
        {"SELECT a LIKE 'x' ESCAPE b FROM t", "expected a string literal after 'ESCAPE'", "1:26"},
        {"SELECT count(*) FILTER (a > 1) FROM t", "expected 'WHERE' after 'FILTER ('", "1:25"},
        {"SELECT count(*) FILTER (WHERE) FROM t", "expected an expression after 'WHERE'", "1:30"},
        {"SELECT count(*) FILTER (WHERE a FROM t", "expected ')' to close '(' at 1:24", "1:33"},
        {"SELECT a LIKE 'x' ESCAPE 'a' 'b' FROM t", "unexpected ''' after the end of the statement",
         "1:30"},
        {"SELECT a RLIKE 'x' ESCAPE '!' FROM t",
         "ESCAPE is only allowed after a LIKE pattern, not after RLIKE", "1:20"},
        {"SELECT a IS NOT DISTINCT FROM FROM t", "expected an expression after 'FROM'", "1:31"},
        {"SELECT a FROM t WHERE a IS DISTINCT FROM", "expected an expression after 'FROM'", "1:41"},
        {"SELECT a FROM t LIMIT", "expected an expression after 'LIMIT'", "1:22"},
        {"SELECT a FROM t LIMIT ALL 5", "unexpected '5' after the end of the statement", "1:27"},
        {"SELECT a FROM t LIMIT 1 OFFSET", "expected an expression after 'OFFSET'", "1:31"},
        {"SELECT a FROM t OFFSET 1 LIMIT 2", "LIMIT goes before OFFSET: LIMIT n OFFSET m", "1:26"},
        {"SELECT a FROM t OFFSET 1 OFFSET 2", "unexpected 'OFFSET' after the end of the statement",
         "1:26"},
        {"SELECT a IN 1 FROM t", "expected '(' after 'IN'", "1:13"},
        {"SELECT a BETWEEN 1 FROM t", "expected 'AND' after the lower bound of 'BETWEEN'", "1:20"},
        {"SELECT CAST a FROM t", "expected '(' after 'CAST'", "1:13"},
        {"SELECT CAST(a INT) FROM t", "expected 'AS' and a type in 'CAST'", "1:15"},
        {"SELECT CAST(a AS) FROM t", "expected a type after 'AS'", "1:17"},
        {"SELECT CAST(a AS array<int) FROM t", "expected '>' to close '<' in the type", "1:23"},
        {"SELECT CAST(a AS int FROM t", "expected ')' to close '(' at 1:12", "1:22"},
        {"SELECT a:: FROM t", "expected a type after '::'", "1:12"},
        {"SELECT a FROM t GROUP BY ALL +", "unexpected '+' after the end of the statement", "1:30"},
        {"SELECT a FROM t ORDER BY ALL NULLS", "expected 'FIRST' or 'LAST' after 'NULLS'", "1:35"},
        {"SELECT try_cast(a int) FROM t", "expected 'AS' and a type in 'CAST'", "1:19"},
        {"SELECT try_cast(a AS) FROM t", "expected a type after 'AS'", "1:21"},
        {"SELECT TRY_CAST() FROM t", "expected an expression after '('", "1:17"},
        {"SELECT a::array<int FROM t", "expected '>' to close '<' in the type", "1:16"},
        {"SELECT a: :int FROM t", "unexpected ':' after the end of the statement", "1:9"},
        {"SELECT INTERVAL FROM t", "expected a string or a number after 'INTERVAL'", "1:17"},
        {"SELECT INTERVAL 3 FROM t", "expected an interval unit such as 'DAY' after '3'", "1:19"},
        {"SELECT INTERVAL '1' YEAR TO FROM t", "expected an interval unit after 'TO'", "1:29"},
        {"SELECT 12abc FROM t", "malformed number", "1:10"},
        {"SELECT 1.5L FROM t", "malformed number '1.5L': suffix 'L' needs an integer", "1:8"},
        {"SELECT X'0G' FROM t", "invalid hex digit in binary literal", "1:11"},
        {"SELECT * + 1 FROM t", "unexpected '+' after the end of the statement", "1:10"},
        {"SELECT f(*, a) FROM t", "expected ')' to close '(' at 1:9", "1:11"},
        // The special call forms: their words only where Spark's grammar has them.
        {"SELECT upper(s FROM 2) FROM t", special_forms_message("FROM"), "1:16"},
        {"SELECT f(a.b FROM 2) FROM t", special_forms_message("FROM"), "1:14"},
        {"SELECT substr(s, 1 FROM 2) FROM t", special_forms_message("FROM"), "1:20"},
        {"SELECT substr(s PLACING 'a' FROM 1) FROM t", special_forms_message("PLACING"), "1:17"},
        {"SELECT overlay(s FROM 1) FROM t", special_forms_message("FROM"), "1:18"},
        {"SELECT trim(s FROM t FOR 2) FROM t", special_forms_message("FOR"), "1:22"},
        {"SELECT upper(BOTH 'x' FROM s) FROM t", special_forms_message("BOTH"), "1:14"},
        {"SELECT trim(LEADING 'x' s) FROM t", "expected 'FROM' after ''x''", "1:25"},
        {"SELECT trim(BOTH FROM) FROM t", "expected an expression after 'FROM'", "1:22"},
        {"SELECT overlay(s PLACING 'x') FROM t", "expected 'FROM' after ''x''", "1:29"},
        {"SELECT substring(s FROM 1 FOR) FROM t", "expected an expression after 'FOR'", "1:30"},
        {"SELECT position('a' IN) FROM t", "expected an expression after 'IN'", "1:23"},
        {"SELECT position('a' IN s, 1) FROM t", "expected ')' to close '(' at 1:16", "1:25"},
        {"SELECT count(a AS x) FROM t",
         "'AS' in a call is only accepted in struct(expr AS name, ...) and CAST(expr AS type)",
         "1:16"},
        {"SELECT struct(a AS) FROM t", "expected a name after 'AS'", "1:19"},
    }));
    CAPTURE(sql);
    const Rejection r = rejection(sql);
    CHECK(r.message == message);
    CHECK(r.at == at);
}

constexpr const char* kLateralSubquery =
    "unsupported: LATERAL before anything but a generator call (LATERAL subqueries)";

TEST_CASE("joins, FROM subqueries, WITH, VALUES and set operations parse", "[parser]") {
    // Each as the AST dump's lines that name its structure.
    const auto [sql, expected] = GENERATE(table<std::string, std::string>({
        {"SELECT a FROM t JOIN u ON t.id = u.id", "join INNER|from t|from u|on"},
        {"SELECT a FROM t x LEFT OUTER JOIN u", "join LEFT OUTER|from t|alias x|from u"},
        {"SELECT a FROM t CROSS JOIN u", "join CROSS|from t|from u"},
        {"SELECT a FROM t FULL JOIN u USING (id, k)",
         "join FULL OUTER|from t|from u|using id|using k"},
        {"SELECT a FROM t RIGHT JOIN u", "join RIGHT OUTER|from t|from u"},
        {"SELECT a FROM t LEFT SEMI JOIN u", "join LEFT SEMI|from t|from u"},
        {"SELECT a FROM t ANTI JOIN u", "join LEFT ANTI|from t|from u"},
        {"SELECT a FROM t NATURAL JOIN u", "join NATURAL INNER|from t|from u"},
        {"SELECT a FROM t, u JOIN v ON true", "join (comma)|from t|join INNER|from u|from v|on"},
        {"SELECT a FROM (SELECT a FROM t)", "from subquery|Select|from t"},
        {"SELECT a FROM (SELECT a FROM t) AS s(b)", "from subquery|Select|from t|alias s|column b"},
        {"WITH x AS (SELECT 1), y (c) AS (SELECT * FROM x) SELECT a FROM y",
         "with x|Select|with y|column c|Select|from x|Select|from y"},
        {"SELECT a FROM t UNION SELECT b FROM u", "UNION DISTINCT|Select|from t|Select|from u"},
        {"SELECT a FROM t UNION ALL SELECT b FROM u INTERSECT SELECT c FROM v",
         "UNION ALL|Select|from t|INTERSECT DISTINCT|Select|from u|Select|from v"},
        {"(SELECT a FROM t) EXCEPT ALL SELECT b FROM u ORDER BY 1 LIMIT 2",
         "EXCEPT ALL|Query (parenthesised)|Select|from t|Select|from u|order by|limit"},
        {"SELECT a FROM t x MINUS SELECT b FROM u", "EXCEPT DISTINCT|Select|from t|alias x|Select"},
        {"VALUES (1, 'a'), (2, 'b')", "Select|from values|row|row"},
        {"SELECT * FROM VALUES 1, 2 AS v(x)", "from values|row|row|alias v|column x"},
        {"SELECT 1", "Select|item"},
    }));
    CAPTURE(sql);
    const auto source = file(sql);
    const auto statements = split_statements(*source);
    REQUIRE(statements.size() == 1);
    const std::string dump = dump_ast(parse_statement(source, statements[0]), *source);
    // The expected words in order, each at the start of a line of the dump (after indent).
    std::size_t at = 0;
    std::size_t from = 0;
    while (from <= expected.size()) {
        const std::size_t bar = std::min(expected.find('|', from), expected.size());
        const std::string word = "\n" + expected.substr(from, bar - from);
        std::size_t found = std::string::npos;
        for (std::size_t pos = dump.find('\n', at); pos != std::string::npos;
             pos = dump.find('\n', pos + 1)) {
            const std::size_t text = dump.find_first_not_of(' ', pos + 1);
            if (text != std::string::npos &&
                dump.compare(text, word.size() - 1, word, 1, std::string::npos) == 0) {
                found = text;
                break;
            }
        }
        CAPTURE(dump, word);
        REQUIRE(found != std::string::npos);
        at = found;
        from = bar + 1;
    }
}

TEST_CASE("generators parse in the select list and in FROM", "[parser]") {
    const std::string sql =
        "SELECT posexplode(a) AS (p, x), b FROM t, LATERAL explode(m) AS e(k, v) "
        "CROSS JOIN LATERAL inline(s) LATERAL VIEW OUTER explode(c) u AS y";
    const auto source = file(sql);
    const std::string dump = dump_ast(parse_one(source), *source);
    CAPTURE(dump);
    for (const char* word :
         {"alias p", "alias x", "lateral view OUTER", "Call explode", "Call inline", "alias e",
          "column k", "column v", "alias u", "column y"}) {
        CAPTURE(word);
        CHECK(dump.find(word) != std::string::npos);
    }
    // Each generator is over what comes before it: the LATERAL VIEW over the whole list.
    CHECK(dump.find("lateral view OUTER") < dump.find("lateral 1:"));
    CHECK(dump.find("lateral 1:") < dump.find("lateral 1:", dump.find("lateral 1:") + 1));
}

constexpr const char* kTableSample =
    "unsupported: TABLESAMPLE other than (x PERCENT), (BUCKET x OUT OF y) and (n ROWS) before "
    "the alias (Spark refuses byte lengths and BUCKET ... ON)";

TEST_CASE("unsupported constructs are recognised and rejected where they are", "[parser]") {

    const auto [sql, message, at] = GENERATE(table<std::string, std::string, std::string>({
        {"SELECT a FROM t WHERE a IN (SELECT b FROM u", "expected ')' to close '(' at 1:28",
         "1:44"},
        {"SELECT a FROM t WHERE EXISTS (SELECT FROM u)", "expected an expression after 'SELECT'",
         "1:38"},
        {"SELECT f(SELECT 1) FROM t", "unsupported: subquery", "1:10"},
        {"WITH RECURSIVE x AS (SELECT 1) SELECT a FROM x",
         "unsupported: WITH RECURSIVE (recursive CTEs)", "1:6"},
        {"SELECT a FROM t, LATERAL (SELECT b) v", kLateralSubquery, "1:18"},
        {"SELECT a FROM t JOIN LATERAL (SELECT b) v", kLateralSubquery, "1:22"},
        {"SELECT a FROM t LATERAL VIEW explode(b) v AS", "expected a column name after 'AS'",
         "1:45"},
        {"SELECT explode(b) AS (x, ) FROM t", "expected a column name after ','", "1:26"},
        {"SELECT sum(a) OVER FROM t", "expected a window name or '(' after 'OVER'", "1:20"},
        {"SELECT sum(a) OVER (ROWS 1) FROM t", "expected 'PRECEDING' or 'FOLLOWING' after '1'",
         "1:27"},
        {"SELECT sum(a) OVER (ROWS BETWEEN 1 PRECEDING CURRENT ROW) FROM t",
         "expected 'AND' between the bounds of the window frame", "1:46"},
        {"SELECT a FROM t TABLESAMPLE (100M)", kTableSample, "1:30"},
        {"SELECT a FROM t TABLESAMPLE (BUCKET 1 OUT OF 4 ON a)", kTableSample, "1:48"},
        {"SELECT a FROM t x TABLESAMPLE (1 PERCENT)", kTableSample, "1:19"},
        {"SELECT a FROM t TABLESAMPLE (BUCKET 1 OF 4)", "expected 'OUT OF' after '1'", "1:39"},
        {"SELECT a FROM t TABLESAMPLE (1 PERCENT) REPEATABLE 3", "expected '(' after 'REPEATABLE'",
         "1:52"},
        {"SELECT a FROM t PIVOT (sum(a) b IN (1, 2))", "expected 'FOR' after 'b'", "1:33"},
        {"SELECT a FROM t x unpivot (v FOR k IN a)", "expected '(' after 'IN'", "1:39"},
        {"SELECT a FROM db.", "expected a name after '.' in the table name", "1:18"},
        {"SELECT TRANSFORM(a, b) USING 'cat' AS (x, y) FROM t",
         "unsupported: SELECT TRANSFORM (...) USING a script (Hive's script transform runs an "
         "external program)",
         "1:24"},
        {"SELECT a FROM t FOR SYSTEM_VERSION AS OF 3",
         "unsupported: time travel (VERSION or TIMESTAMP AS OF): give that version's schema with "
         "--schema and drop the clause",
         "1:17"},
        {"SELECT a FROM t WHERE a = :limit",
         "unsupported: parameter markers (:name, ?), which only an API caller binds: write the "
         "values",
         "1:27"},
        {"SELECT upper(a COLLATE UNICODE_CI) FROM t",
         "unsupported: COLLATE (Spark 4's collations are not modelled)", "1:16"},
        {"SELECT * EXCEPT () FROM t", "expected a column name in '* EXCEPT (...)'", "1:18"},
        {"SELECT * EXCEPT (a, b. ) FROM t", "expected a field name after '.'", "1:24"},
        {"SELECT * EXCEPT (a FROM t", "expected ')' to close '(' at 1:17", "1:20"},
        {"TABLE", "expected a table name after 'TABLE'", "1:6"},
        {"SELECT a FROM t UNION TABLE 1", "expected a table name after 'TABLE'", "1:29"},
        {"FROM t", "expected SELECT after the FROM clause of a FROM-first query", "1:7"},
        {"FROM t SELECT a SELECT b LIMIT 1",
         "unsupported: ORDER BY, SORT BY, CLUSTER BY, DISTRIBUTE BY, LIMIT or OFFSET after several "
         "SELECTs of one FROM (Spark applies it to the last SELECT alone): write each SELECT ... "
         "FROM ... and UNION ALL them",
         "1:26"},
        {"SELECT a FROM t |> WHERE a > 1", "unsupported: SQL pipe syntax (|>)", "1:17"},
        {"SELECT a FROM t GROUP BY ROLLUP(a) WITH CUBE",
         "WITH ROLLUP and WITH CUBE follow plain GROUP BY items only, not ROLLUP, CUBE or "
         "GROUPING SETS",
         "1:36"},
        {"SELECT a FROM t GROUP BY CUBE()", "expected an expression after '('", "1:31"},
        {"SELECT a FROM t GROUP BY CUBE(a, b, c, d, e, f, g, h, i, j, k, l, m)",
         "unsupported: more than 4096 grouping sets in one GROUP BY", "1:26"},
        {"SELECT a FROM db.range(10)", "unsupported: table-valued function", "1:23"},
    }));
    CAPTURE(sql);
    const Rejection r = rejection(sql);
    CHECK(r.message == message);
    CHECK(r.at == at);
}

// A GROUP BY's grouping analytics as `kind@at: sets`, items separated by `; `.
std::string grouping_sets_of(const std::string& sql) {
    const ast::Statement s = parse_one(sql);
    std::string out;
    for (const ast::GroupingAnalytics& g : s.select().grouping_analytics) {
        static constexpr const char* kKinds[] = {"rollup", "cube", "sets"};
        out += (out.empty() ? "" : "; ") + std::string(kKinds[static_cast<int>(g.kind)]) +
               (g.declared ? "(declared)" : "") + "@" + std::to_string(g.at) + ":";
        for (const std::vector<std::uint32_t>& set : g.sets) {
            out += " (";
            for (std::size_t i = 0; i < set.size(); ++i) {
                out += (i == 0 ? "" : " ") + std::to_string(set[i]);
            }
            out += ")";
        }
    }
    return out;
}

TEST_CASE("grouping analytics make Spark's grouping sets", "[parser]") {
    const auto [sql, sets] = GENERATE(table<std::string, std::string>({
        {"SELECT 1 FROM t GROUP BY ROLLUP(a, b)", "rollup@0: (0 1) (0) ()"},
        {"SELECT 1 FROM t GROUP BY CUBE(a, b)", "cube@0: (0 1) (0) (1) ()"},
        {"SELECT 1 FROM t GROUP BY CUBE(a, b, c)",
         "cube@0: (0 1 2) (0 1) (0 2) (0) (1 2) (1) (2) ()"},
        {"SELECT 1 FROM t GROUP BY ROLLUP((a, b), c)", "rollup@0: (0 1) (0) ()"},
        {"SELECT 1 FROM t GROUP BY a, cube (b), c", "cube@1: (0) ()"},
        {"SELECT 1 FROM t GROUP BY GROUPING SETS ((a, b), a, (), ROLLUP(c))",
         "sets@0: (0) (1) () (2) ()"},
        {"SELECT 1 FROM t GROUP BY GROUPING SETS (CUBE(a), GROUPING SETS ((b)))",
         "sets@0: (0) () (1)"},
        {"SELECT 1 FROM t GROUP BY a, b WITH ROLLUP", "rollup@0: (0 1) (0) ()"},
        {"SELECT 1 FROM t GROUP BY a, b with cube", "cube@0: (0 1) (0) (1) ()"},
        {"SELECT 1 FROM t GROUP BY a, b GROUPING SETS ((a), (a, b), ())",
         "sets(declared)@0: (0) (1) ()"},
    }));
    CAPTURE(sql);
    CHECK(grouping_sets_of(sql) == sets);
}

TEST_CASE("a parenthesised list is Spark's row constructor", "[parser]") {
    const ast::Statement s = parse_one("SELECT (a, b + 1), (a) FROM t");
    const auto* row = std::get_if<ast::Call>(&s.select().items[0].expr->node);
    REQUIRE(row != nullptr);
    CHECK(row->row);
    CHECK(row->name.name == "struct");
    CHECK(row->args.size() == 2);
    CHECK(std::get_if<ast::NameRef>(&s.select().items[1].expr->node) != nullptr);
}

TEST_CASE("a row constructor with names is struct with named fields", "[parser]") {
    const ast::Statement s = parse_one("SELECT (a AS x, b + 1), first(c) IGNORE NULLS FROM t");
    const auto* row = std::get_if<ast::Call>(&s.select().items[0].expr->node);
    REQUIRE(row != nullptr);
    CHECK_FALSE(row->row); // a named row is no grouping set
    CHECK(row->aliased);
    REQUIRE(row->args.size() == 4); // each value, then its name or NULL
    CHECK(std::get<ast::Literal>(row->args[1]->node).text == "x");
    CHECK(std::get<ast::Literal>(row->args[3]->node).kind == ast::LiteralKind::Null);
    const auto* first = std::get_if<ast::Call>(&s.select().items[1].expr->node);
    REQUIRE(first != nullptr);
    CHECK(first->ignore_nulls);
}

TEST_CASE("PIVOT and UNPIVOT wrap the FROM item before them", "[parser]") {
    const std::string sql =
        "SELECT * FROM t x PIVOT (sum(a) AS s, count(*) FOR (b, c) IN ((1, 2) AS one, (3, 4))) "
        "UNPIVOT EXCLUDE NULLS ((v, w) FOR n IN ((one_s, one_count(1)) AS p, (a, b))) AS u";
    const auto source = file(sql);
    const ast::Statement s = parse_one(source);
    const auto* unpivot = std::get_if<ast::UnpivotRef>(&s.select().from->node);
    REQUIRE(unpivot != nullptr);
    CHECK_FALSE(unpivot->include_nulls);
    CHECK(unpivot->multi);
    CHECK(unpivot->value_columns.size() == 2);
    CHECK(unpivot->name_column.name == "n");
    REQUIRE(unpivot->sets.size() == 2);
    CHECK(unpivot->sets[0].alias->name == "p");
    CHECK(unpivot->alias->name == "u");
    const auto* pivot = std::get_if<ast::PivotRef>(&unpivot->input->node);
    REQUIRE(pivot != nullptr);
    CHECK(pivot->aggregates.size() == 2);
    CHECK(pivot->aggregates[0].alias->name == "s");
    CHECK_FALSE(pivot->aggregates[1].alias.has_value());
    CHECK(pivot->columns.size() == 2);
    REQUIRE(pivot->values.size() == 2);
    CHECK(pivot->values[0].alias->name == "one");
    const auto* table = std::get_if<ast::TableRef>(&pivot->input->node);
    REQUIRE(table != nullptr);
    CHECK(table->alias->name == "x");
    const std::string dump = dump_ast(s, *source);
    CAPTURE(dump);
    CHECK(dump.find("unpivot EXCLUDE NULLS") < dump.find("pivot 1:"));
}

TEST_CASE("rollup, cube and grouping stay ordinary names", "[parser]") {
    const ast::Statement s =
        parse_one("SELECT rollup, cube, grouping FROM t GROUP BY rollup, cube, grouping, sets");
    const ast::Select& q = s.select();
    CHECK(q.items.size() == 3);
    CHECK(q.group_by.size() == 4);
}

TEST_CASE("the reserved words are not bare identifiers", "[parser]") {
    const auto word = GENERATE(
        as<std::string>{}, "select", "from", "where", "group", "by", "having", "order", "limit",
        "as", "and", "or", "not", "is", "null", "true", "false", "case", "when", "then", "else",
        "end", "cast", "in", "between", "like", "rlike", "distinct", "all", "asc", "desc", "nulls",
        "join", "on", "left", "right", "full", "inner", "outer", "cross", "semi", "anti", "union",
        "intersect", "except", "lateral", "view", "with", "over", "div", "interval");
    CAPTURE(word);
    // As a table name: rejected (a few words open other constructs; all are errors).
    const auto source = file("SELECT a FROM " + word);
    const auto statements = split_statements(*source);
    CHECK_THROWS_AS(parse_statement(source, statements[0]), SqlError);
    // Backquoted, any word is a name.
    CHECK(expr_of("`" + word + "`") == "`" + word + "`");
    // After a dot, a word is a field name.
    CHECK(expr_of("s." + word) == "s." + word);
}

TEST_CASE("after AS, a keyword is an alias unless it begins what follows a select item",
          "[parser]") {
    // Spark's default grammar (reserved keywords not enforced) takes `window.end AS end`.
    const auto word =
        GENERATE(as<std::string>{}, "end", "case", "when", "then", "else", "and", "or", "not",
                 "null", "true", "false", "in", "is", "like", "rlike", "between", "cast",
                 "interval", "distinct", "all", "asc", "desc", "nulls", "div");
    CAPTURE(word);
    const ast::Statement s = parse_one("SELECT a AS " + word + ", b FROM t");
    REQUIRE(s.select().items[0].alias);
    CHECK(s.select().items[0].alias->name == word);
    // Without AS the word is not an alias.
    const auto source = file("SELECT a " + word + " FROM t");
    CHECK_THROWS_AS(parse_statement(source, split_statements(*source)[0]), SqlError);
}

TEST_CASE("columns count code points and lines count from the file start", "[parser]") {
    const auto source = file("SELECT 'é', naïve FROM t WHERE 名前 = 'ü' AND )");
    const auto statements = split_statements(*source);
    try {
        parse_statement(source, statements[0]);
        FAIL("accepted");
    } catch (const SqlError& e) {
        CHECK(render(e.diagnostic()) == "q.sql:1:45: error: expected an expression after 'AND'\n"
                                        "    1 | SELECT 'é', naïve FROM t WHERE 名前 = 'ü' AND )\n"
                                        "      |                                             ^\n");
    }
    const ast::Statement ok = parse_one("SELECT 'é', naïve FROM t WHERE 名前 = 'ü'");
    CHECK(dump_ast(ok, *file("SELECT 'é', naïve FROM t WHERE 名前 = 'ü'")) ==
          "Statement 1 1:1\n"
          "  Select 1:1\n"
          "    item 1:8\n"
          "      Literal String 'é' 1:8\n"
          "    item 1:13\n"
          "      NameRef naïve 1:13\n"
          "    from t 1:24\n"
          "    where\n"
          "      Binary = 1:32\n"
          "        NameRef 名前 1:32\n"
          "        Literal String 'ü' 1:37\n");
}

TEST_CASE("CRLF line ends", "[parser]") {
    const std::string sql = "SELECT a, -- first\r\n  b.c\r\nFROM t\r\nWHERE (a = 1\r\n";
    const auto source = file(sql);
    const auto statements = split_statements(*source);
    REQUIRE(statements.size() == 1);
    const Rejection r = rejection(source, statements[0]);
    CHECK(r.message == "expected ')' to close '(' at 4:7");
    CHECK(r.at == "4:13");

    const auto good = file("SELECT a,\r\n  b.c -- x\r\nFROM t\r\nWHERE a = 1\r\n");
    const ast::Statement s = parse_one(good);
    CHECK(sexpr(s.select().items[1].expr) == "b.c");
    CHECK(dump_ast(s, *good).find("NameRef b.c 2:3") != std::string::npos);
    CHECK(dump_ast(s, *good).find("Binary = 4:7") != std::string::npos);
}

TEST_CASE("a bad statement in the middle spoils only itself", "[parser]") {
    const std::string sql = "SELECT a FROM t;\n"
                            "SELECT b FROM t WHERE (b > 1;\n"
                            "-- a comment; still a comment\n"
                            "SELECT c\n"
                            "FROM t;\n";
    const auto source = file(sql);
    const auto statements = split_statements(*source);
    REQUIRE(statements.size() == 3);
    CHECK(statements[2].index == 3);

    const ast::Statement first = parse_statement(source, statements[0]);
    CHECK(first.index == 1);
    CHECK(sexpr(first.select().items[0].expr) == "a");

    const Rejection r = rejection(source, statements[1]);
    CHECK(r.message == "expected ')' to close '(' at 2:23");
    CHECK(r.at == "2:29");

    const ast::Statement third = parse_statement(source, statements[2]);
    CHECK(third.index == 3);
    CHECK(sexpr(third.select().items[0].expr) == "c");
    CHECK(source->location(third.span.begin).line == 4);
}

TEST_CASE("NUL bytes and invalid UTF-8 are rejected where they are", "[parser]") {
    const auto [sql, message, at] = GENERATE(table<std::string, std::string, std::string>({
        {std::string("SELECT a\0 FROM t", 16), "NUL byte in input", "1:9"},
        {std::string("SELECT 'a\0' FROM t", 18), "NUL byte in input", "1:10"},
        {"SELECT a FROM t WHERE b = '\xff'", "invalid UTF-8", "1:28"},
        {"SELECT \xc3( FROM t", "invalid UTF-8", "1:8"},
        {"SELECT a\xe2\x82 FROM t", "invalid UTF-8", "1:9"},
        {"SELECT \xc0\xaf FROM t", "invalid UTF-8", "1:8"},         // overlong '/'
        {"SELECT \xed\xa0\x80 FROM t", "invalid UTF-8", "1:8"},     // a surrogate
        {"SELECT \xf4\x90\x80\x80 FROM t", "invalid UTF-8", "1:8"}, // beyond U+10FFFF
        {"SELECT a -- \x80 in a comment\nFROM t", "invalid UTF-8", "1:13"},
    }));
    CAPTURE(sql);
    const Rejection r = rejection(sql);
    CHECK(r.message == message);
    CHECK(r.at == at);
}

TEST_CASE("nesting is bounded at 1000 levels without exhausting the stack", "[parser]") {
    const std::size_t limit = 1000;
    struct Shape {
        std::string name, open, inner, close;
    };
    const auto shape = GENERATE(values<Shape>({
        {"parentheses", "(", "x", ")"},
        {"calls", "f(", "x", ")"},
        {"unary minus", "- ", "x", ""},
        {"NOT", "NOT ", "x", ""},
        {"subscripts", "a[", "0", "]"},
        {"CASE", "CASE WHEN x THEN ", "1", " END"},
        {"CAST", "CAST(", "x", " AS int)"},
        {"IN lists", "a IN (", "1", ")"},
    }));
    CAPTURE(shape.name);
    const auto nested = [&](std::size_t n) {
        return "SELECT " + repeat(shape.open, n) + shape.inner + repeat(shape.close, n) + " FROM t";
    };
    CHECK_NOTHROW(parse_one(nested(limit)));
    CHECK(rejection(nested(limit + 1)).message == "nesting deeper than 1000 levels");
    CHECK(rejection(nested(100000)).message == "nesting deeper than 1000 levels");
}

TEST_CASE("deep nesting is reported at the level that goes too deep", "[parser]") {
    const Rejection parens =
        rejection("SELECT " + repeat("(", 100000) + "x" + repeat(")", 100000) + " FROM t");
    CHECK(parens.message == "nesting deeper than 1000 levels");
    CHECK(parens.at == "1:1009");
    const Rejection lambdas = rejection("SELECT " + repeat("transform(a, x -> ", 100000) + "x" +
                                        repeat(")", 100000) + " FROM t");
    CHECK(lambdas.message == "nesting deeper than 1000 levels");
    // Each transform is a call and a lambda: two levels.
    CHECK_NOTHROW(parse_one("SELECT " + repeat("transform(a, x -> ", 500) + "x" + repeat(")", 500) +
                            " FROM t"));
    CHECK_THROWS_AS(parse_one("SELECT " + repeat("transform(a, x -> ", 501) + "x" +
                              repeat(")", 501) + " FROM t"),
                    SqlError);
    // A field chain after a call builds one node per field: a left-deep chain, read in a loop,
    // accepted at any length.
    CHECK_NOTHROW(parse_one("SELECT f(x)" + repeat(".a", 100000) + " FROM t"));
    // A dotted name is one node however long.
    CHECK_NOTHROW(parse_one("SELECT a" + repeat(".a", 100000) + " FROM t"));
}

TEST_CASE("bracketed comments nest, without recursion", "[parser]") {
    CHECK(sexpr(parse_one("SELECT a /* x /* y */ z */ + b FROM t").select().items[0].expr) ==
          "(+ a b)");
    CHECK(sexpr(parse_one("SELECT a /*/ x */ FROM t").select().items[0].expr) == "a");
    // A million levels cost no stack: the scanner counts them.
    const std::string deep = repeat("/*", 1000000) + repeat("*/", 1000000);
    CHECK(table_of(parse_one("SELECT a " + deep + " FROM t").select()).name.name == "t");
    CHECK(rejection("SELECT a " + repeat("/*", 1000) + repeat("*/", 999) + " FROM t").at == "1:10");
}

TEST_CASE("large queries parse in linear time", "[parser]") {
    // No timing assertion: a quadratic parse of this 1 MB WHERE clause would take minutes.
    const std::size_t terms = 170000;
    const ast::Statement ands =
        parse_one("SELECT a FROM t WHERE a" + repeat(" AND a", terms) + " OR b");
    CHECK(std::holds_alternative<ast::Binary>(ands.select().where->node));

    std::string items;
    for (std::size_t i = 0; i < 500; ++i) {
        items += (i ? ", " : "") + std::string("a") + repeat(" + a", 100);
    }
    const ast::Statement wide = parse_one("SELECT " + items + " FROM t");
    CHECK(wide.select().items.size() == 500);

    const ast::Statement in_list =
        parse_one("SELECT a FROM t WHERE a IN (1" + repeat(", 1", 50000) + ")");
    CHECK(std::get<ast::In>(in_list.select().where->node).list.size() == 50001);

    // A left-deep chain of additions is a tree as deep as it is long, folded without
    // recursion (the later passes run on a stack sized for it, util/deep_stack.hpp).
    const std::size_t length = 200000;
    const ast::Statement chain = parse_one("SELECT a" + repeat(" + a", length) + " FROM t");
    std::size_t adds = 0;
    for (const ast::Expr* e = chain.select().items[0].expr.get();
         const auto* add = std::get_if<ast::Binary>(&e->node); e = add->lhs.get()) {
        adds += add->op == ast::BinaryOp::Add ? 1 : 0;
    }
    CHECK(adds == length);
}
