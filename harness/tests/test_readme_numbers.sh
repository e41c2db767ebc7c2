#!/bin/bash
# test_readme_numbers.sh — every number in README.md is either what a command
# prints (or a file the README names holds), derived here by running the
# command or reading the file, or is excluded by one of the named rules below.
# A number that is neither fails the test, so a new figure in README needs a
# check here or a rule that says why it is no output.
#
# Checked (source of the value in brackets):
#   counts of problems, formulations, solvers  [daebench list --json]
#   the catalogue's n_p / n_λ / n_μ (formulas with the default N)  [the sizes
#     of the end values of run records: the runs of reference/baseline/quick.json,
#     and for a problem none of whose runs there is ok (bricard) a run made here;
#     N from daebench list --json]
#   time spans quoted in the catalogue (1000 s, 100 s, 200 s, [0, 1000])
#     [t_end of those runs]
#   the full sweep's run count and tolerance ladder  [reference/baseline/full.json]
#   the accuracy levels 4, 6, 8 of matrix and history  [the report's summary
#     page built from reference/baseline/quick.json; daebench history --help]
#   check's 10 % / 2x / half a digit and history's 10 %  [daebench check
#     --format json's "thresholds"; daebench history --help]
#   exit 1 on a regression, exit status 2 for a refused plugin  [running them]
#   the browser check's 1024 / 1280 px and 11 px  [plots/tests/browser_check.html,
#     the page `make browser-check` loads]
#   the example run lines (built-in solver and the example plugin, built here)
#     [running the shown command; cpu= aside, as in test_readme]
#   the diff table of the tuning experiment  [docs/running.md, named by the
#     README, which describes the experiment]
#   the cost table's instructions and CPU per step, ours and RADAU5's, and
#     the runs' tolerance  [reference/baseline/cost.json]
# Rules (a number in such a place is no output of this tree):
#   R-ident   part of a name: C11, EoM1, radau5, v28, sha256, A02, x.json, ...
#   R-cmd     an argument of a shown command (1e-8 in `--tol 1e-8`), inside
#             a code span or an indented command line
#   R-cite    a citation: seed numbers (000 … 004), sections (Ex. 2.8, §II.17,
#             5.1), the IFToMM numbers
#   R-model   the catalogue's last column: properties of the models stated by
#             their sources (45°, λ ≈ 7e4, eigenvalue ≈ −1e5, 24613 rad/s)
#   R-math    properties of the mathematics: indices of the formulations,
#             orders of the methods, "index-2/3", formulas (−log10)
#   R-env     the platform: Debian 12
#   R-list    the numbering of the "Benchmark your own solver" steps
#   R-time    wall times and the machine (about 10 min, 2 shared cores): they
#             depend on the machine, docs/running.md has the measurements
#   R-expt    the experiment's input: radau5's safety factor 0.9 → 0.7
# usage: test_readme_numbers.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
src=${2:?usage: test_readme_numbers.sh DAEBENCH_BINARY SOURCE_DIR}
readme=${DAEBENCH_TEST_README:-$src/README.md}   # a scratch copy can be tested
case $bin in /*) ;; *) bin=$PWD/$bin ;; esac
export DAEBENCH_REFERENCE_DIR="$src/reference/data"
quick=$src/reference/baseline/quick.json
full=$src/reference/baseline/full.json
out=$tmp/out
mkdir -p "$out"

# the outputs the numbers are checked against
"$bin" list --json >"$out/list.json"
"$bin" check --baseline "$quick" --results "$quick" --format json >"$out/check.json" 2>/dev/null
"$bin" history --help >"$out/history.txt" 2>&1
# exit status of check on a regression: one ok run of the baseline now failed
python3 - "$quick" "$out/regressed.json" <<'PY'
import json, sys
b = json.load(open(sys.argv[1]))
for r in b["runs"]:
    if r["status"] == "ok" and r["problem"] == "pendulum":
        r["status"], r["reason"], r["message"] = "failed", "stepsize", "doctored"
        break
json.dump(b, open(sys.argv[2], "w"))
PY
"$bin" check --baseline "$quick" --results "$out/regressed.json" >/dev/null 2>&1
echo $? >"$out/check_rc"
# a plugin that is no shared object is refused with exit status 2
echo "not a plugin" >"$tmp/bad.so"
"$bin" run --plugin "$tmp/bad.so" -p pendulum -f GGL -s radau5 --tol 1e-6 >/dev/null 2>&1
echo $? >"$out/plugin_rc"
# bricard: every run of the quick suite fails (redundant constraint); geoms/svd runs
"$bin" run -p bricard -f oEoM1 -s geoms --variant svd --tol 1e-3 --json "$out/bricard.json" >/dev/null 2>&1
# the summary page of the quick baseline (its matrix's accuracy levels)
cp "$quick" "$tmp/q.json"
mkdir -p "$tmp/qplots"
"$bin" report --results "$tmp/q.json" --plots "$tmp/qplots" --out "$tmp/qrep" >/dev/null 2>&1
cp "$tmp/qrep/index.html" "$out/index.html" 2>/dev/null
# the example plugin, built as docs/plugin.md says (gfortran or cmake not needed)
plugin_ok=0
if cc -shared -fPIC -O2 -I"$src/include" "$src/examples/plugins/c/euler_plugin.c" \
      -o "$tmp/libeuler.so" -lm 2>"$tmp/cc.err"; then plugin_ok=1; fi
# run every shown `daebench run` command (built-in and plugin), in $tmp
awk '/^    \$ (build\/)?daebench run / { sub(/^    \$ (build\/)?daebench run /, ""); print }' "$readme" |
while IFS= read -r args; do
    a=${args//.\/libeuler.so/$tmp/libeuler.so}
    read -r -a argv <<<"$a"
    printf '%s\t%s\n' "$args" "$(cd "$tmp" && "$bin" run "${argv[@]}" 2>&1)"
done >"$out/runs.tsv"

python3 - "$readme" "$out" "$quick" "$full" "$src" "$plugin_ok" <<'PY'
import json, math, os, re, sys
readme, out, quick, full, src, plugin_ok = sys.argv[1:7]
lines = open(readme, encoding="utf-8").read().split("\n")
lst = json.load(open(os.path.join(out, "list.json")))
chk = json.load(open(os.path.join(out, "check.json")))
hist = open(os.path.join(out, "history.txt")).read()
runs_q = json.load(open(quick))["runs"]
runs_f = json.load(open(full))["runs"]
index = open(os.path.join(out, "index.html")).read() if os.path.exists(os.path.join(out, "index.html")) else ""
browser = open(os.path.join(src, "plots/tests/browser_check.html")).read()
running = open(os.path.join(src, "docs/running.md"), encoding="utf-8").read()
shown_runs = [l.split("\t", 1) for l in open(os.path.join(out, "runs.tsv")).read().split("\n") if "\t" in l]
fails = 0
numre = re.compile(r"[−-]?\d+(?:[.,]\d+)*(?:e[-+]?\d+)?")
covered = {}          # (line index, start) -> why
def ok(m): print("ok   " + m)
def bad(m):
    global fails; fails += 1; print("FAIL " + m)
def find(pattern):
    """(line index, match) of the first README line matching pattern"""
    for i, l in enumerate(lines):
        m = re.search(pattern, l)
        if m: return i, m
    return None, None
def claim(what, pattern, expected, group=1):
    """README's number (group of pattern) must equal expected (a string)"""
    i, m = find(pattern)
    if m is None:
        bad("README: no line matches %r (%s)" % (pattern, what)); return
    got = m.group(group)
    if got == str(expected): ok("README:%d: %s %s (= %s)" % (i + 1, what, got, expected))
    else: bad("README:%d: %s is %s, the source says %s" % (i + 1, what, got, expected))
    cover_span(i, m.start(group), m.end(group), what)
def cover_span(i, s, e, why):
    for t in numre.finditer(lines[i][s:e]):
        covered[(i, s + t.start())] = why
def cover_line(i, why):
    covered[(i, None)] = why

# counts of the catalogue (words in the text)
words = {"six": 6, "seven": 7, "fourteen": 14}
i, m = find(r"\b(Fourteen|Fifteen|Thirteen|\w+) problems, each")
n = words.get(m.group(1).lower()) if m else None
(ok if n == len(lst["problems"]) else bad)("README: '%s problems' and list --json has %d" % (m.group(1) if m else "?", len(lst["problems"])))
i, m = find(r"turned into (\w+) formulations")
(ok if m and words.get(m.group(1)) == len(lst["formulations"]) else bad)(
    "README: '%s formulations', list --json has %d" % (m.group(1) if m else "?", len(lst["formulations"])))
solver_rows = [l for l in lines if re.match(r"\| `[a-z0-9_]+` \| .* \| (EoM|oEoM)", l)]
built = [s["name"] for s in lst["solvers"]] + [s if isinstance(s, str) else s.get("name") for s in lst.get("not_built", [])]
names = [re.match(r"\| `([a-z0-9_]+)`", l).group(1) for l in solver_rows]
(ok if sorted(names) == sorted(set(built)) else bad)("README: the solvers table lists %s; the program has %s" % (names, sorted(set(built))))

# the catalogue table: n_p / n_λ / n_μ from the runs of the quick baseline
sizes, tend = {}, {}
extra = [json.load(open(os.path.join(out, "bricard.json")))] if os.path.exists(os.path.join(out, "bricard.json")) else []
for r in runs_q + extra:
    e = r.get("end") or {}
    if isinstance(e.get("p"), list) and len(e["p"]) and (r["problem"] not in sizes):
        sizes[r["problem"]] = (len(e["p"]), len(e["lambda"]), len(e.get("mu") or []), r.get("params") or {})
    if r["status"] == "ok" and isinstance(e.get("t"), (int, float)):
        tend[(r["problem"], r["scenario"])] = e["t"]
defaults = {p["name"]: {q["name"]: q["default"] for q in p["params"]} for p in lst["problems"]}
for i, l in enumerate(lines):
    m = re.match(r"\| `([a-z_]+)`[^|]*\| ([^|]+) / ([^|]+) / ([^|]+) \|", l)
    if not m: continue
    prob = m.group(1)
    if prob not in sizes:
        bad("README:%d: %s has no run with end values in %s" % (i + 1, prob, quick)); continue
    N = sizes[prob][3].get("N", defaults.get(prob, {}).get("N"))
    want = sizes[prob][:3]
    got = []
    for k in range(3):
        expr = m.group(k + 2).strip()
        if not re.fullmatch(r"[0-9N+*]+", expr):
            bad("README:%d: size %r of %s is no formula in N" % (i + 1, expr, prob)); got = None; break
        got.append(eval(re.sub(r"(\d)N", r"\1*N", expr), {"N": N}))
        cover_span(i, m.start(k + 2), m.end(k + 2), "size")
    if got is None: continue
    if tuple(got) == want: ok("README:%d: %s n_p/n_λ/n_μ = %s (runs: %s, N = %s)" % (i + 1, prob, "/".join(m.group(k + 2).strip() for k in range(3)), want, N))
    else: bad("README:%d: %s sizes %s, the runs have %s (N = %s)" % (i + 1, prob, got, want, N))
# the time spans the catalogue quotes
for pat, key in [(r"(\d+) s of drift in `long`", ("pendulum", "long")),
                 (r"skateboard.*\| nonholonomic constraints; (\d+) s of", ("skateboard", "s1")),
                 (r"pendulum_chain.*scalable; (\d+) s;", ("pendulum_chain", "slow")),
                 (r"fekete.*t ∈ \[0, (\d+)\]", ("fekete", "default"))]:
    t = tend.get(key)
    claim("t_end of %s:%s" % key, pat, "%g" % t if t is not None else "no run")

# the full sweep
claim("runs of the full sweep (%s)" % os.path.basename(full), r"1e-10, (\d+) runs", len(runs_f))
tols = sorted(set(r["rtol"] for r in runs_f))
claim("loosest tolerance of the full sweep", r"every scenario at (1e-\d+) … 1e-\d+", "1e-%d" % round(-math.log10(tols[-1])))
claim("tightest tolerance of the full sweep", r"every scenario at 1e-\d+ … (1e-\d+)", "1e-%d" % round(-math.log10(tols[0])))
(ok if "reference/baseline/full.json" in "\n".join(lines) else bad)("README names reference/baseline/full.json for the full sweep's figures")

# accuracy levels: the matrix (summary page) and history
lv = re.search(r"gscd (\d) / (\d) / (\d)", index)
levels = ", ".join(lv.groups()) if lv else "none on the summary page"
claim("matrix levels (summary page: %s)" % levels, r"work to reach (\d, \d, \d) digits", levels)
hl = re.search(r"--levels LIST .*\(default (\d),(\d),(\d)\)", hist)
claim("history levels", r"work to reach (\d, \d and \d) digits", "%s, %s and %s" % hl.groups() if hl else "none")
ht = re.search(r"\(default (0\.\d+)\)", hist)
claim("history's move threshold", r"moved by more than (\d+) %", "%g" % (100 * float(ht.group(1))) if ht else "none")
th = chk.get("thresholds", {})
claim("check's curve-growth", r"curve (\d+) % more expensive", "%g" % (100 * th.get("curve-growth", -1)))
claim("check's curve-point", r"one run (\d+)× off it", "%g" % th.get("curve-point", -1))
i, m = find(r"or (half) a digit lost at")
(ok if m and th.get("curve-digits") == 0.5 else bad)("README: 'half a digit' and curve-digits = %s" % th.get("curve-digits"))
# exit codes
rc = open(os.path.join(out, "check_rc")).read().strip()
claim("check's exit status on a regression (ran: %s)" % rc, r"\(exit (\d) on a regression\)", rc)
claim("check's exit status on a regression (ran: %s)" % rc, r"Exit (\d) on a regression", rc)
prc = open(os.path.join(out, "plugin_rc")).read().strip()
claim("exit status of a refused plugin (ran: %s)" % prc, r"refused with one line and exit status (\d)", prc)
# the browser check's widths and size (the page make browser-check loads)
bw = re.search(r"for \(const w of \[(\d+)\]\)", browser)
b1 = re.search(r"loadFrame\(url, (\d+)\)", browser)
bs = re.search(r"if \(m\.min < (\d+)\)", browser)
claim("browser-check's first width", r"in headless Chromium at (\d+) and \d+ px", b1.group(1) if b1 else "?")
claim("browser-check's second width", r"in headless Chromium at \d+ and (\d+) px", bw.group(1) if bw else "?")
claim("browser-check's least legend size", r"every legend at least (\d+) px", bs.group(1) if bs else "?")
# the shown run lines
strip = lambda s: re.sub(r" cpu=\S*", "", s.strip())
for i, l in enumerate(lines):
    if not re.match(r"    pendulum:", l): continue
    prev = lines[i - 1]
    m = re.match(r"    \$ (?:build/)?daebench run (.*)$", prev)
    if not m:
        bad("README:%d: a run line without its command above it" % (i + 1)); continue
    args = m.group(1)
    got = dict(shown_runs).get(args)
    if "--plugin" in args and plugin_ok != "1":
        bad("README:%d: the example plugin did not build" % (i + 1)); continue
    if got is not None and strip(got) == strip(l):
        ok("README:%d: 'daebench run %s' prints the line shown (cpu= aside)" % (i + 1, args))
    else:
        bad("README:%d: 'daebench run %s' prints %r" % (i + 1, args, got))
    cover_line(i, "run line")
# the diff table: the same rows in docs/running.md, which the README names
rows = [l for l in lines if re.match(r"\| (radau5|geoms|rosnys)", l) and "digits" in l]
(ok if rows and all(r in running for r in rows) and "docs/running.md" in "\n".join(lines) else bad)(
    "README: the %d rows of the diff table are docs/running.md's" % len(rows))
for r in rows: cover_line(lines.index(r), "diff table")

# the cost table: reference/baseline/cost.json (which the README names), the
# figures as README prints them: instructions in k to 3 digits, CPU µs to 3
# digits, the ratios ours / RADAU5 of instructions and of CPU (the least of
# the rounds) to 2 decimals, "—" where the Fortran code was not measured
costf = os.path.join(src, "reference/baseline/cost.json")
cost = {r["name"]: r for r in json.load(open(costf))["runs"]} if os.path.exists(costf) else {}
kfmt = lambda x: "%.3g k" % (x / 1000.0)
cfmt = lambda x: "%.3g" % x
rfmt = lambda x: "%.2f" % x if x is not None else "nan"
ncost = 0
for i, l in enumerate(lines):
    m = re.match(r"\| `([a-z_0-9]+-[A-Za-z0-9]+-[a-z0-9]+)` \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \| ([^|]+) \|$", l)
    if not m: continue
    r = cost.get(m.group(1))
    if r is None:
        bad("README:%d: %s is no run of %s" % (i + 1, m.group(1), costf)); continue
    meas = r.get("fortran_measured") is True
    cpu = r.get("cpu_us_per_step") or {}
    want = [kfmt(r["instructions_per_step"]),
            kfmt(r["fortran_per_step"]) if meas else "—",
            cfmt(cpu.get("min", float("nan"))),
            cfmt(r.get("fortran_cpu_us_per_step") or float("nan")) if meas else "—",
            rfmt(r.get("ratio_instructions")) if meas else "—",
            rfmt((r.get("ratio_cpu") or {}).get("min")) if meas else "—"]
    got = [m.group(k).strip() for k in range(2, 8)]
    if got == want: ok("README:%d: the cost row of %s is cost.json's (%s)" % (i + 1, m.group(1), ", ".join(want)))
    else: bad("README:%d: the cost row of %s says %s, cost.json gives %s" % (i + 1, m.group(1), got, want))
    ncost += 1
    cover_line(i, "cost table")
(ok if ncost == 0 or "reference/baseline/cost.json" in "\n".join(lines) else bad)("README names reference/baseline/cost.json for its cost table")
if ncost:
    tols = sorted(set(re.search(r"--tol (\S+)", cost[k]["args"]).group(1) for k in cost
                      if re.search(r"--tol (\S+)", cost[k]["args"]) and any("`%s`" % k in l for l in lines)))
    claim("the tolerance of the cost runs shown", r"per accepted step at tol (1e-\d+)", tols[0] if len(tols) == 1 else "/".join(tols))

# every other number must fall under a rule
def rule(i, l, m):
    s, e, tok = m.start(), m.end(), m.group(0)
    before, after = l[:s], l[e:]
    # R-ident: part of a name (letters, _, - or . glued to it, or inside a file name)
    if re.search(r"[A-Za-z_]$", before) or re.match(r"[A-Za-z_]", after): return "R-ident"
    if re.search(r"[A-Za-z_][-.]$", before) or re.match(r"[-.][A-Za-z_]", after) and not re.match(r"\.\s", after): return "R-ident"
    if re.search(r"SHA-$", before): return "R-ident"
    # R-cmd: inside a code span or a shown command
    if l.startswith("    ") or before.count("`") % 2 == 1: return "R-cmd"
    # R-cite: citations
    if re.search(r"(\(|GEOMS |MEXX |Führer |Steinbrecher |Nyström )$", before) and re.fullmatch(r"00\d", tok): return "R-cite"
    if re.search(r"(Ex\. |§|§II\.|, |\) )$", before) and re.search(r"(GEOMS|MEXX|Rosenbrock|IVP test set|IFToMM)", l) and re.fullmatch(r"\d+(\.\d+)?", tok) and re.search(r"\| [^|]*$", before) and not re.search(r"\| [^|]*\| [^|]*\| [^|]*$", before): return "R-cite"
    # R-model: the last column of the catalogue table
    if l.startswith("| `") and l.count("|") == 5 and before.count("|") == 4: return "R-model"
    if l.startswith("| `") and l.count("|") == 5 and before.count("|") == 3: return "R-cite"
    # R-env: the platform named
    if re.search(r"Debian $", before): return "R-env"
    # R-math: indices, orders, formulas
    if re.search(r"(index |index-|order |BDF |log)$", before) or re.search(r"(index-\d/)$", before) or re.match(r"–\d", after) and re.search(r"BDF $", before): return "R-math"
    if re.search(r"BDF \d–$", before) or re.search(r"−log$", before): return "R-math"
    # R-list: the steps of "Benchmark your own solver"
    if re.match(r"\*\*" + tok + r"\. ", l): return "R-list"
    # R-time: wall times and the machine
    if re.match(r"(–\d+)? min", after) or re.search(r"\d–$", before) and re.match(r" min", after): return "R-time"
    if re.match(r" shared cores", after): return "R-time"
    # R-expt: the experiment's input
    if re.search(r"safety\s*$", lines[i - 1] if i else "") or re.search(r"factor $", before) or re.search(r"0\.9 → $", before): return "R-expt"
    return None
unexplained = []
for i, l in enumerate(lines):
    if (i, None) in covered: continue
    # link targets are file names (R-ident)
    scan = re.sub(r"\]\([^)]*\)", lambda x: " " * len(x.group(0)), l)
    for m in numre.finditer(scan):
        if (i, m.start()) in covered or (i, m.start() + (1 if m.group(0)[0] in "−-" else 0)) in covered: continue
        why = rule(i, scan, m)
        if why is None: unexplained.append("README:%d: %r in: %s" % (i + 1, m.group(0), l.strip()[:110]))
if unexplained:
    bad("%d numbers neither checked nor under a rule:" % len(unexplained))
    for u in unexplained[:30]: print("       " + u)
else:
    ok("every number of README is checked or under a named rule (%d checked)" % len(covered))
sys.exit(1 if fails else 0)
PY
rc=$?
[ $rc -eq 0 ] && ok "README numbers" || bad "README numbers"

# the test goes red: a scratch README with a wrong count and an unexplained figure
if [ -z "${DAEBENCH_TEST_README:-}" ]; then
    mkdir -p "$tmp/scratch"
    cp -r "$src/docs" "$tmp/scratch/" 2>/dev/null
    # and the last row of the cost table with a figure that is not cost.json's
    last=$(grep -n '^| `[a-z_0-9]*-[A-Za-z0-9]*-[a-z0-9]*` |' "$readme" | tail -1 | cut -d: -f1)
    sed -e 's/1e-10, [0-9]* runs/1e-10, 2855 runs/' -e '0,/^## Measures$/s//## Measures\n\nThe quick suite takes 731 runs./' \
        -e "${last:-1}s/| \([0-9.]*\) k |/| 1.11 k |/" \
        -e '/^| `pendulum-GGL-radau5` |/s/| [0-9.]* |$/| 9.99 |/' "$readme" >"$tmp/scratch/README.md"
    DAEBENCH_TEST_README=$tmp/scratch/README.md bash "${BASH_SOURCE[0]}" "$bin" "$src" >"$tmp/red.log" 2>&1
    if grep -q "runs of the full sweep .* is 2855, the source says" "$tmp/red.log" &&
       grep -q "'731' in: The quick suite takes 731 runs" "$tmp/red.log" &&
       { [ -z "$last" ] || grep -q "the cost row of .* says \['1.11 k'" "$tmp/red.log"; } &&
       { ! grep -q '^| `pendulum-GGL-radau5` |' "$readme" ||
         grep -q "the cost row of pendulum-GGL-radau5 says \[.*'9.99'\]" "$tmp/red.log"; }; then
        ok "a wrong count, a wrong cost figure, a wrong CPU ratio and an unexplained number in a scratch README fail"
    else
        bad "the scratch README did not fail as it should:"; grep FAIL "$tmp/red.log" | head
    fi
fi
summary
