#pragma once
/// Spark's number format patterns (ToNumberParser), as to_number, try_to_number, to_char and
/// to_varchar take them: digits `0` and `9`, the decimal point `.` or `D`, thousands
/// separators `,` or `G`, a dollar sign `$`, a sign `S` or `MI` and angle brackets `PR` for a
/// negative number.
///
///     '$99,999.99'   to_number('$1,234.5', ...)  -> 1234.50, a DECIMAL(7,2)
///                    to_char(1234.5, ...)        -> '$ 1,234.50'
///     '999'          to_char(12345, ...)         -> '###' (too many digits)
///
/// The pattern is read upper-cased, as Spark's expressions pass it. One compiled pattern parses
/// and formats; an invalid one names Spark's INVALID_FORMAT subclass.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace prune {

class NumberPattern {
  public:
    /// Compiles `format` (upper-cased first). Check error() before using it.
    explicit NumberPattern(std::string_view format);

    /// Empty for a valid pattern; else Spark's INVALID_FORMAT subclass (`EMPTY`,
    /// `WRONG_NUM_DIGIT`, `UNEXPECTED_TOKEN`, ...) and its message.
    const std::string& error_class() const { return error_class_; }
    const std::string& error() const { return error_; }

    /// The DECIMAL the pattern parses to: its digits, and those after the decimal point.
    int precision() const { return precision_; }
    int scale() const { return scale_; }

    /// A string parsed by the pattern: its digits, unscaled at scale(), and sign; nullopt when
    /// it does not match (Spark: INVALID_FORMAT.MISMATCH_INPUT, or NULL for try_to_number).
    struct Parsed {
        std::string digits; // no sign, no point; at least one digit
        bool negative = false;
    };
    std::optional<Parsed> parse(std::string_view input) const;

    /// A decimal formatted by the pattern; `plain` is its Java toPlainString (`-12.50`), and
    /// digits the pattern has no room for print as `#`.
    std::string format(std::string_view plain) const;

    enum class Kind : unsigned char {
        Exactly,     // `0...`: exactly as many digits (at most, after the decimal point)
        AtMost,      // `9...`: at most as many digits
        Point,       // `.` or `D`
        Separator,   // `,` or `G`
        Dollar,      // `$`
        Sign,        // `S`: an optional `+` or `-`
        Minus,       // `MI`: an optional `-`
        Open,        // `PR`'s `<`
        Close,       // `PR`'s `>`
        Invalid,     // any other character
        DigitGroups, // a run of digits and separators
    };
    struct Token {
        Kind kind = Kind::Invalid;
        int digits = 0;            // Exactly, AtMost
        char character = 0;        // Invalid
        std::vector<Token> group;  // DigitGroups: its digits and separators, in order
        int group_digit_count = 0; // DigitGroups: how many digit tokens
    };

  private:
    std::string format_;
    std::vector<Token> tokens_;
    int precision_ = 0;
    int scale_ = 0;
    std::string error_class_;
    std::string error_;

    void validate();
};

} // namespace prune
