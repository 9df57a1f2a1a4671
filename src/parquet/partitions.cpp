/// Spark's partition value inference (PartitioningUtils.inferPartitionColumnValue and
/// resolveTypeConflicts), restated as rules on the text of a folder name: see partitions.hpp.

#include "parquet/partitions.hpp"

#include <algorithm>
#include <cstdint>

#include "types/java_number_text.hpp"
#include "util/ascii.hpp"

namespace prune::parquet {
namespace {

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), is_ascii_digit);
}

int two_digits(std::string_view s, std::size_t at) {
    return (s[at] - '0') * 10 + (s[at + 1] - '0');
}

bool digits_at(std::string_view s, std::size_t at, std::size_t n) {
    return at + n <= s.size() && all_digits(s.substr(at, n));
}

/// `yyyy-MM-dd HH:mm:ss[.S...]`: Spark's partition timestamp pattern, 1 to 9 fraction digits.
bool is_timestamp(std::string_view s) {
    if (s.size() < 19 || !is_iso_date(s.substr(0, 10)) || s[10] != ' ' || !digits_at(s, 11, 2) ||
        s[13] != ':' || !digits_at(s, 14, 2) || s[16] != ':' || !digits_at(s, 17, 2)) {
        return false;
    }
    if (two_digits(s, 11) > 23 || two_digits(s, 14) > 59 || two_digits(s, 17) > 59) {
        return false;
    }
    if (s.size() == 19) {
        return true;
    }
    const std::string_view fraction = s.substr(20);
    return s[19] == '.' && fraction.size() <= 9 && all_digits(fraction);
}

/// A decimal type as Spark widens it with an integral type (DecimalType.forType: int is
/// decimal(10,0), bigint decimal(20,0)); every inferred decimal has scale 0.
int decimal_digits(const DataType& t) {
    if (t.is(AtomicKind::Integer)) {
        return 10;
    }
    if (t.is(AtomicKind::Long)) {
        return 20;
    }
    return t.atomic()->precision;
}

} // namespace

std::string unescape_path_name(std::string_view name) {
    std::string out;
    out.reserve(name.size());
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] == '%' && i + 2 < name.size() && hex_digit_value(name[i + 1]) >= 0 &&
            hex_digit_value(name[i + 2]) >= 0) {
            out +=
                static_cast<char>(hex_digit_value(name[i + 1]) * 16 + hex_digit_value(name[i + 2]));
            i += 2;
        } else {
            out += name[i];
        }
    }
    return out;
}

TypePtr infer_partition_type(std::string_view raw) {
    if (parses_as_java_integer(raw, INT32_MAX)) {
        return int_type();
    }
    if (parses_as_java_integer(raw, INT64_MAX)) {
        return long_type();
    }
    if (TypePtr d = java_integral_decimal_type(raw)) {
        return d;
    }
    if (parses_as_java_double(raw) && !is_java_hex_float(raw)) { // rule 6: hex floats
        return double_type();
    }
    if (is_timestamp(unescape_path_name(raw))) {
        return make_atomic(AtomicKind::Timestamp); // spark.sql.timestampType: TIMESTAMP_LTZ
    }
    if (is_iso_date(raw)) {
        return make_atomic(AtomicKind::Date);
    }
    if (raw == kDefaultPartitionName) {
        return nullptr;
    }
    return string_type();
}

TypePtr wider_partition_type(const TypePtr& a, const TypePtr& b) {
    if (!a) {
        return b;
    }
    if (!b) {
        return a;
    }
    if (same_type(*a, *b)) {
        return a;
    }
    const auto rank = [](const DataType& t) {
        return t.is(AtomicKind::Integer)   ? 1
               : t.is(AtomicKind::Long)    ? 2
               : t.is(AtomicKind::Decimal) ? 3
               : t.is(AtomicKind::Double)  ? 4
                                           : 0;
    };
    const int ra = rank(*a);
    const int rb = rank(*b);
    if (ra > 0 && rb > 0) {
        if (ra == 4 || rb == 4) {
            return double_type();
        }
        if (ra == 3 || rb == 3) {
            return make_decimal(std::min(38, std::max(decimal_digits(*a), decimal_digits(*b))), 0);
        }
        return long_type();
    }
    const bool dates = (a->is(AtomicKind::Date) || a->is(AtomicKind::Timestamp)) &&
                       (b->is(AtomicKind::Date) || b->is(AtomicKind::Timestamp));
    if (dates) {
        return make_atomic(AtomicKind::Timestamp);
    }
    return string_type();
}

} // namespace prune::parquet
