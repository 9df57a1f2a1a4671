#pragma once
/// The character sets Spark 4's encode and decode accept (CharsetProvider, without
/// spark.sql.legacy.javaCharsets), between text (UTF-8 here) and bytes.
///
///     encode_text("é", Iso88591)        ->  "\xE9"
///     encode_text("é", Utf16)           ->  "\xFE\xFF\x00\xE9"  (a byte-order mark, big-endian)
///     decode_bytes("\xFF\xFE\xE9\x00", Utf16)  ->  "é"         (the mark says little-endian)
///
/// What a charset cannot hold (a character beyond it, bytes that are not a sequence of it) is
/// replaced by Java's String methods and reported by Spark's coders, depending on Spark's version
/// and spark.sql.legacy.codingErrorAction: nullopt, for the caller to refuse.

#include <optional>
#include <string>
#include <string_view>

namespace prune {

enum class Charset { UsAscii, Iso88591, Utf8, Utf16Be, Utf16Le, Utf16 };

/// The charset `name` names (US-ASCII, ISO-8859-1, UTF-8, UTF-16BE, UTF-16LE, UTF-16, in any
/// case); nullopt for another name.
std::optional<Charset> spark_charset(std::string_view name);

/// The six names, as Spark's error lists them.
inline constexpr std::string_view kSparkCharsets =
    "US-ASCII, ISO-8859-1, UTF-8, UTF-16BE, UTF-16LE, UTF-16";

/// `text` (well-formed UTF-8) in `charset`; nullopt for a character it cannot hold. UTF-16
/// starts with a byte-order mark, but for the empty text (no bytes, as Java's encoder writes
/// the mark with the first character).
std::optional<std::string> encode_text(std::string_view text, Charset charset);

/// `bytes` read in `charset`, as UTF-8; nullopt for bytes that are not text in it.
std::optional<std::string> decode_bytes(std::string_view bytes, Charset charset);

} // namespace prune
