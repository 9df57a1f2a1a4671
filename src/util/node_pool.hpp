#pragma once
/// Equal-sized slots for tree nodes. The plan's expressions (plan/expr.hpp) and the syntax
/// tree's (sql/ast.hpp) share them: the analyzer lets each select item's syntax go as soon as
/// it is bound, and the plan's nodes take the slots it leaves, so a statement's syntax tree and
/// its plan never both exist in full (issue 10). A slot costs no allocator header and no size
/// rounding, and taking one is a pointer pop, not a malloc call.
///
/// Each thread has its own pool, refilled from blocks of 64 KiB that are never given back (the
/// next statement's nodes reuse the slots). A node released on another thread than the one
/// that built it joins the releasing thread's pool, which is just as good. A thread its
/// creator waits for (the parser's large-stack thread) borrows the creator's pool with a Loan,
/// so its nodes join that pool and nothing is stranded when the thread ends.
///
/// Under AddressSanitizer every node is its own allocation, so misuse is still caught.

#include <cstddef>

namespace prune::node_pool {

/// The largest node type that lives here; each such type asserts that it fits.
inline constexpr std::size_t kSlotBytes = 112;

/// A slot for a node of `size` bytes (at most kSlotBytes).
void* allocate(std::size_t size);
/// Gives back a slot from `allocate`.
void release(void* slot) noexcept;

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

} // namespace prune::node_pool
