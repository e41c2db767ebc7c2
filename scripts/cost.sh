#!/usr/bin/env bash
# cost.sh — the cost per accepted step of a fixed set of runs, two ways:
# instructions, counted by valgrind's callgrind inside the timed integrations
# only (--toggle-collect=db_timed_integrate) and divided by calls × accepted
# steps — a deterministic figure, gated against a baseline; and CPU time per
# step, the runs timed natively in interleaved rounds (round 1: A B C …, round
# 2: A B C …; each `daebench run` already the minimum of its own calls) and
# reported as the minimum, median and maximum over the rounds — informative,
# so that an instruction win that loses time shows.  Writes OUT/cost.json
# (atomically: temp file + rename), prints the table of both, and with gnuplot
# draws OUT/cost.png.
#
#   scripts/cost.sh [--daebench PATH] [--out DIR] [--baseline FILE [--slack F]]
#                   [--runs FILE] [--rounds N]
#
# With --baseline (an earlier cost.json, e.g. reference/baseline/cost.json)
# every run must stay within a factor 1 + F (default 0.02) of its baseline
# instruction figure; exit 1 otherwise (a rise in cost is a regression), 2 on
# bad input.  CPU time is never gated here: it is compared with the baseline's
# only as information, and said whether the baseline came from the same CPU
# model (a CPU comparison means something only on the same, quiet machine).
# --rounds N: rounds of CPU timing (default 5; 0: none).  --runs replaces the
# fixed set (lines "name|daebench run arguments|instructions per step of the
# Fortran code or 0[|its CPU µs per step on this machine or 0]").  `make cost`
# runs it on build/daebench into results/cost against
# reference/baseline/cost.json.
set -eu
DAEBENCH=build/daebench
OUT=results/cost
BASELINE=""
SLACK=0.02
RUNSFILE=""
ROUNDS=5
while [ $# -gt 0 ]; do
    case "$1" in
        --daebench) DAEBENCH="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --baseline) BASELINE="$2"; shift 2 ;;
        --slack) SLACK="$2"; shift 2 ;;
        --runs) RUNSFILE="$2"; shift 2 ;;
        --rounds) ROUNDS="$2"; shift 2 ;;
        *) echo "cost.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
command -v valgrind >/dev/null 2>&1 || { echo "cost.sh: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
[ -x "$DAEBENCH" ] || { echo "cost.sh: $DAEBENCH not built (make build)" >&2; exit 2; }
case "$ROUNDS" in ''|*[!0-9]*) echo "cost.sh: --rounds takes a whole number" >&2; exit 2 ;; esac
[ -z "$BASELINE" ] || [ -r "$BASELINE" ] || { echo "cost.sh: cannot read baseline $BASELINE" >&2; exit 2; }
export OPENBLAS_NUM_THREADS=1

# name | daebench run arguments | instructions per step of the Fortran code on the
# same run (0: none) [| its CPU µs per step measured on this machine (0: none)]
# (RADAU5, DASSL: gfortran -O2 builds of their public sources, issue 31; no CPU
# figure of them is stored, as it holds only for the machine it was taken on)
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
cpu_model=$(sed -n 's/^model name[[:space:]]*:[[:space:]]*//p' /proc/cpuinfo 2>/dev/null | head -1 | tr -d "\"\\\\")
[ -n "$cpu_model" ] || cpu_model=unknown

# the first number of "NAME": in a file (a run record, one field a line)
field() { sed -n "s/^[[:space:]]*\"$1\":[[:space:]]*\\([0-9.eE+-]*\\).*/\\1/p" "$2" | head -1; }
# the number of "KEY": on the baseline's line of run NAME ("" if none)
base_of() {
    [ -n "$BASELINE" ] || return 0
    grep -F "\"name\": \"$1\"," "$BASELINE" | sed -n "s/.*\"$2\": *\\([0-9.eE+-]*\\).*/\\1/p" | head -1
}

names=() argv=() fir=() fcpu=() per=() steps=() reps=() ins=()
while IFS='|' read -r name args fortran fortran_cpu; do
    [ -n "$name" ] || continue
    names+=("$name") argv+=("$args") fir+=("${fortran:-0}") fcpu+=("${fortran_cpu:-0}")
done <<EOF
$RUNS
EOF
[ ${#names[@]} -gt 0 ] || { echo "cost.sh: no runs" >&2; exit 2; }

# 1. instructions per step under callgrind, gated against the baseline
for i in "${!names[@]}"; do
    name=${names[$i]}
    cg="$tmpdir/$name.cg"
    rj="$tmpdir/$name.json"
    # one output file per process (%p): `run` integrates in a child process
    # (harness/run/isolate.c); the instructions of all of them are summed
    rm -f "$cg".*
    # shellcheck disable=SC2086
    if ! valgrind --tool=callgrind --toggle-collect=db_timed_integrate --callgrind-out-file="$cg.%p" \
            "$DAEBENCH" run ${argv[$i]} --json "$rj" >"$tmpdir/$name.log" 2>&1; then
        echo "cost.sh: run $name failed:" >&2
        tail -5 "$tmpdir/$name.log" >&2
        exit 2
    fi
    ir=$(cat "$cg".* 2>/dev/null | sed -n 's/^summary: *//p' | awk '{ s += $1; n++ } END { if (n) printf "%.0f", s }')
    st=$(field steps "$rj")
    rp=$(field repeats "$rj")
    cpu=$(field cpu_seconds "$rj")
    if [ -z "$ir" ] || [ -z "$st" ] || [ -z "$rp" ] || [ "$st" = 0 ] || [ "$rp" = 0 ]; then
        echo "cost.sh: run $name: no instruction count or steps" >&2
        exit 2
    fi
    ins[i]=$ir steps[i]=$st reps[i]=$rp
    per[i]=$(awk -v i="$ir" -v r="$rp" -v s="$st" 'BEGIN { printf "%.1f", i / (r * s) }')
    printf '%d "%s" %s %s\n' "$i" "$name" "${per[$i]}" "${fir[$i]}" >>"$dat"
    line=$(printf '%-30s %12.0f instructions/step  (steps %s, repeats %s, cpu/run under valgrind %ss)' \
           "$name" "${per[$i]}" "$st" "$rp" "$cpu")
    base=$(base_of "$name" instructions_per_step)
    if [ -n "$base" ]; then
        verdict=$(awk -v p="${per[$i]}" -v b="$base" -v s="$SLACK" 'BEGIN { print (p > b * (1 + s)) ? "REGRESSION" : "ok" }')
        line="$line  baseline $base: $verdict"
        [ "$verdict" = ok ] || fail=1
    elif [ -n "$BASELINE" ]; then
        line="$line  (not in the baseline)"
    fi
    echo "$line"
done

# 2. CPU µs per step, natively, in interleaved rounds (A B C …, A B C …): a
# change of load hits every run alike instead of one run's rounds
load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
for ((r = 1; r <= ROUNDS; r++)); do
    for i in "${!names[@]}"; do
        rj="$tmpdir/cpu.json"
        # shellcheck disable=SC2086
        if ! "$DAEBENCH" run ${argv[$i]} --json "$rj" >"$tmpdir/cpu.log" 2>&1; then
            echo "cost.sh: run ${names[$i]} failed (CPU round $r):" >&2
            tail -5 "$tmpdir/cpu.log" >&2
            exit 2
        fi
        # the order of the calls, for the test of the interleaving (test_cost.sh)
        [ -z "${COST_ROUNDS_LOG:-}" ] || echo "$r ${names[$i]}" >>"$COST_ROUNDS_LOG"
        awk -v c="$(field cpu_seconds "$rj")" -v s="$(field steps "$rj")" \
            'BEGIN { if (s > 0 && c != "") printf "%.6g\n", 1e6 * c / s }' >>"$tmpdir/cpu.$i"
    done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)

# min, median, max of run i's rounds ("" without rounds)
spread() {
    [ -s "$tmpdir/cpu.$1" ] || return 0
    sort -g "$tmpdir/cpu.$1" | awk '{ v[NR] = $1 }
        END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
              printf "%.4g %.4g %.4g", v[1], m, v[NR] }'
}

bmodel=""
[ -z "$BASELINE" ] || bmodel=$(sed -n 's/^[[:space:]]*"cpu_model":[[:space:]]*"\(.*\)",*$/\1/p' "$BASELINE" | head -1)
{
    printf '{\n  "what": "callgrind instructions per accepted step inside db_timed_integrate; CPU microseconds per accepted step, min/median/max over interleaved rounds",\n'
    printf '  "cpu_model": "%s",\n  "cpu_rounds": %d,\n' "$cpu_model" "$ROUNDS"
    printf '  "load_average": {"before": "%s", "after": "%s"},\n  "runs": [\n' "$load_before" "$load_after"
    for i in "${!names[@]}"; do
        read -r mn md mx <<<"$(spread "$i")"
        if [ -n "${mn:-}" ]; then
            cpuj=$(printf '{"min": %s, "median": %s, "max": %s}' "$mn" "$md" "$mx")
        else
            cpuj=null
        fi
        [ "$i" = 0 ] || printf ',\n'
        printf '    {"name": "%s", "args": "%s", "instructions": %s, "repeats": %s, "steps": %s, "instructions_per_step": %s, "fortran_per_step": %s, "cpu_us_per_step": %s, "fortran_cpu_us_per_step": %s}' \
            "${names[$i]}" "${argv[$i]}" "${ins[$i]}" "${reps[$i]}" "${steps[$i]}" "${per[$i]}" "${fir[$i]}" "$cpuj" "${fcpu[$i]}"
    done
    printf '\n  ]\n}\n'
} >"$json"
mv "$json" "$OUT/cost.json"

# the table: instructions and CPU side by side
if [ "$ROUNDS" -gt 0 ]; then
    echo
    echo "CPU per step: $ROUNDS interleaved rounds on $cpu_model, load average $load_before -> $load_after"
    if [ -n "$BASELINE" ]; then
        if [ -z "$bmodel" ]; then
            echo "baseline CPU: the baseline has no CPU figures (information only in any case)"
        elif [ "$bmodel" = "$cpu_model" ]; then
            echo "baseline CPU: the same CPU model (information only: not gated; quiet machine needed)"
        else
            echo "baseline CPU: $bmodel (another machine: information only)"
        fi
    fi
    printf '%-28s %10s %10s %8s %8s %8s %7s %9s %9s\n' run "Ir/step" "Fortran" "us min" median max "GIr/s" "Fort. us" "base us"
    for i in "${!names[@]}"; do
        read -r mn md mx <<<"$(spread "$i")"
        bcpu=$(grep -F "\"name\": \"${names[$i]}\"," "$BASELINE" 2>/dev/null |
               sed -n 's/.*"cpu_us_per_step": *{"min": *\([0-9.eE+-]*\).*/\1/p' | head -1 || true)
        awk -v n="${names[$i]}" -v p="${per[$i]}" -v f="${fir[$i]}" -v mn="$mn" -v md="$md" -v mx="$mx" \
            -v fc="${fcpu[$i]}" -v b="$bcpu" 'BEGIN {
            fs = (f > 0) ? sprintf("%.0f", f) : "-"
            fcs = (fc > 0) ? sprintf("%.3g", fc) : "-"
            bs = (b != "") ? sprintf("%.3g x%.2f", b, mn / b) : "-"
            printf "%-28s %10.0f %10s %8.3g %8.3g %8.3g %7.2f %9s %9s\n", n, p, fs, mn, md, mx, p / mn / 1000, fcs, bs }'
    done
fi
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
