// The interpreter: expressions, higher-order functions and the plan operators.
//
//     orders(id BIGINT, items ARRAY<STRUCT<sku: STRING, qty: INT>>)
//     SELECT sum(x) AS s FROM orders GROUP BY id HAVING count(*) > 1
//
//     Project [s#3]                                  the select list
//       Filter (count(1)#4 > 1)                      rows of Aggregate
//         Aggregate [id#0] [sum(x) AS s#3,           one row per distinct id, in order of
//                           count(1) AS count(1)#4]  appearance, with its group's rows
//           Relation orders [id#0, items#1]          the input rows, bound by expression id
//
// A row carries the bindings of exactly the attributes its operator outputs: the relation's
// columns, a Project's or an Aggregate's list (Filter, Sort, Distinct, Limit and Offset pass
// their child's on), so a plan that reads a column its child does not output does not run:
// the read is an UNRESOLVED_COLUMN error (a result, which --verify reports), a Project that
// passes on a column it is not given an internal error. Lambda variables are bound by expression
// id, never by name. Everything is deterministic: groups come in order of first appearance and the
// sort is stable, so two plans over the same rows in the same order give their rows in the same
// order.

#include <algorithm>
#include <functional>
#include <unordered_map>
#include <variant>

#include "eval/eval_internal.hpp"
#include "eval/function_table.hpp"
#include "plan/tree.hpp"
#include "types/interval.hpp"
#include "util/overloaded.hpp"

namespace prune {

EvalError::EvalError(std::string error_class, std::string message)
    : class_(std::move(error_class)), message_(std::move(message)),
      text_("[" + class_ + "] " + message_) {}

namespace eval_detail {

void raise(std::string error_class, std::string message) {
    throw EvalError(std::move(error_class), std::move(message));
}

void unsupported(const std::string& what) { throw CannotVerify(what); }

namespace {

bool truthy(const Value& v) { return !v.is_null() && v.as_bool(); }

std::int64_t index_value(const Value& v) { return v.as_int(); }

Value array_element_at(const Value& array, const Value& index, bool fail_on_error) {
    const std::vector<Value>& items = array.items();
    const std::int64_t i = index_value(index);
    const auto n = static_cast<std::int64_t>(items.size());
    if (i == 0) {
        raise("INVALID_INDEX_OF_ZERO", "The index 0 is invalid. An index shall be either < 0 or "
                                       "> 0 (the first element has index 1).");
    }
    if (i > n || -i > n) {
        if (fail_on_error) {
            raise("INVALID_ARRAY_INDEX_IN_ELEMENT_AT",
                  "The index " + std::to_string(i) + " is out of bounds. The array has " +
                      std::to_string(n) +
                      " elements. Use `try_element_at` to tolerate accessing element at invalid "
                      "index and return NULL instead.");
        }
        return Value::null();
    }
    return items[static_cast<std::size_t>(i > 0 ? i - 1 : n + i)];
}

Value map_lookup(const Value& map, const Value& key) {
    const MapData& m = map.map();
    for (std::size_t i = 0; i < m.keys.size(); ++i) {
        if (compare_mixed(m.keys[i], key) == 0) {
            return m.values[i];
        }
    }
    return Value::null();
}

// A DATE '...' or TIMESTAMP '...' literal whose text does not parse (Spark raises when the
// literal is built from its string).
[[noreturn]] void malformed_literal(const std::string& text, const char* target) {
    raise("CAST_INVALID_INPUT", "The value '" + text +
                                    "' of the type \"STRING\" cannot be cast to \"" + target +
                                    "\" because it is malformed.");
}

} // namespace

// --- expressions ---------------------------------------------------------------------------

Value Evaluator::eval_in(const Expr& e, const Row& row) {
    const Row* saved = row_;
    row_ = &row;
    struct Restore {
        const Row*& slot;
        const Row* value;
        ~Restore() { slot = value; }
    } restore{row_, saved};
    return eval(e);
}

Value Evaluator::eval(const Expr& e) { return eval_node(e); }

std::optional<std::pair<Value, Value>> Evaluator::eval_non_null(const Expr& left,
                                                                const Expr& right) {
    Value l = eval(left);
    if (l.is_null()) {
        return std::nullopt;
    }
    Value r = eval(right);
    if (r.is_null()) {
        return std::nullopt;
    }
    return std::pair<Value, Value>(std::move(l), std::move(r));
}

Value Evaluator::lookup(ExprId id, bool lambda) const {
    if (lambda) {
        for (auto it = vars_.rbegin(); it != vars_.rend(); ++it) {
            if (it->first == id) {
                return it->second;
            }
        }
        throw InternalError("evaluator: unbound lambda variable #" + std::to_string(id));
    }
    if (row_ != nullptr) {
        for (const Binding& b : row_->columns) {
            if (b.first == id) {
                return b.second;
            }
        }
    }
    for (auto row = outer_rows_.rbegin(); row != outer_rows_.rend(); ++row) {
        for (const Binding& b : (*row)->columns) {
            if (b.first == id) {
                return b.second;
            }
        }
    }
    // A column the (rewritten) relation does not provide: the plan reads a column the read
    // schema dropped. Reported as a result so that verify shows the difference.
    raise("UNRESOLVED_COLUMN", "attribute #" + std::to_string(id) + " is not in the input row");
}

Value Evaluator::literal(const Expr& e, const Literal& lit) {
    if (auto it = literals_.find(&e); it != literals_.end()) {
        return it->second;
    }
    Value v;
    if (!lit.is_null) {
        const DataType& t = *lit.type;
        const AtomicType* a = t.atomic();
        if (a == nullptr) {
            unsupported("a literal of type " + catalog_string(t));
        }
        switch (a->kind) {
        case AtomicKind::Boolean:
            v = Value::boolean(lit.text == "true");
            break;
        case AtomicKind::Byte:
        case AtomicKind::Short:
        case AtomicKind::Integer:
        case AtomicKind::Long:
            v = Value::integral(std::stoll(lit.text.str()));
            break;
        case AtomicKind::Float:
            v = Value::float32(std::strtof(lit.text.str().c_str(), nullptr));
            break;
        case AtomicKind::Double:
            v = Value::float64(std::strtod(lit.text.str().c_str(), nullptr));
            break;
        case AtomicKind::Decimal: {
            Int128 unscaled = 0;
            int scale = 0;
            Int128 out = 0;
            if (!parse_decimal(lit.text, unscaled, scale) ||
                !rescale_decimal(DecimalValue{unscaled, scale}, a->scale, out)) {
                throw InternalError("evaluator: malformed decimal literal " + lit.text);
            }
            v = Value::decimal(out, a->scale);
            break;
        }
        case AtomicKind::String:
        case AtomicKind::Char:
        case AtomicKind::Varchar:
            v = Value::string(lit.text.str());
            break;
        case AtomicKind::Binary: {
            std::string bytes;
            const std::string_view text = lit.text;
            const std::string hex(text.starts_with("0x") ? text.substr(2) : text);
            for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
                bytes.push_back(static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16)));
            }
            v = Value::binary(std::move(bytes));
            break;
        }
        case AtomicKind::Date: {
            // The analyzer keeps a typed literal's text in Spark's form (types/datetime.hpp),
            // which always parses back to the value it printed.
            const std::optional<std::int32_t> days = string_to_date(lit.text);
            if (!days) {
                malformed_literal(lit.text.str(), "DATE");
            }
            v = Value::date(*days);
            break;
        }
        case AtomicKind::Timestamp:
        case AtomicKind::TimestampNtz: {
            std::int64_t micros = 0;
            const DateTimeStatus status = t.is(AtomicKind::Timestamp)
                                              ? string_to_timestamp(lit.text, micros)
                                              : string_to_timestamp_ntz(lit.text, micros);
            if (status != DateTimeStatus::Ok) {
                malformed_literal(lit.text.str(),
                                  t.is(AtomicKind::Timestamp) ? "TIMESTAMP" : "TIMESTAMP_NTZ");
            }
            v = Value::timestamp(micros);
            break;
        }
        case AtomicKind::YearMonthInterval:
        case AtomicKind::DayTimeInterval: {
            // `INTERVAL '1-2' YEAR TO MONTH`: the parser printed the value as Spark does.
            const std::string_view text = lit.text;
            const std::size_t open = text.find('\'');
            const std::string_view body = text.substr(open + 1, text.rfind('\'') - open - 1);
            std::optional<std::int64_t> value;
            if (a->kind == AtomicKind::YearMonthInterval) {
                value = string_to_year_month_interval(body, a->start_field, a->end_field);
            } else {
                value = day_time_interval_of_body(body, a->start_field, a->end_field);
            }
            if (!value) {
                throw InternalError("evaluator: malformed interval literal " + lit.text);
            }
            v = Value::integral(*value);
            break;
        }
        default:
            unsupported("a literal of type " + catalog_string(t));
        }
    }
    literals_.emplace(&e, v);
    return v;
}

Value Evaluator::eval_node(const Expr& e) {
    return std::visit(
        Overloaded{
            [&](const AttributeReference& a) { return lookup(a.id, false); },
            [&](const NamedLambdaVariable& v) { return lookup(v.id, true); },
            [&](const Literal& lit) { return literal(e, lit); },
            [&](const Alias& a) { return eval(*a.child); },
            [&](const GetStructField& g) {
                const Value s = eval(*g.child);
                if (s.is_null()) {
                    return Value::null();
                }
                if (g.ordinal >= s.fields().size()) {
                    raise("INTERNAL_ERROR", "struct field ordinal " + std::to_string(g.ordinal) +
                                                " out of range for a struct of " +
                                                std::to_string(s.fields().size()) + " fields");
                }
                return s.fields()[g.ordinal];
            },
            [&](const GetArrayStructFields& g) {
                const Value a = eval(*g.child);
                if (a.is_null()) {
                    return Value::null();
                }
                std::vector<Value> out;
                out.reserve(a.items().size());
                for (const Value& s : a.items()) {
                    if (s.is_null()) {
                        out.push_back(Value::null());
                        continue;
                    }
                    if (g.ordinal >= s.fields().size() || s.fields().size() != g.num_fields()) {
                        raise("INTERNAL_ERROR", "array struct field ordinal " +
                                                    std::to_string(g.ordinal) + " / " +
                                                    std::to_string(g.num_fields()) +
                                                    " fields does not fit a struct of " +
                                                    std::to_string(s.fields().size()) + " fields");
                    }
                    out.push_back(s.fields()[g.ordinal]);
                }
                return Value::array_of(std::move(out));
            },
            [&](const GetArrayItem& g) {
                const auto operands = eval_non_null(*g.child, *g.index);
                if (!operands) {
                    return Value::null();
                }
                const Value& a = operands->first;
                const std::int64_t index = index_value(operands->second);
                const auto n = static_cast<std::int64_t>(a.items().size());
                if (index < 0 || index >= n) {
                    raise("INVALID_ARRAY_INDEX",
                          "The index " + std::to_string(index) +
                              " is out of bounds. The array has " + std::to_string(n) +
                              " elements. Use the SQL function `get()` to tolerate accessing "
                              "element at invalid index and return NULL instead.");
                }
                return a.items()[static_cast<std::size_t>(index)];
            },
            [&](const GetMapValue& g) {
                const auto operands = eval_non_null(*g.child, *g.key);
                return operands ? map_lookup(operands->first, operands->second) : Value::null();
            },
            [&](const ElementAt& g) {
                const auto operands = eval_non_null(*g.left, *g.right);
                if (!operands) {
                    return Value::null();
                }
                if (g.left->type->map() != nullptr) {
                    return map_lookup(operands->first, operands->second);
                }
                return array_element_at(operands->first, operands->second, g.fail_on_error);
            },
            [&](const MapKeys& m) {
                const Value v = eval(*m.child);
                return v.is_null() ? v : Value::array_of(v.map().keys);
            },
            [&](const MapValues& m) {
                const Value v = eval(*m.child);
                return v.is_null() ? v : Value::array_of(v.map().values);
            },
            [&](const CreateNamedStruct& s) {
                std::vector<Value> fields;
                fields.reserve(s.values.size());
                for (const ExprPtr& v : s.values) {
                    fields.push_back(eval(*v));
                }
                return Value::struct_of(std::move(fields));
            },
            [&](const LambdaFunction&) -> Value {
                throw InternalError("evaluator: a lambda function outside a higher-order function");
            },
            [&](const HigherOrderFunction& h) { return eval_hof(e, h); },
            [&](const ScalarFunction& f) { return eval_function(e, f); },
            [&](const BinaryOp& b) { return eval_binary(e, b); },
            [&](const UnaryOp& u) {
                const Value v = eval(*u.child);
                if (v.is_null()) {
                    return v;
                }
                switch (u.op) {
                case UnaryOpKind::Not:
                    return Value::boolean(!v.as_bool());
                case UnaryOpKind::UnaryMinus:
                    return negate(v, *e.type);
                case UnaryOpKind::UnaryPositive:
                    return v;
                case UnaryOpKind::BitwiseNot:
                    return Value::integral(~v.as_int());
                }
                return v;
            },
            [&](const IsNull& n) { return Value::boolean(eval(*n.child).is_null()); },
            [&](const IsNotNull& n) { return Value::boolean(!eval(*n.child).is_null()); },
            [&](const In& in) {
                const Value v = eval(*in.value);
                if (v.is_null()) {
                    return Value::null();
                }
                bool saw_null = false;
                for (const ExprPtr& item : in.list) {
                    const Value x = eval(*item);
                    if (x.is_null()) {
                        saw_null = true;
                    } else if (compare_mixed(v, x) == 0) {
                        return Value::boolean(true);
                    }
                }
                return saw_null ? Value::null() : Value::boolean(false);
            },
            [&](const CaseWhen& c) {
                for (const auto& [when, then] : c.branches) {
                    if (truthy(eval(*when))) {
                        return eval(*then);
                    }
                }
                return c.else_value ? eval(*c.else_value) : Value::null();
            },
            [&](const Cast& c) {
                const Value v = eval(*c.child);
                if (v.is_null()) {
                    return v;
                }
                try {
                    return cast_value(v, *c.child->type, *c.target);
                } catch (const EvalError&) {
                    if (!c.try_cast) {
                        throw;
                    }
                    return Value::null(); // Spark's evalMode TRY
                }
            },
            [&](const KnownNotContainsNull& k) { return eval(*k.child); },
            [&](const SubqueryExpression& s) { return eval_subquery(s); },
        },
        e.node);
}

Value Evaluator::eval_subquery(const SubqueryExpression& s) {
    if (!run_plan_) {
        unsupported("a subquery expression outside a query");
    }
    // The value first, in the current row; then the query, for this row as its outer row.
    std::optional<Value> value;
    if (const ExprPtr* v = s.value()) {
        value = eval(**v);
    }
    outer_rows_.push_back(row_);
    const Row* saved = row_;
    std::vector<Row> rows;
    try {
        rows = run_plan_(s.plan());
    } catch (...) {
        outer_rows_.pop_back();
        row_ = saved;
        throw;
    }
    outer_rows_.pop_back();
    row_ = saved;
    if (s.kind == SubqueryKind::Exists) {
        return Value::boolean(!rows.empty());
    }
    const ExprId column = plan_output(s.plan()).front()->as<AttributeReference>()->id;
    const auto binding_of = [column](const Row& row) {
        for (const Binding& b : row.columns) {
            if (b.first == column) {
                return b.second;
            }
        }
        throw InternalError("evaluator: the subquery's row has no column #" +
                            std::to_string(column));
    };
    if (s.kind == SubqueryKind::Scalar) {
        if (rows.size() > 1) {
            raise("SCALAR_SUBQUERY_TOO_MANY_ROWS",
                  "More than one row returned by a subquery used as an expression.");
        }
        return rows.empty() ? Value::null() : binding_of(rows.front());
    }
    // IN: true on an equal value; else null when the value or one of the column's is null.
    if (rows.empty()) {
        return Value::boolean(false);
    }
    if (value->is_null()) {
        return Value::null();
    }
    bool saw_null = false;
    for (const Row& row : rows) {
        const Value x = binding_of(row);
        if (x.is_null()) {
            saw_null = true;
        } else if (compare_mixed(*value, x) == 0) {
            return Value::boolean(true);
        }
    }
    return saw_null ? Value::null() : Value::boolean(false);
}

Value Evaluator::eval_binary(const Expr& e, const BinaryOp& b) {
    switch (b.op) {
    case BinaryOpKind::And: {
        const Value l = eval(*b.left);
        if (!l.is_null() && !l.as_bool()) {
            return Value::boolean(false);
        }
        const Value r = eval(*b.right);
        if (!r.is_null() && !r.as_bool()) {
            return Value::boolean(false);
        }
        return l.is_null() || r.is_null() ? Value::null() : Value::boolean(true);
    }
    case BinaryOpKind::Or: {
        const Value l = eval(*b.left);
        if (!l.is_null() && l.as_bool()) {
            return Value::boolean(true);
        }
        const Value r = eval(*b.right);
        if (!r.is_null() && r.as_bool()) {
            return Value::boolean(true);
        }
        return l.is_null() || r.is_null() ? Value::null() : Value::boolean(false);
    }
    case BinaryOpKind::EqualNullSafe: {
        const Value l = eval(*b.left);
        const Value r = eval(*b.right);
        if (l.is_null() || r.is_null()) {
            return Value::boolean(l.is_null() && r.is_null());
        }
        return Value::boolean(compare_mixed(l, r) == 0);
    }
    default:
        break;
    }
    const auto operands = eval_non_null(*b.left, *b.right);
    if (!operands) {
        return Value::null();
    }
    const Value& l = operands->first;
    const Value& r = operands->second;
    switch (b.op) {
    case BinaryOpKind::EqualTo:
        return Value::boolean(compare_mixed(l, r) == 0);
    case BinaryOpKind::LessThan:
        return Value::boolean(compare_mixed(l, r) < 0);
    case BinaryOpKind::LessThanOrEqual:
        return Value::boolean(compare_mixed(l, r) <= 0);
    case BinaryOpKind::GreaterThan:
        return Value::boolean(compare_mixed(l, r) > 0);
    case BinaryOpKind::GreaterThanOrEqual:
        return Value::boolean(compare_mixed(l, r) >= 0);
    default:
        return arithmetic(b.op, l, r, *e.type);
    }
}

Value Evaluator::call_lambda(const Expr& lambda, std::initializer_list<Value> args) {
    const auto* fn = lambda.as<LambdaFunction>();
    if (fn == nullptr) {
        throw InternalError("evaluator: expected a lambda function");
    }
    const std::size_t mark = vars_.size();
    std::size_t i = 0;
    for (const Value& v : args) {
        if (i >= fn->args.size()) {
            break;
        }
        vars_.emplace_back(fn->args[i]->as<NamedLambdaVariable>()->id, v);
        ++i;
    }
    struct Pop {
        std::vector<Binding>& vars;
        std::size_t mark;
        ~Pop() { vars.resize(mark); }
    } pop{vars_, mark};
    return eval(*fn->body);
}

// --- higher-order functions ----------------------------------------------------------------

namespace {

/// A stable merge sort that never assumes the comparator is consistent (a user comparator
/// may not be): the same comparator calls in the same order on both plans.
template <class Less> void merge_sort(std::vector<Value>& v, Less less) {
    if (v.size() < 2) {
        return;
    }
    std::vector<Value> buffer(v.size());
    for (std::size_t width = 1; width < v.size(); width *= 2) {
        for (std::size_t lo = 0; lo < v.size(); lo += 2 * width) {
            const std::size_t mid = std::min(lo + width, v.size());
            const std::size_t hi = std::min(lo + 2 * width, v.size());
            std::size_t i = lo;
            std::size_t j = mid;
            std::size_t k = lo;
            while (i < mid && j < hi) {
                buffer[k++] = less(v[j], v[i]) ? v[j++] : v[i++];
            }
            while (i < mid) {
                buffer[k++] = v[i++];
            }
            while (j < hi) {
                buffer[k++] = v[j++];
            }
        }
        v.swap(buffer);
    }
}

} // namespace

Value Evaluator::eval_hof(const Expr& e, const HigherOrderFunction& h) {
    const HofDef& def = *h.def;
    auto lambda_at = [&](std::size_t position) -> const Expr* {
        return position < h.args.size() && h.args[position]->is<LambdaFunction>()
                   ? h.args[position].get()
                   : nullptr;
    };
    switch (def.kind) {
    case HofKind::Transform:
    case HofKind::Filter:
    case HofKind::Exists:
    case HofKind::ForAll: {
        const Value a = eval(*h.args[0]);
        if (a.is_null()) {
            return a;
        }
        const Expr& fn = *h.args[1];
        const std::vector<Value>& items = a.items();
        if (def.kind == HofKind::Transform || def.kind == HofKind::Filter) {
            std::vector<Value> out;
            for (std::size_t i = 0; i < items.size(); ++i) {
                const Value r =
                    call_lambda(fn, {items[i], Value::integral(static_cast<std::int64_t>(i))});
                if (def.kind == HofKind::Transform) {
                    out.push_back(r);
                } else if (truthy(r)) {
                    out.push_back(items[i]);
                }
            }
            return Value::array_of(std::move(out));
        }
        bool found_null = false;
        if (def.kind == HofKind::Exists) {
            for (const Value& x : items) {
                const Value r = call_lambda(fn, {x});
                if (r.is_null()) {
                    found_null = true;
                } else if (r.as_bool()) {
                    return Value::boolean(true);
                }
            }
            return found_null ? Value::null() : Value::boolean(false);
        }
        for (const Value& x : items) {
            const Value r = call_lambda(fn, {x});
            if (r.is_null()) {
                found_null = true;
            } else if (!r.as_bool()) {
                return Value::boolean(false);
            }
        }
        return found_null ? Value::null() : Value::boolean(true);
    }
    case HofKind::ArraySort: {
        const Value a = eval(*h.args[0]);
        if (a.is_null()) {
            return a;
        }
        std::vector<Value> items = a.items();
        if (const Expr* fn = lambda_at(1)) {
            merge_sort(items, [&](const Value& x, const Value& y) {
                const Value r = call_lambda(*fn, {x, y});
                if (r.is_null()) {
                    const TypePtr& element = h.args[0]->type->array()->element;
                    raise("COMPARATOR_RETURNS_NULL",
                          "The comparator has returned a NULL for a comparison between " +
                              value_to_string(x, *element) + " and " +
                              value_to_string(y, *element) +
                              ". It should return a positive integer for \"greater than\", 0 "
                              "for \"equal\" and a negative integer for \"less than\".");
                }
                return r.as_int() < 0;
            });
        } else {
            // Spark's default comparator: ascending, nulls last.
            merge_sort(items, [](const Value& x, const Value& y) {
                if (x.is_null() || y.is_null()) {
                    return !x.is_null() && y.is_null();
                }
                return compare_values(x, y) < 0;
            });
        }
        return Value::array_of(std::move(items));
    }
    case HofKind::Aggregate: {
        const Value a = eval(*h.args[0]);
        if (a.is_null()) {
            return a;
        }
        Value acc = eval(*h.args[1]);
        for (const Value& x : a.items()) {
            acc = call_lambda(*h.args[2], {acc, x});
        }
        if (const Expr* finish = lambda_at(3)) {
            return call_lambda(*finish, {acc});
        }
        return acc;
    }
    case HofKind::ZipWith: {
        const auto operands = eval_non_null(*h.args[0], *h.args[1]);
        if (!operands) {
            return Value::null();
        }
        const Value& l = operands->first;
        const Value& r = operands->second;
        const std::size_t n = std::max(l.items().size(), r.items().size());
        std::vector<Value> out;
        out.reserve(n);
        for (std::size_t i = 0; i < n; ++i) {
            out.push_back(
                call_lambda(*h.args[2], {i < l.items().size() ? l.items()[i] : Value::null(),
                                         i < r.items().size() ? r.items()[i] : Value::null()}));
        }
        return Value::array_of(std::move(out));
    }
    case HofKind::TransformKeys:
    case HofKind::TransformValues:
    case HofKind::MapFilter: {
        const Value m = eval(*h.args[0]);
        if (m.is_null()) {
            return m;
        }
        const MapData& data = m.map();
        std::vector<Value> keys;
        std::vector<Value> values;
        for (std::size_t i = 0; i < data.keys.size(); ++i) {
            const Value r = call_lambda(*h.args[1], {data.keys[i], data.values[i]});
            if (def.kind == HofKind::TransformKeys) {
                keys.push_back(r);
                values.push_back(data.values[i]);
            } else if (def.kind == HofKind::TransformValues) {
                keys.push_back(data.keys[i]);
                values.push_back(r);
            } else if (truthy(r)) {
                keys.push_back(data.keys[i]);
                values.push_back(data.values[i]);
            }
        }
        if (def.kind == HofKind::TransformKeys) {
            return make_checked_map(std::move(keys), std::move(values));
        }
        return Value::map_of(std::move(keys), std::move(values));
    }
    case HofKind::MapZipWith: {
        const auto operands = eval_non_null(*h.args[0], *h.args[1]);
        if (!operands) {
            return Value::null();
        }
        const Value& l = operands->first;
        const Value& r = operands->second;
        // Keys in order of first appearance: the left map's, then the right map's new ones.
        std::vector<Value> keys;
        auto add_keys = [&](const MapData& m) {
            for (const Value& k : m.keys) {
                const bool seen = std::any_of(keys.begin(), keys.end(), [&](const Value& x) {
                    return compare_mixed(x, k) == 0;
                });
                if (!seen) {
                    keys.push_back(k);
                }
            }
        };
        add_keys(l.map());
        add_keys(r.map());
        std::vector<Value> values;
        values.reserve(keys.size());
        for (const Value& k : keys) {
            values.push_back(call_lambda(*h.args[2], {k, map_lookup(l, k), map_lookup(r, k)}));
        }
        return Value::map_of(std::move(keys), std::move(values));
    }
    }
    (void)e;
    throw InternalError("evaluator: unknown higher-order function");
}

} // namespace eval_detail

// --- the plan ------------------------------------------------------------------------------

using namespace eval_detail;

namespace {

ExprId output_id(const Expr& e) {
    if (const auto* a = e.as<Alias>()) {
        return a->id;
    }
    if (const auto* a = e.as<AttributeReference>()) {
        return a->id;
    }
    throw InternalError("evaluator: an output expression that is not named");
}

std::string output_name(const Expr& e) {
    if (const auto* a = e.as<Alias>()) {
        return a->name.str();
    }
    if (const auto* a = e.as<AttributeReference>()) {
        return a->name.str();
    }
    return "?";
}

Value binding_of(const Row& row, ExprId id) {
    for (const Binding& b : row.columns) {
        if (b.first == id) {
            return b.second;
        }
    }
    // As for an expression's column: a plan not rewritten over a pruned scan
    // (--debug-no-rewrite) outputs a column the read schema dropped; verify shows it.
    raise("UNRESOLVED_COLUMN", "output column #" + std::to_string(id) + " is not in the input row");
}

/// The values of `row` for `columns` (AttributeReferences), in order.
std::vector<Value> values_of(const Row& row, const std::vector<ExprPtr>& columns) {
    std::vector<Value> values;
    values.reserve(columns.size());
    for (const ExprPtr& c : columns) {
        values.push_back(binding_of(row, c->as<AttributeReference>()->id));
    }
    return values;
}

/// A row binding `columns` to `values`.
Row row_of(const std::vector<ExprPtr>& columns, std::vector<Value> values) {
    Row row;
    row.columns.reserve(columns.size());
    for (std::size_t i = 0; i < columns.size(); ++i) {
        row.columns.emplace_back(columns[i]->as<AttributeReference>()->id, std::move(values[i]));
    }
    return row;
}

class PlanRunner {
  public:
    /// `relation_rows[k]` are the rows of the k-th Relation in plan_relations order.
    /// A subquery expression's plan runs on this runner, so its scans find their rows too.
    PlanRunner(Evaluator& ev, const Plan& plan,
               const std::vector<std::vector<std::vector<Value>>>& relation_rows)
        : ev_(ev), relation_rows_(relation_rows) {
        for (const Relation* relation : plan_relations(plan)) {
            relations_.emplace(relation, relations_.size());
        }
        ev_.set_plan_runner([this](const Plan& subquery) { return run(subquery); });
    }
    PlanRunner(const PlanRunner&) = delete;
    PlanRunner& operator=(const PlanRunner&) = delete;
    ~PlanRunner() { ev_.set_plan_runner(nullptr); }

    // Inputs are run left to right, so Relations are reached in plan_relations order.
    std::vector<Row> run(const Plan& plan) {
        return std::visit(
            Overloaded{
                [&](const Relation& r) {
                    const auto it = relations_.find(&r);
                    if (it == relations_.end() || it->second >= relation_rows_.size()) {
                        throw InternalError("evaluator: no rows for scan of " + r.table);
                    }
                    return scan(r, relation_rows_[it->second]);
                },
                [&](const LocalRelation& r) {
                    std::vector<Row> rows;
                    for (const std::vector<ExprPtr>& values : r.rows) {
                        std::vector<Value> row;
                        for (const ExprPtr& v : values) {
                            row.push_back(ev_.eval_in(*v, Row{}));
                        }
                        rows.push_back(row_of(r.output, std::move(row)));
                    }
                    return rows;
                },
                [&](const Filter& f) {
                    std::vector<Row> rows = run(*f.child);
                    std::vector<Row> out;
                    for (Row& row : rows) {
                        const Value keep = ev_.eval_in(*f.condition, row);
                        if (!keep.is_null() && keep.as_bool()) {
                            out.push_back(std::move(row));
                        }
                    }
                    return out;
                },
                [&](const Project& p) {
                    // Above a Project only its outputs are visible.
                    std::vector<Row> rows = run(*p.child);
                    for (Row& row : rows) {
                        std::vector<Binding> out;
                        out.reserve(p.exprs.size());
                        for (const ExprPtr& e : p.exprs) {
                            out.emplace_back(output_id(*e), e->is<Alias>()
                                                                ? ev_.eval_in(*e, row)
                                                                : binding_of(row, output_id(*e)));
                        }
                        row.columns = std::move(out);
                    }
                    return rows;
                },
                [&](const Aggregate& a) { return aggregate(a, run(*a.child)); },
                [&](const Sort& s) { return sort(s, run(*s.child)); },
                [&](const Limit& l) {
                    std::vector<Row> rows = run(*l.child);
                    const Value n = ev_.eval_in(*l.limit, Row{});
                    if (!n.is_null() && n.as_int() >= 0 &&
                        static_cast<std::size_t>(n.as_int()) < rows.size()) {
                        rows.resize(static_cast<std::size_t>(n.as_int()));
                    }
                    return rows;
                },
                [&](const Offset& o) {
                    std::vector<Row> rows = run(*o.child);
                    const Value n = ev_.eval_in(*o.offset, Row{});
                    const std::size_t skip =
                        n.is_null() || n.as_int() < 0
                            ? 0
                            : std::min(static_cast<std::size_t>(n.as_int()), rows.size());
                    rows.erase(rows.begin(), rows.begin() + static_cast<std::ptrdiff_t>(skip));
                    return rows;
                },
                [&](const Distinct& d) {
                    std::vector<Row> rows = run(*d.child);
                    const std::vector<ExprPtr> outputs = plan_output(*d.child);
                    ValueRowMap<bool> seen;
                    std::vector<Row> out;
                    for (Row& row : rows) {
                        if (seen.emplace(values_of(row, outputs), true).second) {
                            out.push_back(std::move(row));
                        }
                    }
                    return out;
                },
                [&](const Join& j) {
                    // Left first (argument order is unspecified): scans take their rows in
                    // plan_relations order.
                    std::vector<Row> left = run(*j.left);
                    std::vector<Row> right = run(*j.right);
                    return join(j, std::move(left), std::move(right));
                },
                [&](const SetOperation& s) { return set_operation(s); },
                [&](const Generate& g) { return generate(g, run(*g.child)); },
                // One partition: every row stays where it is.
                [&](const Repartition& r) { return run(*r.child); },
                [&](const Window& w) { return window(w, run(*w.child)); },
                [&](const Sample& s) {
                    // Not Spark's random generator: a fixed choice per row position (from the
                    // seed), so the plans --verify compares keep the same rows.
                    std::vector<Row> rows = run(*s.child);
                    std::vector<Row> out;
                    std::uint64_t state = static_cast<std::uint64_t>(s.seed.value_or(0));
                    for (Row& row : rows) {
                        state += 0x9E3779B97F4A7C15ULL; // splitmix64
                        std::uint64_t z = state;
                        z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
                        z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
                        z ^= z >> 31U;
                        const double u = static_cast<double>(z >> 11U) * 0x1.0p-53;
                        if (u < s.fraction) {
                            out.push_back(std::move(row));
                        }
                    }
                    return out;
                },
                [&](const Expand& e) {
                    // Each input row once per projection, in order (Spark's ExpandExec).
                    std::vector<Row> rows = run(*e.child);
                    std::vector<Row> out;
                    out.reserve(rows.size() * e.projections.size());
                    for (const Row& row : rows) {
                        for (const std::vector<ExprPtr>& projection : e.projections) {
                            std::vector<Value> values;
                            values.reserve(projection.size());
                            for (const ExprPtr& x : projection) {
                                values.push_back(ev_.eval_in(*x, row));
                            }
                            out.push_back(row_of(e.output, std::move(values)));
                        }
                    }
                    return out;
                }},
            plan.node);
    }

  private:
    /// Spark's generators: each input row repeated once per row the generator makes of it,
    /// the generator's columns appended. `explode` makes one row per array element or map
    /// entry (in stored order), `posexplode` numbers them from 0 first, `inline` spreads each
    /// struct element's fields (a null element gives nulls), `stack` deals its values into n
    /// rows, `json_tuple` makes exactly one (of nulls where it finds nothing). An outer generator
    /// that makes no row (a null or empty input) makes one of nulls.
    std::vector<Row> generate(const Generate& g, std::vector<Row> rows) {
        std::vector<Row> out;
        const std::size_t width = g.output.size();
        const bool pos = g.kind == GeneratorKind::PosExplode;
        // inline: the element field each output column reads, found by name.
        std::vector<std::size_t> field_index;
        if (g.kind == GeneratorKind::Inline) {
            const StructType* element = g.args[0]->type->array()->element->struct_type();
            for (const Name& field : g.fields) {
                const auto index = element->field_index(field.view(), CaseSensitivity::Sensitive);
                if (!index) {
                    throw InternalError("evaluator: inline reads a field its element lacks");
                }
                field_index.push_back(*index);
            }
        }
        for (Row& row : rows) {
            std::vector<std::vector<Value>> made;
            if (g.kind == GeneratorKind::JsonTuple) {
                std::vector<Value> keys;
                for (std::size_t at = 1; at < g.args.size(); ++at) {
                    keys.push_back(ev_.eval_in(*g.args[at], row));
                }
                made.push_back(spark_json_tuple(ev_.eval_in(*g.args[0], row), keys));
            } else if (g.kind == GeneratorKind::Stack) {
                const Value n = ev_.eval_in(*g.args[0], row);
                const std::size_t count = n.is_null() ? 0 : static_cast<std::size_t>(n.as_int());
                for (std::size_t r = 0; r < count; ++r) {
                    std::vector<Value> values;
                    for (std::size_t c = 0; c < width; ++c) {
                        const std::size_t at = 1 + (r * width) + c;
                        values.push_back(at < g.args.size() ? ev_.eval_in(*g.args[at], row)
                                                            : Value::null());
                    }
                    made.push_back(std::move(values));
                }
            } else {
                const Value input = ev_.eval_in(*g.args[0], row);
                if (!input.is_null() && input.kind() == Value::Kind::Map) {
                    const MapData& map = input.map();
                    for (std::size_t i = 0; i < map.keys.size(); ++i) {
                        std::vector<Value> values;
                        if (pos) {
                            values.push_back(Value::integral(static_cast<std::int64_t>(i)));
                        }
                        values.push_back(map.keys[i]);
                        values.push_back(map.values[i]);
                        made.push_back(std::move(values));
                    }
                } else if (!input.is_null()) {
                    const std::vector<Value>& items = input.items();
                    for (std::size_t i = 0; i < items.size(); ++i) {
                        std::vector<Value> values;
                        if (pos) {
                            values.push_back(Value::integral(static_cast<std::int64_t>(i)));
                        }
                        if (g.kind == GeneratorKind::Inline) {
                            for (const std::size_t f : field_index) {
                                if (items[i].is_null()) {
                                    values.push_back(Value::null());
                                    continue;
                                }
                                // A plan not rewritten over a pruned scan (--debug-no-rewrite)
                                // reads the table's positions in narrower structs.
                                if (f >= items[i].fields().size()) {
                                    raise("INTERNAL_ERROR",
                                          "inline field " + std::to_string(f) +
                                              " out of range for a struct of " +
                                              std::to_string(items[i].fields().size()) + " fields");
                                }
                                values.push_back(items[i].fields()[f]);
                            }
                        } else {
                            values.push_back(items[i]);
                        }
                        made.push_back(std::move(values));
                    }
                }
            }
            if (made.empty() && g.outer) {
                made.emplace_back(width, Value::null());
            }
            for (std::vector<Value>& values : made) {
                Row next;
                next.columns = row.columns;
                for (std::size_t c = 0; c < width; ++c) {
                    next.columns.emplace_back(g.output[c]->as<AttributeReference>()->id,
                                              std::move(values[c]));
                }
                out.push_back(std::move(next));
            }
        }
        return out;
    }

    static std::vector<Row> scan(const Relation& r, const std::vector<std::vector<Value>>& input) {
        std::vector<Row> rows;
        rows.reserve(input.size());
        for (const std::vector<Value>& values : input) {
            if (values.size() != r.output.size()) {
                throw InternalError("evaluator: a row of " + std::to_string(values.size()) +
                                    " values for a relation of " + std::to_string(r.output.size()) +
                                    " columns");
            }
            Row row;
            for (std::size_t i = 0; i < values.size(); ++i) {
                row.columns.emplace_back(r.output[i]->as<AttributeReference>()->id, values[i]);
            }
            rows.push_back(std::move(row));
        }
        return rows;
    }

    std::vector<Row> aggregate(const Aggregate& a, std::vector<Row> rows) {
        // Groups in order of first appearance; a global aggregate is one group, even empty.
        std::vector<std::vector<Row>> groups;
        if (a.grouping.empty()) {
            groups.push_back(std::move(rows));
        } else {
            ValueRowMap<std::size_t> index;
            for (Row& row : rows) {
                std::vector<Value> key;
                for (const ExprPtr& g : a.grouping) {
                    key.push_back(ev_.eval_in(*g, row));
                }
                auto [it, inserted] = index.emplace(std::move(key), groups.size());
                if (inserted) {
                    groups.emplace_back();
                }
                groups[it->second].push_back(std::move(row));
            }
        }
        std::vector<Row> out;
        for (std::vector<Row>& group : groups) {
            Row row;
            if (!group.empty()) {
                row.columns = group.front().columns;
            }
            row.group = std::make_shared<const std::vector<Row>>(std::move(group));
            // Above an Aggregate only its outputs are visible.
            std::vector<Binding> outputs;
            outputs.reserve(a.aggregates.size());
            for (const ExprPtr& e : a.aggregates) {
                outputs.emplace_back(output_id(*e), ev_.eval_in(*e, row));
            }
            row.columns = std::move(outputs);
            out.push_back(std::move(row));
        }
        return out;
    }

    /// Spark's joins: a row pair matches when the condition is true (null is no match, so a
    /// null key never matches); outer joins pad the unmatched rows of their preserved side
    /// with nulls; semi and anti joins keep the left rows with (without) a match.
    std::vector<Row> join(const Join& j, std::vector<Row> left, std::vector<Row> right) {
        const std::vector<ExprPtr> right_columns = plan_output(*j.right);
        const std::vector<ExprPtr> left_columns = plan_output(*j.left);
        const auto padded = [](const Row& row, const std::vector<ExprPtr>& missing, bool after) {
            Row out;
            std::vector<Binding> nulls;
            for (const ExprPtr& c : missing) {
                nulls.emplace_back(c->as<AttributeReference>()->id, Value::null());
            }
            out.columns = after ? row.columns : nulls;
            const std::vector<Binding>& rest = after ? nulls : row.columns;
            out.columns.insert(out.columns.end(), rest.begin(), rest.end());
            return out;
        };
        std::vector<Row> out;
        std::vector<bool> right_matched(right.size(), false);
        for (const Row& l : left) {
            bool matched = false;
            for (std::size_t r = 0; r < right.size(); ++r) {
                Row both;
                both.columns = l.columns;
                both.columns.insert(both.columns.end(), right[r].columns.begin(),
                                    right[r].columns.end());
                if (j.condition) {
                    const Value keep = ev_.eval_in(*j.condition, both);
                    if (keep.is_null() || !keep.as_bool()) {
                        continue;
                    }
                }
                matched = true;
                right_matched[r] = true;
                if (j.type == JoinType::LeftSemi) {
                    break;
                }
                if (j.type != JoinType::LeftAnti) {
                    out.push_back(std::move(both));
                }
            }
            if (j.type == JoinType::LeftSemi && matched) {
                out.push_back(l);
            } else if (j.type == JoinType::LeftAnti && !matched) {
                out.push_back(l);
            } else if (!matched &&
                       (j.type == JoinType::LeftOuter || j.type == JoinType::FullOuter)) {
                out.push_back(padded(l, right_columns, true));
            }
        }
        if (j.type == JoinType::RightOuter || j.type == JoinType::FullOuter) {
            for (std::size_t r = 0; r < right.size(); ++r) {
                if (!right_matched[r]) {
                    out.push_back(padded(right[r], left_columns, false));
                }
            }
        }
        return out;
    }

    /// UNION, INTERSECT and EXCEPT over rows compared whole (nulls equal, as Spark compares
    /// them here); ALL keeps multiplicities (INTERSECT ALL the smaller count, EXCEPT ALL the
    /// difference), DISTINCT drops repeats. The output takes the first input's column ids.
    std::vector<Row> set_operation(const SetOperation& s) {
        const std::vector<ExprPtr> output = plan_output(*s.children.front());
        std::vector<std::vector<std::vector<Value>>> inputs;
        for (const PlanPtr& child : s.children) {
            const std::vector<ExprPtr> columns = plan_output(*child);
            std::vector<std::vector<Value>> rows;
            for (const Row& row : run(*child)) {
                rows.push_back(values_of(row, columns));
            }
            inputs.push_back(std::move(rows));
        }
        std::vector<std::vector<Value>> result;
        if (s.kind == SetOpKind::Union) {
            for (auto& rows : inputs) {
                result.insert(result.end(), std::make_move_iterator(rows.begin()),
                              std::make_move_iterator(rows.end()));
            }
        } else {
            ValueRowMap<std::size_t> right_count;
            for (auto& row : inputs[1]) {
                ++right_count[row];
            }
            for (auto& row : inputs[0]) {
                auto it = right_count.find(row);
                const bool in_right = it != right_count.end() && it->second > 0;
                if (s.kind == SetOpKind::Intersect ? in_right : !in_right) {
                    result.push_back(row);
                }
                if (s.all && in_right) {
                    --it->second; // each right row answers for one left row
                }
            }
        }
        if (!s.all) {
            ValueRowMap<bool> seen;
            std::vector<std::vector<Value>> distinct;
            for (auto& row : result) {
                if (seen.emplace(row, true).second) {
                    distinct.push_back(std::move(row));
                }
            }
            result = std::move(distinct);
        }
        std::vector<Row> out;
        out.reserve(result.size());
        for (auto& values : result) {
            out.push_back(row_of(output, std::move(values)));
        }
        return out;
    }

    /// Spark's Window: the rows of each partition (partitions in order of first appearance)
    /// sorted stably by the order keys, each row given every window column computed over its
    /// partition: the ranking functions from its position and its peers (the rows with equal
    /// order keys), lag and lead from the row `offset` away, nth_value and the aggregates over
    /// the frame's rows. A RANGE frame's CURRENT ROW takes in the row's peers; a RANGE offset
    /// counts in order-key units (the key plus or minus the offset, in the order's direction).
    std::vector<Row> window(const Window& w, std::vector<Row> rows) {
        std::vector<std::vector<Row>> partitions;
        {
            ValueRowMap<std::size_t> index;
            for (Row& row : rows) {
                std::vector<Value> key;
                for (const ExprPtr& p : w.partition) {
                    key.push_back(ev_.eval_in(*p, row));
                }
                auto [it, inserted] = index.emplace(std::move(key), partitions.size());
                if (inserted) {
                    partitions.emplace_back();
                }
                partitions[it->second].push_back(std::move(row));
            }
        }
        std::vector<Row> out;
        for (std::vector<Row>& partition : partitions) {
            std::vector<Row> sorted = sort(Sort{w.order, nullptr, true}, std::move(partition));
            std::vector<std::vector<Value>> keys;
            for (const Row& row : sorted) {
                std::vector<Value> key;
                for (const SortOrder& o : w.order) {
                    key.push_back(ev_.eval_in(*o.child, row));
                }
                keys.push_back(std::move(key));
            }
            const std::size_t n = sorted.size();
            // Peer groups: first[i] and last[i] are the first and last row with i's keys.
            std::vector<std::size_t> first(n), last(n);
            for (std::size_t i = 0; i < n; ++i) {
                first[i] = i > 0 && values_equal_all(keys[i], keys[i - 1]) ? first[i - 1] : i;
            }
            for (std::size_t i = n; i-- > 0;) {
                last[i] = i + 1 < n && values_equal_all(keys[i], keys[i + 1]) ? last[i + 1] : i;
            }
            std::vector<std::vector<Value>> values(w.columns.size());
            for (std::size_t c = 0; c < w.columns.size(); ++c) {
                const Alias& alias = *w.columns[c]->as<Alias>();
                const auto* f = alias.child->as<ScalarFunction>();
                if (f == nullptr) {
                    throw InternalError("evaluator: a window column that is no function call");
                }
                for (std::size_t i = 0; i < n; ++i) {
                    values[c].push_back(
                        window_value(w, c, *f, *w.columns[c], sorted, keys, first, last, i));
                }
            }
            for (std::size_t i = 0; i < n; ++i) {
                Row row = std::move(sorted[i]);
                for (std::size_t c = 0; c < w.columns.size(); ++c) {
                    row.columns.emplace_back(output_id(*w.columns[c]), std::move(values[c][i]));
                }
                out.push_back(std::move(row));
            }
        }
        return out;
    }

    /// A RANGE frame's order key as a number (the analyzer admits numeric and date keys).
    static double range_number(const Value& v) {
        switch (v.kind()) {
        case Value::Kind::Integral:
        case Value::Kind::Float:
        case Value::Kind::Double:
        case Value::Kind::Decimal:
            return to_double(v);
        case Value::Kind::Date:
            return static_cast<double>(v.as_date());
        default:
            unsupported("a RANGE frame over a key of this type cannot be evaluated");
        }
    }

    static bool values_equal_all(const std::vector<Value>& a, const std::vector<Value>& b) {
        for (std::size_t k = 0; k < a.size(); ++k) {
            if (a[k].is_null() != b[k].is_null() ||
                (!a[k].is_null() && compare_values(a[k], b[k]) != 0)) {
                return false;
            }
        }
        return true;
    }

    /// The rows [begin, end) of row i's frame.
    std::pair<std::size_t, std::size_t> frame_rows(const Window& w, const WindowFrameSpec& frame,
                                                   const std::vector<std::vector<Value>>& keys,
                                                   const std::vector<std::size_t>& first,
                                                   const std::vector<std::size_t>& last,
                                                   std::size_t i) const {
        const auto n = static_cast<std::int64_t>(keys.size());
        const auto at = static_cast<std::int64_t>(i);
        const auto clamp = [&](std::int64_t v) {
            return static_cast<std::size_t>(std::clamp<std::int64_t>(v, 0, n));
        };
        // Whether row j's key lies within `offset` of row i's, on the side `sign` says
        // (RANGE: one numeric order key; null keys are peers of each other only).
        const auto in_range = [&](std::size_t j, std::int64_t offset, bool lower) {
            const Value& mine = keys[i][0];
            const Value& theirs = keys[j][0];
            if (mine.is_null() || theirs.is_null()) {
                return mine.is_null() && theirs.is_null();
            }
            const double direction = w.order[0].ascending ? 1.0 : -1.0;
            const double bound = range_number(mine) + direction * static_cast<double>(offset);
            const double v = range_number(theirs);
            return lower ? direction * (v - bound) >= 0 : direction * (v - bound) <= 0;
        };
        std::size_t begin = 0;
        std::size_t end = keys.size();
        switch (frame.lower.kind) {
        case WindowBoundKind::UnboundedPreceding:
            begin = 0;
            break;
        case WindowBoundKind::UnboundedFollowing:
            begin = keys.size();
            break;
        case WindowBoundKind::CurrentRow:
            begin = frame.type == WindowFrameType::Range ? first[i] : i;
            break;
        case WindowBoundKind::Offset:
            if (frame.type == WindowFrameType::Rows) {
                begin = clamp(at + frame.lower.offset);
            } else {
                begin = keys.size();
                for (std::size_t j = 0; j < keys.size(); ++j) {
                    if (in_range(j, frame.lower.offset, true)) {
                        begin = j;
                        break;
                    }
                }
            }
            break;
        }
        switch (frame.upper.kind) {
        case WindowBoundKind::UnboundedPreceding:
            end = 0;
            break;
        case WindowBoundKind::UnboundedFollowing:
            end = keys.size();
            break;
        case WindowBoundKind::CurrentRow:
            end = (frame.type == WindowFrameType::Range ? last[i] : i) + 1;
            break;
        case WindowBoundKind::Offset:
            if (frame.type == WindowFrameType::Rows) {
                end = clamp(at + frame.upper.offset + 1);
            } else {
                end = 0;
                for (std::size_t j = keys.size(); j-- > 0;) {
                    if (in_range(j, frame.upper.offset, false)) {
                        end = j + 1;
                        break;
                    }
                }
            }
            break;
        }
        return {begin, std::max(begin, end)};
    }

    Value window_value(const Window& w, std::size_t c, const ScalarFunction& f, const Expr& column,
                       const std::vector<Row>& rows, const std::vector<std::vector<Value>>& keys,
                       const std::vector<std::size_t>& first, const std::vector<std::size_t>& last,
                       std::size_t i) {
        const std::string_view name = f.name();
        const std::size_t n = rows.size();
        const auto integral = [](std::size_t v) {
            return Value::integral(static_cast<std::int64_t>(v));
        };
        if (name == "row_number") {
            return integral(i + 1);
        }
        if (name == "rank") {
            return integral(first[i] + 1);
        }
        if (name == "dense_rank") {
            std::size_t rank = 1;
            for (std::size_t j = 1; j <= i; ++j) {
                rank += first[j] == j ? 1U : 0U;
            }
            return integral(rank);
        }
        if (name == "percent_rank") {
            return Value::float64(
                n <= 1 ? 0.0 : static_cast<double>(first[i]) / static_cast<double>(n - 1));
        }
        if (name == "cume_dist") {
            return Value::float64(static_cast<double>(last[i] + 1) / static_cast<double>(n));
        }
        if (name == "ntile") {
            const Value buckets_value = ev_.eval_in(*f.args[0], rows[i]);
            const auto buckets = static_cast<std::size_t>(buckets_value.as_int());
            // Spark's NTile: n / buckets rows per bucket, the first n % buckets one more.
            const std::size_t size = n / buckets;
            const std::size_t bigger = n % buckets;
            const std::size_t big_rows = bigger * (size + 1);
            return integral(i < big_rows ? i / (size + 1) + 1
                                         : bigger + (size == 0 ? 0 : (i - big_rows) / size) + 1);
        }
        const bool skip_nulls = w.ignore_nulls[c];
        if (name == "lag" || name == "lead") {
            const Value offset_value =
                f.args.size() > 1 ? ev_.eval_in(*f.args[1], rows[i]) : Value::integral(1);
            std::int64_t offset = offset_value.as_int();
            if (name == "lag") {
                offset = -offset;
            }
            const Value fallback =
                f.args.size() > 2 ? ev_.eval_in(*f.args[2], rows[i]) : Value::null();
            if (!skip_nulls) {
                const std::int64_t j = static_cast<std::int64_t>(i) + offset;
                if (j < 0 || j >= static_cast<std::int64_t>(n)) {
                    return fallback;
                }
                return ev_.eval_in(*f.args[0], rows[static_cast<std::size_t>(j)]);
            }
            // IGNORE NULLS: the |offset|-th non-null value in the offset's direction.
            const std::int64_t step = offset < 0 ? -1 : 1;
            std::int64_t remaining = offset < 0 ? -offset : offset;
            if (remaining == 0) {
                return ev_.eval_in(*f.args[0], rows[i]);
            }
            for (std::int64_t j = static_cast<std::int64_t>(i) + step;
                 j >= 0 && j < static_cast<std::int64_t>(n); j += step) {
                Value v = ev_.eval_in(*f.args[0], rows[static_cast<std::size_t>(j)]);
                if (!v.is_null() && --remaining == 0) {
                    return v;
                }
            }
            return fallback;
        }
        const auto [begin, end] = frame_rows(w, w.frames[c], keys, first, last, i);
        if (name == "nth_value") {
            const std::int64_t nth = ev_.eval_in(*f.args[1], rows[i]).as_int();
            std::int64_t seen = 0;
            for (std::size_t j = begin; j < end; ++j) {
                Value v = ev_.eval_in(*f.args[0], rows[j]);
                if (skip_nulls && v.is_null()) {
                    continue;
                }
                if (++seen == nth) {
                    return v;
                }
            }
            return Value::null();
        }
        if (!f.def->aggregate) {
            throw InternalError("evaluator: window function '" + std::string(name) +
                                "' is not implemented");
        }
        // An aggregate over the frame's rows, as an Aggregate evaluates one over its group.
        Row frame;
        frame.columns = rows[i].columns;
        frame.group = std::make_shared<const std::vector<Row>>(
            rows.begin() + static_cast<std::ptrdiff_t>(begin),
            rows.begin() + static_cast<std::ptrdiff_t>(end));
        return ev_.eval_in(column, frame);
    }

    std::vector<Row> sort(const Sort& s, std::vector<Row> rows) {
        std::vector<std::pair<std::vector<Value>, std::size_t>> keyed;
        keyed.reserve(rows.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            std::vector<Value> key;
            for (const SortOrder& o : s.order) {
                key.push_back(ev_.eval_in(*o.child, rows[i]));
            }
            keyed.emplace_back(std::move(key), i);
        }
        std::stable_sort(keyed.begin(), keyed.end(), [&](const auto& x, const auto& y) {
            for (std::size_t k = 0; k < s.order.size(); ++k) {
                const Value& a = x.first[k];
                const Value& b = y.first[k];
                if (a.is_null() || b.is_null()) {
                    if (a.is_null() && b.is_null()) {
                        continue;
                    }
                    return a.is_null() == s.order[k].nulls_first;
                }
                const int c = compare_values(a, b);
                if (c != 0) {
                    return s.order[k].ascending ? c < 0 : c > 0;
                }
            }
            return false;
        });
        std::vector<Row> out;
        out.reserve(rows.size());
        for (const auto& k : keyed) {
            out.push_back(std::move(rows[k.second]));
        }
        return out;
    }

    Evaluator& ev_;
    const std::vector<std::vector<std::vector<Value>>>& relation_rows_;
    std::unordered_map<const Relation*, std::size_t> relations_; // plan_relations order
};

// Whether the result comes in a defined order: a global Sort above the operator that computes
// the select list, with no repartitioning above it (which moves rows between partitions). A Project
// right over the Sort (restoring the select list after sorting on columns it does not output) keeps
// its input's order; nothing below the select list's own Project or Aggregate sorts, so the walk
// stops there.
bool plan_sorts(const Plan& plan) {
    for (const Plan* p = &plan; p != nullptr; p = plan_child(*p).get()) {
        if (const Sort* sort = p->as<Sort>()) {
            return sort->global; // SORT BY orders each partition: a multiset in Spark
        }
        if (p->as<Aggregate>() != nullptr || p->as<Join>() != nullptr ||
            p->as<SetOperation>() != nullptr || p->as<Repartition>() != nullptr) {
            return false;
        }
        if (const auto* project = p->as<Project>();
            project != nullptr && project->child->as<Sort>() == nullptr) {
            return false;
        }
    }
    return false;
}

/// Whether `type` is, or holds, an interval of one of `kinds`.
bool holds_interval(const DataType& type, std::initializer_list<AtomicKind> kinds) {
    return exists_recursively(type, [&](const DataType& t) {
        const AtomicType* a = t.atomic();
        return a != nullptr && std::find(kinds.begin(), kinds.end(), a->kind) != kinds.end();
    });
}

void check_expr(const ExprPtr& root) {
    visit_down(root, [](const ExprPtr& e) {
        if (const auto* f = e->as<ScalarFunction>()) {
            if (f->user_defined()) {
                unsupported("user-defined function '" + std::string(f->name()) +
                            "' cannot be evaluated");
            }
            if (!f->def->deterministic) {
                unsupported("function '" + std::string(f->name()) + "' is nondeterministic");
            }
            if (f->def->reads_clock) {
                unsupported("function '" + std::string(f->name()) + "' reads the clock");
            }
            // An ANSI interval is held as its months or micros: only the functions that know
            // it for an interval may see it.
            const std::initializer_list<AtomicKind> kAnsi{AtomicKind::YearMonthInterval,
                                                          AtomicKind::DayTimeInterval};
            const bool intervals =
                holds_interval(*e->type, kAnsi) ||
                std::any_of(f->args.begin(), f->args.end(),
                            [&](const ExprPtr& a) { return holds_interval(*a->type, kAnsi); });
            if (intervals && !evaluates_ansi_intervals(*f->def)) {
                unsupported("function '" + std::string(f->name()) +
                            "' of an interval value is not evaluated");
            }
        }
        if (e->type && holds_interval(*e->type, {AtomicKind::CalendarInterval})) {
            unsupported(std::string(kCalendarIntervalUnsupported));
        }
        if (e->type && holds_variant(*e->type)) {
            unsupported(std::string(kVariantUnsupported));
        }
        return true;
    });
}

} // namespace

void check_evaluable(const Plan& plan) {
    for_each_plan(plan, [](const Plan& root) {
        for_each_operator(root, [](const Plan& op) {
            if (op.as<Relation>() != nullptr) {
                return;
            }
            for (const ExprPtr& e : plan_expressions(op)) {
                check_expr(e);
            }
        });
    });
}

Value evaluate_expression(const Expr& e, const std::vector<Binding>& columns) {
    Evaluator ev;
    Row row;
    row.columns = columns;
    return ev.eval_in(e, row);
}

QueryOutcome run_plan(const Plan& plan, const std::vector<std::vector<Value>>& relation_rows) {
    return run_plan(plan, std::vector<std::vector<std::vector<Value>>>{relation_rows});
}

QueryOutcome run_plan(const Plan& plan,
                      const std::vector<std::vector<std::vector<Value>>>& relation_rows) {
    check_evaluable(plan);
    QueryOutcome outcome;
    const std::vector<ExprPtr> outputs = plan_output(plan);
    for (const ExprPtr& e : outputs) {
        outcome.column_names.push_back(output_name(*e));
        outcome.column_types.push_back(e->type);
    }
    outcome.ordered = plan_sorts(plan);
    Evaluator ev;
    PlanRunner runner(ev, plan, relation_rows);
    try {
        const std::vector<Row> rows = runner.run(plan);
        for (const Row& row : rows) {
            outcome.rows.push_back(values_of(row, outputs));
        }
    } catch (const EvalError& error) {
        outcome.rows.clear();
        outcome.error = error;
    } catch (const std::bad_variant_access&) {
        // A value of another kind than the plan's types promise: what reading a struct at the
        // wrong ordinal does. A result (so verify shows the row), not a crash.
        outcome.rows.clear();
        outcome.error = EvalError("VALUE_TYPE_MISMATCH",
                                  "a value does not have the type the plan expects (a struct "
                                  "field read at the wrong ordinal?)");
    }
    return outcome;
}

} // namespace prune
