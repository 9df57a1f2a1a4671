#include "util/node_pool.hpp"

#include <cstddef>
#include <new>

#if defined(__SANITIZE_ADDRESS__)
#define PRUNE_NODE_POOL 0 // AddressSanitizer sees every node's allocation and use after free
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PRUNE_NODE_POOL 0
#endif
#endif
#ifndef PRUNE_NODE_POOL
#define PRUNE_NODE_POOL 1
#endif

namespace prune::node_pool {

class Pool {
  public:
    void* allocate() {
        if (free_ != nullptr) {
            Slot* slot = free_;
            free_ = slot->next;
            return slot;
        }
        if (next_ == end_) {
            next_ = static_cast<Slot*>(
                ::operator new (sizeof(Slot) * kSlotsPerBlock, std::align_val_t{alignof(Slot)}));
            end_ = next_ + kSlotsPerBlock;
        }
        return next_++;
    }

    void release(void* node) noexcept {
        auto* slot = static_cast<Slot*>(node);
        slot->next = free_;
        free_ = slot;
    }

  private:
    // Three quarters of a cache line: a node's fields come in with one or two memory accesses.
    union alignas(alignof(std::max_align_t)) Slot {
        Slot* next;
        unsigned char bytes[kSlotBytes];
    };
    static_assert(sizeof(Slot) == kSlotBytes);
    static constexpr std::size_t kSlotsPerBlock = (64 * 1024) / sizeof(Slot);

    Slot* free_ = nullptr;
    Slot* next_ = nullptr;
    Slot* end_ = nullptr;
};

namespace {

thread_local Pool own;
thread_local Pool* borrowed = nullptr;

Pool& pool() noexcept { return borrowed != nullptr ? *borrowed : own; }

} // namespace

void* allocate(std::size_t size) {
#if PRUNE_NODE_POOL
    if (size > kSlotBytes) {
        throw std::bad_alloc(); // unreachable: each node type asserts that it fits
    }
    return pool().allocate();
#else
    return ::operator new(size);
#endif
}

void release(void* slot) noexcept {
#if PRUNE_NODE_POOL
    pool().release(slot);
#else
    ::operator delete(slot);
#endif
}

Loan::Loan(Pool* lender) noexcept : previous_(borrowed) { borrowed = lender; }

Loan::~Loan() { borrowed = previous_; }

Pool* current() noexcept { return &pool(); }

bool pooled() noexcept { return PRUNE_NODE_POOL != 0; }

} // namespace prune::node_pool
