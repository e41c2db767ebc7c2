#!/usr/bin/env bash
# timing_spread.sh — the timing noise of an unchanged tree, as docs/check.md
# measures the gate's false-alarm rate: the same suite swept twice with one
# binary (A, then B), `daebench check` both ways (both must pass), and the
# spread of the calibrated CPU time between the two sweeps, run by run.
#
#   scripts/timing_spread.sh [--daebench PATH] [--out DIR] [--suite quick] [--jobs J]
#   scripts/timing_spread.sh --compare A/bench.json B/bench.json   # the spread only
#
# The spread: for every run ok in both files whose CPU time in A is at least
# 2 ms (check's --cpu-min), r = (cpu_B / cal_B) / (cpu_A / cal_A), cal the
# file's calibration kernel time; printed as the geometric mean of r, the
# median, 90th percentile and maximum of max(r, 1/r), and the geometric mean
# per solver; the same without the calibration (cpu_B / cpu_A: what check
# compares between two files of one machine); the sum of CPU time × calls of
# each sweep (the time its timing took).  A sweep also prints its wall time and
# the load average (CPU times are only comparable on a quiet machine), and
# check's own per-solver CPU ratio at equal gscd (what its --cpu-solver gates)
# each way, as a range over the solvers.  Exit 1 when a check fails, 2 on bad
# input.  harness/tests/test_timing_spread.sh checks --compare on small files.
set -eu
DAEBENCH=build/daebench
OUT=results/timing-spread
SUITE=quick
JOBS=2
CMP_A=""
CMP_B=""
while [ $# -gt 0 ]; do
    case "$1" in
        --daebench) DAEBENCH="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --suite) SUITE="$2"; shift 2 ;;
        --jobs) JOBS="$2"; shift 2 ;;
        --compare) CMP_A="$2"; CMP_B="$3"; shift 3 ;;
        *) echo "timing_spread.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
export OPENBLAS_NUM_THREADS=1

# the calibration kernel's seconds of a bench file (its "calibration" object)
calib() {
    sed -n '/"calibration":/,/}/s/^[[:space:]]*"seconds":[[:space:]]*\([0-9.eE+-]*\).*/\1/p' "$1" | head -1
}

# the spread of the runs of two bench files (their CSVs beside them)
spread() {
    local a="$1" b="$2" ca cb
    ca=$(calib "$a")
    cb=$(calib "$b")
    [ -n "$ca" ] && [ -n "$cb" ] || { echo "timing_spread.sh: no calibration in $a or $b" >&2; exit 2; }
    [ -r "${a%.json}.csv" ] && [ -r "${b%.json}.csv" ] ||
        { echo "timing_spread.sh: no bench.csv beside $a or $b" >&2; exit 2; }
    awk -v ca="$ca" -v cb="$cb" '
    # split one CSV line into f[1..n] (quoted fields with "" escapes)
    function csv(line, f,    n, i, c, q, cur) {
        n = 0; cur = ""; q = 0
        for (i = 1; i <= length(line); i++) {
            c = substr(line, i, 1)
            if (q) {
                if (c == "\"") {
                    if (substr(line, i + 1, 1) == "\"") { cur = cur "\""; i++ } else q = 0
                } else cur = cur c
            } else if (c == "\"") q = 1
            else if (c == ",") { f[++n] = cur; cur = "" }
            else cur = cur c
        }
        f[++n] = cur
        return n
    }
    FNR == 1 {
        file++
        csv($0, h)
        for (i in h) col[h[i]] = i
        next
    }
    {
        csv($0, f)
        timed[file] += f[col["cpu_seconds"]] * (f[col["repeats"]] > 1 ? f[col["repeats"]] : 1)
        once[file] += f[col["cpu_seconds"]]
        if (f[col["status"]] != "ok") next
        key = f[1] "|" f[2] "|" f[3] "|" f[4] "|" f[5] "|" f[6] "|" f[7]
        cpu = f[col["cpu_seconds"]] + 0
        if (file == 1) { A[key] = cpu; S[key] = f[col["solver"]] }
        else if ((key in A) && A[key] >= 0.002 && cpu > 0) {
            r = (cpu / cb) / (A[key] / ca)
            n++; lr = log(r); sum += lr
            d[n] = (r > 1) ? r : 1 / r
            q = cpu / A[key]; rsum += log(q)
            e[n] = (q > 1) ? q : 1 / q
            s = S[key]; ss[s] += lr; sn[s]++
        }
    }
    END {
        if (n == 0) { print "spread: no run compared"; exit }
        # sort d (insertion sort: a few hundred values)
        for (i = 2; i <= n; i++) { v = d[i]; j = i - 1; while (j >= 1 && d[j] > v) { d[j + 1] = d[j]; j-- } d[j + 1] = v }
        for (i = 2; i <= n; i++) { v = e[i]; j = i - 1; while (j >= 1 && e[j] > v) { e[j + 1] = e[j]; j-- } e[j + 1] = v }
        printf "spread: %d runs (ok in both, >= 2 ms in A), calibration A %.4g s, B %.4g s\n", n, ca, cb
        printf "spread: geometric mean B/A %.3f; |ratio| median %.3f, 90th percentile %.3f, max %.3f\n", \
            exp(sum / n), d[int((n + 1) / 2)], d[int(0.9 * n + 0.5)], d[n]
        printf "spread: uncalibrated (as check compares on one machine): geometric mean B/A %.3f; |ratio| median %.3f, 90th percentile %.3f, max %.3f\n", \
            exp(rsum / n), e[int((n + 1) / 2)], e[int(0.9 * n + 0.5)], e[n]
        printf "spread: CPU of the timing (cpu_seconds x calls, summed): A %.1f s, B %.1f s; of one call: A %.1f s, B %.1f s\n", \
            timed[1], timed[2], once[1], once[2]
        line = "spread: per solver (geometric mean B/A):"
        for (s in sn) line = line sprintf(" %s %.3f (%d)", s, exp(ss[s] / sn[s]), sn[s])
        print line
    }' "${a%.json}.csv" "${b%.json}.csv"
}

if [ -n "$CMP_A" ]; then
    spread "$CMP_A" "$CMP_B"
    exit 0
fi
[ -x "$DAEBENCH" ] || { echo "timing_spread.sh: $DAEBENCH not built (make build)" >&2; exit 2; }
mkdir -p "$OUT"
for s in A B; do
    echo "timing_spread: sweep $s: load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
    t0=$(date +%s)
    "$DAEBENCH" bench --suite "$SUITE" --jobs "$JOBS" --out "$OUT/$s" >"$OUT/$s.log" 2>&1 ||
        { echo "timing_spread.sh: sweep $s failed (see $OUT/$s.log)" >&2; exit 2; }
    echo "timing_spread: sweep $s: $(( $(date +%s) - t0 )) s wall, load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
done
rc=0
for w in "A B" "B A"; do
    set -- $w
    if "$DAEBENCH" check --baseline "$OUT/$1/bench.json" --results "$OUT/$2/bench.json" >"$OUT/check-$1-$2.txt" 2>&1; then
        echo "timing_spread: check --baseline $1 --results $2: pass ($(tail -1 "$OUT/check-$1-$2.txt"))"
    else
        echo "timing_spread: check --baseline $1 --results $2: FAIL (see $OUT/check-$1-$2.txt)"
        grep REGRESSION "$OUT/check-$1-$2.txt" | head -5
        rc=1
    fi
done
# check's own per-solver figure, the one its --cpu-solver (1.25) gates
for w in A-B B-A; do
    sed -n 's/.*calibrated CPU at equal gscd: x\([0-9.eE+-]*\).*/\1/p' "$OUT/check-$w.txt" |
        awk -v w="$w" '{ r = $1 + 0; if (n == 0 || r < lo) lo = r; if (n == 0 || r > hi) hi = r
                         d = (r > 1) ? r : 1 / r; if (d > worst) worst = d; n++ }
            END { if (n) printf "timing_spread: check %s: CPU at equal gscd per solver x%.3f … x%.3f over %d solvers, worst deviation x%.3f (gate: --cpu-solver 1.25)\n", w, lo, hi, n, worst }'
done
spread "$OUT/A/bench.json" "$OUT/B/bench.json"
exit $rc
