#pragma once
/// Shared ownership of an immutable object that counts its own handles: the plan's expression
/// nodes and data types. A handle is one pointer, as against shared_ptr's two; the object needs
/// no separate control block; and the count is a plain integer, not an atomic one (libstdc++
/// makes every shared_ptr copy an atomic operation once a process can have threads, which since
/// glibc 2.34 is every process). Issue 10: a plan is mostly handles, nodes and types.
///
/// Counting is not atomic, so an object and its handles belong to one thread at a time: every
/// pass runs on its caller's thread, and a thread that takes them over (the parser's large-stack
/// thread, a test's worker) is joined before its caller goes on.
///
///     struct Node { ...; RefCount refs; };   // the count, in the object
///     RefPtr<const Node> n = make_ref<const Node>(...);

#include <cstddef>
#include <cstdint>
#include <utility>

#include "util/deferred_delete.hpp"

namespace prune {

template <class T> class RefPtr;

/// The number of handles to an object: a member named `refs` of every counted type. A copied
/// object starts with none: the count belongs to the allocation, not to the value.
class RefCount {
  public:
    RefCount() = default;
    RefCount(const RefCount&) noexcept {}
    RefCount& operator=(const RefCount&) noexcept { return *this; }
    ~RefCount() = default;

  private:
    template <class T> friend class RefPtr;
    mutable std::uint32_t count_ = 0;
};

/// An owning handle with shared_ptr's interface (copy shares, `get`, `->`, `*`, `reset`,
/// comparison by address). The object is deleted with its last handle, through its class's
/// own operator delete where it has one (the node pool's slots).
template <class T> class RefPtr {
  public:
    RefPtr() noexcept = default;
    RefPtr(std::nullptr_t) noexcept {} // NOLINT(google-explicit-constructor): as shared_ptr
    RefPtr(const RefPtr& other) noexcept : object_(other.object_) { retain(); }
    RefPtr(RefPtr&& other) noexcept : object_(std::exchange(other.object_, nullptr)) {}
    RefPtr& operator=(const RefPtr& other) noexcept {
        RefPtr(other).swap(*this);
        return *this;
    }
    RefPtr& operator=(RefPtr&& other) noexcept {
        RefPtr(std::move(other)).swap(*this);
        return *this;
    }
    ~RefPtr() {
        if (object_ != nullptr && --object_->refs.count_ == 0) {
            destroy(object_);
        }
    }

    /// Takes ownership of an object that no handle owns yet (see `make_ref`).
    static RefPtr adopt(T* object) noexcept {
        RefPtr handle;
        handle.object_ = object;
        handle.retain();
        return handle;
    }

    T* get() const noexcept { return object_; }
    T& operator*() const noexcept { return *object_; }
    T* operator->() const noexcept { return object_; }
    explicit operator bool() const noexcept { return object_ != nullptr; }
    /// Lets go of the object (deleted with its last handle).
    void reset() noexcept { RefPtr().swap(*this); }
    void swap(RefPtr& other) noexcept { std::swap(object_, other.object_); }

    friend bool operator==(const RefPtr& a, const RefPtr& b) noexcept {
        return a.object_ == b.object_;
    }
    friend bool operator==(const RefPtr& a, std::nullptr_t) noexcept {
        return a.object_ == nullptr;
    }

  private:
    // Out of line: inlined, GCC's -Wuse-after-free cannot tell that a count shared by two
    // handles reaches zero only once, and warns where one handle dies after another. Deferred,
    // so that a deep tree is let go without recursion.
    [[gnu::noinline]] static void destroy(T* object) noexcept { delete_deferred(object); }

    void retain() const noexcept {
        if (object_ != nullptr) {
            ++object_->refs.count_;
        }
    }

    T* object_ = nullptr;
};

/// A new counted object, owned by the handle returned.
template <class T, class... Args> RefPtr<T> make_ref(Args&&... args) {
    return RefPtr<T>::adopt(new T(std::forward<Args>(args)...));
}

} // namespace prune
