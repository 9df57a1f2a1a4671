#!/usr/bin/env bash
# Parquet files as the schema (issue 31), through the binary: detection by content, the bytes
# figures in text and JSON (absent for other schemas), bad files rejected with exit 1 and the
# file's name, unreadable paths exit 2, and no crash on any of them.
# Usage: parquet.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"

DATA=$SOURCE_DIR/tests/data/parquet
write q.sql 'SELECT name.first FROM events'

# --- detection by content, not by name -------------------------------------------------------
cp "$DATA/nested.parquet" schema.ddl
run q.sql --schema schema.ddl
expect_rc 0 "a Parquet file named .ddl is Parquet"
expect_contains "$OUT" "events: reads 1 of 11 leaves, 56 B of 694 B (8.1%)" "the bytes on the scan line"
expect_empty "$ERR" "a clean Parquet run"
write plain.parquet 'id INT, name STRUCT<first: STRING>'
run q.sql --schema plain.parquet
expect_rc 0 "a DDL file named .parquet is DDL"
expect_not_contains "$OUT" " B of " "no bytes for a DDL schema"

if have_jq; then
    run q.sql --schema "$DATA/nested.parquet" -f json
    expect_eq "$(jq -c '.scans[0].bytes' "$OUT")" '{"read":56,"total":694}' "JSON bytes"
    run q.sql --schema plain.parquet -f json
    expect_eq "$(jq -c '.scans[0] | has("bytes")' "$OUT")" 'false' "no JSON bytes for DDL"
fi

# --- bad files: exit 1, the file named, never a crash -----------------------------------------
rejected_file() { # rejected_file WHAT FILE MESSAGE
    run q.sql --schema "$2"
    expect_rc 1 "$1"
    expect_contains "$ERR" "$2: error: " "$1: the file is named"
    expect_contains "$ERR" "$3" "$1: what is wrong"
}
size=$(wc -c <"$DATA/nested.parquet")
head -c $((size - 100)) "$DATA/nested.parquet" >truncated.parquet
rejected_file "a truncated file" truncated.parquet "no PAR1 magic at the end"
{ head -c $((size - 4)) "$DATA/nested.parquet"; printf 'PAR2'; } >magic.parquet
rejected_file "a wrong magic at the end" magic.parquet "no PAR1 magic at the end"
{ head -c $((size - 8)) "$DATA/nested.parquet"; printf '\377\377\377\177PAR1'; } >long.parquet
rejected_file "a footer length past the file" long.parquet "reaches past the start of a file"
{ head -c $((size - 8)) "$DATA/nested.parquet"; printf '\020\000\000\000PAR1'; } >short.parquet
rejected_file "a footer length that cuts the footer" short.parquet "malformed footer"
printf 'PAR1' >tiny.parquet
rejected_file "a file of just the magic" tiny.parquet "too short"
rejected_file "a nanosecond timestamp" "$DATA/nanos.parquet" "Illegal Parquet type"

mkdir -p mixed/k=1
cp "$DATA/nested.parquet" mixed/k=1/a.parquet
write mixed/k=1/notes.txt 'not parquet'
write mixed/_SUCCESS ''
write mixed/.hidden 'skipped'
run q.sql --schema mixed
expect_rc 1 "a directory with a non-Parquet file"
expect_contains "$ERR" "mixed/k=1/notes.txt: error: not a readable Parquet file" \
    "the non-Parquet file is named"
rm mixed/k=1/notes.txt
run q.sql --schema mixed
expect_rc 0 "hidden names are skipped"
expect_contains "$OUT" "reads 1 of 11 leaves" "the directory's table"

# --- I/O errors: exit 2 ------------------------------------------------------------------------
write cat.json '{"tables": {"events": {"path": "no/such/dir"}}}'
run q.sql --schema cat.json
expect_rc 2 "a catalog path that does not exist"
expect_contains "$ERR" "no/such/dir" "the missing path is named"

# --- --merge-schema ---------------------------------------------------------------------------
write m.sql 'SELECT extra FROM t'
run m.sql --schema "$DATA/evolving"
expect_rc 1 "the first file's schema has no 'extra'"
run m.sql --schema "$DATA/evolving" --merge-schema
expect_rc 0 "--merge-schema has 'extra'"
expect_contains "$OUT" "reads 1 of 4 leaves, 32 B of 178 B" "--merge-schema's bytes"

finish
