#!/usr/bin/env bash
# --verify [TABLE=]ROWS end to end (README.md "Checking on data", "Exit status"): identical
# results exit 0 and say how many rows were checked, a rewrite that changes a result exits 4 and
# shows the first differing row with both values (--debug-no-rewrite produces one), a query the
# evaluator cannot run is refused at its statement (exit 1), a malformed row is an error at
# ROWS:LINE (exit 1), an unreadable rows file exits 2, TABLE= picks the rows of each statement's
# table.
# Usage: verify.sh path/to/prune-plan
source "$(dirname "$0")/lib.sh" "$@"

ORDERS='id BIGINT, customer STRUCT<id: BIGINT, city: STRING>, items ARRAY<STRUCT<sku: STRING, qty: INT, price: DOUBLE>>'
write orders.ddl "$ORDERS"
write rows.jsonl '{"id":1,"customer":{"id":7,"city":"Oslo"},"items":[{"sku":"a","qty":2,"price":1.5},{"sku":"b","qty":1,"price":4.0}]}
{"id":2,"customer":null,"items":[]}

{"id":3,"items":[null,{"sku":"c","qty":5,"price":0.5}]}
'
write prices.sql 'SELECT id, transform(items, x -> x.price) AS prices FROM orders'

# --- identical results --------------------------------------------------------------------------
run prices.sql --schema orders.ddl --verify rows.jsonl
expect_rc 0 "identical results"
expect_contains "$OUT" "verify: 3 rows checked, results identical (3 result rows)" "text report"
expect_empty "$ERR" "a clean verify writes nothing to stderr"

if have_jq; then
    run prices.sql --schema orders.ddl --verify rows.jsonl --format json
    expect_rc 0 "identical results (json)"
    expect_eq "$(jq -c .verify "$OUT")" \
        '{"rows":3,"identical":true,"result_rows":3,"ordered":false,"difference":null}' "json report"
fi

write sorted.sql 'SELECT id FROM orders WHERE customer.city IS NULL ORDER BY id DESC'
run sorted.sql --schema orders.ddl --verify rows.jsonl
expect_rc 0 "ORDER BY"
expect_contains "$OUT" "verify: 3 rows checked, results identical (2 result rows, in order)" \
    "ORDER BY results are compared in order"

# --- a difference: the pruned scan read with the table's ordinals -------------------------------
run prices.sql --schema orders.ddl --verify rows.jsonl --debug-no-rewrite
expect_rc 4 "a rewrite that changes a result"
expect_contains "$OUT" "verify: 3 rows checked, results DIFFER at result row 1" "difference row"
expect_contains "$OUT" '  original:  {"id":1,"prices":[1.5,4.0]}' "original value"
expect_contains "$OUT" '  rewritten: [INTERNAL_ERROR] struct field ordinal 2 out of range' \
    "rewritten value"
expect_contains "$OUT" "ordinals rewritten: none" "--debug-no-rewrite keeps every ordinal"
if have_jq; then
    run prices.sql --schema orders.ddl --verify rows.jsonl --debug-no-rewrite --format json
    expect_rc 4 "difference (json)"
    expect_eq "$(jq -c '[.verify.identical, .verify.difference.row]' "$OUT")" '[false,1]' \
        "json difference"
fi

# A subquery that selects a column nothing reads: the pruned scan does not output it, and the
# plan left unrewritten asks for it (a difference, not an internal error).
write unused.sql 'SELECT id FROM (SELECT id, customer FROM orders)'
run unused.sql --schema orders.ddl --verify rows.jsonl --debug-no-rewrite
expect_rc 4 "an unrewritten plan reading a column the scan dropped"
expect_contains "$OUT" "[UNRESOLVED_COLUMN] output column #1 is not in the input row" \
    "the dropped column, named"

# --- refused: cannot verify, malformed rows -----------------------------------------------------
write random.sql 'SELECT id FROM orders;
SELECT id, rand() AS r FROM orders'
run random.sql --schema orders.ddl --verify rows.jsonl
expect_rc 1 "a nondeterministic function"
expect_contains "$ERR" "random.sql:2:1: error: cannot verify: function 'rand' is nondeterministic" \
    "cannot verify names the reason and the statement"
expect_contains "$OUT" "verify: 3 rows checked, results identical" "the other statement is verified"

write bad.jsonl '{"id":1}
{"id":"x"}
'
run prices.sql --schema orders.ddl --verify bad.jsonl
expect_rc 1 "a malformed row"
expect_contains "$ERR" "bad.jsonl:2: error: column 'id': expected an integer, got \"x\"" \
    "a malformed row names its line"
write notjson.jsonl '{"id":1,'
run prices.sql --schema orders.ddl --verify notjson.jsonl
expect_rc 1 "a truncated row"
expect_contains "$ERR" "notjson.jsonl:1: error:" "a truncated row names its line"

run prices.sql --schema orders.ddl --verify missing.jsonl
expect_rc 2 "a missing rows file"
expect_contains "$ERR" "cannot read 'missing.jsonl'" "the missing file is named"
run prices.sql --schema orders.ddl --verify rows.jsonl --verify rows.jsonl
expect_rc 2 "two rows files without TABLE="
expect_contains "$ERR" "--verify without TABLE= given twice" "ambiguous --verify"

# --- TABLE=: several tables in one catalog -------------------------------------------------------
write catalog.json '{"tables": {
  "orders": {"schema": "id BIGINT, customer STRUCT<id: BIGINT, city: STRING>, p INT",
             "partition_columns": ["p"]},
  "people": "id INT, name STRUCT<first: STRING, last: STRING>"}}'
write orders-p.jsonl '{"id":1,"customer":{"id":7,"city":"Oslo"},"p":1}
{"id":2,"customer":null,"p":2}
{"id":3,"customer":{"id":8,"city":"Rome"},"p":0}
'
write people.jsonl '{"id":1,"name":{"first":"Ann","last":"Lee"}}
{"id":2,"name":null}
'
write two.sql 'SELECT customer.city, p FROM orders WHERE p > 0; SELECT name.last FROM people'
run two.sql --schema catalog.json --verify orders=orders-p.jsonl --verify PEOPLE=people.jsonl
expect_rc 0 "one rows file per table"
expect_contains "$OUT" "verify: 3 rows checked, results identical (2 result rows)" \
    "orders verified, partition column kept"
expect_contains "$OUT" "verify: 2 rows checked, results identical" "people verified"
run two.sql --schema catalog.json --verify people=people.jsonl
expect_rc 0 "rows for one table only"
expect_contains "$ERR" "warning: statement 1 is not verified: no --verify rows for table 'orders'" \
    "a statement without rows is named"
run two.sql --schema catalog.json --verify orders=rows.jsonl --verify people=people.jsonl \
    --verify orders=rows.jsonl
expect_rc 2 "a table named twice"

# A bare ROWS with a catalog of several tables would be read as each table's rows in turn.
run two.sql --schema catalog.json --verify people.jsonl
expect_rc 2 "a bare ROWS with a catalog of several tables"
expect_contains "$ERR" "prune-plan: --verify needs TABLE=ROWS with a catalog of several tables (tables: orders, people)" \
    "a bare ROWS with several tables: the message"
expect_empty "$OUT" "a bare ROWS with several tables: nothing on stdout"
# A TABLE= the catalog does not have: said once, before any statement, with a did-you-mean.
run two.sql --schema catalog.json --verify nosuch=people.jsonl
expect_rc 2 "a TABLE= naming no table"
expect_contains "$ERR" "--verify nosuch=people.jsonl: table 'nosuch' is not in the catalog (tables: orders, people)" \
    "a TABLE= naming no table: the message lists the tables"
expect_eq "$(grep -c "nosuch" "$ERR")" 1 "a TABLE= naming no table: said once"
expect_empty "$OUT" "a TABLE= naming no table: nothing on stdout"
run two.sql --schema catalog.json --verify peple=people.jsonl --verify orders=orders-p.jsonl
expect_rc 2 "a misspelt TABLE="
expect_contains "$ERR" "table 'peple' is not in the catalog; did you mean 'people'?" \
    "a misspelt TABLE=: did you mean"
run two.sql --schema catalog.json --verify orders=
expect_rc 2 "TABLE= without ROWS"
expect_contains "$ERR" "--verify orders=: no ROWS file after '='" "TABLE= without ROWS: the message"
run two.sql --schema catalog.json --verify orders=missing.jsonl --verify people=people.jsonl
expect_rc 2 "a missing rows file for a named table"
expect_eq "$(grep -c "cannot read 'missing.jsonl'" "$ERR")" 1 "a missing rows file: said once"
run two.sql --schema catalog.json --verify orders=. --verify people=people.jsonl
expect_rc 2 "a directory as rows file"
expect_contains "$ERR" "cannot read '.': Is a directory" "a directory as rows file"
# A single-table catalog keeps the bare form; a bare path holding '=' that is a file is a path.
cp rows.jsonl 'day=1.jsonl'
run prices.sql --schema orders.ddl --verify 'day=1.jsonl'
expect_rc 0 "a bare ROWS path holding '='"
expect_contains "$OUT" "verify: 3 rows checked, results identical" "a bare ROWS path holding '=' is read"
write one.json '{"tables": {"orders": "id BIGINT, customer STRUCT<id: BIGINT, city: STRING>, items ARRAY<STRUCT<sku: STRING, qty: INT, price: DOUBLE>>"}}'
run prices.sql --schema one.json --verify rows.jsonl
expect_rc 0 "a bare ROWS with a catalog of one table"
expect_contains "$OUT" "verify: 3 rows checked, results identical" "a catalog of one table: verified"
# Three statements and a missing bare rows file: one message, not one per statement.
write three.sql 'SELECT id FROM orders; SELECT id FROM orders; SELECT id FROM orders'
run three.sql --schema orders.ddl --verify missing.jsonl
expect_rc 2 "a missing rows file, three statements"
expect_eq "$(grep -c "cannot read" "$ERR")" 1 "a missing rows file, three statements: said once"
expect_empty "$OUT" "a missing rows file: nothing on stdout"

finish
