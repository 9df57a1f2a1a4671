#pragma once
/// The directions of a few sort keys in six bytes: the keys of an aggregate's `WITHIN GROUP
/// (ORDER BY ...)`, kept in the room a call node has left in its node pool slot, in the syntax
/// tree and in the plan alike (the keys themselves are the call's last arguments).
///
///     SortDirections d;
///     d.push_back({.ascending = false, .nulls_first = false}); // k DESC (NULLS LAST)
///     d[0].ascending                                          // false

#include <cstddef>
#include <cstdint>

namespace prune {

/// One key's direction and where its nulls go (Spark: SortOrder's direction and nullOrdering).
struct SortDirection {
    bool ascending = true;
    bool nulls_first = true;
};

class SortDirections {
  public:
    /// The most keys it holds: a caller checks before push_back.
    static constexpr std::size_t kMax = 16;

    std::size_t size() const { return count_; }
    bool empty() const { return count_ == 0; }
    SortDirection operator[](std::size_t i) const {
        return {((ascending_ >> i) & 1U) != 0, ((nulls_first_ >> i) & 1U) != 0};
    }
    void push_back(SortDirection key) {
        const auto bit = static_cast<std::uint16_t>(1U << count_);
        ascending_ = static_cast<std::uint16_t>(ascending_ | (key.ascending ? bit : 0U));
        nulls_first_ = static_cast<std::uint16_t>(nulls_first_ | (key.nulls_first ? bit : 0U));
        ++count_;
    }
    friend bool operator==(const SortDirections&, const SortDirections&) = default;

  private:
    std::uint16_t ascending_ = 0;
    std::uint16_t nulls_first_ = 0;
    std::uint8_t count_ = 0;
};

} // namespace prune
