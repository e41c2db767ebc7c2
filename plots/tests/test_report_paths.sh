#!/bin/bash
# test_report_paths.sh — the default paths of report chain from --results: a
# sweep in r1/ reported with `report --results r1/bench.json` alone writes
# r1/index.html; --out NEW/DIR is created; without diagrams the pages say that
# none were drawn (not that no run had a reference); the summary page ends with
# the environment (commit, compiler, BLAS, LAPACK, CPU, calibration); `plot
# --results r1/bench.json` draws into r1/plots, so bench, plot and report chain.
# usage: test_report_paths.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/../../harness/tests/lib.sh"
cd "$tmp" || exit 1
"$bin" bench --problems pendulum --solvers radau5 --formulations GGL --tols 1e-4,1e-6 \
    --out r1 >bench.log 2>&1 || bad "bench: $(tail -2 bench.log)"
"$bin" report --results r1/bench.json >rep.log 2>&1 && [ -s r1/index.html ] \
    && ok "report --results r1/bench.json writes r1/index.html" || bad "report: $(cat rep.log)"
grep -q "no diagrams in the plots folder: run daebench plot first" r1/report.md \
    && ok "without diagrams the page says none were drawn" \
    || bad "no-diagram reason: $(grep -m1 'no diagram' r1/report.md)"
grep -q "no run with a reference" r1/report.md && bad "wrong reason given" || ok "no wrong reason"
grep -q "Environment: commit" r1/index.html && grep -q "LAPACK" r1/index.html \
    && grep -q "calibration" r1/index.html && ok "environment in the footer" \
    || bad "no environment footer"
grep -q "mathematical pendulum" r1/pendulum-v28.html && grep -q "Source: Steinbrecher" r1/pendulum-v28.html \
    && grep -q "Run characteristics" r1/pendulum-v28.html \
    && ok "the problem page says what the problem is, its source, its run characteristics" \
    || bad "problem page: no description, source or run characteristics"
grep -q "shared/" r1/report.md && bad "the report names the developers' shared/ folder" \
    || ok "no shared/ path in the report"
"$bin" report --results r1/bench.json --out new/deeper >rep2.log 2>&1 && [ -s new/deeper/index.html ] \
    && ok "report --out NEW/DIR creates it" || bad "report --out new: $(cat rep2.log)"
if command -v gnuplot >/dev/null; then
    "$bin" plot --results r1/bench.json >plot.log 2>&1 && [ -s r1/plots/pendulum-v28-wpd.png ] \
        && ok "plot --results r1/bench.json draws into r1/plots" || bad "plot: $(tail -2 plot.log)"
    "$bin" report --results r1/bench.json >rep4.log 2>&1 && grep -q "pendulum-v28-wpd" r1/index.html r1/pendulum-v28.html \
        && ok "bench --out r1, plot, report chain with no other option" || bad "chain: $(cat rep4.log)"
fi
touch afile
"$bin" report --results r1/bench.json --out afile/x >rep3.log 2>&1; rc=$?
[ $rc -eq 2 ] && [ "$(wc -l <rep3.log)" -eq 1 ] && ok "--out under a file: one line, exit 2" \
    || bad "--out under a file: rc $rc $(cat rep3.log)"
summary
