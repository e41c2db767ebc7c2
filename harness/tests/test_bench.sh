#!/bin/bash
# test_bench.sh — "daebench bench" on a small slice: the bench file has the
# contract header (schema, created, git, machine, runs), one record per
# compatible run (incompatible solver/formulation pairs skipped), shards K/N
# partition the sweep, counters do not depend on --jobs (check passes between a
# run with 1 and with 2 jobs), and "plot" draws it when gnuplot is there.
# usage: test_bench.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
runs() { grep -c '"problem":' "$1"; }

sel=(--problems pendulum --solvers radau5 --formulations GGL,EoM1,oEoM1 --tols 1e-4,1e-6)
"$bin" bench "${sel[@]}" --jobs 1 --out "$tmp/a" 2>"$tmp/log" || bad "bench exit status"
f=$tmp/a/bench.json
for key in '"schema":	"daebench.bench/1"' '"created":' '"git":' '"machine":' '"hostname":' \
           '"cpu":' '"cores":' '"runs":'; do
    grep -q "$key" "$f" && ok "bench file has $key" || bad "bench file lacks $key"
done
# radau5 accepts GGL and EoM1, not oEoM1: 2 formulations x 2 tolerances
[ "$(runs "$f")" -eq 4 ] && ok "4 runs (oEoM1 skipped for radau5)" || bad "$(runs "$f") runs, expected 4"
[ "$(grep -c '^\[[0-9]*/4\] pendulum' "$tmp/log")" -eq 4 ] && ok "one progress line per run" \
    || bad "progress lines: $(cat "$tmp/log")"
! grep -q '"formulation":	"oEoM1"' "$f" && ok "no oEoM1 record" || bad "oEoM1 recorded"

"$bin" bench "${sel[@]}" --shard 1/3 --out "$tmp/s1" 2>/dev/null
"$bin" bench "${sel[@]}" --shard 2/3 --out "$tmp/s2" 2>/dev/null
"$bin" bench "${sel[@]}" --shard 3/3 --out "$tmp/s3" 2>/dev/null
total=$(( $(runs "$tmp/s1/bench.json") + $(runs "$tmp/s2/bench.json") + $(runs "$tmp/s3/bench.json") ))
[ "$total" -eq 4 ] && ok "shards 1/3, 2/3, 3/3 hold 4 runs together" || bad "shards hold $total runs"
"$bin" check --baseline "$f" --results "$tmp/s1/bench.json" >"$tmp/out"
[ $? -eq 1 ] && [ "$(grep -c 'missing from the results' "$tmp/out")" -eq $((4 - $(runs "$tmp/s1/bench.json"))) ] \
    && ok "check names the runs of the other shards as missing" || bad "check against a shard: $(cat "$tmp/out")"

"$bin" bench "${sel[@]}" --jobs 2 --out "$tmp/b" 2>/dev/null
"$bin" check --ignore-cpu --baseline "$f" --results "$tmp/b/bench.json" >"$tmp/out" \
    && ok "counters and scd agree between --jobs 1 and --jobs 2" || bad "check: $(cat "$tmp/out")"

if command -v gnuplot >/dev/null; then
    "$bin" plot --results "$f" --out "$tmp/plots" >/dev/null 2>&1
    [ -s "$tmp/plots/pendulum-v28-wpd.png" ] && [ -s "$tmp/plots/pendulum-v28-wpd.svg" ] \
        && [ "$(grep -c '^# block' "$tmp/plots/pendulum-v28-wpd.dat")" -eq 2 ] \
        && ok "plot: png, svg and a .dat with 2 blocks" || bad "plot: $(ls "$tmp/plots")"
else
    PATH=/nonexistent "$bin" plot --results "$f" --out "$tmp/plots" 2>"$tmp/err"
    [ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && ok "plot without gnuplot: one line, exit 2" \
        || bad "plot without gnuplot"
fi
PATH=/nonexistent "$bin" plot --results "$f" --out "$tmp/plots2" 2>"$tmp/err"
[ $? -eq 2 ] && [ "$(wc -l <"$tmp/err")" -eq 1 ] && [ ! -e "$tmp/plots2" ] \
    && ok "plot without gnuplot in PATH: one line, exit 2" || bad "plot without gnuplot: $(cat "$tmp/err")"

summary
