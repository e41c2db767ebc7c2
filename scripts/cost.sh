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
#                   [--runs FILE] [--rounds N] [--peer DIR]
#
# With --baseline (an earlier cost.json, e.g. reference/baseline/cost.json)
# every run must stay within a factor 1 + F (default 0.02) of its baseline
# instruction figure; exit 1 otherwise (a rise in cost is a regression), 2 on
# bad input.  CPU time is never gated here: it is compared with the baseline's
# only as information, and said whether the baseline came from the same CPU
# model (a CPU comparison means something only on the same, quiet machine).
# --rounds N: rounds of CPU timing (default 5; 0: none).  --runs replaces the
# fixed set (lines "name|daebench run arguments|instructions per step of the
# Fortran code or 0[|its CPU µs per step on this machine or 0[|its program]]").
#
# --peer DIR (scripts/fortran_peer.sh's bin directory, `make peers`): the runs
# with a program (fifth field "PROGRAM [ARGS]", run as DIR/PROGRAM NREP ARGS)
# get the Fortran code measured here instead of the stored figures: its
# instructions per accepted step under callgrind, Ir(NREP = 2) - Ir(NREP = 1)
# over its accepted steps (the "naccpt=" of its output; start-up and output
# cancel), and its CPU µs per step in the same interleaved rounds, right after
# ours (NREP = 0: it integrates as many times as take >= 50 ms and prints the
# mean per integration over its steps as "us_per_step_mean=").  cost.json then
# says "fortran_measured": true and gives the ratios ours / Fortran.  A peer
# program that fails fails the whole call (exit 2).  `make cost` runs it on
# build/daebench into results/cost against reference/baseline/cost.json, with
# --peer results/peers/bin when that exists.
set -eu
DAEBENCH=build/daebench
OUT=results/cost
BASELINE=""
SLACK=0.02
RUNSFILE=""
ROUNDS=5
PEER=""
while [ $# -gt 0 ]; do
    case "$1" in
        --daebench) DAEBENCH="$2"; shift 2 ;;
        --out) OUT="$2"; shift 2 ;;
        --baseline) BASELINE="$2"; shift 2 ;;
        --slack) SLACK="$2"; shift 2 ;;
        --runs) RUNSFILE="$2"; shift 2 ;;
        --rounds) ROUNDS="$2"; shift 2 ;;
        --peer) PEER="$2"; shift 2 ;;
        *) echo "cost.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
done
command -v valgrind >/dev/null 2>&1 || { echo "cost.sh: valgrind not found (apt-get install valgrind)" >&2; exit 2; }
[ -x "$DAEBENCH" ] || { echo "cost.sh: $DAEBENCH not built (make build)" >&2; exit 2; }
case "$ROUNDS" in ''|*[!0-9]*) echo "cost.sh: --rounds takes a whole number" >&2; exit 2 ;; esac
[ -z "$BASELINE" ] || [ -r "$BASELINE" ] || { echo "cost.sh: cannot read baseline $BASELINE" >&2; exit 2; }
[ -z "$PEER" ] || [ -d "$PEER" ] || { echo "cost.sh: --peer: no directory $PEER (make peers)" >&2; exit 2; }
export OPENBLAS_NUM_THREADS=1

# name | daebench run arguments | instructions per step of the Fortran code on the
# same run (0: none) [| its CPU µs per step measured on this machine (0: none)
# [| its program in the --peer directory, with arguments]]
# (RADAU5, DASSL: gfortran -O2 builds of their public sources, issue 31; no CPU
# figure of them is stored, as it holds only for the machine it was taken on).
# The stored instruction figures are the fallback without --peer.  Andrews'
# 210 000 is RADAU5 on the full 27 x 27 system (no M1); with M1 = 14, M2 = 7
# (IWORK(9), IWORK(10)), eliminating the rows ours eliminates too, as
# peers/radau5/andrews_eom runs it, RADAU5 takes 125 061 (gfortran 12.2 -O2,
# deSolve 1.34's copy, 126 accepted steps).
RUNS='andrews-EoM-radau5|-p andrews -f EoM -s radau5 --tol 1e-8|210000|0|andrews_eom
pendulum-GGL-radau5|-p pendulum -f GGL -s radau5 --tol 1e-8|14100|0|pendulum_ggl
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

names=() argv=() fir=() fcpu=() prog=() per=() steps=() reps=() ins=() fmeas=() fsteps=()
while IFS='|' read -r name args fortran fortran_cpu program; do
    [ -n "$name" ] || continue
    names+=("$name") argv+=("$args") fir+=("${fortran:-0}") fcpu+=("${fortran_cpu:-0}") prog+=("${program:-}")
done <<EOF
$RUNS
EOF
[ ${#names[@]} -gt 0 ] || { echo "cost.sh: no runs" >&2; exit 2; }
# the runs whose Fortran code is measured here (fmeas 1): a program and --peer
for i in "${!names[@]}"; do
    fmeas[i]=0 fsteps[i]=null
    [ -n "$PEER" ] && [ -n "${prog[$i]}" ] || continue
    p=${prog[$i]%% *}
    [ -x "$PEER/$p" ] || { echo "cost.sh: run ${names[$i]}: no peer program $PEER/$p (make peers)" >&2; exit 2; }
    fmeas[i]=1
done
# what the peer is (scripts/fortran_peer.sh's peer.txt), for cost.json
peer_info=""
[ -z "$PEER" ] || [ ! -r "$PEER/peer.txt" ] || peer_info=$(head -1 "$PEER/peer.txt" | tr -d '"\\')

# run i's Fortran program with NREP integrations, under the command prefix of
# the remaining arguments if any, its output in $tmpdir/peer.out; a failure
# ends the call with the program's last line
peer_run() {
    local i=$1 nrep=$2 p a msg
    shift 2
    p=${prog[$i]%% *} a=""
    [ "$p" = "${prog[$i]}" ] || a=${prog[$i]#* }
    # shellcheck disable=SC2086
    if ! "$@" "$PEER/$p" "$nrep" $a >"$tmpdir/peer.out" 2>"$tmpdir/peer.err"; then
        # its last message: stderr's (not valgrind's), else stdout's
        msg=$(grep -v -e '^==[0-9]*==' -e '^[[:space:]]*$' "$tmpdir/peer.err" | tail -1)
        [ -n "$msg" ] || msg=$(grep -v '^[[:space:]]*$' "$tmpdir/peer.out" | tail -1)
        echo "cost.sh: run ${names[$i]}: the Fortran peer $PEER/$p failed (NREP $nrep): ${msg:-no output}" >&2
        exit 2
    fi
}
# the total Ir of the callgrind files $1.* (one per process)
cg_sum() { cat "$1".* 2>/dev/null | sed -n 's/^summary: *//p' | awk '{ s += $1; n++ } END { if (n) printf "%.0f", s }'; }
# run i's Fortran code: instructions per accepted step, (Ir(2) - Ir(1)) / steps
peer_ir() {
    local i=$1 ir1 ir2 st
    rm -f "$tmpdir"/peer.cg*
    peer_run "$i" 1 valgrind --tool=callgrind --callgrind-out-file="$tmpdir/peer.cg1.%p"
    st=$(sed -n 's/.*naccpt=\([0-9]*\).*/\1/p' "$tmpdir/peer.out" | head -1)
    ir1=$(cg_sum "$tmpdir/peer.cg1")
    peer_run "$i" 2 valgrind --tool=callgrind --callgrind-out-file="$tmpdir/peer.cg2.%p"
    ir2=$(cg_sum "$tmpdir/peer.cg2")
    if [ -z "$st" ] || [ "$st" = 0 ] || [ -z "$ir1" ] || [ -z "$ir2" ] || [ "$ir2" -le "$ir1" ]; then
        echo "cost.sh: run ${names[$i]}: the Fortran peer gave no accepted steps (naccpt=) or no instruction count" >&2
        exit 2
    fi
    fsteps[i]=$st
    fir[i]=$(awk -v a="$ir1" -v b="$ir2" -v s="$st" 'BEGIN { printf "%.1f", (b - a) / s }')
}

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
    [ "${fmeas[$i]}" = 0 ] || peer_ir "$i"
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
    if [ "${fmeas[$i]}" = 1 ]; then
        printf '%-30s %12.0f instructions/step  (Fortran peer %s: Ir(2 integrations) - Ir(1), %s steps)\n' \
            "  Fortran" "${fir[$i]}" "${prog[$i]}" "${fsteps[$i]}"
    fi
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
        # right after ours, the Fortran code on the same run (>= 50 ms of it)
        [ "${fmeas[$i]}" = 1 ] || continue
        peer_run "$i" 0
        [ -z "${COST_ROUNDS_LOG:-}" ] || echo "$r ${names[$i]} peer" >>"$COST_ROUNDS_LOG"
        fu=$(sed -n 's/.*us_per_step_mean= *\([0-9.eE+-]*\).*/\1/p' "$tmpdir/peer.out" | head -1)
        awk -v u="$fu" 'BEGIN { exit !(u > 0) }' || {
            echo "cost.sh: run ${names[$i]}: the Fortran peer printed no us_per_step_mean (CPU round $r)" >&2
            exit 2
        }
        echo "$fu" >>"$tmpdir/cpu.f$i"
    done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)

# min, median, max of run i's rounds, or with f$i of its Fortran code's ("" without)
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
    printf '  "load_average": {"before": "%s", "after": "%s"},\n' "$load_before" "$load_after"
    if [ -n "$PEER" ]; then printf '  "fortran_peer": "%s",\n' "${peer_info:-$PEER}"; else printf '  "fortran_peer": null,\n'; fi
    printf '  "runs": [\n'
    for i in "${!names[@]}"; do
        read -r mn md mx <<<"$(spread "$i")"
        read -r fmn fmd fmx <<<"$(spread "f$i")"
        cpuj=null fcpuj=null
        [ -z "${mn:-}" ] || cpuj=$(printf '{"min": %s, "median": %s, "max": %s}' "$mn" "$md" "$mx")
        [ -z "${fmn:-}" ] || fcpuj=$(printf '{"min": %s, "median": %s, "max": %s}' "$fmn" "$fmd" "$fmx")
        # measured: the Fortran CPU figure is the least over the rounds
        [ -z "${fmn:-}" ] || fcpu[i]=$fmn
        fm=false
        [ "${fmeas[$i]}" = 0 ] || fm=true
        # ours / Fortran: instructions, and CPU (least by least, median by median)
        rir=$(awk -v p="${per[$i]}" -v f="${fir[$i]}" 'BEGIN { if (f > 0) printf "%.4f", p / f; else printf "null" }')
        rcpu=$(awk -v mn="${mn:-}" -v md="${md:-}" -v fmn="${fmn:-${fcpu[$i]}}" -v fmd="${fmd:-${fcpu[$i]}}" 'BEGIN {
            if (mn != "" && fmn > 0 && fmd > 0) printf "{\"min\": %.4f, \"median\": %.4f}", mn / fmn, md / fmd; else printf "null" }')
        [ "$i" = 0 ] || printf ',\n'
        printf '    {"name": "%s", "args": "%s", "instructions": %s, "repeats": %s, "steps": %s, "instructions_per_step": %s, "fortran_per_step": %s, "cpu_us_per_step": %s, "fortran_cpu_us_per_step": %s, "fortran_measured": %s, "fortran_steps": %s, "fortran_cpu_rounds": %s, "ratio_instructions": %s, "ratio_cpu": %s}' \
            "${names[$i]}" "${argv[$i]}" "${ins[$i]}" "${reps[$i]}" "${steps[$i]}" "${per[$i]}" "${fir[$i]}" "$cpuj" "${fcpu[$i]}" \
            "$fm" "${fsteps[$i]}" "$fcpuj" "$rir" "$rcpu"
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
    # a run's row, then (--peer) its Fortran code's from the same rounds; the
    # ratios ours / Fortran: instructions, CPU least by least / median by median
    [ -z "$PEER" ] || echo "Fortran peer: ${peer_info:-$PEER}"
    printf '%-28s %10s %10s %8s %8s %8s %7s %9s %11s %7s %11s\n' run "Ir/step" "Fortran" "us min" median max "GIr/s" \
        "Fort. us" "base us" "Ir o/F" "CPU o/F"
    for i in "${!names[@]}"; do
        read -r mn md mx <<<"$(spread "$i")"
        fmn="" fmd="" fmx=""
        read -r fmn fmd fmx <<<"$(spread "f$i")"
        bcpu=$(grep -F "\"name\": \"${names[$i]}\"," "$BASELINE" 2>/dev/null |
               sed -n 's/.*"cpu_us_per_step": *{"min": *\([0-9.eE+-]*\).*/\1/p' | head -1 || true)
        awk -v n="${names[$i]}" -v p="${per[$i]}" -v f="${fir[$i]}" -v mn="$mn" -v md="$md" -v mx="$mx" \
            -v fc="${fcpu[$i]}" -v fmd="${fmd:-${fcpu[$i]}}" -v b="$bcpu" 'BEGIN {
            fs = (f > 0) ? sprintf("%.0f", f) : "-"
            fcs = (fc > 0) ? sprintf("%.3g", fc) : "-"
            bs = (b != "") ? sprintf("%.3g x%.2f", b, mn / b) : "-"
            ri = (f > 0) ? sprintf("%.2f", p / f) : "-"
            rc = (fc > 0 && fmd > 0) ? sprintf("%.2f/%.2f", mn / fc, md / fmd) : "-"
            printf "%-28s %10.0f %10s %8.3g %8.3g %8.3g %7.2f %9s %11s %7s %11s\n", n, p, fs, mn, md, mx, p / mn / 1000, fcs, bs, ri, rc }'
        [ -n "$fmn" ] || continue
        awk -v f="${fir[$i]}" -v mn="$fmn" -v md="$fmd" -v mx="$fmx" 'BEGIN {
            printf "%-28s %10.0f %10s %8.3g %8.3g %8.3g %7.2f\n", "  Fortran (measured)", f, "-", mn, md, mx, f / mn / 1000 }'
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
