# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are used by the scripts that source this file
# Shared helpers for the shell-side CLI tests (tests/cli/*.sh), in the spirit of jq's shtest:
# each script takes the prune-plan binary as $1, runs it, checks exit status, standard output and
# standard error against what README.md and man/prune-plan.1 promise, prints every failed check
# with what it saw, and exits non-zero when any check failed.
#
#   source "$(dirname "$0")/lib.sh" "$@"
#   run --ddl 'a INT' q.sql          # stdout -> $OUT, stderr -> $ERR, exit status -> $RC
#   expect_rc 0 "clean run"
#   expect_empty "$ERR" "clean run writes nothing to stderr"
#   finish

set -u

if [ $# -lt 1 ] || [ -z "$1" ]; then
    echo "usage: $0 path/to/prune-plan" >&2
    exit 2
fi
BIN=$1
case $BIN in
/*) ;;
*) BIN=$PWD/$BIN ;;
esac
if [ ! -x "$BIN" ]; then
    echo "not an executable: $BIN" >&2
    exit 2
fi

CLI_TEST_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SOURCE_DIR=$(cd "$CLI_TEST_DIR/../.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$WORK" || exit 2

CHECKS=0
FAILURES=0
OUT=$WORK/.out
ERR=$WORK/.err
RC=0
LAST_CMD=""
SHOW_OUTPUT=1

# The events schema of README.md's tour (examples/events-transform), used by most checks.
EVENTS_DDL='id INT, rule_results ARRAY<STRUCT<rule_public_id: STRING, rule_version: INT, payload: STRING, score: DOUBLE>>, meta STRUCT<src: STRING>'
# A small people table.
PEOPLE_DDL='id INT, name STRUCT<first: STRING, last: STRING>, tags ARRAY<STRING>'

# run ARGS...: runs the binary with standard input from /dev/null.
run() {
    LAST_CMD="prune-plan $*"
    SHOW_OUTPUT=1
    "$BIN" "$@" </dev/null >"$OUT" 2>"$ERR"
    RC=$?
}

# run_in INPUT ARGS...: runs the binary with INPUT on standard input.
run_in() {
    local input=$1
    shift
    LAST_CMD="printf %s '$input' | prune-plan $*"
    SHOW_OUTPUT=1
    printf '%s' "$input" >"$WORK/.in"
    "$BIN" "$@" <"$WORK/.in" >"$OUT" 2>"$ERR"
    RC=$?
}

# write FILE TEXT: creates a test input file.
write() {
    printf '%s' "$2" >"$1"
}

# about WHAT: names what the next checks look at, when it is not a run of the binary.
about() {
    LAST_CMD=$1
    SHOW_OUTPUT=0
}

fail() {
    FAILURES=$((FAILURES + 1))
    echo "FAIL: $1"
    echo "  command: $LAST_CMD"
    [ "$SHOW_OUTPUT" = 1 ] || return 0
    echo "  exit status: $RC"
    echo "  stdout (first lines):"
    head -n 8 "$OUT" | sed 's/^/    | /'
    echo "  stderr (first lines):"
    head -n 8 "$ERR" | sed 's/^/    | /'
}

pass() {
    :
}

check() { # check CONDITION-STATUS MESSAGE: records one check
    CHECKS=$((CHECKS + 1))
    if [ "$1" -eq 0 ]; then pass; else fail "$2"; fi
}

expect_rc() { # expect_rc N WHAT
    [ "$RC" = "$1" ]
    check $? "$2: expected exit status $1, got $RC"
}

expect_empty() { # expect_empty FILE WHAT
    [ ! -s "$1" ]
    check $? "$2: expected $(basename "$1" | tr -d .) to be empty"
}

expect_nonempty() { # expect_nonempty FILE WHAT
    [ -s "$1" ]
    check $? "$2: expected $(basename "$1" | tr -d .) to be non-empty"
}

expect_contains() { # expect_contains FILE FIXED-STRING WHAT
    grep -qF -- "$2" "$1"
    check $? "$3: expected $(basename "$1" | tr -d .) to contain: $2"
}

expect_not_contains() { # expect_not_contains FILE FIXED-STRING WHAT
    ! grep -qF -- "$2" "$1"
    check $? "$3: expected $(basename "$1" | tr -d .) NOT to contain: $2"
}

expect_eq() { # expect_eq ACTUAL EXPECTED WHAT
    [ "$1" = "$2" ]
    check $? "$3: expected '$2', got '$1'"
}

expect_same_file() { # expect_same_file A B WHAT
    cmp -s "$1" "$2"
    check $? "$3: $1 and $2 differ"
}

expect_no_escape() { # expect_no_escape FILE WHAT
    ! grep -q $'\033' "$1"
    check $? "$2: found an escape sequence (colour) in $(basename "$1" | tr -d .)"
}

# jq_out FILTER: runs jq on the last standard output (slurped when the stream holds several
# objects with -s given first).
have_jq() {
    if command -v jq >/dev/null 2>&1; then return 0; fi
    CHECKS=$((CHECKS + 1))
    FAILURES=$((FAILURES + 1))
    echo "FAIL: jq is required for the JSON checks (make deps installs it)"
    return 1
}

finish() {
    local name
    name=$(basename "$0")
    if [ "$FAILURES" -eq 0 ]; then
        echo "$name: all $CHECKS checks passed"
        exit 0
    fi
    echo "$name: $FAILURES of $CHECKS checks FAILED"
    exit 1
}
