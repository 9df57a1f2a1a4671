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
#include <charconv>
#include <cmath>
#include <string>

#include "plan/analyzer_internal.hpp"
#include "util/overloaded.hpp"

namespace prune::analyzer_detail {
namespace {

/// `a + b + c` for any mix of strings, views and literals, appended into one string (GCC 12
/// at -O3 reports a false -Wrestrict overlap for `"(" + std::string`, PR 105329).
template <class... Parts> std::string concat(const Parts&... parts) {
    std::string out;
    (out.append(parts), ...);
    return out;
}

std::string upper(std::string s) {
    for (char& c : s) {
        if (c >= 'a' && c <= 'z') {
            c = static_cast<char>(c - 'a' + 'A');
        }
    }
    return s;
}

std::string field_name(const Expr& child, std::size_t ordinal, const Name& as_written) {
    if (!as_written.empty()) {
        return as_written.str();
    }
    const DataType* t = child.type.get();
    if (const ArrayType* at = t->array()) {
        t = at->element.get();
    }
    if (const StructType* st = t->struct_type(); st != nullptr && ordinal < st->size()) {
        return (*st)[ordinal].name;
    }
    return "?";
}

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
    return upper(catalog_string(type));
}

std::string pretty_sql(const Expr& e, const PrettyContext& ctx) {
    auto p = [&](const ExprPtr& x) { return pretty_sql(*x, ctx); };
    auto list = [&](const std::vector<ExprPtr>& xs) {
        std::string out;
        for (std::size_t i = 0; i < xs.size(); ++i) {
            out += (i == 0 ? "" : ", ") + p(xs[i]);
        }
        return out;
    };
    return std::visit(
        Overloaded{
            [](const AttributeReference& n) { return n.name.str(); },
            [&](const Literal& n) -> std::string {
                if (n.is_null) {
                    return "NULL";
                }
                const DataType& t = *e.type;
                if (t.is(AtomicKind::Date)) {
                    return "DATE '" + n.text + "'";
                }
                if (t.is(AtomicKind::Timestamp)) {
                    return "TIMESTAMP '" + n.text + "'";
                }
                if (t.is(AtomicKind::Binary)) {
                    return "X'" + std::string(n.text.view().substr(2)) + "'";
                }
                return n.text.str();
            },
            [&](const Alias& n) { return p(n.child); },
            [&](const GetStructField& n) {
                return p(n.child) + "." + field_name(*n.child, n.ordinal, n.name_as_written);
            },
            [&](const GetArrayStructFields& n) {
                return p(n.child) + "." + field_name(*n.child, n.ordinal, n.name_as_written);
            },
            [&](const GetArrayItem& n) { return p(n.child) + "[" + p(n.index) + "]"; },
            [&](const GetMapValue& n) { return p(n.child) + "[" + p(n.key) + "]"; },
            [&](const ElementAt& n) {
                return std::string(n.fail_on_error ? "element_at(" : "try_element_at(") +
                       p(n.left) + ", " + p(n.right) + ")";
            },
            [&](const MapKeys& n) { return "map_keys(" + p(n.child) + ")"; },
            [&](const MapValues& n) { return "map_values(" + p(n.child) + ")"; },
            [&](const CreateNamedStruct& n) {
                if (ctx.struct_calls.contains(&e)) {
                    return "struct(" + list(n.values) + ")";
                }
                std::string out = "named_struct(";
                for (std::size_t i = 0; i < n.values.size(); ++i) {
                    out += (i == 0 ? "" : ", ") + n.names[i] + ", " + p(n.values[i]);
                }
                return out + ")";
            },
            [](const NamedLambdaVariable& n) { return n.name.str(); },
            [&](const LambdaFunction& n) {
                return "lambdafunction(" + p(n.body) + (n.args.empty() ? "" : ", ") + list(n.args) +
                       ")";
            },
            [&](const HigherOrderFunction& n) {
                return std::string(n.def != nullptr ? n.def->name : "?") + "(" + list(n.args) + ")";
            },
            [&](const ScalarFunction& n) {
                if ((n.name() == "like" || n.name() == "rlike") && n.args.size() == 2) {
                    return p(n.args[0]) + " " + upper(std::string(n.name())) + " " + p(n.args[1]);
                }
                return std::string(n.name()) + "(" + (n.distinct ? "DISTINCT " : "") +
                       list(n.args) + ")";
            },
            [&](const BinaryOp& n) {
                return concat("(", p(n.left), " ", operator_symbol(n.op), " ", p(n.right), ")");
            },
            [&](const UnaryOp& n) -> std::string {
                switch (n.op) {
                case UnaryOpKind::Not:
                    return "(NOT " + p(n.child) + ")";
                case UnaryOpKind::UnaryMinus:
                    return "(- " + p(n.child) + ")";
                case UnaryOpKind::UnaryPositive:
                    return "(+ " + p(n.child) + ")";
                case UnaryOpKind::BitwiseNot:
                    return "~" + p(n.child);
                }
                return p(n.child);
            },
            [&](const IsNull& n) { return concat("(", p(n.child), " IS NULL)"); },
            [&](const IsNotNull& n) { return concat("(", p(n.child), " IS NOT NULL)"); },
            [&](const In& n) { return concat("(", p(n.value), " IN (", list(n.list), "))"); },
            [&](const CaseWhen& n) {
                std::string out = "CASE";
                for (const auto& [cond, value] : n.branches) {
                    out += " WHEN " + p(cond) + " THEN " + p(value);
                }
                if (n.else_value) {
                    out += " ELSE " + p(n.else_value);
                }
                return out + " END";
            },
            [&](const Cast& n) {
                if (!ctx.user_casts.contains(&e)) {
                    return p(n.child); // implicit casts are invisible in names
                }
                return "CAST(" + p(n.child) + " AS " + sql_type(*n.target) + ")";
            },
            [&](const KnownNotContainsNull& n) {
                return "knownnotcontainsnull(" + p(n.child) + ")";
            }},
        e.node);
}

} // namespace prune::analyzer_detail
