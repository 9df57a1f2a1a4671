#pragma once
/// An immutable string in one pointer's room: the names and texts of syntax and plan nodes,
/// which issue 10 wants in one 48-byte slot each (a std::string alone is 32 bytes).
///
///     Name column = "c374";            // up to 7 bytes: kept in the handle, nothing allocated
///     Name alias = "transform(a, ...)"; // longer: one counted copy, shared by every copy
///     std::string_view v = alias;       // reads as a string_view, valid while `alias` lives
///
/// A longer text is stored once with its length and a count of its handles; it takes a node
/// pool slot when it fits one (util/node_pool.hpp), so it goes back to the slots with its node.
/// As with RefPtr (util/ref_ptr.hpp) the count is not atomic: a name and its copies belong to
/// one thread at a time.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>

namespace prune {

class Name {
  public:
    /// The longest text kept in the handle itself.
    static constexpr std::size_t kInlineBytes = 7;

    Name() noexcept { set_inline(std::string_view()); }
    Name(std::string_view text); // NOLINT(google-explicit-constructor): a name is its text
    Name(const std::string& text) : Name(std::string_view(text)) {} // NOLINT: as above
    Name(const char* text) : Name(std::string_view(text)) {}        // NOLINT: as above
    Name(const Name& other) noexcept : bytes_(other.bytes_) { retain(); }
    Name(Name&& other) noexcept : bytes_(other.bytes_) { other.set_inline(std::string_view()); }
    Name& operator=(const Name& other) noexcept {
        Name(other).swap(*this);
        return *this;
    }
    Name& operator=(Name&& other) noexcept {
        Name(std::move(other)).swap(*this);
        return *this;
    }
    ~Name() { release(); }

    std::string_view view() const noexcept {
        if (is_inline()) {
            return {bytes_.data() + kTextOffset, static_cast<std::size_t>(tag() >> 1)};
        }
        const Shared* shared = this->shared();
        return {shared->text(), shared->size};
    }
    operator std::string_view() const noexcept { return view(); } // NOLINT: reads as its text
    // No implicit std::string: a copy should be asked for (`str()`), and an implicit one would
    // also make a Name convert to std::optional<std::string>, always engaged.
    std::string str() const { return std::string(view()); }
    const char* data() const noexcept { return view().data(); }
    std::size_t size() const noexcept { return view().size(); }
    bool empty() const noexcept { return view().empty(); }

    void swap(Name& other) noexcept { std::swap(bytes_, other.bytes_); }

    friend bool operator==(const Name& a, const Name& b) noexcept { return a.view() == b.view(); }
    friend bool operator==(const Name& a, std::string_view b) noexcept { return a.view() == b; }
    friend bool operator==(const Name& a, const std::string& b) noexcept { return a.view() == b; }
    friend bool operator==(const Name& a, const char* b) noexcept {
        return a.view() == std::string_view(b);
    }
    friend auto operator<=>(const Name& a, const Name& b) noexcept { return a.view() <=> b.view(); }

  private:
    /// A text longer than kInlineBytes: its length, its handles, then its bytes.
    struct Shared {
        std::uint32_t size;
        mutable std::uint32_t handles;
        const char* text() const noexcept { return reinterpret_cast<const char*>(this + 1); }
    };

    // The handle is 8 bytes: either a Shared pointer (its lowest bit 0, as any aligned
    // pointer's) or a tag byte (lowest bit 1, the length above it) and up to 7 bytes of text.
    // The tag is the byte that holds the pointer's lowest bits.
    static constexpr std::size_t kTagByte = std::endian::native == std::endian::little ? 0 : 7;
    static constexpr std::size_t kTextOffset = kTagByte == 0 ? 1 : 0;

    unsigned char tag() const noexcept { return static_cast<unsigned char>(bytes_[kTagByte]); }
    bool is_inline() const noexcept { return (tag() & 1U) != 0; }
    const Shared* shared() const noexcept {
        const Shared* shared = nullptr;
        std::memcpy(&shared, bytes_.data(), sizeof shared);
        return shared;
    }
    void set_inline(std::string_view text) noexcept {
        bytes_ = {};
        if (!text.empty()) { // an empty view may have no data at all
            std::memcpy(bytes_.data() + kTextOffset, text.data(), text.size());
        }
        bytes_[kTagByte] = static_cast<char>((text.size() << 1) | 1U);
    }
    void retain() const noexcept {
        if (!is_inline()) {
            ++shared()->handles;
        }
    }
    void release() noexcept;

    struct alignas(8) Bytes {
        char data_[8];
        char* data() noexcept { return data_; }
        const char* data() const noexcept { return data_; }
        char& operator[](std::size_t i) noexcept { return data_[i]; }
        char operator[](std::size_t i) const noexcept { return data_[i]; }
    };
    Bytes bytes_;
};
static_assert(sizeof(Name) == 8, "a name is one pointer's room");

std::ostream& operator<<(std::ostream& out, const Name& name);

// Concatenation, as with std::string (messages and printed forms).
inline std::string operator+(std::string text, const Name& name) {
    return std::move(text.append(name.view()));
}
inline std::string operator+(const char* text, const Name& name) {
    return std::string(text) + name;
}
inline std::string operator+(const Name& name, std::string_view text) {
    return name.str().append(text);
}
inline std::string operator+(const Name& name, const char* text) {
    return name + std::string_view(text);
}
inline std::string operator+(const Name& name, const std::string& text) {
    return name + std::string_view(text);
}

} // namespace prune

template <> struct std::hash<prune::Name> {
    std::size_t operator()(const prune::Name& name) const noexcept {
        return std::hash<std::string_view>{}(name.view());
    }
};
