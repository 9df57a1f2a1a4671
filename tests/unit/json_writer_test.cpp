// JsonWriter against nlohmann::ordered_json's dump() and dump(2): the same value written both
// ways must give the same bytes, and text that is not UTF-8 the same error.

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "diag/utf8.hpp"
#include "support.hpp"
#include "util/deep_stack.hpp"
#include "util/json_writer.hpp"

using namespace prune;
using prune_test::json_text;

namespace {

using Json = nlohmann::ordered_json;

// Writes a DOM through the writer, element by element (floating-point numbers as nlohmann's
// own text: the writer leaves their formatting to whoever has them).
void write_value(const Json& v, JsonWriter& out) {
    switch (v.type()) {
    case Json::value_t::object:
        out.begin_object();
        for (auto it = v.begin(); it != v.end(); ++it) {
            out.key(it.key());
            write_value(it.value(), out);
        }
        out.end_object();
        return;
    case Json::value_t::array:
        out.begin_array();
        for (const Json& element : v) {
            write_value(element, out);
        }
        out.end_array();
        return;
    case Json::value_t::string:
        out.value(v.get_ref<const std::string&>());
        return;
    case Json::value_t::boolean:
        out.value(v.get<bool>());
        return;
    case Json::value_t::number_integer:
        out.value(v.get<std::int64_t>());
        return;
    case Json::value_t::number_unsigned:
        out.value(v.get<std::uint64_t>());
        return;
    case Json::value_t::number_float:
        out.raw_value(v.dump());
        return;
    default:
        out.null();
        return;
    }
}

std::string written(const Json& v, JsonStyle style) {
    return json_text([&](JsonWriter& out) { write_value(v, out); }, style);
}

// Both styles against nlohmann.
void check_same(const Json& v) {
    CHECK(written(v, JsonStyle::Compact) == v.dump());
    CHECK(written(v, JsonStyle::Pretty) == v.dump(2));
}

// What dump() throws for `text`, or "" when it does not throw.
std::string dump_error(const std::string& text) {
    try {
        (void)Json(text).dump();
    } catch (const Json::type_error& error) {
        return error.what();
    }
    return {};
}

// What the writer throws for `text` (as a value, as a key, and check_text), or "".
std::string writer_error(const std::string& text) {
    std::string as_value;
    std::string as_key;
    std::string as_check;
    try {
        (void)json_text([&](JsonWriter& out) { out.value(text); });
    } catch (const JsonEncodingError& error) {
        as_value = error.what();
    }
    try {
        (void)json_text([&](JsonWriter& out) {
            out.begin_object();
            out.key(text);
            out.null();
            out.end_object();
        });
    } catch (const JsonEncodingError& error) {
        as_key = error.what();
    }
    try {
        JsonWriter::check_text(text);
    } catch (const JsonEncodingError& error) {
        as_check = error.what();
    }
    CHECK(as_key == as_value);
    CHECK(as_check == as_value);
    return as_value;
}

std::string utf8(std::uint32_t cp) {
    std::string out;
    append_utf8(out, cp);
    return out;
}

/// Random values of every JSON kind, nested, with strings that need every kind of escape.
class Generator {
  public:
    explicit Generator(std::uint32_t seed) : rng_(seed) {}

    Json value(int depth) {
        switch (pick(depth > 0 ? 9 : 7)) {
        case 0:
            return nullptr;
        case 1:
            return pick(2) == 1;
        case 2:
            return integer();
        case 3:
            return static_cast<std::uint64_t>(rng_()) << 32 | rng_();
        case 4:
            return std::ldexp(static_cast<double>(rng_()) - 2147483648.0, pick(200) - 100);
        case 5:
        case 6:
            return text();
        case 7: {
            Json a = Json::array();
            for (int n = pick(5); n > 0; --n) {
                a.push_back(value(depth - 1));
            }
            return a;
        }
        default: {
            Json o = Json::object();
            for (int n = pick(5); n > 0; --n) {
                o[text()] = value(depth - 1);
            }
            return o;
        }
        }
    }

    std::string text() {
        std::string out;
        for (int n = pick(8); n > 0; --n) {
            switch (pick(6)) {
            case 0:
                out += static_cast<char>(pick(0x20)); // a control character
                break;
            case 1:
                out += "\"\\/\x7f"[pick(4)];
                break;
            case 2: {
                // A surrogate comes out as U+FFFD (append_utf8).
                append_utf8(out, 0x80 + static_cast<std::uint32_t>(rng_() % 0x10FF80));
                break;
            }
            default:
                out += static_cast<char>(0x20 + pick(0x5F));
            }
        }
        return out;
    }

    /// Bytes of any value, UTF-8 more often than not.
    std::string bytes() {
        std::string out;
        for (int n = pick(6); n > 0; --n) {
            if (pick(3) == 0) {
                out += text();
            } else {
                out += static_cast<char>(pick(256));
            }
        }
        return out;
    }

    int pick(int n) { return static_cast<int>(rng_() % static_cast<std::uint32_t>(n)); }

  private:
    std::int64_t integer() {
        switch (pick(4)) {
        case 0:
            return std::numeric_limits<std::int64_t>::min();
        case 1:
            return std::numeric_limits<std::int64_t>::max();
        default:
            return static_cast<std::int64_t>(static_cast<std::uint64_t>(rng_()) << 32 | rng_());
        }
    }

    std::mt19937 rng_;
};

} // namespace

TEST_CASE("JsonWriter escapes every ASCII byte as nlohmann does", "[output][json]") {
    for (int c = 0; c < 0x80; ++c) {
        CAPTURE(c);
        check_same(Json(std::string(1, static_cast<char>(c)) + "x"));
    }
    CHECK(written(Json("\x01\x1f\b\f\n\r\t\"\\/\x7f"), JsonStyle::Compact) ==
          R"("\u0001\u001f\b\f\n\r\t\"\\/)"
          "\x7f\"");
    CHECK(written(Json(std::string("a\0b", 3)), JsonStyle::Compact) == R"("a\u0000b")");
}

TEST_CASE("JsonWriter passes UTF-8 through", "[output][json]") {
    for (const std::uint32_t cp :
         {0x80U, 0xE9U, 0x7FFU, 0x800U, 0xFFFDU, 0xFFFFU, 0x10000U, 0x1F600U, 0x10FFFFU}) {
        CAPTURE(cp);
        const std::string text = "<" + utf8(cp) + ">";
        check_same(Json(text));
        CHECK(written(Json(text), JsonStyle::Compact) == "\"" + text + "\"");
        check_same(Json{{text, text}});
    }
}

TEST_CASE("JsonWriter rejects text that is not UTF-8 with dump()'s message", "[output][json]") {
    for (const std::string text : {
             "\xff",
             "a\x80",
             "\xc0\xaf",
             "\xc1\xbf",
             "\xc3",
             "ab\xc3",
             "\xc3(",
             "\xe0\x80\x80",
             "\xe0\xa0",
             "\xed\xa0\x80",
             "\xed\x9f\xbf",
             "\xf0\x8f\xbf\xbf",
             "\xf4\x90\x80\x80",
             "\xf5\x80\x80\x80",
             "\xf0\x90\x80",
             "\xe2\x82",
             "x\xe2\x82y",
             "\xf4\x8f\xbf\xbf",
         }) {
        CAPTURE(text);
        CHECK(writer_error(text) == dump_error(text));
    }
    CHECK(writer_error("a\xff") == "[json.exception.type_error.316] invalid UTF-8 byte at "
                                   "index 1: 0xFF");
    CHECK(writer_error("ab\xc3") ==
          "[json.exception.type_error.316] incomplete UTF-8 string; last byte: 0xC3");

    Generator gen(7);
    for (int i = 0; i < 3000; ++i) {
        const std::string text = gen.bytes();
        CAPTURE(text);
        const std::string expected = dump_error(text);
        CHECK(writer_error(text) == expected);
        if (expected.empty()) {
            check_same(Json(text));
        }
    }
}

TEST_CASE("JsonWriter writes empty containers as dump() does", "[output][json]") {
    check_same(Json::object());
    check_same(Json::array());
    check_same(Json{{"a", Json::object()}, {"b", Json::array()}});
    check_same(Json::array({Json::array(), Json::object(), Json::array({Json::array()})}));
    CHECK(written(Json{{"a", Json::object()}, {"b", Json::array()}}, JsonStyle::Pretty) ==
          "{\n  \"a\": {},\n  \"b\": []\n}");
}

TEST_CASE("JsonWriter indents nested containers two spaces a level", "[output][json]") {
    const Json v = {{"a", 1}, {"b", {{"c", Json::array({1, Json::array({true, nullptr})})}}}};
    check_same(v);
    CHECK(written(v, JsonStyle::Pretty) == "{\n"
                                           "  \"a\": 1,\n"
                                           "  \"b\": {\n"
                                           "    \"c\": [\n"
                                           "      1,\n"
                                           "      [\n"
                                           "        true,\n"
                                           "        null\n"
                                           "      ]\n"
                                           "    ]\n"
                                           "  }\n"
                                           "}");
    CHECK(written(v, JsonStyle::Compact) == R"({"a":1,"b":{"c":[1,[true,null]]}})");

    // 100 levels indent as nlohmann does; deeper ones keep 100 levels' indentation, so the
    // pretty output of a deep tree stays linear in its size. It is the same JSON.
    Json deep = 1;
    for (int i = 0; i < 100; ++i) {
        deep = Json::array({std::move(deep)});
    }
    check_same(deep);
    for (int i = 0; i < 600; ++i) {
        deep = Json::array({std::move(deep)});
    }
    const std::string pretty = written(deep, JsonStyle::Pretty);
    CHECK(Json::parse(pretty) == deep);
    CHECK(written(deep, JsonStyle::Compact) == deep.dump());
    CHECK(pretty.find("\n" + std::string(2 * kMaxIndentLevels, ' ') + "[") != std::string::npos);
    CHECK(pretty.find(std::string(2 * kMaxIndentLevels + 1, ' ')) == std::string::npos);
}

TEST_CASE("JsonWriter prints integers as nlohmann does", "[output][json]") {
    for (const std::int64_t n :
         {std::int64_t{0}, std::int64_t{1}, std::int64_t{-1}, std::int64_t{-42},
          std::int64_t{1000000}, std::numeric_limits<std::int64_t>::min(),
          std::numeric_limits<std::int64_t>::max()}) {
        CAPTURE(n);
        check_same(Json(n));
        check_same(Json::array({n, n}));
    }
    check_same(Json(std::numeric_limits<std::uint64_t>::max()));
    CHECK(json_text([](JsonWriter& out) {
              out.begin_array();
              out.value(std::size_t{7});
              out.value(-3);
              out.value(static_cast<unsigned char>(200));
              out.value(std::numeric_limits<std::int64_t>::min());
              out.value(std::numeric_limits<std::uint64_t>::max());
              out.end_array();
          }) == "[7,-3,200,-9223372036854775808,18446744073709551615]");
}

TEST_CASE("JsonWriter scalars: strings, literals, bool, null", "[output][json]") {
    CHECK(json_text([](JsonWriter& out) {
              out.begin_array();
              out.value("lit"); // not a bool
              out.value(std::string("s"));
              out.value(std::string_view("v"));
              out.value(true);
              out.value(false);
              out.null();
              out.raw_value("1.5");
              out.end_array();
          }) == R"(["lit","s","v",true,false,null,1.5])");
    CHECK(json_text([](JsonWriter& out) { out.value(""); }) == R"("")");
    CHECK(json_text([](JsonWriter& out) { out.null(); }, JsonStyle::Pretty) == "null");
}

TEST_CASE("JsonWriter tracks its depth", "[output][json]") {
    std::ostringstream text;
    JsonWriter out(text, JsonStyle::Pretty);
    CHECK(out.style() == JsonStyle::Pretty);
    CHECK(out.depth() == 0);
    out.begin_object();
    out.key("a");
    out.begin_array();
    CHECK(out.depth() == 2);
    out.end_array();
    out.end_object();
    CHECK(out.depth() == 0);
    CHECK(text.str() == "{\n  \"a\": []\n}");
}

TEST_CASE("JsonWriter unwinds to a depth, and a rejected string writes nothing", "[output][json]") {
    for (const JsonStyle style : {JsonStyle::Compact, JsonStyle::Pretty}) {
        std::ostringstream text;
        JsonWriter out(text, style);
        out.begin_object();
        out.key("statement");
        out.value(1);
        out.key("plan");
        out.begin_array();
        out.value("ok");
        CHECK_THROWS_AS(out.value("bad \xff"), JsonEncodingError);
        out.begin_object();
        CHECK_THROWS_AS(out.key("\xc3"), JsonEncodingError);
        out.key("child");
        // An exception here, between a key and its value: the caller unwinds to the top
        // object and ends it with a member of its own.
        out.unwind_to(1);
        CHECK(out.depth() == 1);
        out.unwind_to(1); // nothing more to close
        out.key("error");
        out.value("internal");
        out.end_object();
        CHECK(out.depth() == 0);
        const Json expected = {
            {"statement", 1},
            {"plan", Json::array({"ok", Json{{"child", nullptr}}})},
            {"error", "internal"},
        };
        CHECK(text.str() == (style == JsonStyle::Pretty ? expected.dump(2) : expected.dump()));
    }
}

TEST_CASE("JsonWriter matches dump() and dump(2) on random values", "[output][json]") {
    Generator gen(20261130);
    for (int i = 0; i < 4000; ++i) {
        const Json v = gen.value(gen.pick(5));
        CAPTURE(i);
        check_same(v);
    }
}
