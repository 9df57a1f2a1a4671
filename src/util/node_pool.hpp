#pragma once
/// Slots of two sizes for tree nodes and their small buffers. The plan's expressions
/// (plan/expr.hpp) and the syntax tree's (sql/ast.hpp) share them: the analyzer lets each
/// select item's syntax go as soon as it is bound, and the plan's nodes take the slots it
/// leaves, so a statement's syntax tree and its plan never both exist in full (issue 10). A
/// slot costs no allocator header and no size rounding, and taking one is a pointer pop, not a
/// malloc call. Nodes take the large slots; the small ones hold what is at most half a node:
/// a short children list (util/packed_list.hpp), a name's text (util/name.hpp), a name's parts.
///
/// Each thread has its own pool, refilled from blocks of 64 KiB that are never given back (the
/// next statement's nodes reuse the slots). A node released on another thread than the one
/// that built it joins the releasing thread's pool, which is just as good. A thread its
/// creator waits for (the parser's large-stack thread) borrows the creator's pool with a Loan,
/// so its nodes join that pool and nothing is stranded when the thread ends.
///
/// Under AddressSanitizer every node is its own allocation, so misuse is still caught.

#include <cstddef>
#include <new>

namespace prune::node_pool {

/// The largest node type that lives here; each such type asserts that it fits.
inline constexpr std::size_t kSlotBytes = 48;
/// The small slots: a list of two pointers with its length, a name of 16 bytes.
inline constexpr std::size_t kSmallSlotBytes = 24;

/// Memory for `size` bytes: the smallest slot that holds them, or the heap above kSlotBytes.
void* allocate(std::size_t size);
/// Gives back memory from `allocate`, with the size it was asked for.
void release(void* memory, std::size_t size) noexcept;

class Pool;

/// For its lifetime, the calling thread allocates from and releases to `lender`, which must
/// belong to a thread that does nothing else meanwhile (it waits for this one).
class Loan {
  public:
    explicit Loan(Pool* lender) noexcept;
    ~Loan();
    Loan(const Loan&) = delete;
    Loan& operator=(const Loan&) = delete;

  private:
    Pool* previous_;
};

/// The pool the calling thread allocates from, to lend to a thread it is about to wait for.
Pool* current() noexcept;

/// Whether nodes share slots at all (false under AddressSanitizer: one allocation each).
bool pooled() noexcept;

/// An allocator for a node's small buffers (a name's parts): a buffer that fits a slot takes
/// one, so when the node goes its buffer too goes back to the slots the next nodes take,
/// instead of leaving a small hole in the heap.
template <class T> struct SlotAllocator {
    using value_type = T;

    SlotAllocator() = default;
    template <class U> SlotAllocator(const SlotAllocator<U>&) noexcept {} // NOLINT: rebinding

    T* allocate(std::size_t n) { return static_cast<T*>(node_pool::allocate(n * sizeof(T))); }
    void deallocate(T* buffer, std::size_t n) noexcept {
        node_pool::release(buffer, n * sizeof(T));
    }
    template <class U> bool operator==(const SlotAllocator<U>&) const noexcept { return true; }
};

} // namespace prune::node_pool
