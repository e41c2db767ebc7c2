#!/bin/bash
# test_resume.sh — nothing lost (issue 10): a sweep killed midway by SIGTERM
# exits 128+15, says so, and leaves a valid bench file (checked with cJSON, by
# daebench-jsoncheck) holding the runs that finished and "interrupted": true;
# "bench --resume" runs only the rest (a second interruption, by SIGINT, is
# resumed as well) and the completed file matches an uninterrupted sweep run by
# run (daebench check --ignore-cpu: counters and accuracy).  A corrupt bench file
# in --out is bad input for --resume (one line, exit 2).
# usage: test_resume.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
jc=$(dirname "$bin")/daebench-jsoncheck
# runs finished so far according to the progress lines of log $1 (0 before the
# log exists)
progress() {
    local c
    c=$(grep -c '^\[[0-9]*/[0-9]*\]' "$1" 2>/dev/null)
    echo "${c:-0}"
}

sel=(--problems pendulum --solvers radau5,bdf --formulations GGL,EoM1 --tols 1e-4,1e-6,1e-8 --jobs 1)
total=12

# start a sweep, kill it with signal $2 once $3 runs have finished; log in $1
interrupt_after() {
    local log=$1 sig=$2 after=$3
    shift 3
    "$bin" bench "${sel[@]}" --out "$tmp/r" "$@" 2>"$log" &
    local pid=$! waited=0
    while [ "$(progress "$log")" -lt "$after" ] && [ $waited -lt 600 ] && kill -0 $pid 2>/dev/null; do
        sleep 0.1
        waited=$((waited + 1))
    done
    kill -"$sig" $pid 2>/dev/null
    wait $pid
    return $?
}

interrupt_after "$tmp/log1" TERM 3
rc=$?
[ $rc -eq 143 ] && ok "SIGTERM: exit 143" || bad "SIGTERM: exit $rc ($(tail -2 "$tmp/log1"))"
grep -q '^bench: interrupted by signal 15: the [0-9]* finished of 12 runs' "$tmp/log1" \
    && ok "says it was interrupted" || bad "no interruption message: $(tail -2 "$tmp/log1")"
"$jc" "$tmp/r/bench.json" >"$tmp/runs1" && ok "valid JSON after SIGTERM" || bad "invalid JSON after SIGTERM"
k1=$(wc -l <"$tmp/runs1")
[ "$k1" -ge 3 ] && [ "$k1" -lt $total ] && ok "$k1 finished runs kept (3 <= k < 12)" \
    || bad "$k1 runs kept"
# every run announced as finished is in the file; the one in flight when the
# signal came may be saved without its announcement (jobs = 1: at most one)
p1=$(progress "$tmp/log1")
[ "$k1" -ge "$p1" ] && [ "$k1" -le $((p1 + 1)) ] && ok "every finished run is in the file" \
    || bad "$k1 records but $p1 finished"
grep -q '"interrupted":	true' "$tmp/r/bench.json" && ok "file marked interrupted" || bad "no interrupted mark"
! ls -A "$tmp/r" | grep -q '^\.' && ok "no temporary or part files left" \
    || bad "left behind: $(ls -A "$tmp/r")"

# resume, interrupted again (SIGINT) a little later
interrupt_after "$tmp/log2" INT 2 --resume
rc=$?
grep -q "^bench: resume: $k1 of 12 runs already in" "$tmp/log2" && ok "resume finds the $k1 runs" \
    || bad "resume message: $(head -2 "$tmp/log2")"
[ $rc -eq 130 ] && ok "SIGINT: exit 130" || bad "SIGINT: exit $rc"
"$jc" "$tmp/r/bench.json" >"$tmp/runs2" && ok "valid JSON after SIGINT" || bad "invalid JSON after SIGINT"
k2=$(wc -l <"$tmp/runs2")
p2=$((k1 + $(progress "$tmp/log2")))
[ "$k2" -ge "$p2" ] && [ "$k2" -le $((p2 + 1)) ] && ok "$k2 runs: the earlier ones and the new ones" \
    || bad "$k2 runs after the second interruption (k1 = $k1, announced $p2)"

"$bin" bench "${sel[@]}" --out "$tmp/r" --resume 2>"$tmp/log3"
rc=$?
[ $rc -eq 0 ] && ok "resume completes (exit 0)" || bad "resume: exit $rc"
[ "$(progress "$tmp/log3")" -eq $((total - k2)) ] && ok "only the $((total - k2)) missing runs ran" \
    || bad "$(progress "$tmp/log3") runs ran, expected $((total - k2))"
"$jc" "$tmp/r/bench.json" >"$tmp/runs3" && [ "$(wc -l <"$tmp/runs3")" -eq $total ] \
    && ok "complete file: 12 runs" || bad "complete file: $(wc -l <"$tmp/runs3") runs"
[ "$(sort "$tmp/runs3" | uniq -d | wc -l)" -eq 0 ] && ok "no run twice" || bad "duplicates"
! grep -q '"interrupted"' "$tmp/r/bench.json" && ok "no interrupted mark" || bad "still marked"

"$bin" bench "${sel[@]}" --out "$tmp/full" 2>/dev/null
"$bin" check --ignore-cpu --baseline "$tmp/full/bench.json" --results "$tmp/r/bench.json" >"$tmp/chk" \
    && ok "resumed file matches an uninterrupted sweep" || bad "check: $(tail -3 "$tmp/chk")"

echo '{"schema": "daebench.bench/1", "runs": [{"problem": 1}]}' >"$tmp/full/bench.json"
cp "$tmp/full/bench.json" "$tmp/before"
"$bin" bench "${sel[@]}" --out "$tmp/full" --resume 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && cmp -s "$tmp/before" "$tmp/full/bench.json" \
    && ok "corrupt file to resume: one line, exit 2, untouched" || bad "corrupt resume: $(cat "$tmp/err")"

summary
