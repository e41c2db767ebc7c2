#!/bin/bash
# big_bench.sh N [REVERSE [PEER]] — print a synthetic bench file of N ok runs (200
# fake problems × 10 solvers × tolerances), for measuring the time and memory of
# the readers on big files (docs/limits.md); with REVERSE=1 the runs come in
# reverse order (check then matches every run far from its place); with PEER=1
# solver s0 is named ida, so that report computes its peer table over 200 cells.
n=${1:-20000}
rev=${2:-0}
peer=${3:-0}
awk -v n="$n" -v rev="$rev" -v peer="$peer" 'BEGIN {
    printf "{\"schema\": \"daebench.bench/1\", \"suite\": \"full\", \"runs\": [\n"
    for (k = 0; k < n; k++) {
        i = rev ? n - 1 - k : k
        e = 1 + int(i / 2000) % 13
        tol = sprintf("1e-%02d", e)
        printf "%s{\"problem\": \"p%03d\", \"scenario\": \"default\", \"params\": {}, ", k ? ",\n" : "", i % 200
        s = int(i / 200) % 10
        printf "\"formulation\": \"GGL\", \"solver\": \"%s\", \"rtol\": %s, \"atol\": %s, ", (peer && s == 0) ? "ida" : "s" s, tol, tol
        printf "\"status\": \"ok\", \"message\": \"\", \"cpu_seconds\": %g, \"repeats\": 1, ", 0.001 * (1 + s) * e
        printf "\"counters\": {\"steps\": 100, \"rejected\": 1, \"f_evals\": 900, \"jac_evals\": 1, "
        printf "\"decompositions\": 20, \"solves\": 30}, \"error\": {\"scd\": %d, \"mescd\": %d, ", e, e
        printf "\"end\": {\"p\": 1e-5, \"v\": 1e-5, \"lambda\": 1e-5, \"mu\": null}}}"
    }
    printf "\n]}\n"
}'
