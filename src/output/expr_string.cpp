/// Expressions as Catalyst's `toString` prints them, the form EXPLAIN shows.
///
///     events(rule_results ARRAY<STRUCT<rule_public_id: STRING, score: DOUBLE>>)
///     SELECT transform(rule_results, r -> named_struct('id', r.rule_public_id, 's', r.score))
///
///     expr_string:
///       transform(rule_results#1, lambdafunction(named_struct(id, lambda r#3.rule_public_id,
///                 s, lambda r#3.score), lambda r#3))
///
/// Attributes, lambda variables and aliases carry their `#id` (with Spark's `L` after a bigint
/// one), and every cast prints, whether the query wrote it or the analyzer inserted it. The
/// other form Spark has, toPrettySQL (the column name of an unaliased expression,
/// `transform(rule_results, lambdafunction(named_struct(id, r.rule_public_id, s, r.score), r))`),
/// is made by pretty_sql in plan/analyzer_pretty.cpp, which names select items while the
/// analyzer still knows which casts the query wrote.
///
/// The printer appends to one buffer (no quadratic re-concatenation) and recurses once per
/// node, on a stack sized for the statement (util/deep_stack.hpp).

#include <array>
#include <charconv>
#include <initializer_list>
#include <span>
#include <string>
#include <variant>

#include "output/printers.hpp"
#include "plan/functions.hpp"
#include "plan/higher_order.hpp"
#include "plan/typing.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

bool is_long(const TypePtr& type) { return type && type->is(AtomicKind::Long); }

class ExprPrinter {
  public:
    explicit ExprPrinter(std::string& out) : out_(out) {}

    void print(const Expr& e) {
        std::visit(
            Overloaded{[&](const AttributeReference& n) {
                           if (n.outer) {
                               out_ += "outer(";
                           }
                           out_ += n.name;
                           append_id(n.id, n.type);
                           if (n.outer) {
                               out_ += ')';
                           }
                       },
                       [&](const NamedLambdaVariable& n) {
                           out_ += "lambda ";
                           out_ += n.name;
                           append_id(n.id, n.type);
                       },
                       [&](const Literal& n) { literal(n); },
                       [&](const Alias& n) {
                           print(*n.child);
                           out_ += " AS ";
                           out_ += n.name;
                           append_id(n.id, e.type);
                       },
                       [&](const GetStructField& n) {
                           print(*n.child);
                           out_ += '.';
                           out_ += shown_field_name(n);
                       },
                       [&](const GetArrayStructFields& n) {
                           print(*n.child);
                           out_ += '.';
                           out_ += shown_field_name(n);
                       },
                       [&](const GetArrayItem& n) { subscript(*n.child, *n.index); },
                       [&](const GetMapValue& n) { subscript(*n.child, *n.key); },
                       [&](const ElementAt& n) {
                           // try_element_at binds to ElementAt without failOnError; name it
                           // as written.
                           call(n.fail_on_error ? "element_at" : "try_element_at",
                                {n.left.get(), n.right.get()});
                       },
                       [&](const MapKeys& n) { call("map_keys", {n.child.get()}); },
                       [&](const MapValues& n) { call("map_values", {n.child.get()}); },
                       [&](const CreateNamedStruct& n) {
                           out_ += "named_struct(";
                           for (std::size_t i = 0; i < n.values.size(); ++i) {
                               if (i > 0) {
                                   out_ += ", ";
                               }
                               if (i < n.names.size()) {
                                   out_ += n.names[i];
                               }
                               out_ += ", ";
                               print(*n.values[i]);
                           }
                           out_ += ')';
                       },
                       [&](const LambdaFunction& n) {
                           // Spark appends the `hidden` flag (`, false`); the plans
                           // prune-plan prints (README.md "A 60-second
                           // tour") leave it out.
                           out_ += "lambdafunction(";
                           print(*n.body);
                           for (const ExprPtr& arg : n.args) {
                               out_ += ", ";
                               print(*arg);
                           }
                           out_ += ')';
                       },
                       [&](const HigherOrderFunction& n) {
                           out_ += n.def != nullptr ? n.def->name : std::string_view("?");
                           list(n.args);
                       },
                       [&](const ScalarFunction& n) {
                           if (n.name() == "like" && n.args.size() >= 2) {
                               like(n);
                               return;
                           }
                           const std::span<const ExprPtr> args =
                               shown_arguments(*n.def, n.written());
                           const std::string_view form =
                               n.def->plan_form.empty() ? n.def->form : n.def->plan_form;
                           if (!form.empty()) {
                               // TimeAdd.toString: `ts + i`, If `if (p) a else b`.
                               render_form(
                                   form, [&](std::string_view t) { out_ += t; },
                                   [&](std::size_t i) {
                                       if (i < args.size()) {
                                           print(*args[i]);
                                       }
                                   });
                               return;
                           }
                           out_ += n.def->printed_name(); // RLike: `RLIKE(a, p)`
                           out_ += '(';
                           if (n.distinct) {
                               out_ += "distinct ";
                           }
                           PlanParameters parameters;
                           std::span<const ExprPtr> children = args;
                           if (n.def->plan_parameters != nullptr) {
                               // JsonToStructs: `from_json(StructField(a,...), js#1, ...)`.
                               parameters = n.def->plan_parameters(args, *e.type);
                               const int shown = parameters.children >= 0 ? parameters.children
                                                                          : n.def->sql_children;
                               children = children.first(
                                   std::min(children.size(), static_cast<std::size_t>(shown)));
                               out_ += parameters.before;
                               out_ += parameters.before.empty() || children.empty() ? "" : ", ";
                           }
                           join(children);
                           if (n.def->time_zone) {
                               // TimeZoneAwareExpression: the zone after the children.
                               out_ += n.inputs().empty() ? "" : ", ";
                               out_ += kSessionZoneParameter;
                           }
                           out_ += parameters.after;
                           out_ += ')';
                           // Spark's toString lists the keys among the children
                           // (`listagg(v#1, null, k#2 ASC NULLS FIRST, 0, 0)`); the
                           // plans here show the clause as written (docs/FUNCTIONS.md).
                           render_within_group(
                               *n.def, n.within_group, [&](std::string_view t) { out_ += t; },
                               [&](std::size_t i) { print(*n.keys()[i]); });
                           if (const Expr* filter = n.filter()) {
                               // Spark: AggregateExpression.toString / sql.
                               out_ += " FILTER (WHERE ";
                               print(*filter);
                               out_ += ')';
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
                       [&](const IsNull& n) { call("isnull", {n.child.get()}); },
                       [&](const IsNotNull& n) { call("isnotnull", {n.child.get()}); },
                       [&](const In& n) {
                           // Spark: In.toString, `x IN (1,2)`.
                           print(*n.value);
                           out_ += " IN (";
                           for (std::size_t i = 0; i < n.list.size(); ++i) {
                               if (i > 0) {
                                   out_ += ',';
                               }
                               print(*n.list[i]);
                           }
                           out_ += ')';
                       },
                       [&](const CaseWhen& n) {
                           out_ += "CASE";
                           for (const auto& [cond, value] : n.branches) {
                               out_ += " WHEN ";
                               print(*cond);
                               out_ += " THEN ";
                               print(*value);
                           }
                           if (n.else_value) {
                               out_ += " ELSE ";
                               print(*n.else_value);
                           }
                           out_ += " END";
                       },
                       [&](const Cast& n) { cast(n); },
                       [&](const KnownNotContainsNull& n) {
                           call("knownnotcontainsnull", {n.child.get()});
                       },
                       [&](const SubqueryExpression& n) { subquery(n); }},
            e.node);
    }

  private:
    // Spark's SubqueryExpression.toString: `scalar-subquery#12 [id#0]`, `exists#12 [id#0 &&
    // k#3]`, `v#1 IN (list#12 [])`: the expression's id, then the outer columns it reads.
    void subquery(const SubqueryExpression& n) {
        if (const ExprPtr* value = n.value()) {
            print(**value);
            out_ += " IN (list";
        } else {
            out_ += n.kind == SubqueryKind::Scalar ? "scalar-subquery" : "exists";
        }
        out_ += '#';
        out_ += std::to_string(n.query->id);
        out_ += " [";
        bool first = true;
        for (const ExprPtr& column : n.outer()) {
            out_ += first ? "" : " && ";
            first = false;
            print(*column);
        }
        out_ += ']';
        if (n.value() != nullptr) {
            out_ += ')';
        }
    }

    // Spark's typeSuffix: `L` after the id of a bigint attribute, lambda variable or alias.
    void append_id(ExprId id, const TypePtr& type) {
        // `#`, the digits and the suffix in one append (every attribute and variable has one).
        std::array<char, 16> text{'#'};
        char* end = std::to_chars(text.data() + 1, text.data() + text.size() - 1, id).ptr;
        if (is_long(type)) {
            *end++ = 'L';
        }
        out_.append(text.data(), end);
    }

    // Spark: Literal.toString, the value as it is (`null`, `2024-01-31`, `0x0A0B`), where the
    // `sql` form would type it (`NULL`, `DATE '2024-01-31'`, `X'0A0B'`).
    void literal(const Literal& n) {
        if (n.is_null) {
            out_ += "null";
            return;
        }
        out_ += n.text;
    }

    // Spark: Like.toString `a LIKE p` (`a LIKE p ESCAPE 'c'` for another escape than `\`).
    void like(const ScalarFunction& n) {
        print(*n.args[0]);
        out_ += " LIKE ";
        print(*n.args[1]);
        if (n.args.size() > 2) {
            out_ += " ESCAPE '";
            print(*n.args[2]);
            out_ += '\'';
        }
    }

    void subscript(const Expr& child, const Expr& key) {
        print(child);
        out_ += '[';
        print(key);
        out_ += ']';
    }

    void join(std::span<const ExprPtr> args) {
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (i > 0) {
                out_ += ", ";
            }
            print(*args[i]);
        }
    }

    void list(std::span<const ExprPtr> args) {
        out_ += '(';
        join(args);
        out_ += ')';
    }

    void call(const char* name, std::initializer_list<const Expr*> args) {
        out_ += name;
        out_ += '(';
        bool first = true;
        for (const Expr* arg : args) {
            if (!first) {
                out_ += ", ";
            }
            first = false;
            print(*arg);
        }
        out_ += ')';
    }

    void unary(const UnaryOp& n) {
        // Spark's toString: `NOT x`, `-x`, `positive(x)`, `~x`.
        switch (n.op) {
        case UnaryOpKind::Not:
            out_ += "NOT ";
            print(*n.child);
            return;
        case UnaryOpKind::UnaryMinus:
            out_ += '-';
            print(*n.child);
            return;
        case UnaryOpKind::UnaryPositive:
            out_ += "positive(";
            print(*n.child);
            out_ += ')';
            return;
        case UnaryOpKind::BitwiseNot:
            out_ += '~';
            print(*n.child);
            return;
        }
    }

    void cast(const Cast& n) {
        out_ += n.try_cast ? "try_cast(" : "cast(";
        print(*n.child);
        out_ += " as ";
        out_ += n.target ? catalog_string(*n.target) : std::string("?");
        out_ += ')';
    }

    std::string& out_;
};

} // namespace

void append_expr_string(std::string& out, const Expr& e) { ExprPrinter(out).print(e); }

std::string expr_string(const Expr& e) {
    std::string out;
    append_expr_string(out, e);
    return out;
}

} // namespace prune
