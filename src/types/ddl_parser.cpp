/// DDL schemas and data types (Spark: StructType.fromDDL, DataType.fromDDL) parsed with the
/// PEGTL grammar of grammar/ddl.hpp.
///
///     id INT, name STRUCT<first: STRING> NOT NULL COMMENT 'x'
///
/// is struct<id:int,name:struct<first:string>> with `name` not nullable and metadata
/// {"comment":"x"}. Errors name `file:line:column` and what was expected:
///
///     schema.ddl:2:5: expected '>' to close 'STRUCT<' at 1:10
///
/// The actions build types bottom-up on a stack of frames, one per open ARRAY< / MAP< /
/// STRUCT<. The control counts the nesting of `data_type` and stops at kMaxNestingDepth
/// before PEGTL recurses any deeper.

#include <algorithm>
#include <array>
#include <cstdint>
#include <functional>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "diag/utf8.hpp"
#include "grammar/ddl.hpp"
#include "types/schema_formats.hpp"
#include "types/type_interner.hpp"
#include "util/ascii.hpp"

namespace prune {
namespace {

namespace g = grammar::ddl;
namespace pegtl = tao::pegtl;

using Input = pegtl::memory_input<pegtl::tracking_mode::lazy>;

/// A type under construction: the top-level column list, or an open ARRAY< / MAP< / STRUCT<.
struct Frame {
    enum class Kind { Top, Array, Map, Struct };
    Kind kind = Kind::Top;
    const char* open = nullptr; // where the ARRAY / MAP / STRUCT keyword starts
    std::vector<TypePtr> types; // finished child types, in order
    std::vector<StructField> fields;
    // Open-addressing hash set of ordinals into `fields` (power-of-two size, at most half
    // full), for the duplicate-name check: no node or name copy per field.
    std::vector<std::uint32_t> name_slots;
    // The field being read: name, where it starts, its options.
    std::string name;
    const char* name_at = nullptr;
    bool nullable = true;
    std::optional<std::string> comment;
};

/// The open frames, innermost last. A closed frame stays behind as a spare for the next one
/// opened at its depth, so its vectors keep their capacity: a schema of thousands of structs
/// reuses a few buffers instead of growing new ones field by field.
class Frames {
  public:
    /// The innermost open frame.
    Frame& top() { return frames_[open_ - 1]; }
    /// The outermost frame (the column list).
    Frame& outermost() { return frames_.front(); }
    /// Opens a frame of `kind` whose keyword starts at `at`.
    void open(Frame::Kind kind, const char* at) {
        if (open_ == frames_.size()) {
            frames_.emplace_back();
        }
        Frame& f = frames_[open_++];
        f.kind = kind;
        f.open = at;
        f.types.clear();
        f.fields.clear();
        f.name_slots.clear();
        f.name.clear();
        f.name_at = nullptr;
        f.nullable = true;
        f.comment.reset();
    }
    /// Closes the innermost frame and returns it: valid until the next open().
    Frame& close() { return frames_[--open_]; }

  private:
    std::vector<Frame> frames_;
    std::size_t open_ = 0;
};

struct State {
    explicit State(const SourceFile& s) : source(s) {}
    const SourceFile& source;
    TypeInterner interner;
    std::size_t depth = 0;
    Frames frames;
    const char* keyword = nullptr;    // the last ARRAY / MAP / STRUCT keyword
    const char* comment_at = nullptr; // the last `/*`
    // The primitive type being read.
    std::string word;
    const char* word_at = nullptr;
    std::vector<int> params;
    // The interval type being read: (family, field) per unit, family 0 = year-month.
    std::vector<std::pair<int, int>> units;
};

[[noreturn]] void fail(const State& st, const char* at, const std::string& what) {
    const auto offset = static_cast<std::size_t>(at - st.source.text().data());
    // The diagnostic shows the schema's line, so it holds its own copy of the text (only on
    // this error path: the parser works on a reference).
    throw SchemaError(Diagnostic{Severity::Error, what,
                                 std::make_shared<const SourceFile>(st.source),
                                 Span{offset, offset + 1}});
}

std::string where(const State& st, const char* at) {
    const Location loc = st.source.location(static_cast<std::size_t>(at - st.source.text().data()));
    return std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

std::optional<std::uint32_t> hex4(std::string_view s, std::size_t at) {
    if (at + 4 > s.size()) {
        return std::nullopt;
    }
    std::uint32_t v = 0;
    for (std::size_t i = at; i < at + 4; ++i) {
        const char c = s[i];
        const int d = hex_digit_value(c);
        if (d < 0) {
            return std::nullopt;
        }
        v = v * 16 + static_cast<std::uint32_t>(d);
    }
    return v;
}

bool is_octal(char c, char max) { return c >= '0' && c <= max; }

// Spark: ParserUtils.unescapeSQLString, for the text between the quotes.
std::string unescape_string(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '\\' || i + 1 == s.size()) {
            out += s[i];
            continue;
        }
        const char n = s[i + 1];
        if (n == 'u') {
            if (auto cp = hex4(s, i + 2)) {
                i += 5;
                if (*cp >= 0xD800 && *cp < 0xDC00 && i + 2 < s.size() && s[i + 1] == '\\' &&
                    s[i + 2] == 'u') {
                    if (auto low = hex4(s, i + 3); low && *low >= 0xDC00 && *low < 0xE000) {
                        *cp = 0x10000 + ((*cp - 0xD800) << 10) + (*low - 0xDC00);
                        i += 6;
                    }
                }
                append_utf8(out, *cp);
                continue;
            }
        }
        // Spark reads `\000`..`\177` only, so the result stays ASCII (and valid UTF-8).
        if (i + 3 < s.size() && is_octal(n, '1') && is_octal(s[i + 2], '7') &&
            is_octal(s[i + 3], '7')) {
            out += static_cast<char>((n - '0') * 64 + (s[i + 2] - '0') * 8 + (s[i + 3] - '0'));
            i += 3;
            continue;
        }
        ++i;
        switch (n) {
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
        case '_':
            // LIKE wildcards keep their backslash.
            out += '\\';
            out += n;
            break;
        default:
            out += n;
        }
    }
    return out;
}

std::string identifier_text(std::string_view raw) {
    if (raw.empty() || raw.front() != '`') {
        return std::string(raw);
    }
    std::string out;
    for (std::size_t i = 1; i + 1 < raw.size(); ++i) {
        out += raw[i];
        if (raw[i] == '`') {
            ++i; // a doubled backquote is one backquote
        }
    }
    return out;
}

void deliver(State& st, TypePtr type) {
    st.frames.top().types.push_back(st.interner.intern(std::move(type)));
}

void open_frame(State& st, Frame::Kind kind) { st.frames.open(kind, st.keyword); }

constexpr std::uint32_t kNoField = 0xFFFFFFFFU;

std::size_t name_hash(std::string_view name) { return std::hash<std::string_view>{}(name); }

/// Whether `name` is new among the fields of `f` (the field itself is not added yet).
bool is_new_name(Frame& f, const std::string& name) {
    const std::size_t n = f.fields.size();
    if (2 * (n + 1) > f.name_slots.size()) {
        std::vector<std::uint32_t> slots(std::max<std::size_t>(16, 2 * f.name_slots.size()),
                                         kNoField);
        for (std::size_t i = 0; i < n; ++i) {
            std::size_t slot = name_hash(f.fields[i].name) & (slots.size() - 1);
            while (slots[slot] != kNoField) {
                slot = (slot + 1) & (slots.size() - 1);
            }
            slots[slot] = static_cast<std::uint32_t>(i);
        }
        f.name_slots = std::move(slots);
    }
    const std::size_t mask = f.name_slots.size() - 1;
    std::size_t slot = name_hash(name) & mask;
    for (; f.name_slots[slot] != kNoField; slot = (slot + 1) & mask) {
        if (f.fields[f.name_slots[slot]].name == name) {
            return false;
        }
    }
    f.name_slots[slot] = static_cast<std::uint32_t>(n);
    return true;
}

void finish_field(State& st) {
    Frame& f = st.frames.top();
    TypePtr type = std::move(f.types.back());
    f.types.pop_back();
    if (!is_new_name(f, f.name)) {
        fail(st, f.name_at, "duplicate field name '" + f.name + "'");
    }
    std::string metadata = "{}";
    if (f.comment) {
        metadata = nlohmann::json{{"comment", *f.comment}}.dump(
            -1, ' ', false, nlohmann::json::error_handler_t::replace);
    }
    f.fields.push_back(
        StructField{std::move(f.name), std::move(type), f.nullable, std::move(metadata)});
}

// The primitive type names that take no parameters (Spark: AstBuilder.visitPrimitiveDataType),
// lower case; a type word is compared with them ignoring ASCII case, without a lower-cased copy
// (a schema of a million leaves names a type a million times).
struct SimpleType {
    std::string_view name;
    AtomicKind kind;
};
constexpr std::array<SimpleType, 20> kSimpleTypes{{
    {"int", AtomicKind::Integer},
    {"string", AtomicKind::String},
    {"bigint", AtomicKind::Long},
    {"double", AtomicKind::Double},
    {"boolean", AtomicKind::Boolean},
    {"integer", AtomicKind::Integer},
    {"long", AtomicKind::Long},
    {"float", AtomicKind::Float},
    {"real", AtomicKind::Float},
    {"tinyint", AtomicKind::Byte},
    {"byte", AtomicKind::Byte},
    {"smallint", AtomicKind::Short},
    {"short", AtomicKind::Short},
    {"date", AtomicKind::Date},
    {"timestamp", AtomicKind::Timestamp},
    {"timestamp_ltz", AtomicKind::Timestamp},
    {"timestamp_ntz", AtomicKind::TimestampNtz},
    {"binary", AtomicKind::Binary},
    {"void", AtomicKind::Null},
    {"variant", AtomicKind::Variant},
}};

// Spark: AstBuilder.visitPrimitiveDataType.
TypePtr resolve_primitive(const State& st) {
    const std::string& as_written = st.word;
    for (const SimpleType& simple : kSimpleTypes) {
        if (equal_ignoring_ascii_case(as_written, simple.name)) {
            if (!st.params.empty()) {
                fail(st, st.word_at, "data type '" + as_written + "' takes no parameters");
            }
            return make_atomic(simple.kind);
        }
    }
    const auto is = [&](std::string_view name) {
        return equal_ignoring_ascii_case(as_written, name);
    };
    if (is("decimal") || is("dec") || is("numeric")) {
        if (st.params.size() > 2) {
            fail(st, st.word_at,
                 "data type '" + as_written + "' takes at most 2 parameters (precision, scale)");
        }
        const int precision = st.params.empty() ? 10 : st.params[0];
        const int scale = st.params.size() == 2 ? st.params[1] : 0;
        if (precision < 1) {
            fail(st, st.word_at, "decimal precision must be at least 1");
        }
        if (precision > 38) {
            fail(st, st.word_at,
                 "decimal precision " + std::to_string(precision) + " exceeds the maximum 38");
        }
        if (scale > precision) {
            fail(st, st.word_at,
                 "decimal scale " + std::to_string(scale) + " exceeds precision " +
                     std::to_string(precision));
        }
        return make_decimal(precision, scale);
    }
    if (is("char") || is("character") || is("varchar")) {
        if (st.params.size() != 1) {
            fail(st, st.word_at,
                 "data type '" + as_written + "' needs one length parameter, e.g. " + as_written +
                     "(10)");
        }
        return is("varchar") ? make_varchar(st.params[0]) : make_char(st.params[0]);
    }
    fail(st, st.word_at, "unknown type '" + as_written + "'");
}

// --- actions -------------------------------------------------------------------------------

template <typename Rule> struct Action : pegtl::nothing<Rule> {};

template <typename Rule> struct KeywordAction {
    template <typename ActionInput> static void apply(const ActionInput& in, State& st) {
        st.keyword = in.begin();
    }
};
template <> struct Action<g::kw_array> : KeywordAction<g::kw_array> {};
template <> struct Action<g::kw_map> : KeywordAction<g::kw_map> {};
template <> struct Action<g::kw_struct> : KeywordAction<g::kw_struct> {};

template <> struct Action<g::array_open> {
    static void apply0(State& st) { open_frame(st, Frame::Kind::Array); }
};
template <> struct Action<g::map_open> {
    static void apply0(State& st) { open_frame(st, Frame::Kind::Map); }
};
template <> struct Action<g::struct_open> {
    static void apply0(State& st) { open_frame(st, Frame::Kind::Struct); }
};

template <> struct Action<g::array_close> {
    static void apply0(State& st) {
        Frame& f = st.frames.close();
        deliver(st, make_array(std::move(f.types.at(0))));
    }
};
template <> struct Action<g::map_close> {
    static void apply0(State& st) {
        Frame& f = st.frames.close();
        deliver(st, make_map(std::move(f.types.at(0)), std::move(f.types.at(1))));
    }
};
template <> struct Action<g::struct_close> {
    static void apply0(State& st) {
        Frame& f = st.frames.close();
        // Moved into a vector of its exact size; the frame keeps its buffer for the next.
        std::vector<StructField> fields(std::make_move_iterator(f.fields.begin()),
                                        std::make_move_iterator(f.fields.end()));
        deliver(st, st.interner.intern_struct(std::move(fields)));
    }
};

template <> struct Action<g::type_word> {
    template <typename ActionInput> static void apply(const ActionInput& in, State& st) {
        st.word = in.string();
        st.word_at = in.begin();
        st.params.clear();
    }
};
template <> struct Action<g::integer> {
    template <typename ActionInput> static void apply(const ActionInput& in, State& st) {
        std::int64_t v = 0;
        for (char c : in.string_view()) {
            v = v * 10 + (c - '0');
            if (v > 2147483647) {
                fail(st, in.begin(), "number '" + in.string() + "' is too large");
            }
        }
        st.params.push_back(static_cast<int>(v));
    }
};
template <> struct Action<g::primitive_type> {
    static void apply0(State& st) { deliver(st, resolve_primitive(st)); }
};

template <> struct Action<g::kw_interval> {
    static void apply0(State& st) { st.units.clear(); }
};
template <int Family, int Field> struct UnitAction {
    static void apply0(State& st) { st.units.emplace_back(Family, Field); }
};
template <> struct Action<g::kw_year> : UnitAction<0, 0> {};
template <> struct Action<g::kw_month> : UnitAction<0, 1> {};
template <> struct Action<g::kw_day> : UnitAction<1, 0> {};
template <> struct Action<g::kw_hour> : UnitAction<1, 1> {};
template <> struct Action<g::kw_minute> : UnitAction<1, 2> {};
template <> struct Action<g::kw_second> : UnitAction<1, 3> {};
// Spark: AstBuilder.visitYearMonthIntervalDataType / visitDayTimeIntervalDataType.
template <> struct Action<g::interval_type> {
    template <typename ActionInput> static void apply(const ActionInput& in, State& st) {
        if (st.units.empty()) {
            deliver(st, make_atomic(AtomicKind::CalendarInterval));
            return;
        }
        const auto start = st.units.front();
        const auto end = st.units.back();
        if (st.units.size() == 2 && (start.first != end.first || start.second >= end.second)) {
            fail(st, in.begin(), "invalid interval type '" + in.string() + "'");
        }
        deliver(st, make_interval(start.first == 0 ? AtomicKind::YearMonthInterval
                                                   : AtomicKind::DayTimeInterval,
                                  start.second, end.second));
    }
};

template <typename Rule> struct NameAction {
    template <typename ActionInput> static void apply(const ActionInput& in, State& st) {
        // A backquoted name may hold any character but a control character (NUL is refused
        // with the whole input, before parsing), as a JSON schema's names.
        if (const auto at = find_control_character(in.string_view())) {
            fail(st, in.begin() + *at, control_character_message(in.string_view()[*at], "a name"));
        }
        Frame& f = st.frames.top();
        f.name = identifier_text(in.string_view());
        f.name_at = in.begin();
        f.nullable = true;
        f.comment.reset();
    }
};
template <> struct Action<g::column_name> : NameAction<g::column_name> {};
template <> struct Action<g::field_name> : NameAction<g::field_name> {};

template <> struct Action<g::not_null> {
    static void apply0(State& st) { st.frames.top().nullable = false; }
};
template <> struct Action<g::string_literal> {
    template <typename ActionInput> static void apply(const ActionInput& in, State& st) {
        const std::string_view text = in.string_view();
        const bool raw = text.front() == 'r' || text.front() == 'R';
        const std::string_view body = text.substr(raw ? 2 : 1, text.size() - (raw ? 3 : 2));
        st.frames.top().comment = raw ? std::string(body) : unescape_string(body);
    }
};

template <> struct Action<g::column> {
    static void apply0(State& st) { finish_field(st); }
};
template <> struct Action<g::struct_field> {
    static void apply0(State& st) { finish_field(st); }
};

// --- control: error messages and the nesting guard ------------------------------------------

// clang-format off
template <typename Rule> inline constexpr const char* error_message = nullptr;
template <> inline constexpr const char* error_message<g::block_comment_rest> = "unterminated '/*' comment";
template <> inline constexpr const char* error_message<g::backquote_close> = "unterminated quoted identifier";
template <> inline constexpr const char* error_message<g::string_close<'\''>> = "unterminated string literal";
template <> inline constexpr const char* error_message<g::string_close<'"'>> = "unterminated string literal";
template <> inline constexpr const char* error_message<g::array_open> = "expected '<' after 'ARRAY'";
template <> inline constexpr const char* error_message<g::map_open> = "expected '<' after 'MAP'";
template <> inline constexpr const char* error_message<g::struct_open> = "expected '<' after 'STRUCT'";
template <> inline constexpr const char* error_message<g::data_type> = "expected a data type";
template <> inline constexpr const char* error_message<g::kw_null> = "expected 'NULL' after 'NOT'";
template <> inline constexpr const char* error_message<g::string_literal> = "expected a string literal after 'COMMENT'";
template <> inline constexpr const char* error_message<g::struct_field> = "expected a field name";
template <> inline constexpr const char* error_message<g::interval_end> = "expected YEAR, MONTH, DAY, HOUR, MINUTE or SECOND after 'TO'";
template <> inline constexpr const char* error_message<g::integer> = "expected an integer";
template <> inline constexpr const char* error_message<g::params_close> = "expected ')' to close the type parameters";
template <> inline constexpr const char* error_message<g::column> = "expected a column name";
template <> inline constexpr const char* error_message<g::schema_body> = "expected a column name";
template <> inline constexpr const char* error_message<g::schema_end> = "expected ',' or the end of the schema";
template <> inline constexpr const char* error_message<g::type_end> = "expected the end of the data type";

// The closing of a bracket names the bracket and where it was opened.
template <typename Rule> inline constexpr const char* close_message = nullptr;
template <> inline constexpr const char* close_message<g::array_close> = "expected '>' to close 'ARRAY<' at ";
template <> inline constexpr const char* close_message<g::map_close> = "expected '>' to close 'MAP<' at ";
template <> inline constexpr const char* close_message<g::map_comma> = "expected ',' after the key type of 'MAP<' at ";
template <> inline constexpr const char* close_message<g::struct_close> = "expected '>' to close 'STRUCT<' at ";
// clang-format on

template <typename Rule> struct Control : pegtl::normal<Rule> {
    // A data type, and the column list (the top-level struct), each add one level.
    static constexpr bool kCountsDepth =
        std::is_same_v<Rule, g::data_type> || std::is_same_v<Rule, g::column_list>;

    template <typename ParseInput> static void start(const ParseInput& in, State& st) {
        if constexpr (std::is_same_v<Rule, g::block_comment>) {
            st.comment_at = in.current();
        }
        if constexpr (kCountsDepth) {
            if (++st.depth > kMaxNestingDepth) {
                fail(st, in.current(),
                     "nesting deeper than " + std::to_string(kMaxNestingDepth) + " levels");
            }
        }
    }
    template <typename ParseInput> static void success(const ParseInput& /*in*/, State& st) {
        if constexpr (kCountsDepth) {
            --st.depth;
        }
    }
    template <typename ParseInput> static void failure(const ParseInput& /*in*/, State& st) {
        if constexpr (kCountsDepth) {
            --st.depth;
        }
    }

    template <typename ParseInput> [[noreturn]] static void raise(const ParseInput& in, State& st) {
        if constexpr (close_message<Rule> != nullptr) {
            fail(st, in.current(), close_message<Rule> + where(st, st.frames.top().open));
        } else if constexpr (std::is_same_v<Rule, g::block_comment_rest>) {
            // Point at the comment's opening: its end is the end of the input.
            fail(st, st.comment_at, error_message<Rule>);
        } else {
            static_assert(error_message<Rule> != nullptr, "a rule under must<> needs a message");
            fail(st, in.current(), error_message<Rule>);
        }
    }
};

/// Rejects a NUL byte or malformed UTF-8 before parsing: names and comments are printed again
/// (text, JSON), and JSON has no form for them.
void check_text(const State& st) {
    const std::string& text = st.source.text();
    if (const std::optional<BadText> bad = find_bad_text(text)) {
        fail(st, text.data() + bad->at, bad->message());
    }
}

template <typename Grammar> TypePtr run(const SourceFile& source, State& st) {
    check_text(st);
    Input in(source.text().data(), source.text().size(), source.name());
    st.frames.open(Frame::Kind::Top, nullptr);
    pegtl::parse<Grammar, Action, Control>(in, st);
    Frame& top = st.frames.outermost();
    if (!top.types.empty()) {
        return top.types.front();
    }
    return make_struct(std::move(top.fields));
}

} // namespace

TypePtr parse_ddl_schema(const SourceFile& source) {
    State st(source);
    {
        Input in(source.text().data(), source.text().size(), source.name());
        if (pegtl::parse<g::blank, pegtl::nothing, Control>(in, st)) {
            throw SchemaError(source.name(), "empty schema");
        }
    }
    return run<g::schema>(source, st);
}

TypePtr parse_ddl_type(std::string_view text) {
    const SourceFile source("<ddl>", std::string(text));
    State st(source);
    return run<g::type_only>(source, st);
}

} // namespace prune
