// Functions that serialise, parse or digest whole values: md5, sha2, hash (Spark's Murmur3Hash
// with seed 42), to_json (Spark's JacksonGenerator) and json_tuple's parsing.
//
//     md5(CAST('abc' AS BINARY))          -> 900150983cd24fb0d6963f7d28e17f72
//     hash(1)                             -> -559580957
//     to_json(named_struct('a', 1, 'b', NULL))  -> {"a":1}   (null fields left out)

#include <array>
#include <cstring>
#include <variant>

#include <nlohmann/json.hpp>

#include "eval/eval_internal.hpp"
#include "types/datetime_pattern.hpp"

namespace prune::eval_detail {
namespace {

std::string hex(const std::uint8_t* bytes, std::size_t n) {
    static const char* kHex = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < n; ++i) {
        out.push_back(kHex[bytes[i] >> 4]);
        out.push_back(kHex[bytes[i] & 15]);
    }
    return out;
}

std::uint32_t rotl32(std::uint32_t x, int r) { return (x << r) | (x >> (32 - r)); }

/// The `width` bytes of `bytes` from `at` as a little-endian unsigned number.
std::uint64_t little_endian(std::string_view bytes, std::size_t at, std::size_t width) {
    std::uint64_t word = 0;
    for (std::size_t b = 0; b < width; ++b) {
        word |= static_cast<std::uint64_t>(static_cast<std::uint8_t>(bytes[at + b])) << (8 * b);
    }
    return word;
}

// --- MD5 (RFC 1321) --------------------------------------------------------------------------

std::string md5(std::string_view input) {
    static const std::uint32_t kS[64] = {
        7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 5,  9,  14, 20, 5,  9,
        14, 20, 5,  9,  14, 20, 5,  9,  14, 20, 4,  11, 16, 23, 4,  11, 16, 23, 4,  11, 16, 23,
        4,  11, 16, 23, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21};
    static const std::uint32_t kK[64] = {
        0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613,
        0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193,
        0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d,
        0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed,
        0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122,
        0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
        0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244,
        0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
        0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
        0xeb86d391};
    std::string msg(input);
    const std::uint64_t bit_len = static_cast<std::uint64_t>(input.size()) * 8;
    msg.push_back(static_cast<char>(0x80));
    while (msg.size() % 64 != 56) {
        msg.push_back('\0');
    }
    for (int i = 0; i < 8; ++i) {
        msg.push_back(static_cast<char>((bit_len >> (8 * i)) & 0xff));
    }
    std::uint32_t a0 = 0x67452301;
    std::uint32_t b0 = 0xefcdab89;
    std::uint32_t c0 = 0x98badcfe;
    std::uint32_t d0 = 0x10325476;
    for (std::size_t off = 0; off < msg.size(); off += 64) {
        std::uint32_t m[16];
        for (int i = 0; i < 16; ++i) {
            m[i] = 0;
            for (int b = 3; b >= 0; --b) {
                m[i] = (m[i] << 8) |
                       static_cast<std::uint8_t>(msg[off + static_cast<std::size_t>(4 * i + b)]);
            }
        }
        std::uint32_t a = a0;
        std::uint32_t b = b0;
        std::uint32_t c = c0;
        std::uint32_t d = d0;
        for (std::uint32_t i = 0; i < 64; ++i) {
            std::uint32_t f = 0;
            std::uint32_t g = 0;
            if (i < 16) {
                f = (b & c) | (~b & d);
                g = i;
            } else if (i < 32) {
                f = (d & b) | (~d & c);
                g = (5 * i + 1) % 16;
            } else if (i < 48) {
                f = b ^ c ^ d;
                g = (3 * i + 5) % 16;
            } else {
                f = c ^ (b | ~d);
                g = (7 * i) % 16;
            }
            f = f + a + kK[i] + m[g];
            a = d;
            d = c;
            c = b;
            b = b + rotl32(f, static_cast<int>(kS[i]));
        }
        a0 += a;
        b0 += b;
        c0 += c;
        d0 += d;
    }
    std::uint8_t out[16];
    const std::uint32_t words[4] = {a0, b0, c0, d0};
    for (int i = 0; i < 4; ++i) {
        for (int b = 0; b < 4; ++b) {
            out[4 * i + b] = static_cast<std::uint8_t>((words[i] >> (8 * b)) & 0xff);
        }
    }
    return hex(out, 16);
}

// --- SHA-2 (FIPS 180-4) ----------------------------------------------------------------------
//
// SHA-224/256 and SHA-384/512 are one algorithm over 32- or 64-bit words: the core below,
// given each family's word, round constants, initial values and rotation amounts.

// The first `digest_bytes` of the SHA-2 digest of `input` as hex, for round constants `k`,
// initial hash values `init` and the rotation amounts of sigma0 and sigma1 (two rotations,
// then a shift) and of Sigma0 and Sigma1 (three rotations).
template <class Word, std::size_t Rounds>
std::string sha2(std::string_view input, const Word (&k)[Rounds], const Word (&init)[8],
                 const int (&sigmas)[4][3], std::size_t digest_bytes);

std::string sha256(std::string_view input, bool is224) {
    static const std::uint32_t kK[64] = {
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2};
    static const std::uint32_t kInit224[8] = {0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939,
                                              0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4};
    static const std::uint32_t kInit256[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                              0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    static const int kSigmas[4][3] = {{7, 18, 3}, {17, 19, 10}, {2, 13, 22}, {6, 11, 25}};
    return sha2(input, kK, is224 ? kInit224 : kInit256, kSigmas, is224 ? 28 : 32);
}

std::string sha512(std::string_view input, bool is384) {
    static const std::uint64_t kK[80] = {
        0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
        0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
        0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
        0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
        0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
        0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
        0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
        0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
        0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
        0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
        0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
        0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
        0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
        0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
        0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
        0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
        0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
        0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
        0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
        0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL};
    static const std::uint64_t kInit384[8] = {
        0xcbbb9d5dc1059ed8ULL, 0x629a292a367cd507ULL, 0x9159015a3070dd17ULL, 0x152fecd8f70e5939ULL,
        0x67332667ffc00b31ULL, 0x8eb44a8768581511ULL, 0xdb0c2e0d64f98fa7ULL, 0x47b5481dbefa4fa4ULL};
    static const std::uint64_t kInit512[8] = {
        0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
        0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL};
    static const int kSigmas[4][3] = {{1, 8, 7}, {19, 61, 6}, {28, 34, 39}, {14, 18, 41}};
    return sha2(input, kK, is384 ? kInit384 : kInit512, kSigmas, is384 ? 48 : 64);
}

// The first `digest_bytes` of the SHA-2 digest of `input` as hex, for round constants `k`,
// initial hash values `init` and the rotation amounts of sigma0 and sigma1 (two rotations,
// then a shift) and of Sigma0 and Sigma1 (three rotations).
template <class Word, std::size_t Rounds>
std::string sha2(std::string_view input, const Word (&k)[Rounds], const Word (&init)[8],
                 const int (&sigmas)[4][3], std::size_t digest_bytes) {
    constexpr std::size_t kWordBytes = sizeof(Word);
    constexpr std::size_t kBlock = 16 * kWordBytes;
    constexpr int kWordBits = 8 * static_cast<int>(kWordBytes);
    const auto rotr = [](Word x, int r) {
        return static_cast<Word>((x >> r) | (x << (kWordBits - r)));
    };
    const auto sigma = [&](Word x, const int(&r)[3], bool shift) {
        return rotr(x, r[0]) ^ rotr(x, r[1]) ^ (shift ? x >> r[2] : rotr(x, r[2]));
    };
    Word h[8];
    std::memcpy(h, init, sizeof h);
    std::string msg(input);
    const std::uint64_t bit_len = static_cast<std::uint64_t>(input.size()) * 8;
    msg.push_back(static_cast<char>(0x80));
    // The length field is two words, big-endian; for SHA-384/512 its high 64 bits are zero.
    while (msg.size() % kBlock != kBlock - 2 * kWordBytes) {
        msg.push_back('\0');
    }
    msg.append(2 * kWordBytes - 8, '\0');
    for (int i = 7; i >= 0; --i) {
        msg.push_back(static_cast<char>((bit_len >> (8 * i)) & 0xff));
    }
    for (std::size_t off = 0; off < msg.size(); off += kBlock) {
        Word w[Rounds];
        for (std::size_t i = 0; i < 16; ++i) {
            w[i] = 0;
            for (std::size_t b = 0; b < kWordBytes; ++b) {
                w[i] = (w[i] << 8) | static_cast<std::uint8_t>(msg[off + kWordBytes * i + b]);
            }
        }
        for (std::size_t i = 16; i < Rounds; ++i) {
            w[i] = w[i - 16] + sigma(w[i - 15], sigmas[0], true) + w[i - 7] +
                   sigma(w[i - 2], sigmas[1], true);
        }
        Word v[8];
        std::memcpy(v, h, sizeof v);
        for (std::size_t i = 0; i < Rounds; ++i) {
            const Word ch = (v[4] & v[5]) ^ (~v[4] & v[6]);
            const Word t1 = v[7] + sigma(v[4], sigmas[3], false) + ch + k[i] + w[i];
            const Word maj = (v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]);
            const Word t2 = sigma(v[0], sigmas[2], false) + maj;
            v[7] = v[6];
            v[6] = v[5];
            v[5] = v[4];
            v[4] = v[3] + t1;
            v[3] = v[2];
            v[2] = v[1];
            v[1] = v[0];
            v[0] = t1 + t2;
        }
        for (std::size_t i = 0; i < 8; ++i) {
            h[i] += v[i];
        }
    }
    std::uint8_t out[8 * kWordBytes];
    for (std::size_t i = 0; i < 8; ++i) {
        for (std::size_t b = 0; b < kWordBytes; ++b) {
            out[kWordBytes * i + b] =
                static_cast<std::uint8_t>((h[i] >> (8 * (kWordBytes - 1 - b))) & 0xff);
        }
    }
    return hex(out, digest_bytes);
}

// --- Spark's HashExpression: Murmur3_x86_32 and XXH64 ------------------------------------------

std::uint32_t mix_k1(std::uint32_t k1) {
    k1 *= 0xcc9e2d51u;
    k1 = rotl32(k1, 15);
    k1 *= 0x1b873593u;
    return k1;
}

std::uint32_t mix_h1(std::uint32_t h1, std::uint32_t k1) {
    h1 ^= k1;
    h1 = rotl32(h1, 13);
    return h1 * 5 + 0xe6546b64u;
}

std::uint32_t fmix(std::uint32_t h1, std::uint32_t length) {
    h1 ^= length;
    h1 ^= h1 >> 16;
    h1 *= 0x85ebca6bu;
    h1 ^= h1 >> 13;
    h1 *= 0xc2b2ae35u;
    h1 ^= h1 >> 16;
    return h1;
}

/// Spark's Murmur3_x86_32 primitives (the `hash` function).
struct Murmur3 {
    using Hash = std::uint32_t;

    static Hash of_int(std::uint32_t input, Hash seed) {
        return fmix(mix_h1(seed, mix_k1(input)), 4);
    }

    static Hash of_long(std::uint64_t input, Hash seed) {
        Hash h1 = mix_h1(seed, mix_k1(static_cast<std::uint32_t>(input)));
        h1 = mix_h1(h1, mix_k1(static_cast<std::uint32_t>(input >> 32)));
        return fmix(h1, 8);
    }

    static Hash of_bytes(std::string_view bytes, Hash seed) {
        const std::size_t aligned = bytes.size() - bytes.size() % 4;
        Hash h1 = seed;
        for (std::size_t i = 0; i < aligned; i += 4) {
            h1 = mix_h1(h1, mix_k1(static_cast<std::uint32_t>(little_endian(bytes, i, 4))));
        }
        for (std::size_t i = aligned; i < bytes.size(); ++i) {
            // Spark mixes each trailing byte as a sign-extended int.
            const auto signed_byte = static_cast<std::int32_t>(static_cast<signed char>(bytes[i]));
            h1 = mix_h1(h1, mix_k1(static_cast<std::uint32_t>(signed_byte)));
        }
        return fmix(h1, static_cast<std::uint32_t>(bytes.size()));
    }
};

// --- XXH64 as Spark's XXH64 (standard XXH64 over little-endian words) ----------------------------

/// Spark's XXH64 primitives (the `xxhash64` function): hashInt and hashLong are XXH64 of the
/// value's 4 or 8 little-endian bytes, hashUnsafeBytes is XXH64 of the bytes.
struct Xxh64 {
    using Hash = std::uint64_t;
    static constexpr Hash kPrime1 = 0x9E3779B185EBCA87ULL;
    static constexpr Hash kPrime2 = 0xC2B2AE3D27D4EB4FULL;
    static constexpr Hash kPrime3 = 0x165667B19E3779F9ULL;
    static constexpr Hash kPrime4 = 0x85EBCA77C2B2AE63ULL;
    static constexpr Hash kPrime5 = 0x27D4EB2F165667C5ULL;

    static Hash rotl(Hash x, int r) { return (x << r) | (x >> (64 - r)); }

    static Hash round(Hash acc, Hash input) { return rotl(acc + input * kPrime2, 31) * kPrime1; }

    static Hash merge(Hash hash, Hash acc) { return (hash ^ round(0, acc)) * kPrime1 + kPrime4; }

    static Hash avalanche(Hash h) {
        h ^= h >> 33;
        h *= kPrime2;
        h ^= h >> 29;
        h *= kPrime3;
        h ^= h >> 32;
        return h;
    }

    static Hash eight(Hash h, Hash word) {
        return rotl(h ^ round(0, word), 27) * kPrime1 + kPrime4;
    }

    static Hash four(Hash h, Hash word) {
        return rotl(h ^ (word * kPrime1), 23) * kPrime2 + kPrime3;
    }

    static Hash of_int(std::uint32_t input, Hash seed) {
        return avalanche(four(seed + kPrime5 + 4, input));
    }

    static Hash of_long(std::uint64_t input, Hash seed) {
        return avalanche(eight(seed + kPrime5 + 8, input));
    }

    static Hash of_bytes(std::string_view bytes, Hash seed) {
        const std::size_t n = bytes.size();
        std::size_t at = 0;
        Hash h = 0;
        if (n >= 32) {
            Hash v[4] = {seed + kPrime1 + kPrime2, seed + kPrime2, seed, seed - kPrime1};
            for (; at + 32 <= n; at += 32) {
                for (std::size_t lane = 0; lane < 4; ++lane) {
                    v[lane] = round(v[lane], little_endian(bytes, at + 8 * lane, 8));
                }
            }
            h = rotl(v[0], 1) + rotl(v[1], 7) + rotl(v[2], 12) + rotl(v[3], 18);
            for (const Hash lane : v) {
                h = merge(h, lane);
            }
        } else {
            h = seed + kPrime5;
        }
        h += n;
        for (; at + 8 <= n; at += 8) {
            h = eight(h, little_endian(bytes, at, 8));
        }
        if (at + 4 <= n) {
            h = four(h, little_endian(bytes, at, 4));
            at += 4;
        }
        for (; at < n; ++at) {
            h = rotl(h ^ (static_cast<std::uint8_t>(bytes[at]) * kPrime5), 11) * kPrime1;
        }
        return avalanche(h);
    }
};

// BigInteger.toByteArray: minimal big-endian two's complement.
std::string big_integer_bytes(Int128 v) {
    std::string out;
    for (int i = 15; i >= 0; --i) {
        out.push_back(static_cast<char>(static_cast<std::uint8_t>((v >> (8 * i)) & 0xff)));
    }
    while (out.size() > 1) {
        const auto first = static_cast<std::uint8_t>(out[0]);
        const auto second = static_cast<std::uint8_t>(out[1]);
        if ((first == 0 && (second & 0x80) == 0) || (first == 0xff && (second & 0x80) != 0)) {
            out.erase(0, 1);
        } else {
            break;
        }
    }
    return out;
}

/// Spark's HashExpression over one value of `type`, with the primitives of `H`: each type is
/// hashed as Spark's generated code does (canonical -0.0 and NaN, decimals by their unscaled
/// value, nested values field by field, NULL leaves the seed as it is).
template <class H>
typename H::Hash hash_value_spark(const Value& v, const DataType& type, typename H::Hash seed,
                                  std::size_t depth) {
    if (v.is_null()) {
        return seed;
    }
    if (depth > 4 * kMaxNestingDepth) {
        unsupported("hash of a value nested too deeply");
    }
    switch (v.kind()) {
    case Value::Kind::Boolean:
        return H::of_int(v.as_bool() ? 1 : 0, seed);
    case Value::Kind::Integral:
        if (type.is(AtomicKind::Long)) {
            return H::of_long(static_cast<std::uint64_t>(v.as_int()), seed);
        }
        return H::of_int(static_cast<std::uint32_t>(static_cast<std::int32_t>(v.as_int())), seed);
    case Value::Kind::Date:
        return H::of_int(static_cast<std::uint32_t>(v.as_date()), seed);
    case Value::Kind::Timestamp:
        return H::of_long(static_cast<std::uint64_t>(v.as_timestamp()), seed);
    case Value::Kind::Float: {
        float f = v.as_float();
        if (f == 0.0f) {
            f = 0.0f; // -0.0 hashes as 0.0
        }
        std::uint32_t bits = 0;
        if (f != f) {
            bits = 0x7fc00000u; // Java's canonical NaN
        } else {
            std::memcpy(&bits, &f, sizeof bits);
        }
        return H::of_int(bits, seed);
    }
    case Value::Kind::Double: {
        double d = v.as_double();
        if (d == 0.0) {
            d = 0.0;
        }
        std::uint64_t bits = 0;
        if (d != d) {
            bits = 0x7ff8000000000000ULL;
        } else {
            std::memcpy(&bits, &d, sizeof bits);
        }
        return H::of_long(bits, seed);
    }
    case Value::Kind::Decimal: {
        const AtomicType* a = type.atomic();
        const DecimalValue& d = v.as_decimal();
        if (a != nullptr && a->precision <= 18) {
            return H::of_long(static_cast<std::uint64_t>(static_cast<std::int64_t>(d.unscaled)),
                              seed);
        }
        return H::of_bytes(big_integer_bytes(d.unscaled), seed);
    }
    case Value::Kind::String:
        return H::of_bytes(v.as_string(), seed);
    case Value::Kind::Binary:
        return H::of_bytes(v.as_binary(), seed);
    case Value::Kind::Array: {
        if (type.array() == nullptr) {
            throw std::bad_variant_access();
        }
        const TypePtr& element = type.array()->element;
        typename H::Hash h = seed;
        for (const Value& x : v.items()) {
            h = hash_value_spark<H>(x, *element, h, depth + 1);
        }
        return h;
    }
    case Value::Kind::Map: {
        if (type.map() == nullptr) {
            throw std::bad_variant_access();
        }
        const MapType& m = *type.map();
        typename H::Hash h = seed;
        for (std::size_t i = 0; i < v.map().keys.size(); ++i) {
            h = hash_value_spark<H>(v.map().keys[i], *m.key, h, depth + 1);
            h = hash_value_spark<H>(v.map().values[i], *m.value, h, depth + 1);
        }
        return h;
    }
    case Value::Kind::Struct: {
        if (type.struct_type() == nullptr) {
            throw std::bad_variant_access();
        }
        const StructType& s = *type.struct_type();
        typename H::Hash h = seed;
        for (std::size_t i = 0; i < v.fields().size() && i < s.size(); ++i) {
            h = hash_value_spark<H>(v.fields()[i], *s[i].type, h, depth + 1);
        }
        return h;
    }
    case Value::Kind::Null:
        return seed;
    }
    return seed;
}

// --- to_json and to_csv -------------------------------------------------------------------------

/// A timestamp as the JSON and CSV writers' default pattern prints it in UTC,
/// yyyy-MM-dd'T'HH:mm:ss.SSSXXX: `2024-03-15T10:20:30.000Z`.
std::string iso_millis_text(std::int64_t micros) {
    static const DateTimePattern kPattern = [] {
        std::string why;
        std::optional<DateTimePattern> p = DateTimePattern::compile(
            "yyyy-MM-dd'T'HH:mm:ss.SSSXXX", DateTimePattern::Use::Format, why);
        if (!p) {
            throw InternalError("the JSON writers' timestamp pattern: " + why);
        }
        return *std::move(p);
    }();
    return kPattern.format(micros);
}

// Spark's to_json writes strings and keys through Jackson.
std::string jackson_string(std::string_view s) { return json_quote(s, JsonQuoting::Jackson); }

// Java's BigDecimal.toString: plain unless the adjusted exponent is below -6.
std::string big_decimal_text(const DecimalValue& d) {
    const std::string plain = decimal_to_string(d);
    std::string digits;
    for (char c : plain) {
        if (c >= '0' && c <= '9') {
            digits.push_back(c);
        }
    }
    std::size_t lead = 0;
    while (lead + 1 < digits.size() && digits[lead] == '0') {
        ++lead;
    }
    digits = digits.substr(lead);
    const long adjusted = -static_cast<long>(d.scale) + static_cast<long>(digits.size()) - 1;
    if (d.scale >= 0 && adjusted >= -6) {
        return plain;
    }
    // Appends only: GCC 12's -Wrestrict misfires on `"." + s` chains at -O2.
    std::string out;
    if (d.unscaled < 0) {
        out.push_back('-');
    }
    out.append(digits, 0, 1);
    if (digits.size() > 1) {
        out.push_back('.');
        out.append(digits, 1, std::string::npos);
    }
    out.push_back('E');
    if (adjusted >= 0) {
        out.push_back('+');
    }
    out.append(std::to_string(adjusted));
    return out;
}

// Appends `"text"` (appends only: GCC 12's -Wrestrict misfires on `"\"" + s` at -O2).
void append_quoted(std::string& out, std::string_view text) {
    out.push_back('"');
    out.append(text);
    out.push_back('"');
}

void write_json(const Value& v, const DataType& type, std::string& out, std::size_t depth) {
    if (depth > 4 * kMaxNestingDepth) {
        unsupported("to_json of a value nested too deeply");
    }
    switch (v.kind()) {
    case Value::Kind::Null:
        out += "null";
        return;
    case Value::Kind::Boolean:
        out += v.as_bool() ? "true" : "false";
        return;
    case Value::Kind::Integral:
        out += std::to_string(v.as_int());
        return;
    case Value::Kind::Float:
    case Value::Kind::Double: {
        const std::string text = v.kind() == Value::Kind::Float ? java_float_text(v.as_float())
                                                                : java_double_text(v.as_double());
        const bool finite = text != "NaN" && text != "Infinity" && text != "-Infinity";
        if (finite) {
            out += text;
        } else {
            append_quoted(out, text);
        }
        return;
    }
    case Value::Kind::Decimal:
        out += big_decimal_text(v.as_decimal());
        return;
    case Value::Kind::String:
        out += jackson_string(v.as_string());
        return;
    case Value::Kind::Binary:
        append_quoted(out, base64_encode(v.as_binary()));
        return;
    case Value::Kind::Date:
        append_quoted(out, date_to_string(v.as_date()));
        return;
    case Value::Kind::Timestamp:
        append_quoted(out, iso_millis_text(v.as_timestamp()));
        return;
    case Value::Kind::Array: {
        if (type.array() == nullptr) {
            throw std::bad_variant_access();
        }
        const TypePtr& element = type.array()->element;
        out += '[';
        for (std::size_t i = 0; i < v.items().size(); ++i) {
            out += i == 0 ? "" : ",";
            write_json(v.items()[i], *element, out, depth + 1);
        }
        out += ']';
        return;
    }
    case Value::Kind::Map: {
        if (type.map() == nullptr) {
            throw std::bad_variant_access();
        }
        const MapType& m = *type.map();
        out += '{';
        for (std::size_t i = 0; i < v.map().keys.size(); ++i) {
            out += i == 0 ? "" : ",";
            out += jackson_string(value_to_string(v.map().keys[i], *m.key));
            out += ':';
            write_json(v.map().values[i], *m.value, out, depth + 1);
        }
        out += '}';
        return;
    }
    case Value::Kind::Struct: {
        if (type.struct_type() == nullptr) {
            throw std::bad_variant_access();
        }
        const StructType& s = *type.struct_type();
        out += '{';
        bool first = true;
        for (std::size_t i = 0; i < v.fields().size() && i < s.size(); ++i) {
            if (v.fields()[i].is_null()) {
                continue; // spark.sql.jsonGenerator.ignoreNullFields
            }
            out += first ? "" : ",";
            first = false;
            out += jackson_string(s[i].name);
            out += ':';
            write_json(v.fields()[i], *s[i].type, out, depth + 1);
        }
        out += '}';
        return;
    }
    }
}

} // namespace

std::string md5_hex(std::string_view bytes) { return md5(bytes); }

std::optional<std::string> sha2_hex(std::string_view bytes, std::int64_t bits) {
    switch (bits) {
    case 0:
    case 256:
        return sha256(bytes, false);
    case 224:
        return sha256(bytes, true);
    case 384:
        return sha512(bytes, true);
    case 512:
        return sha512(bytes, false);
    default:
        return std::nullopt;
    }
}

namespace {

/// Spark's HashExpression over its arguments, each seeded by the hash so far (first 42).
template <class H>
typename H::Hash hash_values(const std::vector<Value>& values, const std::vector<TypePtr>& types) {
    typename H::Hash h = 42;
    for (std::size_t i = 0; i < values.size(); ++i) {
        h = hash_value_spark<H>(values[i], *types[i], h, 0);
    }
    return h;
}

} // namespace

std::int32_t murmur3_hash(const std::vector<Value>& values, const std::vector<TypePtr>& types) {
    return static_cast<std::int32_t>(hash_values<Murmur3>(values, types));
}

std::int64_t xxhash64(const std::vector<Value>& values, const std::vector<TypePtr>& types) {
    return static_cast<std::int64_t>(hash_values<Xxh64>(values, types));
}

std::uint64_t xxh64_bytes(std::string_view bytes, std::uint64_t seed) {
    return Xxh64::of_bytes(bytes, seed);
}

std::string spark_to_json(const Value& v, const DataType& type) {
    std::string out;
    write_json(v, type, out, 0);
    return out;
}

std::string spark_to_csv(const Value& row, const StructType& type) {
    std::string out;
    for (std::size_t i = 0; i < type.size(); ++i) {
        if (i > 0) {
            out.push_back(',');
        }
        const Value& v = row.fields()[i];
        std::string text;
        switch (v.kind()) {
        case Value::Kind::Null:
            continue; // nullValue: nothing between the commas
        case Value::Kind::Boolean:
        case Value::Kind::Integral:
            text = value_to_string(v, *type[i].type);
            break;
        case Value::Kind::Float:
            text = java_float_text(v.as_float());
            break;
        case Value::Kind::Double:
            text = java_double_text(v.as_double());
            break;
        case Value::Kind::Decimal:
            text = big_decimal_text(v.as_decimal());
            break;
        case Value::Kind::Date:
            text = date_to_string(v.as_date());
            break;
        case Value::Kind::Timestamp:
            if (!type[i].type->is(AtomicKind::Timestamp)) {
                unsupported("to_csv of a TIMESTAMP_NTZ value");
            }
            text = iso_millis_text(v.as_timestamp());
            break;
        case Value::Kind::String:
            text = v.as_string();
            break;
        default:
            unsupported("to_csv of a value of type " + catalog_string(*type[i].type));
        }
        // Univocity's writer trims, quotes and escapes: only text it writes as it is is
        // written here.
        const bool plain = !text.empty() && static_cast<unsigned char>(text.front()) > ' ' &&
                           static_cast<unsigned char>(text.back()) > ' ' &&
                           std::none_of(text.begin(), text.end(), [](char ch) {
                               const auto c = static_cast<unsigned char>(ch);
                               return c < ' ' || c == ',' || c == '"' || c == '\\' || c >= 0x7f;
                           });
        if (!plain) {
            unsupported("to_csv of the value '" + text +
                        "' (Univocity's CSV writer trims, quotes or escapes it: not modelled)");
        }
        out += text;
    }
    return out;
}

std::vector<Value> spark_json_tuple(const Value& json, const std::vector<Value>& keys) {
    std::vector<Value> out(keys.size(), Value::null());
    if (json.is_null()) {
        return out;
    }
    // Ordered, so that a nested object prints its keys as written; a repeated key keeps its
    // last value, as Spark's field-by-field scan does.
    const nlohmann::ordered_json doc =
        nlohmann::ordered_json::parse(json.as_string(), nullptr, /*allow_exceptions=*/false);
    if (!doc.is_object()) {
        return out;
    }
    for (std::size_t i = 0; i < keys.size(); ++i) {
        if (keys[i].is_null()) {
            continue;
        }
        const auto it = doc.find(keys[i].as_string());
        if (it == doc.end() || it->is_null()) {
            continue;
        }
        out[i] = Value::string(it->is_string() ? it->get<std::string>() : it->dump());
    }
    return out;
}

} // namespace prune::eval_detail
