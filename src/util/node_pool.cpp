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

/// Slots of one size, refilled from blocks that are never given back.
template <std::size_t Bytes> class Slots {
  public:
    void* take() {
        if (free_ != nullptr) {
            Slot* slot = free_;
            free_ = slot->next;
            return slot;
        }
        if (next_ == end_) {
            next_ = static_cast<Slot*>(
                ::operator new (sizeof(Slot) * kPerBlock, std::align_val_t{alignof(Slot)}));
            end_ = next_ + kPerBlock;
        }
        return next_++;
    }

    void give_back(void* memory) noexcept {
        auto* slot = static_cast<Slot*>(memory);
        slot->next = free_;
        free_ = slot;
    }

  private:
    union alignas(8) Slot {
        Slot* next;
        unsigned char bytes[Bytes];
    };
    static_assert(sizeof(Slot) == Bytes);
    static constexpr std::size_t kPerBlock = (64 * 1024) / sizeof(Slot);

    Slot* free_ = nullptr;
    Slot* next_ = nullptr;
    Slot* end_ = nullptr;
};

class Pool {
  public:
    void* allocate(std::size_t size) {
        return size <= kSmallSlotBytes ? small_.take() : large_.take();
    }
    void release(void* memory, std::size_t size) noexcept {
        if (size <= kSmallSlotBytes) {
            small_.give_back(memory);
        } else {
            large_.give_back(memory);
        }
    }

  private:
    // A node is three quarters of a cache line: its fields come in with one or two accesses.
    Slots<kSlotBytes> large_;
    Slots<kSmallSlotBytes> small_;
};

namespace {

thread_local Pool own;
thread_local Pool* borrowed = nullptr;

Pool& pool() noexcept { return borrowed != nullptr ? *borrowed : own; }

} // namespace

void* allocate(std::size_t size) {
#if PRUNE_NODE_POOL
    if (size <= kSlotBytes) {
        return pool().allocate(size);
    }
#endif
    return ::operator new(size);
}

void release(void* memory, [[maybe_unused]] std::size_t size) noexcept {
#if PRUNE_NODE_POOL
    if (size <= kSlotBytes) {
        pool().release(memory, size);
        return;
    }
#endif
    // Unsized: clang declares the sized operator delete only under -fsized-deallocation.
    ::operator delete(memory);
}

Loan::Loan(Pool* lender) noexcept : previous_(borrowed) { borrowed = lender; }

Loan::~Loan() { borrowed = previous_; }

Pool* current() noexcept { return &pool(); }

bool pooled() noexcept { return PRUNE_NODE_POOL != 0; }

} // namespace prune::node_pool
