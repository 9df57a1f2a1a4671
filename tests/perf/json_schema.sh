#!/usr/bin/env bash
# Writes a large Spark JSON schema (what `df.schema.json()` prints) to standard output: the
# reference workload's shape, N struct columns s<i> of 20 INT fields and N array<struct>
# columns a<i> of the same, each field with Spark's `nullable` and `metadata` keys. It measures
# the memory of reading a JSON schema (README, "Reading a JSON schema"):
#
#     bash tests/perf/json_schema.sh 25600 > /tmp/schema.json        # 66 MB, 1 M leaves
#     echo 'SELECT s0.f0 FROM t' > /tmp/q.sql
#     /usr/bin/time -v build/prune-plan /tmp/q.sql --schema /tmp/schema.json   # Maximum resident
#
# The same N always gives the same bytes.
set -eu
n=${1:?usage: json_schema.sh N}
awk -v n="$n" 'BEGIN {
    leaf = "\"type\":\"integer\",\"nullable\":true,\"metadata\":{}}"
    fields = ""
    for (f = 0; f < 20; f++) {
        fields = fields (f ? "," : "") "{\"name\":\"f" f "\"," leaf
    }
    element = "{\"type\":\"struct\",\"fields\":[" fields "]}"
    printf "{\"type\":\"struct\",\"fields\":["
    for (i = 0; i < n; i++) {
        printf "%s{\"name\":\"s%d\",\"type\":%s,\"nullable\":true,\"metadata\":{}}", (i ? "," : ""), i, element
    }
    for (i = 0; i < n; i++) {
        printf ",{\"name\":\"a%d\",\"type\":{\"type\":\"array\",\"elementType\":%s,\"containsNull\":true},\"nullable\":true,\"metadata\":{}}", i, element
    }
    printf "]}\n"
}'
