#!/usr/bin/env bash
# The command line's edges (README "Usage"): each misuse is one clear message on stderr and
# exit 2, before anything is written: standard input given to two inputs, --emit with options it
# would ignore, a nested path as a partition column, empty file names, and files that are not
# what they should be (missing, empty, directories).
# Usage: usage.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"

write q.sql 'SELECT name.first FROM people'
write s.ddl "$PEOPLE_DDL"

# usage WHAT MESSAGE ARGS...: exit 2, MESSAGE on stderr (once), nothing on stdout.
usage() {
    local what=$1 message=$2
    shift 2
    run "$@"
    expect_rc 2 "$what"
    expect_contains "$ERR" "$message" "$what"
    expect_eq "$(grep -cF -- "$message" "$ERR")" 1 "$what: said once"
    expect_empty "$OUT" "$what: nothing on stdout"
}

# --- standard input feeds one input at most ---------------------------------------------------------
usage "QUERY and --schema both -" \
    "standard input (-) can be only one input, but QUERY and --schema both read it" \
    - --schema -
usage "QUERY and --verify both -" \
    "standard input (-) can be only one input, but QUERY and --verify - both read it" \
    - --schema s.ddl --verify -
usage "three inputs on -" \
    "but QUERY, --schema and --verify t=- all read it" - --schema - --verify t=-
run_in 'SELECT name.last FROM people' - --schema s.ddl
expect_rc 0 "one input on - is fine"
run_in "$PEOPLE_DDL" q.sql --schema -
expect_rc 0 "the schema alone on - is fine"
expect_contains "$OUT" "struct<name:struct<first:string>>" "the schema from standard input"

# --- --emit prints text, and no result to check --------------------------------------------------
for emit in ast bound; do
    for format in json jsonl; do
        usage "--emit $emit -f $format" "--emit $emit prints text; it cannot be combined with -f $format" \
            q.sql --schema s.ddl --emit "$emit" -f "$format"
    done
    usage "--emit $emit --verify" "--emit $emit prints no result to check; it cannot be combined with --verify" \
        q.sql --schema s.ddl --emit "$emit" --verify rows.jsonl
    usage "--emit $emit --debug-no-rewrite" \
        "--emit $emit prints no rewrite; it cannot be combined with --debug-no-rewrite" \
        q.sql --schema s.ddl --emit "$emit" --debug-no-rewrite
    run q.sql --schema s.ddl --emit "$emit" -f text
    expect_rc 0 "--emit $emit -f text"
done

# --- --partition-columns takes top-level columns ----------------------------------------------------
usage "a nested path as a partition column" \
    "--partition-columns name.first: a partition column is a top-level column of a table, not a nested field" \
    q.sql --schema s.ddl --partition-columns name.first
usage "a nested path among partition columns" "--partition-columns tags.x:" \
    q.sql --schema s.ddl --partition-columns id,tags.x
write dotted.ddl '`a.b` INT, name STRUCT<first: STRING>'
write dotted.sql 'SELECT name.first FROM t'
run dotted.sql --schema dotted.ddl --partition-columns a.b
expect_rc 0 "a top-level column whose name holds a dot"
expect_empty "$ERR" "a top-level column whose name holds a dot"

# --- empty names, missing and odd files ---------------------------------------------------------------
usage "QUERY ''" "QUERY is an empty file name; use - for standard input" '' --schema s.ddl
usage "--schema ''" "--schema needs a file name" q.sql --schema ''
usage "--verify ''" "--verify needs a rows file" q.sql --schema s.ddl --verify ''
usage "no schema at all" "one of --schema and --ddl is required" q.sql
usage "the query a missing file" "cannot read 'nope.sql': No such file or directory" nope.sql --schema s.ddl
usage "the query a directory" "cannot read '.': Is a directory" . --schema s.ddl
# A directory is a schema now (Parquet files); a missing one is still a usage error.
usage "the schema a missing directory" "nope.d" q.sql --schema nope.d/
usage "the rows a directory" "cannot read '.': Is a directory" q.sql --schema s.ddl --verify .
mkdir -p dir
usage "-o a directory" "cannot write 'dir': Is a directory" q.sql --schema s.ddl -o dir
usage "-o into a missing directory" "cannot write 'nodir/out': No such file or directory" \
    q.sql --schema s.ddl -o nodir/out
# Empty files are rejected inputs (exit 1) with a diagnostic that says so.
write empty ''
run empty --schema s.ddl
expect_rc 1 "an empty query file"
expect_contains "$ERR" "no statement in the query file" "an empty query file"
run q.sql --schema empty
expect_rc 1 "an empty schema file"
expect_contains "$ERR" "empty schema" "an empty schema file"
run q.sql --schema s.ddl --verify empty
expect_rc 0 "an empty rows file: no rows, nothing differs"
expect_contains "$OUT" "verify: 0 rows checked, results identical" "an empty rows file"

finish
