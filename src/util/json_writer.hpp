#pragma once
/// JSON written to a stream as it is produced, in exactly the bytes nlohmann::ordered_json's
/// `dump()` (JsonStyle::Compact) or `dump(2)` (JsonStyle::Pretty) gives for the same value, so
/// a result of any size is printed without building it in memory first.
///
///     w.begin_object(); w.key("a"); w.value(1); w.key("b"); w.begin_array(); w.end_array();
///     w.end_object();
///
///     Compact: {"a":1,"b":[]}          Pretty: {
///                                                "a": 1,
///                                                "b": []
///                                              }
///
/// Strings are escaped as nlohmann escapes them (ensure_ascii off): `\"`, `\\`, `\b`, `\f`, `\n`,
/// `\r`, `\t`, other control characters as `\u00xx` (lower-case hex), every other byte of
/// well-formed UTF-8 as it is. Text that is not UTF-8 throws JsonEncodingError, as `dump()`
/// throws `type_error` 316.

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace prune {

/// Text that JSON cannot carry: a string or key that is not well-formed UTF-8. what() is the
/// message nlohmann's `dump()` gave (`[json.exception.type_error.316] invalid UTF-8 byte at
/// index 1: 0xFF`, `... incomplete UTF-8 string; last byte: 0xC3`), so what a user is told did
/// not change when output began to be streamed.
class JsonEncodingError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// `dump()` (no whitespace at all) or `dump(2)` (a newline and two spaces per level before every
/// element, `": "` after keys, `[]` and `{}` for empty containers).
enum class JsonStyle { Compact, Pretty };

/// Writes one JSON value to `out` piece by piece. The calls must form a value: a key before each
/// member of an object, nothing after the top-level value; a misuse is a programming error
/// (asserted, not checked in release builds). The text reaches the stream in chunks of
/// kChunk bytes (one stream call each, not one per piece) and in full when the top-level value
/// is complete; the stream's state reports a failed write as usual. A writer abandoned before
/// its value is complete (an exception: JsonEncodingError, or one a caller throws between calls)
/// drops what it still holds, and the chunks already written stay written; or, kept, it can
/// close what is open (`unwind_to`). A call that throws JsonEncodingError writes nothing.
class JsonWriter {
  public:
    static constexpr std::size_t kChunk = 64 * 1024;

    JsonWriter(std::ostream& out, JsonStyle style);

    JsonStyle style() const { return pretty_ ? JsonStyle::Pretty : JsonStyle::Compact; }
    /// Containers open: 0 before and after the top-level value.
    std::size_t depth() const { return frames_.size(); }
    /// Closes every container opened after the first `depth`, completing a member whose key
    /// was written with `null`: after an exception between calls, what is written becomes
    /// well-formed again up to the container at `depth`, which takes more members as usual.
    void unwind_to(std::size_t depth);

    void begin_object();
    void end_object();
    void begin_array();
    void end_array();
    /// The next member's key (in an object only).
    void key(std::string_view name);

    void value(std::string_view text);
    void value(const std::string& text) { value(std::string_view(text)); }
    /// Without this overload a string literal would convert to bool.
    void value(const char* text) { value(std::string_view(text)); }
    void value(bool b);
    /// A floating-point number, in its shortest form that reads back the same; null when it is
    /// not finite (JSON has no NaN or infinity). Without it a double would convert to bool.
    void value(double d);
    /// Any integer, in decimal as nlohmann prints it (`-9223372036854775808`).
    template <std::integral T>
    requires(!std::same_as<T, bool>) void value(T n) {
        if constexpr (std::is_signed_v<T>) {
            write_integer(static_cast<std::int64_t>(n));
        } else {
            write_integer(static_cast<std::uint64_t>(n));
        }
    }
    void null();
    /// A scalar already in JSON form, written as it is: nlohmann's text of a floating-point
    /// number (`0.1`, `1e+100`), which this writer does not format itself.
    void raw_value(std::string_view json);

    /// Throws JsonEncodingError exactly when writing `text` as a string or key would, without
    /// writing anything: for text no parser checked, checked before a document's first byte.
    static void check_text(std::string_view text);

  private:
    struct Frame {
        bool object = false;
        bool empty = true;
    };

    /// What precedes an element: `,` after a sibling, then (pretty) a newline and the indent.
    void separate();
    /// The same in the innermost container, for an array element or a member's key.
    void next_in_frame();
    /// After each element: hands the text to the stream when a chunk is full or the top-level
    /// value is complete.
    void done();
    void flush();
    void begin(bool object, char open);
    void end(bool object, char close);
    /// One scalar element, written as it is.
    void scalar(std::string_view text);
    /// Runs `write`; if it throws, takes back what it wrote to the buffer and its state.
    template <class F> void all_or_nothing(F&& write);
    void write_integer(std::int64_t n);
    void write_integer(std::uint64_t n);
    void write_string(std::string_view text);
    void write_indent(std::size_t levels);

    std::ostream& out_;
    std::string buffer_; // text not yet handed to out_
    bool pretty_;
    bool after_key_ = false; // a key was written, its value comes next
    std::vector<Frame> frames_;
};

} // namespace prune
