#!/usr/bin/env bash
# Determinism (README.md "JSON output"): same input, same bytes — no timestamps, no absolute
# paths, no hash order — in every format, across runs, working directories and environments.
# Usage: determinism.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"

EXAMPLES=$SOURCE_DIR/examples
mkdir -p inputs
cp "$EXAMPLES/catalog-multi/query.sql" inputs/multi.sql
cp "$EXAMPLES/catalog-multi/schema.json" inputs/catalog.json
cp "$EXAMPLES/events-transform/query.sql" inputs/events.sql
cp "$EXAMPLES/events-transform/schema.ddl" inputs/events.ddl

# twice CASE ARGS...: two runs must give identical stdout, stderr and exit status.
twice() {
    local name=$1
    shift
    run "$@"
    local rc1=$RC
    cp "$OUT" "$name.out1"
    cp "$ERR" "$name.err1"
    run "$@"
    expect_eq "$RC" "$rc1" "$name: same exit status"
    expect_same_file "$name.out1" "$OUT" "$name: same stdout bytes"
    expect_same_file "$name.err1" "$ERR" "$name: same stderr bytes"
}

for format in text json jsonl; do
    for rules in legacy spark extended; do
        twice "catalog-$format-$rules" inputs/multi.sql --schema inputs/catalog.json \
            -f "$format" --rules "$rules"
    done
    twice "events-$format" inputs/events.sql --schema inputs/events.ddl -f "$format"
done
for style in catalog ddl tree json; do
    twice "schema-style-$style" inputs/events.sql --schema inputs/events.ddl --schema-style "$style"
done
twice "emit-bound" inputs/events.sql --schema inputs/events.ddl --emit bound
twice "emit-ast" inputs/events.sql --schema inputs/events.ddl --emit ast

# A bad statement among good ones: diagnostics are deterministic too.
write mixed.sql 'SELECT name.first FROM people; SELECT name.frist FROM people; SELECT id FROM people'
twice "mixed-json" mixed.sql --ddl "$PEOPLE_DDL" -f json

# No absolute paths: the output names files as given, whatever the working directory.
run inputs/events.sql --schema inputs/events.ddl -f json
cp "$OUT" rel.json
expect_not_contains rel.json "$WORK" "json output holds no absolute path"
mkdir -p elsewhere
(cd elsewhere && "$BIN" ../inputs/events.sql --schema ../inputs/events.ddl -f json >../other.json 2>&1)
sed 's#\.\./inputs/#inputs/#g' other.json >other-normalised.json
expect_same_file rel.json other-normalised.json "another working directory changes only the file name"

# Environment: locale and time zone do not change the bytes.
run inputs/multi.sql --schema inputs/catalog.json -f json
cp "$OUT" env1.json
LC_ALL=C.UTF-8 TZ=Pacific/Kiritimati "$BIN" inputs/multi.sql --schema inputs/catalog.json -f json \
    >env2.json 2>/dev/null
expect_same_file env1.json env2.json "locale and time zone do not change the output"

# Expression ids depend on the statement only, not on what ran before it in the same file.
write one.sql 'SELECT transform(rule_results, r -> r.score) FROM events'
write two.sql 'SELECT id FROM events; SELECT transform(rule_results, r -> r.score) FROM events'
run one.sql --schema inputs/events.ddl -f json
cp "$OUT" one.json
run two.sql --schema inputs/events.ddl -f jsonl
tail -n 1 "$OUT" | jq -c '.plan' >two-plan.json 2>/dev/null
jq -c '.plan' one.json >one-plan.json 2>/dev/null
expect_same_file one-plan.json two-plan.json \
    "a statement's plan (expression ids) does not depend on earlier statements"

finish
