// nlohmann's serializer (detail/output/serializer.hpp), one piece at a time.
//
//     begin_object  key("a")  value("x\ty")  key("b")  begin_array  value(-1)  end_array
//     end_object
//
//     Compact:  {"a":"x\ty","b":[-1]}
//     Pretty:   {\n  "a": "x\ty",\n  "b": [\n    -1\n  ]\n}
//
// nlohmann opens a container with `{\n` only when it has elements, so the newline and indent
// are written before each element rather than after the bracket: an empty container stays `{}`.

#include "util/json_writer.hpp"

#include <array>
#include <cassert>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "util/deep_stack.hpp"

namespace prune {
namespace {

/// `n` in decimal, as nlohmann prints integers, in `digits`.
template <class Int> std::string_view decimal(Int n, std::array<char, 24>& digits) {
    const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), n).ptr;
    return {digits.data(), static_cast<std::size_t>(end - digits.data())};
}

std::string hex_byte(unsigned char byte) {
    constexpr std::string_view kHex = "0123456789ABCDEF";
    return {kHex[byte >> 4U], kHex[byte & 15U]};
}

[[noreturn]] void throw_invalid_byte(std::size_t at, unsigned char byte) {
    throw JsonEncodingError("[json.exception.type_error.316] invalid UTF-8 byte at index " +
                            std::to_string(at) + ": 0x" + hex_byte(byte));
}

// The length of the well-formed UTF-8 sequence that starts at `text[at]` (a byte of 0x80 or
// more), or a throw at the first byte that cannot belong to it. That is the byte where
// nlohmann's decoder (Hoehrmann's DFA, which encodes Unicode Table 3-7) rejects the text, so the
// index and byte in the message are the ones dump() named.
std::size_t sequence_length(std::string_view text, std::size_t at) {
    const auto lead = static_cast<unsigned char>(text[at]);
    std::size_t length = 0;
    unsigned char low = 0x80; // the range of the second byte (Table 3-7), then of the others
    unsigned char high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
        length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
        length = 3;
        low = lead == 0xE0 ? 0xA0 : 0x80;  // no overlong form
        high = lead == 0xED ? 0x9F : 0xBF; // no surrogate
    } else if (lead >= 0xF0 && lead <= 0xF4) {
        length = 4;
        low = lead == 0xF0 ? 0x90 : 0x80;  // no overlong form
        high = lead == 0xF4 ? 0x8F : 0xBF; // nothing past U+10FFFF
    } else {
        throw_invalid_byte(at, lead); // a continuation byte, C0, C1, F5..FF
    }
    for (std::size_t k = 1; k < length; ++k) {
        if (at + k == text.size()) {
            throw JsonEncodingError(
                "[json.exception.type_error.316] incomplete UTF-8 string; last byte: 0x" +
                hex_byte(static_cast<unsigned char>(text.back())));
        }
        const auto byte = static_cast<unsigned char>(text[at + k]);
        if (byte < low || byte > high) {
            throw_invalid_byte(at + k, byte);
        }
        low = 0x80;
        high = 0xBF;
    }
    return length;
}

// nlohmann's escape of an ASCII byte: empty when the byte stands for itself.
std::string_view ascii_escape(unsigned char c, std::array<char, 6>& buffer) {
    switch (c) {
    case '"':
        return "\\\"";
    case '\\':
        return "\\\\";
    case '\b':
        return "\\b";
    case '\f':
        return "\\f";
    case '\n':
        return "\\n";
    case '\r':
        return "\\r";
    case '\t':
        return "\\t";
    default:
        if (c >= 0x20) {
            return {};
        }
        // snprintf("\\u%04x"): lower-case hex.
        constexpr std::string_view kHex = "0123456789abcdef";
        buffer = {'\\', 'u', '0', '0', kHex[c >> 4U], kHex[c & 15U]};
        return {buffer.data(), buffer.size()};
    }
}

} // namespace

JsonWriter::JsonWriter(std::ostream& out, JsonStyle style)
    : out_(out), pretty_(style == JsonStyle::Pretty) {
    buffer_.reserve(kChunk + 1024);
}

void JsonWriter::done() {
    if (frames_.empty() || buffer_.size() >= kChunk) {
        flush();
    }
}

void JsonWriter::flush() {
    out_.write(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    buffer_.clear();
}

void JsonWriter::check_text(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        i += static_cast<unsigned char>(text[i]) < 0x80 ? 1 : sequence_length(text, i);
    }
}

void JsonWriter::separate() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (frames_.empty()) {
        return;
    }
    assert(!frames_.back().object && "a member of an object needs a key first");
    next_in_frame();
}

void JsonWriter::next_in_frame() {
    Frame& frame = frames_.back();
    if (!frame.empty) {
        buffer_.push_back(',');
    }
    frame.empty = false;
    if (pretty_) {
        buffer_.push_back('\n');
        write_indent(frames_.size());
    }
}

template <class F> void JsonWriter::all_or_nothing(F&& write) {
    const std::size_t size = buffer_.size();
    const bool after_key = after_key_;
    const bool empty = frames_.empty() || frames_.back().empty;
    try {
        write();
    } catch (...) {
        buffer_.resize(size); // nothing is flushed before the write completes
        after_key_ = after_key;
        if (!frames_.empty()) {
            frames_.back().empty = empty;
        }
        throw;
    }
}

void JsonWriter::key(std::string_view name) {
    assert(!frames_.empty() && frames_.back().object && !after_key_);
    all_or_nothing([&] {
        next_in_frame();
        write_string(name);
        buffer_.append(pretty_ ? ": " : ":");
        after_key_ = true;
    });
}

void JsonWriter::unwind_to(std::size_t depth) {
    if (frames_.size() <= depth) {
        return;
    }
    if (after_key_) {
        null();
    }
    while (frames_.size() > depth) {
        end(frames_.back().object, frames_.back().object ? '}' : ']');
    }
}

void JsonWriter::begin(bool object, char open) {
    separate();
    buffer_.push_back(open);
    frames_.push_back(Frame{object, true});
}

void JsonWriter::end(bool object, char close) {
    assert(!frames_.empty() && frames_.back().object == object && !after_key_);
    (void)object;
    const bool empty = frames_.back().empty;
    frames_.pop_back();
    if (!empty && pretty_) {
        buffer_.push_back('\n');
        write_indent(frames_.size());
    }
    buffer_.push_back(close);
    done();
}

void JsonWriter::begin_object() { begin(true, '{'); }
void JsonWriter::end_object() { end(true, '}'); }
void JsonWriter::begin_array() { begin(false, '['); }
void JsonWriter::end_array() { end(false, ']'); }

void JsonWriter::value(std::string_view text) {
    all_or_nothing([&] {
        separate();
        write_string(text);
    });
    done();
}

void JsonWriter::value(bool b) { scalar(b ? "true" : "false"); }

void JsonWriter::null() { scalar("null"); }

void JsonWriter::value(double d) {
    if (!std::isfinite(d)) {
        null();
        return;
    }
    std::array<char, 32> text{};
    const auto [end, error] = std::to_chars(text.data(), text.data() + text.size(), d);
    if (error != std::errc()) { // no finite double is longer than 24 characters
        throw std::logic_error("a double did not fit its text buffer");
    }
    scalar(std::string_view(text.data(), static_cast<std::size_t>(end - text.data())));
}

void JsonWriter::raw_value(std::string_view json) { scalar(json); }

void JsonWriter::write_integer(std::int64_t n) {
    std::array<char, 24> digits{};
    scalar(decimal(n, digits));
}

void JsonWriter::write_integer(std::uint64_t n) {
    std::array<char, 24> digits{};
    scalar(decimal(n, digits));
}

void JsonWriter::scalar(std::string_view text) {
    separate();
    buffer_.append(text);
    done();
}

void JsonWriter::write_string(std::string_view text) {
    buffer_.push_back('"');
    std::size_t plain = 0; // start of the bytes not yet written, all of them written as they are
    std::array<char, 6> buffer{};
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c >= 0x80) {
            i += sequence_length(text, i);
            continue;
        }
        const std::string_view escape = ascii_escape(c, buffer);
        if (escape.empty()) {
            ++i;
            continue;
        }
        buffer_.append(text, plain, i - plain);
        buffer_.append(escape);
        plain = ++i;
    }
    buffer_.append(text, plain);
    buffer_.push_back('"');
}

void JsonWriter::write_indent(std::size_t levels) {
    buffer_.append(2 * indent_levels(levels), ' ');
}

} // namespace prune
