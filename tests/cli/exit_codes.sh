#!/usr/bin/env bash
# Exit statuses (README.md "Exit status"): 0 success; 1 query or schema rejected, with a diagnostic
# on stderr; 2 usage or I/O error; --help and --version print to stdout only and exit 0.
# Usage: exit_codes.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"

write ok.sql 'SELECT name.first FROM people'
write people.ddl "$PEOPLE_DDL"

# --- 0: success -------------------------------------------------------------------------------
run ok.sql --ddl "$PEOPLE_DDL"
expect_rc 0 "valid query with --ddl"
expect_nonempty "$OUT" "valid query with --ddl"
expect_empty "$ERR" "valid query with --ddl"

run ok.sql --schema people.ddl
expect_rc 0 "valid query with --schema FILE"
expect_empty "$ERR" "valid query with --schema FILE"

run ok.sql -s people.ddl -f json
expect_rc 0 "-s and -f json"

# --- 1: the query or the schema is rejected ---------------------------------------------------
rejected() { # rejected WHAT QUERY-TEXT [OPTIONS...]: exit 1, a diagnostic on stderr
    local what=$1 text=$2
    shift 2
    write bad.sql "$text"
    run bad.sql "$@"
    expect_rc 1 "$what"
    expect_nonempty "$ERR" "$what (diagnostic on stderr)"
    expect_contains "$ERR" "error" "$what (diagnostic on stderr)"
}

rejected "syntax error" 'SELECT name.first FROM people WHERE' --ddl "$PEOPLE_DDL"
expect_contains "$ERR" "bad.sql:1:" "syntax error names file and line"
rejected "syntax error (unbalanced parenthesis)" 'SELECT (id FROM people' --ddl "$PEOPLE_DDL"
rejected "unknown column" 'SELECT nope FROM people' --ddl "$PEOPLE_DDL"
expect_contains "$ERR" "bad.sql:1:8: error:" "unknown column is located at 1:8"
rejected "unknown struct field" 'SELECT name.frist FROM people' --ddl "$PEOPLE_DDL"
rejected "unknown table in a catalog" 'SELECT id FROM nowhere' \
    --schema "$SOURCE_DIR/examples/catalog-multi/schema.json"
rejected "ambiguous column of a self-join" \
    'SELECT id FROM people a JOIN people b ON a.id = b.id' --ddl "$PEOPLE_DDL"
expect_contains "$ERR" "ambiguous reference 'id'" "an ambiguous column names itself"
rejected "unsupported construct (a recursive CTE)" \
    'WITH RECURSIVE r AS (SELECT 1 AS n UNION ALL SELECT n + 1 FROM r) SELECT n FROM r' \
    --ddl "$PEOPLE_DDL"
expect_contains "$ERR" "unsupported: WITH RECURSIVE" "a recursive CTE is reported as unsupported"
rejected "a generator nested in an expression" 'SELECT explode(tags) IS NULL FROM people' \
    --ddl "$PEOPLE_DDL"
rejected "a scalar subquery of two columns" \
    'SELECT (SELECT id, id FROM people) FROM people' --ddl "$PEOPLE_DDL"
expect_contains "$ERR" "scalar subquery must return only one column" \
    "a scalar subquery of two columns is reported as Spark reports it"
rejected "type error" 'SELECT name + 1 FROM people' --ddl "$PEOPLE_DDL"
rejected "bad DDL schema" 'SELECT id FROM people' --ddl 'id INT, name STRUCT<first: STRIN>'
rejected "bad DDL schema (syntax)" 'SELECT id FROM people' --ddl 'id INT,, name'

write bad.json '{"type":"struct","fields":[{"name":"a","type":"strin","nullable":true,"metadata":{}}]}'
rejected "bad JSON schema (unknown type)" 'SELECT a FROM t' --schema bad.json
expect_contains "$ERR" "bad.json" "a JSON schema error names the schema file"
expect_contains "$ERR" "strin" "a JSON schema error names the bad type"
write broken.json '{"type":"struct","fields":['
rejected "bad JSON schema (truncated)" 'SELECT a FROM t' --schema broken.json
write empty.ddl ''
rejected "empty schema file" 'SELECT a FROM t' --schema empty.ddl
write nostmt.sql '  -- only a comment
;
'
run nostmt.sql --ddl "$PEOPLE_DDL"
expect_rc 1 "a query file with no statement"
expect_nonempty "$ERR" "a query file with no statement"
write empty.sql ''
run empty.sql --ddl "$PEOPLE_DDL"
expect_rc 1 "an empty query file"
expect_nonempty "$ERR" "an empty query file"
printf 'SELECT \xff\xfe\x00 a FROM t' >bytes.sql
run bytes.sql --ddl "$PEOPLE_DDL"
expect_rc 1 "invalid UTF-8 and NUL bytes in the query"
expect_contains "$ERR" "bytes.sql:1:" "invalid bytes: a located diagnostic"
# Every byte value, in a fixed order: accepted or rejected, never a crash.
# shellcheck disable=SC2059 # the format is the byte
for i in $(seq 0 255); do printf "\\$(printf '%03o' "$i")"; done >all-bytes.sql
run all-bytes.sql --ddl "$PEOPLE_DDL"
expect_rc 1 "every byte value in the query"
printf 'id INT, \xff BIGINT' >bytes.ddl
rejected "invalid bytes in a DDL schema file" 'SELECT id FROM t' --schema bytes.ddl
rejected "partition column that no table has" 'SELECT id FROM people' --ddl "$PEOPLE_DDL" \
    --partition-columns nope

# --- 2: usage and I/O errors ------------------------------------------------------------------
usage() { # usage WHAT OPTIONS...: exit 2, a message on stderr, nothing on stdout
    local what=$1
    shift
    run "$@"
    expect_rc 2 "$what"
    expect_nonempty "$ERR" "$what (message on stderr)"
    expect_empty "$OUT" "$what (nothing on stdout)"
}

usage "unknown option" ok.sql --ddl "$PEOPLE_DDL" --bogus
usage "unknown short option" ok.sql --ddl "$PEOPLE_DDL" -Z
usage "--rules bogus" ok.sql --ddl "$PEOPLE_DDL" --rules bogus
usage "--format yaml" ok.sql --ddl "$PEOPLE_DDL" --format yaml
usage "--schema-style bogus" ok.sql --ddl "$PEOPLE_DDL" --schema-style bogus
usage "--color sometimes" ok.sql --ddl "$PEOPLE_DDL" --color sometimes
usage "--emit bogus" ok.sql --ddl "$PEOPLE_DDL" --emit bogus
usage "option without its value" ok.sql --ddl
usage "missing QUERY" --ddl "$PEOPLE_DDL"
usage "two QUERY arguments" ok.sql ok.sql --ddl "$PEOPLE_DDL"
usage "both --schema and --ddl" ok.sql --schema people.ddl --ddl "$PEOPLE_DDL"
usage "neither --schema nor --ddl" ok.sql
usage "query file not found" missing.sql --ddl "$PEOPLE_DDL"
expect_contains "$ERR" "missing.sql" "file-not-found message names the file"
usage "schema file not found" ok.sql --schema missing.ddl
expect_contains "$ERR" "missing.ddl" "file-not-found message names the schema file"
usage "query is a directory" . --ddl "$PEOPLE_DDL"
# A directory is a Parquet table (issue 31): one without Parquet files is rejected (exit 1)
# naming what is wrong, no longer an I/O error.
mkdir -p empty-dir not-parquet-dir
write not-parquet-dir/schema.ddl "$PEOPLE_DDL"
run ok.sql --schema empty-dir
expect_rc 1 "schema is a directory without Parquet files"
expect_contains "$ERR" "empty-dir: error: no Parquet files" "the empty directory is named"
run ok.sql --schema not-parquet-dir
expect_rc 1 "schema is a directory of a non-Parquet file"
expect_contains "$ERR" "not-parquet-dir/schema.ddl: error: not a readable Parquet file" \
    "the non-Parquet file in the directory is named"
usage "schema directory not found" ok.sql --schema missing-dir/
usage "output file cannot be written" ok.sql --ddl "$PEOPLE_DDL" -o no/such/dir/out.txt
# Offsets into an input are 32 bits: a file of 4 GiB is refused by its size, before it is read
# (sparse: it takes no disk space, and the check takes no time).
truncate -s 4294967296 huge.sql huge.ddl
usage "query file of 4 GiB" huge.sql --ddl "$PEOPLE_DDL"
expect_contains "$ERR" "cannot read 'huge.sql': 4294967296 bytes, over the limit of 4294967295" \
    "a 4 GiB query is refused by its size"
usage "schema file of 4 GiB" ok.sql --schema huge.ddl
expect_contains "$ERR" "cannot read 'huge.ddl': 4294967296 bytes" "a 4 GiB schema is refused"
rm -f huge.sql huge.ddl

# --- --help and --version: stdout only, exit 0 --------------------------------------------------
for flag in --help -h; do
    run "$flag"
    expect_rc 0 "$flag"
    expect_nonempty "$OUT" "$flag prints to stdout"
    expect_empty "$ERR" "$flag prints nothing to stderr"
    expect_contains "$OUT" "--rules" "$flag lists --rules"
done
for flag in --version -V; do
    run "$flag"
    expect_rc 0 "$flag"
    expect_empty "$ERR" "$flag prints nothing to stderr"
    grep -qE '^prune-plan [0-9]+\.[0-9]+\.[0-9]+' "$OUT"
    check $? "$flag prints 'prune-plan X.Y.Z' on stdout"
done
finish
