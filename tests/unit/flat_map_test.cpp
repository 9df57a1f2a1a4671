// FlatMap (util/flat_map.hpp): the sorted-vector map the requirement trees keep their
// children in, with the std::map behaviour they rely on.

#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "util/flat_map.hpp"

using namespace prune;

namespace {

// A tree node holding a FlatMap of its own kind, as Requirement does.
struct Node {
    int mark = 0;
    FlatMap<long, Node> kids;
};

} // namespace

TEST_CASE("a flat map iterates in key order, whatever the insertion order", "[flat_map]") {
    FlatMap<long, std::string> map;
    std::map<long, std::string> expected;
    std::mt19937 rng(7);
    for (int i = 0; i < 200; ++i) {
        const long key = static_cast<long>(rng() % 64) - 3; // negative keys too (kElement ...)
        const std::string value = "v" + std::to_string(i);
        map.try_emplace(key, value);
        expected.try_emplace(key, value);
    }
    REQUIRE(map.size() == expected.size());
    auto want = expected.begin();
    for (const auto& [key, value] : map) {
        CHECK(key == want->first);
        CHECK(value == want->second); // the first value inserted for a key stays
        ++want;
    }
}

TEST_CASE("find, try_emplace and operator[] behave as std::map's", "[flat_map]") {
    FlatMap<long, std::unique_ptr<int>> map;
    CHECK(map.empty());
    CHECK(map.find(1) == map.end());

    auto [first, inserted] = map.try_emplace(1, std::make_unique<int>(10));
    CHECK(inserted);
    CHECK(*first->second == 10);

    // A key already there: nothing inserted, and the argument is not moved from.
    auto offered = std::make_unique<int>(20);
    auto [again, inserted_again] = map.try_emplace(1, std::move(offered));
    CHECK_FALSE(inserted_again);
    CHECK(*again->second == 10);
    CHECK(offered != nullptr);

    map[-2] = std::make_unique<int>(-2);
    CHECK(map[5] == nullptr); // default-constructed on first use
    CHECK(map.size() == 3);
    REQUIRE(map.find(-2) != map.end());
    CHECK(*map.find(-2)->second == -2);
    CHECK(map.begin()->first == -2);

    const auto& view = map;
    CHECK(view.find(5) != view.end());
    CHECK(view.find(4) == view.end());
}

TEST_CASE("a flat map can hold its own node type, as a tree", "[flat_map]") {
    Node root;
    root.kids[2].kids[0].mark = 1;
    root.kids[-1].mark = 2;
    root.kids[2].kids[3].mark = 3;
    Node copy = root;
    REQUIRE(copy.kids.size() == 2);
    CHECK(copy.kids.begin()->first == -1);
    CHECK(copy.kids.find(2)->second.kids.find(3)->second.mark == 3);
    Node moved = std::move(copy);
    CHECK(moved.kids.find(-1)->second.mark == 2);
}
