#pragma once
/// A map kept as one sorted vector of (key, value) entries: the std::map operations the
/// pruning trees use (find, try_emplace, operator[], ordered iteration), with the entries of
/// one node side by side in one allocation instead of one tree node each. Meant for the few
/// keys of a node (a struct's needed fields): insertion moves the entries after it.
///
/// The value type may be incomplete where the map is declared (a tree whose nodes hold a
/// FlatMap of nodes). The entries are a struct of their own rather than std::pair: a pair's
/// default constructor asks, when the pair is instantiated, whether its value type is
/// default-constructible, which for such a node asks about the node's own map (clang rejects
/// that cycle).

#include <algorithm>
#include <utility>
#include <vector>

namespace prune {

template <class Key, class Value> class FlatMap {
  public:
    /// One entry: `auto& [key, value] : map` and `it->first`, `it->second` work as for a map.
    struct Entry {
        Key first;
        Value second;
    };
    using value_type = Entry;
    using iterator = typename std::vector<Entry>::iterator;
    using const_iterator = typename std::vector<Entry>::const_iterator;

    iterator begin() { return entries_.begin(); }
    iterator end() { return entries_.end(); }
    const_iterator begin() const { return entries_.begin(); }
    const_iterator end() const { return entries_.end(); }
    std::size_t size() const { return entries_.size(); }
    bool empty() const { return entries_.empty(); }

    /// The entry for `key`, or end().
    iterator find(const Key& key) {
        const iterator it = lower_bound(key);
        return it != end() && it->first == key ? it : end();
    }
    /// The entry for `key`, or end().
    const_iterator find(const Key& key) const {
        const const_iterator it = lower_bound(key);
        return it != end() && it->first == key ? it : end();
    }
    /// Inserts (key, value made from `args`) unless `key` is there; as std::map::try_emplace,
    /// `args` are left alone when nothing is inserted.
    template <class... Args> std::pair<iterator, bool> try_emplace(const Key& key, Args&&... args) {
        const iterator it = lower_bound(key);
        if (it != end() && it->first == key) {
            return {it, false};
        }
        return {entries_.insert(it, Entry{key, Value(std::forward<Args>(args)...)}), true};
    }
    /// The value for `key`, default-constructed if it was not there.
    Value& operator[](const Key& key) { return try_emplace(key).first->second; }

  private:
    iterator lower_bound(const Key& key) {
        return std::lower_bound(begin(), end(), key,
                                [](const Entry& entry, const Key& k) { return entry.first < k; });
    }
    const_iterator lower_bound(const Key& key) const {
        return std::lower_bound(begin(), end(), key,
                                [](const Entry& entry, const Key& k) { return entry.first < k; });
    }

    std::vector<Entry> entries_;
};

} // namespace prune
