#pragma once
/// Deleting a tree without recursion. A node's destructor lets its children go, whose
/// destructors let theirs go: one level of stack per level of the tree, and a left-deep chain
/// (`a + a + ... + a`) is as deep as it is long. `delete_deferred` deletes the node at once
/// when no deletion of its type is under way on this thread; otherwise it queues the node, and
/// the outermost call deletes the queue in a loop. Any tree is let go in constant stack.
///
///     ~RefPtr() { if (--count == 0) delete_deferred(object); }
///     using ExprPtr = std::unique_ptr<const Expr, DeferredDelete>;

#include <cstddef>
#include <iterator>
#include <vector>

namespace prune {

template <class T> void delete_deferred(T* object) noexcept {
    if (object == nullptr) {
        return;
    }
    // The thread's queue: a few slots in place, which a tree's deletion rarely outgrows (it
    // holds the pending siblings along one path), and a heap vector beyond them, let go when
    // the deletion ends. Trivially destructible, so it outlives every object that may still
    // delete a tree while the thread or the process ends.
    struct Queue {
        T* slots[64];
        std::size_t size;
        std::vector<T*>* more;
        bool draining;
    };
    thread_local Queue queue{};
    if (queue.draining) {
        if (queue.size < std::size(queue.slots)) {
            queue.slots[queue.size++] = object;
        } else {
            if (queue.more == nullptr) {
                queue.more = new std::vector<T*>;
            }
            queue.more->push_back(object);
        }
        return;
    }
    queue.draining = true;
    delete object;
    for (;;) {
        T* next = nullptr;
        if (queue.more != nullptr && !queue.more->empty()) { // the newest first
            next = queue.more->back();
            queue.more->pop_back();
        } else if (queue.size > 0) {
            next = queue.slots[--queue.size];
        } else {
            break;
        }
        delete next;
    }
    delete queue.more;
    queue.more = nullptr;
    queue.draining = false;
}

/// A unique_ptr deleter that deletes through delete_deferred.
struct DeferredDelete {
    template <class T> void operator()(T* object) const noexcept { delete_deferred(object); }
};

} // namespace prune
