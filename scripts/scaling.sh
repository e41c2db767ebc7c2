#!/bin/bash
# scaling.sh — the `scaling` bench: cost per step of radau5 and bdf (and ida when
# built) on the insulator chain for N = 16, 32, ..., 1024 (MEXX report, seed 001,
# §5.4 and Tables 5.5-5.6: the sparse mode grew linearly in N).  Each run is one
# `daebench run --param N=...` (CPU time of the integration alone, minimum of
# repeats); the table goes to OUT/scaling.dat, the slope of log(cost/step) over
# log N from N = 64 to 1024 (least squares) is printed, and plots/scaling.gp
# draws OUT/scaling.png on log-log axes.
# usage: scripts/scaling.sh [DAEBENCH] [OUT] [FORM] [TOL]
set -eu
B=${1:-build/daebench}
OUT=${2:-results/scaling}
FORM=${3:-GGL}
TOL=${4:-1e-6}
NS=${NS:-"16 32 64 128 256 512 1024"}
SOLVERS=${SOLVERS:-"radau5 bdf"}
if "$B" list 2>/dev/null | grep -q "^  ida "; then SOLVERS="$SOLVERS ida"; fi
IDA_NMAX=${IDA_NMAX:-128}      # ida uses a dense LU: O(N^3), keep it small
mkdir -p "$OUT"
dat="$OUT/scaling.dat"
echo "# solver N n_steps cpu_seconds cpu_per_step  ($FORM, tol $TOL)" > "$dat"
for s in $SOLVERS; do
  for N in $NS; do
    if [ "$s" = ida ] && [ "$N" -gt "$IDA_NMAX" ]; then continue; fi
    js="$OUT/run-$s-$N.json"
    "$B" run -p insulator_chain -f "$FORM" -s "$s" --tol "$TOL" --param "N=$N" --json "$js" >/dev/null
    python3 - "$js" "$s" "$N" >> "$dat" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); r = r["runs"][0] if "runs" in r else r
st = r["counters"]["steps"]
if r["status"] == "ok" and st > 0:
    print(sys.argv[2], sys.argv[3], st, r["cpu_seconds"], r["cpu_seconds"] / st)
PY
  done
  echo >> "$dat"; echo >> "$dat"
done
python3 - "$dat" <<'PY' | tee "$OUT/slopes.txt"
import math, sys
rows = [l.split() for l in open(sys.argv[1]) if l.strip() and not l.startswith("#")]
for s in dict.fromkeys(r[0] for r in rows):
    pts = [(math.log(float(r[1])), math.log(float(r[4]))) for r in rows if r[0] == s and int(r[1]) >= 64]
    if len(pts) < 2:
        continue
    mx = sum(p[0] for p in pts) / len(pts); my = sum(p[1] for p in pts) / len(pts)
    k = sum((x - mx) * (y - my) for x, y in pts) / sum((x - mx) ** 2 for x, _ in pts)
    print("%s slope %.3f" % (s, k))
PY
if command -v gnuplot >/dev/null; then
  gnuplot -e "dat='$dat'; out='$OUT/scaling.png'; names='$SOLVERS'; slopes='$(tr '\n' ' ' < "$OUT/slopes.txt")'" \
    "$(dirname "$0")/../plots/scaling.gp"
fi
