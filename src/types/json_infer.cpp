// Spark's JsonInferSchema.inferField, compatibleType and canonicalizeType over nlohmann's SAX
// events (which give a number's text, so an integer beyond a long is still an integer).

#include "types/json_infer.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

namespace prune {
namespace {

TypePtr null_type() { return make_atomic(AtomicKind::Null); }

bool is(const TypePtr& t, AtomicKind kind) { return t->atomic() != nullptr && t->is(kind); }

/// Spark: TypeCoercion.findTightestCommonType and JsonInferSchema.compatibleType: the type two
/// values of one place widen to.
TypePtr compatible(const TypePtr& a, const TypePtr& b) {
    if (equals(*a, *b)) {
        return a;
    }
    if (is(a, AtomicKind::Null)) {
        return b;
    }
    if (is(b, AtomicKind::Null)) {
        return a;
    }
    const AtomicType* x = a->atomic();
    const AtomicType* y = b->atomic();
    if (x != nullptr && y != nullptr) {
        const auto as_decimal = [](const AtomicType& t) {
            return t.kind == AtomicKind::Long ? AtomicType{AtomicKind::Decimal, 20, 0} : t;
        };
        const bool long_or_double_x = x->kind == AtomicKind::Long || x->kind == AtomicKind::Double;
        const bool long_or_double_y = y->kind == AtomicKind::Long || y->kind == AtomicKind::Double;
        if (long_or_double_x && long_or_double_y) {
            return make_atomic(AtomicKind::Double); // the only other pair: BIGINT and DOUBLE
        }
        if ((x->kind == AtomicKind::Decimal && y->kind == AtomicKind::Double) ||
            (x->kind == AtomicKind::Double && y->kind == AtomicKind::Decimal)) {
            return make_atomic(AtomicKind::Double);
        }
        if ((x->kind == AtomicKind::Decimal || x->kind == AtomicKind::Long) &&
            (y->kind == AtomicKind::Decimal || y->kind == AtomicKind::Long)) {
            const AtomicType p = as_decimal(*x);
            const AtomicType q = as_decimal(*y);
            const int scale = std::max(p.scale, q.scale);
            const int range = std::max(p.precision - p.scale, q.precision - q.scale);
            return range + scale > 38 ? make_atomic(AtomicKind::Double)
                                      : make_decimal(range + scale, scale);
        }
        return make_atomic(AtomicKind::String);
    }
    if (a->array() != nullptr && b->array() != nullptr) {
        return make_array(compatible(a->array()->element, b->array()->element));
    }
    const StructType* s = a->struct_type();
    const StructType* t = b->struct_type();
    if (s != nullptr && t != nullptr) {
        // Both sorted by name: a merge.
        std::vector<StructField> fields;
        std::size_t i = 0;
        std::size_t j = 0;
        while (i < s->size() || j < t->size()) {
            if (j == t->size() || (i < s->size() && (*s)[i].name < (*t)[j].name)) {
                fields.push_back((*s)[i++]);
            } else if (i == s->size() || (*t)[j].name < (*s)[i].name) {
                fields.push_back((*t)[j++]);
            } else {
                fields.push_back({(*s)[i].name, compatible((*s)[i].type, (*t)[j].type)});
                ++i;
                ++j;
            }
        }
        return make_struct(std::move(fields));
    }
    return make_atomic(AtomicKind::String);
}

/// Spark: JsonInferSchema.canonicalizeType — NULL becomes STRING, fields without a name and
/// empty structs go (nullopt: nothing left).
std::optional<TypePtr> canonical(const TypePtr& type) {
    if (const ArrayType* a = type->array()) {
        std::optional<TypePtr> element = canonical(a->element);
        if (!element) {
            return std::nullopt;
        }
        return make_array(*element, a->contains_null);
    }
    if (const StructType* s = type->struct_type()) {
        std::vector<StructField> fields;
        for (const StructField& f : s->fields()) {
            if (f.name.empty()) {
                continue;
            }
            if (std::optional<TypePtr> t = canonical(f.type)) {
                fields.push_back({f.name, *t});
            }
        }
        if (fields.empty()) {
            return std::nullopt;
        }
        return make_struct(std::move(fields));
    }
    if (is(type, AtomicKind::Null)) {
        return make_atomic(AtomicKind::String);
    }
    return type;
}

/// Builds each value's type as the parser reports it: an object's fields, an array's element
/// type so far.
class Inference : public nlohmann::json_sax<nlohmann::json> {
  public:
    bool null() override { return value(null_type()); }
    bool boolean(bool) override { return value(make_atomic(AtomicKind::Boolean)); }
    bool number_integer(number_integer_t) override { return value(make_atomic(AtomicKind::Long)); }
    bool number_unsigned(number_unsigned_t n) override {
        // Jackson's INT or LONG; beyond a long, BIG_INTEGER: a decimal of its digits.
        return value(n <= static_cast<number_unsigned_t>(INT64_MAX)
                         ? make_atomic(AtomicKind::Long)
                         : make_decimal(static_cast<int>(std::to_string(n).size()), 0));
    }
    bool number_float(number_float_t, const string_t& text) override {
        if (text.find_first_of(".eE") == string_t::npos) { // an integer beyond 64 bits
            const auto digits = static_cast<int>(text.size() - (text[0] == '-' ? 1 : 0));
            return value(digits <= 38 ? make_decimal(digits, 0) : make_atomic(AtomicKind::Double));
        }
        return value(make_atomic(AtomicKind::Double));
    }
    bool string(string_t& s) override {
        // An empty string is taken for a NULL (JSON writers that do not tell them apart).
        return value(s.empty() ? null_type() : make_atomic(AtomicKind::String));
    }
    bool binary(binary_t&) override { return false; }
    bool start_object(std::size_t) override {
        frames_.push_back(Frame{true, {}, {}, null_type()});
        return true;
    }
    bool key(string_t& k) override {
        if (std::any_of(k.begin(), k.end(),
                        [](char c) { return static_cast<unsigned char>(c) >= 0xF0; })) {
            error_ = "a key beyond the Basic Multilingual Plane (Java orders keys by UTF-16 "
                     "units) is not modelled";
            return false;
        }
        frames_.back().key = k;
        return true;
    }
    bool end_object() override {
        std::vector<StructField> fields = std::move(frames_.back().fields);
        frames_.pop_back();
        std::stable_sort(
            fields.begin(), fields.end(),
            [](const StructField& a, const StructField& b) { return a.name < b.name; });
        return value(make_struct(std::move(fields)));
    }
    bool start_array(std::size_t) override {
        frames_.push_back(Frame{false, {}, {}, null_type()});
        return true;
    }
    bool end_array() override {
        TypePtr element = frames_.back().element;
        frames_.pop_back();
        return value(make_array(std::move(element)));
    }
    bool parse_error(std::size_t position, const std::string&,
                     const nlohmann::detail::exception& e) override {
        if (error_.empty()) {
            error_ =
                "not standard JSON at byte " + std::to_string(position) + " (" + e.what() + ")";
        }
        return false;
    }

    TypePtr result() const { return result_; }
    const std::string& error() const { return error_; }

  private:
    struct Frame {
        bool object;
        std::vector<StructField> fields; // an object's
        std::string key;                 // the key of the value that comes next
        TypePtr element;                 // an array's
    };

    bool value(TypePtr type) {
        if (frames_.empty()) {
            result_ = std::move(type);
        } else if (frames_.back().object) {
            frames_.back().fields.push_back({frames_.back().key, std::move(type)});
        } else {
            frames_.back().element = compatible(frames_.back().element, type);
        }
        return true;
    }

    std::vector<Frame> frames_;
    TypePtr result_;
    std::string error_;
};

} // namespace

TypePtr infer_json_type(std::string_view json, std::string& error) {
    if (json.find_first_not_of(" \t\r\n") == std::string_view::npos) {
        return make_atomic(AtomicKind::String); // no value: NULL, made a STRING
    }
    Inference inference;
    // Not strict: Spark's parser reads the first value and nothing after it.
    if (!nlohmann::json::sax_parse(json, &inference, nlohmann::json::input_format_t::json, false) ||
        inference.result() == nullptr) {
        error = inference.error().empty() ? "not standard JSON" : inference.error();
        return nullptr;
    }
    // SchemaOfJson: a struct, or an array of structs, stays one when nothing is left of it.
    const TypePtr type = inference.result();
    if (type->struct_type() != nullptr) {
        return canonical(type).value_or(make_struct({}));
    }
    if (const ArrayType* a = type->array(); a != nullptr && a->element->struct_type() != nullptr) {
        std::optional<TypePtr> element = canonical(a->element);
        return make_array(element.value_or(make_struct({})), a->contains_null);
    }
    return canonical(type).value_or(make_atomic(AtomicKind::String));
}

} // namespace prune
