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
    // The thread's queue, kept between deletions so that letting a tree go allocates nothing.
    struct Queue {
        std::vector<T*> nodes;
        bool draining = false;
    };
    thread_local Queue queue;
    if (queue.draining) {
        queue.nodes.push_back(object);
        return;
    }
    queue.draining = true;
    delete object;
    while (!queue.nodes.empty()) {
        T* next = queue.nodes.back();
        queue.nodes.pop_back();
        delete next;
    }
    queue.draining = false;
}

/// A unique_ptr deleter that deletes through delete_deferred.
struct DeferredDelete {
    template <class T> void operator()(T* object) const noexcept { delete_deferred(object); }
};

} // namespace prune
