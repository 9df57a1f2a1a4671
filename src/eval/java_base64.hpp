#pragma once
/// Base64 as Spark reads it: Java's MIME decoder (unbase64) and Spark's own check of RFC 4648
/// text (to_binary(s, 'base64'), UnBase64.isValidBase64).
///
///     mime_base64_decode("U3Bh cmsg\nU1FM")  ->  "Spark SQL"  (what is not base64 is skipped)
///     mime_base64_decode("QQ=x")             ->  nullopt     (Java throws: a bad ending)
///     valid_base64("abcdAE=")                ->  false       (padding makes a group of 4)

#include <optional>
#include <string>
#include <string_view>

namespace prune {

/// The value (0 to 63) of a symbol of the base64 alphabet, -2 for the padding '=', -1 for
/// anything else.
int base64_symbol(unsigned char c);

/// The bytes Base64.getMimeDecoder().decode(text) returns; nullopt where it throws
/// IllegalArgumentException. Text beyond ASCII reads as bytes that are not base64 (Java
/// decodes the ISO-8859-1 bytes of the string, '?' for what has none).
std::optional<std::string> mime_base64_decode(std::string_view text);

/// Spark's UnBase64.isValidBase64 for ASCII text: groups of four symbols (whitespace between
/// them ignored), the last of two to four, padded with '=' to four or not at all.
bool valid_base64(std::string_view text);

} // namespace prune
