#pragma once
/// A list of fixed length in one pointer's room: the children lists of syntax and plan nodes
/// (a call's arguments, a CASE's branches), which issue 10 wants inside a node's slot with the
/// node (a std::vector alone is three pointers, and its buffer a heap block of its own).
///
///     PackedList<ExprPtr> args = std::vector<ExprPtr>{a, b}; // built as a vector, moved in
///     for (const ExprPtr& arg : args) ...                     // read as a span
///
/// The length is stored in front of the elements, in one block that takes a node pool slot
/// when it fits one (util/node_pool.hpp; one or two pointers take a small slot), so it goes
/// back to the slots with its node. It copies and compares as a vector does, element by
/// element; its elements may be assigned, but it does not grow: build a std::vector and move
/// it in.

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <initializer_list>
#include <memory>
#include <new>
#include <span>
#include <utility>
#include <vector>

#include "util/node_pool.hpp"

namespace prune {

template <class T> class PackedList {
  public:
    using value_type = T;
    using iterator = T*;
    using const_iterator = const T*;

    PackedList() noexcept = default;
    PackedList(std::vector<T>&& items) { // NOLINT(google-explicit-constructor): a list is its items
        fill(items.size(),
             [&](T* out) { std::uninitialized_move(items.begin(), items.end(), out); });
    }
    PackedList(std::initializer_list<T> items) requires std::copy_constructible<T> {
        fill(items.size(),
             [&](T* out) { std::uninitialized_copy(items.begin(), items.end(), out); });
    }
    explicit PackedList(std::span<const T> items) requires std::copy_constructible<T> {
        fill(items.size(),
             [&](T* out) { std::uninitialized_copy(items.begin(), items.end(), out); });
    }
    PackedList(const PackedList& other) requires std::copy_constructible<T>
        : PackedList(std::span<const T>(other)) {}
    PackedList(PackedList&& other) noexcept : block_(std::exchange(other.block_, nullptr)) {}
    PackedList& operator=(const PackedList& other) requires std::copy_constructible<T> {
        PackedList(other).swap(*this);
        return *this;
    }
    PackedList& operator=(PackedList&& other) noexcept {
        PackedList(std::move(other)).swap(*this);
        return *this;
    }
    ~PackedList() { clear(); }

    std::size_t size() const noexcept { return block_ != nullptr ? block_->size : 0; }
    bool empty() const noexcept { return size() == 0; }
    T* data() noexcept { return block_ != nullptr ? items(block_) : nullptr; }
    const T* data() const noexcept { return block_ != nullptr ? items(block_) : nullptr; }
    T* begin() noexcept { return data(); }
    T* end() noexcept { return data() + size(); }
    const T* begin() const noexcept { return data(); }
    const T* end() const noexcept { return data() + size(); }
    T& operator[](std::size_t i) noexcept { return data()[i]; }
    const T& operator[](std::size_t i) const noexcept { return data()[i]; }
    T& front() noexcept { return data()[0]; }
    const T& front() const noexcept { return data()[0]; }
    T& back() noexcept { return data()[size() - 1]; }
    const T& back() const noexcept { return data()[size() - 1]; }

    operator std::span<const T>() const noexcept { return {data(), size()}; } // NOLINT: a view
    /// A copy as a vector, for callers that go on to change the list.
    std::vector<T> to_vector() const requires std::copy_constructible<T> {
        return std::vector<T>(begin(), end());
    }

    void swap(PackedList& other) noexcept { std::swap(block_, other.block_); }

    friend bool operator==(const PackedList& a,
                           const PackedList& b) requires std::equality_comparable<T> {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

  private:
    struct Block {
        std::size_t size;
    };
    static_assert(alignof(T) <= alignof(Block), "elements follow the length, aligned");

    static T* items(Block* block) noexcept { return reinterpret_cast<T*>(block + 1); }
    static const T* items(const Block* block) noexcept {
        return reinterpret_cast<const T*>(block + 1);
    }
    static std::size_t bytes(std::size_t n) noexcept { return sizeof(Block) + n * sizeof(T); }

    /// A block of `n` elements that `construct` builds in place; none for an empty list.
    template <class Construct> void fill(std::size_t n, Construct construct) {
        if (n == 0) {
            return;
        }
        const std::size_t size = bytes(n);
        void* memory = node_pool::allocate(size);
        auto* block = new (memory) Block{n};
        try {
            construct(items(block));
        } catch (...) {
            release(block);
            throw;
        }
        block_ = block;
    }

    static void release(Block* block) noexcept { node_pool::release(block, bytes(block->size)); }

    void clear() noexcept {
        if (block_ != nullptr) {
            std::destroy_n(items(block_), block_->size);
            release(std::exchange(block_, nullptr));
        }
    }

    Block* block_ = nullptr;
};

} // namespace prune
