#include "util/name.hpp"

#include <limits>
#include <new>
#include <ostream>

#include "util/node_pool.hpp"

namespace prune {
namespace {

std::size_t shared_bytes(std::size_t size) { return sizeof(std::uint32_t) * 2 + size; }

} // namespace

Name::Name(std::string_view text) {
    if (text.size() <= kInlineBytes) {
        set_inline(text);
        return;
    }
    if (text.size() > std::numeric_limits<std::uint32_t>::max()) {
        throw std::length_error("a name of 4 GiB or more"); // inputs are smaller (diag)
    }
    static_assert(sizeof(Shared) == sizeof(std::uint32_t) * 2);
    void* memory = node_pool::allocate(shared_bytes(text.size()));
    auto* shared = new (memory) Shared{static_cast<std::uint32_t>(text.size()), 1};
    std::memcpy(const_cast<char*>(shared->text()), text.data(), text.size());
    std::memcpy(bytes_.data(), &shared, sizeof shared);
}

void Name::release() noexcept {
    if (is_inline()) {
        return;
    }
    const Shared* shared = this->shared();
    if (--shared->handles == 0) {
        node_pool::release(const_cast<Shared*>(shared), shared_bytes(shared->size));
    }
}

std::ostream& operator<<(std::ostream& out, const Name& name) { return out << name.view(); }

} // namespace prune
