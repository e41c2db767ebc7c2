#!/bin/bash
# test_xfail_count.sh — a run listed in harness/gate/expected_failures.c counts as an
# expected failure in the report's "failures by solver" table only when it fails
# in its listed class (as check judges it): of three bdf runs — andrews GGL 1e-10
# failing in Newton (listed, class solver), insulator_chain GGL 1e-10 crashed
# (listed as a solver failure, so a crash is not expected), pendulum GGL 1e-6
# failing in Newton (not listed) — one is expected; the listed crash sits last.
# usage: test_xfail_count.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

rec() { # PROBLEM SCENARIO TOL REASON
    cat <<JSON
    {"problem": "$1", "scenario": "$2", "params": {},
     "formulation": "GGL", "solver": "bdf", "rtol": $3, "atol": $3,
     "status": "failed", "reason": "$4", "message": "$4", "cpu_seconds": 0.001, "repeats": 1,
     "counters": {"steps": 10, "rejected": 1, "f_evals": 30, "jac_evals": 2,
                  "decompositions": 3, "solves": 30},
     "error": {"gscd": null, "mescd": null, "ivp_scd": null, "lambda_scd": null,
               "end": {"p": null, "v": null, "lambda": null, "mu": null},
               "grid": {"p": null, "v": null, "lambda": null, "mu": null}},
     "residual": {"position": null, "velocity": null, "acceleration": null},
     "invariant_drift": null, "end": null}
JSON
}
mkdir -p "$tmp/r"
{
    echo '{"schema": "daebench.bench/1", "created": "2026-01-01T00:00:00Z", "git": "unknown",'
    echo ' "machine": {"hostname": "h", "cpu": "c", "cores": 2}, "suite": "quick", "runs": ['
    rec andrews default 1e-10 newton; echo ','
    rec pendulum v28 1e-06 newton; echo ','
    rec insulator_chain default 1e-10 "signal 11"
    echo ']}'
} >"$tmp/r/bench.json"

"$bin" report --results "$tmp/r/bench.json" --plots "$tmp/none" >"$tmp/out" 2>&1 \
    && ok "report accepts the file" || bad "report: $(cat "$tmp/out")"
row=$(grep '^| bdf |' "$tmp/r/report.md")
# | solver | runs | ok | failed | of them expected | unsupported | reasons |
[ "$(echo "$row" | awk -F'|' '{gsub(/ /, "", $3); gsub(/ /, "", $5); gsub(/ /, "", $6); print $3, $5, $6}')" = "3 3 1" ] \
    && ok "bdf: 3 runs, 3 failed, 1 of them expected (the listed crash is not)" \
    || bad "bdf row: $row"
"$bin" check --baseline "$tmp/r/bench.json" --results "$tmp/r/bench.json" >"$tmp/out" 2>&1 \
    && ok "check passes the file against itself" || bad "check: $(cat "$tmp/out")"
summary
