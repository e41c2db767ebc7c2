#!/bin/bash
# big_bench.sh N [REVERSE] — print a synthetic bench file of N ok runs (200 fake
# problems × 10 solvers × tolerances), for measuring the time and memory of the
# readers on big files (docs/limits.md); with REVERSE=1 the runs come in reverse
# order (check then matches every run far from its place).
n=${1:-20000}
rev=${2:-0}
awk -v n="$n" -v rev="$rev" 'BEGIN {
    printf "{\"schema\": \"daebench.bench/1\", \"suite\": \"full\", \"runs\": [\n"
    for (k = 0; k < n; k++) {
        i = rev ? n - 1 - k : k
        tol = sprintf("1e-%02d", 1 + int(i / 2000) % 13)
        printf "%s{\"problem\": \"p%03d\", \"scenario\": \"default\", \"params\": {}, ", k ? ",\n" : "", i % 200
        printf "\"formulation\": \"GGL\", \"solver\": \"s%d\", \"rtol\": %s, \"atol\": %s, ", int(i / 200) % 10, tol, tol
        printf "\"status\": \"ok\", \"message\": \"\", \"cpu_seconds\": 0.01, \"repeats\": 1, "
        printf "\"counters\": {\"steps\": 100, \"rejected\": 1, \"f_evals\": 900, \"jac_evals\": 1, "
        printf "\"decompositions\": 20, \"solves\": 30}, \"error\": {\"scd\": 5.0, \"mescd\": 5.0, "
        printf "\"end\": {\"p\": 1e-5, \"v\": 1e-5, \"lambda\": 1e-5, \"mu\": null}}}"
    }
    printf "\n]}\n"
}'
