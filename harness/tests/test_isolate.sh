#!/bin/bash
# test_isolate.sh — a sweep survives broken solvers (issue 10, "Isolation"): with
# the test program daebench-testsolvers (harness/tests/testsolvers.cmake), a
# solver that dies of SIGSEGV is recorded as failed "signal 11", one that loops
# forever as failed "cpu limit 1 s" (DAEBENCH_CPU_LIMIT=1; its tighter tolerance
# skipped as over budget), one that returns NaN as failed "nonfinite" with the
# time of the first NaN; the good solver's runs are ok and the sweep finishes
# with a valid bench file.  The daebench program itself does not list them.
# usage: test_isolate.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
dir=$(dirname "$bin")
ts=$dir/daebench-testsolvers
jc=$dir/daebench-jsoncheck

"$bin" list >"$tmp/list"
! grep -q 'test-' "$tmp/list" && ok "daebench list has no test solvers" || bad "test solvers listed"
"$ts" list >"$tmp/tlist"
grep -q 'test-crash' "$tmp/tlist" && grep -q 'test-loop' "$tmp/tlist" \
    && ok "daebench-testsolvers lists them" || bad "daebench-testsolvers list: $(cat "$tmp/tlist")"

DAEBENCH_CPU_LIMIT=1 "$ts" bench --problems pendulum --formulations GGL \
    --solvers test-crash,test-loop,test-nan,radau5 --tols 1e-4,1e-6 --jobs 2 \
    --out "$tmp/a" 2>"$tmp/log"
rc=$?
[ $rc -eq 0 ] && ok "the sweep finishes (exit 0)" || bad "exit status $rc: $(tail -3 "$tmp/log")"
"$jc" "$tmp/a/bench.json" >"$tmp/runs" && ok "bench file is valid JSON" || bad "bench file invalid"
cat "$tmp/runs"
count() { grep -c "$1" "$tmp/runs"; }
[ "$(wc -l <"$tmp/runs")" -eq 8 ] && ok "8 run records" || bad "$(wc -l <"$tmp/runs") records"
[ "$(count ' test-crash .* failed signal 11 ')" -eq 2 ] && ok "crash: failed, signal 11" \
    || bad "crash records"
[ "$(count ' test-loop 0.0001 failed cpu limit 1 s ')" -eq 1 ] && ok "loop: failed, cpu limit 1 s" \
    || bad "loop record"
[ "$(count ' test-loop 1e-06 failed budget skipped')" -eq 1 ] \
    && ok "loop: the tighter tolerance skipped as over budget" || bad "loop tighter tolerance"
[ "$(count ' test-nan .* failed nonfinite non-finite solution at t = 2.55\(; G .*\)\{0,1\}$')" -eq 2 ] \
    && ok "nan: failed, non-finite solution at t = 2.55" || bad "nan records"
[ "$(count ' radau5 .* ok ')" -eq 2 ] && ok "radau5 runs ok" || bad "radau5 records"
! ls -A "$tmp/a" | grep -q part && ok "no part files left" || bad "part files left: $(ls -A "$tmp/a")"

DAEBENCH_CPU_LIMIT=0 "$ts" bench --problems pendulum --solvers radau5 --out "$tmp/b" 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -e "$tmp/b" ] \
    && ok "bad DAEBENCH_CPU_LIMIT: one line, exit 2" || bad "bad DAEBENCH_CPU_LIMIT: $(cat "$tmp/err")"

summary
