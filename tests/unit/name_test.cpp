// Name (util/name.hpp): an immutable string in 8 bytes. Short texts live in the handle, longer
// ones are shared by every copy; either way a Name reads back exactly what it was given.

#include <catch2/catch.hpp>

#include <set>
#include <sstream>
#include <string>
#include <unordered_set>
#include <utility>

#include "util/name.hpp"

using namespace prune;

namespace {

// Every length around the handle's room and around a node pool slot (util/node_pool.hpp).
std::string text_of(std::size_t size) {
    std::string text;
    for (std::size_t i = 0; i < size; ++i) {
        text += static_cast<char>('a' + (i * 7) % 26);
    }
    return text;
}

} // namespace

TEST_CASE("a name reads back its text at every length", "[name]") {
    for (std::size_t size = 0; size <= 130; ++size) {
        const std::string text = text_of(size);
        const Name name(text);
        INFO("size " << size);
        CHECK(name.view() == text);
        CHECK(name.str() == text);
        CHECK(name.size() == size);
        CHECK(name.empty() == text.empty());
        CHECK(name == text);
    }
}

TEST_CASE("a name keeps bytes a C string cannot", "[name]") {
    const std::string short_text("a\0b", 3);
    const std::string long_text("\0\xff tab\tnewline\n\0", 17);
    CHECK(Name(short_text).view() == short_text);
    CHECK(Name(long_text).view() == long_text);
    CHECK(Name(std::string_view("\0", 1)).size() == 1);
}

TEST_CASE("copies and moves of a name keep their text", "[name]") {
    for (const std::string& text : {std::string("c374"), text_of(7), text_of(8), text_of(100)}) {
        INFO(text);
        Name original(text);
        Name copy = original; // shares a long text
        CHECK(copy == original);
        Name moved = std::move(original);
        CHECK(moved == text);
        CHECK(original.empty()); // NOLINT(bugprone-use-after-move): a moved-from name is empty
        {
            const Name scoped = copy; // another handle, gone at the end of the scope
            CHECK(scoped == text);
        }
        CHECK(copy == text);
        Name assigned("x");
        assigned = copy;
        CHECK(assigned == text);
        assigned = Name(text_of(40));
        CHECK(assigned == text_of(40));
        const Name& same = assigned; // through a reference: a self-assignment compilers accept
        assigned = same;             // self-assignment keeps the text
        CHECK(assigned == text_of(40));
        CHECK(copy == text);
    }
}

TEST_CASE("names compare, hash and print as their texts", "[name]") {
    const Name a("alpha");
    const Name long_a(text_of(30));
    CHECK(a == "alpha");
    CHECK(a == std::string("alpha"));
    CHECK(a == std::string_view("alpha"));
    CHECK(a != Name("alpha2"));
    CHECK(Name("b") > a);
    CHECK(Name() == "");
    CHECK(long_a == Name(text_of(30)));
    CHECK(std::hash<Name>{}(long_a) == std::hash<std::string_view>{}(text_of(30)));
    const std::set<Name> ordered{Name("b"), Name("a"), long_a};
    CHECK(ordered.begin()->view() == "a");
    const std::unordered_set<Name> names{a, long_a, Name("alpha")};
    CHECK(names.size() == 2);
    std::ostringstream out;
    out << a << '|' << long_a;
    CHECK(out.str() == "alpha|" + text_of(30));
    CHECK("x." + a + "." + std::string("y") == "x.alpha.y");
    CHECK(a + "!" == "alpha!");
}
