// The node pool (util/node_pool.hpp): slots are reused, and a thread working for a waiting
// one builds its nodes in that one's pool, so nothing is stranded when the thread ends.

#include <catch2/catch.hpp>

#include <thread>

#include "util/node_pool.hpp"

using namespace prune;

TEST_CASE("a slot given back is the next one taken", "[node_pool]") {
    void* first = node_pool::allocate(node_pool::kSlotBytes);
    node_pool::release(first, node_pool::kSlotBytes);
    void* second = node_pool::allocate(node_pool::kSlotBytes);
    if (node_pool::pooled()) {
        CHECK(second == first);
    }
    node_pool::release(second, node_pool::kSlotBytes);
}

TEST_CASE("a thread with a loan allocates from and releases to the lender's pool", "[node_pool]") {
    node_pool::Pool* mine = node_pool::current();
    void* built = nullptr;
    std::thread worker([&] {
        const node_pool::Loan loan(mine);
        CHECK(node_pool::current() == mine);
        void* scratch = node_pool::allocate(node_pool::kSlotBytes);
        node_pool::release(scratch, node_pool::kSlotBytes);
        built = node_pool::allocate(
            node_pool::kSlotBytes); // the slot just given back, in the lender's pool
        CHECK((!node_pool::pooled() || built == scratch));
    });
    worker.join();
    // The worker has ended; its node lives on in this thread's pool, and goes back to it.
    node_pool::release(built, node_pool::kSlotBytes);
    void* again = node_pool::allocate(node_pool::kSlotBytes);
    if (node_pool::pooled()) {
        CHECK(again == built);
    }
    node_pool::release(again, node_pool::kSlotBytes);
}

TEST_CASE("without a loan a thread has a pool of its own", "[node_pool]") {
    node_pool::Pool* mine = node_pool::current();
    node_pool::Pool* theirs = nullptr;
    std::thread worker([&] { theirs = node_pool::current(); });
    worker.join();
    CHECK(theirs != mine);
}

TEST_CASE("small and large slots are kept apart, and larger sizes go to the heap", "[node_pool]") {
    void* small = node_pool::allocate(node_pool::kSmallSlotBytes);
    void* large = node_pool::allocate(node_pool::kSlotBytes);
    node_pool::release(small, node_pool::kSmallSlotBytes);
    // A large request does not take the small slot just given back; a small one does.
    void* next_large = node_pool::allocate(node_pool::kSmallSlotBytes + 1);
    void* next_small = node_pool::allocate(1);
    if (node_pool::pooled()) {
        CHECK(next_large != small);
        CHECK(next_small == small);
    }
    // Above the large slots: the heap, given back through the same call.
    void* big = node_pool::allocate(node_pool::kSlotBytes + 1);
    static_cast<unsigned char*>(big)[node_pool::kSlotBytes] = 1;
    node_pool::release(big, node_pool::kSlotBytes + 1);
    node_pool::release(next_small, 1);
    node_pool::release(next_large, node_pool::kSmallSlotBytes + 1);
    node_pool::release(large, node_pool::kSlotBytes);
}
