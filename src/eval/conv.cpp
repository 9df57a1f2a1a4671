// Spark's NumberConverter, its arithmetic kept as Scala runs it.

#include "eval/conv.hpp"

#include "eval/eval_internal.hpp"

namespace prune {

std::optional<std::string> spark_conv(std::string_view text, std::int64_t from, std::int64_t to) {
    const std::int64_t to_radix = to < 0 ? -to : to;
    if (from < 2 || from > 36 || to_radix < 2 || to_radix > 36 || text.empty()) {
        return std::nullopt;
    }
    const auto radix = static_cast<std::uint64_t>(from);
    const auto digit = [&](char ch) -> std::int64_t { // Character.digit of a (signed) byte
        const int d = ch >= '0' && ch <= '9'   ? ch - '0'
                      : ch >= 'a' && ch <= 'z' ? ch - 'a' + 10
                      : ch >= 'A' && ch <= 'Z' ? ch - 'A' + 10
                                               : -1;
        return d < from ? d : -1;
    };
    bool negative = text[0] == '-';
    const auto bound = static_cast<std::int64_t>((~std::uint64_t{0} - radix) / radix);
    std::int64_t v = 0;
    for (std::size_t i = negative ? 1 : 0; i < text.size(); ++i) {
        const std::int64_t d = digit(text[i]);
        if (d < 0) {
            break; // the rest is ignored
        }
        if (v < 0) {
            // Past 2^63 Scala's signed `v >= bound` is false, and NumberConverter would wrap
            // where an unsigned test raises; which its versions do is not established here.
            eval_detail::unsupported("conv of more digits after a value past 2^63 (whether "
                                     "Spark wraps or raises there is not modelled)");
        }
        if (v >= bound && static_cast<std::int64_t>(
                              (~std::uint64_t{0} - static_cast<std::uint64_t>(d)) / radix) < v) {
            eval_detail::raise("ARITHMETIC_OVERFLOW",
                               "Overflow in function conv(). If necessary set "
                               "\"spark.sql.ansi.enabled\" to \"false\" to bypass "
                               "this error.");
        }
        v = static_cast<std::int64_t>(static_cast<std::uint64_t>(v) * radix +
                                      static_cast<std::uint64_t>(d));
    }
    const auto negated = [](std::int64_t x) {
        return static_cast<std::int64_t>(std::uint64_t{0} - static_cast<std::uint64_t>(x));
    };
    if (negative && to > 0) {
        v = v < 0 ? -1 : negated(v);
    }
    if (to < 0 && v < 0) {
        v = negated(v);
        negative = true;
    }
    static constexpr char kDigits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    std::string out;
    for (auto u = static_cast<std::uint64_t>(v); u != 0;
         u /= static_cast<std::uint64_t>(to_radix)) {
        out.insert(out.begin(), kDigits[u % static_cast<std::uint64_t>(to_radix)]);
    }
    if (out.empty()) {
        out.push_back('0');
    }
    if (negative && to < 0) {
        out.insert(out.begin(), '-');
    }
    return out;
}

} // namespace prune
