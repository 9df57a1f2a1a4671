// The `--emit ast` dump: one node per line, two spaces per level, each with its line:column.
//
//     SELECT transform(rule_results, r -> r.score) AS s FROM events WHERE id > 0
//
//     Statement 1 1:1
//       Select 1:1
//         item 1:8
//           Call transform 1:8
//             NameRef rule_results 1:18
//             Lambda (r) 1:32
//               NameRef r.score 1:37
//           alias s 1:50
//         from events 1:57
//         where
//           Binary > 1:70
//             NameRef id 1:70
//             Literal Integer 0 1:75
//
// Labels that are not nodes (`where`, `when`, `else`) carry no location. Strings are quoted
// with their escapes, so the dump is one line per node whatever the literal holds.

#include <array>
#include <sstream>

#include "sql/parser.hpp"
#include "util/deep_stack.hpp"
#include "util/overloaded.hpp"

namespace prune {
namespace {

std::string quote_string(std::string_view value) {
    std::string out = "'";
    for (const char c : value) {
        switch (c) {
        case '\'':
            out += "\\'";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20 || c == '\x7F') {
                static constexpr char kHex[] = "0123456789abcdef";
                const auto byte = static_cast<unsigned char>(c);
                out += "\\x";
                out += kHex[byte >> 4U];
                out += kHex[byte & 0xFU];
            } else {
                out += c;
            }
        }
    }
    return out + "'";
}

std::string identifier_text(const ast::Identifier& id) {
    if (!id.quoted) {
        return id.name.str();
    }
    std::string out = "`";
    for (const char c : id.name.view()) {
        out += c;
        if (c == '`') {
            out += '`';
        }
    }
    return out + "`";
}

/// `a.b.c`, each part as identifier_text shows it.
std::string dotted_text(const ast::Identifiers& parts) {
    std::string text;
    for (const ast::Identifier& part : parts) {
        text += (text.empty() ? "" : ".") + identifier_text(part);
    }
    return text;
}

const char* literal_kind_name(ast::LiteralKind kind) {
    using K = ast::LiteralKind;
    switch (kind) {
    case K::Null:
        return "Null";
    case K::Boolean:
        return "Boolean";
    case K::Integer:
        return "Integer";
    case K::Decimal:
        return "Decimal";
    case K::Double:
        return "Double";
    case K::Float:
        return "Float";
    case K::String:
        return "String";
    case K::Binary:
        return "Binary";
    case K::Date:
        return "Date";
    case K::Timestamp:
        return "Timestamp";
    case K::TimestampNtz:
        return "TimestampNtz";
    case K::Interval:
        return "Interval";
    }
    return "?";
}

const char* suffix_name(ast::IntegerSuffix suffix) {
    using S = ast::IntegerSuffix;
    switch (suffix) {
    case S::None:
        return "";
    case S::Long:
        return "L";
    case S::Short:
        return "S";
    case S::Byte:
        return "Y";
    case S::BigDecimal:
        return "BD";
    }
    return "";
}

const char* binary_op_name(ast::BinaryOp op) {
    using B = ast::BinaryOp;
    switch (op) {
    case B::Or:
        return "OR";
    case B::And:
        return "AND";
    case B::Eq:
        return "=";
    case B::NullSafeEq:
        return "<=>";
    case B::NotEq:
        return "<>";
    case B::Lt:
        return "<";
    case B::LtEq:
        return "<=";
    case B::Gt:
        return ">";
    case B::GtEq:
        return ">=";
    case B::Concat:
        return "||";
    case B::Add:
        return "+";
    case B::Subtract:
        return "-";
    case B::Multiply:
        return "*";
    case B::Divide:
        return "/";
    case B::Remainder:
        return "%";
    case B::IntDivide:
        return "DIV";
    case B::BitAnd:
        return "&";
    case B::BitOr:
        return "|";
    case B::BitXor:
        return "^";
    case B::ShiftLeft:
        return "<<";
    case B::ShiftRight:
        return ">>";
    case B::ShiftRightUnsigned:
        return ">>>";
    }
    return "?";
}

const char* unary_op_name(ast::UnaryOp op) {
    switch (op) {
    case ast::UnaryOp::Not:
        return "NOT";
    case ast::UnaryOp::Negate:
        return "-";
    case ast::UnaryOp::Plus:
        return "+";
    case ast::UnaryOp::BitNot:
        return "~";
    }
    return "?";
}

class Dumper {
  public:
    explicit Dumper(const SourceFile& source) : source_(source) {}

    std::string result() const { return out_.str(); }

    void line(int indent, const std::string& text, std::optional<Span> span = std::nullopt) {
        out_ << std::string(2 * indent_levels(static_cast<std::size_t>(indent)), ' ') << text;
        if (span) {
            const Location loc = source_.location(span->begin);
            out_ << ' ' << loc.line << ':' << loc.column;
        }
        out_ << '\n';
    }

    void identifier_line(int indent, const std::string& label, const ast::Identifier& id) {
        line(indent, label + " " + identifier_text(id), id.span);
    }

    // Recurses once per level, on a stack sized for the statement (util/deep_stack.hpp).
    void expr(int indent, const ast::ExprPtr& e) {
        if (!e) {
            line(indent, "<null>");
            return;
        }
        std::visit([&](const auto& node) { this->node(indent, node, e->span); }, e->node);
    }

    void node(int indent, const ast::Literal& n, Span span) {
        std::string text = std::string("Literal ") + literal_kind_name(n.kind);
        switch (n.kind) {
        case ast::LiteralKind::Null:
            break;
        case ast::LiteralKind::Boolean:
        case ast::LiteralKind::Integer:
        case ast::LiteralKind::Decimal:
        case ast::LiteralKind::Double:
        case ast::LiteralKind::Float:
            text += " " + n.text;
            break;
        case ast::LiteralKind::Binary:
            text += " X'" + n.text + "'";
            break;
        case ast::LiteralKind::String:
        case ast::LiteralKind::Date:
        case ast::LiteralKind::Timestamp:
        case ast::LiteralKind::TimestampNtz:
        case ast::LiteralKind::Interval:
            text += " " + quote_string(n.text);
            break;
        }
        if (n.suffix != ast::IntegerSuffix::None) {
            text += std::string(" suffix ") + suffix_name(n.suffix);
        }
        if (!n.interval_unit.empty()) {
            text += " " + n.interval_unit;
        }
        line(indent, text, span);
    }

    void node(int indent, const ast::NameRef& n, Span span) {
        line(indent, "NameRef " + dotted_text(n.parts), span);
    }

    void node(int indent, const ast::Star& n, Span span) {
        std::string text = n.qualifier().empty() ? "Star" : "Star " + dotted_text(n.qualifier());
        for (std::size_t i = 0; i < n.except().size(); ++i) {
            text += (i == 0 ? " EXCEPT " : ", ") + dotted_text(n.except()[i]);
        }
        line(indent, text, span);
    }

    void node(int indent, const ast::FieldAccess& n, Span span) {
        line(indent, "FieldAccess " + identifier_text(n.field), span);
        expr(indent + 1, n.base);
    }

    void node(int indent, const ast::Subscript& n, Span span) {
        line(indent, "Subscript", span);
        expr(indent + 1, n.base);
        expr(indent + 1, n.index);
    }

    void node(int indent, const ast::Call& n, Span span) {
        line(indent,
             "Call " + identifier_text(n.name) + (n.distinct ? " DISTINCT" : "") +
                 (n.args.empty() ? " ()" : ""),
             span);
        for (const ast::ExprPtr& arg : n.inputs()) {
            expr(indent + 1, arg);
        }
        if (!n.within_group.empty()) {
            line(indent + 1, "within group");
            for (std::size_t i = 0; i < n.within_group.size(); ++i) {
                const SortDirection key = n.within_group[i];
                line(indent + 2, std::string(key.ascending ? "key ASC" : "key DESC") +
                                     (key.nulls_first ? " NULLS FIRST" : " NULLS LAST"));
                expr(indent + 3, n.keys()[i]);
            }
        }
        if (n.filtered) {
            line(indent + 1, "filter", n.args.back()->span);
            expr(indent + 2, n.args.back());
        }
    }

    void node(int indent, const ast::Lambda& n, Span span) {
        std::string params;
        for (const ast::Identifier& p : n.params) {
            params += (params.empty() ? "" : ", ") + identifier_text(p);
        }
        line(indent, "Lambda (" + params + ")", span);
        expr(indent + 1, n.body);
    }

    void node(int indent, const ast::Unary& n, Span span) {
        line(indent, std::string("Unary ") + unary_op_name(n.op), span);
        expr(indent + 1, n.operand);
    }

    void node(int indent, const ast::Binary& n, Span span) {
        line(indent, std::string("Binary ") + binary_op_name(n.op), span);
        expr(indent + 1, n.lhs);
        expr(indent + 1, n.rhs);
    }

    void node(int indent, const ast::IsNull& n, Span span) {
        line(indent, n.negated ? "IsNull NOT" : "IsNull", span);
        expr(indent + 1, n.operand);
    }

    void node(int indent, const ast::IsBool& n, Span span) {
        line(indent,
             std::string("IsBool ") + (n.negated ? "NOT " : "") + (n.value ? "TRUE" : "FALSE"),
             span);
        expr(indent + 1, n.operand);
    }

    void node(int indent, const ast::In& n, Span span) {
        line(indent, n.negated ? "In NOT" : "In", span);
        expr(indent + 1, n.operand);
        for (const ast::ExprPtr& item : n.list) {
            expr(indent + 1, item);
        }
    }

    void node(int indent, const ast::Between& n, Span span) {
        line(indent, n.negated ? "Between NOT" : "Between", span);
        expr(indent + 1, n.operand);
        expr(indent + 1, n.low);
        expr(indent + 1, n.high);
    }

    void node(int indent, const ast::QuantifiedLike& n, Span span) {
        line(indent,
             std::string("Like ") + (n.negated ? "NOT " : "") +
                 std::string(ast::like_keyword(n.kind)) + (n.all ? " ALL" : " ANY"),
             span);
        expr(indent + 1, n.operand);
        for (const ast::ExprPtr& pattern : n.patterns) {
            expr(indent + 1, pattern);
        }
    }

    void node(int indent, const ast::Like& n, Span span) {
        line(indent,
             std::string("Like ") + (n.negated ? "NOT " : "") +
                 std::string(ast::like_keyword(n.kind)),
             span);
        expr(indent + 1, n.operand);
        expr(indent + 1, n.pattern);
        if (n.escape) {
            line(indent + 1, "escape", n.escape->span);
            expr(indent + 2, n.escape);
        }
    }

    void node(int indent, const ast::Cast& n, Span span) {
        static constexpr std::array<const char*, 3> kNames = {"Cast", "Cast ::", "TryCast"};
        line(indent, kNames.at(static_cast<std::size_t>(n.syntax)), span);
        expr(indent + 1, n.operand);
        line(indent + 1, "type " + n.type_text, n.type_span());
    }

    void node(int indent, const ast::Over& n, Span span) {
        line(indent, n.ignore_nulls ? "Over IGNORE NULLS" : "Over", span);
        expr(indent + 1, n.function);
        window(indent + 1, *n.window);
    }

    void node(int indent, const ast::SubqueryExpr& n, Span span) {
        static constexpr std::array<const char*, 3> kNames = {"ScalarSubquery", "Exists",
                                                              "InSubquery"};
        line(indent, kNames.at(static_cast<std::size_t>(n.kind)), span);
        if (n.operand) {
            expr(indent + 1, n.operand);
        }
        query(indent + 1, *n.query);
    }

    void window(int indent, const ast::WindowSpec& w) {
        line(indent, w.base ? "window " + w.base->name : std::string("window"), w.span);
        if (!w.partition.empty()) {
            line(indent + 1, "partition by");
            for (const ast::ExprPtr& e : w.partition) {
                expr(indent + 2, e);
            }
        }
        order_items(indent, "order by", w.order);
        if (w.frame) {
            static constexpr std::array<const char*, 5> kBounds = {
                "UNBOUNDED PRECEDING", "PRECEDING", "CURRENT ROW", "FOLLOWING",
                "UNBOUNDED FOLLOWING"};
            line(indent + 1, w.frame->type == ast::FrameType::Rows ? "rows" : "range",
                 w.frame->span);
            for (const ast::FrameBound* b : {&w.frame->lower, &w.frame->upper}) {
                line(indent + 2, kBounds.at(static_cast<std::size_t>(b->kind)), b->span);
                if (b->value) {
                    expr(indent + 3, b->value);
                }
            }
        }
    }

    void node(int indent, const ast::Case& n, Span span) {
        line(indent, "Case", span);
        if (n.operand) {
            line(indent + 1, "operand");
            expr(indent + 2, n.operand);
        }
        for (const auto& [when, then] : n.branches) {
            line(indent + 1, "when");
            expr(indent + 2, when);
            line(indent + 1, "then");
            expr(indent + 2, then);
        }
        if (n.else_value) {
            line(indent + 1, "else");
            expr(indent + 2, n.else_value);
        }
    }

    void select(int indent, const ast::Select& s) {
        line(indent, s.distinct ? "Select DISTINCT" : "Select", s.span);
        for (const ast::SelectItem& item : s.items) {
            line(indent + 1, "item", item.span);
            expr(indent + 2, item.expr);
            if (item.alias) {
                identifier_line(indent + 2, "alias", *item.alias);
            }
            for (const ast::Identifier& alias : item.aliases) {
                identifier_line(indent + 2, "alias", alias);
            }
        }
        if (s.from) {
            from(indent + 1, *s.from);
        }
        if (s.where) {
            line(indent + 1, "where");
            expr(indent + 2, s.where);
        }
        if (!s.group_by.empty() || !s.grouping_analytics.empty()) {
            line(indent + 1, "group by");
            for (const ast::ExprPtr& e : s.group_by) {
                expr(indent + 2, e);
            }
            for (const ast::GroupingAnalytics& g : s.grouping_analytics) {
                static constexpr const char* kKinds[] = {"rollup", "cube", "grouping sets"};
                std::string sets;
                for (const std::vector<std::uint32_t>& set : g.sets) {
                    sets += sets.empty() ? "(" : ", (";
                    for (std::size_t i = 0; i < set.size(); ++i) {
                        sets += (i == 0 ? "" : " ") + std::to_string(set[i]);
                    }
                    sets += ")";
                }
                line(indent + 2,
                     std::string(kKinds[static_cast<int>(g.kind)]) +
                         (g.declared ? " (declared)" : "") + " before item " +
                         std::to_string(g.at) + ", sets " + sets,
                     g.span);
                for (const ast::ExprPtr& e : g.exprs) {
                    expr(indent + 3, e);
                }
            }
        }
        if (s.having) {
            line(indent + 1, "having");
            expr(indent + 2, s.having);
        }
        for (const auto& [name, spec] : s.windows) {
            line(indent + 1, "window definition " + name.name, name.span);
            window(indent + 2, spec);
        }
        for (const ast::Hint& hint : s.hints) {
            line(indent + 1, "hint " + hint.name.name, hint.span);
            for (const ast::ExprPtr& e : hint.args) {
                expr(indent + 2, e);
            }
        }
        organization(indent, s.order_by, s.partitioning, s.limit, s.offset);
    }

    void order_items(int indent, const char* title, const std::vector<ast::OrderItem>& items) {
        if (items.empty()) {
            return;
        }
        line(indent + 1, title);
        for (const ast::OrderItem& item : items) {
            std::string text = item.ascending ? "item ASC" : "item DESC";
            if (item.nulls_first) {
                text += *item.nulls_first ? " NULLS FIRST" : " NULLS LAST";
            }
            line(indent + 2, text, item.span);
            expr(indent + 3, item.expr);
        }
    }

    void organization(int indent, const std::vector<ast::OrderItem>& order_by,
                      const ast::ResultPartitioning& partitioning, const ast::ExprPtr& limit,
                      const ast::ExprPtr& offset) {
        order_items(indent, "order by", order_by);
        if (!partitioning.cluster_by.empty()) {
            line(indent + 1, "cluster by");
            for (const ast::ExprPtr& e : partitioning.cluster_by) {
                expr(indent + 2, e);
            }
        }
        if (!partitioning.distribute_by.empty()) {
            line(indent + 1, "distribute by");
            for (const ast::ExprPtr& e : partitioning.distribute_by) {
                expr(indent + 2, e);
            }
        }
        order_items(indent, "sort by", partitioning.sort_by);
        if (limit) {
            line(indent + 1, "limit");
            expr(indent + 2, limit);
        }
        if (offset) {
            line(indent + 1, "offset");
            expr(indent + 2, offset);
        }
    }

    void alias_lines(int indent, const std::optional<ast::Identifier>& alias,
                     const std::vector<ast::Identifier>& columns) {
        if (alias) {
            identifier_line(indent, "alias", *alias);
        }
        for (const ast::Identifier& column : columns) {
            identifier_line(indent + 1, "column", column);
        }
    }

    void named_lines(int indent, const char* what, const std::vector<ast::PivotRef::Named>& items) {
        for (const ast::PivotRef::Named& named : items) {
            line(indent, what, named.expr->span);
            expr(indent + 1, named.expr);
            if (named.alias) {
                identifier_line(indent + 1, "alias", *named.alias);
            }
        }
    }

    void from(int indent, const ast::FromItem& item) {
        std::visit(Overloaded{[&](const ast::TableRef& t) {
                                  identifier_line(indent, "from", t.name);
                                  alias_lines(indent + 1, t.alias, t.columns);
                              },
                              [&](const ast::SubqueryRef& q) {
                                  line(indent, "from subquery", item.span);
                                  query(indent + 1, *q.query);
                                  alias_lines(indent + 1, q.alias, q.columns);
                              },
                              [&](const ast::ValuesRef& v) {
                                  line(indent, "from values", item.span);
                                  for (std::size_t r = 0; r < v.rows.size(); ++r) {
                                      line(indent + 1, "row", v.row_spans[r]);
                                      for (const ast::ExprPtr& e : v.rows[r]) {
                                          expr(indent + 2, e);
                                      }
                                  }
                                  alias_lines(indent + 1, v.alias, v.columns);
                              },
                              [&](const ast::JoinRef& j) {
                                  static constexpr std::array<const char*, 7> kKinds{
                                      "INNER",      "CROSS",     "LEFT OUTER", "RIGHT OUTER",
                                      "FULL OUTER", "LEFT SEMI", "LEFT ANTI"};
                                  std::string text =
                                      j.comma
                                          ? "join (comma)"
                                          : std::string("join ") + (j.natural ? "NATURAL " : "") +
                                                kKinds.at(static_cast<std::size_t>(j.kind));
                                  line(indent, text, item.span);
                                  from(indent + 1, *j.left);
                                  from(indent + 1, *j.right);
                                  if (j.condition) {
                                      line(indent + 1, "on");
                                      expr(indent + 2, j.condition);
                                  }
                                  for (const ast::Identifier& column : j.using_columns) {
                                      identifier_line(indent + 1, "using", column);
                                  }
                              },
                              [&](const ast::GenerateRef& g) {
                                  std::string text = g.lateral_view ? "lateral view" : "lateral";
                                  text += g.outer ? " OUTER" : "";
                                  line(indent, text, item.span);
                                  if (g.left) {
                                      from(indent + 1, *g.left);
                                  }
                                  expr(indent + 1, g.call);
                                  alias_lines(indent + 1, g.alias, g.columns);
                              },
                              [&](const ast::PivotRef& p) {
                                  line(indent, "pivot", item.span);
                                  from(indent + 1, *p.input);
                                  named_lines(indent + 1, "aggregate", p.aggregates);
                                  for (const ast::Identifier& column : p.columns) {
                                      identifier_line(indent + 1, "for", column);
                                  }
                                  named_lines(indent + 1, "value", p.values);
                              },
                              [&](const ast::UnpivotRef& u) {
                                  line(indent,
                                       std::string("unpivot ") +
                                           (u.include_nulls ? "INCLUDE" : "EXCLUDE") + " NULLS",
                                       item.span);
                                  from(indent + 1, *u.input);
                                  for (const ast::Identifier& column : u.value_columns) {
                                      identifier_line(indent + 1, "value column", column);
                                  }
                                  identifier_line(indent + 1, "for", u.name_column);
                                  named_lines(indent + 1, "set", u.sets);
                                  alias_lines(indent + 1, u.alias, {});
                              }},
                   item.node);
    }

    void query(int indent, const ast::Query& q) {
        for (const ast::Cte& cte : q.ctes) {
            identifier_line(indent, "with", cte.name);
            for (const ast::Identifier& column : cte.columns) {
                identifier_line(indent + 1, "column", column);
            }
            query(indent + 1, *cte.query);
        }
        std::visit(Overloaded{[&](const ast::Select& s) { select(indent, s); },
                              [&](const ast::SetOperation& op) {
                                  static constexpr std::array<const char*, 3> kOps{
                                      "UNION", "INTERSECT", "EXCEPT"};
                                  line(indent,
                                       std::string(kOps.at(static_cast<std::size_t>(op.kind))) +
                                           (op.all ? " ALL" : " DISTINCT"),
                                       op.keyword);
                                  query(indent + 1, *op.left);
                                  query(indent + 1, *op.right);
                              },
                              [&](const ast::QueryPtr& inner) {
                                  line(indent, "Query (parenthesised)", q.span);
                                  query(indent + 1, *inner);
                              }},
                   q.body);
        organization(indent, q.order_by, q.partitioning, q.limit, q.offset);
    }

  private:
    const SourceFile& source_;
    std::ostringstream out_;
};

} // namespace

std::string dump_ast(const ast::Statement& statement, const SourceFile& source) {
    Dumper dumper(source);
    dumper.line(0, "Statement " + std::to_string(statement.index), statement.span);
    dumper.query(1, statement.query);
    return dumper.result();
}

} // namespace prune
