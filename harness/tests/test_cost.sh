#!/bin/bash
# test_cost.sh — scripts/cost.sh, the instruction count per accepted step under
# callgrind (make cost): it writes cost.json with a positive figure per run,
# the figure is reproducible (two sweeps agree to 0.5 %), and its gate against
# a baseline goes red when the cost rises (a baseline doctored to half the
# figure) and stays green within the slack (a baseline of twice the figure);
# a missing baseline file is refused with status 2.  Skipped (passes with a
# note) where valgrind is not installed or the binary is a sanitizer build.
# usage: test_cost.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
src=$2
if ! command -v valgrind >/dev/null 2>&1; then
    echo "valgrind not installed: nothing to test"
    exit 0
fi
if grep -q __asan_init "$bin"; then
    echo "a sanitizer build (valgrind cannot run it): nothing to test"
    exit 0
fi
cost() { (cd "$src" && bash scripts/cost.sh --daebench "$bin" --runs "$tmp/runs" "$@"); }
echo 'pend|-p pendulum -f GGL -s radau5 --tol 1e-4|0' >"$tmp/runs"

cost --out "$tmp/a" >"$tmp/log" 2>&1 && ok "cost.sh exit status 0" || bad "cost.sh failed: $(cat "$tmp/log")"
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
