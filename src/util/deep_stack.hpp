#pragma once
/// Running deep recursion on a stack sized for it.
///
/// Every pass over an expression recurses once per level of the tree. Nesting in the SQL text
/// (brackets, unary operators, subqueries) is bounded at kMaxNestingDepth, but a left-deep
/// chain of a binary operator (`a + a + ... + a`, `s || s || ...`) is as deep as it is long,
/// and Spark's plan keeps it binary, so its depth is bounded only by the statement's size.
/// A statement that could be deeper than kInlineDepth therefore runs its passes (and lets its
/// trees go, which recurses too) on a thread whose stack is sized from the statement's length;
/// the stack's pages are touched only as they are used, so a large reservation costs nothing
/// until a deep statement needs it. A short statement runs where it is, on the caller's stack.
///
///     run_with_stack(stack_bytes_for_statement(text.size()), [&] { run_statement(...); ... });

#include <cstddef>
#include <exception>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "util/node_pool.hpp"

namespace prune {

/// A generous bound on the stack one level of an expression tree costs in the deepest pass
/// (binding, the rewrite, the printers, the evaluator), in any build: measured at about 3 KB
/// for a Debug build under AddressSanitizer (clang 14), 4x less optimised; the bound leaves
/// room for the passes that add a level per node (casts the analyzer inserts).
inline constexpr std::size_t kStackBytesPerLevel = std::size_t{16} << 10;
/// The depth every build runs on a usual 8 MB main stack (what kMaxNestingDepth, the bound on
/// brackets, was sized for).
inline constexpr std::size_t kInlineDepth = 1000;

/// The stack the passes over a statement of `text_bytes` bytes need; 0 when the caller's own
/// stack will do. Each level of an expression tree takes at least one byte of text, so the
/// length bounds the depth whatever the statement holds.
inline std::size_t stack_bytes_for_statement(std::size_t text_bytes) {
    return text_bytes <= kInlineDepth ? 0
                                      : (std::size_t{64} << 20) + text_bytes * kStackBytesPerLevel;
}

/// Output that indents one step per level of a tree (pretty JSON, `--emit ast`, `--emit
/// bound`) indents at most this many levels: deeper lines keep that indentation, so the output
/// of a deep tree stays linear in its size (at one more space per level, a 30,000-term chain's
/// pretty JSON would be 70 GB).
inline constexpr std::size_t kMaxIndentLevels = 100;
inline std::size_t indent_levels(std::size_t levels) {
    return levels < kMaxIndentLevels ? levels : kMaxIndentLevels;
}

namespace deep_stack_detail {
/// Runs entry(arg) on a new thread with a stack of `bytes` and waits for it; false when no
/// such thread could be started (the caller then runs the work itself).
bool run_on_thread(std::size_t bytes, void* (*entry)(void*), void* arg);
} // namespace deep_stack_detail

/// Calls `work()` on a stack of at least `bytes` (0: right here), rethrowing what it throws;
/// throws std::runtime_error when no such stack can be had. Expression nodes the work
/// allocates join the caller's node pool.
template <typename F> void run_with_stack(std::size_t bytes, F&& work) {
    if (bytes == 0) {
        work();
        return;
    }
    struct Job {
        std::remove_reference_t<F>* work;
        node_pool::Pool* nodes; // the caller's, which waits: the worker's nodes join it
        std::exception_ptr error;
    };
    Job job{&work, node_pool::current(), nullptr};
    void* (*entry)(void*) = [](void* arg) -> void* {
        auto* j = static_cast<Job*>(arg);
        const node_pool::Loan loan(j->nodes);
        try {
            (*j->work)();
        } catch (...) {
            j->error = std::current_exception();
        }
        return nullptr;
    };
    if (!deep_stack_detail::run_on_thread(bytes, entry, &job)) {
        throw std::runtime_error("cannot start a thread with " + std::to_string(bytes >> 20) +
                                 " MB of stack for a statement this deep");
    }
    if (job.error) {
        std::rethrow_exception(job.error);
    }
}

} // namespace prune
