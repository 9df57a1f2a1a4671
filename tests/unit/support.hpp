#pragma once
/// What several unit tests share: Spark's contacts table, a string repeater for inputs built to
/// a size (nesting limits, wide lists), and the text a streaming printer writes.

#include <cstddef>
#include <sstream>
#include <string>

#include "util/json_writer.hpp"

namespace prune_test {

/// The contacts table of Spark's SchemaPruningSuite (`p` is its partition column).
inline const char* const kContacts =
    "id INT, name STRUCT<first: STRING, middle: STRING, last: STRING>, address STRING, "
    "pets INT, friends ARRAY<STRUCT<first: STRING, middle: STRING, last: STRING>>, "
    "relatives MAP<STRING, STRUCT<first: STRING, middle: STRING, last: STRING>>, "
    "employer STRUCT<id: INT, company: STRUCT<name: STRING, address: STRING>>, "
    "relations MAP<STRUCT<first: STRING, middle: STRING, last: STRING>, STRING>, p INT";

/// `s` written `n` times.
inline std::string repeat(const std::string& s, std::size_t n) {
    std::string out;
    out.reserve(s.size() * n);
    for (std::size_t i = 0; i < n; ++i) {
        out += s;
    }
    return out;
}

/// What `write(JsonWriter&)` writes, as text (compact, as `dump()`, unless asked).
template <class Write>
std::string json_text(Write&& write, prune::JsonStyle style = prune::JsonStyle::Compact) {
    std::ostringstream out;
    prune::JsonWriter json(out, style);
    write(json);
    return std::move(out).str();
}

} // namespace prune_test
