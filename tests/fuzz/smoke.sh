#!/usr/bin/env bash
# The CTest smoke run of one libFuzzer harness: it replays the seed corpus (built by
# make_corpus.sh) and every committed regression input once (`-runs=0`: no mutation), so a
# fixed finding that comes back fails the test suite.
# Usage: smoke.sh HARNESS_BINARY HARNESS_NAME CORPUS_ROOT
set -euo pipefail
binary=$1
name=$2
corpus_root=$3
here=$(cd "$(dirname "$0")" && pwd)
dirs=("$corpus_root/$name")
if [ -d "$here/regressions/$name" ]; then
    dirs+=("$here/regressions/$name")
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
# -max_len well above every input so nothing is truncated; a generous timeout for Debug builds.
exec "$binary" -runs=0 -max_len=1000000 -timeout=60 -rss_limit_mb=4096 "${dirs[@]}"
