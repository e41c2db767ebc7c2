#!/bin/bash
# test_run_budget.sh — the CPU budget of `daebench run` covers the whole run
# (issue 28, item 9): the run is a child process (harness/run/isolate.c) whose
# CPU limit is --max-cpu, set-up and consistent initial values included.  The
# 1000-chain four-bar mechanism spends minutes in set-up and in its first
# Jacobian (the old run was still running after 120 s; N=500 after 100 s): with
# --max-cpu 2 it is now a failed run "cpu limit 2 s" within seconds, its record
# written.  A run within its budget stays ok.  And (item 10) `run` checks its
# outputs before the work: --json or --trajectory naming a directory is refused
# (exit 2, one line) with no summary line, i.e. without running.
# usage: test_run_budget.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

t0=$(date +%s.%N)
timeout 100 "$bin" run -p four_bar_chain --param N=1000 -f GGL -s radau5 --tol 1e-3 \
    --max-steps 1 --max-cpu 2 --json "$tmp/big.json" >"$tmp/out" 2>"$tmp/err"
rc=$?
wall=$(echo "$(date +%s.%N) - $t0" | bc -l)
echo "wall $wall s: $(cat "$tmp/out")"
[ $rc -eq 1 ] && ok "the over-budget run exits 1 (a failed run, not an error: 2)" \
    || bad "exit status $rc: $(head -c 300 "$tmp/err")"
# 2 s of CPU; the wall bound leaves room for a loaded machine (old code: > 100 s)
[ "$(echo "$wall < 25" | bc -l)" = 1 ] && ok "ends within 25 s of wall time ($wall s)" \
    || bad "took $wall s"
grep -q 'failed(cpu limit 2 s: CPU time limit of 2 s exceeded' "$tmp/out" \
    && ok "summary: failed, cpu limit 2 s" || bad "summary: $(cat "$tmp/out")"
grep -q '"status":	"failed"' "$tmp/big.json" && grep -q '"reason":	"cpu limit 2 s"' "$tmp/big.json" \
    && ok "record: failed, reason cpu limit 2 s (class budget)" \
    || bad "record: $(grep -E '"(status|reason)"' "$tmp/big.json")"

# a run within its budget: ok, timed
"$bin" run -p pendulum -f GGL -s radau5 --tol 1e-6 --max-cpu 2 --json "$tmp/ok.json" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q ' ok gscd=' "$tmp/out" && grep -q '"status":	"ok"' "$tmp/ok.json" \
    && ok "a run within its budget is ok: $(cat "$tmp/out")" || bad "rc $rc: $(cat "$tmp/out")"

# outputs checked before the work
mkdir "$tmp/adir"
for opt in --json --trajectory --steps-out; do
    before=$(ls -A "$tmp/adir")
    "$bin" run -p pendulum -f GGL -s radau5 --tol 1e-6 $opt "$tmp/adir" >"$tmp/out" 2>"$tmp/.err"
    rc=$?
    judge_refusal "run $opt DIR" $rc "$opt" "$(ls -A "$tmp/adir")" "$before"
    [ ! -s "$tmp/out" ] && ok "run $opt DIR: refused before running (no summary)" \
        || bad "run $opt DIR ran first: $(cat "$tmp/out")"
done

summary
