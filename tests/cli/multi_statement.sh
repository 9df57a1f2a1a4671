#!/usr/bin/env bash
# Several statements in one QUERY file (README.md "Usage", "JSON output"; man/prune-plan.1):
# split on `;` outside strings and comments; empty statements skipped and not counted; a bad
# statement does not spoil the others (they still print, exit 1); line numbers count from the
# start of the file; `-f json` prints one object per statement, `-f jsonl` one line each.
# Usage: multi_statement.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"
have_jq || finish

# Line numbers matter below: statement 2 is bad at 2:8, statement 3 starts at 7:1.
write multi.sql 'SELECT id FROM people;
SELECT nope
  FROM people;
;
-- only a comment here; not a statement
;
SELECT name.first
FROM people
'

# --- text ----------------------------------------------------------------------------------------
run multi.sql --ddl "$PEOPLE_DDL"
expect_rc 1 "a bad statement in the middle: exit 1"
expect_contains "$OUT" "== statement 1 (multi.sql:1:1), rules: extended ==" "statement 1 still prints"
expect_contains "$OUT" "== statement 3 (multi.sql:7:1), rules: extended ==" \
    "statement 3 still prints, numbered 3 at line 7 (empty statements not counted)"
expect_not_contains "$OUT" "== statement 2" "the bad statement prints no result in text mode"
expect_not_contains "$OUT" "== statement 4" "empty statements are skipped"
expect_contains "$OUT" "ReadSchema: struct<id:int>" "statement 1's read schema"
expect_contains "$OUT" "ReadSchema: struct<name:struct<first:string>>" "statement 3's read schema"
expect_contains "$ERR" "multi.sql:2:8: error:" "line numbers count from the start of the file"
expect_contains "$ERR" "2 | SELECT nope" "the diagnostic quotes line 2"
expect_eq "$(grep -c 'error:' "$ERR")" "1" "exactly one diagnostic"
# Statement 1 is printed before statement 3.
first=$(grep -n '== statement 1' "$OUT" | cut -d: -f1)
third=$(grep -n '== statement 3' "$OUT" | cut -d: -f1)
[ -n "$first" ] && [ -n "$third" ] && [ "$first" -lt "$third" ]
check $? "statements print in file order"

# --- json: a stream of objects, the error object in place of statement 2 --------------------------
run multi.sql --ddl "$PEOPLE_DDL" -f json
expect_rc 1 "json: exit 1"
expect_eq "$(jq -s 'length' "$OUT")" "3" "json: three objects"
expect_eq "$(jq -s -c 'map(.statement)' "$OUT")" "[1,2,3]" "json: statement numbers"
expect_eq "$(jq -s -c '.[1].error | [.file, .line, .column]' "$OUT")" '["multi.sql",2,8]' \
    "json: error object of statement 2"
expect_eq "$(jq -s -c '.[2].location' "$OUT")" '{"file":"multi.sql","line":7,"column":1}' \
    "json: location of statement 3"
expect_eq "$(jq -s -r '.[2].scans[0].read_schema' "$OUT")" "struct<name:struct<first:string>>" \
    "json: statement 3's read schema"
expect_contains "$ERR" "multi.sql:2:8: error:" "json: the diagnostic still goes to stderr"

# --- jsonl: one compact line per statement ----------------------------------------------------------
run multi.sql --ddl "$PEOPLE_DDL" -f jsonl
expect_rc 1 "jsonl: exit 1"
expect_eq "$(wc -l <"$OUT" | tr -d ' ')" "3" "jsonl: three lines"
ok=0
while IFS= read -r line; do
    printf '%s\n' "$line" | jq -e 'type == "object"' >/dev/null 2>&1 || ok=1
done <"$OUT"
check $ok "jsonl: every line is one JSON object"
expect_eq "$(jq -c '.statement' "$OUT" | tr '\n' ' ')" "1 2 3 " "jsonl: statement numbers"

# --- all good: exit 0, statements separated in text ------------------------------------------------
write good.sql 'SELECT id FROM people; SELECT name.last FROM people;'
run good.sql --ddl "$PEOPLE_DDL"
expect_rc 0 "two good statements"
expect_empty "$ERR" "two good statements"
expect_contains "$OUT" "== statement 2 (good.sql:1:24), rules: extended ==" \
    "statement 2 on the same line: column counted from the line start"
run good.sql --ddl "$PEOPLE_DDL" -f jsonl
expect_eq "$(wc -l <"$OUT" | tr -d ' ')" "2" "a trailing ';' adds no statement"

# --- splitting respects strings and comments --------------------------------------------------------
write strings.sql "SELECT id FROM people WHERE name.first = 'a;b' -- c;d
  AND name.last <> \"x;y\"; /* e;f */
SELECT \`id\` FROM people"
run strings.sql --ddl "$PEOPLE_DDL" -f jsonl
expect_rc 0 "';' inside strings and comments does not split"
expect_eq "$(wc -l <"$OUT" | tr -d ' ')" "2" "two statements, not more"
expect_eq "$(jq -r '.scans[0].read_schema' "$OUT" | head -n 1)" \
    "struct<id:int,name:struct<first:string,last:string>>" "the first statement is whole"

# --- the highest exit status wins ---------------------------------------------------------------------
write all-bad.sql 'SELECT nope FROM people; SELECT (id FROM people'
run all-bad.sql --ddl "$PEOPLE_DDL"
expect_rc 1 "two bad statements: exit 1"
expect_eq "$(grep -c 'error:' "$ERR")" "2" "two bad statements: two diagnostics"
expect_contains "$ERR" "all-bad.sql:1:8: error:" "first statement's error at 1:8"
grep -qE 'all-bad.sql:1:(2[6-9]|[34][0-9]): error:' "$ERR"
check $? "second statement's error located on line 1, inside the second statement"

finish
