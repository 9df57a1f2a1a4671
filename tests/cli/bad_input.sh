#!/usr/bin/env bash
# Bad input through the binary (README.md "Exit status", man/prune-plan.1 "Diagnostics"): every
# malformed query, schema, option or file ends with exit 1 (rejected, a located diagnostic on
# stderr) or 2 (usage or I/O), never 3 (internal error) and never a signal (status >= 128);
# nesting up to 1000 levels runs in every output mode, one more is a diagnostic, and a chain of
# binary operators is accepted at any length; the fuzzers'
# regression inputs and a fixed set of pseudo-random bytes are replayed as queries and as schemas.
# Usage: bad_input.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"

EVENTS_15='id INT, rule_results ARRAY<STRUCT<rule_public_id: STRING, rule_version: INT, score: DOUBLE, details: STRUCT<a: INT, b: STRING>, items: ARRAY<STRUCT<v: INT, w: STRING>>>>, meta STRUCT<src: STRING, ts: BIGINT>'
write events.ddl "$EVENTS_15"

# repeat N TEXT: TEXT N times.
repeat() {
    local i
    for ((i = 0; i < $1; i++)); do printf '%s' "$2"; done
}

# not_internal WHAT: the last run ended cleanly: no internal error, no signal, no sanitizer.
not_internal() {
    [ "$RC" -lt 3 ]
    check $? "$1: exit status $RC (never 3 or more, never a signal)"
    expect_not_contains "$ERR" "internal error" "$1"
    expect_not_contains "$ERR" "Sanitizer" "$1"
    # A diagnostic quotes the offending line; what reaches the terminal is still clean text.
    tr -d '\000' <"$ERR" | cmp -s - "$ERR"
    check $? "$1: no NUL byte on standard error"
    iconv -f UTF-8 -t UTF-8 "$ERR" >/dev/null 2>&1
    check $? "$1: standard error is well-formed UTF-8"
}

# --- queries: exit 1 with `q.sql:LINE:COLUMN: error: MESSAGE` on stderr -----------------------
while IFS='|' read -r where message query; do
    [ -n "$query" ] || continue
    write q.sql "$query"
    for format in text json; do
        run q.sql --schema events.ddl --format "$format"
        expect_rc 1 "$query ($format)"
        expect_contains "$ERR" "q.sql:$where: error: $message" "$query ($format)"
        not_internal "$query ($format)"
    done
done <<'EOF'
1:12|expected ')' to close '(' at 1:8|SELECT (id FROM events
1:8|unterminated string literal|SELECT 'abc FROM events
1:8|ambiguous reference 'id': it could be 'a.id', 'b.id'|SELECT id FROM a JOIN b ON a.id = b.id
1:8|no column 'nope' in table 'events'|SELECT nope FROM events
1:13|no field 'nope' in struct<src:string,ts:bigint>|SELECT meta.nope FROM events
1:8|function 'size' takes 1 argument, got 0|SELECT size() FROM events
1:8|cannot apply '+' to struct<src:string,ts:bigint> and int|SELECT meta + 1 FROM events
1:34|the lambda of 'exists' must return boolean, got double|SELECT exists(rule_results, r -> r.score) FROM events
1:36|duplicate lambda parameter 'r'|SELECT transform(rule_results, (r, r) -> r) FROM events
EOF

printf 'SELECT id\000 FROM events' >nul.sql
run nul.sql --schema events.ddl
expect_rc 1 "a NUL byte"
expect_contains "$ERR" "nul.sql:1:10: error: NUL byte in input" "a NUL byte is located"
printf 'SELECT id,\n  \200 FROM events' >utf8.sql
run utf8.sql --schema events.ddl
expect_rc 1 "invalid UTF-8"
expect_contains "$ERR" "utf8.sql:2:3: error: invalid UTF-8" "invalid UTF-8 is located"
printf 'SELECT \377 FROM events' >stdin.sql
"$BIN" - --schema events.ddl <stdin.sql >"$OUT" 2>"$ERR"
RC=$?
LAST_CMD="prune-plan - < stdin.sql"
expect_rc 1 "invalid UTF-8 on standard input"
expect_contains "$ERR" "<stdin>:1:8: error: invalid UTF-8" "standard input is named <stdin>"

# --- schemas: exit 1 with the file and the place ----------------------------------------------
while IFS='|' read -r file message text; do
    [ -n "$file" ] || continue
    printf '%b' "$text" >"$file"
    write q.sql 'SELECT id FROM t'
    run q.sql --schema "$file"
    expect_rc 1 "schema $text"
    expect_contains "$ERR" "$message" "schema $text"
    not_internal "schema $text"
done <<'EOF'
s.ddl|s.ddl:1:4: error: unknown type 'STRIN'|id STRIN
s.ddl|s.ddl:1:16: error: expected '>' to close 'STRUCT<' at 1:3|a STRUCT<b: INT
s.ddl|s.ddl:1:3: error: invalid UTF-8|`a\x80` INT
s.ddl|s.ddl:1:7: error: NUL byte in input|id INT\x00
s.json|s.json:1:28: error: malformed JSON:|{"type":"struct","fields":[
s.json|s.json: error: malformed JSON: number overflow|{"type":"struct","fields":[1e999999]}
s.json|s.json: error: fields[0].type: unknown type 'strin'|{"type":"struct","fields":[{"name":"a","type":"strin","nullable":true,"metadata":{}}]}
EOF
run q.sql --ddl ''
expect_rc 1 "an empty --ddl"
expect_contains "$ERR" "<ddl>: error: empty schema" "an empty --ddl"
run q.sql --schema /dev/null
expect_rc 1 "an empty schema file"
run q.sql --ddl 'id INT' --partition-columns ''
expect_rc 1 "an empty partition column name"
not_internal "an empty partition column name"

# --- limits: 1000 levels everywhere, one more is a diagnostic ----------------------------------
write deep.sql "SELECT $(repeat 1000 '(')id$(repeat 1000 ')') FROM t"
write too-deep.sql "SELECT $(repeat 1001 '(')id$(repeat 1001 ')') FROM t"
write deep-minus.sql "SELECT $(repeat 1000 '- ')id FROM t"
write deep-lambda.sql "SELECT $(repeat 500 'transform(a, x -> ')x$(repeat 500 ')') FROM t"
write deep-type.ddl "id INT, a $(repeat 998 'ARRAY<')INT$(repeat 998 '>')"
for query in deep.sql deep-minus.sql deep-lambda.sql; do
    for mode in "--format text" "--format json" "--format jsonl" "--schema-style tree" \
        "--schema-style json" "--emit ast" "--emit bound" "--rules spark" "--rules legacy"; do
        # shellcheck disable=SC2086 # the mode is two words
        run "$query" --schema deep-type.ddl $mode
        expect_rc 0 "$query $mode"
        expect_empty "$ERR" "$query $mode"
    done
done
run too-deep.sql --ddl 'id INT'
expect_rc 1 "1001 levels"
expect_contains "$ERR" "too-deep.sql:1:1009: error: nesting deeper than 1000 levels" "1001 levels"
write far-too-deep.sql "SELECT $(repeat 100000 'abs(')id FROM t"
run far-too-deep.sql --ddl 'id INT'
expect_rc 1 "100000 levels"
expect_contains "$ERR" "nesting deeper than 1000 levels" "100000 levels"
write too-deep.ddl "a $(repeat 999 'ARRAY<')INT$(repeat 999 '>')"
run deep.sql --schema too-deep.ddl
expect_rc 1 "a type 1001 levels deep"
expect_contains "$ERR" "nesting deeper than 1000 levels" "a type 1001 levels deep"

# Left-deep chains of binary operators are not nesting: accepted at any length, through every
# pass and output mode, verified on a row (the passes run on a stack sized for the statement).
write chain.sql "SELECT id$(repeat 10000 ' + id') AS s, name$(repeat 10000 ' || name') AS c,
  id$(repeat 5000 ' - id * 2') AS m FROM t WHERE id$(repeat 5000 ' + 1') > 0"
write chain.jsonl '{"id": 1, "name": "ab"}'
# Dumps and pretty JSON stop indenting at 100 levels, so their size stays linear.
for mode in "--format text" "--format json" "--format jsonl" "--emit ast" "--emit bound" \
    "--rules spark" \
    "--verify chain.jsonl" "--debug-no-rewrite --verify chain.jsonl"; do
    # shellcheck disable=SC2086 # the mode is two words
    run chain.sql --ddl 'id BIGINT, name STRING' $mode
    expect_rc 0 "chain.sql $mode"
    expect_empty "$ERR" "chain.sql $mode"
done
run chain.sql --ddl 'id BIGINT, name STRING' --verify chain.jsonl
expect_contains "$OUT" "results identical" "a 10,000-term chain verifies"

# A 5 MB query file (most of it one comment) and a 5 MB schema line.
{
    printf '/* '
    head -c 5000000 /dev/zero | tr '\0' 'x'
    printf ' */ SELECT id FROM t'
} >big.sql
run big.sql --ddl 'id INT'
expect_rc 0 "a 5 MB query file"

# --- diagnostics are bounded: a long line is quoted as a window around the error -----------------
# 20 MB on one line (two long string literals), the error between them: a few hundred bytes on
# stderr, not the line twice.
{
    printf "SELECT '"
    yes 'ab ' | tr -d '\n' | head -c 10000000
    printf "', nope, '"
    yes 'ab ' | tr -d '\n' | head -c 10000000
    printf "' FROM t"
} >long-line.sql
run long-line.sql --ddl 'id INT'
expect_rc 1 "an error in the middle of a 20 MB line"
expect_contains "$ERR" "long-line.sql:1:10000012: error: no column 'nope' in table 't'" \
    "a 20 MB line: the error is located"
expect_contains "$ERR" "| …ab ab ab ab ab ab ab ab ab ab ab ab a', nope, 'ab ab" \
    "a 20 MB line: the quoted window starts with a cut mark and shows the error"
[ "$(wc -c <"$ERR")" -lt 1000 ]
check $? "a 20 MB line: standard error stays small ($(wc -c <"$ERR") bytes)"
# The column (in characters) where TEXT starts in the first line of stderr holding it.
column_in_err() (
    LC_ALL=C.UTF-8
    line=$(grep -F -m1 -- "$1" "$ERR")
    prefix=${line%%"$1"*}
    echo "${#prefix}"
)
expect_eq "$(column_in_err '^~~~')" "$(column_in_err "nope, ")" \
    "a 20 MB line: the marker stands under the error"
not_internal "an error in the middle of a 20 MB line"
# A name of a million characters is quoted by its start and its end.
{
    printf 'SELECT '
    head -c 1000000 /dev/zero | tr '\0' 'x'
    printf ' FROM t'
} >long-name.sql
run long-name.sql --ddl 'id INT'
expect_rc 1 "a name of a million characters"
[ "$(wc -c <"$ERR")" -lt 2000 ]
check $? "a name of a million characters: standard error stays small ($(wc -c <"$ERR") bytes)"
expect_contains "$ERR" "xxx' in table 't'" "a long message keeps its end"

# --- output that cannot be written is an I/O error (exit 2), not a silent success -----------
write ok.sql 'SELECT id FROM t'
if [ -w /dev/full ]; then
    run ok.sql --ddl 'id INT' -o /dev/full
    expect_rc 2 "-o /dev/full"
    "$BIN" ok.sql --ddl 'id INT' </dev/null >/dev/full 2>"$ERR"
    RC=$?
    LAST_CMD="prune-plan ok.sql --ddl 'id INT' >/dev/full"
    expect_rc 2 "standard output on /dev/full"
fi

# --- the fuzzers' regression inputs -------------------------------------------------------------
for dir in sql_parser pipeline; do
    for input in "$SOURCE_DIR/tests/fuzz/regressions/$dir"/*; do
        [ -f "$input" ] || continue
        for format in text json; do
            run "$input" --schema events.ddl --format "$format"
            not_internal "regression $dir/$(basename "$input") ($format)"
        done
    done
done
for dir in ddl schema_loader; do
    for input in "$SOURCE_DIR/tests/fuzz/regressions/$dir"/*; do
        [ -f "$input" ] || continue
        run q.sql --schema "$input" --format json
        not_internal "regression $dir/$(basename "$input")"
    done
done

# --- pseudo-random bytes (fixed seed), as a query and as a schema ------------------------------
for seed in $(seq 1 24); do
    LC_ALL=C awk -v seed="$seed" 'BEGIN { srand(seed); n = int(rand() * 400);
        for (i = 0; i < n; i++) printf "%c", int(rand() * 256) }' >random.bin
    run random.bin --schema events.ddl --format json
    not_internal "random bytes (seed $seed) as a query"
    run q.sql --schema random.bin
    not_internal "random bytes (seed $seed) as a schema"
done

finish
