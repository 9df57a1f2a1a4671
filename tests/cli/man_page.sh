#!/usr/bin/env bash
# The documentation matches the binary: every long option `--help` prints appears in
# man/prune-plan.1 (and in README.md); every option the man page documents under OPTIONS is one
# `--help` knows; the man page renders without a single groff warning.
# Usage: man_page.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"

MAN=$SOURCE_DIR/man/prune-plan.1
README=$SOURCE_DIR/README.md

run --help
expect_rc 0 "--help"
help_options=$(grep -oE -- '--[a-z][a-z-]*' "$OUT" | sort -u)
[ -n "$help_options" ]
check $? "--help lists long options"

# roff spells '-' as '\-' in option names.
roff() { printf '%s' "$1" | sed 's/-/\\-/g'; }

for option in $help_options; do
    about "grep -F '$(roff "$option")' $MAN"
    grep -qF -- "$(roff "$option")" "$MAN"
    check $? "$option (from --help) is documented in man/prune-plan.1"
    about "grep -F -- '$option' $README"
    grep -qF -- "$option" "$README"
    check $? "$option (from --help) is documented in README.md"
done

# Each short option of --help is documented with its long form in the man page.
# shellcheck disable=SC2013 # one word per option pair
for pair in $(grep -oE -- '-[a-zA-Z],--[a-z-]+' "$OUT"); do
    short=${pair%%,*}
    long=${pair#*,}
    about "grep -F '.BR $(roff "$short") \", \" $(roff "$long")' $MAN"
    grep -qF -- ".BR $(roff "$short") \", \" $(roff "$long")" "$MAN"
    check $? "$short, $long (from --help) is an OPTIONS entry of the man page"
done

# The reverse: every option under OPTIONS in the man page is one the binary accepts.
man_options=$(sed -n '/^\.SH OPTIONS/,/^\.SH /p' "$MAN" | grep -A1 '^\.TP' |
    grep -oE -- '\\-\\-[a-z\\-]+' | sed 's/\\//g' | sort -u)
for option in $man_options; do
    about "prune-plan --help | grep -- $option"
    printf '%s\n' "$help_options" | grep -qxF -- "$option"
    check $? "$option (man page OPTIONS) is an option of the binary"
done

# Rendering: no warnings at all.
if command -v groff >/dev/null 2>&1; then
    about "groff -man -ww -z $MAN"
    warnings=$(groff -man -ww -z "$MAN" 2>&1)
    [ -z "$warnings" ]
    check $? "groff -man -ww -z prints no warnings: $warnings"
    about "groff -man -Tutf8 $MAN"
    rendered=$(groff -man -Tutf8 "$MAN" 2>/dev/null | sed 's/.\x08//g')
    for section in NAME SYNOPSIS DESCRIPTION OPTIONS "RULE PROFILES" OUTPUT "EXIT STATUS" \
        EXAMPLES "SEE ALSO"; do
        printf '%s\n' "$rendered" | grep -qx "$section"
        check $? "the man page has a $section section"
    done
else
    CHECKS=$((CHECKS + 1))
    FAILURES=$((FAILURES + 1))
    echo "FAIL: groff is required (make deps installs groff-base)"
fi

# Every example of the man page runs (as jq's man.test does), from the source tree, and succeeds.
examples=$(sed -n '/^\.SH EXAMPLES/,/^\.SH [^E]/p' "$MAN" |
    sed -n '/^\.EX/,/^\.EE/p' |
    sed -e 's/\\-/-/g' -e 's/\\e/\\/g' -e "s/\\\\(aq/'/g")
block=""
blocks=0
while IFS= read -r line; do
    case $line in
    .EX) block="" ;;
    .EE)
        blocks=$((blocks + 1))
        LAST_CMD=$block
        SHOW_OUTPUT=1
        (
            cd "$SOURCE_DIR" || exit 2
            # shellcheck disable=SC2317 # called by the eval below
            prune-plan() { "$BIN" "$@"; }
            set -o pipefail
            eval "$block"
        ) >"$OUT" 2>"$ERR"
        RC=$?
        expect_rc 0 "man page example $blocks runs"
        expect_nonempty "$OUT" "man page example $blocks prints a result"
        ;;
    *) block+=$line$'\n' ;;
    esac
done <<<"$examples"
about "the EXAMPLES section of $MAN"
[ "$blocks" -ge 3 ]
check $? "the man page has at least three examples (found $blocks)"

# The version in the man page header matches --version.
run --version
version=$(sed -n 's/^prune-plan \([0-9.]*\).*/\1/p' "$OUT")
about "grep '^.TH' $MAN"
grep -q "^\.TH PRUNE-PLAN 1 .*\"prune-plan $version\"" "$MAN"
check $? "the man page's .TH names version $version"

finish
