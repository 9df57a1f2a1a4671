#pragma once
/// The higher-order-function table: one row per function describes which arguments are
/// collections, what each lambda parameter ranges over, whether the result passes input
/// elements through, and from which rule profile the pruning passes look through its lambdas.
/// The analyzer (binding, arity, typing), root-field collection and the rewrite all read this
/// one table, so they cannot disagree. Adding a function is one row.

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace prune {

/// The pruning rule sets of `--rules`, in increasing order of reach.
enum class Profile : std::uint8_t { Legacy, Spark, Extended };

enum class HofKind : std::uint8_t {
    Transform,
    Exists,
    ForAll,
    Filter,
    ArraySort,
    Aggregate,
    ZipWith,
    TransformKeys,
    TransformValues,
    MapFilter,
    MapZipWith,
};

/// What a lambda parameter is bound to.
enum class ParamSource : std::uint8_t {
    Element,     // an element of the array argument `input`
    Index,       // the element's 0-based index (int, never null)
    Key,         // a key of the map argument `input`
    Value,       // a value of the map argument `input`
    Accumulator, // aggregate's running value (type of the zero argument)
};

struct ParamSpec {
    ParamSource source;
    int input =
        0; // the argument position of the collection it ranges over (unused for Accumulator)
};

/// A lambda argument: its position in the call and its parameters; a lambda may be written
/// with `min_params` up to `params.size()` parameters (transform's index is optional).
struct LambdaSpec {
    int position = 1;
    std::vector<ParamSpec> params;
    int min_params = 1;
    bool optional = false; // may be left out (array_sort's comparator, aggregate's finish)
};

/// What the function returns, in terms of its inputs.
enum class HofResult : std::uint8_t {
    NewArray,      // array of the lambda's results (transform, zip_with)
    Boolean,       // exists, forall
    InputElements, // the input's elements, some or reordered (filter, array_sort)
    InputMap,      // the input map's entries, some (map_filter)
    NewKeys,       // map with new keys, input values (transform_keys)
    NewValues,     // map with input keys, new values (transform_values)
    NewMap,        // map of merged keys and lambda values (map_zip_with)
    Accumulated,   // aggregate: the finish lambda's (or accumulator's) value
};

struct HofDef {
    HofKind kind;
    std::string_view name;            // SQL name (lower case)
    std::string_view catalyst;        // Catalyst class name: ArrayTransform, ArrayExists, ...
    std::vector<int> collection_args; // argument positions of the arrays / maps
    bool map_input = false;           // collections are maps (else arrays)
    std::vector<LambdaSpec> lambdas;
    int min_args = 2;
    int max_args = 2;
    HofResult result = HofResult::NewArray;
    /// The first profile whose rules look through this function's lambdas into the element.
    Profile prunes_from = Profile::Extended;
};

/// The whole table, in a fixed order.
std::span<const HofDef> hof_table();
/// The row for a SQL name (`reduce` finds aggregate's row), or null.
const HofDef* find_hof(std::string_view name);
const HofDef& hof(HofKind kind);

} // namespace prune
