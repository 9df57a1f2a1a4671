#pragma once
/// What the libFuzzer harnesses count as a finding. A rejected input (SqlError, SchemaError)
/// is the expected outcome for most fuzzed bytes; a deliberate limit reported as an
/// InternalError ("nested too deeply") is accepted too. Anything else — another InternalError,
/// a foreign exception, a diagnostic whose span lies outside its text — aborts, so libFuzzer
/// records the input as a crash. Crashes, sanitizer reports, hangs and stack overflows are
/// found by libFuzzer itself.

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>

#include "diag/diagnostic.hpp"

namespace prune::fuzz {

/// Prints what was found and aborts (libFuzzer then saves the input as `crash-*`).
[[noreturn]] inline void finding(std::string_view kind, std::string_view detail) {
    std::fprintf(stderr, "\n==prune-fuzz== FINDING: %.*s: %.*s\n", static_cast<int>(kind.size()),
                 kind.data(), static_cast<int>(detail.size()), detail.data());
    std::abort();
}

/// Checks `condition`; a false one is a finding (a wrong answer that would go unnoticed).
inline void require(bool condition, std::string_view what) {
    if (!condition) {
        finding("broken property", what);
    }
}

/// Whether `text` is well-formed UTF-8 (what every printed name, type and plan must be).
inline bool is_utf8(std::string_view text) {
    const auto* s = reinterpret_cast<const unsigned char*>(text.data());
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = s[i];
        std::size_t length = c < 0x80                 ? 1
                             : c >= 0xC2 && c <= 0xDF ? 2
                             : c >= 0xE0 && c <= 0xEF ? 3
                             : c >= 0xF0 && c <= 0xF4 ? 4
                                                      : 0;
        if (length == 0 || i + length > text.size()) {
            return false;
        }
        std::uint32_t cp = length == 1 ? c : c & (0x7FU >> length);
        for (std::size_t k = 1; k < length; ++k) {
            if ((s[i + k] & 0xC0U) != 0x80U) {
                return false;
            }
            cp = (cp << 6) | (s[i + k] & 0x3FU);
        }
        if ((length == 3 && cp < 0x800) || (length == 4 && cp < 0x10000) ||
            (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) {
            return false;
        }
        i += length;
    }
    return true;
}

/// Printed output must be well-formed UTF-8 (a terminal or a JSON reader downstream).
inline void require_utf8(std::string_view text, std::string_view what) {
    if (!is_utf8(text)) {
        finding("invalid UTF-8 in output", what);
    }
}

/// InternalErrors that are explicit limits rather than broken invariants.
inline bool is_deliberate_limit(const InternalError& error) {
    return std::string_view(error.what()).find("nested too deeply") != std::string_view::npos;
}

/// A SqlError must point inside its own text and render without trouble.
inline void check_diagnostic(const Diagnostic& diagnostic) {
    require(!diagnostic.message.empty(), "a diagnostic without a message");
    if (diagnostic.source) {
        const std::size_t size = diagnostic.source->text().size();
        require(diagnostic.span.begin <= diagnostic.span.end && diagnostic.span.end <= size,
                "a diagnostic span outside its source: " + diagnostic.message);
    }
    require(!render(diagnostic).empty(), "a diagnostic that renders empty");
}

/// Runs `work`; returns true when it completed, false when it rejected the input properly.
template <class Work> bool accepts(Work&& work) {
    try {
        work();
        return true;
    } catch (const SqlError& error) {
        check_diagnostic(error.diagnostic());
    } catch (const SchemaError& error) {
        require(*error.what() != '\0', "a SchemaError without a message");
    } catch (const InternalError& error) {
        if (!is_deliberate_limit(error)) {
            finding("InternalError", error.what());
        }
    } catch (const std::exception& error) {
        finding("unexpected exception", error.what());
    }
    return false;
}

/// Runs `work`, which must not reject its input: output prune-plan printed itself must read
/// back (a round trip), so even a SqlError or SchemaError is a finding here.
template <class Work> void must_accept(Work&& work, std::string_view what) {
    try {
        work();
    } catch (const SqlError& error) {
        finding(what, error.diagnostic().message);
    } catch (const std::exception& error) {
        finding(what, error.what());
    }
}

} // namespace prune::fuzz
