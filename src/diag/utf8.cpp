// The one UTF-8 checker: the SQL and DDL parsers reject what find_bad_text finds, and
// diagnostics quote source lines through printable().
//
//     find_bad_text("SELECT \xFF FROM t")   -> {at 7, length 1, "invalid UTF-8"}
//     printable("na\0me")                    -> "na\uFFFDme"

#include "diag/utf8.hpp"

#include <cstdint>
#include <cstring>

namespace prune {
namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD"; // U+FFFD

bool is_continuation(unsigned char c) { return (c & 0xC0U) == 0x80U; }

} // namespace

std::size_t utf8_sequence_length(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char c = byte(at);
    if (c < 0x80) {
        return 1;
    }
    std::size_t length = 0;
    std::uint32_t cp = 0;
    if (c >= 0xC2 && c <= 0xDF) {
        length = 2;
        cp = c & 0x1FU;
    } else if (c >= 0xE0 && c <= 0xEF) {
        length = 3;
        cp = c & 0x0FU;
    } else if (c >= 0xF0 && c <= 0xF4) {
        length = 4;
        cp = c & 0x07U;
    } else {
        return 0; // a continuation byte, C0/C1 (always overlong) or F5..FF
    }
    if (at + length > text.size()) {
        return 0;
    }
    for (std::size_t k = 1; k < length; ++k) {
        if (!is_continuation(byte(at + k))) {
            return 0;
        }
        cp = (cp << 6) | (byte(at + k) & 0x3FU);
    }
    const bool overlong = (length == 3 && cp < 0x800) || (length == 4 && cp < 0x10000);
    if (overlong || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
        return 0;
    }
    return length;
}

std::optional<std::size_t> find_control_character(std::string_view name) {
    for (std::size_t i = 0; i < name.size(); ++i) {
        const auto c = static_cast<unsigned char>(name[i]);
        if (c < 0x20 || c == 0x7F) {
            return i;
        }
    }
    return std::nullopt;
}

std::string control_character_message(char c, std::string_view what) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    const auto code = static_cast<unsigned char>(c);
    std::string out = "control character U+00";
    out += kHex[code >> 4U];
    out += kHex[code & 0x0FU];
    out += " in ";
    out += what;
    return out;
}

std::string BadText::message() const { return nul ? "NUL byte in input" : "invalid UTF-8"; }

std::optional<BadText> find_bad_text(std::string_view text) {
    constexpr std::uint64_t kOnes = 0x0101010101010101U;
    constexpr std::uint64_t kHighBits = 0x8080808080808080U;
    for (std::size_t i = 0; i < text.size();) {
        // Eight bytes at a time while they are ASCII (no high bit) and none is NUL: most
        // schemas and queries are all ASCII.
        if (i + 8 <= text.size()) {
            std::uint64_t word = 0;
            std::memcpy(&word, text.data() + i, 8);
            const bool has_zero = ((word - kOnes) & ~word & kHighBits) != 0;
            if ((word & kHighBits) == 0 && !has_zero) {
                i += 8;
                continue;
            }
        }
        if (text[i] == '\0') {
            return BadText{i, 1, true};
        }
        const std::size_t length = utf8_sequence_length(text, i);
        if (length == 0) {
            // Mark the lead byte and the continuation bytes that follow it.
            std::size_t end = i + 1;
            while (end < text.size() && end < i + 4 &&
                   is_continuation(static_cast<unsigned char>(text[end]))) {
                ++end;
            }
            return BadText{i, end - i, false};
        }
        i += length;
    }
    return std::nullopt;
}

std::string printable(std::string_view line) {
    std::string out;
    out.reserve(line.size());
    for (std::size_t i = 0; i < line.size();) {
        const auto c = static_cast<unsigned char>(line[i]);
        if (c == '\t' || (c >= 0x20 && c < 0x7F)) {
            out += static_cast<char>(c);
            ++i;
            continue;
        }
        const std::size_t length = c < 0x80 ? 0 : utf8_sequence_length(line, i);
        if (length == 0) {
            // One replacement for the bad byte and the continuation bytes after it: locations
            // count a column per byte that is not a continuation byte.
            out += kReplacement;
            ++i;
            while (i < line.size() && is_continuation(static_cast<unsigned char>(line[i]))) {
                ++i;
            }
            continue;
        }
        out += line.substr(i, length);
        i += length;
    }
    return out;
}

void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        cp = 0xFFFD;
    }
    if (cp < 0x80) {
        out += static_cast<char>(cp);
    } else if (cp < 0x800) {
        out += static_cast<char>(0xC0 | (cp >> 6));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += static_cast<char>(0xE0 | (cp >> 12));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (cp >> 18));
        out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (cp & 0x3F));
    }
}

} // namespace prune
