#!/usr/bin/env bash
# `make bench` (issue 10): configure and build the performance suite, time every pass over
# doubling sizes (prune_bench, Google Benchmark) and the whole process (scale.sh), and print
# Markdown tables: time per size, ratio per doubling, whole process / bare input reading, peak
# memory / input size. Not a test: nothing fails on a ratio; read the tables (tests/perf/README.md).
#
#     bash tests/perf/run.sh                  full run (up to 1 M leaves and ~10 MB of SQL;
#                                             10 to 15 minutes on 2 cores)
#     BENCH_QUICK=1 bash tests/perf/run.sh    up to 128 K leaves and ~600 KB of SQL (~2 minutes)
#     BENCH_CALLGRIND=1 ...                   whole-process columns in instruction counts
#                                             (valgrind; stable on a busy machine, much slower:
#                                             sizes stop at 256 K leaves and ~600 KB of SQL)
#     BENCH_BUILD=dir ...                     build directory (default build-perf)
#     BENCH_OUT=dir ...                       also keep bench.json and the tables there
#     SCALE_BEFORE=old/prune-plan ...         adds an older binary's time on the same inputs
#
# Needs cmake, g++, jq and libbenchmark-dev; installs the last two (and valgrind for
# BENCH_CALLGRIND) with apt-get when they are missing and it runs as root.

set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=${BENCH_BUILD:-$root/build-perf}
quick=${BENCH_QUICK:-}
jobs=$(nproc 2>/dev/null || echo 2)

need=(libbenchmark-dev jq)
[[ -n ${BENCH_CALLGRIND:-} ]] && need+=(valgrind)
missing=()
for package in "${need[@]}"; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if ((${#missing[@]} > 0)); then
    if [[ $(id -u) -ne 0 ]]; then
        echo "run.sh: missing ${missing[*]} (apt-get install them)" >&2
        exit 2
    fi
    echo "installing: ${missing[*]}" >&2
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
fi

cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPRUNE_BENCH=ON >/dev/null
cmake --build "$build" -j "$jobs" --target prune-plan prune_bench gen_inputs read_inputs measure \
    >/dev/null

if [[ -n $quick ]]; then
    export PRUNE_BENCH_MAX_REF=${PRUNE_BENCH_MAX_REF:-3200}
    export PRUNE_BENCH_MAX_ITEMS=${PRUNE_BENCH_MAX_ITEMS:-23040}
    export SCALE_MAX_REF=${SCALE_MAX_REF:-3200}
    export SCALE_MAX_ITEMS=${SCALE_MAX_ITEMS:-23040}
    export PRUNE_BENCH_MAX_JOIN=${PRUNE_BENCH_MAX_JOIN:-100}
    export PRUNE_BENCH_MAX_NEST=${PRUNE_BENCH_MAX_NEST:-100}
    export SCALE_MAX_JOIN=${SCALE_MAX_JOIN:-100}
    export SCALE_MAX_NEST=${SCALE_MAX_NEST:-100}
    min_time=0.1
else
    min_time=0.3
fi

out=${BENCH_OUT:-$(mktemp -d)}
mkdir -p "$out"
[[ -n ${BENCH_OUT:-} ]] || trap 'rm -rf "$out"' EXIT

echo "# prune-plan benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) CPUs," \
    "$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo 2>/dev/null || echo unknown CPU)"
echo
echo "## Per pass (prune_bench: process CPU ms per run; (x) = ratio to the size before)"

"$build/tests/perf/prune_bench" --benchmark_min_time="$min_time" \
    --benchmark_out="$out/bench.json" --benchmark_out_format=json >"$out/bench.txt" 2>&1 ||
    { cat "$out/bench.txt" >&2; exit 1; }

# One table per series: a row per size, a column per pass, then the largest ratio per doubling.
for series in reference mixed join nest parquet; do
    jq -r --arg series "$series" '
        def ms: if .time_unit == "ns" then .cpu_time / 1e6 elif .time_unit == "us"
                then .cpu_time / 1e3 elif .time_unit == "s" then .cpu_time * 1e3
                else .cpu_time end;
        [.benchmarks[] | select(.run_type == "iteration")
            | (.run_name | split("/")) as $p | select($p[1] == $series)
            | {pass: ($p[0] | ltrimstr("BM_")), size: ($p[2] | tonumber), ms: ms,
               kb: ((.schema_bytes + .sql_bytes) / 1024)}] as $rows
        | ($rows | reduce .[] as $r ([]; if index([$r.pass]) then . else . + [$r.pass] end))
            as $passes
        | ($rows | map(.size) | unique) as $sizes
        | "\n### \($series)\n",
          "| size | input KB | " + ($passes | join(" | ")) + " |",
          "| ---: | ---: |" + ($passes | map(" ---: |") | join("")),
          ($sizes | to_entries[] | .key as $i | .value as $size
            | "| \($size) | \($rows | map(select(.size == $size))[0].kb | floor) | "
              + ($passes | map(. as $pass
                  | ($rows | map(select(.pass == $pass and .size == $size))[0].ms) as $now
                  | (if $i == 0 then null else
                       ($rows | map(select(.pass == $pass and .size == $sizes[$i - 1]))[0].ms)
                     end) as $prev
                  | (($now * 100 | round) / 100 | tostring)
                    + (if $prev == null or $prev == 0 then ""
                       else " (\((($now / $prev) * 100 | round) / 100))" end))
                | join(" | ")) + " |"),
          "| largest x per doubling | | " + ($passes | map(. as $pass
              | [$sizes | to_entries[] | select(.key > 0) | .key as $i
                 | ($rows | map(select(.pass == $pass and .size == $sizes[$i]))[0].ms)
                   / ($rows | map(select(.pass == $pass and .size == $sizes[$i - 1]))[0].ms)]
              | max | (. * 100 | round) / 100 | tostring) | join(" | ")) + " |",
          "| mean x per doubling, first to last | | " + ($passes | map(. as $pass
              | ($rows | map(select(.pass == $pass and .size == $sizes[0]))[0].ms) as $first
              | ($rows | map(select(.pass == $pass and .size == $sizes[-1]))[0].ms) as $last
              | (($last / $first) | log) / ((($sizes[-1] / $sizes[0]) | log) / (2 | log))
              | exp | (. * 100 | round) / 100 | tostring) | join(" | ")) + " |"
    ' "$out/bench.json"
done
echo

scale_args=()
if [[ -n ${BENCH_CALLGRIND:-} ]]; then
    # valgrind runs some 50 times slower: stop at 256 K leaves and ~600 KB of SQL unless told
    export SCALE_MAX_REF=${SCALE_MAX_REF:-6400}
    export SCALE_MAX_ITEMS=${SCALE_MAX_ITEMS:-23040}
    scale_args+=(--callgrind)
fi
bash "$root/tests/perf/scale.sh" "$build" "${scale_args[@]}" | tee "$out/scale.md"
