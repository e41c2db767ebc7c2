#!/usr/bin/env bash
# cost.sh — instructions per accepted step of a fixed set of runs, counted by
# valgrind's callgrind inside the timed integrations only
# (--toggle-collect=db_timed_integrate) and divided by repeats × accepted steps:
# a deterministic cost figure beside the noisy CPU time.  Writes OUT/cost.json
# (atomically: temp file + rename) and, with gnuplot, OUT/cost.png.
#
#   scripts/cost.sh [--daebench PATH] [--out DIR] [--baseline FILE [--slack F]]
#                   [--runs FILE]
#
# With --baseline (an earlier cost.json, e.g. reference/baseline/cost.json)
# every run must stay within a factor 1 + F (default 0.02) of its baseline
# figure; exit 1 otherwise (a rise in cost is a regression), 2 on bad input.
# --runs replaces the fixed set (lines "name|daebench run arguments|figure of
# the Fortran code or 0").  `make cost` runs it on build/daebench into
# results/cost against reference/baseline/cost.json.
set -eu
DAEBENCH=build/daebench
OUT=results/cost
BASELINE=""
SLACK=0.02
RUNSFILE=""
while [ $# -gt 0 ]; do
    case "$1" in
        --daebench) DAEBENCH="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --baseline) BASELINE="$2"; shift 2 ;;
        --slack) SLACK="$2"; shift 2 ;;
        --runs) RUNSFILE="$2"; shift 2 ;;
        *) echo "cost.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
command -v valgrind >/dev/null 2>&1 || { echo "cost.sh: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
[ -x "$DAEBENCH" ] || { echo "cost.sh: $DAEBENCH not built (make build)" >&2; exit 2; }
[ -z "$BASELINE" ] || [ -r "$BASELINE" ] || { echo "cost.sh: cannot read baseline $BASELINE" >&2; exit 2; }
export OPENBLAS_NUM_THREADS=1

# name | daebench run arguments | figure of the Fortran code on the same run (0: none)
RUNS='andrews-EoM-radau5|-p andrews -f EoM -s radau5 --tol 1e-8|210000
pendulum-GGL-radau5|-p pendulum -f GGL -s radau5 --tol 1e-8|14100
andrews-EoM1-bdf|-p andrews -f EoM1 -s bdf --tol 1e-8|31800
pendulum-GGL-bdf|-p pendulum -f GGL -s bdf --tol 1e-8|4800
pendulum_chain16-GGL-radau5|-p pendulum_chain -f GGL -s radau5 --tol 1e-6 --param N=16|0
pendulum_chain64-GGL-radau5|-p pendulum_chain -f GGL -s radau5 --tol 1e-6 --param N=64|0
insulator_chain64-GGL-bdf|-p insulator_chain -f GGL -s bdf --tol 1e-6 --param N=64|0'
if [ -n "$RUNSFILE" ]; then
    [ -r "$RUNSFILE" ] || { echo "cost.sh: cannot read $RUNSFILE" >&2; exit 2; }
    RUNS=$(cat "$RUNSFILE")
fi

mkdir -p "$OUT"
tmpdir=$(mktemp -d "$OUT/.cost.XXXXXX")
trap 'rm -rf "$tmpdir"' EXIT
json="$tmpdir/cost.json"
dat="$tmpdir/cost.dat"
fail=0
first=1
printf '{\n  "what": "callgrind instructions per accepted step inside db_timed_integrate",\n  "runs": [\n' >"$json"
k=0
while IFS='|' read -r name args fortran; do
    [ -n "$name" ] || continue
    cg="$tmpdir/$name.cg"
    rj="$tmpdir/$name.json"
    # shellcheck disable=SC2086
    # one output file per process (%p): `run` integrates in a child process
    # (harness/run/isolate.c); the instructions of all of them are summed
    rm -f "$cg".*
    if ! valgrind --tool=callgrind --toggle-collect=db_timed_integrate --callgrind-out-file="$cg.%p" \
            "$DAEBENCH" run $args --json "$rj" >"$tmpdir/$name.log" 2>&1; then
        echo "cost.sh: run $name failed:" >&2
        tail -5 "$tmpdir/$name.log" >&2
        exit 2
    fi
    ir=$(cat "$cg".* 2>/dev/null | sed -n 's/^summary: *//p' | awk '{ s += $1; n++ } END { if (n) printf "%.0f", s }')
    steps=$(sed -n 's/^[[:space:]]*"steps":[[:space:]]*\([0-9]*\).*/\1/p' "$rj" | head -1)
    reps=$(sed -n 's/^[[:space:]]*"repeats":[[:space:]]*\([0-9]*\).*/\1/p' "$rj" | head -1)
    cpu=$(sed -n 's/^[[:space:]]*"cpu_seconds":[[:space:]]*\([0-9.eE+-]*\).*/\1/p' "$rj" | head -1)
    if [ -z "$ir" ] || [ -z "$steps" ] || [ -z "$reps" ] || [ "$steps" = 0 ] || [ "$reps" = 0 ]; then
        echo "cost.sh: run $name: no instruction count or steps" >&2
        exit 2
    fi
    per=$(awk -v i="$ir" -v r="$reps" -v s="$steps" 'BEGIN { printf "%.1f", i / (r * s) }')
    base=""
    if [ -n "$BASELINE" ]; then
        base=$(grep -F "\"name\": \"$name\"," "$BASELINE" |
               sed -n 's/.*"instructions_per_step": *\([0-9.eE+-]*\).*/\1/p' | head -1)
    fi
    [ $first = 1 ] || printf ',\n' >>"$json"
    first=0
    printf '    {"name": "%s", "args": "%s", "instructions": %s, "repeats": %s, "steps": %s, "instructions_per_step": %s, "fortran_per_step": %s}' \
        "$name" "$args" "$ir" "$reps" "$steps" "$per" "$fortran" >>"$json"
    printf '%d "%s" %s %s\n' "$k" "$name" "$per" "$fortran" >>"$dat"
    k=$((k + 1))
    line=$(printf '%-30s %12.0f instructions/step  (steps %s, repeats %s, cpu/run under valgrind %ss)' "$name" "$per" "$steps" "$reps" "$cpu")
    if [ -n "$base" ]; then
        verdict=$(awk -v p="$per" -v b="$base" -v s="$SLACK" 'BEGIN { print (p > b * (1 + s)) ? "REGRESSION" : "ok" }')
        line="$line  baseline $base: $verdict"
        [ "$verdict" = ok ] || fail=1
    elif [ -n "$BASELINE" ]; then
        line="$line  (not in the baseline)"
    fi
    echo "$line"
done <<EOF
$RUNS
EOF
printf '\n  ]\n}\n' >>"$json"
mv "$json" "$OUT/cost.json"
echo "cost: $OUT/cost.json"
if command -v gnuplot >/dev/null 2>&1; then
    if gnuplot -e "datafile='$dat'; outfile='$tmpdir/cost.png'" plots/cost.gp 2>"$tmpdir/gp.log"; then
        mv "$tmpdir/cost.png" "$OUT/cost.png"
        echo "cost: $OUT/cost.png"
    else
        echo "cost.sh: gnuplot failed: $(head -3 "$tmpdir/gp.log")" >&2
    fi
fi
[ $fail = 0 ] || { echo "cost.sh: instructions per step rose above the baseline" >&2; exit 1; }
