#!/usr/bin/env bash
# Spark's read schemas through operators: every runnable case of tests/data/operator_cases.jsonl
# (a query, Spark's default configuration) runs with `--rules spark` over a catalog of its
# tables, and the read schemas of its scans, in plan order, must equal Spark's, whitespace
# removed. The file's README is docs/ARCHITECTURE.md "Operator cases".
#
# A case prune-plan does not match yet is listed in PENDING below with its reason; a pending
# case that starts to pass fails the test too, so the list can only shrink honestly.
source "$(dirname "$0")/lib.sh" "$@"
have_jq || finish

CASES="$CLI_TEST_DIR/../data/operator_cases.jsonl"

declare -A PENDING=(
)

ran=0
while IFS= read -r case_json; do
    id=$(jq -r .id <<<"$case_json")
    jq '{tables: (.schemas | with_entries(.value |= {schema: .}))}' <<<"$case_json" >"$WORK/catalog.json"
    args=(--rules spark -f json --schema "$WORK/catalog.json")
    partitions=$(jq -r '[.partition_columns // {} | .[][]] | unique | join(",")' <<<"$case_json")
    [ -n "$partitions" ] && args+=(--partition-columns "$partitions")
    [ "$(jq -r .case_sensitive <<<"$case_json")" = true ] && args+=(--case-sensitive)
    jq -r .query <<<"$case_json" >"$WORK/query.sql"
    run "${args[@]}" "$WORK/query.sql"
    # The scans of the tables the case names (`contacts`, `contacts AS t1`, `contacts (branch
    # 1)`), in plan order: a case may record only some tables (op-039 names the outer scan,
    # not its subqueries'); each case compares every scan of every table it names.
    keys=$(jq -c '.expected_read_schemas | keys' <<<"$case_json")
    got=$(jq -c --argjson keys "$keys" '[.scans[]? | select(.table as $t
        | any($keys[]; . == $t or startswith($t + " ")))
        | .read_schema]' "$OUT" 2>/dev/null)
    expected=$(jq -c '[.scan_order[] as $s | .expected_read_schemas[$s] | gsub("\\s"; "")]' \
        <<<"$case_json")
    ran=$((ran + 1))
    LAST_CMD="$id: prune-plan ${args[*]} <<< $(jq -r .query <<<"$case_json" | tr '\n' ' ')"
    if [ -n "${PENDING[$id]+x}" ]; then
        [ "$got" != "$expected" ]
        check $? "$id is listed as pending (${PENDING[$id]}) but now matches Spark: take it off the list"
    else
        expect_eq "$got" "$expected" "$id: read schemas in scan order"
    fi
done < <(jq -c 'select(.query != null and .config == {})' "$CASES")

about "the runnable cases"
expect_eq "$ran" "46" "every runnable case of operator_cases.jsonl ran"
finish
