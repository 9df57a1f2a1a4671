// mime_base64_decode against java.util.Base64.getMimeDecoder(), valid_base64 against Spark's
// UnBase64.isValidBase64 (its own examples).

#include <catch2/catch.hpp>

#include "eval/java_base64.hpp"

using namespace prune;

TEST_CASE("the MIME decoder skips what is not base64", "[eval]") {
    CHECK(mime_base64_decode("U3BhcmsgU1FM") == std::string("Spark SQL"));
    CHECK(mime_base64_decode("U3Bh cmsg\r\nU1FM") == std::string("Spark SQL"));
    CHECK(mime_base64_decode("U3BhcmsgU1E=") == std::string("Spark SQ"));
    CHECK(mime_base64_decode("U3BhcmsgUw==") == std::string("Spark S"));
    CHECK(mime_base64_decode("U3BhcmsgUw") == std::string("Spark S")); // no padding
    CHECK(mime_base64_decode("QQ==  \n") == std::string("A"));         // after the padding
    CHECK(mime_base64_decode("Q!Q?==") == std::string("A"));
    CHECK(mime_base64_decode("") == std::string());
    CHECK(mime_base64_decode("!") == std::string());
}

TEST_CASE("the MIME decoder throws on a bad ending", "[eval]") {
    CHECK_FALSE(mime_base64_decode("QQ=x"));   // "xx=" not followed by '='
    CHECK_FALSE(mime_base64_decode("QQ="));    // the second '=' missing
    CHECK_FALSE(mime_base64_decode("=QQ"));    // padding that starts a group
    CHECK_FALSE(mime_base64_decode("Q"));      // one symbol: not a byte
    CHECK_FALSE(mime_base64_decode("Q=="));    // padding after one symbol
    CHECK_FALSE(mime_base64_decode("QQ==QQ")); // a symbol after the padding
}

TEST_CASE("Spark's check of base64 text", "[eval]") {
    CHECK(valid_base64("abcd"));
    CHECK(valid_base64("abc d"));
    CHECK_FALSE(valid_base64("abc?"));
    CHECK_FALSE(valid_base64("abcdA"));
    CHECK(valid_base64("abcdAE"));
    CHECK(valid_base64("abcdAE=="));
    CHECK_FALSE(valid_base64("abcdAE="));
    CHECK_FALSE(valid_base64("ab==tm+1"));
    CHECK(valid_base64(""));
}
