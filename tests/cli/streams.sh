#!/usr/bin/env bash
# Standard output and standard error (README.md "Exit status", "JSON output"): results go to
# stdout only, diagnostics and warnings to stderr only, a clean run writes nothing to stderr;
# in the JSON formats a rejected statement prints its error object on stdout. Also QUERY `-`
# (standard input, named <stdin>) and `-o FILE`.
# Usage: streams.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"
have_jq || finish

write ok.sql 'SELECT name.first FROM people'
write bad.sql 'SELECT name.frist FROM people'

# --- a clean run -------------------------------------------------------------------------------
for format in text json jsonl; do
    run ok.sql --ddl "$PEOPLE_DDL" -f "$format"
    expect_rc 0 "clean run, $format"
    expect_nonempty "$OUT" "clean run, $format: the result on stdout"
    expect_empty "$ERR" "clean run, $format: nothing on stderr"
done

run ok.sql --ddl "$PEOPLE_DDL"
expect_contains "$OUT" "== statement 1 (ok.sql:1:1), rules: extended ==" "text header"
expect_contains "$OUT" "struct<name:struct<first:string>>" "text read schema"
expect_contains "$OUT" "ReadSchema: struct<name:struct<first:string>>" "text scan line"

run ok.sql --ddl "$PEOPLE_DDL" -f json
expect_eq "$(jq -r '.scans[0].read_schema' "$OUT")" "struct<name:struct<first:string>>" \
    "json scans[0].read_schema"
expect_eq "$(jq -c '[.format_version, .statement, .rules, .location]' "$OUT")" \
    '[1,1,"extended",{"file":"ok.sql","line":1,"column":1}]' "json header keys"
expect_eq "$(jq -c '.scans[0] | [.table, .leaves, .columns_not_read]' "$OUT")" \
    '["people",{"read":1,"total":4},["id","tags"]]' "json scan keys"
expect_eq "$(jq -r '.scans[0].read_schema_json.type' "$OUT")" "struct" "json read_schema_json"
expect_eq "$(jq -r '[.plan.node, .original_plan.node] | join(",")' "$OUT")" "Project,Project" \
    "json plan and original_plan"

# --- a rejected statement: text -----------------------------------------------------------------
run bad.sql --ddl "$PEOPLE_DDL"
expect_rc 1 "rejected statement, text"
expect_empty "$OUT" "rejected statement, text: nothing on stdout"
expect_contains "$ERR" "bad.sql:1:13: error:" "diagnostic location (file:line:column)"
expect_contains "$ERR" "frist" "diagnostic names the bad field"
expect_contains "$ERR" "1 | SELECT name.frist FROM people" "diagnostic quotes the line"
expect_contains "$ERR" "^~~~~" "diagnostic has a caret line"

# --- a rejected statement: JSON modes print the error object on stdout ---------------------------
for format in json jsonl; do
    run bad.sql --ddl "$PEOPLE_DDL" -f "$format"
    expect_rc 1 "rejected statement, $format"
    expect_contains "$ERR" "bad.sql:1:13: error:" "rejected statement, $format: diagnostic on stderr"
    expect_eq "$(jq -c '[.format_version, .statement, .error.file, .error.line, .error.column]' "$OUT")" \
        '[1,1,"bad.sql",1,13]' "rejected statement, $format: error object on stdout"
    expect_eq "$(jq -r '.error.message | contains("frist")' "$OUT")" "true" \
        "rejected statement, $format: error.message"
    expect_eq "$(jq -r 'has("scans")' "$OUT")" "false" \
        "rejected statement, $format: no result keys"
done
run bad.sql --ddl "$PEOPLE_DDL" -f jsonl
expect_eq "$(wc -l <"$OUT" | tr -d ' ')" "1" "rejected statement, jsonl: one line"

# --- warnings (user-defined function) go to stderr, the result to stdout --------------------------
write udf.sql 'SELECT my_udf(name.first) FROM people'
run udf.sql --ddl "$PEOPLE_DDL" -f json
expect_rc 0 "user-defined function: accepted"
expect_contains "$ERR" "warning" "user-defined function: warning on stderr"
expect_contains "$ERR" "my_udf" "user-defined function: warning names the function"
expect_eq "$(jq -r '.scans[0].read_schema' "$OUT")" "struct<name:struct<first:string>>" \
    "user-defined function: stdout holds only the JSON result"

# --- standard input ------------------------------------------------------------------------------
run_in 'SELECT name.last FROM people' - --ddl "$PEOPLE_DDL"
expect_rc 0 "query on stdin"
expect_empty "$ERR" "query on stdin"
expect_contains "$OUT" "== statement 1 (<stdin>:1:1)" "stdin is named <stdin> in the header"
expect_contains "$OUT" "struct<name:struct<last:string>>" "query on stdin: read schema"

run_in 'SELECT name.last FROM people' - --ddl "$PEOPLE_DDL" -f json
expect_eq "$(jq -r '.location.file' "$OUT")" "<stdin>" "stdin: location.file"

run_in 'SELECT nope FROM people' - --ddl "$PEOPLE_DDL"
expect_rc 1 "bad query on stdin"
expect_contains "$ERR" "<stdin>:1:8: error:" "stdin is named <stdin> in diagnostics"

# --- schema from a file, from --ddl: diagnostics name them --------------------------------------
run ok.sql --ddl 'id INT, name STRUCT<first: STRIN>'
expect_rc 1 "bad --ddl"
expect_contains "$ERR" "<ddl>" "a --ddl error is named <ddl>"
write bad.ddl $'id INT,\nname STRUCT<first: STRIN>'
run ok.sql --schema bad.ddl
expect_rc 1 "bad DDL file"
expect_contains "$ERR" "bad.ddl:2:" "a DDL file error names the file and line"

# --- -o FILE --------------------------------------------------------------------------------------
run ok.sql --ddl "$PEOPLE_DDL"
cp "$OUT" expected-stdout.txt
run ok.sql --ddl "$PEOPLE_DDL" -o result.txt
expect_rc 0 "-o FILE"
expect_empty "$OUT" "-o FILE: nothing on stdout"
expect_empty "$ERR" "-o FILE: nothing on stderr"
expect_same_file result.txt expected-stdout.txt "-o FILE holds what stdout would"

run ok.sql --ddl "$PEOPLE_DDL" --output result.json -f json
expect_rc 0 "--output FILE -f json"
expect_eq "$(jq -r '.scans[0].read_schema' result.json)" "struct<name:struct<first:string>>" \
    "--output FILE -f json: content"

run bad.sql --ddl "$PEOPLE_DDL" -o result-bad.json -f json
expect_rc 1 "-o FILE with a rejected statement"
expect_empty "$OUT" "-o FILE with a rejected statement: nothing on stdout"
expect_contains "$ERR" "bad.sql:1:13: error:" "-o FILE: the diagnostic still goes to stderr"
expect_eq "$(jq -r '.error.line' result-bad.json)" "1" "-o FILE: the error object goes to the file"

finish
