#!/usr/bin/env bash
# Each option of README.md "Usage" does what it says, seen from the shell: --rules (default
# extended), --partition-columns (with DDL and with a catalog), --case-sensitive, --schema-style,
# --emit, -f; schema detection from the content of --schema; limits (deep nesting, code-point
# columns).
# Usage: options.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"
have_jq || finish

T_DDL='id INT, Name STRUCT<First: STRING, last: STRING>, p INT'
write q.sql 'SELECT name.first, p FROM t WHERE p = 1'

# --- --rules --------------------------------------------------------------------------------------
run q.sql --ddl "$T_DDL"
expect_contains "$OUT" "rules: extended ==" "the default profile is extended"
for rules in legacy spark extended; do
    run q.sql --ddl "$T_DDL" --rules "$rules" -f json
    expect_rc 0 "--rules $rules"
    expect_eq "$(jq -r '.rules' "$OUT")" "$rules" "--rules $rules: the rules key"
    run q.sql --ddl "$T_DDL" --rules "$rules"
    expect_contains "$OUT" "rules: $rules ==" "--rules $rules: the text header"
done
# The profiles differ where README.md "Rule profiles" says they do: transform lambdas.
write lambda.sql 'SELECT transform(rule_results, r -> r.score) FROM events'
lambda_schema() {
    run lambda.sql --ddl "$EVENTS_DDL" --rules "$1" -f json
    jq -r '.scans[0].read_schema' "$OUT"
}
expect_eq "$(lambda_schema legacy)" \
    "struct<rule_results:array<struct<rule_public_id:string,rule_version:int,payload:string,score:double>>>" \
    "legacy reads a lambda's array whole"
expect_eq "$(lambda_schema spark)" "struct<rule_results:array<struct<score:double>>>" \
    "spark prunes through transform"
expect_eq "$(lambda_schema extended)" "struct<rule_results:array<struct<score:double>>>" \
    "extended prunes through transform"

# --- --partition-columns ---------------------------------------------------------------------------
run q.sql --ddl "$T_DDL" --partition-columns p -f json
expect_rc 0 "--partition-columns p"
expect_eq "$(jq -r '.scans[0].read_schema' "$OUT")" "struct<Name:struct<First:string>>" \
    "a partition column never appears in a read schema"
expect_eq "$(jq -c '.scans[0].leaves' "$OUT")" '{"read":1,"total":3}' \
    "leaves.total excludes partition columns"
run q.sql --ddl "$T_DDL" -f json
expect_eq "$(jq -r '.scans[0].read_schema' "$OUT")" "struct<Name:struct<First:string>,p:int>" \
    "without --partition-columns, p is a stored column"
write two.sql 'SELECT p FROM t'
run two.sql --ddl "$T_DDL" --partition-columns id,p -f json
expect_rc 0 "--partition-columns id,p (comma-separated)"
expect_eq "$(jq -r '.scans[0].read_schema' "$OUT")" "struct<>" "only partition columns: struct<>"

CATALOG=$SOURCE_DIR/examples/catalog-multi/schema.json
write cat.sql 'SELECT name.first, p FROM contacts WHERE p = 2; SELECT id FROM events'
run cat.sql --schema "$CATALOG" -f jsonl
expect_rc 0 "catalog with partition_columns"
expect_eq "$(jq -r '.scans[0].read_schema' "$OUT" | head -n 1)" "struct<name:struct<first:string>>" \
    "a catalog's own partition_columns"
run cat.sql --schema "$CATALOG" --partition-columns id -f jsonl
expect_rc 0 "catalog plus --partition-columns id"
expect_eq "$(jq -r '.scans[0].read_schema' "$OUT" | tr '\n' ' ')" \
    "struct<name:struct<first:string>> struct<> " \
    "--partition-columns applies to every table of a catalog that has the column"

# --- --case-sensitive --------------------------------------------------------------------------------
run q.sql --ddl "$T_DDL" --case-sensitive
expect_rc 1 "--case-sensitive: 'name' does not resolve 'Name'"
expect_contains "$ERR" "q.sql:1:8: error:" "--case-sensitive: located diagnostic"
write exact.sql 'SELECT Name.First FROM T'
run exact.sql --ddl "$T_DDL" --case-sensitive -f json
expect_rc 0 "--case-sensitive with exact names (table names stay case-insensitive)"
expect_eq "$(jq -r '.scans[0].read_schema' "$OUT")" "struct<Name:struct<First:string>>" \
    "--case-sensitive: read schema"

# --- --schema-style ----------------------------------------------------------------------------------
write events.sql 'SELECT transform(rule_results, r -> r.score) FROM events'
run events.sql --ddl "$EVENTS_DDL" --schema-style catalog
expect_contains "$OUT" "  struct<rule_results:array<struct<score:double>>>" "--schema-style catalog"
run events.sql --ddl "$EVENTS_DDL" --schema-style ddl
expect_contains "$OUT" "rule_results ARRAY<STRUCT<score: DOUBLE>>" "--schema-style ddl"
run events.sql --ddl "$EVENTS_DDL" --schema-style tree
expect_contains "$OUT" "|-- rule_results: array (nullable = true)" "--schema-style tree"
run events.sql --ddl "$EVENTS_DDL" --schema-style json
expect_contains "$OUT" '{"type":"struct","fields":[{"name":"rule_results"' "--schema-style json"
for style in ddl tree json; do
    run events.sql --ddl "$EVENTS_DDL" --schema-style "$style"
    expect_contains "$OUT" "ReadSchema: struct<rule_results:array<struct<score:double>>>" \
        "--schema-style $style: the scan line keeps the catalog form"
done

# --- --emit ------------------------------------------------------------------------------------------
for emit in ast bound; do
    run events.sql --ddl "$EVENTS_DDL" --emit "$emit"
    expect_rc 0 "--emit $emit"
    expect_nonempty "$OUT" "--emit $emit"
    expect_empty "$ERR" "--emit $emit"
    expect_not_contains "$OUT" "ReadSchema:" "--emit $emit prints instead of the result"
done
run events.sql --ddl "$EVENTS_DDL" --emit bound
expect_contains "$OUT" "ordinal=3" "--emit bound shows ordinals (against the table schema)"

# --- schema detection from the content ---------------------------------------------------------------
write events.json '{"type":"struct","fields":[{"name":"id","type":"integer","nullable":true,"metadata":{}},{"name":"s","type":{"type":"struct","fields":[{"name":"a","type":"string","nullable":true,"metadata":{}},{"name":"b","type":"long","nullable":true,"metadata":{}}]},"nullable":true,"metadata":{}}]}'
write sb.sql 'SELECT s.b FROM anything'
run sb.sql --schema events.json -f json
expect_rc 0 "Spark StructType JSON schema, any table name"
expect_eq "$(jq -r '.scans[0] | "\(.table) \(.read_schema)"' "$OUT")" "anything struct<s:struct<b:bigint>>" \
    "a single-table schema takes the name the query uses"
write commented.ddl '-- a comment line
id INT,
s STRUCT<a: STRING,   -- comments and newlines are allowed
         b: BIGINT>
'
run sb.sql --schema commented.ddl -f json
expect_rc 0 "DDL schema file with comments and newlines"
expect_eq "$(jq -r '.scans[0].read_schema' "$OUT")" "struct<s:struct<b:bigint>>" "DDL schema file"
write inline.json '{"tables": {"Things": "id INT, s STRUCT<a: STRING, b: BIGINT>"}}'
write things.sql 'SELECT s.a FROM things'
run things.sql --schema inline.json -f json
expect_rc 0 "catalog JSON with a DDL string, table names case-insensitive"
expect_eq "$(jq -r '.scans[0].read_schema' "$OUT")" "struct<s:struct<a:string>>" "catalog JSON read schema"

# --- limits --------------------------------------------------------------------------------------------
deep=$(printf '(%.0s' $(seq 1 5000))1$(printf ')%.0s' $(seq 1 5000))
write deep.sql "SELECT $deep FROM t"
run deep.sql --ddl 'a INT'
expect_rc 1 "5,000 nested parentheses: rejected, not a crash"
expect_contains "$ERR" "error:" "5,000 nested parentheses: a diagnostic"
deep_type=$(printf 'ARRAY<%.0s' $(seq 1 3000))INT$(printf '>%.0s' $(seq 1 3000))
run q.sql --ddl "a $deep_type"
expect_rc 1 "a type nested 3,000 deep: rejected, not a crash"
expect_contains "$ERR" "error" "a type nested 3,000 deep: a diagnostic"
deep_lambda="a"
for _ in $(seq 1 1500); do deep_lambda="transform(array(1), x -> $deep_lambda)"; done
write deep_lambda.sql "SELECT $deep_lambda FROM t"
run deep_lambda.sql --ddl 'a INT'
expect_rc 1 "lambdas nested 1,500 deep: rejected, not a crash"

# Columns count Unicode code points: 'héllo' is 7 code points but 8 bytes.
write utf8.sql "SELECT 'héllo', nope FROM t"
run utf8.sql --ddl 'a INT'
expect_rc 1 "unknown column after a non-ASCII literal"
expect_contains "$ERR" "utf8.sql:1:17: error:" "columns count code points, not bytes"

# A UTF-8 byte order mark starting a file is no character of it: columns count from the next
# one, the quoted line leaves it out, and a JSON schema after one is still JSON.
bom=$'\xEF\xBB\xBF'
write bom.sql "${bom}SELECT nope FROM t"
write bom.ddl "${bom}a INT, s STRIN"
write bom.json "${bom}{\"type\":\"struct\",\"fields\":[{\"name\":\"a\",\"type\":\"integer\",\"nullable\":true,\"metadata\":{}}]}"
write bom_ok.sql "${bom}SELECT a FROM t"
run bom.sql --ddl 'a INT'
expect_rc 1 "a query file with a byte order mark, unknown column"
expect_contains "$ERR" "bom.sql:1:8: error: no column 'nope'" "columns count from after the byte order mark"
expect_contains "$ERR" "    1 | SELECT nope FROM t" "the quoted line leaves the byte order mark out"
run bom_ok.sql --schema bom.ddl
expect_rc 1 "a DDL schema with a byte order mark, unknown type"
expect_contains "$ERR" "bom.ddl:1:10: error: unknown type 'STRIN'" "DDL columns count from after the byte order mark"
run bom_ok.sql --schema bom.json
expect_rc 0 "a JSON schema with a byte order mark is read as JSON"
expect_contains "$OUT" "struct<a:int>" "the JSON schema's column is read"

finish
