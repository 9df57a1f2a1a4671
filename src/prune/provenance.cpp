// Provenance: the uses the collector reported, laid over a scan's read schema.
//
//     contacts(name struct<first: string, last: string>)
//     SELECT name.first FROM contacts WHERE name IS NOT NULL        (--rules extended)
//
//     uses of name#0:  {0: whole} at 1:8 select item 1 (field)
//                      any_leaf   at 1:42 WHERE (null test)
//     read schema:     struct<name:struct<first:string>>
//     entries:         name.first  <- 1:8 select item 1, 1:42 WHERE (null test)
//
// A use reaches a path of the read schema when its need has a part there, is whole at or
// above it, or needs any one leaf of a value whose smallest leaf (X5) is that path.

#include "prune/provenance.hpp"

#include <algorithm>
#include <tuple>

#include "plan/functions.hpp"
#include "plan/higher_order.hpp"

namespace prune {

// clang-format off
const ReadReasonInfo kReadReasons[] = {
    {ReadReason::None, "", "", "", ""},
    {ReadReason::Compared, "compared",
     "compared or ordered as a whole value (=, IN, array_contains, a GROUP BY, ORDER BY or "
     "DISTINCT key, the rows of INTERSECT and EXCEPT, a map's keys)", "", ""},
    {ReadReason::Serialised, "serialised",
     "serialised whole (to_json, hash, a cast to string)", "", ""},
    {ReadReason::UserFunction, "user_function",
     "passed to a user-defined function, whose use of it is unknown", "", ""},
    {ReadReason::FunctionArgument, "function_argument",
     "an argument of a function that reads its argument's value", "", ""},
    {ReadReason::LambdaVariable, "lambda_variable",
     "a bare lambda variable: the element used as a whole value", "", ""},
    {ReadReason::LambdaStep, "lambda_step",
     "inside a lambda, a step other than a struct field (subscript, map key, nested "
     "higher-order function), where Spark ends the chain", "SPARK-57022", "X1"},
    {ReadReason::ComputedChain, "computed_chain",
     "a field taken from a computed value the rules do not look through", "SPARK-57176", "X7"},
    {ReadReason::HigherOrderLegacy, "higher_order_function",
     "the input of a higher-order function, which legacy does not look into",
     "SPARK-57022/57175/57176",
     "X3"},
    {ReadReason::HigherOrderSpark, "higher_order_function_spark",
     "the input of a higher-order function Spark does not prune through (aggregate, zip_with, "
     "map functions, ...)", "", "X3"},
    {ReadReason::LambdaLimit, "lambda_input_spark",
     "a lambda's input Spark keeps whole: no field of the element read, not an array of "
     "structs from a column, or a comparator that may return null", "", "X5"},
    {ReadReason::NonConstantSubscript, "non_constant_subscript",
     "a non-constant subscript, map key, element_at index or slice bound", "", "X4"},
    {ReadReason::NullTest, "null_test",
     "IS [NOT] NULL of a value nothing else reads (Spark's optional root, kept whole)", "",
     "X5"},
    {ReadReason::Size, "size",
     "size or cardinality, read through the whole value or its smallest top-level field",
     "SPARK-58735", "X5"},
    {ReadReason::MapKeysValues, "map_keys_values",
     "the values of a map of which only the keys are read (Spark keeps the value type)", "",
     "X5"},
    {ReadReason::BranchValue, "branch_value",
     "a field of if, CASE, coalesce, nvl, nvl2 or array_repeat, which Spark does not look "
     "through", "", "X6"},
    {ReadReason::ArrayCombined, "combined_array",
     "elements of concat, flatten or a conditional array, which Spark does not look through",
     "", "X7"},
    {ReadReason::PassThroughLegacy, "pass_through_function",
     "the elements of reverse, slice, filter or array_compact, which legacy does not look "
     "through", "SPARK-57176", "X7"},
    {ReadReason::Boundary, "operator_boundary",
     "crossed a join, INTERSECT or EXCEPT as other than a plain field chain (Spark's "
     "NestedColumnAliasing)", "", "needs through operators"},
    {ReadReason::Generator, "generator",
     "a generator's input or carried column Spark's GeneratorNestedColumnAliasing keeps whole "
     "(several fields, inline, stack, a map, an unused pos, a filter on a generated column)",
     "", "X8"},
    {ReadReason::UnionMismatch, "union_mismatch",
     "another input of a set operation (or another of UNPIVOT's columns) reads this: the inputs "
     "of a column must agree on its type (rows are matched by position)",
     "", ""},
    {ReadReason::UnionUnread, "union_unread_column",
     "a UNION column nothing reads, kept in every input", "", ""},
    {ReadReason::RuleSwitchedOff, "rule_switched_off",
     "X6/X7 switched off here: the pruned branches would not have the same type", "", ""},
    {ReadReason::Correlated, "correlated_subquery",
     "read by a correlated subquery: an outer reference, or a column of a predicate Spark pulls "
     "out of the subquery (SPARK-51381)", "", "needs through operators"},
    {ReadReason::Expand, "expand",
     "a part of a column read above the Expand of ROLLUP, CUBE, GROUPING SETS or UNPIVOT, which "
     "Spark passes whole (its NestedColumnAliasing aliases the part above the Expand)", "",
     "needs through operators"},
    {ReadReason::SummedCountKey, "summed_count_key",
     "a grouping key of a count(*) that the query only sums over fewer keys (Spark's "
     "CollapseGroupedSumOfCount drops that grouping)", "SPARK-57043", ""},
};
// clang-format on
const std::size_t kReadReasonCount = sizeof(kReadReasons) / sizeof(kReadReasons[0]);

const ReadReasonInfo& reason_info(ReadReason reason) {
    const auto at = static_cast<std::size_t>(reason);
    if (at >= kReadReasonCount || kReadReasons[at].reason != reason) {
        throw InternalError("the provenance reason table is out of order");
    }
    return kReadReasons[at];
}

std::string_view use_kind_name(UseKind kind) {
    switch (kind) {
    case UseKind::Field:
        return "field";
    case UseKind::NullTest:
        return "null_test";
    case UseKind::Size:
        return "size";
    case UseKind::Whole:
        return "whole";
    }
    return "field";
}

void ProvenanceRecorder::add(ExprId id, Requirement need, const UseSite& site) {
    uses_[id].push_back(RecordedUse{std::move(need), site});
}

const std::vector<RecordedUse>* ProvenanceRecorder::find(ExprId id) const {
    const auto it = uses_.find(id);
    return it == uses_.end() ? nullptr : &it->second;
}

std::vector<RecordedUse> ProvenanceRecorder::take(ExprId id) {
    const auto it = uses_.find(id);
    if (it == uses_.end()) {
        return {};
    }
    std::vector<RecordedUse> out = std::move(it->second);
    uses_.erase(it);
    return out;
}

namespace {

/// Whether a use for `reason` never reads a value for the value itself: a narrower profile
/// makes no such use at all (Spark's CollapseGroupedSumOfCount drops the grouping that read
/// the key), or the use is only there so a UNION's inputs agree on a column's type. Then
/// even a leaf the use reads to its end is read for this reason.
bool never_for_its_value(ReadReason reason) {
    return reason == ReadReason::SummedCountKey || reason == ReadReason::UnionMismatch;
}

/// How a use's need meets one path.
enum class Reach : std::uint8_t { None, Part, Whole, AnyLeaf };

struct Hit {
    Reach reach = Reach::None;
    std::size_t depth = 0; // where along the path it was decided (for AnyLeaf: the value)
};

Hit reach(const Requirement& need, const std::vector<ReqKey>& path) {
    const Requirement* at = &need;
    for (std::size_t i = 0; i <= path.size(); ++i) {
        if (at->whole) {
            return {Reach::Whole, i};
        }
        if (at->any_leaf && at->kids.empty()) {
            return {Reach::AnyLeaf, i};
        }
        if (i == path.size()) {
            return {at->empty() ? Reach::None : Reach::Part, i};
        }
        const auto it = at->kids.find(path[i]);
        if (it == at->kids.end()) {
            // A map's entries are read through either part: a need on its values reads its
            // keys (prune_type keeps them whole), one on its keys one leaf of its values.
            const bool other_part =
                (path[i] == kKey && (at->kids.find(kValue) != at->kids.end())) ||
                (path[i] == kValue && (at->kids.find(kKey) != at->kids.end()));
            return {other_part ? Reach::Part : Reach::None, i};
        }
        at = &it->second;
    }
    return {};
}

/// The path of the leaf one_leaf_type keeps of `type` (docs/RULES.md, one leaf).
std::vector<ReqKey> smallest_leaf(const DataType& type) {
    std::vector<ReqKey> path;
    const DataType* t = &type;
    while (true) {
        if (const StructType* s = t->struct_type(); s != nullptr && s->size() > 0) {
            std::size_t best = 0;
            for (std::size_t i = 1; i < s->size(); ++i) {
                if (default_size(*(*s)[i].type) < default_size(*(*s)[best].type)) {
                    best = i;
                }
            }
            path.push_back(static_cast<ReqKey>(best));
            t = (*s)[best].type.get();
        } else if (const ArrayType* a = t->array()) {
            path.push_back(kElement);
            t = a->element.get();
        } else if (const MapType* m = t->map()) {
            path.push_back(kValue);
            t = m->value.get();
        } else {
            return path;
        }
    }
}

bool nested(const DataType& t) {
    return t.struct_type() != nullptr || t.array() != nullptr || t.map() != nullptr;
}

class EntryBuilder {
  public:
    EntryBuilder(const std::vector<RecordedUse>& uses, const SourceFile& source,
                 const ClauseMap& clauses, std::vector<ProvenanceEntry>& out)
        : uses_(uses), source_(source), clauses_(clauses), out_(out) {}

    /// `pruned` is the read type at `path`, `full` the stored one (needs are keyed by the
    /// stored type's ordinals).
    void walk(const TypePtr& pruned, const TypePtr& full, const std::string& name) {
        const bool complete = pruned->leaves() == full->leaves();
        if (nested(*pruned) && pruned->leaves() > 1 && complete) {
            // A subtree some use reads whole is one entry, with that use's reason.
            std::vector<ReadReason> reasons;
            bool whole = false;
            // An array's element read whole is the array read whole.
            std::vector<ReqKey> element = path_;
            element.push_back(kElement);
            const bool array = pruned->array() != nullptr;
            for (const RecordedUse& use : uses_) {
                const bool here = reach(use.need, path_).reach == Reach::Whole;
                if (here || (array && reach(use.need, element).reach == Reach::Whole)) {
                    whole = whole || here;
                    add_reason(reasons, use.site.reason);
                }
            }
            // Then the reasons of uses that read a part of it whole: --compare-rules may find
            // the one a narrower profile lifts among them.
            for (const RecordedUse& use : uses_) {
                if (whole_below(use.need)) {
                    add_reason(reasons, use.site.reason);
                }
            }
            if (array && !whole) {
                for (const RecordedUse& use : uses_) {
                    whole = whole || reach(use.need, element).reach == Reach::Whole;
                }
            }
            if (whole) {
                emit(name, true, std::move(reasons), array);
                return;
            }
        }
        if (const StructType* s = pruned->struct_type()) {
            const StructType& stored = *full->struct_type();
            for (const StructField& field : s->fields()) {
                const std::optional<std::size_t> ordinal =
                    stored.field_index(field.name, CaseSensitivity::Sensitive);
                if (!ordinal) {
                    throw InternalError("read field '" + field.name + "' is not a stored field");
                }
                path_.push_back(static_cast<ReqKey>(*ordinal));
                walk(field.type, stored[*ordinal].type, name + "." + field.name);
                path_.pop_back();
            }
            return;
        }
        if (const ArrayType* a = pruned->array(); a != nullptr && nested(*a->element)) {
            path_.push_back(kElement);
            walk(a->element, full->array()->element, name + ".element");
            path_.pop_back();
            return;
        }
        if (const MapType* m = pruned->map()) {
            path_.push_back(kKey);
            walk(m->key, full->map()->key, name + ".key");
            path_.back() = kValue;
            walk(m->value, full->map()->value, name + ".value");
            path_.pop_back();
            return;
        }
        emit(name, false, {}, false);
    }

  private:
    /// Whether `need` reads some part of the value at `path_` whole.
    bool whole_below(const Requirement& need) const {
        const Requirement* at = &need;
        for (const ReqKey key : path_) {
            if (at->whole) {
                return true;
            }
            const auto it = at->kids.find(key);
            if (it == at->kids.end()) {
                return false;
            }
            at = &it->second;
        }
        std::vector<const Requirement*> stack{at};
        while (!stack.empty()) {
            const Requirement* r = stack.back();
            stack.pop_back();
            if (r->whole) {
                return true;
            }
            for (const auto& [key, kid] : r->kids) {
                stack.push_back(&kid);
            }
        }
        return false;
    }

    static void add_reason(std::vector<ReadReason>& reasons, ReadReason reason) {
        if (reason != ReadReason::None &&
            std::find(reasons.begin(), reasons.end(), reason) == reasons.end()) {
            reasons.push_back(reason);
        }
    }

    void emit(const std::string& name, bool whole, std::vector<ReadReason> reasons, bool array) {
        std::vector<ReqKey> element = path_;
        element.push_back(kElement);
        ProvenanceEntry entry{name, whole, {}, ReadReason::None, std::move(reasons)};
        std::vector<ReadReason> leaf_reasons;
        // A leaf that only uses with a reason read (the smallest field Spark's size rule
        // reads beside another field, a field of a struct Spark reads whole for a null
        // test) takes the first of them: it too is read where none was needed.
        bool all_reasoned = !whole;
        for (const RecordedUse& use : uses_) {
            const Hit hit = reach(use.need, path_);
            bool counts = hit.reach == Reach::Whole || hit.reach == Reach::Part;
            if (hit.reach == Reach::AnyLeaf) {
                counts = any_leaf_here(hit.depth);
            }

            if (counts) {
                // A use that takes this whole subtree reads it as a value, whatever its chain.
                const bool as_value =
                    whole && (hit.reach == Reach::Whole ||
                              (array && reach(use.need, element).reach == Reach::Whole));
                add_use(entry, use, as_value);
                // A use that reads the leaf for its value (its chain ends here) needs it,
                // whatever the reason its context had.
                const bool for_its_value =
                    !never_for_its_value(use.site.reason) &&
                    (hit.reach == Reach::Part ||
                     (hit.reach == Reach::Whole && hit.depth == path_.size() &&
                      use.site.kind != UseKind::Size && use.site.kind != UseKind::NullTest));
                all_reasoned =
                    all_reasoned && !for_its_value && use.site.reason != ReadReason::None;
                if (!for_its_value) {
                    add_reason(leaf_reasons, use.site.reason);
                }
            }
        }
        if (!whole) {
            // A leaf names the reasons of the uses that read it for a reason; it shows one
            // only when no use reads it for its own value.
            entry.reasons = std::move(leaf_reasons);
        }
        if (!entry.reasons.empty() && (whole || (all_reasoned && !entry.uses.empty()))) {
            entry.reason = entry.reasons.front();
        }
        std::sort(entry.uses.begin(), entry.uses.end(), [](const auto& a, const auto& b) {
            return std::tie(a.line, a.column, a.end_line, a.end_column, a.clause) <
                   std::tie(b.line, b.column, b.end_line, b.end_column, b.clause);
        });
        out_.push_back(std::move(entry));
    }

    /// Whether an any-leaf need on the value at `path_[0, depth)` is read through this path.
    bool any_leaf_here(std::size_t depth) const {
        // The stored type at that depth: walk the column's type along the path.
        const DataType* t = column_type_;
        for (std::size_t i = 0; i < depth; ++i) {
            t = step(*t, path_[i]);
        }
        const std::vector<ReqKey> pick = smallest_leaf(*t);
        for (std::size_t i = depth; i < path_.size(); ++i) {
            if (t->map() != nullptr && path_[i] == kKey) {
                return true; // one leaf of a map is its whole key and one leaf of its value
            }
            if (i - depth >= pick.size() || pick[i - depth] != path_[i]) {
                return false;
            }
            t = step(*t, path_[i]);
        }
        return true;
    }

    static const DataType* step(const DataType& t, ReqKey key) {
        if (key == kElement) {
            return t.array()->element.get();
        }
        if (key == kKey) {
            return t.map()->key.get();
        }
        if (key == kValue) {
            return t.map()->value.get();
        }
        return (*t.struct_type())[static_cast<std::size_t>(key)].type.get();
    }

    void add_use(ProvenanceEntry& entry, const RecordedUse& use, bool as_value) {
        UseLocation at;
        at.kind = use.site.kind;
        if (as_value && at.kind == UseKind::Field) {
            at.kind = UseKind::Whole;
        }
        if (use.site.span.end > use.site.span.begin) {
            at.file = source_.name();
            const Location begin = source_.location(use.site.span.begin);
            const Location end = source_.location(use.site.span.end);
            at.line = begin.line;
            at.column = begin.column;
            at.end_line = end.line;
            at.end_column = end.column;
            at.clause = clauses_.clause_at(use.site.span);
        }
        if (at.clause.empty() && use.site.clause != nullptr) {
            at.clause = use.site.clause;
        }
        if (use.site.lambda != nullptr) {
            const auto* hof = use.site.lambda->as<HigherOrderFunction>();
            const Location l = source_.location(use.site.lambda->span.begin);
            at.clause += (at.clause.empty() ? "" : ", ") + std::string("lambda of ") +
                         std::string(hof->def->name) + " at " + std::to_string(l.line) + ":" +
                         std::to_string(l.column);
        }
        for (const UseLocation& seen : entry.uses) {
            // The same place, clause and kind is one use (an alias and the expression under it).
            if (std::tie(seen.line, seen.column, seen.clause, seen.kind) ==
                std::tie(at.line, at.column, at.clause, at.kind)) {
                return;
            }
        }
        entry.uses.push_back(std::move(at));
    }

  public:
    const DataType* column_type_ = nullptr;

  private:
    const std::vector<RecordedUse>& uses_;
    const SourceFile& source_;
    const ClauseMap& clauses_;
    std::vector<ProvenanceEntry>& out_;
    std::vector<ReqKey> path_;
};

} // namespace

std::vector<ProvenanceEntry> scan_provenance(const Relation& relation, const TypePtr& read_schema,
                                             const ProvenanceRecorder& recorder,
                                             const SourceFile& source, const ClauseMap& clauses) {
    std::vector<ProvenanceEntry> out;
    if (!read_schema) {
        return out;
    }
    static const std::vector<RecordedUse> none;
    // The scan's stored columns by name (one lookup per read column: a wide table reads
    // thousands).
    std::unordered_map<std::string_view, const AttributeReference*> by_name;
    by_name.reserve(relation.output.size());
    for (const ExprPtr& output : relation.output) {
        const auto* a = output->as<AttributeReference>();
        if (!a->partition) {
            by_name.emplace(a->name.view(), a);
        }
    }
    for (const StructField& field : read_schema->struct_type()->fields()) {
        const auto found = by_name.find(std::string_view(field.name));
        const AttributeReference* column = found == by_name.end() ? nullptr : found->second;
        if (column == nullptr) {
            throw InternalError("read column '" + field.name + "' is not a column of its scan");
        }
        const std::vector<RecordedUse>* uses = recorder.find(column->id);
        EntryBuilder builder(uses != nullptr ? *uses : none, source, clauses, out);
        builder.column_type_ = column->type.get();
        builder.walk(field.type, column->type, field.name);
    }
    return out;
}

} // namespace prune
