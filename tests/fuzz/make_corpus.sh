#!/usr/bin/env bash
# Builds the seed corpora of the libFuzzer harnesses from the test suite:
#   OUT/sql_parser, OUT/pipeline   every query of tests/data/spark_cases.jsonl (and of
#                                  ../shared/cases/spark_cases.jsonl when present), every
#                                  tests/golden/*/query.sql and examples/*/query.sql, the
#                                  hand-written seeds/sql/*, and nesting right at the limit
#   OUT/ddl                        every golden and example schema.ddl, every spark_cases schema,
#                                  seeds/ddl/*, and types nested right at the limit
#   OUT/schema_loader              the DDL seeds plus every schema.json and seeds/schema/*
#   OUT/parquet_footer             every Parquet file of tests/data/parquet and examples/, and
#                                  each one's footer alone (the harness frames it as a file)
# Files are named by content hash (as libFuzzer names its own), so reruns add nothing twice.
# Usage: make_corpus.sh OUT_DIR
set -euo pipefail
out=${1:?usage: make_corpus.sh OUT_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$out"/{sql_parser,pipeline,ddl,schema_loader,parquet_footer}

# add DIR... < content: stores stdin once per directory under its hash.
add() {
    local tmp name dir
    tmp=$(mktemp)
    cat >"$tmp"
    name=$(sha1sum "$tmp" | cut -c1-40)
    for dir in "$@"; do
        cp "$tmp" "$out/$dir/$name"
    done
    rm -f "$tmp"
}

# repeat N TEXT: TEXT N times, no newline.
repeat() {
    local i
    for ((i = 0; i < $1; i++)); do printf '%s' "$2"; done
}

# The Spark cases: the test suite's copy, and the shared one next to the repository when present
# (the same cases today; a newer shared copy adds its new ones).
case_files=("$root/tests/data/spark_cases.jsonl")
shared="$root/../shared/cases/spark_cases.jsonl"
if [ -f "$shared" ] && ! cmp -s "$shared" "${case_files[0]}"; then
    case_files+=("$shared")
fi
for cases in "${case_files[@]}"; do
    if command -v jq >/dev/null 2>&1; then
        # One jq for the whole file: query and schema of each case, each ended by a NUL.
        while IFS= read -r -d '' query && IFS= read -r -d '' schema; do
            printf '%s' "$query" | add sql_parser pipeline
            printf '%s' "$schema" | add ddl schema_loader
        done < <(jq -j '.query, "\u0000", .schema, "\u0000"' "$cases")
    else
        # No jq (CI installs it with `make deps`): python3 reads the cases instead.
        python3 - "$cases" "$out" <<'PY'
import hashlib, json, os, sys
cases, out = sys.argv[1], sys.argv[2]
def add(text, *dirs):
    data = text.encode()
    name = hashlib.sha1(data).hexdigest()
    for d in dirs:
        with open(os.path.join(out, d, name), "wb") as f:
            f.write(data)
for line in open(cases, encoding="utf-8"):
    case = json.loads(line)
    add(case["query"], "sql_parser", "pipeline")
    add(case["schema"], "ddl", "schema_loader")
PY
    fi
done

for f in "$root"/tests/golden/*/query.sql "$root"/examples/*/query.sql "$here"/seeds/sql/*; do
    [ -f "$f" ] && add sql_parser pipeline <"$f"
done
for f in "$root"/tests/golden/*/schema.ddl "$root"/examples/*/schema.ddl "$here"/seeds/ddl/*; do
    [ -f "$f" ] && add ddl schema_loader <"$f"
done
for f in "$root"/tests/golden/*/schema.json "$root"/examples/*/schema.json "$here"/seeds/schema/*; do
    [ -f "$f" ] && add schema_loader <"$f"
done

# Parquet files whole, and their footers: the 4 bytes before the final magic are the footer's
# length (little-endian, as od reads it on the x86 and ARM machines this runs on).
while IFS= read -r -d '' f; do
    add parquet_footer <"$f"
    length=$(tail -c 8 "$f" | head -c 4 | od -An -tu4 | tr -d ' ')
    tail -c $((length + 8)) "$f" | head -c "$length" | add parquet_footer
done < <(find "$root/tests/data/parquet" "$root/examples" -name '*.parquet' -print0)

# Nesting at the limit (1000 levels accepted) and one past it (rejected with a diagnostic).
for n in 1000 1001; do
    { printf 'SELECT '; repeat $n '('; printf 'id'; repeat $n ')'; printf ' FROM events'; } |
        add sql_parser pipeline
    { printf 'SELECT '; repeat $n '-'; printf 'id FROM events'; } | add sql_parser pipeline
    { printf 'SELECT '; repeat $n 'NOT '; printf 'true FROM events'; } | add sql_parser pipeline
    { printf 'SELECT '; repeat $n 'transform(rule_results, r -> '; printf 'r';
      repeat $n ')'; printf ' FROM events'; } | add sql_parser pipeline
    { printf 'a '; repeat $n 'ARRAY<'; printf 'INT'; repeat $n '>'; } | add ddl schema_loader
    { printf 'a '; repeat $n 'STRUCT<b: '; printf 'INT'; repeat $n '>'; } | add ddl schema_loader
    { printf '{"type":"struct","fields":[{"name":"a","type":'
      repeat $n '{"type":"array","elementType":'; printf '"integer"'
      repeat $n ',"containsNull":true}'; printf ',"nullable":true,"metadata":{}}]}'; } |
        add schema_loader
done
{ printf 'SELECT rule_results'; repeat 999 '[0]'; printf ' FROM events'; } | add sql_parser pipeline
{ printf 'SELECT id'; repeat 999 ' + id'; printf ' FROM events'; } | add sql_parser pipeline
