// Text to bytes and back in Spark's six charsets.

#include "eval/charsets.hpp"

#include <cstdint>
#include <vector>

#include "diag/utf8.hpp"
#include "util/ascii.hpp"

namespace prune {
namespace {

/// The code points of well-formed UTF-8 `text`.
std::vector<std::uint32_t> code_points(std::string_view text) {
    std::vector<std::uint32_t> out;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t n = std::max<std::size_t>(1, utf8_sequence_length(text, at));
        const auto lead = static_cast<unsigned char>(text[at]);
        std::uint32_t cp = n == 1 ? lead : lead & (0xFFU >> (n + 1));
        for (std::size_t k = 1; k < n; ++k) {
            cp = (cp << 6) | (static_cast<unsigned char>(text[at + k]) & 0x3FU);
        }
        out.push_back(cp);
        at += n;
    }
    return out;
}

void put_unit(std::string& out, std::uint32_t unit, bool big_endian) {
    const auto hi = static_cast<char>((unit >> 8) & 0xFFU);
    const auto lo = static_cast<char>(unit & 0xFFU);
    out += big_endian ? hi : lo;
    out += big_endian ? lo : hi;
}

std::optional<std::string> decode_utf16(std::string_view bytes, bool big_endian) {
    if (bytes.size() % 2 != 0) {
        return std::nullopt;
    }
    const auto unit = [&](std::size_t at) {
        const auto a = static_cast<unsigned char>(bytes[at]);
        const auto b = static_cast<unsigned char>(bytes[at + 1]);
        return big_endian ? (std::uint32_t{a} << 8) | b : (std::uint32_t{b} << 8) | a;
    };
    std::string out;
    for (std::size_t at = 0; at < bytes.size(); at += 2) {
        std::uint32_t cp = unit(at);
        if (cp >= 0xD800 && cp <= 0xDBFF) {
            if (at + 3 >= bytes.size()) {
                return std::nullopt;
            }
            const std::uint32_t low = unit(at + 2);
            if (low < 0xDC00 || low > 0xDFFF) {
                return std::nullopt;
            }
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
            at += 2;
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return std::nullopt;
        }
        append_utf8(out, cp);
    }
    return out;
}

} // namespace

std::optional<Charset> spark_charset(std::string_view name) {
    static constexpr std::pair<std::string_view, Charset> kNames[] = {
        {"US-ASCII", Charset::UsAscii}, {"ISO-8859-1", Charset::Iso88591},
        {"UTF-8", Charset::Utf8},       {"UTF-16BE", Charset::Utf16Be},
        {"UTF-16LE", Charset::Utf16Le}, {"UTF-16", Charset::Utf16},
    };
    for (const auto& [known, charset] : kNames) {
        if (equal_ignoring_ascii_case(name, known)) {
            return charset;
        }
    }
    return std::nullopt;
}

std::optional<std::string> encode_text(std::string_view text, Charset charset) {
    switch (charset) {
    case Charset::Utf8:
        return std::string(text);
    case Charset::UsAscii:
    case Charset::Iso88591: {
        const std::uint32_t limit = charset == Charset::UsAscii ? 0x7F : 0xFF;
        std::string out;
        for (const std::uint32_t cp : code_points(text)) {
            if (cp > limit) {
                return std::nullopt;
            }
            out += static_cast<char>(cp);
        }
        return out;
    }
    case Charset::Utf16Be:
    case Charset::Utf16Le:
    case Charset::Utf16: {
        const bool big_endian = charset != Charset::Utf16Le;
        std::string out;
        if (charset == Charset::Utf16 && !text.empty()) { // Java marks only what it encodes
            put_unit(out, 0xFEFF, true);
        }
        for (const std::uint32_t cp : code_points(text)) {
            if (cp >= 0x10000) {
                put_unit(out, 0xD800 + ((cp - 0x10000) >> 10), big_endian);
                put_unit(out, 0xDC00 + ((cp - 0x10000) & 0x3FFU), big_endian);
            } else {
                put_unit(out, cp, big_endian);
            }
        }
        return out;
    }
    }
    return std::nullopt;
}

std::optional<std::string> decode_bytes(std::string_view bytes, Charset charset) {
    switch (charset) {
    case Charset::Utf8:
        for (std::size_t at = 0; at < bytes.size();) {
            const std::size_t n = utf8_sequence_length(bytes, at);
            if (n == 0) {
                return std::nullopt;
            }
            at += n;
        }
        return std::string(bytes);
    case Charset::UsAscii:
    case Charset::Iso88591: {
        std::string out;
        for (const char c : bytes) {
            const auto b = static_cast<unsigned char>(c);
            if (charset == Charset::UsAscii && b > 0x7F) {
                return std::nullopt;
            }
            append_utf8(out, b);
        }
        return out;
    }
    case Charset::Utf16Be:
        return decode_utf16(bytes, true);
    case Charset::Utf16Le:
        return decode_utf16(bytes, false);
    case Charset::Utf16: {
        // A byte-order mark says the order and is not text; without one, big-endian.
        if (bytes.size() >= 2 && bytes.substr(0, 2) == "\xFE\xFF") {
            return decode_utf16(bytes.substr(2), true);
        }
        if (bytes.size() >= 2 && bytes.substr(0, 2) == "\xFF\xFE") {
            return decode_utf16(bytes.substr(2), false);
        }
        return decode_utf16(bytes, true);
    }
    }
    return std::nullopt;
}

} // namespace prune
