// The auto-generated names of unaliased select items: Spark's toPrettySQL, i.e.
// `usePrettyExpression(e).sql`, where columns, lambda variables and literals print bare and
// implicit casts disappear.
//
//     transform(rule_results, r -> named_struct('id', r.rule_public_id))
//       -> transform(rule_results, lambdafunction(named_struct(id, r.rule_public_id), r))
//     a + 1                -> (a + 1)
//     count(*)             -> count(1)
//     friends[0].first     -> friends[0].first
//     CAST(x AS BIGINT)    -> CAST(x AS BIGINT)

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <span>
#include <string>
#include <string_view>

#include "plan/analyzer_internal.hpp"
#include "plan/typing.hpp"
#include "util/overloaded.hpp"

namespace prune::analyzer_detail {
namespace {

// Java's shortest round-trip digits, then Double.toString's layout: plain notation for
// 1e-3 <= |v| < 1e7, otherwise `d.dddE<exp>`; always at least one fractional digit.
template <class F> std::string java_string(F v) {
    if (std::isnan(v)) {
        return "NaN";
    }
    if (std::isinf(v)) {
        return v < 0 ? "-Infinity" : "Infinity";
    }
    if (v == 0) {
        return std::signbit(v) ? "-0.0" : "0.0";
    }
    char buf[64];
    const auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    std::string sci(buf, res.ptr);
    std::string sign;
    if (sci.front() == '-') {
        sign = "-";
        sci.erase(0, 1);
    }
    const std::size_t e = sci.find('e');
    std::string digits = sci.substr(0, e);
    digits.erase(std::remove(digits.begin(), digits.end(), '.'), digits.end());
    const int exponent = std::stoi(sci.substr(e + 1));
    const F magnitude = std::fabs(v);
    if (magnitude >= F(1e-3) && magnitude < F(1e7)) {
        std::string int_part;
        std::string frac_part;
        if (exponent >= 0) {
            const auto point = static_cast<std::size_t>(exponent) + 1;
            if (digits.size() <= point) {
                int_part = digits + std::string(point - digits.size(), '0');
            } else {
                int_part = digits.substr(0, point);
                frac_part = digits.substr(point);
            }
        } else {
            int_part = "0";
            frac_part = std::string(static_cast<std::size_t>(-exponent - 1), '0') + digits;
        }
        return sign + int_part + "." + (frac_part.empty() ? "0" : frac_part);
    }
    const std::string rest = digits.size() > 1 ? digits.substr(1) : "0";
    return sign + digits.substr(0, 1) + "." + rest + "E" + std::to_string(exponent);
}

/// Spark: QuotingUtils.quoteIfNeeded — a name of letters, digits and `_` (not digits only)
/// as it is, anything else in backquotes.
std::string quote_if_needed(const std::string& name) {
    const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
    }) && !std::all_of(name.begin(), name.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
    });
    if (plain) {
        return name;
    }
    std::string out = "`";
    for (const char c : name) {
        out += c == '`' ? "``" : std::string(1, c);
    }
    return out + "`";
}

} // namespace

std::string java_double_string(double v) { return java_string(v); }
std::string java_float_string(float v) { return java_string(v); }

std::string sql_type(const DataType& type) {
    if (const ArrayType* at = type.array()) {
        return "ARRAY<" + sql_type(*at->element) + ">";
    }
    if (const MapType* mt = type.map()) {
        return "MAP<" + sql_type(*mt->key) + ", " + sql_type(*mt->value) + ">";
    }
    if (const StructType* st = type.struct_type()) {
        std::string out = "STRUCT<";
        for (std::size_t i = 0; i < st->size(); ++i) {
            const StructField& f = (*st)[i];
            const bool plain =
                !f.name.empty() && std::all_of(f.name.begin(), f.name.end(), [](char c) {
                    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                           (c >= '0' && c <= '9') || c == '_';
                });
            std::string name = f.name;
            if (!plain) {
                std::string quoted = "`";
                for (char c : f.name) {
                    quoted += c == '`' ? std::string("``") : std::string(1, c);
                }
                name = quoted + "`";
            }
            out += (i == 0 ? "" : ", ") + name + ": " + sql_type(*f.type);
            if (!f.nullable) {
                out += " NOT NULL";
            }
        }
        return out + ">";
    }
    return ascii_upper(catalog_string(type));
}

namespace {

/// pretty_sql, appended into one string as it walks (no string per node).
class PrettyPrinter {
  public:
    PrettyPrinter(const PrettyContext& ctx, std::string& out) : ctx_(ctx), out_(out) {}

    void print(const Expr& e) {
        std::visit(
            Overloaded{
                [&](const AttributeReference& n) { out_ += n.name; },
                [&](const Literal& n) { literal(e, n); },
                [&](const Alias& n) { print(*n.child); },
                [&](const GetStructField& n) { field(*n.child, shown_field_name(n)); },
                [&](const GetArrayStructFields& n) { field(*n.child, shown_field_name(n)); },
                [&](const GetArrayItem& n) { subscript(*n.child, *n.index); },
                [&](const GetMapValue& n) { subscript(*n.child, *n.key); },
                [&](const ElementAt& n) {
                    out_ += n.fail_on_error ? "element_at(" : "try_element_at(";
                    print(*n.left);
                    out_ += ", ";
                    print(*n.right);
                    out_ += ')';
                },
                [&](const MapKeys& n) { call("map_keys", *n.child); },
                [&](const MapValues& n) { call("map_values", *n.child); },
                [&](const CreateNamedStruct& n) {
                    if (ctx_.struct_calls.contains(&e)) {
                        const auto aliases = ctx_.struct_aliases.find(&e);
                        if (aliases == ctx_.struct_aliases.end()) {
                            out_ += "struct(";
                            list(n.values);
                            out_ += ')';
                            return;
                        }
                        // Alias.sql: `e AS name`, the name quoted when it needs to be.
                        out_ += "struct(";
                        for (std::size_t i = 0; i < n.values.size(); ++i) {
                            out_ += i == 0 ? "" : ", ";
                            print(*n.values[i]);
                            if (i < aliases->second.size() && !aliases->second[i].empty()) {
                                out_ += " AS ";
                                out_ += quote_if_needed(aliases->second[i]);
                            }
                        }
                        out_ += ')';
                        return;
                    }
                    out_ += "named_struct(";
                    for (std::size_t i = 0; i < n.values.size(); ++i) {
                        out_ += i == 0 ? "" : ", ";
                        out_ += n.names[i];
                        out_ += ", ";
                        print(*n.values[i]);
                    }
                    out_ += ')';
                },
                [&](const NamedLambdaVariable& n) { out_ += n.name; },
                [&](const LambdaFunction& n) {
                    out_ += "lambdafunction(";
                    print(*n.body);
                    out_ += n.args.empty() ? "" : ", ";
                    list(n.args);
                    out_ += ')';
                },
                [&](const HigherOrderFunction& n) {
                    out_ += n.def != nullptr ? n.def->name : "?";
                    out_ += '(';
                    list(n.args);
                    out_ += ')';
                },
                [&](const ScalarFunction& n) {
                    // Spark's Like.sql is `a LIKE p`, without the ESCAPE character; RLike.sql
                    // is `RLIKE(a, p)`. Functions whose later arguments are parameters show
                    // their children only (the table's sql_children): ILike.sql `ilike(a, p)`
                    // without the escape, MultiLikeBase.sql `likeany(a)` without patterns.
                    std::span<const ExprPtr> children = shown_arguments(*n.def, n.written());
                    if (!n.def->form.empty()) {
                        // Like.sql `a LIKE p`, TimeAdd.sql `ts + i`, Extract `extract(f FROM d)`.
                        render_form(
                            n.def->form, [&](std::string_view text) { out_ += text; },
                            [&](std::size_t i) {
                                if (i < children.size()) {
                                    print(*children[i]);
                                }
                            });
                        return;
                    }
                    if (n.def->sql_children >= 0) {
                        children = children.first(std::min(
                            children.size(), static_cast<std::size_t>(n.def->sql_children)));
                    }
                    out_ += n.def->printed_name(); // RLike.sql: `RLIKE(a, p)`
                    out_ += n.distinct ? "(DISTINCT " : "(";
                    list(children);
                    out_ += ')';
                    render_within_group(
                        *n.def, n.within_group, [&](std::string_view text) { out_ += text; },
                        [&](std::size_t i) { print(*n.keys()[i]); });
                    if (const Expr* filter = n.filter()) {
                        wrapped(" FILTER (WHERE ", *filter, ")"); // AggregateExpression.sql
                    }
                },
                [&](const BinaryOp& n) {
                    out_ += '(';
                    print(*n.left);
                    out_ += ' ';
                    out_ += operator_symbol(n.op);
                    out_ += ' ';
                    print(*n.right);
                    out_ += ')';
                },
                [&](const UnaryOp& n) { unary(n); },
                [&](const IsNull& n) { wrapped("(", *n.child, " IS NULL)"); },
                [&](const IsNotNull& n) { wrapped("(", *n.child, " IS NOT NULL)"); },
                [&](const In& n) {
                    out_ += '(';
                    print(*n.value);
                    out_ += " IN (";
                    list(n.list);
                    out_ += "))";
                },
                [&](const CaseWhen& n) {
                    out_ += "CASE";
                    for (const auto& [condition, value] : n.branches) {
                        wrapped(" WHEN ", *condition, " THEN ");
                        print(*value);
                    }
                    if (n.else_value) {
                        out_ += " ELSE ";
                        print(*n.else_value);
                    }
                    out_ += " END";
                },
                [&](const Cast& n) {
                    if (!ctx_.user_casts.contains(&e)) {
                        print(*n.child); // implicit casts are invisible in names
                        return;
                    }
                    wrapped(n.try_cast ? "TRY_CAST(" : "CAST(", *n.child, " AS ");
                    out_ += sql_type(*n.target);
                    out_ += ')';
                },
                [&](const KnownNotContainsNull& n) { call("knownnotcontainsnull", *n.child); },
                [&](const SubqueryExpression& n) {
                    // Spark's Expression.sql: the class's pretty name over the outer columns
                    // (`scalarsubquery(id)`, `exists()`); InSubquery's is `(v IN (listquery()))`.
                    const std::string name = n.kind == SubqueryKind::Scalar   ? "scalarsubquery("
                                             : n.kind == SubqueryKind::Exists ? "exists("
                                                                              : "listquery(";
                    if (const ExprPtr* value = n.value()) {
                        out_ += '(';
                        print(**value);
                        out_ += " IN (";
                    }
                    out_ += name;
                    bool first = true;
                    for (const ExprPtr& column : n.outer()) {
                        out_ += first ? "" : ", ";
                        first = false;
                        print(*column);
                    }
                    out_ += ')';
                    if (n.value() != nullptr) {
                        out_ += "))";
                    }
                }},
            e.node);
    }

  private:
    void literal(const Expr& e, const Literal& n) {
        if (n.is_null) {
            out_ += "NULL";
            return;
        }
        const DataType& t = *e.type;
        if (const std::string_view keyword = typed_literal_keyword(t); !keyword.empty()) {
            out_ += keyword;
            out_ += " '";
            out_ += n.text;
            out_ += '\'';
        } else if (t.is(AtomicKind::Binary)) {
            out_ += "X'";
            out_ += n.text.view().substr(2);
            out_ += '\'';
        } else {
            out_ += n.text;
        }
    }
    void field(const Expr& child, std::string_view name) {
        print(child);
        out_ += '.';
        out_ += name;
    }
    void subscript(const Expr& child, const Expr& index) {
        print(child);
        wrapped("[", index, "]");
    }
    void call(std::string_view function, const Expr& arg) {
        out_ += function;
        wrapped("(", arg, ")");
    }
    void wrapped(std::string_view before, const Expr& e, std::string_view after) {
        out_ += before;
        print(e);
        out_ += after;
    }
    void list(std::span<const ExprPtr> exprs) {
        for (std::size_t i = 0; i < exprs.size(); ++i) {
            out_ += i == 0 ? "" : ", ";
            print(*exprs[i]);
        }
    }
    void unary(const UnaryOp& n) {
        switch (n.op) {
        case UnaryOpKind::Not:
            wrapped("(NOT ", *n.child, ")");
            return;
        case UnaryOpKind::UnaryMinus:
            wrapped("(- ", *n.child, ")");
            return;
        case UnaryOpKind::UnaryPositive:
            wrapped("(+ ", *n.child, ")");
            return;
        case UnaryOpKind::BitwiseNot:
            wrapped("~", *n.child, "");
            return;
        }
        print(*n.child);
    }

    const PrettyContext& ctx_;
    std::string& out_;
};

} // namespace

std::string pretty_sql(const Expr& e, const PrettyContext& ctx) {
    std::string out;
    PrettyPrinter(ctx, out).print(e);
    return out;
}

} // namespace prune::analyzer_detail
