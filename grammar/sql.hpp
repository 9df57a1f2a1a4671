#pragma once
/// The SQL subset prune-plan reads, as PEGTL rules and nothing else: the actions that build the
/// AST and the error-message table live in src/sql/parser.cpp.
///
///     SELECT transform(r, x -> x.id) AS ids FROM events e WHERE e.id > 0
///
/// Every token rule consumes the blanks and comments after it (`tok<>`), so each rule starts on
/// the first character of a token and a failure points at the offending token. Alternatives
/// commit on their first token (`must<>` after it), lookaheads (`at<>`) are bounded, and binary
/// operators are flat `star<>` chains, so the parse is linear in the input. Recursion happens
/// only through `expr`, `unary_operand` and `not_operand`; the parser's control counts those to
/// bound the depth.
///
/// Precedence, lowest first (Spark's SqlBaseParser.g4 `booleanExpression` / `valueExpression`):
/// OR; AND; NOT; predicates (IS, IS DISTINCT FROM, IN, BETWEEN, LIKE, RLIKE) after a value;
/// comparison
/// (= == <> != < <= > >= <=>); |; ^; &; + - ||; * / % DIV; unary - + ~; postfix `.f` `[i]`.

#include <array>
#include <cstdint>
#include <string>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

#include "grammar/bracketed_comment.hpp"

namespace prune::grammar::sql {

// The rules below read like the grammar they describe; PEGTL's combinators are the vocabulary.
using namespace tao::pegtl; // NOLINT(google-build-using-namespace)

// ---------------------------------------------------------------------------------------------
// Blanks and comments

/// Raised where a `/*` has no `*/`; the input then sits just after the `/*`.
struct unterminated_comment {};
/// Raised where a quote has no closing quote; the input then sits just after the quote.
struct unterminated_string {};
/// Raised where a backquote has no closing backquote.
struct unterminated_quoted_identifier {};

struct line_comment : seq<two<'-'>, until<eolf>> {};
/// `/* ... */`, nested as in Spark (grammar/bracketed_comment.hpp).
struct block_comment
    : seq<string<'/', '*'>, sor<bracketed_comment_body, raise<unterminated_comment>>> {};
struct blank
    : sor<one<' ', '\t', '\n', '\r', '\f', '\v'>, utf8::one<0xFEFF>, line_comment, block_comment> {
};
/// What separates tokens.
struct skip : star<blank> {};

// ---------------------------------------------------------------------------------------------
// Words

// XML's NameStartChar / NameChar ranges beyond ASCII: letters of every script, no punctuation
// (and not U+FEFF, a blank here).
struct utf8_letter
    : utf8::ranges<0xC0, 0xD6, 0xD8, 0xF6, 0xF8, 0x2FF, 0x370, 0x37D, 0x37F, 0x1FFF, 0x200C, 0x200D,
                   0x2070, 0x218F, 0x2C00, 0x2FEF, 0x3001, 0xD7FF, 0xF900, 0xFDCF, 0xFDF0, 0xFEFE,
                   0xFF00, 0xFFFD, 0x10000, 0xEFFFF> {};
struct utf8_word_mark : utf8::ranges<0xB7, 0xB7, 0x300, 0x36F, 0x203F, 0x2040> {};
struct word_head : sor<ranges<'a', 'z', 'A', 'Z'>, one<'_'>, utf8_letter> {};
struct word_tail
    : sor<ranges<'a', 'z', 'A', 'Z', '0', '9'>, one<'_'>, utf8_letter, utf8_word_mark> {};
/// A bare word: letters, digits and `_`, not starting with a digit.
struct word : seq<word_head, star<word_tail>> {};

/// Marks keyword rules (the parser upper-cases them when it quotes one in a message).
struct keyword_tag {};
/// A case-insensitive keyword that is a whole word.
template <typename Str> struct kw : seq<Str, not_at<word_tail>>, keyword_tag {};

// clang-format off
struct k_all : kw<TAO_PEGTL_ISTRING("all")> {};
struct k_any : kw<TAO_PEGTL_ISTRING("any")> {};
struct k_and : kw<TAO_PEGTL_ISTRING("and")> {};
struct k_anti : kw<TAO_PEGTL_ISTRING("anti")> {};
struct k_as : kw<TAO_PEGTL_ISTRING("as")> {};
struct k_asc : kw<TAO_PEGTL_ISTRING("asc")> {};
struct k_between : kw<TAO_PEGTL_ISTRING("between")> {};
struct k_by : kw<TAO_PEGTL_ISTRING("by")> {};
struct k_case : kw<TAO_PEGTL_ISTRING("case")> {};
struct k_cast : kw<TAO_PEGTL_ISTRING("cast")> {};
struct k_cross : kw<TAO_PEGTL_ISTRING("cross")> {};
struct k_desc : kw<TAO_PEGTL_ISTRING("desc")> {};
struct k_distinct : kw<TAO_PEGTL_ISTRING("distinct")> {};
struct k_div : kw<TAO_PEGTL_ISTRING("div")> {};
struct k_else : kw<TAO_PEGTL_ISTRING("else")> {};
struct k_end : kw<TAO_PEGTL_ISTRING("end")> {};
struct k_except : kw<TAO_PEGTL_ISTRING("except")> {};
struct k_false : kw<TAO_PEGTL_ISTRING("false")> {};
struct k_from : kw<TAO_PEGTL_ISTRING("from")> {};
struct k_full : kw<TAO_PEGTL_ISTRING("full")> {};
struct k_group : kw<TAO_PEGTL_ISTRING("group")> {};
struct k_having : kw<TAO_PEGTL_ISTRING("having")> {};
struct k_in : kw<TAO_PEGTL_ISTRING("in")> {};
struct k_inner : kw<TAO_PEGTL_ISTRING("inner")> {};
struct k_intersect : kw<TAO_PEGTL_ISTRING("intersect")> {};
struct k_interval : kw<TAO_PEGTL_ISTRING("interval")> {};
struct k_is : kw<TAO_PEGTL_ISTRING("is")> {};
struct k_join : kw<TAO_PEGTL_ISTRING("join")> {};
struct k_lateral : kw<TAO_PEGTL_ISTRING("lateral")> {};
struct k_left : kw<TAO_PEGTL_ISTRING("left")> {};
struct k_like : kw<TAO_PEGTL_ISTRING("like")> {};
struct k_ilike : kw<TAO_PEGTL_ISTRING("ilike")> {};
struct k_limit : kw<TAO_PEGTL_ISTRING("limit")> {};
struct k_not : kw<TAO_PEGTL_ISTRING("not")> {};
struct k_null : kw<TAO_PEGTL_ISTRING("null")> {};
struct k_nulls : kw<TAO_PEGTL_ISTRING("nulls")> {};
struct k_on : kw<TAO_PEGTL_ISTRING("on")> {};
struct k_or : kw<TAO_PEGTL_ISTRING("or")> {};
struct k_order : kw<TAO_PEGTL_ISTRING("order")> {};
struct k_outer : kw<TAO_PEGTL_ISTRING("outer")> {};
struct k_over : kw<TAO_PEGTL_ISTRING("over")> {};
struct k_right : kw<TAO_PEGTL_ISTRING("right")> {};
struct k_rlike : kw<TAO_PEGTL_ISTRING("rlike")> {};
struct k_select : kw<TAO_PEGTL_ISTRING("select")> {};
struct k_semi : kw<TAO_PEGTL_ISTRING("semi")> {};
struct k_some : kw<TAO_PEGTL_ISTRING("some")> {};
struct k_then : kw<TAO_PEGTL_ISTRING("then")> {};
struct k_true : kw<TAO_PEGTL_ISTRING("true")> {};
struct k_union : kw<TAO_PEGTL_ISTRING("union")> {};
struct k_view : kw<TAO_PEGTL_ISTRING("view")> {};
struct k_when : kw<TAO_PEGTL_ISTRING("when")> {};
struct k_where : kw<TAO_PEGTL_ISTRING("where")> {};
struct k_with : kw<TAO_PEGTL_ISTRING("with")> {};
struct k_exists : kw<TAO_PEGTL_ISTRING("exists")> {};

/// The reserved words, upper-case and sorted: the words that start or continue a clause, never a
/// bare identifier. Every other word (function names, `first`, `last`, `date`, `filter`) is an
/// ordinary identifier, and backquotes make any word one.
inline constexpr const char* reserved_words[] = {
    "ALL",    "AND",  "ANTI",     "AS",       "ASC",      "BETWEEN", "BY",    "CASE",   "CAST",
    "CROSS",  "DESC", "DISTINCT", "DIV",      "ELSE",     "END",     "EXCEPT", "FALSE", "FROM",
    "FULL",   "GROUP", "HAVING",  "IN",       "INNER",    "INTERSECT", "INTERVAL", "IS", "JOIN",
    "LATERAL", "LEFT", "LIKE",    "LIMIT",    "NOT",      "NULL",    "NULLS", "ON",     "OR",
    "ORDER",  "OUTER", "OVER",    "RIGHT",    "RLIKE",    "SELECT",  "SEMI",  "THEN",   "TRUE",
    "UNION",  "VIEW", "WHEN",     "WHERE",    "WITH"};

/// The reserved words starting with each letter, A to Z: a range of reserved_words (sorted, so
/// they are contiguous). An identifier is compared with those few, not all fifty.
struct ReservedRange {
    std::uint8_t begin = 0;
    std::uint8_t end = 0;
};
inline constexpr std::array<ReservedRange, 26> reserved_by_letter = [] {
    std::array<ReservedRange, 26> out{};
    std::uint8_t i = 0;
    for (const char* word : reserved_words) {
        ReservedRange& range = out[static_cast<std::size_t>(word[0] - 'A')];
        if (range.begin == range.end) {
            range.begin = i;
        } else if (range.end != i) {
            throw "reserved_words must be sorted"; // not a constant expression: a build error
        }
        range.end = static_cast<std::uint8_t>(++i);
    }
    return out;
}();

/// A run of ASCII letters that spells a reserved word (any case). One table lookup instead of
/// fifty keyword attempts: every identifier goes through this check.
struct reserved_letters {
    using rule_t = reserved_letters;
    using subs_t = empty_list;

    template <typename ParseInput> static bool match(ParseInput& in) {
        constexpr std::size_t kLongest = 9; // INTERSECT
        char word[kLongest + 1] = {};
        std::size_t n = 0;
        const std::size_t size = in.size();
        while (n < size) {
            const char c = in.peek_char(n);
            const bool upper = c >= 'A' && c <= 'Z';
            if (!upper && !(c >= 'a' && c <= 'z')) {
                break;
            }
            if (n == kLongest) {
                return false;
            }
            word[n++] = upper ? c : static_cast<char>(c - 'a' + 'A');
        }
        if (n < 2) {
            return false;
        }
        const ReservedRange range = reserved_by_letter[static_cast<std::size_t>(word[0] - 'A')];
        for (std::size_t k = range.begin; k < range.end; ++k) {
            const char* candidate = reserved_words[k];
            // Character by character: `word` holds letters only, so a shorter candidate stops
            // at its NUL. (clang -O2 turned `length(c) == n && compare(c, word, n) == 0` into a
            // memcmp of n bytes before the length test, reading past short literals: ASan.)
            std::size_t i = 0;
            while (i < n && candidate[i] == word[i]) {
                ++i;
            }
            if (i == n && candidate[n] == '\0') {
                in.bump(n);
                return true;
            }
        }
        return false;
    }
};
struct reserved : seq<reserved_letters, not_at<word_tail>> {};

// Ordinary words with a meaning in one place only.
struct k_first : kw<TAO_PEGTL_ISTRING("first")> {};
struct k_last : kw<TAO_PEGTL_ISTRING("last")> {};
struct k_date : kw<TAO_PEGTL_ISTRING("date")> {};
struct k_timestamp : kw<TAO_PEGTL_ISTRING("timestamp")> {};
struct k_timestamp_ntz : kw<TAO_PEGTL_ISTRING("timestamp_ntz")> {};
struct k_timestamp_ltz : kw<TAO_PEGTL_ISTRING("timestamp_ltz")> {};
struct k_to : kw<TAO_PEGTL_ISTRING("to")> {};
struct k_minus : kw<TAO_PEGTL_ISTRING("minus")> {};
struct k_natural : kw<TAO_PEGTL_ISTRING("natural")> {};
struct k_offset : kw<TAO_PEGTL_ISTRING("offset")> {};
struct k_tablesample : kw<TAO_PEGTL_ISTRING("tablesample")> {};
struct k_pivot : kw<TAO_PEGTL_ISTRING("pivot")> {};
struct k_unpivot : kw<TAO_PEGTL_ISTRING("unpivot")> {};
struct k_include : kw<TAO_PEGTL_ISTRING("include")> {};
struct k_exclude : kw<TAO_PEGTL_ISTRING("exclude")> {};
struct k_collate : kw<TAO_PEGTL_ISTRING("collate")> {};
struct k_table : kw<TAO_PEGTL_ISTRING("table")> {};
struct k_of : kw<TAO_PEGTL_ISTRING("of")> {};
struct k_version : kw<TAO_PEGTL_ISTRING("version")> {};
struct k_system_version : kw<TAO_PEGTL_ISTRING("system_version")> {};
struct k_system_time : kw<TAO_PEGTL_ISTRING("system_time")> {};
struct k_escape : kw<TAO_PEGTL_ISTRING("escape")> {};
struct k_filter : kw<TAO_PEGTL_ISTRING("filter")> {};
struct k_try_cast : kw<TAO_PEGTL_ISTRING("try_cast")> {};
struct k_rollup : kw<TAO_PEGTL_ISTRING("rollup")> {};
struct k_cube : kw<TAO_PEGTL_ISTRING("cube")> {};
struct k_grouping : kw<TAO_PEGTL_ISTRING("grouping")> {};
struct k_sets : kw<TAO_PEGTL_ISTRING("sets")> {};
struct k_using : kw<TAO_PEGTL_ISTRING("using")> {};
struct k_values : kw<TAO_PEGTL_ISTRING("values")> {};
struct k_sort : kw<TAO_PEGTL_ISTRING("sort")> {};
struct k_distribute : kw<TAO_PEGTL_ISTRING("distribute")> {};
struct k_cluster : kw<TAO_PEGTL_ISTRING("cluster")> {};
struct k_partition : kw<TAO_PEGTL_ISTRING("partition")> {};
struct k_rows : kw<TAO_PEGTL_ISTRING("rows")> {};
struct k_range : kw<TAO_PEGTL_ISTRING("range")> {};
struct k_unbounded : kw<TAO_PEGTL_ISTRING("unbounded")> {};
struct k_preceding : kw<TAO_PEGTL_ISTRING("preceding")> {};
struct k_following : kw<TAO_PEGTL_ISTRING("following")> {};
struct k_current : kw<TAO_PEGTL_ISTRING("current")> {};
struct k_row : kw<TAO_PEGTL_ISTRING("row")> {};
struct k_window : kw<TAO_PEGTL_ISTRING("window")> {};
struct k_ignore : kw<TAO_PEGTL_ISTRING("ignore")> {};
struct k_respect : kw<TAO_PEGTL_ISTRING("respect")> {};
struct k_within : kw<TAO_PEGTL_ISTRING("within")> {};
// Words of Spark's special call forms (position, trim, substring, overlay) and REGEXP.
struct k_regexp : kw<TAO_PEGTL_ISTRING("regexp")> {};
struct k_position : kw<TAO_PEGTL_ISTRING("position")> {};
struct k_both : kw<TAO_PEGTL_ISTRING("both")> {};
struct k_leading : kw<TAO_PEGTL_ISTRING("leading")> {};
struct k_trailing : kw<TAO_PEGTL_ISTRING("trailing")> {};
struct k_for : kw<TAO_PEGTL_ISTRING("for")> {};
struct k_placing : kw<TAO_PEGTL_ISTRING("placing")> {};
// clang-format on

/// `SORT BY`, `DISTRIBUTE BY`, `CLUSTER BY`: the words are not reserved (a column may be called
/// `sort`), but before BY they start a clause, never an alias.
struct result_clause_head : seq<sor<k_sort, k_distribute, k_cluster>, skip, k_by> {};
/// `WINDOW w AS`: the WINDOW clause, not an alias.
struct identifier;
struct window_clause_head : seq<k_window, skip, identifier, skip, k_as> {};

/// An interval unit, singular or plural (`DAY`, `days`).
template <typename Str> struct unit_word : seq<Str, opt<one<'s', 'S'>>, not_at<word_tail>> {};
struct interval_unit_word
    : sor<unit_word<TAO_PEGTL_ISTRING("year")>, unit_word<TAO_PEGTL_ISTRING("month")>,
          unit_word<TAO_PEGTL_ISTRING("week")>, unit_word<TAO_PEGTL_ISTRING("day")>,
          unit_word<TAO_PEGTL_ISTRING("hour")>, unit_word<TAO_PEGTL_ISTRING("minute")>,
          unit_word<TAO_PEGTL_ISTRING("second")>, unit_word<TAO_PEGTL_ISTRING("millisecond")>,
          unit_word<TAO_PEGTL_ISTRING("microsecond")>> {};

// ---------------------------------------------------------------------------------------------
// Tokens

/// The text of one token; the parser records its span as the last token read.
template <typename Rule> struct token : seq<Rule> {};
/// A token and the blanks after it.
template <typename Rule> struct tok : seq<token<Rule>, skip> {};

/// `` `a b` ``: any text, a doubled backquote stands for one.
struct quoted_identifier : seq<one<'`'>, sor<seq<star<sor<two<'`'>, not_one<'`'>>>, one<'`'>>,
                                             raise<unterminated_quoted_identifier>>> {};
/// A name that is not a reserved word, or any quoted name.
struct identifier : sor<quoted_identifier, seq<not_at<reserved>, word>> {};
/// Any word, reserved or not: a field name after a dot cannot be mistaken for a keyword.
struct field_identifier : sor<quoted_identifier, word> {};

struct ident_tok : tok<identifier> {};

// Single-quoted and double-quoted strings with backslash escapes and doubled quotes.
struct sq_string
    : seq<one<'\''>, sor<seq<star<sor<seq<one<'\\'>, any>, two<'\''>, not_one<'\''>>>, one<'\''>>,
                         raise<unterminated_string>>> {};
struct dq_string
    : seq<one<'"'>, sor<seq<star<sor<seq<one<'\\'>, any>, two<'"'>, not_one<'"'>>>, one<'"'>>,
                        raise<unterminated_string>>> {};
/// `r'C:\dir'`, `R"a\b"` (Spark 3.5+): every character up to the closing quote stands for
/// itself, backslashes included; there is no escape, not even for the quote.
template <char Q>
struct raw_quoted : seq<one<Q>, sor<seq<star<not_one<Q>>, one<Q>>, raise<unterminated_string>>> {};
struct raw_string : seq<one<'r', 'R'>, sor<raw_quoted<'\''>, raw_quoted<'"'>>> {};
/// One quoted string; adjacent ones are concatenated (`'a' 'b'`, `'a' r'\b'`).
struct string_part : sor<raw_string, sq_string, dq_string> {};
struct string_part_tok : tok<string_part> {};
struct string_lit : plus<string_part_tok> {};

// Numbers: `1`, `1L` `1S` `1Y` `1BD`, `1.5`, `.5`, `1e3`, `1.5E-2`, `1.5D`, `1.5F`.
struct digits : plus<digit> {};
struct decimal_digits : sor<seq<digits, one<'.'>, star<digit>>, seq<one<'.'>, digits>> {};
struct exponent : seq<one<'e', 'E'>, opt<one<'+', '-'>>, digits> {};
struct number_suffix
    : sor<TAO_PEGTL_ISTRING("bd"), one<'l', 'L', 's', 'S', 'y', 'Y', 'd', 'D', 'f', 'F'>> {};
/// Where a number runs straight into a letter (`12ab`).
struct number_end : not_at<word_tail> {};
struct number_body : seq<sor<decimal_digits, digits>, opt<exponent>, opt<number_suffix>> {};
struct number : seq<number_body, must<number_end>> {};

// Symbols.
struct lparen : tok<one<'('>> {};
struct rparen : tok<one<')'>> {};
struct comma : tok<one<','>> {};
struct dot : tok<one<'.'>> {};
struct arrow : tok<string<'-', '>'>> {};
struct star_sym : tok<one<'*'>> {};

// ---------------------------------------------------------------------------------------------
// Expressions

struct expr;
struct unary_operand;
struct not_operand;
struct value_chain;

/// Raised where `->` follows something that is not a lambda parameter list.
struct misplaced_arrow {};
/// Raised where a lambda appears outside a function's argument list.
struct misplaced_lambda {};
/// The same, raised at the `->` after the lambda's one parameter name.
struct misplaced_lambda_after_name {};
/// Raised at `SELECT` right after an opening parenthesis.
struct unsupported_subquery {};

/// What starts a subquery expression after its `(`: SELECT, WITH, `VALUES (` or `TABLE t`.
struct subquery_head
    : sor<k_select, k_with, seq<k_values, skip, one<'('>>, seq<k_table, skip, identifier>> {};
struct no_subquery : sor<not_at<subquery_head>, raise<unsupported_subquery>> {};
/// A subquery expression may also be a FROM-first query (not a call's argument: `trim(FROM s)`).
struct subquery_expr_head : sor<subquery_head, k_from> {};

/// The closing parenthesis of any opening one; its message names where that one was.
struct close_paren : tok<one<')'>> {};

// Lambdas: `x -> body`, `(x, y) -> body`. The head is recognised by a bounded lookahead.
struct lambda_paren_params : seq<lparen, ident_tok, star<comma, ident_tok>, rparen> {};
struct lambda_head : seq<sor<lambda_paren_params, ident_tok>, arrow> {};
struct lambda_param : tok<identifier> {};
struct lambda_lparen : tok<one<'('>> {};
struct lambda_rparen : tok<one<')'>> {};
struct lambda_params
    : sor<seq<lambda_lparen, lambda_param, star<comma, lambda_param>, lambda_rparen>,
          lambda_param> {};
struct lambda_body : seq<expr> {};
struct lambda : seq<at<lambda_head>, lambda_params, arrow, must<lambda_body>> {};
/// `(x, y) -> ...` where no lambda may stand (`x -> ...` is caught after the name).
struct misplaced_paren_lambda : seq<at<lambda_paren_params, arrow>, raise<misplaced_lambda>> {};

// Function calls `name([DISTINCT|ALL] args)`, `count(*)`, `count(t.*)`, and names `a`,
// `a.b.c` (one NameRef): both start with an identifier, read once; what follows decides.
struct call_open : tok<one<'('>> {};
struct call_distinct : tok<k_distinct> {};
struct call_all : tok<k_all> {};
struct star_qualifier : tok<identifier> {};
/// A later part of a star's qualifier: a reserved word may name a field (`t.end.*`).
struct star_qualifier_part : tok<field_identifier> {};
struct qualified_star_head : seq<ident_tok, star<dot, tok<field_identifier>>, dot, one<'*'>> {};
/// `t.*`, `s.*`, `t.s.inner.*`: a Star with a qualifier (the analyzer decides whether it names
/// the table or a struct, as Spark's UnresolvedStar.expand does).
struct qualified_star
    : seq<at<qualified_star_head>, star_qualifier, star<dot, star_qualifier_part>, dot, star_sym> {
};
/// `*`: a Star without a qualifier.
struct plain_star : tok<one<'*'>> {};
struct query_head;
/// `* EXCEPT (c, t.c, s.f.g)` (Spark 4's exceptClause; `EXCEPT (SELECT ...)` is a set operation):
/// the columns and fields a star leaves out.
struct star_except_keyword : tok<k_except> {};
struct star_except_open : tok<one<'('>> {};
struct star_except_first : tok<identifier> {};
struct star_except_part : tok<field_identifier> {};
struct star_except_column : seq<star_except_first, star<dot, must<star_except_part>>> {};
struct star_except : seq<at<k_except, skip, one<'('>, skip, not_at<query_head>>,
                         star_except_keyword, star_except_open, must<star_except_column>,
                         star<comma, must<star_except_column>>, must<close_paren>> {};
struct star_expr : seq<sor<qualified_star, plain_star>, opt<star_except>> {};
/// `e AS name` in a call: struct's named fields (the parser checks the call's name).
struct call_alias_keyword : tok<k_as> {};
struct call_alias_name : tok<identifier> {};
struct call_alias : seq<call_alias_keyword, must<call_alias_name>> {};
struct call_arg : sor<lambda, seq<expr, opt<call_alias>>> {};
/// EXTRACT(field FROM source): the field is a word, passed on as a string, as Spark's AstBuilder
/// makes extract('field', source) of it.
struct special_from : tok<k_from> {};
struct special_for : tok<k_for> {};
struct special_placing : tok<k_placing> {};
struct extract_field : tok<identifier> {};
struct extract_from : tok<k_from> {};
struct extract_args : seq<at<extract_field, extract_from>, extract_field, extract_from, must<expr>,
                          opt<special_for, must<expr>>> {};
/// Spark's special call forms, whose words are checked against the call's name by the parser
/// (which renames the call to the function Spark's AstBuilder builds):
///   trim([BOTH | LEADING | TRAILING] [chars] FROM str)    -> trim / ltrim / rtrim
///   substring(str FROM pos [FOR len]), substr(...)        -> substring
///   overlay(input PLACING replace FROM pos [FOR len])     -> overlay
/// A trim option is a word only before FROM or the start of a value (`trim(both)` reads a
/// column called both).
struct string_start;
struct trim_option : tok<sor<k_both, k_leading, k_trailing>> {};
struct trim_option_head : seq<sor<k_both, k_leading, k_trailing>, skip,
                              sor<k_from, string_start, digit, one<'(', '-', '+'>, identifier>> {};
struct trim_chars : seq<expr> {};
struct trim_option_args : seq<at<trim_option_head>, trim_option, opt<not_at<k_from>, trim_chars>,
                              must<special_from>, must<expr>> {};
struct special_tail : sor<seq<special_from, must<expr>, opt<special_for, must<expr>>>,
                          seq<special_placing, must<expr>, must<special_from>, must<expr>,
                              opt<special_for, must<expr>>>> {};
struct call_args : sor<at<one<')'>>, star_expr, trim_option_args, extract_args,
                       seq<at<k_from>, special_from, must<expr>>,
                       seq<list<call_arg, comma>, opt<special_tail>>> {};
// Windows: `f(args) [IGNORE | RESPECT NULLS] OVER w`, `OVER (w)` or `OVER ([PARTITION BY e,
// ...] [ORDER BY k, ...] [frame])` (Spark's windowSpec; DISTRIBUTE BY and SORT BY are its other
// names for PARTITION BY and ORDER BY).
struct window_order_item;
struct ignore_nulls : tok<k_ignore> {};
struct respect_nulls : tok<k_respect> {};
struct call_nulls_option : seq<at<sor<k_ignore, k_respect>, skip, k_nulls>,
                               sor<ignore_nulls, respect_nulls>, tok<k_nulls>> {};
struct over_keyword : tok<k_over> {};
struct window_ref : tok<identifier> {};
struct window_open : tok<one<'('>> {};
struct window_by : tok<k_by> {};
struct window_partition_item : seq<expr> {};
struct window_partition
    : seq<at<sor<k_partition, k_distribute>, skip, k_by>, tok<sor<k_partition, k_distribute>>,
          window_by, must<window_partition_item>, star<comma, must<window_partition_item>>> {};
struct window_order
    : seq<at<sor<k_order, k_sort>, skip, k_by>, tok<sor<k_order, k_sort>>, window_by,
          must<window_order_item>, star<comma, must<window_order_item>>> {};
struct frame_rows : tok<k_rows> {};
struct frame_range : tok<k_range> {};
struct bound_unbounded : tok<k_unbounded> {};
struct bound_current : tok<k_current> {};
struct bound_row : tok<k_row> {};
struct bound_preceding : tok<k_preceding> {};
struct bound_following : tok<k_following> {};
struct bound_direction : sor<bound_preceding, bound_following> {};
struct bound_value : seq<expr> {};
/// `UNBOUNDED PRECEDING|FOLLOWING`, `CURRENT ROW`, `e PRECEDING|FOLLOWING`.
struct frame_bound : sor<seq<at<k_unbounded, skip, sor<k_preceding, k_following>>, bound_unbounded,
                             bound_direction>,
                         seq<at<k_current, skip, k_row>, bound_current, bound_row>,
                         seq<bound_value, must<bound_direction>>> {};
struct frame_between : tok<k_between> {};
struct frame_and : tok<k_and> {};
struct window_frame
    : seq<sor<frame_rows, frame_range>,
          sor<seq<frame_between, must<frame_bound>, must<frame_and>, must<frame_bound>>,
              must<frame_bound>>> {};
struct window_base : seq<not_at<sor<k_partition, k_distribute, k_order, k_sort, k_rows, k_range>>,
                         tok<identifier>> {};
struct window_spec_body : seq<opt<window_base>, opt<window_partition>, opt<window_order>,
                              opt<window_frame>, must<close_paren>> {};
struct window_spec_start : success {};
struct window_spec : seq<window_spec_start, sor<seq<window_open, window_spec_body>, window_ref>> {};
struct window_over : seq<over_keyword, must<window_spec>> {};
// `FILTER (WHERE cond)` after an aggregate's arguments. FILTER is an ordinary word (`filter` is
// also a function and may be an alias); only `FILTER (` makes it the clause.
struct filter_keyword : tok<k_filter> {};
struct filter_open : tok<one<'('>> {};
struct filter_where : tok<k_where> {};
struct filter_condition : seq<expr> {};
struct call_filter : seq<at<k_filter, skip, one<'('>>, filter_keyword, filter_open,
                         must<filter_where>, must<filter_condition>, must<close_paren>> {};
// `WITHIN GROUP (ORDER BY k [ASC | DESC] [NULLS FIRST | LAST], ...)` after an aggregate's
// arguments (Spark 4: percentile_cont, percentile_disc, mode, listagg). WITHIN is an ordinary
// word; only `WITHIN GROUP` makes it the clause.
struct within_keyword : tok<k_within> {};
struct within_group_keyword : tok<k_group> {};
struct within_open : tok<one<'('>> {};
struct within_order : tok<k_order> {};
struct within_by : tok<k_by> {};
struct within_group_item;
struct call_within_group
    : seq<at<k_within, skip, k_group>, within_keyword, within_group_keyword, must<within_open>,
          must<within_order>, must<within_by>, must<within_group_item>,
          star<comma, must<within_group_item>>, must<close_paren>> {};
/// After the function's name.
struct call_rest
    : seq<call_open, no_subquery, opt<sor<call_distinct, call_all>>, call_args, must<close_paren>,
          opt<call_within_group>, opt<call_filter>, opt<call_nulls_option>, opt<window_over>> {};

// A reserved word may name a field right after the dot (`t.end`, `r.from`: common field
// names); after blanks it may not, so `a. FROM t` reads as a missing field name, not as a
// field called FROM.
struct name_first : tok<identifier> {};
struct name_dot : seq<token<one<'.'>>> {};
struct field_part : sor<tok<field_identifier>, seq<plus<blank>, tok<identifier>>> {};
struct name_part : field_part {};
/// After the first part of a name.
struct name_rest : star<name_dot, must<name_part>> {};
struct lambda_after_name : seq<at<arrow>, raise<misplaced_lambda_after_name>> {};
struct name_or_call : seq<name_first, sor<call_rest, lambda_after_name, name_rest>> {};
/// `left(` and `right(`: Spark's functions, although the words are reserved (joins). Tried
/// after name_or_call, which a reserved word fails at once, so that names pay nothing.
struct keyword_function : sor<k_left, k_right, k_rlike> {};
struct keyword_call : seq<at<keyword_function, skip, one<'('>>, tok<keyword_function>, call_rest> {
};
/// `position(substr IN str)` (Spark: StringLocate(substr, str), named locate): its first
/// argument is a value, not a predicate, so that IN is not read as an IN list; the function
/// form `position(substr, str[, start])` takes a value first too.
struct position_word : tok<k_position> {};
struct position_in : tok<k_in> {};
struct position_first : seq<value_chain> {};
struct position_args
    : sor<at<one<')'>>, seq<position_first, sor<seq<position_in, must<value_chain>>,
                                                star<comma, must<call_arg>>>>> {};
struct position_call_rest : seq<call_open, no_subquery, position_args, must<close_paren>> {};
struct position_call : seq<at<k_position, skip, one<'('>>, position_word, position_call_rest> {};

// Parentheses.
struct paren_open : tok<one<'('>> {};
/// `, e2, ...` after a parenthesis's first expression: Spark's row constructor `(e1, e2, ...)`.
/// `e AS name` in a row constructor: the struct's field name.
struct row_alias_keyword : tok<k_as> {};
struct row_alias_name : tok<identifier> {};
struct row_alias : seq<row_alias_keyword, must<row_alias_name>> {};
struct row_rest : plus<comma, must<expr>, opt<row_alias>> {};
struct paren_expr
    : seq<paren_open, no_subquery, must<expr>, opt<row_alias>, opt<row_rest>, must<close_paren>> {};

// Literals.
struct string_literal : seq<string_lit> {};
struct number_literal : tok<number> {};
struct null_literal : tok<k_null> {};
struct true_literal : tok<k_true> {};
struct false_literal : tok<k_false> {};
/// Where a string literal starts: a quote, or the `r` of a raw string.
struct string_start : seq<opt<one<'r', 'R'>>, one<'\'', '"'>> {};
struct typed_type_word : sor<k_date, k_timestamp, k_timestamp_ntz, k_timestamp_ltz> {};
struct typed_head : seq<typed_type_word, skip, string_start> {};
struct typed_keyword : tok<typed_type_word> {};
/// `DATE '2024-01-01'`, `TIMESTAMP '...'`, `TIMESTAMP_NTZ '...'`, `TIMESTAMP_LTZ '...'`: the
/// word is a type only before a string.
struct typed_literal : seq<at<typed_head>, typed_keyword, string_lit> {};
/// `X'0A'`: hex digits in a single-quoted string right after the X.
struct binary_literal : seq<at<one<'x', 'X'>, one<'\''>>, tok<seq<one<'x', 'X'>, sq_string>>> {};

// `INTERVAL '1' DAY`, `INTERVAL 3 HOURS`, `INTERVAL '1-2' YEAR TO MONTH`, `INTERVAL '1 day'`.
struct interval_keyword : tok<k_interval> {};
struct interval_string : seq<string_lit> {};
struct interval_number : tok<seq<opt<one<'-'>>, digits, opt<one<'.'>, digits>, not_at<word_tail>>> {
};
struct interval_unit : tok<interval_unit_word> {};
struct interval_to : tok<k_to> {};
struct interval_unit_to : tok<interval_unit_word> {};
struct interval_units : seq<interval_unit, opt<interval_to, must<interval_unit_to>>> {};
/// A further `number unit` of a multi-unit interval (`INTERVAL 1 DAY 2 HOURS`).
struct interval_more_number
    : tok<seq<opt<one<'-'>>, digits, opt<one<'.'>, digits>, not_at<word_tail>>> {};
struct interval_more_unit : tok<interval_unit_word> {};
struct interval_more
    : seq<at<interval_more_number, interval_more_unit>, interval_more_number, interval_more_unit> {
};
struct interval_body : sor<seq<interval_string, opt<interval_units>>,
                           seq<interval_number, must<interval_units>, star<interval_more>>> {};
struct interval_literal : seq<interval_keyword, must<interval_body>> {};

// CASE [operand] WHEN w THEN t ... [ELSE e] END.
struct case_keyword : tok<k_case> {};
struct case_operand : seq<expr> {};
struct when_keyword : tok<k_when> {};
struct then_keyword : tok<k_then> {};
struct else_keyword : tok<k_else> {};
struct when_clause : seq<when_keyword, must<expr>, must<then_keyword>, must<expr>> {};
struct else_clause : seq<else_keyword, must<expr>> {};
struct case_end : tok<k_end> {};
struct case_expr : seq<case_keyword, opt<not_at<k_when>, must<case_operand>>, must<when_clause>,
                       star<when_clause>, opt<else_clause>, must<case_end>> {};

// CAST(e AS type). The type is kept as text: a name (possibly several words, `interval day to
// second`), optional `(n[, m])`, optional balanced `<...>`.

/// A balanced `<...>` scanned without recursion (quotes and backquotes may hide brackets).
struct angle_block {
    using rule_t = angle_block;
    using subs_t = empty_list;

    template <typename ParseInput> static bool match(ParseInput& in) {
        if (in.empty() || in.peek_char() != '<') {
            return false;
        }
        std::size_t depth = 0;
        std::size_t i = 0;
        const std::size_t size = in.size(); // a memory input sees all of its text
        while (i < size) {
            const char c = in.peek_char(i);
            if (c == '\'' || c == '"' || c == '`') {
                ++i;
                while (i < size && in.peek_char(i) != c) {
                    i += (in.peek_char(i) == '\\' && c != '`') ? 2U : 1U;
                }
                if (i >= size) {
                    return false;
                }
            } else if (c == '<' || c == '(') {
                ++depth;
            } else if (c == '>' || c == ')') {
                if (--depth == 0) {
                    if (c != '>') {
                        return false;
                    }
                    in.bump(i + 1);
                    return true;
                }
            }
            ++i;
        }
        return false;
    }
};
/// Raised where a `<` in a CAST type has no matching `>`.
struct unbalanced_type {};
struct type_params
    : seq<one<'('>, skip, digits, skip, opt<one<','>, skip, digits, skip>, one<')'>> {};
/// What may follow a type's name: `(n[, m])`, then `<...>`.
struct type_suffix
    : seq<opt<seq<skip, type_params>>,
          opt<seq<skip, sor<angle_block, seq<at<one<'<'>>, raise<unbalanced_type>>>>>> {};
struct type_core : seq<word, star<seq<skip, not_at<reserved>, word>>, type_suffix> {};
struct type_text : seq<type_core, skip> {};
struct cast_keyword : tok<k_cast> {};
struct cast_open : tok<one<'('>> {};
struct cast_as : tok<k_as> {};
/// `e AS type)` after `CAST(` or `TRY_CAST(`.
struct cast_body : seq<must<expr>, must<cast_as>, must<type_text>, must<close_paren>> {};
struct cast_expr : seq<cast_keyword, must<cast_open>, cast_body> {};
// `TRY_CAST(e AS type)`: an ordinary word (a column may be called try_cast) unless a `(` follows.
struct try_cast_keyword : tok<k_try_cast> {};
struct try_cast_expr : seq<at<k_try_cast, skip, one<'('>>, try_cast_keyword, cast_open, cast_body> {
};

// Subquery expressions: `(SELECT ...)` as a value, `EXISTS (SELECT ...)` (EXISTS is an ordinary
// word, the higher-order function's name, unless a query follows its parenthesis), and `IN
// (SELECT ...)` below. The query is read as a FROM subquery's is, on the parser's query stacks.
struct query;
struct subquery_expr_open : tok<one<'('>> {};
struct subquery_expr_body : seq<subquery_expr_open, must<query>, must<close_paren>> {};
struct scalar_subquery : seq<at<one<'('>, skip, subquery_expr_head>, subquery_expr_body> {};
struct exists_keyword : tok<k_exists> {};
struct exists_subquery : seq<at<k_exists, skip, one<'('>, skip, subquery_expr_head>, exists_keyword,
                             subquery_expr_body> {};

/// A value without operators; the order of the alternatives settles the ambiguous words
/// (`date '...'`, `x'..'`, `f(`, `x ->`).
/// Spark's parameter markers (`:name`, `?`), which an API caller binds to values: a query file
/// has none to give (README, "Not supported").
struct unsupported_parameter_marker {};
struct parameter_marker : seq<at<sor<seq<one<':'>, sor<alpha, one<'_'>>>, one<'?'>>>,
                              raise<unsupported_parameter_marker>> {};
struct primary : sor<parameter_marker, misplaced_paren_lambda, scalar_subquery, exists_subquery,
                     paren_expr, string_literal, number_literal, null_literal, true_literal,
                     false_literal, case_expr, cast_expr, try_cast_expr, interval_literal,
                     typed_literal, binary_literal, position_call, name_or_call, keyword_call> {};

// `e::type` (Spark 4: `primaryExpression DOUBLE_COLON dataType #castByColon`, a postfix like
// `.f` and `[i]`). The type is one word with its suffix, or an interval type: a word after the
// type is an alias (`a::int x`), not part of the type as in CAST(... AS ...).
struct colon_interval_type : seq<k_interval, star<skip, sor<interval_unit_word, k_to>>> {};
struct colon_type_core : seq<sor<colon_interval_type, seq<not_at<reserved>, word>>, type_suffix> {};
struct colon_type : seq<colon_type_core, skip> {};
struct colon_cast_op : tok<two<':'>> {};
struct colon_cast : seq<colon_cast_op, must<colon_type>> {};

// Postfix: `.field`, `[index]` and `::type` after any primary.
struct field_dot : seq<token<one<'.'>>> {};
struct field_name : field_part {};
struct field_access : seq<field_dot, must<field_name>> {};
struct subscript_open : tok<one<'['>> {};
struct subscript_close : tok<one<']'>> {};
struct subscript : seq<subscript_open, must<expr>, must<subscript_close>> {};
struct no_arrow : sor<not_at<arrow>, raise<misplaced_arrow>> {};
/// `e COLLATE name`: Spark 4's collations, which change how strings compare; not modelled.
struct unsupported_collate {};
struct no_collate : sor<not_at<k_collate, skip, identifier>, raise<unsupported_collate>> {};
struct postfix_expr
    : seq<primary, star<sor<field_access, subscript, colon_cast>>, no_arrow, no_collate> {};

// Unary - + ~ (bind tighter than every binary operator).
struct unary_op : tok<sor<one<'~', '+'>, seq<one<'-'>, not_at<one<'>'>>>>> {};
struct unary_apply : seq<unary_op, must<unary_operand>> {};
struct unary_expr : sor<unary_apply, postfix_expr> {};
struct unary_operand : seq<unary_expr> {};

/// Marks where a chain of binary operators starts.
struct chain_start : success {};

// Binary operators of a valueExpression, longest first where one is a prefix of another.
struct value_op
    : tok<sor<string<'<', '=', '>'>, string<'<', '='>, string<'<', '>'>, two<'<'>, one<'<'>,
              string<'>', '>', '>'>, two<'>'>, string<'>', '='>, one<'>'>, two<'='>, one<'='>,
              string<'!', '='>, two<'|'>, one<'|'>, one<'^'>, one<'&'>, one<'+'>,
              seq<one<'-'>, not_at<one<'>'>>>, one<'*'>, one<'/'>, one<'%'>, k_div>> {};
/// Arithmetic, bitwise and comparison operators; the parser applies the precedence.
struct value_chain : seq<chain_start, must<unary_expr>, star<value_op, must<unary_expr>>> {};

// Predicates after a value.
struct is_keyword : tok<k_is> {};
struct is_not : tok<k_not> {};
struct is_null : tok<k_null> {};
struct is_true : tok<k_true> {};
struct is_false : tok<k_false> {};
struct is_distinct_keyword : tok<k_distinct> {};
struct is_distinct_from_keyword : tok<k_from> {};
/// `DISTINCT FROM value` (Spark: `IS NOT? DISTINCT FROM right=valueExpression`).
struct is_distinct_from
    : seq<is_distinct_keyword, must<is_distinct_from_keyword>, must<value_chain>> {};
struct is_target : sor<is_null, is_true, is_false, is_distinct_from> {};
struct is_predicate : seq<is_keyword, opt<is_not>, must<is_target>> {};
struct in_keyword : tok<k_in> {};
struct in_open : tok<one<'('>> {};
struct in_list : seq<in_open, no_subquery, must<expr>, star<comma, must<expr>>, must<close_paren>> {
};
/// `IN (SELECT ...)`: a query instead of a list.
struct in_subquery : seq<at<one<'('>, skip, subquery_expr_head>, subquery_expr_body> {};
struct in_values : sor<in_subquery, in_list> {};
struct in_predicate : seq<in_keyword, must<in_values>> {};
struct between_keyword : tok<k_between> {};
struct between_and : tok<k_and> {};
struct between_predicate
    : seq<between_keyword, must<value_chain>, must<between_and>, must<value_chain>> {};
/// A keyword that starts one of the clauses after FROM's table.
struct later_clause : sor<k_where, k_group, k_having, k_order, k_limit, k_offset,
                          result_clause_head, window_clause_head> {};
struct like_keyword : tok<k_like> {};
/// `REGEXP` is Spark's other name for RLIKE; a non-reserved word, so before what ends a select
/// item or clause it is an alias.
struct regexp_head
    : seq<k_regexp, skip, not_at<sor<one<',', ')'>, k_from, later_clause, k_as, eof>>> {};
struct rlike_keyword : sor<tok<k_rlike>, seq<at<regexp_head>, tok<k_regexp>>> {};
/// `ILIKE` is a non-reserved word: before what ends a select item or clause it is an alias.
struct ilike_head
    : seq<k_ilike, skip, not_at<sor<one<',', ')'>, k_from, later_clause, k_as, eof>>> {};
struct ilike_keyword : seq<at<ilike_head>, tok<k_ilike>> {};
/// Raised at `ESCAPE 'c'` after an RLIKE pattern (Spark's grammar has ESCAPE for LIKE only).
struct misplaced_escape {};
struct escape_keyword : tok<k_escape> {};
/// The escape character: one string token (Spark: `escapeChar=stringLit`), checked to hold
/// one character by the analyzer.
struct escape_string : tok<string_part> {};
/// `ESCAPE` is a non-reserved word: before `,`, FROM or the end it is a select alias.
struct escape_head : seq<k_escape, skip, not_at<sor<one<','>, k_from, eof>>> {};
struct like_escape : seq<at<escape_head>, escape_keyword, must<escape_string>> {};
struct no_rlike_escape : sor<not_at<k_escape, skip, string_start>, raise<misplaced_escape>> {};
/// `ANY (`, `SOME (` or `ALL (` after LIKE or ILIKE quantifies a list of patterns. Spark's
/// grammar tries this form first, so `LIKE any(p)` is LIKE ANY, not the aggregate `any`.
struct like_quantifier
    : seq<at<sor<k_any, k_some, k_all>, skip, one<'('>>, tok<sor<k_any, k_some, k_all>>> {};
/// Raised at `()`: a quantified LIKE needs at least one pattern.
struct empty_like_patterns {};
struct like_patterns : seq<in_open, sor<not_at<one<')'>>, raise<empty_like_patterns>>, no_subquery,
                           must<expr>, star<comma, must<expr>>, must<close_paren>> {};
/// A pattern, or a quantifier and its patterns.
struct like_operand
    : sor<seq<like_quantifier, must<like_patterns>>, seq<must<value_chain>, opt<like_escape>>> {};
/// `[NOT] LIKE pattern [ESCAPE 'c']`, `[NOT] ILIKE pattern [ESCAPE 'c']`, `[NOT] RLIKE pattern`,
/// `[NOT] LIKE|ILIKE ANY|SOME|ALL (pattern, ...)`.
struct like_predicate : sor<seq<like_keyword, like_operand>, seq<ilike_keyword, like_operand>,
                            seq<rlike_keyword, must<value_chain>, no_rlike_escape>> {};
struct negatable_predicate : sor<in_predicate, between_predicate, like_predicate> {};
struct predicate_not : tok<k_not> {};
struct negated_predicate : seq<predicate_not, must<negatable_predicate>> {};
struct predicate : sor<is_predicate, negated_predicate, negatable_predicate> {};
struct predicated : seq<value_chain, opt<predicate>> {};

// NOT / ! (a prefix of a boolean expression).
struct not_op : tok<sor<k_not, seq<one<'!'>, not_at<one<'='>>>>> {};
struct not_apply : seq<not_op, must<not_operand>> {};
struct not_expr : sor<not_apply, predicated> {};
struct not_operand : seq<not_expr> {};

struct bool_op : tok<sor<k_and, k_or>> {};
/// An expression: boolean operands joined by AND and OR.
struct expr : seq<chain_start, must<not_expr>, star<bool_op, must<not_expr>>> {};

// ---------------------------------------------------------------------------------------------
// The SELECT statement

/// Raised at a construct prune-plan recognises but does not handle yet.
struct unsupported_lateral_view {};
struct unsupported_tablesample {};
struct unsupported_table_function {};
/// Raised at a LIMIT after OFFSET: Spark's grammar has them the other way round.
struct limit_after_offset {};

/// `/*+` opens a hint after SELECT (elsewhere it is a comment like any other).
struct hint_start : string<'/', '*', '+'> {};
/// Blanks and comments up to a hint.
struct hint_blanks : star<not_at<hint_start>, blank> {};
struct select_keyword : seq<token<k_select>, hint_blanks> {};
/// `/*+ NAME, NAME(arg, ...) ... */` after SELECT (Spark's hint: statements separated by
/// commas or blanks, each arguments a primary expression).
struct hint_open_comment : seq<token<hint_start>, skip> {};
struct hint_name : tok<identifier> {};
struct hint_open : tok<one<'('>> {};
struct hint_arg : seq<expr> {};
struct hint_statement
    : seq<hint_name,
          opt<hint_open, must<hint_arg>, star<comma, must<hint_arg>>, must<close_paren>>> {};
struct hint_end : seq<token<string<'*', '/'>>, hint_blanks> {};
struct hint : seq<hint_open_comment, must<hint_statement>, star<opt<comma>, hint_statement>,
                  must<hint_end>> {};
struct select_distinct : tok<k_distinct> {};
struct select_all : tok<k_all> {};
struct as_keyword : tok<k_as> {};
/// After AS, Spark's default grammar (reserved keywords not enforced) takes a keyword for the
/// name, `window.end AS end`, but for the words that begin what may follow a select item.
struct alias_stop_word : sor<kw<TAO_PEGTL_ISTRING("anti")>, kw<TAO_PEGTL_ISTRING("as")>,
                             kw<TAO_PEGTL_ISTRING("by")>, kw<TAO_PEGTL_ISTRING("cross")>,
                             kw<TAO_PEGTL_ISTRING("except")>, kw<TAO_PEGTL_ISTRING("from")>,
                             kw<TAO_PEGTL_ISTRING("full")>, kw<TAO_PEGTL_ISTRING("group")>,
                             kw<TAO_PEGTL_ISTRING("having")>, kw<TAO_PEGTL_ISTRING("inner")>,
                             kw<TAO_PEGTL_ISTRING("intersect")>, kw<TAO_PEGTL_ISTRING("join")>,
                             kw<TAO_PEGTL_ISTRING("lateral")>, kw<TAO_PEGTL_ISTRING("left")>,
                             kw<TAO_PEGTL_ISTRING("limit")>, kw<TAO_PEGTL_ISTRING("on")>,
                             kw<TAO_PEGTL_ISTRING("order")>, kw<TAO_PEGTL_ISTRING("outer")>,
                             kw<TAO_PEGTL_ISTRING("over")>, kw<TAO_PEGTL_ISTRING("right")>,
                             kw<TAO_PEGTL_ISTRING("select")>, kw<TAO_PEGTL_ISTRING("semi")>,
                             kw<TAO_PEGTL_ISTRING("union")>, kw<TAO_PEGTL_ISTRING("view")>,
                             kw<TAO_PEGTL_ISTRING("where")>, kw<TAO_PEGTL_ISTRING("with")>> {};
struct as_identifier : sor<quoted_identifier, seq<not_at<alias_stop_word>, word>> {};
struct alias_name : tok<as_identifier> {};
struct alias
    : sor<seq<as_keyword, must<alias_name>>,
          seq<not_at<sor<reserved, result_clause_head, seq<k_using, skip, one<'\'', '"'>>>>,
              alias_name>> {};
/// `gen(...) AS (a, b)` (AS optional, as in Spark's namedExpression): a generator's columns.
struct multi_alias_open : tok<one<'('>> {};
struct multi_alias_name : tok<identifier> {};
struct multi_alias : seq<opt<as_keyword>, multi_alias_open, must<multi_alias_name>,
                         star<comma, must<multi_alias_name>>, must<close_paren>> {};
struct select_expr : seq<expr, opt<sor<multi_alias, alias>>> {};
/// Raised at an alias after `*` or `s.*`: a star is several columns (Spark: "Invalid usage
/// of '*'"), so no one name fits it.
struct aliased_star {};
struct star_item : seq<star_expr, sor<not_at<sor<k_as, identifier>>, raise<aliased_star>>> {};
struct select_item : sor<star_item, select_expr> {};
struct select_list : seq<must<select_item>, star<comma, must<select_item>>> {};

// FROM: items joined by commas, each a primary followed by its joins (Spark's relation:
// relationPrimary joinRelation*). A join takes the item before it as its left input.
struct join_keyword : sor<k_join, k_inner, k_left, k_right, k_full, k_cross, k_semi, k_anti> {};
/// A comma or a join keyword; NATURAL only before a join keyword (else it is an alias).
struct join_head : sor<one<','>, join_keyword, seq<k_natural, skip, join_keyword>> {};
/// LATERAL before anything but a generator call (`LATERAL (subquery)`) is not accepted yet;
/// `LATERAL VIEW` after a FROM item ends the item (it follows the FROM list).
struct no_lateral
    : sor<not_at<k_lateral>, at<k_lateral, skip, k_view>, raise<unsupported_lateral_view>> {};
/// `TABLESAMPLE (10 PERCENT)`, `(BUCKET 1 OUT OF 4)`, `(100 ROWS)`, then `REPEATABLE (seed)`:
/// Spark's Sample (a Limit for ROWS). Byte lengths (`100M`) and `BUCKET ... ON c` are refused,
/// as Spark refuses them.
struct sample_percent : seq<opt<one<'-'>>, sor<decimal_digits, digits>, skip,
                            kw<TAO_PEGTL_ISTRING("percent")>, skip> {};
struct sample_integer : tok<digits> {};
struct bucket_numerator : sample_integer {};
struct bucket_denominator : sample_integer {};
struct sample_seed_value : sample_integer {};
struct bucket_out_of : seq<tok<kw<TAO_PEGTL_ISTRING("out")>>, tok<kw<TAO_PEGTL_ISTRING("of")>>> {};
struct sample_bucket
    : seq<tok<kw<TAO_PEGTL_ISTRING("bucket")>>, must<bucket_numerator>, must<bucket_out_of>,
          must<bucket_denominator>, sor<not_at<k_on>, raise<unsupported_tablesample>>> {};
struct sample_rows : seq<expr, tok<k_rows>> {};
/// `100M`: Spark's byte length literal.
struct sample_bytes : seq<digits, one<'b', 'B', 'k', 'K', 'm', 'M', 'g', 'G'>, not_at<word_tail>> {
};
struct sample_method : sor<sample_percent, sample_bucket, seq<not_at<sample_bytes>, sample_rows>,
                           raise<unsupported_tablesample>> {};
struct sample_open : tok<one<'('>> {};
struct seed_open : tok<one<'('>> {};
struct sample_seed : seq<tok<kw<TAO_PEGTL_ISTRING("repeatable")>>, must<seed_open>,
                         must<sample_seed_value>, must<close_paren>> {};
struct table_sample : seq<tok<k_tablesample>, must<sample_open>, must<sample_method>,
                          must<close_paren>, opt<sample_seed>> {};
struct no_tablesample : sor<not_at<k_tablesample, skip, one<'('>>, raise<unsupported_tablesample>> {
};
/// What starts a PIVOT or UNPIVOT clause after a FROM item (never its alias).
struct pivot_ahead
    : sor<seq<k_pivot, skip, one<'('>>, seq<k_unpivot, skip, sor<one<'('>, k_include, k_exclude>>> {
};
struct no_table_function : sor<not_at<one<'('>>, raise<unsupported_table_function>> {};
/// `t`, `db.t`, `cat.db.t`: the first part, then each further one.
struct table_name_first : tok<identifier> {};
struct table_name_part : tok<identifier> {};
struct table_name : seq<table_name_first, star<name_dot, skip, must<table_name_part>>> {};
/// What may follow a FROM item: the end, a later clause, a join, or a construct rejected there.
struct table_follower
    : sor<eof, one<')'>, later_clause, k_union, k_intersect, k_except, k_minus, join_head, k_on,
          seq<k_using, skip, one<'('>>, k_lateral, k_tablesample, k_pivot, k_unpivot> {};
/// OFFSET is not reserved (`offset` is a common column name), so `FROM t offset` names the
/// table `offset`; followed by anything but what may follow a table, it starts the OFFSET
/// clause instead (`FROM t OFFSET 5`), the one reading that parses, as Spark's parser finds.
/// MINUS, NATURAL and USING are not reserved either: before what they start, they are not an
/// alias.
struct offset_ahead : seq<k_offset, skip, not_at<table_follower>> {};
struct not_alias_word
    : sor<offset_ahead, seq<k_minus, skip, sor<one<'('>, k_select, k_all, k_distinct>>,
          seq<k_natural, skip, join_keyword>, seq<k_using, skip, one<'('>>, result_clause_head,
          window_clause_head, pivot_ahead> {};
struct table_alias_name : tok<identifier> {};
struct alias_column : tok<identifier> {};
struct alias_columns_open : tok<one<'('>> {};
/// `(c1, c2)` after an alias: the item's columns renamed in order.
struct alias_columns : seq<alias_columns_open, must<alias_column>, star<comma, must<alias_column>>,
                           must<close_paren>> {};
struct table_alias : seq<sor<seq<as_keyword, must<table_alias_name>>,
                             seq<not_at<not_alias_word>, table_alias_name>>,
                         opt<alias_columns>> {};
/// `t VERSION AS OF v`, `t TIMESTAMP AS OF ts` (also FOR SYSTEM_VERSION / SYSTEM_TIME): another
/// version of a table, whose schema --schema would have to give; refused.
struct unsupported_time_travel {};
struct no_time_travel
    : sor<not_at<opt<k_for, skip>, sor<k_version, k_system_version, k_timestamp, k_system_time>,
                 skip, k_as, skip, k_of>,
          raise<unsupported_time_travel>> {};
struct table_ref : seq<table_name, no_table_function, no_time_travel, opt<table_sample>,
                       opt<table_alias>, no_tablesample, no_lateral> {};

struct query;
/// What starts a query, looked ahead for after `(`: SELECT, WITH, VALUES, TABLE t, FROM, or
/// another `(` of one.
struct query_head : sor<k_select, k_with, k_values, k_from, seq<k_table, skip, identifier>,
                        seq<one<'('>, skip, query_head>> {};
struct subquery_open : tok<one<'('>> {};
/// `(query) [alias [(c1, c2)]]`.
struct subquery_ref : seq<at<one<'('>, skip, query_head>, subquery_open, must<query>,
                          must<close_paren>, opt<table_sample>, opt<table_alias>, no_tablesample> {
};

/// `VALUES (1, 'a'), (2, 'b') [alias [(c1, c2)]]`; a row of one value may drop its parentheses.
struct values_keyword : tok<k_values> {};
struct values_row_open : tok<one<'('>> {};
struct values_row_mark : success {};
struct values_row : sor<seq<values_row_open, values_row_mark, must<expr>, star<comma, must<expr>>,
                            must<close_paren>>,
                        seq<values_row_mark, expr>> {};
struct values_ref
    : seq<values_keyword, must<values_row>, star<comma, must<values_row>>, opt<table_alias>> {};

/// A generator call read in FROM (LATERAL VIEW, LATERAL, a table-valued function).
struct lateral_generator : seq<expr> {};

struct from_item;
struct join_chain;
/// `(a JOIN b)`: a parenthesised join chain.
struct paren_relation_open : tok<one<'('>> {};
struct paren_relation : seq<paren_relation_open, must<join_chain>, must<close_paren>> {};
/// `gen(args) [[AS] alias [(c1, c2)]]`: a generator as a table-valued function, over one row
/// (Spark: Generate over OneRowRelation); other table-valued functions are rejected when bound.
struct table_function_start : success {};
struct table_function : seq<at<identifier, skip, one<'('>>, table_function_start,
                            must<lateral_generator>, opt<table_alias>, no_tablesample, no_lateral> {
};
/// `IDENTIFIER('db.t')`: a table named by a string literal (Spark's IDENTIFIER clause).
struct k_identifier : kw<TAO_PEGTL_ISTRING("identifier")> {};
struct identifier_table_keyword : tok<k_identifier> {};
struct identifier_table_open : tok<one<'('>> {};
struct identifier_table_name : string_lit {};
struct identifier_table_ref
    : seq<at<k_identifier, skip, one<'('>, skip, one<'\'', '"'>>, identifier_table_keyword,
          identifier_table_open, must<identifier_table_name>, must<close_paren>, no_time_travel,
          opt<table_sample>, opt<table_alias>, no_tablesample, no_lateral> {};
struct from_primary : sor<subquery_ref, seq<at<k_values>, values_ref>, paren_relation,
                          identifier_table_ref, table_function, must<table_ref>> {};

struct join_natural : tok<k_natural> {};
struct join_inner : tok<k_inner> {};
struct join_cross : tok<k_cross> {};
struct join_outer : tok<k_outer> {};
struct join_semi : tok<k_semi> {};
struct join_anti : tok<k_anti> {};
struct join_left : tok<k_left> {};
struct join_right : tok<k_right> {};
struct join_full : tok<k_full> {};
struct join_kind
    : opt<sor<join_inner, join_cross, seq<join_left, opt<sor<join_semi, join_anti, join_outer>>>,
              join_semi, join_anti, seq<join_right, opt<join_outer>>,
              seq<join_full, opt<join_outer>>>> {};
struct join_word : tok<k_join> {};
struct join_on : tok<k_on> {};
struct join_condition : seq<expr> {};
struct using_keyword : tok<k_using> {};
struct using_column : tok<identifier> {};
struct using_open : tok<one<'('>> {};
struct using_columns : seq<using_keyword, must<using_open>, must<using_column>,
                           star<comma, must<using_column>>, must<close_paren>> {};
struct join_criteria : sor<seq<join_on, must<join_condition>>, using_columns> {};
struct join_start : success {};
struct join_keywords : seq<join_start, opt<join_natural>, join_kind, must<join_word>> {};
/// `LATERAL gen(args) [[AS] alias [(c1, c2)]]` after a comma or JOIN: a generator over the
/// item before it (Spark: a table-valued generator function with LATERAL, SPARK-41961).
struct lateral_keyword : tok<k_lateral> {};
struct lateral_function : seq<at<k_lateral, skip, identifier, skip, one<'('>>, lateral_keyword,
                              must<lateral_generator>, opt<table_alias>> {};
struct join_clause
    : seq<at<sor<join_keyword, k_natural>>, join_keywords,
          sor<lateral_function, seq<no_lateral, must<from_primary>, opt<join_criteria>>>> {};

/// `PIVOT (agg [[AS] a], ... FOR col IN (v [[AS] a], ...))`, the pivot column one name or
/// `(c1, c2)`: over the FROM item before it (Spark's Pivot).
struct pivot_keyword : tok<k_pivot> {};
/// A `)` of these clauses (close_paren closes an expression's bracket).
struct pivot_close : tok<one<')'>> {};
struct pivot_open : tok<one<'('>> {};
struct pivot_alias_name : tok<identifier> {};
struct pivot_alias
    : sor<seq<as_keyword, must<pivot_alias_name>>, seq<not_at<k_for>, pivot_alias_name>> {};
struct pivot_aggregate : seq<expr, opt<pivot_alias>> {};
struct pivot_for : tok<k_for> {};
struct pivot_column : tok<identifier> {};
struct pivot_columns : sor<seq<tok<one<'('>>, must<pivot_column>, star<comma, must<pivot_column>>,
                               must<pivot_close>>,
                           pivot_column> {};
struct pivot_in : tok<k_in> {};
struct pivot_values_open : tok<one<'('>> {};
struct pivot_value : seq<expr, opt<pivot_alias>> {};
struct pivot_clause : seq<pivot_keyword, must<pivot_open>, must<pivot_aggregate>,
                          star<comma, must<pivot_aggregate>>, must<pivot_for>, must<pivot_columns>,
                          must<pivot_in>, must<pivot_values_open>, must<pivot_value>,
                          star<comma, must<pivot_value>>, must<pivot_close>, must<pivot_close>> {};

/// `UNPIVOT [INCLUDE | EXCLUDE NULLS] (v FOR name IN (c [[AS] a], ...)) [[AS] alias]`, or with
/// several value columns `((v1, v2) FOR name IN ((c1, c2) [[AS] a], ...))`: over the FROM item
/// before it (Spark's Unpivot, planned as an Expand).
struct unpivot_keyword : tok<k_unpivot> {};
struct unpivot_include : tok<k_include> {};
struct unpivot_exclude : tok<k_exclude> {};
struct unpivot_nulls_word : tok<k_nulls> {};
struct unpivot_nulls : seq<sor<unpivot_include, unpivot_exclude>, must<unpivot_nulls_word>> {};
struct unpivot_value_column : tok<identifier> {};
struct unpivot_value_columns_open : tok<one<'('>> {};
struct unpivot_value_columns : sor<seq<unpivot_value_columns_open, must<unpivot_value_column>,
                                       star<comma, must<unpivot_value_column>>, must<pivot_close>>,
                                   unpivot_value_column> {};
struct unpivot_name_column : tok<identifier> {};
struct unpivot_set : seq<expr, opt<pivot_alias>> {};
struct unpivot_alias
    : sor<seq<as_keyword, must<table_alias_name>>, seq<not_at<not_alias_word>, table_alias_name>> {
};
struct unpivot_clause
    : seq<unpivot_keyword, opt<unpivot_nulls>, must<pivot_open>, must<unpivot_value_columns>,
          must<pivot_for>, must<unpivot_name_column>, must<pivot_in>, must<pivot_values_open>,
          must<unpivot_set>, star<comma, must<unpivot_set>>, must<pivot_close>, must<pivot_close>,
          opt<unpivot_alias>> {};
/// What may follow a FROM item as Spark's relationExtension: a join, PIVOT or UNPIVOT.
struct relation_extension : sor<pivot_clause, unpivot_clause> {};

struct join_chain : seq<from_primary, star<sor<join_clause, relation_extension>>> {};
struct comma_join : seq<comma, sor<lateral_function, seq<no_lateral, must<join_chain>>>> {};
// A join after a LATERAL function read by a comma applies to both (the function and its input).
struct from_items : seq<join_chain, star<sor<comma_join, join_clause, relation_extension>>> {};
struct from_keyword : tok<k_from> {};
/// `LATERAL VIEW [OUTER] gen(args) alias [AS] c1, c2` after the FROM list, each over what
/// comes before it (Spark's lateralView).
struct lateral_view_start : tok<k_lateral> {};
struct lateral_view_keyword : tok<k_view> {};
struct lateral_view_outer : tok<k_outer> {};
struct lateral_view_column : tok<identifier> {};
struct lateral_view_columns
    : seq<sor<seq<as_keyword, must<lateral_view_column>>, lateral_view_column>,
          star<comma, must<lateral_view_column>>> {};
/// The view's table alias, which Spark's grammar requires (`LATERAL VIEW explode(a) v`).
struct lateral_view_alias : seq<not_at<k_as>, table_alias_name> {};
struct lateral_view : seq<at<k_lateral, skip, k_view>, lateral_view_start, lateral_view_keyword,
                          opt<lateral_view_outer>, must<lateral_generator>,
                          must<lateral_view_alias>, opt<lateral_view_columns>> {};
/// Spark refuses PIVOT or UNPIVOT after LATERAL VIEWs (they would apply to the whole FROM
/// clause); after a FROM item, they are read with it (relation_extension).
struct pivot_after_lateral_view {};
struct no_pivot_after_lateral_view : sor<not_at<pivot_ahead>, raise<pivot_after_lateral_view>> {};
struct from_clause
    : seq<from_keyword, must<from_items>, star<lateral_view>, no_pivot_after_lateral_view> {};

struct where_keyword : tok<k_where> {};
struct where_clause : seq<where_keyword, must<expr>> {};
struct group_keyword : tok<k_group> {};
struct group_by_keyword : tok<k_by> {};
/// `ALL` as a GROUP BY or ORDER BY item: Spark's UnresolvedAttribute("ALL"), a column named
/// `all` if the table has one, else GROUP BY ALL / ORDER BY ALL (the analyzer decides).
struct all_item : tok<k_all> {};
/// Spark's grouping analytics, planned as an Expand below the Aggregate: `ROLLUP(s, ...)`,
/// `CUBE(s, ...)` and `GROUPING SETS(e, ...)`, where a grouping set `s` is `()`, `(a, b)` or an
/// expression, and an element `e` of GROUPING SETS is a grouping set or analytics nested in it;
/// after plain items, `WITH ROLLUP`, `WITH CUBE` or Hive's `GROUPING SETS (s, ...)`. A bare
/// `rollup` or `cube` is an ordinary name.
struct rollup_keyword : tok<k_rollup> {};
struct cube_keyword : tok<k_cube> {};
struct grouping_sets_keyword : seq<tok<k_grouping>, tok<k_sets>> {};
struct grouping_open : tok<one<'('>> {};
struct grouping_empty : seq<tok<one<'('>>, tok<one<')'>>> {};
struct grouping_value : seq<expr> {};
struct grouping_set : sor<grouping_empty, grouping_value> {};
struct grouping_analytics;
struct grouping_element : sor<grouping_analytics, grouping_set> {};
struct rollup_or_cube : seq<sor<rollup_keyword, cube_keyword>, grouping_open, must<grouping_set>,
                            star<comma, must<grouping_set>>, must<close_paren>> {};
struct grouping_sets_list : seq<grouping_sets_keyword, grouping_open, must<grouping_element>,
                                star<comma, must<grouping_element>>, must<close_paren>> {};
struct grouping_analytics : sor<rollup_or_cube, grouping_sets_list> {};
struct with_rollup : seq<tok<k_with>, sor<rollup_keyword, cube_keyword>> {};
struct declared_grouping_sets : seq<grouping_sets_keyword, grouping_open, must<grouping_set>,
                                    star<comma, must<grouping_set>>, must<close_paren>> {};
struct group_expr : sor<all_item, expr> {};
struct group_item : sor<grouping_analytics, group_expr> {};
struct group_by_clause
    : seq<group_keyword, must<group_by_keyword>, must<group_item>, star<comma, must<group_item>>,
          opt<sor<with_rollup, declared_grouping_sets>>> {};
struct having_keyword : tok<k_having> {};
struct having_clause : seq<having_keyword, must<expr>> {};
/// `WINDOW w AS (spec), v AS w`: the query block's named windows.
struct window_keyword : tok<k_window> {};
struct window_def_name : tok<identifier> {};
struct window_def_as : tok<k_as> {};
struct window_definition : seq<window_def_name, must<window_def_as>, must<window_spec>> {};
struct window_clause : seq<at<k_window, skip, identifier, skip, k_as>, window_keyword,
                           must<window_definition>, star<comma, must<window_definition>>> {};
struct order_keyword : tok<k_order> {};
struct order_by_keyword : tok<k_by> {};
struct order_asc : tok<k_asc> {};
struct order_desc : tok<k_desc> {};
struct nulls_keyword : tok<k_nulls> {};
struct nulls_first : tok<k_first> {};
struct nulls_last : tok<k_last> {};
struct nulls_position : sor<nulls_first, nulls_last> {};
struct order_item : seq<sor<all_item, expr>, opt<sor<order_asc, order_desc>>,
                        opt<nulls_keyword, must<nulls_position>>> {};
struct order_by_clause
    : seq<order_keyword, must<order_by_keyword>, must<order_item>, star<comma, must<order_item>>> {
};
/// `SORT BY`: each partition's rows in order (Spark's local Sort).
struct sort_keyword : tok<k_sort> {};
struct sort_item
    : seq<expr, opt<sor<order_asc, order_desc>>, opt<nulls_keyword, must<nulls_position>>> {};
struct window_order_item
    : seq<expr, opt<sor<order_asc, order_desc>>, opt<nulls_keyword, must<nulls_position>>> {};
struct within_group_item
    : seq<expr, opt<sor<order_asc, order_desc>>, opt<nulls_keyword, must<nulls_position>>> {};
struct sort_by_clause : seq<at<result_clause_head>, sort_keyword, must<order_by_keyword>,
                            must<sort_item>, star<comma, must<sort_item>>> {};
/// `DISTRIBUTE BY`: rows with equal keys in one partition (RepartitionByExpression).
struct distribute_keyword : tok<k_distribute> {};
struct distribute_item : seq<expr> {};
struct distribute_by_clause
    : seq<at<result_clause_head>, distribute_keyword, must<order_by_keyword>, must<distribute_item>,
          star<comma, must<distribute_item>>> {};
/// `CLUSTER BY`: DISTRIBUTE BY and SORT BY the same keys, ascending.
struct cluster_keyword : tok<k_cluster> {};
struct cluster_item : seq<expr> {};
struct cluster_by_clause : seq<at<result_clause_head>, cluster_keyword, must<order_by_keyword>,
                               must<cluster_item>, star<comma, must<cluster_item>>> {};
struct limit_keyword : tok<k_limit> {};
/// `LIMIT ALL`: no limit at all (Spark: no Limit operator).
struct limit_all : tok<k_all> {};
struct limit_value : seq<expr> {};
struct limit_clause : seq<limit_keyword, sor<limit_all, must<limit_value>>> {};
struct offset_keyword : tok<k_offset> {};
struct offset_value : seq<expr> {};
/// `OFFSET n` (Spark 3.4+): skips the first n rows, before any LIMIT.
struct offset_clause
    : seq<offset_keyword, must<offset_value>, sor<not_at<k_limit>, raise<limit_after_offset>>> {};

/// One SELECT query block (ORDER BY and the rest belong to the query around it).
/// `SELECT TRANSFORM (a, b) USING 'script'`: Hive's script transform runs an external program.
struct unsupported_script_transform {};
struct no_script_transform : sor<not_at<k_using>, raise<unsupported_script_transform>> {};
struct select_core : seq<select_keyword, star<hint>, opt<sor<select_distinct, select_all>>,
                         select_list, no_script_transform, opt<from_clause>, opt<where_clause>,
                         opt<group_by_clause>, opt<having_clause>, opt<window_clause>> {};

/// `(query)` as an operand of a set operation or the body of a query.
struct query_open : tok<one<'('>> {};
struct paren_query : seq<query_open, must<query>, must<close_paren>> {};
struct values_term : seq<at<k_values>, values_ref> {};
/// `TABLE t`: the table itself as a query (Spark's plan is its relation alone).
struct table_query_keyword : tok<k_table> {};
struct table_query : seq<table_query_keyword, must<table_name>> {};
/// `FROM items SELECT … [WHERE …] [GROUP BY …] [HAVING …] [WINDOW …]`, one body or more (Hive's
/// FROM-first form, Spark's fromStatement): each body a query block over the FROM items, several
/// a UNION ALL of them. ORDER BY and the rest after several bodies would be the last body's in
/// Spark and the union's here: refused.
struct from_first_start : success {};
struct from_first_body : seq<select_keyword, star<hint>, opt<sor<select_distinct, select_all>>,
                             select_list, no_script_transform, opt<where_clause>,
                             opt<group_by_clause>, opt<having_clause>, opt<window_clause>> {};
struct unsupported_from_first_organization {};
struct from_first_more
    : seq<plus<from_first_body>,
          sor<not_at<sor<k_order, k_sort, k_cluster, k_distribute, k_limit, k_offset>>,
              raise<unsupported_from_first_organization>>> {};
struct from_first_select : seq<at<k_select>, from_first_body> {};
struct from_first
    : seq<from_first_start, from_clause, must<from_first_select>, opt<from_first_more>> {};
struct query_term
    : sor<paren_query, select_core, values_term, seq<at<k_from>, from_first>, table_query> {};

/// UNION, INTERSECT, EXCEPT and MINUS (EXCEPT's other name), each ALL or DISTINCT (the default).
struct set_union : tok<k_union> {};
struct set_intersect : tok<k_intersect> {};
struct set_except : tok<sor<k_except, k_minus>> {};
struct set_all : tok<k_all> {};
struct set_distinct : tok<k_distinct> {};
struct set_operator
    : seq<sor<set_union, set_intersect, set_except>, opt<sor<set_all, set_distinct>>> {};
struct query_body : seq<must<query_term>, star<set_operator, must<query_term>>> {};

/// `name [(c1, c2)] [AS] (query)` of a WITH clause.
struct cte_name : tok<identifier> {};
struct cte_open : tok<one<'('>> {};
/// The CTE's column list: its own rule, so that it is the CTE's at once, not left for the
/// first aliased FROM item of the CTE's query to take.
struct cte_columns : alias_columns {};
struct cte : seq<cte_name, opt<cte_columns>, opt<as_keyword>, must<cte_open>, must<query>,
                 must<close_paren>> {};
struct with_keyword : tok<k_with> {};
struct unsupported_recursive {};
struct k_recursive : kw<TAO_PEGTL_ISTRING("recursive")> {};
struct no_recursive : sor<not_at<k_recursive>, raise<unsupported_recursive>> {};
struct with_clause : seq<with_keyword, no_recursive, must<cte>, star<comma, must<cte>>> {};

/// Marks where a query starts (its frame in the parser's state).
struct query_start : success {};
/// A whole query: WITH, the body, and what orders and limits its result.
/// Spark's queryOrganization puts ORDER BY, CLUSTER BY, DISTRIBUTE BY and SORT BY in this
/// order; which of them may go together is the parser's to say (not every pair may).
struct query
    : seq<query_start, opt<with_clause>, query_body, opt<order_by_clause>, opt<cluster_by_clause>,
          opt<distribute_by_clause>, opt<sort_by_clause>, opt<limit_clause>, opt<offset_clause>> {};

/// Anything left over after the last clause.
struct end_of_statement : eof {};

/// One statement, blanks and comments around it included.
/// Spark 4's SQL pipe syntax (`query |> WHERE ...`): refused.
struct unsupported_pipe {};
struct no_pipe : sor<not_at<string<'|', '>'>>, raise<unsupported_pipe>> {};
struct statement : seq<skip, query, no_pipe, must<end_of_statement>> {};

} // namespace prune::grammar::sql

// The custom rules consume input whenever they succeed.
template <typename Name>
struct tao::pegtl::analyze_traits<Name, prune::grammar::sql::angle_block>
    : tao::pegtl::analyze_any_traits<> {};
template <typename Name>
struct tao::pegtl::analyze_traits<Name, prune::grammar::sql::reserved_letters>
    : tao::pegtl::analyze_any_traits<> {};
