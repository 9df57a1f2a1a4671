#!/usr/bin/env bash
# Whole-process scaling of prune-plan (issue 10): for doubling input sizes, the CPU time and
# peak memory of one run, the ratio per doubling, the ratio to the bare cost of reading the
# inputs (read_inputs: schema load + SQL parse, same sizes, same run), peak memory / input, and
# the peak above the bare process (prune-plan on a one-column table, same run) / input.
#
#     tests/perf/scale.sh BUILD_DIR                 CPU time, best of SCALE_REPEAT runs (3)
#     tests/perf/scale.sh BUILD_DIR --callgrind     instruction counts instead (stable; slow)
#     SCALE_MAX_REF=3200 SCALE_MAX_ITEMS=23040 tests/perf/scale.sh BUILD_DIR     smaller runs
#     SCALE_BEFORE=/old/build/prune-plan tests/perf/scale.sh BUILD_DIR   adds the old binary's
#                                                   time on the same inputs (before/after table)
#
# Four series, each doubling:
#   reference n   n struct + n array columns of 20 INT fields, 2n select items:
#                 n = 400 .. 25600 is 16 K .. 1 M leaves (n = 1600 is the reference workload)
#   sql k         one mixed schema (400 columns, 3 levels, 23,300 leaves, 290 KB) and k
#                 select items of every kind plus 64 WHERE predicates:
#                 k = 360 .. 368640 is ~12 KB .. ~10 MB of SQL
#   join n        an n-way join of n tables of 100 columns (a catalog JSON): n = 25 .. 400
#   nest d        d nested FROM-subqueries over one table of 40 structs: d = 25 .. 400
#   window w      w window expressions over struct fields, a Window each: w = 25 .. 400
# Needs BUILD_DIR/prune-plan and BUILD_DIR/tests/perf/{gen_inputs,read_inputs,measure}
# (cmake -DPRUNE_BENCH=ON). Prints Markdown tables. Not a test: nothing here fails on a ratio.

set -euo pipefail

build=${1:?usage: scale.sh BUILD_DIR [--callgrind]}
shift
mode=time
for arg in "$@"; do
    case $arg in
    --callgrind) mode=callgrind ;;
    *) echo "scale.sh: unknown option $arg" >&2; exit 2 ;;
    esac
done

prune=$build/prune-plan
gen=$build/tests/perf/gen_inputs
read_inputs=$build/tests/perf/read_inputs
measure=$build/tests/perf/measure
before=${SCALE_BEFORE:-}
repeat=${SCALE_REPEAT:-3}
for tool in "$prune" "$gen" "$read_inputs" "$measure" ${before:+"$before"}; do
    [[ -x $tool ]] || { echo "scale.sh: missing $tool (build with -DPRUNE_BENCH=ON)" >&2; exit 2; }
done
if [[ $mode == callgrind ]]; then
    command -v valgrind >/dev/null || { echo "scale.sh: --callgrind needs valgrind" >&2; exit 2; }
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# cost DIR CMD... -> "cost wall_s peak_kb": cost is the best CPU seconds of $repeat runs, or
# the instruction count under callgrind (one run; the wall time and peak come from a plain run)
cost() {
    local dir=$1
    shift
    local wall cpu peak
    read -r wall cpu peak < <("$measure" "$repeat" "$dir/out.txt" "$@")
    if [[ $mode == callgrind ]]; then
        cpu=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
            awk '/refs:/ {gsub(",", "", $NF); print $NF}')
    fi
    echo "$cpu $wall $peak"
}

# series NAME SIZES... : one table row per size
series() {
    local name=$1
    shift
    local unit="CPU s"
    [[ $mode == callgrind ]] && unit="Ir"
    echo
    echo "### $name"
    echo
    local head="| size | leaves | input KB | SQL KB | read inputs ($unit) | whole process ($unit) | wall s | x per doubling | whole / read | peak MB | peak / input | above bare / input |"
    local rule="| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    if [[ -n $before ]]; then
        head="$head before ($unit) | before / now |"
        rule="$rule ---: | ---: |"
    fi
    echo "$head"
    echo "$rule"
    local prev=""
    for size in "$@"; do
        local dir=$work/$name-$size
        mkdir -p "$dir"
        case $name in
        reference | join | nest | window) "$gen" "$name" "$size" "$dir" ;;
        *) "$gen" mixed --columns 400 --fields 20 --depth 3 --items "$size" --where 64 "$dir" ;;
        esac
        local schema=$dir/schema.ddl
        [[ -f $schema ]] || schema=$dir/schema.json
        local schema_bytes sql_bytes
        schema_bytes=$(wc -c <"$schema")
        sql_bytes=$(wc -c <"$dir/query.sql")
        local r_cost r_wall r_peak w_cost w_wall w_peak b_cost="" b_wall b_peak
        read -r r_cost r_wall r_peak < <(cost "$dir" "$read_inputs" "$dir/query.sql" "$schema")
        if [[ -n $before ]]; then
            read -r b_cost b_wall b_peak < <(cost "$dir" "$before" "$dir/query.sql" --schema "$schema")
        fi
        read -r w_cost w_wall w_peak < <(cost "$dir" "$prune" "$dir/query.sql" --schema "$schema")
        local leaves
        # Every scan's leaves (a join reads several tables), from each `reads R of N leaves`.
        leaves=$(awk '/reads [0-9]+ of [0-9]+ leaves/ {for (i = 1; i <= NF; i++) if ($i == "of") n += $(i + 1)} END {print n + 0}' "$dir/out.txt")
        awk -v size="$size" -v leaves="$leaves" -v sb="$schema_bytes" -v qb="$sql_bytes" \
            -v rc="$r_cost" -v wc="$w_cost" -v ww="$w_wall" -v wp="$w_peak" -v prev="$prev" \
            -v bc="$b_cost" -v mode="$mode" -v bare="$bare_peak" 'BEGIN {
                fmt = mode == "callgrind" ? "%.3g" : "%.3f"
                bytes = sb + qb
                ratio = (prev == "" || prev == 0) ? "" : sprintf("%.2f", wc / prev)
                printf "| %s | %s | %.0f | %.0f | " fmt " | " fmt " | %.3f | %s | %.2f | %.1f | %.1f | %.1f |",
                    size, leaves, bytes / 1024, qb / 1024, rc, wc, ww, ratio,
                    (rc > 0 ? wc / rc : 0), wp / 1024, wp * 1024 / bytes,
                    (wp - bare) * 1024 / bytes
                if (bc != "") printf " " fmt " | %.1f |", bc, (wc > 0 ? bc / wc : 0)
                printf "\n"
            }'
        prev=$w_cost
        rm -rf "$dir"
    done
}

max_ref=${SCALE_MAX_REF:-25600}
max_items=${SCALE_MAX_ITEMS:-368640}
ref_sizes=()
for ((n = 400; n <= max_ref; n *= 2)); do ref_sizes+=("$n"); done
item_sizes=()
for ((k = 360; k <= max_items; k *= 2)); do item_sizes+=("$k"); done
max_join=${SCALE_MAX_JOIN:-400}
max_nest=${SCALE_MAX_NEST:-400}
join_sizes=()
for ((n = 25; n <= max_join; n *= 2)); do join_sizes+=("$n"); done
nest_sizes=()
for ((d = 25; d <= max_nest; d *= 2)); do nest_sizes+=("$d"); done
max_window=${SCALE_MAX_WINDOW:-400}
window_sizes=()
for ((w = 25; w <= max_window; w *= 2)); do window_sizes+=("$w"); done

# The bare process: what any run costs before its input (the binary, its libraries, the heap).
printf 'SELECT a FROM t\n' >"$work/bare.sql"
printf 'a INT\n' >"$work/bare.ddl"
read -r _ _ bare_peak < <("$measure" 3 "$work/bare.txt" "$prune" "$work/bare.sql" --schema "$work/bare.ddl")

echo "## prune-plan whole process, $(date -u +%Y-%m-%d), $(nproc) CPUs, mode: $mode"
echo
echo "The bare process (one column, one select item) peaks at $(awk -v p="$bare_peak" 'BEGIN { printf "%.1f", p / 1024 }') MB."
series reference "${ref_sizes[@]}"
series sql "${item_sizes[@]}"
series join "${join_sizes[@]}"
series nest "${nest_sizes[@]}"
series window "${window_sizes[@]}"
