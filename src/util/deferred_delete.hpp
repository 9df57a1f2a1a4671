#pragma once
/// Deleting a tree without recursion. A node's destructor lets its children go, whose
/// destructors let theirs go: one level of stack per level of the tree, and a left-deep chain
/// (`a + a + ... + a`) is as deep as it is long. `delete_deferred` deletes the node at once
/// when no deletion of its type is under way on this thread; otherwise it queues the node, and
/// the outermost call deletes the queue in a loop. Any tree is let go in constant stack.
///
///     ~RefPtr() { if (--count == 0) delete_deferred(object); }
///     using ExprPtr = std::unique_ptr<const Expr, DeferredDelete>;

#include <vector>

namespace prune {

template <class T> void delete_deferred(T* object) noexcept {
    if (object == nullptr) {
        return;
    }
    thread_local std::vector<T*>* pending = nullptr; // the outermost call's queue, if any
    if (pending != nullptr) {
        pending->push_back(object);
        return;
    }
    std::vector<T*> queue;
    pending = &queue;
    delete object;
    while (!queue.empty()) {
        T* next = queue.back();
        queue.pop_back();
        delete next;
    }
    pending = nullptr;
}

/// A unique_ptr deleter that deletes through delete_deferred.
struct DeferredDelete {
    template <class T> void operator()(T* object) const noexcept { delete_deferred(object); }
};

} // namespace prune
