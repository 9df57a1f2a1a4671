// Spark's hash functions: XXH64 against the reference implementation's published vectors, and
// both HashExpressions against the examples of Spark's documentation.

#include <catch2/catch.hpp>

#include "eval/eval_internal.hpp"

using namespace prune;

TEST_CASE("XXH64 matches the reference implementation", "[eval][hash]") {
    struct Case {
        std::string_view bytes;
        std::uint64_t seed;
        std::uint64_t hash;
    };
    const Case cases[] = {
        {"", 0, 0xEF46DB3751D8E999ULL},
        {"a", 0, 0xD24EC4F1A98C6E5BULL},
        {"abc", 0, 0x44BC2CF5AD770999ULL},
        // 39 bytes: the 32-byte stripe loop, one 8-byte word, no 4-byte word, 7 single bytes
        {"Nobody inspects the spammish repetition", 0, 0xFBCEA83C8A378BF1ULL},
        {"xxhash", 20141025, 0xB559B98D844E0635ULL},
    };
    for (const Case& c : cases) {
        INFO(c.bytes);
        CHECK(eval_detail::xxh64_bytes(c.bytes, c.seed) == c.hash);
    }
}
