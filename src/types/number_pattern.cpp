// Spark's ToNumberParser: tokenising, validating, parsing and formatting a number pattern.
#include "types/number_pattern.hpp"

#include <algorithm>

#include "util/ascii.hpp"

namespace prune {

namespace {

using Kind = NumberPattern::Kind;
using Token = NumberPattern::Token;

int digit_count(const Token& t) { return t.kind == Kind::DigitGroups ? 0 : t.digits; }

/// The digits of a group's digit tokens.
int group_digits(const Token& group) {
    int n = 0;
    for (const Token& t : group.group) {
        if (t.kind == Kind::Exactly || t.kind == Kind::AtMost) {
            n += t.digits;
        }
    }
    return n;
}

/// How Spark's error messages name a token.
std::string token_name(const Token& t) {
    switch (t.kind) {
    case Kind::Exactly:
    case Kind::AtMost:
    case Kind::DigitGroups:
        return "digit sequence";
    case Kind::Point:
        return ". or D";
    case Kind::Separator:
        return ", or G";
    case Kind::Dollar:
        return "$";
    case Kind::Sign:
        return "S";
    case Kind::Minus:
        return "MI";
    case Kind::Open:
    case Kind::Close:
        return "PR";
    case Kind::Invalid:
        break;
    }
    std::string out = "character '";
    out.push_back(t.character);
    out += "''"; // sic: Spark's InvalidUnrecognizedCharacter.toString
    return out;
}

// Java's Character.isWhitespace on ASCII.
bool java_whitespace(char c) {
    return c == ' ' || (c >= '\t' && c <= '\r') || (c >= '\x1C' && c <= '\x1F');
}

/// `result` with `c` appended and moved before the spaces that end it
/// (addCharacterCheckingTrailingSpaces).
void add_before_spaces(std::string& result, char c) {
    result.push_back(c);
    for (std::size_t i = result.size() - 1; i >= 1 && result[i - 1] == ' ' && result[i] == c; --i) {
        result[i] = ' ';
        result[i - 1] = c;
    }
}

/// A space appended and moved before a sign or `<` that ends `result`
/// (addSpaceCheckingTrailingCharacters).
void add_space(std::string& result) {
    result.push_back(' ');
    for (std::size_t i = result.size() - 1;
         i >= 1 && (result[i - 1] == '+' || result[i - 1] == '-' || result[i - 1] == '<') &&
         result[i] == ' ';
         --i) {
        result[i] = result[i - 1];
        result[i - 1] = ' ';
    }
}

/// A decimal point that ends the result, or is followed by a space, becomes a space
/// (stripTrailingLoneDecimalPoint).
void strip_lone_point(std::string& result) {
    const std::size_t i = result.find('.');
    if (i != std::string::npos && (i + 1 == result.size() || result[i + 1] == ' ')) {
        result[i] = ' ';
    }
}

} // namespace

NumberPattern::NumberPattern(std::string_view format) : format_(ascii_upper(format)) {
    // The tokens, as Spark's formatTokens reads them.
    std::vector<Token> raw;
    bool reached_point = false;
    const std::string& f = format_;
    for (std::size_t i = 0; i < f.size();) {
        const char c = f[i];
        Token t;
        if (c == '0' || c == '9') {
            const std::size_t begin = i;
            do {
                ++i;
            } while (i < f.size() && (f[i] == '0' || f[i] == '9'));
            t.kind = c == '0' && !reached_point ? Kind::Exactly : Kind::AtMost;
            t.digits = static_cast<int>(i - begin);
            raw.push_back(t);
            continue;
        }
        ++i;
        if (c == '.' || c == 'D') {
            t.kind = Kind::Point;
            reached_point = true;
        } else if (c == ',' || c == 'G') {
            t.kind = Kind::Separator;
        } else if (c == '$') {
            t.kind = Kind::Dollar;
        } else if (c == 'S') {
            t.kind = Kind::Sign;
        } else if (c == 'M' && i < f.size() && f[i] == 'I') {
            t.kind = Kind::Minus;
            ++i;
        } else if (c == 'P' && i < f.size() && f[i] == 'R') {
            ++i;
            Token open;
            open.kind = Kind::Open;
            raw.insert(raw.begin(), open);
            t.kind = Kind::Close;
        } else {
            t.kind = Kind::Invalid;
            t.character = c;
        }
        raw.push_back(t);
    }
    // Each run of digits and separators is one DigitGroups token.
    for (Token& t : raw) {
        const bool in_group =
            t.kind == Kind::Exactly || t.kind == Kind::AtMost || t.kind == Kind::Separator;
        if (in_group) {
            if (tokens_.empty() || tokens_.back().kind != Kind::DigitGroups) {
                Token group;
                group.kind = Kind::DigitGroups;
                tokens_.push_back(group);
            }
            Token& group = tokens_.back();
            group.group_digit_count += t.kind == Kind::Separator ? 0 : 1;
            group.group.push_back(std::move(t));
        } else {
            tokens_.push_back(std::move(t));
        }
    }
    reached_point = false;
    for (const Token& t : tokens_) {
        reached_point = reached_point || t.kind == Kind::Point;
        const int n = t.kind == Kind::DigitGroups ? group_digits(t) : digit_count(t);
        precision_ += t.kind == Kind::DigitGroups ? n : 0;
        scale_ += reached_point && t.kind == Kind::DigitGroups ? n : 0;
    }
    validate();
}

void NumberPattern::validate() {
    const auto fail = [this](std::string sub, std::string message) {
        if (error_class_.empty()) {
            error_class_ = "INVALID_FORMAT." + std::move(sub);
            error_ = "The format is invalid: '" + format_ + "'. " + std::move(message);
        }
    };
    const auto index_of = [this](Kind k) -> long {
        const auto it = std::find_if(tokens_.begin(), tokens_.end(),
                                     [k](const Token& t) { return t.kind == k; });
        return it == tokens_.end() ? -1 : static_cast<long>(it - tokens_.begin());
    };
    const long first_dollar = index_of(Kind::Dollar);
    const long first_digit = index_of(Kind::DigitGroups);
    const long first_point = index_of(Kind::Point);
    if (format_.empty()) {
        return fail("EMPTY", "The number format string cannot be empty.");
    }
    if (first_digit == -1) {
        return fail("WRONG_NUM_DIGIT", "The format string requires at least one number digit.");
    }
    if (first_digit < first_dollar) {
        return fail("CUR_MUST_BEFORE_DIGIT",
                    "Currency characters must appear before digits in the number format.");
    }
    if (first_point != -1 && first_point < first_dollar) {
        return fail("CUR_MUST_BEFORE_DEC", "Currency characters must appear before any decimal "
                                           "point in the number format.");
    }
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        const Token& t = tokens_[i];
        if (t.kind != Kind::DigitGroups) {
            continue;
        }
        const bool before_point = first_point == -1 || static_cast<long>(i) < first_point;
        const std::vector<Token>& g = t.group;
        for (std::size_t j = 0; before_point && j < g.size(); ++j) {
            if (g[j].kind == Kind::Separator &&
                (j == 0 || j + 1 == g.size() || g[j - 1].kind == Kind::Separator ||
                 g[j + 1].kind == Kind::Separator)) {
                return fail("CONT_THOUSANDS_SEPS", "Thousands separators (, or G) must have "
                                                   "digits in between them in the number format.");
            }
        }
    }
    for (std::size_t i = 0; i < tokens_.size(); ++i) {
        const Token& t = tokens_[i];
        if (t.kind == Kind::DigitGroups && first_point != -1 &&
            static_cast<long>(i) > first_point &&
            t.group.size() > static_cast<std::size_t>(t.group_digit_count)) {
            return fail("THOUSANDS_SEPS_MUST_BEFORE_DEC",
                        "Thousands separators (, or G) may not appear after the decimal point in "
                        "the number format.");
        }
    }
    for (const Kind k : {Kind::Point, Kind::Sign, Kind::Minus, Kind::Dollar, Kind::Close}) {
        if (std::count_if(tokens_.begin(), tokens_.end(),
                          [k](const Token& t) { return t.kind == k; }) > 1) {
            Token named;
            named.kind = k;
            return fail("WRONG_NUM_TOKEN",
                        "At most one " + token_name(named) + " is allowed in the number format.");
        }
    }
    // [PR's <] [MI | S] [$] [digits] [. | D] [digits] [$] [MI | S | PR's >]
    static const std::vector<std::vector<Kind>> kOrder{
        {Kind::Open},   {Kind::Minus, Kind::Sign},
        {Kind::Dollar}, {Kind::DigitGroups},
        {Kind::Point},  {Kind::DigitGroups},
        {Kind::Dollar}, {Kind::Minus, Kind::Sign, Kind::Close}};
    std::size_t at = 0;
    for (const std::vector<Kind>& allowed : kOrder) {
        if (at < tokens_.size() &&
            std::find(allowed.begin(), allowed.end(), tokens_[at].kind) != allowed.end()) {
            ++at;
        }
    }
    if (at < tokens_.size()) {
        return fail("UNEXPECTED_TOKEN",
                    "Found the unexpected " + token_name(tokens_[at]) +
                        " in the format string; the structure of the format string must match: "
                        "`[MI|S]` `[$]` `[0|9|G|,]*` `[.|D]` `[0|9]*` `[$]` `[PR|MI|S]`.");
    }
}

std::optional<NumberPattern::Parsed> NumberPattern::parse(std::string_view input) const {
    std::string before;
    std::string after;
    bool reached_point = false;
    bool opened = false;
    bool closed = false;
    bool negative = false;
    std::size_t i = 0;
    for (const Token& t : tokens_) {
        const bool more = i < input.size();
        switch (t.kind) {
        case Kind::DigitGroups: {
            // Digits, separators and blanks as far as they go; the digits of each group,
            // compared from the last group back with the pattern's.
            std::vector<int> sizes;
            int current = 0;
            while (i < input.size()) {
                const char c = input[i];
                if (java_whitespace(c)) {
                    ++i;
                } else if (is_ascii_digit(c)) {
                    ++current;
                    (reached_point ? after : before).push_back(c);
                    ++i;
                } else if (c == ',') {
                    sizes.push_back(current);
                    current = 0;
                    ++i;
                } else {
                    break;
                }
            }
            sizes.push_back(current);
            std::vector<const Token*> expected;
            for (const Token& d : t.group) {
                if (d.kind != Kind::Separator) {
                    expected.push_back(&d);
                }
            }
            if (sizes.size() > expected.size()) {
                return std::nullopt;
            }
            for (std::size_t k = 0; k < expected.size(); ++k) {
                const Token& want = *expected[expected.size() - 1 - k];
                const int got = k < sizes.size() ? sizes[sizes.size() - 1 - k] : 0;
                if ((want.kind == Kind::Exactly && got != want.digits) ||
                    (want.kind == Kind::AtMost && got > want.digits)) {
                    return std::nullopt;
                }
            }
            break;
        }
        case Kind::Point:
            if (more && input[i] == '.') {
                reached_point = true;
                ++i;
            }
            break;
        case Kind::Dollar:
            if (more) {
                if (input[i] != '$') {
                    return std::nullopt;
                }
                ++i;
            }
            break;
        case Kind::Sign:
            if (more && (input[i] == '+' || input[i] == '-')) {
                negative = negative != (input[i] == '-');
                ++i;
            }
            break;
        case Kind::Minus:
            if (more && input[i] == '-') {
                negative = !negative;
                ++i;
            }
            break;
        case Kind::Open:
            if (more && input[i] == '<') {
                if (opened) {
                    return std::nullopt;
                }
                opened = true;
                ++i;
            }
            break;
        case Kind::Close:
            if (more && input[i] == '>') {
                if (!opened) {
                    return std::nullopt;
                }
                closed = true;
                negative = !negative;
                ++i;
            }
            break;
        default:
            return std::nullopt; // not a valid pattern: never parsed
        }
    }
    if (i < input.size() || opened != closed || (before.empty() && after.empty())) {
        return std::nullopt;
    }
    after.resize(static_cast<std::size_t>(scale_), '0');
    Parsed out;
    out.digits = before + after;
    out.negative = negative;
    return out;
}

std::string NumberPattern::format(std::string_view plain) const {
    const bool negative =
        plain.starts_with('-') && plain.find_first_of("123456789") != std::string_view::npos;
    const std::size_t dot = plain.find('.');
    std::string before(plain.substr(0, dot));
    std::string after(dot == std::string_view::npos ? std::string_view{} : plain.substr(dot + 1));
    before.erase(0, before.find_first_not_of("-0") == std::string::npos
                        ? before.size()
                        : before.find_first_not_of("-0"));
    while (!after.empty() && after.back() == '0') {
        after.pop_back();
    }
    // The pattern's digits before and after its point; a value with more prints as `#`.
    std::size_t room_before = 0;
    std::size_t room_after = 0;
    bool reached_point = false;
    for (const Token& t : tokens_) {
        reached_point = reached_point || t.kind == Kind::Point;
        if (t.kind == Kind::DigitGroups) {
            (reached_point ? room_after : room_before) += static_cast<std::size_t>(group_digits(t));
        }
    }
    if (room_before < before.size() || room_after < after.size()) {
        before.assign(room_before, '#');
        after.assign(room_after, '#');
    }
    before.insert(0, room_before - before.size(), ' ');
    after.resize(room_after, '0');

    std::string result;
    std::size_t at_before = 0;
    std::size_t at_after = 0;
    reached_point = false;
    for (const Token& t : tokens_) {
        switch (t.kind) {
        case Kind::DigitGroups:
            for (const Token& d : t.group) {
                if (d.kind == Kind::Separator) {
                    if (!result.empty() && is_ascii_digit(result.back())) {
                        result.push_back(',');
                    } else {
                        add_space(result);
                    }
                    continue;
                }
                for (int k = 0; k < d.digits; ++k) {
                    if (reached_point) {
                        result.push_back(after[at_after++]);
                        continue;
                    }
                    const char c = before[at_before++];
                    if (c != ' ') {
                        result.push_back(c);
                    } else if (d.kind == Kind::Exactly) {
                        result.push_back('0');
                    } else {
                        add_space(result);
                    }
                }
            }
            break;
        case Kind::Point:
            if (!result.empty() && result.back() == ' ') {
                result.back() = '0';
            }
            result.push_back('.');
            reached_point = true;
            break;
        case Kind::Dollar:
            result.push_back('$');
            break;
        case Kind::Sign:
            strip_lone_point(result);
            add_before_spaces(result, negative ? '-' : '+');
            break;
        case Kind::Minus:
            if (negative) {
                strip_lone_point(result);
                add_before_spaces(result, '-');
            } else {
                result.push_back(' ');
            }
            break;
        case Kind::Open:
            if (negative) {
                result.push_back('<');
            }
            break;
        case Kind::Close:
            strip_lone_point(result);
            if (negative) {
                add_before_spaces(result, '>');
            } else {
                result += "  ";
            }
            break;
        default:
            break;
        }
    }
    strip_lone_point(result);
    if (result.empty() || result == "+" || result == "-") {
        return "0";
    }
    return result;
}

} // namespace prune
