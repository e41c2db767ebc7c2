#!/bin/bash
# plugin-figure.sh — regenerates docs/plugin-euler-wpd.png of the README section
# "Benchmark your own solver": the example C plugin (examples/plugins/c), built
# against include/daebench/plugin.h, in the quick suite restricted to the
# pendulum on GGL beside radau5 and bdf.  Run from the repository root after
# `make build`; writes results/plugin-figure/.
set -eu
cd "$(dirname "$0")/.."
out=results/plugin-figure
mkdir -p "$out"
cc -std=c11 -O2 -fPIC -shared -I include examples/plugins/c/euler_plugin.c -o "$out/libeuler.so" -lm
build/daebench bench --plugin "$out/libeuler.so" --solvers euler,radau5,bdf --suite quick \
    --problems pendulum --formulations GGL --out "$out"
build/daebench plot --results "$out/bench.json" --out "$out/plots"
cp "$out/plots/pendulum-v28-wpd.png" docs/plugin-euler-wpd.png
echo "docs/plugin-euler-wpd.png written"
