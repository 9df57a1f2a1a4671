#pragma once
/// Splitting text at a delimiter character, every piece kept (empty ones too): `a..b` at '.'
/// gives "a", "", "b"; text without the delimiter is one piece.

#include <string>
#include <string_view>
#include <vector>

namespace prune {

inline std::vector<std::string> split_on(std::string_view text, char delimiter) {
    std::vector<std::string> pieces;
    std::size_t begin = 0;
    for (std::size_t at = text.find(delimiter); at != std::string_view::npos;
         at = text.find(delimiter, begin)) {
        pieces.emplace_back(text.substr(begin, at - begin));
        begin = at + 1;
    }
    pieces.emplace_back(text.substr(begin));
    return pieces;
}

} // namespace prune
