#!/bin/bash
# test_isolate_group.sh — nothing of a run outlives it (issue 28, item 10): the
# test solver test-forkcrash (solvers/tests/testsolvers.c) forks a grandchild
# that sleeps holding the result pipe, then dies of SIGSEGV.  The run is a failed
# run "signal 11" at once (the old isolation waited for the pipe's EOF, which the
# grandchild withheld: a "wall limit" after 33 s), under `run` and under `bench`,
# and the grandchild is killed with the run's process group.
# usage: test_isolate_group.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
ts=$(dirname "$bin")/daebench-testsolvers

# gone: the pid in file $1 names no process (a zombie being reaped counts as gone)
gone() {
    local pid k
    pid=$(cat "$1" 2>/dev/null) || return 1
    [ -n "$pid" ] || return 1
    for k in $(seq 50); do
        if ! kill -0 "$pid" 2>/dev/null || grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null; then
            return 0
        fi
        sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null
    return 1
}

t0=$(date +%s)
DAEBENCH_CPU_LIMIT=1 DAEBENCH_TEST_PIDFILE=$tmp/run.pid timeout 60 "$ts" run -p pendulum \
    -f GGL -s test-forkcrash --tol 1e-4 >"$tmp/out" 2>"$tmp/err"
rc=$?
dt=$(($(date +%s) - t0))
[ $rc -eq 1 ] && grep -q 'failed(signal 11' "$tmp/out" && ok "run: failed, signal 11, exit 1: $(cat "$tmp/out")" \
    || bad "run: rc $rc: $(cat "$tmp/out" "$tmp/err")"
[ $dt -lt 10 ] && ok "run: ends in $dt s" || bad "run: took $dt s"
gone "$tmp/run.pid" && ok "run: the grandchild is gone" || bad "run: the grandchild lives on"

t0=$(date +%s)
DAEBENCH_CPU_LIMIT=1 DAEBENCH_TEST_PIDFILE=$tmp/bench.pid timeout 100 "$ts" bench \
    --problems pendulum --formulations GGL --solvers test-forkcrash --tols 1e-4 \
    --out "$tmp/b" >"$tmp/out" 2>"$tmp/err"
rc=$?
dt=$(($(date +%s) - t0))
[ $rc -eq 0 ] && grep -q '"reason":	"signal 11"' "$tmp/b/bench.json" \
    && ok "bench: failed, signal 11" || bad "bench: rc $rc: $(tail -3 "$tmp/err"; grep '"reason"' "$tmp/b/bench.json")"
# the wall limit that the old isolation reached is 33 s (3 x 1 s + 30 s); the
# sweep's own work (the calibration kernel) takes seconds in a sanitizer build
[ $dt -lt 25 ] && ok "bench: ends in $dt s" || bad "bench: took $dt s"
gone "$tmp/bench.pid" && ok "bench: the grandchild is gone" || bad "bench: the grandchild lives on"

summary
