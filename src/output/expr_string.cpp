/// Expressions as Spark prints them, in two forms.
///
///     events(rule_results ARRAY<STRUCT<rule_public_id: STRING, score: DOUBLE>>)
///     SELECT transform(rule_results, r -> named_struct('id', r.rule_public_id, 's', r.score))
///
///     expr_string (Catalyst's toString, what EXPLAIN shows):
///       transform(rule_results#1, lambdafunction(named_struct(id, lambda r#3.rule_public_id,
///                 s, lambda r#3.score), lambda r#3))
///     pretty_name (Spark's toPrettySQL, the column name of an unaliased expression):
///       transform(rule_results, lambdafunction(named_struct(id, r.rule_public_id, s, r.score), r))
///
/// The two forms differ where Catalyst's `toString` and `sql` differ: the pretty form drops
/// `#id` and the `lambda ` prefix, prints NULL as `NULL`, typed literals as SQL literals, uses
/// the SQL spelling of unary operators and null tests (`(NOT x)`, `(x IS NULL)`), and hides
/// the casts the analyzer inserted (Spark hides casts without the USER_SPECIFIED_CAST tag; a
/// synthesized node has an empty span, a cast the query wrote has the CAST's span).
///
/// Both printers append to one buffer (no quadratic re-concatenation) and recurse once per
/// node; the front end rejects nesting beyond kMaxNestingDepth, and a node deeper than
/// kMaxPrintDepth is an internal error rather than a stack overflow.

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <span>
#include <string>
#include <variant>

#include "output/printers.hpp"
#include "plan/higher_order.hpp"
#include "plan/typing.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

// Bound trees are a little deeper than the syntax that produced them (implicit casts,
// extractor chains), so the printers allow a margin over the front end's limit.
constexpr std::size_t kMaxPrintDepth = 4 * kMaxNestingDepth;

bool is_long(const TypePtr& type) { return type && type->is(AtomicKind::Long); }

// Spark: QuotingUtils.quoteIfNeeded — backquotes unless the name is a plain identifier.
void append_quoted_if_needed(std::string& out, const std::string& name) {
    const bool plain = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
    });
    if (plain) {
        out += name;
        return;
    }
    out += '`';
    for (char c : name) {
        out += c;
        if (c == '`') {
            out += '`';
        }
    }
    out += '`';
}

// Spark: DataType.sql — upper-case simple strings, `STRUCT<a: INT>`, `MAP<K, V>`.
void append_type_sql(std::string& out, const DataType& type, std::size_t depth) {
    if (depth > kMaxPrintDepth) {
        throw InternalError("type nested too deeply to print");
    }
    std::visit(Overloaded{[&](const AtomicType&) {
                              for (char c : catalog_string(type)) {
                                  out += static_cast<char>(
                                      std::toupper(static_cast<unsigned char>(c)));
                              }
                          },
                          [&](const StructType& s) {
                              out += "STRUCT<";
                              for (std::size_t i = 0; i < s.size(); ++i) {
                                  if (i > 0) {
                                      out += ", ";
                                  }
                                  append_quoted_if_needed(out, s[i].name);
                                  out += ": ";
                                  append_type_sql(out, *s[i].type, depth + 1);
                              }
                              out += '>';
                          },
                          [&](const ArrayType& a) {
                              out += "ARRAY<";
                              append_type_sql(out, *a.element, depth + 1);
                              out += '>';
                          },
                          [&](const MapType& m) {
                              out += "MAP<";
                              append_type_sql(out, *m.key, depth + 1);
                              out += ", ";
                              append_type_sql(out, *m.value, depth + 1);
                              out += '>';
                          }},
               type.variant());
}

class ExprPrinter {
  public:
    ExprPrinter(std::string& out, bool pretty) : pretty_(pretty), out_(out) {}

    void print(const Expr& e, std::size_t depth) {
        if (depth > kMaxPrintDepth) {
            throw InternalError("expression nested too deeply to print");
        }
        const std::size_t d = depth + 1;
        std::visit(
            Overloaded{
                [&](const AttributeReference& n) {
                    out_ += n.name;
                    if (!pretty_) {
                        append_id(n.id, n.type);
                    }
                },
                [&](const NamedLambdaVariable& n) {
                    if (!pretty_) {
                        out_ += "lambda ";
                    }
                    out_ += n.name;
                    if (!pretty_) {
                        append_id(n.id, n.type);
                    }
                },
                [&](const Literal& n) { literal(n); },
                [&](const Alias& n) {
                    print(*n.child, d);
                    out_ += " AS ";
                    out_ += n.name;
                    if (!pretty_) {
                        append_id(n.id, e.type);
                    }
                },
                [&](const GetStructField& n) {
                    print(*n.child, d);
                    out_ += '.';
                    out_ += shown_field_name(n);
                },
                [&](const GetArrayStructFields& n) {
                    print(*n.child, d);
                    out_ += '.';
                    out_ += shown_field_name(n);
                },
                [&](const GetArrayItem& n) { subscript(*n.child, *n.index, d); },
                [&](const GetMapValue& n) { subscript(*n.child, *n.key, d); },
                [&](const ElementAt& n) {
                    // try_element_at binds to ElementAt without failOnError; name it as written.
                    call(n.fail_on_error ? "element_at" : "try_element_at",
                         {n.left.get(), n.right.get()}, d);
                },
                [&](const MapKeys& n) { call("map_keys", {n.child.get()}, d); },
                [&](const MapValues& n) { call("map_values", {n.child.get()}, d); },
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
                        print(*n.values[i], d);
                    }
                    out_ += ')';
                },
                [&](const LambdaFunction& n) {
                    // Spark appends the `hidden` flag (`, false`); CLI.md's form leaves it out.
                    out_ += "lambdafunction(";
                    print(*n.body, d);
                    for (const ExprPtr& arg : n.args) {
                        out_ += ", ";
                        print(*arg, d);
                    }
                    out_ += ')';
                },
                [&](const HigherOrderFunction& n) {
                    out_ += n.def != nullptr ? n.def->name : std::string_view("?");
                    list(n.args, d);
                },
                [&](const ScalarFunction& n) {
                    if ((n.name() == "like" || n.name() == "rlike") && n.args.size() >= 2) {
                        like(n, d);
                        return;
                    }
                    out_ += n.name();
                    out_ += '(';
                    if (n.distinct) {
                        out_ += pretty_ ? "DISTINCT " : "distinct ";
                    }
                    join(n.inputs(), d);
                    out_ += ')';
                    if (const Expr* filter = n.filter()) {
                        // Spark: AggregateExpression.toString / sql.
                        out_ += " FILTER (WHERE ";
                        print(*filter, d);
                        out_ += ')';
                    }
                },
                [&](const BinaryOp& n) {
                    out_ += '(';
                    print(*n.left, d);
                    out_ += ' ';
                    out_ += operator_symbol(n.op);
                    out_ += ' ';
                    print(*n.right, d);
                    out_ += ')';
                },
                [&](const UnaryOp& n) { unary(n, d); },
                [&](const IsNull& n) { null_test(*n.child, "isnull", " IS NULL", d); },
                [&](const IsNotNull& n) { null_test(*n.child, "isnotnull", " IS NOT NULL", d); },
                [&](const In& n) {
                    // Spark: `x IN (1,2)` (toString) and `(x IN (1, 2))` (sql).
                    if (pretty_) {
                        out_ += '(';
                    }
                    print(*n.value, d);
                    out_ += " IN (";
                    for (std::size_t i = 0; i < n.list.size(); ++i) {
                        if (i > 0) {
                            out_ += pretty_ ? ", " : ",";
                        }
                        print(*n.list[i], d);
                    }
                    out_ += pretty_ ? "))" : ")";
                },
                [&](const CaseWhen& n) {
                    out_ += "CASE";
                    for (const auto& [cond, value] : n.branches) {
                        out_ += " WHEN ";
                        print(*cond, d);
                        out_ += " THEN ";
                        print(*value, d);
                    }
                    if (n.else_value) {
                        out_ += " ELSE ";
                        print(*n.else_value, d);
                    }
                    out_ += " END";
                },
                [&](const Cast& n) { cast(e, n, d); },
                [&](const KnownNotContainsNull& n) {
                    call("knownnotcontainsnull", {n.child.get()}, d);
                }},
            e.node);
    }

  private:
    // Spark's typeSuffix: `L` after the id of a bigint attribute, lambda variable or alias.
    void append_id(ExprId id, const TypePtr& type) {
        out_ += '#';
        out_ += std::to_string(id);
        if (is_long(type)) {
            out_ += 'L';
        }
    }

    void literal(const Literal& n) {
        if (n.is_null) {
            out_ += pretty_ ? "NULL" : "null";
            return;
        }
        if (pretty_ && n.type) {
            // Spark's usePrettyExpression keeps strings and numbers bare; other literals
            // print as SQL (`DATE '2024-01-31'`).
            const std::string_view keyword = typed_literal_keyword(*n.type);
            if (n.type->is(AtomicKind::Binary) && n.text.view().starts_with("0x")) {
                out_ += "X'"; // toString `0x0A0B`, sql `X'0A0B'`
                out_ += n.text.view().substr(2);
                out_ += '\'';
                return;
            }
            if (!keyword.empty()) {
                out_ += keyword;
                out_ += " '";
                out_ += n.text;
                out_ += '\'';
                return;
            }
        }
        out_ += n.text;
    }

    // Spark: Like.toString `a LIKE p` (`a LIKE p ESCAPE 'c'` for another escape than `\`),
    // RLike.toString `a RLIKE p`; their `sql` leaves the ESCAPE out.
    void like(const ScalarFunction& n, std::size_t d) {
        print(*n.args[0], d);
        out_ += n.name() == "like" ? " LIKE " : " RLIKE ";
        print(*n.args[1], d);
        if (n.args.size() > 2 && !pretty_) {
            out_ += " ESCAPE '";
            print(*n.args[2], d);
            out_ += '\'';
        }
    }

    void subscript(const Expr& child, const Expr& key, std::size_t d) {
        print(child, d);
        out_ += '[';
        print(key, d);
        out_ += ']';
    }

    void join(std::span<const ExprPtr> args, std::size_t d) {
        for (std::size_t i = 0; i < args.size(); ++i) {
            if (i > 0) {
                out_ += ", ";
            }
            print(*args[i], d);
        }
    }

    void list(std::span<const ExprPtr> args, std::size_t d) {
        out_ += '(';
        join(args, d);
        out_ += ')';
    }

    void call(const char* name, std::initializer_list<const Expr*> args, std::size_t d) {
        out_ += name;
        out_ += '(';
        bool first = true;
        for (const Expr* arg : args) {
            if (!first) {
                out_ += ", ";
            }
            first = false;
            print(*arg, d);
        }
        out_ += ')';
    }

    void unary(const UnaryOp& n, std::size_t d) {
        // toString: `NOT x`, `-x`, `positive(x)`, `~x`; sql: `(NOT x)`, `(- x)`, `(+ x)`, `~x`.
        switch (n.op) {
        case UnaryOpKind::Not:
            out_ += pretty_ ? "(NOT " : "NOT ";
            print(*n.child, d);
            if (pretty_) {
                out_ += ')';
            }
            return;
        case UnaryOpKind::UnaryMinus:
            out_ += pretty_ ? "(- " : "-";
            print(*n.child, d);
            if (pretty_) {
                out_ += ')';
            }
            return;
        case UnaryOpKind::UnaryPositive:
            out_ += pretty_ ? "(+ " : "positive(";
            print(*n.child, d);
            out_ += ')';
            return;
        case UnaryOpKind::BitwiseNot:
            out_ += '~';
            print(*n.child, d);
            return;
        }
    }

    void null_test(const Expr& child, const char* function, const char* sql_suffix, std::size_t d) {
        if (pretty_) {
            out_ += '(';
            print(child, d);
            out_ += sql_suffix;
            out_ += ')';
        } else {
            call(function, {&child}, d);
        }
    }

    void cast(const Expr& e, const Cast& n, std::size_t d) {
        if (!pretty_) {
            out_ += n.try_cast ? "try_cast(" : "cast(";
            print(*n.child, d);
            out_ += " as ";
            out_ += n.target ? catalog_string(*n.target) : std::string("?");
            out_ += ')';
            return;
        }
        if (e.span == Span{}) {
            print(*n.child, d); // inserted by the analyzer: hidden, as Spark hides it
            return;
        }
        out_ += n.try_cast ? "TRY_CAST(" : "CAST(";
        print(*n.child, d);
        out_ += " AS ";
        if (n.target) {
            append_type_sql(out_, *n.target, 0);
        }
        out_ += ')';
    }

    bool pretty_;
    std::string& out_;
};

} // namespace

void append_expr_string(std::string& out, const Expr& e) { ExprPrinter(out, false).print(e, 0); }

std::string expr_string(const Expr& e) {
    std::string out;
    append_expr_string(out, e);
    return out;
}

std::string pretty_name(const Expr& e) {
    std::string out;
    ExprPrinter(out, true).print(e, 0);
    return out;
}

} // namespace prune
