// Binding expressions: names, field access, subscripts, literals and operators.
//
//     contacts(id INT, name STRUCT<first: STRING, last: STRING>,
//              friends ARRAY<STRUCT<first: STRING, last: STRING>>)
//
//     Name.First       -> GetStructField(name#1, ordinal=0, name_as_written=First)   string
//     friends.last     -> GetArrayStructFields(friends#2, ordinal=1, num_fields=2)   array<string>
//     friends[0]       -> GetArrayItem(friends#2, 0)                                 struct<...>
//     friends['first'] -> GetArrayStructFields (a string literal subscript is a field access,
//                         as Spark's ExtractValue does)
//
// Resolution of a dotted name `a.b.c` (Spark: LogicalPlan.resolve after
// ResolveLambdaVariables): the innermost lambda variable named `a` (lambda variables shadow
// columns, inner lambdas shadow outer ones); else, when `a` is the table's qualifier and `b` a
// column, that column (Spark tries the qualified reading first); else column `a`. The remaining
// parts are field accesses. A column reference carries the schema's spelling of the column
// (Spark's analyzer renames it to the query's spelling, and SchemaPruning's
// normalizeAttributeRefNames renames it back; we keep the canonical name throughout).

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

#include "plan/analyzer_internal.hpp"
#include "plan/plan.hpp"
#include "plan/typing.hpp"
#include "plan/unsupported_functions.hpp"
#include "sql/parser.hpp"
#include "types/datetime.hpp"
#include "types/interval.hpp"
#include "types/schema_formats.hpp"
#include "util/overloaded.hpp"

namespace prune::analyzer_detail {
namespace {

// Non-negative digit strings without leading zeros compare by length, then lexically.
bool digits_le(std::string_view a, std::string_view b) {
    return a.size() != b.size() ? a.size() < b.size() : a <= b;
}

std::string strip_leading_zeros(std::string_view d) {
    std::size_t i = 0;
    while (i + 1 < d.size() && d[i] == '0') {
        ++i;
    }
    return std::string(d.substr(i));
}

bool all_digits(std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string strip_suffix(std::string text, std::string_view suffixes) {
    while (!text.empty() && suffixes.find(text.back()) != std::string_view::npos) {
        text.pop_back();
    }
    return text;
}

ExprPtr literal(TypePtr type, std::string text, Span span) {
    return make_expr(Literal{std::move(type), std::move(text), false}, span);
}

std::optional<BinaryOpKind> binary_kind(ast::BinaryOp op) {
    switch (op) {
    case ast::BinaryOp::Or:
        return BinaryOpKind::Or;
    case ast::BinaryOp::And:
        return BinaryOpKind::And;
    case ast::BinaryOp::Eq:
        return BinaryOpKind::EqualTo;
    case ast::BinaryOp::NullSafeEq:
        return BinaryOpKind::EqualNullSafe;
    case ast::BinaryOp::Lt:
        return BinaryOpKind::LessThan;
    case ast::BinaryOp::LtEq:
        return BinaryOpKind::LessThanOrEqual;
    case ast::BinaryOp::Gt:
        return BinaryOpKind::GreaterThan;
    case ast::BinaryOp::GtEq:
        return BinaryOpKind::GreaterThanOrEqual;
    case ast::BinaryOp::Add:
        return BinaryOpKind::Add;
    case ast::BinaryOp::Subtract:
        return BinaryOpKind::Subtract;
    case ast::BinaryOp::Multiply:
        return BinaryOpKind::Multiply;
    case ast::BinaryOp::Divide:
        return BinaryOpKind::Divide;
    case ast::BinaryOp::Remainder:
        return BinaryOpKind::Remainder;
    case ast::BinaryOp::IntDivide:
        return BinaryOpKind::IntegralDivide;
    case ast::BinaryOp::BitAnd:
        return BinaryOpKind::BitwiseAnd;
    case ast::BinaryOp::BitOr:
        return BinaryOpKind::BitwiseOr;
    case ast::BinaryOp::BitXor:
        return BinaryOpKind::BitwiseXor;
    case ast::BinaryOp::NotEq:
    case ast::BinaryOp::Concat:
    case ast::BinaryOp::ShiftLeft:
    case ast::BinaryOp::ShiftRight:
    case ast::BinaryOp::ShiftRightUnsigned:
        return std::nullopt;
    }
    return std::nullopt;
}

// "interval day", "interval year to month": the ANSI interval type of a literal's unit.
TypePtr interval_literal_type(std::string_view written_unit) {
    auto field = [](std::string word, AtomicKind& kind) -> int {
        if (word.size() > 1 && word.back() == 'S') {
            word.pop_back(); // DAYS, HOURS, ...
        }
        if (word == "YEAR") {
            kind = AtomicKind::YearMonthInterval;
            return 0;
        }
        if (word == "MONTH") {
            kind = AtomicKind::YearMonthInterval;
            return 1;
        }
        kind = AtomicKind::DayTimeInterval;
        if (word == "DAY") {
            return 0;
        }
        if (word == "HOUR") {
            return 1;
        }
        if (word == "MINUTE") {
            return 2;
        }
        if (word == "SECOND") {
            return 3;
        }
        kind = AtomicKind::CalendarInterval;
        return -1;
    };
    const std::string unit = ascii_upper(written_unit);
    std::string start_word = unit;
    std::string end_word = unit;
    if (const std::size_t to = unit.find(" TO "); to != std::string::npos) {
        start_word = unit.substr(0, to);
        end_word = unit.substr(to + 4);
    }
    AtomicKind start_kind = AtomicKind::CalendarInterval;
    AtomicKind end_kind = AtomicKind::CalendarInterval;
    const int start = field(start_word, start_kind);
    const int end = field(end_word, end_kind);
    if (start < 0 || end < 0 || start_kind != end_kind || end < start) {
        return make_atomic(AtomicKind::CalendarInterval);
    }
    return make_interval(start_kind, start, end);
}

} // namespace

std::shared_ptr<const BoundColumns> bind_columns(const Table& table, CaseSensitivity cs,
                                                 ExprId first_id) {
    const StructType* schema = table.schema ? table.schema->struct_type() : nullptr;
    if (schema == nullptr) {
        throw InternalError("table '" + table.name + "' has no struct schema");
    }
    auto bound = std::make_shared<BoundColumns>();
    std::vector<StructField> stored;
    bound->columns.reserve(schema->size());
    for (std::size_t i = 0; i < schema->size(); ++i) {
        const StructField& f = (*schema)[i];
        const bool partition = table.is_partition_column(f.name, cs);
        bound->columns.push_back(make_expr(AttributeReference{
            f.name, f.type, first_id + static_cast<ExprId>(i), f.nullable, partition}));
        if (!partition && !table.partition_columns.empty()) {
            stored.push_back(f);
        }
    }
    // Without partition columns the stored schema is the table's: shared, not copied.
    bound->stored_schema =
        table.partition_columns.empty() ? table.schema : make_struct(std::move(stored));
    return bound;
}

bool Scope::outputs(ExprId id) const { return output_column(id) != nullptr; }

const ExprPtr* Scope::output_column(ExprId id) const {
    if (output_index_.size() != output.size()) { // a scope is filled, then only read
        output_index_.clear();
        for (std::size_t i = 0; i < output.size(); ++i) {
            output_index_.emplace(output[i]->as<AttributeReference>()->id, i);
        }
    }
    const auto it = output_index_.find(id);
    return it == output_index_.end() ? nullptr : &output[it->second];
}

namespace {

/// The key of Scope::qualifier_endings_ for `parts[from..to)`: lower-cased (table names and
/// aliases are always case-insensitive), joined by NUL (which no name holds).
template <class Parts>
std::string qualifier_key(const Parts& parts, std::size_t from, std::size_t to) {
    std::string key;
    for (std::size_t i = from; i < to; ++i) {
        if (i != from) {
            key += '\0';
        }
        key += ascii_lower(std::string_view(parts[i]));
    }
    return key;
}

} // namespace

void Scope::index_names(CaseSensitivity cs) const {
    if (names_indexed_ > columns.size() || cs != names_cs_) {
        names_indexed_ = 0; // columns were removed: start again
        by_name_.clear();
        qualifier_endings_.clear();
        longest_qualifier_ = 0;
        names_cs_ = cs;
    }
    for (std::size_t i = names_indexed_; i < columns.size(); ++i) {
        const ScopeColumn& c = columns[i];
        const std::string_view name = c.attribute->as<AttributeReference>()->name;
        by_name_[cs == CaseSensitivity::Sensitive ? std::string(name) : ascii_lower(name)]
            .push_back(i);
        longest_qualifier_ = std::max(longest_qualifier_, c.qualifier.size());
        // A FROM item's columns share one qualifier: its endings are added once.
        if (i == 0 || !c.qualifier.same(columns[i - 1].qualifier)) {
            for (std::size_t from = 0; from < c.qualifier.size(); ++from) {
                qualifier_endings_.insert(qualifier_key(c.qualifier, from, c.qualifier.size()));
            }
        }
    }
    names_indexed_ = columns.size();
}

const std::vector<std::size_t>& Scope::columns_named(std::string_view name,
                                                     CaseSensitivity cs) const {
    index_names(cs);
    static const std::vector<std::size_t> kNone;
    const auto it =
        by_name_.find(cs == CaseSensitivity::Sensitive ? std::string(name) : ascii_lower(name));
    return it == by_name_.end() ? kNone : it->second;
}

bool Scope::is_qualifier(std::span<const std::string_view> parts) const {
    index_names(names_cs_);
    return qualifier_endings_.count(qualifier_key(parts, 0, parts.size())) != 0;
}

std::size_t Scope::longest_qualifier() const {
    index_names(names_cs_);
    return longest_qualifier_;
}

Binder::Binder(BindContext& context, Scope scope)
    : ctx_(context), scope_(std::move(scope)), source_(context.source), cs_(context.cs) {}

void Binder::fail(Span span, std::string message) const {
    throw_sql_error(source_, span, std::move(message));
}

const Name& OutputRef::name() const {
    const auto* alias = item->as<Alias>();
    return alias != nullptr ? alias->name : item->as<AttributeReference>()->name;
}

ExprId OutputRef::id() const {
    const auto* alias = item->as<Alias>();
    return alias != nullptr ? alias->id : item->as<AttributeReference>()->id;
}

const ExprPtr& OutputRef::child() const {
    const auto* alias = item->as<Alias>();
    return alias != nullptr ? alias->child : item;
}

ExprPtr OutputRef::attribute(Span span) const {
    if (const auto* alias = item->as<Alias>()) {
        return make_expr(AttributeReference{alias->name, alias->child->type, alias->id,
                                            alias->child->nullable, false},
                         span);
    }
    return make_expr(item->node, span);
}

void Binder::set_clause(Clause clause, AliasMode mode, const std::vector<OutputRef>* outputs) {
    clause_ = clause;
    alias_mode_ = mode;
    if (outputs != outputs_) {
        outputs_ = outputs;
        output_index_.clear();
    }
}

ExprPtr Binder::column_ref(std::size_t i, Span span, bool under_access) const {
    const ExprPtr& column = scope_.columns.at(i).attribute;
    return under_access ? column : make_expr(column->node, span);
}

std::vector<ExprPtr> Binder::expand_star(const ast::Star& star, Span span) {
    std::vector<ExprPtr> out;
    const ast::Identifiers& target = star.qualifier();
    // `*`, or `t.*` where `t` qualifies columns of the FROM clause: those columns, in order.
    const auto qualified_by_target = [&](const ScopeColumn& column) {
        if (target.empty()) {
            return column.in_star;
        }
        if (column.qualifier.size() < target.size()) {
            return false;
        }
        const std::size_t from = column.qualifier.size() - target.size();
        for (std::size_t i = 0; i < target.size(); ++i) {
            if (!names_match(column.qualifier[from + i], target[i].name,
                             CaseSensitivity::Insensitive)) {
                return false;
            }
        }
        return true;
    };
    std::vector<Qualifier> qualifiers; // each column's, for `* EXCEPT (t.c)`
    for (std::size_t i = 0; i < scope_.columns.size(); ++i) {
        if (qualified_by_target(scope_.columns[i])) {
            out.push_back(column_ref(i, span, false));
            qualifiers.push_back(scope_.columns[i].qualifier);
        }
    }
    if (!out.empty() || (target.empty() && !scope_.columns.empty())) {
        return star.except().empty() ? out : leave_out(star, std::move(out), qualifiers);
    }
    if (target.empty()) {
        fail(span, "'*' has no columns to expand: the query has no FROM clause");
    }
    const Span target_span{target.front().span.begin, target.back().span.end};
    const std::string target_text = written(target_span);
    if (target.size() == 1 && !find_column(target[0])) {
        std::vector<std::string> candidates;
        for (const ScopeColumn& column : scope_.columns) {
            if (!column.qualifier.empty()) {
                candidates.push_back(column.qualifier.back());
            }
            candidates.push_back(column.attribute->as<AttributeReference>()->name.str());
        }
        fail(target_span, "cannot expand '" + target_text + ".*': '" + target[0].name +
                              "' is neither a table nor a column of " + scope_.description +
                              did_you_mean(target[0].name, candidates));
    }
    // Spark resolves the target as a column or field path; only a struct expands.
    const ExprPtr base = resolve_name(ast::NameRef{target}, target_span);
    const StructType* st = base->type->struct_type();
    if (st == nullptr) {
        fail(target_span, "cannot expand '" + target_text +
                              ".*': only a struct can be expanded, '" + target_text + "' is " +
                              catalog_string(*base->type));
    }
    for (std::size_t i = 0; i < st->size(); ++i) {
        out.push_back(make_expr(
            Alias{make_expr(GetStructField{base, i, Name()}, span), (*st)[i].name, fresh_id()},
            span));
    }
    qualifiers.resize(out.size());
    return star.except().empty() ? out : leave_out(star, std::move(out), qualifiers);
}

namespace {

/// One name of `* EXCEPT (...)` found: the star's column and the field ordinals below it.
struct LeftOut {
    std::size_t column = 0;
    std::vector<std::size_t> fields;
    const ast::Identifiers* written = nullptr;
};

bool is_prefix(const std::vector<std::size_t>& a, const std::vector<std::size_t>& b) {
    return a.size() <= b.size() && std::equal(a.begin(), a.end(), b.begin());
}

} // namespace

// Spark's UnresolvedStarExcept.expand: each name is resolved against the star's columns as a
// column (qualified or not) and then a path of struct fields; a column named whole goes, a
// column with fields named is rebuilt as a named_struct of the others, keeping its name.
std::vector<ExprPtr> Binder::leave_out(const ast::Star& star, std::vector<ExprPtr> columns,
                                       const std::vector<Qualifier>& qualifiers) {
    const auto name_of = [](const ExprPtr& column) { return OutputRef{column, false}.name(); };
    std::vector<LeftOut> found;
    for (const ast::Identifiers& parts : star.except()) {
        const Span at{parts.front().span.begin, parts.back().span.end};
        // A qualified match (`t.c`) is taken before a column's name alone, as Spark's
        // AttributeSeq.resolve does.
        std::optional<std::size_t> column;
        std::size_t used = 0;
        for (int qualified = 1; qualified >= 0 && !column; --qualified) {
            for (std::size_t c = 0; c < columns.size(); ++c) {
                const Qualifier& q = qualifiers[c];
                // `n` qualifier parts before the column's name: the most first.
                const std::size_t most = qualified ? std::min(q.size(), parts.size() - 1) : 0;
                const std::size_t least = qualified ? 1 : 0;
                for (std::size_t n = most + 1; n-- > least;) {
                    bool match = names_match(name_of(columns[c]).str(), parts[n].name, cs_);
                    for (std::size_t i = 0; match && i < n; ++i) {
                        match = names_match(q[q.size() - n + i], parts[i].name,
                                            CaseSensitivity::Insensitive);
                    }
                    if (!match) {
                        continue;
                    }
                    if (column && *column != c) {
                        fail(at, "ambiguous reference to '" + written(at) + "' in '* EXCEPT'");
                    }
                    column = c;
                    used = n + 1;
                    break;
                }
            }
        }
        if (!column) {
            std::vector<std::string> names;
            std::string listed;
            for (const ExprPtr& c : columns) {
                names.push_back(name_of(c).str());
                listed += (listed.empty() ? "" : ", ") + names.back();
            }
            fail(at, "no column '" + written(at) + "' among the columns of the star (" + listed +
                         ")" + did_you_mean(parts.front().name, names));
        }
        LeftOut out{*column, {}, &parts};
        TypePtr type = columns[*column]->type;
        for (std::size_t i = used; i < parts.size(); ++i) {
            const StructType* st = type->struct_type();
            if (st == nullptr) {
                const Span inner{parts.front().span.begin, parts[i - 1].span.end};
                fail(parts[i].span, "'* EXCEPT' leaves out a column or a struct's field, and '" +
                                        written(inner) + "' is " + catalog_string(*type));
            }
            bool ambiguous = false;
            const std::optional<std::size_t> f = st->field_index(parts[i].name, cs_, &ambiguous);
            if (!f || ambiguous) {
                fail(parts[i].span, "no field '" + parts[i].name + "' in " + catalog_string(*type) +
                                        did_you_mean(parts[i].name, st->field_names()));
            }
            out.fields.push_back(*f);
            type = (*st)[*f].type;
        }
        for (const LeftOut& before : found) {
            if (before.column == out.column &&
                (is_prefix(before.fields, out.fields) || is_prefix(out.fields, before.fields))) {
                const Span first{before.written->front().span.begin,
                                 before.written->back().span.end};
                fail(at, "'" + written(first) + "' and '" + written(at) +
                             "' overlap in '* EXCEPT' (Spark: EXCEPT_OVERLAPPING_COLUMNS)");
            }
        }
        found.push_back(std::move(out));
    }

    // The struct `base` without the fields at `paths` (ordinals from `base` down).
    const auto rebuild = [&](const auto& self, const ExprPtr& base,
                             const std::vector<std::vector<std::size_t>>& paths,
                             Span span) -> ExprPtr {
        const StructType& st = *base->type->struct_type();
        std::vector<Name> names;
        std::vector<ExprPtr> values;
        for (std::size_t f = 0; f < st.size(); ++f) {
            std::vector<std::vector<std::size_t>> below;
            bool whole = false;
            for (const std::vector<std::size_t>& path : paths) {
                if (path.front() == f) {
                    whole = whole || path.size() == 1;
                    below.emplace_back(path.begin() + 1, path.end());
                }
            }
            if (whole) {
                continue;
            }
            ExprPtr field = make_expr(GetStructField{base, f, Name()}, span);
            names.push_back(st[f].name);
            values.push_back(below.empty() ? std::move(field) : self(self, field, below, span));
        }
        return make_expr(CreateNamedStruct{std::move(names), std::move(values)}, span);
    };
    std::vector<ExprPtr> kept;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        std::vector<std::vector<std::size_t>> paths;
        bool whole = false;
        for (const LeftOut& out : found) {
            if (out.column == c) {
                whole = whole || out.fields.empty();
                paths.push_back(out.fields);
            }
        }
        if (whole) {
            continue;
        }
        if (paths.empty()) {
            kept.push_back(std::move(columns[c]));
            continue;
        }
        const OutputRef ref{columns[c], false};
        const Span span = columns[c]->span;
        kept.push_back(make_expr(
            Alias{rebuild(rebuild, ref.child(), paths, span), ref.name(), fresh_id()}, span));
    }
    return kept;
}

ExprPtr Binder::negated_literal(const ast::Expr& operand, Span span) {
    // Spark's grammar reads `-1` as one literal (`number: MINUS? INTEGER_VALUE`), so `-1::t`
    // casts the literal -1 (`::` is a postfix of a primary expression); `-(1)` is a negation
    // of the literal 1 (UnaryMinus, named `(- 1)`).
    const std::string_view between =
        std::string_view(source_->text())
            .substr(span.begin + 1, operand.span.begin - span.begin - 1);
    if (!only_blanks(between)) {
        return nullptr;
    }
    if (const auto* lit = std::get_if<ast::Literal>(&operand.node)) {
        const ast::LiteralKind k = lit->kind;
        if (k == ast::LiteralKind::Integer || k == ast::LiteralKind::Decimal ||
            k == ast::LiteralKind::Double || k == ast::LiteralKind::Float) {
            return bind_literal(*lit, span, true);
        }
        return nullptr;
    }
    const auto* cast = std::get_if<ast::Cast>(&operand.node);
    if (cast == nullptr || cast->syntax != ast::CastSyntax::Colon) {
        return nullptr;
    }
    ExprPtr child = negated_literal(*cast->operand, Span{span.begin, cast->operand->span.end});
    return child ? bind_cast(*cast, child, span) : nullptr;
}

ExprPtr Binder::bind_cast(const ast::Cast& c, const ExprPtr& child, Span span) {
    TypePtr target;
    try {
        target = parse_ddl_type(c.type_text);
    } catch (const SchemaError& err) {
        // The DDL parser names its own source (`<ddl>:1:5: ...`): point into the
        // query's type text instead.
        std::string message = err.what();
        Span where = c.type_span();
        if (message.starts_with("<ddl>:")) {
            const std::size_t colon1 = message.find(':', 6);
            const std::size_t colon2 =
                colon1 == std::string::npos ? colon1 : message.find(':', colon1 + 1);
            if (colon2 != std::string::npos) {
                const std::string line = message.substr(6, colon1 - 6);
                const std::string column = message.substr(colon1 + 1, colon2 - colon1 - 1);
                if (line == "1" && all_digits(column)) {
                    const std::size_t offset = std::stoul(column) - 1;
                    if (offset < where.end - where.begin) {
                        where.begin += static_cast<std::uint32_t>(offset); // within the span
                    }
                }
                message = message.substr(std::min(colon2 + 2, message.size()));
            }
        }
        fail(where, message);
    }
    // Spark's parser casts to string where the query names char(n) or varchar(n).
    target = replace_char_varchar_with_string(target);
    if (!can_cast(*child->type, *target)) {
        fail(span,
             "cannot cast " + catalog_string(*child->type) + " to " + catalog_string(*target));
    }
    ExprPtr result = make_expr(Cast{child, target, c.syntax == ast::CastSyntax::TryCall}, span);
    ctx_.pretty.user_casts.insert(result.get());
    return result;
}

ExprPtr Binder::bind(const ast::Expr& e) {
    // Recurses once per level, on a stack sized for the statement (util/deep_stack.hpp).
    return bind_node(e);
}

ExprPtr Binder::require_boolean(const ExprPtr& e, Span where, std::string_view what) const {
    if (e->type->is(AtomicKind::Boolean)) {
        return e;
    }
    if (e->type->is(AtomicKind::Null)) {
        return cast_to(e, boolean_type());
    }
    fail(where, std::string(what) + " must be boolean, got " + catalog_string(*e->type));
}

namespace {

/// `interval day`: a whole number of days (DayTimeIntervalType(DAY, DAY)).
bool is_days_interval(const DataType& t) {
    const AtomicType* a = t.atomic();
    return a != nullptr && a->kind == AtomicKind::DayTimeInterval && a->start_field == 0 &&
           a->end_field == 0;
}

/// Whether `t` may be a number of days beside a date in `d + n` (Spark leaves strings to the
/// string promotion, and intervals, timestamps and, for `-`, dates to rules of their own).
bool days_operand(const DataType& t, BinaryOpKind op) {
    if (is_string_like(t) || is_interval(t) || is_any_timestamp(t)) {
        return false;
    }
    return op == BinaryOpKind::Add || !t.is(AtomicKind::Date);
}

} // namespace

// Spark's BinaryArithmeticWithDatetimeResolver, case by case in its order, for the operands
// it turns into a function: a date or timestamp with an interval, a date with a number of
// days, an interval times or divided by a number. `-` builds DatetimeSub(l, r, l + -r), which names
// the column `l - r` and which simplify replaces by its replacement, as Spark's optimizer does.
// Spark's Cast of TimeAdd to the timestamp's own type, which its optimizer removes, is not built.
// The difference of two timestamps, or of a timestamp and a date (cast to the timestamp's type), is
// SubtractTimestamps; of two dates, SubtractDates (ANSI intervals, not the legacy ones).
ExprPtr Binder::datetime_arithmetic(BinaryOpKind op, const ExprPtr& l, const ExprPtr& r,
                                    Span span) const {
    const DataType& lt = *l->type;
    const DataType& rt = *r->type;
    auto call = [&](std::string_view name, const ExprPtr& a, const ExprPtr& b) {
        const std::array<Span, 2> spans{a->span, b->span};
        return apply_function(catalog_function(name), {a, b}, spans, false, span);
    };
    // An interval times or divided by a number: the interval first (`2 * i` is `(i * 2)`).
    // (A number, or what casts to one implicitly: otherwise the operator's own error.)
    auto interval_row = [](const DataType& t, std::string_view ym, std::string_view dt,
                           std::string_view calendar, const DataType& number) {
        if (!is_numeric(number) && !is_string_like(number) && !number.is(AtomicKind::Null)) {
            return std::string_view{};
        }
        return t.is(AtomicKind::YearMonthInterval)  ? ym
               : t.is(AtomicKind::DayTimeInterval)  ? dt
               : t.is(AtomicKind::CalendarInterval) ? calendar
                                                    : std::string_view{};
    };
    if (op == BinaryOpKind::Multiply) {
        for (const auto& [interval, number] : {std::pair{l, r}, std::pair{r, l}}) {
            const std::string_view row =
                interval_row(*interval->type, "multiplyyminterval", "multiplydtinterval",
                             "multiplyinterval", *number->type);
            if (!row.empty()) {
                return call(row, interval, number);
            }
        }
        return nullptr;
    }
    if (op == BinaryOpKind::Divide) {
        const std::string_view row =
            interval_row(lt, "divideyminterval", "dividedtinterval", "divideinterval", rt);
        return row.empty() ? nullptr : call(row, l, r);
    }
    if (op != BinaryOpKind::Add && op != BinaryOpKind::Subtract) {
        return nullptr;
    }
    auto days_of = [&](const ExprPtr& interval) {
        return apply_function(catalog_function("extractansiintervaldays"), {interval},
                              std::span(&interval->span, 1), false, interval->span);
    };
    auto negated = [](const ExprPtr& e) {
        return make_expr(UnaryOp{UnaryOpKind::UnaryMinus, e}, e->span);
    };
    auto as_timestamp = [](const ExprPtr& date) {
        return cast_to(date, make_atomic(AtomicKind::Timestamp));
    };
    // `start - interval`: shown as written, computed as start + (-interval).
    auto minus = [&](std::string_view add, const ExprPtr& start) {
        ExprPtr replacement = call(add, start, negated(r));
        const std::array<Span, 3> spans{l->span, r->span, span};
        return apply_function(catalog_function("datetimesub"), {l, r, replacement}, spans, false,
                              span);
    };
    const bool ym = rt.is(AtomicKind::YearMonthInterval);
    const bool dt = rt.is(AtomicKind::DayTimeInterval);
    const bool calendar = rt.is(AtomicKind::CalendarInterval);
    if (op == BinaryOpKind::Subtract) {
        if (lt.is(AtomicKind::Date)) {
            if (is_days_interval(rt)) {
                return call("date_add", l, negated(days_of(r)));
            }
            if (dt) {
                return minus("timeadd", as_timestamp(l));
            }
            if (ym) {
                return minus("dateaddyminterval", l);
            }
            if (calendar) {
                return minus("dateaddinterval", l);
            }
            if (days_operand(rt, op)) {
                return call("date_sub", l, r);
            }
        }
        if (is_any_timestamp(lt)) {
            if (ym) {
                return minus("timestampaddyminterval", l);
            }
            if (dt || calendar) {
                return minus("timeadd", l);
            }
        }
        if ((is_any_timestamp(lt) || lt.is(AtomicKind::Date)) &&
            (is_any_timestamp(rt) || rt.is(AtomicKind::Date)) &&
            (is_any_timestamp(lt) || is_any_timestamp(rt))) {
            // Both sides to the timestamp type: TIMESTAMP when the two kinds differ.
            const TypePtr to = lt.is(AtomicKind::Date) ? r->type
                               : rt.is(AtomicKind::Date) || same_type(lt, rt)
                                   ? l->type
                                   : make_atomic(AtomicKind::Timestamp);
            return call("subtracttimestamps", cast_to(l, to), cast_to(r, to));
        }
        if (lt.is(AtomicKind::Date) && rt.is(AtomicKind::Date)) {
            return call("subtractdates", l, r);
        }
        return nullptr;
    }
    // `+` is symmetric: the date or timestamp first.
    for (const auto& [start, interval] : {std::pair{l, r}, std::pair{r, l}}) {
        const DataType& st = *start->type;
        const DataType& it = *interval->type;
        if (st.is(AtomicKind::Date)) {
            if (is_days_interval(it)) {
                return call("date_add", start, days_of(interval));
            }
            if (it.is(AtomicKind::DayTimeInterval)) {
                return call("timeadd", as_timestamp(start), interval);
            }
            if (it.is(AtomicKind::YearMonthInterval)) {
                return call("dateaddyminterval", start, interval);
            }
            if (it.is(AtomicKind::CalendarInterval)) {
                return call("dateaddinterval", start, interval);
            }
        }
        if (is_any_timestamp(st)) {
            if (it.is(AtomicKind::YearMonthInterval)) {
                return call("timestampaddyminterval", start, interval);
            }
            if (it.is(AtomicKind::DayTimeInterval) || it.is(AtomicKind::CalendarInterval)) {
                return call("timeadd", start, interval);
            }
        }
    }
    if (lt.is(AtomicKind::Date) && days_operand(rt, op)) {
        return call("date_add", l, r);
    }
    if (rt.is(AtomicKind::Date) && days_operand(lt, op)) {
        return call("date_add", r, l);
    }
    return nullptr;
}

ExprPtr Binder::binary(BinaryOpKind op, const ExprPtr& l, const ExprPtr& r, Span span) const {
    if (ExprPtr datetime = datetime_arithmetic(op, l, r, span)) {
        return datetime;
    }
    BinaryCoercion c = coerce_binary(op, l, r);
    if (!c.error.empty()) {
        fail(span, c.error);
    }
    return make_expr(BinaryOp{op, c.left, c.right}, span);
}

// Spark's AstBuilder: when every pattern is a string literal, one LikeAny, LikeAll, NotLikeAny
// or NotLikeAll over the operand (ILIKE: over lower(operand), the patterns lower-cased);
// otherwise one LIKE (ILIKE) per pattern, each negated under NOT, joined left to right by OR
// for ANY and SOME, by AND for ALL.
ExprPtr Binder::bind_quantified_like(const ast::QuantifiedLike& like, Span span) {
    const bool ilike = like.kind == ast::LikeKind::ILike;
    const bool literal_patterns =
        std::all_of(like.patterns.begin(), like.patterns.end(), [](const ast::ExprPtr& p) {
            const auto* lit = std::get_if<ast::Literal>(&p->node);
            return lit != nullptr && lit->kind == ast::LiteralKind::String;
        });
    const ExprPtr operand = bind(*like.operand);
    const Span operand_span = like.operand->span;
    if (literal_patterns) {
        std::vector<ExprPtr> args{ilike ? apply_function(catalog_function("lower"), {operand},
                                                         std::span(&operand_span, 1), false,
                                                         operand_span)
                                        : operand};
        std::vector<Span> arg_spans{operand_span};
        for (const ast::ExprPtr& pattern : like.patterns) {
            ExprPtr bound = bind(*pattern);
            if (ilike) {
                // UTF8String.toLowerCase; only ASCII is lower-cased here as Spark would.
                const std::string_view text = bound->as<Literal>()->text;
                if (std::any_of(text.begin(), text.end(),
                                [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
                    fail(pattern->span, "unsupported: a non-ASCII pattern in ILIKE ANY or ALL");
                }
                bound = make_expr(Literal{bound->type, ascii_lower(text), false}, bound->span);
            }
            args.push_back(std::move(bound));
            arg_spans.push_back(pattern->span);
        }
        const std::string name =
            std::string(like.negated ? "not" : "") + (like.all ? "likeall" : "likeany");
        return apply_function(catalog_function(name), args, arg_spans, false, span);
    }
    const FunctionDef& each = catalog_function(ilike ? "ilike" : "like");
    ExprPtr result;
    for (const ast::ExprPtr& pattern : like.patterns) {
        const std::array<Span, 2> spans{operand_span, pattern->span};
        ExprPtr match = apply_function(each, {operand, bind(*pattern)}, spans, false, span);
        if (like.negated) {
            match = make_expr(UnaryOp{UnaryOpKind::Not, match}, span);
        }
        result = !result ? match
                         : make_expr(BinaryOp{like.all ? BinaryOpKind::And : BinaryOpKind::Or,
                                              result, match},
                                     span);
    }
    return result;
}

ExprPtr Binder::bind_node(const ast::Expr& e) {
    const Span span = e.span;
    return std::visit(
        Overloaded{
            [&](const ast::Literal& lit) { return bind_literal(lit, span, false); },
            [&](const ast::NameRef& ref) { return resolve_name(ref, span); },
            [&](const ast::Star&) -> ExprPtr {
                fail(span, "'*' is only allowed in the select list or in count(*)");
            },
            [&](const ast::FieldAccess& fa) {
                ExprPtr base = bind(*fa.base);
                return extract_field(base, fa.field, span);
            },
            [&](const ast::Subscript& s) {
                ExprPtr base = bind(*s.base);
                ExprPtr index = bind(*s.index);
                return subscript(base, index, span, s.index->span);
            },
            [&](const ast::Call& call) { return bind_call(call, span); },
            [&](const ast::Lambda&) -> ExprPtr { fail(span, "a lambda is not allowed here"); },
            [&](const ast::Unary& u) -> ExprPtr {
                if (u.op == ast::UnaryOp::Negate) {
                    if (ExprPtr negated = negated_literal(*u.operand, span)) {
                        return negated;
                    }
                }
                ExprPtr child = bind(*u.operand);
                const DataType& t = *child->type;
                switch (u.op) {
                case ast::UnaryOp::Not:
                    return make_expr(
                        UnaryOp{UnaryOpKind::Not,
                                require_boolean(child, u.operand->span, "the operand of NOT")},
                        span);
                case ast::UnaryOp::Negate:
                case ast::UnaryOp::Plus: {
                    const char* sym = u.op == ast::UnaryOp::Negate ? "-" : "+";
                    if (t.is(AtomicKind::Null)) {
                        child = cast_to(child, double_type());
                    } else if (!is_numeric(t) && !is_interval(t)) {
                        fail(span, std::string("cannot apply unary '") + sym + "' to " +
                                       catalog_string(t));
                    }
                    return make_expr(UnaryOp{u.op == ast::UnaryOp::Negate
                                                 ? UnaryOpKind::UnaryMinus
                                                 : UnaryOpKind::UnaryPositive,
                                             child},
                                     span);
                }
                case ast::UnaryOp::BitNot:
                    if (t.is(AtomicKind::Null)) {
                        child = cast_to(child, long_type());
                    } else if (!is_integral(t)) {
                        fail(span, "cannot apply '~' to " + catalog_string(t));
                    }
                    return make_expr(UnaryOp{UnaryOpKind::BitwiseNot, child}, span);
                }
                throw InternalError("unknown unary operator");
            },
            [&](const ast::Binary& b) -> ExprPtr {
                ExprPtr l = bind(*b.lhs);
                ExprPtr r = bind(*b.rhs);
                if (b.op == ast::BinaryOp::NotEq) {
                    return make_expr(
                        UnaryOp{UnaryOpKind::Not, binary(BinaryOpKind::EqualTo, l, r, span)}, span);
                }
                // `a || b` is concat(a, b); Spark 4's `a << n`, `a >> n` and `a >>> n` are
                // shiftleft, shiftright and shiftrightunsigned under the operator's name
                // (FUNC_ALIAS), which prints them as `(a << n)`.
                static constexpr std::pair<ast::BinaryOp, std::string_view> kFunctions[] = {
                    {ast::BinaryOp::Concat, "concat"},
                    {ast::BinaryOp::ShiftLeft, "<<"},
                    {ast::BinaryOp::ShiftRight, ">>"},
                    {ast::BinaryOp::ShiftRightUnsigned, ">>>"},
                };
                for (const auto& [op, function] : kFunctions) {
                    if (b.op == op) {
                        const std::array<Span, 2> arg_spans{b.lhs->span, b.rhs->span};
                        return apply_function(catalog_function(function), {l, r}, arg_spans, false,
                                              span);
                    }
                }
                return binary(*binary_kind(b.op), l, r, span);
            },
            [&](const ast::IsNull& n) -> ExprPtr {
                ExprPtr child = bind(*n.operand);
                if (n.negated) {
                    return make_expr(IsNotNull{child}, span);
                }
                return make_expr(IsNull{child}, span);
            },
            [&](const ast::IsBool& n) -> ExprPtr {
                // Spark's AstBuilder: `e IS TRUE` is `e <=> true`, `IS NOT TRUE` its negation.
                ExprPtr child = bind(*n.operand);
                ExprPtr value = literal(boolean_type(), n.value ? "true" : "false", span);
                ExprPtr eq = binary(BinaryOpKind::EqualNullSafe, child, value, span);
                return n.negated ? make_expr(UnaryOp{UnaryOpKind::Not, eq}, span) : eq;
            },
            [&](const ast::In& in) -> ExprPtr {
                // Spark's InConversion casts every value to their wider type when there is
                // one; without one (rows whose field names differ: `(a, b) IN ((1, 'x'))`),
                // In compares values of the same structure, field names aside.
                ExprPtr value = bind(*in.operand);
                std::vector<ExprPtr> list;
                std::optional<TypePtr> common = value->type;
                for (const ast::ExprPtr& item : in.list) {
                    list.push_back(bind(*item));
                    if (common) {
                        common = wider_common_type(*common, list.back()->type);
                    }
                }
                if (common) {
                    value = cast_to(value, *common);
                    for (ExprPtr& item : list) {
                        item = cast_to(item, *common);
                    }
                } else {
                    for (std::size_t i = 0; i < list.size(); ++i) {
                        if (!equals_structurally(*list[i]->type, *value->type)) {
                            fail(in.list[i]->span, "cannot compare " +
                                                       catalog_string(*value->type) + " with " +
                                                       catalog_string(*list[i]->type) + " in IN");
                        }
                    }
                }
                ExprPtr result = make_expr(In{value, std::move(list)}, span);
                return in.negated ? make_expr(UnaryOp{UnaryOpKind::Not, result}, span) : result;
            },
            [&](const ast::Between& bt) -> ExprPtr {
                ExprPtr value = bind(*bt.operand);
                ExprPtr low = bind(*bt.low);
                ExprPtr high = bind(*bt.high);
                ExprPtr both =
                    make_expr(BinaryOp{BinaryOpKind::And,
                                       binary(BinaryOpKind::GreaterThanOrEqual, value, low, span),
                                       binary(BinaryOpKind::LessThanOrEqual, value, high, span)},
                              span);
                return bt.negated ? make_expr(UnaryOp{UnaryOpKind::Not, both}, span) : both;
            },
            [&](const ast::Like& like) -> ExprPtr {
                std::vector<ExprPtr> args{bind(*like.operand), bind(*like.pattern)};
                std::vector<Span> arg_spans{like.operand->span, like.pattern->span};
                if (like.escape) {
                    // Spark: Like(left, right, escapeChar); ESCAPE '\\' is the default escape.
                    ExprPtr escape = bind(*like.escape);
                    const auto* lit = escape->as<Literal>();
                    if (lit == nullptr || lit->text != "\\") {
                        args.push_back(std::move(escape));
                        arg_spans.push_back(like.escape->span);
                    }
                }
                // The function of each is its keyword in lower case: like, ilike, rlike.
                const std::string name = ascii_lower(ast::like_keyword(like.kind));
                ExprPtr result =
                    apply_function(catalog_function(name), args, arg_spans, false, span);
                return like.negated ? make_expr(UnaryOp{UnaryOpKind::Not, result}, span) : result;
            },
            [&](const ast::QuantifiedLike& like) { return bind_quantified_like(like, span); },
            [&](const ast::Cast& c) { return bind_cast(c, bind(*c.operand), span); },
            [&](const ast::Over& over) { return bind_over(over, span); },
            [&](const ast::SubqueryExpr& sub) { return bind_subquery(sub, span); },
            [&](const ast::Case& c) -> ExprPtr {
                ExprPtr operand = c.operand ? bind(*c.operand) : nullptr;
                std::vector<std::pair<ExprPtr, ExprPtr>> branches;
                std::optional<TypePtr> common;
                auto widen = [&](const ExprPtr& v, Span where) {
                    if (!common) {
                        common = v->type;
                        return;
                    }
                    std::optional<TypePtr> w = wider_common_type(*common, v->type);
                    if (!w) {
                        fail(where, "CASE branches have incompatible types " +
                                        catalog_string(**common) + " and " +
                                        catalog_string(*v->type));
                    }
                    common = *w;
                };
                for (const auto& [when, then] : c.branches) {
                    ExprPtr cond = bind(*when);
                    cond = operand ? binary(BinaryOpKind::EqualTo, operand, cond, when->span)
                                   : require_boolean(cond, when->span, "a WHEN condition");
                    ExprPtr value = bind(*then);
                    widen(value, then->span);
                    branches.emplace_back(std::move(cond), std::move(value));
                }
                ExprPtr else_value = c.else_value ? bind(*c.else_value) : nullptr;
                if (else_value) {
                    widen(else_value, c.else_value->span);
                }
                if (branches.empty()) {
                    fail(span, "CASE needs at least one WHEN branch");
                }
                for (auto& branch : branches) {
                    branch.second = cast_to(branch.second, *common);
                }
                if (else_value) {
                    else_value = cast_to(else_value, *common);
                }
                return make_expr(CaseWhen{std::move(branches), else_value}, span);
            }},
        e.node);
}

// --- literals --------------------------------------------------------------------------------

ExprPtr Binder::datetime_literal(AtomicKind kind, const std::string& text, Span span) const {
    TypePtr type = make_atomic(kind);
    const std::string keyword(typed_literal_keyword(*type));
    const std::string literal_text = keyword + " '" + text + "'";
    std::string spark_text;
    switch (typed_datetime_literal(kind, text, spark_text)) {
    case DateTimeStatus::Ok:
        return literal(std::move(type), std::move(spark_text), span);
    case DateTimeStatus::Invalid:
        fail(span, "the value of the typed literal " + keyword + " is invalid: '" + text + "'");
    case DateTimeStatus::TimeOnly:
        fail(span, literal_text + " has no date; Spark puts a time alone on the current date, so "
                                  "the plan would depend on the day: write the date");
    case DateTimeStatus::CurrentTime:
        fail(span, literal_text +
                       " reads the clock, so the plan would depend on the day: write the "
                       "date");
    case DateTimeStatus::RegionZone:
        fail(span, "the time zone in " + literal_text +
                       " is region-based, which needs a time-zone database that prune-plan "
                       "does not have: write an offset such as '+01:00'");
    }
    throw InternalError("unknown date-time status");
}

ExprPtr Binder::bind_literal(const ast::Literal& lit, Span span, bool negate) const {
    const std::string sign = negate ? "-" : "";
    const std::string lit_text = lit.text.str();
    switch (lit.kind) {
    case ast::LiteralKind::Null:
        return make_expr(Literal{null_type(), "null", true}, span);
    case ast::LiteralKind::Boolean:
        return literal(boolean_type(), ascii_lower(lit_text), span);
    case ast::LiteralKind::Integer: {
        std::string text = strip_suffix(lit_text, "lLsSyY");
        if (lit.suffix == ast::IntegerSuffix::BigDecimal) {
            text = strip_suffix(text, "bBdD");
        }
        if (!all_digits(text)) {
            fail(span, "malformed integer literal '" + lit_text + "'");
        }
        const std::string digits = strip_leading_zeros(text);
        const std::string value = (negate && digits != "0" ? "-" : "") + digits;
        auto fits = [&](std::string_view max_pos, std::string_view max_neg) {
            return digits_le(digits, negate ? max_neg : max_pos);
        };
        auto out_of_range = [&](const char* type) {
            return "integer literal '" + sign + lit_text + "' is out of range for " + type;
        };
        switch (lit.suffix) {
        case ast::IntegerSuffix::None:
            if (fits("2147483647", "2147483648")) {
                return literal(int_type(), value, span);
            }
            if (fits("9223372036854775807", "9223372036854775808")) {
                return literal(long_type(), value, span);
            }
            if (digits.size() <= 38) {
                return literal(make_decimal(static_cast<int>(digits.size()), 0), value, span);
            }
            fail(span, out_of_range("decimal(38,0)"));
        case ast::IntegerSuffix::Long:
            if (!fits("9223372036854775807", "9223372036854775808")) {
                fail(span, out_of_range("bigint"));
            }
            return literal(long_type(), value, span);
        case ast::IntegerSuffix::Short:
            if (!fits("32767", "32768")) {
                fail(span, out_of_range("smallint"));
            }
            return literal(make_atomic(AtomicKind::Short), value, span);
        case ast::IntegerSuffix::Byte:
            if (!fits("127", "128")) {
                fail(span, out_of_range("tinyint"));
            }
            return literal(make_atomic(AtomicKind::Byte), value, span);
        case ast::IntegerSuffix::BigDecimal:
            if (digits.size() > 38) {
                fail(span, out_of_range("decimal(38,0)"));
            }
            return literal(make_decimal(static_cast<int>(digits.size()), 0), value, span);
        }
        throw InternalError("unknown integer suffix");
    }
    case ast::LiteralKind::Decimal: {
        // Java's BigDecimal: unscaled digits and a scale; Spark's DecimalType takes
        // precision = max(digits, scale) and never a negative scale.
        std::string text = lit_text;
        if (text.size() > 2 && (text.ends_with("BD") || text.ends_with("bd"))) {
            text.resize(text.size() - 2);
        }
        long exponent = 0;
        if (const std::size_t e = text.find_first_of("eE"); e != std::string::npos) {
            const std::string exp_text = text.substr(e + 1);
            errno = 0;
            exponent = std::strtol(exp_text.c_str(), nullptr, 10);
            if (errno != 0 || exponent > 1000 || exponent < -1000) {
                fail(span, "decimal literal '" + sign + lit_text + "' is out of range");
            }
            text.resize(e);
        }
        const std::size_t dot = text.find('.');
        const std::string int_part = text.substr(0, dot);
        const std::string frac_part = dot == std::string::npos ? "" : text.substr(dot + 1);
        if ((!int_part.empty() && !all_digits(int_part)) ||
            (!frac_part.empty() && !all_digits(frac_part)) ||
            (int_part.empty() && frac_part.empty())) {
            fail(span, "malformed decimal literal '" + lit_text + "'");
        }
        std::string unscaled = int_part + frac_part;
        long scale = static_cast<long>(frac_part.size()) - exponent;
        if (scale < 0) {
            unscaled.append(static_cast<std::size_t>(-scale), '0');
            scale = 0;
        }
        unscaled = strip_leading_zeros(unscaled);
        const auto scale_n = static_cast<std::size_t>(scale);
        const std::size_t precision = std::max(unscaled.size(), scale_n);
        if (precision > 38) {
            fail(span, "decimal literal '" + sign + lit_text +
                           "' exceeds the maximum decimal precision 38");
        }
        std::string plain = unscaled;
        if (scale_n > 0) {
            if (plain.size() <= scale_n) {
                plain.insert(0, scale_n + 1 - plain.size(), '0');
            }
            plain.insert(plain.size() - scale_n, ".");
        }
        const bool zero = unscaled == "0";
        return literal(make_decimal(static_cast<int>(precision), static_cast<int>(scale_n)),
                       (negate && !zero ? "-" : "") + plain, span);
    }
    case ast::LiteralKind::Double: {
        const std::string text = sign + strip_suffix(lit_text, "dD");
        errno = 0;
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0') {
            fail(span, "malformed number '" + lit_text + "'");
        }
        if (std::isinf(v)) {
            fail(span, "number '" + sign + lit_text + "' is out of range for double");
        }
        return literal(double_type(), java_double_string(v), span);
    }
    case ast::LiteralKind::Float: {
        const std::string text = sign + strip_suffix(lit_text, "fF");
        char* end = nullptr;
        const float v = std::strtof(text.c_str(), &end);
        if (end == text.c_str() || *end != '\0') {
            fail(span, "malformed number '" + lit_text + "'");
        }
        if (std::isinf(v)) {
            fail(span, "number '" + sign + lit_text + "' is out of range for float");
        }
        return literal(make_atomic(AtomicKind::Float), java_float_string(v), span);
    }
    case ast::LiteralKind::String:
        return literal(string_type(), lit_text, span);
    case ast::LiteralKind::Binary: {
        std::string hex;
        for (char c : lit_text) {
            hex += static_cast<char>(c >= 'a' && c <= 'f' ? c - 'a' + 'A' : c);
        }
        if (hex.size() % 2 != 0 || !std::all_of(hex.begin(), hex.end(), [](char c) {
                return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F');
            })) {
            fail(span, "malformed binary literal X'" + lit_text + "'");
        }
        return literal(make_atomic(AtomicKind::Binary), "0x" + hex, span);
    }
    case ast::LiteralKind::Date:
        return datetime_literal(AtomicKind::Date, lit_text, span);
    case ast::LiteralKind::Timestamp:
        return datetime_literal(AtomicKind::Timestamp, lit_text, span);
    case ast::LiteralKind::TimestampNtz:
        return datetime_literal(AtomicKind::TimestampNtz, lit_text, span);
    case ast::LiteralKind::Interval: {
        if (lit.interval_unit.empty()) {
            // `INTERVAL '1 day 2 hours'`, a typed literal: a CALENDAR INTERVAL, which plans
            // print as CalendarInterval.toString (`1 days 2 hours`) and names as
            // `INTERVAL '1 days 2 hours'` (Spark: AstBuilder.visitTypeConstructor).
            std::string error;
            const std::optional<CalendarInterval> value =
                string_to_calendar_interval(lit_text, error);
            if (!value) {
                std::string message = "the value of the typed literal INTERVAL is invalid: '";
                message += lit_text;
                message += "' (";
                message += error;
                message += ')';
                fail(span, message);
            }
            return literal(make_atomic(AtomicKind::CalendarInterval),
                           calendar_interval_string(*value), span);
        }
        TypePtr type = interval_literal_type(lit.interval_unit.str());
        std::string text = "INTERVAL '" + lit_text + "'";
        if (!lit.interval_unit.empty()) {
            text += " " + lit.interval_unit;
        }
        return literal(std::move(type), std::move(text), span);
    }
    }
    throw InternalError("unknown literal kind");
}

// --- names -----------------------------------------------------------------------------------

ExprPtr Binder::find_lambda_variable(std::string_view name) const {
    for (auto frame = frames_.rbegin(); frame != frames_.rend(); ++frame) {
        for (const ExprPtr& var : *frame) {
            if (names_match(var->as<NamedLambdaVariable>()->name, name, cs_)) {
                return var;
            }
        }
    }
    return nullptr;
}

bool Binder::is_qualifier(const ast::Identifiers& parts, std::size_t k) const {
    std::vector<std::string_view> names;
    for (std::size_t i = 0; i < k; ++i) {
        names.push_back(parts[i].name);
    }
    return scope_.is_qualifier(names);
}

template <class Accept>
std::pair<std::size_t, std::optional<std::size_t>>
Binder::find_qualified(const ast::Identifiers& parts, std::size_t keep, Accept&& accept) const {
    const std::size_t most = parts.size() < keep ? 0 : parts.size() - keep;
    // The most parts first, as Spark tries them.
    for (std::size_t k = std::min(most, scope_.longest_qualifier()); k > 0; --k) {
        std::optional<std::size_t> found;
        for (const std::size_t i : columns_named(parts[k].name)) {
            const ScopeColumn& c = scope_.columns[i];
            if (c.qualifier.size() < k) {
                continue;
            }
            bool qualifies = true;
            const std::size_t from = c.qualifier.size() - k;
            for (std::size_t j = 0; j < k && qualifies; ++j) {
                qualifies =
                    names_match(c.qualifier[from + j], parts[j].name, CaseSensitivity::Insensitive);
            }
            if (!qualifies) {
                continue;
            }
            if (found && scope_.columns[*found].attribute->as<AttributeReference>()->id !=
                             c.attribute->as<AttributeReference>()->id) {
                fail(parts[k].span, "ambiguous reference '" +
                                        written({parts[0].span.begin, parts[k].span.end}) +
                                        "': it matches several columns of " + scope_.description);
            }
            found = found ? found : std::optional(i);
        }
        if (!found && !is_qualifier(parts, k)) {
            continue;
        }
        if (accept(k, found)) {
            return {k, found};
        }
    }
    return {0, std::nullopt};
}

std::optional<std::size_t> Binder::find_column(const ast::Identifier& name) const {
    std::vector<std::size_t> matches;
    for (const std::size_t i : columns_named(name.name)) {
        if (scope_.columns[i].unqualified) {
            matches.push_back(i);
        }
    }
    if (matches.empty()) {
        return std::nullopt;
    }
    for (const std::size_t i : matches) {
        if (scope_.columns[i].attribute->as<AttributeReference>()->id !=
            scope_.columns[matches[0]].attribute->as<AttributeReference>()->id) {
            // Spark: AMBIGUOUS_REFERENCE, naming the candidates.
            std::string candidates;
            for (const std::size_t j : matches) {
                const ScopeColumn& c = scope_.columns[j];
                std::string qualified;
                for (const std::string& part : c.qualifier) {
                    qualified += part + ".";
                }
                qualified += c.attribute->as<AttributeReference>()->name.str();
                candidates += (candidates.empty() ? "'" : ", '") + qualified + "'";
            }
            fail(name.span, "ambiguous reference '" + name.name + "': it could be " + candidates);
        }
    }
    return matches[0];
}

std::string Binder::name_key(std::string_view name) const {
    return cs_ == CaseSensitivity::Sensitive ? std::string(name) : ascii_lower(name);
}

const OutputRef* Binder::find_output(const ast::Identifier& name) const {
    if (outputs_ == nullptr) {
        return nullptr;
    }
    if (output_index_.size() != outputs_->size()) { // not built yet
        output_index_.reserve(outputs_->size());
        for (std::size_t i = 0; i < outputs_->size(); ++i) {
            output_index_.emplace_back(name_key((*outputs_)[i].name()), i);
        }
        std::sort(output_index_.begin(), output_index_.end());
    }
    const std::string wanted = name_key(name.name);
    const auto [first, last] = std::equal_range(
        output_index_.begin(), output_index_.end(), std::pair<std::string, std::size_t>{wanted, 0},
        [](const auto& a, const auto& b) { return a.first < b.first; });
    const OutputRef* found = nullptr;
    for (auto it = first; it != last; ++it) {
        const OutputRef& out = (*outputs_)[it->second];
        if (found != nullptr && found->id() != out.id()) {
            fail(name.span,
                 "ambiguous reference '" + name.name + "': several select items have this name");
        }
        if (found == nullptr) {
            found = &out;
        }
    }
    return found;
}

bool Binder::is_all_token(const ast::Expr& e) const {
    const auto* ref = std::get_if<ast::NameRef>(&e.node);
    if (ref == nullptr || ref->parts.size() != 1 ||
        !names_match(ref->parts[0].name, "all", CaseSensitivity::Insensitive)) {
        return false;
    }
    return !find_column(ref->parts[0]) &&
           (alias_mode_ != AliasMode::OutputFirst || find_output(ref->parts[0]) == nullptr);
}

void Binder::unknown_column(const ast::Identifier& name) const {
    // Innermost bindings first: on a tie, the nearest name in scope is the likelier typo.
    std::vector<std::string> candidates;
    for (auto frame = frames_.rbegin(); frame != frames_.rend(); ++frame) {
        for (const ExprPtr& var : *frame) {
            candidates.push_back(var->as<NamedLambdaVariable>()->name.str());
        }
    }
    for (const ScopeColumn& column : scope_.columns) {
        candidates.push_back(column.attribute->as<AttributeReference>()->name.str());
    }
    if (outputs_ != nullptr && alias_mode_ != AliasMode::None) {
        for (const OutputRef& out : *outputs_) {
            candidates.push_back(out.name().str());
        }
    }
    if (lateral_outputs_ != nullptr && clause_ == Clause::Select) {
        for (const OutputRef& out : *lateral_outputs_) {
            if (out.item->is<Alias>()) {
                candidates.push_back(out.name().str());
            }
        }
        for (const ast::SelectItem& later : later_items_) {
            if (later.alias && names_match(later.alias->name, name.name, cs_)) {
                fail(name.span, "no column '" + name.name + "' in " + scope_.description +
                                    "; a later select item defines the alias '" +
                                    later.alias->name +
                                    "', but a lateral alias must come before its use");
            }
        }
    }
    fail(name.span, "no column '" + name.name + "' in " + scope_.description +
                        did_you_mean(name.name, candidates));
}

ExprPtr Binder::resolve_name(const ast::NameRef& ref, Span span) {
    const ast::Identifiers& parts = ref.parts;
    if (parts.empty()) {
        throw InternalError("empty name");
    }
    const ast::Identifier& head = parts.front();
    ExprPtr base;
    std::size_t next = 1;
    std::size_t qualified = 0; // parts naming the table, before the column
    const OutputRef* out = nullptr;
    if (ExprPtr var = find_lambda_variable(head.name)) {
        // As for columns (column_ref): under a field access the parameter's node serves.
        base = parts.size() > 1 ? std::move(var) : make_expr(var->node, head.span);
    } else if (alias_mode_ == AliasMode::OutputFirst && (out = find_output(head)) != nullptr) {
        base = out->attribute(head.span);
    } else if (std::optional<std::size_t> q;
               (qualified =
                    find_qualified(parts, 1, [&](std::size_t, std::optional<std::size_t> found) {
                        q = found;
                        return found.has_value();
                    }).first) != 0) {
        base = column_ref(*q, Span{head.span.begin, parts[qualified].span.end},
                          parts.size() > qualified + 1);
        next = qualified + 1;
    } else if (std::optional<std::size_t> c = find_column(head)) {
        base = column_ref(*c, head.span, parts.size() > 1);
    } else if ((out = find_lateral_alias(head)) != nullptr) {
        base = out->attribute(head.span);
    } else if (alias_mode_ == AliasMode::ChildFallback && parts.size() == 1 &&
               (out = find_output(head)) != nullptr) {
        if (out->has_aggregate) {
            fail(span, "GROUP BY cannot refer to '" + head.name +
                           "': it is an aggregate in the select list");
        }
        return grouping_expression(*out);
    } else if (alias_mode_ == AliasMode::OutputFallback && (out = find_output(head)) != nullptr) {
        base = out->attribute(head.span);
    } else if (ExprPtr outer = resolve_outer(parts)) {
        return outer;
    } else if (const std::size_t k =
                   find_qualified(parts, 1, [](std::size_t, const auto&) { return true; }).first;
               k != 0) {
        unknown_column(parts[k]);
    } else if (parts.size() == 1 &&
               (names_match(head.name, "current_date", CaseSensitivity::Insensitive) ||
                names_match(head.name, "current_timestamp", CaseSensitivity::Insensitive))) {
        // Spark's LiteralFunctionResolution: `current_date` without parentheses, when no
        // column has the name, is the function.
        return apply_function(catalog_function(ascii_lower(head.name)), {}, {}, false, span);
    } else {
        unknown_column(head);
    }
    for (std::size_t i = next; i < parts.size(); ++i) {
        base = extract_field(base, parts[i], Span{head.span.begin, parts[i].span.end});
    }
    return base;
}

std::optional<std::pair<std::size_t, std::size_t>>
Binder::find_scope_column(const ast::Identifiers& parts) const {
    std::optional<std::size_t> q;
    const std::size_t k =
        find_qualified(parts, 1, [&](std::size_t, std::optional<std::size_t> found) {
            q = found;
            return found.has_value();
        }).first;
    if (k != 0) {
        return std::make_pair(*q, k + 1);
    }
    if (const std::optional<std::size_t> c = find_column(parts.front())) {
        return std::make_pair(*c, std::size_t{1});
    }
    return std::nullopt;
}

ExprPtr Binder::resolve_outer(const ast::Identifiers& parts) {
    for (std::size_t level = ctx_.outer.size(); level-- > 0;) {
        const std::optional<std::pair<std::size_t, std::size_t>> found =
            ctx_.outer[level].binder->find_scope_column(parts);
        if (!found) {
            continue;
        }
        const ExprPtr& column = ctx_.outer[level].binder->scope().columns[found->first].attribute;
        const ExprId id = column->as<AttributeReference>()->id;
        // Every subquery between that block and this one reads the column from outside.
        for (std::size_t inner = level; inner < ctx_.outer.size(); ++inner) {
            std::vector<ExprPtr>& reads = *ctx_.outer[inner].reads;
            if (std::none_of(reads.begin(), reads.end(), [&](const ExprPtr& r) {
                    return r->as<AttributeReference>()->id == id;
                })) {
                reads.push_back(column);
            }
        }
        const Span name_span{parts.front().span.begin, parts[found->second - 1].span.end};
        AttributeReference outer = *column->as<AttributeReference>();
        outer.outer = true;
        ExprPtr base = make_expr(std::move(outer), name_span);
        for (std::size_t i = found->second; i < parts.size(); ++i) {
            base = extract_field(base, parts[i], Span{parts.front().span.begin, parts[i].span.end});
        }
        return base;
    }
    return nullptr;
}

ExprPtr Binder::bind_subquery(const ast::SubqueryExpr& sub, Span span) {
    if (!frames_.empty()) {
        fail(span, "unsupported: a subquery expression inside a lambda function");
    }
    if (sub.kind != ast::SubqueryKind::Scalar && clause_ != Clause::Select &&
        clause_ != Clause::Where && clause_ != Clause::Having) {
        // Spark: IN and EXISTS subqueries only in a filter, a projection or an aggregate.
        fail(span, std::string(sub.kind == ast::SubqueryKind::Exists ? "EXISTS" : "IN") +
                       " subquery expressions are only allowed in the select list, WHERE and "
                       "HAVING");
    }
    ExprPtr value = sub.operand ? bind(*sub.operand) : nullptr;
    std::vector<ExprPtr> reads;
    ctx_.outer.push_back(OuterScope{this, &reads});
    std::vector<JoinStrategyHint> hints = std::move(ctx_.join_hints);
    PlanPtr plan;
    try {
        plan = ctx_.bind_query(*sub.query);
    } catch (...) {
        ctx_.outer.pop_back();
        throw;
    }
    ctx_.outer.pop_back();
    ctx_.join_hints = std::move(hints);
    const std::vector<ExprPtr> output = plan_output(*plan);
    SubqueryKind kind = SubqueryKind::Exists;
    if (sub.kind == ast::SubqueryKind::Scalar) {
        kind = SubqueryKind::Scalar;
        if (output.size() != 1) {
            // Spark:
            // INVALID_SUBQUERY_EXPRESSION.SCALAR_SUBQUERY_RETURN_MORE_THAN_ONE_OUTPUT_COLUMN.
            fail(span, "scalar subquery must return only one column, but got " +
                           std::to_string(output.size()));
        }
    } else if (sub.kind == ast::SubqueryKind::In) {
        kind = SubqueryKind::InSubquery;
        if (output.size() != 1) {
            // Spark: DATATYPE_MISMATCH.IN_SUBQUERY_LENGTH_MISMATCH.
            fail(span, "the IN subquery returns " + std::to_string(output.size()) +
                           " columns, but its left hand side has 1");
        }
        const TypePtr& column = output.front()->type;
        const std::optional<TypePtr> common = wider_common_type(value->type, column);
        if (!common || !is_orderable(**common)) {
            fail(span, "cannot compare " + catalog_string(*value->type) + " with " +
                           catalog_string(*column) + " in IN");
        }
        value = cast_to(value, *common);
        if (!same_type_ignoring_nullability(*column, **common)) {
            // Spark's InConversion casts the subquery's column in a Project over it.
            const auto& c = *output.front()->as<AttributeReference>();
            plan = make_plan(Project{
                {make_expr(Alias{cast_to(output.front(), *common), c.name, fresh_id()})}, plan});
        }
    }
    std::vector<ExprPtr> children;
    if (value) {
        children.push_back(std::move(value));
    }
    children.insert(children.end(), reads.begin(), reads.end());
    return make_expr(SubqueryExpression{make_ref<const SubqueryPlan>(
                                            SubqueryPlan{std::move(plan), fresh_id(), RefCount{}}),
                                        std::move(children), kind},
                     span);
}

const OutputRef* Binder::find_lateral_alias(const ast::Identifier& name) {
    if (lateral_outputs_ == nullptr || clause_ != Clause::Select) {
        return nullptr;
    }
    for (; lateral_indexed_ < lateral_outputs_->size(); ++lateral_indexed_) {
        const OutputRef& out = (*lateral_outputs_)[lateral_indexed_];
        if (out.item->is<Alias>()) {
            lateral_index_[name_key(out.name())].push_back(lateral_indexed_);
        }
    }
    const auto it = lateral_index_.find(name_key(name.name));
    if (it == lateral_index_.end()) {
        return nullptr;
    }
    if (it->second.size() > 1) {
        // Spark: AMBIGUOUS_LATERAL_COLUMN_ALIAS.
        fail(name.span, "ambiguous lateral column alias '" + name.name +
                            "': " + std::to_string(it->second.size()) +
                            " earlier select items have this name");
    }
    if (!first_lateral_use_) {
        first_lateral_use_ = name;
    }
    const OutputRef& found = (*lateral_outputs_)[it->second.front()];
    // An item that reads an aggregate's alias is computed from the aggregate, above it.
    saw_aggregate_ = saw_aggregate_ || found.has_aggregate;
    return &found;
}

ExprPtr Binder::grouping_expression(const OutputRef& out) const {
    if (!first_lateral_use_ || outputs_ == nullptr) {
        return out.child();
    }
    return transform_up(out.child(), [&](const ExprPtr& node) -> ExprPtr {
        const auto* a = node->as<AttributeReference>();
        if (a == nullptr || scope_.outputs(a->id)) {
            return node;
        }
        for (const OutputRef& earlier : *outputs_) {
            if (earlier.item->is<Alias>() && earlier.id() == a->id) {
                return grouping_expression(earlier);
            }
        }
        return node;
    });
}

// --- field access and subscripts (Spark: ExtractValue.apply) ----------------------------------

void Binder::check_not_udf_result(const ExprPtr& base, Span span, std::string_view what) const {
    if (const auto* f = base->as<ScalarFunction>(); f != nullptr && f->user_defined()) {
        std::string message = "cannot " + std::string(what) +
                              " the result of user-defined function '" + std::string(f->name()) +
                              "'";
        if (const std::string note = unsupported_builtin_note(ascii_lower(f->name()));
            !note.empty()) {
            message += ": ";
            message += note;
        }
        fail(span, message);
    }
}

ExprPtr Binder::extract_field(const ExprPtr& base, const ast::Identifier& field, Span span) const {
    check_not_udf_result(base, field.span, "access a field of");
    const DataType& type = *base->type;
    auto lookup = [&](const DataType& struct_type) {
        const StructType& st = *struct_type.struct_type();
        bool ambiguous = false;
        std::optional<std::size_t> i = st.field_index(field.name, cs_, &ambiguous);
        if (ambiguous) {
            fail(field.span, "ambiguous reference to field '" + field.name + "' in " +
                                 catalog_string(struct_type));
        }
        if (!i) {
            fail(field.span, "no field '" + field.name + "' in " + catalog_string(struct_type) +
                                 did_you_mean(field.name, st.field_names()));
        }
        return *i;
    };
    auto as_written = [&](const StructField& f) -> Name { // empty: as the schema spells it
        return f.name == field.name ? Name() : field.name;
    };
    if (const StructType* st = type.struct_type()) {
        const std::size_t i = lookup(type);
        return make_expr(GetStructField{base, i, as_written((*st)[i])}, span);
    }
    if (const ArrayType* at = type.array(); at != nullptr && at->element->struct_type()) {
        const StructType& st = *at->element->struct_type();
        const std::size_t i = lookup(*at->element);
        return make_expr(GetArrayStructFields{.child = base,
                                              .name_as_written = as_written(st[i]),
                                              .ordinal = field_position(i),
                                              .contains_null = at->contains_null || st[i].nullable},
                         span);
    }
    if (const MapType* mt = type.map()) {
        // Spark's ExtractValue reads `m.k` as the map lookup `m['k']`.
        if (is_string_like(*mt->key)) {
            ExprPtr key = cast_to(literal(string_type(), field.name.str(), field.span), mt->key);
            return make_expr(GetMapValue{base, key}, span);
        }
        fail(field.span, "cannot access field '" + field.name + "' of " + catalog_string(type) +
                             "; look a key up with m[key]");
    }
    fail(field.span, "cannot access field '" + field.name + "' of " + catalog_string(type));
}

ExprPtr Binder::array_index(const ExprPtr& index, Span span) const {
    const DataType& t = *index->type;
    if (is_integral(t) || t.is(AtomicKind::Null)) {
        return cast_to(index, int_type());
    }
    fail(span, "array index must be an integer, got " + catalog_string(t));
}

ExprPtr Binder::map_key(const ExprPtr& map, const ExprPtr& key, Span span) const {
    const TypePtr& key_type = map->type->map()->key;
    if (same_type(*key->type, *key_type)) {
        return key;
    }
    std::optional<TypePtr> w = wider_common_type(key->type, key_type);
    if (w && same_type(**w, *key_type)) {
        return cast_to(key, key_type);
    }
    fail(span,
         "map key must be " + catalog_string(*key_type) + ", got " + catalog_string(*key->type));
}

ExprPtr Binder::subscript(const ExprPtr& base, const ExprPtr& index, Span span,
                          Span index_span) const {
    check_not_udf_result(base, span, "subscript");
    const DataType& type = *base->type;
    const auto* lit = index->as<Literal>();
    const bool string_literal = lit != nullptr && !lit->is_null && is_string_like(*index->type);
    if (string_literal &&
        (type.struct_type() || (type.array() && type.array()->element->struct_type()))) {
        return extract_field(base, ast::Identifier{lit->text, index_span, false}, span);
    }
    if (type.array()) {
        return make_expr(GetArrayItem{base, array_index(index, index_span)}, span);
    }
    if (type.map()) {
        return make_expr(GetMapValue{base, map_key(base, index, index_span)}, span);
    }
    // Named as the query wrote it, unless that is long: `s[0]` says which s.
    const std::string base_text = written(base->span);
    const std::string what = base_text.size() <= 60 ? "'" + base_text + "' of type " : "";
    fail(span, "cannot subscript " + what + catalog_string(type));
}

} // namespace prune::analyzer_detail
