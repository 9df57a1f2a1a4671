#!/usr/bin/env bash
# Builds the libFuzzer harnesses (clang, AddressSanitizer + UndefinedBehaviorSanitizer) and runs
# each for $FUZZ_SECONDS with its seed corpus (make_corpus.sh), the committed regression inputs
# and the dictionary sql.dict. New coverage accumulates in BUILD/tests/fuzz/work/<harness>;
# findings land in BUILD/tests/fuzz/artifacts/<harness>/ (crash-*, timeout-*, oom-*).
#
# Usage: tests/fuzz/run.sh [HARNESS...]     (default: sql_parser ddl schema_loader pipeline
#                                           parquet_footer)
# Environment:
#   FUZZ_SECONDS   seconds per harness (default 60)
#   FUZZ_PARALLEL  harnesses run at once (default 1; the machine has 2 cores)
#   FUZZ_BUILD     build directory (default build-fuzz in the repository)
#   FUZZ_BUILD_TYPE  CMake build type (default RelWithDebInfo: optimised, so several times the
#                  executions of a Debug build, with line numbers in every report)
# Exit status: 0 when no harness found anything, 1 otherwise.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${FUZZ_BUILD:-$root/build-fuzz}
seconds=${FUZZ_SECONDS:-60}
parallel=${FUZZ_PARALLEL:-1}
harnesses=("$@")
if [ ${#harnesses[@]} -eq 0 ]; then
    harnesses=(sql_parser ddl schema_loader pipeline parquet_footer)
fi

cmake -S "$root" -B "$build" -DCMAKE_CXX_COMPILER=clang++ \
    -DCMAKE_BUILD_TYPE="${FUZZ_BUILD_TYPE:-RelWithDebInfo}" -DPRUNE_FUZZ=ON -DPRUNE_SANITIZE=ON \
    >/dev/null
cmake --build "$build" --target fuzz_harnesses -j "$(nproc 2>/dev/null || echo 2)"

fuzz_dir=$build/tests/fuzz
bash "$here/make_corpus.sh" "$fuzz_dir/corpus"

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}

run_one() {
    local name=$1
    local work=$fuzz_dir/work/$name artifacts=$fuzz_dir/artifacts/$name
    mkdir -p "$work" "$artifacts" "$here/regressions/$name"
    # The first directory receives new inputs; seeds and regressions stay untouched.
    nice -n 10 "$fuzz_dir/fuzz_$name" -max_total_time="$seconds" -dict="$here/sql.dict" \
        -max_len=8192 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$artifacts/" "$work" "$fuzz_dir/corpus/$name" \
        "$here/regressions/$name" >"$fuzz_dir/$name.log" 2>&1
}

status=0
pids=()
names=()
for name in "${harnesses[@]}"; do
    echo "fuzzing $name for ${seconds}s (log: $fuzz_dir/$name.log)"
    run_one "$name" &
    pids+=($!)
    names+=("$name")
    if [ ${#pids[@]} -ge "$parallel" ]; then
        wait "${pids[0]}" || { echo "FINDING in ${names[0]}: see $fuzz_dir/${names[0]}.log"; status=1; }
        pids=("${pids[@]:1}")
        names=("${names[@]:1}")
    fi
done
for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || { echo "FINDING in ${names[$i]}: see $fuzz_dir/${names[$i]}.log"; status=1; }
done

for name in "${harnesses[@]}"; do
    runs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$fuzz_dir/$name.log" | tail -1 || true)
    echo "$name: ${runs:-no stats}"
done
exit $status
