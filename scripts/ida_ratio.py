#!/usr/bin/env python3
"""ida_ratio.py — CPU-time ratio at equal accuracy (scd) of radau5 and bdf against
the external peer ida (SUNDIALS IDA), per problem: the README's ratio table.

For each problem/formulation every solver runs a tolerance ladder through
`daebench run --json`; scd is taken from the run record when the problem has a
reference (pendulum: exact solution), otherwise computed here against a reference
run of radau5 at tol 1e-12 on GGL: scd = -log10 max(err_p, err_v) at t_end, each
group's error scaled by the largest |y_ref| of that group at t_end (DESIGN.md's
group scaling, taken at the end point only).  log10(cpu) is interpolated
linearly in scd, and the ratio cpu(solver)/cpu(ida) is reported at the integer
scd values inside the range all three solvers reach, with their geometric mean.
usage: scripts/ida_ratio.py [DAEBENCH] [problem:FORM ...]
"""
import json, math, os, subprocess, sys, tempfile

B = sys.argv[1] if len(sys.argv) > 1 else "build/daebench"
CASES = sys.argv[2:] or ["pendulum:GGL", "andrews:EoM1"]
TOLS = [1e-4, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9]
SOLVERS = ["radau5", "bdf", "ida"]
tmp = tempfile.mkdtemp()


def run(prob, form, solver, tol):
    js = os.path.join(tmp, "r.json")
    subprocess.run([B, "run", "-p", prob, "-f", form, "-s", solver, "--tol", str(tol),
                    "--json", js], check=False, capture_output=True)
    r = json.load(open(js))
    return r["runs"][0] if "runs" in r else r


def scd_of(r, ref):
    if r.get("error") and r["error"].get("scd") is not None:
        return r["error"]["scd"]
    if ref is None or r["status"] != "ok":
        return None
    e = 0.0
    for g in ("p", "v"):
        y, yr = r["end"][g], ref["end"][g]
        sc = max(abs(x) for x in yr) or 1.0
        e = max(e, max(abs(a - b) for a, b in zip(y, yr)) / sc)
    return -math.log10(max(e, 1e-16))


print("| problem | form | scd | radau5/ida | bdf/ida |")
print("|---|---|---|---|---|")
for case in CASES:
    prob, form = case.split(":")
    ref = run(prob, "GGL", "radau5", 1e-12)
    ref = ref if ref["status"] == "ok" else None
    curves = {}
    for s in SOLVERS:
        pts = []
        for t in TOLS:
            r = run(prob, form, s, t)
            sc = scd_of(r, ref)
            if r["status"] == "ok" and sc is not None and r["cpu_seconds"] > 0:
                pts.append((sc, math.log10(r["cpu_seconds"])))
        curves[s] = sorted(pts)
        sys.stderr.write("%s %s %s: %s\n" % (prob, form, s,
                         ", ".join("scd %.2f cpu %.2e" % (a, 10 ** b) for a, b in curves[s])))
    if any(len(curves[s]) < 2 for s in SOLVERS):
        print("| %s | %s | - | n/a | n/a |" % (prob, form))
        continue
    lo = max(c[0][0] for c in curves.values())
    hi = min(c[-1][0] for c in curves.values())

    def at(c, x):
        for (x0, y0), (x1, y1) in zip(c, c[1:]):
            if x0 <= x <= x1 and x1 > x0:
                return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
        return None

    xs = [x for x in range(math.ceil(lo), math.floor(hi) + 1)] or [0.5 * (lo + hi)]
    rat = {s: [] for s in ("radau5", "bdf")}
    for x in xs:
        yi = at(curves["ida"], x)
        for s in rat:
            ys = at(curves[s], x)
            if yi is not None and ys is not None:
                rat[s].append(10 ** (ys - yi))
    gm = {s: (math.exp(sum(map(math.log, v)) / len(v)) if v else float("nan")) for s, v in rat.items()}
    print("| %s | %s | %.1f-%.1f | %.2f (%s) | %.2f (%s) |" % (
        prob, form, lo, hi, gm["radau5"], " ".join("%.2f" % v for v in rat["radau5"]),
        gm["bdf"], " ".join("%.2f" % v for v in rat["bdf"])))
