#include "types/csv_infer.hpp"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <vector>

#include "types/datetime.hpp"
#include "types/java_number_text.hpp"
#include "util/ascii.hpp"

namespace prune {
namespace {

/// What CSVInferSchema.inferField infers for a non-empty field, starting from NullType with
/// the default options (preferDate, the session's timestamps with a zone); null with `error`
/// set where Spark's answer is not modelled.
TypePtr infer_field(std::string_view field, std::string& error) {
    const bool non_ascii = std::any_of(
        field.begin(), field.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; });
    if (non_ascii && std::all_of(field.begin(), field.end(), [](char c) {
            return static_cast<unsigned char>(c) >= 0x80 || is_ascii_digit(c) ||
                   std::string_view("+-.eE").find(c) != std::string_view::npos;
        })) {
        // Java's parseInt and BigDecimal read any Unicode decimal digit.
        error = "the field '";
        error += field;
        error += "' may hold digits Java reads beyond ASCII";
        return nullptr;
    }
    if (parses_as_java_integer(field, INT32_MAX)) {
        return make_atomic(AtomicKind::Integer);
    }
    if (parses_as_java_integer(field, INT64_MAX)) {
        return make_atomic(AtomicKind::Long);
    }
    if (TypePtr decimal = java_integral_decimal_type(field)) {
        return decimal;
    }
    if (parses_as_java_double(field) || field == "Inf" || field == "-Inf") {
        return make_atomic(AtomicKind::Double);
    }
    if (is_iso_date(field)) {
        return make_atomic(AtomicKind::Date);
    }
    std::int64_t micros = 0;
    switch (string_to_timestamp(field, micros)) {
    case DateTimeStatus::Ok:
    case DateTimeStatus::TimeOnly:
        return make_atomic(AtomicKind::Timestamp);
    case DateTimeStatus::Invalid:
    case DateTimeStatus::CurrentTime: // a typed literal's word only; text here
        break;
    case DateTimeStatus::RegionZone:
        error = "the field '";
        error += field;
        error += "' is a timestamp only if its region-based zone exists, which is not checked";
        return nullptr;
    }
    if (ascii_lower(field) == "true" || ascii_lower(field) == "false") {
        return make_atomic(AtomicKind::Boolean);
    }
    return string_type();
}

/// The line's fields as Univocity's parser reads them with Spark's defaults (`,` between
/// fields, `"` quoting a whole field, blanks kept); nullopt with `error` set for the forms not
/// modelled.
std::optional<std::vector<std::string_view>> split_fields(std::string_view line,
                                                          std::string& error) {
    if (line.find_first_of("\r\n") != std::string_view::npos) {
        error = "a line break is not modelled";
        return std::nullopt;
    }
    std::vector<std::string_view> fields;
    std::size_t i = 0;
    while (true) {
        std::string_view field;
        if (i < line.size() && line[i] == '"') {
            const std::size_t close = line.find('"', i + 1);
            field = line.substr(i + 1, close == std::string_view::npos ? 0 : close - i - 1);
            i = close == std::string_view::npos ? line.size() : close + 1;
            if (close == std::string_view::npos || (i < line.size() && line[i] != ',') ||
                field.find('\\') != std::string_view::npos) {
                error = "a quote or backslash inside a field is not modelled";
                return std::nullopt;
            }
        } else {
            const std::size_t end = std::min(line.find(',', i), line.size());
            field = line.substr(i, end - i);
            i = end;
            if (field.find_first_of("\"\\") != std::string_view::npos) {
                error = "a quote or backslash inside a field is not modelled";
                return std::nullopt;
            }
        }
        fields.push_back(field);
        if (i >= line.size()) {
            return fields;
        }
        ++i; // the comma
    }
}

} // namespace

TypePtr infer_csv_type(std::string_view line, std::string& error) {
    if (line.empty()) {
        error = "an empty line has no fields";
        return nullptr;
    }
    const std::optional<std::vector<std::string_view>> fields = split_fields(line, error);
    if (!fields) {
        return nullptr;
    }
    std::vector<StructField> out;
    for (std::size_t i = 0; i < fields->size(); ++i) {
        const std::string_view field = (*fields)[i];
        // An empty field keeps NullType, which toStructFields makes STRING.
        TypePtr type = field.empty() ? string_type() : infer_field(field, error);
        if (type == nullptr) {
            return nullptr;
        }
        std::string name = "_c";
        name += std::to_string(i);
        out.push_back(StructField{std::move(name), std::move(type), true, "{}"});
    }
    return make_struct(std::move(out));
}

} // namespace prune
