#pragma once
/// Bracketed comments `/* ... */`, which nest as in Spark's lexer (SqlBaseLexer
/// `BRACKETED_COMMENT`): every `/*` inside opens a level that its own `*/` closes.
///
///     /* a /* b */ c */ x      the comment ends after `c */`; `x` is the next token
///     /* a /* b */ x           unterminated: the inner `*/` closes only the inner level
///
/// One scanner serves every place that skips comments: the SQL grammar (grammar/sql.hpp), the
/// DDL grammar (grammar/ddl.hpp) and the statement splitter (src/sql/split_statements.cpp), so
/// the three always agree on where a comment ends. It counts levels in a loop: a comment nested
/// a million levels deep costs no stack.

#include <cstddef>
#include <string_view>

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

namespace prune::grammar {

/// The length of what follows a comment's opening `/*` up to and including the `*/` that
/// closes it, or npos when the text ends first (an unterminated comment).
inline std::size_t bracketed_comment_rest(std::string_view text) {
    std::size_t depth = 1;
    std::size_t i = 0;
    while (i + 1 < text.size()) {
        if (text[i] == '/' && text[i + 1] == '*') {
            ++depth;
            i += 2;
        } else if (text[i] == '*' && text[i + 1] == '/') {
            i += 2;
            if (--depth == 0) {
                return i;
            }
        } else {
            ++i;
        }
    }
    return std::string_view::npos;
}

/// The rule form of `bracketed_comment_rest`: matches the rest of a comment after its `/*`,
/// and fails without consuming anything when the comment is unterminated.
struct bracketed_comment_body {
    using rule_t = bracketed_comment_body;
    using subs_t = tao::pegtl::empty_list;

    template <typename ParseInput> static bool match(ParseInput& in) {
        const std::size_t n = bracketed_comment_rest(std::string_view(in.current(), in.size()));
        if (n == std::string_view::npos) {
            return false;
        }
        in.bump(n);
        return true;
    }
};

} // namespace prune::grammar

// The rule consumes input whenever it succeeds.
template <typename Name>
struct tao::pegtl::analyze_traits<Name, prune::grammar::bracketed_comment_body>
    : tao::pegtl::analyze_any_traits<> {};
