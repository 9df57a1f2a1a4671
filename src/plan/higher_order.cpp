#include "plan/higher_order.hpp"

#include <array>
#include <stdexcept>

namespace prune {
namespace {

using enum ParamSource;

// clang-format off
const std::vector<HofDef> kTable = {
    // kind                  name               catalyst           collections  map    lambdas: {position, params, min, optional}                         args  result                     prunes from
    {HofKind::Transform,       "transform",       "ArrayTransform",  {0},    false, {{1, {{Element, 0}, {Index, 0}}, 1, false}},                         2, 2, HofResult::NewArray,      Profile::Spark},
    {HofKind::Exists,          "exists",          "ArrayExists",     {0},    false, {{1, {{Element, 0}}, 1, false}},                                     2, 2, HofResult::Boolean,       Profile::Spark},
    {HofKind::ForAll,          "forall",          "ArrayForAll",     {0},    false, {{1, {{Element, 0}}, 1, false}},                                     2, 2, HofResult::Boolean,       Profile::Spark},
    {HofKind::Filter,          "filter",          "ArrayFilter",     {0},    false, {{1, {{Element, 0}, {Index, 0}}, 1, false}},                         2, 2, HofResult::InputElements, Profile::Spark},
    {HofKind::ArraySort,       "array_sort",      "ArraySort",       {0},    false, {{1, {{Element, 0}, {Element, 0}}, 2, true}},                        1, 2, HofResult::InputElements, Profile::Spark},
    {HofKind::Aggregate,       "aggregate",       "ArrayAggregate",  {0},    false, {{2, {{Accumulator, 0}, {Element, 0}}, 2, false},
                                                                                     {3, {{Accumulator, 0}}, 1, true}},                                  3, 4, HofResult::Accumulated,   Profile::Extended},
    {HofKind::ZipWith,         "zip_with",        "ZipWith",         {0, 1}, false, {{2, {{Element, 0}, {Element, 1}}, 2, false}},                       3, 3, HofResult::NewArray,      Profile::Extended},
    {HofKind::TransformKeys,   "transform_keys",  "TransformKeys",   {0},    true,  {{1, {{Key, 0}, {Value, 0}}, 2, false}},                             2, 2, HofResult::NewKeys,       Profile::Extended},
    {HofKind::TransformValues, "transform_values","TransformValues", {0},    true,  {{1, {{Key, 0}, {Value, 0}}, 2, false}},                             2, 2, HofResult::NewValues,     Profile::Extended},
    {HofKind::MapFilter,       "map_filter",      "MapFilter",       {0},    true,  {{1, {{Key, 0}, {Value, 0}}, 2, false}},                             2, 2, HofResult::InputMap,      Profile::Extended},
    {HofKind::MapZipWith,      "map_zip_with",    "MapZipWith",      {0, 1}, true,  {{2, {{Key, 0}, {Value, 0}, {Value, 1}}, 3, false}},                 3, 3, HofResult::NewMap,        Profile::Extended},
};
// clang-format on

} // namespace

std::span<const HofDef> hof_table() { return kTable; }

const HofDef* find_hof(std::string_view name) {
    if (name == "reduce") {
        name = "aggregate";
    }
    for (const HofDef& def : kTable) {
        if (def.name == name) {
            return &def;
        }
    }
    return nullptr;
}

const HofDef& hof(HofKind kind) {
    for (const HofDef& def : kTable) {
        if (def.kind == kind) {
            return def;
        }
    }
    throw std::logic_error("higher-order function kind missing from the table");
}

} // namespace prune
