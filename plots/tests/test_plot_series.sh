#!/bin/bash
# test_plot_series.sh — the time-series diagram draws EVERY series of its
# tolerance: 100 series files of pendulum:long at 1e-06 (more than the 64 the
# plot once read, in an order the directory gives) plus 30 at 1e-08 that must
# be left out; `daebench plot` must report 100 series.  Also the error-over-time
# diagram of one run (`run --trajectory`, `plot --trajectory`), and the
# removal of a page's stale diagrams (a family diagram of an earlier split).
# usage: test_plot_series.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/../../harness/tests/lib.sh"
mkdir -p "$tmp/r/traj"
"$bin" run -p pendulum:long -f GGL -s radau5 --tol 1e-4 --max-steps 100 --json "$tmp/one.json" >/dev/null
python3 - "$tmp/one.json" "$tmp/r/bench.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
json.dump({"schema": "daebench.bench/1", "suite": "quick", "runs": [r]}, open(sys.argv[2], "w"))
PY
for i in $(seq 1 100); do
    printf '0 1e-8 1e-9 1e-9 1e-9\n1 2e-8 2e-9 2e-9 2e-9\n' > "$tmp/r/traj/pendulum-long-GGL-solver$i-1e-06.dat"
done
for i in $(seq 1 30); do
    printf '0 1e-8 1e-9 1e-9 1e-9\n1 2e-8 2e-9 2e-9 2e-9\n' > "$tmp/r/traj/pendulum-long-GGL-solver$i-1e-08.dat"
done
mkdir -p "$tmp/r/plots"
touch "$tmp/r/plots/pendulum-long-radau5-wpd.png" "$tmp/r/plots/pendulum-long-notes.txt"
"$bin" plot --results "$tmp/r/bench.json" --out "$tmp/r/plots" >"$tmp/plot.log" 2>&1
[ ! -e "$tmp/r/plots/pendulum-long-radau5-wpd.png" ] && [ -e "$tmp/r/plots/pendulum-long-notes.txt" ] &&
    ok "a stale family diagram of the page is removed, other files kept" || bad "stale diagram kept"
grep -q "pendulum-long: 100 series of tol 1e-06 in 13 time-series diagrams" "$tmp/plot.log" &&
    ok "time series: all 100 drawn, in 13 diagrams" || bad "time series: $(grep series "$tmp/plot.log" | tail -2)"
# at most 8 curves in every panel (gnuplot's SVG: curve N of panel X is the
# group gnuplot_plot_<N><X>), every series in exactly one diagram's legend, the
# entries "solver/formulation" only (no tolerance or stray characters)
python3 - "$tmp/r/plots" <<'PY' && ok "time series: at most 8 curves per panel, 100 legend entries solver/form" || bad "time series panels"
import collections, glob, re, sys
svgs = sorted(glob.glob(sys.argv[1] + "/pendulum-long-*-time.svg"))
entries, worst = [], 0
for f in svgs:
    s = open(f).read()
    per = collections.Counter(m.group(2) for m in re.finditer(r'id="gnuplot_plot_(\d+)([a-z])"', s))
    worst = max([worst] + list(per.values()))
    if len(per) != 4:
        print("panels in", f, dict(per)); sys.exit(1)
    entries += re.findall(r'<g id="gnuplot_plot_\d+a_keyentry".*?<text[^>]*>(?:<tspan[^>]*>)?([^<]*)<', s, re.S)
bad = [e for e in entries if not re.fullmatch(r"solver\d+/GGL", e)]
print(len(svgs), "diagrams,", len(entries), "legend entries, at most", worst, "curves a panel", bad[:3])
sys.exit(0 if len(svgs) == 13 and worst <= 8 and len(entries) == 100 and len(set(entries)) == 100 and not bad else 1)
PY
[ ! -e "$tmp/r/plots/pendulum-long-time.svg" ] && ok "no single diagram of all 100 series" || bad "a diagram of all series"
mkdir -p "$tmp/gp"
cp "$2"/plots/*.gp "$tmp/gp/"
echo 'plot sin(x) with nonsense_style' > "$tmp/gp/timeseries.gp"
DAEBENCH_PLOTS_DIR=$tmp/gp "$bin" plot --results "$tmp/r/bench.json" --out "$tmp/r/p2" >"$tmp/gp.log" 2>&1
grep -qi "nonsense_style\|gnuplot failed" "$tmp/gp.log" && ok "a broken script's gnuplot error still shows" \
    || bad "gnuplot error swallowed: $(tail -3 "$tmp/gp.log")"
# a solver all of whose runs failed has a legend entry of its own; the footnote
# counts the failed runs per solver (it fits the image)
"$bin" run -p pendulum -f GGL -s radau5 --tol 1e-6 --json "$tmp/ok.json" >/dev/null 2>&1
"$bin" run -p pendulum -f GGL -s bdf --tol 1e-6 --max-steps 3 --json "$tmp/f1.json" >/dev/null 2>&1
"$bin" run -p pendulum -f GGL -s bdf --tol 1e-8 --max-steps 3 --json "$tmp/f2.json" >/dev/null 2>&1
mkdir -p "$tmp/af"
python3 - "$tmp/ok.json" "$tmp/f1.json" "$tmp/f2.json" "$tmp/af/bench.json" <<'PY'
import json, sys
runs = [json.load(open(f)) for f in sys.argv[1:4]]
json.dump({"schema": "daebench.bench/1", "suite": "quick", "runs": runs}, open(sys.argv[4], "w"))
PY
"$bin" plot --results "$tmp/af/bench.json" --out "$tmp/af/plots" >/dev/null 2>&1
svg=$tmp/af/plots/pendulum-v28-wpd.svg
grep -q "bdf (all runs failed)" "$svg" && grep -q "failed runs (x), per solver: bdf 2 (budget)" "$svg" \
    && ok "a solver with only failed runs is in the legend; the footnote counts per solver" \
    || bad "all-failed solver: $(grep -o 'all runs failed[^<]*\|per solver[^<]*' "$svg" | head -3)"
# gnuplot's note on a flat axis is not passed on; its errors are.  A shim in
# PATH keeps what gnuplot itself wrote, so that the check is not vacuous: the
# page of two runs with equal residuals has flat axes and gnuplot notes them
mkdir -p "$tmp/shim" "$tmp/flat"
python3 - "$tmp/ok.json" "$tmp/flat/bench.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1]))
b = json.loads(json.dumps(a))
b["rtol"] = b["atol"] = a["rtol"] * 100
json.dump({"schema": "daebench.bench/1", "suite": "quick", "runs": [a, b]}, open(sys.argv[2], "w"))
PY
real=$(command -v gnuplot)
printf '#!/bin/bash
"%s" "$@" 2> >(tee -a "%s" >&2)
' "$real" "$tmp/gnuplot-said.log" \
    > "$tmp/shim/gnuplot"
chmod +x "$tmp/shim/gnuplot"
PATH=$tmp/shim:$PATH "$bin" plot --results "$tmp/flat/bench.json" --out "$tmp/flat/p" >"$tmp/p1.log" 2>&1
grep -q "empty y range" "$tmp/gnuplot-said.log" && ! grep -q "empty y range" "$tmp/p1.log" \
    && ok "gnuplot's flat-axis notes ($(grep -c 'empty y range' "$tmp/gnuplot-said.log")) are not passed on" \
    || bad "flat-axis notes: gnuplot said $(grep -c 'empty y range' "$tmp/gnuplot-said.log"), plot passed on $(grep -c 'empty y range' "$tmp/p1.log")"
# its axes say what they show, with units; the tolerance in the title, not in every entry
svg=$(ls "$tmp"/r/plots/pendulum-long-*-time.svg | head -1)
grep -q "t \[s\]" "$svg" && grep -q "relative energy drift \[1\]" "$svg" && grep -q "tol 1e-06" "$svg" \
    && grep -q "position unit / s\]" "$svg" && ! grep -q "@1e-06" "$svg" \
    && ok "time series: labelled axes with units, t in seconds, tol in the title" \
    || bad "time series labels"
# a split that keeps solver families whole: 4 + 2 + 4 series -> 6 and 4
for s in a b c; do for f in EoM EoM1 EoM0 GGL; do
    [ $s = b ] && [ $f = EoM ] && continue; [ $s = b ] && [ $f = EoM0 ] && continue
    printf '0 1e-8 1e-9 1e-9 1e-9\n5 2e-8 2e-9 2e-9 2e-9\n' > "$tmp/r/traj/pendulum-long-$f-x$s-1e-10.dat"
done; done
rm -f "$tmp"/r/traj/*-1e-06.dat "$tmp"/r/traj/*-1e-08.dat
"$bin" plot --results "$tmp/r/bench.json" --out "$tmp/r/p3" >"$tmp/p3.log" 2>&1
[ -s "$tmp/r/p3/pendulum-long-xa+xb-time.svg" ] && [ -s "$tmp/r/p3/pendulum-long-xc-time.svg" ] &&
    grep -q "pendulum-long-xa+xb-time.png .*(6 series)" "$tmp/p3.log" &&
    ok "the split keeps each solver's series together (xa+xb: 6, xc: 4)" || bad "split: $(cat "$tmp/p3.log")"
# one run's error over time
"$bin" run -p pendulum -f GGL -s radau5 --tol 1e-6 --trajectory "$tmp/a.csv" >/dev/null
head -1 "$tmp/a.csv" | grep -q "^t,p1,p2,v1,v2,lambda1,err_p,err_v,err_lambda,err_mu$" &&
    ok "trajectory header" || bad "trajectory header: $(head -1 "$tmp/a.csv")"
rows=$(($(wc -l <"$tmp/a.csv") - 1))
[ "$rows" -ge 100 ] && ok "trajectory: $rows rows" || bad "trajectory: $rows rows"
# the largest err_p over the rows is the run's grid error of p (same definition)
"$bin" run -p pendulum -f GGL -s radau5 --tol 1e-6 --json "$tmp/a.json" >/dev/null
python3 - "$tmp/a.csv" "$tmp/a.json" <<'PY' && ok "max err_p of the rows = error.grid.p" || bad "err_p differs from error.grid.p"
import csv, json, sys
rows = list(csv.DictReader(open(sys.argv[1])))
m = max(float(r["err_p"]) for r in rows)
g = json.load(open(sys.argv[2]))["error"]["grid"]["p"]
sys.exit(0 if abs(m - g) <= 1e-6 * g else 1)
PY
"$bin" plot --trajectory "$tmp/a.csv" >/dev/null 2>&1 && [ -s "$tmp/a-err.png" ] && [ -s "$tmp/a-err.svg" ] &&
    ok "plot --trajectory" || bad "plot --trajectory"
echo "t,x" > "$tmp/bad.csv"
"$bin" plot --trajectory "$tmp/bad.csv" 2>"$tmp/.err"; rc=$?
[ $rc -eq 2 ] && ok "plot --trajectory refuses a foreign CSV" || bad "foreign CSV: exit $rc"
summary
