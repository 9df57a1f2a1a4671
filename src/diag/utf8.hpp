#pragma once
/// Well-formed UTF-8, as every input is required to be and every output is.
///
///     "na\0me"        -> bad text at 2, length 1, a NUL
///     "caf\xC3\xA9"   -> clean (é is C3 A9)
///     "\xC0\xAF"      -> bad text at 0: an overlong form of '/'
///
/// Names, comments and string literals are printed again (text, JSON, diagnostics), and JSON has
/// no form for a byte that is not UTF-8, so inputs are checked before they are parsed.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace prune {

/// The length of the well-formed UTF-8 sequence that starts at `text[at]` (1 to 4), or 0 when
/// none does: a stray continuation byte, a truncated sequence, an overlong form, a surrogate,
/// a code point beyond U+10FFFF.
std::size_t utf8_sequence_length(std::string_view text, std::size_t at);

/// The first place in `text` that an input may not hold.
struct BadText {
    std::size_t at = 0;     // byte offset in the text checked
    std::size_t length = 1; // bytes of the offending sequence (at least 1)
    bool nul = false;       // a NUL byte rather than malformed UTF-8
    /// "NUL byte in input" or "invalid UTF-8".
    std::string message() const;
};

/// The first NUL byte or malformed UTF-8 sequence in `text`, or nothing when it is clean.
std::optional<BadText> find_bad_text(std::string_view text);

/// The offset of the first control character (U+0000 to U+001F, U+007F) in `name`, which no
/// schema name may hold: names are printed again (plans, catalog strings, diagnostics), where a
/// NUL or an escape sequence would corrupt the output or the terminal.
std::optional<std::size_t> find_control_character(std::string_view name);
/// `control character U+0001 in <what>` for the control character `c`, the one message every
/// schema reader gives.
std::string control_character_message(char c, std::string_view what);

/// Appends the UTF-8 form of code point `cp` (an escape such as `\u00e9` in a literal). A lone
/// surrogate or a value past U+10FFFF has none: U+FFFD, as Java's encoder writes '?'.
void append_utf8(std::string& out, std::uint32_t cp);

/// `line` made safe to show on a terminal: each control character (but tab) and each malformed
/// sequence becomes U+FFFD, one replacement per column as locations count columns.
std::string printable(std::string_view line);

} // namespace prune
