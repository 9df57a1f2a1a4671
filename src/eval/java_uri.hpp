#pragma once
/// A URI split into its components as `java.net.URI`'s parser splits it (RFC 2396 with Java's
/// deviations), for Spark's parse_url. Components are the raw text (no decoding), as
/// `getRawPath`, `getRawQuery`, ... return them; an absent one is nullopt.
///
///     http://user@example.com:8080/a/b.html?k=v#top
///     scheme http, authority user@example.com:8080, user_info user, host example.com,
///     path /a/b.html, query k=v, fragment top
///
/// Java accepts characters beyond ASCII where RFC 2396 allows escapes, and IPv6 literals in
/// brackets; neither is modelled: parse_java_uri refuses such text (CannotVerify) rather than
/// guess.

#include <optional>
#include <string>
#include <string_view>

namespace prune {

struct JavaUri {
    std::optional<std::string> scheme;
    std::optional<std::string> authority; // the raw authority, server-based or a registry name
    std::optional<std::string> user_info;
    std::optional<std::string> host; // only for a server-based authority (getHost)
    std::optional<std::string> path; // empty, not absent, in a hierarchical URI without one
    std::optional<std::string> query;
    std::optional<std::string> fragment;
};

/// The components of `text`, or nullopt where `new URI(text)` throws URISyntaxException.
/// Throws CannotVerify (eval_internal.hpp: `unsupported`) for text beyond ASCII and for IPv6
/// literals.
std::optional<JavaUri> parse_java_uri(std::string_view text);

} // namespace prune
