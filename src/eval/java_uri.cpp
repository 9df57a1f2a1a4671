// java.net.URI's parser (RFC 2396 and Java's deviations from it), as far as parse_url needs it.
//
//     [scheme:]//authority path [?query] [#fragment]     a hierarchical URI
//     scheme:opaque-part [#fragment]                     an opaque one (mailto:a@b.c)
//
// The authority is server-based ([user-info@]host[:port]) when it parses so, and otherwise a
// registry name: `http://my_host/` has no host (a label may not hold '_'), only an authority.

#include "eval/java_uri.hpp"

#include <algorithm>

#include "eval/eval_internal.hpp"
#include "util/ascii.hpp"

namespace prune {
namespace {

/// What `new URI` throws: URISyntaxException.
struct Invalid {};

bool alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool digit(char c) { return c >= '0' && c <= '9'; }
bool alphanum(char c) { return alpha(c) || digit(c); }
bool one_of(char c, std::string_view set) { return set.find(c) != std::string_view::npos; }
bool unreserved(char c) { return alphanum(c) || one_of(c, "-_.!~*'()"); }

// RFC 2396's character classes as java.net.URI defines them. The classes that allow escapes
// ("%" hex hex) say so at the scan.
bool scheme_char(char c) { return alphanum(c) || one_of(c, "+-."); }
bool uric(char c) { return unreserved(c) || one_of(c, ";/?:@&=+$,[]"); }
bool path_char(char c) { return unreserved(c) || one_of(c, ":@&=+$,;/"); }
bool user_info_char(char c) { return unreserved(c) || one_of(c, ";:&=+$,"); }
bool reg_name_char(char c) { return unreserved(c) || one_of(c, "$,;:@&=+"); }
bool server_char(char c) { return user_info_char(c) || one_of(c, "-.:@[]"); }

class Parser {
  public:
    explicit Parser(std::string_view s) : s_(s) {}

    JavaUri parse() {
        const std::size_t n = s_.size();
        std::size_t p = 0;
        // A scheme is what comes before a ':' that no '/', '?' or '#' precedes.
        const std::size_t colon = s_.find_first_of(":/?#");
        if (colon != std::string_view::npos && s_[colon] == ':') {
            if (colon == 0 || !alpha(s_[0])) {
                throw Invalid{};
            }
            check(1, colon, scheme_char, false);
            uri_.scheme = std::string(s_.substr(0, colon));
            p = colon + 1;
            if (at(p, '/')) {
                p = hierarchical(p);
            } else {
                const std::size_t end = find(p, n, "#");
                if (end <= p) {
                    throw Invalid{}; // no scheme-specific part
                }
                check(p, end, uric, true); // opaque: no authority, path or query
                p = end;
            }
        } else {
            p = hierarchical(0);
        }
        if (at(p, '#')) {
            check(p + 1, n, uric, true);
            uri_.fragment = std::string(s_.substr(p + 1));
            p = n;
        }
        if (p < n) {
            throw Invalid{};
        }
        return std::move(uri_);
    }

  private:
    bool at(std::size_t p, char c) const { return p < s_.size() && s_[p] == c; }

    /// The first of `stops` in [p, end), or end.
    std::size_t find(std::size_t p, std::size_t end, std::string_view stops) const {
        return std::min(end, s_.find_first_of(stops, p));
    }

    /// The end of the run from `p` of characters `ok` takes (and escapes, with `escapes`); a
    /// '%' not followed by two hex digits where escapes are allowed is malformed.
    std::size_t scan(std::size_t p, std::size_t end, bool (*ok)(char), bool escapes) const {
        while (p < end) {
            if (ok(s_[p])) {
                ++p;
            } else if (escapes && s_[p] == '%') {
                if (p + 3 > end || hex_digit_value(s_[p + 1]) < 0 ||
                    hex_digit_value(s_[p + 2]) < 0) {
                    throw Invalid{};
                }
                p += 3;
            } else {
                break;
            }
        }
        return p;
    }

    void check(std::size_t p, std::size_t end, bool (*ok)(char), bool escapes) const {
        if (scan(p, end, ok, escapes) < end) {
            throw Invalid{};
        }
    }

    std::size_t hierarchical(std::size_t p) {
        const std::size_t n = s_.size();
        if (at(p, '/') && at(p + 1, '/')) {
            p += 2;
            const std::size_t end = find(p, n, "/?#");
            if (end > p) {
                p = authority(p, end);
            } else if (end == n) {
                throw Invalid{}; // "//" and nothing after it
            }                    // Java allows an empty authority before a path, query or fragment
        }
        const std::size_t end = find(p, n, "?#");
        check(p, end, path_char, true);
        uri_.path = std::string(s_.substr(p, end - p));
        p = end;
        if (at(p, '?')) {
            ++p;
            const std::size_t query_end = find(p, n, "#");
            check(p, query_end, uric, true);
            uri_.query = std::string(s_.substr(p, query_end - p));
            p = query_end;
        }
        return p;
    }

    std::size_t authority(std::size_t p, std::size_t end) {
        const std::string_view text = s_.substr(p, end - p);
        if (text.find_first_of("[]") != std::string_view::npos) {
            eval_detail::unsupported(
                "parse_url of a URL with an IPv6 literal (java.net.URI's rules for them "
                "are not modelled)");
        }
        const bool server = scan(p, end, server_char, true) == end;
        const bool registry = scan(p, end, reg_name_char, true) == end;
        if (server) {
            try {
                this->server(p, end);
                uri_.authority = std::string(text);
                return end;
            } catch (const Invalid&) {
                uri_.user_info.reset();
                uri_.host.reset();
            }
        }
        if (!registry) {
            throw Invalid{};
        }
        uri_.authority = std::string(text);
        return end;
    }

    /// [user-info@]host[:port], all of [p, end); throws Invalid otherwise.
    void server(std::size_t p, std::size_t end) {
        const std::size_t at_sign = find(p, end, "@");
        if (at_sign < end) {
            check(p, at_sign, user_info_char, true);
            uri_.user_info = std::string(s_.substr(p, at_sign - p));
            p = at_sign + 1;
        }
        std::size_t q = ipv4(p, end);
        if (q <= p) {
            q = hostname(p, end);
        }
        uri_.host = std::string(s_.substr(p, q - p));
        p = q;
        if (at(p, ':') && p < end) {
            ++p;
            q = p;
            while (q < end && digit(s_[q])) {
                ++q;
            }
            // An int (Integer.parseInt): at most 2147483647.
            const std::string_view port = s_.substr(p, q - p);
            const std::size_t first = std::min(port.find_first_not_of('0'), port.size());
            if (port.size() - first > 10 ||
                (port.size() - first == 10 && port.substr(first) > "2147483647")) {
                throw Invalid{};
            }
            p = q;
        }
        if (p < end) {
            throw Invalid{};
        }
    }

    /// The end of a dotted IPv4 address of four bytes at `p` followed by the end or ':', or p
    /// when there is none.
    std::size_t ipv4(std::size_t p, std::size_t end) const {
        std::size_t run = p;
        while (run < end && (digit(s_[run]) || s_[run] == '.')) {
            ++run;
        }
        std::size_t q = p;
        for (int part = 0; part < 4; ++part) {
            if (part > 0) {
                if (q >= run || s_[q] != '.') {
                    return p;
                }
                ++q;
            }
            std::size_t d = q;
            int value = 0;
            while (d < run && digit(s_[d])) {
                value = std::min(256, value * 10 + (s_[d] - '0'));
                ++d;
            }
            if (d == q || value > 255) {
                return p;
            }
            q = d;
        }
        if (q < run || (q < end && s_[q] != ':')) {
            return p;
        }
        return q;
    }

    /// hostname = domainlabel ["."] | 1*(domainlabel ".") toplabel ["."], up to the end or a
    /// ':'; a label is alphanumerics and inner '-', the last one (of several) starts with a
    /// letter.
    std::size_t hostname(std::size_t p, std::size_t end) const {
        const std::size_t start = p;
        std::size_t last = std::string_view::npos; // where the last label starts
        while (p < end) {
            std::size_t q = p;
            while (q < end && alphanum(s_[q])) {
                ++q;
            }
            if (q == p) {
                break;
            }
            last = p;
            p = q;
            while (q < end && (alphanum(s_[q]) || s_[q] == '-')) {
                ++q;
            }
            if (q > p) {
                if (s_[q - 1] == '-') {
                    throw Invalid{};
                }
                p = q;
            }
            if (!at(p, '.') || p >= end) {
                break;
            }
            ++p;
        }
        if ((p < end && s_[p] != ':') || last == std::string_view::npos ||
            (last > start && !alpha(s_[last]))) {
            throw Invalid{};
        }
        return p;
    }

    std::string_view s_;
    JavaUri uri_;
};

} // namespace

std::optional<JavaUri> parse_java_uri(std::string_view text) {
    if (std::any_of(text.begin(), text.end(),
                    [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
        eval_detail::unsupported(
            "parse_url of a URL beyond ASCII (java.net.URI's rules for other characters "
            "are not modelled)");
    }
    try {
        return Parser(text).parse();
    } catch (const Invalid&) {
        return std::nullopt;
    }
}

} // namespace prune
