#!/bin/bash
# test_example_solve.sh — the example plugins of examples/plugins/ (C and, where
# gfortran is installed, Fortran) solve their Newton systems right (issue 28):
# example_solve.c hands each a linear system whose LU needs row interchanges
# and wants the exact solution after one Newton update (2 evaluations of F), and
# the plugins' runs through daebench keep their known counts: pendulum on GGL
# at 1e-6 about 33.7k F evaluations (63694 with the interchanges applied out of
# order), double_pendulum_stiff on EoM1 at 1e-6 under 60000 (303289 before).
# usage: test_example_solve.sh DAEBENCH_BINARY SOURCE_DIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
src=$2
cd "$tmp" || exit 1
cc -std=c11 -O2 -I "$src/include" "$src/harness/tests/example_solve.c" -o example_solve -ldl -lm \
    || { bad "driver does not build"; summary; exit 1; }
plugins=("c ./libeuler.so euler")
cc -std=c11 -O2 -fPIC -shared -I "$src/include" "$src/examples/plugins/c/euler_plugin.c" \
    -o libeuler.so -lm || bad "C plugin does not build"
if command -v gfortran >/dev/null; then
    f=$src/examples/plugins/fortran
    gfortran -O2 -fPIC -shared "$f/daebench_plugin.f90" "$f/euler_plugin.f90" -o libfeuler.so \
        && plugins+=("fortran ./libfeuler.so feuler") || bad "Fortran plugin does not build"
else
    echo "skip the Fortran plugin: no gfortran"
fi
f_evals() { sed -n 's/.* f_evals=\([0-9]*\) .*/\1/p'; }
for p in "${plugins[@]}"; do
    set -- $p
    lang=$1 lib=$2 solver=$3
    out=$(./example_solve "$lib" 0)
    [ $? -eq 0 ] && ok "$lang: a pivoted linear system solved in one Newton update: $out" \
        || bad "$lang: linear solve: $out"
    line=$("$bin" run --plugin "$lib" -p pendulum -f GGL -s "$solver" --tol 1e-6 2>&1)
    fe=$(echo "$line" | f_evals)
    [ -n "$fe" ] && [ "$fe" -ge 33000 ] && [ "$fe" -le 34500 ] && echo "$line" | grep -q " ok " \
        && ok "$lang: pendulum GGL 1e-6: $fe F evaluations (about 33.7k)" || bad "$lang: pendulum: $line"
    line=$("$bin" run --plugin "$lib" -p double_pendulum_stiff -f EoM1 -s "$solver" --tol 1e-6 2>&1)
    fe=$(echo "$line" | f_evals)
    [ -n "$fe" ] && [ "$fe" -lt 60000 ] && echo "$line" | grep -q " ok " \
        && ok "$lang: double_pendulum_stiff EoM1 1e-6: $fe F evaluations (< 60000)" \
        || bad "$lang: double_pendulum_stiff: $line"
done
summary
