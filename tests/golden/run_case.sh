#!/usr/bin/env bash
# Runs one golden case: tests/golden/<group>-<slug>/ with query.sql, schema.json or schema.ddl,
# optional `args` (extra options, shell words), and the expected results:
#   expected.txt   text output (default format)
#   expected.json  `--format json` output
#   expected.err   standard error of a rejected query; `expected.exit` holds its exit status
#                  (1 when absent)
# With PRUNE_UPDATE_GOLDEN=1 the expected files are rewritten instead (review with git diff).
set -u
binary=$1
case_dir=$2
cd "$case_dir" || exit 2

schema_args=()
if [ -f schema.json ]; then
    schema_args=(--schema schema.json)
elif [ -f schema.ddl ]; then
    schema_args=(--schema schema.ddl)
fi
extra=()
if [ -f args ]; then
    # shellcheck disable=SC2207
    read -r -a extra < args
fi

status=0
check() { # check <expected-file> <actual-file>
    if [ "${PRUNE_UPDATE_GOLDEN:-0}" = 1 ]; then
        cp "$2" "$1"
    elif ! diff -u "$1" "$2"; then
        echo "golden mismatch in $case_dir/$1" >&2
        status=1
    fi
}

if [ ! -f expected.err ] && [ ! -f expected.txt ] && [ ! -f expected.json ]; then
    echo "$case_dir: no expected.txt, expected.json or expected.err: the case checks nothing" >&2
    exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -f expected.err ]; then
    "$binary" query.sql "${schema_args[@]}" "${extra[@]}" >"$tmp/out" 2>"$tmp/err"
    code=$?
    want=1
    [ -f expected.exit ] && want=$(cat expected.exit)
    if [ "$code" != "$want" ]; then
        echo "expected exit status $want, got $code" >&2
        cat "$tmp/err" >&2
        status=1
    fi
    check expected.err "$tmp/err"
fi
if [ -f expected.txt ]; then
    "$binary" query.sql "${schema_args[@]}" "${extra[@]}" --color never >"$tmp/txt" 2>"$tmp/err"
    code=$?
    if [ "$code" != 0 ]; then
        echo "exit status $code" >&2
        cat "$tmp/err" >&2
        status=1
    fi
    check expected.txt "$tmp/txt"
fi
if [ -f expected.json ]; then
    "$binary" query.sql "${schema_args[@]}" "${extra[@]}" --format json >"$tmp/json" 2>"$tmp/err"
    code=$?
    if [ "$code" != 0 ]; then
        echo "exit status $code" >&2
        cat "$tmp/err" >&2
        status=1
    fi
    check expected.json "$tmp/json"
fi
exit $status
