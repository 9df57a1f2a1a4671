// parse_java_uri against what java.net.URI's getters return for the same text.

#include <catch2/catch.hpp>

#include "eval/eval_internal.hpp"
#include "eval/evaluator.hpp"
#include "eval/java_uri.hpp"

using namespace prune;

namespace {

std::string show(const std::optional<std::string>& part) { return part ? *part : "<null>"; }

} // namespace

TEST_CASE("URLs split into their parts as java.net.URI splits them", "[eval]") {
    struct Case {
        const char* text;
        const char* scheme;
        const char* authority;
        const char* user_info;
        const char* host;
        const char* path;
        const char* query;
        const char* fragment;
    };
    const char* null = "<null>";
    const Case cases[] = {
        {"http://spark.apache.org/path?query=1", "http", "spark.apache.org", null,
         "spark.apache.org", "/path", "query=1", null},
        {"https://user:pw@host.example.com:8080/a/b.html?k=v&x=%20#top", "https",
         "user:pw@host.example.com:8080", "user:pw", "host.example.com", "/a/b.html", "k=v&x=%20",
         "top"},
        {"http://1.2.3.4:80/", "http", "1.2.3.4:80", null, "1.2.3.4", "/", null, null},
        {"http://host.com./", "http", "host.com.", null, "host.com.", "/", null, null},
        {"http://a-b.c/", "http", "a-b.c", null, "a-b.c", "/", null, null},
        {"http://123/", "http", "123", null, "123", "/", null, null},
        {"http://host?q", "http", "host", null, "host", "", "q", null},
        {"http://host:/p", "http", "host:", null, "host", "/p", null, null},
        // Not a server: a registry name, with no host (a label holds no '_'; the last label of
        // several starts with a letter; a port is digits).
        {"http://my_host/x", "http", "my_host", null, null, "/x", null, null},
        {"http://1.2.3/x", "http", "1.2.3", null, null, "/x", null, null},
        {"http://host:abc/", "http", "host:abc", null, null, "/", null, null},
        {"http://-host/", "http", "-host", null, null, "/", null, null},
        {"http://1.2.3.400/", "http", "1.2.3.400", null, null, "/", null, null},
        {"http://a@b@c/", "http", "a@b@c", null, null, "/", null, null},
        {"http://host:99999999999/", "http", "host:99999999999", null, null, "/", null, null},
        // An empty authority before a path; relative references; an opaque URI.
        {"file:///etc/hosts", "file", null, null, null, "/etc/hosts", null, null},
        {"/relative/path?x=1#f", null, null, null, null, "/relative/path", "x=1", "f"},
        {"example.com/path", null, null, null, null, "example.com/path", null, null},
        {"", null, null, null, null, "", null, null},
        {"mailto:someone@example.com", "mailto", null, null, null, null, null, null},
        {"http://h/q?a=[1]", "http", "h", null, "h", "/q", "a=[1]", null},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        const std::optional<JavaUri> uri = parse_java_uri(c.text);
        REQUIRE(uri);
        CHECK(show(uri->scheme) == c.scheme);
        CHECK(show(uri->authority) == c.authority);
        CHECK(show(uri->user_info) == c.user_info);
        CHECK(show(uri->host) == c.host);
        CHECK(show(uri->path) == c.path);
        CHECK(show(uri->query) == c.query);
        CHECK(show(uri->fragment) == c.fragment);
    }
}

TEST_CASE("text java.net.URI rejects is not a URI", "[eval]") {
    for (const char* text : {
             "http://a b.com/", // a space
             "http://host/%zz", // a malformed escape
             "http://host/a%2", // an escape cut short
             "http:",           // no scheme-specific part
             "http://",         // "//" and no authority
             "1http://x",       // a scheme starts with a letter
             ":x",              // an empty scheme
             "http://h/p#a#b",  // '#' in the fragment
             "http://h/p[1]",   // brackets in the path
             "http://h/<p>",    // '<' anywhere
             "http://h{x}/",    // no server and no registry name
         }) {
        CAPTURE(text);
        CHECK_FALSE(parse_java_uri(text));
    }
}

TEST_CASE("URLs whose Java parse is not modelled are refused, not guessed", "[eval]") {
    CHECK_THROWS_AS(parse_java_uri("http://[::1]:8080/"), CannotVerify);
    CHECK_THROWS_AS(parse_java_uri("http://example.com/caf\xC3\xA9"), CannotVerify);
}
