// Java's MIME Base64 decoder (java.util.Base64.Decoder.decode0 with isMIME) and Spark's
// isValidBase64.

#include "eval/java_base64.hpp"

namespace prune {
int base64_symbol(unsigned char c) {
    if (c >= 'A' && c <= 'Z') {
        return c - 'A';
    }
    if (c >= 'a' && c <= 'z') {
        return c - 'a' + 26;
    }
    if (c >= '0' && c <= '9') {
        return c - '0' + 52;
    }
    return c == '+' ? 62 : c == '/' ? 63 : c == '=' ? -2 : -1;
}

namespace {

/// Java's Character.isWhitespace for ASCII.
bool java_whitespace(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= '\x1C' && c <= '\x1F');
}

} // namespace

std::optional<std::string> mime_base64_decode(std::string_view text) {
    // A UTF-8 lead or continuation byte (beyond ASCII) is not base64, as Java's '?' or
    // Latin-1 byte for the character would not be.
    std::string out;
    std::size_t at = 0;
    std::uint32_t bits = 0;
    int shift = 18; // where the next symbol's six bits go
    while (at < text.size()) {
        const int b = base64_symbol(static_cast<unsigned char>(text[at++]));
        if (b == -1) {
            continue; // MIME: skipped
        }
        if (b == -2) {
            // "xx=" must be "xx==", and padding may not start a group or follow one symbol.
            if ((shift == 6 && (at == text.size() || text[at++] != '=')) || shift == 18) {
                return std::nullopt;
            }
            break;
        }
        bits |= static_cast<std::uint32_t>(b) << shift;
        shift -= 6;
        if (shift < 0) {
            out += static_cast<char>((bits >> 16) & 0xFFU);
            out += static_cast<char>((bits >> 8) & 0xFFU);
            out += static_cast<char>(bits & 0xFFU);
            shift = 18;
            bits = 0;
        }
    }
    if (shift == 6) {
        out += static_cast<char>((bits >> 16) & 0xFFU);
    } else if (shift == 0) {
        out += static_cast<char>((bits >> 16) & 0xFFU);
        out += static_cast<char>((bits >> 8) & 0xFFU);
    } else if (shift == 12) {
        return std::nullopt; // one symbol alone: not enough bits for a byte
    }
    while (at < text.size()) { // after the padding only what is not a symbol
        if (base64_symbol(static_cast<unsigned char>(text[at++])) >= 0) {
            return std::nullopt;
        }
    }
    return out;
}

bool valid_base64(std::string_view text) {
    std::size_t symbols = 0;
    std::size_t padding = 0;
    for (const char c : text) {
        const int b = base64_symbol(static_cast<unsigned char>(c));
        if (b >= 0) {
            if (padding != 0) {
                return false; // padding ends the text
            }
            ++symbols;
        } else if (b == -2) {
            ++padding;
            if (padding > 2 || symbols % 4 < 2) {
                return false;
            }
        } else if (java_whitespace(c)) {
            if (padding != 0) {
                return false;
            }
        } else {
            return false;
        }
    }
    return padding > 0 ? (symbols + padding) % 4 == 0 : symbols % 4 != 1;
}

} // namespace prune
