#!/bin/bash
# test_cost.sh — scripts/cost.sh, the instruction count per accepted step under
# callgrind (make cost): it writes cost.json with a positive figure per run,
# the figure is reproducible (two sweeps agree to 0.5 %), and its gate against
# a baseline goes red when the cost rises (a baseline doctored to half the
# figure) and stays green within the slack (a baseline of twice the figure);
# a missing baseline file is refused with status 2.  Beside it the CPU figures
# (issue 31): cost.json is valid JSON with the CPU model, the rounds, the load
# and per run "cpu_us_per_step" {min <= median <= max, all > 0}, null with
# --rounds 0; the rounds interleave the runs (round 1: a b, round 2: a b, …);
# the table prints a CPU row per run; a bad --rounds is refused.  Skipped (passes with a
# note) where valgrind is not installed or the binary is a sanitizer build.
# usage: test_cost.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
src=$2
need_valgrind
cost() { (cd "$src" && bash scripts/cost.sh --daebench "$bin" --runs "$tmp/runs" --rounds 2 "$@"); }
echo 'pend|-p pendulum -f GGL -s radau5 --tol 1e-4|0' >"$tmp/runs"

cost --out "$tmp/a" >"$tmp/log" 2>&1 && ok "cost.sh exit status 0" || bad "cost.sh failed: $(cat "$tmp/log")"
jc=$(dirname "$bin")/daebench-jsoncheck
"$jc" "$tmp/a/cost.json" >/dev/null && ok "cost.json is valid JSON" || bad "cost.json invalid: $(cat "$tmp/a/cost.json")"
grep -q '"cpu_rounds": 2,' "$tmp/a/cost.json" && grep -q '"cpu_model": "' "$tmp/a/cost.json" &&
    grep -q '"load_average": {"before": "' "$tmp/a/cost.json" &&
    ok "cost.json: cpu_model, cpu_rounds, load_average" || bad "cost.json header: $(head -6 "$tmp/a/cost.json")"
cpu=$(sed -n 's/.*"cpu_us_per_step": {"min": \([0-9.eE+-]*\), "median": \([0-9.eE+-]*\), "max": \([0-9.eE+-]*\)}.*/\1 \2 \3/p' "$tmp/a/cost.json")
# shellcheck disable=SC2086
set -- $cpu
[ $# -eq 3 ] && awk -v a="$1" -v b="$2" -v c="$3" 'BEGIN { exit !(a > 0 && a <= b && b <= c) }' &&
    ok "cpu_us_per_step min $1 <= median $2 <= max $3" || bad "cpu_us_per_step '$cpu'"
grep -Eq '^pend +[0-9]+ +- +[0-9.e+-]+ +[0-9.e+-]+ +[0-9.e+-]+ ' "$tmp/log" && grep -q '^run .*Ir/step.*us min' "$tmp/log" &&
    ok "table: Ir/step beside CPU per step" || bad "no CPU table: $(cat "$tmp/log")"

# the rounds interleave the runs: a b a b a b, not a a a b b b
printf 'pa|-p pendulum -f GGL -s radau5 --tol 1e-4|0\npb|-p pendulum -f GGL -s bdf --tol 1e-4|0|0.5\n' >"$tmp/runs2"
(cd "$src" && COST_ROUNDS_LOG="$tmp/order" bash scripts/cost.sh --daebench "$bin" --runs "$tmp/runs2" \
    --rounds 3 --out "$tmp/i") >"$tmp/log2" 2>&1 || bad "two runs: $(cat "$tmp/log2")"
[ "$(tr '\n' ' ' <"$tmp/order")" = "1 pa 1 pb 2 pa 2 pb 3 pa 3 pb " ] && ok "rounds interleaved" \
    || bad "order of the CPU rounds: $(tr '\n' ' ' <"$tmp/order")"
grep -q '"name": "pb".*"fortran_cpu_us_per_step": 0.5,' "$tmp/i/cost.json" && ok "Fortran CPU figure carried" \
    || bad "fortran_cpu_us_per_step: $(grep '"pb"' "$tmp/i/cost.json")"
cost --out "$tmp/z" --rounds 0 >"$tmp/log" 2>&1 && grep -q '"cpu_us_per_step": null' "$tmp/z/cost.json" &&
    ok "--rounds 0: cpu_us_per_step null" || bad "--rounds 0: $(cat "$tmp/log")"
cost --out "$tmp/y" --rounds x >"$tmp/log" 2>&1
[ $? -eq 2 ] && ok "bad --rounds refused with 2" || bad "bad --rounds not refused"
per() { sed -n 's/.*"instructions_per_step": *\([0-9.]*\).*/\1/p' "$1"; }
a=$(per "$tmp/a/cost.json")
awk -v a="$a" 'BEGIN { exit !(a > 100) }' && ok "instructions per step $a" || bad "figure '$a'"
cost --out "$tmp/b" >/dev/null 2>&1
b=$(per "$tmp/b/cost.json")
[ -n "$a" ] && [ -n "$b" ] && awk -v a="$a" -v b="$b" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(d <= 0.005 * a) }' \
    && ok "reproducible: $a and $b" || bad "two sweeps differ: $a and $b"

# a baseline of half the figure: the run costs twice its baseline, a regression
sed "s/\"instructions_per_step\": [0-9.]*/\"instructions_per_step\": $(awk -v a="$a" 'BEGIN { print a / 2 }')/" \
    "$tmp/a/cost.json" >"$tmp/low.json"
cost --out "$tmp/c" --baseline "$tmp/low.json" >"$tmp/log" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q REGRESSION "$tmp/log" && ok "cost above the baseline: exit 1, REGRESSION" \
    || bad "rise not caught (exit $rc): $(cat "$tmp/log")"
sed "s/\"instructions_per_step\": [0-9.]*/\"instructions_per_step\": $(awk -v a="$a" 'BEGIN { print a * 2 }')/" \
    "$tmp/a/cost.json" >"$tmp/high.json"
cost --out "$tmp/d" --baseline "$tmp/high.json" >"$tmp/log" 2>&1 && ok "cost below the baseline: exit 0" \
    || bad "a cheaper run failed the gate: $(cat "$tmp/log")"
cost --out "$tmp/e" --baseline "$tmp/none.json" >"$tmp/log" 2>&1
[ $? -eq 2 ] && ok "missing baseline refused with 2" || bad "missing baseline not refused"
summary
