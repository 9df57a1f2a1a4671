// PackedList (util/packed_list.hpp): a node's children list in one pointer, copied and
// compared element by element, its block in a node pool slot when it fits one.

#include <catch2/catch.hpp>

#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "util/node_pool.hpp"
#include "util/packed_list.hpp"

using namespace prune;

TEST_CASE("a packed list is one pointer and empty without a block", "[packed_list]") {
    STATIC_REQUIRE(sizeof(PackedList<std::shared_ptr<int>>) == sizeof(void*));
    const PackedList<int> empty;
    CHECK(empty.empty());
    CHECK(empty.size() == 0);
    CHECK(empty.begin() == empty.end());
    CHECK(empty == PackedList<int>(std::vector<int>{}));
}

TEST_CASE("a packed list keeps its items in order, in a slot or on the heap", "[packed_list]") {
    // 2 items fit a slot with their length; 40 do not.
    for (const std::size_t n : {std::size_t{1}, std::size_t{2}, std::size_t{40}}) {
        std::vector<std::string> items;
        for (std::size_t i = 0; i < n; ++i) {
            items.push_back("item number " + std::to_string(i)); // longer than the SSO buffer
        }
        const std::vector<std::string> expected = items;
        const PackedList<std::string> list(std::move(items));
        REQUIRE(list.size() == n);
        CHECK(std::vector<std::string>(list.begin(), list.end()) == expected);
        CHECK(list.front() == expected.front());
        CHECK(list.back() == expected.back());
        const std::span<const std::string> view = list;
        CHECK(view.size() == n);
        CHECK(list.to_vector() == expected);
    }
}

TEST_CASE("a packed list copies its items and moves its block", "[packed_list]") {
    auto shared = std::make_shared<int>(7);
    PackedList<std::shared_ptr<int>> list{shared, shared};
    CHECK(shared.use_count() == 3);

    PackedList<std::shared_ptr<int>> copy = list;
    CHECK(shared.use_count() == 5);
    CHECK(copy == list);
    copy[1] = std::make_shared<int>(8); // elements may be assigned
    CHECK(shared.use_count() == 4);
    CHECK_FALSE(copy == list);

    const auto* block = list.data();
    PackedList<std::shared_ptr<int>> moved = std::move(list);
    CHECK(moved.data() == block);
    CHECK(list.empty()); // NOLINT(bugprone-use-after-move): a moved-from list is empty

    copy = moved;
    CHECK(copy == moved);
    moved = PackedList<std::shared_ptr<int>>();
    copy = PackedList<std::shared_ptr<int>>();
    CHECK(shared.use_count() == 1); // every copy's items are destroyed with its block
}

TEST_CASE("a packed list of move-only items is built from a vector", "[packed_list]") {
    std::vector<std::unique_ptr<int>> items;
    items.push_back(std::make_unique<int>(1));
    items.push_back(std::make_unique<int>(2));
    items.push_back(std::make_unique<int>(3));
    const PackedList<std::unique_ptr<int>> list(std::move(items));
    REQUIRE(list.size() == 3);
    CHECK(*list[0] == 1);
    CHECK(*list[2] == 3);
}

TEST_CASE("a packed list's block goes back to the node pool", "[packed_list]") {
    const void* block = nullptr;
    {
        const PackedList<int> list{1, 2, 3};
        block = list.data();
    }
    if (node_pool::pooled()) {
        // The slot just given back is the next one taken (node_pool_test), here by a node.
        void* slot = node_pool::allocate(node_pool::kSmallSlotBytes);
        CHECK(static_cast<const char*>(block) - static_cast<const char*>(slot) ==
              static_cast<std::ptrdiff_t>(sizeof(std::size_t)));
        node_pool::release(slot, node_pool::kSmallSlotBytes);
    }
}
