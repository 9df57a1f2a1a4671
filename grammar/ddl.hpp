#pragma once
/// PEGTL grammar of Spark DDL schemas and data types (Spark: SqlBaseParser `colTypeList`,
/// `complexColTypeList`, `dataType`): rules only. Actions, the error-message table and the
/// nesting-depth guard live in src/types/ddl_parser.cpp; the SQL grammar reuses `data_type`
/// (for `CAST(e AS type)`) and `ws`.
///
///     id INT, name STRUCT<first: STRING, last: STRING> NOT NULL COMMENT 'x',
///     tags ARRAY<STRING>, m MAP<STRING, STRUCT<a: INT>>  -- a comment
///
/// Keywords are case-insensitive. Type names are plain words (`type_word`) resolved by the
/// actions, so `strin` is reported as an unknown type rather than as a syntax error. Only the
/// rules wrapped in `must<>` can fail hard; each of them has a message in the table.

#include <tao/pegtl.hpp>

#include "grammar/bracketed_comment.hpp"

namespace prune::grammar::ddl {

using namespace tao::pegtl;

// --- blanks and comments -------------------------------------------------------------------

/// `-- ...` to the end of the line.
struct line_comment : seq<two<'-'>, until<eolf>> {};
/// What follows the `/*` of a bracketed comment, its closing `*/` included.
struct block_comment_rest : bracketed_comment_body {};
/// `/* ... */`, nested as in Spark (grammar/bracketed_comment.hpp).
struct block_comment : seq<string<'/', '*'>, must<block_comment_rest>> {};
/// Blanks, newlines and comments.
struct ws : star<sor<space, line_comment, block_comment>> {};

// --- words ---------------------------------------------------------------------------------

/// A character of an unquoted identifier: ASCII letter, digit, `_`, or any non-ASCII code point.
struct ident_char : sor<alnum, one<'_'>, utf8::range<0x80, 0x10FFFF>> {};
/// A case-insensitive keyword that is not the prefix of a longer word.
template <char... Cs> struct keyword : seq<istring<Cs...>, not_at<ident_char>> {};

struct kw_array : keyword<'a', 'r', 'r', 'a', 'y'> {};
struct kw_map : keyword<'m', 'a', 'p'> {};
struct kw_struct : keyword<'s', 't', 'r', 'u', 'c', 't'> {};
struct kw_interval : keyword<'i', 'n', 't', 'e', 'r', 'v', 'a', 'l'> {};
struct kw_to : keyword<'t', 'o'> {};
struct kw_not : keyword<'n', 'o', 't'> {};
struct kw_null : keyword<'n', 'u', 'l', 'l'> {};
struct kw_comment : keyword<'c', 'o', 'm', 'm', 'e', 'n', 't'> {};
struct kw_year : keyword<'y', 'e', 'a', 'r'> {};
struct kw_month : keyword<'m', 'o', 'n', 't', 'h'> {};
struct kw_day : keyword<'d', 'a', 'y'> {};
struct kw_hour : keyword<'h', 'o', 'u', 'r'> {};
struct kw_minute : keyword<'m', 'i', 'n', 'u', 't', 'e'> {};
struct kw_second : keyword<'s', 'e', 'c', 'o', 'n', 'd'> {};

/// An unquoted identifier (Spark's lexer lets identifiers start with a digit).
struct plain_identifier : plus<ident_char> {};
/// The closing backquote of a quoted identifier.
struct backquote_close : one<'`'> {};
/// `` `any name` `` with a backquote written as two.
struct quoted_identifier : seq<one<'`'>, star<sor<two<'`'>, not_one<'`'>>>, must<backquote_close>> {
};
/// A column or field name.
struct identifier : sor<quoted_identifier, plain_identifier> {};

/// A non-negative decimal integer (type parameters).
struct integer : plus<digit> {};

/// The closing quote of a string literal.
template <char Q> struct string_close : one<Q> {};
/// `'...'` or `"..."` with backslash escapes (Spark: STRING_LITERAL, DOUBLEQUOTED_STRING).
template <char Q>
struct quoted_string
    : seq<one<Q>, star<sor<seq<one<'\\'>, any>, not_one<Q, '\\'>>>, must<string_close<Q>>> {};
/// `r'...'` or `r"..."`: no escapes (Spark 3.5's raw STRING_LITERAL).
template <char Q> struct raw_quoted : seq<one<Q>, star<not_one<Q>>, must<string_close<Q>>> {};
struct raw_string : seq<one<'r', 'R'>, sor<raw_quoted<'\''>, raw_quoted<'"'>>> {};
struct string_literal : sor<raw_string, quoted_string<'\''>, quoted_string<'"'>> {};

// --- data types ----------------------------------------------------------------------------

struct data_type;

/// The `<` after ARRAY / MAP / STRUCT.
struct array_open : one<'<'> {};
struct map_open : one<'<'> {};
struct struct_open : one<'<'> {};
/// The `>` that closes ARRAY< / MAP< / STRUCT<.
struct array_close : one<'>'> {};
struct map_close : one<'>'> {};
struct struct_close : one<'>'> {};
/// The `,` between a map's key and value types.
struct map_comma : one<','> {};

/// `ARRAY<type>`.
struct array_type
    : seq<kw_array, ws, must<array_open>, ws, must<data_type>, ws, must<array_close>> {};
/// `MAP<key, value>`.
struct map_type : seq<kw_map, ws, must<map_open>, ws, must<data_type>, ws, must<map_comma>, ws,
                      must<data_type>, ws, must<map_close>> {};

/// `NOT NULL` after a column or field type.
struct not_null : seq<kw_not, ws, must<kw_null>> {};
/// `COMMENT 'text'` after a column or field type.
struct comment_spec : seq<kw_comment, ws, must<string_literal>> {};
/// The options of a column or field, in any order.
struct column_options : star<seq<ws, sor<not_null, comment_spec>>> {};

/// A struct field name.
struct field_name : identifier {};
/// `name[:] type [NOT NULL] [COMMENT '...']` inside STRUCT<...> (Spark: complexColType).
struct struct_field : seq<field_name, ws, opt<one<':'>, ws>, must<data_type>, column_options> {};
/// The `,` between struct fields.
struct field_comma : one<','> {};
/// `STRUCT<field, ...>`, also `STRUCT<>`.
struct struct_type : seq<kw_struct, ws, must<struct_open>, ws,
                         opt<struct_field, star<ws, field_comma, ws, must<struct_field>>>, ws,
                         must<struct_close>> {};

/// A field of an interval type.
struct interval_unit : sor<kw_year, kw_month, kw_day, kw_hour, kw_minute, kw_second> {};
/// The unit after TO.
struct interval_end : interval_unit {};
/// `INTERVAL`, `INTERVAL DAY`, `INTERVAL YEAR TO MONTH`, ...
struct interval_type
    : seq<kw_interval, opt<ws, interval_unit, opt<ws, kw_to, ws, must<interval_end>>>> {};

/// The `)` that closes type parameters.
struct params_close : one<')'> {};
/// `(10, 2)` after a type name.
struct type_params : seq<one<'('>, ws, must<integer>, star<ws, one<','>, ws, must<integer>>, ws,
                         must<params_close>> {};
/// The name of a primitive type (`INT`, `decimal`, `strin` — resolved by the actions).
struct type_word : plain_identifier {};
/// A primitive type with optional parameters: `INT`, `DECIMAL(10, 2)`, `VARCHAR(10)`.
struct primitive_type : seq<type_word, opt<ws, type_params>> {};

/// Any data type (Spark: dataType).
struct data_type : sor<array_type, map_type, struct_type, interval_type, primitive_type> {};

// --- schemas -------------------------------------------------------------------------------

/// A top-level column name.
struct column_name : identifier {};
/// `name type [NOT NULL] [COMMENT '...']` (Spark: colType).
struct column : seq<column_name, ws, must<data_type>, column_options> {};
/// The `,` between columns.
struct column_comma : one<','> {};
/// `col, col, ...` (Spark: colTypeList).
struct column_list : seq<column, star<ws, column_comma, ws, must<column>>> {};
/// A schema written as one struct type (`STRUCT<a: INT>` / `struct<a:int>`, as
/// DataType.fromDDL accepts it): recognised by STRUCT followed by `<`.
struct struct_schema : seq<at<kw_struct, ws, one<'<'>>, data_type> {};
/// The end of the schema.
struct schema_end : eof {};
/// The end of a lone data type.
struct type_end : eof {};
/// The columns of a schema, or the schema as one struct type.
struct schema_body : sor<struct_schema, column_list> {};
/// A whole DDL schema (Spark: StructType.fromDDL / DataType.fromDDL).
struct schema : seq<ws, must<schema_body>, ws, must<schema_end>> {};
/// A whole DDL data type (`ARRAY<STRUCT<a: INT>>`).
struct type_only : seq<ws, must<data_type>, ws, must<type_end>> {};
/// Nothing but blanks and comments.
struct blank : seq<ws, eof> {};

} // namespace prune::grammar::ddl
