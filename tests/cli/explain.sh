#!/usr/bin/env bash
# --explain and --compare-rules (README.md "Why is this field read?"): on every golden case and
# example the tool accepts, under every rule profile, the promises of the provenance:
#   - every leaf of every read schema is in exactly one provenance entry (itself, or a
#     subtree read whole);
#   - every entry has at least one located use (file, line, column, clause);
#   - every subtree read whole has a reason, unless some use takes the value as it is
#     (kind "whole": the query returns it or passes it on);
#   - every reason and kind is one of the documented vocabulary (README's table);
# and --compare-rules names a rule for every difference between the profiles.
# Plus the options' contracts: output without --explain is unchanged, the usage errors.
source "$(dirname "$0")/lib.sh" "$@"
have_jq || finish

# The documented vocabularies, read from README.md's tables so that the docs and the code agree.
REASONS=$(sed -n '/^<!-- reasons -->/,/^<!-- \/reasons -->/p' "$SOURCE_DIR/README.md" |
    sed -n 's/^| `\([a-z_]*\)` |.*/\1/p' | sort -u | paste -sd, -)
CHECKS=$((CHECKS + 1))
if [ -z "$REASONS" ]; then
    echo "FAIL: README.md has no reasons table between <!-- reasons --> markers"
    FAILURES=$((FAILURES + 1))
fi

LEAVES='def leaves($p): if type == "object" then
    (if .type == "struct" then (.fields[] as $f | $f.type | leaves(if $p == "" then $f.name else $p + "." + $f.name end))
     elif .type == "array" then (if (.elementType | type) == "object" and (.elementType.type == "struct" or .elementType.type == "array" or .elementType.type == "map") then (.elementType | leaves($p + ".element")) else $p end)
     elif .type == "map" then ((.keyType | leaves($p + ".key")), (.valueType | leaves($p + ".value")))
     else $p end)
  else $p end;'

# Prints one line per broken promise in a --explain -f jsonl result.
CHECK_EXPLAIN=$LEAVES'
  ($reasons | split(",")) as $known
  | select(.scans) | .statement as $s | .scans[] | . as $scan
  | [.read_schema_json | leaves("")] as $leaves
  | ($leaves[] | . as $leaf
      | [$scan.provenance[] | select(.path as $e | $leaf == $e or ($leaf | startswith($e + ".")))] | length
      | select(. != 1) | "statement \($s) \($scan.table): leaf \($leaf) is in \(.) entries"),
    ($scan.provenance[]
      | (select([.uses[] | select(.line != null and .file != null and .clause != "")] | length == 0)
         | "statement \($s) \($scan.table): \(.path) has no located use"),
        (select(.whole and .reason == null and ([.uses[] | select(.kind == "whole")] | length == 0))
         | "statement \($s) \($scan.table): \(.path) is read whole with no reason"),
        (select(.reason != null and (.reason as $r | $known | index($r) | not))
         | "statement \($s) \($scan.table): \(.path): undocumented reason \(.reason)"),
        (.uses[] | select(.kind as $k | ["field", "null_test", "size", "whole"] | index($k) | not)
         | "statement \($s) \($scan.table): undocumented kind \(.kind)"))'
CHECK_COMPARE='select(.scans) | .statement as $s | .scans[] | .table as $t | .fields[]
  | .path as $p | .differences[] | select(.rule == null)
  | "statement \($s) \($t): \($p) differs (\(.read_by) reads it: \(.reason)) with no rule"'

cases=0
for dir in "$SOURCE_DIR"/tests/golden/*-* "$SOURCE_DIR"/examples/*; do
    [ -f "$dir/query.sql" ] || continue
    [ -f "$dir/expected.err" ] && continue
    schema=()
    if [ -f "$dir/schema.json" ]; then
        schema=(--schema "$dir/schema.json")
    elif [ -f "$dir/schema.ddl" ]; then
        schema=(--schema "$dir/schema.ddl")
    fi
    words=()
    if [ -f "$dir/args" ]; then
        read -r -a words <"$dir/args"
    fi
    # Keep what selects the schema and binds the query; drop what chooses a profile or output.
    extra=()
    i=0
    while [ $i -lt ${#words[@]} ]; do
        case ${words[$i]} in
        --rules | --verify | --schema-style | -f | --format) i=$((i + 1)) ;;
        --debug-no-rewrite | --explain | --compare-rules) ;;
        --schema)
            i=$((i + 1))
            extra+=(--schema "$dir/${words[$i]}")
            ;;
        *) extra+=("${words[$i]}") ;;
        esac
        i=$((i + 1))
    done
    [ ${#schema[@]} -gt 0 ] || [[ " ${extra[*]} " == *" --schema "* ]] || continue
    cases=$((cases + 1))
    for rules in legacy spark extended; do
        "$BIN" "$dir/query.sql" "${schema[@]}" "${extra[@]}" --rules "$rules" --explain -f jsonl \
            </dev/null >"$OUT" 2>"$ERR"
        RC=$?
        [ "$RC" -le 1 ] || {
            CHECKS=$((CHECKS + 1))
            FAILURES=$((FAILURES + 1))
            echo "FAIL: $(basename "$dir") --rules $rules --explain: exit $RC"
            cat "$ERR"
            continue
        }
        CHECKS=$((CHECKS + 1))
        broken=$(jq -r --arg reasons "$REASONS" "$CHECK_EXPLAIN" "$OUT")
        if [ -n "$broken" ]; then
            FAILURES=$((FAILURES + 1))
            echo "FAIL: $(basename "$dir") --rules $rules --explain:"
            sed 's/^/    /' <<<"$broken"
        fi
    done
    "$BIN" "$dir/query.sql" "${schema[@]}" "${extra[@]}" --compare-rules -f jsonl \
        </dev/null >"$OUT" 2>"$ERR"
    CHECKS=$((CHECKS + 1))
    broken=$(jq -r "$CHECK_COMPARE" "$OUT")
    if [ -n "$broken" ]; then
        FAILURES=$((FAILURES + 1))
        echo "FAIL: $(basename "$dir") --compare-rules:"
        sed 's/^/    /' <<<"$broken"
    fi
done
# The options' contracts.
write q.sql "SELECT name.first, to_json(name) FROM t WHERE tags IS NOT NULL"
run q.sql --ddl "$PEOPLE_DDL" --explain --color always
expect_rc 0 "--explain --color always"
expect_contains "$OUT" $'\033[33mserialised' "--explain --color always: the reason in colour"
run q.sql --ddl "$PEOPLE_DDL" --explain
expect_rc 0 "--explain"
expect_no_escape "$OUT" "--explain off a terminal"
expect_contains "$OUT" "|-- name: struct<first:string,last:string>  ← 1:8 select item 1; 1:28 select item 2 (whole); reason: serialised" "--explain: a whole read with its uses and reason"
expect_contains "$OUT" "|-- tags: array<string>                     ← 1:47 WHERE (null test)" "--explain: the uses are aligned"
run q.sql --ddl "$PEOPLE_DDL" -f json
expect_not_contains "$OUT" "provenance" "no provenance without --explain"
for other in "--rules spark" "--explain" "--verify rows.jsonl" "--debug-no-rewrite" "--emit ast"; do
    write rows.jsonl '{"id": 1}'
    # shellcheck disable=SC2086 # the option and its value are two words
    run q.sql --ddl "$PEOPLE_DDL" --compare-rules $other
    expect_rc 2 "--compare-rules with $other"
    expect_empty "$OUT" "--compare-rules with $other writes no result"
done
run q.sql --ddl "$PEOPLE_DDL" --explain --emit bound
expect_rc 2 "--explain with --emit"
run q.sql --ddl "$PEOPLE_DDL" --compare-rules
expect_rc 0 "--compare-rules"
expect_contains "$OUT" "rules compared" "--compare-rules: its header"
write bad.sql "SELECT nosuch FROM t"
run bad.sql --ddl "$PEOPLE_DDL" --compare-rules -f jsonl
expect_rc 1 "--compare-rules: a rejected statement exits 1"
expect_contains "$OUT" '"error"' "--compare-rules: a rejected statement's error object"

CHECKS=$((CHECKS + 1))
if [ "$cases" -lt 300 ]; then
    echo "FAIL: only $cases golden cases and examples checked"
    FAILURES=$((FAILURES + 1))
fi

finish
