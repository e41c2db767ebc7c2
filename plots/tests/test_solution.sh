#!/bin/bash
# test_solution.sh — the picture of the solution on a problem page: `daebench
# plot` writes <page>-solution.{dat,png,svg} from the reference (the exact
# solution of the pendulum, the stored grid of andrews), the data are the
# reference's values (andrews: equal to reference/data/andrews-default.json at
# every grid time, the 6 of its 7 positions that vary most; pendulum: what
# radau5 at 1e-10 computes, to 1e-6), the diagram has labelled axes (t [s]) and
# a legend of the components, and `daebench report` shows it on the page.  A
# page whose parameters have no reference gets neither file nor figure.
# usage: test_solution.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/../../harness/tests/lib.sh"
src=${2:?usage: test_solution.sh DAEBENCH_BINARY SOURCE_DIR}
export DAEBENCH_REFERENCE_DIR="$src/reference/data"
cd "$tmp" || exit 1
"$bin" bench --problems pendulum,andrews --solvers radau5 --tols 1e-4,1e-6 --out r >/dev/null 2>&1 ||
    bad "bench"
mkdir -p n
"$bin" run -p insulator_chain --param N=3 -f EoM0 -s radau5 --tol 1e-4 --json n/one.json >/dev/null 2>&1
python3 -c 'import json, sys; json.dump({"schema": "daebench.bench/1", "suite": "quick",
    "runs": [json.load(open(sys.argv[1]))]}, open(sys.argv[2], "w"))' n/one.json n/bench.json ||
    bad "a run without a reference"
"$bin" plot --results r/bench.json --out r/plots >r/plot.log 2>&1 || bad "plot: $(tail -2 r/plot.log)"
"$bin" report --results r/bench.json --plots r/plots >/dev/null 2>&1 || bad "report"
for p in pendulum-v28 andrews-default; do
    [ -s "r/plots/$p-solution.png" ] && [ -s "r/plots/$p-solution.svg" ] && [ -s "r/plots/$p-solution.dat" ] &&
        ok "$p: solution data, PNG and SVG written" || bad "$p: solution files missing"
    grep -q "data=\"plots/$p-solution.svg\"" "r/$p.html" && grep -q "src=\"plots/$p-solution.png\"" "r/$p.html" &&
        grep -q "($p-solution\](plots/$p-solution.png)\|!\[$p-solution\](plots/$p-solution.png)" r/report.md &&
        ok "$p: the page shows the solution (SVG, PNG fallback, report.md)" || bad "$p: the page does not show the solution"
    svg=r/plots/$p-solution.svg
    grep -q "t \[s\]" "$svg" && grep -q "position p" "$svg" && grep -q '_keyentry' "$svg" &&
        ok "$p: axes labelled, t in s, a legend" || bad "$p: solution labels"
done
python3 - "$src/reference/data/andrews-default.json" r/plots/andrews-default-solution.dat <<'PY' &&
import json, sys
ref = json.load(open(sys.argv[1]))["grid"]
rows = [l.split() for l in open(sys.argv[2]) if not l.startswith("#")]
head = [l for l in open(sys.argv[2]) if l.startswith("# ") and "columns:" in l][0]
cols = [int(c[1:]) - 1 for c in head.split("columns: t")[1].split()]
p = ref["p"]
span = [max(r[i] for r in p) - min(r[i] for r in p) for i in range(len(p[0]))]
want = sorted(sorted(range(len(span)), key=lambda i: -span[i])[:6])
if cols != want:
    print("components", cols, "expected", want); sys.exit(1)
if len(rows) != len(ref["t"]):
    print(len(rows), "rows, reference has", len(ref["t"])); sys.exit(1)
for k, r in enumerate(rows):
    if abs(float(r[0]) - ref["t"][k]) > 1e-15 * max(1, abs(ref["t"][k])):
        print("t differs at row", k); sys.exit(1)
    for j, i in enumerate(cols):
        if abs(float(r[j + 1]) - p[k][i]) > 1e-14 * max(1, abs(p[k][i])):
            print("p%d differs at row %d: %s vs %r" % (i + 1, k, r[j + 1], p[k][i])); sys.exit(1)
print("andrews:", len(rows), "rows, components", [c + 1 for c in cols])
PY
    ok "andrews: the data are the stored reference grid, the 6 positions that vary most" ||
    bad "andrews: data differ from the reference"
"$bin" run -p pendulum -f GGL -s radau5 --tol 1e-10 --trajectory pend.csv >/dev/null 2>&1
python3 - pend.csv r/plots/pendulum-v28-solution.dat <<'PY' &&
import csv, sys
run = {round(float(r["t"]), 9): (float(r["p1"]), float(r["p2"])) for r in csv.DictReader(open(sys.argv[1]))}
rows = [list(map(float, l.split())) for l in open(sys.argv[2]) if not l.startswith("#")]
n, worst = 0, 0.0
for r in rows:
    k = round(r[0], 9)
    if k in run:
        n += 1
        worst = max(worst, abs(r[1] - run[k][0]), abs(r[2] - run[k][1]))
print("pendulum:", len(rows), "rows,", n, "compared, largest difference %.1e" % worst)
sys.exit(0 if n >= 50 and worst < 1e-6 else 1)
PY
    ok "pendulum: the data are the exact solution (radau5 at 1e-10 agrees to 1e-6)" ||
    bad "pendulum: data differ from the solution"
"$bin" plot --results n/bench.json --out n/plots >/dev/null 2>&1
"$bin" report --results n/bench.json --plots n/plots >/dev/null 2>&1
[ -f n/insulator_chain-default.html ] &&
    [ ! -e n/plots/insulator_chain-default-solution.dat ] && ! grep -q 'class="solution"' n/insulator_chain-default.html &&
    ok "no reference for N=3: no solution picture" || bad "a solution picture without a reference"
summary
