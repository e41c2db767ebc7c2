#!/bin/bash
# test_journal.sh — a sweep is a journal (issue 15): a sweep of 12 runs is
# stopped at random moments, in a loop, by SIGKILL of bench alone (its workers
# must die with it: PR_SET_PDEATHSIG), SIGTERM to bench and all its descendants
# (systemd, SLURM), SIGINT, SIGHUP (a closed terminal) and SIGKILL of them all,
# and resumed each time with --resume.  After each stop: no process of the
# sweep is left running; the next --resume finds every run that was announced
# as finished (progress line) — also those only in the part files of a killed
# bench; nothing stopped from outside is recorded as a failed run.  At the end:
# all 12 runs exactly once, none failed, no part, temporary or lock file left.
# Then: two sweeps on one --out (the second refused, one line, exit 2, the
# first unharmed), a stale lock file of a dead sweep taken over, and --resume
# with a narrower selection keeping the other runs.
# usage: test_journal.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
jc=$(dirname "$bin")/daebench-jsoncheck
sel=(--problems pendulum --solvers radau5,bdf --formulations GGL,EoM1 --tols 1e-4,1e-5,1e-6
     --jobs 2)
total=12
out=$tmp/r

progress() { local c; c=$(grep -c '^\[[0-9]*/[0-9]*\]' "$1" 2>/dev/null); echo "${c:-0}"; }
# the pids of the descendants of pid $1 (from /proc, by parent pid)
descendants() {
    local p c
    for p in $(cat /proc/"$1"/task/*/children 2>/dev/null); do
        echo "$p"
        descendants "$p"
    done
}
# still alive among the pids given (zombies do not count)
alive() {
    local p n=0
    for p in "$@"; do
        [ -e /proc/"$p" ] && ! grep -q '^State:.*Z' /proc/"$p"/status 2>/dev/null && n=$((n + 1))
    done
    echo $n
}

signals=(KILL-bench TERM-all INT-bench HUP-bench KILL-all TERM-bench KILL-bench INT-bench)
known=0            # runs known to be finished (announced) so far
RANDOM=$$
for i in "${!signals[@]}"; do
    how=${signals[$i]}
    sig=${how%%-*}
    log=$tmp/log$i
    "$bin" bench "${sel[@]}" --out "$out" --resume 2>"$log" &
    pid=$!
    # once it has said what it resumes (under a loaded sanitizer build the start
    # alone can outlast the random delay below; killed before that line, the
    # sweep cannot be checked against what was announced)
    if [ "$known" -gt 0 ]; then
        for _ in $(seq 1500); do
            grep -q '^bench: resume: ' "$log" 2>/dev/null || ! kill -0 $pid 2>/dev/null && break
            sleep 0.02
        done
    fi
    # a random moment: after 0..3 announced runs, and 0..0.4 s more
    want=$((RANDOM % 4))
    [ "$i" -eq 0 ] && want=3  # the first: bench killed with runs in the part files only
    for _ in $(seq 300); do
        [ "$(progress "$log")" -ge "$want" ] || ! kill -0 $pid 2>/dev/null && break
        sleep 0.02
    done
    sleep "0.$((RANDOM % 5))"
    kids=$(descendants $pid)
    if [ "${how#*-}" = all ]; then
        kill -"$sig" $pid $kids 2>/dev/null
    else
        kill -"$sig" $pid 2>/dev/null
    fi
    wait $pid
    rc=$?
    # resume message of this sweep: runs already there
    had=$(sed -n 's/^bench: resume: \([0-9]*\) of .*/\1/p' "$log")
    [ "${had:-0}" -ge "$known" ] && ok "[$i $how] resume found $had >= $known announced runs" \
        || bad "[$i $how] resume found ${had:-?} runs, $known were announced: $(head -3 "$log")"
    [ "$i" -eq 1 ] && { grep -q 'runs from the part files of a killed sweep' "$log" \
        && ok "[$i] the runs of the killed bench were read from its part files" \
        || bad "[$i] part files not read: $(head -2 "$log")"; }
    known=$(( ${had:-0} + $(progress "$log") ))
    [ "$known" -le $total ] || known=$total
    n=0
    while [ "$(alive $kids)" -gt 0 ] && [ $n -lt 100 ]; do sleep 0.05; n=$((n + 1)); done
    [ "$(alive $kids)" -eq 0 ] && ok "[$i $how] no worker or run left running (rc $rc)" \
        || bad "[$i $how] $(alive $kids) of its processes still run after 5 s"
    if [ -f "$out/bench.json" ]; then
        "$jc" "$out/bench.json" >"$tmp/runs" || bad "[$i $how] bench.json is not valid JSON"
        ! grep -q ' failed ' "$tmp/runs" && ok "[$i $how] no run recorded as failed" \
            || bad "[$i $how] failed records: $(grep ' failed ' "$tmp/runs")"
    fi
    [ "$rc" -eq 0 ] && break
done
# complete it
"$bin" bench "${sel[@]}" --out "$out" --resume 2>"$tmp/logz"
rc=$?
had=$(sed -n 's/^bench: resume: \([0-9]*\) of .*/\1/p' "$tmp/logz")
[ $rc -eq 0 ] && ok "the last resume completes (exit 0)" || bad "last resume: exit $rc: $(tail -2 "$tmp/logz")"
[ "${had:-0}" -ge "$known" ] && ok "it found $had >= $known announced runs" \
    || bad "last resume found ${had:-?} runs, $known were announced"
"$jc" "$out/bench.json" | cut -d' ' -f1-5 >"$tmp/ids"
[ "$(wc -l <"$tmp/ids")" -eq $total ] && ok "$total runs in the file" \
    || bad "$(wc -l <"$tmp/ids") runs in the file, expected $total"
[ "$(sort "$tmp/ids" | uniq -d | wc -l)" -eq 0 ] && ok "no run twice" || bad "duplicates: $(sort "$tmp/ids" | uniq -d)"
"$jc" "$out/bench.json" | grep -q -v ' ok ' && bad "not all ok: $("$jc" "$out/bench.json" | grep -v ' ok ')" \
    || ok "every run ok (none stopped from outside recorded as failed)"
[ -z "$(ls -A "$out" | grep '^\.')" ] && ok "no part, temporary or lock file left" \
    || bad "left behind: $(ls -A "$out" | grep '^\.')"

# a worker killed from outside (the OOM killer) while bench lives: its finished
# runs kept, the rest not recorded (no "crash"), exit 3, --resume completes
# (a sweep that ends before the kill lands, on a fast machine, is tried again)
for attempt in 1 2 3; do
    rm -rf "$tmp/w"
    "$bin" bench "${sel[@]}" --jobs 1 --out "$tmp/w" 2>"$tmp/logw" &
    pid=$!
    for _ in $(seq 300); do [ "$(progress "$tmp/logw")" -ge 2 ] && break; sleep 0.02; done
    worker=$(cat /proc/$pid/task/*/children 2>/dev/null | awk '{print $1}')
    [ -n "$worker" ] && kill -KILL "$worker"
    wait $pid
    rc=$?
    [ $rc -eq 0 ] || break
done
"$jc" "$tmp/w/bench.json" >"$tmp/wruns" 2>/dev/null
[ $rc -eq 3 ] && grep -q 'worker killed by signal 9' "$tmp/logw" && grep -q '"interrupted":' "$tmp/w/bench.json" \
    && ok "worker killed: exit 3, said, file marked interrupted" || bad "worker killed: exit $rc: $(tail -3 "$tmp/logw")"
! grep -q -v ' ok ' "$tmp/wruns" && [ "$(wc -l <"$tmp/wruns")" -ge 2 ] \
    && ok "its $(wc -l <"$tmp/wruns") finished runs kept, no crash record" || bad "after the worker: $(cat "$tmp/wruns")"
"$bin" bench "${sel[@]}" --jobs 1 --out "$tmp/w" --resume 2>"$tmp/logw2"
[ $? -eq 0 ] && [ "$("$jc" "$tmp/w/bench.json" | grep -c ' ok ')" -eq $total ] \
    && ok "--resume completes it" || bad "resume after the worker: $(tail -2 "$tmp/logw2")"

# two sweeps on one --out: the second is refused while the first runs
"$bin" bench "${sel[@]}" --out "$tmp/two" 2>"$tmp/first" &
p1=$!
for _ in $(seq 200); do [ -s "$tmp/two/.bench.lock" ] && break; sleep 0.02; done  # pid written: locked
"$bin" bench "${sel[@]}" --out "$tmp/two" 2>"$tmp/.err"
judge_refusal "second sweep on one --out" $? "in use by the sweep of process $p1" x x
wait $p1
[ $? -eq 0 ] && [ "$("$jc" "$tmp/two/bench.json" | wc -l)" -eq $total ] \
    && ok "the first sweep completes unharmed" || bad "first sweep: $(tail -2 "$tmp/first")"
# a stale lock file (its sweep died): taken over
echo 999999 >"$tmp/two/.bench.lock"
"$bin" bench --problems pendulum --solvers radau5 --formulations GGL --tols 1e-4 --jobs 1 \
    --out "$tmp/two" --resume 2>"$tmp/.err"
rc=$?
[ $rc -eq 0 ] && [ ! -e "$tmp/two/.bench.lock" ] && ok "stale lock taken over and removed" \
    || bad "stale lock: exit $rc: $(cat "$tmp/.err")"
# that narrower --resume kept the 11 runs outside its selection
[ "$("$jc" "$tmp/two/bench.json" | wc -l)" -eq $total ] \
    && grep -q "11 runs of .* outside this selection kept" "$tmp/.err" \
    && ok "--resume with a narrower selection keeps the other runs" \
    || bad "narrower resume: $("$jc" "$tmp/two/bench.json" | wc -l) runs: $(cat "$tmp/.err")"
summary
