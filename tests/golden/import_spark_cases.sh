#!/usr/bin/env bash
# Turns every case of tests/data/spark_cases.jsonl into a golden folder tests/golden/spark-<id>/
# (query.sql, schema.ddl, args with --rules spark and the case's options). The expected text is
# then produced with PRUNE_UPDATE_GOLDEN=1 and reviewed by hand; the read schema of each case is
# independently checked against Spark's expectation by tests/unit/spark_cases_test.cpp.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cases="$here/../data/spark_cases.jsonl"
while IFS= read -r line; do
    id=$(jq -r .id <<<"$line")
    dir="$here/spark-${id#spark-}"
    mkdir -p "$dir"
    jq -r .query <<<"$line" >"$dir/query.sql"
    jq -r .schema <<<"$line" >"$dir/schema.ddl"
    args="--rules spark"
    if [ "$(jq -r .case_sensitive <<<"$line")" = true ]; then args="$args --case-sensitive"; fi
    parts=$(jq -r '(.partition_columns // []) | join(",")' <<<"$line")
    if [ -n "$parts" ]; then args="$args --partition-columns $parts"; fi
    echo "$args" >"$dir/args"
    [ -f "$dir/expected.txt" ] || : >"$dir/expected.txt"
done <"$cases"
