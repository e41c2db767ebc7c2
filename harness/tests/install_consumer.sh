#!/bin/bash
# install_consumer.sh — the catalogue as a library: examples/library/consumer.c
# built against the installed tree PREFIX twice, through the CMake package
# (find_package(daebench), daebench::testset) and through pkg-config, evaluates
# F and dF/dy of problems in formulations (Jacobian against differences,
# consistent initial values), loads the installed stored reference and scores
# end values against it (consumer.c asserts each, exit 1 otherwise); the
# installed headers compile on their own and the package exports what it says;
# the ABI is reachable as <daebench/plugin.h> only; the Fortran interface and the
# CI job of a solver's repository are installed.
# usage: install_consumer.sh PREFIX SOURCE_DIR WORK_DIR [EXTRA_CFLAGS]
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
prefix=$1 src=$2 work=$3 cflags=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
export DAEBENCH_REFERENCE_DIR=$prefix/share/daebench/reference/data

for f in lib/libdaebench-testset.so include/daebench/plugin.h include/daebench/testset/dae.h \
         include/daebench/reference/reference.h include/daebench/reference/measures.h \
         lib/pkgconfig/daebench.pc lib/cmake/daebench/daebench-config.cmake bin/daebench \
         share/daebench/reference/data/andrews-default.json share/daebench/plots/wpd.gp \
         include/daebench/daebench_plugin.f90 share/daebench/ci/plugin-ci.sh \
         share/daebench/ci/github-actions.yml; do
    [ -e "$prefix/$f" ] && ok "installed $f" || bad "not installed: $f"
done

cmake -S "$src/examples/library" -B build -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_FLAGS="$cflags" -DCMAKE_EXE_LINKER_FLAGS="$cflags" >build.log 2>&1 \
    && cmake --build build >>build.log 2>&1 && ok "consumer built with find_package(daebench)" \
    || bad "CMake build: $(tail -20 build.log)"
export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
cc -std=c11 -Wall -Wextra -Wpedantic -Werror $cflags "$src/examples/library/consumer.c" \
    $(pkg-config --cflags --libs daebench) -lm -Wl,-rpath,"$prefix/lib" -o consumer-pc \
    && ok "consumer built with pkg-config, no warnings" || bad "pkg-config build"
# andrews: a stored reference file; pendulum: the exact solution; GGL, EoM1, EoM0
for case in "andrews GGL" "andrews EoM1" "pendulum EoM0" "truck GGL"; do
    ./build/consumer $case >out.log 2>&1 && ./consumer-pc $case >>out.log 2>&1 \
        && ok "consumer $case: $(grep -E 'scored|reference:' out.log | head -2 | tr '\n' ' ')" \
        || bad "consumer $case: $(cat out.log)"
done
# the reference is read from the installed data: with none there, no reference
mkdir -p "$work/empty"  # an existing directory without files (a missing one is an error of its own)
DAEBENCH_REFERENCE_DIR=$work/empty ./build/consumer andrews GGL >out.log 2>&1
[ $? -ne 0 ] && grep -q "a reference exists" out.log && ok "no installed reference: the consumer fails" \
    || bad "consumer without references: $(cat out.log)"
# the installed program reads the installed data (share/daebench beside its bin/):
# a copy of the tree with a truncated reference is refused naming that file
unset DAEBENCH_REFERENCE_DIR
cp -r "$prefix" copy
"$work/copy/bin/daebench" run -p andrews -f GGL -s radau5 --tol 1e-4 >out.log 2>&1 \
    && grep -q "ok gscd=" out.log && ok "the installed program runs: $(cat out.log)" || bad "installed run: $(cat out.log)"
head -c 200 copy/share/daebench/reference/data/andrews-default.json >x && mv x copy/share/daebench/reference/data/andrews-default.json
"$work/copy/bin/daebench" run -p andrews -f GGL -s radau5 --tol 1e-4 >out.log 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q "$work/copy/bin/../share/daebench/reference/data/andrews-default.json" out.log \
    && ok "the installed program reads its installed references" || bad "installed data: rc $rc $(cat out.log)"
# each public header compiles on its own
for h in plugin.h testset/dae.h testset/registry.h reference/reference.h reference/measures.h; do
    echo "#include <daebench/$h>" >h.c
    cc -std=c11 -Wall -Wextra -Wpedantic -Werror -fsyntax-only $(pkg-config --cflags daebench) h.c \
        && ok "<daebench/$h> stands alone" || bad "<daebench/$h> does not compile alone"
done
# the ABI is <daebench/plugin.h> only: a bare "plugin.h" is not on the include path
echo '#include "plugin.h"' >bare.c
cc -std=c11 -fsyntax-only $(pkg-config --cflags daebench) bare.c 2>/dev/null \
    && bad "a bare \"plugin.h\" compiles with pkg-config's flags" \
    || ok "a bare \"plugin.h\" is not found: <daebench/plugin.h> only"
[ -x "$prefix/share/daebench/ci/plugin-ci.sh" ] && ok "plugin-ci.sh installed executable" \
    || bad "plugin-ci.sh not executable"
summary
