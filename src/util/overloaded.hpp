#pragma once
/// `std::visit(Overloaded{[](const A&) {...}, [](const B&) {...}}, v)`: one lambda per
/// alternative. With no catch-all, adding a kind to a variant stops every visit from compiling.

namespace prune {

template <class... Ts> struct Overloaded : Ts... { using Ts::operator()...; };
// clang 14 has no aggregate deduction (P1816), so the guide is spelled out.
template <class... Ts> Overloaded(Ts...) -> Overloaded<Ts...>;

} // namespace prune
