#!/bin/bash
# plugin_example.sh — an example plugin of examples/plugins/LANG built OUTSIDE the
# tree against an installed daebench (PREFIX: include/daebench/plugin.h, the
# CMake package, pkg-config) runs through the installed program as a user's
# solver would: it is listed; "bench --plugin ./libX.so --solvers X --suite
# quick" (restricted to the pendulum on GGL for time) writes its runs with the
# plugin file and its SHA-256 in every record; plot draws it, report lists it;
# check passes against its own results and goes red when (a) the plugin's runs
# are missing (check given no --plugin: a plugin's run is never an optional
# solver "not built") and (b) a rebuilt plugin takes more steps; --resume
# reuses the runs of the same build and runs again those of another build;
# shards merge to the unsharded file.  The Fortran plugin implements the same
# method as the C one: their counters agree run by run (a struct that Fortran
# lays out differently would not).
# usage: plugin_example.sh PREFIX SOURCE_DIR c|fortran SOLVER WORK_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
prefix=$1 src=$2 lang=$3 solver=$4 work=$5
bin=$prefix/bin/daebench
lib=lib$solver.so
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
runs() { grep -c '"problem":' "$1"; }

# build the plugin against the installed tree only (no path into the source tree
# but the example's own folder)
cmake -S "$src/examples/plugins/$lang" -B build -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_BUILD_TYPE=Release >build.log 2>&1 && cmake --build build >>build.log 2>&1 \
    && cp "build/$lib" . && ok "$lang plugin built against $prefix" \
    || { bad "build: $(tail -20 build.log)"; summary; exit 1; }

"$bin" list --plugin "./$lib" | grep -q "^  $solver " && ok "list shows $solver" || bad "list"
"$bin" list --json --plugin "./$lib" >list.json
grep -q "\"name\":[[:space:]]*\"$solver\"" list.json \
    && grep -q "\"sha256\":[[:space:]]*\"$(sha256sum "$lib" | cut -d' ' -f1)\"" list.json \
    && ok "list --json shows $solver and the plugin's sha256" || bad "list --json: $(tail -8 list.json)"

sel=(--suite quick --problems pendulum --formulations GGL)
"$bin" bench --plugin "./$lib" --solvers "$solver" "${sel[@]}" --out res >bench.log 2>&1 \
    && ok "bench --plugin ./$lib --solvers $solver --suite quick" || bad "bench: $(tail -5 bench.log)"
f=res/bench.json
cp $f good.json
[ "$(runs $f)" -eq 4 ] && ok "4 runs (v28 at 3 tolerances, long at 1e-6)" || bad "$(runs $f) runs"
[ "$(grep -c "\"solver\":	\"$solver\"" $f)" -eq 4 ] && ok "every run is $solver's" || bad "solvers"
sum=$(sha256sum "$lib" | cut -d' ' -f1)
[ "$(grep -c "\"sha256\":	\"$sum\"" $f)" -eq 4 ] && [ "$(grep -c "\"file\":	\"./$lib\"" $f)" -eq 4 ] \
    && ok "every record names ./$lib and its sha256 $sum" || bad "plugin in records: $(grep -A2 '"plugin"' $f | head -4)"
nok=$(grep -c '"status":	"ok"' $f)
[ "$nok" -ge 3 ] && ok "$nok runs ok" || bad "only $nok runs ok"
grep -q '"newton_iters":' $f && ok "the plugin's extra counter is recorded" || bad "no extra counter"
scds=$(grep -A1 '"error":' $f | grep -o '"gscd":	[0-9.]*' | cut -f2)
echo "$scds" | awk '$1 > 0.5 { k++ } END { exit !(k >= 3) }' && ok "scd > 0.5 on the ok runs: $(echo $scds)" \
    || bad "scd: $(echo $scds)"

"$bin" plot --results $f --out res/plots >plot.log 2>&1 || bad "plot: $(tail -3 plot.log)"
grep -q "$solver" res/plots/pendulum-v28-wpd.dat && ok "the diagram's data has $solver" || bad "wpd data"
if command -v gnuplot >/dev/null; then
    grep -q "$solver" res/plots/pendulum-v28-wpd.svg && [ -s res/plots/pendulum-v28-wpd.png ] \
        && ok "the work-precision diagram shows $solver" || bad "wpd svg/png"
fi
"$bin" report --results $f --plots res/plots >report.log 2>&1 || bad "report: $(tail -3 report.log)"
grep -q "$solver" res/report.md && grep -q "$solver" res/index.html && ok "the report lists $solver" \
    || bad "report"

"$bin" check --baseline $f --results $f >check.log && ok "check against itself passes" \
    || bad "check: $(cat check.log)"
# the plugin's runs missing from the results: red, also without --plugin
"$bin" bench --solvers radau5 "${sel[@]}" --out other >/dev/null 2>&1
"$bin" check --baseline $f --results other/bench.json >check.log
rc=$?
[ $rc -eq 1 ] && [ "$(grep -c "REGRESSION.* $solver .*missing from the results" check.log)" -eq 4 ] \
    && ok "check: the 4 missing plugin runs are regressions" || bad "check missing: rc $rc $(cat check.log)"

# resume: the same build is reused
"$bin" bench --plugin "./$lib" --solvers "$solver" "${sel[@]}" --out res --resume >resume.log 2>&1
grep -q "resume: 4 of 4 runs already" resume.log && ok "resume reuses the 4 runs" || bad "resume: $(cat resume.log)"

# the rest on two tolerances of pendulum:v28 (time: the 1e-8 and long runs take
# 170000 and 300000 steps of this first-order method)
small=(--suite quick --problems pendulum --formulations GGL --tols 1e-4,1e-6)
"$bin" bench --plugin "./$lib" --solvers "$solver" "${small[@]}" --out small >/dev/null 2>&1
cp small/bench.json good-small.json
[ "$(runs good-small.json)" -eq 2 ] && ok "2 runs at 1e-4, 1e-6" || bad "small: $(runs good-small.json) runs"

# shards 1/2 and 2/2 merge to the file of the unsharded sweep
"$bin" bench --plugin "./$lib" --solvers "$solver" "${small[@]}" --shard 1/2 --out s1 >/dev/null 2>&1
"$bin" bench --plugin "./$lib" --solvers "$solver" "${small[@]}" --shard 2/2 --out s2 >/dev/null 2>&1
"$bin" merge --out merged.json s1/bench.json s2/bench.json >merge.log 2>&1 || bad "merge: $(cat merge.log)"
"$bin" check --ignore-cpu --baseline good-small.json --results merged.json >check.log \
    && [ "$(runs merged.json)" -eq 2 ] && ok "shards merge to the 2 runs, check passes" \
    || bad "shards: $(cat merge.log check.log)"

# the CI job of a solver's repository (ci/plugin-ci.sh, which ci/github-actions.yml
# runs): passes against its own baseline, exits 1 without one
ci=("$src/ci/plugin-ci.sh" "./$lib" "$solver")
small_ci=(--problems pendulum --formulations GGL --tols 1e-4,1e-6)
DAEBENCH=$bin bash "${ci[@]}" good-small.json ci-ok "${small_ci[@]}" >ci.log 2>&1 \
    && [ -s ci-ok/index.html ] && [ -s ci-ok/plots/pendulum-v28-wpd.dat ] \
    && ok "plugin-ci.sh: quick suite, diagrams, report, check against the baseline: exit 0" \
    || bad "plugin-ci.sh: $(tail -5 ci.log)"
DAEBENCH=$bin bash "${ci[@]}" none.json ci-none "${small_ci[@]}" >ci.log 2>&1
[ $? -eq 1 ] && grep -q "no baseline none.json yet" ci.log && ok "plugin-ci.sh without a baseline: exit 1" \
    || bad "plugin-ci.sh without a baseline: $(tail -3 ci.log)"

# a regressed build (the Newton iteration stops at 1e-9 instead of 1e-2: more
# iterations, f_evals and solves for the same steps and the same accuracy, off
# the curve; a safety-factor change would move the runs along it): check goes red
mkdir -p worse && cp "$src/examples/plugins/$lang"/* worse/
sed -i 's/< 1\(\.0\)\{0,1\}e-2\(_c_double\)\{0,1\}/< 1.0e-9\2/' worse/*_plugin.*
cmp -s worse/euler_plugin.* "$src/examples/plugins/$lang"/euler_plugin.* && bad "regression not applied"
cmake -S worse -B worse/build -DCMAKE_PREFIX_PATH="$prefix" >>build.log 2>&1 \
    && cmake --build worse/build >>build.log 2>&1 && cp "worse/build/$lib" "./$lib" || bad "worse build"
"$bin" bench --plugin "./$lib" --solvers "$solver" "${small[@]}" --out small --resume >resume.log 2>&1
grep -q "resume: 0 of 2 runs already" resume.log && ok "resume runs again a rebuilt plugin's runs" \
    || bad "resume after rebuild: $(cat resume.log)"
"$bin" check --ignore-cpu --baseline good-small.json --results small/bench.json >check.log
rc=$?
[ $rc -eq 1 ] && grep -Eq "REGRESSION.* $solver .*(f_evals|solves)/gscd" check.log \
    && ok "check: the rebuilt plugin's extra work at equal accuracy is a regression ($(grep -c REGRESSION check.log) rows)" \
    || bad "check of the regressed plugin: rc $rc $(cat check.log)"
if [ "$lang" = c ]; then
    DAEBENCH=$bin bash "${ci[@]}" good-small.json ci-worse "${small_ci[@]}" >ci.log 2>&1
    rc=$?
    [ $rc -eq 1 ] && grep -Eq "REGRESSION.* $solver .*(f_evals|solves)/gscd" ci.log \
        && ok "plugin-ci.sh: the regressed build fails the CI job" || bad "plugin-ci.sh, regressed: rc $rc $(tail -5 ci.log)"
fi

if [ "$lang" = fortran ]; then
    # the C plugin, built with pkg-config, runs the same method: same counters
    PKG_CONFIG_PATH=$prefix/lib/pkgconfig cc -std=c11 -O2 -fPIC -shared \
        $(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags daebench) \
        "$src/examples/plugins/c/euler_plugin.c" -o libeuler.so -lm && ok "C plugin built with pkg-config" \
        || bad "C plugin with pkg-config"
    cp "build/$lib" "./$lib"
    "$bin" bench --plugin ./libeuler.so --solvers euler "${sel[@]}" --out cres >/dev/null 2>&1
    # steps and rejected steps of every run; F evaluations, which a last-digit
    # difference of the Newton updates (matmul against a loop) can move by a
    # few in 300000 steps, of the pendulum:v28 runs
    counts() {
        grep -A3 '"counters"' "$1" | grep -oE '"(steps|rejected)":[[:space:]]*[0-9]+'
        awk '/"scenario":/ { sc = $2 } /"f_evals":/ && sc ~ /v28/ { print $2 }' "$1"
    }
    a=$(counts good.json)
    b=$(counts cres/bench.json)
    [ -n "$a" ] && [ "$a" = "$b" ] && ok "Fortran and C plugins: the same counters in every run" \
        || bad "counters differ: fortran $(echo $a) c $(echo $b)"
fi
summary
