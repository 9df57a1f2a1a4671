#include "sql/ast.hpp"

#include <stdexcept>

namespace prune::ast {

namespace {
template <class S> auto& only_select(S& statement) {
    if (statement.query.ctes.empty()) {
        if (auto* select = statement.query.select()) {
            return *select;
        }
    }
    throw std::logic_error("the statement is not a plain SELECT");
}
} // namespace

const Select& Statement::select() const { return only_select(*this); }
Select& Statement::select() { return only_select(*this); }

} // namespace prune::ast
