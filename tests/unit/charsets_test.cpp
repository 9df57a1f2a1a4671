// encode_text and decode_bytes against Java's String.getBytes and new String(bytes, charset).

#include <catch2/catch.hpp>

#include "eval/charsets.hpp"

using namespace prune;

TEST_CASE("Spark's charsets are its six names, in any case", "[eval]") {
    CHECK(spark_charset("utf-8") == Charset::Utf8);
    CHECK(spark_charset("Utf-16le") == Charset::Utf16Le);
    CHECK(spark_charset("iso-8859-1") == Charset::Iso88591);
    CHECK_FALSE(spark_charset("UTF8")); // a Java alias, not one of Spark's names
    CHECK_FALSE(spark_charset("latin1"));
}

TEST_CASE("text is encoded as Java encodes it", "[eval]") {
    const std::string zoe = "Zo\xC3\xAB"; // Zoë
    CHECK(encode_text(zoe, Charset::Utf8) == zoe);
    CHECK(encode_text(zoe, Charset::Iso88591) == std::string("Zo\xEB"));
    CHECK(encode_text(zoe, Charset::Utf16Be) == std::string("\0Z\0o\0\xEB", 6));
    CHECK(encode_text(zoe, Charset::Utf16Le) == std::string("Z\0o\0\xEB\0", 6));
    CHECK(encode_text(zoe, Charset::Utf16) == std::string("\xFE\xFF\0Z\0o\0\xEB", 8));
    CHECK(encode_text("", Charset::Utf16) == std::string()); // no mark without a character
    // U+1F600 as a surrogate pair.
    CHECK(encode_text("\xF0\x9F\x98\x80", Charset::Utf16Be) == std::string("\xD8\x3D\xDE\x00", 4));
    // What a charset cannot hold: replaced or an error, by Spark's version.
    CHECK_FALSE(encode_text(zoe, Charset::UsAscii));
    CHECK_FALSE(encode_text("\xE2\x82\xAC", Charset::Iso88591)); // €
}

TEST_CASE("bytes are decoded as Java decodes them", "[eval]") {
    CHECK(decode_bytes("Zo\xEB", Charset::Iso88591) == std::string("Zo\xC3\xAB"));
    CHECK(decode_bytes(std::string("\xFF\xFEZ\0", 4), Charset::Utf16) == std::string("Z"));
    CHECK(decode_bytes(std::string("\0Z", 2), Charset::Utf16) == std::string("Z")); // no mark
    // UTF-16BE keeps a leading mark as the character U+FEFF.
    CHECK(decode_bytes(std::string("\xFE\xFF\0Z", 4), Charset::Utf16Be) ==
          std::string("\xEF\xBB\xBFZ"));
    CHECK(decode_bytes(std::string("\xD8\x3D\xDE\x00", 4), Charset::Utf16Be) ==
          std::string("\xF0\x9F\x98\x80"));
    // Bytes that are not text in the charset.
    CHECK_FALSE(decode_bytes("\x80", Charset::UsAscii));
    CHECK_FALSE(decode_bytes("\xC3", Charset::Utf8));
    CHECK_FALSE(decode_bytes(std::string(1, 'Z'), Charset::Utf16Be));        // an odd count
    CHECK_FALSE(decode_bytes(std::string("\xDC\x00", 2), Charset::Utf16Be)); // a lone low surrogate
}
