#!/usr/bin/env bash
# Colour (`--color` in README.md "Usage"): `never` and `NO_COLOR` give no escape codes; `auto`
# colours only on a terminal; `always` colours text output and diagnostics; JSON output is never
# coloured.
# The terminal checks run the binary under a pseudo-terminal with script(1) (util-linux).
# Usage: color.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"

write ok.sql 'SELECT name.first FROM people'
write bad.sql 'SELECT nope FROM people'

# --- not a terminal: auto and never give no colour --------------------------------------------------
for mode in auto never; do
    run ok.sql --ddl "$PEOPLE_DDL" --color "$mode"
    expect_rc 0 "--color $mode, piped"
    expect_no_escape "$OUT" "--color $mode, piped: stdout"
    run bad.sql --ddl "$PEOPLE_DDL" --color "$mode"
    expect_no_escape "$ERR" "--color $mode, piped: diagnostics"
done
run ok.sql --ddl "$PEOPLE_DDL"
expect_no_escape "$OUT" "default colour mode, piped: stdout"

# --- always: text and diagnostics coloured, JSON never ------------------------------------------------
run ok.sql --ddl "$PEOPLE_DDL" --color always
grep -q $'\033\\[' "$OUT"
check $? "--color always: text output has escape codes"
run bad.sql --ddl "$PEOPLE_DDL" --color always
grep -q $'\033\\[' "$ERR"
check $? "--color always: diagnostics have escape codes"
run ok.sql --ddl "$PEOPLE_DDL" --color always -f json
expect_no_escape "$OUT" "--color always -f json: JSON is never coloured"
if command -v jq >/dev/null 2>&1; then
    jq -e . "$OUT" >/dev/null 2>&1
    check $? "--color always -f json: still valid JSON"
fi

# --- a terminal: auto colours unless NO_COLOR is set; never does not ----------------------------------
# pty RESULT-FILE ENV-ASSIGNMENTS... -- ARGS...: runs the binary on a pseudo-terminal (stdout and
# stderr both go to the terminal, captured in RESULT-FILE).
pty() {
    local result=$1
    shift
    local envs=()
    while [ "$1" != -- ]; do
        envs+=("$1")
        shift
    done
    shift
    local cmd
    cmd=$(printf '%q ' "$BIN" "$@")
    LAST_CMD="(on a terminal) ${envs[*]} prune-plan $*"
    SHOW_OUTPUT=0
    env -u NO_COLOR "${envs[@]}" script -qec "$cmd" /dev/null </dev/null >"$result" 2>&1
    RC=$?
}

if command -v script >/dev/null 2>&1 && script -qec true /dev/null </dev/null >/dev/null 2>&1; then
    pty tty-auto.txt -- bad.sql --ddl "$PEOPLE_DDL"
    grep -q $'\033\\[' tty-auto.txt
    check $? "--color auto on a terminal: diagnostics coloured"
    pty tty-auto-ok.txt -- ok.sql --ddl "$PEOPLE_DDL"
    grep -q $'\033\\[' tty-auto-ok.txt
    check $? "--color auto on a terminal: text output coloured"

    pty tty-nocolor.txt NO_COLOR=1 -- bad.sql --ddl "$PEOPLE_DDL"
    grep -q 'error:' tty-nocolor.txt
    check $? "NO_COLOR on a terminal: the diagnostic is printed"
    expect_no_escape tty-nocolor.txt "NO_COLOR on a terminal: diagnostics"
    pty tty-nocolor-ok.txt NO_COLOR=1 -- ok.sql --ddl "$PEOPLE_DDL"
    expect_no_escape tty-nocolor-ok.txt "NO_COLOR on a terminal: text output"
    pty tty-nocolor-auto.txt NO_COLOR=1 -- ok.sql --ddl "$PEOPLE_DDL" --color auto
    expect_no_escape tty-nocolor-auto.txt "NO_COLOR with --color auto on a terminal"

    pty tty-never.txt -- bad.sql --ddl "$PEOPLE_DDL" --color never
    expect_no_escape tty-never.txt "--color never on a terminal: diagnostics"
    pty tty-never-ok.txt -- ok.sql --ddl "$PEOPLE_DDL" --color never
    expect_no_escape tty-never-ok.txt "--color never on a terminal: text output"
else
    echo "note: script(1) cannot allocate a terminal here; terminal checks skipped"
fi

finish
