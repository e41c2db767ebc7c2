#!/bin/bash
# test_hostile.sh — hostile input to every file daebench reads (issue 10): the
# reference file (run, bench), the baseline and results of check, the bench
# files of merge, csv, report and plot, the bench file of bench --resume, and
# options and environment variables not covered by test_cli.sh: bad numbers
# (negative, zero, NaN, inf, 1e-400, 1e999, trailing junk), wrong types, missing
# fields, truncated JSON, NUL bytes, a directory, an empty and a huge (sparse,
# 300 MB) file.  Each case must exit 2 with exactly one line on stderr naming
# the problem (and the file, for files) and write nothing.
# usage: test_hostile.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
mkdir "$tmp/in" "$tmp/work" "$tmp/refs"
in=$tmp/in

# bench files
rec='{"problem": "pendulum", "scenario": "v28", "params": {"g": 13.75, "m": 1, "L": 1},
 "formulation": "GGL", "solver": "radau5", "rtol": 1e-06, "atol": 1e-06, "status": "ok",
 "message": "", "cpu_seconds": 0.01, "repeats": 5,
 "counters": {"steps": 100, "rejected": 2, "f_evals": 900, "jac_evals": 10,
              "decompositions": 20, "solves": 300},
 "error": {"scd": 6.5, "mescd": 6.1}}'
bench() { echo "{\"schema\": \"daebench.bench/1\", \"shard\": \"1/1\", \"runs\": [$1]}"; }
bench "$rec" >"$in/good.json"
bench "$rec" | head -c 150 >"$in/truncated.json"
bench "${rec/\"rtol\": 1e-06/\"rtol\": \"1e-6\"}" >"$in/rtol_string.json"
bench "${rec/\"rtol\": 1e-06/\"rtol\": 1e999}" >"$in/rtol_inf.json"
bench "${rec/\"steps\": 100/\"steps\": \"many\"}" >"$in/steps_string.json"
bench "${rec/\"solver\": \"radau5\", /}" >"$in/no_solver.json"
bench "${rec/\"status\": \"ok\"/\"status\": 3}" >"$in/status_number.json"
bench '[1, 2]' >"$in/runs_numbers.json"
echo '{"schema": "daebench.bench/1", "runs": {}}' >"$in/runs_object.json"
echo '{"schema": "daebench.bench/1"}' >"$in/no_runs.json"
echo '["schema", "daebench.bench/1"]' >"$in/array.json"
printf '{"schema": "daebench.bench/1", "runs": []}\0garbage' >"$in/nul.json"
: >"$in/empty.json"
mkdir "$in/dir.json"
truncate -s 300M "$in/huge.json"
# reference files of andrews (no exact solution): DAEBENCH_REFERENCE_DIR
row7='[0.1, -0.2, 0.3, 0.4, -0.5, 0.6, 0.7]'
row6='[1.5, 2.5, -3.5, 4.5, 5.5, 6.5]'
ref() {
    mkdir -p "$tmp/refs/$1"
    echo "{\"schema\": \"daebench.reference/1\", \"problem\": \"andrews\", \"scenario\": \"default\",
 \"params\": {}, \"t_end\": $2, \"end\": {\"p\": $3, \"v\": $row7, \"lambda\": $row6},
 \"grid\": {\"t\": [0, 0.015, 0.03], \"p\": [$row7, $row7, $row7], \"v\": [$row7, $row7, $row7],
 \"lambda\": [$row6, $row6, $row6]}}" >"$tmp/refs/$1/andrews-default.json"
}
ref inf_end 0.03 '[1e999, -0.2, 0.3, 0.4, -0.5, 0.6, 0.7]'
ref short_end 0.03 '[0.1, 0.2]'
ref string_end 0.03 '[0.1, -0.2, "x", 0.4, -0.5, 0.6, 0.7]'
ref wrong_tend 0.5 "$row7"
ref tend_string '"0.03"' "$row7"
mkdir "$tmp/refs/truncated" && head -c 100 "$tmp/refs/inf_end/andrews-default.json" \
    >"$tmp/refs/truncated/andrews-default.json"
mkdir "$tmp/refs/huge" && truncate -s 300M "$tmp/refs/huge/andrews-default.json"
before=$(cd "$tmp/work" && ls -A | sort)

# run daebench with environment $1 (or "-") and the arguments after the
# description $2 in $tmp/work: exit 2, one line on stderr containing $3, no file
check_bad() {
    local envs=$1 what=$2 must=$3
    shift 3
    if [ "$envs" = - ]; then
        (cd "$tmp/work" && timeout 20 "$bin" "$@" >"$tmp/.out" 2>"$tmp/.err")
    else
        (cd "$tmp/work" && env "$envs" timeout 20 "$bin" "$@" >"$tmp/.out" 2>"$tmp/.err")
    fi
    local rc=$?
    judge_refusal "$what" "$rc" "$must" "$(cd "$tmp/work" && ls -A | sort)" "$before"
    # start the next case clean
    rm -rf "$tmp/work" && mkdir "$tmp/work"
}

# check: baseline and results
for f in truncated rtol_string rtol_inf steps_string no_solver status_number runs_numbers \
         runs_object no_runs array nul empty dir huge; do
    check_bad - "check --results $f" "$f.json" check --baseline "$in/good.json" --results "$in/$f.json"
done
check_bad - "check --baseline truncated" "truncated.json" \
    check --baseline "$in/truncated.json" --results "$in/good.json"
check_bad - "check --baseline huge" "huge.json" check --baseline "$in/huge.json" --results "$in/good.json"
# merge, csv, report, plot: bench files
check_bad - "merge truncated" "truncated.json" merge --out m.json "$in/truncated.json"
check_bad - "merge no runs" "no_runs.json" merge --out m.json "$in/no_runs.json"
check_bad - "merge huge" "huge.json" merge --out m.json "$in/huge.json"
check_bad - "csv truncated" "truncated.json" csv --results "$in/truncated.json" --out c.csv
check_bad - "csv NUL byte" "nul.json" csv --results "$in/nul.json" --out c.csv
check_bad - "plot truncated" "truncated.json" plot --results "$in/truncated.json" --out p
# bench --resume: the bench file in --out (copied into a directory of its own)
for f in truncated rtol_inf no_solver status_number runs_object huge; do
    mkdir -p "$tmp/resume-$f" && cp "$in/$f.json" "$tmp/resume-$f/bench.json"
    check_bad - "bench --resume $f" "bench.json" bench --problems pendulum --solvers radau5 \
        --formulations GGL --tols 1e-4 --resume --out "$tmp/resume-$f"
    cmp -s "$in/$f.json" "$tmp/resume-$f/bench.json" || { echo "FAIL [resume $f]: file changed"; fails=$((fails + 1)); }
    [ "$(ls -A "$tmp/resume-$f")" = bench.json ] || { echo "FAIL [resume $f]: files written"; fails=$((fails + 1)); }
done
# the reference file, through run and bench
for r in inf_end short_end string_end wrong_tend tend_string truncated huge; do
    check_bad "DAEBENCH_REFERENCE_DIR=$tmp/refs/$r" "run: reference $r" "andrews-default.json" \
        run -p andrews -f GGL -s radau5 --tol 1e-4 --json out.json
done
check_bad "DAEBENCH_REFERENCE_DIR=$tmp/refs/inf_end" "bench: reference inf_end" "andrews-default.json" \
    bench --problems andrews --solvers radau5 --formulations GGL --tols 1e-4 --out b
# options and environment
check_bad "DAEBENCH_CPU_LIMIT=1e3" "bench: DAEBENCH_CPU_LIMIT=1e3" "DAEBENCH_CPU_LIMIT" \
    bench --problems pendulum --solvers radau5 --out b
check_bad "DAEBENCH_CPU_LIMIT=-5" "bench: DAEBENCH_CPU_LIMIT=-5" "DAEBENCH_CPU_LIMIT" \
    bench --problems pendulum --solvers radau5 --out b
check_bad "DAEBENCH_MEM_LIMIT=0" "bench: DAEBENCH_MEM_LIMIT=0" "DAEBENCH_MEM_LIMIT" \
    bench --problems pendulum --solvers radau5 --out b
check_bad - "bench: tols with nan" "nan" bench --tols 1e-4,nan --out b
check_bad - "bench: tols with 1e-400" "1e-400" bench --tols 1e-400 --out b
check_bad - "bench: tols with inf" "inf" bench --tols 1e-3:inf --out b
check_bad - "bench: negative tol" "-1e-4" bench --tols -1e-4,1e-6 --out b
check_bad - "bench: jobs -1" "jobs" bench --jobs -1 --out b
check_bad - "bench: jobs junk" "jobs" bench --jobs 2x --out b
check_bad - "bench: shard 0/2" "shard" bench --shard 0/2 --out b
check_bad - "bench: shard junk" "shard" bench --shard 1/2x --out b
check_bad - "bench: unknown formulation" "NOPE" bench --formulations GGL,NOPE --out b
check_bad - "bench: empty list item" "bench" bench --solvers radau5,,bdf --out b
check_bad - "run: max-steps negative" "max-steps" \
    run -p pendulum -f GGL -s radau5 --tol 1e-4 --max-steps -1 --json out.json
check_bad - "run: max-cpu nan" "max-cpu" \
    run -p pendulum -f GGL -s radau5 --tol 1e-4 --max-cpu nan --json out.json
check_bad - "run: integer param 1.5" "N" \
    run -p pendulum_chain -f GGL -s radau5 --tol 1e-4 --param N=1.5 --json out.json
check_bad - "run: param 1e999" "g" \
    run -p pendulum -f GGL -s radau5 --tol 1e-4 --param g=1e999 --json out.json
check_bad - "run: atol zero" "atol" \
    run -p pendulum -f GGL -s radau5 --rtol 1e-4 --atol 0 --json out.json


# issue 15: inputs that are not regular files are refused before opening (a
# FIFO would hang the reader forever: each call runs under a 20 s timeout)
mkfifo "$in/fifo.json"
mkdir -p "$tmp/resume-fifo" && mkfifo "$tmp/resume-fifo/bench.json"
mkdir -p "$tmp/refs/fifo" && mkfifo "$tmp/refs/fifo/andrews-default.json"
for cmd in "check --baseline $in/good.json --results" "check --results $in/good.json --baseline" \
           "csv --out c.csv --results" "report --out . --results" "plot --out p --results" \
           "merge --out m.json"; do
    check_bad - "${cmd%% *} FIFO" "not a regular file" $cmd "$in/fifo.json"
done
check_bad - "check /dev/zero" "not a regular file" check --baseline /dev/zero --results "$in/good.json"
check_bad - "bench --resume FIFO" "not a regular file" bench --problems pendulum \
    --solvers radau5 --formulations GGL --tols 1e-4 --resume --out "$tmp/resume-fifo"
check_bad "DAEBENCH_REFERENCE_DIR=$tmp/refs/fifo" "run: reference FIFO" "not a regular file" \
    run -p andrews -f GGL -s radau5 --tol 1e-4 --json out.json
# a broken reference directory: a symlink loop, a directory that does not exist
ln -s "$tmp/refs/loop" "$tmp/refs/loop"
check_bad "DAEBENCH_REFERENCE_DIR=$tmp/refs/loop" "run: reference dir symlink loop" "symbolic links" \
    run -p andrews -f GGL -s radau5 --tol 1e-4 --json out.json
check_bad "DAEBENCH_REFERENCE_DIR=$tmp/refs/nonexistent" "bench: reference dir missing" \
    "reference directory" bench --problems andrews --solvers radau5 --formulations GGL --tols 1e-4 --out b
# names that are not names (quotes, markup, control characters) are refused by
# every reader of bench files: one schema validator (benchfile.h)
bench "${rec/\"solver\": \"radau5\"/\"solver\": \"radau5'; system('touch PWNED'); x='\"}" >"$in/quote_name.json"
bench "${rec/\"problem\": \"pendulum\"/\"problem\": \"<script>alert(1)</script>\"}" >"$in/html_name.json"
bench "${rec/\"scenario\": \"v28\"/\"scenario\": \"v28\\u001b[2K\\rcheck: ok\"}" >"$in/ctrl_name.json"
bench "${rec/\"params\": {/\"params\": {\"x y\": 1, }" >"$in/param_name.json"
bench "${rec/\"status\": \"ok\"/\"status\": \"failed\", \"reason\": 7}" >"$in/reason_number.json"
for f in quote_name html_name ctrl_name param_name reason_number; do
    check_bad - "check $f" "$f.json" check --baseline "$in/good.json" --results "$in/$f.json"
    check_bad - "csv $f" "$f.json" csv --results "$in/$f.json" --out c.csv
    check_bad - "report $f" "$f.json" report --results "$in/$f.json" --out .
    check_bad - "plot $f" "$f.json" plot --results "$in/$f.json" --out p
    check_bad - "merge $f" "$f.json" merge --out m.json "$in/$f.json"
done
# outputs that are not regular files are refused before the work, and never replaced
mkfifo "$in/out.fifo"
check_bad - "csv --out FIFO" "not a regular file" csv --results "$in/good.json" --out "$in/out.fifo"
check_bad - "merge --out /dev/null" "not a regular file" merge --out /dev/null "$in/good.json"
ln -s /dev/null "$in/null.link"
check_bad - "merge --csv symlink to /dev/null" "not a regular file" \
    merge --out m.json --csv "$in/null.link" "$in/good.json"
mkdir "$in/plotfifo" && mkfifo "$in/plotfifo/pendulum-v28-wpd.dat"
command -v gnuplot >/dev/null && check_bad - "plot: a .dat output is a FIFO" "pendulum-v28-wpd.dat" \
    plot --results "$in/good.json" --out "$in/plotfifo"
[ -p "$in/out.fifo" ] && [ -c /dev/null ] && [ -L "$in/null.link" ] && ok "FIFO, device, symlink untouched" \
    || bad "an output that is not a regular file was replaced"
long=$(printf 'd%.0s' $(seq 300))
longpath=$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/$long/c.csv
check_bad - "csv --out too long" "longer than" csv --results "$in/good.json" --out "$longpath"
check_bad - "bench --out too long" "longer than" bench --problems pendulum --solvers radau5 \
    --formulations GGL --tols 1e-4 --out "$longpath"
# tolerances a double cannot serve, sizes the code cannot serve, an empty selection
check_bad - "run: tol 1e307" "1e307" run -p pendulum -f GGL -s radau5 --tol 1e307 --json out.json
check_bad - "run: tol 1e-17" "1e-17" run -p pendulum -f GGL -s radau5 --tol 1e-17 --json out.json
check_bad - "bench: ladder to 1e-16" "1e-16" bench --tols 1e-3:1e-16 --out b
check_bad - "run: insulator_chain N=4000" "N=4000" \
    run -p insulator_chain -f GGL -s radau5 --tol 1e-4 --param N=4000 --json out.json
check_bad - "run: pendulum_chain N=4096" "N=4096" \
    run -p pendulum_chain -f GGL -s radau5 --tol 1e-4 --param N=4096 --json out.json
check_bad - "bench: empty selection" "no run" bench --problems pendulum --solvers mexx \
    --formulations EoM --tols 1e-4 --out b
# a control character in an argument does not reach the terminal raw
check_bad - "run: escape sequence in a name" "unknown problem" run -p $'x\e[2K\rok' -f GGL -s radau5 --tol 1e-4
! grep -q $'\e' "$tmp/.err" && ok "no raw ESC on stderr" || bad "raw ESC on stderr"

# a hung gnuplot is killed after DAEBENCH_GNUPLOT_LIMIT seconds (default 120)
if command -v gnuplot >/dev/null; then
    mkdir "$tmp/hang" && for g in wpd errtol residual timeseries scaling; do echo 'pause 600' >"$tmp/hang/$g.gp"; done
    start=$(date +%s)
    DAEBENCH_PLOTS_DIR=$tmp/hang DAEBENCH_GNUPLOT_LIMIT=1 timeout 60 "$bin" plot --results "$in/good.json" \
        --out "$tmp/hangplots" >/dev/null 2>"$tmp/.err"
    rc=$?
    took=$(( $(date +%s) - start ))
    [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ $took -lt 30 ] && grep -q 'gnuplot failed' "$tmp/.err" \
        && ok "a hung gnuplot is killed at its limit ($took s, exit $rc)" \
        || bad "hung gnuplot: exit $rc after $took s: $(cat "$tmp/.err")"
fi

echo "$((n - fails)) passed, $fails failed"
[ "$n" -ge 30 ] && [ "$fails" -eq 0 ]
